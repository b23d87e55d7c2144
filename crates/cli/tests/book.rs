//! `searchlab book connect4`: a book for another board size, refused and resumed partial
//! books, and engines that play the book's moves (`play --book`).

mod common;

use common::{searchlab, text};
use searchlab_connect4::{Board, canonical_key};

/// A fresh temporary folder for one test.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_5x4_book_is_built_refused_when_partial_and_resumed_to_the_same_file() {
    let dir = folder("resume");
    let full = dir.join("full.txt");
    let f = full.to_str().unwrap();
    let args = [
        "book", "connect4", "--width", "5", "--height", "4", "--depth", "5",
    ];
    let out = searchlab(&[&args[..], &["-o", f]].concat(), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let book = std::fs::read_to_string(&full).unwrap();
    assert!(book.starts_with("connect4-book 5 4 5\n"), "{book}");
    // Piped: no progress drawn, one summary line.
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("connect4 5 x 4 book to 5 stones: "));
    // A checkpoint cut in half, as a stopped build leaves it.
    let partial = dir.join("partial.txt");
    let p = partial.to_str().unwrap();
    let lines: Vec<&str> = book.lines().collect();
    let mut cut = vec!["connect4-book 5 4 5 partial"];
    cut.extend(lines[1..].iter().step_by(2));
    std::fs::write(&partial, cut.join("\n") + "\n").unwrap();
    // Without --resume it is not replaced.
    let out = searchlab(&[&args[..], &["-o", p]].concat(), "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--resume"),
        "{}",
        text(&out.stderr)
    );
    // Another depth is refused, naming the book's.
    let other = [
        "book", "connect4", "--width", "5", "--height", "4", "--depth", "4",
    ];
    let out = searchlab(&[&other[..], &["-o", p, "--resume"]].concat(), "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--depth 5"),
        "{}",
        text(&out.stderr)
    );
    // Resumed: the same book as built in one go.
    let out = searchlab(&[&args[..], &["-o", p, "--resume"]].concat(), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&partial).unwrap(), book);
    // A board that does not fit, and a depth past the cells, are bad input.
    let out = searchlab(
        &[
            "book", "connect4", "--width", "9", "--height", "7", "--depth", "2", "-o", p,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--width 9 --height 7"));
    let out = searchlab(
        &[
            "book", "connect4", "--width", "4", "--height", "4", "--depth", "16", "-o", p,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 7 x 6 book that calls column 2 (and its mirror, 6) the best first move: an engine given
/// it plays 2 at once, where without it the same engine plays the centre.
#[test]
fn engines_play_the_books_move() {
    let dir = folder("play");
    let board = Board::standard();
    let mut lines = vec!["connect4-book 7 6 1".to_owned()];
    let mut keys = std::collections::BTreeMap::new();
    for col in 1..=7 {
        let pos = board.parse(&col.to_string()).unwrap();
        // Scores for o, to move: x's column 2 leaves o lost, every other a draw.
        let score = if col == 2 || col == 6 { -5 } else { 0 };
        keys.insert(canonical_key(&board, &pos), score);
    }
    lines.extend(keys.iter().map(|(k, s)| format!("{k} {s}")));
    let path = dir.join("book.txt");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let p = path.to_str().unwrap();
    let first_move = |extra: &[&str]| {
        let mut args = vec![
            "play",
            "connect4",
            "--engine",
            "alphabeta:depth=2",
            "--human",
            "o",
        ];
        args.extend_from_slice(extra);
        let out = searchlab(&args, "quit\n");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        stdout
            .lines()
            .find(|l| l.starts_with("engine ("))
            .unwrap()
            .to_owned()
    };
    assert!(first_move(&[]).contains("plays 4"));
    assert!(first_move(&["--book", p]).contains("plays 2"));
    let timed = first_move(&["--book", p, "--move-time", "0.1s"]);
    assert!(timed.ends_with("plays 2 (from the book)"), "{timed}");
    // A book of another board is refused naming the flag.
    std::fs::write(&path, "connect4-book 5 4 1\n").unwrap();
    let out = searchlab(
        &[
            "match", "connect4", "--a", "random", "--b", "random", "--book", p,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--book"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
