//! `searchlab solve grid` and `gen grid` on MovingAI files: every answer equals the file's
//! optimal length, bad maps are named by file and line without hiding the other queries,
//! `--draw` writes pictures, and generated scenarios solve to their own lengths.

mod common;

use std::path::PathBuf;

use common::{json_lines, searchlab, text};

/// The arena map's path from the workspace root (where `searchlab` runs in these tests).
const ARENA: &str = "puzzles/grid/arena.map";

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-grid-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn arena_text() -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    std::fs::read_to_string(format!("{root}{ARENA}")).unwrap()
}

#[test]
fn every_arena_query_gets_the_files_length_with_astar_and_jps() {
    for extra in [&["--algo", "astar"][..], &["--successors", "jps"][..]] {
        let mut args = vec![
            "solve",
            "grid",
            "-f",
            "puzzles/grid/arena.map.scen",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let out = searchlab(&args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{extra:?}: {stderr}");
        assert!(!stderr.contains("WRONG ANSWER"), "{stderr}");
        let rows = json_lines(&out.stdout);
        assert_eq!(rows.len(), 160, "{extra:?}");
        for row in &rows {
            assert_eq!(row["status"], "solved", "{row}");
            // The printed length agrees with the file's to the file's 5 decimals or so.
            let expected: f64 = row["expected"].as_str().unwrap().parse().unwrap();
            let got = row["cost"].as_f64().unwrap();
            assert!((got - expected).abs() < 1e-4, "{row}");
            // A number written with the `.scen` files' 8 decimals, trailing zeros kept.
            let written = row["cost"].to_string();
            assert_eq!(
                written.split_once('.').map(|(_, d)| d.len()),
                Some(8),
                "{row}"
            );
            assert!(row["exact"].is_string(), "{row}");
            // The move string walks the cells given.
            let moves = row["moves"].as_str().unwrap();
            let cells = row["cells"].as_array().unwrap();
            let steps = if moves.is_empty() {
                0
            } else {
                moves.split(' ').count()
            };
            assert_eq!(cells.len(), steps + 1, "{row}");
        }
    }
}

#[test]
fn a_bad_map_is_named_by_file_and_line_and_the_other_queries_are_answered() {
    let dir = scratch("badmap");
    let good = arena_text();
    std::fs::write(dir.join("good.map"), &good).unwrap();
    // Row 10 of the map (line 14 of the file: 4 header lines) loses a character.
    let mut lines: Vec<String> = good.lines().map(str::to_owned).collect();
    lines[13].pop();
    std::fs::write(dir.join("bad.map"), lines.join("\n") + "\n").unwrap();
    let scen = dir.join("mixed.scen");
    std::fs::write(
        &scen,
        "version 1\n\
         0\tgood.map\t49\t49\t1\t11\t1\t12\t1\n\
         0\tbad.map\t49\t49\t1\t12\t1\t10\t2\n\
         0\tgood.map\t49\t49\t1\t13\t4\t12\t3.41421\n",
    )
    .unwrap();
    let out = searchlab(
        &[
            "solve",
            "grid",
            "-f",
            scen.to_str().unwrap(),
            "--format",
            "json",
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("mixed.scen: line 3"), "{stderr}");
    assert!(stderr.contains("bad.map:14"), "{stderr}");
    let rows = json_lines(&out.stdout);
    let statuses: Vec<&str> = rows.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["solved", "error", "solved"], "{stderr}");
}

#[test]
fn draw_writes_one_png_per_query_and_says_so() {
    let dir = scratch("draw");
    let out_png = dir.join("out.png");
    let out = searchlab(
        &[
            "solve",
            "grid",
            &format!("{ARENA} 1 13 4 12"),
            &format!("{ARENA} 1 11 7 14"),
            "--draw",
            out_png.to_str().unwrap(),
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for n in [1, 2] {
        let file = dir.join(format!("out-{n}.png"));
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{file:?}: {e}: {stderr}"));
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        assert!(stderr.contains(file.to_str().unwrap()), "{stderr}");
    }
}

/// Issue 31: a picture named for a format the grid does not write (`.jpg`) is refused
/// before the search (exit 2), not written as PNG under that name.
#[test]
fn draw_refuses_a_name_of_another_format() {
    let dir = scratch("draw-jpg");
    let jpg = dir.join("out.jpg");
    let out = searchlab(
        &[
            "solve",
            "grid",
            &format!("{ARENA} 1 13 4 12"),
            "--draw",
            jpg.to_str().unwrap(),
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("PNG or SVG"), "{stderr}");
    assert!(out.stdout.is_empty() && !jpg.exists());
}

#[test]
fn generated_queries_solve_to_their_own_lengths() {
    let dir = scratch("gen");
    std::fs::write(dir.join("arena.map"), arena_text()).unwrap();
    let out = searchlab(&["gen", "grid", ARENA, "--count", "12", "--seed", "5"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let scen = dir.join("gen.scen");
    std::fs::write(&scen, &out.stdout).unwrap();
    for algo in ["astar", "idastar"] {
        let solved = searchlab(
            &[
                "solve",
                "grid",
                "-f",
                scen.to_str().unwrap(),
                "--algo",
                algo,
                "--format",
                "json",
            ],
            "",
        );
        let stderr = text(&solved.stderr);
        assert_eq!(solved.status.code(), Some(0), "{algo}: {stderr}");
        let rows = json_lines(&solved.stdout);
        assert_eq!(rows.len(), 12);
        assert!(rows.iter().all(|r| r["status"] == "solved"), "{stderr}");
    }
    // The same seed gives the same rows, with the map given by `--map` (the old form) too.
    let again = searchlab(
        &[
            "gen", "grid", "--map", ARENA, "--count", "12", "--seed", "5",
        ],
        "",
    );
    assert_eq!(again.stdout, out.stdout);
}

/// `gen grid` takes its map by position; without one, or with two, it is bad input (exit 2)
/// that says what is missing, and a missing file is named.
#[test]
fn gen_grid_takes_the_map_by_position() {
    let out = searchlab(&["gen", "grid", ARENA, "--count", "3", "--seed", "9"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = text(&out.stdout);
    assert_eq!(rows.lines().next(), Some("version 1"));
    assert_eq!(rows.lines().count(), 4, "{rows}");
    assert!(
        rows.lines().skip(1).all(|r| r.contains("\tarena.map\t")),
        "{rows}"
    );

    let none = searchlab(&["gen", "grid", "--count", "3"], "");
    assert_eq!(none.status.code(), Some(2));
    assert!(
        text(&none.stderr).contains("needs a map"),
        "{}",
        text(&none.stderr)
    );

    let both = searchlab(&["gen", "grid", ARENA, "--map", ARENA], "");
    assert_eq!(both.status.code(), Some(2), "{}", text(&both.stderr));

    let missing = searchlab(&["gen", "grid", "no/such.map"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        text(&missing.stderr).contains("no/such.map"),
        "{}",
        text(&missing.stderr)
    );
}

#[test]
fn bad_queries_are_named_and_an_unreachable_goal_is_an_answer() {
    let dir = scratch("queries");
    let map = "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n..@..\n";
    std::fs::write(dir.join("tiny.map"), map).unwrap();
    let scen = dir.join("q.scen");
    std::fs::write(
        &scen,
        "version 1\n\
         0\ttiny.map\t5\t3\t0\t0\t1\t2\t2.41421356\n\
         0\tnothere.map\t5\t3\t0\t0\t1\t0\t1\n\
         0\ttiny.map\t5\t3\t2\t0\t1\t0\t1\n\
         0\ttiny.map\t6\t3\t0\t0\t1\t0\t1\n\
         0\ttiny.map\t5\t3\t9\t9\t1\t0\t1\n",
    )
    .unwrap();
    let out = searchlab(&["solve", "grid", "-f", scen.to_str().unwrap()], "");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for (line, what) in [
        (3, "nothere.map"),
        (4, "blocked"),
        (5, "6x3"),
        (6, "outside"),
    ] {
        let named = stderr
            .lines()
            .any(|l| l.contains(&format!("q.scen: line {line}:")) && l.contains(what));
        assert!(named, "line {line} ({what}): {stderr}");
    }
    assert!(text(&out.stdout).contains("length 2.41421356"), "{stderr}");
    // Across the wall: no path, an answer (exit 0).
    let tiny = dir.join("tiny.map");
    let out = searchlab(
        &["solve", "grid", &format!("{} 0 0 4 0", tiny.display())],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("no path"),
        "{}",
        text(&out.stdout)
    );
}

/// A `.scen` file given as a positional argument is read as with `-f` (issue 14): the same
/// rows, its path as their source; a word that is no existing file is still an instance.
#[test]
fn a_scen_file_as_an_argument_is_read_as_a_file() {
    let scen = "puzzles/grid/arena.map.scen";
    let by_flag = searchlab(&["solve", "grid", "-f", scen, "--format", "json"], "");
    let by_arg = searchlab(&["solve", "grid", scen, "--format", "json"], "");
    assert_eq!(by_arg.status.code(), Some(0), "{}", text(&by_arg.stderr));
    let strip = |rows: Vec<serde_json::Value>| -> Vec<serde_json::Value> {
        rows.into_iter()
            .map(|mut r| {
                r["stats"]["seconds"] = 0.into();
                r
            })
            .collect()
    };
    let rows = strip(json_lines(&by_arg.stdout));
    assert_eq!(rows.len(), 160);
    assert_eq!(rows[0]["source"], scen);
    assert_eq!(rows, strip(json_lines(&by_flag.stdout)));
    let missing = searchlab(&["solve", "grid", "no/such.scen"], "");
    assert_eq!(missing.status.code(), Some(2));
    let help = searchlab(&["solve", "grid", "--help"], "");
    assert!(text(&help.stdout).contains("an argument naming an existing .scen file"));
}
