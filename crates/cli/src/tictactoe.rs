//! Tic-tac-toe: `searchlab solve tictactoe` (n x n, k in a row, any position, depth limits,
//! seed 002's goals, every root move's value) and `searchlab judge 1568`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use searchlab_core::{
    AlphaBeta, AlphaBetaConfig, GameOutcome, GameResult, Limits, RootMove, Value, minimax,
};
use searchlab_tictactoe::{
    Board, Geometry, Goal, Scoring, SeedEval, Side, Square, TicTacToe, WIN, first_winning_move,
    parse_input, poj1568_game, searcher,
};
use serde_json::{Value as Json, json};

use crate::error::{BadInput, BadLine, BadLines, batch_status};
use crate::limits::LimitArgs;
use crate::report::{
    Format, Progress, instance_label, json_line, read_input, source_name, stats_json, stats_text,
};

const BOARD_HELP: &str = "\
BOARD: the rows from top to bottom, separated by '/', each row n characters from
'.' (empty), 'x', 'o'; x moves first, so who is to move follows from the counts:

    searchlab solve tictactoe x.o/.x./...          (o to move)
    searchlab solve tictactoe --size 4             (the empty 4 x 4 board)
    searchlab solve tictactoe ..../.xo./.ox./....  (POJ 1568's first sample)

Squares are printed (row,col), 0-based, as POJ 1568 does. Without --goal the value is the
plain result for x: 100 = x wins, -100 = o wins, 0 = draw; with --depth the search stops at
that many plies and scores unfinished positions with seed 001's evaluation (+-50 for k-1 in
a line with the rest empty, the number of lines through a lone first stone, else 1).

--goal win|lose|draw asks whether --side (default: the side to move) can FORCE that result
whatever the other side does (seed 002): each goal scores finished games its own way, so
\"o can force a loss\" is not \"x can force a win\".

--file reads one board per line (blank lines and lines starting with '#' skipped; '-' reads
standard input).";

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Algo {
    /// Plain minimax: every move of every position (the oracle; slow from the empty 4 x 4).
    Minimax,
    /// Alpha-beta with a transposition table keyed by the board's symmetry class.
    Alphabeta,
}

/// A goal of seed 002.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GoalArg {
    /// Can the side force a win?
    Win,
    /// Can the side force a loss?
    Lose,
    /// Can the side force a draw?
    Draw,
}

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SideArg {
    /// x, who moves first.
    X,
    /// o.
    O,
}

/// Arguments of `searchlab solve tictactoe`.
#[derive(clap::Args)]
#[command(after_long_help = BOARD_HELP)]
pub struct SolveArgs {
    /// The position, rows separated by '/' like `x.o/.x./...` (default: the empty board).
    #[arg(value_name = "BOARD", conflicts_with = "file")]
    board: Option<String>,
    /// Solve every board of a file, one per line (`-`: standard input).
    #[arg(long, short, value_name = "F")]
    file: Option<PathBuf>,
    /// Board side n (default: from BOARD, else 3).
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Stones in a row needed to win (default: the board side).
    #[arg(long, value_name = "K")]
    k: Option<usize>,
    /// The search algorithm.
    #[arg(long, value_enum, default_value_t = Algo::Alphabeta)]
    algo: Algo,
    /// Depth limit in plies (default: to the end of the game).
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
    /// Iterative deepening (alphabeta): depths 1, 2, ... up to --depth or the end.
    #[arg(long)]
    iterative: bool,
    /// Alpha-beta without a transposition table.
    #[arg(long)]
    no_table: bool,
    /// Ask whether --side can force this result.
    #[arg(long, value_enum)]
    goal: Option<GoalArg>,
    /// The side whose goal it is (default: the side to move; it must be the side to move).
    #[arg(long, value_enum, requires = "goal")]
    side: Option<SideArg>,
    /// Print the value of every move, in row-major order.
    #[arg(long)]
    all_moves: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    limits: LimitArgs,
}

/// A board with everything needed to search it.
struct Job {
    game: TicTacToe,
    board: Board,
    /// The side whose goal it is (goal mode only).
    side: Option<Side>,
}

