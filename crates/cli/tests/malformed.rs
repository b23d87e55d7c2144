//! The malformed-input corpus (issue 13): every `tests/malformed/*.case` file is run through
//! the binary, which must exit with status 2, name each bad line in its message, answer the good
//! lines of the same input, and never panic or hang.
//!
//! A case file is a header, a line `---`, then the standard input, byte for byte:
//!
//! ```text
//! # about: a letter where a tile should be
//! # args: solve eight
//! # bad-lines: 2
//! # stdout-word: rr
//! ---
//! 1 2 3 4 5 6 x 7 8
//! 1 2 3 4 q 6 7 x 8
//! ```
//!
//! `args` are split on spaces; `bad-lines` are 1-based lines of the input, each of which stderr
//! must name as `line N`; every `stdout-word` must be a whitespace-separated word of stdout and
//! every `stdout-line` a whole line of it (trimmed): the answers of the good lines.
//!
//! Cases the binary does not pass yet are listed in `tests/malformed/PENDING` with the reason;
//! they are run and reported on every test run, and a pending case that passes fails the test
//! until it is taken off the list, so the list cannot go stale.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One case file, read.
struct Case {
    name: String,
    args: Vec<String>,
    bad_lines: Vec<usize>,
    words: Vec<String>,
    lines: Vec<String>,
    input: Vec<u8>,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed")
}

fn read_case(path: &Path) -> Case {
    let bytes = std::fs::read(path).unwrap();
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let split = bytes
        .windows(5)
        .position(|w| w == b"\n---\n")
        .unwrap_or_else(|| panic!("{name}: no `---` line after the header"));
    let header = std::str::from_utf8(&bytes[..split]).expect("UTF-8 header");
    let mut case = Case {
        name: name.clone(),
        args: Vec::new(),
        bad_lines: Vec::new(),
        words: Vec::new(),
        lines: Vec::new(),
        input: bytes[split + 5..].to_vec(),
    };
    for line in header.lines() {
        let (key, value) = line
            .strip_prefix("# ")
            .and_then(|l| l.split_once(": "))
            .unwrap_or_else(|| panic!("{name}: header line `{line}` is not `# key: value`"));
        match key {
            "about" => {}
            "args" => case.args = value.split(' ').map(String::from).collect(),
            "bad-lines" => {
                case.bad_lines = value.split(' ').map(|n| n.parse().unwrap()).collect();
            }
            "stdout-word" => case.words.push(value.to_string()),
            "stdout-line" => case.lines.push(value.to_string()),
            other => panic!("{name}: unknown header key `{other}`"),
        }
    }
    assert!(!case.args.is_empty(), "{name}: no args");
    assert!(!case.bad_lines.is_empty(), "{name}: no bad-lines");
    assert!(
        !case.words.is_empty() || !case.lines.is_empty(),
        "{name}: nothing to check on stdout (a good line is required)"
    );
    case
}

/// The pending cases: name -> reason.
fn pending() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(corpus_dir().join("PENDING")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, reason) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            (name.to_string(), reason.trim().to_string())
        })
        .collect()
}

/// Longest a case may run: all are small; a hang is a failure, not a stuck test run.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs the case; `Err` says what broke the contract.
fn run(case: &Case, cache: &Path) -> Result<(), String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(&case.args)
        .env("SEARCHLAB_CACHE", cache)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start: {e}"))?;
    let mut stdin = child.stdin.take().unwrap();
    let input = case.input.clone();
    // A writer thread: a binary that answers before reading everything must not block us.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let start = Instant::now();
    while child.try_wait().map_err(|e| e.to_string())?.is_none() {
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("no answer within {TIMEOUT:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut faults = Vec::new();
    if out.status.code() != Some(2) {
        faults.push(format!("exit status {:?}, expected 2", out.status.code()));
    }
    if stderr.contains("panicked") {
        faults.push("a panic".to_string());
    }
    for n in &case.bad_lines {
        if !names_line(&stderr, *n) {
            faults.push(format!("stderr does not name line {n}"));
        }
    }
    for word in &case.words {
        if !stdout.split_whitespace().any(|w| w == word) {
            faults.push(format!("stdout lacks the word {word:?}"));
        }
    }
    for line in &case.lines {
        if !stdout.lines().any(|l| l.trim() == line) {
            faults.push(format!("stdout lacks the line {line:?}"));
        }
    }
    if faults.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}\n    stdout: {:?}\n    stderr: {:?}",
            faults.join("; "),
            truncate(&stdout),
            truncate(&stderr)
        ))
    }
}

/// Whether `text` says `line N` (not `line N0`).
fn names_line(text: &str, n: usize) -> bool {
    let needle = format!("line {n}");
    text.match_indices(&needle).any(|(i, _)| {
        !text[i + needle.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

fn truncate(text: &str) -> String {
    text.chars().take(400).collect()
}

#[test]
fn every_malformed_case_is_refused_with_its_line_and_the_good_lines_answered() {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "case"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 100, "the corpus has {} cases", paths.len());
    let pending = pending();
    let cases: Vec<Case> = paths.iter().map(|p| read_case(p)).collect();
    for name in pending.keys() {
        assert!(
            cases.iter().any(|c| &c.name == name),
            "PENDING names {name}, which is no case"
        );
    }
    let cache = std::env::temp_dir().join(format!("searchlab-malformed-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut passing_pending = Vec::new();
    for case in &cases {
        let result = run(case, &cache);
        match (result, pending.get(&case.name)) {
            (Ok(()), Some(_)) => passing_pending.push(case.name.clone()),
            (Ok(()), None) => {}
            (Err(e), Some(reason)) => eprintln!("PENDING {} ({reason}): {e}", case.name),
            (Err(e), None) => failures.push(format!("{}: {e}", case.name)),
        }
    }
    let _ = std::fs::remove_dir_all(&cache);
    eprintln!(
        "{} cases, {} pending (listed in tests/malformed/PENDING)",
        cases.len(),
        pending.len()
    );
    assert!(
        failures.is_empty(),
        "{} case(s) break the contract:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        passing_pending.is_empty(),
        "these pending cases pass now: take them off tests/malformed/PENDING: {passing_pending:?}"
    );
}
