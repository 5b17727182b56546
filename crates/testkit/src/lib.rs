//! `amazons-testkit`: the support code every test of the workspace shares,
//! so that no test carries its own copy. A dev-dependency only: no shipped
//! crate depends on it.
//!
//! Rules-level helpers (random positions and games, sample records) live in
//! `amazons_core::testing`, message builders in `amazons_protocol::testing`
//! (both behind a `testing` feature); this crate holds what needs sockets,
//! processes or cargo.
//!
//! # Layout
//! - [`binaries`]: up-to-date executables of other packages
//!   (`$AMAZONS_SERVER_BIN` / `$AMAZONS_CLIENT_BIN`, else `cargo build
//!   --message-format=json` into the calling test's own target directory).
//! - [`server`]: [`ServerProcess`], the real `amazons-server` as a child:
//!   started on 127.0.0.1 port 0 with a temporary history directory, its port
//!   read from its `listening on` line, SIGKILLed, restarted on the same port
//!   and directory.
//! - [`ws`]: [`WsClient`], the raw protocol client: a deadline on every wait,
//!   messages read ahead while waiting for a `pong` kept for later, and the
//!   end of a connection (with its close code) told apart from a message;
//!   the requests tests make most (create, join, resume, spectate, resign,
//!   a request that must be refused) each one call.
//! - [`started_match`]: [`StartedMatch`], two people in a started match of
//!   their own, and moves played through it that both see acknowledged.
//! - [`http`]: a plain HTTP GET by hand, async and blocking.
//! - [`process`]: [`ChildProcess`], a program under test (a client, a bot)
//!   with its stdin to write to and its output read line by line, with
//!   deadlines.
//!
//! Nothing here talks to anything but 127.0.0.1.

pub mod binaries;
pub mod http;
pub mod process;
pub mod server;
pub mod started_match;
pub mod ws;

pub use process::ChildProcess;
pub use server::{ServerOptions, ServerProcess};
pub use started_match::StartedMatch;
pub use ws::{Endpoint, Event, WsClient, WsError};
