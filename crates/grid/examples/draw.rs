//! Draws one query of a `.scen` file once per algorithm (UCS, A*, JPS), so the pictures show
//! why A* and JPS beat UCS: the shaded cells are those each search expanded.
//!
//! Run: `cargo run --release -p searchlab-grid --example draw -- FILE.scen [INDEX] [OUT_DIR]`
//! (INDEX: the query's position in the file, default the last; OUT_DIR default `.`). Writes
//! `OUT_DIR/{ucs,astar,jps}.png`. Until `searchlab solve grid --draw` is wired, this is how to
//! get the pictures.

use std::path::PathBuf;

use searchlab_core::Limits;
use searchlab_grid::{Algorithm, Connectivity, GridHeuristic, draw, read_instances, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let scen = PathBuf::from(
        args.get(1)
            .ok_or("usage: draw FILE.scen [INDEX] [OUT_DIR]")?,
    );
    let instances = read_instances(&scen, None)?;
    let index = match args.get(2) {
        Some(i) => i.parse::<usize>()?,
        None => instances
            .len()
            .checked_sub(1)
            .ok_or("no query in the file")?,
    };
    let out = PathBuf::from(args.get(3).map_or(".", String::as_str));
    let instance = instances
        .into_iter()
        .nth(index)
        .ok_or("no query at that index")??;
    println!(
        "{}: {} -> {}, optimal length {}",
        instance.name, instance.start, instance.goal, instance.scenario.expected
    );
    for algorithm in [Algorithm::Ucs, Algorithm::AStar, Algorithm::Jps] {
        let run = solve(
            &instance,
            algorithm,
            GridHeuristic::Octile,
            Connectivity::Eight,
            &Limits::none(),
            true,
        )?;
        let path = run.path_cells(instance.start).unwrap_or_default();
        let file = out.join(format!("{}.png", algorithm.name()));
        let (w, h) = draw(&file, &instance.map, &path, &run.expanded)?;
        println!(
            "  {:6} length {}  expanded {:7}  -> {} ({w}x{h})",
            algorithm.name(),
            run.outcome
                .cost()
                .map_or_else(|| "no path".to_string(), |c| c.to_string()),
            run.stats.expanded,
            file.display()
        );
    }
    Ok(())
}
