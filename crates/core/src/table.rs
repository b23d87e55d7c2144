//! The transposition table of alpha-beta: a value WITH ITS BOUND TYPE per position.
//!
//! Alpha-beta with a window (alpha, beta) returns the exact value only when it lands strictly
//! inside the window; a value at or below alpha is only an upper bound, one at or above beta
//! only a lower bound. Memoising such a value as if it were exact (the naive memo that seed 000
//! warns about) answers a later visit under another window wrongly. So each entry records which
//! of the three it is, and a probe uses it only as what it is: an exact value answers, a bound
//! narrows the window (and answers when the window closes).
//!
//! Entries also record under which depth limit they hold: a value computed with `d` plies left
//! is reused only with exactly `d` plies left, unless no position of its search met the depth
//! limit (its `height`, the longest explored line, all ending in finished games): then it holds
//! for any depth of at least `height`. That keeps alpha-beta's values equal to plain minimax's
//! under the same depth limit and evaluator.
//!
//! Values are stored relative to [`crate::Game::value_offset`] of the state that stored them
//! (the part of its value already decided, such as the score so far) and a probe adds its own
//! state's offset back, so states that differ only in that part can share one key. The shift is
//! the same for exact values and bounds; the infinite window ends are never shifted.
//!
//! Two storages: a growing map that never forgets (for games small enough to keep every
//! position, and the oracle-like runs the tests compare), and a FIXED-SIZE array of slots
//! ([`TranspositionTable::fixed`]) for games whose positions are far too many to keep, such as
//! Connect Four. In the fixed table each key has exactly one slot (its hash reduced to the
//! table's size) and the replacement rule is "always replace": the newest result takes the slot,
//! whatever key held it. Newer results were computed with the narrowest windows and sit
//! closest to where the search is now, so they are the likeliest to be probed again (the rule
//! of Pons' Connect Four solver; a deeper-first rule buys nothing when every search runs to the
//! end of the game and all entries have the same depth). A lost entry only costs a re-search,
//! never a wrong answer: a slot keeps its full key and answers only for that key.
//!
//! A third storage, [`TranspositionTable::compact`], is the fixed table for keys that pack into
//! 64 bits without loss ([`PackedKey`]): 16-byte slots, four to a cache line and never across
//! two, that keep only what the slot's index does not imply. The packed key is first mixed by a
//! bijection of `u64` (a multiplication by an odd constant); its top `k` bits choose one of the
//! `2^k` slots and only the other `64 - k` bits are stored, beside a generation of
//! `min(k, 16)` bits (for O(1) clearing), the value and one byte each for the bound, the depth,
//! the height and the best move (Pons' trick, here for any key type). Index and stored bits
//! together give the mixed key back, so a slot still answers only for its own key. An entry
//! at a finite depth past 254 whose search met the depth limit does not fit a byte and is not
//! stored: a re-search, never a wrong answer.
//!
//! A fourth, [`TranspositionTable::words`], packs a whole slot into ONE 64-bit word, eight to a
//! cache line, when the key's width is declared (`key_bits`: Connect Four's 49): the key is
//! mixed within its own width (a multiplication by an odd constant modulo `2^key_bits`), the
//! top `k` of those bits choose the slot, and the word keeps the other `key_bits - k` beside a
//! generation and a 24-bit entry (a 10-bit value, the bound, the depth or height in a byte and
//! a 3-bit move index). Twice the slots of the 16-byte table in the same memory; an entry
//! whose value does not fit 10 bits, or whose best move index is past 6, is stored without
//! its move or not at all (a hint lost, a re-search: never a wrong answer). One word is read
//! and written at once, so the slots can be atomics shared by several searches on several
//! threads ([`TranspositionTable::share`]: lazy SMP) without a lock: a probe sees a whole old
//! entry or a whole new one, and the key bits inside the word keep it from answering for
//! another position. Where the bits do not fit one word (a wide key in a small table) it
//! falls back to [`TranspositionTable::compact`].

use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::game::{Bound, Value};

/// `height` of an entry whose search met the depth limit somewhere.
pub(crate) const INCOMPLETE: u32 = u32::MAX;
/// `best` of an entry without a best move (every move failed low, or none was tried).
pub(crate) const NO_MOVE: u32 = u32::MAX;

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value found, minus the storing state's [`crate::Game::value_offset`] (0 by default,
    /// so then simply the value found).
    pub value: Value,
    /// Whether it is exact or a bound.
    pub bound: Bound,
    /// Plies left when it was computed (`u32::MAX`: no depth limit).
    pub depth: u32,
    /// Longest explored line when every line ended in a finished game; `u32::MAX` otherwise.
    pub height: u32,
    /// Index, in the game's move order, of the best move found (`u32::MAX`: none).
    pub best: u32,
}

impl Entry {
    /// Whether this entry holds for a search with `depth` plies left.
    #[inline]
    pub fn holds_at(&self, depth: u32) -> bool {
        if self.height == INCOMPLETE {
            self.depth == depth
        } else {
            depth >= self.height
        }
    }
}

/// One slot of a fixed-size table: the full key (so a probe never takes another position's
/// answer), the entry, and the generation it was written in (so that clearing is O(1)).
#[derive(Clone, Debug)]
struct Slot<K> {
    key: Option<K>,
    generation: u32,
    entry: Entry,
}

