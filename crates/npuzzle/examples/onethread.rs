//! Probe: times sequential (s) and one-thread parallel (p) IDA* with Manhattan in a given order.
use searchlab_core::{Limits, idastar, par_idastar};
use searchlab_npuzzle::{Board, Fifteen, Manhattan, Move};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let order = args[0].clone();
    let ids: Vec<u32> = args[1].split(',').map(|x| x.parse().unwrap()).collect();
    let puzzle = Fifteen::blank_first().with_order([Move::Up, Move::Left, Move::Right, Move::Down]);
    let boards: Vec<Board<16>> =
        include_str!("../../../puzzles/fifteen/korf100_with_korf85_nodes.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let (h, b) = l.split_once('|').unwrap();
                let id: u32 = h.split_whitespace().next().unwrap().parse().unwrap();
                ids.contains(&id).then(|| Board::parse(b).unwrap())
            })
            .collect();
    for c in order.chars() {
        let t = Instant::now();
        let mut n = 0;
        for b in &boards {
            n += match c {
                's' => {
                    idastar(&puzzle, b, &Manhattan, &Limits::none())
                        .stats
                        .generated
                }
                _ => {
                    par_idastar(&puzzle, b, &Manhattan, &Limits::none(), 1)
                        .result
                        .stats
                        .generated
                }
            };
        }
        println!("{c} {:.3} s {n}", t.elapsed().as_secs_f64());
    }
}
