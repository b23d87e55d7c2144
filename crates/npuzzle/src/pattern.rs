//! Additive disjoint pattern databases (Korf and Felner 2002) for sliding puzzles.
//!
//! A pattern is a set of tiles. Its database stores, for every placement of those tiles, the
//! fewest moves OF THOSE TILES that bring them home, the other tiles being indistinguishable
//! and the blank free to wander. Every move moves one tile, so over disjoint patterns the sum
//! of the databases never exceeds the true distance: an admissible heuristic, much stronger
//! than Manhattan distance (which is the sum over patterns of one tile each).
//!
//! ## How a database is built
//!
//! With the core's [`build_pdb`] over [`PatternSpace`]: an abstract state is the cells of the
//! pattern tiles plus the REGION of the blank, the connected set of non-pattern cells it can
//! reach for free (named by its lowest cell). Moving a pattern tile into the region costs 1;
//! moves of other tiles inside the region cost nothing and are folded into the region, so every
//! abstract move costs 1 and the search is a plain breadth-first one over about as many states
//! as there are placements (instead of placements x blank cells with 0-cost moves). The table is
//! then [`PatternDb::project`]ed onto the placements alone (the minimum over the regions), which
//! is what a lookup needs.
//!
//! Ranks: a placement of `k` tiles on `N` cells is ranked in the mixed radix `N, N-1, ...,
//! N-k+1` (each digit is the tile's cell among the cells still free), a perfect and compact rank
//! of the `N! / (N-k)!` placements; the region's lowest cell is then ranked among the `N - k`
//! free cells. For the 15-puzzle: a 6-tile pattern has 5,765,760 placements (5.8 MB), 7 tiles
//! 57,657,600 (58 MB), 8 tiles 518,918,400 (519 MB), one byte each.
//!
//! ## Reflection
//!
//! The 15-puzzle's goals (blank first or last) are symmetric about the main diagonal once the
//! tiles are renamed. Looking the same databases up on the reflected board gives a second
//! admissible estimate; [`AdditivePdb`] can take the larger of the two (Korf and Felner's
//! "max of the two lookups").

use searchlab_core::Heuristic;
#[cfg(doc)]
use searchlab_core::pdb::build_pdb;
use searchlab_core::pdb::{AbstractSpace, PatternDb, PdbError, Progress};

use crate::board::Board;
use crate::puzzle::{Move, SlidingPuzzle};

/// The largest number of tiles in one pattern (the builder's state holds this many cells).
pub const MAX_PATTERN: usize = 8;

/// Why a set of patterns was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// A pattern with no tile or more than [`MAX_PATTERN`].
    #[error("a pattern has {0} tiles (1..={MAX_PATTERN} allowed)")]
    Size(usize),
    /// A tile that is not a tile of the puzzle (the blank, or too large).
    #[error("{0} is not a tile of the puzzle")]
    NotATile(u8),
    /// A tile in two patterns (the sum would no longer be admissible).
    #[error("tile {0} is in two patterns")]
    Overlap(u8),
    /// The board is too large for the builder's 32-bit cell masks.
    #[error("boards of more than 32 cells are not supported")]
    Board,
    /// The database could not be built.
    #[error(transparent)]
    Build(#[from] PdbError),
}

/// The number of placements of `k` tiles on `n` cells: `n! / (n-k)!`.
pub fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The compact rank of a placement: `cells[i]` is the cell of the pattern's tile `i`.
///
/// ```
/// use searchlab_npuzzle::pattern::{placement_rank, placements};
/// assert_eq!(placement_rank(16, &[0, 1, 2]), 0);
/// assert_eq!(placement_rank(16, &[15, 14, 13]), placements(16, 3) - 1);
/// ```
#[inline]
pub fn placement_rank(n: usize, cells: &[u8]) -> usize {
    let mut used = 0u32;
    let mut rank = 0usize;
    for (i, &c) in cells.iter().enumerate() {
        let digit = u32::from(c) - (used & ((1u32 << c) - 1)).count_ones();
        rank = rank * (n - i) + digit as usize;
        used |= 1 << c;
    }
    rank
}

