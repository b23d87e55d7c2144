//! Bidirectional breadth-first search, and the check every bidirectional search makes.

use std::mem::size_of;

use crate::best_first::{AnyIndex, NO_PARENT, cost_of, path_to};
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver, Side};
use crate::problem::{Cost, Problem};
use crate::stats::{Budget, LimitKind, Limits, Outcome, SearchResult, Stats};
use crate::store::{DenseIndex, HashIndex, NodeIndex};

/// What the catalogue knows about bidirectional BFS, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "bibfs",
    aliases: &[],
    summary: "bidirectional BFS: fewest actions; needs an explicit goal state",
    promise: |_| crate::algorithm::Promise::FewestActions,
    needs: crate::algorithm::Needs {
        heuristic: false,
        goal_state: true,
    },
    parameter: None,
    module: module_path!(),
};

/// Why a bidirectional search ([`bibfs()`], [`crate::mm()`]) refused a problem: it searches
/// backward from the goal, so it needs the goal as one state and the way back from a state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BidirectionalError {
    /// [`Problem::goal_state`] is `None`: the goal is a test or a set of states.
    #[error(
        "bidirectional search needs the goal as one explicit state, and this problem's goal is a test or a set of states"
    )]
    NoGoalState,
    /// [`Problem::has_predecessors`] is `false`.
    #[error(
        "bidirectional search needs the predecessors of a state, and this problem does not list them"
    )]
    NoPredecessors,
    /// The state [`Problem::goal_state`] gave fails [`Problem::is_goal`] (a bug in the
    /// problem).
    #[error("the problem's goal state does not pass its own goal test")]
    GoalStateNotGoal,
}

/// Whether bidirectional searches can run on `problem`; its goal state if so. Callers (a
/// command line, a benchmark) may ask before running, to list or refuse the algorithm with
/// the reason.
///
/// ```
/// use searchlab_core::{check_bidirectional, BidirectionalError, Problem};
/// struct Walk;
/// impl Problem for Walk {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s % 7 == 0 }
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1]) }
///     fn result(&self, s: &i32, a: &i32) -> (i32, u32) { (s + a, 1) }
/// }
/// assert_eq!(check_bidirectional(&Walk), Err(BidirectionalError::NoGoalState));
/// ```
pub fn check_bidirectional<P: Problem + ?Sized>(
    problem: &P,
) -> Result<P::State, BidirectionalError> {
    let goal = problem
        .goal_state()
        .ok_or(BidirectionalError::NoGoalState)?;
    if !problem.has_predecessors() {
        return Err(BidirectionalError::NoPredecessors);
    }
    if !problem.is_goal(&goal) {
        return Err(BidirectionalError::GoalStateNotGoal);
    }
    Ok(goal)
}

struct Node<S, A> {
    state: S,
    /// Forward tree: the node this one was reached from. Backward tree: the node this one
    /// leads to (one step nearer the goal).
    parent: u32,
    /// The FORWARD action between this node and its parent (parent -> node in the forward
    /// tree, node -> parent in the backward tree).
    action: Option<A>,
}

/// One half of the search: its nodes, their index, its current layer and depth.
struct Half<S, A, I> {
    nodes: Vec<Node<S, A>>,
    index: I,
    layer: Vec<u32>,
    depth: u64,
}

