//! Game strategies by name: the catalogue of [`crate::matchplay`]'s strategies as data, so that
//! a driver (`searchlab match --a alphabeta:depth=3 --b mcts`, `searchlab play --engine pvs`)
//! reads them from text, prints them back, and builds them for any [`Playable`] game.
//!
//! The text is `NAME[:KEY=VALUE,...]`: `alphabeta[:depth=D]`, `pvs[:depth=D]`,
//! `mcts[:playouts=N,c=C,seed=S]` and `random[:seed=S]`. [`StrategySpec`]'s `Display` writes
//! the canonical form (every setting that differs from "none" spelled out), which parses back to
//! the same value.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::alphabeta::AlphaBetaConfig;
use crate::catalogue::{
    DEFAULT_EXPLORATION, DEFAULT_PLAYOUTS, GameAlgorithm, GameSolver, MctsParams,
    ParseAlgorithmError,
};
use crate::game::{Evaluator, Game, Value};
use crate::matchplay::{MctsStrategy, RandomStrategy, SolverStrategy, Strategy};
use crate::mcts::{MctsConfig, Rollout};
use crate::playable::Playable;
use crate::pvs::PvsConfig;
use crate::stats::Limits;

/// Playouts per move of `mcts` when not given (the catalogue's default).
pub const PLAYOUTS: u64 = DEFAULT_PLAYOUTS.get();
/// The exploration constant of `mcts` when not given (the catalogue's default).
pub const EXPLORATION: f64 = DEFAULT_EXPLORATION;

/// The strategies and their settings, for a command's `--help`.
pub const STRATEGY_HELP: &str = "\
Strategies (ALGO[:KEY=VALUE,...]), the game algorithms of `solve --algo`:
  alphabeta[:depth=D]              alpha-beta with a transposition table, D plies (default: to the end);
                                   alphabeta:aspiration=W adds aspiration windows of half-width W
  pvs[:depth=D]                    principal variation search, D plies (default: to the end)
  minimax[:depth=D]                plain minimax, D plies (default: to the end)
  mtdf[:depth=D]                   MTD(f) null-window tests, D plies (default: to the end)
  mcts[:playouts=N,c=C,seed=S,rollout=random|greedy,random=P]
                                   UCT, N playouts per move (1000), exploration C (1.4)
  random[:seed=S]                  a uniformly random legal move
Depth-limited searches score unfinished positions with the game's evaluation.";

/// A strategy as a user names it: a game algorithm of the catalogue (the names and settings
/// `solve --algo` reads: [`GameAlgorithm`]) with a depth limit, or a random player.
#[derive(Clone, Debug, PartialEq)]
pub enum StrategySpec {
    /// A solver of the catalogue to `depth` plies (the end of the game without one).
    Search {
        /// The solver (`alphabeta`, `alphabeta:aspiration=W`, `pvs`, `minimax`, `mtdf`).
        solver: GameSolver,
        /// The depth limit.
        depth: Option<u32>,
    },
    /// Monte Carlo tree search with the catalogue's settings ([`MctsParams`]: one parser,
    /// one set of defaults for `solve`, `bench`, `match` and `play`).
    Mcts(MctsParams),
    /// A uniformly random legal move.
    Random {
        /// Mixed with each game's seed.
        seed: u64,
    },
}

/// Why a text names no strategy. Every message starts with the text itself.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum StrategySpecError {
    /// A setting without `=`.
    #[error("{spec}: `{item}` is not KEY=VALUE")]
    NotKeyValue {
        /// The whole text.
        spec: String,
        /// The setting.
        item: String,
    },
    /// The name is no strategy.
    #[error(
        "{spec}: unknown strategy `{name}`; expected {} (each [:depth=D]), \
         mcts[:playouts=N,c=C,seed=S,rollout=random|greedy] or random[:seed=S]",
        solver_names()
    )]
    Unknown {
        /// The whole text.
        spec: String,
        /// The name given.
        name: String,
    },
    /// A setting the strategy does not have.
    #[error("{spec}: {name} has no option `{key}` (it takes {takes})")]
    NoSuchSetting {
        /// The whole text.
        spec: String,
        /// The strategy.
        name: String,
        /// The setting given.
        key: String,
        /// The settings it has, comma-separated.
        takes: String,
    },
    /// A value that does not parse.
    #[error("{spec}: {key}={value} is not {what}")]
    BadValue {
        /// The whole text.
        spec: String,
        /// The setting.
        key: String,
        /// Its value.
        value: String,
        /// What it should be.
        what: &'static str,
    },
    /// A value that parses but cannot be played (`depth=0`, `playouts=0`, `c=-1`), or the
    /// catalogue's refusal of the algorithm's settings.
    #[error("{spec}: {why}")]
    Unplayable {
        /// The whole text.
        spec: String,
        /// Why, with the value.
        why: String,
    },
}