/// The `i`-th (0-based) cell not in `used`.
#[inline]
fn nth_free(used: u32, mut i: u32) -> u8 {
    let mut free = !used;
    loop {
        let c = free.trailing_zeros();
        if i == 0 {
            return c as u8;
        }
        i -= 1;
        free &= free - 1;
    }
}

/// An abstract state of [`PatternSpace`]: the cells of the pattern tiles (the first `k` entries)
/// and the lowest cell of the blank's region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternState {
    /// `cells[i]`: the cell of the pattern's tile `i`.
    pub cells: [u8; MAX_PATTERN],
    /// The lowest cell of the region of non-pattern cells that holds the blank.
    pub region: u8,
}

/// The abstract space of one pattern of a `W x W` puzzle, searched by [`build_pdb`] (see the
/// module documentation).
#[derive(Clone, Debug)]
pub struct PatternSpace<const W: usize, const N: usize> {
    tiles: Vec<u8>,
    goal: Board<N>,
}

impl<const W: usize, const N: usize> PatternSpace<W, N> {
    /// The space of `tiles` for the goal `goal`.
    pub fn new(goal: Board<N>, tiles: &[u8]) -> Result<Self, PatternError> {
        if N > 32 {
            return Err(PatternError::Board);
        }
        if tiles.is_empty() || tiles.len() > MAX_PATTERN {
            return Err(PatternError::Size(tiles.len()));
        }
        let mut seen = 0u64;
        for &t in tiles {
            if t == 0 || usize::from(t) >= N {
                return Err(PatternError::NotATile(t));
            }
            if seen & (1 << t) != 0 {
                return Err(PatternError::Overlap(t));
            }
            seen |= 1 << t;
        }
        Ok(PatternSpace {
            tiles: tiles.to_vec(),
            goal,
        })
    }

    fn k(&self) -> usize {
        self.tiles.len()
    }

    /// The number of placements, the length of the projected database.
    pub fn placements(&self) -> usize {
        placements(N, self.k())
    }

    fn occupied(&self, s: &PatternState) -> u32 {
        s.cells[..self.k()].iter().fold(0, |m, &c| m | 1 << c)
    }

