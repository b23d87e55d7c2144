//! Single-agent algorithms from outside the catalogue: a crate of its own writes one
//! [`SearchPlugin`], registers it ([`register`], or `searchlab_cli::Cli::algorithm`), and every
//! problem of the puzzle kind runs it by name like a built-in algorithm
//! ([`SearchAlgorithm::Plugin`](crate::SearchAlgorithm::Plugin)).
//!
//! An algorithm is generic over the problem ([`Problem`]), but the catalogue cannot be
//! instantiated for problem types it never sees. So a plugin runs on one problem type,
//! [`ErasedProblem`], chosen when it is registered: a view of any problem whose states are
//! numbered as they are first reached (`u32`), whose actions are numbered likewise, and whose
//! cost is `u64` (every integer cost type) or [`Octile`] (grid costs). The answer's action
//! numbers are mapped back to the problem's own actions, so a plugin's answer reads and checks
//! like any other. The numbering costs a hash lookup per state generated: a plugin is as
//! correct as a built-in algorithm, not as fast.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::RwLock;

use searchlab_core::{Cost, Heuristic, Limits, Octile, Outcome, Problem, SearchResult};

use crate::algorithm::{About, Declaration, Promise};

/// A single-agent search algorithm written outside the catalogue, declared once as data beside
/// its search with the type every built-in algorithm declares itself with ([`Declaration`]:
/// name, summary, promise, needs; a plugin takes no parameter).
pub trait SearchPlugin: 'static {
    /// What the catalogue knows about it. Its name must differ from every built-in name; its
    /// promise is checked by benchmarks against every answer; `needs.heuristic: false` says
    /// `--heuristic` does not apply; `needs.goal_state: true` has it refused, as the
    /// bidirectional searches are, on problems without an explicit goal state and
    /// predecessors.
    const DECLARATION: Declaration;

    /// Searches `problem` from `start`, within `limits` (a limit reached is the outcome
    /// [`Outcome::Stopped`], never a panic).
    fn search<P: Problem + ?Sized>(
        problem: &P,
        start: &P::State,
        heuristic: &dyn Heuristic<P>,
        limits: &Limits,
    ) -> SearchResult<P::Action, P::Cost>;
}

/// A registered plugin: an index into the process's list of plugins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PluginId(u16);

/// What a plugin answers with on an [`ErasedProblem`] of cost `C`.
type Runner<C> = fn(&dyn Numbered<C>, &Limits) -> SearchResult<u32, C>;

/// A plugin as registered: its declaration and its search monomorphised for both erased costs.
struct Registered {
    id: std::any::TypeId,
    declaration: Declaration,
    integer: Runner<u64>,
    octile: Runner<Octile>,
}

static PLUGINS: RwLock<Vec<Registered>> = RwLock::new(Vec::new());

fn with_plugin<T>(id: PluginId, f: impl FnOnce(&Registered) -> T) -> T {
    let plugins = PLUGINS.read().unwrap_or_else(|e| e.into_inner());
    f(&plugins[usize::from(id.0)])
}

/// Registers `A` for the rest of the process and returns its id; registering it again returns
/// the same id.
///
/// # Errors
/// Another plugin has the same name (the built-in names are checked by the caller that knows
/// them, [`SearchAlgorithm::register`](crate::SearchAlgorithm::register)).
pub fn register<A: SearchPlugin>() -> Result<PluginId, String> {
    let mut plugins = PLUGINS.write().unwrap_or_else(|e| e.into_inner());
    let integer: Runner<u64> = run_erased::<A, u64>;
    let name = A::DECLARATION.name;
    if let Some(i) = plugins.iter().position(|p| p.declaration.name == name) {
        if plugins[i].id == std::any::TypeId::of::<A>() {
            return Ok(PluginId(i as u16));
        }
        return Err(format!("two algorithms are named '{name}'"));
    }
    let id = u16::try_from(plugins.len()).map_err(|_| "too many plugins".to_owned())?;
    plugins.push(Registered {
        id: std::any::TypeId::of::<A>(),
        declaration: A::DECLARATION,
        integer,
        octile: run_erased::<A, Octile>,
    });
    Ok(PluginId(id))
}

/// Every registered plugin, in the order registered.
pub fn plugins() -> Vec<PluginId> {
    let n = PLUGINS.read().unwrap_or_else(|e| e.into_inner()).len();
    (0..n as u16).map(PluginId).collect()
}

