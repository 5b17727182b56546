//! Names bound to player keys: the first key that says `hello` with a name
//! claims it (compared by [`name_key`]), and from then on only that key may
//! use it. The book keeps, for each claimed name, the public id of the key
//! (never the key), the name as first written and when it was claimed, in
//! one JSON file in the history directory (`identity/names.json`), written
//! atomically. And the rule every name, title and entry-list name is
//! checked by ([`validate_name`]).
//!
//! The file is not the history: losing it frees every name and changes no
//! game and no rating (ratings follow the public id in the records). A
//! missing or unreadable file starts an empty book with a warning. The file
//! may change under a running server (`amazons-server release-name`): the
//! book reads it again whenever its size or time of change differs from
//! what it last read or wrote.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use amazons_core::{PlayerId, PlayerKind};
use amazons_protocol::name_key;
use serde::{Deserialize, Serialize};

/// The book's file, relative to the history directory.
pub const NAMES_FILE: &str = "identity/names.json";

/// One claimed name.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Binding {
    /// The public id of the key that claimed it.
    pub id: PlayerId,
    /// The name as it was first written.
    pub name: String,
    /// Person or program, as the claiming `hello` said.
    pub kind: PlayerKind,
    /// When it was claimed, Unix milliseconds.
    pub claimed_at_ms: u64,
}

/// The file's contents: every binding by its name's [`name_key`].
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
struct Book {
    /// By name key.
    names: BTreeMap<String, Binding>,
}

/// What [`NameBook::claim`] found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Claim {
    /// The name is this id's (claimed just now, or before).
    Yours,
    /// Another id holds the name.
    Taken,
}

/// Why a book could not be written or read for a change.
#[derive(Debug, thiserror::Error)]
pub enum NamesError {
    /// The file could not be written.
    #[error("cannot write {path}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The file exists but is not a names book (it is left as it is).
    #[error("{path} is not a names file: {problem}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        problem: String,
    },
}

/// The names book of a server.
pub struct NameBook {
    /// The file.
    path: PathBuf,
    /// The bindings, and what the file looked like when last read or written.
    inner: Mutex<Loaded>,
}

/// The book in memory and the file's stamp when it was read.
struct Loaded {
    /// The bindings.
    book: Book,
    /// Size and time of change of the file then (`None`: no file).
    stamp: Option<(u64, SystemTime)>,
}

/// The file's size and time of change, to notice a change by another
/// process.
fn stamp(path: &Path) -> Option<(u64, SystemTime)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// Reads the file: `Ok(None)` when there is none.
fn read(path: &Path) -> Result<Option<Book>, NamesError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(NamesError::Unreadable {
                path: path.to_owned(),
                problem: e.to_string(),
            });
        }
    };
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|e| NamesError::Unreadable {
            path: path.to_owned(),
            problem: e.to_string(),
        })
}

impl NameBook {
    /// The book of the history directory `history_dir`. A missing file is an
    /// empty book; an unreadable one is too, with the problem returned (the
    /// server logs it and starts: no name is held until the file is fixed or
    /// replaced by the next claim).
    pub fn open(history_dir: &Path) -> (NameBook, Option<String>) {
        let path = history_dir.join(NAMES_FILE);
        let (book, problem) = match read(&path) {
            Ok(book) => (book.unwrap_or_default(), None),
            Err(e) => (
                Book::default(),
                Some(format!(
                    "{e}; starting with no names claimed (every name is free until it is claimed again)"
                )),
            ),
        };
        let loaded = Loaded {
            stamp: stamp(&path),
            book,
        };
        (
            NameBook {
                path,
                inner: Mutex::new(loaded),
            },
            problem,
        )
    }

