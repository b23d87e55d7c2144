//! `searchlab bench` and `searchlab report`: the arguments, and a thin call into the harness
//! of [`searchlab_harness`] for the problem of the [registry](crate::registry).
//!
//! The harness runs every (algorithm, heuristic) pair on every instance (or on one shard's),
//! prints a table per pair (or the rows as CSV, JSON or JSON Lines), checks that exact
//! algorithms agree, and draws the plot; `report` merges shard files into the output of the
//! unsharded run. See `docs/cluster.md` for running shards on a cluster.

use std::io::Write;
use std::path::PathBuf;

use searchlab_toolkit::output;
use std::process::ExitCode;

use searchlab_harness::jsonl::{self, Provenance, ShardWriter};
use searchlab_harness::{BenchError, Input, LimitSpec, Report, ReportFormat, Shard, Spec};
use searchlab_toolkit::{Description, Limits};

use crate::error::BadInput;
use crate::limits::LimitArgs;
use searchlab_toolkit::instances;

/// Every allocation counted, so that the bench measures each search's peak heap.
#[global_allocator]
static GLOBAL: searchlab_harness::alloc::Counting = searchlab_harness::alloc::Counting;

/// What `bench` and `report` compare and draw beside the table.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ViewArgs {
    /// Compare B against A, instance by instance (repeatable): names are pair labels
    /// (`astar/manhattan`) or an algorithm one pair alone has. Default: every pair against
    /// the first (two builds: each pair against itself in the first build).
    #[arg(long, value_name = "A,B", value_parser = parse_compare)]
    pub compare: Vec<(String, String)>,
    /// Compare every other pair against this one.
    #[arg(long, value_name = "A", conflicts_with = "compare")]
    pub baseline: Option<String>,
    /// The bootstrap's seed (default: a fixed one, so reports are reproducible).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Also print the figures over all instances, answered or not (unfair when coverage differs).
    #[arg(long)]
    pub all_instances: bool,
    /// Draw the first comparison's scatter plot (B against A per instance, log-log) as SVG,
    /// or PNG when OUT ends in .png.
    #[arg(long, value_name = "OUT.svg|OUT.png")]
    pub scatter: Option<PathBuf>,
    /// Draw the cactus plot (instances answered within a budget, a line per pair) as SVG, or
    /// PNG when OUT ends in .png.
    #[arg(long, value_name = "OUT.svg|OUT.png")]
    pub cactus: Option<PathBuf>,
    /// What the scatter and cactus plots measure.
    #[arg(long, value_enum, default_value_t = By::Expanded)]
    pub by: By,
}

/// The measure of the scatter and cactus plots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    /// Nodes expanded.
    #[default]
    Expanded,
    /// Search time.
    Time,
}

