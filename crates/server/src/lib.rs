//! `amazons-server`: the authoritative host for Game of the Amazons matches on
//! a LAN. Clients speak protocol v1 (`amazons-protocol`, `docs/protocol.md`)
//! over a WebSocket at `/ws`; a small JSON API shares the port. The server
//! checks every move with `amazons-core`, runs the clocks, and keeps every
//! game: moves are journalled (fsynced) before they are acknowledged, finished
//! games are written as JSON records.
//!
//! # Layout
//! - [`config`]: settings (embedded `config/server.toml`, a `--config` file,
//!   flags), checked at start-up with errors that name the key.
//! - [`server`]: start-up (history, journal replay, restoring matches,
//!   binding the port) and graceful shutdown.
//! - [`http`]: the routes: `/ws`, `/health`, `/api/matches`, `/api/games`,
//!   and the web board at `/`.
//! - [`web_assets`]: the web board's files (`web/assets/`), compiled in and
//!   served with MIME type, ETag and security headers.
//! - [`connection`]: one task per WebSocket: limits (size, rate, heartbeat),
//!   `hello`, lobby feed, and forwarding of match requests.
//! - [`match_actor`]: one task per match owning its state: seats, tokens,
//!   moves, clocks, grace periods, spectators, rematches.
//! - [`registry`]: the table of matches (handles and summaries) and the lobby
//!   broadcast.
//! - [`journal`]: the group-committed journal of matches in progress and its
//!   recovery at start-up.
//! - [`history`]: finished game records on disk (atomic writes) and their index.
//! - [`shared`]: what all tasks share, and the queue handle a match uses to
//!   reach a connection.
//!
//! See `docs/architecture.md` ("amazons-server") for why it is shaped this way.

pub mod config;
pub mod connection;
pub mod history;
pub mod http;
pub mod journal;
pub mod linger;
pub mod match_actor;
pub mod registry;
pub mod server;
pub mod shared;
pub mod web_assets;

pub use config::Config;
pub use server::{RunningServer, start};
