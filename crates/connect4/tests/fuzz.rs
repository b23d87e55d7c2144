//! Fuzzing the Connect Four readers (issue 32): move strings and Pons' test-file lines, random
//! and mutated, against a plain model of the game (a 7 x 6 array, four in a row looked for
//! after each stone): the same position or the same error at the same move, never a panic. A
//! whole test file, mutated with bytes that are not UTF-8, reads line by line: every line
//! gives what it gives alone.
//!
//! `cargo test` runs 1,000 cases (the counts below); a longer run for developers:
//! `PROPTEST_CASES=100000 cargo test --release -p searchlab-connect4 --test fuzz` (every
//! property then runs that many).

use proptest::prelude::*;
use searchlab_connect4::describe::Connect4Game;
use searchlab_connect4::{Board, Connect4, LineError, ParseError, parse_test_line};
use searchlab_toolkit::instances::{Item, read};
use searchlab_toolkit::{Description, Options};

/// The cases of a property: `PROPTEST_CASES` when set, else `default`.
fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(n)
}

/// What the plain model makes of a move string: the board's picture (as `Board::render`
/// draws it) or the error the parser must give.
fn model(moves: &str) -> Result<String, ParseError> {
    const W: usize = 7;
    const H: usize = 6;
    let mut cells = [[b'.'; W]; H];
    let mut heights = [0usize; W];
    let mut won_by = None;
    let four = |cells: &[[u8; W]; H], x: usize, y: usize, who: u8| {
        [(1i32, 0i32), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dx, dy)| {
                let run = |s: i32| {
                    (1..4)
                        .take_while(|k| {
                            let (cx, cy) = (x as i32 + s * k * dx, y as i32 + s * k * dy);
                            (0..W as i32).contains(&cx)
                                && (0..H as i32).contains(&cy)
                                && cells[cy as usize][cx as usize] == who
                        })
                        .count()
                };
                1 + run(1) + run(-1) >= 4
            })
    };
    for (i, ch) in moves.chars().enumerate() {
        let index = i + 1;
        let Some(column) = ch.to_digit(10) else {
            return Err(ParseError::NotADigit {
                index,
                found: ch,
                width: W as u32,
            });
        };
        if !(1..=W as u32).contains(&column) {
            return Err(ParseError::OutOfRange {
                index,
                column,
                width: W as u32,
            });
        }
        if let Some(won_by) = won_by {
            return Err(ParseError::AfterWin { index, won_by });
        }
        let x = column as usize - 1;
        if heights[x] == H {
            return Err(ParseError::ColumnFull { index, column });
        }
        let who = if i % 2 == 0 { b'x' } else { b'o' };
        let y = heights[x];
        cells[y][x] = who;
        heights[x] += 1;
        if four(&cells, x, y, who) {
            won_by = Some(index);
        }
    }
    let mut picture = String::new();
    for row in cells.iter().rev() {
        picture += std::str::from_utf8(row).unwrap();
        picture.push('\n');
    }
    picture += "1234567\n";
    Ok(picture)
}

/// A move string: mostly columns, with a few hostile characters.
fn moves() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        20 => (1u8..=7).prop_map(|c| char::from(b'0' + c).to_string()),
        1 => proptest::sample::select(vec!["0", "8", "9", "x", " ", "٣", "７", "\u{feff}", "-", "é", "\0", "|"])
            .prop_map(str::to_owned),
    ];
    proptest::collection::vec(piece, 0..48).prop_map(|p| p.concat())
}

/// A Pons line: moves, a score (sometimes out of range or not a number), assorted spacing.
fn pons_line() -> impl Strategy<Value = String> {
    let score = prop_oneof![
        8 => (-20i64..=20).prop_map(|s| s.to_string()),
        1 => proptest::sample::select(vec!["-19", "19", "99", "-99", "+3", "1.5", "x", "9223372036854775808", ""])
            .prop_map(str::to_owned),
    ];
    let sep = proptest::sample::select(vec![" ", "\t", "  ", " | ", ""]);
    (moves(), sep, score).prop_map(|(m, s, v)| format!("{m}{s}{v}"))
}

