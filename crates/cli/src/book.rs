//! `searchlab book connect4 --depth D -o FILE`: an opening book built by the solver
//! ([`searchlab_connect4::Book::build_with`]) on every core, for any board size, with a
//! progress bar on a terminal, checkpoints written through a temporary file renamed over
//! FILE, and `--resume` to continue a stopped build from FILE (Ctrl-C saves what is done).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Arg, ArgAction, ArgMatches, Command};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use searchlab_connect4::{Board, Book, BuildEvent, BuildOptions, Connect4, Rules};
use searchlab_toolkit::output::{check_writable, write_atomically};
use searchlab_toolkit::{Cancel, Limits};

use crate::error::BadInput;
use crate::registry::valued;

/// The most cells of a board whose empty position solves in seconds (6 x 5); on a larger one
/// the positions with few stones take minutes each, so the build is announced with a warning.
const QUICK_CELLS: u32 = 30;

/// `searchlab book`, one subcommand per game that has books (Connect Four).
pub fn command() -> Command {
    let connect4 = Command::new("connect4")
        .about("Exact scores of every Connect Four position up to D stones (mirror images folded)")
        .after_help(
            "The book is text: `connect4-book WIDTH HEIGHT DEPTH` then `KEY SCORE` per position \
             (searchlab_connect4::Book). `solve connect4`, `play connect4` and `match connect4` \
             read it with --book FILE. Checkpoints replace FILE (marked `partial`) while the \
             build runs; Ctrl-C saves what is done; --resume continues it.",
        )
        .arg(
            Arg::new("depth")
                .long("depth")
                .value_name("D")
                .required(true)
                .value_parser(clap::value_parser!(u32))
                .help("Every open position with at most D stones"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .value_name("FILE")
                .required(true)
                .value_parser(clap::value_parser!(PathBuf))
                .help("Where the book goes (through a temporary file renamed at the end)"),
        )
        .arg(
            Arg::new("resume")
                .long("resume")
                .action(ArgAction::SetTrue)
                .help("Continue the partial book in FILE (same board and depth)"),
        )
        .arg(
            valued("width", "W", "7")
                .value_parser(clap::value_parser!(u32))
                .help("Board width"),
        )
        .arg(
            valued("height", "H", "6")
                .value_parser(clap::value_parser!(u32))
                .help("Board height"),
        )
        .arg(
            valued("threads", "N", "0")
                .value_parser(clap::value_parser!(u32).range(0..=1024))
                .help("Threads, each solving whole positions (0: one per core)"),
        )
        .arg(
            valued("table-mb", "MB", "64")
                .value_parser(clap::value_parser!(u32).range(1..=1 << 20))
                .help("Each thread's transposition table, in MiB"),
        )
        .arg(
            valued("checkpoint", "SECS", "60")
                .value_parser(clap::value_parser!(u32).range(1..))
                .help("Seconds between checkpoints written to FILE"),
        );
    Command::new("book")
        .about("Build an opening book with the solver (Connect Four, any board size)")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(connect4)
}

/// Runs `searchlab book ...`.
pub fn run(m: &ArgMatches) -> anyhow::Result<ExitCode> {
    let Some(("connect4", m)) = m.subcommand() else {
        return Err(BadInput("name a game: connect4".into()).into());
    };
    let get = |id: &str| *m.get_one::<u32>(id).expect("has a default");
    let (width, height, depth) = (get("width"), get("height"), get("depth"));
    let board = Board::new(width, height)
        .map_err(|e| BadInput(format!("--width {width} --height {height}: {e}")))?;
    if depth >= board.cells() {
        return Err(BadInput(format!(
            "--depth {depth}: a {width} x {height} board has {} cells; give at most {}",
            board.cells(),
            board.cells() - 1
        ))
        .into());
    }
    let path = m.get_one::<PathBuf>("output").expect("required");
    let shown = path.display().to_string();
    check_writable("-o", path).map_err(BadInput)?;
    let resume = read_resume(&board, depth, path, m.get_flag("resume"))?;
    let threads = match get("threads") {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n as usize,
    };
    let total = Book::count(&board, depth);
    let done = resume.as_ref().map_or(0, Book::len);
    if done == total {
        let book = resume.expect("complete");
        writeln!(
            std::io::stdout(),
            "{shown} is complete: {} positions",
            book.len()
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    // Warn before work that takes minutes: boards past 6 x 5 (the empty board alone is tens
    // of CPU minutes on 7 x 6), or many positions.
    let left = total - done;
    if board.cells() > QUICK_CELLS || left > 50_000 {
        eprintln!(
            "searchlab: warning: {left} positions to solve on {width} x {height} \
             ({done} done already), on {threads} thread(s): positions with few stones on boards \
             past 6 x 5 take minutes each (the empty 7 x 6 board tens of CPU minutes), so this \
             may take hours. Checkpoints go to {shown}; Ctrl-C saves what is done; continue \
             with --resume."
        );
    }
    let cancel = Cancel::new();
    {
        let cancel = cancel.clone();
        let _ = ctrlc::set_handler(move || cancel.cancel());
    }
    let bar = progress_bar(total as u64, done as u64);
    let options = BuildOptions {
        depth,
        table_bytes: (get("table-mb") as usize) << 20,
        threads,
        limits: Limits::none().with_cancel(cancel.clone()),
        checkpoint_every: Duration::from_secs(u64::from(get("checkpoint"))),
        resume,
    };
    let game = Connect4::new(board, Rules::Shortcuts);
    let start = Instant::now();
    let mut saved = done;
    let result = Book::build_with(&game, &options, &mut |event| {
        match event {
            BuildEvent::Solved { done, .. } => bar.set_position(done as u64),
            BuildEvent::Checkpoint(book) => {
                write_atomically(path, book.to_text().as_bytes())
                    .map_err(|e| format!("{shown}: {e}"))?;
                saved = book.len();
            }
        }
        Ok(())
    });
    bar.finish_and_clear();
    let book = match result {
        Ok(book) => book,
        Err(e) if cancel.is_cancelled() => {
            eprintln!(
                "searchlab: stopped ({e}): {saved} of {total} positions saved in {shown} \
                 (partial); continue with --resume"
            );
            return Ok(ExitCode::from(130));
        }
        Err(e) => return Err(anyhow::anyhow!("book: {e}")),
    };
    let text = book.to_text();
    write_atomically(path, text.as_bytes()).map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
    writeln!(
        std::io::stdout(),
        "connect4 {width} x {height} book to {depth} stones: {} positions, {} bytes, \
         written to {shown} ({} solved in {:.1} s on {threads} thread(s))",
        book.len(),
        text.len(),
        total - done,
        start.elapsed().as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The partial book in `path` to continue (`--resume`), or none; without `--resume` a
/// partial book there is not replaced (that would lose its work).
fn read_resume(
    board: &Board,
    depth: u32,
    path: &Path,
    resume: bool,
) -> Result<Option<Book>, BadInput> {
    let shown = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && resume => {
            return Err(BadInput(format!(
                "--resume: {shown} does not exist (leave --resume out to start a book)"
            )));
        }
        Err(_) if !resume => return Ok(None),
        Err(e) => return Err(BadInput(format!("--resume: {shown}: {e}"))),
    };
    if !resume {
        if text.lines().next().is_some_and(|l| l.ends_with(" partial")) {
            return Err(BadInput(format!(
                "{shown} holds a partial book: continue it with --resume, or remove it to \
                 start again"
            )));
        }
        return Ok(None);
    }
    let book = Book::from_text(board, &text).map_err(|e| BadInput(format!("{shown}: {e}")))?;
    if book.depth() != depth {
        return Err(BadInput(format!(
            "--resume: {shown} is a book to {} stones, not {depth}: give --depth {}",
            book.depth(),
            book.depth()
        )));
    }
    Ok(Some(book))
}

/// `done/total [elapsed] bar eta` on stderr when it is a terminal; nothing otherwise.
fn progress_bar(total: u64, done: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} {pos}/{len} positions [{elapsed_precise}] {bar:30} eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar.set_position(done);
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}
