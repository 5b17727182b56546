//! A Swiss round: the field and the rounds played, handed to the Dutch
//! system as each active entrant's history.

use amazons_core::Side;

use crate::dutch::{self, History};
use crate::{Field, Pairing, PairingError, Round};

/// Half-points of a win (and of a bye or a forfeit win).
const WIN: u32 = 2;

/// Pairs the next Swiss round of `field` after `played` (checked by the
/// caller: entrants in the field, every game finished). Withdrawn entrants
/// are left out.
pub(crate) fn pair(field: &Field, played: &[Round]) -> Result<Round, PairingError> {
    let history = history(field.len(), played);
    let players: Vec<dutch::Player> = field
        .active()
        .map(|i| history.players()[i].clone())
        .collect();
    if players.len() < 2 {
        return Err(PairingError::TooFewActive {
            active: players.len(),
        });
    }
    let round = played.len() as u32 + 1;
    let paired = dutch::pair(&players, field.first_colour())
        .map_err(|_| PairingError::NoLegalPairing { round })?;
    Ok(Round {
        pairings: paired
            .games
            .into_iter()
            .map(|(white, black)| Pairing {
                white,
                black,
                result: None,
            })
            .collect(),
        bye: paired.bye,
    })
}

/// Every entrant's history after `played`.
fn history(entrants: usize, played: &[Round]) -> History {
    let mut history = History::new(entrants);
    for round in played {
        for pairing in &round.pairings {
            let result = pairing.result.as_ref();
            let winner = result.and_then(|r| r.winner);
            let over_the_board = result.is_some_and(|r| !r.forfeit) && winner.is_some();
            let points = |side| if winner == Some(side) { WIN } else { 0 };
            history.game(
                pairing.white,
                pairing.black,
                points(Side::First),
                points(Side::Second),
                over_the_board,
            );
        }
        if let Some(bye) = round.bye {
            history.bye(bye, WIN);
        }
        history.end_round();
    }
    history
}
