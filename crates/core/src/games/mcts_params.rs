//! Monte Carlo tree search's settings as a name gives them (`mcts:playouts=500,seed=7`):
//! [`MctsParams`], the one parser and the one set of defaults of MCTS's parameters, read by the
//! algorithm catalogue and by `match`'s strategies alike ([`crate::mcts::DECLARATION`]).

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU64;

use crate::game::{Evaluator, Game};
use crate::mcts::{MctsConfig, MctsError, MctsResult, Rollout};
use crate::stats::Limits;

/// The default playouts of `mcts` (the same as `searchlab match`'s).
pub const DEFAULT_PLAYOUTS: NonZeroU64 = match NonZeroU64::new(1000) {
    Some(n) => n,
    None => panic!("1000 is not zero"),
};

/// The default exploration constant of `mcts` (the same as `searchlab match`'s).
pub const DEFAULT_EXPLORATION: f64 = 1.4;

/// The default share of random moves of a greedy rollout (`rollout=greedy`), in percent.
pub const DEFAULT_RANDOM_PERCENT: u8 = 10;

/// Monte Carlo tree search's settings as the catalogue names them:
/// `mcts:playouts=N,c=C,seed=S,rollout=random|greedy,random=P` (every key optional).
///
/// Equal settings give equal runs: a run is deterministic for its seed (under a node limit;
/// a time limit stops wherever the clock says). The exploration constant compares by its bits,
/// so that the settings can be a catalogue value (hashed, ordered).
///
/// ```
/// use searchlab_core::MctsParams;
/// let p = MctsParams::parse("playouts=500,seed=7,rollout=greedy").unwrap();
/// assert_eq!((p.playouts.get(), p.seed), (500, 7));
/// assert_eq!(p.text().as_deref(), Some("playouts=500,seed=7,rollout=greedy"));
/// assert_eq!(MctsParams::parse(""), Ok(MctsParams::DEFAULT));
/// assert_eq!(MctsParams::DEFAULT.text(), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MctsParams {
    /// Playouts (the run's node budget: one tree node per playout); a smaller node limit
    /// (`--max-nodes`) stops it sooner.
    pub playouts: NonZeroU64,
    /// The exploration constant `c` of UCB1 (finite, at least 0).
    pub exploration: f64,
    /// The seed of the playouts.
    pub seed: u64,
    /// The playout policy (random, or greedy by the game's evaluation).
    pub rollout: Rollout,
}

impl MctsParams {
    /// 1000 playouts, `c = 1.4`, seed 0, random playouts.
    pub const DEFAULT: MctsParams = MctsParams {
        playouts: DEFAULT_PLAYOUTS,
        exploration: DEFAULT_EXPLORATION,
        seed: 0,
        rollout: Rollout::Random,
    };

    /// The [`MctsConfig`] of these settings (rewards by the sign of the final value).
    pub fn config(&self) -> MctsConfig {
        MctsConfig::new()
            .with_seed(self.seed)
            .with_exploration(self.exploration)
            .with_rollout(self.rollout)
    }

    /// `limits` with the playouts as the node limit (the smaller of the two when both are
    /// set); `max_cost` (a depth limit) does not apply to MCTS and is dropped.
    pub fn limits(&self, limits: &Limits) -> Limits {
        let mut out = limits.clone();
        out.max_expanded = Some(
            limits
                .max_expanded
                .map_or(self.playouts.get(), |n| n.min(self.playouts.get())),
        );
        out.max_cost = None;
        out
    }

    /// Runs [`crate::mcts()`] from `root` with these settings under `limits` ([`Self::limits`]).
    ///
    /// # Errors
    /// Settings [`crate::mcts()`] refuses (a negative or non-finite exploration constant, a
    /// random share above 100%), which parsing never gives.
    ///
    /// Complexity: O(playouts x (tree depth + game length)).
    pub fn run<G, E>(
        &self,
        game: &G,
        root: &G::State,
        eval: &E,
        limits: &Limits,
    ) -> Result<MctsResult<G::Move>, MctsError>
    where
        G: Game + ?Sized,
        E: Evaluator<G> + ?Sized,
    {
        crate::mcts::mcts(game, root, eval, &self.config(), &self.limits(limits))
    }

