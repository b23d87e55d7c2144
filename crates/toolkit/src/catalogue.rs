//! The algorithm catalogue as data: every single-agent and game algorithm of the crate,
//! selectable by name.
//!
//! A command-line tool, a benchmark or a test picks an algorithm from a string
//! (`"idastar".parse::<SearchAlgorithm>()`), asks whether it takes a heuristic and what it
//! promises ([`SearchAlgorithm::promise`]), and runs it with [`SearchAlgorithm::run`] or
//! [`GameAlgorithm::run`]: one outcome plus statistics, the same for every algorithm, under the
//! same [`crate::Limits`]. Adding an algorithm to the catalogue is one variant, one line in
//! `ALL`, one arm in `name`, `summary` and `run` (the compiler lists each place).
//!
//! Game algorithms are the solvers, which prove a position's value, and Monte Carlo tree
//! search, which chooses a move and proves nothing ([`GameAlgorithm::proves_value`]).
//! [`GameAlgorithm::run`] runs either and says which answered ([`GameRun`]: a value, or MCTS's
//! chosen move); a driver that compares values takes the solvers apart
//! ([`GameAlgorithm::solver`], [`GameSolver::run`]) and answers MCTS with
//! [`crate::describe::mcts_answer`], never comparing MCTS's answer with a value.
//!
//! An algorithm with a parameter carries it in its value, so that a name and its value are
//! the same thing: `wastar` is weighted A* with weight 2 and `wastar:1.5` with weight 3/2,
//! `beam` has width 100 and `beam:1` width 1, `dfbnb` takes its first bound from a greedy run
//! (and the cost limit) and `dfbnb:max-depth` from the cost limit alone. [`fmt::Display`] writes the parameter only
//! when it is not the default, so `to_string().parse()` gives the value back.
//!
//! ```
//! use searchlab_toolkit::catalogue::SearchAlgorithm;
//! use searchlab_toolkit::{Limits, Problem, Zero};
//!
//! struct Count;
//! impl Problem for Count {
//!     type State = u8;
//!     type Action = u8;
//!     type Cost = u32;
//!     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
//!     fn actions(&self, s: &u8, out: &mut Vec<u8>) { if *s < 3 { out.push(1) } }
//!     fn result(&self, s: &u8, a: &u8) -> (u8, u32) { (s + a, 1) }
//! }
//! for algo in SearchAlgorithm::ALL {
//!     let algo: SearchAlgorithm = algo.to_string().parse().unwrap();
//!     match algo.run(&Count, &0, &Zero, &Limits::none()) {
//!         Ok(run) => assert_eq!(run.outcome.cost(), Some(3), "{algo}"),
//!         // Count's goal is a test, not one state: no backward search.
//!         Err(_) => assert!(algo.is_bidirectional(), "{algo}"),
//!     }
//! }
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::num::{NonZeroU64, NonZeroUsize};
use std::str::FromStr;

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::bibfs::{BidirectionalError, check_bidirectional};
use crate::dfbnb::InitialBound;
use crate::game::{Evaluator, Game, GameResult, INFINITY, Value};
use crate::mcts::{MctsConfig, MctsError, MctsResult, Rollout};
use crate::mtdf::Narrowing;
use crate::problem::{Heuristic, Problem};
use crate::pvs::{Pvs, PvsConfig};
use crate::stats::{Limits, SearchResult, Stats};
use crate::wastar::Weight;
use crate::{
    astar, beam, bfs, bibfs, dfbnb, fringe, greedy, idastar, iddfs, minimax, mm, mtdf, rbfs, ucs,
    wastar,
};

/// A name that is not in the catalogue (the message lists the known ones).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{name}': {}expected one of {known}", suggestion.as_ref().map(|s| format!("did you mean {s}? ")).unwrap_or_default())]
pub struct UnknownAlgorithm {
    /// The name given.
    pub name: String,
    /// The known names, comma-separated.
    pub known: String,
    /// The known name closest to the one given, when it is close ([`did_you_mean`]).
    pub suggestion: Option<String>,
}

