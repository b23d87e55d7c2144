//! Fuzzing the MovingAI readers (issue 32): `.map` and `.scen` text, mutated from valid files
//! and as arbitrary bytes, must give a map or scenario, or an error naming a line of the input,
//! never a panic or an abort. A map read back agrees with the text it came from (every cell's
//! character and terrain), and a scenario line read, written by `write_scen` and read again is
//! the same query.
//!
//! `cargo test` runs 1,800 cases (the counts below); a longer run for developers:
//! `PROPTEST_CASES=100000 cargo test --release -p searchlab-grid --test fuzz` (every property
//! then runs that many).

use proptest::prelude::*;
use searchlab_grid::{
    Cell, GridError, GridMap, Scenario, Terrain, parse_scen, read_instances, write_scen,
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
    b"@",
    b".",
    b"T",
    b"W",
    b"x",
    b"map\n",
    b"height ",
    b"width ",
    b"0",
    b"9",
    b"65534",
    b"65535",
    b"-1",
    b"99999999999999999999",
    b"\xff",
    b"\xef\xbb\xbf",
    b"\0",
    b"\xc3\xa9",
    b"version 1\n",
    b"1.5",
    b".",
    b"type tile\n",
];

#[path = "../../../tests/support/mutate.rs"]
mod support;
use support::{Mutation, mutations};

/// `base` mutated by `muts` with this format's inserts.
fn mutate(base: &[u8], muts: &[Mutation]) -> Vec<u8> {
    support::mutate(base, muts, INSERTS)
}

/// The error names a line of `text` (its lines, or one past the last).
fn located(text: &str, e: &GridError) {
    let lines = text.lines().count().max(1);
    match e {
        GridError::Parse { line, what, .. } => {
            assert!(
                (1..=lines + 1).contains(line),
                "line {line} of {lines}: {e}"
            );
            assert!(!what.is_empty());
        }
        other => panic!("a parse of text gave {other}"),
    }
}

/// A map: width, height, and row-major characters of the format.
fn map_chars() -> impl Strategy<Value = (u16, u16, Vec<u8>)> {
    (1u16..12, 1u16..9).prop_flat_map(|(w, h)| {
        let cells = usize::from(w) * usize::from(h);
        let chars = proptest::collection::vec(proptest::sample::select(b".GSW@OT".to_vec()), cells);
        (Just(w), Just(h), chars)
    })
}

/// The `.map` text of a map, with a byte-order mark and CRLF line ends when asked.
fn map_text(w: u16, h: u16, chars: &[u8], bom: bool, crlf: bool) -> Vec<u8> {
    let end = if crlf { "\r\n" } else { "\n" };
    let mut s = String::new();
    if bom {
        s.push('\u{feff}');
    }
    s += &format!("type octile{end}height {h}{end}width {w}{end}map{end}");
    for row in chars.chunks(usize::from(w)) {
        s += std::str::from_utf8(row).unwrap();
        s += end;
    }
    s.into_bytes()
}

/// Every cell of `map` has the character and terrain of `chars`.
fn agrees(map: &GridMap, w: u16, h: u16, chars: &[u8]) {
    assert_eq!((map.width(), map.height()), (w, h));
    for y in 0..h {
        for x in 0..w {
            let c = chars[usize::from(y) * usize::from(w) + usize::from(x)];
            let cell = Cell::new(x, y);
            assert_eq!(map.char_at(cell), c);
            assert_eq!(Some(map.terrain(cell)), Terrain::of_char(c));
        }
    }
}

/// The map a plain reading of `text` gives (the header's last `width` and `height` before the
/// `map` line, the non-empty lines after it): the reference a map that reads must agree with.
fn reference(text: &str) -> Option<(u16, u16, Vec<u8>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines();
    let (mut w, mut h) = (None, None);
    for line in lines.by_ref() {
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some("map"), None) => break,
            (Some("width"), Some(v)) => w = v.parse().ok(),
            (Some("height"), Some(v)) => h = v.parse().ok(),
            _ => {}
        }
    }
    let chars: Vec<u8> = lines
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.is_empty())
        .flat_map(|l| l.bytes())
        .collect();
    Some((w?, h?, chars))
}

