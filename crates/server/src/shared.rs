//! What every task of the server can reach: the settings, the match table,
//! the journal, the history, the shutdown signal; and the handle through
//! which a match talks to a connection.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use amazons_protocol::ServerMessage;
use axum::extract::ws::Utf8Bytes;
use tokio::sync::{Semaphore, mpsc};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::analysis::Analyses;
use crate::computer::Computer;
use crate::config::Config;
use crate::history::History;
use crate::journal::Journal;
use crate::match_actor::MatchHandle;
use crate::names::NameBook;
use crate::registry::Registry;
use crate::tournament::{Presence, Tournaments};

/// State shared by the listener, the connection handlers and the matches.
pub struct Shared {
    /// The settings, fixed for the life of the server.
    pub config: Config,
    /// Every match by id, and the lobby feed.
    pub registry: Registry,
    /// Where matches record their events before acknowledging them.
    pub journal: Journal,
    /// Finished game records.
    pub history: History,
    /// Names claimed by player keys.
    pub names: NameBook,
    /// Every identified player's rating: the history's rated games folded
    /// at start-up, and each rated game as its record is written. Held for
    /// a fold or a lookup only, never across an await.
    pub ratings: std::sync::RwLock<amazons_ratings::Ratings>,
    /// Every tournament, live and finished.
    pub tournaments: Tournaments,
    /// The open connections of each keyed player.
    pub presence: Presence,
    /// The computer opponents: offer, limits, thinking threads, seat key.
    pub computer: Computer,
    /// Game analyses: the queue, those running, the saved ones.
    pub analyses: Analyses,
    /// Cancelled once to start shutdown; every task watches it.
    pub shutdown: CancellationToken,
    /// Every connection handler and match task, so that shutdown can wait
    /// for them all to finish.
    pub tracker: TaskTracker,
    /// One permit per connection: caps the number of connections.
    pub connection_permits: Arc<Semaphore>,
    /// Open connections, for `/health`.
    pub connections: AtomicUsize,
    /// Source of connection ids.
    pub next_conn_id: std::sync::atomic::AtomicU64,
}

pub use crate::match_state::ConnId;

/// What a match (or the lobby) asks a connection's handler to do.
#[derive(Debug)]
pub enum Outbound {
    /// Send this text frame.
    Text(Utf8Bytes),
    /// Remember that this connection takes part in a match, so that the match
    /// hears about it when the connection drops.
    Attached(MatchHandle),
    /// Send a close frame with this code and reason, then stop.
    Close(u16, &'static str),
}

/// A match's way to reach one connection. Sending never waits: a connection
/// whose queue is full is not reading, and is closed rather than allowed to
/// hold up the match (or the server's memory).
#[derive(Clone, Debug)]
pub struct ConnHandle {
    /// Which connection.
    pub id: ConnId,
    /// Its outbound queue.
    tx: mpsc::Sender<Outbound>,
    /// Cancelled when the queue overflowed: the handler closes the connection.
    overflow: CancellationToken,
}

impl ConnHandle {
    /// A handle on a connection's queue.
    pub fn new(id: ConnId, tx: mpsc::Sender<Outbound>, overflow: CancellationToken) -> ConnHandle {
        ConnHandle { id, tx, overflow }
    }

    /// Queues a frame already encoded (for broadcasts, encoded once).
    pub fn send_text(&self, text: Utf8Bytes) {
        self.push(Outbound::Text(text));
    }

    /// Encodes and queues one message.
    pub fn send(&self, message: &ServerMessage) {
        self.send_text(Utf8Bytes::from(message.encode()));
    }

    /// Queues any request to the connection's handler.
    pub fn push(&self, outbound: Outbound) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(outbound) {
            self.overflow.cancel();
        }
    }
}
