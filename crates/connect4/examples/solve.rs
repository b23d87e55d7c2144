//! Solves one position and prints what `searchlab solve connect4` will print: the score and
//! its meaning, the best columns, each column's score with `--all-moves`, and statistics.
//!
//! ```text
//! cargo run --release -p searchlab-connect4 --example solve -- 4453 --all-moves
//! cargo run --release -p searchlab-connect4 --example solve -- "" --weak --score-only --timeout 2700
//! cargo run --release -p searchlab-connect4 --example solve -- "" --width 6 --height 5 --threads 2
//! ```
//!
//! `--threads N` (N > 1) solves with the [`searchlab_connect4::ParallelSolver`] (split at the
//! root); `--width`/`--height` pick another board.

use std::process::ExitCode;
use std::time::Duration;

use searchlab_connect4::{
    Board, Connect4, DEFAULT_TABLE_BYTES, ParallelSolver, Rules, SolveOptions, Solver,
    describe_score,
};
use searchlab_core::Limits;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(moves) = args.first() else {
        eprintln!(
            "usage: solve POSITION [--all-moves] [--weak] [--score-only] [--timeout SECONDS] [--table-mb M] [--threads N] [--width W --height H]"
        );
        return ExitCode::from(2);
    };
    let value_of = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let mut limits = Limits::none();
    if let Some(s) = value_of("--timeout") {
        limits = limits.with_timeout(Duration::from_secs(s));
    }
    let table = value_of("--table-mb").map_or(DEFAULT_TABLE_BYTES, |m| (m as usize) << 20);
    let options = SolveOptions {
        all_moves: args.iter().any(|a| a == "--all-moves"),
        weak: args.iter().any(|a| a == "--weak"),
        limits,
    };
    let (width, height) = (
        value_of("--width").unwrap_or(7) as u32,
        value_of("--height").unwrap_or(6) as u32,
    );
    let game = match Board::new(width, height) {
        Ok(board) => Connect4::new(board, Rules::Shortcuts),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let threads = value_of("--threads").unwrap_or(1) as usize;
    let pos = match game.board().parse(moves) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("position {moves:?}: {e}");
            return ExitCode::from(2);
        }
    };
    print!("{}", game.board().render(&pos));
    let mut solver = Solver::new(game.clone(), table);
    if threads <= 1 && args.iter().any(|a| a == "--score-only") {
        return match solver.score_with_stats(&pos, &options) {
            Ok((score, stats)) => {
                println!(
                    "score {score} ({}): {}; {} nodes generated, {} expanded, {:.1} s wall; table {} MiB",
                    if options.weak { "weak" } else { "exact" },
                    describe_score(game.board(), &pos, score, options.weak),
                    stats.generated,
                    stats.expanded,
                    stats.elapsed.as_secs_f64(),
                    solver.table_bytes() >> 20
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        };
    }
    let answer = if threads > 1 {
        ParallelSolver::new(game.clone(), table, threads).solve(&pos, &options)
    } else {
        solver.solve(&pos, &options)
    };
    match answer {
        Ok(a) => {
            println!(
                "score {} ({}): {}",
                a.score,
                if a.weak { "weak" } else { "exact" },
                describe_score(game.board(), &pos, a.score, a.weak)
            );
            println!("best column(s): {:?}", a.best);
            if !a.columns.is_empty() {
                let cols: Vec<String> = a
                    .columns
                    .iter()
                    .map(|c| c.map_or("-".to_string(), |s| s.to_string()))
                    .collect();
                println!("columns 1..7: {}", cols.join(" "));
            }
            println!(
                "score: {} nodes generated, {} expanded, {:.3} s; in all: {} generated, {:.3} s; table {} MiB",
                a.score_stats.generated,
                a.score_stats.expanded,
                a.score_stats.elapsed.as_secs_f64(),
                a.stats.generated,
                a.stats.elapsed.as_secs_f64(),
                solver.table_bytes() >> 20
            );
            ExitCode::SUCCESS
        }
        Err((e, _)) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
