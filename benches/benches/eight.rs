//! The 8-puzzle: our A* and IDA* (Manhattan distance) against the `pathfinding` crate's `astar`
//! and `idastar` on the same boards, with the same successor order (u, d, l, r) and heuristic.
//!
//! Run: `cargo bench -p searchlab-benches --bench eight`.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab_core::{Limits, Problem, astar, idastar};
use searchlab_npuzzle::{Board, Eight, Manhattan};

/// The solvable boards of an instance file.
fn boards(text: &str) -> Vec<Board<9>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter(|l| !l.contains("unsolvable"))
        .map(|l| Board::parse(l.split('|').next().unwrap()).expect("bench boards are valid"))
        .collect()
}

fn successors(puzzle: &Eight, board: &Board<9>) -> Vec<(Board<9>, u32)> {
    let mut actions = Vec::with_capacity(4);
    puzzle.actions(board, &mut actions);
    actions.iter().map(|a| puzzle.result(board, a)).collect()
}

/// Two sets: `bench.txt`, 12 uniform random boards (typical searches: tens to thousands of
/// nodes), and `hard.txt`, one board per optimal length 0..31 plus the two 31-move boards (A*
/// then expands up to ~10^5 nodes, where the node store and open list dominate).
fn bench(c: &mut Criterion) {
    for (name, text) in [
        ("eight", include_str!("../../puzzles/eight/bench.txt")),
        ("eight-hard", include_str!("../../puzzles/eight/hard.txt")),
    ] {
        bench_set(c, name, &boards(text));
    }
}

fn bench_set(c: &mut Criterion, name: &str, boards: &[Board<9>]) {
    let puzzle = Eight::standard();
    // Both libraries must agree before their speed is compared.
    for b in boards {
        let ours = astar(&puzzle, b, &Manhattan, &Limits::none())
            .outcome
            .cost();
        let theirs = pathfinding::directed::astar::astar(
            b,
            |n| successors(&puzzle, n),
            |n| puzzle.manhattan(n),
            |n| puzzle.is_goal(n),
        )
        .map(|(_, cost)| cost);
        assert_eq!(ours, theirs, "{b}");
    }
    let mut group = c.benchmark_group(name);
    group.sample_size(20);
    group.bench_function("searchlab astar", |bch| {
        bch.iter(|| {
            for b in boards {
                black_box(
                    astar(&puzzle, b, &Manhattan, &Limits::none())
                        .outcome
                        .cost(),
                );
            }
        })
    });
    group.bench_function("pathfinding astar", |bch| {
        bch.iter(|| {
            for b in boards {
                black_box(pathfinding::directed::astar::astar(
                    b,
                    |n| successors(&puzzle, n),
                    |n| puzzle.manhattan(n),
                    |n| puzzle.is_goal(n),
                ));
            }
        })
    });
    group.bench_function("searchlab idastar", |bch| {
        bch.iter(|| {
            for b in boards {
                black_box(
                    idastar(&puzzle, b, &Manhattan, &Limits::none())
                        .outcome
                        .cost(),
                );
            }
        })
    });
    group.bench_function("pathfinding idastar", |bch| {
        bch.iter(|| {
            for b in boards {
                black_box(pathfinding::directed::idastar::idastar(
                    b,
                    |n| successors(&puzzle, n),
                    |n| puzzle.manhattan(n),
                    |n| puzzle.is_goal(n),
                ));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