/// `A,B` of `--compare`.
fn parse_compare(text: &str) -> Result<(String, String), String> {
    match text.split_once(',') {
        Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() && !b.contains(',') => {
            Ok((a.trim().to_owned(), b.trim().to_owned()))
        }
        _ => Err("expected two pair names A,B (like astar/manhattan,idastar/manhattan)".into()),
    }
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
    searchlab bench eight puzzles/eight/hard.txt --shard 2/4 --format jsonl -o s2.jsonl --resume
    searchlab report s1.jsonl s2.jsonl s3.jsonl s4.jsonl

Exit status: 0 all good; 1 two exact algorithms disagree, or a limit stopped a run (or an
error); 2 bad input (bad instance lines: the rest still ran); 130 interrupted by Ctrl-C.")]
pub struct BenchArgs {
    /// The problem (`searchlab list` names them).
    #[arg(value_name = "PROBLEM")]
    pub problem: String,
    /// Instance files (`-`: standard input).
    #[arg(value_name = "FILE", required_unless_present = "more_files")]
    pub files: Vec<PathBuf>,
    /// Instance files named as `solve --file` names them (repeatable), read after the others.
    #[arg(long = "file", short = 'f', value_name = "FILE")]
    pub more_files: Vec<PathBuf>,
    /// Algorithms, comma-separated, each with optional problem options after `+`
    /// (`alphabeta+no-table`); default: the problem's bench set, its default algorithm (the
    /// sliding puzzles: astar and idastar).
    #[arg(long, value_delimiter = ',', value_name = "A,B", value_hint = clap::ValueHint::Other)]
    pub algo: Vec<String>,
    /// Heuristics (games: move orders), comma-separated (default: the problem's default).
    #[arg(long, value_delimiter = ',', value_name = "H1,H2")]
    pub heuristic: Vec<String>,
    /// A problem option for every pair: `NAME=VALUE`, or `NAME` for a flag (repeatable).
    #[arg(long, value_name = "NAME[=VALUE]")]
    pub opt: Vec<String>,
    /// The old spelling of `--opt goal=blank-last` (fifteen).
    #[arg(long, hide = true)]
    pub blank_last: bool,
    /// wastar's weight W >= 1 for every wastar of --algo (as wastar:W; `solve --weight`).
    #[arg(long, value_name = "W")]
    pub weight: Option<String>,
    /// beam's width K for every beam of --algo (as beam:K; `solve --width`).
    #[arg(long, value_name = "K")]
    pub width: Option<String>,
    /// dfbnb's first bound for every dfbnb of --algo: greedy or max-depth (as dfbnb:FROM).
    #[arg(long, value_name = "FROM", value_parser = ["max-depth", "greedy"])]
    pub initial_bound: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Searches run at once (default 1, so that times are clean).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub jobs: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Table)]
    pub format: ReportFormat,
    /// Write the output to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// With `--format jsonl -o FILE`: keep the complete rows FILE holds from an earlier run of
    /// the same benchmark and shard, and run only the rest (nothing when it is complete).
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Also draw nodes expanded against solution length, per pair, as an SVG file (PNG when
    /// OUT ends in .png).
    #[arg(long, value_name = "OUT.svg|OUT.png")]
    pub plot: Option<PathBuf>,
    /// Run only the K-th of N slices of the work: every N-th instance from the K-th, in input
    /// order, with every pair (the same slices on every machine).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// A flag that stops the runs when set, for [`crate::api::bench`] (a binding's Ctrl-C);
    /// the command itself stops on Ctrl-C.
    #[arg(skip)]
    pub cancel: Option<searchlab_toolkit::Cancel>,
    /// Also write the HTML report (as `--format html` prints it) to this file.
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub view: ViewArgs,
    /// Also write, into this existing directory, one page per instance that replays every
    /// pair's search side by side, in step (FILE-LINE.html). The pages are recorded by a
    /// second, traced run of each search after the bench, so the bench's times stay clean.
    #[arg(long, value_name = "DIR")]
    pub replay: Option<PathBuf>,
    /// With --replay: the most events recorded per search.
    #[arg(long, value_name = "N", default_value_t = crate::trace::TRACE_LIMIT, requires = "replay")]
    pub trace_limit: u64,
}

/// Arguments of `searchlab report`.
#[derive(clap::Args)]
#[command(after_long_help = "\
Prints what the unsharded bench prints, from shard files of any machines in any order. Files of
different benchmarks are refused; rows missing or duplicated are named (exit status 2 for both).
See docs/cluster.md.

Two builds: `searchlab report base.jsonl new.jsonl` (two unsharded runs of the same benchmark,
or shards recorded at two git revisions where the same runs appear twice) compares them as two
algorithms: pairs are named ALGORITHM@BUILD (the file name, or the revision), rows are matched
by problem, instance and pair, and each pair is compared with itself in the first build.

`-o report.html` (or `--format html`) writes one self-contained HTML page.")]
pub struct ReportArgs {
    /// Shard files (JSON Lines of `searchlab bench --format jsonl`).
    #[arg(value_name = "FILE.jsonl", required = true)]
    pub files: Vec<PathBuf>,
    /// Output format (table, csv, json or html; default: html for `-o FILE.html`, else table).
    #[arg(long, value_enum)]
    pub format: Option<ReportFormat>,
    /// Write the output to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also draw nodes expanded against solution length, per pair, as an SVG file (PNG when
    /// OUT ends in .png).
    #[arg(long, value_name = "OUT.svg|OUT.png")]
    pub plot: Option<PathBuf>,
    #[command(flatten)]
    pub view: ViewArgs,
}

/// A harness error as the CLI's: bad input is exit status 2.
fn cli_error(e: BenchError) -> anyhow::Error {
    match e.is_bad_input() {
        true => BadInput(e.to_string()).into(),
        false => e.into(),
    }
}

/// `searchlab bench`: the problem's bench from the registry.
pub fn run(
    entries: &[crate::registry::ProblemEntry],
    mut args: BenchArgs,
) -> anyhow::Result<ExitCode> {
    let Some(entry) = entries.iter().find(|e| e.name == args.problem) else {
        let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
        let (problem, names) = (&args.problem, names.join(", "));
        let msg = format!("unknown problem '{problem}': valid problems are {names}");
        return Err(BadInput(msg).into());
    };
    args.files.append(&mut args.more_files);
    args.algo = with_parameter_flags(entry, &args)?;
    (entry.bench)(&args)
}

