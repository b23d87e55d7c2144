//! Fringe search (Bjornsson, Enzenberger, Holte and Schaeffer 2005).

use std::mem::size_of;

use crate::best_first::{AnyIndex, NO_PARENT, cost_of, depth_of, path_to};
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, Iteration, LimitKind, Limits, Outcome, SearchResult, Stats};
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
/// node), `max_frontier` (longest fringe), `reopened` (nodes put back on the fringe by a
/// cheaper path after they had left it), `iterations` (each pass's limit and counts).
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

#[allow(clippy::too_many_arguments)]
fn run<P, H, I, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    mut budget: Budget,
    mut index: I,
    (fixed_bytes, index_entry_bytes): (u64, u64),
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let node_bytes = size_of::<Node<P::State, P::Action, P::Cost>>() as u64 + index_entry_bytes;
    let bound = limits.max_cost.unwrap_or(u64::MAX);
    let mut stats = Stats {
        generated: 1,
        max_frontier: 1,
        ..Stats::default()
    };
    let finish = |outcome, mut stats: Stats, budget: &Budget| {
        stats.elapsed = budget.elapsed();
        SearchResult { outcome, stats }
    };
    let h0 = heuristic.estimate(problem, start);
    if h0.to_u64() > bound {
        if observer.active() {
            let view = NodeView::new(start, P::Cost::ZERO, h0, 0);
            observer.event(SearchEvent::Prune(view, Prune::Bound));
        }
        return finish(Outcome::Stopped(LimitKind::Cost), stats, &budget);
    }
    let mut nodes = vec![Node {
        state: start.clone(),
        g: P::Cost::ZERO,
        h: h0,
        parent: NO_PARENT,
        action: None,
        listed: true,
        links: [NIL, NIL],
    }];
    let key = index.key(problem, start);
    index.set(key, 0);
    let mut list = List { head: 0, len: 1 };
    let mut limit = h0;
    let mut cut = false;
    let mut actions = Vec::new();
    let mut children = Vec::new();
    while list.head != NIL {
        let mut next_limit = P::Cost::INFINITY;
        let mut pass = Iteration {
            bound: Iteration::bound_of(limit.to_u64()),
            ..Iteration::default()
        };
        if observer.active() {
            observer.event(SearchEvent::NewBound {
                iteration: stats.iterations.len() as u32 + 1,
                bound: limit,
            });
        }
        let mut at = list.head;
        while at != NIL {
            let node = &nodes[at as usize];
            let f = node.g.saturating_add(node.h);
            if f > limit {
                next_limit = next_limit.min(f);
                at = node.links[1];
                continue;
            }
            if problem.is_goal(&node.state) {
                if observer.active() {
                    let depth = depth_of(at, |i| nodes[i as usize].parent);
                    let view = NodeView::new(&node.state, node.g, node.h, depth);
                    observer.event(SearchEvent::Goal(view));
                }
                stats.iterations.push(pass);
                let path = path_to(at, |i| {
                    (nodes[i as usize].parent, nodes[i as usize].action.clone())
                });
                let cost = cost_of(problem, start, &path);
                return finish(
                    Outcome::Solved {
                        actions: path,
                        cost,
                    },
                    stats,
                    &budget,
                );
            }
            if let Some(kind) = budget.check(stats.expanded) {
                stats.iterations.push(pass);
                return finish(Outcome::Stopped(kind), stats, &budget);
            }
            stats.expanded += 1;
            pass.expanded += 1;
            let (g, h) = (node.g, node.h);
            let mut child_depth = 0;
            if observer.active() {
                let depth = depth_of(at, |i| nodes[i as usize].parent);
                child_depth = depth + 1;
                let node = &nodes[at as usize];
                observer.event(SearchEvent::Expand(NodeView::new(&node.state, g, h, depth)));
            }
            let node = &nodes[at as usize];
            let back = node.action.as_ref().and_then(|a| problem.inverse(a));
            actions.clear();
            problem.actions(&node.state, &mut actions);
            children.clear();
            for action in actions.drain(..) {
                if back.as_ref() == Some(&action) {
                    continue;
                }
                let (child, step) = problem.result(&nodes[at as usize].state, &action);
                let child_g = g.saturating_add(step);
                let key = index.key(problem, &child);
                match index.get(&key) {
                    Some(cid) => {
                        let known = &mut nodes[cid as usize];
                        if known.g <= child_g {
                            if observer.active() {
                                let view = NodeView::new(&child, child_g, known.h, child_depth);
                                observer.event(SearchEvent::Prune(view, Prune::Duplicate));
                            }
                            continue;
                        }
                        known.g = child_g;
                        known.parent = at;
                        known.action = Some(action);
                        let mut reopened = false;
                        if known.listed {
                            list.unlink(&mut nodes, cid);
                        } else if children.contains(&cid) {
                            // A sibling generated it a moment ago: its g is updated, its
                            // place among the children stays.
                            stats.generated += 1;
                            pass.generated += 1;
                            if observer.active() {
                                let n = &nodes[cid as usize];
                                let view = NodeView::new(&n.state, child_g, n.h, child_depth);
                                observer.event(SearchEvent::Generate(view));
                            }
                            continue;
                        } else {
                            stats.reopened += 1;
                            reopened = true;
                        }
                        children.push(cid);
                        if observer.active() {
                            let n = &nodes[cid as usize];
                            let view = NodeView::new(&n.state, child_g, n.h, child_depth);
                            observer.event(if reopened {
                                SearchEvent::Reopen(view)
                            } else {
                                SearchEvent::Generate(view)
                            });
                        }
                    }
                    None => {
                        let child_h = heuristic.estimate_child(problem, &child, &action, h);
                        if child_g.saturating_add(child_h).to_u64() > bound {
                            cut = true;
                            if observer.active() {
                                let view = NodeView::new(&child, child_g, child_h, child_depth);
                                observer.event(SearchEvent::Prune(view, Prune::Bound));
                            }
                            continue;
                        }
                        let bytes = fixed_bytes + (nodes.len() + 1) as u64 * node_bytes;
                        if let Some(kind) = budget.check_memory(bytes) {
                            stats.iterations.push(pass);
                            return finish(Outcome::Stopped(kind), stats, &budget);
                        }
                        let cid = nodes.len() as u32;
                        index.set(key, cid);
                        nodes.push(Node {
                            state: child,
                            g: child_g,
                            h: child_h,
                            parent: at,
                            action: Some(action),
                            listed: false,
                            links: [NIL, NIL],
                        });
                        children.push(cid);
                        if observer.active() {
                            let n = &nodes[cid as usize];
                            let view = NodeView::new(&n.state, child_g, child_h, child_depth);
                            observer.event(SearchEvent::Generate(view));
                        }
                    }
                }
                stats.generated += 1;
                pass.generated += 1;
            }
            // Inserted in reverse after the node, so they follow it in action order.
            for &cid in children.iter().rev() {
                list.insert_after(&mut nodes, at, cid);
            }
            stats.max_frontier = stats.max_frontier.max(list.len);
            let next = nodes[at as usize].links[1];
            list.unlink(&mut nodes, at);
            at = next;
        }
        stats.iterations.push(pass);
        limit = next_limit;
    }
    finish(
        if cut {
            Outcome::Stopped(LimitKind::Cost)
        } else {
            Outcome::NoSolution
        },
        stats,
        &budget,
    )
}
