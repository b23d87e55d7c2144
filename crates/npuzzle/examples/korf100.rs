//! Runs IDA* on Korf's 100 instances and prints per-instance and total nodes and times.
//!
//! ```text
//! cargo run --release -p searchlab-npuzzle --example korf100 -- pdb663 [--reflect] [--first N]
//!     [--threads T] [--only 9,28,45] [--recompute]
//! ```
//!
//! With `--threads T` every instance is solved twice, by sequential IDA* and by parallel IDA*
//! on T threads; the two answers and node counts are checked equal and both times printed, with
//! the speed-up over the whole set (the figure of issue 18): wall-clock and CPU time (user +
//! system, of the whole process, from `/proc/self/stat`) of each; the nodes all threads
//! generated over the sequential count; and the speed-up the division of the work allows
//! (sequential nodes over the busiest thread's nodes per iteration, summed). The last two are
//! node counts: the load changes them only through how the threads happen to split the work.
//!
//! `--recompute` computes every database estimate from scratch instead of updating it from the
//! parent's (same nodes: to time the incremental update, with `--reflect` especially).
//!
//! Heuristics: `manhattan`, `linear-conflict`, `pdb663`, `pdb78`. Pattern databases are
//! loaded from the cache (see `searchlab_npuzzle::cache`) or built and saved there first; the
//! build or load time is printed apart from the search time. Moves are tried up, left, right,
//! down (Korf's order); the published Manhattan counts (Korf 1985) are printed beside.

use std::time::Instant;

