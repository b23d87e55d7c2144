//! Builds additive pattern databases with the layered builder, showing progress (layer,
//! entries done, memory) on stderr, and prints per table the time, a fingerprint (FNV-1a of
//! the entries) and the distance distribution's maximum; at the end the process's peak memory.
//!
//! ```text
//! cargo run --release -p searchlab-npuzzle --example build_pdb -- 663|78|6666 \
//!     [--threads T] [--max-memory MB] [--old]
//! ```
//!
//! `663` and `78` are the 15-puzzle's partitions (goal blank first), `6666` Korf and Felner's
//! 24-puzzle partition. `--old` builds with the old queue builder instead (for comparison; the
//! 7-8 tables take it half an hour and 5.5 GB).

use std::io::Write;
use std::time::Instant;

use searchlab_core::pdb::{PatternDb, build_pdb};
use searchlab_core::pdb_build::BuildOptions;
use searchlab_npuzzle::pattern::{Partition, PatternSpace};
use searchlab_npuzzle::pattern_build::build_pattern;
use searchlab_npuzzle::twentyfour::korf_felner_tiles;
use searchlab_npuzzle::{Fifteen, TwentyFour};

fn fingerprint(db: &PatternDb) -> u64 {
    (0..db.len()).fold(0xcbf2_9ce4_8422_2325, |h, i| {
        (h ^ u64::from(db.raw(i))).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The peak resident memory of this process (Linux), in MB.
fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let which = args.first().map_or("663", String::as_str);
    let option = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(|v| {
                v.parse::<u64>()
                    .unwrap_or_else(|_| panic!("{flag} takes a number"))
            })
    };
    let options = BuildOptions {
        threads: option("--threads").unwrap_or(0) as usize,
        max_memory: option("--max-memory").map(|mb| mb * 1_000_000),
    };
    let old = args.iter().any(|a| a == "--old");
    let start = Instant::now();
    let mut total_entries = 0;
    let mut report = |tiles: &[u8], result: Result<PatternDb, String>, secs: f64| match result {
        Ok(db) => {
            total_entries += db.len();
            println!(
                "pattern {tiles:?}: {} entries, max distance {}, fingerprint {:#018x}, {secs:.2} s",
                db.len(),
                db.max_distance(),
                fingerprint(&db)
            );
        }
        Err(e) => println!("pattern {tiles:?}: {e}"),
    };
    let progress = |p: searchlab_core::pdb_build::LayerProgress| {
        eprint!(
            "\r  layer {:3}: {:>13} states, entries {:>11} / {} ({:5.1}%), {:.0} MB held   ",
            p.layer,
            p.layer_states,
            p.entries_done,
            p.entries,
            100.0 * p.entries_done as f64 / p.entries.max(1) as f64,
            p.bytes as f64 / 1e6
        );
        let _ = std::io::stderr().flush();
    };
    match which {
        "663" | "78" => {
            let goal = *Fifteen::blank_first().goal();
            let partition = if which == "663" {
                Partition::SixSixThree
            } else {
                Partition::SevenEight
            };
            for tiles in partition.tiles(&goal).expect("blank-first goal") {
                let t = Instant::now();
                let result = if old {
                    // The queue builder over every (placement, region) rank, then the
                    // projection: what `PatternSpace::build` did before the layered builder.
                    PatternSpace::<4, 16>::new(goal, &tiles)
                        .map_err(|e| e.to_string())
                        .and_then(|s| {
                            let full = build_pdb(&s, [s.goal_state()], |_| {})
                                .map_err(|e| e.to_string())?;
                            Ok(full.project(s.placements(), |r| r / (16 - tiles.len())))
                        })
                } else {
                    build_pattern::<4, 16>(&goal, &tiles, &options, progress)
                        .map_err(|e| e.to_string())
                };
                eprintln!();
                report(&tiles, result, t.elapsed().as_secs_f64());
            }
        }
        "6666" => {
            let goal = *TwentyFour::blank_first().goal();
            for tiles in korf_felner_tiles(&goal).expect("blank-first goal") {
                let t = Instant::now();
                let result = build_pattern::<5, 25>(&goal, &tiles, &options, progress)
                    .map_err(|e| e.to_string());
                eprintln!();
                report(&tiles, result, t.elapsed().as_secs_f64());
            }
        }
        other => panic!("unknown partition {other} (663, 78, 6666)"),
    }
    println!(
        "{which}{}: {total_entries} entries in {:.2} s, peak memory {:.0} MB",
        if old { " (old builder)" } else { "" },
        start.elapsed().as_secs_f64(),
        peak_mb().unwrap_or(f64::NAN)
    );
}
