//! MTD(f) and bisection against the plain-minimax oracle (issue 16): on random trees and DAGs
//! with extra turns whose values sit at the extremes of the value range, on a scored game whose
//! table keys drop a large score (`value_offset`), and on games that give bounds of their
//! non-terminal positions ([`Game::value_bounds`]) but nonsense for finished ones, as Connect
//! Four's stone-count bounds are. Both narrowings of [`mtdf()`], over the whole range and over
//! the game's, and the catalogue's `mtdf`, must give minimax's value, exact.

// The core's test games, shared rather than copied; the catalogue's `mtdf` is the toolkit's.
#[path = "../../core/tests/common/mod.rs"]
mod common;

use common::{Bounded, Graph, ScoredPile, random_dag, random_tree};
use proptest::prelude::*;
use searchlab_toolkit::{
    AlphaBeta, AlphaBetaConfig, Bound, Evaluator, Game, GameSolver, INFINITY, Limits, Narrowing,
    Player, Value, minimax, mtdf,
};

/// `graph` with its values moved to the edges of the range: each value `v` in `-range..=range`
/// becomes `v` itself, or `v` pushed next to `±INFINITY` (keeping the order of values within
/// each band), chosen by `shift`: 0 keeps them small, 1 pushes the positive ones up, 2 the
/// negative ones down, 3 both.
fn extreme(mut graph: Graph, shift: u8) -> Graph {
    let top = INFINITY - 1;
    for v in &mut graph.score {
        if shift & 1 != 0 && *v > 0 {
            *v += top - 1000;
        } else if shift & 2 != 0 && *v < 0 {
            *v += -top + 1000;
        }
    }
    graph
}

/// Bounds of a game that knows them: `inner`'s exact value of each non-terminal node
/// (precomputed by minimax) widened by a random slack on each side (zero included: `lo == hi`),
/// and on finished nodes bounds that exclude their value (the contract asks nothing there).
fn wrong_when_finished(inner: &Graph, seed: u64) -> Vec<(Value, Value)> {
    let mut rng = searchlab_toolkit::SplitMix64::new(seed);
    (0..inner.player.len())
        .map(|s| {
            let v = minimax(inner, &s, &inner.eval(), &Limits::none())
                .outcome
                .value()
                .expect("no limits");
            if inner.children[s].is_empty() {
                // Wrong on purpose: the value is outside.
                let (a, b) = if v > 0 {
                    (v - 3, v - 1)
                } else {
                    (v + 1, v + 3)
                };
                return (a, b);
            }
            let slack = |rng: &mut searchlab_toolkit::SplitMix64| match rng.below(4) {
                0 => 0,
                1 => 1,
                _ => rng.below(50) as Value,
            };
            let (a, b) = (slack(&mut rng), slack(&mut rng));
            (
                v.saturating_sub(a).max(-INFINITY + 1),
                v.saturating_add(b).min(INFINITY - 1),
            )
        })
        .collect()
}

/// Every way to run MTD(f) at `root` gives minimax's value, exact: both narrowings over the
/// whole range (MTD(f) from a guess near and far), over `range` when given (the game's known
/// range), with and without table, and the catalogue's `mtdf` with and without a configured
/// range. The best move of the driver achieves the value.
fn check<G, E>(game: &G, root: &G::State, eval: &E, range: Option<(Value, Value)>, what: &str)
where
    G: Game,
    E: Evaluator<G>,
{
    let exact = minimax(game, root, eval, &Limits::none())
        .outcome
        .value()
        .expect("no limits");
    let full = (-INFINITY, INFINITY);
    let narrowings = [
        Narrowing::Bisect,
        Narrowing::Mtdf { guess: 0 },
        Narrowing::Mtdf { guess: exact },
        Narrowing::Mtdf { guess: Value::MIN },
        Narrowing::Mtdf { guess: Value::MAX },
    ];
    let mut ranges = vec![(full, AlphaBetaConfig::new())];
    if let Some((lo, hi)) = range {
        ranges.push(((lo, hi), AlphaBetaConfig::new().with_value_range(lo, hi)));
    }
    for (r, config) in &ranges {
        for narrowing in narrowings {
            for table in [true, false] {
                let mut search = AlphaBeta::new(config.clone().with_table(table));
                let run = mtdf(&mut search, game, root, eval, *r, narrowing);
                let got = run.outcome.solution().expect("no limits");
                assert_eq!(
                    (got.value, got.bound),
                    (exact, Bound::Exact),
                    "{what}: {narrowing:?} over {r:?}, table {table}"
                );
                if let Some(best) = &got.best {
                    let child = game.play(root, best);
                    let v = minimax(game, &child, eval, &Limits::none()).outcome.value();
                    assert_eq!(v, Some(exact), "{what}: best move of {narrowing:?}");
                }
            }
        }
        let run = GameSolver::Mtdf.run(game, root, eval, config);
        let got = run.outcome.solution().expect("no limits");
        assert_eq!(
            (got.value, got.bound),
            (exact, Bound::Exact),
            "{what}: catalogue over {r:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random trees and DAGs, values small or at the edges of the range.
    #[test]
    fn mtdf_equals_minimax_on_random_games_at_the_range_edges(seed in any::<u64>(), shift in 0u8..4) {
        let tree = extreme(random_tree(seed, 200, 7, 20), shift);
        check(&tree, &0, &tree.eval(), None, "tree");
        let dag = extreme(random_dag(seed, 6, 5, 30), shift);
        check(&dag, &0, &dag.eval(), None, "dag");
    }

    /// Table keys that drop a score of up to about +-2^30 (the value offset), so bounds stored by
    /// one null-window test under one offset are read back under another.
    #[test]
    fn mtdf_equals_minimax_with_large_value_offsets(seed in any::<u64>(), pile in 1u8..11, scale in prop::sample::select(vec![1, 1000, 30_000_000])) {
        let mut game = ScoredPile::random(seed, pile);
        for g in &mut game.gain {
            for x in g.iter_mut() {
                *x *= scale;
            }
        }
        let eval = |_: &common::PileState| 0;
        // Every lead stays within pile * 3 * scale.
        let m = Value::from(pile) * 3 * scale;
        for first in [Player::Max, Player::Min] {
            for lead in [0, scale, -2 * scale] {
                let root = (pile, lead, first);
                check(&game, &root, &eval, Some((lead - m, lead + m)), "pile");
            }
        }
    }

    /// Games that bound their non-terminal positions (tight, loose or exact) and give wrong
    /// bounds for finished ones: the catalogue must not clamp a finished root into them
    /// (issue 16's Connect Four bug), and an answer AT a bound is exact.
    #[test]
    fn mtdf_equals_minimax_with_game_bounds(seed in any::<u64>(), shift in 0u8..4) {
        let tree = extreme(random_tree(seed, 150, 6, 20), shift);
        let bounds = wrong_when_finished(&tree, seed ^ 0x5eed);
        let game = Bounded { inner: &tree, bounds };
        let eval = game.inner.eval();
        let eval = |s: &usize| eval(s);
        for root in 0..game.inner.player.len().min(12) {
            check(&game, &root, &eval, None, &format!("bounded, root {root}"));
        }
    }
}