    /// The cells reachable from `start` through cells outside `occupied`.
    fn region(start: u8, occupied: u32) -> u32 {
        let all = if N == 32 { u32::MAX } else { (1u32 << N) - 1 };
        let free = all & !occupied;
        // Column masks stop left/right shifts from wrapping around rows.
        let mut first_col = 0u32;
        for r in 0..W {
            first_col |= 1 << (r * W);
        }
        let last_col = first_col << (W - 1);
        let mut region = 1u32 << start;
        loop {
            let grown = (region
                | region >> W
                | region << W
                | (region & !first_col) >> 1
                | (region & !last_col) << 1)
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The abstract goal: the pattern tiles home, the blank in the region of its goal cell.
    pub fn goal_state(&self) -> PatternState {
        let mut cells = [0u8; MAX_PATTERN];
        for (i, &t) in self.tiles.iter().enumerate() {
            cells[i] = self.goal_cell(t);
        }
        let mut s = PatternState { cells, region: 0 };
        let blank = self.goal_cell(0);
        s.region = Self::region(blank, self.occupied(&s)).trailing_zeros() as u8;
        s
    }

    fn goal_cell(&self, tile: u8) -> u8 {
        self.goal
            .cells()
            .iter()
            .position(|&t| t == tile)
            .expect("the goal holds every tile") as u8
    }

    /// Builds the projected database (one entry per placement), reporting progress after each
    /// distance (`settled`: the placements whose entry is known; `size`: all placements).
    pub fn build(&self, progress: impl FnMut(Progress)) -> Result<PatternDb, PatternError> {
        self.build_limited(None, progress)
    }

    /// [`PatternSpace::build`] within `max_memory` bytes (`None`: no limit), checked before
    /// anything is allocated ([`PdbError::Memory`] otherwise, inside [`PatternError::Build`]).
    ///
    /// Runs the layered builder on all cores ([`crate::pattern_build::build_pattern`]: two
    /// bits per state, the table written projected), which gives the same entries as the
    /// queue builder over this space ([`build_pdb`] then [`PatternDb::project`]) in a
    /// fraction of the time and memory.
    pub fn build_limited(
        &self,
        max_memory: Option<u64>,
        mut progress: impl FnMut(Progress),
    ) -> Result<PatternDb, PatternError> {
        use crate::pattern_build::{PatternBuildError, build_pattern};
        use searchlab_core::pdb_build::{BuildError, BuildOptions};
        let options = BuildOptions {
            max_memory,
            ..BuildOptions::default()
        };
        let placements = self.placements();
        build_pattern::<W, N>(&self.goal, &self.tiles, &options, |p| {
            progress(Progress {
                settled: p.entries_done as usize,
                size: placements,
                distance: p.layer,
            })
        })
        .map_err(|e| match e {
            PatternBuildError::Pattern(e) => e,
            PatternBuildError::Build(BuildError::DistanceOverflow) => {
                PatternError::Build(PdbError::DistanceOverflow)
            }
            PatternBuildError::Build(BuildError::RankOutOfRange { rank, size }) => {
                PatternError::Build(PdbError::RankOutOfRange {
                    rank: rank as usize,
                    size: size as usize,
                })
            }
            PatternBuildError::Build(BuildError::Memory { needed, limit }) => {
                PatternError::Build(PdbError::Memory { needed, limit })
            }
        })
    }
}

impl<const W: usize, const N: usize> AbstractSpace for PatternSpace<W, N> {
    type State = PatternState;

    fn size(&self) -> usize {
        self.placements() * (N - self.k())
    }

    #[inline]
    fn rank(&self, s: &PatternState) -> usize {
        let k = self.k();
        let occupied = self.occupied(s);
        let region = u32::from(s.region) - (occupied & ((1u32 << s.region) - 1)).count_ones();
        placement_rank(N, &s.cells[..k]) * (N - k) + region as usize
    }

    fn unrank(&self, rank: usize) -> PatternState {
        let k = self.k();
        let regions = N - k;
        let (mut placement, region) = (rank / regions, rank % regions);
        let mut digits = [0u8; MAX_PATTERN];
        for i in (0..k).rev() {
            digits[i] = (placement % (N - i)) as u8;
            placement /= N - i;
        }
        let mut cells = [0u8; MAX_PATTERN];
        let mut used = 0u32;
        for i in 0..k {
            let c = nth_free(used, u32::from(digits[i]));
            cells[i] = c;
            used |= 1 << c;
        }
        PatternState {
            cells,
            region: nth_free(used, region as u32),
        }
    }

    /// Every move of a pattern tile into the blank's region, at cost 1. Moves are their own
    /// inverses, so these successors are also the predecessors.
    fn predecessors(&self, s: &PatternState, out: &mut Vec<(PatternState, u8)>) {
        let occupied = self.occupied(s);
        let region = Self::region(s.region, occupied);
        for i in 0..self.k() {
            let from = s.cells[i];
            let (r, c) = (usize::from(from) / W, usize::from(from) % W);
            let mut neighbours = [u8::MAX; 4];
            if r > 0 {
                neighbours[0] = from - W as u8;
            }
            if r + 1 < W {
                neighbours[1] = from + W as u8;
            }
            if c > 0 {
                neighbours[2] = from - 1;
            }
            if c + 1 < W {
                neighbours[3] = from + 1;
            }
            for to in neighbours {
                if to == u8::MAX || region & (1 << to) == 0 {
                    continue;
                }
                let mut next = *s;
                next.cells[i] = to;
                // The blank ends where the tile was.
                let moved = occupied & !(1 << from) | 1 << to;
                next.region = Self::region(from, moved).trailing_zeros() as u8;
                out.push((next, 1));
            }
        }
    }
}

/// One pattern with its (projected) database.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// The tiles of the pattern, in rank order.
    pub tiles: Vec<u8>,
    /// One entry per placement of the tiles ([`placement_rank`]).
    pub db: PatternDb,
}

/// The sum of disjoint pattern databases, optionally maxed with the same sum on the board
/// reflected about the main diagonal.
///
/// IDA* updates the sum incrementally: only the moved tile's pattern is looked up again. With
/// reflection both sums are updated so (one lookup for the moved tile's pattern on the board,
/// one for its reflection's pattern on the reflected board, instead of every pattern twice): a
/// per-thread stack of the boards on the current depth-first path, each with its patterns'
/// cells and terms, direct and reflected, gives a child its parent's (found by comparing
/// boards, so any caller gets the exact estimate; one that does not search depth-first only
/// gets no speed-up). A child then costs two ranks of one pattern each and two lookups.
///
/// ```
/// use searchlab_core::{idastar, Heuristic, Limits};
/// use searchlab_npuzzle::pattern::{AdditivePdb, Pattern, PatternSpace};
/// use searchlab_npuzzle::{Eight, Manhattan};
///
/// let puzzle = Eight::standard();
/// // Two disjoint patterns: tiles 1-4 and 5-8 (70 ms or so to build).
/// let patterns = [vec![1, 2, 3, 4], vec![5, 6, 7, 8]]
///     .into_iter()
///     .map(|tiles| {
///         let db = PatternSpace::<3, 9>::new(*puzzle.goal(), &tiles).unwrap().build(|_| {}).unwrap();
///         Pattern { tiles, db }
///     })
///     .collect();
/// let pdb = AdditivePdb::new(&puzzle, patterns, false).unwrap();
/// let board = puzzle.parse("8 6 7 2 5 4 3 x 1").unwrap();
/// assert!(pdb.estimate(&puzzle, &board) >= Manhattan.estimate(&puzzle, &board));
/// let run = idastar(&puzzle, &board, &pdb, &Limits::none());
/// assert_eq!(run.outcome.cost(), Some(31));
/// ```
#[derive(Clone, Debug)]
pub struct AdditivePdb<const N: usize> {
    patterns: Vec<Pattern>,
    /// `pattern_of[t]`: the pattern of tile `t`, `u8::MAX` for none (and the blank).
    pattern_of: [u8; N],
    /// `index_in[t]`: tile `t`'s position in its pattern.
    index_in: [u8; N],
    /// With reflection: `cell` and `tile` renaming of the reflected board.
    reflection: Option<([u8; N], [u8; N])>,
    /// `untile[t']`: the tile whose reflection is `t'` (inverse of the reflection's `tile`).
    untile: [u8; N],
    /// With reflection: `reflected_of[t]` = (pattern, position in it) of tile `t`'s reflection
    /// (`u8::MAX` pattern for none): where a move of `t` changes the reflected sum.
    reflected_of: [(u8, u8); N],
    /// Tells this heuristic's entries of the per-thread [`MEMO`] stack from another's.
    id: u64,
}

/// The most patterns the memo stack keeps terms for (Korf and Felner's 6-6-6-6 has four);
/// more fall back to looking every pattern up.
const MEMO_PATTERNS: usize = 4;

/// The cells of each pattern's tiles (`[p][i]`: pattern `p`'s tile `i`) and each pattern's term.
#[derive(Clone, Copy)]
struct Terms {
    cells: [[u8; MAX_PATTERN]; MEMO_PATTERNS],
    terms: [u8; MEMO_PATTERNS],
    /// The sum of `terms`.
    sum: u32,
}

/// One board's [`Terms`], direct and reflected, for [`AdditivePdb`]'s incremental update with
/// reflection.
#[derive(Clone, Copy)]
struct Memo {
    owner: u64,
    /// The board's cells, zero-padded.
    board: [u8; MEMO_CELLS],
    direct: Terms,
    reflected: Terms,
}

/// Boards of up to this many cells use the memo stack (the 24-puzzle's 25, padded to 32 bytes so
/// boards compare a word at a time).
const MEMO_CELLS: usize = 32;

/// The memo stack's bound: a depth-first path with its evaluated siblings stays far below.
const MEMO_DEPTH: usize = 4096;

thread_local! {
    /// The boards evaluated on this thread's current depth-first path (and their siblings not
    /// yet searched past), innermost last.
    static MEMO: std::cell::RefCell<Vec<Memo>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Numbers the [`AdditivePdb`] values made (their memo entries are theirs alone).
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// [`placement_rank`] of `cells[..K]` on `N` cells, unrolled: each digit counts the earlier
/// tiles on lower cells by comparisons (no `popcnt` in the baseline x86-64 target, where
/// `count_ones` costs a dozen instructions).
#[inline(always)]
fn rank_k<const N: usize, const K: usize>(cells: &[u8; MAX_PATTERN]) -> usize {
    let mut rank = 0usize;
    for i in 0..K {
        let c = cells[i];
        let mut below = 0u8;
        for &earlier in &cells[..i] {
            below += u8::from(earlier < c);
        }
        rank = rank * (N - i) + usize::from(c - below);
    }
    rank
}

/// [`placement_rank`] of the first `k` cells, through [`rank_k`] for each pattern size.
#[inline(always)]
fn rank_of<const N: usize>(k: usize, cells: &[u8; MAX_PATTERN]) -> usize {
    match k {
        6 => rank_k::<N, 6>(cells),
        3 => rank_k::<N, 3>(cells),
        7 => rank_k::<N, 7>(cells),
        8 => rank_k::<N, 8>(cells),
        5 => rank_k::<N, 5>(cells),
        4 => rank_k::<N, 4>(cells),
        2 => rank_k::<N, 2>(cells),
        _ => rank_k::<N, 1>(cells),
    }
}

impl<const N: usize> AdditivePdb<N> {
    /// The heuristic for `puzzle` from built databases of disjoint patterns; `reflect` adds the
    /// lookup on the board reflected about the main diagonal (the goal's blank must lie on it).
    pub fn new<const W: usize>(
        puzzle: &SlidingPuzzle<W, N>,
        patterns: Vec<Pattern>,
        reflect: bool,
    ) -> Result<Self, PatternError> {
        let mut pattern_of = [u8::MAX; N];
        let mut index_in = [0u8; N];
        for (p, pattern) in patterns.iter().enumerate() {
            if pattern.tiles.is_empty() || pattern.tiles.len() > MAX_PATTERN {
                return Err(PatternError::Size(pattern.tiles.len()));
            }
            if pattern.db.len() != placements(N, pattern.tiles.len()) {
                return Err(PatternError::Build(PdbError::Corrupt(
                    "database length does not match its pattern",
                )));
            }
            for (i, &t) in pattern.tiles.iter().enumerate() {
                if t == 0 || usize::from(t) >= N {
                    return Err(PatternError::NotATile(t));
                }
                if pattern_of[usize::from(t)] != u8::MAX {
                    return Err(PatternError::Overlap(t));
                }
                pattern_of[usize::from(t)] = p as u8;
                index_in[usize::from(t)] = i as u8;
            }
        }
        let reflection = reflect.then(|| {
            let mut cell = [0u8; N];
            let mut tile = [0u8; N];
            for (c, slot) in cell.iter_mut().enumerate() {
                *slot = ((c % W) * W + c / W) as u8;
            }
            for (t, slot) in tile.iter_mut().enumerate() {
                let g = puzzle.goal_cell(t as u8);
                *slot = puzzle.goal().cells()[usize::from(cell[g])];
            }
            (cell, tile)
        });
        if let Some((_, tile)) = &reflection
            && tile[0] != 0
        {
            return Err(PatternError::NotATile(0));
        }
        let mut untile = [0u8; N];
        let mut reflected_of = [(u8::MAX, 0u8); N];
        if let Some((_, tile)) = &reflection {
            for (t, &r) in tile.iter().enumerate() {
                untile[usize::from(r)] = t as u8;
                reflected_of[t] = (pattern_of[usize::from(r)], index_in[usize::from(r)]);
            }
        }
        Ok(AdditivePdb {
            patterns,
            pattern_of,
            index_in,
            reflection,
            untile,
            reflected_of,
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// The patterns and their databases.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Pattern `p`'s entry for its tiles on `cells`.
    #[inline(always)]
    fn lookup(&self, p: usize, cells: &[u8; MAX_PATTERN]) -> u8 {
        let pattern = &self.patterns[p];
        pattern.db.raw(rank_of::<N>(pattern.tiles.len(), cells))
    }

    /// The sum over the patterns for the board whose tile `t` is on cell `where_[t]`.
    #[inline]
    fn sum(&self, where_: &[u8; N]) -> u32 {
        let mut total = 0;
        let mut cells = [0u8; MAX_PATTERN];
        for (p, pattern) in self.patterns.iter().enumerate() {
            for (i, &t) in pattern.tiles.iter().enumerate() {
                cells[i] = where_[usize::from(t)];
            }
            total += u32::from(self.lookup(p, &cells));
        }
        total
    }

    /// Every pattern's cells and term for the board whose tile `t` is on cell `where_[t]`.
    fn terms(&self, where_: &[u8; N]) -> Terms {
        let mut out = Terms {
            cells: [[0; MAX_PATTERN]; MEMO_PATTERNS],
            terms: [0; MEMO_PATTERNS],
            sum: 0,
        };
        for (p, pattern) in self.patterns.iter().enumerate() {
            for (i, &t) in pattern.tiles.iter().enumerate() {
                out.cells[p][i] = where_[usize::from(t)];
            }
            out.terms[p] = self.lookup(p, &out.cells[p]);
            out.sum += u32::from(out.terms[p]);
        }
        out
    }

    /// `terms` after pattern `p`'s tile `i` moved to `to`, whose new term is `after`.
    #[inline(always)]
    fn moved(terms: &mut Terms, p: u8, i: u8, to: u8, after: u8) {
        if p == u8::MAX {
            return;
        }
        let (p, i) = (usize::from(p), usize::from(i));
        terms.cells[p][i] = to;
        terms.sum = terms.sum + u32::from(after) - u32::from(terms.terms[p]);
        terms.terms[p] = after;
    }

    /// Pattern `p`'s term in `terms` after its tile `i` moved to `to` (a rank and a lookup;
    /// the unchanged term when `p` is no pattern).
    #[inline(always)]
    fn term_after(&self, terms: &Terms, p: u8, i: u8, to: u8) -> u8 {
        if p == u8::MAX {
            return 0;
        }
        let mut cells = terms.cells[usize::from(p)];
        cells[usize::from(i)] = to;
        self.lookup(usize::from(p), &cells)
    }

    /// With reflection: the child's estimate from its parent's entry on the memo stack when
    /// the parent is there (two lookups), else from scratch; the child's entry is pushed.
    #[inline]
    fn reflected_child(&self, child: &Board<N>, old_blank: usize, cell: &[u8; N]) -> u32 {
        let cells = child.cells();
        let new_blank = child.blank();
        let tile = cells[old_blank];
        let mut board = [0u8; MEMO_CELLS];
        board[..N].copy_from_slice(&cells[..]);
        let mut parent = board;
        parent.swap(old_blank, new_blank);
        MEMO.with_borrow_mut(|stack| {
            // Entries above the parent are boards whose subtrees are done.
            while let Some(top) = stack.last() {
                if top.owner == self.id && top.board == parent {
                    break;
                }
                stack.pop();
            }
            if stack.len() >= MEMO_DEPTH {
                stack.clear();
            }
            if let Some(up) = stack.last() {
                // The tile now stands on the parent's blank cell.
                let t = usize::from(tile);
                let (p, i) = (self.pattern_of[t], self.index_in[t]);
                let (q, j) = self.reflected_of[t];
                let to = old_blank as u8;
                let direct = self.term_after(&up.direct, p, i, to);
                let reflected = self.term_after(&up.reflected, q, j, cell[old_blank]);
                let mut memo = *up;
                memo.board = board;
                Self::moved(&mut memo.direct, p, i, to, direct);
                Self::moved(&mut memo.reflected, q, j, cell[old_blank], reflected);
                stack.push(memo);
                return memo.direct.sum.max(memo.reflected.sum);
            }
            // No parent (the first children of a root): every pattern from scratch.
            let mut where_ = [0u8; N];
            for (c, &t) in cells.iter().enumerate() {
                where_[usize::from(t)] = c as u8;
            }
            let mut reflected = [0u8; N];
            for (r, slot) in reflected.iter_mut().enumerate() {
                *slot = cell[usize::from(where_[usize::from(self.untile[r])])];
            }
            let memo = Memo {
                owner: self.id,
                board,
                direct: self.terms(&where_),
                reflected: self.terms(&reflected),
            };
            stack.push(memo);
            memo.direct.sum.max(memo.reflected.sum)
        })
    }

    /// The estimate of `board`: the sum, or with reflection the larger of the two sums.
    pub fn value(&self, board: &Board<N>) -> u32 {
        let mut where_ = [0u8; N];
        for (c, &t) in board.cells().iter().enumerate() {
            where_[usize::from(t)] = c as u8;
        }
        let direct = self.sum(&where_);
        match &self.reflection {
            None => direct,
            Some((cell, tile)) => {
                let mut reflected = [0u8; N];
                for t in 0..N {
                    reflected[usize::from(tile[t])] = cell[usize::from(where_[t])];
                }
                direct.max(self.sum(&reflected))
            }
        }
    }
}

impl<const W: usize, const N: usize> Heuristic<SlidingPuzzle<W, N>> for AdditivePdb<N> {
    fn estimate(&self, _: &SlidingPuzzle<W, N>, state: &Board<N>) -> u32 {
        self.value(state)
    }

    #[inline]
    fn estimate_child(
        &self,
        _: &SlidingPuzzle<W, N>,
        child: &Board<N>,
        action: &Move,
        parent_estimate: u32,
    ) -> u32 {
        let new_blank = child.blank();
        let old_blank = SlidingPuzzle::<W, N>::moved_tile_cell(child, *action);
        let tile = child.cells()[old_blank];
        let p = self.pattern_of[usize::from(tile)];
        if let Some((cell, _)) = &self.reflection {
            if N <= MEMO_CELLS && self.patterns.len() <= MEMO_PATTERNS {
                return self.reflected_child(child, old_blank, cell);
            }
            return self.value(child);
        }
        if p == u8::MAX {
            // A tile outside every pattern: no term changes.
            return parent_estimate;
        }
        let mut cells = [0u8; MAX_PATTERN];
        for (c, &t) in child.cells().iter().enumerate() {
            if self.pattern_of[usize::from(t)] == p {
                cells[usize::from(self.index_in[usize::from(t)])] = c as u8;
            }
        }
        let after = self.lookup(usize::from(p), &cells);
        cells[usize::from(self.index_in[usize::from(tile)])] = new_blank as u8;
        let before = self.lookup(usize::from(p), &cells);
        parent_estimate + u32::from(after) - u32::from(before)
    }
}

/// A named partition of the 15-puzzle's tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// Two patterns of 6 tiles and one of 3 (Korf and Felner 2002's 6-6-3 split): 2 x 5.8 MB.
    SixSixThree,
    /// Patterns of 7 and 8 tiles (the top two rows and the bottom two, the blank's goal
    /// excluded): 58 MB + 519 MB, minutes to build.
    SevenEight,
}

impl Partition {
    /// The goal CELLS of each pattern, for a goal with the blank on cell 0.
    fn cells(self) -> &'static [&'static [u8]] {
        match self {
            Partition::SixSixThree => &[&[1, 2, 4, 5, 8, 9], &[3, 6, 7, 10, 11, 15], &[12, 13, 14]],
            Partition::SevenEight => &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
        }
    }

    /// The tiles of each pattern for `goal`, whose blank must be on the first or the last cell
    /// (the last: the shapes are turned by 180 degrees so they cover the same kind of area).
    ///
    /// ```
    /// use searchlab_npuzzle::Fifteen;
    /// use searchlab_npuzzle::pattern::Partition;
    /// let last = Partition::SevenEight.tiles(Fifteen::standard().goal()).unwrap();
    /// assert_eq!(last, vec![vec![15, 14, 13, 12, 11, 10, 9], vec![8, 7, 6, 5, 4, 3, 2, 1]]);
    /// ```
    pub fn tiles(self, goal: &Board<16>) -> Option<Vec<Vec<u8>>> {
        let turn = match goal.blank() {
            0 => false,
            15 => true,
            _ => return None,
        };
        Some(
            self.cells()
                .iter()
                .map(|cells| {
                    cells
                        .iter()
                        .map(|&c| goal.cells()[usize::from(if turn { 15 - c } else { c })])
                        .collect()
                })
                .collect(),
        )
    }

    /// A short name: `663` or `78`.
    pub fn name(self) -> &'static str {
        match self {
            Partition::SixSixThree => "663",
            Partition::SevenEight => "78",
        }
    }
}
