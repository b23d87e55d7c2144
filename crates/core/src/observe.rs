//! Watching a search: every algorithm reports what it does, step by step, to an observer.
//!
//! A single-agent search tells a [`SearchObserver`] each [`SearchEvent`]: a node expanded,
//! generated, pruned (and why), re-opened, a goal reached, a new bound (an IDA* or fringe
//! iteration, IDDFS's depth, RBFS's limit for a subtree), and, when the observer asks for it,
//! A*'s open list before each expansion. A game search tells a [`GameObserver`] each
//! [`GameEvent`]: a position expanded with its window (alpha, beta), a leaf valued, a cutoff
//! (with the moves it skipped), a transposition-table hit, a new iteration or window.
//!
//! Observing costs nothing when nobody watches: every algorithm takes the observer as a
//! generic parameter (`astar_observed`, `idastar_observed`, `AlphaBeta::search_observed`, ...)
//! and the plain functions (`astar`, `idastar`, ...) pass [`NoObserver`], whose
//! [`active`](SearchObserver::active) is a constant `false`: each report sits behind
//! `if observer.active()`, which the compiler removes with the code that builds the event.
//! (Measured with callgrind: `benches/README.md`, "Issue 17: trace hook cost": IDA* and
//! alpha-beta within 0.02% of their instructions before the hook, the 8-puzzle's A* 0.04%.)
//!
//! Drivers that reach the algorithms through code they do not own (a problem's
//! `searchlab_toolkit::Description::solve`) cannot pass an observer of their own type; they put a
//! [`Trace`] in [`crate::Limits::trace`] instead. Every plain entry point looks there once
//! per run and, when one is set, runs its observed variant with it; the [`Tracer`] behind it
//! receives type-erased [`TraceEvent`]s (states as `Debug`, costs as `Display`).
//!
//! ```
//! use searchlab_core::observe::{SearchEvent, SearchObserver};
//! use searchlab_core::{astar::astar_observed, Limits, Problem};
//!
//! /// Walk on a line from 0 to 3.
//! struct Line;
//! impl Problem for Line {
//!     type State = i32;
//!     type Action = i32;
//!     type Cost = u32;
//!     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
//!     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, -1]) }
//!     fn result(&self, s: &i32, a: &i32) -> (i32, u32) { (s + a, 1) }
//! }
//! /// Writes down every expanded state.
//! struct Expanded(Vec<i32>);
//! impl SearchObserver<i32, u32> for Expanded {
//!     fn event(&mut self, event: SearchEvent<'_, i32, u32>) {
//!         if let SearchEvent::Expand(node) = event {
//!             self.0.push(*node.state);
//!         }
//!     }
//! }
//! let h = |s: &i32| (3 - s).unsigned_abs();
//! let mut seen = Expanded(Vec::new());
//! let run = astar_observed(&Line, &0, &h, &Limits::none(), &mut seen);
//! assert_eq!(seen.0, [0, 1, 2]);
//! assert_eq!(run.stats.expanded, 3);
//! ```

use std::fmt::{self, Debug, Display};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use crate::game::{Bound, Value};

/// Which end of a bidirectional search a node belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Searched from the start (every unidirectional search).
    Forward,
    /// Searched back from the goal ([`crate::bibfs()`], [`crate::mm()`]).
    Backward,
}

impl Side {
    /// `forward` or `backward`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Forward => "forward",
            Side::Backward => "backward",
        }
    }
}

/// A search node as an observer sees it.
#[derive(Clone, Copy, Debug)]
pub struct NodeView<'a, S, C> {
    /// Its state.
    pub state: &'a S,
    /// The cost of the path to it (from the goal, for the backward side).
    pub g: C,
    /// The heuristic's estimate (zero for searches without one).
    pub h: C,
    /// The number of actions on the path to it.
    pub depth: u32,
    /// The end it was searched from.
    pub side: Side,
}