/// Bidirectional breadth-first search from `start` to the problem's goal state: two
/// breadth-first searches, forward from the start and backward from the goal (through
/// [`Problem::predecessors`]), each expanding a whole layer at a time, the smaller frontier
/// first, until they meet. The path returned has the FEWEST actions (optimal for unit costs),
/// and the two searches together reach about twice b^(d/2) states instead of b^d.
///
/// Stopping at the first meeting is not enough for the shortest path; the layer in which the
/// halves first meet is completed and the shortest of its meetings taken (the first found of
/// equal length, so the answer is the same every run). States are kept in dense tables when the
/// problem has a perfect rank, hash maps otherwise.
///
/// # Arguments
/// * `problem`, `start`: the rules and the start state. The problem must give
///   [`Problem::goal_state`] and [`Problem::predecessors`].
/// * `limits`: nodes (expansions of both halves), time, cancel, memory (both halves' tables,
///   estimated), and `max_cost` read as a DEPTH limit (number of actions), as for
///   [`crate::bfs()`].
///
/// # Returns
/// `Err(`[`BidirectionalError`]`)` when the problem lacks an explicit goal state or
/// predecessors (nothing is searched); else the outcome (the cost reported is the sum of the
/// path's action costs) and statistics: `expanded`, `generated` (both roots and every new
/// state of either half), `max_frontier` (largest sum of the two layers).
///
/// # Complexity
/// O(b^(d/2)) time and memory for branching factor b and solution length d, in the best case;
/// never more than two breadth-first searches.
///
/// # Examples
/// ```
/// use searchlab_core::{bfs, bibfs, Limits, Problem};
///
/// /// A ring of 20 positions; step left or right; the goal is 0.
/// struct Ring;
/// impl Problem for Ring {
///     type State = u32;
///     type Action = char;
///     type Cost = u32;
///     fn is_goal(&self, s: &u32) -> bool { *s == 0 }
///     fn actions(&self, _: &u32, out: &mut Vec<char>) { out.extend(['<', '>']) }
///     fn result(&self, s: &u32, a: &char) -> (u32, u32) {
///         (if *a == '<' { (s + 19) % 20 } else { (s + 1) % 20 }, 1)
///     }
///     fn goal_state(&self) -> Option<u32> { Some(0) }
///     fn has_predecessors(&self) -> bool { true }
///     fn predecessors(&self, s: &u32, out: &mut Vec<(u32, char, u32)>) {
///         out.extend([((s + 1) % 20, '<', 1), ((s + 19) % 20, '>', 1)])
///     }
/// }
/// let run = bibfs(&Ring, &13, &Limits::none()).unwrap();
/// assert_eq!(run.outcome.cost(), Some(7));
/// assert_eq!(run.outcome.cost(), bfs(&Ring, &13, &Limits::none()).outcome.cost());
/// ```
///
/// # Reference
/// I. Pohl, "Bi-directional search", Machine Intelligence 6 (1971) 127-140.
pub fn bibfs<P: Problem + ?Sized>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
) -> Result<SearchResult<P::Action, P::Cost>, BidirectionalError> {
    match &limits.trace {
        None => bibfs_observed(problem, start, limits, &mut NoObserver),
        Some(trace) => bibfs_observed(problem, start, limits, &mut trace.observer()),
    }
}

/// [`bibfs()`] reporting every step to `observer` ([`crate::observe`]): each node expanded
/// ([`SearchEvent::Expand`], exactly `stats.expanded`), each new neighbour
/// ([`SearchEvent::Generate`]), each one its half has seen ([`SearchEvent::Prune`],
/// `Duplicate`), with g the depth from its half's root and the side
/// ([`Side::Backward`] for the goal's half); the meeting node as [`SearchEvent::Goal`].
/// Answers and statistics are those of [`bibfs()`].
///
/// # Errors
/// As [`bibfs()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn bibfs_observed<P, O>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
    observer: &mut O,
) -> Result<SearchResult<P::Action, P::Cost>, BidirectionalError>
where
    P: Problem + ?Sized,
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
            limits,
            budget,
            [HashIndex::default(), HashIndex::default()],
            (0, per_entry),
            observer,
        ),
    })
}

/// One run: the rules, both halves and the counts its steps share.
struct Search<'a, P, I, O>
where
    P: Problem + ?Sized,
    O: ?Sized,
{
    problem: &'a P,
    observer: &'a mut O,
    budget: Budget,
    /// Both indexes' fixed bytes.
    fixed_bytes: u64,
    /// Bytes per node: its table entry, its index entry and its place in a layer.
    node_bytes: u64,
    stats: Stats,
    /// Forward, then backward.
    halves: [Half<P::State, P::Action, I>; 2],
    /// Buffers kept between expansions.
    actions: Vec<P::Action>,
    preds: Vec<(P::State, P::Action, P::Cost)>,
    next: Vec<u32>,
}

