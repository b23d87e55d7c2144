//! The report's fair figures and comparisons as aligned text tables and as JSON: coverage and
//! lab's scores per pair, sums, means, medians and geometric means over the common instances,
//! and the paired comparisons.

use std::fmt::Write as _;

use searchlab_toolkit::Kind;
use serde_json::{Value as Json, json};

use crate::aggregate::{Aggregate, Aggregates, Figures};
use crate::compare::{Comparison, TIME_TIE_RELATIVE, TIME_TIE_SECONDS};
use crate::output::{format_bytes, format_duration};
use crate::statistics::RESAMPLES;

/// `cells` as lines, the first column left-aligned and the others right-aligned, two spaces
/// apart.
pub fn align(cells: &[Vec<String>]) -> String {
    let columns = cells.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        (cells.iter())
            .filter_map(|r| r.get(c).map(|s| s.chars().count()))
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    let mut out = String::new();
    for row in cells {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            match c {
                0 => {
                    let _ = write!(line, "{cell:<w$}", w = widths[0]);
                }
                _ => {
                    let _ = write!(line, "  {cell:>w$}", w = widths[c]);
                }
            }
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}

/// A sum of counts.
fn count(x: f64) -> String {
    format!("{x:.0}")
}

/// A mean, median or geometric mean of counts, with one decimal.
fn average(x: f64) -> String {
    format!("{x:.1}")
}

fn seconds(x: f64) -> String {
    format_duration(std::time::Duration::from_secs_f64(x.max(0.0)))
}

fn bytes(x: f64) -> String {
    format_bytes(x.round() as u64)
}

/// Coverage and lab's scores, a line per pair, then the line saying what the scores are.
pub fn coverage(a: &Aggregates, kind: Kind) -> String {
    let last = match kind {
        Kind::Game => "mean value",
        Kind::Puzzle => "mean cost",
    };
    let mut cells = vec![
        ["pair", "solved", "stopped", "score exp", "score time", last]
            .map(String::from)
            .to_vec(),
    ];
    for p in &a.pairs {
        cells.push(vec![
            p.pair.clone(),
            format!("{}/{}", p.solved, p.total),
            p.stopped.to_string(),
            format!("{:.2}", p.score_expansions),
            format!("{:.2}", p.score_search_time),
            p.mean_answer.map_or("-".into(), |m| format!("{m:.2}")),
        ]);
    }
    let b = a.bounds;
    let mut out = align(&cells);
    out += &wrap(&format!(
        "solved: answered (or proved unsolvable) of run; scores: Fast Downward lab's, per instance in [0, 1], summed: \
         expansions {} (1) to {} (0), time {} s (1) to {} s (0), log-interpolated, 0 without an answer; {last} over the common instances",
        b.expansions_lower, b.expansions_upper, b.seconds_lower, b.seconds_upper,
    ));
    out
}

/// The width the table's notes are wrapped to (issue 31: lines of 125 to 330 columns).
pub const WIDTH: usize = 100;

/// `text` as lines of at most [`WIDTH`] columns, broken at spaces, each continuation line
/// indented by two spaces; every line ends with a newline.
pub fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.trim().is_empty() && line.len() + 1 + word.len() > WIDTH {
            out += line.trim_end();
            out.push('\n');
            line = "  ".into();
        } else if !line.trim().is_empty() {
            line.push(' ');
        }
        line += word;
    }
    out += line.trim_end();
    out.push('\n');
    out
}

/// The figures over the common instances: a block per measure, a line per pair.
pub fn common(a: &Aggregates) -> String {
    let mut out = format!(
        "common: {} of {} instances answered by every pair; sum, mean, median and geometric mean over them\n",
        a.common, a.instances
    );
    if a.common == 0 {
        return out;
    }
    type Pick = fn(&Aggregate) -> Figures;
    type Show = fn(f64) -> String;
    // (name, measure, how its sum shows, how its averages show)
    let blocks: [(&str, Pick, Show, Show); 4] = [
        ("expanded", |p| p.expanded, count, average),
        ("generated", |p| p.generated, count, average),
        ("time", |p| p.seconds, seconds, seconds),
        ("peak mem", |p| p.peak_bytes, bytes, bytes),
    ];
    let mut cells = Vec::new();
    for (name, pick, show_sum, show) in blocks {
        cells.push(
            [name, "sum", "mean", "median", "geomean"]
                .map(String::from)
                .to_vec(),
        );
        for p in &a.pairs {
            let f = pick(p);
            cells.push(vec![
                format!("  {}", p.pair),
                show_sum(f.sum),
                show(f.mean),
                show(f.median),
                show(f.geomean),
            ]);
        }
    }
    out += &align(&cells);
    out
}

