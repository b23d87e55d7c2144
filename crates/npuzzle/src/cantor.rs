//! Cantor ranking of permutations: a bijection between the permutations of `0..n` and `0..n!`.
//!
//! The rank is the permutation's index in lexicographic order (the Lehmer code read in the
//! factorial number system): a perfect hash of the 8-puzzle's boards into 9! = 362,880 slots.
//! The puzzle's own rank ([`crate::class_rank`]) ranks within a solvability class, in half as
//! many; the tests' exhaustive tables use this one.

/// `n!` for `n <= 20`.
pub const fn factorial(n: usize) -> u64 {
    FACTORIALS[n]
}

/// The lexicographic rank of `perm`, a permutation of `0..perm.len()` (`len <= 20`).
///
/// O(n): the count of smaller elements to the right of position i is the element minus the
/// count of smaller elements already seen on the left, read from a bit mask.
///
/// ```
/// use searchlab_npuzzle::cantor::{rank, unrank};
/// assert_eq!(rank(&[0, 1, 2]), 0);
/// assert_eq!(rank(&[2, 1, 0]), 5);
/// assert_eq!(unrank(3, 3), vec![1, 2, 0]);
/// ```
#[inline]
pub fn rank(perm: &[u8]) -> u64 {
    let n = perm.len();
    debug_assert!(n <= 20);
    let mut seen = 0u32;
    let mut r = 0u64;
    for (i, &x) in perm.iter().enumerate() {
        let smaller_before = popcount20(seen & ((1u32 << x) - 1));
        let smaller_after = u64::from(x) - u64::from(smaller_before);
        r += smaller_after * FACTORIALS[n - 1 - i];
        seen |= 1 << x;
    }
    r
}

/// The rank of `perm` from the rank of the permutation it was one swap ago: the element `0`
/// (the blank) moved from position `from` to position `to`, trading places with the element now
/// at `from`. O(|from - to| + n - max) simple steps instead of [`rank`]'s O(n) with a popcount
/// each, and no dependency on the full permutation's prefix.
///
/// With `lo < hi` the two positions and `t` the moved element: the Lehmer digit of the blank is
/// 0 wherever it stands; `t` on `lo` counts the smaller elements between the two positions
/// (`m`), the blank, and the smaller elements after `hi` (`r`), while `t` on `hi` counted just
/// `r`; each element between the positions that is smaller than `t` gains one (the blank
/// replaced `t` on its right). So the rank with `t` on `lo` exceeds the rank with the blank on
/// `lo` by `(m + 1 + r) (n-1-lo)! - r (n-1-hi)! + sum of (n-1-k)! over those smaller elements`.
///
/// ```
/// use searchlab_npuzzle::cantor::{rank, rank_after_blank_swap};
/// let before = [1, 0, 2, 3];
/// let after = [1, 3, 2, 0]; // the blank went from position 1 to 3
/// assert_eq!(rank_after_blank_swap(&after, rank(&before), 1, 3), rank(&after));
/// ```
#[inline(always)]
pub fn rank_after_blank_swap<const N: usize>(
    perm: &[u8; N],
    before: u64,
    from: usize,
    to: usize,
) -> u64 {
    rank_after_swap_of(perm, perm[from], before, from, to)
}

/// [`rank_after_blank_swap`] read from the permutation before the move (`before_perm`, whose
/// rank is `before`): the blank moves from `from` to `to`. The two permutations agree outside
/// those two cells, and the moved element is the one on `to` before the move, so nothing of
/// the new permutation is read.
///
/// ```
/// use searchlab_npuzzle::cantor::{rank, rank_after_blank_move};
/// let before = [1, 0, 2, 3];
/// let after = [1, 3, 2, 0]; // the blank went from position 1 to 3
/// assert_eq!(rank_after_blank_move(&before, rank(&before), 1, 3), rank(&after));
/// ```
#[inline(always)]
pub fn rank_after_blank_move<const N: usize>(
    before_perm: &[u8; N],
    before: u64,
    from: usize,
    to: usize,
) -> u64 {
    rank_after_swap_of(before_perm, before_perm[to], before, from, to)
}

