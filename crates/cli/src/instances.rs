//! Reading instances, the same way for every problem: each argument is one instance, each
//! `--file` (`-`: standard input) holds one instance per line, with `#` comments and an
//! optional expected answer after `|`; with neither, standard input is read.
//!
//! ```text
//! # 8-puzzle boards
//! 2 3 4 1 5 x 7 6 8 | 19
//! 1 2 3 4 5 6 8 7 x | unsolvable
//! ```
//!
//! Input is read as bytes: a line that is not UTF-8 is one bad line, a UTF-8 byte-order mark
//! at the start of a file is skipped, and a file that cannot be read is bad input for that
//! file alone. A problem whose instances span a whole input (a game tree), or that has a file
//! format of its own (a judge's input), reads files its own way through its description.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use searchlab_core::Description;

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
}

/// The UTF-8 byte-order mark, skipped at the start of an input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Every instance the arguments and files name, parsed by `problem`, in input order.
pub fn gather<D: Description>(
    problem: &D,
    arguments: &[String],
    files: &[PathBuf],
) -> Vec<Item<D::Instance>> {
    let mut items = Vec::new();
    let mut stdin_used = false;
    for (i, text) in arguments.iter().enumerate() {
        if text == "-" {
            read_source(problem, Path::new("-"), &mut items);
            stdin_used = true;
            continue;
        }
        let source = format!("argument {}", i + 1);
        let (text, expected) = split_expected(text, !D::WHOLE_INPUT);
        items.push(Item {
            source,
            line: None,
            input: Some(text.to_owned()),
            name: None,
            expected,
            parsed: problem.parse(text),
        });
    }
    for file in files {
        stdin_used |= file.as_os_str() == "-";
        read_source(problem, file, &mut items);
    }
    // Standard input when nothing else was named; not a terminal's, which would wait for
    // typing the user did not mean to do ("no instances" then).
    if arguments.is_empty() && files.is_empty() && !stdin_used && !std::io::stdin().is_terminal() {
        read_source(problem, Path::new("-"), &mut items);
    }
    items
}

/// The name of an input in messages and JSON `source`: `stdin` for `-`.
pub fn source_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "stdin".to_owned()
    } else {
        path.display().to_string()
    }
}

/// The bytes of a file, or of standard input for `-`.
fn read_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().lock().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// Reads the instances of one file (or stdin) into `items`.
fn read_source<D: Description>(problem: &D, path: &Path, items: &mut Vec<Item<D::Instance>>) {
    let source = source_name(path);
    let bytes = match read_bytes(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            items.push(Item {
                parsed: Err(format!("cannot read {}: {e}", path.display())),
                source,
                line: None,
                input: None,
                name: None,
                expected: None,
            });
            return;
        }
    };
    let bytes = bytes.strip_prefix(BOM).unwrap_or(&bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        let real = (path.as_os_str() != "-").then_some(path);
        if let Some(parsed) = problem.parse_file(real, text) {
            items.extend(parsed.into_iter().map(|p| Item {
                source: source.clone(),
                line: Some(p.line),
                input: p.input,
                name: p.name,
                expected: p.expected,
                parsed: p.instance,
            }));
            return;
        }
        if D::WHOLE_INPUT {
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
                    parsed: problem.parse(text),
                });
            }
            return;
        }
    }
    // Line by line; also a whole-input problem's file that is not UTF-8 throughout, so that
    // the bad line is named and the others are read.
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = Some(i + 1);
        let text = match std::str::from_utf8(raw) {
            Ok(text) => text.trim(),
            Err(e) => {
                items.push(Item {
                    source: source.clone(),
                    line,
                    input: Some(String::from_utf8_lossy(raw).into_owned()),
                    name: None,
                    expected: None,
                    parsed: Err(format!(
                        "not UTF-8 text (invalid byte at column {})",
                        e.valid_up_to() + 1
                    )),
                });
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
fn split_expected(text: &str, split: bool) -> (&str, Option<String>) {
    match text.split_once('|') {
        Some((t, e)) if split => (t.trim(), Some(e.trim().to_owned())),
        _ => (text.trim(), None),
    }
}
