//! Every game solver's work to prove the value of an empty board: 3 x 3 and 4 x 4 tic-tac-toe
//! and Triangle War, for minimax, alpha-beta and principal variation search with and without
//! the transposition table, MTD(f), and alpha-beta with iterative deepening without and with
//! aspiration windows; then the same solvers summed over the first `--connect4 N` end-game
//! positions of Pons' `Test_L3_R1` (default 20), each checked against Pons' score. One cold
//! run per cell (a fresh table), with its node counts and wall-clock time; a solver that needs
//! more than `--max-nodes` expansions (default 200,000,000; per position for Connect Four) is
//! reported as stopped, with the nodes it spent.
//!
//!     cargo run --release -p searchlab-benches --example game_solvers [-- --max-nodes N] [--connect4 N]
//!
//! The games use their fastest settings (threat-first / greedy move order, symmetric table
//! keys); a table-less search cannot use the keys, so it differs only in move order.

use std::time::Instant;

use searchlab_connect4::{Board as C4Board, Connect4, Position as C4Position, Rules};
use searchlab_tictactoe::{Board, Geometry, SeedEval, TicTacToe, WIN};
use searchlab_toolkit::{
    AlphaBeta, AlphaBetaConfig, Evaluator, Game, GameOutcome, GameResult, GameSolver, Limits, Pvs,
    PvsConfig, Stats, minimax,
};
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

/// A catalogue solver (MTD(f), alpha-beta with aspiration windows) with the table, the value
/// range and, when `iterative`, iterative deepening.
fn run_catalogue<G: Game, E: Evaluator<G>>(
    algo: GameSolver,
    iterative: bool,
    range: (i32, i32),
) -> impl Fn(&G, &G::State, &E, &Limits) -> GameResult<G::Move> {
    move |g, s, e, l| {
        let config = AlphaBetaConfig::new()
            .with_limits(l.clone())
            .with_iterative(iterative)
            .with_value_range(range.0, range.1);
        algo.run(g, s, e, &config)
    }
}

/// Aspiration windows' half-widths measured.
const WINDOWS: [i32; 3] = [1, 5, 50];

