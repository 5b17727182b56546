//! `amazons-server`: the authoritative host for Game of the Amazons matches on
//! a LAN. Clients speak protocol v1 (`amazons-protocol`, `docs/protocol.md`)
//! over a WebSocket at `/ws`; a small JSON API shares the port. The server
//! checks every move with `amazons-core`, runs the clocks, and keeps every
//! game: moves are journalled (fsynced) before they are acknowledged, finished
//! games are written as JSON records.
//!
//! # Layout
//! The door, by feature (a client message is split once, and each feature
//! parses and answers its own requests):
//! - [`connection`]: one task per WebSocket: limits (size, rate,
//!   heartbeat), the `hello` deadline, the lobby feed, and routing: it
//!   knows no feature's rules.
//! - [`door`]: every client message split once into its feature's request
//!   type ([`door::Door`]); a new message does not compile until it has a
//!   door.
//! - [`identity`]: `hello` checked and answered with `welcome` (protocol,
//!   name, the name's claim by a key).
//! - [`matches`](mod@matches): `create_match` checked and created; a request about one
//!   match handed to its task.
//! - [`lobby`]: the list of matches, once or as a feed.
//! - [`tournament`]`::door`: the tournament requests, checked and handed
//!   to the tournament's task.
//! - [`reply`]: what a door answers on the connection itself.
//!
//! The features, each reached through its own handle (below them, no
//! module names [`shared::Shared`]):
//! - [`match_state`]: one match as a pure value ([`match_state::Match`]):
//!   seats, the core `Game`, spectators, rematches; `decide` (every refusal
//!   rule), `apply`, `tick`, `next_deadline` and the messages to send. No
//!   I/O: unit tests, journal recovery and the fuzz target drive it.
//! - [`match_actor`]: one task per match around its `Match`: receive,
//!   decide, journal, apply, write the record, send, sleep until the next
//!   deadline; match creation and restoring. Reaches the rest through
//!   [`match_actor::MatchesHandle`].
//! - [`tournament`]: one task per tournament (`actor`, reaching the rest
//!   through `TournamentsHandle`): entrants, rounds paired through
//!   `amazons-tournament`, each round's matches (seats kept for their
//!   entrants), results, standings; persisted beside the journal, finished
//!   ones recorded in `<history>/tournaments/`; its mailbox is bounded.
//! - [`computer`]: the server's own computer opponents: the offer, checking
//!   a request, the limit of games at once, the computer player's task (a
//!   connection without a socket, reaching the rest through
//!   [`computer::ComputerHandle`]), the threads that drive its engines, the
//!   engine worker process (`amazons-server computer-worker`), and how it
//!   takes its seats back after a restart.
//! - [`analysis`]: game analyses on request: the queue, the runs in an
//!   engine process of their own (`amazons-server analysis-worker`) in one
//!   of the computer's places, the saved results (`<history>/analyses/`),
//!   and its two HTTP routes.
//! - [`workers`]: engine capacity from other machines: the worker keys,
//!   the places of the host and of the connected workers that computer
//!   games take, `/worker` and `/api/workers`, and the worker itself
//!   (`amazons-server worker`).
//! - [`territory`]: the engine's exact territory count after each move (on
//!   a counting thread of its own, within a fixed budget per region) and
//!   the view of `GET /api/territory`.
//!
//! What the features share, at the bottom:
//! - [`mailbox`]: the queues between tasks: a connection's
//!   ([`mailbox::ConnHandle`]) and a match's ([`mailbox::MatchHandle`],
//!   bounded).
//! - [`registry`]: the table of matches (handles and summaries) and the lobby
//!   broadcast.
//! - [`journal`]: the group-committed journal of matches in progress and its
//!   recovery at start-up.
//! - [`history`]: finished game records on disk (atomic writes) and their
//!   index; its reads go off the runtime ([`history::History::off_runtime`]).
//! - [`names`]: names claimed by player keys (`identity/names.json`), their
//!   release (`amazons-server release-name`), and the name rule.
//! - [`players`]: the ratings table as the HTTP API shows it
//!   (`/api/players`, `/api/players/{name}`).
//!
//! The top, which holds everything:
//! - [`config`]: settings (embedded `config/server.toml`, a `--config` file,
//!   flags, merged once), checked at start-up with errors in a person's
//!   words: the source, the key, the key probably meant, the kind wanted.
//! - [`shared`]: what the server holds once, and the handle it gives each
//!   feature.
//! - [`server`]: start-up (history, journal replay, restoring matches,
//!   binding the port: a [`BindError`] says what to do) and graceful
//!   shutdown.
//! - [`http`]: the routes: `/ws`, `/health`, `/api/matches`, `/api/games`,
//!   `/api/players`, `/api/tournaments`, `/api/territory`, and the web
//!   board at `/`.
//! - [`api_error`]: how the JSON API refuses, `{"error", "message"}`, and
//!   the query-string extractor that refuses so.
//! - [`web_assets`]: the web board's files (`web/assets/`), compiled in and
//!   served compressed, with MIME type, ETag and security headers.
//! - [`locales`]: the page's message catalogues (`/locales/{lang}/{file}.ftl`),
//!   compiled in like the page.
//! - [`linger`]: sockets that drain the client's input before they close, so
//!   that no reset destroys a close frame.
//! - [`fault`]: fault injection for the crash tests (debug builds only).
//!
//! See docs/architecture.md (where to look first) and docs/design/server.md
//! (why it is shaped this way).

pub mod analysis;
pub mod api_error;
pub mod computer;
pub mod config;
pub mod connection;
pub mod door;
pub mod fault;
pub mod history;
pub mod http;
pub mod identity;
pub mod journal;
pub mod linger;
pub mod lobby;
pub mod locales;
pub mod mailbox;
pub mod match_actor;
pub mod match_state;
pub mod matches;
pub mod names;
pub mod players;
pub mod registry;
pub mod reply;
pub mod server;
pub mod shared;
pub mod territory;
pub mod tournament;
pub mod web_assets;
pub mod workers;

pub use config::Config;
pub use server::{BindError, RunningServer, start};
