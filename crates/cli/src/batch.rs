//! The one batch driver behind `searchlab solve <problem>`, generic over a problem's
//! [`Description`]: the same input rules, `| expected` check, limits, text labels, JSON Lines
//! fields, progress display and exit statuses for every problem.
//!
//! Exit status: 2 when any instance was bad input (or there was none), else 1 when a limit
//! stopped a search or an answer differed from the expected one, else 0.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use searchlab_core::{Algorithm, Answer, Description, Field, Note, Options, Promise, Status};
use serde_json::{Map, Value as Json, json};

use crate::error::BadInput;
use crate::instances::{self, Item};
use crate::limits::LimitArgs;
use crate::progress::Progress;
use crate::render::{Format, stats_json, stats_text};

/// The arguments every `solve` subcommand shares (its algorithm, heuristic and own options
/// are added per problem by the registry).
#[derive(clap::Args, Clone, Debug)]
pub struct SolveArgs {
    /// Instances, one per argument (quote each); `-` reads standard input.
    #[arg(value_name = "INSTANCE")]
    pub instances: Vec<String>,
    /// Read instances from these files, one per line (`-`: standard input).
    #[arg(long = "file", short = 'f', value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub trace: crate::trace::TraceArgs,
}

/// What the user chose on top of [`SolveArgs`].
#[derive(Clone, Debug)]
pub struct Choice {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic (or move order) name.
    pub heuristic: String,
    /// The problem's own options.
    pub options: Options,
}

/// Prints what a description tells while it prepares: messages on stderr, a bar for long
/// builds when stderr is a terminal.
#[derive(Default)]
pub struct Notes {
    bar: Option<ProgressBar>,
}

impl Notes {
    /// Shows `note`.
    pub fn note(&mut self, note: Note) {
        match note {
            Note::Message(m) => {
                if let Some(bar) = &self.bar {
                    bar.suspend(|| eprintln!("{m}"));
                } else {
                    eprintln!("{m}");
                }
            }
            Note::Progress { what, done, total } => {
                if !std::io::stderr().is_terminal() {
                    return;
                }
                let bar = self.bar.get_or_insert_with(|| {
                    let bar = ProgressBar::new(total);
                    if let Ok(style) = ProgressStyle::with_template(
                        "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len}",
                    ) {
                        bar.set_style(style);
                    }
                    bar
                });
                bar.set_length(total);
                bar.set_message(what);
                bar.set_position(done.min(total));
            }
            Note::Finished => {
                if let Some(bar) = self.bar.take() {
                    bar.finish_and_clear();
                }
            }
        }
    }
}

/// Counts of a batch, for its exit status.
#[derive(Default)]
struct Tally {
    bad: usize,
    stopped: usize,
    wrong: usize,
}

