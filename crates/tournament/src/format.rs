//! The two formats and what each allows.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How a tournament is paired. On the wire:
/// `{"kind":"round_robin","cycles":1}` or `{"kind":"swiss","rounds":5}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Format {
    /// Everyone plays everyone `cycles` times (1 or 2; in a double round
    /// robin each pair plays once with each colour).
    RoundRobin {
        /// 1 (single) or 2 (double).
        cycles: u8,
    },
    /// A fixed number of rounds, each paired by score (FIDE Dutch system).
    Swiss {
        /// How many rounds.
        rounds: u32,
    },
}

/// Why a format does not fit a field.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum FormatError {
    /// Fewer than two entrants.
    #[error("a tournament needs at least two entrants, it has {0}")]
    TooFewEntrants(usize),
    /// A round robin of other than one or two cycles.
    #[error("a round robin has one or two cycles, not {0}")]
    BadCycles(u8),
    /// A Swiss of no rounds, or of more rounds than a round robin of the same
    /// field has (no repeat pairings would then be possible).
    #[error("a Swiss of {entrants} entrants has 1 to {max} rounds, not {rounds}")]
    BadRounds {
        /// Rounds asked for.
        rounds: u32,
        /// Entrants in the field.
        entrants: usize,
        /// The most rounds the field allows.
        max: u32,
    },
}
