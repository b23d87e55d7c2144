//! A problem described once: the [`Description`] trait that every puzzle and game of the
//! toolkit implements, so that one driver (the `searchlab` tool, a benchmark, a test) serves
//! them all.
//!
//! A description says what a user needs to know and what a driver needs to do: the problem's
//! name and one-line summary, how to read one instance from a line (and, where the problem has
//! one, from a file in its own format: a judge's input, a scenario file), how to print an
//! instance and an answer, its heuristics (puzzles) or move orders (games) by name, which
//! catalogue algorithms apply, its own options, and its generator. Nothing in it depends on a
//! command-line or JSON library: options are [`OptionSpec`]s, the problem's own answer fields
//! are [`Field`]s.
//!
//! See `docs/adding-a-problem.md` for a whole problem (the water jug) described end to end.

use std::fmt;
use std::path::Path;

use crate::catalogue::{Algorithm, MctsParams, Promise};
use crate::rng::SplitMix64;
use crate::stats::{LimitKind, Limits, Stats};

/// Whether a problem is a single-agent puzzle (a path to a goal) or a two-player game (a value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Single-agent: every [`crate::SearchAlgorithm`] applies.
    Puzzle,
    /// Two-player zero-sum: every [`crate::GameAlgorithm`] applies.
    Game,
}

/// One option of a problem, beyond the options every problem shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// Its long name, without dashes (`goal` for `--goal`).
    pub name: &'static str,
    /// The placeholder of its value (`N`, `ORDER`); `None` for a flag, which takes no value.
    pub value_name: Option<&'static str>,
    /// The value when the user gives none (flags: absent means off).
    pub default: Option<&'static str>,
    /// One line of help, with the accepted values.
    pub help: &'static str,
    /// Given by position (`gen grid MAP`) rather than as `--name VALUE`; `--name VALUE` is
    /// still accepted as an alias. Its placeholder (`value_name`) names the positional.
    pub positional: bool,
}

impl OptionSpec {
    /// An option that takes a value.
    pub const fn value(
        name: &'static str,
        value_name: &'static str,
        default: Option<&'static str>,
        help: &'static str,
    ) -> Self {
        Self {
            name,
            value_name: Some(value_name),
            default,
            help,
            positional: false,
        }
    }
    /// A value given by position, `--name VALUE` accepted too (at most one a command).
    pub const fn positional(
        name: &'static str,
        value_name: &'static str,
        help: &'static str,
    ) -> Self {
        Self {
            name,
            value_name: Some(value_name),
            default: None,
            help,
            positional: true,
        }
    }
    /// A flag (on when given).
    pub const fn flag(name: &'static str, help: &'static str) -> Self {
        Self {
            name,
            value_name: None,
            default: None,
            help,
            positional: false,
        }
    }
}

/// The values the user gave a problem's [`OptionSpec`]s (defaults filled in); a flag that is
/// set has the value `true`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options(Vec<(String, String)>);

impl Options {
    /// No option set.
    pub fn new() -> Self {
        Self::default()
    }
    /// Sets `name` to `value`.
    pub fn set(&mut self, name: &str, value: &str) {
        self.0.retain(|(n, _)| n != name);
        self.0.push((name.to_owned(), value.to_owned()));
    }
    /// `name`'s value, if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
    /// Whether the flag `name` is set.
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) == Some("true")
    }
    /// `name`'s value parsed as a `T`; a value that does not parse is an error naming the
    /// option (`--size x: ...`).
    pub fn parse<T>(&self, name: &str) -> Result<Option<T>, String>
    where
        T: std::str::FromStr,
        T::Err: fmt::Display,
    {
        self.get(name)
            .map(|v| v.parse().map_err(|e| format!("--{name} {v}: {e}")))
            .transpose()
    }
    /// `name`'s value, which must be one of `choices` (`--name value: expected a, b or c`).
    pub fn choice(&self, name: &str, choices: &[&str]) -> Result<Option<usize>, String> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        choices
            .iter()
            .position(|c| c.eq_ignore_ascii_case(v))
            .map(Some)
            .ok_or_else(|| format!("--{name} {v}: expected one of {}", choices.join(", ")))
    }
}

/// A value of a problem's own answer fields, which a driver turns into JSON (`Map` keeps its
/// order).
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A number that need not be an integer (a cost like 12.485).
    Num(f64),
    /// A decimal number written with exactly these digits (`1234.56789012`, `7.00000000`):
    /// drivers print it as a JSON number keeping every digit, trailing zeros too, as files
    /// such as MovingAI's `.scen` write lengths (an `f64` would print `7.0`).
    Decimal(String),
    /// A string.
    Text(String),
    /// An array.
    List(Vec<Field>),
    /// An object, in this order.
    Map(Vec<(String, Field)>),
}

