//! MCTS and aspiration windows through `searchlab solve` and `bench` (issue 16): MCTS runs on
//! every game of the registry, answers a chosen move with the root's visits, says it proves no
//! value, is never marked wrong against an expected value, and gives the same answer for the
//! same seed; `alphabeta:aspiration=W` gives alpha-beta's values.

mod common;

use common::{json_lines, searchlab, text};
use serde_json::Value;

/// One instance of each game, as its `solve` reads it.
const GAMES: [(&str, &str); 4] = [
    ("tictactoe", "x.o/.x./..."),
    (
        "triangle",
        "4-8 2-5 5-8 6-9 3-6 7-8 8-9 4-7 5-6 5-9 2-3 6-10 4-5",
    ),
    ("connect4", "7422341735647741166133573473242566"),
    ("gametree", "((3,5),(6,(9,1)))"),
];

#[test]
fn every_game_of_the_registry_is_covered_here() {
    let out = searchlab(&["list", "--format", "json"], "");
    let games: Vec<String> = json_lines(&out.stdout)
        .into_iter()
        .filter(|r| r["kind"] == "game")
        .map(|r| r["name"].as_str().unwrap().to_owned())
        .collect();
    for g in &games {
        assert!(GAMES.iter().any(|(n, _)| n == g), "{g} has no MCTS test");
    }
    // And every game lists mcts among its algorithms.
    for r in json_lines(&out.stdout)
        .iter()
        .filter(|r| r["kind"] == "game")
    {
        let algos = r["algorithms"].as_array().unwrap();
        assert!(algos.iter().any(|a| a == "mcts"), "{r}");
    }
}

#[test]
fn mcts_answers_a_chosen_move_with_visits_on_every_game_deterministically() {
    for (game, instance) in GAMES {
        let run = || {
            // An expected value that MCTS cannot match: it is still not called wrong.
            let line = format!("{instance} | 12345");
            let out = searchlab(
                &[
                    "solve",
                    game,
                    "-",
                    "--algo",
                    "mcts:playouts=300;seed=11",
                    "--format",
                    "json",
                ],
                &line,
            );
            assert_eq!(out.status.code(), Some(0), "{game}: {}", text(&out.stderr));
            assert!(!text(&out.stderr).contains("WRONG"), "{game}");
            let rows = json_lines(&out.stdout);
            assert_eq!(rows.len(), 1, "{game}");
            rows[0].clone()
        };
        let row = run();
        assert_eq!(row["status"], "chosen", "{game}: {row}");
        assert_eq!(row["length"], Value::Null, "{game}: no value");
        assert_eq!(row["proves_value"], false);
        assert_eq!(row["stats"]["expanded"], 300, "{game}: nodes = playouts");
        let visits = row["visits"].as_array().unwrap();
        let total: u64 = visits.iter().map(|v| v["visits"].as_u64().unwrap()).sum();
        assert_eq!(total, 300, "{game}: every playout passes one root move");
        assert_eq!(row["best"], row["moves"], "{game}");
        let again = run();
        assert_eq!(
            (&again["best"], &again["visits"]),
            (&row["best"], &row["visits"]),
            "{game}: the same seed, the same run"
        );
        // The text says what MCTS is.
        let out = searchlab(&["solve", game, instance, "--algo", "mcts:playouts=50"], "");
        assert!(
            text(&out.stdout).contains("MCTS does not prove a value"),
            "{game}: {}",
            text(&out.stdout)
        );
    }
}

#[test]
fn bad_mcts_and_aspiration_settings_are_bad_input() {
    for (algo, says) in [
        ("mcts:playouts=0", "playouts=0"),
        ("mcts:depth=3", "no option `depth`"),
        ("alphabeta:aspiration=0", "aspiration=0"),
        ("pvs:aspiration=2", "takes no parameter"),
    ] {
        let out = searchlab(&["solve", "tictactoe", "x.o/.x./...", "--algo", algo], "");
        assert_eq!(out.status.code(), Some(2), "{algo}");
        assert!(
            text(&out.stderr).contains(says),
            "{algo}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn aspiration_windows_give_alphabetas_values() {
    for (game, file) in [
        ("tictactoe", "puzzles/tictactoe/easy.txt"),
        ("triangle", "puzzles/triangle/easy.txt"),
    ] {
        let values = |algo: &str| {
            let out = searchlab(
                &[
                    "solve", game, "--file", file, "--algo", algo, "--format", "json",
                ],
                "",
            );
            assert_eq!(
                out.status.code(),
                Some(0),
                "{game} {algo}: {}",
                text(&out.stderr)
            );
            json_lines(&out.stdout)
                .iter()
                .map(|r| r["length"].clone())
                .collect::<Vec<_>>()
        };
        let reference = values("alphabeta");
        assert!(!reference.is_empty());
        for w in ["1", "3", "20"] {
            assert_eq!(
                values(&format!("alphabeta:aspiration={w}")),
                reference,
                "{game} {w}"
            );
        }
    }
}

#[test]
fn bench_runs_mcts_beside_the_solvers_without_calling_it_wrong() {
    let out = searchlab(
        &[
            "bench",
            "tictactoe",
            "puzzles/tictactoe/easy.txt",
            "--algo",
            "alphabeta,alphabeta:aspiration=2,mcts:playouts=100;seed=3",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("DISAGREEMENT"));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("mcts:playouts=100;seed=3"), "{stdout}");
}
