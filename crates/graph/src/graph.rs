//! The graph: compressed sparse rows of arcs in file order, node names, coordinates, `h` values.

use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

/// A node: its index `0..node_count()`. DIMACS node `k` is index `k - 1`; edge-list nodes are
/// numbered in the order their names first appear.
pub type NodeId = u32;

/// An arc: its index `0..arc_count()`. Arcs are grouped by tail, in file order within a tail.
pub type ArcId = u32;

/// The largest arc weight (and `h` value): `2^32 - 1`. A simple path then costs less than
/// `2^64`, so no search sum overflows its `u64` cost.
pub const MAX_WEIGHT: u64 = u32::MAX as u64;

/// The largest node or arc count: ids are 32-bit and `u32::MAX` marks "none".
pub const MAX_COUNT: u64 = u32::MAX as u64 - 1;

/// The relative margin [`Graph::admissible_scale`] takes off the tightest arc ratio, so that
/// floating-point rounding cannot make the Euclidean heuristic inconsistent.
pub const SCALE_MARGIN: f64 = 1e-5;

/// The distance of an unreachable node in [`Graph::distances_to`] and [`Graph::distances_from`].
pub const UNREACHABLE: u64 = u64::MAX;

const NONE: u32 = u32::MAX;

/// Node names of an edge-list graph, with their index for lookups.
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    list: Vec<String>,
    index: FxHashMap<String, NodeId>,
}

impl Names {
    /// The id of `name`, adding it if new.
    pub(crate) fn intern(&mut self, name: &str) -> NodeId {
        if let Some(&id) = self.index.get(name) {
            return id;
        }
        let id = self.list.len() as NodeId;
        self.list.push(name.to_string());
        self.index.insert(name.to_string(), id);
        id
    }

    pub(crate) fn get(&self, name: &str) -> Option<NodeId> {
        self.index.get(name).copied()
    }

    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }

    pub(crate) fn name(&self, id: NodeId) -> &str {
        &self.list[id as usize]
    }
}

/// A directed graph with non-negative integer arc weights, stored as compressed sparse rows.
///
/// The arcs of a node keep the order of the file they came from; that order is the order of the
/// search actions ([`crate::Query`]), so every search gives the same answer every run. Parallel
/// arcs and self-loops are kept as written: a search never profits from the dearer of two
/// parallel arcs, and it pays nothing to keep them.
///
/// Optional data: node names (edge-list graphs; DIMACS nodes are named by their numbers),
/// integer coordinates (a DIMACS `.co` file) for the Euclidean heuristic, and per-node `h`
/// values (edge-list `h` lines).
///
/// ```
/// use searchlab_graph::GraphBuilder;
///
/// let mut b = GraphBuilder::new(3);
/// b.add_arc(0, 1, 5);
/// b.add_edge(1, 2, 7); // both directions
/// let g = b.build();
/// assert_eq!((g.node_count(), g.arc_count()), (3, 3));
/// assert_eq!(g.distances_from(0), vec![0, 5, 12]);
/// assert_eq!(g.name(2), "3"); // unnamed nodes are numbered from 1, as in DIMACS
/// ```
#[derive(Clone, Debug)]
pub struct Graph {
    /// `first[u]..first[u + 1]` are the arcs of `u`.
    first: Vec<u32>,
    head: Vec<NodeId>,
    weight: Vec<u32>,
    /// For each arc `u -> v`, the first arc `v -> u` in `v`'s list, or `NONE`: the action that
    /// undoes it, which depth-first searches skip (parent pruning).
    reverse: Vec<ArcId>,
    names: Option<Names>,
    coords: Option<Vec<[i64; 2]>>,
    h: Option<Vec<u64>>,
}

/// Builds a [`Graph`] arc by arc; arcs keep the order they are added in.
#[derive(Clone, Debug, Default)]
pub struct GraphBuilder {
    nodes: u32,
    arcs: Vec<(NodeId, NodeId, u32)>,
    names: Option<Names>,
}

