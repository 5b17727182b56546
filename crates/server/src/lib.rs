//! `amazons-server`: the authoritative host for Game of the Amazons matches on
//! a LAN. Clients speak protocol v1 (`amazons-protocol`, `docs/protocol.md`)
//! over a WebSocket at `/ws`; a small JSON API shares the port. The server
//! checks every move with `amazons-core`, runs the clocks, and keeps every
//! game: moves are journalled (fsynced) before they are acknowledged, finished
//! games are written as JSON records.
//!
//! # Layout
//! - [`config`]: settings (embedded `config/server.toml`, a `--config` file,
//!   flags, merged once), checked at start-up with errors in a person's
//!   words: the source, the key, the key probably meant, the kind wanted.
//! - [`server`]: start-up (history, journal replay, restoring matches,
//!   binding the port: a [`BindError`] says what to do) and graceful
//!   shutdown.
//! - [`http`]: the routes: `/ws`, `/health`, `/api/matches`, `/api/games`,
//!   `/api/players`, `/api/tournaments`, `/api/territory`, and the web
//!   board at `/`.
//! - [`web_assets`]: the web board's files (`web/assets/`), compiled in and
//!   served with MIME type, ETag and security headers.
//! - [`computer`]: the server's own computer opponents: the offer, checking
//!   a request, the limit of games at once, the computer player's task (a
//!   connection without a socket), the threads that drive its engines, the
//!   engine worker process (`amazons-server computer-worker`), and how it
//!   takes its seats back after a restart.
//! - [`analysis`]: game analyses on request: the queue, the runs in an
//!   engine process of their own (`amazons-server analysis-worker`) in one
//!   of the computer's places, the saved results (`<history>/analyses/`).
//! - [`workers`]: engine capacity from other machines: the worker keys,
//!   the places of the host and of the connected workers that computer
//!   games take, `/worker` and `/api/workers`, and the worker itself
//!   (`amazons-server worker`).
//! - [`connection`]: one task per WebSocket: limits (size, rate, heartbeat),
//!   `hello`, lobby feed, and forwarding of match requests.
//! - [`match_state`]: one match as a pure value ([`match_state::Match`]):
//!   seats, the core `Game`, spectators, rematches; `decide` (every refusal
//!   rule), `apply`, `tick`, `next_deadline` and the messages to send. No
//!   I/O: unit tests, journal recovery and the fuzz target drive it.
//! - [`match_actor`]: one task per match around its `Match`: receive,
//!   decide, journal, apply, write the record, send, sleep until the next
//!   deadline; match creation and restoring.
//! - [`territory`]: the engine's exact territory count after each move (on
//!   a blocking thread, within a fixed budget) and the view of
//!   `GET /api/territory`.
//! - [`registry`]: the table of matches (handles and summaries) and the lobby
//!   broadcast.
//! - [`journal`]: the group-committed journal of matches in progress and its
//!   recovery at start-up.
//! - [`history`]: finished game records on disk (atomic writes) and their index.
//! - [`names`]: names claimed by player keys (`identity/names.json`), and
//!   their release (`amazons-server release-name`).
//! - [`players`]: the ratings table as the HTTP API shows it
//!   (`/api/players`, `/api/players/{name}`).
//! - [`tournament`]: one task per tournament: entrants, rounds paired
//!   through `amazons-tournament`, each round's matches (seats kept for
//!   their entrants), results, standings; persisted beside the journal,
//!   finished ones recorded in `<history>/tournaments/`.
//! - [`shared`]: what all tasks share, and the queue handle a match uses to
//!   reach a connection.
//! - [`locales`]: the page's message catalogues (`/locales/{lang}/{file}.ftl`),
//!   compiled in like the page.
//! - [`linger`]: sockets that drain the client's input before they close, so
//!   that no reset destroys a close frame.
//! - [`fault`]: fault injection for the crash tests (debug builds only).
//!
//! See `docs/architecture.md` ("amazons-server") for why it is shaped this way.

pub mod analysis;
pub mod computer;
pub mod config;
pub mod connection;
pub mod fault;
pub mod history;
pub mod http;
pub mod journal;
pub mod linger;
pub mod locales;
pub mod match_actor;
pub mod match_state;
pub mod names;
pub mod players;
pub mod registry;
pub mod server;
pub mod shared;
pub mod territory;
pub mod tournament;
pub mod web_assets;
pub mod workers;

pub use config::Config;
pub use server::{BindError, RunningServer, start};
