//! Node stores shared by the algorithms: a dense table indexed by the problem's perfect rank, or
//! a hash map (rustc-hash) when it has none.

use rustc_hash::FxHashMap;

use crate::problem::Problem;

/// A set of seen states.
pub(crate) trait Seen<P: Problem + ?Sized> {
    /// Inserts `state`; `false` if it was already there.
    fn insert(&mut self, problem: &P, state: &P::State) -> bool;
    /// The bytes the set would hold after `extra` more insertions (see [`hash_bytes_after`]).
    fn bytes_after(&self, extra: usize) -> u64;
}

/// The bytes a `Vec` of `len` elements of `elem` bytes within `cap` would hold after `extra`
/// more pushes, at the peak: a full `Vec` doubles (or grows to fit, if more), as the standard
/// library does, and while it moves the old and the new buffer both live (a reallocation seldom
/// grows in place), so both are counted. Checked BEFORE the push, so that the memory limit
/// stops a search instead of the allocator.
#[inline]
pub(crate) fn vec_bytes_after(len: usize, cap: usize, extra: usize, elem: usize) -> u64 {
    let need = len.saturating_add(extra);
    let peak = if need > cap {
        need.max(cap.saturating_mul(2)).max(4).saturating_add(cap)
    } else {
        cap
    };
    (peak as u64).saturating_mul(elem as u64)
}

/// The bytes a hash table (hashbrown, behind `std` and rustc-hash maps) of `len` entries within
/// `cap` would hold after `extra` more insertions, at the peak. An estimate of its layout: a
/// power-of-two number of buckets at most 7/8 full, each with its entry (`entry` bytes) and one
/// control byte; a full table doubles its buckets, and the old table lives until every entry
/// has moved, so both are counted. Heap memory owned by the entries (a state holding a `Vec`)
/// is not seen, so problems with such states should set a lower limit.
#[inline]
pub(crate) fn hash_bytes_after(len: usize, cap: usize, extra: usize, entry: usize) -> u64 {
    let buckets = |cap: usize| -> u64 {
        if cap == 0 {
            0
        } else if cap < 8 {
            (cap as u64 + 1).next_power_of_two()
        } else {
            (cap as u64)
                .saturating_mul(8)
                .div_ceil(7)
                .next_power_of_two()
        }
    };
    let need = len.saturating_add(extra);
    let b = if need > cap {
        let grown = buckets(need).max(buckets(cap).saturating_mul(2)).max(4);
        grown.saturating_add(buckets(cap))
    } else {
        buckets(cap)
    };
    b.saturating_mul(entry as u64 + 1)
}

/// A map from states to node ids. The key is computed once per generated state (for a dense
/// table it is the rank, which costs more than a lookup).
pub(crate) trait NodeIndex<P: Problem + ?Sized> {
    type Key;
    /// What a node keeps to derive its children's keys (its rank for a dense table).
    type Memo: Copy;
    fn key(&self, problem: &P, state: &P::State) -> Self::Key;
    /// The key of `child`, reached by `action` from `parent`, whose memo is `memo`.
    fn child_key(
        &self,
        problem: &P,
        parent: &P::State,
        memo: Self::Memo,
        action: &P::Action,
        child: &P::State,
    ) -> Self::Key;
    /// The key of the child by `action` of `parent` (of memo `memo`) without the child, where
    /// the index and the problem can tell it ([`Problem::rank_after`]); `None` by default.
    #[inline(always)]
    fn child_key_before(
        &self,
        problem: &P,
        parent: &P::State,
        memo: Self::Memo,
        action: &P::Action,
    ) -> Option<Self::Key> {
        let _ = (problem, parent, memo, action);
        None
    }
    fn memo(key: &Self::Key) -> Self::Memo;
    fn get(&self, key: &Self::Key) -> Option<u32>;
    fn set(&mut self, key: Self::Key, id: u32);
    /// The bytes the index would hold after `extra` more [`NodeIndex::set`]s of new keys.
    fn bytes_after(&self, extra: usize) -> u64;
    /// Marks the node whose memo is `memo` closed for [`NodeIndex::find`]. Only an index that
    /// can do it without a lookup keeps the mark (the dense one: its memo is the key); the
    /// others ignore it. A later [`NodeIndex::set`] of the key clears it.
    #[inline]
    fn close(&mut self, memo: Self::Memo) {
        let _ = memo;
    }
    /// [`NodeIndex::get`], telling apart the nodes marked by [`NodeIndex::close`] (without
    /// their id: a search that asks does not need it, and so never touches their node).
    #[inline]
    fn find(&self, key: &Self::Key) -> Found {
        match self.get(key) {
            Some(id) => Found::Open(id),
            None => Found::New,
        }
    }
    /// The number of keys of a dense index (all its nodes fit tables of that size), `None`
    /// for an index that grows.
    fn dense_len(&self) -> Option<usize> {
        None
    }
    /// How many more [`NodeIndex::set`]s of new keys certainly leave
    /// [`NodeIndex::bytes_after`] unchanged (0 when unknown).
    fn room(&self) -> usize {
        0
    }
    /// The search is over, and `memos` are those of all its nodes (every key it set): an
    /// index that keeps its tables for the next run may clear only their entries, instead of
    /// all of them when it is dropped.
    #[inline]
    fn forget(&mut self, memos: impl Iterator<Item = Self::Memo>) {
        let _ = memos;
    }
}

