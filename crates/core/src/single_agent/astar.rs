//! A* search with re-opening of closed nodes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::best_first::{NO_PARENT, path_to};
use crate::buckets::Buckets;
use crate::observe::{NoObserver, NodeView, Prune, SearchEvent, SearchObserver};
use crate::problem::{Cost, Heuristic, Problem};
use crate::stats::{Budget, Layers, LimitKind, Limits, Outcome, SearchResult, Stats};
use crate::store::{DENSE_LIMIT, DenseIndex, Found, HashIndex, NodeIndex, vec_bytes_after};

/// What the catalogue knows about A*, declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration = crate::algorithm::Declaration {
    name: "astar",
    aliases: &[],
    summary: "A*: optimal; memory grows with the nodes",
    promise: |_| crate::algorithm::Promise::Optimal,
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: None,
    module: module_path!(),
};

/// A node of A*'s table, shared with the other best-first searches that keep every node
/// ([`crate::best_first`]: uniform-cost, greedy, weighted A*), so that all of them store and
/// rebuild paths the same way.
pub(crate) struct Node<S, A, C, M> {
    pub(crate) state: S,
    /// What the node index keeps to derive the children's keys (the rank, for dense tables).
    pub(crate) memo: M,
    pub(crate) g: C,
    pub(crate) h: C,
    pub(crate) parent: u32,
    pub(crate) action: Option<A>,
    pub(crate) closed: bool,
}

/// The node type of a run over `P` with the node index `I`.
pub(crate) type NodeOf<P, I> = Node<
    <P as Problem>::State,
    <P as Problem>::Action,
    <P as Problem>::Cost,
    <I as NodeIndex<P>>::Memo,
>;

/// Open-list entry: lowest f first, then highest g (deeper nodes, nearer the goal), then
/// first created (lowest node id); the heap pops the greatest, hence the `Reverse`s.
pub(crate) type Entry<C> = (Reverse<C>, C, Reverse<u32>);

/// The most bytes A*'s node table reserves at once for a dense index (see `run`).
const RESERVE_LIMIT: usize = 32 << 20;

/// No node: an unlisted entry of the keyed heap's position table.
const NIL: u32 = u32::MAX;

/// The open list. Integer costs are usually small (the 8-puzzle's f never exceeds 31 + 22), so it
/// starts as buckets indexed by f, then g, each a FIFO list of node ids threaded through a links
/// table (`prev`, `next` per node): push, pop and moving a node whose g improved are O(1) and
/// allocate nothing per bucket. The first f or g above [`crate::buckets::BUCKET_LIMIT`] moves everything to a
/// binary heap, where a node whose g improves is pushed again and its stale entry skipped when
/// popped (lazy deletion instead of decrease-key).
///
/// Non-integer costs ([`Cost::INTEGER`] false, such as [`crate::Octile`]) use [`Keyed`]: their
/// exact comparison is too dear for every heap step, so entries whose costs have an
/// [`Cost::order_key`] are packed into one integer each.
enum Open<C> {
    Buckets(Buckets),
    Heap(BinaryHeap<Entry<C>>),
    Keyed(Keyed<C>),
}

/// The open list of non-integer costs: entries with an [`Cost::order_key`] packed as
/// `f key (48 bits) | inverted g key (48) | id (32)` into one `u128`, whose integer order is
/// the documented order (lowest f, highest g, lowest id); the rest, all larger than any keyed
/// cost, on a plain heap that is only popped once the keyed one is empty.
struct Keyed<C> {
    small: MinHeap,
    large: BinaryHeap<Entry<C>>,
}

/// The open list of packed entries (the low 32 bits are the node id, the top 48 the f key):
/// a sorted run of the current band of f, waiting bands after it, and a heap for the rest.
///
/// The current band (f keys within 1/32 of a cost unit) is a vector sorted from the greatest
/// entry down, so a pop takes its last entry; the next [`BANDS`] bands wait unsorted in one
/// vector per band, and the lowest becomes the run (sorted once) when the run is empty. On a
/// grid the open list averages about 300 entries, of which about 20 lie within 1/16 of a unit
/// of the lowest (benches/README.md, issue 14 round 3): a push into the run is a short scan
/// from its end, where the child that keeps its parent's f goes (it has the highest g of that
/// f), and a push or decrease-key into a later band is O(1). Entries below the current band
/// (re-opened nodes of an inconsistent heuristic), beyond the waiting bands (a JPS jump) or
/// past [`RUN_LIMIT`] entries in the current band (an open map's wide frontier) go to an
/// indexed binary heap, and a pop takes the lower of the run's last entry and the heap's
/// top: pops are exactly the entries' integer order, whatever the order of pushes.
///
/// A node already on the open list is moved when its g improves (decrease-key), instead of
/// being pushed again and skipped later as stale; on grids that saves about 40% of the pops.
struct MinHeap {
    /// The current band's entries, sorted from the greatest down: a pop takes the last.
    run: Vec<u128>,
    heap: Vec<u128>,
    /// Each node id's place: its heap position, `BANDED | slot << SLOT_SHIFT | index` on a
    /// band's vector, [`RUN`] on the run (found by a scan: the run is short), or [`NIL`] when
    /// it is not on the open list.
    pos: Vec<u32>,
    /// The waiting bands, band `b` at slot `b % BANDS` (an array: no bounds checks).
    bands: Box<[Vec<u128>; BANDS as usize]>,
    /// The current band: the run holds entries of this band only, the vectors bands
    /// `cur + 1 .. cur + BANDS` only; everything else is on the heap.
    cur: u64,
    /// Entries waiting in the band vectors.
    listed: usize,
    /// The band vectors' capacities, in bytes, each counted as at least [`MIN_BAND`]
    /// entries (the first push gives an empty one that many): for the memory limit.
    band_bytes: u64,
    /// Whether a band vector grew (or the run changed buffers) since the last memory check
    /// ([`Open::grew`]); the other vectors grow only past their [`MinHeap::room`].
    grew: bool,
}

/// How many bands wait beside the heap (a ring of vectors; 8 cost units at 1/32 a band).
const BANDS: u64 = 256;
/// An entry's band: its f key (2^-24 units, from bit 80) in 2^-5 units. On the maze (41
/// queries), with a heap for the current band, bands of 1/4, 1/16, 1/32, 1/64 of a unit took
/// 7.08, 6.87, 6.82, 6.81e9 instructions, 1/128 (only 2 units of bands) 7.75e9; with the
/// sorted run, 1/16, 1/32, 1/64: 5.84, 5.82, 5.82e9 (benches/README.md, issue 14 round 3).
const BAND_SHIFT: u32 = 99;
/// [`MinHeap::pos`]: the entry is on a band vector.
const BANDED: u32 = 1 << 31;
/// The longest run: its pushes and decrease-keys cost O(length), so a band with more entries
/// (a wide open map's frontier at one f) uses the heap instead.
const RUN_LIMIT: usize = 256;
/// [`MinHeap::pos`]: the entry is on the current band's sorted vector.
const RUN: u32 = BANDED - 1;
const SLOT_SHIFT: u32 = 23;
/// The capacity a band vector takes at its first push (`Vec`'s smallest for 16-byte
/// entries): empty ones are counted as that large, so a first push grows nothing counted.
const MIN_BAND: usize = 4;
const INDEX_MASK: u32 = (1 << SLOT_SHIFT) - 1;

