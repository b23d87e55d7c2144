//! The costs of problems written in Python: whole numbers ([`u64`], compared exactly, A*'s
//! bucket open list) or, as soon as a problem gives a float, [`Real`] (IEEE doubles in their
//! total order: sums of floats round, as in any Python search library).

use std::fmt;
use std::ops::Add;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyFloat;
use searchlab_toolkit::Cost;

/// A cost type a Python value converts to.
pub trait PyCost: Cost {
    /// `value` as a cost; `what` names it in the message (`successors((1, 0)): the cost 1.5
    /// of action 'x'`).
    fn from_py(value: &Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<Self>;
    /// The cost as a Python number.
    fn to_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
}

impl PyCost for u64 {
    fn from_py(value: &Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<Self> {
        if let Ok(n) = value.extract::<u64>() {
            return Ok(n);
        }
        if value.extract::<i64>().is_ok() {
            return Err(PyValueError::new_err(format!(
                "{} is negative: costs are >= 0",
                what()
            )));
        }
        if value.is_instance_of::<PyFloat>() {
            return Err(PyTypeError::new_err(format!(
                "{} is a float, but the first costs were whole numbers: give costs=float to search with real costs",
                what()
            )));
        }
        Err(PyTypeError::new_err(format!(
            "{} is not a number: costs are whole numbers or floats >= 0",
            what()
        )))
    }

    fn to_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.into_pyobject(py)?.into_any())
    }
}

/// A real cost: a finite or infinite double >= 0, ordered totally (never NaN).
#[derive(Clone, Copy, Debug, Default)]
pub struct Real(pub f64);

impl PartialEq for Real {
    fn eq(&self, other: &Self) -> bool {
        self.0.total_cmp(&other.0).is_eq()
    }
}

impl Eq for Real {}

impl PartialOrd for Real {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Real {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl std::hash::Hash for Real {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state);
    }
}

impl Add for Real {
    type Output = Real;
    fn add(self, other: Real) -> Real {
        Real(self.0 + other.0)
    }
}

impl fmt::Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Cost for Real {
    const ZERO: Self = Real(0.0);
    const INFINITY: Self = Real(f64::INFINITY);
    const INTEGER: bool = false;

    fn to_u64(self) -> u64 {
        // Rounds up (saturating), so that `c.to_u64() > bound` is `c > bound` for integers.
        self.0.ceil() as u64
    }

    fn from_u64(value: u64) -> Self {
        Real(value as f64)
    }

    fn saturating_add(self, other: Self) -> Self {
        self + other
    }

    fn scale(self, numerator: u64, denominator: u64) -> Self {
        Real(self.0 * numerator as f64 / denominator.max(1) as f64)
    }

    fn to_f64(self) -> f64 {
        self.0
    }
}

impl PyCost for Real {
    fn from_py(value: &Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<Self> {
        match value.extract::<f64>() {
            Ok(x) if x >= 0.0 => Ok(Real(x)),
            Ok(x) if x.is_nan() => Err(PyValueError::new_err(format!(
                "{} is not a number (NaN)",
                what()
            ))),
            Ok(_) => Err(PyValueError::new_err(format!(
                "{} is negative: costs are >= 0",
                what()
            ))),
            Err(_) => Err(PyTypeError::new_err(format!(
                "{} is not a number: costs are whole numbers or floats >= 0",
                what()
            ))),
        }
    }

    fn to_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.0.into_pyobject(py)?.into_any())
    }
}
