//! `searchlab solve PROBLEM --show`, for every registered problem on a small instance: the
//! answer is drawn under its statistics, every line of the drawing fits an 80-column
//! terminal, and the drawing shows what the answer says (the goal board, the path's end).

mod common;

use common::{json_lines, searchlab, text};

/// A small instance of each problem (its arguments after `solve NAME --show`) and a line the
/// drawing must contain.
fn case(name: &str) -> Option<(&'static [&'static str], &'static str)> {
    Some(match name {
        // One move of the blank to the right: the last board is the goal.
        "eight" => (&["1 2 3 4 5 6 7 x 8"], "7 8 x"),
        "fifteen" => (
            &[
                "--heuristic",
                "manhattan",
                "1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            ],
            "x  1  2  3",
        ),
        "twentyfour" => (
            &[
                "--heuristic",
                "manhattan",
                "1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
            ],
            "x  1  2  3  4",
        ),
        // POJ 2286's first sample: AC, centre 2; after C the middle row reads 3 3 2 2 2 3 1.
        "rotation" => (
            &[
                "--heuristic",
                "centre",
                "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
            ],
            "3 3 2 2 2 3 1",
        ),
        "tictactoe" => (&["x.o/.x./..o"], "5: x (2,0)"),
        // B wins 8-1: the last board has B's eighth triangle.
        "triangle" => (
            &["2-4 4-5 5-9 3-5 3-6 6-10 1-2 1-3 2-3 6-9 9-10"],
            "A 1 B 8",
        ),
        "gametree" => (
            &["--file", "puzzles/gametree/seed004_intro.tree"],
            "root  MAX 3 *",
        ),
        "waterjug" => (&["3 5 : 4"], "4/5 *"),
        "connect4" => (&["2252576253462244111563365343671351441"], "4: x 7"),
        // AIMA's Romania: Arad to Bucharest is 418 with the straight-line distances.
        "graph" => (
            &["--from", "Arad", "--to", "Bucharest", "--heuristic", "file"],
            "Bucharest",
        ),
        "grid" => (&["puzzles/grid/arena.map 1 13 4 12"], "T.**G.."),
        _ => return None,
    })
}

#[test]
fn every_problem_draws_its_answer_within_80_columns() {
    let list = searchlab(&["list", "--format", "json"], "");
    assert!(list.status.success());
    for row in json_lines(&list.stdout) {
        let name = row["name"].as_str().expect("every problem has a name");
        let (args, expected) = case(name).unwrap_or_else(|| {
            panic!("no --show case for `{name}`: add a small instance to case() in tests/show.rs")
        });
        let mut all = vec!["solve", name, "--show"];
        all.extend_from_slice(args);
        let out = searchlab(&all, "");
        let stdout = text(&out.stdout);
        assert!(
            out.status.success(),
            "{name}: {}\n{stdout}",
            text(&out.stderr)
        );
        // The drawing comes after the statistics line.
        let lines: Vec<&str> = stdout.lines().collect();
        let stats = lines
            .iter()
            .rposition(|l| l.contains(": expanded "))
            .unwrap_or_else(|| panic!("{name}: no statistics line\n{stdout}"));
        let picture = &lines[stats + 1..];
        assert!(!picture.is_empty(), "{name}: nothing drawn\n{stdout}");
        for line in picture {
            assert!(
                line.chars().count() <= 80,
                "{name}: a line of {} columns: {line}",
                line.chars().count()
            );
        }
        assert!(
            picture.iter().any(|l| l.contains(expected)),
            "{name}: the drawing lacks `{expected}`:\n{stdout}"
        );
        // Without --show nothing is drawn.
        let plain = searchlab(
            &all[..1]
                .iter()
                .chain(&[name])
                .chain(args)
                .copied()
                .collect::<Vec<_>>(),
            "",
        );
        assert_eq!(
            text(&plain.stdout).lines().count(),
            stats + 1,
            "{name}: without --show the answer ends at its statistics"
        );
    }
}

#[test]
fn an_unsolvable_board_has_nothing_to_show() {
    let out = searchlab(&["solve", "eight", "--show", "1 2 3 4 5 6 8 7 x"], "");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("unsolvable"), "{stdout}");
    assert!(stdout.ends_with("  (nothing to show)\n"), "{stdout}");
}

#[test]
fn the_graph_from_and_to_options_answer_on_a_dimacs_file() {
    let out = searchlab(
        &[
            "solve",
            "graph",
            "puzzles/graph/romania.gr",
            "--coords",
            "puzzles/graph/romania.co",
            "--from",
            "1",
            "--to",
            "2",
            "--heuristic",
            "euclidean",
            "--show",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("cost 418: 1 -> 16 -> 15 -> 14 -> 2"),
        "{stdout}"
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert_eq!(
        last.split_whitespace().collect::<Vec<_>>(),
        ["2", "+101", "418"]
    );
    // Without coordinates the euclidean heuristic is refused, naming the file: bad input.
    let out = searchlab(
        &[
            "solve",
            "graph",
            "puzzles/graph/romania.gr",
            "--from",
            "1",
            "--to",
            "2",
            "--heuristic",
            "euclidean",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("romania.gr"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn boards_known_to_take_hours_are_warned_of_before_the_work() {
    let run = |file: &str, extra: &[&str]| {
        let mut args = vec![
            "solve",
            "fifteen",
            "--file",
            file,
            "--heuristic",
            "manhattan",
            "--max-nodes",
            "10",
        ];
        args.extend_from_slice(extra);
        text(&searchlab(&args, "").stderr)
    };
    let far = run(
        "puzzles/fifteen/fifteen_hardest80.txt",
        &["--goal", "blank-last"],
    );
    assert!(far.contains("MINUTES TO HOURS"), "{far}");
    assert_eq!(far.matches("warning:").count(), 1, "one warning: {far}");
    // Korf's 100 (Manhattan distances up to 50) are not announced as long.
    let near = run("puzzles/fifteen/korf100.txt", &[]);
    assert!(!near.contains("warning:"), "{near}");
    let out = searchlab(
        &[
            "solve",
            "twentyfour",
            "--file",
            "puzzles/twentyfour/korf_felner50.txt",
            "--max-nodes",
            "10",
        ],
        "",
    );
    assert!(text(&out.stderr).contains("HOURS TO WEEKS"));
}
