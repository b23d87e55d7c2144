//! # searchlab-waterjug
//!
//! The water-jug puzzle: jugs of given capacities start empty; fill one from the tap, empty
//! one, or pour one into another until either is empty or full; reach a jug holding exactly
//! the target amount, in the fewest actions. It is the worked example of
//! `docs/adding-a-problem.md`: the [`Problem`] (rules), then the [`Description`] (what
//! `searchlab` needs), then one line in the CLI's registry.
//!
//! ```
//! use searchlab_toolkit::{Description, Limits, Options, SearchAlgorithm, Algorithm};
//! use searchlab_waterjug::WaterJug;
//!
//! let puzzle = WaterJug::new(&Options::new()).unwrap();
//! let jugs = puzzle.parse("3 5 : 4").unwrap();
//! let answer = puzzle.solve(&jugs, Algorithm::Search(SearchAlgorithm::Bfs), "gap", &Limits::none());
//! assert_eq!(answer.length.as_deref(), Some("6")); // F2 P2>1 E1 P2>1 F2 P2>1
//! ```

use std::fmt;

use searchlab_toolkit::describe::run_answer;
use searchlab_toolkit::show::{Frame, TERMINAL_WIDTH, side_by_side};
use searchlab_toolkit::{
    Algorithm, Answer, Description, Heuristic, Kind, Limits, OptionSpec, Options, Problem,
    SearchAlgorithm, SplitMix64, Status, Zero,
};

/// The most jugs an instance may have.
pub const MAX_JUGS: usize = 4;
/// The largest capacity.
pub const MAX_CAPACITY: u32 = 1000;

/// One instance: the jugs' capacities and the target amount.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jugs {
    /// Capacity of each jug (1 to [`MAX_CAPACITY`] litres).
    pub capacities: Vec<u32>,
    /// The amount one jug must hold.
    pub target: u32,
}

/// An action: jugs are numbered from 1 as the user reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Fill jug i from the tap.
    Fill(usize),
    /// Empty jug i.
    Empty(usize),
    /// Pour jug i into jug j.
    Pour(usize, usize),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Fill(i) => write!(f, "F{}", i + 1),
            Action::Empty(i) => write!(f, "E{}", i + 1),
            Action::Pour(i, j) => write!(f, "P{}>{}", i + 1, j + 1),
        }
    }
}

impl Problem for Jugs {
    type State = Vec<u32>;
    type Action = Action;
    type Cost = u32;

    fn is_goal(&self, s: &Vec<u32>) -> bool {
        s.contains(&self.target)
    }
    /// Fill each jug, empty each, then pour each into each, in jug order; actions that
    /// change nothing are left out.
    fn actions(&self, s: &Vec<u32>, out: &mut Vec<Action>) {
        let n = s.len();
        out.extend(
            (0..n)
                .filter(|&i| s[i] < self.capacities[i])
                .map(Action::Fill),
        );
        out.extend((0..n).filter(|&i| s[i] > 0).map(Action::Empty));
        for i in 0..n {
            for j in 0..n {
                if i != j && s[i] > 0 && s[j] < self.capacities[j] {
                    out.push(Action::Pour(i, j));
                }
            }
        }
    }
    /// Proved when the target exceeds every jug or is not a multiple of the capacities'
    /// greatest common divisor (every amount ever held is one), or, failing that, when the
    /// whole space (up to a million contents) holds no goal.
    fn goal_unreachable(&self, start: &Vec<u32>) -> bool {
        fn gcd(a: u32, b: u32) -> u32 {
            if b == 0 { a } else { gcd(b, a % b) }
        }
        let divisor = self.capacities.iter().copied().fold(0, gcd);
        let from_empty = start.iter().all(|&a| a == 0);
        (from_empty
            && (self.capacities.iter().all(|&c| c < self.target)
                || (divisor > 0 && !self.target.is_multiple_of(divisor))))
            || searchlab_core::problem::no_goal_within(self, start, 1 << 20)
    }
    fn result(&self, s: &Vec<u32>, a: &Action) -> (Vec<u32>, u32) {
        let mut t = s.clone();
        match *a {
            Action::Fill(i) => t[i] = self.capacities[i],
            Action::Empty(i) => t[i] = 0,
            Action::Pour(i, j) => {
                let moved = t[i].min(self.capacities[j] - t[j]);
                t[i] -= moved;
                t[j] += moved;
            }
        }
        (t, 1)
    }
}

/// 1 while no jug holds the target, 0 at a goal: admissible, since a goal needs an action.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gap;

impl Heuristic<Jugs> for Gap {
    fn estimate(&self, jugs: &Jugs, s: &Vec<u32>) -> u32 {
        u32::from(!jugs.is_goal(s))
    }
}

/// The water-jug puzzle, described for `searchlab`.
#[derive(Clone, Copy, Debug, Default)]
pub struct WaterJug;

