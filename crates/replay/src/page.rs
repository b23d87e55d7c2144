//! The page: one HTML file holding its script, its styles and the recorded events, so that it
//! opens from disk in any browser with no network.
//!
//! The page's code lives in `assets/` as real files (`replay.html`, `replay.css`,
//! `replay.js`), embedded when the crate is built; the events go in as JSON inside a
//! `<script type="application/json">` element, one short array per event.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use searchlab_toolkit::observe::TraceKind;
use searchlab_toolkit::{Answer, Field, INFINITY, Stats, Value};

use rustc_hash::FxHashMap;

use crate::record::{Event, Recording};
use crate::scene::{Drawn, Scene};

/// A graph drawn whole up to this many nodes (and [`GRAPH_ARCS`] arcs); a larger one (a road
/// network) only where the searches went: the nodes they touched and the arcs between them,
/// so that a page stays a few MB.
const GRAPH_NODES: usize = 20_000;
/// See [`GRAPH_NODES`].
const GRAPH_ARCS: usize = 100_000;

const HTML: &str = include_str!("../assets/replay.html");
const CSS: &str = include_str!("../assets/replay.css");
const JS: &str = include_str!("../assets/replay.js");

/// One recorded search: what the CLI printed for it and its events.
#[derive(Clone, Debug)]
pub struct Run {
    /// The algorithm (with its heuristic), as the CLI's statistics line names it
    /// (`astar / manhattan`).
    pub label: String,
    /// The algorithm's name (`astar`), which tells the page how to draw a frontier.
    pub algorithm: String,
    /// The answer as the CLI printed it, statistics line included.
    pub text: String,
    /// The statistics the CLI printed.
    pub stats: Stats,
    /// A grid path's cells (the answer's `cells` field), from start to goal.
    pub path: Vec<(u32, u32)>,
    /// The answer's moves as printed (a graph's path: node names joined by ` -> `).
    pub moves: Option<String>,
    /// The events.
    pub recording: Recording,
}

impl Run {
    /// The run of `algorithm` labelled `label` that answered `answer` (printed as `text`)
    /// and recorded `recording`.
    pub fn new(
        label: &str,
        algorithm: &str,
        text: &str,
        answer: &Answer,
        recording: Recording,
    ) -> Run {
        let path = answer
            .fields
            .iter()
            .find(|(k, _)| *k == "cells")
            .map(|(_, cells)| match cells {
                Field::List(cells) => cells.iter().filter_map(pair).collect(),
                _ => Vec::new(),
            })
            .unwrap_or_default();
        Run {
            label: label.to_owned(),
            algorithm: algorithm.to_owned(),
            text: text.to_owned(),
            stats: answer.stats.clone(),
            path,
            moves: answer.moves.clone(),
            recording,
        }
    }
}

/// `[x, y]` as a pair.
fn pair(field: &Field) -> Option<(u32, u32)> {
    match field {
        Field::List(xy) => match xy.as_slice() {
            [Field::Int(x), Field::Int(y)] => {
                Some((u32::try_from(*x).ok()?, u32::try_from(*y).ok()?))
            }
            _ => None,
        },
        _ => None,
    }
}

/// A page: one instance, one or more runs side by side.
#[derive(Clone, Debug)]
pub struct Page {
    /// The problem's registry name (`eight`).
    pub problem: String,
    /// The instance as the problem prints it.
    pub instance: String,
    /// How to draw it.
    pub scene: Scene,
    /// The runs, in the order of `--algo`.
    pub runs: Vec<Run>,
}

/// A JSON string.
fn string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// A number as JSON (`null` when absent or not finite), with at most four decimals: the
/// page shows costs so (the printed answer keeps every digit).
fn num(x: Option<f64>) -> String {
    match x {
        Some(x) if x.is_finite() && x.fract() == 0.0 => format!("{x}"),
        Some(x) if x.is_finite() => {
            let s = format!("{x:.4}");
            s.trim_end_matches('0').trim_end_matches('.').to_owned()
        }
        _ => "null".into(),
    }
}

/// A game value as JSON: `"inf"` and `"-inf"` for the open window's ends.
fn value(v: Option<Value>) -> String {
    match v {
        None => "null".into(),
        Some(v) if v <= -INFINITY => "\"-inf\"".into(),
        Some(INFINITY) => "\"inf\"".into(),
        Some(v) => v.to_string(),
    }
}

