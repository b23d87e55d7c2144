//! The core's alpha-beta (with and without its table, both move orders, with and without
//! symmetric table keys) against the exhaustive retrograde table, on random partial games, also
//! with one table across positions that differ only in their scores.

use searchlab_core::{AlphaBeta, AlphaBetaConfig, Game, Limits, SplitMix64, minimax};
use searchlab_triangle::board::{canonical, symmetric_images};
use searchlab_triangle::exhaustive::Table;
use searchlab_triangle::input::parse_judge;
use searchlab_triangle::solve::{Solver, analyse, winner_of};
use searchlab_triangle::{MoveOrder, Position, Segment, Side, TriangleWar};

fn random_position(rng: &mut SplitMix64, len: usize) -> Position {
    let mut segments = Segment::ALL;
    rng.shuffle(&mut segments);
    Position::replay(&segments[..len]).unwrap()
}

const GAMES: [TriangleWar; 4] = [
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
fn alphabeta_with_table_agrees_with_the_exhaustive_solver() {
    let table = Table::build();
    let mut rng = SplitMix64::new(2026);
    // One solver per setting, kept across positions: a stale or wrongly shared table entry
    // would show up as a wrong answer later on.
    let mut solvers: Vec<Solver> = GAMES
        .iter()
        .map(|&g| Solver::new(g, Limits::none()))
        .collect();
    for round in 0..400 {
        let len = 3 + rng.below(16) as usize; // 3..=18 moves played
        let p = random_position(&mut rng, len);
        let expected = table.final_margin(&p);
        for (g, solver) in GAMES.iter().zip(&mut solvers) {
            let (value, _) = solver.value(&p).unwrap();
            assert_eq!(value, expected, "round {round}, {g:?}, {p:?}");
            let (side, _) = solver.winner(&p).unwrap();
            assert_eq!(side, winner_of(expected), "round {round}, {g:?}, {p:?}");
        }
    }
}

/// The table keys leave out the scores (the table stores future margins): the same drawn
/// segments and side to move with the triangles shared out differently between A and B must
/// get their own final margins from entries stored under other scores, and cheaply.
#[test]
fn positions_differing_only_in_scores_share_entries_and_keep_their_values() {
    let table = Table::build();
    let mut rng = SplitMix64::new(1985);
    let mut solvers: Vec<Solver> = GAMES
        .iter()
        .map(|&g| Solver::new(g, Limits::none()))
        .collect();
    let (mut first, mut again) = (0, 0);
    for round in 0..200 {
        let len = 6 + rng.below(10) as usize; // 6..=15 moves played
        let p = random_position(&mut rng, len);
        let won = p.score(Side::A) + p.score(Side::B);
        let a = rng.below(u64::from(won) + 1) as u8;
        let q = Position::from_parts(p.drawn(), a, won - a, p.to_move());
        for (g, solver) in GAMES.iter().zip(&mut solvers) {
            assert_eq!(g.table_key(&p), g.table_key(&q));
            let (value, stats) = solver.value(&p).unwrap();
            assert_eq!(value, table.final_margin(&p), "round {round}, {g:?}, {p:?}");
            first += stats.expanded;
            let (value, stats) = solver.value(&q).unwrap();
            assert_eq!(value, table.final_margin(&q), "round {round}, {g:?}, {q:?}");
            again += stats.expanded;
            let (side, _) = solver.winner(&q).unwrap();
            assert_eq!(
                side,
                winner_of(table.final_margin(&q)),
                "round {round}, {q:?}"
            );
        }
    }
    // The second solve finds the first one's entries under the same keys.
    assert!(
        again * 10 < first,
        "re-scored positions expanded {again} nodes, first {first}"
    );
}

#[test]
fn every_move_value_agrees_with_the_exhaustive_solver() {
    let table = Table::build();
    let mut rng = SplitMix64::new(1085);
    for _ in 0..100 {
        let len = rng.below(18) as usize;
        let p = random_position(&mut rng, len);
        let a = analyse(&p);
        assert_eq!(a.value, table.final_margin(&p));
        assert_eq!(a.moves.len(), 18 - len);
        for m in &a.moves {
            assert_eq!(
                m.value,
                table.move_value(&p, m.segment),
                "{p:?} {}",
                m.segment
            );
        }
        let best: Vec<Segment> = p
            .undrawn()
            .filter(|&s| table.move_value(&p, s) == a.value)
            .collect();
        assert_eq!(a.best, best);
    }
}

#[test]
fn alphabeta_without_table_and_plain_minimax_agree_on_endgames() {
    let table = Table::build();
    let mut rng = SplitMix64::new(77);
    let no_eval = |_: &Position| 0;
    for _ in 0..200 {
        let len = 10 + rng.below(9) as usize; // at most 8 segments left
        let p = random_position(&mut rng, len);
        let expected = table.final_margin(&p);
        for game in GAMES {
            let mut plain = AlphaBeta::new(AlphaBetaConfig::new().with_table(false));
            let run = plain.search(&game, &p, &no_eval);
            assert_eq!(run.outcome.value(), Some(expected), "{game:?} {p:?}");
        }
        let run = minimax(&GAMES[0], &p, &no_eval, &Limits::none());
        assert_eq!(run.outcome.value(), Some(expected), "{p:?}");
    }
}

#[test]
fn the_empty_board_is_a_six_three_win_for_b() {
    for game in GAMES {
        let mut solver = Solver::new(game, Limits::none());
        let (value, stats) = solver.value(&Position::start()).unwrap();
        assert_eq!(value, -3, "{game:?}");
        assert!(stats.cutoffs > 0 && stats.table_hits > 0);
    }
    let a = analyse(&Position::start());
    assert_eq!(a.value, -3);
    // Every first move loses for A; the best lose only 3-6.
    assert!(a.moves.iter().all(|m| m.value < 0));
}

#[test]
fn the_stored_positions_have_the_stored_margins() {
    let batch = parse_judge(include_str!("../../../puzzles/triangle/positions.in"));
    let margins = include_str!("../../../puzzles/triangle/positions.margins");
    let mut solver = Solver::default();
    for (game, line) in batch.games.iter().zip(margins.lines()) {
        let game = game.as_ref().unwrap();
        let expected: i32 = line.rsplit(' ').next().unwrap().parse().unwrap();
        assert_eq!(solver.value(&game.position).unwrap().0, expected, "{line}");
    }
}

#[test]
fn symmetric_images_are_positions_of_equal_value() {
    let table = Table::build();
    let mut rng = SplitMix64::new(6);
    for _ in 0..500 {
        let drawn = (rng.next_u64() as u32) & ((1 << 18) - 1);
        let images = symmetric_images(drawn);
        assert_eq!(images[0], drawn);
        for image in images {
            assert_eq!(image.count_ones(), drawn.count_ones());
            assert_eq!(table.future_margin(image), table.future_margin(drawn));
            assert_eq!(canonical(image), canonical(drawn));
        }
    }
    // Rotations and reflections of one corner segment reach all six corner segments.
    let corner = Segment::between(1, 2).unwrap().bit();
    let mut images = symmetric_images(corner).to_vec();
    images.sort();
    images.dedup();
    assert_eq!(images.len(), 6);
}

#[test]
fn a_node_limit_stops_the_search() {
    let mut solver = Solver::new(
        TriangleWar::default(),
        Limits::none().with_max_expanded(100),
    );
    assert!(solver.value(&Position::start()).is_err());
}
