//! Matches between game strategies: two strategies play a number of games from given or random
//! openings, colours alternating, and the result is the wins, draws and losses of the first,
//! its score, the Elo difference with a 95% interval and, when a perfect solver is given, each
//! strategy's move accuracy (the share of its moves that kept the game-theoretic value).
//!
//! A [`Strategy`] chooses a move for a position: [`SolverStrategy`] (alpha-beta or principal
//! variation search, at a depth or to the end), [`MctsStrategy`] (UCT with a playout budget)
//! and [`RandomStrategy`]. [`play_match`] runs the games; the game says who moves at every
//! position (Triangle War gives extra turns), never the parity of the ply.
//!
//! Everything is deterministic for a seed: random openings, the strategies' seeds per game
//! ([`Strategy::new_game`]) and hence every game (unless a strategy has a time limit).

use std::fmt;

use thiserror::Error;

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::catalogue::GameSolver;
use crate::game::{Evaluator, Game, GameOutcome, GameResult, Player, Value};
use crate::mcts::{MctsConfig, MctsError, mcts};
use crate::pvs::{Pvs, PvsConfig};
use crate::rng::SplitMix64;
use crate::stats::{LimitKind, Limits, Stats};

/// A move chosen by a strategy, with what choosing it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The statistics of the search behind it.
    pub stats: Stats,
}

/// Why a strategy could not choose a move.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum StrategyError {
    /// A search limit stopped the search before it had any move to offer.
    #[error("stopped by the {0} before any move was found")]
    Stopped(LimitKind),
    /// The position has no legal move (it should not have been asked).
    #[error("the position has no legal move")]
    NoMoves,
    /// MCTS rejected its settings.
    #[error(transparent)]
    Mcts(#[from] MctsError),
}

/// Something that picks a move in a position of game `G`.
pub trait Strategy<G: Game + ?Sized> {
    /// A short name for tables, e.g. `pvs:depth=4`.
    fn name(&self) -> String;

    /// Called before every game with a seed derived from the match's seed, so that a seeded
    /// strategy plays differently in each game but the same in every run of the match.
    fn new_game(&mut self, seed: u64) {
        let _ = seed;
    }

    /// The move to play in `state`, which is not over.
    fn choose(&mut self, game: &G, state: &G::State) -> Result<Choice<G::Move>, StrategyError>;
}

/// The search behind a [`SolverStrategy`].
#[derive(Debug)]
pub enum Solver<G: Game + ?Sized> {
    /// Alpha-beta ([`AlphaBeta`]).
    AlphaBeta(AlphaBeta<G>),
    /// Principal variation search ([`Pvs`]).
    Pvs(Pvs<G>),
    /// Any other solver of the catalogue (minimax, MTD(f), alpha-beta with aspiration
    /// windows), run afresh at each move with this configuration ([`GameSolver::run`]).
    Catalogue(GameSolver, AlphaBetaConfig),
}

/// Plays the best move of an alpha-beta or principal variation search (at the configured depth
/// limit with the evaluator, or to the end of the game without one). The searcher's
/// transposition table is kept across moves and games (its entries stay valid for one game and
/// evaluator). When a limit stops an iterative-deepening search, the deepest completed
/// iteration's move is played; a search without iterative deepening that a limit stops has no
/// move, which is a [`StrategyError::Stopped`] (so give a time limit per move together with
/// iterative deepening).
#[derive(Debug)]
pub struct SolverStrategy<G: Game + ?Sized, E> {
    name: String,
    solver: Solver<G>,
    eval: E,
}

impl<G: Game + ?Sized, E: Evaluator<G>> SolverStrategy<G, E> {
    /// Alpha-beta with `config`, named `name`.
    pub fn alphabeta(name: impl Into<String>, config: AlphaBetaConfig, eval: E) -> Self {
        SolverStrategy {
            name: name.into(),
            solver: Solver::AlphaBeta(AlphaBeta::new(config)),
            eval,
        }
    }

