//! What several benches print besides criterion's timings: one cold run, timed, with its node
//! counts (criterion's repeated runs would hide how much work one search does).

use std::time::{Duration, Instant};

use searchlab_core::Stats;

/// Runs `f` once and returns its value with the wall-clock time it took.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

/// One line on stderr with a game search's counters and its time.
#[allow(dead_code)] // not every bench that shares this module searches games
pub fn report_game(name: &str, stats: &Stats, time: Duration) {
    eprintln!(
        "  {name:<34} {:>9} expanded {:>9} generated {:>8} cutoffs {:>9} probes {:>8} hits  {:>9.2} ms",
        stats.expanded,
        stats.generated,
        stats.cutoffs,
        stats.table_probes,
        stats.table_hits,
        time.as_secs_f64() * 1e3
    );
}
