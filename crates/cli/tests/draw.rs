//! `solve gametree --draw FILE.svg`: the picture is written (one file, or one per line of a
//! file of trees), is SVG, names the tree's node count, and stderr says what was written.

mod common;

use common::{searchlab, text};

/// A fresh directory for this test's pictures.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-draw-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn one_tree_is_drawn_to_the_file_named() {
    let dir = scratch("one");
    let file = dir.join("tree.svg");
    let f = file.to_str().unwrap();
    let out = searchlab(&["solve", "gametree", "((3,5),(6,(9,1)))", "--draw", f], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(&format!("wrote {f} (9 nodes")), "{stderr}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("9 nodes, 5 leaves"), "{svg}");
    // The stdout report is what it is without --draw (but for the time).
    let plain = searchlab(&["solve", "gametree", "((3,5),(6,(9,1)))"], "");
    let untimed = |s: &str| s.split("time").next().unwrap().to_owned();
    assert_eq!(untimed(&text(&plain.stdout)), untimed(&text(&out.stdout)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_trees_gets_one_picture_per_line() {
    let dir = scratch("many");
    let input = dir.join("trees.txt");
    std::fs::write(&input, "# two trees\n(1,(2,3))\n(oops\n((4,5),(6,7))\n").unwrap();
    let base = dir.join("t.svg");
    let out = searchlab(
        &[
            "solve",
            "gametree",
            "--file",
            input.to_str().unwrap(),
            "--draw",
            base.to_str().unwrap(),
        ],
        "",
    );
    let stderr = text(&out.stderr);
    // Lines 2 and 4 are trees; line 3 is bad and drawn nowhere.
    let two = std::fs::read_to_string(dir.join("t-2.svg")).expect(&stderr);
    let four = std::fs::read_to_string(dir.join("t-4.svg")).expect(&stderr);
    assert!(!dir.join("t-3.svg").exists());
    assert!(!base.exists());
    assert!(two.contains("line 2: tree: 5 nodes, 3 leaves"), "{two}");
    assert!(four.contains("line 4: tree: 7 nodes, 4 leaves"), "{four}");
    assert!(stderr.contains("t-2.svg (5 nodes"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tictactoe_board_is_drawn_to_the_depth_asked() {
    let dir = scratch("ttt");
    let file = dir.join("ttt.svg");
    let f = file.to_str().unwrap();
    let boards = "x../.o./...\n.../.x./...\n";
    let out = searchlab(
        &["solve", "tictactoe", "--draw", f, "--draw-depth", "2"],
        boards,
    );
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // x../.o./...: 7 moves, then 6 replies each: 1 + 7 + 42 positions.
    assert!(
        stderr.contains(&format!("wrote {f} (50 nodes, 2 plies)")),
        "{stderr}"
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"node ").count(), 50);
    assert!(svg.contains("x to move, 2 plies"), "{svg}");
    // The second board: 8 moves, 7 replies each.
    let second = std::fs::read_to_string(dir.join("ttt-2.svg")).expect(&stderr);
    assert_eq!(second.matches("class=\"node ").count(), 1 + 8 + 56);
    // Too deep a picture is refused with a reason, and the answer still comes.
    let deep = searchlab(
        &[
            "solve",
            "tictactoe",
            "empty",
            "--draw",
            f,
            "--draw-depth",
            "9",
        ],
        "",
    );
    assert!(deep.status.success());
    assert!(
        text(&deep.stderr).contains("not written"),
        "{}",
        text(&deep.stderr)
    );
    assert!(text(&deep.stdout).contains("draw"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_triangle_position_is_drawn_to_the_depth_asked() {
    let dir = scratch("triangle");
    let file = dir.join("tri.svg");
    let f = file.to_str().unwrap();
    let out = searchlab(
        &[
            "solve",
            "triangle",
            "2-5 5-9 9-10 6-10 8-9 2-3 5-6 6-9 7-8 1-3 3-5 4-5",
            "--draw",
            f,
            "--draw-depth",
            "1",
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // 12 of the 18 segments drawn: the root and 6 children.
    assert!(
        stderr.contains(&format!("wrote {f} (7 nodes, 1 plies)")),
        "{stderr}"
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"node ").count(), 7);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 31: `--draw` into a folder that does not exist is bad input (exit 2, said before the
/// search, nothing printed on stdout), and a game-tree picture named `.png` is refused rather
/// than written as SVG under a PNG name, for every problem that draws game trees.
#[test]
fn a_draw_file_that_cannot_be_right_is_refused_before_the_search() {
    let dir = scratch("refused");
    let png = dir.join("t.png");
    let cases: [(&[&str], &str); 4] = [
        (&["gametree", "((3,5),(6,(9,1)))"], "/nonexistent/a.png"),
        (&["gametree", "((3,5),(6,(9,1)))"], png.to_str().unwrap()),
        (&["tictactoe", "xx./oo./..."], png.to_str().unwrap()),
        (
            &[
                "triangle",
                "2-5 5-9 9-10 6-10 8-9 2-3 5-6 6-9 7-8 1-3 3-5 4-5",
            ],
            png.to_str().unwrap(),
        ),
    ];
    for (problem, file) in cases {
        let mut args = vec!["solve"];
        args.extend_from_slice(problem);
        args.extend(["--draw", file]);
        let out = searchlab(&args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(&format!("--draw {file}")), "{stderr}");
        assert!(text(&out.stdout).is_empty(), "{args:?}: searched anyway");
        if file.ends_with("t.png") {
            assert!(stderr.contains("SVG"), "{stderr}");
        }
        assert!(!png.exists(), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
