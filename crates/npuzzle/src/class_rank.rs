//! A dense rank of sliding-puzzle boards within one solvability class: `N!/2` ranks where the
//! Cantor rank ([`crate::cantor`]) takes `N!`.
//!
//! A board is its blank's cell and the order of its tiles read in cell order, the blank
//! skipped (the *tile sequence*). The rank is `blank * (N-1)!/2 + L / 2`, where `L` is the
//! lexicographic rank of the tile sequence. Two boards of one blank cell whose tile sequences
//! differ only by the order of their last two tiles share `L / 2`; those have permutations of
//! opposite parities, and the boards one sequence of moves can join all have, for each blank
//! cell, one parity (the solvability rule: a move across a row shifts one tile over `W - 1`
//! others). So the rank is one-to-one on every set of boards that moves connect, the only
//! boards one search meets, and A*'s node table by rank is half the Cantor rank's: for the
//! 8-puzzle 181,440 ids (0.7 MiB) instead of 362,880, which a core's L2 cache holds with the
//! rest of the search (doubling the table's spread made `solve eight --file` 14% slower,
//! benches/README.md, issue 34).
//!
//! A move along a row leaves the tile sequence as it is: the child's rank is the parent's plus
//! the blank's step times `(N-1)!/2`. A move across rows carries one tile over `W - 1` others
//! in the sequence; [`rank_after_blank_move`] updates `L` from the counts of smaller tiles
//! after the move's cells.

use crate::cantor::{factorial, rank as lehmer_rank};

/// The number of ranks: `N!/2` (`N >= 2`).
pub const fn count(n: usize) -> u64 {
    factorial(n) / 2
}

/// The rank of `cells` (`0` the blank, tiles `1..N`; `2 <= N <= 20`).
///
/// ```
/// use searchlab_npuzzle::class_rank::{count, rank};
/// // The two orders of the last two tiles share a rank; they are in different classes.
/// assert_eq!(rank(&[1, 2, 3, 0]), rank(&[1, 3, 2, 0]));
/// assert_eq!(rank(&[1, 2, 3, 0]), 3 * 3);
/// assert!(rank(&[3, 2, 1, 0]) < count(4));
/// ```
pub fn rank<const N: usize>(cells: &[u8; N]) -> u64 {
    let (blank, l) = blank_and_sequence_rank(cells);
    blank as u64 * (factorial(N - 1) / 2) + l / 2
}

/// The blank's cell and the lexicographic rank `L` of the tile sequence.
fn blank_and_sequence_rank<const N: usize>(cells: &[u8; N]) -> (usize, u64) {
    let blank = cells
        .iter()
        .position(|&v| v == 0)
        .expect("a board has a blank");
    let mut sequence = [0u8; N];
    let mut k = 0;
    for &v in cells {
        if v != 0 {
            sequence[k] = v - 1;
            k += 1;
        }
    }
    (blank, lehmer_rank(&sequence[..N - 1]))
}

/// The rank of the board the blank's move from `from` to `to` makes of `parent` (whose rank
/// is `parent_rank`): nothing of the child is read. `W` is the board's width, the move one
/// step of the blank (along a row or across one).
///
/// ```
/// use searchlab_npuzzle::class_rank::{rank, rank_after_blank_move};
/// let parent = [1, 0, 2, 3, 4, 5]; // 2 x 3
/// let child = [1, 4, 2, 3, 0, 5]; // the blank went down, from cell 1 to 4
/// assert_eq!(rank_after_blank_move::<3, 6>(&parent, rank(&parent), 1, 4), rank(&child));
/// ```
#[inline(always)]
pub fn rank_after_blank_move<const W: usize, const N: usize>(
    parent: &[u8; N],
    parent_rank: u64,
    from: usize,
    to: usize,
) -> u64 {
    // Boards of more than 21 cells have no rank (the caller asks for none; the 24-puzzle's
    // copies of this function are compiled all the same).
    let per_blank = const { if N <= 21 { factorial(N - 1) / 2 } else { 1 } };
    if from.abs_diff(to) == 1 {
        // Along a row: the tile sequence is unchanged.
        return if to > from {
            parent_rank + per_blank
        } else {
            parent_rank - per_blank
        };
    }
    // The blank's part of the rank is known: no division.
    let half = parent_rank - from as u64 * per_blank;
    let l = 2 * half + u64::from(last_two_descend(parent, from));
    let (plus, minus) = across_rows_delta::<W, N>(parent, from.min(to), from.max(to));
    // The parent has its tile on the upper cell when the blank goes up (to < from): the
    // tile goes down, forwards in the sequence. Added before subtracting: the sum is the
    // child's L, never negative.
    let child_l = if to < from {
        l + plus - minus
    } else {
        l + minus - plus
    };
    to as u64 * per_blank + child_l / 2
}

/// Whether the last two tiles of the sequence are in descending order: `L`'s lowest bit (the
/// second-to-last digit weighs 1! and every other digit an even factorial or nothing).
#[inline(always)]
fn last_two_descend<const N: usize>(cells: &[u8; N], blank: usize) -> bool {
    // The last two cells but the blank's: each index steps down past a blank at or below it.
    let a = N - 2 - usize::from(blank >= N - 2);
    let b = N - 1 - usize::from(blank == N - 1);
    cells[a] > cells[b]
}

