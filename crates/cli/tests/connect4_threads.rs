//! `solve connect4 --threads 2`: the root split gives every expected score of a Pons test set
//! (exact and weak), and a bad thread count is refused.

mod common;

use common::{json_lines, searchlab, text};

#[test]
fn two_threads_give_every_expected_score() {
    let lines: Vec<&str> = include_str!("../../../puzzles/connect4/Test_L2_R1")
        .lines()
        .take(60)
        .collect();
    let input = lines.join("\n") + "\n";
    for extra in [&[][..], &["--weak"][..]] {
        let mut args = vec!["solve", "connect4", "--threads", "2", "--format", "json"];
        args.extend_from_slice(extra);
        let out = searchlab(&args, &input);
        // Exit 0: every score equals the line's expected one (the driver compares them).
        assert!(out.status.success(), "{extra:?}: {}", text(&out.stderr));
        let rows = json_lines(&out.stdout);
        assert_eq!(rows.len(), 60);
        assert!(rows.iter().all(|r| r["status"] == "solved"), "{extra:?}");
    }
    let out = searchlab(&["solve", "connect4", "4", "--threads", "5000"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--threads 5000"),
        "{}",
        text(&out.stderr)
    );
}
