//! # searchlab-toolkit
//!
//! What turns a search problem into a tool, shared by every front end (the `searchlab`
//! command line, the Python package, tests and benchmarks), on top of the algorithms of
//! [`searchlab_core`]:
//!
//! * [`describe`]: a problem described once ([`Description`]: name, instance parser and
//!   printer, heuristics by name, options, generator, judge), and its [`Answer`]s;
//! * [`catalogue`]: every algorithm selectable by name ([`Algorithm`], [`SearchAlgorithm`],
//!   [`GameAlgorithm`]), with what it promises ([`Promise`]);
//! * [`instances`]: instances read the same way for every problem (one a line, `#` comments,
//!   an expected answer after `|`);
//! * [`playable`], [`play`], [`matchplay`] and [`strategy_spec`]: games played against a
//!   person or between strategies, with W/D/L, score, Elo difference and move accuracy;
//! * [`plugin`]: single-agent algorithms registered from outside the catalogue;
//! * [`stats_text`], [`limits_text`] and [`show`]: statistics, limits and solutions as people
//!   and tools read them.
//!
//! Every public item of [`searchlab_core`] is re-exported here, so `searchlab_toolkit::...` is
//! the one import a front end needs (`searchlab_toolkit::astar`, `searchlab_toolkit::Limits`).

#![warn(missing_docs)]

pub use searchlab_core::*;

pub mod catalogue;
pub mod clock;
pub mod describe;
pub mod instances;
pub mod limits_text;
pub mod matchplay;
pub mod output;
pub mod play;
pub mod playable;
pub mod plugin;
pub mod show;
pub mod stats_text;
pub mod strategy_spec;
pub mod tournament;

pub use catalogue::{
    Algorithm, GameAlgorithm, GameRun, GameSolver, MctsParams, ParseAlgorithmError, Promise,
    SearchAlgorithm, UnknownAlgorithm,
};
pub use describe::{
    Answer, Description, Field, Judge, Kind, Note, OptionSpec, Options, Parsed, Status, Steps,
};
pub use playable::Playable;
