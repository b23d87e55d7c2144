//! `searchlab judge 1568` and `searchlab solve tictactoe`, run as a user runs them.

mod common;

use common::{json_lines, searchlab, text};
use std::process::Output;

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/tictactoe/");

/// The one JSON row of a single board.
fn json(out: &Output) -> serde_json::Value {
    let mut rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 1, "one line for one board");
    rows.remove(0)
}

#[test]
fn judge_sample_is_byte_exact() {
    let input = std::fs::read_to_string(format!("{PUZZLES}poj1568.in")).unwrap();
    let expected = std::fs::read(format!("{PUZZLES}poj1568.out")).unwrap();
    let out = searchlab(&["judge", "1568"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stdout, expected);
}

#[test]
fn judge_positions_file_matches_its_answers() {
    let input = std::fs::read_to_string(format!("{PUZZLES}positions.in")).unwrap();
    let expected = std::fs::read_to_string(format!("{PUZZLES}positions.out")).unwrap();
    let out = searchlab(&["judge", "1568"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn judge_answers_good_cases_and_names_bad_ones() {
    let input = "?\n....\n.xo.\n.ox.\n....\n\
                 ?\noooo\nxx..\nx...\n...x\n\
                 ?\n....\n.xq.\n.ox.\n....\n\
                 ?\nx...\n....\n....\n....\n\
                 ?\no...\n.ox.\n.xxx\nxooo\n$\n";
    let out = searchlab(&["judge", "1568"], input);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "#####\n(0,1)\n");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 7: the game is already won"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 13: row 2, column 3: unknown character 'q'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 17: the problem says it is x's turn"),
        "{stderr}"
    );
}

#[test]
fn solve_reports_value_best_move_and_statistics() {
    let out = searchlab(&["solve", "tictactoe", "x.o/.x./..."], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("o to move"), "{stdout}");
    assert!(stdout.contains("value 0 for x: draw"), "{stdout}");
    assert!(stdout.contains("best move for o: (2,2)"), "{stdout}");
    assert!(stdout.contains("expanded"), "{stdout}");

    let out = searchlab(
        &[
            "solve",
            "tictactoe",
            "empty",
            "--size",
            "4",
            "--format",
            "json",
        ],
        "",
    );
    let j = json(&out);
    assert_eq!(j["value"], 0);
    assert_eq!(j["exact"], true);
    assert_eq!(j["meaning"], "draw");
    assert!(j["stats"]["table_hits"].as_u64().unwrap() > 0);
}

#[test]
fn all_moves_in_row_major_order_with_both_algorithms() {
    for algo in ["minimax", "alphabeta"] {
        let out = searchlab(
            &[
                "solve",
                "tictactoe",
                "x../.o./..x",
                "--all-moves",
                "--algo",
                algo,
                "--format",
                "json",
            ],
            "",
        );
        let j = json(&out);
        let moves: Vec<(String, i64)> = j["move_values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["move"].as_str().unwrap().to_owned(),
                    m["value"].as_i64().unwrap(),
                )
            })
            .collect();
        // Against opposite corners o must take an edge: the corners lose.
        let expected = [
            ("(0,1)", 0),
            ("(0,2)", 100),
            ("(1,0)", 0),
            ("(1,2)", 0),
            ("(2,0)", 100),
            ("(2,1)", 0),
        ];
        let expected: Vec<(String, i64)> =
            expected.iter().map(|(m, v)| (m.to_string(), *v)).collect();
        assert_eq!(moves, expected, "{algo}");
        assert_eq!(j["best"], "(0,1)");
    }
}

#[test]
fn depth_limited_search_uses_the_seed_evaluation() {
    let out = searchlab(
        &[
            "solve",
            "tictactoe",
            "empty",
            "--max-depth",
            "1",
            "--format",
            "json",
        ],
        "",
    );
    let j = json(&out);
    assert_eq!(j["best"], "(1,1)"); // the centre: 4 lines through it
    assert_eq!(j["value"], 4);
    assert_eq!(j["exact"], false);
    let out = searchlab(
        &[
            "solve",
            "tictactoe",
            "empty",
            "--max-depth",
            "3",
            "--iterative",
        ],
        "",
    );
    assert!(text(&out.stdout).contains("estimate for x (depth-limited)"));
}

