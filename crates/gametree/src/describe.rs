//! Explicit game trees described for every driver ([`Tree`]): a tree is one whole argument
//! or file; the report gives the value, the principal variation, and what alpha-beta pruned.

use searchlab_toolkit::{
    Algorithm, AlphaBetaConfig, Answer, Description, Field, GameAlgorithm, GameOutcome, Kind,
    Limits, OptionSpec, Options, Parsed, Player, SplitMix64, Status,
};

use crate::{GameTree, ParseError, analyse};
use searchlab_toolkit::observe::{ShowStates, ShownEval};

/// Explicit game trees (seeds 003 and 004).
#[derive(Debug)]
pub struct Tree {
    root: Player,
    /// `--draw FILE`: where to write each tree's picture.
    draw: Option<std::path::PathBuf>,
    /// The line of each well-formed tree of a one-tree-per-line file, in the order they are
    /// solved (the driver solves the well-formed ones in order): names their pictures.
    lines: std::sync::Mutex<Vec<usize>>,
    /// Trees solved so far.
    solved: std::sync::atomic::AtomicUsize,
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Max => "MAX",
        Player::Min => "MIN",
    }
}

/// The most nodes `--show` outlines, one line each.
const OUTLINED_NODES: usize = 200;

/// The minimax value of `node`.
fn minimax_value(tree: &GameTree, node: usize) -> searchlab_toolkit::Value {
    if let Some(v) = tree.leaf(node) {
        return v;
    }
    let values = tree.children(node).iter().map(|&c| minimax_value(tree, c));
    match tree.player(node) {
        Player::Max => values.max(),
        Player::Min => values.min(),
    }
    .unwrap_or(0)
}

/// Appends the outline of `node`'s subtree: `lead` before its own line, `indent` before its
/// children's (ASCII branches `|-` and `` `- ``).
fn outline(
    tree: &GameTree,
    node: usize,
    lead: &str,
    indent: &str,
    on_pv: &[usize],
    pruned: &[usize],
    out: &mut String,
) {
    let mark = if on_pv.contains(&node) { " *" } else { "" };
    let name = tree.name(node);
    if pruned.contains(&node) {
        out.push_str(&format!("{lead}{name}  pruned: {}\n", tree.render(node)));
        return;
    }
    match tree.leaf(node) {
        Some(v) => out.push_str(&format!("{lead}{name}  {v}{mark}\n")),
        None => out.push_str(&format!(
            "{lead}{name}  {} {}{mark}\n",
            player_name(tree.player(node)),
            minimax_value(tree, node)
        )),
    }
    let children = tree.children(node);
    for (i, &c) in children.iter().enumerate() {
        let last = i + 1 == children.len();
        let (branch, next) = if last { ("`- ", "   ") } else { ("|- ", "|  ") };
        outline(
            tree,
            c,
            &format!("{indent}{branch}"),
            &format!("{indent}{next}"),
            on_pv,
            pruned,
            out,
        );
    }
}

/// The error with the text's line and a caret under the fault.
fn explain(text: &str, e: &ParseError) -> String {
    let pos = match e {
        ParseError::Empty => None,
        ParseError::ExpectedTree { pos, .. }
        | ParseError::ExpectedSeparator { pos, .. }
        | ParseError::EmptyList { pos }
        | ParseError::Range { pos, .. }
        | ParseError::Trailing { pos, .. }
        | ParseError::TooDeep { pos, .. } => Some(*pos),
    };
    let mut msg = e.to_string();
    // Show the line of the fault when it is short enough to read.
    if let Some(pos) = pos {
        let chars: Vec<char> = text.chars().collect();
        let line_start = chars[..(pos - 1).min(chars.len())]
            .iter()
            .rposition(|&c| c == '\n')
            .map_or(0, |i| i + 1);
        let line_end = chars[line_start..]
            .iter()
            .position(|&c| c == '\n')
            .map_or(chars.len(), |i| line_start + i);
        if line_end - line_start <= 120 {
            let line: String = chars[line_start..line_end].iter().collect();
            let col = pos - 1 - line_start;
            msg += &format!("\n    {line}\n    {}^", " ".repeat(col));
        }
    }
    msg
}