/// What [`NodeIndex::find`] knows of a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// Never seen.
    New,
    /// Seen, and marked closed ([`NodeIndex::close`]).
    Closed,
    /// Seen, not marked closed: node `id`.
    Open(u32),
}

/// Dense table over `0..rank_count`.
pub(crate) struct DenseSeen(Vec<u64>);

impl DenseSeen {
    pub(crate) fn new(n: usize) -> Self {
        DenseSeen(vec![0; n.div_ceil(64)])
    }

    /// The bytes a set over `n` ranks allocates (all at once, in [`DenseSeen::new`]).
    pub(crate) fn bytes(n: usize) -> u64 {
        n.div_ceil(64) as u64 * 8
    }
}

#[inline]
fn rank_of<P: Problem + ?Sized>(problem: &P, state: &P::State) -> usize {
    problem
        .rank(state)
        .expect("a problem with rank_count() ranks every state")
}

impl<P: Problem + ?Sized> Seen<P> for DenseSeen {
    fn insert(&mut self, problem: &P, state: &P::State) -> bool {
        let r = rank_of(problem, state);
        let (word, bit) = (r / 64, 1u64 << (r % 64));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }
    fn bytes_after(&self, _: usize) -> u64 {
        self.0.len() as u64 * 8
    }
}

/// Hash set of states.
pub(crate) struct HashSeen<S>(rustc_hash::FxHashSet<S>);

impl<S> Default for HashSeen<S> {
    fn default() -> Self {
        HashSeen(Default::default())
    }
}

impl<P: Problem + ?Sized> Seen<P> for HashSeen<P::State> {
    fn insert(&mut self, _: &P, state: &P::State) -> bool {
        if self.0.contains(state) {
            false
        } else {
            self.0.insert(state.clone())
        }
    }
    fn bytes_after(&self, extra: usize) -> u64 {
        hash_bytes_after(
            self.0.len(),
            self.0.capacity(),
            extra,
            std::mem::size_of::<P::State>(),
        )
    }
}

/// Dense node index over `0..rank_count`, for rank spaces up to [`DENSE_LIMIT`]: a table of
/// node ids by rank, and two bits per rank (seen in this run, closed: [`NodeIndex::close`]).
///
/// The 8-puzzle's 9! ranks take 1.4 MiB of ids, more than a core's L2 cache, and its A*
/// looked up nearly every child there: that one load, missing the cache, was about 45% of
/// A*'s time (benches/README.md, issue 34). The marks (90 KiB for 9!) stay in the cache and
/// answer the common cases, a new child and a closed one, alone; the table is read only for a
/// child seen and still open, and written for a new one (a store, which stalls nothing).
///
/// Filling the table costs more than a typical 8-puzzle run, so tables are kept per thread and
/// reused: ids are read only where this run marked them seen, so the table is never cleared,
/// and only the marks are: the words of the run's nodes when the search says which
/// ([`NodeIndex::forget`], A* and the best-first engine), else all of them (n/4 bytes) when
/// the index is dropped. (Zeroing all of them after every 8-puzzle run was 12% of a whole
/// `solve eight --file` run's instructions.)
pub(crate) struct DenseIndex {
    /// The node id of each rank marked seen; anything elsewhere.
    table: Vec<u32>,
    /// [`SEEN`] and [`CLOSED`] of rank `r` at bits `2 (r % 32)` of word `r / 32`.
    marks: Vec<u64>,
    /// Whether the marks are all clear again ([`NodeIndex::forget`]).
    clean: bool,
}

/// The largest rank space (and node count) a dense index serves.
pub(crate) const DENSE_LIMIT: usize = 1 << 24;

