//! `searchlab gen fifteen`, `gen tictactoe` and `gen triangle`: fresh, reproducible instances
//! in the formats `searchlab solve` and `searchlab bench` read.
//!
//! Every generator draws from [`SplitMix64`], whose stream is fixed forever, so a seed names
//! the same instances in every version. The draws follow the ones of the Python script that
//! wrote the first bench sets (see `puzzles/README.md`), which is why `gen fifteen --depth`,
//! `gen tictactoe` and `gen triangle` reproduce those sets line for line where the script drew
//! no duplicate.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::ExitCode;

use searchlab_core::SplitMix64;
use searchlab_npuzzle::Fifteen;
use searchlab_npuzzle::generate::{random_board, scrambled_board};
use searchlab_tictactoe::{Board as TicBoard, Geometry, Side};
use searchlab_triangle::{Position, Segment};

use crate::error::BadInput;
use crate::fifteen::Goal;

/// A count of plies or moves per instance: one number `P`, or a range `LO-HI` that instance
/// `i` (from 0) walks through in turn, `LO + i mod (HI - LO + 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    lo: u32,
    hi: u32,
}

impl Steps {
    /// The count of instance `i`.
    fn of(self, i: u64) -> u32 {
        let span = u64::from(self.hi - self.lo) + 1;
        self.lo + (i % span) as u32
    }

    /// How many of the first `count` instances get `steps` (`lo <= steps <= hi`).
    fn instances_with(self, steps: u32, count: u64) -> u64 {
        let span = u64::from(self.hi - self.lo) + 1;
        let offset = u64::from(steps - self.lo);
        (count / span) + u64::from(count % span > offset)
    }

    /// The text the user typed, for messages.
    fn label(self) -> String {
        if self.lo == self.hi {
            self.lo.to_string()
        } else {
            format!("{}-{}", self.lo, self.hi)
        }
    }
}

