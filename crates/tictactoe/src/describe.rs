//! Tic-tac-toe described for every driver ([`TicTacToeGame`]): n x n, k in a row, any
//! position, depth limits with seed 001's evaluation, seed 002's goals, every root move's
//! value.

use searchlab_toolkit::show::{Frame, TERMINAL_WIDTH, side_by_side};
use searchlab_toolkit::{
    Algorithm, AlphaBeta, AlphaBetaConfig, Answer, Description, Field, GameAlgorithm, GameOutcome,
    GameSolver, Kind, Limits, OptionSpec, Options, Parsed, RootMove, SplitMix64, Status, Value,
};

use searchlab_toolkit::observe::{ShowStates, ShownEval};

use crate::{
    Board, BoardError, Geometry, Goal, MoveOrder, Scoring, SeedEval, Side, Square, TicTacToe, WIN,
};

/// n x n tic-tac-toe with k in a row.
#[derive(Debug)]
pub struct TicTacToeGame {
    size: Option<usize>,
    k: Option<usize>,
    goal: Option<Goal>,
    side: Option<Side>,
    all_moves: bool,
    no_table: bool,
    iterative: bool,
    /// `--draw FILE.svg`: where to draw each board's game tree.
    draw: Option<std::path::PathBuf>,
    /// `--draw-depth D`: how many plies the picture shows.
    draw_depth: u32,
    /// Boards solved so far (names the pictures of the second and later boards).
    solved: std::sync::atomic::AtomicUsize,
    /// The parsed board larger than 4 x 4 with the most empty squares ([`long_solve`]): its
    /// empty squares times 256 plus its side.
    largest: std::sync::atomic::AtomicU32,
}

/// The most empty squares a full solve finishes from in seconds: the empty 4 x 4 board's.
const QUICK_EMPTY_SQUARES: u32 = 16;

/// A warning before a full solve known to take long: a board larger than 4 x 4 with more
/// than 16 empty squares (the sizes `gen` makes are 3 x 3 and 4 x 4, whose searches finish
/// from any position; the empty 5 x 5 board ran for hours without an answer, issue 31).
pub fn long_solve(n: usize, empty: u32) -> Option<String> {
    (n > 4 && empty > QUICK_EMPTY_SQUARES).then(|| {
        format!(
            "warning: a {n} x {n} board with {empty} empty squares: a full solve past 4 x 4 can take \
             HOURS (4 x 4 from empty: seconds); {}",
            searchlab_toolkit::describe::LONG_WORK_BOUND
        )
    })
}

/// One position with the game it is asked in.
#[derive(Clone, Debug)]
pub struct Job {
    game: TicTacToe,
    board: Board,
    /// The side whose goal it is (goal mode only).
    side: Option<Side>,
}

fn goal_word(g: Goal) -> &'static str {
    match g {
        Goal::Win => "win",
        Goal::Lose => "loss",
        Goal::Draw => "draw",
    }
}

