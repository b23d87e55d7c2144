//! The bounded depth-first engine of iterative deepening, shared by [`crate::idastar()`],
//! [`crate::iddfs()`] and [`crate::par_idastar()`]: one iteration below a node (or below a
//! range of a node's children), in the problem's action order, with the counts of
//! [`crate::idastar()`] (Korf's convention).
//!
//! Beside the loop itself, a [`Control`] is asked before each expansion (the sequential
//! search's budget, or a parallel worker's limits, cancellation and requests for work), an
//! observer ([`crate::observe`]) is told each step when it is active, and, for controls that
//! split work off ([`Control::SPLITS`]), a stack of frames (each open node's estimate and
//! position among its children) is kept, from which the remaining siblings of open nodes can be
//! cut off as [`Range`]s for other threads. The sequential search keeps no frames: its loop
//! compiles to what `idastar.rs` had before it used this engine.

use crate::observe::{NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::LimitKind;

/// What an iteration bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// f = g + h (IDA*).
    Cost,
    /// The number of actions (IDDFS); the heuristic is then zero.
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
    /// Cut off work for other threads ([`Engine::split_off`], handed to [`Control::share`]),
    /// then expand.
    Share,
}

/// Decides, before each expansion, whether the engine goes on, and receives split-off work.
pub(crate) trait Control<P: Problem + ?Sized> {
    /// Whether this control may answer [`Signal::Share`]: the engine keeps its frames (a few
    /// stores per node) only then.
    const SPLITS: bool;
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
pub(crate) struct BudgetControl(pub(crate) crate::stats::Budget);

impl<P: Problem + ?Sized> Control<P> for BudgetControl {
    const SPLITS: bool = false;
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

/// One depth-first search within a bound (one iteration, or one range of it); the sequential
/// search sets [`Engine::bound`] anew for each iteration.
pub(crate) struct Engine<'a, P: Problem + ?Sized, H: ?Sized, K, O> {
    problem: &'a P,
    heuristic: &'a H,
    pub(crate) control: K,
    pub(crate) observer: O,
    bound_kind: Bound,
    pub(crate) bound: Level<P::Cost>,
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

impl<'a, P, H, K, O> Engine<'a, P, H, K, O>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    K: Control<P>,
    O: SearchObserver<P::State, P::Cost>,
{
    /// An engine for one bound.
    pub(crate) fn new(
        problem: &'a P,
        heuristic: &'a H,
        control: K,
        observer: O,
        bound_kind: Bound,
        bound: Level<P::Cost>,
    ) -> Self {
        Engine {
            problem,
            heuristic,
            control,
            observer,
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
            if self.observer.active() {
                let view = NodeView::new(&*state, g, h, self.path.len() as u32);
                self.observer.event(SearchEvent::Goal(view));
            }
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
        if self.observer.active() {
            let view = NodeView::new(&*state, g, h, depth as u32);
            self.observer.event(SearchEvent::Expand(view));
        }
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
    #[inline]
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
        if K::SPLITS {
            self.frames.push(Frame {
                g,
                h,
                first,
                pos: first,
                end,
                offset,
                expanded_at: self.expanded,
            });
        }
        let mut next: Option<Level<P::Cost>> = None;
        let mut result = None;
        let mut i = first;
        let mut end = end;
        while i < end {
            if K::SPLITS {
                self.frames[level].pos = i;
            }
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
                Some(Step::Next(n)) => {
                    next = min_level(next, n);
                    if K::SPLITS {
                        // A split below may have cut this node's children short.
                        end = self.frames[level].end;
                    }
                }
                Some(found_or_stopped) => {
                    result = Some(found_or_stopped);
                    break;
                }
            }
        }
        if K::SPLITS {
            // Not `pop`: nothing to copy out.
            self.frames.truncate(level);
        }
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
            if self.observer.active() {
                let view = NodeView::new(&*child, g, h, self.path.len() as u32 + 1);
                self.observer.event(SearchEvent::Prune(view, Prune::Bound));
            }
            return None;
        }
        if self.observer.active() {
            let view = NodeView::new(&*child, g, h, self.path.len() as u32 + 1);
            self.observer.event(SearchEvent::Generate(view));
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
