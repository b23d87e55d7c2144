//! The pancake puzzle: a stack of `n` pancakes of sizes `1..=n`, written top first as a line
//! (`3 1 2 4`); a move `k` flips the top `k` pancakes (reverses the first `k` numbers), at cost
//! 1; the goal is the sorted stack `1 2 ... n`, the largest at the bottom.
//!
//! ```
//! use own_searchlab::pancake::{Gap, Pancakes};
//! use searchlab_toolkit::{Heuristic, Limits, Problem, astar};
//!
//! let stack = vec![3, 1, 2, 4];
//! let pancakes = Pancakes { n: 4 };
//! assert_eq!(Gap.estimate(&pancakes, &stack), 2); // 3|1 and 2|4 are gaps
//! let result = astar(&pancakes, &stack, &Gap, &Limits::none());
//! assert_eq!(result.outcome.actions(), Some(&[3, 2][..])); // 2 1 3 4, then 1 2 3 4
//! ```

use searchlab_toolkit::describe::run_answer;
use searchlab_toolkit::{
    Algorithm, Answer, Description, Heuristic, Kind, Limits, OptionSpec, Options, Problem,
    SearchAlgorithm, SplitMix64, Zero,
};

/// The most pancakes a stack may have.
pub const MAX_PANCAKES: usize = 64;

/// The rules for stacks of `n` pancakes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pancakes {
    /// The number of pancakes.
    pub n: u8,
}

impl Problem for Pancakes {
    /// The sizes, top first.
    type State = Vec<u8>;
    /// How many pancakes to flip (2 to n).
    type Action = u8;
    type Cost = u32;

    fn is_goal(&self, s: &Vec<u8>) -> bool {
        s.iter().zip(1..).all(|(p, i)| *p == i)
    }
    /// Flips of 2, 3, ..., n pancakes, in that order (flipping one changes nothing).
    fn actions(&self, _: &Vec<u8>, out: &mut Vec<u8>) {
        out.extend(2..=self.n);
    }
    fn result(&self, s: &Vec<u8>, k: &u8) -> (Vec<u8>, u32) {
        let mut t = s.clone();
        t[..usize::from(*k)].reverse();
        (t, 1)
    }
    fn apply(&self, s: &mut Vec<u8>, k: &u8) -> u32 {
        s[..usize::from(*k)].reverse();
        1
    }
    fn undo(&self, s: &mut Vec<u8>, k: &u8) {
        s[..usize::from(*k)].reverse();
    }
    /// A flip undoes itself.
    fn inverse(&self, k: &u8) -> Option<u8> {
        Some(*k)
    }
}

/// Helmert's gap heuristic (2010): the number of neighbours in the stack, the plate below
/// the bottom pancake counting as pancake `n + 1`, whose sizes differ by more than one. A
/// flip changes one neighbour pair, so it closes at most one gap, and the goal has none:
/// admissible and consistent.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gap;

impl Heuristic<Pancakes> for Gap {
    fn estimate(&self, pancakes: &Pancakes, s: &Vec<u8>) -> u32 {
        let plate = [pancakes.n + 1];
        let below = s[1..].iter().chain(&plate);
        s.iter()
            .zip(below)
            .filter(|(a, b)| a.abs_diff(**b) != 1)
            .count() as u32
    }
}

/// The pancake puzzle, described for `searchlab`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pancake;

impl Description for Pancake {
    type Instance = Vec<u8>;
    const NAME: &'static str = "pancake";
    const SUMMARY: &'static str = "the pancake puzzle: sort a stack by flipping its top";
    const INPUT: &'static str = "\
INSTANCE: the pancakes' sizes 1..n, top first: \"3 1 2 4\". A move k flips the top k pancakes
(reverses the first k numbers), at cost 1; the goal is 1 2 ... n. An expected answer after '|'
is the fewest flips.";
    const KIND: Kind = Kind::Puzzle;
    // The bidirectional searches would need `Problem::predecessors`, which this example leaves out.
    const HAS_PREDECESSORS: bool = false;

    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "gap",
                "Helmert's gap heuristic: neighbours that differ by more than 1",
            ),
            ("zero", "no estimate: A* is uniform-cost search"),
        ]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Search(SearchAlgorithm::Astar)
    }
    fn new(_: &Options) -> Result<Self, String> {
        Ok(Pancake)
    }
    fn parse(&self, text: &str) -> Result<Vec<u8>, String> {
        let stack = text
            .split_whitespace()
            .map(|t| {
                t.parse::<u8>()
                    .map_err(|_| format!("'{t}' is not a pancake size"))
            })
            .collect::<Result<Vec<u8>, String>>()?;
        let n = stack.len();
        if !(1..=MAX_PANCAKES).contains(&n) {
            return Err(format!("expected 1 to {MAX_PANCAKES} pancakes, found {n}"));
        }
        let mut seen = vec![false; n + 1];
        for &p in &stack {
            let p = usize::from(p);
            if !(1..=n).contains(&p) || std::mem::replace(&mut seen[p], true) {
                return Err(format!(
                    "expected each of the sizes 1 to {n} once; {p} is {}",
                    if (1..=n).contains(&p) {
                        "repeated"
                    } else {
                        "out of range"
                    }
                ));
            }
        }
        Ok(stack)
    }
    fn show(&self, stack: &Vec<u8>) -> String {
        let sizes: Vec<String> = stack.iter().map(u8::to_string).collect();
        sizes.join(" ")
    }
    fn solve(
        &self,
        stack: &Vec<u8>,
        algorithm: Algorithm,
        heuristic: &str,
        limits: &Limits,
    ) -> Answer {
        let Algorithm::Search(algo) = algorithm else {
            unreachable!("a puzzle lists only single-agent algorithms")
        };
        let pancakes = Pancakes {
            n: stack.len() as u8,
        };
        let h: &dyn Heuristic<Pancakes> = if heuristic == "zero" { &Zero } else { &Gap };
        run_answer(algo.run(&pancakes, stack, h, limits), |flips| {
            let flips: Vec<String> = flips.iter().map(u8::to_string).collect();
            flips.join(" ")
        })
    }
    fn gen_options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[OptionSpec::value(
            "n",
            "N",
            Some("8"),
            "pancakes per stack (1 to 64)",
        )];
        OPTIONS
    }
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        let n: usize = options.parse("n")?.unwrap_or(8);
        if !(1..=MAX_PANCAKES).contains(&n) {
            return Err(format!("--n {n}: expected 1 to {MAX_PANCAKES} pancakes"));
        }
        Ok((0..count)
            .map(|_| {
                let mut stack: Vec<u8> = (1..=n as u8).collect();
                rng.shuffle(&mut stack);
                self.show(&stack)
            })
            .collect())
    }
}
