//! What a bench prints, from its rows alone: the table, CSV or JSON on one stream, the
//! messages and the exit status on the other, and the plot. A merge of shard files makes the
//! same [`Report`] as an unsharded run, so it prints the same.

use std::io::Write;
use std::path::Path;

use serde_json::json;

use crate::BenchError;
use crate::aggregate::{Aggregates, ScoreBounds};
use crate::agree::{self, Disagreement};
use crate::compare::Comparison;
use crate::definition::{Definition, InstanceRecord, PairSpec, Shard};
use crate::output::{self, Row, Summary, pair_label};
use crate::statistics::DEFAULT_SEED;

/// How a bench's results are written (`searchlab bench --format`, `searchlab report
/// --format`): a [`Report`] prints every format but [`ReportFormat::Jsonl`], which a bench
/// writes row by row as its runs end (a shard file, [`crate::jsonl`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ReportFormat {
    /// A table per (algorithm, heuristic) pair.
    #[default]
    Table,
    /// One CSV row per pair and instance.
    Csv,
    /// One JSON object: summaries, rows, disagreements, bad lines.
    Json,
    /// JSON Lines, a header then a row per run as it ends: a shard file for `searchlab report`
    /// (bench only).
    Jsonl,
    /// One self-contained HTML page: definition, coverage, common instances, comparisons,
    /// plots, the sortable per-instance table, disagreements and errors.
    Html,
}

impl ReportFormat {
    /// `self` if a [`Report`] prints in it.
    ///
    /// # Errors
    /// [`BenchError::BadInput`] for [`ReportFormat::Jsonl`].
    pub fn printable(self) -> Result<ReportFormat, BenchError> {
        match self {
            ReportFormat::Jsonl => Err(BenchError::BadInput(
                "report prints table, csv, json or html, not jsonl".into(),
            )),
            format => Ok(format),
        }
    }
}

