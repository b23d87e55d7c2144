//! What a benchmark is, independently of where and in how many pieces it runs: the
//! [`Definition`] that every shard of it shares and that a merge checks, and the [`Shard`]s.

use std::fmt;
use std::str::FromStr;

use searchlab_toolkit::Kind;
use serde::{Deserialize, Serialize};

use crate::agree::Promise;

/// A benchmark: the problem, its options, the pairs, the limits and every instance read (good
/// and bad, in input order). Two runs with equal definitions do the same work, so their rows
/// can be merged; the [fingerprint](Definition::fingerprint) says so in 16 hex digits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Definition {
    /// The problem's name (`eight`).
    pub problem: String,
    /// `puzzle` or `game`.
    pub kind: String,
    /// The problem options given for every pair (`--opt`), as written.
    pub options: Vec<String>,
    /// The pairs, in the order they run and print.
    pub pairs: Vec<PairSpec>,
    /// The limits every search runs under.
    pub limits: LimitSpec,
    /// The instance files as named (`-` is standard input).
    pub files: Vec<String>,
    /// Every instance of the files, good and bad, in input order: the work list's first axis.
    pub instances: Vec<InstanceRecord>,
}

/// A pair as a definition records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairSpec {
    /// The algorithm's name, with its options after `+` (`alphabeta+no-table`).
    pub algorithm: String,
    /// The heuristic, `none` when the algorithm takes none.
    pub heuristic: String,
    /// What its answers promise (the agreement check reads it).
    #[serde(with = "crate::agree::recorded")]
    pub promise: Promise,
    /// The problem options its runs use, defaults included.
    pub options: Vec<(String, String)>,
}

/// The limits of every search (`None`: no limit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LimitSpec {
    /// Nodes expanded.
    pub max_nodes: Option<u64>,
    /// Depth (puzzles: cost; games: plies).
    pub max_depth: Option<u64>,
    /// Seconds.
    pub timeout: Option<f64>,
    /// Bytes of tables, as given (a default that depends on the machine is not part of it).
    pub max_memory: Option<u64>,
}

/// One instance read: where it came from, its text, and what is wrong with it if it is bad.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InstanceRecord {
    /// `file:line`, or the file alone for an instance that spans it.
    pub source: String,
    /// The file (`stdin` for standard input).
    pub file: String,
    /// The 1-based line.
    pub line: Option<usize>,
    /// The instance as written (or as the problem shows it).
    pub text: String,
    /// The expected answer written after `|`.
    pub expected: Option<String>,
    /// Why the instance is bad; `None` for a good one.
    pub error: Option<String>,
}

impl Definition {
    /// The problem's kind.
    pub fn kind(&self) -> Kind {
        if self.kind == "game" {
            Kind::Game
        } else {
            Kind::Puzzle
        }
    }

    /// The name of `kind` in a definition.
    pub fn kind_name(kind: Kind) -> &'static str {
        match kind {
            Kind::Puzzle => "puzzle",
            Kind::Game => "game",
        }
    }

    /// 16 hex digits that differ when the definitions differ: the 64-bit FNV-1a hash of its
    /// compact JSON. FNV-1a because it is fixed forever (unlike `std`'s hasher, which may
    /// change between Rust releases) and shards run on machines with different toolchains; it
    /// guards against mistakes, not against forgery.
    pub fn fingerprint(&self) -> String {
        let json = serde_json::to_string(self).unwrap_or_default();
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in json.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{hash:016x}")
    }

    /// How two definitions differ, in words, for the message refusing to merge them.
    pub fn difference(&self, other: &Definition) -> String {
        let mut parts = Vec::new();
        if self.problem != other.problem {
            parts.push(format!("problem {} vs {}", self.problem, other.problem));
        }
        if self.options != other.options {
            parts.push(format!(
                "options [{}] vs [{}]",
                self.options.join(" "),
                other.options.join(" ")
            ));
        }
        if self.pairs != other.pairs {
            let names = |d: &Definition| {
                let v: Vec<String> = d
                    .pairs
                    .iter()
                    .map(|p| crate::output::pair_label(&p.algorithm, &p.heuristic))
                    .collect();
                v.join(",")
            };
            parts.push(format!("pairs {} vs {}", names(self), names(other)));
        }
        if self.limits != other.limits {
            parts.push(format!("limits {:?} vs {:?}", self.limits, other.limits));
        }
        if self.files != other.files {
            parts.push(format!(
                "files {} vs {}",
                self.files.join(" "),
                other.files.join(" ")
            ));
        } else if self.instances != other.instances {
            let first = self
                .instances
                .iter()
                .zip(&other.instances)
                .find(|(a, b)| a != b)
                .map_or_else(
                    || {
                        format!(
                            "{} vs {} instances",
                            self.instances.len(),
                            other.instances.len()
                        )
                    },
                    |(a, b)| format!("'{}' vs '{}' at {}", a.text, b.text, a.source),
                );
            parts.push(format!("instance files changed: {first}"));
        }
        parts.join("; ")
    }
}

/// The `K`-th of `N` slices of a work list: the instances at positions `K-1`, `K-1+N`, ...
/// with every pair. Deterministic (it depends on the instance files alone) and balanced by
/// instance (slice sizes differ by one at most).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub k: usize,
    /// How many slices.
    pub n: usize,
}

impl Shard {
    /// The whole work list: `1/1`.
    pub const ALL: Shard = Shard { k: 1, n: 1 };

    /// Whether the instance at `position` (from 0, among all instances read) is in the slice.
    pub fn owns(self, position: usize) -> bool {
        position % self.n == self.k - 1
    }
}

impl Default for Shard {
    fn default() -> Self {
        Self::ALL
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N` with `1 <= K <= N`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let (k, n) = text.split_once('/').unwrap_or((text, ""));
        match (k.trim().parse::<usize>(), n.trim().parse::<usize>()) {
            (Ok(k), Ok(n)) if 1 <= k && k <= n => Ok(Shard { k, n }),
            _ => Err("expected K/N with 1 <= K <= N, like 2/3".into()),
        }
    }
}