impl MinHeap {
    #[inline]
    fn id(x: u128) -> usize {
        x as u32 as usize
    }

    #[inline]
    fn band(x: u128) -> u64 {
        (x >> BAND_SHIFT) as u64
    }

    fn new(ids: usize) -> Self {
        MinHeap {
            run: Vec::with_capacity(256),
            heap: Vec::with_capacity(1024),
            pos: Vec::with_capacity(ids),
            bands: Box::new([const { Vec::new() }; BANDS as usize]),
            cur: 0,
            listed: 0,
            band_bytes: BANDS * (MIN_BAND as u64 * 16),
            grew: false,
        }
    }

    /// Pushes `x`, or moves its node's entry to `x` when the node is on the open list.
    /// Inline, the common case only: the node's entry waits on a band (on the maze, every
    /// decrease-key); the rest out of line ([`MinHeap::push_rest`]).
    #[inline(always)]
    fn push(&mut self, x: u128) {
        if let Some(&at) = self.pos.get(Self::id(x))
            && at & BANDED != 0
            && at != NIL
        {
            self.unlist(at);
            self.place(x);
            return;
        }
        self.push_rest(x);
    }

    /// [`MinHeap::push`] but for an entry on a band.
    #[inline(never)]
    fn push_rest(&mut self, x: u128) {
        let id = Self::id(x);
        if id >= self.pos.len() {
            self.pos.resize(id + 1, NIL);
        }
        let at = self.pos[id];
        if at == RUN {
            let i = self.run.iter().rposition(|&y| Self::id(y) == id);
            self.run.remove(i.expect("a listed entry is on the run"));
        } else if at != NIL {
            if at & BANDED == 0 {
                if x < self.heap[at as usize] {
                    self.sift_up(at as usize, x);
                } else {
                    self.sift_down(at as usize, x);
                }
                return;
            }
            self.unlist(at);
        }
        self.place(x);
    }

    /// Pushes `x` of a node never pushed before (its id above every id pushed so far): no
    /// place of an older entry to look up, only the position table to lengthen (a new node is
    /// most pushes: on the maze, 60%). Always inline: out of line, its register saves cost
    /// as much as its common path.
    #[inline(always)]
    fn push_new(&mut self, x: u128) {
        let id = Self::id(x);
        if id == self.pos.len() {
            // The common case, a waiting band with room, as in `place`, but the place is
            // pushed on the position table at once (not NIL first, then overwritten).
            if let Some(at) = self.on_waiting_band(x) {
                self.pos.push(at);
                return;
            }
            self.pos.push(NIL);
        } else {
            // Ids of entries that went to the unkeyed heap were never listed here.
            debug_assert!(
                id > self.pos.len(),
                "a new node's id is above every listed one"
            );
            self.pos.resize(id + 1, NIL);
        }
        self.place_rest(x);
    }

    /// The common place of `x`: pushed on its band if that band is a waiting one with room.
    /// Its position for the position table, `None` when it belongs elsewhere
    /// ([`MinHeap::place_rest`]).
    #[inline(always)]
    fn on_waiting_band(&mut self, x: u128) -> Option<u32> {
        let band = Self::band(x);
        // `band - cur` in 1..BANDS: a waiting band (wrapping, a band below `cur` is far above).
        if band.wrapping_sub(self.cur).wrapping_sub(1) < BANDS - 1 {
            let slot = (band % BANDS) as usize;
            let v = &mut self.bands[slot];
            let index = v.len();
            if index < v.capacity() && index <= INDEX_MASK as usize {
                v.push(x);
                self.listed += 1;
                return Some(BANDED | (slot as u32) << SLOT_SHIFT | index as u32);
            }
        }
        None
    }

    /// Puts `x`, which is not on the open list, in its band's place: the run, a waiting band,
    /// or the heap. Inline, the common case only: a waiting band with room (on the maze, 93%
    /// of the places); the rest out of line ([`MinHeap::place_rest`]), whose call and register
    /// saves were a third of its instructions (issue 34, round 6).
    #[inline(always)]
    fn place(&mut self, x: u128) {
        if let Some(at) = self.on_waiting_band(x) {
            self.pos[Self::id(x)] = at;
            return;
        }
        self.place_rest(x);
    }

    /// [`MinHeap::place`] but for a waiting band with room: the run, a band vector that
    /// grows, or the heap.
    #[inline(never)]
    fn place_rest(&mut self, x: u128) {
        let band = Self::band(x);
        if band == self.cur {
            self.insert_run(x);
        } else if band > self.cur && band - self.cur < BANDS {
            self.list(band, x);
        } else {
            self.heap.push(x);
            self.sift_up(self.heap.len() - 1, x);
        }
    }

    /// Inserts `x` in the sorted run, searching from its end (the least entries), where the
    /// child that keeps its parent's f goes (the highest g of that f).
    #[inline]
    fn insert_run(&mut self, x: u128) {
        if self.run.len() >= RUN_LIMIT {
            self.heap.push(x);
            self.sift_up(self.heap.len() - 1, x);
            return;
        }
        let mut i = self.run.len();
        while i > 0 && self.run[i - 1] < x {
            i -= 1;
        }
        self.run.insert(i, x);
        self.pos[Self::id(x)] = RUN;
    }

    /// Puts `x` on the vector of `band` (a waiting band), or on the heap if that one is full.
    #[inline]
    fn list(&mut self, band: u64, x: u128) {
        let slot = (band % BANDS) as usize;
        let v = &mut self.bands[slot];
        let index = v.len();
        if index > INDEX_MASK as usize {
            self.heap.push(x);
            self.sift_up(self.heap.len() - 1, x);
            return;
        }
        if index == v.capacity() {
            let cap = v.capacity().max(MIN_BAND);
            v.reserve(1);
            let grown = v.capacity().max(MIN_BAND);
            if grown > cap {
                self.band_bytes += ((grown - cap) * 16) as u64;
                self.grew = true;
            }
        }
        v.push(x);
        self.pos[Self::id(x)] = BANDED | (slot as u32) << SLOT_SHIFT | index as u32;
        self.listed += 1;
    }

    /// Takes the entry at `at` (a band place) off its vector.
    #[inline]
    fn unlist(&mut self, at: u32) {
        let (slot, index) = (((at & !BANDED) >> SLOT_SHIFT) as usize, at & INDEX_MASK);
        let v = &mut self.bands[slot];
        v.swap_remove(index as usize);
        if let Some(&moved) = v.get(index as usize) {
            self.pos[Self::id(moved)] = at;
        }
        self.listed -= 1;
    }

