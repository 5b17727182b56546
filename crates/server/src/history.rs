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

/// The fewest hex digits of an id that [`History::find`] takes as a prefix.
pub const MIN_PREFIX: usize = 4;

/// What a game id or id prefix names in the history.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup {
    /// Exactly this game.
    One(MatchId),
    /// No game (or text that is no id and no long enough prefix).
    None,
    /// This many games: the prefix needs more digits.
    Several(usize),
}

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

    /// The game `text` names: a whole id, or (like the client's `history`
    /// command and git) the start of one, at least [`MIN_PREFIX`] hex digits
    /// with or without the hyphens, in either case.
    pub fn find(&self, text: &str) -> Lookup {
        if let Ok(id) = text.parse::<MatchId>() {
            return if self.contains(id) {
                Lookup::One(id)
            } else {
                Lookup::None
            };
        }
        let wanted = text.to_ascii_lowercase();
        let hex = wanted.chars().filter(|c| *c != '-').count();
        if hex < MIN_PREFIX || !wanted.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) {
            return Lookup::None;
        }
        let simple = !wanted.contains('-');
        let index = self.index.read().unwrap_or_else(|e| e.into_inner());
        let mut found = index.iter().filter_map(|g| {
            let id = g.id.to_ascii_lowercase();
            let starts = if simple {
                id.replace('-', "").starts_with(&wanted)
            } else {
                id.starts_with(&wanted)
            };
            starts.then(|| id.parse::<MatchId>().ok()).flatten()
        });
        match (found.next(), found.count()) {
            (None, _) => Lookup::None,
            (Some(id), 0) => Lookup::One(id),
            (Some(_), others) => Lookup::Several(others + 1),
        }
    }

    /// The record's JSON text, if there is one.
    pub fn read(&self, id: MatchId) -> Option<Vec<u8>> {
        std::fs::read(self.path_of(id)).ok()
    }
}

#[cfg(test)]
mod tests {
    use amazons_core::testing::sample_record;

    use super::*;

    fn record(id: &str, ended_at_ms: u64) -> GameRecord {
        GameRecord {
            started_at_ms: ended_at_ms - 1_000,
            ended_at_ms,
            ..sample_record(id, &[])
        }
    }

    #[test]
    fn a_game_is_found_by_its_id_or_a_long_enough_unique_prefix() {
        let dir = tempfile::tempdir().unwrap();
        let (history, problems) = History::open(dir.path()).unwrap();
        assert!(problems.is_empty());
        let ids = [
            "1234abcd-0000-4000-8000-000000000001",
            "1234abcd-0000-4000-8000-000000000002",
            "9876fedc-0000-4000-8000-000000000003",
        ];
        for (n, id) in ids.iter().enumerate() {
            let id: MatchId = id.parse().unwrap();
            history
                .save_blocking(id, &record(&id.to_string(), 10_000 + n as u64))
                .unwrap();
        }
        let one = |text: &str| ids[2].parse().map(Lookup::One).unwrap() == history.find(text);
        assert!(one(ids[2]));
        assert!(one("9876"));
        assert!(one("9876FEDC-0000"));
        assert!(one("9876fedc0000"));
        assert_eq!(history.find("1234abcd"), Lookup::Several(2));
        assert_eq!(history.find(ids[0]), Lookup::One(ids[0].parse().unwrap()));
        assert_eq!(
            history.find("1234abcd00004000800000000000000"),
            Lookup::Several(2)
        );
        // Too short, not hex, or no such game.
        assert_eq!(history.find("987"), Lookup::None);
        assert_eq!(history.find("..%2f..%2fetc"), Lookup::None);
        assert_eq!(history.find("5555"), Lookup::None);
        assert_eq!(
            history.find("00000000-0000-4000-8000-000000000000"),
            Lookup::None
        );
    }
}
