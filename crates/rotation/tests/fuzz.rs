//! Fuzzing the board parser (issue 13): arbitrary bytes and mixtures of near-valid and hostile
//! tokens give a board or an error naming the number at fault, never a panic; the centre
//! pattern database refuses a memory limit it cannot fit before allocating.
//!
//! `cargo test` runs 256 cases per property; a longer run for developers:
//! `PROPTEST_CASES=100000 cargo test --release -p searchlab-rotation --test fuzz`.

use proptest::prelude::*;
use searchlab_core::pdb::PdbError;
use searchlab_rotation::{Board, BoardError, CentrePdb};

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
    "1",
    "2",
    "3",
    "0",
    "4",
    "-1",
    "+2",
    "01",
    "3.0",
    "18446744073709551616",
    "x",
    "A",
    "٣",
    "\u{feff}",
    "\0",
    "é",
];

fn check(text: &str) {
    let tokens = text.split_whitespace().count();
    let Err(e) = text.parse::<Board>() else {
        return;
    };
    assert!(!e.to_string().is_empty());
    match e {
        BoardError::WrongCount(found) => assert_eq!(found, tokens),
        BoardError::NotANumber { position, .. } | BoardError::BadSymbol { position, .. } => {
            assert!((1..=tokens).contains(&position), "{position} of {tokens}");
        }
        BoardError::WrongTally { symbol, count } => {
            assert!((1..=3).contains(&symbol) && count != 8);
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(text in bytes()) {
        check(&text);
    }

    #[test]
    fn token_mixtures_never_panic(text in mixture(TOKENS)) {
        check(&text);
    }

    #[test]
    fn boards_of_eight_of_each_symbol_read_back(
        cells in Just([[1u8; 8], [2; 8], [3; 8]].concat()).prop_shuffle()
    ) {
        let text: Vec<String> = cells.iter().map(u8::to_string).collect();
        prop_assert!(text.join("\n").parse::<Board>().is_ok());
    }
}

#[test]
fn the_centre_database_refuses_a_limit_it_cannot_fit() {
    match CentrePdb::build_limited(Some(100_000), |_| {}) {
        Err(PdbError::Memory { needed, limit }) => {
            assert_eq!(limit, 100_000);
            assert!(needed >= 735_471);
        }
        other => panic!("expected a memory error, got {:?}", other.map(|_| ())),
    }
    let built = CentrePdb::build_limited(Some(64 << 20), |_| {}).unwrap();
    assert_eq!(built.pdb(), CentrePdb::build().pdb());
}

#[test]
fn signs_are_not_numbers() {
    let text = "+1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";
    assert!(matches!(
        text.parse::<Board>(),
        Err(BoardError::NotANumber { position: 1, .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// POJ 2286's reader (now in the crate): any input gives answers or messages, never a
    /// panic, and the count of bad boards is the count of messages.
    #[test]
    fn judge_2286_never_panics(text in proptest::collection::vec(any::<u8>(), 0..300)
        .prop_map(|b| String::from_utf8_lossy(&b).into_owned())) {
        let mut out = Vec::new();
        let mut messages = Vec::new();
        let bad = searchlab_rotation::describe::judge_2286(&text, &mut out, &mut |m| messages.push(m))
            .expect("writing to a Vec cannot fail");
        prop_assert_eq!(bad, messages.len());
    }
}