/// What a report compares and how: the paired comparisons, the bootstrap's seed, the bounds
/// of lab's scores, and whether the all-instance table is printed too.
#[derive(Clone, Debug, Default)]
pub struct ReportOptions {
    /// Comparisons B against A as (A, B) names: a pair's label (`astar/manhattan`), or an
    /// algorithm name that one pair alone has.
    pub compare: Vec<(String, String)>,
    /// Every other pair against this one (unless `compare` is given).
    pub baseline: Option<String>,
    /// The bootstrap's seed ([`DEFAULT_SEED`] when `None`).
    pub seed: Option<u64>,
    /// The bounds of lab's scores ([`ScoreBounds::lab`] of the time limit when `None`).
    pub bounds: Option<ScoreBounds>,
    /// Print the figures over all instances too (answered or not), after the fair ones.
    pub all_instances: bool,
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
    bad: Vec<InstanceRecord>,
    interrupted: bool,
    total: usize,
    problems: Vec<String>,
    notes: Vec<String>,
    definition: Definition,
    good: Vec<usize>,
    aggregates: Aggregates,
    comparisons: Vec<Comparison>,
    /// The (A, B) pair numbers of `comparisons`.
    compared: Vec<(usize, usize)>,
    /// The comparisons made when none is asked for: (A, B) pair numbers.
    default_comparisons: Vec<(usize, usize)>,
    all_instances: bool,
    provenance: Vec<(String, String)>,
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
        let mine: Vec<(usize, &InstanceRecord)> = (definition.instances.iter().enumerate())
            .filter(|(i, _)| shard.owns(*i))
            .collect();
        let good: Vec<(usize, &InstanceRecord)> = mine
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
        let good: Vec<usize> = good.iter().map(|(i, _)| *i).collect();
        let bounds = ScoreBounds::lab(definition.limits.timeout);
        let aggregates = Aggregates::new(&definition.pairs, &good, &rows, bounds);
        let default_comparisons: Vec<(usize, usize)> =
            (1..definition.pairs.len()).map(|b| (0, b)).collect();
        let comparisons = comparisons(definition, &default_comparisons, &good, &rows, DEFAULT_SEED);
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
            definition: definition.clone(),
            good,
            aggregates,
            comparisons,
            compared: default_comparisons.clone(),
            default_comparisons,
            all_instances: false,
            provenance: Vec::new(),
        }
    }

    /// The same report compared and scored as `options` say.
    ///
    /// # Errors
    ///
    /// [`BenchError::BadInput`] naming a pair of `--compare` or `--baseline` that is not in
    /// the report, with the pairs that are.
    pub fn configure(mut self, options: &ReportOptions) -> Result<Report, BenchError> {
        let find = |name: &str| find_pair(&self.pairs, name);
        let wanted: Vec<(usize, usize)> = match (&options.compare, &options.baseline) {
            (c, _) if !c.is_empty() => (c.iter())
                .map(|(a, b)| Ok((find(a)?, find(b)?)))
                .collect::<Result<_, BenchError>>()?,
            (_, Some(base)) => {
                let a = find(base)?;
                (0..self.pairs.len())
                    .filter(|b| *b != a)
                    .map(|b| (a, b))
                    .collect()
            }
            _ => self.default_comparisons.clone(),
        };
        if let Some(bounds) = options.bounds {
            self.aggregates = Aggregates::new(&self.pairs, &self.good, &self.rows, bounds);
        }
        let seed = options.seed.unwrap_or(DEFAULT_SEED);
        self.comparisons = comparisons(&self.definition, &wanted, &self.good, &self.rows, seed);
        self.compared = wanted;
        self.all_instances = options.all_instances;
        Ok(self)
    }

    /// The same report, whose comparisons made when none is asked for are `pairs` (A, B).
    pub fn comparing_by_default(mut self, pairs: Vec<(usize, usize)>) -> Report {
        self.comparisons = comparisons(
            &self.definition,
            &pairs,
            &self.good,
            &self.rows,
            DEFAULT_SEED,
        );
        self.compared = pairs.clone();
        self.default_comparisons = pairs;
        self
    }

    /// The same report with where and by what it ran (`tool`, `command`, `host`,
    /// `revision`...), for the HTML page's definition.
    pub fn with_provenance(mut self, provenance: Vec<(String, String)>) -> Report {
        self.provenance = provenance;
        self
    }

    /// The benchmark's definition.
    pub fn definition(&self) -> &Definition {
        &self.definition
    }

    /// Where and by what it ran, as given to [`with_provenance`](Report::with_provenance).
    pub fn provenance(&self) -> &[(String, String)] {
        &self.provenance
    }

    /// Coverage, lab's scores and the figures over the common instances.
    pub fn aggregates(&self) -> &Aggregates {
        &self.aggregates
    }

    /// The paired comparisons.
    pub fn comparisons(&self) -> &[Comparison] {
        &self.comparisons
    }

    /// The problems of a merge (missing or duplicated rows).
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// The notes of a merge.
    pub fn notes(&self) -> &[String] {
        &self.notes
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
    pub fn bad(&self) -> &[InstanceRecord] {
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

    /// The heading; coverage and scores; the figures over the common instances; the paired
    /// comparisons; the all-instance table when asked; and the agreement line when it holds.
    pub fn table(&self) -> String {
        let mut out = self.heading() + "\n";
        out += &crate::text::coverage(&self.aggregates, self.kind);
        out += &crate::text::common(&self.aggregates);
        out += &crate::text::comparisons(&self.comparisons);
        if self.all_instances {
            out += "all instances, answered or not:\n";
            out += &output::table(&self.summaries, self.kind);
        }
        if self.disagreements.is_empty() && self.rows.iter().any(|r| r.status != "stopped") {
            out += "agreement: every answered instance has one answer\n";
        }
        out
    }

    /// Writes the results in `format` to `out`.
    ///
    /// # Errors
    ///
    /// Writing to `out`; [`ReportFormat::printable`] for `format`.
    pub fn print(&self, format: ReportFormat, out: &mut dyn Write) -> Result<(), BenchError> {
        match format {
            // The one format a report does not print: its error.
            ReportFormat::Jsonl => return format.printable().map(drop),
            ReportFormat::Table => out.write_all(self.table().as_bytes())?,
            ReportFormat::Csv => out.write_all(output::csv(&self.rows).as_bytes())?,
            ReportFormat::Json => {
                let bad: Vec<_> = (self.bad.iter())
                    .map(|e| json!({ "source": e.source, "instance": e.text, "error": e.error }))
                    .collect();
                let report = json!({
                    "problem": self.problem,
                    "coverage": crate::text::coverage_json(&self.aggregates),
                    "common": crate::text::common_json(&self.aggregates),
                    "scores": crate::text::scores_json(&self.aggregates),
                    "pairs": self.comparisons.iter().map(Comparison::json).collect::<Vec<_>>(),
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
            ReportFormat::Html => out.write_all(self.html()?.as_bytes())?,
        }
        out.flush()?;
        Ok(())
    }

    /// Draws nodes expanded against solution length, a series per pair, to `path`: PNG when
    /// its name ends in `.png`, else SVG ([`crate::plot::write`]).
    ///
    /// # Errors
    ///
    /// [`BenchError::Plot`] when the file cannot be drawn.
    pub fn plot(&self, path: &Path) -> Result<(), BenchError> {
        crate::plot::write(path, &self.lengths())
    }

    /// The scatter plot of comparison number `c` (its B against its A, per instance) by
    /// `measure`, to draw as SVG or PNG.
    ///
    /// # Errors
    ///
    /// [`BenchError::BadInput`] when the report has no comparison `c`.
    pub fn scatter(
        &self,
        c: usize,
        measure: crate::plot::Measure,
    ) -> Result<crate::plot::Chart, BenchError> {
        let Some(comparison) = self.comparisons.get(c) else {
            return Err(BenchError::BadInput(
                "no comparison to draw: the report has one pair".into(),
            ));
        };
        let (a, b) = self.compared[c];
        let by_key: std::collections::HashMap<(usize, usize), &Row> = (self.rows.iter())
            .filter(|r| r.pair == a || r.pair == b)
            .map(|r| ((r.pair, r.index), r))
            .collect();
        let of = |p: usize, i: usize| {
            (by_key.get(&(p, i))).map(|r| (crate::aggregate::answered(r), measure.of(r)))
        };
        let points: Vec<(Option<f64>, Option<f64>)> = (self.good.iter())
            .filter_map(|&i| {
                let ((sa, va), (sb, vb)) = (of(a, i)?, of(b, i)?);
                (sa || sb).then_some((sa.then_some(va), sb.then_some(vb)))
            })
            .collect();
        let title = format!(
            "{}: {} vs {}, {}",
            self.problem,
            comparison.b,
            comparison.a,
            measure.name()
        );
        Ok(crate::plot::scatter(
            &title,
            (&comparison.a, &comparison.b),
            measure,
            &points,
        ))
    }

    /// The cactus plot by `measure`: per pair, instances answered within a budget, to draw
    /// as SVG or PNG.
    ///
    /// # Errors
    ///
    /// None today; a `Result` as [`Report::scatter`]'s, so that callers treat plots alike.
    pub fn cactus(&self, measure: crate::plot::Measure) -> Result<crate::plot::Chart, BenchError> {
        let series: Vec<(String, Vec<f64>)> = (self.pairs.iter().enumerate())
            .map(|(p, spec)| {
                let values = (self.rows.iter())
                    .filter(|r| r.pair == p && crate::aggregate::answered(r))
                    .map(|r| measure.of(r))
                    .collect();
                (pair_label(&spec.algorithm, &spec.heuristic), values)
            })
            .collect();
        let title = format!(
            "{}: instances answered within a budget of {}",
            self.problem,
            measure.name()
        );
        Ok(crate::plot::cactus(
            &title,
            measure,
            &series,
            self.good.len(),
        ))
    }

    /// The plot of nodes expanded against solution length, to draw as SVG or PNG.
    pub fn lengths(&self) -> crate::plot::Chart {
        let title = format!("{}: nodes expanded per instance", self.problem);
        crate::plot::lengths(&title, self.kind, &self.pairs, &self.rows)
    }

    /// The kind of problem (puzzle or game).
    pub fn kind(&self) -> searchlab_toolkit::Kind {
        self.kind
    }

    /// The pairs, in order.
    pub fn pairs(&self) -> &[PairSpec] {
        &self.pairs
    }

    /// The positions of the good instances (those every pair runs).
    pub fn instances(&self) -> &[usize] {
        &self.good
    }

    /// The one-line heading of the table.
    pub fn title(&self) -> String {
        self.heading()
    }

    /// The self-contained HTML page of the report ([`crate::html`]).
    ///
    /// # Errors
    ///
    /// [`BenchError::Plot`] when a plot cannot be drawn.
    pub fn html(&self) -> Result<String, BenchError> {
        crate::html::page(self)
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
                "{prefix}{} with disagreeing answers: an algorithm is wrong or a heuristic is inadmissible",
                searchlab_toolkit::describe::counted(
                    self.disagreements.len() as u64,
                    "instance",
                    "instances"
                )
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

/// The pair of `pairs` named `name`: its label, or an algorithm that one pair alone has.
fn find_pair(pairs: &[PairSpec], name: &str) -> Result<usize, BenchError> {
    let labels: Vec<String> = (pairs.iter())
        .map(|p| pair_label(&p.algorithm, &p.heuristic))
        .collect();
    if let Some(i) = labels.iter().position(|l| l == name) {
        return Ok(i);
    }
    let by_algorithm: Vec<usize> = (0..pairs.len())
        .filter(|i| pairs[*i].algorithm == name)
        .collect();
    match by_algorithm[..] {
        [i] => Ok(i),
        [] => Err(BenchError::BadInput(format!(
            "no pair '{name}' in the report: its pairs are {}",
            labels.join(", ")
        ))),
        _ => Err(BenchError::BadInput(format!(
            "'{name}' names several pairs: say which, one of {}",
            labels.join(", ")
        ))),
    }
}

impl ReportOptions {
    /// Checks the names of `compare` and `baseline` against `pairs`, so that a bench refuses
    /// a misspelt name before it runs.
    ///
    /// # Errors
    ///
    /// [`BenchError::BadInput`] naming the pair that is not among `pairs`.
    pub fn check(&self, pairs: &[PairSpec]) -> Result<(), BenchError> {
        let names = (self.compare.iter())
            .flat_map(|(a, b)| [a, b])
            .chain(&self.baseline);
        for name in names {
            find_pair(pairs, name)?;
        }
        Ok(())
    }
}

/// The comparisons `wanted` (A, B pair numbers) over the rows of the good instances.
fn comparisons(
    definition: &Definition,
    wanted: &[(usize, usize)],
    good: &[usize],
    rows: &[Row],
    seed: u64,
) -> Vec<Comparison> {
    let label = |p: usize| {
        let spec = &definition.pairs[p];
        pair_label(&spec.algorithm, &spec.heuristic)
    };
    (wanted.iter())
        .map(|&(a, b)| Comparison::new((a, &label(a)), (b, &label(b)), good, rows, seed))
        .collect()
}
