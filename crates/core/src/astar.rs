//! A* search with re-opening of closed nodes.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, LimitKind, Limits, Outcome, SearchResult, Stats};
use crate::store::{DENSE_LIMIT, DenseIndex, HashIndex, NodeIndex};

const NO_PARENT: u32 = u32::MAX;

struct Node<S, A, C> {
    state: S,
    g: C,
    h: C,
    parent: u32,
    action: Option<A>,
    closed: bool,
}

/// Open-list entry: lowest f first, then highest g (deeper nodes, nearer the goal), then
/// first created (lowest node id); the heap pops the greatest, hence the `Reverse`s.
type Entry<C> = (Reverse<C>, C, Reverse<u32>);

/// f and g values up to this use buckets; larger ones move the open list to a heap.
const BUCKET_LIMIT: u64 = 1 << 12;

/// The open list. Integer costs are usually small (the 8-puzzle's f never exceeds 31 + 22), so it
/// starts as buckets indexed by f, then g, each a FIFO queue of node ids: push and pop cost O(1)
/// instead of O(log n). The first f or g above [`BUCKET_LIMIT`] moves everything to a binary
/// heap. Either way stale entries (a node since reached more cheaply) stay in and are skipped
/// when popped: lazy deletion instead of decrease-key.
enum Open<C> {
    Buckets {
        /// `by_f[f][g]`: ids pushed with that f and g.
        by_f: Vec<Vec<VecDeque<u32>>>,
        /// No bucket below this f is non-empty.
        low: usize,
    },
    Heap(BinaryHeap<Entry<C>>),
}

impl<C: Cost> Open<C> {
    fn push(&mut self, f: C, g: C, id: u32) {
        if let Open::Buckets { by_f, low } = self {
            let (fi, gi) = (f.to_u64(), g.to_u64());
            if fi <= BUCKET_LIMIT && gi <= BUCKET_LIMIT {
                let (fi, gi) = (fi as usize, gi as usize);
                if by_f.len() <= fi {
                    by_f.resize_with(fi + 1, Vec::new);
                }
                let by_g = &mut by_f[fi];
                if by_g.len() <= gi {
                    by_g.resize_with(gi + 1, VecDeque::new);
                }
                by_g[gi].push_back(id);
                *low = (*low).min(fi);
                return;
            }
            self.switch_to_heap();
        }
        if let Open::Heap(heap) = self {
            heap.push((Reverse(f), g, Reverse(id)));
        }
    }

    /// The next `(g, id)`: lowest f, then highest g, then the earliest pushed (buckets) or the
    /// lowest id (heap); the two agree but for nodes pushed again after a cheaper path.
    fn pop(&mut self) -> Option<(C, u32)> {
        match self {
            Open::Buckets { by_f, low } => {
                while *low < by_f.len() {
                    for (g, ids) in by_f[*low].iter_mut().enumerate().rev() {
                        if let Some(id) = ids.pop_front() {
                            return Some((C::from_u64(g as u64), id));
                        }
                    }
                    *low += 1;
                }
                None
            }
            Open::Heap(heap) => heap.pop().map(|(_, g, Reverse(id))| (g, id)),
        }
    }

    fn switch_to_heap(&mut self) {
        let mut heap = BinaryHeap::new();
        if let Open::Buckets { by_f, .. } = self {
            for (f, by_g) in by_f.iter().enumerate() {
                for (g, ids) in by_g.iter().enumerate() {
                    for &id in ids {
                        let (f, g) = (C::from_u64(f as u64), C::from_u64(g as u64));
                        heap.push((Reverse(f), g, Reverse(id)));
                    }
                }
            }
        }
        *self = Open::Heap(heap);
    }
}

