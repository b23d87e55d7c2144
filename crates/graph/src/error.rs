//! Typed errors: every parse error names the file and the line, and says what is wrong there.

use std::io;
use std::path::PathBuf;

use thiserror::Error;

/// A parse error at one line of one file.
///
/// Displays as `FILE:LINE: WHAT`, the form compilers use, so editors can jump to it. Errors found
/// only at the end of a file (too few arcs, a missing `p` line) name the last line.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{file}:{line}: {kind}")]
pub struct ParseError {
    /// The file's name as the caller gave it (`<string>` for text parsed from memory).
    pub file: String,
    /// The 1-based line number (the last line for errors found at the end of the file, 0 for an
    /// empty file).
    pub line: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong at a line.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A data line came before the problem line, or the file has none.
    #[error("missing problem line: expected `{expected}` before any data")]
    MissingProblemLine {
        /// The problem line this format needs, e.g. `p sp N M`.
        expected: &'static str,
    },
    /// A second problem line.
    #[error("duplicate problem line (the first is at line {first})")]
    DuplicateProblemLine {
        /// The line of the first problem line.
        first: usize,
    },
    /// A problem line that is not of the expected form.
    #[error("bad problem line: expected `{expected}`, found `{found}`")]
    BadProblemLine {
        /// The expected form.
        expected: &'static str,
        /// The line as found.
        found: String,
    },
    /// More data lines than the problem line declared.
    #[error("more {what} than the {declared} the problem line declares")]
    TooMany {
        /// `arcs` or `coordinates`.
        what: &'static str,
        /// The declared count.
        declared: u64,
    },
    /// The file ended before all declared data lines.
    #[error("truncated file: the problem line declares {declared} {what}, found {found}")]
    Truncated {
        /// `arcs` or `coordinates`.
        what: &'static str,
        /// The declared count.
        declared: u64,
        /// How many were read.
        found: u64,
    },
    /// A node number outside `1..=n`.
    #[error("node {node} out of range 1..={nodes}")]
    NodeOutOfRange {
        /// The node as written.
        node: String,
        /// The declared node count.
        nodes: u64,
    },
    /// A negative weight (searches need non-negative costs).
    #[error("negative weight `{text}`: arc weights must be non-negative integers")]
    NegativeWeight {
        /// The weight as written.
        text: String,
    },
    /// A number that is not an integer in the allowed range.
    #[error("bad {field} `{text}`: expected an integer in {range}")]
    BadNumber {
        /// Which field (`weight`, `node`, `x`, ...).
        field: &'static str,
        /// The text found.
        text: String,
        /// The allowed range, e.g. `0..=4294967295`.
        range: &'static str,
    },
    /// A field is missing.
    #[error("missing {field}: expected `{expected}`")]
    MissingField {
        /// The missing field.
        field: &'static str,
        /// The line's expected form.
        expected: &'static str,
    },
    /// Text after the last field.
    #[error("unexpected `{found}` after the end of a `{expected}` line")]
    Trailing {
        /// The extra text.
        found: String,
        /// The line's expected form.
        expected: &'static str,
    },
    /// A line whose first token names no line type of the format.
    #[error("unknown line type `{found}`: expected {expected}")]
    UnknownLine {
        /// The first token found.
        found: String,
        /// The line types of the format.
        expected: &'static str,
    },
    /// A node given coordinates (or an `h` value) twice.
    #[error("node {node} already has {what} (at line {first})")]
    Duplicate {
        /// The node's name.
        node: String,
        /// `coordinates` or `an h value`.
        what: &'static str,
        /// The line of the first one.
        first: usize,
    },
    /// An `h` or `xy` line for a node no edge, arc or `node` line mentions.
    #[error("unknown node `{node}`: no edge, arc or `node` line names it")]
    UnknownNode {
        /// The node's name.
        node: String,
    },
    /// A node without an `xy` line in a file where other nodes have one.
    #[error("node `{node}` has no `xy NAME X Y` line (every node needs one once any has one)")]
    MissingCoordinates {
        /// The node's name.
        node: String,
    },
    /// A quoted name without its closing quote.
    #[error("unterminated quoted name starting `{text}`")]
    Unterminated {
        /// The text from the opening quote.
        text: String,
    },
    /// The coordinate file declares another node count than the graph has.
    #[error("the coordinate file is for {declared} nodes but the graph has {nodes}")]
    NodeCountMismatch {
        /// The count in the coordinate file.
        declared: u64,
        /// The graph's node count.
        nodes: u64,
    },
    /// More nodes or arcs than this crate can index (32-bit ids).
    #[error("too large: {what} (at most {max})")]
    TooLarge {
        /// What overflowed.
        what: &'static str,
        /// The largest supported count.
        max: u64,
    },
    /// A line that is not valid UTF-8.
    #[error("not valid UTF-8 text")]
    NotUtf8,
    /// A line longer than any this format has (a binary file, `/dev/zero`): read no further.
    #[error("a line longer than {max} bytes: not a graph file")]
    LineTooLong {
        /// The longest line read.
        max: usize,
    },
    /// The graph's tables could not be allocated.
    #[error("out of memory: the graph's {nodes} nodes and {arcs} arcs do not fit")]
    OutOfMemory {
        /// Nodes declared.
        nodes: u64,
        /// Arcs read.
        arcs: u64,
    },
}

/// An error loading a graph or coordinates from a file.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        #[source]
        source: io::Error,
    },
    /// The file was read but is not valid.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// An error turning node names into a query or choosing a heuristic.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum QueryError {
    /// No node has this name (or number).
    #[error("no node `{name}` in the graph ({hint})")]
    UnknownNode {
        /// The name given.
        name: String,
        /// What names look like in this graph.
        hint: String,
    },
    /// The heuristic name is not one of [`crate::HEURISTICS`].
    #[error("unknown heuristic `{name}`: expected one of {}", crate::HEURISTICS.join(", "))]
    UnknownHeuristic {
        /// The name given.
        name: String,
    },
    /// The heuristic needs data the graph lacks.
    #[error("heuristic `{name}` needs {needs}")]
    Unavailable {
        /// The heuristic.
        name: &'static str,
        /// What is missing.
        needs: &'static str,
    },
    /// A Euclidean scale that is negative, infinite or not a number.
    #[error("bad Euclidean scale {scale}: expected a finite number >= 0")]
    BadScale {
        /// The scale given.
        scale: f64,
    },
}

/// Builds [`ParseError`]s for one file, so parsers write `at.error(line, kind)`.
#[derive(Clone, Debug)]
pub(crate) struct Source<'a> {
    pub(crate) file: &'a str,
}

impl Source<'_> {
    pub(crate) fn error(&self, line: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            file: self.file.to_string(),
            line,
            kind,
        }
    }
}
