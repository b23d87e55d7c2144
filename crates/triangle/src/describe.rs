//! Triangle War described for every driver ([`Triangle`]): positions as move lists or games
//! of the judge's input, the board drawn, every move valued; [`judge_1085`] answers POJ 1085
//! byte for byte; the seeded generator.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt::Write as _;

use searchlab_toolkit::describe::{Steps, counted};
use searchlab_toolkit::show::{Frame, TERMINAL_WIDTH, side_by_side};
use searchlab_toolkit::{
    Algorithm, AlphaBeta, AlphaBetaConfig, Answer, Description, Field, GameAlgorithm, GameOutcome,
    GameSolver, Kind, Limits, OptionSpec, Options, Parsed, SplitMix64, Status, minimax,
};

use crate::board::{TRIANGLE_DOTS, TRIANGLE_MASKS};
use crate::input::{parse_judge, position_from_moves};
use crate::solve::{Solver, winner_of};
use crate::{MoveOrder, Position, Segment, SegmentError, Side, TriangleWar};

/// Triangle War (POJ 1085).
#[derive(Debug)]
pub struct Triangle {
    symmetry: bool,
    /// `--no-table`: alpha-beta without a transposition table.
    table: bool,
    /// One solver for the batch: its table's entries are facts about positions.
    solver: RefCell<Option<Solver>>,
    /// `--draw FILE.svg`: where to draw each position's game tree.
    draw: Option<std::path::PathBuf>,
    /// `--draw-depth D`: how many plies the picture shows.
    draw_depth: u32,
    /// Positions solved so far (names the pictures of the second and later ones).
    solved: std::cell::Cell<usize>,
}

/// A position with the moves that led to it.
#[derive(Clone, Debug)]
pub struct Played {
    moves: Vec<Segment>,
    position: Position,
}

/// Who owns each triangle after `moves` (replayed: a position keeps only the scores).
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

/// Row and position in the row of a dot (1..=10).
fn row_of(dot: u8) -> (usize, usize) {
    let d = usize::from(dot - 1);
    let r = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3][d];
    (r, d - r * (r + 1) / 2)
}

