//! # searchlab-tictactoe
//!
//! n x n tic-tac-toe with k in a row (n up to 8) for the game searches of searchlab-core:
//! the 3 x 3 game of seed 001 (depth-limited search with its evaluation, perfect play), the
//! 4 x 4 game of POJ 1568 (the first square from which x forces a win), and seed 002's goals
//! (can a side force a win, a loss, a draw?).
//!
//! * [`board`]: bitboards, lines, the eight symmetries, the text form `x.o/.x./...`.
//! * [`game`]: [`TicTacToe`] as a [`searchlab_core::Game`] (who is Max, [`Scoring`],
//!   [`MoveOrder`], symmetric table keys) and seed 001's evaluation [`SeedEval`].
//! * [`judge`]: POJ 1568's input and answer.
//! * [`mod@perft`]: counts of games and positions.
//!
//! ```
//! use searchlab_core::{AlphaBeta, AlphaBetaConfig};
//! use searchlab_tictactoe::{Geometry, TicTacToe, WIN, first_winning_move, searcher};
//! use searchlab_core::Limits;
//!
//! // 3 x 3 with perfect play is a draw.
//! let game = TicTacToe::new(Geometry::new(3, 3).unwrap());
//! let mut search = AlphaBeta::new(AlphaBetaConfig::new().with_value_range(-WIN, WIN));
//! let empty = game.geometry().parse(".../.../...").unwrap();
//! let run = search.search(&game, &empty, &|_: &_| 0);
//! assert_eq!(run.outcome.value(), Some(0));
//!
//! // POJ 1568's second sample: x wins first from (0,1).
//! let game = searchlab_tictactoe::poj1568_game();
//! let board = game.geometry().parse("o.../.ox./.xxx/xooo").unwrap();
//! let mut search = searcher(Limits::none());
//! let square = first_winning_move(&mut search, &game, &board).unwrap().unwrap();
//! assert_eq!(square.to_string(), "(0,1)");
//! ```

pub mod board;
pub mod describe;
pub mod game;
pub mod generate;
pub mod judge;
pub mod perft;

pub use board::{Board, BoardError, Geometry, Side, Square};
pub use game::{DOUBLE_LINK, Goal, MoveOrder, Scoring, SeedEval, TicTacToe, WIN};
pub use judge::{
    CaseError, first_winning_move, first_winning_move_with_stats, parse_input, poj1568_game,
    searcher,
};
pub use perft::{count_games, count_positions, perft};
