//! Tournaments: one task per tournament (like the matches), holding its
//! entrants, rounds and watchers. Connections send it requests; it pairs
//! each round (through the pairing crate), creates the round's matches with
//! each seat kept for its entrant, tells each entrant's connections
//! `tournament_game`, stores each game's result as its match reports it,
//! and writes the record when the last round is over.
//!
//! # Layout
//! - this file: [`Tournaments`], the table every task reaches (handles,
//!   latest views, the list), and [`TournamentHandle`].
//! - `state.rs`: [`state::Tournament`], the tournament as a value, with
//!   every rule of who may do what and when.
//! - `actor.rs`: the task: requests in, state persisted, views out,
//!   matches created, results in; and [`actor::TournamentsHandle`], what
//!   it reaches.
//! - `door.rs`: the requests a connection sends, checked and handed to
//!   the task.
//! - `pairing.rs`: the server's one call site of the pairing crate.
//! - `presence.rs`: [`Presence`], the open connections of each keyed
//!   player, so that an entrant is told of a game on every connection.
//! - `store.rs`: the files: live state beside the journal, records in the
//!   history.

pub mod actor;
pub mod door;
mod pairing;
mod presence;
pub mod state;
pub mod store;

use std::collections::HashMap;
use std::sync::Mutex;

use amazons_core::{PlayerId, PlayerInfo};
use amazons_protocol::{
    MatchId, MessageType, TournamentId, TournamentStatus, TournamentSummary, TournamentView,
};
use amazons_tournament::GameResult;
use tokio::sync::mpsc;

pub use presence::Presence;

use crate::mailbox::ConnHandle;
use crate::match_actor::TournamentGames;
use crate::match_state::ComputerSeat;

/// What a connection asks of a tournament.
#[derive(Clone, Debug)]
pub enum Ask {
    /// `watch_tournament`.
    Watch,
    /// `unwatch_tournament`.
    Unwatch,
    /// `join_tournament`.
    Join,
    /// `withdraw_tournament`.
    Withdraw,
    /// `enter_computer`, already checked against the offer.
    EnterComputer(ComputerSeat),
    /// `start_tournament`.
    Start,
    /// `pause_tournament`.
    Pause,
    /// `resume_tournament`.
    Resume,
    /// `remove_entrant`.
    Remove(String),
    /// `end_tournament`.
    End,
}

/// A message to a tournament's task.
#[derive(Debug)]
pub enum Command {
    /// A request from a connection (answered on it).
    Ask {
        /// The connection.
        conn: ConnHandle,
        /// Who it is (from `hello`).
        player: PlayerInfo,
        /// What it asks.
        ask: Ask,
        /// The message type, for an `error`'s `reply_to`.
        kind: MessageType,
    },
    /// A keyed player's connection said hello: tell it of its games.
    Hello {
        /// The player.
        id: PlayerId,
        /// The new connection.
        conn: ConnHandle,
    },
    /// A connection closed: it watches no more.
    Detach {
        /// The connection.
        conn: u64,
    },
    /// A keyed player's connection closed.
    Gone {
        /// The player.
        id: PlayerId,
        /// The connection.
        conn: u64,
    },
    /// One of its games ended.
    GameOver {
        /// The match.
        match_id: MatchId,
        /// How.
        result: GameResult,
    },
}

/// How many commands a tournament's mailbox holds. When it is full: a
/// connection's request waits for room (that connection's reading pauses,
/// as at a full match mailbox); a game's end waits for room in a task of
/// its own, so that a match never waits on its tournament and no result is
/// lost; a notice (`Hello`, `Gone`, `Detach`) is dropped and logged (a
/// dropped `Hello` costs that connection its `tournament_game` notices until
/// it watches the tournament; a dropped `Gone` or `Detach` leaves a closed
/// queue among the watchers, which sending to ignores).
pub const TOURNAMENT_MAILBOX: usize = 256;

/// How to reach a tournament's task.
#[derive(Clone, Debug)]
pub struct TournamentHandle {
    /// Its mailbox ([`TOURNAMENT_MAILBOX`] commands).
    tx: mpsc::Sender<Command>,
}

impl TournamentHandle {
    /// A new mailbox: the handle, and the receiving end for the task.
    fn open() -> (TournamentHandle, mpsc::Receiver<Command>) {
        let (tx, rx) = mpsc::channel(TOURNAMENT_MAILBOX);
        (TournamentHandle { tx }, rx)
    }

