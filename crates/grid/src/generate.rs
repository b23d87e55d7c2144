//! `gen grid`: random connected queries on a map, with their optimal lengths, as `.scen` rows.

use searchlab_core::{Limits, Octile, SplitMix64, astar};

use crate::error::GridError;
use crate::grid::{Connectivity, Grid, Move, OctileDistance};
use crate::map::{Cell, GridMap};
use crate::scen::{Expected, Scenario};

/// `count` random queries on `map` (named `map_name` in the rows), seeded by `seed`: a start
/// uniform over the passable cells, a goal uniform over the other cells of its 8-connected
/// component (the start itself only when it is alone), and the optimal length found by A*. The
/// bucket is `floor(length / 4)` as in the MovingAI files; rows are sorted by bucket (stable), as
/// there. The same map and seed give the same rows in every version (SplitMix64).
///
/// # Errors
/// [`GridError::Unsupported`] when the map has no passable cell.
///
/// # Examples
/// ```
/// use searchlab_grid::{generate, GridMap};
///
/// let map = GridMap::parse("type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n", "m.map").unwrap();
/// let rows = generate(&map, "m.map", 5, 7).unwrap();
/// assert_eq!(rows.len(), 5);
/// assert!(rows.windows(2).all(|w| w[0].bucket <= w[1].bucket));
/// ```
pub fn generate(
    map: &GridMap,
    map_name: &str,
    count: usize,
    seed: u64,
) -> Result<Vec<Scenario>, GridError> {
    let cells: Vec<Cell> = map.passable_cells().collect();
    if cells.is_empty() {
        return Err(GridError::Unsupported(format!(
            "{}: no passable cell to put a query on",
            map.name()
        )));
    }
    let (label, members) = components(map, &cells);
    let mut rng = SplitMix64::new(seed);
    let mut rows = Vec::with_capacity(count);
    for _ in 0..count {
        let start = cells[rng.below(cells.len() as u64) as usize];
        let group = &members[label[map.index(start) as usize] as usize];
        let goal = if group.len() == 1 {
            start
        } else {
            // Uniform over the component without the start.
            let mut pick = group[rng.below(group.len() as u64 - 1) as usize];
            if pick == start {
                pick = group[group.len() - 1];
            }
            pick
        };
        let grid = Grid::new(map, goal, Connectivity::Eight);
        let run = astar(&grid, &start, &OctileDistance::new(goal), &Limits::none());
        let length = run
            .outcome
            .cost()
            .expect("the goal lies in the start's component");
        rows.push(Scenario {
            line: 0,
            bucket: bucket(length),
            map: map_name.to_string(),
            width: u32::from(map.width()),
            height: u32::from(map.height()),
            start: (u32::from(start.x), u32::from(start.y)),
            goal: (u32::from(goal.x), u32::from(goal.y)),
            expected: Expected::parse(&length.to_decimal(8)).expect("8 decimals parse"),
        });
    }
    rows.sort_by_key(|r| r.bucket);
    for (i, r) in rows.iter_mut().enumerate() {
        r.line = i + 2;
    }
    Ok(rows)
}

/// The 8-connected components: a label per padded index and the cells of each label.
fn components(map: &GridMap, cells: &[Cell]) -> (Vec<u32>, Vec<Vec<Cell>>) {
    const NONE: u32 = u32::MAX;
    let mut label = vec![NONE; map.rank_count()];
    let mut members: Vec<Vec<Cell>> = Vec::new();
    let mut stack = Vec::new();
    for &seed in cells {
        if label[map.index(seed) as usize] != NONE {
            continue;
        }
        let id = members.len() as u32;
        let mut group = Vec::new();
        label[map.index(seed) as usize] = id;
        stack.push(seed);
        while let Some(cell) = stack.pop() {
            group.push(cell);
            let bits = map.moves_at(map.index(cell));
            for m in Move::ALL {
                if bits & (1 << m.index()) != 0 {
                    let next = crate::grid::step(cell, m);
                    let slot = &mut label[map.index(next) as usize];
                    if *slot == NONE {
                        *slot = id;
                        stack.push(next);
                    }
                }
            }
        }
        group.sort();
        members.push(group);
    }
    (label, members)
}

/// `floor(length / 4)`, exactly: `floor(a + b sqrt(2)) = a + isqrt(2 b^2)`.
fn bucket(length: Octile) -> u32 {
    let b = u128::from(length.diagonal);
    let floor = u128::from(length.straight) + (2 * b * b).isqrt();
    (floor / 4) as u32
}
