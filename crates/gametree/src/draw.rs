//! Game trees as pictures: the alpha-beta figures of seeds 003 and 004, generated as SVG.
//!
//! [`tree_svg`] draws a [`GameTree`] with what [`analyse`](crate::analyse) found on it: MAX
//! nodes as upward triangles, MIN nodes as downward ones, leaves as boxes; every node's minimax
//! value; where alpha-beta returned a bound instead (a cutoff happened there or below), that
//! bound (`≥3`, `≤-3`, as the seeds write `α ≥ 3`, `β ≤ -3`); the edges alpha-beta cut, marked
//! with a double bar; the subtrees it never looked at, greyed; and the principal variation in
//! red. [`game_svg`] does the same for any [`Game`] to a small depth, by expanding it into a
//! [`GameTree`] first ([`expand_game`]), so one analysis and one drawing serve both.
//!
//! The layout is the textbook one: one row per depth, leaves evenly spaced in left-to-right
//! order, every parent centred over its first and last child, so the picture is as wide as
//! the tree has leaves. The [`svg`] crate writes the document (and escapes its text).
//!
//! ```
//! use searchlab_core::Player;
//! use searchlab_gametree::{GameTree, analyse, draw};
//!
//! let tree = GameTree::parse("((3,5),(2,(9,1)))", Player::Max).unwrap();
//! let svg = draw::tree_svg(&tree, &analyse(&tree), &draw::DrawOptions::default());
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"node ").count(), tree.len());
//! ```

use searchlab_core::{Bound, Evaluator, Game, Player, Value};
use svg::Document;
use svg::node::element::{Group, Line, Polygon, Rectangle, Text, Title};
use thiserror::Error;

use crate::{Analysis, GameTree, Node};

/// The most nodes [`game_svg`] expands and [`draw_tree`] draws: beyond a few thousand nodes a tree picture is too
/// wide to read (and to render), so a larger request is refused rather than drawn.
pub const MAX_DRAW_NODES: usize = 2_000;

/// The principal variation's colour.
const PV: &str = "#d62728";
/// Pruned subtrees' outline and text.
const GREY: &str = "#b8b8b8";
/// Pruned subtrees' fill.
const GREY_FILL: &str = "#f2f2f2";
/// Alpha-beta's bounds.
const BOUND: &str = "#1f5fbf";
/// MAX nodes' fill.
const MAX_FILL: &str = "#dbe9f6";
/// MIN nodes' fill.
const MIN_FILL: &str = "#fde3c8";
/// Half the width of a node's shape, in pixels.
const R: f64 = 14.0;
/// The legend's width, the least width of a picture.
const LEGEND_WIDTH: f64 = 640.0;
/// Height of the title lines above the tree.
const LINE: f64 = 18.0;

/// How a picture is laid out and labelled.
#[derive(Clone, Debug)]
pub struct DrawOptions {
    /// A heading above the computed title line (e.g. the file or the game's position).
    pub heading: Option<String>,
    /// Whether to write every node's name (`root`, `1`, `2.1`, ...) beside it, small.
    pub names: bool,
    /// Text on the edge into each node, indexed by node id (`move_labels[0]`, the root's, is
    /// unused); empty for none. [`game_svg`] fills it with the moves.
    pub move_labels: Vec<String>,
    /// Horizontal distance between neighbouring leaves, in pixels.
    pub leaf_gap: f64,
    /// Vertical distance between levels, in pixels.
    pub level_gap: f64,
}

impl Default for DrawOptions {
    fn default() -> Self {
        DrawOptions {
            heading: None,
            names: true,
            move_labels: Vec::new(),
            leaf_gap: 44.0,
            level_gap: 72.0,
        }
    }
}

/// What alpha-beta returned at a node it visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The (fail-soft) value it returned.
    pub value: Value,
    /// Whether that value is exact, or a bound because it fell outside the node's window.
    pub bound: Bound,
    /// Whether children of this node were skipped (a cutoff happened here).
    pub cut: bool,
}

/// Every node's minimax value, indexed by node id.
///
/// # Complexity
/// O(nodes); recursion as deep as the tree.
pub fn minimax_values(tree: &GameTree) -> Vec<Value> {
    fn walk(tree: &GameTree, node: usize, out: &mut [Value]) -> Value {
        let n = &tree.nodes[node];
        let v = match n.leaf {
            Some(v) => v,
            None => {
                let values = n.children.iter().map(|&c| walk(tree, c, out));
                match n.player {
                    Player::Max => values.max(),
                    Player::Min => values.min(),
                }
                .expect("an inner node has children")
            }
        };
        out[node] = v;
        v
    }
    let mut out = vec![0; tree.len()];
    walk(tree, 0, &mut out);
    out
}

