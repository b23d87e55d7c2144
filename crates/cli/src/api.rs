//! The tool without its command line, for bindings (the Python package): the problems of the
//! registry ([`problems`]), one instance solved ([`solve`]), instances generated
//! ([`generate`]), a benchmark's rows ([`bench()`]), with the choices given as values
//! instead of flags. No clap here: a choice goes through the same registry, the same checks
//! and the same driver as `searchlab solve`, `gen` and `list`, so an answer is the one the
//! command prints (its JSON row exactly, its text exactly).
//!
//! ```
//! use searchlab_cli::api::{self, SolveRequest};
//!
//! let eight = api::problems().into_iter().find(|p| p.name == "eight").unwrap();
//! assert_eq!((eight.kind, eight.default_algorithm), ("puzzle", "astar"));
//!
//! let request = SolveRequest {
//!     algorithm: Some("idastar".into()),
//!     ..SolveRequest::default()
//! };
//! let solved = api::solve("eight", "2 3 4 1 5 x 7 6 8 | 19", &request).unwrap();
//! assert_eq!(solved.json["status"], "solved");
//! assert_eq!(solved.json["moves"], "ullddrurdllurdruldr");
//! assert_eq!(solved.agrees, Some(true));
//! assert!(solved.text.contains("19 moves"));
//!
//! // Bad input is an error that says so (the command's exit status 2).
//! let error = api::solve("eight", "1 2 3", &SolveRequest::default()).unwrap_err();
//! assert!(error.bad_input);
//!
//! assert_eq!(api::generate("eight", 3, 1, &[]).unwrap().len(), 3);
//! ```

use std::fmt;
use std::path::PathBuf;

use searchlab_toolkit::{Kind, OptionSpec, Options};

use crate::bench::BenchArgs;
use crate::error::BadInput;
use crate::registry::{self, ProblemEntry};

pub use crate::limits::LimitArgs;

/// One registered problem, as `searchlab list --format json` shows it, with its options.
#[derive(Clone, Debug)]
pub struct ProblemInfo {
    /// The name `solve` takes: `eight`.
    pub name: &'static str,
    /// `puzzle` or `game`.
    pub kind: &'static str,
    /// One line.
    pub summary: &'static str,
    /// The instance format (the text of `solve NAME --help`).
    pub input: &'static str,
    /// The algorithms that apply, by name.
    pub algorithms: Vec<&'static str>,
    /// The default algorithm.
    pub default_algorithm: &'static str,
    /// Heuristics (games: move orders or evaluations): `(name, summary)`.
    pub heuristics: Vec<(&'static str, &'static str)>,
    /// The default heuristic.
    pub default_heuristic: &'static str,
    /// The problem's own solve options ([`SolveRequest::options`]).
    pub options: &'static [OptionSpec],
    /// Its generator's options ([`generate`]).
    pub gen_options: &'static [OptionSpec],
}

/// Every problem of the registry, in the order `searchlab list` shows them.
pub fn problems() -> Vec<ProblemInfo> {
    registry::registry()
        .iter()
        .map(|e| ProblemInfo {
            name: e.name,
            kind: match e.kind {
                Kind::Puzzle => "puzzle",
                Kind::Game => "game",
            },
            summary: e.summary,
            input: e.input,
            algorithms: e.algorithms.iter().map(|a| a.name()).collect(),
            default_algorithm: e.default_algorithm.name(),
            heuristics: e.heuristics.to_vec(),
            default_heuristic: e.default_heuristic,
            options: e.options,
            gen_options: e.gen_options,
        })
        .collect()
}

/// What `searchlab solve PROBLEM` takes beside the instance, as values. `None` is the
/// problem's default, as when the flag is not given.
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    /// `--algo`: a name with its parameter (`wastar:1.5`), or an old bench name with options
    /// (`alphabeta-notable`).
    pub algorithm: Option<String>,
    /// `--heuristic` (games: the move order or evaluation).
    pub heuristic: Option<String>,
    /// The problem's own options, `(name, value)`; a flag's value is `true` (or `false`).
    /// Options not given take their defaults.
    pub options: Vec<(String, String)>,
    /// `--weight` (weighted A*; puzzles only).
    pub weight: Option<String>,
    /// `--width` (beam search; puzzles only).
    pub width: Option<String>,
    /// `--initial-bound` (depth-first branch-and-bound; puzzles only).
    pub initial_bound: Option<String>,
    /// `--max-nodes`, `--max-depth`, `--timeout`, `--max-memory`.
    pub limits: LimitArgs,
    /// `--show`: draw the answer under its text.
    pub show: bool,
    /// A flag that stops the search when set (from another thread: a binding's Ctrl-C), as
    /// the command's Ctrl-C handler does; the answer is then `stopped`.
    pub cancel: Option<searchlab_toolkit::Cancel>,
}

