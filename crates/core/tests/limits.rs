//! The limits' contract (issue 13): a start that is a goal is answered with no actions under
//! any limit, by every algorithm; the searches that grow stop at the memory limit with their
//! statistics instead of growing past it; pattern database builds refuse before allocating.

use std::time::Duration;

use searchlab_core::pdb::{AbstractSpace, PdbError, build_pdb, build_pdb_limited};
use searchlab_core::{
    Cancel, LimitKind, Limits, Outcome, Problem, SearchResult, Zero, astar, bfs, idastar, iddfs,
};

/// Binary strings grown by appending 0 or 1; the goal is a string of `goal_len` ones. Every
/// state is new, so the tables of A* and BFS grow without bound until the goal.
struct Strings {
    goal_len: u32,
    ranked: bool,
}

impl Problem for Strings {
    /// (length, bits): a compact state, so the tables' estimate sees all of it.
    type State = (u32, u64);
    type Action = u8;
    type Cost = u32;
    fn is_goal(&self, s: &(u32, u64)) -> bool {
        s.0 == self.goal_len && s.1.count_ones() == self.goal_len
    }
    fn actions(&self, s: &(u32, u64), out: &mut Vec<u8>) {
        if s.0 < 20 {
            out.extend([0, 1]);
        }
    }
    fn result(&self, s: &(u32, u64), a: &u8) -> ((u32, u64), u32) {
        ((s.0 + 1, (s.1 << 1) | u64::from(*a)), 1)
    }
    fn rank(&self, s: &(u32, u64)) -> Option<usize> {
        // Strings of length up to 20 ranked as (1 << len) + bits: a dense table of 2^21.
        (self.ranked && s.0 <= 20).then(|| (1usize << s.0) + s.1 as usize)
    }
    fn rank_count(&self) -> Option<usize> {
        self.ranked.then_some(1 << 21)
    }
}

/// Every limit at its tightest, one at a time and all together.
fn tight_limits() -> Vec<(&'static str, Limits)> {
    let cancel = Cancel::new();
    cancel.cancel();
    vec![
        ("max_expanded 0", Limits::none().with_max_expanded(0)),
        ("max_cost 0", Limits::none().with_max_cost(0)),
        ("timeout 0", Limits::none().with_timeout(Duration::ZERO)),
        ("cancelled", Limits::none().with_cancel(cancel.clone())),
        ("max_memory 0", Limits::none().with_max_memory(0)),
        (
            "all",
            Limits::none()
                .with_max_expanded(0)
                .with_max_cost(0)
                .with_timeout(Duration::ZERO)
                .with_cancel(cancel)
                .with_max_memory(0),
        ),
    ]
}

fn runs<P: Problem<Cost = u32>>(
    problem: &P,
    start: &P::State,
    limits: &Limits,
) -> Vec<(&'static str, SearchResult<P::Action, u32>)> {
    vec![
        ("astar", astar(problem, start, &Zero, limits)),
        ("bfs", bfs(problem, start, limits)),
        ("idastar", idastar(problem, start, &Zero, limits)),
        ("iddfs", iddfs(problem, start, limits)),
    ]
}

#[test]
fn a_start_that_is_a_goal_is_answered_with_no_moves_under_any_limit() {
    for ranked in [false, true] {
        let problem = Strings {
            goal_len: 0,
            ranked,
        };
        for (name, limits) in tight_limits() {
            for (algo, run) in runs(&problem, &(0, 0), &limits) {
                assert_eq!(
                    run.outcome,
                    Outcome::Solved {
                        actions: vec![],
                        cost: 0
                    },
                    "{algo} under {name} (ranked: {ranked})"
                );
                assert_eq!(run.stats.expanded, 0, "{algo} under {name}");
            }
        }
    }
}

#[test]
fn a_start_that_is_not_a_goal_is_stopped_by_a_zero_node_limit() {
    let problem = Strings {
        goal_len: 3,
        ranked: false,
    };
    for (algo, run) in runs(&problem, &(0, 0), &Limits::none().with_max_expanded(0)) {
        assert_eq!(run.outcome, Outcome::Stopped(LimitKind::Nodes), "{algo}");
    }
}

#[test]
fn growing_searches_stop_at_the_memory_limit_with_their_statistics() {
    // The goal (20 ones) lies behind about 2^21 nodes: tens of megabytes of tables.
    for ranked in [false, true] {
        let problem = Strings {
            goal_len: 20,
            ranked,
        };
        let limit = 1 << 20;
        let limits = Limits::none().with_max_memory(limit);
        for (algo, run) in [
            ("astar", astar(&problem, &(0, 0), &Zero, &limits)),
            ("bfs", bfs(&problem, &(0, 0), &limits)),
        ] {
            assert_eq!(
                run.outcome,
                Outcome::Stopped(LimitKind::Memory),
                "{algo} (ranked: {ranked})"
            );
            assert!(run.stats.expanded > 1000, "{algo}: {:?}", run.stats);
            assert!(run.stats.generated > run.stats.expanded, "{algo}");
        }
        // The same searches with room enough answer.
        let roomy = Limits::none().with_max_memory(1 << 30);
        for (algo, run) in [
            ("astar", astar(&problem, &(0, 0), &Zero, &roomy)),
            ("bfs", bfs(&problem, &(0, 0), &roomy)),
        ] {
            assert_eq!(run.outcome.cost(), Some(20), "{algo} (ranked: {ranked})");
        }
    }
}

#[test]
fn a_larger_memory_limit_lets_a_search_go_further() {
    let problem = Strings {
        goal_len: 20,
        ranked: false,
    };
    let expanded = |limit: u64| {
        let run = bfs(&problem, &(0, 0), &Limits::none().with_max_memory(limit));
        assert_eq!(run.outcome, Outcome::Stopped(LimitKind::Memory));
        run.stats.expanded
    };
    let (small, large) = (expanded(1 << 18), expanded(1 << 22));
    assert!(small < large, "{small} < {large}");
}

/// A line of `n` cells, one step towards 0 at a time.
struct Line(usize);

impl AbstractSpace for Line {
    type State = usize;
    fn size(&self) -> usize {
        self.0
    }
    fn rank(&self, s: &usize) -> usize {
        *s
    }
    fn unrank(&self, r: usize) -> usize {
        r
    }
    fn predecessors(&self, s: &usize, out: &mut Vec<(usize, u8)>) {
        if s + 1 < self.0 {
            out.push((s + 1, 1));
        }
        if *s > 0 {
            out.push((s - 1, 1));
        }
    }
}

#[test]
fn pattern_database_builds_refuse_before_allocating() {
    // A table of 2^40 bytes: were it allocated, the test would abort.
    let huge = build_pdb_limited(&Line(1 << 31), [0], Some(1 << 30), |_| {});
    assert_eq!(
        huge,
        Err(PdbError::Memory {
            needed: 1 << 31,
            limit: 1 << 30
        })
    );
    // The table fits but not its queue (every cell of the line is queued once).
    let goals: Vec<usize> = (0..200).step_by(2).collect();
    let queue = build_pdb_limited(&Line(200), goals.clone(), Some(250), |_| {});
    assert!(
        matches!(queue, Err(PdbError::Memory { needed, limit: 250 }) if needed > 250),
        "{queue:?}"
    );
    // Room enough: the same table as without a limit.
    assert_eq!(
        build_pdb_limited(&Line(200), goals.clone(), Some(4096), |_| {}),
        build_pdb(&Line(200), goals, |_| {})
    );
}
