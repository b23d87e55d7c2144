//! # searchlab-gametree
//!
//! Explicit game trees written as nested parentheses of integer leaves, e.g.
//! `((3,5),(6,(9,1)))`, searched with the core's minimax and alpha-beta (seeds 003 and 004):
//! the value, the principal variation, how many leaves each algorithm evaluated, and which
//! subtrees alpha-beta never looked at.
//!
//! Levels alternate between MAX and MIN from the root's player. Children are searched left
//! to right. A node is named by its path: the 1-based child numbers from the root, joined by
//! dots (`2.1` is the first child of the root's second child; the root is `root`).
//!
//! ```
//! use searchlab_core::Player;
//! use searchlab_gametree::{GameTree, analyse};
//!
//! let tree = GameTree::parse("((3,5),(6,(9,1)))", Player::Max).unwrap();
//! let a = analyse(&tree);
//! assert_eq!(a.value, 6); // max(min(3, 5), min(6, max(9, 1)))
//! assert_eq!(tree.path_name(&a.pv), "2.1");
//! // MIN node 2 holds at most 6 after its leaf 6; its MAX child (9,1) reaches 9 >= 6 on its
//! // first leaf, so alpha-beta never reads the 1.
//! assert_eq!((a.minimax_leaves, a.alphabeta_leaves), (5, 4));
//! assert_eq!(a.pruned.iter().map(|&n| tree.name(n)).collect::<Vec<_>>(), ["2.2.2"]);
//!
//! // Here MIN node 2 holds at most 2 < 3 after its first leaf: (9,1) is never looked at.
//! let tree = GameTree::parse("((3,5),(2,(9,1)))", Player::Max).unwrap();
//! let a = analyse(&tree);
//! assert_eq!(a.value, 3);
//! let pruned: Vec<String> = a.pruned.iter().map(|&n| tree.name(n)).collect();
//! assert_eq!(pruned, ["2.2"]);
//! assert_eq!(tree.render(a.pruned[0]), "(9,1)");
//! ```

pub mod draw;

pub use draw::{
    DrawError, DrawOptions, ExpandedGame, draw_tree, expand_game, game_svg, tree_svg,
    write_game_picture,
};
pub mod describe;

use std::cell::RefCell;
use std::fmt::Write as _;

use searchlab_core::{AlphaBeta, AlphaBetaConfig, Game, Limits, Player, Stats, Value, minimax};
use thiserror::Error;

/// Why a tree's text was rejected; positions are 1-based character offsets.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but whitespace.
    #[error("empty tree: write a number or a parenthesised list like (3,(5,2))")]
    Empty,
    /// A character that cannot start a subtree.
    #[error("position {pos}: expected a number or '(', found {found}")]
    ExpectedTree {
        /// Where.
        pos: usize,
        /// What was there (`end of text` or the character).
        found: String,
    },
    /// Inside a list, neither `,` nor `)`.
    #[error(
        "position {pos}: expected ',' or ')' (the '(' at position {open} is still open), found {found}"
    )]
    ExpectedSeparator {
        /// Where.
        pos: usize,
        /// The unclosed `(`.
        open: usize,
        /// What was there.
        found: String,
    },
    /// `()`.
    #[error("position {pos}: empty subtree '()': an inner node needs at least one child")]
    EmptyList {
        /// Where the `(` is.
        pos: usize,
    },
    /// A leaf outside the values a search can handle.
    #[error("position {pos}: leaf {text} is out of range (|value| < 2^31 - 1)")]
    Range {
        /// Where the number starts.
        pos: usize,
        /// The number as written.
        text: String,
    },
    /// Text after a complete tree.
    #[error("position {pos}: unexpected {found} after the complete tree")]
    Trailing {
        /// Where.
        pos: usize,
        /// What.
        found: String,
    },
    /// Nesting deeper than the parser's limit (protects the stack).
    #[error("position {pos}: nesting deeper than {max} levels")]
    TooDeep {
        /// Where.
        pos: usize,
        /// The limit.
        max: usize,
    },
}

/// Deepest nesting accepted: the searches recurse once per level.
pub const MAX_DEPTH: usize = 1_000;

#[derive(Clone, Debug)]
struct Node {
    player: Player,
    children: Vec<usize>,
    leaf: Option<Value>,
    parent: Option<usize>,
    /// 1-based position among its siblings (0 for the root).
    index: usize,
}

