//! IDA*: iterative deepening on f = g + h.
//!
//! The driver here also runs iterative deepening DFS ([`crate::iddfs()`]), the same search
//! bounded by depth with a zero heuristic; the depth-first search of one iteration is the
//! engine shared with [`crate::par_idastar()`] (`par_idastar/engine.rs`).

use crate::observe::{NoObserver, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, Iteration, LimitKind, Limits, Outcome, SearchResult, Stats};

/// What the catalogue knows about IDA*, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "idastar",
    aliases: &[],
    summary: "IDA*: optimal; memory linear in the depth",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// IDA* from `start` with `heuristic`: an optimal path whenever the heuristic is admissible,
/// in memory linear in the solution depth.
///
/// Each iteration is a depth-first search that cuts every node whose `f = g + h` exceeds the
/// bound; the next bound is the smallest f that was cut. Actions are tried in the problem's
/// order, siblings are never reordered, and the action that undoes the previous one
/// ([`Problem::inverse`]) is skipped. So the first goal found in the last iteration is the
/// lexicographically smallest (in action order) of the optimal paths without immediate
/// reversals, every run. When the problem works in place ([`Problem::IN_PLACE`]) one state is
/// modified and restored; otherwise states are cloned per node.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, the estimate.
/// * `limits`: nodes (expansions, summed over iterations), time, and `max_cost`: no iteration
///   with a bound above it is started.
///
/// # Returns
/// The outcome and statistics: `expanded`, `generated`, `max_frontier` (deepest path),
/// `iterations` (each bound with its counts).
///
/// Counting convention (Korf 1985's, so that his published node counts are reproduced
/// exactly on the 15-puzzle): a node is generated when it is created as a child, after
/// parent pruning, whether it is then cut by the bound or searched; the root is counted once
/// per run (in the first iteration's figures), not once per iteration; the last iteration stops
/// as soon as the goal is reached, so its siblings still to be tried are not generated.
/// A node is expanded when its children are generated (a goal never is).
///
/// # Complexity
/// Time grows with the number of nodes with f below the optimal cost times the number of
/// iterations (few, with integer costs and a good heuristic); memory O(depth).
///
/// # Examples
/// ```
/// use searchlab_core::{idastar, Limits, Problem};
///
/// /// Sort three numbers by swapping neighbours; the action is the left index of the swap.
/// struct Sort3;
/// impl Problem for Sort3 {
///     type State = [u8; 3];
///     type Action = usize;
///     type Cost = u32;
///     fn is_goal(&self, s: &[u8; 3]) -> bool { s[0] <= s[1] && s[1] <= s[2] }
///     fn actions(&self, _: &[u8; 3], out: &mut Vec<usize>) { out.extend([0, 1]) }
///     fn result(&self, s: &[u8; 3], a: &usize) -> ([u8; 3], u32) {
///         let mut t = *s;
///         t.swap(*a, *a + 1);
///         (t, 1)
///     }
///     fn inverse(&self, a: &usize) -> Option<usize> { Some(*a) }
/// }
/// // Admissible: each swap fixes at most one inversion.
/// let inversions = |s: &[u8; 3]| {
///     (0..3).flat_map(|i| (i + 1..3).map(move |j| (i, j))).filter(|&(i, j)| s[i] > s[j]).count() as u32
/// };
/// let run = idastar(&Sort3, &[3, 2, 1], &inversions, &Limits::none());
/// assert_eq!(run.outcome.actions().unwrap(), &[0, 1, 0]);
/// assert_eq!(run.stats.iterations.len(), 1); // the heuristic is exact here
/// ```
pub fn idastar<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    match &limits.trace {
        None => idastar_observed(problem, start, heuristic, limits, &mut NoObserver),
        Some(trace) => idastar_observed(problem, start, heuristic, limits, &mut trace.observer()),
    }
}