/// The catalogue's solvers by name, as a list in words: `minimax, alphabeta, pvs or mtdf`.
fn solver_names() -> String {
    let names: Vec<&str> = GameAlgorithm::ALL
        .into_iter()
        .filter(|a| a.proves_value())
        .map(GameAlgorithm::name)
        .collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Splits the depth limit off a game algorithm's text: `alphabeta:depth=3,aspiration=2` ->
/// (`alphabeta:aspiration=2`, `Some(3)`). What `match --a`, `play --engine` and
/// `solve --algo` (where `depth=D` is `--max-depth D`) read alike.
///
/// # Errors
/// A setting that is not `KEY=VALUE`, a depth that is not a whole number from 1.
pub fn split_depth(text: &str) -> Result<(String, Option<u32>), StrategySpecError> {
    let spec = || text.to_owned();
    let (name, opts) = text.split_once(':').unwrap_or((text, ""));
    let mut rest = Vec::new();
    let mut depth = None;
    for item in opts
        .split([',', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let Some((k, v)) = item.split_once('=') else {
            let item = item.to_owned();
            return Err(StrategySpecError::NotKeyValue { spec: spec(), item });
        };
        let (k, v) = (k.trim(), v.trim());
        if !k.eq_ignore_ascii_case("depth") {
            rest.push(format!("{k}={v}"));
            continue;
        }
        let d: u32 = v.parse().map_err(|_| StrategySpecError::BadValue {
            spec: spec(),
            key: "depth".into(),
            value: v.to_owned(),
            what: "a whole number of plies",
        })?;
        if d == 0 {
            let why = "depth=0 looks at no move; use 1 or more".into();
            return Err(StrategySpecError::Unplayable { spec: spec(), why });
        }
        depth = Some(d);
    }
    let name = name.trim();
    let algorithm = match rest.is_empty() {
        true => name.to_owned(),
        false => format!("{name}:{}", rest.join(",")),
    };
    Ok((algorithm, depth))
}

impl FromStr for StrategySpec {
    type Err = StrategySpecError;

    fn from_str(text: &str) -> Result<StrategySpec, StrategySpecError> {
        let spec = || text.to_owned();
        let (name, _) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim();
        let (algorithm, depth) = split_depth(text)?;
        if name.eq_ignore_ascii_case("random") {
            if depth.is_some() {
                return Err(StrategySpecError::NoSuchSetting {
                    spec: spec(),
                    name: name.to_owned(),
                    key: "depth".into(),
                    takes: "seed".into(),
                });
            }
            let (_, opts) = algorithm.split_once(':').unwrap_or(("", ""));
            let mut seed = 0;
            for item in opts.split(',').filter(|s| !s.is_empty()) {
                let (k, v) = item.split_once('=').unwrap_or((item, ""));
                if k != "seed" {
                    return Err(StrategySpecError::NoSuchSetting {
                        spec: spec(),
                        name: name.to_owned(),
                        key: k.to_owned(),
                        takes: "seed".into(),
                    });
                }
                seed = v.parse().map_err(|_| StrategySpecError::BadValue {
                    spec: spec(),
                    key: "seed".into(),
                    value: v.to_owned(),
                    what: "a whole number",
                })?;
            }
            return Ok(StrategySpec::Random { seed });
        }
        // The catalogue reads the name and every other setting, as `solve --algo` does.
        let parsed: GameAlgorithm = algorithm.parse().map_err(|e| match e {
            ParseAlgorithmError::Unknown(_) => StrategySpecError::Unknown {
                spec: spec(),
                name: name.to_owned(),
            },
            ParseAlgorithmError::Parameter { reason, .. } => StrategySpecError::Unplayable {
                spec: spec(),
                why: reason,
            },
        })?;
        match parsed.solver() {
            Ok(solver) => Ok(StrategySpec::Search { solver, depth }),
            Err(_) if depth.is_some() => Err(StrategySpecError::NoSuchSetting {
                spec: spec(),
                name: name.to_owned(),
                key: "depth".into(),
                takes: "playouts, c, seed, rollout, random".into(),
            }),
            Err(params) => Ok(StrategySpec::Mcts(params)),
        }
    }
}

impl fmt::Display for StrategySpec {
    /// The canonical name (MCTS with its playouts and exploration spelled out:
    /// `mcts:playouts=1000,c=1.4`), which parses back to the same strategy.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategySpec::Search { solver, depth } => {
                let name = solver.to_string();
                match depth {
                    None => write!(f, "{name}"),
                    Some(d) if name.contains(':') => write!(f, "{name},depth={d}"),
                    Some(d) => write!(f, "{name}:depth={d}"),
                }
            }
            StrategySpec::Mcts(p) => {
                write!(f, "mcts:playouts={},c={}", p.playouts, p.exploration)?;
                if p.seed != 0 {
                    write!(f, ",seed={}", p.seed)?;
                }
                if let Rollout::Greedy { random_percent } = p.rollout {
                    write!(f, ",rollout=greedy,random={random_percent}")?;
                }
                Ok(())
            }
            StrategySpec::Random { seed: 0 } => write!(f, "random"),
            StrategySpec::Random { seed } => write!(f, "random:seed={seed}"),
        }
    }
}

