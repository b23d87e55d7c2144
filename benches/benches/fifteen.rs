//! The 15-puzzle: IDA* on Korf's 100 instances (Korf 1985's move order u, l, r, d).
//!
//! * Manhattan distance and linear conflict on the quick subset (instances whose published
//!   Manhattan count is at most 3 million nodes; Manhattan on all 100 takes ~36 billion nodes,
//!   run it with the `korf100` example instead).
//! * The 6-6-3 pattern databases on all 100, without and with the reflected lookup.
//!
//! The node counts of one pass are printed before criterion times them, next to the published
//! Manhattan counts. The databases come from the cache (`$SEARCHLAB_CACHE`, ...) or are built
//! first; that time is printed apart. `cargo bench -p searchlab-benches --bench fifteen`.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab_core::{Heuristic, Limits, idastar};
use searchlab_npuzzle::cache::{cache_dir, load_or_build};
use searchlab_npuzzle::pattern::{AdditivePdb, Partition, Pattern};
use searchlab_npuzzle::{Board, Fifteen, LinearConflict, Manhattan, Move};

/// (published Manhattan nodes, board) of each instance.
fn korf100() -> Vec<(u64, Board<16>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../puzzles/fifteen/korf100_with_korf85_nodes.txt"
    );
    std::fs::read_to_string(path)
        .expect("puzzles/fifteen/korf100_with_korf85_nodes.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (head, board) = l.split_once('|').expect("id length nodes | board");
            let nodes = head.split_whitespace().nth(2).expect("nodes");
            (
                nodes.parse().expect("nodes"),
                Board::parse(board).expect("board"),
            )
        })
        .collect()
}

/// Solves every board; returns the generated nodes.
fn solve_all<H: Heuristic<Fifteen>>(puzzle: &Fifteen, boards: &[Board<16>], h: &H) -> u64 {
    boards
        .iter()
        .map(|b| {
            let run = idastar(puzzle, b, h, &Limits::none());
            assert!(run.outcome.cost().is_some());
            run.stats.generated
        })
        .sum()
}

fn fifteen(c: &mut Criterion) {
    let puzzle = Fifteen::blank_first().with_order([Move::Up, Move::Left, Move::Right, Move::Down]);
    let all = korf100();
    let published_all: u64 = all.iter().map(|k| k.0).sum();
    let quick: Vec<(u64, Board<16>)> = all.iter().copied().filter(|k| k.0 <= 3_000_000).collect();
    let published_quick: u64 = quick.iter().map(|k| k.0).sum();
    let (all, quick): (Vec<Board<16>>, Vec<Board<16>>) = (
        all.into_iter().map(|k| k.1).collect(),
        quick.into_iter().map(|k| k.1).collect(),
    );

    let started = Instant::now();
    let dir = cache_dir();
    let patterns: Vec<Pattern> = Partition::SixSixThree
        .tiles(puzzle.goal())
        .expect("blank-first goal")
        .into_iter()
        .map(|tiles| {
            let db = load_or_build::<4, 16>(puzzle.goal(), &tiles, dir.as_deref(), |_| {})
                .expect("6-6-3 database")
                .db;
            Pattern { tiles, db }
        })
        .collect();
    eprintln!(
        "6-6-3 databases loaded or built in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let pdb = AdditivePdb::new(&puzzle, patterns.clone(), false).expect("patterns");
    let reflected = AdditivePdb::new(&puzzle, patterns, true).expect("patterns");
    let lc = LinearConflict::new(&puzzle);

    eprintln!(
        "{} quick instances (published Manhattan nodes {published_quick}):",
        quick.len()
    );
    let (n, t) = timed(|| solve_all(&puzzle, &quick, &Manhattan));
    eprintln!("  manhattan        generated {n:>12} in {t:.2} s");
    let (n, t) = timed(|| solve_all(&puzzle, &quick, &lc));
    eprintln!("  linear-conflict  generated {n:>12} in {t:.2} s");
    eprintln!("all 100 instances (published Manhattan nodes {published_all}):");
    for (name, h) in [("pdb663", &pdb), ("pdb663+reflect", &reflected)] {
        let (n, t) = timed(|| solve_all(&puzzle, &all, h));
        eprintln!(
            "  {name:<16} generated {n:>12} in {t:.2} s ({:.0}x fewer than published Manhattan)",
            published_all as f64 / n as f64
        );
    }

    let mut group = c.benchmark_group("fifteen_quick");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("manhattan", |b| {
        b.iter(|| solve_all(&puzzle, black_box(&quick), &Manhattan))
    });
    group.bench_function("linear_conflict", |b| {
        b.iter(|| solve_all(&puzzle, black_box(&quick), &lc))
    });
    group.finish();
    let mut group = c.benchmark_group("fifteen_korf100");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(60));
    group.bench_function("pdb663_reflect", |b| {
        b.iter(|| solve_all(&puzzle, black_box(&all), &reflected))
    });
    group.bench_function("pdb663", |b| {
        b.iter(|| solve_all(&puzzle, black_box(&all), &pdb))
    });
    group.finish();
}

fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let n = f();
    (n, start.elapsed().as_secs_f64())
}

criterion_group!(benches, fifteen);
criterion_main!(benches);
