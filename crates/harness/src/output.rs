//! The results of a bench: per-instance rows, per-pair summaries, and their table, CSV and
//! JSON forms.

use std::fmt::Write as _;

use searchlab_toolkit::{Answer, Kind, Status};
use serde::Serialize;
use serde_json::Value as Json;

use crate::definition::{InstanceRecord, PairSpec};

/// One run of one (algorithm, heuristic) pair on one instance.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The instance's position among all instances read, good and bad (shards, agreement).
    #[serde(skip)]
    pub index: usize,
    /// The pair's position in the list of pairs.
    #[serde(skip)]
    pub pair: usize,
    /// The algorithm, with its options (`alphabeta+no-table`).
    pub algorithm: String,
    /// The heuristic (games: the move order), `none` when the algorithm takes none.
    pub heuristic: String,
    /// `file:line` of the instance.
    pub source: String,
    /// The instance as written.
    pub instance: String,
    /// `solved`, `unsolvable` or `stopped`.
    pub status: &'static str,
    /// The limit that stopped the run: `nodes` or `time`.
    pub limit: Option<&'static str>,
    /// The solution cost (puzzles).
    pub cost: Option<Json>,
    /// The game value (games).
    pub value: Option<Json>,
    /// Solution cost (puzzles, when solved) or the moves the game can still last (games:
    /// [`searchlab_toolkit::Description::moves_left`], answered or not; for a game that does not
    /// say, the moves of the answer's principal variation).
    pub length: Option<u64>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Wall-clock time of the search, in seconds.
    pub seconds: f64,
    /// Peak heap bytes the search held above what its thread held before it (measured by the
    /// counting allocator).
    pub peak_bytes: u64,
    /// States evaluated (best-first searches; 0 for the others).
    pub evaluated: u64,
    /// Nodes expanded before the last layer (best-first searches: Fast Downward's "until last
    /// jump", [`searchlab_toolkit::LastLayer`]).
    pub expanded_until_last_layer: Option<u64>,
    /// Nodes generated before the last layer.
    pub generated_until_last_layer: Option<u64>,
    /// States evaluated before the last layer.
    pub evaluated_until_last_layer: Option<u64>,
    /// Whether the answer claims the exact answer, which every other exact answer of the
    /// instance must equal ([`searchlab_toolkit::describe::claims_exact`]).
    #[serde(skip)]
    pub exact: bool,
    /// Whether the answer agrees with the expected answer written in the file, as `solve`
    /// judges it ([`searchlab_toolkit::describe::agrees`]); `None` without one.
    #[serde(skip)]
    pub agrees: Option<bool>,
}

/// How a run's answer was judged, by the rules `solve` uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// [`Row::exact`].
    pub exact: bool,
    /// [`Row::agrees`].
    pub agrees: Option<bool>,
}

impl Row {
    /// The row of `answer`, the run of pair number `pair` on the instance at `index` (its
    /// position among all instances read). `moves_left` is what the description says of a
    /// game's instance ([`searchlab_toolkit::Description::moves_left`]): the length of a game's
    /// row when given, else the moves of the answer's principal variation.
    pub fn new(
        kind: Kind,
        (index, item): (usize, &InstanceRecord),
        (pair, p): (usize, &PairSpec),
        answer: &Answer,
        (peak_bytes, moves_left): (u64, Option<u64>),
    ) -> Row {
        let number = answer.length.as_deref().map(length_json);
        let solved = answer.status == Status::Solved;
        let length = match kind {
            Kind::Puzzle => answer
                .length
                .as_deref()
                .and_then(|l| l.parse::<f64>().ok())
                .map(|l| l.round() as u64)
                .filter(|_| solved),
            // The moves left are the instance's, answered or not (as before issue 12).
            Kind::Game => moves_left.or_else(|| {
                answer
                    .moves
                    .as_deref()
                    .map(|m| m.split_whitespace().count() as u64)
                    .filter(|_| solved)
            }),
        };
        Row {
            index,
            pair,
            algorithm: p.algorithm.clone(),
            heuristic: p.heuristic.clone(),
            source: item.source.clone(),
            instance: item.text.clone(),
            status: answer.status.name(),
            limit: limit_name(answer.status),
            cost: if kind == Kind::Puzzle {
                number.clone()
            } else {
                None
            },
            value: if kind == Kind::Game { number } else { None },
            length,
            expanded: answer.stats.expanded,
            generated: answer.stats.generated,
            seconds: answer.stats.elapsed.as_secs_f64(),
            peak_bytes,
            evaluated: answer.stats.evaluated,
            expanded_until_last_layer: answer.stats.last_layer.map(|l| l.expanded),
            generated_until_last_layer: answer.stats.last_layer.map(|l| l.generated),
            evaluated_until_last_layer: answer.stats.last_layer.map(|l| l.evaluated),
            exact: false,
            agrees: None,
        }
    }

