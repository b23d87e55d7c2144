//! The plots of a report, as SVG drawn by plotters: `--plot`, nodes expanded against solution
//! length (games: the moves the position can still last), one colour per pair, log scale; the
//! scatter plot of one pair against another, per instance, log-log, with the diagonal and the
//! instances only one of them answered on the border (Fast Downward lab's convention); and the
//! cactus plot, instances answered within a budget of expansions or time, a line per pair.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::prelude::*;
use searchlab_toolkit::Kind;

use crate::BenchError;
use crate::definition::PairSpec;
use crate::output::{Row, pair_label};

/// One pair's legend label and points (length, nodes expanded).
type Series = (String, Vec<(u64, u64)>);

/// Writes the chart of `rows`, a series per pair, to `path` (through a temporary file renamed
/// at the end).
///
/// # Errors
///
/// [`BenchError::Plot`] when the file cannot be written.
pub fn plot(
    path: &Path,
    title: &str,
    kind: Kind,
    pairs: &[PairSpec],
    rows: &[Row],
) -> Result<(), BenchError> {
    let svg = lengths(title, kind, pairs, rows)?;
    write(path, &svg)
}

/// Writes `svg` to `path` through a temporary file beside it, renamed at the end.
///
/// # Errors
///
/// [`BenchError::Plot`] when the file cannot be written.
pub fn write(path: &Path, svg: &str) -> Result<(), BenchError> {
    let err = |e: std::io::Error| BenchError::Plot {
        path: path.to_owned(),
        message: e.to_string(),
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, svg).map_err(err)?;
    std::fs::rename(&tmp, path).map_err(err)
}

/// The error of drawing an inline plot.
fn failed(what: &str) -> impl Fn(&dyn std::fmt::Display) -> BenchError + '_ {
    move |e| BenchError::Plot {
        path: what.into(),
        message: e.to_string(),
    }
}

/// The chart of nodes expanded against length, a series per pair, as SVG text.
///
/// # Errors
///
/// [`BenchError::Plot`] when plotters fails.
pub fn lengths(
    title: &str,
    kind: Kind,
    pairs: &[PairSpec],
    rows: &[Row],
) -> Result<String, BenchError> {
    let series: Vec<Series> = pairs
        .iter()
        .map(|p| {
            let points = rows
                .iter()
                .filter(|r| {
                    r.algorithm == p.algorithm
                        && r.heuristic == p.heuristic
                        && r.status != "stopped"
                })
                .filter_map(|r| r.length.map(|l| (l, r.expanded)))
                .collect();
            (pair_label(&p.algorithm, &p.heuristic), points)
        })
        .collect();
    let x_label = match kind {
        Kind::Puzzle => "solution length (moves)",
        // A game's row length is the moves its position can still last (Row::length), not
        // the principal variation's (issue 31).
        Kind::Game => "moves left (most the game can still last)",
    };
    let mut svg = String::new();
    draw(&mut svg, title, x_label, &series)?;
    Ok(svg)
}

/// Draws `series` as SVG into `svg`.
fn draw(svg: &mut String, title: &str, x_label: &str, series: &[Series]) -> Result<(), BenchError> {
    // plotters' errors borrow its backend's error type; one message is all we need.
    let err = failed("the plot of nodes against length");
    let max_x = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.0))
        .max()
        .unwrap_or(1) as f64;
    let max_y = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.1))
        .max()
        .unwrap_or(1)
        .max(10) as f64;
    let root = SVGBackend::with_string(svg, (960, 640)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(80)
        .build_cartesian_2d(-0.5f64..max_x + 0.5, (0.8f64..max_y * 2.0).log_scale())
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc("nodes expanded (log scale)")
        .y_label_formatter(&|y| format!("{y:.0}"))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .map_err(|e| err(&e))?;
    let n = series.len() as f64;
    for (i, s) in series.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        // Side by side around each length, so that pairs with equal counts stay visible.
        let shift = if n > 1.0 {
            (i as f64 - (n - 1.0) / 2.0) * 0.5 / n
        } else {
            0.0
        };
        let points: Vec<(f64, f64)> =
            s.1.iter()
                .map(|&(x, y)| (x as f64 + shift, y.max(1) as f64))
                .collect();
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&p| Circle::new(p, 3, colour.mix(0.7).filled())),
            )
            .map_err(|e| err(&e))?
            .label(s.0.clone())
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, colour.filled()));
        // The median per length as a line: the trend at a glance.
        let mut by_length: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
        for &(x, y) in &s.1 {
            by_length.entry(x).or_default().push(y.max(1));
        }
        let medians = by_length.into_iter().map(|(x, mut ys)| {
            ys.sort_unstable();
            (x as f64 + shift, ys[(ys.len() - 1) / 2] as f64)
        });
        chart
            .draw_series(LineSeries::new(medians, colour.stroke_width(1)))
            .map_err(|e| err(&e))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

/// What a scatter or cactus plot measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Nodes expanded.
    Expanded,
    /// Search time in seconds.
    Time,
}

