//! Triangle War (POJ 1085): `searchlab solve triangle` and `searchlab judge 1085`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use searchlab_core::Limits;
use searchlab_triangle::board::TRIANGLE_MASKS;
use searchlab_triangle::input::{GameRecord, InputError, parse_judge, position_from_moves};
use searchlab_triangle::solve::{Analysis, Solver};
use searchlab_triangle::{MoveOrder, Position, Segment, Side, TriangleWar};
use serde_json::{Value as Json, json};

use crate::error::{BadLine, BadLines, batch_status};
use crate::report::{
    Format, Progress, instance_label, json_line, read_input, source_name, stats_json, stats_text,
};

const MOVES_HELP: &str = "\
MOVES: the segments already drawn, in order, from the empty board; A drew first and whoever
completed a triangle drew again. A segment is two neighbouring dots joined by a dash (either
order); separate segments by spaces or commas, in one argument or several:

    searchlab solve triangle 2-4 4-5 5-9
    searchlab solve triangle \"2-4, 4-5, 5-9\" --format json

The dots and the 18 segments:

            1
           / \\
          2 - 3
         / \\ / \\
        4 - 5 - 6
       / \\ / \\ / \\
      7 - 8 - 9 - 10

--file reads either one position per line, as move lists like MOVES (`#` comments, an optional
expected answer after `|`: the files of puzzles/triangle and `searchlab gen triangle`), or
games in the judge's format (POJ 1085 input: the number of games, then per game a move count m
and m lines `i j`); a first line holding a lone number means the judge's format. `-` reads
standard input.

Values are final margins: A's triangles minus B's at the end, with perfect play from here.";

/// Move order of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Order {
    /// Completing moves first, then moves that offer the opponent nothing, then the rest.
    Greedy,
    /// Segment order: 1-2 1-3 2-3 2-4 2-5 3-5 3-6 4-5 5-6 4-7 4-8 5-8 5-9 6-9 6-10 7-8 8-9 9-10.
    Index,
}

/// Arguments of `searchlab solve triangle`.
#[derive(clap::Args)]
#[command(after_long_help = MOVES_HELP)]
pub struct SolveArgs {
    /// Moves played so far, like `2-4 4-5 5-9` (none: the empty board; see --help).
    #[arg(value_name = "MOVES", conflicts_with = "file")]
    moves: Vec<String>,
    /// Solve the positions of a file: move lists, one per line, or the judge's format
    /// (`-`: standard input).
    #[arg(long, short, value_name = "F")]
    file: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Move order of the alpha-beta search (the values do not depend on it, the work does).
    #[arg(long, value_enum, default_value_t = Order::Greedy)]
    order: Order,
    /// Do not let rotated and reflected positions share transposition-table entries.
    #[arg(long)]
    no_symmetry: bool,
}

impl SolveArgs {
    fn solver(&self) -> Solver {
        let order = match self.order {
            Order::Greedy => MoveOrder::Greedy,
            Order::Index => MoveOrder::Index,
        };
        Solver::new(TriangleWar::new(order, !self.no_symmetry), Limits::none())
    }
}

/// `searchlab solve triangle`: the MOVES arguments are a batch of one position.
pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut solver = args.solver();
    let code = match &args.file {
        None => {
            let text = args.moves.join(" ");
            let mut bad = BadLines::new(args.format);
            let progress = Progress::new(1);
            progress.start("MOVES");
            match position_from_moves(&text) {
                Ok((moves, position)) => {
                    let analysis = solver.analyse(&position)?;
                    progress.answer(&mut out, |out| match args.format {
                        Format::Text => {
                            out.write_all(text_report(&moves, &position, &analysis).as_bytes())
                        }
                        Format::Json => {
                            let origin = Origin {
                                source: "MOVES",
                                line: None,
                                game: None,
                            };
                            let row = json_report(&origin, &moves, &position, &analysis);
                            json_line(out, &row)
                        }
                    })?;
                }
                Err(e) => {
                    let fault = BadLine {
                        source: "MOVES",
                        line: None,
                        input: Some(&text),
                        error: &e.to_string(),
                    };
                    progress.emit(&mut out, |out| bad.report(out, &fault, &[]))?;
                }
            }
            progress.finish();
            bad.status()
        }
        Some(path) => solve_file(path, args.format, &mut solver, &mut out)?,
    };
    out.flush()?;
    Ok(code)
}