/// A ratio to three significant digits: `1.97`, `0.832`, `45.0`, `1230`.
pub fn sig3(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return format!("{x}");
    }
    let digits = (2 - x.abs().log10().floor() as i32).max(0) as usize;
    format!("{x:.digits$}")
}

/// A ratio with its interval: `1.97 [1.80, 2.15]`.
fn ratio(x: f64, lo: f64, hi: f64) -> String {
    format!("{} [{}, {}]", sig3(x), sig3(lo), sig3(hi))
}

/// A p-value: four decimals, or `<0.0001`.
pub fn p_value(p: f64) -> String {
    match p < 1e-4 {
        true => "<0.0001".into(),
        false => format!("{p:.4}"),
    }
}

/// The paired comparisons, a line per comparison, then what the columns mean.
pub fn comparisons(list: &[Comparison]) -> String {
    if list.is_empty() {
        return String::new();
    }
    // Two tables, expanded then time, so that each fits 100 columns (one was 125 to 136).
    let header = |measure: &str| {
        let mut h = vec!["B vs A".to_owned()];
        if measure == "expanded" {
            h.extend(["both", "A only", "B only"].map(String::from));
        }
        h.extend([
            format!("{measure} B/A [95% CI]"),
            "W/T/L".into(),
            "p".into(),
        ]);
        h
    };
    let mut expanded = vec![header("expanded")];
    let mut time = vec![header("time")];
    for c in list {
        let (e, t) = (&c.expanded, &c.time);
        let label = format!("{} vs {}", c.b, c.a);
        expanded.push(vec![
            label.clone(),
            c.common.to_string(),
            c.a_only.to_string(),
            c.b_only.to_string(),
            ratio(e.geomean_ratio, e.ci_low, e.ci_high),
            format!("{}/{}/{}", e.wins, e.ties, e.losses),
            p_value(e.p_value),
        ]);
        time.push(vec![
            label,
            ratio(t.geomean_ratio, t.ci_low, t.ci_high),
            format!("{}/{}/{}", t.wins, t.ties, t.losses),
            p_value(t.p_value),
        ]);
    }
    let mut out = align(&expanded);
    out += &align(&time);
    let seed = list[0].seed;
    out += &wrap(&format!(
        "paired: over the instances both answered, the geometric mean of B/A with Efron's 95% percentile bootstrap \
         interval ({RESAMPLES} resamples, seed {seed:#x}); W/T/L: B did less/the same/more (times tie within {}% \
         or both <= {}); p: exact two-sided sign test of W against L",
        TIME_TIE_RELATIVE * 100.0,
        seconds(TIME_TIE_SECONDS),
    ));
    out
}

/// `coverage` of `report --format json`: per pair label, `solved` and `total` (and
/// `stopped`).
pub fn coverage_json(a: &Aggregates) -> Json {
    let map: serde_json::Map<String, Json> = (a.pairs.iter())
        .map(|p| {
            let v = json!({ "solved": p.solved, "total": p.total, "stopped": p.stopped });
            (p.pair.clone(), v)
        })
        .collect();
    Json::Object(map)
}

/// `common` of `report --format json`: the instance count, and per pair label the sum,
/// mean, median and geometric mean of `expanded`, `generated`, `seconds` and `peak_bytes`
/// over the common instances.
pub fn common_json(a: &Aggregates) -> Json {
    let pairs: serde_json::Map<String, Json> = (a.pairs.iter())
        .map(|p| {
            let v = json!({
                "expanded": p.expanded,
                "generated": p.generated,
                "seconds": p.seconds,
                "peak_bytes": p.peak_bytes,
                "mean_answer": p.mean_answer,
            });
            (p.pair.clone(), v)
        })
        .collect();
    json!({ "count": a.common, "instances": a.instances, "pairs": pairs })
}

/// `scores` of `report --format json`: the bounds, and per pair label the summed
/// `score_expansions` and `score_search_time`.
pub fn scores_json(a: &Aggregates) -> Json {
    let pairs: serde_json::Map<String, Json> = (a.pairs.iter())
        .map(|p| {
            let v = json!({
                "score_expansions": p.score_expansions,
                "score_search_time": p.score_search_time,
            });
            (p.pair.clone(), v)
        })
        .collect();
    json!({ "bounds": a.bounds, "pairs": pairs })
}
