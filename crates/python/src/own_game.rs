//! A two-player zero-sum game written in Python, solved by the core's game algorithms.
//!
//! The Python object gives `start()`, `to_move(state)` (any value naming a side),
//! `moves(state)`, `play(state, move)` and `outcome(state)`: `None` while the game goes on,
//! else the final score **for the player to move in that state** (the negamax convention, as
//! Pons' Connect Four solver scores), optionally `evaluate(state)` (same convention) for
//! depth-limited searches and `key(state)` for the transposition table (positions with equal
//! keys must have equal values and the same side to move).
//!
//! The core values positions from Max's point of view and never assumes turns alternate, so
//! the side to move at the start is Max, and a score for the side to move in a state becomes
//! Max's by its sign. States get dense ids as in [`crate::own_problem`]; a move is the index
//! of a move in its state's list.

use std::cell::RefCell;
use std::rc::Rc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use searchlab_toolkit::matchplay::{
    Choice, MatchConfig, Openings, PerfectSolver, Strategy, StrategyError, play_match as core_match,
};
use searchlab_toolkit::strategy_spec::StrategySpec;
use searchlab_toolkit::{
    AlphaBetaConfig, Evaluator, Game, GameOutcome, GameRun, Limits, Player, Value,
};

use crate::callbacks::Callbacks;
use crate::convert;
use crate::own_problem::{Known, known_id, short_repr};

/// What is known of a state, filled in as the search asks.
#[derive(Default)]
struct Node {
    /// The side to move, from Max's view.
    player: Option<Player>,
    /// The final value for Max, once asked: `Some(None)` while the game goes on.
    terminal: Option<Option<Value>>,
    /// The moves, once asked.
    moves: Option<Rc<[Py<PyAny>]>>,
    /// The ids of the children, by move index, once played.
    children: Vec<Option<u32>>,
    /// The table key's representative, once asked.
    key: Option<u32>,
}

/// A Python game as a core [`Game`] over dense state ids.
pub struct PyGame<'py> {
    obj: Bound<'py, PyAny>,
    cb: Callbacks<'py>,
    ids: Bound<'py, PyDict>,
    keys: Bound<'py, PyDict>,
    states: RefCell<Vec<Bound<'py, PyAny>>>,
    nodes: RefCell<Vec<Node>>,
    /// The side to move at the start: Max.
    max_side: Bound<'py, PyAny>,
    has_key: bool,
    evaluate: Option<Bound<'py, PyAny>>,
}

impl<'py> PyGame<'py> {
    fn new(
        obj: Bound<'py, PyAny>,
        cb: Callbacks<'py>,
        start: &Bound<'py, PyAny>,
    ) -> PyResult<Self> {
        for method in ["start", "to_move", "moves", "play", "outcome"] {
            if !obj.hasattr(method)? {
                return Err(PyTypeError::new_err(format!(
                    "the game has no method `{method}`: a game needs start(), to_move(state), moves(state), play(state, move) and outcome(state)"
                )));
            }
        }
        let py = cb.py;
        let max_side = obj.call_method1("to_move", (start,))?;
        Ok(PyGame {
            has_key: obj.hasattr("key")?,
            evaluate: obj.getattr_opt("evaluate")?,
            obj,
            cb,
            ids: PyDict::new(py),
            keys: PyDict::new(py),
            states: RefCell::new(Vec::new()),
            nodes: RefCell::new(Vec::new()),
            max_side,
        })
    }

    fn intern(&self, state: &Bound<'py, PyAny>) -> PyResult<u32> {
        let id = match known_id(&self.ids, state, &self.states)? {
            Known::Seen(id) => return Ok(id),
            Known::New(id) => id,
        };
        self.nodes.borrow_mut().push(Node::default());
        self.ids.set_item(state, id)?;
        Ok(id)
    }

