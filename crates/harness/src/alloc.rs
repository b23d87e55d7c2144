//! A counting global allocator: the peak heap memory of a search, measured per thread.
//!
//! A bench reports how much heap a search really used, not an estimate from node counts,
//! when the program installs [`Counting`] as its global allocator (a library cannot choose
//! the allocator of the program that links it):
//!
//! ```
//! #[global_allocator]
//! static GLOBAL: searchlab_harness::alloc::Counting = searchlab_harness::alloc::Counting;
//! # fn main() {}
//! ```
//!
//! Without it, every peak reads 0 bytes. Every allocation and free of the process goes through [`Counting`], which forwards
//! to the system allocator and keeps two thread-local figures: the bytes the thread holds now
//! and the most it held since the last [`Meter::start`]. Thread-local counters (instead of one
//! process-wide atomic) keep the figures right when `--jobs` runs several searches at once, and
//! cost no contention. A search allocates and frees on its own thread, so its figure is exact;
//! memory freed on another thread than the one that allocated it only skews that thread's
//! baseline, which [`Meter`] subtracts.
//!
//! This is the only module of the workspace with `unsafe` code: a [`GlobalAlloc`] impl cannot
//! be written without it (hence `unsafe_code = "deny"`, not `"forbid"`, in the workspace lints).

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    // Const-initialised and without destructors: reading them never allocates, which an
    // allocator must not do. Signed because a thread may free what another allocated.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    // The baseline of the measured section under way (`None`: none is open), and the largest
    // peak above its baseline of the sections closed since `Meter::start` (`None`: none).
    static SECTION: Cell<Option<isize>> = const { Cell::new(None) };
    static CLOSED: Cell<Option<isize>> = const { Cell::new(None) };
}

/// The system allocator with per-thread live and peak byte counts: install it with
/// `#[global_allocator]` in the program (see the [module](self) docs).
#[derive(Debug)]
pub struct Counting;

fn grow(bytes: usize) {
    // `try_with` because allocations happen while a thread's locals are being torn down.
    let _ = LIVE.try_with(|live| {
        let now = live.get().wrapping_add(bytes as isize);
        live.set(now);
        let _ = PEAK.try_with(|peak| {
            if now > peak.get() {
                peak.set(now);
            }
        });
    });
}

fn shrink(bytes: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().wrapping_sub(bytes as isize)));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged and only
// updates plain thread-local counters besides, so `System`'s guarantees carry over.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `alloc`'s contract, forwarded as is.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grow(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            grow(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` through this allocator with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        shrink(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`, and the caller guarantees `new_size` is valid.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            // Growing counts the new block before the old one is gone: a moving realloc does
            // hold both for a moment.
            if new_size >= layout.size() {
                grow(new_size);
                shrink(layout.size());
            } else {
                shrink(layout.size() - new_size);
            }
        }
        new
    }
}

/// Measures the peak heap use of the current thread from [`Meter::start`] on, or, when the
/// code measured marks its search ([`searchlab_toolkit::describe::search_begins`] and
/// [`search_ends`](searchlab_toolkit::describe::search_ends)), that of the search alone.
///
/// A description's `solve` builds an answer around its search (the moves as text, lines, JSON
/// fields); a bench reports the search's own peak, the heap it held from the call to its
/// return above what the thread held before, as a harness written around the search call
/// would. Without marks the whole measured section counts.
#[derive(Debug)]
pub struct Meter {
    base: isize,
}

/// Opens a section at what the thread holds now.
fn section_begins() {
    let now = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(now));
    SECTION.with(|s| s.set(Some(now)));
}

/// Closes the section under way, if any, keeping the largest peak of the closed ones.
fn section_ends() {
    let Some(base) = SECTION.with(Cell::take) else {
        return;
    };
    let peak = PEAK.with(Cell::get).saturating_sub(base);
    CLOSED.with(|c| c.set(Some(c.get().map_or(peak, |p| p.max(peak)))));
}

impl Meter {
    /// Starts measuring: what the thread holds now is the baseline. A section is open from
    /// here, and the search marks of `searchlab_toolkit` call this thread's meter until
    /// [`Meter::peak`].
    pub fn start() -> Meter {
        let base = LIVE.with(Cell::get);
        PEAK.with(|peak| peak.set(base));
        SECTION.with(|s| s.set(Some(base)));
        CLOSED.with(|c| c.set(None));
        searchlab_toolkit::describe::set_search_marks(Some(
            searchlab_toolkit::describe::SearchMarks {
                begins: section_begins,
                ends: section_ends,
            },
        ));
        Meter { base }
    }

    /// The most bytes the thread held above the baseline since [`Meter::start`]; when the
    /// code marked its searches, the most any marked search held above what its thread held
    /// when it began (a search closed by its end mark alone began at [`Meter::start`]).
    pub fn peak(&self) -> u64 {
        searchlab_toolkit::describe::set_search_marks(None);
        let peak = match CLOSED.with(Cell::get) {
            Some(closed) => closed,
            None => PEAK.with(Cell::get).saturating_sub(self.base),
        };
        u64::try_from(peak).unwrap_or(0)
    }
}
