//! Solving positions through the core: [`mtdf()`] null-window tests of the core's
//! [`AlphaBeta`] with a compact fixed-size table, scores in words, test-set lines, and a generator of
//! scored random positions.

use std::sync::Arc;
use std::time::Instant;

use searchlab_core::{
    AlphaBeta, AlphaBetaConfig, Game, GameOutcome, LimitKind, Limits, Narrowing, SplitMix64, Stats,
    TranspositionTable, Value, mtdf,
};
use thiserror::Error;

use crate::board::{Board, ParseError, Position};
use crate::book::Book;
use crate::game::Connect4;

/// The default table size: 8 MiB (1 M one-word slots). Pons' solver has 80 MiB; ours was 64
/// MiB until one-word slots (issue 33). A table that stays in the processor's caches makes
/// each probe cheaper than the extra nodes of a smaller table cost: on Pons' `Test_L2_R2` and
/// `Test_L1_R2`, and on the empty 6 x 6 board, 8 MiB solved in less time than 64 MiB (see
/// `benches/README.md`).
pub const DEFAULT_TABLE_BYTES: usize = 8 << 20;

/// What to compute besides the score.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// Also the score of every column (each child solved exactly).
    pub all_moves: bool,
    /// Only win (1), draw (0) or loss (-1), for the score and the columns.
    pub weak: bool,
    /// Node, time, cancel and memory limits for the whole call (the memory limit counts the
    /// table, allocated up front: below its size the solve stops at once).
    pub limits: Limits,
}

/// The answer for one position. Scores are for the player to move (the test files'
/// convention); columns are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The score (weak: 1, 0 or -1).
    pub score: Value,
    /// Whether `score` is a weak one.
    pub weak: bool,
    /// The columns that achieve `score`, left to right; empty when the game is over.
    pub best: Vec<u32>,
    /// With `all_moves`: per column (index 0 = column 1), the score of playing it for the
    /// player to move, `None` for a full column. Empty otherwise.
    pub columns: Vec<Option<Value>>,
    /// The work: all null-window tests of the score, of the best columns and of the columns.
    pub stats: Stats,
    /// The work of the score alone (what the test protocol's figures count).
    pub score_stats: Stats,
}

/// Why a solve gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// A limit stopped the search.
    #[error("stopped by the {0}")]
    Stopped(LimitKind),
}

/// A solver: the game, the core's alpha-beta searcher with its fixed-size table (kept across
/// positions, as it stays valid for the same game), and the narrowing rule.
#[derive(Debug)]
pub struct Solver {
    game: Connect4,
    search: AlphaBeta<Connect4>,
    narrowing: Narrowing,
    /// Scores looked up before any search (see [`Solver::with_book`]).
    book: Option<Arc<Book>>,
}

/// The value of a position the search stops at without an end: never used when solving to the
/// end of the game, but the core asks for one.
fn no_eval(_: &Position) -> Value {
    0
}

impl Solver {
    /// A solver for `game` with a fixed table of one-word slots ([`TranspositionTable::words`]:
    /// 8 bytes, a power of two of them; 16-byte slots where a board's key leaves no room in a
    /// word) of at most `table_bytes` bytes, bisecting like Pons, with
    /// the core's enhanced transposition cutoffs on (about 20% fewer nodes on the test sets).
    ///
    /// # Examples
    /// ```
    /// use searchlab_connect4::{Connect4, SolveOptions, Solver};
    /// let game = Connect4::standard();
    /// let mut solver = Solver::new(game.clone(), 1 << 20);
    /// let pos = game.board().parse("2252576253462244111563365343671351441").unwrap();
    /// let answer = solver.solve(&pos, &SolveOptions::default()).unwrap();
    /// assert_eq!(answer.score, -1); // from Test_L3_R1
    /// ```
    pub fn new(game: Connect4, table_bytes: usize) -> Self {
        let m = game.max_score();
        let config = AlphaBetaConfig::new()
            .with_value_range(-m, m)
            .with_etc(true)
            .with_pv(false);
        let table = TranspositionTable::words(table_bytes, game.board().key_bits());
        let search = AlphaBeta::with_table(config, table);
        Solver {
            game,
            search,
            narrowing: Narrowing::Bisect,
            book: None,
        }
    }