/// A scratch file of this test process.
fn scratch(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-grid-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// A scenario line of the format (the map name without tabs or line breaks).
fn scenario() -> impl Strategy<Value = Scenario> {
    (
        0u32..100,
        "[a-z/._ -]{1,12}",
        (1u32..70000, 1u32..70000),
        (0u32..70000, 0u32..70000, 0u32..70000, 0u32..70000),
        (0u64..100000, proptest::option::of(0u32..1_000_000_000)),
    )
        .prop_filter_map(
            "the map name is trimmed",
            |(bucket, map, (w, h), s, (whole, frac))| {
                let map = map.trim().to_owned();
                if map.is_empty() {
                    return None;
                }
                let length = match frac {
                    Some(f) => format!("{whole}.{f:09}"),
                    None => whole.to_string(),
                };
                Some(Scenario {
                    line: 0,
                    bucket,
                    map,
                    width: w,
                    height: h,
                    start: (s.0, s.1),
                    goal: (s.2, s.3),
                    expected: searchlab_grid::Expected::parse(&length)?,
                })
            },
        )
}

/// The scenario with its line number cleared (lines differ between two writings).
fn unlined(s: &Scenario) -> Scenario {
    Scenario {
        line: 0,
        ..s.clone()
    }
}

proptest! {
    #![proptest_config(cases(600))]

    /// Mutated maps: a map that reads agrees with its text read back; an error names a line.
    /// Unmutated, the map is the generator's.
    #[test]
    fn mutated_maps_read_or_name_a_line(
        (w, h, chars) in map_chars(),
        bom in any::<bool>(),
        crlf in any::<bool>(),
        muts in mutations(4),
    ) {
        let base = map_text(w, h, &chars, bom, crlf);
        let bytes = mutate(&base, &muts);
        let text = String::from_utf8_lossy(&bytes);
        match GridMap::parse(&text, "fuzz.map") {
            Ok(map) => {
                if muts.is_empty() {
                    agrees(&map, w, h, &chars);
                }
                let (rw, rh, rchars) = reference(&text).expect("a map that reads has a header");
                agrees(&map, rw, rh, &rchars);
                // Read back: the map's own characters make the same map.
                let mut own = Vec::new();
                for y in 0..map.height() {
                    for x in 0..map.width() {
                        own.push(map.char_at(Cell::new(x, y)));
                    }
                }
                let again = map_text(map.width(), map.height(), &own, false, false);
                let again = GridMap::parse(std::str::from_utf8(&again).unwrap(), "again.map").unwrap();
                agrees(&again, map.width(), map.height(), &own);
            }
            Err(e) => {
                prop_assert!(!muts.is_empty(), "a valid map was refused: {e}");
                located(&text, &e);
            }
        }
    }

    /// Mutated scenario files: one result per query line, each error on its own line, each
    /// good line written and read back unchanged. Unmutated, the rows are the generator's.
    #[test]
    fn mutated_scenarios_read_line_by_line(
        rows in proptest::collection::vec(scenario(), 0..6),
        muts in mutations(4),
    ) {
        let base = write_scen(&rows);
        let bytes = mutate(base.as_bytes(), &muts);
        let text = String::from_utf8_lossy(&bytes);
        let read = parse_scen(&text, "fuzz.scen");
        let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let query_lines: Vec<usize> = body
            .lines()
            .enumerate()
            .filter(|(i, l)| !(l.trim().is_empty() || *i == 0 && l.trim().starts_with("version")))
            .map(|(i, _)| i + 1)
            .collect();
        prop_assert_eq!(read.len(), query_lines.len());
        for (r, &line) in read.iter().zip(&query_lines) {
            match r {
                Ok(s) => {
                    prop_assert_eq!(s.line, line);
                    let again = parse_scen(&write_scen(std::slice::from_ref(s)), "again.scen");
                    prop_assert_eq!(again.len(), 1);
                    let again = again[0].as_ref().expect("a written line reads");
                    prop_assert_eq!(unlined(again), unlined(s));
                }
                Err(e) => {
                    prop_assert!(matches!(e, GridError::Parse { line: l, .. } if *l == line), "{}", e);
                }
            }
        }
        if muts.is_empty() {
            let got: Vec<Scenario> = read.iter().map(|r| unlined(r.as_ref().unwrap())).collect();
            let want: Vec<Scenario> = rows.iter().map(unlined).collect();
            prop_assert_eq!(got, want);
        }
    }
}

proptest! {
    #![proptest_config(cases(300))]

    /// Arbitrary bytes in a `.map` file: a map or an error naming a line, never a panic.
    #[test]
    fn arbitrary_bytes_as_a_map_file(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let path = scratch("bytes.map", &bytes);
        if let Err(e) = GridMap::read(&path) {
            located(&String::from_utf8_lossy(&bytes), &e);
        }
    }

    /// Arbitrary and mutated scenario files checked against a real map: every query is
    /// checked (sizes, start and goal on passable cells) or refused on its line.
    #[test]
    fn scenario_files_against_a_map(
        (w, h, chars) in map_chars(),
        rows in proptest::collection::vec(scenario(), 0..4),
        xy in proptest::collection::vec((0u32..14, 0u32..11, 0u32..14, 0u32..11), 0..4),
        muts in mutations(3),
    ) {
        let map = scratch("m.map", &map_text(w, h, &chars, false, false));
        // Some queries of the map's own size, so that the cell checks are reached.
        let mut rows = rows;
        for (i, &(sx, sy, gx, gy)) in xy.iter().enumerate() {
            rows.push(Scenario {
                line: 0,
                bucket: i as u32,
                map: "m.map".into(),
                width: u32::from(w),
                height: u32::from(h),
                start: (sx, sy),
                goal: (gx, gy),
                expected: searchlab_grid::Expected::parse("1").unwrap(),
            });
        }
        let bytes = mutate(write_scen(&rows).as_bytes(), &muts);
        let scen = scratch("q.scen", &bytes);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let read = read_instances(&scen, Some(&map)).expect("the file is readable");
        for r in &read {
            match r {
                Ok(i) => {
                    prop_assert!(i.map.is_passable(i.start) && i.map.is_passable(i.goal));
                    prop_assert_eq!((i.scenario.width, i.scenario.height), (u32::from(w), u32::from(h)));
                }
                Err(e) => located(&text, e),
            }
        }
    }
}
