//! Tuning level 7's constants by self-play: simultaneous perturbation
//! stochastic approximation (SPSA, Spall 1992), in the form Stockfish's
//! fishtest runs it.
//!
//! Each step perturbs every tuned knob at once by `±c_k` (an independent
//! random sign per knob), plays a pair of games between the two perturbed
//! players (the same opening, colours swapped) and moves every knob towards
//! the side that won: `θ_i += r_k · c_k,i · result · Δ_i`, where `result` is
//! the plus player's wins minus the minus player's in the pair (−2, 0 or 2)
//! and `Δ_i` is the knob's sign. The schedules are fishtest's: `c_k` shrinks
//! as `k^-γ` (γ = 0.101) to the knob's `c_end` at the last step, and the
//! learning rate `r_k = a_k / c_k²` with `a_k ∝ (A + k)^-α` (α = 0.602)
//! reaches `r_end` at the last step.
//!
//! Everything here is arithmetic on the parameters; the games are the
//! caller's (`amazons-engine tune`). A run is reproducible: the signs come
//! from a generator seeded by the run's seed and the step.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::mcts::MctsParams;
use crate::player::spec;

/// fishtest's exponent of the learning-rate schedule.
pub const ALPHA: f64 = 0.602;
/// fishtest's exponent of the perturbation schedule.
pub const GAMMA: f64 = 0.101;

/// A knob of [`MctsParams`] that SPSA can move: its name in the player
/// grammar (`mcts:c=15`), its bounds and its perturbation at the last step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knob {
    /// Its key in `mcts:` player specifications.
    pub name: &'static str,
    /// Smallest value allowed.
    pub min: f64,
    /// Largest value allowed.
    pub max: f64,
    /// `c_end`: how far each player is moved from the mean at the last step.
    pub c_end: f64,
}

/// The knobs `amazons-engine tune` can move, with the ranges and final
/// perturbations it uses (about a tenth of a typical value, at least one).
pub const KNOBS: [Knob; 18] = [
    Knob {
        name: "c",
        min: 1.0,
        max: 100.0,
        c_end: 2.0,
    },
    Knob {
        name: "width",
        min: 4.0,
        max: 120.0,
        c_end: 4.0,
    },
    Knob {
        name: "qwidth",
        min: 1.0,
        max: 40.0,
        c_end: 1.5,
    },
    Knob {
        name: "rwidth",
        min: 8.0,
        max: 200.0,
        c_end: 6.0,
    },
    Knob {
        name: "rqwidth",
        min: 2.0,
        max: 60.0,
        c_end: 2.0,
    },
    Knob {
        name: "scale",
        min: 50.0,
        max: 2000.0,
        c_end: 40.0,
    },
    Knob {
        name: "expand",
        min: 1.0,
        max: 40.0,
        c_end: 1.0,
    },
    Knob {
        name: "prior",
        min: 0.0,
        max: 40.0,
        c_end: 1.0,
    },
    Knob {
        name: "widen",
        min: 0.0,
        max: 40.0,
        c_end: 1.0,
    },
    Knob {
        name: "kappa",
        min: 0.0,
        max: 100.0,
        c_end: 4.0,
    },
    Knob {
        name: "mob",
        min: 0.0,
        max: 400.0,
        c_end: 12.0,
    },
    Knob {
        name: "t1",
        min: 0.0,
        max: 400.0,
        c_end: 12.0,
    },
    Knob {
        name: "t2",
        min: 0.0,
        max: 400.0,
        c_end: 12.0,
    },
    Knob {
        name: "c1",
        min: 0.0,
        max: 400.0,
        c_end: 12.0,
    },
    Knob {
        name: "c2",
        min: 0.0,
        max: 400.0,
        c_end: 12.0,
    },
    Knob {
        name: "fight",
        min: 5.0,
        max: 200.0,
        c_end: 4.0,
    },
    Knob {
        name: "narrow",
        min: 1.0,
        max: 40.0,
        c_end: 1.0,
    },
    Knob {
        name: "regrow",
        min: 8.0,
        max: 1000.0,
        c_end: 8.0,
    },
];

/// Why a tuning run's settings were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpsaError {
    /// A knob name that [`KNOBS`] does not have.
    #[error("no knob `{0}` to tune (knobs: {names})", names = knob_names())]
    UnknownKnob(String),
    /// The same knob named twice.
    #[error("the knob `{0}` is named twice")]
    Repeated(String),
    /// Nothing to tune, or no step to take.
    #[error("a tuning run needs at least one knob and one step")]
    Empty,
}

