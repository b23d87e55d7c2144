//! Pattern databases: exact goal distances in an abstract state space, computed once by a
//! breadth-first search backwards from the abstract goals and kept in a compact table of `u8`
//! indexed by a perfect rank.
//!
//! A pattern database (Culberson and Schaeffer 1998) forgets part of a state (the tiles outside
//! a pattern, the symbols other than one) and stores, for every abstract state, its exact
//! distance to an abstract goal. Every real path maps to an abstract path of no greater cost,
//! so the stored distance is an admissible heuristic.
//!
//! * [`AbstractSpace`] describes the abstract space: a perfect rank into `0..size()`, its
//!   inverse, and the PREDECESSORS of a state with the cost of the move that leads from each
//!   predecessor to the state (a move set closed under inverses, like the rotation game's or
//!   the sliding puzzles', may simply list its successors).
//! * [`build_pdb`] runs the search over ranks: a bucket queue of `u32` ranks, so moves of cost
//!   0 are supported as well as unit moves.
//! * [`PatternDb`] is the table: lookups by rank, [`PatternDb::project`] to a smaller index by
//!   minimum, and a checked byte format ([`PatternDb::to_bytes`], [`PatternDb::from_bytes`])
//!   for callers that cache tables on disk (this crate does no I/O).
//!
//! ## Additive pattern databases (the 15-puzzle)
//!
//! For disjoint patterns of tiles whose heuristics may be ADDED, each table must count only the
//! moves of its own tiles. Build each table over (pattern tiles' cells, blank cell): a
//! predecessor that moves a pattern tile costs 1, one that moves another tile costs 0 (the
//! blank wanders for free). Then [`PatternDb::project`] the table onto the pattern tiles'
//! cells alone, taking the minimum over the blank's cells. Each real move moves one tile, so it
//! is counted by at most one table, and the sum over disjoint patterns is admissible.

use std::fmt;

/// An abstract state space with a perfect rank, searched backwards by [`build_pdb`].
///
/// The rank must be a bijection between the reachable abstract states and a subset of
/// `0..size()`: `unrank(rank(s)) == s`.
pub trait AbstractSpace {
    /// An abstract state.
    type State;

    /// The number of ranks; at most `u32::MAX` (ranks are queued as `u32`).
    fn size(&self) -> usize;

    /// The rank of `state`, in `0..size()`.
    fn rank(&self, state: &Self::State) -> usize;

    /// The state of rank `rank`.
    fn unrank(&self, rank: usize) -> Self::State;

    /// Appends to `out` (which the caller has cleared) every predecessor of `state`: a state
    /// from which one move leads to `state`, with that move's cost (0 for a move the pattern
    /// does not count, see the module documentation). When the moves are closed under
    /// inverses with equal costs, the successors are the predecessors.
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::State, u8)>);
}

/// The largest distance a [`PatternDb`] stores; [`PatternDb::UNREACHED`] marks the rest.
pub const MAX_DISTANCE: u8 = 254;

/// Why a pattern database could not be built or read back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdbError {
    /// The space has more ranks than a `u32` can name.
    #[error("abstract space of {0} ranks is too large (at most {max})", max = u32::MAX)]
    TooLarge(usize),
    /// A rank returned by the space is outside `0..size()`.
    #[error("rank {rank} is outside the space of {size} ranks")]
    RankOutOfRange {
        /// The offending rank.
        rank: usize,
        /// The space's size.
        size: usize,
    },
    /// Some distance is larger than [`MAX_DISTANCE`].
    #[error("a distance exceeds {MAX_DISTANCE}, the largest a u8 table holds")]
    DistanceOverflow,
    /// Building (or loading) the table would take more memory than the limit allows; nothing
    /// that large was allocated.
    #[error(
        "the pattern database needs about {needed} bytes, more than the memory limit of {limit}"
    )]
    Memory {
        /// The bytes the table (and its queue, as far as known) would take.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// Serialized bytes that are not a table for this key (wrong magic, version, key, length
    /// or checksum): the caller should rebuild, never trust them.
    #[error("stored pattern database rejected: {0}")]
    Corrupt(&'static str),
}

/// Progress of [`build_pdb`], reported to its callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Abstract states whose distance is final.
    pub settled: usize,
    /// The number of ranks of the space (an upper bound for `settled`).
    pub size: usize,
    /// The distance being settled.
    pub distance: u8,
}

