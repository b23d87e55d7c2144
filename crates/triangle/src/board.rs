//! The board of Triangle War: ten dots, 18 segments, 9 unit triangles, and the rules.
//!
//! ```text
//!             1
//!            / \
//!           2 - 3
//!          / \ / \
//!         4 - 5 - 6
//!        / \ / \ / \
//!       7 - 8 - 9 - 10
//! ```
//!
//! A [`Position`] is the set of drawn segments (18 bits), both scores and the side to move.
//! Drawing a segment that completes one or two triangles scores them and keeps the turn.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The 18 segments as pairs of dots, in the order of the problem statement. A segment's index
/// is its position here and its bit in [`Position::drawn`].
pub const SEGMENT_DOTS: [(u8, u8); 18] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 5),
    (3, 6),
    (4, 5),
    (5, 6),
    (4, 7),
    (4, 8),
    (5, 8),
    (5, 9),
    (6, 9),
    (6, 10),
    (7, 8),
    (8, 9),
    (9, 10),
];

/// The 9 unit triangles as triples of dots, in the order of the problem statement.
pub const TRIANGLE_DOTS: [(u8, u8, u8); 9] = [
    (1, 2, 3),
    (2, 3, 5),
    (2, 4, 5),
    (3, 5, 6),
    (4, 5, 8),
    (5, 6, 9),
    (4, 7, 8),
    (5, 8, 9),
    (6, 9, 10),
];

/// The bit set with all 18 segments drawn: the game is over.
pub const ALL_DRAWN: u32 = (1 << 18) - 1;

/// The index of the segment joining two dots (either order), if they are joined by one.
const fn segment_index(a: u8, b: u8) -> Option<usize> {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let mut i = 0;
    while i < SEGMENT_DOTS.len() {
        if SEGMENT_DOTS[i].0 == lo && SEGMENT_DOTS[i].1 == hi {
            return Some(i);
        }
        i += 1;
    }
    None
}

const fn segment_bit(a: u8, b: u8) -> u32 {
    match segment_index(a, b) {
        Some(i) => 1 << i,
        // Unreachable for the constant tables: a compile-time failure if they disagree.
        None => panic!("triangle side is not a segment"),
    }
}

/// Each triangle as the bit set of its three sides, derived from the dot tables at compile time
/// so the two tables cannot drift apart.
pub const TRIANGLE_MASKS: [u32; 9] = {
    let mut masks = [0u32; 9];
    let mut t = 0;
    while t < 9 {
        let (a, b, c) = TRIANGLE_DOTS[t];
        masks[t] = segment_bit(a, b) | segment_bit(a, c) | segment_bit(b, c);
        t += 1;
    }
    masks
};

/// For each segment, the sides of the (one or two) triangles it belongs to, as bit sets; an
/// unused slot is 0. Drawing segment `s` completes triangle `m` when `m & !drawn == bit(s)`.
const SEGMENT_TRIANGLES: [[u32; 2]; 18] = {
    let mut out = [[0u32; 2]; 18];
    let mut t = 0;
    while t < 9 {
        let mut s = 0;
        while s < 18 {
            if TRIANGLE_MASKS[t] & (1 << s) != 0 {
                if out[s][0] == 0 {
                    out[s][0] = TRIANGLE_MASKS[t];
                } else {
                    out[s][1] = TRIANGLE_MASKS[t];
                }
            }
            s += 1;
        }
        t += 1;
    }
    out
};

/// Barycentric coordinates of dot `d` (index `d - 1`): row `r`, place `k` in the row give
/// `(r - k, k, 3 - r)`, three numbers summing to 3. A symmetry of the big triangle permutes them.
const fn dot_coords(dot: u8) -> [u8; 3] {
    let d = dot - 1;
    let r = if d == 0 {
        0
    } else if d < 3 {
        1
    } else if d < 6 {
        2
    } else {
        3
    };
    let k = d - r * (r + 1) / 2;
    [r - k, k, 3 - r]
}

