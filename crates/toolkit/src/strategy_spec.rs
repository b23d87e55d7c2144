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
use crate::matchplay::{MctsStrategy, RandomStrategy, SolverStrategy, Strategy};
use crate::mcts::MctsConfig;
use crate::playable::Playable;
use crate::pvs::PvsConfig;
use crate::stats::Limits;

/// Playouts per move of `mcts` when not given.
pub const PLAYOUTS: u64 = 1000;
/// The exploration constant of `mcts` when not given.
pub const EXPLORATION: f64 = 1.4;

/// The strategies and their settings, for a command's `--help`.
pub const STRATEGY_HELP: &str = "\
Strategies (ALGO[:KEY=VALUE,...]):
  alphabeta[:depth=D]              alpha-beta with a transposition table, D plies (default: to the end)
  pvs[:depth=D]                    principal variation search, D plies (default: to the end)
  mcts[:playouts=N,c=C,seed=S]     UCT, N playouts per move (1000), exploration C (1.4)
  random[:seed=S]                  a uniformly random legal move
Depth-limited searches score unfinished positions with the game's evaluation.";

/// A strategy as a user names it.
#[derive(Clone, Debug, PartialEq)]
pub enum StrategySpec {
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
        "{spec}: unknown strategy `{name}`; expected alphabeta[:depth=D], pvs[:depth=D], \
         mcts[:playouts=N,c=C,seed=S] or random[:seed=S]"
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
    /// A value that parses but cannot be played (`depth=0`, `playouts=0`, `c=-1`).
    #[error("{spec}: {why}")]
    Unplayable {
        /// The whole text.
        spec: String,
        /// Why, with the value.
        why: String,
    },
}

impl FromStr for StrategySpec {
    type Err = StrategySpecError;

    fn from_str(text: &str) -> Result<StrategySpec, StrategySpecError> {
        let spec = || text.to_owned();
        let (name, opts) = text.split_once(':').unwrap_or((text, ""));
        let mut pairs = Vec::new();
        for item in opts.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((k, v)) = item.split_once('=') else {
                let item = item.to_owned();
                return Err(StrategySpecError::NotKeyValue { spec: spec(), item });
            };
            pairs.push((k.trim(), v.trim()));
        }
        let allowed: &[&str] = match name {
            "alphabeta" | "pvs" => &["depth"],
            "mcts" => &["playouts", "c", "seed"],
            "random" => &["seed"],
            _ => {
                let name = name.to_owned();
                return Err(StrategySpecError::Unknown { spec: spec(), name });
            }
        };
        if let Some((k, _)) = pairs.iter().find(|(k, _)| !allowed.contains(k)) {
            return Err(StrategySpecError::NoSuchSetting {
                spec: spec(),
                name: name.to_owned(),
                key: (*k).to_owned(),
                takes: allowed.join(", "),
            });
        }
        let unplayable = |why: String| StrategySpecError::Unplayable { spec: spec(), why };
        Ok(match name {
            "alphabeta" | "pvs" => {
                let depth = value::<u32>(text, &pairs, "depth", "a whole number of plies")?;
                if depth == Some(0) {
                    return Err(unplayable("depth=0 looks at no move; use 1 or more".into()));
                }
                if name == "pvs" {
                    StrategySpec::Pvs { depth }
                } else {
                    StrategySpec::AlphaBeta { depth }
                }
            }
            "mcts" => {
                let playouts = value(text, &pairs, "playouts", "a whole number")?;
                let c: f64 = value(text, &pairs, "c", "a number")?.unwrap_or(EXPLORATION);
                if playouts == Some(0) {
                    return Err(unplayable(
                        "playouts=0 plays no playout; use 1 or more".into(),
                    ));
                }
                if !(c.is_finite() && c >= 0.0) {
                    return Err(unplayable(format!("c={c} must be a number >= 0")));
                }
                let seed = value(text, &pairs, "seed", "a whole number")?.unwrap_or(0);
                let playouts = playouts.unwrap_or(PLAYOUTS);
                StrategySpec::Mcts { playouts, c, seed }
            }
            _ => StrategySpec::Random {
                seed: value(text, &pairs, "seed", "a whole number")?.unwrap_or(0),
            },
        })
    }
}

/// The value of setting `key` in `pairs` (the last one given), parsed as `T`.
fn value<T: FromStr>(
    spec: &str,
    pairs: &[(&str, &str)],
    key: &str,
    what: &'static str,
) -> Result<Option<T>, StrategySpecError> {
    let Some(&(_, v)) = pairs.iter().rev().find(|(k, _)| *k == key) else {
        return Ok(None);
    };
    v.parse()
        .map(Some)
        .map_err(|_| StrategySpecError::BadValue {
            spec: spec.to_owned(),
            key: key.to_owned(),
            value: v.to_owned(),
            what,
        })
}

