//! Bidirectional search: a forward and a backward search that meet. Both need
//! [`Problem::goal_state`](crate::Problem::goal_state) and
//! [`Problem::predecessors`](crate::Problem::predecessors): [`bibfs`] (unit costs) and
//! [`mm`] (meet in the middle, optimal for any costs).

pub mod bibfs;
pub mod mm;
