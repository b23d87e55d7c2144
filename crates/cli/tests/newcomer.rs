//! The mistakes a newcomer makes first get one clear message each (issue 31).

mod common;

use common::{searchlab, text};

#[test]
fn an_unquoted_board_gets_one_message_saying_to_quote_it() {
    let out = searchlab(
        &[
            "solve", "eight", "1", "2", "3", "4", "5", "6", "7", "x", "8",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("quote it") && err.contains("\"1 2 3 4 5 6 7 x 8\""),
        "{err}"
    );
    // Two quoted boards are two instances, as before.
    let out = searchlab(
        &["solve", "eight", "1 2 3 4 5 6 7 x 8", "1 2 3 4 5 6 7 8 x"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn a_misspelt_algorithm_gets_a_suggestion_in_solve_and_bench() {
    let out = searchlab(
        &["solve", "eight", "1 2 3 4 5 6 7 x 8", "--algo", "idastr"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("did you mean idastar?"),
        "{}",
        text(&out.stderr)
    );
    let args = [
        "bench",
        "eight",
        "puzzles/eight/easy.txt",
        "--algo",
        "idastr",
    ];
    let out = searchlab(&args, "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("did you mean idastar?"), "{err}");
    // One short line, not every algorithm's summary (it was 1,000 characters).
    assert!(err.len() < 250 && err.lines().count() == 1, "{err}");
}

#[test]
fn a_negative_timeout_is_refused_by_its_own_message() {
    let out = searchlab(
        &["solve", "eight", "1 2 3 4 5 6 7 x 8", "--timeout", "-1"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(!err.contains("-- -1"), "{err}");
    assert!(
        err.contains("--timeout") && err.contains("number of seconds"),
        "{err}"
    );
}

#[test]
fn one_move_is_singular() {
    let out = searchlab(&["solve", "eight", "1 2 3 4 5 6 7 x 8"], "");
    assert!(
        text(&out.stdout).contains("  1 move: r\n"),
        "{}",
        text(&out.stdout)
    );
}

/// Work known to take hours says so on stderr before it starts.
#[test]
fn long_work_is_announced_before_it_starts() {
    let args = [
        "solve",
        "tictactoe",
        "empty",
        "--size",
        "5",
        "--max-nodes",
        "1000",
    ];
    let out = searchlab(&args, "");
    let err = text(&out.stderr);
    assert!(err.starts_with("warning: a 5 x 5 board"), "{err}");
    assert!(err.contains("HOURS"), "{err}");
    // The 4 x 4 board is quick: no warning.
    let out = searchlab(
        &[
            "solve",
            "tictactoe",
            "empty",
            "--size",
            "4",
            "--max-nodes",
            "10",
        ],
        "",
    );
    assert!(
        !text(&out.stderr).contains("warning"),
        "{}",
        text(&out.stderr)
    );
    // A match whose strategy solves every Connect Four move: the warning comes first (the
    // match itself would run for hours, so it is stopped once the warning is read).
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args([
            "match",
            "connect4",
            "--a",
            "alphabeta",
            "--b",
            "random",
            "--games",
            "1",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    let stderr = child.stderr.take().unwrap();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stderr), &mut first).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        first.starts_with("warning: --a alphabeta searches to the end"),
        "{first}"
    );
}