impl From<bool> for Field {
    fn from(b: bool) -> Self {
        Field::Bool(b)
    }
}
impl From<i64> for Field {
    fn from(n: i64) -> Self {
        Field::Int(n)
    }
}
impl From<i32> for Field {
    fn from(n: i32) -> Self {
        Field::Int(i64::from(n))
    }
}
impl From<u32> for Field {
    fn from(n: u32) -> Self {
        Field::Int(i64::from(n))
    }
}
impl From<u64> for Field {
    fn from(n: u64) -> Self {
        // Counts beyond i64 (none in practice) stay numbers, if inexact ones.
        i64::try_from(n).map_or(Field::Num(n as f64), Field::Int)
    }
}
impl From<usize> for Field {
    fn from(n: usize) -> Self {
        Field::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}
impl From<f64> for Field {
    fn from(x: f64) -> Self {
        Field::Num(x)
    }
}
impl From<&str> for Field {
    fn from(s: &str) -> Self {
        Field::Text(s.to_owned())
    }
}
impl From<String> for Field {
    fn from(s: String) -> Self {
        Field::Text(s)
    }
}
impl<T: Into<Field>> From<Option<T>> for Field {
    fn from(v: Option<T>) -> Self {
        v.map_or(Field::Null, Into::into)
    }
}
impl<T: Into<Field>> From<Vec<T>> for Field {
    fn from(v: Vec<T>) -> Self {
        Field::List(v.into_iter().map(Into::into).collect())
    }
}

/// How a search of one instance ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// An answer: a solution (puzzles) or a value (games).
    Solved,
    /// No solution exists (an answer too).
    Unsolvable,
    /// A limit stopped the search before an answer.
    Stopped(LimitKind),
    /// A move chosen without a proved value (Monte Carlo tree search): an answer, but
    /// nothing to compare with an expected value.
    Chosen,
}

impl Status {
    /// Its name in JSON rows: `solved`, `unsolvable`, `stopped`, `chosen`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Stopped(_) => "stopped",
            Status::Chosen => "chosen",
        }
    }
}

/// The answer to one instance, in the form every driver prints.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// How the search ended.
    pub status: Status,
    /// The solution's actions as a user types them (puzzles), or the principal variation
    /// (games); `None` without an answer.
    pub moves: Option<String>,
    /// The solution's cost (puzzles) or the position's value (games), printed exactly (an
    /// integer, or a decimal for irrational costs); `None` without an answer.
    pub length: Option<String>,
    /// What an expected answer after `|` is compared with: `length`, or `unsolvable`; `None`
    /// when the search was stopped (a limit is not a wrong answer).
    pub key: Option<String>,
    /// The answer in words, one line each, printed indented under the instance.
    pub lines: Vec<String>,
    /// The problem's own JSON fields (`centre`, `best`, `margin`, ...).
    pub fields: Vec<(&'static str, Field)>,
    /// The search's statistics.
    pub stats: Stats,
}

impl Answer {
    /// An answer with `status` and statistics, to be filled in.
    pub fn new(status: Status, stats: Stats) -> Self {
        Self {
            status,
            moves: None,
            length: None,
            key: None,
            lines: Vec::new(),
            fields: Vec::new(),
            stats,
        }
    }
}

/// One instance read from a file in a problem's own format ([`Description::parse_file`]).
#[derive(Debug)]
pub struct Parsed<I> {
    /// Its 1-based line (the first line of an instance spanning several).
    pub line: usize,
    /// Its text, when it has a line of its own.
    pub input: Option<String>,
    /// A name within the file (`game 3`), when the format numbers its instances.
    pub name: Option<String>,
    /// The expected answer the file gives for it, if any.
    pub expected: Option<String>,
    /// The instance, or what is wrong with it.
    pub instance: Result<I, String>,
}

/// An online judge a problem reproduces byte for byte (`searchlab judge N`): its input on
/// `input`, its output to `out`, a message per bad case to `errors`; returns the number of
/// bad cases (the good ones are answered all the same).
#[derive(Clone, Copy, Debug)]
pub struct Judge {
    /// The POJ problem number.
    pub number: u32,
    /// The problem's title.
    pub title: &'static str,
    /// Runs the judge.
    pub run: JudgeFn,
}

/// A judge's entry point: input, output, where each bad case's message goes; returns the
/// number of bad cases.
pub type JudgeFn =
    fn(&str, &mut dyn std::io::Write, &mut dyn FnMut(String)) -> std::io::Result<usize>;

/// Something a description tells its driver while it prepares (builds tables).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A line for the user (stderr): what was built or loaded, and how long it took.
    Message(String),
    /// Progress of a long build: `done` of `total` steps of `what`.
    Progress {
        /// What is being built.
        what: String,
        /// Steps done.
        done: u64,
        /// All steps.
        total: u64,
    },
    /// The build of `what` is over (a driver wipes its progress display).
    Finished,
}

/// A problem, described once for every driver.
///
/// A value of the type holds what the problem's options chose (a goal, a board size) and the
/// tables [`prepare`](Description::prepare) built; instances are parsed and validated before
/// any table is built, so a malformed line never waits for one.
pub trait Description: Sized {
    /// One parsed instance: a board, a position, a tree.
    type Instance;

