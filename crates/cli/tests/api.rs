//! The library entry point for bindings ([`searchlab_cli::api`]) answers as the command does:
//! for every registered problem, the first instance of its `easy.txt` solved through the API
//! gives the JSON row and the text that `searchlab solve` prints (times masked), `problems`
//! is `searchlab list --format json`, and `generate` is `searchlab gen`.

mod common;

use common::searchlab;
use regex::Regex;
use searchlab_cli::api::{self, SolveRequest};
use serde_json::Value;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The first instance line of `puzzles/NAME/easy.txt`, if the problem has one a line.
fn first_instance(name: &str) -> Option<String> {
    let text = std::fs::read_to_string(format!("{ROOT}/puzzles/{name}/easy.txt")).ok()?;
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))?;
    Some(line.to_owned())
}

/// A JSON row without its times (the only fields that differ between two runs).
fn timeless(mut row: Value) -> Value {
    if let Some(stats) = row.get_mut("stats").and_then(Value::as_object_mut) {
        stats.retain(|k, _| {
            !["seconds", "time", "memory", "bytes"]
                .iter()
                .any(|t| k.contains(t))
        });
    }
    row
}

#[test]
fn solve_gives_the_row_and_text_of_the_command_for_every_problem() {
    // Instances name files relative to the workspace root, as the command's tests run it.
    std::env::set_current_dir(ROOT).unwrap();
    let time = Regex::new(r"time [0-9.]+ ?[a-zµ]+").unwrap();
    let mut checked = 0;
    for problem in api::problems() {
        let Some(line) = first_instance(problem.name) else {
            continue;
        };
        let request = SolveRequest::default();
        let out = searchlab(&["solve", problem.name, &line, "--format", "json"], "");
        let solved = match api::solve(problem.name, &line, &request) {
            Ok(solved) => solved,
            // A whole-input problem (a game tree) reads no `| expected` in an argument: the
            // command refuses the line too, with the same message.
            Err(e) => {
                assert!(e.bad_input, "{}: {e}", problem.name);
                assert_eq!(out.status.code(), Some(2), "{}", problem.name);
                let stderr = String::from_utf8_lossy(&out.stderr);
                let first = e.message.lines().next().unwrap();
                assert!(stderr.contains(first), "{}: {stderr}", problem.name);
                continue;
            }
        };
        let row: Value = serde_json::from_slice(&out.stdout).expect("one JSON row");
        assert_eq!(
            timeless(solved.json.clone()),
            timeless(row),
            "{}",
            problem.name
        );
        let out = searchlab(&["solve", problem.name, &line], "");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            time.replace_all(&solved.text, "time T"),
            time.replace_all(&text, "time T"),
            "{}",
            problem.name
        );
        // Every easy.txt line carries its answer, and the default algorithm is right.
        assert_eq!(solved.agrees, Some(true), "{}: {line}", problem.name);
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} problems checked");
}

#[test]
fn choices_and_bad_input_follow_the_command() {
    std::env::set_current_dir(ROOT).unwrap();
    let board = "2 3 4 1 5 x 7 6 8";
    let request = |algo: &str, heuristic: &str| SolveRequest {
        algorithm: Some(algo.into()),
        heuristic: Some(heuristic.into()),
        ..SolveRequest::default()
    };
    // An algorithm with its parameter, another heuristic: the row names them as --algo does.
    let solved = api::solve("eight", board, &request("wastar:3/2", "misplaced")).unwrap();
    let out = searchlab(
        &[
            "solve",
            "eight",
            board,
            "--algo",
            "wastar:3/2",
            "--heuristic",
            "misplaced",
            "--format",
            "json",
        ],
        "",
    );
    let row: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(timeless(solved.json), timeless(row));
    // A limit stops the search as --max-nodes does.
    let mut limited = request("astar", "manhattan");
    limited.limits.max_nodes = Some(10);
    let solved = api::solve("eight", board, &limited).unwrap();
    assert_eq!(solved.json["status"], "stopped");
    assert_eq!(solved.json["limit"], "node limit");
    // Bad input of every kind is an error marked as bad input, naming what is wrong.
    for (problem, line, request, says) in [
        (
            "nine",
            board,
            SolveRequest::default(),
            "unknown problem 'nine'",
        ),
        ("eight", "1 2 3", SolveRequest::default(), "argument 1"),
        ("eight", board, request("nosuch", "manhattan"), "nosuch"),
        (
            "eight",
            board,
            request("astar", "nosuch"),
            "invalid heuristic 'nosuch'",
        ),
        (
            "eight",
            board,
            SolveRequest {
                options: vec![("colour".into(), "red".into())],
                ..SolveRequest::default()
            },
            "unknown option 'colour'",
        ),
    ] {
        let e = api::solve(problem, line, &request).unwrap_err();
        assert!(e.bad_input, "{e}");
        assert!(e.message.contains(says), "{e}");
    }
}