/// A move across rows between cells `lo` and `hi`: with `t` the moving tile and `b_1..b_k`
/// (`k = W - 1`) the tiles on the cells between, `L(b_1..b_k, t) - L(t, b_1..b_k)` as the sum
/// of its positive and of its negative terms, the run at sequence positions `lo..=lo+k`
/// (every cell before `lo` holds a tile). `parent` has the blank on one of `lo`, `hi` and `t`
/// on the other. Each tile's Lehmer digit counts the smaller tiles after it: within the run,
/// and after `hi` (the same cells in parent and child).
#[inline(always)]
fn across_rows_delta<const W: usize, const N: usize>(
    parent: &[u8; N],
    lo: usize,
    hi: usize,
) -> (u64, u64) {
    let k = W - 1;
    // The moving tile is the one of lo and hi that is not the blank (0).
    let t = parent[lo] | parent[hi];
    // Boards of up to 9 cells count in one word (cells 1 to 8; cell 0 is never after hi).
    let word = (N <= 9).then(|| {
        let mut bytes = [0u8; 8];
        bytes[..N - 1].copy_from_slice(&parent[1..]);
        u64::from_le_bytes(bytes)
    });
    let after = &parent[hi + 1..];
    let smaller_after = |x: u8| match word {
        Some(word) => smaller_in_word::<N>(word, x, hi),
        None => after.iter().filter(|&&v| v < x).count() as u64,
    };
    let n = N - 1;
    let weight = |position: usize| factorial(n - 1 - position);
    let p = lo;
    // Positive and negative parts, summed apart (all unsigned).
    let r_t = smaller_after(t);
    let mut plus = r_t * weight(p + k);
    let mut minus = r_t * weight(p);
    for i in 1..=k {
        let b = parent[lo + i];
        minus += u64::from(b < t) * weight(p);
        let mut c = 0;
        for j in i + 1..=k {
            c += u64::from(parent[lo + j] < b);
        }
        // Its digit before and after the move times the weights of its two positions.
        let digit = c + smaller_after(b);
        plus += (digit + u64::from(t < b)) * weight(p + i - 1);
        minus += digit * weight(p + i);
    }
    (plus, minus)
}

/// How many of the cells after `hi` hold a tile smaller than `x` (`x >= 1`), for a board of
/// up to 9 cells whose cells 1 to `N - 1` are the bytes of `word` (byte `j` cell `j + 1`, zero
/// above): a byte `v | 0x80` minus `x` keeps its top bit exactly when `v >= x` (no byte borrows
/// from the next, as `x < 0x80`), and one multiplication sums the flags. Three such counts per
/// move across rows cost less than their loops, which made A* 17% more instructions.
#[inline(always)]
fn smaller_in_word<const N: usize>(word: u64, x: u8, hi: usize) -> u64 {
    const ONES: u64 = u64::MAX / 255;
    const TOPS: u64 = ONES << 7;
    let smaller = !((word | TOPS) - ONES * u64::from(x)) & TOPS;
    // The bytes from hi on are the cells after hi (two shifts: hi = 8 would shift by the
    // word's width); the padding bytes above cell N - 1 hold 0, smaller than any tile.
    let cells = if N >= 9 {
        u64::MAX
    } else {
        (1u64 << (8 * N.saturating_sub(1))) - 1
    };
    let after = (smaller >> 7) & ((u64::MAX << (4 * hi)) << (4 * hi)) & cells;
    after.wrapping_mul(ONES) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cantor::{cells_beside, unrank};

    /// Solvability class of a board of width `w`: the tile sequence's inversion parity, plus
    /// the blank's row for even widths (the parity a move keeps).
    fn class(cells: &[u8], w: usize) -> usize {
        let tiles: Vec<u8> = cells.iter().copied().filter(|&v| v != 0).collect();
        let mut inversions = 0;
        for i in 0..tiles.len() {
            for j in i + 1..tiles.len() {
                inversions += usize::from(tiles[i] > tiles[j]);
            }
        }
        let row = cells.iter().position(|&v| v == 0).unwrap() / w;
        (inversions + if w.is_multiple_of(2) { row } else { 0 }) % 2
    }

    /// Every board of `W x (N / W)`: within each class every rank below `count(N)` is taken
    /// exactly once, and every move's incremental rank equals the full one.
    fn exhaustive<const W: usize, const N: usize>() {
        let total = factorial(N);
        let mut seen = vec![[false; 2]; count(N) as usize];
        for r in 0..total {
            let cells: [u8; N] = unrank(r, N).try_into().unwrap();
            let c = class(&cells, W);
            let k = rank(&cells);
            assert!(k < count(N), "{cells:?}");
            assert!(
                !seen[k as usize][c],
                "{cells:?} repeats rank {k} in class {c}"
            );
            seen[k as usize][c] = true;
            let blank = cells.iter().position(|&v| v == 0).unwrap();
            for to in cells_beside::<W, N>(blank) {
                let mut child = cells;
                child.swap(blank, to);
                assert_eq!(class(&child, W), c, "a move keeps the class");
                assert_eq!(
                    rank_after_blank_move::<W, N>(&cells, k, blank, to),
                    rank(&child),
                    "{cells:?}, blank {blank} -> {to}"
                );
            }
        }
        assert!(
            seen.iter().all(|s| s[0] && s[1]),
            "every rank of each class"
        );
    }

    #[test]
    fn one_to_one_within_each_class_and_incremental_on_every_move_3x3() {
        exhaustive::<3, 9>();
    }

    #[test]
    fn one_to_one_within_each_class_and_incremental_on_every_move_small_boards() {
        exhaustive::<2, 4>();
        exhaustive::<2, 6>();
        exhaustive::<3, 6>();
        exhaustive::<2, 8>();
        exhaustive::<4, 8>();
    }
}