/// Alpha-beta's walk of `tree` (fail-soft, full window, children left to right, no table: the
/// same search as [`analyse`](crate::analyse)'s), recording what it returned at every node it
/// visited; `None` for the nodes it never reached. The figure needs per-node answers, which
/// the core's search does not report.
///
/// # Complexity
/// O(nodes visited); recursion as deep as the tree.
pub fn alphabeta_trace(tree: &GameTree) -> Vec<Option<Searched>> {
    fn walk(
        tree: &GameTree,
        node: usize,
        mut alpha: Value,
        mut beta: Value,
        out: &mut [Option<Searched>],
    ) -> Value {
        let n = &tree.nodes[node];
        if let Some(v) = n.leaf {
            out[node] = Some(Searched {
                value: v,
                bound: Bound::Exact,
                cut: false,
            });
            return v;
        }
        let (alpha0, beta0) = (alpha, beta);
        let max = n.player == Player::Max;
        let mut best = if max { Value::MIN } else { Value::MAX };
        let mut searched = 0;
        for &c in &n.children {
            let v = walk(tree, c, alpha, beta, out);
            searched += 1;
            if max {
                best = best.max(v);
                alpha = alpha.max(best);
            } else {
                best = best.min(v);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        out[node] = Some(Searched {
            value: best,
            bound,
            cut: searched < n.children.len(),
        });
        best
    }
    let mut out = vec![None; tree.len()];
    walk(
        tree,
        0,
        -searchlab_core::INFINITY,
        searchlab_core::INFINITY,
        &mut out,
    );
    out
}

/// Where every node goes: `(x, y)` of its centre, by node id.
fn layout(tree: &GameTree, opts: &DrawOptions, left: f64, top: f64) -> Vec<(f64, f64)> {
    fn walk(
        tree: &GameTree,
        node: usize,
        depth: usize,
        next_leaf: &mut usize,
        geo: (f64, f64, f64, f64),
        out: &mut [(f64, f64)],
    ) {
        let (left, top, gap, level) = geo;
        let y = top + depth as f64 * level;
        let children = &tree.nodes[node].children;
        let x = if children.is_empty() {
            let x = left + *next_leaf as f64 * gap;
            *next_leaf += 1;
            x
        } else {
            for &c in children {
                walk(tree, c, depth + 1, next_leaf, geo, out);
            }
            let first = out[children[0]].0;
            let last = out[children[children.len() - 1]].0;
            (first + last) / 2.0
        };
        out[node] = (x, y);
    }
    let mut out = vec![(0.0, 0.0); tree.len()];
    let mut next_leaf = 0;
    walk(
        tree,
        0,
        0,
        &mut next_leaf,
        (left, top, opts.leaf_gap, opts.level_gap),
        &mut out,
    );
    out
}

/// The number of levels below the root.
fn height(tree: &GameTree) -> usize {
    // Nodes are numbered in preorder, so a parent's id is below its children's: one pass.
    let mut depth = vec![0usize; tree.len()];
    for (id, n) in tree.nodes.iter().enumerate().skip(1) {
        depth[id] = depth[n.parent.expect("only the root has no parent")] + 1;
    }
    depth.into_iter().max().unwrap_or(0)
}

/// Draws `tree` with `analysis` (which must come from [`analyse`](crate::analyse) on the same
/// tree) as a standalone SVG document.
///
/// Every node is one shape with `class="node ..."` naming its kind (`leaf` or none) and player
/// (`max`, `min`) and,
/// where they apply, `pv` (on the principal variation) and `pruned` (never visited by
/// alpha-beta), so tests and style sheets can find them; each carries a tooltip (`<title>`)
/// with its name, value and alpha-beta's answer.
///
/// # Arguments
/// * `tree` - the tree.
/// * `analysis` - its analysis: the value, leaf counts, PV and pruned subtrees drawn.
/// * `opts` - heading, names, move labels and spacing.
///
/// # Returns
/// The SVG text, `width` and `height` in pixels set (the tree is as wide as its leaves times
/// `opts.leaf_gap`).
///
/// # Complexity
/// O(nodes) time and output size; recursion as deep as the tree.
///
/// # Example
/// ```
/// use searchlab_core::Player;
/// use searchlab_gametree::{GameTree, analyse, draw};
///
/// let tree = GameTree::parse("((3,5),(6,(9,1)))", Player::Max).unwrap();
/// let a = analyse(&tree);
/// let svg = draw::tree_svg(&tree, &a, &draw::DrawOptions::default());
/// let nodes: Vec<&str> = svg.split("class=\"node ").skip(1).collect();
/// assert_eq!(nodes.len(), tree.len());
/// // The leaf 1 under node 2.2 is the one subtree alpha-beta skipped: greyed.
/// assert_eq!(nodes.iter().filter(|n| n.starts_with("leaf min pruned\"")).count(), 1);
/// // root, 2, 2.1 are on the principal variation.
/// assert_eq!(nodes.iter().filter(|n| n.split('"').next().unwrap().ends_with(" pv")).count(), 3);
/// ```
///
/// The figure is seed 004's figure 3.10 (drawn by hand there); the fail-soft alpha-beta whose
/// cutoffs it shows is that of D. E. Knuth and R. W. Moore, "An analysis of alpha-beta
/// pruning", Artificial Intelligence 6(4), 1975.
pub fn tree_svg(tree: &GameTree, analysis: &Analysis, opts: &DrawOptions) -> String {
    let marks = Marks::of(tree, analysis);
    let title = title_lines(tree, analysis, opts);

    // As wide as the widest of the tree, the title (about 0.6 em a character) and the legend;
    // the tree centred.
    let margin = 40.0;
    let span = tree.leaf_count().saturating_sub(1) as f64 * opts.leaf_gap;
    let title_width = title
        .iter()
        .map(|(t, size)| t.chars().count() as f64 * f64::from(*size) * 0.6)
        .fold(0.0, f64::max);
    let width = (span + 2.0 * margin)
        .max(title_width + 2.0 * margin)
        .max(LEGEND_WIDTH);
    let top = margin + title.len() as f64 * LINE + 10.0;
    let pos = layout(tree, opts, (width - span) / 2.0, top);
    let legend_y = top + height(tree) as f64 * opts.level_gap + R + 40.0;
    let total_height = legend_y + 2.0 * LINE;

    let mut doc = Document::new()
        .set("xmlns", "http://www.w3.org/2000/svg")
        .set("width", fmt(width))
        .set("height", fmt(total_height))
        .set(
            "viewBox",
            format!("0 0 {} {}", fmt(width), fmt(total_height)),
        )
        .set("font-family", "DejaVu Sans, Arial, sans-serif")
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "white"),
        );
    for (i, (line, size)) in title.iter().enumerate() {
        let mut t = text(margin, margin + i as f64 * LINE, line).set("font-size", *size);
        if opts.heading.is_some() && i == 0 {
            t = t.set("font-weight", "bold");
        }
        doc = doc.add(t);
    }
    // Edges first, so that the shapes cover their ends.
    let (edges, labels) = edges_svg(tree, &marks, &pos, opts);
    doc = doc.add(edges).add(labels);
    doc = doc.add(nodes_svg(tree, &marks, &pos, opts));
    doc = doc.add(legend(margin, legend_y));
    doc.to_string()
}