/// Where the entries live.
#[derive(Debug)]
enum Storage<K> {
    /// One entry per key, growing up to `max_entries`.
    Map {
        map: FxHashMap<K, Entry>,
        max_entries: usize,
    },
    /// A fixed array; a key's slot is its hash reduced to `slots.len()`. Slots of an older
    /// `generation` are empty.
    Slots {
        slots: Vec<Slot<K>>,
        generation: u32,
        used: usize,
    },
    /// A fixed array of `2^bits` packed slots (see the module doc); `pack` is the key type's
    /// [`PackedKey::packed`], kept here so that only [`TranspositionTable::compact`] needs
    /// the bound. Slots whose generation is not `generation` are empty.
    Compact {
        slots: Vec<Packed>,
        bits: u32,
        generation: u16,
        used: usize,
        pack: fn(&K) -> u64,
    },
    /// `2^layout.bits` one-word slots, perhaps shared with other handles (see the module
    /// doc); a slot is empty unless its generation bits are `generation`.
    Words {
        slots: Arc<WordSlots>,
        layout: WordLayout,
        generation: u64,
        used: usize,
        pack: fn(&K) -> u64,
    },
}

/// The slots of a [`TranspositionTable::words`] table, shared by its handles.
struct WordSlots(Box<[AtomicU64]>);

/// `n` zeroed words, backed by huge pages where the system gives them on request (Linux's
/// transparent huge pages in `madvise` mode, the common default). A table's probes land on
/// random slots: with 4 KiB pages nearly every probe of a table larger than the TLB's reach
/// (some 6-8 MiB) also misses the TLB and walks the page tables.
fn zeroed_words(n: usize) -> Box<[AtomicU64]> {
    let mut words: Vec<AtomicU64> = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    advise_huge_pages(
        words.as_ptr() as usize,
        n * std::mem::size_of::<AtomicU64>(),
    );
    // The pages are first touched here, after the advice.
    words.resize_with(n, || AtomicU64::new(0));
    words.into_boxed_slice()
}

/// Asks for huge pages over the whole 2 MiB pages inside `start..start + len`, memory just
/// reserved and not yet touched. Advice only: where it is refused the pages are small.
#[cfg(target_os = "linux")]
#[allow(unsafe_code, reason = "one madvise call on memory this module owns")]
fn advise_huge_pages(start: usize, len: usize) {
    const HUGE: usize = 2 << 20;
    let (begin, end) = (start.next_multiple_of(HUGE), (start + len) / HUGE * HUGE);
    if begin < end {
        // SAFETY: `begin..end` lies inside the caller's allocation; MADV_HUGEPAGE changes how
        // its pages are backed, never their contents or their validity.
        unsafe {
            libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
        }
    }
}

impl std::fmt::Debug for WordSlots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WordSlots({} slots)", self.0.len())
    }
}

/// Where the parts of a word live: from the lowest bit, the 24-bit entry, `gen_bits` of
/// generation, then the key's `key_bits - bits` stored bits. The masks and shifts a probe
/// needs are computed once here (computing them per probe was a fifth of the probe).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WordLayout {
    /// Index bits: `2^bits` slots.
    bits: u32,
    /// Generation bits (at least 1: generation 0 marks a never-written slot).
    gen_bits: u32,
    /// `2^key_bits - 1`: the mixed key's bits.
    width_mask: u64,
    /// The stored key bits, `key_bits - bits` (below 40): the index is the mixed key shifted
    /// right by this.
    stored_bits: u32,
}

/// Bits of an entry in a word.
const WORD_ENTRY_BITS: u32 = 24;
/// The entry's bits of a word.
const WORD_ENTRY_MASK: u64 = (1 << WORD_ENTRY_BITS) - 1;
/// A value in a word: 10 bits, two's complement.
const WORD_VALUE_MIN: Value = -512;
const WORD_VALUE_MAX: Value = 511;

impl WordLayout {
    /// The layout of `2^bits` slots for keys of `key_bits`, if the stored key bits, at least
    /// one generation bit and the entry fit 64 bits.
    fn new(bits: u32, key_bits: u32) -> Option<Self> {
        let bits = bits.min(key_bits);
        let stored = key_bits - bits;
        let room = 64u32.checked_sub(WORD_ENTRY_BITS + stored)?;
        (room >= 1).then_some(WordLayout {
            bits,
            gen_bits: room.min(16),
            width_mask: u64::MAX >> (64 - key_bits),
            stored_bits: stored,
        })
    }

    /// The slot of a packed key and the word's bits above the entry for it: the stored key
    /// bits, and `gen_tag` (the generation already shifted into place).
    #[inline(always)]
    fn place(&self, packed: u64, gen_tag: u64) -> (usize, u64) {
        debug_assert!(
            packed & !self.width_mask == 0,
            "a key wider than its declared key_bits"
        );
        let mixed = packed.wrapping_mul(MIX) & self.width_mask;
        // `stored_bits` < 40 (the word has room for them), so the shift is defined; with one
        // slot (`bits` 0) it leaves 0.
        let index = (mixed >> self.stored_bits) as usize;
        let stored = mixed & ((1u64 << self.stored_bits) - 1);
        (index, stored << (WORD_ENTRY_BITS + self.gen_bits) | gen_tag)
    }

    /// `generation` where it lives in a word.
    #[inline]
    fn gen_tag(&self, generation: u64) -> u64 {
        generation << WORD_ENTRY_BITS
    }