    /// Principal variation search with `config`, named `name`.
    pub fn pvs(name: impl Into<String>, config: PvsConfig, eval: E) -> Self {
        SolverStrategy {
            name: name.into(),
            solver: Solver::Pvs(Pvs::new(config)),
            eval,
        }
    }

    /// The catalogue's `solver` with `config` (its depth limit, table and value range),
    /// named `name`.
    pub fn catalogue(
        name: impl Into<String>,
        solver: GameSolver,
        config: AlphaBetaConfig,
        eval: E,
    ) -> Self {
        SolverStrategy {
            name: name.into(),
            solver: Solver::Catalogue(solver, config),
            eval,
        }
    }
}

impl<G: Game + ?Sized, E: Evaluator<G>> Strategy<G> for SolverStrategy<G, E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Result<Choice<G::Move>, StrategyError> {
        let GameResult { outcome, stats } = match &mut self.solver {
            Solver::AlphaBeta(s) => s.search(game, state, &self.eval),
            Solver::Pvs(s) => s.search(game, state, &self.eval),
            Solver::Catalogue(solver, config) => solver.run(game, state, &self.eval, config),
        };
        let mv = match outcome {
            GameOutcome::Solved(solution) => solution.best.ok_or(StrategyError::NoMoves)?,
            GameOutcome::Stopped { limit, deepest } => deepest
                .and_then(|d| d.best)
                .ok_or(StrategyError::Stopped(limit))?,
        };
        Ok(Choice { mv, stats })
    }
}

/// Plays the most visited root move of [`mcts()`] with `limits` per move (`max_expanded` =
/// playouts). The MCTS seed of each move comes from a generator seeded per game by
/// [`Strategy::new_game`] (mixed with the configured seed).
#[derive(Clone, Debug)]
pub struct MctsStrategy<E> {
    name: String,
    config: MctsConfig,
    limits: Limits,
    eval: E,
    rng: SplitMix64,
}

impl<E> MctsStrategy<E> {
    /// MCTS with `config` and `limits` per move, named `name`; `eval` serves greedy playouts.
    pub fn new(name: impl Into<String>, config: MctsConfig, limits: Limits, eval: E) -> Self {
        let rng = SplitMix64::new(config.seed);
        MctsStrategy {
            name: name.into(),
            config,
            limits,
            eval,
            rng,
        }
    }
}

impl<G: Game + ?Sized, E: Evaluator<G>> Strategy<G> for MctsStrategy<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed ^ self.config.seed);
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Result<Choice<G::Move>, StrategyError> {
        let config = self.config.clone().with_seed(self.rng.next_u64());
        let run = mcts(game, state, &self.eval, &config, &self.limits)?;
        match run.best {
            Some(mv) => Ok(Choice {
                mv,
                stats: run.stats,
            }),
            None => Err(match run.limit {
                Some(limit) => StrategyError::Stopped(limit),
                None => StrategyError::NoMoves,
            }),
        }
    }
}

/// Plays a uniformly random legal move, from a generator seeded per game.
#[derive(Clone, Debug)]
pub struct RandomStrategy {
    seed: u64,
    rng: SplitMix64,
}

impl RandomStrategy {
    /// A random player; `seed` is mixed with each game's seed.
    pub fn new(seed: u64) -> Self {
        RandomStrategy {
            seed,
            rng: SplitMix64::new(seed),
        }
    }
}

impl<G: Game + ?Sized> Strategy<G> for RandomStrategy {
    fn name(&self) -> String {
        format!("random:seed={}", self.seed)
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed ^ self.seed);
    }

    fn choose(&mut self, game: &G, state: &G::State) -> Result<Choice<G::Move>, StrategyError> {
        let mut moves = Vec::new();
        game.moves(state, &mut moves);
        if moves.is_empty() {
            return Err(StrategyError::NoMoves);
        }
        let i = self.rng.below(moves.len() as u64) as usize;
        Ok(Choice {
            mv: moves.swap_remove(i),
            stats: Stats {
                generated: 1,
                ..Stats::default()
            },
        })
    }
}

