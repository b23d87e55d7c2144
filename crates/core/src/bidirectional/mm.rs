//! MM: bidirectional heuristic search that meets in the middle (Holte et al. 2016).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::mem::size_of;

use crate::best_first::{AnyIndex, NO_PARENT};
use crate::bibfs::{
    BidirectionalError, check_bidirectional, meeting_path, neighbours as neighbours_of,
};
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver, Side};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, Layers, LimitKind, Limits, Outcome, SearchResult, Stats};
use crate::store::{DenseIndex, HashIndex, NodeIndex};

/// What the catalogue knows about MM, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "mm",
    aliases: &[],
    summary: "MM, bidirectional meet-in-the-middle: optimal; needs an explicit goal state",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: true,
    },
    parameter: None,
    module: module_path!(),
};

struct Node<S, A, C> {
    state: S,
    g: C,
    h: C,
    /// Forward: the node this one was reached from; backward: the node it leads to.
    parent: u32,
    /// The FORWARD action between this node and its parent.
    action: Option<A>,
    open: bool,
}

/// An entry of a [`Queue`]'s heap: smallest key, then the most recently queued (`seq`
/// counts pushes); live while its node is open with this g (lazy deletion).
type Entry<C> = Reverse<(C, Reverse<u64>, u32, C)>;

/// Keys below this go to buckets (integer costs); larger ones, and every key of a
/// non-integer cost type, to the heap. MM's keys are at most twice the optimal cost.
const BUCKETS: u64 = 1 << 16;

/// Open nodes by one integer key (priority, f or g), lazily deleted: an entry is live while
/// its node is open with the g it was queued with.
///
/// Integer keys below [`BUCKETS`] go to a bucket queue: a push is O(1) and the minimum moves
/// over empty buckets only. A binary heap cost MM a third of its time on the 15-puzzle
/// (three pushes per generated node, each O(log n) over millions of entries, and a pop per
/// expansion and per stale entry). Ties: the most recently queued entry first (LIFO within a
/// bucket; `seq` in the heap), so both kinds give the same order. Any order of ties keeps MM
/// optimal.
struct Queue<C> {
    /// `buckets[k]`: (node, g) of the entries with key k, the latest last.
    buckets: Vec<Vec<(u32, C)>>,
    /// No live entry has a bucket below this.
    lowest: usize,
    /// Keys of non-integer costs, or at least [`BUCKETS`].
    heap: BinaryHeap<Entry<C>>,
    /// Pushes so far (the heap's tie order).
    seq: u64,
    /// Entries held, stale ones included (for the memory estimate).
    held: usize,
}

impl<C: Cost> Queue<C> {
    fn new() -> Self {
        Queue {
            buckets: Vec::new(),
            lowest: 0,
            heap: BinaryHeap::new(),
            seq: 0,
            held: 0,
        }
    }

    fn push(&mut self, key: C, g: C, id: u32) {
        self.held += 1;
        if C::INTEGER && key.to_u64() < BUCKETS {
            let k = key.to_u64() as usize;
            if self.buckets.len() <= k {
                self.buckets.resize_with(k + 1, Vec::new);
            }
            self.buckets[k].push((id, g));
            self.lowest = self.lowest.min(k);
        } else {
            self.seq += 1;
            self.heap.push(Reverse((key, Reverse(self.seq), id, g)));
        }
    }

    /// The smallest live key and its node; stale entries are dropped on the way.
    fn min<S, A>(&mut self, nodes: &[Node<S, A, C>]) -> Option<(C, u32)> {
        let live = |id: u32, g: C| {
            let node = &nodes[id as usize];
            node.open && node.g == g
        };
        while self.lowest < self.buckets.len() {
            let bucket = &mut self.buckets[self.lowest];
            while let Some(&(id, g)) = bucket.last() {
                if live(id, g) {
                    return Some((C::from_u64(self.lowest as u64), id));
                }
                bucket.pop();
                self.held -= 1;
            }
            self.lowest += 1;
        }
        while let Some(&Reverse((key, _, id, g))) = self.heap.peek() {
            if live(id, g) {
                return Some((key, id));
            }
            self.heap.pop();
            self.held -= 1;
        }
        None
    }