    #[inline]
    fn sift_up(&mut self, mut i: usize, x: u128) {
        // Local slices: the optimiser then knows that writing `pos` leaves `heap` alone.
        let (heap, pos) = (&mut self.heap[..], &mut self.pos[..]);
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = heap[parent];
            if p <= x {
                break;
            }
            heap[i] = p;
            pos[Self::id(p)] = i as u32;
            i = parent;
        }
        heap[i] = x;
        pos[Self::id(x)] = i as u32;
    }

    #[inline]
    fn sift_down(&mut self, mut i: usize, x: u128) {
        let (heap, pos) = (&mut self.heap[..], &mut self.pos[..]);
        let n = heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let child = if left + 1 < n {
                left + usize::from(heap[left + 1] < heap[left])
            } else {
                left
            };
            let c = heap[child];
            if c >= x {
                break;
            }
            heap[i] = c;
            pos[Self::id(c)] = i as u32;
            i = child;
        }
        heap[i] = x;
        pos[Self::id(x)] = i as u32;
    }

    /// Takes the least entry. Inline, the common case only: the run's last entry, below the
    /// heap's top; the rest out of line ([`MinHeap::pop_rest`]).
    #[inline(always)]
    fn pop(&mut self) -> Option<u128> {
        if let Some(&least) = self.run.last()
            && self.heap.first().is_none_or(|&t| least < t)
        {
            self.run.pop();
            self.pos[Self::id(least)] = NIL;
            return Some(least);
        }
        self.pop_rest()
    }

    /// [`MinHeap::pop`] when the run is empty or the heap holds a lower entry (of a band
    /// below).
    #[inline(never)]
    fn pop_rest(&mut self) -> Option<u128> {
        let top = self.heap.first().copied();
        let top_band = top.map_or(u64::MAX, Self::band);
        if top_band > self.cur {
            if self.listed > 0 && self.advance(top_band) {
                return self.pop();
            } else if top_band != u64::MAX {
                self.cur = top_band;
            }
        }
        let last = self.heap.pop()?;
        if self.heap.is_empty() {
            self.pos[Self::id(last)] = NIL;
            return Some(last);
        }
        let top = self.heap[0];
        self.pos[Self::id(top)] = NIL;
        self.sift_down(0, last);
        Some(top)
    }

    /// Makes the lowest band of all entries the current one: the first waiting band below the
    /// heap's top becomes the sorted run (true), or, if there is none, the top's band becomes
    /// current (false). (Some band is waiting, and the run is empty.)
    #[cold]
    #[inline(never)]
    fn advance(&mut self, top_band: u64) -> bool {
        // Waiting bands lie in cur + 1 .. cur + BANDS, so one of them is not empty.
        let end = top_band.min(self.cur + BANDS - 1);
        let mut band = self.cur + 1;
        while band <= end {
            let slot = (band % BANDS) as usize;
            if !self.bands[slot].is_empty() {
                self.cur = band;
                let waiting = &mut self.bands[slot];
                self.listed -= waiting.len();
                if waiting.len() > RUN_LIMIT {
                    // The heap may grow: the next expansion checks the memory.
                    self.grew = true;
                    let waiting = std::mem::take(waiting);
                    self.heap.reserve(waiting.len());
                    for &x in &waiting {
                        self.heap.push(x);
                        self.sift_up(self.heap.len() - 1, x);
                    }
                    self.bands[slot] = waiting;
                    self.bands[slot].clear();
                    return true;
                }
                let waiting = &mut self.bands[slot];
                // Ascending, then reversed: the entries are distinct (each has its node's id),
                // so this is the descending order, and the plain order sorts faster than a
                // reversed comparison (issue 34, round 4).
                waiting.sort_unstable();
                waiting.reverse();
                for &x in waiting.iter() {
                    self.pos[Self::id(x)] = RUN;
                }
                // The band slot keeps the old run's buffer: count its capacity instead.
                let (had, gets) = (waiting.capacity(), self.run.capacity());
                std::mem::swap(&mut self.run, waiting);
                let (had, gets) = (had.max(MIN_BAND), gets.max(MIN_BAND));
                self.band_bytes = self.band_bytes - (had * 16) as u64 + (gets * 16) as u64;
                // Nothing is allocated, but the bands' count rose (the run's, counted as at
                // least 3 * RUN_LIMIT entries, fell by less): the next expansion checks.
                self.grew |= gets > had;
                return true;
            }
            band += 1;
        }
        // No waiting band below the top's: the top is the lowest entry.
        self.cur = top_band;
        false
    }

    /// Every entry, in no order.
    fn entries(&self) -> impl Iterator<Item = u128> + '_ {
        self.run
            .iter()
            .chain(&self.heap)
            .chain(self.bands.iter().flatten())
            .copied()
    }

    /// The bytes it would hold after `extra` more pushes, at the peak: the band vectors may
    /// each double (both buffers alive while they move), so theirs count three times (an
    /// empty one as [`MIN_BAND`] entries, what its first push gives it).
    fn bytes_after(&self, extra: usize) -> u64 {
        // The run never holds more than RUN_LIMIT entries, so it grows (old and new buffer
        // alive) to at most 3 * RUN_LIMIT entries at its peak; counted as that, it needs no
        // room of its own.
        let run = self.run.capacity().max(3 * RUN_LIMIT) as u64 * 16;
        vec_bytes_after(self.heap.len(), self.heap.capacity(), extra, 16)
            + run
            + vec_bytes_after(self.pos.len(), self.pos.capacity(), extra, 4)
            + size_of::<[Vec<u128>; BANDS as usize]>() as u64
            + self.band_bytes.saturating_mul(3)
    }

    /// How many pushes certainly leave [`MinHeap::bytes_after`] unchanged, unless a band
    /// vector grows ([`MinHeap::grew`]): the room of the heap and of the position table.
    #[inline]
    fn room(&self) -> usize {
        (self.heap.capacity() - self.heap.len()).min(self.pos.capacity() - self.pos.len())
    }
}

const KEY_MASK: u128 = (1 << 48) - 1;

/// What [`Open::pop`] knows of the popped entry's g: the cost it was pushed with, or that it
/// cannot be stale (the keyed heap moves a node's entry instead of leaving an old one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Popped<C> {
    Cost(C),
    Fresh,
}

impl<C: Cost> Popped<C> {
    /// Whether the entry was pushed with this g (else it is stale).
    #[inline]
    fn is(self, g: C) -> bool {
        match self {
            Popped::Cost(c) => c == g,
            Popped::Fresh => true,
        }
    }
}

impl<C: Cost> Open<C> {
    /// An empty open list; `ids` node ids are expected (the keyed heap's position table is
    /// made that large at once, and so are the bucket lists' links,
    /// instead of growing by copies).
    fn new(ids: usize) -> Self {
        if !C::INTEGER {
            return Open::Keyed(Keyed {
                small: MinHeap::new(ids),
                large: BinaryHeap::new(),
            });
        }
        Open::Buckets(Buckets::new(ids))
    }

    /// The bucket of (f, g), if both are small enough for buckets. Non-integer costs
    /// ([`Cost::INTEGER`] false) never are: buckets index by the integer value.
    #[inline]
    fn small(f: C, g: C) -> Option<(usize, usize)> {
        if !C::INTEGER {
            return None;
        }
        Buckets::small(f.to_u64(), g.to_u64())
    }

    // Always inlined: out of line, the call and the match on the variant at every generated
    // node were a tenth of a whole `solve eight --file` run (issue 34).
    #[inline(always)]
    fn push(&mut self, f: C, g: C, id: u32) {
        self.push_as(f, g, id, false);
    }

    /// [`Open::push`] of a new node (an id above every id pushed before).
    #[inline(always)]
    fn push_new(&mut self, f: C, g: C, id: u32) {
        self.push_as(f, g, id, true);
    }

