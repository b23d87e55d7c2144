//! Depth-first branch-and-bound.

use crate::greedy::greedy_observed;
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, LimitKind, Limits, Outcome, SearchResult, Stats};

/// What the catalogue knows about depth-first branch-and-bound (its parameter: where the first bound comes from, a greedy run by default), declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration<InitialBound> =
    crate::algorithm::Declaration {
        name: "dfbnb",
        aliases: &[],
        summary: "depth-first branch-and-bound: optimal; first bound from a greedy run, or from --max-depth alone (dfbnb:max-depth or --initial-bound max-depth)",
        promise: |_| crate::algorithm::Promise::Optimal,
        needs: crate::algorithm::Needs {
            heuristic: true,
            goal_state: false,
        },
        parameter: Some(crate::algorithm::Parameter {
            flag: Some("initial-bound"),
            default: InitialBound::Greedy,
            parse: |t| match t.trim().to_ascii_lowercase().as_str() {
                "greedy" => Ok(InitialBound::Greedy),
                "max-depth" | "max-cost" => Ok(InitialBound::MaxCost),
                _ => Err(format!(
                    "initial bound '{}': expected greedy or max-depth",
                    t.trim()
                )),
            },
            show: |b| match b {
                InitialBound::Greedy => "greedy".to_owned(),
                InitialBound::MaxCost => "max-depth".to_owned(),
            },
        }),
        module: module_path!(),
    };

/// Where depth-first branch-and-bound takes its first upper bound from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InitialBound {
    /// From [`Limits::max_cost`] alone (for unit costs a depth bound: `--max-depth`): paths
    /// whose `g + h` exceeds it are cut. Without it, a space with cycles is searched until
    /// another limit stops the run.
    #[default]
    MaxCost,
    /// From a greedy best-first run ([`crate::greedy()`]) first: its path is the first
    /// incumbent, and its cost the first bound. The greedy run's work is counted in the
    /// statistics and its limits are the same.
    Greedy,
}

struct Frame<S, A, C> {
    state: S,
    g: C,
    h: C,
    action: Option<A>,
    /// This node's actions are `actions[first..end]`; the next to try is `next`.
    first: usize,
    next: usize,
}

/// Depth-first branch-and-bound from `start`: a depth-first search that remembers the best
/// path found so far (the incumbent) and cuts every node whose `f = g + h` cannot beat it. With
/// an admissible heuristic the last incumbent is optimal once the search is exhausted. Memory is
/// linear in the depth.
///
/// Children are tried in the problem's order (never reordered), the action undoing the
/// previous one ([`Problem::inverse`]) is skipped, and so is a state already on the path at the
/// same g (a zero-cost cycle, the only one a bound cannot end). A goal is recorded when
/// generated, if cheaper than the incumbent, and not expanded; nodes with `f >=` the incumbent's
/// cost are cut (only strictly better paths are sought), so among optimal paths the first in
/// depth-first order is returned, every run. The depth-first stack is kept on the heap.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, an admissible estimate.
/// * `initial`: the first bound: [`InitialBound::MaxCost`] (only `limits.max_cost`) or
///   [`InitialBound::Greedy`] (a greedy run's path and cost, then `limits.max_cost` too).
/// * `limits`: nodes (expansions, the greedy run's included), time, cancel, and `max_cost`:
///   nodes whose `g + h` exceeds it are cut. Memory is linear (the greedy run, which grows
///   tables, checks `max_memory`).
///
/// # Returns
/// The outcome and statistics: `expanded`, `generated` (the root and every child within the
/// bounds), `max_frontier` (the deepest path, or the greedy run's largest open list),
/// `iterations`: one entry per improvement of the incumbent (its cost as `bound`, with the
/// expanded and generated counts when it was found). `Stopped(Cost)` when nothing within
/// `max_cost` was found but something was cut by it; `NoSolution` when the space was
/// exhausted without a goal.
///
/// # Complexity
/// O(b d) memory; time depends on how soon a good incumbent is found: from the nodes with f
/// below the optimum (a perfect first bound) up to every path within the first bound.
///
/// # Examples
/// ```
/// use searchlab_core::{dfbnb, InitialBound, Limits, Problem};
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
/// let zero = |_: &[u8; 3]| 0;
/// let run = dfbnb(&Sort3, &[3, 2, 1], &zero, InitialBound::MaxCost, &Limits::none().with_max_cost(6));
/// assert_eq!(run.outcome.cost(), Some(3));
/// let seeded = dfbnb(&Sort3, &[3, 2, 1], &zero, InitialBound::Greedy, &Limits::none());
/// assert_eq!(seeded.outcome.cost(), Some(3));
/// ```
///
/// # Reference
/// E. L. Lawler and D. E. Wood, "Branch-and-bound methods: a survey", Operations Research 14
/// (1966) 699-719; W. Zhang and R. E. Korf, "Performance of linear-space search algorithms",
/// Artificial Intelligence 79 (1995) 241-292.
pub fn dfbnb<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    initial: InitialBound,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    match &limits.trace {
        None => dfbnb_observed(problem, start, heuristic, initial, limits, &mut NoObserver),
        Some(trace) => dfbnb_observed(
            problem,
            start,
            heuristic,
            initial,
            limits,
            &mut trace.observer(),
        ),
    }
}

