//! What a driver needs, beside the games themselves, to let a person play a [`Playable`] game
//! against an engine and to run and report matches, whatever the game: a [`Session`] (the
//! position, the moves so far, a person's move checked, `undo`), the [`Input`]s a person
//! types, [`Hints`] (the engine's evaluation of every move), the side a person names,
//! openings read from text ([`parse_openings`]) and a match report as data
//! ([`match_report_field`]).
//!
//! Nothing here reads or writes a terminal: the driver (`searchlab play`) does the I/O.

use thiserror::Error;

use crate::alphabeta::AlphaBeta;
use crate::describe::Field;
use crate::game::{Game, GameOutcome, Player};
use crate::matchplay::{MatchReport, SideReport};
use crate::mcts::mcts;
use crate::playable::{MoveOf, Playable, StateOf};
use crate::stats::Limits;
use crate::strategy_spec::StrategySpec;

/// What a person typed at the prompt of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// An empty line: ask again.
    Empty,
    /// `quit`, `exit` or `q`: abandon the game.
    Quit,
    /// `help` or `?`: say what can be typed.
    Help,
    /// `hint`: the engine's evaluation of every move.
    Hint,
    /// `undo`: take back the last move of the person and the engine's replies.
    Undo,
    /// Anything else: a move, to be read by the game.
    Move,
}

impl Input {
    /// The command of a line (trimmed, any case).
    pub fn of(text: &str) -> Input {
        match text.trim().to_ascii_lowercase().as_str() {
            "" => Input::Empty,
            "quit" | "exit" | "q" => Input::Quit,
            "help" | "?" => Input::Help,
            "hint" => Input::Hint,
            "undo" => Input::Undo,
            _ => Input::Move,
        }
    }
}

/// A game in progress between a person and an engine: the position and every move so far,
/// each marked with whether the person played it.
#[derive(Debug)]
pub struct Session<D: Playable> {
    /// The description.
    pub d: D,
    /// Its game.
    pub game: D::Game,
    start: StateOf<D>,
    state: StateOf<D>,
    history: Vec<(MoveOf<D>, bool)>,
}

impl<D: Playable> Session<D> {
    /// A game of `d` at its start position.
    pub fn new(d: D, game: D::Game) -> Self {
        let start = d.start(&game);
        Session {
            state: start.clone(),
            start,
            history: Vec::new(),
            d,
            game,
        }
    }

    /// The position now.
    pub fn state(&self) -> &StateOf<D> {
        &self.state
    }

    /// The board drawn as the game draws it.
    pub fn draw(&self) -> String {
        let moves: Vec<MoveOf<D>> = self.history.iter().map(|h| h.0.clone()).collect();
        self.d.draw(&self.game, &moves, &self.state)
    }

    /// The result in words when the game is over.
    pub fn over(&self) -> Option<String> {
        let value = self.game.terminal_value(&self.state)?;
        Some(self.d.result(&self.game, value))
    }

    /// The side to move.
    pub fn to_move(&self) -> Player {
        self.game.to_move(&self.state)
    }

    /// Plays the engine's move `mv` (legal: the engine chose it).
    pub fn play_engine(&mut self, mv: MoveOf<D>) {
        self.state = self.game.play(&self.state, &mv);
        self.history.push((mv, false));
    }

    /// Plays the move a person typed; the error says why it is refused (the game's reason it
    /// is no move, or that it is not legal here).
    pub fn play_person(&mut self, text: &str) -> Result<(), String> {
        let mv = self.d.parse_move(&self.game, &self.state, text)?;
        let mut legal = Vec::new();
        self.game.moves(&self.state, &mut legal);
        if !legal.contains(&mv) {
            return Err(format!(
                "{} is not a legal move here",
                self.d.show_move(&mv)
            ));
        }
        self.state = self.game.play(&self.state, &mv);
        self.history.push((mv, true));
        Ok(())
    }

    /// Takes back the person's last move and every move after it; returns them as typed, or
    /// `None` when the person has played no move.
    pub fn undo(&mut self) -> Option<Vec<String>> {
        let i = self.history.iter().rposition(|h| h.1)?;
        let taken = self.history[i..]
            .iter()
            .map(|h| self.d.show_move(&h.0))
            .collect();
        self.history.truncate(i);
        self.state = self.start.clone();
        for (mv, _) in &self.history {
            self.state = self.game.play(&self.state, mv);
        }
        Some(taken)
    }

