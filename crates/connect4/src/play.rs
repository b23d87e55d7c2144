//! Connect Four for matches and for people ([`PlayGame`], [`Threats`]): the plain rules with
//! every legal column, values on a scale where any proven result outweighs any estimate.
//!
//! The solver's game ([`crate::Connect4`] with [`crate::Rules::Shortcuts`]) is wrong for play:
//! it calls a position with an immediate win finished before the stone is dropped, and it
//! hides the moves that lose at once, which a person must be allowed to make (and an engine
//! must be able to punish). So play uses the rules only, like [`crate::Rules::Plain`], but
//! keeps what makes depth-limited alpha-beta fast: winning moves are tried first, moves that
//! hand the opponent a win at once last, the rest by the threats they make.
//!
//! Values are Pons' scores for [`Player::Max`] (`x`) times [`SCALE`]: a win whose winning stone
//! is dropped onto `n` stones is worth `(W*H + 1 - n) / 2 * SCALE` to the winner. The
//! evaluation of an unfinished position ([`Threats`]) stays strictly inside `-SCALE..SCALE`,
//! so a depth-limited search always prefers a proven win, even the latest, to any estimate,
//! and any estimate to a proven loss.

use searchlab_toolkit::{Evaluator, Game, Player, Value};

use crate::board::{Board, Position};

/// The factor between a Pons score and a value in play: estimates lie in `-SCALE..SCALE`.
pub const SCALE: Value = 100;

/// Connect Four with the plain rules, for `searchlab match` and `searchlab play`.
///
/// # Examples
/// ```
/// use searchlab_connect4::{Board, PlayGame, SCALE};
/// use searchlab_toolkit::Game;
///
/// let game = PlayGame::new(Board::standard());
/// let pos = game.board().parse("1212121").unwrap(); // x completes the first column
/// assert_eq!(game.terminal_value(&pos), Some(18 * SCALE)); // (43 - 6) / 2 = 18
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayGame {
    board: Board,
}

impl PlayGame {
    /// The game on `board`.
    pub fn new(board: Board) -> Self {
        PlayGame { board }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every value lies in `-max_value()..=max_value()`.
    pub fn max_value(&self) -> Value {
        self.board.cells().div_ceil(2) as Value * SCALE
    }

    /// The score (Pons' scale) for the winner whose winning stone was dropped onto `n` stones.
    fn win_score(&self, n: u32) -> Value {
        ((self.board.cells() + 1).saturating_sub(n) / 2) as Value
    }
}

impl Game for PlayGame {
    type State = Position;
    /// A column, 0-based.
    type Move = u8;

    fn to_move(&self, state: &Position) -> Player {
        if state.stones().is_multiple_of(2) {
            Player::Max
        } else {
            Player::Min
        }
    }

    /// Every playable column: winning ones first, then those that do not lose at once (most
    /// threats made first), then those that let the opponent win at once; centre first within
    /// each group.
    fn moves(&self, state: &Position, out: &mut Vec<u8>) {
        let b = &self.board;
        if self.terminal_value(state).is_some() {
            return;
        }
        let playable = b.playable(state);
        let wins = playable & b.winning_cells(state.current, state.mask);
        let theirs = b.winning_cells(state.current ^ state.mask, state.mask);
        // (group, -threats, position in the centre-first order): sorted, the order above.
        let mut keyed: Vec<(u8, i32, usize, u8)> = Vec::with_capacity(b.width() as usize);
        for (i, &c) in b.column_order().iter().enumerate() {
            let cell = playable & b.column_mask(c);
            if cell == 0 {
                continue;
            }
            let group = if cell & wins != 0 {
                0
            } else if playable & theirs & !cell != 0 || (cell << 1) & theirs != 0 {
                // A threat of theirs left open, or one opened right above the stone.
                2
            } else {
                1
            };
            let threats = b
                .winning_cells(state.current | cell, state.mask)
                .count_ones() as i32;
            keyed.push((group, -threats, i, c));
        }
        keyed.sort_unstable();
        out.extend(keyed.iter().map(|k| k.3));
    }

    #[inline]
    fn play(&self, state: &Position, mv: &u8) -> Position {
        self.board.play(state, *mv)
    }