/// Every solver of the table, named.
fn solvers<'a, G: Game + 'a, E: Evaluator<G> + 'a>(
    range: (i32, i32),
    with_minimax: bool,
) -> Vec<(String, Run<'a, G, E>)> {
    let mut v: Vec<(String, Run<'a, G, E>)> = Vec::new();
    if with_minimax {
        v.push(("minimax".into(), Box::new(|g, s, e, l| minimax(g, s, e, l))));
    }
    v.push((
        "alphabeta (no table)".into(),
        Box::new(run_alphabeta(false, range)),
    ));
    v.push((
        "alphabeta (table)".into(),
        Box::new(run_alphabeta(true, range)),
    ));
    v.push(("pvs (no table)".into(), Box::new(run_pvs(false, range))));
    v.push(("pvs (table)".into(), Box::new(run_pvs(true, range))));
    v.push((
        "mtdf (table)".into(),
        Box::new(run_catalogue(GameSolver::Mtdf, false, range)),
    ));
    v.push((
        "alphabeta iterative".into(),
        Box::new(run_catalogue(GameSolver::Alphabeta(None), true, range)),
    ));
    for w in WINDOWS {
        v.push((
            format!("  + aspiration={w}"),
            Box::new(run_catalogue(GameSolver::Alphabeta(Some(w)), true, range)),
        ));
    }
    v
}

fn header(title: &str) {
    println!("\n{title}");
    println!(
        "  {:<22} {:>8} {:>14} {:>14} {:>13} {:>13} {:>13} {:>10}",
        "solver", "value", "expanded", "generated", "cutoffs", "probes", "hits", "time (s)"
    );
}

fn line(name: &str, value: &str, st: &Stats, time: f64) {
    println!(
        "  {name:<22} {value:>8} {:>14} {:>14} {:>13} {:>13} {:>13} {time:>10.3}",
        st.expanded, st.generated, st.cutoffs, st.table_probes, st.table_hits
    );
}

/// Prints one line per solver for `root` of `game` (only the iterative-deepening ones when
/// `deepening_only`: the others never call the evaluator on a search to the end).
fn table_for<G: Game, E: Evaluator<G>>(
    title: &str,
    game: &G,
    root: &G::State,
    eval: &E,
    range: (i32, i32),
    max_nodes: u64,
    deepening_only: bool,
) {
    header(title);
    let limits = Limits::none().with_max_expanded(max_nodes);
    let all = solvers::<G, E>(range, true);
    let deepening = |name: &str| name.contains("iterative") || name.contains("aspiration");
    for (name, solve) in all.iter().filter(|(n, _)| !deepening_only || deepening(n)) {
        let start = Instant::now();
        let run = solve(game, root, eval, &limits);
        let time = start.elapsed().as_secs_f64();
        let value = match &run.outcome {
            GameOutcome::Solved(s) => s.value.to_string(),
            GameOutcome::Stopped { .. } => "stopped".to_string(),
        };
        line(name, &value, &run.stats, time);
    }
}

/// Every solver summed over the first `count` positions of Pons' `Test_L3_R1` (plain rules,
/// values for the first player in -21..=21), each value checked against Pons' score; the value
/// column says how many positions were proved and agreed (`20/20`), or how many were stopped.
fn connect4_table(count: usize, max_nodes: u64) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../puzzles/connect4/Test_L3_R1"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(2);
    });
    let game = Connect4::new(C4Board::standard(), Rules::Plain);
    let mut positions: Vec<(C4Position, i32)> = Vec::new();
    for l in text.lines().take(count) {
        let mut parts = l.split_whitespace();
        let (Some(moves), Some(score)) = (parts.next(), parts.next()) else {
            continue;
        };
        let pos = game
            .board()
            .parse(moves)
            .expect("Pons' positions are legal");
        let score: i32 = score.parse().expect("Pons' scores are integers");
        positions.push((pos, game.to_value(&pos, score)));
    }
    header(&format!(
        "Connect Four, the first {} positions of Test_L3_R1 (28-42 stones), summed",
        positions.len()
    ));
    let eval = |_: &C4Position| 0;
    let max = game.max_score();
    let limits = Limits::none().with_max_expanded(max_nodes);
    for (name, solve) in &solvers::<Connect4, _>((-max, max), true) {
        let (mut total, mut agreed, mut stopped, mut time) = (Stats::default(), 0, 0, 0.0);
        for (pos, expected) in &positions {
            let start = Instant::now();
            let run = solve(&game, pos, &eval, &limits);
            time += start.elapsed().as_secs_f64();
            total += &run.stats;
            match run.outcome {
                GameOutcome::Solved(s) if s.value == *expected => agreed += 1,
                GameOutcome::Solved(s) => {
                    eprintln!("{name}: value {} where Pons says {expected}", s.value);
                    std::process::exit(1);
                }
                GameOutcome::Stopped { .. } => stopped += 1,
            }
        }
        let value = if stopped > 0 {
            format!("{stopped} stop")
        } else {
            format!("{agreed}/{}", positions.len())
        };
        line(name, &value, &total, time);
    }
}

fn main() {
    let mut max_nodes = 200_000_000u64;
    let mut connect4 = 20usize;
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
            "--connect4" if i + 1 < args.len() => {
                connect4 = match args[i + 1].parse() {
                    Ok(n) => n,
                    Err(_) => {
                        eprintln!("--connect4 takes a number, got {:?}", args[i + 1]);
                        std::process::exit(2);
                    }
                };
                i += 2;
            }
            other => {
                eprintln!(
                    "unknown argument {other:?}; usage: game_solvers [--max-nodes N] [--connect4 N]"
                );
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
            false,
        );
    }
    // Iterative deepening evaluates the positions at each iteration's horizon: with an
    // evaluation that varies, successive iterations' values differ and aspiration windows
    // have something to aim at.
    table_for(
        "empty 4 x 4 tic-tac-toe, iterative deepening with seed 001's evaluation (SeedEval)",
        &TicTacToe::new(Geometry::new(4, 4).expect("a valid size")),
        &Board::EMPTY,
        &SeedEval,
        (-WIN, WIN),
        max_nodes,
        true,
    );
    let no_eval = |_: &Position| 0;
    table_for(
        "empty Triangle War (value: A's triangles minus B's)",
        &TriangleWar::default(),
        &Position::start(),
        &no_eval,
        (-9, 9),
        max_nodes,
        false,
    );
    table_for(
        "empty Triangle War, iterative deepening with the margin as evaluation",
        &TriangleWar::default(),
        &Position::start(),
        &(Position::margin as fn(&Position) -> i32),
        (-9, 9),
        max_nodes,
        true,
    );
    if connect4 > 0 {
        connect4_table(connect4, max_nodes);
    }
}
