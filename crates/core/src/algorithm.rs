//! What a front end knows about an algorithm, declared once beside the algorithm as data: its
//! name, one-line summary, what it promises, what it needs from a problem and its parameter
//! (default, parser, printer). Every algorithm file of this crate declares one
//! [`Declaration`] constant, `DECLARATION`, after its imports (`crate::astar::DECLARATION`);
//! the toolkit's catalogue lists them and derives names, menus, help, parsing and dispatch from
//! them, and an algorithm written outside the workspace declares itself with the same type.
//!
//! ```
//! use searchlab_core::algorithm::Promise;
//! use searchlab_core::{astar, wastar, Weight};
//!
//! assert_eq!(astar::DECLARATION.name, "astar");
//! assert_eq!(astar::DECLARATION.promise(&()), Promise::Optimal);
//! let w = wastar::DECLARATION.parse("1.5").unwrap();
//! assert_eq!(wastar::DECLARATION.promise(&w), Promise::Bounded(Weight::new(3, 2).unwrap()));
//! assert_eq!(wastar::DECLARATION.text(&w).as_deref(), Some("3/2"));
//! assert_eq!(wastar::DECLARATION.text(&Weight::TWO), None); // the default prints bare
//! ```

use crate::wastar::Weight;

/// What an algorithm promises about its answer: for a single-agent search the cost of its path
/// (with an admissible heuristic), for a game search the value it gives; a benchmark checks
/// every answer against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promise {
    /// The least cost, for any non-negative action costs; for a game search, the exact value.
    Optimal,
    /// The fewest actions: the least cost when every action costs the same (BFS, IDDFS,
    /// bidirectional BFS).
    FewestActions,
    /// At most `weight` times the least cost (weighted A*).
    Bounded(Weight),
    /// Some path, none promised short (greedy, beam): compare it with the optimum as a ratio,
    /// never call it wrong for being longer. Beam search may even miss a path that exists. For
    /// a game search (MCTS): a chosen move, no proved value.
    None,
}

impl Promise {
    /// Whether a path of cost `cost` keeps the promise when the least cost is `optimum`
    /// (exactly, in integers): optimal and fewest-actions searches must give `optimum`
    /// (fewest actions: when every action costs the same), weighted A* at most `w` times it,
    /// the others anything not below it (a path cheaper than the optimum is always wrong).
    ///
    /// ```
    /// use searchlab_core::{algorithm::Promise, Weight};
    /// assert!(Promise::Bounded(Weight::TWO).admits(40, 20) && !Promise::Bounded(Weight::TWO).admits(41, 20));
    /// assert!(Promise::None.admits(99, 20) && !Promise::None.admits(19, 20));
    /// assert!(Promise::Optimal.admits(20, 20) && !Promise::Optimal.admits(21, 20));
    /// ```
    pub fn admits(self, cost: u64, optimum: u64) -> bool {
        match self {
            Promise::Optimal | Promise::FewestActions => cost == optimum,
            Promise::Bounded(w) => cost >= optimum && w.bounds(cost, optimum),
            Promise::None => cost >= optimum,
        }
    }
}

/// What an algorithm needs from a problem beyond its start, goal test, actions and results.
///
/// No algorithm needs integer costs, so there is no such field: the bucket queues of A*, the
/// best-first engine and MM are used only when [`Cost::INTEGER`](crate::Cost::INTEGER) holds
/// and fall back to comparisons otherwise (the grid's octile costs run every algorithm the
/// grid offers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// A heuristic (`false`: `--heuristic` does not apply; BFS, IDDFS, UCS, bidirectional BFS).
    /// Game searches take an evaluation or move order and say `true`.
    pub heuristic: bool,
    /// The goal as one state ([`Problem::goal_state`](crate::Problem::goal_state)) and the
    /// predecessors of a state ([`Problem::predecessors`](crate::Problem::predecessors)):
    /// a search backward from the goal ([`check_bidirectional`](crate::check_bidirectional)).
    pub goal_state: bool,
}

