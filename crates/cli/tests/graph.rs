//! `searchlab solve graph` and `searchlab gen graph`, run as a user runs them: --graph with
//! --coords, query lists, an unreachable goal as an answer, heuristics that need data.

mod common;

use common::{json_lines, searchlab, text};

const GR: &str = "puzzles/graph/romania.gr";
const CO: &str = "puzzles/graph/romania.co";

#[test]
fn dimacs_with_coords_answers_the_query_list_with_every_optimal_search() {
    for algo in ["astar", "idastar"] {
        for h in ["zero", "euclidean"] {
            let out = searchlab(
                &[
                    "solve",
                    "graph",
                    "--graph",
                    GR,
                    "--coords",
                    CO,
                    "--file",
                    "puzzles/graph/romania_gr_queries.txt",
                    "--algo",
                    algo,
                    "--heuristic",
                    h,
                    "--format",
                    "json",
                ],
                "",
            );
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{algo}/{h}: {stderr}");
            assert!(stderr.contains("20 nodes, 46 arcs"), "{stderr}");
            let rows = json_lines(&out.stdout);
            assert_eq!(rows.len(), 30);
            for row in &rows {
                assert_eq!(row["exact"], true);
                assert_eq!(row["length"].to_string(), row["expected"].as_str().unwrap());
            }
            assert_eq!(rows[0]["moves"], "1 -> 16 -> 15 -> 14 -> 2");
        }
    }
    // Without --coords the DIMACS graph has none: euclidean is refused, naming what it needs.
    let out = searchlab(
        &[
            "solve",
            "graph",
            "--graph",
            GR,
            "1 2",
            "--heuristic",
            "euclidean",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("needs coordinates"));
    // --coords alone has no graph to belong to.
    let out = searchlab(&["solve", "graph", "--coords", CO, "1 2"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--coords needs --graph"));
}

#[test]
fn an_unreachable_goal_is_an_answer_for_every_algorithm() {
    let dir = std::env::temp_dir().join(format!("searchlab-graph-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("islands.txt");
    std::fs::write(&file, "a b 1\nb c 2\nnode d\n").unwrap();
    let graph = file.to_str().unwrap();
    for algo in ["astar", "idastar", "bfs", "iddfs"] {
        let out = searchlab(
            &[
                "solve", "graph", "--graph", graph, "--algo", algo, "--format", "json",
            ],
            "a d | none\na c | 3\n",
        );
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", text(&out.stderr));
        let rows = json_lines(&out.stdout);
        assert_eq!(rows[0]["status"], "unsolvable", "{algo}");
        assert_eq!(rows[0]["expected"], "none", "{algo}");
        assert_eq!(rows[1]["length"], 3, "{algo}");
        // A "no path" where a path exists is a WRONG ANSWER.
        let out = searchlab(
            &["solve", "graph", "--graph", graph, "--algo", algo],
            "a c | none\n",
        );
        assert_eq!(out.status.code(), Some(1), "{algo}");
        assert!(text(&out.stderr).contains("WRONG ANSWER: expected none, got 3"));
    }
    let out = searchlab(&["solve", "graph", "--graph", graph, "a d"], "");
    assert!(text(&out.stdout).contains("no path from a to d"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fewest_arcs_and_overestimates_are_not_claimed_cheapest() {
    // bfs: Arad -> Sibiu -> Fagaras -> Bucharest, 3 arcs, 450 km; the cheapest is 418.
    let out = searchlab(
        &[
            "solve",
            "graph",
            "--algo",
            "bfs",
            "--format",
            "json",
            "Arad Bucharest | 418",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let row = &json_lines(&out.stdout)[0];
    assert_eq!(
        (row["length"].as_i64(), row["exact"].as_bool()),
        (Some(450), Some(false))
    );
    // A cost below the cheapest contradicts it, whatever the algorithm.
    let out = searchlab(
        &["solve", "graph", "--algo", "bfs", "Arad Bucharest | 451"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    // The file's h values are distances to Bucharest: for Oradea they overestimate.
    let out = searchlab(
        &["solve", "graph", "--heuristic", "file", "Arad Oradea"],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("warning: heuristic `file`: NOT admissible"),
        "{stdout}"
    );
    assert!(stdout.contains("not proved cheapest"), "{stdout}");
}

#[test]
fn generated_queries_carry_their_costs_and_unknown_nodes_are_named() {
    let out = searchlab(&["gen", "graph", "--count", "8", "--seed", "5"], "");
    assert_eq!(out.status.code(), Some(0));
    let queries = text(&out.stdout);
    assert_eq!(queries.lines().count(), 8);
    let out = searchlab(
        &[
            "solve",
            "graph",
            "--algo",
            "idastar",
            "--heuristic",
            "euclidean",
        ],
        &queries,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = searchlab(&["solve", "graph", "Arad Nowhere"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no node `Nowhere` in the graph"));
}
