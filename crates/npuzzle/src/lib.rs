//! # searchlab-npuzzle
//!
//! Sliding-tile puzzles on a `W x W` board: the 8-puzzle ([`Eight`], POJ 1077), the
//! 15-puzzle ([`Fifteen`]) and the 24-puzzle ([`TwentyFour`], with Korf and Felner's 6-6-6-6
//! partition in [`twentyfour`]), as a [`searchlab_core::Problem`].
//!
//! * [`Board`]: the tiles, parsing (`2 3 4 1 5 x 7 6 8`, any whitespace, `x` or `0` for the
//!   blank) and printing, solvability by permutation parity.
//! * [`SlidingPuzzle`]: the rules, with moves named by where the BLANK goes ([`Move`]: `u d l r`),
//!   in-place apply/undo, inverse moves, and a rank within the board's solvability class
//!   ([`class_rank`]; the Cantor rank of all permutations is [`cantor`]) when the board is
//!   small enough for a dense table.
//! * Heuristics: [`Manhattan`] and [`LinearConflict`] (both updated incrementally by IDA*),
//!   [`Misplaced`], and additive pattern databases ([`pattern`], built by the layered builder
//!   of [`pattern_build`]).
//! * Seeded random boards: uniform among the solvable ones, or a random walk from the goal
//!   ([`generate`]).
//!
//! ```
//! use searchlab_core::{idastar, Limits};
//! use searchlab_npuzzle::{Eight, Manhattan, moves_to_string};
//!
//! let puzzle = Eight::standard();
//! let board = puzzle.parse("2 3 4 1 5 x 7 6 8").unwrap();
//! assert!(puzzle.is_solvable(&board));
//! let run = idastar(&puzzle, &board, &Manhattan, &Limits::none());
//! let moves = run.outcome.actions().unwrap();
//! assert_eq!(moves.len(), 19);
//! assert_eq!(moves_to_string(moves), "ullddrurdllurdruldr");
//! ```

mod board;
pub mod cache;
pub mod cantor;
pub mod class_rank;
pub mod describe;
pub mod generate;
mod heuristics;
pub mod pattern;
pub mod pattern_build;
mod puzzle;
pub mod twentyfour;

pub use board::{Board, ParseError};
pub use heuristics::{LinearConflict, Manhattan, Misplaced};
pub use puzzle::{Eight, Fifteen, Move, SlidingPuzzle, TwentyFour, moves_to_string};