const fn dot_of(c: [u8; 3]) -> u8 {
    let r = 3 - c[2];
    r * (r + 1) / 2 + c[1] + 1
}

/// The six permutations of three coordinates: the board's rotations and reflections.
const COORD_PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
];

/// Each symmetry as a map from segment index to segment index.
const SEGMENT_SYMMETRIES: [[u8; 18]; 6] = {
    let mut out = [[0u8; 18]; 6];
    let mut g = 0;
    while g < 6 {
        let p = COORD_PERMUTATIONS[g];
        let mut s = 0;
        while s < 18 {
            let (a, b) = SEGMENT_DOTS[s];
            let (ca, cb) = (dot_coords(a), dot_coords(b));
            let ia = dot_of([ca[p[0]], ca[p[1]], ca[p[2]]]);
            let ib = dot_of([cb[p[0]], cb[p[1]], cb[p[2]]]);
            out[g][s] = match segment_index(ia, ib) {
                Some(i) => i as u8,
                None => panic!("a symmetry must map segments to segments"),
            };
            s += 1;
        }
        g += 1;
    }
    out
};

/// The image of every 9-bit half of a segment set under every symmetry, so that mapping a set
/// costs two lookups instead of 18 bit moves: `[symmetry][half][bits]`.
static HALF_IMAGES: [[[u32; 512]; 2]; 6] = {
    let mut out = [[[0u32; 512]; 2]; 6];
    let mut g = 0;
    while g < 6 {
        let mut half = 0;
        while half < 2 {
            let mut bits = 0;
            while bits < 512 {
                let mut image = 0u32;
                let mut j = 0;
                while j < 9 {
                    if bits & (1 << j) != 0 {
                        image |= 1 << SEGMENT_SYMMETRIES[g][half * 9 + j];
                    }
                    j += 1;
                }
                out[g][half][bits] = image;
                bits += 1;
            }
            half += 1;
        }
        g += 1;
    }
    out
};

/// The image of the segment set `drawn` under each of the board's six symmetries (three
/// rotations, three reflections; the first is the identity).
pub fn symmetric_images(drawn: u32) -> [u32; 6] {
    let (lo, hi) = ((drawn & 511) as usize, ((drawn >> 9) & 511) as usize);
    std::array::from_fn(|g| HALF_IMAGES[g][0][lo] | HALF_IMAGES[g][1][hi])
}

/// The smallest of the six symmetric images of `drawn`: one representative per class, so
/// symmetric positions can share a transposition-table entry.
pub fn canonical(drawn: u32) -> u32 {
    symmetric_images(drawn).into_iter().min().unwrap_or(drawn)
}

/// One of the 18 unit segments. Displayed and parsed as `i-j` (dots, e.g. `2-4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Segment(u8);

impl Segment {
    /// All segments in index order.
    pub const ALL: [Segment; 18] = {
        let mut all = [Segment(0); 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Segment(i as u8);
            i += 1;
        }
        all
    };

    /// The segment joining dots `a` and `b` (either order), or `None` if they are not neighbours.
    ///
    /// ```
    /// use searchlab_triangle::Segment;
    /// assert_eq!(Segment::between(4, 2).map(|s| s.to_string()), Some("2-4".to_string()));
    /// assert_eq!(Segment::between(1, 5), None);
    /// ```
    pub fn between(a: u8, b: u8) -> Option<Segment> {
        segment_index(a, b).map(|i| Segment(i as u8))
    }

    /// The segment with this index (`0..18`, the order of [`SEGMENT_DOTS`]).
    pub fn from_index(index: usize) -> Option<Segment> {
        (index < 18).then_some(Segment(index as u8))
    }

    /// Its index in `0..18`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Its bit in a segment set.
    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// Its two dots, smaller first.
    pub fn dots(self) -> (u8, u8) {
        SEGMENT_DOTS[self.index()]
    }

