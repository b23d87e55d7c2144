//! The catalogue's game algorithms (issue 16): every solver, aspiration windows included, gives
//! minimax's value on random trees, DAGs and tic-tac-toe positions, at full depth and under a
//! depth limit; MCTS is selectable by name with its settings, deterministic for a seed, and
//! answered as a chosen move that proves no value.

// The core's test games (tic-tac-toe, random trees), shared rather than copied.
#[path = "../../core/tests/common/mod.rs"]
mod common;

use common::{Ttt, open_lines, random_dag, random_tree};
use searchlab_toolkit::describe::mcts_answer;
use searchlab_toolkit::{
    Algorithm, AlphaBetaConfig, Game, GameAlgorithm, Limits, MctsParams, Rollout, SplitMix64,
    Status, Value, minimax,
};

/// The solvers of the catalogue with the aspiration variants worth testing: a window of 1
/// (nearly always re-searched), a middling one and one wider than most values.
fn solvers() -> Vec<GameAlgorithm> {
    let mut all: Vec<GameAlgorithm> = GameAlgorithm::ALL
        .into_iter()
        .filter(|a| a.proves_value())
        .collect();
    for w in [1, 3, 50] {
        all.push(format!("alphabeta:aspiration={w}").parse().unwrap());
    }
    all
}

fn check<G: Game>(game: &G, root: &G::State, eval: &dyn Fn(&G::State) -> Value, what: &str) {
    for depth in [None, Some(1u32), Some(3)] {
        let mut limits = Limits::none();
        if let Some(d) = depth {
            limits = limits.with_max_cost(u64::from(d));
        }
        let exact = minimax(game, root, &eval, &limits).outcome.value();
        for algo in solvers() {
            for (table, iterative) in [(true, false), (true, true), (false, true)] {
                let config = AlphaBetaConfig::new()
                    .with_limits(limits.clone())
                    .with_table(table)
                    .with_iterative(iterative);
                let got = algo.run(game, root, &eval, &config).value();
                assert_eq!(
                    got, exact,
                    "{what}: {algo} (table {table}, iterative {iterative}, depth {depth:?})"
                );
            }
        }
    }
}

#[test]
fn every_solver_and_aspiration_window_gives_minimax_value_on_random_games() {
    for seed in 0..60 {
        let tree = random_tree(seed, 300, 8, 20);
        check(&tree, &0, &tree.eval(), &format!("tree {seed}"));
        let dag = random_dag(seed, 6, 5, 30);
        check(&dag, &0, &dag.eval(), &format!("dag {seed}"));
    }
}

#[test]
fn aspiration_windows_keep_the_value_of_tic_tac_toe_positions() {
    let game = Ttt::new(3, 3);
    let eval = open_lines(&game);
    let mut rng = SplitMix64::new(16);
    for stones in 0..6 {
        for _ in 0..3 {
            if let Some(s) = game.random_position(&mut rng, stones) {
                check(&game, &s, &eval, &format!("3x3 with {stones} stones"));
            }
        }
    }
}

#[test]
fn aspiration_and_mcts_names_round_trip_and_bad_settings_are_named() {
    let a: GameAlgorithm = "alphabeta:aspiration=7".parse().unwrap();
    assert_eq!(a, GameAlgorithm::Alphabeta(Some(7)));
    assert_eq!(a.to_string(), "alphabeta:aspiration=7");
    assert_eq!(a.base(), GameAlgorithm::Alphabeta(None));
    let m: Algorithm = "mcts:playouts=300,c=0.5,seed=9,rollout=greedy,random=25"
        .parse()
        .unwrap();
    let Algorithm::Game(GameAlgorithm::Mcts(p)) = m else {
        panic!("{m:?}")
    };
    assert_eq!((p.playouts.get(), p.exploration, p.seed), (300, 0.5, 9));
    assert_eq!(p.rollout, Rollout::Greedy { random_percent: 25 });
    assert_eq!(m.to_string().parse::<Algorithm>(), Ok(m));
    assert_eq!(
        m.base(),
        Algorithm::Game(GameAlgorithm::Mcts(MctsParams::DEFAULT))
    );
    assert!(!m.proves_answer());
    for bad in [
        "alphabeta:aspiration=0",
        "alphabeta:aspiration=x",
        "alphabeta:depth=3",
        "mcts:playouts=0",
        "mcts:c=-1",
        "mcts:c=nan",
        "mcts:seed=-1",
        "mcts:rollout=smart",
        "mcts:random=10",
        "mcts:rollout=greedy,random=101",
        "mcts:depth=2",
        "mcts:playouts",
        "pvs:aspiration=3",
    ] {
        let e = bad.parse::<Algorithm>().unwrap_err().to_string();
        assert!(e.contains(bad), "{bad}: {e}");
    }
}

