//! Paired comparisons of two pairs, B against A (the baseline), instance by instance, as a
//! researcher reports them: per instance the ratio B/A of expanded nodes and of time; over
//! the instances both answered the geometric-mean ratio with a 95% percentile bootstrap
//! interval (Efron), wins, ties and losses, and the exact sign test's p-value; the instances
//! only one of them answered counted apart. A ratio below 1 and a win mean B does less.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::aggregate::answered;
use crate::output::Row;
use crate::statistics::{RESAMPLES, bootstrap_mean_ci, sign_test};

/// Two times tie when they differ by at most this fraction of the larger one...
pub const TIME_TIE_RELATIVE: f64 = 0.05;
/// ...or when both are at most this many seconds (below the noise of a clock and a scheduler).
pub const TIME_TIE_SECONDS: f64 = 0.001;

/// The ratio floors: a count of 0 is taken as 1 node, a time of 0 as 1 us.
const FLOORS: (f64, f64) = (1.0, 1e-6);

/// One instance both pairs answered.
#[derive(Clone, Debug, Serialize)]
pub struct InstanceRatio {
    /// `file:line`.
    pub source: String,
    /// Nodes expanded by A and by B.
    pub expanded: (u64, u64),
    /// Seconds of A and of B.
    pub seconds: (f64, f64),
    /// B's expanded over A's (each at least 1).
    pub ratio_expanded: f64,
    /// B's time over A's (each at least 1 us).
    pub ratio_time: f64,
}

/// The paired statistics of one measure.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Paired {
    /// The geometric mean of the ratios B/A.
    pub geomean_ratio: f64,
    /// The lower end of its 95% bootstrap interval.
    pub ci_low: f64,
    /// The upper end.
    pub ci_high: f64,
    /// Instances where B did less than A.
    pub wins: usize,
    /// Instances where they tie (expanded: equal; time: see [`TIME_TIE_RELATIVE`]).
    pub ties: usize,
    /// Instances where B did more.
    pub losses: usize,
    /// The exact two-sided sign test's p-value of wins against losses.
    pub p_value: f64,
}

/// A paired comparison of B against A.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// A's label: the baseline.
    pub a: String,
    /// B's label.
    pub b: String,
    /// Instances both answered: the paired statistics are over these.
    pub common: usize,
    /// Instances only A answered.
    pub a_only: usize,
    /// Instances only B answered.
    pub b_only: usize,
    /// Instances neither answered (both ran).
    pub neither: usize,
    /// Nodes expanded.
    pub expanded: Paired,
    /// Search time.
    pub time: Paired,
    /// The bootstrap's seed.
    pub seed: u64,
    /// The bootstrap's resamples.
    pub resamples: usize,
    /// Per common instance, in input order.
    pub instances: Vec<InstanceRatio>,
}

/// The paired statistics of the log ratios `logs`, with `outcome` telling win (-1), tie (0)
/// or loss (1) per instance.
fn paired(logs: &[f64], outcomes: &[i8], seed: u64) -> Paired {
    let wins = outcomes.iter().filter(|o| **o < 0).count();
    let ties = outcomes.iter().filter(|o| **o == 0).count();
    let losses = outcomes.iter().filter(|o| **o > 0).count();
    let mean = crate::statistics::mean(logs).unwrap_or(0.0);
    let (lo, hi) = bootstrap_mean_ci(logs, RESAMPLES, 0.95, seed).unwrap_or((0.0, 0.0));
    Paired {
        geomean_ratio: mean.exp(),
        ci_low: lo.exp(),
        ci_high: hi.exp(),
        wins,
        ties,
        losses,
        p_value: sign_test(wins, losses),
    }
}

/// Whether times `a` and `b` tie: within [`TIME_TIE_RELATIVE`] of the larger, or both at
/// most [`TIME_TIE_SECONDS`].
pub fn times_tie(a: f64, b: f64) -> bool {
    (a - b).abs() <= TIME_TIE_RELATIVE * a.max(b) || a.max(b) <= TIME_TIE_SECONDS
}

