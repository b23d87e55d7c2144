//! An opening book: the exact score of every position up to a number of stones, built by the
//! solver itself on both cores, folded by the board's left-right symmetry, for any board size.
//!
//! A book is a map from a position's canonical key (the smaller of its [`PackedKey`] and its
//! mirror image's) to its score for the player to move. Positions whose game is over (four in
//! a row) are left out. The text file is a header line `connect4-book WIDTH HEIGHT DEPTH` and one
//! line `KEY SCORE` per position, keys ascending, so a build is deterministic. A build that was
//! stopped writes its checkpoint with `partial` after the depth: every entry is exact, some
//! positions are missing, and [`Book::build_with`] continues it ([`BuildOptions::resume`]).
//!
//! ```
//! use searchlab_connect4::{Board, Book, Connect4, Rules, SolveOptions, Solver};
//!
//! let game = Connect4::new(Board::new(5, 4).unwrap(), Rules::Shortcuts);
//! let book = Book::build(&game, 2, 1 << 20, 2, &mut |_, _| {}).unwrap();
//! let pos = game.board().parse("31").unwrap();
//! let mut solver = Solver::new(game.clone(), 1 << 20);
//! assert_eq!(book.get(game.board(), &pos), Some(solver.score_only(&pos, &SolveOptions::default()).unwrap()));
//! // "35" is the mirror image of "31": one entry serves both.
//! assert_eq!(book.get(game.board(), &game.board().parse("35").unwrap()), book.get(game.board(), &pos));
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use searchlab_core::{Limits, PackedKey, Value};
use thiserror::Error;

use crate::board::{Board, Position};
use crate::game::Connect4;
use crate::solver::{SolveError, SolveOptions, Solver};
#[cfg(test)]
use std::sync::Arc;

/// Exact scores of every open position with at most `depth` stones (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    width: u32,
    height: u32,
    depth: u32,
    /// Whether some positions up to `depth` are missing (a stopped build's checkpoint).
    partial: bool,
    scores: BTreeMap<u64, Value>,
}

/// How [`Book::build_with`] works.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The most stones of a position in the book.
    pub depth: u32,
    /// Each thread's table, in bytes.
    pub table_bytes: usize,
    /// Threads, each solving whole positions with a [`Solver`] of its own.
    pub threads: usize,
    /// Limits of each position's solve (a cancel flag stops the build, which then hands the
    /// positions finished so far to the last checkpoint).
    pub limits: Limits,
    /// How often the book so far is handed to the checkpoint callback.
    pub checkpoint_every: Duration,
    /// A partial book of the same board and depth to continue: its positions are not solved
    /// again.
    pub resume: Option<Book>,
}

/// What [`Book::build_with`] reports while it works.
#[derive(Debug)]
pub enum BuildEvent<'a> {
    /// One more position solved: `done` of `total` (the resumed ones counted as done).
    Solved {
        /// Positions known.
        done: usize,
        /// Positions of the whole book.
        total: usize,
    },
    /// The book so far (marked partial): worth saving. Also sent once when a solve stops the
    /// build, with everything finished before.
    Checkpoint(&'a Book),
}

/// Why a book file is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    /// The first line is not `connect4-book WIDTH HEIGHT DEPTH`.
    #[error("line 1: expected \"connect4-book WIDTH HEIGHT DEPTH\", found {0:?}")]
    Header(String),
    /// A line is not `KEY SCORE` with a score on the board.
    #[error("line {line}: expected \"KEY SCORE\" (a score in -{max}..={max}), found {found:?}")]
    Line {
        /// The line number (1-based).
        line: usize,
        /// What it holds.
        found: String,
        /// The largest score on the book's board.
        max: Value,
    },
    /// The book is for another board.
    #[error("the book is for {book_w} x {book_h}, the board is {w} x {h}")]
    Board {
        /// The book's width.
        book_w: u32,
        /// The book's height.
        book_h: u32,
        /// The board's width.
        w: u32,
        /// The board's height.
        h: u32,
    },
    /// A solve was stopped.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The book to continue is for another depth.
    #[error("the book to continue has depth {book}, the build asks for {asked}")]
    Depth {
        /// The partial book's depth.
        book: u32,
        /// The depth asked for.
        asked: u32,
    },
    /// The checkpoint callback failed (e.g. a full disk): the build stops.
    #[error("checkpoint: {0}")]
    Checkpoint(String),
}