    fn generation_mask(&self) -> u64 {
        (1u64 << self.gen_bits) - 1
    }
}

/// `entry` as a word's low 24 bits: `None` when its value does not fit (see the module doc).
#[inline]
fn word_entry(entry: &Entry) -> Option<u64> {
    if !(WORD_VALUE_MIN..=WORD_VALUE_MAX).contains(&entry.value) {
        return None;
    }
    let complete = entry.height != INCOMPLETE;
    let (flag, byte) = if complete {
        // A height rounded UP holds for fewer depths: safe.
        (1, u64::from(entry.height.min(254)))
    } else if entry.depth == u32::MAX {
        (0, BYTE_NONE)
    } else if entry.depth < 255 {
        (0, u64::from(entry.depth))
    } else {
        return None;
    };
    let best = if entry.best < 7 {
        u64::from(entry.best)
    } else {
        7
    };
    Some(
        (entry.value as u64 & 0x3FF)
            | bound_code(entry.bound) << 10
            | byte << 12
            | flag << 20
            | best << 21,
    )
}

/// A word's low 24 bits as an entry.
#[inline(always)]
fn entry_of_word(word: u64) -> Entry {
    let value = ((word as u32) << 22) as i32 >> 22;
    let byte = ((word >> 12) & 0xFF) as u32;
    let complete = word >> 20 & 1 != 0;
    let best = ((word >> 21) & 7) as u32;
    let (depth, height) = if complete {
        (u32::MAX, byte)
    } else if byte == BYTE_NONE as u32 {
        (u32::MAX, INCOMPLETE)
    } else {
        (byte, INCOMPLETE)
    };
    Entry {
        value,
        bound: code_bound(word >> 10),
        depth,
        height,
        best: if best == 7 { NO_MOVE } else { best },
    }
}

/// A key that is, or packs without loss into, a 64-bit integer: what a
/// [`TranspositionTable::compact`] table needs. Two different keys must pack differently.
///
/// # Examples
/// ```
/// use searchlab_core::{Bound, TranspositionTable};
/// use searchlab_core::table::{Entry, PackedKey};
///
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Cells(u32, u16);
/// impl PackedKey for Cells {
///     fn packed(&self) -> u64 { (u64::from(self.0) << 16) | u64::from(self.1) }
/// }
/// let mut table = TranspositionTable::<Cells>::compact(1 << 20);
/// assert_eq!((table.capacity(), TranspositionTable::<Cells>::compact_slot_bytes()), (1 << 16, 16));
/// let entry = Entry { value: -3, bound: Bound::Upper, depth: u32::MAX, height: 9, best: 1 };
/// table.store(Cells(7, 1), entry);
/// assert_eq!(table.get(&Cells(7, 1)), Some(entry));
/// assert_eq!(table.get(&Cells(1, 7)), None);
/// ```
pub trait PackedKey {
    /// The key as an integer, one-to-one.
    fn packed(&self) -> u64;
}

macro_rules! packed_int {
    ($($t:ty),*) => {$(
        impl PackedKey for $t {
            #[inline]
            fn packed(&self) -> u64 {
                *self as u64
            }
        }
    )*};
}
packed_int!(u8, u16, u32, u64, usize);

/// One slot of a compact table: `tag` = the key's stored bits above the generation, `data` =
/// the value (low 32 bits), then the bound, depth, height and best-move bytes; `data` is never
/// 0 in a written slot (the depth or the height byte is 0xFF), so 0 marks an empty one.
/// Aligned to 16 so that a slot never spans two cache lines.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
struct Packed {
    tag: u64,
    data: u64,
}

/// The odd multiplier that mixes a packed key (a bijection of `u64`): its high bits, which
/// choose the slot, depend on every bit of the key.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The generation bits of a compact table of `2^bits` slots: 16, or `bits` in a smaller table
/// (which then wipes itself more often, at a cost that small), so that the key's `64 - bits`
/// stored bits and the generation always fill one word.
#[inline]
fn generation_mask(bits: u32) -> u64 {
    (1u64 << bits.min(16)) - 1
}

/// A compact slot's tag: the key's stored bits above the generation.
#[inline]
fn compact_tag(check: u64, bits: u32, generation: u16) -> u64 {
    check << bits.min(16) | u64::from(generation)
}

/// Byte codes of a compact slot's small fields.
const BYTE_NONE: u64 = 0xFF;

#[inline]
fn bound_code(bound: Bound) -> u64 {
    match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    }
}

#[inline]
fn code_bound(code: u64) -> Bound {
    match code & 3 {
        1 => Bound::Lower,
        2 => Bound::Upper,
        _ => Bound::Exact,
    }
}

/// `entry` in a compact slot's `data`, or `None` when it does not fit (see the module doc).
#[inline]
fn pack_entry(entry: &Entry) -> Option<u64> {
    let complete = entry.height != INCOMPLETE;
    // A complete entry holds for every depth >= its height: its depth is never read. An
    // incomplete one holds only at its own depth: 0..=254, or 255 for "no limit".
    let depth = if complete || entry.depth == u32::MAX {
        BYTE_NONE
    } else if entry.depth < 255 {
        u64::from(entry.depth)
    } else {
        return None;
    };
    // A height rounded UP holds for fewer depths: safe.
    let height = if complete {
        u64::from(entry.height.min(254))
    } else {
        BYTE_NONE
    };
    let best = if entry.best < 255 {
        u64::from(entry.best)
    } else {
        BYTE_NONE
    };
    Some(
        u64::from(entry.value as u32)
            | bound_code(entry.bound) << 32
            | depth << 40
            | height << 48
            | best << 56,
    )
}

