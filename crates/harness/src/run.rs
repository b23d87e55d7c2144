//! Running a benchmark's work: one fresh problem and thread per run, on `jobs` threads, a
//! cancel flag stopping what has not started.

use std::collections::HashSet;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use searchlab_toolkit::describe::{agrees, claims_exact};
use searchlab_toolkit::{Answer, Cancel, Description, LimitKind, Limits, Note, Status};

use crate::BenchError;
use crate::alloc::Meter;
use crate::definition::{Definition, InstanceRecord, LimitSpec, Shard};
use crate::output::{Row, Verdict};
use crate::pairs::{Pair, base_options, pairs};

/// The most jobs per core accepted.
const MAX_JOBS_PER_CORE: usize = 8;

/// What to benchmark, by name, as a user writes it.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Algorithms, each with optional problem options after `+` (empty: the default one).
    pub algorithms: Vec<String>,
    /// Heuristics (games: move orders); empty: the default one.
    pub heuristics: Vec<String>,
    /// Problem options for every pair: `NAME=VALUE`, or `NAME` for a flag.
    pub options: Vec<String>,
    /// The limits, as recorded in the definition (the runs take a [`Limits`] of their own).
    pub limits: LimitSpec,
    /// The instance files as named, for the definition.
    pub files: Vec<String>,
    /// Searches at once.
    pub jobs: usize,
    /// The slice of the work list to run.
    pub shard: Shard,
}

impl Default for Spec {
    fn default() -> Self {
        Spec {
            algorithms: Vec::new(),
            heuristics: Vec::new(),
            options: Vec::new(),
            limits: LimitSpec::default(),
            files: Vec::new(),
            jobs: 1,
            shard: Shard::ALL,
        }
    }
}

impl Spec {
    /// Checks the names, options and job count against the problem `D` before any instance
    /// is read, and returns the problem options of every pair (to parse instances with).
    ///
    /// # Errors
    ///
    /// [`BenchError::BadInput`] naming the unknown algorithm, heuristic or option, or the bad
    /// job count.
    pub fn check<D: Description>(&self) -> Result<searchlab_toolkit::Options, BenchError> {
        pairs::<D>(&self.algorithms, &self.heuristics, &self.options)?;
        check_jobs(self.jobs)?;
        base_options::<D>(&self.options)
    }
}

impl LimitSpec {
    /// The limits of the searches (no memory limit unless one is given).
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::none();
        limits.max_expanded = self.max_nodes;
        limits.max_cost = self.max_depth;
        limits.max_memory = self.max_memory;
        if let Some(secs) = self.timeout {
            limits = limits.with_timeout(std::time::Duration::from_secs_f64(secs));
        }
        limits
    }
}

/// One instance read, parsed or not, with where it came from.
#[derive(Debug)]
pub struct Input<I> {
    /// The file (`stdin` for standard input).
    pub file: String,
    /// The 1-based line; `None` for an instance that spans the whole file.
    pub line: Option<usize>,
    /// The instance as written (or as the problem shows it).
    pub text: String,
    /// The expected answer written after `|`.
    pub expected: Option<String>,
    /// The instance, or what is wrong with it.
    pub instance: Result<I, String>,
}

impl<I> Input<I> {
    /// Line `line` of `file`, `INSTANCE | EXPECTED` or `INSTANCE`, parsed by `problem`.
    pub fn line<D: Description<Instance = I>>(
        problem: &D,
        file: &str,
        line: usize,
        text: &str,
    ) -> Self {
        let (text, expected) = match text.split_once('|') {
            Some((t, e)) => (t.trim(), Some(e.trim().to_owned())),
            None => (text.trim(), None),
        };
        Input {
            file: file.to_owned(),
            line: Some(line),
            text: text.to_owned(),
            expected,
            instance: problem.parse(text),
        }
    }

    /// `file:line`, or the file alone.
    pub fn source(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{line}", self.file),
            None => self.file.clone(),
        }
    }
}

/// What a run of the work produced.
#[derive(Debug)]
pub struct Runs {
    /// Every row of the slice that finished (those given as done included), pair-major and
    /// in input order: the same for every job count and run order.
    pub rows: Vec<Row>,
    /// Whether the cancel flag stopped the work before its end.
    pub interrupted: bool,
}

/// A benchmark of the problem `D`, ready to run: its definition, its pairs and the good
/// instances of its shard.
pub struct Bench<D: Description> {
    definition: Definition,
    pairs: Vec<Pair>,
    shard: Shard,
    jobs: usize,
    /// The good instances of the shard: (position among all instances read, instance).
    items: Vec<(usize, D::Instance)>,
}

/// More threads than cores only share them; far more is a typo (`--jobs 10000`).
pub fn check_jobs(jobs: usize) -> Result<(), BenchError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let most = MAX_JOBS_PER_CORE * cores;
    if jobs == 0 || jobs > most {
        return Err(BenchError::BadInput(format!(
            "--jobs {jobs}: expected 1 to {most} ({MAX_JOBS_PER_CORE} per core, {cores} cores here)"
        )));
    }
    Ok(())
}

