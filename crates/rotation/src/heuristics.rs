//! The two admissible heuristics: the classic centre count and the exact pattern database.

use searchlab_core::Heuristic;
use searchlab_core::pdb::{PatternDb, PdbError, Progress};

use crate::board::Board;
use crate::game::RotationGame;
use crate::pattern::{PATTERN_SIZE, build_centre_pdb, rank_mask};

/// The classic bound: 8 minus the count of the most frequent symbol in the centre.
///
/// Admissible because one move changes at most one centre cell (each line crosses the centre
/// in three cells, and a rotation shifts them by one: one leaves, one enters). Consistent for
/// the same reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CentreBound;

impl CentreBound {
    /// The bound for `board`.
    pub fn bound(board: &Board) -> u32 {
        8 - u32::from(board.centre_counts().into_iter().max().unwrap_or(0))
    }
}

impl Heuristic<RotationGame> for CentreBound {
    fn estimate(&self, _: &RotationGame, board: &Board) -> u32 {
        CentreBound::bound(board)
    }
}

/// The exact distance: for each symbol, the pattern-database distance of its eight cells to
/// the centre; the minimum over the three symbols.
///
/// A goal is reached exactly when some symbol's cells are the centre, and whether they are
/// depends only on where that symbol's cells are, so the minimum of the three exact
/// abstract distances IS the true distance: admissible, consistent, and exact. IDA* with it
/// expands only the nodes of the solution path.
///
/// # Examples
/// ```
/// use searchlab_core::{idastar, Limits};
/// use searchlab_rotation::{Board, CentrePdb, RotationGame, moves_to_string};
///
/// let pdb = CentrePdb::build();
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse().unwrap();
/// assert_eq!(pdb.distance(&board), 2);
/// let run = idastar(&RotationGame, &board, &pdb, &Limits::none());
/// assert_eq!(moves_to_string(run.outcome.actions().unwrap()), "AC");
/// assert_eq!(run.stats.expanded, 2); // the root and the board after A
/// ```
#[derive(Clone, Debug)]
pub struct CentrePdb {
    pdb: PatternDb,
}

impl CentrePdb {
    /// Builds the table (735,471 entries; tens of milliseconds in a release build).
    pub fn build() -> CentrePdb {
        CentrePdb::build_with_progress(|_| {})
    }

    /// Builds the table, reporting progress to `progress` (for a progress bar).
    pub fn build_with_progress(progress: impl FnMut(Progress)) -> CentrePdb {
        let pdb = build_centre_pdb(progress)
            .expect("the centre space is small and its distances fit in a u8");
        CentrePdb { pdb }
    }

    /// Builds the table within `max_memory` bytes (`None`: no limit), reporting progress;
    /// [`PdbError::Memory`] (before allocating) when the table and its queue would not fit.
    pub fn build_limited(
        max_memory: Option<u64>,
        progress: impl FnMut(Progress),
    ) -> Result<CentrePdb, PdbError> {
        Ok(CentrePdb {
            pdb: crate::pattern::build_centre_pdb_limited(max_memory, progress)?,
        })
    }

    /// Wraps a table read back from elsewhere (a cache file), checking its size and that
    /// every set of cells has a distance.
    pub fn from_pdb(pdb: PatternDb) -> Result<CentrePdb, PdbError> {
        if pdb.len() != PATTERN_SIZE {
            return Err(PdbError::Corrupt("wrong number of entries"));
        }
        if (0..pdb.len()).any(|r| pdb.get(r).is_none()) {
            return Err(PdbError::Corrupt("unreached entries"));
        }
        Ok(CentrePdb { pdb })
    }

    /// The table.
    pub fn pdb(&self) -> &PatternDb {
        &self.pdb
    }

    /// The exact number of moves that `board` needs.
    #[inline]
    pub fn distance(&self, board: &Board) -> u32 {
        board
            .masks()
            .into_iter()
            .map(|m| u32::from(self.pdb.raw(rank_mask(m))))
            .min()
            .unwrap_or(0)
    }
}

impl Heuristic<RotationGame> for CentrePdb {
    fn estimate(&self, _: &RotationGame, board: &Board) -> u32 {
        self.distance(board)
    }
}
