//! IDA*: iterative deepening on f = g + h.
//!
//! The depth-first engine here also runs iterative deepening DFS ([`crate::iddfs()`]), which is
//! the same search bounded by depth with a zero heuristic.

use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, Iteration, LimitKind, Limits, Outcome, SearchResult, Stats};

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
/// [`SearchEvent::Prune`] with [`Prune::Bound`]. Answers and statistics are those of
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

/// What an iteration bounds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// f = g + h (IDA*).
    Cost,
    /// The number of actions (IDDFS); the heuristic is then [`Zero`].
    Depth,
}

/// A bound or an f value: `(depth, ZERO)` for IDDFS, `(0, g + h)` for IDA*. Pairs compare
/// lexicographically, so each kind compares exactly in its own type: a non-integer cost
/// ([`crate::Octile`]) is never rounded to decide what is cut.
type Level<C> = (u64, C);

enum Step<C> {
    Found,
    /// The smallest f above the bound that was cut, `None` if none.
    Next(Option<Level<C>>),
    Stopped(LimitKind),
}

struct Engine<'a, P: Problem + ?Sized, H: ?Sized, O: ?Sized> {
    problem: &'a P,
    observer: &'a mut O,
    heuristic: &'a H,
    budget: Budget,
    stats: Stats,
    iteration: Iteration,
    bound_kind: Bound,
    bound: Level<P::Cost>,
    path: Vec<P::Action>,
    /// The actions of the nodes on the current path, each node's above its parent's.
    actions: Vec<P::Action>,
}

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
    let beyond_limit = |level: &Level<P::Cost>| match bound_kind {
        Bound::Cost => level.1.to_u64() > max_bound,
        Bound::Depth => level.0 > max_bound,
    };
    let mut engine = Engine {
        problem,
        observer,
        heuristic,
        budget: Budget::new(limits),
        stats: Stats::default(),
        iteration: Iteration::default(),
        bound_kind,
        bound: (0, h0),
        path: Vec::new(),
        actions: Vec::new(),
    };
    let mut state = start.clone();
    let outcome = loop {
        if beyond_limit(&engine.bound) {
            break Outcome::Stopped(LimitKind::Cost);
        }
        engine.iteration = Iteration {
            bound: match bound_kind {
                Bound::Cost => engine.bound.1.to_u64(),
                Bound::Depth => engine.bound.0,
            },
            ..Iteration::default()
        };
        if engine.stats.iterations.is_empty() {
            // The root is generated once per run (see the counting convention above).
            engine.iteration.generated += 1;
        }
        if engine.observer.active() {
            let bound = match bound_kind {
                Bound::Cost => engine.bound.1,
                Bound::Depth => P::Cost::from_u64(engine.bound.0),
            };
            engine.observer.event(SearchEvent::NewBound {
                iteration: engine.stats.iterations.len() as u32 + 1,
                bound,
            });
        }
        // The root's f is h0, within every bound tried.
        let step = engine.visit(&mut state, P::Cost::ZERO, h0, None);
        engine.stats.expanded += engine.iteration.expanded;
        engine.stats.generated += engine.iteration.generated;
        engine.stats.iterations.push(engine.iteration);
        match step {
            Step::Found => {
                let actions = std::mem::take(&mut engine.path);
                let cost = crate::problem::replay(problem, start, &actions)
                    .expect("IDA* paths are made of legal actions")
                    .1;
                break Outcome::Solved { actions, cost };
            }
            Step::Stopped(kind) => break Outcome::Stopped(kind),
            Step::Next(None) => break Outcome::NoSolution,
            Step::Next(Some(next)) => engine.bound = next,
        }
    };
    let mut stats = engine.stats;
    stats.elapsed = engine.budget.elapsed();
    SearchResult { outcome, stats }
}

/// The smaller of two optional levels, `None` being "none cut" (above every level).
#[inline]
fn min_level<C: Ord + Copy>(a: Option<Level<C>>, b: Option<Level<C>>) -> Option<Level<C>> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

