//! Connect Four described for every driver ([`Connect4Game`]): a position as the columns
//! played, its score in Pons' convention and in words, the best columns, every column's score
//! with `--all-moves`, win/draw/loss only with `--weak`; files in Pons' test-set format
//! (`POSITION SCORE`) are instance files whose score is the expected answer.
//!
//! `alphabeta` is the crate's [`Solver`] (null-window tests of the core's alpha-beta driven by
//! [`searchlab_toolkit::mtdf()`], with a fixed-size table); `minimax` is the core's plain minimax,
//! which visits every move of every position: it is refused on positions with more than
//! [`MINIMAX_MAX_EMPTY`] empty cells. `pvs`, `mtdf` and `alphabeta:aspiration=W` run as the
//! core's catalogue has them, on each column's child; `mcts` chooses a column and proves no
//! value.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use searchlab_core::LimitKind;
use searchlab_core::observe::{Trace, TraceEvent, Tracer};
use searchlab_toolkit::show::{Frame, TERMINAL_WIDTH, side_by_side};
use searchlab_toolkit::{
    Algorithm, Answer, Description, Field, GameAlgorithm, GameOutcome, GameSolver, Kind, Limits,
    Note, OptionSpec, Options, Parsed, SplitMix64, Stats, Status, Steps, Value, describe::stopped,
};

use crate::{
    Analysis, Board, Book, Connect4, DEFAULT_TABLE_BYTES, ParallelSolver, PlayGame, Position,
    Rules, SolveError, SolveOptions, Solver, Threats, describe_score, parse_test_line,
};

/// The most empty cells `minimax` accepts: it visits every non-losing move of every position
/// (with `threats`; every move with `plain`), which grows like 7^empty.
pub const MINIMAX_MAX_EMPTY: u32 = 14;

/// Connect Four on the standard 7 x 6 board, as `searchlab solve connect4`.
#[derive(Debug)]
pub struct Connect4Game {
    board: Board,
    all_moves: bool,
    weak: bool,
    table_bytes: usize,
    /// The opening book given with `--book`.
    book: Option<Arc<Book>>,
    /// The most empty cells of any instance parsed (for the minimax guard in `prepare`).
    most_empty: AtomicU32,
    /// The solver of the rules in use, built once (its table is the big allocation).
    solver: Mutex<Option<(Rules, Solver)>>,
    /// `--threads`: more than one splits alphabeta's work at the root ([`ParallelSolver`]).
    threads: usize,
    /// The parallel solver of the rules in use, built once, with `threads > 1`.
    parallel: Mutex<Option<(Rules, ParallelSolver)>>,
}

/// The most threads `--threads` gives the solver (they share one table).
const MAX_THREADS: usize = 1024;

/// The most plies of a principal variation `--show` draws (a whole game is 42 boards).
const SHOWN_PLIES: u32 = 16;

/// One position to solve.
#[derive(Clone, Debug)]
pub struct Job {
    /// The moves as written (columns from 1).
    pub moves: String,
    /// The position.
    pub position: Position,
}

/// The rules a move-order name selects.
fn rules_of(heuristic: &str) -> Rules {
    if heuristic == "plain" {
        Rules::Plain
    } else {
        Rules::Shortcuts
    }
}

/// A score and its columns, however found.
struct Found {
    score: Value,
    best: Vec<u32>,
    columns: Vec<Option<Value>>,
    stats: Stats,
}

/// A solver's analysis as this description reports it (a stopped solve keeps the work it
/// did).
#[allow(
    clippy::result_large_err,
    reason = "one call per position; the statistics go back with the error"
)]
fn found(analysis: Result<Analysis, (SolveError, Stats)>) -> Result<Found, (SolveError, Stats)> {
    analysis.map(|a| Found {
        score: a.score,
        best: a.best,
        columns: a.columns,
        stats: a.stats,
    })
}

impl Connect4Game {
    /// The options of one position's solve, sequential or split: `--all-moves`, `--weak`
    /// and the run's limits.
    fn solve_options(&self, limits: &Limits) -> SolveOptions {
        SolveOptions {
            all_moves: self.all_moves,
            weak: self.weak,
            limits: limits.clone(),
        }
    }

    /// Empty cells of `pos`.
    fn empty(&self, pos: &Position) -> u32 {
        self.board.cells() - pos.stones()
    }

    /// Why the alpha-beta table of `--table-mb` does not fit the memory limit, if it does not:
    /// its size is what [`Solver::new`] allocates ([`Solver::table_size`]: the largest power
    /// of two of slots within the request).
    ///
    /// A table above the machine's physical memory is refused whatever the limit (issue 32:
    /// an explicit `--max-memory` above the RAM let the allocation abort).
    ///
    /// With `--threads N` the tables of all threads count ([`ParallelSolver::tables`]).
    fn table_over(&self, limits: &Limits) -> Option<String> {
        table_over(&self.board, self.table_bytes, self.threads, limits)
    }

