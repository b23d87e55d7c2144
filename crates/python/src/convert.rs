//! Between Python and the core: limits from keyword arguments (through the core's
//! `limits_from`, the CLI's rule), statistics and answer fields to Python values, and the
//! catalogue's names.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use searchlab_toolkit::describe::Field;
use searchlab_toolkit::limits_text::{LimitError, limits_from, parse_size};
use searchlab_toolkit::stats_text::stats_field;
use searchlab_toolkit::{Cancel, GameAlgorithm, Limits, SearchAlgorithm, Stats};

/// The limits of the keyword arguments `max_nodes`, `max_depth`, `timeout` (seconds) and
/// `max_memory` (bytes, or a size like `"4G"`), with a fresh cancel flag (returned too) that
/// callbacks and Ctrl-C set. Without `max_memory` the machine's default applies, as in the CLI.
///
/// # Errors
/// `ValueError` with the CLI's message for a timeout or size out of range, `TypeError` for a
/// value of the wrong type.
pub fn limits(
    max_nodes: Option<&Bound<'_, PyAny>>,
    max_depth: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Limits, Cancel)> {
    let memory = match given(max_memory) {
        None => None,
        Some(m) => Some(memory_size(m)?),
    };
    let limits = limits_from(
        count("max_nodes", max_nodes)?,
        count("max_depth", max_depth)?,
        seconds(timeout)?,
        memory,
    )
    .map_err(limit_error)?;
    let cancel = Cancel::new();
    Ok((limits.with_cancel(cancel.clone()), cancel))
}

/// An argument that is there and not `None`.
fn given<'a, 'py>(arg: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    arg.filter(|a| !a.is_none())
}

/// A count limit (`max_nodes`, `max_depth`): a whole number >= 0.
pub fn count(name: &str, arg: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(arg) = given(arg) else {
        return Ok(None);
    };
    if arg.is_instance_of::<pyo3::types::PyBool>() || arg.extract::<i128>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "{name}={}: expected a whole number >= 0",
            arg.repr()?
        )));
    }
    arg.extract::<u64>().map(Some).map_err(|_| {
        PyValueError::new_err(format!(
            "{name}={}: expected a whole number from 0 to 2^64 - 1",
            arg.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })
}

/// A timeout in seconds: any real number (the range is the core's rule).
pub fn seconds(arg: Option<&Bound<'_, PyAny>>) -> PyResult<Option<f64>> {
    let Some(arg) = given(arg) else {
        return Ok(None);
    };
    if arg.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "timeout=True: expected a number of seconds",
        ));
    }
    arg.extract::<f64>().map(Some).map_err(|_| {
        PyTypeError::new_err(format!(
            "timeout={}: expected a number of seconds",
            arg.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })
}

/// `max_memory` as bytes: an integer, or a string the CLI's `--max-memory` reads.
fn memory_size(m: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(text) = m.cast::<PyString>() {
        return parse_size(&text.to_cow()?).map_err(limit_error);
    }
    match m.extract::<u64>() {
        Ok(0) => Err(limit_error(LimitError::SizeRange("0".into()))),
        Ok(n) => Ok(n),
        Err(_) => Err(PyTypeError::new_err(format!(
            "max_memory={}: expected a number of bytes or a size like \"4G\"",
            m.repr()?
        ))),
    }
}

/// A limit's error as `ValueError`, with the CLI's words.
pub fn limit_error(e: LimitError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The statistics as the dict of the CLI's JSON `stats` object (the core's `stats_field`).
pub fn stats_dict<'py>(py: Python<'py>, stats: &Stats) -> PyResult<Bound<'py, PyAny>> {
    field(py, &stats_field(stats))
}

/// A JSON field of the core's answers as a Python value (objects as dicts in their order,
/// exact decimals as `float`).
pub fn field<'py>(py: Python<'py>, f: &Field) -> PyResult<Bound<'py, PyAny>> {
    Ok(match f {
        Field::Null => py.None().into_bound(py),
        Field::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Field::Int(n) => n.into_pyobject(py)?.into_any(),
        Field::Num(x) => x.into_pyobject(py)?.into_any(),
        Field::Decimal(d) => d
            .parse::<f64>()
            .map_err(|_| PyValueError::new_err(format!("not a number: {d}")))?
            .into_pyobject(py)?
            .into_any(),
        Field::Text(s) => PyString::new(py, s).into_any(),
        Field::List(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(field(py, item)?)?;
            }
            list.into_any()
        }
        Field::Map(entries) => {
            let dict = PyDict::new(py);
            for (k, v) in entries {
                dict.set_item(k, field(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// A single-agent algorithm of the catalogue by its CLI name (`astar`, `wastar:1.5`).
///
/// # Errors
/// `ValueError` with the CLI's message (the known names listed).
pub fn search_algorithm(name: &str) -> PyResult<SearchAlgorithm> {
    name.parse::<SearchAlgorithm>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A game algorithm of the catalogue by its CLI name (`alphabeta`, `mcts:playouts=500`).
///
/// # Errors
/// `ValueError` with the CLI's message.
pub fn game_algorithm(name: &str) -> PyResult<GameAlgorithm> {
    name.parse::<GameAlgorithm>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The catalogue's single-agent algorithms: `(name, summary, uses_heuristic)` each.
#[pyfunction]
pub fn search_algorithms() -> Vec<(String, &'static str, bool)> {
    SearchAlgorithm::ALL
        .iter()
        .map(|a| (a.to_string(), a.summary(), a.uses_heuristic()))
        .collect()
}

/// The catalogue's game algorithms: `(name, summary, proves_value)` each.
#[pyfunction]
pub fn game_algorithms() -> Vec<(String, &'static str, bool)> {
    GameAlgorithm::ALL
        .iter()
        .map(|a| (a.to_string(), a.summary(), a.proves_value()))
        .collect()
}
