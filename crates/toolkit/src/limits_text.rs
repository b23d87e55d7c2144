//! Limits as a user writes them: a timeout in seconds, a memory size like `4G`, and the
//! default memory limit of this machine (3/4 of the physical memory, capped by the process's
//! address-space limit). Drivers turn their flags into [`Limits`] with [`limits_from`].

use std::time::Duration;

use thiserror::Error;

use crate::stats::Limits;

/// The longest timeout accepted: a year, far beyond any run, far below what a clock can add
/// without overflowing.
pub const MAX_TIMEOUT: f64 = 365.0 * 24.0 * 3600.0;

/// A limit that is not one. Every message starts with what the user typed (`1e309`, not
/// `inf`).
#[derive(Clone, Debug, Error, PartialEq)]
pub enum LimitError {
    /// A timeout that is negative, not a number, or longer than [`MAX_TIMEOUT`].
    #[error("'{0}': expected a number of seconds from 0 to {MAX_TIMEOUT} (a year)")]
    Timeout(String),
    /// A size that does not read as one.
    #[error("'{0}': expected a size like 4G, 512M, 100K or bytes")]
    Size(String),
    /// A size below a byte or beyond what 64 bits count.
    #[error("'{0}': expected a size from 1 byte to 16 EiB")]
    SizeRange(String),
}

/// The limits of the usual flags: nodes expanded, depth (puzzles: cost), a timeout in seconds
/// and a memory size; without a memory size, [`default_memory`]. A timeout out of range is an
/// error (a driver's flags were checked already; this guards values built otherwise).
///
/// # Example
///
/// ```
/// use searchlab_toolkit::limits_text::{limits_from, parse_size};
///
/// let limits = limits_from(Some(1000), None, Some(2.5), Some(parse_size("1G").unwrap())).unwrap();
/// assert_eq!(limits.max_memory, Some(1 << 30));
/// assert!(limits_from(None, None, Some(-1.0), None).is_err());
/// ```
pub fn limits_from(
    max_nodes: Option<u64>,
    max_depth: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<u64>,
) -> Result<Limits, LimitError> {
    let mut limits = Limits::none();
    limits.max_expanded = max_nodes;
    limits.max_cost = max_depth;
    if let Some(secs) = timeout {
        if !(0.0..=MAX_TIMEOUT).contains(&secs) {
            return Err(LimitError::Timeout(secs.to_string()));
        }
        limits = limits.with_timeout(Duration::from_secs_f64(secs));
    }
    limits.max_memory = max_memory.or_else(default_memory);
    Ok(limits)
}

/// A number of seconds from 0 to a year; the message quotes what the user typed (`1e309`,
/// not `inf`).
pub fn parse_timeout(text: &str) -> Result<f64, LimitError> {
    match text.trim().parse::<f64>() {
        Ok(secs) if (0.0..=MAX_TIMEOUT).contains(&secs) => Ok(secs),
        _ => Err(LimitError::Timeout(text.to_owned())),
    }
}

/// `4G`, `512M`, `100K`, `1T` or a number of bytes (powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, LimitError> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&t[..i], t[i..].to_ascii_uppercase()),
        None => (t, String::new()),
    };
    let shift = match unit.trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(LimitError::Size(text.to_owned())),
    };
    let n: f64 = digits
        .trim()
        .parse()
        .map_err(|_| LimitError::Size(text.to_owned()))?;
    let bytes = n * (1u64 << shift) as f64;
    if !(bytes.is_finite() && bytes >= 1.0 && bytes < u64::MAX as f64) {
        return Err(LimitError::SizeRange(text.to_owned()));
    }
    Ok(bytes as u64)
}

/// The default memory limit: 3/4 of `MemTotal` in /proc/meminfo, capped by the process's
/// "Max address space" in /proc/self/limits; `None` where neither can be read.
pub fn default_memory() -> Option<u64> {
    let total = physical_memory().map(|t| t / 4 * 3);
    let cap = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|s| address_space_limit(&s));
    match (total, cap) {
        (Some(t), Some(c)) => Some(t.min(c)),
        (t, c) => t.or(c),
    }
}

/// The machine's physical memory (`MemTotal` in /proc/meminfo); `None` where it cannot be
/// read. A table larger than this cannot be allocated whatever `--max-memory` says.
pub fn physical_memory() -> Option<u64> {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| meminfo_total(&s))
}

/// `MemTotal:  16318424 kB` in bytes.
fn meminfo_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The soft "Max address space" limit in bytes; `None` when unlimited.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_that_are_not_durations_are_bad_input() {
        for secs in [-1.0, f64::NAN, f64::INFINITY, 1e30] {
            assert!(limits_from(None, None, Some(secs), None).is_err(), "{secs}");
        }
        let limits = limits_from(Some(5), Some(3), Some(0.5), Some(1 << 20)).unwrap();
        assert_eq!(limits.max_expanded, Some(5));
        assert_eq!(limits.max_cost, Some(3));
        assert_eq!(limits.timeout, Some(Duration::from_millis(500)));
        assert_eq!(limits.max_memory, Some(1 << 20));
    }

    #[test]
    fn timeouts_are_refused_in_the_words_typed() {
        assert_eq!(parse_timeout("2.5"), Ok(2.5));
        for text in ["1e309", "inf", "NaN", "-1", "1e30", "soon"] {
            let e = parse_timeout(text).unwrap_err().to_string();
            assert!(e.starts_with(&format!("'{text}'")), "{e}");
        }
    }

    #[test]
    fn sizes_read_like_a_user_writes_them() {
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("1.5k"), Ok(1536));
        assert_eq!(parse_size("100"), Ok(100));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("0").is_err());
        assert!(parse_size("-1G").is_err());
    }

    #[test]
    fn the_default_memory_comes_from_proc() {
        assert_eq!(
            meminfo_total("MemTotal:       1024 kB\nMemFree: 1 kB"),
            Some(1 << 20)
        );
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), None);
        let capped = limits.replace(
            "unlimited            unlimited",
            "4096                 8192",
        );
        assert_eq!(address_space_limit(&capped), Some(4096));
    }
}
