//! Fringe search (Bjornsson, Enzenberger, Holte and Schaeffer 2005).

use std::mem::size_of;

use crate::best_first::{AnyIndex, NO_PARENT, cost_of, depth_of, path_to};
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, Iteration, Layers, LimitKind, Limits, Outcome, SearchResult, Stats};
use crate::store::{DenseIndex, HashIndex, NodeIndex};

/// What the catalogue knows about fringe search, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "fringe",
    aliases: &[],
    summary: "fringe search: optimal; IDA*'s thresholds over a list",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// No node: the end of the fringe list.
const NIL: u32 = u32::MAX;

struct Node<S, A, C> {
    state: S,
    g: C,
    h: C,
    parent: u32,
    action: Option<A>,
    /// On the fringe list.
    listed: bool,
    /// `[prev, next]` on the fringe list.
    links: [u32; 2],
}

/// Fringe search from `start` (Bjornsson et al. 2005): IDA*'s iterations on an f limit, but
/// with the frontier kept between iterations (the "fringe", a linked list) and every visited
/// state cached with its g, so no iteration repeats the work of the one before and no state is
/// searched twice along paths that are not cheaper. With an admissible heuristic the cost
/// returned is optimal. It orders nodes less strictly than A* (no priority queue: a node whose
/// f is within the limit is expanded where it stands), which is why it can beat A* on grids.
///
/// Each pass walks the fringe from its head: a node with `f = g + h` above the limit stays
/// (the smallest such f is the next limit); a node within it is goal-tested, then expanded:
/// its children are inserted right after it, in the problem's action order, so they are
/// visited next in the same pass, and the node leaves the fringe. A child already cached with
/// a g at most as good is skipped; one reached more cheaply takes its new path and moves to its
/// new place (re-opening it if it had left the fringe). The action back to a node's parent
/// ([`Problem::inverse`]) is not tried. States are kept in a dense table when the problem has a
/// perfect rank, a hash map otherwise.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, an admissible estimate.
/// * `limits`: nodes (expansions, over all passes), time, cancel, memory (the cache and the
///   list, estimated), and `max_cost`: nodes whose `g + h` exceeds it are not cached.
///
/// # Returns
/// The outcome and statistics: `expanded`, `generated` (the root and every new or improved
/// node), `evaluated` (the root and every new child, those over the cost bound too),
/// `max_frontier` (longest fringe), `reopened` (nodes put back on the fringe by a cheaper path
/// after they had left it), `iterations` (each pass's limit and counts), `last_layer` (the
/// counts before the first expansion with the largest f expanded, as A*'s: with a consistent
/// heuristic, before the last pass's first expansion).
///
/// # Complexity
/// O(V) memory; time O(V x passes) in the worst case for visiting nodes above the limit,
/// O(V + E) for the expansions with a consistent heuristic.
///
/// # Examples
/// ```
/// use searchlab_core::{astar, fringe, Limits, Problem};
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
/// let run = fringe(&Line, &0, &h, &Limits::none());
/// assert_eq!(run.outcome.cost(), Some(5));
/// assert_eq!(run.outcome.cost(), astar(&Line, &0, &h, &Limits::none()).outcome.cost());
/// ```
///
/// # Reference
/// Y. Bjornsson, M. Enzenberger, R. C. Holte and J. Schaeffer, "Fringe search: beating A* at
/// pathfinding on game maps", IEEE Symposium on Computational Intelligence and Games 2005,
/// 125-132.
pub fn fringe<P, H>(
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
        None => fringe_observed(problem, start, heuristic, limits, &mut NoObserver),
        Some(trace) => fringe_observed(problem, start, heuristic, limits, &mut trace.observer()),
    }
}

/// [`fringe()`] reporting every step to `observer` ([`crate::observe`]): a
/// [`SearchEvent::NewBound`] per pass (the bounds of `stats.iterations`), then the events of
/// [`astar_observed`](crate::astar::astar_observed) (a node over the pass's threshold is
/// skipped silently until a later pass). Answers and statistics are those of [`fringe()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn fringe_observed<P, H, O>(
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
    let choice = AnyIndex::choose(problem, start);
    let (fixed, per_entry) = choice.bytes::<P::State>();
    let budget = Budget::new(limits);
    if let Some(kind) = budget.check_memory(fixed) {
        return SearchResult {
            outcome: Outcome::Stopped(kind),
            stats: Stats {
                elapsed: budget.elapsed(),
                ..Stats::default()
            },
        };
    }
    match choice {
        AnyIndex::Dense(n) => run(
            problem,
            start,
            heuristic,
            limits,
            budget,
            DenseIndex::new(n),
            (fixed, per_entry),
            observer,
        ),
        AnyIndex::Hash => run(
            problem,
            start,
            heuristic,
            limits,
            budget,
            HashIndex::default(),
            (fixed, per_entry),
            observer,
        ),
    }
}