fn solve_file(
    path: &Path,
    format: Format,
    solver: &mut Solver,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let text = read_input(path)?;
    let name = source_name(path);
    if is_judge_input(&text) {
        solve_judge_file(&name, &text, format, solver, out)
    } else {
        solve_move_lines(&name, &text, format, solver, out)
    }
}

/// Whether `text` is the judge's input rather than move lists, one per line: the judge's input
/// starts with a lone game count, a move list has dashes. (`bench triangle` reads files the
/// same way.)
pub(crate) fn is_judge_input(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    first.is_some_and(|l| l.parse::<i64>().is_ok())
}

/// A file of move lists, one position per line (the instance-file format of every problem).
fn solve_move_lines(
    name: &str,
    text: &str,
    format: Format,
    solver: &mut Solver,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let instances = crate::instances::parse_lines(name, text);
    let mut bad = BadLines::new(format);
    let progress = Progress::new(instances.len());
    for (i, instance) in instances.iter().enumerate() {
        let (_, line) = crate::report::split_source(&instance.source);
        progress.start(&instance.source);
        match position_from_moves(&instance.text) {
            Ok((moves, position)) => {
                let analysis = solver.analyse(&position)?;
                progress.answer(out, |out| match format {
                    Format::Text => {
                        if i > 0 {
                            writeln!(out)?;
                        }
                        writeln!(out, "{}:", instance.source)?;
                        out.write_all(text_report(&moves, &position, &analysis).as_bytes())
                    }
                    Format::Json => {
                        let origin = Origin {
                            source: name,
                            line,
                            game: None,
                        };
                        json_line(out, &json_report(&origin, &moves, &position, &analysis))
                    }
                })?;
            }
            Err(e) => {
                let fault = BadLine {
                    source: name,
                    line,
                    input: Some(&instance.text),
                    error: &e.to_string(),
                };
                progress.emit(out, |out| bad.report(out, &fault, &[]))?;
            }
        }
        progress.done();
    }
    progress.finish();
    Ok(bad.status())
}

/// A file in the judge's format (POJ 1085 input).
fn solve_judge_file(
    name: &str,
    text: &str,
    format: Format,
    solver: &mut Solver,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let batch = parse_judge(text);
    let mut bad = BadLines::new(format);
    // A game spans several lines: its rows have no `input` but the line of its move count
    // (the line of the fault for a bad one) and its number.
    let mut report_error = |out: &mut dyn Write, e: &InputError| {
        let what = match e.game {
            Some(game) => format!("game {game}: {}", e.kind),
            None => e.kind.to_string(),
        };
        let fault = BadLine {
            source: name,
            line: Some(e.line),
            input: None,
            error: &what,
        };
        bad.report(out, &fault, &[("game", json!(e.game))])
    };
    let progress = Progress::new(batch.games.len());
    for (i, game) in batch.games.iter().enumerate() {
        match game {
            Ok(GameRecord {
                number,
                line,
                moves,
                position,
                ..
            }) => {
                progress.start(&format!(
                    "{} (game {number})",
                    instance_label(name, Some(*line))
                ));
                let analysis = solver.analyse(position)?;
                progress.answer(out, |out| match format {
                    Format::Text => {
                        if i > 0 {
                            writeln!(out)?;
                        }
                        writeln!(out, "Game {number}:")?;
                        out.write_all(text_report(moves, position, &analysis).as_bytes())
                    }
                    Format::Json => {
                        let origin = Origin {
                            source: name,
                            line: Some(*line),
                            game: Some(*number),
                        };
                        json_line(out, &json_report(&origin, moves, position, &analysis))
                    }
                })?;
            }
            Err(e) => {
                progress.start(&instance_label(name, Some(e.line)));
                progress.emit(out, |out| report_error(out, e))?;
            }
        }
        progress.done();
    }
    if let Some(e) = &batch.outside {
        progress.emit(out, |out| report_error(out, e))?;
    }
    progress.finish();
    Ok(bad.status())
}

