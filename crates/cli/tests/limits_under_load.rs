//! Limits under load (issue 13): `bench --jobs 2` over files where every instance hits the node
//! limit, the time limit or the memory limit. Every row must be `stopped` with the right kind,
//! the process must not panic or abort, and (the contract: a limit is an outcome with exit 1) it
//! must exit with status 1.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Hard instances only (none is solved within the limits used here), written to a scratch file.
fn instances(problem: &str, boards: &[&str]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "limits-under-load-{problem}-{}.txt",
        std::process::id()
    ));
    let mut text = String::from("# every instance needs far more than the limits allow\n");
    for b in boards {
        text.push_str(b);
        text.push('\n');
    }
    std::fs::write(&path, text).unwrap();
    path
}

/// 8-puzzle boards of 28 to 31 moves (from puzzles/eight/hard.txt).
const EIGHT: [&str; 6] = [
    "8 6 7 2 5 4 3 x 1",
    "6 4 7 8 5 x 3 2 1",
    "8 7 6 5 4 3 2 1 x",
    "8 6 7 2 x 4 3 5 1",
    "6 4 7 8 x 5 3 2 1",
    "8 x 6 5 4 7 2 3 1",
];

/// 15-puzzle boards of 57 to 80 moves for Korf's goal (Korf's #1, #3 and #10 from
/// puzzles/fifteen/hard.txt: 198 M to 566 M nodes with Manhattan, seconds for IDA*; and the
/// board of issue 13, which needs 80). Not Korf's #2: IDA* solves it in about 0.2 s, the time
/// limit below.
const FIFTEEN: [&str; 4] = [
    "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
    "13 11 8 9 0 15 7 10 4 3 6 14 5 12 2 1",
    "14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15",
    "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4",
];

fn bench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .arg("bench")
        .args(args)
        .env(
            "SEARCHLAB_CACHE",
            std::env::temp_dir().join("searchlab-limits-under-load"),
        )
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the binary runs")
}

/// The CSV rows as maps from column to field.
fn rows(stdout: &[u8]) -> Vec<BTreeMap<String, String>> {
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a CSV header").split(',').collect();
    lines
        .map(|l| {
            let fields: Vec<&str> = l.split(',').collect();
            assert_eq!(fields.len(), header.len(), "{l}");
            header
                .iter()
                .map(|h| h.to_string())
                .zip(fields.into_iter().map(String::from))
                .collect()
        })
        .collect()
}

/// Runs `bench --jobs 2 --format csv` and checks that every row of every pair is stopped by
/// `kind`, that all `expected_rows` are there, and that nothing panicked or aborted.
fn stopped_under_load(args: &[&str], kind: &str, expected_rows: usize) -> Output {
    let mut all = vec!["--jobs", "2", "--format", "csv"];
    all.extend_from_slice(args);
    let out = bench(&all);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        out.status.code().is_some(),
        "killed by a signal (an abort?): {stderr}"
    );
    let rows = rows(&out.stdout);
    assert_eq!(rows.len(), expected_rows, "{stderr}");
    for row in &rows {
        assert_eq!(row["status"], "stopped", "{row:?}");
        assert_eq!(row["limit"], kind, "{row:?}");
        assert!(
            row["cost"].is_empty() && row["length"].is_empty(),
            "{row:?}"
        );
    }
    out
}

fn node_limit_run() -> Output {
    let file = instances("eight", &EIGHT);
    let out = stopped_under_load(
        &[
            "eight",
            file.to_str().unwrap(),
            "--algo",
            "astar,idastar,bfs",
            "--max-nodes",
            "50",
        ],
        "nodes",
        3 * EIGHT.len(),
    );
    // The statistics so far are reported: the node limit was reached exactly.
    for row in rows(&out.stdout) {
        assert_eq!(row["expanded"], "50", "{row:?}");
    }
    let _ = std::fs::remove_file(file);
    out
}

fn time_limit_run() -> Output {
    let file = instances("fifteen", &FIFTEEN);
    let out = stopped_under_load(
        &[
            "fifteen",
            file.to_str().unwrap(),
            "--algo",
            "idastar",
            "--heuristic",
            "manhattan",
            "--timeout",
            "0.2",
        ],
        "time",
        FIFTEEN.len(),
    );
    for row in rows(&out.stdout) {
        let seconds: f64 = row["seconds"].parse().unwrap();
        // Stopped near the limit (the clock is read every 1024 expansions), not run to the end.
        assert!((0.2..5.0).contains(&seconds), "{row:?}");
        assert!(row["expanded"].parse::<u64>().unwrap() > 0, "{row:?}");
    }
    let _ = std::fs::remove_file(file);
    out
}

#[test]
fn every_row_stops_at_the_node_limit_with_two_jobs() {
    node_limit_run();
}

#[test]
fn every_row_stops_at_the_time_limit_with_two_jobs() {
    time_limit_run();
}

#[test]
fn limits_under_load_exit_1() {
    assert_eq!(node_limit_run().status.code(), Some(1));
    assert_eq!(time_limit_run().status.code(), Some(1));
}

#[test]
fn every_row_stops_at_the_memory_limit_with_two_jobs() {
    let file = instances("fifteen", &FIFTEEN);
    let out = stopped_under_load(
        &[
            "fifteen",
            file.to_str().unwrap(),
            "--algo",
            "astar",
            "--heuristic",
            "manhattan",
            "--max-memory",
            "64M",
        ],
        "memory",
        FIFTEEN.len(),
    );
    assert_eq!(out.status.code(), Some(1));
    for row in rows(&out.stdout) {
        assert!(row["expanded"].parse::<u64>().unwrap() > 10_000, "{row:?}");
    }
    let _ = std::fs::remove_file(file);
}
