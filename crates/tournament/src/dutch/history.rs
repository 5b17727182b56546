//! Each player's state as the Dutch system needs it, built round by round.

use amazons_core::Side;

/// Which way a player floated in a round (FIDE C.04.3 A.4): paired with a
/// lower score (down), a higher score (up), or neither. A player who did not
/// play a game over the board that round (a bye, a forfeit, an absence)
/// counts as floating down, as the 2017 rules say.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Float {
    /// Paired within the score.
    #[default]
    None,
    /// Paired with a lower score, or did not play.
    Down,
    /// Paired with a higher score.
    Up,
}

/// One player's pairing history.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Player {
    /// The pairing number less one: the index in the initial ranking
    /// (0 the strongest).
    pub id: usize,
    /// Points in half-points (a win 2, a draw 1), byes and forfeits included.
    pub score: u32,
    /// One entry a round: the colour played over the board, `None` for a
    /// round not played (a bye, a forfeit, an absence).
    pub colours: Vec<Option<Side>>,
    /// One entry a round: how the player floated.
    pub floats: Vec<Float>,
    /// Everyone the player was paired with, forfeits included.
    pub opponents: Vec<usize>,
    /// Whether the player has had the pairing-allocated bye (C.2 rules out
    /// another).
    pub had_bye: bool,
    /// Whether the player has won a game by forfeit (C.2 rules out the bye
    /// then too).
    pub had_forfeit_win: bool,
}

impl Player {
    /// The colours of the games played over the board, oldest first.
    pub fn played_colours(&self) -> impl DoubleEndedIterator<Item = Side> + '_ {
        self.colours.iter().flatten().copied()
    }

    /// Whites less blacks, over the games played.
    pub fn colour_difference(&self) -> i32 {
        self.played_colours()
            .map(|s| if s == Side::First { 1 } else { -1 })
            .sum()
    }
}

/// The players of an event, fed one round at a time: [`History::game`],
/// [`History::bye`] and [`History::absent`] for the round's events, then
/// [`History::end_round`]. Scores change only at the end of a round, so the
/// floats are judged on the scores the round was paired with.
#[derive(Clone, Debug)]
pub struct History {
    players: Vec<Player>,
    gains: Vec<Option<u32>>,
}

impl History {
    /// `n` players, numbered `0..n` in the initial ranking, no rounds yet.
    pub fn new(n: usize) -> Self {
        History {
            players: (0..n)
                .map(|id| Player {
                    id,
                    score: 0,
                    colours: Vec::new(),
                    floats: Vec::new(),
                    opponents: Vec::new(),
                    had_bye: false,
                    had_forfeit_win: false,
                })
                .collect(),
            gains: vec![None; n],
        }
    }

    /// The players, by id.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// A game of this round: `white` scored `white_points` and `black`
    /// `black_points` (half-points); `played` is false for a forfeit (the
    /// pairing stands, no colour is recorded, the winner may not have a bye
    /// later).
    pub fn game(
        &mut self,
        white: usize,
        black: usize,
        white_points: u32,
        black_points: u32,
        played: bool,
    ) {
        let (ws, bs) = (self.players[white].score, self.players[black].score);
        for (me, other, side, points, mine, theirs) in [
            (white, black, Side::First, white_points, ws, bs),
            (black, white, Side::Second, black_points, bs, ws),
        ] {
            let player = &mut self.players[me];
            player.opponents.push(other);
            if played {
                player.colours.push(Some(side));
                player.floats.push(match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                });
            } else {
                player.colours.push(None);
                player.floats.push(Float::Down);
                if points > 0 {
                    player.had_forfeit_win = true;
                }
            }
            self.gains[me] = Some(points);
        }
    }

    /// The pairing-allocated bye of this round, worth `points` half-points.
    pub fn bye(&mut self, player: usize, points: u32) {
        self.unplayed(player, points);
        self.players[player].had_bye = true;
    }

    /// A round `player` was not paired in (withdrawn, or a requested bye
    /// worth `points` half-points).
    pub fn absent(&mut self, player: usize, points: u32) {
        self.unplayed(player, points);
    }

    fn unplayed(&mut self, player: usize, points: u32) {
        let p = &mut self.players[player];
        p.colours.push(None);
        p.floats.push(Float::Down);
        self.gains[player] = Some(points);
    }

    /// Closes the round: adds its points, and records anyone not mentioned
    /// as absent with no points.
    pub fn end_round(&mut self) {
        for (player, gain) in self.players.iter_mut().zip(&mut self.gains) {
            match gain.take() {
                Some(points) => player.score += points,
                None => {
                    player.colours.push(None);
                    player.floats.push(Float::Down);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_use_the_scores_the_round_was_paired_with() {
        let mut history = History::new(4);
        history.game(0, 1, 2, 0, true);
        history.game(2, 3, 0, 0, false);
        history.end_round();
        history.game(1, 0, 0, 2, true);
        history.bye(2, 2);
        history.end_round();
        let p = history.players();
        assert_eq!(p[0].score, 4);
        // Round 2: 0 (two half-points) met 1 (none): 0 floated down.
        assert_eq!(p[0].floats, vec![Float::None, Float::Down]);
        assert_eq!(p[1].floats, vec![Float::None, Float::Up]);
        assert_eq!(p[0].colours, vec![Some(Side::First), Some(Side::Second)]);
        assert_eq!(p[0].colour_difference(), 0);
        assert_eq!(p[2].colours, vec![None, None]);
        assert!(p[2].had_bye && !p[2].had_forfeit_win && !p[3].had_bye);
        assert_eq!(p[3].floats, vec![Float::Down, Float::Down]);
        assert_eq!(p[3].opponents, vec![2]);
    }
}