#[test]
fn goals() {
    let ask = |board: &str, goal: &str| {
        let out = searchlab(
            &[
                "solve",
                "tictactoe",
                board,
                "--goal",
                goal,
                "--format",
                "json",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        json(&out)["forced"].as_bool().unwrap()
    };
    // Empty 3x3: x can force nothing. Not even a draw: "force" means whatever o does, and o
    // can throw the game (the library checks this against brute force).
    assert!(!ask(".../.../...", "draw"));
    assert!(!ask(".../.../...", "win"));
    assert!(!ask(".../.../...", "lose"));
    // One square left, completing no line: the draw is forced.
    assert!(ask("xox/xoo/ox.", "draw"));
    assert!(!ask("xox/xoo/ox.", "win"));
    // x to move with two in a row, o blocking nothing: x can force a win.
    assert!(ask("xx./oo./...", "win"));
    let out = searchlab(
        &[
            "solve",
            "tictactoe",
            "xx./oo./...",
            "--goal",
            "win",
            "--side",
            "x",
        ],
        "",
    );
    assert!(text(&out.stdout).contains("yes: x can force a win"));
}

#[test]
fn bad_input_is_exit_status_2_with_a_message() {
    let cases: [(&[&str], &str); 8] = [
        (&["x.o/.x/..."], "row 2 has 2 squares, expected 3"),
        (&["x.o/.q./..."], "row 2, column 2: unknown character 'q'"),
        (&["xx./.../..."], "2 x and 0 o: impossible"),
        (&["xxx/oo./..."], "the game is over (x has a line)"),
        (&["x.o/.x./...", "--size", "4"], "3 rows, expected 4"),
        (
            &["x.o/.x./...", "--goal", "win", "--side", "x"],
            "--side x: it is o's turn",
        ),
        (&["empty", "--size", "9"], "need 1 <= k <= n <= 8"),
        (&[""], "empty board text"),
    ];
    for (args, message) in cases {
        let mut all = vec!["solve", "tictactoe"];
        all.extend_from_slice(args);
        let out = searchlab(&all, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"));
    }
}

#[test]
fn file_of_boards_answers_good_lines_and_names_bad_ones() {
    let input = "# two boards\nx.o/.x./...\n\nxx./.../...\n.../.x./...\n";
    let out = searchlab(&["solve", "tictactoe", "--file", "-"], input);
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("board x.o/.x./..."), "{stdout}");
    assert!(stdout.contains("\nboard .../.x./..."), "{stdout}");
    assert!(text(&out.stderr).contains("stdin: line 4: 2 x and 0 o"));
}

#[test]
fn json_batch_gives_a_bad_line_its_own_row_in_its_place() {
    let input = "x.o/.x./...\nxx./.../...\n# a comment\n.../.x./...\n";
    let out = searchlab(
        &["solve", "tictactoe", "--file", "-", "--format", "json"],
        input,
    );
    assert_eq!(out.status.code(), Some(2));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 3, "{}", text(&out.stdout));
    assert_eq!(rows[0]["line"], 1);
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[0]["best"], "(2,2)");
    assert_eq!(rows[1]["source"], "stdin");
    assert_eq!(rows[1]["line"], 2);
    assert_eq!(rows[1]["input"], "xx./.../...");
    assert_eq!(rows[1]["status"], "error");
    assert!(rows[1]["error"].as_str().unwrap().contains("2 x and 0 o"));
    assert_eq!(rows[2]["line"], 4);
    assert_eq!(rows[2]["status"], "solved");
    assert_eq!(rows[2]["value"], 0);
    assert!(text(&out.stderr).contains("stdin: line 2: 2 x and 0 o"));
}

#[test]
fn node_limit_stops_cleanly() {
    let out = searchlab(
        &[
            "solve",
            "tictactoe",
            "empty",
            "--size",
            "4",
            "--max-nodes",
            "100",
            "--format",
            "json",
        ],
        "",
    );
    // No answer: status 1 (the input is fine, so not 2).
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let j = json(&out);
    assert_eq!(j["status"], "stopped");
    assert_eq!(j["limit"], "node limit");
}

/// `solve tictactoe --file` reads POJ 1568's judge input as well as board lines: each case
/// is one instance named `case N`, and `--goal win` asks the judge's question of the whole
/// board, so x can force a win exactly where the judge names a square.
#[test]
fn solve_reads_the_judge_format_one_board_per_case() {
    let file = format!("{PUZZLES}poj1568.in");
    let args = ["solve", "tictactoe", "--file", &file, "--goal", "win"];
    let out = searchlab(&[&args[..], &["--format", "json"]].concat(), "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    let judge = std::fs::read_to_string(format!("{PUZZLES}poj1568.out")).unwrap();
    assert_eq!(rows.len(), judge.lines().count());
    for (i, (row, answer)) in rows.iter().zip(judge.lines()).enumerate() {
        assert_eq!(row["name"], format!("case {}", i + 1));
        assert_eq!(row["line"], [1, 6][i], "the line of the case's '?'");
        assert_eq!(row["forced"], answer != "#####", "{row}");
    }
    assert_eq!(rows[0]["input"], "..../.xo./.ox./....");
    // In text each board is named before its answer.
    let out = searchlab(&args, "");
    assert!(text(&out.stdout).starts_with("case 1:\nboard ..../.xo./.ox./...."));
    // A bad case is named by its line; the others are still answered (exit status 2).
    let bad = "?\n....\n.xq.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";
    let out = searchlab(&["solve", "tictactoe", "-f", "-", "--format", "json"], bad);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("stdin: line 3:"),
        "{}",
        text(&out.stderr)
    );
    let rows = json_lines(&out.stdout);
    assert_eq!(
        (rows[0]["status"].as_str(), rows[1]["name"].as_str()),
        (Some("error"), Some("case 2"))
    );
}
