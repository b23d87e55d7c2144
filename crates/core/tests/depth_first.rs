//! Every depth-first search (IDA*, IDDFS, RBFS, DFBnB, parallel IDA*) on the spaces that once
//! broke them (issue 32): zero-cost cycles (IDA* recursed until the stack overflowed and the
//! process aborted), unsolvable instances (IDA*, IDDFS and RBFS deepened forever), and paths
//! deeper than the thread's stack (an outcome, never an overflow).

use proptest::prelude::*;
use searchlab_core::par_idastar::{ParallelConfig, par_idastar_with};
use searchlab_core::{
    InitialBound, LimitKind, Limits, Outcome, Problem, SearchResult, Zero, astar, dfbnb, idastar,
    iddfs, rbfs, replay,
};

/// A weighted directed graph; actions are arc indices into `arcs[node]`. `proves` makes
/// [`Problem::goal_unreachable`] answer by a flood of the graph (as the graph, grid, water-jug
/// and sliding-puzzle problems do); without it, nothing is proved.
#[derive(Debug, Clone)]
struct Graph {
    arcs: Vec<Vec<(usize, u32)>>,
    goal: usize,
    proves: bool,
}

impl Problem for Graph {
    type State = usize;
    type Action = usize;
    type Cost = u32;
    fn is_goal(&self, s: &usize) -> bool {
        *s == self.goal
    }
    fn actions(&self, s: &usize, out: &mut Vec<usize>) {
        out.extend(0..self.arcs[*s].len());
    }
    fn result(&self, s: &usize, a: &usize) -> (usize, u32) {
        self.arcs[*s][*a]
    }
    fn goal_unreachable(&self, start: &usize) -> bool {
        self.proves && searchlab_core::problem::no_goal_within(self, start, self.arcs.len())
    }
}

/// Builds a graph from `(from, to, weight)` arcs over `n` nodes.
fn graph(n: usize, arcs: &[(usize, usize, u32)], goal: usize, proves: bool) -> Graph {
    let mut g = Graph {
        arcs: vec![Vec::new(); n],
        goal,
        proves,
    };
    for &(a, b, w) in arcs {
        g.arcs[a].push((b, w));
    }
    g
}

/// The depth-first searches by name, each run on `g` from node 0 (IDDFS with its depth bound
/// at the number of nodes: its `max_cost` is a depth).
fn runs(g: &Graph, limits: &Limits) -> Vec<(&'static str, SearchResult<usize, u32>)> {
    let by_depth = Limits {
        max_cost: limits.max_cost.map(|_| g.arcs.len() as u64),
        ..limits.clone()
    };
    let eager = ParallelConfig {
        eager_sharing: true,
        ..ParallelConfig::new(2)
    };
    vec![
        ("idastar", idastar(g, &0, &Zero, limits)),
        ("iddfs", iddfs(g, &0, &by_depth)),
        ("rbfs", rbfs(g, &0, &Zero, limits)),
        ("dfbnb", dfbnb(g, &0, &Zero, InitialBound::MaxCost, limits)),
        (
            "dfbnb:greedy",
            dfbnb(g, &0, &Zero, InitialBound::Greedy, limits),
        ),
        (
            "par_idastar",
            par_idastar_with(g, &0, &Zero, limits, &eager).result,
        ),
    ]
}

/// The issue's graph, `A B 1, A C 0, C D 0, D A 0` (A = 0, B = 1, C = 2, D = 3), whose
/// zero-cost cycle A C D A kept IDA* in one iteration until the stack overflowed.
#[test]
fn the_issues_zero_cost_cycle_is_survived_by_every_search() {
    let g = graph(4, &[(0, 1, 1), (0, 2, 0), (2, 3, 0), (3, 0, 0)], 1, false);
    // A cost bound, for DFBnB's first bound (without one it may walk positive cycles too).
    let limits = Limits {
        max_cost: Some(10),
        ..Limits::none()
    };
    for (name, run) in runs(&g, &limits) {
        assert_eq!(run.outcome.cost(), Some(1), "{name}: {:?}", run.outcome);
    }
    // The cycle before the arc to the goal: the cycle is entered first.
    let g = graph(4, &[(0, 2, 0), (0, 1, 1), (2, 3, 0), (3, 0, 0)], 1, false);
    for (name, run) in runs(&g, &limits) {
        assert_eq!(run.outcome.cost(), Some(1), "{name}: {:?}", run.outcome);
    }
}