use searchlab_core::{Heuristic, Limits, idastar, par_idastar};
use searchlab_npuzzle::cache::{Origin, cache_dir, load_or_build};
use searchlab_npuzzle::pattern::{AdditivePdb, Partition, Pattern};
use searchlab_npuzzle::{Board, Fifteen, LinearConflict, Manhattan, Move};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("pdb663", String::as_str);
    let reflect = args.iter().any(|a| a == "--reflect");
    let first: usize = args
        .iter()
        .position(|a| a == "--first")
        .and_then(|i| args.get(i + 1))
        .map_or(100, |n| n.parse().expect("--first N"));
    let threads: Option<usize> = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .map(|n| n.parse().expect("--threads T"));
    let only: Option<Vec<u32>> = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map(|n| {
            n.split(',')
                .map(|x| x.parse().expect("--only 1,2,3"))
                .collect()
        });
    let puzzle = Fifteen::blank_first().with_order([Move::Up, Move::Left, Move::Right, Move::Down]);
    let heuristic: Box<dyn Heuristic<Fifteen> + Sync> = match name {
        "manhattan" => Box::new(Manhattan),
        "linear-conflict" => Box::new(LinearConflict::new(&puzzle)),
        "pdb663" | "pdb78" => {
            let partition = if name == "pdb663" {
                Partition::SixSixThree
            } else {
                Partition::SevenEight
            };
            let dir = cache_dir();
            let patterns = partition
                .tiles(puzzle.goal())
                .expect("blank-first goal")
                .into_iter()
                .map(|tiles| {
                    let c = load_or_build::<4, 16>(puzzle.goal(), &tiles, dir.as_deref(), |_| {})
                        .expect("database");
                    let how = match &c.origin {
                        Origin::Loaded(p) => format!("loaded from {}", p.display()),
                        Origin::Built(Ok(p)) => format!("built, saved to {}", p.display()),
                        Origin::Built(Err(e)) => format!("built, not saved ({e})"),
                    };
                    println!(
                        "pattern {tiles:?}: {} entries, {how} in {:.3} s",
                        c.db.len(),
                        c.elapsed.as_secs_f64()
                    );
                    Pattern { tiles, db: c.db }
                })
                .collect();
            let pdb = AdditivePdb::new(&puzzle, patterns, reflect).expect("patterns");
            if args.iter().any(|a| a == "--recompute") {
                // Every estimate from scratch (what the reflected lookup did before its
                // incremental update): the same nodes, for timing the update.
                Box::new(move |b: &Board<16>| pdb.value(b))
            } else {
                Box::new(pdb)
            }
        }
        other => panic!("unknown heuristic {other}"),
    };
    let instances: Vec<(u32, u32, u64, Board<16>)> =
        include_str!("../../../puzzles/fifteen/korf100_with_korf85_nodes.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let (head, board) = l.split_once('|').expect("id length nodes | board");
                let f: Vec<u64> = head
                    .split_whitespace()
                    .map(|x| x.parse().unwrap())
                    .collect();
                (f[0] as u32, f[1] as u32, f[2], Board::parse(board).unwrap())
            })
            .take(first)
            .filter(|(id, ..)| only.as_ref().is_none_or(|o| o.contains(id)))
            .collect();
    let (mut nodes, mut published) = (0u64, 0u64);
    let mut differ = Vec::new();
    let start = Instant::now();
    let (mut sequential_time, mut parallel_time, mut work) = (0f64, 0f64, 0u64);
    let (mut sequential_cpu, mut parallel_cpu, mut busiest) = (0f64, 0f64, 0u64);
    for (id, length, korf, board) in &instances {
        let cpu = cpu_seconds();
        let run = idastar(&puzzle, board, &heuristic, &Limits::none());
        let seq_cpu = cpu_seconds() - cpu;
        sequential_cpu += seq_cpu;
        sequential_time += run.stats.elapsed.as_secs_f64();
        if let Some(threads) = threads {
            let cpu = cpu_seconds();
            let par = par_idastar(&puzzle, board, &heuristic, &Limits::none(), threads);
            let par_cpu = cpu_seconds() - cpu;
            parallel_cpu += par_cpu;
            busiest += par.work.busiest;
            assert_eq!(par.result.outcome, run.outcome, "#{id}: parallel answer");
            assert_eq!(
                par.result.stats.generated, run.stats.generated,
                "#{id}: counts"
            );
            let t = par.result.stats.elapsed.as_secs_f64();
            parallel_time += t;
            work += par.work.generated;
            println!(
                "#{id:3} parallel on {threads} threads: same answer and count, {t:.3} s ({:.2}x), CPU {seq_cpu:.2} s sequential, {par_cpu:.2} s parallel; generated by all threads {}, by the busiest {} (division allows {:.2}x), {} pieces",
                run.stats.elapsed.as_secs_f64() / t.max(1e-9),
                par.work.generated,
                par.work.busiest,
                run.stats.generated as f64 / par.work.busiest.max(1) as f64,
                par.work.tasks
            );
        }
        assert_eq!(
            run.outcome.cost(),
            Some(*length),
            "#{id} not solved optimally"
        );
        nodes += run.stats.generated;
        if run.stats.generated != *korf {
            differ.push(format!("#{id} ({} vs {korf})", run.stats.generated));
        }
        published += korf;
        println!(
            "#{id:3} length {length} generated {:>12} (Korf 1985 Manhattan {korf:>11}) {:.3} s",
            run.stats.generated,
            run.stats.elapsed.as_secs_f64()
        );
    }
    let seconds = start.elapsed().as_secs_f64();
    if let Some(threads) = threads {
        // The figures of issue 18, one per line: the wall-clock speed-up (what a user sees, but
        // noise on a loaded machine), and two figures no load changes: the nodes all threads
        // generated over the sequential count (work past the solution in last iterations), and
        // the speed-up the division of the work allows (sequential nodes over the busiest
        // thread's, per iteration, summed).
        println!(
            "parallel IDA* on {threads} threads, {name}, {} instances:",
            instances.len()
        );
        println!(
            "  wall-clock speed-up {:.2}x (sequential {sequential_time:.2} s, parallel {parallel_time:.2} s); CPU sequential {sequential_cpu:.2} s, parallel {parallel_cpu:.2} s",
            sequential_time / parallel_time.max(1e-9)
        );
        println!(
            "  nodes: all threads generated {work} = {:.3}x the sequential {nodes}",
            work as f64 / nodes.max(1) as f64
        );
        println!(
            "  busiest thread generated {busiest}: ideal speed-up bound {:.3}x (sequential / busiest)",
            nodes as f64 / busiest.max(1) as f64
        );
    }
    if name == "manhattan" {
        // Korf's own setting: the counts must equal the published ones but for five instances.
        println!(
            "{} of {} counts equal the published ones; differ: {}",
            instances.len() - differ.len(),
            instances.len(),
            differ.join(", ")
        );
    }
    println!(
        "total {name}{}: {} instances, generated {nodes}, {seconds:.2} s; published Manhattan {published}: {:.0}x fewer nodes",
        if reflect { " --reflect" } else { "" },
        instances.len(),
        published as f64 / nodes.max(1) as f64
    );
}

/// CPU time (user + system) of this process so far, in seconds, from `/proc/self/stat` (Linux;
/// clock ticks of 1/100 s); 0 elsewhere.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which may hold spaces, inside parentheses).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}