/// The name among `known` that `given` most likely misspells (`idastr` -> `idastar`): the
/// closest by edit distance, when at most 2 edits and fewer than half of `given`'s letters
/// away; `None` when none is that close.
///
/// ```
/// use searchlab_toolkit::catalogue::did_you_mean;
/// assert_eq!(did_you_mean("idastr", ["astar", "idastar", "bfs"]), Some("idastar"));
/// assert_eq!(did_you_mean("dijkstra", ["astar", "idastar", "bfs"]), None);
/// ```
pub fn did_you_mean<'a>(given: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let given = given.to_ascii_lowercase();
    let distance = |a: &str, b: &str| {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut diagonal = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let above = row[j + 1];
                row[j + 1] = (diagonal + usize::from(ca != *cb))
                    .min(row[j] + 1)
                    .min(above + 1);
                diagonal = above;
            }
        }
        row[b.len()]
    };
    let limit = 2.min(given.chars().count().saturating_sub(1) / 2).max(1);
    known
        .into_iter()
        .map(|k| (distance(&given, k), k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Why an algorithm's text (`wastar:0.5`, `dijkstra`) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseAlgorithmError {
    /// The name is not in the catalogue.
    #[error(transparent)]
    Unknown(#[from] UnknownAlgorithm),
    /// The name is, but its parameter (after `:`) is not one it takes.
    #[error("algorithm '{text}': {reason}")]
    Parameter {
        /// What was given.
        text: String,
        /// What is wrong with the parameter, and what is expected.
        reason: String,
    },
}

/// What a single-agent algorithm promises about the cost of the path it returns (with an
/// admissible heuristic), for a benchmark to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promise {
    /// The least cost, for any non-negative action costs.
    Optimal,
    /// The fewest actions: the least cost when every action costs the same (BFS, IDDFS,
    /// bidirectional BFS).
    FewestActions,
    /// At most `weight` times the least cost (weighted A*).
    Bounded(Weight),
    /// Some path, none promised short (greedy, beam): compare it with the optimum as a ratio,
    /// never call it wrong for being longer. Beam search may even miss a path that exists.
    None,
}

impl Promise {
    /// Whether a path of cost `cost` keeps the promise when the least cost is `optimum`
    /// (exactly, in integers): optimal and fewest-actions searches must give `optimum`
    /// (fewest actions: when every action costs the same), weighted A* at most `w` times it,
    /// the others anything not below it (a path cheaper than the optimum is always wrong).
    ///
    /// ```
    /// use searchlab_toolkit::{Promise, Weight};
    /// assert!(Promise::Bounded(Weight::TWO).admits(40, 20) && !Promise::Bounded(Weight::TWO).admits(41, 20));
    /// assert!(Promise::None.admits(99, 20) && !Promise::None.admits(19, 20));
    /// assert!(Promise::Optimal.admits(20, 20) && !Promise::Optimal.admits(21, 20));
    /// ```
    pub fn admits(self, cost: u64, optimum: u64) -> bool {
        match self {
            Promise::Optimal | Promise::FewestActions => cost == optimum,
            Promise::Bounded(w) => cost >= optimum && w.bounds(cost, optimum),
            Promise::None => cost >= optimum,
        }
    }
}

/// The default beam width (`--algo beam`).
pub const DEFAULT_BEAM_WIDTH: NonZeroUsize = match NonZeroUsize::new(100) {
    Some(w) => w,
    None => panic!("100 is not zero"),
};

/// A single-agent search algorithm (a path from a start to a goal), with its parameter when
/// it takes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchAlgorithm {
    /// A* ([`astar()`]): optimal with an admissible heuristic; keeps every node.
    Astar,
    /// IDA* ([`idastar()`]): optimal, memory linear in the depth.
    Idastar,
    /// Iterative deepening DFS ([`iddfs()`]): fewest actions, no heuristic.
    Iddfs,
    /// Breadth-first search ([`bfs()`]): fewest actions, no heuristic.
    Bfs,
    /// Uniform-cost search ([`ucs()`], Dijkstra): optimal, no heuristic.
    Ucs,
    /// Greedy best-first search ([`greedy()`]): by the heuristic alone, no cost promised.
    Greedy,
    /// Weighted A* ([`wastar()`]) with weight `w` (`wastar:W`, default 2): at most `w` times the
    /// optimum.
    Wastar(Weight),
    /// Beam search ([`beam()`]) keeping the best `width` nodes per layer (`beam:K`, default
    /// 100): may miss every path.
    Beam(NonZeroUsize),
    /// Recursive best-first search ([`rbfs()`]): optimal, memory linear in the depth.
    Rbfs,
    /// Depth-first branch-and-bound ([`dfbnb()`]) with its first bound from a greedy run and the
    /// cost limit (`dfbnb`, the default: without a bound, a space with cycles is searched
    /// depth-first until a limit stops it) or from the cost limit alone (`dfbnb:max-depth`,
    /// with `--max-depth`).
    Dfbnb(InitialBound),
    /// Bidirectional BFS ([`bibfs()`]): fewest actions; needs an explicit goal state.
    Bibfs,
    /// MM ([`mm()`]), bidirectional search meeting in the middle: optimal; needs an explicit
    /// goal state.
    Mm,
    /// Fringe search ([`fringe()`]): IDA*'s thresholds over a list, optimal.
    Fringe,
    /// An algorithm registered from outside the catalogue ([`crate::plugin`]).
    Plugin(crate::plugin::PluginId),
}

impl SearchAlgorithm {
    /// Every single-agent algorithm with its default parameter, in the order menus list them.
    pub const ALL: [SearchAlgorithm; 13] = [
        Self::Astar,
        Self::Idastar,
        Self::Iddfs,
        Self::Bfs,
        Self::Ucs,
        Self::Greedy,
        Self::Wastar(Weight::TWO),
        Self::Beam(DEFAULT_BEAM_WIDTH),
        Self::Rbfs,
        Self::Dfbnb(InitialBound::Greedy),
        Self::Bibfs,
        Self::Mm,
        Self::Fringe,
    ];

    /// Every single-agent algorithm: [`ALL`](Self::ALL), then the plugins registered in this
    /// process ([`crate::plugin`]).
    pub fn all() -> Vec<SearchAlgorithm> {
        let mut all = Self::ALL.to_vec();
        all.extend(crate::plugin::plugins().into_iter().map(Self::Plugin));
        all
    }

    /// Registers the plugin `A` ([`crate::plugin::register`]) and returns it.
    ///
    /// # Errors
    /// Its name is already an algorithm's.
    pub fn register<A: crate::plugin::SearchPlugin>() -> Result<SearchAlgorithm, String> {
        if Algorithm::all().any(|a| a.name().eq_ignore_ascii_case(A::NAME))
            && !crate::plugin::plugins().iter().any(|p| p.name() == A::NAME)
        {
            return Err(format!(
                "algorithm '{}': the catalogue has one of that name",
                A::NAME
            ));
        }
        crate::plugin::register::<A>().map(Self::Plugin)
    }