/// A table of exact abstract distances indexed by rank.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDb {
    table: Vec<u8>,
}

impl fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The table itself is far too long to print.
        f.debug_struct("PatternDb")
            .field("len", &self.table.len())
            .field("max_distance", &self.max_distance())
            .finish()
    }
}

/// How often (in settled states) the progress callback is called within a distance.
const PROGRESS_EVERY: usize = 1 << 16;

/// Builds the pattern database of `space`: for every rank, the cost of the cheapest path from
/// its state to one of `goals`, by a search backwards from the goals.
///
/// # Arguments
/// * `space`: the abstract space (rank, unrank, predecessors with costs).
/// * `goals`: the abstract goal states (distance 0).
/// * `progress`: called now and then with the number of settled states (for a progress bar);
///   pass `|_| {}` for none.
///
/// # Returns
/// The table, or an error if the space is too large for `u32` ranks, a rank is out of range,
/// or a distance exceeds [`MAX_DISTANCE`]. Ranks never reached hold
/// [`PatternDb::UNREACHED`].
///
/// # Complexity
/// O(size * predecessors) time; `size` bytes for the table plus a queue of 4-byte ranks (at
/// most the states of one or two distances at a time with unit costs).
///
/// # Examples
/// ```
/// use searchlab_core::pdb::{build_pdb, AbstractSpace};
///
/// /// A ring of 10 cells, one step either way: the distance to cell 0.
/// struct Ring;
/// impl AbstractSpace for Ring {
///     type State = usize;
///     fn size(&self) -> usize { 10 }
///     fn rank(&self, s: &usize) -> usize { *s }
///     fn unrank(&self, r: usize) -> usize { r }
///     fn predecessors(&self, s: &usize, out: &mut Vec<(usize, u8)>) {
///         out.extend([((s + 1) % 10, 1), ((s + 9) % 10, 1)]);
///     }
/// }
/// let pdb = build_pdb(&Ring, [0], |_| {}).unwrap();
/// assert_eq!(pdb.get(3), Some(3));
/// assert_eq!(pdb.get(8), Some(2));
/// assert_eq!(pdb.max_distance(), 5);
/// ```
pub fn build_pdb<S, G, F>(space: &S, goals: G, progress: F) -> Result<PatternDb, PdbError>
where
    S: AbstractSpace + ?Sized,
    G: IntoIterator<Item = S::State>,
    F: FnMut(Progress),
{
    build_pdb_limited(space, goals, None, progress)
}

