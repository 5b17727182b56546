//! Round robin pairings by the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! With `n` (even) players numbered 1..n, player `n` is fixed and the others
//! rotate. In round `r` (1-based) the first board is player `n` against
//! `a = ((r - 1) * n/2) mod (n - 1) + 1`, with `n` White in even rounds and
//! Black in odd ones; the other boards pair `a + k` (White) with `a - k`
//! (Black), `k = 1 .. n/2 - 1`, counted around 1..n-1. For `n = 6` this is
//! the published table: round 1 `1-6 2-5 3-4`, round 2 `6-4 5-3 1-2`, round
//! 3 `2-6 3-1 4-5`, round 4 `6-5 1-4 2-3`, round 5 `3-6 4-2 5-1`.
//!
//! An odd field adds a dummy as player `n` (so the strongest seeds meet the
//! dummy at the same points of the table as FIDE's); whoever meets it has
//! the bye. A double round robin plays the table again with the colours
//! reversed.

use crate::{Pairing, Round};

/// Round `index` (0-based, counted over all cycles) of a round robin of
/// `entrants`, entrant `i` being Berger number `i + 1`. `index` must be
/// below the cycles' total; the caller checks.
pub(crate) fn round(entrants: usize, index: usize) -> Round {
    let n = entrants + entrants % 2;
    let per_cycle = n - 1;
    let reversed = (index / per_cycle) % 2 == 1;
    let r = index % per_cycle + 1;
    let rotating = n - 1;
    let a = ((r - 1) * (n / 2)) % rotating + 1;
    let mut games = Vec::with_capacity(n / 2);
    games.push(if r % 2 == 0 { (n, a) } else { (a, n) });
    for k in 1..n / 2 {
        let up = (a - 1 + k) % rotating + 1;
        let down = (a - 1 + rotating - k) % rotating + 1;
        games.push((up, down));
    }
    let mut out = Round::default();
    for (white, black) in games {
        let (white, black) = if reversed {
            (black, white)
        } else {
            (white, black)
        };
        // Back to 0-based indices; number n of an odd field is the dummy.
        let (white, black) = (white - 1, black - 1);
        if black >= entrants {
            out.bye = Some(white);
        } else if white >= entrants {
            out.bye = Some(black);
        } else {
            out.pairings.push(Pairing {
                white,
                black,
                result: None,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The round as FIDE prints it: Berger numbers, White first.
    fn printed(entrants: usize, index: usize) -> Vec<(usize, usize)> {
        round(entrants, index)
            .pairings
            .iter()
            .map(|p| (p.white + 1, p.black + 1))
            .collect()
    }

    #[test]
    fn six_players_match_the_published_table() {
        assert_eq!(printed(6, 0), vec![(1, 6), (2, 5), (3, 4)]);
        assert_eq!(printed(6, 1), vec![(6, 4), (5, 3), (1, 2)]);
        assert_eq!(printed(6, 2), vec![(2, 6), (3, 1), (4, 5)]);
        assert_eq!(printed(6, 3), vec![(6, 5), (1, 4), (2, 3)]);
        assert_eq!(printed(6, 4), vec![(3, 6), (4, 2), (5, 1)]);
    }

    #[test]
    fn four_players_match_the_published_table() {
        assert_eq!(printed(4, 0), vec![(1, 4), (2, 3)]);
        assert_eq!(printed(4, 1), vec![(4, 3), (1, 2)]);
        assert_eq!(printed(4, 2), vec![(2, 4), (3, 1)]);
    }

    #[test]
    fn an_odd_field_gives_the_dummy_s_opponent_the_bye() {
        // Five players: the six-player table with number 6 as the dummy.
        let first = round(5, 0);
        assert_eq!(first.bye, Some(0));
        assert_eq!(printed(5, 0), vec![(2, 5), (3, 4)]);
        assert_eq!(round(5, 1).bye, Some(3));
        assert_eq!(round(5, 4).bye, Some(2));
    }

    #[test]
    fn the_second_cycle_reverses_colours() {
        assert_eq!(printed(4, 3), vec![(4, 1), (3, 2)]);
        assert_eq!(printed(4, 5), vec![(4, 2), (1, 3)]);
    }
}
