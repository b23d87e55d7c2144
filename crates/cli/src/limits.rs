//! The limit flags every search command shares (`--max-nodes`, `--timeout`), and the
//! [`Limits`] they make.

use std::time::Duration;

use searchlab_core::Limits;

use crate::error::BadInput;

/// `--max-nodes N --timeout SECS`, flattened into each command's arguments.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct LimitArgs {
    /// Stop each search after this many expanded nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop each search after this many seconds.
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
}

impl LimitArgs {
    /// The limits, with `max_cost` as the cost (depth) bound. A timeout that is negative, not a
    /// number, or too large for a duration is bad input (exit status 2), never a panic.
    pub fn limits(&self, max_cost: Option<u64>) -> Result<Limits, BadInput> {
        let mut limits = Limits::none();
        limits.max_expanded = self.max_nodes;
        limits.max_cost = max_cost;
        if let Some(secs) = self.timeout {
            let t = Duration::try_from_secs_f64(secs).map_err(|_| {
                BadInput(format!(
                    "--timeout {secs}: expected a number of seconds >= 0"
                ))
            })?;
            limits = limits.with_timeout(t);
        }
        Ok(limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_that_are_not_durations_are_bad_input() {
        for secs in [-1.0, f64::NAN, f64::INFINITY, 1e30] {
            let args = LimitArgs {
                max_nodes: None,
                timeout: Some(secs),
            };
            assert!(args.limits(None).is_err(), "{secs}");
        }
        let args = LimitArgs {
            max_nodes: Some(5),
            timeout: Some(0.5),
        };
        let limits = args.limits(Some(3)).unwrap();
        assert_eq!(limits.max_expanded, Some(5));
        assert_eq!(limits.max_cost, Some(3));
        assert_eq!(limits.timeout, Some(Duration::from_millis(500)));
    }
}
