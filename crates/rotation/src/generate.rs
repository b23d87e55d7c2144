//! Random boards from the core's seeded [`SplitMix64`]: the same seed gives the same boards in
//! every version.

use searchlab_core::SplitMix64;

use crate::board::{Board, CELLS, CENTRE, Move};

/// A uniformly random arrangement of eight 1s, 2s and 3s.
pub fn random_board(rng: &mut SplitMix64) -> Board {
    let mut cells = [0u8; CELLS];
    for (i, c) in cells.iter_mut().enumerate() {
        *c = (i / 8) as u8 + 1;
    }
    rng.shuffle(&mut cells);
    Board::new(cells).expect("a shuffle keeps eight of each symbol")
}

/// A board `depth` random moves away from a random solved board (so at most `depth` moves
/// from a goal). The solved board has a random centre symbol and the other sixteen symbols
/// shuffled around it; no move is followed by its inverse, which would waste two of the
/// `depth` moves.
pub fn scrambled_board(rng: &mut SplitMix64, depth: u32) -> Board {
    let centre = rng.below(3) as u8 + 1;
    let mut others: Vec<u8> = (1..=3u8)
        .filter(|&s| s != centre)
        .flat_map(|s| [s; 8])
        .collect();
    rng.shuffle(&mut others);
    let mut cells = [centre; CELLS];
    let mut rest = others.into_iter();
    for (i, c) in cells.iter_mut().enumerate() {
        if !CENTRE.contains(&i) {
            *c = rest.next().expect("sixteen cells outside the centre");
        }
    }
    let mut board = Board::new(cells).expect("eight of each symbol");
    let mut last: Option<Move> = None;
    for _ in 0..depth {
        let mv = loop {
            let mv = Move::ALL[rng.below(8) as usize];
            if last.map(Move::inverse) != Some(mv) {
                break mv;
            }
        };
        board.apply(mv);
        last = Some(mv);
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_are_deterministic_and_valid() {
        let a: Vec<Board> = {
            let mut rng = SplitMix64::new(42);
            (0..20).map(|_| random_board(&mut rng)).collect()
        };
        let b: Vec<Board> = {
            let mut rng = SplitMix64::new(42);
            (0..20).map(|_| random_board(&mut rng)).collect()
        };
        assert_eq!(a, b);
        assert_ne!(a[0], a[1]);
        let mut rng = SplitMix64::new(1);
        assert!(scrambled_board(&mut rng, 0).is_goal());
        for d in 1..10 {
            let board = scrambled_board(&mut rng, d);
            assert_eq!(board.cells().iter().filter(|&&s| s == 2).count(), 8);
        }
    }
}
