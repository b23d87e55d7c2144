//! The bounded depth-first engine of iterative deepening, shared by [`crate::idastar()`],
//! [`crate::iddfs()`] and [`crate::par_idastar()`]: one iteration below a node (or below a
//! range of a node's children), in the problem's action order, with the counts of
//! [`crate::idastar()`] (Korf's convention).
//!
//! Beside the loop itself, a [`Control`] is asked before each expansion (the sequential
//! search's budget, or a parallel worker's limits, cancellation and requests for work), and an
//! observer ([`crate::observe`]) is told each step when it is active.
//!
//! Work is split off lazily: the loop keeps no record per node beyond what the sequential
//! search keeps (the path, and each open node's actions on one stack). Only when the control
//! asks for a split ([`Signal::Share`]) does [`Engine::split_off`] rebuild, from the path, where
//! each open node stands among its children (replaying the path from where the search began
//! for the states, g and h), and cut off the untried children of open nodes as [`Range`]s for
//! other threads. The loop then pays one comparison per searched child to learn that its node
//! gave its remaining children away ([`Engine::cut_below`]). A first design kept a frame per
//! open node instead (a push per expansion, a store per child): 16% more instructions per node
//! than the sequential loop on the 15-puzzle with Manhattan distance (benches/README.md,
//! issue 18).

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

/// Above every level that can be cut: no f has `u64::MAX` as its first part (IDA*'s is 0,
/// IDDFS's a depth).
#[inline]
fn not_cut<C: Cost>() -> Level<C> {
    (u64::MAX, C::INFINITY)
}

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

/// How the search below a node ended, inside the recursion: [`Step`] without the level, which
/// the recursion gathers in one accumulator per node ([`Engine::walk`]). Small enough to be
/// returned in registers: returning a whole `Step` went through memory at every node, and
/// the load after each return was 13% of IDA*'s samples on the 8-puzzle (issue 34).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Next,
    Found,
    Stopped(LimitKind),
    Abandoned,
}

/// The [`Step`] of a search below a node that ended with `flow`, `next` being the least
/// level it cut.
#[inline]
fn step_of<C: Cost>(flow: Flow, next: Level<C>) -> Step<C> {
    match flow {
        Flow::Next => Step::Next((next != not_cut()).then_some(next)),
        Flow::Found => Step::Found,
        Flow::Stopped(kind) => Step::Stopped(kind),
        Flow::Abandoned => Step::Abandoned,
    }
}

