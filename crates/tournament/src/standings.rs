//! The standings: points, then the format's tie-breaks, best first.
//!
//! How each round counts for an entrant:
//! - a game played over the board: a win is 1 point, a loss 0; for the
//!   tie-breaks the opponent is a real one (their points count);
//! - a game not played (a forfeit either way, a double forfeit), a bye, or a
//!   round an entrant missed (withdrawn from a Swiss): a forfeit win and a bye
//!   are 1 point, the rest 0; for the tie-breaks the round was played against
//!   a *virtual opponent with the entrant's own points* (after FIDE C.07's
//!   virtual opponent, kept whole so every value is an integer);
//! - a game still in progress does not count yet.
//!
//! Tie-breaks (all whole numbers):
//! - Buchholz: the sum, over the rounds, of the opponents' points;
//! - Buchholz cut 1: Buchholz less its smallest term;
//! - Sonneborn-Berger: the sum of the points of the opponents one beat (an
//!   unplayed win counts the virtual opponent: one's own points);
//! - direct encounter: the points scored in the games (forfeits included, the
//!   result stands) among the entrants still tied on points and on the
//!   tie-breaks before it;
//! - game score: the sum of the margins of the games one won on territory.

use amazons_core::Side;

use crate::{Format, Round, Tiebreak};

/// One line of the standings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Standing {
    /// The entrant's index in the field.
    pub entrant: usize,
    /// 1 for the leader; entrants equal on points and on every tie-break
    /// share a rank (and the next rank skips: 1, 1, 3).
    pub rank: u32,
    /// Wins, forfeit wins and byes.
    pub points: u32,
    /// Games with a result (played or forfeited) and byes.
    pub games: u32,
    /// The format's tie-breaks, in the order they apply.
    pub tiebreaks: Vec<(Tiebreak, i64)>,
}

/// The tie-breaks of a format, in the order they apply.
pub fn tiebreak_order(format: &Format) -> &'static [Tiebreak] {
    match format {
        Format::RoundRobin { .. } => &[
            Tiebreak::SonnebornBerger,
            Tiebreak::DirectEncounter,
            Tiebreak::GameScore,
        ],
        Format::Swiss { .. } => &[
            Tiebreak::Buchholz,
            Tiebreak::BuchholzCut1,
            Tiebreak::SonnebornBerger,
            Tiebreak::GameScore,
        ],
    }
}

/// What one round was for one entrant.
#[derive(Clone, Copy)]
enum Outcome {
    /// A game played over the board.
    Played {
        opponent: usize,
        won: bool,
        margin: Option<u32>,
    },
    /// A bye, a forfeit or a missed round, worth `points`.
    Unplayed { points: u32 },
}

/// The standings of `entrants` entrants after `rounds` (results so far),
/// best first, ranked by points then by the format's tie-breaks (see
/// [`tiebreak_order`]); entrants equal on all of them share a rank and are
/// listed by seeding.
pub fn standings(format: &Format, entrants: usize, rounds: &[Round]) -> Vec<Standing> {
    let outcomes = outcomes(entrants, rounds);
    let points: Vec<u32> = outcomes
        .iter()
        .map(|list| list.iter().map(outcome_points).sum())
        .collect();
    let order = tiebreak_order(format);
    let mut rows: Vec<Standing> = (0..entrants)
        .map(|entrant| Standing {
            entrant,
            rank: 0,
            points: points[entrant],
            games: games(entrant, rounds),
            tiebreaks: Vec::with_capacity(order.len()),
        })
        .collect();
    for &tiebreak in order {
        if tiebreak == Tiebreak::DirectEncounter {
            let values = direct_encounter(&rows, rounds);
            for (row, value) in rows.iter_mut().zip(values) {
                row.tiebreaks.push((tiebreak, value));
            }
        } else {
            for row in &mut rows {
                let value = value(tiebreak, &outcomes[row.entrant], row.points, &points);
                row.tiebreaks.push((tiebreak, value));
            }
        }
    }
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then(a.entrant.cmp(&b.entrant)));
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    rows
}

