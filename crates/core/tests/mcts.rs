//! UCT: the same run for the same seed, different runs for different seeds, the immediate win
//! found in simple tic-tac-toe positions, only legal moves, extra turns, every limit obeyed
//! and bad settings answered with typed errors.

mod common;

use std::time::Duration;

use common::{ScoredPile, Ttt, open_lines, random_tree};
use proptest::prelude::*;
use searchlab_core::{
    Cancel, Game, LimitKind, Limits, MctsConfig, MctsError, Player, Rollout, SplitMix64, Value,
    mcts,
};

fn playouts(n: u64) -> Limits {
    Limits::none().with_max_expanded(n)
}

#[test]
fn same_seed_same_run_other_seed_other_run() {
    let game = Ttt::new(3, 3);
    let root = game.parse("x../.o./...");
    let eval = |_: &_| 0;
    let config = MctsConfig::new().with_seed(42);
    let a = mcts(&game, &root, &eval, &config, &playouts(3000)).unwrap();
    let b = mcts(&game, &root, &eval, &config, &playouts(3000)).unwrap();
    assert_eq!(a.root_moves, b.root_moves);
    assert_eq!(a.best, b.best);
    assert_eq!(a.stats.generated, b.stats.generated);
    let c = mcts(&game, &root, &eval, &config.with_seed(43), &playouts(3000)).unwrap();
    assert_ne!(
        a.root_moves.iter().map(|m| m.mean).collect::<Vec<_>>(),
        c.root_moves.iter().map(|m| m.mean).collect::<Vec<_>>()
    );
}

#[test]
fn finds_the_immediate_win() {
    let game = Ttt::new(3, 3);
    // (position, the winning square for the side to move)
    let cases = [
        ("xx./oo./...", 2), // x completes the top row
        ("oo./xx./x..", 2), // o to move completes the top row (o would also block)
        ("x.o/.xo/...", 8), // x completes the diagonal, o threatens 8 too
        ("xo./xo./...", 6), // x completes the left column before o completes the middle one
        ("o.x/.ox/..o", 8), // already over (o has the diagonal): no move, no playout
    ];
    for (text, square) in cases {
        let root = game.parse(text);
        if game.terminal_value(&root).is_some() {
            let run = mcts(&game, &root, &|_: &_| 0, &MctsConfig::new(), &playouts(100)).unwrap();
            assert_eq!(
                (run.best, run.playouts, run.limit),
                (None, 0, None),
                "{text}"
            );
            continue;
        }
        for seed in 0..5 {
            for rollout in [Rollout::Random, Rollout::Greedy { random_percent: 20 }] {
                let config = MctsConfig::new().with_seed(seed).with_rollout(rollout);
                let eval = open_lines(&game);
                let run = mcts(&game, &root, &eval, &config, &playouts(2000)).unwrap();
                assert_eq!(run.best, Some(square), "{text} seed {seed} {rollout:?}");
                let win = run.root_moves.iter().find(|m| m.mv == square).unwrap();
                let mover_max = game.to_move(&root) == Player::Max;
                // Every playout through the winning move is a win for the mover.
                assert_eq!(win.mean, if mover_max { 1.0 } else { 0.0 });
            }
        }
    }
}