/// The kinds, in the order of their codes in the page's data.
const KINDS: [TraceKind; 11] = [
    TraceKind::Expand,
    TraceKind::Generate,
    TraceKind::Prune,
    TraceKind::Reopen,
    TraceKind::Goal,
    TraceKind::NewBound,
    TraceKind::Open,
    TraceKind::Leaf,
    TraceKind::Cutoff,
    TraceKind::TableHit,
    TraceKind::Value,
];

/// The reasons, in the order of their codes.
const REASONS: [&str; 7] = [
    "bound",
    "duplicate",
    "width",
    "backward",
    "exact",
    "lower",
    "upper",
];

/// One event as a short array: `[kind, state, depth, counted, ...]`, the rest by kind (see
/// `decode` in `replay.js`).
fn event_json(out: &mut String, e: &Event, cell: &dyn Fn(u32) -> i64) {
    let kind = KINDS.iter().position(|k| *k == e.kind).unwrap_or(0);
    let state = e.state.map_or(-1, cell);
    let depth = e.depth.map_or(-1, i64::from);
    let _ = write!(out, "[{kind},{state},{depth},{}", u8::from(e.generated));
    let reason = e
        .reason
        .and_then(|r| REASONS.iter().position(|x| *x == r))
        .map_or(-1, |r| r as i64);
    let _ = match e.kind {
        TraceKind::NewBound => write!(
            out,
            ",{},{},{},{}",
            e.iteration.unwrap_or(0),
            num(e.bound),
            value(e.alpha),
            value(e.beta)
        ),
        TraceKind::Expand if e.alpha.is_some() => {
            write!(out, ",{},{}", value(e.alpha), value(e.beta))
        }
        TraceKind::Leaf | TraceKind::Value => write!(out, ",{}", value(e.value)),
        TraceKind::TableHit => write!(out, ",{},{reason}", value(e.value)),
        TraceKind::Cutoff => write!(
            out,
            ",{},{},{},{},{}",
            value(e.alpha),
            value(e.beta),
            value(e.value),
            e.mv.unwrap_or(0),
            e.skipped.unwrap_or(0)
        ),
        _ if reason < 0 => write!(out, ",{},{}", num(e.g), num(e.h)),
        _ => write!(out, ",{},{},{reason}", num(e.g), num(e.h)),
    };
    out.push(']');
}

/// The statistics the page compares its counters with.
fn stats_json(s: &Stats) -> String {
    let bounds: Vec<String> = s.iterations.iter().map(|i| i.bound.to_string()).collect();
    format!(
        "{{\"expanded\":{},\"generated\":{},\"max_frontier\":{},\"reopened\":{},\"leaves\":{},\"cutoffs\":{},\"table_hits\":{},\"depth_reached\":{},\"bounds\":[{}]}}",
        s.expanded,
        s.generated,
        s.max_frontier,
        s.reopened,
        s.leaves,
        s.cutoffs,
        s.table_hits,
        s.depth_reached,
        bounds.join(",")
    )
}

