//! The 8-, 15- and 24-puzzle described for every driver ([`Description`]): [`EightPuzzle`],
//! [`FifteenPuzzle`] and [`TwentyFourPuzzle`], with every single-agent algorithm, their heuristics by name, the
//! pattern databases built (or loaded from the cache) only once every board has parsed, and
//! the seeded generators. [`judge_1077`] answers POJ 1077 byte for byte.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU32, Ordering};

use searchlab_toolkit::describe::{run_answer, unsolvable};
use searchlab_toolkit::show::{Frame, TERMINAL_WIDTH, side_by_side};
use searchlab_toolkit::{
    Algorithm, Answer, Description, Heuristic, Kind, Limits, Note, OptionSpec, Options, Problem,
    SearchAlgorithm, SplitMix64, Status, Zero, par_idastar,
};

use crate::cache::{Origin, cache_dir, load_or_build};
use crate::generate::{random_board, scrambled_board};
use crate::moves_to_string;
use crate::pattern::{AdditivePdb, Partition, Pattern};
use crate::twentyfour::{korf_felner_databases, korf_felner_missing};
use crate::{
    Board, Eight, Fifteen, LinearConflict, Manhattan, Misplaced, Move, SlidingPuzzle, TwentyFour,
};
use searchlab_toolkit::pdb_build::BuildOptions;

/// A heuristic that threads of parallel IDA* can share.
type SharedHeuristic<P> = dyn Heuristic<P> + Sync;

/// The `--threads` option of every sliding puzzle.
const THREADS: OptionSpec = OptionSpec::value(
    "threads",
    "N",
    Some("1"),
    "IDA* on N threads (parallel IDA*: the same answer and node counts as one thread; 0: all cores); other algorithms ignore it",
);

/// Reads `--threads` (1 when absent).
fn threads(options: &Options) -> Result<usize, String> {
    let threads: usize = options.parse("threads")?.unwrap_or(1);
    // Each thread is a real thread with its own stack: 2^60 panicked, 4294967295 aborted.
    if threads > MAX_THREADS {
        return Err(format!(
            "--threads {threads}: at most {MAX_THREADS} (0: one per core)"
        ));
    }
    Ok(threads)
}

/// The most threads parallel IDA* is given.
const MAX_THREADS: usize = 1024;

/// Heuristics of both puzzles.
const SMALL_HEURISTICS: &[(&str, &str)] = &[
    ("manhattan", "sum of the tiles' Manhattan distances"),
    ("misplaced", "number of misplaced tiles"),
    (
        "linear-conflict",
        "Manhattan distance plus linear conflicts",
    ),
];

/// Solves `board` on `puzzle` (parity first: an unsolvable board costs no search).
fn solve_board<const W: usize, const N: usize, H>(
    puzzle: &SlidingPuzzle<W, N>,
    board: &Board<N>,
    algorithm: Algorithm,
    heuristic: &H,
    limits: &Limits,
    threads: usize,
) -> Answer
where
    H: Heuristic<SlidingPuzzle<W, N>> + Sync + ?Sized,
{
    if !puzzle.is_solvable(board) {
        return unsolvable(
            Default::default(),
            "unsolvable (wrong permutation parity: no search needed)",
        );
    }
    let Algorithm::Search(algo) = algorithm else {
        unreachable!("a puzzle lists only single-agent algorithms")
    };
    // One thread is the sequential search itself (no task splitting to pay for).
    let result = if algo == SearchAlgorithm::Idastar && threads != 1 {
        Ok(par_idastar(puzzle, board, heuristic, limits, threads).result)
    } else {
        algo.run(puzzle, board, heuristic, limits)
    };
    run_answer(result, moves_to_string)
}

/// The generator's options (both puzzles).
const GEN_OPTIONS: &[OptionSpec] = &[OptionSpec::value(
    "moves",
    "D",
    None,
    "make each board by this many random moves from the goal (no immediate reversal) instead of drawing it uniformly among the solvable boards",
)];

/// The generator's options of the puzzles with a choice of goal (15- and 24-puzzle).
const GOAL_GEN_OPTIONS: &[OptionSpec] = &[
    OptionSpec::value(
        "moves",
        "D",
        None,
        "make each board by this many random moves from the goal (no immediate reversal) instead of drawing it uniformly",
    ),
    OptionSpec::value(
        "goal",
        "GOAL",
        Some("blank-first"),
        "the goal: blank-first or blank-last",
    ),
];