    /// The side a person names: the game's name for it (`x`, `B`), `first` or `second`; the
    /// error lists what is accepted.
    pub fn side_named(&self, text: &str) -> Result<Player, String> {
        let first = self.game.to_move(&self.start);
        let t = text.trim();
        if t.eq_ignore_ascii_case("first") {
            return Ok(first);
        }
        if t.eq_ignore_ascii_case("second") {
            return Ok(first.other());
        }
        let names = [Player::Max, Player::Min].map(|p| self.d.side_name(p));
        [Player::Max, Player::Min]
            .into_iter()
            .find(|p| t.eq_ignore_ascii_case(self.d.side_name(*p)))
            .ok_or_else(|| format!("expected {}, {}, first or second", names[0], names[1]))
    }
}

/// The engine's evaluation of every move, for a person's `hint`: the search's value of each
/// move at its depth (alpha-beta's root analysis: PVS finds the same values), MCTS's visits
/// and win rates, the legal moves alone for a random engine.
#[derive(Debug)]
pub struct Hints<D: Playable> {
    spec: StrategySpec,
    search: Option<AlphaBeta<D::Game>>,
}

impl<D: Playable> Hints<D> {
    /// Hints by the engine `spec` in games of `d`.
    pub fn new(spec: &StrategySpec, d: &D) -> Self {
        Self::new_limited(spec, d, &Limits::none())
    }

    /// [`Hints::new`] whose searches stop at the memory limit of `limits` (`play`'s; the
    /// depth stays the spec's).
    pub fn new_limited(spec: &StrategySpec, d: &D, limits: &Limits) -> Self {
        let search = match *spec {
            StrategySpec::Search { depth, .. } => {
                let mut config = StrategySpec::alphabeta_config(d, depth);
                config.limits.max_memory = limits.max_memory;
                Some(AlphaBeta::new(config))
            }
            _ => None,
        };
        Hints {
            spec: spec.clone(),
            search,
        }
    }

    /// The hint for the side to move in `state`, best move first, one move a line.
    pub fn show(&mut self, d: &D, game: &D::Game, state: &StateOf<D>) -> String {
        let mover = game.to_move(state);
        let sign = if mover == Player::Max { 1 } else { -1 };
        let you = d.side_name(mover);
        let eval = d.evaluator();
        let mut s = String::new();
        if let Some(search) = &mut self.search {
            let run = search.analyse_root(game, state, &eval, None);
            let GameOutcome::Solved(sol) = run.outcome else {
                return "the engine was stopped before it valued the moves\n".into();
            };
            let mut moves = sol.root_moves.clone();
            moves.sort_by_key(|m| -sign * m.value);
            let exact = if sol.complete {
                "exact values with perfect play".to_owned()
            } else {
                format!(
                    "estimates at depth {}, the game's evaluation at the leaves",
                    sol.depth.unwrap_or(0)
                )
            };
            s += &format!(
                "{} values your moves ({exact}; values are for {}, so {you} wants them {}):\n",
                self.spec,
                d.side_name(Player::Max),
                if sign > 0 { "high" } else { "low" }
            );
            for m in &moves {
                let words = if sol.complete {
                    format!("  {}", d.result(game, m.value))
                } else {
                    String::new()
                };
                s += &format!("  {:<8} {:>5}{words}\n", d.show_move(&m.mv), m.value);
            }
            return s;
        }
        if let StrategySpec::Mcts(params) = &self.spec {
            let (config, limits) = StrategySpec::mcts_config(params);
            match mcts(game, state, &eval, &config, &limits) {
                Ok(run) => {
                    let mut moves = run.root_moves.clone();
                    moves.sort_by_key(|m| std::cmp::Reverse(m.visits));
                    s += &format!(
                        "{} after {} playouts (share of playouts through each move, and \
                         {you}'s mean score in them):\n",
                        self.spec, run.playouts
                    );
                    for m in &moves {
                        let score = if sign > 0 { m.mean } else { 1.0 - m.mean };
                        let share = 100.0 * m.visits as f64 / run.playouts.max(1) as f64;
                        let mv = d.show_move(&m.mv);
                        s += &format!("  {mv:<8} {share:>5.1}%  score {score:.2}\n");
                    }
                }
                Err(e) => s += &format!("mcts could not run: {e}\n"),
            }
            return s;
        }
        let mut legal = Vec::new();
        game.moves(state, &mut legal);
        let names: Vec<String> = legal.iter().map(|m| d.show_move(m)).collect();
        format!(
            "{} does not evaluate moves; the legal moves are {}\n",
            self.spec,
            names.join(" ")
        )
    }
}