/// A self-loop of cost 0 and a zero-cost cycle beside a goal that cannot be reached: with a
/// proof of unreachability every search says so at once; without one, the cost bound ends the
/// search (no iteration circles the zero-cost cycle forever).
#[test]
fn zero_cost_cycles_without_a_goal_end() {
    let arcs = [(0, 0, 0), (0, 2, 0), (2, 3, 0), (3, 0, 0), (3, 2, 1)];
    let proved = graph(4, &arcs, 1, true);
    for (name, run) in runs(&proved, &Limits::none()) {
        assert_eq!(run.outcome, Outcome::NoSolution, "{name}");
    }
    let unproved = graph(4, &arcs, 1, false);
    let limits = Limits {
        max_cost: Some(20),
        ..Limits::none()
    };
    for (name, run) in runs(&unproved, &limits) {
        assert!(
            matches!(
                run.outcome,
                Outcome::Stopped(LimitKind::Cost) | Outcome::NoSolution
            ),
            "{name}: {:?}",
            run.outcome
        );
    }
}

/// A chain of zero-cost arcs far deeper than a small thread stack: the recursive searches
/// stop with the memory limit (the stack is memory) instead of overflowing it.
#[test]
fn a_path_deeper_than_the_stack_is_a_memory_outcome() {
    let n = 2_000_000;
    let arcs: Vec<(usize, usize, u32)> = (0..n - 1).map(|i| (i, i + 1, 0)).collect();
    let g = graph(n, &arcs, n - 1, false);
    let outcome = std::thread::Builder::new()
        .stack_size(4 << 20)
        .spawn(move || {
            let ida = idastar(&g, &0, &Zero, &Limits::none()).outcome;
            let par = par_idastar_with(&g, &0, &Zero, &Limits::none(), &ParallelConfig::new(1))
                .result
                .outcome;
            (ida, par)
        })
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert_eq!(outcome.0, Outcome::Stopped(LimitKind::Memory));
    assert!(
        matches!(outcome.1, Outcome::Stopped(LimitKind::Memory)),
        "{:?}",
        outcome.1
    );
}

/// Arcs of random small graphs with many zero weights.
fn arcs() -> impl Strategy<Value = (usize, Vec<(usize, usize, u32)>)> {
    (2usize..8).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::vec(
                (0..n, 0..n, prop_oneof![3 => Just(0u32), 2 => 1u32..4]),
                0..14,
            ),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// On random graphs full of zero-cost cycles, every depth-first search ends (under a cost
    /// bound above every simple path) with A*'s cost, and with `NoSolution` where the goal is
    /// proved unreachable.
    #[test]
    fn depth_first_searches_agree_with_astar_on_zero_cost_cycles((n, arcs) in arcs()) {
        let g = graph(n, &arcs, n - 1, true);
        let best = astar(&g, &0, &Zero, &Limits::none()).outcome.cost();
        // Above the cost of every path without a repeated node. The node and memory limits
        // keep a pathological draw (DFBnB and IDDFS are exponential in the bound on cyclic
        // graphs) from running for minutes; a run they stop proves nothing either way, and
        // every other run is checked.
        let limits = Limits {
            max_cost: Some(3 * n as u64),
            max_expanded: Some(200_000),
            max_memory: Some(64 << 20),
            ..Limits::none()
        };
        for (name, run) in runs(&g, &limits) {
            if matches!(run.outcome, Outcome::Stopped(LimitKind::Nodes | LimitKind::Memory)) {
                continue;
            }
            match best {
                None => prop_assert_eq!(&run.outcome, &Outcome::NoSolution, "{}", name),
                Some(cost) => {
                    let actions = run.outcome.actions().unwrap_or_else(|| panic!("{name}: {:?}", run.outcome));
                    let (end, replayed) = replay(&g, &0, actions).expect("legal actions");
                    prop_assert!(g.is_goal(&end));
                    prop_assert_eq!(run.outcome.cost(), Some(replayed));
                    // IDDFS promises the fewest arcs, not the least cost.
                    if name != "iddfs" {
                        prop_assert_eq!(replayed, cost, "{}", name);
                    }
                }
            }
        }
    }
}
