//! Heuristics for sliding puzzles: Manhattan distance and misplaced tiles.

use searchlab_core::Heuristic;

use crate::board::Board;
use crate::puzzle::{Move, SlidingPuzzle};

/// The sum of the tiles' Manhattan distances from their goal cells. Admissible and consistent
/// (a move shifts one tile by one cell). IDA* updates it incrementally: only the moved tile's
/// term changes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Manhattan;

impl<const W: usize, const N: usize> Heuristic<SlidingPuzzle<W, N>> for Manhattan {
    fn estimate(&self, problem: &SlidingPuzzle<W, N>, state: &Board<N>) -> u32 {
        problem.manhattan(state)
    }

    #[inline]
    fn estimate_child(
        &self,
        problem: &SlidingPuzzle<W, N>,
        child: &Board<N>,
        action: &Move,
        parent_estimate: u32,
    ) -> u32 {
        // The tile that moved now sits where the blank was, one step against the blank's move.
        let new_blank = child.blank();
        let old_blank = match action {
            Move::Up => new_blank + W,
            Move::Down => new_blank - W,
            Move::Left => new_blank + 1,
            Move::Right => new_blank - 1,
        };
        let tile = child.cells()[old_blank];
        parent_estimate + u32::from(problem.tile_distance(tile, old_blank))
            - u32::from(problem.tile_distance(tile, new_blank))
    }
}

/// The number of tiles off their goal cells. Admissible and consistent, but much weaker than
/// [`Manhattan`] (the lecture's first example, seed 002).
#[derive(Clone, Copy, Debug, Default)]
pub struct Misplaced;

impl<const W: usize, const N: usize> Heuristic<SlidingPuzzle<W, N>> for Misplaced {
    fn estimate(&self, problem: &SlidingPuzzle<W, N>, state: &Board<N>) -> u32 {
        problem.misplaced(state)
    }
}