impl PluginId {
    /// What its declaration says ([`SearchPlugin::DECLARATION`]).
    pub fn about(self) -> About {
        with_plugin(self, |p| p.declaration.about())
    }
    /// Its name.
    pub fn name(self) -> &'static str {
        self.about().name
    }
    /// Its one-line summary.
    pub fn summary(self) -> &'static str {
        self.about().summary
    }
    /// What it promises.
    pub fn promise(self) -> Promise {
        with_plugin(self, |p| p.declaration.promise(&()))
    }
    /// Whether it takes a heuristic.
    pub fn uses_heuristic(self) -> bool {
        self.about().needs.heuristic
    }

    /// Runs it on `problem` from `start`, through an [`ErasedProblem`].
    ///
    /// # Panics
    /// When `P::Cost` is neither an integer cost nor [`Octile`] (no cost type of this
    /// workspace): a plugin has no search for it.
    pub fn run<P: Problem + ?Sized, H: Heuristic<P> + ?Sized>(
        self,
        problem: &P,
        start: &P::State,
        heuristic: &H,
        limits: &Limits,
    ) -> SearchResult<P::Action, P::Cost> {
        let heuristic: &dyn Heuristic<P> = &ByRef(heuristic);
        if <P::Cost as Cost>::INTEGER {
            let runner = with_plugin(self, |p| p.integer);
            let numbered = Numbering::new(problem, heuristic, start, Cost::to_u64);
            numbered.answer(runner(&numbered, limits), P::Cost::from_u64)
        } else {
            let runner = with_plugin(self, |p| p.octile);
            let numbered = Numbering::new(problem, heuristic, start, cast::<P::Cost, Octile>);
            numbered.answer(runner(&numbered, limits), cast::<Octile, P::Cost>)
        }
    }
}

/// A heuristic of any type, unsized ones too, seen through a reference so that it can be a
/// `dyn Heuristic` for the erased problem (the catalogue's heuristics are generic since the
/// CLI's hot paths call them by type).
struct ByRef<'a, H: ?Sized>(&'a H);

impl<P: Problem + ?Sized, H: Heuristic<P> + ?Sized> Heuristic<P> for ByRef<'_, H> {
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost {
        self.0.estimate(problem, state)
    }
    fn estimate_child(
        &self,
        problem: &P,
        child: &P::State,
        action: &P::Action,
        parent_estimate: P::Cost,
    ) -> P::Cost {
        self.0
            .estimate_child(problem, child, action, parent_estimate)
    }
    fn estimate_from(
        &self,
        problem: &P,
        parent: &P::State,
        child: &P::State,
        action: &P::Action,
        parent_estimate: P::Cost,
    ) -> P::Cost {
        self.0
            .estimate_from(problem, parent, child, action, parent_estimate)
    }
    fn estimate_between(&self, problem: &P, from: &P::State, to: &P::State) -> Option<P::Cost> {
        self.0.estimate_between(problem, from, to)
    }
    fn is_consistent(&self, problem: &P) -> bool {
        self.0.is_consistent(problem)
    }
}

/// `a` as the type `B` that it is (the plugin's cost types are checked on the way in).
fn cast<A: Copy + 'static, B: Copy + 'static>(a: A) -> B {
    match (&a as &dyn Any).downcast_ref::<B>() {
        Some(b) => *b,
        None => panic!(
            "a plugin algorithm runs on integer or octile costs, not {}",
            std::any::type_name::<A>()
        ),
    }
}

fn run_erased<A: SearchPlugin, C: Cost>(
    numbered: &dyn Numbered<C>,
    limits: &Limits,
) -> SearchResult<u32, C> {
    let problem = ErasedProblem { numbered };
    A::search(&problem, &0, &ErasedHeuristic, limits)
}

/// A problem seen through numbers: what [`ErasedProblem`] asks of the problem behind it.
pub trait Numbered<C> {
    /// Whether state `s` is a goal.
    fn is_goal(&self, s: u32) -> bool;
    /// The actions of state `s`, as numbers, in the problem's order.
    fn actions(&self, s: u32, out: &mut Vec<u32>);
    /// The state action `a` leads to from `s`, and its cost.
    fn result(&self, s: u32, a: u32) -> (u32, C);
    /// The heuristic's estimate of `s`.
    fn estimate(&self, s: u32) -> C;
}

