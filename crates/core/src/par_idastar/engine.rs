//! The bounded depth-first engine of iterative deepening, shared by the sequential and the
//! parallel searches: one iteration below a node (or below a range of a node's children), in
//! the problem's action order, with the counts of [`crate::idastar()`].
//!
//! The engine is the loop of `idastar.rs`, with two additions that cost a few stores per node:
//! a [`Control`] asked before each expansion (the sequential search's budget, or a parallel
//! worker's limits, cancellation and requests for work), and a stack of frames (each open
//! node's estimate and position among its children) from which the remaining siblings of the
//! shallowest open node can be split off as a [`Range`] for another thread. `idastar.rs` keeps
//! its own copy for now (it is being given observer hooks in another branch); it can call
//! [`Engine::visit`] with a [`BudgetControl`] instead, as the test
//! `sequential_driver_equals_idastar` here does.

use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::LimitKind;

/// What an iteration bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// f = g + h (IDA*).
    Cost,
    /// The number of actions (IDDFS); the heuristic is then zero.
    #[cfg_attr(
        not(test),
        allow(dead_code, reason = "for IDDFS once idastar.rs uses this engine")
    )]
    Depth,
}

/// A bound or an f value: `(depth, ZERO)` for IDDFS, `(0, g + h)` for IDA*. Pairs compare
/// lexicographically, so each kind compares exactly in its own type: a non-integer cost is
/// never rounded to decide what is cut.
pub(crate) type Level<C> = (u64, C);

/// The smaller of two optional levels, `None` being "none cut" (above every level).
#[inline]
pub(crate) fn min_level<C: Ord + Copy>(
    a: Option<Level<C>>,
    b: Option<Level<C>>,
) -> Option<Level<C>> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// How the search below a node ended.
#[derive(Debug)]
pub(crate) enum Step<C> {
    /// A goal; [`Engine::path`] leads to it.
    Found,
    /// No goal within the bound: the smallest level above the bound that was cut, `None` if
    /// none.
    Next(Option<Level<C>>),
    /// A limit.
    Stopped(LimitKind),
    /// Given up at the control's request (in parallel: work after a solution).
    Abandoned,
}

/// The control's answer before an expansion.
pub(crate) enum Signal {
    /// Expand.
    Go,
    /// Stop: a limit.
    Stop(LimitKind),
    /// Give up this search.
    Abandon,
    /// Split off the shallowest open node's remaining children ([`Control::share`]), then
    /// expand.
    Share,
}

/// Decides, before each expansion, whether the engine goes on, and receives split-off work.
pub(crate) trait Control<P: Problem + ?Sized> {
    /// Called before each expansion, with the expansions this engine made so far.
    fn before_expansion(&mut self, expanded: u64) -> Signal;
    /// Receives the ranges split off after [`Signal::Share`], in the sequential order (the
    /// first starts right after what the engine kept); empty when no open node had children
    /// left to give.
    fn share(&mut self, ranges: Vec<Range<P>>) {
        let _ = ranges;
    }
}

/// The sequential search's control: the budget of [`crate::Limits`], nothing shared.
#[cfg_attr(
    not(test),
    allow(dead_code, reason = "for idastar.rs, which keeps its copy for now")
)]
pub(crate) struct BudgetControl(pub(crate) crate::stats::Budget);

impl<P: Problem + ?Sized> Control<P> for BudgetControl {
    #[inline]
    fn before_expansion(&mut self, expanded: u64) -> Signal {
        match self.0.check(expanded) {
            None => Signal::Go,
            Some(kind) => Signal::Stop(kind),
        }
    }
}

