//! The single-agent problem trait, costs and heuristics.
//!
//! A [`Problem`] is the rules only: the goal test, the actions of a state in a FIXED order and
//! their results. The start state is passed to each search, so one problem value serves many
//! instances. Heuristics are separate values ([`Heuristic`]) so that one problem can carry
//! several and benchmarks can compare them; [`Zero`] turns A* into uniform-cost search.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::Add;

/// A path cost: a non-negative value, totally ordered and compared EXACTLY.
///
/// Implemented for the unsigned integers and for [`crate::Octile`] (`a + b*sqrt(2)`, the
/// lengths of 8-connected grid paths). Every algorithm compares costs with [`Ord`] only, so a
/// non-integer cost type is first-class as long as its order is exact: no tie is ever decided by
/// a float's rounding.
///
/// Integer costs additionally set [`Cost::INTEGER`], which lets A* keep its open list in
/// buckets indexed by [`Cost::to_u64`].
pub trait Cost:
    Copy + Ord + Default + Add<Output = Self> + Debug + Display + Hash + Send + Sync + 'static
{
    /// The zero cost.
    const ZERO: Self;
    /// The largest representable cost, used as "infinity".
    const INFINITY: Self;
    /// Whether every cost is a whole number that [`Cost::to_u64`] and [`Cost::from_u64`] carry
    /// exactly (`true` for the integers). Algorithms may then index by cost (A*'s bucket open
    /// list); for other types they only compare.
    const INTEGER: bool = true;
    /// The cost as a `u64`, for statistics and limits. Non-integer costs round UP, so that
    /// `c.to_u64() > bound` is exactly `c > bound` for every integer `bound`
    /// ([`crate::Limits::max_cost`] stays exact).
    fn to_u64(self) -> u64;
    /// The cost of a `u64`; for integer costs the inverse of [`Cost::to_u64`].
    fn from_u64(value: u64) -> Self;
    /// Addition that stops at [`Cost::INFINITY`] instead of overflowing.
    fn saturating_add(self, other: Self) -> Self;
    /// The cost times `numerator / denominator`, rounded DOWN, stopping at [`Cost::INFINITY`]
    /// (`denominator` is at least 1). Weighted A* scales its heuristic with it: rounding down
    /// keeps the `weight x optimal` bound exact. The default goes through [`Cost::to_u64`] and
    /// is exact when that is; cost types that are not plain integers override it.
    fn scale(self, numerator: u64, denominator: u64) -> Self {
        if self == Self::INFINITY {
            return self;
        }
        let scaled =
            u128::from(self.to_u64()) * u128::from(numerator) / u128::from(denominator.max(1));
        if scaled >= u128::from(Self::INFINITY.to_u64()) {
            Self::INFINITY
        } else {
            Self::from_u64(scaled as u64)
        }
    }
    /// The cost as a float, for display and averages only (never for decisions). The default
    /// converts [`Cost::to_u64`].
    fn to_f64(self) -> f64 {
        self.to_u64() as f64
    }
    /// For non-integer costs: an integer below 2^48 with EXACTLY the cost's order, for every
    /// cost below some threshold (`None` from the threshold up, so every keyed cost is smaller
    /// than every unkeyed one). A* then keeps the open list's small entries as packed integers
    /// (one integer comparison per heap step instead of the cost's own). The default has none;
    /// integer costs need none (their buckets index by [`Cost::to_u64`]).
    fn order_key(self) -> Option<u64> {
        None
    }
}

macro_rules! impl_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            const INFINITY: Self = <$t>::MAX;
            fn to_u64(self) -> u64 {
                self as u64
            }
            fn from_u64(value: u64) -> Self {
                value as $t
            }
            fn saturating_add(self, other: Self) -> Self {
                <$t>::saturating_add(self, other)
            }
            fn scale(self, numerator: u64, denominator: u64) -> Self {
                let scaled = (self as u128) * u128::from(numerator) / u128::from(denominator.max(1));
                // Saturates: INFINITY stays INFINITY for any numerator >= denominator.
                if scaled >= <$t>::MAX as u128 { <$t>::MAX } else { scaled as $t }
            }
        }
    )*};
}
impl_cost!(u8, u16, u32, u64, usize);

