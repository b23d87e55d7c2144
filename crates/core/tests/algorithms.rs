//! The algorithms of issue 16 (ucs, greedy, wastar, beam, rbfs, dfbnb, bibfs, mm, fringe)
//! against a plain Dijkstra oracle and each other on random graphs with random non-negative
//! costs (zero included) and random admissible heuristics; their limits and refusals.

use std::num::NonZeroUsize;

use proptest::prelude::*;
use searchlab_core::{
    BidirectionalError, Cancel, Heuristic, InitialBound, LimitKind, Limits, Outcome, Problem,
    SearchResult, Weight, Zero, astar, beam, bfs, bibfs, check_bidirectional, dfbnb, fringe,
    greedy, mm, rbfs, replay, ucs, wastar,
};

/// A weighted directed graph given as edge lists; actions are edge indices into `edges[node]`.
#[derive(Debug, Clone)]
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
    fn goal_state(&self) -> Option<usize> {
        Some(self.goal)
    }
    fn has_predecessors(&self) -> bool {
        true
    }
    fn predecessors(&self, s: &usize, out: &mut Vec<(usize, usize, u32)>) {
        for (u, edges) in self.edges.iter().enumerate() {
            for (i, &(v, c)) in edges.iter().enumerate() {
                if v == *s {
                    out.push((u, i, c));
                }
            }
        }
    }
}

/// Dijkstra from `start` written plainly: the distance to every node.
fn distances_from(g: &Graph, start: usize) -> Vec<Option<u32>> {
    let n = g.edges.len();
    let mut dist = vec![u32::MAX; n];
    let mut done = vec![false; n];
    dist[start] = 0;
    while let Some(u) = (0..n)
        .filter(|&v| !done[v] && dist[v] != u32::MAX)
        .min_by_key(|&v| dist[v])
    {
        done[u] = true;
        for &(v, c) in &g.edges[u] {
            dist[v] = dist[v].min(dist[u] + c);
        }
    }
    dist.into_iter()
        .map(|d| (d != u32::MAX).then_some(d))
        .collect()
}

/// An admissible (usually inconsistent) heuristic: a random fraction of the true distance to
/// the goal, and of the true distance from the start for [`Heuristic::estimate_between`].
struct Noisy {
    start: usize,
    to_goal: Vec<u32>,
    from_start: Vec<u32>,
}

impl Noisy {
    fn new(g: &Graph, start: usize, noise: &[u32]) -> Self {
        let n = g.edges.len();
        let to_goal = (0..n)
            .map(|s| distances_from(g, s)[g.goal].map_or(0, |d| d * noise[s] / 3))
            .collect();
        let from = distances_from(g, start);
        let from_start = (0..n)
            .map(|s| from[s].map_or(0, |d| d * noise[(s + 1) % n] / 3))
            .collect();
        Noisy {
            start,
            to_goal,
            from_start,
        }
    }
}

impl Heuristic<Graph> for Noisy {
    fn estimate(&self, _: &Graph, s: &usize) -> u32 {
        self.to_goal[*s]
    }
    fn estimate_between(&self, _: &Graph, from: &usize, to: &usize) -> Option<u32> {
        (*from == self.start).then(|| self.from_start[*to])
    }
}

/// Checks that `run` solved at `cost` (or did not solve when `cost` is `None`) with a path
/// that replays to the goal at the cost it reports.
fn check(
    g: &Graph,
    name: &str,
    run: &SearchResult<usize, u32>,
    cost: Option<u32>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(run.outcome.cost(), cost, "{}", name);
    if let Some(actions) = run.outcome.actions() {
        let (end, total) = replay(g, &0, actions).unwrap();
        prop_assert!(
            g.is_goal(&end),
            "{}: the path does not reach the goal",
            name
        );
        prop_assert_eq!(Some(total), run.outcome.cost(), "{}: reported cost", name);
    }
    Ok(())
}