    /// The crate's solver (alpha-beta with mtd(f) narrowing and a fixed table).
    #[allow(
        clippy::result_large_err,
        reason = "one call per position; the statistics go back with the error, boxing them buys nothing"
    )]
    fn solve_alphabeta(
        &self,
        job: &Job,
        rules: Rules,
        limits: &Limits,
    ) -> Result<Found, (SolveError, Stats)> {
        if self.threads > 1 {
            return self.solve_parallel(job, rules, limits);
        }
        let mut guard = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        if guard.as_ref().is_none_or(|(r, _)| *r != rules) {
            let game = Connect4::new(self.board.clone(), rules);
            let mut solver = Solver::new(game, self.table_bytes);
            if let Some(book) = &self.book {
                solver = solver.with_book(Arc::clone(book));
            }
            *guard = Some((rules, solver));
        }
        let (_, solver) = guard.as_mut().expect("just built");
        // Each position's statistics are its own, whatever came before (O(1)).
        solver.reset();
        found(solver.solve(&job.position, &self.solve_options(limits)))
    }

    /// [`Connect4Game::solve_alphabeta`] on `--threads` threads, split at the root.
    #[allow(
        clippy::result_large_err,
        reason = "one call per position; the statistics go back with the error, boxing them buys nothing"
    )]
    fn solve_parallel(
        &self,
        job: &Job,
        rules: Rules,
        limits: &Limits,
    ) -> Result<Found, (SolveError, Stats)> {
        let mut guard = self.parallel.lock().unwrap_or_else(|e| e.into_inner());
        if guard.as_ref().is_none_or(|(r, _)| *r != rules) {
            let game = Connect4::new(self.board.clone(), rules);
            let mut solver = ParallelSolver::new(game, self.table_bytes, self.threads);
            if let Some(book) = &self.book {
                solver = solver.with_book(Arc::clone(book));
            }
            *guard = Some((rules, solver));
        }
        let (_, solver) = guard.as_mut().expect("just built");
        solver.reset();
        found(solver.solve(&job.position, &self.solve_options(limits)))
    }

    /// A catalogue game search of the core (minimax, pvs, mtdf, alpha-beta with aspiration),
    /// run on each column's child so that every playable column is valued whatever the rules
    /// prune at the root; the score is the best of them.
    #[allow(
        clippy::result_large_err,
        reason = "one call per position; the statistics go back with the error, boxing them buys nothing"
    )]
    fn solve_each_column(
        &self,
        job: &Job,
        rules: Rules,
        algo: GameSolver,
        limits: &Limits,
    ) -> Result<Found, (SolveError, Stats)> {
        let start = std::time::Instant::now();
        let game = Connect4::new(self.board.clone(), rules);
        let eval = |_: &Position| -> Value { 0 };
        let clamp = |v: Value| if self.weak { v.signum() } else { v };
        let pos = &job.position;
        let mut stats = Stats::default();
        let mut columns: Vec<Option<Value>> = Vec::new();
        for col in 0..self.board.width() as u8 {
            if !self.board.can_play(pos, col) {
                columns.push(None);
                continue;
            }
            let child = self.board.play(pos, col);
            // The limits left for this child: the node and time limits cover the whole call.
            let left = limits.left_after(start, &stats);
            let config = searchlab_toolkit::AlphaBetaConfig::new().with_limits(left);
            let result = algo.run(&game, &child, &eval, &config);
            stats += &result.stats;
            match result.outcome {
                // The child's mover is the opponent: its score, negated, is the column's.
                GameOutcome::Solved(s) => {
                    columns.push(Some(clamp(-game.to_value(&child, s.value))))
                }
                GameOutcome::Stopped { limit, .. } => {
                    stats.elapsed = start.elapsed();
                    return Err((SolveError::Stopped(limit), stats));
                }
            }
        }
        stats.elapsed = start.elapsed();
        let score = columns
            .iter()
            .flatten()
            .copied()
            .max()
            .expect("a position that is not over has a playable column");
        let best = columns
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Some(score))
            .map(|(i, _)| i as u32 + 1)
            .collect();
        if !self.all_moves {
            columns.clear();
        }
        Ok(Found {
            score,
            best,
            columns,
            stats,
        })
    }

    /// One line of a file: `POSITION`, `POSITION | SCORE` or Pons' `POSITION SCORE`.
    fn parse_line(&self, line: usize, text: &str) -> Parsed<Job> {
        let (body, bar) = match text.split_once('|') {
            Some((b, e)) => (b.trim(), Some(e.trim().to_owned())),
            None => (text, None),
        };
        let fields: Vec<&str> = body.split_whitespace().collect();
        let (input, expected, instance) = match (bar, fields.len()) {
            (None, 2) => {
                let game = Connect4::new(self.board.clone(), Rules::Shortcuts);
                match parse_test_line(&game, body) {
                    Ok(case) => {
                        let job = self.job(&case.moves);
                        (case.moves, Some(case.score.to_string()), job)
                    }
                    Err(e) => (body.to_owned(), None, Err(e.to_string())),
                }
            }
            (bar, _) => (body.to_owned(), bar, self.parse(body)),
        };
        Parsed {
            line,
            input: Some(input),
            name: None,
            expected,
            instance,
        }
    }

    /// The job of a move string (`empty`: the empty board), recording its empty cells.
    fn job(&self, moves: &str) -> Result<Job, String> {
        let moves = if moves.eq_ignore_ascii_case("empty") {
            ""
        } else {
            moves
        };
        let position = self.board.parse(moves).map_err(|e| e.to_string())?;
        if self.board.last_move_won(&position) {
            return Err(
                "the game is over (the last move made four in a row): nothing to search".into(),
            );
        }
        if position.stones() == self.board.cells() {
            return Err("the board is full: nothing to search".into());
        }
        self.most_empty
            .fetch_max(self.empty(&position), Ordering::Relaxed);
        Ok(Job {
            moves: moves.to_owned(),
            position,
        })
    }
}

