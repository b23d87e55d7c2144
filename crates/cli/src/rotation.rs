//! The rotation game (POJ 2286): `searchlab solve rotation`, `searchlab gen rotation` and
//! `searchlab judge 2286`.
//!
//! The pattern database is rebuilt on every run instead of being cached on disk: it takes about
//! 0.13 s in a release build (735,471 entries), less than reading and checking a cache file
//! would save.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use searchlab_core::{Heuristic, Limits, Outcome, SearchResult, SplitMix64, Stats};
use searchlab_core::{astar, idastar, iddfs};
use searchlab_rotation::generate::{random_board, scrambled_board};
use searchlab_rotation::{Board, CentreBound, CentrePdb, Move, RotationGame, moves_to_string};
use serde_json::{Value as Json, json};

use crate::error::{BadLine, BadLines, batch_status};
use crate::limits::LimitArgs;
use crate::report::{
    Format, Progress, instance_label, json_line, read_input, source_name, stats_json, stats_text,
};

const BOARD_HELP: &str = "\
BOARD: the 24 cells in the judge's order, eight each of 1, 2, 3, as one argument or 24:

          00    01
          02    03
    04 05 06 07 08 09 10
          11    12
    13 14 15 16 17 18 19
          20    21
          22    23

    searchlab solve rotation \"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\"

Moves A..H rotate a line of seven cells (A, B: the columns up; C, D: the rows right; E, F: the
columns down; G, H: the rows left). The answer has the fewest moves and, among those, is the
lexicographically smallest string. --file reads one board per line (`-`: standard input);
blank lines and lines starting with `#` are skipped, a line `0` ends the input.";

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Algo {
    /// IDA*: iterative deepening on f = g + h (memory linear in the depth).
    Idastar,
    /// A* with an open list (the string may differ from IDA*'s when f ties; same length).
    Astar,
    /// Iterative deepening DFS, no heuristic (slow beyond 7 or 8 moves).
    Iddfs,
}

/// The heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HeuristicName {
    /// 8 minus the count of the most frequent centre symbol (the classic bound).
    #[value(alias = "center")]
    Centre,
    /// The exact distance from a pattern database over one symbol's cells.
    Pdb,
}

/// Arguments of `searchlab solve rotation`.
#[derive(clap::Args)]
#[command(after_long_help = BOARD_HELP)]
pub struct SolveArgs {
    /// The board: 24 numbers (see --help).
    #[arg(
        value_name = "BOARD",
        conflicts_with = "file",
        required_unless_present = "file"
    )]
    board: Vec<String>,
    /// Solve every board of a file, one per line (`-`: standard input).
    #[arg(long, short, value_name = "F")]
    file: Option<PathBuf>,
    /// The search algorithm.
    #[arg(long, value_enum, default_value_t = Algo::Idastar)]
    algo: Algo,
    /// The heuristic (ignored by iddfs).
    #[arg(long, value_enum, default_value_t = HeuristicName::Pdb)]
    heuristic: HeuristicName,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Arguments of `searchlab gen rotation`.
#[derive(clap::Args)]
pub struct GenArgs {
    /// How many boards.
    #[arg(long, default_value_t = 10)]
    count: u64,
    /// The seed of the generator (SplitMix64: the same seed gives the same boards forever).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Make each board this many random moves from a solved board (no move followed by its
    /// inverse) instead of a uniformly random arrangement.
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
}

/// The heuristic of a run, with the time its table took to build.
struct Chosen {
    name: &'static str,
    heuristic: Option<Box<dyn Heuristic<RotationGame>>>,
    build: Option<Duration>,
}

fn choose(algo: Algo, name: HeuristicName) -> Chosen {
    match (algo, name) {
        (Algo::Iddfs, _) => Chosen {
            name: "none",
            heuristic: None,
            build: None,
        },
        (_, HeuristicName::Centre) => Chosen {
            name: "centre",
            heuristic: Some(Box::new(CentreBound)),
            build: None,
        },
        (_, HeuristicName::Pdb) => {
            let start = Instant::now();
            let pdb = CentrePdb::build();
            Chosen {
                name: "pdb",
                heuristic: Some(Box::new(pdb)),
                build: Some(start.elapsed()),
            }
        }
    }
}