    /// How many triangles (0, 1 or 2) drawing this segment completes on the set `drawn`, which
    /// must not contain it.
    #[inline]
    pub fn completes(self, drawn: u32) -> u8 {
        let [t0, t1] = SEGMENT_TRIANGLES[self.index()];
        let bit = self.bit();
        // An unused slot (0) never equals `bit`.
        u8::from(t0 & !drawn == bit) + u8::from(t1 & !drawn == bit)
    }

    /// How many triangles drawing this segment leaves with exactly one side missing, that is,
    /// offers to the opponent; used to order moves.
    #[inline]
    pub fn offers(self, drawn: u32) -> u8 {
        let [t0, t1] = SEGMENT_TRIANGLES[self.index()];
        let after = drawn | self.bit();
        let open = |t: u32| t != 0 && (t & !after).count_ones() == 1;
        u8::from(open(t0)) + u8::from(open(t1))
    }
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.dots();
        write!(f, "{a}-{b}")
    }
}

/// Why a text is not a segment.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SegmentError {
    /// Not of the form `i-j` with two dot numbers.
    #[error("`{0}` is not a segment: write two dots joined by a dash, like 2-4")]
    Syntax(String),
    /// Two numbers that are not neighbouring dots.
    #[error("{0}-{1} is not one of the 18 segments (dots 1..10; neighbours only, like 2-4 or 5-9)")]
    NotASegment(i64, i64),
}

impl Segment {
    /// The segment joining two dot numbers as read from input, or [`SegmentError::NotASegment`].
    pub fn from_dots(a: i64, b: i64) -> Result<Segment, SegmentError> {
        match (u8::try_from(a), u8::try_from(b)) {
            (Ok(x), Ok(y)) => Segment::between(x, y).ok_or(SegmentError::NotASegment(a, b)),
            _ => Err(SegmentError::NotASegment(a, b)),
        }
    }
}

impl FromStr for Segment {
    type Err = SegmentError;

    /// Parses `i-j` (dots in either order).
    fn from_str(s: &str) -> Result<Segment, SegmentError> {
        let syntax = || SegmentError::Syntax(s.to_string());
        let (a, b) = s.split_once('-').ok_or_else(syntax)?;
        let a: i64 = a.trim().parse().map_err(|_| syntax())?;
        let b: i64 = b.trim().parse().map_err(|_| syntax())?;
        Segment::from_dots(a, b)
    }
}

/// The two players. A moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player.
    A,
    /// The second player.
    B,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// +1 for A, -1 for B: turns a margin for this side into A's margin.
    pub fn sign(self) -> i32 {
        match self {
            Side::A => 1,
            Side::B => -1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    /// The segment is already drawn.
    #[error("segment {0} is already drawn")]
    AlreadyDrawn(Segment),
}

/// A move of a replayed game that cannot be played.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("move {} ({segment}): {error}", .index + 1)]
pub struct ReplayError {
    /// The 0-based index of the bad move in the list.
    pub index: usize,
    /// The segment of that move.
    pub segment: Segment,
    /// What is wrong with it.
    pub error: MoveError,
}

/// A position: the drawn segments, both scores and the side to move.
///
/// The scores are part of the position because the final result depends on them; what is
/// still to be won depends only on [`Position::drawn`] and who is to move.
///
/// Its `Debug` is one readable line, as traces print states (`solve triangle --trace-text`):
/// the scores, the side to move and the segments still undrawn, e.g.
/// `A 2 B 3, A to move, undrawn 2-4 4-5 5-9` (or `A 6 B 3, over`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    drawn: u32,
    score_a: u8,
    score_b: u8,
    to_move: Side,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "A {} B {}", self.score_a, self.score_b)?;
        if self.is_over() {
            return f.write_str(", over");
        }
        write!(f, ", {} to move, undrawn", self.to_move)?;
        for s in self.undrawn() {
            write!(f, " {s}")?;
        }
        Ok(())
    }
}

