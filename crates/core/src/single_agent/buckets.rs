//! The two-level bucket queue of the best-first searches over small integer costs: A*'s open
//! list ([`crate::astar()`]) and the shared engine's ([`crate::best_first`]: uniform-cost,
//! greedy, weighted A*).
//!
//! Entries are node ids under a key and a tie (A*: f and g), each node on at most one list.
//! They pop lowest key first, then highest tie, then first pushed (FIFO within a bucket): since
//! new nodes get increasing ids, that is the lowest id first for every node pushed only once.

use crate::single_agent::astar::{node_bytes_after, reserve_all};

/// Keys and ties up to this use buckets; a search with larger ones uses a heap.
pub(crate) const BUCKET_LIMIT: u64 = 1 << 12;

/// No node: the end of a bucket's list.
const NIL: u32 = u32::MAX;

/// Bucket lists over (key, tie) with `tie <= key` (A*: g <= f, since h >= 0), so the buckets of
/// one key are `0..=key` and all of them fit one triangular table: bucket (f, g) is
/// `ends[f * (f + 1) / 2 + g]`. Each bucket is a FIFO list of node ids threaded through a links
/// table (`prev`, `next` per node): push, pop and moving a node are O(1) and allocate nothing
/// per bucket.
pub(crate) struct Buckets {
    /// `[head, tail]` of each bucket's list, [`NIL`] when empty.
    ends: Vec<[u32; 2]>,
    /// `top[f]`: no bucket of that f above this g is non-empty.
    top: Vec<u32>,
    /// No f below this has a non-empty bucket.
    low: usize,
    /// `[prev, next]` of each node id on a list.
    links: Vec<[u32; 2]>,
    /// What `links` is made at first, and grows to at once if more (A*'s node table
    /// reservation: see `Search::new` in `astar.rs`); doubling past it.
    reserve: usize,
    /// Whether `ends` grew since the last memory check ([`Buckets::checked`]).
    grew: bool,
}

/// The bucket of `(f, g)` in the triangular table.
#[inline]
fn bucket(f: usize, g: usize) -> usize {
    f * (f + 1) / 2 + g
}

impl Buckets {
    /// Empty lists, with links for `reserve` ids.
    pub(crate) fn new(reserve: usize) -> Self {
        Buckets {
            ends: Vec::new(),
            top: Vec::new(),
            low: 0,
            links: Vec::with_capacity(reserve),
            reserve,
            grew: false,
        }
    }

    /// The bucket of (f, g), if both are small enough for buckets and `g <= f`.
    #[inline]
    pub(crate) fn small(f: u64, g: u64) -> Option<(usize, usize)> {
        (f <= BUCKET_LIMIT && g <= f).then_some((f as usize, g as usize))
    }

    /// Queues `id` at the back of bucket (f, g). Ids come in creation order: a new node's id
    /// is the number of ids seen so far; an older id must not be on a list.
    // Always inlined: left out of line (A* and the engine each call it from two places), its
    // call, register saves and restores were a third of its cost, 7% of a whole
    // `solve eight --file` run (issue 34).
    #[inline(always)]
    pub(crate) fn push(&mut self, f: usize, g: usize, id: u32) {
        let b = bucket(f, g);
        if self.ends.len() <= b {
            self.grow(f);
        }
        let tail = self.ends[b][1];
        if id as usize == self.links.len() {
            if self.links.len() == self.links.capacity() {
                reserve_all(&mut self.links, self.reserve, 1);
            }
            self.links.push([tail, NIL]);
        } else {
            self.links[id as usize] = [tail, NIL];
        }
        if tail == NIL {
            self.ends[b][0] = id;
        } else {
            self.links[tail as usize][1] = id;
        }
        self.ends[b][1] = id;
        self.top[f] = self.top[f].max(g as u32);
        self.low = self.low.min(f);
    }

