//! `searchlab solve eight`, `searchlab gen eight`, `searchlab judge 1077`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use searchlab_core::{
    Heuristic, Limits, Outcome, SearchResult, SplitMix64, astar, bfs, idastar, iddfs,
};
use searchlab_npuzzle::generate::{random_board, scrambled_board};
use searchlab_npuzzle::{Board, Eight, Manhattan, Misplaced, Move, moves_to_string};
use serde_json::json;

use crate::error::{BadInput, BadLine, BadLines, batch_status, place};
use crate::instances::{self, Instance};
use crate::limits::LimitArgs;
use crate::report::{self, Format, Progress};

/// A single-agent algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algo {
    /// A* (optimal; memory grows with the nodes).
    Astar,
    /// IDA* (optimal; memory linear in the depth).
    Idastar,
    /// Iterative deepening DFS (fewest moves, no heuristic; slow beyond ~20 moves).
    Iddfs,
    /// Breadth-first search (fewest moves, no heuristic).
    Bfs,
}

impl Algo {
    /// Whether the algorithm takes a heuristic (BFS and IDDFS do not).
    pub(crate) fn uses_heuristic(self) -> bool {
        matches!(self, Algo::Astar | Algo::Idastar)
    }
}

/// An 8-puzzle heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HeuristicName {
    /// Sum of the tiles' Manhattan distances.
    Manhattan,
    /// Number of misplaced tiles.
    Misplaced,
}

/// Arguments of `searchlab solve eight`.
#[derive(clap::Args)]
#[command(
    after_help = "BOARD: 9 tokens row-major, tiles 1-8 and the blank x (or 0), e.g. \
    \"2 3 4 1 5 x 7 6 8\". Moves name where the BLANK goes: u d l r.\n\
    Files: one board per line, '#' comments, optional expected answer after '|'.\n\
    With no BOARD and no --file, boards are read from stdin, one per line."
)]
pub struct SolveArgs {
    /// Boards to solve (each one argument: quote it).
    pub boards: Vec<String>,
    /// Read boards from these files.
    #[arg(long = "file", short = 'f')]
    pub files: Vec<PathBuf>,
    /// The search algorithm.
    #[arg(long, value_enum, default_value_t = Algo::Astar)]
    pub algo: Algo,
    /// The heuristic (A* and IDA*).
    #[arg(long, value_enum, default_value_t = HeuristicName::Manhattan)]
    pub heuristic: HeuristicName,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Do not look for solutions longer than this many moves.
    #[arg(long)]
    pub max_depth: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Arguments of `searchlab gen eight`.
#[derive(clap::Args)]
pub struct GenArgs {
    /// How many boards.
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// Random seed (the same seed gives the same boards in every version).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Make each board by this many random moves from the goal (no immediate reversals) instead
    /// of drawing it uniformly among the 181,440 solvable boards.
    #[arg(long)]
    pub moves: Option<u32>,
}

/// The answer to one board.
pub struct Solved {
    /// The search result, `None` when the board is unsolvable (no search is run).
    pub result: Option<SearchResult<Move, u32>>,
}

/// Parses a board, naming the fault.
pub fn parse_board(text: &str) -> Result<Board<9>, String> {
    Board::<9>::parse(text).map_err(|e| e.to_string())
}

/// Solves `board` (solvability is decided by parity first: unsolvable boards cost no search).
pub fn solve_board(
    puzzle: &Eight,
    board: &Board<9>,
    algo: Algo,
    heuristic: HeuristicName,
    limits: &Limits,
) -> Solved {
    if !puzzle.is_solvable(board) {
        return Solved { result: None };
    }
    let h: &dyn Heuristic<Eight> = match heuristic {
        HeuristicName::Manhattan => &Manhattan,
        HeuristicName::Misplaced => &Misplaced,
    };
    let result = match algo {
        Algo::Astar => astar(puzzle, board, h, limits),
        Algo::Idastar => idastar(puzzle, board, h, limits),
        Algo::Iddfs => iddfs(puzzle, board, limits),
        Algo::Bfs => bfs(puzzle, board, limits),
    };
    Solved {
        result: Some(result),
    }
}

/// The short answer: the move string, `unsolvable`, or `stopped (reason)`.
pub fn answer(solved: &Solved) -> String {
    match &solved.result {
        None => "unsolvable".to_string(),
        Some(r) => match &r.outcome {
            Outcome::Solved { actions, .. } => moves_to_string(actions),
            Outcome::NoSolution => "unsolvable".to_string(),
            Outcome::Stopped(kind) => format!("stopped ({kind})"),
        },
    }
}

/// Checks an answer against the expected one of an instance file (`19` or `unsolvable`).
fn check_expected(solved: &Solved, expected: &str) -> Result<(), String> {
    let got = match &solved.result {
        None => "unsolvable".to_string(),
        Some(r) => match &r.outcome {
            Outcome::Solved { cost, .. } => cost.to_string(),
            Outcome::NoSolution => "unsolvable".to_string(),
            Outcome::Stopped(_) => return Ok(()), // a limit is not a wrong answer
        },
    };
    if got == expected {
        Ok(())
    } else {
        Err(format!("expected {expected}, got {got}"))
    }
}

/// `searchlab solve eight`.
pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let limits = args.limits.limits(args.max_depth)?;
    let instances = instances::gather(&args.boards, &args.files)?;
    if instances.is_empty() {
        return Err(BadInput("no boards given (arguments, --file or stdin)".into()).into());
    }
    let puzzle = Eight::standard();
    let heuristic_label = if args.algo.uses_heuristic() {
        format!("{:?}", args.heuristic).to_lowercase()
    } else {
        "none".to_string()
    };
    let algo_label = format!("{:?}", args.algo).to_lowercase();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut bad = BadLines::new(args.format);
    // Boards whose search a limit stopped: they get no answer (exit status 1).
    let mut stopped = 0;
    let mut mismatches = 0;
    let progress = Progress::new(instances.len());
    for Instance {
        source: label,
        text,
        expected,
    } in &instances
    {
        progress.start(label);
        let (source, line) = report::split_source(label);
        let board = match parse_board(text) {
            Ok(b) => b,
            Err(msg) => {
                let fault = BadLine {
                    source,
                    line,
                    input: Some(text),
                    error: &msg,
                };
                progress.emit(&mut out, |out| bad.report(out, &fault, &[]))?;
                progress.done();
                continue;
            }
        };
        let solved = solve_board(&puzzle, &board, args.algo, args.heuristic, &limits);
        if let Some(SearchResult {
            outcome: Outcome::Stopped(_),
            ..
        }) = &solved.result
        {
            stopped += 1;
        }
        let check = expected.as_deref().map(|e| check_expected(&solved, e));
        if let Some(Err(msg)) = &check {
            progress.suspend(|| {
                eprintln!(
                    "searchlab: {}: WRONG ANSWER for {board}: {msg}",
                    place(source, line)
                );
            });
            mismatches += 1;
        }
        let row = match args.format {
            Format::Text => text_report(
                &board,
                solved.result.as_ref(),
                &format!("{algo_label} / {heuristic_label}"),
            ),
            Format::Json => {
                let (status, moves, length, limit) = match &solved.result {
                    None => ("unsolvable", None, None, None),
                    Some(r) => match &r.outcome {
                        Outcome::Solved { actions, cost } => {
                            ("solved", Some(moves_to_string(actions)), Some(*cost), None)
                        }
                        Outcome::NoSolution => ("unsolvable", None, None, None),
                        Outcome::Stopped(kind) => ("stopped", None, None, Some(kind.to_string())),
                    },
                };
                let row = json!({
                    "source": source,
                    "line": line,
                    "input": text,
                    "board": board.to_string(),
                    "algorithm": algo_label,
                    "heuristic": heuristic_label,
                    "status": status,
                    "moves": moves,
                    "length": length,
                    "limit": limit,
                    "expected": expected,
                    "stats": solved.result.as_ref().map(|r| report::stats_json(&r.stats)),
                });
                row.to_string()
            }
        };
        progress.answer(&mut out, |out| writeln!(out, "{row}"))?;
        progress.done();
    }
    progress.finish();
    if mismatches > 0 {
        anyhow::bail!("{mismatches} answer(s) differ from the expected ones");
    }
    Ok(bad.status_with_stopped(stopped))
}