impl StrategySpec {
    /// The alpha-beta settings of a depth-limited search of `d`'s game: `depth` plies (to the
    /// end without one), the window narrowed to the game's value range. The solvers'
    /// strategies and a person's hints ([`crate::play`]) share it.
    pub fn alphabeta_config<D: Playable>(d: &D, depth: Option<u32>) -> AlphaBetaConfig {
        config(d.value_range(), depth)
    }

    /// The MCTS settings and per-move limits of `mcts:playouts=N,c=C,seed=S` (the
    /// catalogue's [`MctsParams::config`] and [`MctsParams::limits`]).
    pub fn mcts_config(params: &MctsParams) -> (MctsConfig, Limits) {
        (params.config(), params.limits(&Limits::none()))
    }

    /// A warning before a match or game in which this strategy, named by `flag` (`--a`),
    /// searches to the end of the game at every move on a game where that takes long
    /// ([`Playable::full_search_is_long`]); `None` otherwise.
    pub fn long_work_warning<D: Playable>(
        &self,
        d: &D,
        game: &D::Game,
        flag: &str,
    ) -> Option<String> {
        let to_the_end = matches!(self, StrategySpec::Search { depth: None, .. });
        (to_the_end && d.full_search_is_long(game)).then(|| {
            format!(
                "warning: {flag} {self} searches to the end of the game at every move: on {} \
                 that can take MINUTES TO HOURS per move; give it a depth ({self}:depth=8)",
                D::NAME
            )
        })
    }

    /// The strategy for any game `G`, named by [`Display`](fmt::Display), with the evaluation
    /// `eval` (depth-limited searches and greedy playouts) and the values' bounds
    /// `value_range` if known: a [`Playable`] game passes its
    /// [`evaluator`](Playable::evaluator) and [`value_range`](Playable::value_range), a
    /// binding (Python) a game of its own. Of `limits` only the memory limit applies (the
    /// others are the spec's: the depth, MCTS's playouts): a search's transposition table or
    /// MCTS's tree stops at `limits.max_memory` (a
    /// [`crate::matchplay::StrategyError::Stopped`] move, never an abort).
    ///
    /// # Example
    ///
    /// ```
    /// use searchlab_toolkit::strategy_spec::StrategySpec;
    ///
    /// let spec: StrategySpec = "mcts:playouts=50".parse().unwrap();
    /// assert_eq!(spec.to_string(), "mcts:playouts=50,c=1.4");
    /// assert_eq!("minimax:depth=3".parse::<StrategySpec>().unwrap().to_string(), "minimax:depth=3");
    /// ```
    pub fn build_with<'a, G, E>(
        &self,
        eval: E,
        value_range: Option<(Value, Value)>,
        limits: &Limits,
    ) -> Box<dyn Strategy<G> + 'a>
    where
        G: Game + 'a,
        E: Evaluator<G> + 'a,
    {
        let name = self.to_string();
        match self {
            StrategySpec::Search { solver, depth } => {
                let mut config = config(value_range, *depth);
                config.limits.max_memory = limits.max_memory;
                match solver {
                    GameSolver::Alphabeta(None) => {
                        Box::new(SolverStrategy::alphabeta(name, config, eval))
                    }
                    GameSolver::Pvs => {
                        Box::new(SolverStrategy::pvs(name, PvsConfig::from(&config), eval))
                    }
                    other => Box::new(SolverStrategy::catalogue(name, *other, config, eval)),
                }
            }
            StrategySpec::Mcts(params) => {
                let (config, mut mcts_limits) = Self::mcts_config(params);
                mcts_limits.max_memory = limits.max_memory;
                Box::new(MctsStrategy::new(name, config, mcts_limits, eval))
            }
            StrategySpec::Random { seed } => Box::new(RandomStrategy::new(*seed)),
        }
    }
}

