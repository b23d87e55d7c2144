//! The board tables, the extra-turn rule, the input readers and the exhaustive oracle.

use searchlab_core::{Game, SplitMix64};
use searchlab_triangle::board::{SEGMENT_DOTS, TRIANGLE_MASKS};
use searchlab_triangle::exhaustive::Table;
use searchlab_triangle::input::{InputErrorKind, parse_judge, parse_moves, position_from_moves};
use searchlab_triangle::{MoveOrder, Position, Segment, SegmentError, Side, TriangleWar};

const SAMPLE_IN: &str = include_str!("../../../puzzles/triangle/poj1085.in");
const SAMPLE_OUT: &str = include_str!("../../../puzzles/triangle/poj1085.out");

fn seg(s: &str) -> Segment {
    s.parse().unwrap()
}

#[test]
fn tables_are_consistent() {
    // 9 triangles of 3 sides: 27 memberships; the 9 inner segments lie in two triangles.
    let mut memberships = [0; 18];
    for mask in TRIANGLE_MASKS {
        assert_eq!(mask.count_ones(), 3);
        for (i, m) in memberships.iter_mut().enumerate() {
            *m += usize::from(mask & (1 << i) != 0);
        }
    }
    assert_eq!(memberships.iter().sum::<usize>(), 27);
    assert_eq!(memberships.iter().filter(|&&m| m == 2).count(), 9);
    assert!(memberships.iter().all(|&m| m == 1 || m == 2));
    for (i, &(a, b)) in SEGMENT_DOTS.iter().enumerate() {
        assert_eq!(Segment::between(b, a).map(Segment::index), Some(i));
    }
}

#[test]
fn segments_parse_and_print() {
    for s in Segment::ALL {
        assert_eq!(seg(&s.to_string()), s);
    }
    assert_eq!(seg("10-9"), seg("9-10"));
    assert_eq!(
        "1-5".parse::<Segment>(),
        Err(SegmentError::NotASegment(1, 5))
    );
    assert_eq!(
        "0-1".parse::<Segment>(),
        Err(SegmentError::NotASegment(0, 1))
    );
    assert!(matches!(
        "12".parse::<Segment>(),
        Err(SegmentError::Syntax(_))
    ));
    assert!(matches!(
        "a-b".parse::<Segment>(),
        Err(SegmentError::Syntax(_))
    ));
}

#[test]
fn completing_a_triangle_keeps_the_turn() {
    let (_, p) = position_from_moves("2-4 4-5").unwrap();
    assert_eq!(p.to_move(), Side::A);
    // A closes 2-4-5.
    let q = p.play(seg("2-5")).unwrap();
    assert_eq!(
        (q.score(Side::A), q.score(Side::B), q.to_move()),
        (1, 0, Side::A)
    );
    // Without completing anything the turn passes.
    let r = p.play(seg("1-2")).unwrap();
    assert_eq!((r.score(Side::A), r.to_move()), (0, Side::B));
}

#[test]
fn one_segment_can_complete_two_triangles() {
    // Everything around 2-5 except 2-5 itself: triangles 2-3-5 and 2-4-5 wait for it.
    let (_, p) = position_from_moves("2-3 3-5 2-4 4-5").unwrap();
    assert_eq!(seg("2-5").completes(p.drawn()), 2);
    let mover = p.to_move();
    let q = p.play(seg("2-5")).unwrap();
    assert_eq!(q.score(mover), 2);
    assert_eq!(q.to_move(), mover);
}

#[test]
fn replay_rejects_a_segment_drawn_twice() {
    let err = position_from_moves("1-2 2-3 1-2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 3 (1-2): segment 1-2 is already drawn"
    );
    let err = parse_moves("1-2 2-3 1-4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 3: 1-4 is not one of the 18 segments (dots 1..10; neighbours only, like 2-4 or 5-9)"
    );
}

#[test]
fn the_sample_replays_to_the_expected_winners() {
    let batch = parse_judge(SAMPLE_IN);
    assert_eq!(batch.outside, None);
    let table = Table::build();
    let mut out = String::new();
    for game in &batch.games {
        let game = game.as_ref().unwrap();
        let winner = if table.final_margin(&game.position) > 0 {
            "A"
        } else {
            "B"
        };
        out += &format!("Game {}: {winner} wins.\n", game.number);
    }
    assert_eq!(out, SAMPLE_OUT);
}

