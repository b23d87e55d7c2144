//! The layered pattern-database builder gives the old builder's tables entry for entry: every
//! small pattern of the 8-puzzle, 15-puzzle patterns of 1 to 6 tiles (the 6-6-3 databases
//! against checksums of the old builder's tables), on 1 to 3 threads.

use searchlab_core::pdb::{PatternDb, build_pdb};
use searchlab_core::pdb_build::{BuildError, BuildOptions};
use searchlab_npuzzle::pattern::{Partition, PatternSpace};
use searchlab_npuzzle::pattern_build::{PatternBuildError, PatternRegions, build_pattern};
use searchlab_npuzzle::twentyfour::korf_felner_tiles;
use searchlab_npuzzle::{Board, Eight, Fifteen, TwentyFour};

fn options(threads: usize) -> BuildOptions {
    BuildOptions {
        threads,
        max_memory: None,
    }
}

/// The old builder spelled out (the core's queue builder over every (placement, region) rank,
/// then the projection), so that the comparison stands whichever builder
/// `PatternSpace::build` uses.
fn old_builder<const W: usize, const N: usize>(goal: &Board<N>, tiles: &[u8]) -> PatternDb {
    let space = PatternSpace::<W, N>::new(*goal, tiles).unwrap();
    let full = build_pdb(&space, [space.goal_state()], |_| {}).unwrap();
    let regions = N - tiles.len();
    full.project(space.placements(), |r| r / regions)
}

fn same_as_old<const W: usize, const N: usize>(goal: &Board<N>, tiles: &[u8], threads: usize) {
    let old = old_builder::<W, N>(goal, tiles);
    let new = build_pattern::<W, N>(goal, tiles, &options(threads), |_| {}).unwrap();
    assert_eq!(new.len(), old.len(), "{tiles:?}");
    let differ = (0..old.len()).filter(|&i| old.raw(i) != new.raw(i)).count();
    assert_eq!(differ, 0, "{tiles:?} on {goal}: {differ} entries differ");
}

/// FNV-1a over the entries: a short fingerprint of a table.
fn fingerprint(db: &PatternDb) -> u64 {
    (0..db.len()).fold(0xcbf2_9ce4_8422_2325, |h, i| {
        (h ^ u64::from(db.raw(i))).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn eight_puzzle_patterns_equal_the_old_builder() {
    for goal in [*Eight::standard().goal(), *Eight::blank_first().goal()] {
        for tiles in [
            &[1][..],
            &[8],
            &[2, 4, 6],
            &[1, 2, 3, 4],
            &[5, 6, 7, 8],
            &[3, 1, 4, 5, 8],
            &[1, 2, 3, 4, 5, 6, 7, 8],
        ] {
            for threads in [1, 3] {
                same_as_old::<3, 9>(&goal, tiles, threads);
            }
        }
    }
}

#[test]
fn fifteen_puzzle_patterns_equal_the_old_builder() {
    for goal in [*Fifteen::standard().goal(), *Fifteen::blank_first().goal()] {
        same_as_old::<4, 16>(&goal, &[1, 2, 3], 2);
        same_as_old::<4, 16>(&goal, &[15, 11, 3, 7, 14], 2);
    }
}

/// The 6-6-3 tables of Korf's goal: fingerprints of the old builder's tables (taken on
/// 2026-11-23 with `PatternSpace::build`, before this builder existed).
#[test]
fn pdb663_tables_equal_the_old_builders() {
    let goal = *Fifteen::blank_first().goal();
    let tiles = Partition::SixSixThree.tiles(&goal).unwrap();
    let fingerprints: Vec<u64> = tiles
        .iter()
        .map(|t| fingerprint(&build_pattern::<4, 16>(&goal, t, &options(2), |_| {}).unwrap()))
        .collect();
    assert_eq!(fingerprints, OLD_663);
}

const OLD_663: [u64; 3] = [
    0x48ff_5d9d_53f4_6407,
    0x3186_4fea_3084_0d87,
    0x795a_06e6_431e_2353,
];

#[test]
#[ignore = "the old builder's 6-6-3 tables, 30 s or more: cargo test --release -p searchlab-npuzzle --test pattern_build -- --ignored"]
fn old_builder_fingerprints() {
    let goal = *Fifteen::blank_first().goal();
    for t in Partition::SixSixThree.tiles(&goal).unwrap() {
        let old = old_builder::<4, 16>(&goal, &t);
        eprintln!("{t:?}: {:#x}", fingerprint(&old));
    }
}

#[test]
fn progress_and_memory_budget() {
    let goal = *Fifteen::blank_first().goal();
    let space = PatternRegions::<4, 16>::new(goal, &[1, 2, 3]).unwrap();
    assert_eq!(space.placements(), 16 * 15 * 14);
    assert_eq!(space.bytes(), (3360u64 * 13).div_ceil(32) * 8 + 3360);
    let mut last = None;
    build_pattern::<4, 16>(&goal, &[1, 2, 3], &options(2), |p| last = Some(p)).unwrap();
    let last = last.unwrap();
    assert_eq!(last.entries_done, 3360);
    assert_eq!(last.bytes, space.bytes());
    let refused = BuildOptions {
        threads: 1,
        max_memory: Some(1000),
    };
    assert_eq!(
        build_pattern::<4, 16>(&goal, &[1, 2, 3], &refused, |_| {}),
        Err(PatternBuildError::Build(BuildError::Memory {
            needed: space.bytes(),
            limit: 1000
        }))
    );
    // The 24-puzzle's 6-tile patterns: 127.5 M placements x 19 regions at two bits.
    let goal = *TwentyFour::blank_first().goal();
    let tiles = korf_felner_tiles(&goal).unwrap();
    let space = PatternRegions::<5, 25>::new(goal, &tiles[0]).unwrap();
    assert_eq!(space.placements(), 127_512_000);
    assert!(space.bytes() < 750_000_000);
    assert!(matches!(
        build_pattern::<4, 16>(&goal_15(), &[0, 1], &options(1), |_| {}),
        Err(PatternBuildError::Pattern(_))
    ));
}

fn goal_15() -> Board<16> {
    *Fifteen::blank_first().goal()
}