/// Boards of `puzzle`, uniform or the option `moves` (its name) random moves from the goal.
fn generate<const W: usize, const N: usize>(
    puzzle: &SlidingPuzzle<W, N>,
    moves: &str,
    options: &Options,
    rng: &mut SplitMix64,
    count: usize,
) -> Result<Vec<String>, String> {
    let moves: Option<u32> = options.parse(moves)?;
    Ok((0..count)
        .map(|_| match moves {
            None => random_board(puzzle, rng).to_string(),
            Some(d) => scrambled_board(puzzle, rng, d).to_string(),
        })
        .collect())
}

/// `board` as a W x W grid, the tiles right-aligned in columns (the blank as `x`).
fn grid<const W: usize, const N: usize>(board: &Board<N>) -> String {
    let text = board.to_string();
    let tokens: Vec<&str> = text.split(' ').collect();
    let width = if N > 10 { 2 } else { 1 };
    tokens
        .chunks(W)
        .map(|row| {
            row.iter()
                .map(|t| format!("{t:>width$}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `--show`: the boards of a solved `answer` from `board`, one per move of the blank, side
/// by side; `None` without a solution (or with a move the board does not allow, which a
/// search of this puzzle never returns).
fn show_boards<const W: usize, const N: usize>(
    puzzle: &SlidingPuzzle<W, N>,
    board: &Board<N>,
    answer: &Answer,
) -> Option<String> {
    let moves = answer
        .moves
        .as_deref()
        .filter(|_| answer.status == Status::Solved)?;
    let mut state = *board;
    let mut frames = vec![Frame::new("start", grid::<W, N>(&state))];
    let mut legal = Vec::new();
    for (i, letter) in moves.chars().enumerate() {
        let mv = Move::from_letter(letter)?;
        legal.clear();
        puzzle.actions(&state, &mut legal);
        if !legal.contains(&mv) {
            return None;
        }
        state = puzzle.result(&state, &mv).0;
        frames.push(Frame::new(
            format!("{}: {letter}", i + 1),
            grid::<W, N>(&state),
        ));
    }
    Some(side_by_side(&frames, TERMINAL_WIDTH))
}

/// Records `board`'s Manhattan distance in `hardest` when it is the largest so far (an
/// unsolvable board costs no search and counts for nothing).
fn note_hardest<const W: usize, const N: usize>(
    puzzle: &SlidingPuzzle<W, N>,
    board: &Board<N>,
    hardest: &AtomicU32,
) {
    if puzzle.is_solvable(board) {
        hardest.fetch_max(puzzle.manhattan(board), Ordering::Relaxed);
    }
}

/// A warning before work known to take long (issue 17), from the largest Manhattan distance
/// of the boards (`manhattan`, a lower bound of their moves) of the `cells`-cell puzzle; `None`
/// when nothing known is long. The thresholds separate the sets measured in this repository:
/// the 15-puzzle's Korf's 100 reach Manhattan 50, its 17 boards 80 moves away have 56-58
/// (IDA* with pdb663 on the first of them: stopped by a 120 s limit at bound 76 of 80 after
/// 175 M nodes expanded, 2026-11-23 on 2 shared cores, `searchlab solve fifteen --goal
/// blank-last --timeout 120`); Korf and Felner's 24-puzzle boards have 55-89 (81-113 moves), where
/// linear conflicts need hours to weeks per board (benches/README.md, issue 16's table).
fn long_work(
    cells: usize,
    manhattan: u32,
    algorithm: Algorithm,
    heuristic: &str,
) -> Option<String> {
    let Algorithm::Search(algo) = algorithm else {
        return None;
    };
    let bound = searchlab_toolkit::describe::LONG_WORK_BOUND;
    match cells {
        16 if manhattan >= 52 => Some(format!(
            "warning: a board is at least {manhattan} moves from the goal (its Manhattan distance; Korf's 100 reach 50, \
             the 80-move boards 56-58): with {}, boards like it take MINUTES TO HOURS each{}; {bound}",
            algo.name(),
            if algo.uses_heuristic() && heuristic.starts_with("pdb") {
                " even with pattern databases (one 80-move board: 120 s reached bound 76 of 80)"
            } else {
                " (and far longer without pattern databases: use --heuristic pdb663)"
            }
        )),
        25 if manhattan >= 55 => Some(format!(
            "warning: a board is at least {manhattan} moves from the goal (its Manhattan distance; Korf and Felner's \
             boards have 55-89): with {} it may take HOURS TO WEEKS (benches/README.md); {bound}",
            if algo.uses_heuristic() {
                heuristic
            } else {
                "no heuristic"
            }
        )),
        _ => None,
    }
}

/// The 8-puzzle (POJ 1077): goal `1 2 3 4 5 6 7 8 x`.
#[derive(Debug)]
pub struct EightPuzzle {
    puzzle: Eight,
    linear: LinearConflict,
    threads: usize,
}

impl EightPuzzle {
    fn heuristic(&self, name: &str) -> &SharedHeuristic<Eight> {
        match name {
            "misplaced" => &Misplaced,
            "linear-conflict" => &self.linear,
            _ => &Manhattan,
        }
    }
}

impl Description for EightPuzzle {
    type Instance = Board<9>;
    const NAME: &'static str = "eight";
    const SUMMARY: &'static str = "the 8-puzzle (POJ 1077)";
    const INPUT: &'static str = "\
INSTANCE: 9 tokens row-major, tiles 1-8 and the blank x (or 0), e.g. \"2 3 4 1 5 x 7 6 8\".
Moves name where the BLANK goes: u d l r. Unsolvable boards are recognised by permutation
parity, without search. An expected answer after '|' is the length or `unsolvable`.";
    const KIND: Kind = Kind::Puzzle;
    const JUDGE: Option<searchlab_toolkit::Judge> = Some(searchlab_toolkit::Judge {
        number: 1077,
        title: "Eight",
        run: judge_1077,
    });

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[THREADS];
        OPTIONS
    }
    fn heuristics() -> &'static [(&'static str, &'static str)] {
        SMALL_HEURISTICS
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Search(SearchAlgorithm::Astar)
    }
    // The 8-puzzle's benchmark has always set A* beside IDA*.
    fn bench_algorithms() -> Vec<Algorithm> {
        vec![
            Algorithm::Search(SearchAlgorithm::Astar),
            Algorithm::Search(SearchAlgorithm::Idastar),
        ]
    }
    fn new(options: &Options) -> Result<Self, String> {
        let puzzle = Eight::standard();
        let linear = LinearConflict::new(&puzzle);
        Ok(Self {
            puzzle,
            linear,
            threads: threads(options)?,
        })
    }
    fn parse(&self, text: &str) -> Result<Board<9>, String> {
        self.puzzle.parse(text).map_err(|e| e.to_string())
    }
    fn show(&self, board: &Board<9>) -> String {
        board.to_string()
    }
    fn solve(
        &self,
        board: &Board<9>,
        algorithm: Algorithm,
        heuristic: &str,
        limits: &Limits,
    ) -> Answer {
        // Manhattan distance, the default, by its type: the searches then inline its
        // estimates instead of calling through `dyn Heuristic` (benches/README.md, issue 34).
        match heuristic {
            "manhattan" => solve_board(
                &self.puzzle,
                board,
                algorithm,
                &Manhattan,
                limits,
                self.threads,
            ),
            _ => solve_board(
                &self.puzzle,
                board,
                algorithm,
                self.heuristic(heuristic),
                limits,
                self.threads,
            ),
        }
    }
    fn gen_options() -> &'static [OptionSpec] {
        GEN_OPTIONS
    }
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        generate(&self.puzzle, "moves", options, rng, count)
    }
    fn show_solution(&self, board: &Board<9>, answer: &Answer) -> Option<String> {
        show_boards(&self.puzzle, board, answer)
    }
}

/// The [`Description`] methods the 15- and 24-puzzle share word for word but for the board's
/// size (`W x W = N`): parsing (noting the hardest board for [`long_work`]), showing, solving
/// with the prepared heuristic, generating, and `--show`. Their types hold `puzzle`,
/// `heuristic`, `threads` and `hardest`; trait methods cannot come from a generic helper
/// without a second trait, so a macro writes them.
macro_rules! goal_puzzle_methods {
    ($w:literal, $n:literal) => {
        fn parse(&self, text: &str) -> Result<Board<$n>, String> {
            let board = self.puzzle.parse(text).map_err(|e| e.to_string())?;
            note_hardest(&self.puzzle, &board, &self.hardest);
            Ok(board)
        }
        fn show(&self, board: &Board<$n>) -> String {
            board.to_string()
        }
        fn solve(
            &self,
            board: &Board<$n>,
            algorithm: Algorithm,
            _: &str,
            limits: &Limits,
        ) -> Answer {
            solve_board(
                &self.puzzle,
                board,
                algorithm,
                &*self.heuristic,
                limits,
                self.threads,
            )
        }
        fn gen_options() -> &'static [OptionSpec] {
            GOAL_GEN_OPTIONS
        }
        fn generate(
            &self,
            options: &Options,
            rng: &mut SplitMix64,
            count: usize,
        ) -> Result<Vec<String>, String> {
            let puzzle = puzzle_with_goal::<$w, $n>(options)?;
            generate(&puzzle, "moves", options, rng, count)
        }
        fn show_solution(&self, board: &Board<$n>, answer: &Answer) -> Option<String> {
            show_boards(&self.puzzle, board, answer)
        }
    };
}

