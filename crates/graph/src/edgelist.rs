//! The plain edge-list format: named nodes, undirected edges and directed arcs, optional
//! per-node `h` values and coordinates.
//!
//! ```text
//! # A comment runs from `#` to the end of the line.
//! Arad Zerind 75            an undirected edge: arcs Arad -> Zerind and Zerind -> Arad
//! Arad -> Timisoara 118     a directed arc
//! Oradea Sibiu              the weight defaults to 1
//! "Rimnicu Vilcea" Pitesti 97   names with spaces (or reserved words) in double quotes
//! node Neamt Iasi           declares nodes (an isolated node needs this)
//! h Arad 366                the heuristic value of a node (nodes without one get 0)
//! xy Arad 91 492            integer coordinates (then every node needs them)
//! ```
//!
//! Weights and `h` values are integers in `0..=4294967295`. Nodes are numbered in the order
//! their names first appear in edge, arc and `node` lines; each node's arcs keep the order of
//! the lines, which is the order the searches try them. `h` and `xy` lines may come before or
//! after the lines that introduce their node, but must name a node that some edge, arc or
//! `node` line introduces (a typo is an error, not a new node). The words `node`, `h` and `xy`
//! at the start of a line (unless `->` follows) and `->` anywhere are reserved: quote a node
//! named like them.

use std::io::BufRead;
use std::path::Path;

use crate::dimacs::{WEIGHT_RANGE, feed_reader, feed_str, parse_u64, parse_weight};
use crate::error::{LoadError, ParseError, ParseErrorKind as K, Source};
use crate::graph::{Graph, GraphBuilder, MAX_COUNT, MAX_WEIGHT, Names, NodeId};

const EDGE: &str = "A B [W]` or `A -> B [W]";
const H: &str = "h NAME VALUE";
const XY: &str = "xy NAME X Y";
const NODE: &str = "node NAME...";

/// A token of a line: a bare word or a double-quoted name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token<'a> {
    pub(crate) text: &'a str,
    pub(crate) quoted: bool,
}

impl Token<'_> {
    /// Whether this is the reserved word `word` (quoted names are never reserved).
    fn is(&self, word: &str) -> bool {
        !self.quoted && self.text == word
    }
}

/// Splits a line into tokens up to a `#` comment.
pub(crate) fn tokenize<'a>(
    src: &Source<'_>,
    line: usize,
    text: &'a str,
) -> Result<Vec<Token<'a>>, ParseError> {
    let mut tokens = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() || rest.starts_with('#') {
            return Ok(tokens);
        }
        if let Some(inner) = rest.strip_prefix('"') {
            let Some(close) = inner.find('"') else {
                return Err(src.error(
                    line,
                    K::Unterminated {
                        text: rest.to_string(),
                    },
                ));
            };
            tokens.push(Token {
                text: &inner[..close],
                quoted: true,
            });
            rest = &inner[close + 1..];
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            tokens.push(Token {
                text: &rest[..end],
                quoted: false,
            });
            rest = &rest[end..];
        }
    }
}

/// An `h` or `xy` line, resolved once every node is known.
struct NodeData {
    line: usize,
    name: String,
    values: [i64; 2],
}

/// The edge-list parser's state between lines.
struct Parser<'s> {
    src: Source<'s>,
    names: Names,
    arcs: Vec<(NodeId, NodeId, u32)>,
    h: Vec<NodeData>,
    xy: Vec<NodeData>,
}

