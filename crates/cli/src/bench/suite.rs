//! What `searchlab bench` needs from a problem: its algorithms and heuristics by name, a
//! reader for its instance files, and one measured run of one algorithm on one instance.

use searchlab_core::{LimitKind, Limits, Stats};

/// An algorithm a suite offers.
#[derive(Clone, Copy, Debug)]
pub struct AlgoSpec {
    /// Its `--algo` name.
    pub name: &'static str,
    /// One line for the list of valid names.
    pub about: &'static str,
    /// Whether `--heuristic` applies to it (else it runs once, with heuristic `none`).
    pub uses_heuristic: bool,
}

/// A heuristic (for games: a move order) a suite offers.
#[derive(Clone, Copy, Debug)]
pub struct HeuristicSpec {
    /// Its `--heuristic` name.
    pub name: &'static str,
    /// One line for the list of valid names.
    pub about: &'static str,
    /// For tests only: accepted, never listed (see `inadmissible-test`).
    pub hidden: bool,
}

/// Single-agent puzzles report a cost; games report a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Answers are solution costs; optimal algorithms must agree on them.
    Puzzle,
    /// Answers are game values with perfect play; every full search must agree on them.
    Game,
}

/// One instance read from a file, good or bad.
#[derive(Debug)]
pub struct Parsed<I> {
    /// `file:line`.
    pub source: String,
    /// The instance as written (one line; judge formats are joined).
    pub text: String,
    /// The expected answer written after `|`, if any.
    pub expected: Option<String>,
    /// The instance, or what is wrong with the line.
    pub instance: Result<I, String>,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// An answer: a solution with its cost, or a game value.
    Solved,
    /// Proved to have no solution.
    Unsolvable,
    /// A limit stopped the run.
    Stopped(LimitKind),
}

/// One measured run.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub status: Status,
    /// The cost (puzzles) or value (games) when solved.
    pub answer: Option<i64>,
    /// The x axis of the plot: the solution length (puzzles, when solved) or the moves left to
    /// the end of the game (games, always).
    pub length: Option<u64>,
    /// The search's statistics.
    pub stats: Stats,
}

/// A problem as `searchlab bench` sees it.
pub trait Suite: Sync {
    /// A parsed instance.
    type Instance: Send + Sync;
    /// Puzzle or game.
    fn kind(&self) -> Kind;
    /// The algorithms, in the order they are listed.
    fn algorithms(&self) -> &'static [AlgoSpec];
    /// The heuristics (or move orders), in the order they are listed.
    fn heuristics(&self) -> &'static [HeuristicSpec];
    /// The algorithms run when `--algo` is not given.
    fn default_algorithms(&self) -> &'static [&'static str];
    /// The heuristic used when `--heuristic` is not given.
    fn default_heuristic(&self) -> &'static str;
    /// Builds what the chosen heuristics need (pattern databases) before any run is timed.
    fn prepare(&mut self, _heuristics: &[&'static str]) -> anyhow::Result<()> {
        Ok(())
    }
    /// Reads the instances of one file; `name` prefixes the line numbers.
    fn read(&self, name: &str, content: &str) -> Vec<Parsed<Self::Instance>>;
    /// Runs `algo` with `heuristic` (`none` when the algorithm takes none) on `instance`.
    fn run(&self, instance: &Self::Instance, algo: &str, heuristic: &str, limits: &Limits) -> Run;
}

/// The run of a single-agent search, from its result.
pub fn puzzle_run<A>(result: searchlab_core::SearchResult<A, u32>) -> Run {
    use searchlab_core::Outcome;
    let (status, answer) = match &result.outcome {
        Outcome::Solved { cost, .. } => (Status::Solved, Some(i64::from(*cost))),
        Outcome::NoSolution => (Status::Unsolvable, None),
        Outcome::Stopped(kind) => (Status::Stopped(*kind), None),
    };
    Run {
        status,
        answer,
        length: answer.map(|c| c as u64),
        stats: result.stats,
    }
}

/// The run of a game search, from its result; `left` is the number of moves to the end.
pub fn game_run<M>(result: searchlab_core::GameResult<M>, left: u64) -> Run {
    use searchlab_core::GameOutcome;
    let (status, answer) = match &result.outcome {
        GameOutcome::Solved(s) => (Status::Solved, Some(i64::from(s.value))),
        GameOutcome::Stopped { limit, .. } => (Status::Stopped(*limit), None),
    };
    Run {
        status,
        answer,
        length: Some(left),
        stats: result.stats,
    }
}

/// One whole-game search of a game suite: `minimax`, or alpha-beta with a table unless `algo`
/// is `alphabeta-notable`, iterative deepening when it is `alphabeta-id`; values in
/// `value_range`; `left` moves to the end of the game (the plot's x axis).
///
/// A depth limit in `limits` is dropped: it would turn values into estimates. Each run gets a
/// fresh table, so that no run profits from another's work (results must not depend on the
/// order of the runs or on --jobs).
pub fn game_search<G, E>(
    game: &G,
    root: &G::State,
    eval: &E,
    algo: &str,
    limits: &Limits,
    value_range: (searchlab_core::Value, searchlab_core::Value),
    left: u64,
) -> Run
where
    G: searchlab_core::Game,
    E: searchlab_core::Evaluator<G>,
{
    let limits = Limits {
        max_cost: None,
        ..limits.clone()
    };
    let result = match algo {
        "minimax" => searchlab_core::minimax(game, root, eval, &limits),
        _ => {
            let config = searchlab_core::AlphaBetaConfig::new()
                .with_limits(limits)
                .with_table(algo != "alphabeta-notable")
                .with_iterative(algo == "alphabeta-id")
                .with_value_range(value_range.0, value_range.1);
            searchlab_core::AlphaBeta::new(config).search(game, root, eval)
        }
    };
    game_run(result, left)
}

/// A heuristic multiplied by a factor: inadmissible on purpose, for the test that the
/// agreement check fires (`--heuristic inadmissible-test`).
pub struct Inflated<H>(pub H, pub u32);

impl<P, H> searchlab_core::Heuristic<P> for Inflated<H>
where
    P: searchlab_core::Problem<Cost = u32> + ?Sized,
    H: searchlab_core::Heuristic<P>,
{
    fn estimate(&self, problem: &P, state: &P::State) -> u32 {
        self.0.estimate(problem, state) * self.1
    }
}

/// The `inadmissible-test` heuristic's entry: accepted, never listed.
pub const INADMISSIBLE_TEST: HeuristicSpec = HeuristicSpec {
    name: "inadmissible-test",
    about: "for tests only: a heuristic multiplied by 3, so optimal searches disagree",
    hidden: true,
};
