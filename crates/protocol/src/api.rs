//! The bodies of the JSON API that shares the WebSocket's port: `GET /health`,
//! `GET /api/matches` (a list of [`MatchSummary`](crate::MatchSummary)),
//! `GET /api/games` ([`GamesPage`]), `GET /api/games/{id}` (a core
//! [`GameRecord`]), `GET /api/players` ([`PlayersPage`]) and
//! `GET /api/players/{name}` ([`PlayerPage`]). The server writes them and the client reads them with
//! these same types; `docs/protocol.md` shows an example of each, checked by a
//! test.

use amazons_core::{GameRecord, Outcome, PlayerId, PlayerInfo, PlayerKind, TimeControl};
use serde::{Deserialize, Serialize};

use crate::rating::Rating;

/// Whether the server is serving or stopping.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    /// Serving.
    Ok,
    /// A graceful shutdown has begun.
    ShuttingDown,
}

/// `GET /health`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Health {
    /// Serving or stopping.
    pub status: HealthStatus,
    /// The server's version (`0.1.0`).
    pub version: String,
    /// Open WebSocket connections.
    pub connections: u64,
    /// Matches on the server (waiting, playing, or finished and not yet
    /// cleared away).
    pub matches: u64,
}

/// The most games one page of `GET /api/games` holds; a larger `per_page` is
/// clamped to it.
pub const MAX_PER_PAGE: u32 = 100;

/// Games per page when `per_page` is not given.
pub const DEFAULT_PER_PAGE: u32 = 20;

/// The query of `GET /api/games?page=&per_page=`, both optional.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct GamesQuery {
    /// 1-based page number (default 1; 0 reads as 1).
    pub page: Option<u32>,
    /// Games per page (default [`DEFAULT_PER_PAGE`], clamped to
    /// 1..=[`MAX_PER_PAGE`]).
    pub per_page: Option<u32>,
}

impl GamesQuery {
    /// The page and page size the server answers with: defaults filled in,
    /// out-of-range values clamped.
    pub fn clamped(self) -> (u32, u32) {
        let page = self.page.unwrap_or(1).max(1);
        let per_page = self
            .per_page
            .unwrap_or(DEFAULT_PER_PAGE)
            .clamp(1, MAX_PER_PAGE);
        (page, per_page)
    }
}

/// `GET /api/games`: one page of finished games, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GamesPage {
    /// The games on this page.
    pub games: Vec<GameSummary>,
    /// The page number answered (after clamping).
    pub page: u32,
    /// The page size answered (after clamping).
    pub per_page: u32,
    /// Finished games on the server in all.
    pub total: u64,
}

/// One line of the game list: a [`GameRecord`] without its moves, made from
/// the record by [`GameSummary::of`] only (no literal outside this crate), so
/// a header field added to the record is added here and there, and nowhere
/// else.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub struct GameSummary {
    /// The record's id (the match id): `GET /api/games/{id}`.
    pub id: String,
    /// The id of the game this one is a rematch of; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
    /// Whether the game counted for ratings; absent (false) when casual.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Who played first.
    pub white: PlayerInfo,
    /// Who played second.
    pub black: PlayerInfo,
    /// Who won and why.
    pub result: Outcome,
    /// How many turns were played (plies: white's and black's each count one; the
    /// move list numbers a white turn and the black reply as one move).
    pub moves: u32,
    /// The clock rules.
    pub time_control: TimeControl,
    /// When the game started, Unix milliseconds.
    pub started_at_ms: u64,
    /// When the game ended, Unix milliseconds.
    pub ended_at_ms: u64,
}

impl GameSummary {
    /// The summary of a record: the one way a summary is made.
    pub fn of(record: &GameRecord) -> GameSummary {
        GameSummary {
            id: record.id.clone(),
            rematch_of: record.rematch_of.clone(),
            rated: record.rated,
            white: record.white.clone(),
            black: record.black.clone(),
            result: record.result,
            moves: record.moves.len() as u32,
            time_control: record.time_control,
            started_at_ms: record.started_at_ms,
            ended_at_ms: record.ended_at_ms,
        }
    }
}

