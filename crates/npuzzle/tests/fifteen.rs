//! The 15-puzzle: Korf's 1985 node counts (the correctness signature of IDA* with Manhattan
//! distance), solvability on 4 x 4, linear conflict and additive pattern databases checked
//! against exact 8-puzzle distances, and the 6-6-3 databases on Korf's instances.

use searchlab_core::pdb::AbstractSpace;
use searchlab_core::{Heuristic, Limits, Problem, SplitMix64, idastar};
use searchlab_npuzzle::cache::load_or_build;
use searchlab_npuzzle::pattern::{AdditivePdb, Partition, Pattern, PatternSpace, placement_rank};
use searchlab_npuzzle::{Board, Eight, Fifteen, LinearConflict, Manhattan, Move, cantor};

mod common;

use common::{UNREACHED, board_of_rank, distances as eight_distances};

/// Korf's instances with the published node counts: (id, optimal length, nodes, board).
fn korf85() -> Vec<(u32, u32, u64, Board<16>)> {
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
        .collect()
}

/// Boards and optimal lengths of a `BOARD | LENGTH` file.
fn boards_with_lengths(text: &str) -> Vec<(Board<16>, u32)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (board, length) = l.split_once('|').unwrap();
            (Board::parse(board).unwrap(), length.trim().parse().unwrap())
        })
        .collect()
}

/// Korf's 1985 setting: blank-first goal, blank moves tried up, left, right, down.
fn korf_puzzle() -> Fifteen {
    Fifteen::blank_first().with_order([Move::Up, Move::Left, Move::Right, Move::Down])
}

/// The published count differs from plain IDA* here (see the data file's header); the value is
/// what this implementation, like others, generates.
const KNOWN_DIFFERENCES: [(u32, u64); 5] = [
    (22, 750_745_755),
    (42, 877_823),
    (88, 6_320_047_980),
    (89, 166_571_021),
    (98, 183_526_883),
];

#[test]
fn manhattan_reproduces_korf_1985_node_counts() {
    let puzzle = korf_puzzle();
    let mut checked = 0;
    for (id, length, published, board) in korf85() {
        // The instances that finish in well under a second each; all 100 are in the bench.
        if published > 6_000_000 {
            continue;
        }
        let expected = KNOWN_DIFFERENCES
            .iter()
            .find(|(i, _)| *i == id)
            .map_or(published, |&(_, n)| n);
        let run = idastar(&puzzle, &board, &Manhattan, &Limits::none());
        assert_eq!(run.outcome.cost(), Some(length), "#{id}");
        assert_eq!(run.stats.generated, expected, "#{id}: generated nodes");
        let per_iteration: u64 = run.stats.iterations.iter().map(|i| i.generated).sum();
        assert_eq!(per_iteration, run.stats.generated);
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} instances checked");
}

#[test]
fn korf_instances_are_solvable_and_swaps_are_not() {
    let puzzle = Fifteen::blank_first();
    let standard = Fifteen::standard();
    for (_, _, _, board) in korf85() {
        assert!(puzzle.is_solvable(&board));
        // Swapping two tiles flips the permutation parity; the blank stays.
        let mut cells = *board.cells();
        let tiles: Vec<usize> = (0..16).filter(|&c| cells[c] != 0).take(2).collect();
        cells.swap(tiles[0], tiles[1]);
        assert!(!puzzle.is_solvable(&Board::from_cells(cells).unwrap()));
    }
    let last = boards_with_lengths(include_str!(
        "../../../puzzles/fifteen/korf100_goal_blank_last.txt"
    ));
    assert_eq!(last.len(), 100);
    for (board, _) in &last {
        assert!(standard.is_solvable(board));
    }
    // Moving the blank alone changes the blank's row, which decides solvability on even widths.
    let mut goal = *standard.goal().cells();
    goal.swap(14, 15);
    let b = Board::from_cells(goal).unwrap();
    assert!(standard.is_solvable(&b));
    goal.swap(11, 14);
    assert!(!standard.is_solvable(&Board::from_cells(goal).unwrap()));
    // Random walks from the goal stay solvable.
    let mut rng = SplitMix64::new(15);
    let mut board = *puzzle.goal();
    let mut actions = Vec::new();
    for _ in 0..2000 {
        actions.clear();
        puzzle.actions(&board, &mut actions);
        let a = actions[rng.below(actions.len() as u64) as usize];
        puzzle.apply(&mut board, &a);
        assert!(puzzle.is_solvable(&board));
    }
}

