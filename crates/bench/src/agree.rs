//! The agreement check: on each instance, the answers of exact algorithms (and the expected
//! answer written in the file) must be equal, and a bounded algorithm's answer must be within
//! its bound of the exact one.

use std::collections::BTreeMap;

use searchlab_toolkit::{Algorithm, Promise as CataloguePromise};
use serde::{Deserialize, Serialize};

use crate::definition::{InstanceRecord, PairSpec};
use crate::output::{Row, pair_label};

/// What an algorithm promises about its answer, as the agreement check reads it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Promise {
    /// The exact answer: the optimal cost, or the game's value.
    Optimal,
    /// A cost at most `weight` times the optimal one.
    Bounded(f64),
    /// Nothing: an answer, reported but never called wrong (greedy, beam).
    None,
}

/// What `algorithm` promises, from the catalogue
/// ([`searchlab_toolkit::SearchAlgorithm::promise`]). BFS, IDDFS and bidirectional BFS find the
/// fewest actions, which is the cost on unit-cost problems; on a weighted graph their answer
/// says it is not the least cost, and [`Row::exact`] keeps it out of the comparison.
pub fn promise(algorithm: Algorithm) -> Promise {
    match algorithm {
        Algorithm::Search(a) => match a.promise() {
            CataloguePromise::Optimal | CataloguePromise::FewestActions => Promise::Optimal,
            CataloguePromise::Bounded(w) => Promise::Bounded(w.value()),
            CataloguePromise::None => Promise::None,
        },
        // MCTS proves no value: its rows are reported, never compared.
        Algorithm::Game(a) => [Promise::None, Promise::Optimal][usize::from(a.proves_value())],
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
                Promise::Bounded(w) => bounded.push((who, a, w)),
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
