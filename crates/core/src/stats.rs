//! What every search run returns and obeys: limits, outcome, statistics.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A request to stop, shared between threads: a run given it in [`Limits::cancel`] stops soon
/// after [`Cancel::cancel`] is called (within about a thousand expansions) with
/// [`LimitKind::Cancelled`]. Clones share one flag. Meant for Ctrl-C handlers, stop buttons and
/// races between searches.
///
/// ```
/// use searchlab_core::{idastar, Cancel, LimitKind, Limits, Outcome, Problem};
///
/// /// Counting up forever: no goal, so only a limit ends the search.
/// struct Endless;
/// impl Problem for Endless {
///     type State = u64;
///     type Action = u8;
///     type Cost = u32;
///     fn is_goal(&self, _: &u64) -> bool { false }
///     fn actions(&self, _: &u64, out: &mut Vec<u8>) { out.extend([0, 1]) }
///     fn result(&self, s: &u64, a: &u8) -> (u64, u32) { (2 * s + u64::from(*a), 1) }
/// }
/// let cancel = Cancel::new();
/// let limits = Limits::none().with_cancel(cancel.clone());
/// let search = std::thread::spawn(move || idastar(&Endless, &1, &|_: &u64| 0, &limits));
/// cancel.cancel();
/// assert_eq!(search.join().unwrap().outcome, Outcome::Stopped(LimitKind::Cancelled));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A new flag, not set.
    pub fn new() -> Self {
        Self::default()
    }
    /// Asks every run holding this flag (or a clone) to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Two flags are equal when they are the same flag (clones of one [`Cancel`]).
impl PartialEq for Cancel {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Cancel {}

/// Limits on a search run. Hitting one is an outcome ([`Outcome::Stopped`]) with the
/// statistics so far, never a panic, an abort or a silent cap.
///
/// One rule for every single-agent search: the goal test of the START comes before any limit,
/// so a start that is already a goal is answered ([`Outcome::Solved`], no actions, cost zero)
/// under any limit, even `max_expanded: Some(0)`, `max_cost: Some(0)`, a zero timeout, a set
/// cancel flag or `max_memory: Some(0)`; a start that is not a goal under
/// `max_expanded: Some(0)` is [`Outcome::Stopped`] with [`LimitKind::Nodes`]. (Tested for every
/// algorithm in `crates/core/tests/limits.rs`.)
///
/// `Limits::default()` sets none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many node expansions (summed over iterations).
    pub max_expanded: Option<u64>,
    /// Never follow a path whose cost exceeds this bound (for unit costs: a depth limit). A
    /// search that had to cut paths at the bound and found no goal reports
    /// [`LimitKind::Cost`]; one that exhausted the space within the bound reports
    /// [`Outcome::NoSolution`].
    pub max_cost: Option<u64>,
    /// Stop after this much wall-clock time.
    pub timeout: Option<Duration>,
    /// Stop when this flag is set (from another thread).
    pub cancel: Option<Cancel>,
    /// Stop before the search's own tables (open and closed lists, visited sets, transposition
    /// tables it grows) would hold more than this many bytes. Searches that grow check it
    /// through their estimate of the bytes they hold; linear-space searches ignore it.
    pub max_memory: Option<u64>,
    /// Report every step of the run to this tracer ([`crate::observe`]): the plain entry
    /// points (`astar`, `idastar`, `AlphaBeta::search`, ...) then run their observed variant
    /// with it. Not a limit, but it travels with them to every search a driver starts.
    /// [`crate::par_idastar()`] does not report (its threads run in no fixed order).
    pub trace: Option<crate::observe::Trace>,
}

