//! The (algorithm, heuristic) pairs of a bench, read from their names and checked against the
//! problem's [`Description`]: an algorithm may carry problem options after `+`
//! (`alphabeta+no-table`, `astar+goal=blank-last`), so one run can compare the variants a
//! description offers as options.

use searchlab_toolkit::{Algorithm, Description, GameAlgorithm, Options};

use crate::BenchError;
use crate::agree::{Promise, promise};
use crate::definition::PairSpec;

/// One (algorithm, heuristic) pair, with the problem options its runs use.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The catalogue algorithm.
    pub algorithm: Algorithm,
    /// Its name as given, with its options (`alphabeta+no-table`).
    pub name: String,
    /// The heuristic, `none` when the algorithm takes none.
    pub heuristic: String,
    /// The heuristic the problem is given: the default one when the pair takes none.
    pub given: String,
    /// The problem's options for this pair: defaults, `--opt`, then the `+` ones.
    pub options: Options,
    /// The option values of [`options`](Pair::options), by the problem's option order (for
    /// the definition's fingerprint).
    pub option_values: Vec<(String, String)>,
}

impl Pair {
    /// What the pair's answers promise, for the agreement check.
    pub fn promise(&self) -> Promise {
        promise(self.algorithm)
    }

    /// The pair as a benchmark definition records it.
    pub fn spec(&self) -> PairSpec {
        PairSpec {
            algorithm: self.name.clone(),
            heuristic: self.heuristic.clone(),
            promise: self.promise(),
            options: self.option_values.clone(),
        }
    }
}

/// Sets `NAME=VALUE` or the flag `NAME` in `options`, checked against the problem's options.
fn set_option<D: Description>(options: &mut Options, text: &str) -> Result<(), BenchError> {
    searchlab_toolkit::describe::set_option(D::NAME, D::options(), options, text)
        .map_err(BenchError::BadInput)
}

/// The problem's options before the pairs' own: its defaults, then `opts` (`NAME=VALUE`, or
/// `NAME` for a flag), each checked against [`Description::options`].
pub fn base_options<D: Description>(opts: &[String]) -> Result<Options, BenchError> {
    let mut options = Options::new();
    for o in D::options() {
        if let Some(d) = o.default {
            options.set(o.name, d);
        }
    }
    for text in opts {
        set_option::<D>(&mut options, text)?;
    }
    Ok(options)
}

/// `name (summary), ...` for error messages.
fn listed<'a>(names: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    names
        .map(|(n, s)| format!("{n} ({s})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The algorithms named (the default algorithm when none), with their options.
fn algorithms<D: Description>(
    names: &[String],
    opts: &[String],
) -> Result<Vec<(Algorithm, String, Options)>, BenchError> {
    let base = base_options::<D>(opts)?;
    let names = if names.is_empty() {
        D::bench_algorithms()
            .iter()
            .map(|a| a.name().to_owned())
            .collect::<Vec<String>>()
    } else {
        names.iter().map(|a| a.trim().to_owned()).collect()
    };
    let mut out = Vec::new();
    for name in names {
        // An old suite's name (`alphabeta-notable`) runs what it stands for, under its name.
        let expanded = searchlab_toolkit::describe::expand_alias(D::algorithm_aliases(), &name);
        let mut parts = expanded.split('+');
        let base_name = parts.next().unwrap_or_default();
        // With its catalogue parameters (`mcts:playouts=500`, `wastar:1.5`), checked as
        // `solve --algo` checks it (one short message, with "did you mean").
        let algorithm = D::choose_algorithm(base_name).map_err(BenchError::BadInput)?;
        let mut options = base.clone();
        for option in parts {
            set_option::<D>(&mut options, option)?;
        }
        out.push((algorithm, name, options));
    }
    Ok(out)
}

/// The (algorithm, heuristic) pairs of `algorithms` x `heuristics` (the problem's defaults
/// when empty) under the problem options `opts`, checked against the description's names.
///
/// An algorithm that takes no heuristic makes one pair (heuristic `none`), and so does
/// minimax, which visits every move whatever their order; a pair named twice runs once.
pub fn pairs<D: Description>(
    algorithms_named: &[String],
    heuristics_named: &[String],
    opts: &[String],
) -> Result<Vec<Pair>, BenchError> {
    let known = D::heuristics();
    // (label, heuristic, its problem options): an old name (`pdb663-reflect`) is a heuristic
    // with options (`pdb663+reflect`), labelled as the old benchmark labelled it.
    let mut heuristics: Vec<(String, &'static str, Vec<&str>)> = Vec::new();
    if heuristics_named.is_empty() {
        let h = D::default_heuristic();
        heuristics.push((h.to_owned(), h, Vec::new()));
    }
    let aliases = D::heuristic_aliases();
    for name in heuristics_named {
        let name = name.trim();
        let expanded = aliases.iter().find(|a| a.0 == name).map_or(name, |a| a.1);
        let mut parts = expanded.split('+');
        let base = parts.next().unwrap_or_default();
        let Some(h) = known.iter().find(|h| h.0 == base) else {
            return Err(BenchError::BadInput(format!(
                "unknown heuristic '{name}' for {}: valid heuristics are {}",
                D::NAME,
                listed(known.iter().copied())
            )));
        };
        heuristics.push((name.to_owned(), h.0, parts.collect()));
    }
    let mut pairs: Vec<Pair> = Vec::new();
    for (algorithm, name, options) in algorithms::<D>(algorithms_named, opts)? {
        let uses =
            algorithm.uses_heuristic() && algorithm != Algorithm::Game(GameAlgorithm::Minimax);
        let hs = if uses {
            heuristics.clone()
        } else {
            vec![("none".to_owned(), D::default_heuristic(), Vec::new())]
        };
        for (heuristic, given, heuristic_options) in hs {
            let mut options = options.clone();
            for option in heuristic_options {
                set_option::<D>(&mut options, option)?;
            }
            let option_values = D::options()
                .iter()
                .filter_map(|o| {
                    options
                        .get(o.name)
                        .map(|v| (o.name.to_owned(), v.to_owned()))
                })
                .collect();
            let pair = Pair {
                algorithm,
                name: name.clone(),
                heuristic: heuristic.clone(),
                given: given.to_owned(),
                options,
                option_values,
            };
            if !pairs
                .iter()
                .any(|p| p.name == pair.name && p.heuristic == heuristic)
            {
                pairs.push(pair);
            }
        }
    }
    Ok(pairs)
}