/// An explicit game tree: node 0 is the root.
#[derive(Clone, Debug)]
pub struct GameTree {
    nodes: Vec<Node>,
}

impl GameTree {
    /// Reads `text` with `root` to move at the root.
    ///
    /// # Errors
    /// The first fault, with its position.
    pub fn parse(text: &str, root: Player) -> Result<GameTree, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let mut p = Parser {
            chars: &chars,
            at: 0,
            tree: GameTree { nodes: Vec::new() },
        };
        p.skip_ws();
        if p.at == chars.len() {
            return Err(ParseError::Empty);
        }
        p.tree(root, None, 0, 0)?;
        p.skip_ws();
        if p.at < chars.len() {
            return Err(ParseError::Trailing {
                pos: p.at + 1,
                found: format!("{:?}", chars[p.at]),
            });
        }
        Ok(p.tree)
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// Whether the tree has no node (never, once parsed).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.leaf.is_some()).count()
    }
    /// Who moves at `node`.
    pub fn player(&self, node: usize) -> Player {
        self.nodes[node].player
    }
    /// The children of `node`, left to right.
    pub fn children(&self, node: usize) -> &[usize] {
        &self.nodes[node].children
    }
    /// The value of a leaf.
    pub fn leaf(&self, node: usize) -> Option<Value> {
        self.nodes[node].leaf
    }

    /// The path name of `node`: `root`, or 1-based child numbers joined by dots.
    pub fn name(&self, node: usize) -> String {
        let mut parts = Vec::new();
        let mut n = node;
        while let Some(p) = self.nodes[n].parent {
            parts.push(self.nodes[n].index.to_string());
            n = p;
        }
        if parts.is_empty() {
            return "root".into();
        }
        parts.reverse();
        parts.join(".")
    }

    /// The name of the node reached from the root by `moves` (0-based child indices, as in a
    /// principal variation).
    pub fn path_name(&self, moves: &[usize]) -> String {
        self.name(self.follow(moves))
    }

    /// The node reached from the root by `moves` (0-based child indices).
    pub fn follow(&self, moves: &[usize]) -> usize {
        moves.iter().fold(0, |n, &i| self.nodes[n].children[i])
    }

    /// The subtree of `node` as text, e.g. `(9,1)`.
    pub fn render(&self, node: usize) -> String {
        let mut out = String::new();
        self.render_into(node, &mut out);
        out
    }

    fn render_into(&self, node: usize, out: &mut String) {
        let n = &self.nodes[node];
        if let Some(v) = n.leaf {
            let _ = write!(out, "{v}");
            return;
        }
        out.push('(');
        for (i, &c) in n.children.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.render_into(c, out);
        }
        out.push(')');
    }
}

struct Parser<'a> {
    chars: &'a [char],
    at: usize,
    tree: GameTree,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self.at < self.chars.len() && self.chars[self.at].is_whitespace() {
            self.at += 1;
        }
    }

    fn found(&self) -> String {
        match self.chars.get(self.at) {
            Some(c) => format!("{c:?}"),
            None => "end of text".into(),
        }
    }

    fn tree(
        &mut self,
        player: Player,
        parent: Option<usize>,
        index: usize,
        depth: usize,
    ) -> Result<usize, ParseError> {
        if depth > MAX_DEPTH {
            return Err(ParseError::TooDeep {
                pos: self.at + 1,
                max: MAX_DEPTH,
            });
        }
        self.skip_ws();
        let id = self.tree.nodes.len();
        self.tree.nodes.push(Node {
            player,
            children: Vec::new(),
            leaf: None,
            parent,
            index,
        });
        match self.chars.get(self.at) {
            Some('(') => {
                let open = self.at + 1;
                self.at += 1;
                self.skip_ws();
                if self.chars.get(self.at) == Some(&')') {
                    return Err(ParseError::EmptyList { pos: open });
                }
                loop {
                    let k = self.tree.nodes[id].children.len() + 1;
                    let child = self.tree(player.other(), Some(id), k, depth + 1)?;
                    self.tree.nodes[id].children.push(child);
                    self.skip_ws();
                    match self.chars.get(self.at) {
                        Some(',') => self.at += 1,
                        Some(')') => {
                            self.at += 1;
                            return Ok(id);
                        }
                        _ => {
                            return Err(ParseError::ExpectedSeparator {
                                pos: self.at + 1,
                                open,
                                found: self.found(),
                            });
                        }
                    }
                }
            }
            Some(c) if c.is_ascii_digit() || *c == '-' || *c == '+' => {
                let start = self.at;
                self.at += 1;
                while self.at < self.chars.len() && self.chars[self.at].is_ascii_digit() {
                    self.at += 1;
                }
                let text: String = self.chars[start..self.at].iter().collect();
                let value = text
                    .parse::<i64>()
                    .ok()
                    // `unsigned_abs`: `abs` of i64::MIN overflows (it wrapped to itself in a
                    // release build, and the leaf was read as 0; issue 13).
                    .filter(|v| v.unsigned_abs() < i32::MAX as u64)
                    .ok_or_else(|| {
                        if text.len() == 1 && !text.starts_with(|c: char| c.is_ascii_digit()) {
                            ParseError::ExpectedTree {
                                pos: start + 1,
                                found: format!("{text:?} without digits"),
                            }
                        } else {
                            ParseError::Range {
                                pos: start + 1,
                                text: text.clone(),
                            }
                        }
                    })?;
                self.tree.nodes[id].leaf = Some(value as Value);
                Ok(id)
            }
            _ => Err(ParseError::ExpectedTree {
                pos: self.at + 1,
                found: self.found(),
            }),
        }
    }
}

