//! Alpha-beta's cutoffs as its observer sees them ([`searchlab_core::observe`]) are exactly
//! the pruning of seed 004's figures: the moves each cutoff skipped are the roots of the
//! subtrees [`analyse`] finds never visited.

use searchlab_core::observe::{GameEvent, GameObserver};
use searchlab_core::{AlphaBeta, AlphaBetaConfig, Player, SplitMix64};
use searchlab_gametree::{GameTree, analyse};

/// The children each cutoff skipped, and how many cutoffs there were.
struct Skipped<'t> {
    tree: &'t GameTree,
    roots: Vec<usize>,
    cutoffs: u64,
}

impl GameObserver<usize> for Skipped<'_> {
    fn event(&mut self, event: GameEvent<'_, usize>) {
        if let GameEvent::Cutoff {
            state, mv, skipped, ..
        } = event
        {
            // No table, so no move is searched out of the tree's order: the skipped moves
            // are the ones after the cutting move.
            let children = self.tree.children(*state);
            assert_eq!(children.len() - mv - 1, skipped);
            self.roots.extend_from_slice(&children[mv + 1..]);
            self.cutoffs += 1;
        }
    }
}

fn check(tree: &GameTree) {
    let no_eval = |_: &usize| 0;
    let mut seen = Skipped {
        tree,
        roots: Vec::new(),
        cutoffs: 0,
    };
    let run = AlphaBeta::new(AlphaBetaConfig::new().with_table(false))
        .search_observed(tree, &0, &no_eval, &mut seen);
    let analysis = analyse(tree);
    assert_eq!(run.stats.cutoffs, seen.cutoffs);
    let mut pruned = analysis.pruned.clone();
    pruned.sort_unstable();
    seen.roots.sort_unstable();
    assert_eq!(seen.roots, pruned);
}

#[test]
fn seed004_figures_cutoffs_are_the_pruned_subtrees() {
    let fig = include_str!("../../../puzzles/gametree/seed004_fig3_10.tree");
    let fig = GameTree::parse(fig, Player::Max).unwrap();
    check(&fig);
    assert_eq!(analyse(&fig).pruned.len(), 6);
    let intro = include_str!("../../../puzzles/gametree/seed004_intro.tree");
    check(&GameTree::parse(intro, Player::Min).unwrap());
}

/// A random tree in the text format: up to `depth` levels, 1-4 children, leaves -9..=9.
fn random_tree(rng: &mut SplitMix64, depth: u32) -> String {
    if depth == 0 || rng.below(5) == 0 {
        return (rng.below(19) as i64 - 9).to_string();
    }
    let children: Vec<String> = (0..1 + rng.below(4))
        .map(|_| random_tree(rng, depth - 1))
        .collect();
    format!("({})", children.join(","))
}

#[test]
fn random_trees_cutoffs_are_the_pruned_subtrees() {
    let mut rng = SplitMix64::new(17);
    for _ in 0..300 {
        let text = random_tree(&mut rng, 6);
        let root = if rng.below(2) == 0 {
            Player::Max
        } else {
            Player::Min
        };
        check(&GameTree::parse(&text, root).unwrap());
    }
}
