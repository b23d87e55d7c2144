//! The report's statistics against hand-computed cases: the sign test against a binomial
//! table, Efron's percentile bootstrap on samples whose resampling distribution is known
//! exactly, lab's scores, the fair aggregates and a paired comparison of hand-made rows, and
//! the plots' content read back with an XML parser.

use searchlab_harness::aggregate::{Aggregates, ScoreBounds};
use searchlab_harness::agree::Promise;
use searchlab_harness::compare::Comparison;
use searchlab_harness::plot::{Measure, cactus, scatter};
use searchlab_harness::statistics::{DEFAULT_SEED, RESAMPLES, bootstrap_mean_ci, sign_test};
use searchlab_harness::{PairSpec, Row};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs().max(1.0)
}

#[test]
fn sign_test_matches_the_binomial_table() {
    // Two-sided p = 2 P(X <= min(w, l)), X ~ Binomial(w + l, 1/2), by hand:
    // n = 10, k = 1: 2 (1 + 10) / 2^10.
    assert!(close(sign_test(1, 9), 22.0 / 1024.0));
    assert!(close(sign_test(9, 1), 22.0 / 1024.0));
    // n = 10, k = 2: 2 (1 + 10 + 45) / 2^10.
    assert!(close(sign_test(2, 8), 112.0 / 1024.0));
    // n = 20, k = 5: 2 (1 + 20 + 190 + 1140 + 4845 + 15504) / 2^20 (tables: 0.0414).
    assert!(close(sign_test(5, 15), 43400.0 / 1_048_576.0));
    // n = 5, k = 0: 2 / 32.
    assert!(close(sign_test(0, 5), 0.0625));
    // An even split (and nothing at all) is no evidence: 1, never more.
    assert_eq!(sign_test(3, 3), 1.0);
    assert_eq!(sign_test(0, 0), 1.0);
    // Large counts stay exact in log space: 480 of 1000 is p = 0.2174 (the normal
    // approximation with continuity correction gives 0.2175).
    let p = sign_test(480, 520);
    assert!((p - 0.2174).abs() < 0.001, "{p}");
    assert!(sign_test(0, 3000) < 1e-300);
}

#[test]
fn bootstrap_percentile_interval_of_known_resampling_distributions() {
    // Two values {0, ln 4}: a resample's mean is 0, ln 2 or ln 4 with chances 1/4, 1/2,
    // 1/4, so the 2.5% and 97.5% quantiles are 0 and ln 4.
    let ln4 = 4f64.ln();
    let (lo, hi) = bootstrap_mean_ci(&[0.0, ln4], RESAMPLES, 0.95, DEFAULT_SEED).unwrap();
    assert_eq!((lo, hi), (0.0, ln4));
    // Three values {0, 0, 3 ln 2}: a resample's mean is K ln 2, K ~ Binomial(3, 1/3):
    // P(K = 0) = 8/27 > 2.5%, so the low end is 0; P(K <= 2) = 26/27 = 96.3% < 97.5%,
    // so the high end is 3 ln 2. As ratios: [1, 8].
    let v = [0.0, 0.0, 3.0 * 2f64.ln()];
    let (lo, hi) = bootstrap_mean_ci(&v, RESAMPLES, 0.95, DEFAULT_SEED).unwrap();
    assert!(close(lo.exp(), 1.0) && close(hi.exp(), 8.0), "{lo} {hi}");
    // A constant sample has a point interval.
    let (lo, hi) = bootstrap_mean_ci(&[0.5; 7], RESAMPLES, 0.95, 1).unwrap();
    assert!(close(lo, 0.5) && close(hi, 0.5));
    // Seeded: the same seed gives the same interval, another seed another one.
    let sample: Vec<f64> = (1..=25).map(|i| f64::from(i * i % 17)).collect();
    let a = bootstrap_mean_ci(&sample, RESAMPLES, 0.95, 7).unwrap();
    assert_eq!(a, bootstrap_mean_ci(&sample, RESAMPLES, 0.95, 7).unwrap());
    assert_ne!(a, bootstrap_mean_ci(&sample, RESAMPLES, 0.95, 8).unwrap());
    // It holds the sample mean (8.2) and is narrower than the sample's range.
    let mean = sample.iter().sum::<f64>() / 25.0;
    assert!(a.0 < mean && mean < a.1 && a.0 > 0.0 && a.1 < 16.0, "{a:?}");
    assert_eq!(bootstrap_mean_ci(&[], RESAMPLES, 0.95, 1), None);
}

