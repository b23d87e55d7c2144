//! The core's new game solvers on the real problem crates (they live here, not in the core's
//! tests, because the problem crates depend on the core): principal variation search against
//! Triangle War's exhaustive retrograde table and against alpha-beta on the 4 x 4 tic-tac-toe
//! positions of `puzzles/tictactoe/`; MCTS and a match on Triangle War, whose extra turns
//! break every alternation assumption, with the retrograde table as the perfect oracle.

use searchlab_tictactoe::{Board, MoveOrder as TttOrder, parse_input, poj1568_game};
use searchlab_toolkit::matchplay::{
    MatchConfig, MctsStrategy, Openings, RandomStrategy, SolverStrategy, play_match,
};
use searchlab_toolkit::{
    AlphaBeta, AlphaBetaConfig, Game, Limits, MctsConfig, Pvs, PvsConfig, SplitMix64, Value, mcts,
};
use searchlab_triangle::exhaustive::Table;
use searchlab_triangle::{MoveOrder, Position, Segment, TriangleWar};

fn random_position(rng: &mut SplitMix64, len: usize) -> Position {
    let mut segments = Segment::ALL;
    rng.shuffle(&mut segments);
    Position::replay(&segments[..len]).expect("distinct segments replay")
}

const SETTINGS: [TriangleWar; 4] = [
    TriangleWar {
        order: MoveOrder::Index,
        symmetry: false,
    },
    TriangleWar {
        order: MoveOrder::Index,
        symmetry: true,
    },
    TriangleWar {
        order: MoveOrder::Greedy,
        symmetry: false,
    },
    TriangleWar {
        order: MoveOrder::Greedy,
        symmetry: true,
    },
];

#[test]
fn pvs_agrees_with_the_triangle_war_table() {
    let table = Table::build();
    let mut rng = SplitMix64::new(16);
    let no_eval = |_: &Position| 0;
    // One searcher per setting, kept across positions (scores differ, keys are shared).
    let mut shared: Vec<Pvs<TriangleWar>> = SETTINGS
        .iter()
        .map(|_| Pvs::new(PvsConfig::new()))
        .collect();
    for round in 0..300 {
        let len = 4 + rng.below(15) as usize; // 4..=18 segments drawn
        let p = random_position(&mut rng, len);
        let want = table.final_margin(&p);
        for (game, search) in SETTINGS.iter().zip(&mut shared) {
            let got = search.search(game, &p, &no_eval).outcome.value();
            assert_eq!(got, Some(want), "round {round} {game:?} {p:?}");
            if len >= 9 {
                // Without a table (exponential, so only late positions).
                let plain = Pvs::new(PvsConfig::new().with_table(false)).search(game, &p, &no_eval);
                assert_eq!(plain.outcome.value(), Some(want), "no table, round {round}");
            }
            // Depth-limited PVS equals depth-limited alpha-beta with an evaluator.
            let eval = |s: &Position| s.margin();
            let depth = 1 + rng.below(4) as u32;
            let ab =
                AlphaBeta::new(AlphaBetaConfig::new().with_depth(depth)).search(game, &p, &eval);
            let pv = Pvs::new(PvsConfig::new().with_depth(depth)).search(game, &p, &eval);
            assert_eq!(
                pv.outcome.value(),
                ab.outcome.value(),
                "depth {depth} round {round}"
            );
        }
    }
}

#[test]
fn pvs_solves_the_empty_triangle_war_board() {
    // With perfect play the second player wins 6-3 (the retrograde table's answer).
    let run = searchlab_toolkit::pvs(
        &TriangleWar::default(),
        &Position::start(),
        &|_: &Position| 0,
        &Limits::none(),
    );
    assert_eq!(run.outcome.value(), Some(-3));
    assert_eq!(
        run.outcome.value(),
        Some(Table::build().final_margin(&Position::start()))
    );
}

