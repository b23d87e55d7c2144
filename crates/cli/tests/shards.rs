//! Shards and their merge (issue 19): `bench --shard K/N --format jsonl` files merged by
//! `searchlab report` print what the unsharded run prints (apart from timing columns), a mix of
//! benchmarks is refused, missing and duplicated rows are named, `--resume` skips complete rows
//! and drops a partial line, and the GNU parallel recipe of docs/cluster.md works as written.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::text;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn searchlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs")
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The eight-puzzle benchmark of these tests: two algorithms, two heuristics, the medium set
/// and a file with a bad line (so that bad lines cross shards too).
fn eight_args(dir: &Path) -> Vec<String> {
    let extra = dir.join("extra.txt");
    std::fs::write(
        &extra,
        "1 2 3 4 5 6 7 x 8 | 1\nnot a board\n1 2 3 4 5 6 x 7 8 | 2\n",
    )
    .unwrap();
    [
        "eight",
        "puzzles/eight/medium.txt",
        extra.to_str().unwrap(),
        "--algo",
        "astar,idastar",
        "--heuristic",
        "manhattan,misplaced",
    ]
    .map(String::from)
    .to_vec()
}

/// `searchlab bench ARGS EXTRA...`.
fn bench(args: &[String], extra: &[&str]) -> Output {
    let mut all: Vec<&str> = vec!["bench"];
    all.extend(args.iter().map(String::as_str));
    all.extend_from_slice(extra);
    searchlab(&all)
}

/// Runs shard `k/n` into `dir/shard-k.jsonl` and returns the file.
fn shard(args: &[String], dir: &Path, k: usize, n: usize, extra: &[&str]) -> PathBuf {
    let file = dir.join(format!("shard-{k}.jsonl"));
    let spec = format!("{k}/{n}");
    let mut more = vec![
        "--shard",
        &spec,
        "--format",
        "jsonl",
        "-o",
        file.to_str().unwrap(),
    ];
    more.extend_from_slice(extra);
    let out = bench(args, &more);
    assert!(out.stdout.is_empty(), "rows go to the file");
    assert!(file.exists(), "{}", text(&out.stderr));
    file
}

/// `searchlab report FILES EXTRA...`.
fn report(files: &[PathBuf], extra: &[&str]) -> Output {
    let mut all: Vec<&str> = vec!["report"];
    all.extend(files.iter().map(|f| f.to_str().unwrap()));
    all.extend_from_slice(extra);
    searchlab(&all)
}

/// A table without its timing figures: the time score of the coverage rows, the block of
/// times over the common instances, the time half of the comparison rows, and in the
/// all-instance table (17 words a row: the rate, the times and the peak memory are two words
/// each) nodes/s, time and med time.
fn untimed_table(out: &str) -> Vec<String> {
    let mut in_times = false;
    let mut in_time_comparisons = false;
    out.lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            // The time comparisons, a table of their own: left out whole.
            if words.starts_with(&["B", "vs", "A", "time"]) {
                in_time_comparisons = true;
                return None;
            }
            if in_time_comparisons && words.get(1) == Some(&"vs") {
                return None;
            }
            in_time_comparisons = false;
            if words.get(1) == Some(&"sum") {
                in_times = words[0] == "time";
            } else if !line.starts_with("  ") {
                in_times = false;
            }
            if in_times && line.starts_with("  ") {
                return None;
            }
            let coverage =
                words.len() == 6 && words[1].contains('/') && words[2].parse::<u64>().is_ok();
            Some(if coverage {
                [&words[..4], &words[5..]].concat().join(" ")
            } else if words.get(1) == Some(&"vs") && words.len() == 16 {
                words[..11].join(" ")
            } else if words.len() == 17 && words[1].parse::<u64>().is_ok() {
                [&words[..8], &words[14..]].concat().join(" ")
            } else {
                words.join(" ")
            })
        })
        .collect()
}

/// CSV without its `seconds` column.
fn untimed_csv(out: &str) -> Vec<String> {
    out.lines()
        .map(|line| {
            let mut fields: Vec<&str> = line.split(',').collect();
            // The 13 columns, then the 4 of the last-layer statistics.
            assert_eq!(fields.len(), 17, "{line}");
            fields.remove(11);
            fields.join(",")
        })
        .collect()
}

