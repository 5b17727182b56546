//! A round: its pairings, their results, and the bye.

use amazons_core::Side;
use serde::{Deserialize, Serialize};

/// How one tournament game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct GameResult {
    /// Who won (Amazons has no draws); `None` only for a double forfeit,
    /// where neither entrant turned up and neither scores.
    pub winner: Option<Side>,
    /// The loser (or both) did not turn up, withdrew or was removed: the
    /// point counts, but the game was not played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forfeit: bool,
    /// The winner's margin in moves left, where the game ended on territory;
    /// the last tie-break.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<u32>,
}

/// One game of a round: who plays White (moves first) and who Black, by
/// entrant index, and the result once known.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Pairing {
    /// The entrant who moves first.
    pub white: usize,
    /// The entrant who moves second.
    pub black: usize,
    /// The result; `None` while the game is unplayed or in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
}

/// One round: its games and the entrant with the bye, if any (a bye scores
/// as a win).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Round {
    /// The games, board 1 first.
    pub pairings: Vec<Pairing>,
    /// The entrant left unpaired this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<usize>,
}