/// A compact slot's `data` as an entry.
#[inline]
fn unpack_entry(data: u64) -> Entry {
    let byte = |shift: u32| (data >> shift) & 0xFF;
    let wide = |b: u64| if b == BYTE_NONE { u32::MAX } else { b as u32 };
    Entry {
        value: data as u32 as Value,
        bound: code_bound(byte(32)),
        depth: wide(byte(40)),
        height: wide(byte(48)),
        best: wide(byte(56)),
    }
}

/// The slot and the stored bits of a packed key in a table of `2^bits` slots.
#[inline]
fn compact_place(packed: u64, bits: u32) -> (usize, u64) {
    let mixed = packed.wrapping_mul(MIX);
    if bits == 0 {
        (0, mixed)
    } else {
        ((mixed >> (64 - bits)) as usize, mixed & (u64::MAX >> bits))
    }
}

/// A clone is a table of its own: a words table's slots are copied, not shared (sharing is
/// [`TranspositionTable::share`]).
impl<K: Clone> Clone for Storage<K> {
    fn clone(&self) -> Self {
        match self {
            Storage::Map { map, max_entries } => Storage::Map {
                map: map.clone(),
                max_entries: *max_entries,
            },
            Storage::Slots {
                slots,
                generation,
                used,
            } => Storage::Slots {
                slots: slots.clone(),
                generation: *generation,
                used: *used,
            },
            Storage::Compact {
                slots,
                bits,
                generation,
                used,
                pack,
            } => Storage::Compact {
                slots: slots.clone(),
                bits: *bits,
                generation: *generation,
                used: *used,
                pack: *pack,
            },
            Storage::Words {
                slots,
                layout,
                generation,
                used,
                pack,
            } => Storage::Words {
                slots: Arc::new(WordSlots(
                    (slots.0.iter())
                        .map(|w| AtomicU64::new(w.load(Ordering::Relaxed)))
                        .collect(),
                )),
                layout: *layout,
                generation: *generation,
                used: *used,
                pack: *pack,
            },
        }
    }
}

/// A transposition table keyed by [`crate::Game::table_key`].
///
/// Built with [`TranspositionTable::new`] it never forgets (every key has its own entry, a
/// newer result replaces an older one of the same key) unless a maximum number of keys is set
/// ([`TranspositionTable::with_max_entries`]), past which new keys are not stored. Built with
/// [`TranspositionTable::fixed`] it is an array of a fixed number of bytes, one slot per hash
/// value, where a new result always replaces the slot's old one (see the module doc for why).
///
/// # Examples
/// ```
/// use searchlab_core::{Bound, TranspositionTable};
/// use searchlab_core::table::Entry;
///
/// let mut table = TranspositionTable::<u64>::fixed(1 << 20); // 1 MiB of slots
/// assert!(table.capacity() > 0 && table.memory_bytes() <= 1 << 20);
/// let entry = Entry { value: 3, bound: Bound::Lower, depth: u32::MAX, height: 7, best: 2 };
/// table.store(42, entry);
/// assert_eq!(table.get(&42), Some(entry));
/// assert_eq!(table.get(&43), None); // another key never reads the slot
/// table.clear(); // O(1): a new generation
/// assert!(table.is_empty() && table.get(&42).is_none());
/// ```
#[derive(Clone, Debug)]
pub struct TranspositionTable<K> {
    storage: Storage<K>,
}

impl<K: Eq + Hash> Default for TranspositionTable<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Eq + Hash> TranspositionTable<K> {
    /// An empty table without a size limit.
    pub fn new() -> Self {
        Self::with_max_entries(usize::MAX)
    }

    /// An empty table that stores at most `max_entries` keys.
    pub fn with_max_entries(max_entries: usize) -> Self {
        TranspositionTable {
            storage: Storage::Map {
                map: FxHashMap::default(),
                max_entries,
            },
        }
    }

    /// A fixed-size table of at most `bytes` bytes (at least one slot), allocated at once,
    /// with the "always replace" rule.
    ///
    /// # Complexity
    /// O(bytes) to allocate; O(1) per probe, store and [`TranspositionTable::clear`].
    pub fn fixed(bytes: usize) -> Self {
        let n = (bytes / Self::slot_bytes()).max(1);
        let slots = (0..n)
            .map(|_| Slot {
                key: None,
                generation: 0,
                entry: EMPTY,
            })
            .collect();
        TranspositionTable {
            storage: Storage::Slots {
                slots,
                generation: 0,
                used: 0,
            },
        }
    }

    /// The size of one slot of a compact table, in bytes.
    pub fn compact_slot_bytes() -> usize {
        std::mem::size_of::<Packed>()
    }

