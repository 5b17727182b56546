//! How the arena's opening set is made (`amazons-engine gen-openings`).
//!
//! From the start position, each ply picks uniformly at random (seeded) among
//! the `top` best moves by one-ply Lieberum evaluation, so openings are varied
//! but plausible. The resulting position is searched with a node budget by the
//! alpha-beta level 6 (the full strength when the shipped set was made, so the
//! set stays reproducible) and kept only if the score is within `max_cp` of
//! even, so neither colour starts with a clear advantage. Duplicates are
//! dropped.

use amazons_core::{Move, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::eval::Evaluator;
use crate::{ALPHA_BETA_LEVEL, Engine, EngineConfig, SearchLimits};

/// Settings of the generator; with the `cli` feature also the options of
/// `amazons-engine gen-openings` (their defaults are the command's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct OpeningSettings {
    /// Openings wanted.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 50))]
    pub count: usize,
    /// Plies from the start.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 4))]
    pub plies: u32,
    /// Random choice among this many best moves per ply (by one-ply
    /// evaluation).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 30))]
    pub top: usize,
    /// Keep positions scored within this many centipawns of even.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 150))]
    pub max_cp: i32,
    /// Node budget of the balance check.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 20_000))]
    pub nodes: u64,
    /// Random seed.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 1))]
    pub seed: u64,
}

/// One ply of seeded greedy self-play: a random pick among the `top` moves
/// of `p` that the one-ply evaluation likes best (`p` must have a move).
pub(crate) fn pick_among_best(
    evaluator: &mut Evaluator,
    p: &Position,
    top: usize,
    rng: &mut StdRng,
) -> Move {
    let mut scored: Vec<(i32, Move)> = p
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut c = *p;
            c.make(m);
            (-evaluator.evaluate_position(&c), m)
        })
        .collect();
    scored.sort_by_key(|x| std::cmp::Reverse(x.0));
    scored.truncate(top.max(1));
    scored[rng.random_range(0..scored.len())].1
}

/// Generates openings; returns `(fen, score)` pairs.
pub fn generate(s: OpeningSettings) -> Vec<(String, i32)> {
    let mut rng = StdRng::seed_from_u64(s.seed);
    let mut evaluator = Evaluator::new();
    let mut engine = Engine::new(EngineConfig {
        level: ALPHA_BETA_LEVEL,
        hash_mb: 16,
        ..EngineConfig::default()
    });
    let mut out: Vec<(String, i32)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut attempts = 0;
    while out.len() < s.count && attempts < s.count * 50 {
        attempts += 1;
        let mut p = Position::start();
        for _ in 0..s.plies {
            p.make(pick_among_best(&mut evaluator, &p, s.top, &mut rng));
        }
        if !seen.insert(p.hash()) {
            continue;
        }
        engine.new_game();
        let r = engine.search(&p, &SearchLimits::nodes(s.nodes), &mut |_| {});
        if r.score_cp.abs() <= s.max_cp {
            out.push((p.fen(), r.score_cp));
        }
    }
    out
}
