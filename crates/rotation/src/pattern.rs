//! The abstraction behind the exact heuristic: where the eight copies of ONE symbol are.
//!
//! Whether a move sequence fills the centre with symbol `c` depends only on the cells holding
//! `c`, a set of 8 of the 24 cells, C(24, 8) = 735,471 of them. [`CentreSpace`] ranks these sets
//! (as 24-bit masks) in colexicographic order; the pattern database over it, built once by the
//! core's [`searchlab_core::build_pdb`] from the one goal set (the centre), holds for every set
//! the exact number of moves to bring it into the centre. The same table serves all three
//! symbols.

use searchlab_core::pdb::{AbstractSpace, PatternDb, PdbError, Progress, build_pdb};

use crate::board::{CENTRE, LINES, Move};

/// C(24, 8): the number of ways to place the eight copies of a symbol.
pub const PATTERN_SIZE: usize = 735_471;

/// Identifies the table's space and rank in serialized form; bump the version when either
/// changes so that stale cache files are rebuilt.
pub const PDB_KEY: &str = "searchlab-rotation centre-set colex-rank v1";

const fn binomials() -> [[u32; 9]; 25] {
    let mut c = [[0u32; 9]; 25];
    let mut n = 0;
    while n < 25 {
        c[n][0] = 1;
        let mut k = 1;
        while k < 9 && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}

/// `BINOMIAL[n][k]` = C(n, k) for n <= 24, k <= 8 (0 when k > n).
static BINOMIAL: [[u32; 9]; 25] = binomials();

/// For each move, the bits of its line: cleared, then refilled, when a mask is moved.
const fn line_masks() -> [u32; 8] {
    let mut out = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut i = 0;
        while i < 7 {
            out[m] |= 1 << LINES[m][i];
            i += 1;
        }
        m += 1;
    }
    out
}
static LINE_MASKS: [u32; 8] = line_masks();

/// The mask of the centre cells: the only goal set.
pub const CENTRE_MASK: u32 = {
    let mut m = 0u32;
    let mut i = 0;
    while i < 8 {
        m |= 1 << CENTRE[i];
        i += 1;
    }
    m
};

/// The colexicographic rank of a mask of exactly eight of the low 24 bits, in
/// `0..PATTERN_SIZE`: the sum of C(p_i, i) over the set bits p_1 < ... < p_8.
#[inline]
pub fn rank_mask(mask: u32) -> usize {
    debug_assert!(mask.count_ones() == 8 && mask < 1 << 24);
    let mut m = mask;
    let mut r = 0;
    let mut i = 1;
    while m != 0 {
        r += BINOMIAL[m.trailing_zeros() as usize][i];
        i += 1;
        m &= m - 1;
    }
    r as usize
}

/// The mask of rank `rank` ([`rank_mask`]'s inverse).
pub fn unrank_mask(rank: usize) -> u32 {
    debug_assert!(rank < PATTERN_SIZE);
    let mut r = rank as u32;
    let mut mask = 0;
    let mut p = 24;
    for i in (1..=8).rev() {
        // The largest p below the previous bit with C(p, i) <= r; C(i - 1, i) = 0 stops it.
        p -= 1;
        while BINOMIAL[p][i] > r {
            p -= 1;
        }
        mask |= 1 << p;
        r -= BINOMIAL[p][i];
    }
    mask
}

/// Where the cells of `mask` go when `mv` is played.
#[inline]
pub fn move_mask(mask: u32, mv: Move) -> u32 {
    let line = mv.line();
    let mut out = mask & !LINE_MASKS[mv.index()];
    // a[L_i] <- a[L_{i+1}], a[L6] <- old a[L0].
    for i in 0..7 {
        let src = line[(i + 1) % 7];
        out |= (mask >> src & 1) << line[i];
    }
    out
}

/// The sets of eight cells, moved by the eight moves. The moves are closed under inverses
/// (A/F, B/E, C/H, D/G), so a set's successors are also its predecessors.
#[derive(Clone, Copy, Debug, Default)]
pub struct CentreSpace;

impl AbstractSpace for CentreSpace {
    type State = u32;

    fn size(&self) -> usize {
        PATTERN_SIZE
    }

    fn rank(&self, mask: &u32) -> usize {
        rank_mask(*mask)
    }

    fn unrank(&self, rank: usize) -> u32 {
        unrank_mask(rank)
    }

    fn predecessors(&self, mask: &u32, out: &mut Vec<(u32, u8)>) {
        out.extend(Move::ALL.map(|m| (move_mask(*mask, m), 1)));
    }
}

/// Builds the table of exact distances from every set of eight cells to the centre, calling
/// `progress` after each distance (see [`searchlab_core::build_pdb`]).
///
/// Runs the layered builder ([`crate::pattern_build::build_centre_layered`], the same table as
/// [`build_pdb`] over [`CentreSpace`], tested) on all cores.
pub fn build_centre_pdb(progress: impl FnMut(Progress)) -> Result<PatternDb, PdbError> {
    build_centre_pdb_limited(None, progress)
}

/// [`build_centre_pdb`] within `max_memory` bytes (`None`: no limit), checked before anything
/// is allocated ([`PdbError::Memory`] otherwise).
pub fn build_centre_pdb_limited(
    max_memory: Option<u64>,
    mut progress: impl FnMut(Progress),
) -> Result<PatternDb, PdbError> {
    use searchlab_core::pdb_build::{BuildError, BuildOptions};
    let options = BuildOptions {
        max_memory,
        ..BuildOptions::default()
    };
    crate::pattern_build::build_centre_layered(&options, |p| {
        progress(Progress {
            settled: p.states_reached as usize,
            size: PATTERN_SIZE,
            distance: p.layer,
        })
    })
    .map_err(|e| match e {
        BuildError::DistanceOverflow => PdbError::DistanceOverflow,
        BuildError::RankOutOfRange { rank, size } => PdbError::RankOutOfRange {
            rank: rank as usize,
            size: size as usize,
        },
        BuildError::Memory { needed, limit } => PdbError::Memory { needed, limit },
    })
}

/// The same table by the core's queue builder ([`build_pdb`] over [`CentreSpace`]): the
/// reference the layered builder is tested against.
pub fn build_centre_pdb_by_queue(progress: impl FnMut(Progress)) -> Result<PatternDb, PdbError> {
    build_pdb(&CentreSpace, [CENTRE_MASK], progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::SplitMix64;

    #[test]
    fn binomials_are_right() {
        assert_eq!(BINOMIAL[24][8] as usize, PATTERN_SIZE);
        assert_eq!(BINOMIAL[5][2], 10);
        assert_eq!(BINOMIAL[3][5], 0);
    }

    #[test]
    fn rank_is_a_bijection() {
        // rank(unrank(r)) == r on all of 0..PATTERN_SIZE, and unrank yields valid sets: a
        // bijection, since there are exactly PATTERN_SIZE sets.
        for r in 0..PATTERN_SIZE {
            let m = unrank_mask(r);
            assert_eq!(m.count_ones(), 8);
            assert!(m < 1 << 24);
            assert_eq!(rank_mask(m), r);
        }
        assert_eq!(rank_mask(0xff), 0);
        assert_eq!(rank_mask(0xff_0000), PATTERN_SIZE - 1);
    }

    #[test]
    fn masks_move_like_boards() {
        let mut rng = SplitMix64::new(5);
        for _ in 0..200 {
            let board = crate::generate::random_board(&mut rng);
            for m in Move::ALL {
                for s in 1..=3 {
                    assert_eq!(move_mask(board.mask(s), m), board.after(m).mask(s));
                }
            }
        }
    }
}
