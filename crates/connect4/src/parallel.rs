//! Solving one position on several cores: the root split ([`ParallelSolver`]) on one shared
//! table.
//!
//! The choice: parallel **at the root**, each thread with a [`Solver`] of its own, all of them
//! on ONE table of one-word atomic slots ([`Solver::sharing`], the core's
//! [`searchlab_core::TranspositionTable::share`]). The score is found by the same bisection of
//! the score range as the sequential solver (Pons' thresholds, pulled towards a draw), but each
//! test "does the player to move score at least `t`?" is answered by the root's children: the
//! threads take the children in the solver's move order, each asks "does playing this column
//! score at least `t`?" (one null-window test of the child), and the first child that does
//! answers yes and cancels the others; the answer is no when every child has failed. A thread
//! that finds no child left joins the first child still being searched (lazy SMP on that
//! child: both search it on the shared table, the first answer counts, the other stops)
//! instead of waiting for it.
//!
//! The shared table is what makes the split pay: what a thread learns on a column that turned
//! out not to be needed, and everything learnt in earlier tests, is read by every thread in
//! the next (with a table per thread the split cost 1.45-1.7x the sequential nodes; shared,
//! about 1.13x on the empty 6 x 5 board). A probe reads one whole word and its key bits, so it
//! never takes another position's entry, whatever the other threads write. On a board whose
//! keys leave no room for one-word slots, each thread has a table of its own
//! ([`ParallelSolver::tables`]).
//!
//! The best columns and, with `all_moves`, every column's score are found the same way, one
//! column per thread at a time. The scores equal the sequential solver's (tested on 5 x 4 and
//! 6 x 5 boards); node counts are the sum over the threads and vary from run to run.
//!
//! ```
//! use searchlab_connect4::{Board, Connect4, ParallelSolver, Rules, SolveOptions, Solver};
//!
//! let game = Connect4::new(Board::new(5, 4).unwrap(), Rules::Shortcuts);
//! let empty = game.board().parse("").unwrap();
//! let mut parallel = ParallelSolver::new(game.clone(), 1 << 20, 2);
//! let answer = parallel.solve(&empty, &SolveOptions::default()).unwrap();
//! let mut sequential = Solver::new(game, 1 << 20);
//! assert_eq!(answer.score, sequential.score_only(&empty, &SolveOptions::default()).unwrap());
//! ```

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use searchlab_core::{Cancel, Game, LimitKind, Limits, Stats, Value};

use crate::board::{Board, Position};
use crate::book::Book;
use crate::game::Connect4;
use crate::solver::{Analysis, SolveError, SolveOptions, Solver, tallied};

/// A solver that splits each question at the root between `threads` sequential [`Solver`]s
/// (see the module doc).
#[derive(Debug)]
pub struct ParallelSolver {
    solvers: Vec<Solver>,
}

/// One question about a child of the root.
#[derive(Clone, Copy)]
enum Ask {
    /// Does the root's mover score at least this by playing into the child?
    AtLeast(Value),
    /// The child's exact (or weak) score for its own mover.
    Score { weak: bool },
}

impl ParallelSolver {
    /// `threads` solvers (at least one) of `game` sharing one table of `table_bytes`
    /// ([`Solver::sharing`]), or each with a table of its own where the board's keys leave
    /// no room for one-word slots ([`Solver::table_shareable`]).
    pub fn new(game: Connect4, table_bytes: usize, threads: usize) -> Self {
        let first = Solver::new(game.clone(), table_bytes);
        let mut solvers = Vec::with_capacity(threads.max(1));
        for _ in 1..threads.max(1) {
            let next = first
                .sharing()
                .unwrap_or_else(|| Solver::new(game.clone(), table_bytes));
            solvers.push(next);
        }
        solvers.insert(0, first);
        ParallelSolver { solvers }
    }

    /// The number of tables of `table_bytes` a solver on `board` with `threads` threads
    /// allocates: one shared table, or one per thread where it cannot be shared. What counts
    /// against a memory limit.
    pub fn tables(board: &Board, table_bytes: usize, threads: usize) -> usize {
        if Solver::table_shareable(board, table_bytes) {
            1
        } else {
            threads.max(1)
        }
    }

    /// Answers every position `book` holds without a search, in every thread.
    pub fn with_book(mut self, book: Arc<Book>) -> Self {
        self.solvers = self
            .solvers
            .into_iter()
            .map(|s| s.with_book(Arc::clone(&book)))
            .collect();
        self
    }

    /// The number of threads.
    pub fn threads(&self) -> usize {
        self.solvers.len()
    }