    /// Another solver of the same game on the SAME table (for another thread: what one
    /// learns, the other reads), if the table's slots are one word each
    /// ([`TranspositionTable::share`]); `None` otherwise. The book is shared too.
    pub fn sharing(&self) -> Option<Solver> {
        let table = self.search.table().share()?;
        let search = AlphaBeta::with_table(self.search.config().clone(), table);
        Some(Solver {
            game: self.game.clone(),
            search,
            narrowing: self.narrowing,
            book: self.book.clone(),
        })
    }

    /// Whether [`Solver::new`] on `board` with `table_bytes` makes a table that
    /// [`Solver::sharing`] can share.
    pub fn table_shareable(board: &Board, table_bytes: usize) -> bool {
        TranspositionTable::<Position>::words_fit(table_bytes, board.key_bits())
    }

    /// Replaces the compact table by the core's full-key fixed table
    /// ([`TranspositionTable::fixed`], 56-byte slots holding the whole position) of the same
    /// size: the table this solver used before the compact one, kept as the oracle the
    /// compact table is tested against.
    pub fn with_full_key_table(mut self) -> Self {
        let bytes = self.table_bytes();
        self.search.set_table(TranspositionTable::fixed(bytes));
        self
    }

    /// Answers every position the opening `book` holds without a search (the score, and so
    /// the best columns and every column's score when the children are in the book too).
    /// The search itself does not consult the book.
    pub fn with_book(mut self, book: Arc<Book>) -> Self {
        self.book = Some(book);
        self
    }

    /// Whether the opening book holds `pos`.
    pub(crate) fn book_has(&self, pos: &Position) -> bool {
        (self.book.as_ref()).is_some_and(|b| b.get(self.game.board(), pos).is_some())
    }

    /// Uses `narrowing` for the score tests (bisection by default).
    pub fn with_narrowing(mut self, narrowing: Narrowing) -> Self {
        self.narrowing = narrowing;
        self
    }

    /// Turns the core's enhanced transposition cutoffs on or off.
    pub fn with_etc(mut self, on: bool) -> Self {
        let config = self.search.config().clone().with_etc(on);
        self.search.set_config(config);
        self
    }

    /// The game.
    pub fn game(&self) -> &Connect4 {
        &self.game
    }

    /// The bytes of the table [`Solver::new`] allocates for `table_bytes` on `board`.
    pub fn table_size(board: &Board, table_bytes: usize) -> usize {
        TranspositionTable::<Position>::words_bytes(table_bytes, board.key_bits())
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.search.table().memory_bytes()
    }

    /// The table's number of slots.
    pub fn table_slots(&self) -> usize {
        self.search.table().capacity()
    }

    /// Empties the table (O(1)), e.g. to time each position from a cold table.
    pub fn reset(&mut self) {
        self.search.clear_table();
    }