impl Comparison {
    /// B (pair number `b`) against A (pair number `a`) over `rows`, on the instances at
    /// `instances` (positions, input order), with a bootstrap seeded by `seed`.
    pub fn new(
        (a, a_label): (usize, &str),
        (b, b_label): (usize, &str),
        instances: &[usize],
        rows: &[Row],
        seed: u64,
    ) -> Self {
        let by = |p: usize| -> BTreeMap<usize, &Row> {
            (rows.iter().filter(|r| r.pair == p))
                .map(|r| (r.index, r))
                .collect()
        };
        let (rows_a, rows_b) = (by(a), by(b));
        let (mut a_only, mut b_only, mut neither) = (0, 0, 0);
        let mut ratios = Vec::new();
        for i in instances {
            let (Some(ra), Some(rb)) = (rows_a.get(i), rows_b.get(i)) else {
                continue;
            };
            match (answered(ra), answered(rb)) {
                (true, true) => {}
                (true, false) => a_only += 1,
                (false, true) => b_only += 1,
                (false, false) => neither += 1,
            }
            if !(answered(ra) && answered(rb)) {
                continue;
            }
            let ratio = |x: f64, y: f64, floor: f64| y.max(floor) / x.max(floor);
            ratios.push(InstanceRatio {
                source: ra.source.clone(),
                expanded: (ra.expanded, rb.expanded),
                seconds: (ra.seconds, rb.seconds),
                ratio_expanded: ratio(ra.expanded as f64, rb.expanded as f64, FLOORS.0),
                ratio_time: ratio(ra.seconds, rb.seconds, FLOORS.1),
            });
        }
        let logs = |f: fn(&InstanceRatio) -> f64| -> Vec<f64> {
            ratios.iter().map(|r| f(r).ln()).collect()
        };
        let node_outcomes: Vec<i8> = (ratios.iter())
            .map(|r| r.expanded.1.cmp(&r.expanded.0) as i8)
            .collect();
        let time_outcomes: Vec<i8> = (ratios.iter())
            .map(|r| match times_tie(r.seconds.0, r.seconds.1) {
                true => 0,
                false if r.seconds.1 < r.seconds.0 => -1,
                false => 1,
            })
            .collect();
        Comparison {
            a: a_label.to_owned(),
            b: b_label.to_owned(),
            common: ratios.len(),
            a_only,
            b_only,
            neither,
            expanded: paired(&logs(|r| r.ratio_expanded), &node_outcomes, seed),
            time: paired(&logs(|r| r.ratio_time), &time_outcomes, seed),
            seed,
            resamples: RESAMPLES,
            instances: ratios,
        }
    }

    /// The comparison as the JSON object of `report --format json`'s `pairs`: the names the
    /// docs state (`geomean_ratio_expanded`, `ci_low`, `ci_high`, `wins`, `ties`, `losses`,
    /// `p_value` for expanded nodes; the same with `time_` for time).
    pub fn json(&self) -> serde_json::Value {
        let (e, t) = (&self.expanded, &self.time);
        serde_json::json!({
            "a": self.a,
            "b": self.b,
            "common": self.common,
            "a_only": self.a_only,
            "b_only": self.b_only,
            "neither": self.neither,
            "geomean_ratio_expanded": e.geomean_ratio,
            "ci_low": e.ci_low,
            "ci_high": e.ci_high,
            "wins": e.wins,
            "ties": e.ties,
            "losses": e.losses,
            "p_value": e.p_value,
            "geomean_ratio_time": t.geomean_ratio,
            "time_ci_low": t.ci_low,
            "time_ci_high": t.ci_high,
            "time_wins": t.wins,
            "time_ties": t.ties,
            "time_losses": t.losses,
            "time_p_value": t.p_value,
            "seed": self.seed,
            "resamples": self.resamples,
            "instances": self.instances,
        })
    }
}