/// The mirror image of `pos` (column `c` becomes column `W - 1 - c`).
pub fn mirror(board: &Board, pos: &Position) -> Position {
    let mut out = Position::default();
    // Replaying column by column keeps the stone count right; stones are copied per column.
    let (w, h) = (board.width(), board.height());
    let mut current = 0u64;
    let mut mask = 0u64;
    for c in 0..w {
        let shift = c * (h + 1);
        let col = (1u64 << h) - 1;
        let to = (w - 1 - c) * (h + 1);
        current |= ((pos.current >> shift) & col) << to;
        mask |= ((pos.mask >> shift) & col) << to;
    }
    out.current = current;
    out.mask = mask;
    out.with_stones(pos.stones())
}

/// The key a book files `pos` under: the smaller of its key and its mirror's.
pub fn canonical_key(board: &Board, pos: &Position) -> u64 {
    pos.packed().min(mirror(board, pos).packed())
}

impl Book {
    /// Builds the book of `game`'s board up to `depth` stones: every open position reachable
    /// from the empty board, folded by symmetry, each solved exactly by its own [`Solver`] of
    /// `table_bytes` on `threads` threads. `progress(done, total)` is called after each
    /// position (from the threads, in no fixed order; the book itself is deterministic).
    ///
    /// # Complexity
    /// One full solve per position; on 7 x 6 there are 1, 5, 30, 151, 719, 2,863, 11,094,
    /// 38,203 and 129,498 positions (after folding) with at most 0, 1, ..., 8 stones, and the
    /// positions with the fewest stones are the hardest (the empty board alone takes tens of
    /// CPU minutes).
    pub fn build(
        game: &Connect4,
        depth: u32,
        table_bytes: usize,
        threads: usize,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<Book, BookError> {
        let options = BuildOptions {
            depth,
            table_bytes,
            threads,
            limits: Limits::none(),
            checkpoint_every: Duration::MAX,
            resume: None,
        };
        Book::build_with(game, &options, &mut |event| {
            if let BuildEvent::Solved { done, total } = event {
                progress(done, total);
            }
            Ok(())
        })
    }

    /// The positions a book of `board` up to `depth` stones holds when complete (after
    /// folding), counted without solving any.
    pub fn count(board: &Board, depth: u32) -> usize {
        open_positions(board, depth).len()
    }

    /// [`Book::build`] with checkpoints, limits and a partial book to continue (see
    /// [`BuildOptions`]). Positions are solved from the most stones to the fewest (the quick
    /// ones first, so the progress moves at once). `events` is called from the threads, one
    /// call at a time; an error it returns stops the build ([`BookError::Checkpoint`]).
    ///
    /// ```
    /// use searchlab_connect4::{Board, Book, BuildEvent, BuildOptions, Connect4, Rules};
    /// use searchlab_core::Limits;
    /// use std::time::Duration;
    ///
    /// let game = Connect4::new(Board::new(5, 4).unwrap(), Rules::Shortcuts);
    /// let mut options = BuildOptions {
    ///     depth: 2, table_bytes: 1 << 20, threads: 2, limits: Limits::none(),
    ///     checkpoint_every: Duration::ZERO, resume: None,
    /// };
    /// let mut saved = None;
    /// let whole = Book::build_with(&game, &options, &mut |e| {
    ///     if let BuildEvent::Checkpoint(b) = e { saved.get_or_insert(b.to_text()); }
    ///     Ok(())
    /// }).unwrap();
    /// // The first checkpoint held one position: continuing it gives the same book.
    /// let first = Book::from_text(game.board(), &saved.unwrap()).unwrap();
    /// assert!(first.is_partial() && first.len() == 1);
    /// options.resume = Some(first);
    /// let resumed = Book::build_with(&game, &options, &mut |_| Ok(())).unwrap();
    /// assert_eq!(resumed, whole);
    /// ```
    pub fn build_with(
        game: &Connect4,
        options: &BuildOptions,
        events: &mut (dyn FnMut(BuildEvent<'_>) -> Result<(), String> + Send),
    ) -> Result<Book, BookError> {
        let board = game.board().clone();
        let depth = options.depth;
        let mut known = BTreeMap::new();
        if let Some(book) = &options.resume {
            if (book.width, book.height) != (board.width(), board.height()) {
                return Err(BookError::Board {
                    book_w: book.width,
                    book_h: book.height,
                    w: board.width(),
                    h: board.height(),
                });
            }
            if book.depth != depth {
                return Err(BookError::Depth {
                    book: book.depth,
                    asked: depth,
                });
            }
            known = book.scores.clone();
        }
        let all = open_positions(&board, depth);
        let total = all.len();
        let mut positions: Vec<Position> = all
            .into_iter()
            .filter(|p| !known.contains_key(&canonical_key(&board, p)))
            .collect();
        // Most stones first (stable: keys ascending within a count).
        positions.sort_by_key(|p| std::cmp::Reverse(p.stones()));
        let snapshot = |scores: &BTreeMap<u64, Value>, partial| Book {
            width: board.width(),
            height: board.height(),
            depth,
            partial,
            scores: scores.clone(),
        };
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(total - positions.len());
        let scores = Mutex::new(known);
        let last_checkpoint = Mutex::new(Instant::now());
        let events = Mutex::new(events);
        let failure: Mutex<Option<BookError>> = Mutex::new(None);
        let (positions, next, done, scores, events, failure, board_ref, last, snap) = (
            &positions,
            &next,
            &done,
            &scores,
            &events,
            &failure,
            &board,
            &last_checkpoint,
            &snapshot,
        );
        let fail = |e: BookError| {
            failure.lock().expect("no panic").get_or_insert(e);
            next.store(usize::MAX / 2, Ordering::Relaxed);
        };
        let fail = &fail;
        std::thread::scope(|scope| {
            for _ in 0..options.threads.max(1) {
                // A game is used by one search at a time (its caches are not shared).
                let game = game.clone();
                let limits = &options.limits;
                scope.spawn(move || {
                    let mut solver = Solver::new(game, options.table_bytes);
                    let solve = SolveOptions {
                        limits: limits.clone(),
                        ..SolveOptions::default()
                    };
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(pos) = positions.get(i) else { break };
                        match solver.score_only(pos, &solve) {
                            Ok(score) => {
                                let key = canonical_key(board_ref, pos);
                                scores.lock().expect("no panic").insert(key, score);
                            }
                            Err(e) => {
                                fail(e.into());
                                break;
                            }
                        }
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        let mut events = events.lock().expect("no panic");
                        let mut result = (events)(BuildEvent::Solved { done: d, total });
                        let mut last = last.lock().expect("no panic");
                        if result.is_ok() && last.elapsed() >= options.checkpoint_every {
                            let book = snap(&scores.lock().expect("no panic"), true);
                            result = (events)(BuildEvent::Checkpoint(&book));
                            *last = Instant::now();
                        }
                        if let Err(e) = result {
                            fail(BookError::Checkpoint(e));
                            break;
                        }
                    }
                });
            }
        });
        let scores = std::mem::take(&mut *scores.lock().expect("no panic"));
        if let Some(e) = failure.lock().expect("no panic").take() {
            // Whatever was finished is handed over once more before the error.
            if !matches!(e, BookError::Checkpoint(_)) {
                let mut events = events.lock().expect("no panic");
                (events)(BuildEvent::Checkpoint(&snapshot(&scores, true)))
                    .map_err(BookError::Checkpoint)?;
            }
            return Err(e);
        }
        Ok(snapshot(&scores, false))
    }

    /// The score of `pos` for the player to move, if the book holds it.
    pub fn get(&self, board: &Board, pos: &Position) -> Option<Value> {
        if (board.width(), board.height()) != (self.width, self.height) {
            return None;
        }
        self.scores.get(&canonical_key(board, pos)).copied()
    }

    /// The best column (0-based) for the player to move in `pos` by the book: a column that
    /// wins at once, else the one whose position the book scores best for the mover (centre
    /// first among equals); `None` when some playable column's position is not in the book
    /// (positions with `depth` stones or more) or the game is over.
    ///
    /// ```
    /// use searchlab_connect4::{Board, Book, Connect4, Rules};
    /// let game = Connect4::new(Board::new(5, 4).unwrap(), Rules::Shortcuts);
    /// let book = Book::build(&game, 3, 1 << 20, 1, &mut |_, _| {}).unwrap();
    /// let board = game.board();
    /// let empty = board.parse("").unwrap();
    /// let col = book.best_move(board, &empty).unwrap();
    /// let child = board.play(&empty, col);
    /// assert_eq!(-book.get(board, &child).unwrap(), book.get(board, &empty).unwrap());
    /// assert_eq!(book.best_move(board, &board.parse("123").unwrap()), None); // 4 stones next
    /// ```
    pub fn best_move(&self, board: &Board, pos: &Position) -> Option<u8> {
        if board.last_move_won(pos) || pos.stones() >= board.cells() {
            return None;
        }
        let mut best: Option<(Value, u8)> = None;
        for &col in board.column_order() {
            if !board.can_play(pos, col) {
                continue;
            }
            let child = board.play(pos, col);
            if board.last_move_won(&child) {
                return Some(col);
            }
            let score = -self.get(board, &child)?;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, col));
            }
        }
        best.map(|(_, col)| col)
    }

    /// The positions held (after folding).
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The most stones of a position in the book.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Whether positions up to the depth are missing (a stopped build's checkpoint).
    pub fn is_partial(&self) -> bool {
        self.partial
    }

    /// The board's width and height.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The book as text (see the module doc).
    pub fn to_text(&self) -> String {
        let partial = if self.partial { " partial" } else { "" };
        let mut out = format!(
            "connect4-book {} {} {}{partial}\n",
            self.width, self.height, self.depth
        );
        for (key, score) in &self.scores {
            out.push_str(&format!("{key} {score}\n"));
        }
        out
    }

    /// Reads a book written by [`Book::to_text`] for `board`.
    pub fn from_text(board: &Board, text: &str) -> Result<Book, BookError> {
        let header = text.lines().next().unwrap_or("");
        let fields: Vec<&str> = header.split_whitespace().collect();
        let (width, height) = match fields[..] {
            ["connect4-book", w, h, ..] => (w.parse().ok(), h.parse().ok()),
            _ => (None, None),
        };
        let Some((width, height)) = width.zip(height) else {
            return Err(BookError::Header(header.to_string()));
        };
        Book::from_text_any(text).and_then(|book| {
            if (width, height) == (board.width(), board.height()) {
                Ok(book)
            } else {
                Err(BookError::Board {
                    book_w: width,
                    book_h: height,
                    w: board.width(),
                    h: board.height(),
                })
            }
        })
    }

    /// Reads a book written by [`Book::to_text`] for whichever board its header names.
    pub fn from_text_any(text: &str) -> Result<Book, BookError> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or("");
        let mut fields: Vec<&str> = header.split_whitespace().collect();
        let partial = fields.last() == Some(&"partial");
        if partial {
            fields.pop();
        }
        let nums: Vec<u32> = fields
            .iter()
            .skip(1)
            .filter_map(|f| f.parse().ok())
            .collect();
        let (["connect4-book", _, _, _], [width, height, depth]) = (&fields[..], &nums[..]) else {
            return Err(BookError::Header(header.to_string()));
        };
        let board =
            Board::new(*width, *height).map_err(|_| BookError::Header(header.to_string()))?;
        let max = board.cells().div_ceil(2) as Value;
        let mut scores = BTreeMap::new();
        for (i, line) in lines.enumerate() {
            let bad = || BookError::Line {
                line: i + 2,
                found: line.to_string(),
                max,
            };
            let mut parts = line.split_whitespace();
            let (Some(key), Some(score), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(bad());
            };
            let key: u64 = key.parse().map_err(|_| bad())?;
            let score: Value = score.parse().map_err(|_| bad())?;
            if score.abs() > max {
                return Err(bad());
            }
            scores.insert(key, score);
        }
        Ok(Book {
            width: *width,
            height: *height,
            depth: *depth,
            partial,
            scores,
        })
    }
}