impl Page {
    /// The page's data as JSON (what `replay.js` reads).
    pub fn data_json(&self) -> String {
        let mut out = String::with_capacity(1 << 16);
        let _ = write!(
            out,
            "{{\"problem\":{},\"instance\":{},\"scene\":{}",
            string(&self.problem),
            string(&self.instance),
            string(self.scene.name())
        );
        match &self.scene {
            Scene::Grid {
                width,
                height,
                cells,
            } => {
                let _ = write!(
                    out,
                    ",\"width\":{width},\"height\":{height},\"cells\":{}",
                    string(cells)
                );
            }
            Scene::Jugs { capacities } => {
                let caps: Vec<String> = capacities.iter().map(u64::to_string).collect();
                let _ = write!(out, ",\"capacities\":[{}]", caps.join(","));
            }
            _ => {}
        }
        let kept = match &self.scene {
            Scene::Graph(drawn) => Some(self.graph_json(&mut out, drawn)),
            _ => None,
        };
        let kinds: Vec<String> = KINDS.iter().map(|k| string(k.name())).collect();
        let reasons: Vec<String> = REASONS.iter().map(|r| string(r)).collect();
        let _ = write!(
            out,
            ",\"kinds\":[{}],\"reasons\":[{}],\"runs\":[",
            kinds.join(","),
            reasons.join(",")
        );
        for (i, run) in self.runs.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.run_json(&mut out, run, kept.as_ref());
        }
        out.push_str("]}");
        out
    }

    /// The nodes a graph page draws, each one's index in the page by its index in the graph.
    fn kept_nodes(&self, graph: &searchlab_graph::Graph) -> Kept {
        if graph.node_count() <= GRAPH_NODES && graph.arc_count() <= GRAPH_ARCS {
            return Kept::All(graph.node_count());
        }
        let mut nodes: Vec<u32> = (self.runs.iter())
            .flat_map(|run| {
                let states = run.recording.states.iter();
                let path = self.graph_path(graph, run);
                states.filter_map(|s| self.scene.cell_of(s)).chain(path)
            })
            .collect();
        nodes.sort_unstable();
        nodes.dedup();
        let index = (nodes.iter().enumerate())
            .map(|(i, &v)| (v, i as u32))
            .collect();
        Kept::Some { nodes, index }
    }

    /// A graph run's path as node indices, from the answer's names.
    fn graph_path(&self, graph: &searchlab_graph::Graph, run: &Run) -> Vec<u32> {
        let Some(moves) = &run.moves else {
            return Vec::new();
        };
        let nodes: Option<Vec<u32>> = moves.split(" -> ").map(|n| graph.node(n)).collect();
        nodes.unwrap_or_default()
    }

    /// Writes a graph's drawing: `nodes` (x, y pairs flattened), `arcs` (page indices of
    /// both ends, flattened, each two-way road once) and `names`; returns the nodes kept.
    fn graph_json(&self, out: &mut String, Drawn(graph): &Drawn) -> Kept {
        let kept = self.kept_nodes(graph);
        let coords = graph.coords().unwrap_or_default();
        let (mut xy, mut arcs, mut names) = (Vec::new(), Vec::new(), Vec::new());
        for v in kept.nodes() {
            let [x, y] = coords.get(v as usize).copied().unwrap_or_default();
            xy.push(format!("{x},{y}"));
            names.push(string(&graph.name(v)));
            for (arc, w, _) in graph.arcs(v) {
                // A two-way road once: from its lower end, unless it has no way back.
                let once = v < w || graph.reverse_arc(arc).is_none();
                if let (true, Some(a), Some(b)) = (once, kept.page(v), kept.page(w)) {
                    arcs.push(format!("{a},{b}"));
                }
            }
        }
        let _ = write!(
            out,
            ",\"nodes\":[{}],\"arcs\":[{}],\"names\":[{}],\"whole\":{}",
            xy.join(","),
            arcs.join(","),
            names.join(","),
            matches!(kept, Kept::All(_))
        );
        kept
    }

    fn run_json(&self, out: &mut String, run: &Run, kept: Option<&Kept>) {
        let rec = &run.recording;
        let grid = matches!(self.scene, Scene::Grid { .. } | Scene::Graph(_));
        let _ = write!(
            out,
            "{{\"label\":{},\"algorithm\":{},\"text\":{},\"stats\":{},\"game\":{},\"total\":{},\"limit\":{},\"truncated\":{}",
            string(&run.label),
            string(&run.algorithm),
            string(&run.text),
            stats_json(&run.stats),
            rec.game,
            rec.total,
            rec.limit,
            rec.truncated()
        );
        let path: Vec<String> = match (&self.scene, kept) {
            (Scene::Graph(Drawn(graph)), Some(kept)) => (self.graph_path(graph, run).iter())
                .filter_map(|&v| kept.page(v).map(|p| p.to_string()))
                .collect(),
            _ => (run.path.iter().map(|(x, y)| format!("[{x},{y}]"))).collect(),
        };
        let _ = write!(out, ",\"path\":[{}]", path.join(","));
        // A grid's states are its cells' indices, a graph's its nodes' (in the page); the
        // others' their texts.
        let cells: Vec<i64> = if grid {
            rec.states
                .iter()
                .map(|s| {
                    let cell = self.scene.cell_of(s);
                    let page = match kept {
                        Some(kept) => cell.and_then(|v| kept.page(v)),
                        None => cell,
                    };
                    page.map_or(-1, i64::from)
                })
                .collect()
        } else {
            out.push_str(",\"states\":[");
            for (i, s) in rec.states.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&string(s));
            }
            out.push(']');
            Vec::new()
        };
        let cell = |s: u32| {
            if grid {
                cells[s as usize]
            } else {
                i64::from(s)
            }
        };
        out.push_str(",\"events\":[");
        for (i, e) in rec.events.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            event_json(out, e, &cell);
        }
        out.push_str("]}");
    }

    /// The whole page.
    pub fn html(&self) -> String {
        let title = match self.runs.as_slice() {
            [run] => format!("{} {}: {}", self.problem, self.instance, run.label),
            runs => format!(
                "{} {}: {} algorithms",
                self.problem,
                self.instance,
                runs.len()
            ),
        };
        // Inside a script element only `</script` (and `<!--`) could end it early: every `<`
        // of the JSON is inside a string, where `\u003c` reads the same.
        let data = self.data_json().replace('<', "\\u003c");
        HTML.replace("{{title}}", &escape(&title))
            .replace("{{style}}", CSS)
            .replace("{{script}}", JS)
            .replace("{{data}}", &data)
    }

    /// Writes the page to `path` through a temporary file beside it, renamed at the end.
    ///
    /// # Errors
    /// The file could not be written.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        write_atomically(path, self.html().as_bytes())
    }
}