/// The exact game-theoretic value of positions, for move accuracy.
pub trait Oracle<G: Game + ?Sized> {
    /// The value of `state` with perfect play, from Max's point of view; a limit may stop it.
    fn value(&mut self, game: &G, state: &G::State) -> Result<Value, LimitKind>;
}

/// Any closure from a position to its exact value (e.g. a retrograde table) is an oracle.
impl<G, F> Oracle<G> for F
where
    G: Game + ?Sized,
    F: FnMut(&G::State) -> Value,
{
    fn value(&mut self, _: &G, state: &G::State) -> Result<Value, LimitKind> {
        Ok(self(state))
    }
}

/// A perfect solver: alpha-beta to the end of the game with a transposition table kept across
/// calls (so valuing the positions of a match one after the other is cheap).
#[derive(Debug)]
pub struct PerfectSolver<G: Game + ?Sized> {
    search: AlphaBeta<G>,
}

impl<G: Game + ?Sized> PerfectSolver<G> {
    /// A solver under `limits` per position (`max_cost` is ignored: no depth limit).
    pub fn new(limits: Limits) -> Self {
        let mut limits = limits;
        limits.max_cost = None;
        PerfectSolver {
            search: AlphaBeta::new(AlphaBetaConfig::new().with_limits(limits)),
        }
    }
}

impl<G: Game + ?Sized> Oracle<G> for PerfectSolver<G> {
    fn value(&mut self, game: &G, state: &G::State) -> Result<Value, LimitKind> {
        // No depth limit: the evaluator is never consulted (except by a game with a position
        // that has no moves yet is not over, which breaks the Game contract).
        let run = self.search.search(game, state, &|_: &G::State| 0);
        match run.outcome {
            GameOutcome::Solved(s) => Ok(s.value),
            GameOutcome::Stopped { limit, .. } => Err(limit),
        }
    }
}

/// Where the games of a match start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings<M> {
    /// These move sequences from the start position, used in turn (each twice, colours
    /// swapped), cycling when there are more game pairs than openings.
    Given(Vec<Vec<M>>),
    /// `plies` uniformly random moves from the start position, a new opening per game pair,
    /// drawn from the match's seed; openings that end the game are drawn again.
    Random {
        /// Number of random moves.
        plies: u32,
    },
}

/// Settings of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchConfig<M> {
    /// Number of games (game `2k` has A as Max, game `2k + 1` the same opening with A as Min).
    pub games: u32,
    /// The openings.
    pub openings: Openings<M>,
    /// Seed of the random openings and of the strategies' per-game seeds.
    pub seed: u64,
    /// A game longer than this many plies is an error (a guard against games that never end).
    pub max_plies: u32,
}

impl<M> MatchConfig<M> {
    /// `games` games from the start position itself (no opening moves), seed 0, at most
    /// 10,000 plies per game.
    pub fn new(games: u32) -> Self {
        MatchConfig {
            games,
            openings: Openings::Given(vec![Vec::new()]),
            seed: 0,
            max_plies: 10_000,
        }
    }
    /// Sets the openings.
    pub fn with_openings(mut self, openings: Openings<M>) -> Self {
        self.openings = openings;
        self
    }
    /// Sets the seed.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
    /// Sets the longest allowed game.
    pub fn with_max_plies(mut self, plies: u32) -> Self {
        self.max_plies = plies;
        self
    }
}

