//! Engines that play by the clock, and from an opening book: what `searchlab play`, `match`
//! and `tournament` build from a [`StrategySpec`] with `--move-time` and `--book`.
//!
//! With a time budget per move, alpha-beta, PVS and MTD(f) deepen iteratively (depth 1, 2, ...,
//! each iteration reusing the transposition table of the last), as does every other solver of
//! the catalogue (minimax, and any solver added to the list: each depth run afresh); they play
//! the move of the last iteration that completed, reporting its depth in
//! [`Stats::depth_reached`]; MCTS runs
//! playouts until the budget is spent (its `playouts` setting is then ignored); a random
//! player ignores the clock. The searches are given [`DEADLINE_SHARE`] of the budget, since
//! alpha-beta reads the clock only every 1024 nodes (MCTS before every playout) and must still
//! return its move:
//! a move takes at most the budget in practice (the clock test allows 1.2x) on a machine that
//! gives the process its core; the searches' tables have a fixed size ([`TABLE_BYTES`]).
//!
//! ```
//! use std::time::Duration;
//! use searchlab_toolkit::clock::parse_move_time;
//! assert_eq!(parse_move_time("1s"), Ok(Duration::from_secs(1)));
//! assert_eq!(parse_move_time("200ms"), Ok(Duration::from_millis(200)));
//! assert_eq!(parse_move_time("0.5"), Ok(Duration::from_millis(500)));
//! assert!(parse_move_time("0s").unwrap_err().starts_with("'0s': "));
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::catalogue::GameSolver;
use crate::game::{Evaluator, Game, GameOutcome, INFINITY, Value};
use crate::limits_text::MAX_TIMEOUT;
use crate::matchplay::{Choice, MctsStrategy, Strategy, StrategyError};
use crate::mtdf::{Narrowing, mtdf};
use crate::playable::{MoveOf, Playable, StateOf};
use crate::pvs::{Pvs, PvsConfig};
use crate::stats::{Limits, Stats};
use crate::strategy_spec::StrategySpec;
use crate::table::TranspositionTable;

/// The share of the budget a search is given before it must stop (see the module doc).
pub const DEADLINE_SHARE: f64 = 0.85;

/// The transposition table of a clocked search, allocated once when the engine is built: a
/// fixed size, since a growing table rehashes inside a move (seconds, past any budget, once
/// it holds millions of positions).
pub const TABLE_BYTES: usize = 16 << 20;

/// A time per move as a user writes it: `1s`, `0.2s`, `200ms`, `2m`, or a number of seconds;
/// more than 0 and at most a year. The message starts with the text quoted.
pub fn parse_move_time(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else {
        (t, 1.0)
    };
    match number.trim().parse::<f64>().map(|x| x * scale) {
        Ok(secs) if secs > 0.0 && secs <= MAX_TIMEOUT => Ok(Duration::from_secs_f64(secs)),
        _ => Err(format!(
            "'{text}': expected a time per move above 0 and at most a year, like 1s, 0.2s, 200ms or 2m"
        )),
    }
}

/// A game's opening book as engines consult it: the move to play in a position it holds.
pub type BookMoves<G> =
    Arc<dyn Fn(&G, &<G as Game>::State) -> Option<<G as Game>::Move> + Send + Sync>;

