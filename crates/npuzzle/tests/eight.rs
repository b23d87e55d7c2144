//! The 8-puzzle checked against exhaustive search: all 181,440 reachable states, the reference
//! boards of `puzzles/eight/hard.txt`, and the four algorithms against each other.

use searchlab_core::{Heuristic, Limits, Outcome, Problem, SplitMix64, astar, bfs, idastar, iddfs};
use searchlab_npuzzle::{Board, Eight, Manhattan, Misplaced, cantor};

mod common;

use common::{UNREACHED, board_of_rank, cantor_rank, distances};

/// `(board, Some(length))` or `(board, None)` for "unsolvable", from the reference file.
fn reference_boards() -> Vec<(Board<9>, Option<u32>)> {
    let text = include_str!("../../../puzzles/eight/hard.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (board, answer) = l.split_once('|').expect("board | answer");
            let board = Board::parse(board).expect("reference boards are valid");
            let answer = match answer.trim() {
                "unsolvable" => None,
                n => Some(n.parse().expect("a length")),
            };
            (board, answer)
        })
        .collect()
}

#[test]
fn exhaustive_bfs_reaches_181440_states_with_two_at_depth_31() {
    let puzzle = Eight::standard();
    let dist = distances(&puzzle);
    let reached: Vec<usize> = (0..dist.len()).filter(|&r| dist[r] != UNREACHED).collect();
    assert_eq!(reached.len(), 181_440);
    let max = reached.iter().map(|&r| dist[r]).max().unwrap();
    assert_eq!(max, 31);
    let mut hardest: Vec<String> = reached
        .iter()
        .filter(|&&r| dist[r] == 31)
        .map(|&r| board_of_rank(r).to_string())
        .collect();
    hardest.sort();
    let mut expected: Vec<String> = reference_boards()
        .into_iter()
        .filter(|(_, n)| *n == Some(31))
        .map(|(b, _)| b.to_string())
        .collect();
    expected.sort();
    expected.dedup();
    assert_eq!(hardest, expected);
}

#[test]
fn solvability_rule_matches_reachability_on_all_permutations() {
    let puzzle = Eight::standard();
    let dist = distances(&puzzle);
    for (r, &d) in dist.iter().enumerate() {
        assert_eq!(
            puzzle.is_solvable(&board_of_rank(r)),
            d != UNREACHED,
            "rank {r}"
        );
    }
}

/// On every permutation, every legal move: `apply` gives `result`'s board, and `undo` (which
/// steps the blank back by arithmetic, without the moves table) restores the board exactly.
#[test]
fn apply_matches_result_and_undo_restores_every_board() {
    let puzzle = Eight::standard();
    let mut actions = Vec::new();
    for r in 0..cantor::factorial(9) as usize {
        let board = board_of_rank(r);
        actions.clear();
        puzzle.actions(&board, &mut actions);
        assert!((2..=4).contains(&actions.len()), "rank {r}");
        for mv in &actions {
            let mut moved = board;
            assert_eq!(puzzle.apply(&mut moved, mv), 1);
            assert_eq!(moved, puzzle.result(&board, mv).0, "rank {r}, {mv:?}");
            assert_ne!(moved, board);
            puzzle.undo(&mut moved, mv);
            assert_eq!(moved, board, "rank {r}, {mv:?} undone");
        }
    }
}

#[test]
fn heuristics_are_admissible_and_manhattan_consistent_on_every_state() {
    let puzzle = Eight::standard();
    let dist = distances(&puzzle);
    let mut actions = Vec::new();
    let mut misplaced_inconsistent = 0;
    for (r, &d) in dist.iter().enumerate() {
        if d == UNREACHED {
            continue;
        }
        let board = board_of_rank(r);
        let (m, w) = (
            Manhattan.estimate(&puzzle, &board),
            Misplaced.estimate(&puzzle, &board),
        );
        assert!(m <= u32::from(d), "Manhattan {m} > {d} on {board}");
        assert!(w <= m, "misplaced tiles never exceed Manhattan");
        actions.clear();
        puzzle.actions(&board, &mut actions);
        for a in &actions {
            let (child, cost) = puzzle.result(&board, a);
            let mc = Manhattan.estimate(&puzzle, &child);
            assert!(
                m <= cost + mc,
                "Manhattan inconsistent on {board} --{a}--> {child}"
            );
            assert_eq!(
                Manhattan.estimate_child(&puzzle, &child, a, m),
                mc,
                "incremental update"
            );
            assert_eq!(
                Manhattan.estimate_from(&puzzle, &board, &child, a, m),
                mc,
                "incremental update read from the parent"
            );
            if w > cost + Misplaced.estimate(&puzzle, &child) {
                misplaced_inconsistent += 1;
            }
        }
    }
    // Misplaced tiles is consistent too: a move changes the count by at most one.
    assert_eq!(misplaced_inconsistent, 0);
}

