//! `searchlab solve connect4` and `searchlab gen connect4`, run as a user runs them: Pons'
//! test-set format as instance files, --all-moves, --weak, the minimax guard.

mod common;

use common::{json_lines, searchlab, text};

/// Pons' first end-game position (Test_L3_R1, line 1): o to move loses to x's last stone.
const L3: &str = "2252576253462244111563365343671351441";

#[test]
fn a_test_set_in_pons_format_is_checked_against_its_scores() {
    let set = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../puzzles/connect4/Test_L3_R1"
    ))
    .unwrap();
    let first: String = set.lines().take(50).map(|l| format!("{l}\n")).collect();
    let out = searchlab(&["solve", "connect4", "--format", "json"], &first);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 50);
    for (row, line) in rows.iter().zip(set.lines()) {
        let (moves, score) = line.split_once(' ').unwrap();
        assert_eq!(row["input"], moves);
        assert_eq!(row["expected"], score);
        assert_eq!(row["score"].to_string(), score, "{line}");
    }
    // A wrong score in the file is a WRONG ANSWER, named by its line.
    let out = searchlab(&["solve", "connect4"], &format!("# c\n{L3} 2\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("stdin: line 2: WRONG ANSWER: expected 2, got -1"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn all_moves_scores_every_column_and_marks_full_ones() {
    let out = searchlab(&["solve", "connect4", L3, "--all-moves"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("score -1: x wins with its last stone"),
        "{stdout}"
    );
    assert!(stdout.contains("best column: 6"), "{stdout}");
    assert!(
        stdout.contains("columns: 1 -, 2 -, 3 -, 4 -, 5 -, 6 -1, 7 -2"),
        "{stdout}"
    );
    // minimax with the plain rules (the oracle) values the columns alike.
    for h in ["threats", "plain"] {
        let out = searchlab(
            &[
                "solve",
                "connect4",
                L3,
                "--all-moves",
                "--algo",
                "minimax",
                "--heuristic",
                h,
                "--format",
                "json",
            ],
            "",
        );
        let row = &json_lines(&out.stdout)[0];
        assert_eq!(
            row["columns"],
            serde_json::json!([null, null, null, null, null, -1, -2]),
            "{h}"
        );
        assert_eq!(row["best"], serde_json::json!([6]), "{h}");
    }
}

#[test]
fn weak_gives_the_sign_and_checks_the_sign_of_an_expected_score() {
    let out = searchlab(
        &["solve", "connect4", "--weak", "--format", "json"],
        &format!("{L3} -1\n7422341735647741166133573473242566 | 1\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows[0]["score"], -1);
    assert_eq!(rows[0]["meaning"], "x wins");
    assert_eq!(rows[0]["exact"], false);
    let out = searchlab(
        &["solve", "connect4", "--weak"],
        "7422341735647741166133573473242566 | -1\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("WRONG ANSWER: expected -1, got 1"));
}

#[test]
fn minimax_is_refused_far_from_the_end_and_bad_positions_are_named() {
    let out = searchlab(&["solve", "connect4", "4453", "--algo", "minimax"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("at most 14 empty cells, and one here has 38"),
        "{}",
        text(&out.stderr)
    );
    let out = searchlab(
        &["solve", "connect4", "--format", "json"],
        "48\n1212121\n44 99\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let errors: Vec<String> = json_lines(&out.stdout)
        .iter()
        .map(|r| r["error"].as_str().unwrap().to_owned())
        .collect();
    assert!(errors[0].contains("column 8 is out of range"), "{errors:?}");
    assert!(errors[1].contains("the game is over"), "{errors:?}");
    assert!(errors[2].contains("outside"), "{errors:?}");
}

#[test]
fn generated_positions_carry_scores_the_solver_confirms() {
    let out = searchlab(
        &[
            "gen", "connect4", "--count", "6", "--stones", "30-34", "--seed", "7",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    assert_eq!(lines.lines().count(), 6);
    for line in lines.lines() {
        let moves = line.split_whitespace().next().unwrap();
        assert!((30..=34).contains(&moves.len()), "{line}");
    }
    // Same seed, same positions; solved by minimax (an independent search) to the same scores.
    let again = searchlab(
        &[
            "gen", "connect4", "--count", "6", "--stones", "30-34", "--seed", "7",
        ],
        "",
    );
    assert_eq!(again.stdout, out.stdout);
    let out = searchlab(&["solve", "connect4", "--algo", "minimax"], &lines);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}
