//! The one place the server asks the pairing crate for a round and for the
//! standings, in the server's terms (entrant indices and withdrawals in,
//! wire rows out).

use amazons_protocol::TiebreakValue;
use amazons_tournament::{Field, Format, FormatError, PairingError, Round, Standing};

/// One line of the standings, by entrant index.
pub struct Row {
    /// The entrant's index in the field.
    pub entrant: usize,
    /// 1 for the leader; ties share a rank.
    pub rank: u32,
    /// Points.
    pub points: u32,
    /// Games counted (played, forfeited) and byes.
    pub games: u32,
    /// Tie-breaks in their order.
    pub tiebreaks: Vec<TiebreakValue>,
}

/// Whether `format` can run with `entrants` entrants, and why not.
pub fn validate(format: &Format, entrants: usize) -> Result<(), FormatError> {
    format.validate(entrants)
}

/// How many rounds `format` has with `entrants` entrants.
pub fn rounds_planned(format: &Format, entrants: usize) -> u32 {
    format.rounds_planned(entrants)
}

/// The next round of a field of `entrants` (the `withdrawn` ones among
/// them) after the rounds `played`, or why there is none.
pub fn pair(
    format: &Format,
    entrants: usize,
    withdrawn: &[usize],
    played: &[Round],
) -> Result<Round, PairingError> {
    let mut field = Field::new(entrants);
    for &entrant in withdrawn {
        field.withdraw(entrant);
    }
    amazons_tournament::pair_round(format, &field, played)
}

/// The standings of a field of `entrants` after the rounds `played`, best
/// first, with the format's tie-breaks.
pub fn standings(format: &Format, entrants: usize, played: &[Round]) -> Vec<Row> {
    amazons_tournament::standings(format, entrants, played)
        .into_iter()
        .map(
            |Standing {
                 entrant,
                 rank,
                 points,
                 games,
                 tiebreaks,
             }| Row {
                entrant,
                rank,
                points,
                games,
                tiebreaks: tiebreaks
                    .into_iter()
                    .map(|(kind, value)| TiebreakValue { kind, value })
                    .collect(),
            },
        )
        .collect()
}