    /// Removes the entry [`Queue::min`] just returned.
    fn pop_min(&mut self) {
        self.held -= 1;
        if let Some(bucket) = self.buckets.get_mut(self.lowest)
            && bucket.pop().is_some()
        {
            return;
        }
        self.heap.pop();
    }
}

/// One direction of the search.
struct Half<S, A, C, I> {
    nodes: Vec<Node<S, A, C>>,
    index: I,
    /// Open nodes by priority `max(g + h, 2g)`.
    by_priority: Queue<C>,
    /// Open nodes by f = g + h.
    by_f: Queue<C>,
    /// Open nodes by g.
    by_g: Queue<C>,
    open: usize,
    /// The three minima, kept while this half is not touched: each step expands in one
    /// half only, so the other's are read again unchanged (a look-up of each top node saved).
    mins: Option<Mins<C>>,
}

/// A half's smallest priority (with its node), smallest f and smallest g.
type Mins<C> = ((C, u32), C, C);

impl<S, A, C: Cost, I> Half<S, A, C, I> {
    fn priority(node: &Node<S, A, C>) -> C {
        let f = node.g.saturating_add(node.h);
        f.max(node.g.saturating_add(node.g))
    }

    fn push(&mut self, id: u32) {
        let node = &self.nodes[id as usize];
        let (g, f) = (node.g, node.g.saturating_add(node.h));
        self.by_priority.push(Self::priority(node), g, id);
        self.by_f.push(f, g, id);
        self.by_g.push(g, g, id);
    }

    fn entries(&self) -> usize {
        self.by_priority.held + self.by_f.held + self.by_g.held
    }

    /// [`Half::mins`]'s value, computed when the half changed since; `None` when its open
    /// list is empty.
    fn mins(&mut self) -> Option<Mins<C>> {
        if self.mins.is_none() {
            let pr = self.by_priority.min(&self.nodes)?;
            let f = self.by_f.min(&self.nodes).expect("open").0;
            let g = self.by_g.min(&self.nodes).expect("open").0;
            self.mins = Some((pr, f, g));
        }
        self.mins
    }
}

/// MM from `start` to the problem's goal state (Holte, Felner, Sharon and Sturtevant 2016): a
/// bidirectional heuristic search, forward with `heuristic` and backward with its estimate of
/// the distance from the start ([`Heuristic::estimate_between`]; zero when the heuristic
/// cannot make one, which is MM0, brute-force bidirectional search). Each direction orders its
/// open list by `pr(n) = max(f(n), 2 g(n))`, so neither search goes beyond the middle of the
/// optimal path before the other: the two "meet in the middle". The cost returned is OPTIMAL
/// whenever both estimates are admissible.
///
/// The direction whose smallest priority is lower (forward on ties) expands its node of
/// smallest priority, the most recently queued first among equals. Every generated state is
/// looked up in the other direction's tables; a match is a path, and the cheapest so far is U. The
/// search stops when `U <= max(C, fmin_F, fmin_B, gmin_F + gmin_B)`, C being the smaller of
/// the two smallest priorities (the paper's stopping rule, with its epsilon, the cheapest
/// action cost, taken as 0: the rule stays correct and may stop a little later). A node reached
/// again more cheaply in its own direction is re-opened, so admissible but inconsistent
/// estimates keep the guarantee.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules (with [`Problem::goal_state`] and
///   [`Problem::predecessors`]), the start state, the forward estimate (admissible).
/// * `limits`: nodes (expansions of both directions), time, cancel, memory (both directions'
///   tables and heaps, estimated), and `max_cost`: nodes whose `g + h` exceeds it are not
///   opened.
///
/// # Returns
/// `Err(`[`BidirectionalError`]`)` when the problem lacks an explicit goal state or
/// predecessors (nothing is searched). Else the outcome and statistics: `expanded`,
/// `generated` (both roots and every new or improved node), `evaluated` (both roots and every
/// new node, each by its direction's estimate, those over the cost bound too),
/// `max_frontier` (largest sum of the open lists), `reopened`, `last_layer` (the counts before
/// the first expansion with the largest priority C taken, C being the smaller of the two
/// directions' smallest priorities: every node of either direction with a priority below it
/// is expanded, whatever the tie-breaking).
///
/// # Complexity
/// O(V) time with integer costs (bucket queues; O(V log V) otherwise) and O(V) memory over
/// the states with `pr` below the optimal cost in either direction; MM never expands a node whose g exceeds half the optimum in its direction.
///
/// # Examples
/// ```
/// use searchlab_core::{mm, ucs, Heuristic, Limits, Problem};
///
/// /// Walk on a line from a start to 0, one step at a time.
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 0 }
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1]) }
///     fn result(&self, s: &i32, a: &i32) -> (i32, u32) { (s + a, 1) }
///     fn goal_state(&self) -> Option<i32> { Some(0) }
///     fn has_predecessors(&self) -> bool { true }
///     fn predecessors(&self, s: &i32, out: &mut Vec<(i32, i32, u32)>) {
///         out.extend([(s + 1, -1, 1), (s - 1, 1, 1)])
///     }
/// }
/// /// |a - b|, between any two points.
/// struct Distance;
/// impl Heuristic<Line> for Distance {
///     fn estimate(&self, _: &Line, s: &i32) -> u32 { s.unsigned_abs() }
///     fn estimate_between(&self, _: &Line, a: &i32, b: &i32) -> Option<u32> {
///         Some(a.abs_diff(*b))
///     }
/// }
/// let run = mm(&Line, &9, &Distance, &Limits::none()).unwrap();
/// assert_eq!(run.outcome.cost(), Some(9));
/// assert_eq!(run.outcome.actions().unwrap(), &[-1; 9]);
/// ```
///
/// # Reference
/// R. C. Holte, A. Felner, G. Sharon and N. R. Sturtevant, "Bidirectional search that is
/// guaranteed to meet in the middle", AAAI 2016, 3411-3417.
pub fn mm<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
) -> Result<SearchResult<P::Action, P::Cost>, BidirectionalError>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    match &limits.trace {
        None => mm_observed(problem, start, heuristic, limits, &mut NoObserver),
        Some(trace) => mm_observed(problem, start, heuristic, limits, &mut trace.observer()),
    }
}