fn squares(moves: &[Square]) -> String {
    moves
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl TicTacToeGame {
    /// With `--draw`, writes the picture of `job`'s game tree and says on stderr what was
    /// written, or why not (a picture is a by-product: the answer stands either way).
    fn draw_picture(&self, job: &Job) {
        let Some(base) = &self.draw else { return };
        let k = self
            .solved
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        searchlab_gametree::write_game_picture(
            base,
            k,
            &job.game,
            &SeedEval,
            &job.board,
            self.draw_depth,
            |m| m.to_string(),
            &self.show(job),
        );
    }

    /// What a value means, in words.
    fn meaning(&self, job: &Job, value: Value, complete: bool) -> String {
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

    /// The search, and every root move's value in row-major order when asked; traced, with
    /// the boards printed in rows (`x.o/.x./...`) rather than as bit sets.
    fn search(
        &self,
        job: &Job,
        algo: GameSolver,
        limits: &Limits,
    ) -> (searchlab_toolkit::GameResult<Square>, Vec<RootMove<Square>>) {
        if limits.trace.is_none() {
            return self.search_game(&job.game, &job.board, &SeedEval, algo, limits);
        }
        let geometry = job.game.geometry();
        let show = |b: &Board| geometry.format(b);
        let game = ShowStates::new(&job.game, &show);
        let root = game.wrap(job.board);
        self.search_game(&game, &root, &ShownEval(&SeedEval), algo, limits)
    }

    /// [`search`](Self::search) in `game` (the rules, or the rules with states shown).
    fn search_game<G, E>(
        &self,
        game: &G,
        root: &G::State,
        eval: &E,
        algo: GameSolver,
        limits: &Limits,
    ) -> (searchlab_toolkit::GameResult<Square>, Vec<RootMove<Square>>)
    where
        G: searchlab_toolkit::Game<Move = Square>,
        E: searchlab_toolkit::Evaluator<G>,
    {
        let config = AlphaBetaConfig::new()
            .with_limits(limits.clone())
            .with_table(!self.no_table)
            .with_iterative(self.iterative)
            .with_value_range(-WIN, WIN);
        // Alpha-beta keeps its searcher to value every root move on request; the others run
        // through the catalogue (minimax values every root move itself).
        if algo != GameSolver::Alphabeta(None) {
            let result = algo.run(game, root, eval, &config);
            searchlab_toolkit::describe::search_ends();
            let mut moves = match (&result.outcome, self.all_moves) {
                (GameOutcome::Solved(s), true) => s.root_moves.clone(),
                _ => Vec::new(),
            };
            moves.sort_by_key(|m| (m.mv.row, m.mv.col));
            return (result, moves);
        }
        let mut search = AlphaBeta::new(config);
        let mut result = search.search(game, root, eval);
        if !self.all_moves {
            searchlab_toolkit::describe::search_ends();
        }
        let mut moves = Vec::new();
        if self.all_moves && matches!(result.outcome, GameOutcome::Solved(_)) {
            let analysis = search.analyse_root(game, root, eval, None);
            result.stats += &analysis.stats;
            match analysis.outcome {
                GameOutcome::Solved(s) => {
                    moves = s.root_moves;
                    moves.sort_by_key(|m| (m.mv.row, m.mv.col));
                }
                stopped @ GameOutcome::Stopped { .. } => result.outcome = stopped,
            }
            searchlab_toolkit::describe::search_ends();
        }
        (result, moves)
    }
}

impl Description for TicTacToeGame {
    type Instance = Job;
    const NAME: &'static str = "tictactoe";
    const SUMMARY: &'static str =
        "n x n tic-tac-toe, k in a row (3x3 of seed 001, 4x4 of POJ 1568)";
    const INPUT: &'static str = "\
INSTANCE: the rows from top to bottom, separated by '/', each row n characters from
'.' (empty), 'x', 'o'; `empty` is the empty board (of --size, default 3). x moves first, so
who is to move follows from the counts:

    searchlab solve tictactoe x.o/.x./...          (o to move)
    searchlab solve tictactoe empty --size 4       (the empty 4 x 4 board)
    searchlab solve tictactoe ..../.xo./.ox./....  (POJ 1568's first sample)

Squares are printed (row,col), 0-based, as POJ 1568 does. Without --goal the value is the
plain result for x: 100 = x wins, -100 = o wins, 0 = draw; with --max-depth the search stops
at that many plies and scores unfinished positions with seed 001's evaluation (+-50 for k-1
in a line with the rest empty, the number of lines through a lone first stone, else 1).
--goal win|lose|draw asks whether --side (default: the side to move) can FORCE that result
whatever the other side does (seed 002). An expected answer after '|' is the value.";
    const KIND: Kind = Kind::Game;
    const JUDGE: Option<searchlab_toolkit::Judge> = Some(searchlab_toolkit::Judge {
        number: 1568,
        title: "Find the Winning Move",
        run: judge_1568,
    });

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value(
                "size",
                "N",
                None,
                "board side n (default: from the board, else 3)",
            ),
            OptionSpec::value(
                "k",
                "K",
                None,
                "stones in a row needed to win (default: the board side)",
            ),
            OptionSpec::value(
                "goal",
                "GOAL",
                None,
                "ask whether --side can force this result: win, lose or draw",
            ),
            OptionSpec::value(
                "side",
                "SIDE",
                None,
                "the side whose goal it is: x or o (default and only choice: the side to move)",
            ),
            OptionSpec::flag(
                "all-moves",
                "print the value of every move, in row-major order",
            ),
            OptionSpec::flag(
                "iterative",
                "alphabeta: iterative deepening, depths 1, 2, ... up to --max-depth or the end",
            ),
            OptionSpec::flag("no-table", "alphabeta without a transposition table"),
            OptionSpec::value(
                "draw",
                "FILE.svg",
                None,
                "also draw the game tree below each board, --draw-depth plies deep, as SVG (values, alpha-beta's bounds and cuts, moves on the edges): FILE.svg for the first board, FILE-2.svg for the second, ...",
            ),
            OptionSpec::value(
                "draw-depth",
                "D",
                Some("2"),
                "plies the --draw picture shows (positions below are estimated by the evaluator; at most a few thousand nodes)",
            ),
        ];
        OPTIONS
    }
    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "threats",
                "move order: completing squares, then blocking squares, then row-major",
            ),
            ("rowmajor", "move order: row-major"),
        ]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Game(GameAlgorithm::Alphabeta(None))
    }
    fn algorithm_aliases() -> &'static [(&'static str, &'static str)] {
        &[
            ("alphabeta-notable", "alphabeta+no-table"),
            ("alphabeta-id", "alphabeta+iterative"),
        ]
    }
    fn new(options: &Options) -> Result<Self, String> {
        let goal = options
            .choice("goal", &["win", "lose", "draw"])?
            .map(|i| [Goal::Win, Goal::Lose, Goal::Draw][i]);
        let side = options
            .choice("side", &["x", "o"])?
            .map(|i| [Side::X, Side::O][i]);
        if side.is_some() && goal.is_none() {
            return Err("--side needs --goal".into());
        }
        Ok(Self {
            size: options.parse("size")?,
            k: options.parse("k")?,
            goal,
            side,
            all_moves: options.flag("all-moves"),
            no_table: options.flag("no-table"),
            iterative: options.flag("iterative"),
            draw: searchlab_gametree::draw::svg_path(options.get("draw"))?,
            draw_depth: options.parse("draw-depth")?.unwrap_or(2),
            solved: std::sync::atomic::AtomicUsize::new(0),
            largest: std::sync::atomic::AtomicU32::new(0),
        })
    }
    fn parse(&self, text: &str) -> Result<Job, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("empty board text: write the rows like x.o/.x./... or `empty`".into());
        }
        let empty = text.eq_ignore_ascii_case("empty");
        let rows = if empty {
            0
        } else {
            text.split(|c: char| c == '/' || c == ',' || c.is_whitespace())
                .filter(|r| !r.is_empty())
                .count()
        };
        let n = self.size.unwrap_or(if rows > 0 { rows } else { 3 });
        let k = self.k.unwrap_or(n);
        let geometry = Geometry::new(n, k).map_err(|e| match e {
            BoardError::Size(_) => format!("--size {n} --k {k}: need 1 <= k <= n <= 8"),
            other => other.to_string(),
        })?;
        let board = if empty {
            Board::EMPTY
        } else {
            geometry.parse(text).map_err(|e| e.to_string())?
        };
        if n > 4 {
            let empty = (n * n) as u32 - board.count();
            let relaxed = std::sync::atomic::Ordering::Relaxed;
            self.largest.fetch_max(empty << 8 | n as u32, relaxed);
        }
        if geometry.is_over(&board) {
            let why = match geometry.winner(&board) {
                Some(s) => format!("{s} has a line"),
                None => "the board is full".into(),
            };
            return Err(format!("the game is over ({why}): nothing to search"));
        }
        let to_move = board.to_move();
        let (game, side) = match self.goal {
            None => (TicTacToe::new(geometry), None),
            Some(goal) => {
                let side = self.side.unwrap_or(to_move);
                if side != to_move {
                    return Err(format!(
                        "--side {side}: it is {to_move}'s turn on this board (the goal is asked for the side to move)"
                    ));
                }
                let game = TicTacToe::new(geometry)
                    .with_max(side)
                    .with_scoring(Scoring::Goal(goal));
                (game, Some(side))
            }
        };
        Ok(Job { game, board, side })
    }
    /// POJ 1568's input (cases `?` and four rows, up to `$`): each case is an instance, named
    /// `case N`, solved with the options given (so `--goal win` asks the judge's question of
    /// the whole board, `--all-moves` values every square). A file whose first word is not
    /// `?` or `$` is read one board a line.
    fn parse_file(&self, _: Option<&std::path::Path>, text: &str) -> Option<Vec<Parsed<Job>>> {
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))?;
        if !first.starts_with(['?', '$']) {
            return None;
        }
        let geometry = crate::poj1568_game().geometry().clone();
        let cases = crate::judge::parse_cases(text).into_iter().enumerate();
        let parsed = cases.map(|(i, (line, case))| match case {
            Ok(board) => {
                let text = geometry.format(&board);
                Parsed {
                    line,
                    instance: self.parse(&text),
                    input: Some(text),
                    name: Some(format!("case {}", i + 1)),
                    expected: None,
                }
            }
            Err(e) => Parsed {
                line: e.line,
                input: None,
                name: None,
                expected: None,
                instance: Err(e.message),
            },
        });
        Some(parsed.collect())
    }
    /// Warns before a full solve known to take hours ([`long_solve`]), as the 15-puzzle warns
    /// of its 80-move boards.
    fn prepare(
        &mut self,
        algorithm: Algorithm,
        _: &str,
        note: &mut dyn FnMut(searchlab_toolkit::Note),
    ) -> Result<(), String> {
        let solves = matches!(algorithm, Algorithm::Game(a) if a.proves_value());
        let largest = self.largest.load(std::sync::atomic::Ordering::Relaxed);
        let (empty, n) = (largest >> 8, (largest & 0xff) as usize);
        if let Some(warning) = long_solve(n, empty).filter(|_| solves) {
            note(searchlab_toolkit::Note::Message(warning));
        }
        Ok(())
    }
    fn show(&self, job: &Job) -> String {
        let g = job.game.geometry();
        let mut s = format!(
            "board {} ({n}x{n}, {k} in a row), {} to move",
            g.format(&job.board),
            job.board.to_move(),
            n = g.n(),
            k = g.k()
        );
        if let Scoring::Goal(goal) = job.game.scoring() {
            s += &format!(
                "\ngoal: can {} force a {}?",
                job.side.unwrap_or(job.game.max_side()),
                goal_word(goal)
            );
        }
        s
    }
    fn solve(&self, job: &Job, algorithm: Algorithm, heuristic: &str, limits: &Limits) -> Answer {
        let Algorithm::Game(algo) = algorithm else {
            unreachable!("a game lists only game algorithms")
        };
        let order = if heuristic == "rowmajor" {
            MoveOrder::RowMajor
        } else {
            MoveOrder::Threats
        };
        // One copy of the game (not of the whole job, whose game would be copied and dropped):
        // a bench measures this solve's heap, the search's and this one copy of the rules.
        let job = &Job {
            game: job.game.clone().with_order(order),
            board: job.board,
            side: job.side,
        };
        self.draw_picture(job);
        let algo = match algo.solver() {
            Ok(solver) => solver,
            Err(params) => {
                // MCTS chooses a move and proves no value: its own answer.
                return searchlab_toolkit::describe::mcts_answer(
                    &job.game,
                    &job.board,
                    &SeedEval,
                    &params,
                    limits,
                    Square::to_string,
                );
            }
        };
        let (result, moves) = self.search(job, algo, limits);
        let mut a = match &result.outcome {
            GameOutcome::Solved(s) => {
                let mut a = Answer::new(Status::Solved, result.stats.clone());
                let meaning = self.meaning(job, s.value, s.complete);
                a.lines.push(format!(
                    "value {} for {}: {meaning}",
                    s.value,
                    job.game.max_side()
                ));
                if let Some(best) = s.best {
                    a.lines
                        .push(format!("best move for {}: {best}", job.board.to_move()));
                    a.lines
                        .push(format!("principal variation: {}", squares(&s.pv)));
                }
                a.moves = Some(squares(&s.pv));
                a.length = Some(s.value.to_string());
                a.key = s.complete.then(|| s.value.to_string());
                a.fields.push(("value", s.value.into()));
                a.fields.push(("exact", s.complete.into()));
                a.fields.push(("meaning", meaning.into()));
                a.fields
                    .push(("best", s.best.map(|m| m.to_string()).into()));
                if let Scoring::Goal(_) = job.game.scoring() {
                    let forced = if s.value >= WIN {
                        Field::Bool(true)
                    } else if s.complete {
                        Field::Bool(false)
                    } else {
                        Field::Null
                    };
                    a.fields.push(("forced", forced));
                }
                a
            }
            GameOutcome::Stopped { limit, deepest } => {
                let mut a = Answer::new(Status::Stopped(*limit), result.stats.clone());
                let mut line = format!("stopped by the {limit} before an answer");
                if let Some(d) = deepest {
                    line += &format!(
                        "; deepest finished depth {}: value {}, best {}",
                        d.depth.unwrap_or(0),
                        d.value,
                        d.best.map(|m| m.to_string()).unwrap_or_default()
                    );
                }
                a.lines.push(line);
                a
            }
        };
        let g = job.game.geometry();
        a.fields.push(("size", g.n().into()));
        a.fields.push(("k", g.k().into()));
        a.fields
            .push(("to_move", job.board.to_move().to_string().into()));
        a.fields
            .push(("max", job.game.max_side().to_string().into()));
        if !moves.is_empty() {
            let list: Vec<String> = moves
                .iter()
                .map(|m| format!("{} {}", m.mv, m.value))
                .collect();
            a.lines.push(format!("moves: {}", list.join(", ")));
        }
        if self.all_moves {
            a.fields.push((
                "move_values",
                Field::List(
                    moves
                        .iter()
                        .map(|m| {
                            Field::Map(vec![
                                ("move".into(), m.mv.to_string().into()),
                                ("value".into(), m.value.into()),
                            ])
                        })
                        .collect(),
                ),
            ));
        }
        a
    }
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        crate::generate::positions(options, rng, count)
    }
    /// `--show`: the principal variation as boards, from the position asked to the end of
    /// the variation (the caption names the side and the square).
    /// Empty squares: the most moves the game can still last.
    fn moves_left(&self, job: &Job) -> Option<u64> {
        let n = job.game.geometry().n() as u64;
        Some(n * n - u64::from(job.board.count()))
    }
    fn show_solution(&self, job: &Job, answer: &Answer) -> Option<String> {
        use searchlab_toolkit::Game as _;
        let pv = answer
            .moves
            .as_deref()
            .filter(|_| answer.status == Status::Solved)?;
        let g = job.game.geometry();
        let draw = |b: &Board| {
            let rows: Vec<String> = g
                .format(b)
                .split('/')
                .map(|row| row.chars().map(String::from).collect::<Vec<_>>().join(" "))
                .collect();
            rows.join("\n")
        };
        let mut board = job.board;
        let mut frames = vec![Frame::new("start", draw(&board))];
        let mut legal = Vec::new();
        for (i, token) in pv.split_whitespace().enumerate() {
            // The square printed as `token` (the answer's own words, read back).
            legal.clear();
            job.game.moves(&board, &mut legal);
            let square = legal.iter().find(|s| s.to_string() == token)?;
            let side = board.to_move();
            board = job.game.play(&board, square);
            frames.push(Frame::new(
                format!("{}: {side} {token}", i + 1),
                draw(&board),
            ));
        }
        Some(side_by_side(&frames, TERMINAL_WIDTH))
    }
    fn gen_options() -> &'static [OptionSpec] {
        crate::generate::OPTIONS
    }
}