    /// Empties every thread's table.
    pub fn reset(&mut self) {
        self.solvers.iter_mut().for_each(Solver::reset);
    }

    /// What [`Solver::solve`] answers (the same score, best columns and columns), computed on
    /// the threads. The node limit counts each thread's work apart; the time limit and the
    /// cancel flag apply to the whole call.
    ///
    /// # Complexity
    /// As the sequential solver's, split between the threads, plus the work a cancelled thread
    /// did on a child after another child had decided a test.
    ///
    /// # Errors
    /// [`SolveError::Stopped`] when a limit stops the search, with the work done until then.
    #[allow(
        clippy::result_large_err,
        reason = "one call per position; the statistics go back with the error, boxing them buys nothing"
    )]
    pub fn solve(
        &mut self,
        pos: &Position,
        options: &SolveOptions,
    ) -> Result<Analysis, (SolveError, Stats)> {
        tallied(|start, stats| self.analyse(pos, options, start, stats))
    }

    /// [`solve`](Self::solve)'s work, counted in `stats` as it goes.
    fn analyse(
        &mut self,
        pos: &Position,
        options: &SolveOptions,
        start: Instant,
        stats: &mut Stats,
    ) -> Result<Analysis, SolveError> {
        let weak = options.weak;
        let score = self.score(pos, weak, &options.limits, start, stats)?;
        let score_stats = stats.clone();
        let game = self.solvers[0].game().clone();
        let board = game.board().clone();
        let over = board.last_move_won(pos) || pos.stones() == board.cells();
        let mut best = Vec::new();
        let mut columns = Vec::new();
        if !over {
            let playable: Vec<(u8, Position)> = (0..board.width() as u8)
                .filter(|&c| board.can_play(pos, c))
                .map(|c| (c, board.play(pos, c)))
                .collect();
            let children: Vec<Position> = playable.iter().map(|p| p.1).collect();
            if options.all_moves {
                let ask = Ask::Score { weak };
                let answers = self.ask_all(&children, ask, false, &options.limits, start, stats)?;
                let mut by_col = vec![None; board.width() as usize];
                for ((c, _), child) in playable.iter().zip(answers) {
                    let col_score = -child.expect("every child answered");
                    by_col[usize::from(*c)] = Some(col_score);
                    if col_score == score {
                        best.push(u32::from(*c) + 1);
                    }
                }
                columns = by_col;
            } else if weak && score == -1 {
                // Every column loses: each is as good as any.
                best = playable.iter().map(|(c, _)| u32::from(*c) + 1).collect();
            } else {
                let ask = Ask::AtLeast(score);
                let answers = self.ask_all(&children, ask, false, &options.limits, start, stats)?;
                for ((c, _), reaches) in playable.iter().zip(answers) {
                    if reaches == Some(1) {
                        best.push(u32::from(*c) + 1);
                    }
                }
            }
        }
        stats.elapsed = start.elapsed();
        Ok(Analysis {
            score,
            weak,
            best,
            columns,
            stats: std::mem::take(stats),
            score_stats,
        })
    }

    /// The score of `pos` for its mover (weak: its sign), by bisection of the score range with
    /// each test split between the threads at the root.
    fn score(
        &mut self,
        pos: &Position,
        weak: bool,
        limits: &Limits,
        start: Instant,
        stats: &mut Stats,
    ) -> Result<Value, SolveError> {
        let solver = &mut self.solvers[0];
        let game = solver.game().clone();
        if game.decided(pos).is_some() || solver.book_has(pos) {
            return solver.score(pos, weak, limits, start, stats);
        }
        let mut children = Vec::new();
        game.moves(pos, &mut children);
        let children: Vec<Position> = children.iter().map(|c| game.play(pos, c)).collect();
        let m = game.max_score();
        // The score lies in lower..=upper.
        let (mut lower, mut upper) = if weak { (-1, 1) } else { (-m, m) };
        while lower < upper {
            let t = threshold(lower, upper);
            let answers = self.ask_all(&children, Ask::AtLeast(t), true, limits, start, stats)?;
            if answers.contains(&Some(1)) {
                lower = t;
            } else {
                upper = t - 1;
            }
        }
        Ok(lower)
    }

    /// Asks `ask` of every child, the threads taking them in order; a thread that finds no
    /// child left joins one still being searched (the first in order), on the shared table,
    /// instead of waiting: the first of the two to answer it answers, the other stops. With
    /// `first_yes`, the first child answering yes (1) stops the others (their answers stay
    /// `None`). Answers are 1 or 0 for [`Ask::AtLeast`], the score for [`Ask::Score`]; the
    /// threads' work is added to `stats`, also when a limit stops them.
    fn ask_all(
        &mut self,
        children: &[Position],
        ask: Ask,
        first_yes: bool,
        limits: &Limits,
        start: Instant,
        stats: &mut Stats,
    ) -> Result<Vec<Option<Value>>, SolveError> {
        let answers: Mutex<Vec<Option<Value>>> = Mutex::new(vec![None; children.len()]);
        let done = Mutex::new(Stats::default());
        // The node limit left after the work in `stats`, shared out between the threads: each
        // thread's children together get its share (a search's own count, `own` below, is
        // subtracted as it goes), so that all of them stop within the limit.
        let mut shared_out = limits.clone();
        shared_out.max_expanded = limits
            .max_expanded
            .map(|n| n.saturating_sub(stats.expanded) / self.solvers.len() as u64);
        let shared_out = &shared_out;
        let failure: Mutex<Option<SolveError>> = Mutex::new(None);
        let next = AtomicUsize::new(0);
        let finished = AtomicBool::new(false);
        let yes = AtomicBool::new(false);
        // Our own flags: `stop` when the test is decided or failed, and one per child, set
        // when the child is answered (stopping a thread that joined it) or on `stop`. The
        // caller's flag is watched and passed on.
        let stop = Cancel::new();
        let settled: Vec<Cancel> = children.iter().map(|_| Cancel::new()).collect();
        let halt = |settled: &[Cancel]| {
            stop.cancel();
            settled.iter().for_each(Cancel::cancel);
        };
        let (answers_ref, stats_ref, failure_ref, next, yes, stop_ref, settled, halt) = (
            &answers,
            &done,
            &failure,
            &next,
            &yes,
            &stop,
            &settled[..],
            &halt,
        );
        let work = |solver: &mut Solver| {
            let mut own = Stats::default();
            loop {
                if stop_ref.is_cancelled() {
                    break;
                }
                let taken = next.fetch_add(1, Ordering::Relaxed);
                let i = if taken < children.len() {
                    taken
                } else {
                    match settled.iter().position(|c| !c.is_cancelled()) {
                        Some(i) => i,
                        None => break,
                    }
                };
                let mut mine = shared_out.clone();
                mine.cancel = Some(settled[i].clone());
                let child = &children[i];
                let answer = match ask {
                    Ask::AtLeast(t) => solver
                        .at_least(child, t, &mine, start, &mut own)
                        .map(Value::from),
                    Ask::Score { weak } => solver.score(child, weak, &mine, start, &mut own),
                };
                match answer {
                    Ok(v) => {
                        answers_ref.lock().expect("no panic")[i].get_or_insert(v);
                        settled[i].cancel();
                        if first_yes && v == 1 {
                            yes.store(true, Ordering::Relaxed);
                            halt(settled);
                            break;
                        }
                    }
                    // Stopped by our own flags: another thread answered this
                    // child (go on), or decided the test (or the caller's flag,
                    // which the watcher recorded).
                    Err(SolveError::Stopped(LimitKind::Cancelled)) if settled[i].is_cancelled() => {
                    }
                    Err(e) => {
                        failure_ref.lock().expect("no panic").get_or_insert(e);
                        halt(settled);
                        break;
                    }
                }
            }
            *stats_ref.lock().expect("no panic") += &own;
        };
        std::thread::scope(|scope| {
            if let Some(outer) = limits.cancel.clone() {
                let finished = &finished;
                scope.spawn(move || {
                    while !finished.load(Ordering::Relaxed) {
                        if outer.is_cancelled() {
                            *failure_ref.lock().expect("no panic") =
                                Some(SolveError::Stopped(LimitKind::Cancelled));
                            halt(settled);
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(5));
                    }
                });
            }
            // The first solver works on this thread; the others on threads of their own, as
            // many as the system gives with room to spare (a refused thread is one helper
            // less, never a panic: issue 32).
            let work = &work;
            let mut solvers = self.solvers.iter_mut();
            let first = solvers.next().expect("at least one solver");
            let workers: Vec<_> = solvers
                .map_while(|solver| searchlab_core::spawn_with_room(scope, move || work(solver)))
                .collect();
            work(first);
            for w in workers {
                w.join().expect("a solver thread does not panic");
            }
            finished.store(true, Ordering::Relaxed);
        });
        // The work counts whether the test was decided or stopped.
        *stats += &done.into_inner().expect("no panic");
        let failure = failure.into_inner().expect("no panic");
        // A decided test wins over a failure that came after it.
        match failure {
            Some(e) if !yes.load(Ordering::Relaxed) => Err(e),
            _ => Ok(answers.into_inner().expect("no panic")),
        }
    }
}

