//! Boards: the tiles of one position, parsing and printing.

use std::fmt;

/// One position of an `N`-cell sliding puzzle: `cells[i]` is the tile on cell `i` (row-major),
/// `0` the blank.
///
/// The blank's cell is stored first (`repr(C)`): a cell written by index then lies at a
/// non-negative offset past it, which the compiler can tell apart from the blank's field.
/// With the field after the cells, the blank's store after a move kept IDA*'s Manhattan
/// update from taking the moved tile from the move's store (it read it back from memory,
/// issue 34). Equality, order and hash are the cells' first, then the blank's, as before.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Board<const N: usize> {
    pub(crate) blank: u8,
    pub(crate) cells: [u8; N],
}

impl<const N: usize> std::hash::Hash for Board<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
        self.blank.hash(state);
    }
}

impl<const N: usize> PartialOrd for Board<N> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Ord for Board<N> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.cells
            .cmp(&other.cells)
            .then(self.blank.cmp(&other.blank))
    }
}

/// Why a board could not be read. Positions are 1-based token numbers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not exactly one token per cell.
    #[error("expected {expected} tiles, found {found}")]
    WrongCount {
        /// Cells on the board.
        expected: usize,
        /// Tokens read.
        found: usize,
    },
    /// A token that is neither a tile number in range nor the blank.
    #[error("token {position} '{token}' is not a tile (1..={max}) or the blank (x or 0)")]
    Unknown {
        /// 1-based token number.
        position: usize,
        /// The token.
        token: String,
        /// The largest tile number.
        max: usize,
    },
    /// A tile (or the blank) given twice.
    #[error("{} appears twice (tokens {first} and {second})", tile_name(*.tile))]
    Repeated {
        /// The tile (0 = blank).
        tile: u8,
        /// 1-based token number of its first occurrence.
        first: usize,
        /// 1-based token number of the repeat.
        second: usize,
    },
}

fn tile_name(tile: u8) -> String {
    if tile == 0 {
        "the blank".to_string()
    } else {
        format!("tile {tile}")
    }
}

impl<const N: usize> Board<N> {
    /// A board from its cells (row-major, `0` the blank).
    ///
    /// ```
    /// use searchlab_npuzzle::Board;
    /// let b = Board::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    /// assert_eq!(b.to_string(), "1 2 3 4 5 6 7 8 x");
    /// ```
    pub fn from_cells(cells: [u8; N]) -> Result<Self, ParseError> {
        let mut seen = [usize::MAX; N];
        for (i, &t) in cells.iter().enumerate() {
            if usize::from(t) >= N {
                return Err(ParseError::Unknown {
                    position: i + 1,
                    token: t.to_string(),
                    max: N - 1,
                });
            }
            if seen[usize::from(t)] != usize::MAX {
                return Err(ParseError::Repeated {
                    tile: t,
                    first: seen[usize::from(t)] + 1,
                    second: i + 1,
                });
            }
            seen[usize::from(t)] = i;
        }
        let blank = seen[0] as u8;
        Ok(Board { cells, blank })
    }

    /// Reads a board: `N` whitespace-separated tokens, row-major, tiles `1..N`, the blank `x`
    /// (or `0`). Any whitespace separates tokens.
    ///
    /// ```
    /// use searchlab_npuzzle::{Board, ParseError};
    /// assert!(Board::<9>::parse(" 2  3  4  1  5  x  7  6  8").is_ok());
    /// assert!(matches!(Board::<9>::parse("1 2 3"), Err(ParseError::WrongCount { found: 3, .. })));
    /// ```
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != N {
            return Err(ParseError::WrongCount {
                expected: N,
                found: tokens.len(),
            });
        }
        let mut cells = [0u8; N];
        for (i, token) in tokens.iter().enumerate() {
            cells[i] = match *token {
                "x" | "X" => 0,
                // Digits only: `parse` would also take a sign (`+5`), which no board has.
                t => match t.parse::<usize>() {
                    Ok(v) if v < N && t.bytes().all(|b| b.is_ascii_digit()) => v as u8,
                    _ => {
                        return Err(ParseError::Unknown {
                            position: i + 1,
                            token: t.to_string(),
                            max: N - 1,
                        });
                    }
                },
            };
        }
        Self::from_cells(cells)
    }

    /// The tiles, row-major, `0` the blank.
    pub fn cells(&self) -> &[u8; N] {
        &self.cells
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }
}

/// Prints in the input form, the blank as `x`: `1 2 3 4 5 6 7 8 x`.
impl<const N: usize> fmt::Display for Board<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &t) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if t == 0 {
                f.write_str("x")?;
            } else {
                write!(f, "{t}")?;
            }
        }
        Ok(())
    }
}

impl<const N: usize> fmt::Debug for Board<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_fault() {
        assert_eq!(
            Board::<9>::parse("1 2 3 4 5 6 7 8 8")
                .unwrap_err()
                .to_string(),
            "tile 8 appears twice (tokens 8 and 9)"
        );
        assert_eq!(
            Board::<9>::parse("1 2 3 4 5 6 7 8 9")
                .unwrap_err()
                .to_string(),
            "token 9 '9' is not a tile (1..=8) or the blank (x or 0)"
        );
        assert_eq!(
            Board::<9>::parse("1 2 3 4 5 6 7 x 0")
                .unwrap_err()
                .to_string(),
            "the blank appears twice (tokens 8 and 9)"
        );
        assert_eq!(
            Board::<9>::parse("1 2 3 4 5 6 7 8 x 1")
                .unwrap_err()
                .to_string(),
            "expected 9 tiles, found 10"
        );
        assert!(Board::<9>::parse("1 2 3 4 y 6 7 8 x").is_err());
    }

    #[test]
    fn parse_and_print_round_trip() {
        let b = Board::<9>::parse("\t8 6 7\n2 5 4\n3 x 1 ").unwrap();
        assert_eq!(b.to_string(), "8 6 7 2 5 4 3 x 1");
        assert_eq!(b.blank(), 7);
        assert_eq!(Board::<9>::parse(&b.to_string()).unwrap(), b);
    }
}
