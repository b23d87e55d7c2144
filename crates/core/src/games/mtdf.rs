//! The null-window driver: the exact value of a game position found by a series of null-window
//! alpha-beta tests ("is the value at least t?") sharing one transposition table, either by
//! MTD(f) or by bisection of the value range.
//!
//! A null-window test cuts far more than a search with a wide window, and the table carries what
//! each test learnt into the next, so a handful of tests usually costs less than one wide
//! search. With a game that knows bounds of its values ([`crate::Game::value_bounds`]) most
//! nodes of a test are answered by a bound alone.

use crate::alphabeta::AlphaBeta;
use crate::game::{
    Bound, Evaluator, Game, GameOutcome, GameResult, INFINITY, Player, Solution, Value,
};
use crate::stats::{Iteration, Limits, Stats};

/// What the catalogue knows about MTD(f), declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "mtdf",
    aliases: &[],
    summary: "MTD(f): null-window alpha-beta tests narrowing the value",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// How the driver chooses the next threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Narrowing {
    /// MTD(f): test at the last answer (`guess` first); each test moves one bound to its
    /// answer. Few tests when the guess is close to the value.
    Mtdf {
        /// The first guess of the value.
        guess: Value,
    },
    /// Bisection of the remaining range, each threshold pulled halfway towards 0 (Pons' rule
    /// for Connect Four, whose values cluster near a draw): O(log range) tests. An end of the
    /// range at the edge of all values (no bound known) is first found by galloping from 0.
    Bisect,
}

