//! # searchlab-graph
//!
//! Your own state space without writing Rust: an explicit weighted graph read from a file,
//! searched by every `searchlab-core` algorithm between two nodes.
//!
//! * [`Graph`]: directed arcs with integer weights in `0..=2^32 - 1`, stored as compressed sparse
//!   rows in file order; optional node names, coordinates and per-node `h` values.
//! * [`Query`]: a (from, to) pair on a shared graph (`Arc<Graph>`), implementing
//!   [`searchlab_core::Problem`] with `u64` costs, actions = arcs in file order ([`Step`]), a
//!   perfect rank (the node index) so A* and BFS use dense tables, and the reverse arc as
//!   [`searchlab_core::Problem::inverse`].
//! * Heuristics by name ([`HEURISTICS`], [`GraphHeuristic`]): `zero`, `euclidean` (scaled
//!   straight-line distance from coordinates; see [`Graph::admissible_scale`] for when it is
//!   admissible), `file` (per-node `h` lines); [`check_heuristic`] tests any heuristic
//!   against the true distances (a reverse Dijkstra from the goal); [`advice`] gathers the
//!   warnings worth printing before a search.
//! * Files: [`load`] picks the format by name; [`parse_queries`] reads query lists
//!   (`FROM TO | COST`). Errors name the file and the line.
//! * [`RandomGraph`] and [`write_dimacs`] / [`write_coords`] make large inputs on demand.
//!
//! ## Which search to run
//!
//! `astar` with an admissible heuristic (or `Zero`: Dijkstra) and `idastar` return cheapest
//! paths. `bfs` and `iddfs` return paths with the FEWEST arcs (with their real cost): cheapest
//! only when every arc weighs 1 ([`Graph::is_unit_cost`]). A* and BFS prove an unreachable
//! goal by exhausting the graph; the depth-first searches (IDA*, IDDFS, RBFS, DFBnB), which
//! cannot on a graph with cycles, ask [`Query::goal_reachable`] first (the query's
//! `goal_unreachable`), and skip a state already on their path at the same cost, so a
//! zero-weight cycle cannot trap them. Both answer `Outcome::NoSolution`.
//!
//! ## Formats
//!
//! **DIMACS** (the 9th DIMACS Implementation Challenge's road networks), see [`dimacs`]:
//! a `.gr` file of `c` comments, one `p sp N M` line and `M` lines `a U V W` (nodes `1..=N`),
//! and an optional `.co` file of one `p aux sp co N` line and `N` lines `v ID X Y`.
//!
//! **Edge list**, see [`edgelist`]: one edge per line, `A B 140` for an undirected edge,
//! `A -> B 140` for a directed arc (weight 1 when left out), `h A 366` for a heuristic value,
//! `xy A 91 492` for coordinates, `node A` for an isolated node, `#` comments, node names are
//! words or `"quoted names"`.
//!
//! ## Example: AIMA's Romania
//!
//! ```
//! use std::sync::Arc;
//! use searchlab_core::{astar, idastar, Limits, Zero};
//! use searchlab_graph::{check_heuristic, parse_edge_list, GraphHeuristic};
//!
//! let text = include_str!("../../../puzzles/graph/romania.txt");
//! let romania = Arc::new(parse_edge_list(text, "romania.txt").unwrap());
//! let query = romania.query("Arad", "Bucharest").unwrap();
//! let sld = GraphHeuristic::by_name("file", &romania, None).unwrap();
//! assert!(check_heuristic(&query, &sld).is_consistent());
//!
//! let run = astar(&query, &query.start(), &sld, &Limits::none());
//! assert_eq!(run.outcome.cost(), Some(418));
//! assert_eq!(
//!     query.format_path(run.outcome.actions().unwrap()),
//!     "Arad -> Sibiu -> Rimnicu Vilcea -> Pitesti -> Bucharest"
//! );
//! assert_eq!(idastar(&query, &query.start(), &Zero, &Limits::none()).outcome.cost(), Some(418));
//! ```

//!
//! ## For a command line: `solve graph FILE [--coords CO] --from A --to B`
//!
//! ```
//! use std::path::Path;
//! use std::sync::Arc;
//! use searchlab_core::{astar, bfs, idastar, iddfs, Limits, Outcome};
//! use searchlab_graph::{advice, load, GraphHeuristic};
//!
//! # let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/graph");
//! # let (file, coords) = (dir.join("romania.gr"), Some(dir.join("romania.co")));
//! // Errors name the file and line (LoadError), or the unknown node (QueryError).
//! let graph = Arc::new(load(&file, coords.as_deref())?);
//! let query = graph.query("1", "2")?; // DIMACS numbers, or edge-list names
//! let h = GraphHeuristic::by_name("euclidean", &graph, None)?; // one of GraphHeuristic::available
//! for note in advice(&query, Some(&h)) {
//!     eprintln!("warning: {note}");
//! }
//! let limits = Limits::none();
//! for (name, run) in [
//!     ("astar", astar(&query, &query.start(), &h, &limits)),
//!     ("idastar", idastar(&query, &query.start(), &h, &limits)),
//!     ("bfs", bfs(&query, &query.start(), &limits)),
//!     ("iddfs", iddfs(&query, &query.start(), &limits)),
//! ] {
//!     match &run.outcome {
//!         Outcome::Solved { actions, cost } => {
//!             println!("{name}: cost {cost}: {}", query.format_path(actions))
//!         }
//!         Outcome::NoSolution => println!("{name}: no path"),
//!         Outcome::Stopped(limit) => println!("{name}: stopped by the {limit}"),
//!     }
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod describe;
pub mod dimacs;
pub mod edgelist;
mod error;
mod generate;
mod graph;
mod heuristic;
mod load;
mod queries;
mod query;

pub use dimacs::{
    parse_coords, parse_dimacs, read_coords, read_dimacs, write_coords, write_dimacs,
};
pub use edgelist::{parse_edge_list, read_edge_list};
pub use error::{LoadError, ParseError, ParseErrorKind, QueryError};
pub use generate::RandomGraph;
pub use graph::{
    ArcId, Graph, GraphBuilder, MAX_COUNT, MAX_WEIGHT, NodeId, SCALE_MARGIN, UNREACHABLE,
};
pub use heuristic::{GraphHeuristic, HEURISTICS, HeuristicCheck, advice, check_heuristic};
pub use load::{GraphFormat, load, load_coords};
pub use queries::{Expected, QueryLine, parse_queries};
pub use query::{Query, Step};
