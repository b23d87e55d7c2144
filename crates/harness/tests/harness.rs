//! The harness as a library: shards partition the work, the fingerprint sees every part of a
//! definition, and rows written as JSON Lines read back into the same report.

use searchlab_harness::jsonl::{self, Provenance};
use searchlab_harness::{Bench, Input, Report, Shard, Spec, Verdict};
use searchlab_npuzzle::describe::EightPuzzle;
use searchlab_toolkit::{Cancel, Description, Options};

/// Boards of 0 to 6 moves from the goal, with their optimal lengths, and one bad line.
const BOARDS: [&str; 8] = [
    "1 2 3 4 5 6 7 x 8 | 1",
    "1 2 3 4 5 6 x 7 8 | 2",
    "1 2 3 x 5 6 4 7 8 | 3",
    "1 2 3 5 x 6 4 7 8 | 4",
    "not a board",
    "1 x 3 5 2 6 4 7 8 | 5",
    "x 1 3 5 2 6 4 7 8 | 6",
    "1 2 3 4 5 6 7 8 x | 0",
];

fn inputs() -> Vec<Input<<EightPuzzle as Description>::Instance>> {
    let problem = EightPuzzle::new(&Options::new()).unwrap();
    (BOARDS.iter().enumerate())
        .map(|(i, line)| Input::line(&problem, "boards.txt", i + 1, line))
        .collect()
}

fn spec(shard: Shard) -> Spec {
    Spec {
        algorithms: vec!["astar".into(), "idastar".into(), "bfs".into()],
        heuristics: vec!["manhattan".into(), "misplaced".into()],
        files: vec!["boards.txt".into()],
        shard,
        ..Spec::default()
    }
}

#[test]
fn shards_partition_the_work_and_balance_the_instances() {
    let whole = Bench::<EightPuzzle>::new(&spec(Shard::ALL), inputs()).unwrap();
    // astar and idastar with two heuristics, bfs with none.
    assert_eq!(whole.pairs().len(), 5);
    let mut all = whole.work();
    assert_eq!(all.len(), 7 * 5);
    all.sort_unstable();
    for n in 1..=9 {
        let mut union = Vec::new();
        let mut sizes = Vec::new();
        for k in 1..=n {
            let bench = Bench::<EightPuzzle>::new(&spec(Shard { k, n }), inputs()).unwrap();
            assert_eq!(bench.definition(), whole.definition(), "one definition");
            let work = bench.work();
            sizes.push(
                (0..BOARDS.len())
                    .filter(|i| Shard { k, n }.owns(*i))
                    .count(),
            );
            union.extend(work);
        }
        union.sort_unstable();
        assert_eq!(union, all, "{n} shards: every run exactly once");
        let (min, max) = (sizes.iter().min(), sizes.iter().max());
        assert!(max.unwrap() - min.unwrap() <= 1, "{n} shards: {sizes:?}");
    }
}

#[test]
fn the_fingerprint_sees_every_part_of_the_definition() {
    let base = Bench::<EightPuzzle>::new(&spec(Shard::ALL), inputs()).unwrap();
    let fp = base.definition().fingerprint();
    assert_eq!(fp.len(), 16);
    let mut changed = Vec::new();
    let mut s = spec(Shard::ALL);
    s.heuristics = vec!["manhattan".into()];
    changed.push(s);
    let mut s = spec(Shard::ALL);
    s.limits.max_nodes = Some(10);
    changed.push(s);
    let mut s = spec(Shard::ALL);
    s.files = vec!["other.txt".into()];
    changed.push(s);
    let mut s = spec(Shard::ALL);
    s.options = vec!["threads=2".into()];
    changed.push(s);
    for s in &changed {
        let Ok(other) = Bench::<EightPuzzle>::new(s, inputs()) else {
            continue;
        };
        assert_ne!(other.definition().fingerprint(), fp, "{s:?}");
        assert!(!base.definition().difference(other.definition()).is_empty());
    }
    let mut fewer = inputs();
    fewer.pop();
    let other = Bench::<EightPuzzle>::new(&spec(Shard::ALL), fewer).unwrap();
    assert_ne!(other.definition().fingerprint(), fp);
    assert!(
        base.definition()
            .difference(other.definition())
            .contains("instance")
    );
}