/// `searchlab judge 1085`: one line `Game k: A wins.` / `Game k: B wins.` per good game; bad
/// games are reported on stderr (game and line) and the others still answered.
pub fn judge(input: &str, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let batch = parse_judge(input);
    // One solver for all games: its table's entries are facts about positions, valid for all.
    let mut solver = Solver::default();
    let mut bad = 0;
    for game in &batch.games {
        match game {
            Ok(game) => {
                let (side, _) = solver.winner(&game.position)?;
                writeln!(out, "Game {}: {side} wins.", game.number)?;
            }
            Err(e) => {
                bad += 1;
                eprintln!("searchlab: {e}");
            }
        }
    }
    if let Some(e) = &batch.outside {
        bad += 1;
        eprintln!("searchlab: {e}");
    }
    Ok(batch_status(bad))
}

/// Who owns each triangle after `moves` (replayed again: a position keeps only the scores).
fn owners(moves: &[Segment]) -> [Option<Side>; 9] {
    let mut owners = [None; 9];
    let mut p = Position::start();
    for &s in moves {
        for (t, &mask) in TRIANGLE_MASKS.iter().enumerate() {
            if mask & s.bit() != 0 && mask & !p.drawn() == s.bit() {
                owners[t] = Some(p.to_move());
            }
        }
        p = p.play_unchecked(s);
    }
    owners
}

/// The board as text: drawn segments as `-`, `/`, `\`, undrawn ones as `.`, owned triangles
/// marked with their owner's letter.
fn draw_board(position: &Position, owners: &[Option<Side>; 9]) -> String {
    // Dot k of row r (0-based) sits at line 2r, column 2(3-r) + 4k; dot 10 takes two columns.
    let mut grid = vec![vec![b' '; 15]; 7];
    let col = |r: usize, k: usize| 2 * (3 - r) + 4 * k;
    let dot = |r: usize, k: usize| (r * (r + 1) / 2 + k + 1) as u8;
    let mark = |a: u8, b: u8, c: u8| {
        let s = Segment::between(a, b).expect("neighbouring dots");
        if position.is_drawn(s) { c } else { b'.' }
    };
    for r in 0..4 {
        for k in 0..=r {
            let (line, c) = (2 * r, col(r, k));
            let label = dot(r, k).to_string();
            grid[line][c..c + label.len()].copy_from_slice(label.as_bytes());
            if k < r {
                grid[line][c + 2] = mark(dot(r, k), dot(r, k + 1), b'-');
            }
            if r < 3 {
                grid[line + 1][c - 1] = mark(dot(r, k), dot(r + 1, k), b'/');
                grid[line + 1][c + 1] = mark(dot(r, k), dot(r + 1, k + 1), b'\\');
            }
        }
    }
    // Each triangle's inside: under an upward apex, or between a downward triangle's top dots.
    for (t, owner) in owners.iter().enumerate() {
        let Some(side) = owner else { continue };
        let (a, b, _) = searchlab_triangle::board::TRIANGLE_DOTS[t];
        let (r, k) = row_of(a);
        let upward = row_of(b).0 == r + 1;
        let c = if upward { col(r, k) } else { col(r, k) + 2 };
        grid[2 * r + 1][c] = if *side == Side::A { b'A' } else { b'B' };
    }
    let mut text = String::new();
    for line in grid {
        let line = String::from_utf8(line).expect("ASCII");
        let _ = writeln!(text, "    {}", line.trim_end());
    }
    text
}

