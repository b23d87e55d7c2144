//! Failures that were silent, false or lost (issue 31), each checked as a user meets it: a
//! huge `gen --count`, output files in a folder that does not exist (refused before the
//! work), `report` on a file that is no shard, a shard cut inside its header, the false UCS
//! note, and a closed pipe on stdout or stderr.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::{searchlab, text};

#[test]
fn a_huge_gen_count_is_refused_not_a_panic() {
    for problem in ["eight", "fifteen", "rotation"] {
        let out = searchlab(&["gen", problem, "--count", "18446744073709551615"], "");
        assert_eq!(out.status.code(), Some(2), "{problem}");
        assert!(
            text(&out.stderr).contains("--count 18446744073709551615"),
            "{problem}"
        );
    }
}

#[test]
fn an_output_in_a_missing_folder_is_refused_before_any_work() {
    for flag in ["-o", "--plot", "--html"] {
        let args = [
            "bench",
            "eight",
            "puzzles/eight/easy.txt",
            flag,
            "/nonexistent/out.x",
        ];
        let out = searchlab(&args, "");
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = text(&out.stderr);
        assert!(err.contains(&format!("{flag} /nonexistent/out.x")), "{err}");
        // Refused before the work: no table was printed.
        assert!(out.stdout.is_empty(), "{flag}: {}", text(&out.stdout));
    }
}

#[test]
fn report_says_what_a_shard_file_is() {
    let dir = std::env::temp_dir().join(format!("searchlab-quiet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("b.csv");
    std::fs::write(&csv, "a,b\n1,2\n").unwrap();
    let out = searchlab(&["report", csv.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("A shard file is the JSON Lines"),
        "{}",
        text(&out.stderr)
    );
    let cut = dir.join("cut.jsonl");
    std::fs::write(&cut, "{\"type\":\"header\",\"finger").unwrap();
    let out = searchlab(&["report", cut.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("cut inside its header") && !err.contains("empty"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ucs_on_a_weighted_graph_gets_no_fewest_arcs_note() {
    let out = searchlab(&["solve", "graph", "Arad Bucharest", "--algo", "ucs"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("fewest arcs"),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("418"), "{}", text(&out.stdout));
    let out = searchlab(&["solve", "graph", "Arad Bucharest", "--algo", "bfs"], "");
    assert!(
        text(&out.stderr).contains("fewest arcs"),
        "{}",
        text(&out.stderr)
    );
}

/// With its reader gone (`| head -1`), the command ends quietly as `cat` does: no panic, no
/// abort (issue 31: exit 134 for solve, 101 for bench).
#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    for args in [
        &["solve", "eight", "puzzles/eight/easy.txt"][..],
        &[
            "bench",
            "eight",
            "puzzles/eight/easy.txt",
            "--format",
            "csv",
        ],
        // More than a pipe holds: the writes after the reader left must fail.
        &["gen", "eight", "--count", "200000"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
            .args(args)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 16];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        // Killed by SIGPIPE (as cat is), or a clean exit: never 101 or 134.
        assert!(
            status.code().is_none_or(|c| c == 0),
            "{args:?}: {status:?} {err}"
        );
    }
}