    /// Its name on the command line (`eight`).
    const NAME: &'static str;
    /// One line for menus.
    const SUMMARY: &'static str;
    /// How to write an instance, with an example (printed by `--help`).
    const INPUT: &'static str;
    /// Puzzle or game.
    const KIND: Kind;
    /// Whether an instance spans a whole argument or file (a tree over several lines)
    /// instead of one line.
    const WHOLE_INPUT: bool = false;
    /// Whether its instances offer the predecessors of a state ([`crate::Problem::predecessors`])
    /// and one goal state, which the bidirectional searches need
    /// ([`crate::SearchAlgorithm::is_bidirectional`]); a puzzle without them says `false` and the
    /// default [`refusal`](Description::refusal) refuses those searches with the reason.
    const HAS_PREDECESSORS: bool = true;
    /// Extensions of the instance files the problem reads in a format of its own
    /// ([`parse_file`](Description::parse_file)), like `scen` for MovingAI scenarios: a
    /// command-line argument naming an existing file with one of them is read as that file,
    /// as with `--file`, rather than as an instance's text.
    const FILE_EXTENSIONS: &'static [&'static str] = &[];
    /// The online judge whose input and output the problem reproduces, if any.
    const JUDGE: Option<Judge> = None;

    /// The problem's own options, beyond the shared ones.
    fn options() -> &'static [OptionSpec] {
        &[]
    }

    /// Its heuristics (puzzles) or move orders / evaluations (games): `(name, summary)`.
    fn heuristics() -> &'static [(&'static str, &'static str)];

    /// The algorithms that apply (with their default parameters): by default every one of its
    /// kind that [`refusal`](Description::refusal) does not refuse.
    fn algorithms() -> Vec<Algorithm> {
        Algorithm::of_kind(Self::KIND)
            .into_iter()
            .filter(|a| Self::refusal(*a).is_none())
            .collect()
    }

    /// Why `algorithm` (of this problem's kind) does not apply, in words a user reads when
    /// naming it (`bibfs needs an explicit goal state; the rotation game's goal is a set`);
    /// `None` when it applies. By default every algorithm of the kind applies, except the
    /// bidirectional ones ([`crate::SearchAlgorithm::is_bidirectional`]) on a problem without
    /// predecessors ([`HAS_PREDECESSORS`](Description::HAS_PREDECESSORS) `false`); a problem
    /// with another reason (a goal that is a set of states) says it here.
    fn refusal(algorithm: Algorithm) -> Option<String> {
        match algorithm {
            Algorithm::Search(a) if a.is_bidirectional() && !Self::HAS_PREDECESSORS => {
                Some(format!(
                    "{} needs predecessors, which the {} problem does not offer",
                    a.name(),
                    Self::NAME
                ))
            }
            _ => None,
        }
    }

    /// The algorithm used when the user names none.
    fn default_algorithm() -> Algorithm;

    /// The algorithms `searchlab bench` compares when the user names none: by default the
    /// [`default_algorithm`](Description::default_algorithm) alone; a problem whose benchmark
    /// has always compared several (the 8-puzzle: A* and IDA*) lists them.
    fn bench_algorithms() -> Vec<Algorithm> {
        vec![Self::default_algorithm()]
    }

    /// Names that the per-problem benchmarks before the registry (issue 12) gave variants
    /// that are now an algorithm with problem options: `(old, new)`, `new` written as a bench
    /// pair (`("alphabeta-notable", "alphabeta+no-table")`), so that old command lines still
    /// run ([`expand_alias`]). `searchlab bench --algo` and `searchlab solve --algo` accept
    /// them; a bench labels the pair with the old name, as the old benchmark did. None by
    /// default.
    fn algorithm_aliases() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The same for heuristics of `searchlab bench --heuristic`: `(old, new)` with `new` a
    /// heuristic and options after `+` (`("pdb663-reflect", "pdb663+reflect")`). None by
    /// default.
    fn heuristic_aliases() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The algorithm `text` names (`idastar`, `wastar:3/2`), checked against this problem:
    /// an unknown name, an algorithm of the other kind, one the problem refuses
    /// ([`refusal`](Description::refusal)) or does not list is an error in a user's words.
    fn choose_algorithm(text: &str) -> Result<Algorithm, String> {
        let names = || {
            let names: Vec<&str> = offered_algorithms::<Self>()
                .iter()
                .map(|a| a.name())
                .collect();
            names.join(", ")
        };
        let algorithm: Algorithm = text.parse().map_err(|err| match err {
            // Unknown: the names of this problem, the likeliest first (one short line).
            crate::catalogue::ParseAlgorithmError::Unknown(u) => {
                let listed = offered_algorithms::<Self>().into_iter().map(|a| a.name());
                let guess = crate::catalogue::did_you_mean(&u.name, listed)
                    .map(|g| format!("did you mean {g}? "))
                    .unwrap_or_default();
                let (name, all) = (Self::NAME, names());
                format!(
                    "--algo unknown algorithm '{}' for {name}: {guess}expected one of {all}",
                    u.name
                )
            }
            other => format!("--algo {other}"),
        })?;
        if !Algorithm::of_kind(Self::KIND).contains(&algorithm.base()) {
            let (kind, name) = (Self::KIND, Self::NAME);
            let other = if kind == Kind::Puzzle {
                "game"
            } else {
                "single-agent"
            };
            let named = algorithm.name();
            return Err(format!(
                "--algo {text}: {named} is a {other} algorithm; {name} takes {}",
                names()
            ));
        }
        if let Some(why) = Self::refusal(algorithm.base()) {
            return Err(why);
        }
        if !offered_algorithms::<Self>().contains(&algorithm.base()) {
            let name = Self::NAME;
            return Err(format!(
                "--algo {text}: not for {name}; expected one of {}",
                names()
            ));
        }
        Ok(algorithm)
    }

    /// The heuristic (or move order) used when the user names none: the first listed.
    fn default_heuristic() -> &'static str {
        Self::heuristics().first().map_or("none", |h| h.0)
    }

    /// The problem with its options; a bad option value is an error naming it.
    fn new(options: &Options) -> Result<Self, String>;

    /// One instance from its text (one line, or a whole input when
    /// [`WHOLE_INPUT`](Description::WHOLE_INPUT)); the error says what is wrong.
    fn parse(&self, text: &str) -> Result<Self::Instance, String>;

    /// The instances of a whole file when it is in the problem's own format (a judge's
    /// input, a scenario naming a map beside it at `path`), else `None`: the file is then
    /// read one instance per line.
    fn parse_file(&self, path: Option<&Path>, text: &str) -> Option<Vec<Parsed<Self::Instance>>> {
        let _ = (path, text);
        None
    }

    /// Builds what the search needs for `algorithm` and `heuristic` (a pattern database),
    /// telling `note` what it does. Called once, after every instance parsed.
    fn prepare(
        &mut self,
        algorithm: Algorithm,
        heuristic: &str,
        note: &mut dyn FnMut(Note),
    ) -> Result<(), String> {
        let _ = (algorithm, heuristic, note);
        Ok(())
    }

    /// The instance as the user reads it (one or several lines).
    fn show(&self, instance: &Self::Instance) -> String;

    /// Solves one instance.
    fn solve(
        &self,
        instance: &Self::Instance,
        algorithm: Algorithm,
        heuristic: &str,
        limits: &Limits,
    ) -> Answer;

    /// Solves one instance for `searchlab bench`, which counts and times what this returns:
    /// by default [`solve`](Description::solve). A problem whose `solve` does more than the
    /// algorithm's search for the user's sake (Triangle War's `alphabeta` values every first
    /// move, to list the move values and all best moves) answers here with that search alone,
    /// the value it proves, so that a benchmark measures the algorithm.
    fn solve_for_bench(
        &self,
        instance: &Self::Instance,
        algorithm: Algorithm,
        heuristic: &str,
        limits: &Limits,
    ) -> Answer {
        self.solve(instance, algorithm, heuristic, limits)
    }

    /// Games: the most moves the game below `instance` can still last (tic-tac-toe's empty
    /// squares, Triangle War's undrawn segments), the `length` of `searchlab bench`'s rows and
    /// its plot's x axis for games, a measure of the game tree's depth that does not depend
    /// on the algorithm. `None` (the default, and for puzzles): a bench gives the moves of the
    /// principal variation the answer reports.
    fn moves_left(&self, instance: &Self::Instance) -> Option<u64> {
        let _ = instance;
        None
    }

    /// Why `expected`, an expected answer written after `|`, is not one this problem can
    /// compare with an answer; `None` when it is. A malformed expected answer (`3 5 : 4 |
    /// six`) is bad input like a malformed instance, never a wrong answer (issue 32). The
    /// default accepts what every problem of this project writes: a number (a length, a
    /// cost, a score: `19`, `-3`, `60.5685`) or `unsolvable`.
    fn expected_error(&self, expected: &str) -> Option<String> {
        let number = expected
            .strip_prefix('-')
            .unwrap_or(expected)
            .split_once('.')
            .map_or_else(
                || is_digits(expected.strip_prefix('-').unwrap_or(expected)),
                |(whole, fraction)| is_digits(whole) && is_digits(fraction),
            );
        (!number && expected != "unsolvable")
            .then(|| format!("expected answer '{expected}' is neither a number nor `unsolvable`"))
    }

    /// Whether `answer` agrees with the expected answer written after `|` in an instance
    /// file. By default the texts must be equal; a stopped search never disagrees.
    fn matches(&self, answer: &Answer, expected: &str) -> bool {
        answer.key.as_deref().is_none_or(|k| k == expected)
    }

    // `--show` and `--from/--to` (issue 17): pictures of an answer, instances in options.

    /// The answer drawn for `solve --show`: a puzzle's solution as the sequence of its states
    /// (boards side by side in rows that fit a terminal: [`crate::show::side_by_side`], a path
    /// drawn on its map), a game's principal variation as boards. `None` when there is nothing
    /// to draw (the search stopped, the instance is unsolvable) or the problem draws nothing,
    /// which is the default.
    fn show_solution(&self, instance: &Self::Instance, answer: &Answer) -> Option<String> {
        let _ = (instance, answer);
        None
    }

    /// The instance the problem's own options describe (a graph's `--from A --to B`), which a
    /// driver solves when the user names no instance; `None` (the default) when the options
    /// describe none.
    fn implied_instance(&self) -> Option<String> {
        None
    }

    /// The options of its generator.
    fn gen_options() -> &'static [OptionSpec] {
        &[]
    }

    /// `count` random instances, one line each, drawn with `rng`.
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String>;
}

