//! Fuzzing the shard reader and `report`'s reader (issue 32): real shard files of a small
//! benchmark, mutated byte by byte and line by line, and arbitrary bytes, must read as a shard
//! (and merge into a report that prints in every format) or give an error naming the file,
//! never a panic or an abort. Unmutated, the shards read back the rows they were written with.
//!
//! `cargo test` runs 1,000 cases (the counts below); a longer run for developers:
//! `PROPTEST_CASES=100000 cargo test --release -p searchlab-harness --test fuzz` (every property
//! then runs that many).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use proptest::prelude::*;
use searchlab_harness::jsonl::{self, Provenance};
use searchlab_harness::{Bench, BenchError, Input, ReportFormat, ReportOptions, Shard, Spec};
use searchlab_npuzzle::describe::EightPuzzle;
use searchlab_toolkit::{Cancel, Description, Options};

/// The cases of a property: `PROPTEST_CASES` when set, else `default`.
fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(n)
}

/// A scratch folder of this test process.
fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-harness-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The three shard files of a small benchmark (three algorithms, two heuristics, six
/// boards and a bad line), written once: their bytes.
fn shards() -> &'static [Vec<u8>; 3] {
    static SHARDS: OnceLock<[Vec<u8>; 3]> = OnceLock::new();
    SHARDS.get_or_init(|| {
        const BOARDS: [&str; 7] = [
            "1 2 3 4 5 6 7 x 8 | 1",
            "1 2 3 4 5 6 x 7 8 | 2",
            "1 2 3 x 5 6 4 7 8 | 3",
            "not a board",
            "1 x 3 5 2 6 4 7 8 | 5",
            "x 1 3 5 2 6 4 7 8 | 6",
            "1 2 3 4 5 6 7 8 x | 0",
        ];
        let problem = EightPuzzle::new(&Options::new()).unwrap();
        let who = Provenance::here("fuzz");
        let make = |k: usize| {
            let shard = Shard { k, n: 3 };
            let spec = Spec {
                algorithms: vec!["astar".into(), "idastar".into(), "bfs".into()],
                heuristics: vec!["manhattan".into(), "misplaced".into()],
                files: vec!["boards.txt".into()],
                shard,
                ..Spec::default()
            };
            let inputs = (BOARDS.iter().enumerate())
                .map(|(i, line)| Input::line(&problem, "boards.txt", i + 1, line))
                .collect();
            let bench = Bench::<EightPuzzle>::new(&spec, inputs).unwrap();
            let limits = bench.definition().limits.limits();
            let path = dir().join(format!("base-{k}.jsonl"));
            let (w, done) = jsonl::open(&path, bench.definition(), shard, 1, &who, false).unwrap();
            bench
                .run(&limits, &done, &Cancel::new(), &|row, answer| {
                    w.write(row, answer)
                })
                .unwrap();
            w.finish().unwrap();
            std::fs::read(&path).unwrap()
        };
        [make(1), make(2), make(3)]
    })
}

/// Pieces a mutation inserts: JSON-hostile tokens, line breaks and bytes.
const INSERTS: &[&[u8]] = &[
    b"\n",
    b"\r\n",
    b"\"",
    b"{",
    b"}",
    b",",
    b":",
    b"[",
    b"]",
    b"null",
    b"true",
    b"-1",
    b"0",
    b"1e400",
    b"-1e400",
    b"NaN",
    b"18446744073709551616",
    b"0.0",
    b"\"type\":\"header\"",
    b"\"shard\":\"2/3\"",
    b"\"fingerprint\":\"0\"",
    b"\xff",
    b"\xef\xbb\xbf",
    b"\0",
    b"\\u0000",
    b"\"\xc3\xa9\"",
    b"99999",
];

#[path = "../../../tests/support/mutate.rs"]
mod support;
use support::{Mutation, mutations};

/// `base` mutated by `muts` with this format's inserts.
fn mutate(base: &[u8], muts: &[Mutation]) -> Vec<u8> {
    support::mutate(base, muts, INSERTS)
}

/// An error of reading `path` names it and says something.
fn names_the_file(e: &BenchError, path: &Path) {
    let text = e.to_string();
    assert!(
        text.contains(&path.display().to_string()) || matches!(e, BenchError::Mixed(_)),
        "{text}"
    );
    assert!(text.len() > path.display().to_string().len() + 2, "{text}");
}

/// A report prints in every text format without a panic.
fn prints(report: &searchlab_harness::Report) {
    for format in [ReportFormat::Table, ReportFormat::Csv, ReportFormat::Json] {
        let mut out = Vec::new();
        report.print(format, &mut out).unwrap();
    }
    let mut err = Vec::new();
    report.finish("", &mut err).unwrap();
}

proptest! {
    #![proptest_config(cases(400))]

    /// A mutated shard file reads as a shard with at most the rows it has lines for, or is
    /// refused naming it; unmutated, it reads back every row it was written with.
    #[test]
    fn mutated_shard_files(k in 0usize..3, muts in mutations(4)) {
        let base = &shards()[k];
        let bytes = mutate(base, &muts);
        let path = dir().join(format!("m-{k}.jsonl"));
        std::fs::write(&path, &bytes).unwrap();
        match jsonl::read(&path) {
            Ok(Some(file)) => {
                let lines = bytes.split(|&b| b == b'\n').count();
                prop_assert!(file.rows.len() < lines);
                if muts.is_empty() {
                    let rows = base.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count() - 1;
                    prop_assert_eq!(file.rows.len(), rows);
                    prop_assert_eq!(file.shard, Shard { k: k + 1, n: 3 });
                }
            }
            // Nothing to read: a header cut before its line end, as a killed run leaves it.
            Ok(None) => prop_assert!(!muts.is_empty()),
            Err(e) => {
                prop_assert!(!muts.is_empty(), "a shard as written was refused: {}", e);
                names_the_file(&e, &path);
            }
        }
    }
}

proptest! {
    #![proptest_config(cases(300))]

    /// `report`'s reader: the three shards, one of them mutated, merge into a report that
    /// prints in every format (and configures its comparisons), or are refused naming a file.
    #[test]
    fn reports_of_mutated_shards(k in 0usize..3, muts in mutations(3), baseline in any::<bool>()) {
        let paths: Vec<PathBuf> = (0..3)
            .map(|i| {
                let path = dir().join(format!("r{i}-{k}.jsonl"));
                let bytes = if i == k { mutate(&shards()[i], &muts) } else { shards()[i].clone() };
                std::fs::write(&path, bytes).unwrap();
                path
            })
            .collect();
        match jsonl::merge(&paths) {
            Ok(report) => {
                let options = ReportOptions {
                    baseline: baseline.then(|| "astar/manhattan".to_owned()),
                    ..ReportOptions::default()
                };
                if let Ok(report) = report.configure(&options) {
                    prints(&report);
                }
            }
            Err(e) => {
                prop_assert!(!muts.is_empty(), "the shards as written were refused: {}", e);
                names_the_file(&e, &paths[k]);
            }
        }
    }

    /// Arbitrary bytes as a shard file: a shard, nothing, or an error naming the file.
    #[test]
    fn arbitrary_bytes_as_a_shard_file(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let path = dir().join("bytes.jsonl");
        std::fs::write(&path, &bytes).unwrap();
        if let Err(e) = jsonl::read(&path) {
            names_the_file(&e, &path);
        }
        if let Err(e) = jsonl::merge(std::slice::from_ref(&path)) {
            names_the_file(&e, &path);
        }
    }
}