    #[inline(always)]
    fn push_as(&mut self, f: C, g: C, id: u32, new: bool) {
        // `C::INTEGER` is a constant: each cost type compiles to its own variants' tests only.
        if !C::INTEGER
            && let Open::Keyed(keyed) = self
        {
            match (f.order_key(), g.order_key()) {
                (Some(fk), Some(gk)) => {
                    // `fk << 80 | (KEY_MASK - gk) << 32 | id`, built as its two 64-bit halves
                    // (the keys are below 2^48): fewer instructions than 128-bit shifts and ors.
                    let inverted = (KEY_MASK as u64) - gk;
                    let high = fk << 16 | inverted >> 32;
                    let low = inverted << 32 | u64::from(id);
                    let packed = u128::from(high) << 64 | u128::from(low);
                    if new {
                        keyed.small.push_new(packed);
                    } else {
                        keyed.small.push(packed);
                    }
                }
                _ => {
                    keyed.large.push((Reverse(f), g, Reverse(id)));
                    // Not counted in `room`: the next expansion checks the memory.
                    keyed.small.grew = true;
                }
            }
            return;
        }
        if let Open::Buckets(buckets) = self
            && let Some((fi, gi)) = Self::small(f, g)
        {
            buckets.push(fi, gi, id);
        } else {
            self.push_on_heap(f, g, id);
        }
    }

    /// The rare path of [`Open::push`], kept out of line so that the bucket path inlines.
    #[cold]
    #[inline(never)]
    fn push_on_heap(&mut self, f: C, g: C, id: u32) {
        if let Open::Buckets(_) = self {
            self.switch_to_heap();
        }
        if let Open::Heap(heap) = self {
            heap.push((Reverse(f), g, Reverse(id)));
        }
    }

    /// Moves the open node `id` from (old_f, old_g) to the better (f, g). Inline for
    /// non-integer costs (the keyed heap moves the entry: on a grid, at every decrease-key);
    /// for integer costs the inliner decides ([`Open::improve_integer`]): forced inline, that
    /// rare path in the 8-puzzle's loop made its A* 5% slower (issue 34, round 6).
    #[inline(always)]
    fn improve(&mut self, old_f: C, old_g: C, f: C, g: C, id: u32) {
        if C::INTEGER {
            self.improve_integer(old_f, old_g, f, g, id);
        } else {
            self.push(f, g, id);
        }
    }

    /// [`Open::improve`] for integer costs: off the bucket list, then pushed again.
    #[inline]
    fn improve_integer(&mut self, old_f: C, old_g: C, f: C, g: C, id: u32) {
        if let Open::Buckets(buckets) = self {
            // The old values were small enough for buckets, or we would be a heap.
            let (of, og) = Self::small(old_f, old_g).expect("bucketed entries are small");
            buckets.unlink(of, og, id);
        }
        // On the heap the old entry stays and is skipped as stale when popped.
        self.push(f, g, id);
    }

    /// The next `(g, id)`: lowest f, then highest g, then the earliest pushed (buckets) or the
    /// lowest id (heap); the two agree but for nodes pushed again after a cheaper path. On the
    /// heap the entry may be stale (the caller checks g).
    #[inline(always)]
    fn pop(&mut self) -> Option<(Popped<C>, u32)> {
        if !C::INTEGER
            && let Open::Keyed(keyed) = self
        {
            return match keyed.small.pop() {
                Some(packed) => Some((Popped::Fresh, packed as u32)),
                None => keyed
                    .large
                    .pop()
                    .map(|(_, g, Reverse(id))| (Popped::Cost(g), id)),
            };
        }
        match self {
            Open::Buckets(buckets) => buckets
                .pop()
                .map(|(g, id)| (Popped::Cost(C::from_u64(g as u64)), id)),
            Open::Heap(heap) => heap.pop().map(|(_, g, Reverse(id))| (Popped::Cost(g), id)),
            // Only non-integer costs make one, and those were served above.
            Open::Keyed(_) => unreachable!("a keyed open list of integer costs"),
        }
    }

    /// The bytes the open list would hold after `extra` more pushes.
    fn bytes_after(&self, extra: usize) -> u64 {
        match self {
            Open::Buckets(b) => b.bytes_after(extra),
            Open::Heap(heap) => vec_bytes_after(
                heap.len(),
                heap.capacity(),
                extra,
                std::mem::size_of::<Entry<C>>(),
            ),
            // The packed heap and its position table grow with the nodes; the rare large
            // entries on their own heap.
            Open::Keyed(keyed) => {
                keyed.small.bytes_after(extra)
                    + vec_bytes_after(
                        keyed.large.len(),
                        keyed.large.capacity(),
                        0,
                        std::mem::size_of::<Entry<C>>(),
                    )
            }
        }
    }

    /// How many pushes of new nodes certainly leave [`Open::bytes_after`] unchanged: the
    /// links' room for bucket lists (their other tables grow with f: see [`Open::grew`]), the
    /// vectors' room of the keyed heap (its band vectors likewise), none for the plain heap
    /// (A* checks memory at every expansion on it). On a grid the check at every expansion
    /// was 7% of a whole `solve grid` run (issue 34).
    #[inline]
    fn room(&self) -> usize {
        match self {
            Open::Buckets(b) => b.room(),
            Open::Keyed(k) => k.small.room(),
            Open::Heap(_) => 0,
        }
    }

    /// Whether the open list may have grown other than by its [`Open::room`] since the last
    /// [`Open::checked`]: the bucket lists' tables grew for a larger f, a band vector of the
    /// keyed heap grew, or it is a plain heap.
    #[inline]
    fn grew(&self) -> bool {
        // Each cost type's own variant first (`C::INTEGER` is a constant): one test of the
        // variant an expansion, not the whole match's.
        if !C::INTEGER
            && let Open::Keyed(k) = self
        {
            return k.small.grew;
        }
        if C::INTEGER
            && let Open::Buckets(b) = self
        {
            return b.grew();
        }
        match self {
            Open::Buckets(b) => b.grew(),
            Open::Keyed(k) => k.small.grew,
            Open::Heap(_) => true,
        }
    }

    /// The memory was just checked.
    #[inline]
    fn checked(&mut self) {
        match self {
            Open::Buckets(b) => b.checked(),
            Open::Keyed(k) => k.small.grew = false,
            Open::Heap(_) => {}
        }
    }

    /// Every node id on the open list (with stale entries, possibly repeated), in no order:
    /// for observers only.
    #[cold]
    fn ids(&self) -> Vec<u32> {
        match self {
            Open::Buckets(b) => b.entries().map(|(_, _, id)| id).collect(),
            Open::Heap(heap) => heap.iter().map(|&(_, _, Reverse(id))| id).collect(),
            Open::Keyed(keyed) => keyed
                .small
                .entries()
                .map(|x| x as u32)
                .chain(keyed.large.iter().map(|&(_, _, Reverse(id))| id))
                .collect(),
        }
    }

    fn switch_to_heap(&mut self) {
        let mut heap = BinaryHeap::new();
        if let Open::Buckets(buckets) = self {
            for (f, g, id) in buckets.entries() {
                let (f, g) = (C::from_u64(f as u64), C::from_u64(g as u64));
                heap.push((Reverse(f), g, Reverse(id)));
            }
        }
        *self = Open::Heap(heap);
    }
}

