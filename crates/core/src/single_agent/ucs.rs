//! Uniform-cost search (Dijkstra's algorithm, stopped at the goal).

use crate::best_first::{Policy, best_first};
use crate::problem::{Problem, Zero};
use crate::stats::{Limits, SearchResult};

/// What the catalogue knows about uniform-cost search, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "ucs",
    aliases: &[],
    summary: "uniform-cost search (Dijkstra): optimal, no heuristic",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: false,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// Uniform-cost search from `start`: Dijkstra's algorithm, stopped when the goal is SETTLED,
/// so the cost returned is optimal for any non-negative action costs.
///
/// Nodes are settled (expanded) in order of their path cost g; a node's g is final when it is
/// taken from the open list, which is why the goal test is made then and not when the goal is
/// first generated (a later, cheaper path may still reach it). Nodes reached again by a cheaper
/// path while open get the new path (the stale entry is skipped: lazy deletion instead of
/// decrease-key); settled nodes are never re-opened, since with non-negative costs no cheaper
/// path can come later. Ties in g are broken by creation order (first generated, first settled),
/// so the answer is the same every run. No heuristic is called: this is not A* with a zero
/// heuristic under another name (A* also breaks ties on g, and pays for the estimate).
///
/// The states are kept in a dense table when the problem has a perfect rank
/// ([`Problem::rank`]), a hash map otherwise; the open list is a bucket queue on g while costs
/// are small integers (the new nodes in FIFO lists, so in creation order), a binary heap
/// otherwise, so costs need not be small integers. The action back to a node's parent
/// ([`Problem::inverse`]) is not tried.
///
/// # Arguments
/// * `problem`, `start`: the rules and the start state.
/// * `limits`: nodes (expansions), time, cancel, memory (the node table, the index and the
///   open list, estimated), and `max_cost`: paths costing more are not followed.
///
/// # Returns
/// The outcome and statistics: `expanded` (nodes settled, the goal excluded), `generated` (the
/// root and every new or improved node), `max_frontier` (largest number of open nodes).
///
/// # Complexity
/// O((V + E) log V) time (O(V + E + C) with a bucket queue over integer costs up to C) and O(V)
/// memory over the states cheaper than the goal (Dijkstra 1959; Dial 1969 for the buckets).
///
/// # Examples
/// ```
/// use searchlab_core::{ucs, Limits, Problem};
///
/// /// A road map: 0 -> 1 costs 4, 0 -> 2 costs 1, 2 -> 1 costs 2, 1 -> 3 costs 1.
/// struct Roads;
/// impl Problem for Roads {
///     type State = usize;
///     type Action = usize; // the road's destination
///     type Cost = u32;
///     fn is_goal(&self, s: &usize) -> bool { *s == 3 }
///     fn actions(&self, s: &usize, out: &mut Vec<usize>) {
///         out.extend(match s { 0 => &[1, 2][..], 2 => &[1][..], 1 => &[3][..], _ => &[][..] })
///     }
///     fn result(&self, s: &usize, to: &usize) -> (usize, u32) {
///         (*to, match (s, to) { (0, 1) => 4, (0, 2) => 1, (2, 1) => 2, _ => 1 })
///     }
/// }
/// let run = ucs(&Roads, &0, &Limits::none());
/// assert_eq!(run.outcome.cost(), Some(4));
/// assert_eq!(run.outcome.actions().unwrap(), &[2, 1, 3]);
/// ```
///
/// # Reference
/// E. W. Dijkstra, "A note on two problems in connexion with graphs", Numerische Mathematik 1
/// (1959) 269-271; the "uniform-cost search" form with a goal test at expansion is that of
/// Russell and Norvig, *Artificial Intelligence: A Modern Approach*, section 3.4.2.
pub fn ucs<P: Problem + ?Sized>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost> {
    best_first(problem, start, &Zero, limits, Policy::Uniform)
}

/// [`ucs()`] reporting every step to `observer` ([`crate::observe`]), with the events of
/// [`astar_observed`](crate::astar::astar_observed) (h is zero). Answers and statistics are
/// those of [`ucs()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn ucs_observed<P, O>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    O: crate::observe::SearchObserver<P::State, P::Cost> + ?Sized,
{
    crate::best_first::best_first_observed(problem, start, &Zero, limits, Policy::Uniform, observer)
}