/// One instance answered.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The row `solve --format json` prints for the instance given as its first argument.
    pub json: serde_json::Value,
    /// What `solve` prints for it in text (with the drawing when [`SolveRequest::show`]).
    pub text: String,
    /// Whether the answer agrees with an expected one written after `|`; `None` without
    /// one. (`solve` reports a disagreement as WRONG ANSWER and exit status 1.)
    pub agrees: Option<bool>,
}

/// Why a call gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Bad input (the command's exit status 2): an unknown problem, algorithm, heuristic or
    /// option, a bad limit, an instance that does not parse. Else a failure of another kind.
    pub bad_input: bool,
    /// What is wrong and where, as the command says it.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl Error {
    /// A driver's error: bad input when it is [`BadInput`].
    fn from_anyhow(e: anyhow::Error) -> Self {
        Error {
            bad_input: e.downcast_ref::<BadInput>().is_some(),
            message: format!("{e:#}"),
        }
    }
}

impl From<BadInput> for Error {
    fn from(e: BadInput) -> Self {
        Error {
            bad_input: true,
            message: e.0,
        }
    }
}

/// Solves one instance line of `problem` (`2 3 4 1 5 x 7 6 8`, with an optional expected
/// answer after `|`) as `searchlab solve PROBLEM 'LINE'` with the flags of `request` does.
/// An empty line stands for the instance the options imply (a graph's `from` and `to`).
pub fn solve(problem: &str, instance: &str, request: &SolveRequest) -> Result<Solved, Error> {
    let mut answers = solve_lines(problem, &[instance], request)?;
    answers.remove(0)
}

/// Solves instance lines of `problem`, each as [`solve`] does, with the problem built and
/// prepared once (as `searchlab solve PROBLEM LINE...` does): one answer per line, a line that
/// does not parse its own error.
///
/// # Errors
/// A request the command refuses (an unknown problem, algorithm, heuristic or option, a bad
/// limit): nothing was answered.
pub fn solve_lines(
    problem: &str,
    instances: &[&str],
    request: &SolveRequest,
) -> Result<Vec<Result<Solved, Error>>, Error> {
    let entries = registry::registry();
    let e = entry(&entries, problem)?;
    let algorithm = request
        .algorithm
        .as_deref()
        .unwrap_or(e.default_algorithm.name());
    let heuristic = request.heuristic.as_deref().unwrap_or(e.default_heuristic);
    if !e.heuristics.iter().any(|(h, _)| *h == heuristic) {
        let valid: Vec<&str> = e.heuristics.iter().map(|h| h.0).collect();
        let valid = valid.join(", ");
        let msg = format!("invalid heuristic '{heuristic}' for {problem}: valid are {valid}");
        return Err(BadInput(msg).into());
    }
    let options = options_of(problem, e.options, &request.options)?;
    let flags = [
        request.weight.as_deref(),
        request.width.as_deref(),
        request.initial_bound.as_deref(),
    ];
    if e.kind == Kind::Game && flags.iter().any(Option::is_some) {
        let msg = format!("{problem} is a game: weight, width and initial bound are for puzzles");
        return Err(BadInput(msg).into());
    }
    let choice = registry::choose(e, algorithm, heuristic, options, flags)?;
    let mut limits = request.limits.limits()?;
    if let Some(cancel) = &request.cancel {
        limits = limits.with_cancel(cancel.clone());
    }
    let answers = (e.solve_lines)(instances, &choice, &limits, request.show)?;
    Ok(answers
        .into_iter()
        .map(|a| a.map_err(Error::from))
        .collect())
}

/// `count` random instances of `problem` from `seed`, one line each, as `searchlab gen
/// PROBLEM --count COUNT --seed SEED` with the generator's `options` prints them.
pub fn generate(
    problem: &str,
    count: usize,
    seed: u64,
    options: &[(String, String)],
) -> Result<Vec<String>, Error> {
    let entries = registry::registry();
    let e = entry(&entries, problem)?;
    let options = options_of(problem, e.gen_options, options)?;
    Ok((e.generate)(&options, seed, count).map_err(BadInput)?)
}

/// What `searchlab bench PROBLEM FILES...` takes, as values. Empty lists are the problem's
/// defaults, as when the flag is not given.
#[derive(Clone, Debug)]
pub struct BenchRequest {
    /// Instance files, read as `bench` reads them.
    pub files: Vec<PathBuf>,
    /// `--algo`: algorithms, each with optional problem options after `+`.
    pub algorithms: Vec<String>,
    /// `--heuristic`: heuristics (games: move orders).
    pub heuristics: Vec<String>,
    /// `--opt`: problem options for every pair, `NAME=VALUE` or `NAME` for a flag.
    pub options: Vec<String>,
    /// `--max-nodes`, `--max-depth`, `--timeout`, `--max-memory`.
    pub limits: LimitArgs,
    /// `--jobs`: searches run at once.
    pub jobs: usize,
    /// A flag that stops the bench when set (from another thread: a binding's Ctrl-C).
    pub cancel: Option<searchlab_toolkit::Cancel>,
}

