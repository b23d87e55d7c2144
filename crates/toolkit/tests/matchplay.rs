//! Matches: deterministic for a seed, colours alternating per opening, the side to move taken
//! from the game (extra turns), W/D/L and score consistent with the games, the Elo formula,
//! move accuracy against a perfect solver, and typed errors for bad openings and strategies.

// The core's test games (tic-tac-toe, random trees), shared rather than copied.
#[path = "../../core/tests/common/mod.rs"]
mod common;

use common::{ScoredPile, Ttt, open_lines};
use searchlab_toolkit::matchplay::{
    Choice, MatchConfig, MatchError, MctsStrategy, Openings, PerfectSolver, RandomStrategy,
    SolverStrategy, Strategy, StrategyError, elo_from_scores, elo_of_score, play_match,
};
use searchlab_toolkit::{
    AlphaBetaConfig, Game, Limits, MctsConfig, Player, PvsConfig, Stats, Value, minimax,
};

/// A full-depth solver needs no evaluation.
type NoEval = fn(&(u32, u32)) -> Value;

fn perfect_ab() -> SolverStrategy<Ttt, NoEval> {
    SolverStrategy::alphabeta("alphabeta", AlphaBetaConfig::new(), |_: &(u32, u32)| 0)
}

fn perfect_pvs() -> SolverStrategy<Ttt, NoEval> {
    SolverStrategy::pvs("pvs", PvsConfig::new(), |_: &(u32, u32)| 0)
}

#[test]
fn perfect_players_draw_3x3_and_keep_the_value() {
    let game = Ttt::new(3, 3);
    let mut a = perfect_pvs();
    let mut b = perfect_ab();
    let config = MatchConfig::new(8)
        .with_openings(Openings::Random { plies: 2 })
        .with_seed(3);
    let mut oracle = PerfectSolver::new(Limits::none());
    let report = play_match(&game, &(0, 0), &mut a, &mut b, &config, Some(&mut oracle)).unwrap();
    // Random 2-ply openings may already be lost for a side; perfect play keeps every value.
    assert_eq!(report.a.accuracy.unwrap().share(), 1.0);
    assert_eq!(report.b.accuracy.unwrap().share(), 1.0);
    // Each opening is played twice with colours swapped, so with perfect players the pair's
    // results for A cancel out: A's score is exactly half.
    assert_eq!(report.score, 4.0);
    assert_eq!(report.wins, report.losses);
    for pair in report.games.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[0].moves[..2], pair[1].moves[..2]);
        assert_eq!(
            (pair[0].a_plays, pair[1].a_plays),
            (Player::Max, Player::Min)
        );
        assert_eq!(pair[0].value, pair[1].value);
        // The final value is the opening position's value under perfect play.
        let mut s = (0, 0);
        for m in &pair[0].moves[..2] {
            s = game.play(&s, m);
        }
        let v = minimax(&game, &s, &|_: &_| 0, &Limits::none())
            .outcome
            .value();
        assert_eq!(Some(pair[0].value), v);
    }
    let table = report.to_string();
    assert!(table.contains("W ") && table.contains("accuracy") && table.contains("100.0%"));
}

#[test]
fn a_match_is_the_same_for_the_same_seed() {
    let game = Ttt::new(3, 3);
    let run = |seed| {
        let mut a = MctsStrategy::new(
            "mcts",
            MctsConfig::new(),
            Limits::none().with_max_expanded(100),
            |_: &(u32, u32)| 0,
        );
        let mut b = RandomStrategy::new(1);
        let config = MatchConfig::new(10)
            .with_openings(Openings::Random { plies: 1 })
            .with_seed(seed);
        play_match(&game, &(0, 0), &mut a, &mut b, &config, None).unwrap()
    };
    let (x, y, z) = (run(7), run(7), run(8));
    assert_eq!(x.games, y.games);
    assert_eq!((x.wins, x.draws, x.losses), (y.wins, y.draws, y.losses));
    assert_ne!(x.games, z.games);
    assert!(x.a.accuracy.is_none());
    assert_eq!(x.wins + x.draws + x.losses, 10);
    assert_eq!(x.score, f64::from(x.wins) + f64::from(x.draws) / 2.0);
    // MCTS with 100 playouts beats a random player on 3 x 3.
    assert!(x.score > 5.0, "{x}");
}

