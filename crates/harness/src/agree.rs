//! The agreement check: on each instance, the answers of exact algorithms (and the expected
//! answer written in the file) must be equal, and a bounded algorithm's answer must be within
//! its bound of the exact one.

use std::collections::BTreeMap;

use searchlab_toolkit::{Algorithm, Weight};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::definition::{InstanceRecord, PairSpec};
use crate::output::{Row, pair_label};

/// The one promise of the toolkit ([`searchlab_toolkit::Promise`]), which the agreement check
/// reads as [`promise`] gives it: `Optimal` (the exact answer: the optimal cost, or the game's
/// value), `Bounded(w)` (a cost at most `w` times the optimal one) or `None` (an answer,
/// reported but never called wrong: greedy, beam, MCTS).
pub use searchlab_toolkit::Promise;

/// What `algorithm` promises, from its declaration ([`searchlab_toolkit::SearchAlgorithm::promise`],
/// [`searchlab_toolkit::GameAlgorithm::promise`]). BFS, IDDFS and bidirectional BFS find the
/// fewest actions, which is the cost on unit-cost problems: `Optimal` here; on a weighted graph
/// their answer says it is not the least cost, and [`Row::exact`] keeps it out of the
/// comparison.
pub fn promise(algorithm: Algorithm) -> Promise {
    match algorithm {
        Algorithm::Search(a) => match a.promise() {
            Promise::FewestActions => Promise::Optimal,
            other => other,
        },
        // MCTS proves no value: its rows are reported, never compared.
        Algorithm::Game(a) => a.promise(),
    }
}

/// A promise as a benchmark definition records it (`"optimal"`, `{"bounded": 1.5}`, `"none"`),
/// so that shard files and fingerprints stay those of every earlier version.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Recorded {
    Optimal,
    Bounded(f64),
    None,
}

/// Writes `promise` as a definition records it (`#[serde(with = "crate::agree::recorded")]`).
pub mod recorded {
    use super::*;

    /// Serializes a promise.
    pub fn serialize<S: Serializer>(promise: &Promise, s: S) -> Result<S::Ok, S::Error> {
        match promise {
            Promise::Optimal | Promise::FewestActions => Recorded::Optimal,
            Promise::Bounded(w) => Recorded::Bounded(w.value()),
            Promise::None => Recorded::None,
        }
        .serialize(s)
    }

    /// Reads a promise back; a bound is the weight whose value it is.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Promise, D::Error> {
        Ok(match Recorded::deserialize(d)? {
            Recorded::Optimal => Promise::Optimal,
            Recorded::Bounded(v) => Promise::Bounded(weight_of(v).ok_or_else(|| {
                serde::de::Error::custom(format!("bound {v}: expected a weight >= 1"))
            })?),
            Recorded::None => Promise::None,
        })
    }

    /// The weight whose value is `v` (the smallest denominator first, so that a weight written
    /// as `4/3` reads back as 4/3), or the decimal `v` writes.
    fn weight_of(v: f64) -> Option<Weight> {
        (1..=10_000u64)
            .filter_map(|d| {
                let n = (v * d as f64).round();
                (1.0..1e15)
                    .contains(&n)
                    .then(|| Weight::new(n as u64, d).ok())
                    .flatten()
            })
            .find(|w| w.value() == v)
            .or_else(|| v.to_string().parse().ok())
    }
}

/// The promise as the report page shows it (`Optimal`, `Bounded(1.5)`, `None`).
pub fn promise_text(promise: Promise) -> String {
    match promise {
        Promise::Optimal | Promise::FewestActions => "Optimal".to_owned(),
        Promise::Bounded(w) => format!("Bounded({:?})", w.value()),
        Promise::None => "None".to_owned(),
    }
}

/// An instance on which the answers differ.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    /// `file:line`.
    pub source: String,
    /// The instance as written.
    pub instance: String,
    /// Each pair's answer (and `expected` for the answer written in the file), in order.
    pub answers: Vec<(String, String)>,
}

impl Disagreement {
    /// One line for stderr.
    pub fn message(&self) -> String {
        let answers: Vec<String> = self
            .answers
            .iter()
            .map(|(w, a)| format!("{w} {a}"))
            .collect();
        let (source, instance) = (&self.source, &self.instance);
        format!(
            "DISAGREEMENT on {source} ({instance}): {}",
            answers.join(", ")
        )
    }
}