    /// The score of `pos` for the player to move, its best columns, and with
    /// `options.all_moves` every column's score.
    ///
    /// # Complexity
    /// Exponential in the empty cells in the worst case; a few null-window tests, each an
    /// alpha-beta search with the table, per score.
    ///
    /// # Errors
    /// [`SolveError::Stopped`] when a limit stops the search, with the work done until then.
    #[allow(
        clippy::result_large_err,
        reason = "one call per position; the statistics go back with the error, boxing them buys nothing"
    )]
    pub fn solve(
        &mut self,
        pos: &Position,
        options: &SolveOptions,
    ) -> Result<Analysis, (SolveError, Stats)> {
        // A trace numbers every null-window test of the solve 1, 2, 3..., as its statistics
        // list them.
        self.search.number_searches_on(true);
        let analysis = tallied(|start, stats| self.analyse(pos, options, start, stats));
        self.search.number_searches_on(false);
        analysis
    }

    /// [`solve`](Self::solve)'s work, counted in `stats` as it goes (so that a stopped solve
    /// still reports what it did).
    fn analyse(
        &mut self,
        pos: &Position,
        options: &SolveOptions,
        start: Instant,
        stats: &mut Stats,
    ) -> Result<Analysis, SolveError> {
        let weak = options.weak;
        let score = self.score(pos, weak, &options.limits, start, stats)?;
        let score_stats = stats.clone();
        let board = self.game.board().clone();
        let over = board.last_move_won(pos) || pos.stones() == board.cells();
        let mut best = Vec::new();
        let mut columns = Vec::new();
        if !over {
            for col in 0..board.width() as u8 {
                let playable = board.can_play(pos, col);
                let child = playable.then(|| board.play(pos, col));
                if options.all_moves {
                    let col_score = match child {
                        Some(child) => {
                            Some(-self.score(&child, weak, &options.limits, start, stats)?)
                        }
                        None => None,
                    };
                    columns.push(col_score);
                    if col_score == Some(score) {
                        best.push(u32::from(col) + 1);
                    }
                } else if let Some(child) = child {
                    // All moves lose (weakly): every column is as good as any. Otherwise one
                    // test: does this column reach the score?
                    let reaches = (weak && score == -1)
                        || self.at_least(&child, score, &options.limits, start, stats)?;
                    if reaches {
                        best.push(u32::from(col) + 1);
                    }
                }
            }
        }
        stats.elapsed = start.elapsed();
        Ok(Analysis {
            score,
            weak,
            best,
            columns,
            stats: std::mem::take(stats),
            score_stats,
        })
    }

    /// The score of `pos` for its mover (weak: its sign), adding the work to `stats`.
    pub(crate) fn score(
        &mut self,
        pos: &Position,
        weak: bool,
        limits: &Limits,
        start: Instant,
        stats: &mut Stats,
    ) -> Result<Value, SolveError> {
        let known = self.game.decided(pos).or_else(|| {
            self.book
                .as_ref()
                .and_then(|book| book.get(self.game.board(), pos))
        });
        if let Some(score) = known {
            stats.generated += 1;
            stats.leaves += 1;
            return Ok(if weak { score.signum() } else { score });
        }
        let m = self.game.max_score();
        let range = if weak { (-1, 1) } else { (-m, m) };
        let value = self.test(pos, range, limits, start, stats)?;
        Ok(self.game.to_value(pos, value))
    }

    /// Whether playing into `child` scores at least `score` for the player who moved.
    pub(crate) fn at_least(
        &mut self,
        child: &Position,
        score: Value,
        limits: &Limits,
        start: Instant,
        stats: &mut Stats,
    ) -> Result<bool, SolveError> {
        // The mover's score >= s  <=>  the child's mover's score <= -s. In Max's values: if
        // Max moves at the child, value <= -s; else value >= s. One test each.
        let child_max = self.game.to_move(child) == searchlab_core::Player::Max;
        let range = if child_max {
            (-score, -score + 1)
        } else {
            (score - 1, score)
        };
        let value = self.test(child, range, limits, start, stats)?;
        Ok(if child_max {
            value == -score
        } else {
            value == score
        })
    }

    /// The value (for Max) of `pos` clamped to `range`, by the core's null-window driver.
    fn test(
        &mut self,
        pos: &Position,
        range: (Value, Value),
        limits: &Limits,
        start: Instant,
        stats: &mut Stats,
    ) -> Result<Value, SolveError> {
        // The table is the search's memory, allocated up front: a limit below it stops at once.
        if limits
            .max_memory
            .is_some_and(|m| m < self.table_bytes() as u64)
        {
            return Err(SolveError::Stopped(LimitKind::Memory));
        }
        let config = self
            .search
            .config()
            .clone()
            .with_limits(limits.left_after(start, stats));
        self.search.set_config(config);
        let run = mtdf(
            &mut self.search,
            &self.game,
            pos,
            &no_eval,
            range,
            self.narrowing,
        );
        *stats += &run.stats;
        match run.outcome {
            GameOutcome::Solved(solution) => Ok(solution.value),
            GameOutcome::Stopped { limit, .. } => Err(SolveError::Stopped(limit)),
        }
    }

    /// `count` random positions with `stones` in `lo..=hi` stones (uniform), none of them
    /// over (no four in a row, not full), each with its score: the test files' format.
    ///
    /// Each position is built by random moves among those that do not complete four in a row;
    /// a position where no such move is left is thrown away and drawn again.
    pub fn generate(
        &mut self,
        count: usize,
        stones: (u32, u32),
        seed: u64,
        limits: &Limits,
    ) -> Result<Vec<(String, Value)>, GenError> {
        let board = self.game.board().clone();
        let (lo, hi) = stones;
        if lo > hi || hi >= board.cells() {
            return Err(GenError::Stones {
                lo,
                hi,
                cells: board.cells(),
            });
        }
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::with_capacity(count);
        let options = SolveOptions {
            limits: limits.clone(),
            ..SolveOptions::default()
        };
        while out.len() < count {
            let n = lo + rng.below(u64::from(hi - lo + 1)) as u32;
            let Some(moves) = random_moves(&board, n, &mut rng) else {
                continue;
            };
            let pos = board.parse(&moves).expect("generated moves are legal");
            let score = self.score_only(&pos, &options)?;
            out.push((moves, score));
        }
        Ok(out)
    }

    /// The score alone (no best columns), e.g. for generating and benchmarking.
    pub fn score_only(
        &mut self,
        pos: &Position,
        options: &SolveOptions,
    ) -> Result<Value, SolveError> {
        let mut stats = Stats::default();
        self.score(
            pos,
            options.weak,
            &options.limits,
            Instant::now(),
            &mut stats,
        )
    }

    /// The score alone with the work it took.
    pub fn score_with_stats(
        &mut self,
        pos: &Position,
        options: &SolveOptions,
    ) -> Result<(Value, Stats), SolveError> {
        let start = Instant::now();
        let mut stats = Stats::default();
        let score = self.score(pos, options.weak, &options.limits, start, &mut stats)?;
        stats.elapsed = start.elapsed();
        Ok((score, stats))
    }
}

