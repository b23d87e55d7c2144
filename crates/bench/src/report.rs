//! What a bench prints, from its rows alone: the table, CSV or JSON on one stream, the
//! messages and the exit status on the other, and the plot. A merge of shard files makes the
//! same [`Report`] as an unsharded run, so it prints the same.

use std::io::Write;
use std::path::Path;

use serde_json::json;

use crate::BenchError;
use crate::agree::{self, Disagreement};
use crate::definition::{Definition, Entry, PairSpec, Shard};
use crate::output::{self, Row, Summary};

/// How a report prints its results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// A table per (algorithm, heuristic) pair.
    #[default]
    Table,
    /// One CSV row per pair and instance.
    Csv,
    /// One JSON object: summaries, rows, disagreements, bad lines.
    Json,
}

/// How a bench ended, most serious first; [`Verdict::code`] is its exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Two exact algorithms (or one and the expected answer) disagree: status 1.
    Disagreement,
    /// Interrupted (Ctrl-C) before every run ended: status 130.
    Interrupted,
    /// A merge lacks rows, or has some twice: status 2.
    Incomplete,
    /// Some instance lines were bad (the others ran): status 2.
    BadLines,
    /// A limit stopped some run before its answer: status 1.
    Stopped,
    /// Every run answered and the answers agree: status 0.
    Success,
}

impl Verdict {
    /// The exit status.
    pub fn code(self) -> u8 {
        match self {
            Verdict::Success => 0,
            Verdict::Disagreement | Verdict::Stopped => 1,
            Verdict::Incomplete | Verdict::BadLines => 2,
            Verdict::Interrupted => 130,
        }
    }
}

/// The results of a bench (or of a merge of shards) and everything it prints.
#[derive(Debug)]
pub struct Report {
    problem: String,
    kind: searchlab_toolkit::Kind,
    limits: crate::LimitSpec,
    jobs: usize,
    pairs: Vec<PairSpec>,
    instances: usize,
    rows: Vec<Row>,
    summaries: Vec<Summary>,
    disagreements: Vec<Disagreement>,
    bad: Vec<Entry>,
    interrupted: bool,
    total: usize,
    problems: Vec<String>,
    notes: Vec<String>,
}

