//! Every parse error names the file and the right line, and says what is wrong; loading from
//! disk names the path; writers round-trip.

use std::path::Path;

use searchlab_graph::{
    GraphFormat, LoadError, ParseError, ParseErrorKind as K, RandomGraph, load, parse_coords,
    parse_dimacs, parse_edge_list, read_dimacs, read_edge_list, write_coords, write_dimacs,
};

/// Parses DIMACS text expected to fail; returns the line and the kind.
fn gr(text: &str) -> (usize, K) {
    let err: ParseError = parse_dimacs(text, "t.gr").expect_err(text);
    assert_eq!(err.file, "t.gr");
    assert!(
        err.to_string().starts_with(&format!("t.gr:{}: ", err.line)),
        "{err}"
    );
    (err.line, err.kind)
}

fn co(text: &str, nodes: usize) -> (usize, K) {
    let err = parse_coords(text, "t.co", nodes).expect_err(text);
    (err.line, err.kind)
}

fn el(text: &str) -> (usize, K) {
    let err = parse_edge_list(text, "t.txt").expect_err(text);
    assert!(
        err.to_string()
            .starts_with(&format!("t.txt:{}: ", err.line)),
        "{err}"
    );
    (err.line, err.kind)
}

#[test]
fn dimacs_problem_line_errors() {
    assert_eq!(
        gr("c no p line\na 1 2 3\n"),
        (
            2,
            K::MissingProblemLine {
                expected: "p sp N M"
            }
        )
    );
    assert_eq!(
        gr("c only comments\nc here\n"),
        (
            2,
            K::MissingProblemLine {
                expected: "p sp N M"
            }
        )
    );
    assert_eq!(
        gr(""),
        (
            0,
            K::MissingProblemLine {
                expected: "p sp N M"
            }
        )
    );
    assert_eq!(
        gr("p sp 2 1\nc\np sp 2 1\na 1 2 3\n"),
        (3, K::DuplicateProblemLine { first: 1 })
    );
    assert!(matches!(gr("p max 2 1\n"), (1, K::BadProblemLine { .. })));
    assert!(matches!(gr("p sp 2\n"), (1, K::BadProblemLine { .. })));
    assert!(matches!(
        gr("p sp two 1\n"),
        (
            1,
            K::BadNumber {
                field: "node count",
                ..
            }
        )
    ));
    assert!(matches!(
        gr("p sp 9999999999 1\n"),
        (1, K::TooLarge { what: "nodes", .. })
    ));
}

#[test]
fn dimacs_arc_errors() {
    assert_eq!(
        gr("p sp 2 1\na 1 2 3\na 2 1 3\n"),
        (
            3,
            K::TooMany {
                what: "arcs",
                declared: 1
            }
        )
    );
    assert_eq!(
        gr("p sp 2 3\na 1 2 3\na 2 1 3\n"),
        (
            3,
            K::Truncated {
                what: "arcs",
                declared: 3,
                found: 2
            }
        )
    );
    assert_eq!(
        gr("p sp 2 1\na 1 3 5\n"),
        (
            2,
            K::NodeOutOfRange {
                node: "3".into(),
                nodes: 2
            }
        )
    );
    assert_eq!(
        gr("p sp 2 1\na 0 1 5\n"),
        (
            2,
            K::NodeOutOfRange {
                node: "0".into(),
                nodes: 2
            }
        )
    );
    assert_eq!(
        gr("p sp 2 1\na -1 1 5\n"),
        (
            2,
            K::NodeOutOfRange {
                node: "-1".into(),
                nodes: 2
            }
        )
    );
    assert_eq!(
        gr("p sp 2 1\n\na 1 2 -5\n"),
        (3, K::NegativeWeight { text: "-5".into() })
    );
    for w in ["2.5", "x", "4294967296", "1e3"] {
        assert!(
            matches!(
                gr(&format!("p sp 2 1\na 1 2 {w}\n")),
                (
                    2,
                    K::BadNumber {
                        field: "weight",
                        ..
                    }
                )
            ),
            "{w}"
        );
    }
    assert!(matches!(
        gr("p sp 2 1\na 1 2\n"),
        (
            2,
            K::MissingField {
                field: "weight W",
                ..
            }
        )
    ));
    assert!(matches!(
        gr("p sp 2 1\na 1 2 3 4\n"),
        (2, K::Trailing { .. })
    ));
    assert!(matches!(
        gr("p sp 2 1\ne 1 2 3\n"),
        (2, K::UnknownLine { .. })
    ));
    // A file cut in the middle of its last line: the arc there is incomplete.
    assert!(matches!(
        gr("p sp 3 2\na 1 2 3\na 2"),
        (
            3,
            K::MissingField {
                field: "head node V",
                ..
            }
        )
    ));
    // The biggest weight is fine; CRLF line ends and blank lines too.
    let g = parse_dimacs("p sp 2 1\r\n\r\na 1 2 4294967295\r\n", "ok.gr").unwrap();
    assert_eq!(g.weight(0), u32::MAX);
}

