//! Heuristics for sliding puzzles: Manhattan distance, linear conflicts and misplaced tiles.

use searchlab_core::Heuristic;

use crate::board::Board;
use crate::puzzle::{Move, SlidingPuzzle};

/// The Manhattan distance after `tile` moved from `from` (where the blank is now) to `to`, from
/// the distance `before` the move: only that tile's term changes.
#[inline]
fn moved<const W: usize, const N: usize>(
    problem: &SlidingPuzzle<W, N>,
    before: u32,
    tile: u8,
    to: usize,
    from: usize,
) -> u32 {
    before + u32::from(problem.tile_distance(tile, to))
        - u32::from(problem.tile_distance(tile, from))
}

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
        let old_blank = SlidingPuzzle::<W, N>::moved_tile_cell(child, *action);
        let tile = child.cells()[old_blank];
        moved(problem, parent_estimate, tile, old_blank, child.blank())
    }

    /// The moved tile read from the parent, on the cell the blank took: A*'s child is then
    /// read by no index, and stays in registers until A* stores it (by index, it went through
    /// the stack, and its copy into the node table stalled on store forwarding; IDA*, which
    /// moves tiles in place, is better served by `estimate_child`).
    #[inline]
    fn estimate_from(
        &self,
        problem: &SlidingPuzzle<W, N>,
        parent: &Board<N>,
        child: &Board<N>,
        action: &Move,
        parent_estimate: u32,
    ) -> u32 {
        let new_blank = child.blank();
        let tile = parent.cells()[new_blank];
        let old_blank = SlidingPuzzle::<W, N>::moved_tile_cell(child, *action);
        moved(problem, parent_estimate, tile, old_blank, new_blank)
    }

    /// A move shifts one tile by one cell at cost 1, so the sum changes by exactly one. A*
    /// then marks closed boards in its dense index and skips them there without reading
    /// their nodes (issue 34).
    fn is_consistent(&self, _: &SlidingPuzzle<W, N>) -> bool {
        true
    }

    /// The Manhattan distance between two boards: each tile's distance from its cell in `from`
    /// to its cell in `to`. Admissible for the same reason as towards the goal; bidirectional
    /// search uses it towards the start.
    fn estimate_between(
        &self,
        _: &SlidingPuzzle<W, N>,
        from: &Board<N>,
        to: &Board<N>,
    ) -> Option<u32> {
        let mut cell_in_to = [0usize; N];
        for (c, &t) in to.cells().iter().enumerate() {
            cell_in_to[usize::from(t)] = c;
        }
        let distance = from
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(c, &t)| {
                let d = cell_in_to[usize::from(t)];
                ((c / W).abs_diff(d / W) + (c % W).abs_diff(d % W)) as u32
            })
            .sum();
        Some(distance)
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

    /// A move changes one tile's cell, so the count changes by at most 1, its cost.
    fn is_consistent(&self, _: &SlidingPuzzle<W, N>) -> bool {
        true
    }

    /// The tiles on different cells in the two boards.
    fn estimate_between(
        &self,
        _: &SlidingPuzzle<W, N>,
        from: &Board<N>,
        to: &Board<N>,
    ) -> Option<u32> {
        let differ = from
            .cells()
            .iter()
            .zip(to.cells())
            .filter(|&(&a, &b)| a != 0 && a != b)
            .count();
        Some(differ as u32)
    }
}

/// Manhattan distance plus linear conflicts (Hansson, Mayer and Yung 1992).
///
/// Two tiles that sit in their goal row, in the wrong order, cannot pass each other without one
/// leaving the row: two moves that Manhattan distance does not count. For each row, the tiles
/// whose goal is that row must lose all but a longest increasing subsequence of their goal
/// columns, and each tile removed costs 2 more moves; likewise for the columns. A tile in its
/// goal row has no vertical Manhattan term, so leaving the row and coming back are 2 vertical
/// moves nobody counted; column conflicts charge horizontal moves, so the sum over rows and
/// columns stays admissible (checked against exact 8-puzzle distances in the tests). The per-line term is read from a table indexed by the line's goal
/// positions in base `W + 1` (625 entries for the 15-puzzle), and IDA* updates it incrementally:
/// a horizontal move changes two columns, a vertical one two rows.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    width: usize,
    cells: usize,
    /// `row_part[t * N + c]`: tile `t`'s digit in the key of the row of cell `c` (its goal
    /// column + 1, at the cell's column's place value, if `c` is in its goal row; else 0), so a
    /// line's key is a sum of loads without branches. `col_part` likewise for columns.
    row_part: Vec<u16>,
    col_part: Vec<u16>,
    /// `conflict[key]`: 2 x (tiles in the line - longest increasing run of their goal positions),
    /// the key holding each cell's goal position + 1 in base W + 1 (0: not in this line).
    conflict: Vec<u8>,
}

