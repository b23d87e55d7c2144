//! `solve --trace`: every step of each search, as JSON Lines for tools or as text to read.
//!
//! The core reports each step to a [`Tracer`] carried in the limits
//! ([`searchlab_toolkit::observe`]); this module writes them. Output is deterministic (no times)
//! and capped by `--trace-limit` events, after which one last line says it was truncated.

use std::fmt::{Debug, Display};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use searchlab_toolkit::instances::Item;
use searchlab_toolkit::observe::{TraceEvent, TraceKind, Tracer, state_text};
use searchlab_toolkit::output::AtomicFile;
use searchlab_toolkit::{Answer, Description, INFINITY, Limits, Options, Trace, Value};
use serde_json::{Map, Value as Json, json};

use crate::error::BadInput;

/// The most events a trace or a replay keeps of each search unless told (`--trace-limit`).
pub const TRACE_LIMIT: u64 = 100_000;

/// The trace flags of `solve`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TraceArgs {
    /// Write every step of each search to FILE as JSON Lines (one event a line: expand,
    /// generate, prune, reopen, goal, new-bound, open, leaf, cutoff, table-hit, value); `-`
    /// writes the readable text to standard output instead (JSON Lines with --format json).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Write the trace as readable text (to standard output, or to the --trace FILE): each
    /// step on a line, indented by depth; each IDA* iteration with its bound.
    #[arg(long)]
    pub trace_text: bool,
    /// With a trace: A*'s (and the best-first searches') open list before each expansion.
    #[arg(long)]
    pub trace_open: bool,
    /// Stop tracing after N events (the search goes on), saying so in the trace.
    #[arg(long, value_name = "N", default_value_t = TRACE_LIMIT)]
    pub trace_limit: u64,
    /// Write each search as a page that replays it step by step (one self-contained HTML
    /// file; FILE-LINE.html for several instances), keeping at most --trace-limit events
    /// (with --trace too: both come from the same search).
    #[arg(long, value_name = "FILE.html")]
    pub replay: Option<PathBuf>,
}

/// The trace of a `solve` run, if one was asked for, the recordings of a replay, and the
/// trace file, renamed into place by [`Tracing::finish`].
pub struct Tracing(
    Option<Trace>,
    Option<searchlab_replay::Recordings>,
    Option<(PathBuf, SharedFile)>,
);

/// The `--trace FILE` being written: a temporary file beside it ([`AtomicFile`]) shared by
/// the tracer, which writes it, and [`Tracing`], which commits it once the run is over (issue
/// 32: the trace file was written in place, an input overwritten or a failure leaving half).
#[derive(Clone)]
pub struct SharedFile(Arc<Mutex<Option<AtomicFile>>>);

