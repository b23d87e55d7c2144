//! The tree pictures: well-formed SVG with one shape per node, the pruned subtrees greyed,
//! the principal variation highlighted, alpha-beta's per-node walk agreeing with the core's,
//! the game expansion's node counts, and the committed figures of seed 004 regenerated.
//!
//! After a deliberate change to the drawing, rewrite the committed figures with
//! `UPDATE_SVG=1 cargo test -p searchlab-gametree --test draw` and look at them.

use roxmltree::Document;
use searchlab_core::{Bound, Game, Player, SplitMix64};
use searchlab_gametree::draw::{
    self, DrawError, DrawOptions, MAX_DRAW_NODES, alphabeta_trace, expand_game, game_svg,
    minimax_values, tree_svg,
};
use searchlab_gametree::{Analysis, GameTree, analyse};
use searchlab_tictactoe::{Geometry, SeedEval, TicTacToe, perft};

/// Classes of the node shapes, in document order.
fn node_classes(svg: &str) -> Vec<String> {
    let doc = Document::parse(svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter_map(|n| n.attribute("class"))
        .filter(|c| c.split(' ').next() == Some("node"))
        .map(str::to_owned)
        .collect()
}

fn count_with(classes: &[String], word: &str) -> usize {
    classes
        .iter()
        .filter(|c| c.split(' ').any(|w| w == word))
        .count()
}

/// Nodes inside the pruned subtrees, counted from the analysis.
fn pruned_nodes(tree: &GameTree, a: &Analysis) -> usize {
    fn size(tree: &GameTree, n: usize) -> usize {
        1 + tree
            .children(n)
            .iter()
            .map(|&c| size(tree, c))
            .sum::<usize>()
    }
    a.pruned.iter().map(|&n| size(tree, n)).sum()
}

/// The picture's checks that hold on every tree.
fn check_picture(tree: &GameTree, a: &Analysis, svg: &str) {
    let classes = node_classes(svg);
    assert_eq!(classes.len(), tree.len(), "one shape per node");
    assert_eq!(count_with(&classes, "leaf"), tree.leaf_count());
    assert_eq!(count_with(&classes, "pruned"), pruned_nodes(tree, a));
    assert_eq!(count_with(&classes, "pv"), a.pv.len() + 1);
    let doc = Document::parse(svg).unwrap();
    let cuts = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cut"))
        .count();
    // One double bar per pruned subtree, plus the legend's sample.
    assert_eq!(cuts, a.pruned.len() + 1);
}

const SEEDS: [(&str, Player); 2] = [
    ("seed004_fig3_10", Player::Max),
    ("seed004_intro", Player::Min),
];

fn seed_picture(name: &str, root: Player) -> (GameTree, Analysis, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/gametree");
    let text = std::fs::read_to_string(format!("{dir}/{name}.tree")).unwrap();
    let tree = GameTree::parse(&text, root).unwrap();
    let a = analyse(&tree);
    let opts = DrawOptions {
        heading: Some(format!("puzzles/gametree/{name}.tree (root {root:?})")),
        ..DrawOptions::default()
    };
    let svg = tree_svg(&tree, &a, &opts);
    (tree, a, svg)
}

#[test]
fn seed004_pictures_show_the_analysis() {
    for (name, root) in SEEDS {
        let (tree, a, svg) = seed_picture(name, root);
        check_picture(&tree, &a, &svg);
    }
    // Figure 3.10 in numbers: 6 pruned subtrees (three of them below node 12), the PV to the
    // leaf 1 four plies down.
    let (tree, a, svg) = seed_picture(SEEDS[0].0, SEEDS[0].1);
    let classes = node_classes(&svg);
    assert_eq!(count_with(&classes, "pv"), 5);
    assert_eq!(a.pruned.len(), 6);
    assert!(count_with(&classes, "pruned") > a.pruned.len()); // node 12's subtrees are deep
    assert!(svg.contains("value 1 "));
    assert!(svg.contains("minimax 20, alpha-beta 10"));
    // The seed's bounds: node 7 (1.1.2) "β ≤ -3", node 12 (1.2) "α ≥ 3".
    let bounds: Vec<String> = Document::parse(&svg)
        .unwrap()
        .descendants()
        .filter(|n| n.attribute("class") == Some("bound"))
        .map(|n| n.text().unwrap().trim().to_owned())
        .collect();
    assert!(bounds.contains(&"≤-3".to_owned()), "{bounds:?}");
    assert!(bounds.contains(&"≥3".to_owned()), "{bounds:?}");
    let _ = tree;
}

#[test]
fn committed_figures_are_regenerated() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/gametree");
    for (name, root) in SEEDS {
        let (_, _, svg) = seed_picture(name, root);
        let path = format!("{dir}/{name}.svg");
        if std::env::var_os("UPDATE_SVG").is_some() {
            std::fs::write(&path, &svg).unwrap();
        }
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path}: {e} (UPDATE_SVG=1 writes it)"));
        assert!(
            committed == svg,
            "{path} is stale: UPDATE_SVG=1 cargo test -p searchlab-gametree --test draw"
        );
    }
}

