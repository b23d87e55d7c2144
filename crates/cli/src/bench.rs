//! `searchlab bench`: algorithms against each other over instance files.
//!
//! Every (algorithm, heuristic) pair runs on every instance; the output is a table per pair
//! (or the per-instance rows as CSV or JSON), an agreement check, and optionally an SVG plot.
//!
//! * Work is counted (nodes expanded and generated), timed, and the peak heap memory of each
//!   search is measured by the counting allocator of [`crate::alloc`], per thread, so the
//!   figure is right with any `--jobs`.
//! * Agreement: every algorithm offered is exact (optimal puzzle searches, whole-game
//!   searches), so two answers that differ on one instance mean a bug or an inadmissible
//!   heuristic. The run says so on stderr and exits with status 1. An expected answer written
//!   after `|` in the file takes part in the check.
//! * For tests there is a hidden heuristic `inadmissible-test` (eight, fifteen, rotation): an
//!   admissible heuristic multiplied by 3, which makes optimal searches disagree. It is not
//!   listed among the valid names.
//! * Runs are independent (each on a fresh thread with a fresh transposition table; tables
//!   such as pattern databases are built before timing), so the rows do not depend on
//!   `--jobs` or on the order of the runs, except for times.
//! * Ctrl-C stops the runs under way (they poll a cancel flag) and starts no more, then prints
//!   what finished (exit status 130); a second Ctrl-C ends the process at once.

mod output;
mod plot;
mod rotation;
mod sliding;
mod suite;
mod tictactoe;
mod triangle;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use searchlab_core::{Cancel, LimitKind};
use serde_json::json;

use crate::alloc::Meter;
use crate::error::BadInput;
use crate::limits::LimitArgs;
use output::{Disagreement, Row, Summary, pair_label};
use suite::{Kind, Run, Status, Suite};

const PROBLEMS: &str = "eight, fifteen, rotation, tictactoe, triangle";

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
Instance files: one instance per line ('#' comments, optional expected answer after '|'), or the
judge's input for rotation (2286), tictactoe (1568) and triangle (1085). Puzzles: eight and
fifteen boards like '2 3 4 1 5 x 7 6 8' (fifteen's goal is Korf's x 1 2 ... 15 unless
--blank-last; its pattern databases come from the cache of `searchlab solve fifteen`, built
once if missing), rotation boards of 24 numbers. Games: tic-tac-toe
positions like 'x.o/.x./...', Triangle War move lists like '2-4 4-5 5-9'. For games the
answer is the value with perfect play and --heuristic names the move order.

Examples:
    searchlab bench eight puzzles/eight/medium.txt --algo astar,idastar --heuristic manhattan,misplaced
    searchlab bench rotation puzzles/rotation/easy.txt --algo idastar,astar --heuristic pdb,centre --plot rotation.svg
    searchlab bench triangle puzzles/triangle/medium.txt --algo alphabeta,alphabeta-notable --format csv

Exit status: 0 all good; 1 two exact algorithms disagree (or an error); 2 bad instance lines
(the rest still ran); 130 interrupted by Ctrl-C.")]
pub struct BenchArgs {
    /// The problem: eight, fifteen, rotation, tictactoe, triangle.
    #[arg(value_name = "PROBLEM")]
    pub problem: String,
    /// Instance files (`-`: standard input).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Algorithms, comma-separated (default: the problem's usual ones).
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    pub algo: Vec<String>,
    /// Heuristics (games: move orders), comma-separated (default: the problem's best).
    #[arg(long, value_delimiter = ',', value_name = "H1,H2")]
    pub heuristic: Vec<String>,
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
    /// fifteen only: the goal is `1 2 ... 15 x` instead of Korf's `x 1 2 ... 15`.
    #[arg(long)]
    pub blank_last: bool,
}

/// `searchlab bench`.
pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    if args.blank_last && args.problem != "fifteen" {
        return Err(BadInput("--blank-last applies to fifteen only".into()).into());
    }
    match args.problem.as_str() {
        "eight" => drive(sliding::Sliding::eight(), &args),
        "fifteen" => drive(sliding::Sliding::fifteen(args.blank_last), &args),
        "rotation" => drive(rotation::Rotation::default(), &args),
        "tictactoe" => drive(tictactoe::Tictactoe, &args),
        "triangle" => drive(triangle::Triangle, &args),
        other => Err(BadInput(format!(
            "unknown problem '{other}': valid problems are {PROBLEMS}"
        ))
        .into()),
    }
}

/// A good instance with where it came from.
struct Item<I> {
    source: String,
    text: String,
    expected: Option<String>,
    instance: I,
}

