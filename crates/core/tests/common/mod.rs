//! Games for the tests of alpha-beta, pvs, mtdf, mcts and matchplay, written here because the problem crates
//! depend on the core (a dev-dependency back would make a cycle): random explicit trees and
//! DAGs with extra turns, a scored pile game whose table keys drop the score (value_offset),
//! and n x n tic-tac-toe with k in a row.

#![allow(dead_code)]

use searchlab_core::{Game, Player, SplitMix64, Value};

/// An explicit game graph: node 0 is the root; a node without children is terminal.
#[derive(Clone, Debug)]
pub struct Graph {
    pub player: Vec<Player>,
    pub children: Vec<Vec<usize>>,
    /// Terminal value of a leaf, evaluation of an inner node.
    pub score: Vec<Value>,
}

impl Game for Graph {
    type State = usize;
    type Move = usize;
    fn to_move(&self, s: &usize) -> Player {
        self.player[*s]
    }
    fn moves(&self, s: &usize, out: &mut Vec<usize>) {
        out.extend(&self.children[*s]);
    }
    fn play(&self, _: &usize, m: &usize) -> usize {
        *m
    }
    fn terminal_value(&self, s: &usize) -> Option<Value> {
        self.children[*s].is_empty().then_some(self.score[*s])
    }
}

impl Graph {
    /// The graph's evaluation: its `score` of inner nodes.
    pub fn eval(&self) -> impl Fn(&usize) -> Value + '_ {
        |s: &usize| self.score[*s]
    }
}

fn random_player(rng: &mut SplitMix64, parent: Player) -> Player {
    // Mostly alternating, sometimes the same side again (an extra turn, as in Triangle War).
    if rng.below(4) == 0 {
        parent
    } else {
        parent.other()
    }
}

/// A random tree of up to `max_nodes` nodes, depth up to `max_depth`, values in -range..=range.
pub fn random_tree(seed: u64, max_nodes: usize, max_depth: u32, range: i64) -> Graph {
    let mut rng = SplitMix64::new(seed);
    let first = if rng.below(2) == 0 {
        Player::Max
    } else {
        Player::Min
    };
    let mut g = Graph {
        player: vec![first],
        children: vec![Vec::new()],
        score: vec![0],
    };
    let mut stack = vec![(0usize, 0u32)];
    while let Some((node, depth)) = stack.pop() {
        g.score[node] = rng.below(2 * range as u64 + 1) as Value - range as Value;
        if depth >= max_depth || g.player.len() >= max_nodes || (depth > 0 && rng.below(5) == 0) {
            continue;
        }
        let k = 1 + rng.below(5) as usize;
        for _ in 0..k {
            let id = g.player.len();
            let p = random_player(&mut rng, g.player[node]);
            g.player.push(p);
            g.children.push(Vec::new());
            g.score.push(0);
            g.children[node].push(id);
            stack.push((id, depth + 1));
        }
    }
    g
}

/// A random layered DAG: `width` nodes per level, children drawn from the next level, so most
/// positions are reached along several paths (transpositions).
pub fn random_dag(seed: u64, levels: usize, width: usize, range: i64) -> Graph {
    let mut rng = SplitMix64::new(seed);
    let n = 1 + (levels - 1) * width;
    let mut g = Graph {
        player: vec![Player::Max; n],
        children: vec![Vec::new(); n],
        score: (0..n)
            .map(|_| rng.below(2 * range as u64 + 1) as Value - range as Value)
            .collect(),
    };
    let level_of = |id: usize| if id == 0 { 0 } else { 1 + (id - 1) / width };
    for id in 0..n {
        let level = level_of(id);
        if id > 0 {
            g.player[id] = if level % 2 == 0 || rng.below(5) == 0 {
                Player::Max
            } else {
                Player::Min
            };
        }
        if level + 1 < levels {
            let base = 1 + level * width;
            let k = 2 + rng.below(3) as usize;
            let mut kids: Vec<usize> = (base..base + width).collect();
            rng.shuffle(&mut kids);
            kids.truncate(k);
            g.children[id] = kids;
        }
    }
    g
}

/// `inner` telling the search bounds of its values ([`Game::value_bounds`]): `bounds[s]` for
/// position `s`. What the bounds are is the test's choice (true bounds for alpha-beta's tests,
/// deliberately wrong ones on finished positions for MTD(f)'s).
pub struct Bounded<'a> {
    pub inner: &'a Graph,
    pub bounds: Vec<(Value, Value)>,
}

impl Game for Bounded<'_> {
    type State = usize;
    type Move = usize;
    fn to_move(&self, s: &usize) -> Player {
        self.inner.to_move(s)
    }
    fn moves(&self, s: &usize, out: &mut Vec<usize>) {
        self.inner.moves(s, out)
    }
    fn play(&self, s: &usize, m: &usize) -> usize {
        self.inner.play(s, m)
    }
    fn terminal_value(&self, s: &usize) -> Option<Value> {
        self.inner.terminal_value(s)
    }
    fn value_bounds(&self, s: &usize) -> Option<(Value, Value)> {
        Some(self.bounds[*s])
    }
}

/// A pile game of accumulated points with extra turns: take 1, 2 or 3 stones; taking `t` from
/// a pile of `p` scores `gain[p][t]` for the mover; taking exactly 2 gives the mover another
/// turn. The value is Max's points minus Min's. Table keys drop the lead (it is the
/// `value_offset`), so positions with different leads share entries.
#[derive(Clone, Debug)]
pub struct ScoredPile {
    pub gain: Vec<[Value; 4]>,
}

/// (stones left, Max's lead so far, side to move).
pub type PileState = (u8, Value, Player);

