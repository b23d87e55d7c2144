//! A quick, interleaved timing of the grid bench's three searches (the criterion bench
//! `grid` takes minutes because `pathfinding`'s A* takes seconds per pass): every STEP-th
//! query of `maze512-32-9.map.scen`, ROUNDS rounds, each round running the three one after the
//! other, so that the machine's load hits them alike; prints the best round of each and the
//! ratios. Lengths are checked against the file in the first round. The searches and the
//! workload are `searchlab_benches::grid`'s, the same as the criterion bench's.
//!
//! Run: `cargo run --release -p searchlab-benches --example grid_compare -- [STEP] [ROUNDS] [ONLY]`
//! (defaults 40 and 3; ONLY = astar, jps or pathfinding runs that one alone, for profiling;
//! ONLY = counts prints the expanded nodes of A* and JPS instead of timing).

use std::time::{Duration, Instant};

use searchlab_benches::grid::{SEARCHES, Search, astar_run, check, jps_run, maze_sample};

/// CPU time of this thread (user + system) from `/proc/thread-self/stat`, in clock ticks
/// (1/100 s): on a loaded machine wall time counts the other processes' turns too.
fn cpu_ticks() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime is the 12th, stime 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let step: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let rounds: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let only = args.get(3).cloned();
    let queries = maze_sample(step);
    if only.as_deref() == Some("counts") {
        // Node counts, which every change that keeps the search order must leave alone.
        let (mut astar, mut jps) = (0, 0);
        for i in &queries {
            let (cost, stats) = astar_run(i);
            check(i, "astar", cost);
            astar += stats.expanded;
            let (cost, stats) = jps_run(i);
            check(i, "jps", cost);
            jps += stats.expanded;
        }
        println!(
            "{} queries: A* expanded {astar}, JPS expanded {jps}, all lengths as in the file",
            queries.len()
        );
        return;
    }
    let runs: Vec<(&str, Search)> = SEARCHES
        .into_iter()
        .filter(|(n, _)| only.as_deref().is_none_or(|o| o == *n))
        .collect();
    let mut best = vec![Duration::MAX; runs.len()];
    let mut best_cpu = vec![u64::MAX; runs.len()];
    for round in 0..rounds {
        for (k, (name, run)) in runs.iter().enumerate() {
            let t = Instant::now();
            let c = cpu_ticks();
            for i in &queries {
                let cost = run(i);
                // Lengths against the file in the first round (one pass each under valgrind).
                if round == 0 {
                    check(i, name, cost);
                }
            }
            best[k] = best[k].min(t.elapsed());
            if let (Some(c0), Some(c1)) = (c, cpu_ticks()) {
                best_cpu[k] = best_cpu[k].min(c1 - c0);
            }
        }
    }
    println!(
        "{} queries (every {step}th of maze512-32-9), best of {rounds} rounds, all lengths as in the file:",
        queries.len()
    );
    for (k, (name, _)) in runs.iter().enumerate() {
        println!(
            "  {name:12} wall {:9.1} ms total {:8.3} ms/query   cpu {:9} ms total",
            best[k].as_secs_f64() * 1e3,
            best[k].as_secs_f64() * 1e3 / queries.len() as f64,
            best_cpu[k] * 10
        );
    }
    if runs.len() == 3 {
        let pf = best[2].as_secs_f64();
        println!(
            "  wall: pathfinding / astar = {:.1}x (target 5x), pathfinding / jps = {:.1}x (target 20x)",
            pf / best[1].as_secs_f64(),
            pf / best[0].as_secs_f64()
        );
        let pf = best_cpu[2] as f64;
        println!(
            "  cpu:  pathfinding / astar = {:.1}x, pathfinding / jps = {:.1}x (jps: 10 ms ticks)",
            pf / best_cpu[1].max(1) as f64,
            pf / best_cpu[0].max(1) as f64
        );
    }
}
