//! searchlab-tictactoe (in progress).
