//! Counting games and positions: the classic figures that check a move generator.

use rustc_hash::FxHashSet;

use crate::board::{Board, Geometry};

/// Move sequences of length `depth` from `b` (the nodes at that depth of the game tree).
/// With `stop_at_win`, a position with a line has no moves; without, play goes on until the
/// board is full (3 x 3: 1, 9, 72, 504, 3024, 15120, 60480, 181440, 362880).
pub fn perft(geometry: &Geometry, b: &Board, depth: u32, stop_at_win: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if stop_at_win && geometry.winner(b).is_some() {
        return 0;
    }
    let mut empty = !(b.x | b.o) & geometry.full();
    if depth == 1 {
        return u64::from(empty.count_ones());
    }
    let side = b.to_move();
    let mut total = 0;
    while empty != 0 {
        let bit = empty.trailing_zeros();
        empty &= empty - 1;
        total += perft(geometry, &b.with(side, bit), depth - 1, stop_at_win);
    }
    total
}

/// Complete games from `b`, play stopping at a line or a full board (3 x 3: 255,168).
pub fn count_games(geometry: &Geometry, b: &Board) -> u64 {
    if geometry.is_over(b) {
        return 1;
    }
    let side = b.to_move();
    let mut empty = !(b.x | b.o) & geometry.full();
    let mut total = 0;
    while empty != 0 {
        let bit = empty.trailing_zeros();
        empty &= empty - 1;
        total += count_games(geometry, &b.with(side, bit));
    }
    total
}

/// Distinct positions reachable from `b`, `b` included, play stopping at a line
/// (3 x 3: 5,478; 4 x 4: 9,722,011). Counted layer by layer (a layer is a stone count), so
/// only two layers are in memory at once.
pub fn count_positions(geometry: &Geometry, b: &Board) -> u64 {
    let mut layer: FxHashSet<Board> = FxHashSet::default();
    layer.insert(*b);
    let mut total = 0;
    while !layer.is_empty() {
        total += layer.len() as u64;
        let mut next = FxHashSet::default();
        next.reserve(layer.len() * 2);
        for p in &layer {
            if geometry.is_over(p) {
                continue;
            }
            let side = p.to_move();
            let mut empty = !(p.x | p.o) & geometry.full();
            while empty != 0 {
                let bit = empty.trailing_zeros();
                empty &= empty - 1;
                next.insert(p.with(side, bit));
            }
        }
        layer = next;
    }
    total
}
