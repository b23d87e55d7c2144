//! Fair aggregates, as Fast Downward's lab makes them: coverage (answered of run) per pair,
//! and every sum, mean, median and geometric mean of expanded, generated, time and memory
//! over the **common** instances, those every pair answered, so that a pair that gives up on
//! the hard instances does not look cheapest; and lab's log scores per instance, summed.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::definition::PairSpec;
use crate::output::{Row, pair_label};
use crate::statistics::{geomean, log_score, mean, median};

/// The bounds of lab's log scores ([`log_score`]): a run at or below `lower` scores 1, at or
/// above `upper` 0, log-linear between.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ScoreBounds {
    /// Expansions scoring 1 (lab: 100).
    pub expansions_lower: f64,
    /// Expansions scoring 0 (lab: 1,000,000).
    pub expansions_upper: f64,
    /// Seconds scoring 1 (lab: 1 s).
    pub seconds_lower: f64,
    /// Seconds scoring 0 (lab: the time limit).
    pub seconds_upper: f64,
}

impl ScoreBounds {
    /// Lab's bounds: 100 to 1,000,000 expansions, 1 s to the time limit (`timeout`, else
    /// 1800 s, the limit of lab's examples and of the planning competitions).
    pub fn lab(timeout: Option<f64>) -> Self {
        ScoreBounds {
            expansions_lower: 100.0,
            expansions_upper: 1e6,
            seconds_lower: 1.0,
            seconds_upper: timeout.filter(|t| *t > 1.0).unwrap_or(1800.0),
        }
    }
}

/// Sum, mean, median and geometric mean of one measure over the common instances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Figures {
    /// The sum.
    pub sum: f64,
    /// The arithmetic mean.
    pub mean: f64,
    /// The median (the mean of the two middle values for an even count).
    pub median: f64,
    /// The geometric mean, each value raised to the measure's floor first (1 node, 1 us,
    /// 1 byte), so that a 0 does not make it 0.
    pub geomean: f64,
}

impl Figures {
    /// The figures of `values` (all 0 for none).
    pub fn of(values: &[f64], floor: f64) -> Figures {
        Figures {
            sum: values.iter().sum(),
            mean: mean(values).unwrap_or(0.0),
            median: median(values).unwrap_or(0.0),
            geomean: geomean(values, floor).unwrap_or(0.0),
        }
    }
}

/// The measures of [`Aggregate`], with the floor of their geometric means.
pub const MEASURES: [(&str, f64); 4] = [
    ("expanded", 1.0),
    ("generated", 1.0),
    ("seconds", 1e-6),
    ("peak_bytes", 1.0),
];

/// One pair's coverage, scores and common-instance figures.
#[derive(Clone, Debug, Serialize)]
pub struct Aggregate {
    /// The pair's label (`astar/manhattan`).
    pub pair: String,
    /// The algorithm, with its options.
    pub algorithm: String,
    /// The heuristic, `none` when the algorithm takes none.
    pub heuristic: String,
    /// Instances answered (solved, or proved unsolvable).
    pub solved: usize,
    /// Instances run.
    pub total: usize,
    /// Instances stopped by a limit.
    pub stopped: usize,
    /// Lab's `score_expansions`, summed over every instance run (0 for one not answered).
    pub score_expansions: f64,
    /// Lab's `score_search_time`, summed over every instance run.
    pub score_search_time: f64,
    /// Expanded nodes over the common instances.
    pub expanded: Figures,
    /// Generated nodes over the common instances.
    pub generated: Figures,
    /// Search time in seconds over the common instances.
    pub seconds: Figures,
    /// Peak heap bytes of the search over the common instances.
    pub peak_bytes: Figures,
    /// The mean cost (puzzles) or value (games) over the common instances, when numeric.
    pub mean_answer: Option<f64>,
}