impl Limits {
    /// No limits.
    pub fn none() -> Self {
        Self::default()
    }
    /// Sets the node limit.
    pub fn with_max_expanded(mut self, n: u64) -> Self {
        self.max_expanded = Some(n);
        self
    }
    /// Sets the cost (depth) bound.
    pub fn with_max_cost(mut self, c: u64) -> Self {
        self.max_cost = Some(c);
        self
    }
    /// Sets the time limit.
    pub fn with_timeout(mut self, t: Duration) -> Self {
        self.timeout = Some(t);
        self
    }
    /// Sets the cancel flag.
    pub fn with_cancel(mut self, cancel: Cancel) -> Self {
        self.cancel = Some(cancel);
        self
    }
    /// Sets the memory limit in bytes.
    pub fn with_max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = Some(bytes);
        self
    }
    /// Sets the tracer every run with these limits reports to.
    pub fn with_trace(mut self, trace: crate::observe::Trace) -> Self {
        self.trace = Some(trace);
        self
    }
    /// What is left of these limits for the next of several searches that share them (the
    /// tests of MTD(f), the columns of a position): the node limit less the expansions in
    /// `done`, the time limit less the time since `start`; the others as they are.
    pub fn left_after(&self, start: Instant, done: &Stats) -> Limits {
        let mut left = self.clone();
        left.max_expanded = self.max_expanded.map(|n| n.saturating_sub(done.expanded));
        left.timeout = self.timeout.map(|t| t.saturating_sub(start.elapsed()));
        left
    }
}

/// Which limit stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LimitKind {
    /// [`Limits::max_expanded`].
    Nodes,
    /// [`Limits::max_cost`] (or a game search's depth limit).
    Cost,
    /// [`Limits::timeout`].
    Time,
    /// [`Limits::cancel`].
    Cancelled,
    /// [`Limits::max_memory`].
    Memory,
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LimitKind::Nodes => "node limit",
            LimitKind::Cost => "cost bound",
            LimitKind::Time => "time limit",
            LimitKind::Cancelled => "cancel request",
            LimitKind::Memory => "memory limit",
        })
    }
}

/// How a single-agent search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<A, C> {
    /// A goal was reached by `actions` at total `cost`.
    Solved {
        /// The actions from the start to the goal.
        actions: Vec<A>,
        /// Their total cost.
        cost: C,
    },
    /// The whole reachable space was searched: no goal is reachable.
    NoSolution,
    /// A limit stopped the run before it could answer.
    Stopped(LimitKind),
}

impl<A, C: Copy> Outcome<A, C> {
    /// The solution cost, if solved.
    pub fn cost(&self) -> Option<C> {
        match self {
            Outcome::Solved { cost, .. } => Some(*cost),
            _ => None,
        }
    }
    /// The solution actions, if solved.
    pub fn actions(&self) -> Option<&[A]> {
        match self {
            Outcome::Solved { actions, .. } => Some(actions),
            _ => None,
        }
    }
}

/// One iteration of an iterative algorithm (IDA*, IDDFS, iterative-deepening alpha-beta).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration's bound: f-bound for IDA* (rounded up for non-integer costs such as
    /// [`crate::Octile`]; the search itself compares exactly), depth for IDDFS and alpha-beta,
    /// the tested value t ("is the value at least t?", negative for a loss) for MTD(f).
    pub bound: i64,
    /// Nodes expanded in this iteration.
    pub expanded: u64,
    /// Nodes generated in this iteration.
    pub generated: u64,
}

impl Iteration {
    /// A cost or depth bound as an iteration's bound (the largest `i64` beyond it: no search
    /// reaches it).
    pub fn bound_of(bound: u64) -> i64 {
        i64::try_from(bound).unwrap_or(i64::MAX)
    }
}