/// The board as text: drawn segments as `-`, `/`, `\`, undrawn ones as `.`, owned triangles
/// marked with their owner's letter.
pub fn draw_board(position: &Position, owners: &[Option<Side>; 9]) -> String {
    // Dot k of row r (0-based) sits at line 2r, column 2(3-r) + 4k; dot 10 takes two columns.
    let mut grid = vec![vec![b' '; 15]; 7];
    let col = |r: usize, k: usize| 2 * (3 - r) + 4 * k;
    let dot = |r: usize, k: usize| (r * (r + 1) / 2 + k + 1) as u8;
    let mark = |a: u8, b: u8, c: u8| match Segment::between(a, b) {
        Some(s) if position.is_drawn(s) => c,
        _ => b'.',
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
        let (a, b, _) = TRIANGLE_DOTS[t];
        let (r, k) = row_of(a);
        let upward = row_of(b).0 == r + 1;
        let c = if upward { col(r, k) } else { col(r, k) + 2 };
        grid[2 * r + 1][c] = if *side == Side::A { b'A' } else { b'B' };
    }
    let mut text = String::new();
    for line in grid {
        let _ = writeln!(text, "    {}", String::from_utf8_lossy(&line).trim_end());
    }
    text
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

/// The answer of a search that proves the value alone (the catalogue's, or the bench's
/// alpha-beta): the value, and the first move of its principal variation as the best move.
fn value_answer(p: &Played, result: searchlab_toolkit::GameResult<Segment>) -> Answer {
    match result.outcome {
        GameOutcome::Solved(s) => {
            let best: Vec<Segment> = s.pv.first().copied().into_iter().collect();
            solved(p, s.value, &[], &best, result.stats)
        }
        GameOutcome::Stopped { limit, .. } => {
            searchlab_toolkit::describe::stopped(limit, result.stats)
        }
    }
}

/// The answer lines and fields of a finished search: `value` the final margin, `values`
/// every move's (segment order), `best` the best moves.
fn solved(
    p: &Played,
    value: i32,
    values: &[(Segment, i32)],
    best: &[Segment],
    stats: searchlab_toolkit::Stats,
) -> Answer {
    let mut a = Answer::new(Status::Solved, stats);
    let winner = winner_of(value);
    let (fa, fb) = final_score(value);
    a.length = Some(value.to_string());
    a.key = Some(value.to_string());
    a.moves = best.first().map(|m| m.to_string());
    a.fields.push((
        "played",
        p.moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .into(),
    ));
    a.fields.push((
        "score",
        Field::Map(vec![
            ("A".into(), u32::from(p.position.score(Side::A)).into()),
            ("B".into(), u32::from(p.position.score(Side::B)).into()),
        ]),
    ));
    a.fields.push((
        "to_move",
        (!p.position.is_over())
            .then(|| p.position.to_move().to_string())
            .into(),
    ));
    a.fields.push(("margin", value.into()));
    a.fields.push(("winner", winner.to_string().into()));
    a.fields.push((
        "final_score",
        Field::Map(vec![("A".into(), fa.into()), ("B".into(), fb.into())]),
    ));
    a.fields.push((
        "best_moves",
        best.iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .into(),
    ));
    a.fields.push((
        "move_values",
        Field::List(
            values
                .iter()
                .map(|(s, v)| {
                    Field::Map(vec![
                        ("move".into(), s.to_string().into()),
                        ("margin".into(), (*v).into()),
                    ])
                })
                .collect(),
        ),
    ));
    if p.position.is_over() {
        a.lines.push(format!(
            "Result: {winner} wins {}-{}.",
            fa.max(fb),
            fa.min(fb)
        ));
        return a;
    }
    let mover = p.position.to_move();
    a.lines.push(format!(
        "Perfect play: {winner} wins {}-{} (final margin A-B {value:+}).",
        fa.max(fb),
        fa.min(fb)
    ));
    let names: Vec<String> = best.iter().map(|m| m.to_string()).collect();
    match names.len() {
        0 => {}
        1 => a
            .lines
            .push(format!("Best move for {mover}: {} ({value:+}).", names[0])),
        _ => a.lines.push(format!(
            "Best moves for {mover}: {} (each {value:+}).",
            names.join(", ")
        )),
    }
    if !values.is_empty() {
        // Best first for the side to move; equal values keep segment order.
        let mut ranked = values.to_vec();
        ranked.sort_by_key(|m| -mover.sign() * m.1);
        let list: Vec<String> = ranked.iter().map(|(s, v)| format!("{s} {v:+}")).collect();
        a.lines.push(format!(
            "Move values (final margin A-B): {}",
            list.join(", ")
        ));
    }
    a
}

impl Triangle {
    /// The rules with the move order the heuristic names (`index`, else greedy).
    fn game(&self, heuristic: &str) -> TriangleWar {
        let order = if heuristic == "index" {
            MoveOrder::Index
        } else {
            MoveOrder::Greedy
        };
        TriangleWar::new(order, self.symmetry)
    }

    /// With `--draw`, writes the picture of the game tree below `p` and says on stderr what
    /// was written, or why not (a picture is a by-product: the answer stands either way).
    fn draw_picture(&self, game: &TriangleWar, p: &Played) {
        let Some(base) = &self.draw else { return };
        let k = self.solved.get();
        self.solved.set(k + 1);
        let first = self.show(p).lines().next().unwrap_or_default().to_owned();
        searchlab_gametree::write_game_picture(
            base,
            k,
            game,
            &|_: &Position| 0,
            &p.position,
            self.draw_depth,
            |m| m.to_string(),
            &first,
        );
    }
}

impl Description for Triangle {
    type Instance = Played;
    const NAME: &'static str = "triangle";
    const SUMMARY: &'static str = "Triangle War (POJ 1085)";
    const INPUT: &'static str = "\
INSTANCE: the segments already drawn, in order, from the empty board (`empty`: none); A drew
first and whoever completed a triangle drew again. A segment is two neighbouring dots joined
by a dash (either order), separated by spaces or commas:

    searchlab solve triangle \"2-4 4-5 5-9\"
    searchlab solve triangle empty

            1
           / \\
          2 - 3
         / \\ / \\
        4 - 5 - 6
       / \\ / \\ / \\
      7 - 8 - 9 - 10

--file also reads games in the judge's format (POJ 1085 input: the number of games, then per
game a move count m and m lines `i j`); a first line holding a lone number means the judge's
format. Values are final margins: A's triangles minus B's at the end, with perfect play from
here; an expected answer after '|' is that margin. alphabeta values every move (with a
transposition table); minimax values the position alone.";
    const KIND: Kind = Kind::Game;
    const JUDGE: Option<searchlab_toolkit::Judge> = Some(searchlab_toolkit::Judge {
        number: 1085,
        title: "Triangle War",
        run: judge_1085,
    });

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::flag(
                "no-symmetry",
                "do not let rotated and reflected positions share transposition-table entries",
            ),
            OptionSpec::flag(
                "no-table",
                "alphabeta without a transposition table (to measure what the table saves)",
            ),
            OptionSpec::value(
                "draw",
                "FILE.svg",
                None,
                "also draw the game tree below each position, --draw-depth plies deep, as SVG (margins for A; positions cut off by the depth count 0 and are marked estimated): FILE.svg for the first position, FILE-2.svg for the second, ...",
            ),
            OptionSpec::value(
                "draw-depth",
                "D",
                Some("2"),
                "plies the --draw picture shows (at most a few thousand nodes)",
            ),
        ];
        OPTIONS
    }
    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "greedy",
                "completing moves first, then moves that offer the opponent nothing, then the rest",
            ),
            (
                "index",
                "segment order 1-2 1-3 2-3 2-4 2-5 3-5 3-6 4-5 5-6 4-7 4-8 5-8 5-9 6-9 6-10 7-8 8-9 9-10",
            ),
        ]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Game(GameAlgorithm::Alphabeta(None))
    }
    fn algorithm_aliases() -> &'static [(&'static str, &'static str)] {
        &[
            ("alphabeta-nosym", "alphabeta+no-symmetry"),
            ("alphabeta-notable", "alphabeta+no-table"),
        ]
    }
    fn new(options: &Options) -> Result<Self, String> {
        Ok(Self {
            symmetry: !options.flag("no-symmetry"),
            table: !options.flag("no-table"),
            solver: RefCell::new(None),
            draw: searchlab_gametree::draw::svg_path(options.get("draw"))?,
            draw_depth: options.parse("draw-depth")?.unwrap_or(2),
            solved: std::cell::Cell::new(0),
        })
    }
    fn parse(&self, text: &str) -> Result<Played, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("no moves: write the segments drawn, like 2-4 4-5, or `empty`".into());
        }
        let text = if text.eq_ignore_ascii_case("empty") {
            ""
        } else {
            text
        };
        let (moves, position) = position_from_moves(text).map_err(|e| e.to_string())?;
        Ok(Played { moves, position })
    }
    fn parse_file(&self, _: Option<&std::path::Path>, text: &str) -> Option<Vec<Parsed<Played>>> {
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        if first.is_none_or(|l| l.parse::<i64>().is_err()) {
            return None;
        }
        let batch = parse_judge(text);
        let mut out: Vec<Parsed<Played>> = batch
            .games
            .into_iter()
            .map(|g| match g {
                Ok(g) => Parsed {
                    line: g.line,
                    input: Some(join(&g.moves)),
                    name: Some(format!("game {}", g.number)),
                    expected: None,
                    instance: Ok(Played {
                        moves: g.moves,
                        position: g.position,
                    }),
                },
                Err(e) => Parsed {
                    line: e.line,
                    input: None,
                    name: None,
                    expected: None,
                    // The judge's messages name the game first: `game 2: move count ...`.
                    instance: Err(match e.game {
                        Some(n) => format!("game {n}: {}", e.kind),
                        None => e.kind.to_string(),
                    }),
                },
            })
            .collect();
        if let Some(e) = batch.outside {
            out.push(Parsed {
                line: e.line,
                input: None,
                name: None,
                expected: None,
                instance: Err(e.kind.to_string()),
            });
        }
        Some(out)
    }
    fn show(&self, p: &Played) -> String {
        let mut t = if p.moves.is_empty() {
            "Moves: none (the empty board)\n".to_owned()
        } else {
            format!("Moves: {} ({} drawn)\n", join(&p.moves), p.moves.len())
        };
        t += &draw_board(&p.position, &owners(&p.moves));
        let (a, b) = (p.position.score(Side::A), p.position.score(Side::B));
        if p.position.is_over() {
            let _ = write!(t, "Score: A {a}, B {b}; the game is over.");
        } else {
            let _ = write!(t, "Score: A {a}, B {b}; {} to move.", p.position.to_move());
        }
        t
    }
    fn solve(&self, p: &Played, algorithm: Algorithm, heuristic: &str, limits: &Limits) -> Answer {
        let game = self.game(heuristic);
        self.draw_picture(&game, p);
        if let Algorithm::Game(GameAlgorithm::Mcts(params)) = algorithm {
            // MCTS chooses a move and proves no value (greedy playouts use the margin).
            return searchlab_toolkit::describe::mcts_answer(
                &game,
                &p.position,
                &(Position::margin as fn(&Position) -> i32),
                &params,
                limits,
                Segment::to_string,
            );
        }
        if let Algorithm::Game(algo) = algorithm
            && let Ok(algo) = algo.solver()
            && !matches!(algo, GameSolver::Alphabeta(None) | GameSolver::Minimax)
        {
            // The catalogue's searches (every solver but plain alpha-beta, which the crate's
            // solver runs below, and minimax) give the value and one principal variation, not
            // every move's value: the first move of the variation is one best move.
            let config = AlphaBetaConfig::new().with_limits(limits.clone());
            let result = algo.run(&game, &p.position, &|_: &Position| 0, &config);
            searchlab_toolkit::describe::search_ends();
            return value_answer(p, result);
        }
        if algorithm == Algorithm::Game(GameAlgorithm::Minimax) {
            let result = minimax(&game, &p.position, &|_: &Position| 0, limits);
            searchlab_toolkit::describe::search_ends();
            return match result.outcome {
                GameOutcome::Solved(s) => {
                    let values: Vec<(Segment, i32)> =
                        s.root_moves.iter().map(|m| (m.mv, m.value)).collect();
                    let best: Vec<Segment> = values
                        .iter()
                        .filter(|m| m.1 == s.value)
                        .map(|m| m.0)
                        .collect();
                    solved(p, s.value, &values, &best, result.stats)
                }
                GameOutcome::Stopped { limit, .. } => {
                    searchlab_toolkit::describe::stopped(limit, result.stats)
                }
            };
        }
        let mut slot = self.solver.borrow_mut();
        let solver =
            slot.get_or_insert_with(|| Solver::with_table(game, limits.clone(), self.table));
        let analysis = solver.analyse(&p.position);
        searchlab_toolkit::describe::search_ends();
        match analysis {
            Ok(a) => {
                let values: Vec<(Segment, i32)> =
                    a.moves.iter().map(|m| (m.segment, m.value)).collect();
                solved(p, a.value, &values, &a.best, a.stats)
            }
            Err(stop) => searchlab_toolkit::describe::stopped(stop.0, Default::default()),
        }
    }
    /// Alpha-beta as a benchmark measures it: the search that proves the position's value
    /// alone, with a fresh transposition table (the value range -9..=9 declared), not the
    /// analysis of every first move that `solve` prints; its answer is the value, with the
    /// principal variation the search found. The other algorithms answer as in `solve`.
    fn solve_for_bench(
        &self,
        p: &Played,
        algorithm: Algorithm,
        heuristic: &str,
        limits: &Limits,
    ) -> Answer {
        if algorithm != Algorithm::Game(GameAlgorithm::Alphabeta(None)) {
            return self.solve(p, algorithm, heuristic, limits);
        }
        let game = self.game(heuristic);
        // A depth limit would make the value an estimate: a whole-game search ignores it.
        let limits = Limits {
            max_cost: None,
            ..limits.clone()
        };
        let config = AlphaBetaConfig::new()
            .with_limits(limits)
            .with_table(self.table)
            .with_value_range(-9, 9);
        let run = AlphaBeta::new(config).search(&game, &p.position, &|_: &Position| 0);
        searchlab_toolkit::describe::search_ends();
        value_answer(p, run)
    }
    /// Undrawn segments: a game of Triangle War ends when all 18 are drawn.
    fn moves_left(&self, p: &Played) -> Option<u64> {
        Some(18 - u64::from(p.position.drawn_count()))
    }
    /// `--show`: the principal variation to the end of the game as boards: each move the
    /// first segment (in segment order) of those best for the side to move, by the exact
    /// table of every segment set ([`crate::exhaustive::Table`], built here in a moment).
    fn show_solution(&self, p: &Played, answer: &Answer) -> Option<String> {
        if answer.status != Status::Solved {
            return None;
        }
        let table = crate::exhaustive::Table::build();
        let mut moves = p.moves.clone();
        let mut position = p.position;
        let draw = |position: &Position, moves: &[Segment]| {
            let board = draw_board(position, &owners(moves));
            let lines: Vec<&str> = board
                .lines()
                .map(|l| l.strip_prefix("    ").unwrap_or(l))
                .collect();
            format!(
                "{}\nA {} B {}",
                lines.join("\n"),
                position.score(Side::A),
                position.score(Side::B)
            )
        };
        let mut frames = vec![Frame::new("start", draw(&position, &moves))];
        while !position.is_over() {
            let side = position.to_move();
            let best = Segment::ALL
                .into_iter()
                .filter(|s| !position.is_drawn(*s))
                .max_by_key(|s| {
                    (
                        side.sign() * table.move_value(&position, *s),
                        std::cmp::Reverse(s.index()),
                    )
                })?;
            position = position.play_unchecked(best);
            moves.push(best);
            frames.push(Frame::new(
                format!("{}: {side} {best}", frames.len()),
                draw(&position, &moves),
            ));
        }
        Some(side_by_side(&frames, TERMINAL_WIDTH))
    }
    fn gen_options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value(
                "moves",
                "M",
                Some("6-12"),
                "segments drawn per game: M, or LO-HI for LO, LO+1, ..., HI, LO, ... in turn; at most 17",
            ),
            OptionSpec::value(
                "format",
                "FORMAT",
                Some("lines"),
                "lines (one move list per line) or judge (POJ 1085 input; 6 to 17 moves per game)",
            ),
        ];
        OPTIONS
    }
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        generate(options, rng, count as u64)
    }
}

