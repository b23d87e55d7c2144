//! The bitboard: geometry, positions, play, win detection, and parsing of move strings.
//!
//! Layout (Pons' and Tromp's): column `c` owns bits `c*(H+1) .. c*(H+1)+H`, bottom to top, plus
//! one always-empty bit above it, so that shifting a row of stones never wraps into the next
//! column. A position is two masks: the stones of the player to move and all stones. Adding
//! the bottom mask to the stones of a column fills its lowest empty cell, so playing is two
//! operations, and four in a row is four shifts and ands per direction.

use std::hash::{Hash, Hasher};

use searchlab_core::PackedKey;
use thiserror::Error;

/// Why a board size is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GeometryError {
    /// Columns are written as one digit each, so 1..=9 columns.
    #[error("width {0} is out of range: 1..=9 columns (one digit per move)")]
    Width(u32),
    /// At least one row.
    #[error("height {0} is out of range: at least 1 row")]
    Height(u32),
    /// The bitboard needs `width * (height + 1)` bits.
    #[error(
        "{width} x {height} does not fit a 64-bit bitboard: width * (height + 1) = {bits} > 64"
    )]
    TooLarge {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// Bits the board would need.
        bits: u32,
    },
}

/// Why a move string is refused. Moves are numbered from 1 in the string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not a digit at all.
    #[error("move {index}: {found:?} is not a column (digits 1..={width})")]
    NotADigit {
        /// The move's number in the string (1-based).
        index: usize,
        /// The character found.
        found: char,
        /// The board's width.
        width: u32,
    },
    /// A digit outside `1..=width`.
    #[error("move {index}: column {column} is out of range 1..={width}")]
    OutOfRange {
        /// The move's number (1-based).
        index: usize,
        /// The column written.
        column: u32,
        /// The board's width.
        width: u32,
    },
    /// The column has no empty cell.
    #[error("move {index}: column {column} is full")]
    ColumnFull {
        /// The move's number (1-based).
        index: usize,
        /// The column written (1-based).
        column: u32,
    },
    /// The game ended with an earlier move.
    #[error("move {index}: the game was already won by move {won_by}")]
    AfterWin {
        /// The move's number (1-based).
        index: usize,
        /// The move that completed four in a row.
        won_by: usize,
    },
}

/// A board size and the masks derived from it. Construct with [`Board::new`] or
/// [`Board::standard`] (7 x 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: u32,
    height: u32,
    /// One bit at the bottom of each column.
    bottom: u64,
    /// Every playable cell.
    full: u64,
    /// Columns, centre first, then alternately left and right of it (left first).
    order: Vec<u8>,
    /// The cells of each column (0 past the width).
    columns: [u64; 9],
}

/// A position: the stones of the player to move and all stones, built from the empty board
/// ([`Position::default`]) by [`Board::play`] or [`Board::parse`]. The number of stones (and
/// so who is to move) is the number of bits of `mask`.
///
/// Equal positions have equal keys `current + mask` (Pons: unique per position, since
/// `current + mask` sets exactly the cells of the mover plus one bit per column above its
/// stones), which is all the hash needs.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Position {
    /// Stones of the player to move.
    pub current: u64,
    /// All stones.
    pub mask: u64,
    /// The number of stones (the bits of `mask`), kept because counting bits without the
    /// POPCNT instruction (not in the x86-64 baseline the workspace builds for) takes a dozen
    /// instructions, and the search asks for it several times per position.
    stones: u32,
}

/// `Position { current: C, mask: M, stones: S }`, the form [`Position::from_debug`] reads
/// back: the search's traces receive states by their `Debug`, and a trace of Connect Four
/// turns them into the board's rows with the board's size ([`crate::Board::render`]).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Position {{ current: {}, mask: {}, stones: {} }}",
            self.current, self.mask, self.stones
        )
    }
}

