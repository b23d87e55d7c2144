//! # searchlab-python
//!
//! The extension module `searchlab._native` behind the Python package `searchlab`
//! (`pip install ./crates/python`). It adds presentation only: every search, limit, name and
//! message comes from the Rust crates.
//!
//! * [`builtin`]: the problems of the registry, through the CLI's library entry point
//!   (`searchlab_cli::api`): the command's answers, JSON rows, bench rows and generators.
//! * [`own_problem`]: a single-agent problem written in Python (`start`, `is_goal`,
//!   `successors`) searched by any algorithm of the core's catalogue.
//! * [`own_game`]: a two-player game written in Python (negamax convention) solved by the
//!   catalogue's game algorithms, and matches between algorithms and Python functions.
//! * [`grid`]: shortest paths on a grid of blocked cells through the grid crate.
//!
//! Python exceptions raised by callbacks, and Ctrl-C, stop a search through the core's cancel
//! flag ([`callbacks::Callbacks`]) and are raised again from the call: never a panic.

use pyo3::prelude::*;

pub mod builtin;
pub mod callbacks;
pub mod convert;
pub mod cost;
pub mod grid;
pub mod own_game;
pub mod own_problem;

/// The module `searchlab._native`: the functions the package `searchlab` wraps.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(builtin::problems, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::solve, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::generate, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::bench, m)?)?;
    m.add_function(wrap_pyfunction!(own_problem::search, m)?)?;
    m.add_function(wrap_pyfunction!(own_game::solve_game, m)?)?;
    m.add_function(wrap_pyfunction!(own_game::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(grid::grid_path, m)?)?;
    m.add_function(wrap_pyfunction!(convert::search_algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(convert::game_algorithms, m)?)?;
    Ok(())
}
