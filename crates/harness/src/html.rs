//! The report as one self-contained HTML page, for a paper's supplement: the experiment's
//! definition, coverage and scores, the figures over the common instances, the paired
//! comparisons, the plots (SVG inline), the per-instance table (sortable by a few lines of
//! inline script), and the disagreements and errors. No network access: it opens from a file.
//!
//! The page only presents what [`Report`] computed; every figure is the table's or the JSON's.

use std::fmt::Write as _;

use crate::aggregate::{Aggregate, Figures};
use crate::output::{format_bytes, format_duration, pair_label};
use crate::plot::Measure;
use crate::{BenchError, Report};

/// `text` with `&`, `<`, `>`, `"` and `'` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;max-width:1200px;color:#222}\
table{border-collapse:collapse;margin:0.5em 0 1.5em}\
th,td{border:1px solid #ccc;padding:2px 8px;text-align:right}\
th:first-child,td:first-child,table.definition th{text-align:left}\
th{background:#eee}th.sort{cursor:pointer}\
td.text{text-align:left;font-family:monospace}\
figure.plot{display:inline-block;margin:0.5em;vertical-align:top}\
.note{color:#555;font-size:90%}.bad{color:#a00}";

/// Sorts `table.sortable` by the clicked column: by `data-v` (numbers) when the cells have
/// it, else by text; a second click reverses.
const SCRIPT: &str = "document.querySelectorAll('table.sortable').forEach(function(table){\
var heads=table.querySelectorAll('th');\
heads.forEach(function(th,col){th.classList.add('sort');th.addEventListener('click',function(){\
var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);\
var down=th.getAttribute('data-dir')!=='up';th.setAttribute('data-dir',down?'up':'down');\
rows.sort(function(a,b){var x=a.cells[col],y=b.cells[col];\
var u=x.getAttribute('data-v'),v=y.getAttribute('data-v');\
var c=(u!==null&&v!==null)?(parseFloat(u)-parseFloat(v)):x.textContent.localeCompare(y.textContent);\
return down?c:-c;});rows.forEach(function(r){body.appendChild(r);});});});});";

/// A table: `head` cells, then `rows` of already escaped cell HTML (`<td>` included).
fn table(class: &str, head: &[&str], rows: &[String]) -> String {
    let mut out = format!("<table class=\"{class}\"><thead><tr>");
    for h in head {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out += "</tr></thead><tbody>\n";
    for r in rows {
        let _ = writeln!(out, "<tr>{r}</tr>");
    }
    out + "</tbody></table>\n"
}

fn td(text: &str) -> String {
    format!("<td>{}</td>", escape(text))
}

fn td_text(text: &str) -> String {
    format!("<td class=\"text\">{}</td>", escape(text))
}

/// A number cell that sorts by `value`.
fn td_num(value: f64, shown: &str) -> String {
    format!("<td data-v=\"{value}\">{}</td>", escape(shown))
}

fn bytes(x: f64) -> String {
    format_bytes(x.round() as u64)
}

fn seconds(x: f64) -> String {
    format_duration(std::time::Duration::from_secs_f64(x.max(0.0)))
}

/// A plot in a `figure` with its id and caption.
fn figure(id: &str, caption: &str, svg: &str) -> String {
    format!(
        "<figure class=\"plot\" id=\"{id}\">{svg}<figcaption>{}</figcaption></figure>\n",
        escape(caption)
    )
}

/// The definition: what ran, under which limits, where and by what.
fn definition(report: &Report) -> String {
    let d = report.definition();
    let mut rows = vec![
        format!("{}{}", td("problem"), td_text(&d.problem)),
        format!("{}{}", td("kind"), td_text(&d.kind)),
        format!("{}{}", td("options"), td_text(&d.options.join(" "))),
        format!("{}{}", td("files"), td_text(&d.files.join(" "))),
        format!(
            "{}{}",
            td("instances"),
            td_text(&format!(
                "{} read, {} good (run by every pair)",
                d.instances.len(),
                report.instances().len()
            ))
        ),
        format!(
            "{}{}",
            td("limits"),
            td_text(&format!(
                "max nodes {}, max depth {}, timeout {}, max memory {}",
                opt(d.limits.max_nodes),
                opt(d.limits.max_depth),
                d.limits.timeout.map_or("none".into(), |t| format!("{t} s")),
                opt(d.limits.max_memory)
            ))
        ),
        format!("{}{}", td("fingerprint"), td_text(&d.fingerprint())),
    ];
    for p in &d.pairs {
        let options: Vec<String> = p.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let text = format!(
            "{} (promise {}; options {})",
            pair_label(&p.algorithm, &p.heuristic),
            crate::agree::promise_text(p.promise),
            options.join(" ")
        );
        rows.push(format!("{}{}", td("pair"), td_text(&text)));
    }
    for (k, v) in report.provenance() {
        rows.push(format!("{}{}", td(k), td_text(v)));
    }
    table("definition", &["what", "value"], &rows)
}

fn opt(v: Option<u64>) -> String {
    v.map_or("none".into(), |v| v.to_string())
}

/// Coverage and scores.
fn coverage(report: &Report) -> String {
    let a = report.aggregates();
    let rows: Vec<String> = (a.pairs.iter())
        .map(|p| {
            [
                td(&p.pair),
                td_num(p.solved as f64, &p.solved.to_string()),
                td_num(p.total as f64, &p.total.to_string()),
                td_num(p.stopped as f64, &p.stopped.to_string()),
                td_num(p.score_expansions, &format!("{:.2}", p.score_expansions)),
                td_num(p.score_search_time, &format!("{:.2}", p.score_search_time)),
                p.mean_answer
                    .map_or(td("-"), |m| td_num(m, &format!("{m:.2}"))),
            ]
            .concat()
        })
        .collect();
    let b = a.bounds;
    let head = [
        "pair",
        "solved",
        "run",
        "stopped",
        "score_expansions",
        "score_search_time",
        "mean answer (common)",
    ];
    table("coverage sortable", &head, &rows)
        + &format!(
            "<p class=\"note\">solved: answered, or proved unsolvable. Scores: Fast Downward lab's, per instance in [0, 1] \
             and summed: expansions {} (1) to {} (0), search time {} s (1) to {} s (0), interpolated on a log scale; 0 \
             for a run without an answer.</p>\n",
            b.expansions_lower, b.expansions_upper, b.seconds_lower, b.seconds_upper
        )
}

/// The figures over the common instances.
fn common(report: &Report) -> String {
    let a = report.aggregates();
    let mut out = format!(
        "<p>{} of {} instances were answered by every pair; every figure below is over these.</p>\n",
        a.common, a.instances
    );
    type Pick = fn(&Aggregate) -> Figures;
    type Show = fn(f64) -> String;
    // (name, measure, how its sum shows, how its averages show)
    let blocks: [(&str, Pick, Show, Show); 4] = [
        (
            "expanded",
            |p| p.expanded,
            |x| format!("{x:.0}"),
            |x| format!("{x:.1}"),
        ),
        (
            "generated",
            |p| p.generated,
            |x| format!("{x:.0}"),
            |x| format!("{x:.1}"),
        ),
        ("time", |p| p.seconds, seconds, seconds),
        ("peak memory", |p| p.peak_bytes, bytes, bytes),
    ];
    let mut rows = Vec::new();
    for p in &a.pairs {
        for (name, pick, show_sum, show) in blocks {
            let f = pick(p);
            rows.push(
                [
                    td(&p.pair),
                    td(name),
                    td_num(f.sum, &show_sum(f.sum)),
                    td_num(f.mean, &show(f.mean)),
                    td_num(f.median, &show(f.median)),
                    td_num(f.geomean, &show(f.geomean)),
                ]
                .concat(),
            );
        }
    }
    let head = ["pair", "measure", "sum", "mean", "median", "geomean"];
    out += &table("common sortable", &head, &rows);
    out
}

/// The paired comparisons.
fn comparisons(report: &Report) -> String {
    let list = report.comparisons();
    if list.is_empty() {
        return "<p>One pair: nothing to compare.</p>\n".into();
    }
    let rows: Vec<String> = (list.iter())
        .map(|c| {
            let (e, t) = (&c.expanded, &c.time);
            let sig3 = crate::text::sig3;
            let ci = |lo: f64, hi: f64| format!("[{}, {}]", sig3(lo), sig3(hi));
            [
                td(&format!("{} vs {}", c.b, c.a)),
                td_num(c.common as f64, &c.common.to_string()),
                td_num(c.a_only as f64, &c.a_only.to_string()),
                td_num(c.b_only as f64, &c.b_only.to_string()),
                td_num(e.geomean_ratio, &sig3(e.geomean_ratio)),
                td(&ci(e.ci_low, e.ci_high)),
                td(&format!("{}/{}/{}", e.wins, e.ties, e.losses)),
                td_num(e.p_value, &crate::text::p_value(e.p_value)),
                td_num(t.geomean_ratio, &sig3(t.geomean_ratio)),
                td(&ci(t.ci_low, t.ci_high)),
                td(&format!("{}/{}/{}", t.wins, t.ties, t.losses)),
                td_num(t.p_value, &crate::text::p_value(t.p_value)),
            ]
            .concat()
        })
        .collect();
    let head = [
        "B vs A",
        "both",
        "A only",
        "B only",
        "expanded B/A",
        "95% CI",
        "W/T/L",
        "p",
        "time B/A",
        "95% CI",
        "W/T/L",
        "p",
    ];
    let seed = list[0].seed;
    table("pairs sortable", &head, &rows)
        + &format!(
            "<p class=\"note\">Over the instances both answered: the geometric mean of the ratios B/A (below 1: B does \
             less) with Efron's 95% percentile bootstrap interval ({} resamples, seed {seed:#x}); W/T/L: instances where \
             B did less, the same, more (times tie within {}% of the larger or when both are at most {}); p: the exact \
             two-sided sign test of wins against losses. Instances only one side answered are counted apart.</p>\n",
            list[0].resamples,
            crate::compare::TIME_TIE_RELATIVE * 100.0,
            seconds(crate::compare::TIME_TIE_SECONDS)
        )
}

/// Every plot: a scatter per comparison and measure, the cactus plots, nodes against length.
fn plots(report: &Report) -> Result<String, BenchError> {
    let mut out = String::new();
    for (c, comparison) in report.comparisons().iter().enumerate() {
        for (measure, what) in [(Measure::Expanded, "expanded"), (Measure::Time, "time")] {
            let svg = report.scatter(c, measure)?.svg()?;
            let caption = format!(
                "{} against {}, {what} per instance (log-log; the diagonal is equality; crosses on the border: answered by one only)",
                comparison.b, comparison.a
            );
            out += &figure(&format!("scatter-{}-{what}", c + 1), &caption, &svg);
        }
    }
    for (measure, what) in [(Measure::Expanded, "expanded"), (Measure::Time, "time")] {
        let svg = report.cactus(measure)?.svg()?;
        let caption = format!("instances answered within a budget of {what}, a line per pair");
        out += &figure(&format!("cactus-{what}"), &caption, &svg);
    }
    let caption = "nodes expanded against solution length, a colour per pair";
    out += &figure("lengths", caption, &report.lengths().svg()?);
    Ok(out)
}

/// The per-instance table, sortable.
fn instances(report: &Report) -> String {
    let rows: Vec<String> = (report.rows().iter())
        .map(|r| {
            let answer = r.answer().unwrap_or_else(|| "-".into());
            [
                td_text(&r.source),
                td_text(&r.instance),
                td(&pair_label(&r.algorithm, &r.heuristic)),
                td(r.status),
                td(r.limit.unwrap_or("")),
                td(&answer),
                r.length
                    .map_or(td(""), |l| td_num(l as f64, &l.to_string())),
                td_num(r.expanded as f64, &r.expanded.to_string()),
                td_num(r.generated as f64, &r.generated.to_string()),
                td_num(r.seconds, &format!("{:.6}", r.seconds)),
                td_num(r.peak_bytes as f64, &r.peak_bytes.to_string()),
            ]
            .concat()
        })
        .collect();
    let head = [
        "source",
        "instance",
        "pair",
        "status",
        "limit",
        "answer",
        "length",
        "expanded",
        "generated",
        "seconds",
        "peak bytes",
    ];
    table("instances sortable", &head, &rows)
}

/// Disagreements, bad instances, a merge's problems and notes.
fn errors(report: &Report) -> String {
    let mut items = Vec::new();
    for d in report.disagreements() {
        items.push(format!("<li class=\"bad\">{}</li>", escape(&d.message())));
    }
    for e in report.bad() {
        let msg = format!(
            "{}: bad instance '{}': {}",
            e.source,
            e.text,
            e.error.as_deref().unwrap_or_default()
        );
        items.push(format!("<li class=\"bad\">{}</li>", escape(&msg)));
    }
    for p in report.problems() {
        items.push(format!("<li class=\"bad\">{}</li>", escape(p)));
    }
    for n in report.notes() {
        items.push(format!("<li>note: {}</li>", escape(n)));
    }
    if items.is_empty() {
        return "<p id=\"no-errors\">None: every answered instance has one answer, and every instance line was read.</p>\n"
            .into();
    }
    format!("<ul id=\"errors\">{}</ul>\n", items.join("\n"))
}

/// The whole page.
///
/// # Errors
///
/// [`BenchError::Plot`] when a plot cannot be drawn.
pub fn page(report: &Report) -> Result<String, BenchError> {
    let title = format!("searchlab report: {}", report.definition().problem);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <link rel=\"icon\" href=\"data:,\"><title>{}</title><style>{STYLE}</style></head><body>\n",
        escape(&title)
    );
    let _ = writeln!(
        out,
        "<h1>{}</h1>\n<p>{}</p>",
        escape(&title),
        escape(&report.title())
    );
    let sections = [
        ("definition", "Definition", definition(report)),
        ("coverage", "Coverage and scores", coverage(report)),
        ("common", "Common instances", common(report)),
        ("comparisons", "Paired comparisons", comparisons(report)),
        ("plots", "Plots", plots(report)?),
        (
            "per-instance",
            "Per instance (click a heading to sort)",
            instances(report),
        ),
        ("problems", "Disagreements and errors", errors(report)),
    ];
    for (id, heading, body) in sections {
        let _ = write!(
            out,
            "<section id=\"{id}\"><h2>{heading}</h2>\n{body}</section>\n"
        );
    }
    let _ = write!(out, "<script>{SCRIPT}</script>\n</body></html>\n");
    Ok(out)
}