/// [`mm()`] reporting every step to `observer` ([`crate::observe`]): the events of
/// [`astar_observed`](crate::astar::astar_observed) for both halves (the goal's half with
/// [`Side::Backward`], g from the goal), a [`SearchEvent::NewBound`] per cheaper path found
/// (its cost, the incumbent that stops the search), the meeting node as
/// [`SearchEvent::Goal`]. Answers and statistics are those of [`mm()`].
///
/// # Errors
/// As [`mm()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn mm_observed<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    observer: &mut O,
) -> Result<SearchResult<P::Action, P::Cost>, BidirectionalError>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let goal = check_bidirectional(problem)?;
    let choice = AnyIndex::choose(problem, start);
    let (fixed, per_entry) = choice.bytes::<P::State>();
    let budget = Budget::new(limits);
    if let Some(kind) = budget.check_memory(2 * fixed) {
        return Ok(SearchResult {
            outcome: Outcome::Stopped(kind),
            stats: Stats {
                elapsed: budget.elapsed(),
                ..Stats::default()
            },
        });
    }
    Ok(match choice {
        AnyIndex::Dense(n) => run(
            problem,
            start,
            goal,
            heuristic,
            limits,
            budget,
            [DenseIndex::new(n), DenseIndex::new(n)],
            (2 * fixed, per_entry),
            observer,
        ),
        AnyIndex::Hash => run(
            problem,
            start,
            goal,
            heuristic,
            limits,
            budget,
            [HashIndex::default(), HashIndex::default()],
            (0, per_entry),
            observer,
        ),
    })
}

/// A node of the half `side` (0 forward, 1 backward), for the observer.
fn view<S, C>(state: &S, g: C, h: C, depth: u32, side: usize) -> NodeView<'_, S, C> {
    NodeView {
        state,
        g,
        h,
        depth,
        side: if side == 0 {
            Side::Forward
        } else {
            Side::Backward
        },
    }
}

/// One direction of a search on `P` with node index `I`.
type HalfOf<P, I> = Half<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost, I>;

