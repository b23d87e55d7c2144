//! The two-player, zero-sum game trait and the evaluation trait for depth-limited search.
//!
//! Values are always from [`Player::Max`]'s point of view (no negamax), because turns need not
//! alternate: in Triangle War the player who completes a triangle moves again, so the game, not
//! the depth's parity, says who is to move.

use std::fmt::Debug;
use std::hash::Hash;

/// A game value, from [`Player::Max`]'s point of view: higher is better for Max.
pub type Value = i32;

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The maximising side.
    Max,
    /// The minimising side.
    Min,
}

impl Player {
    /// The other side.
    pub fn other(self) -> Player {
        match self {
            Player::Max => Player::Min,
            Player::Min => Player::Max,
        }
    }
}

/// A two-player, zero-sum, perfect-information game.
///
/// Moves are listed in a FIXED order; searches try them in that order (after a transposition
/// table's move, when they use one), so results are deterministic.
pub trait Game {
    /// A position, including whatever decides who is to move. Used as a transposition-table key.
    type State: Clone + Eq + Hash + Debug;
    /// A move label.
    type Move: Clone + Eq + Debug;

    /// Who is to move in `state`. Never assumed to alternate.
    fn to_move(&self, state: &Self::State) -> Player;

    /// Appends the legal moves of `state` to `out` (cleared by the caller), in the game's fixed
    /// order. Empty exactly when the game is over.
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::Move>);

    /// The position after `mv`.
    fn play(&self, state: &Self::State, mv: &Self::Move) -> Self::State;

    /// The exact value of a finished game, `None` while it goes on.
    fn terminal_value(&self, state: &Self::State) -> Option<Value>;

    /// The key under which a transposition table stores `state`; by default the state itself.
    ///
    /// A game with symmetries may return one canonical representative of the state's class
    /// (e.g. the least of the eight rotations and reflections of a square board) so that
    /// symmetric positions share one entry. Two states with the same key MUST have the same
    /// value (relative to [`Game::value_offset`], which is 0 by default) and the same player to
    /// move. The move a table remembers is an index into
    /// [`Game::moves`] of the state that stored it; for a symmetric twin it is only a hint
    /// (tried first, still legal), so correctness never depends on it.
    fn table_key(&self, state: &Self::State) -> Self::State {
        state.clone()
    }

    /// The part of every terminal value and evaluation below `state` that is already decided
    /// (e.g. the score so far, in a game of accumulated points); 0 by default.
    ///
    /// A transposition table stores each value relative to it (`value - value_offset(state)`)
    /// and adds the offset of the probing state back, so [`Game::table_key`] may ignore the
    /// decided part: in Triangle War, positions with the same drawn segments and side to move
    /// but different scores then share one entry. The contract becomes: two states with the same
    /// key have the same player to move and values (under every depth limit and evaluator used)
    /// that differ by exactly the difference of their offsets. Values minus offsets must stay
    /// strictly inside `-INFINITY..INFINITY`.
    ///
    /// ```
    /// use searchlab_core::{alphabeta, minimax, Game, Limits, Player, Value};
    ///
    /// /// Players alternately take 1 or 2 points from a pile of 5; the value is Max's points
    /// /// minus Min's. The state is (pile, Max's lead so far, player to move).
    /// struct Take;
    /// type S = (u8, Value, Player);
    /// impl Game for Take {
    ///     type State = S;
    ///     type Move = u8;
    ///     fn to_move(&self, s: &S) -> Player { s.2 }
    ///     fn moves(&self, s: &S, out: &mut Vec<u8>) { out.extend((1..=2).filter(|&t| t <= s.0)) }
    ///     fn play(&self, s: &S, t: &u8) -> S {
    ///         let gain = if s.2 == Player::Max { Value::from(*t) } else { -Value::from(*t) };
    ///         (s.0 - t, s.1 + gain, s.2.other())
    ///     }
    ///     fn terminal_value(&self, s: &S) -> Option<Value> { (s.0 == 0).then_some(s.1) }
    ///     // The lead is decided: the key drops it, the offset gives it back.
    ///     fn table_key(&self, s: &S) -> S { (s.0, 0, s.2) }
    ///     fn value_offset(&self, s: &S) -> Value { s.1 }
    /// }
    /// let eval = |_: &S| 0;
    /// let root = (5, 0, Player::Max);
    /// let pruned = alphabeta(&Take, &root, &eval, &Limits::none());
    /// let plain = minimax(&Take, &root, &eval, &Limits::none());
    /// assert_eq!(pruned.outcome.value(), plain.outcome.value());
    /// assert!(pruned.stats.table_hits > 0);
    /// ```
    fn value_offset(&self, state: &Self::State) -> Value {
        let _ = state;
        0
    }

    /// Bounds `(lo, hi)` that the value of the NON-terminal `state` is known to lie in, or
    /// `None` (the default) when the game knows none.
    ///
    /// Alpha-beta uses them before anything else at a node: a bound outside the window answers
    /// the node at once, and one inside narrows the window. In Connect Four the player to move
    /// can at best win with the next-but-one stone and at worst lose with the stone after that
    /// (immediate wins are decided before), so under a null window most nodes of a narrow test
    /// are answered by this bound alone. The bounds must hold for the value under every depth
    /// limit and evaluator used (like [`Game::value_offset`]'s contract), `lo <= hi`, both
    /// strictly inside `-INFINITY..INFINITY`.
    fn value_bounds(&self, state: &Self::State) -> Option<(Value, Value)> {
        let _ = state;
        None
    }
}