    /// Its name on the command line, without its parameter.
    pub fn name(self) -> &'static str {
        match self {
            Self::Astar => "astar",
            Self::Idastar => "idastar",
            Self::Iddfs => "iddfs",
            Self::Bfs => "bfs",
            Self::Ucs => "ucs",
            Self::Greedy => "greedy",
            Self::Wastar(_) => "wastar",
            Self::Beam(_) => "beam",
            Self::Rbfs => "rbfs",
            Self::Dfbnb(_) => "dfbnb",
            Self::Bibfs => "bibfs",
            Self::Mm => "mm",
            Self::Fringe => "fringe",
            Self::Plugin(p) => p.name(),
        }
    }

    /// One line for menus and `--help`.
    pub fn summary(self) -> &'static str {
        match self {
            Self::Astar => "A*: optimal; memory grows with the nodes",
            Self::Idastar => "IDA*: optimal; memory linear in the depth",
            Self::Iddfs => "iterative deepening DFS: fewest actions, no heuristic",
            Self::Bfs => "breadth-first search: fewest actions, no heuristic",
            Self::Ucs => "uniform-cost search (Dijkstra): optimal, no heuristic",
            Self::Greedy => "greedy best-first: by the heuristic alone; no cost promised",
            Self::Wastar(_) => {
                "weighted A* (wastar:W or --weight W, default 2): at most W x the optimum"
            }
            Self::Beam(_) => {
                "beam search (beam:K or --width K, default 100): may miss a path; no cost promised"
            }
            Self::Rbfs => "recursive best-first search: optimal; memory linear in the depth",
            Self::Dfbnb(_) => {
                "depth-first branch-and-bound: optimal; first bound from a greedy run, or from --max-depth alone (dfbnb:max-depth or --initial-bound max-depth)"
            }
            Self::Bibfs => "bidirectional BFS: fewest actions; needs an explicit goal state",
            Self::Mm => {
                "MM, bidirectional meet-in-the-middle: optimal; needs an explicit goal state"
            }
            Self::Fringe => "fringe search: optimal; IDA*'s thresholds over a list",
            Self::Plugin(p) => p.summary(),
        }
    }

    /// The same algorithm with its default parameter (`wastar:1.5` -> `wastar`): what menus
    /// and a description's [`algorithms`](crate::Description::algorithms) list.
    pub fn base(self) -> SearchAlgorithm {
        match self {
            Self::Wastar(_) => Self::Wastar(Weight::TWO),
            Self::Beam(_) => Self::Beam(DEFAULT_BEAM_WIDTH),
            Self::Dfbnb(_) => Self::Dfbnb(InitialBound::Greedy),
            other => other,
        }
    }

    /// Whether it takes a heuristic (BFS, IDDFS, UCS and bidirectional BFS do not).
    pub fn uses_heuristic(self) -> bool {
        match self {
            Self::Plugin(p) => p.uses_heuristic(),
            other => !matches!(other, Self::Iddfs | Self::Bfs | Self::Ucs | Self::Bibfs),
        }
    }

    /// Whether it searches backward from the goal too, so needs the goal as one state and
    /// the predecessors of a state ([`check_bidirectional`]).
    pub fn is_bidirectional(self) -> bool {
        matches!(self, Self::Bibfs | Self::Mm)
    }

    /// What it promises about the cost of its path, with an admissible heuristic.
    pub fn promise(self) -> Promise {
        match self {
            Self::Astar | Self::Idastar | Self::Ucs | Self::Rbfs | Self::Dfbnb(_) => {
                Promise::Optimal
            }
            Self::Mm | Self::Fringe => Promise::Optimal,
            Self::Iddfs | Self::Bfs | Self::Bibfs => Promise::FewestActions,
            Self::Wastar(w) => Promise::Bounded(w),
            Self::Greedy | Self::Beam(_) => Promise::None,
            Self::Plugin(p) => p.promise(),
        }
    }

    /// Whether its answer is optimal for any non-negative action costs (BFS and IDDFS count
    /// actions, which is the cost only when every action costs the same).
    pub fn optimal_for_any_costs(self) -> bool {
        self.promise() == Promise::Optimal
    }

    /// Whether it can run on `problem`: a bidirectional search needs the goal as one state
    /// and the predecessors ([`check_bidirectional`]); every other algorithm runs anywhere.
    pub fn check<P: Problem + ?Sized>(self, problem: &P) -> Result<(), BidirectionalError> {
        if self.is_bidirectional() {
            check_bidirectional(problem)?;
        }
        Ok(())
    }

    /// Runs it from `start`; `heuristic` is ignored by the algorithms that take none.
    ///
    /// # Errors
    /// A bidirectional search on a problem without an explicit goal state or predecessors
    /// ([`check`](Self::check)); nothing was searched.
    ///
    /// Complexity: that of the algorithm (see its function). A heuristic of a known type (not
    /// `dyn Heuristic`) lets the search inline its estimates: the 8-puzzle's A* runs ~10%
    /// faster with `&Manhattan` than with `&dyn Heuristic` (benches/README.md, issue 34).
    pub fn run<P, H>(
        self,
        problem: &P,
        start: &P::State,
        heuristic: &H,
        limits: &crate::Limits,
    ) -> Result<SearchResult<P::Action, P::Cost>, BidirectionalError>
    where
        P: Problem + ?Sized,
        H: Heuristic<P> + ?Sized,
    {
        Ok(match self {
            Self::Astar => astar(problem, start, heuristic, limits),
            Self::Idastar => idastar(problem, start, heuristic, limits),
            Self::Iddfs => iddfs(problem, start, limits),
            Self::Bfs => bfs(problem, start, limits),
            Self::Ucs => ucs(problem, start, limits),
            Self::Greedy => greedy(problem, start, heuristic, limits),
            Self::Wastar(w) => wastar(problem, start, heuristic, w, limits),
            Self::Beam(k) => beam(problem, start, heuristic, k, limits),
            Self::Rbfs => rbfs(problem, start, heuristic, limits),
            Self::Dfbnb(b) => dfbnb(problem, start, heuristic, b, limits),
            Self::Bibfs => bibfs(problem, start, limits)?,
            Self::Mm => mm(problem, start, heuristic, limits)?,
            Self::Fringe => fringe(problem, start, heuristic, limits),
            Self::Plugin(p) => p.run(problem, start, heuristic, limits),
        })
    }

    /// The parameter's text after `:` in [`fmt::Display`], when it is not the default.
    fn parameter(self) -> Option<String> {
        match self {
            Self::Wastar(w) if w != Weight::TWO => Some(w.to_string()),
            Self::Beam(k) if k != DEFAULT_BEAM_WIDTH => Some(k.to_string()),
            Self::Dfbnb(InitialBound::MaxCost) => Some("max-depth".to_owned()),
            _ => None,
        }
    }

    /// This algorithm (a base from `ALL`) with the parameter `text` (after `:`).
    fn with_parameter(self, text: &str) -> Result<SearchAlgorithm, String> {
        let t = text.trim();
        match self {
            Self::Wastar(_) => t
                .parse::<Weight>()
                .map(Self::Wastar)
                .map_err(|e| e.to_string()),
            Self::Beam(_) => t
                .parse::<NonZeroUsize>()
                .map(Self::Beam)
                .map_err(|_| format!("width '{t}' is not a whole number from 1")),
            Self::Dfbnb(_) => match t.to_ascii_lowercase().as_str() {
                "greedy" => Ok(Self::Dfbnb(InitialBound::Greedy)),
                "max-depth" | "max-cost" => Ok(Self::Dfbnb(InitialBound::MaxCost)),
                _ => Err(format!("initial bound '{t}': expected greedy or max-depth")),
            },
            other => Err(format!("{other} takes no parameter")),
        }
    }
}

/// The default playouts of `mcts` (the same as `searchlab match`'s).
pub const DEFAULT_PLAYOUTS: NonZeroU64 = match NonZeroU64::new(1000) {
    Some(n) => n,
    None => panic!("1000 is not zero"),
};

/// The default exploration constant of `mcts` (the same as `searchlab match`'s).
pub const DEFAULT_EXPLORATION: f64 = 1.4;

/// The default share of random moves of a greedy rollout (`rollout=greedy`), in percent.
pub const DEFAULT_RANDOM_PERCENT: u8 = 10;