impl Description for WaterJug {
    type Instance = Jugs;
    const NAME: &'static str = "waterjug";
    const SUMMARY: &'static str = "the water-jug puzzle (the example of docs/adding-a-problem.md)";
    const INPUT: &'static str = "\
INSTANCE: the jugs' capacities, a colon, the target: \"3 5 : 4\" (jugs of 3 and 5 litres,
make one hold 4). Jugs start empty. Actions: Fi fills jug i, Ei empties it, Pi>j pours i into
j until i is empty or j full. An expected answer after '|' is the length or `unsolvable`.";
    const KIND: Kind = Kind::Puzzle;

    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            ("gap", "1 until a jug holds the target (admissible)"),
            ("zero", "no estimate: A* is uniform-cost search"),
        ]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Search(SearchAlgorithm::Bfs)
    }
    fn refusal(algorithm: Algorithm) -> Option<String> {
        // The goal is any contents with one jug holding the target: a set of states.
        match algorithm {
            Algorithm::Search(a) if a.is_bidirectional() => Some(format!(
                "{} needs an explicit goal state; the water-jug goal (any jug holding the target) is a set",
                a.name()
            )),
            _ => None,
        }
    }
    fn new(_: &Options) -> Result<Self, String> {
        Ok(WaterJug)
    }
    fn parse(&self, text: &str) -> Result<Jugs, String> {
        let (caps, target) = text
            .split_once(':')
            .ok_or("expected capacities, ':', target, like \"3 5 : 4\"")?;
        let number = |t: &str| -> Result<u32, String> {
            match t.parse::<u32>() {
                Ok(n) if (1..=MAX_CAPACITY).contains(&n) => Ok(n),
                Ok(n) => Err(format!(
                    "{n} is out of range: amounts are 1 to {MAX_CAPACITY}"
                )),
                Err(_) => Err(format!("'{t}' is not a whole number")),
            }
        };
        let capacities = caps
            .split_whitespace()
            .map(number)
            .collect::<Result<Vec<u32>, String>>()?;
        if !(1..=MAX_JUGS).contains(&capacities.len()) {
            return Err(format!(
                "expected 1 to {MAX_JUGS} jugs, found {}",
                capacities.len()
            ));
        }
        let target = number(target.trim())?;
        Ok(Jugs { capacities, target })
    }
    fn show(&self, jugs: &Jugs) -> String {
        let caps: Vec<String> = jugs.capacities.iter().map(u32::to_string).collect();
        format!("jugs {} : target {}", caps.join(" "), jugs.target)
    }
    fn solve(&self, jugs: &Jugs, algorithm: Algorithm, heuristic: &str, limits: &Limits) -> Answer {
        let Algorithm::Search(algo) = algorithm else {
            unreachable!("a puzzle lists only single-agent algorithms")
        };
        let h: &dyn Heuristic<Jugs> = if heuristic == "zero" { &Zero } else { &Gap };
        let start = vec![0; jugs.capacities.len()];
        run_answer(algo.run(jugs, &start, h, limits), |moves| {
            moves
                .iter()
                .map(Action::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
    }
    /// `--show`: the jugs after each action, one line per jug (`3/5`: 3 litres in a jug of
    /// 5), the jug holding the target marked `*`.
    fn show_solution(&self, jugs: &Jugs, answer: &Answer) -> Option<String> {
        let moves = answer
            .moves
            .as_deref()
            .filter(|_| answer.status == Status::Solved)?;
        let draw = |s: &Vec<u32>| {
            let lines: Vec<String> = s
                .iter()
                .zip(&jugs.capacities)
                .map(|(a, c)| format!("{a}/{c}{}", if *a == jugs.target { " *" } else { "" }))
                .collect();
            lines.join("\n")
        };
        let mut state = vec![0; jugs.capacities.len()];
        let mut frames = vec![Frame::new("start", draw(&state))];
        let mut legal = Vec::new();
        for (i, token) in moves.split_whitespace().enumerate() {
            // The action printed as `token` (the answer's own words, read back).
            legal.clear();
            jugs.actions(&state, &mut legal);
            let action = legal.iter().find(|a| a.to_string() == token)?;
            state = jugs.result(&state, action).0;
            frames.push(Frame::new(format!("{}: {token}", i + 1), draw(&state)));
        }
        Some(side_by_side(&frames, TERMINAL_WIDTH))
    }
    fn gen_options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value("jugs", "N", Some("2"), "jugs per instance (1 to 4)"),
            OptionSpec::value("max", "C", Some("9"), "largest capacity"),
        ];
        OPTIONS
    }
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        let n: usize = options.parse("jugs")?.unwrap_or(2);
        let max: u32 = options.parse("max")?.unwrap_or(9);
        if !(1..=MAX_JUGS).contains(&n) || !(1..=MAX_CAPACITY).contains(&max) {
            return Err(format!(
                "--jugs {n} --max {max}: expected 1 to {MAX_JUGS} jugs of 1 to {MAX_CAPACITY}"
            ));
        }
        if max < 2 {
            return Err(format!("--max {max}: a target needs a jug of at least 2"));
        }
        let mut lines = Vec::with_capacity(count);
        while lines.len() < count {
            let caps: Vec<u32> = (0..n)
                .map(|_| 1 + rng.below(u64::from(max)) as u32)
                .collect();
            let largest = caps.iter().copied().max().unwrap_or(1);
            // A target below the largest jug and no jug's capacity: one fill never reaches it.
            let target = 1 + rng.below(u64::from(largest)) as u32;
            if target == largest || caps.contains(&target) {
                continue;
            }
            let caps: Vec<String> = caps.iter().map(u32::to_string).collect();
            lines.push(format!("{} : {target}", caps.join(" ")));
        }
        Ok(lines)
    }
}
