//! Alpha-beta search: depth limit, iterative deepening, a transposition table that keeps each
//! value's bound type, table-move-first ordering, root analysis and null-window tests.
//!
//! Values are from [`Player::Max`]'s point of view and the game says who moves (no negamax),
//! so games with extra turns work unchanged.

use std::mem;
use std::ops::ControlFlow;

use crate::game::{
    Bound, Evaluator, Game, GameOutcome, GameResult, INFINITY, Player, RootMove, Solution, Value,
};
use crate::observe::{GameEvent, GameObserver, NoObserver};
use crate::stats::{Budget, Iteration, LimitKind, Limits, Stats};
use crate::table::{Entry, INCOMPLETE, NO_MOVE, TranspositionTable};

/// What the catalogue knows about alpha-beta (its parameter: the half-width of aspiration windows, none by default), declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration<Option<Value>> =
    crate::algorithm::Declaration {
        name: "alphabeta",
        aliases: &[],
        summary: "alpha-beta with a transposition table (alphabeta:aspiration=W: iterative deepening with aspiration windows of half-width W)",
        promise: |_| crate::algorithm::Promise::Optimal,
        needs: crate::algorithm::Needs {
            heuristic: true,
            goal_state: false,
        },
        parameter: Some(crate::algorithm::Parameter {
            flag: None,
            default: None,
            parse: |t| {
                let t = t.trim();
                let value = t
                    .split_once('=')
                    .filter(|(k, _)| k.trim().eq_ignore_ascii_case("aspiration"))
                    .map(|(_, v)| v.trim())
                    .ok_or_else(|| {
                        format!(
                            "`{t}`: alphabeta takes aspiration=W (W >= 1, the window's half-width)"
                        )
                    })?;
                match value.parse::<Value>() {
                    Ok(w) if w >= 1 => Ok(Some(w)),
                    _ => Err(format!(
                        "aspiration={value}: expected a whole number from 1"
                    )),
                }
            },
            show: |w| match w {
                Some(w) => format!("aspiration={w}"),
                None => String::new(),
            },
        }),
        module: module_path!(),
    };

/// Settings of an [`AlphaBeta`] searcher.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// `max_cost` is the depth limit in plies (none: to the end of the game), `max_expanded`
    /// and `timeout` stop a search with [`GameOutcome::Stopped`].
    pub limits: Limits,
    /// Keep a transposition table (with bound types) across the positions of a search and
    /// across searches of the same searcher.
    pub table: bool,
    /// Iterative deepening: search depth 1, 2, ... up to the depth limit, stopping early once
    /// an iteration saw the whole game; the table's best moves order the next iteration.
    pub iterative: bool,
    /// Every terminal value and evaluation lies in `lo..=hi`. The root window becomes
    /// `(lo, hi)` instead of `(-INFINITY, INFINITY)`, so a win-draw-loss game gets narrow
    /// windows, and a result at `lo` or `hi` is still exact.
    pub value_range: (Value, Value),
    /// Aspiration windows for iterative deepening (issue 16): after the first iteration, each
    /// depth is searched with the window `(v - delta, v + delta)` around the previous
    /// iteration's value `v`; a result outside it (a fail low or high, which is only a bound)
    /// is searched again with the full window. A narrow window cuts more, so a good guess pays
    /// for the occasional re-search. `None` (the default): every iteration uses the full window.
    /// Without `iterative` it has no effect.
    pub aspiration: Option<Value>,
    /// Enhanced transposition cutoffs (Plaat et al.): before searching the moves of a node,
    /// look every child up in the table, and answer the node at once when one child's entry
    /// already proves a cut-off. Besides the nodes it saves, the look-ups of all siblings are
    /// issued together, so on a large table their cache misses overlap instead of coming one
    /// by one. Off by default (it changes node counts, and costs a `play` per move).
    pub etc: bool,
    /// Keep the principal variation below the root (on by default). Off, a solution's `pv`
    /// holds only the best move: a solver that wants values alone (Connect Four's null-window
    /// tests) saves the copy of a line at every position whose value improves.
    pub pv: bool,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            limits: Limits::none(),
            table: true,
            iterative: false,
            value_range: (-INFINITY, INFINITY),
            aspiration: None,
            etc: false,
            pv: true,
        }
    }
}

impl AlphaBetaConfig {
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
    /// Declares that all values lie in `lo..=hi` (`lo < hi`).
    pub fn with_value_range(mut self, lo: Value, hi: Value) -> Self {
        assert!(lo < hi, "empty value range");
        self.value_range = (lo, hi);
        self
    }
    /// Turns aspiration windows of half-width `delta` (at least 1) on, or off with `None`.
    pub fn with_aspiration(mut self, delta: Option<Value>) -> Self {
        assert!(
            delta.is_none_or(|d| d >= 1),
            "aspiration delta must be at least 1"
        );
        self.aspiration = delta;
        self
    }
    /// Turns enhanced transposition cutoffs on or off.
    pub fn with_etc(mut self, on: bool) -> Self {
        self.etc = on;
        self
    }
    /// Keeps the principal variation below the root, or only the best move.
    pub fn with_pv(mut self, on: bool) -> Self {
        self.pv = on;
        self
    }
    fn depth(&self) -> Option<u32> {
        self.limits
            .max_cost
            .map(|d| d.min(u64::from(u32::MAX - 1)) as u32)
    }
}