fn spec(algorithm: &str) -> PairSpec {
    PairSpec {
        algorithm: algorithm.into(),
        heuristic: "none".into(),
        promise: Promise::Optimal,
        options: Vec::new(),
    }
}

/// A row of pair `pair` on instance `index`, answered unless `expanded` is `None`.
fn row(pair: usize, index: usize, expanded: Option<u64>, seconds: f64) -> Row {
    Row {
        index,
        pair,
        algorithm: ["a", "b"][pair].into(),
        heuristic: "none".into(),
        source: format!("f:{}", index + 1),
        instance: format!("instance {index}"),
        status: if expanded.is_some() {
            "solved"
        } else {
            "stopped"
        },
        limit: expanded.is_none().then_some("nodes"),
        cost: expanded.map(|_| serde_json::json!(10)),
        value: None,
        length: expanded.map(|_| 10),
        expanded: expanded.unwrap_or(1_000_000),
        generated: 2 * expanded.unwrap_or(1_000_000),
        evaluated: 0,
        expanded_until_last_layer: None,
        generated_until_last_layer: None,
        evaluated_until_last_layer: None,
        exact: expanded.is_some(),
        agrees: None,
        seconds,
        peak_bytes: 1000,
    }
}

/// A: 100, 200, 400, 50, 10^4 (and stopped on the last); B: 50, 200, 100, 100, stopped, 70.
fn rows() -> Vec<Row> {
    let a = [
        Some(100),
        Some(200),
        Some(400),
        Some(50),
        Some(10_000),
        None,
    ];
    let b = [Some(50), Some(200), Some(100), Some(100), None, Some(70)];
    let ta = [0.010, 0.020, 0.040, 0.005, 1.0, 2.0];
    let tb = [0.005, 0.0201, 0.010, 0.010, 2.0, 0.1];
    let mut rows = Vec::new();
    for i in 0..6 {
        rows.push(row(0, i, a[i], ta[i]));
        rows.push(row(1, i, b[i], tb[i]));
    }
    rows
}

#[test]
fn aggregates_are_over_the_common_instances_and_scores_are_labs() {
    let pairs = [spec("a"), spec("b")];
    let all: Vec<usize> = (0..6).collect();
    let agg = Aggregates::new(&pairs, &all, &rows(), ScoreBounds::lab(None));
    // Both answered instances 0..=3 only.
    assert_eq!((agg.instances, agg.common), (6, 4));
    let (a, b) = (&agg.pairs[0], &agg.pairs[1]);
    assert_eq!((a.solved, a.total, a.stopped), (5, 6, 1));
    assert_eq!((b.solved, b.total, b.stopped), (5, 6, 1));
    // A over 100, 200, 400, 50: sum 750, mean 187.5, median (100 + 200) / 2, geomean
    // (100 * 200 * 400 * 50)^(1/4) = 400,000,000^(1/4) = 141.42...
    assert_eq!(a.expanded.sum, 750.0);
    assert_eq!(a.expanded.mean, 187.5);
    assert_eq!(a.expanded.median, 150.0);
    assert!(close(a.expanded.geomean, 4e8f64.powf(0.25)));
    assert_eq!(a.generated.sum, 1500.0);
    assert!(close(a.seconds.sum, 0.075));
    // Lab's expansion scores of A: 100 -> 1, 200 -> 1 - log(2)/4 (log base 10, 4 decades),
    // 400 -> 1 - log(4)/4, 50 -> 1, 10^4 -> 0.5, stopped -> 0.
    let lg = |x: f64| x.log10();
    let want = 1.0 + (1.0 - lg(2.0) / 4.0) + (1.0 - lg(4.0) / 4.0) + 1.0 + 0.5;
    assert!(close(a.score_expansions, want), "{}", a.score_expansions);
    // Times: 1 s or less scores 1; 1800 s is 0; A's 1.0 s -> 1, stopped -> 0.
    assert!(close(a.score_search_time, 5.0));
    // B's time score: five answers at or under 1 s, then 2 s is unanswered (stopped).
    assert!(close(b.score_search_time, 5.0));
}

