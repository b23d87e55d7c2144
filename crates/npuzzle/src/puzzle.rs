//! The rules of a `W x W` sliding puzzle as a [`Problem`].

use std::fmt;

use searchlab_core::Problem;

use crate::board::{Board, ParseError};
use crate::class_rank;

/// A move, named by the direction in which the BLANK moves (`u` = the blank swaps with the tile
/// above it), as in POJ 1077.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The blank moves up.
    Up,
    /// The blank moves down.
    Down,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
}

impl Move {
    /// The move that undoes this one.
    #[inline]
    pub fn inverse(self) -> Move {
        // A table: IDA* asks at every node (the move back is not tried, and `undo` applies
        // it), and the match compiled to a jump table.
        const INVERSE: [Move; 4] = [Move::Down, Move::Up, Move::Right, Move::Left];
        INVERSE[self as usize]
    }

    /// The one-letter label: `u d l r`.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'u',
            Move::Down => 'd',
            Move::Left => 'l',
            Move::Right => 'r',
        }
    }

    /// The move named by a letter `u d l r`.
    pub fn from_letter(c: char) -> Option<Move> {
        match c {
            'u' => Some(Move::Up),
            'd' => Some(Move::Down),
            'l' => Some(Move::Left),
            'r' => Some(Move::Right),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Joins moves into the POJ 1077 answer string, e.g. `"ullddr"`.
pub fn moves_to_string(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// The rules of the `W x W` puzzle with `N = W * W` cells, for one goal.
///
/// Actions are tried in a fixed order, by default up, down, left, right; [`SlidingPuzzle::with_order`]
/// changes it (Korf's 1985 experiments use up, left, right, down).
#[derive(Clone, Debug)]
pub struct SlidingPuzzle<const W: usize, const N: usize> {
    goal: Board<N>,
    /// `goal_cell[t]`: where tile `t` belongs.
    goal_cell: [u8; N],
    /// `distance[t][c]`: Manhattan distance of tile `t` on cell `c` from its goal cell. An
    /// array in the puzzle, not a vector: the incremental estimate of every child reads it
    /// (IDA*'s inner loop), and a vector's pointer and length were loads and a bounds check
    /// each time.
    distance: [[u8; N]; N],
    order: [Move; 4],
    /// `moves_from[c]`: the legal moves of a blank on cell `c`, in `order` (the first
    /// `move_count[c]` of them); precomputed because listing actions is the inner loop of
    /// IDA*. Arrays, not vectors: no pointer to follow per node.
    moves_from: [[Move; 4]; N],
    move_count: [u8; N],
    /// `targets[c][m]`: the cell a blank on `c` reaches by move `m` (its index in
    /// [`DEFAULT_ORDER`]), [`OFF_BOARD`] if none: a load instead of a match per move.
    targets: [[u8; 4]; N],
}

/// [`SlidingPuzzle`]'s `targets` entry of a move off the board.
const OFF_BOARD: u8 = u8::MAX;

/// The 8-puzzle (3 x 3).
pub type Eight = SlidingPuzzle<3, 9>;
/// The 15-puzzle (4 x 4).
pub type Fifteen = SlidingPuzzle<4, 16>;
/// The 24-puzzle (5 x 5).
pub type TwentyFour = SlidingPuzzle<5, 25>;

/// The default move order: up, down, left, right.
pub const DEFAULT_ORDER: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

impl<const W: usize, const N: usize> SlidingPuzzle<W, N> {
    /// The puzzle whose goal is `1 2 ... N-1` followed by the blank (POJ 1077's goal).
    pub fn standard() -> Self {
        let mut cells = [0u8; N];
        for (i, c) in cells.iter_mut().enumerate().take(N - 1) {
            *c = i as u8 + 1;
        }
        Self::with_goal(Board::from_cells(cells).expect("the standard goal is a permutation"))
    }

    /// The puzzle whose goal is the blank followed by `1 2 ... N-1` (Korf's convention).
    pub fn blank_first() -> Self {
        let mut cells = [0u8; N];
        for (i, c) in cells.iter_mut().enumerate() {
            *c = i as u8;
        }
        Self::with_goal(Board::from_cells(cells).expect("the blank-first goal is a permutation"))
    }

    /// The puzzle with the given goal.
    pub fn with_goal(goal: Board<N>) -> Self {
        assert_eq!(W * W, N, "SlidingPuzzle<W, N> needs N = W * W");
        let mut goal_cell = [0u8; N];
        for (c, &t) in goal.cells.iter().enumerate() {
            goal_cell[usize::from(t)] = c as u8;
        }
        let mut distance = [[0u8; N]; N];
        for (t, row) in distance.iter_mut().enumerate().skip(1) {
            let g = usize::from(goal_cell[t]);
            for (c, d) in row.iter_mut().enumerate() {
                *d = ((g / W).abs_diff(c / W) + (g % W).abs_diff(c % W)) as u8;
            }
        }
        SlidingPuzzle {
            goal,
            goal_cell,
            distance,
            order: DEFAULT_ORDER,
            moves_from: [[Move::Up; 4]; N],
            move_count: [0; N],
            targets: std::array::from_fn(|c| {
                DEFAULT_ORDER.map(|m| Self::target(c, m).map_or(OFF_BOARD, |t| t as u8))
            }),
        }
        .with_order(DEFAULT_ORDER)
    }

    /// The same puzzle trying moves in `order` (each of the four moves exactly once).
    pub fn with_order(mut self, order: [Move; 4]) -> Self {
        let mut sorted = order;
        sorted.sort();
        assert_eq!(sorted, [Move::Up, Move::Down, Move::Left, Move::Right]);
        self.order = order;
        for c in 0..N {
            let mut count = 0;
            for m in order {
                if Self::target(c, m).is_some() {
                    self.moves_from[c][count] = m;
                    count += 1;
                }
            }
            self.move_count[c] = count as u8;
        }
        self
    }

    /// The legal moves of a blank on `cell`, in this puzzle's order.
    #[inline]
    fn moves_at(&self, cell: usize) -> &[Move] {
        &self.moves_from[cell][..usize::from(self.move_count[cell])]
    }

    /// The cell the blank reaches from `blank` by `mv`, which must be legal there.
    #[inline]
    fn target_of(&self, blank: usize, mv: Move) -> usize {
        let target = self.targets[blank][mv as usize];
        assert!(target != OFF_BOARD, "only legal moves are applied");
        usize::from(target)
    }

    /// The goal board.
    pub fn goal(&self) -> &Board<N> {
        &self.goal
    }

    /// Where tile `t` belongs.
    pub fn goal_cell(&self, tile: u8) -> usize {
        usize::from(self.goal_cell[usize::from(tile)])
    }

    /// Reads a board of this puzzle's size (see [`Board::parse`]).
    pub fn parse(&self, text: &str) -> Result<Board<N>, ParseError> {
        Board::parse(text)
    }

    /// Whether `board` can reach the goal.
    ///
    /// A move swaps the blank with a neighbour: it flips the parity of the permutation (blank
    /// included) and moves the blank by one cell. So the parity of the permutation that takes
    /// the goal to the board must equal the parity of the blank's Manhattan distance from its
    /// goal cell. For odd widths this is the classic "even number of inversions among the tiles"
    /// rule; for even widths the blank's row enters.
    pub fn is_solvable(&self, board: &Board<N>) -> bool {
        // Permutation parity of "cell c holds the tile whose goal cell is p[c]" by cycle count.
        let mut p = [0u8; N];
        for (c, &t) in board.cells.iter().enumerate() {
            p[c] = self.goal_cell[usize::from(t)];
        }
        let mut visited = [false; N];
        let mut transpositions = 0;
        for start in 0..N {
            if visited[start] {
                continue;
            }
            let mut len = 0;
            let mut c = start;
            while !visited[c] {
                visited[c] = true;
                c = usize::from(p[c]);
                len += 1;
            }
            transpositions += len - 1;
        }
        let blank_distance = self.distance_of_blank(board);
        transpositions % 2 == blank_distance % 2
    }

    fn distance_of_blank(&self, board: &Board<N>) -> usize {
        let (b, g) = (board.blank(), usize::from(self.goal_cell[0]));
        (b / W).abs_diff(g / W) + (b % W).abs_diff(g % W)
    }

    /// Sum over the tiles of their Manhattan distances from their goal cells.
    pub fn manhattan(&self, board: &Board<N>) -> u32 {
        board
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(c, &t)| u32::from(self.distance[usize::from(t)][c]))
            .sum()
    }

    /// The Manhattan distance of `tile` on `cell`.
    #[inline]
    pub fn tile_distance(&self, tile: u8, cell: usize) -> u8 {
        self.distance[usize::from(tile)][cell]
    }

    /// The number of tiles (not the blank) off their goal cells.
    pub fn misplaced(&self, board: &Board<N>) -> u32 {
        board
            .cells
            .iter()
            .zip(self.goal.cells.iter())
            .filter(|&(&t, &g)| t != 0 && t != g)
            .count() as u32
    }

    /// Where the blank was before `mv` brought it to its cell in `child`: the cell of the tile
    /// that `mv` moved. Incremental heuristics update only that tile's term.
    #[inline]
    pub fn moved_tile_cell(child: &Board<N>, mv: Move) -> usize {
        // The blank's step by the move, from a table: IDA* and A* ask at every generated
        // node, and the match was a jump table.
        child.blank().wrapping_sub(Self::BLANK_STEP[mv as usize])
    }

    /// How far the blank moves along the cells by each move (indexed by `Move as usize`;
    /// wrapping: up and left are negative).
    const BLANK_STEP: [usize; 4] = [0usize.wrapping_sub(W), W, usize::MAX, 1];

    /// The cell the blank reaches with `mv` from `blank`, if it stays on the board.
    #[inline]
    fn target(blank: usize, mv: Move) -> Option<usize> {
        match mv {
            Move::Up => blank.checked_sub(W),
            Move::Down => (blank + W < N).then_some(blank + W),
            Move::Left => (!blank.is_multiple_of(W)).then(|| blank - 1),
            Move::Right => (blank % W != W - 1).then_some(blank + 1),
        }
    }
}

impl<const W: usize, const N: usize> Problem for SlidingPuzzle<W, N> {
    type State = Board<N>;
    type Action = Move;
    type Cost = u32;

    #[inline]
    fn is_goal(&self, state: &Board<N>) -> bool {
        // The blank first: IDA* asks right after moving a tile in place, and the board's
        // wide loads then wait for the move's byte stores to drain (store forwarding fails
        // across stores); the blank's byte is forwarded, and it is off its goal cell at
        // almost every node (issue 34).
        state.blank == self.goal.blank && state.cells == self.goal.cells
    }

    #[inline]
    fn actions(&self, state: &Board<N>, out: &mut Vec<Move>) {
        // One push per move: `extend_from_slice` of these 2 to 4 bytes became a call to
        // `memcpy`, 4% of A*'s time in a profile.
        for &mv in self.moves_at(state.blank()) {
            out.push(mv);
        }
    }

    /// By permutation parity ([`SlidingPuzzle::is_solvable`]): half of all boards.
    fn goal_unreachable(&self, start: &Board<N>) -> bool {
        !self.is_solvable(start)
    }

    #[inline]
    fn result(&self, state: &Board<N>, action: &Move) -> (Board<N>, u32) {
        let mut next = *state;
        if N > 16 {
            self.apply(&mut next, action);
            return (next, 1);
        }
        // A new board (A*, BFS): swap inside one 128-bit word and store the cells whole. Two
        // single-byte stores followed by the board's copy into A*'s node table stalled on
        // store-to-load forwarding (16% of A*'s time in a profile). In place (IDA*) the plain
        // swap is faster, so `apply` keeps it.
        // The blank's cell holds 0, so the swap puts `tile` on both cells by xor: two shifts
        // of one byte instead of reading both cells out of the word.
        let blank = state.blank();
        let target = self.target_of(blank, *action);
        let tile = u128::from(state.cells[target]);
        let mut bytes = [0u8; 16];
        bytes[..N].copy_from_slice(&state.cells);
        let word = u128::from_le_bytes(bytes);
        let word = word ^ (tile << (8 * blank)) ^ (tile << (8 * target));
        if N < 16 {
            // The blank's cell rides in byte N of the same word: the board is read out of one
            // value. (LLVM still stores the last cell and the blank a byte each, and A*'s
            // copy of the board into its node table reads them as one 2-byte load, which
            // misses store forwarding: benches/README.md, issue 34.)
            let bytes = (word | (target as u128) << (8 * (N % 16))).to_le_bytes();
            let mut cells = [0u8; N];
            cells.copy_from_slice(&bytes[..N]);
            return (
                Board {
                    cells,
                    blank: bytes[N % 16],
                },
                1,
            );
        }
        next.cells.copy_from_slice(&word.to_le_bytes()[..N]);
        next.blank = target as u8;
        (next, 1)
    }

    const IN_PLACE: bool = true;

    #[inline]
    fn apply(&self, state: &mut Board<N>, action: &Move) -> u32 {
        let blank = state.blank();
        // The blank's step, not the targets table: the compiler then sees that the cell a
        // heuristic finds one step back from the new blank (`moved_tile_cell`) is `blank`,
        // and hands it the tile stored there from a register, where IDA*'s Manhattan update
        // waited on the store (a quarter of IDA*'s samples, issue 34). The table still says
        // whether the move is legal, off the path of the values.
        assert!(
            self.targets[blank][*action as usize] != OFF_BOARD,
            "only legal moves are applied"
        );
        let target = blank.wrapping_add(Self::BLANK_STEP[*action as usize]);
        // The blank's cell holds 0: one load (the tile), not the swap's two. IDA* moves and
        // takes back a tile at every generated node. The tile's store comes last, so that
        // nothing that might be the same cell is written between it and the heuristic's read.
        let tile = state.cells[target];
        state.cells[target] = 0;
        state.cells[blank] = tile;
        state.blank = target as u8;
        1
    }

    /// The blank goes back to the cell it left, one step against `action`: no table lookup
    /// or legality test (the move was legal, so its inverse is), and IDA* undoes a move at
    /// every generated node (issue 34).
    #[inline]
    fn undo(&self, state: &mut Board<N>, action: &Move) {
        let blank = state.blank();
        let back = Self::moved_tile_cell(state, *action);
        state.cells[blank] = state.cells[back];
        state.cells[back] = 0;
        state.blank = back as u8;
    }

    fn inverse(&self, action: &Move) -> Option<Move> {
        Some(action.inverse())
    }

    /// The rank of the board within its solvability class ([`class_rank`]), for boards of at
    /// most 9 cells: moves never leave the class, so the boards of one search (A*'s, BFS's)
    /// rank one to one, into half as many slots as the Cantor rank's.
    #[inline]
    fn rank(&self, state: &Board<N>) -> Option<usize> {
        (N <= 9).then(|| class_rank::rank(&state.cells) as usize)
    }

    /// One move keeps the tile sequence (along a row) or carries one tile over `W - 1`
    /// others (across rows): the child's rank follows from the parent's
    /// ([`class_rank::rank_after_blank_move`]). Always inlined, as the dense index's
    /// `child_key` that calls it (several copies of A* call it).
    #[inline(always)]
    fn rank_child(
        &self,
        parent: &Board<N>,
        parent_rank: usize,
        _: &Move,
        child: &Board<N>,
    ) -> Option<usize> {
        if N > 9 {
            return None;
        }
        let (from, to) = (parent.blank(), child.blank());
        // From the parent's cells, which are in memory already: the child's are read by no
        // index, so that it stays in registers until A* stores it (as in Manhattan's
        // `estimate_from`). Not in a closure: `bool::then`'s was left out of line.
        let rank =
            class_rank::rank_after_blank_move::<W, N>(&parent.cells, parent_rank as u64, from, to);
        Some(rank as usize)
    }

    /// `N!/2`: the boards of one solvability class.
    fn rank_count(&self) -> Option<usize> {
        (N <= 9).then(|| class_rank::count(N) as usize)
    }

    /// The goal board: sliding puzzles have one goal state, so bidirectional searches apply.
    fn goal_state(&self) -> Option<Board<N>> {
        Some(self.goal)
    }

    fn has_predecessors(&self) -> bool {
        true
    }

    /// Every move is undone by its inverse at the same cost: the predecessors of a board are
    /// its children, each with the move that leads back (in the order of the board's moves).
    fn predecessors(&self, state: &Board<N>, out: &mut Vec<(Board<N>, Move, u32)>) {
        for &mv in self.moves_at(state.blank()) {
            let (previous, cost) = self.result(state, &mv);
            out.push((previous, mv.inverse(), cost));
        }
    }
}
