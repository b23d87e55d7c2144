//! Fuzzing the tree parser (issue 13): arbitrary bytes and mixtures of tree tokens give a tree
//! or an error whose position lies inside the text (or just after it), never a panic; every
//! integer leaf is either read exactly or refused as out of range (i64::MIN was read as 0).
//!
//! `cargo test` runs 256 cases per property; a longer run for developers:
//! `PROPTEST_CASES=100000 cargo test --release -p searchlab-gametree --test fuzz`.

use proptest::prelude::*;
use searchlab_core::Player;
use searchlab_gametree::{GameTree, ParseError, analyse};

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
    "(",
    ")",
    "(",
    ")",
    ",",
    "3",
    "-5",
    "+7",
    "0",
    "2147483646",
    "2147483647",
    "-2147483647",
    "-9223372036854775808",
    "9223372036854775807",
    "99999999999999999999",
    "-",
    "+",
    "()",
    "(,)",
    "x",
    "é",
    "\u{feff}",
    " ",
    "\t",
    "\n",
    "((1,2),(3,4))",
];

/// The error names a position inside the text, or one past its end.
fn located(text: &str, result: &Result<GameTree, ParseError>) {
    let Err(e) = result else { return };
    let message = e.to_string();
    assert!(!message.is_empty());
    let chars = text.chars().count();
    if let Some(rest) = message.strip_prefix("position ") {
        let pos: usize = rest.split(':').next().unwrap().parse().unwrap();
        assert!((1..=chars + 1).contains(&pos), "{message} in {chars} chars");
    } else {
        assert!(matches!(e, ParseError::Empty), "{message}");
    }
}

fn check(text: &str) {
    for root in [Player::Max, Player::Min] {
        let result = GameTree::parse(text, root);
        located(text, &result);
        if let Ok(tree) = result {
            // A parsed tree can be searched.
            analyse(&tree);
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
    fn every_integer_leaf_is_read_exactly_or_refused(v in prop_oneof![
        any::<i64>(),
        Just(i64::MIN),
        Just(i64::MAX),
        (-2147483650i64..2147483650),
    ]) {
        let text = format!("(({v},5),(-3,4))");
        match GameTree::parse(&text, Player::Max) {
            Ok(tree) => {
                prop_assert!(v.unsigned_abs() < i32::MAX as u64);
                let first = tree.children(tree.children(0)[0])[0];
                prop_assert_eq!(tree.leaf(first).map(i64::from), Some(v));
            }
            Err(e) => {
                prop_assert!(v.unsigned_abs() >= i32::MAX as u64);
                let is_range = matches!(e, ParseError::Range { pos: 3, .. });
                prop_assert!(is_range, "{}", e);
            }
        }
    }
}