/// The engine `spec` names for game `D`: on the clock with `move_time`, and playing the
/// book's move in every position `d`'s opening book ([`Playable::opening_book`]) answers.
/// Without a clock the search runs under `limits` (the memory limit of `play` and `match`);
/// on the clock its table has the fixed size [`TABLE_BYTES`].
pub fn build_engine<D: Playable>(
    spec: &StrategySpec,
    d: &D,
    move_time: Option<Duration>,
    limits: &Limits,
) -> Box<dyn Strategy<D::Game>> {
    let name = spec.to_string();
    let eval = d.evaluator();
    let engine: Box<dyn Strategy<D::Game>> = match (spec, move_time) {
        // Aspiration windows on the clock deepen with alpha-beta: the same values, found
        // within the budget.
        (
            &StrategySpec::Search {
                solver: GameSolver::Alphabeta(_),
                depth,
            },
            Some(t),
        ) => {
            let config = StrategySpec::alphabeta_config(d, depth);
            let table = TranspositionTable::fixed(TABLE_BYTES);
            let search = Deepening::AlphaBeta(AlphaBeta::with_table(config, table));
            Box::new(Timed::new(name, search, depth, Some(t), eval))
        }
        (
            &StrategySpec::Search {
                solver: GameSolver::Pvs,
                depth,
            },
            Some(t),
        ) => {
            let config = PvsConfig::from(&StrategySpec::alphabeta_config(d, None));
            let table = TranspositionTable::fixed(TABLE_BYTES);
            let search = Deepening::Pvs(Pvs::with_table(config, table));
            Box::new(Timed::new(name, search, depth, Some(t), eval))
        }
        (
            &StrategySpec::Search {
                solver: GameSolver::Mtdf,
                depth,
            },
            Some(t),
        ) => mtdf_engine(d, depth, Some(t)),
        // Any other solver of the catalogue (minimax, and every solver added to the list)
        // deepens by itself: depth 1, 2, ... each run afresh within what is left of the budget.
        (&StrategySpec::Search { solver, depth }, Some(t)) => {
            let search = Deepening::Catalogue(solver, StrategySpec::alphabeta_config(d, None));
            Box::new(Timed::new(name, search, depth, Some(t), eval))
        }
        (StrategySpec::Mcts(params), Some(t)) => {
            let config = params.config();
            let mut mcts_limits = Limits::none().with_timeout(t.mul_f64(DEADLINE_SHARE));
            mcts_limits.max_memory = limits.max_memory;
            Box::new(MctsStrategy::new(name, config, mcts_limits, eval))
        }
        _ => spec.build_with(eval, d.value_range(), limits),
    };
    match d.opening_book() {
        Some(book) => Box::new(Booked { engine, book }),
        None => engine,
    }
}

/// MTD(f) for `d`'s game deepening iteratively to `depth` (to the end without one), within
/// `budget` per move when given: the strategy `mtdf[:depth=D]`.
pub fn mtdf_engine<D: Playable>(
    d: &D,
    depth: Option<u32>,
    budget: Option<Duration>,
) -> Box<dyn Strategy<D::Game>> {
    let name = StrategySpec::Search {
        solver: GameSolver::Mtdf,
        depth,
    }
    .to_string();
    let range = d.value_range().unwrap_or((-INFINITY, INFINITY));
    mtdf_strategy(name, depth, budget, range, d.evaluator())
}

/// MTD(f) over the value `range` deepening iteratively to `depth` (to the end without one),
/// within `budget` per move when given, for any game and evaluator (a game without a
/// [`Playable`] description, e.g. one written in Python).
pub fn mtdf_strategy<'a, G, E>(
    name: String,
    depth: Option<u32>,
    budget: Option<Duration>,
    range: (Value, Value),
    eval: E,
) -> Box<dyn Strategy<G> + 'a>
where
    G: Game + ?Sized + 'a,
    E: Evaluator<G> + 'a,
{
    let mut config = crate::alphabeta::AlphaBetaConfig::new();
    if range != (-INFINITY, INFINITY) {
        config = config.with_value_range(range.0, range.1);
    }
    let table = TranspositionTable::fixed(TABLE_BYTES);
    let search = Deepening::Mtdf(AlphaBeta::with_table(config, table), range);
    Box::new(Timed::new(name, search, depth, budget, eval))
}

/// The iterative searches [`Timed`] runs.
enum Deepening<G: Game + ?Sized> {
    AlphaBeta(AlphaBeta<G>),
    Pvs(Pvs<G>),
    /// MTD(f) over this value range, each depth's test series starting from the last depth's
    /// value.
    Mtdf(AlphaBeta<G>, (Value, Value)),
    /// A solver of the catalogue with this configuration (its value range), run to depth 1,
    /// 2, ...
    Catalogue(GameSolver, AlphaBetaConfig),
}

/// Iterative deepening under a deadline (see the module doc); without a budget, one search
/// at `depth` (MTD(f): deepening to it, or to the end).
struct Timed<G: Game + ?Sized, E> {
    name: String,
    search: Deepening<G>,
    depth: Option<u32>,
    budget: Option<Duration>,
    eval: E,
}

impl<G: Game + ?Sized, E> Timed<G, E> {
    fn new(
        name: String,
        search: Deepening<G>,
        depth: Option<u32>,
        budget: Option<Duration>,
        eval: E,
    ) -> Self {
        Timed {
            name,
            search,
            depth,
            budget,
            eval,
        }
    }
}

