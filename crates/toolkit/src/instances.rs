//! Reading instances, the same way for every problem: each argument is one instance, and an
//! input (a file, standard input) holds one instance per line, with `#` comments and an
//! optional expected answer after `|`.
//!
//! ```text
//! # 8-puzzle boards
//! 2 3 4 1 5 x 7 6 8 | 19
//! 1 2 3 4 5 6 8 7 x | unsolvable
//! ```
//!
//! Input is read as bytes: a line that is not UTF-8 is one bad line and a UTF-8 byte-order
//! mark at the start is skipped. A problem whose instances span a whole input (a game tree),
//! or that has a file format of its own (a judge's input, a scenario file), reads its inputs
//! its own way through its description. [`gather`] collects a batch from a driver's
//! arguments, files and standard input ([`read`] takes their bytes) and reports an input it
//! cannot read with [`unreadable`].

mod files;
pub use files::{gather, source_name};

use std::path::Path;

use crate::describe::Description;

/// One instance of a batch, parsed or not.
#[derive(Debug)]
pub struct Item<I> {
    /// The file (`stdin` for standard input) or `argument N`.
    pub source: String,
    /// Its 1-based line in the file; `None` for an argument or a whole file.
    pub line: Option<usize>,
    /// Its text, when it has one line of its own.
    pub input: Option<String>,
    /// Its name inside a file of the problem's own format (`game 3`).
    pub name: Option<String>,
    /// The expected answer after `|`, trimmed.
    pub expected: Option<String>,
    /// The instance, or what is wrong with it.
    pub parsed: Result<I, String>,
}

impl<I> Item<I> {
    /// `FILE:LINE` (with the name, if any), or the source alone: the progress bar's label.
    pub fn label(&self) -> String {
        let mut s = match self.line {
            Some(line) => format!("{}:{line}", self.source),
            None => self.source.clone(),
        };
        if let Some(name) = &self.name {
            s += &format!(" ({name})");
        }
        s
    }

    /// `FILE: line N`, `FILE: line N (game 3)` or the source alone.
    pub fn place(&self) -> String {
        let mut s = match self.line {
            Some(line) => format!("{}: line {line}", self.source),
            None => self.source.clone(),
        };
        if let Some(name) = &self.name {
            s += &format!(" ({name})");
        }
        s
    }
}

/// The UTF-8 byte-order mark, skipped at the start of an input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The bad line `line` (its bytes `raw`), which is not UTF-8.
fn not_utf8<I>(source: &str, line: usize, raw: &[u8], e: &std::str::Utf8Error) -> Item<I> {
    Item {
        source: source.to_owned(),
        line: Some(line),
        input: Some(String::from_utf8_lossy(raw).into_owned()),
        name: None,
        expected: None,
        parsed: Err(format!(
            "not UTF-8 text (invalid byte at column {})",
            e.valid_up_to() + 1
        )),
    }
}

/// `bytes` as text with every line that is not UTF-8 left empty, and those lines as bad
/// items.
fn blank_bad_lines<I>(
    source: &str,
    bytes: &[u8],
) -> (std::borrow::Cow<'static, str>, Vec<Item<I>>) {
    let mut text = String::with_capacity(bytes.len());
    let mut bad = Vec::new();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            text.push('\n');
        }
        match std::str::from_utf8(raw) {
            Ok(line) => text.push_str(line),
            Err(e) => {
                let trimmed = raw.strip_suffix(b"\r").unwrap_or(raw);
                bad.push(not_utf8(source, i + 1, trimmed, &e));
            }
        }
    }
    (std::borrow::Cow::Owned(text), bad)
}

/// The instance of argument number `n` (from 1): its text, with an expected answer after
/// `|` unless the problem's instances span a whole input (a game tree's text has `|`s).
pub fn argument<D: Description>(problem: &D, n: usize, text: &str) -> Item<D::Instance> {
    let (text, expected) = split_expected(text, !D::WHOLE_INPUT);
    let mut item = Item {
        source: format!("argument {n}"),
        line: None,
        input: Some(text.to_owned()),
        name: None,
        expected,
        parsed: problem.parse(text),
    };
    check_expected(problem, std::slice::from_mut(&mut item));
    item
}

/// Turns each item whose expected answer the problem cannot read
/// ([`Description::expected_error`]) into a bad line.
fn check_expected<D: Description>(problem: &D, items: &mut [Item<D::Instance>]) {
    for item in items {
        if item.parsed.is_ok()
            && let Some(why) = item
                .expected
                .as_deref()
                .and_then(|e| problem.expected_error(e))
        {
            item.parsed = Err(why);
        }
    }
}

