//! `searchlab solve ... --trace`: the JSON Lines and text traces, run as a user runs them.

use std::process::{Command, Output};

use serde_json::Value as Json;

fn searchlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A temporary file name for this test.
fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("searchlab-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

/// The JSON answer row and the trace's events of `solve PROBLEM INSTANCE ARGS --trace FILE`.
fn traced(problem: &str, instance: &str, args: &[&str], file: &str) -> (Json, Vec<Json>) {
    let mut all = vec![
        "solve", problem, instance, "--format", "json", "--trace", file,
    ];
    all.extend_from_slice(args);
    let out = searchlab(&all);
    assert_eq!(out.status.code(), Some(0), "{all:?}: {}", text(&out.stderr));
    let row: Json = serde_json::from_slice(&out.stdout).unwrap();
    let trace = std::fs::read_to_string(file).unwrap();
    let events = trace
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    (row, events)
}

fn count(events: &[Json], kind: &str) -> u64 {
    events.iter().filter(|e| e["event"] == kind).count() as u64
}

const BOARD: &str = "1 2 3 x 4 6 7 5 8"; // 3 moves from the goal

#[test]
fn every_algorithm_traces_its_expansions_as_json_lines() {
    // Every single-agent algorithm of the catalogue, as its list declares them.
    for algo in searchlab_toolkit::SearchAlgorithm::ALL.map(|a| a.name()) {
        let file = temp(&format!("{algo}.jsonl"));
        let (row, events) = traced("eight", BOARD, &["--algo", algo], &file);
        assert_eq!(count(&events, "expand"), row["stats"]["expanded"], "{algo}");
        assert_eq!(count(&events, "goal"), 1, "{algo}");
        for e in &events {
            assert_eq!(e["search"], 1, "{algo}: {e}");
            if e["event"] == "expand" {
                // Fields named; the state as the puzzle prints a board.
                assert!(e["state"].as_str().unwrap().split(' ').count() == 9, "{e}");
                assert!(
                    e["g"].is_u64() && e["h"].is_u64() && e["depth"].is_u64(),
                    "{e}"
                );
            }
        }
        // Deterministic: the same run writes the same bytes.
        let again = temp(&format!("{algo}-again.jsonl"));
        traced("eight", BOARD, &["--algo", algo], &again);
        assert_eq!(
            std::fs::read(&file).unwrap(),
            std::fs::read(&again).unwrap(),
            "{algo}"
        );
    }
}

#[test]
fn idastar_text_trace_shows_each_iteration_with_its_bound() {
    let out = searchlab(&[
        "solve",
        "eight",
        "8 6 7 2 5 4 3 x 1",
        "--algo",
        "idastar",
        "--trace",
        "-",
        "--trace-limit",
        "10000000",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let bounds: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("iteration "))
        .map(|l| l.split(": bound ").nth(1).unwrap())
        .collect();
    let stats = stdout.lines().last().unwrap();
    let reported = stats
        .split("(bounds ")
        .nth(1)
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    assert_eq!(bounds.join(","), reported, "{stats}");
    assert!(
        stdout.contains("  31 moves: "),
        "the answer follows its trace"
    );
}

#[test]
fn astar_open_list_and_game_cutoffs_in_text() {
    let out = searchlab(&[
        "solve",
        "eight",
        BOARD,
        "--algo",
        "astar",
        "--trace-text",
        "--trace-open",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let opens = stdout.lines().filter(|l| l.starts_with("open (")).count();
    let expands = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("expand "))
        .count();
    assert_eq!(opens, expands, "{stdout}");
    assert!(
        stdout.starts_with("open (1): 1 2 3 x 4 6 7 5 8 g=0 h=3\n"),
        "{stdout}"
    );

    let out = searchlab(&["solve", "gametree", "((3,5),(6,(9,1)))", "--trace", "-"]);
    let stdout = text(&out.stdout);
    // Nodes by their paths from the root, as the report and the figures name them.
    assert!(
        stdout.contains("    cutoff 2.2 [9, 6] value 9 after move 1: 1 skipped\n"),
        "{stdout}"
    );
    assert!(stdout.starts_with("search 1: depth none [-inf, inf]\nexpand root [-inf, inf]\n"));
}

#[test]
fn game_states_are_traced_in_their_own_notation() {
    // Tic-tac-toe: boards in rows, as instances are written (not the bit sets of `Debug`).
    let out = searchlab(&["solve", "tictactoe", "x.o/.x./...", "--trace-text"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("\nexpand x.o/.x./... [-100, 100]\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  expand x.o/.x./..o [-100, 100]\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("Board {"), "{stdout}");
    // Triangle War: scores, side to move, undrawn segments.
    let moves = "2-5 5-9 9-10 6-10 8-9 2-3 5-6 6-9 7-8 1-3 3-5 4-5 1-2 2-4";
    let out = searchlab(&["solve", "triangle", moves, "--trace-text"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("expand A 2 B 3, A to move, undrawn 3-6 4-7 4-8 5-8 [-9, 9]\n"),
        "{stdout}"
    );
    assert!(stdout.contains("leaf A 6 B 3, over = 3\n"), "{stdout}");
}

#[test]
fn gametree_json_cutoffs_match_the_reported_ones() {
    let tree = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../puzzles/gametree/seed004_fig3_10.tree"
    ))
    .unwrap();
    let file = temp("fig.jsonl");
    let (row, events) = traced("gametree", &tree, &[], &file);
    assert_eq!(count(&events, "cutoff"), row["stats"]["cutoffs"]);
    assert_eq!(count(&events, "expand"), row["stats"]["expanded"]);
    assert_eq!(count(&events, "leaf"), row["stats"]["leaves"]);
}

#[test]
fn the_trace_stops_at_its_limit_and_says_so() {
    let file = temp("limited.jsonl");
    let (_, events) = traced("eight", "8 6 7 2 5 4 3 x 1", &["--trace-limit", "5"], &file);
    assert_eq!(events.len(), 6);
    assert_eq!(
        events[5],
        serde_json::json!({"event": "truncated", "limit": 5})
    );
}

#[test]
fn parallel_ida_and_a_stray_trace_open_are_refused() {
    let out = searchlab(&[
        "solve",
        "eight",
        BOARD,
        "--algo",
        "idastar",
        "--threads",
        "2",
        "--trace",
        "-",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--trace follows one search step by step: it needs --threads 1")
    );
    let out = searchlab(&["solve", "eight", BOARD, "--trace-open"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--trace-open needs --trace or --trace-text"));
}

/// States in a trace read as the problem writes them, on one line (issue 31: `Cell { x: 3,
/// y: 3 }` on a grid, `[1, 2, 3, ...]` for the rotation game).
#[test]
fn trace_states_read_as_the_problem_writes_them() {
    let board = "3 1 2 2 1 3 3 2 2 2 3 2 2 3 1 1 1 2 1 3 1 3 1 3";
    let out = searchlab(&[
        "solve",
        "rotation",
        board,
        "--trace",
        "-",
        "--trace-limit",
        "20",
    ]);
    let trace = text(&out.stdout);
    assert!(trace.contains(&format!("expand {board} ")), "{trace}");
    assert!(!trace.contains('['), "{trace}");
    let scen = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../puzzles/grid/arena.map.scen"
    );
    let out = searchlab(&["solve", "grid", scen, "--trace", "-", "--trace-limit", "20"]);
    let trace = text(&out.stdout);
    assert!(trace.contains("expand (1, 11) "), "{trace}");
    assert!(!trace.contains("Cell {"), "{trace}");
    // Connect Four: the board's rows, top row first, as `--show` draws them, for the crate's
    // own solver and for the catalogue's (MTD(f) runs column by column: its first search is
    // of a child).
    for algo in ["alphabeta", "mtdf", "minimax"] {
        // MTD(f) is the catalogue's generic search, not the crate's solver: from 4455 it takes
        // 40 CPU s in a release build, so it gets a 14-stone position (0.1 s).
        let position = match algo {
            "minimax" => "2252576253462244111563365343671351441",
            "mtdf" => "22525762534622",
            _ => "4455",
        };
        let args = [
            "solve",
            "connect4",
            position,
            "--algo",
            algo,
            "--trace",
            "-",
            "--trace-limit",
            "20",
        ];
        let out = searchlab(&args);
        let trace = text(&out.stdout);
        assert!(!trace.contains("Position {"), "{args:?}: {trace}");
        let first = trace
            .lines()
            .find_map(|l| l.trim_start().strip_prefix("expand "))
            .unwrap_or_else(|| panic!("{args:?}: no expansion in {trace}"));
        let rows: Vec<&str> = first.split(' ').next().unwrap().split('/').collect();
        assert_eq!(rows.len(), 6, "{args:?}: {first}");
        assert!(
            rows.iter()
                .all(|r| r.len() == 7 && r.chars().all(|c| "xo.".contains(c))),
            "{args:?}: {first}"
        );
        if algo == "alphabeta" {
            assert!(
                first.starts_with("......./......./......./......./...oo../...xx.. "),
                "{first}"
            );
        }
    }
}
