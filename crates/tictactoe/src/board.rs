//! Boards of n x n tic-tac-toe (n <= 8) as two bitboards, the lines of k in a row, the eight
//! symmetries of the square, and the text form `x.o/.x./...`.

use std::fmt;

use thiserror::Error;

/// A side: `x` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }
    /// `'x'` or `'o'`.
    pub fn symbol(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A square, 0-based `(row, col)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Row from the top, 0-based.
    pub row: u8,
    /// Column from the left, 0-based.
    pub col: u8,
}

impl fmt::Display for Square {
    /// POJ 1568's form: `(row,col)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// A position: the squares of `x` and of `o` as bits `row * n + col`. Who moves follows from
/// the counts (`x` when they are equal). Small and `Copy`, so it is its own table key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Squares of `x`.
    pub x: u64,
    /// Squares of `o`.
    pub o: u64,
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    /// The stones of `side`.
    pub fn stones(&self, side: Side) -> u64 {
        match side {
            Side::X => self.x,
            Side::O => self.o,
        }
    }
    /// Number of stones on the board.
    pub fn count(&self) -> u32 {
        (self.x | self.o).count_ones()
    }
    /// The side to move: `x` when both have as many stones.
    pub fn to_move(&self) -> Side {
        if self.x.count_ones() > self.o.count_ones() {
            Side::O
        } else {
            Side::X
        }
    }
    /// The board after `side` takes square `bit`.
    pub fn with(&self, side: Side, bit: u32) -> Board {
        let mut b = *self;
        match side {
            Side::X => b.x |= 1 << bit,
            Side::O => b.o |= 1 << bit,
        }
        b
    }
}

/// The rows of a board's text, the number of which is the board's size. Rows are separated by
/// `/`, `|`, commas or line breaks, and spaces inside a row are ignored (`x . o/.../...` is
/// three rows of three); a text with none of these separators has its rows separated by
/// whitespace (`x.o ... ...`). Empty rows are dropped.
///
/// ```
/// use searchlab_tictactoe::board::rows;
/// assert_eq!(rows("x . o/.../..."), ["x.o", "...", "..."]);
/// assert_eq!(rows("x.o ... ..."), ["x.o", "...", "..."]);
/// assert_eq!(rows("x...\n.o..\n....\n...."), ["x...", ".o..", "....", "...."]);
/// ```
pub fn rows(text: &str) -> Vec<String> {
    let separator = |c: char| c == '/' || c == '|' || c == ',' || c == '\n' || c == '\r';
    if text.contains(separator) {
        text.split(separator)
            .map(|row| {
                row.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
            })
            .filter(|row| !row.is_empty())
            .collect()
    } else {
        text.split_whitespace().map(str::to_string).collect()
    }
}

/// Why a board's text was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardError {
    /// The rows do not form an n x n square.
    #[error("row {row} has {len} squares, expected {n} (a board is n rows of n squares)")]
    RowLength {
        /// 1-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The board size.
        n: usize,
    },
    /// The number of rows is not the expected size.
    #[error("{rows} rows, expected {n}")]
    RowCount {
        /// Rows found.
        rows: usize,
        /// Expected size.
        n: usize,
    },
    /// Boards from 1 x 1 to 8 x 8 only.
    #[error("size {0} is not supported (1 to 8)")]
    Size(usize),
    /// A character other than `.`, `x`, `o`.
    #[error("row {row}, column {col}: unknown character {ch:?} (use '.', 'x', 'o')")]
    Char {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character.
        ch: char,
    },
    /// Counts that no game reaches: `x` moves first, so it has as many stones as `o` or one
    /// more.
    #[error("{x} x and {o} o: impossible, x moves first so it has as many stones as o or one more")]
    Counts {
        /// Stones of x.
        x: u32,
        /// Stones of o.
        o: u32,
    },
    /// Both sides have a line, or the wrong side has one for the counts.
    #[error("{0}")]
    Unreachable(String),
}

/// The rules of n x n, k in a row: the lines and the symmetries, precomputed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    n: u32,
    k: u32,
    full: u64,
    lines: Vec<u64>,
    /// `lines_through[bit]`: how many lines contain the square (the seed's opening values).
    lines_through: Vec<i32>,
    /// `sym[s][byte][v]`: the image under symmetry `s` of the bits `v` of byte `byte`.
    sym: Vec<[[u64; 256]; 8]>,
}

