//! The match table: every match by id with its latest summary, and the lobby
//! feed that clients subscribe to.
//!
//! The table holds handles, not match state: each match's state belongs to its
//! own task (see `match_actor`). The lock is a std mutex held for a map access
//! only, never across an await. The match limit (`max_matches`) is enforced
//! here, under that lock ([`Registry::insert_if_room`]).

use std::collections::HashMap;
use std::sync::Mutex;

use amazons_protocol::{MatchId, MatchStatus, MatchSummary, ServerMessage};
use axum::extract::ws::Utf8Bytes;
use tokio::sync::broadcast;

use crate::mailbox::MatchHandle;

/// One row of the table.
struct Entry {
    /// How to reach the match task.
    handle: MatchHandle,
    /// What the lobby shows, as last published by the match.
    summary: MatchSummary,
    /// Creation order, for newest-first lists.
    seq: u64,
}

/// Every match on the server.
pub struct Registry {
    /// The table.
    inner: Mutex<Inner>,
    /// Encoded `match_updated` / `match_removed` frames for lobby subscribers.
    lobby: broadcast::Sender<Utf8Bytes>,
    /// The most matches that may exist at once.
    max_matches: usize,
}

/// What the lock guards.
struct Inner {
    /// Every match by id.
    matches: HashMap<MatchId, Entry>,
    /// The next creation number.
    next_seq: u64,
}

impl Inner {
    fn add(&mut self, handle: MatchHandle, summary: MatchSummary) {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.matches.insert(
            summary.id,
            Entry {
                handle,
                summary,
                seq,
            },
        );
    }
}

/// The table is full.
#[derive(Debug)]
pub struct TooManyMatches;

impl Registry {
    /// An empty table admitting at most `max_matches`.
    pub fn new(max_matches: usize) -> Registry {
        let (lobby, _) = broadcast::channel(1024);
        Registry {
            inner: Mutex::new(Inner {
                matches: HashMap::new(),
                next_seq: 0,
            }),
            lobby,
            max_matches,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a new match if fewer than `max_matches` matches are open
    /// (finished matches do not count: they are only waiting to be cleared
    /// away). The check and the insertion happen under one lock, so
    /// concurrent creations can never exceed the limit. The lobby is not told
    /// (see [`Registry::update`]).
    pub fn insert_if_room(
        &self,
        handle: MatchHandle,
        summary: MatchSummary,
    ) -> Result<(), TooManyMatches> {
        let mut inner = self.lock();
        let open = inner
            .matches
            .values()
            .filter(|e| e.summary.status != MatchStatus::Finished)
            .count();
        if open >= self.max_matches {
            return Err(TooManyMatches);
        }
        inner.add(handle, summary);
        Ok(())
    }

    /// Adds a new match whatever the limit (a tournament's game: the
    /// tournament was admitted). The lobby is not told (see
    /// [`Registry::update`]).
    pub fn insert(&self, handle: MatchHandle, summary: MatchSummary) {
        self.lock().add(handle, summary);
    }

    /// Adds a match restored from the journal (always admitted: it existed
    /// before the restart) and tells the lobby.
    pub fn insert_restored(&self, handle: MatchHandle, summary: MatchSummary) {
        self.lock().add(handle, summary.clone());
        self.announce(&ServerMessage::MatchUpdated { summary });
    }

    /// Drops a match that was never announced (its creation failed).
    pub fn forget(&self, id: MatchId) {
        self.lock().matches.remove(&id);
    }

    /// The handle of a match.
    pub fn get(&self, id: MatchId) -> Option<MatchHandle> {
        self.lock().matches.get(&id).map(|e| e.handle.clone())
    }

    /// Records a match's new summary; `announce` also sends it to the lobby
    /// (seat, status and spectator changes do; a move alone does not, so the
    /// lobby is not flooded by busy games).
    pub fn update(&self, summary: MatchSummary, announce: bool) {
        if let Some(entry) = self.lock().matches.get_mut(&summary.id) {
            entry.summary = summary.clone();
        }
        if announce {
            self.announce(&ServerMessage::MatchUpdated { summary });
        }
    }

    /// Drops a match (its task has ended) and tells the lobby.
    pub fn remove(&self, id: MatchId) {
        if self.lock().matches.remove(&id).is_some() {
            self.announce(&ServerMessage::MatchRemoved { match_id: id });
        }
    }

    /// Every match's summary, newest first, leaving out waiting matches with
    /// nobody seated (one being created, or one its creator left).
    pub fn list(&self) -> Vec<MatchSummary> {
        let inner = self.lock();
        let mut rows: Vec<(u64, MatchSummary)> = inner
            .matches
            .values()
            .filter(|e| {
                e.summary.status != MatchStatus::Waiting
                    || e.summary.seats.white.is_some()
                    || e.summary.seats.black.is_some()
            })
            .map(|e| (e.seq, e.summary.clone()))
            .collect();
        drop(inner);
        rows.sort_by_key(|row| std::cmp::Reverse(row.0));
        rows.into_iter().map(|(_, s)| s).collect()
    }

    /// Number of matches.
    pub fn len(&self) -> usize {
        self.lock().matches.len()
    }

    /// Whether there are no matches.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A receiver of lobby updates.
    pub fn subscribe(&self) -> broadcast::Receiver<Utf8Bytes> {
        self.lobby.subscribe()
    }

    fn announce(&self, message: &ServerMessage) {
        if self.lobby.receiver_count() > 0 {
            let _ = self.lobby.send(Utf8Bytes::from(message.encode()));
        }
    }
}
