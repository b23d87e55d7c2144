//! The statistics of the reports, each a small pure function with its method named: means,
//! medians, geometric means, Fast Downward lab's log scores, Efron's percentile bootstrap and
//! the exact two-sided sign test. Every random draw comes from a seeded [`SplitMix64`], so a
//! report is the same on every machine and every run.

use searchlab_toolkit::SplitMix64;

/// The arithmetic mean; `None` for no values.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// The median: the middle value, or the mean of the two middle ones for an even count;
/// `None` for no values.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
    }
}

/// The geometric mean, `exp(mean(ln x))`, with every value raised to `floor` first (a search
/// that expands 0 nodes, or a time below the clock's resolution, would make it 0); `None` for
/// no values.
pub fn geomean(values: &[f64], floor: f64) -> Option<f64> {
    let logs: Vec<f64> = values.iter().map(|v| v.max(floor).ln()).collect();
    mean(&logs).map(f64::exp)
}

/// Fast Downward lab's log score of one run (`compute_log_score` in lab's `tools.py`, behind
/// its `score_expansions` and `score_search_time` attributes): 0 for a run without an answer,
/// else `value` clamped to `[lower, upper]` and interpolated on a log scale, 1 at `lower` (or
/// below) and 0 at `upper` (or above). Lab's bounds are 100 and 1,000,000 for expansions, and
/// 1 s and the time limit for search time.
pub fn log_score(answered: bool, value: f64, lower: f64, upper: f64) -> f64 {
    if !answered || lower <= 0.0 || upper <= lower {
        return 0.0;
    }
    let v = value.clamp(lower, upper);
    (v.ln() - upper.ln()) / (lower.ln() - upper.ln())
}

/// A uniform index below `n` (> 0) from `rng`, by Lemire's multiply-and-shift (its bias,
/// below `n / 2^64`, is far beneath anything a bootstrap can see). The generator is the
/// core's [`SplitMix64`] (Steele, Lea and Flood, OOPSLA 2014): a fixed output for a fixed
/// seed on every platform, which is all a reproducible bootstrap needs.
fn below(rng: &mut SplitMix64, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// The seed of every report's bootstrap unless another is given: reports are reproducible.
pub const DEFAULT_SEED: u64 = 0x5EED_0000_0000_0029;

/// Resamples of every report's bootstrap.
pub const RESAMPLES: usize = 2000;

/// The `p`-quantile of sorted `values` by the inverse of the empirical distribution
/// (Hyndman and Fan's type 1): the smallest value with at least a fraction `p` at or below it.
fn quantile(sorted: &[f64], p: f64) -> f64 {
    let n = sorted.len();
    let rank = ((p * n as f64).ceil() as usize).clamp(1, n);
    sorted[rank - 1]
}

/// Efron's percentile bootstrap interval of the mean of `values` ("Bootstrap methods: another
/// look at the jackknife", Annals of Statistics 7(1), 1979; the percentile interval of Efron
/// and Tibshirani, *An Introduction to the Bootstrap*, 1993, ch. 13): `resamples` samples of
/// `values.len()` values drawn with replacement by a [`SplitMix64`] seeded with `seed`; the
/// interval holds the middle `level` (0.95) of their means, its ends the `(1 - level) / 2`
/// and `(1 + level) / 2` quantiles (type 1). `None` for no values.
pub fn bootstrap_mean_ci(
    values: &[f64],
    resamples: usize,
    level: f64,
    seed: u64,
) -> Option<(f64, f64)> {
    let n = values.len();
    if n == 0 || resamples == 0 {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    let mut means: Vec<f64> = (0..resamples)
        .map(|_| (0..n).map(|_| values[below(&mut rng, n)]).sum::<f64>() / n as f64)
        .collect();
    means.sort_by(f64::total_cmp);
    let tail = (1.0 - level) / 2.0;
    Some((quantile(&means, tail), quantile(&means, 1.0 - tail)))
}

/// The exact two-sided sign test: the probability, were wins and losses equally likely, of a
/// split of `wins + losses` at least as uneven as the one seen, `min(1, 2 P(X <= min(w, l)))`
/// for `X ~ Binomial(w + l, 1/2)` (ties are left out, as the sign test does). 1 when there
/// is nothing to test. Summed in log space, so exact to rounding for any count.
pub fn sign_test(wins: usize, losses: usize) -> f64 {
    let n = wins + losses;
    let k = wins.min(losses);
    if n == 0 {
        return 1.0;
    }
    // ln P(X = i) for i = 0..=k, from ln P(X = 0) = -n ln 2 by P(i+1)/P(i) = (n-i)/(i+1).
    let mut log_p = -(n as f64) * std::f64::consts::LN_2;
    let mut logs = Vec::with_capacity(k + 1);
    for i in 0..=k {
        logs.push(log_p);
        log_p += ((n - i) as f64).ln() - ((i + 1) as f64).ln();
    }
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tail = top.exp() * logs.iter().map(|l| (l - top).exp()).sum::<f64>();
    (2.0 * tail).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn means_and_medians() {
        assert_eq!(mean(&[1.0, 2.0, 6.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[]), None);
        let g = geomean(&[1.0, 4.0, 16.0], 1.0).unwrap();
        assert!((g - 4.0).abs() < 1e-12, "{g}");
        // 0 is raised to the floor.
        let g = geomean(&[0.0, 100.0], 1.0).unwrap();
        assert!((g - 10.0).abs() < 1e-12, "{g}");
    }

    #[test]
    fn lab_scores_interpolate_on_a_log_scale() {
        // Lab's expansion bounds: 100 -> 1, 1e6 -> 0, 10^4 (half way in log) -> 0.5.
        assert_eq!(log_score(true, 50.0, 100.0, 1e6), 1.0);
        assert_eq!(log_score(true, 1e7, 100.0, 1e6), 0.0);
        assert!((log_score(true, 1e4, 100.0, 1e6) - 0.5).abs() < 1e-12);
        assert!((log_score(true, 1e3, 100.0, 1e6) - 0.75).abs() < 1e-12);
        assert_eq!(log_score(false, 50.0, 100.0, 1e6), 0.0);
    }

    #[test]
    fn splitmix_matches_the_reference_outputs() {
        // The first outputs for seed 1234567 of the reference C code (Vigna's splitmix64.c).
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
    }
}
