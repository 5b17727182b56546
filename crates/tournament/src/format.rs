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

impl Format {
    /// Checks that this format can run with `entrants` entrants: at least
    /// two, a round robin of one or two cycles, a Swiss of at least one
    /// round and no more rounds than a single round robin of the same field
    /// has (beyond that no round could avoid a repeat pairing).
    pub fn validate(&self, entrants: usize) -> Result<(), FormatError> {
        if entrants < 2 {
            return Err(FormatError::TooFewEntrants(entrants));
        }
        match *self {
            Format::RoundRobin { cycles } => {
                if cycles == 1 || cycles == 2 {
                    Ok(())
                } else {
                    Err(FormatError::BadCycles(cycles))
                }
            }
            Format::Swiss { rounds } => {
                let max = round_robin_rounds(entrants);
                if rounds == 0 || rounds > max {
                    Err(FormatError::BadRounds {
                        rounds,
                        entrants,
                        max,
                    })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// How many rounds the event has with `entrants` entrants: for a round
    /// robin `n - 1` per cycle (`n` when `n` is odd, as each round one
    /// entrant has the bye), for a Swiss its fixed number of rounds. It does
    /// not validate: call [`Format::validate`] first.
    pub fn rounds_planned(&self, entrants: usize) -> u32 {
        match *self {
            Format::RoundRobin { cycles } => round_robin_rounds(entrants) * u32::from(cycles),
            Format::Swiss { rounds } => rounds,
        }
    }
}

/// The rounds of one cycle of a round robin of `entrants`: `n - 1`, or `n`
/// when `n` is odd (a dummy entrant makes the field even).
pub(crate) fn round_robin_rounds(entrants: usize) -> u32 {
    let even = entrants + entrants % 2;
    u32::try_from(even.saturating_sub(1)).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_rounds_per_cycle() {
        let single = Format::RoundRobin { cycles: 1 };
        let double = Format::RoundRobin { cycles: 2 };
        assert_eq!(single.rounds_planned(2), 1);
        assert_eq!(single.rounds_planned(5), 5);
        assert_eq!(single.rounds_planned(6), 5);
        assert_eq!(double.rounds_planned(6), 10);
        assert_eq!(double.rounds_planned(7), 14);
        assert_eq!(Format::Swiss { rounds: 4 }.rounds_planned(30), 4);
    }

    #[test]
    fn validate_refuses_what_cannot_run() {
        let single = Format::RoundRobin { cycles: 1 };
        assert_eq!(single.validate(1), Err(FormatError::TooFewEntrants(1)));
        assert_eq!(single.validate(2), Ok(()));
        assert_eq!(
            Format::RoundRobin { cycles: 3 }.validate(4),
            Err(FormatError::BadCycles(3))
        );
        assert_eq!(
            Format::RoundRobin { cycles: 0 }.validate(4),
            Err(FormatError::BadCycles(0))
        );
        assert_eq!(Format::Swiss { rounds: 3 }.validate(4), Ok(()));
        assert_eq!(
            Format::Swiss { rounds: 4 }.validate(4),
            Err(FormatError::BadRounds {
                rounds: 4,
                entrants: 4,
                max: 3
            })
        );
        assert_eq!(Format::Swiss { rounds: 5 }.validate(5), Ok(()));
        assert_eq!(
            Format::Swiss { rounds: 0 }.validate(5),
            Err(FormatError::BadRounds {
                rounds: 0,
                entrants: 5,
                max: 5
            })
        );
    }
}
