//! Connect Four through the core: Pons' test sets, plain minimax on small endgames, the
//! columns of `--all-moves`, the weak mode, other board sizes, the generator and the limits.

use searchlab_connect4::{
    Board, Connect4, Position, Rules, SolveError, SolveOptions, Solver, TestCase, describe_score,
    parse_test_line,
};
use searchlab_core::{
    AlphaBeta, AlphaBetaConfig, LimitKind, Limits, Narrowing, SplitMix64, Value, minimax, mtdf,
};

const TABLE: usize = 16 << 20;

fn load(name: &str) -> Vec<TestCase> {
    let path = format!(
        "{}/../../puzzles/connect4/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let game = Connect4::standard();
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            parse_test_line(&game, line).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1))
        })
        .collect()
}

/// Solves every `step`-th case (from a cold table each time) and checks the scores.
fn check_set(name: &str, step: usize) {
    let cases = load(name);
    assert_eq!(cases.len(), 1000, "{name}");
    let mut solver = Solver::new(Connect4::standard(), TABLE);
    for (i, case) in cases.iter().enumerate().step_by(step) {
        solver.reset();
        let score = solver
            .score_only(&case.position, &SolveOptions::default())
            .unwrap();
        assert_eq!(score, case.score, "{name}:{}: {}", i + 1, case.moves);
    }
}

#[test]
fn every_position_of_test_l3_r1() {
    check_set("Test_L3_R1", 1);
}

#[test]
fn every_position_of_test_l2_r1() {
    check_set("Test_L2_R1", 1);
}

#[test]
fn every_position_of_test_l1_r1() {
    check_set("Test_L1_R1", 1);
}

#[test]
fn a_sample_of_test_l2_r2() {
    check_set("Test_L2_R2", 10);
}

#[test]
fn a_sample_of_test_l1_r2() {
    check_set("Test_L1_R2", 200);
}

/// All 1,000 of the medium sets (minutes): `cargo test -p searchlab-connect4 --release --
/// --ignored`.
#[test]
#[ignore]
fn every_position_of_test_l2_r2() {
    check_set("Test_L2_R2", 1);
}

/// See [`every_position_of_test_l2_r2`].
#[test]
#[ignore]
fn every_position_of_test_l1_r2() {
    check_set("Test_L1_R2", 1);
}

/// The score of `pos` for its mover by plain minimax over the rules alone (no shortcuts, no
/// table, no pruning).
fn minimax_score(board: &Board, pos: &Position) -> Value {
    let plain = Connect4::new(board.clone(), Rules::Plain);
    let value = minimax(&plain, pos, &|_: &Position| 0, &Limits::none())
        .outcome
        .value()
        .unwrap();
    plain.to_value(pos, value)
}

/// Random non-terminal positions with at most `empty` empty cells.
fn random_endgames(board: &Board, count: usize, empty: u32, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::default();
        let target = board.cells() - empty + rng.below(u64::from(empty)) as u32;
        while pos.stones() < target {
            let cols: Vec<u8> = (0..board.width() as u8)
                .filter(|&c| board.can_play(&pos, c) && !board.last_move_won(&board.play(&pos, c)))
                .collect();
            if cols.is_empty() {
                break;
            }
            pos = board.play(&pos, cols[rng.below(cols.len() as u64) as usize]);
        }
        if pos.stones() == target {
            out.push(pos);
        }
    }
    out
}

#[test]
fn alphabeta_equals_plain_minimax_with_twelve_or_fewer_empty_cells() {
    let board = Board::standard();
    let shortcuts = Connect4::standard();
    let plain = Connect4::new(board.clone(), Rules::Plain);
    // From the end-game test set, and random positions.
    let mut positions: Vec<Position> = load("Test_L3_R1")
        .iter()
        .filter(|c| c.position.stones() >= 30)
        .take(40)
        .map(|c| c.position)
        .collect();
    positions.extend(random_endgames(&board, 40, 12, 15));
    let mut solver = Solver::new(shortcuts.clone(), TABLE);
    for pos in &positions {
        let oracle = minimax_score(&board, pos);
        // The solver (shortcuts, fixed table, bisection).
        let got = solver.score_only(pos, &SolveOptions::default()).unwrap();
        assert_eq!(got, oracle, "{pos:?}");
        // Alpha-beta over the plain rules with a full window, and MTD(f) over them.
        let run = AlphaBeta::new(AlphaBetaConfig::new()).search(&plain, pos, &|_: &Position| 0);
        assert_eq!(plain.to_value(pos, run.outcome.value().unwrap()), oracle);
        let mut search = AlphaBeta::new(AlphaBetaConfig::new().with_value_range(-22, 22));
        let m = plain.max_score();
        let run = mtdf(
            &mut search,
            &plain,
            pos,
            &|_: &Position| 0,
            (-m, m),
            Narrowing::Mtdf { guess: 0 },
        );
        assert_eq!(plain.to_value(pos, run.outcome.value().unwrap()), oracle);
        // Iterative deepening with aspiration windows over the shortcut rules.
        let config = AlphaBetaConfig::new()
            .with_value_range(-m, m)
            .with_iterative(true)
            .with_aspiration(Some(2));
        let run = AlphaBeta::new(config).search(&shortcuts, pos, &|_: &Position| 0);
        assert_eq!(
            shortcuts.to_value(pos, run.outcome.value().unwrap()),
            oracle
        );
    }
}

