//! The grid's rules on hand-made maps (corner cutting, water, 4 connections), JPS = A* = UCS =
//! an independent Dijkstra on random maps with random obstacles, and the other core searches
//! (IDA*, BFS) on the exact cost.

use std::sync::Arc;

use searchlab_core::{Limits, Octile, Outcome, SplitMix64, bfs, idastar};
use searchlab_grid::{
    Algorithm, Cell, Connectivity, Grid, GridHeuristic, GridMap, Instance, Manhattan,
    OctileDistance, Scenario, moves_to_string, parse_scen, solve,
};

fn map(rows: &[&str]) -> Arc<GridMap> {
    let text = format!(
        "type octile\nheight {}\nwidth {}\nmap\n{}\n",
        rows.len(),
        rows[0].len(),
        rows.join("\n")
    );
    Arc::new(GridMap::parse(&text, "test.map").unwrap())
}

fn instance(map: &Arc<GridMap>, start: Cell, goal: Cell) -> Instance {
    let line = format!(
        "0\ttest.map\t{}\t{}\t{}\t{}\t{}\t{}\t0",
        map.width(),
        map.height(),
        start.x,
        start.y,
        goal.x,
        goal.y
    );
    let scenario: Scenario = parse_scen(&line, "test.scen").remove(0).unwrap();
    Instance::new(Arc::clone(map), scenario, "test.scen").unwrap()
}

fn run(
    i: &Instance,
    algorithm: Algorithm,
    connectivity: Connectivity,
) -> Outcome<searchlab_grid::Move, Octile> {
    let h = GridHeuristic::default_for(connectivity);
    solve(i, algorithm, h, connectivity, &Limits::none(), false)
        .unwrap()
        .outcome
}

const EIGHT: [Algorithm; 3] = [Algorithm::AStar, Algorithm::Ucs, Algorithm::Jps];

#[test]
fn a_diagonal_never_cuts_a_corner() {
    // One blocked neighbour forbids the diagonal: two straight moves instead.
    for rows in [[".@", ".."], ["..", "@."]] {
        let m = map(&rows);
        let i = instance(&m, Cell::new(0, 0), Cell::new(1, 1));
        for a in EIGHT {
            assert_eq!(
                run(&i, a, Connectivity::Eight).cost(),
                Some(Octile::new(2, 0)),
                "{rows:?} {a:?}"
            );
        }
    }
    // Both free: the diagonal.
    let m = map(&["..", ".."]);
    let i = instance(&m, Cell::new(0, 0), Cell::new(1, 1));
    for a in EIGHT {
        let outcome = run(&i, a, Connectivity::Eight);
        assert_eq!(outcome.cost(), Some(Octile::new(0, 1)));
        assert_eq!(moves_to_string(outcome.actions().unwrap()), "SE");
    }
    // Two cells touching only at a corner are not connected: no path is an answer.
    let m = map(&[".@", "@."]);
    let i = instance(&m, Cell::new(0, 0), Cell::new(1, 1));
    for a in EIGHT {
        assert_eq!(
            run(&i, a, Connectivity::Eight),
            Outcome::NoSolution,
            "{a:?}"
        );
    }
}

#[test]
fn water_connects_to_water_only() {
    // `S` swamp is ground; `W` water is reachable from water only.
    let m = map(&["..SWW", "...WW"]);
    let ground = instance(&m, Cell::new(0, 0), Cell::new(2, 0));
    let water = instance(&m, Cell::new(3, 0), Cell::new(4, 1));
    let across = instance(&m, Cell::new(0, 0), Cell::new(4, 1));
    for a in EIGHT {
        assert_eq!(
            run(&ground, a, Connectivity::Eight).cost(),
            Some(Octile::new(2, 0))
        );
        assert_eq!(
            run(&water, a, Connectivity::Eight).cost(),
            Some(Octile::new(0, 1))
        );
        assert_eq!(run(&across, a, Connectivity::Eight), Outcome::NoSolution);
    }
}

