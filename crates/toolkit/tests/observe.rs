//! The observer hook ([`searchlab_toolkit::observe`]): every algorithm's events agree with its
//! statistics, and observing changes neither an answer nor a count.

// The core's test games, shared rather than copied; the catalogue walked here is the toolkit's.
#[path = "../../core/tests/common/mod.rs"]
mod common;

use std::sync::{Arc, Mutex};

use common::{Graph, random_dag, random_tree};
use searchlab_toolkit::observe::{
    GameEvent, GameObserver, SearchEvent, SearchObserver, TraceEvent, TraceKind, Tracer,
};
use searchlab_toolkit::{
    AlphaBeta, AlphaBetaConfig, GameAlgorithm, GameResult, Limits, Problem, SearchAlgorithm,
    SearchResult, Trace,
};

/// Towns on a line `0..n`: +1 costs 1, +3 costs 2, -1 costs 1, +5 costs 4 (so that cheaper
/// paths are found late); a step off
/// the line is not an action. The goal is town `n - 1`; predecessors let bidirectional search
/// run.
struct Ring {
    n: u32,
}

const STEPS: [(i64, u32); 4] = [(1, 1), (3, 2), (-1, 1), (5, 4)];

impl Ring {
    fn to(&self, s: u32, step: i64) -> Option<u32> {
        let t = i64::from(s) + step;
        (0..i64::from(self.n)).contains(&t).then_some(t as u32)
    }
}

impl Problem for Ring {
    type State = u32;
    type Action = usize;
    type Cost = u32;
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.n - 1
    }
    fn actions(&self, s: &u32, out: &mut Vec<usize>) {
        out.extend((0..STEPS.len()).filter(|&a| self.to(*s, STEPS[a].0).is_some()));
    }
    fn result(&self, s: &u32, a: &usize) -> (u32, u32) {
        let (step, cost) = STEPS[*a];
        (self.to(*s, step).expect("a listed action"), cost)
    }
    fn goal_state(&self) -> Option<u32> {
        Some(self.n - 1)
    }
    fn has_predecessors(&self) -> bool {
        true
    }
    fn predecessors(&self, s: &u32, out: &mut Vec<(u32, usize, u32)>) {
        for (a, &(step, cost)) in STEPS.iter().enumerate() {
            if let Some(back) = self.to(*s, -step) {
                out.push((back, a, cost));
            }
        }
    }
}

/// Admissible (every unit of distance costs at least 2/3, the estimate asks 1/2), but
/// inconsistent: every third town claims zero.
fn ring_h(n: u32) -> impl Fn(&u32) -> u32 {
    move |s: &u32| {
        if s.is_multiple_of(3) {
            0
        } else {
            (n - 1 - s) / 2
        }
    }
}

/// Counts the events of a single-agent search.
#[derive(Default, Debug)]
struct Counts {
    expand: u64,
    generate: u64,
    prune: u64,
    reopen: u64,
    goal: u64,
    bounds: Vec<u32>,
    open_lists: u64,
    want_open: bool,
}

impl SearchObserver<u32, u32> for Counts {
    fn wants_open(&self) -> bool {
        self.want_open
    }
    fn event(&mut self, event: SearchEvent<'_, u32, u32>) {
        match event {
            SearchEvent::Expand(_) => self.expand += 1,
            SearchEvent::Generate(_) => self.generate += 1,
            SearchEvent::Prune(..) => self.prune += 1,
            SearchEvent::Reopen(_) => self.reopen += 1,
            SearchEvent::Goal(_) => self.goal += 1,
            SearchEvent::NewBound { bound, .. } => self.bounds.push(bound),
            SearchEvent::Open(list) => {
                self.open_lists += 1;
                // In pop order: f never decreases along the list.
                let fs: Vec<u32> = list.iter().skip(1).map(|n| n.f()).collect();
                assert!(fs.windows(2).all(|w| w[0] <= w[1]), "{fs:?}");
            }
        }
    }
}

/// The result without its wall-clock time, to compare two runs.
fn timeless<A: Clone, C: Clone>(mut r: SearchResult<A, C>) -> SearchResult<A, C> {
    r.stats.elapsed = Default::default();
    r
}

#[test]
fn every_single_agent_search_reports_one_expand_per_expansion_and_is_unchanged() {
    for n in [2, 9, 40] {
        let ring = Ring { n };
        let h = ring_h(n);
        for algo in SearchAlgorithm::ALL {
            let plain = timeless(algo.run(&ring, &0, &h, &Limits::none()).unwrap());
            // Through the type-erased tracer in the limits: the same answer and counts.
            let seen = Arc::new(Mutex::new(Vec::<String>::new()));
            let limits = Limits::none().with_trace(Trace::new(Names(seen.clone())));
            let traced = timeless(algo.run(&ring, &0, &h, &limits).unwrap());
            assert_eq!(plain, traced, "{algo} n={n}");
            let names = seen.lock().unwrap();
            let expands = names.iter().filter(|k| *k == "expand").count() as u64;
            assert_eq!(expands, plain.stats.expanded, "{algo} n={n}");
            let goals = names.iter().filter(|k| *k == "goal").count();
            assert_eq!(goals, 1, "{algo} n={n}: one goal event for one answer");
        }
    }
}

/// Writes down the kind of every event.
struct Names(Arc<Mutex<Vec<String>>>);

impl Tracer for Names {
    fn record(&mut self, event: &TraceEvent<'_>) {
        let kind = event.kind.expect("every event has a kind");
        // The fields that apply are there.
        match kind {
            TraceKind::Expand | TraceKind::Generate | TraceKind::Goal => {
                assert!(event.state.is_some() && event.depth.is_some())
            }
            TraceKind::NewBound => assert!(event.bound.is_some()),
            _ => {}
        }
        self.0.lock().unwrap().push(kind.name().to_owned());
    }
}

