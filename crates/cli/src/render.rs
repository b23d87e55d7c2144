//! How results are printed, the same for every problem: the output format, and a search's
//! statistics as one line of text and as a JSON object (both made by the core's
//! [`searchlab_toolkit::stats_text`]).
//!
//! The JSON convention, for every problem: JSON Lines, exactly one compact object per instance
//! per line, in input order, bad instances included as `{"source", "line", "input", "status":
//! "error", "error"}`; the fields every row shares are written by `batch.rs`, `stats` by
//! [`stats_json`].

use searchlab_toolkit::{Stats, stats_text::stats_field};
use serde_json::Value;

/// Output format of every `searchlab solve` subcommand: the answers as text or as JSON Lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AnswerFormat {
    /// Human-readable text.
    Text,
    /// JSON Lines: one compact JSON object per instance per line, bad instances included.
    Json,
}

/// All statistics as a JSON object (time in seconds).
pub fn stats_json(stats: &Stats) -> Value {
    crate::batch::field_json(&stats_field(stats))
}
