//! A shortest-path query (from, to) on a graph, as a [`Problem`] every core search runs on.

use std::sync::Arc;

use searchlab_core::Problem;

use crate::error::QueryError;
use crate::graph::{ArcId, Graph, NodeId};

/// An action: follow one arc. `to` is what the user sees (the next node); `arc` tells parallel
/// arcs apart and makes [`Problem::result`] O(1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The node the arc leads to.
    pub to: NodeId,
    /// The arc followed.
    pub arc: ArcId,
}

/// The shortest-path problem from one node to another on a shared [`Graph`].
///
/// It holds the graph by [`Arc`]: a query is cheap to clone, owns what it needs (`'static`,
/// `Send`), and many queries share one graph.
///
/// States are node indices; the actions of a node are its arcs in file order; costs are `u64`
/// sums of the integer weights. Fast paths for the core searches:
///
/// * a perfect rank (the node index), so A* and BFS keep their nodes in dense tables;
/// * [`Problem::inverse`]: the arc straight back (the first in file order), which depth-first
///   searches never take right after its twin. A path that goes `u -> v -> u` is never cheaper
///   than the same path without the detour, so optimality is kept.
///
/// Which search answers what:
///
/// | search | returns | notes |
/// | --- | --- | --- |
/// | `astar` (any admissible heuristic, or `Zero` = Dijkstra) | a cheapest path | proves "no path" |
/// | `idastar` | a cheapest path | linear memory; may revisit nodes exponentially often; "no path" by a reachability check first ([`Graph::reaches`]); a state already on the path at the same cost is skipped, so a zero-weight cycle ends |
/// | `bfs`, `iddfs` | a path with the FEWEST arcs, with its real cost | a cheapest path only when every arc weighs 1 ([`Graph::is_unit_cost`]) |
///
/// ```
/// use std::sync::Arc;
/// use searchlab_core::{astar, Limits, Zero};
/// use searchlab_graph::parse_edge_list;
///
/// let g = Arc::new(parse_edge_list("s a 1\na t 1\ns t 5\n", "tiny.txt").unwrap());
/// let q = g.query("s", "t").unwrap();
/// let run = astar(&q, &q.start(), &Zero, &Limits::none());
/// assert_eq!(run.outcome.cost(), Some(2));
/// assert_eq!(q.format_path(run.outcome.actions().unwrap()), "s -> a -> t");
/// ```
#[derive(Clone, Debug)]
pub struct Query {
    graph: Arc<Graph>,
    from: NodeId,
    to: NodeId,
}

impl Query {
    /// The query from node `from` to node `to` (indices).
    ///
    /// # Panics
    /// If a node is out of range; [`Graph::query`] takes names and returns errors instead.
    pub fn new(graph: Arc<Graph>, from: NodeId, to: NodeId) -> Self {
        let n = graph.node_count();
        assert!(
            (from as usize) < n && (to as usize) < n,
            "query {from} -> {to} outside 0..{n}"
        );
        Query { graph, from, to }
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The shared graph, to make more queries on it.
    pub fn shared_graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// The start node: pass it to the searches.
    pub fn start(&self) -> NodeId {
        self.from
    }

    /// The goal node.
    pub fn goal(&self) -> NodeId {
        self.to
    }

    /// Whether the goal can be reached at all ([`Graph::reaches`]).
    pub fn goal_reachable(&self) -> bool {
        self.graph.reaches(self.from, self.to)
    }

    /// The nodes a solution visits, the start included.
    pub fn path(&self, steps: &[Step]) -> Vec<NodeId> {
        std::iter::once(self.from)
            .chain(steps.iter().map(|s| s.to))
            .collect()
    }

    /// A solution as node names joined by ` -> `, the start included.
    pub fn format_path(&self, steps: &[Step]) -> String {
        self.graph.format_path(&self.path(steps))
    }
}

impl Graph {
    /// The query between the nodes named `from` and `to` (edge-list names, or DIMACS numbers
    /// `1..=n`).
    ///
    /// Called on an `Arc<Graph>`: the query shares the graph.
    ///
    /// # Errors
    /// [`QueryError::UnknownNode`] for a name no node has.
    pub fn query(self: &Arc<Self>, from: &str, to: &str) -> Result<Query, QueryError> {
        let find = |name: &str| {
            self.node(name).ok_or_else(|| QueryError::UnknownNode {
                name: name.to_string(),
                hint: if self.has_names() {
                    match self.node_count() {
                        0 => "the graph has no nodes".to_string(),
                        n => format!("{n} named nodes, e.g. `{}`", self.name(0)),
                    }
                } else {
                    format!("DIMACS nodes are numbered 1..={}", self.node_count())
                },
            })
        };
        Ok(Query::new(Arc::clone(self), find(from)?, find(to)?))
    }
}

impl Problem for Query {
    type State = NodeId;
    type Action = Step;
    type Cost = u64;

    fn is_goal(&self, state: &NodeId) -> bool {
        *state == self.to
    }

    fn actions(&self, state: &NodeId, out: &mut Vec<Step>) {
        out.extend(self.graph.arc_ids(*state).map(|arc| Step {
            to: self.graph.head(arc),
            arc,
        }));
    }

    fn result(&self, _: &NodeId, action: &Step) -> (NodeId, u64) {
        (action.to, u64::from(self.graph.weight(action.arc)))
    }

    fn inverse(&self, action: &Step) -> Option<Step> {
        let arc = self.graph.reverse_arc(action.arc)?;
        Some(Step {
            to: self.graph.head(arc),
            arc,
        })
    }

    /// The query's reachability ([`Query::goal_reachable`]) from its own start; from any
    /// other start, the nodes reachable from it.
    fn goal_unreachable(&self, start: &NodeId) -> bool {
        if *start == self.start() {
            !self.goal_reachable()
        } else {
            searchlab_core::problem::no_goal_within(self, start, self.graph.node_count())
        }
    }

    fn rank(&self, state: &NodeId) -> Option<usize> {
        Some(*state as usize)
    }

    fn rank_count(&self) -> Option<usize> {
        Some(self.graph.node_count())
    }
}