#[test]
fn dimacs_messages_read_well() {
    let msg = |t: &str| parse_dimacs(t, "road.gr").unwrap_err().to_string();
    assert_eq!(
        msg("p sp 2 3\na 1 2 3\n"),
        "road.gr:2: truncated file: the problem line declares 3 arcs, found 1"
    );
    assert_eq!(
        msg("p sp 2 1\na 1 2 -7\n"),
        "road.gr:2: negative weight `-7`: arc weights must be non-negative integers"
    );
    assert_eq!(
        msg("p sp 2 1\na 1 2 1.5\n"),
        "road.gr:2: bad weight `1.5`: expected an integer in 0..=4294967295"
    );
}

#[test]
fn coordinate_errors() {
    assert_eq!(
        co("v 1 2 3\n", 2),
        (
            1,
            K::MissingProblemLine {
                expected: "p aux sp co N"
            }
        )
    );
    assert_eq!(
        co("p aux sp co 3\n", 2),
        (
            1,
            K::NodeCountMismatch {
                declared: 3,
                nodes: 2
            }
        )
    );
    assert_eq!(
        co("p aux sp co 2\nv 1 0 0\np aux sp co 2\n", 2),
        (3, K::DuplicateProblemLine { first: 1 })
    );
    assert!(matches!(
        co("p sp co 2\n", 2),
        (1, K::BadProblemLine { .. })
    ));
    assert_eq!(
        co("p aux sp co 2\nv 1 0 0\nv 1 5 5\n", 2),
        (
            3,
            K::Duplicate {
                node: "1".into(),
                what: "coordinates",
                first: 2
            }
        )
    );
    assert_eq!(
        co("p aux sp co 2\nv 1 0 0\n", 2),
        (
            2,
            K::Truncated {
                what: "coordinates",
                declared: 2,
                found: 1
            }
        )
    );
    assert!(matches!(
        co("p aux sp co 2\nv 3 0 0\n", 2),
        (2, K::NodeOutOfRange { .. })
    ));
    assert!(matches!(
        co("p aux sp co 2\nv 1 0 3000000000\n", 2),
        (2, K::BadNumber { field: "y", .. })
    ));
    assert!(matches!(
        co("p aux sp co 2\nv 1 0.5 0\n", 2),
        (2, K::BadNumber { field: "x", .. })
    ));
    // Negative coordinates (western longitudes) are fine.
    let xy = parse_coords("p aux sp co 1\nv 1 -73990000 40750000\n", "ny.co", 1).unwrap();
    assert_eq!(xy, vec![[-73_990_000, 40_750_000]]);
}

#[test]
fn edge_list_errors() {
    assert!(matches!(
        el("a b 1\nc\n"),
        (
            2,
            K::MissingField {
                field: "node name",
                ..
            }
        )
    ));
    assert!(matches!(
        el("a -> \n"),
        (
            1,
            K::MissingField {
                field: "node name",
                ..
            }
        )
    ));
    assert_eq!(
        el("a b 1\na c -4\n"),
        (2, K::NegativeWeight { text: "-4".into() })
    );
    assert!(matches!(
        el("a b x\n"),
        (
            1,
            K::BadNumber {
                field: "weight",
                ..
            }
        )
    ));
    assert!(matches!(el("a b 1 2\n"), (1, K::Trailing { .. })));
    assert!(matches!(el("\"a b 1\n"), (1, K::Unterminated { .. })));
    assert_eq!(el("a b\nh c 4\n"), (2, K::UnknownNode { node: "c".into() }));
    assert_eq!(
        el("a b\nh a 4\n# x\nh a 5\n"),
        (
            4,
            K::Duplicate {
                node: "a".into(),
                what: "an h value",
                first: 2
            }
        )
    );
    assert!(matches!(
        el("a b\nh a\n"),
        (
            2,
            K::MissingField {
                field: "h value",
                ..
            }
        )
    ));
    assert!(matches!(
        el("a b\nh a -1\n"),
        (
            2,
            K::BadNumber {
                field: "h value",
                ..
            }
        )
    ));
    assert!(matches!(el("a b\nh a 1 2\n"), (2, K::Trailing { .. })));
    assert!(matches!(
        el("a b\nxy a 1\n"),
        (2, K::MissingField { field: "y", .. })
    ));
    assert_eq!(
        el("a b\nxy a 1 2\n"),
        (2, K::MissingCoordinates { node: "b".into() })
    );
    assert!(matches!(el("node\n"), (1, K::MissingField { .. })));
}