/// [`build_pdb`] within a memory limit: the table (`size()` bytes) and the queue of 4-byte
/// ranks must fit in `max_memory` bytes (`None`: no limit).
///
/// The table is checked BEFORE it is allocated, and each growth of the queue before it
/// happens, so a space too large for the limit is a [`PdbError::Memory`], never an allocation
/// failure that aborts the process.
///
/// # Arguments
/// * `space`, `goals`, `progress`: as for [`build_pdb`].
/// * `max_memory`: the most bytes the table and the queue may hold together.
///
/// # Returns
/// The table, or the errors of [`build_pdb`], or [`PdbError::Memory`] with the bytes needed
/// (the table's, or the table's and the grown queue's) and the limit.
///
/// # Complexity
/// As [`build_pdb`]; the checks cost O(1) per queue growth.
///
/// # Examples
/// ```
/// use searchlab_core::pdb::{build_pdb_limited, AbstractSpace, PdbError};
///
/// /// A line of a billion cells: its table alone takes a gigabyte.
/// struct Huge;
/// impl AbstractSpace for Huge {
///     type State = usize;
///     fn size(&self) -> usize { 1_000_000_000 }
///     fn rank(&self, s: &usize) -> usize { *s }
///     fn unrank(&self, r: usize) -> usize { r }
///     fn predecessors(&self, s: &usize, out: &mut Vec<(usize, u8)>) { out.push((s + 1, 1)) }
/// }
/// let refused = build_pdb_limited(&Huge, [0], Some(64 << 20), |_| {});
/// assert_eq!(refused, Err(PdbError::Memory { needed: 1_000_000_000, limit: 64 << 20 }));
/// ```
pub fn build_pdb_limited<S, G, F>(
    space: &S,
    goals: G,
    max_memory: Option<u64>,
    mut progress: F,
) -> Result<PatternDb, PdbError>
where
    S: AbstractSpace + ?Sized,
    G: IntoIterator<Item = S::State>,
    F: FnMut(Progress),
{
    let size = space.size();
    if u32::try_from(size).is_err() {
        return Err(PdbError::TooLarge(size));
    }
    let limit = max_memory.unwrap_or(u64::MAX);
    let over = |needed: u64| {
        if needed > limit {
            Err(PdbError::Memory { needed, limit })
        } else {
            Ok(())
        }
    };
    over(size as u64)?;
    // The bytes the queue's buckets hold (their capacities), kept up to date on each growth.
    let mut queued_bytes = 0u64;
    let checked = |rank: usize| {
        if rank < size {
            Ok(rank)
        } else {
            Err(PdbError::RankOutOfRange { rank, size })
        }
    };
    let mut table = vec![PatternDb::UNREACHED; size];
    // A bucket queue: buckets[d] holds ranks first reached at distance d. A rank may sit in
    // several buckets when a cheaper path turns up later; stale entries are skipped because
    // the table then holds a smaller distance than the bucket's.
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new()];
    for goal in goals {
        let r = checked(space.rank(&goal))?;
        if table[r] != 0 {
            table[r] = 0;
            grow_checked(&mut buckets[0], &mut queued_bytes, |q| {
                over(size as u64 + q)
            })?;
            buckets[0].push(r as u32);
        }
    }
    let mut settled = 0usize;
    let mut preds = Vec::new();
    let mut d = 0usize;
    while d < buckets.len() {
        let distance = d as u8;
        let mut i = 0;
        // Indexing, not iterating: moves of cost 0 append to the bucket being processed.
        while i < buckets[d].len() {
            let r = buckets[d][i] as usize;
            i += 1;
            if table[r] != distance {
                continue;
            }
            settled += 1;
            if settled.is_multiple_of(PROGRESS_EVERY) {
                progress(Progress {
                    settled,
                    size,
                    distance,
                });
            }
            preds.clear();
            space.predecessors(&space.unrank(r), &mut preds);
            for (pred, cost) in preds.drain(..) {
                let p = checked(space.rank(&pred))?;
                let nd = d + usize::from(cost);
                if nd > usize::from(MAX_DISTANCE) {
                    return Err(PdbError::DistanceOverflow);
                }
                if nd < usize::from(table[p]) {
                    table[p] = nd as u8;
                    if buckets.len() <= nd {
                        buckets.resize_with(nd + 1, Vec::new);
                    }
                    grow_checked(&mut buckets[nd], &mut queued_bytes, |q| {
                        over(size as u64 + q)
                    })?;
                    buckets[nd].push(p as u32);
                }
            }
        }
        queued_bytes -= buckets[d].capacity() as u64 * 4;
        buckets[d] = Vec::new();
        progress(Progress {
            settled,
            size,
            distance,
        });
        d += 1;
    }
    Ok(PatternDb { table })
}

