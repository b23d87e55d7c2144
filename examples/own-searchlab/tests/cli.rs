//! The `own-searchlab` binary: the commands of `searchlab`, with the pancake puzzle and
//! anytime weighted A* in them.

use std::process::Command;

fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_own-searchlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

#[test]
fn list_shows_the_problem_and_the_algorithm() {
    let (out, err, code) = run(&["list"]);
    assert_eq!(code, Some(0), "{err}");
    let pancake = out
        .lines()
        .skip_while(|l| !l.starts_with("pancake"))
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(pancake.contains("awastar"), "{out}");
    assert!(
        out.contains("eight"),
        "the problems of searchlab stay: {out}"
    );
}

#[test]
fn solve_gives_the_fewest_flips() {
    let (out, err, code) = run(&["solve", "pancake", "3 1 2 4"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("2 moves: 3 2"), "{out}");
    let (out, err, code) = run(&["solve", "pancake", "--algo", "awastar", "5 3 1 4 2"]);
    assert_eq!(code, Some(0), "{err}");
    // 5 flips, the fewest (breadth-first search over the 120 stacks of 5 says so too).
    assert!(out.contains("\n  5 moves: "), "{out}");
    let (_, err, code) = run(&["solve", "pancake", "3 3 1"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("3 is repeated"), "{err}");
}

#[test]
fn bench_compares_its_algorithm_with_the_catalogue_s() {
    let (out, err, code) = run(&[
        "bench",
        "pancake",
        "pancake.txt",
        "--algo",
        "astar,idastar,awastar",
        "--format",
        "csv",
    ]);
    assert_eq!(code, Some(0), "{err}");
    for algo in ["astar", "idastar", "awastar"] {
        assert!(out.contains(algo), "{algo}: {out}");
    }
}

#[test]
fn help_and_completions_know_the_new_names() {
    let (out, _, code) = run(&["solve", "pancake", "--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("awastar") && out.contains("gap"), "{out}");
    let (out, _, code) = run(&["completions", "bash"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("own-searchlab") && out.contains("pancake"));
    let (out, _, code) = run(&["--version"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("own-searchlab "), "{out}");
}
