//! Issue 32 through the binary, the surfaces added last: memory as a limit of Connect Four's
//! table, `match` and `play` (under an address-space limit, where an allocation past it
//! aborted), threads that cannot start, `play`'s input, the graph's `--scale`, `--trace` with
//! `--format json`, atomic trace and shard files, and depth-limited Connect Four values.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{json_lines, searchlab, searchlab_bytes, text};

/// A scratch folder of this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-surf-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `searchlab ARGS` under an address-space limit of `kib` KiB (`ulimit -v`), `stdin` as its
/// input; killed after `after` when `after` is given (a search meant to run long), else
/// waited for. Returns the output and whether it was killed.
fn limited(kib: u64, args: &[&str], stdin: &[u8], after: Option<Duration>) -> (Output, bool) {
    let script = format!("ulimit -v {kib} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let start = Instant::now();
    let mut killed = false;
    if let Some(after) = after {
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > after {
                child.kill().unwrap();
                killed = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    (child.wait_with_output().unwrap(), killed)
}

/// No abort, no panic: neither the allocator's nor Rust's message, no SIGABRT.
fn no_abort(what: &str, out: &Output) {
    use std::os::unix::process::ExitStatusExt;
    let stderr = text(&out.stderr);
    assert_ne!(out.status.signal(), Some(6), "{what}: aborted\n{stderr}");
    assert_ne!(out.status.code(), Some(101), "{what}: panicked\n{stderr}");
    assert_ne!(out.status.code(), Some(134), "{what}: aborted\n{stderr}");
    assert!(!stderr.contains("memory allocation of"), "{what}: {stderr}");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
}

#[test]
fn connect_fours_table_counts_against_the_memory_limit() {
    // The table of --table-mb is checked before it is allocated: under --max-memory, and
    // under the default limit (which the address-space limit caps).
    let cases: [(&[&str], u64); 2] = [
        (&["--table-mb", "4096", "--max-memory", "100M"], 8 << 20),
        (&["--table-mb", "100000"], 2 << 20),
    ];
    for (flags, kib) in cases {
        let mut args = vec!["solve", "connect4", "4455"];
        args.extend_from_slice(flags);
        let (out, _) = limited(kib, &args, b"", None);
        no_abort(&args.join(" "), &out);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        assert!(stdout.contains("stopped by the memory limit"), "{stdout}");
        assert!(stdout.contains("is above the memory limit"), "{stdout}");
    }
    // Without an address-space limit, a --max-memory above the machine's memory does not let
    // a table past the physical memory be allocated (it aborted): 1 TiB asked, a table of
    // twice the machine's memory.
    let ram = searchlab_toolkit::limits_text::physical_memory().expect("MemTotal in /proc/meminfo");
    let mb = ((ram >> 20) * 2).to_string();
    let args = [
        "solve",
        "connect4",
        "4455",
        "--table-mb",
        &mb,
        "--max-memory",
        "4T",
    ];
    let out = searchlab(&args, "");
    no_abort(&args.join(" "), &out);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("is above this machine's physical memory"),
        "{stdout}"
    );
    // A table within the limit answers.
    let out = searchlab(
        &[
            "solve",
            "connect4",
            "2252576253462244111563365343671351441",
            "--table-mb",
            "16",
            "--max-memory",
            "100M",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("score -1"));
}

#[test]
fn match_and_play_keep_alpha_betas_table_within_the_memory_limit() {
    // Alpha-beta to the end of Connect Four fills any table: under a 400 MB address space its
    // table once grew past it and aborted. Now it stays within the default limit (capped by
    // the address space) and searches on until it is stopped.
    let kib = 400 << 10;
    let (out, _) = limited(
        kib,
        &[
            "match",
            "connect4",
            "--a",
            "alphabeta",
            "--b",
            "random",
            "--games",
            "1",
        ],
        b"",
        Some(Duration::from_secs(8)),
    );
    no_abort("match connect4", &out);
    let (out, _) = limited(
        kib,
        &[
            "play",
            "connect4",
            "--engine",
            "alphabeta",
            "--max-memory",
            "64M",
        ],
        b"4\n",
        Some(Duration::from_secs(8)),
    );
    no_abort("play connect4", &out);
    // A match of 10^9 games reserves nothing up front (48 GB once).
    let (out, _) = limited(
        kib,
        &[
            "match",
            "tictactoe",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "1000000000",
            "--no-accuracy",
        ],
        b"",
        Some(Duration::from_secs(3)),
    );
    no_abort("match tictactoe --games 1000000000", &out);
}

#[test]
fn memory_limits_above_the_address_space_are_capped_with_a_note() {
    let (out, _) = limited(
        2 << 20,
        &["solve", "eight", "1 2 3 4 5 6 x 7 8", "--max-memory", "1T"],
        b"",
        None,
    );
    no_abort("--max-memory 1T", &out);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("note: --max-memory 1048576 MiB is above"),
        "{stderr}"
    );
    assert!(stderr.contains("ulimit -v"), "{stderr}");
}

#[test]
fn threads_that_cannot_start_are_not_a_panic() {
    // 1000 threads of 2 MiB stacks do not fit a 600 MB address space: the helpers that do
    // not start, or would leave no room for the others' allocations, are done without; the
    // answer is the same.
    let board = "5 3 7 11 1 2 6 x 8 9 4 13 12 10 14 15";
    let args = [
        "solve",
        "fifteen",
        board,
        "--heuristic",
        "manhattan",
        "--threads",
        "1000",
    ];
    let (out, killed) = limited(600 << 10, &args, b"", Some(Duration::from_secs(60)));
    assert!(!killed, "a hang");
    no_abort("--threads 1000", &out);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("30 moves"),
        "{}",
        text(&out.stdout)
    );
    // Connect Four's root split: the same (its solver threads panicked when refused).
    let position = "2252576253462244111563365343671351441";
    let args = ["solve", "connect4", position, "--threads", "1000"];
    let (out, killed) = limited(600 << 10, &args, b"", Some(Duration::from_secs(60)));
    assert!(!killed, "a hang");
    no_abort("connect4 --threads 1000", &out);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("score -1"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn plays_input_is_read_a_capped_line_at_a_time() {
    // /dev/zero is refused as a line too long, not read until memory runs out.
    let out = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["play", "tictactoe"])
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .unwrap();
    no_abort("play < /dev/zero", &out);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("a line longer than"),
        "{}",
        text(&out.stderr)
    );
    // A line that is not UTF-8 is refused and the game goes on.
    let out = searchlab_bytes(&["play", "tictactoe"], b"\xff\xfe\n(1,1)\nquit\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("refused: the line is not UTF-8 text"),
        "{stdout}"
    );
    assert!(stdout.contains("engine (alphabeta) plays"), "{stdout}");
    assert!(stdout.contains("Game abandoned."), "{stdout}");
}

#[test]
fn an_inadmissible_scale_is_not_claimed_cheapest() {
    let args = |scale: &'static str| {
        vec![
            "solve",
            "graph",
            "--graph",
            "puzzles/graph/romania.gr",
            "--coords",
            "puzzles/graph/romania.co",
            "1 2 | 418",
            "--heuristic",
            "euclidean",
            "--scale",
            scale,
            "--format",
            "json",
        ]
    };
    // 100 overestimates: the path found costs 450, the cheapest 418; the answer says it is
    // not proved cheapest, and so is no WRONG ANSWER against the file's 418.
    let out = searchlab(&args("100"), "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let row = &json_lines(&out.stdout)[0];
    assert_eq!(row["length"], 450);
    assert_eq!(row["exact"], false);
    let out = searchlab(&args("100")[..11], "");
    assert!(
        text(&out.stdout).contains("warning: --scale 100 is above"),
        "{}",
        text(&out.stdout)
    );
    // 0.5 is admissible: the cheapest path, claimed.
    let out = searchlab(&args("0.5"), "");
    let row = &json_lines(&out.stdout)[0];
    assert_eq!(
        (row["length"].as_u64(), row["exact"].as_bool()),
        (Some(418), Some(true))
    );
}

#[test]
fn a_trace_on_standard_output_with_json_is_json_lines() {
    let out = searchlab(
        &[
            "solve",
            "eight",
            "1 2 3 4 5 6 x 7 8",
            "--trace",
            "-",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let rows = json_lines(&out.stdout);
    assert!(rows.iter().any(|r| r["event"] == "expand"), "{rows:?}");
    assert_eq!(rows.last().unwrap()["moves"], "rr");
    // Text there is refused, naming the way out.
    let out = searchlab(
        &[
            "solve",
            "eight",
            "1 2 3 4 5 6 x 7 8",
            "--trace-text",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--trace FILE --trace-text"));
}

#[test]
fn trace_and_shard_files_are_renamed_into_place() {
    let dir = scratch("atomic");
    let trace = dir.join("t.jsonl");
    std::fs::write(&trace, "old\n").unwrap();
    let out = searchlab(
        &[
            "solve",
            "eight",
            "1 2 3 4 5 6 x 7 8",
            "--trace",
            trace.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(&trace).unwrap();
    assert!(written.starts_with("{\"event\":\"expand\""), "{written}");
    let shard = dir.join("s.jsonl");
    let plot = dir.join("p.svg");
    let out = searchlab(
        &[
            "bench",
            "waterjug",
            "puzzles/waterjug/easy.txt",
            "--format",
            "jsonl",
            "-o",
            shard.to_str().unwrap(),
            "--plot",
            plot.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        std::fs::read_to_string(&shard)
            .unwrap()
            .starts_with("{\"type\":\"header\"")
    );
    assert!(std::fs::read_to_string(&plot).unwrap().contains("<svg"));
    // No temporary file is left beside them.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["p.svg", "s.jsonl", "t.jsonl"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_depth_limited_connect_four_value_is_an_estimate_never_compared() {
    // Issue 32's wrong answer: `--max-depth 0` printed `score 0: draw` as exact; the true
    // score is -1 (Test_L3_R1).
    let position = "2252576253462244111563365343671351441";
    let out = searchlab(&["solve", "connect4", position, "--max-depth", "0"], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("estimated score 0: estimate"), "{stdout}");
    assert!(!stdout.contains("  score 0: draw"), "{stdout}");
    let with_answer = format!("{position} | -1");
    let out = searchlab(
        &[
            "solve",
            "connect4",
            &with_answer,
            "--max-depth",
            "0",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("WRONG ANSWER"));
    assert_eq!(json_lines(&out.stdout)[0]["exact"], false);
    // To the end of the game it is exact, and compared.
    let out = searchlab(&["solve", "connect4", &with_answer, "--format", "json"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out.stdout)[0]["exact"], true);
}
