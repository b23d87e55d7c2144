//! Seed 004's worked examples, parse errors, and alpha-beta against minimax on random trees.

use proptest::prelude::*;
use searchlab_core::{Player, SplitMix64};
use searchlab_gametree::{GameTree, ParseError, analyse};

fn names(tree: &GameTree, nodes: &[usize]) -> Vec<String> {
    nodes.iter().map(|&n| tree.name(n)).collect()
}

#[test]
fn seed004_figure_3_10() {
    let text = include_str!("../../../puzzles/gametree/seed004_fig3_10.tree");
    let tree = GameTree::parse(text, Player::Max).unwrap();
    let a = analyse(&tree);
    assert_eq!(a.value, 1);
    assert_eq!(tree.path_name(&a.pv), "2.1.1.3"); // the right child, then down to the leaf 1
    assert_eq!(a.minimax_leaves, 20);
    assert_eq!(a.alphabeta_leaves, 10);
    // Below node 7 (after leaf 6 = -3), node 12 (its three other children), node 23 (after
    // leaf 22 = -3) and node 30 (after 29 = 6).
    assert_eq!(
        names(&tree, &a.pruned),
        ["1.1.2.2", "1.2.2", "1.2.3", "1.2.4", "2.1.2.2", "2.2.2"]
    );
}

#[test]
fn seed004_opening_example() {
    let text = include_str!("../../../puzzles/gametree/seed004_intro.tree");
    let tree = GameTree::parse(text, Player::Min).unwrap();
    let a = analyse(&tree);
    assert_eq!(a.value, 0); // k = 0
    assert_eq!(tree.path_name(&a.pv), "1.1"); // b, then a
    assert_eq!((a.minimax_leaves, a.alphabeta_leaves), (6, 3));
    assert_eq!(names(&tree, &a.pruned), ["1.2.2", "2.2"]); // e, and the subtree A
}

#[test]
fn a_single_leaf_and_whitespace() {
    let tree = GameTree::parse("  -7 ", Player::Max).unwrap();
    let a = analyse(&tree);
    assert_eq!((a.value, a.pv.len(), a.alphabeta_leaves), (-7, 0, 1));
    let tree = GameTree::parse(" ( 3 ,\n ( 5 , -2 ) ) ", Player::Min).unwrap();
    assert_eq!(tree.render(0), "(3,(5,-2))");
    assert_eq!(analyse(&tree).value, 3);
}

#[test]
fn parse_errors_give_the_position() {
    let err = |s: &str| GameTree::parse(s, Player::Max).unwrap_err();
    assert_eq!(err(""), ParseError::Empty);
    assert!(matches!(
        err("((3,5),(6,(9,1))"),
        ParseError::ExpectedSeparator {
            pos: 17,
            open: 1,
            ..
        }
    ));
    assert!(matches!(
        err("(3,,5)"),
        ParseError::ExpectedTree { pos: 4, .. }
    ));
    assert!(matches!(
        err("(3;5)"),
        ParseError::ExpectedSeparator {
            pos: 3,
            open: 1,
            ..
        }
    ));
    assert!(matches!(err("(3,())"), ParseError::EmptyList { pos: 4 }));
    assert!(matches!(err("(3,5))"), ParseError::Trailing { pos: 6, .. }));
    assert!(matches!(
        err("(3,x)"),
        ParseError::ExpectedTree { pos: 4, .. }
    ));
    assert!(matches!(
        err("(3,-)"),
        ParseError::ExpectedTree { pos: 4, .. }
    ));
    assert!(matches!(
        err("(99999999999)"),
        ParseError::Range { pos: 2, .. }
    ));
    let deep = "(".repeat(5_000) + "1" + &")".repeat(5_000);
    assert!(matches!(err(&deep), ParseError::TooDeep { .. }));
    // The messages say where and what.
    assert_eq!(
        err("(3,,5)").to_string(),
        "position 4: expected a number or '(', found ','"
    );
}

/// A random tree as text.
fn random_text(rng: &mut SplitMix64, depth: u32, out: &mut String) {
    if depth == 0 || rng.below(4) == 0 {
        out.push_str(&(rng.below(21) as i32 - 10).to_string());
        return;
    }
    out.push('(');
    let k = 1 + rng.below(4);
    for i in 0..k {
        if i > 0 {
            out.push(',');
        }
        random_text(rng, depth - 1, out);
    }
    out.push(')');
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Alpha-beta equals minimax, its leaves plus the pruned subtrees' leaves are all the
    /// leaves, and rewriting the pruned subtrees does not change the value.
    #[test]
    fn pruning_is_sound(seed in any::<u64>(), max_root in any::<bool>()) {
        let mut rng = SplitMix64::new(seed);
        let mut text = String::new();
        random_text(&mut rng, 6, &mut text);
        let root = if max_root { Player::Max } else { Player::Min };
        let tree = GameTree::parse(&text, root).unwrap();
        prop_assert_eq!(tree.render(0), text.clone());
        let a = analyse(&tree);
        prop_assert_eq!(a.minimax_leaves as usize, tree.leaf_count());
        let pruned_leaves: usize = a.pruned.iter()
            .map(|&n| GameTree::parse(&tree.render(n), Player::Max).unwrap().leaf_count())
            .sum();
        prop_assert_eq!(a.alphabeta_leaves as usize + pruned_leaves, tree.leaf_count());
        // Replace every pruned subtree by an extreme leaf: the value cannot move.
        let rewritten = rewrite(&tree, 0, &a.pruned, if rng.below(2) == 0 { 1000 } else { -1000 });
        let b = analyse(&GameTree::parse(&rewritten, root).unwrap());
        prop_assert_eq!(b.value, a.value);
    }
}

/// The tree's text with each pruned subtree replaced by the leaf `leaf`.
fn rewrite(tree: &GameTree, node: usize, pruned: &[usize], leaf: i32) -> String {
    if pruned.contains(&node) {
        return leaf.to_string();
    }
    if let Some(v) = tree.leaf(node) {
        return v.to_string();
    }
    let parts: Vec<String> = tree
        .children(node)
        .iter()
        .map(|&c| rewrite(tree, c, pruned, leaf))
        .collect();
    format!("({})", parts.join(","))
}