/// POJ 1568: per case, the first square (row-major) from which x forces a win, or `#####`.
/// Bad cases go to `errors` with their line, the others are answered. Returns the number of
/// bad cases.
pub fn judge_1568(
    input: &str,
    out: &mut dyn std::io::Write,
    errors: &mut dyn FnMut(String),
) -> std::io::Result<usize> {
    let game = crate::poj1568_game();
    // One table for all cases: entries are exact facts about positions, valid in every case.
    let mut search = crate::searcher(Limits::none());
    let mut bad = 0;
    for case in crate::parse_input(input) {
        match case {
            Ok(board) => match crate::first_winning_move(&mut search, &game, &board) {
                Ok(Some(sq)) => writeln!(out, "{sq}")?,
                Ok(None) => writeln!(out, "#####")?,
                Err(limit) => errors(format!("stopped by the {limit} without a limit set")),
            },
            Err(e) => {
                bad += 1;
                out.flush()?;
                errors(format!("judge 1568: {e}"));
            }
        }
    }
    Ok(bad)
}

/// Tic-tac-toe for `searchlab match` and `searchlab play`: the empty board of `--size` (3 by
/// default) with `--k` in a row, x first; moves typed `(row,col)`, `row,col` or `row col`
/// (0-based, as printed); openings as boards (`x..../.o.` like instances) or square lists.
impl searchlab_toolkit::Playable for TicTacToeGame {
    type Game = TicTacToe;
    type Eval = SeedEval;

