//! Greedy best-first search.

use crate::best_first::{Policy, best_first};
use crate::problem::{Heuristic, Problem};
use crate::stats::{Limits, SearchResult};

/// What the catalogue knows about greedy best-first search, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "greedy",
    aliases: &[],
    summary: "greedy best-first: by the heuristic alone; no cost promised",
    promise: |_| crate::algorithm::Promise::None,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// Greedy best-first search from `start`: always expand the open node that LOOKS nearest the
/// goal (smallest h), ignoring the cost paid so far. Fast when the heuristic is good, with no
/// guarantee on the cost of the path it returns.
///
/// A state enters the open list once, with the first path that reaches it, and keeps that path
/// (classic GBFS: no re-opening, no path improvement). The goal test is made when a node is
/// expanded. Ties in h are broken by creation order, so the answer is the same every run. The
/// action back to a node's parent ([`Problem::inverse`]) is not tried.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, the estimate (admissibility
///   is not needed).
/// * `limits`: nodes (expansions), time, cancel, memory, and `max_cost`: nodes whose g + h
///   exceeds it are not opened.
///
/// # Returns
/// The outcome (the cost is that of the path found, usually above the optimum) and statistics:
/// `expanded`, `generated`, `max_frontier` (largest open list).
///
/// # Complexity
/// O(V log V) time and O(V) memory in the worst case; with a good heuristic it expands few
/// nodes more than the path's length.
///
/// # Examples
/// ```
/// use searchlab_core::{greedy, Limits, Problem};
///
/// /// Walk on a line from 0 to 10: a step costs 1, a jump of 5 costs 9.
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = &'static str;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 10 }
///     fn actions(&self, _: &i32, out: &mut Vec<&'static str>) { out.extend(["step", "jump"]) }
///     fn result(&self, s: &i32, a: &&'static str) -> (i32, u32) {
///         if *a == "step" { (s + 1, 1) } else { (s + 5, 9) }
///     }
/// }
/// let distance = |s: &i32| (10 - s).unsigned_abs();
/// let run = greedy(&Line, &0, &distance, &Limits::none());
/// // Jumping looks closer: greedy pays 18 where 10 steps cost 10.
/// assert_eq!(run.outcome.actions().unwrap(), &["jump", "jump"]);
/// assert_eq!(run.outcome.cost(), Some(18));
/// ```
///
/// # Reference
/// J. Doran and D. Michie, "Experiments with the Graph Traverser program", Proceedings of the
/// Royal Society A 294 (1966) 235-259; Russell and Norvig, *AIMA*, section 3.5.1.
pub fn greedy<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    best_first(problem, start, heuristic, limits, Policy::Greedy)
}

/// [`greedy()`] reporting every step to `observer` ([`crate::observe`]), with the events of
/// [`astar_observed`](crate::astar::astar_observed). Answers and statistics are those of
/// [`greedy()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn greedy_observed<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: crate::observe::SearchObserver<P::State, P::Cost> + ?Sized,
{
    crate::best_first::best_first_observed(
        problem,
        start,
        heuristic,
        limits,
        Policy::Greedy,
        observer,
    )
}