impl Measure {
    /// The measure of `row`, raised to its floor (1 node, 1 us) for the log scale.
    pub fn of(self, row: &Row) -> f64 {
        match self {
            Measure::Expanded => (row.expanded as f64).max(1.0),
            Measure::Time => row.seconds.max(1e-6),
        }
    }

    /// Its name in titles and axis labels.
    pub fn name(self) -> &'static str {
        match self {
            Measure::Expanded => "nodes expanded",
            Measure::Time => "search time (s)",
        }
    }
}

/// The log axis from just below `lo` to just above `hi` (both > 0).
fn log_range(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let lo = 10f64.powf(lo.log10().floor());
    let hi = 10f64.powf(hi.log10().ceil());
    lo..if hi > lo { hi } else { lo * 10.0 }
}

/// A scatter plot of pair A (x) against pair B (y) per instance, as SVG text: both axes
/// logarithmic, the diagonal drawn (below it B does less), and an instance that only one of
/// them answered drawn as a cross on the border of the other's axis. `points` are (A, B),
/// `None` for no answer; instances neither answered are left out.
///
/// # Errors
///
/// [`BenchError::Plot`] when plotters fails.
pub fn scatter(
    title: &str,
    (a, b): (&str, &str),
    measure: Measure,
    points: &[(Option<f64>, Option<f64>)],
) -> Result<String, BenchError> {
    let err = failed("the scatter plot");
    let values = points.iter().flat_map(|&(x, y)| [x, y]).flatten();
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    let (lo, hi) = if lo > hi { (1.0, 10.0) } else { (lo, hi) };
    // The border: one decade above the largest value, inside the axis.
    let range = log_range(lo, hi * 10.0);
    let border = range.end;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 720)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(range.clone().log_scale(), range.clone().log_scale())
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc(format!(
                "{a}: {} (unanswered: right border)",
                measure.name()
            ))
            .y_desc(format!("{b}: {} (unanswered: top border)", measure.name()))
            .x_label_formatter(&|x| format!("{x:.0e}"))
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .draw()
            .map_err(|e| err(&e))?;
        chart
            .draw_series(LineSeries::new(
                [(range.start, range.start), (border, border)],
                BLACK.mix(0.5).stroke_width(1),
            ))
            .map_err(|e| err(&e))?
            .label("diagonal: equal")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], BLACK.mix(0.5)));
        let both: Vec<(f64, f64)> = (points.iter())
            .filter_map(|&(x, y)| Some((x?, y?)))
            .collect();
        let colour = Palette99::pick(0).to_rgba();
        chart
            .draw_series(
                both.iter()
                    .map(|&p| Circle::new(p, 3, colour.mix(0.8).filled())),
            )
            .map_err(|e| err(&e))?
            .label(format!("answered by both ({})", both.len()))
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, colour.filled()));
        let one: Vec<(f64, f64)> = (points.iter())
            .filter_map(|&(x, y)| match (x, y) {
                (Some(x), None) => Some((x, border)),
                (None, Some(y)) => Some((border, y)),
                _ => None,
            })
            .collect();
        let red = RED.to_rgba();
        chart
            .draw_series(one.iter().map(|&p| Cross::new(p, 5, red.stroke_width(2))))
            .map_err(|e| err(&e))?
            .label(format!("answered by one only ({})", one.len()))
            .legend(move |(x, y)| Cross::new((x + 8, y), 4, red.stroke_width(2)));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(svg)
}

/// A cactus plot as SVG text: per pair, the number of instances answered within a budget of
/// `measure` (x, logarithmic), a step line per pair from its sorted answered values.
/// `series` are (label, the measure of each answered run); `total` is the instances run.
///
/// # Errors
///
/// [`BenchError::Plot`] when plotters fails.
pub fn cactus(
    title: &str,
    measure: Measure,
    series: &[(String, Vec<f64>)],
    total: usize,
) -> Result<String, BenchError> {
    let err = failed("the cactus plot");
    let values = series.iter().flat_map(|s| s.1.iter().copied());
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    let (lo, hi) = if lo > hi { (1.0, 10.0) } else { (lo, hi) };
    let range = log_range(lo, hi);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (960, 560)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(64)
            .build_cartesian_2d(
                range.clone().log_scale(),
                0f64..(total.max(1) as f64 * 1.05),
            )
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc(format!("{} (budget, log scale)", measure.name()))
            .y_desc(format!("instances answered within the budget (of {total})"))
            .x_label_formatter(&|x| format!("{x:.0e}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .draw()
            .map_err(|e| err(&e))?;
        for (i, (label, values)) in series.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            let mut sorted = values.clone();
            sorted.sort_by(f64::total_cmp);
            let mut steps = vec![(range.start, 0.0)];
            for (k, v) in sorted.iter().enumerate() {
                steps.push((*v, k as f64));
                steps.push((*v, (k + 1) as f64));
            }
            steps.push((range.end, sorted.len() as f64));
            chart
                .draw_series(LineSeries::new(steps, colour.stroke_width(2)))
                .map_err(|e| err(&e))?
                .label(format!("{label} ({})", sorted.len()))
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 16, y)], colour.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(svg)
}