#[test]
fn visits_add_up_and_the_best_is_most_visited() {
    let game = Ttt::new(4, 4);
    let root = (0, 0);
    let run = mcts(
        &game,
        &root,
        &open_lines(&game),
        &MctsConfig::new(),
        &playouts(5000),
    )
    .unwrap();
    assert_eq!(run.playouts, 5000);
    assert_eq!(run.stats.expanded, 5000);
    assert_eq!(run.limit, Some(LimitKind::Nodes));
    assert_eq!(run.root_moves.iter().map(|m| m.visits).sum::<u64>(), 5000);
    assert_eq!(run.root_moves.len(), 16);
    let most = run.root_moves.iter().map(|m| m.visits).max().unwrap();
    let best = run.root_moves.iter().find(|m| m.visits == most).unwrap();
    assert_eq!(run.best, Some(best.mv));
    assert!(run.stats.max_frontier >= 2 && run.stats.generated == 5001);
    assert!((0.0..=1.0).contains(&run.mean));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// On random trees with extra turns, the chosen move is always a legal root move and
    /// every child visit count is at most the playouts.
    #[test]
    fn never_plays_an_illegal_move(seed in any::<u64>(), n in 1u64..300, greedy in any::<bool>()) {
        let g = random_tree(seed, 200, 6, 5);
        let rollout = if greedy { Rollout::Greedy { random_percent: 30 } } else { Rollout::Random };
        let config = MctsConfig::new().with_seed(seed).with_rollout(rollout);
        let run = mcts(&g, &0, &g.eval(), &config, &playouts(n)).unwrap();
        if g.children[0].is_empty() {
            prop_assert_eq!(run.best, None);
        } else {
            let best = run.best.unwrap();
            prop_assert!(g.children[0].contains(&best));
            prop_assert!(run.root_moves.iter().all(|m| g.children[0].contains(&m.mv)));
            prop_assert_eq!(run.root_moves.iter().map(|m| m.visits).sum::<u64>(), n);
        }
    }

    /// A game of accumulated points with extra turns, rewards scaled by the value range.
    #[test]
    fn scaled_rewards_stay_in_range(seed in any::<u64>(), pile in 1u8..12) {
        let game = ScoredPile::random(seed, pile);
        let root = (pile, 0, Player::Max);
        let eval = |s: &(u8, Value, Player)| s.1;
        let config = MctsConfig::new().with_seed(seed).with_value_range(-40, 40);
        let run = mcts(&game, &root, &eval, &config, &playouts(200)).unwrap();
        prop_assert!(run.best.is_some_and(|t| (1..=3).contains(&t) && t <= pile));
        prop_assert!(run.root_moves.iter().all(|m| (0.0..=1.0).contains(&m.mean)));
    }
}

#[test]
fn random_play_from_mcts_moves_is_always_legal() {
    // Play whole 4 x 4 games with MCTS for both sides; every move must be legal.
    let game = Ttt::new(4, 4);
    let mut rng = SplitMix64::new(9);
    for _ in 0..3 {
        let mut s = (0, 0);
        while game.terminal_value(&s).is_none() {
            let config = MctsConfig::new().with_seed(rng.next_u64());
            let run = mcts(&game, &s, &|_: &_| 0, &config, &playouts(300)).unwrap();
            let mv = run.best.unwrap();
            let mut legal = Vec::new();
            game.moves(&s, &mut legal);
            assert!(legal.contains(&mv));
            s = game.play(&s, &mv);
        }
    }
}

#[test]
fn limits_end_the_run() {
    let game = Ttt::new(4, 4);
    let eval = |_: &_| 0;
    let config = MctsConfig::new();
    // A cancel flag already set: stopped at once, before any playout.
    let cancel = Cancel::new();
    cancel.cancel();
    let run = mcts(
        &game,
        &(0, 0),
        &eval,
        &config,
        &Limits::none().with_cancel(cancel),
    )
    .unwrap();
    assert_eq!(
        (run.limit, run.playouts, run.best),
        (Some(LimitKind::Cancelled), 0, None)
    );
    // A timeout.
    let limits = Limits::none().with_timeout(Duration::from_millis(30));
    let run = mcts(&game, &(0, 0), &eval, &config, &limits).unwrap();
    assert_eq!(run.limit, Some(LimitKind::Time));
    assert!(run.playouts > 0 && run.best.is_some());
    // A memory limit: the tree stops growing near it.
    let limits = Limits::none().with_max_memory(64 * 1024);
    let run = mcts(&game, &(0, 0), &eval, &config, &limits).unwrap();
    assert_eq!(run.limit, Some(LimitKind::Memory));
    assert!(run.playouts > 10 && run.best.is_some());
}

#[test]
fn bad_settings_are_typed_errors() {
    let game = Ttt::new(3, 3);
    let eval = |_: &_| 0;
    let e = mcts(&game, &(0, 0), &eval, &MctsConfig::new(), &Limits::none()).unwrap_err();
    assert_eq!(e, MctsError::Unbounded);
    let bad = MctsConfig::new().with_exploration(f64::NAN);
    assert!(matches!(
        mcts(&game, &(0, 0), &eval, &bad, &playouts(10)),
        Err(MctsError::BadExploration(_))
    ));
    let bad = MctsConfig::new().with_value_range(1, 1);
    assert_eq!(
        mcts(&game, &(0, 0), &eval, &bad, &playouts(10)).unwrap_err(),
        MctsError::EmptyValueRange { lo: 1, hi: 1 }
    );
    let bad = MctsConfig::new().with_rollout(Rollout::Greedy {
        random_percent: 101,
    });
    assert_eq!(
        mcts(&game, &(0, 0), &eval, &bad, &playouts(10)).unwrap_err(),
        MctsError::BadRandomShare(101)
    );
    assert!(MctsError::Unbounded.to_string().contains("max_expanded"));
}
