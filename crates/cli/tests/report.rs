//! `searchlab report` and `bench` as researchers use them (issue 29): the JSON names the docs
//! state, two builds compared as two algorithms, the git revision in a shard's header, bad
//! comparison names, and the HTML page checked in a real headless Chromium: it loads without a
//! console message, every plot is in the DOM after load, and its table sorts.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::text;
use regex::Regex;
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
    let dir = std::env::temp_dir().join(format!("searchlab-report-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The eight-puzzle benchmark of these tests: A* and IDA* with Manhattan, and BFS under a
/// node limit that stops it on the longer boards (so coverage differs).
const EIGHT: [&str; 9] = [
    "bench",
    "eight",
    "puzzles/eight/medium.txt",
    "--algo",
    "astar,idastar,bfs",
    "--heuristic",
    "manhattan",
    "--max-nodes",
    "3000",
];

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn json_has_coverage_common_and_pairs_under_the_documented_names() {
    let mut args = EIGHT.to_vec();
    args.extend(["--format", "json"]);
    let out = searchlab(&args);
    // BFS is stopped by the limit on some boards: exit status 1, a full report.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let bfs = &v["coverage"]["bfs"];
    assert_eq!(v["coverage"]["astar/manhattan"]["solved"], 30);
    assert_eq!(v["coverage"]["astar/manhattan"]["total"], 30);
    let bfs_solved = bfs["solved"].as_u64().unwrap();
    assert!(bfs_solved > 0 && bfs_solved < 30, "{bfs}");
    // Common: the instances BFS answered, every pair's sums over them.
    assert_eq!(v["common"]["count"].as_u64(), Some(bfs_solved));
    let rows = v["rows"].as_array().unwrap();
    let answered_by_bfs: Vec<&str> = (rows.iter())
        .filter(|r| r["algorithm"] == "bfs" && r["status"] != "stopped")
        .map(|r| r["source"].as_str().unwrap())
        .collect();
    let astar_sum: u64 = (rows.iter())
        .filter(|r| {
            r["algorithm"] == "astar" && answered_by_bfs.contains(&r["source"].as_str().unwrap())
        })
        .map(|r| r["expanded"].as_u64().unwrap())
        .sum();
    let common_astar = &v["common"]["pairs"]["astar/manhattan"]["expanded"]["sum"];
    assert_eq!(common_astar.as_f64(), Some(astar_sum as f64));
    // Pairs: each other pair against the first, by default.
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 2);
    for p in pairs {
        for key in ["geomean_ratio_expanded", "ci_low", "ci_high", "p_value"] {
            assert!(p[key].as_f64().is_some(), "{key} in {p}");
        }
        for key in ["wins", "ties", "losses"] {
            assert!(p[key].as_u64().is_some(), "{key} in {p}");
        }
        assert!(p["ci_low"].as_f64() <= p["geomean_ratio_expanded"].as_f64());
        assert!(p["geomean_ratio_expanded"].as_f64() <= p["ci_high"].as_f64());
    }
    assert_eq!(pairs[1]["b"], "bfs");
    assert_eq!(pairs[1]["a_only"].as_u64(), Some(30 - bfs_solved));
    // BFS never expands fewer nodes than A* with Manhattan on these boards.
    assert_eq!(pairs[1]["wins"], 0);
    assert!(
        v["scores"]["pairs"]["bfs"]["score_expansions"]
            .as_f64()
            .is_some()
    );
}

#[test]
fn compare_names_pairs_and_refuses_unknown_ones() {
    let mut args = EIGHT.to_vec();
    args.extend(["--compare", "idastar,astar"]);
    let out = searchlab(&args);
    let table = text(&out.stdout);
    assert!(
        table.contains("astar/manhattan vs idastar/manhattan"),
        "{table}"
    );
    assert!(!table.contains("bfs vs"), "{table}");
    let mut args = EIGHT.to_vec();
    args.extend(["--baseline", "dijkstra"]);
    let out = searchlab(&args);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("no pair 'dijkstra' in the report: its pairs are astar/manhattan, idastar/manhattan, bfs"), "{err}");
}

