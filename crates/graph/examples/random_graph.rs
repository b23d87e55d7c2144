//! Makes a seeded random geometric graph, optionally writes it as DIMACS `.gr` + `.co`, and
//! compares A* with the Euclidean heuristic against Dijkstra (A* with zero) on it.
//!
//! ```text
//! cargo run --release -p searchlab-graph --example random_graph -- LAYOUT NODES SEED [OUT_PREFIX]
//! ```
//!
//! `LAYOUT` is `grid` (road-like: long local paths) or `scattered` (see [`RandomGraph`]).
//!
//! With `OUT_PREFIX` the graph goes to `OUT_PREFIX.gr` and `OUT_PREFIX.co`, ready for
//! `searchlab solve graph OUT_PREFIX.gr --coords OUT_PREFIX.co --from 1 --to NODES`.

use std::sync::Arc;

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use std::process::ExitCode;

use searchlab_core::{Limits, Zero, astar};
use searchlab_graph::{GraphHeuristic, Query, RandomGraph, load, write_coords, write_dimacs};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    const USAGE: &str = "usage: random_graph grid|scattered NODES SEED [OUT_PREFIX]  (NODES >= 1)";
    let grid = match args.first().map(String::as_str) {
        Some("grid") => true,
        Some("scattered") => false,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (Some(nodes), Some(seed)) = (
        args.get(1).and_then(|a| a.parse::<usize>().ok()),
        args.get(2).and_then(|a| a.parse::<u64>().ok()),
    ) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if nodes == 0 {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let recipe = RandomGraph {
        side: 1_000_000,
        grid,
        ..RandomGraph::new(nodes, seed)
    };
    let g = Arc::new(recipe.generate());
    println!(
        "{recipe:?}: {} nodes, {} arcs",
        g.node_count(),
        g.arc_count()
    );
    if let Some(prefix) = args.get(3) {
        let comment = format!("searchlab-graph RandomGraph {recipe:?}");
        let written = File::create(format!("{prefix}.gr"))
            .and_then(|f| write_dimacs(&g, &comment, BufWriter::new(f)))
            .and_then(|()| File::create(format!("{prefix}.co")))
            .and_then(|f| write_coords(g.coords().unwrap_or(&[]), &comment, BufWriter::new(f)));
        if let Err(e) = written {
            eprintln!("cannot write {prefix}.gr/.co: {e}");
            return ExitCode::FAILURE;
        }
        println!("wrote {prefix}.gr and {prefix}.co");
        // Read them back: the parser's speed, and a check that the files hold the same graph.
        let started = std::time::Instant::now();
        let gr = format!("{prefix}.gr");
        let co = format!("{prefix}.co");
        match load(Path::new(&gr), Some(Path::new(&co))) {
            Ok(back) => {
                let same = back.arc_count() == g.arc_count() && back.coords() == g.coords();
                println!(
                    "read back in {:.3?}: {} (same arc count and coordinates: {same})",
                    started.elapsed(),
                    back.summary()
                );
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let q = Query::new(Arc::clone(&g), 0, (nodes - 1) as u32);
    let euclid = GraphHeuristic::euclidean(&g, None).expect("generated graphs have coordinates");
    let limits = Limits::none();
    for (name, run) in [
        (
            "dijkstra (astar zero)",
            astar(&q, &q.start(), &Zero, &limits),
        ),
        ("astar euclidean", astar(&q, &q.start(), &euclid, &limits)),
    ] {
        println!(
            "{name:>22}: cost {:?}, expanded {}, generated {}, {:.3?}",
            run.outcome.cost(),
            run.stats.expanded,
            run.stats.generated,
            run.stats.elapsed
        );
    }
    ExitCode::SUCCESS
}
