//! Jump point search (Harabor and Grastien 2011) as a successor generator: the core's A* runs
//! unchanged over jump points.
//!
//! On an 8-connected grid many optimal paths are symmetric (the same moves in another order).
//! JPS expands only one canonical order of them: diagonal moves first, straight moves only where
//! an obstacle forces a turn. From a state it "jumps" in each canonical direction, scanning cell
//! by cell without putting anything on the open list, until it reaches the goal, a cell with a
//! forced neighbour (a cell that only this path reaches optimally), or a wall. Those jump
//! points are the only successors, so A* over them keeps optimality while it touches far fewer
//! nodes (Harabor, D. and Grastien, A., "Online Graph Pruning for Pathfinding on Grid Maps",
//! AAAI 2011).
//!
//! The rules here are those for the benchmark's moves, where a diagonal may not cut a corner
//! (Harabor and Grastien 2014, "Improving Jump Point Search", ICAPS): after a diagonal move
//! there is no forced neighbour (the two straight components and the diagonal continue); after
//! a straight move, a side cell is forced when it is free and the cell behind it is blocked, and
//! then both the straight turn towards it and the diagonal past it are successors.

use searchlab_core::{Heuristic, Octile, Problem};

use crate::grid::{Manhattan, Move, OctileDistance};
use crate::map::{Cell, GridMap};

/// A jump point: a cell and the direction of the jump that reached it (`None` at the start).
/// The direction decides which successors are canonical, so it is part of the state: a cell
/// reached along two directions is two states (its rank is `cell index * 9 + direction`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JumpState {
    /// The cell.
    pub cell: Cell,
    /// The direction it was entered in; `None` for the start.
    pub from: Option<Move>,
}

impl JumpState {
    /// The start state at `cell` (every direction is open from it).
    pub fn start(cell: Cell) -> Self {
        JumpState { cell, from: None }
    }
}

/// A jump: `steps` moves in direction `dir`, with no node in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The direction.
    pub dir: Move,
    /// The number of cells moved.
    pub steps: u32,
}

/// One query on a map as a [`Problem`] over jump points: run the core's [`searchlab_core::astar()`]
/// on it with [`OctileDistance`] (or `Zero`) from [`JumpState::start`].
///
/// Optimal: it returns the same lengths as A* over cells. Tie-breaking differs: A* over cells
/// returns, among the optimal paths, the one its FIFO order over equal (f, g) meets first, in
/// the move order N NE E ...; JPS can only return canonical paths (diagonal moves before
/// straight ones between two turns, turns only at jump points), so on open ground its path
/// runs diagonally first and then straight, where A*'s may interleave the two. Its statistics
/// count jump points: `expanded` is the number of jump points expanded (a cell entered from two
/// directions counts twice), not the cells scanned between them.
///
/// # Examples
/// ```
/// use searchlab_core::{astar, Limits};
/// use searchlab_grid::{Cell, GridMap, JumpPoints, JumpState, OctileDistance};
///
/// let map = GridMap::parse("type octile\nheight 4\nwidth 6\nmap\n......\n.@@@..\n......\n......\n", "m").unwrap();
/// let goal = Cell::new(5, 3);
/// let jps = JumpPoints::new(&map, goal);
/// let run = astar(&jps, &JumpState::start(Cell::new(0, 0)), &OctileDistance::new(goal), &Limits::none());
/// assert_eq!(run.outcome.cost().unwrap().to_string(), "7.41421356"); // 6 + sqrt(2)
/// let moves = JumpPoints::moves(run.outcome.actions().unwrap());
/// assert_eq!(moves.len(), 7);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct JumpPoints<'m> {
    map: &'m GridMap,
    goal: Cell,
    goal_index: u32,
}

