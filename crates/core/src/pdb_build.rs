//! A fast, compact, multi-threaded pattern-database builder: breadth-first search layer by
//! layer over state ranks with two bits per state, writing the table of distances already
//! projected (one byte per entry).
//!
//! [`crate::build_pdb`] keeps one byte per abstract state and queues of 4-byte ranks: for the
//! 15-puzzle's 8-tile pattern over (tiles, blank region), 4.2 G states, that is 4.2 GB of table
//! plus the queues (5.5 GB in all) and half an hour. [`build_layered`] keeps instead:
//!
//! * two bits per state (unseen / in the layer being expanded / in the next layer / done),
//!   which is all a breadth-first search with unit moves needs: a state's distance is the
//!   layer that first reached it, and it is written at once into
//! * the projected table, one byte per entry (for the 8-tile pattern: placements of the tiles,
//!   without the blank), whose entry is the first layer that reached any of its states.
//!
//! So 1 GB of state bits and 0.5 GB of table for the 8-tile pattern, and no queues: each layer
//! is a scan of the state bits for the states of that layer. Threads share the scan by chunks
//! of words; a state is claimed for the next layer with one atomic OR, whose old value tells
//! which thread reached it first.
//!
//! The space gives no states, only ranks: [`LayeredSpace::neighbours`] computes the neighbours'
//! ranks directly from a rank, so nothing is materialised that the rank already says.

use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};

use crate::pdb::{MAX_DISTANCE, PatternDb};

/// A space of states ranked `0..states()` with unit-cost moves closed under inverses (so the
/// neighbours of a state are its predecessors too), and a projection of the states onto the
/// entries of the table to build.
///
/// Ranks that name no state (say a blank region that does not exist) are allowed: they are
/// never reached, and cost two bits each.
pub trait LayeredSpace: Sync {
    /// The number of state ranks.
    fn states(&self) -> u64;

    /// The number of entries of the table.
    fn entries(&self) -> usize;

    /// The entry of the state of rank `state`.
    fn entry(&self, state: u64) -> usize;

    /// The ranks of the goal states (distance 0).
    fn goals(&self) -> Vec<u64>;

    /// Calls `visit` with the rank of each state one move away from the state of rank `state`.
    fn neighbours(&self, state: u64, visit: &mut impl FnMut(u64));
}

/// Why [`build_layered`] refused or failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The state bits and the table would exceed the memory budget; nothing was allocated.
    #[error("building needs {needed} bytes, over the limit of {limit}")]
    Memory {
        /// Bytes the build would allocate.
        needed: u64,
        /// The budget.
        limit: u64,
    },
    /// A rank returned by the space is outside `0..states()`, or an entry outside
    /// `0..entries()`.
    #[error("rank {rank} is outside the space of {size}")]
    RankOutOfRange {
        /// The offending rank or entry.
        rank: u64,
        /// The size it should be below.
        size: u64,
    },
    /// Some distance is larger than [`MAX_DISTANCE`].
    #[error("a distance exceeds {MAX_DISTANCE}, the largest a u8 table holds")]
    DistanceOverflow,
}

/// Progress of [`build_layered`], reported after each layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerProgress {
    /// The distance of the layer just found.
    pub layer: u8,
    /// States in that layer.
    pub layer_states: u64,
    /// States reached so far (all layers).
    pub states_reached: u64,
    /// Table entries whose distance is known (first reached in this layer or before).
    pub entries_done: u64,
    /// Entries of the table.
    pub entries: u64,
    /// Bytes the build holds (state bits and table).
    pub bytes: u64,
}

/// Options of [`build_layered`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildOptions {
    /// Threads (0: as many as the machine has).
    pub threads: usize,
    /// Refuse, before allocating, a build that needs more bytes than this.
    pub max_memory: Option<u64>,
}

/// The bytes [`build_layered`] allocates for `space`: two bits per state rank (rounded up to
/// 8-byte words) and one byte per entry.
pub fn layered_bytes<S: LayeredSpace + ?Sized>(space: &S) -> u64 {
    space.states().div_ceil(STATES_PER_WORD) * 8 + space.entries() as u64
}