#[test]
fn strong_beats_weak_with_lower_accuracy_for_the_weak() {
    let game = Ttt::new(3, 3);
    let mut a = perfect_ab();
    let mut b = RandomStrategy::new(11);
    let config = MatchConfig::new(20).with_seed(1);
    let mut oracle = PerfectSolver::new(Limits::none());
    let r = play_match(&game, &(0, 0), &mut a, &mut b, &config, Some(&mut oracle)).unwrap();
    assert_eq!(r.losses, 0);
    assert!(r.wins > 10, "{r}");
    assert!(r.elo.diff > 100.0 && r.elo.low > 0.0, "{r}");
    let acc = r.b.accuracy.unwrap();
    assert!(acc.moves > 0 && acc.kept < acc.moves);
    // Every move was judged: the side's move count equals its judged moves.
    assert_eq!(r.a.moves, r.a.accuracy.unwrap().moves);
    assert_eq!(
        r.a.moves + r.b.moves,
        r.games.iter().map(|g| g.moves.len() as u64).sum::<u64>()
    );
    assert!(r.a.stats.expanded > 0);
    println!("{r}");
}

/// A strategy that records who it was asked to move for, to check that the runner asks the
/// side the game names (extra turns), not the other one by alternation.
struct Recorder {
    me: Option<Player>,
    asked: Vec<Player>,
    inner: RandomStrategy,
}

impl Strategy<ScoredPile> for Recorder {
    fn name(&self) -> String {
        "recorder".into()
    }
    fn new_game(&mut self, seed: u64) {
        self.me = None;
        Strategy::<ScoredPile>::new_game(&mut self.inner, seed);
    }
    fn choose(
        &mut self,
        game: &ScoredPile,
        state: &(u8, Value, Player),
    ) -> Result<Choice<u8>, StrategyError> {
        let p = game.to_move(state);
        assert!(self.me.is_none_or(|me| me == p), "asked for both sides");
        self.me = Some(p);
        self.asked.push(p);
        self.inner.choose(game, state)
    }
}

#[test]
fn extra_turns_ask_the_same_strategy_again() {
    let game = ScoredPile::random(4, 20);
    let mut a = Recorder {
        me: None,
        asked: Vec::new(),
        inner: RandomStrategy::new(1),
    };
    let mut b = Recorder {
        me: None,
        asked: Vec::new(),
        inner: RandomStrategy::new(2),
    };
    let config = MatchConfig::new(30).with_seed(5);
    let mut oracle = PerfectSolver::new(Limits::none());
    let r = play_match(
        &game,
        &(20, 0, Player::Max),
        &mut a,
        &mut b,
        &config,
        Some(&mut oracle),
    )
    .unwrap();
    // Some game had two moves in a row by one strategy (a take of 2 keeps the turn).
    let repeated = r.games.iter().any(|g| {
        let mut s = (20u8, 0, Player::Max);
        let mut last = None;
        let mut twice = false;
        for m in &g.moves {
            let p = game.to_move(&s);
            twice |= last == Some(p);
            last = Some(p);
            s = game.play(&s, m);
        }
        twice
    });
    assert!(repeated);
    assert_eq!(a.asked.len() as u64, r.a.moves);
    assert_eq!(b.asked.len() as u64, r.b.moves);
    // Final values are the games' scores, seen from A's side.
    for g in &r.games {
        let mut s = (20u8, 0, Player::Max);
        for m in &g.moves {
            s = game.play(&s, m);
        }
        assert_eq!(game.terminal_value(&s), Some(g.value));
        let a_value = if g.a_plays == Player::Max {
            g.value
        } else {
            -g.value
        };
        assert_eq!(g.a_value(), a_value);
    }
}