impl<'m> JumpPoints<'m> {
    /// The query "reach `goal`" on `map`, 8-connected.
    pub fn new(map: &'m GridMap, goal: Cell) -> Self {
        JumpPoints {
            map,
            goal,
            goal_index: map.index(goal),
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

    /// The single moves of a path of jumps.
    pub fn moves(jumps: &[Jump]) -> Vec<Move> {
        jumps
            .iter()
            .flat_map(|j| std::iter::repeat_n(j.dir, j.steps as usize))
            .collect()
    }

    #[inline]
    fn free(&self, class: u8, index: u32) -> bool {
        self.map.class_at(index) == class
    }

    /// Scans from `index` along the straight offset `o` (sides `p1`, `p2`): the steps to the
    /// first jump point, `None` at a wall.
    #[inline]
    fn jump_straight(&self, class: u8, mut index: u32, o: i32, p1: i32, p2: i32) -> Option<u32> {
        let mut steps = 0;
        loop {
            let next = index.wrapping_add_signed(o);
            if !self.free(class, next) {
                return None;
            }
            index = next;
            steps += 1;
            if index == self.goal_index {
                return Some(steps);
            }
            let behind = index.wrapping_add_signed(-o);
            if (self.free(class, index.wrapping_add_signed(p1))
                && !self.free(class, behind.wrapping_add_signed(p1)))
                || (self.free(class, index.wrapping_add_signed(p2))
                    && !self.free(class, behind.wrapping_add_signed(p2)))
            {
                return Some(steps);
            }
        }
    }

    /// The straight scan in direction `m` from `index`.
    #[inline]
    fn scan(&self, class: u8, index: u32, m: Move) -> Option<u32> {
        let o = self.map.offset(m);
        let side = if m.delta().0 == 0 {
            1
        } else {
            self.map.stride() as i32
        };
        self.jump_straight(class, index, o, -side, side)
    }

    /// The diagonal scan in direction `m` (with straight components `a`, `b`) from `index`.
    fn jump_diagonal(&self, class: u8, mut index: u32, m: Move) -> Option<u32> {
        let a = Move::from_index(m.index() + 7);
        let b = Move::from_index(m.index() + 1);
        let (oa, ob) = (self.map.offset(a), self.map.offset(b));
        let o = oa + ob;
        let mut steps = 0;
        loop {
            if !(self.free(class, index.wrapping_add_signed(oa))
                && self.free(class, index.wrapping_add_signed(ob))
                && self.free(class, index.wrapping_add_signed(o)))
            {
                return None;
            }
            index = index.wrapping_add_signed(o);
            steps += 1;
            if index == self.goal_index
                || self.scan(class, index, a).is_some()
                || self.scan(class, index, b).is_some()
            {
                return Some(steps);
            }
        }
    }

    /// The canonical directions out of `state`, as bits of [`Move::index`].
    fn directions(&self, class: u8, index: u32, from: Option<Move>) -> u8 {
        let Some(d) = from else {
            return 0xff;
        };
        let j = d.index();
        if d.is_diagonal() {
            return (1 << j) | (1 << ((j + 7) % 8)) | (1 << ((j + 1) % 8));
        }
        let mut bits = 1u8 << j;
        let behind = index.wrapping_add_signed(-self.map.offset(d));
        for (side, diagonal) in [((j + 2) % 8, (j + 1) % 8), ((j + 6) % 8, (j + 7) % 8)] {
            let p = self.map.offset(Move::from_index(side));
            if self.free(class, index.wrapping_add_signed(p))
                && !self.free(class, behind.wrapping_add_signed(p))
            {
                bits |= (1 << side) | (1 << diagonal);
            }
        }
        bits
    }
}

impl Problem for JumpPoints<'_> {
    type State = JumpState;
    type Action = Jump;
    type Cost = Octile;

    #[inline]
    fn is_goal(&self, state: &JumpState) -> bool {
        state.cell == self.goal
    }

    fn actions(&self, state: &JumpState, out: &mut Vec<Jump>) {
        let index = self.map.index(state.cell);
        let class = self.map.class_at(index);
        let mut bits = self.directions(class, index, state.from);
        while bits != 0 {
            let dir = Move::from_index(bits.trailing_zeros() as usize);
            bits &= bits - 1;
            let steps = if dir.is_diagonal() {
                self.jump_diagonal(class, index, dir)
            } else {
                self.scan(class, index, dir)
            };
            if let Some(steps) = steps {
                out.push(Jump { dir, steps });
            }
        }
    }

    #[inline]
    fn result(&self, state: &JumpState, jump: &Jump) -> (JumpState, Octile) {
        let (dx, dy) = jump.dir.delta();
        let n = jump.steps as i32;
        let cell = Cell::new(
            (i32::from(state.cell.x) + dx * n) as u16,
            (i32::from(state.cell.y) + dy * n) as u16,
        );
        let cost = if jump.dir.is_diagonal() {
            Octile::new(0, jump.steps)
        } else {
            Octile::new(jump.steps, 0)
        };
        (
            JumpState {
                cell,
                from: Some(jump.dir),
            },
            cost,
        )
    }

    #[inline]
    fn rank(&self, state: &JumpState) -> Option<usize> {
        let dir = state.from.map_or(8, Move::index);
        Some(self.map.index(state.cell) as usize * 9 + dir)
    }

    fn rank_count(&self) -> Option<usize> {
        Some(self.map.rank_count() * 9)
    }
}

impl Heuristic<JumpPoints<'_>> for OctileDistance {
    #[inline]
    fn estimate(&self, _: &JumpPoints<'_>, state: &JumpState) -> Octile {
        self.of(state.cell)
    }
    /// A jump costs the octile length of its straight and diagonal legs, at least the octile
    /// distance it covers.
    fn is_consistent(&self, _: &JumpPoints<'_>) -> bool {
        true
    }
}

impl Heuristic<JumpPoints<'_>> for Manhattan {
    #[inline]
    fn estimate(&self, _: &JumpPoints<'_>, state: &JumpState) -> Octile {
        self.of(state.cell)
    }
}