    fn state(&self, id: u32) -> Bound<'py, PyAny> {
        self.states.borrow()[id as usize].clone()
    }

    fn fetch_player(&self, id: u32) -> PyResult<Player> {
        let side = self.obj.call_method1("to_move", (self.state(id),))?;
        Ok(if side.eq(&self.max_side)? {
            Player::Max
        } else {
            Player::Min
        })
    }

    fn player(&self, id: u32) -> Player {
        if let Some(p) = self.nodes.borrow()[id as usize].player {
            return p;
        }
        if !self.cb.tick() {
            return Player::Max;
        }
        let p = self.cb.keep(self.fetch_player(id)).unwrap_or(Player::Max);
        self.nodes.borrow_mut()[id as usize].player = Some(p);
        p
    }

    /// A score for the side to move in `id` (negamax) as a value for Max.
    fn for_max(&self, id: u32, score: Value) -> Value {
        match self.player(id) {
            Player::Max => score,
            Player::Min => -score,
        }
    }

    /// A Python score as a value strictly inside the core's infinite bounds.
    fn score(&self, what: &str, id: u32, v: &Bound<'py, PyAny>) -> PyResult<Value> {
        v.extract::<Value>()
            .ok()
            .filter(|v| v.unsigned_abs() < searchlab_toolkit::INFINITY.unsigned_abs() - 1)
            .ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "{what}({}) = {}: expected an integer between -2^31 and 2^31 (a score for the player to move)",
                    short_repr(&self.state(id)),
                    short_repr(v)
                ))
            })
    }

    fn fetch_terminal(&self, id: u32) -> PyResult<Option<Value>> {
        let v = self.obj.call_method1("outcome", (self.state(id),))?;
        if v.is_none() {
            return Ok(None);
        }
        let score = self.score("outcome", id, &v)?;
        Ok(Some(self.for_max(id, score)))
    }

    fn fetch_moves(&self, id: u32) -> PyResult<Vec<Py<PyAny>>> {
        let state = self.state(id);
        let items = self.obj.call_method1("moves", (&state,))?;
        let moves = items
            .try_iter()?
            .map(|m| m.map(Bound::unbind))
            .collect::<PyResult<Vec<_>>>()?;
        if moves.is_empty() {
            return Err(PyValueError::new_err(format!(
                "moves({}) is empty but outcome() is None: a game that goes on needs a move",
                short_repr(&state)
            )));
        }
        Ok(moves)
    }

    fn moves_of(&self, id: u32) -> Option<Rc<[Py<PyAny>]>> {
        if let Some(m) = &self.nodes.borrow()[id as usize].moves {
            return Some(m.clone());
        }
        if self.terminal_value(&id).is_some() || !self.cb.tick() {
            return None;
        }
        let moves: Rc<[Py<PyAny>]> = self.cb.keep(self.fetch_moves(id))?.into();
        let mut nodes = self.nodes.borrow_mut();
        nodes[id as usize].children = vec![None; moves.len()];
        nodes[id as usize].moves = Some(moves.clone());
        Some(moves)
    }

    fn fetch_child(&self, id: u32, mv: &Py<PyAny>) -> PyResult<u32> {
        let next = self
            .obj
            .call_method1("play", (self.state(id), mv.bind(self.cb.py)))?;
        self.intern(&next)
    }

    fn fetch_key(&self, id: u32) -> PyResult<u32> {
        let key = self.obj.call_method1("key", (self.state(id),))?;
        if let Some(rep) = self.keys.get_item(&key)? {
            return rep.extract::<u32>();
        }
        self.keys.set_item(&key, id)?;
        Ok(id)
    }

    /// The Python move of index `mv` in `id`.
    fn move_object(&self, id: u32, mv: u32) -> Bound<'py, PyAny> {
        let moves = self.nodes.borrow()[id as usize]
            .moves
            .clone()
            .expect("a searched move's state has its moves");
        moves[mv as usize].bind(self.cb.py).clone()
    }

    /// The Python moves of a sequence of move indices from `id`.
    fn move_list(&self, mut id: u32, moves: &[u32]) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(self.cb.py);
        for &mv in moves {
            list.append(self.move_object(id, mv))?;
            id = self.play(&id, &mv);
        }
        Ok(list)
    }
}

impl Game for PyGame<'_> {
    type State = u32;
    type Move = u32;

    fn to_move(&self, id: &u32) -> Player {
        self.player(*id)
    }

    fn moves(&self, id: &u32, out: &mut Vec<u32>) {
        if let Some(m) = self.moves_of(*id) {
            out.extend(0..m.len() as u32);
        }
    }

    fn play(&self, id: &u32, mv: &u32) -> u32 {
        if let Some(Some(child)) = self.nodes.borrow()[*id as usize].children.get(*mv as usize) {
            return *child;
        }
        if !self.cb.tick() {
            return *id;
        }
        let mv_obj = self.move_object(*id, *mv).unbind();
        match self.cb.keep(self.fetch_child(*id, &mv_obj)) {
            Some(child) => {
                self.nodes.borrow_mut()[*id as usize].children[*mv as usize] = Some(child);
                child
            }
            None => *id,
        }
    }

    fn terminal_value(&self, id: &u32) -> Option<Value> {
        if let Some(t) = self.nodes.borrow()[*id as usize].terminal {
            return t;
        }
        if !self.cb.tick() {
            // Ends the search quickly once it is cancelled.
            return Some(0);
        }
        let t = self.cb.keep(self.fetch_terminal(*id)).unwrap_or(Some(0));
        self.nodes.borrow_mut()[*id as usize].terminal = Some(t);
        t
    }

    fn table_key(&self, id: &u32) -> u32 {
        if !self.has_key {
            return *id;
        }
        if let Some(k) = self.nodes.borrow()[*id as usize].key {
            return k;
        }
        if !self.cb.tick() {
            return *id;
        }
        let k = self.cb.keep(self.fetch_key(*id)).unwrap_or(*id);
        self.nodes.borrow_mut()[*id as usize].key = Some(k);
        k
    }
}

