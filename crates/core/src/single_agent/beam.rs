//! Beam search: breadth-first, keeping only the best few nodes of each layer.

use std::num::NonZeroUsize;

use rustc_hash::FxHashSet;

use crate::best_first::{NO_PARENT, cost_of, hash_entry_bytes, path_to};
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, LimitKind, Limits, Outcome, SearchResult, Stats};

/// What the catalogue knows about beam search (its parameter: the width, 100 nodes by default), declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration<NonZeroUsize> =
    crate::algorithm::Declaration {
        name: "beam",
        aliases: &[],
        summary: "beam search (beam:K or --width K, default 100): may miss a path; no cost promised",
        promise: |_| crate::algorithm::Promise::None,
        needs: crate::algorithm::Needs {
            heuristic: true,
            goal_state: false,
        },
        parameter: Some(crate::algorithm::Parameter {
            flag: Some("width"),
            default: NonZeroUsize::new(100).unwrap(),
            parse: |t| {
                let t = t.trim();
                t.parse::<NonZeroUsize>()
                    .map_err(|_| format!("width '{t}' is not a whole number from 1"))
            },
            show: NonZeroUsize::to_string,
        }),
        module: module_path!(),
    };

struct Node<S, A> {
    state: S,
    parent: u32,
    action: Option<A>,
}

/// Beam search from `start`: breadth-first, layer by layer, keeping of each new layer only the
/// `width` nodes with the smallest `f = g + h`. Memory and time grow with `width` times the
/// depth instead of exponentially; the price is that it may return a costlier path than the
/// optimum, or FAIL when the beam dropped every way to the goal.
///
/// A state is entered once over the whole run (a closed set of every state kept in a beam, so
/// the search cannot circle); states dropped from a layer are forgotten and may be reached
/// again later. Ties in f keep the node generated first (parents in beam order, actions in the
/// problem's order), so the answer is the same every run. Each new layer is goal-tested in its
/// order (smallest f first) before it is expanded; the root is tested first.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, the estimate.
/// * `width`: how many nodes each layer keeps.
/// * `limits`: nodes (expansions), time, cancel, memory (the kept nodes and the closed set,
///   estimated), and `max_cost`: nodes whose `g + h` exceeds it are dropped.
///
/// # Returns
/// The outcome and statistics: `expanded`, `generated` (the root and every child not seen
/// before), `max_frontier` (the largest layer kept). When the beam runs empty: the outcome is
/// [`Outcome::NoSolution`] if no node was ever dropped for the width (the search was then
/// exhaustive), else `Stopped(LimitKind::Memory)`: the width is beam search's memory bound,
/// and it cut every path to the goal (which may well exist). A goal found is never claimed
/// optimal; compare its cost with an optimal search's.
///
/// # Complexity
/// O(width x depth x b log(width x b)) time and O(width x depth) memory (plus the closed set)
/// for branching factor b.
///
/// # Examples
/// ```
/// use std::num::NonZeroUsize;
/// use searchlab_core::{beam, LimitKind, Limits, Outcome, Problem};
///
/// /// From 1, reach 12 with *2 or +1; the heuristic only likes big numbers below 12.
/// struct Reach;
/// impl Problem for Reach {
///     type State = u32;
///     type Action = char;
///     type Cost = u32;
///     fn is_goal(&self, s: &u32) -> bool { *s == 12 }
///     fn actions(&self, s: &u32, out: &mut Vec<char>) {
///         if *s < 12 { out.extend(['*', '+']) }
///     }
///     fn result(&self, s: &u32, a: &char) -> (u32, u32) {
///         (if *a == '*' { s * 2 } else { s + 1 }, 1)
///     }
/// }
/// let h = |s: &u32| if *s <= 12 { (12 - s) / 4 } else { 100 };
/// let wide = beam(&Reach, &1, &h, NonZeroUsize::new(10).unwrap(), &Limits::none());
/// assert_eq!(wide.outcome.cost(), Some(4)); // 1 2 3 6 12
/// let narrow = beam(&Reach, &1, &h, NonZeroUsize::new(1).unwrap(), &Limits::none());
/// // 1 2 4 8 9 10 11 12: the beam of one follows the doubling too far.
/// assert_eq!(narrow.outcome.cost(), Some(7));
/// ```
///
/// # Reference
/// B. T. Lowerre, *The Harpy Speech Recognition System*, PhD thesis, Carnegie Mellon
/// University (1976); R. Zhou and E. A. Hansen, "Beam-stack search", ICAPS 2005 (the
/// breadth-first form with a closed list used here).
pub fn beam<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    width: NonZeroUsize,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    match &limits.trace {
        None => beam_observed(problem, start, heuristic, width, limits, &mut NoObserver),
        Some(trace) => beam_observed(
            problem,
            start,
            heuristic,
            width,
            limits,
            &mut trace.observer(),
        ),
    }
}