/// The algorithms a front end lists for `D` and accepts: its own list
/// ([`Description::algorithms`]), then every plugin registered in this process
/// ([`crate::plugin`]) that a problem of the puzzle kind does not list and does not refuse
/// ([`Description::refusal`]). A problem that chooses its own list (the grid leaves out the
/// searches that count moves) still runs the plugins that apply; one that lists the algorithms
/// of its kind (the default) has them already.
pub fn offered_algorithms<D: Description>() -> Vec<Algorithm> {
    let mut list = D::algorithms();
    if D::KIND == Kind::Puzzle {
        for p in crate::plugin::plugins() {
            let plugin = Algorithm::Search(crate::SearchAlgorithm::Plugin(p));
            if !list.contains(&plugin) && D::refusal(plugin).is_none() {
                list.push(plugin);
            }
        }
    }
    list
}

/// `name` with an old name ([`Description::algorithm_aliases`],
/// [`Description::heuristic_aliases`]) before its first `+` replaced by what it stands for:
/// `alphabeta-notable` is `alphabeta+no-table`, `alphabeta-notable+iterative` is
/// `alphabeta+no-table+iterative`; any other name is returned as it is.
///
/// ```
/// use searchlab_toolkit::describe::expand_alias;
/// let aliases = [("alphabeta-notable", "alphabeta+no-table")];
/// assert_eq!(expand_alias(&aliases, "alphabeta-notable"), "alphabeta+no-table");
/// assert_eq!(expand_alias(&aliases, "alphabeta-notable+x"), "alphabeta+no-table+x");
/// assert_eq!(expand_alias(&aliases, "minimax"), "minimax");
/// ```
pub fn expand_alias(aliases: &[(&str, &str)], name: &str) -> String {
    let (base, rest) = match name.find('+') {
        Some(i) => name.split_at(i),
        None => (name, ""),
    };
    match aliases.iter().find(|(old, _)| *old == base.trim()) {
        Some((_, new)) => format!("{new}{rest}"),
        None => name.to_owned(),
    }
}