/// Notes [`long_work`]'s warning for the hardest board parsed (`hardest`) of the `cells`-cell
/// puzzle, if any (the 15- and 24-puzzle's `prepare`).
fn warn_long_work(
    cells: usize,
    hardest: &AtomicU32,
    algorithm: Algorithm,
    heuristic: &str,
    note: &mut dyn FnMut(Note),
) {
    if let Some(warning) = long_work(cells, hardest.load(Ordering::Relaxed), algorithm, heuristic) {
        note(Note::Message(warning));
    }
}

/// The 15-puzzle, goal blank first (Korf's) or last, with pattern databases.
pub struct FifteenPuzzle {
    puzzle: Fifteen,
    reflect: bool,
    heuristic: Box<SharedHeuristic<Fifteen>>,
    threads: usize,
    /// The largest Manhattan distance of a solvable board parsed: what [`long_work`] warns by.
    hardest: AtomicU32,
}

impl std::fmt::Debug for FifteenPuzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FifteenPuzzle")
            .field("goal", self.puzzle.goal())
            .finish()
    }
}

/// Reads a move order such as `ulrd`: each of `u d l r` once.
fn parse_order(text: &str) -> Result<[Move; 4], String> {
    let bad = || format!("--order {text}: expected each of u, d, l, r once");
    let moves: Vec<Move> = text
        .chars()
        .map(Move::from_letter)
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    let order: [Move; 4] = moves.try_into().map_err(|_| bad())?;
    let mut sorted = order;
    sorted.sort();
    if sorted != [Move::Up, Move::Down, Move::Left, Move::Right] {
        return Err(bad());
    }
    Ok(order)
}

