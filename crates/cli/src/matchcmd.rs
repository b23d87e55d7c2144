//! `searchlab match GAME --a ALGO[:opts] --b ALGO[:opts] --games N`: two strategies play a
//! match from given or random openings, colours alternating, and the table says W/D/L, score,
//! the Elo difference with its 95% interval and (for a game with a perfect solver) each
//! strategy's move accuracy. Also the strategy specifications `play` shares, and
//! [`Entry::game`], which joins a [`Playable`] game to both commands.

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Command};
use searchlab_core::matchplay::{
    MatchConfig, MatchError, MatchReport, MctsStrategy, Openings, Oracle, PerfectSolver,
    RandomStrategy, SolverStrategy, Strategy, play_match,
};
use searchlab_core::playable::MoveOf;
use searchlab_core::{
    AlphaBetaConfig, Game, Limits, MctsConfig, Options, Playable, Player, PvsConfig,
};

use crate::error::BadInput;
use crate::registry::{Entry, option_args, option_values};

/// The `match` and `play` commands of one game, monomorphised.
pub struct PlayFns {
    /// The options of the game that matter for play.
    pub options: Vec<searchlab_core::OptionSpec>,
    /// Runs `searchlab match GAME` from its matches.
    pub run_match: fn(&ArgMatches, &Options) -> anyhow::Result<ExitCode>,
    /// Runs `searchlab play GAME` from its matches.
    pub run_play: fn(&ArgMatches, &Options) -> anyhow::Result<ExitCode>,
}

impl Entry {
    /// The entry of a game `D` that strategies and people can also play (`match`, `play`).
    pub fn game<D: Playable>() -> Entry
    where
        D::Instance: Sync,
    {
        Entry {
            play: Some(PlayFns {
                options: D::play_options(),
                run_match: run_match::<D>,
                run_play: crate::play::run::<D>,
            }),
            ..Entry::of::<D>()
        }
    }
}

/// A strategy as the user names it: `alphabeta[:depth=D]`, `pvs[:depth=D]`,
/// `mcts[:playouts=N,c=C,seed=S]`, `random[:seed=S]`.
#[derive(Clone, Debug, PartialEq)]
pub enum Spec {
    /// Alpha-beta to `depth` plies (the end of the game without one).
    AlphaBeta {
        /// The depth limit.
        depth: Option<u32>,
    },
    /// Principal variation search to `depth` plies.
    Pvs {
        /// The depth limit.
        depth: Option<u32>,
    },
    /// UCT with `playouts` per move and exploration constant `c`.
    Mcts {
        /// Playouts per move.
        playouts: u64,
        /// The exploration constant.
        c: f64,
        /// Mixed with each game's seed.
        seed: u64,
    },
    /// A uniformly random legal move.
    Random {
        /// Mixed with each game's seed.
        seed: u64,
    },
}

/// Playouts per move of `mcts` when not given.
const PLAYOUTS: u64 = 1000;
/// The exploration constant of `mcts` when not given.
const EXPLORATION: f64 = 1.4;

impl std::str::FromStr for Spec {
    type Err = String;
    fn from_str(text: &str) -> Result<Spec, String> {
        let (name, opts) = text.split_once(':').unwrap_or((text, ""));
        let mut pairs = Vec::new();
        for item in opts.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((k, v)) = item.split_once('=') else {
                return Err(format!("{text}: `{item}` is not KEY=VALUE"));
            };
            pairs.push((k.trim(), v.trim()));
        }
        let allowed: &[&str] = match name {
            "alphabeta" | "pvs" => &["depth"],
            "mcts" => &["playouts", "c", "seed"],
            "random" => &["seed"],
            _ => {
                return Err(format!(
                    "{text}: unknown strategy `{name}`; expected alphabeta[:depth=D], pvs[:depth=D], mcts[:playouts=N,c=C,seed=S] or random[:seed=S]"
                ));
            }
        };
        if let Some((k, _)) = pairs.iter().find(|(k, _)| !allowed.contains(k)) {
            return Err(format!(
                "{text}: {name} has no option `{k}` (it takes {})",
                allowed.join(", ")
            ));
        }
        fn get<T: std::str::FromStr>(
            text: &str,
            pairs: &[(&str, &str)],
            key: &str,
            what: &str,
        ) -> Result<Option<T>, String> {
            pairs
                .iter()
                .rev()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| {
                    v.parse()
                        .map_err(|_| format!("{text}: {key}={v} is not {what}"))
                })
                .transpose()
        }
        Ok(match name {
            "alphabeta" | "pvs" => {
                let depth = get::<u32>(text, &pairs, "depth", "a whole number of plies")?;
                if depth == Some(0) {
                    return Err(format!("{text}: depth=0 looks at no move; use 1 or more"));
                }
                if name == "pvs" {
                    Spec::Pvs { depth }
                } else {
                    Spec::AlphaBeta { depth }
                }
            }
            "mcts" => {
                let playouts = get(text, &pairs, "playouts", "a whole number")?.unwrap_or(PLAYOUTS);
                let c: f64 = get(text, &pairs, "c", "a number")?.unwrap_or(EXPLORATION);
                if playouts == 0 {
                    return Err(format!(
                        "{text}: playouts=0 plays no playout; use 1 or more"
                    ));
                }
                if !(c.is_finite() && c >= 0.0) {
                    return Err(format!("{text}: c={c} must be a number >= 0"));
                }
                let seed = get(text, &pairs, "seed", "a whole number")?.unwrap_or(0);
                Spec::Mcts { playouts, c, seed }
            }
            _ => Spec::Random {
                seed: get(text, &pairs, "seed", "a whole number")?.unwrap_or(0),
            },
        })
    }
}