/// An alpha-beta searcher: settings plus a transposition table that lives across searches.
///
/// Moves are tried table move first (when the table knows one), then in the game's order; the
/// best move is the first, in that order, achieving the value. With the same depth limit and
/// evaluator the value always equals plain [`crate::minimax()`]'s; the best move is one of
/// minimax's best moves (perhaps another one when the table reorders moves).
///
/// Reusing a searcher reuses its table: clear it ([`AlphaBeta::clear_table`]) before switching
/// to another game or evaluator.
///
/// # Complexity
/// O(b^d) in the worst move order, about O(b^(d/2)) in the best; the table costs one entry per
/// expanded position.
///
/// # Examples
/// ```
/// use searchlab_core::{AlphaBeta, AlphaBetaConfig, Bound, Game, Player, Value};
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
/// let mut search = AlphaBeta::new(AlphaBetaConfig::new().with_value_range(-1, 1));
///
/// let run = search.search(&Nim, &(20, Player::Max), &no_eval);
/// let answer = run.outcome.solution().unwrap();
/// assert_eq!((answer.value, answer.best), (1, Some(2))); // leave 18, a multiple of 3
/// assert!(run.stats.table_hits > 0);
///
/// // Every root move's value, stopping at the first that wins for the mover.
/// let run = search.analyse_root(&Nim, &(21, Player::Max), &no_eval, Some(1));
/// let moves = &run.outcome.solution().unwrap().root_moves;
/// assert_eq!(moves.iter().map(|m| m.value).collect::<Vec<_>>(), [-1, -1]); // 21 loses
///
/// // A null-window test: can Max reach at least 1 from 7 stones? (7 = 6 + 1: yes.)
/// let run = search.search_window(&Nim, &(7, Player::Max), &no_eval, 0, 1);
/// let answer = run.outcome.solution().unwrap();
/// assert!(answer.value >= 1 && answer.bound != Bound::Upper);
/// ```
#[derive(Debug)]
pub struct AlphaBeta<G: Game + ?Sized> {
    config: AlphaBetaConfig,
    table: TranspositionTable<G::State>,
    bufs: Vec<Vec<G::Move>>,
    pvs: Vec<Vec<G::Move>>,
    /// Principal variation search: every move after a node's first is searched with a null
    /// window first ([`crate::Pvs`] is this searcher with it on).
    scout: bool,
    /// The number of the last search of the root announced to an observer, when a driver
    /// running several searches (MTD(f)'s tests) numbers them on from one to the next;
    /// `None`: each call numbers its searches from 1.
    numbering: Option<u32>,
}

impl<G: Game + ?Sized> AlphaBeta<G> {
    /// A searcher with an empty table.
    pub fn new(config: AlphaBetaConfig) -> Self {
        AlphaBeta {
            config,
            table: TranspositionTable::new(),
            bufs: Vec::new(),
            pvs: Vec::new(),
            scout: false,
            numbering: None,
        }
    }

    /// A searcher using `table` (e.g. one with a size limit).
    pub fn with_table(config: AlphaBetaConfig, table: TranspositionTable<G::State>) -> Self {
        AlphaBeta {
            config,
            table,
            bufs: Vec::new(),
            pvs: Vec::new(),
            scout: false,
            numbering: None,
        }
    }

    /// The same searcher doing principal variation search ([`crate::Pvs`]'s engine).
    pub(crate) fn scouting(mut self) -> Self {
        self.scout = true;
        self
    }

    /// The settings.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// Changes the settings; the table is kept (its entries stay valid for the same game and
    /// evaluator at any depth limit).
    pub fn set_config(&mut self, config: AlphaBetaConfig) {
        self.config = config;
    }

    /// The transposition table.
    pub fn table(&self) -> &TranspositionTable<G::State> {
        &self.table
    }

    /// Empties the transposition table.
    pub fn clear_table(&mut self) {
        self.table.clear();
    }

    /// Replaces the transposition table (e.g. by a [`TranspositionTable::fixed`] one).
    pub fn set_table(&mut self, table: TranspositionTable<G::State>) {
        self.table = table;
    }