/// A single-agent search problem: states, labelled actions in a fixed order, costs, a goal test.
///
/// Required: [`Problem::is_goal`], [`Problem::actions`], [`Problem::result`]. The rest are fast
/// paths a problem may offer:
///
/// * [`Problem::IN_PLACE`] with [`Problem::apply`] / [`Problem::undo`]: IDA* and IDDFS then
///   modify one state instead of cloning one per node.
/// * [`Problem::inverse`]: the action that undoes another; depth-first searches skip it right
///   after its twin (parent pruning).
/// * [`Problem::rank`] with [`Problem::rank_count`]: a rank of the states into `0..rank_count`,
///   one to one on the states that actions join; A* and BFS then keep their nodes in dense
///   tables instead of hash maps.
///   [`Problem::rank_child`] may derive a child's rank from its parent's.
///
/// * [`Problem::goal_state`] with [`Problem::has_predecessors`] / [`Problem::predecessors`]: the
///   one goal state and the way back from a state; bidirectional searches ([`crate::bibfs()`],
///   [`crate::mm()`]) need both and refuse problems without them.
///
/// The order of [`Problem::actions`] is part of the contract: every algorithm tries actions in
/// that order and never reorders siblings, so the same instance gives the same answer every run.
pub trait Problem {
    /// A state of the problem.
    type State: Clone + Eq + Hash + Debug;
    /// An action label, what the user sees (`u`, `A`, ...).
    type Action: Clone + Eq + Debug;
    /// The cost type of actions and paths.
    type Cost: Cost;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Appends the actions applicable in `state` to `out` (which the caller has cleared), in the
    /// problem's fixed order.
    fn actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// The state reached by `action` from `state`, and the action's cost.
    fn result(&self, state: &Self::State, action: &Self::Action) -> (Self::State, Self::Cost);

    /// Whether [`Problem::apply`] and [`Problem::undo`] work in place. When `false` (the
    /// default) depth-first searches clone states instead.
    const IN_PLACE: bool = false;

    /// Applies `action` to `state` in place and returns its cost. The default uses
    /// [`Problem::result`].
    fn apply(&self, state: &mut Self::State, action: &Self::Action) -> Self::Cost {
        let (next, cost) = self.result(state, action);
        *state = next;
        cost
    }

    /// Undoes `action`, which was the last action applied to `state`. Only called when
    /// [`Problem::IN_PLACE`] is `true`; such problems must override it.
    fn undo(&self, state: &mut Self::State, action: &Self::Action) {
        let _ = (state, action);
        unreachable!("Problem::IN_PLACE is true but Problem::undo is not implemented")
    }

    /// The action that undoes `action`, if there is one. Depth-first searches never try it
    /// right after `action`, which prunes the trivial two-cycles.
    fn inverse(&self, action: &Self::Action) -> Option<Self::Action> {
        let _ = action;
        None
    }

    /// Whether no goal can be reached from `start`, when the problem can tell cheaply (a
    /// parity, a connected component, a whole small space searched): `true` is a proof, `false`
    /// only "not proved". The depth-first searches ([`crate::idastar()`], [`crate::iddfs()`],
    /// [`crate::rbfs()`], [`crate::dfbnb()`]), which on a space with cycles cannot prove that
    /// no goal exists and would deepen forever, ask before they start and answer
    /// [`Outcome::NoSolution`](crate::Outcome::NoSolution) at once (issue 32). The default
    /// proves nothing.
    fn goal_unreachable(&self, start: &Self::State) -> bool {
        let _ = start;
        false
    }

    /// A rank of `state` into `0..rank_count()`, if the problem has one: one to one on every
    /// set of states that actions join (states that no path joins may share a rank, as the
    /// 8-puzzle's two solvability classes do). Searches keep their nodes in tables by rank;
    /// the bidirectional ones, whose halves may search two unjoined sets, compare the states
    /// where their halves meet.
    fn rank(&self, state: &Self::State) -> Option<usize> {
        let _ = state;
        None
    }

    /// The number of distinct ranks, if the problem has a rank ([`Problem::rank`]).
    fn rank_count(&self) -> Option<usize> {
        None
    }

    /// The rank of `child`, reached by `action` from `parent`, whose rank is `parent_rank`.
    /// A* calls it for every generated state when the problem has a perfect rank; problems
    /// whose rank changes cheaply with one action (a sliding move swaps two cells) override
    /// it. The default ranks `child` anew.
    fn rank_child(
        &self,
        parent: &Self::State,
        parent_rank: usize,
        action: &Self::Action,
        child: &Self::State,
    ) -> Option<usize> {
        let _ = (parent, parent_rank, action);
        self.rank(child)
    }