#[test]
fn problems_and_generate_are_list_and_gen() {
    let out = searchlab(&["list", "--format", "json"], "");
    let listed: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let problems = api::problems();
    assert_eq!(problems.len(), listed.len());
    for (p, row) in problems.iter().zip(&listed) {
        assert_eq!(row["name"], p.name);
        assert_eq!(row["kind"], p.kind);
        assert_eq!(row["summary"], p.summary);
        assert_eq!(row["algorithms"], serde_json::json!(p.algorithms));
        assert_eq!(row["default_algorithm"], p.default_algorithm);
        let heuristics: Vec<&str> = p.heuristics.iter().map(|h| h.0).collect();
        assert_eq!(row["heuristics"], serde_json::json!(heuristics));
        assert_eq!(row["default_heuristic"], p.default_heuristic);
    }
    for p in &problems {
        let out = searchlab(&["gen", p.name, "--count", "3", "--seed", "7"], "");
        match api::generate(p.name, 3, 7, &[]) {
            Ok(lines) => {
                let printed: Vec<&str> =
                    std::str::from_utf8(&out.stdout).unwrap().lines().collect();
                assert_eq!(lines, printed, "{}", p.name);
            }
            // A generator that needs an option (grid: its map) refuses as the command does.
            Err(e) => {
                assert!(e.bad_input, "{}: {e}", p.name);
                assert_eq!(out.status.code(), Some(2), "{}", p.name);
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(stderr.contains(&e.message), "{}: {stderr}", p.name);
            }
        }
    }
    let e = api::generate("eight", 1, 1, &[("nosuch".into(), "1".into())]).unwrap_err();
    assert!(
        e.bad_input && e.message.contains("unknown option 'nosuch'"),
        "{e}"
    );
}

#[test]
fn bench_gives_the_rows_of_the_command() {
    std::env::set_current_dir(ROOT).unwrap();
    let request = api::BenchRequest {
        files: vec!["puzzles/eight/easy.txt".into()],
        algorithms: vec!["astar".into(), "idastar".into()],
        ..api::BenchRequest::default()
    };
    let benched = api::bench("eight", &request).unwrap();
    assert_eq!(benched.status, 0, "{}", benched.messages);
    let out = searchlab(
        &[
            "bench",
            "eight",
            "puzzles/eight/easy.txt",
            "--algo",
            "astar,idastar",
            "--format",
            "csv",
        ],
        "",
    );
    // Every column but the time and the peak heap is the command's (found by name: more
    // columns follow them).
    let untimed = |csv: &str| -> Vec<String> {
        let header: Vec<&str> = csv.lines().next().unwrap_or("").split(',').collect();
        let timed = |i: usize| matches!(header.get(i), Some(&"seconds" | &"peak_bytes"));
        csv.lines()
            .map(|l| {
                let cells = l.split(',').enumerate();
                let kept: Vec<&str> = cells.map(|(i, c)| if timed(i) { "-" } else { c }).collect();
                kept.join(",")
            })
            .collect()
    };
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(untimed(&benched.csv), untimed(&printed));
    // One row object per CSV row, with the CSV's columns as keys.
    assert_eq!(benched.rows.len() + 1, printed.lines().count());
    let header: Vec<&str> = printed.lines().next().unwrap().split(',').collect();
    for (row, line) in benched.rows.iter().zip(printed.lines().skip(1)) {
        let keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, header);
        let expanded = line.split(',').nth(9).unwrap();
        assert_eq!(row["expanded"].to_string(), expanded);
    }
    let bad = api::BenchRequest {
        algorithms: vec!["nosuch".into()],
        ..request
    };
    let bad = api::bench("eight", &bad).unwrap_err();
    assert!(bad.bad_input && bad.message.contains("nosuch"), "{bad}");
    let none = api::bench("eight", &api::BenchRequest::default()).unwrap_err();
    assert!(none.bad_input, "{none}");
}