/// The 15-puzzle's goal option.
/// The puzzle with the goal `--goal` names: blank first (the default) or last.
fn puzzle_with_goal<const W: usize, const N: usize>(
    options: &Options,
) -> Result<SlidingPuzzle<W, N>, String> {
    Ok(
        match options.choice("goal", &["blank-first", "blank-last"])? {
            Some(1) => SlidingPuzzle::standard(),
            _ => SlidingPuzzle::blank_first(),
        },
    )
}

/// Loads (or builds and caches) the databases of `partition`, telling `note` where each
/// came from.
pub fn pattern_databases(
    puzzle: &Fifteen,
    partition: Partition,
    reflect: bool,
    note: &mut dyn FnMut(Note),
) -> Result<AdditivePdb<16>, String> {
    let dir = cache_dir();
    let tiles = partition
        .tiles(puzzle.goal())
        .ok_or("the goal's blank must be in a corner for pattern databases")?;
    let mut patterns = Vec::new();
    for tiles in tiles {
        let names: Vec<String> = tiles.iter().map(u8::to_string).collect();
        let label = format!("pattern {}", names.join(" "));
        let placements = crate::pattern::placements(16, tiles.len()) as u64;
        let what = format!("building {label}");
        let cached = load_or_build::<4, 16>(puzzle.goal(), &tiles, dir.as_deref(), |p| {
            note(Note::Progress {
                what: what.clone(),
                done: p.settled as u64,
                total: placements,
            })
        })
        .map_err(|e| e.to_string())?;
        note(Note::Finished);
        let how = match &cached.origin {
            Origin::Loaded(path) => format!("loaded from {}", path.display()),
            Origin::Built(Ok(path)) => format!("built, saved to {}", path.display()),
            Origin::Built(Err(e)) => format!("built, not cached ({e})"),
        };
        let ms = cached.elapsed.as_secs_f64() * 1e3;
        let mut msg = format!(
            "pdb{}: {label}: {} entries, {how} in ",
            partition.name(),
            cached.db.len()
        );
        let _ = if ms < 1.0 {
            write!(msg, "{:.0} us", ms * 1e3)
        } else if ms < 1000.0 {
            write!(msg, "{ms:.1} ms")
        } else {
            write!(msg, "{:.2} s", ms / 1e3)
        };
        note(Note::Message(msg));
        patterns.push(Pattern {
            tiles,
            db: cached.db,
        });
    }
    AdditivePdb::new(puzzle, patterns, reflect).map_err(|e| e.to_string())
}