/// The names of [`KNOBS`], for messages and help.
pub fn knob_names() -> String {
    KNOBS.iter().map(|k| k.name).collect::<Vec<_>>().join(", ")
}

/// The knob called `name`.
pub fn knob(name: &str) -> Option<&'static Knob> {
    KNOBS.iter().find(|k| k.name == name)
}

/// The value of knob `name` in `p` (a name of [`KNOBS`], which are the
/// `mcts:` grammar's).
fn get(p: &MctsParams, name: &str) -> f64 {
    spec::mcts_knob(p, name).expect("a knob of KNOBS is an mcts: knob") as f64
}

/// `p` with knob `name` set to `value` rounded to the nearest whole number,
/// as the `mcts:` grammar sets it.
fn set(p: &mut MctsParams, name: &str, value: f64) {
    spec::set_mcts_knob(p, name, value.round().max(0.0) as usize)
        .expect("a knob of KNOBS is an mcts: knob");
}

/// One perturbed step: the two players and the signs that made them.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The step's index, from 0.
    pub k: usize,
    /// The mean moved by `+c_k · Δ` (rounded).
    pub plus: MctsParams,
    /// The mean moved by `−c_k · Δ` (rounded).
    pub minus: MctsParams,
    /// `Δ`: one sign per tuned knob.
    signs: Vec<f64>,
}

/// A tuning run: the knobs, their current means and the schedules.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// What the knobs not tuned are, and where the tuned ones started.
    base: MctsParams,
    /// The tuned knobs.
    knobs: Vec<Knob>,
    /// Their current means (unrounded).
    theta: Vec<f64>,
    /// Steps in the whole run.
    steps: usize,
    /// The learning rate at the last step.
    r_end: f64,
    /// fishtest's stability constant `A` (a tenth of the steps).
    big_a: f64,
    /// Seeds the signs.
    seed: u64,
}

impl Spsa {
    /// A run of `steps` steps moving the knobs named in `names` from their
    /// values in `base`, with learning rate `r_end` at the end and the signs
    /// drawn from `seed`.
    pub fn new(
        base: MctsParams,
        names: &[&str],
        steps: usize,
        r_end: f64,
        seed: u64,
    ) -> Result<Spsa, SpsaError> {
        if names.is_empty() || steps == 0 {
            return Err(SpsaError::Empty);
        }
        let mut knobs: Vec<Knob> = Vec::new();
        for name in names {
            let k = *knob(name).ok_or_else(|| SpsaError::UnknownKnob(name.to_string()))?;
            if knobs.iter().any(|seen| seen.name == k.name) {
                return Err(SpsaError::Repeated(k.name.to_string()));
            }
            knobs.push(k);
        }
        let theta = knobs.iter().map(|k| get(&base, k.name)).collect();
        Ok(Spsa {
            base,
            knobs,
            theta,
            steps,
            r_end,
            big_a: steps as f64 / 10.0,
            seed,
        })
    }

    /// The perturbation of knob `i` at step `k`: `c_end · (N / (k + 1))^γ`.
    fn c_k(&self, i: usize, k: usize) -> f64 {
        self.knobs[i].c_end * (self.steps as f64 / (k as f64 + 1.0)).powf(GAMMA)
    }

    /// The learning rate at step `k`, `r_end` at the last step and larger
    /// before: `a_k / c_k²` with `a_k ∝ (A + k + 1)^-α`, per unit of `c_end²`.
    fn r_k(&self, k: usize) -> f64 {
        let n = self.steps as f64;
        let a_rel = ((self.big_a + n) / (self.big_a + k as f64 + 1.0)).powf(ALPHA);
        let c_rel = (n / (k as f64 + 1.0)).powf(GAMMA);
        self.r_end * a_rel / (c_rel * c_rel)
    }