impl Parser<'_> {
    /// A node name: a quoted token, or a bare one that is not `->`.
    fn name(
        &mut self,
        line: usize,
        token: Option<&Token<'_>>,
        expected: &'static str,
    ) -> Result<NodeId, ParseError> {
        let src = &self.src;
        let token = token.ok_or_else(|| {
            src.error(
                line,
                K::MissingField {
                    field: "node name",
                    expected,
                },
            )
        })?;
        if token.is("->") || token.text.is_empty() {
            return Err(src.error(
                line,
                K::MissingField {
                    field: "node name",
                    expected,
                },
            ));
        }
        if self.names.get(token.text).is_none() && self.names.len() as u64 >= MAX_COUNT {
            return Err(src.error(
                line,
                K::TooLarge {
                    what: "nodes",
                    max: MAX_COUNT,
                },
            ));
        }
        Ok(self.names.intern(token.text))
    }

    fn trailing(
        &self,
        line: usize,
        extra: Option<&Token<'_>>,
        expected: &'static str,
    ) -> Result<(), ParseError> {
        match extra {
            Some(t) => Err(self.src.error(
                line,
                K::Trailing {
                    found: t.text.to_string(),
                    expected,
                },
            )),
            None => Ok(()),
        }
    }

    fn field<'t>(
        &self,
        line: usize,
        token: Option<&Token<'t>>,
        field: &'static str,
        expected: &'static str,
    ) -> Result<&'t str, ParseError> {
        token
            .map(|t| t.text)
            .ok_or_else(|| self.src.error(line, K::MissingField { field, expected }))
    }

    /// A coordinate: a 32-bit integer, so differences never overflow.
    fn coordinate(
        &self,
        line: usize,
        token: Option<&Token<'_>>,
        field: &'static str,
    ) -> Result<i64, ParseError> {
        let text = self.field(line, token, field, XY)?;
        text.parse::<i32>().map(i64::from).map_err(|_| {
            self.src.error(
                line,
                K::BadNumber {
                    field,
                    text: text.to_string(),
                    range: "-2147483648..=2147483647",
                },
            )
        })
    }

    fn line(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        let tokens = tokenize(&self.src, line, text)?;
        let Some(first) = tokens.first() else {
            return Ok(());
        };
        // `h -> x` can only be an arc: `->` is never a name.
        let directed = tokens.get(1).is_some_and(|t| t.is("->"));
        if first.is("node") && !directed {
            if tokens.len() < 2 {
                return Err(self.src.error(
                    line,
                    K::MissingField {
                        field: "node name",
                        expected: NODE,
                    },
                ));
            }
            for t in &tokens[1..] {
                self.name(line, Some(t), NODE)?;
            }
            return Ok(());
        }
        if first.is("h") && !directed {
            let name = self.field(line, tokens.get(1), "node name", H)?;
            let value = self.field(line, tokens.get(2), "h value", H)?;
            let value = parse_u64(&self.src, line, "h value", value, MAX_WEIGHT, WEIGHT_RANGE)?;
            self.trailing(line, tokens.get(3), H)?;
            self.h.push(NodeData {
                line,
                name: name.to_string(),
                values: [value as i64, 0],
            });
            return Ok(());
        }
        if first.is("xy") && !directed {
            let name = self.field(line, tokens.get(1), "node name", XY)?;
            let x = self.coordinate(line, tokens.get(2), "x")?;
            let y = self.coordinate(line, tokens.get(3), "y")?;
            self.trailing(line, tokens.get(4), XY)?;
            self.xy.push(NodeData {
                line,
                name: name.to_string(),
                values: [x, y],
            });
            return Ok(());
        }
        let (a, b, w) = if directed { (0, 2, 3) } else { (0, 1, 2) };
        let from = self.name(line, tokens.get(a), EDGE)?;
        let to = self.name(line, tokens.get(b), EDGE)?;
        let weight = match tokens.get(w) {
            Some(t) => parse_weight(&self.src, line, t.text)?,
            None => 1,
        };
        self.trailing(line, tokens.get(w + 1), EDGE)?;
        let arcs = if directed { 1 } else { 2 };
        if self.arcs.len() as u64 + arcs > MAX_COUNT {
            return Err(self.src.error(
                line,
                K::TooLarge {
                    what: "arcs",
                    max: MAX_COUNT,
                },
            ));
        }
        self.arcs.push((from, to, weight));
        if !directed {
            self.arcs.push((to, from, weight));
        }
        Ok(())
    }

    /// Resolves `h` or `xy` lines to one value per node.
    fn per_node(
        &self,
        data: &[NodeData],
        what: &'static str,
    ) -> Result<Vec<(usize, [i64; 2])>, ParseError> {
        let mut first = vec![0usize; self.names.len()];
        let mut out = vec![(0, [0, 0]); self.names.len()];
        for d in data {
            let Some(node) = self.names.get(&d.name) else {
                return Err(self.src.error(
                    d.line,
                    K::UnknownNode {
                        node: d.name.clone(),
                    },
                ));
            };
            let node = node as usize;
            if first[node] != 0 {
                return Err(self.src.error(
                    d.line,
                    K::Duplicate {
                        node: d.name.clone(),
                        what,
                        first: first[node],
                    },
                ));
            }
            first[node] = d.line;
            out[node] = (d.line, d.values);
        }
        Ok(out)
    }

    fn finish(self, lines: usize) -> Result<Graph, ParseError> {
        let h = self.per_node(&self.h, "an h value")?;
        let xy = self.per_node(&self.xy, "coordinates")?;
        if !self.xy.is_empty()
            && let Some(missing) = xy.iter().position(|&(line, _)| line == 0)
        {
            let node = self.names.name(missing as NodeId).to_string();
            return Err(self.src.error(lines, K::MissingCoordinates { node }));
        }
        let mut builder = GraphBuilder::with_names(self.names.clone());
        builder.reserve(self.arcs.len());
        for &(u, v, w) in &self.arcs {
            builder.add_arc(u, v, w);
        }
        let nodes = self.names.len() as u64;
        let arcs = self.arcs.len() as u64;
        let mut graph = builder
            .try_build()
            .map_err(|_| self.src.error(lines, K::OutOfMemory { nodes, arcs }))?;
        if !self.h.is_empty() {
            graph.set_h_values(h.iter().map(|&(_, [v, _])| v as u64).collect());
        }
        if !self.xy.is_empty() {
            graph.set_coords(xy.iter().map(|&(_, xy)| xy).collect());
        }
        Ok(graph)
    }
}