/// The query of `GET /api/players?kind=&page=&per_page=`, all optional.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct PlayersQuery {
    /// Only people (`human`) or only programs (`bot`); everyone when absent.
    pub kind: Option<PlayerKind>,
    /// 1-based page number (default 1).
    pub page: Option<u32>,
    /// Players per page (default [`DEFAULT_PER_PAGE`], at most
    /// [`MAX_PER_PAGE`]).
    pub per_page: Option<u32>,
}

impl PlayersQuery {
    /// The page and page size answered, as for [`GamesQuery::clamped`].
    pub fn clamped(self) -> (u32, u32) {
        GamesQuery {
            page: self.page,
            per_page: self.per_page,
        }
        .clamped()
    }
}

/// One line of the leaderboard.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayerRow {
    /// 1-based place among the players listed (of the kind asked for).
    pub rank: u32,
    /// The name of their latest rated game; `GET /api/players/{name}`.
    pub name: String,
    /// Their public id: ratings follow it, not the name.
    pub id: PlayerId,
    /// Person or program (bots are marked on the board).
    pub kind: PlayerKind,
    /// Their rating now.
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
    /// Rated games won.
    pub wins: u32,
    /// Rated games lost.
    pub losses: u32,
    /// When their latest rated game ended, Unix milliseconds.
    pub last_played_ms: u64,
}

/// `GET /api/players`: one page of the leaderboard, best rating first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayersPage {
    /// The players on this page.
    pub players: Vec<PlayerRow>,
    /// The page number answered (after clamping).
    pub page: u32,
    /// The page size answered (after clamping).
    pub per_page: u32,
    /// Rated players (of the kind asked for) in all.
    pub total: u64,
}

/// A player's rating after one rated game: a point of the graph.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RatingPoint {
    /// When the game ended, Unix milliseconds.
    pub at_ms: u64,
    /// The rating after it, rounded.
    pub rating: i32,
    /// The deviation after it, rounded.
    pub deviation: i32,
}

/// `GET /api/players/{name}`: one player's page.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayerPage {
    /// Their line of the leaderboard (rank among everyone).
    #[serde(flatten)]
    pub row: PlayerRow,
    /// Their rating after each rated game, oldest first.
    pub history: Vec<RatingPoint>,
    /// Their latest games, rated or not, newest first (at most 20):
    /// `GET /api/games/{id}` replays one.
    pub recent_games: Vec<GameSummary>,
}

#[cfg(test)]
mod tests {
    use amazons_core::testing::{record_of, sample_meta};
    use amazons_core::{EndReason, Side};

    use super::*;

    #[test]
    fn a_summary_is_its_record_without_the_moves() {
        // One move, then black resigns.
        let meta = sample_meta("g2");
        let record = record_of(meta.clone().rematch_of("g1"), &["d1-d7/g7"]);
        let summary = GameSummary::of(&record);
        assert_eq!(summary.id, "g2");
        assert_eq!(summary.rematch_of.as_deref(), Some("g1"));
        assert_eq!((summary.white.name.as_str(), summary.moves), ("ann", 1));
        assert_eq!(
            summary.result,
            Outcome::win(Side::First, EndReason::Resignation)
        );
        let json = serde_json::to_string(&summary).unwrap();
        assert!(json.contains(r#""rematch_of":"g1""#), "{json}");
        let first = GameSummary::of(&record_of(meta, &["d1-d7/g7"]));
        let json = serde_json::to_string(&first).unwrap();
        assert!(!json.contains("rematch_of"), "absent when None: {json}");
    }

    #[test]
    fn page_queries_are_clamped() {
        assert_eq!(GamesQuery::default().clamped(), (1, DEFAULT_PER_PAGE));
        let query = GamesQuery {
            page: Some(0),
            per_page: Some(1000),
        };
        assert_eq!(query.clamped(), (1, MAX_PER_PAGE));
        let query = GamesQuery {
            page: Some(3),
            per_page: Some(0),
        };
        assert_eq!(query.clamped(), (3, 1));
    }
}
