//! `--threads N` on the sliding puzzles: parallel IDA* must print what the sequential IDA*
//! prints (answers, node counts per iteration), only the time may differ.

mod common;

use common::{json_lines, searchlab, text};
use serde_json::Value;

/// Each row's answer and counts, without the times.
fn answers(problem: &str, file: &str, extra: &[&str]) -> Vec<(Value, Value, Value, Value, Value)> {
    let mut args = vec![
        "solve",
        problem,
        "--file",
        file,
        "--algo",
        "idastar",
        "--heuristic",
        "manhattan",
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    let out = searchlab(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    json_lines(&out.stdout)
        .into_iter()
        .map(|r| {
            let s = &r["stats"];
            (
                r["moves"].clone(),
                r["length"].clone(),
                s["expanded"].clone(),
                s["generated"].clone(),
                s["iterations"].clone(),
            )
        })
        .collect()
}

#[test]
fn two_threads_give_the_sequential_answers_and_counts() {
    for (problem, file) in [
        ("fifteen", "puzzles/fifteen/easy.txt"),
        ("twentyfour", "puzzles/twentyfour/easy.txt"),
        ("eight", "puzzles/eight/easy.txt"),
    ] {
        let one = answers(problem, file, &[]);
        let two = answers(problem, file, &["--threads", "2"]);
        assert!(!one.is_empty(), "{problem}");
        assert!(one.iter().all(|a| a.2.as_u64().is_some()), "{problem}");
        assert_eq!(one, two, "{problem}");
    }
}

#[test]
fn a_bad_thread_count_is_bad_input() {
    let out = searchlab(
        &[
            "solve",
            "fifteen",
            "--threads",
            "two",
            "--file",
            "puzzles/fifteen/easy.txt",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("threads"),
        "{}",
        text(&out.stderr)
    );
}
