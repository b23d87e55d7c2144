//! The plots of a report, drawn by plotters as SVG or, where asked (a file name ending in
//! `.png`), as PNG: `--plot`, nodes expanded against solution length (games: the moves the
//! position can still last), one colour per pair, log scale; the scatter plot of one pair against
//! another, per instance, log-log, with the diagonal and the instances only one of them
//! answered on the border (Fast Downward lab's convention); and the cactus plot, instances
//! answered within a budget of expansions or time, a line per pair.
//!
//! A [`Chart`] holds what a plot shows; [`Chart::svg`] and [`Chart::png`] draw the same
//! drawing code on plotters' SVG and bitmap backends. The bitmap backend renders text with
//! `ab_glyph` from a font compiled in (`assets/DejaVuSans-Latin1.ttf`, DejaVu Sans cut down
//! to Latin-1, 17 kB, with its licence beside it): no system font library, and the same pixels
//! on every machine.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use searchlab_toolkit::Kind;

use crate::BenchError;
use crate::definition::PairSpec;
use crate::output::{Row, pair_label};

/// The font every plot's text is set in (see the module's documentation).
const FONT: &[u8] = include_bytes!("../assets/DejaVuSans-Latin1.ttf");

/// Registers [`FONT`] under the family names plotters asks for, once: with `ab_glyph`,
/// plotters measures text (for SVG too) and draws it (bitmaps) only in registered fonts.
fn register_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for family in ["sans-serif", "serif", "monospace"] {
            for style in [
                FontStyle::Normal,
                FontStyle::Bold,
                FontStyle::Italic,
                FontStyle::Oblique,
            ] {
                // The font is compiled in and parsed by the tests: it cannot be invalid.
                let _ = plotters::style::register_font(family, style, FONT);
            }
        }
    });
}

/// One pair's legend label and points (length, nodes expanded).
type Series = (String, Vec<(u64, u64)>);

/// The file formats a plot is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Image {
    /// Scalable vector graphics: text stays text (the default, and what HTML pages inline).
    Svg,
    /// A bitmap, for documents that take no SVG.
    Png,
}

impl Image {
    /// The format a file name asks for: PNG for a name ending in `.png` (any case), else SVG.
    pub fn of(path: &Path) -> Image {
        match path.extension() {
            Some(e) if e.eq_ignore_ascii_case("png") => Image::Png,
            _ => Image::Svg,
        }
    }
}

/// A plot: what it shows, drawn on demand as SVG ([`Chart::svg`]) or PNG ([`Chart::png`]).
#[derive(Clone, Debug)]
pub struct Chart {
    title: String,
    what: What,
}

/// What a chart shows.
#[derive(Clone, Debug)]
enum What {
    Lengths {
        x_label: &'static str,
        series: Vec<Series>,
    },
    Scatter {
        a: String,
        b: String,
        measure: Measure,
        points: Vec<(Option<f64>, Option<f64>)>,
    },
    Cactus {
        measure: Measure,
        series: Vec<(String, Vec<f64>)>,
        total: usize,
    },
}

impl Chart {
    /// Its size in pixels (width, height).
    pub fn size(&self) -> (u32, u32) {
        match self.what {
            What::Lengths { .. } => (960, 640),
            What::Scatter { .. } => (720, 720),
            What::Cactus { .. } => (960, 560),
        }
    }

    /// The chart as SVG text.
    ///
    /// # Errors
    ///
    /// [`BenchError::Plot`] when plotters fails.
    pub fn svg(&self) -> Result<String, BenchError> {
        register_font();
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, self.size()).into_drawing_area();
            self.draw(&root)?;
            root.present().map_err(|e| self.failed(&e))?;
        }
        Ok(svg)
    }

    /// The chart as a PNG file's bytes (8-bit RGB).
    ///
    /// # Errors
    ///
    /// [`BenchError::Plot`] when plotters or the PNG encoder fails.
    pub fn png(&self) -> Result<Vec<u8>, BenchError> {
        register_font();
        let (w, h) = self.size();
        let mut rgb = vec![0u8; w as usize * h as usize * 3];
        {
            let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
            self.draw(&root)?;
            root.present().map_err(|e| self.failed(&e))?;
        }
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, w, h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        (encoder.write_header())
            .and_then(|mut writer| writer.write_image_data(&rgb))
            .map_err(|e| self.failed(&e))?;
        Ok(out)
    }

    /// The chart in `image`'s format.
    ///
    /// # Errors
    ///
    /// As [`Chart::svg`] and [`Chart::png`].
    pub fn bytes(&self, image: Image) -> Result<Vec<u8>, BenchError> {
        match image {
            Image::Svg => self.svg().map(String::into_bytes),
            Image::Png => self.png(),
        }
    }

    /// The error of drawing this chart.
    fn failed(&self, e: &dyn std::fmt::Display) -> BenchError {
        let what = match self.what {
            What::Lengths { .. } => "the plot of nodes against length",
            What::Scatter { .. } => "the scatter plot",
            What::Cactus { .. } => "the cactus plot",
        };
        BenchError::Plot {
            path: what.into(),
            message: e.to_string(),
        }
    }

    /// Draws the chart on `root`, whatever its backend.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), BenchError> {
        match &self.what {
            What::Lengths { x_label, series } => self.draw_lengths(root, x_label, series),
            What::Scatter {
                a,
                b,
                measure,
                points,
            } => self.draw_scatter(root, (a, b), *measure, points),
            What::Cactus {
                measure,
                series,
                total,
            } => self.draw_cactus(root, *measure, series, *total),
        }
    }
}