/// The one bad item of an input that could not be read.
pub fn unreadable<I>(source: String, path: &Path, error: &std::io::Error) -> Item<I> {
    Item {
        parsed: Err(format!("cannot read {}: {error}", path.display())),
        source,
        line: None,
        input: None,
        name: None,
        expected: None,
    }
}

/// The instances in `bytes`, the contents of `source` (a file at `path`, or standard input
/// without one), appended to `items`: in the problem's own file format when
/// [`Description::parse_file`] recognises it, else the whole input as one instance for a
/// [`WHOLE_INPUT`](Description::WHOLE_INPUT) problem, else one instance a line.
pub fn read<D: Description>(
    problem: &D,
    source: &str,
    path: Option<&Path>,
    bytes: &[u8],
    items: &mut Vec<Item<D::Instance>>,
) {
    let at = items.len();
    read_unchecked(problem, source, path, bytes, items);
    check_expected(problem, &mut items[at..]);
}

/// [`read`] but for the expected answers' check.
fn read_unchecked<D: Description>(
    problem: &D,
    source: &str,
    path: Option<&Path>,
    bytes: &[u8],
    items: &mut Vec<Item<D::Instance>>,
) {
    let source = source.to_owned();
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    // A file format of the problem's own reads its text with the lines that are not UTF-8
    // left blank; those lines are then bad lines of their own, and every other line is read
    // as the format says (issue 32: one bad byte lost a whole scenario or Pons file).
    let (text, bad) = match std::str::from_utf8(bytes) {
        Ok(text) => (std::borrow::Cow::Borrowed(text), Vec::new()),
        Err(_) => blank_bad_lines(&source, bytes),
    };
    if let Some(parsed) = problem.parse_file(path, &text) {
        let at = items.len();
        items.extend(
            parsed
                .into_iter()
                .filter(|p| !bad.iter().any(|b| b.line == Some(p.line)))
                .map(|p| Item {
                    source: source.clone(),
                    line: Some(p.line),
                    input: p.input,
                    name: p.name,
                    expected: p.expected,
                    parsed: p.instance,
                }),
        );
        items.extend(bad);
        items[at..].sort_by_key(|item| item.line);
        return;
    }
    if bad.is_empty() && D::WHOLE_INPUT {
        // Comments and blank lines alone are no instance.
        let blank = text
            .lines()
            .map(str::trim)
            .all(|l| l.is_empty() || l.starts_with('#'));
        if !blank {
            items.push(Item {
                source,
                line: None,
                input: Some(text.trim().to_owned()),
                name: None,
                expected: None,
                parsed: problem.parse(&text),
            });
        }
        return;
    }
    // Line by line; also a whole-input problem's file that is not UTF-8 throughout, so that
    // the bad line is named and the others are read.
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = Some(i + 1);
        let text = match std::str::from_utf8(raw) {
            Ok(text) => text.trim(),
            Err(e) => {
                items.push(not_utf8(&source, i + 1, raw, &e));
                continue;
            }
        };
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (text, expected) = split_expected(text, true);
        items.push(Item {
            source: source.clone(),
            line,
            input: Some(text.to_owned()),
            name: None,
            expected,
            parsed: problem.parse(text),
        });
    }
}

/// `text | expected` into the trimmed text and the expected answer (when `split`).
pub fn split_expected(text: &str, split: bool) -> (&str, Option<String>) {
    match text.split_once('|') {
        Some((t, e)) if split => (t.trim(), Some(e.trim().to_owned())),
        _ => (text.trim(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expected_answer_follows_a_bar() {
        assert_eq!(
            split_expected(" a b | 19 ", true),
            ("a b", Some("19".to_owned()))
        );
        assert_eq!(split_expected(" a | b ", false), ("a | b", None));
        assert_eq!(split_expected("a", true), ("a", None));
    }

    #[test]
    fn labels_and_places_name_the_line_and_the_game() {
        let item = Item::<()> {
            source: "f.txt".into(),
            line: Some(3),
            input: None,
            name: Some("game 2".into()),
            expected: None,
            parsed: Ok(()),
        };
        assert_eq!(item.label(), "f.txt:3 (game 2)");
        assert_eq!(item.place(), "f.txt: line 3 (game 2)");
    }
}
