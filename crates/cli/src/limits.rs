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
        let mut limits = limits_from(nodes, depth, self.timeout, memory).map_err(|e| {
            // The message quotes the number: `--timeout -1: expected ...`.
            BadInput(format!("--timeout {}", e.to_string().replacen('\'', "", 2)))
        })?;
        limits.max_memory = capped_memory(limits.max_memory, self.max_memory.is_some());
        Ok(limits)
    }
}

/// The `--max-memory` flag of the commands that take no other limit (`match`, `play`).
pub fn memory_arg() -> clap::Arg {
    clap::Arg::new("max-memory")
        .long("max-memory")
        .value_name("SIZE")
        .value_parser(parse_size)
        .help(
            "Stop a search whose tables would pass this size (`4G`, `512M`): an engine then \
             cannot move, an error, never an abort. Default: 3/4 of the physical memory, and \
             never above the process's address-space limit",
        )
}

/// The limits of `match` and `play`: only memory, as `--max-memory` or the default.
pub fn memory_limits(m: &clap::ArgMatches) -> Limits {
    let given = m.get_one::<u64>("max-memory").copied();
    let mut limits = Limits::none();
    limits.max_memory = capped_memory(
        given.or_else(searchlab_toolkit::limits_text::default_memory),
        given.is_some(),
    );
    limits
}

/// `memory` capped by the address space this process has left under its `RLIMIT_AS`
/// (`ulimit -v`): a table sized to a limit the process cannot map would abort when it is
/// allocated (issue 32: `--max-memory 1T` under `ulimit -v`). A size the user gave is capped
/// with a note on stderr; the default is capped silently.
pub fn capped_memory(memory: Option<u64>, given: bool) -> Option<u64> {
    let Some(left) = address_space_left() else {
        return memory;
    };
    match memory {
        Some(m) if m > left => {
            if given {
                eprintln!(
                    "note: --max-memory {} MiB is above the {} MiB of address space this process has left (ulimit -v): the limit is {} MiB",
                    m >> 20,
                    left >> 20,
                    left >> 20
                );
            }
            Some(left)
        }
        other => other.or(Some(left)),
    }
}

/// The soft `RLIMIT_AS` less the address space mapped now (code, stacks, the allocator's
/// arenas) and a margin for what a search allocates beside its tables (1/8 of it, at least 32
/// MiB); `None` when the limit is infinite or cannot be read.
#[cfg(unix)]
#[allow(unsafe_code, reason = "one libc call filling a local struct")]
pub fn address_space_left() -> Option<u64> {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given and nothing else.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } != 0 || r.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    // The first field of /proc/self/statm: the pages mapped now.
    let pages = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .unwrap_or(0);
    // SAFETY: sysconf reads a constant of the system.
    let page = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    let left = r.rlim_cur.saturating_sub(pages.saturating_mul(page));
    // Room for what is not a search's table: threads' stacks, buffers, the allocator's own.
    Some(left.saturating_sub((left / 8).max(32 << 20)))
}

/// No address-space limit is read off Unix.
#[cfg(not(unix))]
pub fn address_space_left() -> Option<u64> {
    None
}
