//! The tests a problem gets by joining the registry: they walk `searchlab list --format json`,
//! so a new problem is covered as soon as its registry line and its `puzzles/<name>/easy.txt`
//! (instances with their answers after `|`) exist.
//!
//! * The answer table: every problem x algorithm x heuristic on its small file agrees with
//!   the answers written there (the driver reports a different one as a WRONG ANSWER).
//! * The CLI contract: the same input rules, JSON rows of bad lines, exit statuses and empty
//!   input for every problem.

mod common;

use common::{json_lines, searchlab, searchlab_bytes, text};
use searchlab_toolkit::{Promise, SearchAlgorithm};
use serde_json::Value;

/// Every registered problem, as `searchlab list --format json` describes it.
fn problems() -> Vec<Value> {
    let out = searchlab(&["list", "--format", "json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    assert!(rows.len() >= 7, "{rows:?}");
    rows
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a name").to_owned())
        .collect()
}

/// The small instance file of a problem, relative to the workspace root.
fn easy_file(problem: &str) -> String {
    format!("puzzles/{problem}/easy.txt")
}

/// The instances of the small file (text without the answer), in order.
fn easy_instances(problem: &str) -> Vec<(String, String)> {
    let path = format!(
        "{}/../../{}",
        env!("CARGO_MANIFEST_DIR"),
        easy_file(problem)
    );
    let content = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{problem}: every problem brings {path}: {e}"));
    content
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (text, answer) = l
                .split_once('|')
                .unwrap_or_else(|| panic!("{problem}: every line of easy.txt has its answer: {l}"));
            (text.trim().to_owned(), answer.trim().to_owned())
        })
        .collect()
}

/// Heuristics too costly for a test: the 7-8 pattern databases take minutes and ~5.5 GB to
/// build (run by hand: `searchlab solve fifteen --file puzzles/fifteen/easy.txt --heuristic
/// pdb78`).
const TOO_COSTLY: &[&str] = &["pdb78"];

/// Algorithms that count actions or deepen without remembering states: on a problem with
/// cycles they cannot prove an instance unsolvable, only run into the node limit.
const NO_PROOF_OF_UNSOLVABILITY: &[&str] = &["iddfs", "idastar", "rbfs", "fringe", "dfbnb"];

