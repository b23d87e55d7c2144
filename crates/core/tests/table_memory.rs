//! The memory limit on game searches (issue 13): a growing transposition table stops taking
//! new positions at `Limits::max_memory`, and the search still proves the right value.

mod common;

use common::{Ttt, open_lines};
use searchlab_core::{AlphaBeta, AlphaBetaConfig, Limits, Pvs, PvsConfig};

#[test]
fn a_capped_table_stays_under_the_limit_and_keeps_the_value() {
    let game = Ttt::new(3, 3);
    let root = game.parse("........."); // the empty board
    let eval = open_lines(&game);
    let free = AlphaBeta::new(AlphaBetaConfig::new()).search(&game, &root, &eval);
    let mut unlimited = AlphaBeta::new(AlphaBetaConfig::new());
    unlimited.search(&game, &root, &eval);
    let full = unlimited.table().memory_bytes();
    for bytes in [0u64, 1 << 10, 16 << 10] {
        let limits = Limits::none().with_max_memory(bytes);
        let mut ab = AlphaBeta::new(AlphaBetaConfig::new().with_limits(limits.clone()));
        let run = ab.search(&game, &root, &eval);
        assert_eq!(
            run.outcome.value(),
            free.outcome.value(),
            "alphabeta, {bytes} bytes"
        );
        assert!(ab.table().memory_bytes() as u64 <= bytes, "{bytes}");
        assert!(ab.table().memory_bytes() < full);
        let mut pvs = Pvs::new(PvsConfig::new().with_limits(limits));
        let run = pvs.search(&game, &root, &eval);
        assert_eq!(
            run.outcome.value(),
            free.outcome.value(),
            "pvs, {bytes} bytes"
        );
        assert!(pvs.table().memory_bytes() as u64 <= bytes, "{bytes}");
    }
}
