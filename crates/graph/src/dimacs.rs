//! DIMACS shortest-path files (9th DIMACS Implementation Challenge): `.gr` arcs, `.co`
//! coordinates; parsers and writers.
//!
//! ```text
//! c comment lines anywhere      c comment lines anywhere
//! p sp N M                      p aux sp co N
//! a U V W     (M lines)         v ID X Y     (N lines)
//! ```
//!
//! Nodes are numbered `1..=N`; `a U V W` is the arc `U -> V` of weight `W`, an integer in
//! `0..=4294967295` (an undirected road appears as two arcs). Coordinates are integers in
//! `-2^31..2^31` (the challenge's road networks give longitude and latitude in millionths of a
//! degree). Blank lines are allowed; everything else is an error naming the file and the line.

use std::io::{self, BufRead, Write};
use std::path::Path;

use crate::error::{LoadError, ParseError, ParseErrorKind as K, Source};
use crate::graph::{Graph, GraphBuilder, MAX_COUNT, MAX_WEIGHT, NodeId};

const GR_PROBLEM: &str = "p sp N M";
const GR_ARC: &str = "a U V W";
const CO_PROBLEM: &str = "p aux sp co N";
const CO_VERTEX: &str = "v ID X Y";
pub(crate) const WEIGHT_RANGE: &str = "0..=4294967295";
const COORD_RANGE: &str = "-2147483648..=2147483647";

/// Feeds lines to a parser: from a reader, turning read errors into [`LoadError::Io`] and
/// invalid UTF-8 into a parse error at its line. Returns the number of lines.
pub(crate) fn feed_reader<R: BufRead>(
    mut reader: R,
    path: &Path,
    src: &Source<'_>,
    mut feed: impl FnMut(usize, &str) -> Result<(), ParseError>,
) -> Result<usize, LoadError> {
    let mut buf = Vec::new();
    let mut line = 0;
    loop {
        buf.clear();
        // At most one byte more than the longest line, so `/dev/zero` or a binary file is
        // refused at its first line instead of filling memory.
        let read = <&mut R as std::io::Read>::take(&mut reader, MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|source| LoadError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        if read == 0 {
            return Ok(line);
        }
        line += 1;
        if buf.len() > MAX_LINE {
            return Err(src.error(line, K::LineTooLong { max: MAX_LINE }).into());
        }
        let mut bytes = &buf[..];
        if line == 1 {
            // A UTF-8 byte-order mark, as every reader of this project skips it.
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        let text = std::str::from_utf8(bytes).map_err(|_| src.error(line, K::NotUtf8))?;
        feed(line, text.trim_end_matches(['\n', '\r']))?;
    }
}

/// The longest line a graph file may have (a DIMACS or edge-list line is a few dozen bytes; an
/// edge list's node names are short).
pub(crate) const MAX_LINE: usize = 1 << 20;

/// Feeds the lines of a string to a parser (a leading byte-order mark skipped); returns the
/// number of lines.
pub(crate) fn feed_str(
    text: &str,
    mut feed: impl FnMut(usize, &str) -> Result<(), ParseError>,
) -> Result<usize, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        count = i + 1;
        feed(count, line)?;
    }
    Ok(count)
}

/// Parses an unsigned integer field, or says what it should have been.
pub(crate) fn parse_u64(
    src: &Source<'_>,
    line: usize,
    field: &'static str,
    text: &str,
    max: u64,
    range: &'static str,
) -> Result<u64, ParseError> {
    match text.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err(src.error(
            line,
            K::BadNumber {
                field,
                text: text.to_string(),
                range,
            },
        )),
    }
}

/// Parses an arc weight: a non-negative integer up to [`MAX_WEIGHT`]; a negative number gets
/// its own error because it is a different mistake (a graph for another kind of algorithm).
pub(crate) fn parse_weight(src: &Source<'_>, line: usize, text: &str) -> Result<u32, ParseError> {
    if let Some(rest) = text.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit() || b == b'.')
    {
        return Err(src.error(
            line,
            K::NegativeWeight {
                text: text.to_string(),
            },
        ));
    }
    parse_u64(src, line, "weight", text, MAX_WEIGHT, WEIGHT_RANGE).map(|w| w as u32)
}

/// The next field of a line, or a "missing field" error.
pub(crate) fn field<'a>(
    src: &Source<'_>,
    line: usize,
    tokens: &mut impl Iterator<Item = &'a str>,
    name: &'static str,
    expected: &'static str,
) -> Result<&'a str, ParseError> {
    tokens.next().ok_or_else(|| {
        src.error(
            line,
            K::MissingField {
                field: name,
                expected,
            },
        )
    })
}