impl Description for Connect4Game {
    type Instance = Job;
    const NAME: &'static str = "connect4";
    const SUMMARY: &'static str =
        "Connect Four, 7 x 6: exact scores of Pons' test sets (puzzles/connect4)";
    const INPUT: &'static str = "\
INSTANCE: the columns played from the empty board, one digit 1..7 each (left to right), as
in Pascal Pons' test sets; `empty` is the empty board (minutes of search). x moves first.

    searchlab solve connect4 2252576253462244111563365343671351441
    searchlab solve connect4 --file puzzles/connect4/Test_L3_R1 --weak

A file may be in Pons' format, `POSITION SCORE` per line: the score is the line's expected
answer, as after '|' (`POSITION | SCORE`). The score is for the player to move: 0 a draw; a
win whose winning stone is dropped onto n stones scores (43 - n) / 2 (rounded down: the
sooner, the higher), a loss minus the opponent's. It is printed with its meaning in words
(who wins with which stone), the best columns, and with --all-moves every column's score.
--weak: only win (1), draw (0) or loss (-1); an expected score is then compared by its sign.
alphabeta: null-window alpha-beta tests (mtd(f)-style bisection) with a fixed table of
--table-mb MiB, emptied between positions. minimax: plain minimax, refused above 14 empty
cells (it visits every move of every position). Move orders: `threats` (centre first, then
the moves making the most threats; immediate wins and forced losses known without search)
and `plain` (the rules only, centre first: the oracle the shortcuts are checked against).";
    const KIND: Kind = Kind::Game;

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::flag(
                "all-moves",
                "also the score of every column (a full column: `-`)",
            ),
            OptionSpec::flag("weak", "only win (1), draw (0) or loss (-1): faster"),
            OptionSpec::value(
                "table-mb",
                "MB",
                Some("8"),
                "alphabeta's transposition table, in MiB (a power of two is used fully)",
            ),
            OptionSpec::value(
                "book",
                "FILE",
                None,
                "an opening book (searchlab_connect4::Book): alphabeta answers its positions without search",
            ),
            OptionSpec::value(
                "threads",
                "N",
                Some("1"),
                "alphabeta on N threads, split at the root, sharing one table of --table-mb (0: one per core); the same scores, node counts vary",
            ),
        ];
        OPTIONS
    }
    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "threats",
                "centre first, then most threats made; immediate wins and forced losses decided without search",
            ),
            (
                "plain",
                "the rules only: every playable column, centre first (the oracle)",
            ),
        ]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Game(GameAlgorithm::Alphabeta(None))
    }
    fn new(options: &Options) -> Result<Self, String> {
        let table_bytes = table_bytes(options)?;
        let threads = match options.parse::<usize>("threads")?.unwrap_or(1) {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n if n > MAX_THREADS => {
                return Err(format!(
                    "--threads {n}: at most {MAX_THREADS} (0: one per core)"
                ));
            }
            n => n,
        };
        let board = Board::standard();
        let book = match options.get("book") {
            None => None,
            Some(path) => {
                let text =
                    std::fs::read_to_string(path).map_err(|e| format!("--book {path}: {e}"))?;
                let book =
                    Book::from_text(&board, &text).map_err(|e| format!("--book {path}: {e}"))?;
                Some(Arc::new(book))
            }
        };
        Ok(Self {
            board,
            book,
            all_moves: options.flag("all-moves"),
            weak: options.flag("weak"),
            table_bytes,
            most_empty: AtomicU32::new(0),
            solver: Mutex::new(None),
            threads,
            parallel: Mutex::new(None),
        })
    }
    fn parse(&self, text: &str) -> Result<Job, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        match fields[..] {
            [] => Err("empty position: write the columns played, like 4453, or `empty`".into()),
            [moves] => self.job(moves),
            [_, score] if score.parse::<Value>().is_ok() => Err(format!(
                "`POSITION SCORE` is the test-file format (read from a file): as an argument write `POSITION | {score}`"
            )),
            _ => Err(format!(
                "expected one position (the columns played, like 4453), found {} fields",
                fields.len()
            )),
        }
    }
    fn parse_file(&self, _: Option<&Path>, text: &str) -> Option<Vec<Parsed<Job>>> {
        let parsed = text
            .lines()
            .enumerate()
            .filter_map(|(i, raw)| {
                let t = raw.trim();
                (!t.is_empty() && !t.starts_with('#')).then(|| self.parse_line(i + 1, t))
            })
            .collect();
        Some(parsed)
    }
    fn prepare(
        &mut self,
        algorithm: Algorithm,
        _heuristic: &str,
        _note: &mut dyn FnMut(Note),
    ) -> Result<(), String> {
        let most = self.most_empty.load(Ordering::Relaxed);
        if algorithm == Algorithm::Game(GameAlgorithm::Minimax) && most > MINIMAX_MAX_EMPTY {
            return Err(format!(
                "minimax visits every move of every position: on Connect Four it takes positions \
                 with at most {MINIMAX_MAX_EMPTY} empty cells, and one here has {most} \
                 (use alphabeta, the default)"
            ));
        }
        Ok(())
    }
    fn show(&self, job: &Job) -> String {
        let pos = &job.position;
        let mover = if pos.stones().is_multiple_of(2) {
            'x'
        } else {
            'o'
        };
        let moves = if job.moves.is_empty() {
            "empty"
        } else {
            &job.moves
        };
        format!(
            "position {moves} ({} stones, {mover} to move)\n{}",
            pos.stones(),
            self.board.render(pos).trim_end()
        )
    }
    fn solve(&self, job: &Job, algorithm: Algorithm, heuristic: &str, limits: &Limits) -> Answer {
        let Algorithm::Game(algo) = algorithm else {
            unreachable!("a game lists only game algorithms")
        };
        let shown;
        let limits = match &limits.trace {
            Some(trace) => {
                let rows = ShownPositions {
                    inner: trace.clone(),
                    board: self.board.clone(),
                };
                shown = limits.clone().with_trace(Trace::new(rows));
                &shown
            }
            None => limits,
        };
        let rules = rules_of(heuristic);
        let solver = match algo.solver() {
            Ok(solver) => solver,
            Err(params) => {
                // MCTS chooses a column and proves no value: its own answer, over the plain
                // rules (every legal column), columns numbered from 1.
                let game = Connect4::new(self.board.clone(), Rules::Plain);
                let eval = |_: &Position| -> Value { 0 };
                return searchlab_toolkit::describe::mcts_answer(
                    &game,
                    &job.position,
                    &eval,
                    &params,
                    limits,
                    |c| (c + 1).to_string(),
                );
            }
        };
        let found = match solver {
            // The crate's solver: the core's alpha-beta, a fixed table and null-window
            // bisection. The other solvers (MTD(f) included) run as the catalogue has them,
            // column by column.
            GameSolver::Alphabeta(None) => {
                // The table is allocated whole before the search: it counts against the
                // memory limit, checked before it is allocated (issue 32: `--table-mb 100000`
                // aborted; `--max-memory 100M` did not bound a 4 GiB table).
                if let Some(line) = self.table_over(limits) {
                    let mut a = stopped(LimitKind::Memory, Stats::default());
                    a.lines.push(line);
                    return a;
                }
                self.solve_alphabeta(job, rules, limits)
            }
            other => self.solve_each_column(job, rules, other, limits),
        };
        let f = match found {
            Ok(f) => f,
            Err((SolveError::Stopped(kind), stats)) => return stopped(kind, stats),
        };
        let pos = &job.position;
        // A depth limit short of the game's end scores the positions it cuts as draws (the
        // solver has no evaluator): the value is then an estimate, never a score to compare
        // (issue 32: `--max-depth 0` printed a wrong "score 0: draw" as exact).
        let complete = limits
            .max_cost
            .is_none_or(|depth| depth >= u64::from(self.empty(pos)));
        let meaning = if complete {
            describe_score(&self.board, pos, f.score, self.weak)
        } else {
            format!(
                "estimate (depth-limited to {} plies; positions cut there count as draws)",
                limits.max_cost.unwrap_or(0)
            )
        };
        let mut a = Answer::new(Status::Solved, f.stats);
        let what = match (complete, self.weak) {
            (false, _) => "estimated score",
            (true, true) => "weak score",
            (true, false) => "score",
        };
        a.lines.push(format!("{what} {}: {meaning}", f.score));
        let best: Vec<String> = f.best.iter().map(u32::to_string).collect();
        a.lines.push(format!(
            "best column{}: {}",
            if best.len() == 1 { "" } else { "s" },
            best.join(" ")
        ));
        if self.all_moves {
            let cols: Vec<String> = f
                .columns
                .iter()
                .enumerate()
                .map(|(i, c)| match c {
                    Some(v) => format!("{} {v}", i + 1),
                    None => format!("{} -", i + 1),
                })
                .collect();
            a.lines.push(format!("columns: {}", cols.join(", ")));
        }
        a.moves = Some(best.join(" "));
        a.length = Some(f.score.to_string());
        a.key = a.length.clone().filter(|_| complete);
        a.fields.push(("score", f.score.into()));
        a.fields.push(("exact", (complete && !self.weak).into()));
        a.fields.push(("weak", self.weak.into()));
        a.fields.push(("meaning", meaning.into()));
        a.fields.push(("best", f.best.clone().into()));
        a.fields.push(("stones", pos.stones().into()));
        if self.all_moves {
            a.fields.push((
                "columns",
                Field::List(f.columns.iter().map(|c| (*c).into()).collect()),
            ));
        }
        a
    }
    fn matches(&self, answer: &Answer, expected: &str) -> bool {
        let Some(key) = answer.key.as_deref() else {
            return true;
        };
        if !self.weak {
            return key == expected;
        }
        // A weak score says only who wins: compare the expected score's sign.
        match (key.parse::<Value>(), expected.parse::<Value>()) {
            (Ok(k), Ok(e)) => k == e.signum(),
            _ => key == expected,
        }
    }
    /// `--show`: the principal variation as boards, at most 16 plies: each move
    /// the leftmost best column of the position, found by solving it again with the solver
    /// (its table, warm from the answer, makes these solves cheap).
    fn show_solution(&self, job: &Job, answer: &Answer) -> Option<String> {
        if answer.status != Status::Solved {
            return None;
        }
        let rules = self
            .solver
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map_or(Rules::Shortcuts, |(r, _)| *r);
        let mut job = job.clone();
        let mut frames = vec![Frame::new("start", self.board.render(&job.position))];
        for ply in 1..=SHOWN_PLIES {
            let pos = job.position;
            if self.board.last_move_won(&pos) || pos.stones() == self.board.cells() {
                break;
            }
            let found = self.solve_alphabeta(&job, rules, &Limits::none()).ok()?;
            let column = *found.best.first()?;
            let side = if pos.stones().is_multiple_of(2) {
                'x'
            } else {
                'o'
            };
            job.position = self.board.play(&pos, u8::try_from(column - 1).ok()?);
            frames.push(Frame::new(
                format!("{ply}: {side} {column}"),
                self.board.render(&job.position),
            ));
        }
        let mut text = side_by_side(&frames, TERMINAL_WIDTH);
        let last = job.position;
        if frames.len() > SHOWN_PLIES as usize
            && !self.board.last_move_won(&last)
            && last.stones() < self.board.cells()
        {
            text += &format!("(the variation goes on; shown: its first {SHOWN_PLIES} plies)\n");
        }
        Some(text)
    }
    fn gen_options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value(
                "stones",
                "A-B",
                Some("28-36"),
                "stones on the board, uniform in A..=B (fewer stones: longer to score)",
            ),
            OptionSpec::value(
                "table-mb",
                "MiB",
                None,
                "the scoring solver's transposition table in MiB (default 8)",
            ),
        ];
        OPTIONS
    }
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        let stones: Steps = options
            .get("stones")
            .unwrap_or("28-36")
            .parse()
            .map_err(|e| format!("--stones: {e}"))?;
        // The table is allocated whole: checked as solve checks it, against the default
        // memory limit and the machine's memory, before it is allocated.
        let table_bytes = table_bytes(options)?;
        let limits = Limits {
            max_memory: searchlab_toolkit::limits_text::default_memory(),
            ..Limits::none()
        };
        if let Some(line) = table_over(&self.board, table_bytes, 1, &limits) {
            return Err(line);
        }
        let game = Connect4::new(self.board.clone(), Rules::Shortcuts);
        let mut solver = Solver::new(game, table_bytes);
        let lines = solver
            .generate(
                count,
                (stones.lo, stones.hi),
                rng.next_u64(),
                &Limits::none(),
            )
            .map_err(|e| format!("--stones {}: {e}", stones.label()))?;
        Ok(lines
            .into_iter()
            .map(|(moves, score)| format!("{moves} {score}"))
            .collect())
    }
}

