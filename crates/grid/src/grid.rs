//! The grid as a search [`Problem`]: one query (a goal on a map), moves N NE E ... with exact
//! octile costs, and the heuristics octile, Manhattan and zero.

use searchlab_core::{Heuristic, Octile, Problem};

use crate::map::{Cell, GridMap};

/// A move to one of the 8 neighbours; the order of [`Move::ALL`] (clockwise from north) is the
/// order in which every search tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Up (row - 1).
    N,
    /// Up and right.
    NE,
    /// Right (column + 1).
    E,
    /// Down and right.
    SE,
    /// Down (row + 1).
    S,
    /// Down and left.
    SW,
    /// Left (column - 1).
    W,
    /// Up and left.
    NW,
}

impl Move {
    /// Every move, clockwise from north.
    pub const ALL: [Move; 8] = [
        Move::N,
        Move::NE,
        Move::E,
        Move::SE,
        Move::S,
        Move::SW,
        Move::W,
        Move::NW,
    ];

    /// The position in [`Move::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The move at position `i` (mod 8) of [`Move::ALL`].
    #[inline]
    pub const fn from_index(i: usize) -> Move {
        // A match onto the discriminants themselves compiles to nothing; the table it replaces
        // was a load per generated cell.
        match i % 8 {
            0 => Move::N,
            1 => Move::NE,
            2 => Move::E,
            3 => Move::SE,
            4 => Move::S,
            5 => Move::SW,
            6 => Move::W,
            _ => Move::NW,
        }
    }

    /// `(dx, dy)`: columns right and rows down.
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        // Tables, not a `match`: the match compiled to a jump table, one indirect branch per
        // generated cell, which the search's move order makes hard to predict.
        const DX: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
        const DY: [i32; 8] = [-1, -1, 0, 1, 1, 1, 0, -1];
        (DX[self.index()], DY[self.index()])
    }

    /// Whether it moves along a diagonal (cost sqrt(2)).
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        self.index() % 2 == 1
    }

    /// The move back.
    #[inline]
    pub const fn opposite(self) -> Move {
        // A table: from `from_index`'s match, A* (which asks for the move back once an
        // expansion) built a jump table, an indirect branch that the moves' order mispredicts.
        // Built at compile time from the move four places on.
        const OPPOSITE: [Move; 8] = {
            let mut table = [Move::N; 8];
            let mut i = 0;
            while i < 8 {
                table[i] = Move::from_index(i + 4);
                i += 1;
            }
            table
        };
        OPPOSITE[self.index()]
    }

    /// Its cost: 1 straight, sqrt(2) diagonal.
    #[inline]
    pub const fn cost(self) -> Octile {
        // From the index's low bit, without a branch: A* asks for every neighbour.
        let diagonal = (self.index() % 2) as u32;
        Octile::new(1 - diagonal, diagonal)
    }

    /// Its name: `N`, `NE`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Move::N => "N",
            Move::NE => "NE",
            Move::E => "E",
            Move::SE => "SE",
            Move::S => "S",
            Move::SW => "SW",
            Move::W => "W",
            Move::NW => "NW",
        }
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which neighbours a cell has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// N, E, S, W only (cost 1 each): BFS applies, Manhattan is the exact open-grid heuristic.
    Four,
    /// All 8 (the benchmark's), diagonals only past two free cells.
    #[default]
    Eight,
}

impl Connectivity {
    /// The bits of [`Move::index`] this connectivity allows.
    #[inline]
    const fn mask(self) -> u8 {
        match self {
            Connectivity::Four => 0b0101_0101,
            Connectivity::Eight => 0xff,
        }
    }
}

/// One query on a map as a [`Problem`]: states are cells, actions are [`Move`]s in the order of
/// [`Move::ALL`], costs are exact [`Octile`] lengths.
///
/// The cell index of the padded map ([`GridMap::index`]) is a perfect rank, so A* and BFS keep
/// their nodes in dense tables; the move back ([`Move::opposite`]) is the inverse.
///
/// # Examples
/// ```
/// use searchlab_core::{astar, Limits};
/// use searchlab_grid::{Cell, Connectivity, Grid, GridMap, OctileDistance};
///
/// let map = GridMap::parse("type octile\nheight 3\nwidth 3\nmap\n...\n.@.\n...\n", "ring").unwrap();
/// let grid = Grid::new(&map, Cell::new(2, 2), Connectivity::Eight);
/// let h = OctileDistance::new(Cell::new(2, 2));
/// let run = astar(&grid, &Cell::new(0, 0), &h, &Limits::none());
/// // The wall in the middle forbids the diagonals past it: 4 straight moves.
/// assert_eq!(run.outcome.cost().unwrap().to_string(), "4.00000000");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Grid<'m> {
    map: &'m GridMap,
    goal: Cell,
    mask: u8,
    /// The map's rank offset of each move (`GridMap::offset`), here so that A* reads it
    /// through one reference a child, not two.
    offsets: [i32; 8],
}

