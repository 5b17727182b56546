//! The open connections of each keyed player (by public id), so that a
//! tournament can tell an entrant of a game on every client they have open,
//! and show whether they are connected.

use std::collections::HashMap;
use std::sync::Mutex;

use amazons_core::PlayerId;

use crate::mailbox::{ConnHandle, ConnId};

/// Connections by player.
#[derive(Default)]
pub struct Presence {
    /// Each player's open connections. A std mutex held for a map access
    /// only.
    inner: Mutex<HashMap<PlayerId, HashMap<ConnId, ConnHandle>>>,
}

impl Presence {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PlayerId, HashMap<ConnId, ConnHandle>>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `conn` said hello with `id`'s key.
    pub fn add(&self, id: &PlayerId, conn: &ConnHandle) {
        self.lock()
            .entry(id.clone())
            .or_default()
            .insert(conn.id, conn.clone());
    }

    /// `conn` of `id` closed.
    pub fn remove(&self, id: &PlayerId, conn: ConnId) {
        let mut inner = self.lock();
        if let Some(conns) = inner.get_mut(id) {
            conns.remove(&conn);
            if conns.is_empty() {
                inner.remove(id);
            }
        }
    }

    /// `id`'s open connections.
    pub fn conns(&self, id: &PlayerId) -> Vec<ConnHandle> {
        self.lock()
            .get(id)
            .map(|c| c.values().cloned().collect())
            .unwrap_or_default()
    }

    /// Whether `id` has a connection open.
    pub fn is_online(&self, id: &PlayerId) -> bool {
        self.lock().contains_key(id)
    }
}