#[test]
fn given_openings_cycle_and_are_checked() {
    let game = Ttt::new(3, 3);
    let openings = vec![vec![4], vec![0, 4]];
    let mut a = perfect_ab();
    let mut b = MctsStrategy::new(
        "mcts",
        MctsConfig::new(),
        Limits::none().with_max_expanded(200),
        open_lines(&game),
    );
    let config = MatchConfig::new(6).with_openings(Openings::Given(openings));
    let r = play_match(&game, &(0, 0), &mut a, &mut b, &config, None).unwrap();
    let used: Vec<usize> = r.games.iter().map(|g| g.opening).collect();
    assert_eq!(used, [0, 0, 1, 1, 0, 0]);
    assert_eq!(r.games[2].moves[..2], [0, 4]);
    assert_eq!(r.games[2].opening_plies, 2);

    let bad = MatchConfig::new(2).with_openings(Openings::Given(vec![vec![4], vec![4, 4]]));
    assert_eq!(
        play_match(&game, &(0, 0), &mut a, &mut b, &bad, None).unwrap_err(),
        MatchError::IllegalOpeningMove {
            opening: 1,
            ply: 1,
            mv: "4".into()
        }
    );
    let over = MatchConfig::new(2).with_openings(Openings::Given(vec![vec![0, 3, 1, 4, 2]]));
    assert_eq!(
        play_match(&game, &(0, 0), &mut a, &mut b, &over, None).unwrap_err(),
        MatchError::OpeningEndsGame { opening: 0, ply: 5 }
    );
    let none = MatchConfig::new(2).with_openings(Openings::Given(vec![]));
    assert_eq!(
        play_match(&game, &(0, 0), &mut a, &mut b, &none, None).unwrap_err(),
        MatchError::NoOpenings
    );
    assert_eq!(
        play_match(&game, &(0, 0), &mut a, &mut b, &MatchConfig::new(0), None).unwrap_err(),
        MatchError::NoGames
    );
    let won = game.parse("xxx/oo./...");
    assert_eq!(
        play_match(&game, &won, &mut a, &mut b, &MatchConfig::new(1), None).unwrap_err(),
        MatchError::StartIsOver
    );
    let long = MatchConfig::new(2).with_openings(Openings::Random { plies: 9 });
    assert!(matches!(
        play_match(&game, &(0, 0), &mut a, &mut b, &long, None).unwrap_err(),
        MatchError::NoRandomOpening { plies: 9, .. }
    ));
}

/// Always plays square 0, legal or not.
struct Stubborn;

impl Strategy<Ttt> for Stubborn {
    fn name(&self) -> String {
        "stubborn".into()
    }
    fn choose(&mut self, _: &Ttt, _: &(u32, u32)) -> Result<Choice<u32>, StrategyError> {
        Ok(Choice {
            mv: 0,
            stats: Stats::default(),
        })
    }
}

#[test]
fn illegal_moves_and_failing_strategies_are_errors() {
    let game = Ttt::new(3, 3);
    let mut a = Stubborn;
    let mut b = RandomStrategy::new(0);
    let e = play_match(&game, &(0, 0), &mut a, &mut b, &MatchConfig::new(1), None).unwrap_err();
    assert_eq!(
        e,
        MatchError::IllegalMove {
            strategy: "stubborn".into(),
            game: 0,
            ply: 2,
            mv: "0".into()
        }
    );
    // A depth-limited search stopped by a node limit before any move: a typed error.
    let mut starved = SolverStrategy::pvs(
        "starved",
        PvsConfig::new().with_limits(Limits::none().with_max_expanded(0)),
        |_: &(u32, u32)| 0,
    );
    let e = play_match(
        &game,
        &(0, 0),
        &mut starved,
        &mut b,
        &MatchConfig::new(1),
        None,
    )
    .unwrap_err();
    assert!(
        matches!(e, MatchError::Strategy { ref strategy, game: 0, ply: 0, .. } if strategy == "starved")
    );
    assert!(e.to_string().contains("starved"));
    // An oracle that is stopped is reported too.
    let mut oracle = PerfectSolver::new(Limits::none().with_max_expanded(1));
    let mut x = perfect_ab();
    let e = play_match(
        &game,
        &(0, 0),
        &mut x,
        &mut b,
        &MatchConfig::new(1),
        Some(&mut oracle),
    )
    .unwrap_err();
    assert!(matches!(
        e,
        MatchError::Oracle {
            game: 0,
            ply: 0,
            ..
        }
    ));
}

