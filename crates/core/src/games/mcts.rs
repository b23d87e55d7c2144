//! Monte Carlo tree search with UCT: seeded, so a run is the same for the same seed and limits
//! (a node or cancel limit; a time limit stops wherever the clock says).
//!
//! MCTS does not prove a value: it reports the move it would play (the most visited root move)
//! and every root move's visits and mean reward. The game says who moves at every node (never
//! assumed to alternate), so each node's child is chosen for the side to move there.

use std::mem;

use thiserror::Error;

use crate::game::{Evaluator, Game, Player, Value};
use crate::rng::SplitMix64;
use crate::stats::{Budget, LimitKind, Limits, Stats};

/// What the catalogue knows about Monte Carlo tree search (its parameter: the playouts, exploration, seed and rollout), declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration<crate::MctsParams> =
    crate::algorithm::Declaration {
        name: "mcts",
        aliases: &[],
        summary: "Monte Carlo tree search (UCT): the most visited move; proves no value (mcts:playouts=N,c=C,seed=S,rollout=random|greedy,random=P; default 1000 playouts, c=1.4)",
        promise: |_| crate::algorithm::Promise::None,
        needs: crate::algorithm::Needs {
            heuristic: true,
            goal_state: false,
        },
        parameter: Some(crate::algorithm::Parameter {
            flag: None,
            default: crate::MctsParams::DEFAULT,
            parse: crate::MctsParams::parse,
            show: |p| p.text().unwrap_or_default(),
        }),
        module: module_path!(),
    };

/// How a playout chooses its moves below the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rollout {
    /// Uniformly random legal moves (plain UCT).
    Random,
    /// Evaluation-guided: with `random_percent`% probability a random move, otherwise a move
    /// whose resulting position is best for the mover by the evaluator (a finished position by
    /// its value), ties broken at random.
    Greedy {
        /// The share of uniformly random moves, in percent (0..=100).
        random_percent: u8,
    },
}

/// Settings of an MCTS run.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Seed of the random generator (rollouts and greedy ties).
    pub seed: u64,
    /// The exploration constant `c` of UCB1: a child's score is `q + c * sqrt(ln N / n)`;
    /// `sqrt(2)` by default (Kocsis and Szepesvári's choice for rewards in `[0, 1]`).
    pub exploration: f64,
    /// The playout policy.
    pub rollout: Rollout,
    /// The range `lo..=hi` of terminal values: a finished game's reward for Max is
    /// `(v - lo) / (hi - lo)`. `None`: by sign only (win 1, draw 1/2, loss 0), right for games
    /// where only the winner counts.
    pub value_range: Option<(Value, Value)>,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            seed: 0,
            exploration: std::f64::consts::SQRT_2,
            rollout: Rollout::Random,
            value_range: None,
        }
    }
}

impl MctsConfig {
    /// Seed 0, `c = sqrt(2)`, random playouts, rewards by sign.
    pub fn new() -> Self {
        Self::default()
    }
    /// Sets the seed.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
    /// Sets the exploration constant.
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = c;
        self
    }
    /// Sets the playout policy.
    pub fn with_rollout(mut self, rollout: Rollout) -> Self {
        self.rollout = rollout;
        self
    }
    /// Scales rewards by the value range `lo..=hi` instead of by sign.
    pub fn with_value_range(mut self, lo: Value, hi: Value) -> Self {
        self.value_range = Some((lo, hi));
        self
    }
}

/// Settings or limits that make no run possible.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum MctsError {
    /// MCTS runs until a limit stops it: without a node, time, memory or cancel limit it
    /// would never return.
    #[error(
        "MCTS needs a limit: set max_expanded (playouts), a timeout, a memory limit or a cancel flag"
    )]
    Unbounded,
    /// The exploration constant is negative or not a number.
    #[error("MCTS exploration constant must be a finite number >= 0, got {0}")]
    BadExploration(f64),
    /// The value range is empty.
    #[error("MCTS value range {lo}..={hi} is empty (need lo < hi)")]
    EmptyValueRange {
        /// Its lower end.
        lo: Value,
        /// Its upper end.
        hi: Value,
    },
    /// More than 100% random moves.
    #[error("MCTS greedy rollout random share must be 0..=100 percent, got {0}")]
    BadRandomShare(u8),
}

