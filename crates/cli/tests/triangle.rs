//! `searchlab judge 1085` and `searchlab solve triangle` end to end.

mod common;

use common::{json_lines, searchlab, text};

const SAMPLE_IN: &str = include_str!("../../../puzzles/triangle/poj1085.in");
const SAMPLE_OUT: &str = include_str!("../../../puzzles/triangle/poj1085.out");
const POSITIONS_IN: &str = include_str!("../../../puzzles/triangle/positions.in");
const POSITIONS_OUT: &str = include_str!("../../../puzzles/triangle/positions.out");

#[test]
fn judge_reproduces_the_sample_byte_for_byte() {
    let out = searchlab(&["judge", "1085"], SAMPLE_IN);
    assert_eq!(text(&out.stdout), SAMPLE_OUT);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
}

#[test]
fn judge_answers_the_stored_positions() {
    let out = searchlab(&["judge", "1085"], POSITIONS_IN);
    assert_eq!(text(&out.stdout), POSITIONS_OUT);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn judge_reports_bad_games_and_answers_the_others() {
    // Game 2 draws a non-segment, game 3 draws 2-3 twice; games 1 and 4 are the sample's 3 and 2.
    let input = "4\n\
                 6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n\
                 6\n1 2\n2 3\n1 3\n2 4\n2 5\n1 6\n\
                 6\n1 2\n2 3\n1 3\n2 4\n2 5\n2 3\n\
                 7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n";
    let out = searchlab(&["judge", "1085"], input);
    assert_eq!(text(&out.stdout), "Game 1: A wins.\nGame 4: A wins.\n");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("game 2, line 15: 1-6 is not one of the 18 segments"),
        "{err}"
    );
    assert!(
        err.contains("game 3, line 22: segment 2-3 is drawn twice (first on line 18)"),
        "{err}"
    );
}

#[test]
fn judge_reports_a_bad_move_count_and_a_truncated_last_game() {
    let input = "3\n20\n1 2\n\n\n";
    let out = searchlab(&["judge", "1085"], input);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("game 1, line 2: move count 20 is out of range 6..=18"),
        "{err}"
    );

    let input = "2\n6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n7\n1 2\n2 3\n";
    let out = searchlab(&["judge", "1085"], input);
    assert_eq!(text(&out.stdout), "Game 1: A wins.\n");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("game 2, line 11: the input ends after 2 of its 7 moves"),
        "{err}"
    );
}

#[test]
fn solve_the_empty_board() {
    let out = searchlab(&["solve", "triangle", "empty"], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Perfect play: B wins 6-3 (final margin A-B -3)."),
        "{stdout}"
    );
    assert!(stdout.contains("A to move"), "{stdout}");
}

#[test]
fn solve_a_position_as_json() {
    let out = searchlab(
        &[
            "solve",
            "triangle",
            "2-4 4-5 5-9 3-6,2-5 3-5",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 1, "one line for one position");
    let v = &rows[0];
    assert_eq!(v["source"], "argument 1");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["input"], "2-4 4-5 5-9 3-6,2-5 3-5");
    assert_eq!(v["played"].as_array().unwrap().len(), 6);
    // The sample's game 1: B wins.
    assert_eq!(v["winner"], "B");
    assert_eq!(v["to_move"], "B");
    assert_eq!(v["score"]["A"], 1);
    let margin = v["margin"].as_i64().unwrap();
    assert!(margin < 0);
    let values = v["move_values"].as_array().unwrap();
    assert_eq!(values.len(), 12);
    // The best moves are exactly the moves achieving the margin.
    let best: Vec<&str> = values
        .iter()
        .filter(|m| m["margin"].as_i64() == Some(margin))
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    let listed: Vec<&str> = v["best_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(best, listed);
}

#[test]
fn solve_rejects_bad_moves() {
    let out = searchlab(&["solve", "triangle", "1-2 1-5"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("move 2: 1-5 is not one of the 18 segments"));
    let out = searchlab(&["solve", "triangle", "1-2 2-1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("move 2 (1-2): segment 1-2 is already drawn"));
}

#[test]
fn solve_a_file_from_stdin() {
    let out = searchlab(&["solve", "triangle", "--file", "-"], SAMPLE_IN);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    for (k, winner) in [(1, "B"), (2, "A"), (3, "A"), (4, "B")] {
        assert!(stdout.contains(&format!("game {k}:\n")), "{stdout}");
        let block = stdout.split(&format!("game {k}:\n")).nth(1).unwrap();
        assert!(
            block.contains(&format!("Perfect play: {winner} wins")),
            "{block}"
        );
    }
}

#[test]
fn json_batch_gives_a_bad_game_its_own_row_in_its_place() {
    // Games 1 and 3 are the sample's 3 and 2; game 2 draws 1-6, not a segment, on line 15.
    let input = "3\n\
                 6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n\
                 6\n1 2\n2 3\n1 3\n2 4\n2 5\n1 6\n\
                 7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n";
    let out = searchlab(
        &["solve", "triangle", "--file", "-", "--format", "json"],
        input,
    );
    assert_eq!(out.status.code(), Some(2));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 3, "{}", text(&out.stdout));
    for (row, line) in rows.iter().zip([2, 15, 16]) {
        assert_eq!(row["source"], "stdin");
        assert_eq!(row["line"], line);
    }
    assert_eq!(rows[0]["name"], "game 1");
    assert_eq!(rows[2]["name"], "game 3");
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[0]["winner"], "A");
    assert_eq!(rows[1]["status"], "error");
    assert!(
        rows[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("game 2: 1-6 is not one of the 18 segments"),
        "{}",
        rows[1]
    );
    assert_eq!(rows[2]["status"], "solved");
    assert_eq!(rows[2]["winner"], "A");
    assert!(
        text(&out.stderr)
            .contains("searchlab: stdin: line 15: game 2: 1-6 is not one of the 18 segments")
    );

    // Data after the announced games is bad too: its row comes last, with no game.
    let out = searchlab(
        &["solve", "triangle", "--file", "-", "--format", "json"],
        "1\n6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n9\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[1]["status"], "error");
    assert_eq!(rows[1]["line"], 9);
    assert!(rows[1]["game"].is_null());
}

/// `--file` also reads move lists, one position per line: the files of puzzles/triangle (which
/// bench reads) and of `gen triangle`; a bad line is reported and the others answered.
#[test]
fn solve_a_file_of_move_lists() {
    let easy = include_str!("../../../puzzles/triangle/easy.txt");
    let out = searchlab(
        &["solve", "triangle", "--file", "-", "--format", "json"],
        easy,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    let lines: Vec<&str> = easy
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(rows.len(), lines.len());
    for (row, line) in rows.iter().zip(&lines) {
        assert_eq!(row["status"], "solved");
        assert_eq!(row["input"], line.split('|').next().unwrap().trim());
    }
    let out = searchlab(
        &["solve", "triangle", "--file", "-", "--format", "json"],
        "# two positions\n2-4 4-5\n1-9 2-3\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let rows = json_lines(&out.stdout);
    assert_eq!(
        (rows[0]["line"].as_u64(), rows[0]["margin"].as_i64()),
        (Some(2), Some(-1))
    );
    assert_eq!(
        (rows[1]["line"].as_u64(), &rows[1]["status"]),
        (Some(3), &"error".into())
    );
    assert!(text(&out.stderr).contains("stdin: line 3: move 1: 1-9 is not one of the 18 segments"));
}
