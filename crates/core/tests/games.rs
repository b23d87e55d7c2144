//! Alpha-beta against the plain-minimax oracle: random explicit trees (non-alternating turns,
//! shuffled move orders, depth limits), random DAGs full of transpositions, windows, root
//! analysis, limits. Also the proof that memoising alpha-beta values without their bound type
//! (seed 000's warning) is wrong where the real table is right, and the same for a game of
//! accumulated rewards whose table keys drop the rewards: right with `value_offset`, wrong
//! without it.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

mod common;

use common::{Bounded, Graph, random_dag, random_tree};
use proptest::prelude::*;
use searchlab_core::{
    AlphaBeta, AlphaBetaConfig, Bound, Game, GameOutcome, INFINITY, LimitKind, Limits, Player,
    SplitMix64, TranspositionTable, Value, alphabeta, minimax,
};

fn eval(g: &Graph) -> impl Fn(&usize) -> Value + '_ {
    g.eval()
}

/// The same game with each position's moves in a scrambled (but fixed) order.
struct Shuffled<'a> {
    inner: &'a Graph,
    seed: u64,
}

impl Game for Shuffled<'_> {
    type State = usize;
    type Move = usize;
    fn to_move(&self, s: &usize) -> Player {
        self.inner.to_move(s)
    }
    fn moves(&self, s: &usize, out: &mut Vec<usize>) {
        let start = out.len();
        self.inner.moves(s, out);
        let mut h = DefaultHasher::new();
        (self.seed, *s).hash(&mut h);
        SplitMix64::new(h.finish()).shuffle(&mut out[start..]);
    }
    fn play(&self, s: &usize, m: &usize) -> usize {
        self.inner.play(s, m)
    }
    fn terminal_value(&self, s: &usize) -> Option<Value> {
        self.inner.terminal_value(s)
    }
}

/// The least and greatest score (terminal value or evaluation) anywhere below each position of
/// `g`: true bounds of its value under every depth limit, for [`Game::value_bounds`].
fn subtree_bounds(g: &Graph) -> Vec<(Value, Value)> {
    // Children have larger indices in both generators: fill from the last node back.
    let mut bounds = vec![(0, 0); g.score.len()];
    for s in (0..g.score.len()).rev() {
        let mut b = (g.score[s], g.score[s]);
        for &c in &g.children[s] {
            assert!(c > s, "children after parents");
            b = (b.0.min(bounds[c].0), b.1.max(bounds[c].1));
        }
        bounds[s] = b;
    }
    bounds
}

fn configs(depth: Option<u32>) -> Vec<AlphaBetaConfig> {
    let mut out = Vec::new();
    for table in [false, true] {
        for iterative in [false, true] {
            let mut c = AlphaBetaConfig::new()
                .with_table(table)
                .with_iterative(iterative);
            if let Some(d) = depth {
                c = c.with_depth(d);
            }
            out.push(c);
        }
    }
    // Enhanced transposition cutoffs, with and without iterative deepening.
    for iterative in [false, true] {
        let mut c = AlphaBetaConfig::new()
            .with_iterative(iterative)
            .with_etc(true);
        if let Some(d) = depth {
            c = c.with_depth(d);
        }
        out.push(c);
    }
    // Aspiration windows around each iteration's value, narrow and wide.
    for delta in [1, 4] {
        let mut c = AlphaBetaConfig::new()
            .with_iterative(true)
            .with_aspiration(Some(delta));
        if let Some(d) = depth {
            c = c.with_depth(d);
        }
        out.push(c);
    }
    out
}

fn full_value(g: &Graph) -> Option<Value> {
    minimax(g, &0, &eval(g), &Limits::none()).outcome.value()
}

