//! `searchlab match GAME --a ALGO[:opts] --b ALGO[:opts] --games N`: two strategies play a
//! match from given or random openings, colours alternating, and the table says W/D/L, score,
//! the Elo difference with its 95% interval and (for a game with a perfect solver) each
//! strategy's move accuracy. Also [`ProblemEntry::game`], which joins a [`Playable`] game to both
//! commands; the strategies by name are the core's [`StrategySpec`].

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Command};
use searchlab_toolkit::matchplay::{MatchConfig, Openings, Oracle, PerfectSolver, play_match};
use searchlab_toolkit::play::{OpeningError, match_report_field, parse_openings};
use searchlab_toolkit::strategy_spec::{STRATEGY_HELP, StrategySpec};
use searchlab_toolkit::{Options, Playable};

use crate::error::BadInput;
use crate::registry::{ProblemEntry, option_args, option_values, valued};
use crate::render::AnswerFormat;

/// The `match` and `play` commands of one game, monomorphised.
pub struct PlayFns {
    /// The options of the game that matter for play.
    pub options: Vec<searchlab_toolkit::OptionSpec>,
    /// The engine `play` uses when none is named ([`Playable::DEFAULT_ENGINE`]).
    pub engine: &'static str,
    /// Runs `searchlab match GAME` from its matches.
    pub run_match: RunGame,
    /// Runs `searchlab play GAME` from its matches.
    pub run_play: RunGame,
    /// Runs `searchlab tournament GAME` from its matches.
    pub run_tournament: RunGame,
}

impl ProblemEntry {
    /// The entry of a game `D` that strategies and people can also play (`match`, `play`).
    pub fn game<D: Playable>() -> ProblemEntry
    where
        D::Instance: Sync + 'static,
    {
        ProblemEntry {
            play: Some(PlayFns {
                options: D::play_options(),
                engine: D::DEFAULT_ENGINE,
                run_match: run_match::<D>,
                run_play: crate::play::run::<D>,
                run_tournament: crate::tournament::run::<D>,
            }),
            ..ProblemEntry::of::<D>()
        }
    }
}

/// Reads a `--a`/`--b`/`--engine` value.
pub fn spec_of(m: &ArgMatches, id: &str) -> Result<Option<StrategySpec>, BadInput> {
    m.get_one::<String>(id)
        .map(|t| t.parse().map_err(|e| BadInput(format!("--{id} {e}"))))
        .transpose()
}

/// `searchlab match`, one subcommand per playable game.
pub fn match_command(entries: &[ProblemEntry]) -> Command {
    per_game_command(
        "match",
        "Play two strategies against each other: W/D/L, score, Elo with a 95% interval, move accuracy",
        entries,
        |sub, _| {
            sub.after_help(STRATEGY_HELP)
                .arg(strategy_arg("a", "Strategy A (results are A's)").required(true))
                .arg(strategy_arg("b", "Strategy B").required(true))
                .args(series_args(
                    u32::MAX,
                    "Number of games (2k and 2k+1 play the same opening, colours swapped)",
                    "Without --openings: random openings of P plies, one per pair of games",
                    "Seed of the random openings and of each game's strategy seeds",
                ))
                .arg(
                    Arg::new("openings")
                        .long("openings")
                        .value_name("FILE")
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("Openings, one per line as the game's instances write positions ('#' starts a comment)"),
                )
                .arg(crate::tournament::move_time_arg())
                .arg(
                    Arg::new("no-accuracy")
                        .long("no-accuracy")
                        .action(ArgAction::SetTrue)
                        .help("Do not value every move with the perfect solver"),
                )
                .arg(crate::limits::memory_arg())
                .arg(AnswerFormat::arg(
                    "Output: the table, or one JSON object with every game",
                ))
        },
    )
}

/// A command (`match`, `play`, `tournament`) with one subcommand per playable game: `game`
/// adds the command's own arguments to each game's subcommand, and the game's play options
/// follow them.
pub fn per_game_command(
    name: &'static str,
    about: &'static str,
    entries: &[ProblemEntry],
    game: impl Fn(Command, &PlayFns) -> Command,
) -> Command {
    let mut cmd = Command::new(name)
        .about(about)
        .subcommand_required(true)
        .arg_required_else_help(true);
    for e in entries {
        let Some(play) = &e.play else { continue };
        let sub = game(Command::new(e.name).about(e.summary), play);
        cmd = cmd.subcommand(sub.args(option_args(&play.options)));
    }
    cmd
}

/// `--games N` (1 to `max_games`), `--plies P` (default 2) and `--seed S` (default 1) of a
/// series of games from seeded random openings (`match`, `tournament`), with their help texts.
pub fn series_args(
    max_games: u32,
    games: &'static str,
    plies: &'static str,
    seed: &'static str,
) -> [Arg; 3] {
    [
        valued("games", "N", "10")
            .value_parser(clap::value_parser!(u32).range(1..=i64::from(max_games)))
            .help(games),
        valued("plies", "P", "2")
            .value_parser(clap::value_parser!(u32))
            .help(plies),
        valued("seed", "S", "1")
            .value_parser(clap::value_parser!(u64))
            .help(seed),
    ]
}

