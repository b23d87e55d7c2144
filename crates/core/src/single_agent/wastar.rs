//! Weighted A*: f = g + w h, a path within w times the optimum.

use std::fmt;
use std::str::FromStr;

use crate::best_first::{Policy, best_first};
use crate::problem::{Heuristic, Problem};
use crate::stats::{Limits, SearchResult};

/// What the catalogue knows about weighted A* (its parameter: the weight, 2 by default), declared once beside it.
pub const DECLARATION: crate::algorithm::Declaration<Weight> = crate::algorithm::Declaration {
    name: "wastar",
    aliases: &[],
    summary: "weighted A* (wastar:W or --weight W, default 2): at most W x the optimum",
    promise: |w| crate::algorithm::Promise::Bounded(*w),
    needs: crate::algorithm::Needs {
        heuristic: true,
        goal_state: false,
    },
    parameter: Some(crate::algorithm::Parameter {
        flag: Some("weight"),
        default: Weight::TWO,
        parse: |t| t.trim().parse::<Weight>().map_err(|e| e.to_string()),
        show: Weight::to_string,
    }),
    module: module_path!(),
};

/// The weight of weighted A*: an exact fraction `numerator / denominator`, at least 1.
///
/// Exact so that the promise "cost <= w x optimal" can be checked exactly
/// ([`Weight::bounds`]). Read from text as a decimal (`1.5`) or a fraction (`3/2`).
///
/// ```
/// use searchlab_core::Weight;
/// let w: Weight = "1.25".parse().unwrap();
/// assert_eq!((w.numerator(), w.denominator()), (5, 4));
/// assert!(w.bounds(25, 20) && !w.bounds(26, 20));
/// assert!("0.9".parse::<Weight>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weight {
    numerator: u64,
    denominator: u64,
}

/// Why a weight was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightError {
    /// Not a number like `1.5` or `3/2`.
    #[error("weight '{0}' is not a number like 1.5 or 3/2")]
    Syntax(String),
    /// Below 1: weighted A* would no longer be bounded by the optimum.
    #[error("weight {0} is below 1 (weighted A* needs w >= 1)")]
    BelowOne(String),
    /// Too many digits for an exact fraction of 64-bit integers.
    #[error("weight '{0}' has too many digits")]
    TooLarge(String),
}

impl Weight {
    /// Weight 1: plain A* order (with the larger-g tie-break).
    pub const ONE: Weight = Weight {
        numerator: 1,
        denominator: 1,
    };

    /// Weight 2: the catalogue's default (`--algo wastar`), a path at most twice the optimum.
    pub const TWO: Weight = Weight {
        numerator: 2,
        denominator: 1,
    };

    /// The weight `numerator / denominator`, reduced; refused below 1 or with a zero
    /// denominator.
    pub fn new(numerator: u64, denominator: u64) -> Result<Weight, WeightError> {
        if denominator == 0 {
            return Err(WeightError::Syntax(format!("{numerator}/0")));
        }
        if numerator < denominator {
            return Err(WeightError::BelowOne(format!("{numerator}/{denominator}")));
        }
        let d = gcd(numerator, denominator);
        Ok(Weight {
            numerator: numerator / d,
            denominator: denominator / d,
        })
    }

    /// The numerator (reduced).
    pub fn numerator(self) -> u64 {
        self.numerator
    }

    /// The denominator (reduced).
    pub fn denominator(self) -> u64 {
        self.denominator
    }

