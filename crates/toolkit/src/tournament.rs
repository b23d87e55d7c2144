//! Round-robin tournaments between game strategies and their Bradley-Terry ratings on the Elo
//! scale, with 95% intervals from a seeded bootstrap over the games.
//!
//! [`round_robin`] plays every pair of players a [`play_match`] of the same configuration (the
//! same seeded openings for every pair, colours swapped within each opening's pair of games)
//! and collects every game as a [`GameResult`]. [`bradley_terry`] fits one strength per player:
//! the probability that `i` beats `j` is `g_i / (g_i + g_j)`, a draw counting as half a win for
//! each, fitted by Hunter's MM iterations (Hunter, "MM algorithms for generalized
//! Bradley-Terry models", Annals of Statistics 32, 2004) and reported as
//! `400 log10(g_i)`, centred on a mean of 0. One virtual draw between every pair of players
//! (a weak prior, as BayesElo's) keeps a player who won or lost every game finite.
//! [`ratings`] adds the intervals: the fit is repeated on `resamples` bootstrap samples of the
//! games (drawn with replacement from a seeded generator) and each player's interval is the
//! 2.5th to 97.5th percentile of its ratings (Efron's percentile interval).
//!
//! ```
//! use searchlab_toolkit::tournament::{GameResult, ratings};
//! // Player 0 beats 1 and 2 every time, 1 beats 2 three times out of four.
//! let mut games = Vec::new();
//! for _ in 0..8 {
//!     games.push(GameResult { a: 0, b: 1, a_score: 1.0 });
//!     games.push(GameResult { a: 0, b: 2, a_score: 1.0 });
//! }
//! for k in 0..8 {
//!     games.push(GameResult { a: 1, b: 2, a_score: if k % 4 == 0 { 0.0 } else { 1.0 } });
//! }
//! let r = ratings(3, &games, 200, 7);
//! assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo);
//! assert!(r.iter().all(|p| p.low <= p.elo && p.elo <= p.high));
//! ```

use crate::game::Game;
use crate::matchplay::{MatchConfig, MatchError, MatchReport, Strategy, play_match};
use crate::rng::SplitMix64;

/// One game between players `a` and `b` (indices) and `a`'s score: 1, 1/2 or 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameResult {
    /// The first player.
    pub a: usize,
    /// The second player.
    pub b: usize,
    /// The first player's score.
    pub a_score: f64,
}

/// A player's rating with its 95% interval, on the Elo scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The fit on all games.
    pub elo: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The Bradley-Terry ratings of `players` players from `games` (see the module doc): Elo
/// scale, mean 0.
///
/// # Complexity
/// O(iterations * (players^2 + games)), iterations until the ratings move by less than 1e-9
/// (at most 10,000).
pub fn bradley_terry(players: usize, games: &[GameResult]) -> Vec<f64> {
    if players == 0 {
        return Vec::new();
    }
    // wins[i]: i's points; n[i][j]: games between i and j; each with one virtual draw.
    let mut wins = vec![0.5 * (players - 1) as f64; players];
    let mut n: Vec<Vec<f64>> = (0..players)
        .map(|i| {
            (0..players)
                .map(|j| if i == j { 0.0 } else { 1.0 })
                .collect()
        })
        .collect();
    for g in games {
        if g.a == g.b || g.a >= players || g.b >= players {
            continue;
        }
        wins[g.a] += g.a_score;
        wins[g.b] += 1.0 - g.a_score;
        n[g.a][g.b] += 1.0;
        n[g.b][g.a] += 1.0;
    }
    let mut gamma = vec![1.0f64; players];
    for _ in 0..10_000 {
        let mut next = vec![0.0; players];
        for i in 0..players {
            let denom: f64 = (0..players)
                .filter(|&j| j != i)
                .map(|j| n[i][j] / (gamma[i] + gamma[j]))
                .sum();
            next[i] = if denom > 0.0 { wins[i] / denom } else { 1.0 };
        }
        // Centre: geometric mean 1.
        let mean = next.iter().map(|g| g.ln()).sum::<f64>() / players as f64;
        next.iter_mut().for_each(|g| *g = (g.ln() - mean).exp());
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-9 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect::<Vec<_>>()
}

/// The ratings of [`bradley_terry`] with 95% percentile-bootstrap intervals over the games
/// (`resamples` samples from a generator seeded with `seed`; no interval, i.e. the point
/// itself, with 0 resamples).
pub fn ratings(players: usize, games: &[GameResult], resamples: usize, seed: u64) -> Vec<Rating> {
    let point = bradley_terry(players, games);
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); players];
    let mut rng = SplitMix64::new(seed);
    let mut sample = Vec::with_capacity(games.len());
    for _ in 0..resamples {
        sample.clear();
        for _ in 0..games.len() {
            sample.push(games[rng.below(games.len() as u64) as usize]);
        }
        for (i, r) in bradley_terry(players, &sample).into_iter().enumerate() {
            samples[i].push(r);
        }
    }
    point
        .iter()
        .zip(samples.iter_mut())
        .map(|(&elo, s)| {
            if s.is_empty() {
                return Rating {
                    elo,
                    low: elo,
                    high: elo,
                };
            }
            s.sort_by(f64::total_cmp);
            let at = |q: f64| s[((q * (s.len() - 1) as f64).round() as usize).min(s.len() - 1)];
            Rating {
                elo,
                low: at(0.025).min(elo),
                high: at(0.975).max(elo),
            }
        })
        .collect()
}