/// Checks every alpha-beta variant against minimax on `g` (and a shuffled copy).
fn check_against_minimax(g: &Graph, depth: Option<u32>, shuffle_seed: u64) {
    let limits = match depth {
        Some(d) => Limits::none().with_max_cost(u64::from(d)),
        None => Limits::none(),
    };
    let oracle = minimax(g, &0, &eval(g), &limits);
    let oracle = oracle.outcome.solution().unwrap();
    let best_moves: Vec<usize> = oracle
        .root_moves
        .iter()
        .filter(|m| m.value == oracle.value)
        .map(|m| m.mv)
        .collect();
    for config in configs(depth) {
        let run = AlphaBeta::new(config.clone()).search(g, &0, &eval(g));
        let answer = run.outcome.solution().unwrap();
        assert_eq!(answer.value, oracle.value, "{config:?} on {g:?}");
        assert_eq!(answer.bound, Bound::Exact);
        // Without principal variations: the same search (value, best move, every count),
        // the line cut to its first move.
        let bare = AlphaBeta::new(config.clone().with_pv(false)).search(g, &0, &eval(g));
        let bare_answer = bare.outcome.solution().unwrap();
        assert_eq!(
            (bare_answer.value, bare_answer.best, &bare_answer.pv[..]),
            (
                answer.value,
                answer.best,
                &answer.pv[..answer.pv.len().min(1)]
            ),
            "no pv, {config:?}"
        );
        assert_eq!(
            (bare.stats.expanded, bare.stats.generated),
            (run.stats.expanded, run.stats.generated)
        );
        // Alpha-beta may see the whole game in fewer lines than minimax (pruned lines need
        // not reach the end): complete for minimax implies complete for alpha-beta, and a
        // complete answer is the game's value whatever the depth limit.
        if oracle.complete {
            assert!(answer.complete, "{config:?}");
        }
        if answer.complete {
            assert_eq!(Some(answer.value), full_value(g), "{config:?}");
        }
        if let Some(best) = answer.best {
            assert!(
                best_moves.contains(&best),
                "{config:?}: {best} not in {best_moves:?}"
            );
        } else {
            assert!(best_moves.is_empty());
        }
        let shuffled = Shuffled {
            inner: g,
            seed: shuffle_seed,
        };
        let run = AlphaBeta::new(config.clone()).search(&shuffled, &0, &eval(g));
        let answer = run.outcome.solution().unwrap();
        assert_eq!(answer.value, oracle.value, "shuffled {config:?}");
        if let Some(best) = answer.best {
            assert!(best_moves.contains(&best));
        }
    }
    // A fixed table of three slots: constant collisions and replacements, same answers.
    for config in configs(depth) {
        let slots =
            TranspositionTable::<usize>::fixed(3 * TranspositionTable::<usize>::slot_bytes());
        let run = AlphaBeta::with_table(config.clone(), slots).search(g, &0, &eval(g));
        assert_eq!(
            run.outcome.value(),
            Some(oracle.value),
            "fixed table {config:?}"
        );
    }
    // Compact tables of one and four slots: with so few index bits most keys' stored bits do not
    // fit a slot (they are not stored), the others collide constantly. And one of 2^16 slots,
    // where every key fits. Same answers.
    for bytes in [16, 64, 1 << 20] {
        for config in configs(depth) {
            let slots = TranspositionTable::<usize>::compact(bytes);
            let run = AlphaBeta::with_table(config.clone(), slots).search(g, &0, &eval(g));
            assert_eq!(
                run.outcome.value(),
                Some(oracle.value),
                "compact table of {bytes} bytes, {config:?}"
            );
        }
    }
    // With the game's value bounds (some nodes answered by a bound alone): same values.
    let bounded = Bounded {
        inner: g,
        bounds: subtree_bounds(g),
    };
    for config in configs(depth) {
        let run = AlphaBeta::new(config.clone()).search(&bounded, &0, &eval(g));
        assert_eq!(
            run.outcome.value(),
            Some(oracle.value),
            "bounded {config:?}"
        );
    }
    // Root analysis gives every root move's exact value.
    let mut search = AlphaBeta::new(configs(depth)[1].clone());
    let run = search.analyse_root(g, &0, &eval(g), None);
    assert_eq!(
        run.outcome.solution().unwrap().root_moves,
        oracle.root_moves,
        "root analysis"
    );
    assert_eq!(run.outcome.value(), Some(oracle.value));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Thousands of random trees, to the end and depth-limited, any move order.
    #[test]
    fn alphabeta_equals_minimax_on_random_trees(seed in any::<u64>(), depth in 0u32..6, limited in any::<bool>()) {
        let g = random_tree(seed, 200, 7, 9);
        check_against_minimax(&g, limited.then_some(depth), seed ^ 0x5eed);
    }

    /// Random DAGs: the table is hit constantly, under every kind of window.
    #[test]
    fn alphabeta_equals_minimax_on_random_dags(seed in any::<u64>(), depth in 1u32..7, limited in any::<bool>()) {
        let g = random_dag(seed, 7, 5, 5);
        check_against_minimax(&g, limited.then_some(depth), seed.rotate_left(7));
    }

    /// A search with a window tells the truth about its bound.
    #[test]
    fn window_bounds_are_sound(seed in any::<u64>(), a in -6i32..6, width in 1i32..5) {
        let g = random_dag(seed, 6, 4, 5);
        let truth = minimax(&g, &0, &eval(&g), &Limits::none()).outcome.value().unwrap();
        let mut search = AlphaBeta::new(AlphaBetaConfig::new());
        let run = search.search_window(&g, &0, &eval(&g), a, a + width);
        let answer = run.outcome.solution().unwrap();
        match answer.bound {
            Bound::Exact => prop_assert_eq!(answer.value, truth),
            Bound::Lower => prop_assert!(truth >= answer.value && answer.value >= a + width),
            Bound::Upper => prop_assert!(truth <= answer.value && answer.value <= a),
        }
        // The table now holds bounds from that window; a full search must still be exact.
        let run = search.search(&g, &0, &eval(&g));
        prop_assert_eq!(run.outcome.value(), Some(truth));
    }
}