/// What one search found.
struct Report {
    result: GameResult<Square>,
    /// Values of every move, when asked.
    moves: Vec<RootMove<Square>>,
}

fn side_of(s: SideArg) -> Side {
    match s {
        SideArg::X => Side::X,
        SideArg::O => Side::O,
    }
}

fn goal_of(g: GoalArg) -> Goal {
    match g {
        GoalArg::Win => Goal::Win,
        GoalArg::Lose => Goal::Lose,
        GoalArg::Draw => Goal::Draw,
    }
}

fn goal_name(g: Goal) -> &'static str {
    match g {
        Goal::Win => "win",
        Goal::Lose => "lose",
        Goal::Draw => "draw",
    }
}

/// Checks and prepares one board's text.
fn job(args: &SolveArgs, text: &str) -> Result<Job, String> {
    let rows = text
        .split(|c: char| c == '/' || c == '|' || c == ',' || c.is_whitespace())
        .filter(|r| !r.is_empty())
        .count();
    let n = match args.size {
        Some(n) => n,
        None if rows > 0 => rows,
        None => 3,
    };
    let geometry = Geometry::new(n, args.k.unwrap_or(n)).map_err(|e| match e {
        searchlab_tictactoe::BoardError::Size(_) => format!(
            "--size {n} --k {}: need 1 <= k <= n <= 8",
            args.k.unwrap_or(n)
        ),
        other => other.to_string(),
    })?;
    let board = if text.trim().is_empty() {
        Board::EMPTY
    } else {
        geometry.parse(text).map_err(|e| e.to_string())?
    };
    if geometry.is_over(&board) {
        let why = match geometry.winner(&board) {
            Some(s) => format!("{s} has a line"),
            None => "the board is full".into(),
        };
        return Err(format!("the game is over ({why}): nothing to search"));
    }
    let to_move = board.to_move();
    let (game, side) = match args.goal {
        None => (TicTacToe::new(geometry), None),
        Some(goal) => {
            let side = args.side.map_or(to_move, side_of);
            if side != to_move {
                return Err(format!(
                    "--side {side}: it is {to_move}'s turn on this board (the goal is asked for the side to move)"
                ));
            }
            let game = TicTacToe::new(geometry)
                .with_max(side)
                .with_scoring(Scoring::Goal(goal_of(goal)));
            (game, Some(side))
        }
    };
    Ok(Job { game, board, side })
}

fn limits_of(args: &SolveArgs) -> Result<Limits, BadInput> {
    args.limits.limits(args.depth.map(u64::from))
}

fn run(args: &SolveArgs, job: &Job, limits: &Limits) -> Report {
    match args.algo {
        Algo::Minimax => {
            let result = minimax(&job.game, &job.board, &SeedEval, limits);
            let mut moves = match (&result.outcome, args.all_moves) {
                (GameOutcome::Solved(s), true) => s.root_moves.clone(),
                _ => Vec::new(),
            };
            moves.sort_by_key(|m| (m.mv.row, m.mv.col));
            Report { result, moves }
        }
        Algo::Alphabeta => {
            let config = AlphaBetaConfig::new()
                .with_limits(limits.clone())
                .with_table(!args.no_table)
                .with_iterative(args.iterative)
                .with_value_range(-WIN, WIN);
            let mut search = AlphaBeta::new(config);
            let result = search.search(&job.game, &job.board, &SeedEval);
            let mut moves = Vec::new();
            let mut result = result;
            if args.all_moves && matches!(result.outcome, GameOutcome::Solved(_)) {
                // Every move in row-major order, whatever order the search used.
                let analysis = search.analyse_root(&job.game, &job.board, &SeedEval, None);
                match analysis.outcome {
                    GameOutcome::Solved(s) => {
                        moves = s.root_moves;
                        moves.sort_by_key(|m| (m.mv.row, m.mv.col));
                        result.stats += &analysis.stats;
                    }
                    stopped @ GameOutcome::Stopped { .. } => {
                        result.outcome = stopped;
                        result.stats += &analysis.stats;
                    }
                }
            }
            Report { result, moves }
        }
    }
}