impl<'m> Grid<'m> {
    /// The query "reach `goal`" on `map` with the given moves.
    pub fn new(map: &'m GridMap, goal: Cell, connectivity: Connectivity) -> Self {
        Grid {
            map,
            goal,
            mask: connectivity.mask(),
            offsets: Move::ALL.map(|m| map.offset(m)),
        }
    }

    /// The map.
    pub fn map(&self) -> &'m GridMap {
        self.map
    }

    /// The goal.
    pub fn goal(&self) -> Cell {
        self.goal
    }

    /// The legal moves out of `cell` under this connectivity, as bits of [`Move::index`].
    #[inline]
    pub fn move_bits(&self, cell: Cell) -> u8 {
        self.map.moves_at(self.map.index(cell)) & self.mask
    }
}

/// For each set of moves (bits of [`Move::index`]), its moves in the order of [`Move::ALL`],
/// padded with [`Move::NW`].
const MOVE_LISTS: [[Move; 8]; 256] = {
    let mut lists = [[Move::NW; 8]; 256];
    let mut bits = 0;
    while bits < 256 {
        let (mut i, mut n) = (0, 0);
        while i < 8 {
            if bits >> i & 1 == 1 {
                lists[bits][n] = Move::from_index(i);
                n += 1;
            }
            i += 1;
        }
        bits += 1;
    }
    lists
};

/// For each set of moves, how many: a table, as the release build's target has no population
/// count instruction (`count_ones` took six instructions an expansion).
const MOVE_COUNTS: [u8; 256] = {
    let mut counts = [0; 256];
    let mut bits = 0;
    while bits < 256 {
        counts[bits] = (bits as u8).count_ones() as u8;
        bits += 1;
    }
    counts
};

/// `cell` moved by `m` (the move must stay on the map).
#[inline]
pub(crate) fn step(cell: Cell, m: Move) -> Cell {
    // `y * 2^16 + x` moved by `dy * 2^16 + dx`: one table load and one add for both
    // coordinates (the move stays on the map, so neither leaves 0..2^16).
    // Built at compile time from the moves' deltas.
    const STEP: [i32; 8] = {
        let mut table = [0; 8];
        let mut i = 0;
        while i < 8 {
            let (dx, dy) = Move::from_index(i).delta();
            table[i] = dy * (1 << 16) + dx;
            i += 1;
        }
        table
    };
    let packed = (u32::from(cell.y) << 16 | u32::from(cell.x)).wrapping_add_signed(STEP[m.index()]);
    Cell::new(packed as u16, (packed >> 16) as u16)
}

impl Problem for Grid<'_> {
    type State = Cell;
    type Action = Move;
    type Cost = Octile;

    #[inline]
    fn is_goal(&self, state: &Cell) -> bool {
        *state == self.goal
    }

    /// The moves of [`Grid::move_bits`] in the order of [`Move::ALL`]: copied from a table
    /// of all 256 sets (8 bytes at once) and cut to length, instead of a push per move (a
    /// capacity test and a length store each: 6% of a grid search's time).
    #[inline]
    fn actions(&self, state: &Cell, out: &mut Vec<Move>) {
        let bits = usize::from(self.move_bits(*state));
        let len = out.len();
        out.extend_from_slice(&MOVE_LISTS[bits]);
        out.truncate(len + usize::from(MOVE_COUNTS[bits]));
    }

    #[inline]
    fn result(&self, state: &Cell, action: &Move) -> (Cell, Octile) {
        (step(*state, *action), action.cost())
    }

    fn inverse(&self, action: &Move) -> Option<Move> {
        Some(action.opposite())
    }

    /// Proved by flooding the start's part of the map (up to 16 million cells) without
    /// meeting the goal: a wall between them.
    fn goal_unreachable(&self, start: &Cell) -> bool {
        searchlab_core::problem::no_goal_within(self, start, 1 << 24)
    }

    #[inline]
    fn rank(&self, state: &Cell) -> Option<usize> {
        Some(self.map.index(*state) as usize)
    }

    fn rank_count(&self) -> Option<usize> {
        Some(self.map.rank_count())
    }

    #[inline]
    fn rank_child(
        &self,
        parent: &Cell,
        parent_rank: usize,
        action: &Move,
        _: &Cell,
    ) -> Option<usize> {
        self.rank_after(parent, parent_rank, action)
    }

    /// The parent's rank plus the move's offset: A* looks a child up before building its cell
    /// and cost, which a closed child (most of them) then never needs.
    #[inline]
    fn rank_after(&self, _: &Cell, parent_rank: usize, action: &Move) -> Option<usize> {
        Some((parent_rank as i64 + i64::from(self.offsets[action.index()])) as usize)
    }
}