#[test]
fn judge_errors_name_the_game_and_the_line_and_spare_the_others() {
    let input = "5\n\
                 6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n\
                 6\n1 2\n2 3\n1 3\n2 4\n2 5\n1 5\n\
                 3\n1 2\n2 3\n1 3\n\
                 6\n1 2\n2 3\n1 3\n2 4\n2 5\n2 3\n\
                 7\n1 2\n2 3\n";
    let batch = parse_judge(input);
    assert_eq!(batch.games.len(), 5);
    assert!(batch.games[0].is_ok());
    let errors: Vec<String> = batch.games[1..]
        .iter()
        .map(|g| g.as_ref().unwrap_err().to_string())
        .collect();
    assert_eq!(
        errors,
        [
            "game 2, line 15: 1-5 is not one of the 18 segments (dots 1..10; neighbours only, like 2-4 or 5-9)",
            "game 3, line 16: move count 3 is out of range 6..=18",
            "game 4, line 26: segment 2-3 is drawn twice (first on line 22)",
            "game 5, line 29: the input ends after 2 of its 7 moves",
        ]
    );
    assert_eq!(batch.error_count(), 4);
}

#[test]
fn judge_structure_errors() {
    assert_eq!(parse_judge("").outside.unwrap().kind, InputErrorKind::Empty);
    let bad = parse_judge("x\n").outside.unwrap();
    assert_eq!(bad.to_string(), "line 1: `x` is not a number of games");
    let batch = parse_judge("2\n6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n");
    assert_eq!(
        batch.games[1].as_ref().unwrap_err().to_string(),
        "game 2, line 8: the input ends before this game (it announced 2 games)"
    );
    let batch = parse_judge("1\n6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n9 9\n");
    assert!(batch.games[0].is_ok());
    assert_eq!(
        batch.outside.unwrap().to_string(),
        "line 9: unexpected `9` after the 1 announced games"
    );
    let batch = parse_judge("2\nsix\n1 2\n");
    assert_eq!(
        batch.games[0].as_ref().unwrap_err().to_string(),
        "game 1, line 2: `six` is not a move count"
    );
    let batch = parse_judge("1\n6\n1 2\n2 x\n");
    assert_eq!(
        batch.games[0].as_ref().unwrap_err().to_string(),
        "game 1, line 4: `x` is not a dot number"
    );
}

#[test]
fn moves_are_the_undrawn_segments_in_both_orders() {
    let mut rng = SplitMix64::new(85);
    for _ in 0..200 {
        let len = rng_len(&mut rng);
        let p = random_position(&mut rng, len);
        let mut undrawn: Vec<Segment> = p.undrawn().collect();
        for order in [MoveOrder::Index, MoveOrder::Greedy] {
            let mut moves = Vec::new();
            TriangleWar::new(order, true).moves(&p, &mut moves);
            moves.sort();
            undrawn.sort();
            assert_eq!(moves, undrawn);
        }
    }
}

#[test]
fn the_empty_board_is_a_six_three_win_for_b() {
    let table = Table::build();
    assert_eq!(table.future_margin(0), -3); // for A, the side to move
    assert_eq!(table.final_margin(&Position::start()), -3);
}

/// Plain minimax over positions (no memo, no pruning), only for short endgames: checks the
/// retrograde table's recurrence independently.
fn brute_force(p: &Position) -> i32 {
    if p.is_over() {
        return p.margin();
    }
    let values = p.undrawn().map(|s| brute_force(&p.play_unchecked(s)));
    match p.to_move() {
        Side::A => values.max().unwrap(),
        Side::B => values.min().unwrap(),
    }
}

fn rng_len(rng: &mut SplitMix64) -> usize {
    rng.below(19) as usize
}

/// A random game of `len` moves from the empty board.
fn random_position(rng: &mut SplitMix64, len: usize) -> Position {
    let mut segments = Segment::ALL;
    rng.shuffle(&mut segments);
    Position::replay(&segments[..len]).unwrap()
}

#[test]
fn the_table_agrees_with_plain_minimax_on_endgames() {
    let table = Table::build();
    let mut rng = SplitMix64::new(1085);
    for _ in 0..300 {
        let len = 10 + rng.below(9) as usize; // at most 8 segments left: 8! leaves at worst
        let p = random_position(&mut rng, len);
        assert_eq!(table.final_margin(&p), brute_force(&p), "{p:?}");
    }
}

#[test]
fn the_table_agrees_with_the_independent_python_solver() {
    let batch = parse_judge(include_str!("../../../puzzles/triangle/positions.in"));
    let margins = include_str!("../../../puzzles/triangle/positions.margins");
    let table = Table::build();
    let mut n = 0;
    for (game, line) in batch.games.iter().zip(margins.lines()) {
        let game = game.as_ref().unwrap();
        let expected: i32 = line.rsplit(' ').next().unwrap().parse().unwrap();
        assert_eq!(table.final_margin(&game.position), expected, "{line}");
        n += 1;
    }
    assert_eq!(n, 24);
}
