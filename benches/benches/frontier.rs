//! Issue 18's figures as criterion benches: parallel IDA* against sequential IDA* on Korf
//! 15-puzzle instances of a few tenths of a second each (Manhattan), and the layered
//! pattern-database builder against the queue builder (rotation table, 15-puzzle 5-tile
//! pattern). The long figures (all 100 instances, the 7-8 and 6-6-6-6 builds) come from the
//! `korf100`, `build_pdb` and `twentyfour` examples; see `benches/README.md`.
//!
//!     cargo bench -p searchlab-benches --bench frontier

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use searchlab_core::pdb::build_pdb;
use searchlab_core::pdb_build::BuildOptions;
use searchlab_core::{Limits, idastar, par_idastar};
use searchlab_npuzzle::pattern::PatternSpace;
use searchlab_npuzzle::pattern_build::build_pattern;
use searchlab_npuzzle::{Board, Fifteen, Manhattan, Move};
use searchlab_rotation::pattern::build_centre_pdb_by_queue;
use searchlab_rotation::pattern_build::build_centre_layered;

/// Korf's instances #9, #28 and #45 (1.7 M, 5.9 M and 6.2 M nodes with Manhattan).
fn instances() -> Vec<Board<16>> {
    let text = include_str!("../../puzzles/fifteen/korf100_with_korf85_nodes.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (head, board) = l.split_once('|')?;
            let id: u32 = head.split_whitespace().next()?.parse().ok()?;
            [9, 28, 45]
                .contains(&id)
                .then(|| Board::parse(board).expect("valid"))
        })
        .collect()
}

fn parallel_idastar(c: &mut Criterion) {
    let puzzle = Fifteen::blank_first().with_order([Move::Up, Move::Left, Move::Right, Move::Down]);
    let boards = instances();
    let mut group = c.benchmark_group("par_idastar/korf-9-28-45/manhattan");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("sequential", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(idastar(&puzzle, board, &Manhattan, &Limits::none()));
            }
        })
    });
    for threads in [1, 2] {
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &t| {
            b.iter(|| {
                for board in &boards {
                    black_box(par_idastar(&puzzle, board, &Manhattan, &Limits::none(), t));
                }
            })
        });
    }
    group.finish();
}

fn pattern_builds(c: &mut Criterion) {
    let mut group = c.benchmark_group("pdb_build");
    group.sample_size(10);
    group.bench_function("rotation-centre/queue", |b| {
        b.iter(|| black_box(build_centre_pdb_by_queue(|_| {}).unwrap()))
    });
    for threads in [1, 2] {
        let options = BuildOptions {
            threads,
            max_memory: None,
        };
        group.bench_with_input(
            BenchmarkId::new("rotation-centre/layered", threads),
            &options,
            |b, o| b.iter(|| black_box(build_centre_layered(o, |_| {}).unwrap())),
        );
    }
    let goal = *Fifteen::blank_first().goal();
    let tiles = [1u8, 2, 3, 4, 5];
    group.bench_function("fifteen-5-tile/queue", |b| {
        b.iter(|| {
            let space = PatternSpace::<4, 16>::new(goal, &tiles).unwrap();
            let full = build_pdb(&space, [space.goal_state()], |_| {}).unwrap();
            black_box(full.project(space.placements(), |r| r / 11))
        })
    });
    for threads in [1, 2] {
        let options = BuildOptions {
            threads,
            max_memory: None,
        };
        group.bench_with_input(
            BenchmarkId::new("fifteen-5-tile/layered", threads),
            &options,
            |b, o| b.iter(|| black_box(build_pattern::<4, 16>(&goal, &tiles, o, |_| {}).unwrap())),
        );
    }
    group.finish();
}

criterion_group!(benches, parallel_idastar, pattern_builds);
criterion_main!(benches);