    /// Caps a growing table at `bytes` (a search's [`crate::Limits::max_memory`]): past it, new
    /// keys are not stored and the search goes on without them (it only re-searches more; a
    /// table never decides an answer it was not given). A fixed table is allocated at its size
    /// once and is left as it is.
    pub fn cap_bytes(&mut self, bytes: u64) {
        if let Storage::Map { max_entries, .. } = &mut self.storage {
            // A hash map's buckets are a power of two, each a key and an entry and a control
            // byte, at most 7/8 of them full; growing into `b` buckets holds the old `b / 2`
            // and the new `b` at once. So the map may grow into the largest `b` with
            // `1.5 * b` buckets within the cap, and hold `7/8 b` keys (issue 32: counting 2x
            // a pair per key let the last growth reach 1.6x the cap, and `match connect4`
            // aborted under an address-space limit).
            let bucket = std::mem::size_of::<(K, Entry)>() as u64 + 1;
            let fit = bytes.saturating_mul(2) / (3 * bucket);
            let cap = match fit {
                0..8 => 0,
                _ => 1u64 << (63 - fit.leading_zeros()),
            } / 8
                * 7;
            *max_entries = (*max_entries).min(usize::try_from(cap).unwrap_or(usize::MAX));
        }
    }

    /// The size of one slot of a fixed table, in bytes (the key, the entry, a generation).
    pub fn slot_bytes() -> usize {
        std::mem::size_of::<Slot<K>>()
    }

    /// The number of slots of a fixed table; `usize::MAX` for a growing one (unless limited).
    pub fn capacity(&self) -> usize {
        match &self.storage {
            Storage::Map { max_entries, .. } => *max_entries,
            Storage::Slots { slots, .. } => slots.len(),
            Storage::Compact { slots, .. } => slots.len(),
            Storage::Words { slots, .. } => slots.0.len(),
        }
    }

    /// The bytes the slots of a fixed table take (the map's own overhead is not counted for a
    /// growing one: there it is the number of entries times the size of a key and an entry).
    pub fn memory_bytes(&self) -> usize {
        match &self.storage {
            Storage::Map { map, .. } => map.len() * std::mem::size_of::<(K, Entry)>(),
            Storage::Slots { slots, .. } => slots.len() * Self::slot_bytes(),
            Storage::Compact { slots, .. } => slots.len() * Self::compact_slot_bytes(),
            Storage::Words { slots, .. } => slots.0.len() * 8,
        }
    }

