//! Criterion benchmarks live in `benches/benches/`, comparisons in `benches/examples/`; this
//! library holds the workloads several of them share.

pub mod grid;
