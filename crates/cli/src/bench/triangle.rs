//! Triangle War (POJ 1085) for `searchlab bench`: final margins with perfect play (A's
//! triangles minus B's). `--heuristic` chooses the move order.

use searchlab_core::{Limits, Value};
use searchlab_triangle::input::{parse_judge, position_from_moves};
use searchlab_triangle::{MoveOrder, Position, Segment, TriangleWar};

use super::suite::{AlgoSpec, HeuristicSpec, Kind, Parsed, Run, Suite, game_search};
use crate::instances;

const ALGORITHMS: &[AlgoSpec] = &[
    AlgoSpec {
        name: "alphabeta",
        about: "alpha-beta with a transposition table, symmetric positions sharing entries",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "alphabeta-nosym",
        about: "alpha-beta with a transposition table, no symmetry",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "alphabeta-notable",
        about: "alpha-beta without a transposition table",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "minimax",
        about: "plain minimax (the oracle; only for positions with few moves left)",
        uses_heuristic: false,
    },
];

const HEURISTICS: &[HeuristicSpec] = &[
    HeuristicSpec {
        name: "greedy",
        about: "move order: completing moves first, then moves offering the opponent least",
        hidden: false,
    },
    HeuristicSpec {
        name: "index",
        about: "move order: segment order",
        hidden: false,
    },
];

/// Triangle War positions: move lists like `2-4 4-5 5-9`, one per line, or the judge's input
/// (the number of games, then per game a move count and `i j` lines).
pub struct Triangle;

/// Never called: whole-game searches have no depth limit.
fn no_eval(_: &Position) -> Value {
    0
}

fn moves_text(moves: &[Segment]) -> String {
    moves
        .iter()
        .map(Segment::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Triangle {
    fn read_judge(&self, name: &str, content: &str) -> Vec<Parsed<Position>> {
        let batch = parse_judge(content);
        let mut out: Vec<Parsed<Position>> = batch
            .games
            .into_iter()
            .map(|game| match game {
                Ok(g) => Parsed {
                    source: format!("{name}:{}", g.line),
                    text: moves_text(&g.moves),
                    expected: None,
                    instance: Ok(g.position),
                },
                Err(e) => Parsed {
                    source: format!("{name}:{}", e.line),
                    text: String::new(),
                    expected: None,
                    instance: Err(e.kind.to_string()),
                },
            })
            .collect();
        if let Some(e) = batch.outside {
            out.push(Parsed {
                source: format!("{name}:{}", e.line),
                text: String::new(),
                expected: None,
                instance: Err(e.kind.to_string()),
            });
        }
        out
    }
}

impl Suite for Triangle {
    type Instance = Position;

    fn kind(&self) -> Kind {
        Kind::Game
    }
    fn algorithms(&self) -> &'static [AlgoSpec] {
        ALGORITHMS
    }
    fn heuristics(&self) -> &'static [HeuristicSpec] {
        HEURISTICS
    }
    fn default_algorithms(&self) -> &'static [&'static str] {
        &["alphabeta"]
    }
    fn default_heuristic(&self) -> &'static str {
        "greedy"
    }

    fn read(&self, name: &str, content: &str) -> Vec<Parsed<Position>> {
        if content
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .is_some_and(|l| l.parse::<i64>().is_ok())
        {
            return self.read_judge(name, content);
        }
        instances::parse_lines(name, content)
            .into_iter()
            .map(|i| Parsed {
                instance: position_from_moves(&i.text)
                    .map(|(_, p)| p)
                    .map_err(|e| e.to_string()),
                source: i.source,
                text: i.text,
                expected: i.expected,
            })
            .collect()
    }

    fn run(&self, position: &Position, algo: &str, heuristic: &str, limits: &Limits) -> Run {
        let order = match heuristic {
            "index" => MoveOrder::Index,
            _ => MoveOrder::Greedy,
        };
        let game = TriangleWar::new(order, algo != "alphabeta-nosym");
        let left = 18 - u64::from(position.drawn_count());
        game_search(&game, position, &no_eval, algo, limits, (-9, 9), left)
    }
}