/// Children of one node still to search, split off a running search: the node's state, its
/// g and h, the path to it, its remaining actions (the action undoing the move into it,
/// `banned`, among them is skipped as in the loop), and the key of the first of them.
pub(crate) struct Range<P: Problem + ?Sized> {
    pub(crate) parent: P::State,
    pub(crate) g: P::Cost,
    pub(crate) h: P::Cost,
    pub(crate) path: Vec<P::Action>,
    pub(crate) actions: Vec<P::Action>,
    pub(crate) banned: Option<P::Action>,
    /// The child numbers (positions among their siblings' actions) from the start to the
    /// range's first child: keys compare in the order the sequential search visits nodes.
    pub(crate) key: Vec<u32>,
}

/// An open node on the current path: its g and h, where its children sit on the action
/// stack, and which one is being searched.
struct Frame<C> {
    g: C,
    h: C,
    first: usize,
    pos: usize,
    end: usize,
    /// Added to `pos - first` to number the children as among all the node's actions (a
    /// range's first frame starts mid-way).
    offset: u32,
    /// The engine's expansions when the node was entered: how much work lies below it so far,
    /// to judge whether its siblings are worth a split.
    expanded_at: u64,
}

/// One depth-first search within a bound (one iteration, or one range of it).
pub(crate) struct Engine<'a, P: Problem + ?Sized, H: ?Sized, K> {
    problem: &'a P,
    heuristic: &'a H,
    pub(crate) control: K,
    bound_kind: Bound,
    bound: Level<P::Cost>,
    /// The actions from the start to the current node.
    pub(crate) path: Vec<P::Action>,
    /// The actions of the nodes on the current path, each node's above its parent's.
    actions: Vec<P::Action>,
    frames: Vec<Frame<P::Cost>>,
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    /// The deepest expanded node's depth plus one.
    pub(crate) max_frontier: u64,
    /// To split work off: the state where this search's frames start, its depth and key.
    base: Option<P::State>,
    base_depth: usize,
    base_key: Vec<u32>,
    /// Split only below nodes with this many expansions searched under them.
    min_split: u64,
}

impl<'a, P, H, K> Engine<'a, P, H, K>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    K: Control<P>,
{
    /// An engine for one bound.
    pub(crate) fn new(
        problem: &'a P,
        heuristic: &'a H,
        control: K,
        bound_kind: Bound,
        bound: Level<P::Cost>,
    ) -> Self {
        Engine {
            problem,
            heuristic,
            control,
            bound_kind,
            bound,
            path: Vec::new(),
            actions: Vec::new(),
            frames: Vec::new(),
            expanded: 0,
            generated: 0,
            max_frontier: 0,
            base: None,
            base_depth: 0,
            base_key: Vec::new(),
            min_split: MIN_SPLIT,
        }
    }

    /// Splits only below open nodes with `min_split` expansions searched under them (0: any
    /// open node, for tests that want every way of splitting).
    pub(crate) fn with_min_split(mut self, min_split: u64) -> Self {
        self.min_split = min_split;
        self
    }

    /// Searches below `state`, whose f is within the bound (the caller checked), reached by
    /// [`Engine::path`] and last by `last`: children whose f exceeds the bound are counted as
    /// generated and cut without a call. Nothing can be split off above `state`.
    pub(crate) fn visit(
        &mut self,
        state: &mut P::State,
        g: P::Cost,
        h: P::Cost,
        last: Option<&P::Action>,
    ) -> Step<P::Cost> {
        if self.problem.is_goal(state) {
            return Step::Found;
        }
        match self.control.before_expansion(self.expanded) {
            Signal::Go => {}
            Signal::Stop(kind) => return Step::Stopped(kind),
            Signal::Abandon => return Step::Abandoned,
            Signal::Share => {
                let ranges = self.split_off();
                self.control.share(ranges);
            }
        }
        let depth = self.path.len();
        self.expanded += 1;
        self.max_frontier = self.max_frontier.max(depth as u64 + 1);
        // This node's actions sit on top of one shared stack, above its ancestors' (children
        // push theirs above and truncate back), so no per-node buffer is taken or allocated.
        let first = self.actions.len();
        self.problem.actions(state, &mut self.actions);
        let end = self.actions.len();
        let banned = last.and_then(|a| self.problem.inverse(a));
        self.children(state, g, h, first, end, 0, banned.as_ref())
    }