#[test]
fn mcts_answers_a_chosen_move_deterministically_for_a_seed() {
    let game = Ttt::new(3, 3);
    let eval = open_lines(&game);
    // x to move with two in a row: the winning square is the one to find.
    let root = game.parse("xx./oo./...");
    let show = |m: &<Ttt as Game>::Move| format!("{m:?}");
    for rollout in ["random", "greedy"] {
        let algo: GameAlgorithm = format!("mcts:playouts=2000,seed=5,rollout={rollout}")
            .parse()
            .unwrap();
        let GameAlgorithm::Mcts(p) = algo else {
            unreachable!()
        };
        let run = || {
            let mut a = mcts_answer(&game, &root, &eval, &p, &Limits::none(), show);
            a.stats.elapsed = Default::default(); // the one thing a clock decides
            a
        };
        let (a, again) = (run(), run());
        assert_eq!(a, again, "{rollout}: the same seed, the same answer");
        assert_eq!(a.status, Status::Chosen);
        assert_eq!((a.key.as_deref(), a.length.as_deref()), (None, None));
        assert_eq!(a.stats.expanded, 2000, "nodes = playouts");
        assert!(a.lines[0].contains("MCTS does not prove a value"), "{a:?}");
        // The chosen move is the winning one (row 0, column 2).
        let mut moves = Vec::new();
        game.moves(&root, &mut moves);
        let win = moves
            .iter()
            .find(|m| {
                let next = game.play(&root, m);
                game.terminal_value(&next).is_some_and(|v| v > 0)
            })
            .unwrap();
        assert_eq!(a.moves, Some(show(win)), "{rollout}");
        // Every root move's visits are listed and add up to the playouts.
        let visits = a.fields.iter().find(|(k, _)| *k == "visits").unwrap();
        let searchlab_toolkit::Field::List(v) = &visits.1 else {
            panic!()
        };
        assert_eq!(v.len(), moves.len());
    }
    // A node limit below the playouts cuts the run short, and says so.
    let p = MctsParams::DEFAULT;
    let a = mcts_answer(
        &game,
        &root,
        &eval,
        &p,
        &Limits::none().with_max_expanded(10),
        show,
    );
    assert_eq!((a.status, a.stats.expanded), (Status::Chosen, 10));
    assert!(
        a.lines.iter().any(|l| l.contains("after 10 of 1000")),
        "{a:?}"
    );
    // A limit of no playout at all is a stopped search.
    let a = mcts_answer(
        &game,
        &root,
        &eval,
        &p,
        &Limits::none().with_max_expanded(0),
        show,
    );
    assert!(matches!(a.status, Status::Stopped(_)), "{a:?}");
    // A different seed may choose differently but plays as many playouts.
    let other = MctsParams { seed: 6, ..p };
    let a = mcts_answer(&game, &root, &eval, &other, &Limits::none(), show);
    assert_eq!(a.stats.expanded, 1000);
}

#[test]
fn mcts_settings_that_the_search_refuses_are_an_answer_not_a_panic() {
    let game = Ttt::new(3, 3);
    let eval = open_lines(&game);
    let p = MctsParams {
        exploration: -1.0,
        ..MctsParams::DEFAULT
    };
    let a = mcts_answer(&game, &game.parse("..."), &eval, &p, &Limits::none(), |m| {
        format!("{m:?}")
    });
    assert_eq!(a.key, None);
    assert!(a.lines[0].starts_with("refused:"), "{a:?}");
}

/// The library's one entry point never panics: `run` gives a solver's value, MCTS's chosen
/// move with its visits (the same as `MctsParams::run`), or MCTS's refusal of settings a
/// library user built by hand.
#[test]
fn run_answers_every_algorithm_without_panicking() {
    use searchlab_toolkit::{GameRun, MctsError};
    let game = Ttt::new(3, 3);
    let eval = open_lines(&game);
    let root = game.parse("xx./oo./...");
    let config = AlphaBetaConfig::new();
    let exact = minimax(&game, &root, &eval, &Limits::none())
        .outcome
        .value();
    for algo in GameAlgorithm::ALL {
        match (algo.solver(), algo.run(&game, &root, &eval, &config)) {
            (Ok(solver), GameRun::Solved(run)) => {
                assert_eq!(run.outcome.value(), exact, "{algo}");
                assert_eq!(GameAlgorithm::from(solver), algo);
                assert_eq!(solver.to_string(), algo.to_string());
            }
            (Err(params), GameRun::Chosen(run)) => {
                let direct = params.run(&game, &root, &eval, &Limits::none()).unwrap();
                assert_eq!(run.best, Some(2), "the winning square");
                assert_eq!(run.best, direct.best);
                assert_eq!(run.root_moves, direct.root_moves);
                assert_eq!(run.playouts, params.playouts.get());
                assert_eq!(run.stats.expanded, direct.stats.expanded);
            }
            (solver, run) => panic!("{algo}: {solver:?} but {run:?}"),
        }
    }
    assert_eq!(
        GameAlgorithm::Pvs.run(&game, &root, &eval, &config).value(),
        exact
    );
    let mut bad = MctsParams::DEFAULT;
    bad.exploration = -1.0;
    let run = GameAlgorithm::Mcts(bad).run(&game, &root, &eval, &config);
    assert!(matches!(
        run,
        GameRun::Refused(MctsError::BadExploration(_))
    ));
    assert!(run.value().is_none() && run.stats().is_none());
}