impl Geometry {
    /// n x n squares, k in a row wins (rows, columns and both diagonal directions).
    ///
    /// # Errors
    /// [`BoardError::Size`] unless `1 <= k <= n <= 8`.
    pub fn new(n: usize, k: usize) -> Result<Geometry, BoardError> {
        if !(1..=8).contains(&n) {
            return Err(BoardError::Size(n));
        }
        if !(1..=n).contains(&k) {
            return Err(BoardError::Size(k));
        }
        let (n32, k32) = (n as i32, k as i32);
        let bit = |r: i32, c: i32| 1u64 << (r * n32 + c);
        let mut lines = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..n32 {
                for c in 0..n32 {
                    let (er, ec) = (r + dr * (k32 - 1), c + dc * (k32 - 1));
                    if !(0..n32).contains(&er) || !(0..n32).contains(&ec) {
                        continue;
                    }
                    let m = (0..k32).fold(0, |m, i| m | bit(r + dr * i, c + dc * i));
                    if !lines.contains(&m) {
                        lines.push(m);
                    }
                }
            }
        }
        let cells = n * n;
        let lines_through = (0..cells)
            .map(|b| lines.iter().filter(|&&m| m >> b & 1 == 1).count() as i32)
            .collect();
        // The eight symmetries as maps of (r, c), then as byte lookup tables.
        type Map = fn(i32, i32, i32) -> (i32, i32);
        let maps: [Map; 8] = [
            |r, c, _| (r, c),
            |r, c, n| (c, n - 1 - r),
            |r, c, n| (n - 1 - r, n - 1 - c),
            |r, c, n| (n - 1 - c, r),
            |r, c, n| (r, n - 1 - c),
            |r, c, n| (n - 1 - r, c),
            |r, c, _| (c, r),
            |r, c, n| (n - 1 - c, n - 1 - r),
        ];
        let bytes = cells.div_ceil(8);
        let mut sym = vec![[[0u64; 256]; 8]; bytes];
        for (byte, table) in sym.iter_mut().enumerate() {
            for (s, map) in maps.iter().enumerate() {
                for (v, slot) in table[s].iter_mut().enumerate() {
                    let mut image = 0;
                    for i in 0..8 {
                        let b = byte * 8 + i;
                        if v >> i & 1 == 1 && b < cells {
                            let (r, c) = map(b as i32 / n32, b as i32 % n32, n32);
                            image |= bit(r, c);
                        }
                    }
                    *slot = image;
                }
            }
        }
        Ok(Geometry {
            n: n as u32,
            k: k as u32,
            full: if cells == 64 {
                u64::MAX
            } else {
                (1 << cells) - 1
            },
            lines,
            lines_through,
            sym,
        })
    }

    /// The board side.
    pub fn n(&self) -> usize {
        self.n as usize
    }
    /// Stones in a row needed to win.
    pub fn k(&self) -> usize {
        self.k as usize
    }
    /// All winning lines as bit masks.
    pub fn lines(&self) -> &[u64] {
        &self.lines
    }
    /// The mask of all squares.
    pub fn full(&self) -> u64 {
        self.full
    }
    /// Number of lines through square `bit`.
    pub fn lines_through(&self, bit: u32) -> i32 {
        self.lines_through[bit as usize]
    }
    /// The square of bit `bit`.
    pub fn square(&self, bit: u32) -> Square {
        Square {
            row: (bit / self.n) as u8,
            col: (bit % self.n) as u8,
        }
    }
    /// The bit of `sq`.
    pub fn bit(&self, sq: Square) -> u32 {
        u32::from(sq.row) * self.n + u32::from(sq.col)
    }

    /// Whether `stones` hold a whole line.
    #[inline]
    pub fn has_line(&self, stones: u64) -> bool {
        for &m in &self.lines {
            if stones & m == m {
                return true;
            }
        }
        false
    }

    /// The side holding a line, if one does (x first if, impossibly, both do).
    pub fn winner(&self, b: &Board) -> Option<Side> {
        if self.has_line(b.x) {
            Some(Side::X)
        } else if self.has_line(b.o) {
            Some(Side::O)
        } else {
            None
        }
    }

    /// Whether the game is over: a line, or no empty square.
    pub fn is_over(&self, b: &Board) -> bool {
        (b.x | b.o) == self.full || self.winner(b).is_some()
    }

    /// The image of `stones` under symmetry `s` (0..8).
    #[inline]
    pub fn transform(&self, s: usize, stones: u64) -> u64 {
        let mut out = 0;
        for (byte, table) in self.sym.iter().enumerate() {
            out |= table[s][(stones >> (8 * byte)) as usize & 0xff];
        }
        out
    }

    /// The least of the eight symmetric images of `b`: equal for symmetric boards.
    pub fn canonical(&self, b: &Board) -> Board {
        let mut best = *b;
        for s in 1..8 {
            let t = Board {
                x: self.transform(s, b.x),
                o: self.transform(s, b.o),
            };
            if (t.x, t.o) < (best.x, best.o) {
                best = t;
            }
        }
        best
    }

    /// Reads a board: `n` rows of `n` characters from `.`, `x`, `o` (capitals too), the rows
    /// separated as [`rows`] says (`/`, `|`, commas or line breaks, else whitespace; so a
    /// judge's four lines work as well, and so does `x . o/.../...`).
    /// `n` is the number of rows and must equal this geometry's size.
    ///
    /// # Errors
    /// Wrong shape, unknown characters, impossible stone counts, or both sides with a line.
    pub fn parse(&self, text: &str) -> Result<Board, BoardError> {
        let rows = rows(text);
        let n = self.n as usize;
        if rows.len() != n {
            return Err(BoardError::RowCount {
                rows: rows.len(),
                n,
            });
        }
        let mut b = Board::EMPTY;
        for (r, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != n {
                return Err(BoardError::RowLength {
                    row: r + 1,
                    len: chars.len(),
                    n,
                });
            }
            for (c, &ch) in chars.iter().enumerate() {
                let bit = 1u64 << (r * n + c);
                match ch {
                    '.' => {}
                    'x' | 'X' => b.x |= bit,
                    'o' | 'O' => b.o |= bit,
                    _ => {
                        return Err(BoardError::Char {
                            row: r + 1,
                            col: c + 1,
                            ch,
                        });
                    }
                }
            }
        }
        self.check(&b)?;
        Ok(b)
    }

    /// Whether a game can reach `b`: `x` has as many stones as `o` or one more, at most one
    /// side has a line, and a line belongs to the side that moved last.
    ///
    /// # Errors
    /// The reason it cannot.
    pub fn check(&self, b: &Board) -> Result<(), BoardError> {
        let (x, o) = (b.x.count_ones(), b.o.count_ones());
        if x != o && x != o + 1 {
            return Err(BoardError::Counts { x, o });
        }
        let (wx, wo) = (self.has_line(b.x), self.has_line(b.o));
        if wx && wo {
            return Err(BoardError::Unreachable(
                "both x and o have a line: the game stops at the first".into(),
            ));
        }
        if wx && x == o {
            return Err(BoardError::Unreachable(
                "x has a line but o moved after it: the game stops at the line".into(),
            ));
        }
        if wo && x == o + 1 {
            return Err(BoardError::Unreachable(
                "o has a line but x moved after it: the game stops at the line".into(),
            ));
        }
        Ok(())
    }

    /// The board as text, rows separated by `/`.
    pub fn format(&self, b: &Board) -> String {
        let n = self.n as usize;
        let mut s = String::with_capacity(n * (n + 1));
        for r in 0..n {
            if r > 0 {
                s.push('/');
            }
            for c in 0..n {
                let bit = 1u64 << (r * n + c);
                s.push(if b.x & bit != 0 {
                    'x'
                } else if b.o & bit != 0 {
                    'o'
                } else {
                    '.'
                });
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_the_classic_boards() {
        assert_eq!(Geometry::new(3, 3).unwrap().lines().len(), 8);
        assert_eq!(Geometry::new(4, 4).unwrap().lines().len(), 10);
        // 5 x 5, four in a row: 10 + 10 horizontal/vertical, 4 + 4 diagonal.
        assert_eq!(Geometry::new(5, 4).unwrap().lines().len(), 28);
        let g = Geometry::new(3, 3).unwrap();
        let through: Vec<i32> = (0..9).map(|b| g.lines_through(b)).collect();
        assert_eq!(through, [3, 2, 3, 2, 4, 2, 3, 2, 3]); // seed 001's opening table
    }

    #[test]
    fn symmetries_form_the_group_of_the_square() {
        let g = Geometry::new(4, 4).unwrap();
        let b = g.parse("xo../..x./o.../....").unwrap();
        let images: std::collections::BTreeSet<(u64, u64)> = (0..8)
            .map(|s| (g.transform(s, b.x), g.transform(s, b.o)))
            .collect();
        assert_eq!(images.len(), 8); // an asymmetric board has eight distinct images
        for s in 0..8 {
            let t = Board {
                x: g.transform(s, b.x),
                o: g.transform(s, b.o),
            };
            assert_eq!(g.canonical(&t), g.canonical(&b));
            assert_eq!(g.winner(&t), g.winner(&b));
            // Lines map to lines.
            for &m in g.lines() {
                assert!(g.lines().contains(&g.transform(s, m)));
            }
        }
    }

    #[test]
    fn parse_errors_say_where() {
        let g = Geometry::new(3, 3).unwrap();
        assert_eq!(g.format(&g.parse("x.o/.x./...").unwrap()), "x.o/.x./...");
        assert_eq!(
            g.parse("x.o/.q./..."),
            Err(BoardError::Char {
                row: 2,
                col: 2,
                ch: 'q'
            })
        );
        assert!(matches!(
            g.parse("x.o/.x"),
            Err(BoardError::RowCount { rows: 2, n: 3 })
        ));
        assert!(matches!(
            g.parse("x.o/.x/..."),
            Err(BoardError::RowLength { row: 2, .. })
        ));
        assert!(matches!(
            g.parse("xx./.../..."),
            Err(BoardError::Counts { x: 2, o: 0 })
        ));
        assert!(matches!(
            g.parse("xxx/oo./o.."),
            Err(BoardError::Unreachable(_))
        ));
        assert!(g.parse("xxx/oo./...").is_ok()); // x just won
        // Spaces between the squares of a row are not row breaks (issue 13).
        assert_eq!(g.parse("x . o/.../..."), g.parse("x.o/.../..."));
        assert_eq!(rows("x . o/.../...").len(), 3);
        assert_eq!(
            g.parse("x . o/. . ./. ."),
            Err(BoardError::RowLength {
                row: 3,
                len: 2,
                n: 3
            })
        );
    }
}
