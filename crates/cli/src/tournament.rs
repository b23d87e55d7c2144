//! `searchlab tournament GAME --players A,B,C --games N --move-time T`: a round robin between
//! strategies ([`searchlab_toolkit::tournament`]) with Bradley-Terry ratings on the Elo scale and
//! 95% bootstrap intervals, as a table or JSON. Also the `--move-time` flag that `match` and
//! `play` share with it.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Arg, ArgMatches, Command};
use searchlab_toolkit::clock::{build_engine, parse_move_time};
use searchlab_toolkit::describe::Field;
use searchlab_toolkit::matchplay::{MatchConfig, Openings};
use searchlab_toolkit::strategy_spec::{STRATEGY_HELP, StrategySpec};
use searchlab_toolkit::tournament::{ratings, round_robin};
use searchlab_toolkit::{Options, Playable};

use crate::error::BadInput;
use crate::matchcmd::{game_of, per_game_command, series_args};
use crate::registry::{ProblemEntry, valued};
use crate::render::AnswerFormat;

/// `--move-time T`, for `match`, `play` and `tournament`.
pub fn move_time_arg() -> Arg {
    Arg::new("move-time")
        .long("move-time")
        .value_name("T")
        .value_parser(parse_move_time)
        .help(
            "Time per move (1s, 0.2s, 200ms): alphabeta, pvs and mtdf deepen iteratively and \
             play the last completed depth's move; mcts plays out until the time is spent",
        )
}

/// The `--move-time` given, if any.
pub fn move_time_of(m: &ArgMatches) -> Option<Duration> {
    m.get_one::<Duration>("move-time").copied()
}

/// `searchlab tournament`, one subcommand per playable game.
pub fn command(entries: &[ProblemEntry]) -> Command {
    per_game_command(
        "tournament",
        "A round robin between strategies: Bradley-Terry (Elo) ratings with 95% intervals",
        entries,
        |sub, _| {
            sub.after_help(format!(
                "{STRATEGY_HELP}\n\nEvery pair plays --games games from the same seeded random \
                 openings, colours swapped in each opening's two games. Ratings: Bradley-Terry \
                 fitted by MM iterations (a draw is half a win; one virtual draw per pair keeps \
                 a sweep finite), 400 log10 scale centred on 0; 95% intervals: percentile \
                 bootstrap over the games (--resamples, seeded by --seed)."
            ))
            .arg(
                Arg::new("players")
                    .long("players")
                    .value_name("A,B,...")
                    .required(true)
                    .help("The strategies, comma-separated (a KEY=VALUE after a comma belongs to the strategy before it); SPEC@T: that player's own time per move"),
            )
            .args(series_args(
                100_000,
                "Games per pair of players",
                "Random openings of P plies, one per pair of games",
                "Seed of the openings, the strategies' seeds and the bootstrap",
            ))
            .arg(move_time_arg())
            .arg(crate::limits::memory_arg())
            .arg(
                valued("resamples", "B", "1000")
                    .value_parser(clap::value_parser!(u32).range(0..=100_000))
                    .help("Bootstrap samples for the 95% intervals"),
            )
            .arg(AnswerFormat::arg("Output: the table, or one JSON object"))
        },
    )
}

/// A player: a strategy with its own time per move (`alphabeta@0.1s`), if any.
pub struct Player {
    /// The strategy.
    pub spec: StrategySpec,
    /// Its time per move, overriding `--move-time`.
    pub move_time: Option<Duration>,
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.spec)?;
        match self.move_time {
            Some(t) => write!(f, "@{}s", t.as_secs_f64()),
            None => Ok(()),
        }
    }
}

/// Splits `A,B,...` into players: a piece with `=` and no `:` is a setting of the one before
/// (`mcts:playouts=100,c=2,random` is two players); `SPEC@T` gives that player its own time
/// per move (`alphabeta@0.01s,alphabeta@1s`).
pub fn parse_players(text: &str) -> Result<Vec<Player>, BadInput> {
    let mut specs: Vec<String> = Vec::new();
    for piece in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match specs.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => specs.push(piece.to_owned()),
        }
    }
    if specs.len() < 2 {
        return Err(BadInput(format!(
            "--players {text}: name at least two strategies, comma-separated"
        )));
    }
    specs
        .iter()
        .map(|s| {
            let (spec, time) = match s.rsplit_once('@') {
                Some((spec, t)) => {
                    let t =
                        parse_move_time(t).map_err(|e| BadInput(format!("--players {s}: {e}")))?;
                    (spec, Some(t))
                }
                None => (s.as_str(), None),
            };
            let spec = spec
                .parse()
                .map_err(|e| BadInput(format!("--players: {e}")))?;
            Ok(Player {
                spec,
                move_time: time,
            })
        })
        .collect()
}