/// Alpha-beta that memoises the value it returns WITHOUT its bound type: the bug seed 000
/// warns about. Written here only to show that it fails.
fn naive_memo(
    g: &Graph,
    s: usize,
    mut alpha: Value,
    mut beta: Value,
    memo: &mut HashMap<usize, Value>,
) -> Value {
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    if let Some(v) = g.terminal_value(&s) {
        return v;
    }
    let max = g.to_move(&s) == Player::Max;
    let mut best = if max { -INFINITY } else { INFINITY };
    for &c in &g.children[s] {
        let v = naive_memo(g, c, alpha, beta, memo);
        if max {
            best = best.max(v);
            alpha = alpha.max(best);
        } else {
            best = best.min(v);
            beta = beta.min(best);
        }
        if alpha >= beta {
            break;
        }
    }
    memo.insert(s, best);
    best
}

#[test]
fn naive_memo_is_wrong_where_the_bound_table_is_right() {
    let mut naive_wrong = 0;
    for seed in 0..500 {
        let g = random_dag(seed, 6, 4, 5);
        let truth = minimax(&g, &0, &eval(&g), &Limits::none())
            .outcome
            .value()
            .unwrap();
        let naive = naive_memo(&g, 0, -INFINITY, INFINITY, &mut HashMap::new());
        if naive != truth {
            naive_wrong += 1;
        }
        let real = AlphaBeta::new(AlphaBetaConfig::new()).search(&g, &0, &eval(&g));
        assert_eq!(real.outcome.value(), Some(truth), "seed {seed}");
        assert!(real.stats.table_hits > 0 || real.stats.table_probes > 0);
    }
    // The naive memo fails on a good share of these DAGs; the bound-keeping table on none.
    assert!(
        naive_wrong > 10,
        "naive memo wrong only {naive_wrong} times"
    );
}

/// The smallest example, by hand: D is reached from A and from B.
///
/// ```text
///   R = Max(A, B)    A = Min(3, D)    B = Min(D, 8)    D = Max(4, 10)
///   true values: D = 10, A = 3, B = 8, R = 8
/// ```
/// Under A the window is (-inf, 3) after the leaf 3, so D fails high on its first leaf 4 and
/// returns 4, a LOWER BOUND. The naive memo stores 4 as D's value; B then reads it, becomes
/// min(4, 8) = 4 and R = 4: wrong. The real table stores "D >= 4", which under B's window
/// (3, inf) only narrows the window, so D is searched again and found to be 10.
#[test]
fn naive_memo_hand_example() {
    let g = Graph {
        player: vec![
            Player::Max, // 0 R
            Player::Min, // 1 A
            Player::Min, // 2 B
            Player::Max, // 3 D
            Player::Max, // 4 leaf 3
            Player::Max, // 5 leaf 4
            Player::Max, // 6 leaf 10
            Player::Max, // 7 leaf 8
        ],
        children: vec![
            vec![1, 2],
            vec![4, 3],
            vec![3, 7],
            vec![5, 6],
            vec![],
            vec![],
            vec![],
            vec![],
        ],
        score: vec![0, 0, 0, 0, 3, 4, 10, 8],
    };
    let truth = minimax(&g, &0, &eval(&g), &Limits::none());
    assert_eq!(truth.outcome.value(), Some(8));
    assert_eq!(
        naive_memo(&g, 0, -INFINITY, INFINITY, &mut HashMap::new()),
        4
    );
    let mut search = AlphaBeta::new(AlphaBetaConfig::new());
    let run = search.search(&g, &0, &eval(&g));
    assert_eq!(run.outcome.value(), Some(8));
    // D was stored as a lower bound (4, fail high), and not trusted as exact by B.
    let d = search.table().get(&3).unwrap();
    assert_eq!((d.value, d.bound), (10, Bound::Exact)); // B re-searched D and overwrote it
    assert!(run.stats.table_probes > 0);
}

