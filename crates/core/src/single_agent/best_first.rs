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
use crate::buckets::Buckets;
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, Layers, LimitKind, Limits, Outcome, SearchResult, Stats};
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

/// The engine's open list, in the order of [`Entry`]: smallest key, then largest tie, then
/// the lowest node id, exactly as one binary heap of every entry would pop them.
///
/// While keys and ties are integers up to [`crate::buckets::BUCKET_LIMIT`] (the 8-puzzle's
/// costs, unit-cost graphs), each new node waits on the two-level [`Buckets`] of A*: new nodes
/// come with increasing ids, so FIFO order there is id order. A node pushed again after a
/// cheaper path leaves its bucket (if it is still on one) for the heap, where it is ordered by
/// id among its equals as before; a pop takes the first of the two. The first key or tie out
/// of range (or a cost that is not an integer) moves every entry to the heap, which then
/// serves alone. Heap entries are deleted lazily (the caller skips stale ones).
struct OpenList<C> {
    /// The new nodes' lists; `None` once everything is on the heap.
    buckets: Option<Buckets>,
    /// Entries pushed again after a cheaper path, or every entry once `buckets` is gone.
    heap: BinaryHeap<Entry<C>>,
    /// One bit per node id (grown on demand): the node was pushed again, so its entry is no
    /// longer on the bucket lists. An open node is on them unless it was pushed again.
    moved: Vec<u64>,
}

impl<C: Cost> OpenList<C> {
    fn new() -> Self {
        OpenList {
            buckets: C::INTEGER.then(|| Buckets::new(1024)),
            heap: BinaryHeap::new(),
            moved: Vec::new(),
        }
    }

    /// The bucket of `(key, tie)`, if both fit the bucket lists.
    #[inline]
    fn small(key: C, tie: C) -> Option<(usize, usize)> {
        if !C::INTEGER {
            return None;
        }
        Buckets::small(key.to_u64(), tie.to_u64())
    }

    /// Whether node `id` was pushed again.
    #[inline]
    fn moved(&self, id: u32) -> bool {
        self.moved
            .get(id as usize / 64)
            .is_some_and(|w| w >> (id % 64) & 1 == 1)
    }

    /// Queues the new node `id` (the next id) under `(key, tie)`.
    #[inline(always)]
    fn push_new(&mut self, key: C, tie: C, id: u32) {
        // A constant: costs that are not integers compile to the heap alone, as before.
        if C::INTEGER
            && let Some(buckets) = &mut self.buckets
        {
            if let Some((k, t)) = Self::small(key, tie) {
                buckets.push(k, t, id);
                return;
            }
            self.spill_to_heap();
        }
        self.heap.push((Reverse(key), tie, Reverse(id)));
    }

    /// Queues node `id` again under `(key, tie)`, after a cheaper path. An open node (not
    /// `reopened`) whose entry, under `old`, is on a bucket list leaves it; an entry on the
    /// heap goes stale.
    #[inline]
    fn push_again(&mut self, old: (C, C), reopened: bool, (key, tie): (C, C), id: u32) {
        let listed = C::INTEGER && !reopened && !self.moved(id);
        if C::INTEGER
            && let Some(buckets) = &mut self.buckets
        {
            if listed && let Some((k, t)) = Self::small(old.0, old.1) {
                buckets.unlink(k, t, id);
            }
            let word = id as usize / 64;
            if word >= self.moved.len() {
                self.moved.resize(word + 1, 0);
            }
            self.moved[word] |= 1 << (id % 64);
        }
        self.heap.push((Reverse(key), tie, Reverse(id)));
    }

    /// Moves every bucket entry to the heap, for good.
    #[cold]
    #[inline(never)]
    fn spill_to_heap(&mut self) {
        if let Some(buckets) = self.buckets.take() {
            for (k, t, id) in buckets.entries() {
                let (k, t) = (C::from_u64(k as u64), C::from_u64(t as u64));
                self.heap.push((Reverse(k), t, Reverse(id)));
            }
        }
        self.moved = Vec::new();
    }

