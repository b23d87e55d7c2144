//! `searchlab`: solve puzzles and games, reproduce online judges, benchmark algorithms.
//!
//! The binary only parses arguments and glues the libraries together. Exit status: 0 on success,
//! 2 on bad input (after answering every good instance of a batch), 1 on any other failure.

mod alloc;
mod bench;
mod eight;
mod error;
mod fifteen;
mod gametree;
mod r#gen;
mod instances;
mod limits;
mod report;
mod rotation;
mod tictactoe;
mod triangle;

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::BadInput;

#[derive(Parser)]
#[command(name = "searchlab", version, about = "A state-space search toolkit", long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve instances of a problem with any algorithm and heuristic, with statistics.
    #[command(subcommand)]
    Solve(Solve),
    /// Reproduce an online judge's input/output exactly (stdin to stdout): 1077, 2286, 1568, 1085.
    Judge {
        /// The POJ problem number.
        problem: u32,
    },
    /// Generate random instances with a fixed seed.
    #[command(subcommand)]
    Gen(Gen),
    /// Run algorithms against each other over instance files and compare them.
    Bench(bench::BenchArgs),
}

#[derive(Subcommand)]
enum Solve {
    /// The 8-puzzle (POJ 1077).
    Eight(eight::SolveArgs),
    /// The 15-puzzle.
    Fifteen(fifteen::SolveArgs),
    /// The rotation game (POJ 2286).
    Rotation(rotation::SolveArgs),
    /// n x n tic-tac-toe (3x3, and 4x4 of POJ 1568).
    Tictactoe(tictactoe::SolveArgs),
    /// Explicit game trees given as nested parentheses.
    Gametree(gametree::SolveArgs),
    /// Triangle War (POJ 1085).
    Triangle(triangle::SolveArgs),
}

#[derive(Subcommand)]
enum Gen {
    /// Random solvable 8-puzzle boards.
    Eight(eight::GenArgs),
    /// Random rotation-game boards.
    Rotation(rotation::GenArgs),
    /// Random 15-puzzle boards (near the goal with --depth).
    Fifteen(r#gen::FifteenArgs),
    /// Random unfinished tic-tac-toe positions.
    Tictactoe(r#gen::TictactoeArgs),
    /// Random unfinished Triangle War games.
    Triangle(r#gen::TriangleArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(cli.command, Command::Solve(_)) {
        // A solve's progress line is redrawn in place on stderr: Ctrl-C would leave its last
        // frame behind the shell prompt. Wipe it, then end as the signal would (130). (bench
        // sets its own handler, which keeps partial results.)
        let _ = ctrlc::set_handler(|| {
            use std::io::IsTerminal;
            if std::io::stderr().is_terminal() {
                eprint!("\r\x1b[2K");
            }
            std::process::exit(130);
        });
    }
    let result = match cli.command {
        Command::Solve(Solve::Eight(args)) => eight::solve(args),
        Command::Solve(Solve::Fifteen(args)) => fifteen::solve(args),
        Command::Solve(Solve::Rotation(args)) => rotation::solve(args),
        Command::Solve(Solve::Tictactoe(args)) => tictactoe::solve(args),
        Command::Solve(Solve::Gametree(args)) => gametree::solve(args),
        Command::Solve(Solve::Triangle(args)) => triangle::solve(args),
        Command::Gen(Gen::Eight(args)) => eight::generate(args),
        Command::Gen(Gen::Rotation(args)) => rotation::generate(args),
        Command::Gen(Gen::Fifteen(args)) => r#gen::fifteen(args),
        Command::Gen(Gen::Tictactoe(args)) => r#gen::tictactoe(args),
        Command::Gen(Gen::Triangle(args)) => r#gen::triangle(args),
        Command::Judge { problem } => judge(problem),
        Command::Bench(args) => bench::run(args),
    };
    match result {
        Ok(code) => code,
        // The reader went away (`searchlab ... | head`): stop quietly, as Unix tools do.
        Err(err)
            if err.chain().any(|e| {
                e.downcast_ref::<std::io::Error>()
                    .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("searchlab: {err:#}");
            if err.downcast_ref::<BadInput>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Reads all of stdin, runs the judge's solver, writes its output to stdout.
fn judge(problem: u32) -> anyhow::Result<ExitCode> {
    let solver: fn(&str, &mut dyn Write) -> anyhow::Result<ExitCode> = match problem {
        1077 => eight::judge,
        2286 => rotation::judge,
        1568 => tictactoe::judge,
        1085 => triangle::judge,
        other => {
            return Err(BadInput(format!(
                "no judge problem {other}: known problems are 1077 (Eight), 2286 (The Rotation Game), \
                 1568 (Find the Winning Move), 1085 (Triangle War)"
            ))
            .into());
        }
    };
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let code = solver(&input, &mut out)?;
    out.flush()?;
    Ok(code)
}
