//! Tic-tac-toe: proving the empty 4 x 4 board a draw with the core's alpha-beta and table
//! under each move order and with or without symmetric table keys (an exact search and the
//! two null-window tests "can x win?", "can o win?"), the POJ 1568 positions of
//! `puzzles/tictactoe/` (the judge's sample and `positions.in`), and the 3 x 3 game solved by
//! plain minimax and by alpha-beta.
//!
//! Before the timings, node counts are printed so that nodes and time can be read together:
//! `cargo bench -p searchlab-benches --bench tictactoe`.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab_core::{GameResult, Limits, Stats, minimax};
use searchlab_tictactoe::{
    Board, Geometry, MoveOrder, Square, TicTacToe, WIN, first_winning_move,
    first_winning_move_with_stats, parse_input, poj1568_game, searcher,
};

mod common;
use common::{report_game, timed};

fn settings() -> Vec<(&'static str, TicTacToe)> {
    let g = poj1568_game();
    vec![
        ("threats+symmetry", g.clone()),
        ("threats", g.clone().with_symmetric_keys(false)),
        (
            "row-major+symmetry",
            g.clone().with_order(MoveOrder::RowMajor),
        ),
        (
            "row-major",
            g.with_order(MoveOrder::RowMajor).with_symmetric_keys(false),
        ),
    ]
}

fn no_eval(_: &Board) -> i32 {
    0
}

/// The empty board's exact value with a fresh table.
fn exact(game: &TicTacToe) -> GameResult<Square> {
    searcher(Limits::none()).search(game, &Board::EMPTY, &no_eval)
}

/// "Can x win?" (window (WIN-1, WIN)) and "can o win?" (window (-WIN, -WIN+1)), one table.
fn null_windows(game: &TicTacToe) -> (bool, bool, Stats) {
    let mut s = searcher(Limits::none());
    let x = s.search_window(game, &Board::EMPTY, &no_eval, WIN - 1, WIN);
    let o = s.search_window(game, &Board::EMPTY, &no_eval, -WIN, -WIN + 1);
    let mut stats = x.stats.clone();
    stats += &o.stats;
    (
        x.outcome.value().expect("no limits") >= WIN,
        o.outcome.value().expect("no limits") <= -WIN,
        stats,
    )
}

/// The boards of the judge's sample and of `positions.in`, in that order.
fn positions() -> Vec<Board> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/tictactoe/");
    ["poj1568.in", "positions.in"]
        .iter()
        .flat_map(|name| {
            let text = std::fs::read_to_string(format!("{dir}{name}")).expect(name);
            parse_input(&text)
                .into_iter()
                .map(|c| c.expect("the benchmark cases are valid"))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Answers every case with one searcher (as `judge 1568` does).
fn answer_all(game: &TicTacToe, boards: &[Board]) -> (usize, Stats) {
    let mut s = searcher(Limits::none());
    let mut wins = 0;
    let mut total = Stats::default();
    for b in boards {
        let (square, stats) = first_winning_move_with_stats(&mut s, game, b).expect("no limits");
        wins += usize::from(square.is_some());
        total += &stats;
    }
    (wins, total)
}

fn tictactoe(c: &mut Criterion) {
    let set = positions();
    let three = TicTacToe::new(Geometry::new(3, 3).expect("3 x 3"));

    eprintln!("tictactoe: the empty 4x4 board (a draw), one cold run each");
    for (name, game) in settings() {
        let (run, time) = timed(|| exact(&game));
        assert_eq!(
            run.outcome.value(),
            Some(0),
            "the empty 4x4 board is a draw"
        );
        report_game(&format!("exact value, {name}"), &run.stats, time);
    }
    for (name, game) in settings() {
        let ((x_wins, o_wins, stats), time) = timed(|| null_windows(&game));
        assert!(!x_wins && !o_wins);
        report_game(&format!("x wins? o wins?, {name}"), &stats, time);
    }
    eprintln!(
        "tictactoe: {} POJ 1568 positions of puzzles/tictactoe (sample + positions.in), one table",
        set.len()
    );
    let game = poj1568_game();
    let ((wins, stats), time) = timed(|| answer_all(&game, &set));
    report_game(
        &format!("first winning squares ({wins} wins)"),
        &stats,
        time,
    );
    eprintln!("tictactoe: the empty 3x3 board");
    let (run, time) = timed(|| minimax(&three, &Board::EMPTY, &no_eval, &Limits::none()));
    report_game("minimax", &run.stats, time);
    let (run, time) = timed(|| searcher(Limits::none()).search(&three, &Board::EMPTY, &no_eval));
    report_game("alpha-beta + table", &run.stats, time);

    let mut group = c.benchmark_group("tictactoe_empty_4x4");
    group.sample_size(20);
    for (name, game) in settings() {
        group.bench_function(format!("exact/{name}"), |b| {
            b.iter(|| exact(black_box(&game)))
        });
    }
    let best = settings().swap_remove(0).1;
    group.bench_function("null_windows/threats+symmetry", |b| {
        b.iter(|| null_windows(black_box(&best)))
    });
    group.finish();

    let mut group = c.benchmark_group("tictactoe_poj1568_positions");
    group.sample_size(20);
    group.bench_function("first_winning_move/threats+symmetry", |b| {
        b.iter(|| {
            let mut s = searcher(Limits::none());
            for board in black_box(&set) {
                black_box(first_winning_move(&mut s, &best, board).expect("no limits"));
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("tictactoe_empty_3x3");
    group.sample_size(20);
    group.bench_function("minimax", |b| {
        b.iter(|| minimax(&three, black_box(&Board::EMPTY), &no_eval, &Limits::none()))
    });
    group.bench_function("alphabeta+table", |b| {
        b.iter(|| searcher(Limits::none()).search(&three, black_box(&Board::EMPTY), &no_eval))
    });
    group.finish();
}

criterion_group!(benches, tictactoe);
criterion_main!(benches);
