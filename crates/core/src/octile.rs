//! [`Octile`]: the exact cost `a + b*sqrt(2)` of 8-connected grid paths.
//!
//! A path on a grid with straight moves of cost 1 and diagonal moves of cost sqrt(2) has length
//! `a + b*sqrt(2)`, `a` straight and `b` diagonal moves. Floats cannot compare such lengths
//! exactly (`1 + 2*sqrt(2)` and `2*sqrt(2) + 1` may differ in their last bit, and real ties must
//! stay ties for a search's tie-breaking to be reproducible), so this type keeps the two integers
//! and compares them exactly: since sqrt(2) is irrational, `a1 + b1*sqrt(2)` and
//! `a2 + b2*sqrt(2)` are equal only when `a1 = a2` and `b1 = b2`, and otherwise the sign of
//! `(a1 - a2) - (b2 - b1)*sqrt(2)` follows from comparing squares of integers.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Add;

use crate::problem::Cost;

/// The exact length `straight + diagonal * sqrt(2)`, ordered by its real value.
///
/// A first-class [`Cost`]: every algorithm of the core accepts it. [`Cost::to_u64`] rounds up
/// (so integer cost bounds stay exact), [`Cost::to_f64`] approximates for display, and
/// [`fmt::Display`] prints the value correctly rounded to 8 decimals, as the MovingAI `.scen`
/// files write lengths; [`Octile::rounded`] gives any other number of decimals.
///
/// # Examples
/// ```
/// use searchlab_core::{Cost, Octile};
///
/// let knight = Octile::new(1, 1); // one straight and one diagonal move
/// assert_eq!(knight.to_string(), "2.41421356");
/// assert!(Octile::new(3, 0) > Octile::new(0, 2)); // 3 > 2.828...
/// assert!(Octile::new(0, 5) < Octile::new(8, 0)); // 7.07... < 8
/// assert_eq!(Octile::new(1, 1) + Octile::new(2, 0), Octile::new(3, 1));
/// assert_eq!(Octile::new(0, 1).to_u64(), 2); // rounded up
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Octile {
    /// The whole part: the number of straight (cost 1) moves.
    pub straight: u32,
    /// The coefficient of sqrt(2): the number of diagonal moves.
    pub diagonal: u32,
}

impl Octile {
    /// The length `straight + diagonal * sqrt(2)`.
    pub const fn new(straight: u32, diagonal: u32) -> Self {
        Octile { straight, diagonal }
    }

    /// The octile distance between two cells `dx` columns and `dy` rows apart: the length of
    /// the shortest 8-connected path on an open grid, `|dx - dy|` straight and `min(dx, dy)`
    /// diagonal moves.
    pub const fn distance(dx: u32, dy: u32) -> Self {
        let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
        Octile::new(high - low, low)
    }

    /// The value times `10^decimals`, correctly rounded to the nearest integer (exact integer
    /// arithmetic; sqrt(2) being irrational, no value with `diagonal > 0` is ever halfway).
    /// `decimals` up to 9.
    ///
    /// # Panics
    /// If `decimals > 9` (the exact computation would overflow `u128`).
    pub fn rounded(self, decimals: u32) -> u128 {
        assert!(decimals <= 9, "Octile::rounded supports at most 9 decimals");
        let scale = 10u128.pow(decimals);
        let b = u128::from(self.diagonal);
        // floor(2 * b * sqrt(2) * scale) = isqrt(8 * b^2 * scale^2); 8 * 2^64 * 10^18 < 2^128.
        let twice = (8 * b * b * scale * scale).isqrt();
        // round(x) = floor(x + 1/2) = floor((floor(2x) + 1) / 2) = ceil(floor(2x) / 2).
        u128::from(self.straight) * scale + twice.div_ceil(2)
    }

    /// The value as text with `decimals` decimals, correctly rounded (`decimals` up to 9).
    pub fn to_decimal(self, decimals: u32) -> String {
        let r = self.rounded(decimals);
        if decimals == 0 {
            return r.to_string();
        }
        let scale = 10u128.pow(decimals);
        format!(
            "{}.{:0width$}",
            r / scale,
            r % scale,
            width = decimals as usize
        )
    }
}