/// The (algorithm, heuristic) pairs to run, checked against the suite's names.
fn pairs<S: Suite>(
    suite: &S,
    args: &BenchArgs,
) -> anyhow::Result<Vec<(&'static str, &'static str)>> {
    let listed = |names: Vec<String>| names.join(", ");
    let algos: Vec<&suite::AlgoSpec> = if args.algo.is_empty() {
        suite
            .default_algorithms()
            .iter()
            .filter_map(|d| suite.algorithms().iter().find(|a| a.name == *d))
            .collect()
    } else {
        let mut v = Vec::new();
        for name in &args.algo {
            let Some(spec) = suite.algorithms().iter().find(|a| a.name == name.trim()) else {
                return Err(BadInput(format!(
                    "unknown algorithm '{name}' for {}: valid algorithms are {}",
                    args.problem,
                    listed(
                        suite
                            .algorithms()
                            .iter()
                            .map(|a| format!("{} ({})", a.name, a.about))
                            .collect()
                    )
                ))
                .into());
            };
            v.push(spec);
        }
        v
    };
    let heuristics: Vec<&'static str> = if args.heuristic.is_empty() {
        vec![suite.default_heuristic()]
    } else {
        let mut v = Vec::new();
        for name in &args.heuristic {
            let Some(spec) = suite.heuristics().iter().find(|h| h.name == name.trim()) else {
                return Err(BadInput(format!(
                    "unknown heuristic '{name}' for {}: valid heuristics are {}",
                    args.problem,
                    listed(
                        suite
                            .heuristics()
                            .iter()
                            .filter(|h| !h.hidden)
                            .map(|h| format!("{} ({})", h.name, h.about))
                            .collect()
                    )
                ))
                .into());
            };
            v.push(spec.name);
        }
        v
    };
    let mut pairs = Vec::new();
    for a in algos {
        let hs: Vec<&'static str> = if a.uses_heuristic {
            heuristics.clone()
        } else {
            vec!["none"]
        };
        for h in hs {
            if !pairs.contains(&(a.name, h)) {
                pairs.push((a.name, h));
            }
        }
    }
    Ok(pairs)
}

fn read_file(path: &PathBuf) -> anyhow::Result<(String, String)> {
    if path.as_os_str() == "-" {
        let text = std::io::read_to_string(std::io::stdin()).context("reading standard input")?;
        return Ok(("stdin".into(), text));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| BadInput(format!("cannot read {}: {e}", path.display())))?;
    Ok((path.display().to_string(), text))
}

fn status_name(s: Status) -> (&'static str, Option<&'static str>) {
    match s {
        Status::Solved => ("solved", None),
        Status::Unsolvable => ("unsolvable", None),
        Status::Stopped(searchlab_core::LimitKind::Nodes) => ("stopped", Some("nodes")),
        Status::Stopped(searchlab_core::LimitKind::Time) => ("stopped", Some("time")),
        Status::Stopped(searchlab_core::LimitKind::Cost) => ("stopped", Some("cost")),
        Status::Stopped(searchlab_core::LimitKind::Cancelled) => ("stopped", Some("cancelled")),
        Status::Stopped(searchlab_core::LimitKind::Memory) => ("stopped", Some("memory")),
    }
}

/// The most `--jobs` per core accepted.
const MAX_JOBS_PER_CORE: usize = 8;

