//! The worker keys the host issued: `history_dir/workers/keys.json`, one
//! entry per key with its name, whether it is limited to analyses, when it
//! was made, and a SHA-256 of the key. The key itself is printed once, by
//! `amazons-server worker-key add`, and never stored or logged.
//!
//! The server reads the file again whenever it checks a key (at a worker's
//! `hello`, and every few seconds for each connected worker), so a key
//! added or removed from the command line while the server runs counts at
//! once: a removed key's connections end.

use std::path::{Path, PathBuf};

use amazons_protocol::WorkerKey;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Bytes of randomness in a worker key (printed as hex).
const KEY_BYTES: usize = 32;

/// Why the key book could not be read or changed.
#[derive(Debug, thiserror::Error)]
pub enum KeyBookError {
    /// The file could not be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not a key book.
    #[error("{path} is not a worker key book: {error}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        error: serde_json::Error,
    },
    /// A name that is empty, too long, or has control characters.
    #[error("a worker key's name is 1 to 40 printable characters")]
    BadName,
    /// A key by that name exists.
    #[error("there is already a worker key named `{0}`")]
    Taken(String),
}

/// One issued key, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyEntry {
    /// What the host calls the worker (`lab-pc-3`): shown in
    /// `/api/workers` and the log.
    pub name: String,
    /// SHA-256 of the key's text, hex.
    pub sha256: String,
    /// Whether the key may take analyses only, never a game.
    pub analysis_only: bool,
    /// When it was made (Unix ms).
    pub created_ms: u64,
}

/// The key book of one history directory.
#[derive(Clone, Debug)]
pub struct KeyBook {
    /// `history_dir/workers/keys.json`.
    path: PathBuf,
}

impl KeyBook {
    /// The book of `history_dir` (the file is made by the first `add`).
    pub fn new(history_dir: &Path) -> KeyBook {
        KeyBook {
            path: history_dir.join("workers").join("keys.json"),
        }
    }

    /// Where it is kept.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every key, in the order they were made (none before the first).
    pub fn list(&self) -> Result<Vec<KeyEntry>, KeyBookError> {
        match std::fs::read(&self.path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|error| KeyBookError::Unreadable {
                path: self.path.clone(),
                error,
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(error) => Err(KeyBookError::Io {
                path: self.path.clone(),
                error,
            }),
        }
    }

    /// The entry of `key`, if it was issued and not removed.
    pub fn find(&self, key: &WorkerKey) -> Result<Option<KeyEntry>, KeyBookError> {
        let hash = digest(key);
        Ok(self.list()?.into_iter().find(|entry| entry.sha256 == hash))
    }

    /// Whether a key with this hash is still in the book (an unreadable
    /// book keeps connections as they are: it says yes).
    pub fn holds(&self, sha256: &str) -> bool {
        self.list()
            .map(|entries| entries.iter().any(|entry| entry.sha256 == sha256))
            .unwrap_or(true)
    }

    /// Issues a key named `name`: the entry is stored, the key returned
    /// (to be printed once).
    pub fn add(
        &self,
        name: &str,
        analysis_only: bool,
    ) -> Result<(KeyEntry, WorkerKey), KeyBookError> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 40 || name.chars().any(char::is_control) {
            return Err(KeyBookError::BadName);
        }
        let mut entries = self.list()?;
        if entries.iter().any(|entry| entry.name == name) {
            return Err(KeyBookError::Taken(name.to_owned()));
        }
        let bytes: [u8; KEY_BYTES] = rand::random();
        let key = WorkerKey(bytes.iter().map(|b| format!("{b:02x}")).collect());
        let entry = KeyEntry {
            name: name.to_owned(),
            sha256: digest(&key),
            analysis_only,
            created_ms: crate::workers::unix_ms_now(),
        };
        entries.push(entry.clone());
        self.write(&entries)?;
        Ok((entry, key))
    }

    /// Removes the key named `name`: its entry, if there was one.
    pub fn remove(&self, name: &str) -> Result<Option<KeyEntry>, KeyBookError> {
        let mut entries = self.list()?;
        let Some(at) = entries.iter().position(|entry| entry.name == name.trim()) else {
            return Ok(None);
        };
        let removed = entries.remove(at);
        self.write(&entries)?;
        Ok(Some(removed))
    }

    /// Writes the book atomically.
    fn write(&self, entries: &[KeyEntry]) -> Result<(), KeyBookError> {
        let io = |error| KeyBookError::Io {
            path: self.path.clone(),
            error,
        };
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let text = serde_json::to_vec_pretty(entries).expect("entries serialize");
        amazons_records::write_atomically(&self.path, &text).map_err(io)
    }
}

/// The hash a key is stored as.
pub fn digest(key: &WorkerKey) -> String {
    let mut hash = Sha256::new();
    hash.update(b"amazons worker key v1\0");
    hash.update(key.0.trim().as_bytes());
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_stored_hashed_found_by_its_text_and_gone_once_removed() {
        let dir = tempfile::tempdir().unwrap();
        let book = KeyBook::new(dir.path());
        assert!(book.list().unwrap().is_empty());
        let (entry, key) = book.add("lab-1", false).unwrap();
        let (_, other) = book.add("lab-2", true).unwrap();
        assert_ne!(key, other);
        let stored = std::fs::read_to_string(book.path()).unwrap();
        assert!(!stored.contains(&key.0), "the key itself is never stored");
        assert_eq!(book.find(&key).unwrap(), Some(entry.clone()));
        let with_newline = WorkerKey(format!("{}\n", key.0));
        assert_eq!(book.find(&with_newline).unwrap(), Some(entry.clone()));
        assert!(book.find(&WorkerKey("nope".into())).unwrap().is_none());
        assert!(matches!(
            book.add("lab-1", false),
            Err(KeyBookError::Taken(_))
        ));
        assert!(matches!(book.add(" ", false), Err(KeyBookError::BadName)));
        assert!(book.holds(&entry.sha256));
        assert_eq!(book.remove("lab-1").unwrap(), Some(entry.clone()));
        assert!(!book.holds(&entry.sha256));
        assert!(book.find(&key).unwrap().is_none());
        assert!(book.remove("lab-1").unwrap().is_none());
        assert!(book.find(&other).unwrap().unwrap().analysis_only);
    }
}