/// What the picture shows of each node besides its shape: its minimax value, alpha-beta's
/// result there, whether alpha-beta skipped it, whether it is on the principal variation.
struct Marks {
    values: Vec<Value>,
    trace: Vec<Option<Searched>>,
    pruned: Vec<bool>,
    on_pv: Vec<bool>,
}

impl Marks {
    fn of(tree: &GameTree, analysis: &Analysis) -> Marks {
        let mut pruned = vec![false; tree.len()];
        for &root in &analysis.pruned {
            mark_subtree(tree, root, &mut pruned);
        }
        let mut on_pv = vec![false; tree.len()];
        let mut node = 0;
        on_pv[0] = true;
        for &i in &analysis.pv {
            node = tree.nodes[node].children[i];
            on_pv[node] = true;
        }
        Marks {
            values: minimax_values(tree),
            trace: alphabeta_trace(tree),
            pruned,
            on_pv,
        }
    }
}

/// The title's lines with their font sizes: the heading if any, the value and principal
/// variation, the leaves read and the cutoffs.
fn title_lines(tree: &GameTree, analysis: &Analysis, opts: &DrawOptions) -> Vec<(String, u32)> {
    let pv_names: Vec<String> = (0..=analysis.pv.len())
        .map(|k| tree.path_name(&analysis.pv[..k]))
        .collect();
    let mut title: Vec<(String, u32)> = Vec::new();
    if let Some(h) = &opts.heading {
        title.push((h.clone(), 14));
    }
    title.push((
        format!(
            "value {}  ·  principal variation {}",
            analysis.value,
            pv_names.join(" → ")
        ),
        13,
    ));
    title.push((
        format!(
            "leaves read: minimax {}, alpha-beta {}  ·  cutoffs {}  ·  pruned subtrees {}",
            analysis.minimax_leaves,
            analysis.alphabeta_leaves,
            analysis.alphabeta_stats.cutoffs,
            analysis.pruned.len()
        ),
        13,
    ));
    title
}

