//! `searchlab help stats` prints the statistics' definitions; `help COMMAND` still prints a
//! command's help, and an unknown topic is bad input.

mod common;

use common::{searchlab, text};

#[test]
fn help_stats_defines_the_statistics() {
    let out = searchlab(&["help", "stats"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    for label in [
        "expanded",
        "generated",
        "max frontier",
        "iterations",
        "cutoffs",
    ] {
        assert!(page.contains(&format!("\n{label} (key")), "{label}: {page}");
    }
}

#[test]
fn help_of_a_command_and_a_bad_topic() {
    let out = searchlab(&["help", "solve", "fifteen"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("--heuristic"));
    let bad = searchlab(&["help", "nope"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("'nope'"));
}
