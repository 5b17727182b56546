//! Engine capacity from every machine on the LAN: remote workers give the
//! computer's games places to play in, besides the host's own
//! `computer.max_games` (docs/workers.md says how to run one).
//!
//! A worker is this same binary, `amazons-server worker --server URL
//! --key-file FILE`, on another machine. It connects outward to `/worker`,
//! says how many places it offers, and runs each game it is given in the
//! same per-game engine process as the host (`computer-worker`, at the same
//! low priority). The host keeps everything that decides a game: the
//! clocks, the deadlines, the rules. A worker only answers moves, and a
//! move counts only when it is legal on its turn.
//!
//! # Layout
//! - `keys.rs`: [`keys::KeyBook`], the keys the host issued
//!   (`amazons-server worker-key add|list|remove`), stored hashed.
//! - `places.rs`: [`Workers`], every place (the host's and the workers'),
//!   the [`Lease`] a game holds on one, and how a think on a worker's place
//!   is sent, timed and checked; a worker that fails loses the job
//!   ([`Lost`]).
//! - `door.rs`: `GET /worker` (the worker protocol's server side) and
//!   `GET /api/workers`.
//! - `agent.rs`: the worker itself: connect, run the jobs, reconnect with
//!   jittered backoff.
//! - `cli.rs`: the `worker-key` commands.

pub mod agent;
pub mod cli;
pub mod door;
pub mod keys;
mod places;

pub use keys::KeyBook;
pub use places::{
    Lease, Lost, Place, Placement, Ticket, WorkerId, Workers, think_budget, work_budget,
};

/// Now, in Unix milliseconds (0 if the clock is before 1970).
pub(crate) fn unix_ms_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