    /// Takes the first entry: `(key, tie, id)`.
    #[inline(always)]
    fn pop(&mut self) -> Option<(C, C, u32)> {
        if C::INTEGER
            && let Some(buckets) = &mut self.buckets
            && let Some((k, t, id)) = buckets.peek()
        {
            let (key, tie) = (C::from_u64(k as u64), C::from_u64(t as u64));
            if self
                .heap
                .peek()
                .is_none_or(|top| (Reverse(key), tie, Reverse(id)) > *top)
            {
                buckets.pop_first(k, t);
                return Some((key, tie, id));
            }
        }
        let (Reverse(key), tie, Reverse(id)) = self.heap.pop()?;
        Some((key, tie, id))
    }

    /// Every entry, stale ones included, in no order (for observers).
    fn entries(&self) -> Vec<Entry<C>> {
        let listed = self.buckets.iter().flat_map(|b| {
            b.entries().map(|(k, t, id)| {
                (
                    Reverse(C::from_u64(k as u64)),
                    C::from_u64(t as u64),
                    Reverse(id),
                )
            })
        });
        self.heap.iter().copied().chain(listed).collect()
    }

    /// The bytes held after one more push, roughly (lengths, not capacities, as the node
    /// table's count): the heap's entries, the lists' links and tables of buckets.
    #[inline]
    fn bytes_after_push(&self) -> u64 {
        let lists = match &self.buckets {
            Some(b) if C::INTEGER => b.bytes(),
            _ => 0,
        };
        (self.heap.len() as u64 + 1) * size_of::<Entry<C>>() as u64 + lists
    }
}

/// One run of the engine: the tables, the counts and the limits, with the steps of the search
/// as methods (`run` reads as the algorithm).
struct Engine<'a, P, H, I, O>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    problem: &'a P,
    heuristic: &'a H,
    observer: &'a mut O,
    policy: Policy,
    budget: Budget,
    index: I,
    /// The node index's fixed bytes and bytes per entry.
    fixed_bytes: u64,
    /// Bytes per node: its table entry and its index entry.
    node_bytes: u64,
    stats: Stats,
    /// The priority of the nodes taken, for the last-layer counts.
    layers: Layers<P::Cost>,
    /// [`Limits::max_cost`], `u64::MAX` without one.
    bound: u64,
    nodes: Vec<NodeOf<P, I>>,
    /// Smallest key first, then largest tie (g for weighted A*), then the earliest created
    /// node. A node whose g improved is pushed again and its stale entry skipped when popped.
    open: OpenList<P::Cost>,
    closed_count: usize,
    /// Whether a node was left out for the cost bound.
    cut: bool,
}