/// The value of `root`, clamped to `range`, by null-window tests of `search` (its table is kept
/// between the tests and after them; its depth and memory limits apply to each test, its node
/// and time limits to all the tests together).
///
/// # Arguments
/// * `search`: the alpha-beta searcher (table, depth limit, limits, value range) to test with.
/// * `range`: `(lo, hi)`, `lo < hi`, anywhere within `(-INFINITY, INFINITY)` (the whole range
///   is fine: no arithmetic on it overflows): the answer is clamped to it. A `range` narrower than the
///   game's values answers a coarser question: `(-1, 1)` on a game scored by margin asks only
///   "win, draw or loss?" (the weak solve), in two tests at most.
/// * `narrowing`: MTD(f) from a guess, or bisection.
///
/// # Returns
/// A [`Solution`] whose `value` is exact when strictly inside `range`, and otherwise a bound
/// (`Bound::Upper` at `lo`, `Bound::Lower` at `hi`) unless the searcher's value range says that
/// end is the game's own. `best` and `pv` come from the last test that proved the value for the
/// player to move (a fail high for Max, a fail low for Min), so `best` achieves the value; when
/// no test did (the mover cannot reach above `lo`), from the last test. `stats` add up all the
/// tests, with one [`Iteration`] per test whose `bound` is its threshold t (the test asks "is the value at
/// least t?").
///
/// # Panics
/// If `range.0 >= range.1`.
///
/// # Complexity
/// One null-window alpha-beta search per test: MTD(f) needs |value - guess| + 1 tests at most
/// on integer values, bisection about log2(hi - lo).
///
/// # Examples
/// ```
/// use searchlab_core::{mtdf, minimax, AlphaBeta, AlphaBetaConfig, Game, Limits, Narrowing, Player, Value};
///
/// /// Take 1, 2 or 3 from a pile of 9; the value is Max's stones minus Min's.
/// struct Take;
/// type S = (u8, Value, Player); // pile, Max's lead, player to move
/// impl Game for Take {
///     type State = S;
///     type Move = u8;
///     fn to_move(&self, s: &S) -> Player { s.2 }
///     fn moves(&self, s: &S, out: &mut Vec<u8>) { out.extend((1..=3).filter(|&t| t <= s.0)) }
///     fn play(&self, s: &S, t: &u8) -> S {
///         let gain = if s.2 == Player::Max { Value::from(*t) } else { -Value::from(*t) };
///         (s.0 - t, s.1 + gain, s.2.other())
///     }
///     fn terminal_value(&self, s: &S) -> Option<Value> { (s.0 == 0).then_some(s.1) }
/// }
/// let root = (9, 0, Player::Max);
/// let exact = minimax(&Take, &root, &|_: &S| 0, &Limits::none()).outcome.value().unwrap();
/// for narrowing in [Narrowing::Mtdf { guess: 0 }, Narrowing::Bisect] {
///     let mut search = AlphaBeta::new(AlphaBetaConfig::new());
///     let run = mtdf(&mut search, &Take, &root, &|_: &S| 0, (-9, 9), narrowing);
///     assert_eq!(run.outcome.value(), Some(exact));
/// }
/// ```
///
/// Plaat, Schaeffer, Pijls, de Bruin, "Best-first fixed-depth minimax algorithms", Artificial
/// Intelligence 87 (1996); Pons, "Solving Connect 4: how to build a perfect AI" (2019).
pub fn mtdf<G, E>(
    search: &mut AlphaBeta<G>,
    game: &G,
    root: &G::State,
    eval: &E,
    range: (Value, Value),
    narrowing: Narrowing,
) -> GameResult<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
{
    let (lo, hi) = range;
    assert!(lo < hi, "mtdf: empty range");
    let maximising = game.to_move(root) == Player::Max;
    // The value (clamped to the range) lies in lower..=upper.
    let (mut lower, mut upper) = (lo, hi);
    let mut guess = match narrowing {
        Narrowing::Mtdf { guess } => guess.clamp(lo, hi),
        Narrowing::Bisect => 0,
    };
    let mut stats = Stats::default();
    // Each test gets what the earlier ones left of the node and time limits: `--max-nodes
    // 1000` stopped Connect Four's solve after 1,319 expansions when each test had its own.
    let limits = search.config().limits.clone();
    let start = std::time::Instant::now();
    let mut proved: Option<Solution<G::Move>> = None;
    let mut last: Option<Solution<G::Move>> = None;
    let mut complete = true;
    // The trace numbers the tests 1, 2, 3... as the statistics list them (on from a caller's
    // earlier tests when it numbers a series of drivers: Connect Four's solve).
    let numbered_here = !search.numbers_searches_on();
    if numbered_here {
        search.number_searches_on(true);
    }
    while lower < upper {
        // The threshold t in lower+1..=upper: the test asks "value >= t?".
        let t = match narrowing {
            Narrowing::Mtdf { .. } => guess.clamp(lower + 1, upper),
            Narrowing::Bisect => {
                // In i64: over the whole range (-INFINITY, INFINITY) `upper - lower` is
                // about 2^32, past i32. The threshold itself, med + 1, lies in
                // lower+1..=upper, so it fits a Value again.
                let (l, u) = (i64::from(lower), i64::from(upper));
                // An end still at the edge of the whole range is no real bound: gallop from
                // 0 towards it (thresholds 1, 2, 4, ... past the other end) before bisecting,
                // so the tests ask about values the game has, not 2^30 (issue 31).
                let (l, u) = (
                    if lower <= -INFINITY + 1 {
                        (2 * u.min(0) - 1).max(l)
                    } else {
                        l
                    },
                    if upper >= INFINITY - 1 {
                        (2 * l.max(0) + 1).min(u)
                    } else {
                        u
                    },
                );
                let mut med = l + (u - l) / 2;
                if med <= 0 && l / 2 < med {
                    med = l / 2;
                } else if med >= 0 && u / 2 > med {
                    med = u / 2;
                }
                Value::try_from(med + 1).expect("lower < med + 1 <= upper")
            }
        };
        let config = search.config().clone();
        search.set_config(config.with_limits(limits.left_after(start, &stats)));
        let run = search.search_window(game, root, eval, t - 1, t);
        if numbered_here && matches!(run.outcome, GameOutcome::Stopped { .. }) {
            search.number_searches_on(false);
        }
        let mut run_stats = run.stats;
        run_stats.iterations = vec![Iteration {
            bound: i64::from(t),
            expanded: run_stats.expanded,
            generated: run_stats.generated,
        }];
        stats += &run_stats;
        let solution = match run.outcome {
            GameOutcome::Solved(solution) => solution,
            GameOutcome::Stopped { limit, .. } => {
                restore(search, limits);
                return GameResult {
                    outcome: GameOutcome::Stopped {
                        limit,
                        deepest: None,
                    },
                    stats,
                };
            }
        };
        complete &= solution.complete;
        let value = solution.value;
        let high = value >= t;
        if high {
            lower = value.clamp(lower, upper);
        } else {
            upper = value.clamp(lower, upper);
        }
        guess = value;
        if high == maximising {
            proved = Some(solution);
        } else {
            last = Some(solution);
        }
    }
    if numbered_here {
        search.number_searches_on(false);
    }
    restore(search, limits);
    let (game_lo, game_hi) = search.config().value_range;
    let bound = if lower == lo && lo > game_lo {
        Bound::Upper
    } else if lower == hi && hi < game_hi {
        Bound::Lower
    } else {
        Bound::Exact
    };
    let from = proved.or(last).expect("lo < hi: at least one test ran");
    GameResult {
        outcome: GameOutcome::Solved(Solution {
            value: lower,
            bound,
            best: from.best,
            pv: from.pv,
            root_moves: Vec::new(),
            depth: from.depth,
            complete,
        }),
        stats,
    }
}

