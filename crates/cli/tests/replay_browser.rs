//! `solve --replay` and `bench --replay` pages, checked in a real browser: headless
//! Chromium (Debian's `chromium`, installed by `.ci/run`) loads a copy of each page with a
//! test harness (`tests/replay/harness.js`) injected at its top, which drives the page's
//! contract (`window.replay`, `window.replays`) and its buttons and writes what it saw into
//! the DOM; Chromium's `--dump-dom` hands that back.
//!
//! Checked for a grid, a sliding puzzle (A* and IDA*), a game tree and tic-tac-toe: no
//! error or warning on the console, `seek(length)` gives the statistics the CLI printed,
//! stepping forward and back and jumping show the same state at each step, and the buttons
//! move every run. Set `SEARCHLAB_CHROMIUM` to use another browser binary.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{json_lines, searchlab, text};
use serde_json::Value;

const HARNESS: &str = include_str!("replay/harness.js");

/// The browser: `SEARCHLAB_CHROMIUM`, else `chromium` on the PATH.
fn chromium() -> PathBuf {
    if let Some(path) = std::env::var_os("SEARCHLAB_CHROMIUM") {
        return PathBuf::from(path);
    }
    for name in ["chromium", "chromium-browser"] {
        for dir in std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()) {
            let path = dir.join(name);
            if path.is_file() {
                return path;
            }
        }
    }
    panic!(
        "these tests need headless Chromium: `apt-get install chromium` (as .ci/run does), or set SEARCHLAB_CHROMIUM"
    );
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-replay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs headless Chromium on `url` with `extra` flags; its stdout and stderr.
pub fn browse(url: &str, extra: &[&str], profile: &Path) -> (String, String) {
    let child = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let id = child.id();
    // Both pipes are read while it runs (a full pipe would stall it), on another thread so
    // that a hung browser fails the test instead of hanging it.
    let (done, wait) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    let out = match wait.recv_timeout(Duration::from_secs(240)) {
        Ok(out) => out.expect("chromium finishes"),
        Err(_) => {
            let _ = Command::new("kill").arg(id.to_string()).status();
            panic!("chromium did not finish with {url} in 240 s");
        }
    };
    (
        text(&out.stdout),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Loads `page` with the harness and returns what it wrote.
fn harness(page: &Path, dir: &Path) -> Value {
    let html = std::fs::read_to_string(page).expect("the page was written");
    let at = html.find("<head>").expect("the page has a head") + "<head>".len();
    let tested = dir.join(format!(
        "{}-tested.html",
        page.file_stem().unwrap().to_string_lossy()
    ));
    let script = format!("\n<script>\n{HARNESS}\n</script>\n");
    std::fs::write(&tested, format!("{}{script}{}", &html[..at], &html[at..])).unwrap();
    let url = format!("file://{}", tested.display());
    let (dom, log) = browse(
        &url,
        &["--virtual-time-budget=60000", "--dump-dom"],
        &dir.join("profile"),
    );
    // Chromium logs what the page's console says; a page error shows there too.
    for line in log.lines().filter(|l| l.contains("CONSOLE")) {
        assert!(
            !line.contains("Uncaught") && !line.contains(":ERROR:"),
            "{page:?}: console: {line}"
        );
    }
    let start = dom.rfind("<pre id=\"test-results\">").unwrap_or_else(|| {
        panic!("{page:?}: the harness wrote no results; DOM:\n{dom:.2000}\nlog:\n{log}")
    }) + "<pre id=\"test-results\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let json = dom[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{page:?}: results: {e}: {json:.500}"))
}

