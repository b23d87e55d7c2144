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
