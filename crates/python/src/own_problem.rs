//! A single-agent problem written in Python, searched by the core's catalogue.
//!
//! The Python object gives `start()`, `is_goal(state)` and `successors(state)` (an iterable of
//! `(action, next_state, cost)`), optionally `heuristic(state)`, and for the bidirectional
//! searches `goal()` (the one goal state) with `predecessors(state)` (an iterable of
//! `(action, previous_state, cost)`: `action` leads from `previous_state` to `state`).
//!
//! States are any hashable Python values: each distinct state (by Python's own `hash` and
//! `==`, through a dict) gets a dense id, the core's state. An action is the index of a
//! successor in its state's list, which is fetched once per state and kept, so IDA* and the
//! other re-expanding searches call `successors` once per distinct state. Costs are
//! non-negative integers, compared exactly like every cost of the core.

use std::cell::RefCell;
use std::rc::Rc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyList, PyTuple};
use searchlab_toolkit::{Heuristic, Limits, Outcome, Problem, SearchAlgorithm, SearchResult, Zero};

use crate::callbacks::Callbacks;
use crate::convert;
use crate::cost::{PyCost, Real};

/// One successor of a state: the user's action, the id of the state it leads to, its cost.
struct Successor<C> {
    action: Py<PyAny>,
    next: u32,
    cost: C,
}

/// The successors of one state, shared between the cache and a search step.
type Successors<C> = Rc<[Successor<C>]>;

/// A Python problem as a core [`Problem`] over dense state ids.
pub struct PyProblem<'py, C> {
    obj: Bound<'py, PyAny>,
    cb: Callbacks<'py>,
    ids: Bound<'py, PyDict>,
    states: RefCell<Vec<Bound<'py, PyAny>>>,
    successors: RefCell<Vec<Option<Successors<C>>>>,
    goal_test: RefCell<Vec<Option<bool>>>,
    goal: Option<u32>,
    has_predecessors: bool,
}

impl<'py, C: PyCost> PyProblem<'py, C> {
    /// Wraps `obj`; fails when it lacks a required method.
    fn new(obj: Bound<'py, PyAny>, cb: Callbacks<'py>) -> PyResult<Self> {
        for method in ["start", "is_goal", "successors"] {
            if !obj.hasattr(method)? {
                return Err(PyTypeError::new_err(format!(
                    "the problem has no method `{method}`: a problem needs start(), is_goal(state) and successors(state)"
                )));
            }
        }
        let has_predecessors = obj.hasattr("predecessors")?;
        let py = cb.py;
        let mut p = PyProblem {
            obj,
            cb,
            ids: PyDict::new(py),
            states: RefCell::new(Vec::new()),
            successors: RefCell::new(Vec::new()),
            goal_test: RefCell::new(Vec::new()),
            goal: None,
            has_predecessors,
        };
        if p.obj.hasattr("goal")? {
            let goal = p.obj.call_method0("goal")?;
            p.goal = Some(p.intern(&goal)?);
        }
        Ok(p)
    }

    /// The id of `state`, given a new one if it was never seen.
    fn intern(&self, state: &Bound<'py, PyAny>) -> PyResult<u32> {
        let id = match known_id(&self.ids, state, &self.states)? {
            Known::Seen(id) => return Ok(id),
            Known::New(id) => id,
        };
        self.successors.borrow_mut().push(None);
        self.goal_test.borrow_mut().push(None);
        self.ids.set_item(state, id)?;
        Ok(id)
    }