    /// Searches the children of `range` (its parent was expanded by whoever split it off):
    /// the counts are those the sequential search makes on these children and below. Work can
    /// be split off this search from the range on.
    pub(crate) fn visit_range(&mut self, range: &Range<P>) -> Step<P::Cost> {
        self.path.clone_from(&range.path);
        self.base = Some(range.parent.clone());
        self.base_depth = range.path.len();
        self.base_key.clear();
        self.base_key
            .extend_from_slice(&range.key[..range.key.len().saturating_sub(1)]);
        let offset = range.key.last().copied().unwrap_or(0);
        let first = self.actions.len();
        self.actions.extend(range.actions.iter().cloned());
        let end = self.actions.len();
        let mut state = range.parent.clone();
        self.children(
            &mut state,
            range.g,
            range.h,
            first,
            end,
            offset,
            range.banned.as_ref(),
        )
    }

    /// The loop over one node's children, `actions[first..end]` (the end may be lowered
    /// meanwhile by [`Engine::split_off`]).
    #[allow(
        clippy::too_many_arguments,
        reason = "the loop's state, passed once per node"
    )]
    fn children(
        &mut self,
        state: &mut P::State,
        g: P::Cost,
        h: P::Cost,
        first: usize,
        end: usize,
        offset: u32,
        banned: Option<&P::Action>,
    ) -> Step<P::Cost> {
        let level = self.frames.len();
        self.frames.push(Frame {
            g,
            h,
            first,
            pos: first,
            end,
            offset,
            expanded_at: self.expanded,
        });
        let mut next: Option<Level<P::Cost>> = None;
        let mut result = None;
        let mut i = first;
        while i < self.frames[level].end {
            self.frames[level].pos = i;
            let action = self.actions[i].clone();
            i += 1;
            let action = &action;
            if banned == Some(action) {
                continue;
            }
            self.generated += 1;
            let step = if P::IN_PLACE {
                let cost = self.problem.apply(state, action);
                let step = self.descend(state, g + cost, h, action, &mut next);
                self.problem.undo(state, action);
                step
            } else {
                let (mut child, cost) = self.problem.result(state, action);
                self.descend(&mut child, g + cost, h, action, &mut next)
            };
            match step {
                None => {}
                Some(Step::Next(n)) => next = min_level(next, n),
                Some(found_or_stopped) => {
                    result = Some(found_or_stopped);
                    break;
                }
            }
        }
        self.frames.pop();
        self.actions.truncate(first);
        result.unwrap_or(Step::Next(next))
    }

    /// Cuts `child` if its f exceeds the bound (lowering `next`), else visits it.
    #[inline]
    fn descend(
        &mut self,
        child: &mut P::State,
        g: P::Cost,
        parent_h: P::Cost,
        action: &P::Action,
        next: &mut Option<Level<P::Cost>>,
    ) -> Option<Step<P::Cost>> {
        let (h, f) = match self.bound_kind {
            Bound::Cost => {
                let h = self
                    .heuristic
                    .estimate_child(self.problem, child, action, parent_h);
                (h, (0, g.saturating_add(h)))
            }
            Bound::Depth => (P::Cost::ZERO, (self.path.len() as u64 + 1, P::Cost::ZERO)),
        };
        if f > self.bound {
            *next = min_level(*next, Some(f));
            return None;
        }
        self.path.push(action.clone());
        let step = self.visit(child, g, h, Some(action));
        if !matches!(step, Step::Found) {
            self.path.pop();
        }
        Some(step)
    }

    /// Cuts this search's remaining work after the current subtree of one open node, the
    /// split node, and returns the cut-off part as ranges in the sequential order: the split
    /// node's remaining siblings (the thief's piece, right after what this search keeps), then
    /// the remaining siblings of each shallower open node (pieces for later). Empty if no open
    /// node qualifies, or this search did not start from a range.
    ///
    /// The split node is the deepest open node with siblings left below which this search
    /// already expanded `min_split` nodes ([`MIN_SPLIT`]): its siblings are then likely worth
    /// a thread's trip, and the thief starts right after the giver. Splitting at the
    /// shallowest open node instead (the textbook choice, and this engine's first) sent the
    /// thief to the far end of the tree: in the last iteration what a thread searches after
    /// the solution is wasted, and that was 17% more nodes than the sequential search over
    /// Korf's 100 with 6-6-3 (2% now).
    fn split_off(&mut self) -> Vec<Range<P>> {
        let Some(base) = self.base.as_ref() else {
            return Vec::new();
        };
        // The levels with children left to give (the inverse of the move into the node is
        // never searched, so it is no child to give).
        let banned_at = |level: usize| {
            (self.base_depth + level)
                .checked_sub(1)
                .and_then(|d| self.problem.inverse(&self.path[d]))
        };
        let open: Vec<usize> = (0..self.frames.len())
            .filter(|&level| {
                let f = &self.frames[level];
                let banned = banned_at(level);
                self.actions[f.pos + 1..f.end]
                    .iter()
                    .any(|a| Some(a) != banned.as_ref())
            })
            .collect();
        let Some(split) = open
            .iter()
            .rev()
            .copied()
            .find(|&level| self.expanded - self.frames[level].expanded_at >= self.min_split)
        else {
            return Vec::new();
        };
        // The parent of each range, replayed from the base once, level by level.
        let mut parent = base.clone();
        let mut parent_level = 0;
        let mut cut = Vec::new();
        for &level in open.iter().filter(|&&l| l <= split) {
            for action in &self.path[self.base_depth + parent_level..self.base_depth + level] {
                parent = self.problem.result(&parent, action).0;
            }
            parent_level = level;
            let f = &self.frames[level];
            let mut key = self.base_key.clone();
            key.extend(
                self.frames[..level]
                    .iter()
                    .map(|f| (f.pos - f.first) as u32 + f.offset),
            );
            key.push((f.pos + 1 - f.first) as u32 + f.offset);
            cut.push(Range {
                parent: parent.clone(),
                g: f.g,
                h: f.h,
                path: self.path[..self.base_depth + level].to_vec(),
                actions: self.actions[f.pos + 1..f.end].to_vec(),
                banned: banned_at(level),
                key,
            });
        }
        for range in &cut {
            let level = range.path.len() - self.base_depth;
            self.frames[level].end = self.frames[level].pos + 1;
        }
        // The deepest cut comes first in the sequential order.
        cut.reverse();
        cut
    }
}