/// Coverage, scores and the figures over the common instances, for every pair.
#[derive(Clone, Debug, Serialize)]
pub struct Aggregates {
    /// The instances every pair ran (the good instances of the report).
    pub instances: usize,
    /// The common instances: those every pair answered.
    pub common: usize,
    /// The common instances' positions among all instances read, in input order.
    #[serde(skip)]
    pub common_indices: Vec<usize>,
    /// The score bounds used.
    pub bounds: ScoreBounds,
    /// Per pair, in pair order.
    pub pairs: Vec<Aggregate>,
}

/// Whether a row has an answer (solved, or proved unsolvable).
pub fn answered(row: &Row) -> bool {
    row.status != "stopped"
}

impl Aggregates {
    /// The aggregates of `rows` (every row of `pairs` on `instances`, the good instances'
    /// positions), with lab's scores between `bounds`.
    pub fn new(pairs: &[PairSpec], instances: &[usize], rows: &[Row], bounds: ScoreBounds) -> Self {
        let mut by_pair: BTreeMap<usize, BTreeMap<usize, &Row>> = BTreeMap::new();
        for r in rows {
            by_pair.entry(r.pair).or_default().insert(r.index, r);
        }
        let empty = BTreeMap::new();
        let of = |p: usize| by_pair.get(&p).unwrap_or(&empty);
        let common: Vec<usize> = (instances.iter().copied())
            .filter(|i| (0..pairs.len()).all(|p| of(p).get(i).is_some_and(|r| answered(r))))
            .collect();
        let common_set: BTreeSet<usize> = common.iter().copied().collect();
        let aggregates = (pairs.iter().enumerate())
            .map(|(p, spec)| {
                let mine = of(p);
                let on_common: Vec<&Row> = (mine.iter())
                    .filter(|(i, _)| common_set.contains(i))
                    .map(|(_, r)| *r)
                    .collect();
                let values = |f: fn(&Row) -> f64, floor: f64| {
                    Figures::of(&on_common.iter().map(|r| f(r)).collect::<Vec<_>>(), floor)
                };
                let answers: Vec<f64> = (on_common.iter())
                    .filter_map(|r| r.cost.as_ref().or(r.value.as_ref()))
                    .filter_map(serde_json::Value::as_f64)
                    .collect();
                let score = |r: &Row, f: fn(&Row) -> f64, lo: f64, hi: f64| {
                    log_score(answered(r), f(r), lo, hi)
                };
                let b = bounds;
                Aggregate {
                    pair: pair_label(&spec.algorithm, &spec.heuristic),
                    algorithm: spec.algorithm.clone(),
                    heuristic: spec.heuristic.clone(),
                    solved: mine.values().filter(|r| answered(r)).count(),
                    total: mine.len(),
                    stopped: mine.values().filter(|r| !answered(r)).count(),
                    score_expansions: (mine.values())
                        .map(|r| score(r, expanded, b.expansions_lower, b.expansions_upper))
                        .sum(),
                    score_search_time: (mine.values())
                        .map(|r| score(r, seconds, b.seconds_lower, b.seconds_upper))
                        .sum(),
                    expanded: values(expanded, MEASURES[0].1),
                    generated: values(generated, MEASURES[1].1),
                    seconds: values(seconds, MEASURES[2].1),
                    peak_bytes: values(peak_bytes, MEASURES[3].1),
                    mean_answer: mean(&answers),
                }
            })
            .collect();
        Aggregates {
            instances: instances.len(),
            common: common.len(),
            common_indices: common,
            bounds,
            pairs: aggregates,
        }
    }
}

/// Nodes expanded, as a float.
pub fn expanded(r: &Row) -> f64 {
    r.expanded as f64
}

/// Nodes generated, as a float.
pub fn generated(r: &Row) -> f64 {
    r.generated as f64
}

/// Search time in seconds.
pub fn seconds(r: &Row) -> f64 {
    r.seconds
}

/// Peak heap bytes, as a float.
pub fn peak_bytes(r: &Row) -> f64 {
    r.peak_bytes as f64
}