/// [`Connect4Game::table_over`] for `table_bytes` a table on `threads` threads.
fn table_over(
    board: &Board,
    table_bytes: usize,
    threads: usize,
    limits: &Limits,
) -> Option<String> {
    let one = Solver::table_size(board, table_bytes) as u64;
    let tables = if threads > 1 {
        ParallelSolver::tables(board, table_bytes, threads)
    } else {
        1
    };
    let bytes = one.saturating_mul(tables as u64);
    let what = if tables > 1 {
        format!(
            "the {tables} --table-mb {} tables of --threads {} ({} MiB)",
            table_bytes >> 20,
            threads,
            bytes >> 20
        )
    } else {
        format!(
            "the --table-mb {} table ({} MiB)",
            table_bytes >> 20,
            bytes >> 20
        )
    };
    let verb = if tables > 1 { "are" } else { "is" };
    if let Some(limit) = limits.max_memory
        && bytes > limit
    {
        return Some(format!(
            "{what} {verb} above the memory limit ({} MiB): lower --table-mb or raise --max-memory",
            limit >> 20
        ));
    }
    let ram = searchlab_toolkit::limits_text::physical_memory()?;
    (bytes > ram).then(|| {
        format!(
            "{what} {verb} above this machine's physical memory ({} MiB): lower --table-mb",
            ram >> 20
        )
    })
}