/// `searchlab tournament D ...`.
pub fn run<D: Playable>(m: &ArgMatches, options: &Options) -> anyhow::Result<ExitCode> {
    let (d, game) = game_of::<D>(options)?;
    let players = parse_players(m.get_one::<String>("players").expect("required"))?;
    let names: Vec<String> = players.iter().map(ToString::to_string).collect();
    let games = *m.get_one::<u32>("games").expect("has a default");
    let seed = *m.get_one::<u64>("seed").expect("has a default");
    let plies = *m.get_one::<u32>("plies").expect("has a default");
    let resamples = *m.get_one::<u32>("resamples").expect("has a default");
    let json = AnswerFormat::of(m) == AnswerFormat::Json;
    let move_time = move_time_of(m);
    let limits = crate::limits::memory_limits(m);
    let config = MatchConfig::new(games)
        .with_openings(Openings::Random { plies })
        .with_seed(seed);
    let start = d.start(&game);
    let pairs = players.len() * (players.len() - 1) / 2;
    let mut make = |i: usize| {
        let p = &players[i];
        build_engine(&p.spec, &d, p.move_time.or(move_time), &limits)
    };
    let mut finished = 0;
    let mut done = |i: usize, j: usize| {
        finished += 1;
        if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            eprint!(
                "\r\x1b[2Kpair {finished}/{pairs} done ({} - {})",
                names[i], names[j]
            );
        }
    };
    let result = round_robin(&game, &start, players.len(), &mut make, &config, &mut done);
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        eprint!("\r\x1b[2K");
    }
    let rr = result.map_err(|(i, j, e)| {
        let message = format!("{}: {} vs {}: {e}", D::NAME, names[i], names[j]);
        match e.is_bad_request() {
            true => anyhow::Error::new(BadInput(message)),
            false => anyhow::anyhow!(message),
        }
    })?;
    let rated = ratings(players.len(), &rr.games, resamples as usize, seed);
    // Per player: points, games, W/D/L, longest move, mean completed depth.
    let n = players.len();
    let mut points = vec![0.0; n];
    let mut played = vec![0u32; n];
    let mut wdl = vec![[0u32; 3]; n];
    for g in &rr.games {
        for (p, s) in [(g.a, g.a_score), (g.b, 1.0 - g.a_score)] {
            points[p] += s;
            played[p] += 1;
            wdl[p][if s > 0.5 {
                0
            } else if s == 0.5 {
                1
            } else {
                2
            }] += 1;
        }
    }
    let mut max_move = vec![Duration::ZERO; n];
    let mut depth = vec![(0u64, 0u64); n];
    for (i, j, report) in &rr.matches {
        for (p, side) in [(*i, &report.a), (*j, &report.b)] {
            max_move[p] = max_move[p].max(side.max_move);
            depth[p].0 += side.depth_sum;
            depth[p].1 += side.moves;
        }
    }
    let mean_depth = |p: usize| depth[p].0 as f64 / depth[p].1.max(1) as f64;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| rated[b].elo.total_cmp(&rated[a].elo).then(a.cmp(&b)));
    let clock = match move_time {
        Some(t) => format!("{} s a move", t.as_secs_f64()),
        None => "no clock".to_owned(),
    };
    let mut out = std::io::stdout().lock();
    if json {
        let rows = order.iter().map(|&p| {
            Field::Map(vec![
                ("player".into(), names[p].clone().into()),
                ("elo".into(), rated[p].elo.into()),
                ("low".into(), rated[p].low.into()),
                ("high".into(), rated[p].high.into()),
                ("games".into(), played[p].into()),
                ("points".into(), points[p].into()),
                ("wins".into(), wdl[p][0].into()),
                ("draws".into(), wdl[p][1].into()),
                ("losses".into(), wdl[p][2].into()),
                ("max_move_s".into(), max_move[p].as_secs_f64().into()),
                ("mean_depth".into(), mean_depth(p).into()),
            ])
        });
        let report = Field::Map(vec![
            ("game".into(), D::NAME.into()),
            ("games_per_pair".into(), games.into()),
            (
                "move_time_s".into(),
                move_time.map(|t| t.as_secs_f64()).into(),
            ),
            ("plies".into(), plies.into()),
            ("seed".into(), seed.into()),
            ("resamples".into(), resamples.into()),
            (
                "method".into(),
                "Bradley-Terry (MM), Elo scale, mean 0; 95% percentile bootstrap over games".into(),
            ),
            ("players".into(), Field::List(rows.collect())),
        ]);
        writeln!(out, "{}", crate::batch::field_json(&report))?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{}: round robin of {n} players, {games} games a pair ({} games), {clock}, random \
         openings of {plies} plies, seed {seed}",
        D::NAME,
        rr.games.len()
    )?;
    let width = names.iter().map(String::len).max().unwrap_or(6).max(6);
    writeln!(
        out,
        "  {:<width$}  {:>6}  {:>16}  {:>6}  {:>13}  {:>8}  {:>9}  {:>5}",
        "player", "Elo", "95% interval", "games", "W/D/L", "score", "max move", "depth"
    )?;
    for (rank, &p) in order.iter().enumerate() {
        let r = rated[p];
        writeln!(
            out,
            "{:>2} {:<width$} {:>+6.0}  [{:>+6.0}, {:>+6.0}]  {:>6}  {:>13}  {:>7.1}%  {:>7.3} s  {:>5.1}",
            rank + 1,
            names[p],
            r.elo,
            r.low,
            r.high,
            played[p],
            format!("{}/{}/{}", wdl[p][0], wdl[p][1], wdl[p][2]),
            100.0 * points[p] / f64::from(played[p].max(1)),
            max_move[p].as_secs_f64(),
            mean_depth(p)
        )?;
    }
    writeln!(
        out,
        "Elo: Bradley-Terry fit, mean 0; 95% intervals: percentile bootstrap over the games ({resamples} samples, seed {seed})."
    )?;
    Ok(ExitCode::SUCCESS)
}