proptest! {
    #![proptest_config(cases(500))]

    /// A move string gives the model's position (drawn alike, as many stones) or the model's
    /// error, at the same move.
    #[test]
    fn move_strings_agree_with_the_model(moves in moves()) {
        let board = Board::standard();
        match (board.parse(&moves), model(&moves)) {
            (Ok(pos), Ok(picture)) => {
                prop_assert_eq!(board.render(&pos), picture);
                prop_assert_eq!(pos.stones() as usize, moves.chars().count());
            }
            (Err(e), Err(m)) => prop_assert_eq!(e, m),
            (got, want) => prop_assert!(false, "{:?}: parser {:?}, model {:?}", moves, got.map(|p| board.render(&p)), want),
        }
    }
}

proptest! {
    #![proptest_config(cases(300))]

    /// A Pons line reads when it has two fields, a score within the board's range and a legal
    /// position, and then holds them; otherwise the error says which.
    #[test]
    fn pons_lines_agree_with_the_model(line in pons_line()) {
        let game = Connect4::standard();
        let fields: Vec<&str> = line.split_whitespace().collect();
        let got = parse_test_line(&game, &line);
        match &fields[..] {
            [moves, score] => match score.parse::<i32>() {
                Ok(s) if s.abs() <= game.max_score() => match model(moves) {
                    Ok(picture) => {
                        let case = got.expect("a good line reads");
                        prop_assert_eq!(game.board().render(&case.position), picture);
                        prop_assert_eq!(case.score, s);
                        prop_assert_eq!(&case.moves, moves);
                    }
                    Err(e) => prop_assert_eq!(got, Err(LineError::Position(e))),
                },
                Ok(_) => prop_assert!(matches!(got, Err(LineError::ScoreRange { .. })), "{:?}", got),
                Err(_) => prop_assert!(matches!(got, Err(LineError::Score(_))), "{:?}", got),
            },
            other => prop_assert_eq!(got, Err(LineError::Fields(other.len()))),
        }
    }
}

/// The items of a file's `bytes` as `solve connect4 --file` reads them.
fn items(game: &Connect4Game, bytes: &[u8]) -> Vec<Item<searchlab_connect4::describe::Job>> {
    let mut out = Vec::new();
    read(game, "fuzz.txt", None, bytes, &mut out);
    out
}

proptest! {
    #![proptest_config(cases(200))]

    /// A test file whose lines are good, bad, or not UTF-8 reads line by line: one item per
    /// line that is not blank or a comment, each what that line gives alone.
    #[test]
    fn pons_files_read_line_by_line(
        lines in proptest::collection::vec(
            prop_oneof![
                6 => pons_line().prop_map(String::into_bytes),
                1 => Just(b"# a comment".to_vec()),
                1 => Just(Vec::new()),
                1 => proptest::collection::vec(any::<u8>(), 0..12),
                1 => pons_line().prop_map(|l| { let mut b = l.into_bytes(); b.push(0xff); b }),
            ],
            0..12,
        ),
    ) {
        let game = Connect4Game::new(&Options::new()).expect("the default options");
        let lines: Vec<Vec<u8>> = lines
            .into_iter()
            .map(|l| {
                // A byte-order mark counts only at the start of a file, not of a line alone.
                let mut l: Vec<u8> = l.into_iter().filter(|&b| b != b'\n' && b != b'\r').collect();
                while l.starts_with("\u{feff}".as_bytes()) {
                    l.drain(..3);
                }
                l
            })
            .collect();
        let file = lines.join(&b'\n');
        let whole = items(&game, &file);
        let mut at = 0;
        for (i, line) in lines.iter().enumerate() {
            let alone = items(&game, line);
            prop_assert!(alone.len() <= 1);
            let Some(one) = alone.first() else { continue };
            let item = &whole[at];
            at += 1;
            prop_assert_eq!(item.line, Some(i + 1));
            prop_assert_eq!(&item.input, &one.input);
            prop_assert_eq!(&item.expected, &one.expected);
            match (&item.parsed, &one.parsed) {
                (Ok(a), Ok(b)) => prop_assert_eq!(&a.moves, &b.moves),
                (Err(a), Err(b)) => prop_assert_eq!(
                    a.replace(&format!("line {}", i + 1), "line 1"),
                    b.clone()
                ),
                (a, b) => prop_assert!(false, "line {}: in the file {:?}, alone {:?}", i + 1, a.is_ok(), b.is_ok()),
            }
        }
        prop_assert_eq!(at, whole.len());
    }
}