#[test]
fn edge_list_syntax() {
    let text = "# a comment\n\"node\" h 2 # trailing comment\nh -> \"->\" 3\n\"x y\" -> h\nnode z\nh \"x y\" 7\n";
    let g = parse_edge_list(text, "quotes.txt").unwrap();
    let names: Vec<_> = (0..g.node_count() as u32)
        .map(|v| g.name(v).into_owned())
        .collect();
    assert_eq!(names, ["node", "h", "->", "x y", "z"]);
    // node-h both ways (2), h->"->" (1), "x y"->h (1, weight 1).
    assert_eq!(g.arc_count(), 4);
    let arcs: Vec<_> = (0..5)
        .flat_map(|u| g.arcs(u).map(move |(_, v, w)| (u, v, w)))
        .collect();
    assert_eq!(arcs, [(0, 1, 2), (1, 0, 2), (1, 2, 3), (3, 1, 1)]);
    assert_eq!(g.h_values(), Some(&[0, 0, 0, 7, 0][..]));
    assert!(g.coords().is_none());
}

#[test]
fn load_names_the_path() {
    let missing = Path::new("/nonexistent/graph.gr");
    let err = load(missing, None).unwrap_err();
    assert!(matches!(err, LoadError::Io { .. }));
    assert!(
        err.to_string().starts_with("/nonexistent/graph.gr: "),
        "{err}"
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/graph");
    // romania.co is for 20 nodes: loading it onto the edge list (also 20) works, and its
    // node numbers are the DIMACS ones, so only the format check is made here.
    let err = load(&dir.join("romania.co"), None).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("romania.co:") && matches!(err, LoadError::Parse(_)),
        "{text}"
    );
}

#[test]
fn writers_round_trip() {
    let g = RandomGraph {
        directed: true,
        ..RandomGraph::new(300, 11)
    }
    .generate();
    let mut gr = Vec::new();
    write_dimacs(&g, "seed 11\nrandom", &mut gr).unwrap();
    let back = parse_dimacs(std::str::from_utf8(&gr).unwrap(), "back.gr").unwrap();
    assert_eq!(back.arc_count(), g.arc_count());
    for u in 0..g.node_count() as u32 {
        assert!(g.arcs(u).eq(back.arcs(u)), "arcs of {u} differ");
    }
    let mut coords = Vec::new();
    write_coords(g.coords().unwrap(), "seed 11", &mut coords).unwrap();
    let xy = parse_coords(std::str::from_utf8(&coords).unwrap(), "back.co", 300).unwrap();
    assert_eq!(xy, g.coords().unwrap());
}

#[test]
fn readers_report_bad_bytes_at_their_line() {
    let bytes: &[u8] = b"p sp 2 1\nc caf\xe9\na 1 2 3\n";
    let err = read_dimacs(bytes, Path::new("latin1.gr")).unwrap_err();
    let LoadError::Parse(e) = err else {
        panic!("{err}")
    };
    assert_eq!(
        (e.file.as_str(), e.line, e.kind),
        ("latin1.gr", 2, K::NotUtf8)
    );
    let g = read_edge_list(&b"a b 3\r\nb c 4\r\n"[..], Path::new("crlf.txt")).unwrap();
    assert_eq!(g.distances_from(0), vec![0, 3, 7]);
    assert_eq!(
        GraphFormat::of(Path::new("x/USA-road-d.NY.GR")),
        GraphFormat::Dimacs
    );
    assert_eq!(
        GraphFormat::of(Path::new("romania.txt")),
        GraphFormat::EdgeList
    );
}
