//! Connect Four as a [`Game`] of the core: values, and what the game tells the search cheaply.
//!
//! Values follow the test files' scores, turned to [`Player::Max`]'s (the first player's, `x`)
//! point of view: a win with `n` stones on the board before the winning stone is worth
//! `(W*H + 1 - n) / 2` (rounded down) to the winner, a draw 0.
//!
//! With [`Rules::Shortcuts`] (the default, for solving) the game answers what needs no search:
//! a player who can complete four at once has won (the best possible score: the very next
//! stone), a player with no move that does not hand the opponent an immediate win has lost
//! with the opponent's next stone, and two empty cells left without either is a draw. Those
//! positions are terminal for the search; the moves of the others are only the moves that do
//! not lose at once, ordered by the number of threats (cells where the mover would complete
//! four) they create, centre first among equals. [`Rules::Plain`] keeps only the rules (every
//! playable column, the game over at four in a row or a full board): the oracle that plain
//! minimax checks the shortcuts against.

use std::cell::{Cell, RefCell};

use searchlab_core::{Game, Player, Value};

use crate::board::{Board, Position};

/// How much the game decides before the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Rules {
    /// Immediate wins and forced losses are terminal, only non-losing moves, threat order.
    #[default]
    Shortcuts,
    /// The rules only: every playable column, centre first.
    Plain,
}

/// Connect Four on a [`Board`], as a [`Game`].
#[derive(Clone, Debug)]
pub struct Connect4 {
    board: Board,
    rules: Rules,
    /// Per stone count, the winning cells of the children of the last position expanded with
    /// one stone fewer (see [`Family`]).
    families: RefCell<Vec<Family>>,
    /// The last position whose winning cells were computed rather than found in `families`
    /// (the root of a search: the engine asks for its terminal value, then its moves).
    memo: Cell<Option<(Position, Wins)>>,
    /// The last position [`Connect4::decided_score`] found open, with its non-losing moves
    /// and winning cells: the engine asks for a position's terminal value, then for its
    /// moves, and the second question then repeats none of the first's work.
    open: Cell<Option<(Position, u64, Wins)>>,
    /// The column of each bit of the bitboard.
    column_of_bit: [u8; 64],
    /// Each column's place in the board's centre-first order.
    rank_of_column: [u8; 9],
}

/// The cells where the player to move, and the other player, would complete four.
type Wins = (u64, u64);

/// What [`Game::moves`] learnt about the children it returned: the winning cells of both
/// players in each. A depth-first search has one position per stone count on its path, so the
/// children of the position it expands with `n` stones stay in slot `n + 1` until the search
/// is done with them; their own tests (is the game decided, which moves do not lose) then cost
/// no four-in-a-row computation. Under callgrind those two computations were a third of the
/// solver's instructions. Entries answer only for exactly the recorded children.
#[derive(Clone, Copy, Debug, Default)]
struct Family {
    /// The parent's stones.
    parent_mask: u64,
    /// The children's mover's stones (the parent's other player's).
    current: u64,
    /// Bit `c`: column `c`'s child is recorded.
    recorded: u16,
    /// Per column, the child's [`Wins`].
    wins: [Wins; 9],
}

/// Two games are equal when their boards and rules are: the rest is only a cache.
impl PartialEq for Connect4 {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.rules == other.rules
    }
}

impl Eq for Connect4 {}

impl Connect4 {
    /// The game on `board` with `rules`.
    pub fn new(board: Board, rules: Rules) -> Self {
        let mut column_of_bit = [0u8; 64];
        for (bit, col) in column_of_bit.iter_mut().enumerate() {
            *col = (bit as u32 / (board.height() + 1)).min(8) as u8;
        }
        let mut rank_of_column = [0u8; 9];
        for (rank, &col) in board.column_order().iter().enumerate() {
            rank_of_column[usize::from(col)] = rank as u8;
        }
        let families = RefCell::new(vec![Family::default(); board.cells() as usize + 2]);
        Connect4 {
            board,
            rules,
            families,
            memo: Cell::new(None),
            open: Cell::new(None),
            column_of_bit,
            rank_of_column,
        }
    }