/// `count` distinct random games (M random undrawn segments each, from the empty board).
fn generate(options: &Options, rng: &mut SplitMix64, count: u64) -> Result<Vec<String>, String> {
    let steps: Steps = options.parse("moves")?.unwrap_or(Steps { lo: 6, hi: 12 });
    let judge = options.choice("format", &["lines", "judge"])? == Some(1);
    let Steps { lo, hi } = steps;
    if hi >= 18 {
        return Err(format!(
            "--moves {}: all 18 segments are drawn after 18 moves and the game is over; use at most 17",
            steps.label()
        ));
    }
    if judge && lo < 6 {
        return Err(format!(
            "--moves {} --format judge: the judge's games have at least 6 moves; use --format lines for fewer",
            steps.label()
        ));
    }
    for moves in lo..=hi {
        let wanted = steps.instances_with(moves, count);
        // 18 * 17 * ... : the number of distinct move lists of this length.
        let available: u64 = (18 - u64::from(moves) + 1..=18).product();
        if wanted > available {
            return Err(format!(
                "--count {count} --moves {}: asks for {wanted} distinct games of {}, but only {available} exist",
                steps.label(),
                counted(u64::from(moves), "move", "moves")
            ));
        }
    }
    let mut seen = BTreeSet::new();
    let mut lines = Vec::new();
    if judge {
        lines.push(count.to_string());
    }
    for i in 0..count {
        let n = steps.of(i);
        // Terminates: the count check above leaves an unseen move list to draw.
        let moves = loop {
            let mut position = Position::start();
            let mut moves = Vec::with_capacity(n as usize);
            for _ in 0..n {
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
        if judge {
            lines.push(moves.len().to_string());
            lines.extend(moves.iter().map(|s| {
                let (a, b) = s.dots();
                format!("{a} {b}")
            }));
        } else {
            lines.push(join(&moves));
        }
    }
    Ok(lines)
}

/// POJ 1085: one line `Game k: A wins.` / `Game k: B wins.` per good game; bad games go to
/// `errors` (game and line) and the others are still answered. Returns the number of bad
/// games.
pub fn judge_1085(
    input: &str,
    out: &mut dyn std::io::Write,
    errors: &mut dyn FnMut(String),
) -> std::io::Result<usize> {
    let batch = parse_judge(input);
    // One solver for all games: its table's entries are facts about positions, valid for all.
    let mut solver = Solver::default();
    let mut bad = 0;
    for game in &batch.games {
        match game {
            Ok(game) => match solver.winner(&game.position) {
                Ok((side, _)) => writeln!(out, "Game {}: {side} wins.", game.number)?,
                Err(stop) => errors(format!(
                    "game {}: stopped by the {} without a limit set",
                    game.number, stop.0
                )),
            },
            Err(e) => {
                bad += 1;
                errors(e.to_string());
            }
        }
    }
    if let Some(e) = &batch.outside {
        bad += 1;
        errors(e.to_string());
    }
    Ok(bad)
}

/// Triangle War for `searchlab match` and `searchlab play`: the empty board, A first; moves
/// typed as segments (`2-4`), openings as the move lists instances use. The evaluation for
/// depth-limited search is the margin so far (triangles already won).
impl searchlab_toolkit::Playable for Triangle {
    type Game = TriangleWar;
    type Eval = fn(&Position) -> i32;

    fn game(&self) -> Result<TriangleWar, String> {
        Ok(TriangleWar::new(MoveOrder::Greedy, self.symmetry))
    }
    fn start(&self, _: &TriangleWar) -> Position {
        Position::start()
    }
    fn evaluator(&self) -> fn(&Position) -> i32 {
        Position::margin
    }
    fn value_range(&self) -> Option<(i32, i32)> {
        Some((-9, 9))
    }
    fn side_name(&self, player: searchlab_toolkit::Player) -> &'static str {
        match player {
            searchlab_toolkit::Player::Max => "A",
            searchlab_toolkit::Player::Min => "B",
        }
    }
    fn show_move(&self, mv: &Segment) -> String {
        mv.to_string()
    }
    fn parse_move(&self, _: &TriangleWar, p: &Position, text: &str) -> Result<Segment, String> {
        let segment: Segment = text
            .trim()
            .parse()
            .map_err(|e: SegmentError| e.to_string())?;
        if p.is_drawn(segment) {
            return Err(format!("{segment} is drawn already"));
        }
        Ok(segment)
    }
    fn parse_opening(&self, _: &TriangleWar, text: &str) -> Result<Vec<Segment>, String> {
        self.parse(text).map(|p| p.moves)
    }
    fn draw(&self, _: &TriangleWar, moves: &[Segment], p: &Position) -> String {
        self.show(&Played {
            moves: moves.to_vec(),
            position: *p,
        })
    }
    fn result(&self, _: &TriangleWar, margin: i32) -> String {
        let (a, b) = final_score(margin);
        format!("{} wins {}-{}", winner_of(margin), a.max(b), a.min(b))
    }
}
