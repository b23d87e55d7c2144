//! Adversarial search over [`Game`](crate::Game): [`minimax`] (the oracle),
//! [`alphabeta`], [`pvs`] (principal variation search), the null-window driver [`mtdf`], and
//! [`mcts`] (seeded UCT, a chosen move and not a proof).

pub mod alphabeta;
pub mod mcts;
pub mod mcts_params;
pub mod minimax;
pub mod mtdf;
pub mod pvs;
