//! `--plot`: nodes expanded against solution length (games: moves of the principal
//! variation), one colour per pair, log scale, as an SVG drawn by plotters.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::prelude::*;
use searchlab_toolkit::Kind;

use crate::BenchError;
use crate::definition::PairSpec;
use crate::output::{Row, pair_label};

/// One pair's legend label and points (length, nodes expanded).
type Series = (String, Vec<(u64, u64)>);

/// Writes the chart of `rows`, a series per pair, to `path`.
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
        Kind::Game => "moves of the principal variation",
    };
    draw(path, title, x_label, &series)
}

/// Draws `series` to `path`.
fn draw(path: &Path, title: &str, x_label: &str, series: &[Series]) -> Result<(), BenchError> {
    // plotters' errors borrow its backend's error type; one message is all we need.
    let err = |e: &dyn std::fmt::Display| BenchError::Plot {
        path: path.to_owned(),
        message: e.to_string(),
    };
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
    let root = SVGBackend::new(path, (960, 640)).into_drawing_area();
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