impl Ord for Octile {
    /// Exact, in integers, with no branch: `t -> t|t|` is odd and strictly increasing, so the
    /// sign of `x + y` is the sign of `x|x| + y|y|`; with `x = da` and `y = db*sqrt(2)` that is
    /// `da|da| + 2 db|db|`, an integer (below 2^66 in magnitude for `u32` parts, hence `i128`,
    /// which compiles to one widening multiply per square). A search makes this comparison for
    /// every neighbour it meets again (`child_g >= known.g`); the earlier float fast path with
    /// an exact fallback cost two conversions, a multiply and an add on the critical path.
    ///
    /// Differences in -4..4 (both) are read from a table of those 64 orders: a search compares
    /// two paths to one cell, which differ by a few moves (on the maze, every one of A*'s
    /// comparisons of a known neighbour's g: differences of at most 2), and the squares were
    /// 4% of a grid search's instructions (issue 34, round 6).
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        let da = i64::from(self.straight) - i64::from(other.straight);
        let db = i64::from(self.diagonal) - i64::from(other.diagonal);
        // Offset to 0..8 when in -4..4; any other difference wraps far above.
        let (ua, ub) = (da.wrapping_add(4) as u64, db.wrapping_add(4) as u64);
        if ua | ub < 8 {
            return SMALL_ORDERS[(ua * 8 + ub) as usize];
        }
        Self::order_of_difference(da, db)
    }
}

/// The order of `Octile` differences `(da, db)` in -4..4, at `(da + 4) * 8 + (db + 4)`.
const SMALL_ORDERS: [Ordering; 64] = {
    let mut table = [Ordering::Equal; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = Octile::order_of_difference(i as i64 / 8 - 4, i as i64 % 8 - 4);
        i += 1;
    }
    table
};

impl Octile {
    /// The sign of `da + db sqrt(2)`, for differences of `u32` parts.
    #[inline]
    const fn order_of_difference(da: i64, db: i64) -> Ordering {
        const fn signed_square(t: i64) -> i128 {
            t as i128 * t.unsigned_abs() as i128
        }
        // |t| < 2^32, so |t| fits i64 and t|t| fits i128 with room for 2 t|t| + s|s|.
        let sum = signed_square(da) + 2 * signed_square(db);
        if sum < 0 {
            Ordering::Less
        } else if sum > 0 {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }
}

impl PartialOrd for Octile {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Octile {
    type Output = Octile;
    #[inline]
    fn add(self, other: Octile) -> Octile {
        Octile::new(
            self.straight + other.straight,
            self.diagonal + other.diagonal,
        )
    }
}

impl fmt::Display for Octile {
    /// The value correctly rounded to 8 decimals (`2.41421356`), as MovingAI writes lengths.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Octile::INFINITY {
            return f.write_str("inf");
        }
        f.write_str(&self.to_decimal(8))
    }
}

/// Values with an [`Cost::order_key`] are below this (2^21 - 1), in key units.
const KEYED_BELOW: u64 = ((1 << 21) - 1) << 24;
/// sqrt(2) * 2^56, rounded: a diagonal unit in key units (2^-24) times 2^32.
const SQRT2_KEY: u128 = 101_904_826_760_412_361;
impl Cost for Octile {
    const ZERO: Self = Octile::new(0, 0);
    const INFINITY: Self = Octile::new(u32::MAX, u32::MAX);
    const INTEGER: bool = false;

    /// The value rounded UP (`ceil(a + b*sqrt(2))`, saturating), so that `c.to_u64() > n` is
    /// exactly `c > n` for an integer `n`.
    #[inline]
    fn to_u64(self) -> u64 {
        let b = u128::from(self.diagonal);
        // ceil(b * sqrt(2)) is the r with (r - 1)^2 < 2 b^2 < r^2 (for b > 0 the root is never
        // whole). The float guess is off by at most one; the integer checks settle it.
        let two = 2 * b * b;
        let mut r = u128::from((f64::from(self.diagonal) * std::f64::consts::SQRT_2) as u64 + 1);
        while r * r < two {
            r += 1;
        }
        while r > 0 && (r - 1) * (r - 1) >= two {
            r -= 1;
        }
        u64::try_from(u128::from(self.straight) + r).unwrap_or(u64::MAX)
    }

    /// Each part scaled and rounded down: `floor(a n/d) + floor(b n/d) sqrt(2)` is at most the
    /// true `(a + b sqrt(2)) n/d`, which is all weighted A* needs for its `w x optimal` bound.
    fn scale(self, numerator: u64, denominator: u64) -> Self {
        if self == Self::INFINITY {
            return self;
        }
        let d = u128::from(denominator.max(1));
        let part = |x: u32| u32::try_from(u128::from(x) * u128::from(numerator) / d).ok();
        match (part(self.straight), part(self.diagonal)) {
            (Some(a), Some(b)) => Octile::new(a, b),
            _ => Octile::INFINITY,
        }
    }

    fn from_u64(value: u64) -> Self {
        match u32::try_from(value) {
            Ok(v) => Octile::new(v, 0),
            Err(_) => Octile::INFINITY,
        }
    }

