//! How much of the thread's stack a recursive search may still use.
//!
//! The recursive depth-first searches (the engine of IDA*, IDDFS and parallel IDA*) recurse
//! once per level of the current path. A path can be long (a graph with a long chain of arcs,
//! a generous bound), so before going deeper they ask, every [`CHECK_EVERY`] levels, whether
//! the thread's stack still has [`RED_ZONE`] bytes left; when it has not, the search stops
//! with [`LimitKind::Memory`](crate::LimitKind::Memory): the stack is memory, and outgrowing
//! it is an outcome like outgrowing the heap, never an overflow that aborts the process
//! (issue 32). The bounds are the operating system's (`stacker`), not a guess at frame sizes.

/// Levels between two looks at the stack: a look is a thread-local read and a subtraction,
/// paid once per this many levels.
pub(crate) const CHECK_EVERY: usize = 16;

/// The stack a search keeps in reserve below its deepest frame: [`CHECK_EVERY`] more levels
/// (a few hundred bytes each) plus what an observer's event or a trace line may need.
pub(crate) const RED_ZONE: usize = 256 * 1024;

/// Whether a search at `depth` must stop for want of stack: true only at multiples of
/// [`CHECK_EVERY`] with less than [`RED_ZONE`] left. A thread whose bounds are unknown is
/// trusted.
#[inline]
pub(crate) fn exhausted(depth: usize) -> bool {
    depth.is_multiple_of(CHECK_EVERY)
        && depth > 0
        && stacker::remaining_stack().is_some_and(|left| left < RED_ZONE)
}

/// Address space a process keeps free beside the helper threads a search starts: room for
/// the allocations of the threads that run (their signal stacks, their buffers, the main
/// thread's answer). Only reserved for a moment, never touched.
pub const THREAD_HEADROOM: usize = 64 << 20;

/// Starts `work` on a new thread of `scope` if the system gives one *and* the process keeps
/// [`THREAD_HEADROOM`] bytes of address space after it; `None` otherwise. A thread the system
/// refuses is one helper less, and so is one that would fill an address-space limit
/// (`ulimit -v`): with the space taken by a thousand 2 MiB stacks, the next small allocation
/// of any thread failed and aborted the process (issue 32's `--threads 1000` under 600 MB).
pub fn spawn_with_room<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    work: impl FnOnce() -> T + Send + 'scope,
) -> Option<std::thread::ScopedJoinHandle<'scope, T>> {
    // A reservation of that size is mapped, never written, and unmapped at once; it fails
    // (rather than aborts) where the address space has no such room.
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(THREAD_HEADROOM).ok()?;
    drop(probe);
    std::thread::Builder::new().spawn_scoped(scope, work).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recurses until [`exhausted`] says stop; returns the depth reached.
    fn dive(depth: usize) -> usize {
        // A frame of some size, as a search's is.
        let pad = std::hint::black_box([depth as u8; 256]);
        if exhausted(depth) {
            return depth;
        }
        let below = dive(depth + 1);
        std::hint::black_box(pad);
        below
    }

    #[test]
    fn a_deep_recursion_stops_before_the_stack_ends() {
        // A small stack, so the test is quick; without the check this thread would overflow
        // (and abort the test binary).
        let depth = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(|| dive(0))
            .unwrap()
            .join()
            .unwrap();
        assert!(
            depth > 1000 && depth.is_multiple_of(CHECK_EVERY),
            "depth {depth}"
        );
    }
}
