//! Breadth-first search.

use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Problem};
use crate::stats::{Budget, LimitKind, Limits, Outcome, SearchResult, Stats};
use crate::store::{DenseSeen, HashSeen, Seen, vec_bytes_after};

/// What the catalogue knows about breadth-first search, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "bfs",
    aliases: &[],
    summary: "breadth-first search: fewest actions, no heuristic",
    promise: |_| crate::algorithm::Promise::FewestActions,
    needs: crate::algorithm::Needs {
        heuristic: false,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

const NO_PARENT: u32 = u32::MAX;

struct Node<S, A> {
    state: S,
    parent: u32,
    action: Option<A>,
    depth: u32,
}

/// Breadth-first search from `start`: the path with the FEWEST actions (optimal for unit costs).
///
/// The goal test is made when a node is generated. Because the queue is FIFO and actions are
/// tried in the problem's order, the path returned is the lexicographically smallest (in action
/// order) among the shortest ones. Duplicate states are detected with a dense table when the
/// problem has a perfect rank ([`Problem::rank`]), with a hash set otherwise.
///
/// # Arguments
/// * `problem`, `start`: the rules and the start state.
/// * `limits`: node limit, time limit, cancel, memory, and `max_cost` read as a DEPTH limit
///   (number of actions). A start that is a goal is answered with no actions under any limit.
///   The memory limit is checked before each expansion against what the node table and the
///   seen set would hold once they grow for its children (`size_of` bytes an entry: heap
///   memory a state owns is not seen); a dense seen set that would not fit is replaced by a
///   hash set, which grows only as states are found.
///
/// # Returns
/// The outcome (the cost reported is the sum of the path's action costs) and statistics:
/// `expanded`, `generated` (the root included), `max_frontier` (largest queue).
///
/// # Complexity
/// O(V + E) time and O(V) memory over the reachable states within the depth limit.
///
/// # Examples
/// ```
/// use searchlab_core::{bfs, Limits, Problem};
///
/// /// Count from 0 to a target with +1 and *2.
/// struct Reach(u32);
/// impl Problem for Reach {
///     type State = u32;
///     type Action = char;
///     type Cost = u32;
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn actions(&self, s: &u32, out: &mut Vec<char>) {
///         if *s < self.0 { out.extend(['+', '*']) }
///     }
///     fn result(&self, s: &u32, a: &char) -> (u32, u32) {
///         (if *a == '+' { s + 1 } else { s * 2 }, 1)
///     }
/// }
/// let run = bfs(&Reach(10), &0, &Limits::none());
/// assert_eq!(run.outcome.actions().unwrap(), &['+', '+', '*', '+', '*']);
/// ```
pub fn bfs<P: Problem + ?Sized>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost> {
    match &limits.trace {
        None => bfs_observed(problem, start, limits, &mut NoObserver),
        // Traced runs use the hash set, never the dense one, so that the dense path keeps
        // one caller (see `astar()`'s note: benches/README.md, issue 17).
        Some(trace) => run(
            problem,
            start,
            limits,
            HashSeen::default(),
            &mut trace.observer(),
        ),
    }
}

/// [`bfs()`] reporting every step to `observer` ([`crate::observe`]): each node expanded
/// ([`SearchEvent::Expand`], exactly `stats.expanded`), each new child
/// ([`SearchEvent::Generate`]; g is its depth, h zero), each child already seen
/// ([`SearchEvent::Prune`], `Duplicate`), each node at the depth limit (`Bound`), the goal.
/// Answers and statistics are those of [`bfs()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn bfs_observed<P, O>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let memory = limits.max_memory.unwrap_or(u64::MAX);
    match (problem.rank_count(), problem.rank(start)) {
        (Some(n), Some(_)) if DenseSeen::bytes(n) <= memory => {
            run(problem, start, limits, DenseSeen::new(n), observer)
        }
        _ => run(problem, start, limits, HashSeen::default(), observer),
    }
}

/// The view of a BFS node at `depth`: g counts actions (BFS keeps no costs), h is zero.
#[inline]
fn view<S, C: Cost>(state: &S, depth: u32) -> NodeView<'_, S, C> {
    NodeView::new(state, C::from_u64(u64::from(depth)), C::ZERO, depth)
}

