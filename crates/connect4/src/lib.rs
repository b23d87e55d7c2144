//! # searchlab-connect4
//!
//! Connect Four on a bitboard (7 x 6 by default; any W x H with `W * (H + 1) <= 64`, such as
//! 6 x 7 or 8 x 7), solved exactly by the core's game search through the [`Game`] trait:
//! the core's [`searchlab_core::AlphaBeta`] with a fixed-size transposition table, driven by
//! the core's null-window driver [`searchlab_core::mtdf()`]. The crate gives the search only
//! what a game should: its rules, its move order (centre first, then the moves that make the
//! most threats), what it knows cheaply (a position with an immediate win, or without a move
//! that does not lose at once, is decided; see [`Rules`]) and the bounds of its scores
//! ([`Game::value_bounds`]). For matches and people, [`PlayGame`] keeps every legal move and
//! values positions on a scale where proven results outweigh [`Threats`]' estimates.
//!
//! Scores follow Pons' test files ("Solving Connect 4", blog.gamesolver.org): for the player to
//! move, 0 for a draw, `(W*H + 1 - n) / 2` for a win whose winning stone is dropped onto `n`
//! stones, minus the opponent's for a loss. Test-set lines are `POSITION SCORE` with the
//! position written as the columns played (1..=W) from the empty board.
//!
//! ```
//! use searchlab_connect4::{describe_score, Connect4, SolveOptions, Solver};
//!
//! let game = Connect4::standard();
//! let pos = game.board().parse("6614446666373154").unwrap();
//! let mut solver = Solver::new(game.clone(), 1 << 20);
//! let answer = solver.solve(&pos, &SolveOptions::default()).unwrap();
//! assert_eq!(answer.score, -4); // as in puzzles/connect4/Test_L2_R2
//! assert_eq!(describe_score(game.board(), &pos, answer.score, false),
//!            "o wins with its 4th-last stone (its 18th, the game's 36th)");
//! ```
//!
//! [`Game`]: searchlab_core::Game
//! [`Game::value_bounds`]: searchlab_core::Game::value_bounds

mod board;
mod book;
pub mod describe;
mod game;
mod parallel;
mod play;
mod solver;

pub use board::{Board, GeometryError, ParseError, Position};
pub use book::{Book, BookError, BuildEvent, BuildOptions, canonical_key, mirror};
pub use game::{Connect4, Rules};
pub use parallel::ParallelSolver;
pub use play::{PlayGame, SCALE, Threats};
pub use solver::{
    Analysis, DEFAULT_TABLE_BYTES, GenError, LineError, SolveError, SolveOptions, Solver, TestCase,
    describe_score, parse_test_line,
};