#[test]
fn reference_boards_are_solved_at_their_optimal_length() {
    let puzzle = Eight::standard();
    for (board, answer) in reference_boards() {
        assert_eq!(puzzle.is_solvable(&board), answer.is_some(), "{board}");
        let Some(length) = answer else { continue };
        for run in [
            idastar(&puzzle, &board, &Manhattan, &Limits::none()),
            astar(&puzzle, &board, &Manhattan, &Limits::none()),
            bfs(&puzzle, &board, &Limits::none()),
        ] {
            assert_eq!(run.outcome.cost(), Some(length), "{board}");
            check_replay(&puzzle, &board, &run.outcome);
        }
    }
}

fn check_replay(puzzle: &Eight, board: &Board<9>, outcome: &Outcome<searchlab_npuzzle::Move, u32>) {
    let moves = outcome.actions().expect("solved");
    let (end, cost) = searchlab_core::replay(puzzle, board, moves).expect("legal moves");
    assert!(
        puzzle.is_goal(&end),
        "{board}: the moves do not reach the goal"
    );
    assert_eq!(cost, moves.len() as u32);
}

#[test]
fn algorithms_agree_on_random_boards_with_both_heuristics() {
    let puzzle = Eight::standard();
    let dist = distances(&puzzle);
    let mut rng = SplitMix64::new(1077);
    let mut checked = 0;
    while checked < 300 {
        let r = rng.below(cantor::factorial(9)) as usize;
        if dist[r] == UNREACHED {
            // Unsolvable: BFS must prove it by exhausting the 181,440 reachable states.
            if checked % 50 == 0 {
                let run = bfs(&puzzle, &board_of_rank(r), &Limits::none());
                assert_eq!(run.outcome, Outcome::NoSolution);
                assert_eq!(run.stats.generated, 181_440);
            }
            continue;
        }
        let board = board_of_rank(r);
        let optimum = u32::from(dist[r]);
        let runs = [
            astar(&puzzle, &board, &Manhattan, &Limits::none()),
            astar(&puzzle, &board, &Misplaced, &Limits::none()),
            idastar(&puzzle, &board, &Manhattan, &Limits::none()),
            idastar(&puzzle, &board, &Misplaced, &Limits::none()),
            bfs(&puzzle, &board, &Limits::none()),
        ];
        for run in &runs {
            assert_eq!(run.outcome.cost(), Some(optimum), "{board}");
            check_replay(&puzzle, &board, &run.outcome);
        }
        // IDA* and BFS both return the lexicographically smallest optimal move string.
        assert_eq!(
            runs[2].outcome.actions(),
            runs[4].outcome.actions(),
            "{board}"
        );
        assert_eq!(
            runs[3].outcome.actions(),
            runs[4].outcome.actions(),
            "{board}"
        );
        checked += 1;
    }
}

#[test]
fn iddfs_agrees_with_bfs_on_shallow_boards() {
    let puzzle = Eight::standard();
    let dist = distances(&puzzle);
    let mut rng = SplitMix64::new(2286);
    let mut actions = Vec::new();
    for _ in 0..40 {
        // A random walk of up to 16 moves from the goal: shallow enough for IDDFS.
        let mut board = *puzzle.goal();
        for _ in 0..rng.below(17) {
            actions.clear();
            puzzle.actions(&board, &mut actions);
            let a = actions[rng.below(actions.len() as u64) as usize];
            puzzle.apply(&mut board, &a);
        }
        let expected = bfs(&puzzle, &board, &Limits::none());
        let run = iddfs(&puzzle, &board, &Limits::none());
        assert_eq!(
            run.outcome.cost(),
            Some(u32::from(dist[cantor_rank(&board)]))
        );
        assert_eq!(run.outcome.actions(), expected.outcome.actions(), "{board}");
        assert_eq!(
            run.stats.iterations.len() as u32,
            run.outcome.cost().unwrap() + 1
        );
    }
}

#[test]
fn limits_stop_runs_without_panicking() {
    let puzzle = Eight::standard();
    let board = Board::parse("8 6 7 2 5 4 3 x 1").unwrap();
    let nodes = Limits::none().with_max_expanded(100);
    let cost = Limits::none().with_max_cost(20);
    for run in [
        astar(&puzzle, &board, &Manhattan, &nodes),
        idastar(&puzzle, &board, &Manhattan, &nodes),
        bfs(&puzzle, &board, &nodes),
        iddfs(&puzzle, &board, &nodes),
    ] {
        assert_eq!(
            run.outcome,
            Outcome::Stopped(searchlab_core::LimitKind::Nodes)
        );
        assert_eq!(run.stats.expanded, 100);
    }
    for run in [
        astar(&puzzle, &board, &Manhattan, &cost),
        idastar(&puzzle, &board, &Manhattan, &cost),
        bfs(&puzzle, &board, &cost),
        iddfs(&puzzle, &board, &cost),
    ] {
        assert_eq!(
            run.outcome,
            Outcome::Stopped(searchlab_core::LimitKind::Cost)
        );
    }
    let time = Limits::none().with_timeout(std::time::Duration::ZERO);
    let run = iddfs(&puzzle, &board, &time);
    assert_eq!(
        run.outcome,
        Outcome::Stopped(searchlab_core::LimitKind::Time)
    );
}
