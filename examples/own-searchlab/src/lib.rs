//! # own-searchlab
//!
//! A `searchlab` of your own, built outside the toolkit's crates: the whole tool (`solve`,
//! `bench`, `list`, `gen`, `play`, `match`, `report`, `help`, completions) with one problem
//! and one algorithm added, in the few lines of [`cli`]:
//!
//! * [`pancake`]: the pancake puzzle with Helmert's gap heuristic;
//! * [`awastar`]: anytime weighted A*, an algorithm the catalogue lacks.
//!
//! `docs/adding-a-problem.md` and `docs/adding-an-algorithm.md` walk through them.

pub mod awastar;
pub mod pancake;

/// The tool: `searchlab` itself, plus the pancake puzzle and anytime weighted A*.
pub fn cli() -> searchlab_cli::Cli {
    searchlab_cli::Cli::default()
        .name("own-searchlab")
        .about("A state-space search toolkit, with the pancake puzzle and anytime weighted A*")
        .version(env!("CARGO_PKG_VERSION"))
        .problem::<pancake::Pancake>()
        .algorithm::<awastar::AnytimeWastar>()
}

// The pages that show this crate: their Rust blocks are compiled and run as doc-tests.
#[doc = include_str!("../../../docs/adding-an-algorithm.md")]
mod adding_an_algorithm {}