impl fmt::Display for Spec {
    /// The canonical name, every setting spelled out (`mcts:playouts=1000,c=1.4`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::AlphaBeta { depth: None } => write!(f, "alphabeta"),
            Spec::AlphaBeta { depth: Some(d) } => write!(f, "alphabeta:depth={d}"),
            Spec::Pvs { depth: None } => write!(f, "pvs"),
            Spec::Pvs { depth: Some(d) } => write!(f, "pvs:depth={d}"),
            Spec::Mcts { playouts, c, seed } => {
                write!(f, "mcts:playouts={playouts},c={c}")?;
                if *seed != 0 {
                    write!(f, ",seed={seed}")?;
                }
                Ok(())
            }
            Spec::Random { seed: 0 } => write!(f, "random"),
            Spec::Random { seed } => write!(f, "random:seed={seed}"),
        }
    }
}

impl Spec {
    /// The strategy for game `D`.
    pub fn build<D: Playable>(&self, d: &D) -> Box<dyn Strategy<D::Game>> {
        let name = self.to_string();
        let eval = d.evaluator();
        match *self {
            Spec::AlphaBeta { depth } => {
                let mut config = AlphaBetaConfig::new();
                if let Some(depth) = depth {
                    config = config.with_depth(depth);
                }
                if let Some((lo, hi)) = d.value_range() {
                    config = config.with_value_range(lo, hi);
                }
                Box::new(SolverStrategy::alphabeta(name, config, eval))
            }
            Spec::Pvs { depth } => {
                let mut config = PvsConfig::new();
                if let Some(depth) = depth {
                    config = config.with_depth(depth);
                }
                if let Some((lo, hi)) = d.value_range() {
                    config = config.with_value_range(lo, hi);
                }
                Box::new(SolverStrategy::pvs(name, config, eval))
            }
            Spec::Mcts { playouts, c, seed } => Box::new(MctsStrategy::new(
                name,
                MctsConfig::new().with_seed(seed).with_exploration(c),
                Limits::none().with_max_expanded(playouts),
                eval,
            )),
            Spec::Random { seed } => Box::new(RandomStrategy::new(seed)),
        }
    }
}

/// Reads a `--a`/`--b`/`--engine` value.
pub fn spec_of(m: &ArgMatches, id: &str) -> Result<Option<Spec>, BadInput> {
    m.get_one::<String>(id)
        .map(|t| t.parse().map_err(|e| BadInput(format!("--{id} {e}"))))
        .transpose()
}

