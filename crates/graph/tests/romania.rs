//! AIMA's Romania in both formats: every search, every heuristic, the book's answer (Arad to
//! Bucharest = 418 by Sibiu, Rimnicu Vilcea, Pitesti), and unreachable goals.

use std::sync::Arc;

use std::path::{Path, PathBuf};

use searchlab_core::{Limits, Outcome, Problem, Zero, astar, bfs, idastar, iddfs, replay};
use searchlab_graph::{
    Expected, GraphHeuristic, HEURISTICS, ParseErrorKind, Query, advice, check_heuristic, load,
    parse_edge_list, parse_queries,
};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/graph")
}

const BOOK_PATH: &str = "Arad -> Sibiu -> Rimnicu Vilcea -> Pitesti -> Bucharest";

/// The answer's path as names, after checking that replaying it reaches the goal at its cost.
fn solved(query: &Query, outcome: &Outcome<searchlab_graph::Step, u64>) -> (u64, String) {
    let Outcome::Solved { actions, cost } = outcome else {
        panic!("not solved: {outcome:?}");
    };
    let (end, total) = replay(query, &query.start(), actions).expect("every step is an arc");
    assert!(query.is_goal(&end));
    assert_eq!(total, *cost);
    (*cost, query.format_path(actions))
}

#[test]
fn arad_to_bucharest_edge_list_every_optimal_search() {
    let g = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    assert_eq!((g.node_count(), g.arc_count()), (20, 46));
    let q = g.query("Arad", "Bucharest").unwrap();
    let limits = Limits::none();
    for name in HEURISTICS {
        let h = GraphHeuristic::by_name(name, &g, None).unwrap();
        let a = astar(&q, &q.start(), &h, &limits);
        assert_eq!(
            solved(&q, &a.outcome),
            (418, BOOK_PATH.to_string()),
            "astar {name}"
        );
        let i = idastar(&q, &q.start(), &h, &limits);
        assert_eq!(
            solved(&q, &i.outcome),
            (418, BOOK_PATH.to_string()),
            "idastar {name}"
        );
    }
    let zero = astar(&q, &q.start(), &Zero, &limits);
    assert_eq!(solved(&q, &zero.outcome), (418, BOOK_PATH.to_string()));
    assert_eq!(g.distances_from(q.start())[q.goal() as usize], 418);
}

#[test]
fn astar_with_straight_line_distances_expands_as_in_the_book() {
    // AIMA Figure 3.24: A* expands Arad, Sibiu, Rimnicu Vilcea, Fagaras, Pitesti, then picks
    // Bucharest (f = 418) and stops.
    let g = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    let q = g.query("Arad", "Bucharest").unwrap();
    let run = astar(&q, &q.start(), &GraphHeuristic::File, &Limits::none());
    assert_eq!(run.stats.expanded, 5);
    // The zero heuristic (uniform-cost search) expands more before it reaches 418.
    let ucs = astar(&q, &q.start(), &Zero, &Limits::none());
    assert!(
        ucs.stats.expanded > run.stats.expanded,
        "{}",
        ucs.stats.expanded
    );
}

#[test]
fn fewest_arcs_is_not_cheapest_on_a_weighted_map() {
    // BFS and IDDFS minimise the number of roads: Arad, Sibiu, Fagaras, Bucharest (3 roads,
    // 450 km), dearer than the 4-road optimum.
    let g = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    assert!(!g.is_unit_cost());
    let q = g.query("Arad", "Bucharest").unwrap();
    let expected = (450, "Arad -> Sibiu -> Fagaras -> Bucharest".to_string());
    assert_eq!(
        solved(&q, &bfs(&q, &q.start(), &Limits::none()).outcome),
        expected
    );
    assert_eq!(
        solved(&q, &iddfs(&q, &q.start(), &Limits::none()).outcome),
        expected
    );
}

#[test]
fn arad_to_bucharest_dimacs_with_coordinates() {
    let g = Arc::new(load(&dir().join("romania.gr"), Some(&dir().join("romania.co"))).unwrap());
    assert!(!g.has_names());
    let q = g.query("1", "2").unwrap();
    assert_eq!(GraphHeuristic::available(&g), ["zero", "euclidean"]);
    let h = GraphHeuristic::by_name("euclidean", &g, None).unwrap();
    let GraphHeuristic::Euclidean { scale } = h else {
        panic!("{h:?}")
    };
    // The tightest arc: Rimnicu Vilcea - Pitesti, 97 km over sqrt(87^2 + 42^2) pixels.
    let tight = 97.0 / (87.0f64).hypot(42.0);
    assert!(
        scale < tight && scale > tight * (1.0 - 2e-5),
        "{scale} vs {tight}"
    );
    let check = check_heuristic(&q, &h);
    assert!(
        check.is_admissible() && check.is_consistent(),
        "{}",
        check.describe(&g)
    );
    for run in [
        astar(&q, &q.start(), &h, &Limits::none()),
        astar(&q, &q.start(), &Zero, &Limits::none()),
        idastar(&q, &q.start(), &h, &Limits::none()),
    ] {
        assert_eq!(
            solved(&q, &run.outcome),
            (418, "1 -> 16 -> 15 -> 14 -> 2".to_string())
        );
    }
}

