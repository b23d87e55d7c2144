//! `searchlab judge 2286`, `solve rotation` and `gen rotation`, run as a user runs them.

mod common;

use common::{json_lines, searchlab, text};

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/rotation/");
const SAMPLE_BOARD: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

#[test]
fn judge_sample_is_byte_exact() {
    let input = std::fs::read_to_string(format!("{PUZZLES}poj2286.in")).unwrap();
    let expected = std::fs::read(format!("{PUZZLES}poj2286.out")).unwrap();
    let out = searchlab(&["judge", "2286"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stdout, expected);
}

#[test]
fn judge_answers_good_boards_and_names_bad_lines() {
    let input = format!(
        "1 2 3\n{SAMPLE_BOARD}\n1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n\
         2 2 2 2 2 2 2 2 1 1 1 1 1 1 1 1 3 3 3 3 3 3 3 3\n0\n{SAMPLE_BOARD}\n"
    );
    let out = searchlab(&["judge", "2286"], &input);
    assert_eq!(out.status.code(), Some(2));
    // Cells 6, 7 hold 1 and the rest of the centre 2 in the fourth line: one of the two.
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("AC\n2\n"), "{stdout}");
    assert_eq!(
        stdout.lines().count(),
        4,
        "the board after the 0 is not read"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 1: expected 24 numbers, found 3"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 3: symbol 1 appears 9 times"),
        "{stderr}"
    );
}

#[test]
fn judge_prints_no_moves_needed() {
    // The centre cells 6, 7, 8, 11, 12, 15, 16, 17 all hold 2.
    let solved = "1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3";
    let out = searchlab(&["judge", "2286"], &format!("{solved}\n0\n"));
    assert_eq!(text(&out.stdout), "No moves needed\n2\n");
}

#[test]
fn solve_reports_moves_and_statistics() {
    for heuristic in ["centre", "pdb"] {
        for algo in ["idastar", "astar", "iddfs"] {
            let out = searchlab(
                &[
                    "solve",
                    "rotation",
                    SAMPLE_BOARD,
                    "--heuristic",
                    heuristic,
                    "--algo",
                    algo,
                ],
                "",
            );
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            let stdout = text(&out.stdout);
            assert!(stdout.contains("2 moves: AC\n  centre 2\n"), "{stdout}");
            assert!(stdout.contains("expanded "), "{stdout}");
        }
    }
}

#[test]
fn solve_json_has_the_answer_and_the_counts() {
    let args = [
        "solve",
        "rotation",
        "--format",
        "json",
        "--heuristic",
        "pdb",
    ];
    let mut with_board = args.to_vec();
    with_board.push(SAMPLE_BOARD);
    let out = searchlab(&with_board, "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 1, "one line for one board");
    let report = &rows[0];
    assert_eq!(report["source"], "argument 1");
    assert!(report["line"].is_null());
    assert_eq!(report["algorithm"], "idastar");
    assert_eq!(report["status"], "solved");
    assert_eq!(report["moves"], "AC");
    assert_eq!(report["length"], 2);
    assert_eq!(report["centre"], 2);
    assert_eq!(report["stats"]["expanded"], 2);
    assert_eq!(report["stats"]["iterations"].as_array().unwrap().len(), 1);
}

#[test]
fn json_batch_gives_a_bad_line_its_own_row_in_its_place() {
    let input = format!("# a comment\n{SAMPLE_BOARD}\n\n1 1 1 x\n{SAMPLE_BOARD}\n");
    let out = searchlab(
        &["solve", "rotation", "--file", "-", "--format", "json"],
        &input,
    );
    assert_eq!(out.status.code(), Some(2));
    let reports = json_lines(&out.stdout);
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0]["line"], 2);
    assert_eq!(reports[0]["status"], "solved");
    assert_eq!(reports[0]["moves"], "AC");
    assert_eq!(reports[1]["source"], "stdin");
    assert_eq!(reports[1]["line"], 4);
    assert_eq!(reports[1]["input"], "1 1 1 x");
    assert_eq!(reports[1]["status"], "error");
    assert!(reports[1]["error"].as_str().unwrap().contains("`x`"));
    assert_eq!(reports[2]["line"], 5);
    assert_eq!(reports[2]["status"], "solved");
    assert_eq!(reports[2]["moves"], "AC");
    assert!(text(&out.stderr).contains("stdin: line 4: number 4 (`x`) is not a number"));
}

#[test]
fn bad_boards_exit_with_status_two() {
    for board in ["1 2 3", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 9"] {
        let out = searchlab(&["solve", "rotation", board], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("argument 1: "));
        assert!(out.stdout.is_empty());
        // With JSON the bad board still gets its one row.
        let out = searchlab(&["solve", "rotation", board, "--format", "json"], "");
        assert_eq!(out.status.code(), Some(2));
        let rows = json_lines(&out.stdout);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0]["status"], "error");
        assert_eq!(rows[0]["input"], board);
    }
}

#[test]
fn limits_stop_a_search_with_status_one() {
    let out = searchlab(
        &[
            "solve",
            "rotation",
            SAMPLE_BOARD,
            "--algo",
            "iddfs",
            "--max-nodes",
            "1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("stopped by the node limit"));
}

#[test]
fn gen_is_deterministic_and_feeds_the_judge() {
    let a = searchlab(&["gen", "rotation", "--count", "20", "--seed", "9"], "");
    let b = searchlab(&["gen", "rotation", "--count", "20", "--seed", "9"], "");
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(text(&a.stdout).lines().count(), 20);
    let judged = searchlab(&["judge", "2286"], &text(&a.stdout));
    assert_eq!(judged.status.code(), Some(0));
    assert_eq!(text(&judged.stdout).lines().count(), 40);

    let near = searchlab(
        &[
            "gen", "rotation", "--count", "5", "--seed", "3", "--depth", "3",
        ],
        "",
    );
    let judged = searchlab(&["judge", "2286"], &text(&near.stdout));
    for answer in text(&judged.stdout).lines().step_by(2) {
        assert!(answer == "No moves needed" || answer.len() <= 3, "{answer}");
    }
}

#[test]
fn the_benchmark_set_is_what_its_readme_says() {
    let readme = std::fs::read_to_string(format!("{PUZZLES}README.md")).unwrap();
    let expected = std::fs::read(format!("{PUZZLES}random.txt")).unwrap();
    assert!(readme.contains("searchlab gen rotation --count 40 --seed 2286 > random.txt"));
    let out = searchlab(&["gen", "rotation", "--count", "40", "--seed", "2286"], "");
    assert_eq!(out.stdout, expected);
    let judged = searchlab(&["judge", "2286"], &text(&expected));
    let answers = std::fs::read(format!("{PUZZLES}random.out")).unwrap();
    assert_eq!(judged.stdout, answers);
}