fn run<P, V, O>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
    mut seen: V,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    V: Seen<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let mut budget = Budget::new(limits);
    let mut stats = Stats {
        generated: 1,
        max_frontier: 1,
        ..Stats::default()
    };
    let max_depth = limits.max_cost.unwrap_or(u64::MAX);
    let mut nodes: Vec<Node<P::State, P::Action>> = Vec::new();
    let mut actions = Vec::new();
    let mut cut = false;

    let finish =
        |nodes: &Vec<Node<P::State, P::Action>>, mut i: u32, stats: Stats, budget: &Budget| {
            let mut path = Vec::new();
            let mut cost = P::Cost::ZERO;
            while nodes[i as usize].parent != NO_PARENT {
                let node = &nodes[i as usize];
                let action = node
                    .action
                    .clone()
                    .expect("non-root nodes carry their action");
                let parent = &nodes[node.parent as usize];
                cost = cost + problem.result(&parent.state, &action).1;
                path.push(action);
                i = node.parent;
            }
            path.reverse();
            budget.answer(
                Outcome::Solved {
                    actions: path,
                    cost,
                },
                stats,
            )
        };

    seen.insert(problem, start);
    nodes.push(Node {
        state: start.clone(),
        parent: NO_PARENT,
        action: None,
        depth: 0,
    });
    if problem.is_goal(start) {
        if observer.active() {
            observer.event(SearchEvent::Goal(view(start, 0)));
        }
        return finish(&nodes, 0, stats, &budget);
    }
    let mut head = 0usize;
    while head < nodes.len() {
        if let Some(kind) = budget.check(stats.expanded) {
            return budget.answer(Outcome::Stopped(kind), stats);
        }
        let depth = nodes[head].depth;
        if u64::from(depth) >= max_depth {
            cut = true;
            if observer.active() {
                let v = view(&nodes[head].state, depth);
                observer.event(SearchEvent::Prune(v, Prune::Bound));
            }
            head += 1;
            continue;
        }
        actions.clear();
        problem.actions(&nodes[head].state, &mut actions);
        // Before any table grows for these children: would the tables still fit?
        let k = actions.len();
        let node_size = size_of::<Node<P::State, P::Action>>();
        let bytes = vec_bytes_after(nodes.len(), nodes.capacity(), k, node_size)
            .saturating_add(seen.bytes_after(k));
        if let Some(kind) = budget.check_memory(bytes) {
            return budget.answer(Outcome::Stopped(kind), stats);
        }
        stats.expanded += 1;
        if observer.active() {
            observer.event(SearchEvent::Expand(view(&nodes[head].state, depth)));
        }
        for action in actions.drain(..) {
            let (child, _) = problem.result(&nodes[head].state, &action);
            if !seen.insert(problem, &child) {
                if observer.active() {
                    let v = view(&child, depth + 1);
                    observer.event(SearchEvent::Prune(v, Prune::Duplicate));
                }
                continue;
            }
            stats.generated += 1;
            let goal = problem.is_goal(&child);
            if observer.active() {
                observer.event(SearchEvent::Generate(view(&child, depth + 1)));
                if goal {
                    observer.event(SearchEvent::Goal(view(&child, depth + 1)));
                }
            }
            nodes.push(Node {
                state: child,
                parent: head as u32,
                action: Some(action),
                depth: depth + 1,
            });
            if goal {
                let last = (nodes.len() - 1) as u32;
                return finish(&nodes, last, stats, &budget);
            }
        }
        head += 1;
        stats.max_frontier = stats.max_frontier.max((nodes.len() - head) as u64);
    }
    let outcome = if cut {
        Outcome::Stopped(LimitKind::Cost)
    } else {
        Outcome::NoSolution
    };
    budget.answer(outcome, stats)
}
