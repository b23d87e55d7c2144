//! Heuristics for graph queries (zero, scaled Euclidean, per-node values from the file) and a
//! check of any heuristic against the true distances.

use std::fmt;

use searchlab_core::Heuristic;

use crate::error::QueryError;
use crate::graph::{Graph, MAX_WEIGHT, NodeId, UNREACHABLE, euclid};
use crate::query::Query;

/// The heuristics by name, as the command line offers them.
pub const HEURISTICS: [&str; 3] = ["zero", "euclidean", "file"];

/// A heuristic for any [`Query`] on a graph, chosen by name at run time.
///
/// * `zero`: 0 everywhere; A* is then Dijkstra's algorithm.
/// * `euclidean`: `floor(scale * straight-line distance to the goal)` from the coordinates
///   (a `.co` file or `xy` lines). With the scale of [`Graph::admissible_scale`] (the default)
///   it is consistent on any graph; with a scale of your own it is admissible only when every
///   arc weighs at least `scale` times its length. DIMACS road networks give coordinates in
///   millionths of a degree of longitude and latitude: a degree of longitude shrinks with the
///   cosine of the latitude, and arc weights are metres or travel times, so no fixed scale is
///   right for them; the computed one is.
/// * `file`: the `h` values of an edge-list file, meant for one goal (AIMA's straight-line
///   distances are to Bucharest). Nothing stops them being wrong for another goal or plain
///   wrong: [`check_heuristic`] finds out.
///
/// Values are capped at `2^32 - 1` (lowering an estimate never breaks admissibility).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GraphHeuristic {
    /// 0 everywhere.
    Zero,
    /// `floor(scale * euclidean distance)` to the goal.
    Euclidean {
        /// The factor from coordinate units to cost units.
        scale: f64,
    },
    /// The graph's per-node `h` values.
    File,
}

impl GraphHeuristic {
    /// The heuristic called `name` (one of [`HEURISTICS`]; `euclid` also names `euclidean`)
    /// for `graph`. `scale` is the Euclidean scale: `None` takes [`Graph::admissible_scale`].
    ///
    /// # Errors
    /// [`QueryError::UnknownHeuristic`], [`QueryError::Unavailable`] when the graph lacks the
    /// coordinates or `h` values it needs, [`QueryError::BadScale`].
    ///
    /// # Example
    /// ```
    /// use searchlab_graph::{parse_edge_list, GraphHeuristic};
    ///
    /// let g = parse_edge_list("a b 10\nxy a 0 0\nxy b 3 4\n", "t.txt").unwrap();
    /// let h = GraphHeuristic::by_name("euclidean", &g, None).unwrap();
    /// assert_eq!(h.name(), "euclidean");
    /// assert!(GraphHeuristic::by_name("file", &g, None).is_err()); // no h lines
    /// assert_eq!(GraphHeuristic::available(&g), ["zero", "euclidean"]);
    /// ```
    pub fn by_name(name: &str, graph: &Graph, scale: Option<f64>) -> Result<Self, QueryError> {
        match name {
            "zero" => Ok(GraphHeuristic::Zero),
            "euclidean" | "euclid" => Self::euclidean(graph, scale),
            "file" => match graph.h_values() {
                Some(_) => Ok(GraphHeuristic::File),
                None => Err(QueryError::Unavailable {
                    name: "file",
                    needs: "`h NAME VALUE` lines in an edge-list file",
                }),
            },
            _ => Err(QueryError::UnknownHeuristic {
                name: name.to_string(),
            }),
        }
    }

    /// The Euclidean heuristic with `scale`, or with [`Graph::admissible_scale`] when `None`.
    ///
    /// # Errors
    /// [`QueryError::Unavailable`] without coordinates; [`QueryError::BadScale`] for a scale
    /// that is negative or not finite.
    pub fn euclidean(graph: &Graph, scale: Option<f64>) -> Result<Self, QueryError> {
        let Some(auto) = graph.admissible_scale() else {
            return Err(QueryError::Unavailable {
                name: "euclidean",
                needs: "coordinates (a DIMACS .co file or `xy` lines)",
            });
        };
        let scale = match scale {
            Some(s) if !(s.is_finite() && s >= 0.0) => {
                return Err(QueryError::BadScale { scale: s });
            }
            Some(s) => s,
            // No arc of positive length: nothing bounds the scale, and nothing needs one.
            None if auto.is_infinite() => 1.0,
            None => auto,
        };
        Ok(GraphHeuristic::Euclidean { scale })
    }

