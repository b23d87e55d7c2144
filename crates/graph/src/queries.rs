//! Query lists: the graph problem's instance files, one `FROM TO [| COST]` per line.
//!
//! ```text
//! # comment
//! Arad Bucharest | 418            a query with its expected cheapest cost
//! "Rimnicu Vilcea" Craiova        names as in the edge list: words or "quoted"
//! 1 20 | none                     DIMACS node numbers; `none`: the goal is unreachable
//! ```

use crate::dimacs::parse_u64;
use crate::edgelist::tokenize;
use crate::error::{ParseError, ParseErrorKind as K, Source};

const QUERY: &str = "FROM TO [| COST]";

/// What a query line says the answer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The cheapest path costs this much.
    Cost(u64),
    /// No path leads from `from` to `to`.
    NoPath,
}

/// One query of a query list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryLine {
    /// The line it was on (1-based).
    pub line: usize,
    /// The start node's name (or DIMACS number).
    pub from: String,
    /// The goal node's name (or DIMACS number).
    pub to: String,
    /// The expected answer, if the line gives one.
    pub expected: Option<Expected>,
}

/// Splits a line at its first `|` outside double quotes.
fn split_bar(text: &str) -> (&str, Option<&str>) {
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return (&text[..i], None),
            '|' if !quoted => return (&text[..i], Some(&text[i + 1..])),
            _ => {}
        }
    }
    (text, None)
}

/// Parses a query list; `file` names it in errors. Names are not checked against a graph here:
/// [`crate::Graph::query`] does that for each line.
///
/// # Errors
/// A [`ParseError`] naming the line: a missing name, extra fields, an unterminated quote, an
/// expected cost that is neither an integer nor `none`.
///
/// # Example
/// ```
/// use searchlab_graph::{parse_queries, Expected};
///
/// let qs = parse_queries("# to Bucharest\nArad Bucharest | 418\n\"Rimnicu Vilcea\" Arad\n", "q.txt").unwrap();
/// assert_eq!((qs[0].line, qs[0].expected), (2, Some(Expected::Cost(418))));
/// assert_eq!((qs[1].from.as_str(), qs[1].expected), ("Rimnicu Vilcea", None));
/// assert!(parse_queries("Arad | 418\n", "q.txt").is_err());
/// ```
pub fn parse_queries(text: &str, file: &str) -> Result<Vec<QueryLine>, ParseError> {
    let src = Source { file };
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let (names, answer) = split_bar(raw);
        let tokens = tokenize(&src, line, names)?;
        if tokens.is_empty() && answer.is_none() {
            continue;
        }
        let name = |k: usize, field| {
            tokens.get(k).map(|t| t.text.to_string()).ok_or_else(|| {
                src.error(
                    line,
                    K::MissingField {
                        field,
                        expected: QUERY,
                    },
                )
            })
        };
        let (from, to) = (name(0, "start node FROM")?, name(1, "goal node TO")?);
        if let Some(extra) = tokens.get(2) {
            return Err(src.error(
                line,
                K::Trailing {
                    found: extra.text.to_string(),
                    expected: QUERY,
                },
            ));
        }
        let expected = match answer.map(|a| a.split('#').next().unwrap_or("").split_whitespace()) {
            None => None,
            Some(mut fields) => {
                let Some(value) = fields.next() else {
                    return Err(src.error(
                        line,
                        K::MissingField {
                            field: "expected COST",
                            expected: QUERY,
                        },
                    ));
                };
                if let Some(extra) = fields.next() {
                    return Err(src.error(
                        line,
                        K::Trailing {
                            found: extra.to_string(),
                            expected: QUERY,
                        },
                    ));
                }
                Some(if value == "none" {
                    Expected::NoPath
                } else {
                    let range = "0..=18446744073709551615, or `none`";
                    Expected::Cost(parse_u64(
                        &src,
                        line,
                        "expected cost",
                        value,
                        u64::MAX,
                        range,
                    )?)
                })
            }
        };
        out.push(QueryLine {
            line,
            from,
            to,
            expected,
        });
    }
    Ok(out)
}