/// Like [`check`] for algorithms with no optimality promise: a goal reached, at a replayed
/// cost at least the optimum.
fn check_valid(
    g: &Graph,
    name: &str,
    run: &SearchResult<usize, u32>,
    optimum: Option<u32>,
) -> Result<(), TestCaseError> {
    if let Some(actions) = run.outcome.actions() {
        let (end, total) = replay(g, &0, actions).unwrap();
        prop_assert!(
            g.is_goal(&end),
            "{}: the path does not reach the goal",
            name
        );
        prop_assert_eq!(Some(total), run.outcome.cost(), "{}: reported cost", name);
        prop_assert!(Some(total) >= optimum, "{}: below the optimum", name);
    } else if run.outcome == Outcome::NoSolution {
        prop_assert_eq!(optimum, None, "{}: claims no solution", name);
    }
    Ok(())
}

fn random_graph(costs: std::ops::Range<u32>) -> impl Strategy<Value = (Graph, Vec<u32>)> {
    (3usize..10).prop_flat_map(move |n| {
        (
            proptest::collection::vec(proptest::collection::vec((0..n, costs.clone()), 0..4), n),
            proptest::collection::vec(0u32..4, n),
        )
            .prop_map(move |(edges, noise)| (Graph { edges, goal: n - 1 }, noise))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every optimal algorithm gives Dijkstra's cost, with costs 0..=5 and an admissible,
    /// usually inconsistent heuristic; weighted A* stays within its weight; greedy and beam
    /// return valid paths and never claim "no solution" when there is one.
    #[test]
    fn optimal_algorithms_agree_with_dijkstra((g, noise) in random_graph(0..6)) {
        let expected = distances_from(&g, 0)[g.goal];
        let h = Noisy::new(&g, 0, &noise);
        let none = Limits::none();
        check(&g, "ucs", &ucs(&g, &0, &none), expected)?;
        check(&g, "astar", &astar(&g, &0, &h, &none), expected)?;
        check(&g, "wastar w=1", &wastar(&g, &0, &h, Weight::ONE, &none), expected)?;
        check(&g, "fringe", &fringe(&g, &0, &h, &none), expected)?;
        check(&g, "fringe h=0", &fringe(&g, &0, &Zero, &none), expected)?;
        check(&g, "mm", &mm(&g, &0, &h, &none).unwrap(), expected)?;
        check(&g, "mm0", &mm(&g, &0, &Zero, &none).unwrap(), expected)?;
        // The depth-first ones cannot tell a cycle from progress: they run bounded, by the
        // optimum itself where there is a path, else by a small bound (and must not solve).
        let bound = Limits::none().with_max_cost(u64::from(expected.unwrap_or(4)));
        check(&g, "rbfs", &rbfs(&g, &0, &h, &bound), expected)?;
        check(&g, "dfbnb", &dfbnb(&g, &0, &h, InitialBound::MaxCost, &bound), expected)?;
        check(&g, "dfbnb greedy", &dfbnb(&g, &0, &h, InitialBound::Greedy, &bound), expected)?;
        if expected.is_some() {
            // Seeded by greedy alone, no other bound: the first incumbent bounds the search.
            check(&g, "dfbnb greedy unbounded", &dfbnb(&g, &0, &h, InitialBound::Greedy, &none), expected)?;
        } else {
            // Best-first searches exhaust the graph and say so.
            prop_assert_eq!(ucs(&g, &0, &none).outcome, Outcome::NoSolution);
            prop_assert_eq!(fringe(&g, &0, &h, &none).outcome, Outcome::NoSolution);
            prop_assert_eq!(mm(&g, &0, &h, &none).unwrap().outcome, Outcome::NoSolution);
        }
        for w in ["1.5", "2", "3", "7/3"] {
            let w: Weight = w.parse().unwrap();
            let run = wastar(&g, &0, &h, w, &none);
            check_valid(&g, "wastar", &run, expected)?;
            prop_assert_eq!(run.outcome.cost().is_some(), expected.is_some());
            if let (Some(cost), Some(opt)) = (run.outcome.cost(), expected) {
                prop_assert!(w.bounds(u64::from(cost), u64::from(opt)), "w={} cost {} opt {}", w, cost, opt);
            }
        }
        let run = greedy(&g, &0, &h, &none);
        check_valid(&g, "greedy", &run, expected)?;
        prop_assert_eq!(run.outcome.cost().is_some(), expected.is_some());
        for width in [1, 2, 100] {
            let run = beam(&g, &0, &h, NonZeroUsize::new(width).unwrap(), &none);
            check_valid(&g, "beam", &run, expected)?;
            if width >= g.edges.len() * 4 {
                // Nothing is ever dropped: beam is then a complete (layered) search.
                prop_assert_eq!(run.outcome.cost().is_some(), expected.is_some());
            }
        }
    }

    /// Costs of tens of thousands: MM's priorities pass its bucket range (2^16), so its queues
    /// mix buckets and the heap above them; it stays optimal.
    #[test]
    fn mm_is_optimal_when_priorities_pass_the_buckets((g, noise) in random_graph(0..40_000)) {
        let expected = distances_from(&g, 0)[g.goal];
        let h = Noisy::new(&g, 0, &noise);
        let none = Limits::none();
        check(&g, "mm", &mm(&g, &0, &h, &none).unwrap(), expected)?;
        check(&g, "mm0", &mm(&g, &0, &Zero, &none).unwrap(), expected)?;
    }

    /// Unit costs: bidirectional BFS, BFS, UCS and MM give the fewest actions.
    #[test]
    fn unit_cost_algorithms_agree((g, noise) in random_graph(1..2)) {
        let expected = distances_from(&g, 0)[g.goal];
        let h = Noisy::new(&g, 0, &noise);
        let none = Limits::none();
        check(&g, "bfs", &bfs(&g, &0, &none), expected)?;
        check(&g, "bibfs", &bibfs(&g, &0, &none).unwrap(), expected)?;
        check(&g, "ucs", &ucs(&g, &0, &none), expected)?;
        check(&g, "mm", &mm(&g, &0, &h, &none).unwrap(), expected)?;
        if let Some(cost) = expected {
            // A depth bound just at the optimum still finds it; one below stops on the bound.
            let at = Limits::none().with_max_cost(u64::from(cost));
            check(&g, "bibfs bounded", &bibfs(&g, &0, &at).unwrap(), expected)?;
            if cost > 0 {
                let below = Limits::none().with_max_cost(u64::from(cost - 1));
                prop_assert_eq!(bibfs(&g, &0, &below).unwrap().outcome, Outcome::Stopped(LimitKind::Cost));
            }
        } else {
            prop_assert_eq!(bibfs(&g, &0, &none).unwrap().outcome, Outcome::NoSolution);
        }
    }
}

/// A line 0 -> 1 -> ... -> 50 (with edges back) as a graph: far enough that no search ends at
/// once.
fn line() -> Graph {
    Graph {
        edges: (0..51)
            .map(|v| {
                let mut e = vec![];
                if v < 50 {
                    e.push((v + 1, 1));
                }
                if v > 0 {
                    e.push((v - 1, 1));
                }
                e
            })
            .collect(),
        goal: 50,
    }
}

type Run = SearchResult<usize, u32>;

/// Every new algorithm, by name, under `limits` (the bidirectional ones unwrapped), with the
/// exact distance to the line's end as heuristic (with none, the depth-first ones would try
/// every walk back and forth).
fn all_runs(g: &Graph, limits: &Limits) -> Vec<(&'static str, Run)> {
    let w: Weight = "2".parse().unwrap();
    let width = NonZeroUsize::new(3).unwrap();
    let h = |s: &usize| 50 - *s as u32;
    vec![
        ("ucs", ucs(g, &0, limits)),
        ("greedy", greedy(g, &0, &h, limits)),
        ("wastar", wastar(g, &0, &h, w, limits)),
        ("beam", beam(g, &0, &h, width, limits)),
        ("rbfs", rbfs(g, &0, &h, limits)),
        ("dfbnb", dfbnb(g, &0, &h, InitialBound::Greedy, limits)),
        ("bibfs", bibfs(g, &0, limits).unwrap()),
        ("mm", mm(g, &0, &h, limits).unwrap()),
        ("fringe", fringe(g, &0, &h, limits)),
    ]
}

#[test]
fn limits_stop_every_algorithm_with_the_right_kind() {
    let g = line();
    for (name, run) in all_runs(&g, &Limits::none()) {
        assert_eq!(run.outcome.cost(), Some(50), "{name}");
    }
    let cancel = Cancel::new();
    cancel.cancel();
    for (name, run) in all_runs(&g, &Limits::none().with_cancel(cancel)) {
        assert_eq!(
            run.outcome,
            Outcome::Stopped(LimitKind::Cancelled),
            "{name}"
        );
    }
    for (name, run) in all_runs(&g, &Limits::none().with_max_expanded(10)) {
        assert_eq!(run.outcome, Outcome::Stopped(LimitKind::Nodes), "{name}");
        assert!(run.stats.expanded <= 10, "{name}: {}", run.stats.expanded);
    }
    // The searches that grow tables stop on memory (rbfs and dfbnb are linear: their greedy
    // seed grows, though, so dfbnb with a greedy start stops too).
    for (name, run) in all_runs(&g, &Limits::none().with_max_memory(200)) {
        if name == "rbfs" {
            assert_eq!(run.outcome.cost(), Some(50), "{name}");
        } else {
            assert_eq!(run.outcome, Outcome::Stopped(LimitKind::Memory), "{name}");
        }
    }
    // A cost bound below the optimum: every one says so (beam and greedy included).
    for (name, run) in all_runs(&g, &Limits::none().with_max_cost(49)) {
        assert_eq!(run.outcome, Outcome::Stopped(LimitKind::Cost), "{name}");
    }
}

#[test]
fn ucs_stops_when_the_goal_is_settled_not_generated() {
    // 0 -> goal 2 directly at cost 10, or via 1 at 1 + 1: the goal is generated first at 10,
    // but settled at 2.
    let g = Graph {
        edges: vec![vec![(2, 10), (1, 1)], vec![(2, 1)], vec![]],
        goal: 2,
    };
    let run = ucs(&g, &0, &Limits::none());
    assert_eq!(run.outcome.cost(), Some(2));
    assert_eq!(run.outcome.actions().unwrap(), &[1, 0]);
    // Settled: 0 and 1; the goal is not counted as expanded.
    assert_eq!(run.stats.expanded, 2);
}

#[test]
fn beam_that_drops_the_only_path_reports_it_and_never_claims_no_solution() {
    // From 0: a dead end 1 that looks close (h = 0) and the real way 2 -> 3 (h(2) = 5).
    let g = Graph {
        edges: vec![vec![(1, 1), (2, 1)], vec![], vec![(3, 1)], vec![]],
        goal: 3,
    };
    let h = |s: &usize| [2u32, 0, 1, 0][*s];
    let one = NonZeroUsize::new(1).unwrap();
    let run = beam(&g, &0, &h, one, &Limits::none());
    assert_eq!(run.outcome, Outcome::Stopped(LimitKind::Memory));
    let two = NonZeroUsize::new(2).unwrap();
    assert_eq!(
        beam(&g, &0, &h, two, &Limits::none()).outcome.cost(),
        Some(2)
    );
    // Exhaustive and goalless: then it is a proof.
    let dead = Graph {
        edges: vec![vec![(1, 1)], vec![], vec![]],
        goal: 2,
    };
    assert_eq!(
        beam(&dead, &0, &Zero, one, &Limits::none()).outcome,
        Outcome::NoSolution
    );
}

#[test]
fn weights_are_parsed_exactly_and_refused_below_one() {
    assert_eq!("1.5".parse::<Weight>().unwrap(), Weight::new(3, 2).unwrap());
    assert_eq!("3/2".parse::<Weight>().unwrap(), Weight::new(3, 2).unwrap());
    assert_eq!("2".parse::<Weight>().unwrap().to_string(), "2");
    assert_eq!(
        ".5e".parse::<Weight>().unwrap_err().to_string(),
        "weight '.5e' is not a number like 1.5 or 3/2"
    );
    assert_eq!(
        "0.99".parse::<Weight>().unwrap_err().to_string(),
        "weight 0.99 is below 1 (weighted A* needs w >= 1)"
    );
    assert!("1/0".parse::<Weight>().is_err());
    assert!("".parse::<Weight>().is_err());
    assert!("-2".parse::<Weight>().is_err());
}

/// The rotation game's goal is a set of states: a problem without a goal state (or without
/// predecessors) is refused by name, before any search.
#[test]
fn bidirectional_searches_refuse_problems_without_goal_state_or_predecessors() {
    struct GoalIsATest;
    impl Problem for GoalIsATest {
        type State = u32;
        type Action = u32;
        type Cost = u32;
        fn is_goal(&self, s: &u32) -> bool {
            s.is_multiple_of(5)
        }
        fn actions(&self, _: &u32, out: &mut Vec<u32>) {
            out.push(1)
        }
        fn result(&self, s: &u32, a: &u32) -> (u32, u32) {
            (s + a, 1)
        }
    }
    struct NoWayBack;
    impl Problem for NoWayBack {
        type State = u32;
        type Action = u32;
        type Cost = u32;
        fn is_goal(&self, s: &u32) -> bool {
            *s == 5
        }
        fn actions(&self, _: &u32, out: &mut Vec<u32>) {
            out.push(1)
        }
        fn result(&self, s: &u32, a: &u32) -> (u32, u32) {
            (s + a, 1)
        }
        fn goal_state(&self) -> Option<u32> {
            Some(5)
        }
    }
    let none = Limits::none();
    assert_eq!(
        bibfs(&GoalIsATest, &1, &none).unwrap_err(),
        BidirectionalError::NoGoalState
    );
    assert_eq!(
        mm(&GoalIsATest, &1, &Zero, &none).unwrap_err(),
        BidirectionalError::NoGoalState
    );
    assert_eq!(
        check_bidirectional(&NoWayBack),
        Err(BidirectionalError::NoPredecessors)
    );
    assert_eq!(
        mm(&NoWayBack, &1, &Zero, &none).unwrap_err(),
        BidirectionalError::NoPredecessors
    );
    assert!(
        BidirectionalError::NoGoalState
            .to_string()
            .contains("goal as one explicit state")
    );
    assert_eq!(check_bidirectional(&line()), Ok(50));
}

#[test]
fn rbfs_and_dfbnb_survive_zero_cost_cycles_and_deep_paths() {
    // 0 <-> 1 at cost 0, then 1 -> 2 at cost 3.
    let g = Graph {
        edges: vec![vec![(1, 0)], vec![(0, 0), (2, 3)], vec![]],
        goal: 2,
    };
    assert_eq!(rbfs(&g, &0, &Zero, &Limits::none()).outcome.cost(), Some(3));
    assert_eq!(
        dfbnb(&g, &0, &Zero, InitialBound::MaxCost, &Limits::none())
            .outcome
            .cost(),
        Some(3)
    );
    // A path of 100,000 actions: the recursion lives on the heap, not the stack.
    let n = 100_000;
    let long = Graph {
        edges: (0..=n)
            .map(|v| if v < n { vec![(v + 1, 1)] } else { vec![] })
            .collect(),
        goal: n,
    };
    assert_eq!(
        rbfs(&long, &0, &Zero, &Limits::none()).outcome.cost(),
        Some(n as u32)
    );
    assert_eq!(
        dfbnb(&long, &0, &Zero, InitialBound::MaxCost, &Limits::none())
            .outcome
            .cost(),
        Some(n as u32)
    );
}

/// `Cost::scale` rounds down (so weighted A*'s bound stays exact) and saturates at infinity.
#[test]
fn cost_scale_rounds_down_and_saturates() {
    use searchlab_core::Cost;
    assert_eq!(7u32.scale(3, 2), 10); // 10.5 rounded down
    assert_eq!(7u8.scale(1, 1), 7);
    assert_eq!(200u8.scale(2, 1), u8::MAX);
    assert_eq!(u32::MAX.scale(3, 2), u32::MAX);
    assert_eq!(u64::MAX.scale(5, 4), u64::MAX);
    assert_eq!(9usize.scale(0, 4), 0);
    for (c, n, d) in [(13u16, 7u64, 3u64), (1000, 1234, 1000), (0, 5, 1)] {
        assert!(u64::from(c.scale(n, d)) * d <= u64::from(c) * n);
    }
}
