//! Issue 13's CLI items: messages that say what is wrong, limits refused clearly, cheap
//! failures before expensive setup.

mod common;

use common::{searchlab, searchlab_env, text};

#[test]
fn a_malformed_board_is_named_before_any_table_is_built() {
    // An empty cache directory: were the 6-6-3 databases built first, this would take ~15 s
    // and print their build lines.
    let dir = std::env::temp_dir().join(format!("searchlab-robust-{}", std::process::id()));
    let cache = dir.to_string_lossy().into_owned();
    let out = searchlab_env(
        &["solve", "fifteen", "1 2 3"],
        "",
        &[("SEARCHLAB_CACHE", &cache)],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("argument 1: expected 16 tiles, found 3"),
        "{stderr}"
    );
    assert!(!stderr.contains("pdb663"), "{stderr}");
    assert!(!dir.exists());
}

#[test]
fn judge_messages_say_what_is_wrong_and_where() {
    let out = searchlab(
        &["judge", "2286"],
        "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 -1\n0\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "searchlab: line 1: number 24 is -1, out of range: the symbols are 1, 2 and 3\n"
    );
    // A move line with one dot is named, not the line after it.
    let out = searchlab(&["judge", "1085"], "1\n6\n1 2\n2 3\n1 3\n2 4\n2\n4 5\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "searchlab: game 1, line 7: a move is two dots `i j` on one line, found only `2`\n"
    );
    let out = searchlab(&["judge", "1085"], "1\n6\n1 2\n2 3\n1 3\n2 4\n2 5\n4\n");
    assert!(text(&out.stderr).contains("game 1, line 8: a move is two dots"));
}

#[test]
fn limits_that_make_no_sense_are_refused_clearly() {
    let board = "2 3 4 1 5 x 7 6 8";
    for timeout in ["1e309", "inf", "-1", "1e30"] {
        let flag = format!("--timeout={timeout}");
        let out = searchlab(&["solve", "eight", board, &flag], "");
        assert_eq!(out.status.code(), Some(2), "{timeout}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("expected a number of seconds from 0 to"),
            "{stderr}"
        );
        // What the user typed, not what it parsed to (1e309 is not echoed as `inf`).
        assert!(stderr.contains(&format!("'{timeout}': ")), "{stderr}");
    }
    let out = searchlab(&["solve", "eight", board, "--max-memory", "lots"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("expected a size like 4G"));
    let out = searchlab(&["solve", "eight", board, "--max-memory", "512M"], "");
    assert_eq!(out.status.code(), Some(0));
    let out = searchlab(
        &[
            "bench",
            "rotation",
            "puzzles/rotation/easy.txt",
            "--jobs",
            "10000",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--jobs 10000: expected 1 to"));
}

#[test]
fn an_empty_board_must_be_named() {
    for problem in ["tictactoe", "triangle"] {
        let out = searchlab(&["solve", problem, ""], "");
        assert_eq!(out.status.code(), Some(2), "{problem}");
        let out = searchlab(&["solve", problem, "empty"], "");
        assert_eq!(out.status.code(), Some(0), "{problem}");
    }
}
