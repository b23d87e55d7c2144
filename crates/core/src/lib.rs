//! # searchlab-core
//!
//! State-space search algorithms over two traits, with statistics and limits on every run.
//! What turns a problem into a tool (descriptions, the algorithm catalogue, instances and
//! answers, play and matches, statistics as text) is the `searchlab-toolkit` crate built on
//! this one; this crate depends on no toolkit, command line or I/O library.
//!
//! * Single-agent search over [`Problem`], every one returning the same [`SearchResult`]:
//!   - optimal: [`astar()`], [`idastar()`] (and [`par_idastar()`] on several threads, with
//!     the same answer and counts), [`iddfs()`] and [`bfs()`] (unit costs),
//!     [`ucs()`] (Dijkstra), [`fringe()`] (fringe search), the linear-space [`rbfs()`]
//!     (recursive best-first) and [`dfbnb()`] (depth-first branch-and-bound), and the
//!     bidirectional [`bibfs()`] (unit costs) and [`mm()`] (meet in the middle), which need
//!     [`Problem::goal_state`] and [`Problem::predecessors`] and refuse other problems with a
//!     [`BidirectionalError`] ([`check_bidirectional()`] asks first);
//!   - bounded: [`wastar()`] (weighted A*, at most [`Weight`] times the optimum);
//!   - no promise on cost: [`greedy()`] (greedy best-first), [`beam()`] (may fail, and says so).
//!
//!   Heuristics are separate values ([`Heuristic`], any closure, or [`Zero`]).
//! * Adversarial search over [`Game`]: [`minimax()`] (the oracle), [`alphabeta()`] and the
//!   [`AlphaBeta`] searcher (depth limit, iterative deepening, a [`TranspositionTable`] that keeps
//!   bound types, growing or of a fixed size, root analysis, aspiration windows), the
//!   null-window driver [`mtdf()`] (MTD(f) or bisection over the value range), [`pvs()`]
//!   (principal variation search, the same table) and [`mcts()`] (seeded UCT: a chosen move and
//!   visit counts, not a proof).
//!
//! * Costs ([`Cost`]) are the unsigned integers or [`Octile`], the exact `a + b*sqrt(2)` of
//!   8-connected grid paths; every algorithm compares them exactly.
//!
//! * Pattern databases: [`build_pdb`] (a queue of ranks, any move costs) and
//!   [`pdb_build::build_layered`] (unit moves: two bits per state, the table written projected,
//!   all cores; for spaces of billions of states).
//!
//! Every run returns an outcome and [`Stats`]; [`Limits`] (nodes, cost or depth, time, and a
//! [`Cancel`] flag another thread may set) stop a run with [`Outcome::Stopped`], never a panic.
//! Every search can be watched step by step ([`observe`]): an observer, a generic parameter of
//! each `*_observed` variant, receives its expansions, prunings, bounds and cutoffs; the plain
//! functions pass [`NoObserver`], which compiles to nothing.
//! Problems and games may offer fast paths, each a trait method with a default: in-place
//! apply/undo, inverse actions, a dense rank ([`Problem::rank`], [`Problem::rank_child`]) for
//! dense node tables, symmetric table keys ([`Game::table_key`]) and table values relative to an
//! already decided score ([`Game::value_offset`]).
//!
//! ## A new problem in a few lines: the water jugs
//!
//! Two jugs of 4 and 3 litres; fill, empty or pour one into the other until one holds 2 litres.
//!
//! ```
//! use searchlab_core::{astar, bfs, iddfs, idastar, Limits, Problem, Zero};
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! enum Jug { Fill(usize), Empty(usize), Pour(usize, usize) }
//!
//! struct Jugs { capacity: [u8; 2], target: u8 }
//!
//! impl Problem for Jugs {
//!     type State = [u8; 2];
//!     type Action = Jug;
//!     type Cost = u32;
//!     fn is_goal(&self, s: &[u8; 2]) -> bool { s.contains(&self.target) }
//!     fn actions(&self, s: &[u8; 2], out: &mut Vec<Jug>) {
//!         for i in 0..2 {
//!             if s[i] < self.capacity[i] { out.push(Jug::Fill(i)) }
//!             if s[i] > 0 { out.push(Jug::Empty(i)) }
//!             if s[i] > 0 && s[1 - i] < self.capacity[1 - i] { out.push(Jug::Pour(i, 1 - i)) }
//!         }
//!     }
//!     fn result(&self, s: &[u8; 2], a: &Jug) -> ([u8; 2], u32) {
//!         let mut t = *s;
//!         match *a {
//!             Jug::Fill(i) => t[i] = self.capacity[i],
//!             Jug::Empty(i) => t[i] = 0,
//!             Jug::Pour(i, j) => {
//!                 let amount = t[i].min(self.capacity[j] - t[j]);
//!                 t[i] -= amount;
//!                 t[j] += amount;
//!             }
//!         }
//!         (t, 1)
//!     }
//! }
//!
//! let jugs = Jugs { capacity: [4, 3], target: 2 };
//! let limits = Limits::none().with_max_cost(20);
//! let runs = [
//!     bfs(&jugs, &[0, 0], &limits),
//!     astar(&jugs, &[0, 0], &Zero, &limits),
//!     idastar(&jugs, &[0, 0], &Zero, &limits),
//!     iddfs(&jugs, &[0, 0], &limits),
//! ];
//! for run in &runs {
//!     assert_eq!(run.outcome.cost(), Some(4)); // e.g. fill 3, pour into 4, fill 3, pour
//! }
//! assert_eq!(
//!     runs[0].outcome.actions().unwrap(),
//!     &[Jug::Fill(1), Jug::Pour(1, 0), Jug::Fill(1), Jug::Pour(1, 0)]
//! );
//! ```

