//! The wire protocol (version 1) between `amazons-server` and its clients:
//! JSON text frames over a WebSocket, one message per frame, each an object
//! tagged by `type`. `docs/protocol.md` describes every message with an example
//! and the order of a typical session; this crate is the Rust form of it, shared
//! by the server and the client so that they cannot drift apart.
//!
//! The JSON bodies of the HTTP API on the same port are here too ([`api`]).
//!
//! This crate holds data and pure folds of it only: no sockets, no clocks
//! of its own (time is passed in), no rules. Whether a move is legal is for
//! `amazons-core` to say; what happens when is for the server.
//!
//! # Layout
//! - [`analysis`]: territory and analysis: [`TerritoryView`] (`GET
//!   /api/territory`), [`GameAnalysis`] (`/api/games/{id}/analysis`), and
//!   [`Decided`], the proven result a move can carry.
//! - [`api`]: the bodies of the HTTP API on the same port ([`Health`],
//!   [`GamesPage`], [`GameSummary`]; a game is a core `GameRecord`).
//! - [`computer`]: computer opponents: what a server offers
//!   ([`ComputerOffer`], in `welcome`) and what a client asks for
//!   ([`ComputerRequest`], in `create_match`).
//! - [`ids`]: [`MatchId`] (a UUID) and [`SeatToken`] (the secret of a seat,
//!   redacted in `Debug`).
//! - [`legal`]: [`LegalMoves`], the compact list of a position's legal moves
//!   that the player to move receives (queen → destination → arrow set).
//! - [`limits`]: [`ServerLimits`], what the server accepts (name length,
//!   time control bounds, the abort rule), told in `welcome`.
//! - [`lobby`]: what a client sees of a match: [`MatchSummary`] for lists,
//!   [`MatchSnapshot`] for the full state, [`Seats`], [`Clocks`], [`MatchStatus`].
//! - [`match_view`]: [`MatchView`], one match as a party to it follows it (a
//!   snapshot, then its messages folded in: position, moves, core's clock,
//!   seats, outcome, rematch offer), for the client and the server's
//!   computer player alike.
//! - [`messages`]: [`ClientMessage`], [`ServerMessage`], their types
//!   [`MessageType`] and [`ServerMessageType`], [`ErrorCode`] and the
//!   version constant [`PROTOCOL_VERSION`]. Each list of names is written
//!   once; the others are derived from it or checked against it.
//! - [`tournament`]: what a client sees of a tournament:
//!   [`TournamentSummary`] for lists, [`TournamentView`] with entrants,
//!   rounds and standings, [`TournamentId`].
//! - [`vocabulary`]: every enum the faces show by name ([`Vocabulary`]:
//!   end reasons, clocks, error codes, tournament formats, tie-breaks), for
//!   the catalogue tests and the page's generated `vocabulary.js`.
//! - [`worker`]: the worker protocol on `/worker` ([`WorkerMessage`],
//!   [`HostMessage`]), spoken by `amazons-server worker` on other machines,
//!   and `GET /api/workers` ([`WorkersPage`]).
//! - `testing` (feature `testing`, for dev-dependencies only): builders of
//!   messages for tests, so that no test writes a message's JSON by hand.
//!
//! # Example
//! ```
//! use amazons_protocol::{ClientMessage, ServerMessage, PROTOCOL_VERSION};
//!
//! let hello = ClientMessage::decode(r#"{"type":"hello","protocol":1,"name":"ann"}"#).unwrap();
//! assert!(matches!(hello, ClientMessage::Hello { protocol: PROTOCOL_VERSION, .. }));
//!
//! let error = ClientMessage::decode(r#"{"type":"teleport"}"#).unwrap_err();
//! assert_eq!(error.code, amazons_protocol::ErrorCode::UnknownType);
//!
//! let pong = ServerMessage::Pong { nonce: 7 };
//! assert_eq!(pong.encode(), r#"{"type":"pong","nonce":7}"#);
//! ```

pub mod analysis;
pub mod api;
pub mod computer;
pub mod identity;
pub mod ids;
pub mod legal;
pub mod limits;
pub mod lobby;
pub mod match_view;
pub mod messages;
pub mod rating;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod tournament;
pub mod vocabulary;
pub mod worker;

pub use amazons_core::Vocabulary;
pub use analysis::{
    AnalysisBudget, AnalysisStatus, Decided, GameAnalysis, MoveClass, MoveRange, PlayerSummary,
    PlyAnalysis, Proven, RegionView, TerritoryCounts, TerritoryView,
};
pub use api::{
    GameSummary, GamesPage, GamesQuery, Health, HealthStatus, PlayerPage, PlayerRow, PlayersPage,
    PlayersQuery, RatingPoint,
};
pub use computer::{
    AskedLevel, ComputerOffer, ComputerRequest, EngineOffer, LevelOffer, ThinkTimes,
};
pub use identity::{BadPlayerKey, PLAYER_KEY_BYTES, PlayerKey, is_invisible, name_key};
pub use ids::{BadSeatToken, MatchId, SeatToken};
pub use legal::{ArrowSet, LegalMoves};
pub use limits::ServerLimits;
pub use lobby::{Clocks, MatchSnapshot, MatchStatus, MatchSummary, SeatInfo, Seats};
pub use match_view::{Change, MatchView, SnapshotError};
pub use messages::{
    ClientMessage, ColorPreference, DecodeError, ErrorCode, MessageType, PROTOCOL_VERSION,
    ServerMessage, ServerMessageType,
};
pub use rating::{Rating, RatingChange};
pub use tournament::{
    CrossScore, CrosstableRow, Entrant, FormatName, StandingRow, TiebreakValue, TournamentGame,
    TournamentId, TournamentRound, TournamentStatus, TournamentSummary, TournamentView,
    TournamentsPage,
};
pub use worker::{
    HostMessage, JobId, WORKER_PROTOCOL_VERSION, WorkBudget, WorkClocks, WorkEngine, WorkKind,
    WorkerKey, WorkerMessage, WorkerRefusal, WorkerRow, WorkersPage,
};