/// States per 64-bit word of the state bits.
const STATES_PER_WORD: u64 = 32;
/// The even bits of a word: the low bit of each state's pair.
const LOW: u64 = 0x5555_5555_5555_5555;
/// Words per chunk of work handed to a thread.
const CHUNK: usize = 1 << 12;

/// Builds the projected pattern database of `space` by breadth-first search from its goals
/// (see the module documentation): entry `e` is the fewest moves from any state projected onto
/// `e` to a goal.
///
/// # Arguments
/// * `space`: the states, their moves and their projection.
/// * `options`: threads and a memory budget.
/// * `progress`: called after each layer (for a progress display).
///
/// # Returns
/// The table; [`BuildError::Memory`] before any allocation if it would not fit the budget.
///
/// # Complexity
/// O(layers x states / 32) word scans plus O(reached states x moves) neighbour computations,
/// divided among the threads; `states / 4 + entries` bytes.
///
/// # Examples
/// ```
/// use searchlab_core::pdb_build::{build_layered, BuildOptions, LayeredSpace};
///
/// /// A ring of 10 cells, one step either way; entries are pairs of cells.
/// struct Ring;
/// impl LayeredSpace for Ring {
///     fn states(&self) -> u64 { 10 }
///     fn entries(&self) -> usize { 5 }
///     fn entry(&self, s: u64) -> usize { s as usize / 2 }
///     fn goals(&self) -> Vec<u64> { vec![0] }
///     fn neighbours(&self, s: u64, visit: &mut impl FnMut(u64)) {
///         visit((s + 1) % 10);
///         visit((s + 9) % 10);
///     }
/// }
/// let pdb = build_layered(&Ring, &BuildOptions::default(), |_| {}).unwrap();
/// // Cells 0..9 are 0 1 2 3 4 5 4 3 2 1 away; each entry is the nearer of its two cells.
/// assert_eq!((0..5).map(|e| pdb.raw(e)).collect::<Vec<_>>(), [0, 2, 4, 3, 1]);
/// ```
pub fn build_layered<S, F>(
    space: &S,
    options: &BuildOptions,
    mut progress: F,
) -> Result<PatternDb, BuildError>
where
    S: LayeredSpace + ?Sized,
    F: FnMut(LayerProgress),
{
    let states = space.states();
    let entries = space.entries();
    let bytes = layered_bytes(space);
    if let Some(limit) = options.max_memory
        && bytes > limit
    {
        return Err(BuildError::Memory {
            needed: bytes,
            limit,
        });
    }
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let words: Vec<AtomicU64> = (0..states.div_ceil(STATES_PER_WORD))
        .map(|_| AtomicU64::new(0))
        .collect();
    let table: Vec<AtomicU8> = (0..entries)
        .map(|_| AtomicU8::new(PatternDb::UNREACHED))
        .collect();
    let mut reached = 0u64;
    let mut entries_done = 0u64;
    for goal in space.goals() {
        if goal >= states {
            return Err(BuildError::RankOutOfRange {
                rank: goal,
                size: states,
            });
        }
        let e = space.entry(goal);
        if e >= entries {
            return Err(BuildError::RankOutOfRange {
                rank: e as u64,
                size: entries as u64,
            });
        }
        let (w, shift) = place(goal);
        // 01: in the layer to expand.
        let old = words[w].fetch_or(1 << shift, Ordering::Relaxed);
        if old >> shift & 3 == 0 {
            reached += 1;
        }
        if table[e].swap(0, Ordering::Relaxed) != 0 {
            entries_done += 1;
        }
    }
    progress(LayerProgress {
        layer: 0,
        layer_states: reached,
        states_reached: reached,
        entries_done,
        entries: entries as u64,
        bytes,
    });
    let mut layer = 0u8;
    loop {
        if layer >= MAX_DISTANCE {
            // A layer at MAX_DISTANCE may still have neighbours; expanding it would overflow.
            if expand_layer(space, &words, &table, layer, threads, true)?.0 > 0 {
                return Err(BuildError::DistanceOverflow);
            }
            break;
        }
        let (found, new_entries) = expand_layer(space, &words, &table, layer, threads, false)?;
        if found == 0 {
            break;
        }
        layer += 1;
        reached += found;
        entries_done += new_entries;
        promote(&words, threads);
        progress(LayerProgress {
            layer,
            layer_states: found,
            states_reached: reached,
            entries_done,
            entries: entries as u64,
            bytes,
        });
    }
    drop(words);
    // The same allocation, as plain bytes (an in-place collect).
    let table: Vec<u8> = table.into_iter().map(AtomicU8::into_inner).collect();
    Ok(PatternDb::from_table(table))
}