    /// The value of `root` and a best move, under the configured depth limit (iteratively
    /// deepened when configured).
    pub fn search<E: Evaluator<G> + ?Sized>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
    ) -> GameResult<G::Move> {
        let (lo, hi) = self.config.value_range;
        match self.config.limits.trace.clone() {
            None => self.run(game, root, eval, lo, hi, &mut NoObserver),
            Some(trace) => self.run(game, root, eval, lo, hi, &mut trace.observer()),
        }
    }

    /// [`search`](Self::search) reporting every step to `observer` ([`crate::observe`]): a
    /// [`GameEvent::NewBound`] per search of the root (each iteration, each re-search of an
    /// aspiration window), [`GameEvent::Expand`] per position searched (exactly
    /// `stats.expanded`), [`GameEvent::Leaf`] per position valued without search,
    /// [`GameEvent::TableHit`] per table hit, [`GameEvent::Cutoff`] per cutoff (exactly
    /// `stats.cutoffs`, with the moves skipped) and [`GameEvent::Value`] per position
    /// searched. Answers and statistics are those of [`search`](Self::search).
    ///
    /// # Examples
    /// See `crates/core/tests/observe.rs`, which checks the cutoffs against the pruned
    /// subtrees of an explicit tree.
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
        let (lo, hi) = self.config.value_range;
        self.run(game, root, eval, lo, hi, observer)
    }

    /// Searches `root` with the window `(alpha, beta)`: the answer's [`Bound`] says whether the
    /// value is exact (strictly inside), a lower bound (`>= beta`) or an upper bound
    /// (`<= alpha`). A null window `(t - 1, t)` answers "is the value at least `t`?" faster
    /// than an exact search.
    pub fn search_window<E: Evaluator<G> + ?Sized>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
        alpha: Value,
        beta: Value,
    ) -> GameResult<G::Move> {
        let (lo, hi) = self.config.value_range;
        let (a, b) = (alpha.max(lo), beta.min(hi));
        match self.config.limits.trace.clone() {
            None => self.run(game, root, eval, a, b, &mut NoObserver),
            Some(trace) => self.run(game, root, eval, a, b, &mut trace.observer()),
        }
    }

    /// [`search_window`](Self::search_window) reporting every step to `observer`, as
    /// [`search_observed`](Self::search_observed) does.
    pub fn search_window_observed<E, O>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
        (alpha, beta): (Value, Value),
        observer: &mut O,
    ) -> GameResult<G::Move>
    where
        E: Evaluator<G> + ?Sized,
        O: GameObserver<G::State> + ?Sized,
    {
        let (lo, hi) = self.config.value_range;
        self.run(game, root, eval, alpha.max(lo), beta.min(hi), observer)
    }

    /// The exact value of every root move, in the game's order (all under the configured
    /// depth limit, without iterative deepening). With `target`, stops after the first move
    /// whose value reaches it for the player to move (`>= target` for Max, `<= target` for
    /// Min): POJ 1568 asks for the FIRST winning square, not the best one.
    ///
    /// The solution's `value` and `best` are those of the analysed moves (a bound when the
    /// analysis stopped early), `root_moves` lists them, `pv` follows `best`.
    pub fn analyse_root<E: Evaluator<G> + ?Sized>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
        target: Option<Value>,
    ) -> GameResult<G::Move> {
        match self.config.limits.trace.clone() {
            None => self.analyse_root_observed(game, root, eval, target, &mut NoObserver),
            Some(trace) => {
                self.analyse_root_observed(game, root, eval, target, &mut trace.observer())
            }
        }
    }

    /// [`analyse_root`](Self::analyse_root) reporting every step to `observer`, as
    /// [`search_observed`](Self::search_observed) does.
    pub fn analyse_root_observed<E, O>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
        target: Option<Value>,
        observer: &mut O,
    ) -> GameResult<G::Move>
    where
        E: Evaluator<G> + ?Sized,
        O: GameObserver<G::State> + ?Sized,
    {
        let (lo, hi) = self.config.value_range;
        let depth = self.config.depth();
        let mut engine = self.engine::<false, E, O>(game, eval, observer);
        engine.stats.generated = 1;
        let mut root_moves = Vec::new();
        let mut best: Option<(Value, Vec<G::Move>)> = None;
        let mut complete = true;
        let mut early = false;
        let result = (|| -> Result<(), LimitKind> {
            if game.terminal_value(root).is_some() {
                return Ok(());
            }
            let remaining = depth.unwrap_or(u32::MAX);
            if remaining == 0 {
                return Ok(());
            }
            engine.stats.expanded += 1;
            if engine.observer.active() {
                engine.observer.event(GameEvent::Expand {
                    state: root,
                    ply: 0,
                    alpha: lo,
                    beta: hi,
                });
            }
            let maximising = game.to_move(root) == Player::Max;
            let mut moves = Vec::new();
            game.moves(root, &mut moves);
            let child_depth = if remaining == u32::MAX {
                remaining
            } else {
                remaining - 1
            };
            for (i, mv) in moves.iter().enumerate() {
                let child = game.play(root, mv);
                engine.stats.generated += 1;
                let node = engine.search(&child, child_depth, lo, hi, 1)?;
                complete &= node.height != INCOMPLETE;
                let value = node.value.clamp(lo, hi);
                root_moves.push(RootMove {
                    mv: mv.clone(),
                    value,
                    bound: Bound::Exact,
                });
                let better = match &best {
                    None => true,
                    Some((b, _)) => (maximising && value > *b) || (!maximising && value < *b),
                };
                if better {
                    let mut pv = vec![mv.clone()];
                    pv.extend_from_slice(&engine.pvs[1]);
                    best = Some((value, pv));
                }
                let reached =
                    target.is_some_and(|t| if maximising { value >= t } else { value <= t });
                if reached {
                    let decisive = if maximising { value >= hi } else { value <= lo };
                    early = i + 1 < moves.len() && !decisive;
                    break;
                }
            }
            Ok(())
        })();
        let mut stats = mem::take(&mut engine.stats);
        stats.elapsed = engine.budget.elapsed();
        drop(engine);
        let outcome = match result {
            Err(limit) => GameOutcome::Stopped {
                limit,
                deepest: None,
            },
            Ok(()) => {
                let maximising = game.to_move(root) == Player::Max;
                let (value, bound, pv) = match best {
                    Some((v, pv)) => {
                        let bound = match (early, maximising) {
                            (false, _) => Bound::Exact,
                            (true, true) => Bound::Lower,
                            (true, false) => Bound::Upper,
                        };
                        (v, bound, pv)
                    }
                    None => {
                        // The root itself is over or at the depth limit.
                        complete = game.terminal_value(root).is_some();
                        let v = game
                            .terminal_value(root)
                            .unwrap_or_else(|| eval.evaluate(game, root));
                        stats.leaves += 1;
                        (v, Bound::Exact, Vec::new())
                    }
                };
                stats.depth_reached = depth.map_or(stats.max_frontier as u32, |d| {
                    d.min(stats.max_frontier as u32)
                });
                GameOutcome::Solved(Solution {
                    value,
                    bound,
                    best: pv.first().cloned(),
                    pv,
                    root_moves,
                    depth,
                    complete,
                })
            }
        };
        GameResult { outcome, stats }
    }

    fn engine<'a, const PVS: bool, E: Evaluator<G> + ?Sized, O: GameObserver<G::State> + ?Sized>(
        &'a mut self,
        game: &'a G,
        eval: &'a E,
        observer: &'a mut O,
    ) -> Engine<'a, G, E, O, PVS> {
        // The memory limit caps the growing table: past it, new positions are not stored.
        if let Some(bytes) = self.config.limits.max_memory {
            self.table.cap_bytes(bytes);
        }
        Engine {
            game,
            eval,
            observer,
            table: self.config.table.then_some(&mut self.table),
            bufs: &mut self.bufs,
            pvs: &mut self.pvs,
            etc: self.config.etc,
            pv: self.config.pv,
            budget: Budget::new(&self.config.limits),
            stats: Stats::default(),
        }
    }

    /// One search (or one iterative-deepening series) of `root` with the window `(alpha, beta)`,
    /// by alpha-beta or PVS (one engine each, compiled apart: alpha-beta's carries no test of
    /// the switch).
    fn run<E: Evaluator<G> + ?Sized, O: GameObserver<G::State> + ?Sized>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
        alpha: Value,
        beta: Value,
        observer: &mut O,
    ) -> GameResult<G::Move> {
        if self.scout {
            self.run_with::<true, E, O>(game, root, eval, alpha, beta, observer)
        } else {
            self.run_with::<false, E, O>(game, root, eval, alpha, beta, observer)
        }
    }

    fn run_with<const PVS: bool, E: Evaluator<G> + ?Sized, O: GameObserver<G::State> + ?Sized>(
        &mut self,
        game: &G,
        root: &G::State,
        eval: &E,
        alpha: Value,
        beta: Value,
        observer: &mut O,
    ) -> GameResult<G::Move> {
        let (lo, hi) = self.config.value_range;
        let depth = self.config.depth();
        let iterative = self.config.iterative;
        let aspiration = self.config.aspiration.filter(|_| iterative);
        let numbering = self.numbering.is_some();
        let mut searches = self.numbering.unwrap_or(0);
        let mut engine = self.engine::<PVS, E, O>(game, eval, observer);
        // Tells the observer of each search of the root, with its window.
        let mut announce = |engine: &mut Engine<'_, G, E, O, PVS>, depth: u32, alpha, beta| {
            if engine.observer.active() {
                searches += 1;
                engine.observer.event(GameEvent::NewBound {
                    iteration: searches,
                    depth,
                    alpha,
                    beta,
                });
            }
        };
        let depths: Box<dyn Iterator<Item = u32>> = match (iterative, depth) {
            (false, Some(d)) => Box::new(std::iter::once(d)),
            (false, None) => Box::new(std::iter::once(u32::MAX)),
            (true, Some(0)) => Box::new(std::iter::once(0)),
            (true, Some(d)) => Box::new(1..=d),
            (true, None) => Box::new(1..u32::MAX),
        };
        let mut deepest: Option<Solution<G::Move>> = None;
        let mut stopped = None;
        for d in depths {
            let before = (engine.stats.expanded, engine.stats.generated);
            engine.stats.generated += 1;
            // The aspiration window around the last iteration's exact value, if any.
            let guess = aspiration.zip(deepest.as_ref().filter(|s| s.bound == Bound::Exact));
            let searched = match guess {
                Some((delta, last)) => {
                    let a = alpha.max(last.value.saturating_sub(delta));
                    let b = beta.min(last.value.saturating_add(delta));
                    announce(&mut engine, d, a, b);
                    match engine.search(root, d, a, b, 0) {
                        // Outside the narrowed window the value is only a bound: search again.
                        Ok(node)
                            if (node.value <= a && a > alpha) || (node.value >= b && b < beta) =>
                        {
                            engine.stats.generated += 1;
                            announce(&mut engine, d, alpha, beta);
                            engine.search(root, d, alpha, beta, 0)
                        }
                        other => other,
                    }
                }
                None => {
                    announce(&mut engine, d, alpha, beta);
                    engine.search(root, d, alpha, beta, 0)
                }
            };
            let pv = mem::take(&mut engine.pvs[0]);
            if iterative {
                engine.stats.iterations.push(Iteration {
                    bound: i64::from(d),
                    expanded: engine.stats.expanded - before.0,
                    generated: engine.stats.generated - before.1,
                });
            }
            let node = match searched {
                Ok(node) => node,
                Err(limit) => {
                    stopped = Some(limit);
                    break;
                }
            };
            // Values at the ends of the declared range are exact whatever the window said.
            let value = node.value.clamp(lo, hi);
            let bound = if value <= alpha && value > lo {
                Bound::Upper
            } else if value >= beta && value < hi {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let complete = node.height != INCOMPLETE;
            // The deepest ply searched: the limit, unless every line ended sooner (a 3 x 3
            // board has at most 9 plies whatever the limit).
            engine.stats.depth_reached = d.min(engine.stats.max_frontier as u32);
            deepest = Some(Solution {
                value,
                bound,
                best: pv.first().cloned(),
                pv,
                root_moves: Vec::new(),
                depth: (d != u32::MAX).then_some(d),
                complete,
            });
            if complete {
                break;
            }
        }
        let mut stats = mem::take(&mut engine.stats);
        stats.elapsed = engine.budget.elapsed();
        let outcome = match stopped {
            Some(limit) => GameOutcome::Stopped { limit, deepest },
            None => GameOutcome::Solved(deepest.expect("at least one iteration")),
        };
        if numbering {
            self.numbering = Some(searches);
        }
        GameResult { outcome, stats }
    }

    /// Numbers the searches of the root announced to an observer ([`GameEvent::NewBound`]) on
    /// from one call to the next while `on` (a driver's series of null-window tests reads as
    /// iterations 1, 2, 3...), or from 1 in each call (the default).
    pub fn number_searches_on(&mut self, on: bool) {
        self.numbering = on.then_some(0);
    }

    /// Whether [`number_searches_on`](Self::number_searches_on) is on.
    pub fn numbers_searches_on(&self) -> bool {
        self.numbering.is_some()
    }
}

