//! The last-layer counts (issue 34, Fast Downward's "until last jump"): A* with a consistent
//! heuristic expands every node of f below the optimal cost whatever its tie-breaking, so two
//! move orders that change the totals (how much of the last layer is expanded before the goal
//! comes up) leave the counts until the last layer equal. Uniform-cost search likewise over g.

use searchlab_core::{Limits, Stats, astar, ucs};
use searchlab_npuzzle::{Eight, Manhattan, Move};

/// The 30 boards of `puzzles/eight/medium.txt` (20-move random walks).
fn boards(puzzle: &Eight) -> Vec<searchlab_npuzzle::Board<9>> {
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

#[test]
fn astar_last_layer_counts_do_not_depend_on_the_move_order() {
    let (forward, backward) = orders();
    let mut differ = 0;
    for board in boards(&forward) {
        let a = astar(&forward, &board, &Manhattan, &Limits::none());
        let b = astar(&backward, &board, &Manhattan, &Limits::none());
        assert_eq!(a.outcome.cost(), b.outcome.cost(), "{board}");
        let (la, lb) = (a.stats.last_layer, b.stats.last_layer);
        assert!(la.is_some(), "{board}: A* reports the last layer");
        assert_eq!(la, lb, "{board}: last-layer counts");
        let last = la.expect("checked");
        // The last layer holds the goal: it is reached before the totals end.
        assert!(last.expanded <= a.stats.expanded && last.generated <= a.stats.generated);
        assert!(last.evaluated <= a.stats.evaluated && a.stats.evaluated <= a.stats.generated);
        if totals(&a.stats) != totals(&b.stats) {
            differ += 1;
        }
    }
    // The case the counts are for: tie-breaking changed the totals of some boards.
    assert!(differ >= 5, "only {differ} boards' totals differ");
}

#[test]
fn ucs_last_layer_counts_do_not_depend_on_the_move_order() {
    let (forward, backward) = orders();
    let mut differ = 0;
    for board in boards(&forward).into_iter().take(10) {
        let a = ucs(&forward, &board, &Limits::none());
        let b = ucs(&backward, &board, &Limits::none());
        assert_eq!(a.outcome.cost(), b.outcome.cost(), "{board}");
        assert!(a.stats.last_layer.is_some());
        assert_eq!(a.stats.last_layer, b.stats.last_layer, "{board}");
        if totals(&a.stats) != totals(&b.stats) {
            differ += 1;
        }
    }
    assert!(differ >= 1, "no board's totals differ");
}

/// The counts of a hand-checked case: the board two moves from the goal has f = 2 at the root,
/// so its last layer begins at once, with only the root generated and evaluated.
#[test]
fn a_board_whose_root_is_on_the_last_layer() {
    let puzzle = Eight::standard();
    let board = puzzle.parse("1 2 3 4 5 6 x 7 8").expect("a board");
    let run = astar(&puzzle, &board, &Manhattan, &Limits::none());
    let last = run.stats.last_layer.expect("A* reports it");
    assert_eq!((last.expanded, last.generated, last.evaluated), (0, 1, 1));
    assert_eq!(totals(&run.stats), (2, 5, 5));
}