#[test]
fn two_builds_are_compared_as_two_algorithms() {
    let dir = scratch("builds");
    let (base, new) = (dir.join("base.jsonl"), dir.join("new.jsonl"));
    for file in [&base, &new] {
        let mut args = EIGHT.to_vec();
        args.extend(["--format", "jsonl", "-o", s(file)]);
        searchlab(&args);
    }
    // The header records the revision of the repository the tests run in.
    let header: Value = serde_json::from_str(
        std::fs::read_to_string(&base)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    if root().join(".git").exists() {
        let rev = header["revision"]
            .as_str()
            .expect("a revision in a repository");
        assert!(
            Regex::new("^[0-9a-f]{40}(-dirty)?$").unwrap().is_match(rev),
            "{rev}"
        );
    }
    let out = searchlab(&["report", s(&base), s(&new), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let pairs = v["pairs"].as_array().unwrap();
    // Each pair of the new build against itself in the base build.
    let names: Vec<String> = (pairs.iter())
        .map(|p| {
            format!(
                "{} vs {}",
                p["b"].as_str().unwrap(),
                p["a"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            "astar@new/manhattan vs astar@base/manhattan",
            "idastar@new/manhattan vs idastar@base/manhattan",
            "bfs@new vs bfs@base",
        ]
    );
    // One build run twice counts the same nodes: every instance ties, the ratio is 1 exactly.
    for p in pairs {
        assert_eq!(p["geomean_ratio_expanded"], 1.0);
        assert_eq!(
            (p["ci_low"].as_f64(), p["ci_high"].as_f64()),
            (Some(1.0), Some(1.0))
        );
        assert_eq!(p["wins"], 0);
        assert_eq!(p["losses"], 0);
        assert_eq!(p["p_value"], 1.0);
        assert_eq!(p["a_only"], 0);
        assert_eq!(p["b_only"], 0);
    }
    assert_eq!(pairs[0]["ties"], 30);
    let err = text(&out.stderr);
    assert!(err.contains("note: compared as builds: base = "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The browser: Debian's `chromium`, or `None` with the reason printed. Under CI, which
/// installs it (.ci/run), a missing browser fails the test instead.
fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser"].iter().find_map(|name| {
        let out = Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| PathBuf::from(text(&out.stdout).trim()))
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is missing under CI: .ci/run installs it with apt-get"
        );
        eprintln!("SKIPPED: no chromium here (`apt-get install chromium`; .ci/run installs it)");
    }
    found
}

/// Loads `page` in headless Chromium and returns (the DOM after load, the browser's console
/// messages), within two minutes.
fn load(browser: &Path, page: &Path) -> (String, Vec<String>) {
    let profile = page.with_extension("profile");
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let out = Command::new("timeout")
        .arg("120")
        .arg(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            &format!("--user-data-dir={}", profile.display()),
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
            &url,
        ])
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&profile);
    let console = (text(&out.stderr).lines())
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_owned)
        .collect();
    (text(&out.stdout), console)
}

/// The figure ids a page of `comparisons` comparisons holds.
fn plot_ids(comparisons: usize) -> Vec<String> {
    let mut ids: Vec<String> = (1..=comparisons)
        .flat_map(|c| ["expanded", "time"].map(|m| format!("scatter-{c}-{m}")))
        .collect();
    ids.extend(["cactus-expanded", "cactus-time", "lengths"].map(String::from));
    ids
}

/// Checks a page in the browser: no console message, every plot an SVG in the DOM.
fn check_page(browser: &Path, page: &Path, comparisons: usize) -> String {
    let (dom, console) = load(browser, page);
    assert!(console.is_empty(), "console messages: {console:?}");
    for id in plot_ids(comparisons) {
        let figure = Regex::new(&format!(r#"<figure class="plot" id="{id}"><svg[^>]*>"#)).unwrap();
        assert!(figure.is_match(&dom), "no plot {id} in the DOM");
    }
    for section in [
        "definition",
        "coverage",
        "common",
        "comparisons",
        "per-instance",
        "problems",
    ] {
        assert!(
            dom.contains(&format!("<section id=\"{section}\">")),
            "{section}"
        );
    }
    dom
}

#[test]
fn the_html_report_loads_in_a_browser_with_every_plot() {
    let Some(browser) = chromium() else { return };
    let dir = scratch("html");
    // A bad line too: the page names it.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1 2 3 4 5 6 7 x 8 | 1\nnot a board\n").unwrap();
    let page = dir.join("bench.html");
    let mut args = EIGHT.to_vec();
    args.extend([s(&bad), "--html", s(&page)]);
    let out = searchlab(&args);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let dom = check_page(&browser, &page, 2);
    assert!(
        dom.contains("bad instance &#39;not a board&#39;")
            || dom.contains("bad instance 'not a board'")
    );

    // The negative control: the same check sees a console error.
    let broken = dir.join("broken.html");
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(
        &broken,
        html.replace("</body>", "<script>console.error('boom')</script></body>"),
    )
    .unwrap();
    let (_, console) = load(&browser, &broken);
    assert!(console.iter().any(|l| l.contains("boom")), "{console:?}");

    // The sort: a click on "expanded" orders the per-instance rows by it.
    let sorted = dir.join("sorted.html");
    let click =
        "<script>document.querySelectorAll('table.instances th')[7].click()</script></body>";
    std::fs::write(&sorted, html.replace("</body>", click)).unwrap();
    let (dom, _) = load(&browser, &sorted);
    let table = &dom[dom.find("<table class=\"instances").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    let cell = Regex::new(r#"<tr>(?:<td[^>]*>[^<]*</td>){7}<td data-v="([0-9.e+-]+)""#).unwrap();
    let values: Vec<f64> = (cell.captures_iter(table))
        .map(|c| c[1].parse().unwrap())
        .collect();
    assert_eq!(values.len(), 3 * 31, "{}", &table[..table.len().min(2000)]);
    assert!(values.windows(2).all(|w| w[0] <= w[1]), "{values:?}");
    assert!(values.first() < values.last());

    // `report -o FILE.html` on shard files makes the same kind of page.
    let mut shards = Vec::new();
    for k in 1..=2 {
        let file = dir.join(format!("shard-{k}.jsonl"));
        let spec = format!("{k}/2");
        let mut args = EIGHT.to_vec();
        args.extend(["--shard", &spec, "--format", "jsonl", "-o", s(&file)]);
        searchlab(&args);
        shards.push(file);
    }
    let merged = dir.join("merged.html");
    let out = searchlab(&["report", s(&shards[0]), s(&shards[1]), "-o", s(&merged)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    check_page(&browser, &merged, 2);
    let _ = std::fs::remove_dir_all(&dir);
}