/// Checks `h` on every solvable 8-puzzle board: admissible, of the distance's parity, at least
/// Manhattan, the incremental update equal to the full estimate, and if `consistent`, dropping
/// by at most 1 per move. (Additive databases are not consistent: the projection takes the
/// minimum over the blank's regions, and the blank's move can leave the region that gave it.)
fn check_on_all_eight_boards<H: Heuristic<Eight>>(puzzle: &Eight, h: &H, consistent: bool) -> u64 {
    let dist = eight_distances(puzzle);
    let mut actions = Vec::new();
    let mut total = 0u64;
    for (r, &d) in dist.iter().enumerate() {
        if d == UNREACHED {
            continue;
        }
        let board = board_of_rank(r);
        let value = h.estimate(puzzle, &board);
        assert!(value <= u32::from(d), "{board}: h {value} > {d}");
        if consistent {
            // Manhattan distance plus an even term: the distance's parity.
            assert_eq!(value % 2, u32::from(d) % 2, "{board}: parity");
        }
        assert!(value >= puzzle.manhattan(&board), "{board}");
        total += u64::from(value);
        actions.clear();
        puzzle.actions(&board, &mut actions);
        for a in &actions {
            let (child, _) = puzzle.result(&board, a);
            let full = h.estimate(puzzle, &child);
            assert_eq!(
                h.estimate_child(puzzle, &child, a, value),
                full,
                "{board} {a}"
            );
            if consistent {
                assert!(full + 1 >= value, "{board} {a}: inconsistent");
            }
        }
    }
    total
}

#[test]
fn linear_conflict_is_admissible_and_consistent_on_every_eight_board() {
    for puzzle in [Eight::standard(), Eight::blank_first()] {
        let lc = LinearConflict::new(&puzzle);
        let total = check_on_all_eight_boards(&puzzle, &lc, true);
        let manhattan: u64 = (0..cantor::factorial(9) as usize)
            .map(board_of_rank)
            .filter(|b| puzzle.is_solvable(b))
            .map(|b| u64::from(puzzle.manhattan(&b)))
            .sum();
        assert!(total > manhattan, "linear conflict adds nothing");
    }
}

/// A random walk of `steps` moves on the 15-puzzle, checking the incremental estimate of `h`
/// against the full one at every step.
fn walk_checks_incremental<H: Heuristic<Fifteen>>(puzzle: &Fifteen, h: &H, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut board = *puzzle.goal();
    let mut value = h.estimate(puzzle, &board);
    assert_eq!(value, 0);
    let mut actions = Vec::new();
    for _ in 0..3000 {
        actions.clear();
        puzzle.actions(&board, &mut actions);
        let a = actions[rng.below(actions.len() as u64) as usize];
        puzzle.apply(&mut board, &a);
        value = h.estimate_child(puzzle, &board, &a, value);
        assert_eq!(value, h.estimate(puzzle, &board), "{board}");
    }
}

#[test]
fn linear_conflict_on_korf_instances() {
    let puzzle = Fifteen::blank_first();
    let lc = LinearConflict::new(&puzzle);
    walk_checks_incremental(&puzzle, &lc, 7);
    walk_checks_incremental(
        &Fifteen::standard(),
        &LinearConflict::new(&Fifteen::standard()),
        8,
    );
    for (id, length, _, board) in korf85() {
        let h = lc.estimate(&puzzle, &board);
        assert!(h <= length && h >= puzzle.manhattan(&board), "#{id}");
    }
    // Fewer nodes than Manhattan on a quick instance, with the same (optimal) length.
    let (_, length, _, board) = korf85().into_iter().find(|k| k.0 == 12).unwrap();
    let korf = korf_puzzle();
    let with_lc = idastar(&korf, &board, &LinearConflict::new(&korf), &Limits::none());
    let with_md = idastar(&korf, &board, &Manhattan, &Limits::none());
    assert_eq!(with_lc.outcome.cost(), Some(length));
    assert!(with_lc.stats.generated * 3 < with_md.stats.generated);
}

#[test]
fn pattern_space_rank_is_a_bijection() {
    let goal = *Fifteen::blank_first().goal();
    let space = PatternSpace::<4, 16>::new(goal, &[3, 7, 11]).unwrap();
    assert_eq!(space.size(), 16 * 15 * 14 * 13);
    let mut rng = SplitMix64::new(3);
    for _ in 0..20_000 {
        let r = rng.below(space.size() as u64) as usize;
        let s = space.unrank(r);
        assert_eq!(space.rank(&s), r);
        assert_eq!(placement_rank(16, &s.cells[..3]), r / 13);
    }
}

