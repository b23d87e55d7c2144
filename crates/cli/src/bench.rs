//! `searchlab bench`: algorithms against each other over instance files, for every problem of
//! the [registry](crate::registry), through its [`Description`].
//!
//! Every (algorithm, heuristic) pair runs on every instance; the output is a table per pair
//! (or the per-instance rows as CSV or JSON), an agreement check, and optionally an SVG plot.
//!
//! * A pair's algorithm may carry problem options after `+` (`alphabeta+no-table`,
//!   `astar+goal=blank-last`): one run can then compare variants the description offers as
//!   options. `--opt NAME[=VALUE]` sets an option for every pair.
//! * Work is counted (nodes expanded and generated), timed, and the peak heap memory of each
//!   search is measured by the counting allocator of [`crate::alloc`], per thread, so the
//!   figure is right with any `--jobs`.
//! * Agreement: the answers of exact algorithms (see [`agree::promise`]) must be equal, and an
//!   expected answer written after `|` takes part; a bounded algorithm's answer must be within
//!   its bound of the exact one. A difference means a bug or an inadmissible heuristic: the
//!   run says so on stderr and exits with status 1.
//! * Runs are independent: each runs on a fresh thread with a fresh problem value (made with
//!   the pair's options and prepared for it, outside the measured time and memory, as one
//!   `searchlab solve` of that instance would be), so the rows depend neither on `--jobs` nor
//!   on the order of the runs, except for times. Tables such as pattern databases are built
//!   (or loaded into the disk cache) once, before any run.
//! * Ctrl-C stops the runs under way (they poll a cancel flag) and starts no more, then prints
//!   what finished (exit status 130); a second Ctrl-C ends the process at once.
//! * Exit status otherwise: 2 when an instance line was bad (the others ran), else 1 when a
//!   limit stopped a run before its answer (each such row says which), else 0.

mod agree;
mod output;
mod plot;
mod work;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use searchlab_core::{Algorithm, Description, GameAlgorithm, Kind, Note, Options, Status};
use serde_json::json;

use crate::error::BadInput;
use crate::instances;
use crate::limits::LimitArgs;
use output::{Row, Summary};

/// Output format of `searchlab bench`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table per (algorithm, heuristic) pair.
    #[default]
    Table,
    /// One CSV row per pair and instance.
    Csv,
    /// One JSON object: summaries, rows, disagreements, bad lines.
    Json,
}

/// Arguments of `searchlab bench`.
#[derive(clap::Args)]
#[command(after_long_help = "\
Instance files are read as `searchlab solve PROBLEM --file` reads them: one instance per line
('#' comments, optional expected answer after '|'), or the problem's own format (a judge's
input). `searchlab solve PROBLEM --help` describes the instances, algorithms, heuristics (for
games: move orders) and options of each problem; `searchlab list` names them all.

Examples:
    searchlab bench eight puzzles/eight/medium.txt --algo astar,idastar --heuristic manhattan,misplaced
    searchlab bench tictactoe puzzles/tictactoe/easy.txt --algo alphabeta,alphabeta+no-table --format csv
    searchlab bench fifteen puzzles/fifteen/easy.txt --algo idastar,idastar+reflect --heuristic pdb663

Exit status: 0 all good; 1 two exact algorithms disagree (or an error); 2 bad instance lines
(the rest still ran); 130 interrupted by Ctrl-C.")]
pub struct BenchArgs {
    /// The problem (`searchlab list` names them).
    #[arg(value_name = "PROBLEM")]
    pub problem: String,
    /// Instance files (`-`: standard input).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Algorithms, comma-separated, each with optional problem options after `+`
    /// (`alphabeta+no-table`); default: the problem's default algorithm.
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    pub algo: Vec<String>,
    /// Heuristics (games: move orders), comma-separated (default: the problem's default).
    #[arg(long, value_delimiter = ',', value_name = "H1,H2")]
    pub heuristic: Vec<String>,
    /// A problem option for every pair: `NAME=VALUE`, or `NAME` for a flag (repeatable).
    #[arg(long, value_name = "NAME[=VALUE]")]
    pub opt: Vec<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Searches run at once (default 1, so that times are clean).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub jobs: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Also draw nodes expanded against solution length, per pair, as an SVG file.
    #[arg(long, value_name = "OUT.svg")]
    pub plot: Option<PathBuf>,
    /// Run only the K-th of N slices of the instances (every K-th of each N, in file order).
    #[arg(long, value_name = "K/N", value_parser = shard)]
    pub shard: Option<(usize, usize)>,
}

