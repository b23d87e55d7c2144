//! # searchlab-cli
//!
//! The `searchlab` command line as a library: the binary (`src/main.rs`) is one call to
//! [`run`]. It parses arguments and drives the problems of the registry: `solve`, `gen` and
//! `list` are built from it, so every problem behaves the same. Exit status: 0 on success, 2 on
//! bad input (after answering every good instance of a batch), 1 on any other failure (a limit
//! stopped a search, an answer differed from the expected one).
//!
//! Bindings that have no command line (the Python package) call [`api`]: the same registry
//! and driver, with the choices given as values instead of flags.

pub mod api;
mod batch;
mod bench;
mod book;
mod error;
mod limits;
mod matchcmd;
mod play;
mod progress;
mod registry;
mod render;
mod shell;
mod tournament;
mod trace;

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::error::BadInput;

#[derive(Parser)]
#[command(name = "searchlab", version, about = "A state-space search toolkit", long_about = None)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

/// The commands that are not built from the registry (`solve`, `gen` and `list` are).
#[derive(Subcommand)]
enum Command {
    /// Reproduce an online judge's input/output exactly (stdin to stdout): 1077, 2286, 1568, 1085.
    Judge {
        /// The POJ problem number.
        problem: u32,
    },
    /// Run algorithms against each other over instance files and compare them.
    Bench(Box<bench::BenchArgs>),
    /// Report on saved bench runs: merge shard files, compare two builds, write an HTML page.
    Report(Box<bench::ReportArgs>),
}