impl<'a, P, H, I, O> Engine<'a, P, H, I, O>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    /// Whether the policy orders by the heuristic (uniform-cost search never calls it).
    fn uses_h(&self) -> bool {
        !matches!(self.policy, Policy::Uniform)
    }

    /// The open-list key and tie of a node of `g` and `h`.
    #[inline]
    fn priority(&self, g: P::Cost, h: P::Cost) -> (P::Cost, P::Cost) {
        match self.policy {
            Policy::Uniform => (g, P::Cost::ZERO),
            Policy::Greedy => (h, P::Cost::ZERO),
            Policy::Weighted {
                numerator,
                denominator,
            } => (g.saturating_add(h.scale(numerator, denominator)), g),
        }
    }

    /// The bytes of the tables with `nodes` nodes and one more open entry.
    #[inline]
    fn bytes(&self, nodes: usize) -> u64 {
        self.fixed_bytes + nodes as u64 * self.node_bytes + self.open.bytes_after_push()
    }

    /// The estimate of `state`, zero for uniform-cost search; counted as evaluated.
    #[inline]
    fn evaluate(&mut self, estimate: impl FnOnce() -> P::Cost) -> P::Cost {
        self.stats.evaluated += 1;
        if self.uses_h() {
            estimate()
        } else {
            P::Cost::ZERO
        }
    }

    /// Ends the run with `outcome`.
    fn finish(mut self, outcome: Outcome<P::Action, P::Cost>) -> SearchResult<P::Action, P::Cost> {
        self.stats.last_layer = self.layers.last();
        let answer = self.budget.answer(outcome, self.stats);
        // A pooled dense index then clears the marks of these nodes only.
        self.index.forget(self.nodes.iter().map(|n| n.memo));
        answer
    }

    /// Opens the root, unless its estimate is over the cost bound; `Some` to stop (memory).
    fn push_root(&mut self, start: &P::State) -> Option<LimitKind> {
        let (problem, heuristic) = (self.problem, self.heuristic);
        let h0 = self.evaluate(|| heuristic.estimate(problem, start));
        if h0.to_u64() > self.bound {
            self.cut = true;
        } else {
            if let Some(kind) = self.budget.check_memory(self.bytes(1)) {
                return Some(kind);
            }
            let key = self.index.key(problem, start);
            let memo = I::memo(&key);
            self.index.set(key, 0);
            self.nodes.push(Node {
                state: start.clone(),
                memo,
                g: P::Cost::ZERO,
                h: h0,
                parent: NO_PARENT,
                action: None,
                closed: false,
            });
            let (key, tie) = self.priority(P::Cost::ZERO, h0);
            self.open.push_new(key, tie, 0);
        }
        self.stats.max_frontier = self.nodes.len() as u64;
        None
    }

    /// Takes the best live entry off the open list (stale entries are skipped: the node was
    /// closed since, or pushed again after a cheaper path, its one live entry being the one
    /// matching its present g).
    #[inline]
    fn take(&mut self) -> Option<u32> {
        loop {
            let (key, tie, id) = self.open.pop()?;
            let node = &self.nodes[id as usize];
            if node.closed || self.priority(node.g, node.h) != (key, tie) {
                continue;
            }
            self.closed_count += 1;
            self.layers.taken(key, &self.stats);
            return Some(id);
        }
    }

    /// The answer: the path to the goal node `id`.
    fn solved(self, id: u32, start: &P::State) -> SearchResult<P::Action, P::Cost> {
        let nodes = &self.nodes;
        if self.observer.active() {
            let depth = depth_of(id, |i| nodes[i as usize].parent);
            let n = &nodes[id as usize];
            self.observer
                .event(SearchEvent::Goal(NodeView::new(&n.state, n.g, n.h, depth)));
        }
        let path = path_to(id, |i| {
            (nodes[i as usize].parent, nodes[i as usize].action.clone())
        });
        let cost = cost_of(self.problem, start, &path);
        self.finish(Outcome::Solved {
            actions: path,
            cost,
        })
    }

    /// Tells the observer of the expansion of `id` (and the open list if it wants it); the
    /// depth of its children.
    #[cold]
    fn show_expand(&mut self, id: u32) -> u32 {
        let nodes = &self.nodes;
        let depth = depth_of(id, |i| nodes[i as usize].parent);
        if self.observer.wants_open() {
            // The live entries, in the order they pop (the heap pops the greatest).
            let entries = self.open.entries();
            let mut live: Vec<&Entry<P::Cost>> = entries
                .iter()
                .filter(|(Reverse(k), t, Reverse(i))| {
                    let n = &nodes[*i as usize];
                    !n.closed && self.priority(n.g, n.h) == (*k, *t)
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
            self.observer.event(SearchEvent::Open(&list));
        }
        let n = &nodes[id as usize];
        self.observer.event(SearchEvent::Expand(NodeView::new(
            &n.state, n.g, n.h, depth,
        )));
        depth + 1
    }

    /// Expands node `id`: every child by `actions`, but the way back to its parent; `Some`
    /// to stop (memory).
    fn expand(&mut self, id: u32, actions: &mut Vec<P::Action>) -> Option<LimitKind> {
        self.stats.expanded += 1;
        let child_depth = if self.observer.active() {
            self.show_expand(id)
        } else {
            0
        };
        let node = &self.nodes[id as usize];
        let back = node.action.as_ref().and_then(|a| self.problem.inverse(a));
        actions.clear();
        self.problem.actions(&node.state, actions);
        for action in actions.drain(..) {
            if back.as_ref() == Some(&action) {
                continue;
            }
            // Some: stop (not `?`, which would return on None).
            if let Some(kind) = self.visit(id, action, child_depth) {
                return Some(kind);
            }
        }
        // Every node not closed is open.
        let open_nodes = (self.nodes.len() - self.closed_count) as u64;
        self.stats.max_frontier = self.stats.max_frontier.max(open_nodes);
        None
    }

    /// The child of node `id` by `action`: a new node, a cheaper path to a known one, or
    /// nothing; `Some` to stop (memory).
    fn visit(&mut self, id: u32, action: P::Action, child_depth: u32) -> Option<LimitKind> {
        let parent = &self.nodes[id as usize];
        let (g, h) = (parent.g, parent.h);
        let (child, step) = self.problem.result(&parent.state, &action);
        let child_g = g.saturating_add(step);
        let key = self
            .index
            .child_key(self.problem, &parent.state, parent.memo, &action, &child);
        match self.index.get(&key) {
            Some(cid) => self.improve(id, cid, &child, child_g, action, child_depth),
            None => {
                let (problem, heuristic) = (self.problem, self.heuristic);
                let child_h =
                    self.evaluate(|| heuristic.estimate_child(problem, &child, &action, h));
                if child_g.saturating_add(child_h).to_u64() > self.bound {
                    self.cut = true;
                    if self.observer.active() {
                        let view = NodeView::new(&child, child_g, child_h, child_depth);
                        self.observer.event(SearchEvent::Prune(view, Prune::Bound));
                    }
                    return None;
                }
                let bytes = self.bytes(self.nodes.len() + 1);
                if let Some(kind) = self.budget.check_memory(bytes) {
                    return Some(kind);
                }
                let cid = self.nodes.len() as u32;
                let memo = I::memo(&key);
                self.index.set(key, cid);
                self.nodes.push(Node {
                    state: child,
                    memo,
                    g: child_g,
                    h: child_h,
                    parent: id,
                    action: Some(action),
                    closed: false,
                });
                let (k, t) = self.priority(child_g, child_h);
                self.open.push_new(k, t, cid);
                self.stats.generated += 1;
                if self.observer.active() {
                    let n = &self.nodes[cid as usize];
                    let view = NodeView::new(&n.state, child_g, child_h, child_depth);
                    self.observer.event(SearchEvent::Generate(view));
                }
                None
            }
        }
    }

    /// The known node `cid` reached again as `child` from `id` at `child_g`: if the policy
    /// takes cheaper paths and this one is, the node takes it (re-opened if it was closed);
    /// `Some` to stop (memory).
    fn improve(
        &mut self,
        id: u32,
        cid: u32,
        child: &P::State,
        child_g: P::Cost,
        action: P::Action,
        child_depth: u32,
    ) -> Option<LimitKind> {
        let known = &mut self.nodes[cid as usize];
        if matches!(self.policy, Policy::Greedy)
            || child_g >= known.g
            // Non-negative costs: a settled node is never improved.
            || (known.closed && matches!(self.policy, Policy::Uniform))
        {
            if self.observer.active() {
                let view = NodeView::new(child, child_g, known.h, child_depth);
                self.observer
                    .event(SearchEvent::Prune(view, Prune::Duplicate));
            }
            return None;
        }
        let old = (known.g, known.h);
        known.g = child_g;
        known.parent = id;
        known.action = Some(action);
        let reopened = known.closed;
        if reopened {
            known.closed = false;
            self.closed_count -= 1;
            self.stats.reopened += 1;
        }
        if self.observer.active() {
            let known = &self.nodes[cid as usize];
            let view = NodeView::new(&known.state, child_g, known.h, child_depth);
            self.observer.event(if reopened {
                SearchEvent::Reopen(view)
            } else {
                SearchEvent::Generate(view)
            });
        }
        // Either way one more live entry; the old one (if open) goes stale.
        let bytes = self.bytes(self.nodes.len());
        if let Some(kind) = self.budget.check_memory(bytes) {
            return Some(kind);
        }
        let known = &self.nodes[cid as usize];
        let (k, t) = self.priority(known.g, known.h);
        let old = self.priority(old.0, old.1);
        self.open.push_again(old, reopened, (k, t), cid);
        self.stats.generated += 1;
        None
    }

    /// The open list ran empty: no goal within the bound.
    fn exhausted(self) -> SearchResult<P::Action, P::Cost> {
        let outcome = if self.cut {
            Outcome::Stopped(LimitKind::Cost)
        } else {
            Outcome::NoSolution
        };
        self.finish(outcome)
    }
}

#[allow(clippy::too_many_arguments)]
fn run<P, H, I, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    policy: Policy,
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
    let mut engine = Engine {
        problem,
        heuristic,
        observer,
        policy,
        budget,
        index,
        fixed_bytes,
        node_bytes: size_of::<NodeOf<P, I>>() as u64 + index_entry_bytes,
        stats: Stats {
            generated: 1,
            ..Stats::default()
        },
        layers: Layers::new(),
        bound: limits.max_cost.unwrap_or(u64::MAX),
        nodes: Vec::new(),
        open: OpenList::new(),
        closed_count: 0,
        cut: false,
    };
    if let Some(kind) = engine.push_root(start) {
        return engine.finish(Outcome::Stopped(kind));
    }
    let mut actions = Vec::new();
    while let Some(id) = engine.take() {
        if let Some(kind) = engine.budget.check(engine.stats.expanded) {
            return engine.finish(Outcome::Stopped(kind));
        }
        engine.nodes[id as usize].closed = true;
        if problem.is_goal(&engine.nodes[id as usize].state) {
            return engine.solved(id, start);
        }
        if let Some(kind) = engine.expand(id, &mut actions) {
            return engine.finish(Outcome::Stopped(kind));
        }
    }
    engine.exhausted()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// The engine's open list pops its live entries exactly as one binary heap of every entry
    /// does (smallest key, largest tie, lowest id; stale entries skipped), through new nodes,
    /// nodes pushed again (open or closed), and keys that outgrow the bucket lists.
    #[test]
    fn open_list_pops_as_one_heap() {
        let mut rng = SplitMix64::new(34);
        for round in 0..200 {
            let mut open: OpenList<u32> = OpenList::new();
            let mut model: BinaryHeap<Entry<u32>> = BinaryHeap::new();
            // Each node's present (key, tie) and whether it was taken.
            let mut nodes: Vec<((u32, u32), bool)> = Vec::new();
            let live = |nodes: &[((u32, u32), bool)], (k, t, id): (u32, u32, u32)| {
                let (now, taken) = nodes[id as usize];
                !taken && now == (k, t)
            };
            let big = round % 4 == 0;
            for _ in 0..400 {
                match rng.below(4) {
                    0 | 1 => {
                        let id = nodes.len() as u32;
                        let tie = rng.below(20) as u32;
                        let mut key = tie + rng.below(10) as u32;
                        if big && rng.below(50) == 0 {
                            key += 1 << 13;
                        }
                        open.push_new(key, tie, id);
                        model.push((Reverse(key), tie, Reverse(id)));
                        nodes.push(((key, tie), false));
                    }
                    2 if !nodes.is_empty() => {
                        let id = rng.below(nodes.len() as u64) as u32;
                        let ((key, tie), taken) = nodes[id as usize];
                        if key == 0 {
                            continue;
                        }
                        // A cheaper path: a lower key, a tie that keeps tie <= key.
                        let lower = rng.below(u64::from(key)) as u32;
                        let new = (lower, tie.min(lower));
                        open.push_again((key, tie), taken, new, id);
                        model.push((Reverse(new.0), new.1, Reverse(id)));
                        nodes[id as usize] = (new, false);
                    }
                    _ => {
                        let got = loop {
                            let Some(e) = open.pop() else { break None };
                            if live(&nodes, e) {
                                break Some(e);
                            }
                        };
                        let want = loop {
                            let Some((Reverse(k), t, Reverse(id))) = model.pop() else {
                                break None;
                            };
                            if live(&nodes, (k, t, id)) {
                                break Some((k, t, id));
                            }
                        };
                        assert_eq!(got, want, "round {round}");
                        if let Some((_, _, id)) = got {
                            nodes[id as usize].1 = true;
                        }
                    }
                }
            }
        }
    }
}