impl Position {
    /// The empty board, A to move.
    pub fn start() -> Position {
        Position {
            drawn: 0,
            score_a: 0,
            score_b: 0,
            to_move: Side::A,
        }
    }

    /// Replays `moves` from the empty board with the extra-turn rule.
    ///
    /// ```
    /// use searchlab_triangle::{Position, Segment, Side};
    /// let moves: Vec<Segment> = ["1-2", "1-3", "2-3"].iter().map(|m| m.parse().unwrap()).collect();
    /// let p = Position::replay(&moves).unwrap();
    /// // A drew 1-2, B drew 1-3, A closed triangle 1-2-3 and moves again.
    /// assert_eq!((p.score(Side::A), p.score(Side::B), p.to_move()), (1, 0, Side::A));
    /// ```
    pub fn replay(moves: &[Segment]) -> Result<Position, ReplayError> {
        let mut p = Position::start();
        for (index, &segment) in moves.iter().enumerate() {
            p = p.play(segment).map_err(|error| ReplayError {
                index,
                segment,
                error,
            })?;
        }
        Ok(p)
    }

    /// A position from its parts, for tests and tools. `drawn` is masked to 18 bits; scores are
    /// taken as given (they need not be consistent with `drawn`).
    pub fn from_parts(drawn: u32, score_a: u8, score_b: u8, to_move: Side) -> Position {
        Position {
            drawn: drawn & ALL_DRAWN,
            score_a,
            score_b,
            to_move,
        }
    }

    /// The same position with the drawn set replaced by its [`canonical`] image: scores and
    /// side to move are unchanged, so the value is too.
    pub fn canonical(&self) -> Position {
        Position {
            drawn: canonical(self.drawn),
            ..*self
        }
    }

    /// The drawn segments as a bit set (bit `i` = segment with index `i`).
    pub fn drawn(&self) -> u32 {
        self.drawn
    }

    /// Whether `segment` is drawn.
    pub fn is_drawn(&self, segment: Segment) -> bool {
        self.drawn & segment.bit() != 0
    }

    /// How many segments are drawn.
    pub fn drawn_count(&self) -> u32 {
        self.drawn.count_ones()
    }

    /// The triangles `side` has completed.
    pub fn score(&self, side: Side) -> u8 {
        match side {
            Side::A => self.score_a,
            Side::B => self.score_b,
        }
    }

    /// A's triangles minus B's.
    pub fn margin(&self) -> i32 {
        i32::from(self.score_a) - i32::from(self.score_b)
    }

    /// Who draws next.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Whether all 18 segments are drawn.
    pub fn is_over(&self) -> bool {
        self.drawn == ALL_DRAWN
    }

    /// The undrawn segments in index order.
    pub fn undrawn(&self) -> impl Iterator<Item = Segment> + '_ {
        Segment::ALL
            .into_iter()
            .filter(move |s| self.drawn & s.bit() == 0)
    }

    /// The position after the side to move draws `segment`: it scores the triangles the
    /// segment completes and, if any, moves again.
    pub fn play(&self, segment: Segment) -> Result<Position, MoveError> {
        if self.is_drawn(segment) {
            return Err(MoveError::AlreadyDrawn(segment));
        }
        Ok(self.play_unchecked(segment))
    }

    /// [`Position::play`] for a segment known to be undrawn (searches).
    #[inline]
    pub fn play_unchecked(&self, segment: Segment) -> Position {
        debug_assert!(!self.is_drawn(segment));
        let gained = segment.completes(self.drawn);
        let mut next = *self;
        next.drawn |= segment.bit();
        if gained == 0 {
            next.to_move = self.to_move.other();
        } else {
            match self.to_move {
                Side::A => next.score_a += gained,
                Side::B => next.score_b += gained,
            }
        }
        next
    }
}