/// The rank after the blank moved from `from` to `to` and the element `t` the other way;
/// `perm` is either permutation (only the cells strictly after `min(from, to)`, other than
/// `max(from, to)`, are read, and those agree).
#[inline(always)]
fn rank_after_swap_of<const N: usize>(
    perm: &[u8; N],
    t: u8,
    before: u64,
    from: usize,
    to: usize,
) -> u64 {
    let (lo, hi) = (from.min(to), from.max(to));
    let mut r = 0u64;
    for &v in &perm[hi + 1..] {
        r += u64::from(v < t);
    }
    let mut m = 0u64;
    let mut between = 0u64;
    // Indices, not `iter().enumerate().take().skip()`: that chain's `nth` was left out of
    // line in some builds.
    for k in lo + 1..hi {
        let v = perm[k];
        if v < t {
            m += 1;
            between += FACTORIALS[N - 1 - k];
        }
    }
    let delta = (m + 1 + r) * FACTORIALS[N - 1 - lo] - r * FACTORIALS[N - 1 - hi] + between;
    if from < to {
        before + delta
    } else {
        before - delta
    }
}

/// The number of set bits of a 20-bit mask. Without the `popcnt` instruction (not in the
/// baseline x86-64 target) `count_ones` is a dozen instructions; two lookups in a 1 KiB table
/// made the 8-puzzle's A* measurably faster (the rank is computed for every generated node).
#[inline]
fn popcount20(x: u32) -> u32 {
    if cfg!(target_feature = "popcnt") {
        x.count_ones()
    } else {
        u32::from(POPCOUNT10[(x & 1023) as usize])
            + u32::from(POPCOUNT10[(x >> 10) as usize & 1023])
    }
}

/// `POPCOUNT10[m]`: the set bits of a 10-bit mask.
const POPCOUNT10: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut m = 1;
    while m < 1024 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

/// `FACTORIALS[k] = k!` for `k <= 20`.
const FACTORIALS: [u64; 21] = {
    let mut t = [1u64; 21];
    let mut k = 1;
    while k <= 20 {
        t[k] = t[k - 1] * k as u64;
        k += 1;
    }
    t
};

/// The permutation of `0..n` whose lexicographic rank is `r` (`r < n!`).
pub fn unrank(mut r: u64, n: usize) -> Vec<u8> {
    let mut pool: Vec<u8> = (0..n as u8).collect();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let f = factorial(n - 1 - i);
        let idx = (r / f) as usize;
        r %= f;
        out.push(pool.remove(idx));
    }
    out
}

/// The cells beside `cell` on a board `W` wide of `N` cells: where the blank can go (tests of
/// the incremental ranks).
#[cfg(test)]
pub(crate) fn cells_beside<const W: usize, const N: usize>(cell: usize) -> Vec<usize> {
    let col = cell % W;
    [
        cell.checked_sub(W),
        (cell + W < N).then_some(cell + W),
        (col > 0).then(|| cell - 1),
        (col + 1 < W).then_some(cell + 1),
    ]
    .into_iter()
    .flatten()
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bijection_over_all_nine_factorial_permutations() {
        let n = 9;
        let total = factorial(n);
        assert_eq!(total, 362_880);
        let mut previous: Option<Vec<u8>> = None;
        for r in 0..total {
            let p = unrank(r, n);
            assert_eq!(rank(&p), r);
            // Lexicographic order: each permutation is greater than the one before.
            if let Some(prev) = &previous {
                assert!(prev < &p, "rank {r} out of order");
            }
            previous = Some(p);
        }
    }

    /// Every move of the blank on every 3 x 3 permutation (blank = 0), and random 4 x 4 ones:
    /// the incremental rank equals the full one.
    #[test]
    fn incremental_rank_equals_the_full_rank() {
        fn check<const W: usize, const N: usize>(perm: [u8; N]) {
            let blank = perm.iter().position(|&v| v == 0).unwrap();
            for to in cells_beside::<W, N>(blank) {
                let mut after = perm;
                after.swap(blank, to);
                assert_eq!(
                    rank_after_blank_swap(&after, rank(&perm), blank, to),
                    rank(&after),
                    "{perm:?}, blank {blank} -> {to}"
                );
                assert_eq!(
                    rank_after_blank_move(&perm, rank(&perm), blank, to),
                    rank(&after),
                    "{perm:?}, blank {blank} -> {to}, from the parent"
                );
            }
        }
        for r in 0..factorial(9) {
            let p: [u8; 9] = unrank(r, 9).try_into().unwrap();
            check::<3, 9>(p);
        }
        let mut rng = searchlab_core::SplitMix64::new(15);
        for _ in 0..20_000 {
            let p: [u8; 16] = unrank(rng.below(factorial(16)), 16).try_into().unwrap();
            check::<4, 16>(p);
        }
    }
}