/// Alpha-beta's settings to `depth` plies within `value_range`.
fn config(value_range: Option<(Value, Value)>, depth: Option<u32>) -> AlphaBetaConfig {
    let mut config = AlphaBetaConfig::new();
    if let Some(depth) = depth {
        config = config.with_depth(depth);
    }
    if let Some((lo, hi)) = value_range {
        config = config.with_value_range(lo, hi);
    }
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        text.parse::<StrategySpec>().unwrap_err().to_string()
    }

    #[test]
    fn names_parse_and_print_back() {
        for (text, canonical) in [
            ("alphabeta", "alphabeta"),
            ("alphabeta:depth=3", "alphabeta:depth=3"),
            ("pvs: depth = 4", "pvs:depth=4"),
            ("mcts", "mcts:playouts=1000,c=1.4"),
            ("mcts:c=2,playouts=5,seed=7", "mcts:playouts=5,c=2,seed=7"),
            ("random:seed=3", "random:seed=3"),
            ("random:seed=0", "random"),
            ("alphabeta:depth=2,depth=5", "alphabeta:depth=5"),
            ("minimax", "minimax"),
            ("mtdf:depth=4", "mtdf:depth=4"),
            (
                "alphabeta:aspiration=5,depth=3",
                "alphabeta:aspiration=5,depth=3",
            ),
            (
                "mcts:playouts=9,rollout=greedy",
                "mcts:playouts=9,c=1.4,rollout=greedy,random=10",
            ),
        ] {
            let spec: StrategySpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), canonical, "{text}");
            assert_eq!(canonical.parse::<StrategySpec>(), Ok(spec), "{canonical}");
        }
    }

    /// `match --help` and `play --help` name every game algorithm of the catalogue: a new one
    /// fails here until its line is in [`STRATEGY_HELP`].
    #[test]
    fn the_help_names_every_game_algorithm() {
        for algo in GameAlgorithm::ALL {
            let name = algo.name();
            assert!(
                STRATEGY_HELP.contains(&format!("\n  {name}[:")),
                "STRATEGY_HELP has no line for {name}"
            );
            let spec = format!("{name}:depth=2");
            if algo.proves_value() {
                assert!(spec.parse::<StrategySpec>().is_ok(), "{spec}");
            }
        }
    }

    #[test]
    fn bad_texts_say_what_and_where() {
        assert_eq!(err("alphabeta:3"), "alphabeta:3: `3` is not KEY=VALUE");
        assert!(err("negamax").starts_with("negamax: unknown strategy `negamax`; expected"));
        // The solvers named from the catalogue, in its order, as words.
        let unknown = err("nosuch");
        let solvers: Vec<&str> = GameAlgorithm::ALL
            .into_iter()
            .filter(|a| a.proves_value())
            .map(GameAlgorithm::name)
            .collect();
        let (last, rest) = solvers.split_last().unwrap();
        let listed = format!(
            "expected {} or {last} (each [:depth=D]), mcts[",
            rest.join(", ")
        );
        assert!(unknown.contains(&listed), "{unknown}");
        assert!(
            unknown
                .starts_with("nosuch: unknown strategy `nosuch`; expected minimax, alphabeta, pvs")
                && unknown.ends_with(
                    "(each [:depth=D]), mcts[:playouts=N,c=C,seed=S,rollout=random|greedy] or \
                     random[:seed=S]"
                ),
            "{unknown}"
        );
        assert_eq!(
            err("random:depth=2"),
            "random:depth=2: random has no option `depth` (it takes seed)"
        );
        assert_eq!(
            err("pvs:depth=x"),
            "pvs:depth=x: depth=x is not a whole number of plies"
        );
        assert_eq!(
            err("alphabeta:depth=0"),
            "alphabeta:depth=0: depth=0 looks at no move; use 1 or more"
        );
        assert_eq!(
            err("mcts:playouts=0"),
            "mcts:playouts=0: playouts=0: expected a whole number from 1"
        );
        assert_eq!(
            err("mcts:c=-1"),
            "mcts:c=-1: c=-1: expected a finite number >= 0"
        );
        assert_eq!(
            err("mcts:c=inf"),
            "mcts:c=inf: c=inf: expected a finite number >= 0"
        );
        assert_eq!(
            err("mcts:depth=3"),
            "mcts:depth=3: mcts has no option `depth` (it takes playouts, c, seed, rollout, random)"
        );
    }
}
