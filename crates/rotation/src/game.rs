//! The rotation game as a [`searchlab_core::Problem`].

use searchlab_core::Problem;

use crate::board::{Board, Move};

/// The rules of the rotation game: every board has the eight moves `A..H`, in that order, each
/// of cost 1; the goal is a uniform centre.
///
/// Moves work in place ([`Problem::IN_PLACE`]) and each has an inverse, so IDA* neither clones
/// boards nor tries a move right after its inverse.
///
/// # Examples
/// ```
/// use searchlab_core::{idastar, Limits};
/// use searchlab_rotation::{Board, CentreBound, RotationGame, moves_to_string};
///
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse().unwrap();
/// let run = idastar(&RotationGame, &board, &CentreBound, &Limits::none());
/// assert_eq!(moves_to_string(run.outcome.actions().unwrap()), "AC");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RotationGame;

impl Problem for RotationGame {
    type State = Board;
    type Action = Move;
    type Cost = u32;

    fn is_goal(&self, state: &Board) -> bool {
        state.is_goal()
    }

    fn actions(&self, _: &Board, out: &mut Vec<Move>) {
        out.extend(Move::ALL);
    }

    fn result(&self, state: &Board, action: &Move) -> (Board, u32) {
        (state.after(*action), 1)
    }

    const IN_PLACE: bool = true;

    fn apply(&self, state: &mut Board, action: &Move) -> u32 {
        state.apply(*action);
        1
    }

    fn undo(&self, state: &mut Board, action: &Move) {
        state.apply(action.inverse());
    }

    fn inverse(&self, action: &Move) -> Option<Move> {
        Some(action.inverse())
    }
}