impl<P, H, O> Engine<'_, P, H, O>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    /// Searches below `state`, whose f is within the bound (the caller checked): children whose
    /// f exceeds the bound are counted as generated and cut here, without a call.
    fn visit(
        &mut self,
        state: &mut P::State,
        g: P::Cost,
        h: P::Cost,
        last: Option<&P::Action>,
    ) -> Step<P::Cost> {
        if self.problem.is_goal(state) {
            if self.observer.active() {
                let view = NodeView::new(&*state, g, h, self.path.len() as u32);
                self.observer.event(SearchEvent::Goal(view));
            }
            return Step::Found;
        }
        if let Some(kind) = self
            .budget
            .check(self.stats.expanded + self.iteration.expanded)
        {
            return Step::Stopped(kind);
        }
        let depth = self.path.len();
        self.iteration.expanded += 1;
        self.stats.max_frontier = self.stats.max_frontier.max(depth as u64 + 1);
        if self.observer.active() {
            let view = NodeView::new(&*state, g, h, depth as u32);
            self.observer.event(SearchEvent::Expand(view));
        }
        // This node's actions sit on top of one shared stack, above its ancestors' (children
        // push theirs above and truncate back), so no per-node buffer is taken or allocated.
        let first = self.actions.len();
        self.problem.actions(state, &mut self.actions);
        let end = self.actions.len();
        let banned = last.and_then(|a| self.problem.inverse(a));
        let mut next: Option<Level<P::Cost>> = None;
        let mut result = None;
        for i in first..end {
            let action = self.actions[i].clone();
            let action = &action;
            if banned.as_ref() == Some(action) {
                continue;
            }
            self.iteration.generated += 1;
            let step = if P::IN_PLACE {
                let cost = self.problem.apply(state, action);
                let step = self.descend(state, g + cost, h, action, &mut next);
                self.problem.undo(state, action);
                step
            } else {
                let (mut child, cost) = self.problem.result(state, action);
                self.descend(&mut child, g + cost, h, action, &mut next)
            };
            match step {
                None => {}
                Some(Step::Next(n)) => next = min_level(next, n),
                Some(found_or_stopped) => {
                    result = Some(found_or_stopped);
                    break;
                }
            }
        }
        self.actions.truncate(first);
        result.unwrap_or(Step::Next(next))
    }

    /// Cuts `child` if its f exceeds the bound (lowering `next`), else visits it.
    #[inline]
    fn descend(
        &mut self,
        child: &mut P::State,
        g: P::Cost,
        parent_h: P::Cost,
        action: &P::Action,
        next: &mut Option<Level<P::Cost>>,
    ) -> Option<Step<P::Cost>> {
        let h = self.child_estimate(child, action, parent_h);
        let f = match self.bound_kind {
            Bound::Cost => (0, g.saturating_add(h)),
            Bound::Depth => (self.path.len() as u64 + 1, P::Cost::ZERO),
        };
        if f > self.bound {
            *next = min_level(*next, Some(f));
            if self.observer.active() {
                let view = NodeView::new(&*child, g, h, self.path.len() as u32 + 1);
                self.observer.event(SearchEvent::Prune(view, Prune::Bound));
            }
            return None;
        }
        if self.observer.active() {
            let view = NodeView::new(&*child, g, h, self.path.len() as u32 + 1);
            self.observer.event(SearchEvent::Generate(view));
        }
        self.path.push(action.clone());
        let step = self.visit(child, g, h, Some(action));
        if !matches!(step, Step::Found) {
            self.path.pop();
        }
        Some(step)
    }

    #[inline]
    fn child_estimate(&self, child: &P::State, action: &P::Action, parent_h: P::Cost) -> P::Cost {
        match self.bound_kind {
            Bound::Cost => self
                .heuristic
                .estimate_child(self.problem, child, action, parent_h),
            Bound::Depth => P::Cost::ZERO,
        }
    }
}