impl<'a, S, C: crate::Cost> NodeView<'a, S, C> {
    /// A forward node.
    #[inline]
    pub fn new(state: &'a S, g: C, h: C, depth: u32) -> Self {
        NodeView {
            state,
            g,
            h,
            depth,
            side: Side::Forward,
        }
    }
    /// `g + h` (saturating).
    pub fn f(&self) -> C {
        self.g.saturating_add(self.h)
    }
}

/// Why a generated node was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prune {
    /// Its f (or depth) exceeds the search's bound: an IDA* or fringe threshold, the cost
    /// limit, branch-and-bound's incumbent, RBFS's limit.
    Bound,
    /// Its state is known by a path that is no more expensive.
    Duplicate,
    /// It fell outside the beam.
    Width,
}

impl Prune {
    /// `bound`, `duplicate` or `width`.
    pub fn name(self) -> &'static str {
        match self {
            Prune::Bound => "bound",
            Prune::Duplicate => "duplicate",
            Prune::Width => "width",
        }
    }
}

/// What a single-agent search did.
#[derive(Clone, Copy, Debug)]
pub enum SearchEvent<'a, S, C> {
    /// The node's children are about to be generated (counted in `Stats::expanded`).
    Expand(NodeView<'a, S, C>),
    /// A child was generated and kept (opened, or searched depth-first).
    Generate(NodeView<'a, S, C>),
    /// A child was generated and dropped, for the reason given.
    Prune(NodeView<'a, S, C>, Prune),
    /// A closed node was reached by a cheaper path and opened again.
    Reopen(NodeView<'a, S, C>),
    /// The goal test succeeded on this node: the search answers with the path to it.
    Goal(NodeView<'a, S, C>),
    /// A new bound: an iteration of IDA*, IDDFS (the bound is then a depth) or fringe search
    /// starts (`iteration` from 1), or RBFS enters a subtree with a limit on f (`iteration`
    /// 0).
    NewBound {
        /// The iteration, from 1 (0 for RBFS's per-subtree limits).
        iteration: u32,
        /// The bound on f (on the depth for IDDFS).
        bound: C,
    },
    /// The open list just before the next expansion (A* and the best-first searches, only
    /// when [`SearchObserver::wants_open`]), in the order it pops.
    Open(&'a [NodeView<'a, S, C>]),
}

/// Receives the events of a single-agent search.
///
/// Implement [`event`](Self::event); leave [`active`](Self::active) `true` (only
/// [`NoObserver`] says `false`). An observer of `S` and `C` watches any problem with those
/// state and cost types.
pub trait SearchObserver<S, C> {
    /// Whether this observer wants events. Searches test it before building an event, so a
    /// constant `false` removes the observation from the compiled search.
    #[inline]
    fn active(&self) -> bool {
        true
    }
    /// Whether it wants [`SearchEvent::Open`] before each expansion: the whole open list each
    /// time, so for small instances only. The default is `false`.
    #[inline]
    fn wants_open(&self) -> bool {
        false
    }
    /// One event.
    fn event(&mut self, event: SearchEvent<'_, S, C>);
}

/// A game position's event, with `ply` the distance from the searched root.
#[derive(Clone, Copy, Debug)]
pub enum GameEvent<'a, S> {
    /// The position's moves are about to be searched with the window (alpha, beta).
    Expand {
        /// The position.
        state: &'a S,
        /// Plies from the root.
        ply: u32,
        /// The window's lower end.
        alpha: Value,
        /// The window's upper end.
        beta: Value,
    },
    /// A position valued without search: over, at the depth limit, or decided by the game's
    /// bounds.
    Leaf {
        /// The position.
        state: &'a S,
        /// Plies from the root.
        ply: u32,
        /// Its value.
        value: Value,
    },
    /// A cutoff: the value reached the window's far end, the remaining moves are skipped
    /// (counted in `Stats::cutoffs`).
    Cutoff {
        /// The position.
        state: &'a S,
        /// Plies from the root.
        ply: u32,
        /// The window when the cutoff happened.
        alpha: Value,
        /// The window when the cutoff happened.
        beta: Value,
        /// The value that cut.
        value: Value,
        /// The index (in the game's move order) of the move that cut.
        mv: usize,
        /// How many moves were not searched.
        skipped: usize,
    },
    /// A transposition-table entry answered the position or narrowed its window (counted in
    /// `Stats::table_hits`).
    TableHit {
        /// The position.
        state: &'a S,
        /// Plies from the root.
        ply: u32,
        /// The stored value.
        value: Value,
        /// What the stored value is.
        bound: Bound,
    },
    /// A new search of the root: an iterative-deepening depth, or a new window (aspiration,
    /// a null-window test of MTD(f) or PVS).
    NewBound {
        /// The iteration, from 1.
        iteration: u32,
        /// The depth limit (`u32::MAX`: none).
        depth: u32,
        /// The window's lower end.
        alpha: Value,
        /// The window's upper end.
        beta: Value,
    },
    /// A position's search ended with this value (fail-soft: a bound when outside the
    /// window).
    Value {
        /// The position.
        state: &'a S,
        /// Plies from the root.
        ply: u32,
        /// Its value.
        value: Value,
    },
}

/// Receives the events of a game search; see [`SearchObserver`].
pub trait GameObserver<S> {
    /// Whether this observer wants events (only [`NoObserver`] says `false`).
    #[inline]
    fn active(&self) -> bool {
        true
    }
    /// One event.
    fn event(&mut self, event: GameEvent<'_, S>);
}

/// The observer that watches nothing: what the plain entry points pass. Its methods are
/// empty and inline away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoObserver;

impl<S, C> SearchObserver<S, C> for NoObserver {
    #[inline(always)]
    fn active(&self) -> bool {
        false
    }
    #[inline(always)]
    fn event(&mut self, _: SearchEvent<'_, S, C>) {}
}

impl<S> GameObserver<S> for NoObserver {
    #[inline(always)]
    fn active(&self) -> bool {
        false
    }
    #[inline(always)]
    fn event(&mut self, _: GameEvent<'_, S>) {}
}

impl<S, C, T: SearchObserver<S, C> + ?Sized> SearchObserver<S, C> for &mut T {
    #[inline]
    fn active(&self) -> bool {
        (**self).active()
    }
    #[inline]
    fn wants_open(&self) -> bool {
        (**self).wants_open()
    }
    #[inline]
    fn event(&mut self, event: SearchEvent<'_, S, C>) {
        (**self).event(event)
    }
}

impl<S, T: GameObserver<S> + ?Sized> GameObserver<S> for &mut T {
    #[inline]
    fn active(&self) -> bool {
        (**self).active()
    }
    #[inline]
    fn event(&mut self, event: GameEvent<'_, S>) {
        (**self).event(event)
    }
}

/// The kind of a [`TraceEvent`]; its [`name`](Self::name) is the `event` field of a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceKind {
    /// [`SearchEvent::Expand`] or [`GameEvent::Expand`].
    Expand,
    /// [`SearchEvent::Generate`].
    Generate,
    /// [`SearchEvent::Prune`].
    Prune,
    /// [`SearchEvent::Reopen`].
    Reopen,
    /// [`SearchEvent::Goal`].
    Goal,
    /// [`SearchEvent::NewBound`] or [`GameEvent::NewBound`].
    NewBound,
    /// [`SearchEvent::Open`].
    Open,
    /// [`GameEvent::Leaf`].
    Leaf,
    /// [`GameEvent::Cutoff`].
    Cutoff,
    /// [`GameEvent::TableHit`].
    TableHit,
    /// [`GameEvent::Value`].
    Value,
}

impl TraceKind {
    /// The name in traces: `expand`, `generate`, `prune`, `reopen`, `goal`, `new-bound`,
    /// `open`, `leaf`, `cutoff`, `table-hit`, `value`.
    pub fn name(self) -> &'static str {
        match self {
            TraceKind::Expand => "expand",
            TraceKind::Generate => "generate",
            TraceKind::Prune => "prune",
            TraceKind::Reopen => "reopen",
            TraceKind::Goal => "goal",
            TraceKind::NewBound => "new-bound",
            TraceKind::Open => "open",
            TraceKind::Leaf => "leaf",
            TraceKind::Cutoff => "cutoff",
            TraceKind::TableHit => "table-hit",
            TraceKind::Value => "value",
        }
    }
}

/// A node of the open list in a [`TraceEvent`].
pub struct TraceNode<'a> {
    /// Its state.
    pub state: &'a dyn Debug,
    /// Its g.
    pub g: &'a dyn Display,
    /// Its h.
    pub h: &'a dyn Display,
}

/// An event with its types erased, for a [`Tracer`]: the fields that apply are set.
#[derive(Default)]
pub struct TraceEvent<'a> {
    /// What happened (`None` only in [`TraceEvent::default`]).
    pub kind: Option<TraceKind>,
    /// The state, printed with its `Debug`.
    pub state: Option<&'a dyn Debug>,
    /// Actions (single-agent) or plies (games) from the start.
    pub depth: Option<u32>,
    /// The path cost.
    pub g: Option<&'a dyn Display>,
    /// The heuristic estimate.
    pub h: Option<&'a dyn Display>,
    /// `g + h`.
    pub f: Option<&'a dyn Display>,
    /// A new bound (f, or depth for IDDFS and games).
    pub bound: Option<&'a dyn Display>,
    /// The iteration of a new bound.
    pub iteration: Option<u32>,
    /// Why a node was pruned, which end a node is on (`backward`; forward is not said), or
    /// what a table value is (`exact`, `lower`, `upper`).
    pub reason: Option<&'static str>,
    /// The window's lower end.
    pub alpha: Option<Value>,
    /// The window's upper end.
    pub beta: Option<Value>,
    /// A game value.
    pub value: Option<Value>,
    /// The move that cut (its index in the game's order).
    pub mv: Option<usize>,
    /// The moves a cutoff skipped.
    pub skipped: Option<usize>,
    /// The open list ([`TraceKind::Open`]).
    pub open: Option<&'a [TraceNode<'a>]>,
}

/// Receives type-erased events; a driver's trace writer (see [`Trace`]).
pub trait Tracer: Send {
    /// Whether it wants the open list before each expansion.
    fn wants_open(&self) -> bool {
        false
    }
    /// One event.
    fn record(&mut self, event: &TraceEvent<'_>);
    /// A driver is about to start a search (of the next instance). The default does nothing.
    fn start_search(&mut self) {}
    /// The search a driver started is over: write out what is buffered, report a failure to
    /// write. The default does nothing.
    fn end_search(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A shared [`Tracer`] for [`crate::Limits::trace`]: every search run with those limits
/// reports to it. Clones share one tracer; two are equal when they are the same one.
///
/// Searches lock it for the whole run. A search started while another holds it (a search
/// calling another one with the same limits) is simply not traced, rather than waiting for
/// itself.
#[derive(Clone)]
pub struct Trace(Arc<Mutex<dyn Tracer>>);

impl Trace {
    /// A handle on `tracer`.
    pub fn new(tracer: impl Tracer + 'static) -> Self {
        Trace(Arc::new(Mutex::new(tracer)))
    }

    /// The observer of one run: the tracer, or nothing when another run holds it.
    pub fn observer(&self) -> Erased<'_> {
        match self.0.try_lock() {
            Ok(guard) => Erased(Some(guard)),
            // A tracer that panicked is still a tracer: keep writing to it.
            Err(TryLockError::Poisoned(p)) => Erased(Some(p.into_inner())),
            Err(TryLockError::WouldBlock) => Erased(None),
        }
    }

    /// Runs `f` with the tracer (for a driver to finish its output).
    pub fn with<R>(&self, f: impl FnOnce(&mut dyn Tracer) -> R) -> R {
        let mut guard = match self.0.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        f(&mut *guard)
    }
}

impl Debug for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Trace(..)")
    }
}

impl PartialEq for Trace {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Trace {}

/// The observer a [`Trace`] lends one run: turns typed events into [`TraceEvent`]s.
pub struct Erased<'t>(Option<MutexGuard<'t, dyn Tracer + 'static>>);

impl Erased<'_> {
    fn node<'a, S: Debug, C: crate::Cost>(
        kind: TraceKind,
        n: &'a NodeView<'a, S, C>,
        f: &'a C,
    ) -> TraceEvent<'a> {
        TraceEvent {
            kind: Some(kind),
            state: Some(n.state),
            depth: Some(n.depth),
            g: Some(&n.g),
            h: Some(&n.h),
            f: Some(f),
            reason: (n.side == Side::Backward).then_some("backward"),
            ..TraceEvent::default()
        }
    }
}