/// Expansions below an open node after which its remaining siblings may be split off (see
/// [`Engine::split_off`]): big enough that a piece costs far more than the split (a lock, a
/// wake-up, a replay of the path), small enough that the thief starts near the giver. 2^9 and
/// 2^11 gave 1.021x and 1.019x the sequential nodes over Korf's 100 with 6-6-3 (one run each
/// on a loaded machine; benches/README.md, issue 18).
pub(crate) const MIN_SPLIT: u64 = 1 << 11;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Budget, Iteration, Limits, Outcome, SearchResult, Stats};
    use crate::{SplitMix64, idastar, iddfs};

    /// The sequential iterative deepening of `idastar.rs`, on this engine: what `idastar.rs`
    /// can become.
    fn sequential<P, H>(
        problem: &P,
        start: &P::State,
        heuristic: &H,
        limits: &Limits,
        bound_kind: Bound,
    ) -> SearchResult<P::Action, P::Cost>
    where
        P: Problem + ?Sized,
        H: Heuristic<P> + ?Sized,
    {
        let h0 = match bound_kind {
            Bound::Cost => heuristic.estimate(problem, start),
            Bound::Depth => P::Cost::ZERO,
        };
        let mut bound = (0, h0);
        let mut stats = Stats::default();
        let mut control = BudgetControl(Budget::new(limits));
        let outcome = loop {
            let mut engine = Engine::new(problem, heuristic, control, bound_kind, bound);
            let mut state = start.clone();
            let mut iteration = Iteration {
                bound: match bound_kind {
                    Bound::Cost => bound.1.to_u64(),
                    Bound::Depth => bound.0,
                },
                ..Iteration::default()
            };
            iteration.generated += u64::from(stats.iterations.is_empty());
            // The budget counts expansions over the whole run.
            engine.expanded = stats.expanded;
            let step = engine.visit(&mut state, P::Cost::ZERO, h0, None);
            iteration.expanded = engine.expanded - stats.expanded;
            iteration.generated += engine.generated;
            stats.expanded += iteration.expanded;
            stats.generated += iteration.generated;
            stats.max_frontier = stats.max_frontier.max(engine.max_frontier);
            stats.iterations.push(iteration);
            control = engine.control;
            match step {
                Step::Found => {
                    let actions = engine.path;
                    let cost = crate::problem::replay(problem, start, &actions).unwrap().1;
                    break Outcome::Solved { actions, cost };
                }
                Step::Stopped(kind) => break Outcome::Stopped(kind),
                Step::Abandoned => unreachable!("the budget never abandons"),
                Step::Next(None) => break Outcome::NoSolution,
                Step::Next(Some(next)) => bound = next,
            }
        };
        SearchResult { outcome, stats }
    }

    /// Pancake sorting (flip the top `k`), in place.
    struct Pancakes<const N: usize>;

    impl<const N: usize> Problem for Pancakes<N> {
        type State = [u8; N];
        type Action = usize;
        type Cost = u32;
        fn is_goal(&self, s: &[u8; N]) -> bool {
            s.windows(2).all(|w| w[0] < w[1])
        }
        fn actions(&self, _: &[u8; N], out: &mut Vec<usize>) {
            out.extend(2..=N);
        }
        fn result(&self, s: &[u8; N], k: &usize) -> ([u8; N], u32) {
            let mut t = *s;
            t[..*k].reverse();
            (t, 1)
        }
        const IN_PLACE: bool = true;
        fn apply(&self, s: &mut [u8; N], k: &usize) -> u32 {
            s[..*k].reverse();
            1
        }
        fn undo(&self, s: &mut [u8; N], k: &usize) {
            s[..*k].reverse();
        }
        fn inverse(&self, k: &usize) -> Option<usize> {
            Some(*k)
        }
    }

    fn gaps<const N: usize>(s: &[u8; N]) -> u32 {
        (0..N)
            .filter(|&i| s[i].abs_diff(if i + 1 < N { s[i + 1] } else { N as u8 }) != 1)
            .count() as u32
    }

    #[test]
    fn sequential_driver_equals_idastar_and_iddfs() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..10 {
            let mut s = [0u8, 1, 2, 3, 4, 5, 6];
            for i in (1..7).rev() {
                s.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let limits = Limits::none();
            let mut a = sequential(&Pancakes::<7>, &s, &gaps::<7>, &limits, Bound::Cost);
            let mut b = idastar(&Pancakes::<7>, &s, &gaps::<7>, &limits);
            (a.stats.elapsed, b.stats.elapsed) = Default::default();
            assert_eq!(a, b);
            let zero = |_: &[u8; 7]| 0u32;
            let mut a = sequential(&Pancakes::<7>, &s, &zero, &limits, Bound::Depth);
            let mut b = iddfs(&Pancakes::<7>, &s, &limits);
            (a.stats.elapsed, b.stats.elapsed) = Default::default();
            assert_eq!(a, b);
            let limits = Limits::none().with_max_expanded(50);
            let a = sequential(&Pancakes::<7>, &s, &gaps::<7>, &limits, Bound::Cost);
            let b = idastar(&Pancakes::<7>, &s, &gaps::<7>, &limits);
            assert_eq!(a.outcome, b.outcome);
        }
    }
}
