//! Talking to a server: its address, the WebSocket connection, the match
//! session every face shares, the seat tokens kept on disk, and the HTTP API
//! for finished games. (The match followed is `amazons_protocol::MatchView`,
//! the fold the server's computer player uses too.)
//!
//! - `address`: a server's address, checked, and failures explained.
//! - `connection`: the WebSocket connection actor with reconnects and a
//!   closing handle.
//! - `session`: the match session of a connection (view, seat token, join
//!   in progress, move in flight; events in, messages out).
//! - [`seat_store`]: seat tokens on disk, so a restarted client resumes.
//! - `http`: the server's HTTP API for finished games.

pub(crate) mod address;
pub(crate) mod connection;
pub(crate) mod http;
pub mod seat_store;
pub(crate) mod session;