/// The parameter an algorithm takes after its name (`wastar:1.5`, `mcts:playouts=500`), of
/// type `T`.
#[derive(Clone, Copy, Debug)]
pub struct Parameter<T: 'static> {
    /// The command-line flag that sets it too (`weight` for `--weight`), if any.
    pub flag: Option<&'static str>,
    /// Its value when the name is given alone.
    pub default: T,
    /// Reads the text after `:`; the error says what is wrong and what is expected.
    pub parse: fn(&str) -> Result<T, String>,
    /// Writes a value as [`parse`](Self::parse) reads it (called for values other than the
    /// default only: the default prints as the bare name).
    pub show: fn(&T) -> String,
}

/// Everything a front end knows about an algorithm whose parameter is of type `T` (`()` for
/// none), declared once beside it.
///
/// ```
/// use searchlab_core::algorithm::{Declaration, Needs, Promise};
///
/// /// Declared beside the algorithm, as every algorithm of this crate does.
/// pub const DECLARATION: Declaration = Declaration {
///     name: "mine",
///     aliases: &["my-search"],
///     summary: "my search: optimal; memory linear in the depth",
///     promise: |_| Promise::Optimal,
///     needs: Needs { heuristic: true, goal_state: false },
///     parameter: None,
///     module: module_path!(),
/// };
/// assert!(DECLARATION.is_named("MY-SEARCH"));
/// assert_eq!(DECLARATION.parse("3").unwrap_err(), "mine takes no parameter");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Declaration<T: 'static = ()> {
    /// Its name on the command line (`astar`), lower case.
    pub name: &'static str,
    /// Other names it answers to (none of the built-ins has one).
    pub aliases: &'static [&'static str],
    /// One line for menus and `--help`.
    pub summary: &'static str,
    /// What it promises with the parameter given.
    pub promise: fn(&T) -> Promise,
    /// What it needs from a problem.
    pub needs: Needs,
    /// Its parameter, if it takes one.
    pub parameter: Option<Parameter<T>>,
    /// `module_path!()` where it is declared: a test checks that every algorithm file's
    /// declaration is in the catalogue.
    pub module: &'static str,
}

/// The part of a [`Declaration`] that does not depend on its parameter's type: what menus,
/// help and checks read of every algorithm alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// [`Declaration::name`].
    pub name: &'static str,
    /// [`Declaration::aliases`].
    pub aliases: &'static [&'static str],
    /// [`Declaration::summary`].
    pub summary: &'static str,
    /// [`Declaration::needs`].
    pub needs: Needs,
    /// The flag of its parameter ([`Parameter::flag`]).
    pub flag: Option<&'static str>,
    /// [`Declaration::module`].
    pub module: &'static str,
}

impl About {
    /// Whether `name` is its name or an alias (case-insensitive).
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

impl<T: 'static> Declaration<T> {
    /// Its parameter-independent part.
    pub const fn about(&self) -> About {
        About {
            name: self.name,
            aliases: self.aliases,
            summary: self.summary,
            needs: self.needs,
            flag: match &self.parameter {
                Some(p) => p.flag,
                None => None,
            },
            module: self.module,
        }
    }

    /// What it promises with parameter `value`.
    pub fn promise(&self, value: &T) -> Promise {
        (self.promise)(value)
    }

    /// Whether `name` is its name or an alias (case-insensitive).
    pub fn is_named(&self, name: &str) -> bool {
        self.about().is_named(name)
    }

    /// The parameter read from `text` (after `:`).
    ///
    /// # Errors
    /// It takes no parameter, or `text` is not one ([`Parameter::parse`]'s message).
    pub fn parse(&self, text: &str) -> Result<T, String> {
        match &self.parameter {
            Some(p) => (p.parse)(text),
            None => Err(format!("{} takes no parameter", self.name)),
        }
    }

    /// The parameter's text after `:`, `None` for the default (which prints as the bare name).
    pub fn text(&self, value: &T) -> Option<String>
    where
        T: PartialEq,
    {
        let p = self.parameter.as_ref()?;
        (*value != p.default).then(|| (p.show)(value))
    }

    /// Its default parameter.
    ///
    /// # Panics
    /// It takes none (at compile time when called in a constant).
    pub const fn default_parameter(&self) -> T
    where
        T: Copy,
    {
        match &self.parameter {
            Some(p) => p.default,
            None => panic!("the algorithm takes no parameter"),
        }
    }
}
