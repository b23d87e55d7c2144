//! Solving positions with the core's alpha-beta and transposition table: the value with
//! perfect play, every move's value, the best moves, the winner.
//!
//! The evaluation is the final margin, A's triangles minus B's (A maximises). A full solve never
//! stops at a depth limit, so no static evaluation is ever called; the margin's range, -9..=9,
//! is declared to the search so that its root window starts narrow.

use searchlab_core::{AlphaBeta, AlphaBetaConfig, Bound, GameOutcome, Limits, Stats, Value};

use crate::board::{Position, Segment, Side};
use crate::game::TriangleWar;

/// One legal move with the final margin (A's triangles minus B's) it leads to with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub segment: Segment,
    /// The final margin after it, A minus B.
    pub value: i32,
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The final margin with perfect play, A minus B (odd, never 0).
    pub value: i32,
    /// The winner with perfect play.
    pub winner: Side,
    /// Every legal move with its value, in segment order (empty when the game is over).
    pub moves: Vec<MoveValue>,
    /// The moves achieving `value` for the side to move, in segment order.
    pub best: Vec<Segment>,
    /// The search's statistics.
    pub stats: Stats,
}

/// Why a search gave no answer: only a limit can stop it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search stopped at its {0}")]
pub struct Stopped(pub searchlab_core::LimitKind);

/// The winner of a final margin (9 triangles: never a tie).
pub fn winner_of(margin: i32) -> Side {
    if margin > 0 { Side::A } else { Side::B }
}

/// A Triangle War searcher: the core's [`AlphaBeta`] with its table, kept across positions
/// (entries are exact facts about positions, so they stay valid from one position to the next).
#[derive(Debug)]
pub struct Solver {
    game: TriangleWar,
    search: AlphaBeta<TriangleWar>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(TriangleWar::default(), Limits::none())
    }
}

/// Never called: a full solve has no depth limit.
fn no_eval(_: &Position) -> Value {
    0
}

impl Solver {
    /// A solver for `game` (its move order and symmetry setting), stopping at `limits` (node
    /// count, time; a depth limit would make answers estimates and is ignored).
    pub fn new(game: TriangleWar, limits: Limits) -> Solver {
        Solver::with_table(game, limits, true)
    }

    /// A solver as [`Solver::new`], with a transposition table or (`table` false, for
    /// comparisons) without one.
    pub fn with_table(game: TriangleWar, limits: Limits, table: bool) -> Solver {
        let limits = Limits {
            max_cost: None,
            ..limits
        };
        let config = AlphaBetaConfig::new()
            .with_limits(limits)
            .with_table(table)
            .with_value_range(-9, 9);
        Solver {
            game,
            search: AlphaBeta::new(config),
        }
    }

    /// Forgets the table (for measurements from a cold start).
    pub fn clear(&mut self) {
        self.search.clear_table();
    }

    /// The final margin of `position` with perfect play.
    ///
    /// ```
    /// use searchlab_triangle::{solve::Solver, Position};
    /// let (margin, stats) = Solver::default().value(&Position::start()).unwrap();
    /// assert_eq!(margin, -3); // B wins 6-3
    /// assert!(stats.table_hits > 0);
    /// ```
    pub fn value(&mut self, position: &Position) -> Result<(i32, Stats), Stopped> {
        let run = self.search.search(&self.game, position, &no_eval);
        match run.outcome {
            GameOutcome::Solved(s) => Ok((s.value, run.stats)),
            GameOutcome::Stopped { limit, .. } => Err(Stopped(limit)),
        }
    }

    /// Only the winner, by a null-window search around 0: margins are odd, so "is A's margin
    /// at least 1?" decides, and it prunes more than an exact search.
    pub fn winner(&mut self, position: &Position) -> Result<(Side, Stats), Stopped> {
        let run = self
            .search
            .search_window(&self.game, position, &no_eval, -1, 1);
        match run.outcome {
            GameOutcome::Solved(s) => {
                debug_assert!(s.value != 0 || s.bound != Bound::Exact);
                Ok((winner_of(s.value), run.stats))
            }
            GameOutcome::Stopped { limit, .. } => Err(Stopped(limit)),
        }
    }

    /// The value of `position` and of each of its moves.
    pub fn analyse(&mut self, position: &Position) -> Result<Analysis, Stopped> {
        let run = self
            .search
            .analyse_root(&self.game, position, &no_eval, None);
        let solution = match run.outcome {
            GameOutcome::Solved(s) => s,
            GameOutcome::Stopped { limit, .. } => return Err(Stopped(limit)),
        };
        let mut moves: Vec<MoveValue> = solution
            .root_moves
            .iter()
            .map(|m| MoveValue {
                segment: m.mv,
                value: m.value,
            })
            .collect();
        moves.sort_by_key(|m| m.segment);
        let value = solution.value;
        let best = moves
            .iter()
            .filter(|m| m.value == value)
            .map(|m| m.segment)
            .collect();
        Ok(Analysis {
            value,
            winner: winner_of(value),
            moves,
            best,
            stats: run.stats,
        })
    }
}

/// Solves `position` and values every move with a fresh [`Solver`].
///
/// ```
/// use searchlab_triangle::{solve::analyse, Position, Side};
/// let a = analyse(&Position::start());
/// assert_eq!((a.value, a.winner), (-3, Side::B));
/// assert_eq!(a.moves.len(), 18);
/// ```
pub fn analyse(position: &Position) -> Analysis {
    Solver::default()
        .analyse(position)
        .expect("a solver without limits always finishes")
}

/// The winner of `position` with perfect play, with a fresh [`Solver`].
pub fn winner(position: &Position) -> (Side, Stats) {
    Solver::default()
        .winner(position)
        .expect("a solver without limits always finishes")
}