/// Monte Carlo tree search's settings as the catalogue names them:
/// `mcts:playouts=N,c=C,seed=S,rollout=random|greedy,random=P` (every key optional).
///
/// Equal settings give equal runs: a run is deterministic for its seed (under a node limit;
/// a time limit stops wherever the clock says). The exploration constant compares by its bits,
/// so that the settings can be a catalogue value (hashed, ordered).
///
/// ```
/// use searchlab_toolkit::catalogue::{GameAlgorithm, MctsParams};
/// let a: GameAlgorithm = "mcts:playouts=500,seed=7,rollout=greedy".parse().unwrap();
/// let GameAlgorithm::Mcts(p) = a else { panic!() };
/// assert_eq!((p.playouts.get(), p.seed), (500, 7));
/// assert_eq!(a.to_string(), "mcts:playouts=500,seed=7,rollout=greedy");
/// assert_eq!("mcts".parse::<GameAlgorithm>(), Ok(GameAlgorithm::Mcts(MctsParams::DEFAULT)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MctsParams {
    /// Playouts (the run's node budget: one tree node per playout); a smaller node limit
    /// (`--max-nodes`) stops it sooner.
    pub playouts: NonZeroU64,
    /// The exploration constant `c` of UCB1 (finite, at least 0).
    pub exploration: f64,
    /// The seed of the playouts.
    pub seed: u64,
    /// The playout policy (random, or greedy by the game's evaluation).
    pub rollout: Rollout,
}

impl MctsParams {
    /// 1000 playouts, `c = 1.4`, seed 0, random playouts.
    pub const DEFAULT: MctsParams = MctsParams {
        playouts: DEFAULT_PLAYOUTS,
        exploration: DEFAULT_EXPLORATION,
        seed: 0,
        rollout: Rollout::Random,
    };

    /// The [`MctsConfig`] of these settings (rewards by the sign of the final value).
    pub fn config(&self) -> MctsConfig {
        MctsConfig::new()
            .with_seed(self.seed)
            .with_exploration(self.exploration)
            .with_rollout(self.rollout)
    }

    /// `limits` with the playouts as the node limit (the smaller of the two when both are
    /// set); `max_cost` (a depth limit) does not apply to MCTS and is dropped.
    pub fn limits(&self, limits: &Limits) -> Limits {
        let mut out = limits.clone();
        out.max_expanded = Some(
            limits
                .max_expanded
                .map_or(self.playouts.get(), |n| n.min(self.playouts.get())),
        );
        out.max_cost = None;
        out
    }

    /// Runs [`crate::mcts()`] from `root` with these settings under `limits` ([`Self::limits`]).
    ///
    /// # Errors
    /// Settings [`crate::mcts()`] refuses (a negative or non-finite exploration constant, a
    /// random share above 100%), which parsing never gives.
    ///
    /// Complexity: O(playouts x (tree depth + game length)).
    pub fn run<G, E>(
        &self,
        game: &G,
        root: &G::State,
        eval: &E,
        limits: &Limits,
    ) -> Result<MctsResult<G::Move>, MctsError>
    where
        G: Game + ?Sized,
        E: Evaluator<G> + ?Sized,
    {
        crate::mcts::mcts(game, root, eval, &self.config(), &self.limits(limits))
    }

    /// The comparison key: every field, the exploration constant by its bits.
    fn key(&self) -> (u64, u64, u64, Rollout) {
        (
            self.playouts.get(),
            self.exploration.to_bits(),
            self.seed,
            self.rollout,
        )
    }