impl Tally {
    fn status(&self) -> ExitCode {
        if self.bad > 0 {
            ExitCode::from(2)
        } else if self.stopped > 0 || self.wrong > 0 {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// `searchlab solve <problem>`: parses every instance, prepares the problem once (when any
/// instance is good), then answers each in input order.
pub fn solve<D: Description>(args: &SolveArgs, choice: &Choice) -> anyhow::Result<ExitCode> {
    let tracing = crate::trace::Tracing::new(&args.trace, &choice.options)?;
    let limits = tracing.limits(args.limits.limits()?);
    let mut problem = D::new(&choice.options).map_err(BadInput)?;
    let items = instances::gather(&problem, &args.instances, &args.files);
    if items.is_empty() {
        return Err(BadInput(
            "no instances: give them as arguments, with --file, or on standard input".into(),
        )
        .into());
    }
    if items.iter().any(|i| i.parsed.is_ok()) {
        let mut notes = Notes::default();
        problem
            .prepare(choice.algorithm, &choice.heuristic, &mut |n| notes.note(n))
            .map_err(BadInput)?;
        notes.note(Note::Finished);
    }
    let heuristic = choice
        .algorithm
        .uses_heuristic()
        .then_some(choice.heuristic.as_str());
    let label = match heuristic {
        Some(h) => format!("{} / {h}", choice.algorithm),
        None => choice.algorithm.to_string(),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let progress = Progress::new(items.len());
    let mut tally = Tally::default();
    for item in &items {
        progress.start(&item.label());
        let instance = match &item.parsed {
            Ok(instance) => instance,
            Err(error) => {
                tally.bad += 1;
                progress.emit(&mut out, |out| bad_line(out, item, error, args.format))?;
                progress.done();
                continue;
            }
        };
        let answer = tracing.run(&mut out, || {
            problem.solve(instance, choice.algorithm, &choice.heuristic, &limits)
        })?;
        tally.stopped += usize::from(matches!(answer.status, Status::Stopped(_)));
        if let Some(expected) = &item.expected
            && !agrees(&problem, choice.algorithm, &answer, expected)
        {
            tally.wrong += 1;
            let got = answer.key.as_deref().unwrap_or("no answer");
            progress.suspend(|| {
                eprintln!(
                    "searchlab: {}: WRONG ANSWER: expected {expected}, got {got}",
                    place(item)
                )
            });
        }
        progress.answer(&mut out, |out| match args.format {
            Format::Text => {
                let mut text = text_report(&problem.show(instance), &answer, &label);
                // An instance named inside its file (a judge's game) says which it is.
                if let Some(name) = &item.name {
                    text.insert_str(0, &format!("{name}:\n"));
                }
                out.write_all(text.as_bytes())
            }
            Format::Json => {
                let row = json_row::<D>(item, &problem.show(instance), choice, heuristic, &answer);
                writeln!(out, "{row}")
            }
        })?;
        progress.done();
    }
    progress.finish();
    out.flush()?;
    if tally.wrong > 0 {
        eprintln!(
            "searchlab: {} answer(s) differ from the expected ones",
            tally.wrong
        );
    }
    Ok(tally.status())
}

/// Whether `answer` agrees with the expected answer, by what the algorithm promises
/// ([`searchlab_core::SearchAlgorithm::promise`]): an optimal (or fewest-actions) search and every game search
/// must give it exactly (the description's [`Description::matches`]); weighted A* may cost up
/// to its weight times the expected optimum, never less; greedy and beam search may cost any
/// amount not below the optimum (they are never wrong for a longer path). An answer without a
/// key (a stopped or refused search) never disagrees, and `unsolvable` must match exactly.
fn agrees<D: Description>(
    problem: &D,
    algorithm: Algorithm,
    answer: &Answer,
    expected: &str,
) -> bool {
    let Algorithm::Search(search) = algorithm else {
        return problem.matches(answer, expected);
    };
    let promise = search.promise();
    if matches!(promise, Promise::Optimal | Promise::FewestActions) {
        return problem.matches(answer, expected);
    }
    let (Some(got), true) = (answer.key.as_deref(), answer.status == Status::Solved) else {
        return problem.matches(answer, expected);
    };
    // Integer costs compare exactly; decimal ones (irrational costs printed rounded) as floats.
    if let (Ok(cost), Ok(optimum)) = (got.parse::<u64>(), expected.trim().parse::<u64>()) {
        return promise.admits(cost, optimum);
    }
    match (got.parse::<f64>(), expected.trim().parse::<f64>()) {
        (Ok(cost), Ok(optimum)) => {
            let slack = 1e-9 * optimum.abs().max(1.0);
            cost + slack >= optimum
                && match promise {
                    Promise::Bounded(w) => cost <= w.value() * optimum + slack,
                    _ => true,
                }
        }
        // `unsolvable` expected but a path found, or the reverse: a real disagreement.
        _ => problem.matches(answer, expected),
    }
}

/// `FILE: line N`, `FILE: line N (game 3)` or the source alone.
fn place<I>(item: &Item<I>) -> String {
    let mut s = match item.line {
        Some(line) => format!("{}: line {line}", item.source),
        None => item.source.clone(),
    };
    if let Some(name) = &item.name {
        s += &format!(" ({name})");
    }
    s
}

/// Reports a bad instance: `searchlab: FILE: line N: what` on stderr and, in JSON, its row.
fn bad_line<I>(
    out: &mut dyn Write,
    item: &Item<I>,
    error: &str,
    format: Format,
) -> std::io::Result<()> {
    out.flush()?;
    eprintln!("searchlab: {}: {error}", place(item));
    if format == Format::Json {
        let row = json!({
            "source": item.source,
            "line": item.line,
            "input": item.input,
            "status": "error",
            // The first line: what is wrong (a parser's caret drawing stays on stderr).
            "error": error.lines().next().unwrap_or_default(),
        });
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// The text answer: the instance as shown, the answer's lines indented, then
/// `algorithm / heuristic: statistics`.
pub fn text_report(shown: &str, answer: &Answer, label: &str) -> String {
    let mut s = String::new();
    for line in shown.lines() {
        s += line;
        s.push('\n');
    }
    for line in &answer.lines {
        s += "  ";
        s += line;
        s.push('\n');
    }
    // A board that parity proved unsolvable had no search: no statistics to show.
    if !(answer.status == Status::Unsolvable && answer.stats == Default::default()) {
        s += &format!("  {label}: {}\n", stats_text(&answer.stats));
    }
    s
}

/// One JSON row: the fields every problem shares, in one order, then the problem's own.
fn json_row<D: Description>(
    item: &Item<D::Instance>,
    shown: &str,
    choice: &Choice,
    heuristic: Option<&str>,
    answer: &Answer,
) -> Json {
    let mut row = Map::new();
    let mut put = |k: &str, v: Json| {
        row.insert(k.to_owned(), v);
    };
    put("source", json!(item.source));
    put("line", json!(item.line));
    if let Some(name) = &item.name {
        put("name", json!(name));
    }
    put("input", json!(item.input));
    put("problem", json!(D::NAME));
    put("instance", json!(shown));
    // With its parameter when not the default (`wastar:3/2`), as --algo reads it back.
    put("algorithm", json!(choice.algorithm.to_string()));
    put("heuristic", json!(heuristic));
    put("status", json!(answer.status.name()));
    put(
        "limit",
        match answer.status {
            Status::Stopped(kind) => json!(kind.to_string()),
            _ => Json::Null,
        },
    );
    put("moves", json!(answer.moves));
    put("length", length_json(answer.length.as_deref()));
    put("expected", json!(item.expected));
    put("stats", stats_json(&answer.stats));
    for (k, v) in &answer.fields {
        put(k, field_json(v));
    }
    Json::Object(row)
}

/// A length as a JSON number when it is one (`19`, `12.485`), else a string.
pub fn length_json(length: Option<&str>) -> Json {
    match length {
        None => Json::Null,
        Some(s) => s
            .parse::<i64>()
            .map(Json::from)
            .ok()
            .or_else(|| {
                s.parse::<f64>()
                    .ok()
                    .and_then(|x| serde_json::Number::from_f64(x).map(Json::Number))
            })
            .unwrap_or_else(|| json!(s)),
    }
}

/// A description's [`Field`] as JSON.
pub fn field_json(field: &Field) -> Json {
    match field {
        Field::Null => Json::Null,
        Field::Bool(b) => json!(b),
        Field::Int(n) => json!(n),
        Field::Num(x) => json!(x),
        Field::Text(s) => json!(s),
        Field::List(v) => Json::Array(v.iter().map(field_json).collect()),
        Field::Map(m) => Json::Object(m.iter().map(|(k, v)| (k.clone(), field_json(v))).collect()),
    }
}