    /// The row with its answer judged.
    pub fn judged(mut self, verdict: Verdict) -> Row {
        self.exact = verdict.exact;
        self.agrees = verdict.agrees;
        self
    }

    /// The answer the agreement check compares: the cost or value, or `unsolvable`.
    pub fn answer(&self) -> Option<String> {
        match self.status {
            "unsolvable" => Some("unsolvable".into()),
            _ => self
                .cost
                .as_ref()
                .or(self.value.as_ref())
                .map(|a| a.to_string()),
        }
    }
}

/// A length as a JSON number when it is one (`19`, `12.485`), else a string.
pub fn length_json(length: &str) -> Json {
    length
        .parse::<i64>()
        .map(Json::from)
        .ok()
        .or_else(|| {
            length
                .parse::<f64>()
                .ok()
                .and_then(|x| serde_json::Number::from_f64(x).map(Json::Number))
        })
        .unwrap_or_else(|| Json::String(length.to_owned()))
}

/// `stopped`'s limit by its CSV name.
pub fn limit_name(status: Status) -> Option<&'static str> {
    use searchlab_toolkit::LimitKind as L;
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

/// A duration in the unit that reads best (`812 us`, `12.3 ms`, `4.56 s`): the toolkit's,
/// so that bench tables and `solve`'s statistics write times alike.
pub use searchlab_toolkit::stats_text::format_duration;

/// The pair's name in tables and legends: `astar/manhattan`, `bfs`.
pub fn pair_label(algorithm: &str, heuristic: &str) -> String {
    if heuristic == "none" {
        algorithm.to_string()
    } else {
        format!("{algorithm}/{heuristic}")
    }
}

/// The aggregate of one pair over all instances it ran on.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The algorithm, with its options.
    pub algorithm: String,
    /// The heuristic, `none` when the algorithm takes none.
    pub heuristic: String,
    /// Instances run.
    pub instances: usize,
    /// Instances answered (solved, or proved unsolvable).
    pub solved: usize,
    /// Instances stopped by a limit.
    pub stopped: usize,
    /// Total nodes expanded.
    pub expanded_total: u64,
    /// Median nodes expanded (the lower middle for an even count).
    pub expanded_median: u64,
    /// Total nodes generated.
    pub generated_total: u64,
    /// Median nodes generated.
    pub generated_median: u64,
    /// Total expanded over total time.
    pub nodes_per_second: f64,
    /// Total search time in seconds.
    pub seconds_total: f64,
    /// Median search time in seconds.
    pub seconds_median: f64,
    /// The largest peak heap use of one search, in bytes.
    pub peak_bytes: u64,
    /// Mean cost (puzzles) or value (games) over the solved instances.
    pub mean_answer: Option<f64>,
    /// Total states evaluated.
    pub evaluated_total: u64,
    /// Total nodes expanded before the last layer, when the algorithm counts them.
    pub expanded_until_last_layer_total: Option<u64>,
    /// Total nodes generated before the last layer.
    pub generated_until_last_layer_total: Option<u64>,
    /// Total states evaluated before the last layer.
    pub evaluated_until_last_layer_total: Option<u64>,
}

fn lower_median<T: Copy + PartialOrd>(mut v: Vec<T>) -> Option<T> {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    v.get(v.len().saturating_sub(1) / 2).copied()
}

/// The summary of the rows of `pair`.
pub fn summarise(pair: &PairSpec, rows: &[Row]) -> Summary {
    let rows: Vec<&Row> = rows
        .iter()
        .filter(|r| r.algorithm == pair.algorithm && r.heuristic == pair.heuristic)
        .collect();
    let expanded_total: u64 = rows.iter().map(|r| r.expanded).sum();
    let seconds_total: f64 = rows.iter().map(|r| r.seconds).sum();
    let answers: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.cost.as_ref().or(r.value.as_ref()).and_then(Json::as_f64))
        .collect();
    Summary {
        algorithm: pair.algorithm.clone(),
        heuristic: pair.heuristic.clone(),
        instances: rows.len(),
        solved: rows.iter().filter(|r| r.status != "stopped").count(),
        stopped: rows.iter().filter(|r| r.status == "stopped").count(),
        expanded_total,
        expanded_median: lower_median(rows.iter().map(|r| r.expanded).collect()).unwrap_or(0),
        generated_total: rows.iter().map(|r| r.generated).sum(),
        generated_median: lower_median(rows.iter().map(|r| r.generated).collect()).unwrap_or(0),
        nodes_per_second: if seconds_total > 0.0 {
            expanded_total as f64 / seconds_total
        } else {
            0.0
        },
        seconds_total,
        seconds_median: lower_median(rows.iter().map(|r| r.seconds).collect()).unwrap_or(0.0),
        peak_bytes: rows.iter().map(|r| r.peak_bytes).max().unwrap_or(0),
        mean_answer: (!answers.is_empty())
            .then(|| answers.iter().sum::<f64>() / answers.len() as f64),
        evaluated_total: rows.iter().map(|r| r.evaluated).sum(),
        expanded_until_last_layer_total: total(&rows, |r| r.expanded_until_last_layer),
        generated_until_last_layer_total: total(&rows, |r| r.generated_until_last_layer),
        evaluated_until_last_layer_total: total(&rows, |r| r.evaluated_until_last_layer),
    }
}