impl Position {
    /// The position printed by its `Debug`, if `text` is one (see the `Debug` impl).
    ///
    /// ```
    /// use searchlab_connect4::Board;
    /// let board = Board::standard();
    /// let pos = board.parse("4455").unwrap();
    /// let text = format!("{pos:?}");
    /// assert_eq!(searchlab_connect4::Position::from_debug(&text), Some(pos));
    /// assert_eq!(searchlab_connect4::Position::from_debug("Cell { x: 1 }"), None);
    /// ```
    pub fn from_debug(text: &str) -> Option<Position> {
        let rest = text.strip_prefix("Position { current: ")?;
        let (current, rest) = rest.split_once(", mask: ")?;
        let (mask, rest) = rest.split_once(", stones: ")?;
        let stones = rest.strip_suffix(" }")?;
        Some(Position {
            current: current.parse().ok()?,
            mask: mask.parse().ok()?,
            stones: stones.parse().ok()?,
        })
    }
}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.current.wrapping_add(self.mask));
    }
}

/// The compact table's key: `current + mask`, one-to-one (see [`Position`]) and below 2^64 on
/// every board that fits the bitboard.
impl PackedKey for Position {
    #[inline]
    fn packed(&self) -> u64 {
        self.current.wrapping_add(self.mask)
    }
}

impl Position {
    /// The same stones with the count set to `n` (for a position built from masks: `n` must be
    /// the number of bits of `mask`).
    pub(crate) fn with_stones(mut self, n: u32) -> Self {
        debug_assert_eq!(n, self.mask.count_ones());
        self.stones = n;
        self
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stones(&self) -> u32 {
        self.stones
    }
}

impl Board {
    /// A `width` x `height` board (`width` in 1..=9, `width * (height + 1) <= 64`).
    ///
    /// # Examples
    /// ```
    /// use searchlab_connect4::Board;
    /// assert!(Board::new(8, 7).is_ok()); // 64 bits exactly
    /// assert!(Board::new(9, 7).is_err());
    /// ```
    pub fn new(width: u32, height: u32) -> Result<Self, GeometryError> {
        if !(1..=9).contains(&width) {
            return Err(GeometryError::Width(width));
        }
        if height == 0 {
            return Err(GeometryError::Height(height));
        }
        let bits = width.saturating_mul(height.saturating_add(1));
        if bits > 64 {
            return Err(GeometryError::TooLarge {
                width,
                height,
                bits,
            });
        }
        let mut bottom = 0u64;
        for c in 0..width {
            bottom |= 1 << (c * (height + 1));
        }
        let column = if height >= 64 {
            u64::MAX
        } else {
            (1u64 << height) - 1
        };
        let full = bottom.wrapping_mul(column);
        // Pons' order: width/2, then alternately one left and one right of it, outwards.
        let order = (0..width as i64)
            .map(|i| (width as i64 / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2) as u8)
            .collect();
        let mut columns = [0u64; 9];
        for (c, cells) in columns.iter_mut().enumerate().take(width as usize) {
            *cells = column << (c as u32 * (height + 1));
        }
        Ok(Board {
            width,
            height,
            bottom,
            full,
            order,
            columns,
        })
    }

