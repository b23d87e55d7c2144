//! `gen` (random connected queries), pictures and the expansion recorder.

use std::path::PathBuf;
use std::sync::Arc;

use searchlab_core::{Cost, Limits};
use searchlab_grid::{
    Algorithm, Cell, Connectivity, GridHeuristic, GridMap, Instance, draw, generate, parse_scen,
    read_instances, solve, write_scen,
};

fn arena() -> Arc<GridMap> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/grid/arena.map");
    Arc::new(GridMap::read(&p).unwrap())
}

#[test]
fn generated_queries_are_connected_and_carry_their_optimal_lengths() {
    let map = arena();
    let rows = generate(&map, "arena.map", 60, 2012).unwrap();
    assert_eq!(
        rows,
        generate(&map, "arena.map", 60, 2012).unwrap(),
        "seeded"
    );
    assert_ne!(rows, generate(&map, "arena.map", 60, 2013).unwrap());
    let text = write_scen(&rows);
    assert!(text.starts_with("version 1\n"));
    // Read back: every row is valid on the map, and JPS and UCS find the written length.
    let parsed = parse_scen(&text, "gen.scen");
    assert_eq!(parsed.len(), 60);
    for row in parsed {
        let row = row.unwrap();
        assert_eq!(row.expected.decimals(), 8);
        let instance = Instance::new(Arc::clone(&map), row, "gen.scen").unwrap();
        for a in [Algorithm::Jps, Algorithm::Ucs] {
            let run = solve(
                &instance,
                a,
                GridHeuristic::Octile,
                Connectivity::Eight,
                &Limits::none(),
                false,
            )
            .unwrap();
            let cost = run.outcome.cost().expect("connected");
            assert!(
                instance.scenario.expected.matches_exactly(cost),
                "{}",
                instance.name
            );
            assert_eq!(
                instance.scenario.bucket,
                (cost.to_f64() / 4.0).floor() as u32
            );
        }
    }
}

#[test]
fn recording_counts_every_expansion_and_pictures_show_map_path_and_expansions() {
    let scen = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/grid/arena.map.scen");
    let instance = read_instances(&scen, None).unwrap().pop().unwrap().unwrap();
    let dir = std::env::temp_dir().join(format!("searchlab-grid-draw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut expanded_counts = Vec::new();
    for a in [Algorithm::Ucs, Algorithm::AStar, Algorithm::Jps] {
        let run = solve(
            &instance,
            a,
            GridHeuristic::Octile,
            Connectivity::Eight,
            &Limits::none(),
            true,
        )
        .unwrap();
        assert_eq!(run.expanded.len() as u64, run.stats.expanded, "{a:?}");
        expanded_counts.push(run.expanded.len());
        let path = run.path_cells(instance.start).unwrap();
        let out = dir.join(format!("{}.png", a.name()));
        let (w, h) = draw(&out, &instance.map, &path, &run.expanded).unwrap();
        assert_eq!((w, h), (49 * 16, 49 * 16));
        // Decode it again: the start is green, the goal blue, a path cell red, a tree dark.
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (w, h));
        let pixel = |c: Cell| {
            let i = ((usize::from(c.y) * 16 + 8) * w as usize + usize::from(c.x) * 16 + 8) * 3;
            [buf[i], buf[i + 1], buf[i + 2]]
        };
        assert_eq!(pixel(instance.start), [20, 160, 40]);
        assert_eq!(pixel(instance.goal), [30, 60, 220]);
        if path.len() > 2 {
            assert_eq!(pixel(path[1]), [210, 20, 30]);
        }
        assert_eq!(pixel(Cell::new(0, 0)), [48, 48, 56]);
        let svg = dir.join(format!("{}.svg", a.name()));
        draw(&svg, &instance.map, &path, &run.expanded).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.starts_with("<svg") && text.contains("rect"));
    }
    // The picture's point: UCS expands the most, JPS the fewest.
    assert!(expanded_counts[0] > expanded_counts[1] && expanded_counts[1] > expanded_counts[2]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_picture_into_a_missing_directory_is_a_named_error() {
    let map = arena();
    let out = PathBuf::from("/nonexistent/dir/x.png");
    let e = draw(&out, &map, &[], &[]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/nonexistent/dir/x.png: cannot draw")
    );
}