#[test]
fn a_cancel_flag_stops_game_searches() {
    let g = random_dag(7, 12, 6, 5);
    let cancel = searchlab_core::Cancel::new();
    let limits = Limits::none().with_cancel(cancel.clone());
    assert!(
        alphabeta(&g, &0, &eval(&g), &limits)
            .outcome
            .value()
            .is_some()
    );
    cancel.cancel();
    for run in [
        alphabeta(&g, &0, &eval(&g), &limits),
        minimax(&g, &0, &eval(&g), &limits),
    ] {
        assert!(matches!(
            run.outcome,
            GameOutcome::Stopped {
                limit: LimitKind::Cancelled,
                ..
            }
        ));
    }
}

#[test]
fn limits_stop_without_panic() {
    let g = random_dag(7, 12, 6, 5);
    let run = alphabeta(&g, &0, &eval(&g), &Limits::none().with_max_expanded(5));
    assert!(matches!(
        run.outcome,
        GameOutcome::Stopped {
            limit: LimitKind::Nodes,
            ..
        }
    ));
    assert!(run.stats.expanded <= 5);
    let run = minimax(&g, &0, &eval(&g), &Limits::none().with_max_expanded(5));
    assert!(matches!(
        run.outcome,
        GameOutcome::Stopped {
            limit: LimitKind::Nodes,
            ..
        }
    ));
    // Iterative deepening keeps its deepest finished iteration.
    let mut search = AlphaBeta::new(
        AlphaBetaConfig::new()
            .with_iterative(true)
            .with_limits(Limits::none().with_max_expanded(40)),
    );
    let run = search.search(&g, &0, &eval(&g));
    match run.outcome {
        GameOutcome::Stopped { limit, deepest } => {
            assert_eq!(limit, LimitKind::Nodes);
            let deepest = deepest.expect("depth 1 finishes within 40 nodes");
            assert!(deepest.depth.unwrap() >= 1);
        }
        GameOutcome::Solved(_) => panic!("40 nodes cannot solve this DAG"),
    }
}

#[test]
fn iterative_deepening_stops_once_the_game_is_seen_whole() {
    let g = random_tree(3, 60, 4, 9);
    let run = AlphaBeta::new(AlphaBetaConfig::new().with_iterative(true)).search(&g, &0, &eval(&g));
    let answer = run.outcome.solution().unwrap();
    assert!(answer.complete);
    assert_eq!(run.stats.iterations.len() as u32, run.stats.depth_reached);
    assert_eq!(
        answer.value,
        minimax(&g, &0, &eval(&g), &Limits::none())
            .outcome
            .value()
            .unwrap()
    );
}

#[test]
fn root_analysis_stops_at_the_first_move_reaching_the_target() {
    for seed in 0..200 {
        let g = random_tree(seed, 80, 5, 3);
        if g.children[0].len() < 2 {
            continue;
        }
        let oracle = minimax(&g, &0, &eval(&g), &Limits::none());
        let oracle = oracle.outcome.solution().unwrap();
        let max = g.player[0] == Player::Max;
        let target = if max { 1 } else { -1 };
        let first = oracle.root_moves.iter().position(|m| {
            if max {
                m.value >= target
            } else {
                m.value <= target
            }
        });
        let run =
            AlphaBeta::new(AlphaBetaConfig::new()).analyse_root(&g, &0, &eval(&g), Some(target));
        let moves = &run.outcome.solution().unwrap().root_moves;
        match first {
            Some(i) => assert_eq!(moves[..], oracle.root_moves[..=i]),
            None => assert_eq!(moves[..], oracle.root_moves[..]),
        }
    }
}