/// A root move's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsMove<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it.
    pub visits: u64,
    /// Their mean reward for [`Player::Max`], in `[0, 1]` (0 when never visited).
    pub mean: f64,
}

/// What an MCTS run found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<M> {
    /// The most visited root move (the first in the game's order on ties); `None` when the
    /// root is over or no playout ran.
    pub best: Option<M>,
    /// Every root move that was expanded, in the game's order, with its visits.
    pub root_moves: Vec<MctsMove<M>>,
    /// Playouts run (= `stats.expanded`).
    pub playouts: u64,
    /// The root's mean reward for Max over all playouts (0 when none ran).
    pub mean: f64,
    /// The limit that ended the run; `None` when the root is over (nothing to search).
    pub limit: Option<LimitKind>,
    /// `expanded` = playouts (one tree node added per playout), `generated` = tree nodes,
    /// `leaves` = finished games reached (one per playout), `max_frontier` and `depth_reached`
    /// = the tree's depth, `elapsed`.
    pub stats: Stats,
}

struct Node<S, M> {
    state: S,
    maximising: bool,
    terminal: Option<Value>,
    /// Moves not yet expanded, in reverse game order (so `pop` gives the game's order).
    untried: Vec<M>,
    children: Vec<(M, usize)>,
    visits: u64,
    /// Summed rewards for Max.
    reward: f64,
}