#[test]
fn pvs_agrees_with_alphabeta_on_4x4_positions() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/tictactoe/");
    let text = std::fs::read_to_string(format!("{dir}positions.in")).expect("positions.in");
    let boards: Vec<Board> = parse_input(&text)
        .into_iter()
        .map(|c| c.expect("valid cases"))
        .collect();
    assert!(boards.len() >= 10);
    let no_eval = |_: &Board| 0;
    for order in [TttOrder::Threats, TttOrder::RowMajor] {
        for symmetric in [true, false] {
            let game = poj1568_game()
                .with_order(order)
                .with_symmetric_keys(symmetric);
            let mut ab = AlphaBeta::new(AlphaBetaConfig::new());
            let mut pv = Pvs::new(PvsConfig::new());
            for b in &boards {
                let want = ab.search(&game, b, &no_eval).outcome.value();
                assert!(want.is_some());
                assert_eq!(pv.search(&game, b, &no_eval).outcome.value(), want, "{b:?}");
            }
        }
    }
    // And the empty 4 x 4 board is a draw for PVS too.
    let run = searchlab_toolkit::pvs(&poj1568_game(), &Board::EMPTY, &no_eval, &Limits::none());
    assert_eq!(run.outcome.value(), Some(0));
}

#[test]
fn mcts_plays_optimal_legal_moves_in_late_triangle_war_positions() {
    let game = TriangleWar::default();
    let table = Table::build();
    // A position where a triangle is free for the mover: MCTS with enough playouts takes a
    // move that keeps the best value (the exhaustive table says which do).
    let mut rng = SplitMix64::new(3);
    let mut checked = 0;
    while checked < 10 {
        let len = 10 + rng.below(5) as usize;
        let p = random_position(&mut rng, len);
        if p.is_over() || !p.undrawn().any(|s| s.completes(p.drawn()) > 0) {
            continue;
        }
        let run = mcts(
            &game,
            &p,
            &|_: &Position| 0,
            &MctsConfig::new().with_seed(checked).with_value_range(-9, 9),
            &Limits::none().with_max_expanded(20_000),
        )
        .unwrap();
        let best = run.best.expect("the game goes on");
        let mut legal = Vec::new();
        game.moves(&p, &mut legal);
        assert!(legal.contains(&best));
        let values: Vec<Value> = legal.iter().map(|&s| table.move_value(&p, s)).collect();
        let optimum = if p.to_move() == searchlab_triangle::Side::A {
            *values.iter().max().unwrap()
        } else {
            *values.iter().min().unwrap()
        };
        // Late Triangle War positions are small: 20,000 playouts see them almost whole.
        assert_eq!(table.move_value(&p, best), optimum, "{p:?}");
        checked += 1;
    }
}

#[test]
fn a_triangle_war_match_with_the_exhaustive_oracle() {
    let game = TriangleWar::default();
    let table = Table::build();
    let mut oracle = |p: &Position| table.final_margin(p);
    let mut a = SolverStrategy::pvs("pvs", PvsConfig::new(), |_: &Position| 0);
    let mut b = MctsStrategy::new(
        "mcts:1000",
        MctsConfig::new().with_value_range(-9, 9),
        Limits::none().with_max_expanded(1000),
        |_: &Position| 0,
    );
    let mut c = RandomStrategy::new(4);
    let config = MatchConfig::new(8)
        .with_openings(Openings::Random { plies: 3 })
        .with_seed(2);
    let r = play_match(
        &game,
        &Position::start(),
        &mut a,
        &mut c,
        &config,
        Some(&mut oracle),
    )
    .unwrap();
    assert_eq!(r.a.accuracy.unwrap().share(), 1.0, "{r}");
    assert!(r.b.accuracy.unwrap().share() < 1.0, "{r}");
    assert_eq!(r.losses, 0, "{r}");
    let r2 = play_match(
        &game,
        &Position::start(),
        &mut b,
        &mut c,
        &config,
        Some(&mut oracle),
    )
    .unwrap();
    let r3 = play_match(
        &game,
        &Position::start(),
        &mut b,
        &mut c,
        &config,
        Some(&mut oracle),
    )
    .unwrap();
    assert_eq!(r2.games, r3.games, "seeded matches repeat");
    assert!(r2.score > 4.0, "{r2}");
    // Each game's record replays to its final margin.
    for g in &r2.games {
        let p = Position::replay(&g.moves).unwrap();
        assert!(p.is_over());
        assert_eq!(p.margin(), g.value);
    }
}