impl Description for FifteenPuzzle {
    type Instance = Board<16>;
    const NAME: &'static str = "fifteen";
    const SUMMARY: &'static str = "the 15-puzzle (Korf's 100), with additive pattern databases";
    const INPUT: &'static str = "\
INSTANCE: 16 tokens row-major, tiles 1-15 and the blank x (or 0), e.g.
\"14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3\". Moves name where the BLANK goes: u d l r.
A* keeps every node it reaches (give it --max-nodes on hard boards); BFS and IDDFS suit only
boards within about 20 moves of the goal. Pattern databases are built once (6-6-3: ~15 s,
11.5 MB; 7-8: minutes and ~1.6 GB) and cached in $SEARCHLAB_CACHE, else
$XDG_CACHE_HOME/searchlab, else ~/.cache/searchlab.";
    const KIND: Kind = Kind::Puzzle;

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value(
                "goal",
                "GOAL",
                Some("blank-first"),
                "the goal: blank-first (x 1 2 ... 15, Korf's) or blank-last (1 2 ... 15 x)",
            ),
            OptionSpec::flag(
                "reflect",
                "with pattern databases: also look them up on the board reflected about the main diagonal",
            ),
            OptionSpec::value(
                "order",
                "ORDER",
                Some("udlr"),
                "the order in which the blank's moves are tried (Korf 1985: ulrd)",
            ),
            THREADS,
        ];
        OPTIONS
    }
    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "pdb663",
                "additive pattern databases 6-6-3 (11.5 MB, built in ~15 s once, then cached)",
            ),
            (
                "pdb78",
                "additive pattern databases 7-8 (577 MB, built in minutes and GBs once, then cached)",
            ),
            ("manhattan", "sum of the tiles' Manhattan distances"),
            (
                "misplaced",
                "number of misplaced tiles (weak: only for easy boards)",
            ),
            (
                "linear-conflict",
                "Manhattan distance plus linear conflicts",
            ),
        ]
    }
    /// The old benchmark's name for the 6-6-3 databases looked up on the reflected board too.
    fn heuristic_aliases() -> &'static [(&'static str, &'static str)] {
        &[("pdb663-reflect", "pdb663+reflect")]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Search(SearchAlgorithm::Idastar)
    }
    fn new(options: &Options) -> Result<Self, String> {
        let order = parse_order(options.get("order").unwrap_or("udlr"))?;
        Ok(Self {
            puzzle: puzzle_with_goal::<4, 16>(options)?.with_order(order),
            reflect: options.flag("reflect"),
            heuristic: Box::new(Zero),
            threads: threads(options)?,
            hardest: AtomicU32::new(0),
        })
    }
    fn prepare(
        &mut self,
        algorithm: Algorithm,
        heuristic: &str,
        note: &mut dyn FnMut(Note),
    ) -> Result<(), String> {
        warn_long_work(16, &self.hardest, algorithm, heuristic, note);
        if !algorithm.uses_heuristic() {
            return Ok(());
        }
        self.heuristic = match heuristic {
            "manhattan" => Box::new(Manhattan),
            "misplaced" => Box::new(Misplaced),
            "linear-conflict" => Box::new(LinearConflict::new(&self.puzzle)),
            "pdb78" => Box::new(pattern_databases(
                &self.puzzle,
                Partition::SevenEight,
                self.reflect,
                note,
            )?),
            _ => Box::new(pattern_databases(
                &self.puzzle,
                Partition::SixSixThree,
                self.reflect,
                note,
            )?),
        };
        Ok(())
    }
    goal_puzzle_methods!(4, 16);
}

