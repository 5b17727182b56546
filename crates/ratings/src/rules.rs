//! The rating system's parameters and its one step: a Glicko-2 update of two
//! players after one game, by the `skillratings` crate, with lichess's
//! bounds and its growth of the deviation while a player is away.

use amazons_protocol::Rating;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// Converts a deviation in rating points to the Glicko-2 scale (and back).
const GLICKO2_SCALE: f64 = 173.7178;

/// Milliseconds in a day, for the inactivity growth.
const DAY_MS: f64 = 86_400_000.0;

/// One player's Glicko-2 state in rating points.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Glicko {
    /// The rating.
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// The volatility.
    pub volatility: f64,
}

/// The parameters of the system. [`RatingRules::lichess`] is what the server
/// and the arena use: lichess's values, so a rating here reads like one
/// there (1500 start, deviation between 45 and 500).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct RatingRules {
    /// Everyone's first rating.
    pub start_rating: f64,
    /// Everyone's first deviation, and the most it grows to.
    pub max_deviation: f64,
    /// The least a deviation falls to, so a settled rating can still move.
    pub min_deviation: f64,
    /// Everyone's first volatility.
    pub start_volatility: f64,
    /// The most a volatility grows to.
    pub max_volatility: f64,
    /// The system constant τ: how fast volatility changes.
    pub tau: f64,
    /// Glicko-2 rating periods per day of inactivity: a player away for
    /// `d` days has their deviation grown as by `d × periods_per_day`
    /// periods without games before their next game is rated.
    pub periods_per_day: f64,
    /// A rating whose deviation is above this is provisional (`1500?`).
    pub provisional_deviation: f64,
}

impl RatingRules {
    /// lichess's parameters (its `Glicko` constants): start 1500 ± 500,
    /// deviation 45..=500, volatility 0.09 (at most 0.1), τ = 0.75, 0.21436
    /// rating periods a day, provisional above a deviation of 110.
    pub const fn lichess() -> RatingRules {
        RatingRules {
            start_rating: 1500.0,
            max_deviation: 500.0,
            min_deviation: 45.0,
            start_volatility: 0.09,
            max_volatility: 0.1,
            tau: 0.75,
            periods_per_day: 0.21436,
            provisional_deviation: 110.0,
        }
    }

    /// A new player's state.
    pub fn start(&self) -> Glicko {
        Glicko {
            rating: self.start_rating,
            deviation: self.max_deviation,
            volatility: self.start_volatility,
        }
    }

    /// `player` after `away_ms` without a rated game: the deviation grows as
    /// Glicko-2 grows it over that many rating periods (`φ² + n·σ²`), up to
    /// the maximum.
    pub fn after_absence(&self, player: Glicko, away_ms: u64) -> Glicko {
        let periods = away_ms as f64 / DAY_MS * self.periods_per_day;
        let sigma = player.volatility * GLICKO2_SCALE;
        let grown = (player.deviation.powi(2) + periods * sigma.powi(2)).sqrt();
        Glicko {
            deviation: grown.min(self.max_deviation),
            ..player
        }
    }

    /// Both players after a game the first won (`first_won`) or lost: the
    /// game is one Glicko-2 rating period for both, each updated from both
    /// states before it (the `skillratings` crate's eight steps, with
    /// [`RatingRules::tau`] and its convergence tolerance for the new
    /// volatility, 0.000001, Glickman's), then held to the deviation and
    /// volatility bounds. docs/protocol.md ("GET /api/players") states the
    /// same for people reproducing a rating.
    pub fn after_game(&self, first: Glicko, second: Glicko, first_won: bool) -> (Glicko, Glicko) {
        let config = Glicko2Config {
            tau: self.tau,
            ..Glicko2Config::default()
        };
        let outcome = if first_won {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (a, b) = glicko2(&to_crate(first), &to_crate(second), &outcome, &config);
        (self.bounded(a), self.bounded(b))
    }

    /// A state as clients see it, rounded, with its provisional mark.
    pub fn shown(&self, player: Glicko) -> Rating {
        Rating {
            rating: player.rating.round() as i32,
            deviation: player.deviation.round() as i32,
            provisional: player.deviation > self.provisional_deviation,
        }
    }

    fn bounded(&self, rating: Glicko2Rating) -> Glicko {
        Glicko {
            rating: rating.rating,
            deviation: rating
                .deviation
                .clamp(self.min_deviation, self.max_deviation),
            volatility: rating.volatility.min(self.max_volatility),
        }
    }
}

fn to_crate(player: Glicko) -> Glicko2Rating {
    Glicko2Rating {
        rating: player.rating,
        deviation: player.deviation,
        volatility: player.volatility,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's example player (1500 ± 200, σ 0.06, τ 0.5) beats 1400 ± 30
    /// in one rating period. The expected values were computed apart from
    /// this code by the paper's eight steps (including the Illinois
    /// iteration for σ'): 1563.56 ± 175.40.
    #[test]
    fn one_game_moves_ratings_as_the_glicko2_paper_says() {
        let rules = RatingRules {
            tau: 0.5,
            ..RatingRules::lichess()
        };
        let me = Glicko {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let them = Glicko {
            rating: 1400.0,
            deviation: 30.0,
            volatility: 0.06,
        };
        let (after, loser) = rules.after_game(me, them, true);
        assert!((after.rating - 1563.56).abs() < 0.05, "{after:?}");
        assert!((after.deviation - 175.40).abs() < 0.05, "{after:?}");
        assert!((after.volatility - 0.06).abs() < 1e-4, "{after:?}");
        assert!(loser.rating < 1400.0);
    }

    #[test]
    fn absence_grows_the_deviation_up_to_the_start() {
        let rules = RatingRules::lichess();
        let settled = Glicko {
            rating: 1800.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let year = 365 * 86_400_000;
        let month = rules.after_absence(settled, year / 12);
        assert!(
            month.deviation > 60.0 && month.deviation < 100.0,
            "{month:?}"
        );
        assert_eq!(rules.after_absence(settled, 0), settled);
        assert_eq!(rules.after_absence(settled, 100 * year).deviation, 500.0);
        assert_eq!(rules.after_absence(settled, year).rating, 1800.0);
    }

    #[test]
    fn deviations_stay_in_bounds_and_provisional_is_marked() {
        let rules = RatingRules::lichess();
        let mut a = rules.start();
        let mut b = rules.start();
        assert!(rules.shown(a).provisional);
        for n in 0..400 {
            (a, b) = rules.after_game(a, b, n % 2 == 0);
        }
        assert!(
            a.deviation >= rules.min_deviation && a.deviation < 110.0,
            "{a:?}"
        );
        assert!(!rules.shown(a).provisional);
        assert!(a.volatility <= rules.max_volatility);
    }
}
