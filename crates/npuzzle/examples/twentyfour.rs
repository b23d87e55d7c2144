//! Solves Korf and Felner's 24-puzzle instances with IDA* (parallel with `--threads`), the
//! instances whose heuristic value is closest to their optimal length first, and prints nodes
//! and time per instance; an instance stopped by the time limit gets an estimate of the nodes
//! its remaining iterations would take.
//!
//! ```text
//! cargo run --release -p searchlab-npuzzle --example twentyfour -- linear-conflict \
//!     [--threads T] [--timeout SECONDS] [--first N] [--only ID]
//! ```
//!
//! Heuristics: `manhattan`, `linear-conflict`, `pdb6666` (Korf and Felner's four 6-tile
//! databases, maxed with their lookup on the reflected board unless `--no-reflect`; built once
//! with the layered builder, then read from the cache directory of
//! `searchlab_npuzzle::cache::cache_dir`). `--first N` takes the N instances with the smallest
//! gap (optimal length minus heuristic; with `--by-manhattan`, optimal length minus Manhattan
//! distance, ties by the heuristic's gap); `--timeout` is per instance (default 60 s). Moves are
//! tried up, down, left, right. One thread (the default) runs the sequential IDA*. Each line
//! also gives the process's CPU seconds for the instance and the load average before and after
//! (from `/proc` where there is one): on a shared machine wall time alone says little.

use std::io::Write;
use std::time::{Duration, Instant};