    /// The settings after `mcts:` (`playouts=500,seed=7`, or separated by `;`); a key given
    /// twice keeps the last.
    fn parse(text: &str) -> Result<MctsParams, String> {
        let mut p = MctsParams::DEFAULT;
        let mut greedy = false;
        let mut random: Option<u8> = None;
        // `;` too: a list of algorithms separated by commas (`bench --algo A,B`) can carry
        // `mcts:playouts=500;seed=7`.
        for item in text
            .split([',', ';'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let Some((key, value)) = item.split_once('=') else {
                return Err(format!(
                    "`{item}` is not KEY=VALUE (mcts takes playouts=N, c=C, seed=S, rollout=random|greedy, random=P)"
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            match key.to_ascii_lowercase().as_str() {
                "playouts" => {
                    p.playouts = value
                        .parse()
                        .map_err(|_| format!("playouts={value}: expected a whole number from 1"))?
                }
                "c" => {
                    let c: f64 = value
                        .parse()
                        .map_err(|_| format!("c={value}: expected a number"))?;
                    if !(c.is_finite() && c >= 0.0) {
                        return Err(format!("c={value}: expected a finite number >= 0"));
                    }
                    p.exploration = c;
                }
                "seed" => {
                    p.seed = value
                        .parse()
                        .map_err(|_| format!("seed={value}: expected a whole number"))?
                }
                "rollout" => {
                    greedy = match value.to_ascii_lowercase().as_str() {
                        "random" => false,
                        "greedy" => true,
                        _ => return Err(format!("rollout={value}: expected random or greedy")),
                    }
                }
                "random" => {
                    random =
                        Some(value.parse().ok().filter(|p| *p <= 100).ok_or_else(|| {
                            format!("random={value}: expected a percentage 0 to 100")
                        })?)
                }
                _ => {
                    return Err(format!(
                        "mcts has no option `{key}` (it takes playouts, c, seed, rollout, random)"
                    ));
                }
            }
        }
        p.rollout = match (greedy, random) {
            (true, r) => Rollout::Greedy {
                random_percent: r.unwrap_or(DEFAULT_RANDOM_PERCENT),
            },
            (false, None) => Rollout::Random,
            (false, Some(_)) => {
                return Err("random=P is the share of random moves of rollout=greedy: give rollout=greedy too".into());
            }
        };
        Ok(p)
    }

    /// The settings that differ from the default, as [`Self::parse`] reads them; `None` for
    /// the default.
    fn text(&self) -> Option<String> {
        let d = MctsParams::DEFAULT;
        let mut parts = Vec::new();
        if self.playouts != d.playouts {
            parts.push(format!("playouts={}", self.playouts));
        }
        if self.exploration.to_bits() != d.exploration.to_bits() {
            parts.push(format!("c={}", self.exploration));
        }
        if self.seed != d.seed {
            parts.push(format!("seed={}", self.seed));
        }
        if let Rollout::Greedy { random_percent } = self.rollout {
            parts.push("rollout=greedy".into());
            if random_percent != DEFAULT_RANDOM_PERCENT {
                parts.push(format!("random={random_percent}"));
            }
        }
        (!parts.is_empty()).then(|| parts.join(","))
    }
}

impl Default for MctsParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl PartialEq for MctsParams {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl Eq for MctsParams {}
impl Hash for MctsParams {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}
impl PartialOrd for MctsParams {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for MctsParams {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

/// A two-player zero-sum game search algorithm: the solvers, which prove the value of a
/// position, and Monte Carlo tree search, which chooses a move
/// ([`proves_value`](GameAlgorithm::proves_value)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameAlgorithm {
    /// Plain minimax ([`minimax()`]): every move of every position, every root move valued.
    Minimax,
    /// Alpha-beta ([`AlphaBeta`]) with the configuration's table and deepening.
    Alphabeta,
    /// Alpha-beta with iterative deepening and aspiration windows of half-width `delta`
    /// (`alphabeta:aspiration=W`, W >= 1): each depth after the first is searched in
    /// `(v - W, v + W)` around the last depth's value, and again with the full window when
    /// the value falls outside ([`AlphaBetaConfig::aspiration`]). The same value as
    /// alpha-beta; fewer nodes when the values of successive depths are close.
    AlphabetaAspiration(Value),
    /// Principal variation search ([`Pvs`]): null windows after the first move, the same
    /// table and deepening settings as alpha-beta.
    Pvs,
    /// MTD(f) ([`mtdf()`]): null-window alpha-beta tests with a table, narrowing the value
    /// range (the configuration's, else the game's, else bisection of the whole range).
    Mtdf,
    /// Monte Carlo tree search ([`crate::mcts()`], UCT) with its settings
    /// (`mcts:playouts=N,...`): it chooses the most visited root move and proves no value, so
    /// [`GameAlgorithm::run`] gives its choice as [`GameRun::Chosen`].
    Mcts(MctsParams),
}

impl GameAlgorithm {
    /// Every game algorithm with its default settings, in the order menus list them.
    pub const ALL: [GameAlgorithm; 5] = [
        Self::Minimax,
        Self::Alphabeta,
        Self::Pvs,
        Self::Mtdf,
        Self::Mcts(MctsParams::DEFAULT),
    ];

    /// Its name on the command line, without its settings.
    pub fn name(self) -> &'static str {
        match self {
            Self::Minimax => "minimax",
            Self::Alphabeta | Self::AlphabetaAspiration(_) => "alphabeta",
            Self::Pvs => "pvs",
            Self::Mtdf => "mtdf",
            Self::Mcts(_) => "mcts",
        }
    }

    /// One line for menus and `--help`.
    pub fn summary(self) -> &'static str {
        match self {
            Self::Minimax => "plain minimax: every move of every position (the oracle)",
            Self::Alphabeta | Self::AlphabetaAspiration(_) => {
                "alpha-beta with a transposition table (alphabeta:aspiration=W: iterative deepening with aspiration windows of half-width W)"
            }
            Self::Pvs => "principal variation search: null windows after the first move",
            Self::Mtdf => "MTD(f): null-window alpha-beta tests narrowing the value",
            Self::Mcts(_) => {
                "Monte Carlo tree search (UCT): the most visited move; proves no value (mcts:playouts=N,c=C,seed=S,rollout=random|greedy,random=P; default 1000 playouts, c=1.4)"
            }
        }
    }

    /// The same algorithm with its default settings (`mcts:seed=3` -> `mcts`,
    /// `alphabeta:aspiration=5` -> `alphabeta`): what menus and a description's
    /// [`algorithms`](crate::Description::algorithms) list.
    pub fn base(self) -> GameAlgorithm {
        match self {
            Self::AlphabetaAspiration(_) => Self::Alphabeta,
            Self::Mcts(_) => Self::Mcts(MctsParams::DEFAULT),
            other => other,
        }
    }

    /// Whether it proves the value of a position (every solver), so that its answers are
    /// compared with each other and with an expected value; MCTS only chooses a move.
    pub fn proves_value(self) -> bool {
        !matches!(self, Self::Mcts(_))
    }

    /// The solver this algorithm is, or MCTS's settings when it is MCTS (which proves no
    /// value): a driver that compares values takes the solvers and answers MCTS apart.
    ///
    /// ```
    /// use searchlab_toolkit::{GameAlgorithm, GameSolver, MctsParams};
    /// assert_eq!(GameAlgorithm::Pvs.solver(), Ok(GameSolver::Pvs));
    /// let mcts: GameAlgorithm = "mcts:seed=3".parse().unwrap();
    /// assert!(matches!(mcts.solver(), Err(p) if p.seed == 3));
    /// ```
    pub fn solver(self) -> Result<GameSolver, MctsParams> {
        Ok(match self {
            Self::Minimax => GameSolver::Minimax,
            Self::Alphabeta => GameSolver::Alphabeta,
            Self::AlphabetaAspiration(delta) => GameSolver::AlphabetaAspiration(delta),
            Self::Pvs => GameSolver::Pvs,
            Self::Mtdf => GameSolver::Mtdf,
            Self::Mcts(params) => return Err(params),
        })
    }

    /// Runs the algorithm from `root` with `config`: a solver as [`GameSolver::run`] does
    /// ([`GameRun::Solved`]); MCTS with its settings under `config.limits`
    /// ([`MctsParams::run`]: the playouts cap the node limit, the depth limit does not apply),
    /// giving its chosen move and visit counts ([`GameRun::Chosen`]) or, for settings it
    /// refuses, the error ([`GameRun::Refused`]). Never panics.
    ///
    /// # Examples
    /// ```
    /// use searchlab_toolkit::{AlphaBetaConfig, Game, GameAlgorithm, GameRun, Player, Value};
    ///
    /// /// Take 1 or 2 from a pile of 4; who takes the last stone wins.
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
    ///         // The player to move at an empty pile lost.
    ///         (s.0 == 0).then(|| if s.1 == Player::Max { -1 } else { 1 })
    ///     }
    /// }
    /// let root = (4, Player::Max);
    /// let eval = |_: &(u8, Player)| 0;
    /// for algo in GameAlgorithm::ALL {
    ///     match algo.run(&Nim, &root, &eval, &AlphaBetaConfig::new()) {
    ///         GameRun::Solved(run) => assert_eq!(run.outcome.value(), Some(1), "{algo}"),
    ///         GameRun::Chosen(run) => assert_eq!(run.best, Some(1)), // leave 3
    ///         GameRun::Refused(e) => panic!("{e}"),
    ///     }
    /// }
    /// ```
    pub fn run<G, E>(
        self,
        game: &G,
        root: &G::State,
        eval: &E,
        config: &AlphaBetaConfig,
    ) -> GameRun<G::Move>
    where
        G: Game + ?Sized,
        E: Evaluator<G> + ?Sized,
    {
        match self.solver() {
            Ok(solver) => GameRun::Solved(solver.run(game, root, eval, config)),
            Err(params) => match params.run(game, root, eval, &config.limits) {
                Ok(run) => GameRun::Chosen(run),
                Err(e) => GameRun::Refused(e),
            },
        }
    }

    /// The settings' text after `:` in [`fmt::Display`], when not the default.
    fn parameter(self) -> Option<String> {
        match self {
            Self::AlphabetaAspiration(delta) => Some(format!("aspiration={delta}")),
            Self::Mcts(p) => p.text(),
            _ => None,
        }
    }

    /// This algorithm (a base from `ALL`) with the settings `text` (after `:`).
    fn with_parameter(self, text: &str) -> Result<GameAlgorithm, String> {
        match self {
            Self::Mcts(_) => MctsParams::parse(text).map(Self::Mcts),
            Self::Alphabeta => {
                let t = text.trim();
                let value = t
                    .split_once('=')
                    .filter(|(k, _)| k.trim().eq_ignore_ascii_case("aspiration"))
                    .map(|(_, v)| v.trim())
                    .ok_or_else(|| {
                        format!(
                            "`{t}`: alphabeta takes aspiration=W (W >= 1, the window's half-width)"
                        )
                    })?;
                value
                    .parse::<Value>()
                    .ok()
                    .filter(|w| *w >= 1)
                    .map(Self::AlphabetaAspiration)
                    .ok_or_else(|| format!("aspiration={value}: expected a whole number from 1"))
            }
            other => Err(format!("{other} takes no parameter")),
        }
    }
}

/// A game algorithm that proves the value of a position: every [`GameAlgorithm`] but MCTS
/// ([`GameAlgorithm::solver`]). Its [`run`](GameSolver::run) gives a value (or the limit that
/// stopped it) for every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameSolver {
    /// Plain minimax ([`minimax()`]).
    Minimax,
    /// Alpha-beta ([`AlphaBeta`]) with the configuration's table and deepening.
    Alphabeta,
    /// Alpha-beta with iterative deepening and aspiration windows of this half-width.
    AlphabetaAspiration(Value),
    /// Principal variation search ([`Pvs`]).
    Pvs,
    /// MTD(f) ([`mtdf()`]).
    Mtdf,
}

impl From<GameSolver> for GameAlgorithm {
    fn from(solver: GameSolver) -> GameAlgorithm {
        match solver {
            GameSolver::Minimax => GameAlgorithm::Minimax,
            GameSolver::Alphabeta => GameAlgorithm::Alphabeta,
            GameSolver::AlphabetaAspiration(delta) => GameAlgorithm::AlphabetaAspiration(delta),
            GameSolver::Pvs => GameAlgorithm::Pvs,
            GameSolver::Mtdf => GameAlgorithm::Mtdf,
        }
    }
}

impl fmt::Display for GameSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        GameAlgorithm::from(*self).fmt(f)
    }
}

impl GameSolver {
    /// Runs the solver from `root`, with `config`'s limits (minimax uses only those; PVS its
    /// limits, table, deepening and value range; MTD(f) an alpha-beta searcher with this
    /// configuration, its table always on since every test relies on the previous ones;
    /// alpha-beta with aspiration windows this configuration with iterative deepening on).
    ///
    /// # Examples
    /// ```
    /// use searchlab_toolkit::{AlphaBetaConfig, Game, GameSolver, Player, Value};
    ///
    /// /// One move to a leaf worth 7.
    /// struct One;
    /// impl Game for One {
    ///     type State = bool;
    ///     type Move = ();
    ///     fn to_move(&self, _: &bool) -> Player { Player::Max }
    ///     fn moves(&self, s: &bool, out: &mut Vec<()>) { if !*s { out.push(()) } }
    ///     fn play(&self, _: &bool, _: &()) -> bool { true }
    ///     fn terminal_value(&self, s: &bool) -> Option<Value> { s.then_some(7) }
    /// }
    /// let run = GameSolver::Mtdf.run(&One, &false, &|_: &bool| 0, &AlphaBetaConfig::new());
    /// assert_eq!(run.outcome.value(), Some(7));
    /// ```
    pub fn run<G, E>(
        self,
        game: &G,
        root: &G::State,
        eval: &E,
        config: &AlphaBetaConfig,
    ) -> GameResult<G::Move>
    where
        G: Game + ?Sized,
        E: Evaluator<G> + ?Sized,
    {
        match self {
            Self::Minimax => minimax(game, root, eval, &config.limits),
            Self::Alphabeta => AlphaBeta::new(config.clone()).search(game, root, eval),
            Self::AlphabetaAspiration(delta) => {
                let config = config
                    .clone()
                    .with_iterative(true)
                    .with_aspiration(Some(delta.max(1)));
                AlphaBeta::new(config).search(game, root, eval)
            }
            Self::Pvs => {
                let pvs = PvsConfig {
                    limits: config.limits.clone(),
                    table: config.table,
                    iterative: config.iterative,
                    value_range: config.value_range,
                };
                Pvs::new(pvs).search(game, root, eval)
            }
            Self::Mtdf => {
                let (range, narrowing) = mtdf_range(game, root, config.value_range);
                let mut search = AlphaBeta::new(config.clone().with_table(true));
                mtdf(&mut search, game, root, eval, range, narrowing)
            }
        }
    }
}

/// What [`GameAlgorithm::run`] gives: a solver's value, or MCTS's choice (which proves no
/// value), or MCTS's refusal of its settings.
#[derive(Clone, Debug)]
pub enum GameRun<M> {
    /// A solver's outcome (the value, or the limit that stopped it) and statistics.
    Solved(GameResult<M>),
    /// MCTS's chosen move, visit counts and statistics.
    Chosen(MctsResult<M>),
    /// MCTS refused its settings ([`MctsError`]); nothing ran.
    Refused(MctsError),
}

impl<M> GameRun<M> {
    /// The solver's result, `None` for MCTS.
    pub fn solved(self) -> Option<GameResult<M>> {
        match self {
            GameRun::Solved(run) => Some(run),
            _ => None,
        }
    }