/// What orders the standings: points, then the tie-breaks in order.
fn key(row: &Standing) -> (u32, Vec<i64>) {
    (row.points, row.tiebreaks.iter().map(|&(_, v)| v).collect())
}

fn outcome_points(outcome: &Outcome) -> u32 {
    match *outcome {
        Outcome::Played { won, .. } => u32::from(won),
        Outcome::Unplayed { points } => points,
    }
}

/// Each entrant's outcome in each round (games in progress left out).
fn outcomes(entrants: usize, rounds: &[Round]) -> Vec<Vec<Outcome>> {
    let mut out = vec![Vec::with_capacity(rounds.len()); entrants];
    for round in rounds {
        let mut present = vec![false; entrants];
        for pairing in &round.pairings {
            for (me, opponent, side) in [
                (pairing.white, pairing.black, Side::First),
                (pairing.black, pairing.white, Side::Second),
            ] {
                if me >= entrants {
                    continue;
                }
                present[me] = true;
                let Some(result) = pairing.result else {
                    continue;
                };
                let won = result.winner == Some(side);
                out[me].push(if result.forfeit || result.winner.is_none() {
                    Outcome::Unplayed {
                        points: u32::from(won),
                    }
                } else {
                    Outcome::Played {
                        opponent,
                        won,
                        margin: if won { result.margin } else { None },
                    }
                });
            }
        }
        if let Some(bye) = round.bye.filter(|&b| b < entrants) {
            present[bye] = true;
            out[bye].push(Outcome::Unplayed { points: 1 });
        }
        for (me, _) in present.iter().enumerate().filter(|(_, p)| !**p) {
            out[me].push(Outcome::Unplayed { points: 0 });
        }
    }
    out
}

/// Games with a result, and byes.
fn games(entrant: usize, rounds: &[Round]) -> u32 {
    let mut count = 0;
    for round in rounds {
        count += round
            .pairings
            .iter()
            .filter(|p| p.result.is_some() && (p.white == entrant || p.black == entrant))
            .count() as u32;
        count += u32::from(round.bye == Some(entrant));
    }
    count
}

/// The value of one tie-break computed from one entrant's own rounds.
fn value(tiebreak: Tiebreak, mine: &[Outcome], own: u32, points: &[u32]) -> i64 {
    let opponent_points = |o: &Outcome| match *o {
        Outcome::Played { opponent, .. } => i64::from(points[opponent]),
        Outcome::Unplayed { .. } => i64::from(own),
    };
    match tiebreak {
        Tiebreak::Buchholz => mine.iter().map(opponent_points).sum(),
        Tiebreak::BuchholzCut1 => {
            let terms: Vec<i64> = mine.iter().map(opponent_points).collect();
            terms.iter().sum::<i64>() - terms.iter().copied().min().unwrap_or(0)
        }
        Tiebreak::SonnebornBerger => mine
            .iter()
            .filter(|o| outcome_points(o) == 1)
            .map(opponent_points)
            .sum(),
        Tiebreak::GameScore => mine
            .iter()
            .map(|o| match *o {
                Outcome::Played {
                    margin: Some(m), ..
                } => i64::from(m),
                _ => 0,
            })
            .sum(),
        // Computed over the tied group, not from one entrant's rounds.
        Tiebreak::DirectEncounter => 0,
    }
}

/// Direct encounter for every row: the points each scored against the
/// others equal to it on points and on the tie-breaks already computed.
fn direct_encounter(rows: &[Standing], rounds: &[Round]) -> Vec<i64> {
    rows.iter()
        .map(|me| {
            let tied = |other: usize| other != me.entrant && key(&rows[other]) == key(me);
            let mut scored = 0;
            for pairing in rounds.iter().flat_map(|r| &r.pairings) {
                let Some(result) = pairing.result else {
                    continue;
                };
                let (opponent, side) = if pairing.white == me.entrant {
                    (pairing.black, Side::First)
                } else if pairing.black == me.entrant {
                    (pairing.white, Side::Second)
                } else {
                    continue;
                };
                if opponent < rows.len() && tied(opponent) && result.winner == Some(side) {
                    scored += 1;
                }
            }
            scored
        })
        .collect()
}

#[cfg(test)]
mod tests;
