//! Statistics for people and tools: a run's [`Stats`] as one line of text
//! ([`stats_text`]), as data for JSON ([`stats_field`]), and what each statistic means
//! ([`STATISTICS`], and the page `searchlab help stats` prints, [`statistics_page`]). The
//! labels of the line and the keys of the data are each defined in [`STATISTICS`]; a test
//! holds them to that.

use crate::describe::{Answer, Field, Status};
use crate::stats::{Iteration, Stats};

/// One line of statistics: only the fields the algorithm filled in.
pub fn stats_text(stats: &Stats) -> String {
    use std::fmt::Write as _;
    // One string written in place (`write!` to a `String` cannot fail): a `format!` per
    // statistic and their join were 2% of a whole `solve eight --file` run (issue 34).
    let mut s = String::with_capacity(160);
    let _ = write!(
        s,
        "expanded {}, generated {}",
        stats.expanded, stats.generated
    );
    if stats.evaluated > 0 {
        let _ = write!(s, ", evaluated {}", stats.evaluated);
    }
    if stats.max_frontier > 0 {
        let _ = write!(s, ", max frontier {}", stats.max_frontier);
    }
    if stats.reopened > 0 {
        let _ = write!(s, ", reopened {}", stats.reopened);
    }
    if !stats.iterations.is_empty() {
        let _ = write!(s, ", iterations {} (bounds ", stats.iterations.len());
        for (k, i) in stats.iterations.iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            let _ = write!(s, "{}", i.bound);
        }
        s.push(')');
    }
    if stats.leaves > 0 {
        let _ = write!(s, ", leaves {}", stats.leaves);
    }
    if stats.cutoffs > 0 {
        let _ = write!(s, ", cutoffs {}", stats.cutoffs);
    }
    if stats.table_probes > 0 {
        let _ = write!(
            s,
            ", table hits {}/{}",
            stats.table_hits, stats.table_probes
        );
    }
    if stats.depth_reached > 0 {
        let _ = write!(s, ", depth {}", stats.depth_reached);
    }
    if let Some(last) = &stats.last_layer {
        let _ = write!(
            s,
            ", until last layer {}/{}/{}",
            last.expanded, last.generated, last.evaluated
        );
    }
    let _ = write!(s, ", time {}", format_duration(stats.elapsed));
    s
}

