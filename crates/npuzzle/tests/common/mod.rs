//! What the 8- and 15-puzzle tests share: exact 8-puzzle distances by exhaustive BFS.

use searchlab_core::Problem;
use searchlab_npuzzle::{Board, Eight, cantor};

/// Marks a board the BFS from the goal never reached (an unsolvable one).
pub const UNREACHED: u8 = u8::MAX;

/// BFS from the goal over Cantor ranks: the true distance of every state (moves are reversible,
/// so the distance from the goal is the distance to it). Indexed by [`cantor::rank`] (all 9!
/// boards), not by the puzzle's own rank, which is one-to-one only within a solvability class.
pub fn distances(puzzle: &Eight) -> Vec<u8> {
    let mut dist = vec![UNREACHED; cantor::factorial(9) as usize];
    let goal = *puzzle.goal();
    dist[cantor_rank(&goal)] = 0;
    let mut frontier = vec![goal];
    let mut actions = Vec::new();
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for board in &frontier {
            actions.clear();
            puzzle.actions(board, &mut actions);
            for a in &actions {
                let (child, _) = puzzle.result(board, a);
                let r = cantor_rank(&child);
                if dist[r] == UNREACHED {
                    dist[r] = depth;
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// The Cantor rank of `board`'s cells: its index in [`distances`].
#[allow(
    dead_code,
    reason = "not every test file that shares this module needs it"
)]
pub fn cantor_rank(board: &Board<9>) -> usize {
    let cells: &[u8] = board.cells();
    cantor::rank(cells) as usize
}

/// The board whose Cantor rank is `r`.
pub fn board_of_rank(r: usize) -> Board<9> {
    let cells: [u8; 9] = cantor::unrank(r as u64, 9).try_into().unwrap();
    Board::from_cells(cells).unwrap()
}
