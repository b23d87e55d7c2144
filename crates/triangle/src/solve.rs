//! Solving positions: the value with perfect play, every move's value, the best moves.
//!
//! TEMPORARY: answers from the exhaustive table until the core's alpha-beta lands.

use searchlab_core::Stats;

use crate::board::{Position, Segment, Side};
use crate::exhaustive::Table;

/// One legal move with the final margin (A's triangles minus B's) it leads to with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub segment: Segment,
    /// The final margin after it, A minus B.
    pub value: i32,
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The final margin with perfect play, A minus B (odd, never 0).
    pub value: i32,
    /// The winner with perfect play.
    pub winner: Side,
    /// Every legal move with its value, in segment order.
    pub moves: Vec<MoveValue>,
    /// The moves achieving `value` for the side to move, in segment order.
    pub best: Vec<Segment>,
    /// The search's statistics, summed over its runs.
    pub stats: Stats,
}

/// The winner of a final margin.
pub fn winner_of(margin: i32) -> Side {
    if margin > 0 { Side::A } else { Side::B }
}

/// Solves `position` and values every move.
pub fn analyse(position: &Position) -> Analysis {
    let table = Table::build();
    let value = table.final_margin(position);
    let moves: Vec<MoveValue> = position
        .undrawn()
        .map(|segment| MoveValue {
            segment,
            value: table.move_value(position, segment),
        })
        .collect();
    let best = moves
        .iter()
        .filter(|m| m.value == value)
        .map(|m| m.segment)
        .collect();
    Analysis {
        value,
        winner: winner_of(value),
        moves,
        best,
        stats: Stats::default(),
    }
}

/// The winner of `position` with perfect play.
pub fn winner(position: &Position) -> (Side, Stats) {
    let a = analyse(position);
    (a.winner, a.stats)
}