/// The edges (pruned ones dashed, with a cut mark where alpha-beta cut; the principal
/// variation's thick) and the move labels, at the nodes' positions `pos`.
fn edges_svg(
    tree: &GameTree,
    marks: &Marks,
    pos: &[(f64, f64)],
    opts: &DrawOptions,
) -> (Group, Group) {
    let Marks { pruned, on_pv, .. } = marks;
    let mut edges = Group::new().set("class", "edges");
    let mut labels = Group::new().set("class", "moves").set("font-size", 10);
    for (id, n) in tree.nodes.iter().enumerate() {
        let Some(parent) = n.parent else { continue };
        let (x1, y1) = pos[parent];
        let (x2, y2) = pos[id];
        let mut line = Line::new()
            .set("x1", fmt(x1))
            .set("y1", fmt(y1))
            .set("x2", fmt(x2))
            .set("y2", fmt(y2));
        line = if pruned[id] {
            line.set("stroke", GREY)
                .set("stroke-dasharray", "4 3")
                .set("stroke-width", 1.2)
                .set("class", "edge pruned")
        } else if on_pv[id] {
            line.set("stroke", PV)
                .set("stroke-width", 3.2)
                .set("class", "edge pv")
        } else {
            line.set("stroke", "#555")
                .set("stroke-width", 1.4)
                .set("class", "edge")
        };
        edges = edges.add(line);
        if pruned[id] && !pruned[parent] {
            edges = edges.add(cut_mark(x1, y1, x2, y2));
        }
        if let Some(label) = opts.move_labels.get(id).filter(|l| !l.is_empty()) {
            // Centred just above the child: there neighbours are a leaf gap apart, while
            // near the parent the edges converge. A white halo keeps it readable on the edge.
            labels = labels.add(
                text(x2, y2 - R - 5.0, label)
                    .set("text-anchor", "middle")
                    .set("stroke", "white")
                    .set("stroke-width", 3)
                    .set("paint-order", "stroke")
                    .set("fill", if pruned[id] { GREY } else { "#333" }),
            );
        }
    }
    (edges, labels)
}

/// The nodes at their positions `pos`: each shape with its value, its tooltip, its name if
/// asked, and alpha-beta's bound where it returned one.
fn nodes_svg(tree: &GameTree, marks: &Marks, pos: &[(f64, f64)], opts: &DrawOptions) -> Group {
    let Marks {
        values,
        trace,
        pruned,
        on_pv,
    } = marks;
    let mut nodes = Group::new().set("class", "nodes");
    for (id, n) in tree.nodes.iter().enumerate() {
        let (x, y) = pos[id];
        let who = if n.player == Player::Max {
            "max"
        } else {
            "min"
        };
        let mut class = if n.leaf.is_some() {
            format!("node leaf {who}")
        } else {
            format!("node {who}")
        };
        if on_pv[id] {
            class.push_str(" pv");
        }
        if pruned[id] {
            class.push_str(" pruned");
        }
        let (fill, stroke, width) = if pruned[id] {
            (GREY_FILL, GREY, 1.2)
        } else if on_pv[id] {
            (fill_of(n), PV, 2.6)
        } else {
            (fill_of(n), "#333", 1.3)
        };
        let name = tree.name(id);
        let tip = tooltip(&name, n, values[id], trace[id]);
        let (shape, value_y) = shape(n, x, y);
        let value = values[id].to_string();
        nodes = nodes.add(
            shape
                .set("class", class)
                .set("fill", fill)
                .set("stroke", stroke)
                .set("stroke-width", width)
                .add(Title::new(tip)),
        );
        nodes = nodes.add(
            text(x, value_y, &value)
                .set("text-anchor", "middle")
                // Four characters and more would spill out of the shape.
                .set("font-size", if value.len() > 3 { 9 } else { 11 })
                .set("font-weight", "bold")
                .set("fill", if pruned[id] { GREY } else { "#111" }),
        );
        if opts.names {
            // Leaves sit side by side: their names go below them.
            let label = if n.leaf.is_some() {
                text(x, y + R * 0.8 + 10.0, &name).set("text-anchor", "middle")
            } else {
                // Up right: below right is alpha-beta's bound, below left the edges.
                text(x + R + 2.0, y - R + 4.0, &name)
            };
            nodes = nodes.add(label.set("font-size", 8).set("fill", "#888"));
        }
        if let Some(s) = trace[id].filter(|s| s.bound != Bound::Exact)
            && (s.value != values[id] || s.cut)
        {
            let sign = if s.bound == Bound::Lower {
                "≥"
            } else {
                "≤"
            };
            nodes = nodes.add(
                text(x + R + 2.0, y + R + 2.0, &format!("{sign}{}", s.value))
                    .set("font-size", 11)
                    .set("font-style", "italic")
                    .set("fill", BOUND)
                    .set("class", "bound"),
            );
        }
    }
    nodes
}