impl Default for BenchRequest {
    fn default() -> Self {
        BenchRequest {
            files: Vec::new(),
            algorithms: Vec::new(),
            heuristics: Vec::new(),
            options: Vec::new(),
            limits: LimitArgs::default(),
            // `bench`'s default: one search at a time, so that times are clean.
            jobs: 1,
            cancel: None,
        }
    }
}

/// What a bench gives.
#[derive(Clone, Debug)]
pub struct Benched {
    /// One object per (pair, instance) run, with the keys of the CSV's columns, in the order
    /// `bench --format csv` prints its rows.
    pub rows: Vec<serde_json::Value>,
    /// What `bench --format csv` prints.
    pub csv: String,
    /// What `bench` says at its end on standard error (disagreements, stopped runs).
    pub messages: String,
    /// `bench`'s exit status: 0 all good, 1 a disagreement or a stopped run, 2 bad lines.
    pub status: u8,
}

/// Runs `searchlab bench PROBLEM` with the choices of `request` and gives its rows.
pub fn bench(problem: &str, request: &BenchRequest) -> Result<Benched, Error> {
    let entries = registry::registry();
    let e = entry(&entries, problem)?;
    // What the command requires of its arguments (and never standard input here).
    if request.files.is_empty() {
        return Err(BadInput("bench: no instance files".into()).into());
    }
    let args = BenchArgs {
        problem: problem.to_owned(),
        files: request.files.clone(),
        more_files: Vec::new(),
        algo: request.algorithms.clone(),
        heuristic: request.heuristics.clone(),
        opt: request.options.clone(),
        blank_last: false,
        weight: None,
        width: None,
        initial_bound: None,
        limits: request.limits.clone(),
        jobs: request.jobs,
        format: searchlab_harness::ReportFormat::Csv,
        output: None,
        resume: false,
        plot: None,
        shard: None,
        cancel: request.cancel.clone(),
        html: None,
        view: Default::default(),
        replay: None,
        trace_limit: crate::trace::TRACE_LIMIT,
    };
    let report = (e.bench_report)(&args).map_err(Error::from_anyhow)?;
    let failed = |e: searchlab_harness::BenchError| Error {
        bad_input: e.is_bad_input(),
        message: e.to_string(),
    };
    let mut csv = Vec::new();
    let format = searchlab_harness::ReportFormat::Csv;
    report.print(format, &mut csv).map_err(failed)?;
    let mut messages = Vec::new();
    let verdict = report
        .finish("searchlab: ", &mut messages)
        .map_err(failed)?;
    let rows = report.rows().iter().map(serde_json::to_value);
    Ok(Benched {
        rows: rows.collect::<Result<_, _>>().map_err(|e| Error {
            bad_input: false,
            message: e.to_string(),
        })?,
        csv: String::from_utf8_lossy(&csv).into_owned(),
        messages: String::from_utf8_lossy(&messages).into_owned(),
        status: verdict.code(),
    })
}

/// The entry of the problem named.
fn entry<'a>(entries: &'a [ProblemEntry], problem: &str) -> Result<&'a ProblemEntry, BadInput> {
    entries.iter().find(|e| e.name == problem).ok_or_else(|| {
        let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
        let names = names.join(", ");
        BadInput(format!(
            "unknown problem '{problem}': valid problems are {names}"
        ))
    })
}

/// The options `given`, checked against `specs`, and the defaults of the others, in the order
/// of `specs`: what the command line makes of the same options given as flags.
fn options_of(
    problem: &str,
    specs: &[OptionSpec],
    given: &[(String, String)],
) -> Result<Options, BadInput> {
    for (name, value) in given {
        let Some(spec) = specs.iter().find(|o| o.name == name) else {
            let known: Vec<&str> = specs.iter().map(|o| o.name).collect();
            let known = match known.is_empty() {
                true => "none".to_owned(),
                false => known.join(", "),
            };
            let msg = format!("unknown option '{name}' of {problem} (its options: {known})");
            return Err(BadInput(msg));
        };
        if spec.value_name.is_none() && value != "true" && value != "false" {
            let msg =
                format!("option '{name}' of {problem} is a flag: true or false, not '{value}'");
            return Err(BadInput(msg));
        }
    }
    let mut options = Options::new();
    for spec in specs {
        // The last value given wins, as a repeated flag's does.
        let given = given.iter().rev().find(|(n, _)| n == spec.name);
        match (spec.value_name, given) {
            (None, Some((_, v))) if v == "true" => options.set(spec.name, "true"),
            (None, _) => {}
            (Some(_), Some((_, v))) => options.set(spec.name, v),
            // A positional option has no default on the command line either.
            (Some(_), None) if !spec.positional => {
                if let Some(default) = spec.default {
                    options.set(spec.name, default);
                }
            }
            (Some(_), None) => {}
        }
    }
    Ok(options)
}