fn run(algo: Algo, chosen: &Chosen, board: &Board, limits: &Limits) -> SearchResult<Move, u32> {
    match (algo, &chosen.heuristic) {
        (Algo::Idastar, Some(h)) => idastar(&RotationGame, board, h, limits),
        (Algo::Astar, Some(h)) => astar(&RotationGame, board, h, limits),
        _ => iddfs(&RotationGame, board, limits),
    }
}

/// The symbol in the centre after `moves`.
fn final_centre(board: &Board, moves: &[Move]) -> Option<u8> {
    let mut end = *board;
    moves.iter().for_each(|&m| end.apply(m));
    end.centre_symbol()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// One board's report in text.
fn report_text(
    label: &str,
    board: &Board,
    algo: Algo,
    chosen: &Chosen,
    result: &SearchResult<Move, u32>,
) -> String {
    let answer = match &result.outcome {
        Outcome::Solved { actions, .. } if actions.is_empty() => format!(
            "No moves needed, centre {}",
            board.centre_symbol().unwrap_or(0)
        ),
        Outcome::Solved { actions, .. } => format!(
            "{} ({} moves), centre {}",
            moves_to_string(actions),
            actions.len(),
            final_centre(board, actions).unwrap_or(0)
        ),
        Outcome::NoSolution => "no solution".to_owned(),
        Outcome::Stopped(kind) => format!("not solved: stopped by the {kind}"),
    };
    format!(
        "{label}{board}\n{answer}\n{} + {}: {}\n",
        algo_name(algo),
        chosen.name,
        stats_text(&result.stats)
    )
}

fn algo_name(algo: Algo) -> &'static str {
    match algo {
        Algo::Idastar => "idastar",
        Algo::Astar => "astar",
        Algo::Iddfs => "iddfs",
    }
}

/// Where a board came from and its text, for the JSON rows.
struct Origin<'a> {
    source: &'a str,
    line: Option<usize>,
    input: &'a str,
}

/// One board's report in JSON: the fields of `solve eight`, plus `centre` and the table's
/// build time.
fn report_json(
    origin: &Origin<'_>,
    board: &Board,
    algo: Algo,
    chosen: &Chosen,
    result: &SearchResult<Move, u32>,
) -> Json {
    let (status, moves, length, limit, centre) = match &result.outcome {
        Outcome::Solved { actions, .. } => (
            "solved",
            Some(moves_to_string(actions)),
            Some(actions.len()),
            None,
            final_centre(board, actions),
        ),
        Outcome::NoSolution => ("unsolvable", None, None, None, None),
        Outcome::Stopped(kind) => ("stopped", None, None, Some(kind.to_string()), None),
    };
    json!({
        "source": origin.source,
        "line": origin.line,
        "input": origin.input,
        "board": board.to_string(),
        "algorithm": algo_name(algo),
        "heuristic": chosen.name,
        "h0": h0(chosen, board),
        "status": status,
        "moves": moves,
        "length": length,
        "limit": limit,
        "centre": centre,
        "stats": stats_json(&result.stats),
        "table_build_ms": chosen.build.map(ms),
    })
}

fn h0(chosen: &Chosen, board: &Board) -> Option<u32> {
    chosen
        .heuristic
        .as_ref()
        .map(|h| h.estimate(&RotationGame, board))
}

/// The boards of a file: (1-based line number, the line's text, board or what is wrong with
/// the line).
fn read_boards(text: &str) -> Vec<(usize, &str, Result<Board, String>)> {
    let mut boards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed == "0" {
            break;
        }
        let board = trimmed.parse::<Board>().map_err(|e| e.to_string());
        boards.push((i + 1, trimmed, board));
    }
    boards
}

fn table_line(chosen: &Chosen) -> Option<String> {
    chosen.build.map(|b| {
        format!(
            "pattern database: 735471 entries, built in {:.1} ms\n",
            ms(b)
        )
    })
}

