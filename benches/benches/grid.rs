//! Grid pathfinding on the MovingAI maze `maze512-32-9`: our A* over cells and A* over jump
//! points (JPS) against the `pathfinding` crate's `astar`, all with the same exact octile costs
//! ([`searchlab_core::Octile`]), the same moves and the same octile heuristic.
//!
//! The workload is every 40th query of `puzzles/grid/maze512-32-9.map.scen` (201 queries, all
//! buckets 0..800, path lengths 1 to 3200). Before timing, every algorithm's length is checked
//! against the file.
//!
//! Run: `cargo bench -p searchlab-benches --bench grid`.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab_core::{Limits, Octile, Problem, astar};
use searchlab_grid::{
    Cell, Connectivity, Grid, Instance, JumpPoints, JumpState, OctileDistance, read_instances,
};

fn sample() -> Vec<Instance> {
    let scen = Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles/grid/maze512-32-9.map.scen");
    read_instances(&scen, None)
        .expect("the maze scenario reads")
        .into_iter()
        .map(|r| r.expect("shipped queries are valid"))
        .step_by(40)
        .collect()
}

fn ours_astar(i: &Instance) -> Option<Octile> {
    let grid = Grid::new(&i.map, i.goal, Connectivity::Eight);
    astar(
        &grid,
        &i.start,
        &OctileDistance::new(i.goal),
        &Limits::none(),
    )
    .outcome
    .cost()
}

fn ours_jps(i: &Instance) -> Option<Octile> {
    let jps = JumpPoints::new(&i.map, i.goal);
    astar(
        &jps,
        &JumpState::start(i.start),
        &OctileDistance::new(i.goal),
        &Limits::none(),
    )
    .outcome
    .cost()
}

/// [`Octile`] for the pathfinding crate, which wants `num_traits::Zero` (a foreign trait, so a
/// newtype): the same exact order and addition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Exact(Octile);

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
/// heuristic.
fn theirs(i: &Instance) -> Option<Octile> {
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

fn bench(c: &mut Criterion) {
    let queries = sample();
    // All three must give the file's lengths before their speed is compared.
    let (mut expanded_astar, mut expanded_jps) = (0u64, 0u64);
    for i in &queries {
        for (name, cost) in [
            ("astar", ours_astar(i)),
            ("jps", ours_jps(i)),
            ("pathfinding", theirs(i)),
        ] {
            let cost = cost.unwrap_or_else(|| panic!("{}: {name} found no path", i.name));
            assert!(i.is_expected(cost), "{}: {name} {cost}", i.name);
        }
        let grid = Grid::new(&i.map, i.goal, Connectivity::Eight);
        expanded_astar += astar(
            &grid,
            &i.start,
            &OctileDistance::new(i.goal),
            &Limits::none(),
        )
        .stats
        .expanded;
        let jps = JumpPoints::new(&i.map, i.goal);
        expanded_jps += astar(
            &jps,
            &JumpState::start(i.start),
            &OctileDistance::new(i.goal),
            &Limits::none(),
        )
        .stats
        .expanded;
    }
    println!(
        "maze512-32-9, {} queries: A* expands {expanded_astar} cells, JPS {expanded_jps} jump points",
        queries.len()
    );
    let mut group = c.benchmark_group("grid-maze512");
    group.sample_size(10);
    group.bench_function("searchlab jps", |b| {
        b.iter(|| {
            queries.iter().for_each(|i| {
                black_box(ours_jps(i));
            })
        })
    });
    group.bench_function("searchlab astar", |b| {
        b.iter(|| {
            queries.iter().for_each(|i| {
                black_box(ours_astar(i));
            })
        })
    });
    group.bench_function("pathfinding astar", |b| {
        b.iter(|| {
            queries.iter().for_each(|i| {
                black_box(theirs(i));
            })
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
