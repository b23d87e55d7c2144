//! Instance files: one instance per line, `#` comments, an optional expected answer after `|`.
//!
//! ```text
//! # 8-puzzle boards
//! 2 3 4 1 5 x 7 6 8 | 19
//! 1 2 3 4 5 6 8 7 x | unsolvable
//! ```

use std::io::Read;

use anyhow::Context;

use crate::error::BadInput;

/// One line of an instance file (or one command-line argument).
#[derive(Clone, Debug)]
pub struct Instance {
    /// Where it came from, for messages: `file:line`, `stdin:line` or `argument N`.
    pub source: String,
    /// The instance text, without the expected answer.
    pub text: String,
    /// The expected answer after `|`, trimmed, if any.
    pub expected: Option<String>,
}

/// Splits `content` into instances; `name` prefixes the line numbers in `source`.
pub fn parse_lines(name: &str, content: &str) -> Vec<Instance> {
    content
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            let (text, expected) = match line.split_once('|') {
                Some((t, e)) => (t.trim(), Some(e.trim().to_string())),
                None => (line, None),
            };
            Some(Instance {
                source: format!("{name}:{}", i + 1),
                text: text.to_string(),
                expected,
            })
        })
        .collect()
}

/// The instances named on the command line, in the files given (`-`: standard input), or on
/// stdin when neither.
pub fn gather(arguments: &[String], files: &[std::path::PathBuf]) -> anyhow::Result<Vec<Instance>> {
    let mut out: Vec<Instance> = arguments
        .iter()
        .enumerate()
        .flat_map(|(i, a)| {
            let mut v = parse_lines(&format!("argument {}", i + 1), a);
            for inst in &mut v {
                inst.source = format!("argument {}", i + 1);
            }
            v
        })
        .collect();
    for file in files {
        if file.as_os_str() == "-" {
            let mut content = String::new();
            std::io::stdin()
                .read_to_string(&mut content)
                .context("reading standard input")?;
            out.extend(parse_lines("stdin", &content));
            continue;
        }
        // A file that cannot be read is bad input (exit status 2), like a bad line in it.
        let content = std::fs::read_to_string(file)
            .map_err(|e| BadInput(format!("cannot read {}: {e}", file.display())))?;
        out.extend(parse_lines(&file.display().to_string(), &content));
    }
    if arguments.is_empty() && files.is_empty() {
        let mut content = String::new();
        std::io::stdin().read_to_string(&mut content)?;
        out.extend(parse_lines("stdin", &content));
    }
    Ok(out)
}
