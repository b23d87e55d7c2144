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
    let mut search = Search {
        problem,
        start,
        heuristic,
        observer,
        budget: Budget::new(limits),
        bound: limits.max_cost.unwrap_or(u64::MAX),
        stats: Stats::default(),
        best: None,
        cut: false,
        actions: Vec::new(),
        stack: Vec::new(),
    };
    if !problem.is_goal(start) && problem.goal_unreachable(start) {
        return search.finish(Outcome::NoSolution);
    }
    if initial == InitialBound::Greedy
        && let Err(outcome) = search.seed(limits)
    {
        return search.finish(outcome);
    }
    search.stats.generated += 1;
    let h0 = heuristic.estimate(problem, start);
    if problem.is_goal(start) {
        if search.observer.active() {
            let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
            search.observer.event(SearchEvent::Goal(view));
        }
        return search.finish(Outcome::Solved {
            actions: Vec::new(),
            cost: P::Cost::ZERO,
        });
    }
    if let Err(kind) = search.open_root(h0) {
        return search.finish(Outcome::Stopped(kind));
    }
    while !search.stack.is_empty() {
        if let Err(kind) = search.step() {
            return search.finish(Outcome::Stopped(kind));
        }
    }
    let outcome = match search.best.take() {
        Some((cost, actions)) => Outcome::Solved { actions, cost },
        None if search.cut => Outcome::Stopped(LimitKind::Cost),
        None => Outcome::NoSolution,
    };
    search.finish(outcome)
}

/// One run: the rules, the path and the incumbent its steps share.
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
    /// The incumbent: its cost and actions.
    best: Option<(P::Cost, Vec<P::Action>)>,
    /// Whether a node was cut by the cost bound.
    cut: bool,
    /// The actions of every node on the path, each frame's from its `first`.
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

    /// Whether a path of cost `f` would beat the incumbent.
    #[inline]
    fn beats(&self, f: P::Cost) -> bool {
        self.best.as_ref().is_none_or(|(cost, _)| f < *cost)
    }

    /// The first incumbent from a greedy run (its work counted); `Err` with the outcome when
    /// the greedy run settles the search (no solution, or a limit other than the cost).
    fn seed(&mut self, limits: &Limits) -> Result<(), Outcome<P::Action, P::Cost>> {
        let seed = greedy_observed(
            self.problem,
            self.start,
            self.heuristic,
            limits,
            self.observer,
        );
        self.stats.expanded += seed.stats.expanded;
        self.stats.generated += seed.stats.generated;
        self.stats.max_frontier = seed.stats.max_frontier;
        match seed.outcome {
            Outcome::Solved { actions, cost } => self.incumbent(cost, actions),
            Outcome::NoSolution => return Err(Outcome::NoSolution),
            Outcome::Stopped(LimitKind::Cost) => self.cut = true,
            Outcome::Stopped(kind) => return Err(Outcome::Stopped(kind)),
        }
        Ok(())
    }

    /// A cheaper path becomes the incumbent: a new bound, an iteration.
    fn incumbent(&mut self, cost: P::Cost, path: Vec<P::Action>) {
        if self.observer.active() {
            self.observer.event(SearchEvent::NewBound {
                iteration: self.stats.iterations.len() as u32 + 1,
                bound: cost,
            });
        }
        self.stats.iterations.push(crate::stats::Iteration {
            bound: crate::stats::Iteration::bound_of(cost.to_u64()),
            expanded: self.stats.expanded,
            generated: self.stats.generated,
        });
        self.best = Some((cost, path));
    }

    /// Expands the root of estimate `h0`, unless the bound or the incumbent cuts it.
    fn open_root(&mut self, h0: P::Cost) -> Result<(), LimitKind> {
        let start = self.start;
        if h0.to_u64() > self.bound || !self.beats(h0) {
            self.cut |= h0.to_u64() > self.bound;
            if self.observer.active() {
                let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
                self.observer.event(SearchEvent::Prune(view, Prune::Bound));
            }
            return Ok(());
        }
        self.push(start.clone(), (P::Cost::ZERO, h0), None, 0)
    }

    /// Expands `state` (of `g` and `h`, reached by `action`, at `depth`): its frame goes on
    /// the path with its actions; `Err` when a limit stops the run.
    #[inline(always)]
    fn push(
        &mut self,
        state: P::State,
        (g, h): (P::Cost, P::Cost),
        action: Option<P::Action>,
        depth: u32,
    ) -> Result<(), LimitKind> {
        if let Some(kind) = self.budget.check(self.stats.expanded) {
            return Err(kind);
        }
        self.stats.expanded += 1;
        if self.observer.active() {
            let view = NodeView::new(&state, g, h, depth);
            self.observer.event(SearchEvent::Expand(view));
        }
        let first = self.actions.len();
        self.problem.actions(&state, &mut self.actions);
        self.stack.push(Frame {
            state,
            g,
            h,
            action,
            first,
            next: first,
        });
        self.stats.max_frontier = self.stats.max_frontier.max(self.stack.len() as u64);
        Ok(())
    }

    /// Tries the top frame's next action, or leaves the frame when it has none left.
    #[inline]
    fn step(&mut self) -> Result<(), LimitKind> {
        let top = self.stack.last_mut().expect("a frame");
        // The top frame's actions run to the end of the shared stack (its children's were
        // truncated when they were left).
        if top.next >= self.actions.len() {
            self.actions.truncate(top.first);
            self.stack.pop();
            return Ok(());
        }
        let action = self.actions[top.next].clone();
        top.next += 1;
        let (g, h) = (top.g, top.h);
        if let Some(last) = &top.action
            && self.problem.inverse(last).as_ref() == Some(&action)
        {
            return Ok(());
        }
        let (child, step) = self.problem.result(&top.state, &action);
        let child_g = g.saturating_add(step);
        let child_h = self
            .heuristic
            .estimate_child(self.problem, &child, &action, h);
        let f = child_g.saturating_add(child_h);
        let depth = self.stack.len() as u32;
        if f.to_u64() > self.bound || !self.beats(f) {
            self.cut |= f.to_u64() > self.bound;
            if self.observer.active() {
                let view = NodeView::new(&child, child_g, child_h, depth);
                self.observer.event(SearchEvent::Prune(view, Prune::Bound));
            }
            return Ok(());
        }
        if step == P::Cost::ZERO
            && self
                .stack
                .iter()
                .rev()
                .take_while(|frame| frame.g == child_g)
                .any(|frame| frame.state == child)
        {
            return Ok(());
        }
        self.stats.generated += 1;
        if self.observer.active() {
            let view = NodeView::new(&child, child_g, child_h, depth);
            self.observer.event(SearchEvent::Generate(view));
        }
        if self.problem.is_goal(&child) {
            self.goal(&child, (child_g, child_h), action, depth);
            return Ok(());
        }
        self.push(child, (child_g, child_h), Some(action), depth)
    }

    /// A goal generated by `action` from the top frame, within the incumbent: the new
    /// incumbent.
    #[cold]
    fn goal(
        &mut self,
        child: &P::State,
        (g, h): (P::Cost, P::Cost),
        action: P::Action,
        depth: u32,
    ) {
        if self.observer.active() {
            let view = NodeView::new(child, g, h, depth);
            self.observer.event(SearchEvent::Goal(view));
        }
        let mut path: Vec<P::Action> = self.stack.iter().filter_map(|f| f.action.clone()).collect();
        path.push(action);
        let cost = crate::best_first::cost_of(self.problem, self.start, &path);
        self.incumbent(cost, path);
    }
}
