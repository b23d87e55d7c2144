//! Principal variation search against the plain-minimax oracle and alpha-beta: every solver
//! gives the same value, with and without the table, at every depth limit, on random trees and
//! DAGs with extra turns, on a scored game whose table keys drop the score, on every reachable
//! 3 x 3 tic-tac-toe position and on random 4 x 4 positions. Also windows and limits.

mod common;

use common::{Graph, ScoredPile, Ttt, open_lines, random_dag, random_tree};
use proptest::prelude::*;
use searchlab_core::{
    AlphaBeta, AlphaBetaConfig, Bound, Cancel, Evaluator, Game, GameOutcome, LimitKind, Limits,
    Pvs, PvsConfig, Value, alphabeta, minimax, pvs,
};

/// Every PVS setting worth checking at one depth limit.
fn pvs_configs(depth: Option<u32>, range: Option<(Value, Value)>) -> Vec<PvsConfig> {
    let mut out = Vec::new();
    for table in [false, true] {
        for iterative in [false, true] {
            let mut c = PvsConfig::new().with_table(table).with_iterative(iterative);
            if let Some(d) = depth {
                c = c.with_depth(d);
            }
            if let Some((lo, hi)) = range {
                c = c.with_value_range(lo, hi);
            }
            out.push(c);
        }
    }
    out
}