/// [`beam()`] reporting every step to `observer` ([`crate::observe`]): each node expanded
/// ([`SearchEvent::Expand`], exactly `stats.expanded`), each child kept for the next layer's
/// choice ([`SearchEvent::Generate`]), seen before ([`SearchEvent::Prune`], `Duplicate`),
/// over the cost limit (`Bound`), or generated and then left out of the beam (`Width`), the
/// goal. Answers and statistics are those of [`beam()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn beam_observed<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    width: NonZeroUsize,
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
        heuristic,
        observer,
        budget: Budget::new(limits),
        bound: limits.max_cost.unwrap_or(u64::MAX),
        node_bytes: std::mem::size_of::<Node<P::State, P::Action>>() as u64,
        seen_bytes: hash_entry_bytes::<P::State>(),
        stats: Stats {
            generated: 1,
            max_frontier: 1,
            ..Stats::default()
        },
        nodes: Vec::new(),
        seen: FxHashSet::default(),
        cut: false,
        actions: Vec::new(),
        candidates: Vec::new(),
        depth: 0,
    };
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
    search.nodes.push(Node {
        state: start.clone(),
        parent: NO_PARENT,
        action: None,
    });
    search.seen.insert(start.clone());
    // The layer: (node id, g, h).
    let mut layer: Vec<(u32, P::Cost, P::Cost)> = vec![(0, P::Cost::ZERO, h0)];
    let mut dropped = false;
    loop {
        if let Some(outcome) = search.goal_in(start, &layer) {
            return search.finish(outcome);
        }
        if let Err(kind) = search.expand(&layer) {
            return search.finish(Outcome::Stopped(kind));
        }
        if search.candidates.is_empty() {
            break;
        }
        dropped |= search.keep_best(width.get());
        search.next_layer(&mut layer);
    }
    let outcome = if dropped {
        Outcome::Stopped(LimitKind::Memory)
    } else if search.cut {
        Outcome::Stopped(LimitKind::Cost)
    } else {
        Outcome::NoSolution
    };
    search.finish(outcome)
}

/// A child of one layer, a candidate for the next: (f, order, parent, action, state, g, h).
type Candidate<S, A, C> = (C, usize, u32, A, S, C, C);