/// A static estimate of a non-terminal position, used where a depth-limited search stops.
pub trait Evaluator<G: Game + ?Sized> {
    /// The estimate, from [`Player::Max`]'s point of view.
    fn evaluate(&self, game: &G, state: &G::State) -> Value;
}

impl<G, F> Evaluator<G> for F
where
    G: Game + ?Sized,
    F: Fn(&G::State) -> Value,
{
    fn evaluate(&self, _: &G, state: &G::State) -> Value {
        self(state)
    }
}

/// Larger than every game value and every evaluation: the open ends of a full alpha-beta window
/// are `-INFINITY` and `INFINITY`. Games and evaluators must stay strictly inside.
pub const INFINITY: Value = i32::MAX;

/// What a searched value says about the true value of a position (under the same depth limit
/// and evaluator).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a search failed high: `value >= beta`).
    Lower,
    /// The true value is at most this (a search failed low: `value <= alpha`).
    Upper,
}

/// One root move with the value of the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// The value after the move, from [`Player::Max`]'s point of view.
    pub value: Value,
    /// Whether `value` is exact or a bound.
    pub bound: Bound,
}

/// The answer of a finished game search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The root's value from [`Player::Max`]'s point of view.
    pub value: Value,
    /// Whether `value` is exact or (for a search with a narrowed window) a bound.
    pub bound: Bound,
    /// The first move, in search order, that achieves `value`; `None` when the root is over.
    pub best: Option<M>,
    /// The principal variation: `best`, then the best reply, and so on. It may stop early where
    /// a transposition table answered for a position.
    pub pv: Vec<M>,
    /// Values of root moves, in the game's order, when the search computed them (plain minimax
    /// and root analysis do; a single alpha-beta search leaves this empty).
    pub root_moves: Vec<RootMove<M>>,
    /// The depth limit the answer was computed under (`None`: no limit).
    pub depth: Option<u32>,
    /// `true` when no position was cut by the depth limit: `value` is then the game's exact
    /// value, independent of the evaluator.
    pub complete: bool,
}

/// How a game search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameOutcome<M> {
    /// The search finished.
    Solved(Solution<M>),
    /// A node or time limit stopped the search. `deepest` is the answer of the deepest
    /// completed iteration of an iterative-deepening search, if any.
    Stopped {
        /// Which limit.
        limit: crate::stats::LimitKind,
        /// The last completed iteration's answer.
        deepest: Option<Solution<M>>,
    },
}

impl<M> GameOutcome<M> {
    /// The solution, if the search finished.
    pub fn solution(&self) -> Option<&Solution<M>> {
        match self {
            GameOutcome::Solved(s) => Some(s),
            GameOutcome::Stopped { .. } => None,
        }
    }
    /// The root value, if the search finished.
    pub fn value(&self) -> Option<Value> {
        self.solution().map(|s| s.value)
    }
}

/// A game search's outcome with its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult<M> {
    /// How the search ended.
    pub outcome: GameOutcome<M>,
    /// What it cost: `expanded`, `generated`, `leaves`, `cutoffs`, `table_probes`,
    /// `table_hits`, `depth_reached`, `iterations`, `max_frontier` (deepest ply), `elapsed`.
    pub stats: crate::stats::Stats,
}
