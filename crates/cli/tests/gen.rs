//! `searchlab gen fifteen`, `gen tictactoe` and `gen triangle`, run as a user runs them: the
//! output is reproducible, legal, and accepted by `searchlab solve` and `searchlab bench`.

mod common;

use std::collections::BTreeSet;

use common::{searchlab, text};
use searchlab_npuzzle::{Board, Fifteen};
use searchlab_tictactoe::Geometry;
use searchlab_triangle::input::position_from_moves;

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/");

/// Runs `searchlab gen ARGS`, expecting success; returns standard output.
fn generate(args: &[&str]) -> String {
    let mut all = vec!["gen"];
    all.extend_from_slice(args);
    let out = searchlab(&all, "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// The instance lines of a puzzle file (comments dropped).
fn instances(path: &str) -> String {
    let content = std::fs::read_to_string(format!("{PUZZLES}{path}")).unwrap();
    content
        .lines()
        .filter(|l| !l.starts_with('#'))
        // The instance without the answer the file writes after it.
        .map(|l| format!("{}\n", l.split('|').next().unwrap_or(l).trim_end()))
        .collect()
}

/// puzzles/README.md with every run of spaces squeezed to one (its commands are aligned).
fn readme() -> String {
    let content = std::fs::read_to_string(format!("{PUZZLES}README.md")).unwrap();
    content
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every number under a key `length` in a JSON document or in JSON lines, wherever it is.
fn lengths(output: &str) -> Vec<u64> {
    fn walk(v: &serde_json::Value, out: &mut Vec<u64>) {
        match v {
            serde_json::Value::Object(map) => {
                if let Some(n) = map.get("length").and_then(serde_json::Value::as_u64) {
                    out.push(n);
                }
                map.values().for_each(|v| walk(v, out));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    match serde_json::from_str::<serde_json::Value>(output) {
        Ok(v) => walk(&v, &mut out),
        Err(_) => output
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .for_each(|v| walk(&v, &mut out)),
    }
    out
}

#[test]
fn fifteen_is_reproducible_and_solvable_for_the_chosen_goal() {
    let a = generate(&["fifteen", "--count", "20", "--seed", "3"]);
    assert_eq!(a, generate(&["fifteen", "--count", "20", "--seed", "3"]));
    assert_ne!(a, generate(&["fifteen", "--count", "20", "--seed", "4"]));
    let last = generate(&[
        "fifteen",
        "--count",
        "20",
        "--seed",
        "3",
        "--goal",
        "blank-last",
    ]);
    for (text, puzzle) in [(&a, Fifteen::blank_first()), (&last, Fifteen::standard())] {
        assert_eq!(text.lines().count(), 20);
        let boards: BTreeSet<_> = text.lines().collect();
        assert!(boards.len() > 15, "uniform boards hardly repeat:\n{text}");
        for line in text.lines() {
            let board = Board::<16>::parse(line).unwrap();
            assert!(puzzle.is_solvable(&board), "{line}");
        }
    }
}

#[test]
fn fifteen_depth_boards_are_solved_within_their_depth() {
    let boards = generate(&["fifteen", "--count", "25", "--seed", "5", "--depth", "14"]);
    assert_eq!(boards.lines().count(), 25);
    // `solve fifteen` reads standard input when given neither boards nor --file.
    let args = [
        "solve",
        "fifteen",
        "--heuristic",
        "manhattan",
        "--format",
        "json",
    ];
    let out = searchlab(&args, &boards);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let found = lengths(&text(&out.stdout));
    assert_eq!(found.len(), 25, "{}", text(&out.stdout));
    assert!(found.iter().all(|&n| n <= 14), "{found:?}");
    assert!(found.iter().any(|&n| n > 0));

    let file = std::env::temp_dir().join(format!("searchlab-gen-{}.txt", std::process::id()));
    std::fs::write(&file, &boards).unwrap();
    let path = file.to_str().unwrap();
    let out = searchlab(
        &[
            "solve",
            "fifteen",
            "--heuristic",
            "manhattan",
            "--file",
            path,
        ],
        "",
    );
    std::fs::remove_file(&file).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let benched = searchlab(
        &["bench", "fifteen", "-", "--heuristic", "manhattan"],
        &boards,
    );
    assert_eq!(benched.status.code(), Some(0), "{}", text(&benched.stderr));
}

#[test]
fn fifteen_reproduces_the_easy_and_medium_sets() {
    let readme = readme();
    for (file, seed, depth) in [("easy", "7", "30"), ("medium", "8", "60")] {
        let command = format!("fifteen --count 30 --seed {seed} --depth {depth}");
        assert!(readme.contains(&command), "README lacks `{command}`");
        let got = generate(&["fifteen", "--count", "30", "--seed", seed, "--depth", depth]);
        assert_eq!(got, instances(&format!("fifteen/{file}.txt")), "{file}");
    }
}

/// Checks generated tic-tac-toe positions with the library: distinct, `plies` stones each with
/// x first, nobody has a line, the board not full.
fn check_tictactoe(output: &str, n: usize, plies: &[u32]) {
    let geometry = Geometry::new(n, n).unwrap();
    let mut seen = BTreeSet::new();
    for (i, line) in output.lines().enumerate() {
        let board = geometry.parse(line).unwrap();
        assert!(!geometry.is_over(&board), "{line} is finished");
        assert_eq!(board.count(), plies[i % plies.len()], "{line}");
        assert!(seen.insert(board), "{line} repeats");
    }
}

#[test]
fn tictactoe_positions_are_reproducible_legal_distinct_and_solved() {
    let a = generate(&[
        "tictactoe",
        "--count",
        "40",
        "--seed",
        "9",
        "--plies",
        "2-5",
    ]);
    assert_eq!(a.lines().count(), 40);
    assert_eq!(
        a,
        generate(&[
            "tictactoe",
            "--count",
            "40",
            "--seed",
            "9",
            "--plies",
            "2-5"
        ])
    );
    assert_ne!(
        a,
        generate(&[
            "tictactoe",
            "--count",
            "40",
            "--seed",
            "10",
            "--plies",
            "2-5"
        ])
    );
    check_tictactoe(&a, 3, &[2, 3, 4, 5]);
    // Every unfinished 3 x 3 position after 8 plies, and no more.
    let all = generate(&["tictactoe", "--count", "222", "--plies", "8"]);
    check_tictactoe(&all, 3, &[8]);

    let big = generate(&[
        "tictactoe",
        "--size",
        "4",
        "--count",
        "12",
        "--seed",
        "2",
        "--plies",
        "6-9",
    ]);
    check_tictactoe(&big, 4, &[6, 7, 8, 9]);

    for positions in [&a, &big] {
        let out = searchlab(&["solve", "tictactoe", "--file", "-"], positions);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
        let benched = searchlab(&["bench", "tictactoe", "-"], positions);
        assert_eq!(benched.status.code(), Some(0), "{}", text(&benched.stderr));
    }
}

#[test]
fn tictactoe_reproduces_the_hard_set() {
    let readme = readme();
    let command = "tictactoe --count 15 --seed 3 --size 4 --plies 1-4";
    assert!(readme.contains(command), "README lacks `{command}`");
    let args = [
        "tictactoe",
        "--count",
        "15",
        "--seed",
        "3",
        "--size",
        "4",
        "--plies",
        "1-4",
    ];
    let got = format!("..../..../..../....\n{}", generate(&args));
    assert_eq!(got, instances("tictactoe/hard.txt"));
}

#[test]
fn triangle_games_are_reproducible_legal_and_solved() {
    let a = generate(&[
        "triangle", "--count", "30", "--seed", "4", "--moves", "1-17",
    ]);
    assert_eq!(a.lines().count(), 30);
    assert_eq!(
        a,
        generate(&[
            "triangle", "--count", "30", "--seed", "4", "--moves", "1-17"
        ])
    );
    assert_ne!(
        a,
        generate(&[
            "triangle", "--count", "30", "--seed", "5", "--moves", "1-17"
        ])
    );
    let mut seen = BTreeSet::new();
    for (i, line) in a.lines().enumerate() {
        let (moves, position) = position_from_moves(line).unwrap();
        assert_eq!(moves.len(), 1 + i % 17, "{line}");
        assert!(!position.is_over(), "{line}");
        assert!(seen.insert(moves), "{line} repeats");
    }
    let benched = searchlab(&["bench", "triangle", "-"], &a);
    assert_eq!(benched.status.code(), Some(0), "{}", text(&benched.stderr));
    // A move list is also what `solve triangle` takes as arguments.
    let last = a.lines().last().unwrap();
    let mut args = vec!["solve", "triangle"];
    args.extend(last.split(' '));
    let out = searchlab(&args, "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    // The judge's format, for `solve triangle --file` and `judge 1085`.
    let judge = generate(&[
        "triangle", "--count", "12", "--seed", "4", "--moves", "6-17", "--format", "judge",
    ]);
    assert_eq!(judge.lines().next(), Some("12"));
    let out = searchlab(&["solve", "triangle", "--file", "-"], &judge);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
    let judged = searchlab(&["judge", "1085"], &judge);
    assert_eq!(judged.status.code(), Some(0), "{}", text(&judged.stderr));
    let answers: Vec<String> = text(&judged.stdout).lines().map(str::to_owned).collect();
    assert_eq!(answers.len(), 12);
    for (k, answer) in answers.iter().enumerate() {
        let a = format!("Game {}: A wins.", k + 1);
        let b = format!("Game {}: B wins.", k + 1);
        assert!(*answer == a || *answer == b, "{answer}");
    }
    // The same games as the move-list form of the same seed.
    let lines = generate(&[
        "triangle", "--count", "12", "--seed", "4", "--moves", "6-17",
    ]);
    let mut from_judge = String::new();
    let mut rest = judge.lines().skip(1);
    while let Some(m) = rest.next() {
        let m: usize = m.parse().unwrap();
        let pairs: Vec<String> = (0..m)
            .map(|_| rest.next().unwrap().replace(' ', "-"))
            .collect();
        from_judge.push_str(&pairs.join(" "));
        from_judge.push('\n');
    }
    assert_eq!(from_judge, lines);
}

#[test]
fn triangle_reproduces_the_three_sets() {
    let readme = readme();
    for (file, count, seed, moves) in [
        ("easy", "24", "4", "12-14"),
        ("medium", "24", "5", "7-9"),
        ("hard", "16", "6", "1-4"),
    ] {
        let command = format!("triangle --count {count} --seed {seed} --moves {moves}");
        assert!(readme.contains(&command), "README lacks `{command}`");
        let got = generate(&[
            "triangle", "--count", count, "--seed", seed, "--moves", moves,
        ]);
        assert_eq!(got, instances(&format!("triangle/{file}.txt")), "{file}");
    }
}

#[test]
fn bad_parameters_exit_2_with_a_message() {
    for (args, says) in [
        (&["tictactoe", "--size", "5"][..], "--size 5"),
        (&["tictactoe", "--plies", "9"], "--plies 9"),
        (
            &["tictactoe", "--size", "4", "--plies", "3-16"],
            "--plies 3-16",
        ),
        (
            &["tictactoe", "--plies", "1", "--count", "10"],
            "only 9 exist",
        ),
        (&["tictactoe", "--plies", "5-2"], "empty"),
        (&["tictactoe", "--plies", "two"], "not a whole number"),
        (&["triangle", "--moves", "18"], "--moves 18"),
        (
            &["triangle", "--moves", "3", "--format", "judge"],
            "at least 6",
        ),
        (
            &["triangle", "--moves", "1", "--count", "19"],
            "only 18 exist",
        ),
        (&["fifteen", "--goal", "middle"], "middle"),
    ] {
        let mut all = vec!["gen"];
        all.extend_from_slice(args);
        let out = searchlab(&all, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