impl<S: Debug, C: crate::Cost> SearchObserver<S, C> for Erased<'_> {
    fn active(&self) -> bool {
        self.0.is_some()
    }
    fn wants_open(&self) -> bool {
        self.0.as_ref().is_some_and(|t| t.wants_open())
    }
    fn event(&mut self, event: SearchEvent<'_, S, C>) {
        let Some(tracer) = self.0.as_mut() else {
            return;
        };
        match event {
            SearchEvent::Expand(n) => {
                tracer.record(&Self::node(TraceKind::Expand, &n, &n.f()));
            }
            SearchEvent::Generate(n) => {
                tracer.record(&Self::node(TraceKind::Generate, &n, &n.f()));
            }
            SearchEvent::Reopen(n) => {
                tracer.record(&Self::node(TraceKind::Reopen, &n, &n.f()));
            }
            SearchEvent::Goal(n) => {
                tracer.record(&Self::node(TraceKind::Goal, &n, &n.f()));
            }
            SearchEvent::Prune(n, why) => {
                let f = n.f();
                let mut e = Self::node(TraceKind::Prune, &n, &f);
                e.reason = Some(why.name());
                tracer.record(&e);
            }
            SearchEvent::NewBound { iteration, bound } => tracer.record(&TraceEvent {
                kind: Some(TraceKind::NewBound),
                iteration: Some(iteration),
                bound: Some(&bound),
                ..TraceEvent::default()
            }),
            SearchEvent::Open(nodes) => {
                let list: Vec<TraceNode<'_>> = nodes
                    .iter()
                    .map(|n| TraceNode {
                        state: n.state,
                        g: &n.g,
                        h: &n.h,
                    })
                    .collect();
                tracer.record(&TraceEvent {
                    kind: Some(TraceKind::Open),
                    open: Some(&list),
                    ..TraceEvent::default()
                });
            }
        }
    }
}

