//! Principal variation search (NegaScout): alpha-beta that searches the first move of a node
//! with the full window and every later move with a null window, re-searching only a move that
//! proves better than the first. Same transposition table (with bound types), same depth limit,
//! iterative deepening and statistics as [`crate::alphabeta()`].
//!
//! Values are from [`Player::Max`]'s point of view and the game says who moves (no negamax), so
//! games with extra turns work unchanged: a null window is `(alpha, alpha + 1)` below a Max node
//! and `(beta - 1, beta)` below a Min node.

use std::mem;

use crate::game::{
    Bound, Evaluator, Game, GameOutcome, GameResult, INFINITY, Player, Solution, Value,
};
use crate::observe::{GameEvent, GameObserver, NoObserver};
use crate::stats::{Budget, Iteration, LimitKind, Limits, Stats};
use crate::table::{Entry, INCOMPLETE, NO_MOVE, TranspositionTable};

/// Settings of a [`Pvs`] searcher (the same meaning as [`crate::AlphaBetaConfig`]'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvsConfig {
    /// `max_cost` is the depth limit in plies (none: to the end of the game); `max_expanded`,
    /// `timeout` and `cancel` stop a search with [`GameOutcome::Stopped`].
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
    fn depth(&self) -> Option<u32> {
        self.limits
            .max_cost
            .map(|d| d.min(u64::from(u32::MAX - 1)) as u32)
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
    table: TranspositionTable<G::State>,
    bufs: Vec<Vec<G::Move>>,
}

impl<G: Game + ?Sized> Pvs<G> {
    /// A searcher with an empty table.
    pub fn new(config: PvsConfig) -> Self {
        Pvs {
            config,
            table: TranspositionTable::new(),
            bufs: Vec::new(),
        }
    }