/// The fringe: a doubly linked list threaded through the nodes.
struct List {
    head: u32,
    len: u64,
}

impl List {
    fn unlink<S, A, C>(&mut self, nodes: &mut [Node<S, A, C>], id: u32) {
        let [prev, next] = nodes[id as usize].links;
        if prev == NIL {
            self.head = next;
        } else {
            nodes[prev as usize].links[1] = next;
        }
        if next != NIL {
            nodes[next as usize].links[0] = prev;
        }
        nodes[id as usize].listed = false;
        self.len -= 1;
    }

    /// Inserts `id` right after `after`.
    fn insert_after<S, A, C>(&mut self, nodes: &mut [Node<S, A, C>], after: u32, id: u32) {
        let next = nodes[after as usize].links[1];
        nodes[id as usize].links = [after, next];
        nodes[after as usize].links[1] = id;
        if next != NIL {
            nodes[next as usize].links[0] = id;
        }
        nodes[id as usize].listed = true;
        self.len += 1;
    }
}

/// One run: the rules, the tables and the counts its steps share.
struct Search<'a, P, H, I, O>
where
    P: Problem + ?Sized,
    H: ?Sized,
    O: ?Sized,
{
    problem: &'a P,
    heuristic: &'a H,
    observer: &'a mut O,
    budget: Budget,
    index: I,
    /// The index's fixed bytes.
    fixed_bytes: u64,
    /// Bytes per node: its table entry and its index entry.
    node_bytes: u64,
    /// [`Limits::max_cost`], `u64::MAX` without one.
    bound: u64,
    stats: Stats,
    /// The f of the nodes expanded, for the last-layer counts.
    layers: Layers<P::Cost>,
    /// The counts of the current pass.
    pass: Iteration,
    nodes: Vec<Node<P::State, P::Action, P::Cost>>,
    list: List,
    /// Whether a node was left out for the cost bound.
    cut: bool,
    /// The actions of the node expanded (a buffer kept between expansions).
    actions: Vec<P::Action>,
    /// The children of the node expanded, in action order, to insert after it.
    children: Vec<u32>,
}

#[allow(clippy::too_many_arguments)]
fn run<P, H, I, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    budget: Budget,
    index: I,
    (fixed_bytes, index_entry_bytes): (u64, u64),
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let mut search = Search {
        problem,
        heuristic,
        observer,
        budget,
        index,
        fixed_bytes,
        node_bytes: size_of::<Node<P::State, P::Action, P::Cost>>() as u64 + index_entry_bytes,
        bound: limits.max_cost.unwrap_or(u64::MAX),
        stats: Stats {
            generated: 1,
            max_frontier: 1,
            ..Stats::default()
        },
        layers: Layers::new(),
        pass: Iteration::default(),
        nodes: Vec::new(),
        list: List { head: NIL, len: 0 },
        cut: false,
        actions: Vec::new(),
        children: Vec::new(),
    };
    let Some(mut limit) = search.open_root(start) else {
        return search.finish(Outcome::Stopped(LimitKind::Cost));
    };
    while search.list.head != NIL {
        match search.pass(start, limit) {
            Ok(next_limit) => limit = next_limit,
            Err(outcome) => return search.finish(outcome),
        }
    }
    let outcome = if search.cut {
        Outcome::Stopped(LimitKind::Cost)
    } else {
        Outcome::NoSolution
    };
    search.finish(outcome)
}

