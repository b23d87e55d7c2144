//! Connect Four: Pons' test protocol through the core's game search (alpha-beta with the
//! solver's default fixed table and enhanced transposition cutoffs, driven by `mtdf`'s bisection). Each
//! position is solved from an empty table, as in the protocol.
//!
//! Before the timings, one cold pass over each workload prints its nodes and time. The full
//! protocol figures (all of `Test_L2_R2`, the first 100 of `Test_L1_R2`, mean time and nodes
//! per position, CPU time beside wall time) come from the example:
//! `cargo run --release -p searchlab-connect4 --example protocol -- puzzles/connect4/Test_L2_R2`.
//! This bench: `cargo bench -p searchlab-benches --bench connect4`.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab_connect4::{
    Connect4, DEFAULT_TABLE_BYTES, SolveOptions, Solver, TestCase, parse_test_line,
};
use searchlab_core::{Narrowing, Stats};

mod common;
use common::{report_game, timed};

/// The first `n` cases of `puzzles/connect4/NAME`.
fn load(name: &str, n: usize) -> Vec<TestCase> {
    let path = format!("{}/../puzzles/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test set");
    let game = Connect4::standard();
    text.lines()
        .take(n)
        .map(|l| parse_test_line(&game, l).expect("valid test line"))
        .collect()
}

/// Scores every case from an empty table, checking each; returns the summed statistics.
fn solve_all(solver: &mut Solver, cases: &[TestCase]) -> Stats {
    let mut total = Stats::default();
    for case in cases {
        solver.reset();
        let (score, stats) = solver
            .score_with_stats(&case.position, &SolveOptions::default())
            .expect("no limits");
        assert_eq!(score, case.score, "{}", case.moves);
        total += &stats;
    }
    total
}

fn connect4(c: &mut Criterion) {
    let workloads = [
        ("Test_L2_R2 first 50", load("Test_L2_R2", 50)),
        ("Test_L1_R2 first 5", load("Test_L1_R2", 5)),
    ];
    let mut solver = Solver::new(Connect4::standard(), DEFAULT_TABLE_BYTES);
    let mut mtdf = Solver::new(Connect4::standard(), DEFAULT_TABLE_BYTES)
        .with_narrowing(Narrowing::Mtdf { guess: 0 });
    let mut no_etc = Solver::new(Connect4::standard(), DEFAULT_TABLE_BYTES).with_etc(false);
    eprintln!(
        "connect4: one cold pass per workload, table {} MiB ({} slots)",
        solver.table_bytes() >> 20,
        solver.table_slots()
    );
    for (name, cases) in &workloads {
        for (label, s) in [
            ("bisect+etc", &mut solver),
            ("mtdf+etc", &mut mtdf),
            ("bisect", &mut no_etc),
        ] {
            let (stats, time) = timed(|| solve_all(s, cases));
            report_game(&format!("{name}, {label}"), &stats, time);
        }
    }

    let mut group = c.benchmark_group("connect4");
    group.sample_size(10);
    for (name, cases) in &workloads {
        group.bench_function(*name, |b| {
            b.iter(|| solve_all(&mut solver, black_box(cases)))
        });
    }
    group.finish();
}

criterion_group!(benches, connect4);
criterion_main!(benches);