#[allow(clippy::too_many_arguments)]
fn run<P, I, O>(
    problem: &P,
    start: &P::State,
    goal: P::State,
    limits: &Limits,
    budget: Budget,
    indexes: [I; 2],
    (fixed_bytes, index_entry_bytes): (u64, u64),
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let [forward_index, backward_index] = indexes;
    let half = |index| Half {
        nodes: Vec::new(),
        index,
        layer: vec![0],
        depth: 0,
    };
    let mut search = Search {
        problem,
        observer,
        budget,
        fixed_bytes,
        node_bytes: size_of::<Node<P::State, P::Action>>() as u64 + index_entry_bytes + 4,
        stats: Stats {
            generated: 2,
            max_frontier: 2,
            ..Stats::default()
        },
        halves: [half(forward_index), half(backward_index)],
        actions: Vec::new(),
        preds: Vec::new(),
        next: Vec::new(),
    };
    let max_depth = limits.max_cost.unwrap_or(u64::MAX);
    if problem.is_goal(start) {
        if search.observer.active() {
            search.observer.event(SearchEvent::Goal(view(start, 0, 0)));
        }
        return search.finish(Outcome::Solved {
            actions: Vec::new(),
            cost: P::Cost::ZERO,
        });
    }
    for (half, root) in search.halves.iter_mut().zip([start.clone(), goal]) {
        let key = half.index.key(problem, &root);
        half.index.set(key, 0);
        half.nodes.push(Node {
            state: root,
            parent: NO_PARENT,
            action: None,
        });
    }
    loop {
        let [forward, backward] = &search.halves;
        if forward.layer.is_empty() || backward.layer.is_empty() {
            return search.finish(Outcome::NoSolution);
        }
        if forward.depth + backward.depth >= max_depth {
            return search.finish(Outcome::Stopped(LimitKind::Cost));
        }
        // The smaller frontier is the cheaper layer to expand.
        let side = usize::from(backward.layer.len() < forward.layer.len());
        match search.expand_layer(side) {
            Err(kind) => return search.finish(Outcome::Stopped(kind)),
            Ok(Some((here, there))) => {
                let meeting = if side == 0 {
                    (here, there)
                } else {
                    (there, here)
                };
                let outcome = search.meeting_outcome(start, meeting);
                return search.finish(outcome);
            }
            Ok(None) => {}
        }
    }
}

impl<P, I, O> Search<'_, P, I, O>
where
    P: Problem + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    /// Ends the run with `outcome`.
    fn finish(self, outcome: Outcome<P::Action, P::Cost>) -> SearchResult<P::Action, P::Cost> {
        self.budget.answer(outcome, self.stats)
    }

    /// Expands the whole layer of the half `side`: `Ok` with the shortest meeting it made
    /// (this half's node, the other half's node) if any, `Err` when a limit stops the run.
    fn expand_layer(&mut self, side: usize) -> Result<Option<(u32, u32)>, LimitKind> {
        let [forward, backward] = &mut self.halves;
        let (this, other) = if side == 0 {
            (forward, &*backward)
        } else {
            (backward, &*forward)
        };
        // The best meeting of this layer: (length, this half's node, other half's node).
        let mut best: Option<(u64, u32, u32)> = None;
        self.next.clear();
        let layer = std::mem::take(&mut this.layer);
        for &id in &layer {
            if let Some(kind) = self.budget.check(self.stats.expanded) {
                return Err(kind);
            }
            self.stats.expanded += 1;
            // (neighbour, forward action between them) in the problem's fixed order.
            let node = &this.nodes[id as usize];
            if self.observer.active() {
                let v = view(&node.state, this.depth, side);
                self.observer.event(SearchEvent::Expand(v));
            }
            neighbours(
                self.problem,
                side == 1,
                &node.state,
                node.action.as_ref(),
                &mut self.actions,
                &mut self.preds,
            );
            for (neighbour, action, _) in self.preds.drain(..) {
                let key = this.index.key(self.problem, &neighbour);
                if this.index.get(&key).is_some() {
                    if self.observer.active() {
                        let v = view(&neighbour, this.depth + 1, side);
                        self.observer.event(SearchEvent::Prune(v, Prune::Duplicate));
                    }
                    continue;
                }
                let nodes = this.nodes.len() + other.nodes.len() + 1;
                let bytes = self.fixed_bytes + nodes as u64 * self.node_bytes;
                if let Some(kind) = self.budget.check_memory(bytes) {
                    return Err(kind);
                }
                let other_key = other.index.key(self.problem, &neighbour);
                // The same state, not only the same key: a rank may be shared by states that
                // no moves join (the 8-puzzle's solvability classes, `Problem::rank`), and the
                // halves of an unsolvable instance search two such sets.
                let met = other
                    .index
                    .get(&other_key)
                    .filter(|&oid| other.nodes[oid as usize].state == neighbour);
                let cid = this.nodes.len() as u32;
                this.index.set(key, cid);
                this.nodes.push(Node {
                    state: neighbour,
                    parent: id,
                    action: Some(action),
                });
                self.next.push(cid);
                self.stats.generated += 1;
                if self.observer.active() {
                    let v = view(&this.nodes[cid as usize].state, this.depth + 1, side);
                    self.observer.event(SearchEvent::Generate(v));
                }
                if let Some(oid) = met {
                    // The other half's node is at its depth or one less; find which.
                    let length = this.depth + 1 + depth_of(other, oid);
                    if best.is_none_or(|(l, _, _)| length < l) {
                        best = Some((length, cid, oid));
                    }
                }
            }
        }
        this.layer = std::mem::take(&mut self.next);
        this.depth += 1;
        let [forward, backward] = &self.halves;
        self.stats.max_frontier = self
            .stats
            .max_frontier
            .max((forward.layer.len() + backward.layer.len()) as u64);
        Ok(best.map(|(_, here, there)| (here, there)))
    }

    /// The path through the meeting nodes (forward id, backward id).
    fn meeting_outcome(
        &mut self,
        start: &P::State,
        (forward_id, backward_id): (u32, u32),
    ) -> Outcome<P::Action, P::Cost> {
        let [forward, backward] = &self.halves;
        if self.observer.active() {
            let n = &forward.nodes[forward_id as usize];
            let d = depth_of(forward, forward_id);
            self.observer.event(SearchEvent::Goal(view(&n.state, d, 0)));
        }
        let link = |half: &Half<P::State, P::Action, I>, i: u32| {
            let n = &half.nodes[i as usize];
            (n.parent, n.action.clone())
        };
        meeting_path(
            self.problem,
            start,
            (forward_id, |i| link(forward, i)),
            (backward_id, |i| link(backward, i)),
        )
    }
}