/// Every open position (no four in a row) with at most `depth` stones, one per symmetry class,
/// in the order of their canonical keys.
fn open_positions(board: &Board, depth: u32) -> Vec<Position> {
    let mut seen = BTreeSet::new();
    let mut out = BTreeMap::new();
    let mut layer = vec![Position::default()];
    for stones in 0..=depth.min(board.cells()) {
        let mut next = Vec::new();
        for pos in layer {
            if board.last_move_won(&pos) || !seen.insert(canonical_key(board, &pos)) {
                continue;
            }
            out.insert(canonical_key(board, &pos), pos);
            if stones < depth && pos.stones() < board.cells() {
                for col in 0..board.width() as u8 {
                    if board.can_play(&pos, col) {
                        next.push(board.play(&pos, col));
                    }
                }
            }
        }
        layer = next;
    }
    out.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    #[test]
    fn mirror_is_an_involution_and_keeps_the_score() {
        let board = Board::standard();
        let pos = board.parse("4452213").unwrap();
        let m = mirror(&board, &pos);
        assert_eq!(m, board.parse("4436675").unwrap());
        assert_eq!(mirror(&board, &m), pos);
        assert_eq!(canonical_key(&board, &pos), canonical_key(&board, &m));
    }

    #[test]
    fn positions_are_counted_once_per_symmetry_class() {
        // 7 x 6 after 0, 1, 2 stones: 1; 4 of 7 first moves (1-7, 2-6, 3-5, 4); 49 two-stone
        // positions of which only "44" is its own mirror image: (49 + 1) / 2 = 25.
        let board = Board::standard();
        let count = |d| open_positions(&board, d).len();
        assert_eq!((count(0), count(1), count(2)), (1, 5, 30));
    }

    #[test]
    fn every_entry_equals_a_direct_solve_and_the_text_round_trips() {
        let game = Connect4::new(Board::new(5, 4).unwrap(), Rules::Shortcuts);
        let board = game.board().clone();
        let mut calls = 0;
        let book = Book::build(&game, 6, 1 << 20, 2, &mut |_, _| calls += 1).unwrap();
        assert_eq!(calls, book.len());
        let mut solver = Solver::new(game.clone(), 1 << 20);
        for pos in open_positions(&board, 6) {
            let direct = solver.score_only(&pos, &SolveOptions::default()).unwrap();
            assert_eq!(book.get(&board, &pos), Some(direct), "{pos:?}");
            assert_eq!(book.get(&board, &mirror(&board, &pos)), Some(direct));
        }
        let text = book.to_text();
        assert!(text.starts_with("connect4-book 5 4 6\n"));
        assert_eq!(Book::from_text(&board, &text).unwrap(), book);
        // Built again on one thread: the same book.
        let again = Book::build(&game, 6, 1 << 20, 1, &mut |_, _| {}).unwrap();
        assert_eq!(again.to_text(), text);
        // With the book, the solver answers the empty board without a search.
        let mut booked = Solver::new(game.clone(), 1 << 20).with_book(Arc::new(book));
        let (score, stats) = booked
            .score_with_stats(&Position::default(), &SolveOptions::default())
            .unwrap();
        assert_eq!(
            score,
            solver
                .score_only(&Position::default(), &SolveOptions::default())
                .unwrap()
        );
        assert_eq!(stats.expanded, 0);
    }

    /// A build stopped part way (a failing checkpoint, a cancel) loses nothing: the last
    /// checkpoint, continued, gives the book built in one go.
    #[test]
    fn a_stopped_build_resumes_to_the_same_book() {
        let game = Connect4::new(Board::new(5, 4).unwrap(), Rules::Shortcuts);
        let whole = Book::build(&game, 5, 1 << 20, 2, &mut |_, _| {}).unwrap();
        let mut options = BuildOptions {
            depth: 5,
            table_bytes: 1 << 20,
            threads: 2,
            limits: Limits::none(),
            checkpoint_every: Duration::ZERO,
            resume: None,
        };
        // The writer fails at the 40th checkpoint: the 39th is on disk (39 positions or
        // more: another thread may have finished one before the snapshot).
        let mut saved = String::new();
        let mut calls = 0;
        let stopped = Book::build_with(&game, &options, &mut |e| {
            if let BuildEvent::Checkpoint(book) = e {
                calls += 1;
                if calls == 40 {
                    return Err("disk full".into());
                }
                saved = book.to_text();
            }
            Ok(())
        });
        assert_eq!(stopped, Err(BookError::Checkpoint("disk full".into())));
        let partial = Book::from_text(game.board(), &saved).unwrap();
        let n = partial.len();
        assert!(
            partial.is_partial() && (39..whole.len()).contains(&n),
            "{n}"
        );
        assert!(saved.starts_with("connect4-book 5 4 5 partial\n"));
        options.resume = Some(partial);
        let resumed = Book::build_with(&game, &options, &mut |_| Ok(())).unwrap();
        assert_eq!(resumed, whole);
        assert!(!resumed.is_partial());
        // A cancelled build hands over what it finished (here nothing beyond the resumed
        // part), then reports the stop.
        let cancel = searchlab_core::Cancel::new();
        cancel.cancel();
        options.limits = Limits::none().with_cancel(cancel);
        let mut last = None;
        let cancelled = Book::build_with(&game, &options, &mut |e| {
            if let BuildEvent::Checkpoint(book) = e {
                last = Some(book.len());
            }
            Ok(())
        });
        assert!(
            matches!(cancelled, Err(BookError::Solve(_))),
            "{cancelled:?}"
        );
        assert_eq!(last, Some(n));
        // Another depth is refused.
        options.depth = 4;
        assert!(matches!(
            Book::build_with(&game, &options, &mut |_| Ok(())),
            Err(BookError::Depth { book: 5, asked: 4 })
        ));
    }

    #[test]
    fn bad_books_are_refused_with_the_line() {
        let board = Board::new(5, 4).unwrap();
        assert!(matches!(
            Book::from_text(&board, "connect4-book 7 6 2\n"),
            Err(BookError::Board { book_w: 7, .. })
        ));
        assert!(matches!(
            Book::from_text(&board, "book 5 4 2\n"),
            Err(BookError::Header(_))
        ));
        assert!(matches!(
            Book::from_text(&board, "connect4-book 5 4 2\n12 3\n13 x\n"),
            Err(BookError::Line { line: 3, .. })
        ));
        assert!(matches!(
            Book::from_text(&board, "connect4-book 5 4 2\n12 99\n"),
            Err(BookError::Line {
                line: 2,
                max: 10,
                ..
            })
        ));
    }
}