/// `K/N` with `1 <= K <= N`.
fn shard(text: &str) -> Result<(usize, usize), String> {
    let (k, n) = text.split_once('/').unwrap_or((text, ""));
    match (k.trim().parse::<usize>(), n.trim().parse::<usize>()) {
        (Ok(k), Ok(n)) if 1 <= k && k <= n => Ok((k, n)),
        _ => Err("expected K/N with 1 <= K <= N, like 2/3".into()),
    }
}

/// `searchlab bench`: the problem's bench from the registry.
pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    let entries = crate::registry::registry();
    let Some(entry) = entries.iter().find(|e| e.name == args.problem) else {
        let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
        let (problem, names) = (&args.problem, names.join(", "));
        let msg = format!("unknown problem '{problem}': valid problems are {names}");
        return Err(BadInput(msg).into());
    };
    (entry.bench)(&args)
}

/// One (algorithm, heuristic) pair, with the problem options its runs use.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The catalogue algorithm.
    pub algorithm: Algorithm,
    /// Its name as given, with its options (`alphabeta+no-table`).
    pub name: String,
    /// The heuristic, `none` when the algorithm takes none.
    pub heuristic: &'static str,
    /// The heuristic the problem is given: the default one when the pair takes none.
    pub given: &'static str,
    /// The problem's options for this pair: defaults, `--opt`, then the `+` ones.
    pub options: Options,
}

/// A good instance with where it came from.
pub struct Item<I> {
    /// `file:line`.
    pub source: String,
    /// The instance as written.
    pub text: String,
    /// The expected answer after `|`.
    pub expected: Option<String>,
    /// The instance.
    pub instance: I,
}

/// A bad instance: source, text, what is wrong.
type Bad = (String, String, String);

/// Sets `NAME=VALUE` or the flag `NAME` in `options`, checked against the problem's options.
fn set_option<D: Description>(options: &mut Options, text: &str) -> Result<(), BadInput> {
    let (name, value) = match text.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v.trim())),
        None => (text.trim(), None),
    };
    let known: Vec<&str> = D::options().iter().map(|o| o.name).collect();
    let what = match (D::options().iter().find(|o| o.name == name), value) {
        (Some(o), _) if o.value_name.is_some() == value.is_some() => {
            options.set(name, value.unwrap_or("true"));
            return Ok(());
        }
        (Some(o), _) => match o.value_name {
            Some(v) => format!("takes a value: {name}={v}"),
            None => format!("is a flag: write {name} alone"),
        },
        (None, _) if known.is_empty() => format!("is unknown: {} has no options", D::NAME),
        (None, _) => format!("is unknown: valid options are {}", known.join(", ")),
    };
    Err(BadInput(format!("option '{name}' of {} {what}", D::NAME)))
}

/// The problem's options before the pairs' own: defaults, then `--opt`.
fn base_options<D: Description>(args: &BenchArgs) -> Result<Options, BadInput> {
    let mut options = Options::new();
    for o in D::options() {
        if let Some(d) = o.default {
            options.set(o.name, d);
        }
    }
    for text in &args.opt {
        set_option::<D>(&mut options, text)?;
    }
    Ok(options)
}

