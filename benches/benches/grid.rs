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

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab_benches::grid::{SEARCHES, astar_run, check, jps_run, maze_sample};

fn bench(c: &mut Criterion) {
    let queries = maze_sample(40);
    // All three must give the file's lengths before their speed is compared.
    for (name, search) in SEARCHES {
        queries.iter().for_each(|i| check(i, name, search(i)));
    }
    let expanded_astar: u64 = queries.iter().map(|i| astar_run(i).1.expanded).sum();
    let expanded_jps: u64 = queries.iter().map(|i| jps_run(i).1.expanded).sum();
    println!(
        "maze512-32-9, {} queries: A* expands {expanded_astar} cells, JPS {expanded_jps} jump points",
        queries.len()
    );
    let mut group = c.benchmark_group("grid-maze512");
    group.sample_size(10);
    for (name, search) in SEARCHES {
        let label = match name {
            "pathfinding" => "pathfinding astar".to_string(),
            ours => format!("searchlab {ours}"),
        };
        group.bench_function(label, |b| {
            b.iter(|| {
                queries.iter().for_each(|i| {
                    black_box(search(i));
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
