//! Triangle War as a [`searchlab_core::Game`]: A is [`Player::Max`], the value of a finished
//! game is A's triangles minus B's.
//!
//! The player to move comes from the position (a completed triangle keeps the turn), never
//! from alternation, which is exactly what the core's game searches ask of a game.

use searchlab_core::{Game, Player, Value};

use crate::board::{Position, Segment, Side, canonical};

/// The order in which [`TriangleWar`] lists the moves of a position. Both orders are fixed
/// functions of the position, so every search is deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoveOrder {
    /// Segment index order (the problem statement's order). Plain, for cross-checks.
    Index,
    /// Segments completing two triangles, then one, then those offering the opponent nothing,
    /// then those offering one triangle, then two; index order within a group. Good moves
    /// first means earlier alpha-beta cutoffs.
    #[default]
    Greedy,
}

/// The rules of Triangle War for the core's game searches.
///
/// The transposition-table key of a position leaves out both scores: the table stores the
/// future margin, relative to [`Position::margin`] (the game's [`Game::value_offset`]), so
/// positions with the same drawn segments and side to move share one entry whatever their
/// scores. With `symmetry` on, the key's drawn set is also its canonical image, so the six
/// rotations and reflections of a position share one entry too.
///
/// ```
/// use searchlab_core::{Game, Player};
/// use searchlab_triangle::{Position, Segment, TriangleWar};
///
/// let game = TriangleWar::default();
/// let start = Position::start();
/// assert_eq!(game.to_move(&start), Player::Max); // A moves first
/// let mut moves = Vec::new();
/// game.moves(&start, &mut moves);
/// assert_eq!(moves.len(), 18);
/// assert_eq!(game.terminal_value(&start), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TriangleWar {
    /// How moves are ordered.
    pub order: MoveOrder,
    /// Whether symmetric positions share a table entry.
    pub symmetry: bool,
}

impl Default for TriangleWar {
    /// Greedy move order, symmetry on: the fastest settings.
    fn default() -> Self {
        TriangleWar {
            order: MoveOrder::Greedy,
            symmetry: true,
        }
    }
}

impl TriangleWar {
    /// The game with a given move order and symmetry setting.
    pub fn new(order: MoveOrder, symmetry: bool) -> TriangleWar {
        TriangleWar { order, symmetry }
    }
}

/// The core's player for a side: A maximises the margin.
pub fn player_of(side: Side) -> Player {
    match side {
        Side::A => Player::Max,
        Side::B => Player::Min,
    }
}

impl Game for TriangleWar {
    type State = Position;
    type Move = Segment;

    fn to_move(&self, state: &Position) -> Player {
        player_of(state.to_move())
    }

    fn moves(&self, state: &Position, out: &mut Vec<Segment>) {
        match self.order {
            MoveOrder::Index => out.extend(state.undrawn()),
            MoveOrder::Greedy => {
                let drawn = state.drawn();
                // Rank 0..=4: completes two, completes one, offers none, offers one, offers two.
                let mut ranked = [(0u8, Segment::ALL[0]); 18];
                let mut n = 0;
                for s in state.undrawn() {
                    let rank = match s.completes(drawn) {
                        2 => 0,
                        1 => 1,
                        _ => 2 + s.offers(drawn),
                    };
                    ranked[n] = (rank, s);
                    n += 1;
                }
                for rank in 0..=4 {
                    out.extend(ranked[..n].iter().filter(|r| r.0 == rank).map(|r| r.1));
                }
            }
        }
    }

    fn play(&self, state: &Position, mv: &Segment) -> Position {
        state.play_unchecked(*mv)
    }

    fn terminal_value(&self, state: &Position) -> Option<Value> {
        state.is_over().then(|| state.margin())
    }

    /// The drawn set (its canonical image with `symmetry`) and the side to move; the scores
    /// are zeroed, because what is still to be won does not depend on them: the table stores
    /// the future margin (see [`Game::value_offset`]).
    fn table_key(&self, state: &Position) -> Position {
        let drawn = if self.symmetry {
            canonical(state.drawn())
        } else {
            state.drawn()
        };
        Position::from_parts(drawn, 0, 0, state.to_move())
    }

    /// The margin so far: every final margin below `state` is it plus the future margin.
    fn value_offset(&self, state: &Position) -> Value {
        state.margin()
    }
}