/// The nodes of a graph a page draws.
enum Kept {
    /// All of the graph's this many nodes, at their own indices.
    All(usize),
    /// These nodes (sorted), each at its position in the list.
    Some {
        nodes: Vec<u32>,
        index: FxHashMap<u32, u32>,
    },
}

impl Kept {
    fn nodes(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self {
            Kept::All(n) => Box::new(0..*n as u32),
            Kept::Some { nodes, .. } => Box::new(nodes.iter().copied()),
        }
    }

    /// Node `v`'s index in the page, if it is drawn.
    fn page(&self, v: u32) -> Option<u32> {
        match self {
            Kept::All(n) => ((v as usize) < *n).then_some(v),
            Kept::Some { index, .. } => index.get(&v).copied(),
        }
    }
}

/// Text as HTML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes `bytes` to `path` through `path.tmp`, renamed at the end.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Where the page of an instance goes: `base` itself when it is the only one, else
/// `STEM-N.EXT` beside it (N the instance's line in its file, or its position among the
/// arguments), as `--draw` names its pictures.
pub fn numbered(base: &Path, several: bool, n: usize) -> PathBuf {
    if !several {
        return base.to_path_buf();
    }
    let stem = base.file_stem().unwrap_or_default().to_string_lossy();
    let ext = base
        .extension()
        .map_or("html".into(), |e| e.to_string_lossy());
    base.with_file_name(format!("{stem}-{n}.{ext}"))
}

/// Checks, before any search, that pages can be written at `path`: a file (not a
/// directory) in an existing directory.
///
/// # Errors
/// A message naming the path and what is wrong.
pub fn check_file(path: &Path) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!(
            "--replay {}: is a directory (solve writes one FILE.html; bench writes into a directory)",
            path.display()
        ));
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    if dir.is_some_and(|d| !d.is_dir()) {
        return Err(format!(
            "--replay {}: its directory does not exist",
            path.display()
        ));
    }
    Ok(())
}

/// Checks, before any search, that `dir` is an existing directory (bench's pages go there).
///
/// # Errors
/// A message naming the path and what is wrong.
pub fn check_dir(dir: &Path) -> Result<(), String> {
    if !dir.is_dir() {
        return Err(format!(
            "--replay {}: not a directory (bench writes one page per instance into a directory; create it first)",
            dir.display()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_of_several_instances_are_numbered() {
        let base = Path::new("out/r.html");
        assert_eq!(numbered(base, false, 3), PathBuf::from("out/r.html"));
        assert_eq!(numbered(base, true, 3), PathBuf::from("out/r-3.html"));
    }

    #[test]
    fn values_and_numbers_are_json() {
        assert_eq!(value(Some(INFINITY)), "\"inf\"");
        assert_eq!(value(Some(-INFINITY)), "\"-inf\"");
        assert_eq!(value(Some(-3)), "-3");
        assert_eq!(num(Some(12.48528137)), "12.4853");
        assert_eq!(num(Some(2.5)), "2.5");
        assert_eq!(num(Some(12.0)), "12");
        assert_eq!(num(None), "null");
    }
}
