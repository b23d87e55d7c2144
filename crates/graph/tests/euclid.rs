//! When a Euclidean heuristic on DIMACS road coordinates is admissible.
//!
//! The 9th DIMACS challenge's road networks give coordinates in millionths of a degree
//! (longitude, latitude) and arc weights as distances or travel times. A straight line on those
//! numbers is not a distance in the arcs' unit: a degree of longitude shrinks with the cosine of
//! the latitude, and time is not length. The computed scale ([`Graph::admissible_scale`]) is
//! safe on any graph; a "physical" scale is not.

use std::sync::Arc;

use searchlab_core::{Limits, Zero, astar};
use searchlab_graph::{Graph, GraphHeuristic, check_heuristic, parse_coords, parse_dimacs};

/// Metres per millionth of a degree of latitude (a degree is about 111.32 km).
const M_PER_MICRODEGREE: f64 = 0.111_32;

/// A small road grid at 60 degrees north, 0.01 degree apart, DIMACS-style: coordinates in
/// micro-degrees, two-way arcs weighing metres (rounded up) or seconds at 25 m/s.
fn road_grid(time: bool) -> Arc<Graph> {
    let (lon0, lat0) = (10_000_000i64, 60_000_000i64);
    let step = 10_000i64; // 0.01 degree
    let side = 4i64;
    let id = |i: i64, j: i64| i * side + j + 1;
    let mut co = format!("p aux sp co {}\n", side * side);
    let mut arcs = Vec::new();
    for i in 0..side {
        for j in 0..side {
            co += &format!("v {} {} {}\n", id(i, j), lon0 + j * step, lat0 + i * step);
            for (di, dj) in [(0, 1), (1, 0)] {
                let (a, b) = (i + di, j + dj);
                if a < side && b < side {
                    // Equirectangular metres: fine over a few hundred metres.
                    let lat = (lat0 + i * step) as f64 / 1e6;
                    let dx = (dj * step) as f64 * lat.to_radians().cos();
                    let dy = (di * step) as f64;
                    let metres = M_PER_MICRODEGREE * dx.hypot(dy);
                    let w = if time {
                        (metres / 25.0).ceil()
                    } else {
                        metres.ceil()
                    } as u64;
                    arcs.push(format!("a {} {} {w}\n", id(i, j), id(a, b)));
                    arcs.push(format!("a {} {} {w}\n", id(a, b), id(i, j)));
                }
            }
        }
    }
    let gr = format!("p sp {} {}\n{}", side * side, arcs.len(), arcs.concat());
    let mut g = parse_dimacs(&gr, "grid.gr").unwrap();
    g.set_coords(parse_coords(&co, "grid.co", g.node_count()).unwrap());
    Arc::new(g)
}

#[test]
fn metres_per_microdegree_overestimates_east_west() {
    let g = road_grid(false);
    // West to east along the bottom row: 3 arcs of about 557 m each.
    let q = g.query("1", "4").unwrap();
    let truth = g.distances_from(q.start())[q.goal() as usize];
    assert!((1660..1680).contains(&truth), "{truth}");
    let naive = GraphHeuristic::euclidean(&g, Some(M_PER_MICRODEGREE)).unwrap();
    let check = check_heuristic(&q, &naive);
    assert!(!check.is_admissible(), "{}", check.describe(&g));
    // h(start) is the east-west distance as if at the equator: twice the truth at 60 degrees.
    let (_, h, d) = check.worst_overestimate.unwrap();
    assert!(h > d * 19 / 10, "h {h} vs d {d}");
    let auto = GraphHeuristic::euclidean(&g, None).unwrap();
    let check = check_heuristic(&q, &auto);
    assert!(
        check.is_admissible() && check.is_consistent(),
        "{}",
        check.describe(&g)
    );
    let run = astar(&q, &q.start(), &auto, &Limits::none());
    assert_eq!(run.outcome.cost(), Some(truth));
}

#[test]
fn travel_times_need_their_own_scale() {
    let g = road_grid(true);
    let q = g.query("1", "16").unwrap();
    // A metre scale on seconds overestimates everywhere.
    let metres = GraphHeuristic::euclidean(&g, Some(M_PER_MICRODEGREE)).unwrap();
    assert!(!check_heuristic(&q, &metres).is_admissible());
    let auto = GraphHeuristic::euclidean(&g, None).unwrap();
    let check = check_heuristic(&q, &auto);
    assert!(
        check.is_admissible() && check.is_consistent(),
        "{}",
        check.describe(&g)
    );
    let truth = g.distances_from(q.start())[q.goal() as usize];
    assert_eq!(
        astar(&q, &q.start(), &auto, &Limits::none()).outcome.cost(),
        Some(truth)
    );
    assert_eq!(
        astar(&q, &q.start(), &Zero, &Limits::none()).outcome.cost(),
        Some(truth)
    );
}