/// `--algo`'s names with the parameter flags `--weight`, `--width`, `--initial-bound` applied
/// to the algorithms they are a parameter of, checked as `solve` checks them
/// ([`searchlab_toolkit::SearchAlgorithm::with_flags`]); a flag that no algorithm of the
/// bench takes is an error.
fn with_parameter_flags(
    e: &crate::registry::ProblemEntry,
    args: &BenchArgs,
) -> Result<Vec<String>, BadInput> {
    let flags = [
        ("--weight", "wastar", args.weight.as_deref()),
        ("--width", "beam", args.width.as_deref()),
        ("--initial-bound", "dfbnb", args.initial_bound.as_deref()),
    ];
    if flags.iter().all(|(_, _, value)| value.is_none()) {
        return Ok(args.algo.clone());
    }
    let names: Vec<String> = if args.algo.is_empty() {
        e.bench_algorithms.iter().map(|a| a.to_string()).collect()
    } else {
        args.algo.clone()
    };
    let mut taken = [false; 3];
    let mut out = Vec::new();
    for name in names {
        let (base, options) = match name.split_once('+') {
            Some((b, o)) => (b, Some(o)),
            None => (name.as_str(), None),
        };
        let algorithm = (e.choose_algorithm)(base).map_err(BadInput)?;
        let searchlab_toolkit::Algorithm::Search(search) = algorithm else {
            out.push(name);
            continue;
        };
        let mut given: [Option<&str>; 3] = [None; 3];
        for (k, (_, owner, value)) in flags.iter().enumerate() {
            if value.is_some() && search.name() == *owner {
                given[k] = *value;
                taken[k] = true;
            }
        }
        let [weight, width, bound] = given;
        let with = (search.with_flags(base, weight, width, bound))
            .map_err(|err| BadInput(err.to_string()))?;
        out.push(match options {
            Some(o) => format!("{with}+{o}"),
            None => with.to_string(),
        });
    }
    for ((flag, owner, value), taken) in flags.iter().zip(taken) {
        if value.is_some() && !taken {
            let msg =
                format!("{flag} is a parameter of --algo {owner}, which the bench does not run");
            return Err(BadInput(msg));
        }
    }
    Ok(out)
}

/// Every instance of the files, the bad ones of the shard named on stderr.
fn read<D: Description>(problem: &D, args: &BenchArgs) -> Vec<Input<D::Instance>> {
    let shard = args.shard.unwrap_or_default();
    let all = instances::gather(problem, &[], &args.files).into_iter();
    let read = |(position, item): (usize, searchlab_toolkit::instances::Item<D::Instance>)| {
        let text = match (&item.parsed, item.input) {
            (_, Some(text)) => text,
            (Ok(i), None) => problem.show(i).replace('\n', " / "),
            (Err(_), None) => String::new(),
        };
        let (file, line, expected, instance) = (item.source, item.line, item.expected, item.parsed);
        let input = Input {
            file,
            line,
            text,
            expected,
            instance,
        };
        if let (Err(msg), true) = (&input.instance, shard.owns(position)) {
            let (source, text) = (input.source(), &input.text);
            eprintln!("searchlab: {source}: bad instance '{text}': {msg}");
        }
        input
    };
    all.enumerate().map(read).collect()
}

/// Refuses, before any work, an output (`-o`, `--plot`) whose folder does not exist or that is
/// one of the input `files` (or a file they name).
fn check_outputs(files: &[PathBuf], outputs: &[(&str, Option<&PathBuf>)]) -> Result<(), BadInput> {
    let inputs = output::named_inputs(files, []);
    for (option, path) in outputs {
        if let Some(path) = path {
            output::check_writable(option, path).map_err(BadInput)?;
            output::check_output(option, path, &inputs).map_err(BadInput)?;
        }
    }
    Ok(())
}

/// Prints `report` in `format` to standard output, or to the file `path` (given by the flag
/// `option`) through a temporary file renamed at the end (a failure leaves the old file whole);
/// errors name the file.
fn print_report(
    report: &Report,
    format: ReportFormat,
    option: &str,
    path: Option<&PathBuf>,
) -> anyhow::Result<()> {
    match path {
        Some(path) => {
            let named = |e: std::io::Error| anyhow::anyhow!("{option} {}: {e}", path.display());
            let mut file = output::AtomicFile::create(path).map_err(named)?;
            report.print(format, &mut file)?;
            file.commit().map_err(named)?;
        }
        None => report.print(format, &mut std::io::BufWriter::new(std::io::stdout()))?,
    }
    Ok(())
}

