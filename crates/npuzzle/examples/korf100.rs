//! Runs IDA* on Korf's 100 instances and prints per-instance and total nodes and times.
//!
//! ```text
//! cargo run --release -p searchlab-npuzzle --example korf100 -- pdb663 [--reflect] [--first N]
//! ```
//!
//! Heuristics: `manhattan`, `linear-conflict`, `pdb663`, `pdb78`. Pattern databases are
//! loaded from the cache (see `searchlab_npuzzle::cache`) or built and saved there first; the
//! build or load time is printed apart from the search time. Moves are tried up, left, right,
//! down (Korf's order); the published Manhattan counts (Korf 1985) are printed beside.

use std::time::Instant;

use searchlab_core::{Heuristic, Limits, idastar};
use searchlab_npuzzle::cache::{Origin, cache_dir, load_or_build};
use searchlab_npuzzle::pattern::{AdditivePdb, Partition, Pattern};
use searchlab_npuzzle::{Board, Fifteen, LinearConflict, Manhattan, Move};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("pdb663", String::as_str);
    let reflect = args.iter().any(|a| a == "--reflect");
    let first: usize = args
        .iter()
        .position(|a| a == "--first")
        .and_then(|i| args.get(i + 1))
        .map_or(100, |n| n.parse().expect("--first N"));
    let puzzle = Fifteen::blank_first().with_order([Move::Up, Move::Left, Move::Right, Move::Down]);
    let heuristic: Box<dyn Heuristic<Fifteen>> = match name {
        "manhattan" => Box::new(Manhattan),
        "linear-conflict" => Box::new(LinearConflict::new(&puzzle)),
        "pdb663" | "pdb78" => {
            let partition = if name == "pdb663" {
                Partition::SixSixThree
            } else {
                Partition::SevenEight
            };
            let dir = cache_dir();
            let patterns = partition
                .tiles(puzzle.goal())
                .expect("blank-first goal")
                .into_iter()
                .map(|tiles| {
                    let c = load_or_build::<4, 16>(puzzle.goal(), &tiles, dir.as_deref(), |_| {})
                        .expect("database");
                    let how = match &c.origin {
                        Origin::Loaded(p) => format!("loaded from {}", p.display()),
                        Origin::Built(Ok(p)) => format!("built, saved to {}", p.display()),
                        Origin::Built(Err(e)) => format!("built, not saved ({e})"),
                    };
                    println!(
                        "pattern {tiles:?}: {} entries, {how} in {:.3} s",
                        c.db.len(),
                        c.elapsed.as_secs_f64()
                    );
                    Pattern { tiles, db: c.db }
                })
                .collect();
            Box::new(AdditivePdb::new(&puzzle, patterns, reflect).expect("patterns"))
        }
        other => panic!("unknown heuristic {other}"),
    };
    let instances: Vec<(u32, u32, u64, Board<16>)> =
        include_str!("../../../puzzles/fifteen/korf100_with_korf85_nodes.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let (head, board) = l.split_once('|').expect("id length nodes | board");
                let f: Vec<u64> = head
                    .split_whitespace()
                    .map(|x| x.parse().unwrap())
                    .collect();
                (f[0] as u32, f[1] as u32, f[2], Board::parse(board).unwrap())
            })
            .take(first)
            .collect();
    let (mut nodes, mut published) = (0u64, 0u64);
    let mut differ = Vec::new();
    let start = Instant::now();
    for (id, length, korf, board) in &instances {
        let run = idastar(&puzzle, board, &heuristic, &Limits::none());
        assert_eq!(
            run.outcome.cost(),
            Some(*length),
            "#{id} not solved optimally"
        );
        nodes += run.stats.generated;
        if run.stats.generated != *korf {
            differ.push(format!("#{id} ({} vs {korf})", run.stats.generated));
        }
        published += korf;
        println!(
            "#{id:3} length {length} generated {:>12} (Korf 1985 Manhattan {korf:>11}) {:.3} s",
            run.stats.generated,
            run.stats.elapsed.as_secs_f64()
        );
    }
    let seconds = start.elapsed().as_secs_f64();
    if name == "manhattan" {
        // Korf's own setting: the counts must equal the published ones but for five instances.
        println!(
            "{} of {} counts equal the published ones; differ: {}",
            instances.len() - differ.len(),
            instances.len(),
            differ.join(", ")
        );
    }
    println!(
        "total {name}{}: {} instances, generated {nodes}, {seconds:.2} s; published Manhattan {published}: {:.0}x fewer nodes",
        if reflect { " --reflect" } else { "" },
        instances.len(),
        published as f64 / nodes.max(1) as f64
    );
}