/// A random tree: branching 1..=4, depth up to 5, leaves in -9..=9.
fn random_tree(rng: &mut SplitMix64, depth: u32) -> String {
    if depth == 0 || rng.below(5) == 0 {
        return (rng.below(19) as i64 - 9).to_string();
    }
    let k = 1 + rng.below(4);
    let parts: Vec<String> = (0..k).map(|_| random_tree(rng, depth - 1)).collect();
    format!("({})", parts.join(","))
}

#[test]
fn the_per_node_walk_is_the_cores_alphabeta() {
    let mut rng = SplitMix64::new(17);
    for round in 0..400 {
        let text = random_tree(&mut rng, 5);
        let root = if round % 2 == 0 {
            Player::Max
        } else {
            Player::Min
        };
        let tree = GameTree::parse(&text, root).unwrap();
        let a = analyse(&tree);
        let values = minimax_values(&tree);
        let trace = alphabeta_trace(&tree);
        assert_eq!(values[0], a.value, "{text}");
        let root_answer = trace[0].unwrap();
        assert_eq!(
            (root_answer.value, root_answer.bound),
            (a.value, Bound::Exact)
        );
        // The same leaves read, the same subtrees skipped.
        let leaves = (0..tree.len())
            .filter(|&n| tree.leaf(n).is_some() && trace[n].is_some())
            .count();
        assert_eq!(leaves as u64, a.alphabeta_leaves, "{text}");
        let skipped: Vec<usize> = (0..tree.len())
            .filter(|&n| {
                trace[n].is_none()
                    && (0..tree.len()).any(|p| trace[p].is_some() && tree.children(p).contains(&n))
            })
            .collect();
        assert_eq!(skipped, a.pruned, "{text}");
        // A bound is on the right side of the true value; an exact answer is the value.
        for n in 0..tree.len() {
            if let Some(s) = trace[n] {
                match s.bound {
                    Bound::Exact => assert_eq!(s.value, values[n], "{text} node {n}"),
                    Bound::Lower => assert!(values[n] >= s.value, "{text} node {n}"),
                    Bound::Upper => assert!(values[n] <= s.value, "{text} node {n}"),
                }
            }
        }
        check_picture(&tree, &a, &tree_svg(&tree, &a, &DrawOptions::default()));
    }
}

#[test]
fn tictactoe_to_depth_two_has_every_position() {
    let geometry = Geometry::new(3, 3).unwrap();
    let game = TicTacToe::new(geometry.clone());
    // x to move and wins at (0,2): that child is a finished game, a leaf at depth 1.
    let board = geometry.parse("xx./oo./...").unwrap();
    let e = expand_game(&game, &SeedEval, &board, 2, MAX_DRAW_NODES, |m| {
        m.to_string()
    })
    .unwrap();
    let expected: u64 = (0..=2).map(|d| perft(&geometry, &board, d, true)).sum();
    assert_eq!(e.tree.len() as u64, expected);
    assert_eq!(e.tree.len(), 1 + 5 + 4 * 4);
    // Every node but the root has its move; the first child is the win, a leaf.
    assert_eq!(e.move_labels.len(), e.tree.len());
    assert_eq!(e.move_labels[1], "(0,2)");
    let first = e.tree.children(0)[0];
    assert!(e.tree.leaf(first).is_some() && e.tree.children(first).is_empty());
    // 16 positions at depth 2, but after x's (2,0), (2,1) or (2,2) o completes its row at
    // (1,2): those three are finished games, not estimates.
    assert_eq!(e.estimated, 16 - 3);
    // Players come from the game: x (Max) at the root, o below.
    assert_eq!(e.tree.player(0), Player::Max);
    assert!(
        e.tree
            .children(0)
            .iter()
            .all(|&c| e.tree.player(c) == Player::Min)
    );

    // The picture of it: the win comes first; each of x's four other moves is then dropped
    // after o's first reply (no reply can beat the win), its three other replies pruned.
    let opts = DrawOptions::default();
    let svg = game_svg(&game, &SeedEval, &board, 2, |m| m.to_string(), &opts).unwrap();
    let a = analyse(&e.tree);
    check_picture(&e.tree, &a, &svg);
    assert_eq!(e.tree.path_name(&a.pv), "1");
    assert_eq!(a.pruned.len(), 4 * 3);
    assert!(svg.contains("\n(0,2)\n"));
}