/// Alpha-beta with a transposition table from `root` to the end of the game or to the depth
/// limit `limits.max_cost`: the same value as [`crate::minimax()`], usually far fewer nodes.
///
/// A one-call front end to [`AlphaBeta`] (table on, no iterative deepening, a fresh table).
///
/// # Examples
/// ```
/// use searchlab_core::{alphabeta, minimax, Game, Limits, Player, Value};
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
/// let pruned = alphabeta(&Tree, &(0, 0), &eval, &Limits::none());
/// let plain = minimax(&Tree, &(0, 0), &eval, &Limits::none());
/// assert_eq!(pruned.outcome.value(), Some(5)); // max(min(5, 9), min(2, 0))
/// assert_eq!(pruned.outcome.value(), plain.outcome.value());
/// assert!(pruned.stats.leaves < plain.stats.leaves);
/// assert_eq!(pruned.outcome.solution().unwrap().pv, [0, 0, 1]);
/// ```
pub fn alphabeta<G, E>(game: &G, root: &G::State, eval: &E, limits: &Limits) -> GameResult<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
{
    AlphaBeta::new(AlphaBetaConfig::new().with_limits(limits.clone())).search(game, root, eval)
}

/// A searched node: its value (fail-soft) and `height`, the longest explored line when all of
/// them ended in finished games ([`INCOMPLETE`] when one met the depth limit).
#[derive(Clone, Copy, Debug)]
struct Node {
    value: Value,
    height: u32,
}