/// `searchlab solve rotation`: the BOARD argument is a batch of one, without line numbers.
pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let limits = args.limits.limits(None)?;
    let (source, text) = match &args.file {
        None => ("BOARD".to_owned(), args.board.join(" ")),
        Some(path) => (source_name(path), read_input(path)?),
    };
    let boards: Vec<(Option<usize>, &str, Result<Board, String>)> = match &args.file {
        None => vec![(
            None,
            text.as_str(),
            text.parse().map_err(|e| format!("{e}")),
        )],
        Some(_) => read_boards(&text)
            .into_iter()
            .map(|(number, line, board)| (Some(number), line, board))
            .collect(),
    };
    let batch = args.file.is_some();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    // A bad BOARD argument is not searched: no table to build (iddfs takes none). A file
    // gets its table line whatever its lines hold.
    let chosen = if batch || boards.iter().any(|(_, _, b)| b.is_ok()) {
        choose(args.algo, args.heuristic)
    } else {
        choose(Algo::Iddfs, args.heuristic)
    };
    if args.format == Format::Text
        && let Some(line) = table_line(&chosen)
    {
        out.write_all(line.as_bytes())?;
    }
    let mut bad = BadLines::new(args.format);
    let (mut solved, mut stopped) = (0, 0);
    let mut total = Stats::default();
    let progress = Progress::new(boards.len());
    for (line, input, board) in &boards {
        progress.start(&instance_label(&source, *line));
        let board = match board {
            Ok(board) => board,
            Err(e) => {
                let fault = BadLine {
                    source: &source,
                    line: *line,
                    input: Some(input),
                    error: e,
                };
                progress.emit(&mut out, |out| bad.report(out, &fault, &[]))?;
                progress.done();
                continue;
            }
        };
        let result = run(args.algo, &chosen, board, &limits);
        stopped += usize::from(matches!(result.outcome, Outcome::Stopped(_)));
        solved += usize::from(matches!(result.outcome, Outcome::Solved { .. }));
        total.expanded += result.stats.expanded;
        total.generated += result.stats.generated;
        total.elapsed += result.stats.elapsed;
        progress.answer(&mut out, |out| match (args.format, line) {
            (Format::Text, None) => {
                let report = report_text("", board, args.algo, &chosen, &result);
                out.write_all(report.as_bytes())
            }
            (Format::Text, Some(number)) => {
                let label = format!("line {number}: ");
                let report = report_text(&label, board, args.algo, &chosen, &result);
                writeln!(out, "{report}")
            }
            (Format::Json, _) => {
                let origin = Origin {
                    source: &source,
                    line: *line,
                    input,
                };
                let row = report_json(&origin, board, args.algo, &chosen, &result);
                json_line(out, &row)
            }
        })?;
        progress.done();
    }
    progress.finish();
    if batch && args.format == Format::Text {
        writeln!(
            out,
            "total: {solved} solved, {} bad, {stopped} stopped; expanded {}, generated {}, time {:.3} ms",
            bad.count(),
            total.expanded,
            total.generated,
            ms(total.elapsed)
        )?;
    }
    out.flush()?;
    Ok(bad.status_with_stopped(stopped))
}

/// `searchlab gen rotation`: one board per line, in the judge's format (without the final
/// `0`, which `judge 2286` does not require).
pub fn generate(args: GenArgs) -> anyhow::Result<ExitCode> {
    let mut rng = SplitMix64::new(args.seed);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for _ in 0..args.count {
        let board = match args.depth {
            None => random_board(&mut rng),
            Some(d) => scrambled_board(&mut rng, d),
        };
        writeln!(out, "{board}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `searchlab judge 2286`: per board, the moves (or `No moves needed`) and the centre symbol.
/// A bad line is reported on standard error with its number, the other boards are answered,
/// and the exit status is 2.
pub fn judge(input: &str, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let boards = read_boards(input);
    // Only build the table when there is a board to solve.
    let pdb = boards
        .iter()
        .any(|(_, _, b)| b.is_ok())
        .then(CentrePdb::build);
    let mut bad = 0;
    for (number, _, board) in boards {
        let board = match board {
            Ok(board) => board,
            Err(e) => {
                bad += 1;
                out.flush()?;
                eprintln!("searchlab: line {number}: {e}");
                continue;
            }
        };
        let pdb = pdb.as_ref().expect("built when a board parsed");
        let result = idastar(&RotationGame, &board, pdb, &Limits::none());
        let moves = match result.outcome {
            Outcome::Solved { actions, .. } => actions,
            // Every board is solvable and no limit is set.
            Outcome::NoSolution | Outcome::Stopped(_) => {
                anyhow::bail!("line {number}: the search found no answer (a bug)")
            }
        };
        let centre = final_centre(&board, &moves)
            .context("the search returned a path that does not reach a goal (a bug)")?;
        if moves.is_empty() {
            writeln!(out, "No moves needed")?;
        } else {
            writeln!(out, "{}", moves_to_string(&moves))?;
        }
        writeln!(out, "{centre}")?;
    }
    Ok(batch_status(bad))
}