    /// Number of stored positions.
    pub fn len(&self) -> usize {
        match &self.storage {
            Storage::Map { map, .. } => map.len(),
            Storage::Slots { used, .. }
            | Storage::Compact { used, .. }
            | Storage::Words { used, .. } => *used,
        }
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets everything (needed when the game or the evaluator changes). O(1) for a fixed
    /// table (a new generation makes every slot empty), except once every 2^32 clears.
    pub fn clear(&mut self) {
        match &mut self.storage {
            Storage::Map { map, .. } => map.clear(),
            Storage::Slots {
                slots,
                generation,
                used,
            } => {
                *used = 0;
                *generation = generation.wrapping_add(1);
                if *generation == 0 {
                    for slot in slots.iter_mut() {
                        slot.key = None;
                    }
                }
            }
            Storage::Compact {
                slots,
                bits,
                generation,
                used,
                ..
            } => {
                *used = 0;
                *generation = ((u64::from(*generation) + 1) & generation_mask(*bits)) as u16;
                if *generation == 0 {
                    // Generation 0 is the one of never-written slots (and the only one of a
                    // table too small to keep generations): wipe them all.
                    slots.fill(Packed::default());
                    *generation = u16::from(*bits > 0);
                }
            }
            Storage::Words {
                slots,
                layout,
                generation,
                used,
                ..
            } => {
                *used = 0;
                *generation = (*generation + 1) & layout.generation_mask();
                if *generation == 0 {
                    // Generation 0 is the one of never-written slots: wipe them all.
                    for w in slots.0.iter() {
                        w.store(0, Ordering::Relaxed);
                    }
                    *generation = 1;
                }
            }
        }
    }

    /// The entry of `key`, if any.
    #[inline(always)]
    pub fn get(&self, key: &K) -> Option<Entry> {
        match &self.storage {
            Storage::Map { map, .. } => map.get(key).copied(),
            Storage::Slots {
                slots, generation, ..
            } => {
                let slot = &slots[index(key, slots.len())];
                (slot.generation == *generation && slot.key.as_ref() == Some(key))
                    .then_some(slot.entry)
            }
            Storage::Compact {
                slots,
                bits,
                generation,
                pack,
                ..
            } => {
                let (i, check) = compact_place(pack(key), *bits);
                let slot = slots[i];
                (slot.tag == compact_tag(check, *bits, *generation) && slot.data != 0)
                    .then(|| unpack_entry(slot.data))
            }
            Storage::Words {
                slots,
                layout,
                generation,
                pack,
                ..
            } => {
                let (i, high) = layout.place(pack(key), layout.gen_tag(*generation));
                let word = slots.0[i].load(Ordering::Relaxed);
                (word & !WORD_ENTRY_MASK == high).then(|| entry_of_word(word))
            }
        }
    }

    /// Stores `entry` for `key`, replacing any older one (in a fixed table: whatever the slot
    /// held).
    #[inline]
    pub fn store(&mut self, key: K, entry: Entry) {
        match &mut self.storage {
            Storage::Map { map, max_entries } => {
                if map.len() < *max_entries {
                    map.insert(key, entry);
                } else if let Some(slot) = map.get_mut(&key) {
                    *slot = entry;
                }
            }
            Storage::Slots {
                slots,
                generation,
                used,
            } => {
                let i = index(&key, slots.len());
                let slot = &mut slots[i];
                if slot.generation != *generation || slot.key.is_none() {
                    *used += 1;
                }
                slot.key = Some(key);
                slot.generation = *generation;
                slot.entry = entry;
            }
            Storage::Compact {
                slots,
                bits,
                generation,
                used,
                pack,
            } => {
                let (i, check) = compact_place(pack(&key), *bits);
                let Some(data) = pack_entry(&entry) else {
                    return;
                };
                let slot = &mut slots[i];
                if slot.data == 0 || slot.tag & generation_mask(*bits) != u64::from(*generation) {
                    *used += 1;
                }
                *slot = Packed {
                    tag: compact_tag(check, *bits, *generation),
                    data,
                };
            }
            Storage::Words {
                slots,
                layout,
                generation,
                used,
                pack,
            } => {
                let Some(low) = word_entry(&entry) else {
                    return;
                };
                let (i, high) = layout.place(pack(&key), layout.gen_tag(*generation));
                let slot = &slots.0[i];
                let old = slot.load(Ordering::Relaxed);
                if (old >> WORD_ENTRY_BITS) & layout.generation_mask() != *generation {
                    *used += 1;
                }
                slot.store(high | low, Ordering::Relaxed);
            }
        }
    }
}

impl<K: Eq + Hash + PackedKey> TranspositionTable<K> {
    /// A fixed-size COMPACT table of at most `bytes` bytes: the largest power of two of
    /// 16-byte slots that fits (at least one), allocated at once, "always replace" like
    /// [`TranspositionTable::fixed`] but three times as many slots in the same memory, each in
    /// one cache line (see the module doc).
    ///
    /// # Complexity
    /// O(bytes) to allocate; O(1) per probe, store and [`TranspositionTable::clear`].
    pub fn compact(bytes: usize) -> Self {
        let n = (bytes / Self::compact_slot_bytes()).max(1);
        let bits = usize::BITS - 1 - n.leading_zeros();
        TranspositionTable {
            storage: Storage::Compact {
                slots: vec![Packed::default(); 1 << bits],
                bits,
                generation: u16::from(bits > 0),
                used: 0,
                pack: K::packed,
            },
        }
    }
}

impl<K: Eq + Hash + PackedKey> TranspositionTable<K> {
    /// A fixed-size table of ONE-WORD slots (see the module doc) of at most `bytes` bytes
    /// (the largest power of two of 8-byte slots that fits, at least one) for keys whose
    /// [`PackedKey::packed`] is below `2^key_bits`; "always replace" like
    /// [`TranspositionTable::fixed`]. Where a slot's bits do not fit one word (a key of more
    /// than about 40 bits beyond the index), the 16-byte [`TranspositionTable::compact`]
    /// table of the same size instead.
    ///
    /// # Examples
    /// ```
    /// use searchlab_core::{Bound, TranspositionTable};
    /// use searchlab_core::table::Entry;
    ///
    /// let mut table = TranspositionTable::<u64>::words(1 << 20, 49);
    /// assert_eq!((table.capacity(), table.slot_size()), (1 << 17, 8));
    /// let entry = Entry { value: -3, bound: Bound::Upper, depth: u32::MAX, height: 9, best: 1 };
    /// table.store(7 << 40, entry);
    /// assert_eq!(table.get(&(7 << 40)), Some(entry));
    /// assert_eq!(table.get(&7), None);
    /// // Another handle on the same slots (for another thread): it sees what this one stores.
    /// let other = table.share().expect("a words table");
    /// assert_eq!(other.get(&(7 << 40)), Some(entry));
    /// // A 64-bit key leaves no room in a small table: 16-byte slots.
    /// assert_eq!(TranspositionTable::<u64>::words(1 << 20, 64).slot_size(), 16);
    /// ```
    ///
    /// # Complexity
    /// O(bytes) to allocate; O(1) per probe, store and [`TranspositionTable::clear`].
    pub fn words(bytes: usize, key_bits: u32) -> Self {
        let key_bits = key_bits.clamp(1, 64);
        let n = (bytes / 8).max(1);
        let bits = usize::BITS - 1 - n.leading_zeros();
        let Some(layout) = WordLayout::new(bits, key_bits) else {
            return Self::compact(bytes);
        };
        let slots = zeroed_words(1 << layout.bits);
        TranspositionTable {
            storage: Storage::Words {
                slots: Arc::new(WordSlots(slots)),
                layout,
                generation: 1,
                used: 0,
                pack: K::packed,
            },
        }
    }

    /// Whether [`TranspositionTable::words`] for `bytes` and `key_bits` is a table of
    /// one-word slots, which [`TranspositionTable::share`] can share (not the 16-byte
    /// fallback).
    pub fn words_fit(bytes: usize, key_bits: u32) -> bool {
        let n = (bytes / 8).max(1);
        WordLayout::new(usize::BITS - 1 - n.leading_zeros(), key_bits.clamp(1, 64)).is_some()
    }

    /// The bytes [`TranspositionTable::words`] allocates for `bytes` and `key_bits`, without
    /// allocating them (to check a memory limit first).
    pub fn words_bytes(bytes: usize, key_bits: u32) -> usize {
        let key_bits = key_bits.clamp(1, 64);
        let n = (bytes / 8).max(1);
        let bits = usize::BITS - 1 - n.leading_zeros();
        match WordLayout::new(bits, key_bits) {
            Some(layout) => 8 << layout.bits,
            None => {
                let n = (bytes / Self::compact_slot_bytes()).max(1);
                Self::compact_slot_bytes() << (usize::BITS - 1 - n.leading_zeros())
            }
        }
    }
}

impl<K> TranspositionTable<K> {
    /// The size of one slot of this table in bytes (a growing table: a key and an entry).
    pub fn slot_size(&self) -> usize {
        match &self.storage {
            Storage::Map { .. } => std::mem::size_of::<(K, Entry)>(),
            Storage::Slots { .. } => std::mem::size_of::<Slot<K>>(),
            Storage::Compact { .. } => std::mem::size_of::<Packed>(),
            Storage::Words { .. } => 8,
        }
    }