/// Builds the databases of `patterns` for `puzzle`.
fn eight_pdb(puzzle: &Eight, patterns: &[&[u8]], reflect: bool) -> AdditivePdb<9> {
    let patterns = patterns
        .iter()
        .map(|tiles| Pattern {
            tiles: tiles.to_vec(),
            db: PatternSpace::<3, 9>::new(*puzzle.goal(), tiles)
                .unwrap()
                .build(|_| {})
                .unwrap(),
        })
        .collect();
    AdditivePdb::new(puzzle, patterns, reflect).unwrap()
}

#[test]
fn a_pattern_of_all_tiles_is_the_exact_distance() {
    let puzzle = Eight::standard();
    let pdb = eight_pdb(&puzzle, &[&[1, 2, 3, 4, 5, 6, 7, 8]], false);
    let dist = eight_distances(&puzzle);
    for (r, &d) in dist.iter().enumerate() {
        if d != UNREACHED {
            assert_eq!(pdb.estimate(&puzzle, &board_of_rank(r)), u32::from(d));
        }
    }
}

#[test]
fn additive_databases_are_admissible_on_every_eight_board() {
    for puzzle in [Eight::standard(), Eight::blank_first()] {
        for reflect in [false, true] {
            let pdb = eight_pdb(&puzzle, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], reflect);
            check_on_all_eight_boards(&puzzle, &pdb, false);
            let pdb = eight_pdb(&puzzle, &[&[1, 4, 7], &[2, 5], &[3, 6, 8]], reflect);
            check_on_all_eight_boards(&puzzle, &pdb, false);
        }
    }
}

/// The 6-6-3 databases for `puzzle`, cached in cargo's scratch directory for tests (about 15 s
/// to build per goal the first time, a few milliseconds to load afterwards).
fn pdb663(puzzle: &Fifteen, reflect: bool) -> AdditivePdb<16> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("searchlab-cache");
    let patterns = Partition::SixSixThree
        .tiles(puzzle.goal())
        .unwrap()
        .into_iter()
        .map(|tiles| {
            let cached = load_or_build::<4, 16>(puzzle.goal(), &tiles, Some(&dir), |_| {}).unwrap();
            Pattern {
                tiles,
                db: cached.db,
            }
        })
        .collect();
    AdditivePdb::new(puzzle, patterns, reflect).unwrap()
}

#[test]
fn pdb663_solves_korf_instances_optimally() {
    let puzzle = korf_puzzle();
    let pdb = pdb663(&puzzle, false);
    for p in pdb.patterns() {
        assert!(p.db.get(0).is_some());
        assert_eq!(p.db.distribution().iter().sum::<u64>(), p.db.len() as u64);
    }
    walk_checks_incremental(&puzzle, &pdb, 9);
    let reflected = AdditivePdb::new(&puzzle, pdb.patterns().to_vec(), true).unwrap();
    walk_checks_incremental(&puzzle, &reflected, 10);
    let lc = LinearConflict::new(&puzzle);
    let (mut pdb_total, mut lc_total) = (0, 0);
    let (mut pdb_nodes, mut korf_nodes) = (0, 0);
    for (i, (id, length, published, board)) in korf85().into_iter().enumerate() {
        let h = pdb.estimate(&puzzle, &board);
        let hr = reflected.estimate(&puzzle, &board);
        assert!(h <= length && hr <= length && hr >= h, "#{id}");
        assert!(h >= puzzle.manhattan(&board), "#{id}");
        pdb_total += h;
        lc_total += lc.estimate(&puzzle, &board);
        // A quarter of the set keeps the test short; the bench runs all 100.
        if i % 4 == 0 {
            let run = idastar(&puzzle, &board, &pdb, &Limits::none());
            assert_eq!(run.outcome.cost(), Some(length), "#{id}");
            let run = idastar(&puzzle, &board, &reflected, &Limits::none());
            assert_eq!(run.outcome.cost(), Some(length), "#{id} reflected");
            (pdb_nodes, korf_nodes) = (pdb_nodes + run.stats.generated, korf_nodes + published);
        }
    }
    assert!(pdb_total > lc_total);
    // Against the published Manhattan counts of the same instances (all 100: about 640x, see
    // the korf100 example).
    assert!(pdb_nodes * 300 < korf_nodes, "{pdb_nodes} vs {korf_nodes}");
}

