//! The centre-set space ([`crate::pattern::CentreSpace`]) for the core's layered builder
//! ([`searchlab_core::pdb_build::build_layered`]): two bits per set while building, all cores,
//! the same table as [`crate::pattern::build_centre_pdb_by_queue`] (tested).

use searchlab_core::pdb::PatternDb;
use searchlab_core::pdb_build::{
    BuildError, BuildOptions, LayerProgress, LayeredSpace, build_layered,
};

use crate::board::Move;
use crate::pattern::{CENTRE_MASK, PATTERN_SIZE, move_mask, rank_mask, unrank_mask};

/// The sets of eight cells as ranks (colexicographic, [`rank_mask`]), moved by the eight moves
/// (closed under inverses); the table is indexed by the same rank.
#[derive(Clone, Copy, Debug, Default)]
pub struct CentreLayers;

impl LayeredSpace for CentreLayers {
    fn states(&self) -> u64 {
        PATTERN_SIZE as u64
    }

    fn entries(&self) -> usize {
        PATTERN_SIZE
    }

    fn entry(&self, state: u64) -> usize {
        state as usize
    }

    fn goals(&self) -> Vec<u64> {
        vec![rank_mask(CENTRE_MASK) as u64]
    }

    #[inline]
    fn neighbours(&self, state: u64, visit: &mut impl FnMut(u64)) {
        let mask = unrank_mask(state as usize);
        for m in Move::ALL {
            visit(rank_mask(move_mask(mask, m)) as u64);
        }
    }
}

/// Builds the table of exact distances from every set of eight cells to the centre with the
/// layered builder (threads and memory budget in `options`, `progress` after each layer).
///
/// ```
/// use searchlab_core::pdb_build::BuildOptions;
/// use searchlab_rotation::pattern::build_centre_pdb_by_queue;
/// use searchlab_rotation::pattern_build::build_centre_layered;
///
/// let fast = build_centre_layered(&BuildOptions::default(), |_| {}).unwrap();
/// assert_eq!(fast, build_centre_pdb_by_queue(|_| {}).unwrap());
/// ```
pub fn build_centre_layered(
    options: &BuildOptions,
    progress: impl FnMut(LayerProgress),
) -> Result<PatternDb, BuildError> {
    build_layered(&CentreLayers, options, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::build_centre_pdb_by_queue;

    #[test]
    fn equals_the_queue_builder_on_every_thread_count() {
        let old = build_centre_pdb_by_queue(|_| {}).unwrap();
        for threads in [1, 2, 3] {
            let options = BuildOptions {
                threads,
                max_memory: None,
            };
            let mut last = None;
            let new = build_centre_layered(&options, |p| last = Some(p)).unwrap();
            assert_eq!(new, old, "{threads} threads");
            let last = last.unwrap();
            assert_eq!(last.states_reached, PATTERN_SIZE as u64);
            assert_eq!(last.layer, old.max_distance());
        }
    }
}