/// An error if a line has more fields.
pub(crate) fn end<'a>(
    src: &Source<'_>,
    line: usize,
    mut tokens: impl Iterator<Item = &'a str>,
    expected: &'static str,
) -> Result<(), ParseError> {
    match tokens.next() {
        Some(extra) => Err(src.error(
            line,
            K::Trailing {
                found: extra.to_string(),
                expected,
            },
        )),
        None => Ok(()),
    }
}

/// A DIMACS node number in `1..=nodes`, as an index.
fn parse_node(src: &Source<'_>, line: usize, text: &str, nodes: u64) -> Result<NodeId, ParseError> {
    let k = text.parse::<u64>().map_err(|_| {
        // A negative number or 0 is a node out of range, anything else not a number.
        if text
            .strip_prefix('-')
            .is_some_and(|r| r.parse::<u64>().is_ok())
        {
            src.error(
                line,
                K::NodeOutOfRange {
                    node: text.to_string(),
                    nodes,
                },
            )
        } else {
            src.error(
                line,
                K::BadNumber {
                    field: "node",
                    text: text.to_string(),
                    range: "1..=N",
                },
            )
        }
    })?;
    if k == 0 || k > nodes {
        return Err(src.error(
            line,
            K::NodeOutOfRange {
                node: text.to_string(),
                nodes,
            },
        ));
    }
    Ok((k - 1) as NodeId)
}

/// Whether a line is a DIMACS comment: it starts with `c`.
fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with('c')
}

/// The `.gr` parser's state between lines.
struct GrParser<'s> {
    src: Source<'s>,
    /// Line of the `p` line, node and arc counts.
    problem: Option<(usize, u64, u64)>,
    builder: GraphBuilder,
}

impl GrParser<'_> {
    fn line(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        let src = &self.src;
        if is_comment(text) {
            return Ok(());
        }
        let mut tokens = text.split_ascii_whitespace();
        match tokens.next() {
            None => Ok(()),
            Some("p") => {
                if let Some((first, _, _)) = self.problem {
                    return Err(src.error(line, K::DuplicateProblemLine { first }));
                }
                let bad = || {
                    src.error(
                        line,
                        K::BadProblemLine {
                            expected: GR_PROBLEM,
                            found: text.trim().to_string(),
                        },
                    )
                };
                let parts: Vec<&str> = tokens.collect();
                let [kind, n, m] = parts[..] else {
                    return Err(bad());
                };
                if kind != "sp" {
                    return Err(bad());
                }
                let range = "0..=4294967294";
                let n = parse_u64(src, line, "node count", n, u64::MAX, range)?;
                let m = parse_u64(src, line, "arc count", m, u64::MAX, range)?;
                for (count, what) in [(n, "nodes"), (m, "arcs")] {
                    if count > MAX_COUNT {
                        return Err(src.error(
                            line,
                            K::TooLarge {
                                what,
                                max: MAX_COUNT,
                            },
                        ));
                    }
                }
                self.builder = GraphBuilder::new(n as usize);
                // The declared count is a promise the file may break: reserve within reason.
                self.builder.reserve(m.min(1 << 24) as usize);
                self.problem = Some((line, n, m));
                Ok(())
            }
            Some("a") => {
                let Some((_, n, m)) = self.problem else {
                    return Err(src.error(
                        line,
                        K::MissingProblemLine {
                            expected: GR_PROBLEM,
                        },
                    ));
                };
                if self.builder.arc_count() as u64 == m {
                    return Err(src.error(
                        line,
                        K::TooMany {
                            what: "arcs",
                            declared: m,
                        },
                    ));
                }
                let u = field(src, line, &mut tokens, "tail node U", GR_ARC)?;
                let v = field(src, line, &mut tokens, "head node V", GR_ARC)?;
                let w = field(src, line, &mut tokens, "weight W", GR_ARC)?;
                end(src, line, tokens, GR_ARC)?;
                let u = parse_node(src, line, u, n)?;
                let v = parse_node(src, line, v, n)?;
                let w = parse_weight(src, line, w)?;
                self.builder.add_arc(u, v, w);
                Ok(())
            }
            Some(other) => Err(src.error(
                line,
                K::UnknownLine {
                    found: other.to_string(),
                    expected: "`c` (comment), `p sp N M` or `a U V W`",
                },
            )),
        }
    }

    fn finish(self, lines: usize) -> Result<Graph, ParseError> {
        let Some((_, n, m)) = self.problem else {
            return Err(self.src.error(
                lines,
                K::MissingProblemLine {
                    expected: GR_PROBLEM,
                },
            ));
        };
        let found = self.builder.arc_count() as u64;
        if found < m {
            return Err(self.src.error(
                lines,
                K::Truncated {
                    what: "arcs",
                    declared: m,
                    found,
                },
            ));
        }
        let arcs = self.builder.arc_count() as u64;
        self.builder
            .try_build()
            .map_err(|_| self.src.error(lines, K::OutOfMemory { nodes: n, arcs }))
    }
}