#[test]
fn both_formats_hold_the_same_map() {
    let named = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    let numbered =
        Arc::new(load(&dir().join("romania.gr"), Some(&dir().join("romania.co"))).unwrap());
    // The DIMACS numbering is alphabetical.
    let mut names: Vec<String> = (0..20).map(|v| named.name(v).into_owned()).collect();
    names.sort();
    for (i, from) in names.iter().enumerate() {
        let a = named.node(from).unwrap();
        let b = i as u32;
        let da = named.distances_from(a);
        let db = numbered.distances_from(b);
        for (j, to) in names.iter().enumerate() {
            assert_eq!(
                da[named.node(to).unwrap() as usize],
                db[j],
                "{from} -> {to}"
            );
        }
        let xy = named.coords().unwrap()[a as usize];
        assert_eq!(xy, numbered.coords().unwrap()[b as usize], "{from}");
    }
}

#[test]
fn straight_line_distances_are_consistent_and_euclid_scale_matters() {
    let g = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    let q = g.query("Arad", "Bucharest").unwrap();
    let sld = check_heuristic(&q, &GraphHeuristic::File);
    assert!(
        sld.is_admissible() && sld.is_consistent(),
        "{}",
        sld.describe(&g)
    );
    // Twice the pixel distance overestimates: the checker names where.
    let big = GraphHeuristic::euclidean(&g, Some(2.0)).unwrap();
    let check = check_heuristic(&q, &big);
    assert!(!check.is_admissible() && !check.is_consistent());
    let text = check.describe(&g);
    assert!(
        text.contains("NOT admissible") && text.contains("NOT consistent"),
        "{text}"
    );
    // Scale 1 is below the computed 1.004, so still consistent.
    let one = GraphHeuristic::euclidean(&g, Some(1.0)).unwrap();
    assert!(check_heuristic(&q, &one).is_consistent());
}

#[test]
fn h_values_for_another_goal_are_flagged() {
    // The book's h is for Bucharest; asking for Craiova makes it wrong (h(Craiova) = 160).
    let g = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    let q = g.query("Arad", "Craiova").unwrap();
    let check = check_heuristic(&q, &GraphHeuristic::File);
    assert_eq!(check.goal_value, 160);
    assert!(!check.is_admissible());
    assert!(check.describe(&g).contains("h(goal) = 160"));
}

#[test]
fn unreachable_goal_is_no_solution() {
    let text = "a b 3\nb c 4\nnode island\nx -> a 1\n";
    let g = Arc::new(parse_edge_list(text, "islands.txt").unwrap());
    let limits = Limits::none();
    for (from, to) in [("a", "island"), ("a", "x")] {
        let q = g.query(from, to).unwrap();
        assert!(!q.goal_reachable());
        assert_eq!(
            astar(&q, &q.start(), &Zero, &limits).outcome,
            Outcome::NoSolution
        );
        assert_eq!(bfs(&q, &q.start(), &limits).outcome, Outcome::NoSolution);
    }
    // On an acyclic graph even the depth-first searches exhaust the space and say so.
    let dag = Arc::new(parse_edge_list("a -> b 1\nb -> c 1\nnode d\n", "dag.txt").unwrap());
    let q = dag.query("a", "d").unwrap();
    assert_eq!(
        idastar(&q, &q.start(), &Zero, &limits).outcome,
        Outcome::NoSolution
    );
    assert_eq!(iddfs(&q, &q.start(), &limits).outcome, Outcome::NoSolution);
    // Start = goal: an empty path of cost 0.
    let q = dag.query("c", "c").unwrap();
    assert_eq!(
        solved(&q, &astar(&q, &q.start(), &Zero, &limits).outcome),
        (0, "c".into())
    );
}