/// UCT (Monte Carlo tree search with UCB1 selection) from `root` until `limits` stop it.
///
/// Each playout walks down the tree choosing, at every node, the child with the highest
/// `q + c * sqrt(ln N / n)` where `q` is the child's mean reward for the side to move at the
/// node, `N` the node's visits and `n` the child's (ties: the first in the game's order);
/// expands the first untried move; plays the game to its end with the rollout policy; and adds
/// the reward for Max to every node on the path.
///
/// # Arguments
/// * `game`, `root`: the game and the position to move from.
/// * `eval`: used only by [`Rollout::Greedy`] (any value will do for [`Rollout::Random`]).
/// * `config`: seed, exploration constant, rollout policy, reward scaling.
/// * `limits`: `max_expanded` is the number of playouts; `timeout`, `cancel` and `max_memory`
///   (the tree's estimated bytes) also end the run. At least one is needed.
///
/// # Returns
/// The most visited root move, every root move's visits and mean reward, and statistics
/// ([`MctsResult::stats`]); an error for a run with no limit or bad settings.
///
/// # Complexity
/// O(playouts * (tree depth + game length)) time; one tree node (a state and its move list)
/// per playout in memory.
///
/// # Examples
/// ```
/// use searchlab_core::{mcts, Game, Limits, MctsConfig, Player, Value};
///
/// /// Take 1 or 2 from a pile; whoever takes the last stone wins (+1 for Max).
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
/// let no_eval = |_: &(u8, Player)| 0;
/// let limits = Limits::none().with_max_expanded(2000);
/// let config = MctsConfig::new().with_seed(7);
/// let run = mcts(&Nim, &(7, Player::Max), &no_eval, &config, &limits).unwrap();
/// assert_eq!(run.best, Some(1)); // leave 6, a multiple of 3
/// assert_eq!(run.playouts, 2000);
/// assert_eq!(run.root_moves.iter().map(|m| m.visits).sum::<u64>(), 2000);
/// // The same seed gives the same run.
/// let again = mcts(&Nim, &(7, Player::Max), &no_eval, &config, &limits).unwrap();
/// assert_eq!(again.root_moves, run.root_moves);
/// ```
///
/// Kocsis and Szepesvári, "Bandit based Monte-Carlo planning", ECML 2006; Browne et al., "A
/// survey of Monte Carlo tree search methods", IEEE TCIAIG 4(1), 2012.
pub fn mcts<G, E>(
    game: &G,
    root: &G::State,
    eval: &E,
    config: &MctsConfig,
    limits: &Limits,
) -> Result<MctsResult<G::Move>, MctsError>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
{
    if limits.max_expanded.is_none()
        && limits.timeout.is_none()
        && limits.cancel.is_none()
        && limits.max_memory.is_none()
    {
        return Err(MctsError::Unbounded);
    }
    if !(config.exploration.is_finite() && config.exploration >= 0.0) {
        return Err(MctsError::BadExploration(config.exploration));
    }
    if let Some((lo, hi)) = config.value_range
        && lo >= hi
    {
        return Err(MctsError::EmptyValueRange { lo, hi });
    }
    if let Rollout::Greedy { random_percent } = config.rollout
        && random_percent > 100
    {
        return Err(MctsError::BadRandomShare(random_percent));
    }

    let mut budget = Budget::new(limits);
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let mut run = Run {
        game,
        eval,
        config,
        rng: SplitMix64::new(config.seed),
        tree: Vec::new(),
        moves_held: 0,
        buf: Vec::new(),
    };
    let root_node = run.node(root.clone());
    run.tree.push(root_node);

    // A playout costs microseconds, far more than reading the clock, while the budget reads
    // it only every 1024 charges (tens of milliseconds of playouts, past a 10 ms budget per
    // move): the deadline is read before every playout.
    let deadline = limits.timeout.and_then(|t| budget.start.checked_add(t));
    let mut limit = None;
    if run.tree[0].terminal.is_none() && !run.tree[0].untried.is_empty() {
        let mut path = Vec::new();
        loop {
            if let Some(l) = budget.check(stats.expanded) {
                limit = Some(l);
                break;
            }
            if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                limit = Some(crate::stats::LimitKind::Time);
                break;
            }
            if let Some(l) = budget.check_memory(run.bytes()) {
                limit = Some(l);
                break;
            }
            let reward = run.playout(&mut path, &mut stats);
            for &i in &path {
                let node = &mut run.tree[i];
                node.visits += 1;
                node.reward += reward;
            }
            stats.expanded += 1;
            stats.leaves += 1;
            stats.max_frontier = stats.max_frontier.max(path.len() as u64 - 1);
        }
    }
    stats.depth_reached = stats.max_frontier as u32;
    stats.elapsed = budget.elapsed();

    let root_node = &run.tree[0];
    let root_moves: Vec<MctsMove<G::Move>> = root_node
        .children
        .iter()
        .map(|(mv, c)| {
            let child = &run.tree[*c];
            MctsMove {
                mv: mv.clone(),
                visits: child.visits,
                mean: mean(child),
            }
        })
        .collect();
    let mut best: Option<&MctsMove<G::Move>> = None;
    for m in &root_moves {
        if m.visits > 0 && best.is_none_or(|b| m.visits > b.visits) {
            best = Some(m);
        }
    }
    Ok(MctsResult {
        best: best.map(|m| m.mv.clone()),
        playouts: stats.expanded,
        mean: mean(root_node),
        root_moves,
        limit,
        stats,
    })
}

fn mean<S, M>(node: &Node<S, M>) -> f64 {
    if node.visits == 0 {
        0.0
    } else {
        node.reward / node.visits as f64
    }
}

struct Run<'a, G: Game + ?Sized, E: ?Sized> {
    game: &'a G,
    eval: &'a E,
    config: &'a MctsConfig,
    rng: SplitMix64,
    tree: Vec<Node<G::State, G::Move>>,
    /// Moves held in the tree's move lists, for the memory estimate.
    moves_held: usize,
    buf: Vec<G::Move>,
}

