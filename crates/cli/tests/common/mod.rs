//! What the CLI tests share: running the `searchlab` binary from the workspace root.

// Each test crate compiles its own copy and uses only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `searchlab ARGS` in the workspace root with `stdin` as its standard input.
pub fn searchlab(args: &[&str], stdin: &str) -> Output {
    searchlab_env(args, stdin, &[])
}

/// [`searchlab`] with any bytes (not necessarily UTF-8) as standard input.
pub fn searchlab_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin)
        .expect("the binary reads its input");
    child.wait_with_output().expect("the binary finishes")
}

/// [`searchlab`] with extra environment variables.
pub fn searchlab_env(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("the binary reads its input");
    child.wait_with_output().expect("the binary finishes")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("searchlab prints UTF-8")
}

/// The rows of `searchlab solve ... --format json`: JSON Lines, so every line of `stdout` must
/// parse on its own as one JSON object.
pub fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    text(stdout)
        .lines()
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("not one JSON value per line ({e}): {line}"));
            assert!(row.is_object(), "not a JSON object: {line}");
            row
        })
        .collect()
}

/// Sends SIGINT (Ctrl-C) to `child` after `after`, then waits for it: panics unless it ends
/// within `within` of the signal. Returns its output.
#[cfg(unix)]
pub fn interrupt(
    child: std::process::Child,
    after: std::time::Duration,
    within: std::time::Duration,
) -> Output {
    let mut child = child;
    std::thread::sleep(after);
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(signalled.success());
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > within {
            child.kill().unwrap();
            panic!("the run did not end within {within:?} of Ctrl-C");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}
