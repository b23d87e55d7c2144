//! `searchlab solve gametree`, run as a user runs it.

use std::process::{Command, Output};

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/gametree/");

fn searchlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn seed004_figure_from_a_file() {
    let path = format!("{PUZZLES}seed004_fig3_10.tree");
    let out = searchlab(&["solve", "gametree", "--file", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("value: 1\n"), "{stdout}");
    assert!(stdout.contains("principal variation: 2 -> 2.1 -> 2.1.1 -> 2.1.1.3 (leaf 1)"));
    assert!(stdout.contains("leaves evaluated: minimax 20, alpha-beta 10"));
    assert!(stdout.contains("pruned by alpha-beta: 6 subtrees, 10 leaves"));
    assert!(stdout.contains("  1.2.2    (7,2)\n"), "{stdout}");
}

#[test]
fn json_with_a_min_root() {
    let out = searchlab(&[
        "solve",
        "gametree",
        "--root",
        "min",
        "--format",
        "json",
        "((0,(-3,7)),((3),(2,6)))",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // One tree, one compact line.
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let j: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(j["source"], "argument 1");
    assert_eq!(j["status"], "solved");
    assert_eq!(j["value"], 0);
    assert_eq!(j["pv"], serde_json::json!(["1", "1.1"]));
    assert_eq!(j["minimax_leaves"], 6);
    assert_eq!(j["alphabeta_leaves"], 3);
    // The chosen algorithm's statistics (alpha-beta by default), as every solve's `stats`.
    assert_eq!(j["algorithm"], "alphabeta");
    assert_eq!(j["stats"]["leaves"], 3);
    assert!(j["stats"]["cutoffs"].as_u64().unwrap() >= 1);
    assert_eq!(
        j["pruned"][1],
        serde_json::json!({ "node": "2.2", "subtree": "(2,6)" })
    );
}

#[test]
fn malformed_trees_say_where() {
    for (tree, message) in [
        (
            "((3,5),(6,(9,1))",
            "position 17: expected ',' or ')' (the '(' at position 1 is still open), found end of text",
        ),
        ("(3,,5)", "position 4: expected a number or '(', found ','"),
        ("(3,())", "position 4: empty subtree"),
        (
            "(3,5) 7",
            "position 7: unexpected '7' after the complete tree",
        ),
        ("", "empty tree"),
    ] {
        let out = searchlab(&["solve", "gametree", tree]);
        assert_eq!(out.status.code(), Some(2), "{tree}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(message), "{tree}: {stderr}");
    }
    // The caret points at the fault.
    let out = searchlab(&["solve", "gametree", "(3,,5)"]);
    assert!(text(&out.stderr).contains("    (3,,5)\n       ^"));
}

#[test]
fn json_for_a_malformed_tree_is_one_error_row() {
    let out = searchlab(&["solve", "gametree", "--format", "json", "(3,,5)"]);
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let j: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(j["source"], "argument 1");
    assert_eq!(j["status"], "error");
    assert!(j["line"].is_null());
    assert_eq!(
        j["error"],
        "position 4: expected a number or '(', found ','"
    );
    // The caret still goes to stderr.
    assert!(text(&out.stderr).contains("    (3,,5)\n       ^"));
}

/// MTD(f) lists the value each null-window test asked about ("value >= t?"), values of the
/// tree's own scale (issue 31: 1073741825, 3221225473, ...), and its trace numbers the tests as
/// the statistics list them (it said `"iteration":1` for each).
#[test]
fn mtdf_lists_its_tests_thresholds_and_numbers_them_in_the_trace() {
    let tree = "((3,5),(6,(9,1)))";
    let out = searchlab(&[
        "solve", "gametree", tree, "--algo", "mtdf", "--format", "json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let row: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(row["value"], 6);
    let bounds: Vec<i64> = row["stats"]["iterations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["bound"].as_i64().unwrap())
        .collect();
    assert!(bounds.len() >= 2, "{bounds:?}");
    // Each threshold within twice the leaves' range, and the last tests close in on 6.
    assert!(bounds.iter().all(|b| (-18..=19).contains(b)), "{bounds:?}");
    assert!(bounds.contains(&6) || bounds.contains(&7), "{bounds:?}");
    let dir = std::env::temp_dir().join(format!("searchlab-mtdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("t.jsonl");
    let out = searchlab(&[
        "solve",
        "gametree",
        tree,
        "--algo",
        "mtdf",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let iterations: Vec<u64> = std::fs::read_to_string(&trace)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter_map(|e| e["iteration"].as_u64())
        .collect();
    let numbered: Vec<u64> = (1..=bounds.len() as u64).collect();
    assert_eq!(iterations, numbered);
    std::fs::remove_dir_all(&dir).unwrap();
}
