//! Node stores shared by the algorithms: a dense table indexed by the problem's perfect rank, or
//! a hash map (rustc-hash) when it has none.

use rustc_hash::FxHashMap;

use crate::problem::Problem;

/// A set of seen states.
pub(crate) trait Seen<P: Problem + ?Sized> {
    /// Inserts `state`; `false` if it was already there.
    fn insert(&mut self, problem: &P, state: &P::State) -> bool;
}

/// A map from states to node ids. The key is computed once per generated state (for a dense
/// table it is the rank, which costs more than a lookup).
pub(crate) trait NodeIndex<P: Problem + ?Sized> {
    type Key;
    fn key(&self, problem: &P, state: &P::State) -> Self::Key;
    fn get(&self, key: &Self::Key) -> Option<u32>;
    fn set(&mut self, key: Self::Key, id: u32);
}

/// Dense table over `0..rank_count`.
pub(crate) struct DenseSeen(Vec<u64>);

impl DenseSeen {
    pub(crate) fn new(n: usize) -> Self {
        DenseSeen(vec![0; n.div_ceil(64)])
    }
}

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
}

/// Dense node index over `0..rank_count`. Filling a table of 9! entries costs more than a
/// typical 8-puzzle A* run, so tables are kept per thread and reused: each entry carries the
/// generation (run) that wrote it, and a new run only bumps the generation.
pub(crate) struct DenseIndex {
    table: Vec<(u32, u32)>,
    generation: u32,
}

/// A table of `(generation, node id)` with the last generation used.
type PooledTable = (Vec<(u32, u32)>, u32);

thread_local! {
    static DENSE_POOL: std::cell::RefCell<Option<PooledTable>> =
        const { std::cell::RefCell::new(None) };
}

impl DenseIndex {
    pub(crate) fn new(n: usize) -> Self {
        let pooled = DENSE_POOL.with(|p| p.borrow_mut().take());
        let (table, generation) = match pooled {
            Some((table, generation)) if table.len() == n && generation < u32::MAX => {
                (table, generation + 1)
            }
            _ => (vec![(0, 0); n], 1),
        };
        DenseIndex { table, generation }
    }
}

impl Drop for DenseIndex {
    fn drop(&mut self) {
        let table = std::mem::take(&mut self.table);
        let generation = self.generation;
        DENSE_POOL.with(|p| *p.borrow_mut() = Some((table, generation)));
    }
}

impl<P: Problem + ?Sized> NodeIndex<P> for DenseIndex {
    type Key = usize;
    #[inline]
    fn key(&self, problem: &P, state: &P::State) -> usize {
        rank_of(problem, state)
    }
    #[inline]
    fn get(&self, key: &usize) -> Option<u32> {
        let (generation, id) = self.table[*key];
        (generation == self.generation).then_some(id)
    }
    #[inline]
    fn set(&mut self, key: usize, id: u32) {
        self.table[key] = (self.generation, id);
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
    #[inline]
    fn key(&self, _: &P, state: &P::State) -> P::State {
        state.clone()
    }
    #[inline]
    fn get(&self, key: &P::State) -> Option<u32> {
        self.0.get(key).copied()
    }
    #[inline]
    fn set(&mut self, key: P::State, id: u32) {
        self.0.insert(key, id);
    }
}
