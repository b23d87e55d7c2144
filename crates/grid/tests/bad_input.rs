//! Bad input gets a message naming the file and line; the other queries are still answered.

use std::path::{Path, PathBuf};

use searchlab_grid::{GridError, GridMap, read_instances};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("searchlab-grid-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn map_error(text: &str) -> String {
    match GridMap::parse(text, "bad.map") {
        Err(e @ GridError::Parse { .. }) => e.to_string(),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn bad_maps_name_the_file_line_and_fault() {
    let head = "type octile\nheight 2\nwidth 3\nmap\n";
    assert_eq!(
        map_error(&format!("{head}...\n")),
        "bad.map:5: 1 rows, the header's height is 2"
    );
    assert_eq!(
        map_error(&format!("{head}...\n....\n")),
        "bad.map:6: row 1 has 4 characters, the header's width is 3"
    );
    assert_eq!(
        map_error(&format!("{head}...\n...\n...\n")),
        "bad.map:7: more rows than the header's height 2"
    );
    assert_eq!(
        map_error(&format!("{head}...\n.x.\n")),
        "bad.map:6: unknown terrain `x` at column 1 (expected one of . G S W @ O T)"
    );
    assert!(map_error("type octile\nheight two\nwidth 3\nmap\n").starts_with("bad.map:2: "));
    assert!(map_error("type octile\nwidth 3\nmap\n...\n").starts_with("bad.map:3: "));
    assert!(map_error("type hex\nheight 1\nwidth 1\nmap\n.\n").contains("`hex`"));
}

#[test]
fn bad_queries_are_reported_by_line_and_the_rest_answered() {
    let d = dir("scen");
    write(
        &d,
        "ok.map",
        "type octile\nheight 2\nwidth 3\nmap\n..@\n...\n",
    );
    let scen = write(
        &d,
        "test.scen",
        "version 1\n\
         0\tok.map\t3\t2\t0\t0\t2\t1\t2.41421356\n\
         0\tok.map\t4\t2\t0\t0\t2\t1\t2.41421356\n\
         0\tok.map\t3\t2\t3\t0\t2\t1\t2.41421356\n\
         0\tok.map\t3\t2\t0\t0\t2\t0\t2.41421356\n\
         0\tmissing.map\t3\t2\t0\t0\t2\t1\t2.41421356\n\
         0\tok.map\t3\t2\t0\t0\t2\n\
         0\tok.map\t3\t2\t0\tzero\t2\t1\t1\n\
         0\tmaps/elsewhere/ok.map\t3\t2\t0\t1\t1\t1\t1.00000000\n",
    );
    let results = read_instances(&scen, None).unwrap();
    assert_eq!(results.len(), 8);
    let file = scen.display().to_string();
    let err = |k: usize| results[k].as_ref().unwrap_err().to_string();
    assert!(results[0].is_ok());
    assert!(err(1).starts_with(&format!("{file}:3: the scenario's map size is 4x2, but ")));
    assert_eq!(
        err(2),
        format!("{file}:4: start (3,0) is outside the 3x2 map")
    );
    assert_eq!(
        err(3),
        format!("{file}:5: goal (2,0) is on a blocked cell `@`")
    );
    assert!(
        err(4).starts_with(&format!("{file}:6: map `missing.map`: ")),
        "{}",
        err(4)
    );
    assert!(
        err(4).contains("missing.map: cannot read map"),
        "{}",
        err(4)
    );
    assert!(err(5).starts_with(&format!("{file}:7: expected 9 fields")));
    assert_eq!(
        err(6),
        format!("{file}:8: start-y `zero` is not a whole number")
    );
    // The map is found beside the scenario by its file name.
    let last = results[7].as_ref().unwrap();
    assert_eq!(last.name, format!("{file}:9"));
    assert!(last.is_expected(searchlab_core::Octile::new(1, 0)));
}

#[test]
fn a_missing_scenario_file_is_named() {
    let e = read_instances(Path::new("/nonexistent/x.scen"), None).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("/nonexistent/x.scen: cannot read scenario")
    );
}

#[test]
fn a_bad_map_is_reported_on_each_query_that_names_it() {
    let d = dir("badmap");
    write(
        &d,
        "bad.map",
        "type octile\nheight 2\nwidth 2\nmap\n..\n.\n",
    );
    let scen = write(&d, "q.scen", "version 1\n0\tbad.map\t2\t2\t0\t0\t1\t0\t1\n");
    let results = read_instances(&scen, None).unwrap();
    let e = results[0].as_ref().unwrap_err().to_string();
    assert!(e.contains(":2: map `bad.map`: "), "{e}");
    assert!(e.contains("bad.map:6: row 1 has 1 characters"), "{e}");
}