/// The hooks of a measured section (a benchmark's memory meter): called by
/// [`search_begins`] and [`search_ends`] on the thread that installed them.
#[derive(Clone, Copy, Debug)]
pub struct SearchMarks {
    /// The search is about to start (what the thread holds now is not the search's).
    pub begins: fn(),
    /// The search has returned (what the answer allocates from now on is not the search's).
    pub ends: fn(),
}

thread_local! {
    // A `Cell` of two function pointers: reading it costs a load, nothing when unset.
    static MARKS: std::cell::Cell<Option<SearchMarks>> = const { std::cell::Cell::new(None) };
}

/// Installs (or, with `None`, removes) the hooks [`search_begins`] and [`search_ends`] call on
/// this thread. A benchmark installs its memory meter's, so that the peak it reports is the
/// search's own, as a hand-written harness around the search call would measure it, not that
/// of the answer's text and fields which [`Description::solve`] builds around it.
pub fn set_search_marks(marks: Option<SearchMarks>) {
    MARKS.with(|m| m.set(marks));
}

/// Marks the start of a description's search (what a benchmark measures): call it right
/// before the search call. Does nothing unless a driver installed [`SearchMarks`].
pub fn search_begins() {
    if let Some(m) = MARKS.with(std::cell::Cell::get) {
        (m.begins)();
    }
}

/// Marks the end of a description's search: call it right after the search returns.
/// [`path_answer`], [`run_answer`], [`mcts_answer`], [`unsolvable`] and [`stopped`] call it
/// themselves, so a puzzle whose `solve` hands its search's result straight to them needs no
/// mark at all.
pub fn search_ends() {
    if let Some(m) = MARKS.with(std::cell::Cell::get) {
        (m.ends)();
    }
}

/// The usual answer of a single-agent search: `cost moves: ...`, `unsolvable`, or
/// `stopped by the ...`, with `moves` printed by `show_moves`.
pub fn path_answer<A, C: crate::Cost + fmt::Display>(
    result: &crate::SearchResult<A, C>,
    show_moves: impl Fn(&[A]) -> String,
) -> Answer {
    use crate::Outcome;
    search_ends();
    match &result.outcome {
        Outcome::Solved { actions, cost } => {
            let mut a = Answer::new(Status::Solved, result.stats.clone());
            let moves = show_moves(actions);
            let cost_text = cost.to_string();
            // Singular for one (issue 31: "1 moves").
            let unit = if cost_text == "1" { "move" } else { "moves" };
            a.lines.push(if actions.is_empty() {
                format!("{cost} moves: (already solved)")
            } else {
                format!("{cost} {unit}: {moves}")
            });
            a.moves = Some(moves);
            a.length = Some(cost.to_string());
            a.key = a.length.clone();
            a
        }
        Outcome::NoSolution => unsolvable(result.stats.clone(), "unsolvable"),
        Outcome::Stopped(kind) => stopped(*kind, result.stats.clone()),
    }
}

