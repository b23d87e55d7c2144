//! The single-agent algorithms against each other and against hand-checked graphs.

use proptest::prelude::*;
use searchlab_core::{
    Cancel, LimitKind, Limits, Outcome, Problem, Zero, astar, bfs, idastar, iddfs, replay,
};

/// A weighted directed graph given as edge lists; actions are edge indices into `edges[node]`.
#[derive(Debug)]
struct Graph {
    edges: Vec<Vec<(usize, u32)>>,
    goal: usize,
}

impl Problem for Graph {
    type State = usize;
    type Action = usize;
    type Cost = u32;
    fn is_goal(&self, s: &usize) -> bool {
        *s == self.goal
    }
    fn actions(&self, s: &usize, out: &mut Vec<usize>) {
        out.extend(0..self.edges[*s].len());
    }
    fn result(&self, s: &usize, a: &usize) -> (usize, u32) {
        self.edges[*s][*a]
    }
}

/// Dijkstra, written plainly: the oracle for optimal costs.
fn dijkstra(g: &Graph, start: usize) -> Option<u32> {
    let mut dist = vec![u32::MAX; g.edges.len()];
    let mut done = vec![false; g.edges.len()];
    dist[start] = 0;
    loop {
        let u = (0..dist.len())
            .filter(|&v| !done[v] && dist[v] != u32::MAX)
            .min_by_key(|&v| dist[v])?;
        if u == g.goal {
            return Some(dist[u]);
        }
        done[u] = true;
        for &(v, c) in &g.edges[u] {
            dist[v] = dist[v].min(dist[u] + c);
        }
    }
}

#[test]
fn astar_reopens_closed_nodes_with_an_admissible_inconsistent_heuristic() {
    // s=0, a=1, b=2, c=3, goal=4.
    // s->a 1, s->b 4, a->b 1, b->c 1, c->goal 5.  Optimum: s a b c goal = 8.
    // h(a) = 5 is admissible (a->goal = 7) but inconsistent with h(b) = 0 (5 > 1 + 0), so b is
    // first closed through s->b (g = 4) and must be re-opened when a gives g = 2.
    let g = Graph {
        edges: vec![
            vec![(1, 1), (2, 4)],
            vec![(2, 1)],
            vec![(3, 1)],
            vec![(4, 5)],
            vec![],
        ],
        goal: 4,
    };
    let h = |s: &usize| [0u32, 5, 0, 0, 0][*s];
    let run = astar(&g, &0, &h, &Limits::none());
    assert_eq!(run.outcome.cost(), Some(8));
    assert_eq!(run.outcome.actions().unwrap(), &[0, 0, 0, 0]);
    assert!(run.stats.reopened >= 1, "b must have been re-opened");
    assert_eq!(dijkstra(&g, 0), Some(8));
    // IDA* needs admissibility only.
    assert_eq!(idastar(&g, &0, &h, &Limits::none()).outcome.cost(), Some(8));
}

#[test]
fn unreachable_goal_is_no_solution_not_a_limit() {
    let g = Graph {
        edges: vec![vec![(1, 1)], vec![(0, 1)], vec![]],
        goal: 2,
    };
    assert_eq!(
        astar(&g, &0, &Zero, &Limits::none()).outcome,
        Outcome::NoSolution
    );
    assert_eq!(bfs(&g, &0, &Limits::none()).outcome, Outcome::NoSolution);
    // Depth-first searches cannot tell a cycle from progress: they need a bound, and say so.
    let bounded = Limits::none().with_max_cost(10);
    assert_eq!(
        idastar(&g, &0, &Zero, &bounded).outcome,
        Outcome::Stopped(LimitKind::Cost)
    );
    assert_eq!(
        iddfs(&g, &0, &bounded).outcome,
        Outcome::Stopped(LimitKind::Cost)
    );
    // On a finite tree they exhaust the space and say there is no solution.
    let tree = Graph {
        edges: vec![vec![(1, 1), (2, 1)], vec![], vec![]],
        goal: 3,
    };
    assert_eq!(
        idastar(&tree, &0, &Zero, &Limits::none()).outcome,
        Outcome::NoSolution
    );
    assert_eq!(
        iddfs(&tree, &0, &Limits::none()).outcome,
        Outcome::NoSolution
    );
}