/// Gives `search` back the limits it came with (mtdf narrowed them test by test).
fn restore<G: Game + ?Sized>(search: &mut AlphaBeta<G>, limits: Limits) {
    let config = search.config().clone();
    search.set_config(config.with_limits(limits));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AlphaBetaConfig, Limits, SplitMix64, minimax};

    /// A random game tree: `branching` moves per node to depth `depth`, leaves valued by a hash
    /// of their path, Max and Min alternating except that move 0 of a node at an even depth
    /// gives the mover an extra turn (so turns do not simply alternate).
    struct Random {
        seed: u64,
        depth: u8,
        branching: u8,
    }
    type S = (u64, u8, Player);
    fn mix(x: u64) -> u64 {
        SplitMix64::new(x).next_u64()
    }
    impl Game for Random {
        type State = S;
        type Move = u8;
        fn to_move(&self, s: &S) -> Player {
            s.2
        }
        fn moves(&self, s: &S, out: &mut Vec<u8>) {
            if s.1 < self.depth {
                out.extend(0..self.branching);
            }
        }
        fn play(&self, s: &S, m: &u8) -> S {
            let next = if *m == 0 && s.1.is_multiple_of(2) {
                s.2
            } else {
                s.2.other()
            };
            (mix(s.0 ^ u64::from(*m) ^ self.seed), s.1 + 1, next)
        }
        fn terminal_value(&self, s: &S) -> Option<Value> {
            (s.1 == self.depth).then(|| (mix(s.0) % 41) as Value - 20)
        }
    }

    #[test]
    fn both_narrowings_equal_minimax_on_random_trees() {
        let eval = |s: &S| (mix(s.0 ^ 7) % 41) as Value - 20;
        for seed in 0..40 {
            let game = Random {
                seed,
                depth: 6,
                branching: 3,
            };
            let root = (seed, 0, Player::Max);
            let exact = minimax(&game, &root, &eval, &Limits::none());
            let exact = exact.outcome.solution().unwrap().clone();
            for narrowing in [Narrowing::Mtdf { guess: 3 }, Narrowing::Bisect] {
                let mut search = AlphaBeta::new(AlphaBetaConfig::new());
                let run = mtdf(&mut search, &game, &root, &eval, (-20, 20), narrowing);
                let got = run.outcome.solution().unwrap();
                assert_eq!(
                    (got.value, got.bound),
                    (exact.value, Bound::Exact),
                    "{seed}"
                );
                // The best move achieves the value.
                let best = got.best.unwrap();
                let child = game.play(&root, &best);
                let v = minimax(&game, &child, &eval, &Limits::none());
                assert_eq!(v.outcome.value(), Some(exact.value), "{seed}: best move");
                // A coarse range answers the sign.
                let mut search = AlphaBeta::new(AlphaBetaConfig::new());
                let weak = mtdf(&mut search, &game, &root, &eval, (-1, 1), narrowing);
                let weak = weak.outcome.solution().unwrap();
                assert_eq!(weak.value, exact.value.signum(), "{seed}: weak");
                assert!(weak.bound_ok(exact.value));
            }
        }
    }

    /// [`Random`]'s tree with leaves valued across the whole range: the extremes
    /// `±(INFINITY - 1)`, 0, and large values of either sign.
    struct Extreme(Random);
    impl Game for Extreme {
        type State = S;
        type Move = u8;
        fn to_move(&self, s: &S) -> Player {
            self.0.to_move(s)
        }
        fn moves(&self, s: &S, out: &mut Vec<u8>) {
            self.0.moves(s, out)
        }
        fn play(&self, s: &S, m: &u8) -> S {
            self.0.play(s, m)
        }
        fn terminal_value(&self, s: &S) -> Option<Value> {
            let top = crate::INFINITY - 1;
            (s.1 == self.0.depth).then(|| match mix(s.0) % 6 {
                0 => -top,
                1 => top,
                2 => 0,
                3 => top - (mix(s.0 ^ 1) % 1000) as Value,
                4 => -top + (mix(s.0 ^ 2) % 1000) as Value,
                _ => (mix(s.0 ^ 3) % 2_000_001) as Value - 1_000_000,
            })
        }
    }

    #[test]
    fn the_whole_value_range_does_not_overflow() {
        let full = (-crate::INFINITY, crate::INFINITY);
        let eval = |_: &S| 0;
        for seed in 0..30 {
            let game = Extreme(Random {
                seed,
                depth: 5,
                branching: 3,
            });
            let root = (seed, 0, Player::Max);
            let exact = minimax(&game, &root, &eval, &Limits::none())
                .outcome
                .value()
                .unwrap();
            for narrowing in [Narrowing::Mtdf { guess: 0 }, Narrowing::Bisect] {
                for guess_far in [false, true] {
                    let narrowing = match (narrowing, guess_far) {
                        // A first guess at the very edge is clamped into the range.
                        (Narrowing::Mtdf { .. }, true) => Narrowing::Mtdf { guess: Value::MIN },
                        (n, _) => n,
                    };
                    let mut search = AlphaBeta::new(AlphaBetaConfig::new());
                    let run = mtdf(&mut search, &game, &root, &eval, full, narrowing);
                    let got = run.outcome.solution().unwrap();
                    assert_eq!((got.value, got.bound), (exact, Bound::Exact), "{seed}");
                }
            }
            // What the toolkit's catalogue runs with no value range known: bisection of the
            // whole range, with a table.
            let mut search = AlphaBeta::new(AlphaBetaConfig::new().with_table(true));
            let run = mtdf(&mut search, &game, &root, &eval, full, Narrowing::Bisect);
            let got = run.outcome.solution().unwrap();
            assert_eq!((got.value, got.bound), (exact, Bound::Exact), "{seed}");
        }
    }

    trait BoundOk {
        fn bound_ok(&self, exact: Value) -> bool;
    }
    impl<M> BoundOk for Solution<M> {
        /// Whether `bound` tells the truth about `exact`.
        fn bound_ok(&self, exact: Value) -> bool {
            match self.bound {
                Bound::Exact => self.value == exact,
                Bound::Lower => exact >= self.value,
                Bound::Upper => exact <= self.value,
            }
        }
    }

    #[test]
    fn a_stopped_test_stops_the_driver() {
        let game = Random {
            seed: 1,
            depth: 8,
            branching: 4,
        };
        let config = AlphaBetaConfig::new().with_limits(Limits::none().with_max_expanded(50));
        let mut search = AlphaBeta::new(config);
        let run = mtdf(
            &mut search,
            &game,
            &(1, 0, Player::Max),
            &|_: &S| 0,
            (-20, 20),
            Narrowing::Bisect,
        );
        assert!(matches!(run.outcome, GameOutcome::Stopped { .. }));
        // The node limit covers all the tests together, and the searcher gets its own limits
        // back.
        assert!(run.stats.expanded <= 50, "{:?}", run.stats);
        assert_eq!(search.config().limits.max_expanded, Some(50));
    }

    #[test]
    fn the_node_limit_covers_the_tests_together() {
        let game = Random {
            seed: 3,
            depth: 8,
            branching: 4,
        };
        let root = (3, 0, Player::Max);
        let unlimited = mtdf(
            &mut AlphaBeta::new(AlphaBetaConfig::new()),
            &game,
            &root,
            &|_: &S| 0,
            (-20, 20),
            Narrowing::Bisect,
        );
        let tests = unlimited.stats.iterations.len();
        assert!(tests >= 2, "{:?}", unlimited.stats);
        // A limit larger than every single test but smaller than their sum stops the driver
        // (it did not when each test had the whole limit).
        let largest = unlimited
            .stats
            .iterations
            .iter()
            .map(|i| i.expanded)
            .max()
            .unwrap();
        let limit = largest + (unlimited.stats.expanded - largest) / 2;
        let config = AlphaBetaConfig::new().with_limits(Limits::none().with_max_expanded(limit));
        let run = mtdf(
            &mut AlphaBeta::new(config),
            &game,
            &root,
            &|_: &S| 0,
            (-20, 20),
            Narrowing::Bisect,
        );
        assert!(
            matches!(run.outcome, GameOutcome::Stopped { .. }),
            "limit {limit}: {:?}",
            run.stats
        );
        assert!(
            run.stats.expanded <= limit,
            "limit {limit}: {:?}",
            run.stats
        );
    }
}
