//! # searchlab-rotation
//!
//! The rotation game (POJ 2286): a '#'-shaped board of 24 cells holding eight each of 1, 2, 3;
//! eight moves `A..H` rotate the four lines of seven cells; the goal is a centre of eight equal
//! symbols. Fewest moves, and among those the lexicographically smallest string.
//!
//! * [`Board`], [`Move`] (with inverses A/F, B/E, C/H, D/G), parsing and printing.
//! * [`RotationGame`]: the [`searchlab_core::Problem`], moves in place, in the order `A..H`.
//! * Heuristics: [`CentreBound`] (8 minus the most frequent centre symbol) and [`CentrePdb`],
//!   the EXACT distance from a pattern database over the cells of one symbol ([`pattern`]),
//!   built with [`searchlab_core::build_pdb`].
//! * [`generate`]: seeded random boards.
//!
//! ```
//! use searchlab_core::{idastar, Limits};
//! use searchlab_rotation::{Board, CentrePdb, RotationGame, moves_to_string};
//!
//! let board: Board = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3".parse().unwrap();
//! let run = idastar(&RotationGame, &board, &CentrePdb::build(), &Limits::none());
//! let moves = run.outcome.actions().unwrap();
//! assert_eq!(moves_to_string(moves), "DDHH");
//! let mut end = board;
//! moves.iter().for_each(|&m| end.apply(m));
//! assert_eq!(end.centre_symbol(), Some(2));
//! ```

mod board;
pub mod describe;
mod game;
pub mod generate;
mod heuristics;
pub mod pattern;
pub mod pattern_build;

pub use board::{Board, BoardError, CELLS, CENTRE, LINES, Move, moves_to_string};
pub use game::RotationGame;
pub use heuristics::{CentreBound, CentrePdb};
