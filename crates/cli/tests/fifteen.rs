//! The `searchlab` binary on the 15-puzzle: answers with every heuristic, both goals, the
//! database cache, bad input and limits.

mod common;

use common::{json_lines, text};
use std::process::Output;

/// A shared scratch cache, so the 6-6-3 databases are built once for all CLI tests.
fn cache() -> String {
    format!("{}/searchlab-cache", env!("CARGO_TARGET_TMPDIR"))
}

fn searchlab(args: &[&str], stdin: &str) -> Output {
    common::searchlab_env(args, stdin, &[("SEARCHLAB_CACHE", &cache())])
}

/// Korf's #12 (45 moves) and #79 (42 moves), the quickest with Manhattan distance.
const EASY: &str = "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15 | 45\n\
                    0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15 | 42\n";

/// Replays `moves` (the blank's moves) from `board` and says whether it reaches `goal`.
fn replays_to(board: &str, moves: &str, goal: &[u8; 16]) -> bool {
    let mut cells: Vec<u8> = board
        .split_whitespace()
        .map(|t| if t == "x" { 0 } else { t.parse().unwrap() })
        .collect();
    let mut blank = cells.iter().position(|&t| t == 0).unwrap();
    for m in moves.chars() {
        let target = match m {
            'u' if blank >= 4 => blank - 4,
            'd' if blank < 12 => blank + 4,
            'l' if blank % 4 > 0 => blank - 1,
            'r' if blank % 4 < 3 => blank + 1,
            _ => return false,
        };
        cells.swap(blank, target);
        blank = target;
    }
    cells == goal
}

const BLANK_FIRST: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

#[test]
fn every_heuristic_finds_the_optimal_length() {
    for heuristic in ["manhattan", "linear-conflict", "pdb663"] {
        let out = searchlab(
            &[
                "solve",
                "fifteen",
                "--heuristic",
                heuristic,
                "--format",
                "json",
            ],
            EASY,
        );
        assert!(out.status.success(), "{heuristic}: {}", text(&out.stderr));
        let lines = json_lines(&out.stdout);
        assert_eq!(lines.len(), 2);
        for (line, length) in lines.iter().zip([45, 42]) {
            assert_eq!(line["status"], "solved");
            assert_eq!(line["length"], length);
            let moves = line["moves"].as_str().unwrap();
            assert_eq!(moves.len(), length);
            assert!(replays_to(
                line["instance"].as_str().unwrap(),
                moves,
                &BLANK_FIRST
            ));
            assert!(line["stats"]["generated"].as_u64().unwrap() > 0);
        }
    }
}

/// Every algorithm of `--algo` agrees with IDA* + 6-6-3 (checked against Korf's published
/// lengths above) on boards a dozen-odd moves from the goal (`gen fifteen --seed 5 --depth 16`);
/// BFS and IDDFS ignore the heuristic; misplaced tiles is offered for A* and IDA*.
#[test]
fn every_algorithm_finds_the_optimal_length() {
    let boards = "5 4 2 3 1 6 14 7 8 10 x 11 9 12 13 15\n1 3 7 6 4 2 5 11 x 9 14 10 8 12 13 15\n";
    let lengths_of = |algo: &str, heuristic: &str| -> Vec<u64> {
        let out = searchlab(
            &[
                "solve",
                "fifteen",
                "--algo",
                algo,
                "--heuristic",
                heuristic,
                "--format",
                "json",
            ],
            boards,
        );
        assert!(out.status.success(), "{algo}: {}", text(&out.stderr));
        json_lines(&out.stdout)
            .iter()
            .map(|row| {
                assert_eq!(row["algorithm"], algo);
                let none = algo == "bfs" || algo == "iddfs";
                assert_eq!(
                    row["heuristic"],
                    if none {
                        serde_json::Value::Null
                    } else {
                        heuristic.into()
                    }
                );
                let moves = row["moves"].as_str().unwrap();
                assert!(replays_to(
                    row["instance"].as_str().unwrap(),
                    moves,
                    &BLANK_FIRST
                ));
                row["length"].as_u64().unwrap()
            })
            .collect()
    };
    let reference = lengths_of("idastar", "pdb663");
    assert_eq!(reference.len(), 2);
    for (algo, heuristic) in [
        ("astar", "manhattan"),
        ("astar", "misplaced"),
        ("idastar", "misplaced"),
        ("bfs", "pdb663"),
        ("iddfs", "manhattan"),
    ] {
        assert_eq!(
            lengths_of(algo, heuristic),
            reference,
            "{algo} / {heuristic}"
        );
    }
}

