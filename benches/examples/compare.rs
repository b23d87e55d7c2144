//! Every single-agent algorithm of the core side by side on the sliding puzzles: nodes
//! expanded and generated, time, and whether each answer keeps the algorithm's promise
//! (optimal ones give the optimum, weighted A* stays within its weight; greedy and beam are
//! reported with their cost ratio to the optimum and never called wrong for it).
//!
//! ```text
//! cargo run --release -p searchlab-benches --example compare -- eight
//! cargo run --release -p searchlab-benches --example compare -- fifteen [COUNT]
//! ```
//!
//! `eight`: `puzzles/eight/medium.txt`, optimal lengths from BFS. `fifteen`: the first COUNT
//! (default 20) of Korf's 100 (`puzzles/fifteen/korf100.txt`, goal blank first, lengths from
//! the file), with the 6-6-3 pattern databases (from the cache or built first, not timed)
//! where the algorithm takes any heuristic and Manhattan distance where it needs one between
//! two boards (MM). Every run is limited to `SEARCHLAB_TIMEOUT` seconds (default 60) and
//! `SEARCHLAB_MEMORY` MB of search tables (default 2048); a run stopped by a limit is counted
//! as stopped, not as an answer. Algorithms that cannot finish on the 15-puzzle in minutes are
//! skipped, with the reason printed. `SEARCHLAB_ONLY=NAME` runs only the algorithms whose name
//! contains NAME.

use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use searchlab_core::{
    Heuristic, InitialBound, Limits, Outcome, SearchResult, Weight, astar, beam, bfs, bibfs, dfbnb,
    fringe, greedy, idastar, iddfs, mm, rbfs, ucs, wastar,
};
use searchlab_npuzzle::cache::{cache_dir, load_or_build};
use searchlab_npuzzle::pattern::{AdditivePdb, Partition, Pattern};
use searchlab_npuzzle::{Board, Eight, Fifteen, Manhattan, Move, SlidingPuzzle};

/// A heuristic for MM: `to_goal` towards the goal, Manhattan distance between two boards (for
/// MM's backward half, towards the start). Both admissible, so MM stays optimal.
struct TowardsBoth<'a, P: ?Sized> {
    to_goal: &'a dyn Heuristic<P>,
}

impl<const W: usize, const N: usize> Heuristic<SlidingPuzzle<W, N>>
    for TowardsBoth<'_, SlidingPuzzle<W, N>>
{
    fn estimate(&self, problem: &SlidingPuzzle<W, N>, state: &Board<N>) -> u32 {
        self.to_goal.estimate(problem, state)
    }
    fn estimate_child(
        &self,
        problem: &SlidingPuzzle<W, N>,
        child: &Board<N>,
        action: &Move,
        parent_estimate: u32,
    ) -> u32 {
        self.to_goal
            .estimate_child(problem, child, action, parent_estimate)
    }
    fn estimate_between(
        &self,
        problem: &SlidingPuzzle<W, N>,
        from: &Board<N>,
        to: &Board<N>,
    ) -> Option<u32> {
        Manhattan.estimate_between(problem, from, to)
    }
}

/// What an answer must satisfy.
#[derive(Clone, Copy)]
enum Promise {
    /// The optimum.
    Optimal,
    /// At most the weight times the optimum.
    Within(Weight),
    /// Nothing: the cost ratio to the optimum is reported.
    None,
}

type Run = SearchResult<Move, u32>;
type Solver<'a, const N: usize> = Box<dyn Fn(&Board<N>, &Limits) -> Run + 'a>;

struct Row<'a, const N: usize> {
    algorithm: String,
    heuristic: &'static str,
    promise: Promise,
    solve: Solver<'a, N>,
}

fn row<'a, const N: usize>(
    algorithm: impl Into<String>,
    heuristic: &'static str,
    promise: Promise,
    solve: impl Fn(&Board<N>, &Limits) -> Run + 'a,
) -> Row<'a, N> {
    Row {
        algorithm: algorithm.into(),
        heuristic,
        promise,
        solve: Box::new(solve),
    }
}

fn limits() -> Limits {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    Limits::none()
        .with_timeout(Duration::from_secs(env("SEARCHLAB_TIMEOUT", 60)))
        .with_max_memory(env("SEARCHLAB_MEMORY", 2048) << 20)
}