/// A node's window and what the table said of it, when neither the game's bounds nor the
/// table answered it ([`Engine::probe`]).
struct Probed<S> {
    /// The window, narrowed by the game's bounds and by an entry's bound inside it.
    alpha: Value,
    beta: Value,
    /// The height of the entry that narrowed the window (0 when none did): a value found
    /// under the narrowed window rests on the entry, so it is complete only if the entry was
    /// (a cut-off right after the narrowing would otherwise claim a complete game from one
    /// explored line).
    narrowed_height: u32,
    /// The entry's best move, searched first ([`NO_MOVE`] when none).
    table_move: u32,
    /// The key and value offset to store the node's answer under (`None` without a table).
    key: Option<(S, Value)>,
}

/// What [`Engine::children`] found.
struct Searched {
    /// The best value of the children searched (fail-soft).
    best: Value,
    /// The index of its move ([`NO_MOVE`] when no child was searched).
    best_index: u32,
    /// The node's height: the longest explored line below it ([`INCOMPLETE`] when one met
    /// the depth limit).
    height: u32,
    /// The limit that stopped a child's search, if one did.
    outcome: Result<(), LimitKind>,
}

/// `value` as the table stores it: relative to the storing state's [`Game::value_offset`].
/// Both bounds and exact values shift by the same amount, so their bound type is unchanged.
/// The open window ends `±INFINITY` (and `Value::MIN`/`Value::MAX`) are not values and pass
/// unchanged; the search never stores them (fail-soft values are game values), but a
/// sentinel must never be shifted into a finite value.
#[inline]
fn to_table(value: Value, offset: Value) -> Value {
    if is_sentinel(value) {
        value
    } else {
        let relative = value.saturating_sub(offset);
        debug_assert!(!is_sentinel(relative), "value - value_offset out of range");
        relative
    }
}

/// A stored value back in the probing state's terms: the inverse of [`to_table`].
#[inline]
fn from_table(value: Value, offset: Value) -> Value {
    if is_sentinel(value) {
        value
    } else {
        let absolute = value.saturating_add(offset);
        debug_assert!(!is_sentinel(absolute), "value out of range");
        absolute
    }
}

/// Whether `value` is one of the infinite window ends rather than a game value.
#[inline]
fn is_sentinel(value: Value) -> bool {
    value.unsigned_abs() >= INFINITY.unsigned_abs()
}

/// The search of one node and its subtree: alpha-beta, or with `PVS` principal variation
/// search (null windows after the first move, [`Engine::scout`]).
struct Engine<'a, G: Game + ?Sized, E: ?Sized, O: ?Sized, const PVS: bool> {
    game: &'a G,
    eval: &'a E,
    observer: &'a mut O,
    table: Option<&'a mut TranspositionTable<G::State>>,
    /// One move list per ply, reused so that a search allocates once per depth.
    bufs: &'a mut Vec<Vec<G::Move>>,
    /// The principal variation found below each ply, reused likewise (`pvs[ply]` is written by
    /// the search of the node at `ply`).
    pvs: &'a mut Vec<Vec<G::Move>>,
    /// Enhanced transposition cutoffs on.
    etc: bool,
    /// Principal variations kept below the root.
    pv: bool,
    budget: Budget,
    stats: Stats,
}