/// The table size of `--table-mb` in bytes (the default when absent).
fn table_bytes(options: &Options) -> Result<usize, String> {
    match options.parse::<usize>("table-mb")? {
        None => Ok(DEFAULT_TABLE_BYTES),
        Some(0) => Err("--table-mb 0: the table needs at least 1 MiB".into()),
        Some(mb) => mb
            .checked_mul(1 << 20)
            .ok_or_else(|| format!("--table-mb {mb}: too large")),
    }
}

/// Connect Four for `searchlab match` and `searchlab play`: the empty 7 x 6 board, x first,
/// with the plain rules ([`PlayGame`]: every legal column, a win when the stone is dropped);
/// moves typed as a column number 1..7, openings as the columns played (`4453`, or `empty`),
/// as instances write positions. Depth-limited searches use [`Threats`].
///
/// Not [`searchlab_toolkit::Playable::PERFECT`]: the perfect solver of `match` is the core's
/// full-window alpha-beta with a growing table, which would take hours from an opening (the
/// crate's own null-window solver needs minutes for the empty board), so a match reports no
/// move accuracy. For the same reason the strategy `alphabeta` without `depth=` is only
/// practical from late positions.
impl searchlab_toolkit::Playable for Connect4Game {
    type Game = PlayGame;
    type Eval = Threats;
    const PERFECT: bool = false;
    // A full search from an opening takes hours; depth 8 answers in well under a second.
    const DEFAULT_ENGINE: &'static str = "alphabeta:depth=8";

