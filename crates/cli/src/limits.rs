//! The limit flags every search command shares (`--max-nodes`, `--max-depth`, `--timeout`,
//! `--max-memory`), and the [`Limits`] they make (read by the core's
//! [`searchlab_toolkit::limits_text`]).

use searchlab_toolkit::Limits;
use searchlab_toolkit::limits_text::{limits_from, parse_size, parse_timeout};

use crate::error::BadInput;

/// The shared limit flags, flattened into each command's arguments.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct LimitArgs {
    /// Stop each search after this many expanded nodes.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_nodes: Option<u64>,
    /// Do not look for answers deeper (puzzles: costlier) than this; games: the depth limit
    /// in plies, beyond which positions are evaluated.
    #[arg(long, value_name = "D", allow_negative_numbers = true)]
    pub max_depth: Option<u64>,
    /// Stop each search after this many seconds.
    // A negative number is the user's value, refused by its parser with a clear message
    // (issue 31: clap said "to pass '-1' as a value, use '-- -1'").
    #[arg(long, value_name = "SECS", value_parser = parse_timeout, allow_negative_numbers = true)]
    pub timeout: Option<f64>,
    /// Stop a search whose tables would pass this size (`4G`, `512M`, `100K` or bytes).
    /// Default: 3/4 of the physical memory, and never above the process's address-space
    /// limit.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, allow_negative_numbers = true)]
    pub max_memory: Option<u64>,
}

impl LimitArgs {
    /// The limits. A timeout that is negative, not a number, or longer than a year is bad
    /// input (exit status 2), never a panic.
    pub fn limits(&self) -> Result<Limits, BadInput> {
        let (nodes, depth, memory) = (self.max_nodes, self.max_depth, self.max_memory);
        limits_from(nodes, depth, self.timeout, memory).map_err(|e| {
            // The message quotes the number: `--timeout -1: expected ...`.
            BadInput(format!("--timeout {}", e.to_string().replacen('\'', "", 2)))
        })
    }
}