/// The answer of a catalogue run ([`crate::SearchAlgorithm::run`]): [`path_answer`] of its result, or,
/// when the algorithm refused the problem (a bidirectional search without an explicit goal
/// state, which a driver refuses before solving: [`Description::refusal`]), an answer with no
/// search, no key (so never compared with an expected answer) and the reason as its line.
pub fn run_answer<A, C: crate::Cost + fmt::Display>(
    run: Result<crate::SearchResult<A, C>, crate::BidirectionalError>,
    show_moves: impl Fn(&[A]) -> String,
) -> Answer {
    search_ends();
    match run {
        Ok(result) => path_answer(&result, show_moves),
        Err(e) => {
            let mut a = Answer::new(Status::Unsolvable, Stats::default());
            a.lines.push(format!("refused: {e}"));
            a
        }
    }
}

/// The answer of Monte Carlo tree search ([`MctsParams::run`]) from `root`: the move it chose
/// (the most visited) and every root move's visits, said to prove no value. Its status is
/// [`Status::Chosen`], with no `length` and no `key`, so a driver never compares it with an
/// expected value; `moves` is the chosen move. JSON fields: `best`, `playouts`, `visits`
/// (each root move with its visits and `reward_for_max`, the mean reward of its playouts for [`crate::Player::Max`], in `[0, 1]`),
/// `proves_value` (false). Statistics: `expanded` = playouts.
///
/// A run stopped before its first playout (a limit of 0, an expired clock) is a
/// [`stopped`] answer; a root that is over, or settings [`crate::mcts()`] refuses, an answer
/// with no key saying so.
///
/// Complexity: that of [`crate::mcts()`].
///
/// ```
/// use searchlab_toolkit::describe::mcts_answer;
/// use searchlab_toolkit::{Game, Limits, MctsParams, Player, Status, Value};
///
/// /// Take 1 or 2 from a pile; whoever takes the last stone wins.
/// struct Nim;
/// impl Game for Nim {
///     type State = (u8, Player);
///     type Move = u8;
///     fn to_move(&self, s: &(u8, Player)) -> Player { s.1 }
///     fn moves(&self, s: &(u8, Player), out: &mut Vec<u8>) {
///         out.extend((1..=2).filter(|&t| t <= s.0))
///     }
///     fn play(&self, s: &(u8, Player), t: &u8) -> (u8, Player) { (s.0 - t, s.1.other()) }
///     fn terminal_value(&self, s: &(u8, Player)) -> Option<Value> {
///         (s.0 == 0).then(|| if s.1 == Player::Max { -1 } else { 1 })
///     }
/// }
/// let a = mcts_answer(&Nim, &(7, Player::Max), &|_: &(u8, Player)| 0, &MctsParams::DEFAULT,
///                     &Limits::none(), |m| format!("take {m}"));
/// assert_eq!(a.status, Status::Chosen);
/// assert_eq!(a.moves.as_deref(), Some("take 1"));
/// assert_eq!((a.key, a.stats.expanded), (None, 1000));
/// assert!(a.lines[0].contains("MCTS does not prove a value"));
/// ```
pub fn mcts_answer<G, E>(
    game: &G,
    root: &G::State,
    eval: &E,
    params: &MctsParams,
    limits: &Limits,
    show_move: impl Fn(&G::Move) -> String,
) -> Answer
where
    G: crate::Game + ?Sized,
    E: crate::Evaluator<G> + ?Sized,
{
    let run = params.run(game, root, eval, limits);
    search_ends();
    let run = match run {
        Ok(run) => run,
        Err(e) => {
            let mut a = Answer::new(Status::Unsolvable, Stats::default());
            a.lines.push(format!("refused: {e}"));
            return a;
        }
    };
    let Some(best) = &run.best else {
        return match run.limit {
            Some(kind) => stopped(kind, run.stats),
            None => {
                let mut a = Answer::new(Status::Unsolvable, run.stats);
                a.lines.push("the game is over: no move to choose".into());
                a
            }
        };
    };
    let best = show_move(best);
    let mut a = Answer::new(Status::Chosen, run.stats.clone());
    a.lines.push(format!(
        "chosen move {best}, the most visited of {} playouts (MCTS does not prove a value)",
        run.playouts
    ));
    if run.playouts < params.playouts.get()
        && let Some(kind) = run.limit
    {
        a.lines.push(format!(
            "cut short by the {kind} after {} of {} playouts",
            run.playouts, params.playouts
        ));
    }
    let visits: Vec<String> = run
        .root_moves
        .iter()
        .map(|m| format!("{} {}", show_move(&m.mv), m.visits))
        .collect();
    a.lines
        .push(format!("visits per root move: {}", visits.join(", ")));
    a.moves = Some(best.clone());
    a.fields.push(("best", best.into()));
    a.fields.push(("playouts", Field::Int(run.playouts as i64)));
    a.fields.push((
        "visits",
        Field::List(
            run.root_moves
                .iter()
                .map(|m| {
                    Field::Map(vec![
                        ("move".into(), show_move(&m.mv).into()),
                        ("visits".into(), Field::Int(m.visits as i64)),
                        ("reward_for_max".into(), m.mean.into()),
                    ])
                })
                .collect(),
        ),
    ));
    a.fields.push(("proves_value", false.into()));
    a
}