impl<G, E, O, const PVS: bool> Engine<'_, G, E, O, PVS>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    O: GameObserver<G::State> + ?Sized,
{
    /// Tells the observer that `state` was valued without search.
    #[inline]
    fn leaf(&mut self, state: &G::State, ply: usize, value: Value) {
        if self.observer.active() {
            self.observer.event(GameEvent::Leaf {
                state,
                ply: ply as u32,
                value,
            });
        }
    }

    /// Tells the observer of a table hit at `state`.
    #[inline]
    fn hit(&mut self, state: &G::State, ply: usize, value: Value, bound: Bound) {
        if self.observer.active() {
            self.observer.event(GameEvent::TableHit {
                state,
                ply: ply as u32,
                value,
                bound,
            });
        }
    }

    /// Enhanced transposition cutoff: the first move (in the game's order) whose child's table
    /// entry proves that the node fails high (Max) or low (Min), with the node's answer.
    #[inline(always)]
    fn etc_cutoff(
        &mut self,
        state: &G::State,
        moves: &[G::Move],
        child_depth: u32,
        alpha: Value,
        beta: Value,
        maximising: bool,
    ) -> Option<(usize, Node)> {
        let table = self.table.as_deref()?;
        for (i, mv) in moves.iter().enumerate() {
            let child = self.game.play(state, mv);
            self.stats.table_probes += 1;
            let Some(entry) = table.get(&self.game.table_key(&child)) else {
                continue;
            };
            if !entry.holds_at(child_depth) {
                continue;
            }
            let value = from_table(entry.value, self.game.value_offset(&child));
            let cut = if maximising {
                value >= beta && entry.bound != Bound::Upper
            } else {
                value <= alpha && entry.bound != Bound::Lower
            };
            if cut {
                self.stats.table_hits += 1;
                let height = if entry.height == INCOMPLETE {
                    INCOMPLETE
                } else {
                    entry.height + 1
                };
                return Some((i, Node { value, height }));
            }
        }
        None
    }

