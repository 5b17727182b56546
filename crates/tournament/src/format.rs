//! The formats, what each allows, and their names as people choose them.

use amazons_core::Vocabulary;
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

/// A format as a person names and chooses it (in a form, on a command
/// line, in a list): a double round robin is a format of its own here,
/// though on the wire it is a round robin of two cycles. Each has its words
/// in the catalogues (`tournament-format-<name>` with its rounds, and
/// `-choice` without them, in a form), and every face chooses from
/// [`Vocabulary::ALL`], so that a new format is offered everywhere.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FormatName {
    /// Everyone plays everyone once.
    RoundRobin,
    /// Everyone plays everyone twice, once with each colour.
    DoubleRoundRobin,
    /// A number of rounds chosen by the organiser, paired by score.
    Swiss,
}

amazons_core::vocabulary!(FormatName, "tournament-format", {
    RoundRobin => "round_robin",
    DoubleRoundRobin => "double_round_robin",
    Swiss => "swiss",
} forms &["", "-choice"]);

impl FormatName {
    /// Whether the organiser chooses the number of rounds (the others
    /// follow from the field).
    pub fn asks_rounds(self) -> bool {
        match self {
            FormatName::RoundRobin | FormatName::DoubleRoundRobin => false,
            FormatName::Swiss => true,
        }
    }

    /// The format of this name; `rounds` is used by those that ask for it
    /// ([`FormatName::asks_rounds`]).
    pub fn format(self, rounds: u32) -> Format {
        match self {
            FormatName::RoundRobin => Format::RoundRobin { cycles: 1 },
            FormatName::DoubleRoundRobin => Format::RoundRobin { cycles: 2 },
            FormatName::Swiss => Format::Swiss { rounds },
        }
    }

    /// The name typed on a command line: the wire name with `-` for `_`
    /// (`double-round-robin`).
    pub fn typed(self) -> String {
        self.name().replace('_', "-")
    }
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
    /// A Swiss of no rounds at all (whatever the field).
    #[error("a Swiss has at least one round")]
    NoRounds,
    /// A Swiss of no rounds, or of more rounds than a round robin of the same
    /// field has (no repeat pairings would then be possible), or, in a field
    /// of more than [`EXACT_COMPLETION_ENTRANTS`], of more than half as many
    /// rounds as entrants (beyond, completion is not checked exactly).
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
    /// The format's name as people see it (a round robin of more than one
    /// cycle, which [`Format::validate`] refuses beyond two, is a double
    /// round robin).
    pub fn name(&self) -> FormatName {
        match *self {
            Format::RoundRobin { cycles } if cycles >= 2 => FormatName::DoubleRoundRobin,
            Format::RoundRobin { .. } => FormatName::RoundRobin,
            Format::Swiss { .. } => FormatName::Swiss,
        }
    }

    /// The number of rounds the organiser chose, for a format that asks
    /// for them (a Swiss, see [`FormatName::asks_rounds`]); `None` where
    /// the rounds follow from the field. A format's words take it.
    pub fn chosen_rounds(&self) -> Option<u32> {
        match *self {
            Format::RoundRobin { .. } => None,
            Format::Swiss { rounds } => Some(rounds),
        }
    }

    /// Checks the format's own numbers, whatever the field: a round robin
    /// of one or two cycles, a Swiss of at least one round. A server checks
    /// them when a tournament is created, before anyone has entered;
    /// [`Format::validate`] checks them again against the field.
    pub fn check_numbers(&self) -> Result<(), FormatError> {
        match *self {
            Format::RoundRobin { cycles } if !(1..=2).contains(&cycles) => {
                Err(FormatError::BadCycles(cycles))
            }
            Format::Swiss { rounds: 0 } => Err(FormatError::NoRounds),
            Format::RoundRobin { .. } | Format::Swiss { .. } => Ok(()),
        }
    }

    /// The title a tournament of this format gets when its organiser gives
    /// none (`Round robin`, `Double round robin`, `Swiss, 5 rounds`): a
    /// title is the organiser's text, kept as written, so it is not
    /// translated.
    pub fn default_title(&self) -> String {
        match *self {
            Format::RoundRobin { cycles } if cycles >= 2 => "Double round robin".to_owned(),
            Format::RoundRobin { .. } => "Round robin".to_owned(),
            Format::Swiss { rounds } => format!("Swiss, {rounds} rounds"),
        }
    }

    /// Checks that this format can run with `entrants` entrants: at least
    /// two, a round robin of one or two cycles, a Swiss of at least one
    /// round and no more rounds than a single round robin of the same field
    /// has (beyond that no round could avoid a repeat pairing). A field too
    /// large for the exact completion check (more than
    /// [`EXACT_COMPLETION_ENTRANTS`]) has at most half as many rounds as
    /// entrants, where Dirac's theorem guarantees the Swiss can be completed.
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
                let max = swiss_rounds(entrants);
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

/// The most entrants for which a Swiss may have as many rounds as a round
/// robin: beyond, the completion check is not exact and the rounds are
/// limited to those Dirac's theorem guarantees.
pub const EXACT_COMPLETION_ENTRANTS: usize = 63;

/// The most rounds a Swiss of `entrants` may have: a round robin's, or half
/// the field (rounded up to even) beyond [`EXACT_COMPLETION_ENTRANTS`].
fn swiss_rounds(entrants: usize) -> u32 {
    if entrants <= EXACT_COMPLETION_ENTRANTS {
        round_robin_rounds(entrants)
    } else {
        u32::try_from(entrants.div_ceil(2)).unwrap_or(u32::MAX)
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
    fn every_name_makes_a_format_of_that_name() {
        for &name in FormatName::ALL {
            assert_eq!(name.format(3).name(), name);
            assert_eq!(name.format(3).chosen_rounds().is_some(), name.asks_rounds());
            let json = serde_json::to_string(&name).unwrap();
            assert_eq!(json, format!("\"{}\"", name.name()));
        }
        assert_eq!(FormatName::DoubleRoundRobin.typed(), "double-round-robin");
        assert!(FormatName::Swiss.asks_rounds());
    }

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
    fn a_formats_own_numbers_and_default_title() {
        assert_eq!(
            Format::RoundRobin { cycles: 0 }.check_numbers(),
            Err(FormatError::BadCycles(0))
        );
        assert_eq!(
            Format::RoundRobin { cycles: 3 }.check_numbers(),
            Err(FormatError::BadCycles(3))
        );
        assert_eq!(Format::RoundRobin { cycles: 2 }.check_numbers(), Ok(()));
        assert_eq!(
            Format::Swiss { rounds: 0 }.check_numbers(),
            Err(FormatError::NoRounds)
        );
        assert_eq!(Format::Swiss { rounds: 5 }.check_numbers(), Ok(()));
        assert_eq!(
            Format::RoundRobin { cycles: 2 }.default_title(),
            "Double round robin"
        );
        assert_eq!(
            Format::RoundRobin { cycles: 1 }.default_title(),
            "Round robin"
        );
        assert_eq!(
            Format::Swiss { rounds: 4 }.default_title(),
            "Swiss, 4 rounds"
        );
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
        assert_eq!(Format::Swiss { rounds: 62 }.validate(63), Ok(()));
        assert_eq!(Format::Swiss { rounds: 32 }.validate(64), Ok(()));
        assert_eq!(
            Format::Swiss { rounds: 33 }.validate(64),
            Err(FormatError::BadRounds {
                rounds: 33,
                entrants: 64,
                max: 32
            })
        );
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