    fn play_options() -> Vec<OptionSpec> {
        Self::options()
            .iter()
            .filter(|o| o.name == "size" || o.name == "k")
            .copied()
            .collect()
    }
    fn game(&self) -> Result<TicTacToe, String> {
        if self.goal.is_some() {
            return Err("--goal asks about one position; a match plays for the result".into());
        }
        let n = self.size.unwrap_or(3);
        let k = self.k.unwrap_or(n);
        let geometry = Geometry::new(n, k).map_err(|e| match e {
            BoardError::Size(_) => format!("--size {n} --k {k}: need 1 <= k <= n <= 8"),
            other => other.to_string(),
        })?;
        Ok(TicTacToe::new(geometry))
    }
    /// Past 4 x 4 ([`long_solve`]).
    fn full_search_is_long(&self, game: &TicTacToe) -> bool {
        let n = game.geometry().n();
        long_solve(n, (n * n) as u32).is_some()
    }
    fn start(&self, _: &TicTacToe) -> Board {
        Board::EMPTY
    }
    fn evaluator(&self) -> SeedEval {
        SeedEval
    }
    fn value_range(&self) -> Option<(Value, Value)> {
        Some((-WIN, WIN))
    }
    fn side_name(&self, player: searchlab_toolkit::Player) -> &'static str {
        match player {
            searchlab_toolkit::Player::Max => "x",
            searchlab_toolkit::Player::Min => "o",
        }
    }
    fn show_move(&self, mv: &Square) -> String {
        mv.to_string()
    }
    fn parse_move(&self, game: &TicTacToe, board: &Board, text: &str) -> Result<Square, String> {
        let sq = parse_square(game.geometry(), text)?;
        let bit = 1u64 << game.geometry().bit(sq);
        if board.x & bit != 0 || board.o & bit != 0 {
            let who = if board.x & bit != 0 { "x" } else { "o" };
            return Err(format!("{sq} is taken by {who}"));
        }
        Ok(sq)
    }
    fn parse_opening(&self, game: &TicTacToe, text: &str) -> Result<Vec<Square>, String> {
        let g = game.geometry();
        let text = text.trim();
        if text.chars().any(|c| c.is_ascii_digit()) {
            // A list of squares: `(1,1) (0,0)` or `1,1 0,0`: the numbers in pairs.
            if let Some(bad) = text
                .chars()
                .find(|c| !(c.is_ascii_digit() || "(),".contains(*c) || c.is_whitespace()))
            {
                return Err(format!(
                    "`{bad}` in a list of squares: write squares as (row,col), like (1,1) (0,2)"
                ));
            }
            let numbers: Vec<&str> = text
                .split(|c: char| !c.is_ascii_digit())
                .filter(|t| !t.is_empty())
                .collect();
            if numbers.len() % 2 == 1 {
                return Err(format!(
                    "{} numbers: a square is two, (row,col)",
                    numbers.len()
                ));
            }
            let mut board = Board::EMPTY;
            let mut moves = Vec::new();
            for pair in numbers.chunks(2) {
                let token = format!("{} {}", pair[0], pair[1]);
                let sq = self
                    .parse_move(game, &board, &token)
                    .map_err(|e| format!("move {}: {e}", moves.len() + 1))?;
                board = searchlab_toolkit::Game::play(game, &board, &sq);
                moves.push(sq);
            }
            return Ok(moves);
        }
        let board = if text.eq_ignore_ascii_case("empty") {
            Board::EMPTY
        } else {
            g.parse(text).map_err(|e| e.to_string())?
        };
        // Any interleaving of x's and o's stones reaches the board, and none passes a finished
        // position on the way (a line, once made, stays on the board).
        let bits = |mut set: u64| {
            let mut out = Vec::new();
            while set != 0 {
                out.push(g.square(set.trailing_zeros()));
                set &= set - 1;
            }
            out
        };
        let (xs, os) = (bits(board.x), bits(board.o));
        let mut moves = Vec::with_capacity(xs.len() + os.len());
        for (i, &x) in xs.iter().enumerate() {
            moves.push(x);
            if let Some(&o) = os.get(i) {
                moves.push(o);
            }
        }
        Ok(moves)
    }
    fn draw(&self, game: &TicTacToe, _: &[Square], board: &Board) -> String {
        let g = game.geometry();
        let n = g.n();
        let mut s = String::from("   ");
        for c in 0..n {
            s += &format!(" {c}");
        }
        s.push('\n');
        for (r, row) in g.format(board).split('/').enumerate() {
            s += &format!("  {r}");
            for ch in row.chars() {
                s += &format!(" {ch}");
            }
            s.push('\n');
        }
        s += &match game.result_value(board) {
            Some(_) => "the game is over".into(),
            None => format!("{} to move", board.to_move()),
        };
        s
    }
    fn result(&self, _: &TicTacToe, value: Value) -> String {
        match value.signum() {
            1 => "x wins".into(),
            -1 => "o wins".into(),
            _ => "draw".into(),
        }
    }
}

/// A square typed `(row,col)`, `row,col` or `row col`, 0-based, on the board of `g`.
fn parse_square(g: &Geometry, text: &str) -> Result<Square, String> {
    let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
    let parts: Vec<&str> = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    let n = g.n();
    let how = "write a square as (row,col), 0-based, like (1,2)";
    let [r, c] = parts[..] else {
        return Err(format!("`{}` is not a square: {how}", text.trim()));
    };
    let number = |t: &str| {
        t.parse::<usize>()
            .map_err(|_| format!("`{}` is not a square: {how}", text.trim()))
    };
    let (row, col) = (number(r)?, number(c)?);
    if row >= n || col >= n {
        return Err(format!(
            "({row},{col}) is off the {n}x{n} board: rows and columns go from 0 to {}",
            n - 1
        ));
    }
    Ok(Square {
        row: row as u8,
        col: col as u8,
    })
}
