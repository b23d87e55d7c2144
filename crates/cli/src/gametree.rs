//! Explicit game trees: `searchlab solve gametree TREE` (seeds 003 and 004).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use searchlab_core::Player;
use searchlab_gametree::{Analysis, GameTree, ParseError, analyse};
use serde_json::json;

use crate::error::{BadInput, BadLine};
use crate::report::{Format, json_line, read_input, source_name, stats_json};

const TREE_HELP: &str = "\
TREE: nested parentheses of integer leaves, children separated by commas, whitespace allowed:

    searchlab solve gametree '((3,5),(6,(9,1)))'
    searchlab solve gametree --root min '((0,(-3,7)),((3),(2,6)))'

Levels alternate MAX and MIN from --root; children are searched left to right. Nodes are
named by their path: 1-based child numbers from the root joined by dots (`2.1` = the first
child of the root's second child). The report gives the minimax value, the principal
variation (the first best child at each level), the leaves minimax and alpha-beta evaluated,
and the subtrees alpha-beta never looked at.";

/// Who moves at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RootArg {
    /// The maximising side.
    Max,
    /// The minimising side.
    Min,
}

/// Arguments of `searchlab solve gametree`.
#[derive(clap::Args)]
#[command(after_long_help = TREE_HELP)]
pub struct SolveArgs {
    /// The tree, like `((3,5),(6,(9,1)))` (see --help).
    #[arg(
        value_name = "TREE",
        conflicts_with = "file",
        required_unless_present = "file"
    )]
    tree: Option<String>,
    /// Read the tree from a file (`-`: standard input).
    #[arg(long, short, value_name = "F")]
    file: Option<PathBuf>,
    /// Who moves at the root.
    #[arg(long, value_enum, default_value_t = RootArg::Max)]
    root: RootArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Max => "MAX",
        Player::Min => "MIN",
    }
}

/// The error with the text and a caret under the fault.
fn explain(source: &str, text: &str, e: &ParseError) -> BadInput {
    let pos = match e {
        ParseError::Empty => None,
        ParseError::ExpectedTree { pos, .. }
        | ParseError::ExpectedSeparator { pos, .. }
        | ParseError::EmptyList { pos }
        | ParseError::Range { pos, .. }
        | ParseError::Trailing { pos, .. }
        | ParseError::TooDeep { pos, .. } => Some(*pos),
    };
    let mut msg = format!("{source}: {e}");
    // Show the line of the fault when it is short enough to read.
    if let Some(pos) = pos {
        let chars: Vec<char> = text.chars().collect();
        let line_start = chars[..(pos - 1).min(chars.len())]
            .iter()
            .rposition(|&c| c == '\n')
            .map_or(0, |i| i + 1);
        let line_end = chars[line_start..]
            .iter()
            .position(|&c| c == '\n')
            .map_or(chars.len(), |i| line_start + i);
        if line_end - line_start <= 120 {
            let line: String = chars[line_start..line_end].iter().collect();
            let col = pos - 1 - line_start;
            msg += &format!("\n    {line}\n    {}^", " ".repeat(col));
        }
    }
    BadInput(msg)
}

fn pruned_leaves(tree: &GameTree, a: &Analysis) -> usize {
    fn leaves(tree: &GameTree, n: usize) -> usize {
        if tree.leaf(n).is_some() {
            1
        } else {
            tree.children(n).iter().map(|&c| leaves(tree, c)).sum()
        }
    }
    a.pruned.iter().map(|&n| leaves(tree, n)).sum()
}

/// `searchlab solve gametree`.
pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let (source, text) = match (&args.tree, &args.file) {
        (Some(t), _) => ("TREE".to_owned(), t.clone()),
        (None, Some(path)) => (source_name(path), read_input(path)?),
        (None, None) => return Err(BadInput("give a TREE or --file".into()).into()),
    };
    let root = match args.root {
        RootArg::Max => Player::Max,
        RootArg::Min => Player::Min,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let tree = match GameTree::parse(&text, root) {
        Ok(tree) => tree,
        Err(e) => {
            // One tree, one row, as every `solve` prints; the message with the caret goes to
            // stderr through `main`. The tree's text may span lines: no `input`.
            if args.format == Format::Json {
                let fault = BadLine {
                    source: &source,
                    line: None,
                    input: None,
                    error: &e.to_string(),
                };
                json_line(&mut out, &fault.json())?;
                out.flush()?;
            }
            return Err(explain(&source, &text, &e).into());
        }
    };
    let a = analyse(&tree);
    // The principal variation as the nodes it passes, root excluded.
    let pv_nodes: Vec<String> = (1..=a.pv.len())
        .map(|i| tree.path_name(&a.pv[..i]))
        .collect();
    let pruned_count = pruned_leaves(&tree, &a);
    match args.format {
        Format::Text => {
            writeln!(
                out,
                "tree: {} nodes, {} leaves, root {}",
                tree.len(),
                tree.leaf_count(),
                player_name(root)
            )?;
            writeln!(out, "value: {}", a.value)?;
            if pv_nodes.is_empty() {
                writeln!(out, "principal variation: (the root is a leaf)")?;
            } else {
                writeln!(
                    out,
                    "principal variation: {} (leaf {})",
                    pv_nodes.join(" -> "),
                    a.value
                )?;
            }
            writeln!(
                out,
                "leaves evaluated: minimax {}, alpha-beta {}",
                a.minimax_leaves, a.alphabeta_leaves
            )?;
            if a.pruned.is_empty() {
                writeln!(out, "pruned by alpha-beta: nothing")?;
            } else {
                let plural = |n: usize, one: &str, many: &str| {
                    format!("{n} {}", if n == 1 { one } else { many })
                };
                writeln!(
                    out,
                    "pruned by alpha-beta: {}, {}",
                    plural(a.pruned.len(), "subtree", "subtrees"),
                    plural(pruned_count, "leaf", "leaves")
                )?;
                let width = a
                    .pruned
                    .iter()
                    .map(|&n| tree.name(n).len())
                    .max()
                    .unwrap_or(0);
                for &n in &a.pruned {
                    writeln!(out, "  {:<width$}  {}", tree.name(n), tree.render(n))?;
                }
            }
            writeln!(
                out,
                "alpha-beta: cutoffs {}, expanded {} (minimax {})",
                a.alphabeta_stats.cutoffs, a.alphabeta_stats.expanded, a.minimax_stats.expanded
            )?;
        }
        Format::Json => {
            let report = json!({
                "source": source,
                "status": "solved",
                "root": player_name(root),
                "nodes": tree.len(),
                "leaves": tree.leaf_count(),
                "value": a.value,
                "pv": pv_nodes,
                "minimax_leaves": a.minimax_leaves,
                "alphabeta_leaves": a.alphabeta_leaves,
                "pruned": a.pruned.iter()
                    .map(|&n| json!({ "node": tree.name(n), "subtree": tree.render(n) }))
                    .collect::<Vec<_>>(),
                "pruned_leaves": pruned_count,
                // Both searches' statistics, in the form of every other `solve`'s `stats`.
                "stats": {
                    "minimax": stats_json(&a.minimax_stats),
                    "alphabeta": stats_json(&a.alphabeta_stats),
                },
            });
            json_line(&mut out, &report)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
