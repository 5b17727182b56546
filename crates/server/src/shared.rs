//! What every task of the server can reach: the settings, the match table,
//! the journal, the history, the shutdown signal.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::analysis::Analyses;
use crate::computer::Computer;
use crate::config::Config;
use crate::history::History;
use crate::journal::Journal;
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
    pub history: Arc<History>,
    /// Names claimed by player keys.
    pub names: Arc<NameBook>,
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