    fn saturating_add(self, other: Self) -> Self {
        match (
            self.straight.checked_add(other.straight),
            self.diagonal.checked_add(other.diagonal),
        ) {
            (Some(a), Some(b)) => Octile::new(a, b),
            _ => Octile::INFINITY,
        }
    }

    /// `round((a + b*sqrt(2)) * 2^24)` for values below 2^21 - 1. Exact: two distinct such
    /// values differ by at least `1 / (|da| + |db| sqrt(2)) >= 2^-22` (as `da^2 - 2 db^2` is a
    /// non-zero integer), 4 units of the key, while the computed key is off the true product
    /// by less than 2^-10 of a unit beyond the rounding (sqrt(2) in 56 bits times a diagonal
    /// below 2^21). Integers only: a push to A*'s open list makes two of these, and the float
    /// form's conversions were 4% of a grid search's instructions.
    ///
    /// One range test, the key's own: a part of 2^21 or more gives a key of at least 2^45,
    /// past `KEYED_BELOW`, and no part of any `Octile` overflows on the way (the diagonal
    /// product is below 2^89, the key below 2^58), so the parts need no test of their own
    /// (they were 1.4% of a grid search's instructions: benches/README.md, issue 34 round 5).
    #[inline]
    fn order_key(self) -> Option<u64> {
        let diagonal = ((u128::from(self.diagonal) * SQRT2_KEY + (1 << 31)) >> 32) as u64;
        let key = (u64::from(self.straight) << 24) + diagonal;
        (key < KEYED_BELOW).then_some(key)
    }