/// Why a match could not be played. Games and plies count from 0.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum MatchError {
    /// `games` is 0.
    #[error("a match needs at least one game")]
    NoGames,
    /// The list of given openings is empty.
    #[error("the list of openings is empty")]
    NoOpenings,
    /// The start position is already over.
    #[error("the start position is already over")]
    StartIsOver,
    /// A given opening plays an illegal move.
    #[error("opening {opening}, ply {ply}: {mv} is not a legal move")]
    IllegalOpeningMove {
        /// Index of the opening in the list.
        opening: usize,
        /// Ply of the move in the opening.
        ply: usize,
        /// The move, as `Debug` prints it.
        mv: String,
    },
    /// A given opening ends the game (or plays on after it ended).
    #[error("opening {opening} ends the game after {ply} plies: nothing left to play")]
    OpeningEndsGame {
        /// Index of the opening in the list.
        opening: usize,
        /// Plies played when the game ended.
        ply: usize,
    },
    /// No random opening of that length keeps the game going.
    #[error(
        "no random opening of {plies} plies that leaves the game going was found in {tries} tries"
    )]
    NoRandomOpening {
        /// The requested length.
        plies: u32,
        /// Attempts made.
        tries: u32,
    },
    /// A strategy could not choose a move.
    #[error("game {game}, ply {ply}: {strategy} could not move: {source}")]
    Strategy {
        /// The strategy's name.
        strategy: String,
        /// The game.
        game: u32,
        /// The ply.
        ply: usize,
        /// Why.
        source: StrategyError,
    },
    /// A strategy chose an illegal move.
    #[error("game {game}, ply {ply}: {strategy} chose the illegal move {mv}")]
    IllegalMove {
        /// The strategy's name.
        strategy: String,
        /// The game.
        game: u32,
        /// The ply.
        ply: usize,
        /// The move, as `Debug` prints it.
        mv: String,
    },
    /// A game went on past [`MatchConfig::max_plies`].
    #[error("game {game} went on past {max_plies} plies")]
    TooLong {
        /// The game.
        game: u32,
        /// The limit.
        max_plies: u32,
    },
    /// The oracle could not value a position.
    #[error("game {game}, ply {ply}: the perfect solver was stopped by the {limit}")]
    Oracle {
        /// The game.
        game: u32,
        /// The ply.
        ply: usize,
        /// Which limit.
        limit: LimitKind,
    },
}

impl MatchError {
    /// Whether the error lies in what was asked (no games, no openings or none of that
    /// length, a start or an opening that is illegal or over), not in a strategy or the
    /// solver failing: a driver reports the first as bad input.
    pub fn is_bad_request(&self) -> bool {
        matches!(
            self,
            MatchError::NoGames
                | MatchError::NoOpenings
                | MatchError::StartIsOver
                | MatchError::IllegalOpeningMove { .. }
                | MatchError::OpeningEndsGame { .. }
                | MatchError::NoRandomOpening { .. }
        )
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<M> {
    /// Index of the opening (in the given list, or of the random opening drawn).
    pub opening: usize,
    /// Plies of the opening at the start of `moves`.
    pub opening_plies: usize,
    /// The side strategy A played.
    pub a_plays: Player,
    /// Every move of the game, the opening's included.
    pub moves: Vec<M>,
    /// The final value, from Max's point of view.
    pub value: Value,
}

impl<M> GameRecord<M> {
    /// The final value from strategy A's point of view.
    pub fn a_value(&self) -> Value {
        match self.a_plays {
            Player::Max => self.value,
            Player::Min => -self.value,
        }
    }
    /// A's score in this game: 1 for a win, 1/2 for a draw, 0 for a loss.
    pub fn a_score(&self) -> f64 {
        match self.a_value().signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        }
    }
}

/// Move accuracy: how many of a strategy's moves (openings excluded) kept the position's
/// game-theoretic value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accuracy {
    /// Moves that kept the value.
    pub kept: u64,
    /// Moves judged.
    pub moves: u64,
}

impl Accuracy {
    /// `kept / moves` (0 when no move was judged).
    pub fn share(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.kept as f64 / self.moves as f64
        }
    }
}

/// One strategy's side of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideReport {
    /// The strategy's name.
    pub name: String,
    /// Moves it chose (openings excluded).
    pub moves: u64,
    /// The sum of its searches' statistics (`elapsed`: its thinking time).
    pub stats: Stats,
    /// Its move accuracy, when the match had an oracle.
    pub accuracy: Option<Accuracy>,
    /// The longest it took to choose a move (wall clock, around [`Strategy::choose`]).
    pub max_move: std::time::Duration,
    /// The sum over its moves of the depth its search completed ([`Stats::depth_reached`]).
    pub depth_sum: u64,
}