    /// The names of the heuristics `graph` has the data for, in [`HEURISTICS`] order.
    pub fn available(graph: &Graph) -> Vec<&'static str> {
        HEURISTICS
            .into_iter()
            .filter(|name| Self::by_name(name, graph, None).is_ok())
            .collect()
    }

    /// This heuristic's name.
    pub fn name(&self) -> &'static str {
        match self {
            GraphHeuristic::Zero => "zero",
            GraphHeuristic::Euclidean { .. } => "euclidean",
            GraphHeuristic::File => "file",
        }
    }

    /// The estimate for `node` towards `goal` on `graph`. Data the graph lacks counts as 0.
    pub fn value(&self, graph: &Graph, node: NodeId, goal: NodeId) -> u64 {
        match *self {
            GraphHeuristic::Zero => 0,
            GraphHeuristic::Euclidean { scale } => match graph.coords() {
                Some(xy) => {
                    let d = scale * euclid(xy[node as usize], xy[goal as usize]);
                    // `as` saturates (and maps NaN to 0); the cap keeps g + h from overflowing.
                    (d.floor() as u64).min(MAX_WEIGHT)
                }
                None => 0,
            },
            GraphHeuristic::File => graph.h_values().map_or(0, |h| h[node as usize]),
        }
    }
}

impl Heuristic<Query> for GraphHeuristic {
    fn estimate(&self, problem: &Query, state: &NodeId) -> u64 {
        self.value(problem.graph(), *state, problem.goal())
    }
}

/// What [`check_heuristic`] found: where a heuristic overestimates and where it is not
/// consistent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeuristicCheck {
    /// Its value at the goal (0 for any admissible heuristic).
    pub goal_value: u64,
    /// Nodes that can reach the goal and whose estimate exceeds their true distance.
    pub overestimates: u64,
    /// The worst overestimate: `(node, h, true distance)`, largest `h - distance` first.
    pub worst_overestimate: Option<(NodeId, u64, u64)>,
    /// Arcs `u -> v` with `h(u) > w + h(v)`.
    pub inconsistent_arcs: u64,
    /// The first such arc in graph order: `(u, v, h(u), w, h(v))`.
    pub first_inconsistent: Option<(NodeId, NodeId, u64, u32, u64)>,
}

impl HeuristicCheck {
    /// No reachable node is overestimated: A* and IDA* return cheapest paths.
    pub fn is_admissible(&self) -> bool {
        self.overestimates == 0
    }

    /// Consistent on every arc with 0 at the goal: A* never re-opens a node.
    pub fn is_consistent(&self) -> bool {
        self.inconsistent_arcs == 0 && self.goal_value == 0
    }
}

/// Names nodes by index; [`HeuristicCheck::describe`] names them by the graph's names.
impl fmt::Display for HeuristicCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "admissible: {}, consistent: {}",
            self.is_admissible(),
            self.is_consistent()
        )
    }
}

impl HeuristicCheck {
    /// A one-line summary naming the worst nodes by their names in `graph`, for warnings.
    pub fn describe(&self, graph: &Graph) -> String {
        let mut parts = Vec::new();
        if let Some((v, h, d)) = self.worst_overestimate {
            parts.push(format!(
                "NOT admissible: {} node(s) overestimated, worst {} (h = {h}, true distance {d})",
                self.overestimates,
                graph.name(v)
            ));
        } else {
            parts.push("admissible".to_string());
        }
        if self.goal_value != 0 {
            parts.push(format!("h(goal) = {} instead of 0", self.goal_value));
        }
        if let Some((u, v, hu, w, hv)) = self.first_inconsistent {
            parts.push(format!(
                "NOT consistent on {} arc(s), e.g. {} -> {} (h {hu} > weight {w} + h {hv})",
                self.inconsistent_arcs,
                graph.name(u),
                graph.name(v)
            ));
        } else if self.goal_value == 0 {
            parts.push("consistent".to_string());
        }
        parts.join("; ")
    }
}

