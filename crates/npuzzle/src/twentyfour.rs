//! The 24-puzzle (5 x 5, [`TwentyFour`]): Korf and Felner's 6-6-6-6 partition of the tiles for
//! additive pattern databases, and reading instance files.
//!
//! Korf and Felner (2002) solved fifty random instances (copied to
//! `puzzles/twentyfour/korf_felner50.txt`) with IDA* and four disjoint 6-tile databases, the
//! maximum of the sum and of the sum on the board reflected about the main diagonal. Their
//! partition (Figure 5 of the paper), by goal cell with the blank on cell 0:
//!
//! ```text
//!  .  A  B  B  B        A: cells 1 5 6 10 11 12 (with the blank's corner)
//!  A  A  B  B  B        B: cells 2 3 4 7 8 9          (a 2 x 3 block)
//!  A  A  A  C  C        C: cells 13 14 18 19 23 24    (a 3 x 2 block)
//!  D  D  D  C  C        D: cells 15 16 17 20 21 22    (a 2 x 3 block)
//!  D  D  D  C  C
//! ```
//!
//! A 6-tile database of the 24-puzzle has 25 x 24 x ... x 20 = 127,512,000 entries (one byte
//! each). With reflection the choice between this partition and its mirror image does not
//! matter: the maximum of the two lookups is the same.
//!
//! [`TwentyFour`]: crate::TwentyFour

use crate::board::{Board, ParseError};

/// The goal cells of Korf and Felner's four patterns, for a goal with the blank on cell 0
/// (see the module documentation).
pub const KORF_FELNER_CELLS: [[u8; 6]; 4] = [
    [1, 5, 6, 10, 11, 12],
    [2, 3, 4, 7, 8, 9],
    [13, 14, 18, 19, 23, 24],
    [15, 16, 17, 20, 21, 22],
];

/// The tiles of each of Korf and Felner's patterns for `goal`, whose blank must be on the first
/// or the last cell (the last: the shapes are turned by 180 degrees), `None` otherwise.
///
/// ```
/// use searchlab_npuzzle::TwentyFour;
/// use searchlab_npuzzle::twentyfour::korf_felner_tiles;
/// let tiles = korf_felner_tiles(TwentyFour::blank_first().goal()).unwrap();
/// assert_eq!(tiles[0], vec![1, 5, 6, 10, 11, 12]);
/// let last = korf_felner_tiles(TwentyFour::standard().goal()).unwrap();
/// assert_eq!(last[0], vec![24, 20, 19, 15, 14, 13]);
/// ```
pub fn korf_felner_tiles(goal: &Board<25>) -> Option<Vec<Vec<u8>>> {
    let turn = match goal.blank() {
        0 => false,
        24 => true,
        _ => return None,
    };
    Some(
        KORF_FELNER_CELLS
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .map(|&c| goal.cells()[usize::from(if turn { 24 - c } else { c })])
                    .collect()
            })
            .collect(),
    )
}

/// Why a line of an instance file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstanceError {
    /// The board part is not a board.
    #[error("line {line}: {source}")]
    Board {
        /// 1-based line number.
        line: usize,
        /// What is wrong with the board.
        source: ParseError,
    },
    /// The text after `|` is not a length.
    #[error("line {line}: '{text}' is not an optimal length")]
    Length {
        /// 1-based line number.
        line: usize,
        /// The text after `|`.
        text: String,
    },
}

/// Reads an instance file: one board per line, optionally followed by `| LENGTH` (the optimal
/// solution length); `#` starts a comment line; blank lines are skipped. Works for any board
/// size (`puzzles/twentyfour/korf_felner50.txt`, `puzzles/fifteen/korf100.txt`).
///
/// ```
/// use searchlab_npuzzle::twentyfour::read_instances;
/// let text = "# two boards\n1 0 2 3 | 1\n0 1 2 3\n";
/// let boards = read_instances::<4>(text).unwrap();
/// assert_eq!(boards.len(), 2);
/// assert_eq!(boards[0].1, Some(1));
/// assert!(read_instances::<4>("1 0 2 | x").is_err());
/// ```
pub fn read_instances<const N: usize>(
    text: &str,
) -> Result<Vec<(Board<N>, Option<u32>)>, InstanceError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (board, length) = match line.split_once('|') {
            Some((b, l)) => (b, Some(l.trim())),
            None => (line, None),
        };
        let board = Board::parse(board).map_err(|source| InstanceError::Board {
            line: line_no,
            source,
        })?;
        let length = length
            .map(|l| {
                l.parse().map_err(|_| InstanceError::Length {
                    line: line_no,
                    text: l.to_string(),
                })
            })
            .transpose()?;
        out.push((board, length));
    }
    Ok(out)
}
