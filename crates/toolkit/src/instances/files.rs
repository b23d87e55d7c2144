//! Where a batch's instances come from, the same for every problem: each argument is one
//! instance (or, when it names an existing file with an extension the problem reads, like a
//! grid's `.scen`, that file), each `--file` (`-`: standard input) holds one instance per
//! line; with neither, standard input is read. How an input's text becomes instances is
//! [`crate::instances`]; a file that cannot be read is bad input for that file alone.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use crate::Description;
use crate::instances::{self, Item};

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
        } else if is_instance_file::<D>(Path::new(text)) || names_a_file(problem, text) {
            read_source(problem, Path::new(text), &mut items);
        } else {
            items.push(instances::argument(problem, i + 1, text));
        }
    }
    if items.len() == arguments.len()
        && items.iter().all(|i| i.parsed.is_err())
        && let Some(unquoted) = unquoted(problem, arguments)
    {
        items = vec![unquoted];
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

/// Whether an argument that is no instance names an existing file: read as with `--file`, as
/// `bench` reads its files (issue 31: `solve eight puzzles/eight/easy.txt`).
fn names_a_file<D: Description>(problem: &D, text: &str) -> bool {
    Path::new(text).is_file() && problem.parse(text).is_err()
}

/// One error for an instance typed without quotes (`solve eight 1 2 3 4 5 6 7 x 8`): when
/// several arguments, none an instance (the caller checked), together make one, the shell
/// split it, and the user gets one message saying to quote it instead of one error per word
/// (issue 31).
fn unquoted<D: Description>(problem: &D, arguments: &[String]) -> Option<Item<D::Instance>> {
    let plain = |t: &String| t != "-" && !Path::new(t).is_file();
    if arguments.len() < 2 || !arguments.iter().all(plain) {
        return None;
    }
    let joined = arguments.join(" ");
    let mut item = instances::argument(problem, 1, &joined);
    item.parsed.as_ref().ok()?;
    item.source = format!("arguments 1-{}", arguments.len());
    item.parsed = Err(format!(
        "the {} arguments are the words of one instance: quote it, as in \"{joined}\"",
        arguments.len()
    ));
    Some(item)
}

/// Whether an argument names an existing file of the problem's own format, by extension
/// ([`Description::FILE_EXTENSIONS`]): such a file is read as with `--file`.
fn is_instance_file<D: Description>(path: &Path) -> bool {
    let known = path
        .extension()
        .is_some_and(|e| D::FILE_EXTENSIONS.iter().any(|x| e == *x));
    known && path.is_file()
}

/// The name of an input in messages and JSON `source`: `stdin` for `-`.
pub fn source_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "stdin".to_owned()
    } else {
        path.display().to_string()
    }
}

/// Reads the instances of one file (or stdin, `-`) into `items`.
fn read_source<D: Description>(problem: &D, path: &Path, items: &mut Vec<Item<D::Instance>>) {
    let source = source_name(path);
    let stdin = path.as_os_str() == "-";
    let mut bytes = Vec::new();
    let read = if stdin {
        read_lines_capped(std::io::stdin().lock(), &mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| read_lines_capped(f, &mut bytes))
    };
    match read {
        Ok(()) => instances::read(problem, &source, (!stdin).then_some(path), &bytes, items),
        Err(e) => items.push(instances::unreadable(source, path, &e)),
    }
}

/// The longest line an instance input may have (a whole-input game tree on one line included):
/// `/dev/zero` or a binary file is refused after this many bytes without a line break
/// instead of filling memory (issue 32).
pub const MAX_INPUT_LINE: usize = 64 << 20;

/// Reads `reader` to its end into `bytes`, refusing a line longer than [`MAX_INPUT_LINE`].
fn read_lines_capped(mut reader: impl Read, bytes: &mut Vec<u8>) -> std::io::Result<()> {
    let mut chunk = vec![0u8; 1 << 16];
    // Bytes since the last line break.
    let mut run = 0usize;
    let mut line = 1usize;
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        for &b in &chunk[..n] {
            if b == b'\n' {
                run = 0;
                line += 1;
            } else {
                run += 1;
            }
        }
        if run > MAX_INPUT_LINE {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "line {line} is longer than {} MiB: not an instance file",
                    MAX_INPUT_LINE >> 20
                ),
            ));
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
}
