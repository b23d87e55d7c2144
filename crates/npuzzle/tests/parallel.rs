//! Parallel IDA* returns what sequential IDA* returns, solution and node counts, on the 8- and
//! 15-puzzles with every heuristic kind (incremental, recomputed, pattern databases).

use searchlab_core::{Heuristic, Limits, ParallelConfig, SplitMix64, idastar, par_idastar_with};
use searchlab_npuzzle::generate::random_board;
use searchlab_npuzzle::{Board, Eight, Fifteen, LinearConflict, Manhattan, Move, SlidingPuzzle};

/// Runs both searches and compares outcome and statistics (all but the elapsed time).
fn check<const W: usize, const N: usize, H>(
    puzzle: &SlidingPuzzle<W, N>,
    board: &Board<N>,
    h: &H,
    configs: &[ParallelConfig],
) -> u64
where
    H: Heuristic<SlidingPuzzle<W, N>> + Sync,
{
    let sequential = idastar(puzzle, board, h, &Limits::none());
    for config in configs {
        let run = par_idastar_with(puzzle, board, h, &Limits::none(), config);
        assert_eq!(run.result.outcome, sequential.outcome, "{board} {config:?}");
        let (mut a, mut b) = (run.result.stats.clone(), sequential.stats.clone());
        (a.elapsed, b.elapsed) = Default::default();
        assert_eq!(a, b, "{board} {config:?}");
        assert!(run.work.generated >= sequential.stats.generated);
    }
    sequential.stats.generated
}

fn configs() -> Vec<ParallelConfig> {
    vec![
        ParallelConfig::new(2),
        ParallelConfig::new(3),
        ParallelConfig {
            eager_sharing: true,
            ..ParallelConfig::new(2)
        },
        // Splits judged by the path marks at small thresholds: many splits on small boards.
        ParallelConfig {
            eager_sharing: true,
            min_split: Some(16),
            ..ParallelConfig::new(2)
        },
        ParallelConfig {
            min_split: Some(64),
            ..ParallelConfig::new(2)
        },
    ]
}

#[test]
fn eight_puzzle_random_boards() {
    let puzzle = Eight::standard();
    let lc = LinearConflict::new(&puzzle);
    let mut rng = SplitMix64::new(1077);
    for _ in 0..40 {
        let board = random_board(&puzzle, &mut rng);
        check(&puzzle, &board, &Manhattan, &configs());
        check(&puzzle, &board, &lc, &configs());
    }
}

#[test]
fn korf_instances_with_manhattan_and_linear_conflict() {
    let puzzle = Fifteen::blank_first().with_order([Move::Up, Move::Left, Move::Right, Move::Down]);
    let lc = LinearConflict::new(&puzzle);
    let mut checked = 0;
    for line in include_str!("../../../puzzles/fifteen/korf100_with_korf85_nodes.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (head, board) = line.split_once('|').unwrap();
        let published: u64 = head.split_whitespace().nth(2).unwrap().parse().unwrap();
        // The instances that take well under a second each.
        if published > 3_000_000 {
            continue;
        }
        let board = Board::parse(board).unwrap();
        check(&puzzle, &board, &Manhattan, &configs());
        check(&puzzle, &board, &lc, &configs()[..1]);
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}
