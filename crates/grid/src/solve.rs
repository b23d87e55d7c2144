//! One entry point for the command line, the benches and the tests: run an algorithm on an
//! [`Instance`], get the moves, the exact length, the statistics and (if asked) the cells the
//! search expanded.

use searchlab_core::{
    Heuristic, Limits, Octile, Outcome, Problem, SearchResult, Stats, Zero, astar, bfs, idastar,
};

use crate::error::GridError;
use crate::grid::{Connectivity, Grid, Manhattan, Move, OctileDistance};
use crate::jps::{JumpPoints, JumpState};
use crate::map::Cell;
use crate::record::Recorder;
use crate::scen::Instance;

/// The searches this crate runs by itself (the core's catalogue may run more over [`Grid`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// The core's A* over cells.
    AStar,
    /// Uniform-cost search: the core's A* with the zero heuristic (the heuristic is ignored).
    Ucs,
    /// The core's A* over jump points ([`JumpPoints`]); 8-connected only.
    Jps,
    /// The core's breadth-first search: optimal only with 4 connections (unit costs).
    Bfs,
    /// The core's IDA* (small maps only: it re-expands cells along every path).
    IdaStar,
}

impl Algorithm {
    /// Every algorithm, in a fixed order.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::AStar,
        Algorithm::Ucs,
        Algorithm::Jps,
        Algorithm::Bfs,
        Algorithm::IdaStar,
    ];

    /// Its name: `astar`, `ucs`, `jps`, `bfs`, `idastar`.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::AStar => "astar",
            Algorithm::Ucs => "ucs",
            Algorithm::Jps => "jps",
            Algorithm::Bfs => "bfs",
            Algorithm::IdaStar => "idastar",
        }
    }

    /// The algorithm of a name of [`Algorithm::name`].
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// The heuristics of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridHeuristic {
    /// [`OctileDistance`]: exact on open 8-connected ground.
    Octile,
    /// [`Manhattan`]: exact on open 4-connected ground (inadmissible with 8).
    Manhattan,
    /// Zero: A* becomes uniform-cost search.
    Zero,
}

impl GridHeuristic {
    /// Its name: `octile`, `manhattan`, `zero`.
    pub fn name(self) -> &'static str {
        match self {
            GridHeuristic::Octile => "octile",
            GridHeuristic::Manhattan => "manhattan",
            GridHeuristic::Zero => "zero",
        }
    }

    /// The heuristic of a name of [`GridHeuristic::name`].
    pub fn from_name(name: &str) -> Option<GridHeuristic> {
        [
            GridHeuristic::Octile,
            GridHeuristic::Manhattan,
            GridHeuristic::Zero,
        ]
        .into_iter()
        .find(|h| h.name() == name)
    }

    /// The admissible default of a connectivity: octile for 8, Manhattan for 4.
    pub fn default_for(connectivity: Connectivity) -> GridHeuristic {
        match connectivity {
            Connectivity::Eight => GridHeuristic::Octile,
            Connectivity::Four => GridHeuristic::Manhattan,
        }
    }
}

/// What a run on an instance gives.
#[derive(Clone, Debug)]
pub struct GridRun {
    /// Solved (with the single moves, also for JPS, and the exact length), no path, or stopped.
    pub outcome: Outcome<Move, Octile>,
    /// The search's statistics (for JPS: jump points, see [`JumpPoints`]).
    pub stats: Stats,
    /// The cells expanded, in order, when recording was asked for (empty otherwise).
    pub expanded: Vec<Cell>,
}

impl GridRun {
    /// The cells of the path, start first, if solved.
    pub fn path_cells(&self, start: Cell) -> Option<Vec<Cell>> {
        self.outcome
            .actions()
            .map(|moves| crate::grid::path_cells(start, moves))
    }
}