fn drive<S: Suite>(mut suite: S, args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let pairs = pairs(&suite, args)?;
    let limits = args.limits.limits()?;
    // More threads than cores only share them; far more is a typo (`--jobs 10000`).
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let most = MAX_JOBS_PER_CORE * cores;
    if args.jobs == 0 || args.jobs > most {
        return Err(BadInput(format!(
            "--jobs {}: expected 1 to {most} ({MAX_JOBS_PER_CORE} per core, {cores} cores here)",
            args.jobs
        ))
        .into());
    }
    let kind = suite.kind();

    let (items, bad) = read_items(&suite, &args.files)?;
    if items.is_empty() && bad.is_empty() {
        return Err(BadInput("no instances in the files given".into()).into());
    }
    let mut heuristics: Vec<&'static str> = pairs.iter().map(|p| p.1).collect();
    heuristics.dedup();
    suite.prepare(&heuristics)?;

    let (jobs, results, interrupted) = run_all(&suite, &items, &pairs, limits, args.jobs)?;

    // Rows pair-major, in file order: the same for every job count.
    let mut by_job: Vec<Vec<Option<(Run, u64)>>> = (0..items.len()).map(|_| Vec::new()).collect();
    for (&(i, _), r) in jobs.iter().zip(results) {
        by_job[i].push(r);
    }
    let mut rows: Vec<Row> = Vec::new();
    for (p, &(algo, heuristic)) in pairs.iter().enumerate() {
        for (i, item) in items.iter().enumerate() {
            let Some((run, peak)) = &by_job[i][p] else {
                continue;
            };
            let (status, limit) = status_name(run.status);
            rows.push(Row {
                index: i,
                algorithm: algo,
                heuristic,
                source: item.source.clone(),
                instance: item.text.clone(),
                status,
                limit,
                cost: if kind == Kind::Puzzle {
                    run.answer
                } else {
                    None
                },
                value: if kind == Kind::Game { run.answer } else { None },
                length: run.length,
                expanded: run.stats.expanded,
                generated: run.stats.generated,
                seconds: run.stats.elapsed.as_secs_f64(),
                peak_bytes: *peak,
            });
        }
    }
    let summaries: Vec<Summary> = pairs
        .iter()
        .map(|&(a, h)| {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| r.algorithm == a && r.heuristic == h)
                .collect();
            output::summarise(a, h, &mine)
        })
        .collect();
    let disagreements = agreement(&items, &rows);

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match args.format {
        Format::Table => {
            let limit_text = match (args.limits.max_nodes, args.limits.timeout) {
                (None, None) => "no limits".to_string(),
                (n, t) => {
                    let mut v = Vec::new();
                    if let Some(n) = n {
                        v.push(format!("{n} nodes"));
                    }
                    if let Some(t) = t {
                        v.push(format!("{t} s"));
                    }
                    format!("limits {}", v.join(", "))
                }
            };
            writeln!(
                out,
                "{}: {} instance{}, {} pair{}, {limit_text}, {} job{}; peak mem = largest heap use of one search (measured)",
                args.problem,
                items.len(),
                plural(items.len()),
                pairs.len(),
                plural(pairs.len()),
                args.jobs,
                plural(args.jobs)
            )?;
            out.write_all(output::table(&summaries, kind).as_bytes())?;
            if disagreements.is_empty() && rows.iter().any(|r| r.status != "stopped") {
                writeln!(out, "agreement: every answered instance has one answer")?;
            }
        }
        Format::Csv => out.write_all(output::csv(&rows).as_bytes())?,
        Format::Json => {
            let report = json!({
                "problem": args.problem,
                "jobs": args.jobs,
                "max_nodes": args.limits.max_nodes,
                "timeout": args.limits.timeout,
                "interrupted": interrupted,
                "summary": summaries,
                "rows": rows,
                "disagreements": disagreements,
                "bad": bad.iter().map(|(s, t, m)| json!({ "source": s, "instance": t, "error": m })).collect::<Vec<_>>(),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        }
    }
    out.flush()?;

    if let Some(path) = &args.plot {
        let series: Vec<plot::Series> = pairs
            .iter()
            .map(|&(a, h)| plot::Series {
                label: pair_label(a, h),
                points: rows
                    .iter()
                    .filter(|r| r.algorithm == a && r.heuristic == h && r.status != "stopped")
                    .filter_map(|r| r.length.map(|l| (l, r.expanded)))
                    .collect(),
            })
            .collect();
        let x_label = match kind {
            Kind::Puzzle => "solution length (moves)",
            Kind::Game => "moves left to the end of the game",
        };
        let title = format!("{}: nodes expanded per instance", args.problem);
        plot::plot(path, &title, x_label, &series)?;
    }

    for d in &disagreements {
        eprintln!("searchlab: {}", d.message());
    }
    if interrupted {
        eprintln!(
            "searchlab: interrupted: {} of {} runs finished; the results above cover those",
            rows.len(),
            jobs.len()
        );
    }
    if !disagreements.is_empty() {
        eprintln!(
            "searchlab: {} instance(s) with disagreeing answers: an algorithm is wrong or a heuristic is inadmissible",
            disagreements.len()
        );
        return Ok(ExitCode::FAILURE);
    }
    if interrupted {
        return Ok(ExitCode::from(130));
    }
    if !bad.is_empty() {
        eprintln!(
            "searchlab: {} bad instance line(s); the others ran",
            bad.len()
        );
    }
    Ok(if bad.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The instances of `files`, and the bad ones (source, text, what), each named on stderr.
#[allow(clippy::type_complexity)]
fn read_items<S: Suite>(
    suite: &S,
    files: &[PathBuf],
) -> anyhow::Result<(Vec<Item<S::Instance>>, Vec<(String, String, String)>)> {
    let mut items: Vec<Item<S::Instance>> = Vec::new();
    let mut bad: Vec<(String, String, String)> = Vec::new();
    for path in files {
        let (name, content) = read_file(path)?;
        for parsed in suite.read(&name, &content) {
            match parsed.instance {
                Ok(instance) => items.push(Item {
                    source: parsed.source,
                    text: parsed.text,
                    expected: parsed.expected,
                    instance,
                }),
                Err(msg) => {
                    eprintln!(
                        "searchlab: {}: bad instance '{}': {msg}",
                        parsed.source, parsed.text
                    );
                    bad.push((parsed.source, parsed.text, msg));
                }
            }
        }
    }
    Ok((items, bad))
}

/// One run per instance and pair, on `job_count` threads, Ctrl-C stopping what has not
/// started: the (instance, pair) of each run, its result and peak heap (`None`: not
/// finished), and whether the user interrupted.
#[allow(clippy::type_complexity)]
fn run_all<S: Suite>(
    suite: &S,
    items: &[Item<S::Instance>],
    pairs: &[(&'static str, &'static str)],
    limits: searchlab_core::Limits,
    job_count: usize,
) -> anyhow::Result<(Vec<(usize, usize)>, Vec<Option<(Run, u64)>>, bool)> {
    // Instance-major, so that an interrupted run has comparable results for every pair.
    let jobs: Vec<(usize, usize)> = (0..items.len())
        .flat_map(|i| (0..pairs.len()).map(move |p| (i, p)))
        .collect();
    // Ctrl-C sets this flag: no run starts after it, and the searches under way poll it (every
    // ~1000 expansions) and end with `Stopped(Cancelled)`, which is not a result: such runs
    // count as not finished.
    let cancel = Cancel::new();
    let limits = limits.with_cancel(cancel.clone());
    {
        let cancel = cancel.clone();
        // ctrlc rather than raw signal handling: it is portable, needs no unsafe code here,
        // and runs the handler on its own thread, where setting a flag is all we do. Fails
        // only when a handler is already set, in which case Ctrl-C keeps its default.
        // The handler runs on one thread, so checking before setting cannot race itself.
        let _ = ctrlc::set_handler(move || {
            if cancel.is_cancelled() {
                std::process::exit(130);
            }
            cancel.cancel();
        });
    }
    // indicatif draws on stderr only when it is a terminal: silent when piped.
    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} runs  {elapsed_precise} {msg}")
            .expect("a valid template"),
    );
    if !bar.is_hidden() {
        // Redraw the elapsed time while one long search runs.
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
    }
    let one = |&(i, p): &(usize, usize)| -> Option<(Run, u64)> {
        if cancel.is_cancelled() {
            return None;
        }
        let (algo, heuristic) = pairs[p];
        // Each search on a thread of its own: the core keeps per-thread caches (A*'s dense
        // node table over all 8-puzzle boards is pooled per thread), which would otherwise be
        // paid, in time and in measured memory, by whichever run came first on a thread.
        // Every run then starts from the same state, as a single `searchlab solve` does, and
        // its figures do not depend on the order of the runs or on --jobs.
        let measured = std::thread::scope(|scope| {
            std::thread::Builder::new()
                // The depth-first searches recurse once per ply; as much stack as the main
                // thread has, so that no search depends on where it runs.
                .stack_size(8 << 20)
                .spawn_scoped(scope, || {
                    let meter = Meter::start();
                    let run = suite.run(&items[i].instance, algo, heuristic, &limits);
                    (run, meter.peak())
                })
                .map(|handle| handle.join())
        });
        bar.inc(1);
        match measured {
            Ok(Ok((run, _))) if run.status == Status::Stopped(LimitKind::Cancelled) => None,
            Ok(Ok(measured)) => Some(measured),
            // A panic in a search is a bug: let it surface with its own message.
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(e) => panic!("cannot start a search thread: {e}"),
        }
    };
    // No more threads than runs.
    let threads = job_count.min(jobs.len()).max(1);
    let results: Vec<Option<(Run, u64)>> = if threads == 1 {
        jobs.iter().map(one).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .context("starting the worker threads")?;
        pool.install(|| jobs.par_iter().map(one).collect())
    };
    bar.finish_and_clear();
    let interrupted = cancel.is_cancelled();
    Ok((jobs, results, interrupted))
}

/// Instances where the answers (and the expected answer written in the file) differ.
fn agreement<I>(items: &[Item<I>], rows: &[Row]) -> Vec<Disagreement> {
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let mut answers: Vec<(String, String)> = Vec::new();
        if let Some(e) = &item.expected
            && (e.parse::<i64>().is_ok() || e == "unsolvable")
        {
            answers.push(("expected".into(), e.clone()));
        }
        for r in rows.iter().filter(|r| r.index == i) {
            if let Some(a) = r.answer() {
                answers.push((pair_label(r.algorithm, r.heuristic), a));
            }
        }
        let first = answers.first().map(|a| a.1.clone());
        if answers.iter().any(|a| Some(&a.1) != first.as_ref()) {
            out.push(Disagreement {
                source: item.source.clone(),
                instance: item.text.clone(),
                answers,
            });
        }
    }
    out
}