    /// Another handle on the same slots, for a search on another thread (lazy SMP), if this
    /// is a [`TranspositionTable::words`] table; `None` for the others, whose slots are not
    /// atomic. Each handle keeps its own count of stored positions and its own generation:
    /// clearing one handle empties the table for that handle only (the others' entries are
    /// then of another generation to it).
    pub fn share(&self) -> Option<Self> {
        match &self.storage {
            Storage::Words {
                slots,
                layout,
                generation,
                used,
                pack,
            } => Some(TranspositionTable {
                storage: Storage::Words {
                    slots: Arc::clone(slots),
                    layout: *layout,
                    generation: *generation,
                    used: *used,
                    pack: *pack,
                },
            }),
            _ => None,
        }
    }
}

/// The entry of an empty slot (never read: the slot's key is `None`).
const EMPTY: Entry = Entry {
    value: 0,
    bound: Bound::Exact,
    depth: 0,
    height: INCOMPLETE,
    best: NO_MOVE,
};

/// The slot of `key` among `n`: the hash's high bits scaled to `0..n` (multiply-shift), so any
/// `n` works, not only powers of two, and the well-mixed high bits of Fx's product are used.
#[inline]
fn index<K: Hash>(key: &K, n: usize) -> usize {
    let mut hasher = FxHasher::default();
    key.hash(&mut hasher);
    // One more multiply spreads keys whose hashes differ only in low bits.
    let h = hasher.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((u128::from(h) * n as u128) >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: Value) -> Entry {
        Entry {
            value,
            bound: Bound::Exact,
            depth: 3,
            height: INCOMPLETE,
            best: 0,
        }
    }

    #[test]
    fn fixed_table_replaces_and_never_answers_for_another_key() {
        // Two slots for a hundred keys: collisions are certain.
        let bytes = 2 * TranspositionTable::<u32>::slot_bytes();
        let mut table = TranspositionTable::<u32>::fixed(bytes);
        assert_eq!(table.capacity(), 2);
        for k in 0..100u32 {
            table.store(k, entry(k as Value));
            assert_eq!(table.get(&k).map(|e| e.value), Some(k as Value));
        }
        assert!(table.len() <= 2);
        let kept: Vec<u32> = (0..100).filter(|k| table.get(k).is_some()).collect();
        assert!(!kept.is_empty() && kept.len() <= 2);
        for k in kept {
            assert_eq!(table.get(&k).unwrap().value, k as Value);
        }
        table.clear();
        assert!(table.is_empty());
        assert!((0..100).all(|k| table.get(&k).is_none()));
        table.store(7, entry(70));
        assert_eq!((table.len(), table.get(&7).unwrap().value), (1, 70));
    }

    #[test]
    fn compact_entries_round_trip_or_are_not_stored() {
        let mut table = TranspositionTable::<u64>::compact(1 << 12);
        assert_eq!(table.capacity(), 256);
        let cases = [
            (Value::MIN + 1, Bound::Lower, u32::MAX, INCOMPLETE, NO_MOVE),
            (Value::MAX - 1, Bound::Upper, 254, INCOMPLETE, 254),
            (-21, Bound::Exact, u32::MAX, 0, 6),
            (5, Bound::Exact, 3, 17, 0),
        ];
        for (k, &(value, bound, depth, height, best)) in cases.iter().enumerate() {
            let e = Entry {
                value,
                bound,
                depth,
                height,
                best,
            };
            table.store(k as u64, e);
            let got = table.get(&(k as u64)).expect("stored");
            // A complete entry's depth is never read: it comes back as "no limit".
            let depth = if height == INCOMPLETE {
                depth
            } else {
                u32::MAX
            };
            assert_eq!(got, Entry { depth, ..e });
        }
        // A height past 254 comes back rounded up: it then holds for fewer depths.
        table.store(
            9,
            Entry {
                height: 1000,
                ..entry(1)
            },
        );
        let got = table.get(&9).unwrap();
        assert_eq!(
            (got.height, got.holds_at(300), got.holds_at(253)),
            (254, true, false)
        );
        // An incomplete entry at a finite depth past 254 does not fit: not stored.
        table.store(
            10,
            Entry {
                depth: 255,
                ..entry(1)
            },
        );
        assert_eq!(table.get(&10), None);
        // A best move past 254 is dropped (it is only a hint).
        table.store(
            11,
            Entry {
                best: 300,
                ..entry(1)
            },
        );
        assert_eq!(table.get(&11).unwrap().best, NO_MOVE);
    }

    #[test]
    fn compact_table_never_answers_for_another_key() {
        // 2^10 slots for 100,000 keys spread over all 64 bits: collisions are certain.
        let mut table = TranspositionTable::<u64>::compact(16 << 10);
        let mut rng = crate::SplitMix64::new(7);
        let keys: Vec<u64> = (0..100_000).map(|_| rng.next_u64()).collect();
        for (i, &k) in keys.iter().enumerate() {
            table.store(k, entry(i as Value));
            assert_eq!(table.get(&k).map(|e| e.value), Some(i as Value));
        }
        assert!(table.len() <= 1024);
        let mut kept = 0;
        for (i, k) in keys.iter().enumerate() {
            if let Some(e) = table.get(k) {
                assert_eq!(e.value, i as Value);
                kept += 1;
            }
        }
        assert!(kept > 500 && kept <= 1024, "{kept}");
        // Clearing is O(1) and complete, also across the 16-bit generation's wrap.
        for _ in 0..70_000 {
            table.clear();
        }
        assert!(table.is_empty() && keys.iter().all(|k| table.get(k).is_none()));
        table.store(keys[0], entry(3));
        assert_eq!((table.len(), table.get(&keys[0]).unwrap().value), (1, 3));
    }

    #[test]
    fn word_entries_round_trip_or_are_not_stored() {
        let mut table = TranspositionTable::<u64>::words(1 << 16, 49);
        assert_eq!((table.capacity(), table.slot_size()), (8192, 8));
        // 512 slots would leave 40 key bits to store: no room in a word.
        assert_eq!(
            TranspositionTable::<u64>::words(1 << 12, 49).slot_size(),
            16
        );
        let cases = [
            (-512, Bound::Lower, u32::MAX, INCOMPLETE, NO_MOVE),
            (511, Bound::Upper, 254, INCOMPLETE, 6),
            (-21, Bound::Exact, u32::MAX, 0, 0),
            (5, Bound::Exact, 3, 17, 3),
            (0, Bound::Lower, 0, INCOMPLETE, 2),
        ];
        for (k, &(value, bound, depth, height, best)) in cases.iter().enumerate() {
            let e = Entry {
                value,
                bound,
                depth,
                height,
                best,
            };
            let key = (k as u64) << 45 | 12345;
            table.store(key, e);
            let got = table.get(&key).expect("stored");
            let depth = if height == INCOMPLETE {
                depth
            } else {
                u32::MAX
            };
            assert_eq!(got, Entry { depth, ..e });
        }
        // Values past 10 bits and incomplete depths past 254 do not fit: not stored; a move
        // index past 6 is dropped (a hint).
        for e in [
            Entry {
                value: 512,
                ..entry(1)
            },
            Entry {
                value: -513,
                ..entry(1)
            },
            Entry {
                depth: 255,
                ..entry(1)
            },
        ] {
            table.store(77, e);
            assert_eq!(table.get(&77), None);
        }
        table.store(
            78,
            Entry {
                best: 7,
                ..entry(1)
            },
        );
        assert_eq!(table.get(&78).unwrap().best, NO_MOVE);
    }

    #[test]
    fn word_table_never_answers_for_another_key_and_is_shared() {
        // 2^10 slots for 100,000 keys of 49 bits: collisions are certain.
        let mut table = TranspositionTable::<u64>::words(8 << 10, 49);
        assert_eq!(table.capacity(), 1024);
        let mut rng = crate::SplitMix64::new(7);
        let keys: Vec<u64> = (0..100_000).map(|_| rng.next_u64() >> 15).collect();
        for (i, &k) in keys.iter().enumerate() {
            table.store(k, entry((i % 500) as Value));
            assert_eq!(table.get(&k).map(|e| e.value), Some((i % 500) as Value));
        }
        let mut kept = 0;
        for (i, k) in keys.iter().enumerate() {
            if let Some(e) = table.get(k) {
                assert_eq!(e.value, (i % 500) as Value);
                kept += 1;
            }
        }
        assert!(kept > 500 && kept <= 1024, "{kept}");
        // Two threads storing into one table through two handles: every probe answers for
        // its own key or not at all.
        let other = table.share().unwrap();
        std::thread::scope(|scope| {
            for (t, mut handle) in [table.share().unwrap(), other].into_iter().enumerate() {
                let keys = &keys;
                scope.spawn(move || {
                    for (i, &k) in keys.iter().enumerate().skip(t).step_by(2) {
                        handle.store(k, entry((i % 500) as Value));
                        for (j, q) in keys[i.saturating_sub(8)..=i].iter().enumerate() {
                            if let Some(e) = handle.get(q) {
                                assert_eq!(e.value, ((i.saturating_sub(8) + j) % 500) as Value);
                            }
                        }
                    }
                });
            }
        });
        // Clearing is O(1) and complete, also across the generation's wrap.
        for _ in 0..70_000 {
            table.clear();
        }
        assert!(table.is_empty() && keys.iter().all(|k| table.get(k).is_none()));
        table.store(keys[0], entry(3));
        assert_eq!((table.len(), table.get(&keys[0]).unwrap().value), (1, 3));
        // A clone has slots of its own.
        let mut copy = table.clone();
        copy.store(keys[1], entry(4));
        assert!(table.get(&keys[1]).is_none() && copy.get(&keys[0]).is_some());
    }

    #[test]
    fn growing_table_respects_its_limit() {
        let mut table = TranspositionTable::with_max_entries(2);
        for k in 0..5u8 {
            table.store(k, entry(Value::from(k)));
        }
        assert_eq!(table.len(), 2);
        table.store(0, entry(9));
        assert_eq!(table.get(&0).unwrap().value, 9);
        assert!(table.get(&4).is_none());
    }
}
