//! Principal variation search (NegaScout): alpha-beta that searches the first move of a node
//! with the full window and every later move with a null window, re-searching only a move that
//! proves better than the first. Same transposition table (with bound types), same depth limit,
//! iterative deepening and statistics as [`crate::alphabeta()`].
//!
//! The node search is alpha-beta's ([`crate::AlphaBeta`]) with its PVS switch on, one engine
//! compiled twice (a const generic), so alpha-beta pays nothing for it.
//!
//! Values are from [`crate::Player::Max`]'s point of view and the game says who moves (no negamax), so
//! games with extra turns work unchanged: a null window is `(alpha, alpha + 1)` below a Max node
//! and `(beta - 1, beta)` below a Min node.

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::game::{Evaluator, Game, GameResult, INFINITY, Value};
use crate::observe::GameObserver;
use crate::stats::Limits;
use crate::table::TranspositionTable;

/// What the catalogue knows about principal variation search, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "pvs",
    aliases: &[],
    summary: "principal variation search: null windows after the first move",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// Settings of a [`Pvs`] searcher (the same meaning as [`crate::AlphaBetaConfig`]'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvsConfig {
    /// `max_cost` is the depth limit in plies (none: to the end of the game); `max_expanded`,
    /// `timeout` and `cancel` stop a search with [`GameOutcome::Stopped`](crate::GameOutcome::Stopped).
    pub limits: Limits,
    /// Keep a transposition table (with bound types) within and across searches.
    pub table: bool,
    /// Iterative deepening: depth 1, 2, ... up to the limit, stopping once an iteration saw the
    /// whole game; the table's best moves order the next iteration.
    pub iterative: bool,
    /// Every terminal value and evaluation lies in `lo..=hi`: the root window is `(lo, hi)`.
    pub value_range: (Value, Value),
}

impl Default for PvsConfig {
    fn default() -> Self {
        PvsConfig {
            limits: Limits::none(),
            table: true,
            iterative: false,
            value_range: (-INFINITY, INFINITY),
        }
    }
}

impl PvsConfig {
    /// Table on, no iterative deepening, no limits, unbounded values.
    pub fn new() -> Self {
        Self::default()
    }
    /// Sets the limits (depth limit = `max_cost`).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }
    /// Sets the depth limit in plies.
    pub fn with_depth(mut self, depth: u32) -> Self {
        self.limits.max_cost = Some(u64::from(depth));
        self
    }
    /// Turns the transposition table on or off.
    pub fn with_table(mut self, on: bool) -> Self {
        self.table = on;
        self
    }
    /// Turns iterative deepening on or off.
    pub fn with_iterative(mut self, on: bool) -> Self {
        self.iterative = on;
        self
    }
    /// Declares that all values lie in `lo..=hi`; `lo >= hi` leaves the range unbounded
    /// (an empty range declares nothing, so it must not narrow anything).
    pub fn with_value_range(mut self, lo: Value, hi: Value) -> Self {
        self.value_range = if lo < hi {
            (lo, hi)
        } else {
            (-INFINITY, INFINITY)
        };
        self
    }
}

/// A principal-variation searcher: settings plus a transposition table that lives across
/// searches (clear it with [`Pvs::clear_table`] before switching game or evaluator).
///
/// With the same depth limit and evaluator its value always equals plain
/// [`crate::minimax()`]'s and [`crate::alphabeta()`]'s. Moves are tried table move first, then
/// in the game's order.
///
/// # Complexity
/// O(b^d) in the worst move order, about O(b^(d/2)) in the best; it beats alpha-beta when the
/// first move is usually best (null-window searches cut more) and loses a little when many
/// moves must be re-searched. The table costs one entry per expanded position.
///
/// # Examples
/// ```
/// use searchlab_core::{minimax, Game, Limits, Player, Pvs, PvsConfig, Value};
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
/// let mut search = Pvs::new(PvsConfig::new().with_value_range(-1, 1));
/// let run = search.search(&Nim, &(20, Player::Max), &no_eval);
/// let answer = run.outcome.solution().unwrap();
/// assert_eq!((answer.value, answer.best), (1, Some(2))); // leave 18, a multiple of 3
/// let plain = minimax(&Nim, &(20, Player::Max), &no_eval, &Limits::none());
/// assert_eq!(plain.outcome.value(), Some(answer.value));
/// ```
///
/// Reinefeld, "An improvement to the Scout tree search algorithm", ICCA Journal 6(4), 1983;
/// Marsland and Campbell, "Parallel search of strongly ordered game trees", Computing Surveys
/// 14(4), 1982.
#[derive(Debug)]
pub struct Pvs<G: Game + ?Sized> {
    config: PvsConfig,
    /// Alpha-beta's engine with its PVS switch on: one node search for both (issue 16).
    inner: AlphaBeta<G>,
}

/// `config` as alpha-beta's: no aspiration windows, no enhanced transposition cutoffs.
/// PVS with alpha-beta's limits, table, deepening and value range (alpha-beta's aspiration
/// window, ETC and principal-variation switches have no PVS counterpart).
impl From<&AlphaBetaConfig> for PvsConfig {
    fn from(config: &AlphaBetaConfig) -> Self {
        PvsConfig {
            limits: config.limits.clone(),
            table: config.table,
            iterative: config.iterative,
            value_range: config.value_range,
        }
    }
}

fn alphabeta_config(config: &PvsConfig) -> AlphaBetaConfig {
    AlphaBetaConfig {
        limits: config.limits.clone(),
        table: config.table,
        iterative: config.iterative,
        value_range: config.value_range,
        aspiration: None,
        etc: false,
        pv: true,
    }
}