    /// The value proved: a solver's when it was not stopped, never MCTS's.
    pub fn value(&self) -> Option<Value> {
        match self {
            GameRun::Solved(run) => run.outcome.value(),
            _ => None,
        }
    }

    /// The run's statistics (`None` when MCTS refused to run).
    pub fn stats(&self) -> Option<&Stats> {
        match self {
            GameRun::Solved(run) => Some(&run.stats),
            GameRun::Chosen(run) => Some(&run.stats),
            GameRun::Refused(_) => None,
        }
    }
}

/// The range and narrowing the catalogue's MTD(f) tests `root` with, given the configuration's
/// `value_range`.
///
/// A configured range is every value's, so an answer at either end is exact: MTD(f) from 0
/// over it. Else the game's bounds of the root ([`Game::value_bounds`]), which its contract
/// gives for a NON-terminal state only: Connect Four computes them from the stone count,
/// and on a finished position (a child that ends the game) they exclude its value, which was
/// then clamped into them (issue 16: column 7 of Test_L3_R1's first position valued -1, not
/// -2). They bound this root's value but not every value of the game, so the range is widened
/// by one on each side: an answer AT a bound is then strictly inside and exact (one more
/// null-window test at most, answered at the root's children by their own bounds). With no
/// bounds known: bisection of the whole range, 32 tests at most however far the value is from
/// any guess (the driver's arithmetic is overflow-free there).
fn mtdf_range<G: Game + ?Sized>(
    game: &G,
    root: &G::State,
    value_range: (Value, Value),
) -> ((Value, Value), Narrowing) {
    let unbounded = (-INFINITY, INFINITY);
    if value_range != unbounded && value_range.0 < value_range.1 {
        return (value_range, Narrowing::Mtdf { guess: 0 });
    }
    let bounds = if game.terminal_value(root).is_some() {
        None
    } else {
        game.value_bounds(root)
    };
    match bounds {
        Some((lo, hi)) if lo <= hi => {
            // Game values lie strictly inside (-INFINITY, INFINITY): no overflow, and the
            // widened range stays within the driver's.
            let range = (lo.saturating_sub(1).max(-INFINITY), hi.saturating_add(1));
            (range, Narrowing::Mtdf { guess: 0 })
        }
        _ => (unbounded, Narrowing::Bisect),
    }
}

/// A parameter flag (`--weight`, `--width`, `--initial-bound`) that cannot apply to the
/// algorithm named with `--algo`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParameterError {
    /// The flag belongs to another algorithm.
    #[error("--{flag} is a parameter of --algo {owner}, not of {algorithm}")]
    Misplaced {
        /// The flag.
        flag: &'static str,
        /// The algorithm it belongs to.
        owner: &'static str,
        /// The algorithm named.
        algorithm: &'static str,
    },
    /// The flag and `--algo NAME:PARAMETER` both set the parameter.
    #[error("--{flag} and --algo {text} both set the parameter: give one")]
    Twice {
        /// The flag.
        flag: &'static str,
        /// What `--algo` said.
        text: String,
    },
    /// A weight that is none.
    #[error("--weight {0}")]
    Weight(#[from] crate::wastar::WeightError),
    /// A width that is no count of nodes.
    #[error("--width {0}: expected a whole number of nodes from 1")]
    Width(String),
}

impl SearchAlgorithm {
    /// `self`, named by `text` (`wastar`, `wastar:3/2`), with the parameter flags applied:
    /// `weight` to `wastar`, `width` to `beam`, `initial_bound` (`greedy` or `max-depth`) to
    /// `dfbnb`. A flag of another algorithm, or one that repeats a parameter `text` gave, is
    /// an error.
    ///
    /// ```
    /// use searchlab_toolkit::SearchAlgorithm;
    ///
    /// let beam: SearchAlgorithm = "beam".parse().unwrap();
    /// assert_eq!(beam.with_flags("beam", None, Some("5"), None).unwrap().to_string(), "beam:5");
    /// assert!(beam.with_flags("beam", Some("2"), None, None).is_err());
    /// ```
    pub fn with_flags(
        self,
        text: &str,
        weight: Option<&str>,
        width: Option<&str>,
        initial_bound: Option<&str>,
    ) -> Result<SearchAlgorithm, ParameterError> {
        let algorithm = self.name();
        let check = |flag: &'static str, owner: &'static str| {
            if algorithm != owner {
                return Err(ParameterError::Misplaced {
                    flag,
                    owner,
                    algorithm,
                });
            }
            if text.contains(':') {
                let text = text.to_owned();
                return Err(ParameterError::Twice { flag, text });
            }
            Ok(())
        };
        let mut chosen = self;
        if let Some(w) = weight {
            check("weight", "wastar")?;
            chosen = SearchAlgorithm::Wastar(w.parse()?);
        }
        if let Some(k) = width {
            check("width", "beam")?;
            let k = k.parse().map_err(|_| ParameterError::Width(k.to_owned()))?;
            chosen = SearchAlgorithm::Beam(k);
        }
        if let Some(b) = initial_bound {
            check("initial-bound", "dfbnb")?;
            let bound = if b == "greedy" {
                InitialBound::Greedy
            } else {
                InitialBound::MaxCost
            };
            chosen = SearchAlgorithm::Dfbnb(bound);
        }
        Ok(chosen)
    }
}

/// Either kind of algorithm: what a problem description lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// A single-agent search.
    Search(SearchAlgorithm),
    /// A game search.
    Game(GameAlgorithm),
}