/// `name (summary), ...` for error messages.
fn listed<'a>(names: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    names
        .map(|(n, s)| format!("{n} ({s})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The algorithms named by `--algo` with their options (the default algorithm when none).
fn algorithms<D: Description>(
    args: &BenchArgs,
) -> Result<Vec<(Algorithm, String, Options)>, BadInput> {
    let base = base_options::<D>(args)?;
    let names = if args.algo.is_empty() {
        vec![D::default_algorithm().name().to_owned()]
    } else {
        args.algo.iter().map(|a| a.trim().to_owned()).collect()
    };
    let mut out = Vec::new();
    for name in names {
        let mut parts = name.split('+');
        let base_name = parts.next().unwrap_or_default();
        // With its catalogue parameters (`mcts:playouts=500`, `wastar:1.5`).
        let parsed = base_name.parse::<Algorithm>().ok();
        let Some(algorithm) = parsed.filter(|a| D::algorithms().contains(&a.base())) else {
            let all = D::algorithms();
            return Err(BadInput(format!(
                "unknown algorithm '{name}' for {}: valid algorithms are {}",
                D::NAME,
                listed(all.iter().map(|a| (a.name(), a.summary())))
            )));
        };
        let mut options = base.clone();
        for option in parts {
            set_option::<D>(&mut options, option)?;
        }
        out.push((algorithm, name, options));
    }
    Ok(out)
}

/// The (algorithm, heuristic) pairs to run, checked against the description's names.
fn pairs<D: Description>(args: &BenchArgs) -> Result<Vec<Pair>, BadInput> {
    let known = D::heuristics();
    let heuristics: Vec<&'static str> = if args.heuristic.is_empty() {
        vec![D::default_heuristic()]
    } else {
        let mut v = Vec::new();
        for name in &args.heuristic {
            let Some(h) = known.iter().find(|h| h.0 == name.trim()) else {
                return Err(BadInput(format!(
                    "unknown heuristic '{name}' for {}: valid heuristics are {}",
                    D::NAME,
                    listed(known.iter().copied())
                )));
            };
            v.push(h.0);
        }
        v
    };
    let mut pairs: Vec<Pair> = Vec::new();
    for (algorithm, name, options) in algorithms::<D>(args)? {
        // Minimax visits every move whatever their order: one run, not one per move order.
        let uses =
            algorithm.uses_heuristic() && algorithm != Algorithm::Game(GameAlgorithm::Minimax);
        let hs = if uses {
            heuristics.clone()
        } else {
            vec!["none"]
        };
        for heuristic in hs {
            let given = [heuristic, D::default_heuristic()][usize::from(heuristic == "none")];
            let (name, options) = (name.clone(), options.clone());
            let pair = Pair {
                algorithm,
                name,
                heuristic,
                given,
                options,
            };
            if !pairs
                .iter()
                .any(|p| p.name == pair.name && p.heuristic == heuristic)
            {
                pairs.push(pair);
            }
        }
    }
    Ok(pairs)
}

/// The good instances of the files (of the shard) and the bad ones (each named on stderr).
fn read_items<D: Description>(problem: &D, args: &BenchArgs) -> (Vec<Item<D::Instance>>, Vec<Bad>) {
    let (mut items, mut bad) = (Vec::new(), Vec::new());
    // A shard's instances: the same on every machine, as they depend on the files alone.
    let (k, n) = args.shard.unwrap_or((1, 1));
    let all = instances::gather(problem, &[], &args.files).into_iter();
    for item in all.enumerate().filter(|e| e.0 % n == k - 1).map(|e| e.1) {
        let source = match item.line {
            Some(line) => format!("{}:{line}", item.source),
            None => item.source,
        };
        match item.parsed {
            Ok(instance) => {
                let text = item
                    .input
                    .unwrap_or_else(|| problem.show(&instance).replace('\n', " / "));
                items.push(Item {
                    source,
                    text,
                    expected: item.expected,
                    instance,
                });
            }
            Err(msg) => {
                let text = item.input.unwrap_or_default();
                eprintln!("searchlab: {source}: bad instance '{text}': {msg}");
                bad.push((source, text, msg));
            }
        }
    }
    (items, bad)
}

/// Makes every pair's problem once and prepares it (building or caching its tables, with
/// their messages on stderr), so that bad options fail before any run and no run waits.
fn prepare_all<D: Description>(pairs: &[Pair]) -> Result<(), BadInput> {
    for pair in pairs {
        let mut problem = D::new(&pair.options).map_err(BadInput)?;
        let mut notes = crate::batch::Notes::default();
        let (algorithm, given) = (pair.algorithm, pair.given);
        problem
            .prepare(algorithm, given, &mut |n| notes.note(n))
            .map_err(BadInput)?;
        notes.note(Note::Finished);
    }
    Ok(())
}

/// `searchlab bench` for the problem `D`.
pub fn bench<D>(args: &BenchArgs) -> anyhow::Result<ExitCode>
where
    D: Description,
    D::Instance: Sync,
{
    let pairs = pairs::<D>(args)?;
    let limits = args.limits.limits()?;
    work::check_jobs(args.jobs)?;
    let problem = D::new(&base_options::<D>(args)?).map_err(BadInput)?;
    let (items, bad) = read_items(&problem, args);
    if items.is_empty() && bad.is_empty() {
        return Err(BadInput("no instances in the files given".into()).into());
    }
    prepare_all::<D>(&pairs)?;
    let (results, interrupted, total) = work::run_all::<D>(&items, &pairs, limits, args.jobs)?;
    let rows = rows(D::KIND, &items, &pairs, &results);
    let summaries: Vec<Summary> = pairs.iter().map(|p| output::summarise(p, &rows)).collect();
    let disagreements = agree::check(&items, &pairs, &rows);
    let report = Report {
        kind: D::KIND,
        args,
        pairs: &pairs,
        items: items.len(),
        rows: &rows,
        summaries,
        disagreements,
        bad,
        interrupted,
        total,
    };
    report.print()?;
    report.finish()
}

/// The rows, pair-major and in file order: the same for every job count.
fn rows<I>(
    kind: Kind,
    items: &[Item<I>],
    pairs: &[Pair],
    results: &[Vec<Option<work::Measured>>],
) -> Vec<Row> {
    let mut rows = Vec::new();
    for (p, pair) in pairs.iter().enumerate() {
        for (i, item) in items.iter().enumerate() {
            if let Some((answer, peak)) = &results[i][p] {
                rows.push(Row::new(kind, i, (p, pair), item, answer, *peak));
            }
        }
    }
    rows
}

/// Everything a bench prints.
struct Report<'a> {
    kind: Kind,
    args: &'a BenchArgs,
    pairs: &'a [Pair],
    items: usize,
    rows: &'a [Row],
    summaries: Vec<Summary>,
    disagreements: Vec<agree::Disagreement>,
    bad: Vec<Bad>,
    interrupted: bool,
    total: usize,
}

