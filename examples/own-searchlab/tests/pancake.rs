//! The pancake puzzle and anytime weighted A* against breadth-first search over every stack
//! of up to 7 pancakes, and the instance file's expected answers against the same table.

use std::collections::{HashMap, VecDeque};

use own_searchlab::awastar::AnytimeWastar;
use own_searchlab::pancake::{Gap, Pancake, Pancakes};
use searchlab_toolkit::plugin::SearchPlugin;
use searchlab_toolkit::{
    Algorithm, Description, Heuristic, Limits, Options, Problem, SearchAlgorithm, Status,
};

/// The fewest flips from every stack of `n` pancakes to the goal: BFS from the goal (a flip
/// undoes itself, so distances to and from the goal are the same).
fn distances(n: u8) -> HashMap<Vec<u8>, u32> {
    let pancakes = Pancakes { n };
    let goal: Vec<u8> = (1..=n).collect();
    let mut dist = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    let mut actions = Vec::new();
    while let Some(s) = queue.pop_front() {
        actions.clear();
        pancakes.actions(&s, &mut actions);
        for k in &actions {
            let (t, _) = pancakes.result(&s, k);
            if !dist.contains_key(&t) {
                dist.insert(t.clone(), dist[&s] + 1);
                queue.push_back(t);
            }
        }
    }
    dist
}

fn factorial(n: u8) -> usize {
    (1..=usize::from(n)).product()
}

/// Whether `flips` sort `stack`.
fn sorts(stack: &[u8], flips: &str) -> bool {
    let mut s = stack.to_vec();
    for k in flips.split_whitespace() {
        let k: usize = k.parse().unwrap();
        s[..k].reverse();
    }
    Pancakes {
        n: stack.len() as u8,
    }
    .is_goal(&s)
}

#[test]
fn gap_is_admissible_and_every_optimal_algorithm_agrees_with_bfs() {
    let awastar = SearchAlgorithm::register::<AnytimeWastar>().unwrap();
    let pancake = Pancake::new(&Options::new()).unwrap();
    let algorithms = [SearchAlgorithm::Astar, SearchAlgorithm::Idastar, awastar];
    for n in 1..=6u8 {
        let dist = distances(n);
        assert_eq!(dist.len(), factorial(n), "every stack of {n} is reachable");
        let pancakes = Pancakes { n };
        for (stack, d) in &dist {
            assert!(Gap.estimate(&pancakes, stack) <= *d, "{stack:?}");
            for a in algorithms {
                let answer = pancake.solve(stack, Algorithm::Search(a), "gap", &Limits::none());
                assert_eq!(answer.status, Status::Solved, "{a} on {stack:?}");
                assert_eq!(answer.length, Some(d.to_string()), "{a} on {stack:?}");
                assert!(
                    sorts(stack, answer.moves.as_deref().unwrap()),
                    "{a} on {stack:?}"
                );
            }
        }
    }
}

#[test]
fn anytime_weighted_astar_is_optimal_on_every_stack_of_seven() {
    let dist = distances(7);
    let pancakes = Pancakes { n: 7 };
    for (stack, d) in &dist {
        let result = AnytimeWastar::search(&pancakes, stack, &Gap, &Limits::none());
        assert_eq!(result.outcome.cost(), Some(*d), "{stack:?}");
    }
}

#[test]
fn a_node_limit_stops_it_and_says_so() {
    let limits = Limits::none().with_max_expanded(3);
    let stack = vec![5, 3, 7, 1, 8, 2, 6, 4];
    let result = AnytimeWastar::search(&Pancakes { n: 8 }, &stack, &Gap, &limits);
    assert_eq!(
        result.outcome,
        searchlab_toolkit::Outcome::Stopped(searchlab_toolkit::LimitKind::Nodes)
    );
    assert_eq!(result.stats.expanded, 3);
}

#[test]
fn the_instance_file_answers_are_those_of_bfs() {
    let text = include_str!("../pancake.txt");
    let pancake = Pancake::new(&Options::new()).unwrap();
    let mut tables: HashMap<usize, HashMap<Vec<u8>, u32>> = HashMap::new();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (instance, expected) = line.split_once('|').expect("an expected answer");
        let stack = pancake.parse(instance.trim()).unwrap();
        let dist = tables
            .entry(stack.len())
            .or_insert_with(|| distances(stack.len() as u8));
        assert_eq!(dist[&stack].to_string(), expected.trim(), "{line}");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} instances");
}

#[test]
fn bad_stacks_are_refused_with_the_reason() {
    let pancake = Pancake::new(&Options::new()).unwrap();
    assert!(
        pancake
            .parse("1 2 2")
            .unwrap_err()
            .contains("2 is repeated")
    );
    assert!(
        pancake
            .parse("1 4 2")
            .unwrap_err()
            .contains("4 is out of range")
    );
    assert!(pancake.parse("1 x").unwrap_err().contains("'x'"));
    assert!(pancake.parse("").is_err());
}

#[test]
fn the_docs_show_the_builder_as_it_is() {
    let lib = include_str!("../src/lib.rs");
    let docs = include_str!("../../../docs/adding-a-problem.md");
    let start = lib.find("/// The tool:").unwrap();
    let end = start + lib[start..].find("\n}\n").unwrap() + 3;
    assert!(
        docs.contains(&lib[start..end]),
        "docs/adding-a-problem.md shows another cli()"
    );
}