/// The rows of the table for puzzle `puzzle`: every algorithm that takes a heuristic gets
/// `h` (named `h_name`), MM gets Manhattan distance (it needs estimates between boards).
fn rows<'a, const W: usize, const N: usize>(
    puzzle: &'a SlidingPuzzle<W, N>,
    h: &'a dyn Heuristic<SlidingPuzzle<W, N>>,
    h_name: &'static str,
    mm_name: &'static str,
    dfbnb_depth: u64,
    blind: bool,
) -> Vec<Row<'a, N>> {
    let p = puzzle;
    let mut rows = Vec::new();
    if blind {
        rows.push(row("bfs", "-", Promise::Optimal, move |b, l| bfs(p, b, l)));
        rows.push(row("iddfs", "-", Promise::Optimal, move |b, l| {
            iddfs(p, b, l)
        }));
        rows.push(row("ucs", "-", Promise::Optimal, move |b, l| ucs(p, b, l)));
        rows.push(row("bibfs", "-", Promise::Optimal, move |b, l| {
            bibfs(p, b, l).expect("sliding puzzles have a goal state and predecessors")
        }));
    }
    rows.push(row("astar", h_name, Promise::Optimal, move |b, l| {
        astar(p, b, h, l)
    }));
    rows.push(row("idastar", h_name, Promise::Optimal, move |b, l| {
        idastar(p, b, h, l)
    }));
    rows.push(row("rbfs", h_name, Promise::Optimal, move |b, l| {
        rbfs(p, b, h, l)
    }));
    rows.push(row("fringe", h_name, Promise::Optimal, move |b, l| {
        fringe(p, b, h, l)
    }));
    rows.push(row(
        format!("dfbnb (bound {dfbnb_depth})"),
        h_name,
        Promise::Optimal,
        move |b, l| {
            let l = l.clone().with_max_cost(dfbnb_depth);
            dfbnb(p, b, h, InitialBound::MaxCost, &l)
        },
    ));
    rows.push(row(
        "dfbnb (greedy)",
        h_name,
        Promise::Optimal,
        move |b, l| dfbnb(p, b, h, InitialBound::Greedy, l),
    ));
    rows.push(row("mm", "manhattan", Promise::Optimal, move |b, l| {
        mm(p, b, &Manhattan, l).expect("sliding puzzles have a goal state and predecessors")
    }));
    if h_name != "manhattan" {
        rows.push(row("mm", mm_name, Promise::Optimal, move |b, l| {
            let both = TowardsBoth { to_goal: h };
            mm(p, b, &both, l).expect("sliding puzzles have a goal state and predecessors")
        }));
    }
    for w in ["1.5", "2", "5"] {
        let weight: Weight = w.parse().expect("a weight");
        rows.push(row(
            format!("wastar w={w}"),
            h_name,
            Promise::Within(weight),
            move |b, l| wastar(p, b, h, weight, l),
        ));
    }
    rows.push(row("greedy", h_name, Promise::None, move |b, l| {
        greedy(p, b, h, l)
    }));
    for width in [10, 100, 1000] {
        let k = NonZeroUsize::new(width).expect("positive");
        rows.push(row(
            format!("beam k={width}"),
            h_name,
            Promise::None,
            move |b, l| beam(p, b, h, k, l),
        ));
    }
    rows
}