impl Report<'_> {
    /// The first line of the table: what ran, under which limits.
    fn heading(&self) -> String {
        let (args, nodes, time) = (
            self.args,
            self.args.limits.max_nodes,
            self.args.limits.timeout,
        );
        let limits: Vec<String> = (nodes.map(|n| format!("{n} nodes")).into_iter())
            .chain(time.map(|t| format!("{t} s")))
            .collect();
        let limit_text = match limits.is_empty() {
            true => "no limits".to_owned(),
            false => format!("limits {}", limits.join(", ")),
        };
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let (n, p, j) = (self.items, self.pairs.len(), args.jobs);
        format!(
            "{}: {n} instance{}, {p} pair{}, {limit_text}, {j} job{}; peak mem = largest heap use of one search (measured)",
            args.problem,
            plural(n),
            plural(p),
            plural(j)
        )
    }

    /// The table, CSV or JSON on stdout, and the plot.
    fn print(&self) -> anyhow::Result<()> {
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        match self.args.format {
            Format::Table => {
                writeln!(out, "{}", self.heading())?;
                out.write_all(output::table(&self.summaries, self.kind).as_bytes())?;
                if self.disagreements.is_empty() && self.rows.iter().any(|r| r.status != "stopped")
                {
                    writeln!(out, "agreement: every answered instance has one answer")?;
                }
            }
            Format::Csv => out.write_all(output::csv(self.rows).as_bytes())?,
            Format::Json => {
                let bad: Vec<_> = self
                    .bad
                    .iter()
                    .map(|(s, t, m)| json!({ "source": s, "instance": t, "error": m }))
                    .collect();
                let report = json!({
                    "problem": self.args.problem,
                    "jobs": self.args.jobs,
                    "max_nodes": self.args.limits.max_nodes,
                    "timeout": self.args.limits.timeout,
                    "interrupted": self.interrupted,
                    "summary": self.summaries,
                    "rows": self.rows,
                    "disagreements": self.disagreements,
                    "bad": bad,
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
            }
        }
        out.flush()?;
        if let Some(path) = &self.args.plot {
            let title = format!("{}: nodes expanded per instance", self.args.problem);
            plot::plot(path, &title, self.kind, self.pairs, self.rows)?;
        }
        Ok(())
    }

    /// The messages on stderr and the exit status.
    fn finish(&self) -> anyhow::Result<ExitCode> {
        for d in &self.disagreements {
            eprintln!("searchlab: {}", d.message());
        }
        if self.interrupted {
            eprintln!(
                "searchlab: interrupted: {} of {} runs finished; the results above cover those",
                self.rows.len(),
                self.total
            );
        }
        if !self.disagreements.is_empty() {
            eprintln!(
                "searchlab: {} instance(s) with disagreeing answers: an algorithm is wrong or a heuristic is inadmissible",
                self.disagreements.len()
            );
            return Ok(ExitCode::FAILURE);
        }
        if self.interrupted {
            return Ok(ExitCode::from(130));
        }
        if !self.bad.is_empty() {
            eprintln!(
                "searchlab: {} bad instance line(s); the others ran",
                self.bad.len()
            );
            return Ok(ExitCode::from(2));
        }
        // A limit is an outcome, reported in its row, and the status says a run was cut short
        // (the same rule as `solve`).
        let stopped = self.rows.iter().filter(|r| r.status == "stopped").count();
        if stopped > 0 {
            eprintln!("searchlab: {stopped} run(s) stopped by a limit before an answer");
            return Ok(ExitCode::FAILURE);
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// `stopped`'s limit by its CSV name.
fn limit_name(status: Status) -> Option<&'static str> {
    use searchlab_core::LimitKind as L;
    let Status::Stopped(kind) = status else {
        return None;
    };
    Some(match kind {
        L::Nodes => "nodes",
        L::Time => "time",
        L::Cost => "cost",
        L::Cancelled => "cancelled",
        L::Memory => "memory",
    })
}