/// Fast Downward's "until last jump": the counts of a best-first search when its last layer
/// began, that is before the first expansion with the largest priority it expanded (for A*
/// with a consistent heuristic, before the first node with f equal to the optimal cost).
/// Unlike the totals they do not depend on the luck of tie-breaking among the nodes of the
/// last layer, so they compare A* variants (heuristics, node orders) fairly.
///
/// ```
/// use searchlab_core::{astar, Limits, Problem};
///
/// /// A line of states 0..=5, the goal at 5; from each state a step on and a step back.
/// struct Line;
/// impl Problem for Line {
///     type State = u8;
///     type Action = i8;
///     type Cost = u32;
///     fn is_goal(&self, s: &u8) -> bool { *s == 5 }
///     fn actions(&self, s: &u8, out: &mut Vec<i8>) {
///         if *s < 5 { out.push(1) }
///         if *s > 0 { out.push(-1) }
///     }
///     fn result(&self, s: &u8, a: &i8) -> (u8, u32) { ((*s as i8 + a) as u8, 1) }
/// }
/// // The zero heuristic: every state of cost below 5 is expanded before the last layer.
/// let run = astar(&Line, &0, &|_: &u8| 0u32, &Limits::none());
/// let last = run.stats.last_layer.expect("A* reports it");
/// assert_eq!((last.expanded, last.generated, last.evaluated), (5, 6, 6));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastLayer {
    /// Nodes expanded before the last layer.
    pub expanded: u64,
    /// Nodes generated before the last layer (as [`Stats::generated`] counts them).
    pub generated: u64,
    /// States evaluated before the last layer (as [`Stats::evaluated`] counts them).
    pub evaluated: u64,
}

impl std::ops::AddAssign<&LastLayer> for LastLayer {
    fn add_assign(&mut self, other: &LastLayer) {
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.evaluated += other.evaluated;
    }
}

/// Statistics of one run. Fields an algorithm has no use for stay zero.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Nodes created (the root included); for depth-first searches after parent pruning.
    pub generated: u64,
    /// Largest size of the open list (A*, BFS) or the deepest path (depth-first searches).
    pub max_frontier: u64,
    /// Closed nodes re-opened because a cheaper path reached them (A* with an inconsistent
    /// heuristic).
    pub reopened: u64,
    /// Per-iteration figures of the iterative algorithms.
    pub iterations: Vec<Iteration>,
    /// Leaves evaluated (game searches): terminal positions and depth-limit evaluations.
    pub leaves: u64,
    /// Alpha-beta cutoffs.
    pub cutoffs: u64,
    /// Transposition-table probes.
    pub table_probes: u64,
    /// Transposition-table probes whose entry decided or narrowed the node.
    pub table_hits: u64,
    /// Deepest completed depth of an iterative-deepening game search.
    pub depth_reached: u32,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// States given a heuristic value, once each (best-first searches: the start and every new
    /// successor, those cut by a cost bound too; uniform-cost search counts its zero
    /// estimate).
    pub evaluated: u64,
    /// The counts when the last layer began ([`LastLayer`]); best-first searches only.
    pub last_layer: Option<LastLayer>,
}

/// Sums the statistics of several runs (a batch, the positions of a game): counts and times
/// add up, `max_frontier` and `depth_reached` keep the largest, iterations are appended, the
/// last-layer counts of the runs that have them add up.
///
/// ```
/// use searchlab_core::Stats;
/// let mut total = Stats::default();
/// total += &Stats { expanded: 3, max_frontier: 5, ..Stats::default() };
/// total += &Stats { expanded: 4, max_frontier: 2, ..Stats::default() };
/// assert_eq!((total.expanded, total.max_frontier), (7, 5));
/// ```
impl std::ops::AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, other: &Stats) {
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.max_frontier = self.max_frontier.max(other.max_frontier);
        self.reopened += other.reopened;
        self.iterations.extend_from_slice(&other.iterations);
        self.leaves += other.leaves;
        self.cutoffs += other.cutoffs;
        self.table_probes += other.table_probes;
        self.table_hits += other.table_hits;
        self.depth_reached = self.depth_reached.max(other.depth_reached);
        self.elapsed += other.elapsed;
        self.evaluated += other.evaluated;
        if let Some(last) = &other.last_layer {
            *self.last_layer.get_or_insert_with(LastLayer::default) += last;
        }
    }
}