/// Whether a bounded answer `got` is within `weight` of the exact `exact`.
fn within(got: &str, exact: &str, weight: f64) -> bool {
    match (got.parse::<f64>(), exact.parse::<f64>()) {
        (Ok(g), Ok(e)) => g <= weight * e + 1e-9 * e.abs().max(1.0),
        _ => got == exact,
    }
}

/// The instances where the answers differ, among `instances` (position among all instances
/// read, entry), with the rows of `pairs` (in pair order for each instance). Each answer is
/// judged against the file's expected answer as `solve` judges it ([`Row::agrees`], the
/// problem's own rule and precision); the answers that claim the exact answer
/// ([`Row::exact`]: not BFS's fewest arcs on a weighted graph) must be equal; a bounded
/// answer must be within its bound of the exact one.
pub fn check(
    instances: &[(usize, &InstanceRecord)],
    pairs: &[PairSpec],
    rows: &[Row],
) -> Vec<Disagreement> {
    let mut by_instance: BTreeMap<usize, Vec<&Row>> = BTreeMap::new();
    for r in rows {
        by_instance.entry(r.index).or_default().push(r);
    }
    let mut out = Vec::new();
    for &(i, item) in instances {
        let mut exact: Vec<(String, String)> = Vec::new();
        let mut bounded: Vec<(String, String, f64)> = Vec::new();
        let mut others: Vec<(String, String)> = Vec::new();
        let mut wrong = false;
        for r in by_instance.get(&i).into_iter().flatten() {
            let (Some(a), Some(pair)) = (r.answer(), pairs.get(r.pair)) else {
                continue;
            };
            wrong |= r.agrees == Some(false);
            let who = pair_label(&r.algorithm, &r.heuristic);
            match pair.promise {
                Promise::Bounded(w) => bounded.push((who, a, w.value())),
                _ if r.exact => exact.push((who, a)),
                _ if r.agrees == Some(false) => others.push((who, a)),
                _ => {}
            }
        }
        let first = exact.first().map(|a| a.1.clone());
        let exact_differ = exact.iter().any(|a| Some(&a.1) != first.as_ref());
        let bound_broken = first
            .as_ref()
            .is_some_and(|f| bounded.iter().any(|(_, a, w)| !within(a, f, *w)));
        if wrong || exact_differ || bound_broken {
            let expected = item.expected.iter().map(|e| ("expected".into(), e.clone()));
            let mut answers: Vec<(String, String)> = expected.collect();
            answers.extend(exact);
            answers.extend(bounded.into_iter().map(|(who, a, _)| (who, a)));
            answers.extend(others);
            out.push(Disagreement {
                source: item.source.clone(),
                instance: item.text.clone(),
                answers,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one `Promise` is recorded in a definition as the bench's own promise was
    /// (`"optimal"`, `{"bounded":1.5}`, `"none"`), so old shard files merge and fingerprints
    /// stay; a bound reads back as the weight it was.
    #[test]
    fn promises_are_recorded_as_before_and_read_back() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Spec {
            #[serde(with = "recorded")]
            promise: Promise,
        }
        let third = Weight::new(4, 3).unwrap();
        for (promise, json) in [
            (Promise::Optimal, r#"{"promise":"optimal"}"#),
            (Promise::None, r#"{"promise":"none"}"#),
            (
                Promise::Bounded(Weight::new(3, 2).unwrap()),
                r#"{"promise":{"bounded":1.5}}"#,
            ),
            (
                Promise::Bounded(Weight::TWO),
                r#"{"promise":{"bounded":2.0}}"#,
            ),
            (
                Promise::Bounded(third),
                r#"{"promise":{"bounded":1.3333333333333333}}"#,
            ),
        ] {
            let spec = Spec { promise };
            assert_eq!(serde_json::to_string(&spec).unwrap(), json);
            assert_eq!(serde_json::from_str::<Spec>(json).unwrap(), spec);
        }
        assert!(serde_json::from_str::<Spec>(r#"{"promise":{"bounded":0.5}}"#).is_err());
        assert_eq!(promise_text(Promise::Bounded(Weight::TWO)), "Bounded(2.0)");
        assert_eq!(promise_text(Promise::Optimal), "Optimal");
    }
}