/// The word and bit shift of a state's pair.
#[inline]
fn place(state: u64) -> (usize, u32) {
    (
        (state / STATES_PER_WORD) as usize,
        (2 * (state % STATES_PER_WORD)) as u32,
    )
}

/// Expands every state of the current layer (pair 01), claiming unseen neighbours for the next
/// layer (pair 10) and writing `layer + 1` into their entries when first reached. Returns the
/// states and the entries first reached. With `dry`, only counts the unseen neighbours.
fn expand_layer<S: LayeredSpace + ?Sized>(
    space: &S,
    words: &[AtomicU64],
    table: &[AtomicU8],
    layer: u8,
    threads: usize,
    dry: bool,
) -> Result<(u64, u64), BuildError> {
    let states = space.states();
    let entries = table.len();
    let next_chunk = AtomicUsize::new(0);
    let work = || -> Result<(u64, u64), BuildError> {
        let (mut found, mut new_entries) = (0u64, 0u64);
        let mut error = None;
        loop {
            let chunk = next_chunk.fetch_add(1, Ordering::Relaxed);
            let start = chunk * CHUNK;
            if start >= words.len() {
                break;
            }
            for (w, word) in words.iter().enumerate().skip(start).take(CHUNK) {
                let bits = word.load(Ordering::Relaxed);
                // Pairs 01: low bit set, high bit clear.
                let mut current = bits & LOW & !(bits >> 1);
                while current != 0 {
                    let bit = current.trailing_zeros() as u64;
                    current &= current - 1;
                    let state = w as u64 * STATES_PER_WORD + bit / 2;
                    space.neighbours(state, &mut |n| {
                        if n >= states {
                            error.get_or_insert(BuildError::RankOutOfRange {
                                rank: n,
                                size: states,
                            });
                            return;
                        }
                        let (nw, shift) = place(n);
                        if words[nw].load(Ordering::Relaxed) >> shift & 3 != 0 {
                            return;
                        }
                        if dry {
                            found += 1;
                            return;
                        }
                        let old = words[nw].fetch_or(2 << shift, Ordering::Relaxed);
                        if old >> shift & 3 != 0 {
                            // Another thread claimed it between the load and the OR.
                            return;
                        }
                        found += 1;
                        let e = space.entry(n);
                        if e >= entries {
                            error.get_or_insert(BuildError::RankOutOfRange {
                                rank: e as u64,
                                size: entries as u64,
                            });
                            return;
                        }
                        // Entries only go from unreached to the distance of the first layer
                        // that reaches any of their states; the exchange tells one thread.
                        if table[e].load(Ordering::Relaxed) == PatternDb::UNREACHED
                            && table[e]
                                .compare_exchange(
                                    PatternDb::UNREACHED,
                                    layer + 1,
                                    Ordering::Relaxed,
                                    Ordering::Relaxed,
                                )
                                .is_ok()
                        {
                            new_entries += 1;
                        }
                    });
                }
                if let Some(e) = error.take() {
                    return Err(e);
                }
            }
        }
        Ok((found, new_entries))
    };
    let results: Vec<Result<(u64, u64), BuildError>> = if threads <= 1 {
        vec![work()]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
            let mut out = vec![work()];
            out.extend(
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a builder thread panicked")),
            );
            out
        })
    };
    let (mut found, mut new_entries) = (0, 0);
    for r in results {
        let (f, n) = r?;
        found += f;
        new_entries += n;
    }
    Ok((found, new_entries))
}