    /// A searcher using `table` (e.g. one with a size limit).
    pub fn with_table(config: PvsConfig, table: TranspositionTable<G::State>) -> Self {
        Pvs {
            config,
            table,
            bufs: Vec::new(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &PvsConfig {
        &self.config
    }

    /// Changes the settings; the table is kept (valid for the same game and evaluator).
    pub fn set_config(&mut self, config: PvsConfig) {
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

    /// The value of `root` and a best move under the configured depth limit.
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

    /// [`search`](Self::search) reporting every step to `observer` ([`crate::observe`]),
    /// with the events of [`AlphaBeta::search_observed`](crate::AlphaBeta::search_observed)
    /// (a null-window test or re-search of a child is an [`GameEvent::Expand`] with that
    /// window). Answers and statistics are those of [`search`](Self::search).
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
        let (lo, hi) = self.config.value_range;
        self.run(game, root, eval, lo, hi, observer)
    }

    /// Searches `root` with the window `(alpha, beta)`; the answer's [`Bound`] says whether the
    /// value is exact, a lower bound (`>= beta`) or an upper bound (`<= alpha`).
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

    fn run<E: Evaluator<G> + ?Sized, O: GameObserver<G::State> + ?Sized>(
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
        // The memory limit caps the growing table: past it, new positions are not stored.
        if let Some(bytes) = self.config.limits.max_memory {
            self.table.cap_bytes(bytes);
        }
        let mut engine = Engine {
            game,
            eval,
            observer,
            table: self.config.table.then_some(&mut self.table),
            bufs: &mut self.bufs,
            budget: Budget::new(&self.config.limits),
            stats: Stats::default(),
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
            let mut pv = Vec::new();
            if engine.observer.active() {
                engine.observer.event(GameEvent::NewBound {
                    iteration: engine.stats.iterations.len() as u32 + 1,
                    depth: d,
                    alpha,
                    beta,
                });
            }
            let searched = engine.search(root, d, alpha, beta, 0, &mut pv);
            if iterative {
                engine.stats.iterations.push(Iteration {
                    bound: u64::from(d),
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
        GameResult { outcome, stats }
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
///   stop the search with [`GameOutcome::Stopped`].
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

/// A searched node: its value (fail-soft) and `height`, the longest explored line when all of
/// them ended in finished games ([`INCOMPLETE`] when one met the depth limit).
#[derive(Clone, Copy, Debug)]
struct Node {
    value: Value,
    height: u32,
}

/// The height of a node whose children so far had heights `a` and `b`.
#[inline]
fn join(a: u32, b: u32) -> u32 {
    if a == INCOMPLETE || b == INCOMPLETE {
        INCOMPLETE
    } else {
        a.max(b)
    }
}

/// Whether `value` is one of the infinite window ends rather than a game value.
#[inline]
fn is_sentinel(value: Value) -> bool {
    value.unsigned_abs() >= INFINITY.unsigned_abs()
}

/// `value` relative to the storing state's [`Game::value_offset`] (as alpha-beta's table
/// stores it, so both searches could share one table); window ends pass unchanged.
#[inline]
fn to_table(value: Value, offset: Value) -> Value {
    if is_sentinel(value) {
        value
    } else {
        value.saturating_sub(offset)
    }
}

/// A stored value back in the probing state's terms: the inverse of [`to_table`].
#[inline]
fn from_table(value: Value, offset: Value) -> Value {
    if is_sentinel(value) {
        value
    } else {
        value.saturating_add(offset)
    }
}

struct Engine<'a, G: Game + ?Sized, E: ?Sized, O: ?Sized> {
    game: &'a G,
    eval: &'a E,
    observer: &'a mut O,
    table: Option<&'a mut TranspositionTable<G::State>>,
    /// One move list per ply, reused so that a search allocates once per depth.
    bufs: &'a mut Vec<Vec<G::Move>>,
    budget: Budget,
    stats: Stats,
}

impl<G, E, O> Engine<'_, G, E, O>
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

    /// Fail-soft principal variation search with `depth` plies left (`u32::MAX`: no limit).
    /// The root (`ply` 0) takes no answer from the table, so it always has a best move.
    fn search(
        &mut self,
        state: &G::State,
        depth: u32,
        mut alpha: Value,
        mut beta: Value,
        ply: usize,
        pv: &mut Vec<G::Move>,
    ) -> Result<Node, LimitKind> {
        pv.clear();
        self.stats.max_frontier = self.stats.max_frontier.max(ply as u64);
        if let Some(value) = self.game.terminal_value(state) {
            self.stats.leaves += 1;
            self.leaf(state, ply, value);
            return Ok(Node { value, height: 0 });
        }
        if depth == 0 {
            self.stats.leaves += 1;
            let value = self.eval.evaluate(self.game, state);
            self.leaf(state, ply, value);
            return Ok(Node {
                value,
                height: INCOMPLETE,
            });
        }

        let mut key = None;
        let mut table_move = NO_MOVE;
        // The height of the entry that narrowed the window: a value found under the narrowed
        // window rests on that entry, so it is complete only if the entry was.
        let mut narrowed_height = 0u32;
        if let Some(table) = self.table.as_deref() {
            self.stats.table_probes += 1;
            let k = self.game.table_key(state);
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
                            return Ok(answer);
                        }
                        Bound::Lower if value >= beta => {
                            self.stats.table_hits += 1;
                            self.hit(state, ply, value, bound);
                            return Ok(answer);
                        }
                        Bound::Upper if value <= alpha => {
                            self.stats.table_hits += 1;
                            self.hit(state, ply, value, bound);
                            return Ok(answer);
                        }
                        // A bound inside the window narrows it.
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
            key = Some((k, offset));
        }

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
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        let mut moves = mem::take(&mut self.bufs[ply]);
        moves.clear();
        self.game.moves(state, &mut moves);
        if moves.is_empty() {
            // The game broke its contract (no moves, yet not over): score it as a leaf.
            self.bufs[ply] = moves;
            self.stats.leaves += 1;
            let value = self.eval.evaluate(self.game, state);
            self.leaf(state, ply, value);
            return Ok(Node {
                value,
                height: INCOMPLETE,
            });
        }

        let maximising = self.game.to_move(state) == Player::Max;
        let (alpha0, beta0) = (alpha, beta);
        let child_depth = if depth == u32::MAX { depth } else { depth - 1 };
        let first = (table_move as usize) < moves.len();
        let n = moves.len();
        let mut best = if maximising { Value::MIN } else { Value::MAX };
        let mut best_index = NO_MOVE;
        let mut height = narrowed_height;
        let mut line = Vec::new();
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
            let searched = if k == 0 {
                self.search(&child, child_depth, alpha, beta, ply + 1, &mut line)
            } else {
                self.scout(&child, child_depth, alpha, beta, maximising, ply, &mut line)
            };
            let node = match searched {
                Ok(node) => node,
                Err(limit) => {
                    outcome = Err(limit);
                    break;
                }
            };
            height = join(height, node.height.saturating_add(1));
            let improves = if maximising {
                node.value > best
            } else {
                node.value < best
            };
            if improves {
                best = node.value;
                best_index = i as u32;
                pv.clear();
                pv.push(moves[i].clone());
                pv.append(&mut line);
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
        self.bufs[ply] = moves;
        outcome?;

        if let (Some(table), Some((k, offset))) = (self.table.as_deref_mut(), key) {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            table.store(
                k,
                Entry {
                    value: to_table(best, offset),
                    bound,
                    depth,
                    height,
                    best: best_index,
                },
            );
        }
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

    /// A later move of a node whose window is `(alpha, beta)` (already raised or lowered by
    /// the earlier moves): first the null-window test "does it beat the best so far?", then,
    /// only if it does and the window leaves room, a re-search for its value.
    ///
    /// Fail-soft makes both answers bounds on the same true value (the searches are
    /// consistent: one depth limit, one evaluator, depth-exact table entries), so the
    /// re-search may start at the null window's result instead of at `alpha`.
    #[allow(clippy::too_many_arguments)]
    fn scout(
        &mut self,
        child: &G::State,
        depth: u32,
        alpha: Value,
        beta: Value,
        maximising: bool,
        ply: usize,
        line: &mut Vec<G::Move>,
    ) -> Result<Node, LimitKind> {
        if i64::from(beta) - i64::from(alpha) <= 1 {
            // The window is already null: nothing to scout.
            return self.search(child, depth, alpha, beta, ply + 1, line);
        }
        if maximising {
            let test = self.search(child, depth, alpha, alpha + 1, ply + 1, line)?;
            if test.value <= alpha || test.value >= beta {
                // Not better than the best so far, or good enough to cut: either way decided.
                return Ok(test);
            }
            let exact = self.search(child, depth, test.value, beta, ply + 1, line)?;
            Ok(Node {
                value: exact.value.max(test.value),
                height: join(test.height, exact.height),
            })
        } else {
            let test = self.search(child, depth, beta - 1, beta, ply + 1, line)?;
            if test.value >= beta || test.value <= alpha {
                return Ok(test);
            }
            let exact = self.search(child, depth, alpha, test.value, ply + 1, line)?;
            Ok(Node {
                value: exact.value.min(test.value),
                height: join(test.height, exact.height),
            })
        }
    }
}