/// Checks `heuristic` for `query`'s goal against the true distances (Dijkstra from the goal
/// over the reversed arcs) and every arc for consistency.
///
/// Nodes that cannot reach the goal are never overestimated (their distance is infinite).
///
/// # Complexity
/// O(m log n) for the distances, plus one estimate per node and two per arc.
///
/// # Example
/// ```
/// use std::sync::Arc;
/// use searchlab_graph::{check_heuristic, parse_edge_list, GraphHeuristic};
///
/// let g = Arc::new(parse_edge_list("a b 2\nb c 2\nh a 5\n", "t.txt").unwrap());
/// let q = g.query("a", "c").unwrap();
/// let check = check_heuristic(&q, &GraphHeuristic::File);
/// assert!(!check.is_admissible()); // h(a) = 5 > 4
/// assert_eq!(check.worst_overestimate, Some((0, 5, 4)));
/// ```
pub fn check_heuristic<H>(query: &Query, heuristic: &H) -> HeuristicCheck
where
    H: Heuristic<Query> + ?Sized,
{
    let graph = query.graph();
    let dist = graph.distances_to(query.goal());
    let h: Vec<u64> = (0..graph.node_count() as NodeId)
        .map(|v| heuristic.estimate(query, &v))
        .collect();
    let mut check = HeuristicCheck {
        goal_value: h[query.goal() as usize],
        ..HeuristicCheck::default()
    };
    for (v, (&hv, &d)) in h.iter().zip(&dist).enumerate() {
        if d != UNREACHABLE && hv > d {
            check.overestimates += 1;
            let worse = check
                .worst_overestimate
                .is_none_or(|(_, wh, wd)| hv - d > wh - wd);
            if worse {
                check.worst_overestimate = Some((v as NodeId, hv, d));
            }
        }
    }
    for u in 0..graph.node_count() as NodeId {
        for (_, v, w) in graph.arcs(u) {
            let (hu, hv) = (h[u as usize], h[v as usize]);
            if hu > u64::from(w) + hv {
                check.inconsistent_arcs += 1;
                check.first_inconsistent.get_or_insert((u, v, hu, w, hv));
            }
        }
    }
    check
}

/// Warnings worth printing before searching `query`: what the graph and the heuristic mean for
/// each search. Empty when nothing needs saying (unit costs, the goal reachable, a consistent
/// heuristic).
///
/// Checking a heuristic other than zero runs [`check_heuristic`]: O(m log n), seconds on a
/// continental road network; pass `None` to skip it.
///
/// # Example
/// ```
/// use std::sync::Arc;
/// use searchlab_graph::{advice, parse_edge_list, GraphHeuristic};
///
/// let g = Arc::new(parse_edge_list("a b 2\nb c 2\nh a 9\nnode d\n", "t.txt").unwrap());
/// let notes = advice(&g.query("a", "c").unwrap(), Some(&GraphHeuristic::File));
/// assert_eq!(notes.len(), 2);
/// assert!(notes[0].starts_with("arc weights are not all 1"));
/// assert!(notes[1].starts_with("heuristic `file`: NOT admissible"));
/// assert!(advice(&g.query("a", "d").unwrap(), None)[1].starts_with("no path leads"));
/// ```
pub fn advice(query: &Query, heuristic: Option<&GraphHeuristic>) -> Vec<String> {
    let graph = query.graph();
    let mut notes = Vec::new();
    if !graph.is_unit_cost() {
        notes.push(
            "arc weights are not all 1: bfs and iddfs return a path with the fewest arcs, \
             which may not be the cheapest"
                .to_string(),
        );
    }
    if !query.goal_reachable() {
        notes.push(format!(
            "no path leads from {} to {}: every search answers \"no solution\" (the \
             depth-first ones after a reachability check)",
            graph.name(query.start()),
            graph.name(query.goal())
        ));
    }
    if let Some(h) = heuristic.filter(|h| **h != GraphHeuristic::Zero) {
        let check = check_heuristic(query, h);
        if !check.is_consistent() {
            notes.push(format!(
                "heuristic `{}`: {}",
                h.name(),
                check.describe(graph)
            ));
        }
    }
    notes
}
