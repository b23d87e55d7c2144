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

/// `searchlab completions SHELL` prints a script that completes every command and problem,
/// from the clap definitions; an unknown shell is refused (exit 2).
#[test]
fn completions_cover_every_command_and_problem() {
    let out = searchlab(&["completions", "bash"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let script = text(&out.stdout);
    assert!(
        script.contains("complete -F _searchlab"),
        "not a bash script"
    );
    for word in [
        "solve",
        "gen",
        "match",
        "play",
        "eight",
        "tictactoe",
        "--heuristic",
    ] {
        assert!(script.contains(word), "{word} is not completed");
    }
    let out = searchlab(&["completions", "fish"], "");
    assert!(text(&out.stdout).contains("complete -c searchlab"));
    assert_eq!(
        searchlab(&["completions", "cmd.exe"], "").status.code(),
        Some(2)
    );
}

/// `searchlab man` prints a roff man page naming the tool and its commands.
#[test]
fn the_man_page_is_roff_with_every_command() {
    let out = searchlab(&["man"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(
        page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH searchlab"),
        "{page}"
    );
    for word in [
        ".SH NAME",
        ".SH SUBCOMMANDS",
        "searchlab\\-solve",
        "searchlab\\-judge",
    ] {
        assert!(page.contains(word), "{word} missing");
    }
}
