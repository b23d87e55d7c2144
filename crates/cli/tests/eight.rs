//! The `searchlab` binary on the 8-puzzle: the POJ 1077 sample byte for byte, the reference
//! boards with every algorithm, and bad input.

mod common;

use common::{json_lines, searchlab, text};

#[test]
fn judge_1077_reproduces_the_sample_exactly() {
    let input = include_str!("../../../puzzles/eight/poj1077.in");
    let expected = include_str!("../../../puzzles/eight/poj1077.out");
    let out = searchlab(&["judge", "1077"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn judge_1077_answers_every_reference_board_optimally() {
    let reference = include_str!("../../../puzzles/eight/hard.txt");
    let cases: Vec<(&str, &str)> = reference
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once('|').unwrap())
        .map(|(b, a)| (b.trim(), a.trim()))
        .collect();
    // Boards follow each other with arbitrary whitespace, as the judge allows.
    let input: String = cases.iter().map(|(b, _)| format!("{b}\n\t ")).collect();
    let out = searchlab(&["judge", "1077"], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answers = text(&out.stdout);
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), cases.len());
    for ((board, expected), answer) in cases.iter().zip(&answers) {
        if *expected == "unsolvable" {
            assert_eq!(*answer, "unsolvable", "{board}");
        } else {
            assert_eq!(answer.len().to_string(), *expected, "{board}: {answer}");
            assert!(answer.chars().all(|c| "udlr".contains(c)));
        }
    }
}

#[test]
fn solve_checks_the_reference_file_with_each_algorithm() {
    for algo in ["astar", "idastar", "bfs"] {
        for heuristic in ["manhattan", "misplaced"] {
            let out = searchlab(
                &[
                    "solve",
                    "eight",
                    "--file",
                    "puzzles/eight/hard.txt",
                    "--algo",
                    algo,
                    "--heuristic",
                    heuristic,
                ],
                "",
            );
            // The CLI compares every answer with the file's expected length itself.
            assert!(
                out.status.success(),
                "{algo}/{heuristic}: {}",
                text(&out.stderr)
            );
            assert_eq!(text(&out.stdout).matches("unsolvable").count(), 3);
        }
    }
}

#[test]
fn json_output_has_moves_length_and_statistics() {
    let out = searchlab(
        &[
            "solve",
            "eight",
            "--format",
            "json",
            "--algo",
            "idastar",
            "8 6 7 2 5 4 3 x 1",
        ],
        "",
    );
    assert!(out.status.success());
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 1, "one line for one board");
    let v = &rows[0];
    assert_eq!(v["source"], "argument 1");
    assert!(v["line"].is_null());
    assert_eq!(v["input"], "8 6 7 2 5 4 3 x 1");
    assert_eq!(v["algorithm"], "idastar");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["length"], 31);
    assert_eq!(v["moves"].as_str().unwrap().len(), 31);
    assert!(v["stats"]["expanded"].as_u64().unwrap() > 0);
    assert!(!v["stats"]["iterations"].as_array().unwrap().is_empty());
}