fn parser(file: &str) -> Parser<'_> {
    Parser {
        src: Source { file },
        names: Names::default(),
        arcs: Vec::new(),
        h: Vec::new(),
        xy: Vec::new(),
    }
}

/// Parses an edge-list graph from text (the format is in the [module docs](self)); `file`
/// names it in errors.
///
/// # Errors
/// A [`ParseError`] naming `file` and the line: a missing node name or field, a weight that is
/// negative, not an integer or too large, extra fields, an unterminated quote, an `h` or `xy`
/// line for a node no edge names or for a node that already has one, a node without
/// coordinates when others have them.
///
/// # Example
/// ```
/// use searchlab_graph::parse_edge_list;
///
/// let g = parse_edge_list("a b 2\nb -> c 3\nh a 5\n", "tiny.txt").unwrap();
/// assert_eq!(g.node_count(), 3);
/// assert_eq!(g.arc_count(), 3); // a-b both ways, b->c
/// assert_eq!(g.h_values(), Some(&[5, 0, 0][..]));
/// let err = parse_edge_list("a b 2\nh q 5\n", "typo.txt").unwrap_err();
/// assert_eq!(err.to_string(), "typo.txt:2: unknown node `q`: no edge, arc or `node` line names it");
/// ```
pub fn parse_edge_list(text: &str, file: &str) -> Result<Graph, ParseError> {
    let mut p = parser(file);
    let lines = feed_str(text, |line, t| p.line(line, t))?;
    p.finish(lines)
}

/// Reads an edge-list graph from a reader; `path` names it in errors.
///
/// # Errors
/// [`LoadError::Io`] if reading fails, else the errors of [`parse_edge_list`].
pub fn read_edge_list<R: BufRead>(reader: R, path: &Path) -> Result<Graph, LoadError> {
    let name = path.display().to_string();
    let mut p = parser(&name);
    let src = p.src.clone();
    let lines = feed_reader(reader, path, &src, |line, t| p.line(line, t))?;
    Ok(p.finish(lines)?)
}
