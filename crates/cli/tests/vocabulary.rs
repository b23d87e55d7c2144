//! The vocabulary table of docs/vocabulary.md is what the commands accept: each option of the
//! table appears in the `--help` of every command its row names (the help is generated from
//! the clap definitions the commands parse with), and the aliases it promises work (issue 31).

mod common;

use common::{json_lines, searchlab, text};

/// `(option, commands)` of each row of the table.
fn table() -> Vec<(String, Vec<String>)> {
    let doc = include_str!("../../../docs/vocabulary.md");
    let rows: Vec<(String, Vec<String>)> = doc
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            let option = cells[0].trim_matches('`').to_owned();
            let commands = cells[2].split(", ").map(str::to_owned).collect();
            (option, commands)
        })
        .collect();
    assert!(rows.len() >= 15, "the table has {} rows", rows.len());
    rows
}

/// The subcommands `searchlab COMMAND --help` lists.
fn subcommands(command: &str) -> Vec<String> {
    let help = text(&searchlab(&[command, "--help"], "").stdout);
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

/// The argument lists whose `--help` a row's command names.
fn helps(command: &str) -> Vec<Vec<String>> {
    let problems = json_lines(&searchlab(&["list", "--format", "json"], "").stdout);
    let of_kind = |kind: Option<&str>| -> Vec<String> {
        problems
            .iter()
            .filter(|p| kind.is_none_or(|k| p["kind"] == k))
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let words: Vec<&str> = command.split(' ').collect();
    let names = match words[..] {
        ["solve"] | ["gen"] => of_kind(None),
        ["solve", "puzzles"] => of_kind(Some("puzzle")),
        ["solve", "games"] => of_kind(Some("game")),
        ["match"] | ["play"] => subcommands(words[0]),
        [_, problem] => vec![problem.to_owned()],
        [_] => return vec![vec![command.to_owned()]],
        _ => panic!("a command the table cannot name: {command}"),
    };
    assert!(!names.is_empty(), "{command}");
    names
        .into_iter()
        .map(|p| vec![words[0].to_owned(), p])
        .collect()
}

#[test]
fn every_command_accepts_what_the_vocabulary_table_says() {
    let mut missing = Vec::new();
    for (option, commands) in table() {
        for command in commands {
            for mut args in helps(&command) {
                args.push("--help".into());
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let out = searchlab(&args, "");
                assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
                let help = text(&out.stdout);
                let listed = help
                    .lines()
                    .any(|l| l.trim_start().split([' ', ',']).any(|word| word == option));
                if !listed {
                    missing.push(format!("{option} in `searchlab {}`", args.join(" ")));
                }
            }
        }
    }
    assert!(missing.is_empty(), "not accepted: {missing:#?}");
}

/// `--moves` is every walk's length, `--depth` its alias where it means nothing else.
#[test]
fn walk_length_is_moves_with_depth_as_its_alias() {
    for problem in ["eight", "fifteen", "rotation"] {
        let generate = |flag: &str| {
            let args = ["gen", problem, "--count", "3", "--seed", "4", flag, "6"];
            let out = searchlab(&args, "");
            assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
            text(&out.stdout)
        };
        assert_eq!(generate("--moves"), generate("--depth"), "{problem}");
    }
}

/// The same algorithm parameters and files in `solve` and `bench`.
#[test]
fn solve_and_bench_take_the_same_parameters_and_files() {
    let file = "puzzles/eight/easy.txt";
    let out = searchlab(
        &[
            "bench", "eight", "--file", file, "--algo", "wastar", "--weight", "3", "--format",
            "csv",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("wastar:3"),
        "{}",
        text(&out.stdout)
    );
    let out = searchlab(
        &[
            "solve", "eight", file, "--algo", "wastar", "--weight", "3", "--format", "json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = json_lines(&out.stdout);
    assert!(rows.len() > 10 && rows.iter().all(|r| r["algorithm"] == "wastar:3"));
    let out = searchlab(
        &["bench", "eight", file, "--algo", "astar", "--weight", "3"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--weight"),
        "{}",
        text(&out.stderr)
    );
    // A problem option as bench gives it.
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x";
    let out = searchlab(
        &[
            "solve",
            "fifteen",
            board,
            "--opt",
            "goal=blank-last",
            "--algo",
            "bfs",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("(already solved)"),
        "{}",
        text(&out.stdout)
    );
}

/// A game algorithm has one name and one set of settings in solve, match and play.
#[test]
fn game_algorithms_have_one_vocabulary() {
    let out = searchlab(
        &[
            "solve",
            "tictactoe",
            "x.o/.x./...",
            "--algo",
            "alphabeta:depth=2",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("depth 2"),
        "{}",
        text(&out.stdout)
    );
    for (a, b) in [
        ("minimax", "mtdf"),
        ("mcts:playouts=50,rollout=greedy", "alphabeta:depth=2"),
        ("pvs:depth=3", "random:seed=2"),
    ] {
        let args = [
            "match",
            "tictactoe",
            "--a",
            a,
            "--b",
            b,
            "--games",
            "2",
            "--no-accuracy",
        ];
        let out = searchlab(&args, "");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    }
}

/// A trace follows one search: `--threads` matters only to IDA*, which it parallelises.
#[test]
fn trace_with_threads_is_refused_only_where_threads_apply() {
    let board = "1 2 3 4 5 6 7 x 8";
    let out = searchlab(
        &["solve", "eight", board, "--trace", "-", "--threads", "2"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let args = [
        "solve",
        "eight",
        board,
        "--algo",
        "idastar",
        "--trace",
        "-",
        "--threads",
        "2",
    ];
    assert_eq!(searchlab(&args, "").status.code(), Some(2));
}