/// A rank's mark: given a node in this run.
const SEEN: u64 = 1;
/// A rank's mark: closed ([`NodeIndex::close`]).
const CLOSED: u64 = 2;

thread_local! {
    /// A table and its marks (all zero) left by the last run on this thread.
    static DENSE_POOL: std::cell::RefCell<Option<(Vec<u32>, Vec<u64>)>> =
        const { std::cell::RefCell::new(None) };
}

impl DenseIndex {
    /// The bytes an index over `n` ranks allocates (all at once, in [`DenseIndex::new`]).
    pub(crate) fn bytes(n: usize) -> u64 {
        n as u64 * 4 + n.div_ceil(32) as u64 * 8
    }

    pub(crate) fn new(n: usize) -> Self {
        debug_assert!(n <= DENSE_LIMIT);
        let (table, marks) = match DENSE_POOL.with(|p| p.borrow_mut().take()) {
            Some((table, marks)) if table.len() == n => (table, marks),
            _ => (vec![0; n], vec![0; n.div_ceil(32)]),
        };
        DenseIndex {
            table,
            marks,
            clean: false,
        }
    }

    /// The marks of `rank`: its word and the shift of its two bits there.
    #[inline]
    fn place(rank: usize) -> (usize, u32) {
        (rank / 32, (rank % 32) as u32 * 2)
    }

    /// The marks ([`SEEN`], [`CLOSED`]) of `rank`.
    #[inline]
    fn marks_of(&self, rank: usize) -> u64 {
        let (word, shift) = Self::place(rank);
        (self.marks[word] >> shift) & 3
    }
}

impl Drop for DenseIndex {
    fn drop(&mut self) {
        let (table, mut marks) = (
            std::mem::take(&mut self.table),
            std::mem::take(&mut self.marks),
        );
        if !self.clean {
            marks.fill(0);
        }
        DENSE_POOL.with(|p| *p.borrow_mut() = Some((table, marks)));
    }
}

impl<P: Problem + ?Sized> NodeIndex<P> for DenseIndex {
    type Key = usize;
    type Memo = u32;
    #[inline]
    fn key(&self, problem: &P, state: &P::State) -> usize {
        rank_of(problem, state)
    }
    // Always inlined: a problem whose searches run with several heuristic types (the
    // 8-puzzle: Manhattan by type, the others as `dyn Heuristic`) calls it from several
    // copies of A*'s loop, and LLVM then left it (and `rank_child`) out of line at every
    // generated node: +12% instructions on `solve eight` (benches/README.md, issue 34).
    #[inline(always)]
    fn child_key(
        &self,
        problem: &P,
        parent: &P::State,
        memo: u32,
        action: &P::Action,
        child: &P::State,
    ) -> usize {
        let rank = problem.rank_child(parent, memo as usize, action, child);
        rank.expect("a problem with rank_count() ranks every state")
    }
    #[inline(always)]
    fn child_key_before(
        &self,
        problem: &P,
        parent: &P::State,
        memo: u32,
        action: &P::Action,
    ) -> Option<usize> {
        problem.rank_after(parent, memo as usize, action)
    }
    #[inline]
    fn memo(key: &usize) -> u32 {
        // Dense tables hold at most DENSE_LIMIT < 2^32 ranks.
        *key as u32
    }
    #[inline]
    fn get(&self, key: &usize) -> Option<u32> {
        (self.marks_of(*key) != 0).then(|| self.table[*key])
    }
    #[inline]
    fn set(&mut self, key: usize, id: u32) {
        let (word, shift) = Self::place(key);
        let marks = &mut self.marks[word];
        *marks = (*marks & !(3 << shift)) | SEEN << shift;
        self.table[key] = id;
    }
    fn bytes_after(&self, _: usize) -> u64 {
        DenseIndex::bytes(self.table.len())
    }
    #[inline]
    fn close(&mut self, rank: u32) {
        let (word, shift) = Self::place(rank as usize);
        self.marks[word] |= CLOSED << shift;
    }
    #[inline]
    fn find(&self, key: &usize) -> Found {
        match self.marks_of(*key) {
            0 => Found::New,
            SEEN => Found::Open(self.table[*key]),
            _ => Found::Closed,
        }
    }
    fn dense_len(&self) -> Option<usize> {
        Some(self.table.len())
    }
    /// Allocated once: it never grows.
    fn room(&self) -> usize {
        usize::MAX
    }
    fn forget(&mut self, ranks: impl Iterator<Item = u32>) {
        // A run with many nodes (a grid query: 10^5 nodes of 32 bytes, against 8,256 mark
        // words for the maze) reads its whole node table to name their ranks, and zeroing
        // every word writes far less (benches/README.md, issue 34 round 5).
        if ranks.size_hint().0 >= 2 * self.marks.len() {
            self.marks.fill(0);
        } else {
            for rank in ranks {
                // The whole word: its other ranks are this run's too, or clear already.
                self.marks[Self::place(rank as usize).0] = 0;
            }
        }
        self.clean = true;
    }
}

