//! Fuzzing the graph readers (issue 32): DIMACS `.gr` and `.co`, edge lists and query lists,
//! mutated from valid files and as arbitrary bytes, must give a graph (coordinates, queries) or
//! an error naming a line of the input, never a panic or an abort. A graph that reads agrees
//! with a plain reading of its lines (DIMACS `a` lines; edge lists built by hand), and reads back
//! the same from `write_dimacs`; reading bytes from a file and reading the text agree.
//!
//! `cargo test` runs 1,900 cases (the counts below); a longer run for developers:
//! `PROPTEST_CASES=100000 cargo test --release -p searchlab-graph --test fuzz` (every property
//! then runs that many).

use std::io::Cursor;
use std::path::Path;

use proptest::prelude::*;
use searchlab_graph::{
    Graph, LoadError, ParseError, ParseErrorKind, parse_coords, parse_dimacs, parse_edge_list,
    parse_queries, read_dimacs, read_edge_list, write_coords, write_dimacs,
};

/// The cases of a property: `PROPTEST_CASES` when set, else `default`.
fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(n)
}

/// Pieces a mutation inserts: near-valid tokens and hostile bytes.
const INSERTS: &[&[u8]] = &[
    b"\n",
    b"\r\n",
    b"\t",
    b" ",
    b"a ",
    b"p sp ",
    b"c ",
    b"v ",
    b"-> ",
    b"\"",
    b"#",
    b"|",
    b"0",
    b"1",
    b"-1",
    b"4294967295",
    b"4294967296",
    b"1000000000",
    b"99999999999999999999",
    b"1e3",
    b"\xff",
    b"\xef\xbb\xbf",
    b"\0",
    b"\xc3\xa9",
    b"node ",
    b"h ",
    b"xy ",
    b"none",
];

#[path = "../../../tests/support/mutate.rs"]
mod support;
use support::{Mutation, mutations};

/// `base` mutated by `muts` with this format's inserts.
fn mutate(base: &[u8], muts: &[Mutation]) -> Vec<u8> {
    support::mutate(base, muts, INSERTS)
}

/// The error names a line of `text` (0 for an empty file, else its lines or one past).
fn located(text: &str, e: &ParseError) {
    let lines = text.lines().count();
    assert!(e.line <= lines + 1, "line {} of {lines}: {e}", e.line);
    assert!(!e.to_string().is_empty());
}

/// Every arc of `g` in its order: (from, to, weight).
fn arcs(g: &Graph) -> Vec<(u32, u32, u32)> {
    (0..g.node_count() as u32)
        .flat_map(|u| g.arcs(u).map(move |(_, v, w)| (u, v, w)))
        .collect()
}

/// A graph read back from its DIMACS text has the same nodes and arcs.
fn round_trip(g: &Graph) {
    let mut text = Vec::new();
    write_dimacs(g, "fuzz", &mut text).unwrap();
    let back = parse_dimacs(std::str::from_utf8(&text).unwrap(), "back.gr").unwrap();
    assert_eq!(back.node_count(), g.node_count());
    assert_eq!(arcs(&back), arcs(g));
}

/// The arcs a plain reading of DIMACS `text` gives: its `a u v w` lines in order, grouped by
/// tail as a graph keeps them.
fn dimacs_reference(text: &str) -> Vec<(u32, u32, u32)> {
    let mut list: Vec<(u32, u32, u32)> = text
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            (f.next() == Some("a")).then_some(())?;
            let u: u32 = f.next()?.parse().ok()?;
            let v: u32 = f.next()?.parse().ok()?;
            let w: u32 = f.next()?.parse().ok()?;
            Some((u.checked_sub(1)?, v.checked_sub(1)?, w))
        })
        .collect();
    list.sort_by_key(|a| a.0);
    list
}

/// A small graph's arcs: nodes 1..=n, arcs (u, v, w).
fn small_graph() -> impl Strategy<Value = (u32, Vec<(u32, u32, u32)>)> {
    (1u32..9).prop_flat_map(|n| {
        let arc = (1..=n, 1..=n, 0u32..1000);
        (Just(n), proptest::collection::vec(arc, 0..14))
    })
}

/// The DIMACS text of a graph.
fn dimacs_text(n: u32, list: &[(u32, u32, u32)]) -> String {
    let mut s = format!("c fuzz\np sp {n} {}\n", list.len());
    for (u, v, w) in list {
        s += &format!("a {u} {v} {w}\n");
    }
    s
}