    /// The file the book lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Loaded> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The book as it is on disk now: read again if another process changed
    /// the file since (an unreadable file keeps what is in memory).
    fn fresh(&self) -> std::sync::MutexGuard<'_, Loaded> {
        let mut loaded = self.lock();
        let now = stamp(&self.path);
        if now != loaded.stamp {
            match read(&self.path) {
                Ok(book) => loaded.book = book.unwrap_or_default(),
                Err(e) => tracing::warn!("{e}; keeping the names read before"),
            }
            loaded.stamp = now;
        }
        loaded
    }

    /// Who holds `name`, if anyone.
    pub fn holder(&self, name: &str) -> Option<Binding> {
        self.fresh().book.names.get(&name_key(name)).cloned()
    }

    /// Claims `name` for `id` if it is free (blocking: it writes the file).
    /// A name already `id`'s stays as it is. When the file cannot be
    /// written the claim holds until the server stops, and the error is
    /// returned for the log.
    pub fn claim(
        &self,
        name: &str,
        id: &PlayerId,
        kind: PlayerKind,
        now_ms: u64,
    ) -> (Claim, Option<NamesError>) {
        let key = name_key(name);
        let mut loaded = self.fresh();
        if let Some(holder) = loaded.book.names.get(&key) {
            let claim = if &holder.id == id {
                Claim::Yours
            } else {
                Claim::Taken
            };
            return (claim, None);
        }
        loaded.book.names.insert(
            key,
            Binding {
                id: id.clone(),
                name: name.trim().to_owned(),
                kind,
                claimed_at_ms: now_ms,
            },
        );
        let problem = self.write(&mut loaded).err();
        (Claim::Yours, problem)
    }

    /// Frees `name` (blocking: it writes the file): the binding it had, or
    /// `None` when nobody held it.
    pub fn release(&self, name: &str) -> Result<Option<Binding>, NamesError> {
        let path = &self.path;
        let mut loaded = self.lock();
        // A release must not lose the other names: an unreadable file is
        // left alone rather than replaced.
        loaded.book = read(path)?.unwrap_or_default();
        let Some(binding) = loaded.book.names.remove(&name_key(name)) else {
            return Ok(None);
        };
        self.write(&mut loaded)?;
        Ok(Some(binding))
    }

    /// Writes the book to its file and remembers the file's new stamp.
    fn write(&self, loaded: &mut Loaded) -> Result<(), NamesError> {
        let failed = |source| NamesError::Write {
            path: self.path.clone(),
            source,
        };
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(failed)?;
        }
        let mut bytes = serde_json::to_vec_pretty(&loaded.book)
            .map_err(io::Error::from)
            .map_err(failed)?;
        bytes.push(b'\n');
        amazons_records::write_atomically(&self.path, &bytes).map_err(failed)?;
        loaded.stamp = stamp(&self.path);
        Ok(())
    }
}

/// Why a name (or a title, or an entry-list name) is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    /// Nothing but white space.
    #[error("the name is empty")]
    Empty,
    /// Over the configured length.
    #[error("the name is longer than {0} characters")]
    TooLong(usize),
    /// A control or direction-changing character.
    #[error("the name contains characters that cannot be printed")]
    Unprintable,
}

