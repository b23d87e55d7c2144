//! n x n tic-tac-toe for `searchlab bench`: game values with perfect play (x maximises:
//! 100 x wins, -100 o wins, 0 draw). `--heuristic` chooses the move order.

use searchlab_core::Limits;
use searchlab_tictactoe::{Board, Geometry, MoveOrder, SeedEval, TicTacToe, WIN, parse_input};

use super::suite::{AlgoSpec, HeuristicSpec, Kind, Parsed, Run, Suite, game_search};
use crate::instances;

const ALGORITHMS: &[AlgoSpec] = &[
    AlgoSpec {
        name: "minimax",
        about: "plain minimax, every move of every position (the oracle)",
        uses_heuristic: false,
    },
    AlgoSpec {
        name: "alphabeta",
        about: "alpha-beta with a transposition table (symmetric keys)",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "alphabeta-notable",
        about: "alpha-beta without a transposition table",
        uses_heuristic: true,
    },
    AlgoSpec {
        name: "alphabeta-id",
        about: "alpha-beta with a table and iterative deepening",
        uses_heuristic: true,
    },
];

const HEURISTICS: &[HeuristicSpec] = &[
    HeuristicSpec {
        name: "threats",
        about: "move order: completing squares, then blocking squares, then row-major",
        hidden: false,
    },
    HeuristicSpec {
        name: "rowmajor",
        about: "move order: row-major",
        hidden: false,
    },
];

/// A position with its geometry.
pub struct Position {
    geometry: Geometry,
    board: Board,
}

/// Tic-tac-toe positions: lines like `x.o/.x./...` (n from the rows, n in a row) or POJ 1568
/// input (`?` and four rows per case).
pub struct Tictactoe;

fn position(text: &str) -> Result<Position, String> {
    let n = text
        .split(|c: char| c == '/' || c == ',' || c.is_whitespace())
        .filter(|r| !r.is_empty())
        .count();
    let geometry = Geometry::new(n, n).map_err(|e| e.to_string())?;
    let board = geometry.parse(text).map_err(|e| e.to_string())?;
    checked(geometry, board)
}

fn checked(geometry: Geometry, board: Board) -> Result<Position, String> {
    if geometry.is_over(&board) {
        return Err("the game is over: nothing to search".into());
    }
    Ok(Position { geometry, board })
}

impl Tictactoe {
    /// POJ 1568 input: the cases' boards at the lines of their `?`.
    fn read_judge(&self, name: &str, content: &str) -> Vec<Parsed<Position>> {
        let starts: Vec<usize> = content
            .lines()
            .enumerate()
            .filter(|(_, l)| l.trim_start().starts_with('?'))
            .map(|(i, _)| i + 1)
            .collect();
        let geometry = Geometry::new(4, 4).expect("4 x 4 is supported");
        let mut next = 0;
        let mut out = Vec::new();
        for case in parse_input(content) {
            match case {
                Ok(board) => {
                    let line = starts.get(next).copied().unwrap_or(0);
                    next += 1;
                    out.push(Parsed {
                        source: format!("{name}:{line}"),
                        text: geometry.format(&board),
                        expected: None,
                        instance: checked(geometry.clone(), board),
                    });
                }
                Err(e) => {
                    while starts.get(next).is_some_and(|&s| s <= e.line) {
                        next += 1;
                    }
                    out.push(Parsed {
                        source: format!("{name}:{}", e.line),
                        text: String::new(),
                        expected: None,
                        instance: Err(e.message),
                    });
                }
            }
        }
        out
    }
}

impl Suite for Tictactoe {
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
        "threats"
    }

    fn read(&self, name: &str, content: &str) -> Vec<Parsed<Position>> {
        let first = content
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        if first.is_some_and(|l| l.starts_with('?')) {
            return self.read_judge(name, content);
        }
        instances::parse_lines(name, content)
            .into_iter()
            .map(|i| Parsed {
                instance: position(&i.text),
                source: i.source,
                text: i.text,
                expected: i.expected,
            })
            .collect()
    }

    fn run(&self, p: &Position, algo: &str, heuristic: &str, limits: &Limits) -> Run {
        let order = match heuristic {
            "rowmajor" => MoveOrder::RowMajor,
            _ => MoveOrder::Threats,
        };
        let game = TicTacToe::new(p.geometry.clone()).with_order(order);
        let n = p.geometry.n() as u64;
        let left = n * n - u64::from(p.board.count());
        game_search(&game, &p.board, &SeedEval, algo, limits, (-WIN, WIN), left)
    }
}