/// Runs `analyse` with a clock started now and an empty tally; a stopped run gives back the
/// tally, timed, with its error (the solve of [`Solver`] and of the parallel solver).
#[allow(
    clippy::result_large_err,
    reason = "one call per position; the statistics go back with the error"
)]
pub(crate) fn tallied(
    analyse: impl FnOnce(Instant, &mut Stats) -> Result<Analysis, SolveError>,
) -> Result<Analysis, (SolveError, Stats)> {
    let start = Instant::now();
    let mut stats = Stats::default();
    analyse(start, &mut stats).map_err(|e| {
        stats.elapsed = start.elapsed();
        (e, stats)
    })
}

/// `n` random moves that never complete four in a row, as a move string; `None` when the
/// game got stuck (every playable column would win).
fn random_moves(board: &Board, n: u32, rng: &mut SplitMix64) -> Option<String> {
    let mut pos = Position::default();
    let mut moves = String::new();
    let mut choices = Vec::new();
    for _ in 0..n {
        choices.clear();
        for col in 0..board.width() as u8 {
            if board.can_play(&pos, col) && !board.last_move_won(&board.play(&pos, col)) {
                choices.push(col);
            }
        }
        if choices.is_empty() {
            return None;
        }
        let col = choices[rng.below(choices.len() as u64) as usize];
        pos = board.play(&pos, col);
        moves.push(char::from_digit(u32::from(col) + 1, 10)?);
    }
    Some(moves)
}

/// Why the generator refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenError {
    /// The stone range is empty or reaches a full board.
    #[error("stones {lo}-{hi}: need lo <= hi < {cells} (a position with an empty cell)")]
    Stones {
        /// Fewest stones.
        lo: u32,
        /// Most stones.
        hi: u32,
        /// Cells of the board.
        cells: u32,
    },
    /// A limit stopped the scoring.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// One line of a test set: a position and its expected score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// The move string as written.
    pub moves: String,
    /// The position.
    pub position: Position,
    /// The expected score for the player to move.
    pub score: Value,
}

