//! Single-agent search over [`Problem`](crate::Problem): one file per algorithm, the function
//! named like the file, every one returning a [`SearchResult`](crate::SearchResult).
//!
//! Optimal: [`astar`], [`idastar`], [`iddfs`] and [`bfs`] (unit costs), [`ucs`],
//! [`fringe`], [`rbfs`], [`dfbnb`]; bounded: [`wastar`]; no promise on cost: [`greedy`],
//! [`beam`]. A*, uniform-cost, weighted A* and greedy best-first share one engine
//! (`best_first`), which differs only in how it orders its open list.

pub mod astar;
pub mod beam;
pub(crate) mod best_first;
pub mod bfs;
pub(crate) mod buckets;
pub mod dfbnb;
pub mod fringe;
pub mod greedy;
pub mod idastar;
pub mod iddfs;
pub mod rbfs;
pub mod ucs;
pub mod wastar;