#[test]
fn four_connections_move_straight_only() {
    let m = map(&["...", ".@.", "..."]);
    let i = instance(&m, Cell::new(0, 0), Cell::new(2, 2));
    for a in [Algorithm::AStar, Algorithm::Ucs, Algorithm::Bfs] {
        let outcome = run(&i, a, Connectivity::Four);
        assert_eq!(outcome.cost(), Some(Octile::new(4, 0)), "{a:?}");
        assert!(outcome.actions().unwrap().iter().all(|m| !m.is_diagonal()));
    }
    assert!(
        solve(
            &i,
            Algorithm::Jps,
            GridHeuristic::Octile,
            Connectivity::Four,
            &Limits::none(),
            false
        )
        .is_err()
    );
}

/// A random map: `density` percent blocked, a few water cells.
fn random_map(rng: &mut SplitMix64, w: usize, h: usize, density: u64) -> Arc<GridMap> {
    let rows: Vec<String> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| match rng.below(100) {
                    r if r < density => '@',
                    r if r < density + 3 => 'W',
                    r if r < density + 5 => 'T',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    map(&rows)
}

/// Dijkstra over the map's cells written here from the rules (8 neighbours, no corner
/// cutting, same class), independent of the crate's move tables and the core's searches.
fn oracle(m: &GridMap, start: Cell, goal: Cell) -> Option<Octile> {
    let (w, h) = (m.width() as i64, m.height() as i64);
    let class = |x: i64, y: i64| {
        m.contains(x, y)
            .then(|| m.terrain(Cell::new(x as u16, y as u16)))
            .filter(|t| *t != searchlab_grid::Terrain::Blocked)
    };
    let mut dist = vec![None::<Octile>; (w * h) as usize];
    let mut done = vec![false; (w * h) as usize];
    dist[(start.y as i64 * w + start.x as i64) as usize] = Some(Octile::new(0, 0));
    loop {
        let best = (0..dist.len())
            .filter(|&k| !done[k] && dist[k].is_some())
            .min_by_key(|&k| dist[k])?;
        done[best] = true;
        let (x, y) = (best as i64 % w, best as i64 / w);
        if (x, y) == (goal.x as i64, goal.y as i64) {
            return dist[best];
        }
        let here = class(x, y);
        for dx in -1..=1 {
            for dy in -1..=1 {
                if (dx, dy) == (0, 0) || class(x + dx, y + dy) != here {
                    continue;
                }
                let diagonal = dx != 0 && dy != 0;
                if diagonal && (class(x + dx, y) != here || class(x, y + dy) != here) {
                    continue;
                }
                let step = if diagonal {
                    Octile::new(0, 1)
                } else {
                    Octile::new(1, 0)
                };
                let k = ((y + dy) * w + x + dx) as usize;
                let d = dist[best].unwrap() + step;
                if dist[k].is_none_or(|old| d < old) {
                    dist[k] = Some(d);
                }
            }
        }
    }
}

#[test]
fn jps_astar_ucs_and_an_independent_dijkstra_agree_on_random_maps() {
    let mut rng = SplitMix64::new(2011);
    let mut solved = 0;
    for round in 0..400 {
        let (w, h) = (2 + rng.below(24) as usize, 2 + rng.below(24) as usize);
        let m = random_map(&mut rng, w, h, [0, 10, 25, 40][round % 4]);
        let cells: Vec<Cell> = m.passable_cells().collect();
        if cells.is_empty() {
            continue;
        }
        for _ in 0..5 {
            let start = cells[rng.below(cells.len() as u64) as usize];
            let goal = cells[rng.below(cells.len() as u64) as usize];
            let i = instance(&m, start, goal);
            let expected = oracle(&m, start, goal);
            solved += usize::from(expected.is_some());
            for a in EIGHT {
                let outcome = run(&i, a, Connectivity::Eight);
                assert_eq!(
                    outcome.cost(),
                    expected,
                    "round {round} {a:?} {start} -> {goal}"
                );
                if let Some(moves) = outcome.actions() {
                    let grid = Grid::new(&m, goal, Connectivity::Eight);
                    let (end, cost) = searchlab_core::replay(&grid, &start, moves).unwrap();
                    assert_eq!((end, Some(cost)), (goal, expected));
                }
            }
        }
    }
    assert!(solved > 1000, "enough connected queries: {solved}");
}

#[test]
fn idastar_and_bfs_run_on_the_exact_cost() {
    let mut rng = SplitMix64::new(85);
    for _ in 0..60 {
        let m = random_map(&mut rng, 7, 6, 20);
        let cells: Vec<Cell> = m.passable_cells().collect();
        if cells.len() < 2 {
            continue;
        }
        let start = cells[rng.below(cells.len() as u64) as usize];
        let goal = cells[rng.below(cells.len() as u64) as usize];
        let expected = oracle(&m, start, goal);
        if expected.is_none() {
            continue; // IDA* does not terminate on an unreachable goal of a graph with cycles
        }
        let grid = Grid::new(&m, goal, Connectivity::Eight);
        let ida = idastar(&grid, &start, &OctileDistance::new(goal), &Limits::none());
        assert_eq!(ida.outcome.cost(), expected, "{start} -> {goal}");
        // 4 connections: BFS (unit steps) = A* with Manhattan.
        let four = Grid::new(&m, goal, Connectivity::Four);
        let b = bfs(&four, &start, &Limits::none()).outcome.cost();
        let a = searchlab_core::astar(&four, &start, &Manhattan::new(goal), &Limits::none())
            .outcome
            .cost();
        assert_eq!(b, a);
    }
}

#[test]
fn a_cost_bound_on_an_exact_cost_is_exact() {
    // 3 sqrt(2) = 4.24...: within a bound of 5, beyond a bound of 4.
    let m = map(&["....", "....", "....", "...."]);
    let goal = Cell::new(3, 3);
    let grid = Grid::new(&m, goal, Connectivity::Eight);
    let h = OctileDistance::new(goal);
    for (bound, solved) in [(4, false), (5, true)] {
        let limits = Limits::none().with_max_cost(bound);
        let a = searchlab_core::astar(&grid, &Cell::new(0, 0), &h, &limits);
        let i = idastar(&grid, &Cell::new(0, 0), &h, &limits);
        for outcome in [a.outcome, i.outcome] {
            assert_eq!(
                outcome.cost().is_some(),
                solved,
                "bound {bound}: {outcome:?}"
            );
        }
    }
}

/// A* with the consistent octile distance (closed cells dropped in the dense index, unread)
/// against the same estimate as a closure (not known consistent: every closed neighbour's node
/// is read and compared): the same path and the same counts, 8- and 4-connected (Manhattan,
/// consistent with 4 moves), on random maps.
#[test]
fn skipping_closed_cells_changes_no_answer_and_no_count() {
    use searchlab_core::{Heuristic, astar};
    let mut rng = SplitMix64::new(1014);
    for round in 0..60 {
        let m = random_map(&mut rng, 30, 20, [10, 25, 35][round % 3]);
        let cells: Vec<Cell> = m.passable_cells().collect();
        let start = cells[rng.below(cells.len() as u64) as usize];
        let goal = cells[rng.below(cells.len() as u64) as usize];
        for connectivity in [Connectivity::Eight, Connectivity::Four] {
            let grid = Grid::new(&m, goal, connectivity);
            let (octile, manhattan) = (OctileDistance::new(goal), Manhattan::new(goal));
            let h: &dyn Heuristic<Grid<'_>> = match connectivity {
                Connectivity::Eight => &octile,
                Connectivity::Four => &manhattan,
            };
            assert!(h.is_consistent(&grid));
            let plain = |c: &Cell| h.estimate(&grid, c);
            assert!(!Heuristic::<Grid<'_>>::is_consistent(&plain, &grid));
            let skip = astar(&grid, &start, h, &Limits::none());
            let read = astar(&grid, &start, &plain, &Limits::none());
            assert_eq!(skip.outcome, read.outcome, "round {round} {connectivity:?}");
            assert_eq!(skip.stats.expanded, read.stats.expanded);
            assert_eq!(skip.stats.generated, read.stats.generated);
            assert_eq!(skip.stats.max_frontier, read.stats.max_frontier);
            assert_eq!(skip.stats.reopened, 0);
        }
    }
    // Manhattan overestimates with diagonals: not consistent there.
    let m = map(&["..."]);
    let grid = Grid::new(&m, Cell::new(2, 0), Connectivity::Eight);
    assert!(!Manhattan::new(Cell::new(2, 0)).is_consistent(&grid));
}