fn gr_parser(file: &str) -> GrParser<'_> {
    GrParser {
        src: Source { file },
        problem: None,
        builder: GraphBuilder::default(),
    }
}

/// Parses a DIMACS `.gr` graph from text; `file` names it in errors.
///
/// # Errors
/// A [`ParseError`] naming `file` and the line: a missing or duplicate `p` line, more or fewer
/// `a` lines than declared (fewer: a truncated file), a node outside `1..=N`, a weight that is
/// negative, not an integer or above `2^32 - 1`, a missing or extra field, an unknown line type.
///
/// # Example
/// ```
/// use searchlab_graph::{parse_dimacs, ParseErrorKind};
///
/// let g = parse_dimacs("c two arcs\np sp 3 2\na 1 2 5\na 2 3 7\n", "tiny.gr").unwrap();
/// assert_eq!(g.distances_from(0), vec![0, 5, 12]);
///
/// let err = parse_dimacs("p sp 3 2\na 1 4 5\n", "bad.gr").unwrap_err();
/// assert_eq!(err.to_string(), "bad.gr:2: node 4 out of range 1..=3");
/// assert!(matches!(err.kind, ParseErrorKind::NodeOutOfRange { .. }));
/// ```
pub fn parse_dimacs(text: &str, file: &str) -> Result<Graph, ParseError> {
    let mut p = gr_parser(file);
    let lines = feed_str(text, |line, t| p.line(line, t))?;
    p.finish(lines)
}

/// Reads a DIMACS `.gr` graph from a reader (line by line: road networks are large); `path`
/// names it in errors.
///
/// # Errors
/// [`LoadError::Io`] if reading fails, else the errors of [`parse_dimacs`].
pub fn read_dimacs<R: BufRead>(reader: R, path: &Path) -> Result<Graph, LoadError> {
    let name = path.display().to_string();
    let mut p = gr_parser(&name);
    let src = p.src.clone();
    let lines = feed_reader(reader, path, &src, |line, t| p.line(line, t))?;
    Ok(p.finish(lines)?)
}

/// The `.co` parser's state between lines.
struct CoParser<'s> {
    src: Source<'s>,
    nodes: usize,
    problem: Option<usize>,
    coords: Vec<[i64; 2]>,
    /// The line of each node's `v` line, 0 for none yet.
    seen: Vec<usize>,
    count: u64,
}

impl CoParser<'_> {
    fn line(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        let src = &self.src;
        if is_comment(text) {
            return Ok(());
        }
        let mut tokens = text.split_ascii_whitespace();
        match tokens.next() {
            None => Ok(()),
            Some("p") => {
                if let Some(first) = self.problem {
                    return Err(src.error(line, K::DuplicateProblemLine { first }));
                }
                let parts: Vec<&str> = tokens.collect();
                let ["aux", "sp", "co", n] = parts[..] else {
                    return Err(src.error(
                        line,
                        K::BadProblemLine {
                            expected: CO_PROBLEM,
                            found: text.trim().to_string(),
                        },
                    ));
                };
                let n = parse_u64(src, line, "node count", n, u64::MAX, "0..=4294967294")?;
                if n != self.nodes as u64 {
                    return Err(src.error(
                        line,
                        K::NodeCountMismatch {
                            declared: n,
                            nodes: self.nodes as u64,
                        },
                    ));
                }
                self.problem = Some(line);
                self.coords = vec![[0, 0]; self.nodes];
                self.seen = vec![0; self.nodes];
                Ok(())
            }
            Some("v") => {
                if self.problem.is_none() {
                    return Err(src.error(
                        line,
                        K::MissingProblemLine {
                            expected: CO_PROBLEM,
                        },
                    ));
                }
                let id = field(src, line, &mut tokens, "node ID", CO_VERTEX)?;
                let x = field(src, line, &mut tokens, "coordinate X", CO_VERTEX)?;
                let y = field(src, line, &mut tokens, "coordinate Y", CO_VERTEX)?;
                end(src, line, tokens, CO_VERTEX)?;
                let node = parse_node(src, line, id, self.nodes as u64)? as usize;
                let coord = |field, text: &str| {
                    text.parse::<i32>().map(i64::from).map_err(|_| {
                        src.error(
                            line,
                            K::BadNumber {
                                field,
                                text: text.to_string(),
                                range: COORD_RANGE,
                            },
                        )
                    })
                };
                let xy = [coord("x", x)?, coord("y", y)?];
                if self.seen[node] != 0 {
                    return Err(src.error(
                        line,
                        K::Duplicate {
                            node: id.to_string(),
                            what: "coordinates",
                            first: self.seen[node],
                        },
                    ));
                }
                self.seen[node] = line;
                self.coords[node] = xy;
                self.count += 1;
                Ok(())
            }
            Some(other) => Err(src.error(
                line,
                K::UnknownLine {
                    found: other.to_string(),
                    expected: "`c` (comment), `p aux sp co N` or `v ID X Y`",
                },
            )),
        }
    }

    fn finish(self, lines: usize) -> Result<Vec<[i64; 2]>, ParseError> {
        if self.problem.is_none() {
            return Err(self.src.error(
                lines,
                K::MissingProblemLine {
                    expected: CO_PROBLEM,
                },
            ));
        }
        // Duplicates are refused, so fewer lines than nodes means some node has none.
        if self.count < self.nodes as u64 {
            return Err(self.src.error(
                lines,
                K::Truncated {
                    what: "coordinates",
                    declared: self.nodes as u64,
                    found: self.count,
                },
            ));
        }
        Ok(self.coords)
    }
}

