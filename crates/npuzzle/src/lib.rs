//! searchlab-npuzzle (in progress).