#[test]
fn every_algorithm_and_heuristic_agrees_with_the_answer_table() {
    for p in problems() {
        let name = p["name"].as_str().unwrap();
        let instances = easy_instances(name);
        assert!(!instances.is_empty(), "{name}");
        let file = easy_file(name);
        let heuristics = names(&p["heuristics"]);
        for algo in names(&p["algorithms"]) {
            // Algorithms that take no heuristic run once; the catalogue says which, and what
            // each promises of its cost.
            let (uses, promise) = match algo.parse::<SearchAlgorithm>() {
                Ok(a) => (a.uses_heuristic(), a.promise()),
                Err(_) => (true, Promise::Optimal),
            };
            let hs: Vec<&String> = if uses {
                heuristics
                    .iter()
                    .filter(|h| !TOO_COSTLY.contains(&h.as_str()))
                    .collect()
            } else {
                heuristics.iter().take(1).collect()
            };
            for h in hs {
                let args = [
                    "solve",
                    name,
                    "--file",
                    &file,
                    "--algo",
                    &algo,
                    "--heuristic",
                    h,
                    "--max-nodes",
                    "200000",
                    "--format",
                    "json",
                ];
                let out = searchlab(&args, "");
                let stderr = text(&out.stderr);
                let what = format!("{name} {algo}/{h}");
                assert!(!stderr.contains("WRONG ANSWER"), "{what}: {stderr}");
                let rows = json_lines(&out.stdout);
                assert_eq!(rows.len(), instances.len(), "{what}: {stderr}");
                let mut answered = 0;
                for (row, (input, answer)) in rows.iter().zip(&instances) {
                    assert_eq!(row["input"].as_str(), Some(input.as_str()), "{what}");
                    assert_eq!(row["expected"].as_str(), Some(answer.as_str()), "{what}");
                    match row["status"].as_str().unwrap() {
                        "solved" => {
                            answered += 1;
                            // The driver compared it; compare again, as the table says.
                            let got = row["length"].to_string();
                            let exact = row.get("exact").is_none_or(|e| e != false);
                            let (cost, optimum) = (got.parse::<f64>(), answer.parse::<f64>());
                            match (promise, cost, optimum) {
                                // Never below the optimum; weighted A* within its weight.
                                (Promise::Bounded(w), Ok(c), Ok(o)) => assert!(
                                    c >= o - 1e-9 && c <= w.value() * o + 1e-9,
                                    "{what}: {input}: {c} not within {w} x {o}"
                                ),
                                (Promise::None, Ok(c), Ok(o)) => {
                                    assert!(c >= o - 1e-9, "{what}: {input}: {c} below {o}")
                                }
                                _ if exact => assert_eq!(&got, answer, "{what}: {input}"),
                                _ => {}
                            }
                        }
                        "unsolvable" => {
                            answered += 1;
                            assert_eq!(answer, "unsolvable", "{what}: {input}");
                        }
                        // MCTS chooses a move and proves no value: nothing to compare.
                        "chosen" => {
                            answered += 1;
                            assert!(row["length"].is_null(), "{what}: {input}");
                        }
                        "stopped" => {
                            // Only the node limit may stop a search here, and never one that
                            // should finish: an optimal algorithm with a heuristic on a small
                            // solvable instance.
                            // Beam search's width is its memory bound: when the beam dropped
                            // every way to the goal it reports the memory limit.
                            let limit = if promise == Promise::None && algo == "beam" {
                                ["node limit", "memory limit"].as_slice()
                            } else {
                                ["node limit"].as_slice()
                            };
                            assert!(
                                limit.contains(&row["limit"].as_str().unwrap_or_default()),
                                "{what}: {input}: {}",
                                row["limit"]
                            );
                            let provable = answer != "unsolvable"
                                || !NO_PROOF_OF_UNSOLVABILITY.contains(&algo.as_str());
                            assert!(
                                !(provable && uses && p["kind"] == "game"),
                                "{what}: a game search stopped on {input}"
                            );
                        }
                        other => panic!("{what}: status {other} for {input}: {stderr}"),
                    }
                }
                // Uninformed searches may run into the node limit on every instance of a
                // big puzzle (the 15-puzzle's are 30 moves deep); informed ones may not.
                assert!(answered > 0 || !uses, "{what}: no instance answered");
                let stopped = rows.len() - answered;
                let expected_code = if stopped > 0 { 1 } else { 0 };
                assert_eq!(out.status.code(), Some(expected_code), "{what}: {stderr}");
            }
        }
    }
}

/// The first instance of a problem's small file, without its answer.
fn good_line(problem: &str) -> String {
    easy_instances(problem).remove(0).0
}

#[test]
fn empty_input_is_bad_input_everywhere() {
    for p in problems() {
        let name = p["name"].as_str().unwrap();
        for input in ["", "\n# only a comment\n\n"] {
            let out = searchlab(&["solve", name], input);
            assert_eq!(out.status.code(), Some(2), "{name} {input:?}");
            assert!(text(&out.stderr).contains("no instances"), "{name}");
            assert!(out.stdout.is_empty(), "{name}");
        }
    }
}

#[test]
fn a_bad_line_gets_its_json_row_and_the_others_are_answered() {
    for p in problems() {
        let name = p["name"].as_str().unwrap();
        let good = good_line(name);
        let input = format!("{good}\nnot an instance\n{good}\n");
        let out = searchlab(&["solve", name, "--format", "json"], &input);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        let rows = json_lines(&out.stdout);
        assert_eq!(rows.len(), 3, "{name}: {stderr}");
        for (row, line) in rows.iter().zip([1, 2, 3]) {
            assert_eq!(row["source"], "stdin", "{name}");
            assert_eq!(row["line"], line, "{name}");
        }
        assert_eq!(rows[0]["status"], "solved", "{name}");
        assert_eq!(rows[2]["status"], "solved", "{name}");
        let bad = &rows[1];
        assert_eq!(bad["status"], "error", "{name}");
        assert_eq!(bad["input"], "not an instance", "{name}");
        let error = bad["error"].as_str().unwrap();
        assert!(
            !error.is_empty() && !error.contains('\n'),
            "{name}: {error}"
        );
        assert!(
            stderr.contains(&format!("searchlab: stdin: line 2: {error}")),
            "{name}: {stderr}"
        );
        // Every row has the shared fields, in the same order for every problem.
        let keys: Vec<&String> = rows[0].as_object().unwrap().keys().collect();
        let shared = [
            "source",
            "line",
            "input",
            "problem",
            "instance",
            "algorithm",
            "heuristic",
            "status",
            "limit",
            "moves",
            "length",
            "expected",
            "stats",
        ];
        assert_eq!(&keys[..shared.len()], &shared, "{name}");
        assert_eq!(rows[0]["problem"], name);
    }
}

