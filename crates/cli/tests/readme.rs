//! The documentation prints what it shows: every `$ searchlab ...` example of `README.md`,
//! `puzzles/README.md` and `docs/*.md` whose output is shown is run, and its output must be
//! the one shown (issue 17: a dozen had drifted).
//!
//! The rules, for whoever writes an example:
//!
//! - An example is a line `$ COMMAND` in a fenced code block, where COMMAND runs `searchlab`
//!   (alone or in a pipeline: `printf ... | searchlab solve eight | jq ...`). Its shown output
//!   is the lines after it up to a blank line, the next `$ ` line or the end of the block. An
//!   example without output lines shows a command, not its output: it is not run.
//! - COMMAND runs under `sh -c` in the workspace root, with the `searchlab` under test first on
//!   `PATH` and standard error merged into standard output (the READMEs show messages where a
//!   terminal shows them), with no standard input, for at most [`TIMEOUT`].
//! - Masked in both texts before comparing (they change from run to run and machine to
//!   machine): durations (`98.6 ms`, `212 us`, `1.25 s`, `"seconds":0.000123`, `00:00:07`) and
//!   memory sizes (`11.5 MB`, `577 MiB`, `1.5 GB`, `"peak_bytes":1234`), rates (`5.79 M/s`),
//!   a number with three decimals ending a line (the `time (s)` column of `searchlab match`);
//!   and a run of spaces counts as one (tables realign around figures of other widths). Node
//!   counts, answers, field order and everything else must match exactly (trailing spaces
//!   aside).
//! - Wildcards in the shown output: a line `...` stands for any lines (none included), and
//!   `...` inside a line for any text.
//! - `<!-- no-test: REASON -->` on a line before a code block (blank lines between allowed)
//!   skips the whole block: for examples that build databases or run for minutes. Keep that
//!   list short.
//!
//! A failure names the file and the line of each example that differs, with a diff (`-` the
//! shown line, `+` the printed one).

use std::path::{Path, PathBuf};
use std::process::Command;

use regex::Regex;

/// The longest an example may run (`timeout` ends it and the example fails).
const TIMEOUT: &str = "120";

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One example: where it is, its command and its shown output.
#[derive(Debug)]
struct Example {
    file: String,
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// Whether `command` runs `searchlab` (first, or after a pipe).
fn runs_searchlab(command: &str) -> bool {
    command.starts_with("searchlab ")
        || command
            .split('|')
            .skip(1)
            .any(|part| part.trim_start().starts_with("searchlab "))
}

/// The examples of the Markdown `text` of `file`, with the blocks marked `no-test` left out.
fn examples(file: &str, text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].trim_start().starts_with("```") {
            i += 1;
            continue;
        }
        // The last non-blank line before the fence decides whether the block is tested.
        let skipped = lines[..i]
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| l.trim_start().starts_with("<!-- no-test"));
        let start = i + 1;
        let end = (start..lines.len())
            .find(|&k| lines[k].trim_start().starts_with("```"))
            .unwrap_or(lines.len());
        let mut k = start;
        while k < end {
            let Some(command) = lines[k].strip_prefix("$ ") else {
                k += 1;
                continue;
            };
            let line = k + 1;
            let mut command = command.to_owned();
            // A command continued with `\` at the end of its lines.
            while command.ends_with('\\') && k + 1 < end {
                command.pop();
                k += 1;
                command += lines[k].trim_start();
            }
            k += 1;
            let mut shown = Vec::new();
            while k < end && !lines[k].trim().is_empty() && !lines[k].starts_with("$ ") {
                shown.push(lines[k].trim_end().to_owned());
                k += 1;
            }
            if !skipped && !shown.is_empty() && runs_searchlab(&command) {
                out.push(Example {
                    file: file.to_owned(),
                    line,
                    command,
                    shown,
                });
            }
        }
        i = end + 1;
    }
    out
}