/// Reads `bytes` as a file would be read (the reader's own line and UTF-8 handling).
fn read_bytes<'a>(
    bytes: &'a [u8],
    read: impl FnOnce(Cursor<&'a [u8]>, &Path) -> Result<Graph, LoadError>,
) -> Result<Graph, ParseError> {
    read(Cursor::new(bytes), Path::new("fuzz")).map_err(|e| match e {
        LoadError::Parse(p) => p,
        LoadError::Io { source, .. } => panic!("reading memory failed: {source}"),
    })
}

/// Whether reading `bytes` from a file (`read`) and reading their text (`parsed`, invalid
/// UTF-8 replaced) agree: both read or both refuse, except that the file reader refuses a line
/// holding bytes that are not UTF-8, which it names.
fn agree(bytes: &[u8], parsed: &Result<Graph, ParseError>, read: &Result<Graph, ParseError>) {
    if let Err(e) = read
        && e.kind == ParseErrorKind::NotUtf8
    {
        let line = bytes
            .split(|&b| b == b'\n')
            .nth(e.line - 1)
            .expect("the line exists");
        assert!(std::str::from_utf8(line).is_err(), "{e}");
        return;
    }
    assert_eq!(
        parsed.is_ok(),
        read.is_ok(),
        "text {:?} vs bytes {:?}",
        parsed.as_ref().err(),
        read.as_ref().err()
    );
}

/// Edge-list names: plain, quoted with a space, reserved words quoted.
const NAMES: &[&str] = &[
    "A",
    "B",
    "c3",
    "\"New York\"",
    "\"node\"",
    "Zürich",
    "\"->\"",
];

/// The name a token stands for.
fn bare(name: &str) -> &str {
    name.trim_matches('"')
}

/// A valid edge list and the arcs a plain reading gives (nodes numbered by first appearance).
fn edge_list() -> impl Strategy<Value = (String, Vec<(u32, u32, u32)>)> {
    let line = (
        0..NAMES.len(),
        0..NAMES.len(),
        any::<bool>(),
        proptest::option::of(0u32..500),
    );
    proptest::collection::vec(line, 1..10).prop_map(|lines| {
        let mut text = String::from("# fuzz\n");
        let mut ids: Vec<&str> = Vec::new();
        let mut out: Vec<Vec<(u32, u32)>> = Vec::new();
        let mut id = |name: &'static str, out: &mut Vec<Vec<(u32, u32)>>| {
            let b = bare(name);
            match ids.iter().position(|n| *n == b) {
                Some(i) => i as u32,
                None => {
                    ids.push(b);
                    out.push(Vec::new());
                    (ids.len() - 1) as u32
                }
            }
        };
        for (a, b, directed, w) in lines {
            let (na, nb) = (NAMES[a], NAMES[b]);
            let arrow = if directed { " -> " } else { " " };
            match w {
                Some(w) => text += &format!("{na}{arrow}{nb} {w}\n"),
                None => text += &format!("{na}{arrow}{nb}\n"),
            }
            let (u, v) = (id(na, &mut out), id(nb, &mut out));
            let w = w.unwrap_or(1);
            out[u as usize].push((v, w));
            if !directed {
                out[v as usize].push((u, w));
            }
        }
        let list = out
            .iter()
            .enumerate()
            .flat_map(|(u, vs)| vs.iter().map(move |&(v, w)| (u as u32, v, w)))
            .collect();
        (text, list)
    })
}