    /// The two players of step `k` (signs drawn from the run's seed and `k`,
    /// so a step is the same whatever order steps are played in).
    pub fn step(&self, k: usize) -> Step {
        let mut rng =
            StdRng::seed_from_u64(self.seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let signs: Vec<f64> = self
            .knobs
            .iter()
            .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
            .collect();
        let (mut plus, mut minus) = (self.base, self.base);
        for (i, knob) in self.knobs.iter().enumerate() {
            let shift = self.c_k(i, k) * signs[i];
            let clamp = |v: f64| v.clamp(knob.min, knob.max);
            set(&mut plus, knob.name, clamp(self.theta[i] + shift));
            set(&mut minus, knob.name, clamp(self.theta[i] - shift));
        }
        Step {
            k,
            plus,
            minus,
            signs,
        }
    }

    /// Moves the means by the result of `step`'s pair: `result` is the plus
    /// player's wins minus the minus player's (−2, 0 or 2 for a pair).
    pub fn update(&mut self, step: &Step, result: i32) {
        let r = self.r_k(step.k);
        for (i, knob) in self.knobs.iter().enumerate() {
            let moved = self.theta[i] + r * self.c_k(i, step.k) * f64::from(result) * step.signs[i];
            self.theta[i] = moved.clamp(knob.min, knob.max);
        }
    }

    /// The current means, unrounded, by knob name (for the progress log).
    pub fn means(&self) -> Vec<(&'static str, f64)> {
        self.knobs
            .iter()
            .map(|k| k.name)
            .zip(self.theta.iter().copied())
            .collect()
    }

    /// The current means as a player's knobs (rounded).
    pub fn params(&self) -> MctsParams {
        let mut p = self.base;
        for (knob, &v) in self.knobs.iter().zip(&self.theta) {
            set(&mut p, knob.name, v);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(steps: usize) -> Spsa {
        Spsa::new(
            MctsParams::default(),
            &["c", "width", "mob"],
            steps,
            0.02,
            7,
        )
        .unwrap()
    }

    #[test]
    fn every_knob_reads_back_what_is_set() {
        for knob in KNOBS {
            let mut p = MctsParams::default();
            set(&mut p, knob.name, knob.min + 3.4);
            assert_eq!(
                get(&p, knob.name),
                (knob.min + 3.4).round(),
                "{}",
                knob.name
            );
        }
    }

    #[test]
    fn the_schedules_end_at_their_final_values_and_shrink() {
        let s = run(100);
        assert!((s.c_k(0, 99) - 2.0).abs() < 1e-9);
        assert!((s.r_k(99) - 0.02).abs() < 1e-9);
        assert!(s.c_k(0, 0) > s.c_k(0, 50) && s.c_k(0, 50) > s.c_k(0, 99));
        assert!(s.r_k(0) > s.r_k(99));
    }

    #[test]
    fn a_step_perturbs_both_ways_and_is_reproducible() {
        let s = run(100);
        let step = s.step(3);
        assert_eq!(step, s.step(3));
        let base = MctsParams::default();
        for (i, name) in ["c", "width", "mob"].iter().enumerate() {
            let (p, m) = (get(&step.plus, name), get(&step.minus, name));
            let b = get(&base, name);
            assert_eq!(p - b, b - m, "{name}: symmetric about the mean");
            assert_eq!((p - b).signum(), step.signs[i], "{name}");
        }
        // Knobs not tuned stay as they were.
        assert_eq!(step.plus.scale_cp, base.scale_cp);
        assert_eq!(step.minus.prior_visits, base.prior_visits);
    }

    #[test]
    fn a_won_pair_moves_the_means_towards_the_winner() {
        let mut s = run(100);
        let step = s.step(0);
        let before = s.means();
        s.update(&step, 2);
        for (i, ((name, b), (_, a))) in before.iter().zip(s.means()).enumerate() {
            assert_eq!((a - b).signum(), step.signs[i], "{name}");
        }
        let even = s.means();
        s.update(&s.step(1), 0);
        assert_eq!(s.means(), even, "an even pair moves nothing");
    }

    #[test]
    fn knobs_are_checked() {
        let base = MctsParams::default();
        assert_eq!(
            Spsa::new(base, &["nope"], 10, 0.02, 1),
            Err(SpsaError::UnknownKnob("nope".into()))
        );
        assert_eq!(
            Spsa::new(base, &["c", "c"], 10, 0.02, 1),
            Err(SpsaError::Repeated("c".into()))
        );
        assert_eq!(Spsa::new(base, &[], 10, 0.02, 1), Err(SpsaError::Empty));
        assert_eq!(Spsa::new(base, &["c"], 0, 0.02, 1), Err(SpsaError::Empty));
    }

    #[test]
    fn the_means_stay_in_bounds() {
        let mut s = Spsa::new(MctsParams::default(), &["prior"], 10, 50.0, 1).unwrap();
        for k in 0..10 {
            let step = s.step(k);
            let sign = step.signs[0];
            s.update(&step, if sign < 0.0 { 2 } else { -2 });
        }
        assert_eq!(s.means()[0].1, 0.0);
        assert_eq!(s.params().prior_visits, 0);
    }
}