/// Whether `answer` agrees with the expected answer, by what the algorithm promises
/// ([`crate::SearchAlgorithm::promise`]): an optimal (or fewest-actions) search and every game search
/// must give it exactly (the description's [`Description::matches`]); weighted A* may cost up
/// to its weight times the expected optimum, never less; greedy and beam search may cost any
/// amount not below the optimum (they are never wrong for a longer path). An answer without a
/// key (a stopped or refused search) never disagrees, and `unsolvable` must match exactly.
pub fn agrees<D: Description>(
    problem: &D,
    algorithm: Algorithm,
    answer: &Answer,
    expected: &str,
) -> bool {
    let Algorithm::Search(search) = algorithm else {
        return problem.matches(answer, expected);
    };
    let promise = search.promise();
    if matches!(promise, Promise::Optimal | Promise::FewestActions) {
        return problem.matches(answer, expected);
    }
    let (Some(got), true) = (answer.key.as_deref(), answer.status == Status::Solved) else {
        return problem.matches(answer, expected);
    };
    // Integer costs compare exactly; decimal ones (irrational costs printed rounded) as floats.
    if let (Ok(cost), Ok(optimum)) = (got.parse::<u64>(), expected.trim().parse::<u64>()) {
        return promise.admits(cost, optimum);
    }
    match (got.parse::<f64>(), expected.trim().parse::<f64>()) {
        (Ok(cost), Ok(optimum)) => {
            let slack = 1e-9 * optimum.abs().max(1.0);
            cost + slack >= optimum
                && match promise {
                    Promise::Bounded(w) => cost <= w.value() * optimum + slack,
                    _ => true,
                }
        }
        // `unsolvable` expected but a path found, or the reverse: a real disagreement.
        _ => problem.matches(answer, expected),
    }
}

/// Sets `NAME=VALUE` or the flag `NAME` (`--opt`, `bench --algo A+NAME=VALUE`) in `options`,
/// checked against `specs`, the options of `problem`; the error says what is wrong.
pub fn set_option(
    problem: &str,
    specs: &[OptionSpec],
    options: &mut Options,
    text: &str,
) -> Result<(), String> {
    let (name, value) = match text.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v.trim())),
        None => (text.trim(), None),
    };
    let known: Vec<&str> = specs.iter().map(|o| o.name).collect();
    let what = match (specs.iter().find(|o| o.name == name), value) {
        (Some(o), _) if o.value_name.is_some() == value.is_some() => {
            options.set(name, value.unwrap_or("true"));
            return Ok(());
        }
        (Some(o), _) => match o.value_name {
            Some(v) => format!("takes a value: {name}={v}"),
            None => format!("is a flag: write {name} alone"),
        },
        (None, _) if known.is_empty() => format!("is unknown: {problem} has no options"),
        (None, _) => format!("is unknown: valid options are {}", known.join(", ")),
    };
    Err(format!("option '{name}' of {problem} {what}"))
}

/// How a warning of long work ends (the 15-puzzle's 80-move boards, tic-tac-toe past 4 x 4, a
/// match whose strategy solves every move): what the user can do about it.
pub const LONG_WORK_BOUND: &str = "--timeout or --max-nodes bound the run";

/// Whether `answer` claims the exact answer: the least cost (or the game's value) that every
/// other exact answer of the same instance must equal. An optimal search's does; a
/// fewest-actions search's (BFS, IDDFS, bidirectional BFS) too, unless the answer itself says
/// it is not (`exact: false`: a path with the fewest arcs on a weighted graph, a Connect Four
/// score estimated under a depth limit); bounded and unbounded searches, and games' MCTS, claim
/// no exact answer. The one rule `solve` and `bench` compare answers by ([`agrees`]).
pub fn claims_exact(algorithm: Algorithm, answer: &Answer) -> bool {
    let disclaimed = answer
        .fields
        .iter()
        .any(|(k, v)| *k == "exact" && *v == Field::Bool(false));
    let promised = match algorithm {
        Algorithm::Search(search) => {
            matches!(search.promise(), Promise::Optimal | Promise::FewestActions)
        }
        Algorithm::Game(game) => game.proves_value(),
    };
    promised && !disclaimed
}

/// An unsolvable instance's answer, `why` in words. Marks the end of the search
/// ([`search_ends`]): a problem that knows an instance unsolvable without searching (a
/// sliding puzzle's parity) thus reports no search memory.
pub fn unsolvable(stats: Stats, why: &str) -> Answer {
    search_ends();
    let mut a = Answer::new(Status::Unsolvable, stats);
    a.lines.push(why.to_owned());
    a.key = Some("unsolvable".to_owned());
    a
}