/// A game of accumulated rewards on a random DAG (Triangle War, Kalah and dots and boxes have
/// this shape): each move pays a reward, a finished game is worth the rewards collected on the
/// way plus its leaf's score, and the evaluation of an inner node is the rewards so far plus
/// its score. A state is (node, rewards collected), so a node reached along two paths is two
/// states whose values differ by exactly the difference of what the paths paid.
struct Rewards<'a> {
    graph: &'a Graph,
    /// The reward of each move, parallel to `graph.children`.
    reward: Vec<Vec<Value>>,
    /// `table_key` drops the collected rewards (keeps only the node).
    node_keys: bool,
    /// `value_offset` returns the collected rewards (otherwise the default 0).
    offset: bool,
}

type RewardState = (usize, Value);

impl Game for Rewards<'_> {
    type State = RewardState;
    /// The child and the move's reward.
    type Move = (usize, Value);
    fn to_move(&self, s: &RewardState) -> Player {
        self.graph.player[s.0]
    }
    fn moves(&self, s: &RewardState, out: &mut Vec<(usize, Value)>) {
        out.extend(
            self.graph.children[s.0]
                .iter()
                .copied()
                .zip(self.reward[s.0].iter().copied()),
        );
    }
    fn play(&self, s: &RewardState, m: &(usize, Value)) -> RewardState {
        (m.0, s.1 + m.1)
    }
    fn terminal_value(&self, s: &RewardState) -> Option<Value> {
        self.graph.children[s.0]
            .is_empty()
            .then_some(s.1 + self.graph.score[s.0])
    }
    fn table_key(&self, s: &RewardState) -> RewardState {
        if self.node_keys { (s.0, 0) } else { *s }
    }
    fn value_offset(&self, s: &RewardState) -> Value {
        if self.offset { s.1 } else { 0 }
    }
}

fn reward_eval(g: &Graph) -> impl Fn(&RewardState) -> Value + '_ {
    |s: &RewardState| s.1 + g.score[s.0]
}

/// Random rewards in -range..=range for every move of `g`.
fn random_rewards(g: &Graph, seed: u64, range: i64) -> Vec<Vec<Value>> {
    let mut rng = SplitMix64::new(seed);
    g.children
        .iter()
        .map(|kids| {
            kids.iter()
                .map(|_| rng.below(2 * range as u64 + 1) as Value - range as Value)
                .collect()
        })
        .collect()
}

