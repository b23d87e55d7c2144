//! An exhaustive retrograde solver over all 2^18 segment sets: the independent oracle that the
//! alpha-beta answers are checked against.
//!
//! What is still to be won from a position depends only on the drawn segments, not on the
//! scores so far, and the rules treat both sides alike. So one number per segment set suffices:
//! the best margin (own triangles minus the opponent's, from now on) the side to move can force.
//! A superset of a set is a larger number, so filling the table from `2^18 - 1` down to 0 sees
//! every successor before its predecessors.

use crate::board::{ALL_DRAWN, Position, Segment};

/// The future margin of every segment set, for the side to move.
///
/// ```
/// use searchlab_triangle::{exhaustive::Table, Position};
/// let table = Table::build();
/// // The empty board: the second player, B, wins 6-3.
/// assert_eq!(table.final_margin(&Position::start()), -3);
/// ```
#[derive(Clone, Debug)]
pub struct Table {
    future: Vec<i8>,
}

impl Table {
    /// Solves every segment set (about 2.4 million move evaluations).
    pub fn build() -> Table {
        let mut future = vec![0i8; 1 << 18];
        for drawn in (0..ALL_DRAWN).rev() {
            let mut best = i8::MIN;
            for s in Segment::ALL {
                if drawn & s.bit() != 0 {
                    continue;
                }
                let after = future[(drawn | s.bit()) as usize];
                let gained = s.completes(drawn) as i8;
                // A completed triangle keeps the turn: the mover also plays the successor.
                let value = if gained > 0 { gained + after } else { -after };
                best = best.max(value);
            }
            future[drawn as usize] = best;
        }
        Table { future }
    }

    /// The best margin the side to move can force from now on, on the segment set `drawn`.
    pub fn future_margin(&self, drawn: u32) -> i32 {
        i32::from(self.future[(drawn & ALL_DRAWN) as usize])
    }

    /// The final margin (A's triangles minus B's) of `position` with perfect play.
    pub fn final_margin(&self, position: &Position) -> i32 {
        position.margin() + position.to_move().sign() * self.future_margin(position.drawn())
    }

    /// The final margin after the side to move draws `segment` (undrawn) and both play
    /// perfectly afterwards.
    pub fn move_value(&self, position: &Position, segment: Segment) -> i32 {
        self.final_margin(&position.play_unchecked(segment))
    }
}
