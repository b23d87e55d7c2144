//! Loading graphs from files: the format chosen by the file name.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use crate::dimacs::{read_coords, read_dimacs};
use crate::edgelist::read_edge_list;
use crate::error::LoadError;
use crate::graph::Graph;

/// The file formats a graph can be read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphFormat {
    /// DIMACS shortest-path arcs (`.gr`).
    Dimacs,
    /// The plain edge list (any other name).
    EdgeList,
}

impl GraphFormat {
    /// The format of a file by its name: `.gr` is DIMACS, anything else the edge list.
    pub fn of(path: &Path) -> GraphFormat {
        match path.extension() {
            Some(ext) if ext.eq_ignore_ascii_case("gr") => GraphFormat::Dimacs,
            _ => GraphFormat::EdgeList,
        }
    }
}

fn open(path: &Path) -> Result<BufReader<File>, LoadError> {
    File::open(path)
        .map(BufReader::new)
        .map_err(|source| LoadError::Io {
            path: path.to_path_buf(),
            source,
        })
}

/// Loads a graph: DIMACS for a `.gr` file, the edge list otherwise ([`GraphFormat::of`]); then the
/// DIMACS coordinates in `coords`, if given.
///
/// # Errors
/// [`LoadError::Io`] when a file cannot be read; [`LoadError::Parse`] naming the file and line.
///
/// # Example
/// ```
/// use std::path::Path;
/// use searchlab_graph::load;
///
/// let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/graph");
/// let g = load(&dir.join("romania.gr"), Some(&dir.join("romania.co"))).unwrap();
/// assert_eq!((g.node_count(), g.arc_count()), (20, 46));
/// assert!(g.coords().is_some());
/// ```
pub fn load(path: &Path, coords: Option<&Path>) -> Result<Graph, LoadError> {
    let mut graph = match GraphFormat::of(path) {
        GraphFormat::Dimacs => read_dimacs(open(path)?, path)?,
        GraphFormat::EdgeList => read_edge_list(open(path)?, path)?,
    };
    if let Some(co) = coords {
        load_coords(&mut graph, co)?;
    }
    Ok(graph)
}

/// Reads DIMACS `.co` coordinates from `path` into `graph` (replacing any it had).
///
/// # Errors
/// As [`load`]; also when the file is for another node count.
pub fn load_coords(graph: &mut Graph, path: &Path) -> Result<(), LoadError> {
    let coords = read_coords(open(path)?, path, graph.node_count())?;
    graph.set_coords(coords);
    Ok(())
}
