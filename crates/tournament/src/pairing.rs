//! The one entry point for pairing a round, whatever the format.

use crate::{Field, Format, PairingError, Round, berger, swiss};

/// Pairs the next round of an event of `format` for `field`, given every
/// round `played` so far (in order, each with its results).
///
/// A round robin takes its round from the Berger tables, withdrawn entrants
/// included (their games stand and the server forfeits them); a Swiss pairs
/// the active entrants by the FIDE Dutch system. Refused, changing nothing:
/// a format that does not fit the field, a round that names an entrant
/// outside the field or twice, a round not finished, every round already
/// paired, a Swiss with fewer than two active entrants or with no legal
/// pairing.
pub fn pair_round(format: &Format, field: &Field, played: &[Round]) -> Result<Round, PairingError> {
    format.validate(field.len())?;
    check_played(field, played)?;
    let planned = format.rounds_planned(field.len());
    if played.len() >= planned as usize {
        return Err(PairingError::NoMoreRounds { planned });
    }
    match format {
        Format::RoundRobin { .. } => Ok(berger::round(field.len(), played.len())),
        Format::Swiss { .. } => swiss::pair(field, played),
    }
}

/// Every round names entrants of the field, each at most once, and every
/// game has its result.
fn check_played(field: &Field, played: &[Round]) -> Result<(), PairingError> {
    for (index, round) in played.iter().enumerate() {
        let number = index as u32 + 1;
        let mut seen = vec![false; field.len()];
        let names = round
            .pairings
            .iter()
            .flat_map(|p| [p.white, p.black])
            .chain(round.bye);
        for entrant in names {
            match seen.get_mut(entrant) {
                Some(slot) if !*slot => *slot = true,
                _ => {
                    return Err(PairingError::BadRound {
                        round: number,
                        entrant,
                    });
                }
            }
        }
        if round.pairings.iter().any(|p| p.result.is_none()) {
            return Err(PairingError::RoundUnfinished { round: number });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameResult, Pairing};
    use amazons_core::Side;

    fn finished(mut round: Round) -> Round {
        for p in &mut round.pairings {
            p.result = Some(GameResult {
                winner: Some(Side::First),
                forfeit: false,
                margin: None,
            });
        }
        round
    }

    #[test]
    fn a_round_robin_runs_out_of_rounds() {
        let format = Format::RoundRobin { cycles: 1 };
        let field = Field::new(3);
        let mut played = Vec::new();
        for _ in 0..3 {
            played.push(finished(pair_round(&format, &field, &played).unwrap()));
        }
        assert_eq!(
            pair_round(&format, &field, &played),
            Err(PairingError::NoMoreRounds { planned: 3 })
        );
    }

    #[test]
    fn an_unfinished_round_is_refused() {
        let format = Format::RoundRobin { cycles: 2 };
        let field = Field::new(4);
        let first = pair_round(&format, &field, &[]).unwrap();
        assert_eq!(
            pair_round(&format, &field, &[first]),
            Err(PairingError::RoundUnfinished { round: 1 })
        );
    }

    #[test]
    fn a_bad_format_or_round_is_refused() {
        assert_eq!(
            pair_round(&Format::Swiss { rounds: 4 }, &Field::new(4), &[]),
            Err(PairingError::BadFormat(crate::FormatError::BadRounds {
                rounds: 4,
                entrants: 4,
                max: 3
            }))
        );
        let twice = Round {
            pairings: vec![Pairing {
                white: 0,
                black: 1,
                result: None,
            }],
            bye: Some(1),
        };
        assert_eq!(
            pair_round(&Format::RoundRobin { cycles: 1 }, &Field::new(3), &[twice]),
            Err(PairingError::BadRound {
                round: 1,
                entrant: 1
            })
        );
    }

    #[test]
    fn a_withdrawn_entrant_s_round_robin_games_are_still_paired() {
        let mut field = Field::new(4);
        field.withdraw(0);
        let round = pair_round(&Format::RoundRobin { cycles: 1 }, &field, &[]).unwrap();
        assert_eq!(round.pairings.len(), 2);
        assert!(round.pairings.iter().any(|p| p.white == 0 || p.black == 0));
    }
}