/// Makes room for one more rank in `bucket`, growing it (doubling) only after `fits` accepts
/// the queue's bytes once grown; `queued_bytes` follows the buckets' capacities.
#[inline]
fn grow_checked(
    bucket: &mut Vec<u32>,
    queued_bytes: &mut u64,
    fits: impl Fn(u64) -> Result<(), PdbError>,
) -> Result<(), PdbError> {
    if bucket.len() < bucket.capacity() {
        return Ok(());
    }
    let old = bucket.capacity();
    let new = (old * 2).max(64);
    // While the bucket moves, its old and its new buffer both live.
    let grown = *queued_bytes + new as u64 * 4;
    fits(grown)?;
    bucket.reserve_exact(new - old);
    *queued_bytes += (bucket.capacity() - old) as u64 * 4;
    Ok(())
}

/// Magic bytes of the serialized format.
const MAGIC: &[u8; 8] = b"SLABPDB\0";
/// Version of the serialized format; bump it when the layout changes. Version 2 checksums
/// 8-byte words in four lanes instead of bytes (see [`fnv1a`]).
const FORMAT_VERSION: u32 = 2;

/// FNV-1a, 64 bits, in four interleaved lanes over little-endian 8-byte words (the tail
/// zero-padded), the lanes and the length folded at the end: enough to catch truncation and bit
/// rot in a cache file (not an adversary). Not byte by byte: that multiply chain took ~0.8 s
/// on the 15-puzzle's 519 MB table, more than reading it; four independent chains of words let
/// the processor overlap the multiplies.
fn fnv1a(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    const BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().expect("8 bytes"));
    let mut lanes = [BASIS, BASIS ^ 1, BASIS ^ 2, BASIS ^ 3];
    let mut blocks = bytes.chunks_exact(32);
    for block in &mut blocks {
        for (lane, w) in lanes.iter_mut().zip(block.chunks_exact(8)) {
            *lane = (*lane ^ word(w)).wrapping_mul(PRIME);
        }
    }
    let mut tail = [0u8; 32];
    tail[..blocks.remainder().len()].copy_from_slice(blocks.remainder());
    let mut h = BASIS;
    for (lane, w) in lanes.iter().zip(tail.chunks_exact(8)) {
        let lane = (*lane ^ word(w)).wrapping_mul(PRIME);
        h = (h ^ lane).wrapping_mul(PRIME);
    }
    (h ^ bytes.len() as u64).wrapping_mul(PRIME)
}

impl PatternDb {
    /// The entry of ranks that no goal can be reached from.
    pub const UNREACHED: u8 = u8::MAX;

    /// A table from raw distances (for tests and for [`PatternDb::project`]).
    pub fn from_table(table: Vec<u8>) -> Self {
        PatternDb { table }
    }

    /// The distance of rank `rank`, `None` if no goal is reachable from it.
    ///
    /// # Panics
    /// If `rank >= len()`: the rank function and the table disagree, a bug, not bad input.
    #[inline]
    pub fn get(&self, rank: usize) -> Option<u8> {
        let d = self.table[rank];
        (d != Self::UNREACHED).then_some(d)
    }

    /// The raw entry of rank `rank` ([`PatternDb::UNREACHED`] if unreachable): the fastest
    /// lookup, for heuristics that know every rank is reachable.
    #[inline]
    pub fn raw(&self, rank: usize) -> u8 {
        self.table[rank]
    }

    /// The number of ranks.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The largest finite distance (0 for a table with none).
    pub fn max_distance(&self) -> u8 {
        self.table
            .iter()
            .copied()
            .filter(|&d| d != Self::UNREACHED)
            .max()
            .unwrap_or(0)
    }

    /// How many ranks have each distance: `counts[d]` for `d` in `0..=max_distance()`
    /// (unreached ranks are not counted).
    pub fn distribution(&self) -> Vec<u64> {
        let mut counts = vec![0u64; usize::from(self.max_distance()) + 1];
        for &d in &self.table {
            if d != Self::UNREACHED {
                counts[usize::from(d)] += 1;
            }
        }
        counts
    }

    /// A table over a smaller index: entry `i` is the minimum over the ranks `r` with
    /// `index(r) == i` (unreached if none is reached). This drops the blank from an additive
    /// pattern database (see the module documentation).
    ///
    /// # Panics
    /// If `index` returns a value `>= len`.
    pub fn project(&self, len: usize, index: impl Fn(usize) -> usize) -> PatternDb {
        let mut table = vec![Self::UNREACHED; len];
        for (r, &d) in self.table.iter().enumerate() {
            let slot = &mut table[index(r)];
            *slot = (*slot).min(d);
        }
        PatternDb { table }
    }

