//! The rotation game's searches checked against each other and against plain BFS.
//!
//! BFS over whole boards (no heuristic) is the oracle for shallow boards; the pattern database
//! claims to be EXACT, so it is compared with BFS for equality, and then serves as the oracle
//! for the classic bound on deeper boards.

use std::sync::OnceLock;

use searchlab_core::{Limits, Problem, SplitMix64, astar, bfs, idastar, iddfs, replay};
use searchlab_rotation::generate::{random_board, scrambled_board};
use searchlab_rotation::pattern::{PATTERN_SIZE, move_mask, rank_mask, unrank_mask};
use searchlab_rotation::{Board, CentreBound, CentrePdb, Move, RotationGame, moves_to_string};

fn pdb() -> &'static CentrePdb {
    static PDB: OnceLock<CentrePdb> = OnceLock::new();
    PDB.get_or_init(CentrePdb::build)
}

fn bfs_distance(board: &Board) -> u32 {
    bfs(&RotationGame, board, &Limits::none())
        .outcome
        .cost()
        .expect("every rotation board is solvable")
}

/// The true distance of shallow boards: scrambles of 0..=7 moves, and uniform random boards
/// that happen to be within 6 moves.
fn shallow_boards() -> Vec<Board> {
    let mut rng = SplitMix64::new(2286);
    let mut boards = Vec::new();
    for depth in 0..=7 {
        let count = if depth == 7 { 10 } else { 40 };
        boards.extend((0..count).map(|_| scrambled_board(&mut rng, depth)));
    }
    let mut near = 0;
    while near < 40 {
        let board = random_board(&mut rng);
        if pdb().distance(&board) <= 6 {
            boards.push(board);
            near += 1;
        }
    }
    boards
}

#[test]
fn both_heuristics_are_admissible_and_the_pdb_is_exact_on_shallow_boards() {
    for board in shallow_boards() {
        let truth = bfs_distance(&board);
        assert!(CentreBound::bound(&board) <= truth, "{board}");
        assert_eq!(pdb().distance(&board), truth, "{board}");
    }
}

#[test]
fn the_classic_bound_never_exceeds_the_exact_distance() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..20_000 {
        let board = random_board(&mut rng);
        assert!(
            CentreBound::bound(&board) <= pdb().distance(&board),
            "{board}"
        );
    }
}

#[test]
fn both_heuristics_are_consistent() {
    // h(s) <= 1 + h(s') for every move: with unit costs, no move lowers h by more than one.
    let mut rng = SplitMix64::new(11);
    for _ in 0..2_000 {
        let board = random_board(&mut rng);
        for m in Move::ALL {
            let child = board.after(m);
            assert!(CentreBound::bound(&board) <= 1 + CentreBound::bound(&child));
            assert!(pdb().distance(&board) <= 1 + pdb().distance(&child));
        }
    }
}

#[test]
fn the_table_covers_every_set_and_respects_its_own_moves() {
    let table = pdb().pdb();
    assert_eq!(table.len(), PATTERN_SIZE);
    let counts = table.distribution();
    assert_eq!(counts.iter().sum::<u64>(), PATTERN_SIZE as u64);
    assert_eq!(counts[0], 1);
    // Bellman's equation on every entry: 0 at the goal, else 1 + the best neighbour.
    for r in 0..PATTERN_SIZE {
        let d = table
            .get(r)
            .expect("every set of eight cells reaches the centre");
        let mask = unrank_mask(r);
        let best = Move::ALL
            .map(|m| table.raw(rank_mask(move_mask(mask, m))))
            .into_iter()
            .min()
            .unwrap();
        if d == 0 {
            assert_eq!(mask, searchlab_rotation::pattern::CENTRE_MASK);
        } else {
            assert_eq!(d, best + 1, "rank {r}");
        }
    }
}