#![warn(missing_docs)]

// The algorithms, by family, and what each declares about itself.
pub mod algorithm;
pub mod bidirectional;
pub mod games;
pub mod parallel;
pub mod single_agent;

// Traits and infrastructure.
pub mod game;
pub mod observe;
pub mod octile;
pub mod pdb;
pub mod pdb_build;
pub mod problem;
pub mod rng;
mod stack;
pub use stack::{THREAD_HEADROOM, spawn_with_room};
pub mod stats;
mod store;
pub mod table;

// Every algorithm's module stays reachable at the root (`searchlab_core::astar::astar_observed`),
// as before the families.
pub use bidirectional::{bibfs, mm};
pub use games::{alphabeta, mcts, mcts_params, minimax, mtdf, pvs};
pub use parallel::par_idastar;
pub(crate) use single_agent::best_first;
pub(crate) use single_agent::buckets;
pub use single_agent::{
    astar, beam, bfs, dfbnb, fringe, greedy, idastar, iddfs, rbfs, ucs, wastar,
};

pub use algorithm::{About, Declaration, Needs, Parameter, Promise};
pub use alphabeta::{AlphaBeta, AlphaBetaConfig, alphabeta};
pub use astar::astar;
pub use beam::beam;
pub use bfs::bfs;
pub use bibfs::{BidirectionalError, bibfs, check_bidirectional};
pub use dfbnb::{InitialBound, dfbnb};
pub use fringe::fringe;
pub use game::{
    Bound, Evaluator, Game, GameOutcome, GameResult, INFINITY, Player, RootMove, Solution, Value,
};
pub use greedy::greedy;
pub use idastar::idastar;
pub use iddfs::iddfs;
pub use mcts::{MctsConfig, MctsError, MctsMove, MctsResult, Rollout, mcts};
pub use mcts_params::{DEFAULT_EXPLORATION, DEFAULT_PLAYOUTS, DEFAULT_RANDOM_PERCENT, MctsParams};
pub use minimax::minimax;
pub use mm::mm;
pub use mtdf::{Narrowing, mtdf};
pub use observe::{GameEvent, GameObserver, NoObserver, SearchEvent, SearchObserver, Trace};
pub use octile::Octile;
pub use par_idastar::{
    ParallelConfig, ParallelSearchResult, ParallelWork, par_idastar, par_idastar_with,
};
pub use pdb::{AbstractSpace, PatternDb, PdbError, build_pdb, build_pdb_limited};
pub use problem::{Cost, Heuristic, Problem, Zero, replay};
pub use pvs::{Pvs, PvsConfig, pvs};
pub use rbfs::rbfs;
pub use rng::SplitMix64;
pub use stats::{Cancel, Iteration, LastLayer, LimitKind, Limits, Outcome, SearchResult, Stats};
pub use table::{PackedKey, TranspositionTable};
pub use ucs::ucs;
pub use wastar::{Weight, WeightError, wastar};
