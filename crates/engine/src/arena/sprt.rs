//! A sequential probability ratio test (Wald's SPRT) on arena results, to
//! stop a match as soon as it has shown which of two Elo differences is the
//! more likely, as chess engine testing does (fishtest, cutechess-cli).
//!
//! Amazons has no draws, so each game is a Bernoulli trial won by player A
//! with probability `p(elo) = 1 / (1 + 10^(-elo/400))`. The test weighs
//! H0: `elo = elo0` against H1: `elo = elo1` by the log-likelihood ratio
//! `LLR = W ln(p1/p0) + L ln((1-p1)/(1-p0))` and stops when it leaves
//! `[ln(β/(1-α)), ln((1-β)/α)]`: above, H1 is accepted (A is at least about
//! `elo1` stronger), below, H0 (A is not better than about `elo0`). The two
//! colours of an opening are counted as two independent games (fishtest's
//! pentanomial model for game pairs is finer; with no draws the difference
//! is small).

use std::fmt;
use std::str::FromStr;

/// The test's parameters: the two hypotheses and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of H0 (player A not better).
    pub elo0: f64,
    /// Elo difference of H1 (player A better by this much).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the results so far say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not enough evidence either way: play on.
    Continue,
    /// H0 accepted: A is not shown to be better than `elo0`.
    H0,
    /// H1 accepted: A is better by about `elo1` or more.
    H1,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Continue => "no decision",
            Verdict::H0 => "H0 accepted (not better)",
            Verdict::H1 => "H1 accepted (better)",
        })
    }
}

/// Win probability of a player `elo` points stronger (logistic Elo).
fn win_probability(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The log-likelihood ratio of H1 to H0 after `wins` and `losses` of A.
    pub fn llr(&self, wins: usize, losses: usize) -> f64 {
        let (p0, p1) = (win_probability(self.elo0), win_probability(self.elo1));
        wins as f64 * (p1 / p0).ln() + losses as f64 * ((1.0 - p1) / (1.0 - p0)).ln()
    }

    /// The lower (accept H0) and upper (accept H1) bounds of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict after `wins` and `losses` of A.
    pub fn verdict(&self, wins: usize, losses: usize) -> Verdict {
        let llr = self.llr(wins, losses);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

impl FromStr for Sprt {
    type Err = String;

    /// `ELO0,ELO1` (α = β = 0.05) or `ELO0,ELO1,ALPHA,BETA`.
    fn from_str(s: &str) -> Result<Sprt, String> {
        let numbers: Vec<f64> = s
            .split(',')
            .map(|x| x.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("`{s}`: {e} (expected ELO0,ELO1[,ALPHA,BETA])"))?;
        let sprt = match numbers[..] {
            [elo0, elo1] => Sprt {
                elo0,
                elo1,
                alpha: 0.05,
                beta: 0.05,
            },
            [elo0, elo1, alpha, beta] => Sprt {
                elo0,
                elo1,
                alpha,
                beta,
            },
            _ => return Err(format!("`{s}`: expected ELO0,ELO1[,ALPHA,BETA]")),
        };
        if sprt.elo1 <= sprt.elo0 {
            return Err(format!("`{s}`: ELO1 must be above ELO0"));
        }
        if !(0.0 < sprt.alpha && sprt.alpha < 0.5 && 0.0 < sprt.beta && sprt.beta < 0.5) {
            return Err(format!("`{s}`: ALPHA and BETA must be between 0 and 0.5"));
        }
        Ok(sprt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_two_or_four_numbers() {
        let s: Sprt = "0,40".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 40.0, 0.05, 0.05));
        let s: Sprt = "-5, 10, 0.1, 0.2".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-5.0, 10.0, 0.1, 0.2));
        assert!("40,0".parse::<Sprt>().is_err());
        assert!("0".parse::<Sprt>().is_err());
        assert!("0,40,0.7,0.05".parse::<Sprt>().is_err());
        assert!("a,b".parse::<Sprt>().is_err());
    }

    #[test]
    fn bounds_are_walds() {
        let (lower, upper) = "0,40".parse::<Sprt>().unwrap().bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
    }

    #[test]
    fn decides_clear_results_and_waits_on_even_ones() {
        let s: Sprt = "0,40".parse().unwrap();
        assert_eq!(s.verdict(10, 10), Verdict::Continue);
        // Even results drift towards H0 (an even score is H0's prediction).
        assert_eq!(s.verdict(300, 300), Verdict::H0);
        assert_eq!(s.verdict(70, 30), Verdict::H1);
        assert_eq!(s.verdict(30, 70), Verdict::H0);
        // The LLR is zero halfway between the hypotheses' win rates.
        assert!(s.llr(0, 0).abs() < 1e-12);
    }
}