    fn terminal_value(&self, state: &Position) -> Option<Value> {
        let n = state.stones();
        if self.board.last_move_won(state) {
            // The player who just moved won: the one not to move now.
            let score = self.win_score(n - 1) * SCALE;
            return Some(match self.to_move(state) {
                Player::Max => -score,
                Player::Min => score,
            });
        }
        (n == self.board.cells()).then_some(0)
    }
}

/// The evaluation for depth-limited search, from `x`'s point of view, strictly inside
/// `-SCALE..SCALE`: a side to move that can complete four at once is all but won
/// (`±(SCALE - 1)`); otherwise 3 per cell where `x` would complete four, twice that on the
/// odd rows (counted from 1 at the bottom), minus the same for `o` with the even rows (threats
/// decide Connect Four endings, and parity decides whose threats get filled: Allis 1988),
/// plus 1 per stone in the centre column.
///
/// # Examples
/// ```
/// use searchlab_connect4::{Board, PlayGame, Threats};
/// use searchlab_toolkit::Evaluator;
///
/// let game = PlayGame::new(Board::standard());
/// let even = game.board().parse("").unwrap();
/// assert_eq!(Threats.evaluate(&game, &even), 0);
/// // x has three in the bottom row with both ends open, and o (to move) no win at once.
/// let strong = game.board().parse("3242515").unwrap();
/// assert!(Threats.evaluate(&game, &strong) > 0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Threats;

impl Evaluator<PlayGame> for Threats {
    fn evaluate(&self, game: &PlayGame, state: &Position) -> Value {
        let b = &game.board;
        let (mover, other) = (state.current, state.current ^ state.mask);
        let sign = match game.to_move(state) {
            Player::Max => 1,
            Player::Min => -1,
        };
        if b.playable(state) & b.winning_cells(mover, state.mask) != 0 {
            return sign * (SCALE - 1);
        }
        let (x, o) = if sign > 0 {
            (mover, other)
        } else {
            (other, mover)
        };
        // Threats, and those on the rows parity favours (x's on odd rows counted from 1, o's on
        // even ones: when the board fills up, that is where each side gets to move) twice.
        let odd = odd_rows(b);
        let threats = |stones: u64, good: u64| {
            let cells = b.winning_cells(stones, state.mask);
            (cells.count_ones() + (cells & good).count_ones()) as Value
        };
        let centre = b.column_mask((b.width() / 2) as u8);
        let centred = |stones: u64| (stones & centre).count_ones() as Value;
        let for_x = 3 * (threats(x, odd) - threats(o, !odd)) + centred(x) - centred(o);
        for_x.clamp(-(SCALE - 2), SCALE - 2)
    }
}

/// The cells of the odd rows (1st, 3rd, ...: bit rows 0, 2, ...) of every column.
fn odd_rows(b: &Board) -> u64 {
    let mut rows = 0;
    for col in 0..b.width() as u8 {
        let column = b.column_mask(col);
        let lowest = column & column.wrapping_neg();
        let mut cell = lowest;
        while cell & column != 0 {
            rows |= cell;
            cell <<= 2;
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_toolkit::{AlphaBetaConfig, GameSolver};

    fn game() -> PlayGame {
        PlayGame::new(Board::standard())
    }

    #[test]
    fn every_legal_column_is_offered_and_wins_come_first_losses_last() {
        let g = game();
        // x (to move) has 3 in the bottom row at columns 2-4: columns 1 and 5 win.
        let pos = g.board().parse("273747").unwrap();
        let mut moves = Vec::new();
        g.moves(&pos, &mut moves);
        assert_eq!(moves.len(), 7);
        let mut first_two = moves[..2].to_vec();
        first_two.sort();
        assert_eq!(first_two, [0, 4]);
        // o to move must block x's bottom row at column 5; every other move loses at once,
        // and is still offered, after the block.
        let pos = g.board().parse("21374").unwrap();
        moves.clear();
        g.moves(&pos, &mut moves);
        assert_eq!(moves.len(), 7);
        assert_eq!(moves[0], 4, "{moves:?}");
    }

    #[test]
    fn a_win_is_terminal_only_once_the_stone_is_dropped() {
        let g = game();
        let before = g.board().parse("121212").unwrap();
        assert_eq!(g.terminal_value(&before), None);
        let after = g.play(&before, &0);
        assert_eq!(g.terminal_value(&after), Some(18 * SCALE));
        let mut moves = vec![];
        g.moves(&after, &mut moves);
        assert!(moves.is_empty());
        // o completes column 2 with the game's 10th stone (n = 9): (43 - 9) / 2 = 17.
        let o_wins = g.board().parse("1212125152").unwrap();
        assert_eq!(g.terminal_value(&o_wins), Some(-17 * SCALE));
    }

    /// Depth-limited alpha-beta with the evaluation finds exactly what the plain-rules solver
    /// finds on end games it can see to the end: the values are the solver's scores, scaled.
    #[test]
    fn exact_search_on_end_games_gives_the_solvers_scores_scaled() {
        let g = game();
        let solver_game = crate::Connect4::new(Board::standard(), crate::Rules::Shortcuts);
        let text = include_str!("../../../puzzles/connect4/Test_L3_R1");
        let mut checked = 0;
        for line in text.lines().take(40) {
            let case = crate::parse_test_line(&solver_game, line).unwrap();
            if case.moves.len() < 32 {
                continue; // keep the plain search small in a debug build
            }
            checked += 1;
            let pos = g.board().parse(&case.moves).unwrap();
            let config = AlphaBetaConfig::new().with_value_range(-g.max_value(), g.max_value());
            let run = GameSolver::Alphabeta(None).run(&g, &pos, &Threats, &config);
            let value = run.outcome.value().unwrap();
            let mover_score = match g.to_move(&pos) {
                Player::Max => value,
                Player::Min => -value,
            };
            assert_eq!(mover_score, case.score * SCALE, "{line}");
        }
        assert!(checked >= 20, "{checked}");
    }

    #[test]
    fn estimates_stay_inside_the_scale() {
        let g = game();
        for moves in ["", "4", "44", "3242515", "4444333", "121212"] {
            let pos = g.board().parse(moves).unwrap();
            let v = Threats.evaluate(&g, &pos);
            assert!(v.abs() < SCALE, "{moves}: {v}");
        }
        // x to move with a win at once: all but won.
        let pos = g.board().parse("121212").unwrap();
        assert_eq!(Threats.evaluate(&g, &pos), SCALE - 1);
    }
}