/// A* search from `start` with `heuristic`: an optimal path whenever the heuristic is admissible.
///
/// This is the lecture's open/closed A* (seed 002): the goal test is made when a node is taken
/// from the open list, and a node reached again by a cheaper path gets the new path; if it was
/// already closed it is RE-OPENED. So an admissible but inconsistent heuristic still yields an
/// optimal cost (with a consistent one no node is ever re-opened).
///
/// Ties among equal f are broken by larger g, then by the order of pushing (FIFO; by creation
/// when costs are too large for buckets or not integers), so the same instance gives the same
/// path every run;
/// with an exact heuristic that path is the lexicographically smallest optimal one.
///
/// Nodes are found through a dense table when the problem has a perfect rank
/// ([`Problem::rank`], children ranked by [`Problem::rank_child`]), a hash map (rustc-hash)
/// otherwise. The open list is a bucket queue over (f, g) while they stay small (FIFO lists in
/// which a node whose g improves moves in O(1)), a binary heap beyond (where it is pushed again
/// and its stale entry skipped when popped). Non-integer costs ([`crate::Octile`]) are
/// compared exactly, as packed integer keys ([`Cost::order_key`]): a sorted vector for the
/// lowest band of f values (1/32 of a cost unit), unsorted vectors for the next bands, a heap
/// for the rest; an improved node's entry moves. The action back to a node's parent
/// ([`Problem::inverse`]) is not tried. With a dense table and a consistent heuristic
/// ([`Heuristic::is_consistent`]) a closed node is marked in the table, and its neighbours
/// drop it there without loading its node (no observer: observers see every neighbour).
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, the estimate.
/// * `limits`: nodes (expansions), time, cancel, memory, and `max_cost`: nodes with `g + h`
///   above it are not opened (with an admissible heuristic no path within the bound is lost).
///   A start that is a goal is answered with no actions under any limit. The memory limit is
///   checked before each expansion against what the node table, the node index and the open
///   list would hold once they grow for its children (their capacities, entries of
///   `size_of` bytes: heap memory a state owns is not seen); a dense index that would not fit
///   is replaced by a hash index, which grows only as nodes are found.
///
/// # Returns
/// The outcome and statistics: `expanded`, `generated` (the root and every new or improved
/// node), `max_frontier` (largest open list), `reopened`.
///
/// # Complexity
/// O(E log V) time and O(V) memory over the states with f below the optimal cost, in the
/// consistent case; re-opening can cost more with an inconsistent heuristic.
///
/// # Examples
/// ```
/// use searchlab_core::{astar, Limits, Problem};
///
/// /// Walk on a line from a start to 7, one step costs 1, a jump of 3 costs 2.
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = &'static str;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
///     fn actions(&self, _: &i32, out: &mut Vec<&'static str>) {
///         out.extend(["step", "jump", "back"])
///     }
///     fn result(&self, s: &i32, a: &&'static str) -> (i32, u32) {
///         match *a { "step" => (s + 1, 1), "jump" => (s + 3, 2), _ => (s - 1, 1) }
///     }
/// }
/// // Admissible: at best every unit of distance costs 2/3.
/// let h = |s: &i32| ((7 - s).max(0) as u32 * 2) / 3;
/// let run = astar(&Line, &0, &h, &Limits::none());
/// assert_eq!(run.outcome.cost(), Some(5)); // jump, jump, step
/// ```
pub fn astar<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    match &limits.trace {
        None => astar_observed(problem, start, heuristic, limits, &mut NoObserver),
        // Traced runs key their nodes by hash, never through the dense table: a second
        // instantiation calling the dense table's `Problem::rank_child` would take from it
        // LLVM's one-caller inlining bonus and cost the quiet run 14% more instructions on the
        // 8-puzzle (benches/README.md, "Issue 17: trace hook cost"). Same answers and counts.
        Some(trace) => run(
            problem,
            start,
            heuristic,
            limits,
            HashIndex::default(),
            &mut trace.observer(),
        ),
    }
}

/// [`astar()`] reporting every step to `observer` ([`crate::observe`]): each node taken from
/// the open list is a [`SearchEvent::Goal`] or a [`SearchEvent::Expand`] (exactly
/// `stats.expanded` of those), each child a [`SearchEvent::Generate`] (new or cheaper, open),
/// [`SearchEvent::Reopen`] (cheaper, closed), or [`SearchEvent::Prune`] (known no cheaper:
/// `Duplicate`; over the cost limit: `Bound`); when the observer
/// [wants it](SearchObserver::wants_open), the open list before each expansion. Answers
/// and statistics are those of [`astar()`].
///
/// # Examples
/// See [`crate::observe`].
pub fn astar_observed<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let memory = limits.max_memory.unwrap_or(u64::MAX);
    match (problem.rank_count(), problem.rank(start)) {
        (Some(n), Some(_)) if n <= DENSE_LIMIT && DenseIndex::bytes(n) <= memory => run(
            problem,
            start,
            heuristic,
            limits,
            DenseIndex::new(n),
            observer,
        ),
        _ => run(
            problem,
            start,
            heuristic,
            limits,
            HashIndex::default(),
            observer,
        ),
    }
}

/// Grows `nodes`, which lacks room for `k` more, to [`grown_capacity`] (the memory check
/// came first, with [`node_bytes_after`]).
#[cold]
#[inline(never)]
pub(crate) fn reserve_all<T>(nodes: &mut Vec<T>, reserve: usize, k: usize) {
    let need = nodes.len() + k;
    nodes.reserve_exact(grown_capacity(nodes.capacity(), need, reserve) - nodes.len());
}

/// The capacity of a node table of capacity `cap` grown for `need` nodes: `reserve` at once if
/// that is more than doubling would give, else double (or `need`, if more).
#[inline]
fn grown_capacity(cap: usize, need: usize, reserve: usize) -> usize {
    reserve.max(cap.saturating_mul(2)).max(need)
}

/// The bytes a node table of `len` entries of `elem` bytes within `cap` holds after `k` more
/// at the peak, growing as [`reserve_all`] grows it (while it moves, the old and the new buffer
/// both live). With `reserve` at most `cap` doubled, [`vec_bytes_after`]'s figure.
#[inline]
pub(crate) fn node_bytes_after(
    len: usize,
    cap: usize,
    k: usize,
    reserve: usize,
    elem: usize,
) -> u64 {
    let need = len.saturating_add(k);
    let peak = if need > cap {
        grown_capacity(cap, need, reserve).saturating_add(cap)
    } else {
        cap
    };
    (peak as u64).saturating_mul(elem as u64)
}

/// The number of actions from the root to node `id` (for observers only: A* keeps no depth).
#[cold]
fn depth_of<P: Problem + ?Sized, I: NodeIndex<P>>(nodes: &[NodeOf<P, I>], mut id: u32) -> u32 {
    let mut depth = 0;
    while nodes[id as usize].parent != NO_PARENT {
        depth += 1;
        id = nodes[id as usize].parent;
    }
    depth
}

/// Tells `observer` the open list, node `first` (just popped) then the open nodes in the
/// order they pop (ties by creation).
#[cold]
fn show_open<P, I, O>(nodes: &[NodeOf<P, I>], open: &Open<P::Cost>, first: u32, observer: &mut O)
where
    P: Problem + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let mut ids = open.ids();
    ids.retain(|&id| !nodes[id as usize].closed && id != first);
    ids.sort_unstable_by_key(|&id| {
        let n = &nodes[id as usize];
        (n.g.saturating_add(n.h), Reverse(n.g), id)
    });
    ids.dedup();
    let list: Vec<NodeView<'_, P::State, P::Cost>> = std::iter::once(first)
        .chain(ids)
        .map(|id| {
            let n = &nodes[id as usize];
            NodeView::new(&n.state, n.g, n.h, depth_of::<P, I>(nodes, id))
        })
        .collect();
    observer.event(SearchEvent::Open(&list));
}

