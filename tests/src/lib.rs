//! `amazons-e2e`: the harness of the end-to-end tests in `tests/tests/`.
//!
//! The tests start the real `amazons-server` binary on 127.0.0.1 with an
//! ephemeral port and a temporary history directory, and drive it with the
//! real `amazons-client` binary and with raw WebSocket (and raw TCP) clients.
//! Nothing here talks to anything but 127.0.0.1.
//!
//! # Layout
//! - [`binaries`]: finding up-to-date server and client executables
//!   (`$AMAZONS_SERVER_BIN` / `$AMAZONS_CLIENT_BIN`, else `cargo build` into
//!   the test's own target directory, a no-op after `cargo test --workspace`).
//! - [`server`]: [`ServerProcess`]: start, SIGKILL, restart on the same port
//!   and history directory.
//! - [`process`]: [`ClientProcess`]: an `amazons-client` child with its stdout
//!   lines on a channel and its stderr kept.
//! - [`ws`]: [`WsClient`]: a raw protocol client over tokio-tungstenite.
//! - [`raw`]: hand-made HTTP requests and WebSocket frames over plain TCP,
//!   for what a well-behaved library refuses to send.
//! - [`player`]: [`player::play_seat`]: a seat that plays random legal moves,
//!   reconnects and resumes with its token whenever the connection drops, and
//!   remembers every move it saw acknowledged.
//! - [`records`]: reading game records back (HTTP and disk) and checking them
//!   against the rules.
//!
//! Every wait has a deadline, so a hang fails a test instead of blocking CI.

pub mod binaries;
pub mod player;
pub mod process;
pub mod raw;
pub mod records;
pub mod server;
pub mod ws;

pub use process::ClientProcess;
pub use server::ServerProcess;
pub use ws::WsClient;

use amazons_core::{Move, Position};
use rand::Rng;
use rand::seq::IndexedRandom;

/// A random legal move of `position` (which must not be over).
pub fn random_move(position: &Position, rng: &mut impl Rng) -> Move {
    *position
        .legal_moves()
        .choose(rng)
        .expect("the position has a legal move")
}

/// The seed of a test's random choices: `$E2E_SEED` when set, else `default`.
/// Printed so that a failure can be replayed.
pub fn seed(default: u64) -> u64 {
    let seed = std::env::var("E2E_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    eprintln!("E2E_SEED={seed}");
    seed
}