/// Hash node index.
pub(crate) struct HashIndex<S>(FxHashMap<S, u32>);

impl<S> Default for HashIndex<S> {
    fn default() -> Self {
        HashIndex(Default::default())
    }
}

impl<P: Problem + ?Sized> NodeIndex<P> for HashIndex<P::State> {
    type Key = P::State;
    type Memo = ();
    #[inline]
    fn key(&self, _: &P, state: &P::State) -> P::State {
        state.clone()
    }
    #[inline]
    fn child_key(&self, _: &P, _: &P::State, _: (), _: &P::Action, child: &P::State) -> P::State {
        child.clone()
    }
    #[inline]
    fn memo(_: &P::State) {}
    #[inline]
    fn get(&self, key: &P::State) -> Option<u32> {
        self.0.get(key).copied()
    }
    #[inline]
    fn set(&mut self, key: P::State, id: u32) {
        self.0.insert(key, id);
    }
    fn bytes_after(&self, extra: usize) -> u64 {
        hash_bytes_after(
            self.0.len(),
            self.0.capacity(),
            extra,
            std::mem::size_of::<(P::State, u32)>(),
        )
    }
    /// Entries that fit before the table grows ([`hash_bytes_after`] counts by capacity).
    fn room(&self) -> usize {
        self.0.capacity() - self.0.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers 0..1000 as a ranked problem (the rank is the number itself).
    struct Line;
    impl Problem for Line {
        type State = usize;
        type Action = usize;
        type Cost = u32;
        fn is_goal(&self, s: &usize) -> bool {
            *s == 999
        }
        fn actions(&self, _: &usize, _: &mut Vec<usize>) {}
        fn result(&self, s: &usize, _: &usize) -> (usize, u32) {
            (*s, 1)
        }
        fn rank(&self, s: &usize) -> Option<usize> {
            Some(*s)
        }
        fn rank_count(&self) -> Option<usize> {
            Some(1000)
        }
    }

    #[test]
    fn reused_dense_tables_forget_earlier_runs() {
        for run in 0..300usize {
            let mut index = DenseIndex::new(1000);
            // Nothing written by an earlier run is visible.
            for state in 0..1000 {
                let key = NodeIndex::<Line>::key(&index, &Line, &state);
                assert_eq!(NodeIndex::<Line>::get(&index, &key), None, "run {run}");
            }
            for state in (run % 7..1000).step_by(7) {
                let key = NodeIndex::<Line>::key(&index, &Line, &state);
                NodeIndex::<Line>::set(&mut index, key, state as u32);
                assert_eq!(NodeIndex::<Line>::get(&index, &key), Some(state as u32));
                let found = NodeIndex::<Line>::find(&index, &key);
                assert_eq!(found, Found::Open(state as u32));
                // Closed: `find` says so, `get` still gives the id, `set` clears the mark.
                if state % 3 == 0 {
                    NodeIndex::<Line>::close(&mut index, state as u32);
                    assert_eq!(NodeIndex::<Line>::find(&index, &key), Found::Closed);
                    assert_eq!(NodeIndex::<Line>::get(&index, &key), Some(state as u32));
                }
                if state % 6 == 0 {
                    NodeIndex::<Line>::set(&mut index, key, 5);
                    assert_eq!(NodeIndex::<Line>::find(&index, &key), Found::Open(5));
                }
            }
            // The marks of the ranks around them (in the same words) were left alone.
            for state in (0..1000).filter(|s| s % 7 != run % 7) {
                assert_eq!(NodeIndex::<Line>::find(&index, &state), Found::New);
            }
            // Every other run says which keys it set (as A* does); the others leave the
            // clearing to the drop.
            // Half of those with an exact count (more nodes than mark words: all words are
            // zeroed), half through a filter (no count: the words of the ranks named).
            let ranks = (run % 7..1000).step_by(7).map(|s| s as u32);
            if run % 4 == 0 {
                NodeIndex::<Line>::forget(&mut index, ranks);
            } else if run % 4 == 2 {
                NodeIndex::<Line>::forget(&mut index, ranks.filter(|_| true));
            }
        }
    }
}