    /// `--all-moves`, `--weak`, `--table-mb` and `--threads` ask about one position's solve:
    /// only `--book` applies (engines play its moves).
    fn play_options() -> Vec<OptionSpec> {
        Self::options()
            .iter()
            .filter(|o| o.name == "book")
            .cloned()
            .collect()
    }
    fn opening_book(&self) -> Option<searchlab_toolkit::clock::BookMoves<PlayGame>> {
        let book = Arc::clone(self.book.as_ref()?);
        Some(Arc::new(move |game: &PlayGame, pos: &Position| {
            book.best_move(game.board(), pos)
        }))
    }
    fn game(&self) -> Result<PlayGame, String> {
        Ok(PlayGame::new(self.board.clone()))
    }
    fn start(&self, _: &PlayGame) -> Position {
        Position::default()
    }
    fn evaluator(&self) -> Threats {
        Threats
    }
    fn value_range(&self) -> Option<(Value, Value)> {
        let max = PlayGame::new(self.board.clone()).max_value();
        Some((-max, max))
    }
    fn side_name(&self, player: searchlab_toolkit::Player) -> &'static str {
        match player {
            searchlab_toolkit::Player::Max => "x",
            searchlab_toolkit::Player::Min => "o",
        }
    }
    fn show_move(&self, col: &u8) -> String {
        (col + 1).to_string()
    }
    fn parse_move(&self, game: &PlayGame, pos: &Position, text: &str) -> Result<u8, String> {
        let width = game.board().width();
        let text = text.trim();
        let column = text
            .parse::<u32>()
            .ok()
            .filter(|c| (1..=width).contains(c))
            .ok_or_else(|| format!("`{text}` is not a column: type a number from 1 to {width}"))?;
        let col = (column - 1) as u8;
        if !game.board().can_play(pos, col) {
            return Err(format!("column {column} is full"));
        }
        Ok(col)
    }
    fn parse_opening(&self, game: &PlayGame, text: &str) -> Result<Vec<u8>, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("empty") {
            return Ok(Vec::new());
        }
        // The board's parser names a bad digit, a full column or a move after a win.
        game.board().parse(text).map_err(|e| e.to_string())?;
        Ok(text.bytes().map(|b| b - b'1').collect())
    }
    fn draw(&self, game: &PlayGame, moves: &[u8], pos: &Position) -> String {
        let played: String = moves.iter().map(|c| char::from(b'1' + c)).collect();
        let status = match searchlab_toolkit::Game::terminal_value(game, pos) {
            Some(_) => "the game is over".to_owned(),
            None if pos.stones().is_multiple_of(2) => "x to move".to_owned(),
            None => "o to move".to_owned(),
        };
        let played = if played.is_empty() {
            "empty".to_owned()
        } else {
            played
        };
        format!("{}moves: {played} ({status})", game.board().render(pos))
    }
    fn result(&self, _: &PlayGame, value: Value) -> String {
        match value.signum() {
            1 => "x wins".into(),
            -1 => "o wins".into(),
            _ => "draw".into(),
        }
    }
}

/// A trace whose Connect Four positions print as the board's rows, top row first, `/`
/// between rows (`--show`'s board on one line, as tic-tac-toe's traces print theirs; issue 31:
/// traces printed `Position { current: .., mask: .. }`). A position is a bitboard whose
/// layout depends on the board's height, which the search's `Debug` of a state cannot know:
/// this tracer, which knows the board, reads the state back ([`Position::from_debug`]) and
/// passes every event on to the driver's tracer with the rows instead.
struct ShownPositions {
    inner: Trace,
    board: Board,
}

/// Text that prints as itself.
struct Rows(String);

impl std::fmt::Debug for Rows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Tracer for ShownPositions {
    fn wants_open(&self) -> bool {
        self.inner.with(|t| t.wants_open())
    }

