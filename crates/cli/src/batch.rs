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
use searchlab_toolkit::describe::agrees;
use searchlab_toolkit::stats_text::answer_text;
use searchlab_toolkit::{Algorithm, Answer, Description, Field, Limits, Note, Options, Status};
use serde_json::{Map, Value as Json, json};

use crate::api::Solved;
use crate::error::BadInput;
use crate::limits::LimitArgs;
use crate::progress::Progress;
use crate::render::{AnswerFormat, stats_json};
use searchlab_toolkit::instances;
use searchlab_toolkit::instances::Item;

/// The arguments every `solve` subcommand shares (its algorithm, heuristic and own options
/// are added per problem by the registry).
#[derive(clap::Args, Clone, Debug)]
pub struct SolveArgs {
    /// Instances, one per argument (quote each); `-` reads standard input, and an existing
    /// file (that is no instance itself) is read as with --file, as `bench FILE` reads it.
    #[arg(value_name = "INSTANCE")]
    pub instances: Vec<String>,
    /// Read instances from these files, one per line (`-`: standard input).
    #[arg(long = "file", short = 'f', value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// A problem option as `bench --opt` gives it: `NAME=VALUE`, or `NAME` for a flag
    /// (repeatable; the same as `--NAME VALUE`).
    #[arg(long, value_name = "NAME[=VALUE]")]
    pub opt: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = AnswerFormat::Text)]
    pub format: AnswerFormat,
    /// Draw each answer under it: the solution's boards (a path on its map), a game's
    /// principal variation (text format only).
    #[arg(long)]
    pub show: bool,
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
        match (self.bad, self.stopped + self.wrong) {
            (0, 0) => ExitCode::SUCCESS,
            (0, _) => ExitCode::FAILURE,
            _ => ExitCode::from(2),
        }
    }
}

/// `searchlab solve <problem>`: parses every instance, prepares the problem once (when any
/// instance is good), then answers each in input order.
pub fn solve<D: Description>(args: &SolveArgs, choice: &Choice) -> anyhow::Result<ExitCode>
where
    D::Instance: 'static,
{
    check_outputs(args, choice)?;
    let json = args.format == AnswerFormat::Json;
    let tracing = crate::trace::Tracing::new(&args.trace, &choice.options, choice.algorithm, json)?;
    let limits = tracing.limits(args.limits.limits()?);
    let mut problem = D::new(&choice.options).map_err(BadInput)?;
    // Options that describe an instance (a graph's --from/--to) stand for one when none is named.
    let implied = (args.instances.is_empty() && args.files.is_empty())
        .then(|| problem.implied_instance())
        .flatten();
    let items = match implied {
        Some(text) => instances::gather(&problem, &[text], &[]),
        None => instances::gather(&problem, &args.instances, &args.files),
    };
    if items.is_empty() {
        let none = "no instances: give them as arguments, with --file, or on standard input";
        return Err(BadInput(none.into()).into());
    }
    if items.iter().any(|i| i.parsed.is_ok()) {
        let mut notes = Notes::default();
        problem
            .prepare(choice.algorithm, &choice.heuristic, &mut |n| notes.note(n))
            .map_err(BadInput)?;
        notes.note(Note::Finished);
    }
    let (label, heuristic) = label(choice);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let progress = Progress::new(items.len());
    let mut tally = Tally::default();
    let pages = tracing.replay_pages(&args.trace, &items);
    for (k, item) in items.iter().enumerate() {
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
                    item.place()
                )
            });
        }
        let text = answer_text(&problem.show(instance), &answer, &label);
        let algorithm = choice.algorithm.name();
        tracing.write_replay(
            pages.get(k),
            &problem,
            instance,
            &text,
            &label,
            algorithm,
            &answer,
        );
        progress.answer(&mut out, |out| match args.format {
            AnswerFormat::Text => {
                let text = answer_block(&problem, item, instance, &answer, &label, args.show);
                out.write_all(text.as_bytes())
            }
            AnswerFormat::Json => {
                let row = json_row::<D>(item, &problem.show(instance), choice, heuristic, &answer);
                writeln!(out, "{row}")
            }
        })?;
        progress.done();
    }
    progress.finish();
    out.flush()?;
    tracing.finish()?;
    if tally.wrong > 0 {
        let answers = searchlab_toolkit::describe::counted(tally.wrong as u64, "answer", "answers");
        let differ = if tally.wrong == 1 {
            "differs"
        } else {
            "differ"
        };
        eprintln!("searchlab: {answers} {differ} from the expected ones");
    }
    Ok(tally.status())
}

/// The label of an answer's statistics (`astar / manhattan`, or the algorithm alone when it
/// takes no heuristic), and the heuristic a JSON row names.
fn label(choice: &Choice) -> (String, Option<&str>) {
    let (algorithm, h) = (choice.algorithm, choice.heuristic.as_str());
    let heuristic = algorithm.uses_heuristic().then_some(h);
    let label = match heuristic {
        Some(h) => format!("{} / {h}", choice.algorithm),
        None => choice.algorithm.to_string(),
    };
    (label, heuristic)
}