/// Checks a player name: trimmed, 1..=max characters, printable.
pub fn validate_name(name: &str, max_chars: usize) -> Result<String, NameProblem> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameProblem::Empty);
    }
    if name.chars().count() > max_chars {
        return Err(NameProblem::TooLong(max_chars));
    }
    // Invisible characters (the protocol's one list, by which names are
    // also compared) but the variation selectors an emoji may carry (❤️),
    // and the line and paragraph separators.
    let refused = |c: char| {
        (amazons_protocol::is_invisible(c) && !matches!(c, '\u{fe00}'..='\u{fe0f}'))
            || matches!(c, '\u{2028}' | '\u{2029}')
    };
    if name.chars().any(refused) {
        return Err(NameProblem::Unprintable);
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u8) -> PlayerId {
        PlayerId::new(format!("{n:032}"))
    }

    #[test]
    fn the_first_id_claims_a_name_in_every_spelling_and_it_survives_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let (book, problem) = NameBook::open(dir.path());
        assert!(problem.is_none());
        assert_eq!(book.holder("ann"), None);
        let (claim, problem) = book.claim(" Ann ", &id(1), PlayerKind::Human, 5);
        assert_eq!((claim, problem.is_none()), (Claim::Yours, true));
        for spelling in ["ann", "ＡＮＮ", " ann "] {
            assert_eq!(
                book.claim(spelling, &id(2), PlayerKind::Human, 6).0,
                Claim::Taken,
                "{spelling}"
            );
        }
        assert_eq!(
            book.claim("ann", &id(1), PlayerKind::Human, 7).0,
            Claim::Yours
        );
        let (again, problem) = NameBook::open(dir.path());
        assert!(problem.is_none());
        let holder = again.holder("ａｎｎ").unwrap();
        assert_eq!(
            (holder.id, holder.name.as_str(), holder.claimed_at_ms),
            (id(1), "Ann", 5)
        );
        let text = std::fs::read_to_string(dir.path().join(NAMES_FILE)).unwrap();
        assert!(
            text.contains(id(1).as_str()) && text.contains("\"ann\""),
            "{text}"
        );
    }

    #[test]
    fn a_release_by_another_process_is_seen_by_a_running_book() {
        let dir = tempfile::tempdir().unwrap();
        let (running, _) = NameBook::open(dir.path());
        running.claim("ann", &id(1), PlayerKind::Human, 1);
        running.claim("bob", &id(2), PlayerKind::Bot, 2);
        let (other, _) = NameBook::open(dir.path());
        assert_eq!(other.release("ANN").unwrap().map(|b| b.id), Some(id(1)));
        assert_eq!(other.release("ann").unwrap(), None, "already free");
        // The running book reads the file again before it answers.
        assert_eq!(running.holder("ann"), None);
        assert_eq!(
            running.claim("ann", &id(3), PlayerKind::Human, 3).0,
            Claim::Yours
        );
        assert_eq!(running.holder("bob").map(|b| b.id), Some(id(2)));
    }

    #[test]
    fn a_corrupt_file_starts_an_empty_book_and_is_not_destroyed_by_a_release() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(NAMES_FILE);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "{ not json").unwrap();
        let (book, problem) = NameBook::open(dir.path());
        let problem = problem.unwrap();
        assert!(problem.contains("names.json"), "{problem}");
        assert_eq!(book.holder("ann"), None);
        assert!(book.release("ann").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not json");
        // A claim writes a good book over it.
        let (claim, problem) = book.claim("ann", &id(1), PlayerKind::Human, 1);
        assert_eq!(claim, Claim::Yours);
        assert!(problem.is_none());
        assert!(NameBook::open(dir.path()).1.is_none());
    }

    #[test]
    fn names_are_trimmed_bounded_and_printable() {
        assert_eq!(validate_name("  ann ", 32).unwrap(), "ann");
        assert_eq!(validate_name("Ådne 🎯", 32).unwrap(), "Ådne 🎯");
        assert_eq!(validate_name("ann \u{2764}\u{fe0f}", 32).unwrap(), "ann ❤️");
        assert_eq!(validate_name("   ", 32), Err(NameProblem::Empty));
        assert_eq!(validate_name("a\u{7}b", 32), Err(NameProblem::Unprintable));
        assert_eq!(validate_name("a\nb", 32), Err(NameProblem::Unprintable));
        for hidden in ['\u{202e}', '\u{ad}', '\u{2060}', '\u{2028}'] {
            assert_eq!(
                validate_name(&format!("a{hidden}b"), 32),
                Err(NameProblem::Unprintable),
                "{hidden:?}"
            );
        }
        assert_eq!(
            validate_name(&"x".repeat(33), 32),
            Err(NameProblem::TooLong(32))
        );
    }
}