/// Row and position in the row of a dot (1..=10).
fn row_of(dot: u8) -> (usize, usize) {
    let d = usize::from(dot - 1);
    let r = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3][d];
    (r, d - r * (r + 1) / 2)
}

fn join(moves: &[Segment]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A's and B's final triangles from the final margin (9 triangles in all).
fn final_score(margin: i32) -> (i32, i32) {
    ((9 + margin) / 2, (9 - margin) / 2)
}

fn text_report(moves: &[Segment], position: &Position, analysis: &Analysis) -> String {
    let mut t = String::new();
    let (a, b) = (position.score(Side::A), position.score(Side::B));
    if moves.is_empty() {
        let _ = writeln!(t, "Moves: none (the empty board)");
    } else {
        let _ = writeln!(t, "Moves: {} ({} drawn)", join(moves), moves.len());
    }
    t += &draw_board(position, &owners(moves));
    let (fa, fb) = final_score(analysis.value);
    if position.is_over() {
        let _ = writeln!(t, "Score: A {a}, B {b}; the game is over.");
        let _ = writeln!(
            t,
            "Result: {} wins {}-{}.",
            analysis.winner,
            fa.max(fb),
            fa.min(fb)
        );
        return t;
    }
    let mover = position.to_move();
    let _ = writeln!(t, "Score: A {a}, B {b}; {mover} to move.");
    let _ = writeln!(
        t,
        "Perfect play: {} wins {}-{} (final margin A-B {:+}).",
        analysis.winner,
        fa.max(fb),
        fa.min(fb),
        analysis.value
    );
    let best: Vec<String> = analysis.best.iter().map(|m| m.to_string()).collect();
    let _ = match best.len() {
        1 => writeln!(
            t,
            "Best move for {mover}: {} ({:+}).",
            best[0], analysis.value
        ),
        _ => writeln!(
            t,
            "Best moves for {mover}: {} (each {:+}).",
            best.join(", "),
            analysis.value
        ),
    };
    // Best first for the side to move; equal values keep segment order.
    let mut ranked = analysis.moves.clone();
    ranked.sort_by_key(|m| -mover.sign() * m.value);
    let values: Vec<String> = ranked
        .iter()
        .map(|m| format!("{} {:+}", m.segment, m.value))
        .collect();
    let _ = writeln!(t, "Move values (final margin A-B): {}", values.join(", "));
    let _ = writeln!(
        t,
        "Search (alpha-beta with transposition table, every move valued): {}",
        stats_text(&analysis.stats)
    );
    t
}

/// Where a position came from, for its JSON row.
struct Origin<'a> {
    source: &'a str,
    /// The line of the game's move count in a file.
    line: Option<usize>,
    /// The game's number in a file.
    game: Option<usize>,
}

/// A position's JSON row. The moves drawn so far are `played` (and, as one string a user
/// can type back, `input`): `moves` means a solution's moves in the puzzles' rows.
fn json_report(
    origin: &Origin<'_>,
    moves: &[Segment],
    position: &Position,
    analysis: &Analysis,
) -> Json {
    let (fa, fb) = final_score(analysis.value);
    json!({
        "source": origin.source,
        "line": origin.line,
        "game": origin.game,
        "input": join(moves),
        "status": "solved",
        "played": moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "score": { "A": position.score(Side::A), "B": position.score(Side::B) },
        "to_move": (!position.is_over()).then(|| position.to_move().to_string()),
        "winner": analysis.winner.to_string(),
        "final_score": { "A": fa, "B": fb },
        "margin": analysis.value,
        "best_moves": analysis.best.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "move_values": analysis.moves.iter().map(|m| json!({ "move": m.segment.to_string(), "margin": m.value })).collect::<Vec<_>>(),
        "stats": stats_json(&analysis.stats),
    })
}