/// A cancel flag that Ctrl-C sets: no run starts after it, and the searches under way poll it
/// (every ~1000 expansions) and end with `Stopped(Cancelled)`, which counts as not finished.
/// A second Ctrl-C ends the process at once (status 130).
pub fn cancel_on_ctrl_c() -> Cancel {
    let cancel = Cancel::new();
    let flag = cancel.clone();
    // ctrlc rather than raw signal handling: portable, no unsafe code here, and the handler
    // runs on its own thread, where setting a flag is all we do. Fails only when a handler is
    // already set, in which case Ctrl-C keeps its default.
    let _ = ctrlc::set_handler(move || {
        if flag.is_cancelled() {
            std::process::exit(130);
        }
        flag.cancel();
    });
    cancel
}

/// indicatif draws on stderr only when it is a terminal: silent when piped.
fn progress_bar(len: usize, done: usize) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} runs  {elapsed_precise} {msg}")
    {
        bar.set_style(style);
    }
    bar.set_position(done as u64);
    if !bar.is_hidden() {
        // Redraw the elapsed time while one long search runs.
        bar.enable_steady_tick(std::time::Duration::from_millis(250));
    }
    bar
}

impl<D> Bench<D>
where
    D: Description,
    D::Instance: Sync,
{
    /// The benchmark `spec` asks for over `inputs` (every instance read, good and bad, in
    /// input order; the shard's good ones run).
    ///
    /// # Errors
    ///
    /// [`BenchError::BadInput`] for an unknown algorithm, heuristic or option, a bad job
    /// count, or no instances at all.
    pub fn new(spec: &Spec, inputs: Vec<Input<D::Instance>>) -> Result<Self, BenchError> {
        spec.check::<D>()?;
        let pairs = pairs::<D>(&spec.algorithms, &spec.heuristics, &spec.options)?;
        if inputs.is_empty() {
            return Err(BenchError::BadInput(
                "no instances in the files given".into(),
            ));
        }
        let mut instances = Vec::new();
        let mut items = Vec::new();
        for (position, input) in inputs.into_iter().enumerate() {
            let source = input.source();
            let error = match input.instance {
                Ok(instance) => {
                    if spec.shard.owns(position) {
                        items.push((position, instance));
                    }
                    None
                }
                Err(e) => Some(e),
            };
            instances.push(InstanceRecord {
                source,
                file: input.file,
                line: input.line,
                text: input.text,
                expected: input.expected,
                error,
            });
        }
        let definition = Definition {
            problem: D::NAME.to_owned(),
            kind: Definition::kind_name(D::KIND).to_owned(),
            options: spec.options.clone(),
            pairs: pairs.iter().map(Pair::spec).collect(),
            limits: spec.limits,
            files: spec.files.clone(),
            instances,
        };
        Ok(Bench {
            definition,
            pairs,
            shard: spec.shard,
            jobs: spec.jobs,
            items,
        })
    }

    /// The benchmark's definition (the same for every shard of it).
    pub fn definition(&self) -> &Definition {
        &self.definition
    }

    /// The slice this bench runs.
    pub fn shard(&self) -> Shard {
        self.shard
    }

    /// The pairs.
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// How many runs of the slice `done` leaves to do.
    pub fn remaining(&self, done: &[Row]) -> usize {
        let finished: HashSet<(usize, usize)> = done.iter().map(|r| (r.index, r.pair)).collect();
        self.work().iter().filter(|w| !finished.contains(w)).count()
    }

    /// The slice's work list: (position of the instance among all read, pair number),
    /// instance-major, so that an interrupted run has comparable results for every pair.
    pub fn work(&self) -> Vec<(usize, usize)> {
        let pairs = self.pairs.len();
        self.items
            .iter()
            .flat_map(|&(i, _)| (0..pairs).map(move |p| (i, p)))
            .collect()
    }

    /// Makes every pair's problem once and prepares it (building or caching its tables, and
    /// telling `note`), so that bad options fail before any run and no run waits.
    ///
    /// # Errors
    ///
    /// [`BenchError::BadInput`] with the description's message when it refuses the options
    /// or the pair.
    pub fn prepare(&self, note: &mut dyn FnMut(Note)) -> Result<(), BenchError> {
        for pair in &self.pairs {
            let mut problem = D::new(&pair.options).map_err(BenchError::BadInput)?;
            problem
                .prepare(pair.algorithm, &pair.given, note)
                .map_err(BenchError::BadInput)?;
            note(Note::Finished);
        }
        Ok(())
    }

    /// Runs the slice's work under `limits` on the bench's job count, except the runs of
    /// `done` (rows of an earlier, interrupted run of the same definition and slice), and
    /// hands each finished run to `on_row` as it ends (from the worker threads, one at a
    /// time; an error of `on_row` ends the work with it). `cancel` stops the work: no run starts after it, and a run it cuts short is
    /// not a row.
    ///
    /// # Errors
    ///
    /// [`BenchError::BadInput`] when a pair's problem cannot be made; [`BenchError::Io`]
    /// when a worker thread cannot start or `on_row` fails.
    pub fn run(
        &self,
        limits: &Limits,
        done: &[Row],
        cancel: &Cancel,
        on_row: &(dyn Fn(&Row, &Answer) -> std::io::Result<()> + Sync),
    ) -> Result<Runs, BenchError> {
        let finished: HashSet<(usize, usize)> = done.iter().map(|r| (r.index, r.pair)).collect();
        let all = self.work();
        let todo: Vec<(usize, usize)> = all
            .iter()
            .copied()
            .filter(|w| !finished.contains(w))
            .collect();
        let limits = limits.clone().with_cancel(cancel.clone());
        let bar = progress_bar(all.len(), all.len() - todo.len());
        let instances: std::collections::HashMap<usize, &D::Instance> =
            self.items.iter().map(|(i, x)| (*i, x)).collect();
        let new_rows = Mutex::new(Vec::new());
        let kind = D::KIND;
        let run = |&(i, p): &(usize, usize)| -> Result<(), BenchError> {
            if cancel.is_cancelled() {
                return Ok(());
            }
            let pair = &self.pairs[p];
            let expected = self.definition.instances[i].expected.as_deref();
            let (answer, peak, left, verdict) = one::<D>(instances[&i], pair, &limits, expected)?;
            bar.inc(1);
            if answer.status == Status::Stopped(LimitKind::Cancelled) {
                return Ok(());
            }
            let spec = &self.definition.pairs[p];
            let row = Row::new(
                kind,
                (i, &self.definition.instances[i]),
                (p, spec),
                &answer,
                (peak, left),
            )
            .judged(verdict);
            let mut rows = new_rows.lock().unwrap_or_else(|e| e.into_inner());
            on_row(&row, &answer)?;
            rows.push(row);
            Ok(())
        };
        // No more threads than runs.
        let threads = self.jobs.min(todo.len()).max(1);
        let result: Result<(), BenchError> = if threads == 1 {
            todo.iter().try_for_each(run)
        } else {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| BenchError::Io(std::io::Error::other(e)))?;
            pool.install(|| todo.par_iter().try_for_each(run))
        };
        bar.finish_and_clear();
        result?;
        let mut rows: Vec<Row> = done.to_vec();
        rows.extend(new_rows.into_inner().unwrap_or_else(|e| e.into_inner()));
        rows.sort_by_key(|r| (r.pair, r.index));
        Ok(Runs {
            rows,
            interrupted: cancel.is_cancelled(),
        })
    }
}