    /// The comparison key: every field, the exploration constant by its bits.
    fn key(&self) -> (u64, u64, u64, Rollout) {
        (
            self.playouts.get(),
            self.exploration.to_bits(),
            self.seed,
            self.rollout,
        )
    }

    /// The settings after `mcts:` (`playouts=500,seed=7`, or separated by `;`); a key given
    /// twice keeps the last.
    ///
    /// # Errors
    /// A key it does not take, or a value that is not one of the key's.
    pub fn parse(text: &str) -> Result<MctsParams, String> {
        let mut p = MctsParams::DEFAULT;
        let mut greedy = false;
        let mut random: Option<u8> = None;
        // `;` too: a list of algorithms separated by commas (`bench --algo A,B`) can carry
        // `mcts:playouts=500;seed=7`.
        for item in text
            .split([',', ';'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let Some((key, value)) = item.split_once('=') else {
                return Err(format!(
                    "`{item}` is not KEY=VALUE (mcts takes playouts=N, c=C, seed=S, rollout=random|greedy, random=P)"
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            match key.to_ascii_lowercase().as_str() {
                "playouts" => {
                    p.playouts = value
                        .parse()
                        .map_err(|_| format!("playouts={value}: expected a whole number from 1"))?
                }
                "c" => {
                    let c: f64 = value
                        .parse()
                        .map_err(|_| format!("c={value}: expected a number"))?;
                    if !(c.is_finite() && c >= 0.0) {
                        return Err(format!("c={value}: expected a finite number >= 0"));
                    }
                    p.exploration = c;
                }
                "seed" => {
                    p.seed = value
                        .parse()
                        .map_err(|_| format!("seed={value}: expected a whole number"))?
                }
                "rollout" => {
                    greedy = match value.to_ascii_lowercase().as_str() {
                        "random" => false,
                        "greedy" => true,
                        _ => return Err(format!("rollout={value}: expected random or greedy")),
                    }
                }
                "random" => {
                    random =
                        Some(value.parse().ok().filter(|p| *p <= 100).ok_or_else(|| {
                            format!("random={value}: expected a percentage 0 to 100")
                        })?)
                }
                _ => {
                    return Err(format!(
                        "mcts has no option `{key}` (it takes playouts, c, seed, rollout, random)"
                    ));
                }
            }
        }
        p.rollout = match (greedy, random) {
            (true, r) => Rollout::Greedy {
                random_percent: r.unwrap_or(DEFAULT_RANDOM_PERCENT),
            },
            (false, None) => Rollout::Random,
            (false, Some(_)) => {
                return Err("random=P is the share of random moves of rollout=greedy: give rollout=greedy too".into());
            }
        };
        Ok(p)
    }

    /// The settings that differ from the default, as [`Self::parse`] reads them; `None` for
    /// the default.
    pub fn text(&self) -> Option<String> {
        let d = MctsParams::DEFAULT;
        let mut parts = Vec::new();
        if self.playouts != d.playouts {
            parts.push(format!("playouts={}", self.playouts));
        }
        if self.exploration.to_bits() != d.exploration.to_bits() {
            parts.push(format!("c={}", self.exploration));
        }
        if self.seed != d.seed {
            parts.push(format!("seed={}", self.seed));
        }
        if let Rollout::Greedy { random_percent } = self.rollout {
            parts.push("rollout=greedy".into());
            if random_percent != DEFAULT_RANDOM_PERCENT {
                parts.push(format!("random={random_percent}"));
            }
        }
        (!parts.is_empty()).then(|| parts.join(","))
    }
}

impl Default for MctsParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl PartialEq for MctsParams {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl Eq for MctsParams {}
impl Hash for MctsParams {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}
impl PartialOrd for MctsParams {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for MctsParams {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}
