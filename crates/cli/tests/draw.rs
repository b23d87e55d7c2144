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