use searchlab_core::pdb_build::BuildOptions;
use searchlab_core::{Heuristic, Limits, Outcome, idastar, par_idastar};
use searchlab_npuzzle::cache::cache_dir;
use searchlab_npuzzle::pattern::AdditivePdb;
use searchlab_npuzzle::twentyfour::{korf_felner_databases, read_instances};
use searchlab_npuzzle::{LinearConflict, Manhattan, TwentyFour};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("linear-conflict", String::as_str);
    let option = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(|v| {
                v.parse::<f64>()
                    .unwrap_or_else(|_| panic!("{flag} takes a number"))
            })
    };
    let threads = option("--threads").map_or(1, |t| t as usize);
    let timeout = Duration::from_secs_f64(option("--timeout").unwrap_or(60.0));
    let first = option("--first").map_or(50, |n| n as usize);
    let puzzle = TwentyFour::blank_first();
    let heuristic: Box<dyn Heuristic<TwentyFour> + Sync> = match name {
        "manhattan" => Box::new(Manhattan),
        "linear-conflict" => Box::new(LinearConflict::new(&puzzle)),
        "pdb6666" => {
            let start = Instant::now();
            let options = BuildOptions {
                threads,
                max_memory: None,
            };
            let patterns = korf_felner_databases(
                puzzle.goal(),
                cache_dir().as_deref(),
                &options,
                |tiles, p| {
                    eprint!(
                        "\r  building {tiles:?}: layer {:3}, entries {:>11} / {} ({:5.1}%), {:.0} MB held   ",
                        p.layer,
                        p.entries_done,
                        p.entries,
                        100.0 * p.entries_done as f64 / p.entries.max(1) as f64,
                        p.bytes as f64 / 1e6
                    );
                    let _ = std::io::stderr().flush();
                },
            )
            .expect("the 6-6-6-6 databases");
            let reflect = !args.iter().any(|a| a == "--no-reflect");
            println!(
                "6-6-6-6 databases ready in {:.1} s (reflection {reflect})",
                start.elapsed().as_secs_f64()
            );
            Box::new(AdditivePdb::new(&puzzle, patterns, reflect).expect("disjoint patterns"))
        }
        other => panic!("unknown heuristic {other} (manhattan, linear-conflict, pdb6666)"),
    };
    let instances = read_instances::<25>(include_str!(
        "../../../puzzles/twentyfour/korf_felner50.txt"
    ))
    .expect("the instance file is well formed");
    let by_manhattan = args.iter().any(|a| a == "--by-manhattan");
    let mut order: Vec<(u32, u32, usize)> = instances
        .iter()
        .enumerate()
        .map(|(i, (board, length))| {
            let length = length.expect("optimal lengths are given");
            let h = heuristic.estimate(&puzzle, board);
            let md = if by_manhattan {
                length - puzzle.manhattan(board)
            } else {
                0
            };
            (md, length - h, i)
        })
        .collect();
    order.sort();
    // `--only ID`: just instance ID (1-based, the file's order).
    if let Some(id) = option("--only") {
        order.retain(|&(_, _, i)| i + 1 == id as usize);
    }
    println!(
        "24-puzzle, {name}, {threads} thread(s), {} s per instance",
        timeout.as_secs_f64()
    );
    let mut solved = 0;
    for &(md_gap, gap, i) in order.iter().take(first) {
        let (board, length) = &instances[i];
        let length = length.expect("given");
        let limits = Limits::none().with_timeout(timeout);
        let (load_before, cpu_before) = (load_average(), cpu_seconds());
        let (result, generated) = if threads == 1 {
            let result = idastar(&puzzle, board, &heuristic, &limits);
            let generated = result.stats.generated;
            (result, generated)
        } else {
            let run = par_idastar(&puzzle, board, &heuristic, &limits, threads);
            (run.result, run.work.generated)
        };
        let cpu = cpu_seconds() - cpu_before;
        let stats = &result.stats;
        let secs = stats.elapsed.as_secs_f64();
        if by_manhattan {
            print!("[manhattan gap {md_gap:2}] ");
        }
        print!(
            "[cpu {cpu:.1} s, load {load_before:.1} -> {:.1}, {:.1} M nodes per cpu s] ",
            load_average(),
            generated as f64 / cpu.max(1e-3) / 1e6
        );
        match &result.outcome {
            Outcome::Solved { cost, .. } => {
                assert_eq!(*cost, length, "#{} not optimal", i + 1);
                solved += 1;
                println!(
                    "#{:2} length {length} gap {gap:2}: solved, generated {} in {secs:.1} s ({:.1} M/s)",
                    i + 1,
                    stats.generated,
                    generated as f64 / secs / 1e6
                );
            }
            other => {
                // The completed iterations: each costs about `growth` times the one before,
                // and (parity) the bound rises by 2 per iteration up to the optimal length.
                // The sequential search lists the stopped iteration last (the parallel one
                // does not): its nodes are already done, not a completed iteration.
                let mut done: Vec<_> = stats
                    .iterations
                    .iter()
                    .filter(|it| it.generated > 0)
                    .collect();
                let partial = if threads == 1 {
                    done.pop().map_or(0, |it| it.generated)
                } else {
                    0
                };
                let n = done.len();
                let estimate = (n >= 2).then(|| {
                    let last = done[n - 1];
                    let growth = last.generated as f64 / done[n - 2].generated.max(1) as f64;
                    let remaining = (length as u64).saturating_sub(last.bound.unsigned_abs()) / 2;
                    let mut total = 0f64;
                    let mut g = last.generated as f64;
                    for _ in 0..remaining {
                        g *= growth;
                        total += g;
                    }
                    (last.bound, growth, (total - partial as f64).max(0.0))
                });
                print!(
                    "#{:2} length {length} gap {gap:2}: {other:?} after {secs:.1} s, {} generated",
                    i + 1,
                    generated
                );
                match estimate {
                    Some((bound, growth, total)) => println!(
                        "; last full bound {bound}, x{growth:.1} per iteration: about {total:.2e} more nodes, {:.0} s at this rate, {:.0} cpu s at this cpu rate",
                        total / (generated as f64 / secs),
                        total / (generated as f64 / cpu.max(1e-3))
                    ),
                    None => println!(),
                }
            }
        }
    }
    println!("solved {solved} of {}", first.min(order.len()));
}

/// The one-minute load average from `/proc/loadavg` (NaN without one).
fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

/// This process's user + system CPU seconds from `/proc/self/stat` (clock ticks of 1/100 s;
/// NaN without it).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|t| {
            // Fields after the command name (which may hold spaces) start after ')'.
            let rest = t.rsplit_once(')')?.1;
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let user: f64 = fields.get(11)?.parse().ok()?;
            let system: f64 = fields.get(12)?.parse().ok()?;
            Some((user + system) / 100.0)
        })
        .unwrap_or(f64::NAN)
}
