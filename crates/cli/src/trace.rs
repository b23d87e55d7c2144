//! `solve --trace`: every step of each search, as JSON Lines for tools or as text to read.
//!
//! The core reports each step to a [`Tracer`] carried in the limits
//! ([`searchlab_toolkit::observe`]); this module writes them. Output is deterministic (no times)
//! and capped by `--trace-limit` events, after which one last line says it was truncated.

use std::fmt::{Debug, Display};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use searchlab_toolkit::observe::{TraceEvent, TraceKind, Tracer};
use searchlab_toolkit::{INFINITY, Limits, Options, Trace, Value};
use serde_json::{Map, Value as Json, json};

use crate::error::BadInput;

/// The trace flags of `solve`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TraceArgs {
    /// Write every step of each search to FILE as JSON Lines (one event a line: expand,
    /// generate, prune, reopen, goal, new-bound, open, leaf, cutoff, table-hit, value); `-`
    /// writes the readable text to standard output instead.
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
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub trace_limit: u64,
}

/// The trace of a `solve` run, if one was asked for.
pub struct Tracing(Option<Trace>);

impl Tracing {
    /// The tracer `args` ask for; `--threads` above 1 is refused (parallel IDA* runs its
    /// threads' steps in no fixed order).
    pub fn new(args: &TraceArgs, options: &Options) -> Result<Self, BadInput> {
        if args.trace.is_none() && !args.trace_text {
            if args.trace_open {
                return Err(BadInput(
                    "--trace-open needs --trace or --trace-text".into(),
                ));
            }
            return Ok(Tracing(None));
        }
        if options.get("threads").is_some_and(|t| t.trim() != "1") {
            return Err(BadInput(
                "--trace follows one search step by step: it needs --threads 1 (parallel IDA*'s threads run in no fixed order)".into(),
            ));
        }
        let path = args.trace.as_ref().filter(|p| p.as_os_str() != "-");
        let text = args.trace_text || path.is_none();
        let out: Box<dyn Write + Send> = match path {
            Some(p) => Box::new(BufWriter::new(File::create(p).map_err(|e| {
                BadInput(format!("--trace {}: cannot create it: {e}", p.display()))
            })?)),
            None => Box::new(std::io::stdout()),
        };
        Ok(Tracing(Some(Trace::new(Writer {
            out,
            text,
            open: args.trace_open,
            limit: args.trace_limit,
            events: 0,
            search: 0,
            error: None,
        }))))
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

/// A state as its `Debug` prints it, without a one-word wrapper (`Board(1 2 3 ...)` ->
/// `1 2 3 ...`), on one line.
fn state(s: &dyn Debug) -> String {
    let text = format!("{s:?}");
    let inner = match (text.find('('), text.ends_with(')')) {
        (Some(i), true) if i > 0 && text[..i].chars().all(char::is_alphanumeric) => {
            &text[i + 1..text.len() - 1]
        }
        _ => &text,
    };
    inner.split_whitespace().collect::<Vec<_>>().join(" ")
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