/// The sum of a count some rows have, if any has it.
fn total(rows: &[&Row], count: impl Fn(&Row) -> Option<u64>) -> Option<u64> {
    rows.iter().filter_map(|r| count(r)).reduce(|a, b| a + b)
}

/// A number of bytes in the unit that reads best.
pub fn format_bytes(b: u64) -> String {
    let b = b as f64;
    if b < 1024.0 {
        format!("{b:.0} B")
    } else if b < 1024.0 * 1024.0 {
        format!("{:.1} KiB", b / 1024.0)
    } else {
        format!("{:.1} MiB", b / (1024.0 * 1024.0))
    }
}

fn format_rate(r: f64) -> String {
    if r >= 1e6 {
        format!("{:.2} M/s", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1} k/s", r / 1e3)
    } else {
        format!("{r:.0} /s")
    }
}

/// The summaries as an aligned text table.
pub fn table(summaries: &[Summary], kind: Kind) -> String {
    let last = if kind == Kind::Game {
        "mean value"
    } else {
        "mean cost"
    };
    let header = "pair|inst|solved|stopped|expanded|med exp|generated|med gen|nodes/s|time|med time|peak mem";
    // The last-layer columns, after the others, when some pair counts them.
    let layers = summaries
        .iter()
        .any(|s| s.expanded_until_last_layer_total.is_some());
    let extra: &[&str] = if layers {
        &["evaluated", "exp<last", "gen<last", "eval<last"]
    } else {
        &[]
    };
    let mut cells: Vec<Vec<String>> = vec![
        header
            .split('|')
            .chain([last])
            .chain(extra.iter().copied())
            .map(String::from)
            .collect(),
    ];
    let count = |c: Option<u64>| c.map_or("-".into(), |c| c.to_string());
    for s in summaries {
        let mut row = vec![
            pair_label(&s.algorithm, &s.heuristic),
            s.instances.to_string(),
            s.solved.to_string(),
            s.stopped.to_string(),
            s.expanded_total.to_string(),
            s.expanded_median.to_string(),
            s.generated_total.to_string(),
            s.generated_median.to_string(),
            format_rate(s.nodes_per_second),
            format_duration(std::time::Duration::from_secs_f64(s.seconds_total)),
            format_duration(std::time::Duration::from_secs_f64(s.seconds_median)),
            format_bytes(s.peak_bytes),
            s.mean_answer.map_or("-".into(), |m| format!("{m:.2}")),
        ];
        if layers {
            row.extend([
                count(s.expanded_until_last_layer_total.map(|_| s.evaluated_total)),
                count(s.expanded_until_last_layer_total),
                count(s.generated_until_last_layer_total),
                count(s.evaluated_until_last_layer_total),
            ]);
        }
        cells.push(row);
    }
    let width = |c: usize| cells.iter().map(|r| r[c].chars().count()).max();
    let widths: Vec<usize> = (0..cells[0].len()).map(|c| width(c).unwrap_or(0)).collect();
    let mut out = String::new();
    for row in &cells {
        let mut line = format!("{:<w$}", row[0], w = widths[0]);
        for (cell, w) in row.iter().zip(&widths).skip(1) {
            let _ = write!(line, "  {cell:>w$}");
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}

fn csv_field(s: &str) -> String {
    match s.contains([',', '"', '\n']) {
        true => format!("\"{}\"", s.replace('"', "\"\"")),
        false => s.to_string(),
    }
}

/// The rows as CSV with a header line.
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "algorithm,heuristic,source,instance,status,limit,cost,value,length,expanded,generated,seconds,peak_bytes,\
         evaluated,expanded_until_last_layer,generated_until_last_layer,evaluated_until_last_layer\n",
    );
    let count = |c: Option<u64>| c.map_or(String::new(), |c| c.to_string());
    let opt = |v: &Option<Json>| v.as_ref().map_or(String::new(), |v| v.to_string());
    for r in rows {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{:.9},{},{},{},{},{}",
            r.algorithm,
            r.heuristic,
            csv_field(&r.source),
            csv_field(&r.instance),
            r.status,
            r.limit.unwrap_or(""),
            opt(&r.cost),
            opt(&r.value),
            r.length.map_or(String::new(), |v| v.to_string()),
            r.expanded,
            r.generated,
            r.seconds,
            r.peak_bytes,
            r.evaluated,
            count(r.expanded_until_last_layer),
            count(r.generated_until_last_layer),
            count(r.evaluated_until_last_layer),
        );
    }
    out
}