/// One run: a fresh problem with the pair's options, prepared outside the measurement, then
/// the search ([`Description::solve_for_bench`]), measured, on a thread of its own; with the
/// game's moves left ([`Description::moves_left`]). The core keeps per-thread caches (A*'s dense
/// node table over all 8-puzzle boards is pooled per thread), which would otherwise be paid,
/// in time and in measured memory, by whichever run came first on a thread; and a problem may
/// keep a table across solves (Triangle War's solver). Every run thus starts from the same
/// state, as a single `searchlab solve` does.
fn one<D>(
    instance: &D::Instance,
    pair: &Pair,
    limits: &Limits,
    expected: Option<&str>,
) -> Result<(Answer, u64, Option<u64>, Verdict), BenchError>
where
    D: Description,
    D::Instance: Sync,
{
    let measured = std::thread::scope(|scope| {
        std::thread::Builder::new()
            // The depth-first searches recurse once per ply; as much stack as the main thread
            // has, so that no search depends on where it runs.
            .stack_size(8 << 20)
            .spawn_scoped(
                scope,
                || -> Result<(Answer, u64, Option<u64>, Verdict), String> {
                    let mut problem = D::new(&pair.options)?;
                    problem.prepare(pair.algorithm, &pair.given, &mut |_| {})?;
                    let meter = Meter::start();
                    let answer =
                        problem.solve_for_bench(instance, pair.algorithm, &pair.given, limits);
                    let peak = meter.peak();
                    // Judged as `solve` judges: the same rule, the problem's own precision.
                    let verdict = Verdict {
                        exact: claims_exact(pair.algorithm, &answer),
                        agrees: expected.map(|e| agrees(&problem, pair.algorithm, &answer, e)),
                    };
                    Ok((answer, peak, problem.moves_left(instance), verdict))
                },
            )
            .map(|handle| handle.join())
    });
    match measured {
        Ok(Ok(result)) => result.map_err(BenchError::BadInput),
        // A panic in a search is a bug: let it surface with its own message.
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(e) => Err(BenchError::Io(std::io::Error::other(format!(
            "cannot start a search thread: {e}"
        )))),
    }
}