#[test]
fn json_batch_gives_a_bad_line_its_own_row_in_its_place() {
    let input = "1 2 3 4 5 6 7 x 8\n1 2 3\n# a comment\n1 2 3 4 5 6 x 7 8\n";
    let out = searchlab(&["solve", "eight", "--format", "json"], input);
    assert_eq!(out.status.code(), Some(2));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 3, "{}", text(&out.stdout));
    assert_eq!(rows[0]["line"], 1);
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[0]["moves"], "r");
    assert_eq!(rows[1]["source"], "stdin");
    assert_eq!(rows[1]["line"], 2);
    assert_eq!(rows[1]["input"], "1 2 3");
    assert_eq!(rows[1]["status"], "error");
    assert_eq!(rows[1]["error"], "expected 9 tiles, found 3");
    assert_eq!(rows[2]["line"], 4);
    assert_eq!(rows[2]["status"], "solved");
    assert_eq!(rows[2]["moves"], "rr");
    assert!(
        text(&out.stderr).contains("searchlab: stdin: line 2: expected 9 tiles, found 3"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn boards_on_stdin_and_limits() {
    let out = searchlab(
        &["solve", "eight", "--max-nodes", "10"],
        "8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 7 x 8\n",
    );
    // A board a limit stopped has no answer: status 1 (not 2: the input is fine), and the
    // other board is still answered.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("stopped by the node limit"), "{stdout}");
    assert!(stdout.contains("1 move: r"), "{stdout}");
}

#[test]
fn bad_boards_get_exit_2_and_the_rest_are_still_answered() {
    let out = searchlab(
        &[
            "solve",
            "eight",
            "1 2 3 4 5 6 7 8 8",
            "1 2 3 4 5 6 7 x 8",
            "1 2 3 4 5 6 7 8",
            "1 2 3 4 5 6 7 8 q",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("argument 1") && stderr.contains("tile 8 appears twice"),
        "{stderr}"
    );
    assert!(
        stderr.contains("argument 3") && stderr.contains("expected 9 tiles, found 8"),
        "{stderr}"
    );
    assert!(
        stderr.contains("argument 4") && stderr.contains("'q' is not a tile"),
        "{stderr}"
    );
    assert!(text(&out.stdout).contains("1 move: r"));
    assert!(!stderr.contains("panicked"));
}

#[test]
fn judge_reports_bad_and_truncated_boards_and_answers_the_others() {
    let out = searchlab(
        &["judge", "1077"],
        "1 2 3 4 5 6 7 x 8\n1 1 3 4 5 6 7 x 8\n1 2 3 4 5 6 x 7 8\n1 2 3",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "r\nrr\n");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("board 2") && stderr.contains("tile 1 appears twice"),
        "{stderr}"
    );
    assert!(
        stderr.contains("board 4") && stderr.contains("ends after 3 of 9 tokens"),
        "{stderr}"
    );
}

#[test]
fn gen_is_deterministic_and_makes_solvable_boards() {
    let a = searchlab(&["gen", "eight", "--count", "20", "--seed", "7"], "");
    let b = searchlab(&["gen", "eight", "--count", "20", "--seed", "7"], "");
    assert_eq!(a.stdout, b.stdout);
    let boards = text(&a.stdout);
    assert_eq!(boards.lines().count(), 20);
    let out = searchlab(&["judge", "1077"], &boards);
    assert!(out.status.success());
    assert!(!text(&out.stdout).contains("unsolvable"));
    let walk = searchlab(
        &[
            "gen", "eight", "--count", "5", "--seed", "7", "--moves", "6",
        ],
        "",
    );
    let out = searchlab(&["judge", "1077"], &text(&walk.stdout));
    assert!(
        text(&out.stdout)
            .lines()
            .all(|l| l.len() <= 6 && l.len() % 2 == 0)
    );
}

/// `--file -` reads standard input (as `bench` does); a file that cannot be read is bad input.
#[test]
fn file_dash_is_standard_input_and_a_missing_file_is_bad_input() {
    let out = searchlab(
        &["solve", "eight", "--file", "-", "--format", "json"],
        "8 1 3 4 x 2 7 6 5\n1 2 3 4 5 6 8 7 x\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["source"], "stdin");
    assert_eq!(rows[0]["length"], 14);
    assert_eq!(rows[1]["status"], "unsolvable");
    let out = searchlab(&["solve", "eight", "--file", "no/such/file.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read no/such/file.txt"));
}

/// A reader that goes away (`searchlab gen eight ... | head -1`) ends the run quietly, as Unix
/// tools do: by SIGPIPE (as `cat` ends; the default action the binary restores, issue 31) or
/// with status 0, and no "Broken pipe" message or panic.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["gen", "eight", "--count", "10000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.split_whitespace().count(), 9, "{first}");
    // The reading end is dropped here: the next writes fail with EPIPE.
    let out = child.wait_with_output().unwrap();
    #[cfg(unix)]
    let by_sigpipe = {
        use std::os::unix::process::ExitStatusExt;
        out.status.signal() == Some(13)
    };
    #[cfg(not(unix))]
    let by_sigpipe = false;
    assert!(
        by_sigpipe || out.status.code() == Some(0),
        "{:?}: {}",
        out.status,
        text(&out.stderr)
    );
    assert_eq!(text(&out.stderr), "");
}

/// A timeout that is no duration (negative, not a number, too large) is bad input for every
/// command that takes one, never a panic.
#[test]
fn impossible_timeouts_are_bad_input() {
    for (command, instance) in [
        ("eight", "8 1 3 4 x 2 7 6 5"),
        ("fifteen", "1 2 3 x 4 5 6 7 8 9 10 11 12 13 14 15"),
        (
            "rotation",
            "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
        ),
        ("tictactoe", "x.o/.x./..."),
    ] {
        for timeout in ["--timeout=-1", "--timeout=1e30", "--timeout=nan"] {
            let out = searchlab(&["solve", command, timeout, instance], "");
            assert_eq!(out.status.code(), Some(2), "{command} {timeout}");
            let stderr = text(&out.stderr);
            assert!(stderr.contains("expected a number of seconds"), "{stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
        }
    }
    let out = searchlab(
        &["bench", "eight", "--timeout=1e30", "puzzles/eight/easy.txt"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}