/// The checks every page passes; `stats` are the CLI's, one per run.
fn check(page: &Path, results: &Value, stats: &[&Value]) {
    assert_eq!(results["errors"], serde_json::json!([]), "{page:?}");
    let runs = results["runs"].as_array().unwrap();
    assert_eq!(runs.len(), stats.len(), "{page:?}: one replay per run");
    assert_eq!(
        results["single"], true,
        "{page:?}: window.replay is the first run"
    );
    let longest = runs.iter().map(|r| r["length"].as_u64().unwrap()).max();
    for (run, stats) in runs.iter().zip(stats) {
        let end = &run["end"];
        assert!(run["length"].as_u64().unwrap() > 0, "{page:?}: no events");
        assert_eq!(end["step"], run["length"], "{page:?}");
        assert_eq!(
            end["expanded"], stats["expanded"],
            "{page:?}: {}",
            run["label"]
        );
        assert_eq!(
            end["generated"], stats["generated"],
            "{page:?}: {}",
            run["label"]
        );
        // The largest frontier too (every algorithm these tests run measures it where the
        // page does; bfs, fringe, beam and dfbnb take theirs elsewhere, and the page says so).
        // Bench rows carry no frontier: there, the statistics the page was written with.
        let printed = match stats.get("max_frontier") {
            Some(m) => m,
            None => &run["stats"]["max_frontier"],
        };
        assert!(printed.is_u64(), "{page:?}: {printed}");
        assert_eq!(&end["max_frontier"], printed, "{page:?}: {}", run["label"]);
        assert_eq!(run["start"]["expanded"], 0, "{page:?}");
        assert_eq!(run["start"]["generated"], 0, "{page:?}");
        assert_eq!(
            run["mismatches"],
            serde_json::json!([]),
            "{page:?}: {}",
            run["label"]
        );
        assert!(run["compared"].as_u64().unwrap() > 1, "{page:?}");
        assert_eq!(run["monotone"], true, "{page:?}");
        // The picture changed: cells coloured, a tree grown, a board shown.
        assert_ne!(run["end"]["view"], run["start"]["view"], "{page:?}");
    }
    let c = &results["controls"];
    assert_eq!((&c["two"], &c["one"]), (&2.into(), &1.into()), "{page:?}");
    assert_eq!(c["end"].as_u64(), longest, "{page:?}");
    for (run, step) in runs.iter().zip(c["runs"].as_array().unwrap()) {
        assert_eq!(step, &run["length"], "{page:?}: the buttons move every run");
    }
}

/// `solve PROBLEM INSTANCE --algo ALGO --replay` in `dir`: the page and the CLI's statistics.
fn solve_page(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, Value) {
    let page = dir.join(format!("{name}.html"));
    let mut all: Vec<&str> = args.to_vec();
    let page_arg = page.to_str().unwrap().to_owned();
    all.extend(["--format", "json", "--replay", &page_arg]);
    let out = searchlab(&all, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("--replay: wrote"),
        "{}",
        text(&out.stderr)
    );
    let rows = json_lines(&out.stdout);
    (page, rows[0]["stats"].clone())
}

#[test]
fn grid_puzzle_and_game_pages_replay_to_the_printed_statistics() {
    let dir = scratch("solve");
    let cases: [(&str, &[&str]); 5] = [
        (
            "grid",
            &[
                "solve",
                "grid",
                "puzzles/grid/arena.map 1 40 47 3",
                "--algo",
                "astar",
            ],
        ),
        (
            "eight-astar",
            &["solve", "eight", "8 1 3 4 x 2 7 6 5", "--algo", "astar"],
        ),
        (
            "eight-idastar",
            &["solve", "eight", "8 1 3 4 x 2 7 6 5", "--algo", "idastar"],
        ),
        (
            "tree",
            &[
                "solve",
                "gametree",
                "((((0,5),(-3,8)),((3),(7,2),(1,9),(6,4))),(((5,4,1),(-3,2)),((6,8),(4,7))))",
            ],
        ),
        ("tictactoe", &["solve", "tictactoe", "x../.o./..."]),
    ];
    for (name, args) in cases {
        let (page, stats) = solve_page(&dir, name, args);
        let results = harness(&page, &dir);
        check(&page, &results, &[&stats]);
    }
}