/// The games and per-pair reports of a round robin.
#[derive(Debug)]
pub struct RoundRobin<M> {
    /// Every game, pair by pair: `a` the lower index.
    pub games: Vec<GameResult>,
    /// Each pair's match, `(a, b, report)` with `a < b`.
    pub matches: Vec<(usize, usize, MatchReport<M>)>,
}

/// Plays every pair `i < j` of the strategies `make(i)` a match of `config` (fresh strategies
/// for every match, so no table carries over), calling `done(i, j)` after each.
///
/// # Errors
/// The first match that fails, with the pair.
pub fn round_robin<G: Game + ?Sized>(
    game: &G,
    start: &G::State,
    players: usize,
    make: &mut dyn FnMut(usize) -> Box<dyn Strategy<G>>,
    config: &MatchConfig<G::Move>,
    done: &mut dyn FnMut(usize, usize),
) -> Result<RoundRobin<G::Move>, (usize, usize, MatchError)> {
    let mut out = RoundRobin {
        games: Vec::new(),
        matches: Vec::new(),
    };
    for i in 0..players {
        for j in i + 1..players {
            let (mut a, mut b) = (make(i), make(j));
            let report =
                play_match(game, start, &mut *a, &mut *b, config, None).map_err(|e| (i, j, e))?;
            out.games.extend(report.games.iter().map(|g| GameResult {
                a: i,
                b: j,
                a_score: g.a_score(),
            }));
            out.matches.push((i, j, report));
            done(i, j);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games drawn from known strengths: the fit orders the players as the strengths do and
    /// lands near the true differences with many games.
    #[test]
    fn the_fit_recovers_known_strengths() {
        let truth = [200.0, 0.0, -200.0, -400.0];
        let mut rng = SplitMix64::new(3);
        let mut games = Vec::new();
        for _ in 0..600 {
            for i in 0..4 {
                for j in i + 1..4 {
                    let p = 1.0 / (1.0 + 10f64.powf((truth[j] - truth[i]) / 400.0));
                    let u = rng.below(1_000_000) as f64 / 1e6;
                    let a_score = if u < p { 1.0 } else { 0.0 };
                    games.push(GameResult {
                        a: i,
                        b: j,
                        a_score,
                    });
                }
            }
        }
        let fit = bradley_terry(4, &games);
        let mean = truth.iter().sum::<f64>() / 4.0;
        for (f, t) in fit.iter().zip(truth) {
            assert!((f - (t - mean)).abs() < 40.0, "{fit:?}");
        }
        let r = ratings(4, &games, 100, 1);
        for (i, p) in r.iter().enumerate() {
            assert!(p.low < p.elo && p.elo < p.high, "{p:?}");
            assert!(
                p.low < truth[i] - mean && truth[i] - mean < p.high,
                "{i}: {p:?}"
            );
        }
        // The same seed gives the same intervals.
        assert_eq!(ratings(4, &games, 100, 1), r);
    }

    #[test]
    fn even_results_give_equal_ratings_and_a_sweep_stays_finite() {
        let games = [
            GameResult {
                a: 0,
                b: 1,
                a_score: 1.0,
            },
            GameResult {
                a: 0,
                b: 1,
                a_score: 0.0,
            },
            GameResult {
                a: 0,
                b: 1,
                a_score: 0.5,
            },
        ];
        let fit = bradley_terry(2, &games);
        assert!(fit[0].abs() < 1e-6 && fit[1].abs() < 1e-6, "{fit:?}");
        let sweep = [GameResult {
            a: 0,
            b: 1,
            a_score: 1.0,
        }; 10];
        let fit = bradley_terry(2, &sweep);
        assert!(fit[0].is_finite() && fit[0] > 200.0 && (fit[0] + fit[1]).abs() < 1e-6);
    }
}