/// One A* run: the tables, the counts and the limits, with the steps of the search as methods
/// (`run` reads as the algorithm: take the best open node, answer if it is a goal, stop at a
/// limit, make room for its children, expand it).
struct Search<'a, P, H, I, O>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    problem: &'a P,
    heuristic: &'a H,
    observer: &'a mut O,
    index: I,
    nodes: Vec<NodeOf<P, I>>,
    open: Open<P::Cost>,
    budget: Budget,
    stats: Stats,
    /// The priority of the nodes taken, for the last-layer counts.
    layers: Layers<P::Cost>,
    /// The f of the node taken last.
    last_f: Option<P::Cost>,
    /// [`Limits::max_cost`], `u64::MAX` without one.
    bound: u64,
    /// Whether there is a memory limit to check.
    memory_limited: bool,
    /// What the node table is made at first, and grows to at once if more (see `new`).
    reserve: usize,
    /// With a consistent heuristic a closed node's g is optimal: the index marks it closed and
    /// its neighbours skip it there, without reading its node (observers still see each one).
    skip_closed: bool,
    /// Nodes on the open list (the heap also holds stale entries).
    open_nodes: u64,
    /// Children that fit the tables without growth since the last memory check.
    unchecked: usize,
    /// Whether a node was left out for the cost bound.
    cut: bool,
}

