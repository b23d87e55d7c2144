//! Replays: a recorded search as one self-contained HTML page that plays it step by step.
//!
//! The events are those `--trace` writes (the core's [`searchlab_toolkit::observe`]): a
//! [`Recorder`] receives them as a [`searchlab_toolkit::observe::Tracer`], a [`Page`] holds one
//! instance's [`Scene`] and one [`Run`] per algorithm, and [`Page::write`] writes the page.
//! The page defines `window.replay` (and, with several runs, `window.replays`, in the order
//! of the runs) with `length`, `seek(i)` and `state()`, for tests and for users' own tools.

mod page;
mod record;
mod scene;

pub use page::{Page, Run, check_dir, check_file, numbered};
pub use record::{Event, Recorder, Recording, Recordings, record_search};
pub use scene::{Drawn, Scene};