    /// Delivers a request, waiting for room; `false` if the task has
    /// ended.
    pub async fn send(&self, command: Command) -> bool {
        self.tx.send(command).await.is_ok()
    }

    /// Delivers a notice without waiting: dropped (and logged) when the
    /// mailbox is full. `false` if the task has ended.
    pub fn notify(&self, command: Command) -> bool {
        match self.tx.try_send(command) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(command)) => {
                tracing::warn!(?command, "a tournament's mailbox is full; notice dropped");
                true
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }
}

/// One tournament in the table.
struct Listed {
    /// Its task, while it runs.
    handle: Option<TournamentHandle>,
    /// Its view as last published.
    view: TournamentView,
    /// When it was created (newest first in lists).
    created_at_ms: u64,
}

/// Every tournament the server holds, live and finished, and their files.
pub struct Tournaments {
    /// By id. A std mutex held for a map access only, never across an
    /// await.
    inner: Mutex<HashMap<TournamentId, Listed>>,
    /// Where they are kept.
    store: store::Store,
}

impl Tournaments {
    /// The tournaments of the history directory `history`: an empty table
    /// and what is on disk (for [`actor::restore`] to bring back).
    pub fn open(history: &std::path::Path) -> std::io::Result<(Tournaments, store::Loaded)> {
        let store = store::Store::open(history)?;
        let loaded = store.load();
        Ok((
            Tournaments {
                inner: Mutex::new(HashMap::new()),
                store,
            },
            loaded,
        ))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<TournamentId, Listed>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds (or replaces) a tournament with its view and, while it runs,
    /// its task.
    fn insert(&self, view: TournamentView, created_at_ms: u64, handle: Option<TournamentHandle>) {
        self.lock().insert(
            view.summary.id,
            Listed {
                handle,
                view,
                created_at_ms,
            },
        );
    }

    /// Publishes a tournament's new view (a finished one's task ends: its
    /// handle goes).
    fn update(&self, view: TournamentView) {
        if let Some(listed) = self.lock().get_mut(&view.summary.id) {
            if view.summary.status == TournamentStatus::Finished {
                listed.handle = None;
            }
            listed.view = view;
        }
    }

    /// The task of a live tournament.
    pub fn handle(&self, id: TournamentId) -> Option<TournamentHandle> {
        self.lock().get(&id).and_then(|l| l.handle.clone())
    }

    /// A tournament's latest view.
    pub fn view(&self, id: TournamentId) -> Option<TournamentView> {
        self.lock().get(&id).map(|l| l.view.clone())
    }

    /// Every tournament's line, newest first.
    pub fn list(&self) -> Vec<TournamentSummary> {
        let inner = self.lock();
        let mut rows: Vec<(u64, TournamentSummary)> = inner
            .values()
            .map(|l| (l.created_at_ms, l.view.summary.clone()))
            .collect();
        drop(inner);
        rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.id.cmp(&b.1.id)));
        rows.into_iter().map(|(_, s)| s).collect()
    }

    /// Every live tournament's task.
    fn live(&self) -> Vec<TournamentHandle> {
        self.lock()
            .values()
            .filter_map(|l| l.handle.clone())
            .collect()
    }

    /// A keyed player's connection said hello: every live tournament may
    /// have a game for them.
    pub fn hello(&self, id: &PlayerId, conn: &ConnHandle) {
        for handle in self.live() {
            handle.notify(Command::Hello {
                id: id.clone(),
                conn: conn.clone(),
            });
        }
    }

    /// A keyed player's connection closed.
    pub fn gone(&self, id: &PlayerId, conn: u64) {
        for handle in self.live() {
            handle.notify(Command::Gone {
                id: id.clone(),
                conn,
            });
        }
    }
}

impl TournamentGames for Tournaments {
    /// A game's end waits for room in the mailbox in a task of its own
    /// (see [`TOURNAMENT_MAILBOX`]).
    fn game_over(&self, id: TournamentId, match_id: MatchId, result: GameResult) {
        if let Some(handle) = self.handle(id) {
            tokio::spawn(async move {
                handle.send(Command::GameOver { match_id, result }).await;
            });
        }
    }
}