impl Write for SharedFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            Some(f) => f.write(buf),
            None => Err(std::io::Error::other("the trace file is closed")),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self.0.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Tracing {
    /// The tracer `args` ask for; `--threads` above 1 is refused for IDA*, the one algorithm
    /// it parallelises (parallel IDA* runs its threads' steps in no fixed order); the others
    /// ignore it (issue 31: `--trace - --threads 2` was refused for A*).
    ///
    /// On standard output (`--trace -`) the events are text, except with `--format json`
    /// (`json`): then they are JSON Lines like the answers they come between (issue 32: text
    /// was mixed into the JSON Lines), and `--trace-text` there is refused.
    pub fn new(
        args: &TraceArgs,
        options: &Options,
        algorithm: searchlab_toolkit::Algorithm,
        json: bool,
    ) -> Result<Self, BadInput> {
        if args.trace.is_none() && !args.trace_text && args.replay.is_none() {
            if args.trace_open {
                return Err(BadInput(
                    "--trace-open needs --trace or --trace-text".into(),
                ));
            }
            return Ok(Tracing(None, None, None));
        }
        let parallel = algorithm.base()
            == searchlab_toolkit::Algorithm::Search(searchlab_toolkit::SearchAlgorithm::Idastar);
        if parallel && options.get("threads").is_some_and(|t| t.trim() != "1") {
            return Err(BadInput(
                "--trace follows one search step by step: it needs --threads 1 (parallel IDA*'s threads run in no fixed order)".into(),
            ));
        }
        let page = args.replay.as_ref();
        if let Some(page) = page {
            searchlab_replay::check_file(page).map_err(BadInput)?;
        }
        let mut file = None;
        let writer = if args.trace.is_some() || args.trace_text {
            let path = args.trace.as_ref().filter(|p| p.as_os_str() != "-");
            let on_stdout = path.is_none();
            if on_stdout && json && args.trace_text {
                return Err(BadInput(
                    "--trace-text on standard output would mix text into the JSON Lines of --format json: write the text trace to a file (--trace FILE --trace-text) or leave out --trace-text".into(),
                ));
            }
            let out: Box<dyn Write + Send> = match path {
                Some(p) => {
                    let tmp = AtomicFile::create(p).map_err(|e| {
                        BadInput(format!("--trace {}: cannot create it: {e}", p.display()))
                    })?;
                    let shared = SharedFile(Arc::new(Mutex::new(Some(tmp))));
                    file = Some((p.clone(), shared.clone()));
                    Box::new(shared)
                }
                None => Box::new(std::io::stdout()),
            };
            Some(Writer {
                out,
                text: args.trace_text || (on_stdout && !json),
                open: args.trace_open,
                limit: args.trace_limit,
                events: 0,
                search: 0,
                error: None,
            })
        } else {
            None
        };
        Ok(match (page, writer) {
            (Some(_), writer) => {
                let mut recorder = searchlab_replay::Recorder::new(args.trace_limit);
                let recordings = recorder.recordings();
                if let Some(writer) = writer {
                    // One search, both outputs: the recorder passes each event on.
                    recorder = recorder.and(writer);
                }
                Tracing(Some(Trace::new(recorder)), Some(recordings), file)
            }
            (None, writer) => Tracing(writer.map(Trace::new), None, file),
        })
    }

    /// Renames the trace file into place, now that every search is traced.
    ///
    /// # Errors
    /// When the trace file cannot be completed: the old file at that path is left whole.
    pub fn finish(&self) -> Result<(), std::io::Error> {
        let Some((path, shared)) = &self.2 else {
            return Ok(());
        };
        let file = shared.0.lock().unwrap_or_else(|e| e.into_inner()).take();
        match file {
            Some(f) => f.commit().map_err(|e| {
                std::io::Error::new(e.kind(), format!("--trace {}: {e}", path.display()))
            }),
            None => Ok(()),
        }
    }

    /// Where `--replay` writes each instance's page: FILE for one instance, else FILE-N.html
    /// with N the instance's line in its file (its position when lines do not tell them
    /// apart); empty without `--replay`.
    pub fn replay_pages<I>(&self, args: &TraceArgs, items: &[Item<I>]) -> Vec<PathBuf> {
        let Some(base) = args.replay.as_ref().filter(|_| self.1.is_some()) else {
            return Vec::new();
        };
        let lines: Vec<usize> = items.iter().filter_map(|i| i.line).collect();
        let distinct: std::collections::BTreeSet<&usize> = lines.iter().collect();
        let by_line = lines.len() == items.len() && distinct.len() == lines.len();
        (0..items.len())
            .map(|k| {
                let n = if by_line { lines[k] } else { k + 1 };
                searchlab_replay::numbered(base, items.len() > 1, n)
            })
            .collect()
    }

    /// Writes the page of the search [`run`](Self::run) just ran to `page` (when a replay
    /// was asked for), saying on stderr what was written: `text` is the answer as printed,
    /// `label` the algorithm and heuristic.
    #[allow(clippy::too_many_arguments)]
    pub fn write_replay<D: Description>(
        &self,
        page: Option<&PathBuf>,
        problem: &D,
        instance: &D::Instance,
        text: &str,
        label: &str,
        algorithm: &str,
        answer: &Answer,
    ) where
        D::Instance: 'static,
    {
        let (Some(page), Some(recording)) = (page, self.1.as_ref().and_then(|r| r.take())) else {
            return;
        };
        let shown = problem.show(instance);
        let events = recording.events.len();
        let cut = recording.truncated().then_some(recording.total);
        let replay = searchlab_replay::Page {
            problem: D::NAME.into(),
            scene: searchlab_replay::Scene::of(D::NAME, D::KIND, instance, &shown),
            instance: shown,
            runs: vec![searchlab_replay::Run::new(
                label, algorithm, text, answer, recording,
            )],
        };
        match replay.write(page) {
            Ok(()) => match cut {
                None => eprintln!(
                    "searchlab: --replay: wrote {} ({events} events)",
                    page.display()
                ),
                Some(total) => eprintln!(
                    "searchlab: --replay: wrote {} ({events} of {total} events: --trace-limit cut the rest)",
                    page.display()
                ),
            },
            Err(e) => eprintln!("searchlab: --replay: cannot write {}: {e}", page.display()),
        }
    }

    /// `limits` with the tracer.
    pub fn limits(&self, limits: Limits) -> Limits {
        match &self.0 {
            Some(t) => limits.with_trace(t.clone()),
            None => limits,
        }
    }

    /// Runs one search (`solve`), its trace after whatever `out` holds, so that a trace on
    /// standard output comes between the answers, before its own.
    pub fn run<R>(&self, out: &mut dyn Write, solve: impl FnOnce() -> R) -> anyhow::Result<R> {
        let Some(trace) = &self.0 else {
            return Ok(solve());
        };
        out.flush()?;
        trace.with(|t| t.start_search());
        let answer = solve();
        trace.with(|t| t.end_search())?;
        Ok(answer)
    }
}