impl<P, H, I, O> Search<'_, P, H, I, O>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    /// Ends the run with `outcome`.
    fn finish(mut self, outcome: Outcome<P::Action, P::Cost>) -> SearchResult<P::Action, P::Cost> {
        self.stats.last_layer = self.layers.last();
        self.budget.answer(outcome, self.stats)
    }

    /// Puts the root on the fringe and returns the first limit, its f; `None` when its
    /// estimate is over the cost bound.
    fn open_root(&mut self, start: &P::State) -> Option<P::Cost> {
        let h0 = self.heuristic.estimate(self.problem, start);
        self.stats.evaluated = 1;
        if h0.to_u64() > self.bound {
            if self.observer.active() {
                let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
                self.observer.event(SearchEvent::Prune(view, Prune::Bound));
            }
            return None;
        }
        self.nodes.push(Node {
            state: start.clone(),
            g: P::Cost::ZERO,
            h: h0,
            parent: NO_PARENT,
            action: None,
            listed: true,
            links: [NIL, NIL],
        });
        let key = self.index.key(self.problem, start);
        self.index.set(key, 0);
        self.list = List { head: 0, len: 1 };
        Some(h0)
    }

    /// One pass over the fringe with `limit`: `Ok` with the next limit (the smallest f over
    /// it), `Err` with the outcome when a goal is found or a limit stops the run.
    fn pass(
        &mut self,
        start: &P::State,
        limit: P::Cost,
    ) -> Result<P::Cost, Outcome<P::Action, P::Cost>> {
        let mut next_limit = P::Cost::INFINITY;
        self.pass = Iteration {
            bound: Iteration::bound_of(limit.to_u64()),
            ..Iteration::default()
        };
        if self.observer.active() {
            self.observer.event(SearchEvent::NewBound {
                iteration: self.stats.iterations.len() as u32 + 1,
                bound: limit,
            });
        }
        let mut at = self.list.head;
        while at != NIL {
            let node = &self.nodes[at as usize];
            let f = node.g.saturating_add(node.h);
            if f > limit {
                next_limit = next_limit.min(f);
                at = node.links[1];
                continue;
            }
            self.layers.taken(f, &self.stats);
            if self.problem.is_goal(&node.state) {
                self.stats.iterations.push(self.pass);
                return Err(self.solved(start, at));
            }
            if let Some(kind) = self.budget.check(self.stats.expanded) {
                self.stats.iterations.push(self.pass);
                return Err(Outcome::Stopped(kind));
            }
            if let Err(kind) = self.expand(at) {
                self.stats.iterations.push(self.pass);
                return Err(Outcome::Stopped(kind));
            }
            let next = self.nodes[at as usize].links[1];
            self.list.unlink(&mut self.nodes, at);
            at = next;
        }
        self.stats.iterations.push(self.pass);
        Ok(next_limit)
    }

    /// The answer through the goal node `at`.
    fn solved(&mut self, start: &P::State, at: u32) -> Outcome<P::Action, P::Cost> {
        let nodes = &self.nodes;
        if self.observer.active() {
            let node = &nodes[at as usize];
            let depth = depth_of(at, |i| nodes[i as usize].parent);
            let view = NodeView::new(&node.state, node.g, node.h, depth);
            self.observer.event(SearchEvent::Goal(view));
        }
        let path = path_to(at, |i| {
            (nodes[i as usize].parent, nodes[i as usize].action.clone())
        });
        let cost = cost_of(self.problem, start, &path);
        Outcome::Solved {
            actions: path,
            cost,
        }
    }

    /// Expands the node `at`: its children go right after it on the fringe, in action order.
    /// `Err` when the memory limit stops the run.
    #[inline]
    fn expand(&mut self, at: u32) -> Result<(), LimitKind> {
        self.stats.expanded += 1;
        self.pass.expanded += 1;
        let node = &self.nodes[at as usize];
        let (g, h) = (node.g, node.h);
        let mut child_depth = 0;
        if self.observer.active() {
            let depth = depth_of(at, |i| self.nodes[i as usize].parent);
            child_depth = depth + 1;
            let node = &self.nodes[at as usize];
            self.observer
                .event(SearchEvent::Expand(NodeView::new(&node.state, g, h, depth)));
        }
        let node = &self.nodes[at as usize];
        let back = node.action.as_ref().and_then(|a| self.problem.inverse(a));
        let mut actions = std::mem::take(&mut self.actions);
        actions.clear();
        self.problem.actions(&node.state, &mut actions);
        self.children.clear();
        let mut result = Ok(());
        for action in actions.drain(..) {
            if back.as_ref() == Some(&action) {
                continue;
            }
            if let Err(kind) = self.child(at, action, (g, h), child_depth) {
                result = Err(kind);
                break;
            }
        }
        self.actions = actions;
        result?;
        // Inserted in reverse after the node, so they follow it in action order.
        for &cid in self.children.iter().rev() {
            self.list.insert_after(&mut self.nodes, at, cid);
        }
        self.stats.max_frontier = self.stats.max_frontier.max(self.list.len);
        Ok(())
    }

    /// A node generated: counted in the run and in the pass.
    #[inline(always)]
    fn generated(&mut self) {
        self.stats.generated += 1;
        self.pass.generated += 1;
    }

    /// The child of `at` (of `g` and `h`) by `action`: generated when it is new or reached
    /// more cheaply, else skipped; `Err` for the memory limit.
    #[inline(always)]
    fn child(
        &mut self,
        at: u32,
        action: P::Action,
        (g, h): (P::Cost, P::Cost),
        child_depth: u32,
    ) -> Result<(), LimitKind> {
        let (child, step) = self.problem.result(&self.nodes[at as usize].state, &action);
        let child_g = g.saturating_add(step);
        let key = self.index.key(self.problem, &child);
        match self.index.get(&key) {
            Some(cid) => {
                if self.improve(cid, at, action, (&child, child_g), child_depth) {
                    self.generated();
                }
                Ok(())
            }
            None => {
                let child_h = self
                    .heuristic
                    .estimate_child(self.problem, &child, &action, h);
                self.stats.evaluated += 1;
                if child_g.saturating_add(child_h).to_u64() > self.bound {
                    self.cut = true;
                    if self.observer.active() {
                        let view = NodeView::new(&child, child_g, child_h, child_depth);
                        self.observer.event(SearchEvent::Prune(view, Prune::Bound));
                    }
                    return Ok(());
                }
                let bytes = self.fixed_bytes + (self.nodes.len() + 1) as u64 * self.node_bytes;
                if let Some(kind) = self.budget.check_memory(bytes) {
                    return Err(kind);
                }
                let cid = self.nodes.len() as u32;
                self.index.set(key, cid);
                self.nodes.push(Node {
                    state: child,
                    g: child_g,
                    h: child_h,
                    parent: at,
                    action: Some(action),
                    listed: false,
                    links: [NIL, NIL],
                });
                self.children.push(cid);
                if self.observer.active() {
                    let n = &self.nodes[cid as usize];
                    let view = NodeView::new(&n.state, child_g, child_h, child_depth);
                    self.observer.event(SearchEvent::Generate(view));
                }
                self.generated();
                Ok(())
            }
        }
    }

    /// A child already cached as `cid`, reached from `at` with `child_g`: it takes the new
    /// path when that is cheaper (leaving its place on the fringe, or re-opened); whether it
    /// counts as generated.
    #[inline(always)]
    fn improve(
        &mut self,
        cid: u32,
        at: u32,
        action: P::Action,
        (child, child_g): (&P::State, P::Cost),
        child_depth: u32,
    ) -> bool {
        let known = &mut self.nodes[cid as usize];
        if known.g <= child_g {
            if self.observer.active() {
                let view = NodeView::new(child, child_g, known.h, child_depth);
                self.observer
                    .event(SearchEvent::Prune(view, Prune::Duplicate));
            }
            return false;
        }
        known.g = child_g;
        known.parent = at;
        known.action = Some(action);
        let mut reopened = false;
        if known.listed {
            self.list.unlink(&mut self.nodes, cid);
        } else if self.children.contains(&cid) {
            // A sibling generated it a moment ago: its g is updated, its place among the
            // children stays.
            if self.observer.active() {
                let n = &self.nodes[cid as usize];
                let view = NodeView::new(&n.state, child_g, n.h, child_depth);
                self.observer.event(SearchEvent::Generate(view));
            }
            return true;
        } else {
            self.stats.reopened += 1;
            reopened = true;
        }
        self.children.push(cid);
        if self.observer.active() {
            let n = &self.nodes[cid as usize];
            let view = NodeView::new(&n.state, child_g, n.h, child_depth);
            self.observer.event(if reopened {
                SearchEvent::Reopen(view)
            } else {
                SearchEvent::Generate(view)
            });
        }
        true
    }
}
