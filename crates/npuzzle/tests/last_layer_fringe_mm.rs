//! The last-layer counts of fringe search and MM (issue 34), tested as `last_layer.rs` tests
//! A*'s: two move orders that change the totals leave the nodes expanded and evaluated until
//! the last layer equal.
//!
//! Fringe search with a consistent heuristic expands every node of f below its last pass's
//! threshold, each once and at its optimal g, whatever the order of the fringe; its last
//! layer is that pass. MM expands every node of either direction whose priority
//! `max(g + h, 2g)` is below C, the smaller of the two directions' smallest priorities, so the
//! counts before C reaches its last value do not depend on tie-breaking either.
//!
//! Generated is the exception: it counts a node again when a cheaper path reaches it before
//! it is expanded, and which of two parents of different g in one layer comes first is the
//! order's choice (A* takes the larger g first whatever the order, fringe and MM do not). So
//! generated until the last layer minus evaluated (the new nodes) is such re-generations, and
//! may differ: on one board of the 30 it does, by one, for both.

use searchlab_core::{Limits, Stats, astar, fringe, mm};
use searchlab_npuzzle::{Board, Eight, Manhattan, Move};

/// The 30 boards of `puzzles/eight/medium.txt` (20-move random walks).
fn boards(puzzle: &Eight) -> Vec<Board<9>> {
    let text = include_str!("../../../puzzles/eight/medium.txt");
    text.lines()
        .map(|l| l.split(['#', '|']).next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| puzzle.parse(l).unwrap_or_else(|e| panic!("{l}: {e:?}")))
        .collect()
}

/// Two move orders: the default (up, down, left, right) and its reverse.
fn orders() -> (Eight, Eight) {
    let forward = Eight::standard();
    let backward = Eight::standard().with_order([Move::Right, Move::Left, Move::Down, Move::Up]);
    (forward, backward)
}

fn totals(s: &Stats) -> (u64, u64, u64) {
    (s.expanded, s.generated, s.evaluated)
}

/// The counts until the last layer are the same in both orders, within the totals; the
/// totals of at least `least` boards differ (the case the counts are for).
fn check(name: &str, run: impl Fn(&Eight, &Board<9>) -> (Option<u32>, Stats), least: usize) {
    let (forward, backward) = orders();
    let mut differ = 0;
    for board in boards(&forward) {
        let (cost_a, a) = run(&forward, &board);
        let (cost_b, b) = run(&backward, &board);
        let optimal = astar(&forward, &board, &Manhattan, &Limits::none())
            .outcome
            .cost();
        assert_eq!(
            (cost_a, cost_b),
            (optimal, optimal),
            "{name} {board}: costs"
        );
        let (last, other) = (
            a.last_layer.expect("reported"),
            b.last_layer.expect("reported"),
        );
        let order_free = |l: searchlab_core::LastLayer| (l.expanded, l.evaluated);
        assert_eq!(
            order_free(last),
            order_free(other),
            "{name} {board}: last-layer counts"
        );
        // Every new node is evaluated once: the rest of generated are re-generations.
        assert!(last.generated >= last.evaluated && other.generated >= other.evaluated);
        assert!(last.expanded <= a.expanded && last.generated <= a.generated);
        assert!(last.evaluated <= a.evaluated && a.evaluated <= a.generated);
        assert!(a.evaluated > 0, "{name} {board}: evaluated is counted");
        if totals(&a) != totals(&b) {
            differ += 1;
        }
    }
    assert!(
        differ >= least,
        "{name}: only {differ} boards' totals differ"
    );
}

#[test]
fn fringe_last_layer_counts_do_not_depend_on_the_move_order() {
    let run = |puzzle: &Eight, board: &Board<9>| {
        let run = fringe(puzzle, board, &Manhattan, &Limits::none());
        (run.outcome.cost(), run.stats)
    };
    check("fringe", run, 5);
}

#[test]
fn mm_last_layer_counts_do_not_depend_on_the_move_order() {
    let run = |puzzle: &Eight, board: &Board<9>| {
        let run = mm(puzzle, board, &Manhattan, &Limits::none()).expect("the 8-puzzle has a goal");
        (run.outcome.cost(), run.stats)
    };
    check("mm", run, 5);
}

/// Fringe's last layer is its last pass: with a consistent heuristic every node expanded in a
/// pass has f equal to the pass's threshold, so the counts before the last layer are the
/// totals of the passes before the last.
#[test]
fn fringe_last_layer_begins_with_the_last_pass() {
    let puzzle = Eight::standard();
    for board in boards(&puzzle).into_iter().take(10) {
        let run = fringe(&puzzle, &board, &Manhattan, &Limits::none());
        let last = run.stats.last_layer.expect("reported");
        let passes = &run.stats.iterations;
        let before = &passes[..passes.len() - 1];
        assert_eq!(
            last.expanded,
            before.iter().map(|p| p.expanded).sum::<u64>(),
            "{board}"
        );
        // The root is generated before the first pass.
        assert_eq!(
            last.generated,
            1 + before.iter().map(|p| p.generated).sum::<u64>(),
            "{board}"
        );
    }
}