/// Why a test-set line is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// Not two fields.
    #[error("expected \"POSITION SCORE\", found {0} field(s)")]
    Fields(usize),
    /// The score is no integer.
    #[error("score {0:?} is not an integer")]
    Score(String),
    /// The score is beyond any game on this board.
    #[error("score {score} is outside -{max}..={max}")]
    ScoreRange {
        /// The score written.
        score: Value,
        /// The largest possible.
        max: Value,
    },
    /// The position is illegal.
    #[error("position: {0}")]
    Position(#[from] ParseError),
}

/// Parses a test-set line `POSITION SCORE` (Pons' format) on `game`'s board.
///
/// # Examples
/// ```
/// use searchlab_connect4::{parse_test_line, Connect4, LineError};
/// let game = Connect4::standard();
/// assert_eq!(parse_test_line(&game, "2252576253462244111563365343671351441 -1").unwrap().score, -1);
/// assert_eq!(parse_test_line(&game, "44"), Err(LineError::Fields(1)));
/// assert!(matches!(parse_test_line(&game, "48 0"), Err(LineError::Position(_))));
/// ```
pub fn parse_test_line(game: &Connect4, line: &str) -> Result<TestCase, LineError> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [moves, score] = fields[..] else {
        return Err(LineError::Fields(fields.len()));
    };
    let score: Value = score
        .parse()
        .map_err(|_| LineError::Score(score.to_string()))?;
    let max = game.max_score();
    if score.abs() > max {
        return Err(LineError::ScoreRange { score, max });
    }
    let position = game.board().parse(moves)?;
    Ok(TestCase {
        moves: moves.to_string(),
        position,
        score,
    })
}

/// `n` as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st, ...
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What `score` (for the player to move in `pos`) means, in words: who wins and with which of
/// its stones, e.g. "x wins with its 4th-last stone (its 18th, the game's 35th)". `x` is the
/// first player. A weak score says only who wins.
///
/// # Examples
/// ```
/// use searchlab_connect4::{describe_score, Board};
/// let board = Board::standard();
/// let empty = board.parse("").unwrap();
/// assert_eq!(describe_score(&board, &empty, 1, false), "x wins with its last stone (its 21st, the game's 41st)");
/// assert_eq!(describe_score(&board, &empty, 0, false), "draw");
/// assert_eq!(describe_score(&board, &board.parse("4").unwrap(), 4, true), "o wins");
/// ```
pub fn describe_score(board: &Board, pos: &Position, score: Value, weak: bool) -> String {
    if score == 0 {
        return "draw".to_string();
    }
    let mover_is_x = pos.stones().is_multiple_of(2);
    let winner_is_x = mover_is_x == (score > 0);
    let name = if winner_is_x { "x" } else { "o" };
    if weak {
        return format!("{name} wins");
    }
    let s = score.unsigned_abs();
    let cells = board.cells();
    // The winning stone is dropped onto n stones, n of the winner's parity, with
    // (cells + 1 - n) / 2 = s: n is cells + 1 - 2s or cells - 2s.
    let parity = if winner_is_x { 0 } else { 1 };
    let n = [cells + 1, cells]
        .into_iter()
        .filter_map(|c| c.checked_sub(2 * s))
        .find(|n| n % 2 == parity);
    let Some(n) = n else {
        return format!("{name} wins (score {score} is out of range)");
    };
    let own = if winner_is_x {
        n / 2 + 1
    } else {
        n.div_ceil(2)
    };
    let last = if s == 1 {
        "its last stone".to_string()
    } else {
        format!("its {}-last stone", ordinal(s))
    };
    format!(
        "{name} wins with {last} (its {}, the game's {})",
        ordinal(own),
        ordinal(n + 1)
    )
}