/// Why a text of openings cannot be played.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum OpeningError {
    /// A line that is no opening of the game, or not one that leaves anything to play.
    #[error("line {line}: {why}")]
    Line {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// No line holds an opening.
    #[error("no opening in the file")]
    Empty,
}

/// The openings of `text`, one a line as the game's instances write positions (blank lines
/// and `#` comments skipped), each replayed from the start to check that its every move is
/// legal and that it leaves the game unfinished.
pub fn parse_openings<D: Playable>(
    d: &D,
    game: &D::Game,
    text: &str,
) -> Result<Vec<Vec<MoveOf<D>>>, OpeningError> {
    let start = d.start(game);
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |why: String| OpeningError::Line { line: i + 1, why };
        let moves = d.parse_opening(game, line).map_err(at)?;
        let mut state = start.clone();
        let mut legal = Vec::new();
        for (ply, mv) in moves.iter().enumerate() {
            legal.clear();
            game.moves(&state, &mut legal);
            let shown = d.show_move(mv);
            if game.terminal_value(&state).is_some() {
                return Err(at(format!(
                    "the game is over after {ply} moves, before {shown}"
                )));
            }
            if !legal.contains(mv) {
                return Err(at(format!("move {} ({shown}) is not legal there", ply + 1)));
            }
            state = game.play(&state, mv);
        }
        if let Some(v) = game.terminal_value(&state) {
            return Err(at(format!(
                "the opening ends the game ({}): nothing left to play",
                d.result(game, v)
            )));
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty);
    }
    Ok(openings)
}

/// An object of named fields, in order.
fn object(fields: Vec<(&str, Field)>) -> Field {
    Field::Map(fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// A finite number, or null (JSON has no infinities: the Elo of a clean sweep is infinite).
fn finite(x: f64) -> Field {
    if x.is_finite() {
        Field::Num(x)
    } else {
        Field::Null
    }
}

/// A match as one object (for JSON): the game, where the openings came from, the seed, each
/// side's moves, accuracy and search totals, W/D/L, score, Elo and every game's moves.
pub fn match_report_field<D: Playable>(
    d: &D,
    game: &D::Game,
    r: &MatchReport<MoveOf<D>>,
    seed: u64,
    from: &str,
) -> Field {
    let side = |s: &SideReport| {
        object(vec![
            ("name", s.name.clone().into()),
            ("moves", s.moves.into()),
            ("accuracy", s.accuracy.map(|a| a.share()).into()),
            ("kept", s.accuracy.map(|a| a.kept).into()),
            ("expanded", s.stats.expanded.into()),
            ("generated", s.stats.generated.into()),
            ("time_s", s.stats.elapsed.as_secs_f64().into()),
            ("max_move_s", s.max_move.as_secs_f64().into()),
            ("mean_depth", s.mean_depth().into()),
        ])
    };
    let games = r.games.iter().map(|g| {
        let moves: Vec<String> = g.moves.iter().map(|m| d.show_move(m)).collect();
        object(vec![
            ("opening", g.opening.into()),
            ("opening_plies", g.opening_plies.into()),
            ("a_plays", d.side_name(g.a_plays).into()),
            ("moves", moves.join(" ").into()),
            ("value", g.value.into()),
            ("result", d.result(game, g.value).into()),
            ("a_score", g.a_score().into()),
        ])
    });
    let elo = object(vec![
        ("diff", finite(r.elo.diff)),
        ("low", finite(r.elo.low)),
        ("high", finite(r.elo.high)),
    ]);
    object(vec![
        ("game", D::NAME.into()),
        ("openings", from.into()),
        ("seed", seed.into()),
        ("a", side(&r.a)),
        ("b", side(&r.b)),
        ("wins", r.wins.into()),
        ("draws", r.draws.into()),
        ("losses", r.losses.into()),
        ("score", r.score.into()),
        ("elo", elo),
        ("games", Field::List(games.collect())),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_in_any_case() {
        assert_eq!(Input::of("  "), Input::Empty);
        assert_eq!(Input::of("Q"), Input::Quit);
        assert_eq!(Input::of("exit"), Input::Quit);
        assert_eq!(Input::of("?"), Input::Help);
        assert_eq!(Input::of("HINT"), Input::Hint);
        assert_eq!(Input::of(" undo "), Input::Undo);
        assert_eq!(Input::of("b2"), Input::Move);
    }

    #[test]
    fn a_non_finite_number_is_null() {
        assert_eq!(finite(f64::INFINITY), Field::Null);
        assert_eq!(finite(-3.5), Field::Num(-3.5));
    }
}
