//! Fuzzing the POJ 1085 judge parser and the move-list parser (issue 13): arbitrary bytes and
//! mixtures of near-valid and hostile tokens give games or errors naming the line (judge) or
//! the move (move lists), never a panic.
//!
//! `cargo test` runs 256 cases per property; a longer run for developers:
//! `PROPTEST_CASES=100000 cargo test --release -p searchlab-triangle --test fuzz`.

use proptest::prelude::*;
use searchlab_triangle::input::{MovesError, parse_judge, parse_moves, position_from_moves};

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
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "11",
    "0",
    "-1",
    "18",
    "19",
    "6",
    "2-4",
    "4-5",
    "1-2",
    "1-3",
    "2-3",
    "9-10",
    "1-5",
    "x",
    "1-",
    "-",
    "4294967296",
    "9223372036854775808",
    "é",
    "\u{feff}",
    "\0",
];

fn check_judge(text: &str) {
    let lines = text.lines().count().max(1);
    let batch = parse_judge(text);
    for error in batch
        .games
        .iter()
        .filter_map(|g| g.as_ref().err())
        .chain(batch.outside.as_ref())
    {
        assert!(!error.to_string().is_empty());
        assert!(
            (1..=lines + 1).contains(&error.line),
            "line {} of {lines}: {error}",
            error.line
        );
    }
}

fn check_moves(text: &str) {
    let tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .count();
    if let Err(MovesError::Segment { number, .. }) = parse_moves(text) {
        assert!((1..=tokens).contains(&number));
    }
    if let Err(e) = position_from_moves(text) {
        assert!(!e.to_string().is_empty());
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(text in bytes()) {
        check_judge(&text);
        check_moves(&text);
    }

    #[test]
    fn token_mixtures_never_panic(text in mixture(TOKENS)) {
        check_judge(&text);
        check_moves(&text);
    }

    #[test]
    fn games_of_plausible_shape_never_panic(
        games in proptest::collection::vec(
            (0i64..20, proptest::collection::vec((0i64..12, 0i64..12), 0..20)),
            0..4,
        ),
        declared in 0usize..6,
    ) {
        let mut text = format!("{declared}\n");
        for (count, moves) in games {
            text.push_str(&format!("{count}\n"));
            for (a, b) in moves {
                text.push_str(&format!("{a} {b}\n"));
            }
        }
        check_judge(&text);
    }
}
