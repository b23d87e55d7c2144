//! Tic-tac-toe as a `Playable` game: openings from boards and square lists replay to the
//! position they name, typed squares are read or refused with the reason.

use searchlab_core::{Description, Game, Options, Playable, Player};
use searchlab_tictactoe::describe::TicTacToeGame;
use searchlab_tictactoe::{Board, Square};

fn game(size: Option<&str>) -> (TicTacToeGame, searchlab_tictactoe::TicTacToe) {
    let mut options = Options::new();
    if let Some(n) = size {
        options.set("size", n);
    }
    let d = TicTacToeGame::new(&options).unwrap();
    let g = d.game().unwrap();
    (d, g)
}

fn replay(g: &searchlab_tictactoe::TicTacToe, moves: &[Square]) -> Board {
    let mut b = Board::EMPTY;
    let mut legal = Vec::new();
    for m in moves {
        legal.clear();
        g.moves(&b, &mut legal);
        assert!(
            legal.contains(m),
            "{m} illegal on {}",
            g.geometry().format(&b)
        );
        b = g.play(&b, m);
    }
    b
}

#[test]
fn a_board_opening_replays_to_that_board() {
    let (d, g) = game(Some("4"));
    for text in [
        "x.../.o../..x./...o",
        "xo../..../..../....",
        "x.../..../..../....",
    ] {
        let moves = d.parse_opening(&g, text).unwrap();
        let board = replay(&g, &moves);
        assert_eq!(
            g.geometry().format(&board).replace('/', ""),
            text.replace('/', "")
        );
        assert_eq!(g.terminal_value(&board), None);
    }
    assert!(d.parse_opening(&g, "empty").unwrap().is_empty());
    // The rows must fit the board of the options.
    assert!(d.parse_opening(&g, "x../.../...").is_err());
}

#[test]
fn a_square_list_opening_is_read_in_order() {
    let (d, g) = game(None);
    let moves = d.parse_opening(&g, "(1,1) (0,0) 2,2").unwrap();
    assert_eq!(
        moves,
        [
            Square { row: 1, col: 1 },
            Square { row: 0, col: 0 },
            Square { row: 2, col: 2 }
        ]
    );
    let err = d.parse_opening(&g, "(1,1) (1,1)").unwrap_err();
    assert!(
        err.contains("move 2") && err.contains("taken by x"),
        "{err}"
    );
    assert!(
        d.parse_opening(&g, "(1,1) (0)")
            .unwrap_err()
            .contains("3 numbers")
    );
    assert!(d.parse_opening(&g, "(1,1) b2").is_err());
}

#[test]
fn typed_squares_are_read_or_refused_with_the_reason() {
    let (d, g) = game(None);
    let b = g.geometry().parse("x../.../...").unwrap();
    for text in ["(2,1)", "2,1", " 2 1 "] {
        assert_eq!(d.parse_move(&g, &b, text), Ok(Square { row: 2, col: 1 }));
    }
    assert!(
        d.parse_move(&g, &b, "0 0")
            .unwrap_err()
            .contains("taken by x")
    );
    assert!(
        d.parse_move(&g, &b, "3 0")
            .unwrap_err()
            .contains("off the 3x3 board")
    );
    assert!(
        d.parse_move(&g, &b, "a1")
            .unwrap_err()
            .contains("not a square")
    );
    assert_eq!(d.show_move(&Square { row: 2, col: 1 }), "(2,1)");
    assert_eq!(d.side_name(Player::Max), "x");
    assert_eq!(d.side_name(Player::Min), "o");
}

#[test]
fn a_goal_is_no_game_to_play() {
    let mut options = Options::new();
    options.set("goal", "win");
    let d = TicTacToeGame::new(&options).unwrap();
    assert!(d.game().unwrap_err().contains("--goal"));
}