impl<S: Debug> GameObserver<S> for Erased<'_> {
    fn active(&self) -> bool {
        self.0.is_some()
    }
    fn event(&mut self, event: GameEvent<'_, S>) {
        let Some(tracer) = self.0.as_mut() else {
            return;
        };
        let e = match event {
            GameEvent::Expand {
                state,
                ply,
                alpha,
                beta,
            } => TraceEvent {
                kind: Some(TraceKind::Expand),
                state: Some(state),
                depth: Some(ply),
                alpha: Some(alpha),
                beta: Some(beta),
                ..TraceEvent::default()
            },
            GameEvent::Leaf { state, ply, value } => TraceEvent {
                kind: Some(TraceKind::Leaf),
                state: Some(state),
                depth: Some(ply),
                value: Some(value),
                ..TraceEvent::default()
            },
            GameEvent::Value { state, ply, value } => TraceEvent {
                kind: Some(TraceKind::Value),
                state: Some(state),
                depth: Some(ply),
                value: Some(value),
                ..TraceEvent::default()
            },
            GameEvent::Cutoff {
                state,
                ply,
                alpha,
                beta,
                value,
                mv,
                skipped,
            } => TraceEvent {
                kind: Some(TraceKind::Cutoff),
                state: Some(state),
                depth: Some(ply),
                alpha: Some(alpha),
                beta: Some(beta),
                value: Some(value),
                mv: Some(mv),
                skipped: Some(skipped),
                ..TraceEvent::default()
            },
            GameEvent::TableHit {
                state,
                ply,
                value,
                bound,
            } => TraceEvent {
                kind: Some(TraceKind::TableHit),
                state: Some(state),
                depth: Some(ply),
                value: Some(value),
                reason: Some(match bound {
                    Bound::Exact => "exact",
                    Bound::Lower => "lower",
                    Bound::Upper => "upper",
                }),
                ..TraceEvent::default()
            },
            GameEvent::NewBound {
                iteration,
                depth,
                alpha,
                beta,
            } => {
                let d: &dyn Display = if depth == u32::MAX { &"none" } else { &depth };
                tracer.record(&TraceEvent {
                    kind: Some(TraceKind::NewBound),
                    iteration: Some(iteration),
                    bound: Some(d),
                    alpha: Some(alpha),
                    beta: Some(beta),
                    ..TraceEvent::default()
                });
                return;
            }
        };
        tracer.record(&e);
    }
}