/// The 24-puzzle, goal blank first (Korf and Felner's) or last.
pub struct TwentyFourPuzzle {
    puzzle: TwentyFour,
    heuristic: Box<SharedHeuristic<TwentyFour>>,
    threads: usize,
    /// The largest Manhattan distance of a solvable board parsed: what [`long_work`] warns by.
    hardest: AtomicU32,
}

impl std::fmt::Debug for TwentyFourPuzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TwentyFourPuzzle")
            .field("goal", self.puzzle.goal())
            .finish()
    }
}

/// The 24-puzzle's goal option.
impl Description for TwentyFourPuzzle {
    type Instance = Board<25>;
    const NAME: &'static str = "twentyfour";
    const SUMMARY: &'static str = "the 24-puzzle (Korf and Felner's 50)";
    const INPUT: &'static str = "\
INSTANCE: 25 tokens row-major, tiles 1-24 and the blank x (or 0); the goal is blank first
(0 1 2 ... 24, Korf and Felner's) unless --goal blank-last. Moves name where the BLANK goes:
u d l r. Korf and Felner's random boards (puzzles/twentyfour/korf_felner50.txt, ~100 moves)
are far beyond linear conflicts: they need --heuristic pdb6666, Korf and Felner's 6-6-6-6
additive databases with the reflected lookup (built once: about 4 minutes of CPU per built
table, 5-20 minutes on 2 cores, ~850 MB of memory, 510 MB of files in $SEARCHLAB_CACHE, else
$XDG_CACHE_HOME/searchlab, else ~/.cache/searchlab; loaded in seconds afterwards). Even so an
instance takes minutes to hours (benches/README.md, issue 18). A* keeps every node it reaches:
give it --max-nodes.";
    const KIND: Kind = Kind::Puzzle;

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value(
                "goal",
                "GOAL",
                Some("blank-first"),
                "the goal: blank-first (x 1 2 ... 24, Korf and Felner's) or blank-last (1 2 ... 24 x)",
            ),
            THREADS,
        ];
        OPTIONS
    }
    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "linear-conflict",
                "Manhattan distance plus linear conflicts",
            ),
            ("manhattan", "sum of the tiles' Manhattan distances"),
            (
                "pdb6666",
                "Korf and Felner's 6-6-6-6 additive databases, maxed with the reflected lookup (510 MB, built once in minutes, then cached)",
            ),
        ]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Search(SearchAlgorithm::Idastar)
    }
    fn new(options: &Options) -> Result<Self, String> {
        Ok(Self {
            puzzle: puzzle_with_goal::<5, 25>(options)?,
            heuristic: Box::new(Zero),
            threads: threads(options)?,
            hardest: AtomicU32::new(0),
        })
    }
    fn prepare(
        &mut self,
        algorithm: Algorithm,
        heuristic: &str,
        note: &mut dyn FnMut(Note),
    ) -> Result<(), String> {
        warn_long_work(25, &self.hardest, algorithm, heuristic, note);
        if !algorithm.uses_heuristic() {
            return Ok(());
        }
        self.heuristic = match heuristic {
            "manhattan" => Box::new(Manhattan),
            "pdb6666" => Box::new(korf_felner_heuristic(&self.puzzle, note)?),
            _ => Box::new(LinearConflict::new(&self.puzzle)),
        };
        Ok(())
    }
    goal_puzzle_methods!(5, 25);
}