/// The page's data: the JSON inside its `#replay-data` element.
fn page_data(page: &Path) -> Value {
    let html = std::fs::read_to_string(page).unwrap();
    let tag = "<script type=\"application/json\" id=\"replay-data\">";
    let start = html.find(tag).expect("the page's data") + tag.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// Issue 30: a graph with coordinates is drawn on them (nodes as points, arcs as lines,
/// nodes open and closed, the path at the goal), for A* on the named Romania map and for
/// IDA*'s iterations on its DIMACS twin; a graph without coordinates shows the states' text.
/// `--trace` beside `--replay` writes both from the one search.
#[test]
fn graph_pages_draw_the_graph_on_its_coordinates() {
    let dir = scratch("graph");
    let trace = dir.join("romania.jsonl");
    let trace_arg = trace.to_str().unwrap().to_owned();
    let cases: [(&str, &[&str]); 2] = [
        (
            "romania",
            &[
                "solve",
                "graph",
                "Arad Bucharest",
                "--algo",
                "astar",
                "--heuristic",
                "file",
                "--trace",
                &trace_arg,
            ],
        ),
        (
            "dimacs",
            &[
                "solve",
                "graph",
                "puzzles/graph/romania.gr",
                "--coords",
                "puzzles/graph/romania.co",
                "--from",
                "1",
                "--to",
                "2",
                "--heuristic",
                "euclidean",
                "--algo",
                "idastar",
            ],
        ),
    ];
    for (name, args) in cases {
        let (page, stats) = solve_page(&dir, name, args);
        let results = harness(&page, &dir);
        check(&page, &results, &[&stats]);
        let data = page_data(&page);
        assert_eq!(data["scene"], "graph", "{page:?}");
        // Romania whole: 20 towns, 23 roads (each two-way road drawn once).
        assert_eq!(data["nodes"].as_array().unwrap().len(), 2 * 20);
        assert_eq!(data["arcs"].as_array().unwrap().len(), 2 * 23);
        assert_eq!(data["names"].as_array().unwrap().len(), 20);
        // Arad -> Sibiu -> Rimnicu Vilcea -> Pitesti -> Bucharest, in the page's node numbers.
        let path: Vec<String> = (data["runs"][0]["path"].as_array().unwrap().iter())
            .map(|v| {
                data["names"][v.as_u64().unwrap() as usize]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        let expected = if name == "romania" {
            "Arad Sibiu Rimnicu Vilcea Pitesti Bucharest"
        } else {
            "1 16 15 14 2"
        };
        assert_eq!(path.join(" "), expected, "{page:?}");
        let end = &results["runs"][0]["end"]["view"];
        assert_eq!(end["path"], true, "{page:?}: the path at the goal");
        assert!(end["closed"].as_u64().unwrap() > 0, "{page:?}: {end}");
        assert_eq!(results["runs"][0]["start"]["view"]["closed"], 0);
    }
    // The trace of the same search: its expansions are the page's.
    let lines = std::fs::read_to_string(&trace).unwrap();
    let expands = lines
        .lines()
        .filter(|l| l.contains("\"event\":\"expand\""))
        .count();
    let page = page_data(&dir.join("romania.html"));
    let kept = (page["runs"][0]["events"].as_array().unwrap().iter())
        .filter(|e| e[0] == 0)
        .count();
    assert!(expands > 0);
    assert_eq!(expands, kept, "--trace and --replay record the one search");
    // No coordinates: the states' text.
    let bare = dir.join("bare.txt");
    std::fs::write(&bare, "a b 1\nb c 2\na c 5\n").unwrap();
    let bare_arg = bare.to_str().unwrap().to_owned();
    let (page, stats) = solve_page(
        &dir,
        "bare",
        &["solve", "graph", &bare_arg, "--from", "a", "--to", "c"],
    );
    assert_eq!(page_data(&page)["scene"], "text");
    check(&page, &harness(&page, &dir), &[&stats]);
}

#[test]
fn a_cut_recording_says_so_and_counts_what_it_kept() {
    let dir = scratch("cut");
    let args = [
        "solve",
        "eight",
        "8 1 3 4 x 2 7 6 5",
        "--algo",
        "idastar",
        "--trace-limit",
        "40",
    ];
    let (page, stats) = solve_page(&dir, "cut", &args);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("\"truncated\":true"));
    let results = harness(&page, &dir);
    assert_eq!(results["errors"], serde_json::json!([]));
    let run = &results["runs"][0];
    assert_eq!(run["length"], 40);
    assert!(run["end"]["expanded"].as_u64() < stats["expanded"].as_u64());
    // The notice is shown: the page says the limit cut the recording.
    let (dom, _) = browse(
        &format!("file://{}", page.display()),
        &["--virtual-time-budget=20000", "--dump-dom"],
        &dir.join("profile"),
    );
    let notice = dom.find("id=\"notice\"").expect("a notice element");
    let tag = &dom[notice..notice + dom[notice..].find('>').unwrap()];
    assert!(!tag.contains("hidden"), "{tag}");
    assert!(dom.contains("cut by the trace limit"));
}

#[test]
fn bad_replay_paths_are_refused_before_any_search() {
    let dir = scratch("bad");
    let out = searchlab(
        &[
            "solve",
            "eight",
            "8 1 3 4 x 2 7 6 5",
            "--replay",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is a directory"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let missing = dir.join("no/such/dir/page.html");
    let out = searchlab(
        &[
            "solve",
            "eight",
            "8 1 3 4 x 2 7 6 5",
            "--replay",
            missing.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("does not exist"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn several_instances_get_one_page_each() {
    let dir = scratch("several");
    let page = dir.join("r.html");
    let out = searchlab(
        &[
            "solve",
            "eight",
            "-f",
            "puzzles/eight/easy.txt",
            "--replay",
            page.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = std::fs::read_to_string("../../puzzles/eight/easy.txt")
        .or_else(|_| {
            std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../puzzles/eight/easy.txt"
            ))
        })
        .unwrap();
    let lines: Vec<usize> = file
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, _)| i + 1)
        .collect();
    assert!(lines.len() > 1);
    for line in lines {
        assert!(
            dir.join(format!("r-{line}.html")).is_file(),
            "page of line {line}"
        );
    }
    assert!(!page.exists());
}

#[test]
fn bench_pages_show_every_algorithm_side_by_side_in_step() {
    let dir = scratch("bench");
    let queries = dir.join("q.txt");
    std::fs::write(&queries, "puzzles/grid/arena.map 1 40 47 3\n").unwrap();
    let trees = dir.join("trees.txt");
    std::fs::write(&trees, "((3,5),(6,(9,1)))\n((((0,5),(-3,8)),((3),(7,2),(1,9),(6,4))),(((5,4,1),(-3,2)),((6,8),(4,7))))\n").unwrap();
    let roads = dir.join("roads.txt");
    std::fs::write(&roads, "Arad Bucharest\n").unwrap();
    let cases: [(&str, &Path, &str, &[&str]); 3] = [
        ("grid", &queries, "astar,ucs,greedy", &["q-1.html"]),
        ("graph", &roads, "astar,ucs", &["roads-1.html"]),
        (
            "gametree",
            &trees,
            "minimax,alphabeta,pvs",
            &["trees-1.html", "trees-2.html"],
        ),
    ];
    for (problem, file, algos, pages) in cases {
        let out = searchlab(
            &[
                "bench",
                problem,
                file.to_str().unwrap(),
                "--algo",
                algos,
                "--format",
                "json",
                "--replay",
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let report: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        let rows = report["rows"].as_array().unwrap();
        for (k, page) in pages.iter().enumerate() {
            let page = dir.join(page);
            let results = harness(&page, &dir);
            // The bench's rows of this instance, in the order of --algo.
            let source = format!("{}:{}", file.display(), k + 1);
            let stats: Vec<&Value> = algos
                .split(',')
                .map(|a| {
                    rows.iter()
                        .find(|r| r["algorithm"] == a && r["source"] == source.as_str())
                        .unwrap_or_else(|| panic!("no row of {a} for {source}"))
                })
                .collect();
            check(&page, &results, &stats);
            let labels: Vec<String> = results["runs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| {
                    r["label"]
                        .as_str()
                        .unwrap()
                        .split(' ')
                        .next()
                        .unwrap()
                        .to_owned()
                })
                .collect();
            assert_eq!(
                labels.join(","),
                algos,
                "window.replays in the order of --algo"
            );
        }
    }
    let out = searchlab(
        &[
            "bench",
            "grid",
            queries.to_str().unwrap(),
            "--replay",
            dir.join("none").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing directory is refused before the bench"
    );
    assert!(text(&out.stderr).contains("not a directory"));
}

/// Takes the README's four pictures (docs/img/replay-*.png) with the same headless browser:
/// `cargo test -p searchlab-cli --test replay_browser -- --ignored screenshots`.
#[test]
#[ignore = "rewrites docs/img; run by hand after changing the page"]
fn screenshots() {
    let dir = scratch("shots");
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let queries = dir.join("arena.txt");
    std::fs::write(&queries, "puzzles/grid/arena.map 1 40 47 3\n").unwrap();
    let out = searchlab(
        &[
            "bench",
            "grid",
            queries.to_str().unwrap(),
            "--algo",
            "astar,ucs,astar+successors=jps",
            "--replay",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (puzzle, _) = solve_page(
        &dir,
        "fifteen",
        &[
            "solve",
            "fifteen",
            "5 3 7 11 1 2 6 x 8 9 4 13 12 10 14 15",
            "--algo",
            "idastar",
            "--heuristic",
            "manhattan",
        ],
    );
    let (game, _) = solve_page(
        &dir,
        "tree",
        &[
            "solve",
            "gametree",
            "((((0,5),(-3,8)),((3),(7,2),(1,9),(6,4))),(((5,4,1),(-3,2)),((6,8),(4,7))))",
        ],
    );
    let (graph, _) = solve_page(
        &dir,
        "romania",
        &[
            "solve",
            "graph",
            "Arad Bucharest",
            "--algo",
            "astar",
            "--heuristic",
            "file",
        ],
    );
    let shots = [
        (graph, "step=9", "900,700", "replay-graph.png"),
        (
            dir.join("arena-1.html"),
            "step=1200",
            "1300,640",
            "replay-grid.png",
        ),
        (puzzle, "step=2000", "900,640", "replay-puzzle.png"),
        (game, "step=24", "900,560", "replay-game.png"),
    ];
    for (page, query, size, name) in shots {
        let png = root.join("docs/img").join(name);
        let url = format!("file://{}?{query}", page.display());
        browse(
            &url,
            &[
                "--hide-scrollbars",
                &format!("--window-size={size}"),
                &format!("--screenshot={}", png.display()),
            ],
            &dir.join("profile"),
        );
        assert!(png.is_file(), "{png:?}");
    }
}
