//! The rotation game (POJ 2286) for `searchlab bench`.

use searchlab_core::{Heuristic, Limits, astar, idastar, iddfs};
use searchlab_rotation::{Board, CentreBound, CentrePdb, RotationGame};

use super::suite::{
    AlgoSpec, HeuristicSpec, INADMISSIBLE_TEST, Inflated, Kind, Parsed, Run, Suite, puzzle_run,
};
use crate::instances;

const ALGORITHMS: &[AlgoSpec] = &[
    AlgoSpec {
        name: "idastar",
        about: "IDA* (the judge's algorithm)",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "astar",
        about: "A* with an open list",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "iddfs",
        about: "iterative deepening DFS, no heuristic (slow beyond 7 or 8 moves)",
        uses_heuristic: false,
    },
];

const HEURISTICS: &[HeuristicSpec] = &[
    HeuristicSpec {
        name: "pdb",
        about: "exact distance from a pattern database over one symbol's cells",
        hidden: false,
    },
    HeuristicSpec {
        name: "centre",
        about: "8 minus the count of the most frequent centre symbol",
        hidden: false,
    },
    INADMISSIBLE_TEST,
];

/// The rotation game; the pattern database is built once, before any run is timed.
#[derive(Default)]
pub struct Rotation {
    pdb: Option<CentrePdb>,
}

impl Suite for Rotation {
    type Instance = Board;

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
        &["idastar"]
    }
    fn default_heuristic(&self) -> &'static str {
        "pdb"
    }

    fn prepare(&mut self, heuristics: &[&'static str]) -> anyhow::Result<()> {
        if heuristics.contains(&"pdb") && self.pdb.is_none() {
            self.pdb = Some(CentrePdb::build());
        }
        Ok(())
    }

    fn read(&self, name: &str, content: &str) -> Vec<Parsed<Board>> {
        instances::parse_lines(name, content)
            .into_iter()
            // The judge's input ends with a line `0`.
            .take_while(|i| i.text != "0")
            .map(|i| Parsed {
                instance: i.text.parse::<Board>().map_err(|e| e.to_string()),
                source: i.source,
                text: i.text,
                expected: i.expected,
            })
            .collect()
    }

    fn run(&self, board: &Board, algo: &str, heuristic: &str, limits: &Limits) -> Run {
        let inflated = Inflated(CentreBound, 3);
        let h: &dyn Heuristic<RotationGame> = match (heuristic, &self.pdb) {
            ("pdb", Some(pdb)) => pdb,
            ("inadmissible-test", _) => &inflated,
            _ => &CentreBound,
        };
        puzzle_run(match algo {
            "astar" => astar(&RotationGame, board, h, limits),
            "iddfs" => iddfs(&RotationGame, board, limits),
            _ => idastar(&RotationGame, board, h, limits),
        })
    }
}