#[test]
fn astar_counts_match_its_statistics_and_its_open_list_pops_in_order() {
    let ring = Ring { n: 60 };
    let h = ring_h(60);
    let mut counts = Counts {
        want_open: true,
        ..Counts::default()
    };
    let observed = timeless(searchlab_toolkit::astar::astar_observed(
        &ring,
        &0,
        &h,
        &Limits::none(),
        &mut counts,
    ));
    let plain = timeless(searchlab_toolkit::astar(&ring, &0, &h, &Limits::none()));
    assert_eq!(observed, plain);
    assert_eq!(counts.expand, plain.stats.expanded);
    assert_eq!(counts.open_lists, plain.stats.expanded);
    // The root, then every new or cheaper node (re-opened ones included).
    assert_eq!(1 + counts.generate + counts.reopen, plain.stats.generated);
    assert_eq!(counts.reopen, plain.stats.reopened);
    assert_eq!(counts.goal, 1);
}

#[test]
fn idastar_announces_each_bound_it_reports() {
    for n in [5, 12, 19] {
        let ring = Ring { n };
        let mut counts = Counts::default();
        let run = searchlab_toolkit::idastar::idastar_observed(
            &ring,
            &0,
            &ring_h(n),
            &Limits::none(),
            &mut counts,
        );
        let bounds: Vec<u32> = run
            .stats
            .iterations
            .iter()
            .map(|i| i.bound as u32)
            .collect();
        assert_eq!(counts.bounds, bounds);
        assert_eq!(counts.expand, run.stats.expanded);
        // Korf's convention: the root once, then every child searched or cut.
        assert_eq!(1 + counts.generate + counts.prune, run.stats.generated);
        let mut depth = Counts::default();
        let run = searchlab_toolkit::iddfs::iddfs_observed(&ring, &0, &Limits::none(), &mut depth);
        let depths: Vec<u32> = run
            .stats
            .iterations
            .iter()
            .map(|i| i.bound as u32)
            .collect();
        assert_eq!(depth.bounds, depths);
    }
}

/// Counts the events of a game search and checks each cutoff's window.
#[derive(Default)]
struct GameCounts {
    expand: u64,
    leaf: u64,
    cutoff: u64,
    hits: u64,
    skipped: u64,
    windows: u64,
}

impl<S> GameObserver<S> for GameCounts {
    fn event(&mut self, event: GameEvent<'_, S>) {
        match event {
            GameEvent::Expand { alpha, beta, .. } => {
                assert!(alpha < beta);
                self.expand += 1;
            }
            GameEvent::Leaf { .. } => self.leaf += 1,
            GameEvent::Cutoff {
                alpha,
                beta,
                skipped,
                ..
            } => {
                assert!(alpha >= beta && skipped > 0);
                self.cutoff += 1;
                self.skipped += skipped as u64;
            }
            GameEvent::TableHit { .. } => self.hits += 1,
            GameEvent::NewBound { .. } => self.windows += 1,
            GameEvent::Value { .. } => {}
        }
    }
}

fn timeless_game<M>(mut r: GameResult<M>) -> GameResult<M> {
    r.stats.elapsed = Default::default();
    r
}

#[test]
fn game_searches_report_their_counts_and_are_unchanged() {
    let games: Vec<Graph> = (0..30)
        .map(|seed| random_tree(seed, 200, 6, 9))
        .chain((0..10).map(|seed| random_dag(seed, 6, 5, 9)))
        .collect();
    for (i, game) in games.iter().enumerate() {
        let eval = game.eval();
        for table in [false, true] {
            for iterative in [false, true] {
                let config = AlphaBetaConfig::new()
                    .with_table(table)
                    .with_iterative(iterative)
                    .with_depth(5);
                let plain = timeless_game(AlphaBeta::new(config.clone()).search(game, &0, &eval));
                let mut counts = GameCounts::default();
                let observed = timeless_game(AlphaBeta::new(config.clone()).search_observed(
                    game,
                    &0,
                    &eval,
                    &mut counts,
                ));
                assert_eq!(plain, observed, "game {i}");
                let s = &plain.stats;
                assert_eq!(counts.expand, s.expanded, "game {i}");
                assert_eq!(counts.leaf, s.leaves, "game {i}");
                assert_eq!(counts.cutoff, s.cutoffs, "game {i}");
                assert_eq!(counts.hits, s.table_hits, "game {i}");
                assert!(counts.windows >= 1);
                // Every catalogue algorithm, through a tracer in the limits.
                for algo in GameAlgorithm::ALL.into_iter().filter(|a| a.proves_value()) {
                    let plain = timeless_game(algo.run(game, &0, &eval, &config).solved().unwrap());
                    let seen = Arc::new(Mutex::new(Vec::new()));
                    let traced_config = config.clone().with_limits(
                        config
                            .limits
                            .clone()
                            .with_trace(Trace::new(Names(seen.clone()))),
                    );
                    let traced =
                        timeless_game(algo.run(game, &0, &eval, &traced_config).solved().unwrap());
                    assert_eq!(plain.outcome, traced.outcome, "{algo} game {i}");
                    assert_eq!(plain.stats, traced.stats, "{algo} game {i}");
                    let names = seen.lock().unwrap();
                    let count = |k: &str| names.iter().filter(|n| *n == k).count() as u64;
                    assert_eq!(count("expand"), plain.stats.expanded, "{algo} game {i}");
                    assert_eq!(count("cutoff"), plain.stats.cutoffs, "{algo} game {i}");
                    assert_eq!(
                        count("table-hit"),
                        plain.stats.table_hits,
                        "{algo} game {i}"
                    );
                }
            }
        }
    }
}