#[test]
fn rows_written_as_json_lines_merge_into_the_same_report() {
    let dir =
        std::env::temp_dir().join(format!("searchlab-harness-harness-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let who = Provenance::here("harness test");
    let whole = Bench::<EightPuzzle>::new(&spec(Shard::ALL), inputs()).unwrap();
    let limits = whole.definition().limits.limits();
    let runs = whole
        .run(&limits, &[], &Cancel::new(), &|_, _| Ok(()))
        .unwrap();
    let report = Report::new(whole.definition(), Shard::ALL, 1, runs.rows, false);
    // The bad line makes the verdict; the searches agree with the expected answers.
    assert!(report.disagreements().is_empty());
    assert_eq!(report.verdict(), Verdict::BadLines);

    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = Shard { k, n: 3 };
        let bench = Bench::<EightPuzzle>::new(&spec(shard), inputs()).unwrap();
        let path = dir.join(format!("{k}.jsonl"));
        // The third shard by another version of the tool.
        let who = match k {
            3 => Provenance::here("harness test, next version"),
            _ => who.clone(),
        };
        let (writer, done) = jsonl::open(&path, bench.definition(), shard, 1, &who, false).unwrap();
        assert!(done.is_empty());
        bench
            .run(&limits, &done, &Cancel::new(), &|row, answer| {
                writer.write(row, answer)
            })
            .unwrap();
        // The shard file is written through a temporary file, renamed into place here.
        writer.finish().unwrap();
        files.push(path);
    }
    files.reverse();
    let merged = jsonl::merge(&files).unwrap();
    assert_eq!(merged.verdict(), Verdict::BadLines);
    let mut err = Vec::new();
    merged.finish("", &mut err).unwrap();
    let err = String::from_utf8(err).unwrap();
    assert!(
        err.contains(
            "note: the shards ran different tools: harness test, harness test, next version"
        ),
        "{err}"
    );
    assert!(err.contains("1 bad instance line(s)"), "{err}");
    let untimed = |r: &Report| {
        let mut rows: Vec<_> = r.rows().to_vec();
        rows.iter_mut().for_each(|r| r.seconds = 0.0);
        serde_json::to_string(&rows).unwrap()
    };
    assert_eq!(untimed(&merged), untimed(&report));
    let counts = |r: &Report| {
        (r.summaries().iter())
            .map(|s| (s.expanded_total, s.generated_total, s.solved, s.mean_answer))
            .collect::<Vec<_>>()
    };
    assert_eq!(counts(&merged), counts(&report));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes the 3 shards of the benchmark under `who` into `dir/{name}-{k}.jsonl`.
fn shards(dir: &std::path::Path, name: &str, who: &Provenance) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = Shard { k, n: 3 };
        let bench = Bench::<EightPuzzle>::new(&spec(shard), inputs()).unwrap();
        let limits = bench.definition().limits.limits();
        let path = dir.join(format!("{name}-{k}.jsonl"));
        let (writer, done) = jsonl::open(&path, bench.definition(), shard, 1, who, false).unwrap();
        bench
            .run(&limits, &done, &Cancel::new(), &|row, answer| {
                writer.write(row, answer)
            })
            .unwrap();
        // The shard file is written through a temporary file, renamed into place here.
        writer.finish().unwrap();
        files.push(path);
    }
    files
}

#[test]
fn shards_of_two_revisions_holding_the_same_runs_are_compared_as_builds() {
    let dir = std::env::temp_dir().join(format!("searchlab-harness-builds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let at = |revision: &str| Provenance {
        tool: "harness test".into(),
        command: "test".into(),
        host: "here".into(),
        revision: Some(revision.into()),
    };
    let old = shards(&dir, "old", &at("1111111111111111111111111111111111111111"));
    let new = shards(&dir, "new", &at("2222222222222222222222222222222222222222"));
    // Shards of one revision merge as before, with no builds.
    let files = [old.clone(), new.clone()].concat();
    let read: Vec<_> = (files.iter())
        .map(|f| jsonl::read(f).unwrap().unwrap())
        .collect();
    assert!(jsonl::builds(&read[..3]).is_none());
    let groups = jsonl::builds(&read).expect("two builds");
    assert_eq!(
        groups,
        [
            ("111111111111".to_owned(), vec![0, 1, 2]),
            ("222222222222".to_owned(), vec![3, 4, 5])
        ]
    );
    let report = jsonl::merge(&files).unwrap();
    // Five pairs per build; each of the second build against itself in the first.
    assert_eq!(report.pairs().len(), 10);
    let names: Vec<String> = (report.comparisons().iter())
        .map(|c| format!("{} vs {}", c.b, c.a))
        .collect();
    assert_eq!(
        names[0],
        "astar@222222222222/manhattan vs astar@111111111111/manhattan"
    );
    assert_eq!(names[4], "bfs@222222222222 vs bfs@111111111111");
    assert_eq!(names.len(), 5);
    for c in report.comparisons() {
        // The same counts: a ratio of exactly 1, all ties, 7 good instances each.
        assert_eq!(
            (c.common, c.expanded.ties, c.expanded.geomean_ratio),
            (7, 7, 1.0)
        );
    }
    assert!(report.disagreements().is_empty());
    // The bad line is one instance of the first build's definition.
    assert_eq!(report.verdict(), Verdict::BadLines);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_revision_is_read_from_the_git_directory() {
    let dir = std::env::temp_dir().join(format!("searchlab-harness-git-{}", std::process::id()));
    let git = dir.join("repo/.git");
    std::fs::create_dir_all(git.join("refs/heads")).unwrap();
    std::fs::create_dir_all(dir.join("repo/sub/dir")).unwrap();
    let commit = "0123456789abcdef0123456789abcdef01234567";
    // A branch's loose ref, found from a subdirectory.
    std::fs::write(git.join("HEAD"), "ref: refs/heads/main\n").unwrap();
    std::fs::write(git.join("refs/heads/main"), format!("{commit}\n")).unwrap();
    let sub = dir.join("repo/sub/dir");
    assert_eq!(jsonl::revision(&sub).as_deref(), Some(commit));
    // A packed ref.
    std::fs::remove_file(git.join("refs/heads/main")).unwrap();
    let packed =
        format!("# pack-refs with: peeled fully-peeled sorted\n{commit} refs/heads/main\n");
    std::fs::write(git.join("packed-refs"), packed).unwrap();
    assert_eq!(jsonl::revision(&sub).as_deref(), Some(commit));
    // A detached HEAD.
    std::fs::write(git.join("HEAD"), format!("{commit}\n")).unwrap();
    assert_eq!(jsonl::revision(&sub).as_deref(), Some(commit));
    // Not a repository (its ancestors are /tmp and /): nothing.
    let outside =
        std::env::temp_dir().join(format!("searchlab-harness-nogit-{}", std::process::id()));
    std::fs::create_dir_all(&outside).unwrap();
    if !std::env::temp_dir()
        .ancestors()
        .any(|d| d.join(".git").exists())
    {
        assert_eq!(jsonl::revision(&outside), None);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&outside);
}
