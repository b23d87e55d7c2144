//! Triangle War as a `Playable` game: openings are the move lists instances use, typed
//! segments are read or refused with the reason, results name the winner and the score.

use searchlab_toolkit::{Description, Game, Options, Playable, Player};
use searchlab_triangle::describe::Triangle;
use searchlab_triangle::{Position, Segment};

#[test]
fn segments_openings_and_results() {
    let d = Triangle::new(&Options::new()).unwrap();
    let g = d.game().unwrap();
    let start = d.start(&g);
    assert_eq!(start, Position::start());
    let opening = d.parse_opening(&g, "2-4 4-5").unwrap();
    assert_eq!(opening.len(), 2);
    let p = opening.iter().fold(start, |p, m| g.play(&p, m));
    // A drew 2-4, B 4-5; A's 2-5 completes triangle 2-4-5 and A moves again.
    let closing: Segment = d.parse_move(&g, &p, "5-2").unwrap();
    let after = g.play(&p, &closing);
    assert_eq!(after.score(searchlab_triangle::Side::A), 1);
    assert_eq!(g.to_move(&after), Player::Max);
    assert!(
        d.parse_move(&g, &p, "4-2")
            .unwrap_err()
            .contains("drawn already")
    );
    assert!(
        d.parse_move(&g, &p, "1-5")
            .unwrap_err()
            .contains("not one of the 18")
    );
    assert!(d.parse_opening(&g, "2-4 2-4").is_err());
    assert_eq!(d.result(&g, -3), "B wins 6-3");
    assert_eq!(d.result(&g, 1), "A wins 5-4");
    assert!(d.draw(&g, &opening, &p).contains("A to move"));
}