#[test]
fn exit_statuses_and_the_expected_answer_are_the_same_everywhere() {
    for p in problems() {
        let name = p["name"].as_str().unwrap();
        let good = good_line(name);
        // An answer: 0; the instance as an argument has no line.
        let out = searchlab(&["solve", name, &good, "--format", "json"], "");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        let rows = json_lines(&out.stdout);
        assert_eq!(rows[0]["source"], "argument 1", "{name}");
        assert!(rows[0]["line"].is_null(), "{name}");
        // A limit that stops the search: 1, and the text says which limit.
        let out = searchlab(&["solve", name, &good, "--max-nodes", "0"], "");
        assert_eq!(out.status.code(), Some(1), "{name}: {}", text(&out.stdout));
        assert!(
            text(&out.stdout).contains("stopped by the node limit"),
            "{name}: {}",
            text(&out.stdout)
        );
        // A different expected answer: a WRONG ANSWER, 1.
        let out = searchlab(&["solve", name], &format!("{good} | 424242\n"));
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(
            text(&out.stderr).contains("stdin: line 1: WRONG ANSWER: expected 424242"),
            "{name}: {}",
            text(&out.stderr)
        );
        // The right one: 0.
        let answer = easy_instances(name).remove(0).1;
        let out = searchlab(&["solve", name], &format!("{good} | {answer}\n"));
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        // An option value the problem does not know: clap's usage error, 2.
        let out = searchlab(&["solve", name, &good, "--algo", "nonesuch"], "");
        assert_eq!(out.status.code(), Some(2), "{name}");
    }
}

#[test]
fn input_is_bytes_with_a_bom_skipped_and_bad_files_named() {
    for p in problems() {
        let name = p["name"].as_str().unwrap();
        let good = good_line(name);
        // A line that is not UTF-8 is one bad line; the others are answered.
        let mut input = format!("{good}\n").into_bytes();
        input.extend_from_slice(b"caf\xe9\n");
        input.extend_from_slice(format!("{good}\n").as_bytes());
        let out = searchlab_bytes(&["solve", name, "--format", "json"], &input);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let rows = json_lines(&out.stdout);
        let status: Vec<&str> = rows.iter().map(|r| r["status"].as_str().unwrap()).collect();
        assert_eq!(status, ["solved", "error", "solved"], "{name}");
        assert!(
            rows[1]["error"].as_str().unwrap().contains("UTF-8"),
            "{name}"
        );
        // A byte-order mark at the start is skipped.
        let out = searchlab_bytes(
            &["solve", name, "--format", "json"],
            format!("\u{feff}{good}\n").as_bytes(),
        );
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        assert_eq!(json_lines(&out.stdout)[0]["input"], good.as_str(), "{name}");
        // A missing file is bad input for itself alone.
        let file = easy_file(name);
        let out = searchlab(
            &[
                "solve", name, "--file", "nope.txt", "--file", &file, "--format", "json",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(
            text(&out.stderr).contains("nope.txt: cannot read nope.txt"),
            "{name}"
        );
        let rows = json_lines(&out.stdout);
        assert_eq!(rows.len(), 1 + easy_instances(name).len(), "{name}");
        assert_eq!(rows[0]["status"], "error", "{name}");
        assert!(
            rows[1..]
                .iter()
                .all(|r| r["status"] == "solved" || r["status"] == "unsolvable"),
            "{name}"
        );
    }
}