/// PVS (every setting, one fresh searcher each and one reused searcher), alpha-beta with and
/// without table, all equal to minimax at `root`; the best move achieves the value.
fn check<G, E>(
    game: &G,
    root: &G::State,
    eval: &E,
    depth: Option<u32>,
    range: Option<(Value, Value)>,
) where
    G: Game,
    E: Evaluator<G>,
{
    let mut limits = Limits::none();
    if let Some(d) = depth {
        limits = limits.with_max_cost(u64::from(d));
    }
    let want = minimax(game, root, eval, &limits)
        .outcome
        .solution()
        .expect("no limits")
        .clone();
    for table in [false, true] {
        let ab = AlphaBeta::new(
            AlphaBetaConfig::new()
                .with_limits(limits.clone())
                .with_table(table),
        )
        .search(game, root, eval);
        assert_eq!(
            ab.outcome.value(),
            Some(want.value),
            "alphabeta table={table}"
        );
    }
    for config in pvs_configs(depth, range) {
        let run = Pvs::new(config.clone()).search(game, root, eval);
        let got = run.outcome.solution().expect("no limits");
        assert_eq!(got.value, want.value, "{config:?} {root:?}");
        assert_eq!(got.bound, Bound::Exact);
        // Pruning sees a subset of minimax's lines: complete whenever minimax is, and when
        // complete (no explored line met the depth limit) the value is the game's own.
        assert!(got.complete || !want.complete, "{config:?}");
        if got.complete && depth.is_some() {
            let full = minimax(game, root, eval, &Limits::none()).outcome.value();
            assert_eq!(
                Some(got.value),
                full,
                "complete yet not the game's value: {config:?}"
            );
        }
        if let Some(best) = &got.best {
            // The best move is one of minimax's best moves: its child has the root's value.
            let child = game.play(root, best);
            let mut child_limits = Limits::none();
            if let Some(d) = depth {
                child_limits = child_limits.with_max_cost(u64::from(d.saturating_sub(1)));
            }
            let v = minimax(game, &child, eval, &child_limits).outcome.value();
            assert_eq!(v, Some(want.value), "best move {best:?} of {config:?}");
        } else {
            assert!(want.best.is_none());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn pvs_equals_minimax_on_random_trees(seed in any::<u64>(), depth in 0u32..7, limited in any::<bool>()) {
        let g = random_tree(seed, 400, 7, 9);
        check(&g, &0, &g.eval(), limited.then_some(depth), None);
    }

    #[test]
    fn pvs_equals_minimax_on_random_dags(seed in any::<u64>(), depth in 1u32..8, limited in any::<bool>()) {
        let g = random_dag(seed, 8, 6, 9);
        check(&g, &0, &g.eval(), limited.then_some(depth), None);
    }

    #[test]
    fn pvs_equals_minimax_with_narrow_values(seed in any::<u64>()) {
        // Values -1..=1 (many ties, the null window often is the whole window).
        let g = random_tree(seed, 300, 8, 1);
        check(&g, &0, &g.eval(), None, Some((-1, 1)));
    }

    #[test]
    fn pvs_equals_minimax_with_offset_relative_table(seed in any::<u64>(), pile in 1u8..15, depth in 1u32..8, limited in any::<bool>()) {
        let game = ScoredPile::random(seed, pile);
        let root = (pile, 0, searchlab_core::Player::Max);
        let eval = |s: &(u8, Value, searchlab_core::Player)| s.1 + Value::from(s.0 % 3);
        check(&game, &root, &eval, limited.then_some(depth), None);
    }

    #[test]
    fn pvs_windows_are_sound(seed in any::<u64>(), a in -6i32..6, width in 1i32..5) {
        let g = random_tree(seed, 300, 6, 6);
        let exact = minimax(&g, &0, &g.eval(), &Limits::none()).outcome.value().unwrap();
        let (alpha, beta) = (a, a + width);
        for table in [false, true] {
            let run = Pvs::new(PvsConfig::new().with_table(table)).search_window(&g, &0, &g.eval(), alpha, beta);
            let got = run.outcome.solution().unwrap();
            match got.bound {
                Bound::Exact => prop_assert_eq!(got.value, exact),
                Bound::Lower => prop_assert!(got.value >= beta && exact >= got.value),
                Bound::Upper => prop_assert!(got.value <= alpha && exact <= got.value),
            }
        }
    }
}

#[test]
fn pvs_equals_minimax_on_every_3x3_position() {
    let game = Ttt::new(3, 3);
    let eval = open_lines(&game);
    let positions = game.reachable();
    assert_eq!(positions.len(), 5478); // the well-known count of legal 3 x 3 positions
    let mut shared_table = Pvs::new(PvsConfig::new());
    for s in &positions {
        let want = minimax(&game, s, &|_: &_| 0, &Limits::none())
            .outcome
            .value();
        for table in [false, true] {
            let got = Pvs::new(PvsConfig::new().with_table(table)).search(&game, s, &|_: &_| 0);
            assert_eq!(got.outcome.value(), want, "{s:?} table={table}");
        }
        // One searcher for all positions: its table must stay right across searches.
        let got = shared_table.search(&game, s, &|_: &_| 0);
        assert_eq!(got.outcome.value(), want, "{s:?} shared table");
        // Depth-limited with an evaluator, against minimax at the same depth.
        for depth in [1, 2, 3] {
            let limits = Limits::none().with_max_cost(depth);
            let want = minimax(&game, s, &eval, &limits).outcome.value();
            let got = pvs(&game, s, &eval, &limits).outcome.value();
            assert_eq!(got, want, "{s:?} depth {depth}");
        }
    }
    // The empty board is a draw.
    assert_eq!(
        pvs(&game, &(0, 0), &|_: &_| 0, &Limits::none())
            .outcome
            .value(),
        Some(0)
    );
}

#[test]
fn pvs_equals_minimax_and_alphabeta_on_random_4x4_positions() {
    let game = Ttt::new(4, 4);
    let eval = open_lines(&game);
    let mut rng = searchlab_core::SplitMix64::new(2026);
    let mut checked = 0;
    while checked < 40 {
        let stones = 7 + rng.below(4) as u32;
        let Some(s) = game.random_position(&mut rng, stones) else {
            continue;
        };
        check(&game, &s, &|_: &_| 0, None, Some((-1, 1)));
        check(&game, &s, &eval, Some(3), None);
        checked += 1;
    }
}

#[test]
fn pvs_uses_fewer_or_equal_nodes_than_minimax_and_cuts() {
    let game = Ttt::new(3, 3);
    let plain = minimax(&game, &(0, 0), &|_: &_| 0, &Limits::none());
    let scout = Pvs::new(PvsConfig::new().with_table(false)).search(&game, &(0, 0), &|_: &_| 0);
    assert!(scout.stats.expanded < plain.stats.expanded / 10);
    assert!(scout.stats.cutoffs > 0);
    let tabled = pvs(&game, &(0, 0), &|_: &_| 0, &Limits::none());
    assert!(tabled.stats.table_hits > 0 && tabled.stats.table_probes >= tabled.stats.table_hits);
    assert!(tabled.stats.expanded < scout.stats.expanded);
    // Same value as alpha-beta, and a principal variation that starts with the best move.
    let ab = alphabeta(&game, &(0, 0), &|_: &_| 0, &Limits::none());
    assert_eq!(ab.outcome.value(), tabled.outcome.value());
    let sol = tabled.outcome.solution().unwrap();
    assert_eq!(sol.pv.first(), sol.best.as_ref());
}

#[test]
fn pvs_limits_stop_without_panic() {
    let game = Ttt::new(4, 4);
    let run = pvs(
        &game,
        &(0, 0),
        &|_: &_| 0,
        &Limits::none().with_max_expanded(1000),
    );
    assert!(matches!(
        run.outcome,
        GameOutcome::Stopped {
            limit: LimitKind::Nodes,
            ..
        }
    ));
    assert!(run.stats.expanded <= 1000);

    let cancel = Cancel::new();
    cancel.cancel();
    let run = pvs(
        &game,
        &(0, 0),
        &|_: &_| 0,
        &Limits::none().with_cancel(cancel),
    );
    assert!(matches!(
        run.outcome,
        GameOutcome::Stopped {
            limit: LimitKind::Cancelled,
            ..
        }
    ));

    let run = pvs(
        &game,
        &(0, 0),
        &|_: &_| 0,
        &Limits::none().with_timeout(std::time::Duration::ZERO),
    );
    assert!(matches!(
        run.outcome,
        GameOutcome::Stopped {
            limit: LimitKind::Time,
            ..
        }
    ));

    // Iterative deepening stopped by nodes keeps its deepest completed iteration.
    let mut search = Pvs::new(
        PvsConfig::new()
            .with_iterative(true)
            .with_limits(Limits::none().with_max_expanded(20_000)),
    );
    let eval = open_lines(&game);
    let run = search.search(&game, &(0, 0), &eval);
    match run.outcome {
        GameOutcome::Stopped { limit, deepest } => {
            assert_eq!(limit, LimitKind::Nodes);
            let d = deepest.expect("depth 1 fits in 20,000 nodes");
            assert!(d.best.is_some() && d.depth.unwrap() >= 1);
        }
        GameOutcome::Solved(_) => panic!("4 x 4 cannot be solved in 20,000 nodes"),
    }
}

#[test]
fn pvs_root_over_and_empty_range() {
    let game = Ttt::new(3, 3);
    let won = game.parse("xxx/oo./...");
    let run = pvs(&game, &won, &|_: &_| 0, &Limits::none());
    let sol = run.outcome.solution().unwrap();
    assert_eq!((sol.value, sol.best), (1, None));
    // An empty range declares nothing: the search stays exact.
    let run = Pvs::new(PvsConfig::new().with_value_range(3, 3)).search(&game, &(0, 0), &|_: &_| 0);
    assert_eq!(run.outcome.value(), Some(0));
}

/// A graph that is its own type check: a DAG whose root is Min, searched with a shared table
/// at every depth in turn (entries from deeper searches must not answer shallower ones).
#[test]
fn one_searcher_across_depths() {
    for seed in 0..50 {
        let g: Graph = random_dag(seed, 7, 5, 9);
        let mut search = Pvs::new(PvsConfig::new());
        for depth in (1..=7).rev().chain(1..=7) {
            search.set_config(PvsConfig::new().with_depth(depth));
            let got = search.search(&g, &0, &g.eval()).outcome.value();
            let want = minimax(
                &g,
                &0,
                &g.eval(),
                &Limits::none().with_max_cost(u64::from(depth)),
            )
            .outcome
            .value();
            assert_eq!(got, want, "seed {seed} depth {depth}");
        }
    }
}

/// Regression: with table and iterative deepening, a node whose window a depth-limited table
/// bound had narrowed answered as complete. Seed 1160, pile 4: at depth 2, (2, 0, Max) has a
/// depth-1 upper bound 0, so beta becomes 0; its first child is a finished game worth 0, a
/// cut-off; the node answers 0 with height 1, "complete", though the upper half of that 0 is
/// the depth-1 bound (the game's value is 1). The root then stops at depth 3 with 0. These
/// seeds failed before the fix; every setting is checked at every depth limit.
#[test]
fn pvs_narrowed_window_is_not_complete() {
    for (seed, piles) in [
        (1160u64, &[4u8][..]),
        (1207, &[7, 9, 11]),
        (1372, &[9, 11]),
        (1570, &[9]),
        (2189, &[11]),
    ] {
        for &pile in piles {
            let game = ScoredPile::random(seed, pile);
            let root = (pile, 0, searchlab_core::Player::Max);
            let eval = |s: &(u8, Value, searchlab_core::Player)| s.1 + Value::from(s.0 % 3);
            check(&game, &root, &eval, None, None);
            for depth in 1..=u32::from(pile) {
                check(&game, &root, &eval, Some(depth), None);
            }
        }
    }
}
