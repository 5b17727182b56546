//! `amazons-e2e`: the harness of the end-to-end tests in `tests/tests/`.
//!
//! The tests start the real `amazons-server` binary on 127.0.0.1 with an
//! ephemeral port and a temporary history directory, and drive it with the
//! real `amazons-client` binary and with raw WebSocket (and raw TCP) clients.
//! Nothing here talks to anything but 127.0.0.1. What every test of the
//! workspace shares (the server as a child process, the WebSocket client,
//! finding the binaries) is in `amazons-testkit`; this crate holds what only
//! the end-to-end tests use.
//!
//! # Layout
//! - [`start_server`]: the kit's `ServerProcess`, with the client binary
//!   located first.
//! - [`process`]: [`ClientProcess`]: an `amazons-client` child (the kit's
//!   `ChildProcess`) with a state folder of its own.
//! - [`identity`]: [`Identity`]: a player key and state folder of its own,
//!   for the several runs a test makes as one player.
//! - [`raw`]: hand-made HTTP requests and WebSocket frames over plain TCP,
//!   for what a well-behaved library refuses to send.
//! - [`player`]: [`player::play_seat`]: a seat that plays random legal moves,
//!   reconnects and resumes with its token whenever the connection drops, and
//!   remembers every move it saw acknowledged.
//! - [`records`]: reading game records back (HTTP and disk) and checking them
//!   against the rules.
//!
//! Every wait has a deadline, so a hang fails a test instead of blocking CI.

pub mod identity;
pub mod player;
pub mod process;
pub mod raw;
pub mod records;

pub use identity::Identity;
pub use process::ClientProcess;

use amazons_testkit::ServerProcess;

/// Starts the real server (see `amazons_testkit::ServerProcess::start_with`)
/// with extra flags, after finding (perhaps building) the client binary too:
/// built later, while a test's connections wait idle, it could outlast the
/// server's heartbeat and have them closed.
pub fn start_server(args: &[&str]) -> ServerProcess {
    amazons_testkit::binaries::client();
    ServerProcess::start_with(args)
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