impl LinearConflict {
    /// The heuristic for `puzzle`'s goal.
    ///
    /// ```
    /// use searchlab_core::{idastar, Heuristic, Limits};
    /// use searchlab_npuzzle::{Eight, LinearConflict, Manhattan};
    ///
    /// let puzzle = Eight::standard();
    /// let lc = LinearConflict::new(&puzzle);
    /// // 2 and 1 are in their goal row, swapped, and so are 5 and 4: Manhattan 4 + 2 x 2.
    /// let board = puzzle.parse("2 1 3 5 4 6 7 8 x").unwrap();
    /// assert_eq!(Manhattan.estimate(&puzzle, &board), 4);
    /// assert_eq!(lc.estimate(&puzzle, &board), 8);
    /// let run = idastar(&puzzle, &board, &lc, &Limits::none());
    /// assert!(run.outcome.cost().unwrap() >= 6);
    /// ```
    pub fn new<const W: usize, const N: usize>(puzzle: &SlidingPuzzle<W, N>) -> Self {
        assert!(W <= 6, "linear-conflict tables are for widths up to 6");
        let (mut goal_row, mut goal_col) = (vec![0u8; N], vec![0u8; N]);
        for t in 1..N {
            let g = puzzle.goal_cell(t as u8);
            goal_row[t] = (g / W) as u8;
            goal_col[t] = (g % W) as u8;
        }
        let base = W + 1;
        let size = base.pow(W as u32);
        let mut conflict = vec![0u8; size];
        for (key, entry) in conflict.iter_mut().enumerate() {
            let mut goals = Vec::with_capacity(W);
            let mut k = key;
            for _ in 0..W {
                if k % base != 0 {
                    goals.push(k % base - 1);
                }
                k /= base;
            }
            *entry = (2 * (goals.len() - longest_increasing(&goals))) as u8;
        }
        let (mut row_part, mut col_part) = (vec![0u16; N * N], vec![0u16; N * N]);
        for t in 1..N {
            for c in 0..N {
                let (r, k) = (c / W, c % W);
                if usize::from(goal_row[t]) == r {
                    row_part[t * N + c] =
                        ((usize::from(goal_col[t]) + 1) * base.pow(k as u32)) as u16;
                }
                if usize::from(goal_col[t]) == k {
                    col_part[t * N + c] =
                        ((usize::from(goal_row[t]) + 1) * base.pow(r as u32)) as u16;
                }
            }
        }
        LinearConflict {
            width: W,
            cells: N,
            row_part,
            col_part,
            conflict,
        }
    }

    /// The key of row `r` of `cells`.
    #[inline]
    fn row_key<const N: usize>(&self, cells: &[u8; N], r: usize) -> usize {
        let w = self.width;
        (r * w..r * w + w)
            .map(|c| usize::from(self.row_part[usize::from(cells[c]) * N + c]))
            .sum()
    }

    /// The key of column `k` of `cells`.
    #[inline]
    fn column_key<const N: usize>(&self, cells: &[u8; N], k: usize) -> usize {
        (k..N)
            .step_by(self.width)
            .map(|c| usize::from(self.col_part[usize::from(cells[c]) * N + c]))
            .sum()
    }

    /// The conflict term of row `r` of `cells`.
    #[inline]
    fn row<const N: usize>(&self, cells: &[u8; N], r: usize) -> u32 {
        u32::from(self.conflict[self.row_key(cells, r)])
    }

    /// The conflict term of column `k` of `cells`.
    #[inline]
    fn column<const N: usize>(&self, cells: &[u8; N], k: usize) -> u32 {
        u32::from(self.conflict[self.column_key(cells, k)])
    }

    /// The conflict terms alone (without Manhattan distance): twice the tiles that must leave
    /// their goal row or column.
    pub fn conflicts<const N: usize>(&self, board: &Board<N>) -> u32 {
        (0..self.width)
            .map(|i| self.row(board.cells(), i) + self.column(board.cells(), i))
            .sum()
    }
}

/// The length of a longest strictly increasing subsequence (lines have at most 6 tiles).
fn longest_increasing(xs: &[usize]) -> usize {
    let mut best = vec![1usize; xs.len()];
    for i in 0..xs.len() {
        for j in 0..i {
            if xs[j] < xs[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

impl<const W: usize, const N: usize> Heuristic<SlidingPuzzle<W, N>> for LinearConflict {
    fn estimate(&self, problem: &SlidingPuzzle<W, N>, state: &Board<N>) -> u32 {
        problem.manhattan(state) + self.conflicts(state)
    }

    #[inline]
    fn estimate_child(
        &self,
        problem: &SlidingPuzzle<W, N>,
        child: &Board<N>,
        action: &Move,
        parent_estimate: u32,
    ) -> u32 {
        let new_blank = child.blank();
        let old_blank = SlidingPuzzle::<W, N>::moved_tile_cell(child, *action);
        let tile = usize::from(child.cells()[old_blank]);
        debug_assert_eq!(self.cells, N);
        // Only the two lines the tile left and entered change (the lines along the move keep
        // their tiles in the same order). The parent's keys differ from the child's by the
        // tile's digit alone: it was on `new_blank`, it is now on `old_blank`.
        let (parts, child_a, child_b) = if matches!(action, Move::Up | Move::Down) {
            let (a, b) = (old_blank / W, new_blank / W);
            let cells = child.cells();
            (
                &self.row_part,
                self.row_key(cells, a),
                self.row_key(cells, b),
            )
        } else {
            let (a, b) = (old_blank % W, new_blank % W);
            let cells = child.cells();
            (
                &self.col_part,
                self.column_key(cells, a),
                self.column_key(cells, b),
            )
        };
        let parent_a = child_a - usize::from(parts[tile * N + old_blank]);
        let parent_b = child_b + usize::from(parts[tile * N + new_blank]);
        let after = u32::from(self.conflict[child_a]) + u32::from(self.conflict[child_b]);
        let before = u32::from(self.conflict[parent_a]) + u32::from(self.conflict[parent_b]);
        let tile = tile as u8;
        parent_estimate + u32::from(problem.tile_distance(tile, old_blank)) + after
            - u32::from(problem.tile_distance(tile, new_blank))
            - before
    }
}
