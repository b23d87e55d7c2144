//! Recursive best-first search (Korf 1993): best-first order in linear space.

use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, LimitKind, Limits, Outcome, SearchResult, Stats};

/// What the catalogue knows about recursive best-first search, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "rbfs",
    aliases: &[],
    summary: "recursive best-first search: optimal; memory linear in the depth",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// A child of a node on the path, with its stored value F (Korf's backed-up f).
struct Child<S, A, C> {
    big_f: C,
    /// Its place among its siblings (the problem's action order), to break ties in F.
    order: u32,
    action: A,
    state: S,
    g: C,
    h: C,
}

/// A node on the current path: its state and children, and the bound it was entered with.
struct Frame<S, A, C> {
    state: S,
    g: C,
    action: Option<A>,
    bound: C,
    /// Sorted by (F, order): the first is the best.
    children: Vec<Child<S, A, C>>,
}

/// Recursive best-first search from `start` (Korf 1993): expands nodes in best-first order
/// (like A* with an admissible heuristic, so the cost returned is optimal) while keeping only
/// the current path and the siblings of its nodes: memory linear in the depth.
///
/// Each node on the path keeps its children with their stored values F: when a subtree is
/// abandoned because its best frontier value exceeds the best alternative elsewhere, that value
/// is backed up into F, so when the search comes back it goes straight to where it was. A node
/// re-entered with F above its own f passes F down to its children (`max(F, f(child))`), as in
/// Korf's paper. Ties in F are broken by the problem's action order, so the answer is the same
/// every run; the goal test is made when a node is entered. The action undoing the previous one
/// ([`Problem::inverse`]) is skipped, and so is a state already on the path at the same g (a
/// cycle of zero-cost actions, the only cycle the bounds cannot end). The recursion is kept on
/// the heap, so deep paths cannot overflow the stack.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, an admissible estimate.
/// * `limits`: nodes (expansions), time, cancel, and `max_cost`: children whose `g + h`
///   exceeds it are never entered. Without it, RBFS on a space with no goal runs until another
///   limit stops it (it cannot tell a cycle from progress). Memory is linear: `max_memory` is
///   not consulted.
///
/// # Returns
/// The outcome and statistics: `expanded` (counted every time a node is entered and expanded,
/// re-expansions included), `generated` (the root and every child generated),
/// `max_frontier` (the deepest path).
///
/// # Complexity
/// O(b d) memory for branching factor b and solution depth d; time can exceed A*'s many times
/// over by re-expansions when f values are many and close, and equals IDA*'s last iterations'
/// order with monotone f.
///
/// # Examples
/// ```
/// use searchlab_core::{astar, rbfs, Limits, Problem};
///
/// /// Walk on a line from 0 to 7: a step costs 1, a jump of 3 costs 2, back costs 1.
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = &'static str;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
///     fn actions(&self, _: &i32, out: &mut Vec<&'static str>) {
///         out.extend(["step", "jump", "back"])
///     }
///     fn result(&self, s: &i32, a: &&'static str) -> (i32, u32) {
///         match *a { "step" => (s + 1, 1), "jump" => (s + 3, 2), _ => (s - 1, 1) }
///     }
/// }
/// let h = |s: &i32| ((7 - s).max(0) as u32 * 2) / 3;
/// let run = rbfs(&Line, &0, &h, &Limits::none());
/// assert_eq!(run.outcome.cost(), Some(5));
/// assert_eq!(run.outcome.cost(), astar(&Line, &0, &h, &Limits::none()).outcome.cost());
/// ```
///
/// # Reference
/// R. E. Korf, "Linear-space best-first search", Artificial Intelligence 62 (1993) 41-78.
pub fn rbfs<P, H>(
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
        None => rbfs_observed(problem, start, heuristic, limits, &mut NoObserver),
        Some(trace) => rbfs_observed(problem, start, heuristic, limits, &mut trace.observer()),
    }
}

