//! What the server holds once, for the life of the process: the settings,
//! the match table, the journal, the history, the names, the ratings, the
//! tournaments, the computer, the analyses, the shutdown signal. Only the
//! top of the crate (the connection and its doors, the HTTP routes,
//! start-up) holds all of it; each feature is handed its own handle with
//! only what it reaches ([`Shared::matches`], [`Shared::tournaments_handle`],
//! [`Shared::computer_handle`], [`Shared::analyses_handle`]), so no feature
//! depends on this module and the crate has no import circle.

use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::{Arc, RwLock};

use axum::extract::FromRef;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::analysis::http::AnalysisApi;
use crate::analysis::{Analyses, AnalysesHandle};
use crate::computer::{Computer, ComputerHandle};
use crate::config::Config;
use crate::history::History;
use crate::journal::Journal;
use crate::match_actor::MatchesHandle;
use crate::names::NameBook;
use crate::registry::Registry;
use crate::tournament::actor::TournamentsHandle;
use crate::tournament::{Presence, Tournaments};

/// State shared by the listener, the connection handlers and the matches.
pub struct Shared {
    /// The settings, fixed for the life of the server.
    pub config: Arc<Config>,
    /// Every match by id, and the lobby feed.
    pub registry: Arc<Registry>,
    /// Where matches record their events before acknowledging them.
    pub journal: Arc<Journal>,
    /// Finished game records.
    pub history: Arc<History>,
    /// Names claimed by player keys.
    pub names: Arc<NameBook>,
    /// Every identified player's rating: the history's rated games folded
    /// at start-up, and each rated game as its record is written. Held for
    /// a fold or a lookup only, never across an await.
    pub ratings: Arc<RwLock<amazons_ratings::Ratings>>,
    /// Every tournament, live and finished.
    pub tournaments: Arc<Tournaments>,
    /// The open connections of each keyed player.
    pub presence: Arc<Presence>,
    /// The computer opponents: offer, limits, thinking threads, seat key.
    pub computer: Arc<Computer>,
    /// Game analyses: the queue, those running, the saved ones.
    pub analyses: Arc<Analyses>,
    /// Cancelled once to start shutdown; every task watches it.
    pub shutdown: CancellationToken,
    /// Every connection handler and match task, so that shutdown can wait
    /// for them all to finish.
    pub tracker: TaskTracker,
    /// One permit per connection: caps the number of connections.
    pub connection_permits: Arc<Semaphore>,
    /// Open connections, for `/health`.
    pub connections: AtomicUsize,
    /// Source of connection ids (the computer's players and the
    /// tournaments take theirs from it too).
    pub next_conn_id: Arc<AtomicU64>,
}

impl Shared {
    /// What the computer's players reach.
    pub fn computer_handle(&self) -> ComputerHandle {
        ComputerHandle {
            computer: Arc::clone(&self.computer),
            registry: Arc::clone(&self.registry),
            next_conn_id: Arc::clone(&self.next_conn_id),
            outbound_queue: self.config.outbound_queue,
            shutdown: self.shutdown.clone(),
            tracker: self.tracker.clone(),
        }
    }

    /// What the matches reach.
    pub fn matches(&self) -> MatchesHandle {
        MatchesHandle {
            config: Arc::clone(&self.config),
            registry: Arc::clone(&self.registry),
            journal: Arc::clone(&self.journal),
            history: Arc::clone(&self.history),
            ratings: Arc::clone(&self.ratings),
            computer: Arc::clone(&self.computer),
            seats: self.computer_handle(),
            tournaments: self.tournaments.clone(),
            shutdown: self.shutdown.clone(),
            tracker: self.tracker.clone(),
        }
    }

    /// What the tournaments reach.
    pub fn tournaments_handle(&self) -> TournamentsHandle {
        TournamentsHandle {
            config: Arc::clone(&self.config),
            tournaments: Arc::clone(&self.tournaments),
            presence: Arc::clone(&self.presence),
            registry: Arc::clone(&self.registry),
            history: Arc::clone(&self.history),
            ratings: Arc::clone(&self.ratings),
            computer: Arc::clone(&self.computer),
            next_conn_id: Arc::clone(&self.next_conn_id),
            matches: self.matches(),
            shutdown: self.shutdown.clone(),
            tracker: self.tracker.clone(),
        }
    }

    /// What the analysis runners reach.
    pub fn analyses_handle(&self) -> AnalysesHandle {
        AnalysesHandle {
            analyses: Arc::clone(&self.analyses),
            computer: Arc::clone(&self.computer),
            shutdown: self.shutdown.clone(),
            tracker: self.tracker.clone(),
        }
    }
}

impl FromRef<Arc<Shared>> for AnalysisApi {
    fn from_ref(shared: &Arc<Shared>) -> AnalysisApi {
        AnalysisApi {
            analyses: Arc::clone(&shared.analyses),
            history: Arc::clone(&shared.history),
        }
    }
}
