//! `searchlab play`, driven through its standard input as a person would type: whole games,
//! refused moves, undo, hint, quit.

mod common;

use common::{searchlab, text};

/// Plays with `args` and the lines of `input`; the transcript, after checking the exit status.
fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let out = searchlab(&all, input);
    assert!(out.status.success(), "{all:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// Every square of the 3x3 board in row-major order: tried in turn, the taken ones are refused,
/// so the game always reaches its end.
const EVERY_SQUARE: &str = "0 0\n0 1\n0 2\n1 0\n1 1\n1 2\n2 0\n2 1\n2 2\n";

#[test]
fn a_game_against_perfect_play_ends_and_the_human_never_wins() {
    let t = play(&["tictactoe"], EVERY_SQUARE);
    assert!(t.contains("you play x"), "{t}");
    let end = t.lines().find(|l| l.starts_with("Result: ")).expect(&t);
    assert!(end == "Result: o wins." || end == "Result: draw.", "{t}");
    // The board was redrawn after each move: one board per move plus the empty one.
    let moves = t.matches("your move (x): ").count();
    assert!(moves >= 3, "{t}");
    assert!(t.matches("engine (alphabeta) plays ").count() >= 2, "{t}");
    // The human as o: the engine opens.
    let t = play(&["tictactoe", "--human", "o"], EVERY_SQUARE);
    assert!(t.find("engine (alphabeta) plays").unwrap() < t.find("your move (o)").unwrap());
    assert!(t.contains("Result: "), "{t}");
    // Said once: the drawing says the game is over, the last line says how (issue 31).
    assert!(!t.contains("Game over"), "{t}");
    // Triangle War: every segment in index order; B is the second player.
    let segments = "1-2\n1-3\n2-3\n2-4\n2-5\n3-5\n3-6\n4-5\n5-6\n4-7\n4-8\n5-8\n5-9\n6-9\n6-10\n7-8\n8-9\n9-10\n";
    let t = play(
        &[
            "triangle",
            "--human",
            "second",
            "--engine",
            "mcts:playouts=200",
        ],
        segments,
    );
    assert!(t.contains("you play B"), "{t}");
    assert!(
        t.contains("Result: A wins") || t.contains("Result: B wins"),
        "{t}"
    );
    assert!(t.contains("Score: A "), "the game's own board: {t}");
}

#[test]
fn illegal_moves_are_refused_with_a_reason_and_asked_again() {
    let t = play(
        &["tictactoe", "--engine", "random"],
        "1 1\n1 1\n3 0\nb2\n\n0 0\nquit\n",
    );
    assert!(t.contains("refused: (1,1) is taken by x"), "{t}");
    assert!(t.contains("refused: (3,0) is off the 3x3 board"), "{t}");
    assert!(t.contains("refused: `b2` is not a square"), "{t}");
    assert!(t.ends_with("Game abandoned.\n"), "{t}");
    // After the refusals the next line was still read as a move (or refused if random took it).
    assert!(t.contains("your move (x): 0 0"), "{t}");
    let t = play(&["triangle", "--engine", "random"], "1-5\n2-4\n2-4\nquit\n");
    assert!(
        t.contains("refused: 1-5 is not one of the 18 segments"),
        "{t}"
    );
}

#[test]
fn undo_takes_back_the_human_move_and_the_reply() {
    let t = play(&["tictactoe"], "1 1\nundo\nundo\nquit\n");
    // The perfect engine answers the centre with a corner.
    let reply = t
        .lines()
        .find_map(|l| l.strip_prefix("engine (alphabeta) plays "))
        .expect(&t)
        .to_owned();
    assert!(t.contains(&format!("took back (1,1) {reply}")), "{t}");
    // The board after undo is the empty board again.
    let after = &t[t.find("took back").unwrap()..];
    assert!(
        after.contains("  0 . . .\n  1 . . .\n  2 . . .\nx to move"),
        "{t}"
    );
    // Nothing left to take back.
    assert!(
        after.contains("refused: you have no move to take back"),
        "{t}"
    );
}

#[test]
fn hint_values_every_move() {
    // Perfect play from the empty board: every first move draws.
    let t = play(&["tictactoe"], "hint\nquit\n");
    let hint: Vec<&str> = t
        .lines()
        .skip_while(|l| !l.starts_with("alphabeta values your moves"))
        .skip(1)
        .take_while(|l| l.starts_with("  ("))
        .collect();
    assert_eq!(hint.len(), 9, "{t}");
    assert!(hint.iter().all(|l| l.ends_with("0  draw")), "{t}");
    // As o after the engine's opening move (a corner: perfect play with the threats order
    // opens at (0,0)), only the centre draws and every other reply loses, best first.
    let t = play(&["tictactoe", "--human", "o"], "hint\nquit\n");
    assert!(t.contains("engine (alphabeta) plays (0,0)"), "{t}");
    let values: Vec<&str> = t
        .lines()
        .skip_while(|l| !l.starts_with("alphabeta values your moves"))
        .skip(1)
        .take_while(|l| l.starts_with("  ("))
        .collect();
    assert_eq!(values.len(), 8, "{t}");
    assert!(
        values[0].starts_with("  (1,1)") && values[0].ends_with("0  draw"),
        "{t}"
    );
    assert!(
        values[1..].iter().all(|l| l.ends_with("100  x wins")),
        "{t}"
    );
    // MCTS shows playout shares; random says it has no evaluation.
    let t = play(
        &["tictactoe", "--engine", "mcts:playouts=300"],
        "hint\nquit\n",
    );
    assert!(t.contains("after 300 playouts"), "{t}");
    let t = play(&["tictactoe", "--engine", "random"], "hint\nquit\n");
    assert!(t.contains("random does not evaluate moves"), "{t}");
}

#[test]
fn the_end_of_input_leaves_the_game_and_bad_options_are_refused() {
    let t = play(&["tictactoe"], "1 1\n");
    assert!(t.contains("end of input"), "{t}");
    let out = searchlab(&["play", "tictactoe", "--human", "z"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("expected x, o, first or second"));
}
