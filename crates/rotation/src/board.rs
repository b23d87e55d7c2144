//! The board, the eight moves, the goal test, parsing and printing.

use std::fmt;
use std::str::FromStr;

/// The number of cells of the '#'-shaped board.
pub const CELLS: usize = 24;

/// The eight centre cells; the goal is that they all hold the same symbol.
pub const CENTRE: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

/// The cells each move rotates, `L0..L6`: `a[L0] <- a[L1], ..., a[L6] <- old a[L0]`.
///
/// Indexed by [`Move::index`]. Lines of inverse moves are each other's reverse.
pub const LINES: [[usize; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],    // A
    [1, 3, 8, 12, 17, 21, 23],    // B
    [10, 9, 8, 7, 6, 5, 4],       // C
    [19, 18, 17, 16, 15, 14, 13], // D
    [23, 21, 17, 12, 8, 3, 1],    // E
    [22, 20, 15, 11, 6, 2, 0],    // F
    [13, 14, 15, 16, 17, 18, 19], // G
    [4, 5, 6, 7, 8, 9, 10],       // H
];

/// A move, named as the judge names it. `A..H` is the order in which every search tries them,
/// which makes the first optimal answer the lexicographically smallest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Column of cells 0, 2, ..., 22 moves up (towards 0).
    A,
    /// Column of cells 1, 3, ..., 23 moves up.
    B,
    /// Row of cells 4..10 moves right (towards 10).
    C,
    /// Row of cells 13..19 moves right.
    D,
    /// Column of cells 1, 3, ..., 23 moves down (undoes B).
    E,
    /// Column of cells 0, 2, ..., 22 moves down (undoes A).
    F,
    /// Row of cells 13..19 moves left (undoes D).
    G,
    /// Row of cells 4..10 moves left (undoes C).
    H,
}

impl Move {
    /// All moves in search order.
    pub const ALL: [Move; 8] = [
        Move::A,
        Move::B,
        Move::C,
        Move::D,
        Move::E,
        Move::F,
        Move::G,
        Move::H,
    ];

    /// The position of the move in [`Move::ALL`] and [`LINES`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The move that undoes this one: A/F, B/E, C/H, D/G.
    pub fn inverse(self) -> Move {
        match self {
            Move::A => Move::F,
            Move::B => Move::E,
            Move::C => Move::H,
            Move::D => Move::G,
            Move::E => Move::B,
            Move::F => Move::A,
            Move::G => Move::D,
            Move::H => Move::C,
        }
    }

    /// The letter of the move.
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The move named by `letter` (`A`..`H`), if any.
    pub fn from_letter(letter: char) -> Option<Move> {
        Move::ALL.into_iter().find(|m| m.letter() == letter)
    }

    /// The cells the move rotates.
    pub fn line(self) -> &'static [usize; 7] {
        &LINES[self.index()]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A sequence of moves as the judge prints it: `"DDHH"`.
pub fn moves_to_string(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// Why a board was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The input does not hold exactly 24 numbers.
    #[error("expected 24 numbers, found {0}")]
    WrongCount(usize),
    /// A token is not a number.
    #[error("number {position} (`{token}`) is not a number")]
    NotANumber {
        /// 1-based position of the token.
        position: usize,
        /// The token.
        token: String,
    },
    /// A cell holds a number other than 1, 2 or 3 (negative and huge ones included).
    #[error("number {position} is {value}, out of range: the symbols are 1, 2 and 3")]
    BadSymbol {
        /// 1-based position of the cell in the input.
        position: usize,
        /// The number found, as written.
        value: String,
    },
    /// A symbol does not appear exactly eight times.
    #[error("symbol {symbol} appears {count} times; each of 1, 2, 3 must appear 8 times")]
    WrongTally {
        /// The symbol.
        symbol: u8,
        /// How often it appears.
        count: usize,
    },
}

/// A board: 24 cells holding eight each of the symbols 1, 2, 3, in the judge's cell order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board([u8; CELLS]);

/// As [`Display`](fmt::Display) writes it, the instance's own text on one line: traces print
/// states by their `Debug` (issue 31: `[1, 2, 3, ...]`).
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Board {
    /// A board from its cells, checked: symbols 1..=3, eight of each.
    pub fn new(cells: [u8; CELLS]) -> Result<Board, BoardError> {
        for (i, &v) in cells.iter().enumerate() {
            if !(1..=3).contains(&v) {
                return Err(BoardError::BadSymbol {
                    position: i + 1,
                    value: v.to_string(),
                });
            }
        }
        for symbol in 1..=3u8 {
            let count = cells.iter().filter(|&&v| v == symbol).count();
            if count != 8 {
                return Err(BoardError::WrongTally { symbol, count });
            }
        }
        Ok(Board(cells))
    }

    /// The cells, in the judge's order.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.0
    }