#[test]
fn korf_order_reproduces_the_published_count_from_the_command_line() {
    let out = searchlab(
        &[
            "solve",
            "fifteen",
            "--heuristic",
            "manhattan",
            "--order",
            "ulrd",
            "--format",
            "json",
        ],
        "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
    );
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 1);
    let line = &rows[0];
    // Korf (1985), instance 12.
    assert_eq!(line["stats"]["generated"], 546_344);
    let bad = searchlab(
        &[
            "solve",
            "fifteen",
            "--order",
            "uldd",
            "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        ],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("--order"));
}

#[test]
fn text_output_and_the_goal_conventions() {
    let out = searchlab(
        &[
            "solve",
            "fifteen",
            "--heuristic",
            "linear-conflict",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15",
            "--goal",
            "blank-last",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n  1 move: r\n"),
        "{stdout}"
    );
    let solved = searchlab(
        &[
            "solve",
            "fifteen",
            "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "--heuristic",
            "manhattan",
        ],
        "",
    );
    assert!(text(&solved.stdout).contains("0 moves: (already solved)"));
}

#[test]
fn bad_boards_are_named_and_the_others_answered() {
    let input = "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15\n\
                 1 2 3\n\
                 # a comment\n\
                 1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n\
                 x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16\n\
                 x 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    let out = searchlab(
        &["solve", "fifteen", "--heuristic", "linear-conflict"],
        input,
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("stdin: line 2:") && stderr.contains("expected 16 tiles, found 3"),
        "{stderr}"
    );
    assert!(
        stderr.contains("stdin: line 4:") && stderr.contains("tile 1 appears twice"),
        "{stderr}"
    );
    assert!(
        stderr.contains("stdin: line 5:") && stderr.contains("'16'"),
        "{stderr}"
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("45 moves"), "{stdout}");
    assert!(stdout.contains("unsolvable"), "{stdout}");
}

#[test]
fn json_batch_gives_a_bad_line_its_own_row_in_its_place() {
    // The goal, one move from it, a bad line and an odd permutation.
    let input = "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n\
                 1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n\
                 1 2 3\n\
                 x 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    let out = searchlab(
        &[
            "solve",
            "fifteen",
            "--heuristic",
            "manhattan",
            "--format",
            "json",
        ],
        input,
    );
    assert_eq!(out.status.code(), Some(2));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 4, "{}", text(&out.stdout));
    let lines: Vec<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 2, 3, 4]);
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[0]["length"], 0);
    assert_eq!(rows[1]["status"], "solved");
    assert_eq!(rows[1]["moves"], "l");
    assert_eq!(rows[2]["status"], "error");
    assert_eq!(rows[2]["source"], "stdin");
    assert_eq!(rows[2]["input"], "1 2 3");
    assert_eq!(rows[2]["error"], "expected 16 tiles, found 3");
    assert_eq!(rows[3]["status"], "unsolvable");
    assert!(text(&out.stderr).contains("stdin: line 3: expected 16 tiles, found 3"));
}

#[test]
fn limits_stop_a_search() {
    let out = searchlab(
        &[
            "solve",
            "fifteen",
            "--heuristic",
            "manhattan",
            "--max-nodes",
            "1000",
            "--format",
            "json",
        ],
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "stopped: no answer, but not bad input"
    );
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 1);
    let line = &rows[0];
    assert_eq!(line["status"], "stopped");
    assert_eq!(line["limit"], "node limit");
    let bad = searchlab(
        &[
            "solve",
            "fifteen",
            "--timeout",
            "-1",
            "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        ],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn databases_are_cached_and_corrupt_files_rebuilt() {
    // A private cache: the 3-tile pattern's file is small enough to corrupt and rebuild here.
    let dir = format!("{}/searchlab-cache-corrupt", env!("CARGO_TARGET_TMPDIR"));
    let shared = cache();
    let _ = std::fs::create_dir_all(&dir);
    // Reuse the shared 6-tile files (if built) so only the 3-tile one is rebuilt.
    if let Ok(entries) = std::fs::read_dir(&shared) {
        for e in entries.flatten() {
            let _ = std::fs::copy(e.path(), std::path::Path::new(&dir).join(e.file_name()));
        }
    }
    let board = "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15";
    let first = common::searchlab_env(
        &["solve", "fifteen", board],
        "",
        &[("SEARCHLAB_CACHE", &dir)],
    );
    assert!(first.status.success(), "{}", text(&first.stderr));
    let again = common::searchlab_env(
        &["solve", "fifteen", board, "--reflect"],
        "",
        &[("SEARCHLAB_CACHE", &dir)],
    );
    let stderr = text(&again.stderr);
    assert_eq!(stderr.matches("loaded from").count(), 3, "{stderr}");
    let small = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.to_string_lossy().contains("pdb16-12_13_14-")
                && p.extension().is_some_and(|e| e == "bin")
        })
        .expect("the 3-tile database file");
    let mut bytes = std::fs::read(&small).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&small, &bytes).unwrap();
    let rebuilt = common::searchlab_env(
        &["solve", "fifteen", board],
        "",
        &[("SEARCHLAB_CACHE", &dir)],
    );
    let stderr = text(&rebuilt.stderr);
    assert_eq!(stderr.matches("built, saved").count(), 1, "{stderr}");
    assert_eq!(
        text(&rebuilt.stdout),
        text(&first.stdout).replace(&time_free(&first), &time_free(&rebuilt))
    );
}

/// The statistics line's time differs between runs; everything before it must not.
fn time_free(out: &Output) -> String {
    let s = text(&out.stdout);
    s[s.find("time ").unwrap()..].to_string()
}

/// Ctrl-C (SIGINT) ends a long solve at once with status 130; piped, it writes nothing (the
/// wipe of the progress line is for terminals only).
#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_solve_with_status_130() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["solve", "fifteen", "--heuristic", "misplaced"])
        .arg("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let out = common::interrupt(child, Duration::from_secs(1), Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(text(&out.stderr), "");
}