impl GraphBuilder {
    /// A builder for a graph of `nodes` nodes and no arcs yet.
    ///
    /// # Panics
    /// If `nodes` exceeds [`MAX_COUNT`] (parsers check before they call this).
    pub fn new(nodes: usize) -> Self {
        assert!(nodes as u64 <= MAX_COUNT, "too many nodes: {nodes}");
        GraphBuilder {
            nodes: nodes as u32,
            ..Self::default()
        }
    }

    pub(crate) fn with_names(names: Names) -> Self {
        GraphBuilder {
            nodes: names.len() as u32,
            arcs: Vec::new(),
            names: Some(names),
        }
    }

    /// Reserves room for `arcs` more arcs.
    pub fn reserve(&mut self, arcs: usize) {
        self.arcs.reserve(arcs);
    }

    /// Adds the arc `from -> to` of weight `weight`.
    ///
    /// # Panics
    /// If a node is out of range or the graph would have more than [`MAX_COUNT`] arcs.
    pub fn add_arc(&mut self, from: NodeId, to: NodeId, weight: u32) {
        assert!(
            from < self.nodes && to < self.nodes,
            "arc {from} -> {to} outside 0..{}",
            self.nodes
        );
        assert!((self.arcs.len() as u64) < MAX_COUNT, "too many arcs");
        self.arcs.push((from, to, weight));
    }

    /// Adds the arcs `a -> b` and `b -> a`, both of weight `weight`.
    pub fn add_edge(&mut self, a: NodeId, b: NodeId, weight: u32) {
        self.add_arc(a, b, weight);
        self.add_arc(b, a, weight);
    }

    /// The number of arcs added so far.
    pub fn arc_count(&self) -> usize {
        self.arcs.len()
    }

    /// The graph: a stable counting sort by tail keeps each node's arcs in the order added.
    ///
    /// # Panics
    /// If memory runs out ([`GraphBuilder::try_build`] says so instead).
    pub fn build(self) -> Graph {
        self.try_build().expect("memory for the graph")
    }

    /// [`GraphBuilder::build`], or an error when the graph's tables (about 8 bytes per node
    /// and 12 per arc) cannot be allocated: a header that declares a billion nodes is an
    /// answer ("out of memory"), not an abort (issue 32).
    ///
    /// # Errors
    /// When an allocation fails.
    pub fn try_build(self) -> Result<Graph, std::collections::TryReserveError> {
        let n = self.nodes as usize;
        let zeros = |len: usize| -> Result<Vec<u32>, std::collections::TryReserveError> {
            let mut v = Vec::new();
            v.try_reserve_exact(len)?;
            v.resize(len, 0);
            Ok(v)
        };
        let mut first = zeros(n + 1)?;
        for &(u, _, _) in &self.arcs {
            first[u as usize + 1] += 1;
        }
        for i in 0..n {
            first[i + 1] += first[i];
        }
        let mut next = zeros(n + 1)?;
        next.copy_from_slice(&first);
        let m = self.arcs.len();
        let mut head = zeros(m)?;
        let mut weight = zeros(m)?;
        for &(u, v, w) in &self.arcs {
            let slot = next[u as usize] as usize;
            next[u as usize] += 1;
            head[slot] = v;
            weight[slot] = w;
        }
        drop(self.arcs);
        drop(next);
        let reverse = reverse_arcs(&first, &head)?;
        Ok(Graph {
            first,
            head,
            weight,
            reverse,
            names: self.names,
            coords: None,
            h: None,
        })
    }
}

/// For each arc `u -> v`, the first arc `v -> u` in `v`'s list. Sorting every node's arc ids by
/// head (stable, so the first in file order wins) makes each lookup a binary search.
fn reverse_arcs(
    first: &[u32],
    head: &[NodeId],
) -> Result<Vec<ArcId>, std::collections::TryReserveError> {
    let mut by_head: Vec<ArcId> = Vec::new();
    by_head.try_reserve_exact(head.len())?;
    by_head.extend(0..head.len() as u32);
    for u in 0..first.len().saturating_sub(1) {
        let range = first[u] as usize..first[u + 1] as usize;
        by_head[range].sort_by_key(|&a| head[a as usize]);
    }
    let mut reverse = Vec::new();
    reverse.try_reserve_exact(head.len())?;
    reverse.resize(head.len(), NONE);
    for u in 0..first.len().saturating_sub(1) {
        for a in first[u]..first[u + 1] {
            let v = head[a as usize] as usize;
            let sorted = &by_head[first[v] as usize..first[v + 1] as usize];
            let at = sorted.partition_point(|&b| (head[b as usize] as usize) < u);
            if let Some(&b) = sorted.get(at)
                && head[b as usize] as usize == u
            {
                reverse[a as usize] = b;
            }
        }
    }
    Ok(reverse)
}

