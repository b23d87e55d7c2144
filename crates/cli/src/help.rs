//! `searchlab help stats`: what every statistic a search reports means, in one place. The
//! renderer's labels ([`crate::render::stats_text`]) and JSON keys
//! ([`crate::render::stats_json`]) are each defined here; a test holds them to that.

/// Each statistic: its label in the text line, its key in the JSON `stats` object, and what
/// it counts.
pub const STATS: &[(&str, &str, &str)] = &[
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

/// The page `searchlab help stats` prints.
pub fn stats_page() -> String {
    let mut page = wrap(
        "What the statistics of `searchlab solve` (the line under each answer, the JSON \
         `stats` object) and `searchlab bench` mean. A field is printed in the text line \
         only when the algorithm fills it in.",
        92,
        "",
    );
    for (label, key, what) in STATS {
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
    use searchlab_core::{Iteration, Stats};

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
        }
    }

    #[test]
    fn every_label_of_the_text_line_is_defined() {
        let line = crate::render::stats_text(&full());
        let labels: Vec<&str> = STATS.iter().map(|s| s.0).collect();
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
                    "'{w}' (from '{part}') is printed but not defined in help.rs"
                );
            }
        }
    }

    #[test]
    fn every_json_key_is_defined() {
        let json = crate::render::stats_json(&full());
        let keys: Vec<&str> = STATS.iter().map(|s| s.1).collect();
        let object = json.as_object().expect("an object");
        assert!(object.len() >= 10);
        for key in object.keys() {
            assert!(
                keys.contains(&key.as_str()),
                "JSON key {key} is not defined"
            );
        }
        for iteration in json["iterations"].as_array().unwrap() {
            for key in iteration.as_object().unwrap().keys() {
                assert!(keys.contains(&key.as_str()), "iteration key {key}");
            }
        }
    }

    #[test]
    fn the_page_defines_each_statistic_once() {
        let page = stats_page();
        for (label, key, _) in STATS {
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
