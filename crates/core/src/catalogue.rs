//! The algorithm catalogue as data: every single-agent and game algorithm of the crate,
//! selectable by name.
//!
//! A command-line tool, a benchmark or a test picks an algorithm from a string
//! (`"idastar".parse::<SearchAlgorithm>()`), asks whether it takes a heuristic, and runs it
//! with [`SearchAlgorithm::run`] or [`GameAlgorithm::run`]: one outcome plus statistics, the
//! same for every algorithm. Adding an algorithm to the catalogue is one variant, one line in
//! `ALL`, one arm in `name`, `summary` and `run` (the compiler lists each place).
//!
//! ```
//! use searchlab_core::catalogue::SearchAlgorithm;
//! use searchlab_core::{Limits, Problem, Zero};
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
//!     let run = algo.run(&Count, &0, &Zero, &Limits::none());
//!     assert_eq!(run.outcome.cost(), Some(3), "{algo}");
//! }
//! ```

use std::fmt;
use std::str::FromStr;

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::game::{Evaluator, Game, GameResult};
use crate::problem::{Heuristic, Problem};
use crate::stats::SearchResult;
use crate::{astar, bfs, idastar, iddfs, minimax};

/// A name that is not in the catalogue (the message lists the known ones).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{name}': expected one of {known}")]
pub struct UnknownAlgorithm {
    /// The name given.
    pub name: String,
    /// The known names, comma-separated.
    pub known: String,
}

/// A single-agent search algorithm (a path from a start to a goal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SearchAlgorithm {
    /// A* ([`astar`]): optimal with an admissible heuristic; keeps every node.
    Astar,
    /// IDA* ([`idastar`]): optimal, memory linear in the depth.
    Idastar,
    /// Iterative deepening DFS ([`iddfs`]): fewest actions, no heuristic.
    Iddfs,
    /// Breadth-first search ([`bfs`]): fewest actions, no heuristic.
    Bfs,
}

impl SearchAlgorithm {
    /// Every single-agent algorithm, in the order menus list them.
    pub const ALL: [SearchAlgorithm; 4] = [Self::Astar, Self::Idastar, Self::Iddfs, Self::Bfs];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Astar => "astar",
            Self::Idastar => "idastar",
            Self::Iddfs => "iddfs",
            Self::Bfs => "bfs",
        }
    }

    /// One line for menus and `--help`.
    pub fn summary(self) -> &'static str {
        match self {
            Self::Astar => "A*: optimal; memory grows with the nodes",
            Self::Idastar => "IDA*: optimal; memory linear in the depth",
            Self::Iddfs => "iterative deepening DFS: fewest actions, no heuristic",
            Self::Bfs => "breadth-first search: fewest actions, no heuristic",
        }
    }

    /// Whether it takes a heuristic (BFS and IDDFS do not).
    pub fn uses_heuristic(self) -> bool {
        matches!(self, Self::Astar | Self::Idastar)
    }

    /// Whether its answer is optimal for any non-negative action costs (BFS and IDDFS count
    /// actions, which is the cost only when every action costs the same).
    pub fn optimal_for_any_costs(self) -> bool {
        self.uses_heuristic()
    }

    /// Runs it from `start`; `heuristic` is ignored by the algorithms that take none.
    ///
    /// Complexity: that of the algorithm (see its function).
    pub fn run<P>(
        self,
        problem: &P,
        start: &P::State,
        heuristic: &dyn Heuristic<P>,
        limits: &crate::Limits,
    ) -> SearchResult<P::Action, P::Cost>
    where
        P: Problem + ?Sized,
    {
        match self {
            Self::Astar => astar(problem, start, heuristic, limits),
            Self::Idastar => idastar(problem, start, heuristic, limits),
            Self::Iddfs => iddfs(problem, start, limits),
            Self::Bfs => bfs(problem, start, limits),
        }
    }
}

/// A two-player zero-sum game search algorithm (the value of a position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameAlgorithm {
    /// Plain minimax ([`minimax`]): every move of every position, every root move valued.
    Minimax,
    /// Alpha-beta ([`AlphaBeta`]) with the configuration's table and deepening.
    Alphabeta,
}

impl GameAlgorithm {
    /// Every game algorithm, in the order menus list them.
    pub const ALL: [GameAlgorithm; 2] = [Self::Minimax, Self::Alphabeta];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Minimax => "minimax",
            Self::Alphabeta => "alphabeta",
        }
    }

    /// One line for menus and `--help`.
    pub fn summary(self) -> &'static str {
        match self {
            Self::Minimax => "plain minimax: every move of every position (the oracle)",
            Self::Alphabeta => "alpha-beta with a transposition table",
        }
    }

    /// Runs it from `root`, with `config`'s limits (minimax uses only those).
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
        }
    }
}

/// Either kind of algorithm: what a problem description lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
    /// Whether it takes a heuristic (games: an evaluation or move order always applies).
    pub fn uses_heuristic(self) -> bool {
        match self {
            Self::Search(a) => a.uses_heuristic(),
            Self::Game(_) => true,
        }
    }
    /// Every algorithm of both kinds.
    pub fn all() -> impl Iterator<Item = Algorithm> {
        SearchAlgorithm::ALL
            .into_iter()
            .map(Self::Search)
            .chain(GameAlgorithm::ALL.into_iter().map(Self::Game))
    }
}

macro_rules! named {
    ($t:ty, $all:expr) => {
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
        impl FromStr for $t {
            type Err = UnknownAlgorithm;
            fn from_str(s: &str) -> Result<Self, UnknownAlgorithm> {
                let all: Vec<$t> = $all;
                all.iter()
                    .copied()
                    .find(|a| a.name().eq_ignore_ascii_case(s.trim()))
                    .ok_or_else(|| UnknownAlgorithm {
                        name: s.to_owned(),
                        known: all.iter().map(|a| a.name()).collect::<Vec<_>>().join(", "),
                    })
            }
        }
    };
}

named!(SearchAlgorithm, SearchAlgorithm::ALL.to_vec());
named!(GameAlgorithm, GameAlgorithm::ALL.to_vec());
named!(Algorithm, Algorithm::all().collect());

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
            "unknown algorithm 'dijkstra': expected one of astar, idastar, iddfs, bfs"
        );
    }
}