/// `searchlab help [TOPIC...]`: `stats`, or the help of the command named (as clap's own
/// `help` subcommand would print it).
fn help(mut command: clap::Command, topic: &[&String]) -> anyhow::Result<ExitCode> {
    if topic.first().is_some_and(|t| *t == "stats") {
        let mut out = std::io::stdout().lock();
        out.write_all(searchlab_toolkit::stats_text::statistics_page().as_bytes())?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    // Built, so that each subcommand knows its full name: `Usage: searchlab solve fifteen`,
    // not `Usage: fifteen` (issue 31).
    command.build();
    let mut cmd = &mut command;
    for name in topic {
        cmd = cmd.find_subcommand_mut(name.as_str()).ok_or_else(|| {
            BadInput(format!(
                "help: no command or topic '{name}' (topics: stats; commands: see `searchlab help`)"
            ))
        })?;
    }
    let mut out = std::io::stdout().lock();
    write!(out, "{}", cmd.render_long_help())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Restores the default action of SIGPIPE, which the Rust runtime ignores: a write to a closed
/// pipe (`searchlab solve ... | head -1`) then ends the process quietly, as it ends `cat`,
/// instead of a panic in whichever `println!` meets the closed pipe first (exit 101, or 134
/// when the panic message itself cannot be written; issue 31).
#[cfg(unix)]
#[allow(unsafe_code, reason = "one libc call, with no memory involved")]
fn default_sigpipe() {
    // SAFETY: `signal` with SIG_DFL installs no handler; it is called before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn default_sigpipe() {}

/// `--help` and `--version` written by us, so that a failed write (`--help > /dev/full`) is an
/// error with exit status 1, not a silent success; every other clap error as clap prints it.
fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if !matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        e.exit();
    }
    let mut out = std::io::stdout().lock();
    match write!(out, "{}", e.render()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("searchlab: cannot write the help: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `searchlab` on the process's arguments and returns its exit status: what the
/// binary's `main` does ([`Cli::default`] run).
pub fn run() -> ExitCode {
    Cli::default().run()
}

/// A `searchlab` of your own: the whole tool (`solve`, `bench`, `list`, `gen`, `play`,
/// `match`, `report`, `help`, completions) over the problems and algorithms given.
///
/// [`Cli::default`] is the `searchlab` binary: every problem of this workspace and every
/// algorithm of the catalogue. Add a problem (any [`searchlab_toolkit::Description`]) with
/// [`problem`](Cli::problem), a game that people and strategies can play with
/// [`game`](Cli::game), a single-agent algorithm ([`searchlab_toolkit::plugin::SearchPlugin`])
/// with [`algorithm`](Cli::algorithm); every problem of the puzzle kind that lists the
/// algorithms of its kind by default runs the new algorithm too.
///
/// ```no_run
/// # use searchlab_toolkit::plugin::SearchPlugin;
/// # fn own<D: searchlab_toolkit::Description, A: SearchPlugin>() -> std::process::ExitCode
/// # where D::Instance: Sync + 'static {
/// searchlab_cli::Cli::default()
///     .name("own-searchlab")
///     .problem::<D>()
///     .algorithm::<A>()
///     .run()
/// # }
/// ```
pub struct Cli {
    problems: Vec<fn() -> registry::ProblemEntry>,
    algorithms: Vec<fn() -> Result<searchlab_toolkit::SearchAlgorithm, String>>,
    name: &'static str,
    about: &'static str,
    version: &'static str,
}

impl Default for Cli {
    /// `searchlab` itself, registered the way a crate of its own registers its problems and
    /// algorithms: every problem of this workspace (in the order `list` shows them), then the
    /// binary's plugin list. It is empty: every algorithm of this workspace is a built-in of
    /// the catalogue (`docs/adding-an-algorithm.md`); an algorithm of another crate joins it
    /// with one `.algorithm::<A>()` line here.
    fn default() -> Self {
        Cli::new()
            .problem::<searchlab_npuzzle::describe::EightPuzzle>()
            .problem::<searchlab_npuzzle::describe::FifteenPuzzle>()
            .problem::<searchlab_npuzzle::describe::TwentyFourPuzzle>()
            .problem::<searchlab_rotation::describe::Rotation>()
            .game::<searchlab_tictactoe::describe::TicTacToeGame>()
            .game::<searchlab_triangle::describe::Triangle>()
            .problem::<searchlab_gametree::describe::Tree>()
            .problem::<searchlab_waterjug::WaterJug>()
            .game::<searchlab_connect4::describe::Connect4Game>()
            .problem::<searchlab_graph::describe::GraphProblem>()
            .problem::<searchlab_grid::describe::GridPaths>()
    }
}

impl Cli {
    /// A tool with no problem and no plugin yet, named `searchlab`: what [`Cli::default`]
    /// starts from.
    pub fn new() -> Self {
        Cli {
            problems: Vec::new(),
            algorithms: Vec::new(),
            name: "searchlab",
            about: "A state-space search toolkit",
            version: env!("CARGO_PKG_VERSION"),
        }
    }

    /// Adds the problem `D`, after those already there (`list` and `--help` show them in
    /// this order).
    pub fn problem<D: searchlab_toolkit::Description>(mut self) -> Self
    where
        D::Instance: Sync + 'static,
    {
        self.problems.push(registry::ProblemEntry::of::<D>);
        self
    }

    /// Adds the game `D` with its `match` and `play` commands.
    pub fn game<D: searchlab_toolkit::Playable>(mut self) -> Self
    where
        D::Instance: Sync + 'static,
    {
        self.problems.push(registry::ProblemEntry::game::<D>);
        self
    }

    /// Adds the single-agent algorithm `A` ([`searchlab_toolkit::plugin`]).
    pub fn algorithm<A: searchlab_toolkit::plugin::SearchPlugin>(mut self) -> Self {
        self.algorithms
            .push(searchlab_toolkit::SearchAlgorithm::register::<A>);
        self
    }

    /// The binary's name, in `--help`, `--version` and completion scripts.
    pub fn name(mut self, name: &'static str) -> Self {
        self.name = name;
        self
    }

    /// The one line `--help` begins with.
    pub fn about(mut self, about: &'static str) -> Self {
        self.about = about;
        self
    }

    /// The version `--version` prints (your crate's: `env!("CARGO_PKG_VERSION")`).
    pub fn version(mut self, version: &'static str) -> Self {
        self.version = version;
        self
    }

    /// Runs the tool on the process's arguments and returns its exit status.
    pub fn run(self) -> ExitCode {
        default_sigpipe();
        match self.entries() {
            Ok(entries) => run_with(&entries, self.name, self.about, self.version),
            Err(err) => {
                eprintln!("{}: {err}", self.name);
                ExitCode::FAILURE
            }
        }
    }

    /// Registers the plugins, then makes the problems' entries (in that order: an entry lists
    /// the algorithms registered when it is made).
    fn entries(&self) -> Result<Vec<registry::ProblemEntry>, String> {
        for register in &self.algorithms {
            register()?;
        }
        Ok(self.problems.iter().map(|of| of()).collect())
    }
}

/// The commands in the order `--help` lists them.
const ORDER: [&str; 11] = [
    "solve",
    "gen",
    "bench",
    "report",
    "match",
    "play",
    "list",
    "judge",
    "help",
    "completions",
    "man",
];

/// How much of the command tree a run needs. Every subcommand of every problem makes clap's
/// tree (over a thousand arguments), and building it was most of a short run's start-up
/// (`searchlab --version`: 3.5 M instructions and 400 page faults, against a whole 8-puzzle
/// A* batch of 270 boards in 20 ms; issue 34). A run of `solve eight ...` parses with the tree
/// of `solve eight` alone, which parses, checks and reports exactly as the whole tree would
/// (the same subcommand, built by the same function); anything else gets the whole tree.
#[derive(Clone, Copy)]
enum Needs {
    /// Every command and problem: help, completions, man pages, the derive's commands, and
    /// any command line that does not begin with a registry command and one of its problems.
    Whole,
    /// The registry command built by `.0` for the problem `entries[.1]` only.
    One(PerProblem, usize),
}

/// What builds a registry command over some problems' entries.
type PerProblem = fn(&[registry::ProblemEntry]) -> clap::Command;

/// The registry commands with a subcommand per problem, by name, and what builds each (the
/// same functions build them in the whole tree, in `--help`'s order).
const PER_PROBLEM: [(&str, PerProblem); 5] = [
    ("solve", registry::solve_command),
    ("gen", registry::gen_command),
    ("match", matchcmd::match_command),
    ("play", play::play_command),
    ("tournament", tournament::command),
];

impl Needs {
    /// What `argv` (the program's name first) needs.
    fn of(entries: &[registry::ProblemEntry], argv: &[std::ffi::OsString]) -> Needs {
        let arg = |k: usize| argv.get(k).and_then(|a| a.to_str());
        let (Some(cmd), Some(problem)) = (arg(1), arg(2)) else {
            return Needs::Whole;
        };
        match (
            PER_PROBLEM.iter().find(|(name, _)| *name == cmd),
            entries.iter().position(|e| e.name == problem),
        ) {
            (Some(&(_, build)), Some(k)) => Needs::One(build, k),
            _ => Needs::Whole,
        }
    }
}

/// The command tree of the tool over `entries`, or the part of it that `needs` says.
fn command(
    entries: &[registry::ProblemEntry],
    name: &'static str,
    about: &'static str,
    version: &'static str,
    needs: Needs,
) -> clap::Command {
    if let Needs::One(build, k) = needs {
        let sub = build(&entries[k..=k]);
        // A problem that this command does not take (`play eight`) has no subcommand here:
        // the whole tree then says so as it always has.
        if sub.find_subcommand(entries[k].name).is_some() {
            return clap::Command::new(name)
                .about(about)
                .version(version)
                .disable_help_subcommand(true)
                .subcommand(sub);
        }
    }
    let command = Args::command()
        .name(name)
        .about(about)
        .version(version)
        // Our own `help`, which knows topics beside the commands (`help stats`).
        .disable_help_subcommand(true)
        .subcommand(
            clap::Command::new("help")
                .about("Print help: of a command (`help solve fifteen`), or `help stats` (what every statistic means)")
                .arg(clap::Arg::new("topic").num_args(0..).value_name("COMMAND|stats")),
        )
        .subcommand(registry::solve_command(entries))
        .subcommand(registry::gen_command(entries))
        .subcommand(matchcmd::match_command(entries))
        .subcommand(play::play_command(entries))
        .subcommand(book::command())
        .subcommand(tournament::command(entries))
        .subcommands(shell::commands())
        .subcommand(
            clap::Command::new("list")
                .about("List every problem with its algorithms and heuristics")
                .arg(render::AnswerFormat::arg(
                    "Output format: text, or JSON Lines (one problem per line)",
                )),
        );
    // The main job first, then the commands around it (issue 31: judge, bench and report came
    // before solve).
    ORDER
        .iter()
        .enumerate()
        .fold(command, |command, (k, name)| {
            command.mut_subcommand(name, |c| c.display_order(k))
        })
}

/// The tool over `entries`.
fn run_with(
    entries: &[registry::ProblemEntry],
    name: &'static str,
    about: &'static str,
    version: &'static str,
) -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let needs = Needs::of(entries, &argv);
    let tree = command(entries, name, about, version, needs);
    // `help`, `completions` and `man` read the whole tree after parsing: only they keep a copy
    // (cloning the tree was a third of the start-up's instructions, issue 34).
    let (parsed, kept) = if matches!(needs, Needs::Whole) {
        (tree.clone().try_get_matches_from(argv), Some(tree))
    } else {
        (tree.try_get_matches_from(argv), None)
    };
    let matches = match parsed {
        Ok(matches) => matches,
        Err(e) => return clap_exit(e),
    };
    let whole = || kept.unwrap_or_else(|| command(entries, name, about, version, Needs::Whole));
    let result = match matches.subcommand() {
        Some(("help", m)) => {
            let topic: Vec<&String> = m
                .get_many::<String>("topic")
                .into_iter()
                .flatten()
                .collect();
            help(whole(), &topic)
        }
        Some(("solve", m)) => {
            // A solve's progress line is redrawn in place on stderr: Ctrl-C would leave its
            // last frame behind the shell prompt. Wipe it, then end as the signal would (130).
            // (bench sets its own handler, which keeps partial results.)
            let _ = ctrlc::set_handler(|| {
                use std::io::IsTerminal;
                if std::io::stderr().is_terminal() {
                    eprint!("\r\x1b[2K");
                }
                std::process::exit(130);
            });
            registry::run_solve(entries, m)
        }
        Some(("gen", m)) => registry::run_gen(entries, m),
        Some((which @ ("completions" | "man"), m)) => shell::run(whole(), which, m),
        Some(("match", m)) => matchcmd::dispatch(entries, m, |f| f.run_match),
        Some(("play", m)) => matchcmd::dispatch(entries, m, |f| f.run_play),
        Some(("book", m)) => book::run(m),
        Some(("tournament", m)) => matchcmd::dispatch(entries, m, |f| f.run_tournament),
        Some(("list", m)) => registry::list(
            entries,
            render::AnswerFormat::of(m) == render::AnswerFormat::Json,
        ),
        _ => match Args::from_arg_matches(&matches) {
            Ok(cli) => match cli.command {
                Command::Judge { problem } => judge(entries, problem),
                Command::Bench(args) => bench::run(entries, *args),
                Command::Report(args) => bench::report(*args),
            },
            Err(e) => e.exit(),
        },
    };
    match result {
        Ok(code) => code,
        // The reader went away (`searchlab ... | head`): stop quietly, as Unix tools do.
        Err(err)
            if err.chain().any(|e| {
                e.downcast_ref::<std::io::Error>()
                    .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{name}: {err:#}");
            if err.downcast_ref::<BadInput>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Reads all of stdin, runs the judge, writes its output to stdout.
fn judge(entries: &[registry::ProblemEntry], problem: u32) -> anyhow::Result<ExitCode> {
    // The judges of the registered problems ([`searchlab_toolkit::Description::JUDGE`]).
    let judges: Vec<searchlab_toolkit::Judge> = entries.iter().filter_map(|e| e.judge).collect();
    let Some(solver) = judges.iter().find(|j| j.number == problem).map(|j| j.run) else {
        let known: Vec<String> = judges
            .iter()
            .map(|j| format!("{} ({})", j.number, j.title))
            .collect();
        return Err(BadInput(format!(
            "no judge problem {problem}: known problems are {}",
            known.join(", ")
        ))
        .into());
    };
    // Bytes, not a string: a line that is not UTF-8 must spoil that line only. Its bad bytes
    // become U+FFFD, which no judge format accepts, so the judge names that line and answers
    // the others. A byte-order mark at the start is skipped.
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes)?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let input = String::from_utf8_lossy(bytes);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let bad = solver(&input, &mut out, &mut |m| eprintln!("searchlab: {m}"))?;
    out.flush()?;
    Ok(if bad > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A command line that names a registry command and one of its problems parses with that
    /// problem's tree alone: it must answer as the whole tree does, in its matches, its help
    /// and its errors (the same bytes).
    #[test]
    fn one_problem_trees_answer_as_the_whole_tree() {
        let cli = Cli::default();
        let entries = cli.entries().expect("the built-in entries");
        let lines: &[&[&str]] = &[
            &["solve", "eight", "1 2 3 4 5 6 7 8 x"],
            &["solve", "eight", "--help"],
            &["solve", "eight", "-h"],
            &["solve", "eight", "--algo"],
            &["solve", "eight", "--bogus"],
            &["solve", "eight", "--max-nodes", "many"],
            &["solve", "eight", "--version"],
            &["solve", "fifteen", "--heuristic", "nope"],
            &["solve", "grid", "--help"],
            &["solve", "tictactoe", "--order", "x"],
            &["gen", "eight", "--count", "x"],
            &["gen", "connect4", "--help"],
            &["match", "tictactoe", "--help"],
            &["match", "tictactoe", "minimax"],
            &["play", "connect4", "--bogus"],
            &["tournament", "triangle", "--help"],
        ];
        for line in lines {
            let needs = Needs::of(&entries, &argv(line));
            assert!(
                matches!(needs, Needs::One(..)),
                "{line:?} should need one problem's tree"
            );
            let parse = |needs| {
                command(&entries, "searchlab", "about", "1", needs).try_get_matches_from(argv(line))
            };
            match (parse(Needs::Whole), parse(needs)) {
                (Ok(whole), Ok(one)) => {
                    let (name, whole) = whole.subcommand().expect("a command");
                    let (same, one) = one.subcommand().expect("a command");
                    assert_eq!(name, same, "{line:?}");
                    let (whole, one) = (whole.subcommand().unwrap(), one.subcommand().unwrap());
                    assert_eq!(whole.0, one.0, "{line:?}");
                    assert_eq!(format!("{:?}", whole.1), format!("{:?}", one.1), "{line:?}");
                }
                (Err(whole), Err(one)) => {
                    assert_eq!(whole.kind(), one.kind(), "{line:?}");
                    assert_eq!(
                        whole.render().to_string(),
                        one.render().to_string(),
                        "{line:?}"
                    );
                }
                (whole, one) => panic!("{line:?}: whole {:?}, one {:?}", whole.err(), one.err()),
            }
        }
        // Everything else takes the whole tree.
        for line in [
            &["--help"][..],
            &["solve", "--help"],
            &["solve", "eigth"],
            &["help", "solve", "eight"],
            &["bench", "eight"],
            &["play", "eight"],
        ] {
            let needs = Needs::of(&entries, &argv(line));
            let whole = matches!(needs, Needs::Whole)
                || command(&entries, "searchlab", "about", "1", needs)
                    .find_subcommand(line[0])
                    .and_then(|c| c.find_subcommand(line[1]))
                    .is_none();
            assert!(whole, "{line:?} should take the whole tree");
        }
    }

    fn argv(line: &[&str]) -> Vec<std::ffi::OsString> {
        std::iter::once("searchlab")
            .chain(line.iter().copied())
            .map(Into::into)
            .collect()
    }
}