impl ScoredPile {
    pub fn random(seed: u64, pile: u8) -> ScoredPile {
        let mut rng = SplitMix64::new(seed);
        ScoredPile {
            gain: (0..=pile)
                .map(|_| {
                    let mut g = [0; 4];
                    for x in g.iter_mut().skip(1) {
                        *x = rng.below(7) as Value - 3;
                    }
                    g
                })
                .collect(),
        }
    }
}

impl Game for ScoredPile {
    type State = PileState;
    type Move = u8;
    fn to_move(&self, s: &PileState) -> Player {
        s.2
    }
    fn moves(&self, s: &PileState, out: &mut Vec<u8>) {
        out.extend((1..=3).filter(|&t| t <= s.0));
    }
    fn play(&self, s: &PileState, t: &u8) -> PileState {
        let g = self.gain[s.0 as usize][*t as usize];
        let lead = if s.2 == Player::Max { s.1 + g } else { s.1 - g };
        let next = if *t == 2 { s.2 } else { s.2.other() };
        (s.0 - t, lead, next)
    }
    fn terminal_value(&self, s: &PileState) -> Option<Value> {
        (s.0 == 0).then_some(s.1)
    }
    fn table_key(&self, s: &PileState) -> PileState {
        (s.0, 0, s.2)
    }
    fn value_offset(&self, s: &PileState) -> Value {
        s.1
    }
}

/// n x n tic-tac-toe, k in a row, x (Max) first; value 1 / 0 / -1; row-major moves.
#[derive(Clone, Debug)]
pub struct Ttt {
    pub n: u32,
    lines: Vec<u32>,
}

/// (x stones, o stones) as bit sets, square `r * n + c`.
pub type TttState = (u32, u32);

impl Ttt {
    pub fn new(n: u32, k: u32) -> Ttt {
        let mut lines = Vec::new();
        let bit = |r: u32, c: u32| 1u32 << (r * n + c);
        for r in 0..n {
            for c in 0..n {
                for (dr, dc) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
                    let end_r = r as i32 + dr * (k as i32 - 1);
                    let end_c = c as i32 + dc * (k as i32 - 1);
                    if end_r < 0 || end_r >= n as i32 || end_c < 0 || end_c >= n as i32 {
                        continue;
                    }
                    let mut m = 0;
                    for i in 0..k as i32 {
                        m |= bit((r as i32 + dr * i) as u32, (c as i32 + dc * i) as u32);
                    }
                    lines.push(m);
                }
            }
        }
        Ttt { n, lines }
    }

    fn full(&self) -> u32 {
        (1u32 << (self.n * self.n)) - 1
    }

    fn won(&self, stones: u32) -> bool {
        self.lines.iter().any(|&m| m & !stones == 0)
    }

    /// Parses rows like `"x.o/.x./..."`.
    pub fn parse(&self, text: &str) -> TttState {
        let mut s = (0, 0);
        for (i, ch) in text.chars().filter(|c| *c != '/').enumerate() {
            match ch {
                'x' => s.0 |= 1 << i,
                'o' => s.1 |= 1 << i,
                _ => {}
            }
        }
        s
    }

    /// Every position reachable from the empty board (finished ones included).
    pub fn reachable(&self) -> Vec<TttState> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![(0u32, 0u32)];
        let mut out = Vec::new();
        let mut moves = Vec::new();
        while let Some(s) = stack.pop() {
            if !seen.insert(s) {
                continue;
            }
            out.push(s);
            moves.clear();
            self.moves(&s, &mut moves);
            for m in &moves {
                stack.push(self.play(&s, m));
            }
        }
        out.sort_unstable();
        out
    }

    /// A position of `stones` random moves that is not over, from `rng`.
    pub fn random_position(&self, rng: &mut SplitMix64, stones: u32) -> Option<TttState> {
        let mut s = (0, 0);
        let mut moves = Vec::new();
        for _ in 0..stones {
            moves.clear();
            self.moves(&s, &mut moves);
            if moves.is_empty() {
                return None;
            }
            s = self.play(&s, &moves[rng.below(moves.len() as u64) as usize]);
        }
        self.terminal_value(&s).is_none().then_some(s)
    }
}

impl Game for Ttt {
    type State = TttState;
    type Move = u32;
    fn to_move(&self, s: &TttState) -> Player {
        if s.0.count_ones() == s.1.count_ones() {
            Player::Max
        } else {
            Player::Min
        }
    }
    fn moves(&self, s: &TttState, out: &mut Vec<u32>) {
        if self.terminal_value(s).is_some() {
            return;
        }
        let empty = !(s.0 | s.1) & self.full();
        out.extend((0..self.n * self.n).filter(|i| empty & (1 << i) != 0));
    }
    fn play(&self, s: &TttState, m: &u32) -> TttState {
        if self.to_move(s) == Player::Max {
            (s.0 | 1 << m, s.1)
        } else {
            (s.0, s.1 | 1 << m)
        }
    }
    fn terminal_value(&self, s: &TttState) -> Option<Value> {
        if self.won(s.0) {
            Some(1)
        } else if self.won(s.1) {
            Some(-1)
        } else if s.0 | s.1 == self.full() {
            Some(0)
        } else {
            None
        }
    }
}

/// A heuristic for tic-tac-toe: open lines of x minus open lines of o.
pub fn open_lines(game: &Ttt) -> impl Fn(&TttState) -> Value + '_ {
    move |s: &TttState| {
        let mut v = 0;
        for &m in &game.lines {
            if s.1 & m == 0 {
                v += 1;
            }
            if s.0 & m == 0 {
                v -= 1;
            }
        }
        v
    }
}
