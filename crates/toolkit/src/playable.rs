//! A game described for play, not only for solving: the [`Playable`] trait that a game's
//! [`Description`] adds so that drivers can run matches between strategies
//! ([`crate::matchplay`]) and let a person play against an engine.
//!
//! [`Description::solve`] is opaque (it answers one position), so a match needs more: the
//! [`Game`] itself, its start position, an evaluation for depth-limited search, how a person
//! types a move and an opening, and how the board is drawn. A description that implements
//! this trait joins `searchlab match` and `searchlab play` with one line in the registry.

use crate::describe::{Description, OptionSpec};
use crate::game::{Evaluator, Game, Player, Value};

/// A game's position type.
pub type StateOf<D> = <<D as Playable>::Game as Game>::State;
/// A game's move type.
pub type MoveOf<D> = <<D as Playable>::Game as Game>::Move;

/// A game that strategies and people can play, built from the description's options.
pub trait Playable: Description {
    /// The game the searches play.
    type Game: Game + 'static;
    /// The evaluation of unfinished positions for depth-limited search.
    type Eval: Evaluator<Self::Game> + Clone + 'static;

    /// Whether [`crate::matchplay::PerfectSolver`] values the positions of a game quickly
    /// (a full alpha-beta search of the start in well under a second), so that a match can
    /// report move accuracy; a game too big for it says `false`.
    const PERFECT: bool = true;

    /// The engine `searchlab play` uses when the person names none, as a strategy spec
    /// ([`crate::strategy_spec::StrategySpec`]): full alpha-beta by default, which solves a
    /// small game at once; a game too big to solve between two moves names a depth limit.
    const DEFAULT_ENGINE: &'static str = "alphabeta";

    /// Whether a search to the end of the game from `game`'s start takes long (minutes or
    /// more), so that a match or a game whose strategy solves every move is warned of before
    /// it starts; by default when the game is not [`PERFECT`](Playable::PERFECT).
    fn full_search_is_long(&self, game: &Self::Game) -> bool {
        let _ = game;
        !Self::PERFECT
    }

    /// The description's options that matter for play (a match plays whole games, so an
    /// option asking a question about one position does not apply); by default all.
    fn play_options() -> Vec<OptionSpec> {
        Self::options().to_vec()
    }

    /// The game as the options chose it; an option that makes no sense for play is an error.
    fn game(&self) -> Result<Self::Game, String>;

    /// The position every game starts from.
    fn start(&self, game: &Self::Game) -> StateOf<Self>;

    /// The evaluation for depth-limited search, from Max's point of view.
    fn evaluator(&self) -> Self::Eval;

    /// Bounds of every value, to narrow alpha-beta's window; `None` when unknown.
    fn value_range(&self) -> Option<(Value, Value)> {
        None
    }

    /// The opening book the options name (`--book FILE`), if any: engines play its move at
    /// once in every position it answers ([`crate::clock::build_engine`]). None by default.
    fn opening_book(&self) -> Option<crate::clock::BookMoves<Self::Game>> {
        None
    }

    /// The name of a side as the game calls it (`x`, `o`; `A`, `B`).
    fn side_name(&self, player: Player) -> &'static str;

    /// A move as a person types it (and as [`parse_move`](Playable::parse_move) reads it).
    fn show_move(&self, mv: &MoveOf<Self>) -> String;

    /// A move typed by a person in `state`; the error says why it is not a move here (off the
    /// board, taken, drawn already). Legality is checked again by the caller.
    fn parse_move(
        &self,
        game: &Self::Game,
        state: &StateOf<Self>,
        text: &str,
    ) -> Result<MoveOf<Self>, String>;

    /// An opening, the moves from the start position, from one line in the text the game's
    /// instances use.
    fn parse_opening(&self, game: &Self::Game, text: &str) -> Result<Vec<MoveOf<Self>>, String>;

    /// The position for a person: the board drawn, with who is to move (or the result).
    fn draw(&self, game: &Self::Game, moves: &[MoveOf<Self>], state: &StateOf<Self>) -> String;

    /// A final value in words (`x wins`, `B wins 6-3`).
    fn result(&self, game: &Self::Game, value: Value) -> String;
}
