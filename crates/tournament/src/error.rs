//! Why a round cannot be paired.

use thiserror::Error;

use crate::FormatError;

/// Why [`pair_round`](crate::pair_round) gave no round. The server shows it
/// to the organiser; nothing changes.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PairingError {
    /// The format does not fit the field (too few entrants, bad cycles, too
    /// many Swiss rounds).
    #[error(transparent)]
    BadFormat(#[from] FormatError),
    /// Every planned round has been paired.
    #[error("all {planned} rounds have been paired")]
    NoMoreRounds {
        /// The rounds the event has.
        planned: u32,
    },
    /// The last round paired still has a game without a result.
    #[error("round {round} is not finished")]
    RoundUnfinished {
        /// The unfinished round, 1 for the first.
        round: u32,
    },
    /// Fewer than two entrants are still playing a Swiss.
    #[error("a Swiss round needs two active entrants, {active} remain")]
    TooFewActive {
        /// Entrants not withdrawn.
        active: usize,
    },
    /// No pairing of the active entrants obeys the absolute rules (no
    /// repeat pairing, no second bye, colours within bounds).
    #[error("no legal pairing exists for round {round}")]
    NoLegalPairing {
        /// The round that cannot be paired, 1 for the first.
        round: u32,
    },
    /// A round played names an entrant outside the field, or one entrant
    /// twice.
    #[error("round {round} names entrant {entrant}, who is not in the field or is there twice")]
    BadRound {
        /// The round, 1 for the first.
        round: u32,
        /// The entrant's index.
        entrant: usize,
    },
}
