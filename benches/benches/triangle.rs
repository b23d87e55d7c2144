//! Triangle War: solving the empty board with the core's alpha-beta and transposition table
//! under each move order and with or without symmetric table keys, and the fixed positions of
//! `puzzles/triangle/` (the judge's sample and `positions.in`). The retrograde table over all
//! 2^18 segment sets, the tests' oracle, is timed beside them.
//!
//! Before the timings, node counts are printed so that nodes and time can be read together:
//! `cargo bench -p searchlab-benches --bench triangle`.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab_core::{Limits, Stats};
use searchlab_triangle::exhaustive::Table;
use searchlab_triangle::input::parse_judge;
use searchlab_triangle::solve::Solver;
use searchlab_triangle::{MoveOrder, Position, TriangleWar};

mod common;
use common::{report_game, timed};

const SETTINGS: [(&str, TriangleWar); 4] = [
    (
        "greedy+symmetry",
        TriangleWar {
            order: MoveOrder::Greedy,
            symmetry: true,
        },
    ),
    (
        "greedy",
        TriangleWar {
            order: MoveOrder::Greedy,
            symmetry: false,
        },
    ),
    (
        "index+symmetry",
        TriangleWar {
            order: MoveOrder::Index,
            symmetry: true,
        },
    ),
    (
        "index",
        TriangleWar {
            order: MoveOrder::Index,
            symmetry: false,
        },
    ),
];

/// The positions of the judge's sample and of `positions.in`, in that order.
fn positions() -> Vec<Position> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/triangle/");
    ["poj1085.in", "positions.in"]
        .iter()
        .flat_map(|name| {
            let text = std::fs::read_to_string(format!("{dir}{name}")).expect(name);
            parse_judge(&text)
                .games
                .into_iter()
                .map(|g| g.expect("the benchmark games are valid").position)
        })
        .collect()
}

/// What a search costs: one solve of each position with a fresh solver (one table for the set).
fn solve_set(game: TriangleWar, positions: &[Position], winner_only: bool) -> Stats {
    let mut solver = Solver::new(game, Limits::none());
    let mut total = Stats::default();
    for p in positions {
        let stats = if winner_only {
            solver.winner(p).expect("no limits").1
        } else {
            solver.value(p).expect("no limits").1
        };
        total += &stats;
    }
    total
}

fn triangle(c: &mut Criterion) {
    let start = [Position::start()];
    let set = positions();

    eprintln!("triangle: the empty board (value -3: B wins 6-3), one cold run each");
    for (name, game) in SETTINGS {
        let (stats, time) = timed(|| solve_set(game, &start, false));
        report_game(&format!("value, {name}"), &stats, time);
    }
    let (stats, time) = timed(|| solve_set(SETTINGS[0].1, &start, true));
    report_game("winner, greedy+symmetry", &stats, time);
    let (analysis, time) = timed(|| Solver::default().analyse(&Position::start()));
    report_game(
        "all 18 moves, greedy+symmetry",
        &analysis.expect("no limits").stats,
        time,
    );
    eprintln!(
        "triangle: {} positions of puzzles/triangle (sample + positions.in), one table",
        set.len()
    );
    for (name, game) in SETTINGS {
        let (stats, time) = timed(|| solve_set(game, &set, false));
        report_game(&format!("values, {name}"), &stats, time);
    }
    let (stats, time) = timed(|| solve_set(SETTINGS[0].1, &set, true));
    report_game("winners, greedy+symmetry", &stats, time);

    let mut group = c.benchmark_group("triangle_empty_board");
    group.sample_size(20);
    for (name, game) in SETTINGS {
        group.bench_function(format!("value/{name}"), |b| {
            b.iter(|| solve_set(game, black_box(&start), false))
        });
    }
    group.bench_function("winner/greedy+symmetry", |b| {
        b.iter(|| solve_set(SETTINGS[0].1, black_box(&start), true))
    });
    group.bench_function("all_moves/greedy+symmetry", |b| {
        b.iter(|| Solver::default().analyse(black_box(&Position::start())))
    });
    group.bench_function("exhaustive_table_2^18", |b| b.iter(Table::build));
    group.finish();

    let mut group = c.benchmark_group("triangle_positions");
    group.sample_size(20);
    group.bench_function("values/greedy+symmetry", |b| {
        b.iter(|| solve_set(SETTINGS[0].1, black_box(&set), false))
    });
    group.bench_function("winners/greedy+symmetry", |b| {
        b.iter(|| solve_set(SETTINGS[0].1, black_box(&set), true))
    });
    group.finish();
}

criterion_group!(benches, triangle);
criterion_main!(benches);
