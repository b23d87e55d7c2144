//! The searches check each other on random graphs: A* (zero, Euclidean, perfect heuristic) =
//! IDA* = Dijkstra (our own, independent of the core), BFS = IDDFS in arcs, unreachable goals
//! answered as such, and heuristics checked against the true distances.

use std::sync::Arc;

use proptest::prelude::*;
use searchlab_core::{
    Limits, Outcome, Problem, SplitMix64, Zero, astar, bfs, idastar, iddfs, replay,
};
use searchlab_graph::{
    Graph, GraphBuilder, GraphHeuristic, NodeId, Query, RandomGraph, Step, UNREACHABLE,
    check_heuristic,
};

/// A random graph whose arcs weigh 10..=20 and at least their length: IDA* stays fast (paths
/// within a cost bound are short), the Euclidean scale 1 is consistent, and some goals may be
/// unreachable (arcs are one-way and random).
fn small_graph(seed: u64, nodes: usize, arcs: usize) -> Arc<Graph> {
    let mut rng = SplitMix64::new(seed);
    let coords: Vec<[i64; 2]> = (0..nodes)
        .map(|_| [rng.below(10) as i64, rng.below(10) as i64])
        .collect();
    let mut b = GraphBuilder::new(nodes);
    for _ in 0..arcs {
        let u = rng.below(nodes as u64) as NodeId;
        let v = rng.below(nodes as u64) as NodeId;
        let [dx, dy] = [
            coords[u as usize][0] - coords[v as usize][0],
            coords[u as usize][1] - coords[v as usize][1],
        ];
        let len = ((dx * dx + dy * dy) as f64).sqrt().ceil() as u32;
        let w = (10 + rng.below(11) as u32).max(len);
        if rng.below(2) == 0 {
            b.add_edge(u, v, w);
        } else {
            b.add_arc(u, v, w);
        }
    }
    let mut g = b.build();
    g.set_coords(coords);
    Arc::new(g)
}