#[test]
fn pdb663_for_the_blank_last_goal() {
    let puzzle = Fifteen::standard();
    let pdb = pdb663(&puzzle, true);
    walk_checks_incremental(&puzzle, &pdb, 11);
    let converted = boards_with_lengths(include_str!(
        "../../../puzzles/fifteen/korf100_goal_blank_last.txt"
    ));
    for (board, length) in converted.iter().take(10) {
        let run = idastar(&puzzle, board, &pdb, &Limits::none());
        assert_eq!(run.outcome.cost(), Some(*length), "{board}");
    }
    let hardest = boards_with_lengths(include_str!(
        "../../../puzzles/fifteen/fifteen_hardest80.txt"
    ));
    assert_eq!(hardest.len(), 17);
    for (board, length) in &hardest {
        assert_eq!(*length, 80);
        assert!(pdb.estimate(&puzzle, board) <= 80);
    }
}

#[test]
#[ignore = "about a minute: the 80-move boards need tens of millions of nodes with 6-6-3"]
fn pdb663_solves_an_80_move_board() {
    let puzzle = Fifteen::standard();
    let pdb = pdb663(&puzzle, true);
    let hardest = boards_with_lengths(include_str!(
        "../../../puzzles/fifteen/fifteen_hardest80.txt"
    ));
    let run = idastar(&puzzle, &hardest[0].0, &pdb, &Limits::none());
    assert_eq!(run.outcome.cost(), Some(80));
}

#[test]
#[ignore = "builds the 7-8 databases once (tens of minutes, ~5 GB), then solves all 100: run with --ignored"]
fn pdb78_solves_all_korf_instances() {
    let puzzle = korf_puzzle();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("searchlab-cache");
    let patterns = Partition::SevenEight
        .tiles(puzzle.goal())
        .unwrap()
        .into_iter()
        .map(|tiles| {
            let cached = load_or_build::<4, 16>(puzzle.goal(), &tiles, Some(&dir), |_| {}).unwrap();
            Pattern {
                tiles,
                db: cached.db,
            }
        })
        .collect();
    let pdb = AdditivePdb::new(&puzzle, patterns, true).unwrap();
    let (mut nodes, mut published) = (0, 0);
    for (id, length, korf, board) in korf85() {
        let run = idastar(&puzzle, &board, &pdb, &Limits::none());
        assert_eq!(run.outcome.cost(), Some(length), "#{id}");
        nodes += run.stats.generated;
        published += korf;
    }
    eprintln!(
        "7-8 with reflection: {nodes} nodes generated over Korf's 100 ({published} published with Manhattan)"
    );
    assert!(nodes * 5000 < published);
}

/// The incremental update with reflection (terms of the parent from the per-thread memo stack)
/// gives every node of a depth-first search the estimate computed from scratch: IDA* (and
/// parallel IDA*, whose pieces start on other threads) counts the same nodes with both.
#[test]
fn reflected_incremental_estimates_equal_recomputed_ones_in_searches() {
    use searchlab_core::{ParallelConfig, par_idastar_with};
    let puzzle = Eight::standard();
    let pdb = eight_pdb(&puzzle, &[&[1, 4, 7], &[2, 5], &[3, 6, 8]], true);
    let scratch = |b: &Board<9>| pdb.value(b);
    let mut rng = SplitMix64::new(2002);
    for _ in 0..30 {
        let board = searchlab_npuzzle::generate::random_board(&puzzle, &mut rng);
        let a = idastar(&puzzle, &board, &pdb, &Limits::none());
        let b = idastar(&puzzle, &board, &scratch, &Limits::none());
        assert_eq!(a.outcome, b.outcome, "{board}");
        assert_eq!(a.stats.iterations, b.stats.iterations, "{board}");
        // Splits at any open node, and splits judged by the path marks (their replay of the
        // path asks the heuristic for the path's estimates again, out of the search's order).
        for min_split in [None, Some(8)] {
            let config = ParallelConfig {
                eager_sharing: true,
                min_split,
                ..ParallelConfig::new(2)
            };
            let p = par_idastar_with(&puzzle, &board, &pdb, &Limits::none(), &config);
            assert_eq!(p.result.stats.iterations, b.stats.iterations, "{board}");
        }
    }
}