    /// The weight as a float, for display.
    pub fn value(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// Whether `cost <= weight x optimal`, exactly.
    pub fn bounds(self, cost: u64, optimal: u64) -> bool {
        u128::from(cost) * u128::from(self.denominator)
            <= u128::from(optimal) * u128::from(self.numerator)
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl FromStr for Weight {
    type Err = WeightError;

    fn from_str(text: &str) -> Result<Weight, WeightError> {
        let t = text.trim();
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let number = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| WeightError::TooLarge(text.to_string()))
        };
        if let Some((n, d)) = t.split_once('/') {
            let (n, d) = (n.trim(), d.trim());
            if !digits(n) || !digits(d) {
                return Err(WeightError::Syntax(text.to_string()));
            }
            let (n, d) = (number(n)?, number(d)?);
            if d == 0 {
                return Err(WeightError::Syntax(text.to_string()));
            }
            return Weight::new(n, d).map_err(|_| WeightError::BelowOne(t.to_string()));
        }
        let (whole, fraction) = t.split_once('.').unwrap_or((t, ""));
        if !(digits(whole) || whole.is_empty() && digits(fraction))
            || !(fraction.is_empty() || digits(fraction))
        {
            return Err(WeightError::Syntax(text.to_string()));
        }
        if fraction.len() > 18 {
            return Err(WeightError::TooLarge(text.to_string()));
        }
        let denominator = 10u64.pow(fraction.len() as u32);
        let numerator = number(&format!("{whole}{fraction}"))?;
        Weight::new(numerator, denominator).map_err(|_| WeightError::BelowOne(t.to_string()))
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

/// Weighted A* from `start`: A* ordered by `f = g + w h`, which trusts the heuristic more and
/// so usually expands far fewer nodes, at the price of a path that may cost up to `w` times the
/// optimum (never more, with an admissible heuristic).
///
/// `w h` is rounded down ([`crate::Cost::scale`]), which keeps the bound exact. Like
/// [`crate::astar()`]: the goal test is made at expansion; a node reached again by a cheaper
/// path gets it and, if it was closed, is RE-OPENED (so the bound holds for admissible but
/// inconsistent heuristics too); ties in f go to the larger g, then to the earliest created
/// node. With `w = 1` it returns optimal costs. The open list is a bucket queue over (f, g) while
/// they are small integers, a binary heap otherwise, so costs need not be small integers; both
/// give the same order. The action back to a node's parent ([`Problem::inverse`]) is not tried.
///
/// # Arguments
/// * `problem`, `start`, `heuristic`: the rules, the start state, the estimate (admissible for
///   the bound to hold).
/// * `weight`: `w >= 1` ([`Weight`], e.g. `"1.5".parse()`).
/// * `limits`: nodes (expansions), time, cancel, memory, and `max_cost`: nodes whose UNWEIGHTED
///   `g + h` exceeds it are not opened (so no path within the bound is lost).
///
/// # Returns
/// The outcome (a cost at most `w` times the optimum) and statistics: `expanded`,
/// `generated`, `max_frontier`, `reopened`.
///
/// # Complexity
/// O(V log V) time and O(V) memory in the worst case, like A*; in practice the work falls
/// steeply as `w` grows.
///
/// # Examples
/// ```
/// use searchlab_core::{astar, wastar, Limits, Problem, Weight};
///
/// /// Reach 30 from 0 with +1 (cost 1) and +7 (cost 6).
/// struct Count;
/// impl Problem for Count {
///     type State = u32;
///     type Action = u32;
///     type Cost = u32;
///     fn is_goal(&self, s: &u32) -> bool { *s == 30 }
///     fn actions(&self, s: &u32, out: &mut Vec<u32>) {
///         out.extend([1, 7].into_iter().filter(|d| s + d <= 30))
///     }
///     fn result(&self, s: &u32, d: &u32) -> (u32, u32) { (s + d, if *d == 1 { 1 } else { 6 }) }
/// }
/// let h = |s: &u32| (30 - s) * 6 / 7; // admissible
/// let optimal = astar(&Count, &0, &h, &Limits::none()).outcome.cost().unwrap();
/// let w: Weight = "2".parse().unwrap();
/// let run = wastar(&Count, &0, &h, w, &Limits::none());
/// let cost = run.outcome.cost().unwrap();
/// assert_eq!(optimal, 26); // four +7 and two +1
/// assert!(w.bounds(u64::from(cost), u64::from(optimal)));
/// ```
///
/// # Reference
/// I. Pohl, "Heuristic search viewed as path finding in a graph", Artificial Intelligence 1
/// (1970) 193-204.
pub fn wastar<P, H>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    weight: Weight,
    limits: &Limits,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
{
    best_first(
        problem,
        start,
        heuristic,
        limits,
        Policy::Weighted {
            numerator: weight.numerator,
            denominator: weight.denominator,
        },
    )
}

/// [`wastar()`] reporting every step to `observer` ([`crate::observe`]), with the events of
/// [`astar_observed`](crate::astar::astar_observed) (h unweighted). Answers and statistics
/// are those of [`wastar()`].
///
/// # Examples
/// See [`crate::observe`] (the same observer watches every single-agent search).
pub fn wastar_observed<P, H, O>(
    problem: &P,
    start: &P::State,
    heuristic: &H,
    weight: Weight,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<P::Action, P::Cost>
where
    P: Problem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: crate::observe::SearchObserver<P::State, P::Cost> + ?Sized,
{
    crate::best_first::best_first_observed(
        problem,
        start,
        heuristic,
        limits,
        Policy::Weighted {
            numerator: weight.numerator,
            denominator: weight.denominator,
        },
        observer,
    )
}