    #[inline]
    fn to_f64(self) -> f64 {
        f64::from(self.straight) + f64::from(self.diagonal) * std::f64::consts::SQRT_2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// The exact order against a 128-bit fixed-point model far finer than any gap between
    /// small values, and equality only for equal parts.
    #[test]
    fn order_is_the_real_order() {
        let mut rng = SplitMix64::new(14);
        // sqrt(2) * 2^60, floor: the model's error is below 2^-60 per diagonal unit.
        let root = (2u128 << 120).isqrt();
        let value = |o: Octile| (u128::from(o.straight) << 60) + u128::from(o.diagonal) * root;
        for round in 0..200_000 {
            let range = if round % 2 == 0 { 20 } else { 1 << 20 };
            let x = Octile::new(rng.below(range) as u32, rng.below(range) as u32);
            let y = Octile::new(rng.below(range) as u32, rng.below(range) as u32);
            let expected = if x == y {
                Ordering::Equal
            } else {
                value(x).cmp(&value(y))
            };
            assert_eq!(x.cmp(&y), expected, "{x:?} vs {y:?}");
            assert_eq!(y.cmp(&x), expected.reverse());
        }
        // Near ties from the convergents of sqrt(2): 99 vs 70 sqrt(2) = 98.9949...
        assert!(Octile::new(99, 0) > Octile::new(0, 70));
        assert!(Octile::new(0, 985) > Octile::new(1393, 0)); // 1393.00036...
        assert!(Octile::new(u32::MAX, 0) < Octile::new(0, u32::MAX));
        assert!(Octile::INFINITY > Octile::new(u32::MAX, u32::MAX - 1));
    }

    /// The table of small differences agrees with the squares, on every pair of values with
    /// parts below 10 (differences inside and outside the table's -4..4).
    #[test]
    fn small_differences_keep_the_exact_order() {
        let mut inside = 0;
        for x in 0..10_000u32 {
            let (a, b) = (
                Octile::new(x % 10, x / 10 % 10),
                Octile::new(x / 100 % 10, x / 1000),
            );
            let (da, db) = (
                i64::from(a.straight) - i64::from(b.straight),
                i64::from(a.diagonal) - i64::from(b.diagonal),
            );
            let exact = (a.to_f64() - b.to_f64()).partial_cmp(&0.0).unwrap();
            assert_eq!(
                a.cmp(&b),
                if a == b { Ordering::Equal } else { exact },
                "{a:?} {b:?}"
            );
            assert_eq!(a.cmp(&b), Octile::order_of_difference(da, db));
            inside += usize::from((-4..4).contains(&da) && (-4..4).contains(&db));
        }
        assert!(inside > 1000 && inside < 9000, "both paths taken: {inside}");
    }

    /// The key's order is the exact order, near ties (convergents of sqrt(2)) included.
    #[test]
    fn order_keys_keep_the_exact_order() {
        let mut rng = SplitMix64::new(48);
        let mut pairs = Vec::new();
        for _ in 0..100_000 {
            let range = [30u64, 1 << 12, 1 << 20][rng.below(3) as usize];
            pairs.push(Octile::new(
                rng.below(range) as u32,
                rng.below(range) as u32,
            ));
        }
        // Convergents p/q of sqrt(2) scaled up: p and q sqrt(2) are the nearest distinct values.
        let (mut p, mut q) = (1u64, 1u64);
        while p < 1 << 20 {
            for k in [1, 2, 3] {
                pairs.push(Octile::new((p * k) as u32, 0));
                pairs.push(Octile::new(0, (q * k) as u32));
                pairs.push(Octile::new((p * k + 1) as u32, 0));
            }
            (p, q) = (p + 2 * q, p + q);
        }
        pairs.push(Octile::new(1 << 21, 0));
        pairs.push(Octile::new(0, 1 << 21));
        for w in pairs.windows(2) {
            let (x, y) = (w[0], w[1]);
            match (x.order_key(), y.order_key()) {
                (Some(kx), Some(ky)) => assert_eq!(kx.cmp(&ky), x.cmp(&y), "{x:?} {y:?}"),
                (Some(_), None) => assert!(x < y),
                (None, Some(_)) => assert!(x > y),
                (None, None) => {}
            }
        }
        let mut sorted = pairs.clone();
        sorted.sort();
        let keyed: Vec<u64> = sorted.iter().filter_map(|o| o.order_key()).collect();
        assert!(keyed.windows(2).all(|w| w[0] <= w[1]));
        assert!(keyed.iter().all(|&k| k < 1 << 48));
        // The key's one range test: values from 2^21 - 1 units up have none, whatever part
        // is large (the largest parts too: no overflow on the way), those just below have one.
        for large in [
            Octile::new((1 << 21) - 1, 0),
            Octile::new(1 << 21, 0),
            Octile::new(0, 1 << 21),
            Octile::new(0, 1_482_911),
            Octile::new(u32::MAX, 0),
            Octile::new(0, u32::MAX),
            Octile::new(u32::MAX, u32::MAX - 1),
            Octile::INFINITY,
        ] {
            assert_eq!(large.order_key(), None, "{large:?}");
        }
        for small in [
            Octile::new((1 << 21) - 2, 0),
            Octile::new(0, 1_482_900),
            Octile::new(1 << 20, 741_000),
        ] {
            assert!(small.order_key().is_some(), "{small:?}");
        }
    }

    #[test]
    fn rounding_and_text() {
        assert_eq!(Octile::new(0, 1).to_decimal(8), "1.41421356");
        assert_eq!(Octile::new(1, 1).to_string(), "2.41421356");
        assert_eq!(Octile::new(7, 0).to_string(), "7.00000000");
        assert_eq!(Octile::new(0, 3).to_decimal(5), "4.24264");
        assert_eq!(Octile::new(0, 1).to_decimal(0), "1");
        // 2 sqrt(2) = 2.828427124...; rounded at 3 decimals up, at 4 down.
        assert_eq!(Octile::new(0, 2).to_decimal(3), "2.828");
        assert_eq!(Octile::new(0, 2).to_decimal(4), "2.8284");
        assert_eq!(Octile::new(0, 2).to_decimal(6), "2.828427");
        assert_eq!(Octile::new(0, 2).to_decimal(7), "2.8284271");
        assert_eq!(Octile::INFINITY.to_string(), "inf");
        for b in 0..2000u32 {
            let o = Octile::new(b / 3, b);
            let f = o.to_f64();
            assert!(
                (o.rounded(8) as f64 / 1e8 - f).abs() <= 0.5e-8 + 1e-12,
                "{o:?}"
            );
            assert!(
                o.to_u64() as f64 >= f && (o.to_u64() as f64) < f + 1.0,
                "{o:?}"
            );
        }
    }

    #[test]
    fn cost_laws() {
        assert_eq!(Octile::ZERO, Octile::default());
        assert_eq!(Octile::new(5, 2).to_u64(), 8); // 5 + 2.83 -> 8
        assert_eq!(Octile::new(5, 0).to_u64(), 5);
        assert_eq!(Octile::from_u64(9), Octile::new(9, 0));
        assert_eq!(Octile::from_u64(u64::MAX), Octile::INFINITY);
        assert_eq!(
            Octile::new(u32::MAX, 0).saturating_add(Octile::new(1, 0)),
            Octile::INFINITY
        );
        assert_eq!(Octile::distance(3, 7), Octile::new(4, 3));
        // The bound check of the searches: to_u64() > n exactly when the value exceeds n.
        for b in 0..500u32 {
            for n in 0..50u64 {
                let o = Octile::new(b % 7, b / 7);
                assert_eq!(o.to_u64() > n, o > Octile::from_u64(n), "{o:?} vs {n}");
            }
        }
    }
}
