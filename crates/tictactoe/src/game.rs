//! Tic-tac-toe as a [`Game`]: who is Max, what a finished game is worth (the plain result or a
//! goal of seed 002), the move order, and seed 001's evaluation for depth-limited search.

use searchlab_core::{Evaluator, Game, Player, Value};

use crate::board::{Board, Geometry, Side, Square};

/// The value of a won game for Max (and minus it for a lost one); seed 001 calls it INFINITY.
pub const WIN: Value = 100;
/// Seed 001's value of a position where a side has k-1 in a line with the rest empty.
pub const DOUBLE_LINK: Value = WIN / 2;

/// What a side wants from the game (seed 002): each goal scores finished games its own way,
/// because "o can force a loss" is not "x can force a win".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Win.
    Win,
    /// Lose.
    Lose,
    /// Draw.
    Draw,
}

/// How finished games are scored, always for the Max side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// The plain result: [`WIN`] if Max won, `-WIN` if Max lost, 0 for a draw.
    Result,
    /// [`WIN`] if the game ended as Max wanted, `-WIN` otherwise; the other side plays to
    /// prevent it. "Max can force the goal" is "the value is `WIN`".
    Goal(Goal),
}

/// The order in which [`Game::moves`] lists a position's moves (fixed per position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveOrder {
    /// Row-major: (0,0), (0,1), ...
    RowMajor,
    /// Squares completing a line for the mover first, then squares blocking the opponent's
    /// line, then row-major. Much faster, same values.
    Threats,
}

/// n x n tic-tac-toe, k in a row, seen by one side (Max) with a scoring of finished games.
#[derive(Clone, Debug)]
pub struct TicTacToe {
    geometry: Geometry,
    max: Side,
    scoring: Scoring,
    order: MoveOrder,
    symmetric_keys: bool,
}

impl TicTacToe {
    /// The game on `geometry` with `x` as Max, plain results, threat ordering and symmetric
    /// table keys.
    pub fn new(geometry: Geometry) -> Self {
        TicTacToe {
            geometry,
            max: Side::X,
            scoring: Scoring::Result,
            order: MoveOrder::Threats,
            symmetric_keys: true,
        }
    }
    /// Sets the side that maximises.
    pub fn with_max(mut self, side: Side) -> Self {
        self.max = side;
        self
    }
    /// Sets the scoring of finished games.
    pub fn with_scoring(mut self, scoring: Scoring) -> Self {
        self.scoring = scoring;
        self
    }
    /// Sets the move order.
    pub fn with_order(mut self, order: MoveOrder) -> Self {
        self.order = order;
        self
    }
    /// Whether the table key is the board's canonical image under the square's symmetries.
    pub fn with_symmetric_keys(mut self, on: bool) -> Self {
        self.symmetric_keys = on;
        self
    }
    /// The rules.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    /// The Max side.
    pub fn max_side(&self) -> Side {
        self.max
    }
    /// The scoring.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The value of a finished game for Max, `None` while it goes on.
    pub fn result_value(&self, b: &Board) -> Option<Value> {
        let g = &self.geometry;
        let winner = g.winner(b);
        if winner.is_none() && (b.x | b.o) != g.full() {
            return None;
        }
        Some(match self.scoring {
            Scoring::Result => match winner {
                Some(s) if s == self.max => WIN,
                Some(_) => -WIN,
                None => 0,
            },
            Scoring::Goal(goal) => {
                let met = match goal {
                    Goal::Win => winner == Some(self.max),
                    Goal::Lose => winner == Some(self.max.other()),
                    Goal::Draw => winner.is_none(),
                };
                if met { WIN } else { -WIN }
            }
        })
    }

    /// Squares where `side` would complete a line on `b`.
    pub fn completing_squares(&self, b: &Board, side: Side) -> u64 {
        let (own, opp) = (b.stones(side), b.stones(side.other()));
        let need = self.geometry.k() as u32 - 1;
        let mut out = 0;
        for &m in self.geometry.lines() {
            if opp & m == 0 && (own & m).count_ones() == need {
                out |= m & !own;
            }
        }
        out
    }
}

impl Game for TicTacToe {
    type State = Board;
    type Move = Square;

    fn to_move(&self, b: &Board) -> Player {
        if b.to_move() == self.max {
            Player::Max
        } else {
            Player::Min
        }
    }