/// [`dfbnb()`] reporting every step to `observer` ([`crate::observe`]): the greedy run that
/// gives the first bound (its own events), a [`SearchEvent::NewBound`] per incumbent (the
/// bounds of `stats.iterations`), each node expanded ([`SearchEvent::Expand`]), each child
/// kept ([`SearchEvent::Generate`], then [`SearchEvent::Goal`] if it is one) or cut by the
/// cost limit or the incumbent ([`SearchEvent::Prune`], `Bound`). Answers and statistics are
/// those of [`dfbnb()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn dfbnb_observed<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    initial: InitialBound,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let mut budget = Budget::new(limits);
    let mut stats = Stats::default();
    let bound = limits.max_cost.unwrap_or(u64::MAX);
    let finish = |outcome, mut stats: Stats, budget: &Budget| {
        stats.elapsed = budget.elapsed();
        SearchResult { outcome, stats }
    };
    // The incumbent: its cost and actions.
    let mut best: Option<(P::Cost, Vec<P::Action>)> = None;
    let mut cut = false;
    if !problem.is_goal(start) && problem.goal_unreachable(start) {
        return finish(Outcome::NoSolution, stats, &budget);
    }
    if initial == InitialBound::Greedy {
        let seed = greedy_observed(problem, start, heuristic, limits, observer);
        stats.expanded += seed.stats.expanded;
        stats.generated += seed.stats.generated;
        stats.max_frontier = seed.stats.max_frontier;
        match seed.outcome {
            Outcome::Solved { actions, cost } => {
                if observer.active() {
                    observer.event(SearchEvent::NewBound {
                        iteration: 1,
                        bound: cost,
                    });
                }
                stats.iterations.push(crate::stats::Iteration {
                    bound: crate::stats::Iteration::bound_of(cost.to_u64()),
                    expanded: stats.expanded,
                    generated: stats.generated,
                });
                best = Some((cost, actions));
            }
            Outcome::NoSolution => return finish(Outcome::NoSolution, stats, &budget),
            Outcome::Stopped(LimitKind::Cost) => cut = true,
            Outcome::Stopped(kind) => return finish(Outcome::Stopped(kind), stats, &budget),
        }
    }
    stats.generated += 1;
    let h0 = heuristic.estimate(problem, start);
    if problem.is_goal(start) {
        if observer.active() {
            let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
            observer.event(SearchEvent::Goal(view));
        }
        return finish(
            Outcome::Solved {
                actions: Vec::new(),
                cost: P::Cost::ZERO,
            },
            stats,
            &budget,
        );
    }
    let beats = |f: P::Cost, best: &Option<(P::Cost, Vec<P::Action>)>| {
        best.as_ref().is_none_or(|(cost, _)| f < *cost)
    };
    let mut actions: Vec<P::Action> = Vec::new();
    let mut stack: Vec<Frame<P::State, P::Action, P::Cost>> = Vec::new();
    if h0.to_u64() > bound || !beats(h0, &best) {
        cut |= h0.to_u64() > bound;
        if observer.active() {
            let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
            observer.event(SearchEvent::Prune(view, Prune::Bound));
        }
    } else {
        if let Some(kind) = budget.check(stats.expanded) {
            return finish(Outcome::Stopped(kind), stats, &budget);
        }
        stats.expanded += 1;
        if observer.active() {
            let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
            observer.event(SearchEvent::Expand(view));
        }
        problem.actions(start, &mut actions);
        stack.push(Frame {
            state: start.clone(),
            g: P::Cost::ZERO,
            h: h0,
            action: None,
            first: 0,
            next: 0,
        });
        stats.max_frontier = stats.max_frontier.max(1);
    }
    while let Some(top) = stack.last_mut() {
        // The top frame's actions run to the end of the shared stack (its children's were
        // truncated when they were left).
        if top.next >= actions.len() {
            actions.truncate(top.first);
            stack.pop();
            continue;
        }
        let action = actions[top.next].clone();
        top.next += 1;
        let (g, h) = (top.g, top.h);
        if let Some(last) = &top.action
            && problem.inverse(last).as_ref() == Some(&action)
        {
            continue;
        }
        let (child, step) = problem.result(&top.state, &action);
        let child_g = g.saturating_add(step);
        let child_h = heuristic.estimate_child(problem, &child, &action, h);
        let f = child_g.saturating_add(child_h);
        let depth = stack.len() as u32;
        if f.to_u64() > bound || !beats(f, &best) {
            cut |= f.to_u64() > bound;
            if observer.active() {
                let view = NodeView::new(&child, child_g, child_h, depth);
                observer.event(SearchEvent::Prune(view, Prune::Bound));
            }
            continue;
        }
        if step == P::Cost::ZERO
            && stack
                .iter()
                .rev()
                .take_while(|frame| frame.g == child_g)
                .any(|frame| frame.state == child)
        {
            continue;
        }
        stats.generated += 1;
        if observer.active() {
            let view = NodeView::new(&child, child_g, child_h, depth);
            observer.event(SearchEvent::Generate(view));
        }
        if problem.is_goal(&child) {
            if observer.active() {
                let view = NodeView::new(&child, child_g, child_h, depth);
                observer.event(SearchEvent::Goal(view));
            }
            let mut path: Vec<P::Action> = stack.iter().filter_map(|f| f.action.clone()).collect();
            path.push(action);
            let cost = crate::best_first::cost_of(problem, start, &path);
            if observer.active() {
                observer.event(SearchEvent::NewBound {
                    iteration: stats.iterations.len() as u32 + 1,
                    bound: cost,
                });
            }
            stats.iterations.push(crate::stats::Iteration {
                bound: crate::stats::Iteration::bound_of(cost.to_u64()),
                expanded: stats.expanded,
                generated: stats.generated,
            });
            best = Some((cost, path));
            continue;
        }
        if let Some(kind) = budget.check(stats.expanded) {
            return finish(Outcome::Stopped(kind), stats, &budget);
        }
        stats.expanded += 1;
        if observer.active() {
            let view = NodeView::new(&child, child_g, child_h, depth);
            observer.event(SearchEvent::Expand(view));
        }
        let first = actions.len();
        problem.actions(&child, &mut actions);
        stack.push(Frame {
            state: child,
            g: child_g,
            h: child_h,
            action: Some(action),
            first,
            next: first,
        });
        stats.max_frontier = stats.max_frontier.max(stack.len() as u64);
    }
    let outcome = match best {
        Some((cost, actions)) => Outcome::Solved { actions, cost },
        None if cut => Outcome::Stopped(LimitKind::Cost),
        None => Outcome::NoSolution,
    };
    finish(outcome, stats, &budget)
}