impl SideReport {
    /// The mean depth its searches completed per move (0 without moves).
    pub fn mean_depth(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.depth_sum as f64 / self.moves as f64
        }
    }
}

/// An Elo difference with its 95% confidence interval (infinite ends when a score is 0 or 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The point estimate.
    pub diff: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// Elo difference of a player scoring `score` (in `0..=1`) per game: `-400 log10(1/s - 1)`.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The Elo difference from per-game scores (1, 1/2, 0), with a 95% interval.
///
/// With `n` games and mean score `s`, the standard error of `s` is `sqrt(v / n)` where
/// `v = (1/n) * sum (x_i - s)^2` is the variance of the per-game scores (draws count as 1/2,
/// so draws narrow the interval); the interval of `s` is `s ± 1.96 * sqrt(v / n)` clipped to
/// `0..=1`, and all three are mapped through [`elo_of_score`] (it is monotone, so the interval
/// maps to an interval). This is the normal approximation cutechess-cli and most engine
/// testers report; it is too narrow for very few games.
///
/// ```
/// use searchlab_toolkit::matchplay::elo_from_scores;
/// let even = elo_from_scores(&[1.0, 0.0, 0.5, 0.5]);
/// assert_eq!(even.diff, 0.0);
/// assert!(even.low < 0.0 && even.high > 0.0);
/// let sweep = elo_from_scores(&[1.0, 1.0]);
/// assert_eq!(sweep.diff, f64::INFINITY);
/// ```
pub fn elo_from_scores(scores: &[f64]) -> Elo {
    if scores.is_empty() {
        return Elo {
            diff: 0.0,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let n = scores.len() as f64;
    let s = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|x| (x - s) * (x - s)).sum::<f64>() / n;
    let margin = 1.96 * (var / n).sqrt();
    Elo {
        diff: elo_of_score(s),
        low: elo_of_score((s - margin).max(0.0)),
        high: elo_of_score((s + margin).min(1.0)),
    }
}

/// The outcome of a match, from strategy A's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport<M> {
    /// Strategy A.
    pub a: SideReport,
    /// Strategy B.
    pub b: SideReport,
    /// Every game, in order.
    pub games: Vec<GameRecord<M>>,
    /// A's wins (final value > 0 for A's side).
    pub wins: u32,
    /// Draws (final value 0).
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// A's points: wins + draws / 2.
    pub score: f64,
    /// The Elo difference A - B with its 95% interval ([`elo_from_scores`]).
    pub elo: Elo,
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{x:+.0}")
    }
}

/// A table of the match: W/D/L, score and Elo, then per strategy moves, accuracy, nodes, time.
impl<M> fmt::Display for MatchReport<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.games.len();
        writeln!(f, "A = {}   B = {}   games {n}", self.a.name, self.b.name)?;
        writeln!(
            f,
            "A: W {} D {} L {}   score {:.1}/{n} ({:.1}%)   Elo A-B {} [{}, {}] (95%)",
            self.wins,
            self.draws,
            self.losses,
            self.score,
            if n == 0 {
                0.0
            } else {
                100.0 * self.score / n as f64
            },
            signed(self.elo.diff),
            signed(self.elo.low),
            signed(self.elo.high),
        )?;
        let width = self.a.name.len().max(self.b.name.len()).max(8);
        writeln!(
            f,
            "  {:<width$}  {:>7}  {:>9}  {:>12}  {:>12}  {:>10}",
            "strategy", "moves", "accuracy", "expanded", "generated", "time (s)"
        )?;
        for (tag, side) in [("A", &self.a), ("B", &self.b)] {
            let accuracy = match side.accuracy {
                Some(a) => format!("{:.1}%", 100.0 * a.share()),
                None => "-".into(),
            };
            writeln!(
                f,
                "{tag} {:<width$}  {:>7}  {:>9}  {:>12}  {:>12}  {:>10.3}",
                side.name,
                side.moves,
                accuracy,
                side.stats.expanded,
                side.stats.generated,
                side.stats.elapsed.as_secs_f64()
            )?;
        }
        Ok(())
    }
}