    /// Applies `mv` in place.
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        let line = mv.line();
        let first = self.0[line[0]];
        for i in 0..6 {
            self.0[line[i]] = self.0[line[i + 1]];
        }
        self.0[line[6]] = first;
    }

    /// The board after `mv`.
    pub fn after(mut self, mv: Move) -> Board {
        self.apply(mv);
        self
    }

    /// The symbol filling the centre, if the centre is uniform (the goal).
    pub fn centre_symbol(&self) -> Option<u8> {
        let s = self.0[CENTRE[0]];
        CENTRE.iter().all(|&c| self.0[c] == s).then_some(s)
    }

    /// Whether all eight centre cells hold the same symbol.
    pub fn is_goal(&self) -> bool {
        self.centre_symbol().is_some()
    }

    /// How many centre cells hold each symbol: `counts[s - 1]` for `s` in 1..=3.
    pub fn centre_counts(&self) -> [u8; 3] {
        let mut counts = [0u8; 3];
        for &c in &CENTRE {
            counts[usize::from(self.0[c] - 1)] += 1;
        }
        counts
    }

    /// The cells holding `symbol`, as a 24-bit mask (bit `i` for cell `i`).
    pub fn mask(&self, symbol: u8) -> u32 {
        self.0
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v == symbol)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The cells of each symbol as masks: `masks()[s - 1] == mask(s)`, in one pass.
    #[inline]
    pub fn masks(&self) -> [u32; 3] {
        let mut masks = [0u32; 3];
        for (i, &v) in self.0.iter().enumerate() {
            masks[usize::from(v - 1)] |= 1 << i;
        }
        masks
    }

    /// The board drawn as the '#' it is, for people (the judge format is [`fmt::Display`]).
    pub fn picture(&self) -> String {
        let a = |i: usize| char::from(b'0' + self.0[i]);
        let cols = |l: usize, r: usize| format!("    {}   {}\n", a(l), a(r));
        let row = |s: usize| {
            let cells: Vec<String> = (s..s + 7).map(|i| a(i).to_string()).collect();
            format!("{}\n", cells.join(" "))
        };
        [
            cols(0, 1),
            cols(2, 3),
            row(4),
            cols(11, 12),
            row(13),
            cols(20, 21),
            cols(22, 23),
        ]
        .concat()
    }
}

/// The 24 symbols separated by single spaces, as the judge reads them.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

/// Parses 24 whitespace-separated numbers (any whitespace), checking symbols and tallies.
impl FromStr for Board {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Board, BoardError> {
        let tokens: Vec<&str> = s.split_whitespace().collect();
        let mut cells = [0u8; CELLS];
        // Report a bad token before a wrong count: "`x` is not a number" is the more useful
        // message when both apply.
        for (i, token) in tokens.iter().enumerate() {
            // A number, however large or negative, is a number: only its range is wrong. A
            // leading `+` is not how any board writes a symbol (and `u8::from_str` would take
            // `+1` as 1), so it is not a number here.
            let digits = token.strip_prefix('-').unwrap_or(token);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(BoardError::NotANumber {
                    position: i + 1,
                    token: (*token).to_owned(),
                });
            }
            let value = match token.parse::<u8>() {
                Ok(v @ 1..=3) => v,
                _ => {
                    return Err(BoardError::BadSymbol {
                        position: i + 1,
                        value: (*token).to_owned(),
                    });
                }
            };
            if i < CELLS {
                cells[i] = value;
            }
        }
        if tokens.len() != CELLS {
            return Err(BoardError::WrongCount(tokens.len()));
        }
        Board::new(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

    #[test]
    fn inverse_lines_are_reversed() {
        for m in Move::ALL {
            let mut reversed = *m.line();
            reversed.reverse();
            assert_eq!(&reversed, m.inverse().line(), "{m}");
            assert_eq!(m.inverse().inverse(), m);
        }
    }

    #[test]
    fn every_move_is_undone_by_its_inverse_and_has_order_seven() {
        let board: Board = SAMPLE.parse().unwrap();
        for m in Move::ALL {
            assert_eq!(board.after(m).after(m.inverse()), board);
            let mut b = board;
            for _ in 0..7 {
                b.apply(m);
            }
            assert_eq!(b, board);
        }
    }

    #[test]
    fn the_rule_of_the_statement() {
        // A: a[0] <- a[2], ..., a[22] <- old a[0].
        let board: Board = SAMPLE.parse().unwrap();
        let after = board.after(Move::A);
        assert_eq!(after.cells()[0], board.cells()[2]);
        assert_eq!(after.cells()[20], board.cells()[22]);
        assert_eq!(after.cells()[22], board.cells()[0]);
        assert_eq!(after.cells()[1], board.cells()[1]);
    }

    #[test]
    fn sample_answers_replay_to_goals() {
        let board: Board = SAMPLE.parse().unwrap();
        assert!(!board.is_goal());
        let end = board.after(Move::A).after(Move::C);
        assert_eq!(end.centre_symbol(), Some(2));
    }

    #[test]
    fn parse_print_roundtrip_and_errors() {
        let board: Board = SAMPLE.parse().unwrap();
        assert_eq!(board.to_string(), SAMPLE);
        assert_eq!("1 2 3".parse::<Board>(), Err(BoardError::WrongCount(3)));
        assert_eq!(
            "1 x".parse::<Board>(),
            Err(BoardError::NotANumber {
                position: 2,
                token: "x".into()
            })
        );
        let four = SAMPLE.replacen('3', "4", 1);
        assert_eq!(
            four.parse::<Board>(),
            Err(BoardError::BadSymbol {
                position: 5,
                value: "4".into()
            })
        );
        assert_eq!(
            "1 -1".parse::<Board>().unwrap_err().to_string(),
            "number 2 is -1, out of range: the symbols are 1, 2 and 3"
        );
        let tally = SAMPLE.replacen('3', "1", 1);
        assert_eq!(
            tally.parse::<Board>(),
            Err(BoardError::WrongTally {
                symbol: 1,
                count: 9
            })
        );
        assert!(
            board
                .picture()
                .starts_with("    1   1\n    1   1\n3 2 3 2 3 1 3\n")
        );
    }
}
