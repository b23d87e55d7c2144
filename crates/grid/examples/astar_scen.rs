//! Every query of a `.scen` file through A* with the octile distance, as `solve grid` runs them
//! (with a memory limit, as the command line always sets one): each length and the statistics.
//! For measuring the core's A* on grids without building the command line:
//!
//!     cargo run --release -p searchlab-grid --example astar_scen -- FILE.scen

use searchlab_core::Limits;
use searchlab_grid::{Algorithm, Connectivity, GridHeuristic, read_instances, solve};

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: astar_scen FILE.scen");
    let mut limits = Limits::none();
    limits.max_memory = Some(6 << 30);
    let instances = read_instances(std::path::Path::new(&path), None).expect("a scenario file");
    for instance in instances {
        let instance = instance.expect("a valid query");
        let run = solve(
            &instance,
            Algorithm::AStar,
            GridHeuristic::Octile,
            Connectivity::Eight,
            &limits,
            false,
        )
        .expect("A* runs on every grid");
        let s = run.stats;
        println!(
            "{:?} {} {} {} {} {:?}",
            run.outcome.cost(),
            s.expanded,
            s.generated,
            s.evaluated,
            s.max_frontier,
            s.last_layer
        );
    }
}
