//! Shortest paths on a grid of blocked cells (a numpy array, rows first), through the grid
//! crate: its map (MovingAI's move rules), its query checks, its `solve` and exact octile
//! costs. The search runs with the GIL released.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use searchlab_grid::{
    Algorithm, Connectivity, Expected, GridError, GridHeuristic, GridMap, Instance, Scenario, solve,
};
use searchlab_toolkit::{Cost, Limits, Outcome};

/// The map of the last call, with the cells it was built from: a notebook or a benchmark asks
/// many queries on one map, and building the move table of a 512 x 512 map costs more than
/// most searches on it. Reused only for the very same bytes and size.
struct LastMap {
    cells: Vec<u8>,
    width: usize,
    height: usize,
    map: Arc<GridMap>,
}

static LAST_MAP: Mutex<Option<LastMap>> = Mutex::new(None);

/// The map of `blocked`, from [`LAST_MAP`] when it holds the same cells.
fn map_of(blocked: &[u8], width: usize, height: usize) -> PyResult<Arc<GridMap>> {
    let mut last = LAST_MAP
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(l) = last.as_ref()
        && (l.width, l.height) == (width, height)
        && l.cells == blocked
    {
        return Ok(l.map.clone());
    }
    let cells: Vec<bool> = blocked.iter().map(|&b| b != 0).collect();
    let map = Arc::new(GridMap::from_blocked("grid", width, height, &cells).map_err(grid_error)?);
    *last = Some(LastMap {
        cells: blocked.to_vec(),
        width,
        height,
        map: map.clone(),
    });
    Ok(map)
}

/// A grid error as `ValueError`, without the `file:line` of a map read from a file.
fn grid_error(e: GridError) -> PyErr {
    PyValueError::new_err(match e {
        GridError::Parse { what, .. } => what,
        other => other.to_string(),
    })
}

/// The shortest path from `start` to `goal` (`(x, y)` each) on the `width` x `height` map
/// whose row-major cells are `blocked` (one byte per cell, non-zero = wall): `(cost, cells)`
/// with the exact octile cost as a float, `(inf, [])` when the goal cannot be reached.
#[pyfunction]
#[pyo3(signature = (blocked, width, height, start, goal, algo="astar", connectivity=8))]
#[allow(clippy::too_many_arguments)]
pub fn grid_path(
    py: Python<'_>,
    blocked: &[u8],
    width: usize,
    height: usize,
    start: (i64, i64),
    goal: (i64, i64),
    algo: &str,
    connectivity: u8,
) -> PyResult<(f64, Vec<(u16, u16)>)> {
    let algorithm = match Algorithm::from_name(algo) {
        Some(a @ (Algorithm::AStar | Algorithm::Jps | Algorithm::Ucs)) => a,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown grid algorithm '{algo}': expected one of astar, jps, ucs"
            )));
        }
    };
    let connectivity = match connectivity {
        8 => Connectivity::Eight,
        4 => Connectivity::Four,
        n => {
            return Err(PyValueError::new_err(format!(
                "connectivity={n}: expected 4 or 8"
            )));
        }
    };
    let map = map_of(blocked, width, height)?;
    let cell = |(x, y): (i64, i64), what: &str| {
        u32::try_from(x)
            .ok()
            .zip(u32::try_from(y).ok())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{what} ({x},{y}) is outside the {width}x{height} map"
                ))
            })
    };
    let scenario = Scenario {
        line: 1,
        bucket: 0,
        map: "grid".into(),
        width: width as u32,
        height: height as u32,
        start: cell(start, "start")?,
        goal: cell(goal, "goal")?,
        expected: Expected::parse("0").expect("0 is a length"),
    };
    let instance = Instance::new(map, scenario, "grid").map_err(grid_error)?;
    let heuristic = GridHeuristic::default_for(connectivity);
    let run = py
        .detach(|| {
            solve(
                &instance,
                algorithm,
                heuristic,
                connectivity,
                &Limits::none(),
                false,
            )
        })
        .map_err(grid_error)?;
    Ok(match &run.outcome {
        Outcome::Solved { cost, .. } => {
            let cells = run
                .path_cells(instance.start)
                .expect("a solved run has a path");
            (cost.to_f64(), cells.iter().map(|c| (c.x, c.y)).collect())
        }
        _ => (f64::INFINITY, Vec::new()),
    })
}
