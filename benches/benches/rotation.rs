//! The rotation game: IDA* over the fixed set `puzzles/rotation/random.txt` (40 uniformly random
//! boards) with the classic centre bound and with the exact pattern database, side by side; the
//! table's build is measured separately.
//!
//! Before the timings, the node counts of both runs over the set are printed, so that nodes and
//! time can be read together: `cargo bench -p searchlab-benches --bench rotation`.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use searchlab_core::{Heuristic, Limits, idastar};
use searchlab_rotation::{Board, CentreBound, CentrePdb, RotationGame};

mod common;
use common::timed;

fn boards() -> Vec<Board> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../puzzles/rotation/random.txt"
    );
    let text = std::fs::read_to_string(path).expect("puzzles/rotation/random.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.parse().expect("the benchmark boards are valid"))
        .collect()
}

/// Solves every board; returns (total moves, expanded, generated).
fn solve_all<H: Heuristic<RotationGame>>(boards: &[Board], h: &H) -> (u64, u64, u64) {
    let mut totals = (0, 0, 0);
    for board in boards {
        let run = idastar(&RotationGame, board, h, &Limits::none());
        totals.0 += run.outcome.actions().expect("solvable").len() as u64;
        totals.1 += run.stats.expanded;
        totals.2 += run.stats.generated;
    }
    totals
}

fn rotation(c: &mut Criterion) {
    let boards = boards();
    let started = Instant::now();
    let pdb = CentrePdb::build();
    let build = started.elapsed();

    // Nodes and one timed pass each, printed side by side (criterion times them below).
    eprintln!(
        "rotation: {} boards of puzzles/rotation/random.txt",
        boards.len()
    );
    eprintln!(
        "pattern database build: {:.1} ms",
        build.as_secs_f64() * 1e3
    );
    let runs = [
        ("centre", timed(|| solve_all(&boards, &CentreBound))),
        ("pdb", timed(|| solve_all(&boards, &pdb))),
    ];
    for (name, ((moves, expanded, generated), time)) in runs {
        eprintln!(
            "idastar + {name:6}: moves {moves:4}, expanded {expanded:9}, generated {generated:10}, one pass {:9.3} ms",
            time.as_secs_f64() * 1e3
        );
    }

    let mut group = c.benchmark_group("rotation_idastar");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function(BenchmarkId::new("set", "centre"), |b| {
        b.iter(|| solve_all(black_box(&boards), &CentreBound))
    });
    group.bench_function(BenchmarkId::new("set", "pdb"), |b| {
        b.iter(|| solve_all(black_box(&boards), &pdb))
    });
    group.finish();

    let mut group = c.benchmark_group("rotation_pdb_build");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("centre_pdb", |b| b.iter(CentrePdb::build));
    group.finish();
}

criterion_group!(benches, rotation);
criterion_main!(benches);
