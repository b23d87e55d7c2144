//! An opening book: the exact score of every position up to a number of stones, built by the
//! solver itself on both cores, folded by the board's left-right symmetry, for any board size.
//!
//! A book is a map from a position's canonical key (the smaller of its [`PackedKey`] and its
//! mirror image's) to its score for the player to move. Positions whose game is over (four in
//! a row) are left out. The text file is a header line `connect4-book WIDTH HEIGHT DEPTH` and one
//! line `KEY SCORE` per position, keys ascending, so a build is deterministic.
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

use searchlab_core::{PackedKey, Value};
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
    scores: BTreeMap<u64, Value>,
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
        let board = game.board().clone();
        let positions = open_positions(&board, depth);
        let total = positions.len();
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let scores = Mutex::new(BTreeMap::new());
        let progress = Mutex::new(progress);
        let failure: Mutex<Option<SolveError>> = Mutex::new(None);
        let (positions, next, done, scores, progress, failure, board) = (
            &positions, &next, &done, &scores, &progress, &failure, &board,
        );
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                // A game is used by one search at a time (its caches are not shared).
                let game = game.clone();
                scope.spawn(move || {
                    let mut solver = Solver::new(game, table_bytes);
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(pos) = positions.get(i) else { break };
                        match solver.score_only(pos, &SolveOptions::default()) {
                            Ok(score) => {
                                let key = canonical_key(board, pos);
                                scores.lock().expect("no panic").insert(key, score);
                            }
                            Err(e) => {
                                *failure.lock().expect("no panic") = Some(e);
                                next.store(usize::MAX / 2, Ordering::Relaxed);
                                break;
                            }
                        }
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        (progress.lock().expect("no panic"))(d, total);
                    }
                });
            }
        });
        if let Some(e) = failure.lock().expect("no panic").take() {
            return Err(e.into());
        }
        Ok(Book {
            width: board.width(),
            height: board.height(),
            depth,
            scores: std::mem::take(&mut *scores.lock().expect("no panic")),
        })
    }

    /// The score of `pos` for the player to move, if the book holds it.
    pub fn get(&self, board: &Board, pos: &Position) -> Option<Value> {
        if (board.width(), board.height()) != (self.width, self.height) {
            return None;
        }
        self.scores.get(&canonical_key(board, pos)).copied()
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

    /// The book as text (see the module doc).
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "connect4-book {} {} {}\n",
            self.width, self.height, self.depth
        );
        for (key, score) in &self.scores {
            out.push_str(&format!("{key} {score}\n"));
        }
        out
    }

    /// Reads a book written by [`Book::to_text`] for `board`.
    pub fn from_text(board: &Board, text: &str) -> Result<Book, BookError> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or("");
        let fields: Vec<&str> = header.split_whitespace().collect();
        let nums: Vec<u32> = fields
            .iter()
            .skip(1)
            .filter_map(|f| f.parse().ok())
            .collect();
        let (["connect4-book", _, _, _], [width, height, depth]) = (&fields[..], &nums[..]) else {
            return Err(BookError::Header(header.to_string()));
        };
        if (*width, *height) != (board.width(), board.height()) {
            return Err(BookError::Board {
                book_w: *width,
                book_h: *height,
                w: board.width(),
                h: board.height(),
            });
        }
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