/// Analyses `tree` and draws it: [`analyse`](crate::analyse), then [`tree_svg`], refusing
/// trees of more than [`MAX_DRAW_NODES`] nodes (what `solve gametree TREE --draw FILE` wants).
///
/// # Errors
/// [`DrawError::TreeTooLarge`].
///
/// # Complexity
/// O(nodes).
///
/// # Example
/// ```
/// use searchlab_core::Player;
/// use searchlab_gametree::{GameTree, draw};
///
/// let tree = GameTree::parse("((3,5),(2,(9,1)))", Player::Max).unwrap();
/// let svg = draw::draw_tree(&tree, &draw::DrawOptions::default()).unwrap();
/// assert!(svg.contains("value 3"));
/// ```
pub fn draw_tree(tree: &GameTree, opts: &DrawOptions) -> Result<String, DrawError> {
    if tree.len() > MAX_DRAW_NODES {
        return Err(DrawError::TreeTooLarge {
            nodes: tree.len(),
            limit: MAX_DRAW_NODES,
        });
    }
    Ok(tree_svg(tree, &crate::analyse(tree), opts))
}

/// Marks `node` and everything below it.
fn mark_subtree(tree: &GameTree, node: usize, marks: &mut [bool]) {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        marks[n] = true;
        stack.extend_from_slice(&tree.nodes[n].children);
    }
}

/// A node's fill: by the player to move (leaves are white).
fn fill_of(n: &Node) -> &'static str {
    match (n.leaf, n.player) {
        (Some(_), _) => "white",
        (None, Player::Max) => MAX_FILL,
        (None, Player::Min) => MIN_FILL,
    }
}

/// The shape of a node centred at `(x, y)` (a leaf's box, or MAX's upward and MIN's downward
/// triangle), and the baseline for its value inside.
fn shape(n: &Node, x: f64, y: f64) -> (Polygon, f64) {
    let (points, value_y) = if n.leaf.is_some() {
        let (w, h) = (R, R * 0.8);
        (
            vec![
                (x - w, y - h),
                (x + w, y - h),
                (x + w, y + h),
                (x - w, y + h),
            ],
            y + 4.0,
        )
    } else if n.player == Player::Max {
        (
            vec![
                (x, y - R),
                (x + R * 1.2, y + R * 0.85),
                (x - R * 1.2, y + R * 0.85),
            ],
            y + R * 0.6,
        )
    } else {
        (
            vec![
                (x, y + R),
                (x + R * 1.2, y - R * 0.85),
                (x - R * 1.2, y - R * 0.85),
            ],
            y - R * 0.1,
        )
    };
    let points: Vec<String> = points
        .iter()
        .map(|&(a, b)| format!("{},{}", fmt(a), fmt(b)))
        .collect();
    (Polygon::new().set("points", points.join(" ")), value_y)
}

/// The tooltip of a node: name, player, minimax value and alpha-beta's answer.
fn tooltip(name: &str, n: &Node, value: Value, searched: Option<Searched>) -> String {
    let who = if n.player == Player::Max {
        "MAX"
    } else {
        "MIN"
    };
    let kind = if n.leaf.is_some() { "leaf" } else { who };
    let ab = match searched {
        None => "pruned: alpha-beta never looked here".to_string(),
        Some(s) => {
            let sign = match s.bound {
                Bound::Exact => "=",
                Bound::Lower => "≥",
                Bound::Upper => "≤",
            };
            let cut = if s.cut { ", cut off below" } else { "" };
            format!("alpha-beta {sign} {}{cut}", s.value)
        }
    };
    format!("{name} ({kind}): minimax {value}; {ab}")
}

/// A double bar across the edge `(x1, y1) -> (x2, y2)`, 60% of the way down (where sibling
/// edges have spread apart): the seeds' mark for a branch alpha-beta cut.
fn cut_mark(x1: f64, y1: f64, x2: f64, y2: f64) -> Group {
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = dx.hypot(dy).max(1e-9);
    let (ux, uy) = (dx / len, dy / len); // along the edge
    let (px, py) = (-uy, ux); // across it
    let mut g = Group::new().set("class", "cut");
    for off in [-3.0, 3.0] {
        let t = len * 0.6 + off;
        let (cx, cy) = (x1 + ux * t, y1 + uy * t);
        g = g.add(
            Line::new()
                .set("x1", fmt(cx - px * 6.0))
                .set("y1", fmt(cy - py * 6.0))
                .set("x2", fmt(cx + px * 6.0))
                .set("y2", fmt(cy + py * 6.0))
                .set("stroke", "#222")
                .set("stroke-width", 2),
        );
    }
    g
}

