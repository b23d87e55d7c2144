//! How results are printed, the same for every problem: the output format, and a search's
//! statistics as one line of text and as a JSON object.
//!
//! The JSON convention, for every problem: JSON Lines, exactly one compact object per instance
//! per line, in input order, bad instances included as `{"source", "line", "input", "status":
//! "error", "error"}`; the fields every row shares are written by `batch.rs`, `stats` by
//! [`stats_json`].

use searchlab_core::{Iteration, Stats};
use serde_json::{Value, json};

/// Output format of every `searchlab solve` subcommand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON Lines: one compact JSON object per instance per line, bad instances included.
    Json,
}

/// One line of statistics: only the fields the algorithm filled in.
pub fn stats_text(stats: &Stats) -> String {
    let mut parts = vec![
        format!("expanded {}", stats.expanded),
        format!("generated {}", stats.generated),
    ];
    if stats.max_frontier > 0 {
        parts.push(format!("max frontier {}", stats.max_frontier));
    }
    if stats.reopened > 0 {
        parts.push(format!("reopened {}", stats.reopened));
    }
    if !stats.iterations.is_empty() {
        let bounds: Vec<String> = stats
            .iterations
            .iter()
            .map(|i| i.bound.to_string())
            .collect();
        parts.push(format!(
            "iterations {} (bounds {})",
            stats.iterations.len(),
            bounds.join(",")
        ));
    }
    if stats.leaves > 0 {
        parts.push(format!("leaves {}", stats.leaves));
    }
    if stats.cutoffs > 0 {
        parts.push(format!("cutoffs {}", stats.cutoffs));
    }
    if stats.table_probes > 0 {
        parts.push(format!(
            "table hits {}/{}",
            stats.table_hits, stats.table_probes
        ));
    }
    if stats.depth_reached > 0 {
        parts.push(format!("depth {}", stats.depth_reached));
    }
    parts.push(format!("time {}", format_duration(stats.elapsed)));
    parts.join(", ")
}

/// A duration in the unit that reads best: `812 us`, `12.3 ms`, `4.56 s`.
pub fn format_duration(d: std::time::Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.0} us")
    } else if us < 1e6 {
        format!("{:.1} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

/// All statistics as a JSON object (time in seconds).
pub fn stats_json(stats: &Stats) -> Value {
    let iterations: Vec<Value> = stats
        .iterations
        .iter()
        .map(
            |&Iteration {
                 bound,
                 expanded,
                 generated,
             }| {
                json!({ "bound": bound, "expanded": expanded, "generated": generated })
            },
        )
        .collect();
    json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "max_frontier": stats.max_frontier,
        "reopened": stats.reopened,
        "iterations": iterations,
        "leaves": stats.leaves,
        "cutoffs": stats.cutoffs,
        "table_probes": stats.table_probes,
        "table_hits": stats.table_hits,
        "depth_reached": stats.depth_reached,
        "seconds": stats.elapsed.as_secs_f64(),
    })
}