#[test]
fn other_board_sizes_agree_with_minimax() {
    // 8 x 7 fills all 64 bits; 6 x 7 and 5 x 4 are other shapes; 4 x 4 is tiny.
    for (w, h, empty) in [(8, 7, 11), (6, 7, 12), (5, 4, 12), (4, 4, 12)] {
        let board = Board::new(w, h).unwrap();
        let game = Connect4::new(board.clone(), Rules::Shortcuts);
        let mut solver = Solver::new(game, TABLE);
        for pos in random_endgames(&board, 25, empty, u64::from(w * 10 + h)) {
            let oracle = minimax_score(&board, &pos);
            let got = solver.score_only(&pos, &SolveOptions::default()).unwrap();
            assert_eq!(got, oracle, "{w}x{h}\n{}", board.render(&pos));
        }
    }
}

#[test]
fn all_moves_agree_with_solving_each_child() {
    let game = Connect4::standard();
    let board = game.board().clone();
    let cases = load("Test_L2_R1");
    let mut solver = Solver::new(game.clone(), TABLE);
    let mut fresh = Solver::new(game.clone(), TABLE);
    for case in cases.iter().step_by(50) {
        let pos = &case.position;
        let all = SolveOptions {
            all_moves: true,
            ..SolveOptions::default()
        };
        let answer = solver.solve(pos, &all).unwrap();
        assert_eq!(answer.score, case.score);
        assert_eq!(answer.columns.len(), board.width() as usize);
        let mut best_seen = Value::MIN;
        for (i, col_score) in answer.columns.iter().enumerate() {
            let col = i as u8;
            if !board.can_play(pos, col) {
                assert_eq!(*col_score, None);
                continue;
            }
            let child = board.play(pos, col);
            fresh.reset();
            let child_score = fresh.score_only(&child, &SolveOptions::default()).unwrap();
            assert_eq!(
                *col_score,
                Some(-child_score),
                "{} column {}",
                case.moves,
                i + 1
            );
            best_seen = best_seen.max(-child_score);
        }
        assert_eq!(best_seen, answer.score, "{}", case.moves);
        let best: Vec<u32> = (0..board.width())
            .filter(|&c| answer.columns[c as usize] == Some(answer.score))
            .map(|c| c + 1)
            .collect();
        assert_eq!(answer.best, best);
        // Without --all-moves: the same best columns, no column scores.
        let plain = solver.solve(pos, &SolveOptions::default()).unwrap();
        assert_eq!((plain.score, &plain.best), (answer.score, &best));
        assert!(plain.columns.is_empty());
        // Weak: the signs.
        let weak = SolveOptions {
            weak: true,
            all_moves: true,
            ..SolveOptions::default()
        };
        let w = solver.solve(pos, &weak).unwrap();
        assert_eq!(w.score, answer.score.signum());
        let signs: Vec<Option<Value>> = answer
            .columns
            .iter()
            .map(|c| c.map(Value::signum))
            .collect();
        assert_eq!(w.columns, signs);
    }
}

#[test]
fn weak_mode_gives_the_sign() {
    let mut solver = Solver::new(Connect4::standard(), TABLE);
    let weak = SolveOptions {
        weak: true,
        ..SolveOptions::default()
    };
    for case in load("Test_L2_R1").iter().step_by(25) {
        let answer = solver.solve(&case.position, &weak).unwrap();
        assert_eq!(answer.score, case.score.signum(), "{}", case.moves);
        assert!(answer.weak);
        assert!(!answer.best.is_empty());
    }
}

/// The compact table (8-byte slots keeping only what the index does not imply) gives the
/// scores of the full-key table it replaced, on every position of the two easy sets, and every
/// one is the file's. One table each, kept across the positions, so that both fill up.
#[test]
fn compact_and_full_key_tables_agree_on_every_position_of_l3_r1_and_l2_r1() {
    let mut compact = Solver::new(Connect4::standard(), 4 << 20);
    let mut full = Solver::new(Connect4::standard(), 4 << 20).with_full_key_table();
    assert_eq!(compact.table_slots(), 4 << 20 >> 3);
    assert!(full.table_slots() * 3 < compact.table_slots());
    for name in ["Test_L3_R1", "Test_L2_R1"] {
        for (i, case) in load(name).iter().enumerate() {
            let options = SolveOptions::default();
            let a = compact.score_only(&case.position, &options).unwrap();
            let b = full.score_only(&case.position, &options).unwrap();
            assert_eq!(
                (a, b),
                (case.score, case.score),
                "{name}:{}: {}",
                i + 1,
                case.moves
            );
        }
    }
}

