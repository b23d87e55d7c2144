//! A quick, interleaved timing of the grid bench's three searches (the criterion bench
//! `grid` takes minutes because `pathfinding`'s A* takes seconds per pass): every STEP-th
//! query of `maze512-32-9.map.scen`, ROUNDS rounds, each round running the three one after the
//! other, so that the machine's load hits them alike; prints the best round of each and the
//! ratios. Lengths are checked against the file first.
//!
//! Run: `cargo run --release -p searchlab-benches --example grid_compare -- [STEP] [ROUNDS] [ONLY]`
//! (defaults 40 and 3; ONLY = astar, jps or pathfinding runs that one alone, for profiling).

use std::path::Path;
use std::time::{Duration, Instant};

/// CPU time of this thread (user + system) from `/proc/thread-self/stat`, in clock ticks
/// (1/100 s): on a loaded machine wall time counts the other processes' turns too.
fn cpu_ticks() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime is the 12th, stime 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

use searchlab_core::{Limits, Octile, Problem, astar};
use searchlab_grid::{
    Cell, Connectivity, Grid, Instance, JumpPoints, JumpState, OctileDistance, read_instances,
};

/// [`Octile`] for the pathfinding crate (which wants its `Zero` trait): same order, same sum.
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
    let h = OctileDistance::new(i.goal);
    astar(&jps, &JumpState::start(i.start), &h, &Limits::none())
        .outcome
        .cost()
}

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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let step: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let rounds: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let only = args.get(3).cloned();
    let scen = Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles/grid/maze512-32-9.map.scen");
    let queries: Vec<Instance> = read_instances(&scen, None)
        .expect("the maze scenario reads")
        .into_iter()
        .map(|r| r.expect("valid"))
        .step_by(step)
        .collect();
    type Run = fn(&Instance) -> Option<Octile>;
    let all: [(&str, Run); 3] = [
        ("jps", ours_jps),
        ("astar", ours_astar),
        ("pathfinding", theirs),
    ];
    let runs: Vec<(&str, Run)> = all
        .into_iter()
        .filter(|(n, _)| only.as_deref().is_none_or(|o| o == *n))
        .collect();
    let mut best = vec![Duration::MAX; runs.len()];
    let mut best_cpu = vec![u64::MAX; runs.len()];
    for round in 0..rounds {
        for (k, (name, run)) in runs.iter().enumerate() {
            let t = Instant::now();
            let c = cpu_ticks();
            for i in &queries {
                let cost = run(i).expect("connected");
                if round == 0 {
                    assert!(i.is_expected(cost), "{} {name}: {cost}", i.name);
                }
            }
            best[k] = best[k].min(t.elapsed());
            if let (Some(c0), Some(c1)) = (c, cpu_ticks()) {
                best_cpu[k] = best_cpu[k].min(c1 - c0);
            }
        }
    }
    println!(
        "{} queries (every {step}th of maze512-32-9), best of {rounds} rounds, all lengths as in the file:",
        queries.len()
    );
    for (k, (name, _)) in runs.iter().enumerate() {
        println!(
            "  {name:12} wall {:9.1} ms total {:8.3} ms/query   cpu {:9} ms total",
            best[k].as_secs_f64() * 1e3,
            best[k].as_secs_f64() * 1e3 / queries.len() as f64,
            best_cpu[k] * 10
        );
    }
    if runs.len() == 3 {
        let pf = best[2].as_secs_f64();
        println!(
            "  wall: pathfinding / astar = {:.1}x, pathfinding / jps = {:.1}x",
            pf / best[1].as_secs_f64(),
            pf / best[0].as_secs_f64()
        );
        let pf = best_cpu[2] as f64;
        println!(
            "  cpu:  pathfinding / astar = {:.1}x, pathfinding / jps = {:.1}x (jps: 10 ms ticks)",
            pf / best_cpu[1].max(1) as f64,
            pf / best_cpu[0].max(1) as f64
        );
    }
}