fn random_graph() -> impl Strategy<Value = (Graph, Vec<u32>)> {
    (3usize..10).prop_flat_map(|n| {
        (
            proptest::collection::vec(proptest::collection::vec((0..n, 1u32..6), 0..4), n),
            proptest::collection::vec(0u32..3, n),
        )
            .prop_map(move |(edges, noise)| (Graph { edges, goal: n - 1 }, noise))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// A* with the zero heuristic and with an admissible (possibly inconsistent) one, and IDA*,
    /// all give Dijkstra's cost; every returned path replays to the goal at that cost.
    #[test]
    fn algorithms_agree_with_dijkstra((g, noise) in random_graph()) {
        let n = g.edges.len();
        let exact: Vec<Option<u32>> = (0..n).map(|s| dijkstra(&g, s)).collect();
        // Admissible but usually inconsistent: a random fraction of the true distance.
        let h = |s: &usize| exact[*s].map_or(0, |d| d * noise[*s] / 3);
        let expected = exact[0];
        let mut runs = vec![
            astar(&g, &0, &Zero, &Limits::none()),
            astar(&g, &0, &h, &Limits::none()),
        ];
        // IDA* cannot detect cycles: on a graph without a path it would enumerate every walk up
        // to its bound, so it runs where a path exists, bounded by the optimum itself.
        if let Some(cost) = expected {
            runs.push(idastar(&g, &0, &h, &Limits::none().with_max_cost(u64::from(cost))));
        }
        for run in &runs {
            match expected {
                Some(cost) => {
                    prop_assert_eq!(run.outcome.cost(), Some(cost));
                    let (end, total) = replay(&g, &0, run.outcome.actions().unwrap()).unwrap();
                    prop_assert!(g.is_goal(&end));
                    prop_assert_eq!(total, cost);
                }
                None => prop_assert!(run.outcome.cost().is_none()),
            }
        }
        // Costs too large for the bucket queue move A*'s open list to a heap: same optimum.
        let scaled = Graph {
            edges: g.edges.iter().map(|e| e.iter().map(|&(v, c)| (v, c * 10_000)).collect()).collect(),
            goal: g.goal,
        };
        prop_assert_eq!(
            astar(&scaled, &0, &Zero, &Limits::none()).outcome.cost(),
            expected.map(|c| c * 10_000)
        );
        // Mixed costs switch the open list to a heap in mid-run, with nodes on bucket lists
        // (some moved there by an improved g) that must all carry over; an inconsistent
        // heuristic then improves and re-opens nodes on the heap.
        let mixed = Graph {
            edges: g.edges.iter().map(|e| e.iter().map(|&(v, c)| (v, if c < 5 { c } else { c * 1_000 })).collect()).collect(),
            goal: g.goal,
        };
        let exact: Vec<Option<u32>> = (0..n).map(|s| dijkstra(&mixed, s)).collect();
        let h = |s: &usize| exact[*s].map_or(0, |d| d * noise[*s] / 3);
        for run in [
            astar(&mixed, &0, &Zero, &Limits::none()),
            astar(&mixed, &0, &h, &Limits::none()),
        ] {
            prop_assert_eq!(run.outcome.cost(), exact[0]);
            if let Some(actions) = run.outcome.actions() {
                prop_assert_eq!(replay(&mixed, &0, actions).unwrap().1, exact[0].unwrap());
            }
        }
        // BFS and IDDFS minimise the number of edges; on unit costs that is the optimum.
        let unit = Graph {
            edges: g.edges.iter().map(|e| e.iter().map(|&(v, _)| (v, 1)).collect()).collect(),
            goal: g.goal,
        };
        let hops = dijkstra(&unit, 0);
        let by_bfs = bfs(&unit, &0, &Limits::none());
        // A shortest path has at most n - 1 edges.
        let by_iddfs = iddfs(&unit, &0, &Limits::none().with_max_cost(n as u64 - 1));
        prop_assert_eq!(by_bfs.outcome.cost(), hops);
        prop_assert_eq!(by_iddfs.outcome.cost(), hops);
        // Both return the lexicographically smallest shortest path.
        prop_assert_eq!(by_bfs.outcome.actions(), by_iddfs.outcome.actions());
    }
}

/// A cancelled flag stops every algorithm at its first expansion, with `Cancelled`; a flag not
/// set changes nothing.
#[test]
fn a_cancel_flag_stops_every_algorithm() {
    // A line 0 -> 1 -> ... -> 50: the goal is far enough that no search ends at once.
    let g = Graph {
        edges: (0..51)
            .map(|v| if v < 50 { vec![(v + 1, 1)] } else { vec![] })
            .collect(),
        goal: 50,
    };
    let cancel = Cancel::new();
    let limits = Limits::none().with_cancel(cancel.clone());
    assert_eq!(astar(&g, &0, &Zero, &limits).outcome.cost(), Some(50));
    assert_eq!(iddfs(&g, &0, &limits).outcome.cost(), Some(50));
    cancel.cancel();
    assert!(cancel.is_cancelled());
    let stopped = Outcome::Stopped(LimitKind::Cancelled);
    assert_eq!(astar(&g, &0, &Zero, &limits).outcome, stopped);
    assert_eq!(idastar(&g, &0, &Zero, &limits).outcome, stopped);
    assert_eq!(iddfs(&g, &0, &limits).outcome, stopped);
    assert_eq!(bfs(&g, &0, &limits).outcome, stopped);
    assert_eq!(astar(&g, &0, &Zero, &limits).stats.expanded, 0);
}

/// A timeout too large for the clock is no deadline: the search runs to its answer.
#[test]
fn a_huge_timeout_is_no_deadline() {
    let g = Graph {
        edges: vec![vec![(1, 1)], vec![]],
        goal: 1,
    };
    let limits = Limits::none().with_timeout(std::time::Duration::MAX);
    assert_eq!(astar(&g, &0, &Zero, &limits).outcome.cost(), Some(1));
    assert_eq!(idastar(&g, &0, &Zero, &limits).outcome.cost(), Some(1));
}
