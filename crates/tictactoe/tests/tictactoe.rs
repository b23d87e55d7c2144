//! Tic-tac-toe against independent oracles: the classic counts, plain minimax, and an
//! exhaustive memoised solver written here (no pruning, so no window subtleties).

use rustc_hash::FxHashMap;
use searchlab_core::{
    AlphaBeta, AlphaBetaConfig, Game, Limits, Player, SplitMix64, Value, minimax,
};
use searchlab_tictactoe::{
    Board, Geometry, Goal, MoveOrder, Scoring, SeedEval, Side, Square, TicTacToe, WIN, count_games,
    count_positions, first_winning_move, parse_input, perft, poj1568_game, searcher,
};

fn no_eval(_: &Board) -> Value {
    0
}

/// Exact result for x (+1 win, 0 draw, -1 loss) of every position, memoised, no pruning.
struct Exhaustive {
    geometry: Geometry,
    memo: FxHashMap<Board, i8>,
}

impl Exhaustive {
    fn new(geometry: Geometry) -> Self {
        Exhaustive {
            geometry,
            memo: FxHashMap::default(),
        }
    }
    fn value(&mut self, b: &Board) -> i8 {
        if let Some(&v) = self.memo.get(b) {
            return v;
        }
        let v = match self.geometry.winner(b) {
            Some(Side::X) => 1,
            Some(Side::O) => -1,
            None if (b.x | b.o) == self.geometry.full() => 0,
            None => {
                let side = b.to_move();
                let mut empty = !(b.x | b.o) & self.geometry.full();
                let mut best = if side == Side::X { -2 } else { 2 };
                while empty != 0 {
                    let bit = empty.trailing_zeros();
                    empty &= empty - 1;
                    let v = self.value(&b.with(side, bit));
                    best = if side == Side::X {
                        best.max(v)
                    } else {
                        best.min(v)
                    };
                }
                best
            }
        };
        self.memo.insert(*b, v);
        v
    }
    /// First square (row-major) after which x's value is a win.
    fn first_win(&mut self, b: &Board) -> Option<Square> {
        let mut empty = !(b.x | b.o) & self.geometry.full();
        while empty != 0 {
            let bit = empty.trailing_zeros();
            empty &= empty - 1;
            if self.value(&b.with(Side::X, bit)) == 1 {
                return Some(self.geometry.square(bit));
            }
        }
        None
    }
}

/// A random unfinished position with `stones` stones, reached by random play.
fn random_position(geometry: &Geometry, rng: &mut SplitMix64, stones: u32) -> Option<Board> {
    let mut b = Board::EMPTY;
    for _ in 0..stones {
        let empty = !(b.x | b.o) & geometry.full();
        let mut choices: Vec<u32> = (0..64).filter(|i| empty >> i & 1 == 1).collect();
        rng.shuffle(&mut choices);
        b = b.with(b.to_move(), choices[0]);
        if geometry.is_over(&b) {
            return None;
        }
    }
    Some(b)
}

#[test]
fn perft_counts_of_3x3() {
    let g = Geometry::new(3, 3).unwrap();
    let counts: Vec<u64> = (0..=9)
        .map(|d| perft(&g, &Board::EMPTY, d, false))
        .collect();
    assert_eq!(
        counts,
        [1, 9, 72, 504, 3024, 15120, 60480, 181440, 362880, 362880]
    );
    assert_eq!(count_games(&g, &Board::EMPTY), 255_168);
    assert_eq!(count_positions(&g, &Board::EMPTY), 5_478);
    // Stopping at wins, the first wins appear at depth 5 (x's third stone).
    assert_eq!(perft(&g, &Board::EMPTY, 5, true), 15120);
    assert!(perft(&g, &Board::EMPTY, 6, true) < 60480);
}

#[test]
#[ignore = "about 4 s on the 2-core machine (9.7 million positions in hash sets); run with --include-ignored"]
fn reachable_positions_of_4x4() {
    let g = Geometry::new(4, 4).unwrap();
    assert_eq!(count_positions(&g, &Board::EMPTY), 9_722_011);
}

#[test]
fn perfect_play_3x3_is_a_draw_and_alphabeta_agrees_with_minimax_everywhere() {
    let game = TicTacToe::new(Geometry::new(3, 3).unwrap());
    let plain = minimax(&game, &Board::EMPTY, &no_eval, &Limits::none());
    assert_eq!(plain.outcome.value(), Some(0));
    let mut rng = SplitMix64::new(3);
    for i in 0..200 {
        let stones = 2 + rng.below(6) as u32;
        let Some(b) = random_position(game.geometry(), &mut rng, stones) else {
            continue;
        };
        for order in [MoveOrder::RowMajor, MoveOrder::Threats] {
            let game = game.clone().with_order(order);
            let oracle = minimax(&game, &b, &no_eval, &Limits::none());
            let oracle = oracle.outcome.solution().unwrap();
            let best: Vec<Square> = oracle
                .root_moves
                .iter()
                .filter(|m| m.value == oracle.value)
                .map(|m| m.mv)
                .collect();
            for table in [false, true] {
                let mut search = AlphaBeta::new(
                    AlphaBetaConfig::new()
                        .with_table(table)
                        .with_iterative(i % 2 == 0)
                        .with_value_range(-WIN, WIN),
                );
                let run = search.search(&game, &b, &no_eval);
                let answer = run.outcome.solution().unwrap();
                assert_eq!(answer.value, oracle.value, "{}", game.geometry().format(&b));
                assert!(best.contains(&answer.best.unwrap()));
            }
        }
    }
}

