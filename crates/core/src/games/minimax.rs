//! Plain minimax: every move of every position, no pruning, no table. Slow on purpose: it is
//! the oracle the pruned searches are tested against.

use crate::game::{
    Bound, Evaluator, Game, GameOutcome, GameResult, Player, RootMove, Solution, Value,
};
use crate::observe::{GameEvent, GameObserver, NoObserver};
use crate::stats::{Budget, LimitKind, Limits, Stats};

/// What the catalogue knows about plain minimax, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "minimax",
    aliases: &[],
    summary: "plain minimax: every move of every position (the oracle)",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// Minimax value of `root`, searching every move to the end of the game or to a depth limit.
///
/// Values are from [`Player::Max`]'s point of view; who moves comes from [`Game::to_move`] (so
/// extra turns are fine). A finished position scores [`Game::terminal_value`]; a position at the
/// depth limit scores `eval`. Moves are tried in the game's order and the best move is the
/// FIRST that achieves the root's value.
///
/// # Arguments
/// * `limits`: `max_cost` is the depth limit in plies (none: play to the end); `max_expanded`
///   and `timeout` stop the search with [`GameOutcome::Stopped`].
///
/// # Returns
/// A [`Solution`] with the value, the best move, the principal variation and the value of
/// every root move (`root_moves`, in the game's order), with statistics (`expanded`,
/// `generated`, `leaves`, `max_frontier` = deepest ply, `elapsed`).
///
/// # Complexity
/// O(b^d) time for branching factor b and depth d, O(d) memory.
///
/// # Examples
/// ```
/// use searchlab_core::{minimax, Game, Limits, Player, Value};
///
/// /// Take 1 or 2 from a pile; whoever takes the last stone wins (+1 for Max).
/// struct Nim;
/// impl Game for Nim {
///     type State = (u8, Player); // stones left, side to move
///     type Move = u8;
///     fn to_move(&self, s: &(u8, Player)) -> Player { s.1 }
///     fn moves(&self, s: &(u8, Player), out: &mut Vec<u8>) {
///         out.extend((1..=2).filter(|&t| t <= s.0))
///     }
///     fn play(&self, s: &(u8, Player), t: &u8) -> (u8, Player) { (s.0 - t, s.1.other()) }
///     fn terminal_value(&self, s: &(u8, Player)) -> Option<Value> {
///         // The player to move at an empty pile lost: the other took the last stone.
///         (s.0 == 0).then(|| if s.1 == Player::Max { -1 } else { 1 })
///     }
/// }
/// let no_eval = |_: &(u8, Player)| 0;
/// let run = minimax(&Nim, &(4, Player::Max), &no_eval, &Limits::none());
/// let answer = run.outcome.solution().unwrap();
/// assert_eq!(answer.value, 1); // 4 is not a multiple of 3: the mover wins
/// assert_eq!(answer.best, Some(1)); // by leaving 3
/// assert_eq!(answer.root_moves.iter().map(|m| m.value).collect::<Vec<_>>(), [1, -1]);
/// assert!(answer.complete);
/// ```
pub fn minimax<G, E>(game: &G, root: &G::State, eval: &E, limits: &Limits) -> GameResult<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
{
    match &limits.trace {
        None => minimax_observed(game, root, eval, limits, &mut NoObserver),
        Some(trace) => minimax_observed(game, root, eval, limits, &mut trace.observer()),
    }
}

