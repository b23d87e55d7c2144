//! Calling Python from inside a search: the first exception (or Ctrl-C) is kept and the
//! search is stopped through the core's cancel flag, so it unwinds as a normal stopped run
//! and the exception is raised again from the Python call, traceback and all.

use std::cell::{Cell, RefCell};

use pyo3::prelude::*;
use searchlab_toolkit::Cancel;

/// How many callbacks run between two looks at Python's signal flag. Each look is a load and
/// a compare (`PyErr_CheckSignals`), so this only bounds the overhead; a Python callback takes
/// a microsecond or more, so Ctrl-C is seen within a fraction of a millisecond of callbacks.
const SIGNAL_PERIOD: u32 = 64;

/// The error slot and cancel flag shared by every callback of one search.
pub struct Callbacks<'py> {
    /// The interpreter.
    pub py: Python<'py>,
    error: RefCell<Option<PyErr>>,
    cancel: Cancel,
    calls: Cell<u32>,
}

impl<'py> Callbacks<'py> {
    /// A fresh slot; `cancel` must be the flag of the search's limits.
    pub fn new(py: Python<'py>, cancel: Cancel) -> Self {
        Callbacks {
            py,
            error: RefCell::new(None),
            cancel,
            calls: Cell::new(0),
        }
    }

    /// Keeps `err` (the first one wins) and asks the search to stop.
    pub fn fail(&self, err: PyErr) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(err);
        }
        self.cancel.cancel();
    }

    /// Whether a callback failed (later callbacks then return at once, without calling Python).
    pub fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    /// Counts a callback and, every `SIGNAL_PERIOD` calls, runs Python's signal handlers:
    /// Ctrl-C's `KeyboardInterrupt` is then kept like any exception. Returns `false` once
    /// something failed.
    pub fn tick(&self) -> bool {
        if self.failed() {
            return false;
        }
        let n = self.calls.get().wrapping_add(1);
        self.calls.set(n);
        if n.is_multiple_of(SIGNAL_PERIOD)
            && let Err(e) = self.py.check_signals()
        {
            self.fail(e);
            return false;
        }
        true
    }

    /// Keeps the error of `result`, if any, and gives its value.
    pub fn keep<T>(&self, result: PyResult<T>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(e) => {
                self.fail(e);
                None
            }
        }
    }

    /// The kept error, to raise from the call.
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.borrow_mut().take()
    }
}
