//! Finished games on disk: one JSON [`GameRecord`] per game in the history
//! directory, named `<match id>.json`, written so that a crash can never leave
//! half a record (temp file in the same directory, fsync, rename, fsync of the
//! directory). An in-memory index, newest first, serves `GET /api/games`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::RwLock;

use amazons_core::GameRecord;
use amazons_protocol::{GameSummary, MatchId};

use crate::journal::sync_dir;

/// The history directory and its index.
pub struct History {
    /// Where the records live.
    dir: PathBuf,
    /// Every readable record, newest (latest `ended_at_ms`) first.
    index: RwLock<Vec<GameSummary>>,
}

impl History {
    /// Opens (creating it if needed) `dir` and indexes the records in it. A
    /// file that does not read as a record is reported (returned and logged)
    /// and skipped, never deleted.
    pub fn open(dir: &Path) -> io::Result<(History, Vec<String>)> {
        std::fs::create_dir_all(dir)?;
        let mut index = Vec::new();
        let mut problems = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let parsed = std::fs::read(&path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| {
                    serde_json::from_slice::<GameRecord>(&bytes).map_err(|e| e.to_string())
                });
            match parsed {
                Ok(record) => index.push(GameSummary::of(&record)),
                Err(e) => {
                    let problem = format!(
                        "game record {} is unreadable ({e}); skipped",
                        path.display()
                    );
                    tracing::warn!("{problem}");
                    problems.push(problem);
                }
            }
        }
        index.sort_by(|a, b| b.ended_at_ms.cmp(&a.ended_at_ms).then(b.id.cmp(&a.id)));
        Ok((
            History {
                dir: dir.to_owned(),
                index: RwLock::new(index),
            },
            problems,
        ))
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path_of(&self, id: MatchId) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    /// Whether the record of `id` is on disk.
    pub fn contains(&self, id: MatchId) -> bool {
        self.path_of(id).exists()
    }

    /// Writes `record` durably (blocking: call from a blocking thread) and adds
    /// it to the index.
    pub fn save_blocking(&self, id: MatchId, record: &GameRecord) -> io::Result<()> {
        let json = serde_json::to_vec_pretty(record)?;
        let mut temp = tempfile::Builder::new()
            .prefix(".record-")
            .suffix(".tmp")
            .tempfile_in(&self.dir)?;
        temp.write_all(&json)?;
        temp.as_file().sync_all()?;
        temp.persist(self.path_of(id)).map_err(|e| e.error)?;
        sync_dir(&self.dir)?;
        let mut index = self.index.write().unwrap_or_else(|e| e.into_inner());
        let summary = GameSummary::of(record);
        let at = index
            .iter()
            .position(|g| g.ended_at_ms <= summary.ended_at_ms)
            .unwrap_or(index.len());
        index.insert(at, summary);
        Ok(())
    }

    /// One page of the list, newest first (`page` is 1-based), and the
    /// total count.
    pub fn page(&self, page: u32, per_page: u32) -> (Vec<GameSummary>, u64) {
        let index = self.index.read().unwrap_or_else(|e| e.into_inner());
        let start = (page.saturating_sub(1) as usize).saturating_mul(per_page as usize);
        let games = index
            .iter()
            .skip(start)
            .take(per_page as usize)
            .cloned()
            .collect();
        (games, index.len() as u64)
    }

    /// The record's JSON text, if there is one.
    pub fn read(&self, id: MatchId) -> Option<Vec<u8>> {
        std::fs::read(self.path_of(id)).ok()
    }
}