proptest! {
    #![proptest_config(cases(500))]

    /// Mutated DIMACS graphs: a graph that reads has the arcs of its `a` lines and reads back
    /// the same; an error names a line; text and bytes read alike. Unmutated: the generator's.
    #[test]
    fn mutated_dimacs_graphs(
        (n, list) in small_graph(),
        muts in mutations(4),
    ) {
        let base = dimacs_text(n, &list);
        let bytes = mutate(base.as_bytes(), &muts);
        let text = String::from_utf8_lossy(&bytes);
        let parsed = parse_dimacs(&text, "fuzz");
        let read = read_bytes(&bytes, read_dimacs);
        agree(&bytes, &parsed, &read);
        match parsed {
            Ok(g) => {
                prop_assert_eq!(arcs(&g), dimacs_reference(&text));
                if let Ok(r) = &read {
                    prop_assert_eq!(arcs(r), arcs(&g));
                }
                round_trip(&g);
                if muts.is_empty() {
                    prop_assert_eq!(g.node_count(), n as usize);
                }
            }
            Err(e) => {
                prop_assert!(!muts.is_empty(), "a valid graph was refused: {}", e);
                located(&text, &e);
                if let Err(r) = &read {
                    located(&text, r);
                }
            }
        }
    }

    /// Mutated edge lists: a graph that reads is written and read back the same; an error names
    /// a line; text and bytes read alike. Unmutated: the arcs a plain reading gives.
    #[test]
    fn mutated_edge_lists(
        (base, list) in edge_list(),
        muts in mutations(3),
    ) {
        let bytes = mutate(base.as_bytes(), &muts);
        let text = String::from_utf8_lossy(&bytes);
        let parsed = parse_edge_list(&text, "fuzz");
        let read = read_bytes(&bytes, read_edge_list);
        agree(&bytes, &parsed, &read);
        match parsed {
            Ok(g) => {
                if let Ok(r) = &read {
                    prop_assert_eq!(arcs(r), arcs(&g));
                }
                round_trip(&g);
                if muts.is_empty() {
                    prop_assert_eq!(arcs(&g), list);
                }
            }
            Err(e) => {
                prop_assert!(!muts.is_empty(), "a valid edge list was refused: {}", e);
                located(&text, &e);
            }
        }
    }
}

proptest! {
    #![proptest_config(cases(300))]

    /// Mutated `.co` files: coordinates that read are written and read back the same.
    #[test]
    fn mutated_coordinates(
        xy in proptest::collection::vec((any::<i32>(), any::<i32>()), 1..8),
        muts in mutations(4),
    ) {
        let coords: Vec<[i64; 2]> = xy.iter().map(|&(x, y)| [i64::from(x), i64::from(y)]).collect();
        let mut base = Vec::new();
        write_coords(&coords, "fuzz", &mut base).unwrap();
        let bytes = mutate(&base, &muts);
        let text = String::from_utf8_lossy(&bytes);
        match parse_coords(&text, "fuzz.co", coords.len()) {
            Ok(read) => {
                prop_assert_eq!(read.len(), coords.len());
                let mut again = Vec::new();
                write_coords(&read, "again", &mut again).unwrap();
                let again = parse_coords(std::str::from_utf8(&again).unwrap(), "again.co", read.len()).unwrap();
                prop_assert_eq!(&again, &read);
                if muts.is_empty() {
                    prop_assert_eq!(read, coords);
                }
            }
            Err(e) => {
                prop_assert!(!muts.is_empty(), "valid coordinates were refused: {}", e);
                located(&text, &e);
            }
        }
    }

    /// Mutated query lists: queries that read keep their lines; an error names a line.
    #[test]
    fn mutated_query_lists(
        picks in proptest::collection::vec((0..NAMES.len(), 0..NAMES.len(), proptest::option::of(0u64..5000)), 0..8),
        muts in mutations(4),
    ) {
        let mut base = String::from("# queries\n");
        for &(a, b, cost) in &picks {
            base += &format!("{} {}", NAMES[a], NAMES[b]);
            if let Some(c) = cost {
                base += &format!(" | {c}");
            }
            base.push('\n');
        }
        let bytes = mutate(base.as_bytes(), &muts);
        let text = String::from_utf8_lossy(&bytes);
        match parse_queries(&text, "q.txt") {
            Ok(qs) => {
                let lines = text.lines().count();
                for q in &qs {
                    prop_assert!((1..=lines).contains(&q.line));
                }
                if muts.is_empty() {
                    prop_assert_eq!(qs.len(), picks.len());
                    for (q, &(a, b, _)) in qs.iter().zip(&picks) {
                        prop_assert_eq!((q.from.as_str(), q.to.as_str()), (bare(NAMES[a]), bare(NAMES[b])));
                    }
                }
            }
            Err(e) => {
                prop_assert!(!muts.is_empty(), "a valid query list was refused: {}", e);
                located(&text, &e);
            }
        }
    }
}

proptest! {
    #![proptest_config(cases(300))]

    /// Arbitrary bytes as a `.gr` file, an edge list and a `.co` file: a value or an error
    /// naming a line, never a panic.
    #[test]
    fn arbitrary_bytes_as_graph_files(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        for read in [read_bytes(&bytes, read_dimacs), read_bytes(&bytes, read_edge_list)] {
            if let Err(e) = read {
                located(&text, &e);
            }
        }
        if let Err(e) = parse_coords(&text, "fuzz.co", 3) {
            located(&text, &e);
        }
    }
}