/// One run: the rules, both halves and the counts its steps share.
struct Search<'a, P, H, I, O>
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
    /// Both indexes' fixed bytes.
    fixed_bytes: u64,
    /// Bytes per node: its table entry and its index entry.
    node_bytes: u64,
    /// Bytes per queue entry (at least a bucket entry's).
    entry_bytes: u64,
    /// [`Limits::max_cost`], `u64::MAX` without one.
    bound: u64,
    stats: Stats,
    /// The priority of the nodes taken (C, the smaller of the two directions'), for the
    /// last-layer counts.
    layers: Layers<P::Cost>,
    /// Forward, then backward.
    halves: [HalfOf<P, I>; 2],
    /// Whether a node was left out for the cost bound.
    cut: bool,
    /// The cheapest path known: its cost and the meeting nodes (forward id, backward id).
    best: Option<(P::Cost, u32, u32)>,
    /// Buffers kept between expansions.
    actions: Vec<P::Action>,
    neighbours: Vec<(P::State, P::Action, P::Cost)>,
    /// Cheaper paths found so far, for the observer.
    improvements: u32,
}

#[allow(clippy::too_many_arguments)]
fn run<P, H, I, O>(
    problem: &P,
    start: &P::State,
    goal: P::State,
    heuristic: &H,
    limits: &Limits,
    budget: Budget,
    indexes: [I; 2],
    (fixed_bytes, index_entry_bytes): (u64, u64),
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let new_half = |index| Half {
        nodes: Vec::new(),
        index,
        by_priority: Queue::new(),
        by_f: Queue::new(),
        by_g: Queue::new(),
        open: 0,
        mins: None,
    };
    let [forward_index, backward_index] = indexes;
    let mut search = Search {
        problem,
        start,
        heuristic,
        observer,
        budget,
        fixed_bytes,
        node_bytes: size_of::<Node<P::State, P::Action, P::Cost>>() as u64 + index_entry_bytes,
        entry_bytes: size_of::<Entry<P::Cost>>() as u64,
        bound: limits.max_cost.unwrap_or(u64::MAX),
        stats: Stats::default(),
        layers: Layers::new(),
        halves: [new_half(forward_index), new_half(backward_index)],
        cut: false,
        best: None,
        actions: Vec::new(),
        neighbours: Vec::new(),
        improvements: 0,
    };
    if problem.is_goal(start) {
        return search.start_is_goal();
    }
    search.open_roots(goal);
    while let Some((side, id)) = search.next() {
        if let Some(kind) = search.budget.check(search.stats.expanded) {
            return search.finish(Outcome::Stopped(kind));
        }
        if let Err(kind) = search.expand(side, id) {
            return search.finish(Outcome::Stopped(kind));
        }
    }
    let outcome = search.outcome();
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

    /// The answer when the start is a goal: no search.
    fn start_is_goal(mut self) -> SearchResult<P::Action, P::Cost> {
        self.stats.generated = 1;
        if self.observer.active() {
            let view = NodeView::new(self.start, P::Cost::ZERO, P::Cost::ZERO, 0);
            self.observer.event(SearchEvent::Goal(view));
        }
        self.finish(Outcome::Solved {
            actions: Vec::new(),
            cost: P::Cost::ZERO,
        })
    }

    /// The backward estimate: from the start to `state`.
    #[inline]
    fn backward_h(&self, state: &P::State) -> P::Cost {
        self.heuristic
            .estimate_between(self.problem, self.start, state)
            .unwrap_or(P::Cost::ZERO)
    }

    /// Opens the start forward and the goal backward, each unless its estimate is over the
    /// cost bound.
    fn open_roots(&mut self, goal: P::State) {
        for (side, root) in [self.start.clone(), goal].into_iter().enumerate() {
            let h = if side == 0 {
                self.heuristic.estimate(self.problem, &root)
            } else {
                self.backward_h(&root)
            };
            self.stats.evaluated += 1;
            if h.to_u64() > self.bound {
                self.cut = true;
                if self.observer.active() {
                    let view = view(&root, P::Cost::ZERO, h, 0, side);
                    self.observer.event(SearchEvent::Prune(view, Prune::Bound));
                }
                continue;
            }
            let half = &mut self.halves[side];
            let key = half.index.key(self.problem, &root);
            half.index.set(key, 0);
            half.nodes.push(Node {
                state: root,
                g: P::Cost::ZERO,
                h,
                parent: NO_PARENT,
                action: None,
                open: true,
            });
            half.open = 1;
            half.push(0);
            self.stats.generated += 1;
        }
        self.stats.max_frontier = self.stats.generated;
    }

    /// The node to expand next, taken off its half's priority queue: the side (0 forward, 1
    /// backward) and the node. `None` when the search is over: an open list is empty, or the
    /// stopping rule holds for the cheapest path known.
    fn next(&mut self) -> Option<(usize, u32)> {
        let [forward, backward] = &mut self.halves;
        let ((pr_f, id_f), f_f, g_f) = forward.mins()?;
        let ((pr_b, id_b), f_b, g_b) = backward.mins()?;
        let c = pr_f.min(pr_b);
        if let Some((u, _, _)) = self.best
            && u <= c.max(f_f).max(f_b).max(g_f.saturating_add(g_b))
        {
            return None;
        }
        self.layers.taken(c, &self.stats);
        let side = usize::from(pr_b < pr_f);
        let (this, id) = if side == 0 {
            (forward, id_f)
        } else {
            (backward, id_b)
        };
        this.by_priority.pop_min();
        this.mins = None;
        Some((side, id))
    }

    /// Expands the node `id` of the half `side`; `Err` when the memory limit stops the run.
    fn expand(&mut self, side: usize, id: u32) -> Result<(), LimitKind> {
        self.stats.expanded += 1;
        let this = &mut self.halves[side];
        this.nodes[id as usize].open = false;
        this.open -= 1;
        let node = &this.nodes[id as usize];
        let (g, h) = (node.g, node.h);
        let mut child_depth = 0;
        if self.observer.active() {
            let depth = crate::best_first::depth_of(id, |i| this.nodes[i as usize].parent);
            child_depth = depth + 1;
            self.observer
                .event(SearchEvent::Expand(view(&node.state, g, h, depth, side)));
        }
        let mut neighbours = std::mem::take(&mut self.neighbours);
        neighbours_of(
            self.problem,
            side == 1,
            &node.state,
            node.action.as_ref(),
            &mut self.actions,
            &mut neighbours,
        );
        let mut result = Ok(());
        for (neighbour, action, step) in neighbours.drain(..) {
            let child_g = g.saturating_add(step);
            if let Err(kind) =
                self.neighbour(side, id, (neighbour, action, child_g), h, child_depth)
            {
                result = Err(kind);
                break;
            }
        }
        self.neighbours = neighbours;
        result?;
        self.stats.max_frontier = self
            .stats
            .max_frontier
            .max((self.halves[0].open + self.halves[1].open) as u64);
        Ok(())
    }

    /// A neighbour of the node `id` (of estimate `h`) in the half `side`, reached with
    /// `child_g`: opened, re-opened or improved, then looked up in the other half for a
    /// cheaper path; `Err` when the memory limit stops the run.
    #[inline]
    fn neighbour(
        &mut self,
        side: usize,
        id: u32,
        (neighbour, action, child_g): (P::State, P::Action, P::Cost),
        h: P::Cost,
        child_depth: u32,
    ) -> Result<(), LimitKind> {
        let Some(cid) = self.open_child(side, id, (neighbour, action, child_g), h, child_depth)
        else {
            return Ok(());
        };
        let (this, other) = if side == 0 {
            let [forward, backward] = &mut self.halves;
            (forward, &*backward)
        } else {
            let [forward, backward] = &mut self.halves;
            (backward, &*forward)
        };
        let bytes = self.fixed_bytes
            + (this.nodes.len() + other.nodes.len()) as u64 * self.node_bytes
            + (this.entries() + other.entries() + 3) as u64 * self.entry_bytes;
        if let Some(kind) = self.budget.check_memory(bytes) {
            return Err(kind);
        }
        this.push(cid);
        self.stats.generated += 1;
        let state = &this.nodes[cid as usize].state;
        let other_key = other.index.key(self.problem, state);
        // The same state, not only the same key: a rank may be shared by states that no
        // moves join (the 8-puzzle's solvability classes, `Problem::rank`), and the halves
        // of an unsolvable instance search two such sets.
        if let Some(oid) = other
            .index
            .get(&other_key)
            .filter(|&oid| other.nodes[oid as usize].state == *state)
        {
            let total = child_g.saturating_add(other.nodes[oid as usize].g);
            if self.best.is_none_or(|(u, _, _)| total < u) {
                if self.observer.active() {
                    self.improvements += 1;
                    self.observer.event(SearchEvent::NewBound {
                        iteration: self.improvements,
                        bound: total,
                    });
                }
                self.best = Some(if side == 0 {
                    (total, cid, oid)
                } else {
                    (total, oid, cid)
                });
            }
        }
        Ok(())
    }

    /// The neighbour's node in the half `side`: a new node, or a known one reached more
    /// cheaply (re-opened if it was closed); `None` when it is not cheaper or over the cost
    /// bound.
    #[inline]
    fn open_child(
        &mut self,
        side: usize,
        id: u32,
        (neighbour, action, child_g): (P::State, P::Action, P::Cost),
        h: P::Cost,
        child_depth: u32,
    ) -> Option<u32> {
        let key = self.halves[side].index.key(self.problem, &neighbour);
        if let Some(cid) = self.halves[side].index.get(&key) {
            let this = &mut self.halves[side];
            let known = &mut this.nodes[cid as usize];
            if known.g <= child_g {
                if self.observer.active() {
                    let v = view(&neighbour, child_g, known.h, child_depth, side);
                    self.observer.event(SearchEvent::Prune(v, Prune::Duplicate));
                }
                return None;
            }
            known.g = child_g;
            known.parent = id;
            known.action = Some(action);
            let reopened = !known.open;
            if reopened {
                known.open = true;
                this.open += 1;
                self.stats.reopened += 1;
            }
            if self.observer.active() {
                let known = &this.nodes[cid as usize];
                let v = view(&known.state, child_g, known.h, child_depth, side);
                self.observer.event(if reopened {
                    SearchEvent::Reopen(v)
                } else {
                    SearchEvent::Generate(v)
                });
            }
            return Some(cid);
        }
        let child_h = if side == 0 {
            self.heuristic
                .estimate_child(self.problem, &neighbour, &action, h)
        } else {
            self.backward_h(&neighbour)
        };
        self.stats.evaluated += 1;
        if child_g.saturating_add(child_h).to_u64() > self.bound {
            self.cut = true;
            if self.observer.active() {
                let v = view(&neighbour, child_g, child_h, child_depth, side);
                self.observer.event(SearchEvent::Prune(v, Prune::Bound));
            }
            return None;
        }
        let this = &mut self.halves[side];
        let cid = this.nodes.len() as u32;
        this.index.set(key, cid);
        this.nodes.push(Node {
            state: neighbour,
            g: child_g,
            h: child_h,
            parent: id,
            action: Some(action),
            open: true,
        });
        this.open += 1;
        if self.observer.active() {
            let n = &this.nodes[cid as usize];
            let v = view(&n.state, child_g, child_h, child_depth, side);
            self.observer.event(SearchEvent::Generate(v));
        }
        Some(cid)
    }

    /// The outcome once the search is over: the cheapest path through its meeting nodes, or
    /// none.
    fn outcome(&mut self) -> Outcome<P::Action, P::Cost> {
        let Some((_, forward_id, backward_id)) = self.best else {
            return if self.cut {
                Outcome::Stopped(LimitKind::Cost)
            } else {
                Outcome::NoSolution
            };
        };
        let [forward, backward] = &self.halves;
        if self.observer.active() {
            let n = &forward.nodes[forward_id as usize];
            let depth =
                crate::best_first::depth_of(forward_id, |i| forward.nodes[i as usize].parent);
            self.observer
                .event(SearchEvent::Goal(view(&n.state, n.g, n.h, depth, 0)));
        }
        let link = |half: &HalfOf<P, I>, i: u32| {
            let n = &half.nodes[i as usize];
            (n.parent, n.action.clone())
        };
        meeting_path(
            self.problem,
            self.start,
            (forward_id, |i| link(forward, i)),
            (backward_id, |i| link(backward, i)),
        )
    }
}