/// Every alpha-beta variant with the offset-relative table against minimax on `game`, from the
/// roots (0, start) for several starting rewards, with ONE searcher per configuration kept
/// across roots and windows: entries stored under one accumulated reward are read under others.
fn check_rewards_against_minimax(game: &Rewards, depth: Option<u32>, seed: u64) {
    let eval = reward_eval(game.graph);
    let limits = match depth {
        Some(d) => Limits::none().with_max_cost(u64::from(d)),
        None => Limits::none(),
    };
    let mut rng = SplitMix64::new(seed);
    let starts: Vec<Value> = (0..3).map(|_| rng.below(41) as Value - 20).collect();
    for config in configs(depth) {
        let mut search = AlphaBeta::new(config.clone());
        for &start in &starts {
            let root = (0, start);
            let oracle = minimax(game, &root, &eval, &limits);
            let oracle = oracle.outcome.solution().unwrap();
            let run = search.search(game, &root, &eval);
            let answer = run.outcome.solution().unwrap();
            assert_eq!(answer.value, oracle.value, "{config:?} from {start}");
            assert_eq!(answer.bound, Bound::Exact);
            if let Some(best) = answer.best {
                assert!(
                    oracle
                        .root_moves
                        .iter()
                        .any(|m| m.mv == best && m.value == oracle.value),
                    "{config:?}: {best:?} is not a best move"
                );
            }
            // A null window around a random threshold tells the truth about its bound.
            let t = oracle.value + rng.below(7) as Value - 3;
            let run = search.search_window(game, &root, &eval, t - 1, t);
            let answer = run.outcome.solution().unwrap();
            match answer.bound {
                Bound::Exact => assert_eq!(answer.value, oracle.value),
                Bound::Lower => assert!(oracle.value >= answer.value && answer.value >= t),
                Bound::Upper => assert!(oracle.value <= answer.value && answer.value < t),
            }
            assert_eq!(oracle.value >= t, answer.value >= t, "null window at {t}");
            // Root analysis (table filled under other roots and windows) values every move.
            if !config.iterative {
                let run = search.analyse_root(game, &root, &eval, None);
                assert_eq!(
                    run.outcome.solution().unwrap().root_moves,
                    oracle.root_moves,
                    "root analysis, {config:?} from {start}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Keys without the accumulated rewards plus `value_offset`: still exactly minimax, to the
    /// end and depth-limited, with and without iterative deepening, windows and root analysis.
    #[test]
    fn offset_relative_table_equals_minimax(seed in any::<u64>(), depth in 1u32..7, limited in any::<bool>()) {
        let g = random_dag(seed, 7, 5, 5);
        let game = Rewards {
            graph: &g,
            reward: random_rewards(&g, seed ^ 0xbeef, 4),
            node_keys: true,
            offset: true,
        };
        check_rewards_against_minimax(&game, limited.then_some(depth), seed);
        // The offset is harmless when the key keeps the rewards too.
        let full_keys = Rewards { node_keys: false, ..game };
        check_rewards_against_minimax(&full_keys, limited.then_some(depth), seed);
    }
}

/// The test above can catch the bug it guards against: the same node-only keys WITHOUT
/// `value_offset` (a table storing absolute values under keys that ignore the rewards) give
/// wrong values on many DAGs, where the offset-relative table gives none.
#[test]
fn node_keys_without_offset_are_wrong_where_the_offset_table_is_right() {
    let mut wrong = 0;
    for seed in 0..300 {
        let g = random_dag(seed, 6, 4, 5);
        let right = Rewards {
            graph: &g,
            reward: random_rewards(&g, seed, 4),
            node_keys: true,
            offset: true,
        };
        let eval = reward_eval(&g);
        let truth = minimax(&right, &(0, 0), &eval, &Limits::none())
            .outcome
            .value()
            .unwrap();
        let run = AlphaBeta::new(AlphaBetaConfig::new()).search(&right, &(0, 0), &eval);
        assert_eq!(run.outcome.value(), Some(truth), "seed {seed}");
        assert!(run.stats.table_hits > 0);
        let buggy = Rewards {
            offset: false,
            ..right
        };
        let run = AlphaBeta::new(AlphaBetaConfig::new()).search(&buggy, &(0, 0), &eval);
        if run.outcome.value() != Some(truth) {
            wrong += 1;
        }
    }
    assert!(
        wrong > 30,
        "node keys without offset wrong only {wrong} times"
    );
}

/// The offset-relative table shares entries: node-only keys need fewer expansions than keys
/// with the rewards, for the same answer.
#[test]
fn offset_relative_keys_share_entries() {
    let g = random_dag(11, 9, 6, 5);
    let game = Rewards {
        graph: &g,
        reward: random_rewards(&g, 11, 4),
        node_keys: true,
        offset: true,
    };
    let eval = reward_eval(&g);
    let shared = AlphaBeta::new(AlphaBetaConfig::new()).search(&game, &(0, 0), &eval);
    let full_keys = Rewards {
        node_keys: false,
        ..game
    };
    let separate = AlphaBeta::new(AlphaBetaConfig::new()).search(&full_keys, &(0, 0), &eval);
    assert_eq!(shared.outcome.value(), separate.outcome.value());
    assert!(
        shared.stats.expanded < separate.stats.expanded,
        "{} vs {}",
        shared.stats.expanded,
        separate.stats.expanded
    );
}

/// Regression: a table bound that narrows the window and is followed by a cut-off at the first
/// (finished) child used to make the node "complete" although the bound came from a
/// depth-limited search, so iterative deepening (here with aspiration windows, which store such
/// bounds) stopped too early with a depth-3 value. The narrowing entry's height now counts.
#[test]
fn a_narrowing_table_bound_keeps_its_incompleteness() {
    for seed in 0..3000u64 {
        let g = random_tree(seed, 12, 4, 9);
        let oracle = minimax(&g, &0, &eval(&g), &Limits::none()).outcome.value();
        for delta in [1, 2] {
            let c = AlphaBetaConfig::new()
                .with_iterative(true)
                .with_aspiration(Some(delta));
            let run = AlphaBeta::new(c).search(&g, &0, &eval(&g));
            assert_eq!(run.outcome.value(), oracle, "seed {seed}");
        }
    }
}