#[test]
fn a_paired_comparison_by_hand() {
    let all: Vec<usize> = (0..6).collect();
    let c = Comparison::new((0, "a"), (1, "b"), &all, &rows(), DEFAULT_SEED);
    assert_eq!((c.common, c.a_only, c.b_only, c.neither), (4, 1, 1, 0));
    // Ratios B/A: 0.5, 1, 0.25, 2: geometric mean (0.25)^(1/4) = 1/sqrt(2).
    let ratios: Vec<f64> = c.instances.iter().map(|r| r.ratio_expanded).collect();
    assert_eq!(ratios, [0.5, 1.0, 0.25, 2.0]);
    assert!(close(c.expanded.geomean_ratio, 0.5f64.sqrt()));
    assert!(c.expanded.ci_low <= c.expanded.geomean_ratio);
    assert!(c.expanded.geomean_ratio <= c.expanded.ci_high);
    // The interval's ends are means of resamples: within the smallest and largest ratio.
    assert!(c.expanded.ci_low >= 0.25 && c.expanded.ci_high <= 2.0);
    assert_eq!(
        (c.expanded.wins, c.expanded.ties, c.expanded.losses),
        (2, 1, 1)
    );
    // Sign test, 2 wins against 1 loss: 2 P(X <= 1), n = 3: 2 * 4/8 = 1.
    assert_eq!(c.expanded.p_value, 1.0);
    // Times: 0.005 vs 0.010 win, 0.0201 vs 0.020 tie (within 5%), 0.010 vs 0.040 win,
    // 0.010 vs 0.005 loss.
    assert_eq!((c.time.wins, c.time.ties, c.time.losses), (2, 1, 1));
    let json = c.json();
    for key in [
        "geomean_ratio_expanded",
        "ci_low",
        "ci_high",
        "wins",
        "ties",
        "losses",
        "p_value",
    ] {
        assert!(json.get(key).is_some(), "{key}");
    }
    assert_eq!(json["wins"], 2);
}

/// The elements of `svg` named `tag`.
fn elements<'a>(doc: &'a roxmltree::Document, tag: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.tag_name().name() == tag)
        .collect()
}

fn texts(doc: &roxmltree::Document) -> Vec<String> {
    elements(doc, "text")
        .iter()
        .filter_map(|n| n.text().map(str::to_owned))
        .collect()
}

#[test]
fn the_scatter_plot_has_its_points_diagonal_border_and_axis_labels() {
    let points = [
        (Some(10.0), Some(20.0)),
        (Some(100.0), Some(50.0)),
        (Some(1000.0), Some(1000.0)),
        (Some(30.0), None),
        (None, Some(40.0)),
    ];
    let svg = scatter("t", ("astar", "idastar"), Measure::Expanded, &points)
        .svg()
        .unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // Three points answered by both, and the legend's marker.
    assert_eq!(elements(&doc, "circle").len(), 3 + 1);
    // Two crosses on the border and the legend's, two red lines each.
    let red = elements(&doc, "line")
        .into_iter()
        .filter(|n| n.attribute("stroke") == Some("#FF0000"))
        .count();
    assert_eq!(red, 2 * (2 + 1), "{svg}");
    // The diagonal: a line from the axes' corner to the opposite one.
    let diagonal = elements(&doc, "polyline").into_iter().any(|n| {
        let pts: Vec<&str> = n
            .attribute("points")
            .unwrap_or("")
            .split_whitespace()
            .collect();
        n.attribute("opacity") == Some("0.5") && pts.len() == 2
    });
    assert!(diagonal, "{svg}");
    let texts = texts(&doc);
    let has = |s: &str| texts.iter().any(|t| t.contains(s));
    assert!(
        has("astar: nodes expanded (unanswered: right border)"),
        "{texts:?}"
    );
    assert!(
        has("idastar: nodes expanded (unanswered: top border)"),
        "{texts:?}"
    );
    assert!(has("answered by one only (2)") && has("answered by both (3)"));
}

#[test]
fn the_cactus_plot_has_a_line_per_pair_and_labelled_axes() {
    let series = vec![
        ("astar".to_owned(), vec![5.0, 50.0, 500.0]),
        ("bfs".to_owned(), vec![100.0]),
    ];
    let svg = cactus("t", Measure::Time, &series, 4).svg().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // A step line per pair, and a legend line per pair.
    let lines: Vec<_> = elements(&doc, "polyline")
        .into_iter()
        .filter(|n| n.attribute("stroke-width") == Some("2"))
        .collect();
    assert_eq!(lines.len(), 2 * 2, "{svg}");
    // astar's steps: the start, two points per answer, the end.
    let most = lines
        .iter()
        .map(|n| n.attribute("points").unwrap().split_whitespace().count())
        .max();
    assert_eq!(most, Some(2 + 2 * 3));
    let texts = texts(&doc);
    let has = |s: &str| texts.iter().any(|t| t.contains(s));
    assert!(has("search time (s) (budget, log scale)"), "{texts:?}");
    assert!(
        has("instances answered within the budget (of 4)"),
        "{texts:?}"
    );
    assert!(has("astar (3)") && has("bfs (1)"), "{texts:?}");
}