    fn record(&mut self, e: &TraceEvent<'_>) {
        let rows = e
            .state
            .and_then(|s| Position::from_debug(&format!("{s:?}")))
            .map(|p| {
                let height = self.board.height() as usize;
                let text = self.board.render(&p);
                Rows(text.lines().take(height).collect::<Vec<_>>().join("/"))
            });
        let state: Option<&dyn std::fmt::Debug> = match &rows {
            Some(r) => Some(r),
            None => e.state,
        };
        let event = TraceEvent {
            kind: e.kind,
            state,
            depth: e.depth,
            g: e.g,
            h: e.h,
            f: e.f,
            bound: e.bound,
            iteration: e.iteration,
            reason: e.reason,
            alpha: e.alpha,
            beta: e.beta,
            value: e.value,
            mv: e.mv,
            skipped: e.skipped,
            open: e.open,
        };
        self.inner.with(|t| t.record(&event));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(flags: &[&str]) -> Connect4Game {
        let mut o = Options::new();
        for f in flags {
            o.set(f, "true");
        }
        o.set("table-mb", "4");
        Connect4Game::new(&o).unwrap()
    }

    /// `--book FILE`: a position the book holds gets its score from it without search (its
    /// best columns are still tested). The book here holds one position of Test_L2_R2 with the
    /// file's (Pons') score.
    #[test]
    fn a_book_answers_its_positions_without_search() {
        let board = Board::standard();
        let pos = board.parse("274552224131661").unwrap();
        let text = format!(
            "connect4-book 7 6 15\n{} 0\n",
            crate::canonical_key(&board, &pos)
        );
        let path =
            std::env::temp_dir().join(format!("searchlab-c4-book-{}.txt", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let mut o = Options::new();
        o.set("table-mb", "4");
        o.set("book", path.to_str().unwrap());
        let g = Connect4Game::new(&o).unwrap();
        let p = g.parse_line(1, "274552224131661 0");
        let job = p.instance.unwrap();
        let a = g.solve(
            &job,
            Algorithm::Game(GameAlgorithm::Alphabeta(None)),
            "threats",
            &Limits::none(),
        );
        assert_eq!(a.key, p.expected);
        // The score comes from the book; only the best columns' tests search.
        let plain = game(&[]).solve(
            &job,
            Algorithm::Game(GameAlgorithm::Alphabeta(None)),
            "threats",
            &Limits::none(),
        );
        assert_eq!((plain.key, &plain.fields), (a.key.clone(), &a.fields));
        assert!(
            a.stats.expanded < plain.stats.expanded,
            "{} {}",
            a.stats.expanded,
            plain.stats.expanded
        );
        // A book for another board, or a missing file, is refused naming the option.
        std::fs::write(&path, "connect4-book 6 5 2\n").unwrap();
        let err = Connect4Game::new(&o).err().unwrap();
        assert!(err.starts_with("--book ") && err.contains("6 x 5"), "{err}");
        std::fs::remove_file(&path).unwrap();
        assert!(Connect4Game::new(&o).err().unwrap().starts_with("--book "));
    }

    #[test]
    fn minimax_agrees_with_alphabeta_on_end_games_in_both_rules() {
        let g = game(&["all-moves"]);
        let text = include_str!("../../../puzzles/connect4/Test_L3_R1");
        let mut checked = 0;
        for line in text.lines() {
            let p = g.parse_line(1, line);
            let job = p.instance.unwrap();
            if g.empty(&job.position) > 10 {
                continue;
            }
            for h in ["threats", "plain"] {
                let ab = g.solve(
                    &job,
                    Algorithm::Game(GameAlgorithm::Alphabeta(None)),
                    h,
                    &Limits::none(),
                );
                let mm = g.solve(
                    &job,
                    Algorithm::Game(GameAlgorithm::Minimax),
                    h,
                    &Limits::none(),
                );
                assert_eq!(ab.key, p.expected, "{line} {h}");
                assert_eq!(mm.key, p.expected, "{line} {h}");
                let best = |a: &Answer| a.fields.iter().find(|f| f.0 == "best").cloned();
                assert_eq!(best(&ab), best(&mm), "{line} {h}");
                // The other catalogue solvers run as themselves, column by column.
                for other in [
                    GameAlgorithm::Pvs,
                    GameAlgorithm::Mtdf,
                    GameAlgorithm::Alphabeta(Some(1)),
                ] {
                    let o = g.solve(&job, Algorithm::Game(other), h, &Limits::none());
                    assert_eq!(o.key, p.expected, "{line} {h} {other}");
                    let col = |a: &Answer| a.fields.iter().find(|f| f.0 == "columns").cloned();
                    assert_eq!(col(&o), col(&ab), "{line} {h} {other}");
                    assert_eq!(best(&o), best(&ab), "{line} {h} {other}");
                }
            }
            checked += 1;
            if checked == 20 {
                break;
            }
        }
        assert_eq!(checked, 20);
    }

    /// Issue 16's bug, fixed: the catalogue's MTD(f) took the game's bounds of a NON-terminal
    /// position for column 7's child, which is finished, and clamped its value -2 to -1.
    #[test]
    fn catalogue_mtdf_values_every_column_like_minimax() {
        let g = game(&["all-moves"]);
        let line = include_str!("../../../puzzles/connect4/Test_L3_R1")
            .lines()
            .next();
        let job = g.parse_line(1, line.unwrap()).instance.unwrap();
        let rules = rules_of("threats");
        let mtdf = g.solve_each_column(&job, rules, GameSolver::Mtdf, &Limits::none());
        let minimax = g.solve_each_column(&job, rules, GameSolver::Minimax, &Limits::none());
        let columns = |f: Result<Found, _>| f.ok().map(|f| f.columns);
        assert_eq!(columns(mtdf), columns(minimax));
    }

    #[test]
    fn pons_lines_carry_their_expected_score_and_bad_ones_say_why() {
        let g = game(&[]);
        let p = g.parse_line(3, "2252576253462244111563365343671351441 -1");
        assert_eq!(p.expected.as_deref(), Some("-1"));
        assert_eq!(
            p.input.as_deref(),
            Some("2252576253462244111563365343671351441")
        );
        let p = g.parse_line(4, "4453 | 2");
        assert_eq!(p.expected.as_deref(), Some("2"));
        assert!(
            g.parse_line(5, "48 0")
                .instance
                .unwrap_err()
                .contains("column 8")
        );
        assert!(
            g.parse_line(5, "44 99")
                .instance
                .unwrap_err()
                .contains("outside")
        );
        assert!(g.parse("1212121").unwrap_err().contains("over"));
        assert!(g.parse("44 3").unwrap_err().contains("POSITION | 3"));
    }

    #[test]
    fn minimax_is_refused_on_positions_with_many_empty_cells() {
        let mut g = game(&[]);
        g.parse("4453").unwrap();
        let minimax = Algorithm::Game(GameAlgorithm::Minimax);
        let err = g.prepare(minimax, "threats", &mut |_| {}).unwrap_err();
        assert!(err.contains("at most 14 empty cells"), "{err}");
        assert!(
            g.prepare(
                Algorithm::Game(GameAlgorithm::Alphabeta(None)),
                "threats",
                &mut |_| {}
            )
            .is_ok()
        );
    }

    #[test]
    fn play_reads_columns_and_openings_and_says_what_is_wrong() {
        use searchlab_toolkit::Playable;
        let d = game(&[]);
        let g = d.game().unwrap();
        let start = d.start(&g);
        assert_eq!(d.parse_move(&g, &start, " 4 "), Ok(3));
        assert_eq!(d.show_move(&3), "4");
        for bad in ["0", "8", "x", "4 4", ""] {
            let e = d.parse_move(&g, &start, bad).unwrap_err();
            assert!(e.contains("type a number from 1 to 7"), "{bad}: {e}");
        }
        let full = g.board().parse("444444").unwrap();
        assert_eq!(
            d.parse_move(&g, &full, "4"),
            Err("column 4 is full".to_owned())
        );
        assert_eq!(d.parse_opening(&g, "4453"), Ok(vec![3, 3, 4, 2]));
        assert_eq!(d.parse_opening(&g, "empty"), Ok(vec![]));
        assert!(d.parse_opening(&g, "49").unwrap_err().contains("column 9"));
        assert!(d.parse_opening(&g, "12121212").unwrap_err().contains("won"));
        let shown = d.draw(&g, &[3, 3], &g.board().parse("44").unwrap());
        assert!(shown.ends_with("moves: 44 (x to move)"), "{shown}");
        assert!(shown.contains("...o...\n...x...\n1234567"), "{shown}");
        assert_eq!(d.result(&g, 300), "x wins");
        assert_eq!(d.result(&g, 0), "draw");
        // Of the solve's options only the book applies to play.
        let names: Vec<&str> = Connect4Game::play_options()
            .iter()
            .map(|o| o.name)
            .collect();
        assert_eq!(names, ["book"]);
        const { assert!(!Connect4Game::PERFECT) };
    }

    /// Every thread's table counts against the memory limit, and `gen` checks its
    /// `--table-mb` table as `solve` does, before allocating it.
    #[test]
    fn tables_of_every_thread_and_of_gen_count_against_the_memory_limit() {
        let limit = Limits {
            max_memory: Some(100 << 20),
            ..Limits::none()
        };
        // 7 x 6: the threads share one table of one-word slots.
        let standard = Board::standard();
        assert_eq!(ParallelSolver::tables(&standard, 64 << 20, 2), 1);
        assert_eq!(table_over(&standard, 64 << 20, 2, &limit), None);
        // 8 x 7: a 64-bit key leaves no room in a word; a table per thread, all counted.
        let wide = Board::new(8, 7).unwrap();
        assert_eq!(ParallelSolver::tables(&wide, 64 << 20, 2), 2);
        let line =
            table_over(&wide, 64 << 20, 2, &limit).expect("two 64 MiB tables exceed 100 MiB");
        assert!(
            line.starts_with(
                "the 2 --table-mb 64 tables of --threads 2 (128 MiB) are above the memory limit (100 MiB)"
            ),
            "{line}"
        );
        let g = game(&[]);
        let mut o = Options::new();
        o.set("table-mb", &(usize::MAX >> 21).to_string());
        let err = g
            .generate(&o, &mut SplitMix64::new(1), 1)
            .expect_err("a table past the machine's memory");
        assert!(err.contains("--table-mb") && err.contains("above"), "{err}");
        o.set("table-mb", "1");
        o.set("stones", "36-36");
        let lines = g.generate(&o, &mut SplitMix64::new(1), 2).unwrap();
        assert_eq!(lines.len(), 2);
    }

    #[test]
    fn weak_scores_match_the_sign_of_the_expected_score() {
        let g = game(&["weak"]);
        let job = g.parse("2252576253462244111563365343671351441").unwrap();
        let a = g.solve(
            &job,
            Algorithm::Game(GameAlgorithm::Alphabeta(None)),
            "threats",
            &Limits::none(),
        );
        assert_eq!(a.key.as_deref(), Some("-1"));
        assert!(g.matches(&a, "-1"));
        assert!(!g.matches(&a, "0"));
        let job = g.parse("7422341735647741166133573473242566").unwrap();
        let a = g.solve(
            &job,
            Algorithm::Game(GameAlgorithm::Alphabeta(None)),
            "threats",
            &Limits::none(),
        );
        assert!(g.matches(&a, "1") && g.matches(&a, "7") && !g.matches(&a, "-3"));
    }
}
