//! Random boards from the core's seeded [`SplitMix64`]: the same seed gives the same boards in
//! every version (`searchlab gen eight` and `gen fifteen`, and the instance sets under
//! `puzzles/`, are made with these).

use searchlab_core::{Problem, SplitMix64};

use crate::board::Board;
use crate::puzzle::{Move, SlidingPuzzle};

/// A board drawn uniformly among those that can reach `puzzle`'s goal.
///
/// The cells are shuffled; when the result cannot reach the goal, the first two tiles (not the
/// blank) trade places. That swap flips the permutation's parity and leaves the blank: a
/// bijection between the unsolvable and the solvable half, so the result stays uniform.
///
/// ```
/// use searchlab_core::SplitMix64;
/// use searchlab_npuzzle::{Eight, generate::random_board};
/// let puzzle = Eight::standard();
/// let board = random_board(&puzzle, &mut SplitMix64::new(1077));
/// assert!(puzzle.is_solvable(&board));
/// ```
pub fn random_board<const W: usize, const N: usize>(
    puzzle: &SlidingPuzzle<W, N>,
    rng: &mut SplitMix64,
) -> Board<N> {
    let mut cells: [u8; N] = std::array::from_fn(|i| i as u8);
    rng.shuffle(&mut cells);
    let board = Board::from_cells(cells).expect("a shuffle is a permutation");
    if puzzle.is_solvable(&board) {
        return board;
    }
    let tiles: Vec<usize> = (0..N).filter(|&c| cells[c] != 0).take(2).collect();
    cells.swap(tiles[0], tiles[1]);
    Board::from_cells(cells).expect("still a permutation")
}

/// A board `depth` random blank moves from `puzzle`'s goal, so at most `depth` moves from it.
/// Each move is drawn among the legal ones in the puzzle's move order, except the one undoing
/// the move before (which would waste two of the `depth` moves).
///
/// ```
/// use searchlab_core::{idastar, Limits, SplitMix64};
/// use searchlab_npuzzle::{Eight, Manhattan, generate::scrambled_board};
/// let puzzle = Eight::standard();
/// let board = scrambled_board(&puzzle, &mut SplitMix64::new(7), 12);
/// let run = idastar(&puzzle, &board, &Manhattan, &Limits::none());
/// assert!(run.outcome.cost().unwrap() <= 12);
/// ```
pub fn scrambled_board<const W: usize, const N: usize>(
    puzzle: &SlidingPuzzle<W, N>,
    rng: &mut SplitMix64,
    depth: u32,
) -> Board<N> {
    let mut board = *puzzle.goal();
    let mut last: Option<Move> = None;
    let mut actions = Vec::with_capacity(4);
    for _ in 0..depth {
        actions.clear();
        puzzle.actions(&board, &mut actions);
        actions.retain(|a: &Move| Some(a.inverse()) != last);
        let a = actions[rng.below(actions.len() as u64) as usize];
        puzzle.apply(&mut board, &a);
        last = Some(a);
    }
    board
}