impl Algorithm {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Search(a) => a.name(),
            Self::Game(a) => a.name(),
        }
    }
    /// Its one-line summary.
    pub fn summary(self) -> &'static str {
        match self {
            Self::Search(a) => a.summary(),
            Self::Game(a) => a.summary(),
        }
    }
    /// The same algorithm with its default parameter ([`SearchAlgorithm::base`],
    /// [`GameAlgorithm::base`]).
    pub fn base(self) -> Algorithm {
        match self {
            Self::Search(a) => Self::Search(a.base()),
            Self::Game(a) => Self::Game(a.base()),
        }
    }
    /// Whether its answers are compared with the exact answer: every single-agent search
    /// (each by its [`Promise`]) and every game solver, not MCTS, which proves no value.
    pub fn proves_answer(self) -> bool {
        match self {
            Self::Search(_) => true,
            Self::Game(a) => a.proves_value(),
        }
    }
    /// Whether it takes a heuristic (games: an evaluation or move order always applies).
    pub fn uses_heuristic(self) -> bool {
        match self {
            Self::Search(a) => a.uses_heuristic(),
            Self::Game(_) => true,
        }
    }
    /// Every algorithm of one kind, with default parameters.
    pub fn of_kind(kind: crate::describe::Kind) -> Vec<Algorithm> {
        match kind {
            crate::describe::Kind::Puzzle => SearchAlgorithm::all()
                .into_iter()
                .map(Self::Search)
                .collect(),
            crate::describe::Kind::Game => GameAlgorithm::ALL.map(Self::Game).to_vec(),
        }
    }
    /// Every algorithm of both kinds.
    pub fn all() -> impl Iterator<Item = Algorithm> {
        SearchAlgorithm::all()
            .into_iter()
            .map(Self::Search)
            .chain(GameAlgorithm::ALL.into_iter().map(Self::Game))
    }
}

/// Parses `name` or `name:parameter` among `all` (bases), with `with` giving the parameter.
fn parse_named<T: Copy>(
    text: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
    with: impl Fn(T, &str) -> Result<T, String>,
) -> Result<T, ParseAlgorithmError> {
    let (base, parameter) = match text.trim().split_once(':') {
        Some((b, p)) => (b.trim(), Some(p)),
        None => (text.trim(), None),
    };
    let found = all
        .iter()
        .copied()
        .find(|a| name(*a).eq_ignore_ascii_case(base))
        .ok_or_else(|| UnknownAlgorithm {
            name: text.to_owned(),
            known: all.iter().map(|a| name(*a)).collect::<Vec<_>>().join(", "),
            suggestion: did_you_mean(base, all.iter().map(|a| name(*a))).map(str::to_owned),
        })?;
    match parameter {
        None => Ok(found),
        Some(p) => with(found, p).map_err(|reason| ParseAlgorithmError::Parameter {
            text: text.to_owned(),
            reason,
        }),
    }
}