/// How many times a random opening is drawn again before giving up.
const OPENING_TRIES: u32 = 1000;

/// Plays `config.games` games between strategies `a` and `b` from `start`.
///
/// Game `2k` starts from opening `k` with A as [`Player::Max`], game `2k + 1` from the same
/// opening with A as [`Player::Min`]. At every position the game says who moves and that
/// side's strategy chooses; every move is checked for legality. With an `oracle`, each chosen
/// move (not the openings') is judged: it kept the value when the position after it has the
/// same exact value as the position before.
///
/// # Arguments
/// * `game`, `start`: the game and the position every opening starts from.
/// * `a`, `b`: the strategies; results are from A's point of view.
/// * `config`: number of games, openings, seed, longest game.
/// * `oracle`: a perfect solver for move accuracy ([`PerfectSolver`], or a closure).
///
/// # Returns
/// The [`MatchReport`] (W/D/L, score, Elo with a 95% interval, per-strategy moves, accuracy and
/// search statistics, every game), or a [`MatchError`] naming the game, ply and culprit.
///
/// # Complexity
/// `games` games of the strategies' own cost per move, plus one oracle call per move.
///
/// # Examples
/// ```
/// use searchlab_toolkit::matchplay::{
///     play_match, MatchConfig, Openings, PerfectSolver, RandomStrategy, SolverStrategy,
/// };
/// use searchlab_toolkit::{AlphaBetaConfig, Game, Limits, Player, Value};
///
/// /// Take 1 or 2 from a pile; whoever takes the last stone wins (+1 for Max).
/// struct Nim;
/// impl Game for Nim {
///     type State = (u8, Player);
///     type Move = u8;
///     fn to_move(&self, s: &(u8, Player)) -> Player { s.1 }
///     fn moves(&self, s: &(u8, Player), out: &mut Vec<u8>) {
///         out.extend((1..=2).filter(|&t| t <= s.0))
///     }
///     fn play(&self, s: &(u8, Player), t: &u8) -> (u8, Player) { (s.0 - t, s.1.other()) }
///     fn terminal_value(&self, s: &(u8, Player)) -> Option<Value> {
///         (s.0 == 0).then(|| if s.1 == Player::Max { -1 } else { 1 })
///     }
/// }
/// let no_eval = |_: &(u8, Player)| 0;
/// let mut perfect = SolverStrategy::alphabeta("alphabeta", AlphaBetaConfig::new(), no_eval);
/// let mut random = RandomStrategy::new(1);
/// let config = MatchConfig::new(20)
///     .with_openings(Openings::Random { plies: 1 })
///     .with_seed(5);
/// let mut oracle = PerfectSolver::new(Limits::none());
/// let report = play_match(&Nim, &(13, Player::Max), &mut perfect, &mut random, &config,
///                         Some(&mut oracle)).unwrap();
/// assert_eq!(report.wins + report.draws + report.losses, 20);
/// assert!(report.wins >= 10); // perfect play wins every won position
/// assert_eq!(report.a.accuracy.unwrap().share(), 1.0);
/// println!("{report}");
/// ```
pub fn play_match<G: Game + ?Sized>(
    game: &G,
    start: &G::State,
    a: &mut dyn Strategy<G>,
    b: &mut dyn Strategy<G>,
    config: &MatchConfig<G::Move>,
    oracle: Option<&mut dyn Oracle<G>>,
) -> Result<MatchReport<G::Move>, MatchError> {
    if config.games == 0 {
        return Err(MatchError::NoGames);
    }
    if game.terminal_value(start).is_some() {
        return Err(MatchError::StartIsOver);
    }
    // Check the given openings before any game is played.
    let given: Vec<G::State> = match &config.openings {
        Openings::Given(list) if list.is_empty() => return Err(MatchError::NoOpenings),
        Openings::Given(list) => list
            .iter()
            .enumerate()
            .map(|(i, moves)| replay_opening(game, start, i, moves))
            .collect::<Result<_, _>>()?,
        Openings::Random { .. } => Vec::new(),
    };
    let judged = oracle.is_some();
    let (a_name, b_name) = (a.name(), b.name());
    let mut play = Play {
        game,
        max_plies: config.max_plies,
        strategies: [a, b],
        sides: [
            SideReport::new(a_name, judged),
            SideReport::new(b_name, judged),
        ],
        oracle,
        buf: Vec::new(),
    };
    let mut rng = SplitMix64::new(config.seed);
    // Grown game by game: a match of 10^9 games reserves nothing up front (issue 32).
    let mut games = Vec::new();
    let mut opening: (usize, Vec<G::Move>, G::State) = (0, Vec::new(), start.clone());
    for g in 0..config.games {
        // Each opening is played twice, A taking each side once.
        if g % 2 == 0 {
            let k = (g / 2) as usize;
            opening = match &config.openings {
                Openings::Given(list) => {
                    let i = k % list.len();
                    (i, list[i].clone(), given[i].clone())
                }
                Openings::Random { plies } => {
                    let (moves, state) = random_opening(game, start, *plies, rng.next_u64())?;
                    (k, moves, state)
                }
            };
        }
        let a_plays = if g % 2 == 0 { Player::Max } else { Player::Min };
        for strategy in &mut play.strategies {
            strategy.new_game(rng.next_u64());
        }
        let (moves, value) = play.game(g, a_plays, (&opening.1, &opening.2))?;
        games.push(GameRecord {
            opening: opening.0,
            opening_plies: opening.1.len(),
            a_plays,
            moves,
            value,
        });
    }
    Ok(MatchReport::of(games, play.sides))
}

