//! The recorder's counts against the searches' own statistics, for every algorithm of a
//! puzzle and of a game: a page's counters at its end are these counts, and they must equal
//! what the CLI prints (or the page says they differ: depth-first branch and bound, see
//! `Counting` in record.rs).

use searchlab_replay::{Recorder, Recording};
use searchlab_toolkit::{Algorithm, Description, Limits, Options, Trace};

/// Solves `text` with `algorithm`, recording; the recording and the statistics.
fn record<D: Description>(
    text: &str,
    algorithm: Algorithm,
) -> (Recording, searchlab_toolkit::Stats) {
    let mut problem = D::new(&Options::new()).unwrap();
    let instance = problem.parse(text).unwrap();
    let heuristic = D::default_heuristic();
    problem.prepare(algorithm, heuristic, &mut |_| {}).unwrap();
    let recorder = Recorder::new(u64::MAX);
    let recordings = recorder.recordings();
    let trace = Trace::new(recorder);
    trace.with(|t| t.start_search());
    let limits = Limits::none().with_trace(trace.clone());
    let answer = problem.solve(&instance, algorithm, heuristic, &limits);
    trace.with(|t| t.end_search()).unwrap();
    (recordings.take().unwrap(), answer.stats)
}

/// Every algorithm of `D` but those named in `differ` (and MCTS, which reports no events)
/// counts as its events do; those named differ, so that a change in them is noticed.
fn check<D: Description>(text: &str, differ: &[&str]) {
    for algorithm in D::algorithms() {
        let name = algorithm.name();
        if name == "mcts" {
            continue;
        }
        let (rec, stats) = record::<D>(text, algorithm);
        assert!(!rec.events.is_empty(), "{} {name}: no events", D::NAME);
        assert!(!rec.truncated());
        assert_eq!(
            rec.expanded(),
            stats.expanded,
            "{} {name}: expanded",
            D::NAME
        );
        if differ.contains(&name) {
            assert_ne!(
                rec.generated(),
                stats.generated,
                "{} {name} now counts as its events do",
                D::NAME
            );
        } else {
            assert_eq!(
                rec.generated(),
                stats.generated,
                "{} {name}: generated",
                D::NAME
            );
        }
    }
}

#[test]
fn eight_puzzle_algorithms_count_as_their_events() {
    check::<searchlab_npuzzle::describe::EightPuzzle>("8 1 3 4 x 2 7 6 5", &["dfbnb"]);
    check::<searchlab_npuzzle::describe::EightPuzzle>("x 5 3 2 7 6 1 4 8", &[]);
}

#[test]
fn water_jug_algorithms_count_as_their_events() {
    check::<searchlab_waterjug::WaterJug>("3 5 : 4", &["dfbnb"]);
}

#[test]
fn game_tree_algorithms_count_as_their_events() {
    let fig = "((((0,5),(-3,8)),((3),(7,2),(1,9),(6,4))),(((5,4,1),(-3,2)),((6,8),(4,7))))";
    check::<searchlab_gametree::describe::Tree>(fig, &[]);
    check::<searchlab_gametree::describe::Tree>("((3,5),(6,(9,1)))", &[]);
}

#[test]
fn tictactoe_algorithms_count_as_their_events() {
    check::<searchlab_tictactoe::describe::TicTacToeGame>("x../.o./...", &[]);
    check::<searchlab_tictactoe::describe::TicTacToeGame>(".../.../...", &[]);
}

#[test]
fn other_problems_count_as_their_events() {
    check::<searchlab_rotation::describe::Rotation>(
        "3 1 2 2 1 3 3 2 2 2 3 2 2 3 1 1 1 2 1 3 1 3 1 3",
        &[],
    );
    let map = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/grid/arena.map");
    check::<searchlab_grid::describe::GridPaths>(&format!("{map} 1 40 47 3"), &[]);
    check::<searchlab_graph::describe::GraphProblem>("Arad Bucharest", &["dfbnb"]);
    check::<searchlab_triangle::describe::Triangle>(
        "2-5 5-9 9-10 6-10 8-9 2-3 5-6 6-9 7-8 1-3 3-5 4-5",
        &[],
    );
    check::<searchlab_connect4::describe::Connect4Game>(
        "2252576253462244111563365343671351441",
        &[],
    );
}
