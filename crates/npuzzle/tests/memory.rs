//! Memory as a limit (issue 13): A* on a hard 15-puzzle board stops at `max_memory` with its
//! statistics, and the process really stays near the limit (a counting allocator watches every
//! allocation of this test binary); pattern database builds and cache loads refuse before they
//! allocate; a FIFO in place of a cache file is refused, not read (which would block forever).

// The one unsafe item: a global allocator that forwards to the system's and counts, the only
// way to see what the search really allocated. Test code only.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use searchlab_core::pdb::PdbError;
use searchlab_core::{LimitKind, Limits, Outcome, astar, bfs};
use searchlab_npuzzle::cache::{Origin, load_or_build_limited};
use searchlab_npuzzle::pattern::{PatternError, PatternSpace};
use searchlab_npuzzle::{Eight, Fifteen, Manhattan};

/// The system allocator, counting the bytes live and the peak since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The tests measure the peak one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

/// The board of issue 13 (80 moves from the standard goal): A* with Manhattan distance needs far
/// more than a gigabyte.
const HARD: &str = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";

#[test]
fn astar_on_a_hard_fifteen_board_stops_at_the_memory_limit() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let puzzle = Fifteen::standard();
    let board = puzzle.parse(HARD).unwrap();
    let limit: u64 = 64 << 20;
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let run = astar(
        &puzzle,
        &board,
        &Manhattan,
        &Limits::none().with_max_memory(limit),
    );
    let peak = (PEAK.load(Ordering::Relaxed) - before) as u64;
    eprintln!("A* peak {peak} bytes (limit {limit}), {:?}", run.stats);
    assert_eq!(run.outcome, Outcome::Stopped(LimitKind::Memory));
    assert!(run.stats.expanded > 100_000, "{:?}", run.stats);
    assert!(run.stats.generated > run.stats.expanded);
    assert!(run.stats.max_frontier > 0);
    // The estimate counts the node table, the hash index and the open list; what it does not
    // see (the actions buffer, rounding) is small.
    assert!(
        peak <= limit + limit / 8,
        "peak {peak} bytes, limit {limit}"
    );
    // And it did use most of what it was allowed (the estimate is not wildly high).
    assert!(peak >= limit / 4, "peak {peak} bytes, limit {limit}");
}

#[test]
fn bfs_on_a_hard_fifteen_board_stops_at_the_memory_limit() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let puzzle = Fifteen::standard();
    let board = puzzle.parse(HARD).unwrap();
    let limit: u64 = 32 << 20;
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let run = bfs(&puzzle, &board, &Limits::none().with_max_memory(limit));
    let peak = (PEAK.load(Ordering::Relaxed) - before) as u64;
    eprintln!("BFS peak {peak} bytes (limit {limit}), {:?}", run.stats);
    assert_eq!(run.outcome, Outcome::Stopped(LimitKind::Memory));
    assert!(run.stats.expanded > 10_000, "{:?}", run.stats);
    assert!(
        peak <= limit + limit / 8,
        "peak {peak} bytes, limit {limit}"
    );
    assert!(peak >= limit / 4, "peak {peak} bytes, limit {limit}");
}

#[test]
fn astar_within_the_limit_still_answers() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let puzzle = Eight::standard();
    let board = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
    let run = astar(
        &puzzle,
        &board,
        &Manhattan,
        &Limits::none().with_max_memory(64 << 20),
    );
    assert_eq!(run.outcome.cost(), Some(31));
    // Below the dense index's 1.4 MB, A* falls back to a hash index and still answers (or
    // stops at the limit, never beyond it).
    let run = astar(
        &puzzle,
        &board,
        &Manhattan,
        &Limits::none().with_max_memory(1 << 20),
    );
    assert!(
        matches!(
            run.outcome,
            Outcome::Solved { cost: 31, .. } | Outcome::Stopped(LimitKind::Memory)
        ),
        "{:?}",
        run.outcome
    );
}

#[test]
fn pattern_database_builds_refuse_before_allocating() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let puzzle = Fifteen::standard();
    // The 8-tile pattern of the 7-8 partition: about 1.5 GB while building (two bits per state
    // of the layered builder, and the projected table).
    let space = PatternSpace::<4, 16>::new(*puzzle.goal(), &[1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let refused = space.build_limited(Some(256 << 20), |_| {});
    let peak = PEAK.load(Ordering::Relaxed) - before;
    match refused {
        Err(PatternError::Build(PdbError::Memory { needed, limit })) => {
            assert_eq!(limit, 256 << 20);
            assert!(needed > 1_000_000_000, "{needed}");
        }
        other => panic!("expected a memory error, got {other:?}"),
    }
    assert!(peak < 1 << 20, "allocated {peak} bytes before refusing");
    // A small pattern within its limit builds the same table as without one.
    let small = PatternSpace::<4, 16>::new(*puzzle.goal(), &[1, 2, 3]).unwrap();
    assert_eq!(
        small.build_limited(Some(16 << 20), |_| {}).unwrap(),
        small.build(|_| {}).unwrap()
    );
}

#[test]
fn cache_loads_check_the_limit_and_refuse_what_is_not_a_regular_file() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let puzzle = Fifteen::standard();
    let tiles = [1, 2, 3];
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("memory-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let name = searchlab_npuzzle::cache::file_name(4, puzzle.goal(), &tiles);
    let path = dir.join(&name);

    // A FIFO where the file should be: reading it would wait for a writer forever.
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    if made.is_ok_and(|s| s.success()) {
        let cached =
            load_or_build_limited::<4, 16>(puzzle.goal(), &tiles, Some(&dir), None, |_| {})
                .unwrap();
        match &cached.origin {
            Origin::Built(Err(reason)) => assert!(reason.contains("not a regular file")),
            other => panic!("{other:?}"),
        }
        assert!(!std::fs::metadata(&path).unwrap().is_file(), "left alone");
        std::fs::remove_file(&path).unwrap();
    } else {
        eprintln!("mkfifo unavailable: FIFO case skipped");
    }

    // A valid file, then loaded within a roomy limit, refused within a tiny one.
    let built =
        load_or_build_limited::<4, 16>(puzzle.goal(), &tiles, Some(&dir), None, |_| {}).unwrap();
    assert!(matches!(built.origin, Origin::Built(Ok(_))));
    let loaded =
        load_or_build_limited::<4, 16>(puzzle.goal(), &tiles, Some(&dir), Some(1 << 20), |_| {})
            .unwrap();
    assert!(matches!(loaded.origin, Origin::Loaded(_)));
    assert_eq!(loaded.db, built.db);
    let tiny = load_or_build_limited::<4, 16>(puzzle.goal(), &tiles, Some(&dir), Some(100), |_| {});
    assert!(
        matches!(
            tiny,
            Err(PatternError::Build(PdbError::Memory { limit: 100, .. }))
        ),
        "{tiny:?}"
    );

    // A file of the wrong length is not read (nor trusted): rebuilt and overwritten.
    std::fs::write(&path, b"short").unwrap();
    let rebuilt =
        load_or_build_limited::<4, 16>(puzzle.goal(), &tiles, Some(&dir), None, |_| {}).unwrap();
    assert!(matches!(rebuilt.origin, Origin::Built(Ok(_))));
    assert_eq!(rebuilt.db, built.db);
    let _ = std::fs::remove_dir_all(&dir);
}
