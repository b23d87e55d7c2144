//! Tic-tac-toe as a `Playable` game: openings from boards and square lists replay to the
//! position they name, typed squares are read or refused with the reason.

use searchlab_tictactoe::describe::TicTacToeGame;
use searchlab_tictactoe::{Board, Square};
use searchlab_toolkit::{Description, Game, Options, Playable, Player};

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

/// The core's play session over a real game: a person's move is checked, the engine's
/// played, `undo` takes back the person's last move and the replies, sides are named.
#[test]
fn a_session_plays_checks_and_takes_back_moves() {
    use searchlab_toolkit::play::Session;
    let (d, g) = game(None);
    let mut s = Session::new(d, g);
    assert_eq!(s.side_named("first"), Ok(Player::Max));
    assert_eq!(s.side_named(" O "), Ok(Player::Min));
    assert_eq!(
        s.side_named("z"),
        Err("expected x, o, first or second".into())
    );
    assert_eq!(s.undo(), None, "nothing to take back yet");
    s.play_person("1,1").unwrap();
    assert!(s.play_person("1,1").is_err(), "the square is taken");
    assert!(s.play_person("9,9").is_err(), "off the board");
    let mut legal = Vec::new();
    s.game.moves(s.state(), &mut legal);
    s.play_engine(legal[0]);
    assert_eq!(s.to_move(), Player::Max);
    assert_eq!(s.undo(), Some(vec!["(1,1)".to_owned(), "(0,0)".to_owned()]));
    assert_eq!(*s.state(), Board::EMPTY);
    assert!(s.over().is_none());
    for sq in ["0,0", "1,0", "0,1", "1,1", "0,2"] {
        s.play_person(sq).unwrap();
    }
    assert_eq!(s.over().as_deref(), Some("x wins"));
}

/// Openings read by the core: comments and blanks skipped, a line that ends the game or is
/// illegal named by its number, a text without openings refused.
#[test]
fn openings_are_checked_line_by_line() {
    use searchlab_toolkit::play::{OpeningError, parse_openings};
    let (d, g) = game(None);
    let ok = parse_openings(&d, &g, "# two openings\n\nx../.../...\n(1,1) (0,0)\n").unwrap();
    assert_eq!(ok.len(), 2);
    let over = parse_openings(&d, &g, "x../...\nxxx/oo./...\n").unwrap_err();
    assert!(matches!(over, OpeningError::Line { line: 1, .. }), "{over}");
    let ends = parse_openings(&d, &g, "(0,0) (1,0) (0,1) (1,1) (0,2)").unwrap_err();
    assert!(
        ends.to_string()
            .starts_with("line 1: the opening ends the game"),
        "{ends}"
    );
    assert_eq!(parse_openings(&d, &g, "# none\n"), Err(OpeningError::Empty));
}

/// Hints by an exact alpha-beta engine value every legal move of the empty board (all draws).
#[test]
fn hints_value_every_move() {
    use searchlab_toolkit::play::Hints;
    use searchlab_toolkit::strategy_spec::StrategySpec;
    let (d, g) = game(None);
    let spec: StrategySpec = "alphabeta".parse().unwrap();
    let hint = Hints::new(&spec, &d).show(&d, &g, &Board::EMPTY);
    assert!(
        hint.starts_with("alphabeta values your moves (exact values"),
        "{hint}"
    );
    assert_eq!(
        hint.lines().filter(|l| l.ends_with("draw")).count(),
        9,
        "{hint}"
    );
    let random: StrategySpec = "random".parse().unwrap();
    let hint = Hints::new(&random, &d).show(&d, &g, &Board::EMPTY);
    assert!(hint.starts_with("random does not evaluate moves"), "{hint}");
}