/// The game's `evaluate` (negamax), or 0 without one.
#[derive(Clone, Copy)]
struct PyEval;

impl<'py> Evaluator<PyGame<'py>> for PyEval {
    fn evaluate(&self, game: &PyGame<'py>, id: &u32) -> Value {
        let Some(f) = &game.evaluate else { return 0 };
        if !game.cb.tick() {
            return 0;
        }
        let v = f
            .call1((game.state(*id),))
            .and_then(|v| game.score("evaluate", *id, &v));
        match game.cb.keep(v) {
            Some(score) => game.for_max(*id, score),
            None => 0,
        }
    }
}

/// Solves a game written in Python with a game algorithm of the catalogue; see the package's
/// `searchlab.solve_game`. Returns a dict: `status` (`solved`, `chosen` for MCTS, `stopped`),
/// `value` (for the side to move at the start), `best_move`, `principal_variation`,
/// `complete`, `limit`, `visits` (MCTS), `stats`.
#[pyfunction]
#[pyo3(signature = (game, algo="alphabeta", max_depth=None, max_nodes=None, timeout=None, max_memory=None))]
pub fn solve_game<'py>(
    py: Python<'py>,
    game: Bound<'py, PyAny>,
    algo: &str,
    max_depth: Option<Bound<'py, PyAny>>,
    max_nodes: Option<Bound<'py, PyAny>>,
    timeout: Option<Bound<'py, PyAny>>,
    max_memory: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let algorithm = convert::game_algorithm(algo)?;
    let (limits, cancel) = convert::limits(
        max_nodes.as_ref(),
        max_depth.as_ref(),
        timeout.as_ref(),
        max_memory.as_ref(),
    )?;
    let start = game.call_method0("start")?;
    let g = PyGame::new(game, Callbacks::new(py, cancel), &start)?;
    let root = g.intern(&start)?;
    let config = AlphaBetaConfig::new().with_limits(limits);
    let run = algorithm.run(&g, &root, &PyEval, &config);
    if let Some(err) = g.cb.take_error() {
        return Err(err);
    }
    let out = PyDict::new(py);
    out.set_item("limit", py.None())?;
    out.set_item("complete", false)?;
    let stats = match run {
        GameRun::Solved(result) => {
            match result.outcome {
                GameOutcome::Solved(s) => {
                    out.set_item("status", "solved")?;
                    out.set_item("value", s.value)?;
                    out.set_item("best_move", s.best.map(|m| g.move_object(root, m)))?;
                    out.set_item("principal_variation", g.move_list(root, &s.pv)?)?;
                    out.set_item("complete", s.complete)?;
                }
                GameOutcome::Stopped { limit, .. } => {
                    out.set_item("status", "stopped")?;
                    out.set_item("limit", limit.to_string())?;
                }
            }
            result.stats
        }
        GameRun::Chosen(run) => {
            match (&run.best, run.limit) {
                (Some(best), _) => {
                    out.set_item("status", "chosen")?;
                    out.set_item("best_move", g.move_object(root, *best))?;
                    out.set_item("principal_variation", g.move_list(root, &[*best])?)?;
                    let visits = PyList::empty(py);
                    for m in &run.root_moves {
                        visits.append((g.move_object(root, m.mv), m.visits, m.mean))?;
                    }
                    out.set_item("visits", visits)?;
                }
                (None, Some(limit)) => {
                    out.set_item("status", "stopped")?;
                    out.set_item("limit", limit.to_string())?;
                }
                (None, None) => return Err(PyValueError::new_err("the start position is over")),
            }
            run.stats
        }
        GameRun::Refused(e) => return Err(PyValueError::new_err(e.to_string())),
    };
    if !out.contains("value")? {
        out.set_item("value", py.None())?;
    }
    if !out.contains("best_move")? {
        out.set_item("best_move", py.None())?;
        out.set_item("principal_variation", PyList::empty(py))?;
    }
    out.set_item("stats", convert::stats_dict(py, &stats)?)?;
    Ok(out)
}

/// A Python function `state -> move` as a match strategy.
struct PyStrategy<'py> {
    name: String,
    f: Bound<'py, PyAny>,
}