/// The report options of `view`.
fn options(view: &ViewArgs) -> searchlab_harness::ReportOptions {
    searchlab_harness::ReportOptions {
        compare: view.compare.clone(),
        baseline: view.baseline.clone(),
        seed: view.seed,
        bounds: None,
        all_instances: view.all_instances,
    }
}

/// The bench `args` describe for the problem `D`, checked, its instances read, not yet
/// prepared, and its limits: what `searchlab bench` and [`crate::api::bench`] both run.
fn setup<D>(args: &BenchArgs) -> anyhow::Result<(searchlab_harness::Bench<D>, Limits)>
where
    D: Description,
    D::Instance: Sync + 'static,
{
    let spec = Spec {
        algorithms: args.algo.clone(),
        heuristics: args.heuristic.clone(),
        options: (args.opt.iter().cloned())
            .chain(args.blank_last.then(|| "goal=blank-last".into()))
            .collect(),
        limits: LimitSpec {
            max_nodes: args.limits.max_nodes,
            max_depth: args.limits.max_depth,
            timeout: args.limits.timeout,
            max_memory: args.limits.max_memory,
        },
        files: args.files.iter().map(|f| f.display().to_string()).collect(),
        jobs: args.jobs,
        shard: args.shard.unwrap_or_default(),
    };
    if args.resume && args.format != ReportFormat::Jsonl {
        return Err(
            BadInput("--resume continues a shard file: use it with --format jsonl".into()).into(),
        );
    }
    // Limits, names and the job count are checked before any file is read, and the output
    // files before any work: a benchmark of minutes must not end in "No such file" (issue
    // 31), nor overwrite one of its instance files (issue 32).
    check_outputs(
        &args.files,
        &[
            ("-o", args.output.as_ref()),
            ("--plot", args.plot.as_ref()),
            ("--html", args.html.as_ref()),
            ("--scatter", args.view.scatter.as_ref()),
            ("--cactus", args.view.cactus.as_ref()),
        ],
    )?;
    let limits = args.limits.limits()?;
    if let Some(dir) = &args.replay {
        searchlab_replay::check_dir(dir).map_err(BadInput)?;
    }
    let problem = D::new(&spec.check::<D>().map_err(cli_error)?).map_err(BadInput)?;
    let bench =
        searchlab_harness::Bench::<D>::new(&spec, read(&problem, args)).map_err(cli_error)?;
    Ok((bench, limits))
}

/// Every row of the bench `args` describe for the problem `D` (no output file, no shard
/// writer), for [`crate::api::bench`].
pub fn bench_report<D>(args: &BenchArgs) -> anyhow::Result<Report>
where
    D: Description,
    D::Instance: Sync + 'static,
{
    let (bench, limits) = setup::<D>(args)?;
    let mut notes = crate::batch::Notes::default();
    bench.prepare(&mut |n| notes.note(n)).map_err(cli_error)?;
    let cancel = args.cancel.clone().unwrap_or_default();
    let runs = bench.run(&limits, &[], &cancel, &|_, _| Ok(()))?;
    let (definition, shard) = (bench.definition(), bench.shard());
    let report = Report::new(definition, shard, args.jobs, runs.rows, runs.interrupted);
    Ok(report)
}

