//! The one error type of the crate: every message names the file and, where there is one, the
//! line.

use std::path::PathBuf;

/// What went wrong reading a map or a scenario, or writing a picture.
#[derive(Debug, thiserror::Error)]
pub enum GridError {
    /// A file could not be read or written (missing map file, unreadable scenario, ...).
    #[error("{file}: {what}: {source}")]
    Io {
        /// The file.
        file: PathBuf,
        /// What was being done (`cannot read map`, ...).
        what: String,
        /// The system's error.
        source: std::io::Error,
    },
    /// Bad content at a line of a file (1-based line numbers).
    #[error("{file}:{line}: {what}")]
    Parse {
        /// The file (as given).
        file: String,
        /// The 1-based line.
        line: usize,
        /// What is wrong, naming the offending value.
        what: String,
    },
    /// A combination the grid does not support (JPS with 4 connections, ...).
    #[error("{0}")]
    Unsupported(String),
    /// A picture could not be drawn.
    #[error("{file}: cannot draw: {what}")]
    Draw {
        /// The output file.
        file: PathBuf,
        /// What failed.
        what: String,
    },
}

impl GridError {
    /// A parse error at `file:line`.
    pub(crate) fn parse(file: &str, line: usize, what: impl Into<String>) -> Self {
        GridError::Parse {
            file: file.to_string(),
            line,
            what: what.into(),
        }
    }
}