/// The next threshold `t` in `lower + 1..=upper` of the bisection ("score >= t?"): the middle,
/// pulled halfway towards 0 (Pons' rule: scores cluster near a draw), as the core's
/// [`searchlab_core::Narrowing::Bisect`].
fn threshold(lower: Value, upper: Value) -> Value {
    let mut med = lower + (upper - lower) / 2;
    if med <= 0 && lower / 2 < med {
        med = lower / 2;
    } else if med >= 0 && upper / 2 > med {
        med = upper / 2;
    }
    med + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::game::Rules;
    use searchlab_core::SplitMix64;

    /// Random openings of `n` stones on `board` that are still open.
    fn openings(game: &Connect4, n: u32, count: usize, seed: u64) -> Vec<Position> {
        let board = game.board();
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = Position::default();
            for _ in 0..n {
                let cols: Vec<u8> = (0..board.width() as u8)
                    .filter(|&c| board.can_play(&pos, c))
                    .collect();
                pos = board.play(&pos, cols[rng.below(cols.len() as u64) as usize]);
                if board.last_move_won(&pos) {
                    break;
                }
            }
            if !board.last_move_won(&pos) {
                out.push(pos);
            }
        }
        out
    }

    fn agree(width: u32, height: u32, stones: &[u32]) {
        let game = Connect4::new(Board::new(width, height).unwrap(), Rules::Shortcuts);
        let mut parallel = ParallelSolver::new(game.clone(), 1 << 20, 2);
        let mut sequential = Solver::new(game.clone(), 1 << 20);
        let mut checked = 0;
        for &n in stones {
            for pos in openings(&game, n, 6, u64::from(n)) {
                for (weak, all_moves) in [(false, false), (true, false), (false, true)] {
                    let options = SolveOptions {
                        weak,
                        all_moves,
                        ..SolveOptions::default()
                    };
                    let want = sequential.solve(&pos, &options).unwrap();
                    let got = parallel.solve(&pos, &options).unwrap();
                    let ctx = format!("{width}x{height} {pos:?} weak {weak}");
                    assert_eq!(got.score, want.score, "{ctx}");
                    assert_eq!(got.best, want.best, "{ctx}");
                    assert_eq!(got.columns, want.columns, "{ctx}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, stones.len() * 18);
    }

    #[test]
    fn scores_and_best_columns_equal_the_sequential_solvers_on_5x4() {
        agree(5, 4, &[0, 1, 2, 4, 7]);
    }

    #[test]
    fn scores_and_best_columns_equal_the_sequential_solvers_on_6x5() {
        agree(6, 5, &[4, 8, 12]);
    }

    #[test]
    fn the_empty_6x5_board_and_a_time_limit() {
        let game = Connect4::new(Board::new(6, 5).unwrap(), Rules::Shortcuts);
        let empty = Position::default();
        let mut sequential = Solver::new(game.clone(), 4 << 20);
        let want = sequential
            .score_only(&empty, &SolveOptions::default())
            .unwrap();
        let mut parallel = ParallelSolver::new(game, 4 << 20, 2);
        let weak = SolveOptions {
            weak: true,
            ..SolveOptions::default()
        };
        assert_eq!(parallel.solve(&empty, &weak).unwrap().score, want.signum());
        parallel.reset();
        assert_eq!(
            parallel
                .solve(&empty, &SolveOptions::default())
                .unwrap()
                .score,
            want
        );
        // A limit stops every thread and is reported, never a wrong score.
        parallel.reset();
        let limited = SolveOptions {
            limits: Limits::none().with_timeout(Duration::ZERO),
            ..SolveOptions::default()
        };
        assert_eq!(
            parallel.solve(&empty, &limited).map_err(|(e, _)| e),
            Err(SolveError::Stopped(LimitKind::Time))
        );
        // A node limit: the threads' work until it stopped them is reported, and it is within
        // the limit (each thread had its share; before, each had all of it).
        parallel.reset();
        let limited = SolveOptions {
            limits: Limits::none().with_max_expanded(5000),
            ..SolveOptions::default()
        };
        let (error, work) = parallel.solve(&empty, &limited).unwrap_err();
        assert_eq!(error, SolveError::Stopped(LimitKind::Nodes));
        let threads = parallel.threads() as u64;
        assert!(
            work.expanded >= 5000 / threads && work.expanded <= 5000,
            "{work:?}"
        );
    }
}