impl<'a, P, H, I, O> Search<'a, P, H, I, O>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    fn new(
        problem: &'a P,
        heuristic: &'a H,
        limits: &Limits,
        index: I,
        observer: &'a mut O,
    ) -> Self {
        // A dense index bounds the node count: the node table (and the bucket lists' links)
        // are made that large at once, so that they are never copied (on a grid the copies of
        // doubling were 80% of the misses of the last cache level, benches/README.md issue
        // 14; on the 8-puzzle's whole `solve` the copies from a first 1024 nodes to the bound
        // were 2% of the instructions, issue 34). Untouched pages cost nothing, and the
        // allocator hands the same block to the next run. Not past RESERVE_LIMIT bytes (a
        // sparse rank space), nor under a memory limit less than four times that table: the
        // memory check counts the table's capacity, so the limit stays exact, but a tight
        // limit is better spent on doubling.
        let reserve = match index.dense_len() {
            Some(n) => {
                let bytes = n.saturating_mul(size_of::<NodeOf<P, I>>());
                let fits = limits
                    .max_memory
                    .is_none_or(|m| (bytes as u64).saturating_mul(4) <= m);
                if bytes <= RESERVE_LIMIT && fits {
                    n
                } else {
                    1024
                }
            }
            None => 1024,
        };
        let skip_closed = heuristic.is_consistent(problem) && !observer.active();
        Search {
            problem,
            heuristic,
            observer,
            index,
            nodes: Vec::with_capacity(reserve),
            open: Open::new(reserve),
            budget: Budget::new(limits),
            stats: Stats {
                generated: 1,
                ..Stats::default()
            },
            layers: Layers::new(),
            last_f: None,
            bound: limits.max_cost.unwrap_or(u64::MAX),
            memory_limited: limits.max_memory.is_some(),
            reserve,
            skip_closed,
            open_nodes: 0,
            unchecked: 0,
            cut: false,
        }
    }

    /// Opens the root, unless its estimate is over the cost bound.
    fn push_root(&mut self, start: &P::State) {
        let h0 = self.heuristic.estimate(self.problem, start);
        self.stats.evaluated = 1;
        if h0.to_u64() > self.bound {
            self.cut = true;
            if self.observer.active() {
                self.observer.event(SearchEvent::Prune(
                    NodeView::new(start, P::Cost::ZERO, h0, 0),
                    Prune::Bound,
                ));
            }
        } else {
            let key = self.index.key(self.problem, start);
            let memo = I::memo(&key);
            self.index.set(key, 0);
            self.nodes.push(Node {
                state: start.clone(),
                memo,
                g: P::Cost::ZERO,
                h: h0,
                parent: NO_PARENT,
                action: None,
                closed: false,
            });
            self.open.push_new(h0, P::Cost::ZERO, 0);
            self.open_nodes = 1;
        }
        self.stats.max_frontier = self.open_nodes;
    }

    /// Takes the best open node off the open list (skipping stale entries) and closes it.
    #[inline]
    fn take(&mut self) -> Option<u32> {
        loop {
            let (entry_g, id) = self.open.pop()?;
            let node = &mut self.nodes[id as usize];
            if node.closed || !entry_g.is(node.g) {
                continue; // stale: the node was reached again more cheaply since
            }
            self.open_nodes -= 1;
            // A node of the same f as the last one taken leaves the layers as they are; the
            // equality test is cheaper than the layers' order test for octile costs (two
            // widening multiplies), 1.4% of a grid run (issue 34).
            let f = node.g.saturating_add(node.h);
            if self.last_f != Some(f) {
                self.last_f = Some(f);
                self.layers.taken(f, &self.stats);
            }
            node.closed = true;
            if self.skip_closed {
                self.index.close(node.memo);
            }
            return Some(id);
        }
    }

    /// Ends the run with `outcome`.
    fn finish(mut self, outcome: Outcome<P::Action, P::Cost>) -> SearchResult<P::Action, P::Cost> {
        self.stats.last_layer = self.layers.last();
        let answer = self.budget.answer(outcome, self.stats);
        // A pooled dense index then clears the marks of these nodes only.
        self.index.forget(self.nodes.iter().map(|n| n.memo));
        answer
    }

    /// The answer: the path to the goal node `id`.
    fn solved(self, id: u32) -> SearchResult<P::Action, P::Cost> {
        let nodes = &self.nodes;
        if self.observer.active() {
            let n = &nodes[id as usize];
            let depth = depth_of::<P, I>(nodes, id);
            self.observer
                .event(SearchEvent::Goal(NodeView::new(&n.state, n.g, n.h, depth)));
        }
        let cost = nodes[id as usize].g;
        let actions = path_to(id, |i| {
            (nodes[i as usize].parent, nodes[i as usize].action.clone())
        });
        self.finish(Outcome::Solved { actions, cost })
    }

    /// Before any table grows for `k` children: would the tables still fit the memory limit?
    /// Then makes room for them in the node table (one test an expansion, not one a child).
    #[inline]
    fn make_room(&mut self, k: usize) -> Option<LimitKind> {
        // Only with a memory limit: the sums cost a few percent of a grid search. While every
        // table has room for the children without growing, the sum is the one last checked.
        if self.memory_limited {
            if k <= self.unchecked && !self.open.grew() {
                self.unchecked -= k;
            } else {
                // Some: over the limit (not `?`, which would return on None).
                if let Some(kind) = self.check_memory(k) {
                    return Some(kind);
                }
            }
        }
        if self.nodes.capacity() - self.nodes.len() < k {
            reserve_all(&mut self.nodes, self.reserve, k);
        }
        None
    }

    /// The memory check of [`Search::make_room`] when some table may grow: `Some` to stop.
    #[inline(never)]
    fn check_memory(&mut self, k: usize) -> Option<LimitKind> {
        let bytes = node_bytes_after(
            self.nodes.len(),
            self.nodes.capacity(),
            k,
            self.reserve,
            size_of::<NodeOf<P, I>>(),
        )
        .saturating_add(self.index.bytes_after(k))
        .saturating_add(self.open.bytes_after(k));
        if let Some(kind) = self.budget.check_memory(bytes) {
            return Some(kind);
        }
        self.open.checked();
        let room = (self.nodes.capacity() - self.nodes.len())
            .min(self.index.room())
            .min(self.open.room());
        self.unchecked = room.saturating_sub(k);
        None
    }

    /// Expands node `id`: every child by `actions` (then cleared), but the way back to its
    /// parent.
    #[inline]
    fn expand(&mut self, id: u32, actions: &mut Vec<P::Action>) {
        self.stats.expanded += 1;
        let node = &self.nodes[id as usize];
        let (g, h, memo) = (node.g, node.h, node.memo);
        // The action back to the parent leads to a node known with a smaller g: skip it before
        // paying for its state, key and lookup.
        let back = node.action.as_ref().and_then(|a| self.problem.inverse(a));
        // The children's depth, for the observer only.
        let mut child_depth = 0;
        if self.observer.active() {
            child_depth = self.show_expand(id);
        }
        // Cloned from the slice, then cleared: `drain`'s iterator lived in memory across the
        // visits (3% of a grid run's instructions, issue 34). Actions are small values (moves,
        // indices).
        for action in actions.iter() {
            let action = action.clone();
            if back.as_ref() == Some(&action) {
                continue;
            }
            self.visit(id, (g, h, memo), action, child_depth);
        }
        actions.clear();
        self.stats.max_frontier = self.stats.max_frontier.max(self.open_nodes);
    }

    /// Tells the observer of the expansion of `id` (and the open list if it wants it); the
    /// depth of its children.
    #[cold]
    fn show_expand(&mut self, id: u32) -> u32 {
        if self.observer.wants_open() {
            show_open::<P, I, O>(&self.nodes, &self.open, id, self.observer);
        }
        let depth = depth_of::<P, I>(&self.nodes, id);
        let n = &self.nodes[id as usize];
        self.observer.event(SearchEvent::Expand(NodeView::new(
            &n.state, n.g, n.h, depth,
        )));
        depth + 1
    }

    /// The child of node `id` (of g, h and memo `parent`) by `action`: a new node, a cheaper
    /// path to a known one, or nothing.
    #[inline]
    fn visit(
        &mut self,
        id: u32,
        (g, h, memo): (P::Cost, P::Cost, I::Memo),
        action: P::Action,
        child_depth: u32,
    ) {
        let parent = &self.nodes[id as usize].state;
        // The child and its cost after the lookup where the key does not need them (a grid):
        // a closed child then costs neither. `None` is a constant for the other problems (the
        // 8-puzzle ranks a child from its board), whose code is what it was.
        let early = self
            .index
            .child_key_before(self.problem, parent, memo, &action);
        let (key, made) = match early {
            Some(key) => (key, None),
            None => {
                let (child, step) = self.problem.result(parent, &action);
                let key = self
                    .index
                    .child_key(self.problem, parent, memo, &action, &child);
                (key, Some((child, step)))
            }
        };
        // Closed nodes are marked only under `skip_closed`; elsewhere `find` never answers
        // `Closed` (it is `get`), so it needs no test of the flag at every child.
        match self.index.find(&key) {
            // Only marked when closed nodes are final (`skip_closed`).
            Found::Closed => {}
            // g after the lookup: a closed neighbour needs none.
            Found::Open(cid) => {
                let (child, step) = made.unwrap_or_else(|| self.problem.result(parent, &action));
                self.improve(id, cid, &child, g + step, action, child_depth)
            }
            Found::New => {
                let (child, step) = made.unwrap_or_else(|| self.problem.result(parent, &action));
                let child_g = g + step;
                let child_h =
                    self.heuristic
                        .estimate_from(self.problem, parent, &child, &action, h);
                self.stats.evaluated += 1;
                let f = child_g.saturating_add(child_h);
                // No bound, no conversion (it is not free for non-integer costs).
                if self.bound != u64::MAX && f.to_u64() > self.bound {
                    self.cut = true;
                    if self.observer.active() {
                        let view = NodeView::new(&child, child_g, child_h, child_depth);
                        self.observer.event(SearchEvent::Prune(view, Prune::Bound));
                    }
                    return;
                }
                let cid = self.nodes.len() as u32;
                let memo = I::memo(&key);
                self.index.set(key, cid);
                self.nodes.push(Node {
                    state: child,
                    memo,
                    g: child_g,
                    h: child_h,
                    parent: id,
                    action: Some(action),
                    closed: false,
                });
                self.open.push_new(f, child_g, cid);
                self.open_nodes += 1;
                self.stats.generated += 1;
                if self.observer.active() {
                    let n = &self.nodes[cid as usize];
                    let view = NodeView::new(&n.state, child_g, child_h, child_depth);
                    self.observer.event(SearchEvent::Generate(view));
                }
            }
        }
    }

    /// The known node `cid` reached again as `child` from `id` at `child_g`: if that is
    /// cheaper, it takes the new path, and is opened again if it was closed.
    #[inline]
    fn improve(
        &mut self,
        id: u32,
        cid: u32,
        child: &P::State,
        child_g: P::Cost,
        action: P::Action,
        child_depth: u32,
    ) {
        let known = &mut self.nodes[cid as usize];
        if child_g >= known.g {
            if self.observer.active() {
                let view = NodeView::new(child, child_g, known.h, child_depth);
                self.observer
                    .event(SearchEvent::Prune(view, Prune::Duplicate));
            }
            return;
        }
        let (old_g, old_f) = (known.g, known.g.saturating_add(known.h));
        known.g = child_g;
        known.parent = id;
        known.action = Some(action);
        let f = child_g.saturating_add(known.h);
        let reopened = known.closed;
        if reopened {
            known.closed = false;
            self.stats.reopened += 1;
            self.open_nodes += 1;
            self.open.push(f, child_g, cid);
        } else {
            self.open.improve(old_f, old_g, f, child_g, cid);
        }
        self.stats.generated += 1;
        if self.observer.active() {
            let known = &self.nodes[cid as usize];
            let view = NodeView::new(&known.state, child_g, known.h, child_depth);
            self.observer.event(if reopened {
                SearchEvent::Reopen(view)
            } else {
                SearchEvent::Generate(view)
            });
        }
    }

    /// The open list ran empty: no goal within the bound.
    fn exhausted(self) -> SearchResult<P::Action, P::Cost> {
        let outcome = if self.cut {
            Outcome::Stopped(LimitKind::Cost)
        } else {
            Outcome::NoSolution
        };
        self.finish(outcome)
    }
}

