//! [`Recorder`]: a wrapper [`Problem`] that records every state a search expands, so that a
//! picture can show the cells each algorithm touched.
//!
//! The core's searches call [`Problem::actions`] exactly once per expansion (A*, BFS) or per
//! visit (depth-first searches), so the wrapper records the state there; everything else,
//! including the perfect rank that keeps A* on dense tables, is passed through.

use std::cell::RefCell;

use searchlab_core::{Heuristic, Problem};

/// `problem` with a log of the states whose actions were asked for, in order.
///
/// # Examples
/// ```
/// use searchlab_core::{astar, Limits};
/// use searchlab_grid::{Cell, Connectivity, Grid, GridMap, OctileDistance, Recorder};
///
/// let map = GridMap::parse("type octile\nheight 1\nwidth 4\nmap\n....\n", "row").unwrap();
/// let grid = Grid::new(&map, Cell::new(3, 0), Connectivity::Eight);
/// let recorder = Recorder::new(&grid);
/// let h = OctileDistance::new(Cell::new(3, 0));
/// let run = astar(&recorder, &Cell::new(0, 0), &recorder.heuristic(&h), &Limits::none());
/// assert_eq!(recorder.take(), vec![Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0)]);
/// assert_eq!(run.stats.expanded, 3);
/// ```
#[derive(Debug)]
pub struct Recorder<'p, P: Problem> {
    inner: &'p P,
    seen: RefCell<Vec<P::State>>,
}

impl<'p, P: Problem> Recorder<'p, P> {
    /// Wraps `inner` with an empty log.
    pub fn new(inner: &'p P) -> Self {
        Recorder {
            inner,
            seen: RefCell::new(Vec::new()),
        }
    }

    /// The wrapped problem.
    pub fn inner(&self) -> &'p P {
        self.inner
    }

    /// The states recorded so far, emptying the log.
    pub fn take(&self) -> Vec<P::State> {
        std::mem::take(&mut self.seen.borrow_mut())
    }

    /// `heuristic` for the wrapped problem, as a heuristic of the recorder.
    pub fn heuristic<'h, H: Heuristic<P> + ?Sized>(&self, heuristic: &'h H) -> Wrapped<'h, H> {
        Wrapped(heuristic)
    }
}

/// A heuristic of `P` used through a [`Recorder`] of `P`.
#[derive(Debug)]
pub struct Wrapped<'h, H: ?Sized>(&'h H);

impl<P: Problem, H: Heuristic<P> + ?Sized> Heuristic<Recorder<'_, P>> for Wrapped<'_, H> {
    fn estimate(&self, problem: &Recorder<'_, P>, state: &P::State) -> P::Cost {
        self.0.estimate(problem.inner, state)
    }
    fn estimate_child(
        &self,
        problem: &Recorder<'_, P>,
        child: &P::State,
        action: &P::Action,
        parent_estimate: P::Cost,
    ) -> P::Cost {
        self.0
            .estimate_child(problem.inner, child, action, parent_estimate)
    }
    fn is_consistent(&self, problem: &Recorder<'_, P>) -> bool {
        self.0.is_consistent(problem.inner)
    }
}

impl<P: Problem> Problem for Recorder<'_, P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;
    const IN_PLACE: bool = P::IN_PLACE;

    fn is_goal(&self, state: &P::State) -> bool {
        self.inner.is_goal(state)
    }
    fn actions(&self, state: &P::State, out: &mut Vec<P::Action>) {
        self.seen.borrow_mut().push(state.clone());
        self.inner.actions(state, out)
    }
    fn result(&self, state: &P::State, action: &P::Action) -> (P::State, P::Cost) {
        self.inner.result(state, action)
    }
    fn apply(&self, state: &mut P::State, action: &P::Action) -> P::Cost {
        self.inner.apply(state, action)
    }
    fn undo(&self, state: &mut P::State, action: &P::Action) {
        self.inner.undo(state, action)
    }
    fn inverse(&self, action: &P::Action) -> Option<P::Action> {
        self.inner.inverse(action)
    }
    fn goal_unreachable(&self, start: &P::State) -> bool {
        self.inner.goal_unreachable(start)
    }
    fn rank(&self, state: &P::State) -> Option<usize> {
        self.inner.rank(state)
    }
    fn rank_count(&self) -> Option<usize> {
        self.inner.rank_count()
    }
    fn rank_child(
        &self,
        parent: &P::State,
        parent_rank: usize,
        action: &P::Action,
        child: &P::State,
    ) -> Option<usize> {
        self.inner.rank_child(parent, parent_rank, action, child)
    }
    fn rank_after(
        &self,
        parent: &P::State,
        parent_rank: usize,
        action: &P::Action,
    ) -> Option<usize> {
        self.inner.rank_after(parent, parent_rank, action)
    }
}