impl<'py> Strategy<PyGame<'py>> for PyStrategy<'py> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &PyGame<'py>, id: &u32) -> Result<Choice<u32>, StrategyError> {
        let stop = || StrategyError::Stopped(searchlab_toolkit::LimitKind::Cancelled);
        let moves = game.moves_of(*id).ok_or_else(stop)?;
        if !game.cb.tick() {
            return Err(stop());
        }
        let py = game.cb.py;
        let chosen = game
            .cb
            .keep(self.f.call1((game.state(*id),)))
            .ok_or_else(stop)?;
        for (i, m) in moves.iter().enumerate() {
            if game.cb.keep(m.bind(py).eq(&chosen)).ok_or_else(stop)? {
                return Ok(Choice {
                    mv: i as u32,
                    stats: Default::default(),
                });
            }
        }
        game.cb.fail(PyValueError::new_err(format!(
            "{} chose {} in {}, which is not one of its moves",
            self.name,
            short_repr(&chosen),
            short_repr(&game.state(*id))
        )));
        Err(stop())
    }
}

/// A side of a match: a strategy spec of the CLI (`alphabeta:depth=3`, `mcts:playouts=200`,
/// `random`) or a Python callable.
fn strategy<'py>(side: &Bound<'py, PyAny>) -> PyResult<Box<dyn Strategy<PyGame<'py>> + 'py>> {
    if let Ok(text) = side.extract::<String>() {
        let spec: StrategySpec =
            text.parse()
                .map_err(|e: searchlab_toolkit::strategy_spec::StrategySpecError| {
                    PyValueError::new_err(e.to_string())
                })?;
        // The CLI's builder: the same names, settings and defaults as `searchlab match`.
        return Ok(spec.build_with(PyEval, None, &Limits::none()));
    }
    if side.is_callable() {
        let name = side
            .getattr("__name__")
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "python".into());
        return Ok(Box::new(PyStrategy {
            name,
            f: side.clone(),
        }));
    }
    Err(PyTypeError::new_err(format!(
        "{}: a side is a strategy like \"alphabeta:depth=3\" or a function state -> move",
        short_repr(side)
    )))
}

/// Plays a match between two sides on a Python game; see the package's `searchlab.match`.
#[pyfunction]
#[pyo3(signature = (game, a, b, games=2, seed=0, random_openings=0, accuracy=false))]
#[allow(clippy::too_many_arguments)]
pub fn play_match<'py>(
    py: Python<'py>,
    game: Bound<'py, PyAny>,
    a: Bound<'py, PyAny>,
    b: Bound<'py, PyAny>,
    games: u32,
    seed: u64,
    random_openings: u32,
    accuracy: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let start = game.call_method0("start")?;
    let g = PyGame::new(
        game,
        Callbacks::new(py, searchlab_toolkit::Cancel::new()),
        &start,
    )?;
    let root = g.intern(&start)?;
    let (mut sa, mut sb) = (strategy(&a)?, strategy(&b)?);
    let mut config = MatchConfig::new(games).with_seed(seed);
    if random_openings > 0 {
        config = config.with_openings(Openings::Random {
            plies: random_openings,
        });
    }
    let mut oracle = PerfectSolver::new(Limits::none());
    let report = core_match(
        &g,
        &root,
        &mut *sa,
        &mut *sb,
        &config,
        if accuracy { Some(&mut oracle) } else { None },
    );
    if let Some(err) = g.cb.take_error() {
        return Err(err);
    }
    let report = report.map_err(|e| PyValueError::new_err(e.to_string()))?;
    let out = PyDict::new(py);
    out.set_item("a", report.a.name.clone())?;
    out.set_item("b", report.b.name.clone())?;
    out.set_item("wins", report.wins)?;
    out.set_item("draws", report.draws)?;
    out.set_item("losses", report.losses)?;
    out.set_item("score", report.score)?;
    out.set_item("elo", (report.elo.diff, report.elo.low, report.elo.high))?;
    for (key, side) in [("a_accuracy", &report.a), ("b_accuracy", &report.b)] {
        out.set_item(key, side.accuracy.map(|x| x.share()))?;
    }
    let records = PyList::empty(py);
    for r in &report.games {
        let rec = PyDict::new(py);
        rec.set_item(
            "a_plays",
            if r.a_plays == Player::Max {
                "first"
            } else {
                "second"
            },
        )?;
        rec.set_item("moves", g.move_list(root, &r.moves)?)?;
        rec.set_item("a_value", r.a_value())?;
        records.append(rec)?;
    }
    out.set_item("games", records)?;
    out.set_item("text", report.to_string())?;
    Ok(out)
}