impl SideReport {
    /// The side of the strategy `name`, before its first move.
    fn new(name: String, judged: bool) -> SideReport {
        SideReport {
            name,
            moves: 0,
            stats: Stats::default(),
            accuracy: judged.then(Accuracy::default),
            max_move: std::time::Duration::ZERO,
            depth_sum: 0,
        }
    }
}

impl<M> MatchReport<M> {
    /// The report of `games` played by the two `sides`: results, score and Elo.
    fn of(games: Vec<GameRecord<M>>, [a, b]: [SideReport; 2]) -> MatchReport<M> {
        let scores: Vec<f64> = games.iter().map(GameRecord::a_score).collect();
        let count = |sign: Value| {
            games
                .iter()
                .filter(|r| r.a_value().signum() == sign)
                .count() as u32
        };
        MatchReport {
            a,
            b,
            wins: count(1),
            draws: count(0),
            losses: count(-1),
            score: scores.iter().sum(),
            elo: elo_from_scores(&scores),
            games,
        }
    }
}

/// A match being played: the two strategies (A first), their sides' reports, the oracle.
struct Play<'a, 's, 'o, G: Game + ?Sized> {
    game: &'a G,
    max_plies: u32,
    strategies: [&'a mut (dyn Strategy<G> + 's); 2],
    sides: [SideReport; 2],
    oracle: Option<&'a mut (dyn Oracle<G> + 'o)>,
    /// The legal moves of a position (a buffer kept between moves).
    buf: Vec<G::Move>,
}