/// The control's answer before an expansion.
pub(crate) enum Signal {
    /// Expand.
    Go,
    /// Expand; the control has just looked at the other threads (every few expansions), so
    /// the engine may do its own periodic bookkeeping (the path marks that
    /// [`Engine::split_off`] judges work by).
    Tick,
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
    /// Whether this control may answer [`Signal::Share`] or [`Signal::Tick`]: the engine's
    /// loop checks for cut-off children (one comparison per searched child) only then.
    const SPLITS: bool;
    /// Called before each expansion, with the expansions this engine made so far.
    fn before_expansion(&mut self, expanded: u64) -> Signal;
    /// Receives the ranges split off after [`Signal::Share`], in the sequential order (the
    /// first starts right after what the engine kept); empty when no open node could give
    /// children, and then `later` tells whether one has children left but not yet enough work
    /// searched below it to qualify ([`Engine::split_off`]).
    fn share(&mut self, ranges: Vec<Range<P>>, later: bool) {
        let _ = (ranges, later);
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

/// Where a search from a range began: what [`Engine::split_off`] replays the path from.
struct Base<P: Problem + ?Sized> {
    state: P::State,
    g: P::Cost,
    h: P::Cost,
    /// The depth of the range's parent (the length of its path).
    depth: usize,
    /// The range's key but its last number.
    key: Vec<u32>,
    /// The child number of the range's first action among all its parent's.
    offset: u32,
    /// Where the range's actions sit on the action stack.
    first: usize,
    end: usize,
}

/// The path at one moment of the search, and the expansions then: a node on the current path
/// that was on the path at a mark has had at least the expansions since the mark below it.
struct Mark<A> {
    at: u64,
    path: Vec<A>,
}

/// The path marks kept ([`Engine::split_off`]); one is taken every `min_split / (MARKS - 1)`
/// expansions, so the newest mark at least `min_split` old is at most `min_split * MARKS /
/// (MARKS - 1)` old: nodes qualify for a split with at most an eighth more work below them
/// than asked.
const MARKS: usize = 9;

/// One open node, rebuilt from the path by [`Engine::split_off`]: its state, g and h, where
/// its children sit on the action stack, and which one is being searched.
struct Open<P: Problem + ?Sized> {
    state: P::State,
    g: P::Cost,
    h: P::Cost,
    first: usize,
    pos: usize,
    end: usize,
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
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    /// The deepest expanded node's depth plus one.
    pub(crate) max_frontier: u64,
    /// Open nodes shallower than this gave their remaining children away: their loops end
    /// after the child being searched. 0 before any split.
    cut_below: usize,
    /// To split work off: where this search began (a range; none for the sequential search).
    base: Option<Base<P>>,
    /// Split only below nodes with this many expansions searched under them.
    min_split: u64,
    /// The last [`MARKS`] path marks (a ring), the next slot, and when the next is due.
    marks: Vec<Mark<P::Action>>,
    next_slot: usize,
    next_mark: u64,
    /// The states on the current path reached from their predecessor by a zero-cost action,
    /// from `run_start` on: the current zero-cost run (see [`Engine::children`]), each state
    /// before the current node's.
    zero_run: Vec<P::State>,
    run_start: usize,
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
            expanded: 0,
            generated: 0,
            max_frontier: 0,
            cut_below: 0,
            base: None,
            min_split: MIN_SPLIT,
            marks: Vec::new(),
            next_slot: 0,
            next_mark: 0,
            zero_run: Vec::new(),
            run_start: 0,
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
        let mut next = not_cut();
        let flow = self.walk(state, g, h, last, &mut next);
        step_of(flow, next)
    }

    /// [`Engine::visit`] in the recursion: lowers `next` to the least level cut below.
    fn walk(
        &mut self,
        state: &mut P::State,
        g: P::Cost,
        h: P::Cost,
        last: Option<&P::Action>,
        next: &mut Level<P::Cost>,
    ) -> Flow {
        if self.problem.is_goal(state) {
            if self.observer.active() {
                let view = NodeView::new(&*state, g, h, self.path.len() as u32);
                self.observer.event(SearchEvent::Goal(view));
            }
            return Flow::Found;
        }
        match self.control.before_expansion(self.expanded) {
            Signal::Go => {}
            Signal::Stop(kind) => return Flow::Stopped(kind),
            Signal::Abandon => return Flow::Abandoned,
            Signal::Tick if K::SPLITS => self.tick(),
            Signal::Share if K::SPLITS => {
                let (ranges, later) = self.split_off();
                self.control.share(ranges, later);
                self.tick();
            }
            Signal::Tick | Signal::Share => {}
        }
        let depth = self.path.len();
        if crate::stack::exhausted(depth) {
            return Flow::Stopped(LimitKind::Memory);
        }
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
        self.children(state, g, h, depth, first, end, banned.as_ref(), next)
    }

    /// Searches the children of `range` (its parent was expanded by whoever split it off):
    /// the counts are those the sequential search makes on these children and below. Work can
    /// be split off this search from the range on.
    pub(crate) fn visit_range(&mut self, range: &Range<P>) -> Step<P::Cost> {
        self.path.clone_from(&range.path);
        let first = self.actions.len();
        self.actions.extend(range.actions.iter().cloned());
        let end = self.actions.len();
        let depth = range.path.len();
        self.base = Some(Base {
            state: range.parent.clone(),
            g: range.g,
            h: range.h,
            depth,
            key: range.key[..range.key.len().saturating_sub(1)].to_vec(),
            offset: range.key.last().copied().unwrap_or(0),
            first,
            end,
        });
        self.cut_below = 0;
        self.marks.clear();
        self.next_slot = 0;
        self.next_mark = 0;
        // The first mark, on the range's first child: everything searched here until that
        // child is done is below it. A mark with the range's parent alone would qualify
        // only the parent for the first split, which gives all of the range's remaining
        // children away at once: a whole subtree, which in the last iteration a thief may
        // search past the solution to its end.
        self.tick();
        if let (Some(mark), Some(child)) = (
            self.marks.last_mut(),
            range
                .actions
                .iter()
                .find(|a| Some(*a) != range.banned.as_ref()),
        ) {
            mark.path.push(child.clone());
        }
        let mut state = range.parent.clone();
        let mut next = not_cut();
        let flow = self.children(
            &mut state,
            range.g,
            range.h,
            depth,
            first,
            end,
            range.banned.as_ref(),
            &mut next,
        );
        step_of(flow, next)
    }

    /// The loop over the children of one node at `depth`, `actions[first..end]`; after a
    /// split that gave this node's remaining children away ([`Engine::cut_below`]) it ends
    /// with the child being searched.
    #[allow(
        clippy::too_many_arguments,
        reason = "the loop's state, passed once per node"
    )]
    #[inline(always)]
    fn children(
        &mut self,
        state: &mut P::State,
        g: P::Cost,
        h: P::Cost,
        depth: usize,
        first: usize,
        end: usize,
        banned: Option<&P::Action>,
        parent_next: &mut Level<P::Cost>,
    ) -> Flow {
        // The least level cut below this node so far, [`not_cut`] while none: a plain minimum
        // per cut child, not a test of two options (5% of IDA*'s samples on the 8-puzzle,
        // issue 34).
        let mut next: Level<P::Cost> = not_cut();
        let mut result = Flow::Next;
        let mut i = first;
        while i < end {
            let action = self.actions[i].clone();
            i += 1;
            let action = &action;
            if banned == Some(action) {
                continue;
            }
            self.generated += 1;
            let step = if P::IN_PLACE {
                let cost = self.problem.apply(state, action);
                let step = if cost == P::Cost::ZERO {
                    // The parent, to look for the child on the zero-cost run (rare: only
                    // zero-cost actions pay for it).
                    self.problem.undo(state, action);
                    let parent = state.clone();
                    self.problem.apply(state, action);
                    self.descend_free(state, parent, g, h, action, &mut next)
                } else {
                    self.descend_paid(state, g + cost, h, action, &mut next)
                };
                self.problem.undo(state, action);
                step
            } else {
                let (mut child, cost) = self.problem.result(state, action);
                if cost == P::Cost::ZERO {
                    self.descend_free(&mut child, state.clone(), g, h, action, &mut next)
                } else {
                    self.descend_paid(&mut child, g + cost, h, action, &mut next)
                }
            };
            match step {
                // A split below gave this node's remaining children away.
                Some(Flow::Next) if K::SPLITS && depth < self.cut_below => break,
                None | Some(Flow::Next) => {}
                Some(found_or_stopped) => {
                    result = found_or_stopped;
                    break;
                }
            }
        }
        self.actions.truncate(first);
        *parent_next = (*parent_next).min(next);
        result
    }

    /// [`Engine::descend`] along an action with a cost: the child starts a new zero-cost run
    /// (none of the run's states can recur below it at the same g).
    #[inline(always)]
    fn descend_paid(
        &mut self,
        child: &mut P::State,
        g: P::Cost,
        parent_h: P::Cost,
        action: &P::Action,
        next: &mut Level<P::Cost>,
    ) -> Option<Flow> {
        let run = self.zero_run.len();
        self.descend(child, g, parent_h, action, next, Some(run))
    }

    /// [`Engine::descend`] along a zero-cost action from `parent`: a child that is the parent
    /// or a state earlier on the same zero-cost run closes a cycle of cost 0, which no bound
    /// would ever end (issue 32); it is skipped, as RBFS and DFBnB skip it. Nothing is lost:
    /// every path through the repeated state is searched from its first occurrence, at the
    /// same g. (Cycles that cost something end at the bound.)
    #[cold]
    fn descend_free(
        &mut self,
        child: &mut P::State,
        parent: P::State,
        g: P::Cost,
        parent_h: P::Cost,
        action: &P::Action,
        next: &mut Level<P::Cost>,
    ) -> Option<Flow> {
        if *child == parent || self.zero_run[self.run_start..].contains(child) {
            if self.observer.active() {
                let view = NodeView::new(&*child, g, parent_h, self.path.len() as u32 + 1);
                self.observer
                    .event(SearchEvent::Prune(view, Prune::Duplicate));
            }
            return None;
        }
        self.zero_run.push(parent);
        let step = self.descend(child, g, parent_h, action, next, None);
        self.zero_run.pop();
        step
    }

    /// Cuts `child` if its f exceeds the bound (lowering `next`), else visits it, with the
    /// zero-cost run starting at `run` if given ([`Engine::descend_paid`]). The run is set
    /// only around the visit: a cut child (half of IDA*'s) needs none, and no store of the
    /// engine's then lies between the move and the heuristic's read of the moved state.
    #[inline(always)]
    fn descend(
        &mut self,
        child: &mut P::State,
        g: P::Cost,
        parent_h: P::Cost,
        action: &P::Action,
        next: &mut Level<P::Cost>,
        run: Option<usize>,
    ) -> Option<Flow> {
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
            *next = (*next).min(f);
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
        let outer_run = run.map(|run| std::mem::replace(&mut self.run_start, run));
        self.path.push(action.clone());
        let flow = self.walk(child, g, h, Some(action), next);
        if flow != Flow::Found {
            self.path.pop();
        }
        if let Some(outer) = outer_run {
            self.run_start = outer;
        }
        Some(flow)
    }

    /// Takes a path mark when one is due (every eighth of `min_split` expansions).
    #[cold]
    fn tick(&mut self) {
        if self.min_split == 0 || self.expanded < self.next_mark {
            return;
        }
        let mark = Mark {
            at: self.expanded,
            path: Vec::new(),
        };
        if self.marks.len() < MARKS {
            self.marks.push(mark);
        }
        let slot = &mut self.marks[self.next_slot];
        slot.at = self.expanded;
        slot.path.clone_from(&self.path);
        self.next_slot = (self.next_slot + 1) % MARKS;
        self.next_mark = self.expanded + (self.min_split / (MARKS as u64 - 1)).max(1);
    }

    /// Cuts this search's remaining work after the current subtree of one open node, the
    /// split node, and returns the cut-off part as ranges in the sequential order: the split
    /// node's remaining siblings (the thief's piece, right after what this search keeps), then
    /// the remaining siblings of each shallower open node (pieces for later). Empty if no open
    /// node qualifies, or this search did not start from a range.
    ///
    /// The split node is the deepest open node with siblings left below which this search
    /// already expanded `min_split` nodes ([`MIN_SPLIT`]; judged by the path marks, so up to
    /// an eighth more; an eighth of that for the piece's first split): its siblings are then
    /// likely worth a thread's trip,
    /// and the thief starts right after the giver. Splitting at the shallowest open node
    /// instead (the textbook choice, and this engine's first) sent the thief to the far end of
    /// the tree: in the last iteration what a thread searches after the solution is wasted,
    /// and that was 17% more nodes than the sequential search over Korf's 100 with 6-6-3 (2%
    /// with this choice).
    ///
    /// Nothing is recorded per node for this: the open nodes are rebuilt from the path. Each
    /// node's state, g and h by replaying the path from the range's parent (with the
    /// heuristic's incremental estimate, as the search made them), where its children sit on
    /// the action stack from their number (each node's lie right above its parent's), and
    /// which child is being searched by finding the path's next action among them. Should that
    /// action stand twice among a node's actions (a problem listing one action twice), the
    /// position is ambiguous and nothing is split off.
    ///
    /// Also returns, when nothing is split off, whether an open node has children left to
    /// give but does not qualify yet (a later request may get them).
    fn split_off(&mut self) -> (Vec<Range<P>>, bool) {
        let Some(base) = self.base.as_ref() else {
            return (Vec::new(), false);
        };
        // The open nodes are at levels 0..open below the range's parent (level 0); the node
        // at level `open` is about to be expanded.
        let open = self.path.len() - base.depth;
        // Levels above `lowest` gave their children away in an earlier split.
        let lowest = self.cut_below.saturating_sub(base.depth);
        // A piece's first split needs only an eighth of `min_split` below a node: a thread
        // asking then has nothing else to do (at an iteration's start, or right after this
        // thread took its piece), and the piece given is at depth 3 or deeper anyway (see
        // `SHALLOW_KEY` below). Waiting for `min_split` left the asker idle some 250 us with
        // 6-6-3 each time: over Korf's 100, 1.78x three times; this for the root piece alone,
        // 1.77-1.85x in eleven runs (mean 1.81x); for every piece, 1.82-1.88x in seven runs
        // (benches/README.md, issue 18, round 5).
        let age = if self.cut_below == 0 {
            (self.min_split / (MARKS as u64 - 1)).max(1)
        } else {
            self.min_split
        };
        let deepest = self.deepest_old(base, open, age);
        // A young search (its first expansions) has more to give soon, whatever its path holds.
        let young = self.expanded < age;
        let Some(last_open) = open.checked_sub(1).filter(|&l| l >= lowest) else {
            return (Vec::new(), young);
        };
        // Rebuild the open nodes down to the deepest that qualifies, and on down to the last
        // only when none of those gives (to tell whether one will later).
        let target = deepest.filter(|&d| d >= lowest);
        let mut levels = Levels::new(base, last_open + 1);
        let mut split = None;
        let mut upto = target.unwrap_or(last_open);
        loop {
            if levels.rebuild_to(self, base, upto).is_none() {
                return (Vec::new(), false);
            }
            if let Some(d) = target
                && upto == d
            {
                split = (lowest..=d)
                    .rev()
                    .find(|&level| self.gives(base, &levels.open, level));
                if split.is_none() && d < last_open {
                    upto = last_open;
                    continue;
                }
            }
            break;
        }
        let levels = levels.open;
        // A split whose first piece (the thief's) would start at depth 1 or 2 waits while a
        // deeper level is open: that level gives soon, nearer the giver. Handed out at once,
        // two threads searched two subtrees of a third of the tree each, the later one, in the
        // last iteration, past the solution.
        let split =
            split.filter(|&level| base.key.len() + level + 1 > SHALLOW_KEY || level == last_open);
        let Some(split) = split else {
            let gives_later = (lowest..=last_open).any(|level| self.gives(base, &levels, level));
            return (Vec::new(), young || gives_later);
        };
        let cut = self.pieces(base, &levels, lowest..=split);
        self.cut_below = base.depth + split + 1;
        (cut, false)
    }

    /// The deepest open level (below `base`, of `open`) on the path at the newest mark at
    /// least `age` expansions old: nodes on the path then and still on it have had at least
    /// `age` expansions below them. Without a `min_split`, the last open level.
    fn deepest_old(&self, base: &Base<P>, open: usize, age: u64) -> Option<usize> {
        if self.min_split == 0 {
            return open.checked_sub(1);
        }
        let mark = self
            .marks
            .iter()
            .filter(|m| self.expanded - m.at >= age)
            .max_by_key(|m| m.at)?;
        let common = mark
            .path
            .iter()
            .zip(&self.path)
            .take_while(|(a, b)| a == b)
            .count();
        // Levels 0..=common - base.depth were on the path then.
        let last_open = open.checked_sub(1)?;
        Some(common.saturating_sub(base.depth).min(last_open))
    }

    /// The action never searched below the open node at `level` (the inverse of the move
    /// into it): it has no child to give.
    fn banned_at(&self, base: &Base<P>, level: usize) -> Option<P::Action> {
        (base.depth + level)
            .checked_sub(1)
            .and_then(|d| self.problem.inverse(&self.path[d]))
    }

    /// Whether the open node at `level` has children left to give.
    fn gives(&self, base: &Base<P>, levels: &[Open<P>], level: usize) -> bool {
        let o = &levels[level];
        let banned = self.banned_at(base, level);
        self.actions[o.pos + 1..o.end]
            .iter()
            .any(|a| Some(a) != banned.as_ref())
    }

    /// The pieces split off the open nodes of `levels` in `range` that give: each node's
    /// children after the one being searched, the deepest first (first in the sequential
    /// order).
    fn pieces(
        &self,
        base: &Base<P>,
        levels: &[Open<P>],
        range: std::ops::RangeInclusive<usize>,
    ) -> Vec<Range<P>> {
        let number = |level: usize, pos: usize| {
            let o = &levels[level];
            (pos - o.first) as u32 + if level == 0 { base.offset } else { 0 }
        };
        let mut cut = Vec::new();
        for level in range.filter(|&level| self.gives(base, levels, level)) {
            let o = &levels[level];
            let mut key = base.key.clone();
            key.extend((0..level).map(|l| number(l, levels[l].pos)));
            key.push(number(level, o.pos + 1));
            cut.push(Range {
                parent: o.state.clone(),
                g: o.g,
                h: o.h,
                path: self.path[..base.depth + level].to_vec(),
                actions: self.actions[o.pos + 1..o.end].to_vec(),
                banned: self.banned_at(base, level),
                key,
            });
        }
        cut.reverse();
        cut
    }
}