/// [`rbfs()`] reporting every step to `observer` ([`crate::observe`]): entering a node below
/// the root, a [`SearchEvent::NewBound`] (iteration 0) with the limit on f of its subtree;
/// each node then as [`SearchEvent::Expand`] (exactly `stats.expanded`) or
/// [`SearchEvent::Goal`], each child as [`SearchEvent::Generate`], or [`SearchEvent::Prune`]
/// (`Bound`) when its f is over the cost limit. Answers and statistics are those of
/// [`rbfs()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn rbfs_observed<P, H, O>(
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
    let mut budget = Budget::new(limits);
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    if !problem.is_goal(start) && problem.goal_unreachable(start) {
        stats.elapsed = budget.elapsed();
        return SearchResult {
            outcome: Outcome::NoSolution,
            stats,
        };
    }
    let bound = limits.max_cost.unwrap_or(u64::MAX);
    let inf = P::Cost::INFINITY;
    let mut cut = false;
    let mut actions = Vec::new();

    let h0 = heuristic.estimate(problem, start);
    if h0.to_u64() > bound {
        if observer.active() {
            let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
            observer.event(SearchEvent::Prune(view, Prune::Bound));
        }
        stats.elapsed = budget.elapsed();
        return SearchResult {
            outcome: Outcome::Stopped(LimitKind::Cost),
            stats,
        };
    }
    let mut stack: Vec<Frame<P::State, P::Action, P::Cost>> = Vec::new();
    // The node to enter next: (state, g, h, F, action, bound).
    let mut enter = Some((start.clone(), P::Cost::ZERO, h0, h0, None, inf));
    let outcome = loop {
        if let Some((state, g, h, big_f, action, node_bound)) = enter.take() {
            let depth = stack.len() as u32;
            if observer.active() && depth > 0 {
                observer.event(SearchEvent::NewBound {
                    iteration: 0,
                    bound: node_bound,
                });
            }
            if problem.is_goal(&state) {
                if observer.active() {
                    observer.event(SearchEvent::Goal(NodeView::new(&state, g, h, depth)));
                }
                let mut path: Vec<P::Action> =
                    stack.iter().filter_map(|f| f.action.clone()).collect();
                path.extend(action);
                let cost = crate::best_first::cost_of(problem, start, &path);
                break Outcome::Solved {
                    actions: path,
                    cost,
                };
            }
            if let Some(kind) = budget.check(stats.expanded) {
                break Outcome::Stopped(kind);
            }
            stats.expanded += 1;
            if observer.active() {
                observer.event(SearchEvent::Expand(NodeView::new(&state, g, h, depth)));
            }
            let f = g.saturating_add(h);
            let back = action.as_ref().and_then(|a| problem.inverse(a));
            actions.clear();
            problem.actions(&state, &mut actions);
            let mut children = Vec::with_capacity(actions.len());
            for (order, child_action) in actions.drain(..).enumerate() {
                if back.as_ref() == Some(&child_action) {
                    continue;
                }
                let (child, step) = problem.result(&state, &child_action);
                let child_g = g.saturating_add(step);
                if step == P::Cost::ZERO
                    && (child == state
                        || stack
                            .iter()
                            .rev()
                            .take_while(|frame| frame.g == child_g)
                            .any(|frame| frame.state == child))
                {
                    continue;
                }
                stats.generated += 1;
                let child_h = heuristic.estimate_child(problem, &child, &child_action, h);
                let child_f = child_g.saturating_add(child_h);
                let over = child_f.to_u64() > bound;
                let stored = if over {
                    cut = true;
                    inf
                } else if f < big_f {
                    big_f.max(child_f)
                } else {
                    child_f
                };
                if observer.active() {
                    let view = NodeView::new(&child, child_g, child_h, depth + 1);
                    observer.event(if over {
                        SearchEvent::Prune(view, Prune::Bound)
                    } else {
                        SearchEvent::Generate(view)
                    });
                }
                children.push(Child {
                    big_f: stored,
                    order: order as u32,
                    action: child_action,
                    state: child,
                    g: child_g,
                    h: child_h,
                });
            }
            children.sort_by_key(|c| (c.big_f, c.order));
            stack.push(Frame {
                state,
                g,
                action,
                bound: node_bound,
                children,
            });
            stats.max_frontier = stats.max_frontier.max(stack.len() as u64);
        }
        let top = stack.last_mut().expect("a node was entered");
        let best = top.children.first().map_or(inf, |c| c.big_f);
        if best > top.bound || best == inf {
            // Back up the best frontier value of this subtree into its parent's record of it.
            stack.pop();
            match stack.last_mut() {
                None => {
                    break if cut {
                        Outcome::Stopped(LimitKind::Cost)
                    } else {
                        Outcome::NoSolution
                    };
                }
                Some(parent) => {
                    let mut child = parent.children.remove(0);
                    child.big_f = best;
                    let at = parent
                        .children
                        .partition_point(|c| (c.big_f, c.order) <= (child.big_f, child.order));
                    parent.children.insert(at, child);
                }
            }
            continue;
        }
        let alternative = top.children.get(1).map_or(inf, |c| c.big_f);
        let child = &top.children[0];
        enter = Some((
            child.state.clone(),
            child.g,
            child.h,
            child.big_f,
            Some(child.action.clone()),
            top.bound.min(alternative),
        ));
    };
    stats.elapsed = budget.elapsed();
    SearchResult { outcome, stats }
}
