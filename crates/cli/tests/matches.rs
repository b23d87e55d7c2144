//! `searchlab match`: deterministic for a seed, colours alternating, perfect play never losing
//! and keeping the value of every position, openings files checked line by line.

mod common;

use common::{searchlab, text};
use serde_json::Value;

/// Runs a match with `--format json` and returns its object with the thinking times removed
/// (the only part that changes from run to run: the total and the longest move).
fn match_json(args: &[&str]) -> Value {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let out = searchlab(&all, "");
    assert!(
        out.status.success(),
        "{:?} failed: {}",
        all,
        text(&out.stderr)
    );
    let mut v: Value = serde_json::from_str(text(&out.stdout).trim()).expect("one JSON object");
    for side in ["a", "b"] {
        let side = v[side].as_object_mut().unwrap();
        side.remove("time_s");
        side.remove("max_move_s");
    }
    v
}

#[test]
fn the_same_seed_plays_the_same_match() {
    let args = [
        "tictactoe",
        "--a",
        "mcts:playouts=100",
        "--b",
        "random",
        "--games",
        "12",
        "--seed",
        "7",
    ];
    let first = match_json(&args);
    let second = match_json(&args);
    assert_eq!(first, second);
    // Another seed draws other openings (and other playouts): the games differ.
    let mut other = args;
    other[8] = "8";
    assert_ne!(first["games"], match_json(&other)["games"]);
    // The table too, but for its time column.
    let table = |seed: &str| {
        let out = searchlab(
            &[
                "match",
                "tictactoe",
                "--a",
                "pvs:depth=3",
                "--b",
                "random",
                "--games",
                "6",
                "--seed",
                seed,
            ],
            "",
        );
        assert!(out.status.success());
        text(&out.stdout)
            .lines()
            .map(|l| l.rsplit_once("  ").map_or(l, |(head, _)| head).to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(table("3"), table("3"));
}

#[test]
fn colours_alternate_over_each_opening() {
    let v = match_json(&[
        "triangle",
        "--a",
        "alphabeta:depth=2",
        "--b",
        "random",
        "--games",
        "6",
        "--plies",
        "3",
    ]);
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["a_plays"], if i % 2 == 0 { "A" } else { "B" }, "game {i}");
        assert_eq!(g["opening_plies"], 3);
    }
    for pair in games.chunks(2) {
        // Both games of a pair start with the same three segments.
        let opening = |g: &Value| {
            g["moves"]
                .as_str()
                .unwrap()
                .split(' ')
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(pair[0]["opening"], pair[1]["opening"]);
        assert_eq!(opening(&pair[0]), opening(&pair[1]));
    }
    // Wins, draws and losses add up, and the score counts a draw as half.
    let (w, d, l) = (
        v["wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
        v["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 6);
    assert_eq!(v["score"].as_f64().unwrap(), w as f64 + d as f64 / 2.0);
}

#[test]
fn perfect_play_never_loses_and_keeps_every_value() {
    // From the start (--plies 0): a random opening may hand A a lost position as o.
    let v = match_json(&[
        "tictactoe",
        "--a",
        "alphabeta",
        "--b",
        "random",
        "--games",
        "40",
        "--seed",
        "11",
        "--plies",
        "0",
    ]);
    assert_eq!(v["losses"], 0, "{v}");
    assert!(
        v["wins"].as_u64().unwrap() > 0,
        "random loses some games: {v}"
    );
    assert_eq!(v["a"]["accuracy"], 1.0);
    let b = v["b"]["accuracy"].as_f64().unwrap();
    assert!(b < 1.0, "random keeps the value of every position? {b}");
    // PVS to the end is perfect too, and so is alpha-beta in Triangle War (margins kept).
    let v = match_json(&[
        "tictactoe",
        "--a",
        "pvs",
        "--b",
        "mcts:playouts=50",
        "--games",
        "8",
        "--plies",
        "0",
    ]);
    assert_eq!(v["losses"], 0);
    assert_eq!(v["a"]["accuracy"], 1.0);
    let v = match_json(&[
        "triangle",
        "--a",
        "alphabeta",
        "--b",
        "random",
        "--games",
        "4",
    ]);
    assert_eq!(v["a"]["accuracy"], 1.0);
    // Two perfect players on 3x3: every game is a draw from the start.
    let v = match_json(&[
        "tictactoe",
        "--a",
        "alphabeta",
        "--b",
        "pvs",
        "--games",
        "4",
        "--plies",
        "0",
    ]);
    assert_eq!(v["draws"], 4);
    assert_eq!(v["elo"]["diff"], 0.0);
}

#[test]
fn four_by_four_takes_the_games_own_options() {
    let v = match_json(&[
        "tictactoe",
        "--size",
        "4",
        "--a",
        "alphabeta:depth=2",
        "--b",
        "random",
        "--games",
        "2",
    ]);
    let moves = v["games"][0]["moves"].as_str().unwrap();
    assert!(moves.contains("(3,") || moves.contains(",3)"), "{moves}");
}

fn openings_file(name: &str, content: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, content).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn given_openings_are_played_in_turn() {
    let path = openings_file(
        "openings_good.txt",
        "# corners and centre\n(1,1)\n\nx../.o./...   # a board, as instances write it\n",
    );
    let v = match_json(&[
        "tictactoe",
        "--a",
        "alphabeta",
        "--b",
        "random",
        "--games",
        "6",
        "--openings",
        &path,
    ]);
    let games = v["games"].as_array().unwrap();
    let starts: Vec<&str> = games.iter().map(|g| g["moves"].as_str().unwrap()).collect();
    assert!(starts[0].starts_with("(1,1) "), "{starts:?}");
    assert!(starts[2].starts_with("(0,0) (1,1) "), "{starts:?}");
    assert!(starts[4].starts_with("(1,1) "), "cycles: {starts:?}");
    assert_eq!(games[2]["opening_plies"], 2);
}

#[test]
fn a_bad_opening_is_refused_with_its_line() {
    for (content, line, what) in [
        ("(1,1)\n# fine so far\n(1,1) (1,1)\n", 3, "taken"),
        ("(0,0)\nxxx/oo./...\n", 2, "ends the game"),
        ("(0,0)\n(5,1)\n", 2, "off the 3x3 board"),
        ("x.q/.../...\n", 1, "q"),
    ] {
        let path = openings_file("openings_bad.txt", content);
        let out = searchlab(
            &[
                "match",
                "tictactoe",
                "--a",
                "random",
                "--b",
                "random",
                "--openings",
                &path,
            ],
            "",
        );
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{content:?}: {err}");
        assert!(err.contains(&format!("line {line}:")), "{content:?}: {err}");
        assert!(err.contains(what), "{content:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    let path = openings_file("openings_tri.txt", "2-4 4-5\n2-4 2-4\n");
    let out = searchlab(
        &[
            "match",
            "triangle",
            "--a",
            "random",
            "--b",
            "random",
            "--openings",
            &path,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 2:"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_bad_strategy_is_refused() {
    for (spec, what) in [
        ("negamax", "unknown strategy"),
        ("mcts:playout=5", "no option `playout`"),
        ("alphabeta:depth=x", "depth=x"),
        ("mcts:playouts=0", "playouts=0"),
    ] {
        let out = searchlab(&["match", "tictactoe", "--a", spec, "--b", "random"], "");
        assert_eq!(out.status.code(), Some(2), "{spec}");
        assert!(
            text(&out.stderr).contains(what),
            "{spec}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn random_openings_that_end_every_game_are_refused() {
    // Nine plies fill the 3x3 board: no opening of that length leaves a game to play.
    let out = searchlab(
        &[
            "match",
            "tictactoe",
            "--a",
            "random",
            "--b",
            "random",
            "--plies",
            "9",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no random opening of 9 plies"),
        "{}",
        text(&out.stderr)
    );
}