    /// Makes room for the buckets of every f up to `f`.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, f: usize) {
        self.grew = true;
        self.ends.resize(bucket(f + 1, 0), [NIL, NIL]);
        self.top.resize(f + 1, 0);
    }

    /// Takes `id` off the list of bucket (f, g), where it is.
    #[inline]
    pub(crate) fn unlink(&mut self, f: usize, g: usize, id: u32) {
        let b = bucket(f, g);
        let [prev, next] = self.links[id as usize];
        if prev == NIL {
            self.ends[b][0] = next;
        } else {
            self.links[prev as usize][1] = next;
        }
        if next == NIL {
            self.ends[b][1] = prev;
        } else {
            self.links[next as usize][0] = prev;
        }
    }

    /// Takes the first entry: its g and id.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(usize, u32)> {
        while self.low < self.top.len() {
            let f = self.low;
            let mut g = self.top[f] as usize;
            loop {
                let b = bucket(f, g);
                let id = self.ends[b][0];
                if id != NIL {
                    let next = self.links[id as usize][1];
                    self.ends[b][0] = next;
                    if next == NIL {
                        self.ends[b][1] = NIL;
                    } else {
                        self.links[next as usize][0] = NIL;
                    }
                    self.top[f] = g as u32;
                    return Some((g, id));
                }
                if g == 0 {
                    break;
                }
                g -= 1;
            }
            self.top[f] = 0;
            self.low += 1;
        }
        None
    }

    /// The first entry `(f, g, id)`, left in place (take it with [`Buckets::pop`]).
    #[inline]
    pub(crate) fn peek(&mut self) -> Option<(usize, usize, u32)> {
        while self.low < self.top.len() {
            let f = self.low;
            let mut g = self.top[f] as usize;
            loop {
                let id = self.ends[bucket(f, g)][0];
                if id != NIL {
                    self.top[f] = g as u32;
                    return Some((f, g, id));
                }
                if g == 0 {
                    break;
                }
                g -= 1;
            }
            self.top[f] = 0;
            self.low += 1;
        }
        None
    }

    /// Takes the first entry of bucket (f, g), the one [`Buckets::peek`] just gave.
    #[inline]
    pub(crate) fn pop_first(&mut self, f: usize, g: usize) {
        let b = bucket(f, g);
        let id = self.ends[b][0];
        let next = self.links[id as usize][1];
        self.ends[b][0] = next;
        if next == NIL {
            self.ends[b][1] = NIL;
        } else {
            self.links[next as usize][0] = NIL;
        }
    }

    /// Every listed `(f, g, id)`, in pop order within each bucket.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (usize, usize, u32)> + '_ {
        (0..self.top.len()).flat_map(move |f| {
            (0..=f).flat_map(move |g| {
                let mut id = self.ends[bucket(f, g)][0];
                std::iter::from_fn(move || {
                    (id != NIL).then(|| {
                        let this = id;
                        id = self.links[id as usize][1];
                        (f, g, this)
                    })
                })
            })
        })
    }

    /// The bytes the lists would hold after `extra` more new ids.
    pub(crate) fn bytes_after(&self, extra: usize) -> u64 {
        let lists = (self.ends.capacity() * 8 + self.top.capacity() * 4) as u64;
        lists
            + node_bytes_after(
                self.links.len(),
                self.links.capacity(),
                extra,
                self.reserve,
                8,
            )
    }

    /// The bytes held, roughly: the links of the ids seen and the tables of buckets (lengths,
    /// not capacities).
    #[inline]
    pub(crate) fn bytes(&self) -> u64 {
        ((self.links.len() + self.ends.len()) * 8 + self.top.len() * 4) as u64
    }

    /// How many new ids certainly leave [`Buckets::bytes_after`] unchanged (the tables of
    /// buckets grow with f: see [`Buckets::grew`]).
    #[inline]
    pub(crate) fn room(&self) -> usize {
        self.links.capacity() - self.links.len()
    }

    /// Whether the tables of buckets grew since the last [`Buckets::checked`].
    #[inline]
    pub(crate) fn grew(&self) -> bool {
        self.grew
    }

    /// The memory was just checked.
    #[inline]
    pub(crate) fn checked(&mut self) {
        self.grew = false;
    }
}