impl<G: Game + ?Sized> Play<'_, '_, '_, G> {
    /// Plays game number `g` from the opening (its moves and position), A playing
    /// `a_plays`: every move and the final value.
    fn game(
        &mut self,
        g: u32,
        a_plays: Player,
        (opening, from): (&[G::Move], &G::State),
    ) -> Result<(Vec<G::Move>, Value), MatchError> {
        let mut moves = opening.to_vec();
        let mut state = from.clone();
        // The oracle's value of `state`, when it was judged as the last move's result.
        let mut known: Option<Value> = None;
        loop {
            if let Some(v) = self.game.terminal_value(&state) {
                return Ok((moves, v));
            }
            let ply = moves.len();
            if ply >= self.max_plies as usize {
                return Err(MatchError::TooLong {
                    game: g,
                    max_plies: self.max_plies,
                });
            }
            let side = usize::from(self.game.to_move(&state) != a_plays);
            let clock = std::time::Instant::now();
            let choice = self.strategies[side].choose(self.game, &state);
            let took = clock.elapsed();
            let choice = choice.map_err(|source| MatchError::Strategy {
                strategy: self.sides[side].name.clone(),
                game: g,
                ply,
                source,
            })?;
            self.buf.clear();
            self.game.moves(&state, &mut self.buf);
            if !self.buf.contains(&choice.mv) {
                return Err(MatchError::IllegalMove {
                    strategy: self.sides[side].name.clone(),
                    game: g,
                    ply,
                    mv: format!("{:?}", choice.mv),
                });
            }
            let next = self.game.play(&state, &choice.mv);
            known = self.judge(side, (g, ply), known, (&state, &next))?;
            let report = &mut self.sides[side];
            report.moves += 1;
            report.stats += &choice.stats;
            report.max_move = report.max_move.max(took);
            report.depth_sum += u64::from(choice.stats.depth_reached);
            moves.push(choice.mv);
            state = next;
        }
    }

    /// With an oracle: whether the move of `side` from `before` to `after` (game `g`, ply
    /// `ply`) kept the value, in its accuracy; the value after it (`known`: the value before,
    /// if judged already).
    fn judge(
        &mut self,
        side: usize,
        (g, ply): (u32, usize),
        known: Option<Value>,
        (before, after): (&G::State, &G::State),
    ) -> Result<Option<Value>, MatchError> {
        let Some(o) = self.oracle.as_deref_mut() else {
            return Ok(None);
        };
        let game = self.game;
        let mut judge = |s: &G::State, ply| {
            o.value(game, s).map_err(|limit| MatchError::Oracle {
                game: g,
                ply,
                limit,
            })
        };
        let value_before = match known {
            Some(v) => v,
            None => judge(before, ply)?,
        };
        let value_after = judge(after, ply + 1)?;
        if let Some(acc) = self.sides[side].accuracy.as_mut() {
            acc.moves += 1;
            acc.kept += u64::from(value_after == value_before);
        }
        Ok(Some(value_after))
    }
}

/// The position after a given opening, checking every move and that the game goes on.
fn replay_opening<G: Game + ?Sized>(
    game: &G,
    start: &G::State,
    index: usize,
    moves: &[G::Move],
) -> Result<G::State, MatchError> {
    let mut state = start.clone();
    let mut legal = Vec::new();
    for (ply, mv) in moves.iter().enumerate() {
        if game.terminal_value(&state).is_some() {
            return Err(MatchError::OpeningEndsGame {
                opening: index,
                ply,
            });
        }
        legal.clear();
        game.moves(&state, &mut legal);
        if !legal.contains(mv) {
            return Err(MatchError::IllegalOpeningMove {
                opening: index,
                ply,
                mv: format!("{mv:?}"),
            });
        }
        state = game.play(&state, mv);
    }
    if game.terminal_value(&state).is_some() {
        return Err(MatchError::OpeningEndsGame {
            opening: index,
            ply: moves.len(),
        });
    }
    Ok(state)
}

/// `plies` random moves from `start` that leave the game going, drawn from `seed`.
fn random_opening<G: Game + ?Sized>(
    game: &G,
    start: &G::State,
    plies: u32,
    seed: u64,
) -> Result<(Vec<G::Move>, G::State), MatchError> {
    let mut rng = SplitMix64::new(seed);
    let mut legal = Vec::new();
    'tries: for _ in 0..OPENING_TRIES {
        let mut state = start.clone();
        let mut moves = Vec::new();
        for _ in 0..plies {
            legal.clear();
            game.moves(&state, &mut legal);
            if legal.is_empty() || game.terminal_value(&state).is_some() {
                continue 'tries;
            }
            let mv = legal.swap_remove(rng.below(legal.len() as u64) as usize);
            state = game.play(&state, &mv);
            moves.push(mv);
        }
        if game.terminal_value(&state).is_none() {
            return Ok((moves, state));
        }
    }
    Err(MatchError::NoRandomOpening {
        plies,
        tries: OPENING_TRIES,
    })
}
