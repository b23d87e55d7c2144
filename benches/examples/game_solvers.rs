//! Every game solver's work to prove the value of an empty board: 3 x 3 and 4 x 4 tic-tac-toe
//! and Triangle War, for minimax, alpha-beta and principal variation search with and without
//! the transposition table. One cold run per cell (a fresh table), with its node counts and
//! wall-clock time; a solver that needs more than `--max-nodes` expansions (default
//! 200,000,000) is reported as stopped, with the nodes it spent.
//!
//!     cargo run --release -p searchlab-benches --example game_solvers [-- --max-nodes N]
//!
//! The games use their fastest settings (threat-first / greedy move order, symmetric table
//! keys); a table-less search cannot use the keys, so it differs only in move order.

use std::time::Instant;

use searchlab_core::{
    AlphaBeta, AlphaBetaConfig, Evaluator, Game, GameOutcome, GameResult, Limits, Pvs, PvsConfig,
    minimax,
};
use searchlab_tictactoe::{Board, Geometry, TicTacToe, WIN};
use searchlab_triangle::{Position, TriangleWar};

/// A solver run: game, root, evaluator, limits.
type Run<'a, G, E> =
    Box<dyn Fn(&G, &<G as Game>::State, &E, &Limits) -> GameResult<<G as Game>::Move> + 'a>;

fn run_alphabeta<G: Game, E: Evaluator<G>>(
    table: bool,
    range: (i32, i32),
) -> impl Fn(&G, &G::State, &E, &Limits) -> GameResult<G::Move> {
    move |g, s, e, l| {
        let mut config = AlphaBetaConfig::new()
            .with_limits(l.clone())
            .with_table(table);
        if range.0 < range.1 {
            config = config.with_value_range(range.0, range.1);
        }
        AlphaBeta::new(config).search(g, s, e)
    }
}

fn run_pvs<G: Game, E: Evaluator<G>>(
    table: bool,
    range: (i32, i32),
) -> impl Fn(&G, &G::State, &E, &Limits) -> GameResult<G::Move> {
    move |g, s, e, l| {
        let config = PvsConfig::new()
            .with_limits(l.clone())
            .with_table(table)
            .with_value_range(range.0, range.1);
        Pvs::new(config).search(g, s, e)
    }
}

/// Prints one line per solver for `root` of `game`.
fn table_for<G: Game, E: Evaluator<G>>(
    title: &str,
    game: &G,
    root: &G::State,
    eval: &E,
    range: (i32, i32),
    max_nodes: u64,
) {
    println!("\n{title}");
    println!(
        "  {:<22} {:>8} {:>14} {:>14} {:>13} {:>13} {:>13} {:>10}",
        "solver", "value", "expanded", "generated", "cutoffs", "probes", "hits", "time (s)"
    );
    let limits = Limits::none().with_max_expanded(max_nodes);
    let solvers: Vec<(&str, Run<'_, G, E>)> = vec![
        ("minimax", Box::new(|g, s, e, l| minimax(g, s, e, l))),
        (
            "alphabeta (no table)",
            Box::new(run_alphabeta(false, range)),
        ),
        ("alphabeta (table)", Box::new(run_alphabeta(true, range))),
        ("pvs (no table)", Box::new(run_pvs(false, range))),
        ("pvs (table)", Box::new(run_pvs(true, range))),
    ];
    for (name, solve) in &solvers {
        let start = Instant::now();
        let run = solve(game, root, eval, &limits);
        let time = start.elapsed().as_secs_f64();
        let value = match &run.outcome {
            GameOutcome::Solved(s) => s.value.to_string(),
            GameOutcome::Stopped { .. } => "stopped".to_string(),
        };
        let st = &run.stats;
        println!(
            "  {name:<22} {value:>8} {:>14} {:>14} {:>13} {:>13} {:>13} {time:>10.3}",
            st.expanded, st.generated, st.cutoffs, st.table_probes, st.table_hits
        );
    }
}

fn main() {
    let mut max_nodes = 200_000_000u64;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--max-nodes" if i + 1 < args.len() => {
                max_nodes = match args[i + 1].parse() {
                    Ok(n) => n,
                    Err(_) => {
                        eprintln!("--max-nodes takes a number, got {:?}", args[i + 1]);
                        std::process::exit(2);
                    }
                };
                i += 2;
            }
            other => {
                eprintln!("unknown argument {other:?}; usage: game_solvers [--max-nodes N]");
                std::process::exit(2);
            }
        }
    }
    let no_eval = |_: &Board| 0;
    for n in [3, 4] {
        let geometry = Geometry::new(n, n).expect("3 and 4 are valid sizes");
        let game = TicTacToe::new(geometry);
        table_for(
            &format!("empty {n} x {n} tic-tac-toe (value: 0 = draw)"),
            &game,
            &Board::EMPTY,
            &no_eval,
            (-WIN, WIN),
            max_nodes,
        );
    }
    let no_eval = |_: &Position| 0;
    table_for(
        "empty Triangle War (value: A's triangles minus B's)",
        &TriangleWar::default(),
        &Position::start(),
        &no_eval,
        (-9, 9),
        max_nodes,
    );
}