/// Runs every row on every instance and prints the table; returns false if any answer broke
/// its promise.
fn table<const N: usize>(rows: &[Row<'_, N>], instances: &[(Board<N>, u32)]) -> bool {
    let limits = limits();
    println!(
        "| algorithm | heuristic | solved | stopped | expanded | generated | time (ms) | cost check |"
    );
    println!("|---|---|--:|--:|--:|--:|--:|---|");
    let mut all_kept = true;
    let only = std::env::var("SEARCHLAB_ONLY").unwrap_or_default();
    for r in rows.iter().filter(|r| r.algorithm.contains(&only)) {
        let (mut solved, mut stopped, mut expanded, mut generated) = (0, 0, 0u64, 0u64);
        let mut wrong = 0;
        let (mut cost_sum, mut optimum_sum) = (0u64, 0u64);
        let mut limits_hit = Vec::new();
        let started = Instant::now();
        for (board, optimum) in instances {
            let run = (r.solve)(board, &limits);
            expanded += run.stats.expanded;
            generated += run.stats.generated;
            match &run.outcome {
                Outcome::Solved { cost, .. } => {
                    solved += 1;
                    cost_sum += u64::from(*cost);
                    optimum_sum += u64::from(*optimum);
                    let kept = match r.promise {
                        Promise::Optimal => cost == optimum,
                        Promise::Within(w) => w.bounds(u64::from(*cost), u64::from(*optimum)),
                        Promise::None => cost >= optimum,
                    };
                    if !kept {
                        wrong += 1;
                    }
                }
                Outcome::NoSolution => wrong += 1,
                Outcome::Stopped(kind) => {
                    stopped += 1;
                    if !limits_hit.contains(kind) {
                        limits_hit.push(*kind);
                    }
                }
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        let ratio = if optimum_sum > 0 {
            cost_sum as f64 / optimum_sum as f64
        } else {
            1.0
        };
        let check = match (wrong, r.promise) {
            (0, Promise::Optimal) if solved > 0 => "all optimal".to_string(),
            (0, Promise::Within(w)) if solved > 0 => {
                format!("within w={w}: cost/opt {ratio:.3}")
            }
            (0, Promise::None) if solved > 0 => format!("cost/opt {ratio:.3}"),
            (0, _) => "-".to_string(),
            (n, _) => format!("{n} WRONG"),
        };
        let stopped = if stopped == 0 {
            "0".to_string()
        } else {
            let kinds: Vec<String> = limits_hit.iter().map(|k| k.to_string()).collect();
            format!("{stopped} ({})", kinds.join(", "))
        };
        println!(
            "| {} | {} | {solved}/{} | {stopped} | {expanded} | {generated} | {:.1} | {check} |",
            r.algorithm,
            r.heuristic,
            instances.len(),
            seconds * 1000.0
        );
        all_kept &= wrong == 0;
    }
    all_kept
}

fn read(path: &str) -> Vec<String> {
    let full = format!("{}/../puzzles/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full)
        .unwrap_or_else(|e| panic!("{full}: {e}"))
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

fn eight() -> bool {
    let puzzle = Eight::standard();
    let instances: Vec<(Board<9>, u32)> = read("eight/medium.txt")
        .iter()
        .map(|l| {
            let board = puzzle
                .parse(l.split('|').next().unwrap_or(l))
                .expect("a board");
            let optimum = bfs(&puzzle, &board, &Limits::none())
                .outcome
                .cost()
                .expect("medium boards are solvable");
            (board, optimum)
        })
        .collect();
    println!(
        "8-puzzle, puzzles/eight/medium.txt ({} boards, goal 1..8 x, moves u d l r), limits {:?}\n",
        instances.len(),
        limits()
    );
    // 31 moves: the 8-puzzle's diameter, a bound that needs no knowledge of the instance.
    table(
        &rows(&puzzle, &Manhattan, "manhattan", "manhattan", 31, true),
        &instances,
    )
}

fn fifteen(count: usize) -> bool {
    let puzzle = Fifteen::blank_first().with_order([Move::Up, Move::Left, Move::Right, Move::Down]);
    let instances: Vec<(Board<16>, u32)> = read("fifteen/korf100.txt")
        .iter()
        .take(count)
        .map(|l| {
            let (board, length) = l.split_once('|').expect("board | length");
            (
                puzzle.parse(board).expect("a board"),
                length.trim().parse().expect("a length"),
            )
        })
        .collect();
    let started = Instant::now();
    let dir = cache_dir();
    let patterns: Vec<Pattern> = Partition::SixSixThree
        .tiles(puzzle.goal())
        .expect("blank-first goal")
        .into_iter()
        .map(|tiles| {
            let db = load_or_build::<4, 16>(puzzle.goal(), &tiles, dir.as_deref(), |_| {})
                .expect("6-6-3 database")
                .db;
            Pattern { tiles, db }
        })
        .collect();
    let pdb = AdditivePdb::new(&puzzle, patterns, true).expect("patterns");
    println!(
        "15-puzzle, first {} of Korf's 100 (goal x 1 .. 15, moves u l r d), limits {:?}; 6-6-3 databases (with reflection) loaded or built in {:.1} s, not counted\n",
        instances.len(),
        limits(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "Skipped: bfs, ucs, bibfs (they keep every state within the optimal depth, or half of it \
         per side for bibfs: about 10^9 or more states, beyond the memory limit), iddfs (no \
         heuristic: about 2.13^55 = 10^18 nodes). MM runs with Manhattan distance both ways, and with \
         the databases forward and Manhattan distance backward (the databases estimate only \
         towards the goal).\n"
    );
    // 80 moves: the 15-puzzle's diameter (Brungger et al. 1999).
    table(
        &rows(
            &puzzle,
            &pdb,
            "pdb663+reflect",
            "pdb663+reflect forward, manhattan backward",
            80,
            false,
        ),
        &instances,
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ok = match args.first().map(String::as_str) {
        Some("eight") | None => eight(),
        Some("fifteen") => fifteen(args.get(1).and_then(|c| c.parse().ok()).unwrap_or(20)),
        Some(other) => {
            eprintln!("unknown problem '{other}': eight or fifteen");
            std::process::exit(2);
        }
    };
    if !ok {
        eprintln!("some answers broke their algorithm's promise");
        std::process::exit(1);
    }
}