/// The key at the bottom: shapes, colours and marks.
fn legend(x: f64, y: f64) -> Group {
    let mut g = Group::new().set("class", "legend").set("font-size", 11);
    let max = Node {
        player: Player::Max,
        children: vec![],
        leaf: None,
        parent: None,
        index: 0,
    };
    let min = Node {
        player: Player::Min,
        ..max.clone()
    };
    let leaf = Node {
        leaf: Some(0),
        ..max.clone()
    };
    let mut at = x + 10.0;
    for (n, label) in [(&max, "MAX"), (&min, "MIN"), (&leaf, "leaf")] {
        let (s, _) = shape(n, at, y);
        g = g.add(s.set("fill", fill_of(n)).set("stroke", "#333").set(
            "transform",
            format!("translate({at} {y}) scale(0.6) translate(-{at} -{y})"),
        ));
        g = g.add(text(at + 13.0, y + 4.0, label));
        at += 62.0;
    }
    g = g.add(
        Line::new()
            .set("x1", fmt(at - 8.0))
            .set("y1", fmt(y))
            .set("x2", fmt(at + 14.0))
            .set("y2", fmt(y))
            .set("stroke", PV)
            .set("stroke-width", 3.2),
    );
    g = g.add(text(at + 18.0, y + 4.0, "principal variation"));
    at += 140.0;
    g = g.add(cut_mark(at - 12.0, y, at + 12.0, y));
    g = g.add(text(at + 16.0, y + 4.0, "cutoff"));
    at += 64.0;
    g = g.add(
        Rectangle::new()
            .set("x", fmt(at - 8.0))
            .set("y", fmt(y - 7.0))
            .set("width", 14)
            .set("height", 14)
            .set("fill", GREY_FILL)
            .set("stroke", GREY),
    );
    g = g.add(text(at + 12.0, y + 4.0, "pruned by alpha-beta"));
    g = g.add(
        text(
            x,
            y + LINE + 2.0,
            "numbers: minimax values;  ≥v / ≤v: the bound alpha-beta returned where it cut",
        )
        .set("fill", BOUND),
    );
    g
}

/// A text element at `(x, y)`.
fn text(x: f64, y: f64, content: &str) -> Text {
    Text::new(content).set("x", fmt(x)).set("y", fmt(y))
}

/// A coordinate with at most one decimal: smaller files, same picture.
fn fmt(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// Why a tree or a game was not drawn.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DrawError {
    /// A given tree has more nodes than a picture can show.
    #[error(
        "the tree has {nodes} nodes, more than the {limit} a picture can show; \
         draw a subtree instead"
    )]
    TreeTooLarge {
        /// Its nodes.
        nodes: usize,
        /// The limit.
        limit: usize,
    },
    /// The tree to the requested depth has more nodes than allowed.
    #[error(
        "the game tree to depth {depth} has more than {limit} nodes: too many to draw; \
         ask for a smaller depth or start from a later position"
    )]
    TooManyNodes {
        /// The node limit.
        limit: usize,
        /// The depth asked for.
        depth: u32,
    },
    /// A value at or beyond the searches' infinity.
    #[error("position at move path {path}: value {value} is out of range (|value| < 2^31 - 1)")]
    Range {
        /// Where, as a node name (`root`, `1.2`, ...).
        path: String,
        /// The value.
        value: Value,
    },
}

/// A game expanded into an explicit tree to a fixed depth.
#[derive(Clone, Debug)]
pub struct ExpandedGame {
    /// The tree: finished games are leaves with their value, positions at the depth limit
    /// leaves with the evaluator's estimate.
    pub tree: GameTree,
    /// The move into each node, by node id (the root's is empty): for
    /// [`DrawOptions::move_labels`].
    pub move_labels: Vec<String>,
    /// How many leaves are estimates (cut by the depth limit) rather than finished games.
    pub estimated: usize,
}