    /// The Python state of an id.
    fn state(&self, id: u32) -> Bound<'py, PyAny> {
        self.states.borrow()[id as usize].clone()
    }

    /// The successors of `id`, calling Python the first time.
    fn successors_of(&self, id: u32) -> Option<Rc<[Successor<C>]>> {
        if let Some(known) = &self.successors.borrow()[id as usize] {
            return Some(known.clone());
        }
        if !self.cb.tick() {
            return None;
        }
        let list = self.cb.keep(self.fetch_successors(id))?;
        let list: Rc<[Successor<C>]> = list.into();
        self.successors.borrow_mut()[id as usize] = Some(list.clone());
        Some(list)
    }

    fn fetch_successors(&self, id: u32) -> PyResult<Vec<Successor<C>>> {
        let state = self.state(id);
        let items = self.obj.call_method1("successors", (&state,))?;
        let mut out = Vec::new();
        for item in items.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "successors({}) returned {}: expected an iterable of (action, next_state, cost)",
                short_repr(&state),
                short_repr(&items)
            ))
        })? {
            let item = item?;
            let (action, next, cost) = triple(&item, "successors", &state)?;
            let cost = cost_of::<C>(&cost, "successors", &state, &action)?;
            out.push(Successor {
                action: action.unbind(),
                next: self.intern(&next)?,
                cost,
            });
        }
        Ok(out)
    }

    fn fetch_goal_test(&self, id: u32) -> PyResult<bool> {
        self.obj
            .call_method1("is_goal", (self.state(id),))?
            .is_truthy()
    }

    /// The predecessors of `id` as (previous id, index of the action in its successors, cost).
    fn fetch_predecessors(&self, id: u32) -> PyResult<Vec<(u32, u32, C)>> {
        let state = self.state(id);
        let items = self.obj.call_method1("predecessors", (&state,))?;
        let mut out = Vec::new();
        for item in items.try_iter()? {
            let item = item?;
            let (action, prev, cost) = triple(&item, "predecessors", &state)?;
            let cost = cost_of::<C>(&cost, "predecessors", &state, &action)?;
            let prev_id = self.intern(&prev)?;
            let Some(succ) = self.successors_of(prev_id) else {
                return Ok(out);
            };
            let mut index = None;
            for (i, s) in succ.iter().enumerate() {
                if s.next == id && s.cost == cost && s.action.bind(self.cb.py).eq(&action)? {
                    index = Some(i as u32);
                    break;
                }
            }
            let Some(index) = index else {
                return Err(PyValueError::new_err(format!(
                    "predecessors({}) gave ({}, {}, {cost}), but successors({}) has no action {} of cost {cost} leading back",
                    short_repr(&state),
                    short_repr(&action),
                    short_repr(&prev),
                    short_repr(&prev),
                    short_repr(&action),
                )));
            };
            out.push((prev_id, index, cost));
        }
        Ok(out)
    }
}

/// An item of `successors`/`predecessors` as its three parts.
fn triple<'py>(
    item: &Bound<'py, PyAny>,
    method: &str,
    state: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    match item.cast::<PyTuple>() {
        Ok(t) if t.len() == 3 => Ok((t.get_item(0)?, t.get_item(1)?, t.get_item(2)?)),
        _ => Err(PyTypeError::new_err(format!(
            "{method}({}) gave {}: expected a tuple (action, state, cost)",
            short_repr(state),
            short_repr(item)
        ))),
    }
}

/// A cost of the search's cost type.
fn cost_of<C: PyCost>(
    cost: &Bound<'_, PyAny>,
    method: &str,
    state: &Bound<'_, PyAny>,
    action: &Bound<'_, PyAny>,
) -> PyResult<C> {
    C::from_py(cost, &|| {
        format!(
            "{method}({}): the cost {} of action {}",
            short_repr(state),
            short_repr(cost),
            short_repr(action)
        )
    })
}

/// What interning found of a state: the id it has, or the id it gets (already pushed on
/// `states`, not yet in `ids`).
pub enum Known {
    /// Seen before, with this id.
    Seen(u32),
    /// New: the next id, its state pushed.
    New(u32),
}