/// Writes events, as JSON Lines or text.
struct Writer {
    out: Box<dyn Write + Send>,
    text: bool,
    open: bool,
    limit: u64,
    events: u64,
    /// The search being traced, from 1.
    search: u64,
    /// The first write error (reported at the end of each search).
    error: Option<std::io::Error>,
}

/// A state as traces print it ([`state_text`]).
fn state(s: &dyn Debug) -> String {
    state_text(s)
}

/// A game value: `-inf` and `inf` for the open window's ends.
fn value(v: Value) -> String {
    if v <= -INFINITY {
        "-inf".into()
    } else if v == INFINITY {
        "inf".into()
    } else {
        v.to_string()
    }
}

/// A cost or bound as JSON: a number when it reads as one (`12`, `12.48528137`).
fn number(d: &dyn Display) -> Json {
    let s = d.to_string();
    s.parse::<u64>()
        .map(Json::from)
        .ok()
        .or_else(|| {
            serde_json::from_str::<serde_json::Number>(&s)
                .ok()
                .map(Json::Number)
        })
        .unwrap_or(Json::String(s))
}

impl Writer {
    fn json(&self, e: &TraceEvent<'_>, kind: TraceKind) -> Json {
        let mut m = Map::new();
        m.insert("event".into(), json!(kind.name()));
        m.insert("search".into(), json!(self.search));
        let mut put = |k: &str, v: Option<Json>| {
            if let Some(v) = v {
                m.insert(k.into(), v);
            }
        };
        put("state", e.state.map(|s| json!(state(s))));
        put("depth", e.depth.map(|d| json!(d)));
        put("g", e.g.map(number));
        put("h", e.h.map(number));
        put("f", e.f.map(number));
        put("iteration", e.iteration.map(|i| json!(i)));
        put("bound", e.bound.map(number));
        put("reason", e.reason.map(|r| json!(r)));
        let window = |v: Option<Value>| {
            v.map(|v| match value(v).parse::<i64>() {
                Ok(n) => json!(n),
                Err(_) => json!(value(v)),
            })
        };
        put("alpha", window(e.alpha));
        put("beta", window(e.beta));
        put("value", window(e.value));
        put("move", e.mv.map(|i| json!(i)));
        put("skipped", e.skipped.map(|n| json!(n)));
        put(
            "open",
            e.open.map(|list| {
                Json::Array(
                    list.iter()
                        .map(|n| json!({"state": state(n.state), "g": number(n.g), "h": number(n.h)}))
                        .collect(),
                )
            }),
        );
        Json::Object(m)
    }

    fn text(&self, e: &TraceEvent<'_>, kind: TraceKind) -> String {
        let indent = "  ".repeat(e.depth.unwrap_or(0).min(30) as usize);
        let s = e.state.map(state).unwrap_or_default();
        let costs = match (e.g, e.h, e.f) {
            (Some(g), Some(h), Some(f)) => format!("g={g} h={h} f={f}"),
            _ => String::new(),
        };
        let why = e.reason.map(|r| format!(" ({r})")).unwrap_or_default();
        let window = match (e.alpha, e.beta) {
            (Some(a), Some(b)) => format!(" [{}, {}]", value(a), value(b)),
            _ => String::new(),
        };
        match kind {
            TraceKind::NewBound => {
                let bound = e.bound.map(|b| b.to_string()).unwrap_or_default();
                match (e.iteration.unwrap_or(0), e.alpha) {
                    (0, _) => format!("{indent}limit {bound}"),
                    (i, Some(_)) => format!("search {i}: depth {bound}{window}"),
                    (i, None) => format!("iteration {i}: bound {bound}"),
                }
            }
            TraceKind::Open => {
                let list: Vec<String> = e
                    .open
                    .unwrap_or_default()
                    .iter()
                    .map(|n| format!("{} g={} h={}", state(n.state), n.g, n.h))
                    .collect();
                format!("open ({}): {}", list.len(), list.join(" | "))
            }
            TraceKind::Cutoff => format!(
                "{indent}cutoff {s}{window} value {} after move {}: {} skipped",
                value(e.value.unwrap_or(0)),
                e.mv.unwrap_or(0) + 1,
                e.skipped.unwrap_or(0)
            ),
            TraceKind::Leaf | TraceKind::Value => {
                format!(
                    "{indent}{} {s} = {}",
                    kind.name(),
                    value(e.value.unwrap_or(0))
                )
            }
            TraceKind::TableHit => format!(
                "{indent}table-hit {s} = {}{why}",
                value(e.value.unwrap_or(0))
            ),
            _ if window.is_empty() => format!("{indent}{} {s}  {costs}{why}", kind.name()),
            _ => format!("{indent}{} {s}{window}", kind.name()),
        }
    }

