//! `searchlab solve fifteen`: the 15-puzzle with IDA* and Manhattan distance, linear conflicts
//! or additive pattern databases (6-6-3, 7-8), cached on disk after the first build.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use searchlab_core::{Heuristic, Limits, Outcome, SearchResult, Zero, astar, bfs, idastar, iddfs};
use searchlab_npuzzle::cache::{Origin, cache_dir, load_or_build};
use searchlab_npuzzle::pattern::{AdditivePdb, Partition, Pattern};
use searchlab_npuzzle::{
    Board, Fifteen, LinearConflict, Manhattan, Misplaced, Move, moves_to_string,
};

use crate::eight::Algo;
use crate::limits::LimitArgs;
use serde_json::json;

use crate::error::{BadInput, BadLine, BadLines, place};
use crate::instances::{self, Instance};
use crate::report::{self, Format, Progress};

/// The goal convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Goal {
    /// `x 1 2 ... 15`: the blank top-left (Korf's instances).
    BlankFirst,
    /// `1 2 ... 15 x`: the blank bottom-right.
    BlankLast,
}

/// A 15-puzzle heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HeuristicName {
    /// Sum of the tiles' Manhattan distances.
    Manhattan,
    /// Number of misplaced tiles (weak: only for easy boards).
    Misplaced,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases 6-6-3 (11.5 MB, built in ~15 s once, then cached).
    Pdb663,
    /// Additive pattern databases 7-8 (577 MB, built in minutes and GBs once, then cached).
    Pdb78,
}

/// Arguments of `searchlab solve fifteen`.
#[derive(clap::Args)]
#[command(
    after_help = "BOARD: 16 tokens row-major, tiles 1-15 and the blank x (or 0), e.g. \
    \"14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3\". Moves name where the BLANK goes: u d l r.\n\
    Files: one board per line, '#' comments, optional expected length after '|'.\n\
    With no BOARD and no --file, boards are read from stdin, one per line.\n\
    Pattern databases are cached in $SEARCHLAB_CACHE, else $XDG_CACHE_HOME/searchlab, else \
    ~/.cache/searchlab."
)]
pub struct SolveArgs {
    /// Boards to solve (each one argument: quote it).
    pub boards: Vec<String>,
    /// Read boards from these files.
    #[arg(long = "file", short = 'f')]
    pub files: Vec<PathBuf>,
    /// The goal: the blank first (top-left) or last (bottom-right).
    #[arg(long, value_enum, default_value_t = Goal::BlankFirst)]
    pub goal: Goal,
    /// The search algorithm. A* keeps every node it reaches (tens of bytes each: give it
    /// --max-nodes on hard boards); BFS and IDDFS take no heuristic and suit only boards
    /// within about 20 moves of the goal.
    #[arg(long, value_enum, default_value_t = Algo::Idastar)]
    pub algo: Algo,
    /// The heuristic of A* and IDA*.
    #[arg(long, value_enum, default_value_t = HeuristicName::Pdb663)]
    pub heuristic: HeuristicName,
    /// With pattern databases: also look them up on the board reflected about the main
    /// diagonal and take the larger value.
    #[arg(long)]
    pub reflect: bool,
    /// The order in which the blank's moves are tried (Korf 1985: ulrd).
    #[arg(long, default_value = "udlr")]
    pub order: String,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Reads a move order such as `ulrd`: each of `u d l r` once.
fn parse_order(text: &str) -> Result<[Move; 4], BadInput> {
    let bad = || BadInput(format!("--order {text}: expected each of u, d, l, r once"));
    let moves: Vec<Move> = text
        .chars()
        .map(Move::from_letter)
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    let order: [Move; 4] = moves.try_into().map_err(|_| bad())?;
    let mut sorted = order;
    sorted.sort();
    if sorted != [Move::Up, Move::Down, Move::Left, Move::Right] {
        return Err(bad());
    }
    Ok(order)
}

/// A progress bar on stderr when it is a terminal, nothing otherwise.
fn progress_bar(len: u64, what: &str) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(
        "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} (distance {prefix})",
    ) {
        bar.set_style(style);
    }
    bar.set_message(what.to_string());
    Some(bar)
}