/// The id of `state` in `ids`, or a new one with the state pushed on `states` (the caller
/// sets its own per-state tables, then `ids`): the interning of own problems and own games.
pub fn known_id<'py>(
    ids: &Bound<'py, PyDict>,
    state: &Bound<'py, PyAny>,
    states: &RefCell<Vec<Bound<'py, PyAny>>>,
) -> PyResult<Known> {
    let found = ids.get_item(state).map_err(|e| {
        let err = PyTypeError::new_err(format!(
            "state {} is not hashable: states must be hashable values (tuples, not lists)",
            short_repr(state)
        ));
        err.set_cause(state.py(), Some(e));
        err
    })?;
    if let Some(id) = found {
        return Ok(Known::Seen(id.extract::<u32>()?));
    }
    let mut states = states.borrow_mut();
    let id = u32::try_from(states.len())
        .map_err(|_| PyValueError::new_err("more than 2^32 distinct states"))?;
    states.push(state.clone());
    Ok(Known::New(id))
}

/// `repr(obj)`, cut to 80 characters, for messages.
pub fn short_repr(obj: &Bound<'_, PyAny>) -> String {
    let text = obj
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<unprintable>".into());
    if text.chars().count() > 80 {
        format!("{}...", text.chars().take(77).collect::<String>())
    } else {
        text
    }
}

impl<C: PyCost> Problem for PyProblem<'_, C> {
    type State = u32;
    type Action = u32;
    type Cost = C;

    fn is_goal(&self, id: &u32) -> bool {
        if let Some(known) = self.goal_test.borrow()[*id as usize] {
            return known;
        }
        if !self.cb.tick() {
            return false;
        }
        let Some(goal) = self.cb.keep(self.fetch_goal_test(*id)) else {
            return false;
        };
        self.goal_test.borrow_mut()[*id as usize] = Some(goal);
        goal
    }

    fn actions(&self, id: &u32, out: &mut Vec<u32>) {
        if let Some(succ) = self.successors_of(*id) {
            out.extend(0..succ.len() as u32);
        }
    }

    fn result(&self, id: &u32, action: &u32) -> (u32, C) {
        let succ = self.successors.borrow()[*id as usize]
            .clone()
            .expect("actions() fetched the successors before result() asks for one");
        let s = &succ[*action as usize];
        (s.next, s.cost)
    }

    fn goal_state(&self) -> Option<u32> {
        self.goal
    }

    fn has_predecessors(&self) -> bool {
        self.has_predecessors
    }

    fn predecessors(&self, id: &u32, out: &mut Vec<(u32, u32, C)>) {
        if !self.cb.tick() {
            return;
        }
        if let Some(list) = self.cb.keep(self.fetch_predecessors(*id)) {
            out.extend(list);
        }
    }
}

/// The heuristic of a Python problem: a callable `state -> number` of the cost type.
struct PyHeuristic<'py>(Bound<'py, PyAny>);

impl<'py, C: PyCost> Heuristic<PyProblem<'py, C>> for PyHeuristic<'py> {
    fn estimate(&self, problem: &PyProblem<'py, C>, id: &u32) -> C {
        if !problem.cb.tick() {
            return C::ZERO;
        }
        let state = problem.state(*id);
        let value = self.0.call1((&state,)).and_then(|h| {
            C::from_py(&h, &|| {
                format!("heuristic({}) = {}", short_repr(&state), short_repr(&h))
            })
        });
        problem.cb.keep(value).unwrap_or(C::ZERO)
    }
}

/// Searches a problem written in Python with an algorithm of the catalogue; see the package's
/// `searchlab.search` for the contract. `costs` is `"int"` (whole numbers, compared exactly),
/// `"float"`, or `None`: float when a cost of the start's successors is a float, else int.
/// Returns a dict: `status` (`solved`, `unsolvable`, `stopped`), `cost`, `actions`, `states`,
/// `limit` (what stopped it), `stats`.
#[pyfunction]
#[pyo3(signature = (problem, algo="astar", heuristic=None, max_nodes=None, max_depth=None, timeout=None, max_memory=None, costs=None))]
#[allow(clippy::too_many_arguments)]
pub fn search<'py>(
    py: Python<'py>,
    problem: Bound<'py, PyAny>,
    algo: &str,
    heuristic: Option<Bound<'py, PyAny>>,
    max_nodes: Option<Bound<'py, PyAny>>,
    max_depth: Option<Bound<'py, PyAny>>,
    timeout: Option<Bound<'py, PyAny>>,
    max_memory: Option<Bound<'py, PyAny>>,
    costs: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let algorithm = convert::search_algorithm(algo)?;
    let (limits, cancel) = convert::limits(
        max_nodes.as_ref(),
        max_depth.as_ref(),
        timeout.as_ref(),
        max_memory.as_ref(),
    )?;
    let real = match costs {
        Some("int") => false,
        Some("float") => true,
        None => first_costs_are_floats(&problem)?,
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "costs='{other}': expected 'int' or 'float'"
            )));
        }
    };
    let heuristic = match heuristic {
        Some(h) if !h.is_none() => Some(h),
        _ => problem.getattr_opt("heuristic")?,
    };
    let cb = Callbacks::new(py, cancel);
    if real {
        run::<Real>(PyProblem::new(problem, cb)?, algorithm, heuristic, &limits)
    } else {
        run::<u64>(PyProblem::new(problem, cb)?, algorithm, heuristic, &limits)
    }
}