/// A state as traces and replays print it: its `Debug` without a one-word wrapper
/// (`Board(1 2 3 ...)` -> `1 2 3 ...`), on one line.
///
/// ```
/// use searchlab_core::observe::state_text;
/// #[derive(Debug)]
/// struct Board(u8, u8);
/// assert_eq!(state_text(&Board(1, 2)), "1, 2");
/// assert_eq!(state_text(&[3, 4]), "[3, 4]");
/// ```
pub fn state_text(s: &dyn Debug) -> String {
    let text = format!("{s:?}");
    let inner = match (text.find('('), text.ends_with(')')) {
        (Some(i), true) if i > 0 && text[..i].chars().all(char::is_alphanumeric) => {
            &text[i + 1..text.len() - 1]
        }
        _ => &text,
    };
    inner.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A game whose states a trace prints with `show` (a problem's own notation: a board's rows,
/// a tree node's path `2.2`) instead of their `Debug` (struct fields, a preorder number).
///
/// A [`Trace`] is type-erased: it receives each state as `&dyn Debug`, so the readable form
/// must travel with the state. A description that traces wraps its game in this, its root
/// with [`ShowStates::wrap`] and its evaluator in [`ShownEval`], and runs any search of the
/// catalogue on it: the wrapped game plays, values and keys its states exactly as the game
/// does (same moves, same table keys and offsets), so the search and its statistics are the
/// same, and a [`ShownState`]'s `Debug` is `show` of the state.
///
/// Complexity: each state carries a reference to `show` (two words more), and printing one
/// calls `show`; wrap the game only when tracing.
///
/// ```
/// use searchlab_core::observe::{ShowStates, ShownEval};
/// use searchlab_core::{Game, Limits, Player, Value, alphabeta};
///
/// /// Take 1 or 2 from a pile; whoever takes the last stone wins.
/// struct Nim;
/// impl Game for Nim {
///     type State = (u8, Player);
///     type Move = u8;
///     fn to_move(&self, s: &(u8, Player)) -> Player { s.1 }
///     fn moves(&self, s: &(u8, Player), out: &mut Vec<u8>) {
///         out.extend((1..=2).filter(|&t| t <= s.0))
///     }
///     fn play(&self, s: &(u8, Player), t: &u8) -> (u8, Player) { (s.0 - t, s.1.other()) }
///     fn terminal_value(&self, s: &(u8, Player)) -> Option<Value> {
///         (s.0 == 0).then(|| if s.1 == Player::Max { -1 } else { 1 })
///     }
/// }
/// let show = |s: &(u8, Player)| format!("{} stones", s.0);
/// let game = ShowStates::new(&Nim, &show);
/// let root = game.wrap((4, Player::Max));
/// assert_eq!(format!("{root:?}"), "4 stones");
/// let eval = |_: &(u8, Player)| 0;
/// let shown = alphabeta(&game, &root, &ShownEval(&eval), &Limits::none());
/// let plain = alphabeta(&Nim, &(4, Player::Max), &eval, &Limits::none());
/// assert_eq!(shown.outcome.value(), plain.outcome.value());
/// assert_eq!(shown.stats.expanded, plain.stats.expanded);
/// ```
pub struct ShowStates<'a, G: crate::Game + ?Sized> {
    /// The game.
    pub game: &'a G,
    /// How a trace prints its states.
    pub show: &'a dyn Fn(&G::State) -> String,
}

impl<'a, G: crate::Game + ?Sized> ShowStates<'a, G> {
    /// `game`, its states printed by `show`.
    pub fn new(game: &'a G, show: &'a dyn Fn(&G::State) -> String) -> Self {
        ShowStates { game, show }
    }
    /// `state` of the game as a state of the wrapped game.
    pub fn wrap(&self, state: G::State) -> ShownState<'a, G::State> {
        ShownState {
            state,
            show: self.show,
        }
    }
}