/// Expands `game` from `root` to `depth` plies into a [`GameTree`] (node ids in preorder,
/// children in the game's move order, each node's player from [`Game::to_move`], so extra
/// turns are kept).
///
/// # Arguments
/// * `game`, `eval`, `root` - the game, the estimate at the depth limit, the position.
/// * `depth` - plies to expand; `0` gives the root alone, estimated.
/// * `max_nodes` - refuse trees with more nodes than this.
/// * `label` - how to write a move (e.g. `|m| m.to_string()`, or `|m| format!("{m:?}")`).
///
/// # Returns
/// The tree, the move labels and the number of estimated leaves.
///
/// # Errors
/// [`DrawError::TooManyNodes`] as soon as the tree outgrows `max_nodes` (the expansion
/// stops there, so the work is bounded by it); [`DrawError::Range`] for a value the
/// searches cannot hold.
///
/// # Complexity
/// O(nodes) game calls, at most `max_nodes + 1`; recursion `depth` deep.
///
/// # Example
/// ```
/// use searchlab_core::{Game, Player, Value};
/// use searchlab_gametree::draw::expand_game;
///
/// /// Take 1 or 2 from a pile; whoever takes the last wins (Max's view: +1 / -1).
/// struct Take;
/// impl Game for Take {
///     type State = (u8, Player);
///     type Move = u8;
///     fn to_move(&self, s: &(u8, Player)) -> Player { s.1 }
///     fn moves(&self, s: &(u8, Player), out: &mut Vec<u8>) { out.extend((1..=2).filter(|&t| t <= s.0)) }
///     fn play(&self, s: &(u8, Player), t: &u8) -> (u8, Player) { (s.0 - t, s.1.other()) }
///     fn terminal_value(&self, s: &(u8, Player)) -> Option<Value> {
///         (s.0 == 0).then(|| if s.1 == Player::Max { -1 } else { 1 })
///     }
/// }
/// let eval = |_: &(u8, Player)| 0;
/// let e = expand_game(&Take, &eval, &(3, Player::Max), 9, 100, |t| format!("-{t}")).unwrap();
/// assert_eq!(e.tree.render(0), "(((1),-1),(-1))");
/// assert_eq!(e.move_labels[1], "-1");
/// assert_eq!(e.estimated, 0);
/// ```
pub fn expand_game<G, E, L>(
    game: &G,
    eval: &E,
    root: &G::State,
    depth: u32,
    max_nodes: usize,
    label: L,
) -> Result<ExpandedGame, DrawError>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    L: Fn(&G::Move) -> String,
{
    struct Ctx<'a, G: Game + ?Sized, E: ?Sized, L> {
        game: &'a G,
        eval: &'a E,
        label: L,
        max_nodes: usize,
        depth: u32,
        tree: GameTree,
        labels: Vec<String>,
        estimated: usize,
    }
    impl<G: Game + ?Sized, E: Evaluator<G> + ?Sized, L: Fn(&G::Move) -> String> Ctx<'_, G, E, L> {
        fn grow(
            &mut self,
            state: &G::State,
            left: u32,
            parent: Option<usize>,
            index: usize,
            label: String,
        ) -> Result<(), DrawError> {
            if self.tree.nodes.len() >= self.max_nodes {
                return Err(DrawError::TooManyNodes {
                    limit: self.max_nodes,
                    depth: self.depth,
                });
            }
            let id = self.tree.nodes.len();
            self.tree.nodes.push(Node {
                player: self.game.to_move(state),
                children: Vec::new(),
                leaf: None,
                parent,
                index,
            });
            self.labels.push(label);
            if let Some(parent) = parent {
                self.tree.nodes[parent].children.push(id);
            }
            let mut moves = Vec::new();
            let value = match self.game.terminal_value(state) {
                Some(v) => Some(v),
                None => {
                    if left > 0 {
                        self.game.moves(state, &mut moves);
                    }
                    // At the horizon, or a game that has no move yet is not over (its
                    // contract broken): estimate, as the core's searches do.
                    if moves.is_empty() {
                        self.estimated += 1;
                        Some(self.eval.evaluate(self.game, state))
                    } else {
                        None
                    }
                }
            };
            if let Some(v) = value {
                if v.unsigned_abs() >= searchlab_core::INFINITY.unsigned_abs() {
                    return Err(DrawError::Range {
                        path: self.tree.name(id),
                        value: v,
                    });
                }
                self.tree.nodes[id].leaf = Some(v);
                return Ok(());
            }
            for (i, m) in moves.iter().enumerate() {
                let child = self.game.play(state, m);
                let text = (self.label)(m);
                self.grow(&child, left - 1, Some(id), i + 1, text)?;
            }
            Ok(())
        }
    }
    let mut ctx = Ctx {
        game,
        eval,
        label,
        max_nodes,
        depth,
        tree: GameTree { nodes: Vec::new() },
        labels: Vec::new(),
        estimated: 0,
    };
    ctx.grow(root, depth, None, 0, String::new())?;
    Ok(ExpandedGame {
        tree: ctx.tree,
        move_labels: ctx.labels,
        estimated: ctx.estimated,
    })
}

