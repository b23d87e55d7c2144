//! Fuzzing the board parser and the POJ 1568 judge parser (issue 13): arbitrary bytes and
//! mixtures of board tokens give a board or an error naming the row, column or input line at
//! fault, never a panic.
//!
//! `cargo test` runs 256 cases per property; a longer run for developers:
//! `PROPTEST_CASES=100000 cargo test --release -p searchlab-tictactoe --test fuzz`.

use proptest::prelude::*;
use searchlab_tictactoe::board::rows;
use searchlab_tictactoe::{BoardError, Geometry, parse_input};

/// Arbitrary bytes read as text (invalid UTF-8 replaced, as a reader of bytes would).
fn bytes() -> impl Strategy<Value = String> {
    proptest::collection::vec(any::<u8>(), 0..300)
        .prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// Tokens from `pool` (near-valid pieces and hostile ones) joined by assorted separators.
fn mixture(pool: &'static [&'static str]) -> impl Strategy<Value = String> {
    const SEPARATORS: [&str; 8] = [" ", "  ", "\n", "\t", "\r\n", "/", ",", ""];
    proptest::collection::vec((0..pool.len(), 0..SEPARATORS.len()), 0..60).prop_map(move |picks| {
        let mut text = String::new();
        for (t, s) in picks {
            text.push_str(pool[t]);
            text.push_str(SEPARATORS[s]);
        }
        text
    })
}

const TOKENS: &[&str] = &[
    "?", "$", "....", "x...", ".o..", "xo..", "oxox", "x", "o", ".", "...", "xxxx", "oooo", "x.o",
    "X", "O", "q", "?x", "$x", "é", "\u{feff}", "\0", "x . o", "|", "......",
];

/// A board's error names a row and column inside the text's rows.
fn check_board(text: &str) {
    let rows = rows(text);
    for n in 1..=8 {
        let geometry = Geometry::new(n, n.min(3)).unwrap();
        let Err(e) = geometry.parse(text) else {
            continue;
        };
        assert!(!e.to_string().is_empty());
        match e {
            BoardError::RowLength { row, len, n: m } => {
                assert_eq!(m, n);
                assert!(row >= 1 && row <= rows.len() && len != n);
            }
            BoardError::RowCount { rows: r, n: m } => assert_eq!((r, m), (rows.len(), n)),
            BoardError::Char { row, col, .. } => {
                assert!(row >= 1 && row <= rows.len() && col >= 1 && col <= n);
            }
            _ => {}
        }
    }
}

/// Every judge error names a line of the input (or the one after its end).
fn check_judge(text: &str) {
    let lines = text.lines().count();
    for case in parse_input(text) {
        if let Err(e) = case {
            assert!(!e.message.is_empty());
            assert!(
                (1..=lines + 1).contains(&e.line),
                "line {} of {lines}",
                e.line
            );
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(text in bytes()) {
        check_board(&text);
        check_judge(&text);
    }

    #[test]
    fn token_mixtures_never_panic(text in mixture(TOKENS)) {
        check_board(&text);
        check_judge(&text);
    }

    #[test]
    fn judge_lines_never_panic(lines in proptest::collection::vec(
        prop_oneof![Just("?".to_string()), Just("$".to_string()), "[.xoq?$ ]{0,6}"],
        0..20,
    )) {
        check_judge(&lines.join("\n"));
    }
}