/// `searchlab match`, one subcommand per playable game.
pub fn match_command(entries: &[Entry]) -> Command {
    let mut cmd = Command::new("match")
        .about("Play two strategies against each other: W/D/L, score, Elo with a 95% interval, move accuracy")
        .subcommand_required(true)
        .arg_required_else_help(true);
    for e in entries {
        let Some(play) = &e.play else { continue };
        let sub = Command::new(e.name)
            .about(e.summary)
            .after_help(STRATEGIES)
            .arg(strategy_arg("a", "Strategy A (results are A's)").required(true))
            .arg(strategy_arg("b", "Strategy B").required(true))
            .arg(
                Arg::new("games")
                    .long("games")
                    .value_name("N")
                    .default_value("10")
                    .value_parser(clap::value_parser!(u32).range(1..))
                    .help("Number of games (2k and 2k+1 play the same opening, colours swapped)"),
            )
            .arg(
                Arg::new("openings")
                    .long("openings")
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("Openings, one per line as the game's instances write positions ('#' starts a comment)"),
            )
            .arg(
                Arg::new("plies")
                    .long("plies")
                    .value_name("P")
                    .default_value("2")
                    .value_parser(clap::value_parser!(u32))
                    .help("Without --openings: random openings of P plies, one per pair of games"),
            )
            .arg(
                Arg::new("seed")
                    .long("seed")
                    .value_name("S")
                    .default_value("1")
                    .value_parser(clap::value_parser!(u64))
                    .help("Seed of the random openings and of each game's strategy seeds"),
            )
            .arg(
                Arg::new("no-accuracy")
                    .long("no-accuracy")
                    .action(ArgAction::SetTrue)
                    .help("Do not value every move with the perfect solver"),
            )
            .arg(
                Arg::new("format")
                    .long("format")
                    .value_name("FORMAT")
                    .default_value("text")
                    .value_parser(["text", "json"])
                    .help("Output: the table, or one JSON object with every game"),
            )
            .args(option_args(&play.options));
        cmd = cmd.subcommand(sub);
    }
    cmd
}

/// The strategies, for `--help`.
pub const STRATEGIES: &str = "\
Strategies (ALGO[:KEY=VALUE,...]):
  alphabeta[:depth=D]              alpha-beta with a transposition table, D plies (default: to the end)
  pvs[:depth=D]                    principal variation search, D plies (default: to the end)
  mcts[:playouts=N,c=C,seed=S]     UCT, N playouts per move (1000), exploration C (1.4)
  random[:seed=S]                  a uniformly random legal move
Depth-limited searches score unfinished positions with the game's evaluation.";

/// A strategy argument.
pub fn strategy_arg(id: &'static str, help: &'static str) -> Arg {
    Arg::new(id)
        .long(id)
        .value_name("ALGO[:opts]")
        .action(ArgAction::Set)
        .help(help)
}

/// Runs `searchlab <match|play> <game>` for whichever game the user named.
pub fn dispatch(entries: &[Entry], m: &ArgMatches, play: bool) -> anyhow::Result<ExitCode> {
    let Some((name, sub)) = m.subcommand() else {
        return Err(BadInput("name a game (searchlab list shows them)".into()).into());
    };
    let fns = entries
        .iter()
        .find(|e| e.name == name)
        .and_then(|e| e.play.as_ref())
        .expect("clap only accepts playable games");
    let options = option_values(&fns.options, sub);
    if play {
        (fns.run_play)(sub, &options)
    } else {
        (fns.run_match)(sub, &options)
    }
}

/// The description and its game from the options, errors as bad input.
pub fn game_of<D: Playable>(options: &Options) -> Result<(D, D::Game), BadInput> {
    let d = D::new(options).map_err(BadInput)?;
    let game = d.game().map_err(BadInput)?;
    Ok((d, game))
}

/// Reads an openings file: one opening per line (blank lines and `#` comments skipped), each
/// replayed from the start to check it; an error names the file and line.
fn read_openings<D: Playable>(
    d: &D,
    game: &D::Game,
    path: &std::path::Path,
) -> Result<Vec<Vec<MoveOf<D>>>, BadInput> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| BadInput(format!("--openings {}: {e}", path.display())))?;
    let start = d.start(game);
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |e: String| BadInput(format!("{} line {}: {e}", path.display(), i + 1));
        let moves = d.parse_opening(game, line).map_err(at)?;
        let mut state = start.clone();
        let mut legal = Vec::new();
        for (ply, mv) in moves.iter().enumerate() {
            legal.clear();
            game.moves(&state, &mut legal);
            if game.terminal_value(&state).is_some() {
                return Err(at(format!(
                    "the game is over after {ply} moves, before {}",
                    d.show_move(mv)
                )));
            }
            if !legal.contains(mv) {
                return Err(at(format!(
                    "move {} ({}) is not legal there",
                    ply + 1,
                    d.show_move(mv)
                )));
            }
            state = game.play(&state, mv);
        }
        if let Some(v) = game.terminal_value(&state) {
            return Err(at(format!(
                "the opening ends the game ({}): nothing left to play",
                d.result(game, v)
            )));
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err(BadInput(format!(
            "--openings {}: no opening in the file",
            path.display()
        )));
    }
    Ok(openings)
}