/// The neighbours of `state` with the FORWARD action between them and its cost, for one
/// direction of a bidirectional search ([`bibfs()`], [`crate::mm()`]): forward (`backward`
/// false) its children in the problem's action order, without the action back to the parent
/// (`reached_by` inverted); backward its predecessors ([`Problem::predecessors`]). `actions`
/// is scratch space; `out` is cleared first.
pub(crate) fn neighbours<P: Problem + ?Sized>(
    problem: &P,
    backward: bool,
    state: &P::State,
    reached_by: Option<&P::Action>,
    actions: &mut Vec<P::Action>,
    out: &mut Vec<(P::State, P::Action, P::Cost)>,
) {
    out.clear();
    if backward {
        problem.predecessors(state, out);
        return;
    }
    actions.clear();
    problem.actions(state, actions);
    let back = reached_by.and_then(|a| problem.inverse(a));
    for action in actions.drain(..) {
        if back.as_ref() != Some(&action) {
            let (child, cost) = problem.result(state, &action);
            out.push((child, action, cost));
        }
    }
}

/// The solution through a meeting of the two directions of a bidirectional search: the
/// actions from the start to the forward node (`forward`: its id and the link of a node to
/// its parent with the action between them), then from the backward node to the goal
/// (`backward`: a node's link leads one step nearer the goal, with the FORWARD action), and
/// their total cost from `start`.
pub(crate) fn meeting_path<P: Problem + ?Sized>(
    problem: &P,
    start: &P::State,
    forward: (u32, impl Fn(u32) -> (u32, Option<P::Action>)),
    backward: (u32, impl Fn(u32) -> (u32, Option<P::Action>)),
) -> Outcome<P::Action, P::Cost> {
    let mut path = path_to(forward.0, forward.1);
    let mut id = backward.0;
    loop {
        let (parent, action) = (backward.1)(id);
        if parent == NO_PARENT {
            break;
        }
        path.push(action.expect("non-root nodes carry their action"));
        id = parent;
    }
    let cost = cost_of(problem, start, &path);
    Outcome::Solved {
        actions: path,
        cost,
    }
}

/// A node of the half `side` (0 forward, 1 backward) at `depth`, for the observer: g is the
/// depth (unit costs), h zero.
fn view<S, C: Cost>(state: &S, depth: u64, side: usize) -> NodeView<'_, S, C> {
    NodeView {
        state,
        g: C::from_u64(depth),
        h: C::ZERO,
        depth: depth as u32,
        side: if side == 0 {
            Side::Forward
        } else {
            Side::Backward
        },
    }
}

/// The depth of node `id` in `half`'s tree (the number of parent links to its root).
fn depth_of<S, A, I>(half: &Half<S, A, I>, mut id: u32) -> u64 {
    let mut depth = 0;
    while half.nodes[id as usize].parent != NO_PARENT {
        id = half.nodes[id as usize].parent;
        depth += 1;
    }
    depth
}
