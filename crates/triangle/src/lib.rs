//! # searchlab-triangle
//!
//! Triangle War (POJ 1085): two players draw the 18 unit segments of a triangle of ten dots;
//! whoever completes a unit triangle scores it and moves again. With 9 triangles there are no
//! ties.
//!
//! * [`board`]: segments, sides, positions and the extra-turn rule; [`Position::replay`].
//! * [`game`]: the rules as a [`searchlab_core::Game`] ([`TriangleWar`]), value = A's triangles
//!   minus B's.
//! * [`exhaustive`]: a retrograde solver over all 2^18 segment sets, the tests' oracle.
//! * [`input`]: the judge format and the `i-j` move-list syntax, with typed errors.
//!
//! ```
//! use searchlab_triangle::{exhaustive::Table, Position, Side};
//! let start = Position::start();
//! assert_eq!(start.to_move(), Side::A);
//! // With perfect play the second player wins 6-3.
//! assert_eq!(Table::build().final_margin(&start), -3);
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod describe;
pub mod exhaustive;
pub mod game;
pub mod input;
pub mod solve;

pub use board::{MoveError, Position, ReplayError, Segment, SegmentError, Side};
pub use game::{MoveOrder, TriangleWar, player_of};
