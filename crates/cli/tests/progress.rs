//! Every `searchlab solve` batch shows its progress on a terminal only: run with stdout and
//! stderr piped (as scripts and these tests do), stderr holds exactly the messages about bad
//! input and nothing of a progress bar or spinner (no carriage return, no escape sequence).

mod common;

use common::{searchlab, text};

/// What a terminal progress display writes and a pipe must never receive.
fn assert_no_control_characters(what: &str, bytes: &[u8]) {
    for (i, &b) in bytes.iter().enumerate() {
        assert!(
            b == b'\n' || !b.is_ascii_control(),
            "{what}: control character {b:#04x} at byte {i}: {:?}",
            text(bytes)
        );
    }
}

/// Runs a batch with one good and one bad instance and checks that stderr is exactly
/// `expected_stderr`, that stdout has answers, and that neither carries terminal drawing.
fn check_batch(args: &[&str], stdin: &str, expected_stderr: &str) {
    let out = searchlab(args, stdin);
    assert_eq!(text(&out.stderr), expected_stderr, "stderr of {args:?}");
    assert_eq!(out.status.code(), Some(2), "a bad line exits 2: {args:?}");
    assert!(
        !out.stdout.is_empty(),
        "the good instance is answered: {args:?}"
    );
    assert_no_control_characters("stdout", &out.stdout);
    assert_no_control_characters("stderr", &out.stderr);
}

#[test]
fn eight_batch_prints_only_its_messages_on_a_pipe() {
    let input = "1 2 3 4 5 6 7 x 8\n1 2 3\n";
    let message = "searchlab: stdin: line 2: expected 9 tiles, found 3\n";
    check_batch(&["solve", "eight"], input, message);
    check_batch(&["solve", "eight", "--format", "json"], input, message);
}

#[test]
fn fifteen_batch_prints_only_its_messages_on_a_pipe() {
    let input = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\nfoo\n";
    check_batch(
        &[
            "solve",
            "fifteen",
            "--heuristic",
            "manhattan",
            "--file",
            "-",
        ],
        input,
        "searchlab: stdin: line 2: expected 16 tiles, found 1\n",
    );
}

#[test]
fn rotation_batch_prints_only_its_messages_on_a_pipe() {
    let input = "1 1 3 3 3 3 1 2 2 2 1 2 2 1 3 3 2 2 1 3 1 2 3 1\n1 2 3\n";
    check_batch(
        &["solve", "rotation", "--file", "-"],
        input,
        "searchlab: stdin: line 2: expected 24 numbers, found 3\n",
    );
}

#[test]
fn tictactoe_batch_prints_only_its_messages_on_a_pipe() {
    check_batch(
        &["solve", "tictactoe", "--file", "-"],
        "x.o/.x./...\nxxx/xxx/xxx\n",
        "searchlab: stdin: line 2: 9 x and 0 o: impossible, \
         x moves first so it has as many stones as o or one more\n",
    );
}

#[test]
fn triangle_batch_prints_only_its_messages_on_a_pipe() {
    // Game 1 is the judge sample's first game, game 2 has too few moves.
    let input = "2\n6\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n1\n1 2\n";
    check_batch(
        &["solve", "triangle", "--file", "-"],
        input,
        "searchlab: stdin: line 9: game 2: move count 1 is out of range 6..=18\n",
    );
}

#[test]
fn a_clean_batch_is_silent_on_a_pipe() {
    let out = searchlab(&["solve", "eight", "--file", "puzzles/eight/easy.txt"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(!out.stdout.is_empty());
    assert_eq!(text(&out.stderr), "", "nothing on stderr when all is well");
    assert_no_control_characters("stdout", &out.stdout);
}