/// A state of [`ShowStates`]: the game's state, compared and hashed as it is, printed by
/// `show`.
#[derive(Clone)]
pub struct ShownState<'a, S> {
    /// The game's state.
    pub state: S,
    show: &'a dyn Fn(&S) -> String,
}

impl<S: PartialEq> PartialEq for ShownState<'_, S> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}
impl<S: Eq> Eq for ShownState<'_, S> {}
impl<S: std::hash::Hash> std::hash::Hash for ShownState<'_, S> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.state.hash(h);
    }
}
impl<S> Debug for ShownState<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&(self.show)(&self.state))
    }
}

impl<'a, G: crate::Game + ?Sized> crate::Game for ShowStates<'a, G> {
    type State = ShownState<'a, G::State>;
    type Move = G::Move;
    fn to_move(&self, s: &Self::State) -> crate::Player {
        self.game.to_move(&s.state)
    }
    fn moves(&self, s: &Self::State, out: &mut Vec<G::Move>) {
        self.game.moves(&s.state, out)
    }
    fn play(&self, s: &Self::State, mv: &G::Move) -> Self::State {
        self.wrap(self.game.play(&s.state, mv))
    }
    fn terminal_value(&self, s: &Self::State) -> Option<Value> {
        self.game.terminal_value(&s.state)
    }
    fn table_key(&self, s: &Self::State) -> Self::State {
        self.wrap(self.game.table_key(&s.state))
    }
    fn value_offset(&self, s: &Self::State) -> Value {
        self.game.value_offset(&s.state)
    }
    fn value_bounds(&self, s: &Self::State) -> Option<(Value, Value)> {
        self.game.value_bounds(&s.state)
    }
}

/// A game's evaluator as one of its [`ShowStates`].
pub struct ShownEval<'e, E: ?Sized>(pub &'e E);

impl<G, E> crate::Evaluator<ShowStates<'_, G>> for ShownEval<'_, E>
where
    G: crate::Game + ?Sized,
    E: crate::Evaluator<G> + ?Sized,
{
    fn evaluate(&self, game: &ShowStates<'_, G>, state: &ShownState<'_, G::State>) -> Value {
        self.0.evaluate(game.game, &state.state)
    }
}