fn leaves_under(tree: &GameTree, n: usize) -> usize {
    if tree.leaf(n).is_some() {
        1
    } else {
        tree.children(n)
            .iter()
            .map(|&c| leaves_under(tree, c))
            .sum()
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Tree {
    /// With `--draw`, writes `tree`'s picture and says on stderr what was written (or why
    /// not: a picture is a by-product, so a failure does not change the answer).
    fn draw_picture(&self, tree: &GameTree) {
        let Some(base) = &self.draw else { return };
        let k = self
            .solved
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let lines = self.lines.lock().map(|l| l.clone()).unwrap_or_default();
        // One tree: the file as named; several: the tree's line (or its number) appended.
        let tag = match lines.len() {
            0 | 1 if k == 0 => None,
            0 | 1 => Some(k + 1),
            _ => lines.get(k).copied(),
        };
        let path = match tag {
            None => base.clone(),
            Some(t) => {
                let stem = base.file_stem().unwrap_or_default().to_string_lossy();
                let ext = base
                    .extension()
                    .map_or("svg".into(), |e| e.to_string_lossy());
                base.with_file_name(format!("{stem}-{t}.{ext}"))
            }
        };
        let heading = match lines.get(k) {
            Some(line) if lines.len() > 1 => format!("line {line}: {}", self.show(tree)),
            _ => self.show(tree),
        };
        let opts = crate::DrawOptions {
            heading: Some(heading),
            ..crate::DrawOptions::default()
        };
        let svg = match crate::draw_tree(tree, &opts) {
            Ok(svg) => svg,
            Err(e) => {
                eprintln!("--draw: {} not written: {e}", path.display());
                return;
            }
        };
        match searchlab_toolkit::output::write_atomically(&path, svg.as_bytes()) {
            Ok(()) => eprintln!(
                "--draw: wrote {} ({} nodes, {} leaves)",
                path.display(),
                tree.len(),
                tree.leaf_count()
            ),
            Err(e) => eprintln!("--draw: cannot write {}: {e}", path.display()),
        }
    }
}

impl Description for Tree {
    type Instance = GameTree;
    const NAME: &'static str = "gametree";
    const SUMMARY: &'static str =
        "explicit game trees given as nested parentheses (seeds 003, 004)";
    const INPUT: &'static str = "\
INSTANCE: nested parentheses of integer leaves, children separated by commas, whitespace
allowed; a tree is one whole argument or one whole file:

    searchlab solve gametree '((3,5),(6,(9,1)))'
    searchlab solve gametree --root min '((0,(-3,7)),((3),(2,6)))'

Levels alternate MAX and MIN from --root; children are searched left to right. Nodes are
named by their path: 1-based child numbers from the root joined by dots (`2.1` = the first
child of the root's second child). The report gives the minimax value, the principal
variation, the leaves minimax and alpha-beta evaluated, and the subtrees alpha-beta never
looked at.";
    const KIND: Kind = Kind::Game;
    const WHOLE_INPUT: bool = true;

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value(
                "root",
                "SIDE",
                Some("max"),
                "who moves at the root: max or min",
            ),
            OptionSpec::value(
                "draw",
                "FILE.svg",
                None,
                "also draw each tree as SVG (values, alpha-beta's bounds and cuts): FILE.svg for one tree, FILE-LINE.svg for the trees of a file of one tree per line",
            ),
        ];
        OPTIONS
    }
    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[(
            "left-to-right",
            "children in the order written; leaves are the only values",
        )]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Game(GameAlgorithm::Alphabeta(None))
    }
    fn new(options: &Options) -> Result<Self, String> {
        let root = match options.choice("root", &["max", "min"])? {
            Some(1) => Player::Min,
            _ => Player::Max,
        };
        Ok(Self {
            root,
            draw: crate::draw::svg_path(options.get("draw"))?,
            lines: std::sync::Mutex::new(Vec::new()),
            solved: std::sync::atomic::AtomicUsize::new(0),
        })
    }
    fn parse(&self, text: &str) -> Result<GameTree, String> {
        GameTree::parse(text, self.root).map_err(|e| explain(text, &e))
    }
    /// A file whose first line closes every parenthesis it opens (or carries an expected
    /// value after `|`) is one tree per line, each line answered or
    /// reported on its own, a bad one named by its line: what `searchlab gen gametree` writes,
    /// and `puzzles/gametree/easy.txt`. Any other file is one tree, which may span lines.
    fn parse_file(&self, _: Option<&std::path::Path>, text: &str) -> Option<Vec<Parsed<GameTree>>> {
        let lines: Vec<(usize, &str, Option<String>)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .map(|(i, l)| match l.split_once('|') {
                Some((t, e)) => (i, t.trim(), Some(e.trim().to_owned())),
                None => (i, l, None),
            })
            .collect();
        let first = lines.first()?;
        // A line that closes what it opens is a whole tree, right or wrong; a tree that spans
        // lines leaves some line unbalanced.
        let balanced = |l: &str| {
            let mut depth = 0i64;
            for b in l.bytes() {
                match b {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                if depth < 0 {
                    return true; // a stray ')' is this line's own error
                }
            }
            depth == 0
        };
        let per_line = first.2.is_some() || (lines.len() > 1 && balanced(first.1));
        if !per_line {
            return None;
        }
        let parsed: Vec<Parsed<GameTree>> = lines
            .into_iter()
            .map(|(line, text, expected)| Parsed {
                line,
                input: Some(text.to_owned()),
                name: None,
                expected,
                instance: self.parse(text),
            })
            .collect();
        if let Ok(mut good) = self.lines.lock() {
            *good = parsed
                .iter()
                .filter(|p| p.instance.is_ok())
                .map(|p| p.line)
                .collect();
        }
        Some(parsed)
    }
    fn show(&self, tree: &GameTree) -> String {
        format!(
            "tree: {} nodes, {} leaves, root {}",
            tree.len(),
            tree.leaf_count(),
            player_name(self.root)
        )
    }
    fn solve(&self, tree: &GameTree, algorithm: Algorithm, _: &str, limits: &Limits) -> Answer {
        let Algorithm::Game(algo) = algorithm else {
            unreachable!("a game lists only game algorithms")
        };
        // A tree has no transpositions: no table.
        let config = AlphaBetaConfig::new()
            .with_limits(limits.clone())
            .with_table(false);
        let no_eval = |_: &usize| 0;
        let solver = match algo.solver() {
            Ok(solver) => solver,
            Err(params) => {
                // MCTS chooses a move and proves no value: its own answer, moves by path name.
                return searchlab_toolkit::describe::mcts_answer(
                    tree,
                    &0,
                    &no_eval,
                    &params,
                    limits,
                    |m| tree.path_name(&[*m]),
                );
            }
        };
        let run = if config.limits.trace.is_some() {
            // Traced nodes by their paths (`2.2`), as the outline and the figures name them.
            let names: Vec<String> = (0..tree.len()).map(|n| tree.name(n)).collect();
            let show = |n: &usize| names[*n].clone();
            let game = ShowStates::new(tree, &show);
            solver.run(&game, &game.wrap(0), &ShownEval(&no_eval), &config)
        } else {
            solver.run(tree, &0, &no_eval, &config)
        };
        if let GameOutcome::Stopped { limit, .. } = run.outcome {
            return searchlab_toolkit::describe::stopped(limit, run.stats);
        }
        // Within the limits: the comparison of both searches, on a tree small enough.
        let a = analyse(tree);
        let mut ans = Answer::new(Status::Solved, run.stats);
        self.draw_picture(tree);
        let pv: Vec<String> = (1..=a.pv.len())
            .map(|i| tree.path_name(&a.pv[..i]))
            .collect();
        ans.lines.push(format!("value: {}", a.value));
        if pv.is_empty() {
            ans.lines
                .push("principal variation: (the root is a leaf)".into());
        } else {
            ans.lines.push(format!(
                "principal variation: {} (leaf {})",
                pv.join(" -> "),
                a.value
            ));
        }
        ans.lines.push(format!(
            "leaves evaluated: minimax {}, alpha-beta {}",
            a.minimax_leaves, a.alphabeta_leaves
        ));
        let pruned_leaves: usize = a.pruned.iter().map(|&n| leaves_under(tree, n)).sum();
        if a.pruned.is_empty() {
            ans.lines.push("pruned by alpha-beta: nothing".into());
        } else {
            ans.lines.push(format!(
                "pruned by alpha-beta: {}, {}",
                plural(a.pruned.len(), "subtree", "subtrees"),
                plural(pruned_leaves, "leaf", "leaves")
            ));
            let width = a
                .pruned
                .iter()
                .map(|&n| tree.name(n).len())
                .max()
                .unwrap_or(0);
            for &n in &a.pruned {
                ans.lines
                    .push(format!("  {:<width$}  {}", tree.name(n), tree.render(n)));
            }
        }
        ans.length = Some(a.value.to_string());
        ans.key = ans.length.clone();
        ans.moves = Some(pv.join(" "));
        ans.fields.push(("value", a.value.into()));
        ans.fields.push(("root", player_name(self.root).into()));
        ans.fields.push(("nodes", tree.len().into()));
        ans.fields.push(("leaves", tree.leaf_count().into()));
        ans.fields.push(("pv", pv.into()));
        ans.fields
            .push(("minimax_leaves", Field::Int(a.minimax_leaves as i64)));
        ans.fields
            .push(("alphabeta_leaves", Field::Int(a.alphabeta_leaves as i64)));
        ans.fields.push((
            "pruned",
            Field::List(
                a.pruned
                    .iter()
                    .map(|&n| {
                        Field::Map(vec![
                            ("node".into(), tree.name(n).into()),
                            ("subtree".into(), tree.render(n).into()),
                        ])
                    })
                    .collect(),
            ),
        ));
        ans.fields.push(("pruned_leaves", pruned_leaves.into()));
        ans
    }
    /// `--show`: the tree as an outline, each node with its minimax value, the principal
    /// variation marked `*`, the subtrees alpha-beta never visits cut to one line marked
    /// `pruned`; a tree of more than 200 nodes is too long to outline.
    fn show_solution(&self, tree: &GameTree, answer: &Answer) -> Option<String> {
        if answer.status != Status::Solved {
            return None;
        }
        if tree.len() > OUTLINED_NODES {
            return Some(format!(
                "({} nodes: too many to outline here; --draw FILE.svg draws the tree)\n",
                tree.len()
            ));
        }
        let a = analyse(tree);
        let mut on_pv = vec![0];
        on_pv.extend((1..=a.pv.len()).map(|i| tree.follow(&a.pv[..i])));
        let mut out = String::new();
        outline(tree, 0, "", "", &on_pv, &a.pruned, &mut out);
        Some(out)
    }
    fn gen_options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value("depth", "D", Some("3"), "levels below the root"),
            OptionSpec::value("branching", "B", Some("2"), "children of each inner node"),
        ];
        OPTIONS
    }
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        let depth: u32 = options.parse("depth")?.unwrap_or(3);
        let branching: u32 = options.parse("branching")?.unwrap_or(2);
        if depth > 8 || !(1..=8).contains(&branching) {
            return Err(format!(
                "--depth {depth} --branching {branching}: expected depth 0 to 8 and branching 1 to 8"
            ));
        }
        fn tree(rng: &mut SplitMix64, depth: u32, branching: u32) -> String {
            if depth == 0 {
                return (rng.below(21) as i64 - 10).to_string();
            }
            let kids: Vec<String> = (0..branching)
                .map(|_| tree(rng, depth - 1, branching))
                .collect();
            format!("({})", kids.join(","))
        }
        Ok((0..count).map(|_| tree(rng, depth, branching)).collect())
    }
}
