//! The engine shared by the best-first searches that keep every node: uniform-cost search
//! ([`crate::ucs()`]), greedy best-first search ([`crate::greedy()`]) and weighted A*
//! ([`crate::wastar()`]). They differ only in the order of the open list and in what they do
//! when a node is reached again by a cheaper path, so one loop serves all three and their
//! statistics mean the same thing. A* keeps its own tuned loop ([`crate::astar()`]).
//!
//! Also the helpers the other growing searches share: the memory estimate of a node table and
//! the path back from a node.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::mem::size_of;

use crate::astar::{Entry, Node, NodeOf};
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, LimitKind, Limits, Outcome, SearchResult, Stats};
use crate::store::{DENSE_LIMIT, DenseIndex, HashIndex, NodeIndex};

/// The parent of the root.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// Which best-first search runs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Policy {
    /// Uniform-cost search: order by g; the heuristic is not called.
    Uniform,
    /// Greedy best-first: order by h; a state is entered once, by its first path.
    Greedy,
    /// Weighted A*: order by g + floor(h * numerator / denominator), then larger g; closed
    /// nodes reached more cheaply are re-opened.
    Weighted {
        /// The weight's numerator.
        numerator: u64,
        /// The weight's denominator.
        denominator: u64,
    },
}

/// Bytes one entry of a hash index over states `S` takes, roughly: the key, the id, and the
/// table's control byte and spare room (hashbrown keeps at most 7/8 of its slots full, and
/// doubles, so count twice the entry).
pub(crate) fn hash_entry_bytes<S>() -> u64 {
    2 * (size_of::<S>() as u64 + 4 + 1)
}

/// Bytes of a dense index over `n` ranks (one `u32` each).
pub(crate) fn dense_table_bytes(n: usize) -> u64 {
    4 * n as u64
}

/// The node index of a search over `problem` from `start`: dense when the problem has a perfect
/// rank small enough, a hash map otherwise; with the index's fixed bytes and bytes per node.
pub(crate) enum AnyIndex {
    /// A dense table.
    Dense(usize),
    /// A hash map.
    Hash,
}

impl AnyIndex {
    pub(crate) fn choose<P: Problem + ?Sized>(problem: &P, start: &P::State) -> Self {
        match (problem.rank_count(), problem.rank(start)) {
            (Some(n), Some(_)) if n <= DENSE_LIMIT => AnyIndex::Dense(n),
            _ => AnyIndex::Hash,
        }
    }

    /// `(fixed bytes, bytes per entry)`.
    pub(crate) fn bytes<S>(&self) -> (u64, u64) {
        match self {
            AnyIndex::Dense(n) => (dense_table_bytes(*n), 0),
            AnyIndex::Hash => (0, hash_entry_bytes::<S>()),
        }
    }
}

/// The actions from the root to node `id`, following `parent_of` (which gives a node's parent
/// and the action from it).
pub(crate) fn path_to<A>(mut id: u32, parent_of: impl Fn(u32) -> (u32, Option<A>)) -> Vec<A> {
    let mut actions = Vec::new();
    loop {
        let (parent, action) = parent_of(id);
        if parent == NO_PARENT {
            break;
        }
        actions.push(action.expect("non-root nodes carry their action"));
        id = parent;
    }
    actions.reverse();
    actions
}

/// The total cost of `actions` from `start` (they are legal: they came from the search).
pub(crate) fn cost_of<P: Problem + ?Sized>(
    problem: &P,
    start: &P::State,
    actions: &[P::Action],
) -> P::Cost {
    let mut state = start.clone();
    let mut total = P::Cost::ZERO;
    for action in actions {
        let (next, cost) = problem.result(&state, action);
        state = next;
        total = total.saturating_add(cost);
    }
    total
}

/// Runs the best-first search `policy` (see the public functions for the contract).
pub(crate) fn best_first<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    policy: Policy,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    match &limits.trace {
        None => best_first_observed(problem, start, heuristic, limits, policy, &mut NoObserver),
        Some(trace) => best_first_observed(
            problem,
            start,
            heuristic,
            limits,
            policy,
            &mut trace.observer(),
        ),
    }
}

/// [`best_first`] reporting to `observer`, with the events of
/// [`astar_observed`](crate::astar::astar_observed).
pub(crate) fn best_first_observed<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    policy: Policy,
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
    // The dense table is allocated up front: check it before it is.
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
            policy,
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
            policy,
            budget,
            HashIndex::default(),
            (fixed, per_entry),
            observer,
        ),
    }
}

