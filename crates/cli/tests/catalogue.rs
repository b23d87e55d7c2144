//! The algorithm catalogue through `searchlab solve` (issue 16): parameters (`--weight`,
//! `--width`, `name:parameter`), what each algorithm promises, refusals, and game searches
//! agreeing with each other.

mod common;

use common::{json_lines, searchlab, text};
use serde_json::Value;

/// The rows of `searchlab solve ARGS --format json`, with the exit status.
fn rows(args: &[&str]) -> (Vec<Value>, Option<i32>, String) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = searchlab(&all, "");
    (
        json_lines(&out.stdout),
        out.status.code(),
        text(&out.stderr),
    )
}

/// A row's length and its expected answer (both integers here).
fn length_and_expected(row: &Value) -> (u64, u64) {
    let got = row["length"].as_u64().expect("an integer length");
    let expected = row["expected"]
        .as_str()
        .and_then(|e| e.parse().ok())
        .expect("the file gives the optimum");
    (got, expected)
}

#[test]
fn weighted_astar_stays_within_its_weight_of_the_optimum() {
    let file = "puzzles/eight/medium.txt";
    for (args, w) in [
        (vec!["--algo", "wastar", "--weight", "2"], 2.0),
        (vec!["--algo", "wastar"], 2.0),
        (vec!["--algo", "wastar:1.5"], 1.5),
        (vec!["--algo", "wastar", "--weight", "3/2"], 1.5),
    ] {
        let mut all = vec!["solve", "eight", "--file", file];
        all.extend(&args);
        let (rows, code, stderr) = rows(&all);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(!rows.is_empty());
        for row in &rows {
            assert_eq!(row["status"], "solved", "{args:?}");
            let (got, optimum) = length_and_expected(row);
            assert!(
                got >= optimum && got as f64 <= w * optimum as f64,
                "{args:?}: {got} vs optimum {optimum}"
            );
        }
        // The JSON names the weight when it is not the default.
        let name = rows[0]["algorithm"].as_str().unwrap();
        assert_eq!(name, if w == 2.0 { "wastar" } else { "wastar:3/2" });
    }
}

#[test]
fn a_beam_of_one_may_fail_and_says_so() {
    let (rows, code, stderr) = rows(&[
        "solve",
        "eight",
        "--file",
        "puzzles/eight/hard.txt",
        "--algo",
        "beam",
        "--width",
        "1",
    ]);
    let mut failed = 0;
    for row in &rows {
        match row["status"].as_str().unwrap() {
            // Never called wrong for a longer path, never shorter than the optimum.
            "solved" => {
                let (got, optimum) = length_and_expected(row);
                assert!(got >= optimum, "{got} below the optimum {optimum}");
            }
            // The width is beam search's memory bound: dropping every way to the goal is
            // reported as that limit, not as "unsolvable".
            "stopped" => {
                assert_eq!(row["limit"], "memory limit");
                failed += 1;
            }
            // A board of the wrong parity is refused before any search.
            "unsolvable" => assert_eq!(row["expected"], "unsolvable"),
            other => panic!("beam:1 gave {other}"),
        }
    }
    assert!(failed > 0, "a beam of one solved every hard board");
    assert!(!stderr.contains("WRONG"), "{stderr}");
    assert_eq!(code, Some(1), "a stopped search exits 1");
}

#[test]
fn bidirectional_searches_are_refused_where_the_goal_is_a_set() {
    for algo in ["bibfs", "mm"] {
        let out = searchlab(
            &[
                "solve",
                "rotation",
                "--algo",
                algo,
                "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{algo}");
        assert_eq!(
            text(&out.stderr).trim(),
            format!(
                "searchlab: {algo} needs an explicit goal state; the rotation game's goal is a set"
            )
        );
        assert!(out.stdout.is_empty());
    }
    // Where the goal is one board, they run (and agree with the table).
    let (rows, code, stderr) = rows(&[
        "solve",
        "eight",
        "--file",
        "puzzles/eight/easy.txt",
        "--algo",
        "bibfs",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(rows.iter().all(|r| r["status"] == "solved"));
}

#[test]
fn parameters_of_another_algorithm_or_given_twice_are_bad_input() {
    let board = "1 2 3 4 5 6 x 7 8";
    for (args, says) in [
        (
            vec!["--algo", "astar", "--weight", "2"],
            "--weight is a parameter of --algo wastar",
        ),
        (vec!["--algo", "wastar:3", "--weight", "2"], "give one"),
        (vec!["--algo", "wastar", "--weight", "0.5"], "below 1"),
        (vec!["--algo", "beam", "--width", "0"], "--width 0"),
        (vec!["--algo", "dijkstra"], "unknown algorithm 'dijkstra'"),
        (vec!["--algo", "pvs"], "pvs is a game algorithm"),
    ] {
        let mut all = vec!["solve", "eight", board];
        all.extend(&args);
        let out = searchlab(&all, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn game_searches_agree_with_alphabeta_on_tictactoe() {
    let file = "puzzles/tictactoe/easy.txt";
    let value = |algo: &str| {
        let (rows, code, stderr) = rows(&["solve", "tictactoe", "--file", file, "--algo", algo]);
        assert_eq!(code, Some(0), "{algo}: {stderr}");
        rows.iter()
            .map(|r| (r["input"].clone(), r["length"].clone()))
            .collect::<Vec<_>>()
    };
    let reference = value("alphabeta");
    assert!(!reference.is_empty());
    for algo in ["pvs", "mtdf", "minimax"] {
        assert_eq!(value(algo), reference, "{algo}");
    }
}