/// A duration in the unit that reads best: `812 us`, `12.3 ms`, `4.56 s`.
pub fn format_duration(d: std::time::Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.0} us")
    } else if us < 1e6 {
        format!("{:.1} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

/// All statistics as an object (time in seconds), for JSON.
pub fn stats_field(stats: &Stats) -> Field {
    let iterations = stats.iterations.iter().map(
        |&Iteration {
             bound,
             expanded,
             generated,
         }| {
            Field::Map(vec![
                ("bound".into(), bound.into()),
                ("expanded".into(), expanded.into()),
                ("generated".into(), generated.into()),
            ])
        },
    );
    let last_layer = stats.last_layer.map_or(Field::Null, |last| {
        Field::Map(vec![
            ("expanded".into(), last.expanded.into()),
            ("generated".into(), last.generated.into()),
            ("evaluated".into(), last.evaluated.into()),
        ])
    });
    let fields: [(&str, Field); 13] = [
        ("expanded", stats.expanded.into()),
        ("generated", stats.generated.into()),
        ("max_frontier", stats.max_frontier.into()),
        ("reopened", stats.reopened.into()),
        ("iterations", Field::List(iterations.collect())),
        ("leaves", stats.leaves.into()),
        ("cutoffs", stats.cutoffs.into()),
        ("table_probes", stats.table_probes.into()),
        ("table_hits", stats.table_hits.into()),
        ("depth_reached", stats.depth_reached.into()),
        ("seconds", stats.elapsed.as_secs_f64().into()),
        ("evaluated", stats.evaluated.into()),
        ("last_layer", last_layer),
    ];
    Field::Map(fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// The text answer: the instance as shown, the answer's lines indented, then
/// `algorithm / heuristic: statistics`.
pub fn answer_text(shown: &str, answer: &Answer, label: &str) -> String {
    let mut s = String::with_capacity(shown.len() + 256);
    for line in shown.lines() {
        s += line;
        s.push('\n');
    }
    for line in &answer.lines {
        s += "  ";
        s += line;
        s.push('\n');
    }
    // A board that parity proved unsolvable had no search: no statistics to show.
    if !(answer.status == Status::Unsolvable && answer.stats == Default::default()) {
        s += "  ";
        s += label;
        s += ": ";
        s += &stats_text(&answer.stats);
        s.push('\n');
    }
    s
}

/// Each statistic: its label in the text line, its key in the JSON `stats` object, and what
/// it counts.
pub const STATISTICS: &[(&str, &str, &str)] = &[
    (
        "expanded",
        "expanded",
        "States whose successors were generated (a node taken from A*'s open list, or a \
         node IDA* or alpha-beta went below). For IDA* and iterative deepening every \
         iteration counts again: a state expanded in five iterations counts five times.",
    ),
    (
        "generated",
        "generated",
        "Successor states produced, the start included (whether kept or not: a successor \
         that A* finds already closed is still generated; one pruned by IDA*'s bound is too).",
    ),
    (
        "evaluated",
        "evaluated",
        "Best-first searches (A*, uniform-cost, greedy, weighted A*, fringe search, MM): \
         states given a heuristic value, once each: the start and every new successor, \
         those over a cost bound too (uniform-cost search counts its zero estimate; MM \
         counts both roots and each direction's new states). A state reached again is not \
         evaluated again.",
    ),
    (
        "max frontier",
        "max_frontier",
        "The most nodes kept waiting at once. A*, BFS: the largest size of the open list \
         (the memory that grows with the search). IDA*, IDDFS, depth-first and game \
         searches: the deepest path held (their memory is linear in the depth).",
    ),
    (
        "reopened",
        "reopened",
        "A* with an inconsistent heuristic: closed states found again by a cheaper path and \
         expanded again (0 with a consistent heuristic such as Manhattan distance).",
    ),
    (
        "iterations",
        "iterations",
        "Iterative searches (IDA*, IDDFS, iterative alpha-beta): how many passes, with the \
         bound of each in parentheses (IDA*: the f-cost limit, IDDFS: the depth limit); the \
         JSON gives each pass's bound, expanded and generated.",
    ),
    (
        "bounds",
        "bound",
        "The limit of each iteration: IDA*'s f-cost bound (the smallest f that exceeded the \
         previous one), IDDFS's depth.",
    ),
    (
        "leaves",
        "leaves",
        "Game searches: positions evaluated as leaves (the game over, or the depth limit \
         reached and the evaluator asked).",
    ),
    (
        "cutoffs",
        "cutoffs",
        "Game searches: times alpha-beta stopped searching a node's moves because a move \
         was already good enough (a beta or alpha cutoff); minimax has none.",
    ),
    (
        "table hits",
        "table_hits",
        "Game searches with a transposition table: lookups that found the position stored \
         and usable, shown as hits/probes.",
    ),
    (
        "table probes",
        "table_probes",
        "Game searches with a transposition table: lookups made.",
    ),
    (
        "depth",
        "depth_reached",
        "The deepest ply or move a search reached (games: the depth searched; iterative \
         deepening: the last completed depth).",
    ),
    (
        "until last layer",
        "last_layer",
        "Best-first searches: expanded/generated/evaluated when the last layer began, before \
         the first expansion with the largest priority the search took (Fast Downward's \
         \"until last jump\"). For A* with a consistent heuristic: before the first node with \
         f equal to the optimal cost; all nodes of lower f are expanded whatever the \
         tie-breaking, so these counts compare heuristics and node orders without the luck \
         of the last layer. The layer is of the search's own priority: f = g + h for A*, g \
         for uniform-cost search, g + w*h for weighted A*, h for greedy search, f = g + h for \
         fringe search (with a consistent heuristic its last pass), and for MM the smaller \
         of the two directions' priorities max(g+h, 2g). Fringe search and MM count a \
         node generated again when a cheaper path reaches it before its expansion, and \
         which parent comes first within a layer depends on their order: their generated \
         count until the last layer may differ with the move order by such re-generations \
         (expanded and evaluated do not). RBFS and beam search have none: RBFS expands again \
         what it forgot, in an order set by its siblings, and beam search is not optimal, so \
         no layer below the last is searched whole. JSON: an \
         object with `expanded`, `generated` and `evaluated`; `searchlab bench`: the columns \
         \"exp<last\", \"gen<last\", \"eval<last\" (CSV and JSON \"expanded_until_last_layer\", \
         ...).",
    ),
    (
        "time",
        "seconds",
        "Wall-clock time of the search alone (parsing and table building excluded); the \
         JSON gives seconds. Noisy: measure with `searchlab bench`, not one run.",
    ),
    (
        "peak mem",
        "peak_bytes",
        "`searchlab bench` (column \"peak mem\", CSV \"peak_bytes\"): the most heap the search's thread held at once beyond what it \
         held at the start, measured by a counting allocator (pattern databases built \
         before the search are not counted).",
    ),
];

/// The page `searchlab help stats` prints: every statistic of [`STATISTICS`], wrapped.
pub fn statistics_page() -> String {
    let mut page = wrap(
        "What the statistics of `searchlab solve` (the line under each answer, the JSON \
         `stats` object) and `searchlab bench` mean. A field is printed in the text line \
         only when the algorithm fills it in.",
        92,
        "",
    );
    for (label, key, what) in STATISTICS {
        page.push('\n');
        page.push_str(&format!("{label} (key \"{key}\")\n"));
        page.push_str(&wrap(what, 92, "    "));
    }
    page
}

/// `text` wrapped at `width` columns, each line indented.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > width {
            out.push_str(&format!("{indent}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Statistics with every field filled in, so the renderer prints every label.
    fn full() -> Stats {
        Stats {
            expanded: 5,
            generated: 9,
            max_frontier: 3,
            reopened: 1,
            iterations: vec![Iteration {
                bound: 4,
                expanded: 5,
                generated: 9,
            }],
            leaves: 2,
            cutoffs: 1,
            table_probes: 7,
            table_hits: 6,
            depth_reached: 4,
            elapsed: std::time::Duration::from_micros(3),
            evaluated: 8,
            last_layer: Some(crate::stats::LastLayer {
                expanded: 3,
                generated: 6,
                evaluated: 5,
            }),
        }
    }

    #[test]
    fn every_label_of_the_text_line_is_defined() {
        let line = stats_text(&full());
        let labels: Vec<&str> = STATISTICS.iter().map(|s| s.0).collect();
        for part in line.split(", ") {
            // "iterations 1 (bounds 4)": the label and the label inside the parentheses.
            let words: Vec<&str> = part
                .split(|c: char| c.is_ascii_digit() || "()/,.".contains(c))
                .map(str::trim)
                .filter(|w| !w.is_empty() && *w != "us")
                .collect();
            assert!(!words.is_empty(), "{part}");
            for w in words {
                assert!(
                    labels.contains(&w) || (w == "table hits" && labels.contains(&"table probes")),
                    "'{w}' (from '{part}') is printed but not defined in STATISTICS"
                );
            }
        }
    }

    #[test]
    fn every_json_key_is_defined() {
        let keys: Vec<&str> = STATISTICS.iter().map(|s| s.1).collect();
        let Field::Map(object) = stats_field(&full()) else {
            panic!("not an object")
        };
        assert!(object.len() >= 10);
        for (key, value) in &object {
            assert!(
                keys.contains(&key.as_str()),
                "JSON key {key} is not defined"
            );
            let Field::List(iterations) = value else {
                continue;
            };
            for iteration in iterations {
                let Field::Map(fields) = iteration else {
                    panic!("{iteration:?}")
                };
                for (key, _) in fields {
                    assert!(keys.contains(&key.as_str()), "iteration key {key}");
                }
            }
        }
    }

    #[test]
    fn the_page_defines_each_statistic_once() {
        let page = statistics_page();
        for (label, key, _) in STATISTICS {
            assert_eq!(
                page.matches(&format!("\n{label} (key \"{key}\")\n"))
                    .count(),
                1,
                "{label}"
            );
        }
        assert!(page.lines().all(|l| l.len() <= 96), "{page}");
    }
}
