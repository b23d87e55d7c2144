//! Seeded random unfinished positions (`searchlab gen tictactoe`): the draws follow the
//! Python script that wrote the first bench sets (see `puzzles/README.md`), so a seed
//! reproduces those sets line for line.

use std::collections::BTreeSet;

use searchlab_toolkit::describe::{Steps, counted};
use searchlab_toolkit::{OptionSpec, Options, SplitMix64};

use crate::{Board, Geometry, Side};

/// The generator's options.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec::value("size", "N", Some("3"), "the board side: 3 or 4 (POJ 1568)"),
    OptionSpec::value(
        "plies",
        "P",
        Some("2-5"),
        "plies (stones) per position: P, or LO-HI for LO, LO+1, ..., HI, LO, ... in turn; at most N*N - 1",
    ),
];

/// `count` distinct unfinished positions of `--size` with `--plies` stones, x first.
pub fn positions(
    options: &Options,
    rng: &mut SplitMix64,
    count: usize,
) -> Result<Vec<String>, String> {
    let n: usize = options.parse("size")?.unwrap_or(3);
    let plies: Steps = options.parse("plies")?.unwrap_or(Steps { lo: 2, hi: 5 });
    let count = count as u64;
    if !(3..=4).contains(&n) {
        return Err(format!(
            "--size {n}: the generator makes 3 x 3 or 4 x 4 positions (the sizes whose searches finish from any position)"
        ));
    }
    let cells = (n * n) as u32;
    if plies.hi >= cells {
        return Err(format!(
            "--plies {}: a {n} x {n} board is full after {cells} plies and the game is over; use at most {}",
            plies.label(),
            cells - 1
        ));
    }
    let geometry = Geometry::new(n, n).map_err(|e| e.to_string())?;
    for p in plies.lo..=plies.hi {
        let wanted = plies.instances_with(p, count);
        if wanted == 0 {
            continue;
        }
        let available = unfinished_positions(&geometry, p);
        if wanted > available {
            return Err(format!(
                "--count {count} --plies {}: asks for {wanted} distinct {n} x {n} positions after {}, but only {available} exist where nobody has a line",
                plies.label(),
                counted(u64::from(p), "ply", "plies")
            ));
        }
    }
    let mut seen = BTreeSet::new();
    let mut lines = Vec::new();
    let mut empty = Vec::with_capacity(cells as usize);
    for i in 0..count {
        let stones = plies.of(i);
        // Terminates: the count check above leaves an unseen unfinished position to draw.
        let board = loop {
            empty.clear();
            empty.extend(0..cells);
            let mut board = Board::EMPTY;
            for ply in 0..stones {
                // Removing in place keeps the squares in row-major order, as the script did.
                let square = empty.remove(rng.below(empty.len() as u64) as usize);
                let side = if ply % 2 == 0 { Side::X } else { Side::O };
                board = board.with(side, square);
            }
            // A line formed on the way stays on the board, so checking the end is enough.
            if geometry.winner(&board).is_none() && seen.insert(board) {
                break board;
            }
        };
        lines.push(geometry.format(&board));
    }
    Ok(lines)
}

/// How many positions of `plies` stones (x first) have no line on a board of at most 16
/// squares: every such position is reachable by some order of its stones, and none passed
/// through a finished game, since a line once made stays.
pub fn unfinished_positions(geometry: &Geometry, plies: u32) -> u64 {
    let cells = (geometry.n() * geometry.n()) as u32;
    let (xs, os) = (plies.div_ceil(2), plies / 2);
    let mut total = 0;
    subsets(cells, xs, |x| {
        if geometry.has_line(x) {
            return;
        }
        let free: Vec<u32> = (0..cells).filter(|&b| x >> b & 1 == 0).collect();
        subsets(free.len() as u32, os, |pick| {
            let o = free
                .iter()
                .enumerate()
                .filter(|&(i, _)| pick >> i & 1 == 1)
                .fold(0u64, |o, (_, &b)| o | 1 << b);
            total += u64::from(!geometry.has_line(o));
        });
    });
    total
}

/// Calls `f` with every `k`-bit subset of the low `bits` bits (`bits <= 32`), in increasing
/// order (Gosper's hack).
fn subsets(bits: u32, k: u32, mut f: impl FnMut(u64)) {
    if k > bits {
        return;
    }
    if k == 0 {
        f(0);
        return;
    }
    let end = 1u64 << bits;
    let mut v = (1u64 << k) - 1;
    while v < end {
        f(v);
        let t = v | (v - 1);
        v = (t + 1) | (((!t & (t + 1)) - 1) >> (v.trailing_zeros() + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unfinished_3x3_counts_match_a_direct_enumeration() {
        // Every 3^9 board, counted by stones when it has the right x/o split and no line.
        let g = Geometry::new(3, 3).unwrap();
        for plies in 0..9u32 {
            let mut direct = 0;
            for code in 0..3u32.pow(9) {
                let (mut x, mut o, mut c) = (0u64, 0u64, code);
                for b in 0..9 {
                    match c % 3 {
                        1 => x |= 1 << b,
                        2 => o |= 1 << b,
                        _ => {}
                    }
                    c /= 3;
                }
                let right = x.count_ones() == plies.div_ceil(2) && o.count_ones() == plies / 2;
                if right && !g.has_line(x) && !g.has_line(o) {
                    direct += 1;
                }
            }
            assert_eq!(unfinished_positions(&g, plies), direct, "plies {plies}");
        }
        assert_eq!(unfinished_positions(&g, 1), 9);
        assert_eq!(unfinished_positions(&g, 2), 72);
    }
}
