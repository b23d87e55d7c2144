//! The grid comparison's workload and its three searches, shared by the criterion bench `grid`
//! and the example `grid_compare` so that both time exactly the same thing: every STEP-th
//! query of the MovingAI maze `maze512-32-9`, our A* over cells, our A* over jump points (JPS)
//! and the `pathfinding` crate's `astar`, all with the same moves (our [`Grid`]'s rules), the
//! same exact octile costs ([`Octile`]) and the same octile heuristic.
//!
//! The searches are `#[inline]`, so that each is compiled in the crate that runs it, as when
//! they were written there: compiled here, `pathfinding`'s took 10% more instructions.

use std::path::Path;

use searchlab_core::{Limits, Octile, Problem, Stats, astar};
use searchlab_grid::{
    Cell, Connectivity, Grid, Instance, JumpPoints, JumpState, OctileDistance, read_instances,
};

/// Every `step`-th query of `puzzles/grid/maze512-32-9.map.scen` (step 40: 201 queries, all
/// buckets 0 to 800, path lengths 1 to 3200).
///
/// # Panics
/// If the shipped scenario or its map does not read (a broken checkout), or `step` is 0.
pub fn maze_sample(step: usize) -> Vec<Instance> {
    let scen = Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles/grid/maze512-32-9.map.scen");
    read_instances(&scen, None)
        .expect("the maze scenario reads")
        .into_iter()
        .map(|r| r.expect("shipped queries are valid"))
        .step_by(step)
        .collect()
}

/// Our A* over single cells (8-connected, octile heuristic): its outcome's cost and statistics.
#[inline]
pub fn astar_run(i: &Instance) -> (Option<Octile>, Stats) {
    let grid = Grid::new(&i.map, i.goal, Connectivity::Eight);
    let run = astar(
        &grid,
        &i.start,
        &OctileDistance::new(i.goal),
        &Limits::none(),
    );
    (run.outcome.cost(), run.stats)
}

/// Our A* over jump points (JPS): its outcome's cost and statistics.
#[inline]
pub fn jps_run(i: &Instance) -> (Option<Octile>, Stats) {
    let jps = JumpPoints::new(&i.map, i.goal);
    let run = astar(
        &jps,
        &JumpState::start(i.start),
        &OctileDistance::new(i.goal),
        &Limits::none(),
    );
    (run.outcome.cost(), run.stats)
}

/// Our A* over cells: the length found.
#[inline]
pub fn ours_astar(i: &Instance) -> Option<Octile> {
    astar_run(i).0
}

/// Our A* over jump points: the length found.
#[inline]
pub fn ours_jps(i: &Instance) -> Option<Octile> {
    jps_run(i).0
}

/// [`Octile`] for the pathfinding crate, which wants `num_traits::Zero` (a foreign trait, so a
/// newtype): the same exact order and addition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Exact(pub Octile);

impl std::ops::Add for Exact {
    type Output = Exact;
    fn add(self, other: Exact) -> Exact {
        Exact(self.0 + other.0)
    }
}

impl pathfinding::num_traits::Zero for Exact {
    fn zero() -> Exact {
        Exact(Octile::new(0, 0))
    }
    fn is_zero(&self) -> bool {
        self.0 == Octile::new(0, 0)
    }
}

/// The pathfinding crate's A* with the same moves (from our [`Grid`]'s rules), costs and
/// heuristic: the length found.
#[inline]
pub fn theirs(i: &Instance) -> Option<Octile> {
    let grid = Grid::new(&i.map, i.goal, Connectivity::Eight);
    let h = OctileDistance::new(i.goal);
    let mut moves = Vec::with_capacity(8);
    pathfinding::directed::astar::astar(
        &i.start,
        |c: &Cell| {
            moves.clear();
            grid.actions(c, &mut moves);
            moves
                .iter()
                .map(|m| {
                    let (next, cost) = grid.result(c, m);
                    (next, Exact(cost))
                })
                .collect::<Vec<(Cell, Exact)>>()
        },
        |c| Exact(h.of(*c)),
        |c| *c == i.goal,
    )
    .map(|(_, cost)| cost.0)
}

/// One of the compared searches: a query's length, if it finds a path.
pub type Search = fn(&Instance) -> Option<Octile>;

/// The three searches by name, in the order the comparisons run them.
pub const SEARCHES: [(&str, Search); 3] = [
    ("jps", ours_jps),
    ("astar", ours_astar),
    ("pathfinding", theirs),
];

/// Checks that a search's answer to `i` is the file's length.
///
/// # Panics
/// Naming the query and the search, if the length differs or no path was found.
pub fn check(i: &Instance, name: &str, cost: Option<Octile>) {
    let cost = cost.unwrap_or_else(|| panic!("{}: {name} found no path", i.name));
    assert!(i.is_expected(cost), "{}: {name} {cost}", i.name);
}
