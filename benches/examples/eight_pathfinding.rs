//! The `pathfinding` crate's side of the whole-process 8-puzzle comparison (issue 34): reads a
//! file of boards as `searchlab solve eight --file FILE` does (one board a line, `#` comments,
//! an expected length after `|`), solves each with `pathfinding`'s `astar` or `idastar` (the
//! same successor order u, d, l, r, the same Manhattan distance and unit costs as ours), and
//! prints one line per board: the board and its length (or `unsolvable`), checked against the
//! expected length when the file gives one. Timed as a whole process beside
//! `searchlab solve eight --algo astar --file FILE`; benches/README.md has the commands.
//!
//! Run: `cargo run --release -p searchlab-benches --example eight_pathfinding -- astar|idastar FILE`

use std::io::Write;
use std::process::ExitCode;

use searchlab_core::Problem;
use searchlab_npuzzle::{Board, Eight};

fn successors(puzzle: &Eight, board: &Board<9>) -> Vec<(Board<9>, u32)> {
    let mut actions = Vec::with_capacity(4);
    puzzle.actions(board, &mut actions);
    actions.iter().map(|a| puzzle.result(board, a)).collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(algo), Some(path)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: eight_pathfinding astar|idastar FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("eight_pathfinding: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let puzzle = Eight::standard();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut wrong = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (board_text, expected) = match line.split_once('|') {
            Some((b, e)) => (b.trim(), Some(e.trim())),
            None => (line, None),
        };
        let board = match puzzle.parse(board_text) {
            Ok(board) => board,
            Err(e) => {
                eprintln!("eight_pathfinding: {path}: line {}: {e}", n + 1);
                return ExitCode::from(2);
            }
        };
        let length = if !puzzle.is_solvable(&board) {
            None
        } else if algo == "idastar" {
            pathfinding::directed::idastar::idastar(
                &board,
                |b| successors(&puzzle, b),
                |b| puzzle.manhattan(b),
                |b| puzzle.is_goal(b),
            )
            .map(|(_, cost)| cost)
        } else {
            pathfinding::directed::astar::astar(
                &board,
                |b| successors(&puzzle, b),
                |b| puzzle.manhattan(b),
                |b| puzzle.is_goal(b),
            )
            .map(|(_, cost)| cost)
        };
        let answer = length.map_or("unsolvable".to_owned(), |l| l.to_string());
        if expected.is_some_and(|e| e != answer) {
            wrong += 1;
        }
        let _ = writeln!(out, "{board}: {answer}");
    }
    let _ = out.flush();
    if wrong > 0 {
        eprintln!("eight_pathfinding: {wrong} answer(s) differ from the expected ones");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