/// The cost of a solved outcome after replaying it to the goal; `None` for "no solution".
fn checked_cost(q: &Query, outcome: &Outcome<Step, u64>) -> Option<u64> {
    match outcome {
        Outcome::Solved { actions, cost } => {
            let (end, total) = replay(q, &q.start(), actions).expect("a path of real arcs");
            assert!(q.is_goal(&end));
            assert_eq!(total, *cost);
            Some(*cost)
        }
        Outcome::NoSolution => None,
        Outcome::Stopped(kind) => panic!("stopped by {kind}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn astar_idastar_dijkstra_agree(seed in any::<u64>(), nodes in 1usize..9, arcs in 0usize..16) {
        let g = small_graph(seed, nodes, arcs);
        let from = (seed % nodes as u64) as NodeId;
        let to = ((seed >> 32) % nodes as u64) as NodeId;
        let q = Query::new(Arc::clone(&g), from, to);
        let truth = g.distances_from(from)[to as usize];
        prop_assert_eq!(g.distances_to(to)[from as usize], truth);
        let expect = (truth != UNREACHABLE).then_some(truth);
        prop_assert_eq!(q.goal_reachable(), expect.is_some());
        let limits = Limits::none();
        let euclid = GraphHeuristic::euclidean(&g, Some(1.0)).unwrap();
        prop_assert!(check_heuristic(&q, &euclid).is_consistent());
        let auto = GraphHeuristic::euclidean(&g, None).unwrap();
        prop_assert!(check_heuristic(&q, &auto).is_consistent());
        let dist = g.distances_to(to);
        let perfect = |v: &NodeId| if dist[*v as usize] == UNREACHABLE { 0 } else { dist[*v as usize] };
        prop_assert_eq!(checked_cost(&q, &astar(&q, &from, &Zero, &limits).outcome), expect);
        prop_assert_eq!(checked_cost(&q, &astar(&q, &from, &euclid, &limits).outcome), expect);
        prop_assert_eq!(checked_cost(&q, &astar(&q, &from, &auto, &limits).outcome), expect);
        prop_assert_eq!(checked_cost(&q, &astar(&q, &from, &perfect, &limits).outcome), expect);
        // IDA* cannot prove "no path" on a cyclic graph: only ask it when there is one.
        if let Some(cost) = expect {
            let run = idastar(&q, &from, &Zero, &limits);
            prop_assert_eq!(checked_cost(&q, &run.outcome), Some(cost));
            let run = idastar(&q, &from, &euclid, &limits);
            prop_assert_eq!(checked_cost(&q, &run.outcome), Some(cost));
            let run = idastar(&q, &from, &perfect, &limits);
            prop_assert_eq!(checked_cost(&q, &run.outcome), Some(cost));
            prop_assert_eq!(run.stats.iterations.len(), 1); // the exact h needs one bound
        }
    }

    #[test]
    fn unit_costs_bfs_iddfs_astar_agree(seed in any::<u64>(), nodes in 2usize..40, extra in 0usize..40) {
        let g = Arc::new(RandomGraph { unit: true, extra_arcs: extra, directed: seed % 2 == 0, ..RandomGraph::new(nodes, seed) }.generate());
        prop_assert!(g.is_unit_cost());
        let from = (seed % nodes as u64) as NodeId;
        let to = ((seed >> 32) % nodes as u64) as NodeId;
        let q = Query::new(Arc::clone(&g), from, to);
        let truth = Some(g.distances_from(from)[to as usize]); // connected: always reachable
        let limits = Limits::none();
        let b = bfs(&q, &from, &limits);
        prop_assert_eq!(checked_cost(&q, &b.outcome), truth);
        let d = iddfs(&q, &from, &limits);
        prop_assert_eq!(checked_cost(&q, &d.outcome), truth);
        prop_assert_eq!(checked_cost(&q, &astar(&q, &from, &Zero, &limits).outcome), truth);
        // Both give the first shortest path in arc order.
        prop_assert_eq!(b.outcome.actions(), d.outcome.actions());
    }

    #[test]
    fn generated_graphs_are_connected_and_euclid_is_admissible(seed in any::<u64>(), nodes in 1usize..200, extra in 0usize..300, directed: bool, grid: bool, side in 1u32..2000) {
        let g = Arc::new(RandomGraph { extra_arcs: extra, directed, grid, side, ..RandomGraph::new(nodes, seed) }.generate());
        prop_assert!(g.distances_from(0).iter().all(|&d| d != UNREACHABLE));
        prop_assert!(g.min_weight().is_none_or(|w| w >= 1));
        let q = Query::new(Arc::clone(&g), 0, (seed % nodes as u64) as NodeId);
        let h = GraphHeuristic::euclidean(&g, Some(1.0)).unwrap();
        let check = check_heuristic(&q, &h);
        prop_assert!(check.is_admissible() && check.is_consistent(), "{}", check.describe(&g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Far-apart 32-bit coordinates and weights much smaller or larger than the lengths: the
    /// computed scale still gives a consistent heuristic (the margin covers rounding).
    #[test]
    fn computed_scale_is_consistent_under_rounding(seed in any::<u64>(), nodes in 2usize..60, arcs in 1usize..200, ratio_exp in -9i32..3) {
        let mut rng = SplitMix64::new(seed);
        let span = 1u64 << 32;
        let coords: Vec<[i64; 2]> = (0..nodes)
            .map(|_| [rng.below(span) as i64 - (1 << 31), rng.below(span) as i64 - (1 << 31)])
            .collect();
        let mut b = GraphBuilder::new(nodes);
        for _ in 0..arcs {
            let u = rng.below(nodes as u64) as NodeId;
            let v = rng.below(nodes as u64) as NodeId;
            let [a, c] = [coords[u as usize], coords[v as usize]];
            let len = ((a[0] - c[0]) as f64).hypot((a[1] - c[1]) as f64);
            let ratio = 10f64.powi(ratio_exp) * (1.0 + rng.below(1000) as f64 / 1000.0);
            let w = (len * ratio).clamp(1.0, u32::MAX as f64) as u32;
            b.add_arc(u, v, w);
        }
        let mut g = b.build();
        g.set_coords(coords);
        let g = Arc::new(g);
        let h = GraphHeuristic::euclidean(&g, None).unwrap();
        for goal in 0..nodes.min(5) as NodeId {
            let q = Query::new(Arc::clone(&g), 0, goal);
            let check = check_heuristic(&q, &h);
            prop_assert!(check.is_consistent() && check.is_admissible(), "{}", check.describe(&g));
        }
    }
}

#[test]
fn large_generated_graph_astar_euclid_beats_dijkstra() {
    // 100 000 nodes, about 400 000 arcs: A* with the Euclidean heuristic finds Dijkstra's cost
    // and expands fewer nodes.
    let g = Arc::new(
        RandomGraph {
            extra_arcs: 100_000,
            ..RandomGraph::new(100_000, 2026)
        }
        .generate(),
    );
    let (from, to) = (17, 99_999);
    let q = Query::new(Arc::clone(&g), from, to);
    let truth = g.distances_from(from)[to as usize];
    let h = GraphHeuristic::euclidean(&g, None).unwrap();
    let limits = Limits::none();
    let informed = astar(&q, &from, &h, &limits);
    let blind = astar(&q, &from, &Zero, &limits);
    assert_eq!(checked_cost(&q, &informed.outcome), Some(truth));
    assert_eq!(checked_cost(&q, &blind.outcome), Some(truth));
    assert!(
        informed.stats.expanded < blind.stats.expanded,
        "{} vs {}",
        informed.stats.expanded,
        blind.stats.expanded
    );
}

#[test]
fn limits_stop_searches_on_graphs() {
    let g = Arc::new(RandomGraph::new(5_000, 3).generate());
    let q = Query::new(Arc::clone(&g), 0, 4_999);
    let limits = Limits::none().with_max_expanded(10);
    for outcome in [
        astar(&q, &0, &Zero, &limits).outcome,
        idastar(&q, &0, &Zero, &limits).outcome,
        bfs(&q, &0, &limits).outcome,
        iddfs(&q, &0, &limits).outcome,
    ] {
        assert_eq!(outcome, Outcome::Stopped(searchlab_core::LimitKind::Nodes));
    }
}