/// `text` with durations and memory sizes replaced by `<time>` and `<memory>`.
fn mask(text: &str) -> String {
    let rules = [
        (r#""seconds":[0-9.eE+-]+"#, r#""seconds":<time>"#),
        (r#""peak_bytes":[0-9]+"#, r#""peak_bytes":<memory>"#),
        (r"\b\d\d:\d\d:\d\d\b", "<time>"),
        (r"\b\d+(\.\d+)? ?(ns|us|µs|ms|s|min|h)\b", "<time>"),
        (
            r"\b\d+(\.\d+)? ?(B|bytes|KB|kB|KiB|MB|MiB|GB|GiB)\b",
            "<memory>",
        ),
        (r"\b\d+(\.\d+)? ?[kMG]?/s\b", "<rate>"),
        // The `time (s)` column of `searchlab match`: seconds with three decimals ending a line.
        (r"(?m)(\s)\d+\.\d{3}$", "${1}<time>"),
        // Tables realign around figures of other widths: a run of spaces counts as one.
        (r" {2,}", " "),
    ];
    let mut text = text.to_owned();
    for (pattern, by) in rules {
        let re = Regex::new(pattern).expect("a valid pattern");
        text = re.replace_all(&text, by).into_owned();
    }
    text
}

/// Whether the printed `line` matches the shown `pattern` (`...` matches any text).
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the printed `lines` match the shown `pattern` lines (a line `...`: any lines).
fn lines_match(pattern: &[String], lines: &[String]) -> bool {
    match pattern.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p.trim() == "..." => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((p, rest)) => {
            !lines.is_empty() && line_matches(p, &lines[0]) && lines_match(rest, &lines[1..])
        }
    }
}

/// A line diff of `shown` against `printed` (longest common subsequence, wildcard lines
/// matching as in [`line_matches`]): `-` shown only, `+` printed only, ` ` both.
fn diff(shown: &[String], printed: &[String]) -> String {
    let (n, m) = (shown.len(), printed.len());
    let mut lcs = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if line_matches(&shown[i], &printed[j]) {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < n || j < m {
        if i < n && j < m && line_matches(&shown[i], &printed[j]) {
            out += &format!("     {}\n", printed[j]);
            (i, j) = (i + 1, j + 1);
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out += &format!("   - {}\n", shown[i]);
            i += 1;
        } else {
            out += &format!("   + {}\n", printed[j]);
            j += 1;
        }
    }
    out
}

/// Runs `example`; `None` when its output is the shown one, else what differs.
fn check(example: &Example, bin_dir: &Path) -> Option<String> {
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("timeout")
        .args([
            TIMEOUT,
            "sh",
            "-c",
            &format!("exec 2>&1; {}", example.command),
        ])
        .current_dir(root())
        .env("PATH", path)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("timeout and sh run");
    let printed: Vec<String> = mask(&String::from_utf8_lossy(&out.stdout))
        .lines()
        .map(|l| l.trim_end().to_owned())
        .collect();
    let shown: Vec<String> = example.shown.iter().map(|l| mask(l)).collect();
    if lines_match(&shown, &printed) {
        return None;
    }
    let status = match out.status.code() {
        Some(124) => format!(" (stopped after {TIMEOUT} s)"),
        _ => String::new(),
    };
    Some(format!(
        "{}:{}: $ {}\n  the output differs from the one shown{status} (- shown, + printed, times and sizes masked):\n{}",
        example.file,
        example.line,
        example.command,
        diff(&shown, &printed)
    ))
}

/// The documents whose examples are checked: the READMEs and `docs/*.md`.
fn documents() -> Vec<(String, String)> {
    let mut names = vec!["README.md".to_owned(), "puzzles/README.md".to_owned()];
    if let Ok(dir) = std::fs::read_dir(root().join("docs")) {
        let mut docs: Vec<String> = dir
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".md"))
            .map(|n| format!("docs/{n}"))
            .collect();
        docs.sort();
        names.extend(docs);
    }
    names
        .into_iter()
        .filter_map(|n| {
            let text = std::fs::read_to_string(root().join(&n)).ok()?;
            Some((n, text))
        })
        .collect()
}

#[test]
fn every_documented_example_prints_what_it_shows() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_searchlab"));
    let bin_dir = bin.parent().expect("the binary is in a directory");
    let all: Vec<Example> = documents()
        .iter()
        .flat_map(|(name, text)| examples(name, text))
        .collect();
    assert!(
        all.len() >= 10,
        "only {} examples found: is the format still `$ searchlab ...`?",
        all.len()
    );
    let failures: Vec<String> = all.iter().filter_map(|e| check(e, bin_dir)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} documented examples print something else:\n\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

#[test]
fn the_rules_of_the_examples_hold() {
    let doc = "\
text\n\
```text\n\
$ searchlab solve eight x\n\
out 1\n\
out 2\n\
\n\
$ searchlab gen eight\n\
$ printf 'a' | searchlab solve eight\n\
x\n\
```\n\
<!-- no-test: builds a database -->\n\
\n\
```text\n\
$ searchlab solve fifteen y\n\
z\n\
```\n";
    let found = examples("D.md", doc);
    let got: Vec<(usize, &str, usize)> = found
        .iter()
        .map(|e| (e.line, e.command.as_str(), e.shown.len()))
        .collect();
    assert_eq!(
        got,
        [
            (3, "searchlab solve eight x", 2),
            (8, "printf 'a' | searchlab solve eight", 1)
        ]
    );
    assert_eq!(
        mask("time 98.6 ms, 212 us, 1.25 s; 11.5 MB {\"seconds\":1.2e-5}"),
        "time <time>, <time>, <time>; <memory> {\"seconds\":<time>}"
    );
    let shown = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &shown(&["a", "...", "d ... f"]),
        &shown(&["a", "b", "c", "d e f"])
    ));
    assert!(lines_match(&shown(&["a", "..."]), &shown(&["a"])));
    assert!(!lines_match(&shown(&["a", "b"]), &shown(&["a", "c"])));
    assert_eq!(
        diff(&shown(&["a", "b"]), &shown(&["a", "c"])),
        "     a\n   - b\n   + c\n"
    );
}
