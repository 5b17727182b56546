//! What a client sees of a tournament: the line in the list, and the full
//! view (entrants, rounds, standings) sent to whoever watches it. The
//! pairing rules and the tie-breaks are `amazons-tournament`'s; this module
//! is their wire form, by name rather than by entrant index.

use core::fmt;
use core::str::FromStr;

use amazons_core::{PlayerKind, TimeControl};
pub use amazons_tournament::{Format, FormatName, GameResult, Tiebreak};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::ids::MatchId;
use crate::rating::Rating;

/// Names one tournament on a server (a UUID, like a match id, so that the
/// tournament records of different server runs never collide).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TournamentId(pub Uuid);

impl TournamentId {
    /// A fresh random id, made by the server when a tournament is created.
    pub fn random() -> TournamentId {
        TournamentId(Uuid::new_v4())
    }
}

impl fmt::Display for TournamentId {
    /// The hyphenated lower-case UUID, as on the wire and in file names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.hyphenated(), f)
    }
}

impl fmt::Debug for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TournamentId({self})")
    }
}

impl FromStr for TournamentId {
    type Err = uuid::Error;
    /// Reads a UUID in any form the `uuid` crate accepts.
    fn from_str(s: &str) -> Result<TournamentId, uuid::Error> {
        Uuid::parse_str(s).map(TournamentId)
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Entrants may join and withdraw; nothing is paired yet.
    Registering,
    /// Rounds are being played (see `paused`).
    Running,
    /// Every round is played, or the organiser ended it early; the record is
    /// in the history.
    Finished,
}

/// One entrant as everyone may see them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entrant {
    /// The entrant's name (a key-bound name, or a computer player's).
    pub name: String,
    /// Person or program.
    pub kind: PlayerKind,
    /// The entrant's rating when the tournament started (or now, while
    /// registering); absent when unrated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
    /// Withdrew or was removed: not paired again, pending games forfeited.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
    /// Whether a connection of this entrant is open now (computer players
    /// always are).
    pub connected: bool,
}

/// One game of a round, by the entrants' names.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentGame {
    /// Who moves first.
    pub white: String,
    /// Who moves second.
    pub black: String,
    /// The match, once created (watch it with `spectate`; its record, once
    /// finished, is `GET /api/games/{match_id}`). Absent for a game forfeited
    /// before it was created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_id: Option<MatchId>,
    /// The result, once known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
}

/// One round: its games (board 1 first) and the bye.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentRound {
    /// 1 for the first round.
    pub number: u32,
    /// The games.
    pub games: Vec<TournamentGame>,
    /// Who has the bye (scored as a win), if anyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<String>,
}

/// One tie-break's value for one entrant.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TiebreakValue {
    /// Which tie-break.
    pub kind: Tiebreak,
    /// Its value (every tie-break is a whole number: Amazons has no draws).
    pub value: i64,
}

/// One line of the standings, best first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1 for the leader; entrants equal on points and every tie-break share
    /// a rank.
    pub rank: u32,
    /// The entrant.
    pub name: String,
    /// Wins, byes and forfeit wins.
    pub points: u32,
    /// Games played or forfeited, and byes.
    pub games: u32,
    /// The tie-breaks in the order they apply to this format.
    pub tiebreaks: Vec<TiebreakValue>,
}

/// A tournament as a line of the list (`tournament_list`,
/// `GET /api/tournaments`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentSummary {
    /// The tournament.
    pub id: TournamentId,
    /// Its title.
    pub title: String,
    /// Round robin or Swiss, with its cycles or rounds.
    pub format: Format,
    /// The clock of every game.
    pub time_control: TimeControl,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// Registering, running or finished.
    pub status: TournamentStatus,
    /// The organiser paused it: no new round starts until resumed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paused: bool,
    /// The organiser's name.
    pub organiser: String,
    /// Entrants (withdrawn ones included).
    pub entrant_count: u32,
    /// The round being played or last played (0 before the start).
    pub round: u32,
    /// How many rounds it has (for a round robin, known once the field is
    /// closed at the start; until then as many as the field now needs).
    pub rounds_planned: u32,
}

/// Everything about a tournament: sent to whoever watches it
/// (`tournament_updated`) and read at `GET /api/tournaments/{id}`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentView {
    /// The line of the list.
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// The entry list, when the organiser closed entry to these names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_list: Option<Vec<String>>,
    /// The entrants in seeding order (strongest first once started).
    pub entrants: Vec<Entrant>,
    /// Every round paired so far.
    #[serde(default)]
    pub rounds: Vec<TournamentRound>,
    /// The standings now (final once finished).
    #[serde(default)]
    pub standings: Vec<StandingRow>,
}

/// `GET /api/tournaments`: every tournament the server holds, live and
/// finished, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentsPage {
    /// One line each.
    pub tournaments: Vec<TournamentSummary>,
}
