//! Sliding-tile puzzles for `searchlab bench`: the 8-puzzle and the 15-puzzle, one generic
//! suite over the board width.

use searchlab_core::{Heuristic, Limits, Stats, astar, bfs, idastar, iddfs};
use searchlab_npuzzle::{Board, Manhattan, Misplaced, SlidingPuzzle};

use super::suite::{
    AlgoSpec, HeuristicSpec, INADMISSIBLE_TEST, Inflated, Kind, Parsed, Run, Status, Suite,
    puzzle_run,
};
use crate::instances;

const ALGORITHMS: &[AlgoSpec] = &[
    AlgoSpec {
        name: "astar",
        about: "A* (optimal; memory grows with the nodes)",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "idastar",
        about: "IDA* (optimal; memory linear in the depth)",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "iddfs",
        about: "iterative deepening DFS (fewest moves, no heuristic)",
        uses_heuristic: false,
    },
    AlgoSpec {
        name: "bfs",
        about: "breadth-first search (fewest moves, no heuristic)",
        uses_heuristic: false,
    },
];

const HEURISTICS: &[HeuristicSpec] = &[
    HeuristicSpec {
        name: "manhattan",
        about: "sum of the tiles' Manhattan distances",
        hidden: false,
    },
    HeuristicSpec {
        name: "misplaced",
        about: "number of misplaced tiles",
        hidden: false,
    },
    INADMISSIBLE_TEST,
];

/// A sliding-tile puzzle of width `W` and `N` cells, goal `1 2 .. x`.
pub struct Sliding<const W: usize, const N: usize> {
    puzzle: SlidingPuzzle<W, N>,
    defaults: &'static [&'static str],
}

impl Sliding<3, 9> {
    /// The 8-puzzle: every algorithm is practical.
    pub fn eight() -> Self {
        Sliding {
            puzzle: SlidingPuzzle::standard(),
            defaults: &["astar", "idastar"],
        }
    }
}

impl Sliding<4, 16> {
    /// The 15-puzzle: IDA* is the practical default (A*'s memory grows fast).
    pub fn fifteen() -> Self {
        Sliding {
            puzzle: SlidingPuzzle::standard(),
            defaults: &["idastar"],
        }
    }
}

impl<const W: usize, const N: usize> Suite for Sliding<W, N> {
    type Instance = Board<N>;

    fn kind(&self) -> Kind {
        Kind::Puzzle
    }
    fn algorithms(&self) -> &'static [AlgoSpec] {
        ALGORITHMS
    }
    fn heuristics(&self) -> &'static [HeuristicSpec] {
        HEURISTICS
    }
    fn default_algorithms(&self) -> &'static [&'static str] {
        self.defaults
    }
    fn default_heuristic(&self) -> &'static str {
        "manhattan"
    }

    fn read(&self, name: &str, content: &str) -> Vec<Parsed<Board<N>>> {
        instances::parse_lines(name, content)
            .into_iter()
            .map(|i| Parsed {
                instance: self.puzzle.parse(&i.text).map_err(|e| e.to_string()),
                source: i.source,
                text: i.text,
                expected: i.expected,
            })
            .collect()
    }

    fn run(&self, board: &Board<N>, algo: &str, heuristic: &str, limits: &Limits) -> Run {
        if !self.puzzle.is_solvable(board) {
            // Decided by permutation parity: no search, nothing to count.
            return Run {
                status: Status::Unsolvable,
                answer: None,
                length: None,
                stats: Stats::default(),
            };
        }
        let inflated = Inflated(Manhattan, 3);
        let h: &dyn Heuristic<SlidingPuzzle<W, N>> = match heuristic {
            "misplaced" => &Misplaced,
            "inadmissible-test" => &inflated,
            _ => &Manhattan,
        };
        let p = &self.puzzle;
        puzzle_run(match algo {
            "astar" => astar(p, board, h, limits),
            "idastar" => idastar(p, board, h, limits),
            "iddfs" => iddfs(p, board, limits),
            _ => bfs(p, board, limits),
        })
    }
}