    fn write(&mut self, line: &str) {
        if self.error.is_none()
            && let Err(e) = writeln!(self.out, "{line}")
        {
            self.error = Some(e);
        }
    }
}

impl Tracer for Writer {
    fn wants_open(&self) -> bool {
        self.open
    }

    fn start_search(&mut self) {
        self.search += 1;
    }

    fn end_search(&mut self) -> std::io::Result<()> {
        match self.error.take() {
            Some(e) => Err(e),
            None => self.out.flush(),
        }
    }

    fn record(&mut self, event: &TraceEvent<'_>) {
        let Some(kind) = event.kind else {
            return;
        };
        self.events += 1;
        if self.events > self.limit {
            if self.events == self.limit + 1 {
                let note = if self.text {
                    format!(
                        "... trace truncated after {} events (--trace-limit)",
                        self.limit
                    )
                } else {
                    json!({"event": "truncated", "limit": self.limit}).to_string()
                };
                self.write(&note);
            }
            return;
        }
        let line = if self.text {
            self.text(event, kind)
        } else {
            self.json(event, kind).to_string()
        };
        self.write(&line);
    }
}

/// `bench --replay DIR`: one page per good instance of the shard, every pair's search side
/// by side (each run again, traced, as the bench ran it), saying on stderr what was written.
pub fn bench_replays<D: Description>(
    args: &crate::bench::BenchArgs,
    pairs: &[searchlab_harness::Pair],
    dir: &std::path::Path,
    limits: &Limits,
) where
    D::Instance: 'static,
{
    let shard = args.shard.unwrap_or_default();
    // The instances as the first pair's problem reads them (the bench read them so).
    let Some(problem) = pairs.first().and_then(|p| D::new(&p.options).ok()) else {
        return;
    };
    let problem = &problem;
    let items = searchlab_toolkit::instances::gather(problem, &[], &args.files);
    let several_files = args.files.len() > 1;
    for (position, item) in items.iter().enumerate() {
        let Ok(instance) = item.parsed.as_ref() else {
            continue;
        };
        if !shard.owns(position) {
            continue;
        }
        let stem = std::path::Path::new(&item.source)
            .file_stem()
            .map_or("stdin".into(), |s| s.to_string_lossy().into_owned());
        let n = item.line.unwrap_or(position + 1);
        let name = match several_files || item.line.is_none() {
            true => format!("{stem}-{}.html", position + 1),
            false => format!("{stem}-{n}.html"),
        };
        let shown = problem.show(instance);
        let mut runs = Vec::new();
        for pair in pairs {
            let made = D::new(&pair.options).and_then(|mut p| {
                p.prepare(pair.algorithm, &pair.given, &mut |_| {})?;
                Ok(p)
            });
            let Ok(own) = made else {
                continue;
            };
            let (answer, recording) = searchlab_replay::record_search(
                &own,
                instance,
                pair.algorithm,
                &pair.given,
                limits,
                args.trace_limit,
            );
            let label = match pair.heuristic.as_str() {
                "none" => pair.name.clone(),
                h => format!("{} / {h}", pair.name),
            };
            let text = searchlab_toolkit::stats_text::answer_text(&shown, &answer, &label);
            let algorithm = pair.algorithm.name();
            runs.push(searchlab_replay::Run::new(
                &label, algorithm, &text, &answer, recording,
            ));
        }
        let page = searchlab_replay::Page {
            problem: D::NAME.into(),
            scene: searchlab_replay::Scene::of(D::NAME, D::KIND, instance, &shown),
            instance: shown,
            runs,
        };
        let path = dir.join(name);
        match page.write(&path) {
            Ok(()) => eprintln!(
                "searchlab: --replay: wrote {} ({} searches)",
                path.display(),
                page.runs.len()
            ),
            Err(e) => eprintln!("searchlab: --replay: cannot write {}: {e}", path.display()),
        }
    }
}
