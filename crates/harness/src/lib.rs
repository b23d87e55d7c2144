//! The benchmark harness of searchlab: algorithms against each other over the instances of
//! any problem that implements [`Description`](searchlab_toolkit::Description), with the agreement check, the tables, CSV,
//! JSON and plot of `searchlab bench`, and the shards and merge that let a long benchmark run
//! on a cluster's own scheduler (Slurm job arrays, GNU parallel; see `docs/cluster.md`).
//!
//! A benchmark is a [`Definition`]: the problem, its options, the (algorithm, heuristic)
//! [pairs](Pair), the limits and every instance read. Its work list is every pair on every
//! instance; a [`Shard`] `K/N` takes every instance whose position is `K-1` modulo `N`, with
//! all its pairs, so the slices depend on the instance files alone (the same on every
//! machine), are balanced by instance, and each can check its own agreement.
//!
//! * [`Bench`] runs a definition's work (or one shard of it) and hands each finished run to
//!   a callback as a [`Row`]: counted (nodes expanded and generated), timed, and with the
//!   peak heap memory of the search when the program installs [`alloc::Counting`].
//! * [`Report`] turns rows into what a bench prints: a table per pair ([`output::table`]),
//!   CSV, JSON, the agreement check ([`agree::check`]: exact algorithms must give one answer,
//!   with the expected answer written after `|`, and a bounded one must stay within its
//!   bound), the plots ([`plot::Chart`], SVG or PNG) and the exit status ([`Verdict`]).
//! * Fair figures, as Fast Downward's lab makes them ([`aggregate`]): coverage per pair, and
//!   sums, means, medians and geometric means over the instances every pair answered; lab's
//!   log scores. Paired comparisons ([`compare`]): per-instance ratios, the geometric-mean
//!   ratio with Efron's bootstrap interval, wins/ties/losses and the sign test
//!   ([`statistics`]). Scatter and cactus plots ([`plot`]) and one HTML page ([`html`]).
//! * [`jsonl`] writes the rows of a shard as JSON Lines with everything a merge needs (the
//!   definition's [fingerprint](Definition::fingerprint), the tool, command line and host),
//!   resumes a killed shard from its last complete row, and [merges](jsonl::merge) shard
//!   files from any machine, in any order, into the [`Report`] an unsharded run makes.
//!
//! Runs are independent: each runs on a fresh thread with a fresh problem value (made with the
//! pair's options and prepared for it outside the measured time and memory), so rows depend
//! neither on `--jobs`, nor on the shard, nor on the order of the runs, except for times.
//!
//! # Example
//!
//! ```
//! use searchlab_harness::{Bench, Input, Report, Spec, Verdict};
//! use searchlab_toolkit::{Cancel, Description};
//! use searchlab_npuzzle::describe::EightPuzzle;
//!
//! let spec = Spec {
//!     algorithms: vec!["astar".into(), "idastar".into()],
//!     heuristics: vec!["manhattan".into()],
//!     ..Spec::default()
//! };
//! let problem = EightPuzzle::new(&Default::default()).unwrap();
//! let boards = ["1 2 3 4 5 6 7 x 8 | 1", "1 2 3 4 5 6 x 7 8 | 2"];
//! let inputs: Vec<_> = boards
//!     .iter()
//!     .enumerate()
//!     .map(|(i, line)| Input::line(&problem, "boards", i + 1, line))
//!     .collect();
//! let bench = Bench::<EightPuzzle>::new(&spec, inputs).unwrap();
//! bench.prepare(&mut |_| {}).unwrap();
//! let limits = bench.definition().limits.limits();
//! let runs = bench.run(&limits, &[], &Cancel::new(), &|_row, _answer| Ok(())).unwrap();
//! let report = Report::new(bench.definition(), bench.shard(), 1, runs.rows, runs.interrupted);
//! assert_eq!(report.summaries()[0].expanded_total, report.summaries()[1].expanded_total);
//! assert!(report.disagreements().is_empty());
//! assert_eq!(report.verdict(), Verdict::Success);
//! print!("{}", report.table());
//! ```

pub mod aggregate;
pub mod agree;
pub mod alloc;
pub mod compare;
mod definition;
mod error;
pub mod html;
pub mod jsonl;
pub mod output;
mod pairs;
pub mod plot;
mod report;
mod run;
pub mod statistics;
pub mod text;

pub use definition::{Definition, InstanceRecord, LimitSpec, PairSpec, Shard};
pub use error::BenchError;
pub use output::{Row, Summary};
pub use pairs::{Pair, base_options, pairs};
pub use report::{Report, ReportFormat, ReportOptions, Verdict};
pub use run::{Bench, Input, Runs, Spec, cancel_on_ctrl_c, check_jobs};
