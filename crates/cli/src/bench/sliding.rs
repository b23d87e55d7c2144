//! Sliding-tile puzzles for `searchlab bench`: the 8-puzzle and the 15-puzzle, one generic
//! suite over the board width. The 15-puzzle adds the additive pattern databases of
//! `searchlab solve fifteen` (loaded from its disk cache or built once, before any run).

use searchlab_core::{Heuristic, Limits, Stats, astar, bfs, idastar, iddfs};
use searchlab_npuzzle::pattern::Partition;
use searchlab_npuzzle::{Board, LinearConflict, Manhattan, Misplaced, SlidingPuzzle};

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

const MANHATTAN: HeuristicSpec = HeuristicSpec {
    name: "manhattan",
    about: "sum of the tiles' Manhattan distances",
    hidden: false,
};
const MISPLACED: HeuristicSpec = HeuristicSpec {
    name: "misplaced",
    about: "number of misplaced tiles",
    hidden: false,
};
const LINEAR_CONFLICT: HeuristicSpec = HeuristicSpec {
    name: "linear-conflict",
    about: "Manhattan distance plus linear conflicts",
    hidden: false,
};

const EIGHT_HEURISTICS: &[HeuristicSpec] =
    &[MANHATTAN, MISPLACED, LINEAR_CONFLICT, INADMISSIBLE_TEST];

const FIFTEEN_HEURISTICS: &[HeuristicSpec] = &[
    MANHATTAN,
    MISPLACED,
    LINEAR_CONFLICT,
    HeuristicSpec {
        name: "pdb663",
        about: "additive pattern databases 6-6-3 (built once in ~15 s, then cached on disk)",
        hidden: false,
    },
    HeuristicSpec {
        name: "pdb663-reflect",
        about: "pdb663, also looked up on the board reflected about the diagonal",
        hidden: false,
    },
    HeuristicSpec {
        name: "pdb78",
        about: "additive pattern databases 7-8 (577 MB, built once in minutes, then cached)",
        hidden: false,
    },
    INADMISSIBLE_TEST,
];

/// A heuristic that needs building, shared by the worker threads.
type Built<const W: usize, const N: usize> = Box<dyn Heuristic<SlidingPuzzle<W, N>> + Send + Sync>;

/// Builds the heuristic named, for the ones that need a table.
type Builder<const W: usize, const N: usize> =
    fn(&SlidingPuzzle<W, N>, &str) -> anyhow::Result<Option<Built<W, N>>>;

/// A sliding-tile puzzle of width `W` and `N` cells.
pub struct Sliding<const W: usize, const N: usize> {
    puzzle: SlidingPuzzle<W, N>,
    defaults: &'static [&'static str],
    default_heuristic: &'static str,
    heuristics: &'static [HeuristicSpec],
    builder: Builder<W, N>,
    built: Vec<(&'static str, Built<W, N>)>,
}

fn linear_conflict<const W: usize, const N: usize>(
    puzzle: &SlidingPuzzle<W, N>,
    name: &str,
) -> anyhow::Result<Option<Built<W, N>>> {
    Ok((name == "linear-conflict").then(|| Box::new(LinearConflict::new(puzzle)) as Built<W, N>))
}

fn fifteen_tables(
    puzzle: &SlidingPuzzle<4, 16>,
    name: &str,
) -> anyhow::Result<Option<Built<4, 16>>> {
    let (partition, reflect) = match name {
        "pdb663" => (Partition::SixSixThree, false),
        "pdb663-reflect" => (Partition::SixSixThree, true),
        "pdb78" => (Partition::SevenEight, false),
        _ => return linear_conflict(puzzle, name),
    };
    let pdb =
        searchlab_npuzzle::describe::pattern_databases(puzzle, partition, reflect, &mut |n| {
            if let searchlab_core::Note::Message(m) = n {
                eprintln!("{m}");
            }
        })
        .map_err(|e| anyhow::anyhow!(e))?;
    Ok(Some(Box::new(pdb)))
}

impl Sliding<3, 9> {
    /// The 8-puzzle (goal `1 2 3 / 4 5 6 / 7 8 x`): every algorithm is practical.
    pub fn eight() -> Self {
        Sliding {
            puzzle: SlidingPuzzle::standard(),
            defaults: &["astar", "idastar"],
            default_heuristic: "manhattan",
            heuristics: EIGHT_HEURISTICS,
            builder: linear_conflict,
            built: Vec::new(),
        }
    }
}

impl Sliding<4, 16> {
    /// The 15-puzzle, goal `x 1 2 ... 15` (Korf's) or, with `blank_last`, `1 2 ... 15 x`. IDA*
    /// with the 6-6-3 databases is the practical default (A*'s memory grows fast).
    pub fn fifteen(blank_last: bool) -> Self {
        Sliding {
            puzzle: if blank_last {
                SlidingPuzzle::standard()
            } else {
                SlidingPuzzle::blank_first()
            },
            defaults: &["idastar"],
            default_heuristic: "pdb663",
            heuristics: FIFTEEN_HEURISTICS,
            builder: fifteen_tables,
            built: Vec::new(),
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
        self.heuristics
    }
    fn default_algorithms(&self) -> &'static [&'static str] {
        self.defaults
    }
    fn default_heuristic(&self) -> &'static str {
        self.default_heuristic
    }

    fn prepare(&mut self, heuristics: &[&'static str]) -> anyhow::Result<()> {
        for &name in heuristics {
            if self.built.iter().all(|b| b.0 != name)
                && let Some(h) = (self.builder)(&self.puzzle, name)?
            {
                self.built.push((name, h));
            }
        }
        Ok(())
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
        let built = self.built.iter().find(|b| b.0 == heuristic);
        let h: &dyn Heuristic<SlidingPuzzle<W, N>> = match (heuristic, built) {
            (_, Some((_, h))) => h.as_ref(),
            ("misplaced", _) => &Misplaced,
            ("inadmissible-test", _) => &inflated,
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
