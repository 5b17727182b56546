//! What a client sees of a match: the summary in the lobby list, and the full
//! snapshot a player or spectator gets when entering (or re-entering) a match.

use amazons_core::{Outcome, PlayerKind, RecordedMove, Side, TimeControl};
use serde::{Deserialize, Serialize};

use crate::analysis::Decided;
use crate::ids::MatchId;
use crate::rating::Rating;

/// Where a match is in its life.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// At least one seat is free; the clocks have not started.
    Waiting,
    /// Both seats are taken and the game is on.
    Playing,
    /// The game has ended (see the outcome); players may still arrange a rematch.
    Finished,
}

/// Who sits in a seat, as everyone may see it (never the token).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The player's name as given in `hello`.
    pub name: String,
    /// Person or program, so that lists and records can say who was a bot.
    pub kind: PlayerKind,
    /// Whether the player currently has a connection to the match. A player who
    /// dropped keeps the seat for the server's grace period.
    pub connected: bool,
    /// The player's rating when they are identified (a key, or the server's
    /// computer); absent for a guest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
}

/// Both seats of a match; `None` is a free seat.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Seats {
    /// The first player's seat.
    pub white: Option<SeatInfo>,
    /// The second player's seat.
    pub black: Option<SeatInfo>,
}

impl Seats {
    /// The seat of `side`.
    pub fn get(&self, side: Side) -> Option<&SeatInfo> {
        match side {
            Side::First => self.white.as_ref(),
            Side::Second => self.black.as_ref(),
        }
    }

    /// The seat of `side`, to change it.
    pub fn get_mut(&mut self, side: Side) -> &mut Option<SeatInfo> {
        match side {
            Side::First => &mut self.white,
            Side::Second => &mut self.black,
        }
    }
}

/// Both clocks as the server knows them when it sends a message. Absent
/// (`null`) in untimed matches.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Clocks {
    /// White's remaining time, in milliseconds.
    pub white_ms: u64,
    /// Black's remaining time, in milliseconds.
    pub black_ms: u64,
    /// Whose clock is running, if any (none before the start and after the end).
    pub running: Option<Side>,
}

/// One line of the lobby: enough to choose a match to join or watch.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MatchSummary {
    /// The match.
    pub id: MatchId,
    /// Who sits where, and whether they are connected.
    pub seats: Seats,
    /// How many spectators are watching.
    pub spectators: u32,
    /// Waiting, playing or finished.
    pub status: MatchStatus,
    /// The clock rules.
    pub time_control: TimeControl,
    /// Whether the game counts for ratings (see `create_match.rated`).
    #[serde(default)]
    pub rated: bool,
    /// Whether the server ends the game once the territory proves it (see
    /// `create_match.end_when_decided`).
    #[serde(default)]
    pub end_when_decided: bool,
    /// Whether the players may see the territory view (see
    /// `create_match.assistance`).
    #[serde(default)]
    pub assistance: bool,
    /// Moves played so far.
    pub ply: u32,
    /// The result, once the game has ended.
    pub outcome: Option<Outcome>,
}

/// Everything about a match, sent when a client takes a seat, resumes one or
/// starts to watch. With it a client can draw the board and the clocks without
/// having seen any earlier message. It never contains a seat token.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MatchSnapshot {
    /// The match.
    pub match_id: MatchId,
    /// The receiver's own seat, or `null` for a spectator.
    pub you: Option<Side>,
    /// Who sits where.
    pub seats: Seats,
    /// How many spectators are watching.
    pub spectators: u32,
    /// Waiting, playing or finished.
    pub status: MatchStatus,
    /// The clock rules.
    pub time_control: TimeControl,
    /// Whether the game counts for ratings (see `create_match.rated`).
    #[serde(default)]
    pub rated: bool,
    /// Whether the server ends the game once the territory proves it (see
    /// `create_match.end_when_decided`).
    #[serde(default)]
    pub end_when_decided: bool,
    /// Whether the players may see the territory view (see
    /// `create_match.assistance`).
    #[serde(default)]
    pub assistance: bool,
    /// The position the game started from (FEN).
    pub initial_fen: String,
    /// Every move so far, in order, with the time each took and the mover's
    /// clock after it.
    pub moves: Vec<RecordedMove>,
    /// The current position (FEN).
    pub fen: String,
    /// The ply the next move must carry (equal to the number of moves played).
    pub ply: u32,
    /// Whose turn it is.
    pub turn: Side,
    /// The clocks (`null` when untimed).
    pub clocks: Option<Clocks>,
    /// The result, once the game has ended.
    pub outcome: Option<Outcome>,
    /// A pending rematch offer, by the side that made it.
    pub rematch_offer: Option<Side>,
    /// The territory proves the game in the current position (only when the
    /// match does not end such games itself; see `move_played.decided`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<Decided>,
    /// For a game ended by territory: the winner's margin in moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<u32>,
}