impl Graph {
    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.first.len() - 1
    }

    /// The number of arcs (an undirected edge counts as two).
    pub fn arc_count(&self) -> usize {
        self.head.len()
    }

    /// The arcs leaving `node`, as a range of arc ids in file order.
    pub fn arc_ids(&self, node: NodeId) -> std::ops::Range<ArcId> {
        self.first[node as usize]..self.first[node as usize + 1]
    }

    /// The arcs leaving `node` in file order: `(arc, head, weight)`.
    pub fn arcs(&self, node: NodeId) -> impl Iterator<Item = (ArcId, NodeId, u32)> + '_ {
        self.arc_ids(node)
            .map(|a| (a, self.head[a as usize], self.weight[a as usize]))
    }

    /// The node an arc leads to.
    pub fn head(&self, arc: ArcId) -> NodeId {
        self.head[arc as usize]
    }

    /// The weight of an arc.
    pub fn weight(&self, arc: ArcId) -> u32 {
        self.weight[arc as usize]
    }

    /// An arc back from the head of `arc` to its tail (the first in file order), if any.
    pub fn reverse_arc(&self, arc: ArcId) -> Option<ArcId> {
        let r = self.reverse[arc as usize];
        (r != NONE).then_some(r)
    }

    /// Whether nodes have names (edge-list graphs); DIMACS nodes are known by their numbers.
    pub fn has_names(&self) -> bool {
        self.names.is_some()
    }

    /// The name of `node`: its edge-list name, or its DIMACS number (`index + 1`).
    pub fn name(&self, node: NodeId) -> Cow<'_, str> {
        match &self.names {
            Some(names) => Cow::Borrowed(&names.list[node as usize]),
            None => Cow::Owned((u64::from(node) + 1).to_string()),
        }
    }

    /// The node called `name`: an edge-list name, or a DIMACS number in `1..=n`.
    pub fn node(&self, name: &str) -> Option<NodeId> {
        match &self.names {
            Some(names) => names.get(name),
            None => {
                let k: u64 = name.parse().ok()?;
                (1..=self.node_count() as u64)
                    .contains(&k)
                    .then(|| (k - 1) as NodeId)
            }
        }
    }

    /// The nodes of a path joined by ` -> `, by name.
    pub fn format_path(&self, nodes: &[NodeId]) -> String {
        let names: Vec<Cow<'_, str>> = nodes.iter().map(|&v| self.name(v)).collect();
        names.join(" -> ")
    }

    /// Node coordinates `[x, y]` by node index, if the graph has them.
    pub fn coords(&self) -> Option<&[[i64; 2]]> {
        self.coords.as_deref()
    }

    /// Sets the coordinates, one `[x, y]` per node.
    ///
    /// # Panics
    /// If `coords` does not have one entry per node (the `.co` parser checks this first).
    pub fn set_coords(&mut self, coords: Vec<[i64; 2]>) {
        assert_eq!(
            coords.len(),
            self.node_count(),
            "one coordinate pair per node"
        );
        self.coords = Some(coords);
    }

    /// Per-node heuristic values (edge-list `h` lines; nodes without one have 0), if given.
    pub fn h_values(&self) -> Option<&[u64]> {
        self.h.as_deref()
    }

    /// Sets per-node heuristic values, one per node.
    ///
    /// # Panics
    /// If `h` does not have one entry per node.
    pub fn set_h_values(&mut self, h: Vec<u64>) {
        assert_eq!(h.len(), self.node_count(), "one h value per node");
        self.h = Some(h);
    }

    /// One line for a report: counts, weight range, and which heuristic data the graph has.
    ///
    /// ```
    /// let g = searchlab_graph::parse_edge_list("a b 2\nb -> c 5\nh a 1\n", "t.txt").unwrap();
    /// assert_eq!(g.summary(), "3 nodes, 3 arcs, weights 2..=5, h values");
    /// ```
    pub fn summary(&self) -> String {
        let mut text = format!("{} nodes, {} arcs", self.node_count(), self.arc_count());
        if let (Some(lo), Some(hi)) = (self.weight.iter().min(), self.weight.iter().max()) {
            text += &format!(", weights {lo}..={hi}");
        }
        if self.coords.is_some() {
            text += ", coordinates";
        }
        if self.h.is_some() {
            text += ", h values";
        }
        text
    }

    /// Whether every arc weighs 1: only then is breadth-first search (fewest arcs) optimal.
    pub fn is_unit_cost(&self) -> bool {
        self.weight.iter().all(|&w| w == 1)
    }

    /// The smallest arc weight (`None` without arcs). A zero means IDA* may circle a zero-cost
    /// cycle forever within one bound, stopped only by a limit.
    pub fn min_weight(&self) -> Option<u32> {
        self.weight.iter().copied().min()
    }

    /// The Euclidean length of an arc from the coordinates.
    fn arc_length(coords: &[[i64; 2]], u: NodeId, v: NodeId) -> f64 {
        euclid(coords[u as usize], coords[v as usize])
    }

    /// The largest scale `s` for which `floor(s * euclidean distance to the goal)` is a
    /// CONSISTENT (hence admissible) heuristic on this graph, or `None` without coordinates.
    ///
    /// It is the smallest ratio `weight / length` over the arcs of positive length, less a
    /// relative [`SCALE_MARGIN`]. Why it is safe: every arc then weighs at least `s` times its
    /// length, a path at least `s` times the sum of its arcs' lengths, which is at least `s`
    /// times the straight line from its first node to its last. Per arc, `s * d(u, goal) <= s *
    /// |uv| + s * d(v, goal) <= w + s * d(v, goal)`, and flooring keeps it since `w` is an
    /// integer. Arcs of length 0 (coincident nodes) constrain nothing. `f64::INFINITY` means no
    /// arc has positive length.
    ///
    /// The margin pays for floating point: each estimate is computed with a relative error
    /// below 4e-16, so two estimates below the cap `2^32` differ from the exact ones by less
    /// than 2 * 2^32 * 4e-16 < 4e-6 in all, which the margin's `w * 1e-5 >= 1e-5` covers
    /// for every arc of weight `w >= 1` (an arc of weight 0 and positive length makes the
    /// scale 0).
    pub fn admissible_scale(&self) -> Option<f64> {
        let coords = self.coords.as_deref()?;
        let mut scale = f64::INFINITY;
        for u in 0..self.node_count() as NodeId {
            for (_, v, w) in self.arcs(u) {
                let len = Self::arc_length(coords, u, v);
                if len > 0.0 {
                    scale = scale.min(f64::from(w) / len);
                }
            }
        }
        Some(if scale.is_finite() {
            scale * (1.0 - SCALE_MARGIN)
        } else {
            scale
        })
    }

    /// Shortest-path costs FROM `start` to every node (Dijkstra), [`UNREACHABLE`] where no path
    /// exists. An oracle independent of the core searches, used to check them.
    pub fn distances_from(&self, start: NodeId) -> Vec<u64> {
        dijkstra(self.node_count(), start, |u, out| {
            out.extend(self.arcs(u).map(|(_, v, w)| (v, w)))
        })
    }

    /// Shortest-path costs from every node TO `goal` (Dijkstra on the reversed arcs),
    /// [`UNREACHABLE`] where no path exists: the perfect heuristic, used to check others.
    pub fn distances_to(&self, goal: NodeId) -> Vec<u64> {
        // The reversed graph as compressed rows: tails grouped by head.
        let n = self.node_count();
        let mut first = vec![0u32; n + 1];
        for &v in &self.head {
            first[v as usize + 1] += 1;
        }
        for i in 0..n {
            first[i + 1] += first[i];
        }
        let mut next = first.clone();
        let mut tail = vec![0 as NodeId; self.arc_count()];
        let mut weight = vec![0u32; self.arc_count()];
        for u in 0..n as NodeId {
            for (_, v, w) in self.arcs(u) {
                let slot = next[v as usize] as usize;
                next[v as usize] += 1;
                tail[slot] = u;
                weight[slot] = w;
            }
        }
        dijkstra(n, goal, |v, out| {
            let range = first[v as usize] as usize..first[v as usize + 1] as usize;
            out.extend(
                tail[range.clone()]
                    .iter()
                    .copied()
                    .zip(weight[range].iter().copied()),
            )
        })
    }

    /// Whether some path leads from `from` to `to` (a breadth-first sweep, O(n + m)). Lets a
    /// caller answer "no solution" before starting IDA*, which cannot prove it on a graph with
    /// cycles.
    pub fn reaches(&self, from: NodeId, to: NodeId) -> bool {
        let mut seen = vec![false; self.node_count()];
        let mut stack = vec![from];
        seen[from as usize] = true;
        while let Some(u) = stack.pop() {
            if u == to {
                return true;
            }
            for (_, v, _) in self.arcs(u) {
                if !std::mem::replace(&mut seen[v as usize], true) {
                    stack.push(v);
                }
            }
        }
        false
    }
}