impl Report {
    /// The report of `rows`, the runs of `shard` of `definition` on `jobs` threads;
    /// `interrupted` when a cancel flag stopped them.
    pub fn new(
        definition: &Definition,
        shard: Shard,
        jobs: usize,
        rows: Vec<Row>,
        interrupted: bool,
    ) -> Report {
        let mine: Vec<(usize, &Entry)> = (definition.instances.iter().enumerate())
            .filter(|(i, _)| shard.owns(*i))
            .collect();
        let good: Vec<(usize, &Entry)> = mine
            .iter()
            .copied()
            .filter(|(_, e)| e.error.is_none())
            .collect();
        let bad = (mine.iter().filter(|(_, e)| e.error.is_some()))
            .map(|(_, e)| (*e).clone())
            .collect();
        let summaries = (definition.pairs.iter())
            .map(|p| output::summarise(p, &rows))
            .collect();
        let disagreements = agree::check(&good, &definition.pairs, &rows);
        Report {
            problem: definition.problem.clone(),
            kind: definition.kind(),
            limits: definition.limits,
            jobs,
            pairs: definition.pairs.clone(),
            instances: good.len(),
            total: good.len() * definition.pairs.len(),
            rows,
            summaries,
            disagreements,
            bad,
            interrupted,
            problems: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The same report, incomplete for the reasons given (a merge's missing or duplicated
    /// rows): they are printed by [`finish`](Report::finish), and the verdict is
    /// [`Verdict::Incomplete`] unless answers disagree.
    pub fn incomplete(mut self, problems: Vec<String>) -> Report {
        self.problems = problems;
        self
    }

    /// The same report with `notes` to print by [`finish`](Report::finish), which do not
    /// change the verdict (a merge of shards run by different tool versions).
    pub fn noting(mut self, notes: Vec<String>) -> Report {
        self.notes = notes;
        self
    }

    /// The rows, pair-major and in input order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// One summary per pair, in pair order.
    pub fn summaries(&self) -> &[Summary] {
        &self.summaries
    }

    /// The bad instances (of the shard, or of every shard for a merge).
    pub fn bad(&self) -> &[Entry] {
        &self.bad
    }

    /// The instances whose answers disagree.
    pub fn disagreements(&self) -> &[Disagreement] {
        &self.disagreements
    }

    /// The first line of the table: what ran, under which limits.
    fn heading(&self) -> String {
        let (nodes, time) = (self.limits.max_nodes, self.limits.timeout);
        let limits: Vec<String> = (nodes.map(|n| format!("{n} nodes")).into_iter())
            .chain(time.map(|t| format!("{t} s")))
            .collect();
        let limit_text = match limits.is_empty() {
            true => "no limits".to_owned(),
            false => format!("limits {}", limits.join(", ")),
        };
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let (n, p, j) = (self.instances, self.pairs.len(), self.jobs);
        format!(
            "{}: {n} instance{}, {p} pair{}, {limit_text}, {j} job{}; peak mem = largest heap use of one search (measured)",
            self.problem,
            plural(n),
            plural(p),
            plural(j)
        )
    }

    /// The heading, the table of the summaries, and the agreement line when it holds.
    pub fn table(&self) -> String {
        let mut out = self.heading() + "\n";
        out += &output::table(&self.summaries, self.kind);
        if self.disagreements.is_empty() && self.rows.iter().any(|r| r.status != "stopped") {
            out += "agreement: every answered instance has one answer\n";
        }
        out
    }

    /// Writes the results in `format` to `out`.
    ///
    /// # Errors
    ///
    /// Writing to `out`.
    pub fn print(&self, format: Format, out: &mut dyn Write) -> Result<(), BenchError> {
        match format {
            Format::Table => out.write_all(self.table().as_bytes())?,
            Format::Csv => out.write_all(output::csv(&self.rows).as_bytes())?,
            Format::Json => {
                let bad: Vec<_> = (self.bad.iter())
                    .map(|e| json!({ "source": e.source, "instance": e.text, "error": e.error }))
                    .collect();
                let report = json!({
                    "problem": self.problem,
                    "jobs": self.jobs,
                    "max_nodes": self.limits.max_nodes,
                    "timeout": self.limits.timeout,
                    "interrupted": self.interrupted,
                    "summary": self.summaries,
                    "rows": self.rows,
                    "disagreements": self.disagreements,
                    "bad": bad,
                });
                let text = serde_json::to_string_pretty(&report).map_err(std::io::Error::other)?;
                writeln!(out, "{text}")?;
            }
        }
        out.flush()?;
        Ok(())
    }

    /// Draws nodes expanded against solution length, a series per pair, to the SVG `path`.
    ///
    /// # Errors
    ///
    /// [`BenchError::Plot`] when the file cannot be drawn.
    pub fn plot(&self, path: &Path) -> Result<(), BenchError> {
        let title = format!("{}: nodes expanded per instance", self.problem);
        crate::plot::plot(path, &title, self.kind, &self.pairs, &self.rows)
    }

    /// How the bench ended.
    pub fn verdict(&self) -> Verdict {
        if !self.disagreements.is_empty() {
            Verdict::Disagreement
        } else if self.interrupted {
            Verdict::Interrupted
        } else if !self.problems.is_empty() {
            Verdict::Incomplete
        } else if !self.bad.is_empty() {
            Verdict::BadLines
        } else if self.rows.iter().any(|r| r.status == "stopped") {
            Verdict::Stopped
        } else {
            Verdict::Success
        }
    }

    /// Writes the messages (disagreements, interruption, bad lines, limits; each line
    /// prefixed with `prefix`) to `err`, and returns the verdict.
    ///
    /// # Errors
    ///
    /// Writing to `err`.
    pub fn finish(&self, prefix: &str, err: &mut dyn Write) -> Result<Verdict, BenchError> {
        for d in &self.disagreements {
            writeln!(err, "{prefix}{}", d.message())?;
        }
        for n in &self.notes {
            writeln!(err, "{prefix}note: {n}")?;
        }
        for p in &self.problems {
            writeln!(err, "{prefix}{p}")?;
        }
        if self.interrupted {
            writeln!(
                err,
                "{prefix}interrupted: {} of {} runs finished; the results above cover those",
                self.rows.len(),
                self.total
            )?;
        }
        let verdict = self.verdict();
        match verdict {
            Verdict::Disagreement => writeln!(
                err,
                "{prefix}{} instance(s) with disagreeing answers: an algorithm is wrong or a heuristic is inadmissible",
                self.disagreements.len()
            )?,
            Verdict::BadLines => writeln!(
                err,
                "{prefix}{} bad instance line(s); the others ran",
                self.bad.len()
            )?,
            Verdict::Stopped => {
                // A limit is an outcome, reported in its row, and the status says a run was
                // cut short (the same rule as `solve`).
                let stopped = self.rows.iter().filter(|r| r.status == "stopped").count();
                writeln!(
                    err,
                    "{prefix}{stopped} run(s) stopped by a limit before an answer"
                )?;
            }
            Verdict::Interrupted | Verdict::Incomplete | Verdict::Success => {}
        }
        Ok(verdict)
    }
}