/// `searchlab bench` for the problem `D`.
pub fn bench<D>(args: &BenchArgs) -> anyhow::Result<ExitCode>
where
    D: Description,
    D::Instance: Sync + 'static,
{
    let (bench, limits) = setup::<D>(args)?;
    let (definition, shard) = (bench.definition(), bench.shard());
    options(&args.view)
        .check(&definition.pairs)
        .map_err(cli_error)?;
    if args.view.scatter.is_some() && definition.pairs.len() < 2 {
        return Err(BadInput("--scatter: one pair, nothing to compare".into()).into());
    }
    let who = Provenance::here(concat!("searchlab ", env!("CARGO_PKG_VERSION")));
    let (writer, done) = match (args.format, &args.output) {
        (ReportFormat::Jsonl, Some(path)) => {
            let (w, done) = jsonl::open(path, definition, shard, args.jobs, &who, args.resume)
                .map_err(cli_error)?;
            (Some(w), done)
        }
        (ReportFormat::Jsonl, None) => {
            let mut out: Box<dyn Write + Send> =
                Box::new(std::io::BufWriter::new(std::io::stdout()));
            writeln!(
                out,
                "{}",
                jsonl::header_line(definition, shard, args.jobs, &who)
            )?;
            (
                Some(ShardWriter::new(out, definition, shard, &who)),
                Vec::new(),
            )
        }
        _ => (None, Vec::new()),
    };
    if args.resume && bench.remaining(&done) == 0 {
        eprintln!(
            "searchlab: shard {shard} is complete ({} rows): nothing to run",
            done.len()
        );
    } else {
        let mut notes = crate::batch::Notes::default();
        bench.prepare(&mut |n| notes.note(n)).map_err(cli_error)?;
    }
    let cancel = searchlab_harness::cancel_on_ctrl_c();
    let runs = bench.run(&limits, &done, &cancel, &|row, answer| match &writer {
        Some(w) => w.write(row, answer),
        None => Ok(()),
    })?;
    if let (Some(w), Some(path)) = (writer, &args.output) {
        w.finish()
            .map_err(|e| anyhow::anyhow!("-o {}: {e}", path.display()))?;
    }
    let mut provenance = vec![
        ("tool".to_owned(), who.tool.clone()),
        ("command".to_owned(), who.command.clone()),
        ("host".to_owned(), who.host.clone()),
    ];
    if let Some(r) = &who.revision {
        provenance.push(("revision".to_owned(), r.clone()));
    }
    let report = Report::new(definition, shard, args.jobs, runs.rows, runs.interrupted)
        .with_provenance(provenance)
        .configure(&options(&args.view))
        .map_err(cli_error)?;
    if let Some(dir) = args.replay.as_ref().filter(|_| !runs.interrupted) {
        crate::trace::bench_replays::<D>(args, bench.pairs(), dir, &limits);
    }
    let (out, plot) = (args.output.as_ref(), args.plot.as_ref());
    if let Some(html) = &args.html {
        print_report(&report, ReportFormat::Html, "--html", Some(html))?;
    }
    finish(&report, args.format, out, plot, &args.view)
}

/// Prints `report` (unless its rows went out as JSON Lines), draws its plots, and ends with
/// its messages and exit status.
fn finish(
    report: &Report,
    format: ReportFormat,
    path: Option<&PathBuf>,
    plot: Option<&PathBuf>,
    view: &ViewArgs,
) -> anyhow::Result<ExitCode> {
    // JSON Lines went out row by row as the runs ended.
    if format != ReportFormat::Jsonl {
        print_report(report, format, "-o", path)?;
    }
    if let Some(plot) = plot {
        report.plot(plot)?;
    }
    let measure = match view.by {
        By::Expanded => searchlab_harness::plot::Measure::Expanded,
        By::Time => searchlab_harness::plot::Measure::Time,
    };
    if let Some(scatter) = &view.scatter {
        if report.comparisons().is_empty() {
            return Err(
                BadInput("--scatter: the report has one pair, nothing to compare".into()).into(),
            );
        }
        searchlab_harness::plot::write(scatter, &report.scatter(0, measure)?)?;
    }
    if let Some(cactus) = &view.cactus {
        searchlab_harness::plot::write(cactus, &report.cactus(measure)?)?;
    }
    let verdict = report.finish("searchlab: ", &mut std::io::stderr())?;
    Ok(ExitCode::from(verdict.code()))
}

/// `searchlab report`: the merged output of shard files.
pub fn report(args: ReportArgs) -> anyhow::Result<ExitCode> {
    let is_html = |p: &PathBuf| {
        p.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("html"))
    };
    let format = match (args.format, &args.output) {
        (Some(f), _) => f.printable().map_err(cli_error)?,
        (None, Some(path)) if is_html(path) => ReportFormat::Html,
        (None, _) => ReportFormat::Table,
    };
    check_outputs(
        &args.files,
        &[
            ("-o", args.output.as_ref()),
            ("--plot", args.plot.as_ref()),
            ("--scatter", args.view.scatter.as_ref()),
            ("--cactus", args.view.cactus.as_ref()),
        ],
    )?;
    let report = jsonl::merge(&args.files)
        .and_then(|r| r.configure(&options(&args.view)))
        .map_err(cli_error)?;
    for e in report.bad() {
        let (source, text, msg) = (&e.source, &e.text, e.error.as_deref().unwrap_or_default());
        eprintln!("searchlab: {source}: bad instance '{text}': {msg}");
    }
    finish(
        &report,
        format,
        args.output.as_ref(),
        args.plot.as_ref(),
        &args.view,
    )
}