    /// The table as bytes: magic, format version, `key` (which space and rank it is for:
    /// callers put their own name and version in it), length, FNV-1a checksum, distances.
    pub fn to_bytes(&self, key: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.table.len() + key.len() + 32);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(key.len() as u32).to_le_bytes());
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(&(self.table.len() as u64).to_le_bytes());
        out.extend_from_slice(&fnv1a(&self.table).to_le_bytes());
        out.extend_from_slice(&self.table);
        out
    }

    /// Reads bytes written by [`PatternDb::to_bytes`] with the same `key` and of `expected_len`
    /// entries; anything else (another key, a truncated or altered file) is
    /// [`PdbError::Corrupt`].
    ///
    /// # Examples
    /// ```
    /// use searchlab_core::pdb::PatternDb;
    ///
    /// let pdb = PatternDb::from_table(vec![0, 1, 2, 1]);
    /// let bytes = pdb.to_bytes("ring4 v1");
    /// assert_eq!(PatternDb::from_bytes(&bytes, "ring4 v1", 4).unwrap(), pdb);
    /// assert!(PatternDb::from_bytes(&bytes, "ring4 v2", 4).is_err());
    /// assert!(PatternDb::from_bytes(&bytes[..bytes.len() - 1], "ring4 v1", 4).is_err());
    /// ```
    pub fn from_bytes(bytes: &[u8], key: &str, expected_len: usize) -> Result<Self, PdbError> {
        let start = Self::check(bytes, key, expected_len)?;
        Ok(PatternDb {
            table: bytes[start..].to_vec(),
        })
    }

    /// [`PatternDb::from_bytes`] taking the buffer: the table is moved to the front of it
    /// instead of being copied to a new allocation, which halves the memory a large cache file
    /// (519 MB for the 15-puzzle's 8-tile pattern) needs while loading, and its page faults.
    ///
    /// ```
    /// use searchlab_core::pdb::PatternDb;
    ///
    /// let pdb = PatternDb::from_table(vec![3, 1, 4, 1, 5]);
    /// let bytes = pdb.to_bytes("pi v1");
    /// assert_eq!(PatternDb::from_vec(bytes, "pi v1", 5).unwrap(), pdb);
    /// ```
    pub fn from_vec(mut bytes: Vec<u8>, key: &str, expected_len: usize) -> Result<Self, PdbError> {
        let start = Self::check(&bytes, key, expected_len)?;
        bytes.drain(..start);
        bytes.shrink_to_fit();
        Ok(PatternDb { table: bytes })
    }

    /// Validates serialized bytes and returns where the table starts.
    fn check(bytes: &[u8], key: &str, expected_len: usize) -> Result<usize, PdbError> {
        let mut rest = bytes;
        let mut take = |n: usize, what: &'static str| {
            if rest.len() < n {
                return Err(PdbError::Corrupt(what));
            }
            let (head, tail) = rest.split_at(n);
            rest = tail;
            Ok(head)
        };
        if take(MAGIC.len(), "too short")? != MAGIC {
            return Err(PdbError::Corrupt("not a pattern database file"));
        }
        let version = u32::from_le_bytes(take(4, "too short")?.try_into().expect("4 bytes"));
        if version != FORMAT_VERSION {
            return Err(PdbError::Corrupt("another format version"));
        }
        let key_len = u32::from_le_bytes(take(4, "too short")?.try_into().expect("4 bytes"));
        if take(key_len as usize, "too short")? != key.as_bytes() {
            return Err(PdbError::Corrupt("built for another space or version"));
        }
        let len = u64::from_le_bytes(take(8, "too short")?.try_into().expect("8 bytes"));
        if len != expected_len as u64 {
            return Err(PdbError::Corrupt("wrong number of entries"));
        }
        let sum = u64::from_le_bytes(take(8, "too short")?.try_into().expect("8 bytes"));
        let table = take(expected_len, "truncated")?;
        if !rest.is_empty() {
            return Err(PdbError::Corrupt("trailing bytes"));
        }
        if fnv1a(table) != sum {
            return Err(PdbError::Corrupt("checksum mismatch"));
        }
        Ok(bytes.len() - expected_len)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{Limits, Problem, bfs};

    /// Permutations of 0..N by adjacent swaps, ranked by Lehmer code: small enough to check
    /// every entry against a plain BFS from the state itself. The layered builder's tests
    /// (`pdb_build.rs`) share it: there an entry forgets where the last `forget` values are
    /// (the rank's low digits), as a pattern forgets tiles; the queue builder ignores it.
    pub(crate) struct Swaps<const N: usize> {
        pub(crate) forget: usize,
    }

    pub(crate) fn factorial(n: usize) -> usize {
        (1..=n).product()
    }

    impl<const N: usize> AbstractSpace for Swaps<N> {
        type State = [u8; N];
        fn size(&self) -> usize {
            factorial(N)
        }
        fn rank(&self, s: &[u8; N]) -> usize {
            let mut r = 0;
            for i in 0..N {
                let smaller = s[i + 1..].iter().filter(|&&x| x < s[i]).count();
                r += smaller * factorial(N - 1 - i);
            }
            r
        }
        fn unrank(&self, mut r: usize) -> [u8; N] {
            let mut left: Vec<u8> = (0..N as u8).collect();
            let mut s = [0; N];
            for (i, cell) in s.iter_mut().enumerate() {
                let f = factorial(N - 1 - i);
                *cell = left.remove(r / f);
                r %= f;
            }
            s
        }
        fn predecessors(&self, s: &[u8; N], out: &mut Vec<([u8; N], u8)>) {
            for i in 0..N - 1 {
                let mut t = *s;
                t.swap(i, i + 1);
                out.push((t, 1));
            }
        }
    }

    impl<const N: usize> Problem for Swaps<N> {
        type State = [u8; N];
        type Action = usize;
        type Cost = u32;
        fn is_goal(&self, s: &[u8; N]) -> bool {
            s.windows(2).all(|w| w[0] < w[1])
        }
        fn actions(&self, _: &[u8; N], out: &mut Vec<usize>) {
            out.extend(0..N - 1)
        }
        fn result(&self, s: &[u8; N], a: &usize) -> ([u8; N], u32) {
            let mut t = *s;
            t.swap(*a, *a + 1);
            (t, 1)
        }
    }

    #[test]
    fn every_entry_equals_bfs_distance() {
        let space = Swaps::<5> { forget: 0 };
        let goal = [0, 1, 2, 3, 4];
        let pdb = build_pdb(&space, [goal], |_| {}).unwrap();
        assert_eq!(pdb.len(), 120);
        for r in 0..pdb.len() {
            let s = space.unrank(r);
            assert_eq!(AbstractSpace::rank(&space, &s), r);
            let run = bfs(&space, &s, &Limits::none());
            assert_eq!(pdb.get(r).map(u32::from), run.outcome.cost(), "state {s:?}");
        }
        // Distance = number of inversions; the reversed permutation has 10.
        assert_eq!(pdb.max_distance(), 10);
        assert_eq!(pdb.distribution().iter().sum::<u64>(), 120);
    }

    /// A graph with free moves: cells 0..n on a line, stepping right costs 1, jumping from an
    /// even cell to the next even cell costs 0 (as a predecessor list towards the goal 0).
    struct Ladder(usize);
    impl AbstractSpace for Ladder {
        type State = usize;
        fn size(&self) -> usize {
            self.0
        }
        fn rank(&self, s: &usize) -> usize {
            *s
        }
        fn unrank(&self, r: usize) -> usize {
            r
        }
        fn predecessors(&self, s: &usize, out: &mut Vec<(usize, u8)>) {
            // Moves: x -> x-1 costs 1; x -> x-2 costs 0 when x is even.
            if s + 1 < self.0 {
                out.push((s + 1, 1));
            }
            if s.is_multiple_of(2) && s + 2 < self.0 {
                out.push((s + 2, 0));
            }
        }
    }

    #[test]
    fn zero_cost_moves_are_free() {
        let pdb = build_pdb(&Ladder(9), [0], |_| {}).unwrap();
        let expected: Vec<u8> = (0..9).map(|x| (x % 2) as u8).collect();
        assert_eq!((0..9).map(|r| pdb.raw(r)).collect::<Vec<_>>(), expected);
    }

    #[test]
    fn unreachable_and_overflow_and_range_errors() {
        // Only even cells reach 0 by steps of 2.
        struct Evens;
        impl AbstractSpace for Evens {
            type State = usize;
            fn size(&self) -> usize {
                6
            }
            fn rank(&self, s: &usize) -> usize {
                *s
            }
            fn unrank(&self, r: usize) -> usize {
                r
            }
            fn predecessors(&self, s: &usize, out: &mut Vec<(usize, u8)>) {
                if s + 2 < 6 {
                    out.push((s + 2, 1));
                }
            }
        }
        let pdb = build_pdb(&Evens, [0], |_| {}).unwrap();
        assert_eq!(pdb.get(4), Some(2));
        assert_eq!(pdb.get(3), None);
        assert_eq!(pdb.distribution(), vec![1, 1, 1]);

        struct Line;
        impl AbstractSpace for Line {
            type State = usize;
            fn size(&self) -> usize {
                400
            }
            fn rank(&self, s: &usize) -> usize {
                *s
            }
            fn unrank(&self, r: usize) -> usize {
                r
            }
            fn predecessors(&self, s: &usize, out: &mut Vec<(usize, u8)>) {
                out.push((s + 1, 1));
            }
        }
        assert_eq!(
            build_pdb(&Line, [0], |_| {}),
            Err(PdbError::DistanceOverflow)
        );
        assert_eq!(
            build_pdb(&Line, [500], |_| {}),
            Err(PdbError::RankOutOfRange {
                rank: 500,
                size: 400
            })
        );
    }

    #[test]
    fn progress_reaches_every_settled_state() {
        let mut last = None;
        build_pdb(&Swaps::<6> { forget: 0 }, [[0, 1, 2, 3, 4, 5]], |p| {
            last = Some(p)
        })
        .unwrap();
        let last = last.unwrap();
        assert_eq!((last.settled, last.size, last.distance), (720, 720, 15));
    }

    #[test]
    fn projection_takes_the_minimum() {
        let pdb = PatternDb::from_table(vec![3, 1, PatternDb::UNREACHED, 2, 5, 4]);
        let small = pdb.project(3, |r| r / 2);
        assert_eq!(
            (0..3).map(|i| small.get(i)).collect::<Vec<_>>(),
            vec![Some(1), Some(2), Some(4)]
        );
    }

    #[test]
    fn serialized_tables_are_checked() {
        let pdb = build_pdb(&Swaps::<4> { forget: 0 }, [[0, 1, 2, 3]], |_| {}).unwrap();
        let bytes = pdb.to_bytes("swaps4 v1");
        assert_eq!(PatternDb::from_bytes(&bytes, "swaps4 v1", 24), Ok(pdb));
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert_eq!(
            PatternDb::from_bytes(&flipped, "swaps4 v1", 24),
            Err(PdbError::Corrupt("checksum mismatch"))
        );
        assert!(PatternDb::from_bytes(&bytes, "swaps4 v1", 25).is_err());
        assert!(PatternDb::from_bytes(&bytes[..10], "swaps4 v1", 24).is_err());
        assert!(PatternDb::from_bytes(b"", "swaps4 v1", 24).is_err());
        let mut longer = bytes;
        longer.push(0);
        assert!(PatternDb::from_bytes(&longer, "swaps4 v1", 24).is_err());
    }
}