/// The octile distance to a goal: exact on an open 8-connected grid, so admissible and
/// consistent with obstacles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OctileDistance {
    goal: Cell,
}

impl OctileDistance {
    /// The distance to `goal`.
    pub fn new(goal: Cell) -> Self {
        OctileDistance { goal }
    }

    /// The octile distance from `cell` to the goal.
    #[inline]
    pub fn of(&self, cell: Cell) -> Octile {
        Octile::distance(
            u32::from(cell.x.abs_diff(self.goal.x)),
            u32::from(cell.y.abs_diff(self.goal.y)),
        )
    }
}

impl Heuristic<Grid<'_>> for OctileDistance {
    #[inline]
    fn estimate(&self, _: &Grid<'_>, state: &Cell) -> Octile {
        self.of(*state)
    }
    /// A move changes the octile distance by at most its own cost, 4- or 8-connected.
    fn is_consistent(&self, _: &Grid<'_>) -> bool {
        true
    }
}

/// The Manhattan distance to a goal: exact on an open 4-connected grid. Not admissible with
/// 8 connections (a diagonal covers 2 of it for sqrt(2)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Manhattan {
    goal: Cell,
}

impl Manhattan {
    /// The distance to `goal`.
    pub fn new(goal: Cell) -> Self {
        Manhattan { goal }
    }

    /// The Manhattan distance from `cell` to the goal.
    #[inline]
    pub fn of(&self, cell: Cell) -> Octile {
        Octile::new(
            u32::from(cell.x.abs_diff(self.goal.x)) + u32::from(cell.y.abs_diff(self.goal.y)),
            0,
        )
    }
}

impl Heuristic<Grid<'_>> for Manhattan {
    #[inline]
    fn estimate(&self, _: &Grid<'_>, state: &Cell) -> Octile {
        self.of(*state)
    }
    /// With 4 connections a move changes it by 1, its cost; a diagonal changes it by 2 for
    /// sqrt(2), so not with 8.
    fn is_consistent(&self, grid: &Grid<'_>) -> bool {
        grid.mask == Connectivity::Four.mask()
    }
}

/// The cells a path visits, `start` first.
pub fn path_cells(start: Cell, moves: &[Move]) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(moves.len() + 1);
    let mut at = start;
    cells.push(at);
    for &m in moves {
        at = step(at, m);
        cells.push(at);
    }
    cells
}

/// A path as a move string: `N NE E` (empty for the empty path).
pub fn moves_to_string(moves: &[Move]) -> String {
    moves.iter().map(|m| m.name()).collect::<Vec<_>>().join(" ")
}

/// A path as cells: `(1,2) (2,3) ...`.
pub fn cells_to_string(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The length of a sequence of moves.
pub fn moves_cost(moves: &[Move]) -> Octile {
    moves
        .iter()
        .fold(Octile::new(0, 0), |sum, m| sum + m.cost())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed step and the index offsets agree with the moves' deltas, at the map's edges
    /// too.
    #[test]
    fn steps_and_offsets_follow_the_deltas() {
        let map = GridMap::parse(
            "type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n",
            "t",
        )
        .unwrap();
        for (x, y) in [(1u16, 1u16), (0, 0), (3, 2), (1, 0), (0, 2)] {
            let cell = Cell::new(x, y);
            for m in Move::ALL {
                assert_eq!(Move::from_index(m.index()), m);
                assert_eq!(m.opposite().delta(), (-m.delta().0, -m.delta().1));
                let (dx, dy) = m.delta();
                let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
                if nx < 0 || ny < 0 || nx >= 4 || ny >= 3 {
                    continue;
                }
                let next = step(cell, m);
                assert_eq!(
                    (i32::from(next.x), i32::from(next.y)),
                    (nx, ny),
                    "{cell} {m}"
                );
                let moved = i64::from(map.index(cell)) + i64::from(map.offset(m));
                assert_eq!(moved, i64::from(map.index(next)), "{cell} {m}");
                // A* looks children up by `rank_after`, without the child: the same rank.
                let grid = Grid::new(&map, Cell::new(0, 0), Connectivity::Eight);
                let rank = grid.rank(&cell).unwrap();
                assert_eq!(
                    grid.rank_after(&cell, rank, &m),
                    grid.rank(&next),
                    "{cell} {m}"
                );
                assert_eq!(grid.rank_child(&cell, rank, &m, &next), grid.rank(&next));
            }
        }
    }
}