impl Game for GameTree {
    type State = usize;
    type Move = usize;
    fn to_move(&self, s: &usize) -> Player {
        self.nodes[*s].player
    }
    fn moves(&self, s: &usize, out: &mut Vec<usize>) {
        out.extend(0..self.nodes[*s].children.len());
    }
    fn play(&self, s: &usize, m: &usize) -> usize {
        self.nodes[*s].children[*m]
    }
    fn terminal_value(&self, s: &usize) -> Option<Value> {
        self.nodes[*s].leaf
    }
}

/// The tree, recording every node a search looked at (every searched node is asked whether
/// it is terminal), to find the subtrees a search skipped.
struct Watched<'a> {
    tree: &'a GameTree,
    seen: RefCell<Vec<bool>>,
}

impl Game for Watched<'_> {
    type State = usize;
    type Move = usize;
    fn to_move(&self, s: &usize) -> Player {
        self.tree.to_move(s)
    }
    fn moves(&self, s: &usize, out: &mut Vec<usize>) {
        self.tree.moves(s, out)
    }
    fn play(&self, s: &usize, m: &usize) -> usize {
        self.tree.play(s, m)
    }
    fn terminal_value(&self, s: &usize) -> Option<Value> {
        self.seen.borrow_mut()[*s] = true;
        self.tree.terminal_value(s)
    }
}

/// What the two searches found on a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The minimax value of the root.
    pub value: Value,
    /// The principal variation as 0-based child indices (the first best child at each level).
    pub pv: Vec<usize>,
    /// Leaves plain minimax evaluated (all of them).
    pub minimax_leaves: u64,
    /// Leaves alpha-beta evaluated.
    pub alphabeta_leaves: u64,
    /// Roots of the subtrees alpha-beta never visited, in left-to-right order.
    pub pruned: Vec<usize>,
    /// Minimax's statistics.
    pub minimax_stats: Stats,
    /// Alpha-beta's statistics (`cutoffs`: nodes where children were skipped).
    pub alphabeta_stats: Stats,
}

/// Minimax and alpha-beta (no table: a tree has no transpositions) on `tree`, left to right.
///
/// # Panics
/// Never on a parsed tree (both searches run without limits).
pub fn analyse(tree: &GameTree) -> Analysis {
    let no_eval = |_: &usize| 0;
    let plain = minimax(tree, &0, &no_eval, &Limits::none());
    let watched = Watched {
        tree,
        seen: RefCell::new(vec![false; tree.len()]),
    };
    let pruned_run =
        AlphaBeta::new(AlphaBetaConfig::new().with_table(false)).search(&watched, &0, &no_eval);
    let solution = plain.outcome.solution().expect("no limits").clone();
    debug_assert_eq!(pruned_run.outcome.value(), Some(solution.value));
    let seen = watched.seen.into_inner();
    let pruned = (1..tree.len())
        .filter(|&n| !seen[n] && tree.nodes[n].parent.is_some_and(|p| seen[p]))
        .collect();
    Analysis {
        value: solution.value,
        pv: solution.pv,
        minimax_leaves: plain.stats.leaves,
        alphabeta_leaves: pruned_run.stats.leaves,
        pruned,
        minimax_stats: plain.stats,
        alphabeta_stats: pruned_run.stats,
    }
}