/// The text `solve` prints for one answer: the instance, the answer's lines and statistics,
/// and with `show` its drawing.
fn answer_block<D: Description>(
    problem: &D,
    item: &Item<D::Instance>,
    instance: &D::Instance,
    answer: &Answer,
    label: &str,
    show: bool,
) -> String {
    let mut text = answer_text(&problem.show(instance), answer, label);
    // An instance named inside its file (a judge's game) says which it is.
    if let Some(name) = &item.name {
        text.insert_str(0, &format!("{name}:\n"));
    }
    if let Some(picture) = show.then(|| problem.show_solution(instance, answer)) {
        let picture = picture.unwrap_or_else(|| "(nothing to show)".into());
        for line in picture.lines() {
            text += &if line.is_empty() {
                "\n".into()
            } else {
                format!("  {line}\n")
            };
        }
    }
    text
}

/// Instances (arguments' texts) answered as `solve` answers a batch: the problem built and
/// prepared once, then for each text the same parsing, search, text and JSON row, for
/// [`crate::api::solve_lines`]. With no text (`""`), the instance the options imply (a graph's
/// `from`/`to`), if any. A text that does not parse is its own error; the others are answered.
///
/// # Errors
/// The problem's options or preparation refused (nothing was answered).
pub fn solve_lines<D: Description>(
    texts: &[&str],
    choice: &Choice,
    limits: &Limits,
    show: bool,
) -> Result<Vec<Result<Solved, BadInput>>, BadInput> {
    let mut problem = D::new(&choice.options).map_err(BadInput)?;
    let mut notes = Notes::default();
    problem
        .prepare(choice.algorithm, &choice.heuristic, &mut |n| notes.note(n))
        .map_err(BadInput)?;
    notes.note(Note::Finished);
    let (label, heuristic) = label(choice);
    let answer_line = |text: &str| {
        let implied = text.trim().is_empty().then(|| problem.implied_instance());
        let text = implied.flatten().unwrap_or_else(|| text.to_owned());
        let item = searchlab_toolkit::instances::argument(&problem, 1, &text);
        let instance = match &item.parsed {
            Ok(instance) => instance,
            Err(error) => return Err(BadInput(format!("{}: {error}", item.place()))),
        };
        let answer = problem.solve(instance, choice.algorithm, &choice.heuristic, limits);
        let expected = item.expected.as_ref();
        Ok(Solved {
            json: json_row::<D>(&item, &problem.show(instance), choice, heuristic, &answer),
            text: answer_block(&problem, &item, instance, &answer, &label, show),
            agrees: expected.map(|e| agrees(&problem, choice.algorithm, &answer, e)),
        })
    };
    Ok(texts.iter().map(|t| answer_line(t)).collect())
}

/// Reports a bad instance: `searchlab: FILE: line N: what` on stderr and, in JSON, its row.
fn bad_line<I>(
    out: &mut dyn Write,
    item: &Item<I>,
    error: &str,
    format: AnswerFormat,
) -> std::io::Result<()> {
    out.flush()?;
    eprintln!("searchlab: {}: {error}", item.place());
    if format == AnswerFormat::Json {
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
        Field::Decimal(s) => s.parse().map_or_else(|_| json!(s), Json::Number),
        Field::Text(s) => json!(s),
        Field::List(v) => Json::Array(v.iter().map(field_json).collect()),
        Field::Map(m) => Json::Object(m.iter().map(|(k, v)| (k.clone(), field_json(v))).collect()),
    }
}

/// The options whose value is a file `solve` writes.
const OUTPUT_OPTIONS: &[&str] = &["draw", "plot"];

/// Refuses, before any work, an output file (`--trace FILE`, `--draw FILE`) that is one of the
/// run's inputs, by identity (issue 32: `--trace e1.txt` emptied the instance file `e1.txt`,
/// `--draw` overwrote the map), or whose folder does not exist.
fn check_outputs(args: &SolveArgs, choice: &Choice) -> Result<(), BadInput> {
    let trace = args.trace.trace.as_ref().filter(|p| p.as_os_str() != "-");
    let drawn = OUTPUT_OPTIONS.iter().filter_map(|name| {
        choice
            .options
            .get(name)
            .map(|v| (*name, std::path::PathBuf::from(v)))
    });
    let outputs: Vec<(String, std::path::PathBuf)> = trace
        .map(|p| ("--trace".to_owned(), p.clone()))
        .into_iter()
        .chain(drawn.map(|(n, p)| (format!("--{n}"), p)))
        .collect();
    if outputs.is_empty() {
        return Ok(());
    }
    let texts = args.instances.iter().map(String::as_str);
    let inputs = searchlab_toolkit::output::named_inputs(&args.files, texts);
    for (option, path) in &outputs {
        searchlab_toolkit::output::check_writable(option, path).map_err(BadInput)?;
        searchlab_toolkit::output::check_output(option, path, &inputs).map_err(BadInput)?;
    }
    Ok(())
}
