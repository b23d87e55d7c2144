//! `searchlab solve connect4`, `gen connect4`, `match connect4` and `play connect4`, run as a
//! user runs them: Pons' test-set format as instance files, --all-moves, --weak, the minimax
//! guard; matches between depth-limited alpha-beta, MCTS and random play; a game typed on stdin.

mod common;

use common::{json_lines, searchlab, text};

/// Pons' first end-game position (Test_L3_R1, line 1): o to move loses to x's last stone.
const L3: &str = "2252576253462244111563365343671351441";

#[test]
fn a_test_set_in_pons_format_is_checked_against_its_scores() {
    let set = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../puzzles/connect4/Test_L3_R1"
    ))
    .unwrap();
    let first: String = set.lines().take(50).map(|l| format!("{l}\n")).collect();
    let out = searchlab(&["solve", "connect4", "--format", "json"], &first);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows.len(), 50);
    for (row, line) in rows.iter().zip(set.lines()) {
        let (moves, score) = line.split_once(' ').unwrap();
        assert_eq!(row["input"], moves);
        assert_eq!(row["expected"], score);
        assert_eq!(row["score"].to_string(), score, "{line}");
    }
    // A wrong score in the file is a WRONG ANSWER, named by its line.
    let out = searchlab(&["solve", "connect4"], &format!("# c\n{L3} 2\n"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("stdin: line 2: WRONG ANSWER: expected 2, got -1"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn all_moves_scores_every_column_and_marks_full_ones() {
    let out = searchlab(&["solve", "connect4", L3, "--all-moves"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("score -1: x wins with its last stone"),
        "{stdout}"
    );
    assert!(stdout.contains("best column: 6"), "{stdout}");
    assert!(
        stdout.contains("columns: 1 -, 2 -, 3 -, 4 -, 5 -, 6 -1, 7 -2"),
        "{stdout}"
    );
    // minimax with the plain rules (the oracle) values the columns alike.
    for h in ["threats", "plain"] {
        let out = searchlab(
            &[
                "solve",
                "connect4",
                L3,
                "--all-moves",
                "--algo",
                "minimax",
                "--heuristic",
                h,
                "--format",
                "json",
            ],
            "",
        );
        let row = &json_lines(&out.stdout)[0];
        assert_eq!(
            row["columns"],
            serde_json::json!([null, null, null, null, null, -1, -2]),
            "{h}"
        );
        assert_eq!(row["best"], serde_json::json!([6]), "{h}");
    }
}

#[test]
fn weak_gives_the_sign_and_checks_the_sign_of_an_expected_score() {
    let out = searchlab(
        &["solve", "connect4", "--weak", "--format", "json"],
        &format!("{L3} -1\n7422341735647741166133573473242566 | 1\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    assert_eq!(rows[0]["score"], -1);
    assert_eq!(rows[0]["meaning"], "x wins");
    assert_eq!(rows[0]["exact"], false);
    let out = searchlab(
        &["solve", "connect4", "--weak"],
        "7422341735647741166133573473242566 | -1\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("WRONG ANSWER: expected -1, got 1"));
}

#[test]
fn minimax_is_refused_far_from_the_end_and_bad_positions_are_named() {
    let out = searchlab(&["solve", "connect4", "4453", "--algo", "minimax"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("at most 14 empty cells, and one here has 38"),
        "{}",
        text(&out.stderr)
    );
    let out = searchlab(
        &["solve", "connect4", "--format", "json"],
        "48\n1212121\n44 99\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let errors: Vec<String> = json_lines(&out.stdout)
        .iter()
        .map(|r| r["error"].as_str().unwrap().to_owned())
        .collect();
    assert!(errors[0].contains("column 8 is out of range"), "{errors:?}");
    assert!(errors[1].contains("the game is over"), "{errors:?}");
    assert!(errors[2].contains("outside"), "{errors:?}");
}

#[test]
fn generated_positions_carry_scores_the_solver_confirms() {
    let out = searchlab(
        &[
            "gen", "connect4", "--count", "6", "--stones", "30-34", "--seed", "7",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    assert_eq!(lines.lines().count(), 6);
    for line in lines.lines() {
        let moves = line.split_whitespace().next().unwrap();
        assert!((30..=34).contains(&moves.len()), "{line}");
    }
    // Same seed, same positions; solved by minimax (an independent search) to the same scores.
    let again = searchlab(
        &[
            "gen", "connect4", "--count", "6", "--stones", "30-34", "--seed", "7",
        ],
        "",
    );
    assert_eq!(again.stdout, out.stdout);
    let out = searchlab(&["solve", "connect4", "--algo", "minimax"], &lines);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// Runs `searchlab match connect4 ARGS --format json` and returns its object.
fn match_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["match", "connect4"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let out = searchlab(&all, "");
    assert!(out.status.success(), "{all:?}: {}", text(&out.stderr));
    serde_json::from_str(text(&out.stdout).trim()).expect("one JSON object")
}

#[test]
fn a_match_plays_whole_games_with_colours_swapped_and_no_accuracy() {
    let m = match_json(&[
        "--a",
        "alphabeta:depth=6",
        "--b",
        "mcts:playouts=300",
        "--games",
        "2",
    ]);
    let games = m["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["a_plays"], "x");
    assert_eq!(games[1]["a_plays"], "o");
    assert_eq!(games[0]["opening"], games[1]["opening"]);
    for g in games {
        // Each game is played to its end: four in a row or a full board, replayed here.
        let moves: String = g["moves"].as_str().unwrap().split(' ').collect();
        assert!(
            ["x wins", "o wins", "draw"].contains(&g["result"].as_str().unwrap()),
            "{g}"
        );
        let out = searchlab(&["solve", "connect4", &moves], "");
        assert!(
            text(&out.stderr).contains("the game is over")
                || (moves.len() == 42 && g["result"] == "draw"),
            "{moves}: {}",
            text(&out.stderr)
        );
    }
    // A perfect solver would take hours from an opening: no accuracy is claimed.
    assert!(m["a"]["accuracy"].is_null() && m["b"]["accuracy"].is_null());
    // The same seed plays the same games.
    let again = match_json(&[
        "--a",
        "alphabeta:depth=6",
        "--b",
        "mcts:playouts=300",
        "--games",
        "2",
    ]);
    assert_eq!(m["games"], again["games"]);
}

#[test]
fn depth_limited_alpha_beta_beats_random_play() {
    let m = match_json(&[
        "--a",
        "alphabeta:depth=4",
        "--b",
        "random",
        "--games",
        "6",
        "--seed",
        "3",
    ]);
    assert_eq!(m["wins"], 6, "{m}");
    // A deeper search outscores a shallow one over both colours of the same openings (it may
    // still lose a game: after some openings the first player wins whatever the second does).
    let m = match_json(&[
        "--a",
        "alphabeta:depth=7",
        "--b",
        "alphabeta:depth=1",
        "--games",
        "8",
    ]);
    assert!(m["score"].as_f64().unwrap() > 4.0, "{m}");
}

#[test]
fn openings_files_are_the_columns_played_and_bad_lines_are_named() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let good = dir.join("c4-openings.txt");
    std::fs::write(&good, "# two openings\n4453\nempty\n").unwrap();
    let m = match_json(&[
        "--a",
        "alphabeta:depth=3",
        "--b",
        "random",
        "--games",
        "4",
        "--openings",
        good.to_str().unwrap(),
    ]);
    let games = m["games"].as_array().unwrap();
    assert!(games[0]["moves"].as_str().unwrap().starts_with("4 4 5 3"));
    assert_eq!(games[0]["opening_plies"], 4);
    assert_eq!(games[2]["opening_plies"], 0);
    for (content, message) in [
        ("44\n48\n", "line 2: move 2: column 8 is out of range 1..=7"),
        ("1111111\n", "line 1: move 7: column 1 is full"),
        ("1212121\n", "the opening ends the game (x wins)"),
    ] {
        let bad = dir.join("c4-bad-openings.txt");
        std::fs::write(&bad, content).unwrap();
        let out = searchlab(
            &[
                "match",
                "connect4",
                "--a",
                "random",
                "--b",
                "random",
                "--openings",
                bad.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{content}");
        assert!(text(&out.stderr).contains(message), "{}", text(&out.stderr));
    }
}

#[test]
fn a_game_typed_on_stdin_is_refereed_to_its_end() {
    // The human stacks column 1, then 2, ... (a full column is refused and the next line
    // read); a depth-6 engine must win that game.
    let mut input = String::from("0\n8\nx\n");
    for col in 1..=7 {
        for _ in 0..6 {
            input += &format!("{col}\n");
        }
    }
    let out = searchlab(
        &["play", "connect4", "--engine", "alphabeta:depth=6"],
        &input,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("you play x"), "{t}");
    assert!(
        t.contains("refused: `0` is not a column: type a number from 1 to 7"),
        "{t}"
    );
    assert!(t.contains("refused: `8` is not a column"), "{t}");
    assert!(t.contains("refused: `x` is not a column"), "{t}");
    assert!(
        t.contains("moves: 1"),
        "the moves so far under the board: {t}"
    );
    assert!(t.contains("1234567"), "{t}");
    assert!(t.contains("Result: o wins."), "{t}");
    // As o against the engine's opening, with hint and undo.
    let out = searchlab(
        &[
            "play",
            "connect4",
            "--human",
            "o",
            "--engine",
            "alphabeta:depth=4",
        ],
        "hint\n4\nundo\nquit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(
        t.find("engine (alphabeta:depth=4) plays").unwrap() < t.find("your move (o)").unwrap(),
        "{t}"
    );
    assert!(t.contains("values your moves (estimates at depth 4"), "{t}");
    assert!(t.contains("took back 4"), "{t}");
    assert!(t.ends_with("Game abandoned.\n"), "{t}");
}

#[test]
fn play_without_an_engine_uses_the_games_depth_limited_default() {
    // A full alpha-beta search from an opening would run for hours: the game names its own
    // default engine (Playable::DEFAULT_ENGINE), which must answer a move at once.
    let out = searchlab(&["play", "connect4", "--human", "o"], "quit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("engine (alphabeta:depth=8) plays"), "{t}");
}

/// Every null-window test of a Connect Four solve is one iteration, numbered in the trace as
/// the statistics list them (issue 31: each said iteration 1), with its real threshold.
#[test]
fn the_trace_numbers_every_null_window_test_of_a_solve() {
    let position = "2252576253462244111563365343671351441";
    let out = searchlab(&["solve", "connect4", position, "--format", "json"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let row = &json_lines(&out.stdout)[0];
    let bounds: Vec<i64> = row["stats"]["iterations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["bound"].as_i64().unwrap())
        .collect();
    assert!(bounds.len() >= 2, "{bounds:?}");
    // Scores of a 7 x 6 board lie within -21..=21 (one more each side for the range's ends).
    assert!(bounds.iter().all(|b| (-22..=22).contains(b)), "{bounds:?}");
    let dir = std::env::temp_dir().join(format!("searchlab-c4-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("t.jsonl");
    let args = [
        "solve",
        "connect4",
        position,
        "--trace",
        trace.to_str().unwrap(),
    ];
    let out = searchlab(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let events = json_lines(&std::fs::read(&trace).unwrap());
    let iterations: Vec<u64> = events
        .iter()
        .filter_map(|e| e["iteration"].as_u64())
        .collect();
    assert_eq!(iterations, (1..=bounds.len() as u64).collect::<Vec<_>>());
    std::fs::remove_dir_all(&dir).unwrap();
}