/// The number of actions from the root to node `id`, through `parent_of` (for observers
/// only: the node tables keep no depth).
#[cold]
pub(crate) fn depth_of(mut id: u32, parent_of: impl Fn(u32) -> u32) -> u32 {
    let mut depth = 0;
    while parent_of(id) != NO_PARENT {
        depth += 1;
        id = parent_of(id);
    }
    depth
}

#[allow(clippy::too_many_arguments)]
fn run<P, H, I, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    policy: Policy,
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
    // A*'s node table and open-list entry: smallest key first, then largest tie (g for
    // weighted A*), then the earliest created node. A node whose g improved is pushed again
    // and its stale entry skipped when popped.
    let node_bytes = size_of::<NodeOf<P, I>>() as u64 + index_entry_bytes;
    let entry_bytes = size_of::<Entry<P::Cost>>() as u64;
    let bytes = |nodes: usize, heap: usize| {
        fixed_bytes + nodes as u64 * node_bytes + heap as u64 * entry_bytes
    };
    let uses_h = !matches!(policy, Policy::Uniform);
    let priority = |g: P::Cost, h: P::Cost| -> (P::Cost, P::Cost) {
        match policy {
            Policy::Uniform => (g, P::Cost::ZERO),
            Policy::Greedy => (h, P::Cost::ZERO),
            Policy::Weighted {
                numerator,
                denominator,
            } => (g.saturating_add(h.scale(numerator, denominator)), g),
        }
    };
    let improves = !matches!(policy, Policy::Greedy);

    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let bound = limits.max_cost.unwrap_or(u64::MAX);
    let mut nodes: Vec<NodeOf<P, I>> = Vec::new();
    let mut open: BinaryHeap<Entry<P::Cost>> = BinaryHeap::new();
    let mut closed_count = 0usize;
    let mut cut = false;
    let mut actions = Vec::new();
    let stop = |kind: LimitKind, mut stats: Stats, budget: &Budget| {
        stats.elapsed = budget.elapsed();
        SearchResult {
            outcome: Outcome::Stopped(kind),
            stats,
        }
    };

    let h0 = if uses_h {
        heuristic.estimate(problem, start)
    } else {
        P::Cost::ZERO
    };
    if h0.to_u64() > bound {
        cut = true;
    } else {
        if let Some(kind) = budget.check_memory(bytes(1, 1)) {
            return stop(kind, stats, &budget);
        }
        let key = index.key(problem, start);
        let memo = I::memo(&key);
        index.set(key, 0);
        nodes.push(Node {
            state: start.clone(),
            memo,
            g: P::Cost::ZERO,
            h: h0,
            parent: NO_PARENT,
            action: None,
            closed: false,
        });
        let (key, tie) = priority(P::Cost::ZERO, h0);
        open.push((Reverse(key), tie, Reverse(0)));
    }
    stats.max_frontier = nodes.len() as u64;

    while let Some((Reverse(popped_key), popped_tie, Reverse(id))) = open.pop() {
        let node = &nodes[id as usize];
        // Stale entries: the node was closed since, or pushed again after a cheaper path (its
        // one live entry is the one matching its present g).
        if node.closed || priority(node.g, node.h) != (popped_key, popped_tie) {
            continue;
        }
        closed_count += 1;
        if let Some(kind) = budget.check(stats.expanded) {
            return stop(kind, stats, &budget);
        }
        let node = &mut nodes[id as usize];
        node.closed = true;
        if problem.is_goal(&node.state) {
            if observer.active() {
                let depth = depth_of(id, |i| nodes[i as usize].parent);
                let n = &nodes[id as usize];
                observer.event(SearchEvent::Goal(NodeView::new(&n.state, n.g, n.h, depth)));
            }
            let path = path_to(id, |i| {
                (nodes[i as usize].parent, nodes[i as usize].action.clone())
            });
            let cost = cost_of(problem, start, &path);
            stats.elapsed = budget.elapsed();
            return SearchResult {
                outcome: Outcome::Solved {
                    actions: path,
                    cost,
                },
                stats,
            };
        }
        stats.expanded += 1;
        let (g, h) = (node.g, node.h);
        let mut child_depth = 0;
        if observer.active() {
            let depth = depth_of(id, |i| nodes[i as usize].parent);
            child_depth = depth + 1;
            if observer.wants_open() {
                // The live entries, in the order they pop (the heap pops the greatest).
                let mut live: Vec<&Entry<P::Cost>> = open
                    .iter()
                    .filter(|(Reverse(k), t, Reverse(i))| {
                        let n = &nodes[*i as usize];
                        !n.closed && priority(n.g, n.h) == (*k, *t)
                    })
                    .collect();
                live.sort_unstable_by(|a, b| b.cmp(a));
                let list: Vec<NodeView<'_, P::State, P::Cost>> = std::iter::once(id)
                    .chain(live.iter().map(|e| (e.2).0))
                    .map(|i| {
                        let n = &nodes[i as usize];
                        let d = depth_of(i, |j| nodes[j as usize].parent);
                        NodeView::new(&n.state, n.g, n.h, d)
                    })
                    .collect();
                observer.event(SearchEvent::Open(&list));
            }
            let n = &nodes[id as usize];
            observer.event(SearchEvent::Expand(NodeView::new(&n.state, g, h, depth)));
        }
        let back = nodes[id as usize]
            .action
            .as_ref()
            .and_then(|a| problem.inverse(a));
        actions.clear();
        problem.actions(&nodes[id as usize].state, &mut actions);
        for action in actions.drain(..) {
            if back.as_ref() == Some(&action) {
                continue;
            }
            let parent = &nodes[id as usize];
            let (child, step) = problem.result(&parent.state, &action);
            let child_g = g.saturating_add(step);
            let key = index.child_key(problem, &parent.state, parent.memo, &action, &child);
            match index.get(&key) {
                Some(cid) => {
                    let known = &mut nodes[cid as usize];
                    if !improves
                        || child_g >= known.g
                        // Non-negative costs: a settled node is never improved.
                        || (known.closed && matches!(policy, Policy::Uniform))
                    {
                        if observer.active() {
                            let view = NodeView::new(&child, child_g, known.h, child_depth);
                            observer.event(SearchEvent::Prune(view, Prune::Duplicate));
                        }
                        continue;
                    }
                    known.g = child_g;
                    known.parent = id;
                    known.action = Some(action);
                    let reopened = known.closed;
                    if reopened {
                        known.closed = false;
                        closed_count -= 1;
                        stats.reopened += 1;
                    }
                    if observer.active() {
                        let known = &nodes[cid as usize];
                        let view = NodeView::new(&known.state, child_g, known.h, child_depth);
                        observer.event(if reopened {
                            SearchEvent::Reopen(view)
                        } else {
                            SearchEvent::Generate(view)
                        });
                    }
                    // Either way one more live entry; the old one (if open) goes stale.
                    if let Some(kind) = budget.check_memory(bytes(nodes.len(), open.len() + 1)) {
                        return stop(kind, stats, &budget);
                    }
                    let known = &nodes[cid as usize];
                    let (k, t) = priority(known.g, known.h);
                    open.push((Reverse(k), t, Reverse(cid)));
                    stats.generated += 1;
                }
                None => {
                    let child_h = if uses_h {
                        heuristic.estimate_child(problem, &child, &action, h)
                    } else {
                        P::Cost::ZERO
                    };
                    if child_g.saturating_add(child_h).to_u64() > bound {
                        cut = true;
                        if observer.active() {
                            let view = NodeView::new(&child, child_g, child_h, child_depth);
                            observer.event(SearchEvent::Prune(view, Prune::Bound));
                        }
                        continue;
                    }
                    if let Some(kind) = budget.check_memory(bytes(nodes.len() + 1, open.len() + 1))
                    {
                        return stop(kind, stats, &budget);
                    }
                    let cid = nodes.len() as u32;
                    let memo = I::memo(&key);
                    index.set(key, cid);
                    nodes.push(Node {
                        state: child,
                        memo,
                        g: child_g,
                        h: child_h,
                        parent: id,
                        action: Some(action),
                        closed: false,
                    });
                    let (k, t) = priority(child_g, child_h);
                    open.push((Reverse(k), t, Reverse(cid)));
                    stats.generated += 1;
                    if observer.active() {
                        let n = &nodes[cid as usize];
                        let view = NodeView::new(&n.state, child_g, child_h, child_depth);
                        observer.event(SearchEvent::Generate(view));
                    }
                }
            }
        }
        // Every node not closed is open.
        let open_nodes = (nodes.len() - closed_count) as u64;
        stats.max_frontier = stats.max_frontier.max(open_nodes);
    }
    stats.elapsed = budget.elapsed();
    SearchResult {
        outcome: if cut {
            Outcome::Stopped(LimitKind::Cost)
        } else {
            Outcome::NoSolution
        },
        stats,
    }
}
