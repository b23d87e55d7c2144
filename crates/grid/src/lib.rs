//! # searchlab-grid
//!
//! Shortest paths on grid maps, the most common use of A*, on the MovingAI benchmark
//! (Sturtevant, "Benchmarks for Grid-Based Pathfinding", 2012): `.map` files, `.scen` files
//! whose every line is a query with its optimal length.
//!
//! * [`GridMap`] reads maps (terrain `.` `G` `S` ground, `W` water, `@` `O` `T` blocked);
//!   [`read_instances`] reads a scenario file and the maps it names, one [`Instance`] (or an
//!   error naming the line) per query; [`Expected`] compares a length at the file's precision.
//! * [`Grid`] is a query as a core [`searchlab_core::Problem`]: 8-connected moves ([`Move`])
//!   of cost 1 and sqrt(2), a diagonal only past two free cells, or 4-connected
//!   ([`Connectivity`]). Costs are [`searchlab_core::Octile`], `a + b*sqrt(2)` compared
//!   exactly, so every core algorithm runs on it and no tie is decided by float rounding.
//! * Heuristics: [`OctileDistance`], [`Manhattan`], and the core's `Zero`.
//! * [`JumpPoints`]: jump point search as a successor generator; the core's A* runs over
//!   jump points.
//! * [`solve`] runs an [`Algorithm`] on an instance (optionally recording expanded cells
//!   through a [`Recorder`]), [`draw`] pictures it (PNG or SVG), [`generate`] makes random
//!   connected queries and [`write_scen`] writes them.
//!
//! ```
//! use searchlab_core::{astar, Limits};
//! use searchlab_grid::{Cell, Connectivity, Grid, GridMap, OctileDistance, moves_to_string};
//!
//! let map = GridMap::parse("type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n", "m").unwrap();
//! let goal = Cell::new(3, 2);
//! let grid = Grid::new(&map, goal, Connectivity::Eight);
//! let run = astar(&grid, &Cell::new(0, 0), &OctileDistance::new(goal), &Limits::none());
//! assert_eq!(run.outcome.cost().unwrap().to_string(), "5.00000000");
//! assert_eq!(moves_to_string(run.outcome.actions().unwrap()), "E E E S S");
//! ```

pub mod describe;
mod draw;
mod error;
mod generate;
mod grid;
mod jps;
mod map;
mod record;
mod scen;
mod solve;

pub use draw::draw;
pub use error::GridError;
pub use generate::generate;
pub use grid::{
    Connectivity, Grid, Manhattan, Move, OctileDistance, cells_to_string, moves_cost,
    moves_to_string, path_cells,
};
pub use jps::{Jump, JumpPoints, JumpState};
pub use map::{Cell, GridMap, Terrain};
pub use record::{Recorder, Wrapped};
pub use scen::{Expected, Instance, Scenario, map_beside, parse_scen, read_instances, write_scen};
pub use solve::{Algorithm, GridHeuristic, GridRun, solve};