#[test]
fn unknown_names_and_heuristics_are_errors() {
    let g = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    let err = g.query("Arad", "Budapest").unwrap_err();
    assert_eq!(
        err.to_string(),
        "no node `Budapest` in the graph (20 named nodes, e.g. `Arad`)"
    );
    let d = Arc::new(load(&dir().join("romania.gr"), None).unwrap());
    assert!(d.query("0", "2").is_err() && d.query("21", "2").is_err());
    assert!(
        d.query("x", "2")
            .unwrap_err()
            .to_string()
            .contains("1..=20")
    );
    assert!(GraphHeuristic::by_name("manhattan", &g, None).is_err());
    assert!(GraphHeuristic::by_name("euclidean", &d, None).is_err()); // no .co loaded
    assert!(GraphHeuristic::euclidean(&g, Some(-1.0)).is_err());
    assert!(GraphHeuristic::euclidean(&g, Some(f64::NAN)).is_err());
}

/// Runs every query of a golden list on `graph` with the optimal searches and the heuristics
/// that are admissible for that goal; returns how many queries ran.
fn run_golden(graph: &Arc<searchlab_graph::Graph>, list: &str, file: &str) -> usize {
    let queries = parse_queries(list, file).unwrap();
    for ql in &queries {
        let q = graph.query(&ql.from, &ql.to).unwrap();
        let Some(Expected::Cost(expected)) = ql.expected else {
            panic!("line {}: every Romania query has a cost", ql.line)
        };
        let mut heuristics = vec![GraphHeuristic::Zero];
        for name in ["euclidean", "file"] {
            if let Ok(h) = GraphHeuristic::by_name(name, graph, None) {
                // The h lines are for Bucharest only: use them where the checker allows.
                if check_heuristic(&q, &h).is_admissible() {
                    heuristics.push(h);
                }
            }
        }
        for h in &heuristics {
            let a = astar(&q, &q.start(), h, &Limits::none());
            assert_eq!(
                solved(&q, &a.outcome).0,
                expected,
                "{file}:{} astar {h:?}",
                ql.line
            );
            let i = idastar(&q, &q.start(), h, &Limits::none());
            assert_eq!(
                solved(&q, &i.outcome).0,
                expected,
                "{file}:{} idastar {h:?}",
                ql.line
            );
        }
    }
    queries.len()
}

#[test]
fn golden_query_lists_in_both_formats() {
    let named = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    let text = std::fs::read_to_string(dir().join("romania_queries.txt")).unwrap();
    assert_eq!(run_golden(&named, &text, "romania_queries.txt"), 30);
    let numbered =
        Arc::new(load(&dir().join("romania.gr"), Some(&dir().join("romania.co"))).unwrap());
    let text = std::fs::read_to_string(dir().join("romania_gr_queries.txt")).unwrap();
    assert_eq!(run_golden(&numbered, &text, "romania_gr_queries.txt"), 30);
}

#[test]
fn query_list_errors_name_the_line() {
    let err = |t: &str| parse_queries(t, "q.txt").unwrap_err();
    assert!(matches!(
        err("a b\nc\n").kind,
        ParseErrorKind::MissingField { .. }
    ));
    assert_eq!(err("a b\nc\n").line, 2);
    assert!(matches!(
        err("a b c | 4\n").kind,
        ParseErrorKind::Trailing { .. }
    ));
    assert!(matches!(
        err("a b | 4 5\n").kind,
        ParseErrorKind::Trailing { .. }
    ));
    assert!(matches!(
        err("a b |\n").kind,
        ParseErrorKind::MissingField { .. }
    ));
    assert!(matches!(
        err("a b | 4.5\n").kind,
        ParseErrorKind::BadNumber { .. }
    ));
    let ok = parse_queries(
        "\"a|b\" c | none # unreachable\n\n# c\nx y # no answer\n",
        "q.txt",
    )
    .unwrap();
    assert_eq!(ok.len(), 2);
    assert_eq!(
        (ok[0].from.as_str(), ok[0].expected),
        ("a|b", Some(Expected::NoPath))
    );
    assert_eq!((ok[1].line, ok[1].expected), (4, None));
}

#[test]
fn advice_for_the_command_line() {
    let g = Arc::new(load(&dir().join("romania.txt"), None).unwrap());
    let to_bucharest = g.query("Arad", "Bucharest").unwrap();
    let notes = advice(&to_bucharest, Some(&GraphHeuristic::File));
    assert_eq!(notes.len(), 1, "{notes:?}"); // only: weights are not unit
    assert!(notes[0].contains("bfs and iddfs"));
    let to_craiova = g.query("Arad", "Craiova").unwrap();
    let notes = advice(&to_craiova, Some(&GraphHeuristic::File));
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[1].contains("NOT admissible") && notes[1].contains("h(goal) = 160"));
}