/// Loads (or builds and caches) the databases of `partition` for `puzzle`'s goal, telling on
/// stderr where each came from. Returns the heuristic and the total load/build time.
pub fn pattern_databases(
    puzzle: &Fifteen,
    partition: Partition,
    reflect: bool,
) -> anyhow::Result<(AdditivePdb<16>, Duration)> {
    let dir = cache_dir();
    let tiles = partition
        .tiles(puzzle.goal())
        .expect("both goal conventions put the blank in a corner");
    let mut patterns = Vec::new();
    let mut total = Duration::ZERO;
    for tiles in tiles {
        let names: Vec<String> = tiles.iter().map(u8::to_string).collect();
        let label = format!("pattern {}", names.join(" "));
        let placements = searchlab_npuzzle::pattern::placements(16, tiles.len());
        let bar = progress_bar(placements as u64, &format!("building {label}"));
        let cached = load_or_build::<4, 16>(puzzle.goal(), &tiles, dir.as_deref(), |p| {
            if let Some(bar) = &bar {
                bar.set_position((p.settled as u64).min(placements as u64));
                bar.set_prefix(p.distance.to_string());
            }
        })?;
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let how = match &cached.origin {
            Origin::Loaded(path) => format!("loaded from {}", path.display()),
            Origin::Built(Ok(path)) => format!("built, saved to {}", path.display()),
            Origin::Built(Err(e)) => format!("built, not cached ({e})"),
        };
        eprintln!(
            "pdb{}: {label}: {} entries, {how} in {}",
            partition.name(),
            cached.db.len(),
            report::format_duration(cached.elapsed)
        );
        total += cached.elapsed;
        patterns.push(Pattern {
            tiles,
            db: cached.db,
        });
    }
    Ok((AdditivePdb::new(puzzle, patterns, reflect)?, total))
}

/// Checks an answer against the expected length of an instance file.
fn check_expected(result: Option<&SearchResult<Move, u32>>, expected: &str) -> Result<(), String> {
    let got = match result.map(|r| &r.outcome) {
        None | Some(Outcome::NoSolution) => "unsolvable".to_string(),
        Some(Outcome::Solved { cost, .. }) => cost.to_string(),
        Some(Outcome::Stopped(_)) => return Ok(()), // a limit is not a wrong answer
    };
    if got == expected {
        Ok(())
    } else {
        Err(format!("expected {expected}, got {got}"))
    }
}