/// Runs `algorithm` with `heuristic` on `instance` under `connectivity` and `limits`;
/// `record` also collects the expanded cells (through a [`Recorder`]).
///
/// # Errors
/// [`GridError::Unsupported`] for JPS with 4 connections (JPS prunes 8-connected symmetries).
///
/// # Examples
/// ```
/// use std::sync::Arc;
/// use searchlab_core::Limits;
/// use searchlab_grid::{solve, Algorithm, Connectivity, GridHeuristic, GridMap, Instance, parse_scen};
///
/// let map = Arc::new(GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n...\n", "m.map").unwrap());
/// let scen = parse_scen("version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421356\n", "m.scen");
/// let instance = Instance::new(map, scen[0].as_ref().unwrap().clone(), "m.scen").unwrap();
/// for algorithm in [Algorithm::AStar, Algorithm::Ucs, Algorithm::Jps] {
///     let run = solve(&instance, algorithm, GridHeuristic::Octile, Connectivity::Eight, &Limits::none(), false).unwrap();
///     assert!(instance.is_expected(run.outcome.cost().unwrap()));
/// }
/// ```
pub fn solve(
    instance: &Instance,
    algorithm: Algorithm,
    heuristic: GridHeuristic,
    connectivity: Connectivity,
    limits: &Limits,
    record: bool,
) -> Result<GridRun, GridError> {
    let map = &*instance.map;
    let goal = instance.goal;
    if algorithm == Algorithm::Jps {
        if connectivity == Connectivity::Four {
            return Err(GridError::Unsupported(
                "jps needs 8 connections (it prunes diagonal symmetries)".into(),
            ));
        }
        let jps = JumpPoints::new(map, goal);
        let start = JumpState::start(instance.start);
        let (result, expanded) = with_heuristic(&jps, &start, algorithm, heuristic, limits, record);
        return Ok(GridRun {
            outcome: match result.outcome {
                Outcome::Solved { actions, cost } => Outcome::Solved {
                    actions: JumpPoints::moves(&actions),
                    cost,
                },
                Outcome::NoSolution => Outcome::NoSolution,
                Outcome::Stopped(kind) => Outcome::Stopped(kind),
            },
            stats: result.stats,
            expanded: expanded.into_iter().map(|s| s.cell).collect(),
        });
    }
    let grid = Grid::new(map, goal, connectivity);
    let (result, expanded) =
        with_heuristic(&grid, &instance.start, algorithm, heuristic, limits, record);
    Ok(GridRun {
        outcome: result.outcome,
        stats: result.stats,
        expanded,
    })
}

/// Picks the heuristic value, then runs.
fn with_heuristic<P>(
    problem: &P,
    start: &P::State,
    algorithm: Algorithm,
    heuristic: GridHeuristic,
    limits: &Limits,
    record: bool,
) -> (SearchResult<P::Action, Octile>, Vec<P::State>)
where
    P: Problem<Cost = Octile> + GoalOf,
    OctileDistance: Heuristic<P>,
    Manhattan: Heuristic<P>,
{
    let goal = problem.goal_cell();
    match (algorithm, heuristic) {
        (Algorithm::Ucs | Algorithm::Bfs, _) | (_, GridHeuristic::Zero) => {
            run(problem, start, algorithm, &Zero, limits, record)
        }
        (_, GridHeuristic::Octile) => run(
            problem,
            start,
            algorithm,
            &OctileDistance::new(goal),
            limits,
            record,
        ),
        (_, GridHeuristic::Manhattan) => run(
            problem,
            start,
            algorithm,
            &Manhattan::new(goal),
            limits,
            record,
        ),
    }
}

/// The goal of a grid problem, for the heuristics.
trait GoalOf {
    fn goal_cell(&self) -> Cell;
}

impl GoalOf for Grid<'_> {
    fn goal_cell(&self) -> Cell {
        self.goal()
    }
}

impl GoalOf for JumpPoints<'_> {
    fn goal_cell(&self) -> Cell {
        self.goal()
    }
}

fn run<P, H>(
    problem: &P,
    start: &P::State,
    algorithm: Algorithm,
    heuristic: &H,
    limits: &Limits,
    record: bool,
) -> (SearchResult<P::Action, Octile>, Vec<P::State>)
where
    P: Problem<Cost = Octile>,
    H: Heuristic<P>,
{
    if record {
        let recorder = Recorder::new(problem);
        let result = dispatch(
            &recorder,
            start,
            algorithm,
            &recorder.heuristic(heuristic),
            limits,
        );
        (result, recorder.take())
    } else {
        (
            dispatch(problem, start, algorithm, heuristic, limits),
            Vec::new(),
        )
    }
}

fn dispatch<P, H>(
    problem: &P,
    start: &P::State,
    algorithm: Algorithm,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<P::Action, Octile>
where
    P: Problem<Cost = Octile> + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    match algorithm {
        Algorithm::AStar | Algorithm::Jps => astar(problem, start, heuristic, limits),
        Algorithm::Ucs => astar(problem, start, &Zero, limits),
        Algorithm::Bfs => bfs(problem, start, limits),
        Algorithm::IdaStar => idastar(problem, start, heuristic, limits),
    }
}