impl<G: Game + ?Sized, E: Evaluator<G>> Strategy<G> for Timed<G, E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Result<Choice<G::Move>, StrategyError> {
        let start = Instant::now();
        let deadline = self.budget.map(|b| b.mul_f64(DEADLINE_SHARE));
        let mut limits = Limits::none();
        limits.timeout = deadline;
        let (best, depth, mut stats) = match &mut self.search {
            Deepening::AlphaBeta(search) => {
                let config = search
                    .config()
                    .clone()
                    .with_iterative(true)
                    .with_limits(limits);
                let config = match self.depth {
                    Some(d) => config.with_depth(d),
                    None => config,
                };
                search.set_config(config);
                let run = search.search(game, state, &self.eval);
                deepest(run.outcome, run.stats)
            }
            Deepening::Pvs(search) => {
                let mut config = search.config().clone().with_iterative(true);
                config.limits = limits;
                if let Some(d) = self.depth {
                    config = config.with_depth(d);
                }
                search.set_config(config);
                let run = search.search(game, state, &self.eval);
                deepest(run.outcome, run.stats)
            }
            Deepening::Mtdf(search, range) => {
                let mut stats = Stats::default();
                let mut found = (None, 0);
                let mut guess = 0;
                for d in 1..=self.depth.unwrap_or(u32::MAX) {
                    let Some(left) = time_left(deadline, start) else {
                        break;
                    };
                    // The depth is a limit too (`max_cost`): set after the limits.
                    let config = search.config().clone().with_limits(left).with_depth(d);
                    search.set_config(config);
                    let narrowing = Narrowing::Mtdf { guess };
                    let run = mtdf(search, game, state, &self.eval, *range, narrowing);
                    stats += &run.stats;
                    let GameOutcome::Solved(solution) = run.outcome else {
                        break;
                    };
                    guess = solution.value;
                    found = (solution.best.clone(), d);
                    if solution.complete {
                        break;
                    }
                }
                (found.0, found.1, stats)
            }
            Deepening::Catalogue(solver, config) => {
                let mut stats = Stats::default();
                let mut found = (None, 0);
                for d in 1..=self.depth.unwrap_or(u32::MAX) {
                    let Some(left) = time_left(deadline, start) else {
                        break;
                    };
                    let config = config.clone().with_limits(left).with_depth(d);
                    let run = solver.run(game, state, &self.eval, &config);
                    stats += &run.stats;
                    let GameOutcome::Solved(solution) = run.outcome else {
                        break;
                    };
                    found = (solution.best, d);
                    if solution.complete {
                        break;
                    }
                }
                (found.0, found.1, stats)
            }
        };
        stats.depth_reached = depth;
        stats.elapsed = start.elapsed();
        let mv = match best {
            Some(mv) => mv,
            // Not even depth 1 finished in time: the first move in the game's order.
            None => {
                let mut moves = Vec::new();
                game.moves(state, &mut moves);
                moves.into_iter().next().ok_or(StrategyError::NoMoves)?
            }
        };
        Ok(Choice { mv, stats })
    }
}

/// The limits of the next depth of a deepening under `deadline` (none: no time limit) since
/// `start`; `None` once the time is spent.
fn time_left(deadline: Option<Duration>, start: Instant) -> Option<Limits> {
    let mut left = Limits::none();
    if let Some(deadline) = deadline {
        match deadline.checked_sub(start.elapsed()) {
            Some(t) if !t.is_zero() => left.timeout = Some(t),
            _ => return None,
        }
    }
    Some(left)
}

/// The best move and depth of the last completed iteration of a search, with its statistics.
fn deepest<M>(outcome: GameOutcome<M>, stats: Stats) -> (Option<M>, u32, Stats) {
    let solution = match outcome {
        GameOutcome::Solved(s) => Some(s),
        GameOutcome::Stopped { deepest, .. } => deepest,
    };
    match solution {
        Some(s) => {
            let depth = s.depth.unwrap_or(stats.depth_reached);
            (s.best, depth, stats)
        }
        None => (None, 0, stats),
    }
}

/// An engine that plays the opening book's move where it has one.
struct Booked<G: Game + ?Sized> {
    engine: Box<dyn Strategy<G>>,
    book: BookMoves<G>,
}

impl<G: Game + ?Sized> Strategy<G> for Booked<G> {
    fn name(&self) -> String {
        format!("{}+book", self.engine.name())
    }

    fn new_game(&mut self, seed: u64) {
        self.engine.new_game(seed);
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Result<Choice<G::Move>, StrategyError> {
        match (self.book)(game, state) {
            Some(mv) => Ok(Choice {
                mv,
                stats: Stats {
                    table_probes: 1,
                    table_hits: 1,
                    ..Stats::default()
                },
            }),
            None => self.engine.choose(game, state),
        }
    }
}

/// The move the book gives for `state` of `D`'s game, for tests and front ends.
pub fn book_move<D: Playable>(d: &D, game: &D::Game, state: &StateOf<D>) -> Option<MoveOf<D>> {
    d.opening_book().and_then(|book| book(game, state))
}
