//! A* and IDA* on the 8-puzzle as their observers see them ([`searchlab_core::observe`]):
//! the events agree with the statistics each search reports.

use searchlab_core::observe::{SearchEvent, SearchObserver};
use searchlab_core::{Limits, SplitMix64, astar::astar_observed, idastar::idastar_observed};
use searchlab_npuzzle::{Board, Eight, Manhattan, generate::scrambled_board};

#[derive(Default)]
struct Events {
    expand: u64,
    generate: u64,
    prune: u64,
    reopen: u64,
    bounds: Vec<u32>,
}

impl SearchObserver<Board<9>, u32> for Events {
    fn event(&mut self, event: SearchEvent<'_, Board<9>, u32>) {
        match event {
            SearchEvent::Expand(_) => self.expand += 1,
            SearchEvent::Generate(_) => self.generate += 1,
            SearchEvent::Prune(..) => self.prune += 1,
            SearchEvent::Reopen(_) => self.reopen += 1,
            SearchEvent::NewBound { bound, .. } => self.bounds.push(bound),
            _ => {}
        }
    }
}

/// Boards a few random moves from the goal, and a hard one.
fn boards() -> Vec<Board<9>> {
    let puzzle = Eight::standard();
    let mut rng = SplitMix64::new(1077);
    let mut boards: Vec<Board<9>> = (0..20)
        .map(|i| scrambled_board(&puzzle, &mut rng, 4 + i))
        .collect();
    boards.push(Board::parse("8 6 7 2 5 4 3 x 1").unwrap());
    boards
}

#[test]
fn astar_reports_exactly_its_expansions() {
    let puzzle = Eight::standard();
    for board in boards() {
        let mut events = Events::default();
        let run = astar_observed(&puzzle, &board, &Manhattan, &Limits::none(), &mut events);
        assert_eq!(events.expand, run.stats.expanded, "{board}");
        // The root, then every new or cheaper node.
        assert_eq!(1 + events.generate + events.reopen, run.stats.generated);
        let plain = searchlab_core::astar(&puzzle, &board, &Manhattan, &Limits::none());
        assert_eq!(plain.outcome, run.outcome);
    }
}

#[test]
fn idastar_reports_one_new_bound_per_iteration() {
    let puzzle = Eight::standard();
    for board in boards() {
        let mut events = Events::default();
        let run = idastar_observed(&puzzle, &board, &Manhattan, &Limits::none(), &mut events);
        let bounds: Vec<u32> = run
            .stats
            .iterations
            .iter()
            .map(|i| i.bound as u32)
            .collect();
        assert_eq!(events.bounds, bounds, "{board}");
        assert_eq!(events.expand, run.stats.expanded);
        assert_eq!(1 + events.generate + events.prune, run.stats.generated);
    }
}
