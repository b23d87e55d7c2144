//! Issue 32 through the binary: every depth-first search on a graph with a zero-cost cycle
//! (IDA* overflowed its stack and aborted the batch) and on unsolvable instances (IDA*, IDDFS
//! and RBFS ran forever); outputs that are inputs are refused before any work.

mod common;

use common::{searchlab, text};

/// A scratch folder of this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-df-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_depth_first_search_survives_the_issues_zero_cost_cycle() {
    let dir = scratch("zc");
    let graph = dir.join("zc.txt");
    std::fs::write(&graph, "A B 1\nA C 0\nC D 0\nD A 0\n").unwrap();
    let g = graph.to_str().unwrap();
    for algo in ["idastar", "iddfs", "rbfs", "dfbnb", "astar"] {
        let out = searchlab(&["solve", "graph", "--graph", g, "A B", "--algo", algo], "");
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("cost 1: A -> B"), "{algo}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unsolvable_instances_end_for_every_depth_first_search() {
    for algo in ["idastar", "iddfs", "rbfs", "dfbnb"] {
        let out = searchlab(&["solve", "waterjug", "2 4 : 3", "--algo", algo], "");
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("unsolvable"), "{algo}");
    }
    let dir = scratch("wall");
    let map = dir.join("wall.map");
    std::fs::write(
        &map,
        "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n..@..\n",
    )
    .unwrap();
    let query = format!("{} 0 0 4 0", map.display());
    for algo in ["idastar", "rbfs", "dfbnb"] {
        let out = searchlab(&["solve", "grid", &query, "--algo", algo], "");
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("no path"), "{algo}");
    }
    // An output that is an input is refused before any work, and the input is left whole.
    let out = searchlab(
        &["solve", "grid", &query, "--draw", map.to_str().unwrap()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is an input of this run"));
    assert!(
        std::fs::read_to_string(&map)
            .unwrap()
            .starts_with("type octile")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
