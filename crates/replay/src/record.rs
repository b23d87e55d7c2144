//! The recorder: a [`Tracer`] (the same hook `--trace` writes from) that keeps each search's
//! events in memory, compactly, for a page to replay.
//!
//! States arrive as `&dyn Debug`; each distinct text is kept once and events refer to it by
//! number. Costs arrive as `&dyn Display` and are kept as numbers. After `limit` events a
//! search's recording stops growing, but the recorder still counts what it missed, so that
//! the page can say how much the limit cut.

use std::fmt::{Debug, Display};
use std::sync::{Arc, Mutex, MutexGuard};

use rustc_hash::FxHashMap;
use searchlab_toolkit::Value;
use searchlab_toolkit::observe::{TraceEvent, TraceKind, Tracer, state_text};

/// One recorded event: the fields of a [`TraceEvent`] that apply, as plain values.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// What happened.
    pub kind: TraceKind,
    /// Whether the search counted a generated node with this event (see
    /// [`Recording::generated`]).
    pub generated: bool,
    /// The state, as an index into [`Recording::states`].
    pub state: Option<u32>,
    /// Actions (single-agent) or plies (games) from the start.
    pub depth: Option<u32>,
    /// The path cost (`NaN` when it is not a number).
    pub g: Option<f64>,
    /// The heuristic estimate.
    pub h: Option<f64>,
    /// A new bound (f, or a depth); `None` for "no depth limit".
    pub bound: Option<f64>,
    /// The iteration of a new bound.
    pub iteration: Option<u32>,
    /// Why a node was pruned, `backward` for the backward side, a table entry's kind.
    pub reason: Option<&'static str>,
    /// The window's lower end.
    pub alpha: Option<Value>,
    /// The window's upper end.
    pub beta: Option<Value>,
    /// A game value.
    pub value: Option<Value>,
    /// The move that cut.
    pub mv: Option<usize>,
    /// The moves a cutoff skipped.
    pub skipped: Option<usize>,
}

/// The events of one search.
#[derive(Clone, Debug, Default)]
pub struct Recording {
    /// The events kept, in order.
    pub events: Vec<Event>,
    /// Each distinct state's text, in the order first seen.
    pub states: Vec<String>,
    /// Every event the search reported, kept or not.
    pub total: u64,
    /// The most events kept.
    pub limit: u64,
    /// Whether the search was a game search (its events carry windows and values).
    pub game: bool,
    index: FxHashMap<String, u32>,
    counting: Counting,
}

impl Recording {
    /// Whether the limit cut the recording short.
    pub fn truncated(&self) -> bool {
        self.total > self.events.len() as u64
    }

    /// The number of expand events kept: the search's `expanded` when nothing was cut.
    pub fn expanded(&self) -> u64 {
        let expands = self.events.iter().filter(|e| e.kind == TraceKind::Expand);
        expands.count() as u64
    }

    /// The nodes the kept events account for as generated: each root, child kept, re-opened
    /// or dropped for its bound (single-agent), each position whose search starts (games).
    /// Every algorithm counts so but depth-first branch and bound, which counts a child only
    /// after its bound test.
    pub fn generated(&self) -> u64 {
        self.events.iter().filter(|e| e.generated).count() as u64
    }

    fn intern(&mut self, state: &dyn Debug) -> u32 {
        // The text `--trace` writes.
        let text = state_text(state);
        if let Some(&i) = self.index.get(&text) {
            return i;
        }
        let i = self.states.len() as u32;
        self.states.push(text.clone());
        self.index.insert(text, i);
        i
    }
}

/// How the events add up to the search's `generated` count.
///
/// Single-agent searches count each root (one per end searched from), each child kept
/// (`generate`) or re-opened (`reopen`), and each child dropped for its bound (`prune`
/// `bound`: IDA* and IDDFS generate a child before testing its f); duplicates and children
/// outside a beam are not counted. Game searches count each position whose search starts
/// (`expand`, `leaf`, `table-hit`), except when it continues the one just reported for the
/// same position (a table hit that only narrowed the window, PVS's re-search after a
/// null-window test).
///
/// Depth-first branch and bound tests a child's bound before counting it, and a game search
/// with enhanced transposition cutoffs probes children it does not count: their pages show
/// the difference from the printed statistics at the end.
#[derive(Clone, Debug, Default)]
struct Counting {
    /// Roots seen: forward, backward.
    roots: [bool; 2],
    /// The last game event that could be continued: kind, state, ply.
    last: Option<(TraceKind, Option<u32>, Option<u32>)>,
}

impl Counting {
    fn counts(&mut self, e: &Event) -> bool {
        use TraceKind as K;
        if e.alpha.is_some() || e.value.is_some() || self.last.is_some() {
            // A game event.
            let same = |k: K| self.last == Some((k, e.state, e.depth));
            let counted = match e.kind {
                K::Expand | K::Leaf | K::TableHit => {
                    !same(K::TableHit) && !same(K::Value) && !same(K::Leaf)
                }
                _ => false,
            };
            self.last = Some((e.kind, e.state, e.depth));
            return counted;
        }
        let side = usize::from(e.reason == Some("backward"));
        let root = e.depth == Some(0) && e.kind != K::NewBound && !self.roots[side];
        if root {
            self.roots[side] = true;
            return true;
        }
        match e.kind {
            K::Generate | K::Reopen => true,
            K::Prune => e.reason == Some("bound"),
            _ => false,
        }
    }
}

