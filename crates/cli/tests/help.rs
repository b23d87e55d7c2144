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

/// A subcommand's help names the whole command in its usage line (issue 31: `help solve
/// fifteen` said `Usage: fifteen [OPTIONS]`), and the top-level help lists `solve` first.
#[test]
fn usage_lines_name_the_whole_command_and_solve_comes_first() {
    for (topic, usage) in [
        (&["solve", "fifteen"][..], "Usage: searchlab solve fifteen "),
        (&["bench"], "Usage: searchlab bench "),
        (&["gen", "eight"], "Usage: searchlab gen eight "),
    ] {
        let mut args = vec!["help"];
        args.extend_from_slice(topic);
        let out = searchlab(&args, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains(usage),
            "{topic:?}: {}",
            text(&out.stdout)
        );
    }
    let out = searchlab(&["--help"], "");
    let page = text(&out.stdout);
    let commands: Vec<&str> = page
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(commands.first(), Some(&"solve"), "{page}");
    let at = |c: &str| commands.iter().position(|x| *x == c).unwrap();
    assert!(
        at("solve") < at("bench") && at("bench") < at("judge"),
        "{commands:?}"
    );
}

/// `searchlab man --dir DIR` writes a page per command, including the pages the top page
/// names (issue 31: `searchlab-solve(1)` did not exist).
#[test]
fn man_dir_writes_a_page_per_command() {
    let dir = std::env::temp_dir().join(format!("searchlab-man-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = searchlab(&["man", "--dir", dir.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    for page in [
        "searchlab.1",
        "searchlab-solve.1",
        "searchlab-solve-eight.1",
        "searchlab-bench.1",
        "searchlab-report.1",
        "searchlab-match-connect4.1",
    ] {
        let roff = std::fs::read_to_string(dir.join(page)).unwrap_or_default();
        assert!(roff.contains(".SH NAME"), "{page}: {roff}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let missing = searchlab(&["man", "--dir", "/nonexistent/man1"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("/nonexistent/man1"));
}

/// Bash completion offers the algorithm names after `--algo`, never file names.
#[test]
fn algo_completion_offers_algorithm_names() {
    let out = searchlab(&["completions", "bash"], "");
    let script = text(&out.stdout);
    let mut after_algo = script
        .lines()
        .zip(script.lines().skip(1))
        .filter(|(l, _)| l.trim() == "--algo)")
        .map(|(_, next)| next.trim().to_owned())
        .peekable();
    assert!(after_algo.peek().is_some(), "no --algo completion");
    for line in after_algo {
        assert!(!line.contains("compgen -f"), "{line}");
    }
    assert!(script.contains("compgen -W \"astar "), "{script}");
}