/// A single-agent search's outcome with its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<A, C> {
    /// How the search ended.
    pub outcome: Outcome<A, C>,
    /// What it cost.
    pub stats: Stats,
}

/// Watches the layers of a best-first search for [`LastLayer`]: told the priority of each node
/// taken for expansion (before the goal test), it keeps the counts at the first node of the
/// highest priority so far (Fast Downward's `report_f_value_progress`).
#[derive(Debug)]
pub(crate) struct Layers<C> {
    top: Option<C>,
    last: LastLayer,
}

impl<C: Ord + Copy> Layers<C> {
    pub(crate) fn new() -> Self {
        Layers {
            top: None,
            last: LastLayer::default(),
        }
    }

    /// A node of priority `key` is taken for expansion; `stats` are the counts before it.
    #[inline]
    pub(crate) fn taken(&mut self, key: C, stats: &Stats) {
        if self.top.is_none_or(|top| key > top) {
            self.begin(key, stats);
        }
    }

    #[cold]
    #[inline(never)]
    fn begin(&mut self, key: C, stats: &Stats) {
        self.top = Some(key);
        self.last = LastLayer {
            expanded: stats.expanded,
            generated: stats.generated,
            evaluated: stats.evaluated,
        };
    }

    /// The counts when the last layer began (zeros if no node was taken).
    pub(crate) fn last(&self) -> Option<LastLayer> {
        Some(self.last)
    }
}

/// Tracks the node, time and cancel limits during a run. Reading the clock costs tens of
/// nanoseconds, so the clock and the cancel flag are read on the first charge and then every
/// 1024 charges.
#[derive(Debug)]
pub(crate) struct Budget {
    max_expanded: u64,
    max_memory: u64,
    deadline: Option<Instant>,
    cancel: Option<Cancel>,
    /// Whether there is a clock or a flag to read.
    watch: bool,
    pub(crate) start: Instant,
    ticks: u32,
}

impl Budget {
    pub(crate) fn new(limits: &Limits) -> Self {
        let start = Instant::now();
        // A timeout beyond what the clock can represent is no deadline (not an overflow panic).
        let deadline = limits.timeout.and_then(|t| start.checked_add(t));
        Budget {
            max_expanded: limits.max_expanded.unwrap_or(u64::MAX),
            max_memory: limits.max_memory.unwrap_or(u64::MAX),
            deadline,
            cancel: limits.cancel.clone(),
            watch: deadline.is_some() || limits.cancel.is_some(),
            start,
            // So that the first charge reads the clock and the flag.
            ticks: 1023,
        }
    }

    /// Called before each expansion with the number of expansions so far.
    #[inline]
    pub(crate) fn check(&mut self, expanded: u64) -> Option<LimitKind> {
        if expanded >= self.max_expanded {
            return Some(LimitKind::Nodes);
        }
        if self.watch {
            self.ticks = self.ticks.wrapping_add(1);
            if self.ticks.is_multiple_of(1024) {
                return self.read();
            }
        }
        None
    }

    /// Whether a search holding `bytes` in its growing tables is over the memory limit. Call it
    /// before a table grows (with the size it would grow to), so the limit is an outcome and
    /// never an allocation failure.
    #[inline]
    pub(crate) fn check_memory(&self, bytes: u64) -> Option<LimitKind> {
        (bytes > self.max_memory).then_some(LimitKind::Memory)
    }

    #[cold]
    fn read(&self) -> Option<LimitKind> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Some(LimitKind::Cancelled);
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Some(LimitKind::Time),
            _ => None,
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The search's answer: `outcome` with `stats`, their time set to the time since this
    /// budget began (what every search's last step does).
    pub(crate) fn answer<A, C>(
        &self,
        outcome: Outcome<A, C>,
        mut stats: Stats,
    ) -> SearchResult<A, C> {
        stats.elapsed = self.elapsed();
        SearchResult { outcome, stats }
    }
}