/// A* search from `start` with `heuristic`: an optimal path whenever the heuristic is admissible.
///
/// This is the lecture's open/closed A* (seed 002): the goal test is made when a node is taken
/// from the open list, and a node reached again by a cheaper path gets the new path; if it was
/// already closed it is RE-OPENED. So an admissible but inconsistent heuristic still yields an
/// optimal cost (with a consistent one no node is ever re-opened).
///
/// Ties among equal f are broken by larger g, then by the order of pushing (FIFO; by creation
/// when costs are too large for buckets), so the same instance gives the same path every run;
/// with an exact heuristic that path is the lexicographically smallest optimal one. Nodes live in a dense table when the problem has a perfect rank
/// ([`Problem::rank`]), in a hash map (rustc-hash) otherwise. The open list is a bucket queue
/// over (f, g) while they stay small, a binary heap beyond; a node whose g improves is pushed
/// again and its stale entry skipped when popped (lazy deletion instead of decrease-key). The
/// action back to a node's parent ([`Problem::inverse`]) is not tried.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, the estimate.
/// * `limits`: nodes (expansions), time, and `max_cost`: nodes with `g + h` above it are not
///   opened (with an admissible heuristic no path within the bound is lost).
///
/// # Returns
/// The outcome and statistics: `expanded`, `generated` (the root and every new or improved
/// node), `max_frontier` (largest open list), `reopened`.
///
/// # Complexity
/// O(E log V) time and O(V) memory over the states with f below the optimal cost, in the
/// consistent case; re-opening can cost more with an inconsistent heuristic.
///
/// # Examples
/// ```
/// use searchlab_core::{astar, Limits, Problem};
///
/// /// Walk on a line from a start to 7, one step costs 1, a jump of 3 costs 2.
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
/// // Admissible: at best every unit of distance costs 2/3.
/// let h = |s: &i32| ((7 - s).max(0) as u32 * 2) / 3;
/// let run = astar(&Line, &0, &h, &Limits::none());
/// assert_eq!(run.outcome.cost(), Some(5)); // jump, jump, step
/// ```
pub fn astar<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    match (problem.rank_count(), problem.rank(start)) {
        (Some(n), Some(_)) if n <= DENSE_LIMIT => {
            run(problem, start, heuristic, limits, DenseIndex::new(n))
        }
        _ => run(problem, start, heuristic, limits, HashIndex::default()),
    }
}

fn run<P, H, I>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    mut index: I,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
{
    let mut budget = Budget::new(limits);
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let bound = limits.max_cost.unwrap_or(u64::MAX);
    let mut nodes: Vec<Node<P::State, P::Action, P::Cost>> = Vec::new();
    let mut open: Open<P::Cost> = Open::Buckets {
        by_f: Vec::new(),
        low: 0,
    };
    // Nodes on the open list (the heap also holds stale entries).
    let mut open_nodes = 0u64;
    let mut cut = false;
    let mut actions = Vec::new();

    let h0 = heuristic.estimate(problem, start);
    if h0.to_u64() > bound {
        cut = true;
    } else {
        let key = index.key(problem, start);
        index.set(key, 0);
        nodes.push(Node {
            state: start.clone(),
            g: P::Cost::ZERO,
            h: h0,
            parent: NO_PARENT,
            action: None,
            closed: false,
        });
        open.push(h0, P::Cost::ZERO, 0);
        open_nodes = 1;
    }
    stats.max_frontier = open_nodes;

    while let Some((entry_g, id)) = open.pop() {
        let node = &nodes[id as usize];
        if node.closed || node.g != entry_g {
            continue; // stale: the node was reached again more cheaply since
        }
        open_nodes -= 1;
        if let Some(kind) = budget.check(stats.expanded) {
            stats.elapsed = budget.elapsed();
            return SearchResult {
                outcome: Outcome::Stopped(kind),
                stats,
            };
        }
        let node = &mut nodes[id as usize];
        node.closed = true;
        if problem.is_goal(&node.state) {
            let cost = node.g;
            let mut path = Vec::new();
            let mut i = id;
            while nodes[i as usize].parent != NO_PARENT {
                path.push(nodes[i as usize].action.clone().expect("non-root node"));
                i = nodes[i as usize].parent;
            }
            path.reverse();
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
        // The action back to the parent leads to a node known with a smaller g: skip it before
        // paying for its state, key and lookup.
        let back = node.action.as_ref().and_then(|a| problem.inverse(a));
        actions.clear();
        problem.actions(&nodes[id as usize].state, &mut actions);
        for action in actions.drain(..) {
            if back.as_ref() == Some(&action) {
                continue;
            }
            let (child, step) = problem.result(&nodes[id as usize].state, &action);
            let child_g = g + step;
            let key = index.key(problem, &child);
            match index.get(&key) {
                Some(cid) => {
                    let known = &mut nodes[cid as usize];
                    if child_g >= known.g {
                        continue;
                    }
                    known.g = child_g;
                    known.parent = id;
                    known.action = Some(action);
                    let f = child_g.saturating_add(known.h);
                    if known.closed {
                        known.closed = false;
                        stats.reopened += 1;
                        open_nodes += 1;
                    }
                    open.push(f, child_g, cid);
                    stats.generated += 1;
                }
                None => {
                    let child_h = heuristic.estimate_child(problem, &child, &action, h);
                    let f = child_g.saturating_add(child_h);
                    if f.to_u64() > bound {
                        cut = true;
                        continue;
                    }
                    let cid = nodes.len() as u32;
                    index.set(key, cid);
                    nodes.push(Node {
                        state: child,
                        g: child_g,
                        h: child_h,
                        parent: id,
                        action: Some(action),
                        closed: false,
                    });
                    open.push(f, child_g, cid);
                    open_nodes += 1;
                    stats.generated += 1;
                }
            }
        }
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