/// `searchlab match D ...`.
fn run_match<D: Playable>(m: &ArgMatches, options: &Options) -> anyhow::Result<ExitCode> {
    let (d, game) = game_of::<D>(options)?;
    let a = spec_of(m, "a")?.expect("required");
    let b = spec_of(m, "b")?.expect("required");
    let games = *m.get_one::<u32>("games").expect("has a default");
    let seed = *m.get_one::<u64>("seed").expect("has a default");
    let plies = *m.get_one::<u32>("plies").expect("has a default");
    let json = m.get_one::<String>("format").is_some_and(|f| f == "json");
    let (openings, from) = match m.get_one::<PathBuf>("openings") {
        Some(path) => {
            let list = read_openings(&d, &game, path)?;
            let from = format!("{} openings of {}", list.len(), path.display());
            (Openings::Given(list), from)
        }
        None => (
            Openings::Random { plies },
            format!("random openings of {plies} plies"),
        ),
    };
    let config = MatchConfig::new(games)
        .with_openings(openings)
        .with_seed(seed);
    let mut sa = a.build(&d);
    let mut sb = b.build(&d);
    let mut perfect = PerfectSolver::<D::Game>::new(Limits::none());
    let accuracy = D::PERFECT && !m.get_flag("no-accuracy");
    let oracle: Option<&mut dyn Oracle<D::Game>> = if accuracy { Some(&mut perfect) } else { None };
    let start = d.start(&game);
    let report = play_match(&game, &start, &mut *sa, &mut *sb, &config, oracle).map_err(|e| {
        let message = format!("{}: {e}", D::NAME);
        match e {
            // What the user asked for cannot be played (exit 2): no opening of that length.
            MatchError::NoGames
            | MatchError::NoOpenings
            | MatchError::StartIsOver
            | MatchError::IllegalOpeningMove { .. }
            | MatchError::OpeningEndsGame { .. }
            | MatchError::NoRandomOpening { .. } => anyhow::Error::new(BadInput(message)),
            // A strategy or the solver failed (exit 1).
            _ => anyhow::anyhow!(message),
        }
    })?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if json {
        writeln!(out, "{}", report_json(&d, &game, &report, seed, &from))?;
    } else {
        writeln!(out, "{}: {games} games from {from}, seed {seed}", D::NAME)?;
        write!(out, "{report}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A finite number, or `null` (JSON has no infinities: an Elo of a clean sweep is infinite).
fn finite(x: f64) -> serde_json::Value {
    if x.is_finite() {
        serde_json::json!(x)
    } else {
        serde_json::Value::Null
    }
}

/// The match as one JSON object.
fn report_json<D: Playable>(
    d: &D,
    game: &D::Game,
    r: &MatchReport<MoveOf<D>>,
    seed: u64,
    from: &str,
) -> serde_json::Value {
    let side = |s: &searchlab_core::matchplay::SideReport| {
        serde_json::json!({
            "name": s.name,
            "moves": s.moves,
            "accuracy": s.accuracy.map(|a| a.share()),
            "kept": s.accuracy.map(|a| a.kept),
            "expanded": s.stats.expanded,
            "generated": s.stats.generated,
            "time_s": s.stats.elapsed.as_secs_f64(),
        })
    };
    let games: Vec<serde_json::Value> = r
        .games
        .iter()
        .map(|g| {
            let moves: Vec<String> = g.moves.iter().map(|m| d.show_move(m)).collect();
            serde_json::json!({
                "opening": g.opening,
                "opening_plies": g.opening_plies,
                "a_plays": d.side_name(g.a_plays),
                "moves": moves.join(" "),
                "value": g.value,
                "result": d.result(game, g.value),
                "a_score": g.a_score(),
            })
        })
        .collect();
    serde_json::json!({
        "game": D::NAME,
        "openings": from,
        "seed": seed,
        "a": side(&r.a),
        "b": side(&r.b),
        "wins": r.wins,
        "draws": r.draws,
        "losses": r.losses,
        "score": r.score,
        "elo": { "diff": finite(r.elo.diff), "low": finite(r.elo.low), "high": finite(r.elo.high) },
        "games": games,
    })
}

/// The side that moves first in `game` (the one `--human first` names).
pub fn first_player<D: Playable>(d: &D, game: &D::Game) -> Player {
    game.to_move(&d.start(game))
}