/// Random uniform boards: IDA* with either heuristic and A* with the pattern database give the
/// same string; A* with the classic bound the same LENGTH only (its open list breaks f ties by
/// depth and insertion order, which is not the lexicographic order of whole paths).
#[test]
fn searches_agree_on_random_boards() {
    let mut rng = SplitMix64::new(2);
    let mut classic_astar_differs = 0;
    for i in 0..300 {
        let board = random_board(&mut rng);
        let exact = idastar(&RotationGame, &board, pdb(), &Limits::none());
        let moves = exact.outcome.actions().expect("solved").to_vec();
        let (end, cost) = replay(&RotationGame, &board, &moves).unwrap();
        assert!(end.is_goal());
        assert_eq!(cost, pdb().distance(&board));
        // Exact heuristic: one iteration, only the path's nodes expanded.
        assert_eq!(exact.stats.iterations.len(), 1);
        assert_eq!(exact.stats.expanded, moves.len() as u64);

        let a_pdb = astar(&RotationGame, &board, pdb(), &Limits::none());
        assert_eq!(a_pdb.outcome.actions(), Some(&moves[..]), "{board}");

        // The classic bound is slow on deep boards: a third of the boards is plenty here,
        // the benchmark runs it on the fixed set.
        if i % 3 == 0 {
            let classic = idastar(&RotationGame, &board, &CentreBound, &Limits::none());
            assert_eq!(classic.outcome.actions(), Some(&moves[..]), "{board}");
            let a_classic = astar(&RotationGame, &board, &CentreBound, &Limits::none());
            let a_moves = a_classic.outcome.actions().expect("solved");
            assert_eq!(a_moves.len(), moves.len(), "{board}");
            assert!(replay(&RotationGame, &board, a_moves).unwrap().0.is_goal());
            if a_moves != &moves[..] {
                classic_astar_differs += 1;
            }
        }
    }
    // Not asserted as a fixed number: a record of why A* + classic is compared by length.
    eprintln!(
        "A* with the classic bound gave another optimal string on {classic_astar_differs} of 100 boards"
    );
}

#[test]
fn iddfs_and_bfs_find_the_same_smallest_string_on_shallow_boards() {
    let mut rng = SplitMix64::new(9);
    for depth in 0..=5 {
        for _ in 0..10 {
            let board = scrambled_board(&mut rng, depth);
            let exact = idastar(&RotationGame, &board, pdb(), &Limits::none());
            let deep = iddfs(&RotationGame, &board, &Limits::none());
            let wide = bfs(&RotationGame, &board, &Limits::none());
            assert_eq!(deep.outcome.actions(), exact.outcome.actions());
            assert_eq!(wide.outcome.actions(), exact.outcome.actions());
        }
    }
}

#[test]
fn the_judge_sample() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/rotation/");
    let input = std::fs::read_to_string(format!("{dir}poj2286.in")).unwrap();
    let expected = std::fs::read_to_string(format!("{dir}poj2286.out")).unwrap();
    let mut out = String::new();
    for line in input.lines().take_while(|l| l.trim() != "0") {
        let board: Board = line.parse().unwrap();
        let run = idastar(&RotationGame, &board, pdb(), &Limits::none());
        let moves = run.outcome.actions().unwrap();
        let end = replay(&RotationGame, &board, moves).unwrap().0;
        if moves.is_empty() {
            out.push_str("No moves needed\n");
        } else {
            out.push_str(&moves_to_string(moves));
            out.push('\n');
        }
        out.push_str(&format!("{}\n", end.centre_symbol().unwrap()));
    }
    assert_eq!(out, expected);
}

#[test]
fn a_solved_board_needs_no_moves_and_every_move_is_offered() {
    let mut rng = SplitMix64::new(3);
    let board = scrambled_board(&mut rng, 0);
    let run = idastar(&RotationGame, &board, pdb(), &Limits::none());
    assert_eq!(run.outcome.actions(), Some(&[][..]));
    let mut actions = Vec::new();
    RotationGame.actions(&board, &mut actions);
    assert_eq!(actions, Move::ALL);
}
