//! Iterative deepening depth-first search.

use crate::idastar::{Bound, iterative_deepening};
use crate::observe::{NoObserver, SearchObserver};
use crate::problem::{Problem, Zero};
use crate::stats::{Limits, SearchResult};

/// What the catalogue knows about iterative deepening DFS, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "iddfs",
    aliases: &[],
    summary: "iterative deepening DFS: fewest actions, no heuristic",
    promise: |_| crate::algorithm::Promise::FewestActions,
    needs: crate::algorithm::Needs {
        heuristic: false,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// Iterative deepening DFS from `start`: depth-first searches with depth limits 0, 1, 2, ...
/// until a goal is found; the path with the FEWEST actions, in memory linear in its length.
///
/// It is the IDA* engine bounded by depth with no heuristic: actions in the problem's order,
/// immediate reversals ([`Problem::inverse`]) skipped, so the answer is the lexicographically
/// smallest shortest path. The search reports [`crate::Outcome::NoSolution`] only when an
/// iteration cut nothing (a finite tree was exhausted).
///
/// # Arguments
/// * `limits`: nodes, time, and `max_cost` read as the largest depth to try.
///
/// # Returns
/// The outcome (the cost is the path's total cost) and statistics with one
/// [`crate::Iteration`] per depth.
///
/// # Complexity
/// O(b^d) time for branching factor b and solution depth d; O(d) memory.
///
/// # Examples
/// ```
/// use searchlab_core::{iddfs, Limits, LimitKind, Outcome, Problem};
///
/// /// Binary strings: append 0 or 1; the goal is "101".
/// struct Bits;
/// impl Problem for Bits {
///     type State = String;
///     type Action = char;
///     type Cost = u32;
///     fn is_goal(&self, s: &String) -> bool { s == "101" }
///     fn actions(&self, _: &String, out: &mut Vec<char>) { out.extend(['0', '1']) }
///     fn result(&self, s: &String, a: &char) -> (String, u32) { (format!("{s}{a}"), 1) }
/// }
/// let run = iddfs(&Bits, &String::new(), &Limits::none());
/// assert_eq!(run.outcome.actions().unwrap(), &['1', '0', '1']);
/// assert_eq!(run.stats.iterations.len(), 4); // depths 0, 1, 2, 3
///
/// let capped = iddfs(&Bits, &String::new(), &Limits::none().with_max_cost(2));
/// assert_eq!(capped.outcome, Outcome::Stopped(LimitKind::Cost));
/// ```
pub fn iddfs<P: Problem + ?Sized>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost> {
    match &limits.trace {
        None => iddfs_observed(problem, start, limits, &mut NoObserver),
        Some(trace) => iddfs_observed(problem, start, limits, &mut trace.observer()),
    }
}

/// [`iddfs()`] reporting every step to `observer`, as
/// [`idastar_observed`](crate::idastar::idastar_observed) does (the bound of each
/// [`crate::SearchEvent::NewBound`] is a depth; h is zero). Answers and statistics are those
/// of [`iddfs()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn iddfs_observed<P, O>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    iterative_deepening(problem, start, &Zero, limits, Bound::Depth, observer)
}
