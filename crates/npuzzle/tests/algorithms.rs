//! The algorithms of issue 16 on the 8-puzzle, against the exact distance of every state (a
//! full BFS over the 181,440 reachable boards): optimal ones give the optimum, weighted A*
//! stays within its weight, greedy and beam give valid (longer) paths.

use std::num::NonZeroUsize;

use searchlab_core::{
    Heuristic, InitialBound, Limits, Outcome, Problem, SearchResult, SplitMix64, Weight, astar,
    beam, bfs, bibfs, check_bidirectional, dfbnb, fringe, greedy, idastar, mm, rbfs, replay, ucs,
    wastar,
};
use searchlab_npuzzle::{Board, Eight, Fifteen, Manhattan, Misplaced, Move, cantor};

mod common;

use common::{UNREACHED, board_of_rank, distances};

/// The path replays to the goal at the reported cost.
fn valid(puzzle: &Eight, board: &Board<9>, run: &SearchResult<Move, u32>, name: &str) -> u32 {
    let moves = run
        .outcome
        .actions()
        .unwrap_or_else(|| panic!("{name} did not solve {board}: {:?}", run.outcome));
    let (end, cost) = replay(puzzle, board, moves).expect("legal moves");
    assert!(puzzle.is_goal(&end), "{name}: {board} not solved");
    assert_eq!(Some(cost), run.outcome.cost(), "{name}: reported cost");
    cost
}

#[test]
fn every_algorithm_against_exact_distances_on_sampled_boards() {
    let puzzle = Eight::standard();
    let dist = distances(&puzzle);
    let mut rng = SplitMix64::new(16);
    let none = Limits::none();
    let mut checked = 0;
    while checked < 40 {
        let r = rng.below(cantor::factorial(9)) as usize;
        if dist[r] == UNREACHED {
            continue;
        }
        let board = board_of_rank(r);
        let optimum = u32::from(dist[r]);
        let bounded = Limits::none().with_max_cost(u64::from(optimum));
        let optimal = [
            ("ucs", ucs(&puzzle, &board, &none)),
            ("astar", astar(&puzzle, &board, &Manhattan, &none)),
            ("idastar", idastar(&puzzle, &board, &Manhattan, &none)),
            ("bfs", bfs(&puzzle, &board, &none)),
            ("bibfs", bibfs(&puzzle, &board, &none).unwrap()),
            ("mm", mm(&puzzle, &board, &Manhattan, &none).unwrap()),
            (
                "mm misplaced",
                mm(&puzzle, &board, &Misplaced, &none).unwrap(),
            ),
            ("fringe", fringe(&puzzle, &board, &Manhattan, &none)),
            ("rbfs", rbfs(&puzzle, &board, &Manhattan, &none)),
            (
                "dfbnb greedy",
                dfbnb(&puzzle, &board, &Manhattan, InitialBound::Greedy, &none),
            ),
            (
                "dfbnb depth",
                dfbnb(&puzzle, &board, &Manhattan, InitialBound::MaxCost, &bounded),
            ),
            (
                "wastar 1",
                wastar(&puzzle, &board, &Manhattan, Weight::ONE, &none),
            ),
        ];
        for (name, run) in &optimal {
            assert_eq!(
                valid(&puzzle, &board, run, name),
                optimum,
                "{name} on {board}"
            );
        }
        for w in ["1.2", "1.5", "2", "5"] {
            let w: Weight = w.parse().unwrap();
            let cost = valid(
                &puzzle,
                &board,
                &wastar(&puzzle, &board, &Manhattan, w, &none),
                "wastar",
            );
            assert!(
                w.bounds(u64::from(cost), u64::from(optimum)),
                "w {w}: {cost} vs {optimum}"
            );
        }
        assert!(
            valid(
                &puzzle,
                &board,
                &greedy(&puzzle, &board, &Manhattan, &none),
                "greedy"
            ) >= optimum
        );
        for width in [1, 10, 1000] {
            let run = beam(
                &puzzle,
                &board,
                &Manhattan,
                NonZeroUsize::new(width).unwrap(),
                &none,
            );
            // A narrow beam may fail, and then says it dropped the way (never "no solution").
            assert_ne!(run.outcome, Outcome::NoSolution, "beam {width} on {board}");
            if run.outcome.cost().is_some() {
                assert!(valid(&puzzle, &board, &run, "beam") >= optimum);
            }
        }
        checked += 1;
    }
}

/// On unsolvable boards the complete searches exhaust the reachable half and say so.
#[test]
fn unsolvable_boards_are_proved_so() {
    let puzzle = Eight::standard();
    let board = puzzle.parse("2 1 3 4 5 6 7 8 x").unwrap();
    assert!(!puzzle.is_solvable(&board));
    let none = Limits::none();
    assert_eq!(ucs(&puzzle, &board, &none).outcome, Outcome::NoSolution);
    assert_eq!(
        bibfs(&puzzle, &board, &none).unwrap().outcome,
        Outcome::NoSolution
    );
    assert_eq!(
        mm(&puzzle, &board, &Manhattan, &none).unwrap().outcome,
        Outcome::NoSolution
    );
    assert_eq!(
        fringe(&puzzle, &board, &Manhattan, &none).outcome,
        Outcome::NoSolution
    );
    assert_eq!(
        greedy(&puzzle, &board, &Manhattan, &none).outcome,
        Outcome::NoSolution
    );
}

/// The predecessors are exactly the boards one move away with the move back, and the
/// estimates between boards are symmetric and equal the goal estimate towards the goal.
#[test]
fn predecessors_and_estimates_between_boards() {
    let puzzle = Eight::standard();
    assert_eq!(check_bidirectional(&puzzle), Ok(*puzzle.goal()));
    let mut rng = SplitMix64::new(3);
    let mut preds = Vec::new();
    for _ in 0..200 {
        let board = board_of_rank(rng.below(cantor::factorial(9)) as usize);
        let other = board_of_rank(rng.below(cantor::factorial(9)) as usize);
        preds.clear();
        puzzle.predecessors(&board, &mut preds);
        let mut actions = Vec::new();
        puzzle.actions(&board, &mut actions);
        assert_eq!(preds.len(), actions.len());
        for (previous, mv, cost) in &preds {
            assert_eq!(puzzle.result(previous, mv), (board, *cost));
        }
        for h in [&Manhattan as &dyn Heuristic<Eight>, &Misplaced] {
            assert_eq!(
                h.estimate_between(&puzzle, &board, puzzle.goal()),
                Some(h.estimate(&puzzle, &board))
            );
            assert_eq!(
                h.estimate_between(&puzzle, &board, &other),
                h.estimate_between(&puzzle, &other, &board)
            );
        }
    }
    // Korf's goal (blank first) is the 15-puzzle's explicit goal.
    let fifteen = Fifteen::blank_first();
    assert_eq!(
        fifteen.goal_state().unwrap().to_string(),
        "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
    );
}