impl fmt::Display for StrategySpec {
    /// The canonical name, every setting spelled out (`mcts:playouts=1000,c=1.4`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategySpec::AlphaBeta { depth: None } => write!(f, "alphabeta"),
            StrategySpec::AlphaBeta { depth: Some(d) } => write!(f, "alphabeta:depth={d}"),
            StrategySpec::Pvs { depth: None } => write!(f, "pvs"),
            StrategySpec::Pvs { depth: Some(d) } => write!(f, "pvs:depth={d}"),
            StrategySpec::Mcts { playouts, c, seed } => {
                write!(f, "mcts:playouts={playouts},c={c}")?;
                if *seed != 0 {
                    write!(f, ",seed={seed}")?;
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
    /// end without one), the window narrowed to the game's value range. Alpha-beta's and
    /// PVS's strategies and a person's hints ([`crate::play`]) share it.
    pub fn alphabeta_config<D: Playable>(d: &D, depth: Option<u32>) -> AlphaBetaConfig {
        let mut config = AlphaBetaConfig::new();
        if let Some(depth) = depth {
            config = config.with_depth(depth);
        }
        if let Some((lo, hi)) = d.value_range() {
            config = config.with_value_range(lo, hi);
        }
        config
    }

    /// The MCTS settings and per-move limits of `mcts:playouts=N,c=C,seed=S`.
    pub fn mcts_config(playouts: u64, c: f64, seed: u64) -> (MctsConfig, Limits) {
        let config = MctsConfig::new().with_seed(seed).with_exploration(c);
        (config, Limits::none().with_max_expanded(playouts))
    }

    /// The strategy for game `D`, named by [`Display`](fmt::Display).
    ///
    /// # Example
    ///
    /// ```
    /// use searchlab_toolkit::strategy_spec::StrategySpec;
    ///
    /// let spec: StrategySpec = "mcts:playouts=50".parse().unwrap();
    /// assert_eq!(spec.to_string(), "mcts:playouts=50,c=1.4");
    /// assert!("minimax".parse::<StrategySpec>().is_err());
    /// ```
    pub fn build<D: Playable>(&self, d: &D) -> Box<dyn Strategy<D::Game>> {
        self.build_limited(d, &Limits::none())
    }

    /// [`StrategySpec::build`] under the memory limit of `limits` (its other limits are the
    /// spec's: the depth, MCTS's playouts): a search's transposition table or MCTS's tree
    /// stops at `limits.max_memory` (a [`crate::matchplay::StrategyError::Stopped`] move,
    /// never an abort).
    pub fn build_limited<D: Playable>(&self, d: &D, limits: &Limits) -> Box<dyn Strategy<D::Game>> {
        let name = self.to_string();
        let eval = d.evaluator();
        match *self {
            StrategySpec::AlphaBeta { depth } => {
                let mut config = Self::alphabeta_config(d, depth);
                config.limits.max_memory = limits.max_memory;
                Box::new(SolverStrategy::alphabeta(name, config, eval))
            }
            StrategySpec::Pvs { depth } => {
                let mut config = PvsConfig::new();
                config.limits.max_memory = limits.max_memory;
                if let Some(depth) = depth {
                    config = config.with_depth(depth);
                }
                if let Some((lo, hi)) = d.value_range() {
                    config = config.with_value_range(lo, hi);
                }
                Box::new(SolverStrategy::pvs(name, config, eval))
            }
            StrategySpec::Mcts { playouts, c, seed } => {
                let (config, mut mcts_limits) = Self::mcts_config(playouts, c, seed);
                mcts_limits.max_memory = limits.max_memory;
                Box::new(MctsStrategy::new(name, config, mcts_limits, eval))
            }
            StrategySpec::Random { seed } => Box::new(RandomStrategy::new(seed)),
        }
    }
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
        ] {
            let spec: StrategySpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), canonical, "{text}");
            assert_eq!(canonical.parse::<StrategySpec>(), Ok(spec), "{canonical}");
        }
    }

    #[test]
    fn bad_texts_say_what_and_where() {
        assert_eq!(err("alphabeta:3"), "alphabeta:3: `3` is not KEY=VALUE");
        assert!(err("minimax").starts_with("minimax: unknown strategy `minimax`; expected"));
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
            "mcts:playouts=0: playouts=0 plays no playout; use 1 or more"
        );
        assert_eq!(err("mcts:c=-1"), "mcts:c=-1: c=-1 must be a number >= 0");
        assert_eq!(err("mcts:c=inf"), "mcts:c=inf: c=inf must be a number >= 0");
    }
}