/// What a value means, in words.
fn meaning(job: &Job, value: Value, complete: bool) -> String {
    match job.game.scoring() {
        Scoring::Result => {
            let max = job.game.max_side();
            if !complete {
                format!("estimate for {max} (depth-limited)")
            } else if value >= WIN {
                format!("{max} wins")
            } else if value <= -WIN {
                format!("{} wins", max.other())
            } else {
                "draw".into()
            }
        }
        Scoring::Goal(goal) => {
            let side = job.side.unwrap_or(job.game.max_side());
            if value >= WIN {
                format!("yes: {side} can force a {}", goal_word(goal))
            } else if complete {
                format!("no: {side} cannot force a {}", goal_word(goal))
            } else {
                format!(
                    "not proved within the depth limit: {side} forcing a {}",
                    goal_word(goal)
                )
            }
        }
    }
}

fn goal_word(g: Goal) -> &'static str {
    match g {
        Goal::Win => "win",
        Goal::Lose => "loss",
        Goal::Draw => "draw",
    }
}

fn algo_line(args: &SolveArgs) -> String {
    match args.algo {
        Algo::Minimax => "minimax".into(),
        Algo::Alphabeta => {
            let mut s = String::from("alphabeta");
            s += if args.no_table {
                " (no table)"
            } else {
                " + table"
            };
            if args.iterative {
                s += ", iterative deepening";
            }
            s
        }
    }
}

fn squares(moves: &[Square]) -> Vec<String> {
    moves.iter().map(Square::to_string).collect()
}

fn header(job: &Job) -> String {
    let g = job.game.geometry();
    format!(
        "board {} ({n}x{n}, {k} in a row), {} to move",
        g.format(&job.board),
        job.board.to_move(),
        n = g.n(),
        k = g.k()
    )
}

fn report_text(args: &SolveArgs, label: &str, job: &Job, report: &Report) -> String {
    let mut out = format!("{label}{}\n", header(job));
    if let Scoring::Goal(goal) = job.game.scoring() {
        out += &format!(
            "goal: can {} force a {}?\n",
            job.side.unwrap_or(job.game.max_side()),
            goal_word(goal)
        );
    }
    match &report.result.outcome {
        GameOutcome::Solved(s) => {
            out += &format!(
                "value {} for {}: {}\n",
                s.value,
                job.game.max_side(),
                meaning(job, s.value, s.complete)
            );
            if let Some(best) = s.best {
                out += &format!("best move for {}: {best}\n", job.board.to_move());
                out += &format!("principal variation: {}\n", squares(&s.pv).join(" "));
            }
        }
        GameOutcome::Stopped { limit, deepest } => {
            out += &format!("not solved: stopped by the {limit}");
            if let Some(d) = deepest {
                out += &format!(
                    "; deepest finished depth {}: value {}, best {}",
                    d.depth.unwrap_or(0),
                    d.value,
                    d.best.map(|m| m.to_string()).unwrap_or_default()
                );
            }
            out.push('\n');
        }
    }
    if !report.moves.is_empty() {
        let list: Vec<String> = report
            .moves
            .iter()
            .map(|m| format!("{} {}", m.mv, m.value))
            .collect();
        out += &format!("moves: {}\n", list.join(", "));
    }
    out += &format!(
        "{}: {}\n",
        algo_line(args),
        stats_text(&report.result.stats)
    );
    out
}