impl fmt::Display for SearchAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.parameter() {
            Some(p) => write!(f, "{}:{p}", self.name()),
            None => f.write_str(self.name()),
        }
    }
}

impl FromStr for SearchAlgorithm {
    type Err = ParseAlgorithmError;
    /// `astar`, `wastar`, `wastar:1.5`, `beam:10`, `dfbnb:max-depth` (case-insensitive).
    fn from_str(s: &str) -> Result<Self, ParseAlgorithmError> {
        parse_named(s, &Self::all(), Self::name, Self::with_parameter)
    }
}

impl fmt::Display for GameAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.parameter() {
            Some(p) => write!(f, "{}:{p}", self.name()),
            None => f.write_str(self.name()),
        }
    }
}

impl FromStr for GameAlgorithm {
    type Err = ParseAlgorithmError;
    /// `alphabeta`, `alphabeta:aspiration=5`, `mcts`, `mcts:playouts=500,seed=7`
    /// (case-insensitive names).
    fn from_str(s: &str) -> Result<Self, ParseAlgorithmError> {
        parse_named(s, &Self::ALL, Self::name, Self::with_parameter)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Search(a) => a.fmt(f),
            Self::Game(a) => a.fmt(f),
        }
    }
}

impl FromStr for Algorithm {
    type Err = ParseAlgorithmError;
    fn from_str(s: &str) -> Result<Self, ParseAlgorithmError> {
        let all: Vec<Algorithm> = Self::all().collect();
        parse_named(s, &all, Self::name, |a, p| match a {
            Self::Search(a) => a.with_parameter(p).map(Self::Search),
            Self::Game(a) => a.with_parameter(p).map(Self::Game),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_list_the_known_ones() {
        for a in Algorithm::all() {
            assert_eq!(a.to_string().parse::<Algorithm>(), Ok(a));
        }
        let err = "dijkstra".parse::<SearchAlgorithm>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown algorithm 'dijkstra': expected one of astar, idastar, iddfs, bfs, ucs, greedy, wastar, beam, rbfs, dfbnb, bibfs, mm, fringe"
        );
    }

    #[test]
    fn parameters_round_trip_and_defaults_print_bare() {
        let w: SearchAlgorithm = "wastar:1.5".parse().unwrap();
        assert_eq!(w, SearchAlgorithm::Wastar(Weight::new(3, 2).unwrap()));
        assert_eq!(w.to_string(), "wastar:3/2");
        assert_eq!(w.to_string().parse::<SearchAlgorithm>(), Ok(w));
        assert_eq!(
            "wastar:2".parse::<SearchAlgorithm>().unwrap().to_string(),
            "wastar"
        );
        let b: SearchAlgorithm = "beam:1".parse().unwrap();
        assert_eq!(b.to_string(), "beam:1");
        assert_eq!(b.base().to_string(), "beam");
        let d: SearchAlgorithm = "dfbnb:max-depth".parse().unwrap();
        assert_eq!(d, SearchAlgorithm::Dfbnb(InitialBound::MaxCost));
        assert_eq!(d.to_string(), "dfbnb:max-depth");
        let g: SearchAlgorithm = "dfbnb:greedy".parse().unwrap();
        assert_eq!(g.to_string(), "dfbnb");
        for bad in ["wastar:0.5", "beam:0", "dfbnb:soon", "astar:3", "wastar:"] {
            let e = bad.parse::<SearchAlgorithm>().unwrap_err();
            assert!(
                matches!(e, ParseAlgorithmError::Parameter { .. }) && e.to_string().contains(bad),
                "{bad}: {e}"
            );
        }
        assert!("pvs:2".parse::<GameAlgorithm>().is_err());
    }

    /// The place of each variant's base in its `ALL`. The matches are exhaustive, so a new
    /// variant does not compile until it is named here, and the test below fails until it is
    /// in `ALL` too: an algorithm left out of `ALL` could not be named on the command line.
    fn search_ordinal(a: SearchAlgorithm) -> Option<usize> {
        use SearchAlgorithm as S;
        Some(match a {
            S::Astar => 0,
            S::Idastar => 1,
            S::Iddfs => 2,
            S::Bfs => 3,
            S::Ucs => 4,
            S::Greedy => 5,
            S::Wastar(_) => 6,
            S::Beam(_) => 7,
            S::Rbfs => 8,
            S::Dfbnb(_) => 9,
            S::Bibfs => 10,
            S::Mm => 11,
            S::Fringe => 12,
            S::Plugin(_) => return None,
        })
    }

    fn game_ordinal(a: GameAlgorithm) -> usize {
        use GameAlgorithm as G;
        match a {
            G::Minimax => 0,
            G::Alphabeta | G::AlphabetaAspiration(_) => 1,
            G::Pvs => 2,
            G::Mtdf => 3,
            G::Mcts(_) => 4,
        }
    }

    #[test]
    fn every_variant_is_in_all_once_with_a_name_of_its_own() {
        let search: Vec<Option<usize>> = SearchAlgorithm::ALL.map(search_ordinal).to_vec();
        let expected: Vec<Option<usize>> = (0..SearchAlgorithm::ALL.len()).map(Some).collect();
        assert_eq!(search, expected);
        let game: Vec<usize> = GameAlgorithm::ALL.map(game_ordinal).to_vec();
        assert_eq!(game, (0..GameAlgorithm::ALL.len()).collect::<Vec<_>>());
        let mut names: Vec<&str> = Algorithm::all().map(Algorithm::name).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "two algorithms share a name");
    }

    #[test]
    fn promises_classify_every_algorithm() {
        use SearchAlgorithm as S;
        assert_eq!(
            S::Wastar(Weight::TWO).promise(),
            Promise::Bounded(Weight::TWO)
        );
        assert_eq!(S::Greedy.promise(), Promise::None);
        assert_eq!(S::Beam(DEFAULT_BEAM_WIDTH).promise(), Promise::None);
        assert_eq!(S::Bfs.promise(), Promise::FewestActions);
        let optimal: Vec<&str> = S::ALL
            .into_iter()
            .filter(|a| a.optimal_for_any_costs())
            .map(S::name)
            .collect();
        assert_eq!(
            optimal,
            ["astar", "idastar", "ucs", "rbfs", "dfbnb", "mm", "fringe"]
        );
    }
}