/// JSON without the times.
fn untimed_json(out: &str) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map) => {
                for key in [
                    "seconds",
                    "seconds_total",
                    "seconds_median",
                    "nodes_per_second",
                    "score_search_time",
                    "ratio_time",
                    "geomean_ratio_time",
                    "time_ci_low",
                    "time_ci_high",
                    "time_wins",
                    "time_ties",
                    "time_losses",
                    "time_p_value",
                ] {
                    map.remove(key);
                }
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v: Value = serde_json::from_str(out).expect("JSON");
    strip(&mut v);
    v
}

/// The rows of a shard file.
fn rows(file: &Path) -> Vec<Value> {
    let all = std::fs::read_to_string(file).unwrap();
    let mut lines = all
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap());
    assert_eq!(lines.next().unwrap()["type"], "header");
    lines.collect()
}

#[test]
fn merged_shards_print_what_one_run_prints() {
    let dir = scratch("merge");
    let args = eight_args(&dir);
    let whole_svg = dir.join("whole.svg");
    let whole = bench(&args, &["--plot", whole_svg.to_str().unwrap()]);
    // The bad line is bad input: status 2 for the run and for the merge.
    assert_eq!(whole.status.code(), Some(2), "{}", text(&whole.stderr));
    // Given in another order than they ran.
    let files: Vec<PathBuf> = [3, 1, 2].map(|k| shard(&args, &dir, k, 3, &[])).to_vec();
    for f in &files {
        let rows = rows(f);
        assert!(!rows.is_empty());
        for r in &rows {
            for key in [
                "problem",
                "algorithm",
                "heuristic",
                "file",
                "line",
                "status",
                "answer",
            ] {
                assert!(r.get(key).is_some(), "{key} in {r}");
            }
            for key in ["stats", "tool", "command", "host", "fingerprint"] {
                assert!(!r[key].is_null(), "{key} in {r}");
            }
            assert_eq!(r["problem"], "eight");
        }
    }
    let merged_svg = dir.join("merged.svg");
    let merged = report(&files, &["--plot", merged_svg.to_str().unwrap()]);
    assert_eq!(merged.status.code(), Some(2), "{}", text(&merged.stderr));
    assert!(text(&merged.stderr).contains("1 bad instance line(s)"));
    let table = untimed_table(&text(&whole.stdout));
    assert!(
        table[0].starts_with("eight: 32 instances, 4 pairs"),
        "{table:?}"
    );
    assert!(
        table
            .iter()
            .any(|l| l.starts_with("common: 32 of 32 instances")),
        "{table:?}"
    );
    // Coverage, the four blocks over the common instances (time's rows left out), the three
    // comparisons against the first pair.
    assert_eq!(table.len(), 34, "{table:#?}");
    assert_eq!(untimed_table(&text(&merged.stdout)), table);
    // The plot has no timing in it: the same bytes.
    assert_eq!(
        std::fs::read(&whole_svg).unwrap(),
        std::fs::read(&merged_svg).unwrap()
    );

    let whole = bench(&args, &["--format", "csv"]);
    let merged = report(&files, &["--format", "csv"]);
    assert_eq!(
        untimed_csv(&text(&merged.stdout)),
        untimed_csv(&text(&whole.stdout))
    );
    let whole = bench(&args, &["--format", "json"]);
    let merged = report(&files, &["--format", "json"]);
    assert_eq!(
        untimed_json(&text(&merged.stdout)),
        untimed_json(&text(&whole.stdout))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merged_shards_of_a_game_print_what_one_run_prints() {
    let dir = scratch("game");
    let args: Vec<String> = [
        "tictactoe",
        "puzzles/tictactoe/easy.txt",
        "--algo",
        "alphabeta,alphabeta+no-table,minimax",
    ]
    .map(String::from)
    .to_vec();
    let whole = bench(&args, &[]);
    assert_eq!(whole.status.code(), Some(0), "{}", text(&whole.stderr));
    let files: Vec<PathBuf> = [2, 1].map(|k| shard(&args, &dir, k, 2, &[])).to_vec();
    let merged = report(&files, &[]);
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged.stderr));
    assert_eq!(
        untimed_table(&text(&merged.stdout)),
        untimed_table(&text(&whole.stdout))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn report_refuses_a_mix_of_benchmarks() {
    let dir = scratch("mix");
    let args = eight_args(&dir);
    let a = shard(&args, &dir, 1, 2, &[]);
    let other = dir.join("other");
    std::fs::create_dir_all(&other).unwrap();
    let b = shard(&args, &other, 2, 2, &["--max-nodes", "50"]);
    let out = report(&[a.clone(), b.clone()], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("cannot merge: the files hold 2 different benchmark definitions"));
    assert!(err.contains(a.to_str().unwrap()) && err.contains(b.to_str().unwrap()));
    assert!(err.contains("limits"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn report_names_missing_and_duplicated_rows() {
    let dir = scratch("missing");
    let args = eight_args(&dir);
    let one = shard(&args, &dir, 1, 3, &[]);
    let two = shard(&args, &dir, 2, 3, &[]);
    let out = report(&[one.clone(), two.clone()], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    // Shard 3's 11 instances (positions 2, 5, ..., 32; the bad line is at 31), 4 pairs.
    assert!(err.contains("44 row(s) missing"), "{err}");
    assert!(
        err.contains("(from shard 3/3: absent or unfinished)"),
        "{err}"
    );
    assert!(
        err.contains("puzzles/eight/medium.txt:4 astar/manhattan"),
        "{err}"
    );

    let out = report(&[one.clone(), two.clone(), one.clone()], &[]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("row(s) duplicated"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resume_skips_complete_rows_and_drops_a_partial_line() {
    let dir = scratch("resume");
    let args = eight_args(&dir);
    let full = shard(&args, &dir, 1, 2, &[]);
    let complete = std::fs::read_to_string(&full).unwrap();
    let n_rows = rows(&full).len();
    assert!(n_rows > 10);

    // Killed after 5 rows, while writing the 6th.
    let lines: Vec<&str> = complete.lines().collect();
    let mut killed = lines[..6].join("\n") + "\n";
    killed += &lines[6][..lines[6].len() / 2];
    let file = dir.join("shard-1.jsonl");
    std::fs::write(&file, &killed).unwrap();
    let out = bench(
        &args,
        &[
            "--shard",
            "1/2",
            "--format",
            "jsonl",
            "-o",
            file.to_str().unwrap(),
            "--resume",
        ],
    );
    // The bad line (position 31) is shard 2's: this one is all good.
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let resumed = std::fs::read_to_string(&file).unwrap();
    assert!(resumed.starts_with(&(lines[..6].join("\n") + "\n")));
    let resumed_rows = rows(&file);
    assert_eq!(resumed_rows.len(), n_rows);
    let mut keys: Vec<(u64, u64)> = resumed_rows
        .iter()
        .map(|r| (r["index"].as_u64().unwrap(), r["pair"].as_u64().unwrap()))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), n_rows, "no run twice");

    // Complete: nothing runs, the file is untouched.
    let out = bench(
        &args,
        &[
            "--shard",
            "1/2",
            "--format",
            "jsonl",
            "-o",
            file.to_str().unwrap(),
            "--resume",
        ],
    );
    assert!(
        text(&out.stderr).contains("is complete"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), resumed);

    // The resumed shard merges like any other.
    let two = shard(&args, &dir, 2, 2, &[]);
    let merged = report(&[file.clone(), two], &[]);
    let whole = bench(&args, &[]);
    assert_eq!(
        untimed_table(&text(&merged.stdout)),
        untimed_table(&text(&whole.stdout))
    );

    // Resuming into a file of another benchmark leaves it alone.
    let out = bench(
        &args,
        &[
            "--shard",
            "1/2",
            "--max-nodes",
            "9",
            "--format",
            "jsonl",
            "-o",
            file.to_str().unwrap(),
            "--resume",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot resume"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), resumed);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The lines of the GNU parallel recipe in docs/cluster.md.
fn parallel_recipe() -> String {
    let doc = std::fs::read_to_string(root().join("docs/cluster.md")).unwrap();
    let start = doc
        .find("<!-- parallel-recipe -->")
        .expect("the recipe's marker");
    let end = doc
        .find("<!-- /parallel-recipe -->")
        .expect("the recipe's end marker");
    let block = &doc[start..end];
    let code = block.split("```").nth(1).expect("a code block");
    code.trim_start_matches("sh").to_owned()
}

#[test]
fn gnu_parallel_recipe_runs_shards_and_merges_them() {
    let found = Command::new("sh")
        .args(["-c", "command -v parallel"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!(
            "SKIPPED: GNU parallel is not installed (.ci/run installs it with apt-get when it can)"
        );
        return;
    }
    let dir = scratch("parallel");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_searchlab"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &parallel_recipe()])
        .env("PATH", path)
        .env("OUT", &dir)
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let whole = bench(
        &[
            "eight",
            "puzzles/eight/medium.txt",
            "--algo",
            "astar,idastar",
            "--heuristic",
            "manhattan,misplaced",
        ]
        .map(String::from),
        &[],
    );
    assert_eq!(
        untimed_table(&text(&out.stdout)),
        untimed_table(&text(&whole.stdout))
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}