/// The open nodes rebuilt so far by [`Engine::split_off`], and the node below the last one
/// (its state, g and h; where its parent's children sit on the action stack).
struct Levels<P: Problem + ?Sized> {
    open: Vec<Open<P>>,
    state: P::State,
    g: P::Cost,
    h: P::Cost,
    first: usize,
    end: usize,
    /// The actions of a node, listed again to count them.
    scratch: Vec<P::Action>,
}

impl<P: Problem + ?Sized> Levels<P> {
    fn new(base: &Base<P>, capacity: usize) -> Self {
        Levels {
            open: Vec::with_capacity(capacity),
            state: base.state.clone(),
            g: base.g,
            h: base.h,
            first: base.first,
            end: base.end,
            scratch: Vec::new(),
        }
    }

    /// Rebuilds the open nodes down to level `upto` by replaying the path; `None` when a
    /// node's action being searched stands twice among its actions (the position is
    /// ambiguous).
    fn rebuild_to<H, K, O>(
        &mut self,
        engine: &Engine<'_, P, H, K, O>,
        base: &Base<P>,
        upto: usize,
    ) -> Option<()>
    where
        H: Heuristic<P> + ?Sized,
    {
        while self.open.len() <= upto {
            let level = self.open.len();
            if level > 0 {
                self.scratch.clear();
                engine.problem.actions(&self.state, &mut self.scratch);
                (self.first, self.end) = (self.end, self.end + self.scratch.len());
            }
            let action = &engine.path[base.depth + level];
            let mut at = engine.actions[self.first..self.end]
                .iter()
                .enumerate()
                .filter(|(_, a)| *a == action)
                .map(|(j, _)| self.first + j);
            let (Some(pos), None) = (at.next(), at.next()) else {
                return None;
            };
            let (child, cost) = engine.problem.result(&self.state, action);
            let child_h = match engine.bound_kind {
                Bound::Cost => {
                    engine
                        .heuristic
                        .estimate_child(engine.problem, &child, action, self.h)
                }
                Bound::Depth => P::Cost::ZERO,
            };
            self.open.push(Open {
                state: std::mem::replace(&mut self.state, child),
                g: self.g,
                h: self.h,
                first: self.first,
                pos,
                end: self.end,
            });
            (self.g, self.h) = (self.g + cost, child_h);
        }
        debug_assert!(self.end <= engine.actions.len(), "the open nodes' actions");
        Some(())
    }
}

/// Expansions below an open node after which its remaining siblings may be split off (see
/// [`Engine::split_off`]): big enough that a piece costs far more than the split (a lock, a
/// wake-up, a replay of the path), small enough that the thief starts near the giver. 2^9 and
/// 2^11 gave 1.021x and 1.019x the sequential nodes over Korf's 100 with 6-6-3 (one run each
/// on a loaded machine; benches/README.md, issue 18).
pub(crate) const MIN_SPLIT: u64 = 1 << 11;

/// Keys of at most this many numbers start at depth 1 or 2: pieces of a third of the tree or
/// so, which a split gives away only when nothing deeper is open ([`Engine::split_off`]) and
/// which idle threads ask for a fresh split before taking (`ask_wait` in `par_idastar.rs`).
pub(crate) const SHALLOW_KEY: usize = 2;