    /// The standard 7 x 6 board.
    pub fn standard() -> Self {
        Board::new(7, 6).expect("7 x 6 fits")
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Cells.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// Columns (0-based) in the search's base order: centre first, then outwards.
    pub fn column_order(&self) -> &[u8] {
        &self.order
    }

    /// The bits of a table key ([`searchlab_core::table::PackedKey`] of a [`Position`]):
    /// `width * (height + 1)`, every key below `2^key_bits`.
    pub fn key_bits(&self) -> u32 {
        self.width * (self.height + 1)
    }

    /// The cells of column `col` (0-based).
    #[inline]
    pub fn column_mask(&self, col: u8) -> u64 {
        self.columns.get(usize::from(col)).copied().unwrap_or(0)
    }

    /// The top cell of column `col`.
    #[inline]
    fn top_cell(&self, col: u8) -> u64 {
        1u64 << (self.height - 1 + u32::from(col) * (self.height + 1))
    }

    /// Whether column `col` (0-based) has an empty cell.
    #[inline]
    pub fn can_play(&self, pos: &Position, col: u8) -> bool {
        u32::from(col) < self.width && pos.mask & self.top_cell(col) == 0
    }

    /// The position after dropping a stone in column `col` (0-based, playable).
    #[inline]
    pub fn play(&self, pos: &Position, col: u8) -> Position {
        self.play_cell(pos, self.playable(pos) & self.column_mask(col))
    }

    /// The position after the mover takes `cell` (one playable cell).
    #[inline]
    pub fn play_cell(&self, pos: &Position, cell: u64) -> Position {
        Position {
            current: pos.current ^ pos.mask,
            mask: pos.mask | cell,
            stones: pos.stones + u32::from(cell != 0),
        }
    }

    /// The lowest empty cell of every column that has one.
    #[inline]
    pub fn playable(&self, pos: &Position) -> u64 {
        pos.mask.wrapping_add(self.bottom) & self.full
    }

    /// The empty cells where `stones` would complete four in a row (playable now or not).
    #[inline]
    pub fn winning_cells(&self, stones: u64, mask: u64) -> u64 {
        // The standard height gets shifts by constants: a third of the instructions of shifts
        // by a loaded count (the move order calls this for every candidate move; issue 33).
        let r = if self.height == STANDARD_HEIGHT {
            completions(STANDARD_HEIGHT, stones)
        } else {
            completions(self.height, stones)
        };
        r & (self.full ^ mask)
    }

    /// Whether `stones` contain four in a row.
    #[inline]
    pub fn has_four(&self, stones: u64) -> bool {
        if self.height == STANDARD_HEIGHT {
            four_in_a_row(STANDARD_HEIGHT, stones)
        } else {
            four_in_a_row(self.height, stones)
        }
    }

    /// Whether the player who made the last move completed four in a row.
    #[inline]
    pub fn last_move_won(&self, pos: &Position) -> bool {
        self.has_four(pos.current ^ pos.mask)
    }

    /// Parses a move string: columns from the empty board, digits `1..=width`, left to right.
    /// The empty string is the empty board. Errors name the move and what is wrong with it.
    ///
    /// # Examples
    /// ```
    /// use searchlab_connect4::{Board, ParseError};
    /// let board = Board::standard();
    /// assert_eq!(board.parse("4453").unwrap().stones(), 4);
    /// assert_eq!(board.parse("48"), Err(ParseError::OutOfRange { index: 2, column: 8, width: 7 }));
    /// assert_eq!(board.parse("1111111"), Err(ParseError::ColumnFull { index: 7, column: 1 }));
    /// assert_eq!(board.parse("12121212"), Err(ParseError::AfterWin { index: 8, won_by: 7 }));
    /// ```
    pub fn parse(&self, moves: &str) -> Result<Position, ParseError> {
        let mut pos = Position::default();
        let mut won_by = None;
        for (i, ch) in moves.chars().enumerate() {
            let index = i + 1;
            let column = ch.to_digit(10).ok_or(ParseError::NotADigit {
                index,
                found: ch,
                width: self.width,
            })?;
            if !(1..=self.width).contains(&column) {
                return Err(ParseError::OutOfRange {
                    index,
                    column,
                    width: self.width,
                });
            }
            if let Some(won_by) = won_by {
                return Err(ParseError::AfterWin { index, won_by });
            }
            let col = (column - 1) as u8;
            if !self.can_play(&pos, col) {
                return Err(ParseError::ColumnFull { index, column });
            }
            pos = self.play(&pos, col);
            if self.last_move_won(&pos) {
                won_by = Some(index);
            }
        }
        Ok(pos)
    }

    /// The board drawn in text, top row first: `x` for the first player's stones, `o` for the
    /// second's, `.` for empty cells, then the column numbers.
    pub fn render(&self, pos: &Position) -> String {
        // The first player is to move exactly when the number of stones is even.
        let first = if pos.stones().is_multiple_of(2) {
            pos.current
        } else {
            pos.current ^ pos.mask
        };
        let mut out = String::new();
        for row in (0..self.height).rev() {
            for col in 0..self.width {
                let bit = 1u64 << (row + col * (self.height + 1));
                out.push(if pos.mask & bit == 0 {
                    '.'
                } else if first & bit != 0 {
                    'x'
                } else {
                    'o'
                });
            }
            out.push('\n');
        }
        for col in 1..=self.width {
            out.push(char::from_digit(col, 10).unwrap_or('?'));
        }
        out.push('\n');
        out
    }
}

/// The height of the standard 7 x 6 board, whose bit tricks get constant shifts.
const STANDARD_HEIGHT: u32 = 6;

/// The cells (any, filled or not) where `p` would complete four in a row on a board of
/// height `h` (columns of `h + 1` bits). Always inlined, so that a constant `h` gives
/// constant shifts.
#[inline(always)]
fn completions(h: u32, p: u64) -> u64 {
    // vertical: three below
    let mut r = (p << 1) & (p << 2) & (p << 3);
    for shift in [h + 1, h, h + 2] {
        // horizontal, and the two diagonals
        let two = (p << shift) & (p << (2 * shift));
        r |= two & (p << (3 * shift));
        r |= two & (p >> shift);
        let two = (p >> shift) & (p >> (2 * shift));
        r |= two & (p << shift);
        r |= two & (p >> (3 * shift));
    }
    r
}

/// Whether `stones` contain four in a row on a board of height `h` (see [`completions`]).
#[inline(always)]
fn four_in_a_row(h: u32, stones: u64) -> bool {
    for shift in [1, h + 1, h, h + 2] {
        let m = stones & (stones >> shift);
        if m & (m >> (2 * shift)) != 0 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_orders_are_centre_first() {
        assert_eq!(Board::standard().column_order(), [3, 2, 4, 1, 5, 0, 6]);
        assert_eq!(Board::new(6, 7).unwrap().column_order(), [3, 2, 4, 1, 5, 0]);
        assert_eq!(
            Board::new(8, 7).unwrap().column_order(),
            [4, 3, 5, 2, 6, 1, 7, 0]
        );
        assert_eq!(Board::new(1, 4).unwrap().column_order(), [0]);
    }

    #[test]
    fn every_direction_wins() {
        let b = Board::standard();
        for (moves, won_by) in [
            ("1212121", 7),      // vertical
            ("1122334", 7),      // horizontal
            ("12233434644", 11), // diagonal /
            ("76655454244", 11), // diagonal \
        ] {
            let err = b.parse(&format!("{moves}1")).unwrap_err();
            assert_eq!(
                err,
                ParseError::AfterWin {
                    index: moves.len() + 1,
                    won_by
                },
                "{moves}"
            );
            assert!(b.last_move_won(&b.parse(moves).unwrap()), "{moves}");
        }
        // Four stones with a gap, or across two columns' edges, are not a win.
        assert!(!b.last_move_won(&b.parse("1626365").unwrap()));
        assert!(!b.last_move_won(&b.parse("111222333777").unwrap()));
    }

    #[test]
    fn bad_strings_name_the_move() {
        let b = Board::standard();
        assert_eq!(
            b.parse("12a"),
            Err(ParseError::NotADigit {
                index: 3,
                found: 'a',
                width: 7
            })
        );
        assert_eq!(
            b.parse("0"),
            Err(ParseError::OutOfRange {
                index: 1,
                column: 0,
                width: 7
            })
        );
        assert!(b.parse("").is_ok());
        assert_eq!(
            Board::new(8, 8),
            Err(GeometryError::TooLarge {
                width: 8,
                height: 8,
                bits: 72
            })
        );
        assert_eq!(Board::new(0, 6), Err(GeometryError::Width(0)));
        assert_eq!(Board::new(7, 0), Err(GeometryError::Height(0)));
    }

    #[test]
    fn render_shows_both_players() {
        let b = Board::new(4, 4).unwrap();
        let p = b.parse("122").unwrap();
        assert_eq!(b.render(&p), "....\n....\n.x..\nxo..\n1234\n");
    }
}