/// Korf and Felner's 6-6-6-6 databases with the reflected lookup, loaded from the cache or
/// built (after a warning saying how long, how much memory and where the files go).
fn korf_felner_heuristic(
    puzzle: &TwentyFour,
    note: &mut dyn FnMut(Note),
) -> Result<AdditivePdb<25>, String> {
    let dir = cache_dir();
    let missing = match &dir {
        Some(dir) => korf_felner_missing(puzzle.goal(), dir)
            .ok_or("the goal's blank must be in a corner for pattern databases")?,
        None => Vec::new(),
    };
    if dir.is_none() || !missing.is_empty() {
        let place = match &dir {
            Some(dir) => format!(
                "writing {} file(s) of 127.5 MB to {}",
                missing.len(),
                dir.display()
            ),
            None => "not saved (no cache directory: set SEARCHLAB_CACHE), so rebuilt on every run"
                .to_string(),
        };
        note(Note::Message(format!(
            "warning: building the 24-puzzle's 6-6-6-6 pattern databases: about 4 minutes of CPU \
             for each of patterns A and B and a minute or two for each of C and D (5-20 minutes \
             on 2 cores, more on a loaded machine), peak memory about 850 MB, {place}"
        )));
    }
    let start = std::time::Instant::now();
    let options = BuildOptions::default();
    let patterns = korf_felner_databases(puzzle.goal(), dir.as_deref(), &options, |tiles, p| {
        note(Note::Progress {
            what: format!("building pattern {tiles:?}, layer {}", p.layer),
            done: p.entries_done,
            total: p.entries,
        })
    })
    .map_err(|e| e.to_string())?;
    note(Note::Finished);
    note(Note::Message(format!(
        "pdb6666: 4 x {} entries {} in {:.1} s",
        patterns[0].db.len(),
        if missing.is_empty() && dir.is_some() {
            "loaded"
        } else {
            "built or loaded"
        },
        start.elapsed().as_secs_f64()
    )));
    AdditivePdb::new(puzzle, patterns, true).map_err(|e| e.to_string())
}

/// POJ 1077 ("Eight"): boards of 9 tokens until the end of input; per board an optimal move
/// string (IDA* with Manhattan distance, moves tried u, d, l, r: the lexicographically
/// smallest optimal string) or `unsolvable`. Bad boards go to `errors` (board number and
/// what), the others are answered. Returns the number of bad boards.
pub fn judge_1077(
    input: &str,
    out: &mut dyn std::io::Write,
    errors: &mut dyn FnMut(String),
) -> std::io::Result<usize> {
    let puzzle = Eight::standard();
    // Each token with the 1-based line it stands on, so a message names the line a person
    // fixes (a board may span several lines in the judge's format).
    let tokens: Vec<(&str, usize)> = input
        .lines()
        .enumerate()
        .flat_map(|(i, line)| line.split_whitespace().map(move |t| (t, i + 1)))
        .collect();
    let mut bad = 0;
    for (k, chunk) in tokens.chunks(9).enumerate() {
        let text = chunk.iter().map(|t| t.0).collect::<Vec<_>>().join(" ");
        let (first, last) = (chunk[0].1, chunk[chunk.len() - 1].1);
        let lines = if first == last {
            format!("line {first}")
        } else {
            format!("lines {first}-{last}")
        };
        if chunk.len() < 9 {
            errors(format!(
                "{lines}, board {}: input ends after {} of 9 tokens ('{text}')",
                k + 1,
                chunk.len()
            ));
            bad += 1;
            continue;
        }
        match puzzle.parse(&text) {
            Ok(board) if !puzzle.is_solvable(&board) => writeln!(out, "unsolvable")?,
            Ok(board) => {
                let run = searchlab_toolkit::idastar(&puzzle, &board, &Manhattan, &Limits::none());
                match run.outcome.actions() {
                    Some(moves) => writeln!(out, "{}", moves_to_string(moves))?,
                    None => writeln!(out, "unsolvable")?,
                }
            }
            Err(e) => {
                // The token the error is about, by its line, when the board spans lines.
                let token = match &e {
                    crate::ParseError::Unknown { position, .. } => Some(*position),
                    crate::ParseError::Repeated { second, .. } => Some(*second),
                    crate::ParseError::WrongCount { .. } => None,
                };
                let at = match token {
                    Some(t) if first != last => {
                        format!(" (token {t} is on line {})", chunk[t - 1].1)
                    }
                    _ => String::new(),
                };
                errors(format!("{lines}, board {} ('{text}'): {e}{at}", k + 1));
                bad += 1;
            }
        }
    }
    Ok(bad)
}