    /// 7 x 6 with shortcuts.
    pub fn standard() -> Self {
        Connect4::new(Board::standard(), Rules::Shortcuts)
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The score of a win for the player who drops the winning stone when `n` stones are on
    /// the board: `(W*H + 1 - n) / 2`.
    #[inline]
    pub fn win_score(&self, n: u32) -> Value {
        ((self.board.cells() + 1).saturating_sub(n) / 2) as Value
    }

    /// Every score lies in `-max_score()..=max_score()`.
    pub fn max_score(&self) -> Value {
        self.board.cells().div_ceil(2) as Value
    }

    /// `score` (for the player to move in `pos`) as a value for [`Player::Max`], and back.
    #[inline]
    pub fn to_value(&self, pos: &Position, score: Value) -> Value {
        if pos.stones().is_multiple_of(2) {
            score
        } else {
            -score
        }
    }

    /// The winning cells of `pos`'s two players, if `pos` is a recorded child (see
    /// [`Family`]). A recorded child is never won: its parent had no winning move.
    #[inline]
    fn known(&self, pos: &Position) -> Option<Wins> {
        let families = self.families.borrow();
        let family = families.get(pos.stones() as usize)?;
        let added = pos.mask ^ family.parent_mask;
        if family.current != pos.current
            || added == 0
            || added & added.wrapping_sub(1) != 0 // one stone more (no POPCNT: see Position)
            || added & family.parent_mask != 0
        {
            return None;
        }
        let col = self.column_of_bit[added.trailing_zeros() as usize];
        (family.recorded >> col & 1 != 0).then(|| family.wins[usize::from(col)])
    }

    /// The winning cells of `pos`'s two players: found, or computed.
    #[inline]
    fn wins(&self, pos: &Position) -> Wins {
        if let Some(wins) = self.known(pos) {
            return wins;
        }
        self.unknown_wins(pos)
    }

    /// [`Connect4::wins`] of a position that is not a recorded child.
    #[inline]
    fn unknown_wins(&self, pos: &Position) -> Wins {
        if let Some((seen, wins)) = self.memo.get()
            && seen == *pos
        {
            return wins;
        }
        let b = &self.board;
        let wins = (
            b.winning_cells(pos.current, pos.mask),
            b.winning_cells(pos.current ^ pos.mask, pos.mask),
        );
        self.memo.set(Some((*pos, wins)));
        wins
    }

    /// The moves that do not let the opponent win at once, as cells (one per column), or, when
    /// the position is decided, `Err(true)` if the mover can win at once and `Err(false)` if
    /// every move loses at once; from the players' winning cells `(mine, theirs)`.
    #[inline]
    fn non_losing(&self, pos: &Position, (mine, theirs): Wins) -> Result<u64, bool> {
        let playable = self.board.playable(pos);
        if playable & mine != 0 {
            return Err(true);
        }
        let forced = playable & theirs;
        let candidates = if forced != 0 {
            if forced & (forced - 1) != 0 {
                return Err(false); // two threats to block: one will be completed
            }
            forced
        } else {
            playable
        };
        // Never play right below an opponent's threat.
        let safe = candidates & !(theirs >> 1);
        if safe == 0 { Err(false) } else { Ok(safe) }
    }

    /// The score, for the player to move, of a finished or (with shortcuts) decided position.
    fn decided_score(&self, pos: &Position) -> Option<Value> {
        let b = &self.board;
        let n = pos.stones();
        let known = match self.rules {
            Rules::Shortcuts => self.known(pos),
            Rules::Plain => None,
        };
        if known.is_none() && b.last_move_won(pos) {
            return Some(-self.win_score(n - 1));
        }
        if n == b.cells() {
            return Some(0);
        }
        if self.rules == Rules::Plain {
            return None;
        }
        let wins = known.unwrap_or_else(|| self.unknown_wins(pos));
        match self.non_losing(pos, wins) {
            Err(true) => Some(self.win_score(n)),
            Err(false) => Some(-self.win_score(n + 1)),
            Ok(_) if n + 2 >= b.cells() => Some(0),
            Ok(safe) => {
                self.open.set(Some((*pos, safe, wins)));
                None
            }
        }
    }

    /// The score of a finished or decided position for the player to move (see the module
    /// doc), `None` while the game needs a search.
    pub fn decided(&self, pos: &Position) -> Option<Value> {
        self.decided_score(pos)
    }
}

impl Game for Connect4 {
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