    /// The rank of the child reached by `action` from `parent` (of rank `parent_rank`), when
    /// the problem can tell it without the child state, else `None` (the default). When it is
    /// `Some`, it must equal [`Problem::rank_child`]'s; A* then looks the child up before it
    /// builds it ([`Problem::result`]), and builds it only when the child is not closed (on a
    /// grid, where a cell's rank is its parent's plus an offset per move, most children are).
    fn rank_after(
        &self,
        parent: &Self::State,
        parent_rank: usize,
        action: &Self::Action,
    ) -> Option<usize> {
        let _ = (parent, parent_rank, action);
        None
    }

    /// The goal as one explicit state, when [`Problem::is_goal`] holds for exactly that state.
    /// Bidirectional searches start their backward half there. The default, `None`, says the
    /// goal is a test (or a set of states, like the rotation game's three centre symbols).
    fn goal_state(&self) -> Option<Self::State> {
        None
    }

    /// Whether [`Problem::predecessors`] is implemented. The default is `false`.
    fn has_predecessors(&self) -> bool {
        false
    }

    /// Appends to `out` every `(predecessor, action, cost)` such that `action` leads from
    /// `predecessor` to `state` at `cost` (the caller has cleared `out`), in a fixed order. Only
    /// called when [`Problem::has_predecessors`] is `true`; the default appends nothing. For
    /// problems whose actions all have inverses of the same cost (sliding puzzles), these are
    /// the results of the inverse actions.
    fn predecessors(
        &self,
        state: &Self::State,
        out: &mut Vec<(Self::State, Self::Action, Self::Cost)>,
    ) {
        let _ = (state, out);
    }
}

/// An estimate of the cost from a state to the nearest goal.
///
/// Admissible when it never overestimates; consistent when `h(s) <= c(s, s') + h(s')` for every
/// action. A* returns optimal costs with any admissible heuristic (it re-opens closed nodes when
/// the heuristic is inconsistent); IDA* needs admissibility only.
///
/// Any closure `Fn(&State) -> Cost` is a heuristic.
pub trait Heuristic<P: Problem + ?Sized> {
    /// The estimate for `state`.
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost;

    /// The estimate for `child`, reached from a parent whose estimate was `parent_estimate` by
    /// `action`. Heuristics that can update incrementally (Manhattan distance) override this;
    /// the default recomputes.
    fn estimate_child(
        &self,
        problem: &P,
        child: &P::State,
        action: &P::Action,
        parent_estimate: P::Cost,
    ) -> P::Cost {
        let _ = (action, parent_estimate);
        self.estimate(problem, child)
    }

    /// [`Heuristic::estimate_child`] for a search that has the parent at hand as well (A*,
    /// which builds each child as a new state beside its parent). An incremental heuristic may
    /// read what it needs from the parent, which is in memory already, and leave the new child
    /// in registers until the search stores it (the 8-puzzle's Manhattan distance reads the
    /// moved tile there: benches/README.md, issue 34). The same value as `estimate_child`; the
    /// default calls it.
    #[inline]
    fn estimate_from(
        &self,
        problem: &P,
        parent: &P::State,
        child: &P::State,
        action: &P::Action,
        parent_estimate: P::Cost,
    ) -> P::Cost {
        let _ = parent;
        self.estimate_child(problem, child, action, parent_estimate)
    }

    /// An admissible estimate of the cost from `from` to `to`, any two states, if this heuristic
    /// can make one (Manhattan distance can; a pattern database built for one goal cannot).
    /// Front-to-end bidirectional search ([`crate::mm()`]) uses it for its backward half, the
    /// distance from the start; without it that half runs with a zero heuristic. The default is
    /// `None`.
    fn estimate_between(&self, problem: &P, from: &P::State, to: &P::State) -> Option<P::Cost> {
        let _ = (problem, from, to);
        None
    }

    /// Whether the estimate is consistent on `problem`: `h(s) <= cost(s, a) + h(s')` for every
    /// step from `s` to `s'`, and 0 at goals. A* may then skip a closed node's neighbours
    /// without looking at them (a closed node's g is optimal), which saves a memory access
    /// per neighbour on a grid; say `true` only when it holds, or A*'s answers may not be
    /// optimal. The default is `false` (always safe).
    fn is_consistent(&self, problem: &P) -> bool {
        let _ = problem;
        false
    }
}