/// `1 ply`, `2 plies`.
fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Reads `P` or `LO-HI` (clap value parser).
fn parse_steps(text: &str) -> Result<Steps, String> {
    let number = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{t}` is not a whole number: write P or LO-HI, like 4 or 2-5"))
    };
    let (lo, hi) = match text.split_once('-') {
        Some((lo, hi)) => (number(lo)?, number(hi)?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if lo > hi {
        return Err(format!(
            "{lo}-{hi}: the range is empty (LO must not exceed HI)"
        ));
    }
    Ok(Steps { lo, hi })
}

/// Arguments of `searchlab gen fifteen`.
#[derive(clap::Args)]
#[command(
    after_help = "Boards are printed one per line as `searchlab solve fifteen` and \
    `searchlab bench fifteen` read them: 16 tokens row-major, the blank as x. Without --depth \
    the boards are uniformly random among the solvable ones: they average about 53 moves from \
    the goal, like Korf's 100, which IDA* with Manhattan distance takes 547 s for in all here \
    (up to about 100 s for one board); the default pdb663 heuristic solves most in well under \
    a second, after building its tables once (about 15 s)."
)]
pub struct FifteenArgs {
    /// How many boards.
    #[arg(long, default_value_t = 10)]
    count: u64,
    /// The seed of the generator (SplitMix64: the same seed gives the same boards forever).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Make each board this many random blank moves from the goal (no move undoing the one
    /// before) instead of a uniformly random solvable board; the optimal length is at most D.
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
    /// The goal the boards are made for, as in `searchlab solve fifteen --goal`: blank-first is
    /// Korf's `x 1 2 ... 15`, the solver's default. Half of all boards are solvable for one goal
    /// and not for the other.
    #[arg(long, value_enum, default_value_t = Goal::BlankFirst)]
    goal: Goal,
}

/// Arguments of `searchlab gen tictactoe`.
#[derive(clap::Args)]
#[command(
    after_help = "Positions are printed one per line as `searchlab solve tictactoe --file` \
    and `searchlab bench tictactoe` read them: rows joined by '/', x moved first. Each is P \
    random legal plies from the empty board (every stone on a uniformly random empty square), \
    drawn again when someone has a line, so the game is never over; no position repeats within \
    a run. Win by a whole row, column or diagonal, as `solve` does without --k."
)]
pub struct TictactoeArgs {
    /// How many positions.
    #[arg(long, default_value_t = 10)]
    count: u64,
    /// The seed of the generator (SplitMix64: the same seed gives the same positions forever).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The board side: 3 or 4 (POJ 1568); larger boards are legal in `solve` but their
    /// searches from such positions do not finish in useful time.
    #[arg(long, value_name = "N", default_value_t = 3)]
    size: usize,
    /// Plies (stones) per position: P, or LO-HI for LO, LO+1, ..., HI, LO, ... in turn; at most
    /// N*N - 1.
    #[arg(long, value_name = "P", value_parser = parse_steps, default_value = "2-5")]
    plies: Steps,
}

/// How `gen triangle` writes its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TriangleFormat {
    /// One move list per line, like `2-4 4-5 5-9` (`searchlab bench triangle`, the
    /// puzzles/triangle sets, or the arguments of `searchlab solve triangle`).
    Lines,
    /// The judge's input (POJ 1085: the number of games, then per game the move count and one
    /// `i j` line per move), read by `searchlab solve triangle --file`, `searchlab judge 1085`
    /// and `searchlab bench triangle`; it needs 6 to 17 moves per game.
    Judge,
}

/// Arguments of `searchlab gen triangle`.
#[derive(clap::Args)]
#[command(
    after_help = "Each game is M random legal moves from the empty board: every move a \
    uniformly random undrawn segment (any order of segments is a legal game, the extra turn \
    only decides who drew what). M is at most 17, so the game is never over; no move list \
    repeats within a run."
)]
pub struct TriangleArgs {
    /// How many games.
    #[arg(long, default_value_t = 10)]
    count: u64,
    /// The seed of the generator (SplitMix64: the same seed gives the same games forever).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Segments drawn per game: M, or LO-HI for LO, LO+1, ..., HI, LO, ... in turn; at most 17.
    #[arg(long, value_name = "M", value_parser = parse_steps, default_value = "6-12")]
    moves: Steps,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TriangleFormat::Lines)]
    format: TriangleFormat,
}

/// `searchlab gen fifteen`.
pub fn fifteen(args: FifteenArgs) -> anyhow::Result<ExitCode> {
    let puzzle = match args.goal {
        Goal::BlankFirst => Fifteen::blank_first(),
        Goal::BlankLast => Fifteen::standard(),
    };
    let mut rng = SplitMix64::new(args.seed);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for _ in 0..args.count {
        let board = match args.depth {
            None => random_board(&puzzle, &mut rng),
            Some(depth) => scrambled_board(&puzzle, &mut rng, depth),
        };
        writeln!(out, "{board}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `searchlab gen tictactoe`.
pub fn tictactoe(args: TictactoeArgs) -> anyhow::Result<ExitCode> {
    let n = args.size;
    if !(3..=4).contains(&n) {
        return Err(BadInput(format!(
            "--size {n}: the generator makes 3 x 3 or 4 x 4 positions (the sizes whose searches \
             finish from any position)"
        ))
        .into());
    }
    let cells = (n * n) as u32;
    if args.plies.hi >= cells {
        return Err(BadInput(format!(
            "--plies {}: a {n} x {n} board is full after {cells} plies and the game is over; \
             use at most {}",
            args.plies.label(),
            cells - 1
        ))
        .into());
    }
    let geometry = Geometry::new(n, n).expect("3 and 4 are valid sizes");
    for plies in args.plies.lo..=args.plies.hi {
        let wanted = args.plies.instances_with(plies, args.count);
        if wanted == 0 {
            continue;
        }
        let available = unfinished_positions(&geometry, plies);
        if wanted > available {
            return Err(BadInput(format!(
                "--count {} --plies {}: asks for {wanted} distinct {n} x {n} positions after \
                 {}, but only {available} exist where nobody has a line",
                args.count,
                args.plies.label(),
                counted(plies, "ply", "plies")
            ))
            .into());
        }
    }
    let mut rng = SplitMix64::new(args.seed);
    let mut seen = BTreeSet::new();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut empty = Vec::with_capacity(cells as usize);
    for i in 0..args.count {
        let plies = args.plies.of(i);
        // Terminates: the count check above leaves an unseen unfinished position to draw.
        let board = loop {
            empty.clear();
            empty.extend(0..cells);
            let mut board = TicBoard::EMPTY;
            for ply in 0..plies {
                // Removing in place keeps the squares in row-major order, as the script did.
                let square = empty.remove(rng.below(empty.len() as u64) as usize);
                let side = if ply % 2 == 0 { Side::X } else { Side::O };
                board = board.with(side, square);
            }
            // A line formed on the way stays on the board, so checking the end is enough.
            if geometry.winner(&board).is_none() && seen.insert(board) {
                break board;
            }
        };
        writeln!(out, "{}", geometry.format(&board))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// How many positions of `plies` stones (x first) have no line on a board of at most 16
/// squares: every such position is reachable by some order of its stones, and none passed
/// through a finished game, since a line once made stays.
fn unfinished_positions(geometry: &Geometry, plies: u32) -> u64 {
    let cells = (geometry.n() * geometry.n()) as u32;
    let (xs, os) = (plies.div_ceil(2), plies / 2);
    let mut total = 0;
    subsets(cells, xs, |x| {
        if geometry.has_line(x) {
            return;
        }
        let free: Vec<u32> = (0..cells).filter(|&b| x >> b & 1 == 0).collect();
        subsets(free.len() as u32, os, |pick| {
            let o = free
                .iter()
                .enumerate()
                .filter(|&(i, _)| pick >> i & 1 == 1)
                .fold(0u64, |o, (_, &b)| o | 1 << b);
            total += u64::from(!geometry.has_line(o));
        });
    });
    total
}

/// Calls `f` with every `k`-bit subset of the low `bits` bits (`bits <= 32`), in increasing
/// order (Gosper's hack).
fn subsets(bits: u32, k: u32, mut f: impl FnMut(u64)) {
    if k > bits {
        return;
    }
    if k == 0 {
        f(0);
        return;
    }
    let end = 1u64 << bits;
    let mut v = (1u64 << k) - 1;
    while v < end {
        f(v);
        let t = v | (v - 1);
        v = (t + 1) | (((!t & (t + 1)) - 1) >> (v.trailing_zeros() + 1));
    }
}

/// `searchlab gen triangle`.
pub fn triangle(args: TriangleArgs) -> anyhow::Result<ExitCode> {
    let Steps { lo, hi } = args.moves;
    if hi >= 18 {
        return Err(BadInput(format!(
            "--moves {}: all 18 segments are drawn after 18 moves and the game is over; use at \
             most 17",
            args.moves.label()
        ))
        .into());
    }
    if args.format == TriangleFormat::Judge && lo < 6 {
        return Err(BadInput(format!(
            "--moves {} --format judge: the judge's games have at least 6 moves; use \
             --format lines for fewer",
            args.moves.label()
        ))
        .into());
    }
    for moves in lo..=hi {
        let wanted = args.moves.instances_with(moves, args.count);
        // 18 * 17 * ... : the number of distinct move lists of this length.
        let available: u64 = (18 - u64::from(moves) + 1..=18).product();
        if wanted > available {
            return Err(BadInput(format!(
                "--count {} --moves {}: asks for {wanted} distinct games of {}, but only \
                 {available} exist",
                args.count,
                args.moves.label(),
                counted(moves, "move", "moves")
            ))
            .into());
        }
    }
    let mut rng = SplitMix64::new(args.seed);
    let mut seen = BTreeSet::new();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.format == TriangleFormat::Judge {
        writeln!(out, "{}", args.count)?;
    }
    for i in 0..args.count {
        let count = args.moves.of(i);
        // Terminates: the count check above leaves an unseen move list to draw.
        let moves = loop {
            let mut position = Position::start();
            let mut moves = Vec::with_capacity(count as usize);
            for _ in 0..count {
                // Undrawn segments in index order, as the script's pool kept them.
                let undrawn: Vec<Segment> = position.undrawn().collect();
                let segment = undrawn[rng.below(undrawn.len() as u64) as usize];
                position = position.play_unchecked(segment);
                moves.push(segment);
            }
            if seen.insert(moves.clone()) {
                break moves;
            }
        };
        match args.format {
            TriangleFormat::Lines => {
                let text: Vec<String> = moves.iter().map(Segment::to_string).collect();
                writeln!(out, "{}", text.join(" "))?;
            }
            TriangleFormat::Judge => {
                writeln!(out, "{}", moves.len())?;
                for segment in &moves {
                    let (a, b) = segment.dots();
                    writeln!(out, "{a} {b}")?;
                }
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_walk_their_range_in_turn() {
        let s = parse_steps("2-5").unwrap();
        let got: Vec<u32> = (0..6).map(|i| s.of(i)).collect();
        assert_eq!(got, [2, 3, 4, 5, 2, 3]);
        assert_eq!(
            (2..=5).map(|p| s.instances_with(p, 6)).collect::<Vec<_>>(),
            [2, 2, 1, 1]
        );
        assert_eq!(parse_steps("7").unwrap(), Steps { lo: 7, hi: 7 });
        assert!(parse_steps("5-2").is_err());
        assert!(parse_steps("x").is_err());
    }

    #[test]
    fn unfinished_3x3_counts_match_a_direct_enumeration() {
        // Every 3^9 board, counted by stones when it has the right x/o split and no line.
        let g = Geometry::new(3, 3).unwrap();
        for plies in 0..9u32 {
            let mut direct = 0;
            for code in 0..3u32.pow(9) {
                let (mut x, mut o, mut c) = (0u64, 0u64, code);
                for b in 0..9 {
                    match c % 3 {
                        1 => x |= 1 << b,
                        2 => o |= 1 << b,
                        _ => {}
                    }
                    c /= 3;
                }
                let right = x.count_ones() == plies.div_ceil(2) && o.count_ones() == plies / 2;
                if right && !g.has_line(x) && !g.has_line(o) {
                    direct += 1;
                }
            }
            assert_eq!(unfinished_positions(&g, plies), direct, "plies {plies}");
        }
        assert_eq!(unfinished_positions(&g, 1), 9);
        assert_eq!(unfinished_positions(&g, 2), 72);
    }
}