/// A stopped search's answer: `stopped by the node limit before an answer`. Marks the end of
/// the search ([`search_ends`]).
pub fn stopped(kind: LimitKind, stats: Stats) -> Answer {
    search_ends();
    let mut a = Answer::new(Status::Stopped(kind), stats);
    a.lines
        .push(format!("stopped by the {kind} before an answer"));
    a
}

/// A count of plies or moves per generated instance: one number `P`, or a range `LO-HI` that
/// instance `i` (from 0) walks through in turn, `LO + i mod (HI - LO + 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    /// The smallest count.
    pub lo: u32,
    /// The largest count.
    pub hi: u32,
}

impl Steps {
    /// The count of instance `i`.
    pub fn of(self, i: u64) -> u32 {
        let span = u64::from(self.hi - self.lo) + 1;
        self.lo + (i % span) as u32
    }

    /// How many of the first `count` instances get `steps` (`lo <= steps <= hi`).
    pub fn instances_with(self, steps: u32, count: u64) -> u64 {
        let span = u64::from(self.hi - self.lo) + 1;
        let offset = u64::from(steps - self.lo);
        (count / span) + u64::from(count % span > offset)
    }

    /// The text the user typed, for messages.
    pub fn label(self) -> String {
        if self.lo == self.hi {
            self.lo.to_string()
        } else {
            format!("{}-{}", self.lo, self.hi)
        }
    }
}

impl std::str::FromStr for Steps {
    type Err = String;
    /// Reads `P` or `LO-HI`.
    fn from_str(text: &str) -> Result<Steps, String> {
        let number = |t: &str| {
            t.trim().parse::<u32>().map_err(|_| {
                format!("`{t}` is not a whole number: write P or LO-HI, like 4 or 2-5")
            })
        };
        let (lo, hi) = match text.split_once('-') {
            Some((lo, hi)) => (number(lo)?, number(hi)?),
            None => {
                let n = number(text)?;
                (n, n)
            }
        };
        if lo > hi {
            return Err(format!(
                "{lo}-{hi}: the range is empty (LO must not exceed HI)"
            ));
        }
        Ok(Steps { lo, hi })
    }
}

/// `1 ply`, `2 plies`: every count the tool prints, singular for one (issue 31: "1 moves").
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether `text` is one or more ASCII digits.
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SearchAlgorithm;

    /// A puzzle described with the least a description needs, with or without predecessors.
    struct Bare<const PREDECESSORS: bool>;
    impl<const PREDECESSORS: bool> Description for Bare<PREDECESSORS> {
        type Instance = ();
        const NAME: &'static str = "bare";
        const SUMMARY: &'static str = "a test";
        const INPUT: &'static str = "anything";
        const KIND: Kind = Kind::Puzzle;
        const HAS_PREDECESSORS: bool = PREDECESSORS;
        fn heuristics() -> &'static [(&'static str, &'static str)] {
            &[]
        }
        fn default_algorithm() -> Algorithm {
            Algorithm::Search(SearchAlgorithm::Astar)
        }
        fn new(_: &Options) -> Result<Self, String> {
            Ok(Bare)
        }
        fn parse(&self, _: &str) -> Result<(), String> {
            Ok(())
        }
        fn show(&self, _: &()) -> String {
            String::new()
        }
        fn solve(&self, _: &(), _: Algorithm, _: &str, _: &Limits) -> Answer {
            Answer::new(Status::Solved, Stats::default())
        }
        fn generate(
            &self,
            _: &Options,
            _: &mut SplitMix64,
            _: usize,
        ) -> Result<Vec<String>, String> {
            Ok(Vec::new())
        }
    }

    #[test]
    fn without_predecessors_the_bidirectional_searches_are_refused_by_default() {
        let bidirectional: Vec<Algorithm> = SearchAlgorithm::ALL
            .into_iter()
            .filter(|a| a.is_bidirectional())
            .map(Algorithm::Search)
            .collect();
        assert_eq!(bidirectional.len(), 2);
        for a in &bidirectional {
            assert_eq!(Bare::<true>::refusal(*a), None);
            assert_eq!(
                Bare::<false>::refusal(*a),
                Some(format!(
                    "{} needs predecessors, which the bare problem does not offer",
                    a.name()
                ))
            );
        }
        assert_eq!(Bare::<true>::algorithms().len(), SearchAlgorithm::ALL.len());
        let without = Bare::<false>::algorithms();
        assert_eq!(without.len(), SearchAlgorithm::ALL.len() - 2);
        assert!(bidirectional.iter().all(|a| !without.contains(a)));
    }

    #[test]
    fn steps_walk_their_range_in_turn() {
        let s: Steps = "2-5".parse().unwrap();
        let got: Vec<u32> = (0..6).map(|i| s.of(i)).collect();
        assert_eq!(got, [2, 3, 4, 5, 2, 3]);
        assert_eq!(
            (2..=5).map(|p| s.instances_with(p, 6)).collect::<Vec<_>>(),
            [2, 2, 1, 1]
        );
        assert_eq!("7".parse(), Ok(Steps { lo: 7, hi: 7 }));
        assert!("5-2".parse::<Steps>().is_err());
        assert!("x".parse::<Steps>().is_err());
    }
}