/// Whether a cost of the start's successors is a float (asks `successors` once more; the
/// search asks again).
fn first_costs_are_floats(problem: &Bound<'_, PyAny>) -> PyResult<bool> {
    if !problem.hasattr("start")? || !problem.hasattr("successors")? {
        return Ok(false); // PyProblem::new says what is missing
    }
    let start = problem.call_method0("start")?;
    let items = problem.call_method1("successors", (&start,))?;
    let Ok(items) = items.try_iter() else {
        return Ok(false); // the search says what is wrong
    };
    for item in items {
        if let Ok(t) = item?.cast::<PyTuple>()
            && t.len() == 3
            && t.get_item(2)?.is_instance_of::<PyFloat>()
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Runs `algorithm` on the wrapped problem and builds the answer.
fn run<'py, C: PyCost>(
    p: PyProblem<'py, C>,
    algorithm: SearchAlgorithm,
    heuristic: Option<Bound<'py, PyAny>>,
    limits: &Limits,
) -> PyResult<Bound<'py, PyDict>> {
    algorithm
        .check(&p)
        .map_err(|e| PyValueError::new_err(format!("{algorithm}: {e}")))?;
    let start = p.obj.call_method0("start")?;
    let start = p.intern(&start)?;
    let run = match (&heuristic, algorithm.uses_heuristic()) {
        (Some(h), true) => algorithm.run(&p, &start, &PyHeuristic(h.clone()), limits),
        _ => algorithm.run(&p, &start, &Zero, limits),
    };
    if let Some(err) = p.cb.take_error() {
        return Err(err);
    }
    let run = run.map_err(|e| PyValueError::new_err(format!("{algorithm}: {e}")))?;
    answer(&p, start, &run)
}

/// The result dict of a run.
fn answer<'py, C: PyCost>(
    p: &PyProblem<'py, C>,
    start: u32,
    run: &SearchResult<u32, C>,
) -> PyResult<Bound<'py, PyDict>> {
    let py = p.cb.py;
    let out = PyDict::new(py);
    let (status, limit) = match &run.outcome {
        Outcome::Solved { actions, cost } => {
            let (acts, states) = (PyList::empty(py), PyList::empty(py));
            let mut id = start;
            states.append(p.state(id))?;
            for &a in actions {
                let succ = p.successors.borrow()[id as usize]
                    .clone()
                    .expect("a state on the path was expanded");
                let s = &succ[a as usize];
                acts.append(s.action.bind(py))?;
                id = s.next;
                states.append(p.state(id))?;
            }
            out.set_item("cost", cost.to_py(py)?)?;
            out.set_item("actions", acts)?;
            out.set_item("states", states)?;
            ("solved", None)
        }
        Outcome::NoSolution => ("unsolvable", None),
        Outcome::Stopped(kind) => ("stopped", Some(kind.to_string())),
    };
    out.set_item("status", status)?;
    out.set_item("limit", limit)?;
    out.set_item("stats", convert::stats_dict(py, &run.stats)?)?;
    out.set_item("distinct_states", p.states.borrow().len())?;
    Ok(out)
}
