//! Issue 32 through the binary: every depth-first search on a graph with a zero-cost cycle
//! (IDA* overflowed its stack and aborted the batch) and on unsolvable instances (IDA*, IDDFS
//! and RBFS ran forever); the registry walk: an unsolvable instance of every puzzle with every
//! algorithm; outputs that are inputs are refused before any work.

mod common;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{json_lines, searchlab, text};

/// A scratch folder of this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-df-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_depth_first_search_survives_the_issues_zero_cost_cycle() {
    let dir = scratch("zc");
    let graph = dir.join("zc.txt");
    std::fs::write(&graph, "A B 1\nA C 0\nC D 0\nD A 0\n").unwrap();
    let g = graph.to_str().unwrap();
    for algo in ["idastar", "iddfs", "rbfs", "dfbnb", "astar"] {
        let out = searchlab(&["solve", "graph", "--graph", g, "A B", "--algo", algo], "");
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("cost 1: A -> B"), "{algo}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unsolvable_instances_end_for_every_depth_first_search() {
    for algo in ["idastar", "iddfs", "rbfs", "dfbnb"] {
        let out = searchlab(&["solve", "waterjug", "2 4 : 3", "--algo", algo], "");
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("unsolvable"), "{algo}");
    }
    let dir = scratch("wall");
    let map = dir.join("wall.map");
    std::fs::write(
        &map,
        "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n..@..\n",
    )
    .unwrap();
    let query = format!("{} 0 0 4 0", map.display());
    for algo in ["idastar", "rbfs", "dfbnb"] {
        let out = searchlab(&["solve", "grid", &query, "--algo", algo], "");
        assert_eq!(out.status.code(), Some(0), "{algo}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("no path"), "{algo}");
    }
    // An output that is an input is refused before any work, and the input is left whole.
    let out = searchlab(
        &["solve", "grid", &query, "--draw", map.to_str().unwrap()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is an input of this run"));
    assert!(
        std::fs::read_to_string(&map)
            .unwrap()
            .starts_with("type octile")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `searchlab ARGS` from the workspace root, killed (a failure: a hang) after `within`.
fn within(args: &[&str], within: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    while child.try_wait().expect("waitable").is_none() {
        if start.elapsed() > within {
            child.kill().expect("killable");
            panic!(
                "searchlab {}: still running after {within:?} (a hang)",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the binary finishes")
}

/// An unsolvable, well-formed instance of each puzzle of the registry, with the flags it
/// needs; `None` for a puzzle with none (the reason in the comment).
fn unsolvable_instance(problem: &str, dir: &std::path::Path) -> Option<Vec<String>> {
    let owned = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect();
    match problem {
        // The goal with two tiles swapped: the wrong permutation parity.
        "eight" => Some(owned(&["2 1 3 4 5 6 7 8 x"])),
        "fifteen" => Some(owned(&[
            "x 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "--heuristic",
            "manhattan",
        ])),
        "twentyfour" => Some(owned(&[
            "x 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
            "--heuristic",
            "manhattan",
        ])),
        // POJ 2286 answers every board: each of the three digits can fill the centre.
        "rotation" => None,
        "waterjug" => Some(owned(&["2 4 : 3"])),
        "graph" => {
            let g = dir.join("two-parts.txt");
            std::fs::write(
                &g,
                "A B 1\nB C 2\nC A 0\nD E 1\nxy A 0 0\nxy B 1 0\nxy C 2 0\nxy D 0 5\nxy E 1 5\n",
            )
            .unwrap();
            Some(vec![
                "--graph".into(),
                g.display().to_string(),
                "A E".into(),
                "--heuristic".into(),
                "euclidean".into(),
            ])
        }
        "grid" => {
            let map = dir.join("wall.map");
            std::fs::write(
                &map,
                "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n..@..\n",
            )
            .unwrap();
            Some(vec![format!("{} 0 0 4 0", map.display())])
        }
        other => panic!(
            "{other}: a puzzle of the registry without an unsolvable instance here: add one (or say why it has none)"
        ),
    }
}

#[test]
fn every_puzzle_answers_an_unsolvable_instance_with_every_algorithm() {
    let dir = scratch("registry");
    let listed = searchlab(&["list", "--format", "json"], "");
    let mut runs = 0;
    for problem in json_lines(&listed.stdout) {
        if problem["kind"] != "puzzle" {
            // A game position always has a value: nothing is unsolvable.
            continue;
        }
        let name = problem["name"].as_str().unwrap();
        let Some(instance) = unsolvable_instance(name, &dir) else {
            continue;
        };
        for algo in problem["algorithms"].as_array().unwrap() {
            let algo = algo.as_str().unwrap();
            let mut args = vec![
                "solve",
                name,
                "--algo",
                algo,
                "--max-nodes",
                "200000",
                "--timeout",
                "20",
            ];
            args.extend(instance.iter().map(String::as_str));
            let out = within(&args, Duration::from_secs(120));
            let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
            let said = match out.status.code() {
                Some(0) => stdout.contains("unsolvable") || stdout.contains("no path"),
                // Stopped by a limit: an outcome, never a wrong answer.
                Some(1) => stdout.contains("stopped by the") && !stdout.contains("WRONG"),
                _ => false,
            };
            assert!(
                said,
                "{name} --algo {algo}: exit {:?}\n{stdout}\n{stderr}",
                out.status.code()
            );
            runs += 1;
        }
    }
    assert!(runs >= 60, "{runs} runs");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_of_the_water_jugs_with_every_algorithm_finishes() {
    let listed = searchlab(&["list", "--format", "json"], "");
    let rows = json_lines(&listed.stdout);
    let jugs = rows
        .iter()
        .find(|p| p["name"] == "waterjug")
        .expect("waterjug is registered");
    let algos: Vec<&str> = jugs["algorithms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    let algos = algos.join(",");
    let out = within(
        &[
            "bench",
            "waterjug",
            "puzzles/waterjug/easy.txt",
            "--algo",
            &algos,
        ],
        Duration::from_secs(120),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("agreement: every answered instance has one answer"));
}