#[test]
fn mtdf_and_bisection_agree_on_the_test_sets() {
    let mut solver =
        Solver::new(Connect4::standard(), TABLE).with_narrowing(Narrowing::Mtdf { guess: 0 });
    for case in load("Test_L2_R2").iter().step_by(40) {
        solver.reset();
        let score = solver
            .score_only(&case.position, &SolveOptions::default())
            .unwrap();
        assert_eq!(score, case.score, "{}", case.moves);
    }
}

#[test]
fn finished_and_decided_positions() {
    let game = Connect4::standard();
    let board = game.board();
    let mut solver = Solver::new(game.clone(), TABLE);
    // x has just won with its 4th stone (7 stones before it: n = 6).
    let won = board.parse("1212121").unwrap();
    let answer = solver.solve(&won, &SolveOptions::default()).unwrap();
    assert_eq!(answer.score, -18);
    assert!(answer.best.is_empty());
    assert_eq!(
        describe_score(board, &won, answer.score, false),
        "x wins with its 18th-last stone (its 4th, the game's 7th)"
    );
    // x to move can win at once in column 1: 6 stones, score (43 - 6) / 2 = 18.
    let now = board.parse("121212").unwrap();
    let answer = solver.solve(&now, &SolveOptions::default()).unwrap();
    assert_eq!((answer.score, answer.best.clone()), (18, vec![1]));
    // o to move facing x's open three 3-4-5 on the bottom row (threats in columns 2 and 6)
    // has lost to x's next stone, dropped onto n = 6 stones: decided without a search.
    let forced = board.parse("37475").unwrap();
    assert_eq!(game.decided(&forced), Some(-game.win_score(6)));
    let answer = solver.solve(&forced, &SolveOptions::default()).unwrap();
    assert_eq!(answer.score, -18);
    assert_eq!(answer.best.len(), 7, "every column loses as fast");
}

#[test]
fn limits_stop_the_solver() {
    let mut solver = Solver::new(Connect4::standard(), TABLE);
    let case = &load("Test_L1_R2")[0];
    let options = SolveOptions {
        limits: Limits::none().with_max_expanded(1000),
        ..SolveOptions::default()
    };
    // A stopped solve reports the work it did: the node limit's thousand expansions.
    let (error, work) = solver.solve(&case.position, &options).unwrap_err();
    assert_eq!(error, SolveError::Stopped(LimitKind::Nodes));
    assert!(work.expanded >= 1000 && work.expanded < 1100, "{work:?}");
    let options = SolveOptions {
        limits: Limits::none().with_max_memory(1 << 20),
        ..SolveOptions::default()
    };
    assert_eq!(
        solver.solve(&case.position, &options).map_err(|(e, _)| e),
        Err(SolveError::Stopped(LimitKind::Memory))
    );
    let options = SolveOptions {
        limits: Limits::none().with_timeout(std::time::Duration::ZERO),
        ..SolveOptions::default()
    };
    assert_eq!(
        solver.solve(&case.position, &options).map_err(|(e, _)| e),
        Err(SolveError::Stopped(LimitKind::Time))
    );
}

#[test]
fn generated_positions_are_open_and_correctly_scored() {
    let game = Connect4::standard();
    let board = game.board().clone();
    let mut solver = Solver::new(game.clone(), TABLE);
    let set = solver.generate(20, (30, 36), 7, &Limits::none()).unwrap();
    assert_eq!(set.len(), 20);
    assert_eq!(
        set,
        solver.generate(20, (30, 36), 7, &Limits::none()).unwrap(),
        "same seed"
    );
    for (moves, score) in &set {
        let line = parse_test_line(&game, &format!("{moves} {score}")).unwrap();
        let pos = line.position;
        assert!((30..=36).contains(&pos.stones()));
        assert!(!board.last_move_won(&pos));
        assert_eq!(*score, minimax_score(&board, &pos), "{moves}");
    }
    assert!(solver.generate(1, (10, 5), 1, &Limits::none()).is_err());
    assert!(solver.generate(1, (10, 42), 1, &Limits::none()).is_err());
}

#[test]
fn test_lines_are_checked() {
    let game = Connect4::standard();
    assert!(parse_test_line(&game, "4 x").is_err());
    assert!(parse_test_line(&game, "4 99").is_err());
    assert!(parse_test_line(&game, "4 1 2").is_err());
    assert!(parse_test_line(&game, "1111111 0").is_err());
}

/// The empty board is a position like any other (the game's cache of children's winning cells
/// once mistook it for a recorded child: an index out of bounds).
#[test]
fn the_empty_board_is_searched() {
    let game = Connect4::standard();
    let empty = Position::default();
    assert_eq!(game.decided(&empty), None);
    let mut moves = Vec::new();
    searchlab_core::Game::moves(&game, &empty, &mut moves);
    assert_eq!(moves, [3, 2, 4, 1, 5, 0, 6]);
    let small = Connect4::new(Board::new(5, 4).unwrap(), Rules::Shortcuts);
    let mut solver = Solver::new(small, 1 << 20);
    let answer = solver.solve(&empty, &SolveOptions::default()).unwrap();
    assert_eq!(answer.score, 0); // 5 x 4 is a draw
}