/// Writes `chart` to `path`, as PNG when its name ends in `.png` and as SVG otherwise,
/// through a temporary file beside it, renamed at the end.
///
/// # Errors
///
/// [`BenchError::Plot`] when the chart cannot be drawn or the file cannot be written.
pub fn write(path: &Path, chart: &Chart) -> Result<(), BenchError> {
    let bytes = chart.bytes(Image::of(path))?;
    searchlab_toolkit::output::write_atomically(path, &bytes).map_err(|e| BenchError::Plot {
        path: path.to_owned(),
        message: e.to_string(),
    })
}

/// The chart of nodes expanded against length, a series per pair.
pub fn lengths(title: &str, kind: Kind, pairs: &[PairSpec], rows: &[Row]) -> Chart {
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
    Chart {
        title: title.to_owned(),
        what: What::Lengths { x_label, series },
    }
}

/// A scatter plot of pair A (x) against pair B (y) per instance: both axes logarithmic, the
/// diagonal drawn (below it B does less), and an instance that only one of them answered
/// drawn as a cross on the border of the other's axis. `points` are (A, B), `None` for no
/// answer; instances neither answered are left out.
pub fn scatter(
    title: &str,
    (a, b): (&str, &str),
    measure: Measure,
    points: &[(Option<f64>, Option<f64>)],
) -> Chart {
    Chart {
        title: title.to_owned(),
        what: What::Scatter {
            a: a.to_owned(),
            b: b.to_owned(),
            measure,
            points: points.to_vec(),
        },
    }
}

/// A cactus plot: per pair, the number of instances answered within a budget of `measure`
/// (x, logarithmic), a step line per pair from its sorted answered values. `series` are
/// (label, the measure of each answered run); `total` is the instances run.
pub fn cactus(title: &str, measure: Measure, series: &[(String, Vec<f64>)], total: usize) -> Chart {
    Chart {
        title: title.to_owned(),
        what: What::Cactus {
            measure,
            series: series.to_vec(),
            total,
        },
    }
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

impl Chart {
    fn draw_lengths<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        x_label: &str,
        series: &[Series],
    ) -> Result<(), BenchError> {
        let err = |e: &dyn std::fmt::Display| self.failed(e);
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
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", 22))
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
        Ok(())
    }

    fn draw_scatter<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        (a, b): (&str, &str),
        measure: Measure,
        points: &[(Option<f64>, Option<f64>)],
    ) -> Result<(), BenchError> {
        let err = |e: &dyn std::fmt::Display| self.failed(e);
        let values = points.iter().flat_map(|&(x, y)| [x, y]).flatten();
        let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
        let (lo, hi) = if lo > hi { (1.0, 10.0) } else { (lo, hi) };
        // The border: one decade above the largest value, inside the axis.
        let range = log_range(lo, hi * 10.0);
        let border = range.end;
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", 20))
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
        Ok(())
    }

    fn draw_cactus<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        measure: Measure,
        series: &[(String, Vec<f64>)],
        total: usize,
    ) -> Result<(), BenchError> {
        let err = |e: &dyn std::fmt::Display| self.failed(e);
        let values = series.iter().flat_map(|s| s.1.iter().copied());
        let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
        let (lo, hi) = if lo > hi { (1.0, 10.0) } else { (lo, hi) };
        let range = log_range(lo, hi);
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", 20))
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
        Ok(())
    }
}