impl<G: Game + ?Sized> Pvs<G> {
    /// A searcher with an empty table.
    pub fn new(config: PvsConfig) -> Self {
        let inner = AlphaBeta::new(alphabeta_config(&config)).scouting();
        Pvs { config, inner }
    }

    /// A searcher using `table` (e.g. one with a size limit).
    pub fn with_table(config: PvsConfig, table: TranspositionTable<G::State>) -> Self {
        let inner = AlphaBeta::with_table(alphabeta_config(&config), table).scouting();
        Pvs { config, inner }
    }

    /// The settings.
    pub fn config(&self) -> &PvsConfig {
        &self.config
    }

    /// Changes the settings; the table is kept (valid for the same game and evaluator).
    pub fn set_config(&mut self, config: PvsConfig) {
        self.inner.set_config(alphabeta_config(&config));
        self.config = config;
    }

    /// The transposition table.
    pub fn table(&self) -> &TranspositionTable<G::State> {
        self.inner.table()
    }

    /// Empties the transposition table.
    pub fn clear_table(&mut self) {
        self.inner.clear_table();
    }

    /// The value of `root` and a best move under the configured depth limit.
    pub fn search<E: Evaluator<G> + ?Sized>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
    ) -> GameResult<G::Move> {
        self.inner.search(game, root, eval)
    }

    /// [`search`](Self::search) reporting every step to `observer` ([`crate::observe`]),
    /// with the events of [`AlphaBeta::search_observed`] (a null-window test or re-search of
    /// a child is an [`GameEvent`](crate::GameEvent)`::Expand` with that window). Answers and
    /// statistics are those of [`search`](Self::search).
    ///
    /// # Examples
    /// See [`crate::observe`] (a game observer is written the same way).
    pub fn search_observed<E, O>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
        observer: &mut O,
    ) -> GameResult<G::Move>
    where
        E: Evaluator<G> + ?Sized,
        O: GameObserver<G::State> + ?Sized,
    {
        self.inner.search_observed(game, root, eval, observer)
    }

    /// Searches `root` with the window `(alpha, beta)`; the answer's [`Bound`](crate::Bound)
    /// says whether the value is exact, a lower bound (`>= beta`) or an upper bound
    /// (`<= alpha`).
    pub fn search_window<E: Evaluator<G> + ?Sized>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
        alpha: Value,
        beta: Value,
    ) -> GameResult<G::Move> {
        self.inner.search_window(game, root, eval, alpha, beta)
    }
}

/// Principal variation search with a transposition table from `root` to the end of the game or
/// to the depth limit `limits.max_cost`: the same value as [`crate::minimax()`] and
/// [`crate::alphabeta()`].
///
/// A one-call front end to [`Pvs`] (table on, no iterative deepening, a fresh table).
///
/// # Arguments
/// * `game`, `root`: the game and the position to value.
/// * `eval`: the evaluation of positions at the depth limit.
/// * `limits`: `max_cost` is the depth limit in plies; `max_expanded`, `timeout` and `cancel`
///   stop the search with [`GameOutcome::Stopped`](crate::GameOutcome::Stopped).
///
/// # Returns
/// The value (from Max's point of view), the best move and principal variation, and the
/// statistics `expanded`, `generated`, `leaves`, `cutoffs`, `table_probes`, `table_hits`,
/// `depth_reached`, `max_frontier` (deepest ply) and `elapsed`.
///
/// # Complexity
/// As [`Pvs`]: O(b^d) worst case, about O(b^(d/2)) with good move order.
///
/// # Examples
/// ```
/// use searchlab_core::{alphabeta, minimax, pvs, Game, Limits, Player, Value};
///
/// /// A complete binary tree of depth 3 whose leaves are the numbers in `LEAVES`.
/// struct Tree;
/// const LEAVES: [Value; 8] = [3, 5, 6, 9, 1, 2, 0, -1];
/// impl Game for Tree {
///     type State = (u8, u8); // (depth, index at that depth)
///     type Move = u8;
///     fn to_move(&self, s: &(u8, u8)) -> Player {
///         if s.0 % 2 == 0 { Player::Max } else { Player::Min }
///     }
///     fn moves(&self, s: &(u8, u8), out: &mut Vec<u8>) {
///         if s.0 < 3 { out.extend([0, 1]) }
///     }
///     fn play(&self, s: &(u8, u8), m: &u8) -> (u8, u8) { (s.0 + 1, 2 * s.1 + m) }
///     fn terminal_value(&self, s: &(u8, u8)) -> Option<Value> {
///         (s.0 == 3).then(|| LEAVES[s.1 as usize])
///     }
/// }
/// let eval = |_: &(u8, u8)| 0;
/// let scout = pvs(&Tree, &(0, 0), &eval, &Limits::none());
/// assert_eq!(scout.outcome.value(), Some(5)); // max(min(5, 9), min(2, 0))
/// assert_eq!(scout.outcome.value(), minimax(&Tree, &(0, 0), &eval, &Limits::none()).outcome.value());
/// assert_eq!(scout.outcome.value(), alphabeta(&Tree, &(0, 0), &eval, &Limits::none()).outcome.value());
/// assert_eq!(scout.outcome.solution().unwrap().pv, [0, 0, 1]);
/// ```
pub fn pvs<G, E>(game: &G, root: &G::State, eval: &E, limits: &Limits) -> GameResult<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
{
    Pvs::new(PvsConfig::new().with_limits(limits.clone())).search(game, root, eval)
}