impl<G: Game + ?Sized, E: Evaluator<G> + ?Sized> Run<'_, G, E> {
    fn node(&mut self, state: G::State) -> Node<G::State, G::Move> {
        let terminal = self.game.terminal_value(&state);
        let mut untried = Vec::new();
        if terminal.is_none() {
            self.game.moves(&state, &mut untried);
            untried.reverse();
            self.moves_held += untried.len();
        }
        Node {
            maximising: self.game.to_move(&state) == Player::Max,
            state,
            terminal,
            untried,
            children: Vec::new(),
            visits: 0,
            reward: 0.0,
        }
    }

    /// The tree's size in bytes, estimated from its nodes and move lists (states are counted
    /// by their inline size only).
    fn bytes(&self) -> u64 {
        let node = mem::size_of::<Node<G::State, G::Move>>();
        let per_move = mem::size_of::<G::Move>() + mem::size_of::<usize>();
        (self.tree.capacity() * node + self.moves_held * per_move) as u64
    }

    /// Reward of a finished game for Max, in `[0, 1]`.
    fn reward(&self, value: Value) -> f64 {
        match self.config.value_range {
            Some((lo, hi)) => ((f64::from(value) - f64::from(lo))
                / (f64::from(hi) - f64::from(lo)))
            .clamp(0.0, 1.0),
            None => match value.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            },
        }
    }

    /// One selection, expansion, rollout; `path` gets the tree nodes visited (root first).
    fn playout(&mut self, path: &mut Vec<usize>, stats: &mut Stats) -> f64 {
        path.clear();
        let mut at = 0;
        path.push(at);
        loop {
            let node = &self.tree[at];
            if let Some(v) = node.terminal {
                return self.reward(v);
            }
            if !node.untried.is_empty() {
                break;
            }
            if node.children.is_empty() {
                // No moves yet not over (a broken game): score it by the evaluator's sign.
                let v = self.eval.evaluate(self.game, &node.state);
                return self.reward(v);
            }
            at = self.select(at);
            path.push(at);
        }
        // Expansion: the first untried move in the game's order.
        let mv = self.tree[at].untried.pop().expect("checked non-empty");
        self.moves_held -= 1;
        let state = self.game.play(&self.tree[at].state, &mv);
        let child = self.node(state);
        let id = self.tree.len();
        self.tree.push(child);
        self.tree[at].children.push((mv, id));
        self.moves_held += 1;
        stats.generated += 1;
        path.push(id);
        let state = self.tree[id].state.clone();
        self.rollout(state)
    }

    /// The child of `at` with the highest UCB1 score for the side to move at `at`.
    fn select(&self, at: usize) -> usize {
        let node = &self.tree[at];
        let log_n = (node.visits.max(1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, node.children[0].1);
        for &(_, c) in &node.children {
            let child = &self.tree[c];
            let q = mean(child);
            let q = if node.maximising { q } else { 1.0 - q };
            let score = if child.visits == 0 {
                f64::INFINITY
            } else {
                q + self.config.exploration * (log_n / child.visits as f64).sqrt()
            };
            if score > best.0 {
                best = (score, c);
            }
        }
        best.1
    }

    /// Plays `state` to the end with the rollout policy; the reward for Max.
    fn rollout(&mut self, mut state: G::State) -> f64 {
        let mut moves = mem::take(&mut self.buf);
        let reward = loop {
            if let Some(v) = self.game.terminal_value(&state) {
                break self.reward(v);
            }
            moves.clear();
            self.game.moves(&state, &mut moves);
            if moves.is_empty() {
                break self.reward(self.eval.evaluate(self.game, &state));
            }
            let i = match self.config.rollout {
                Rollout::Random => self.rng.below(moves.len() as u64) as usize,
                Rollout::Greedy { random_percent } => {
                    if self.rng.below(100) < u64::from(random_percent) {
                        self.rng.below(moves.len() as u64) as usize
                    } else {
                        self.greedy(&state, &moves)
                    }
                }
            };
            state = self.game.play(&state, &moves[i]);
        };
        self.buf = moves;
        reward
    }

    /// A move whose result is best for the mover (terminal value, else evaluation); ties at
    /// random, so that a flat evaluator still gives varied playouts.
    fn greedy(&mut self, state: &G::State, moves: &[G::Move]) -> usize {
        let sign = if self.game.to_move(state) == Player::Max {
            1i64
        } else {
            -1
        };
        let mut best = i64::MIN;
        let mut ties = 0u64;
        let mut chosen = 0;
        for (i, mv) in moves.iter().enumerate() {
            let child = self.game.play(state, mv);
            let v = self
                .game
                .terminal_value(&child)
                .unwrap_or_else(|| self.eval.evaluate(self.game, &child));
            let score = sign * i64::from(v);
            if score > best {
                best = score;
                ties = 1;
                chosen = i;
            } else if score == best {
                // Reservoir sampling: each tied move ends up chosen with probability 1/ties.
                ties += 1;
                if self.rng.below(ties) == 0 {
                    chosen = i;
                }
            }
        }
        chosen
    }
}
