//! The error that means "the input is wrong" (exit status 2), and how a batch reports a bad
//! instance while it answers the others.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use serde_json::{Value as Json, json};

use crate::report::{Format, json_line};

/// Bad input: the message names where (file, line, game) and what is wrong. `main` maps it to
/// exit status 2; every other error is status 1.
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Exit status 2 when any instance of a batch was bad input, 0 otherwise.
pub fn batch_status(bad: usize) -> ExitCode {
    if bad > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// Where an instance is, for messages: `FILE: line N`, or the source alone (an argument).
pub fn place(source: &str, line: Option<usize>) -> String {
    match line {
        Some(line) => format!("{source}: line {line}"),
        None => source.to_owned(),
    }
}

/// One bad instance of a batch: where it is and what is wrong with it.
#[derive(Clone, Copy, Debug)]
pub struct BadLine<'a> {
    /// The file (`stdin` for standard input), or the argument, it came from.
    pub source: &'a str,
    /// Its 1-based line in `source`; `None` for an argument.
    pub line: Option<usize>,
    /// Its text, when it has one line of its own.
    pub input: Option<&'a str>,
    /// What is wrong.
    pub error: &'a str,
}

impl BadLine<'_> {
    /// Its JSON row: the fields every answer row has, with status `error`.
    pub fn json(&self) -> Json {
        json!({
            "source": self.source,
            "line": self.line,
            "input": self.input,
            "status": "error",
            "error": self.error,
        })
    }
}

/// The bad instances of a batch: reports each one the same way for every problem, counts
/// them, and gives the batch's exit status.
#[derive(Debug)]
pub struct BadLines {
    format: Format,
    count: usize,
}

impl BadLines {
    /// No bad instance yet; rows go out in `format`.
    pub fn new(format: Format) -> Self {
        Self { format, count: 0 }
    }

    /// Reports `bad`: flushes `out` first (so that on a terminal the message lands among the
    /// answers in input order), writes `searchlab: FILE: line N: what` to stderr, and with
    /// `--format json` the error row, with `extra` fields added, to `out` in its place.
    pub fn report(
        &mut self,
        out: &mut dyn Write,
        bad: &BadLine<'_>,
        extra: &[(&str, Json)],
    ) -> io::Result<()> {
        self.count += 1;
        out.flush()?;
        eprintln!("searchlab: {}: {}", place(bad.source, bad.line), bad.error);
        if self.format == Format::Json {
            let mut row = bad.json();
            for (key, value) in extra {
                row[*key] = value.clone();
            }
            json_line(out, &row)?;
        }
        Ok(())
    }

    /// How many were reported.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Exit status 2 when any was reported ([`batch_status`]).
    pub fn status(&self) -> ExitCode {
        batch_status(self.count)
    }

    /// The exit status of a `solve` batch in which `stopped` instances got no answer because a
    /// limit stopped their search: 2 when any line was bad input, else 1 when any search was
    /// stopped (not bad input, but not every answer either), else 0.
    pub fn status_with_stopped(&self, stopped: usize) -> ExitCode {
        if self.count == 0 && stopped > 0 {
            ExitCode::FAILURE
        } else {
            self.status()
        }
    }
}
