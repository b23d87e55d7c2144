//! Pons' test protocol: solves every position of a test set, checks each score against the
//! file and prints the mean time and the mean nodes per position.
//!
//! ```text
//! cargo run --release -p searchlab-connect4 --example protocol -- puzzles/connect4/Test_L2_R2
//! cargo run --release -p searchlab-connect4 --example protocol -- puzzles/connect4/Test_L1_R2 --first 100
//! ```
//!
//! Options: `--first N` (only the first N lines), `--table-mb M` (table size, default the
//! solver's, 8),
//! `--keep-table` (do not empty the table between positions; by default each position starts
//! from an empty table), `--mtdf` (MTD(f) from 0 instead of bisection), `--no-etc` (no
//! enhanced transposition cutoffs), `--weak`, `--full-keys` (the core's full-key fixed table
//! of 56-byte slots instead of the compact one).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use searchlab_connect4::{Connect4, SolveOptions, Solver, parse_test_line};
use searchlab_core::Narrowing;

/// CPU time of this thread in nanoseconds (Linux), so that figures on a busy shared machine
/// count our own work and not the waits for a core.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!(
            "usage: protocol FILE [--first N] [--table-mb M] [--keep-table] [--mtdf] [--no-etc] [--weak] [--full-keys]"
        );
        return ExitCode::from(2);
    };
    let value_of = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<usize>().ok())
    };
    let first = value_of("--first").unwrap_or(usize::MAX);
    let table_mb = value_of("--table-mb").unwrap_or(searchlab_connect4::DEFAULT_TABLE_BYTES >> 20);
    let keep = args.iter().any(|a| a == "--keep-table");
    let weak = args.iter().any(|a| a == "--weak");
    let narrowing = if args.iter().any(|a| a == "--mtdf") {
        Narrowing::Mtdf { guess: 0 }
    } else {
        Narrowing::Bisect
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let game = Connect4::standard();
    let etc = !args.iter().any(|a| a == "--no-etc");
    let mut solver = Solver::new(game.clone(), table_mb << 20)
        .with_narrowing(narrowing)
        .with_etc(etc);
    if args.iter().any(|a| a == "--full-keys") {
        solver = solver.with_full_key_table();
    }
    let options = SolveOptions {
        weak,
        ..SolveOptions::default()
    };
    let (mut n, mut wrong) = (0u64, 0u64);
    let (mut time, mut generated, mut expanded) = (Duration::ZERO, 0u64, 0u64);
    let mut cpu = 0u64;
    for (i, line) in text.lines().enumerate().take(first) {
        let case = match parse_test_line(&game, line) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{path}:{}: {e}", i + 1);
                return ExitCode::from(2);
            }
        };
        if !keep {
            solver.reset();
        }
        let cpu0 = cpu_ns();
        let start = Instant::now();
        let (score, stats) = solver
            .score_with_stats(&case.position, &options)
            .expect("no limits");
        time += start.elapsed();
        if let (Some(a), Some(b)) = (cpu0, cpu_ns()) {
            cpu += b - a;
        }
        generated += stats.generated;
        expanded += stats.expanded;
        n += 1;
        let expected = if weak {
            case.score.signum()
        } else {
            case.score
        };
        if score != expected {
            wrong += 1;
            eprintln!(
                "{path}:{}: {} scored {score}, expected {expected}",
                i + 1,
                case.moves
            );
        }
    }
    let mean = time.as_secs_f64() / n.max(1) as f64;
    println!(
        "{path}: {n} positions, {wrong} wrong; mean {:.3} ms wall, {:.3} ms CPU, {:.0} nodes generated, {:.0} expanded per position; {:.2} M nodes/CPU-s; table {:.1} MiB ({} slots of {} B){}{}",
        mean * 1e3,
        cpu as f64 / 1e6 / n.max(1) as f64,
        generated as f64 / n.max(1) as f64,
        expanded as f64 / n.max(1) as f64,
        generated as f64 / (cpu.max(1) as f64 / 1e9) / 1e6,
        solver.table_bytes() as f64 / (1 << 20) as f64,
        solver.table_slots(),
        solver.table_bytes() / solver.table_slots().max(1),
        if keep {
            ", table kept between positions"
        } else {
            ""
        },
        if weak { ", weak" } else { "" },
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
