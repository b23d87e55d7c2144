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

use rustc_hash::FxHashMap;
use std::hash::Hash;

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

/// A transposition table keyed by [`crate::Game::table_key`]. It never forgets on its own
/// (every key has one slot, and a newer result replaces an older one) unless a maximum size
/// is set, past which new keys are not stored.
#[derive(Clone, Debug)]
pub struct TranspositionTable<K> {
    map: FxHashMap<K, Entry>,
    max_entries: usize,
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
            map: FxHashMap::default(),
            max_entries,
        }
    }

    /// Number of stored positions.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Forgets everything (needed when the game or the evaluator changes).
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// The entry of `key`, if any.
    pub fn get(&self, key: &K) -> Option<&Entry> {
        self.map.get(key)
    }

    /// Stores `entry` for `key`, replacing any older one.
    pub fn store(&mut self, key: K, entry: Entry) {
        if self.map.len() < self.max_entries {
            self.map.insert(key, entry);
        } else if let Some(slot) = self.map.get_mut(&key) {
            *slot = entry;
        }
    }
}
