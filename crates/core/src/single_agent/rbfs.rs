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
    let mut search = Search {
        problem,
        start,
        heuristic,
        observer,
        budget: Budget::new(limits),
        bound: limits.max_cost.unwrap_or(u64::MAX),
        stats: Stats {
            generated: 1,
            ..Stats::default()
        },
        cut: false,
        actions: Vec::new(),
        stack: Vec::new(),
    };
    if !problem.is_goal(start) && problem.goal_unreachable(start) {
        return search.finish(Outcome::NoSolution);
    }
    let h0 = heuristic.estimate(problem, start);
    if h0.to_u64() > search.bound {
        if search.observer.active() {
            let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
            search
                .observer
                .event(SearchEvent::Prune(view, Prune::Bound));
        }
        return search.finish(Outcome::Stopped(LimitKind::Cost));
    }
    let inf = P::Cost::INFINITY;
    let mut enter = Some(Enter {
        state: start.clone(),
        g: P::Cost::ZERO,
        h: h0,
        big_f: h0,
        action: None,
        bound: inf,
    });
    let outcome = loop {
        if let Some(node) = enter.take()
            && let Err(outcome) = search.enter(node)
        {
            break outcome;
        }
        match search.next() {
            Ok(next) => enter = next,
            Err(outcome) => break outcome,
        }
    };
    search.finish(outcome)
}

/// A node to enter: its state, g, h, stored value F, the action to it, and the bound on f of
/// its subtree.
struct Enter<S, A, C> {
    state: S,
    g: C,
    h: C,
    big_f: C,
    action: Option<A>,
    bound: C,
}

/// A node of `P` to enter.
type EnterOf<P> = Enter<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// An outcome of a search on `P`.
type OutcomeOf<P> = Outcome<<P as Problem>::Action, <P as Problem>::Cost>;

/// One run: the rules, the path and the counts its steps share.
struct Search<'a, P, H, O>
where
    P: Problem + ?Sized,
    H: ?Sized,
    O: ?Sized,
{
    problem: &'a P,
    start: &'a P::State,
    heuristic: &'a H,
    observer: &'a mut O,
    budget: Budget,
    /// [`Limits::max_cost`], `u64::MAX` without one.
    bound: u64,
    stats: Stats,
    /// Whether a node was cut by the cost bound.
    cut: bool,
    /// The actions of the node expanded (a buffer kept between expansions).
    actions: Vec<P::Action>,
    /// The path, the root first.
    stack: Vec<Frame<P::State, P::Action, P::Cost>>,
}

impl<P, H, O> Search<'_, P, H, O>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    /// Ends the run with `outcome`.
    fn finish(self, outcome: Outcome<P::Action, P::Cost>) -> SearchResult<P::Action, P::Cost> {
        self.budget.answer(outcome, self.stats)
    }

    /// Enters `node`: goal-tested, then expanded, its frame on the path; `Err` with the
    /// outcome when it is a goal or a limit stops the run.
    fn enter(&mut self, node: EnterOf<P>) -> Result<(), Outcome<P::Action, P::Cost>> {
        let Enter {
            state,
            g,
            h,
            big_f,
            action,
            bound,
        } = node;
        let depth = self.stack.len() as u32;
        if self.observer.active() && depth > 0 {
            self.observer.event(SearchEvent::NewBound {
                iteration: 0,
                bound,
            });
        }
        if self.problem.is_goal(&state) {
            if self.observer.active() {
                self.observer
                    .event(SearchEvent::Goal(NodeView::new(&state, g, h, depth)));
            }
            let mut path: Vec<P::Action> =
                self.stack.iter().filter_map(|f| f.action.clone()).collect();
            path.extend(action);
            let cost = crate::best_first::cost_of(self.problem, self.start, &path);
            return Err(Outcome::Solved {
                actions: path,
                cost,
            });
        }
        if let Some(kind) = self.budget.check(self.stats.expanded) {
            return Err(Outcome::Stopped(kind));
        }
        self.stats.expanded += 1;
        if self.observer.active() {
            self.observer
                .event(SearchEvent::Expand(NodeView::new(&state, g, h, depth)));
        }
        let children = self.children(&state, (g, h, big_f), action.as_ref());
        self.stack.push(Frame {
            state,
            g,
            action,
            bound,
            children,
        });
        self.stats.max_frontier = self.stats.max_frontier.max(self.stack.len() as u64);
        Ok(())
    }

    /// The children of `state` (of `g`, `h` and stored value `big_f`, reached by `action`)
    /// with their stored values, sorted by (F, order).
    #[inline]
    fn children(
        &mut self,
        state: &P::State,
        (g, h, big_f): (P::Cost, P::Cost, P::Cost),
        action: Option<&P::Action>,
    ) -> Vec<Child<P::State, P::Action, P::Cost>> {
        let depth = self.stack.len() as u32;
        let f = g.saturating_add(h);
        let back = action.and_then(|a| self.problem.inverse(a));
        self.actions.clear();
        self.problem.actions(state, &mut self.actions);
        let mut children = Vec::with_capacity(self.actions.len());
        for (order, child_action) in self.actions.drain(..).enumerate() {
            if back.as_ref() == Some(&child_action) {
                continue;
            }
            let (child, step) = self.problem.result(state, &child_action);
            let child_g = g.saturating_add(step);
            if step == P::Cost::ZERO
                && (child == *state
                    || self
                        .stack
                        .iter()
                        .rev()
                        .take_while(|frame| frame.g == child_g)
                        .any(|frame| frame.state == child))
            {
                continue;
            }
            self.stats.generated += 1;
            let child_h = self
                .heuristic
                .estimate_child(self.problem, &child, &child_action, h);
            let child_f = child_g.saturating_add(child_h);
            let over = child_f.to_u64() > self.bound;
            let stored = if over {
                self.cut = true;
                P::Cost::INFINITY
            } else if f < big_f {
                big_f.max(child_f)
            } else {
                child_f
            };
            if self.observer.active() {
                let view = NodeView::new(&child, child_g, child_h, depth + 1);
                self.observer.event(if over {
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
        children
    }

    /// After the top frame was entered or its best child backed up: `Ok` with its best child
    /// to enter, or `Ok(None)` when the frame is left (its best value backed up into its
    /// parent); `Err` with the outcome when the root is left.
    fn next(&mut self) -> Result<Option<EnterOf<P>>, OutcomeOf<P>> {
        let inf = P::Cost::INFINITY;
        let top = self.stack.last_mut().expect("a node was entered");
        let best = top.children.first().map_or(inf, |c| c.big_f);
        if best > top.bound || best == inf {
            // Back up the best frontier value of this subtree into its parent's record of it.
            self.stack.pop();
            let Some(parent) = self.stack.last_mut() else {
                return Err(if self.cut {
                    Outcome::Stopped(LimitKind::Cost)
                } else {
                    Outcome::NoSolution
                });
            };
            let mut child = parent.children.remove(0);
            child.big_f = best;
            let at = parent
                .children
                .partition_point(|c| (c.big_f, c.order) <= (child.big_f, child.order));
            parent.children.insert(at, child);
            return Ok(None);
        }
        let alternative = top.children.get(1).map_or(inf, |c| c.big_f);
        let child = &top.children[0];
        Ok(Some(Enter {
            state: child.state.clone(),
            g: child.g,
            h: child.h,
            big_f: child.big_f,
            action: Some(child.action.clone()),
            bound: top.bound.min(alternative),
        }))
    }
}