fn run<P, H, I, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    limits: &Limits,
    index: I,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    I: NodeIndex<P>,
    O: SearchObserver<P::State, P::Cost> + ?Sized,
{
    let mut search = Search::new(problem, heuristic, limits, index, observer);
    search.push_root(start);
    let mut actions = Vec::new();
    while let Some(id) = search.take() {
        // The goal test comes before the limits, so that a start that is a goal is answered
        // (with no actions) under any limit, as in every other search.
        if problem.is_goal(&search.nodes[id as usize].state) {
            return search.solved(id);
        }
        if let Some(kind) = search.budget.check(search.stats.expanded) {
            return search.finish(Outcome::Stopped(kind));
        }
        problem.actions(&search.nodes[id as usize].state, &mut actions);
        if let Some(kind) = search.make_room(actions.len()) {
            return search.finish(Outcome::Stopped(kind));
        }
        search.expand(id, &mut actions);
    }
    search.exhausted()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// The keyed open list of a non-integer cost pops in the documented order (lowest f,
    /// highest g, lowest id), keyed and unkeyed (huge) entries mixed.
    #[test]
    fn keyed_open_list_pops_in_the_documented_order() {
        use crate::octile::Octile;
        let mut rng = SplitMix64::new(1968);
        for _ in 0..100 {
            let mut open: Open<Octile> = Open::new(1024);
            let mut model: Vec<(Octile, Octile, u32)> = Vec::new();
            // The current g of each id and whether it was popped, to skip stale entries as
            // A* does.
            let mut current: Vec<(Octile, bool)> = Vec::new();
            let pop = |open: &mut Open<Octile>, current: &mut Vec<(Octile, bool)>| loop {
                let (popped, id) = open.pop().expect("an entry");
                let (g, closed) = current[id as usize];
                if !closed && popped.is(g) {
                    current[id as usize].1 = true;
                    return (g, id);
                }
            };
            for id in 0..300u32 {
                let big = if rng.below(10) == 0 { 1 << 22 } else { 0 };
                let g = Octile::new(rng.below(8) as u32 + big, rng.below(8) as u32);
                let f = g + Octile::new(rng.below(4) as u32, rng.below(4) as u32);
                open.push(f, g, id);
                model.push((f, g, id));
                current.push((g, false));
                // A cheaper path to an open node: the same h, a smaller g.
                if rng.below(3) == 0 {
                    let k = rng.below(model.len() as u64) as usize;
                    let (old_f, old_g, old_id) = model[k];
                    if old_g.straight > 0 {
                        let g = Octile::new(old_g.straight - 1, old_g.diagonal);
                        let f = Octile::new(old_f.straight - 1, old_f.diagonal);
                        open.improve(old_f, old_g, f, g, old_id);
                        model[k] = (f, g, old_id);
                        current[old_id as usize].0 = g;
                    }
                }
                if rng.below(3) == 0 {
                    let best = (0..model.len())
                        .min_by_key(|&i| (model[i].0, Reverse(model[i].1), model[i].2))
                        .unwrap();
                    let (_, g, id) = model.remove(best);
                    assert_eq!(pop(&mut open, &mut current), (g, id));
                }
            }
            model.sort_by_key(|&(f, g, id)| (f, Reverse(g), id));
            for (_, g, id) in model {
                assert_eq!(pop(&mut open, &mut current), (g, id));
            }
            while let Some((popped, id)) = open.pop() {
                let (g, closed) = current[id as usize];
                assert!(closed || !popped.is(g), "only stale entries are left");
            }
        }
    }

    /// The banded heap against an ordered set: new entries, decrease-keys and pops in random
    /// order, f keys over about 700 bands (beyond the 256 waiting ones too), and pushes below
    /// the current band (as re-opened nodes of an inconsistent heuristic make).
    #[test]
    fn banded_heap_pops_the_least_entry() {
        use std::collections::BTreeSet;
        let mut rng = SplitMix64::new(3321);
        for round in 0..60 {
            let mut heap = MinHeap::new(16);
            let mut model: BTreeSet<u128> = BTreeSet::new();
            // The entry of each id on the heap.
            let mut current: Vec<Option<u128>> = Vec::new();
            // Popped f keys rise slowly, as in A*, with jumps back now and then.
            let mut base = 0u64;
            let mut most_listed = 0;
            let key = |f: u64, rest: u64, id: usize| -> u128 {
                (u128::from(f) << 80) | (u128::from(rest) << 32) | id as u128
            };
            for _ in 0..3000 {
                match rng.below(4) {
                    0 | 1 => {
                        // f keys up to ~700 bands above the base (a band is 2^19 key units).
                        let spread = if round % 3 == 0 { 1 << 20 } else { 700 << 19 };
                        let mut f = base + rng.below(spread);
                        if rng.below(20) == 0 {
                            f = base.saturating_sub(rng.below(4 << 19));
                        }
                        let id = current.len();
                        let x = key(f, rng.below(1 << 40), id);
                        // New ids as A* pushes them, sometimes through the general push.
                        if rng.below(4) == 0 {
                            heap.push(x);
                        } else {
                            heap.push_new(x);
                        }
                        model.insert(x);
                        current.push(Some(x));
                    }
                    2 if !current.is_empty() => {
                        let id = rng.below(current.len() as u64) as usize;
                        if let Some(old) = current[id] {
                            // A better f (sometimes in the same band) or only a better g.
                            let f = (old >> 80) as u64;
                            let lower = f.saturating_sub(rng.below(3 << 19));
                            let x = key(lower, rng.below(1 << 40), id);
                            if x < old {
                                heap.push(x);
                                model.remove(&old);
                                model.insert(x);
                                current[id] = Some(x);
                            }
                        }
                    }
                    _ => {
                        let expected = model.pop_first();
                        let got = heap.pop();
                        assert_eq!(got, expected, "round {round}");
                        if let Some(x) = got {
                            current[MinHeap::id(x)] = None;
                            base = base.max((x >> 80) as u64);
                        }
                    }
                }
                assert_eq!(heap.run.len() + heap.heap.len() + heap.listed, model.len());
                most_listed = most_listed.max(heap.listed);
            }
            // The waiting bands were used, not only the heap.
            assert!(most_listed > 10, "round {round}: {most_listed}");
            while let Some(x) = model.pop_first() {
                assert_eq!(heap.pop(), Some(x));
            }
            assert_eq!(heap.pop(), None);
        }
    }

    /// The bucket lists against a plain model: lowest f, then highest g, then first pushed; a
    /// node whose g improves leaves its old place and queues again at the back.
    #[test]
    fn bucket_lists_pop_in_the_documented_order() {
        let mut rng = SplitMix64::new(2286);
        for _ in 0..200 {
            let mut open: Open<u32> = Open::new(1024);
            // (f, g, sequence number, id) of each open node.
            let mut model: Vec<(u32, u32, u64, u32)> = Vec::new();
            let mut seq = 0u64;
            let mut next_id = 0u32;
            for _ in 0..300 {
                match rng.below(3) {
                    0 if !model.is_empty() => {
                        let best = (0..model.len())
                            .min_by_key(|&i| (model[i].0, Reverse(model[i].1), model[i].2))
                            .unwrap();
                        let (_, g, _, id) = model.remove(best);
                        assert_eq!(open.pop(), Some((Popped::Cost(g), id)));
                    }
                    1 if !model.is_empty() => {
                        let i = rng.below(model.len() as u64) as usize;
                        let (f, g, _, id) = model[i];
                        if g == 0 {
                            continue;
                        }
                        let better = rng.below(u64::from(g)) as u32;
                        let h = f - g;
                        open.improve(f, g, better + h, better, id);
                        seq += 1;
                        model[i] = (better + h, better, seq, id);
                    }
                    _ => {
                        let g = rng.below(20) as u32;
                        let f = g + rng.below(10) as u32;
                        open.push(f, g, next_id);
                        seq += 1;
                        model.push((f, g, seq, next_id));
                        next_id += 1;
                    }
                }
            }
            while !model.is_empty() {
                let best = (0..model.len())
                    .min_by_key(|&i| (model[i].0, Reverse(model[i].1), model[i].2))
                    .unwrap();
                let (_, g, _, id) = model.remove(best);
                assert_eq!(open.pop(), Some((Popped::Cost(g), id)));
            }
            assert_eq!(open.pop(), None);
        }
    }
}