/// `searchlab solve fifteen`.
pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let limits: Limits = args.limits.limits(None)?;
    let order = parse_order(&args.order)?;
    let instances = instances::gather(&args.boards, &args.files)?;
    if instances.is_empty() {
        return Err(BadInput("no boards given (arguments, --file or stdin)".into()).into());
    }
    let puzzle = match args.goal {
        Goal::BlankFirst => Fifteen::blank_first(),
        Goal::BlankLast => Fifteen::standard(),
    }
    .with_order(order);
    let uses_heuristic = args.algo.uses_heuristic();
    let (heuristic, build): (Box<dyn Heuristic<Fifteen>>, Option<Duration>) = match args.heuristic {
        // BFS and IDDFS take none: no table is built for them.
        _ if !uses_heuristic => (Box::new(Zero), None),
        HeuristicName::Manhattan => (Box::new(Manhattan), None),
        HeuristicName::Misplaced => (Box::new(Misplaced), None),
        HeuristicName::LinearConflict => (Box::new(LinearConflict::new(&puzzle)), None),
        HeuristicName::Pdb663 | HeuristicName::Pdb78 => {
            let partition = if args.heuristic == HeuristicName::Pdb663 {
                Partition::SixSixThree
            } else {
                Partition::SevenEight
            };
            let (h, t) = pattern_databases(&puzzle, partition, args.reflect)?;
            (Box::new(h), Some(t))
        }
    };
    let mut label = format!("{:?}", args.heuristic).to_lowercase();
    if label == "linearconflict" {
        label = "linear-conflict".into();
    }
    if args.reflect && build.is_some() {
        label.push_str(" + reflection");
    }
    if !uses_heuristic {
        label = "none".into();
    }
    let algo_label = format!("{:?}", args.algo).to_lowercase();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut bad = BadLines::new(args.format);
    let (mut mismatches, mut solved, mut stopped, mut unsolvable) = (0, 0, 0, 0);
    let (mut expanded, mut generated) = (0u64, 0u64);
    let start = Instant::now();
    let progress = Progress::new(instances.len());
    for Instance {
        source: name,
        text,
        expected,
    } in &instances
    {
        progress.start(name);
        let (source, line) = report::split_source(name);
        let board = match Board::<16>::parse(text) {
            Ok(b) => b,
            Err(e) => {
                let fault = BadLine {
                    source,
                    line,
                    input: Some(text),
                    error: &e.to_string(),
                };
                progress.emit(&mut out, |out| bad.report(out, &fault, &[]))?;
                progress.done();
                continue;
            }
        };
        // Parity decides solvability: unsolvable boards cost no search.
        let result = puzzle.is_solvable(&board).then(|| match args.algo {
            Algo::Astar => astar(&puzzle, &board, &heuristic, &limits),
            Algo::Idastar => idastar(&puzzle, &board, &heuristic, &limits),
            Algo::Iddfs => iddfs(&puzzle, &board, &limits),
            Algo::Bfs => bfs(&puzzle, &board, &limits),
        });
        if let Some(r) = &result {
            expanded += r.stats.expanded;
            generated += r.stats.generated;
            match r.outcome {
                Outcome::Solved { .. } => solved += 1,
                Outcome::Stopped(_) => stopped += 1,
                Outcome::NoSolution => unsolvable += 1,
            }
        } else {
            unsolvable += 1;
        }
        if let Some(Err(msg)) = expected
            .as_deref()
            .map(|e| check_expected(result.as_ref(), e))
        {
            progress.suspend(|| {
                eprintln!(
                    "searchlab: {}: WRONG ANSWER for {board}: {msg}",
                    place(source, line)
                );
            });
            mismatches += 1;
        }
        let row = match args.format {
            Format::Text => crate::eight::text_report(
                &board,
                result.as_ref(),
                &format!("{algo_label} / {label}"),
            ),
            Format::Json => {
                let (status, moves, length, limit) = match result.as_ref().map(|r| &r.outcome) {
                    None | Some(Outcome::NoSolution) => ("unsolvable", None, None, None),
                    Some(Outcome::Solved { actions, cost }) => {
                        ("solved", Some(moves_to_string(actions)), Some(*cost), None)
                    }
                    Some(Outcome::Stopped(kind)) => ("stopped", None, None, Some(kind.to_string())),
                };
                let row = json!({
                    "source": source,
                    "line": line,
                    "input": text,
                    "board": board.to_string(),
                    "algorithm": algo_label,
                    "heuristic": label,
                    "h0": heuristic.estimate(&puzzle, &board),
                    "status": status,
                    "moves": moves,
                    "length": length,
                    "limit": limit,
                    "expected": expected,
                    "stats": result.as_ref().map(|r| report::stats_json(&r.stats)),
                });
                row.to_string()
            }
        };
        progress.answer(&mut out, |out| writeln!(out, "{row}"))?;
        progress.done();
    }
    progress.finish();
    if args.format == Format::Text && instances.len() > 1 {
        let mut total = format!(
            "total: {solved} solved, {unsolvable} unsolvable, {} bad, {stopped} stopped; \
             expanded {expanded}, \
             generated {generated}, search time {}",
            bad.count(),
            report::format_duration(start.elapsed())
        );
        if let Some(t) = build {
            let _ = write!(total, " (databases: {})", report::format_duration(t));
        }
        writeln!(out, "{total}")?;
    }
    if mismatches > 0 {
        anyhow::bail!("{mismatches} answer(s) differ from the expected ones");
    }
    Ok(bad.status_with_stopped(stopped))
}
