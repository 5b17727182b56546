//! Game records on disk: one JSON [`GameRecord`](amazons_core::GameRecord)
//! per file in a directory.
//!
//! The server's history (`<match id>.json`), the client's local games
//! (`<ended ms>-<id>.json`) and the engine arena's matches (`game-0001.json`,
//! read back by `arena --resume`) are each such a directory. Each names its
//! files its own way; this crate does the rest the same way for all three, so
//! none of them can write half a record or read one differently. Core does no
//! I/O, so this lives apart from it.
//!
//! # Layout
//! - `dir`: [`RecordDir`], a directory of records: save atomically, load one
//!   ([`load_file`] for a file named by a person), [`Scan`] them all newest
//!   first with the files that are not records.
//! - `atomic`: [`write_atomically`], the one way this crate (and the
//!   terminal client, for its own files) writes a file (temporary file in
//!   the same directory, fsync, rename, directory fsync).
//! - `list`: [`GameList`], the newest-first list of game summaries that
//!   `GET /api/games` pages through, and [`Lookup`] of a game by the start of
//!   its id.
//! - `error`: [`RecordError`].
//!
//! # Example
//! ```
//! use std::time::{Instant, SystemTime};
//! use amazons_core::{BySide, Game, GameRecord, PlayerInfo, PlayerKind, RecordMeta, Side};
//! use amazons_records::RecordDir;
//!
//! let mut game = Game::new("5+3".parse()?);
//! game.start(Instant::now());
//! game.resign(Side::First, Instant::now());
//! let player = |name: &str| PlayerInfo::new(name, PlayerKind::Human);
//! let meta = RecordMeta::new(
//!     "g1",
//!     BySide::new(player("ann"), player("bob")),
//!     SystemTime::now(),
//!     SystemTime::now(),
//! );
//! let record = GameRecord::from_game(&game, meta).expect("the game is over");
//!
//! let temp = tempfile::tempdir()?;
//! let dir = RecordDir::create(temp.path().join("history"))?;
//! let path = dir.save("g1", &record)?;
//! assert!(path.ends_with("history/g1.json"));
//! assert_eq!(dir.load("g1")?, record);
//! assert_eq!(dir.scan()?.records[0].name, "g1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod atomic;
mod dir;
mod error;
mod list;

pub use atomic::write_atomically;
pub use dir::{RecordDir, Scan, Stored, load_file};
pub use error::RecordError;
pub use list::{GameList, Lookup, MIN_PREFIX};

#[cfg(test)]
mod test_records {
    use std::time::{Duration, UNIX_EPOCH};

    use amazons_core::testing::{human, record_of};
    use amazons_core::{BySide, GameRecord, RecordMeta};

    /// A finished game `id` (one move, then the side to move resigns) that
    /// ended at Unix millisecond `ended_at_ms`.
    pub fn record(id: &str, ended_at_ms: u64) -> GameRecord {
        let at = |ms| UNIX_EPOCH + Duration::from_millis(ms);
        let meta = RecordMeta::new(
            id,
            BySide::new(human("ann"), human("bob")),
            at(ended_at_ms.saturating_sub(1_000)),
            at(ended_at_ms),
        );
        record_of(meta, &["d1-d7/g7"])
    }
}