    /// Fail-soft alpha-beta with `depth` plies left (`u32::MAX`: no limit); the principal
    /// variation is left in `self.pvs[ply]`. The root (`ply` 0) takes no answer from the
    /// table, so it always has a best move and a PV.
    ///
    /// The steps: a node valued without search ([`unsearched`](Self::unsearched)), the game's
    /// bounds ([`bounded`](Self::bounded)) and the table's entry ([`probe`](Self::probe))
    /// answering it or narrowing its window, its moves ([`expand`](Self::expand)), an
    /// enhanced transposition cutoff ([`etc_answer`](Self::etc_answer)), the children in
    /// order ([`children`](Self::children)), and the answer stored ([`store`](Self::store)).
    fn search(
        &mut self,
        state: &G::State,
        depth: u32,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Result<Node, LimitKind> {
        self.enter(ply);
        if let Some(node) = self.unsearched(state, depth, ply) {
            return Ok(node);
        }
        let (alpha, beta) = match self.bounded(state, alpha, beta, ply) {
            ControlFlow::Continue(window) => window,
            ControlFlow::Break(node) => return Ok(node),
        };
        let probed = match self.probe(state, depth, alpha, beta, ply) {
            ControlFlow::Continue(probed) => probed,
            ControlFlow::Break(node) => return Ok(node),
        };
        self.expand(state, ply, probed.alpha, probed.beta)?;
        let moves = self.moves(state, ply);
        if moves.is_empty() {
            // The game broke its contract (no moves, yet not over): score it as a leaf.
            self.bufs[ply] = moves;
            return Ok(self.evaluated(state, ply));
        }
        let maximising = self.game.to_move(state) == Player::Max;
        let child_depth = if depth == u32::MAX { depth } else { depth - 1 };
        if self.etc && ply > 0 {
            let cut = self.etc_answer(state, &moves, &probed, depth, child_depth, maximising, ply);
            if let Some(node) = cut {
                self.bufs[ply] = moves;
                return Ok(node);
            }
        }
        let Searched {
            best,
            best_index,
            height,
            outcome,
        } = self.children(state, &moves, &probed, child_depth, maximising, ply);
        self.bufs[ply] = moves;
        outcome?;
        let bound = if best <= probed.alpha {
            Bound::Upper
        } else if best >= probed.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(probed.key, best, bound, depth, height, best_index);
        if self.observer.active() {
            self.observer.event(GameEvent::Value {
                state,
                ply: ply as u32,
                value: best,
            });
        }
        Ok(Node {
            value: best,
            height,
        })
    }

    /// A node's bookkeeping on entry: its principal variation emptied and the deepest ply
    /// counted.
    #[inline(always)]
    fn enter(&mut self, ply: usize) {
        // Without principal variations below the root only the root's line and the empty
        // one below it are ever read (the root extends its line by `pvs[1]`).
        if self.pv || ply <= 1 {
            if self.pvs.len() <= ply + 1 {
                self.pvs.resize_with(ply + 2, Vec::new);
            }
            self.pvs[ply].clear();
        }
        self.stats.max_frontier = self.stats.max_frontier.max(ply as u64);
    }

    /// The value of a finished game (complete: height 0) or of a node at the depth limit (the
    /// evaluation, incomplete); `None` for a node to search.
    #[inline(always)]
    fn unsearched(&mut self, state: &G::State, depth: u32, ply: usize) -> Option<Node> {
        if let Some(value) = self.game.terminal_value(state) {
            self.stats.leaves += 1;
            self.leaf(state, ply, value);
            return Some(Node { value, height: 0 });
        }
        if depth == 0 {
            return Some(self.evaluated(state, ply));
        }
        None
    }

    /// `state` scored by the evaluation as a leaf (incomplete).
    #[inline(always)]
    fn evaluated(&mut self, state: &G::State, ply: usize) -> Node {
        self.stats.leaves += 1;
        let value = self.eval.evaluate(self.game, state);
        self.leaf(state, ply, value);
        Node {
            value,
            height: INCOMPLETE,
        }
    }

    /// What the game knows of the value without searching ([`Game::value_bounds`]): the
    /// answer when a bound decides the node, else the window narrowed to one past each bound,
    /// so that a result AT a bound still lands inside and is stored exact. The bounds hold
    /// under every depth limit, so such answers are complete (height 0). PVS has never used
    /// them (its node counts are those of its own engine before the two were folded into
    /// one; turning them on is a separate change), nor does the root.
    #[inline(always)]
    fn bounded(
        &mut self,
        state: &G::State,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> ControlFlow<Node, (Value, Value)> {
        if PVS || ply == 0 {
            return ControlFlow::Continue((alpha, beta));
        }
        let Some((lo, hi)) = self.game.value_bounds(state) else {
            return ControlFlow::Continue((alpha, beta));
        };
        let decided = if lo >= beta || lo == hi {
            lo
        } else if hi <= alpha {
            hi
        } else {
            return ControlFlow::Continue((alpha.max(lo - 1), beta.min(hi + 1)));
        };
        self.stats.leaves += 1;
        self.leaf(state, ply, decided);
        ControlFlow::Break(Node {
            value: decided,
            height: 0,
        })
    }

    /// The table's entry for `state`: the answer when its bound decides the node (never at
    /// the root), else the window narrowed by a bound inside it, the entry's best move and
    /// the key to store the answer under.
    #[inline(always)]
    fn probe(
        &mut self,
        state: &G::State,
        depth: u32,
        mut alpha: Value,
        mut beta: Value,
        ply: usize,
    ) -> ControlFlow<Node, Probed<G::State>> {
        let mut table_move = NO_MOVE;
        let mut narrowed_height = 0u32;
        let Some(table) = self.table.as_deref() else {
            return ControlFlow::Continue(Probed {
                alpha,
                beta,
                narrowed_height,
                table_move,
                key: None,
            });
        };
        self.stats.table_probes += 1;
        let k = self.game.table_key(state);
        // The entry may come from another state with this key whose decided part differs:
        // it holds the value relative to that part, this state's part is added back.
        let offset = self.game.value_offset(state);
        if let Some(entry) = table.get(&k) {
            table_move = entry.best;
            if entry.holds_at(depth) && ply > 0 {
                let value = from_table(entry.value, offset);
                let answer = Node {
                    value,
                    height: entry.height,
                };
                let (bound, height) = (entry.bound, entry.height);
                match bound {
                    Bound::Exact => {
                        self.stats.table_hits += 1;
                        self.hit(state, ply, value, bound);
                        return ControlFlow::Break(answer);
                    }
                    Bound::Lower if value >= beta => {
                        self.stats.table_hits += 1;
                        self.hit(state, ply, value, bound);
                        return ControlFlow::Break(answer);
                    }
                    Bound::Upper if value <= alpha => {
                        self.stats.table_hits += 1;
                        self.hit(state, ply, value, bound);
                        return ControlFlow::Break(answer);
                    }
                    // A bound inside the window narrows it: the true value is on its side.
                    Bound::Lower if value > alpha => {
                        self.stats.table_hits += 1;
                        self.hit(state, ply, value, bound);
                        alpha = value;
                        narrowed_height = height;
                    }
                    Bound::Upper if value < beta => {
                        self.stats.table_hits += 1;
                        self.hit(state, ply, value, bound);
                        beta = value;
                        narrowed_height = height;
                    }
                    _ => {}
                }
            }
        }
        ControlFlow::Continue(Probed {
            alpha,
            beta,
            narrowed_height,
            table_move,
            key: Some((k, offset)),
        })
    }

    /// The node counted as expanded, once the budget allows, and told to the observer.
    #[inline(always)]
    fn expand(
        &mut self,
        state: &G::State,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<(), LimitKind> {
        if let Some(limit) = self.budget.check(self.stats.expanded) {
            return Err(limit);
        }
        self.stats.expanded += 1;
        if self.observer.active() {
            self.observer.event(GameEvent::Expand {
                state,
                ply: ply as u32,
                alpha,
                beta,
            });
        }
        Ok(())
    }

    /// The moves of `state`, in the ply's reused list (the caller hands it back to
    /// `self.bufs[ply]`).
    #[inline(always)]
    fn moves(&mut self, state: &G::State, ply: usize) -> Vec<G::Move> {
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        let mut moves = mem::take(&mut self.bufs[ply]);
        moves.clear();
        self.game.moves(state, &mut moves);
        moves
    }

    /// The node's answer by an enhanced transposition cutoff ([`etc_cutoff`](Self::etc_cutoff)),
    /// counted, told, and stored as a bound; `None` when no child's entry proves a cut.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn etc_answer(
        &mut self,
        state: &G::State,
        moves: &[G::Move],
        probed: &Probed<G::State>,
        depth: u32,
        child_depth: u32,
        maximising: bool,
        ply: usize,
    ) -> Option<Node> {
        let (alpha, beta) = (probed.alpha, probed.beta);
        let (i, node) = self.etc_cutoff(state, moves, child_depth, alpha, beta, maximising)?;
        self.stats.cutoffs += 1;
        if self.observer.active() {
            self.observer.event(GameEvent::Cutoff {
                state,
                ply: ply as u32,
                alpha,
                beta,
                value: node.value,
                mv: i,
                skipped: moves.len(),
            });
        }
        if self.pv {
            let pv = &mut self.pvs[ply];
            pv.clear();
            pv.push(moves[i].clone());
        }
        let bound = if maximising {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.store(
            probed.key.clone(),
            node.value,
            bound,
            depth,
            node.height,
            i as u32,
        );
        Some(node)
    }

    /// The children searched in order, the table's move first, until one cuts or a limit
    /// stops a child's search.
    #[inline(always)]
    fn children(
        &mut self,
        state: &G::State,
        moves: &[G::Move],
        probed: &Probed<G::State>,
        child_depth: u32,
        maximising: bool,
        ply: usize,
    ) -> Searched {
        let (mut alpha, mut beta) = (probed.alpha, probed.beta);
        let table_move = probed.table_move;
        let n = moves.len();
        let first = (table_move as usize) < n;
        let mut best = if maximising { Value::MIN } else { Value::MAX };
        let mut best_index = NO_MOVE;
        let mut height = probed.narrowed_height;
        let mut outcome = Ok(());
        for k in 0..n + usize::from(first) {
            // The table's move first, then the game's order without it.
            let i = if first {
                if k == 0 {
                    table_move as usize
                } else if k - 1 < table_move as usize {
                    k - 1
                } else if k < n {
                    k
                } else {
                    break;
                }
            } else {
                k
            };
            let child = self.game.play(state, &moves[i]);
            self.stats.generated += 1;
            let searched = if PVS && k > 0 {
                self.scout(&child, child_depth, alpha, beta, maximising, ply)
            } else {
                self.search(&child, child_depth, alpha, beta, ply + 1)
            };
            let node = match searched {
                Ok(node) => node,
                Err(limit) => {
                    outcome = Err(limit);
                    break;
                }
            };
            height = if height == INCOMPLETE || node.height == INCOMPLETE {
                INCOMPLETE
            } else {
                height.max(node.height + 1)
            };
            let improves = if maximising {
                node.value > best
            } else {
                node.value < best
            };
            if improves {
                best = node.value;
                best_index = i as u32;
                if self.pv || ply == 0 {
                    let (here, below) = self.pvs.split_at_mut(ply + 1);
                    let pv = &mut here[ply];
                    pv.clear();
                    pv.push(moves[i].clone());
                    pv.extend_from_slice(&below[0]);
                }
            }
            if maximising {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                if k + 1 < n {
                    self.stats.cutoffs += 1;
                    if self.observer.active() {
                        self.observer.event(GameEvent::Cutoff {
                            state,
                            ply: ply as u32,
                            alpha,
                            beta,
                            value: best,
                            mv: i,
                            skipped: n - k - 1,
                        });
                    }
                }
                break;
            }
        }
        Searched {
            best,
            best_index,
            height,
            outcome,
        }
    }

    /// Stores a node's answer under `key` (nothing without a table).
    #[inline(always)]
    fn store(
        &mut self,
        key: Option<(G::State, Value)>,
        value: Value,
        bound: Bound,
        depth: u32,
        height: u32,
        best: u32,
    ) {
        if let (Some(table), Some((k, offset))) = (self.table.as_deref_mut(), key) {
            table.store(
                k,
                Entry {
                    value: to_table(value, offset),
                    bound,
                    depth,
                    height,
                    best,
                },
            );
        }
    }

    /// PVS: a later move of a node whose window is `(alpha, beta)` (already raised or
    /// lowered by the earlier moves): first the null-window test "does it beat the best so
    /// far?", then, only if it does and the window leaves room, a re-search for its value.
    ///
    /// Fail-soft makes both answers bounds on the same true value (the searches are
    /// consistent: one depth limit, one evaluator, depth-exact table entries), so the
    /// re-search may start at the null window's result instead of at `alpha`. The child's
    /// principal variation is the last search's.
    fn scout(
        &mut self,
        child: &G::State,
        depth: u32,
        alpha: Value,
        beta: Value,
        maximising: bool,
        ply: usize,
    ) -> Result<Node, LimitKind> {
        if i64::from(beta) - i64::from(alpha) <= 1 {
            // The window is already null: nothing to scout.
            return self.search(child, depth, alpha, beta, ply + 1);
        }
        let join = |a: u32, b: u32| {
            if a == INCOMPLETE || b == INCOMPLETE {
                INCOMPLETE
            } else {
                a.max(b)
            }
        };
        if maximising {
            let test = self.search(child, depth, alpha, alpha + 1, ply + 1)?;
            if test.value <= alpha || test.value >= beta {
                // Not better than the best so far, or good enough to cut: either way decided.
                return Ok(test);
            }
            let exact = self.search(child, depth, test.value, beta, ply + 1)?;
            Ok(Node {
                value: exact.value.max(test.value),
                height: join(test.height, exact.height),
            })
        } else {
            let test = self.search(child, depth, beta - 1, beta, ply + 1)?;
            if test.value >= beta || test.value <= alpha {
                return Ok(test);
            }
            let exact = self.search(child, depth, alpha, test.value, ply + 1)?;
            Ok(Node {
                value: exact.value.min(test.value),
                height: join(test.height, exact.height),
            })
        }
    }
}
