//! The problems of searchlab's registry from Python, through the CLI's library entry point
//! (`searchlab_cli::api`): the same registry, parsing, checks, limits and driver as
//! `searchlab solve`, `gen`, `bench` and `list`, so an answer is the JSON row the command
//! prints. Each search runs on a thread of its own with the GIL released (other Python threads
//! run, and search at once); the calling thread looks at Python's signals while it waits, and
//! Ctrl-C cancels the search through the core's cancel flag.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use searchlab_cli::api::{self, BenchRequest, LimitArgs, SolveRequest};
use searchlab_toolkit::Cancel;

use crate::convert;

/// How often the waiting thread looks at Python's signals.
const SIGNAL_LOOK: Duration = Duration::from_millis(20);

/// An error of the entry point as the Python exception it stands for: bad input (the
/// command's exit status 2) is `ValueError`, anything else `RuntimeError`.
fn api_error(e: api::Error) -> PyErr {
    if e.bad_input {
        PyValueError::new_err(e.message)
    } else {
        PyRuntimeError::new_err(e.message)
    }
}

/// Runs `work` on a thread of its own with the GIL released; Ctrl-C (any exception from
/// Python's signal handlers) sets `cancel`, waits for the search to stop, and is raised.
fn run_released<T: Send + 'static>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    let mut rx = rx;
    loop {
        // The receiver goes to the GIL-free closure and back (it is Send, not Sync).
        let (received, back) = py.detach(move || (rx.recv_timeout(SIGNAL_LOOK), rx));
        rx = back;
        match received {
            Ok(out) => {
                let _ = worker.join();
                return Ok(out);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    cancel.cancel();
                    // The search sees the flag within 1024 expansions: wait for it, so that no
                    // search outlives its call.
                    let _ = py.detach(|| worker.join());
                    return Err(interrupt);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let panic = worker.join().err();
                let what = panic
                    .as_ref()
                    .and_then(|p| p.downcast_ref::<String>().cloned())
                    .or_else(|| {
                        panic
                            .as_ref()
                            .and_then(|p| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    })
                    .unwrap_or_else(|| "the search thread ended without an answer".into());
                return Err(PyRuntimeError::new_err(what));
            }
        }
    }
}

/// The limit flags as values, with the conversions and messages of the own problems' limits.
fn limit_args(
    max_nodes: Option<&Bound<'_, PyAny>>,
    max_depth: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<LimitArgs> {
    let (limits, _) = convert::limits(max_nodes, max_depth, timeout, max_memory)?;
    Ok(LimitArgs {
        max_nodes: convert::count("max_nodes", max_nodes)?,
        max_depth: convert::count("max_depth", max_depth)?,
        timeout: convert::seconds(timeout)?,
        // Only when given: without it the command's default applies (the same as here).
        max_memory: max_memory.filter(|m| !m.is_none()).and(limits.max_memory),
    })
}

/// Options as `(name, value)` text pairs: `True`/`False` for flags, anything else by `str`.
fn option_pairs(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let value = if let Ok(b) = v.cast::<pyo3::types::PyBool>() {
                if b.is_true() { "true" } else { "false" }.to_owned()
            } else {
                v.str()?.to_cow()?.into_owned()
            };
            out.push((k.str()?.to_cow()?.into_owned(), value));
        }
    }
    Ok(out)
}

/// Every problem of the registry, as `searchlab list` shows them: dicts with `name`, `kind`,
/// `summary`, `input`, `algorithms`, `default_algorithm`, `heuristics` (`(name, summary)`),
/// `default_heuristic`, `options` and `gen_options` (`(name, help)`).
#[pyfunction]
pub fn problems(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for p in api::problems() {
        let d = PyDict::new(py);
        d.set_item("name", p.name)?;
        d.set_item("kind", p.kind)?;
        d.set_item("summary", p.summary)?;
        d.set_item("input", p.input)?;
        d.set_item("algorithms", p.algorithms)?;
        d.set_item("default_algorithm", p.default_algorithm)?;
        d.set_item("heuristics", p.heuristics)?;
        d.set_item("default_heuristic", p.default_heuristic)?;
        let opts = |specs: &[searchlab_toolkit::OptionSpec]| {
            specs.iter().map(|o| (o.name, o.help)).collect::<Vec<_>>()
        };
        d.set_item("options", opts(p.options))?;
        d.set_item("gen_options", opts(p.gen_options))?;
        out.append(d)?;
    }
    Ok(out)
}