    fn moves(&self, b: &Board, out: &mut Vec<Square>) {
        if self.geometry.is_over(b) {
            return;
        }
        let empty = !(b.x | b.o) & self.geometry.full();
        let push = |mut set: u64, out: &mut Vec<Square>| {
            while set != 0 {
                let bit = set.trailing_zeros();
                set &= set - 1;
                out.push(self.geometry.square(bit));
            }
        };
        match self.order {
            MoveOrder::RowMajor => push(empty, out),
            MoveOrder::Threats => {
                let side = b.to_move();
                let wins = self.completing_squares(b, side) & empty;
                let blocks = self.completing_squares(b, side.other()) & empty & !wins;
                push(wins, out);
                push(blocks, out);
                push(empty & !wins & !blocks, out);
            }
        }
    }

    fn play(&self, b: &Board, sq: &Square) -> Board {
        b.with(b.to_move(), self.geometry.bit(*sq))
    }

    fn terminal_value(&self, b: &Board) -> Option<Value> {
        self.result_value(b)
    }

    fn table_key(&self, b: &Board) -> Board {
        if self.symmetric_keys {
            self.geometry.canonical(b)
        } else {
            *b
        }
    }
}

/// Seed 001's evaluation for depth-limited search, from x's point of view and negated when Max
/// is o:
///
/// * one stone on the board: plus (x) or minus (o) the number of lines through it, the seed's
///   opening table `3 2 3 / 2 4 2 / 3 2 3` on 3 x 3, so the centre is preferred;
/// * otherwise `-DOUBLE_LINK` if o has k-1 in a line with the rest empty, else `DOUBLE_LINK`
///   if x has, else the seed's "in progress" value 1.
///
/// Under a goal scoring it knows nothing and says 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeedEval;

impl Evaluator<TicTacToe> for SeedEval {
    fn evaluate(&self, game: &TicTacToe, b: &Board) -> Value {
        if game.scoring != Scoring::Result {
            return 0;
        }
        let for_x = if b.count() == 1 {
            let stones = b.x | b.o;
            let v = game.geometry.lines_through(stones.trailing_zeros());
            if b.x != 0 { v } else { -v }
        } else if game.completing_squares(b, Side::O) != 0 {
            -DOUBLE_LINK
        } else if game.completing_squares(b, Side::X) != 0 {
            DOUBLE_LINK
        } else {
            1
        };
        if game.max == Side::X { for_x } else { -for_x }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threats_come_first() {
        let g = TicTacToe::new(Geometry::new(3, 3).unwrap());
        // x to move: x wins at (0,2); o threatens (2,0).
        let b = g.geometry().parse("xx./oo./...").unwrap();
        let mut moves = Vec::new();
        g.moves(&b, &mut moves);
        assert_eq!(moves[0], Square { row: 0, col: 2 });
        assert_eq!(moves[1], Square { row: 1, col: 2 });
        assert_eq!(moves.len(), 5);
        let rm = g.clone().with_order(MoveOrder::RowMajor);
        let mut row_major = Vec::new();
        rm.moves(&b, &mut row_major);
        assert_eq!(row_major[0], Square { row: 0, col: 2 });
        assert_eq!(row_major[1], Square { row: 1, col: 2 });
        assert_eq!(row_major[2], Square { row: 2, col: 0 });
    }

    #[test]
    fn goal_scoring() {
        let geo = Geometry::new(3, 3).unwrap();
        let b = geo.parse("xxx/oo./...").unwrap(); // x won
        let o_lose = TicTacToe::new(geo.clone())
            .with_max(Side::O)
            .with_scoring(Scoring::Goal(Goal::Lose));
        assert_eq!(o_lose.terminal_value(&b), Some(WIN));
        let x_draw = TicTacToe::new(geo).with_scoring(Scoring::Goal(Goal::Draw));
        assert_eq!(x_draw.terminal_value(&b), Some(-WIN));
    }

    #[test]
    fn seed_evaluation() {
        let g = TicTacToe::new(Geometry::new(3, 3).unwrap());
        let p = |s: &str| g.geometry().parse(s).unwrap();
        assert_eq!(SeedEval.evaluate(&g, &p(".../.x./...")), 4);
        assert_eq!(SeedEval.evaluate(&g, &p("x../.../...")), 3);
        assert_eq!(SeedEval.evaluate(&g, &p("xx./o../...")), DOUBLE_LINK);
        assert_eq!(SeedEval.evaluate(&g, &p("xx./oo./x..")), -DOUBLE_LINK);
        assert_eq!(SeedEval.evaluate(&g, &p("x.o/.../...")), 1);
        let as_o = g.clone().with_max(Side::O);
        assert_eq!(SeedEval.evaluate(&as_o, &p("xx./o../...")), -DOUBLE_LINK);
    }
}