/// A strategy argument.
pub fn strategy_arg(id: &'static str, help: &'static str) -> Arg {
    Arg::new(id)
        .long(id)
        .value_name("ALGO[:opts]")
        .action(ArgAction::Set)
        .help(help)
}

/// What runs one game's subcommand of `match`, `play` or `tournament`.
pub type RunGame = fn(&ArgMatches, &Options) -> anyhow::Result<ExitCode>;

/// Runs `searchlab <match|play|tournament> <game>` for whichever game the user named: `run`
/// picks the command's runner among the game's [`PlayFns`].
pub fn dispatch(
    entries: &[ProblemEntry],
    m: &ArgMatches,
    run: impl Fn(&PlayFns) -> RunGame,
) -> anyhow::Result<ExitCode> {
    let Some((name, sub)) = m.subcommand() else {
        return Err(BadInput("name a game (searchlab list shows them)".into()).into());
    };
    let fns = entries
        .iter()
        .find(|e| e.name == name)
        .and_then(|e| e.play.as_ref())
        .expect("clap only accepts playable games");
    let options = option_values(&fns.options, sub);
    run(fns)(sub, &options)
}

/// The description and its game from the options, errors as bad input.
pub fn game_of<D: Playable>(options: &Options) -> Result<(D, D::Game), BadInput> {
    let d = D::new(options).map_err(BadInput)?;
    let game = d.game().map_err(BadInput)?;
    Ok((d, game))
}

/// `searchlab match D ...`.
fn run_match<D: Playable>(m: &ArgMatches, options: &Options) -> anyhow::Result<ExitCode> {
    let (d, game) = game_of::<D>(options)?;
    let a = spec_of(m, "a")?.expect("required");
    let b = spec_of(m, "b")?.expect("required");
    let games = *m.get_one::<u32>("games").expect("has a default");
    let seed = *m.get_one::<u64>("seed").expect("has a default");
    let plies = *m.get_one::<u32>("plies").expect("has a default");
    let json = AnswerFormat::of(m) == AnswerFormat::Json;
    let (openings, from) = match m.get_one::<PathBuf>("openings") {
        Some(path) => {
            let shown = path.display();
            let text = std::fs::read_to_string(path)
                .map_err(|e| BadInput(format!("--openings {shown}: {e}")))?;
            let list = parse_openings(&d, &game, &text).map_err(|e| match e {
                OpeningError::Line { line, why } => format!("{shown} line {line}: {why}"),
                OpeningError::Empty => format!("--openings {shown}: {e}"),
            });
            let list = list.map_err(BadInput)?;
            let from = format!("{} openings of {}", list.len(), path.display());
            (Openings::Given(list), from)
        }
        None => (
            Openings::Random { plies },
            format!("random openings of {plies} plies"),
        ),
    };
    // A strategy that solves every move of a big game runs for hours: say so first.
    for (flag, spec) in [("--a", &a), ("--b", &b)] {
        if let Some(warning) = spec.long_work_warning(&d, &game, flag) {
            eprintln!("{warning}");
        }
    }
    let config = MatchConfig::new(games)
        .with_openings(openings)
        .with_seed(seed);
    // Every search of the match (both strategies, the accuracy oracle) under the memory
    // limit: alpha-beta to the end of Connect Four once filled memory and aborted (issue 32).
    let limits = crate::limits::memory_limits(m);
    let move_time = crate::tournament::move_time_of(m);
    let mut sa = searchlab_toolkit::clock::build_engine(&a, &d, move_time, &limits);
    let mut sb = searchlab_toolkit::clock::build_engine(&b, &d, move_time, &limits);
    let mut perfect = PerfectSolver::<D::Game>::new(limits.clone());
    let accuracy = D::PERFECT && !m.get_flag("no-accuracy");
    let oracle: Option<&mut dyn Oracle<D::Game>> = if accuracy { Some(&mut perfect) } else { None };
    let start = d.start(&game);
    let report = play_match(&game, &start, &mut *sa, &mut *sb, &config, oracle).map_err(|e| {
        let message = format!("{}: {e}", D::NAME);
        // What the user asked for cannot be played (exit 2), or a strategy failed (exit 1).
        match e.is_bad_request() {
            true => anyhow::Error::new(BadInput(message)),
            false => anyhow::anyhow!(message),
        }
    })?;
    let mut out = std::io::stdout().lock();
    if json {
        let report = match_report_field(&d, &game, &report, seed, &from);
        writeln!(out, "{}", crate::batch::field_json(&report))?;
    } else {
        let games = searchlab_toolkit::describe::counted(u64::from(games), "game", "games");
        writeln!(out, "{}: {games} from {from}, seed {seed}", D::NAME)?;
        write!(out, "{report}")?;
        if let Some(t) = move_time {
            writeln!(
                out,
                "move time {:.3} s: longest move A {:.3} s, B {:.3} s; mean depth A {:.1}, B {:.1}",
                t.as_secs_f64(),
                report.a.max_move.as_secs_f64(),
                report.b.max_move.as_secs_f64(),
                report.a.mean_depth(),
                report.b.mean_depth()
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