/// One answered line: its JSON row (None for a bad line), its text, and whether it agrees
/// with the expected answer the line carries.
type SolvedLine = (Option<String>, String, Option<bool>);

/// Solves instance lines of a registered problem as `searchlab solve PROBLEM` does; one
/// `(json_line, text, agrees)` per line, `json_line` the row `--format json` prints, or
/// `(None, message, None)` for a line that does not parse.
#[pyfunction]
#[pyo3(signature = (problem, instances, algo=None, heuristic=None, max_nodes=None, max_depth=None, timeout=None, max_memory=None, options=None, flags=None, show=false))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    problem: String,
    instances: Vec<String>,
    algo: Option<String>,
    heuristic: Option<String>,
    max_nodes: Option<Bound<'_, PyAny>>,
    max_depth: Option<Bound<'_, PyAny>>,
    timeout: Option<Bound<'_, PyAny>>,
    max_memory: Option<Bound<'_, PyAny>>,
    options: Option<Bound<'_, PyDict>>,
    flags: Option<HashMap<String, String>>,
    show: bool,
) -> PyResult<Vec<SolvedLine>> {
    let mut flags = flags.unwrap_or_default();
    let mut request = SolveRequest {
        algorithm: algo,
        heuristic,
        options: option_pairs(options.as_ref())?,
        weight: flags.remove("weight"),
        width: flags.remove("width"),
        initial_bound: flags.remove("initial_bound"),
        limits: limit_args(
            max_nodes.as_ref(),
            max_depth.as_ref(),
            timeout.as_ref(),
            max_memory.as_ref(),
        )?,
        show,
        ..SolveRequest::default()
    };
    let cancel = Cancel::new();
    request.cancel = Some(cancel.clone());
    let answers = run_released(py, &cancel, move || {
        let lines: Vec<&str> = instances.iter().map(String::as_str).collect();
        api::solve_lines(&problem, &lines, &request)
    })?
    .map_err(api_error)?;
    Ok(answers
        .into_iter()
        .map(|a| match a {
            Ok(s) => (Some(s.json.to_string()), s.text, s.agrees),
            Err(e) => (None, e.message, None),
        })
        .collect())
}

/// `count` instances of a registered problem from `seed`, as `searchlab gen` prints them.
#[pyfunction]
#[pyo3(signature = (problem, count, seed=0, options=None))]
pub fn generate(
    problem: &str,
    count: usize,
    seed: u64,
    options: Option<Bound<'_, PyDict>>,
) -> PyResult<Vec<String>> {
    api::generate(problem, count, seed, &option_pairs(options.as_ref())?).map_err(api_error)
}

/// Runs `searchlab bench PROBLEM FILES` and gives `(rows as JSON text, csv, messages,
/// status)`.
#[pyfunction]
#[pyo3(signature = (problem, files, algos, heuristics, options, max_nodes=None, max_depth=None, timeout=None, max_memory=None, jobs=1))]
#[allow(clippy::too_many_arguments)]
pub fn bench(
    py: Python<'_>,
    problem: String,
    files: Vec<PathBuf>,
    algos: Vec<String>,
    heuristics: Vec<String>,
    options: Vec<String>,
    max_nodes: Option<Bound<'_, PyAny>>,
    max_depth: Option<Bound<'_, PyAny>>,
    timeout: Option<Bound<'_, PyAny>>,
    max_memory: Option<Bound<'_, PyAny>>,
    jobs: usize,
) -> PyResult<(String, String, String, u8)> {
    let cancel = Cancel::new();
    let request = BenchRequest {
        files,
        algorithms: algos,
        heuristics,
        options,
        limits: limit_args(
            max_nodes.as_ref(),
            max_depth.as_ref(),
            timeout.as_ref(),
            max_memory.as_ref(),
        )?,
        jobs,
        cancel: Some(cancel.clone()),
    };
    let out =
        run_released(py, &cancel, move || api::bench(&problem, &request))?.map_err(api_error)?;
    let rows = serde_json::Value::Array(out.rows).to_string();
    Ok((rows, out.csv, out.messages, out.status))
}