/// A number from a cost's or bound's text (`12`, `12.48528137`); `None` when it is not one
/// (`none`: no depth limit).
fn number(d: &dyn Display) -> Option<f64> {
    d.to_string().parse::<f64>().ok().filter(|x| x.is_finite())
}

impl Event {
    fn of(e: &TraceEvent<'_>, kind: TraceKind, rec: &mut Recording) -> Event {
        Event {
            kind,
            generated: false,
            state: e.state.map(|s| rec.intern(s)),
            depth: e.depth,
            g: e.g.and_then(number),
            h: e.h.and_then(number),
            bound: e.bound.and_then(number),
            iteration: e.iteration,
            reason: e.reason,
            alpha: e.alpha,
            beta: e.beta,
            value: e.value,
            mv: e.mv,
            skipped: e.skipped,
        }
    }
}

/// The recordings a [`Recorder`] made, for the driver to take after each search.
#[derive(Clone, Debug, Default)]
pub struct Recordings(Arc<Mutex<Option<Recording>>>);

impl Recordings {
    fn lock(&self) -> MutexGuard<'_, Option<Recording>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The recording of the last search (since the last take), if any.
    pub fn take(&self) -> Option<Recording> {
        self.lock().take()
    }
}

/// A [`Tracer`] that records each search for a replay; put it in a
/// [`searchlab_toolkit::Trace`] and read its recordings through [`Recorder::recordings`].
///
/// ```
/// use searchlab_toolkit::{Limits, Trace, astar, Problem};
/// use searchlab_replay::Recorder;
///
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, -1]) }
///     fn result(&self, s: &i32, a: &i32) -> (i32, u32) { (s + a, 1) }
/// }
/// let recorder = Recorder::new(1000);
/// let recordings = recorder.recordings();
/// let trace = Trace::new(recorder);
/// trace.with(|t| t.start_search());
/// let h = |s: &i32| (3 - s).unsigned_abs();
/// let run = astar(&Line, &0, &h, &Limits::none().with_trace(trace.clone()));
/// trace.with(|t| t.end_search()).unwrap();
/// let rec = recordings.take().unwrap();
/// assert_eq!(rec.expanded(), run.stats.expanded);
/// assert_eq!(rec.generated(), run.stats.generated);
/// assert_eq!(rec.states[0], "0");
/// ```
pub struct Recorder {
    limit: u64,
    current: Recording,
    out: Recordings,
    /// Another tracer that sees every event too (`--trace` beside `--replay`).
    also: Option<Box<dyn Tracer>>,
}

impl Recorder {
    /// A recorder keeping at most `limit` events of each search.
    pub fn new(limit: u64) -> Self {
        Recorder {
            limit,
            current: Recording {
                limit,
                ..Recording::default()
            },
            out: Recordings::default(),
            also: None,
        }
    }

    /// The recorder passing every event on to `other` as well, so that one search gives
    /// both a page and, say, `--trace`'s file.
    pub fn and(mut self, other: impl Tracer + 'static) -> Self {
        self.also = Some(Box::new(other));
        self
    }

    /// Where each search's recording goes when it ends.
    pub fn recordings(&self) -> Recordings {
        self.out.clone()
    }
}

impl Tracer for Recorder {
    fn wants_open(&self) -> bool {
        self.also.as_ref().is_some_and(|t| t.wants_open())
    }

    fn start_search(&mut self) {
        self.current = Recording {
            limit: self.limit,
            ..Recording::default()
        };
        if let Some(t) = &mut self.also {
            t.start_search();
        }
    }

    fn end_search(&mut self) -> std::io::Result<()> {
        let done = std::mem::replace(
            &mut self.current,
            Recording {
                limit: self.limit,
                ..Recording::default()
            },
        );
        *self.out.lock() = Some(done);
        match &mut self.also {
            Some(t) => t.end_search(),
            None => Ok(()),
        }
    }

    fn record(&mut self, event: &TraceEvent<'_>) {
        if let Some(t) = &mut self.also {
            t.record(event);
        }
        // The open list is not recorded: a replay draws the frontier from the other events.
        let Some(kind) = event.kind.filter(|k| *k != TraceKind::Open) else {
            return;
        };
        let rec = &mut self.current;
        rec.total += 1;
        if rec.events.len() as u64 >= rec.limit {
            return;
        }
        let mut e = Event::of(event, kind, rec);
        rec.game |= e.alpha.is_some() || e.value.is_some();
        e.generated = rec.counting.counts(&e);
        rec.events.push(e);
    }
}

/// Runs one search of `problem` as `searchlab bench` runs it
/// ([`searchlab_toolkit::Description::solve_for_bench`]), recording at most `limit` events:
/// the answer and the recording.
pub fn record_search<D: searchlab_toolkit::Description>(
    problem: &D,
    instance: &D::Instance,
    algorithm: searchlab_toolkit::Algorithm,
    heuristic: &str,
    limits: &searchlab_toolkit::Limits,
    limit: u64,
) -> (searchlab_toolkit::Answer, Recording) {
    let recorder = Recorder::new(limit);
    let recordings = recorder.recordings();
    let trace = searchlab_toolkit::Trace::new(recorder);
    trace.with(|t| t.start_search());
    let limits = limits.clone().with_trace(trace.clone());
    let answer = problem.solve_for_bench(instance, algorithm, heuristic, &limits);
    // The recorder's end of search cannot fail: it writes nothing.
    let _ = trace.with(|t| t.end_search());
    (answer, recordings.take().unwrap_or_default())
}