#[test]
fn too_large_a_tree_is_refused() {
    let geometry = Geometry::new(3, 3).unwrap();
    let game = TicTacToe::new(geometry.clone());
    let empty = geometry.parse(".../.../...").unwrap();
    // 1 + 9 + 72 + 504 = 586 nodes to depth 3; 3,024 more at depth 4.
    let e = expand_game(&game, &SeedEval, &empty, 3, MAX_DRAW_NODES, |m| {
        m.to_string()
    })
    .unwrap();
    assert_eq!(e.tree.len(), 586);
    let err = game_svg(
        &game,
        &SeedEval,
        &empty,
        4,
        |m| m.to_string(),
        &DrawOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        err,
        DrawError::TooManyNodes {
            limit: MAX_DRAW_NODES,
            depth: 4
        }
    );
    assert!(err.to_string().contains("depth 4"));
    // The limit is exact: a tree of exactly `max_nodes` nodes passes.
    assert!(expand_game(&game, &SeedEval, &empty, 3, 586, |m| m.to_string()).is_ok());
    assert!(expand_game(&game, &SeedEval, &empty, 3, 585, |m| m.to_string()).is_err());
}

/// A game whose moves have XML's special characters in their names and whose turns do not
/// alternate: Max moves twice, then Min.
struct Odd;
impl Game for Odd {
    type State = u8;
    type Move = u8;
    fn to_move(&self, s: &u8) -> Player {
        if *s < 2 { Player::Max } else { Player::Min }
    }
    fn moves(&self, s: &u8, out: &mut Vec<u8>) {
        if *s < 3 {
            out.extend([0, 1]);
        }
    }
    fn play(&self, s: &u8, _: &u8) -> u8 {
        s + 1
    }
    fn terminal_value(&self, s: &u8) -> Option<i32> {
        (*s == 3).then_some(i32::from(*s))
    }
}

#[test]
fn labels_are_escaped_and_players_come_from_the_game() {
    let e = expand_game(&Odd, &|_: &u8| 0, &0, 5, 100, |m| format!("<{m}&\"'>")).unwrap();
    assert_eq!(e.tree.len(), 15);
    assert_eq!(e.tree.player(e.tree.children(0)[0]), Player::Max);
    let svg = game_svg(
        &Odd,
        &|_: &u8| 0,
        &0,
        5,
        |m| format!("<{m}&\"'>"),
        &DrawOptions::default(),
    )
    .unwrap();
    let classes = node_classes(&svg);
    assert_eq!(count_with(&classes, "max"), 3);
    assert_eq!(count_with(&classes, "min"), 12); // 4 MIN nodes, 8 leaves (MAX's turn ended)
    let doc = Document::parse(&svg).unwrap();
    assert!(
        doc.descendants()
            .any(|n| n.text().map(str::trim) == Some("<0&\"'>"))
    );
}

#[test]
fn a_single_leaf_is_a_picture_too() {
    let tree = GameTree::parse("7", Player::Max).unwrap();
    let a = analyse(&tree);
    let svg = draw::tree_svg(&tree, &a, &DrawOptions::default());
    check_picture(&tree, &a, &svg);
}

#[test]
fn draw_tree_refuses_what_it_cannot_show() {
    // A complete binary tree of depth 10 has 2,047 nodes; depth 9 has 1,023.
    fn full(depth: u32) -> String {
        if depth == 0 {
            "1".into()
        } else {
            format!("({0},{0})", full(depth - 1))
        }
    }
    let big = GameTree::parse(&full(10), Player::Max).unwrap();
    assert_eq!(
        draw::draw_tree(&big, &DrawOptions::default()).unwrap_err(),
        DrawError::TreeTooLarge {
            nodes: 2_047,
            limit: MAX_DRAW_NODES
        }
    );
    let small = GameTree::parse(&full(9), Player::Max).unwrap();
    let svg = draw::draw_tree(&small, &DrawOptions::default()).unwrap();
    check_picture(&small, &analyse(&small), &svg);
}