#[test]
fn closures_are_oracles() {
    // The exact value of every 3 x 3 position, computed once, as a closure oracle.
    let game = Ttt::new(3, 3);
    let values: std::collections::HashMap<(u32, u32), Value> = game
        .reachable()
        .into_iter()
        .map(|s| {
            let v = minimax(&game, &s, &|_: &_| 0, &Limits::none())
                .outcome
                .value()
                .unwrap();
            (s, v)
        })
        .collect();
    let mut oracle = |s: &(u32, u32)| values[s];
    let mut a = perfect_pvs();
    let mut b = RandomStrategy::new(3);
    let r = play_match(
        &game,
        &(0, 0),
        &mut a,
        &mut b,
        &MatchConfig::new(4),
        Some(&mut oracle),
    )
    .unwrap();
    assert_eq!(r.a.accuracy.unwrap().share(), 1.0);
}

#[test]
fn elo_formula() {
    // 75% is +190.8 Elo (400 log10 3), 25% its negative, 50% zero.
    assert!((elo_of_score(0.75) - 400.0 * 3f64.log10()).abs() < 1e-9);
    assert!((elo_of_score(0.25) + 400.0 * 3f64.log10()).abs() < 1e-9);
    assert_eq!(elo_of_score(0.5), 0.0);
    assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    // 3 wins, 1 loss: s = 0.75, variance 0.1875, standard error sqrt(0.1875 / 4).
    let e = elo_from_scores(&[1.0, 1.0, 1.0, 0.0]);
    let se = (0.1875f64 / 4.0).sqrt();
    assert!((e.diff - elo_of_score(0.75)).abs() < 1e-9);
    assert!((e.low - elo_of_score(0.75 - 1.96 * se)).abs() < 1e-9);
    assert_eq!(e.high, f64::INFINITY); // 0.75 + 1.96 se > 1
    // More games with the same share give a narrower interval.
    let many: Vec<f64> = (0..400)
        .map(|i| if i % 4 == 3 { 0.0 } else { 1.0 })
        .collect();
    let f = elo_from_scores(&many);
    assert!(f.low > e.low && f.high < e.high);
    assert!(f.low < f.diff && f.diff < f.high);
}

#[test]
fn depth_limited_and_node_limited_strategies_play_4x4() {
    let game = Ttt::new(4, 4);
    // Iterative deepening stopped by a node limit plays its deepest iteration's move.
    let mut a = SolverStrategy::pvs(
        "pvs:id,nodes=3000",
        PvsConfig::new()
            .with_limits(Limits::none().with_max_expanded(3000))
            .with_iterative(true),
        open_lines(&game),
    );
    let mut b = SolverStrategy::alphabeta(
        "alphabeta:depth=2",
        AlphaBetaConfig::new().with_depth(2),
        open_lines(&game),
    );
    let config = MatchConfig::new(4)
        .with_openings(Openings::Random { plies: 2 })
        .with_seed(12);
    let r = play_match(&game, &(0, 0), &mut a, &mut b, &config, None).unwrap();
    assert_eq!(r.games.len(), 4);
    assert!(r.a.moves > 0 && r.b.moves > 0);
    // The node limit holds per move.
    assert!(r.a.stats.expanded <= 3000 * r.a.moves);
    // Without iterative deepening the same limit leaves no move: a typed error.
    let mut starved = SolverStrategy::pvs(
        "pvs:nodes=3000",
        PvsConfig::new().with_limits(Limits::none().with_max_expanded(3000)),
        open_lines(&game),
    );
    let e = play_match(&game, &(0, 0), &mut starved, &mut b, &config, None).unwrap_err();
    assert!(matches!(
        e,
        MatchError::Strategy {
            source: StrategyError::Stopped(searchlab_toolkit::LimitKind::Nodes),
            ..
        }
    ));
}
