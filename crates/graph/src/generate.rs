//! Seeded random graphs, so tests and benches can make large inputs without shipping them.

use searchlab_core::SplitMix64;

use crate::graph::{Graph, GraphBuilder, MAX_WEIGHT, NodeId, euclid};

/// A recipe for a random geometric graph, in one of two layouts:
///
/// * scattered (the default): nodes at random points, a random spanning tree of two-way edges
///   (so every node reaches every other), then extra arcs between random nodes. Paths are few
///   arcs long (the tree is shallow), so it tests more than it benchmarks.
/// * `grid`: road-like. Node `i` sits at a random point of cell `(i % w, i / w)` of a
///   `w x w` grid (`w = ceil(sqrt(nodes))`), with two-way edges to its left and upper
///   neighbours (connected), and extra arcs to random diagonal neighbours. Paths are long and
///   local, as on road maps, so the Euclidean heuristic pays off as it does there.
///
/// Unless `unit` is set, an arc weighs at least 1 and at least its Euclidean length (rounded
/// up), plus a random slack: so the Euclidean heuristic with scale 1 is admissible and
/// consistent, and no zero-weight cycle can trap IDA*. The same recipe and seed give the same
/// graph in every version (the generator is [`SplitMix64`]).
///
/// ```
/// use searchlab_graph::RandomGraph;
///
/// let g = RandomGraph { nodes: 1000, extra_arcs: 2000, ..RandomGraph::new(1000, 42) }.generate();
/// assert_eq!(g.arc_count(), 2 * 999 + 2 * 2000); // tree edges and extras, both ways
/// assert!(g.admissible_scale().unwrap() >= 1.0 - 2e-5);
/// assert!(g.distances_from(0).iter().all(|&d| d != searchlab_graph::UNREACHABLE));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomGraph {
    /// Number of nodes.
    pub nodes: usize,
    /// Extra edges (or arcs, when `directed`) beyond the spanning tree.
    pub extra_arcs: usize,
    /// Extra arcs are one-way instead of two-way edges.
    pub directed: bool,
    /// Coordinates are drawn from `0..side` on both axes.
    pub side: u32,
    /// Each weight gets a random extra in `0..=slack`.
    pub slack: u32,
    /// Every arc weighs 1 (coordinates are still drawn).
    pub unit: bool,
    /// The road-like grid layout instead of the scattered one.
    pub grid: bool,
    /// The random seed.
    pub seed: u64,
}

impl RandomGraph {
    /// `nodes` nodes, about four arcs per node, undirected, side 1000, slack 10, seed `seed`.
    pub fn new(nodes: usize, seed: u64) -> Self {
        RandomGraph {
            nodes,
            extra_arcs: nodes,
            directed: false,
            side: 1000,
            slack: 10,
            unit: false,
            grid: false,
            seed,
        }
    }

    /// The graph, with its coordinates.
    pub fn generate(&self) -> Graph {
        let mut rng = SplitMix64::new(self.seed);
        let n = self.nodes;
        let side = u64::from(self.side.max(1));
        let width = (1..).find(|w: &usize| w * w >= n).unwrap_or(1);
        let cell = (side / width as u64).max(1);
        let coords: Vec<[i64; 2]> = (0..n)
            .map(|i| {
                if self.grid {
                    let (col, row) = ((i % width) as u64, (i / width) as u64);
                    [
                        (col * cell + rng.below(cell)) as i64,
                        (row * cell + rng.below(cell)) as i64,
                    ]
                } else {
                    [rng.below(side) as i64, rng.below(side) as i64]
                }
            })
            .collect();
        let weight = |rng: &mut SplitMix64, u: NodeId, v: NodeId| -> u32 {
            if self.unit {
                return 1;
            }
            let len = euclid(coords[u as usize], coords[v as usize]).ceil() as u64;
            let w = len.max(1) + rng.below(u64::from(self.slack) + 1);
            w.min(MAX_WEIGHT) as u32
        };
        let mut b = GraphBuilder::new(n);
        if self.grid {
            for i in 0..n {
                let v = i as NodeId;
                if i % width > 0 {
                    let w = weight(&mut rng, v, v - 1);
                    b.add_edge(v, v - 1, w);
                }
                if i >= width {
                    let up = (i - width) as NodeId;
                    let w = weight(&mut rng, v, up);
                    b.add_edge(v, up, w);
                }
            }
            if n > width {
                for _ in 0..self.extra_arcs {
                    // A node below the first row and one of its two upper diagonals.
                    let i = width + rng.below((n - width) as u64) as usize;
                    let col = i % width;
                    let right = rng.below(2) == 1;
                    let j = match (right, col) {
                        (false, 0) => continue,
                        (true, c) if c + 1 == width => continue,
                        (false, _) => i - width - 1,
                        (true, _) => i - width + 1,
                    };
                    let (u, v) = (i as NodeId, j as NodeId);
                    let w = weight(&mut rng, u, v);
                    if self.directed {
                        b.add_arc(u, v, w);
                    } else {
                        b.add_edge(u, v, w);
                    }
                }
            }
        } else {
            let mut order: Vec<NodeId> = (0..n as NodeId).collect();
            rng.shuffle(&mut order);
            for i in 1..n {
                let parent = order[rng.below(i as u64) as usize];
                let w = weight(&mut rng, order[i], parent);
                b.add_edge(order[i], parent, w);
            }
            if n >= 2 {
                for _ in 0..self.extra_arcs {
                    let u = rng.below(n as u64) as NodeId;
                    // Any node but u: no self-loops.
                    let mut v = rng.below(n as u64 - 1) as NodeId;
                    if v >= u {
                        v += 1;
                    }
                    let w = weight(&mut rng, u, v);
                    if self.directed {
                        b.add_arc(u, v, w);
                    } else {
                        b.add_edge(u, v, w);
                    }
                }
            }
        }
        let mut g = b.build();
        g.set_coords(coords);
        g
    }
}