/// After a layer: its states are done (01 -> 11) and the next layer's become current
/// (10 -> 01).
fn promote(words: &[AtomicU64], threads: usize) {
    let next_chunk = AtomicUsize::new(0);
    let work = || {
        loop {
            let start = next_chunk.fetch_add(1, Ordering::Relaxed) * CHUNK;
            if start >= words.len() {
                break;
            }
            for word in words.iter().skip(start).take(CHUNK) {
                let bits = word.load(Ordering::Relaxed);
                if bits == 0 {
                    continue;
                }
                let low = bits & LOW;
                let high = bits >> 1 & LOW;
                // Per pair: high' = low, low' = low | high (00 00, 01 11, 10 01, 11 11).
                word.store(low << 1 | low | high, Ordering::Relaxed);
            }
        }
    };
    if threads <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(work);
            }
            work();
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::tests::{Swaps, factorial};
    use crate::pdb::{AbstractSpace, build_pdb};

    impl<const N: usize> LayeredSpace for Swaps<N> {
        fn states(&self) -> u64 {
            factorial(N) as u64
        }
        fn entries(&self) -> usize {
            factorial(N) / factorial(self.forget)
        }
        fn entry(&self, s: u64) -> usize {
            s as usize / factorial(self.forget)
        }
        fn goals(&self) -> Vec<u64> {
            vec![0]
        }
        fn neighbours(&self, s: u64, visit: &mut impl FnMut(u64)) {
            let mut out = Vec::new();
            self.predecessors(&self.unrank(s as usize), &mut out);
            for (t, _) in out {
                visit(AbstractSpace::rank(self, &t) as u64);
            }
        }
    }

    #[test]
    fn equals_the_queue_builder_projected() {
        for forget in [1, 3] {
            let space = Swaps::<7> { forget };
            let full = build_pdb(&space, [[0, 1, 2, 3, 4, 5, 6]], |_| {}).unwrap();
            let f = factorial(forget);
            let expected = full.project(space.entries(), |r| r / f);
            for threads in [1, 2, 3] {
                let options = BuildOptions {
                    threads,
                    max_memory: None,
                };
                let mut layers = Vec::new();
                let pdb = build_layered(&space, &options, |p| layers.push(p)).unwrap();
                assert_eq!(pdb, expected, "forget {forget}, {threads} threads");
                let last = layers.last().unwrap();
                assert_eq!(last.states_reached, 5040);
                assert_eq!(last.entries_done, expected.len() as u64);
                assert_eq!(usize::from(last.layer), 21); // the reversal's inversions
                let per_layer: u64 = layers.iter().map(|p| p.layer_states).sum();
                assert_eq!(per_layer, 5040);
            }
        }
    }

    #[test]
    fn memory_budget_is_checked_before_allocating() {
        let space = Swaps::<7> { forget: 1 };
        let needed = layered_bytes(&space);
        assert_eq!(needed, 5040u64.div_ceil(32) * 8 + 5040);
        let options = BuildOptions {
            threads: 1,
            max_memory: Some(needed - 1),
        };
        assert_eq!(
            build_layered(&space, &options, |_| {}),
            Err(BuildError::Memory {
                needed,
                limit: needed - 1
            })
        );
        let options = BuildOptions {
            threads: 1,
            max_memory: Some(needed),
        };
        assert!(build_layered(&space, &options, |_| {}).is_ok());
    }

    #[test]
    fn unreached_entries_out_of_range_and_overflow() {
        /// Only even cells reach 0 by steps of 2; `out` sends a neighbour out of range.
        struct Evens {
            size: u64,
            out: bool,
        }
        impl LayeredSpace for Evens {
            fn states(&self) -> u64 {
                self.size
            }
            fn entries(&self) -> usize {
                self.size as usize
            }
            fn entry(&self, s: u64) -> usize {
                s as usize
            }
            fn goals(&self) -> Vec<u64> {
                vec![0]
            }
            fn neighbours(&self, s: u64, visit: &mut impl FnMut(u64)) {
                if s + 2 < self.size || self.out {
                    visit(s + 2);
                }
                if s >= 2 {
                    visit(s - 2);
                }
            }
        }
        let options = BuildOptions::default();
        let pdb = build_layered(
            &Evens {
                size: 7,
                out: false,
            },
            &options,
            |_| {},
        )
        .unwrap();
        assert_eq!(pdb.get(4), Some(2));
        assert_eq!(pdb.get(3), None);
        assert_eq!(
            build_layered(&Evens { size: 7, out: true }, &options, |_| {}),
            Err(BuildError::RankOutOfRange { rank: 8, size: 7 })
        );
        assert_eq!(
            build_layered(
                &Evens {
                    size: 600,
                    out: false
                },
                &options,
                |_| {}
            ),
            Err(BuildError::DistanceOverflow)
        );
    }
}
