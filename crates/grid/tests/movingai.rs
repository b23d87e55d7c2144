//! The MovingAI scenarios against their optimal lengths: A*, UCS and JPS on every query of
//! `arena.map.scen` and on a sample of every bucket of `maze512-32-9.map.scen`.

use std::path::PathBuf;

use searchlab_core::{Limits, replay};
use searchlab_grid::{
    Algorithm, Connectivity, Grid, GridHeuristic, Instance, moves_cost, read_instances, solve,
};

fn puzzles(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../puzzles/grid")
        .join(name)
}

fn instances(name: &str) -> Vec<Instance> {
    read_instances(&puzzles(name), None)
        .expect("scenario file reads")
        .into_iter()
        .map(|r| r.expect("every shipped query is valid"))
        .collect()
}

/// Runs the three algorithms and checks each length against the file and the path against the
/// map (replayed move by move through the problem's own rules).
fn check(instance: &Instance) {
    for algorithm in [Algorithm::AStar, Algorithm::Ucs, Algorithm::Jps] {
        let run = solve(
            instance,
            algorithm,
            GridHeuristic::Octile,
            Connectivity::Eight,
            &Limits::none(),
            false,
        )
        .unwrap();
        let cost = run
            .outcome
            .cost()
            .unwrap_or_else(|| panic!("{} {}: {:?}", instance.name, algorithm.name(), run.outcome));
        assert!(
            instance.is_expected(cost),
            "{} {}: {} but the file says {}",
            instance.name,
            algorithm.name(),
            cost.to_decimal(instance.scenario.expected.decimals()),
            instance.scenario.expected
        );
        let moves = run.outcome.actions().unwrap();
        let grid = Grid::new(&instance.map, instance.goal, Connectivity::Eight);
        let (end, replayed) = replay(&grid, &instance.start, moves).expect("legal moves");
        assert_eq!(end, instance.goal, "{}", instance.name);
        assert_eq!(replayed, cost);
        assert_eq!(moves_cost(moves), cost);
    }
}

#[test]
fn every_arena_query_has_the_files_optimal_length() {
    let all = instances("arena.map.scen");
    assert_eq!(all.len(), 160);
    all.iter().for_each(check);
}

#[test]
fn a_sample_of_every_maze_bucket_has_the_files_optimal_length() {
    let all = instances("maze512-32-9.map.scen");
    assert_eq!(all.len(), 8010);
    // Every 40th query: about 200, spread over all buckets 0..800.
    let sample: Vec<&Instance> = all.iter().step_by(40).collect();
    let buckets: std::collections::BTreeSet<u32> =
        sample.iter().map(|i| i.scenario.bucket / 100).collect();
    assert_eq!(buckets.len(), 9, "the sample spans the buckets");
    sample.into_iter().for_each(check);
}

/// Every one of the 8010 maze queries with JPS (about 6 s in a release-like test build).
/// Run with `cargo test -p searchlab-grid --test movingai -- --ignored`.
#[test]
#[ignore]
fn every_maze_query_with_jps() {
    let all = instances("maze512-32-9.map.scen");
    let mut exactly = 0;
    for instance in &all {
        let run = solve(
            instance,
            Algorithm::Jps,
            GridHeuristic::Octile,
            Connectivity::Eight,
            &Limits::none(),
            false,
        )
        .unwrap();
        let cost = run.outcome.cost().expect("every query is connected");
        let expected = &instance.scenario.expected;
        assert!(expected.matches(cost), "{}: {cost}", instance.name);
        exactly += usize::from(expected.matches_exactly(cost));
    }
    // The file's convention (sqrt(2) = 1.414213562) explains every line; correct rounding of
    // the exact value agrees on a minority only.
    assert!(exactly < all.len());
}