/// [`minimax()`] reporting every step to `observer` ([`crate::observe`]): a
/// [`GameEvent::Expand`] per position searched (exactly `stats.expanded`; the window is
/// always the whole range, minimax has none), a [`GameEvent::Leaf`] per leaf, a
/// [`GameEvent::Value`] per position searched. Answers and statistics are those of
/// [`minimax()`].
///
/// # Examples
/// See [`crate::observe`] (a game observer is written the same way).
pub fn minimax_observed<G, E, O>(
    game: &G,
    root: &G::State,
    eval: &E,
    limits: &Limits,
    observer: &mut O,
) -> GameResult<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    O: GameObserver<G::State> + ?Sized,
{
    let depth = limits
        .max_cost
        .map(|d| d.min(u64::from(u32::MAX - 1)) as u32);
    let mut run = Minimax {
        game,
        eval,
        observer,
        budget: Budget::new(limits),
        stats: Stats {
            generated: 1,
            ..Stats::default()
        },
        complete: true,
    };
    let remaining = depth.unwrap_or(u32::MAX);
    let mut pv = Vec::new();
    let mut root_moves = Vec::new();
    let result = run.search(root, remaining, 0, &mut pv, Some(&mut root_moves));
    let mut stats = run.stats;
    stats.elapsed = run.budget.elapsed();
    let outcome = match result {
        Ok(value) => {
            stats.depth_reached = depth.unwrap_or(stats.max_frontier as u32);
            GameOutcome::Solved(Solution {
                value,
                bound: Bound::Exact,
                best: pv.first().cloned(),
                pv,
                root_moves,
                depth,
                complete: run.complete,
            })
        }
        Err(limit) => GameOutcome::Stopped {
            limit,
            deepest: None,
        },
    };
    GameResult { outcome, stats }
}

struct Minimax<'a, G: Game + ?Sized, E: ?Sized, O: ?Sized> {
    game: &'a G,
    eval: &'a E,
    observer: &'a mut O,
    budget: Budget,
    stats: Stats,
    complete: bool,
}

impl<G, E, O> Minimax<'_, G, E, O>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    O: GameObserver<G::State> + ?Sized,
{
    /// Tells the observer that `state` was valued without search.
    #[inline]
    fn leaf(&mut self, state: &G::State, ply: u64, value: Value) {
        if self.observer.active() {
            self.observer.event(GameEvent::Leaf {
                state,
                ply: ply as u32,
                value,
            });
        }
    }

    /// `depth` is the number of plies left (`u32::MAX`: no limit).
    fn search(
        &mut self,
        state: &G::State,
        depth: u32,
        ply: u64,
        pv: &mut Vec<G::Move>,
        mut root_moves: Option<&mut Vec<RootMove<G::Move>>>,
    ) -> Result<Value, LimitKind> {
        pv.clear();
        self.stats.max_frontier = self.stats.max_frontier.max(ply);
        if let Some(v) = self.game.terminal_value(state) {
            self.stats.leaves += 1;
            self.leaf(state, ply, v);
            return Ok(v);
        }
        if depth == 0 {
            self.stats.leaves += 1;
            self.complete = false;
            let v = self.eval.evaluate(self.game, state);
            self.leaf(state, ply, v);
            return Ok(v);
        }
        if let Some(limit) = self.budget.check(self.stats.expanded) {
            return Err(limit);
        }
        self.stats.expanded += 1;
        if self.observer.active() {
            self.observer.event(GameEvent::Expand {
                state,
                ply: ply as u32,
                alpha: -crate::game::INFINITY,
                beta: crate::game::INFINITY,
            });
        }
        let mut moves = Vec::new();
        self.game.moves(state, &mut moves);
        if moves.is_empty() {
            // The game broke its contract (no moves, yet not over): score it as a leaf rather
            // than invent a value.
            self.stats.leaves += 1;
            let v = self.eval.evaluate(self.game, state);
            self.leaf(state, ply, v);
            return Ok(v);
        }
        let maximising = self.game.to_move(state) == Player::Max;
        let child_depth = if depth == u32::MAX { depth } else { depth - 1 };
        let mut best: Option<Value> = None;
        let mut line = Vec::new();
        for mv in moves {
            let child = self.game.play(state, &mv);
            self.stats.generated += 1;
            let v = self.search(&child, child_depth, ply + 1, &mut line, None)?;
            if let Some(rm) = root_moves.as_deref_mut() {
                rm.push(RootMove {
                    mv: mv.clone(),
                    value: v,
                    bound: Bound::Exact,
                });
            }
            let better = match best {
                None => true,
                Some(b) => (maximising && v > b) || (!maximising && v < b),
            };
            if better {
                best = Some(v);
                pv.clear();
                pv.push(mv);
                pv.append(&mut line);
            }
        }
        let best = best.expect("at least one move");
        if self.observer.active() {
            self.observer.event(GameEvent::Value {
                state,
                ply: ply as u32,
                value: best,
            });
        }
        Ok(best)
    }
}