/// The one problem type a plugin runs on: states and actions numbered, costs `C`.
pub struct ErasedProblem<'a, C> {
    numbered: &'a dyn Numbered<C>,
}

impl<C: Cost> Problem for ErasedProblem<'_, C> {
    type State = u32;
    type Action = u32;
    type Cost = C;
    fn is_goal(&self, state: &u32) -> bool {
        self.numbered.is_goal(*state)
    }
    fn actions(&self, state: &u32, out: &mut Vec<u32>) {
        self.numbered.actions(*state, out);
    }
    fn result(&self, state: &u32, action: &u32) -> (u32, C) {
        self.numbered.result(*state, *action)
    }
}

/// The problem's heuristic, on an [`ErasedProblem`].
pub struct ErasedHeuristic;

impl<C: Cost> Heuristic<ErasedProblem<'_, C>> for ErasedHeuristic {
    fn estimate(&self, problem: &ErasedProblem<'_, C>, state: &u32) -> C {
        problem.numbered.estimate(*state)
    }
}

/// Numbers the states and actions of a problem as they are first seen.
struct Numbering<'a, P: Problem + ?Sized, C> {
    problem: &'a P,
    heuristic: &'a dyn Heuristic<P>,
    cost: fn(P::Cost) -> C,
    states: RefCell<Vec<P::State>>,
    ids: RefCell<HashMap<P::State, u32>>,
    actions: RefCell<Vec<P::Action>>,
}

impl<'a, P: Problem + ?Sized, C> Numbering<'a, P, C> {
    fn new(
        problem: &'a P,
        heuristic: &'a dyn Heuristic<P>,
        start: &P::State,
        cost: fn(P::Cost) -> C,
    ) -> Self {
        let numbering = Numbering {
            problem,
            heuristic,
            cost,
            states: RefCell::new(Vec::new()),
            ids: RefCell::new(HashMap::new()),
            actions: RefCell::new(Vec::new()),
        };
        numbering.state_id(start);
        numbering
    }

    fn state_id(&self, state: &P::State) -> u32 {
        if let Some(id) = self.ids.borrow().get(state) {
            return *id;
        }
        let mut states = self.states.borrow_mut();
        let id = states.len() as u32;
        states.push(state.clone());
        self.ids.borrow_mut().insert(state.clone(), id);
        id
    }

    fn action_id(&self, action: &P::Action) -> u32 {
        let mut actions = self.actions.borrow_mut();
        match actions.iter().position(|a| a == action) {
            Some(i) => i as u32,
            None => {
                actions.push(action.clone());
                (actions.len() - 1) as u32
            }
        }
    }

    /// The plugin's answer in the problem's own actions and cost.
    fn answer<D>(
        &self,
        result: SearchResult<u32, C>,
        back: fn(C) -> D,
    ) -> SearchResult<P::Action, D> {
        let actions = self.actions.borrow();
        let outcome = match result.outcome {
            Outcome::Solved {
                actions: path,
                cost,
            } => Outcome::Solved {
                actions: path.iter().map(|a| actions[*a as usize].clone()).collect(),
                cost: back(cost),
            },
            Outcome::NoSolution => Outcome::NoSolution,
            Outcome::Stopped(kind) => Outcome::Stopped(kind),
        };
        SearchResult {
            outcome,
            stats: result.stats,
        }
    }
}

impl<P: Problem + ?Sized, C> Numbered<C> for Numbering<'_, P, C> {
    fn is_goal(&self, s: u32) -> bool {
        self.problem.is_goal(&self.states.borrow()[s as usize])
    }
    fn actions(&self, s: u32, out: &mut Vec<u32>) {
        let state = self.states.borrow()[s as usize].clone();
        let mut own = Vec::new();
        self.problem.actions(&state, &mut own);
        out.extend(own.iter().map(|a| self.action_id(a)));
    }
    fn result(&self, s: u32, a: u32) -> (u32, C) {
        let state = self.states.borrow()[s as usize].clone();
        let action = self.actions.borrow()[a as usize].clone();
        let (next, cost) = self.problem.result(&state, &action);
        (self.state_id(&next), (self.cost)(cost))
    }
    fn estimate(&self, s: u32) -> C {
        let state = &self.states.borrow()[s as usize];
        (self.cost)(self.heuristic.estimate(self.problem, state))
    }
}