fn co_parser(file: &str, nodes: usize) -> CoParser<'_> {
    CoParser {
        src: Source { file },
        nodes,
        problem: None,
        coords: Vec::new(),
        seen: Vec::new(),
        count: 0,
    }
}

/// Parses DIMACS `.co` coordinates for a graph of `nodes` nodes; `file` names it in errors.
///
/// # Errors
/// A [`ParseError`]: a missing or duplicate `p aux sp co N` line, `N` not the graph's node
/// count, a node outside `1..=N` or given twice, a coordinate that is not a 32-bit integer, a
/// node without coordinates (a truncated file).
///
/// # Example
/// ```
/// use searchlab_graph::parse_coords;
///
/// let xy = parse_coords("p aux sp co 2\nv 1 0 0\nv 2 -3 4\n", "tiny.co", 2).unwrap();
/// assert_eq!(xy, vec![[0, 0], [-3, 4]]);
/// assert!(parse_coords("p aux sp co 2\nv 1 0 0\n", "cut.co", 2).is_err());
/// ```
pub fn parse_coords(text: &str, file: &str, nodes: usize) -> Result<Vec<[i64; 2]>, ParseError> {
    let mut p = co_parser(file, nodes);
    let lines = feed_str(text, |line, t| p.line(line, t))?;
    p.finish(lines)
}

/// Reads DIMACS `.co` coordinates for a graph of `nodes` nodes from a reader.
///
/// # Errors
/// [`LoadError::Io`] if reading fails, else the errors of [`parse_coords`].
pub fn read_coords<R: BufRead>(
    reader: R,
    path: &Path,
    nodes: usize,
) -> Result<Vec<[i64; 2]>, LoadError> {
    let name = path.display().to_string();
    let mut p = co_parser(&name, nodes);
    let src = p.src.clone();
    let lines = feed_reader(reader, path, &src, |line, t| p.line(line, t))?;
    Ok(p.finish(lines)?)
}

/// Writes `graph` as a DIMACS `.gr` file: `comment` (each of its lines prefixed with `c `), the
/// problem line, and the arcs node by node in the graph's order, so reading the file back gives
/// the same graph with the same action order.
///
/// # Errors
/// Any error of `out`.
///
/// # Example
/// ```
/// use searchlab_graph::{parse_dimacs, write_dimacs, RandomGraph};
///
/// let g = RandomGraph::new(50, 7).generate();
/// let mut text = Vec::new();
/// write_dimacs(&g, "random graph, seed 7", &mut text).unwrap();
/// let back = parse_dimacs(std::str::from_utf8(&text).unwrap(), "back.gr").unwrap();
/// assert_eq!(back.distances_from(0), g.distances_from(0));
/// ```
pub fn write_dimacs(graph: &Graph, comment: &str, mut out: impl Write) -> io::Result<()> {
    for line in comment.lines() {
        writeln!(out, "c {line}")?;
    }
    writeln!(out, "p sp {} {}", graph.node_count(), graph.arc_count())?;
    for u in 0..graph.node_count() as NodeId {
        for (_, v, w) in graph.arcs(u) {
            writeln!(out, "a {} {} {w}", u64::from(u) + 1, u64::from(v) + 1)?;
        }
    }
    Ok(())
}

/// Writes coordinates as a DIMACS `.co` file (comment lines, problem line, one `v` per node).
///
/// # Errors
/// Any error of `out`.
pub fn write_coords(coords: &[[i64; 2]], comment: &str, mut out: impl Write) -> io::Result<()> {
    for line in comment.lines() {
        writeln!(out, "c {line}")?;
    }
    writeln!(out, "p aux sp co {}", coords.len())?;
    for (i, [x, y]) in coords.iter().enumerate() {
        writeln!(out, "v {} {x} {y}", i + 1)?;
    }
    Ok(())
}