/// The text answer for one sliding-puzzle board (8- or 15-puzzle): the board, then the moves
/// (or why there are none), then `label: statistics`. `result` is `None` for a board that parity
/// proved unsolvable without search.
pub fn text_report<const N: usize>(
    board: &Board<N>,
    result: Option<&SearchResult<Move, u32>>,
    label: &str,
) -> String {
    let mut s = format!("{board}\n");
    match result {
        None => s.push_str("  unsolvable (wrong permutation parity: no search needed)"),
        Some(r) => {
            match &r.outcome {
                Outcome::Solved { actions, cost } => {
                    let _ = write!(s, "  {cost} moves: {}", moves_to_string(actions));
                    if actions.is_empty() {
                        s.push_str("(already solved)");
                    }
                }
                Outcome::NoSolution => s.push_str("  unsolvable"),
                Outcome::Stopped(kind) => {
                    let _ = write!(s, "  stopped by the {kind} before an answer");
                }
            }
            let _ = write!(s, "\n  {label}: {}", report::stats_text(&r.stats));
        }
    }
    s
}

/// `searchlab gen eight`: solvable boards, one per line.
pub fn generate(args: GenArgs) -> anyhow::Result<ExitCode> {
    let puzzle = Eight::standard();
    let mut rng = SplitMix64::new(args.seed);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for _ in 0..args.count {
        let board = match args.moves {
            None => random_board(&puzzle, &mut rng),
            Some(moves) => scrambled_board(&puzzle, &mut rng, moves),
        };
        writeln!(out, "{board}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `searchlab judge 1077`: boards of 9 tokens until the end of input; per board an optimal
/// move string (IDA* with Manhattan distance, moves tried u, d, l, r: the lexicographically
/// smallest optimal string) or `unsolvable`.
pub fn judge(input: &str, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let puzzle = Eight::standard();
    let tokens: Vec<&str> = input.split_whitespace().collect();
    let mut bad = 0;
    for (k, chunk) in tokens.chunks(9).enumerate() {
        let text = chunk.join(" ");
        if chunk.len() < 9 {
            eprintln!(
                "searchlab: board {}: input ends after {} of 9 tokens ('{text}')",
                k + 1,
                chunk.len()
            );
            bad += 1;
            continue;
        }
        match parse_board(&text) {
            Ok(board) => {
                let solved = solve_board(
                    &puzzle,
                    &board,
                    Algo::Idastar,
                    HeuristicName::Manhattan,
                    &Limits::none(),
                );
                writeln!(out, "{}", answer(&solved))?;
            }
            Err(msg) => {
                eprintln!("searchlab: board {} ('{text}'): {msg}", k + 1);
                bad += 1;
            }
        }
    }
    Ok(batch_status(bad))
}