/// One board's JSON row: where it came from, then the answer (`moves` is not used: it means
/// a solution's moves for the puzzles; every root move's value is `move_values`, as for
/// Triangle War).
fn report_json(
    args: &SolveArgs,
    (source, line, input): (&str, Option<usize>, &str),
    job: &Job,
    report: &Report,
) -> Json {
    let g = job.game.geometry();
    let mut j = json!({
        "source": source,
        "line": line,
        "input": input,
        "board": g.format(&job.board),
        "size": g.n(),
        "k": g.k(),
        "to_move": job.board.to_move().to_string(),
        "max": job.game.max_side().to_string(),
        "algorithm": match args.algo { Algo::Minimax => "minimax", Algo::Alphabeta => "alphabeta" },
        "table": args.algo == Algo::Alphabeta && !args.no_table,
        "iterative": args.iterative,
        "depth": args.depth,
    });
    if let Scoring::Goal(goal) = job.game.scoring() {
        j["goal"] = json!(goal_name(goal));
        j["side"] = json!(job.side.map(|s| s.to_string()));
    }
    match &report.result.outcome {
        GameOutcome::Solved(s) => {
            j["status"] = json!("solved");
            j["value"] = json!(s.value);
            j["exact"] = json!(s.complete);
            j["meaning"] = json!(meaning(job, s.value, s.complete));
            if let Scoring::Goal(_) = job.game.scoring() {
                j["forced"] = if s.value >= WIN {
                    json!(true)
                } else if s.complete {
                    json!(false)
                } else {
                    Json::Null
                };
            }
            j["best"] = json!(s.best.map(|m| m.to_string()));
            j["pv"] = json!(squares(&s.pv));
        }
        GameOutcome::Stopped { limit, deepest } => {
            j["status"] = json!("stopped");
            j["limit"] = json!(limit.to_string());
            if let Some(d) = deepest {
                j["deepest"] = json!({
                    "depth": d.depth,
                    "value": d.value,
                    "best": d.best.map(|m| m.to_string()),
                });
            }
        }
    }
    if args.all_moves {
        j["move_values"] = json!(
            report
                .moves
                .iter()
                .map(|m| json!({ "move": m.mv.to_string(), "value": m.value }))
                .collect::<Vec<_>>()
        );
    }
    j["stats"] = stats_json(&report.result.stats);
    j
}

/// `searchlab solve tictactoe`: the BOARD argument is a batch of one, without a line number.
pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let limits = limits_of(&args)?;
    let (source, text) = match &args.file {
        None => ("BOARD".to_owned(), args.board.clone().unwrap_or_default()),
        Some(path) => (source_name(path), read_input(path)?),
    };
    let boards: Vec<(Option<usize>, &str)> = match &args.file {
        None => vec![(None, text.as_str())],
        Some(_) => text
            .lines()
            .enumerate()
            .map(|(i, line)| (Some(i + 1), line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
            .collect(),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut bad = BadLines::new(args.format);
    // Boards whose search a limit stopped: they get no answer (exit status 1).
    let mut stopped = 0;
    let progress = Progress::new(boards.len());
    for &(line, input) in &boards {
        progress.start(&instance_label(&source, line));
        let job = match job(&args, input) {
            Ok(job) => job,
            Err(e) => {
                let fault = BadLine {
                    source: &source,
                    line,
                    input: Some(input),
                    error: &e,
                };
                progress.emit(&mut out, |out| bad.report(out, &fault, &[]))?;
                progress.done();
                continue;
            }
        };
        let report = run(&args, &job, &limits);
        if matches!(report.result.outcome, GameOutcome::Stopped { .. }) {
            stopped += 1;
        }
        progress.answer(&mut out, |out| match (args.format, line) {
            (Format::Text, None) => out.write_all(report_text(&args, "", &job, &report).as_bytes()),
            (Format::Text, Some(number)) => {
                let label = format!("line {number}: ");
                writeln!(out, "{}", report_text(&args, &label, &job, &report))
            }
            (Format::Json, _) => {
                let row = report_json(&args, (&source, line, input), &job, &report);
                json_line(out, &row)
            }
        })?;
        progress.done();
    }
    progress.finish();
    out.flush()?;
    Ok(bad.status_with_stopped(stopped))
}

/// `searchlab judge 1568`: per case, the first square (row-major) from which x forces a win,
/// or `#####`. Bad cases are reported on standard error with their line, the others answered.
pub fn judge(input: &str, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let game = poj1568_game();
    // One table for all cases: entries are exact facts about positions, valid in every case.
    let mut search = searcher(Limits::none());
    let mut bad = 0;
    for case in parse_input(input) {
        match case {
            Ok(board) => match first_winning_move(&mut search, &game, &board) {
                Ok(Some(sq)) => writeln!(out, "{sq}")?,
                Ok(None) => writeln!(out, "#####")?,
                Err(limit) => anyhow::bail!("stopped by the {limit} without a limit set"),
            },
            Err(e) => {
                bad += 1;
                out.flush()?;
                eprintln!("searchlab: judge 1568: {e}");
            }
        }
    }
    Ok(batch_status(bad))
}
