//! Anytime weighted A* (Hansen and Zhou, "Anytime heuristic search", JAIR 28, 2007): weighted
//! A* (nodes ordered by `g + 2h`) that does not stop at its first path. It keeps that path as
//! the incumbent, prunes every node whose `g + h` reaches the incumbent's cost, reopens a state
//! reached by a cheaper path, and goes on until no node is left: then, with an admissible
//! heuristic, the incumbent is optimal. It finds a first path about as fast as weighted A*
//! and proves the optimum with less memory than A* when the first path is good.
//!
//! A limit reached before the proof stops the run ([`Outcome::Stopped`]): the toolkit's
//! answers promise what they say, and the incumbent is not yet proven.
//!
//! ```
//! use own_searchlab::awastar::AnytimeWastar;
//! use own_searchlab::pancake::{Gap, Pancakes};
//! use searchlab_toolkit::plugin::SearchPlugin;
//! use searchlab_toolkit::Limits;
//!
//! let result = AnytimeWastar::search(&Pancakes { n: 4 }, &vec![3, 1, 2, 4], &Gap, &Limits::none());
//! assert_eq!(result.outcome.cost(), Some(2));
//! ```

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::Instant;

use searchlab_toolkit::plugin::SearchPlugin;
use searchlab_toolkit::{
    Cost, Declaration, Heuristic, LimitKind, Limits, Needs, Outcome, Problem, Promise,
    SearchResult, Stats,
};

/// Anytime weighted A* with weight 2, as a plugin of the catalogue (`--algo awastar`).
#[derive(Clone, Copy, Debug, Default)]
pub struct AnytimeWastar;

/// One node: its state, its parent's index and the action from it, its path cost.
struct Node<S, A, C> {
    state: S,
    parent: Option<(usize, A)>,
    g: C,
}

impl SearchPlugin for AnytimeWastar {
    const DECLARATION: Declaration = Declaration {
        name: "awastar",
        aliases: &[],
        summary: "anytime weighted A* (w = 2): a first path fast, then better ones until optimal",
        promise: |_| Promise::Optimal,
        needs: Needs {
            heuristic: true,
            goal_state: false,
        },
        parameter: None,
        module: module_path!(),
    };

    fn search<P: Problem + ?Sized>(
        problem: &P,
        start: &P::State,
        heuristic: &dyn Heuristic<P>,
        limits: &Limits,
    ) -> SearchResult<P::Action, P::Cost> {
        let began = Instant::now();
        let mut stats = Stats::default();
        let node_size = std::mem::size_of::<Node<P::State, P::Action, P::Cost>>() as u64 * 2;
        let mut nodes = vec![Node {
            state: start.clone(),
            parent: None,
            g: P::Cost::ZERO,
        }];
        let mut best: HashMap<P::State, P::Cost> = HashMap::from([(start.clone(), P::Cost::ZERO)]);
        // (g + 2h, h, insertion order): the smallest first, ties by h, then first inserted.
        let key = |g: P::Cost, h: P::Cost| g + h.scale(2, 1);
        let h0 = heuristic.estimate(problem, start);
        let mut open = BinaryHeap::from([Reverse((key(P::Cost::ZERO, h0), h0, 0usize))]);
        let mut incumbent: Option<(usize, P::Cost)> = None;
        let mut beyond_bound = false;
        let mut actions = Vec::new();
        let stop = |kind: LimitKind, mut stats: Stats| {
            stats.elapsed = began.elapsed();
            SearchResult {
                outcome: Outcome::Stopped(kind),
                stats,
            }
        };
        while let Some(Reverse((_, h, i))) = open.pop() {
            let g = nodes[i].g;
            if best.get(&nodes[i].state).is_some_and(|b| *b < g) {
                continue; // reached again more cheaply since
            }
            let f = g + h;
            if incumbent.is_some_and(|(_, c)| f >= c) {
                continue;
            }
            if limits.max_cost.is_some_and(|bound| f.to_u64() > bound) {
                beyond_bound = true;
                continue;
            }
            if problem.is_goal(&nodes[i].state) {
                incumbent = Some((i, g));
                continue;
            }
            if limits.max_expanded.is_some_and(|n| stats.expanded >= n) {
                return stop(LimitKind::Nodes, stats);
            }
            if limits.timeout.is_some_and(|t| began.elapsed() >= t) {
                return stop(LimitKind::Time, stats);
            }
            if limits.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
                return stop(LimitKind::Cancelled, stats);
            }
            if limits
                .max_memory
                .is_some_and(|m| nodes.len() as u64 * node_size > m)
            {
                return stop(LimitKind::Memory, stats);
            }
            stats.expanded += 1;
            actions.clear();
            problem.actions(&nodes[i].state, &mut actions);
            for a in actions.drain(..) {
                let (child, cost) = problem.result(&nodes[i].state, &a);
                let g2 = g + cost;
                stats.generated += 1;
                match best.get(&child) {
                    Some(b) if *b <= g2 => continue,
                    Some(_) => stats.reopened += 1,
                    None => {}
                }
                best.insert(child.clone(), g2);
                let h2 = heuristic.estimate(problem, &child);
                open.push(Reverse((key(g2, h2), h2, nodes.len())));
                nodes.push(Node {
                    state: child,
                    parent: Some((i, a)),
                    g: g2,
                });
            }
            stats.max_frontier = stats.max_frontier.max(open.len() as u64);
        }
        stats.elapsed = began.elapsed();
        let outcome = match incumbent {
            Some((mut i, cost)) => {
                let mut path = Vec::new();
                while let Some((parent, a)) = &nodes[i].parent {
                    path.push(a.clone());
                    i = *parent;
                }
                path.reverse();
                Outcome::Solved {
                    actions: path,
                    cost,
                }
            }
            None if beyond_bound => Outcome::Stopped(LimitKind::Cost),
            None => Outcome::NoSolution,
        };
        SearchResult { outcome, stats }
    }
}