#[test]
fn depth_limited_search_with_the_seed_evaluation_matches_minimax() {
    let game = TicTacToe::new(Geometry::new(3, 3).unwrap());
    let mut rng = SplitMix64::new(11);
    for _ in 0..300 {
        let stones = rng.below(6) as u32;
        let Some(b) = random_position(game.geometry(), &mut rng, stones) else {
            continue;
        };
        let depth = 1 + rng.below(5) as u32;
        let oracle = minimax(
            &game,
            &b,
            &SeedEval,
            &Limits::none().with_max_cost(u64::from(depth)),
        );
        let oracle = oracle.outcome.solution().unwrap();
        for iterative in [false, true] {
            let mut search = AlphaBeta::new(
                AlphaBetaConfig::new()
                    .with_depth(depth)
                    .with_iterative(iterative)
                    .with_value_range(-WIN, WIN),
            );
            let run = search.search(&game, &b, &SeedEval);
            assert_eq!(run.outcome.value(), Some(oracle.value));
        }
    }
}

#[test]
fn seed_evaluation_plays_sensibly_at_shallow_depth() {
    let game = TicTacToe::new(Geometry::new(3, 3).unwrap());
    let best = |text: &str, depth: Option<u32>| {
        let b = game.geometry().parse(text).unwrap();
        let mut config = AlphaBetaConfig::new().with_value_range(-WIN, WIN);
        if let Some(d) = depth {
            config = config.with_depth(d);
        }
        let max = game.clone().with_max(b.to_move());
        AlphaBeta::new(config)
            .search(&max, &b, &SeedEval)
            .outcome
            .solution()
            .unwrap()
            .best
            .unwrap()
            .to_string()
    };
    assert_eq!(best(".../.../...", Some(1)), "(1,1)"); // the centre, from the opening table
    assert_eq!(best("xx./oo./...", Some(1)), "(0,2)"); // take the win
    assert_eq!(best("oo./x../..x", Some(2)), "(0,2)"); // x blocks
    // Perfect play: against opposite corners o must take an edge; a corner loses.
    assert_eq!(best("x../.o./..x", None), "(0,1)");
}

#[test]
fn perfect_players_draw_and_never_lose_to_random_play() {
    let game = TicTacToe::new(Geometry::new(3, 3).unwrap());
    let mut rng = SplitMix64::new(5);
    for round in 0..60 {
        // The perfect side alternates; the other plays at random.
        let perfect = if round % 2 == 0 { Side::X } else { Side::O };
        let mut b = Board::EMPTY;
        while !game.geometry().is_over(&b) {
            let mover = b.to_move();
            let mut moves = Vec::new();
            game.moves(&b, &mut moves);
            let mv = if mover == perfect || round < 4 {
                let g = game.clone().with_max(mover);
                let mut s = AlphaBeta::new(AlphaBetaConfig::new().with_value_range(-WIN, WIN));
                s.search(&g, &b, &no_eval)
                    .outcome
                    .solution()
                    .unwrap()
                    .best
                    .unwrap()
            } else {
                moves[rng.below(moves.len() as u64) as usize]
            };
            b = game.play(&b, &mv);
        }
        let winner = game.geometry().winner(&b);
        if round < 4 {
            assert_eq!(winner, None, "perfect against perfect is a draw");
        } else {
            assert_ne!(winner, Some(perfect.other()), "perfect play never loses");
        }
    }
}

#[test]
fn poj1568_sample() {
    let input = include_str!("../../../puzzles/tictactoe/poj1568.in");
    let expected = include_str!("../../../puzzles/tictactoe/poj1568.out");
    let game = poj1568_game();
    let mut search = searcher(Limits::none());
    let mut out = String::new();
    for case in parse_input(input) {
        match first_winning_move(&mut search, &game, &case.unwrap()).unwrap() {
            Some(sq) => out.push_str(&format!("{sq}\n")),
            None => out.push_str("#####\n"),
        }
    }
    assert_eq!(out, expected);
}

#[test]
fn empty_4x4_is_a_draw() {
    let game = poj1568_game();
    let mut search = searcher(Limits::none());
    let run = search.search(&game, &Board::EMPTY, &no_eval);
    let answer = run.outcome.solution().unwrap();
    assert_eq!(answer.value, 0);
    assert!(answer.complete);
    assert_eq!(
        first_winning_move(&mut search, &game, &Board::EMPTY).unwrap(),
        None
    );
}