/// [`idastar()`] reporting every step to `observer` ([`crate::observe`]): one
/// [`SearchEvent::NewBound`] per iteration (the bounds of `stats.iterations`), then each
/// node searched as [`SearchEvent::Expand`] (or [`SearchEvent::Goal`]) and each generated
/// child as [`SearchEvent::Generate`] or, when its f is over the bound,
/// [`SearchEvent::Prune`] with [`Prune::Bound`](crate::observe::Prune::Bound). Answers and statistics are those of
/// [`idastar()`].
///
/// # Examples
/// ```
/// use searchlab_core::idastar::idastar_observed;
/// use searchlab_core::observe::{SearchEvent, SearchObserver};
/// use searchlab_core::{Limits, Problem};
///
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, -1]) }
///     fn result(&self, s: &i32, a: &i32) -> (i32, u32) { (s + a, 1) }
/// }
/// struct Bounds(Vec<u32>);
/// impl SearchObserver<i32, u32> for Bounds {
///     fn event(&mut self, e: SearchEvent<'_, i32, u32>) {
///         if let SearchEvent::NewBound { bound, .. } = e { self.0.push(bound) }
///     }
/// }
/// let mut bounds = Bounds(Vec::new());
/// let run = idastar_observed(&Line, &0, &|_: &i32| 0, &Limits::none(), &mut bounds);
/// assert_eq!(bounds.0, [0, 1, 2, 3]);
/// assert_eq!(run.stats.iterations.iter().map(|i| i.bound as u32).collect::<Vec<_>>(), bounds.0);
/// ```
pub fn idastar_observed<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    iterative_deepening(problem, start, heuristic, limits, Bound::Cost, observer)
}

pub(crate) use crate::par_idastar::engine::Bound;
use crate::par_idastar::engine::{BudgetControl, Engine, Step};

/// Iterative deepening on f (IDA*) or on depth (IDDFS, with [`Zero`](crate::Zero)): one
/// [`Engine`] search per bound, the next bound the smallest level cut.
pub(crate) fn iterative_deepening<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    bound_kind: Bound,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let h0 = match bound_kind {
        Bound::Cost => heuristic.estimate(problem, start),
        Bound::Depth => P::Cost::ZERO,
    };
    let max_bound = limits.max_cost.unwrap_or(u64::MAX);
    // Exact for non-integer costs too: `to_u64` rounds them up.
    let beyond_limit = |level: &(u64, P::Cost)| match bound_kind {
        Bound::Cost => level.1.to_u64() > max_bound,
        Bound::Depth => level.0 > max_bound,
    };
    let control = BudgetControl(Budget::new(limits));
    if !problem.is_goal(start) && problem.goal_unreachable(start) {
        let stats = Stats {
            elapsed: control.0.elapsed(),
            ..Stats::default()
        };
        return SearchResult {
            outcome: Outcome::NoSolution,
            stats,
        };
    }
    let mut engine = Engine::new(problem, heuristic, control, observer, bound_kind, (0, h0));
    let mut stats = Stats::default();
    let mut state = start.clone();
    let outcome = loop {
        if beyond_limit(&engine.bound) {
            break Outcome::Stopped(LimitKind::Cost);
        }
        let mut iteration = Iteration {
            bound: match bound_kind {
                Bound::Cost => Iteration::bound_of(engine.bound.1.to_u64()),
                Bound::Depth => Iteration::bound_of(engine.bound.0),
            },
            ..Iteration::default()
        };
        if stats.iterations.is_empty() {
            // The root is generated once per run (see the counting convention above).
            iteration.generated += 1;
        }
        if engine.observer.active() {
            let bound = match bound_kind {
                Bound::Cost => engine.bound.1,
                Bound::Depth => P::Cost::from_u64(engine.bound.0),
            };
            engine.observer.event(SearchEvent::NewBound {
                iteration: stats.iterations.len() as u32 + 1,
                bound,
            });
        }
        // The engine counts over the whole run (the budget's node limit is on the run).
        let (expanded, generated) = (engine.expanded, engine.generated);
        // The root's f is h0, within every bound tried.
        let step = engine.visit(&mut state, P::Cost::ZERO, h0, None);
        iteration.expanded = engine.expanded - expanded;
        iteration.generated += engine.generated - generated;
        stats.expanded += iteration.expanded;
        stats.generated += iteration.generated;
        stats.iterations.push(iteration);
        match step {
            Step::Found => {
                let actions = std::mem::take(&mut engine.path);
                let cost = crate::problem::replay(problem, start, &actions)
                    .expect("IDA* paths are made of legal actions")
                    .1;
                break Outcome::Solved { actions, cost };
            }
            Step::Stopped(kind) => break Outcome::Stopped(kind),
            // The budget never gives up a search; were it to, the run was stopped.
            Step::Abandoned => break Outcome::Stopped(LimitKind::Cancelled),
            Step::Next(None) => break Outcome::NoSolution,
            Step::Next(Some(next)) => engine.bound = next,
        }
    };
    stats.max_frontier = engine.max_frontier;
    stats.elapsed = engine.control.0.elapsed();
    SearchResult { outcome, stats }
}
