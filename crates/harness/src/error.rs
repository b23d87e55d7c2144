//! What can go wrong in a bench, typed so that a driver can choose its exit status: bad
//! input (names, options, instance files, shard files) is the user's to fix.

use std::path::PathBuf;

/// An error of the harness.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// Bad input: an unknown algorithm, heuristic or option, no instances, a bad `--jobs`;
    /// the message names what and where.
    #[error("{0}")]
    BadInput(String),
    /// A shard file that cannot be read as one, or that holds another benchmark.
    #[error("{path}: {message}")]
    ShardFile {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the line when there is one.
        message: String,
    },
    /// Shard files of different benchmark definitions, which cannot be merged.
    #[error("{0}")]
    Mixed(String),
    /// Reading or writing a file or a stream.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The plot could not be drawn.
    #[error("cannot draw {path}: {message}")]
    Plot {
        /// The SVG file.
        path: PathBuf,
        /// The drawing library's message.
        message: String,
    },
}

impl BenchError {
    /// Whether the error is the user's input (a driver's exit status 2) rather than a
    /// failure of the machine (status 1).
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            Self::BadInput(_) | Self::ShardFile { .. } | Self::Mixed(_)
        )
    }
}