#[test]
#[ignore = "about 10 s: an exhaustive memo of all 9.7 million 4x4 positions; the bench proves the draw fast"]
fn empty_4x4_exhaustive_oracle() {
    let mut oracle = Exhaustive::new(Geometry::new(4, 4).unwrap());
    assert_eq!(oracle.value(&Board::EMPTY), 0);
}

#[test]
fn poj1568_agrees_with_the_exhaustive_solver_on_many_stones() {
    let game = poj1568_game();
    let mut oracle = Exhaustive::new(game.geometry().clone());
    let mut search = searcher(Limits::none());
    let mut rng = SplitMix64::new(1568);
    let (mut wins, mut checked) = (0, 0);
    while checked < 400 {
        let stones = 2 * (3 + rng.below(4) as u32); // 6..12 stones, x to move
        let Some(b) = random_position(game.geometry(), &mut rng, stones) else {
            continue;
        };
        checked += 1;
        let expected = oracle.first_win(&b);
        wins += usize::from(expected.is_some());
        let got = first_winning_move(&mut search, &game, &b).unwrap();
        assert_eq!(got, expected, "{}", game.geometry().format(&b));
        // Exact values too, with and without symmetric keys and in row-major order.
        for game in [
            game.clone(),
            game.clone()
                .with_symmetric_keys(false)
                .with_order(MoveOrder::RowMajor),
        ] {
            let mut s = searcher(Limits::none());
            let v = s.search(&game, &b, &no_eval).outcome.value().unwrap();
            assert_eq!(v, Value::from(oracle.value(&b)) * WIN);
        }
    }
    assert!(wins > 20 && wins < 380, "a mix of answers: {wins} wins");
}

/// Seed 002: can `side` (to move) force `goal`? By brute force, for the goal tests.
fn can_force(geometry: &Geometry, b: &Board, side: Side, goal: Goal) -> bool {
    if geometry.is_over(b) {
        let w = geometry.winner(b);
        return match goal {
            Goal::Win => w == Some(side),
            Goal::Lose => w == Some(side.other()),
            Goal::Draw => w.is_none(),
        };
    }
    let mover = b.to_move();
    let mut empty = !(b.x | b.o) & geometry.full();
    let mut results = Vec::new();
    while empty != 0 {
        let bit = empty.trailing_zeros();
        empty &= empty - 1;
        results.push(can_force(geometry, &b.with(mover, bit), side, goal));
    }
    if mover == side {
        results.iter().any(|&r| r)
    } else {
        results.iter().all(|&r| r)
    }
}

#[test]
fn goals_match_brute_force_and_are_not_each_others_negation() {
    let geometry = Geometry::new(3, 3).unwrap();
    let mut rng = SplitMix64::new(2);
    let mut o_lose_differs_from_x_win = false;
    for _ in 0..300 {
        let stones = 2 + rng.below(5) as u32;
        let Some(b) = random_position(&geometry, &mut rng, stones) else {
            continue;
        };
        let side = b.to_move();
        for goal in [Goal::Win, Goal::Lose, Goal::Draw] {
            let game = TicTacToe::new(geometry.clone())
                .with_max(side)
                .with_scoring(Scoring::Goal(goal));
            let mut s = AlphaBeta::new(AlphaBetaConfig::new().with_value_range(-WIN, WIN));
            let v = s.search(&game, &b, &no_eval).outcome.value().unwrap();
            assert_eq!(v == WIN, can_force(&geometry, &b, side, goal));
            assert_eq!(game.to_move(&b), Player::Max);
        }
        if side == Side::O {
            let o_lose = can_force(&geometry, &b, Side::O, Goal::Lose);
            let x_win = can_force(&geometry, &b, Side::X, Goal::Win);
            o_lose_differs_from_x_win |= o_lose != x_win;
        }
    }
    assert!(
        o_lose_differs_from_x_win,
        "seed 002: 'o can force a loss' != 'x can force a win'"
    );
}

/// Issue 13: `solve tictactoe --depth 20` reported depth 20 reached on a 3 x 3 board, where at
/// most 9 plies exist. The depth reached is the core's: the limit, capped by the deepest ply
/// any line reached.
#[test]
fn depth_reached_never_exceeds_the_plies_left() {
    let game = TicTacToe::new(Geometry::new(3, 3).unwrap());
    for iterative in [false, true] {
        let mut search = AlphaBeta::new(
            AlphaBetaConfig::new()
                .with_limits(Limits::none().with_max_cost(20))
                .with_iterative(iterative)
                .with_value_range(-WIN, WIN),
        );
        let run = search.search(&game, &Board::EMPTY, &SeedEval);
        assert_eq!(run.outcome.value(), Some(0));
        assert!(
            run.stats.depth_reached <= 9,
            "iterative {iterative}: depth {} reached on a 3x3 board",
            run.stats.depth_reached
        );
    }
}