/// The Euclidean distance between two integer points, exact up to f64 rounding.
pub(crate) fn euclid(a: [i64; 2], b: [i64; 2]) -> f64 {
    let dx = (a[0] - b[0]) as f64;
    let dy = (a[1] - b[1]) as f64;
    dx.hypot(dy)
}

/// Dijkstra's algorithm with lazy deletion over any adjacency function.
fn dijkstra(
    n: usize,
    source: NodeId,
    mut neighbours: impl FnMut(NodeId, &mut Vec<(NodeId, u32)>),
) -> Vec<u64> {
    let mut dist = vec![UNREACHABLE; n];
    let mut heap = BinaryHeap::new();
    let mut out = Vec::new();
    dist[source as usize] = 0;
    heap.push(Reverse((0u64, source)));
    while let Some(Reverse((d, u))) = heap.pop() {
        if d > dist[u as usize] {
            continue;
        }
        out.clear();
        neighbours(u, &mut out);
        for &(v, w) in &out {
            let nd = d + u64::from(w);
            if nd < dist[v as usize] {
                dist[v as usize] = nd;
                heap.push(Reverse((nd, v)));
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_arc_is_the_first_arc_back() {
        let mut b = GraphBuilder::new(3);
        b.add_arc(0, 1, 4);
        b.add_arc(1, 2, 1);
        b.add_arc(1, 0, 9); // arc 2
        b.add_arc(1, 0, 3); // arc 3, parallel: not the first back
        let g = b.build();
        // Arcs of node 1 in file order: 1->2 (id 1), 1->0 (id 2), 1->0 (id 3).
        assert_eq!(g.reverse_arc(0), Some(2));
        assert_eq!(g.reverse_arc(2), Some(0));
        assert_eq!(g.reverse_arc(3), Some(0));
        assert_eq!(g.reverse_arc(1), None);
    }

    #[test]
    fn distances_both_ways() {
        let mut b = GraphBuilder::new(4);
        b.add_arc(0, 1, 2);
        b.add_arc(1, 2, 3);
        b.add_arc(0, 2, 7);
        let g = b.build();
        assert_eq!(g.distances_from(0), vec![0, 2, 5, UNREACHABLE]);
        assert_eq!(g.distances_to(2), vec![5, 3, 0, UNREACHABLE]);
        assert!(g.reaches(0, 2) && !g.reaches(2, 0) && !g.reaches(0, 3));
    }

    #[test]
    fn admissible_scale_is_the_tightest_arc_ratio() {
        let mut b = GraphBuilder::new(3);
        b.add_arc(0, 1, 10); // length 5: ratio 2
        b.add_arc(1, 2, 3); // length 5: ratio 0.6
        let mut g = b.build();
        assert_eq!(g.admissible_scale(), None);
        g.set_coords(vec![[0, 0], [3, 4], [6, 8]]);
        let s = g.admissible_scale().unwrap();
        assert!((0.6 * (1.0 - 2.0 * SCALE_MARGIN)..0.6).contains(&s));
    }
}
