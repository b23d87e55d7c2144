//! Node stores shared by the algorithms: a dense table indexed by the problem's perfect rank, or
//! a hash map (rustc-hash) when it has none.

use rustc_hash::FxHashMap;

use crate::problem::Problem;

/// A set of seen states.
pub(crate) trait Seen<P: Problem + ?Sized> {
    /// Inserts `state`; `false` if it was already there.
    fn insert(&mut self, problem: &P, state: &P::State) -> bool;
}

/// A map from states to node ids.
pub(crate) trait NodeIndex<P: Problem + ?Sized> {
    fn get(&self, problem: &P, state: &P::State) -> Option<u32>;
    fn set(&mut self, problem: &P, state: &P::State, id: u32);
}

const ABSENT: u32 = u32::MAX;

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

/// Dense node index.
pub(crate) struct DenseIndex(Vec<u32>);

impl DenseIndex {
    pub(crate) fn new(n: usize) -> Self {
        DenseIndex(vec![ABSENT; n])
    }
}

impl<P: Problem + ?Sized> NodeIndex<P> for DenseIndex {
    fn get(&self, problem: &P, state: &P::State) -> Option<u32> {
        let id = self.0[rank_of(problem, state)];
        (id != ABSENT).then_some(id)
    }
    fn set(&mut self, problem: &P, state: &P::State, id: u32) {
        self.0[rank_of(problem, state)] = id;
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
    fn get(&self, _: &P, state: &P::State) -> Option<u32> {
        self.0.get(state).copied()
    }
    fn set(&mut self, _: &P, state: &P::State, id: u32) {
        self.0.insert(state.clone(), id);
    }
}
