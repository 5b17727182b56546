//! The crosstable of a round robin: every entrant's results against every
//! other, computed here once so that every face draws the same table.

use amazons_core::Side;
use serde::{Deserialize, Serialize};

use crate::{Format, GameResult, Round};

/// One game as a crosstable cell shows it, from the row entrant's side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrossScore {
    /// Won over the board.
    Won,
    /// Lost over the board.
    Lost,
    /// Won because the opponent did not play.
    ForfeitWon,
    /// Lost without playing (a double forfeit is this for both).
    ForfeitLost,
    /// No result yet: being played, or not paired yet.
    Pending,
}

// Faces draw a score as a sign of their own (`1`, `+`, `·`) explained by a
// legend, so the family has no catalogue keys.
amazons_core::vocabulary!(CrossScore, "cross-score", {
    Won => "won",
    Lost => "lost",
    ForfeitWon => "forfeit_won",
    ForfeitLost => "forfeit_lost",
    Pending => "pending",
} forms &[]);

impl CrossScore {
    /// The score of `side` in a game with `result` (`None`: no result yet).
    fn of(result: Option<GameResult>, side: Side) -> CrossScore {
        match result {
            None => CrossScore::Pending,
            Some(GameResult { winner: None, .. }) => CrossScore::ForfeitLost,
            Some(GameResult {
                winner: Some(winner),
                forfeit,
                ..
            }) => match (winner == side, forfeit) {
                (true, false) => CrossScore::Won,
                (false, false) => CrossScore::Lost,
                (true, true) => CrossScore::ForfeitWon,
                (false, true) => CrossScore::ForfeitLost,
            },
        }
    }
}

/// The crosstable of `entrants` entrants after `rounds`, rows and columns
/// by entrant index (number the entrants in the order the table is shown):
/// `table[row][column]` is the row entrant's scores against the column
/// entrant, one a game in round order, with [`CrossScore::Pending`] for the
/// games of the pair still to be paired (a round robin plays each pair once
/// a cycle); empty on the diagonal. `None` for a format that has no
/// crosstable (a Swiss, where most pairs never meet).
pub fn crosstable(
    format: &Format,
    entrants: usize,
    rounds: &[Round],
) -> Option<Vec<Vec<Vec<CrossScore>>>> {
    let games_per_pair = match *format {
        Format::RoundRobin { cycles } => usize::from(cycles),
        Format::Swiss { .. } => return None,
    };
    let mut table = vec![vec![Vec::new(); entrants]; entrants];
    for pairing in rounds.iter().flat_map(|round| &round.pairings) {
        let (white, black) = (pairing.white, pairing.black);
        if white >= entrants || black >= entrants || white == black {
            continue;
        }
        table[white][black].push(CrossScore::of(pairing.result, Side::First));
        table[black][white].push(CrossScore::of(pairing.result, Side::Second));
    }
    for (row, cells) in table.iter_mut().enumerate() {
        for (column, cell) in cells.iter_mut().enumerate() {
            if row != column && cell.len() < games_per_pair {
                cell.resize(games_per_pair, CrossScore::Pending);
            }
        }
    }
    Some(table)
}

#[cfg(test)]
mod tests {
    use amazons_core::Vocabulary;

    use super::*;
    use crate::Pairing;

    fn game(white: usize, black: usize, result: Option<GameResult>) -> Pairing {
        Pairing {
            white,
            black,
            result,
        }
    }

    fn won(side: Side, forfeit: bool) -> Option<GameResult> {
        Some(GameResult {
            winner: Some(side),
            forfeit,
            margin: None,
        })
    }

    #[test]
    fn each_pair_shows_both_sides_of_its_games_in_round_order() {
        use CrossScore::*;
        let rounds = [
            Round {
                pairings: vec![game(0, 1, won(Side::First, false))],
                bye: Some(2),
            },
            Round {
                pairings: vec![game(2, 0, won(Side::Second, true))],
                bye: Some(1),
            },
            Round {
                pairings: vec![
                    game(1, 2, None),
                    game(
                        1,
                        0,
                        Some(GameResult {
                            winner: None,
                            forfeit: true,
                            margin: None,
                        }),
                    ),
                ],
                bye: None,
            },
        ];
        let double = Format::RoundRobin { cycles: 2 };
        let table = crosstable(&double, 3, &rounds).unwrap();
        assert_eq!(table[0][0], []);
        assert_eq!(table[0][1], [Won, ForfeitLost]);
        assert_eq!(table[1][0], [Lost, ForfeitLost]);
        assert_eq!(table[0][2], [ForfeitWon, Pending], "one game still to pair");
        assert_eq!(table[2][0], [ForfeitLost, Pending]);
        assert_eq!(
            table[1][2],
            [Pending, Pending],
            "being played, then to pair"
        );
        assert_eq!(crosstable(&Format::Swiss { rounds: 2 }, 3, &rounds), None);
    }

    #[test]
    fn every_score_is_named_as_on_the_wire() {
        for &score in CrossScore::ALL {
            let json = serde_json::to_string(&score).unwrap();
            assert_eq!(json, format!("\"{}\"", score.name()));
        }
    }
}