/// The zero heuristic: A* becomes uniform-cost search, IDA* becomes iterative deepening on cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zero;

impl<P: Problem + ?Sized> Heuristic<P> for Zero {
    fn estimate(&self, _: &P, _: &P::State) -> P::Cost {
        P::Cost::ZERO
    }
    /// Costs are never negative.
    fn is_consistent(&self, _: &P) -> bool {
        true
    }
}

impl<P, F> Heuristic<P> for F
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    fn estimate(&self, _: &P, state: &P::State) -> P::Cost {
        self(state)
    }
}

/// Heuristics chosen at run time (for example by a command-line flag).
impl<P: Problem + ?Sized> Heuristic<P> for Box<dyn Heuristic<P> + '_> {
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost {
        (**self).estimate(problem, state)
    }
    fn estimate_child(
        &self,
        problem: &P,
        child: &P::State,
        action: &P::Action,
        parent_estimate: P::Cost,
    ) -> P::Cost {
        (**self).estimate_child(problem, child, action, parent_estimate)
    }
    fn estimate_from(
        &self,
        problem: &P,
        parent: &P::State,
        child: &P::State,
        action: &P::Action,
        parent_estimate: P::Cost,
    ) -> P::Cost {
        (**self).estimate_from(problem, parent, child, action, parent_estimate)
    }
    fn estimate_between(&self, problem: &P, from: &P::State, to: &P::State) -> Option<P::Cost> {
        (**self).estimate_between(problem, from, to)
    }
    fn is_consistent(&self, problem: &P) -> bool {
        (**self).is_consistent(problem)
    }
}

/// Replays `actions` from `start` and returns the final state and the total cost, or the index of
/// the first action that is not applicable. Used to check every answer a search returns.
pub fn replay<P: Problem + ?Sized>(
    problem: &P,
    start: &P::State,
    actions: &[P::Action],
) -> Result<(P::State, P::Cost), usize> {
    let mut state = start.clone();
    let mut total = P::Cost::ZERO;
    let mut legal = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        legal.clear();
        problem.actions(&state, &mut legal);
        if !legal.contains(action) {
            return Err(i);
        }
        let (next, cost) = problem.result(&state, action);
        state = next;
        total = total + cost;
    }
    Ok((state, total))
}

/// Whether no goal is reachable from `start`, proved by visiting every state reachable from it
/// (breadth first, in a hash set) when there are at most `max_states` of them: `true` is a
/// proof; `false` means a goal was found or the space is larger than `max_states` (nothing
/// proved). For [`Problem::goal_unreachable`] of problems with small finite spaces. Memory:
/// about `max_states` states and their hashes.
///
/// # Examples
/// ```
/// use searchlab_core::{Problem, problem::no_goal_within};
///
/// /// Count modulo 6 in steps of 2 or 4: odd numbers are never reached from 0.
/// struct Steps(u8);
/// impl Problem for Steps {
///     type State = u8;
///     type Action = u8;
///     type Cost = u32;
///     fn is_goal(&self, s: &u8) -> bool { *s == self.0 }
///     fn actions(&self, _: &u8, out: &mut Vec<u8>) { out.extend([2, 4]) }
///     fn result(&self, s: &u8, a: &u8) -> (u8, u32) { ((s + a) % 6, 1) }
/// }
/// assert!(no_goal_within(&Steps(3), &0, 100));
/// assert!(!no_goal_within(&Steps(4), &0, 100));
/// assert!(!no_goal_within(&Steps(3), &0, 2)); // more states than allowed: nothing proved
/// ```
pub fn no_goal_within<P: Problem + ?Sized>(
    problem: &P,
    start: &P::State,
    max_states: usize,
) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    seen.insert(start.clone());
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    let mut actions = Vec::new();
    while let Some(state) = queue.pop_front() {
        if problem.is_goal(&state) {
            return false;
        }
        actions.clear();
        problem.actions(&state, &mut actions);
        for action in &actions {
            let (child, _) = problem.result(&state, action);
            if !seen.contains(&child) {
                if seen.len() >= max_states {
                    return false;
                }
                seen.insert(child.clone());
                queue.push_back(child);
            }
        }
    }
    true
}
