//! Seat tokens on disk, so that a restarted client takes its seat back: one
//! owner-only file per server, player name and match under
//! `<state dir>/seats/`, written when the seat is taken and removed when the
//! game ends or the seat is given up.

use std::path::PathBuf;

use amazons_protocol::{MatchId, SeatToken};
use serde::{Deserialize, Serialize};

use crate::store::state_dir::write_private;

/// One saved seat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedSeat {
    /// The server's address.
    pub server: String,
    /// The name we played under.
    pub name: String,
    /// The match.
    pub match_id: MatchId,
    /// The seat's secret.
    pub token: SeatToken,
    /// When it was saved (Unix milliseconds).
    pub saved_at_ms: u64,
}

/// The seat tokens of one player name on one server.
#[derive(Clone, Debug)]
pub struct SeatStore {
    /// The folder of this server and name; `None` keeps nothing (bots,
    /// tests).
    dir: Option<PathBuf>,
    /// The server's address, as saved.
    server: String,
    /// The player's name, as saved.
    name: String,
}

/// A file name part made of `text`: letters, digits and `.-` kept, the rest
/// `_`, so one folder stands for one server and name.
fn file_part(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

impl SeatStore {
    /// A store that keeps nothing.
    pub fn in_memory() -> SeatStore {
        SeatStore {
            dir: None,
            server: String::new(),
            name: String::new(),
        }
    }

    /// The seats of `name` on `server`, kept under `state_dir`.
    pub fn open(state_dir: &std::path::Path, server: &str, name: &str) -> SeatStore {
        let folder = format!("{}--{}", file_part(server), file_part(name));
        SeatStore {
            dir: Some(state_dir.join("seats").join(folder)),
            server: server.to_string(),
            name: name.to_string(),
        }
    }

    fn path(&self, match_id: MatchId) -> Option<PathBuf> {
        Some(self.dir.as_ref()?.join(format!("{match_id}.json")))
    }

    /// Keeps the token of our seat in `match_id`.
    pub fn save(&self, match_id: MatchId, token: SeatToken) {
        let Some(path) = self.path(match_id) else {
            return;
        };
        let seat = SavedSeat {
            server: self.server.clone(),
            name: self.name.clone(),
            match_id,
            token,
            saved_at_ms: amazons_core::unix_ms(std::time::SystemTime::now()),
        };
        let json = serde_json::to_vec_pretty(&seat).expect("a seat serializes");
        if let Err(e) = write_private(&path, &json) {
            tracing::warn!("could not save the seat token: {e:#}");
        }
    }

    /// Forgets the token of `match_id` (the game ended, or the seat is gone).
    pub fn remove(&self, match_id: MatchId) {
        if let Some(path) = self.path(match_id) {
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => tracing::warn!("could not remove {}: {e}", path.display()),
            }
        }
    }

    /// The saved seats, newest first (unreadable files are skipped).
    pub fn saved(&self) -> Vec<SavedSeat> {
        let Some(dir) = &self.dir else {
            return Vec::new();
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut seats: Vec<SavedSeat> = entries
            .filter_map(|entry| std::fs::read(entry.ok()?.path()).ok())
            .filter_map(|bytes| serde_json::from_slice(&bytes).ok())
            .collect();
        seats.sort_by_key(|seat| std::cmp::Reverse(seat.saved_at_ms));
        seats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_kept_per_server_and_name_and_removed() {
        let root = tempfile::tempdir().unwrap();
        let ann = SeatStore::open(root.path(), "ws://127.0.0.1:7878/ws", "ann");
        let bob = SeatStore::open(root.path(), "ws://127.0.0.1:7878/ws", "bob");
        let other = SeatStore::open(root.path(), "ws://10.0.0.2:7878/ws", "ann");
        let first = MatchId::random();
        let token = SeatToken::from_bytes([7; 16]);
        ann.save(first, token);
        assert_eq!(ann.saved().len(), 1);
        assert_eq!(ann.saved()[0].token, token);
        assert_eq!(ann.saved()[0].match_id, first);
        assert!(bob.saved().is_empty());
        assert!(other.saved().is_empty());
        ann.remove(first);
        ann.remove(first);
        assert!(ann.saved().is_empty());
        SeatStore::in_memory().save(first, token);
        assert!(SeatStore::in_memory().saved().is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn token_files_are_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let root = tempfile::tempdir().unwrap();
        let store = SeatStore::open(root.path(), "ws://h:1/ws", "ann");
        let id = MatchId::random();
        store.save(id, SeatToken::from_bytes([1; 16]));
        let path = store.path(id).unwrap();
        let mode = std::fs::metadata(path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