/// The picture of `game` from `root` to `depth` plies: [`expand_game`] (at most
/// [`MAX_DRAW_NODES`] nodes), [`analyse`](crate::analyse), [`tree_svg`] with the moves on the
/// edges. `opts.move_labels` is replaced by the moves.
///
/// # Errors
/// Those of [`expand_game`].
///
/// # Complexity
/// O(nodes), at most [`MAX_DRAW_NODES`].
///
/// # Example
/// ```
/// use searchlab_core::{Game, Player, Value};
/// use searchlab_gametree::draw::{DrawOptions, game_svg};
///
/// /// Max then Min each pick a digit 0..=2; the value is 3 * first - second.
/// struct Pick;
/// impl Game for Pick {
///     type State = Vec<u8>;
///     type Move = u8;
///     fn to_move(&self, s: &Vec<u8>) -> Player { if s.is_empty() { Player::Max } else { Player::Min } }
///     fn moves(&self, s: &Vec<u8>, out: &mut Vec<u8>) { if s.len() < 2 { out.extend(0..3) } }
///     fn play(&self, s: &Vec<u8>, m: &u8) -> Vec<u8> { let mut t = s.clone(); t.push(*m); t }
///     fn terminal_value(&self, s: &Vec<u8>) -> Option<Value> {
///         (s.len() == 2).then(|| 3 * Value::from(s[0]) - Value::from(s[1]))
///     }
/// }
/// let svg = game_svg(&Pick, &|_: &Vec<u8>| 0, &vec![], 2, |m| m.to_string(), &DrawOptions::default())
///     .unwrap();
/// assert_eq!(svg.matches("class=\"node ").count(), 13);
/// ```
pub fn game_svg<G, E, L>(
    game: &G,
    eval: &E,
    root: &G::State,
    depth: u32,
    label: L,
    opts: &DrawOptions,
) -> Result<String, DrawError>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    L: Fn(&G::Move) -> String,
{
    let e = expand_game(game, eval, root, depth, MAX_DRAW_NODES, label)?;
    let analysis = crate::analyse(&e.tree);
    let opts = DrawOptions {
        move_labels: e.move_labels,
        ..opts.clone()
    };
    Ok(tree_svg(&e.tree, &analysis, &opts))
}

/// The value of `--draw FILE` for a game tree's picture, refused before any search unless it
/// names an SVG file: the pictures are SVG, and a name ending in `.png` (or any other
/// extension) would hold SVG text under a name that says otherwise. A name without an
/// extension is taken as it is.
///
/// ```
/// use searchlab_gametree::draw::svg_path;
/// assert_eq!(svg_path(Some("t.svg")).unwrap(), Some("t.svg".into()));
/// assert_eq!(svg_path(None).unwrap(), None);
/// assert!(svg_path(Some("t.png")).unwrap_err().contains("SVG"));
/// ```
///
/// # Errors
/// A message naming the file when its extension is not `svg`.
pub fn svg_path(value: Option<&str>) -> Result<Option<std::path::PathBuf>, String> {
    let Some(value) = value else { return Ok(None) };
    let path = std::path::PathBuf::from(value);
    match path.extension() {
        Some(e) if !e.eq_ignore_ascii_case("svg") => Err(format!(
            "--draw {value}: the game-tree picture is SVG; name the file FILE.svg (only grids are drawn as PNG)"
        )),
        _ => Ok(Some(path)),
    }
}

/// `--draw BASE` for a game's positions: writes the `k`-th picture (from 0) of the tree of
/// `depth` plies below `root` ([`game_svg`] with a heading `"{heading}, {depth} plies"`) to
/// `BASE`, then `BASE-2.svg`, `BASE-3.svg`... (BASE's stem and extension), and says on stderr
/// what was written, or why not: a picture is a by-product of a solve, whose answer stands
/// either way.
///
/// # Complexity
/// That of [`game_svg`], plus writing the file.
#[allow(clippy::too_many_arguments)]
pub fn write_game_picture<G, E, L>(
    base: &std::path::Path,
    k: usize,
    game: &G,
    eval: &E,
    root: &G::State,
    depth: u32,
    label: L,
    heading: &str,
) where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    L: Fn(&G::Move) -> String,
{
    let path = if k == 0 {
        base.to_path_buf()
    } else {
        let stem = base.file_stem().unwrap_or_default().to_string_lossy();
        let ext = base
            .extension()
            .map_or("svg".into(), |e| e.to_string_lossy());
        base.with_file_name(format!("{stem}-{}.{ext}", k + 1))
    };
    let opts = DrawOptions {
        heading: Some(format!("{heading}, {depth} plies")),
        ..DrawOptions::default()
    };
    let svg = match game_svg(game, eval, root, depth, label, &opts) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("--draw: {} not written: {e}", path.display());
            return;
        }
    };
    let nodes = svg.matches("class=\"node ").count();
    match std::fs::write(&path, svg) {
        Ok(()) => eprintln!(
            "--draw: wrote {} ({nodes} nodes, {depth} plies)",
            path.display()
        ),
        Err(e) => eprintln!("--draw: cannot write {}: {e}", path.display()),
    }
}