    fn moves(&self, state: &Position, out: &mut Vec<u8>) {
        let b = &self.board;
        let n = state.stones();
        match self.rules {
            Rules::Plain if b.last_move_won(state) || n == b.cells() => {}
            Rules::Plain => out.extend(
                b.column_order()
                    .iter()
                    .copied()
                    .filter(|&c| b.can_play(state, c)),
            ),
            Rules::Shortcuts => {
                let (safe, wins) = match self.open.get() {
                    Some((seen, safe, wins)) if seen == *state => (safe, wins),
                    _ => {
                        if b.last_move_won(state) || n == b.cells() {
                            return;
                        }
                        let wins = self.wins(state);
                        let Ok(safe) = self.non_losing(state, wins) else {
                            return;
                        };
                        if n + 2 >= b.cells() {
                            return; // a draw: see decided_score
                        }
                        (safe, wins)
                    }
                };
                let mut families = self.families.borrow_mut();
                let Some(family) = families.get_mut(n as usize + 1) else {
                    return; // not reached: a position has at most `cells` stones
                };
                family.parent_mask = state.mask;
                family.current = state.current ^ state.mask;
                family.recorded = 0;
                // Insertion sort by threats made, then the centre-first order: each entry
                // `threats << 8 | (15 - rank) << 4 | column` in 16 bits, all different, sorted
                // descending (a wider array cost a third of `moves` in zeroing it). The safe
                // cells are visited bit by bit: only the candidates, not every column.
                let mut scored = [0u16; 9];
                let mut len = 0;
                let mut left = safe;
                while left != 0 {
                    let cell = left & left.wrapping_neg();
                    left ^= cell;
                    let c = self.column_of_bit[cell.trailing_zeros() as usize];
                    let made = b.winning_cells(state.current | cell, state.mask);
                    let threats = sparse_count(made);
                    // In the child the other player moves: its winning cells are this mover's
                    // opponent's, and this mover's are the ones just counted.
                    family.recorded |= 1 << c;
                    family.wins[usize::from(c)] = (wins.1 & !cell, made & !cell);
                    let key = (threats.min(255) as u16) << 8
                        | u16::from(15 - self.rank_of_column[usize::from(c)]) << 4
                        | u16::from(c);
                    let mut i = len;
                    while i > 0 && scored[i - 1] < key {
                        scored[i] = scored[i - 1];
                        i -= 1;
                    }
                    scored[i] = key;
                    len += 1;
                }
                // One push per move: `extend` of these few bytes went through the general
                // path (a tenth of `moves` in a profile).
                for &key in &scored[..len] {
                    out.push((key & 15) as u8);
                }
            }
        }
    }

    #[inline]
    fn play(&self, state: &Position, mv: &u8) -> Position {
        self.board.play(state, *mv)
    }

    fn terminal_value(&self, state: &Position) -> Option<Value> {
        self.decided_score(state)
            .map(|score| self.to_value(state, score))
    }

    fn value_bounds(&self, state: &Position) -> Option<(Value, Value)> {
        let n = state.stones();
        // For the mover: with shortcuts, a non-terminal position has no immediate win (so at
        // best a win with the stone after next) and a non-losing move (so at worst a loss to
        // the opponent's stone after next); without, anything from the next stone on.
        let (lo, hi) = match self.rules {
            Rules::Shortcuts => (-self.win_score(n + 3), self.win_score(n + 2)),
            Rules::Plain => (-self.win_score(n + 1), self.win_score(n)),
        };
        Some(if n.is_multiple_of(2) {
            (lo, hi)
        } else {
            (-hi, -lo)
        })
    }
}

/// The number of bits of `x`, one step per bit: cheaper than `count_ones` without POPCNT when
/// few bits are set (threats: 0 to 3, mostly).
#[inline]
fn sparse_count(mut x: u64) -> u32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}
