//! Running the work of a bench: one fresh problem and thread per run, on `--jobs` threads,
//! Ctrl-C stopping what has not started.

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use searchlab_core::{Answer, Cancel, Description, LimitKind, Limits, Status};

use super::{Item, Pair};
use crate::alloc::Meter;
use crate::error::BadInput;

/// The most `--jobs` per core accepted.
const MAX_JOBS_PER_CORE: usize = 8;

/// A finished run: its answer and the peak heap bytes of its search.
pub type Measured = (Answer, u64);

/// The results of every run: per instance, per pair, the run or `None` when it did not
/// finish (Ctrl-C); whether the user interrupted; how many runs there were to do.
pub type Runs = (Vec<Vec<Option<Measured>>>, bool, usize);

/// More threads than cores only share them; far more is a typo (`--jobs 10000`).
pub fn check_jobs(jobs: usize) -> Result<(), BadInput> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let most = MAX_JOBS_PER_CORE * cores;
    if jobs == 0 || jobs > most {
        return Err(BadInput(format!(
            "--jobs {jobs}: expected 1 to {most} ({MAX_JOBS_PER_CORE} per core, {cores} cores here)"
        )));
    }
    Ok(())
}

/// A cancel flag that Ctrl-C sets: no run starts after it, and the searches under way poll it
/// (every ~1000 expansions) and end with `Stopped(Cancelled)`, which counts as not finished.
fn cancel_on_ctrl_c() -> Cancel {
    let cancel = Cancel::new();
    let flag = cancel.clone();
    // ctrlc rather than raw signal handling: portable, no unsafe code here, and the handler
    // runs on its own thread, where setting a flag is all we do. Fails only when a handler is
    // already set, in which case Ctrl-C keeps its default. A second Ctrl-C ends the process.
    let _ = ctrlc::set_handler(move || {
        if flag.is_cancelled() {
            std::process::exit(130);
        }
        flag.cancel();
    });
    cancel
}

/// indicatif draws on stderr only when it is a terminal: silent when piped.
fn progress_bar(len: usize) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} runs  {elapsed_precise} {msg}")
    {
        bar.set_style(style);
    }
    if !bar.is_hidden() {
        // Redraw the elapsed time while one long search runs.
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
    }
    bar
}

/// One run: a fresh problem with the pair's options, prepared outside the measurement, then
/// the search, measured, on a thread of its own. The core keeps per-thread caches (A*'s dense
/// node table over all 8-puzzle boards is pooled per thread), which would otherwise be paid,
/// in time and in measured memory, by whichever run came first on a thread; and a problem may
/// keep a table across solves (Triangle War's solver). Every run thus starts from the same
/// state, as a single `searchlab solve` does.
fn one<D>(instance: &D::Instance, pair: &Pair, limits: &Limits) -> Result<Measured, String>
where
    D: Description,
    D::Instance: Sync,
{
    let measured = std::thread::scope(|scope| {
        std::thread::Builder::new()
            // The depth-first searches recurse once per ply; as much stack as the main thread
            // has, so that no search depends on where it runs.
            .stack_size(8 << 20)
            .spawn_scoped(scope, || -> Result<Measured, String> {
                let mut problem = D::new(&pair.options)?;
                problem.prepare(pair.algorithm, pair.given, &mut |_| {})?;
                let meter = Meter::start();
                let answer = problem.solve(instance, pair.algorithm, pair.given, limits);
                Ok((answer, meter.peak()))
            })
            .map(|handle| handle.join())
    });
    match measured {
        Ok(Ok(result)) => result,
        // A panic in a search is a bug: let it surface with its own message.
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(e) => Err(format!("cannot start a search thread: {e}")),
    }
}

/// Every pair on every instance, on `job_count` threads.
pub fn run_all<D>(
    items: &[Item<D::Instance>],
    pairs: &[Pair],
    limits: Limits,
    job_count: usize,
) -> anyhow::Result<Runs>
where
    D: Description,
    D::Instance: Sync,
{
    // Instance-major, so that an interrupted run has comparable results for every pair.
    let jobs: Vec<(usize, usize)> = (0..items.len())
        .flat_map(|i| (0..pairs.len()).map(move |p| (i, p)))
        .collect();
    let cancel = cancel_on_ctrl_c();
    let limits = limits.with_cancel(cancel.clone());
    let bar = progress_bar(jobs.len());
    let run = |&(i, p): &(usize, usize)| -> Result<Option<Measured>, String> {
        if cancel.is_cancelled() {
            return Ok(None);
        }
        let measured = one::<D>(&items[i].instance, &pairs[p], &limits)?;
        bar.inc(1);
        Ok((measured.0.status != Status::Stopped(LimitKind::Cancelled)).then_some(measured))
    };
    // No more threads than runs.
    let threads = job_count.min(jobs.len()).max(1);
    let results: Result<Vec<Option<Measured>>, String> = if threads == 1 {
        jobs.iter().map(run).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .context("starting the worker threads")?;
        pool.install(|| jobs.par_iter().map(run).collect())
    };
    bar.finish_and_clear();
    let mut by_item: Vec<Vec<Option<Measured>>> = (0..items.len()).map(|_| Vec::new()).collect();
    for (&(i, _), r) in jobs.iter().zip(results.map_err(BadInput)?) {
        by_item[i].push(r);
    }
    Ok((by_item, cancel.is_cancelled(), jobs.len()))
}