/// One run: the rules, the nodes and the counts its steps share.
struct Search<'a, P, H, O>
where
    P: Problem + ?Sized,
    H: ?Sized,
    O: ?Sized,
{
    problem: &'a P,
    heuristic: &'a H,
    observer: &'a mut O,
    budget: Budget,
    /// [`Limits::max_cost`], `u64::MAX` without one.
    bound: u64,
    /// Bytes per node and per entry of `seen`.
    node_bytes: u64,
    seen_bytes: u64,
    stats: Stats,
    nodes: Vec<Node<P::State, P::Action>>,
    /// Every state kept in a beam so far.
    seen: FxHashSet<P::State>,
    /// Whether a node was left out for the cost bound.
    cut: bool,
    /// The actions of the node expanded (a buffer kept between expansions).
    actions: Vec<P::Action>,
    /// Children of the layer expanded.
    candidates: Vec<Candidate<P::State, P::Action, P::Cost>>,
    /// The layer's depth, for the observer.
    depth: u32,
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

    /// The answer through the first goal of `layer`, in its order, if it has one.
    fn goal_in(
        &mut self,
        start: &P::State,
        layer: &[(u32, P::Cost, P::Cost)],
    ) -> Option<Outcome<P::Action, P::Cost>> {
        let nodes = &self.nodes;
        let &(id, g, h) = layer
            .iter()
            .find(|&&(id, ..)| self.problem.is_goal(&nodes[id as usize].state))?;
        if self.observer.active() {
            let view = NodeView::new(&nodes[id as usize].state, g, h, self.depth);
            self.observer.event(SearchEvent::Goal(view));
        }
        let path = path_to(id, |i| {
            (nodes[i as usize].parent, nodes[i as usize].action.clone())
        });
        let cost = cost_of(self.problem, start, &path);
        Some(Outcome::Solved {
            actions: path,
            cost,
        })
    }

    /// Expands every node of `layer`: its new children within the cost bound become
    /// candidates; `Err` when a limit stops the run.
    fn expand(&mut self, layer: &[(u32, P::Cost, P::Cost)]) -> Result<(), LimitKind> {
        self.candidates.clear();
        let mut actions = std::mem::take(&mut self.actions);
        let mut result = Ok(());
        'layer: for &(id, g, h) in layer {
            if let Some(kind) = self.budget.check(self.stats.expanded) {
                result = Err(kind);
                break;
            }
            self.stats.expanded += 1;
            let state = &self.nodes[id as usize].state;
            if self.observer.active() {
                let view = NodeView::new(state, g, h, self.depth);
                self.observer.event(SearchEvent::Expand(view));
            }
            let back = self.nodes[id as usize]
                .action
                .as_ref()
                .and_then(|a| self.problem.inverse(a));
            actions.clear();
            self.problem.actions(state, &mut actions);
            for action in actions.drain(..) {
                if back.as_ref() == Some(&action) {
                    continue;
                }
                if let Err(kind) = self.child(id, action, (g, h)) {
                    result = Err(kind);
                    break 'layer;
                }
            }
        }
        self.actions = actions;
        result
    }

    /// The child of node `id` (of `g` and `h`) by `action`: a candidate unless seen before or
    /// over the cost bound; `Err` when the memory limit stops the run.
    #[inline]
    fn child(
        &mut self,
        id: u32,
        action: P::Action,
        (g, h): (P::Cost, P::Cost),
    ) -> Result<(), LimitKind> {
        let (child, step) = self.problem.result(&self.nodes[id as usize].state, &action);
        let child_g = g.saturating_add(step);
        let depth = self.depth + 1;
        if self.seen.contains(&child) {
            if self.observer.active() {
                // No estimate was paid for a duplicate: h shows as zero.
                let view = NodeView::new(&child, child_g, P::Cost::ZERO, depth);
                self.observer
                    .event(SearchEvent::Prune(view, Prune::Duplicate));
            }
            return Ok(());
        }
        let child_h = self
            .heuristic
            .estimate_child(self.problem, &child, &action, h);
        let f = child_g.saturating_add(child_h);
        if f.to_u64() > self.bound {
            self.cut = true;
            if self.observer.active() {
                let view = NodeView::new(&child, child_g, child_h, depth);
                self.observer.event(SearchEvent::Prune(view, Prune::Bound));
            }
            return Ok(());
        }
        let bytes = (self.nodes.len() + self.candidates.len() + 1) as u64 * self.node_bytes
            + (self.seen.len() + 1) as u64 * self.seen_bytes;
        if let Some(kind) = self.budget.check_memory(bytes) {
            return Err(kind);
        }
        // Entered now so that a sibling's duplicate is not generated twice; taken out again
        // if the child is dropped.
        self.seen.insert(child.clone());
        self.stats.generated += 1;
        if self.observer.active() {
            let view = NodeView::new(&child, child_g, child_h, depth);
            self.observer.event(SearchEvent::Generate(view));
        }
        let order = self.candidates.len();
        self.candidates
            .push((f, order, id, action, child, child_g, child_h));
        Ok(())
    }

    /// Keeps the `width` candidates of smallest f (ties: generation order) and forgets the
    /// rest; whether any was dropped.
    fn keep_best(&mut self, width: usize) -> bool {
        if self.candidates.len() <= width {
            return false;
        }
        // Stable: equal f keeps generation order.
        self.candidates.sort_by_key(|a| (a.0, a.1));
        for (.., state, g, h) in self.candidates.drain(width..) {
            if self.observer.active() {
                let view = NodeView::new(&state, g, h, self.depth + 1);
                self.observer.event(SearchEvent::Prune(view, Prune::Width));
            }
            self.seen.remove(&state);
        }
        true
    }

    /// The candidates kept become nodes and the next layer, in f order.
    fn next_layer(&mut self, layer: &mut Vec<(u32, P::Cost, P::Cost)>) {
        layer.clear();
        self.depth += 1;
        for (_, _, parent, action, state, g, h) in self.candidates.drain(..) {
            layer.push((self.nodes.len() as u32, g, h));
            self.nodes.push(Node {
                state,
                parent,
                action: Some(action),
            });
        }
        // Goal-test and expand the kept layer in f order.
        layer.sort_by_key(|&(id, g, h)| (g.saturating_add(h), id));
        self.stats.max_frontier = self.stats.max_frontier.max(layer.len() as u64);
    }
}
