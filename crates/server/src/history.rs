//! Finished games on disk: one JSON [`GameRecord`] per game in the history
//! directory, named `<match id>.json`, through the records crate's
//! [`RecordDir`] (atomic writes: temp file in the same directory, fsync,
//! rename, fsync of the directory). An in-memory [`GameList`], newest first,
//! serves `GET /api/games`; each identified player's latest games serve
//! their page (`GET /api/players/{name}`). Opening it also gives the rated
//! games the ratings are folded from.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, RwLock};

use amazons_core::{GameRecord, PlayerId};
use amazons_protocol::{GameSummary, GamesPage, GamesQuery, MatchId};
use amazons_ratings::RatedGame;
use amazons_records::{GameList, RecordDir, RecordError};

/// How many of a player's latest games their page lists.
pub const RECENT_GAMES: usize = 20;

/// What a game id or id prefix names in the history: the records crate's
/// answer, naming the game by its id.
pub type Lookup = amazons_records::Lookup<MatchId>;

/// The history directory and its index.
pub struct History {
    /// Where the records live.
    dir: RecordDir,
    /// Every readable record, newest (latest `ended_at_ms`) first.
    list: RwLock<GameList>,
    /// Each identified player's latest [`RECENT_GAMES`] games, newest first.
    recent: RwLock<HashMap<PlayerId, Vec<GameSummary>>>,
}

/// A history just opened: the history, what was wrong in it, and its rated
/// games (every record [`RatedGame::of`] counts), for the ratings table.
pub struct Opened {
    /// The history.
    pub history: History,
    /// Files that do not read as records (skipped).
    pub problems: Vec<String>,
    /// The games that count for ratings, in no particular order.
    pub rated: Vec<RatedGame>,
}

/// Adds `summary` to the latest games of each identified side.
fn add_recent(recent: &mut HashMap<PlayerId, Vec<GameSummary>>, summary: &GameSummary) {
    let mut ids: Vec<&PlayerId> = [&summary.white, &summary.black]
        .into_iter()
        .filter_map(|p| p.id.as_ref())
        .collect();
    ids.dedup();
    for id in ids {
        let games = recent.entry(id.clone()).or_default();
        let at = games
            .iter()
            .position(|g| (g.ended_at_ms, &g.id) <= (summary.ended_at_ms, &summary.id))
            .unwrap_or(games.len());
        if at < RECENT_GAMES {
            games.insert(at, summary.clone());
            games.truncate(RECENT_GAMES);
        }
    }
}

impl History {
    /// Opens (creating it if needed) `dir` and indexes the records in it. A
    /// file that does not read as a record is reported (returned and logged)
    /// and skipped, never deleted.
    pub fn open(dir: &Path) -> Result<Opened, RecordError> {
        let dir = RecordDir::create(dir)?;
        let scan = dir.scan()?;
        let problems: Vec<String> = scan
            .unreadable
            .iter()
            .map(|e| format!("{e}; skipped"))
            .collect();
        for problem in &problems {
            tracing::warn!("{problem}");
        }
        let list = GameList::new(scan.records.iter().map(|s| &s.record));
        let mut recent = HashMap::new();
        for scanned in &scan.records {
            add_recent(&mut recent, &GameSummary::of(&scanned.record));
        }
        let rated = scan
            .records
            .iter()
            .filter_map(|s| RatedGame::of(&s.record))
            .collect();
        Ok(Opened {
            history: History {
                dir,
                list: RwLock::new(list),
                recent: RwLock::new(recent),
            },
            problems,
            rated,
        })
    }

    /// The latest games (at most [`RECENT_GAMES`], rated or not) `id` played,
    /// newest first.
    pub fn recent_games(&self, id: &PlayerId) -> Vec<GameSummary> {
        let recent = self.recent.read().unwrap_or_else(|e| e.into_inner());
        recent.get(id).cloned().unwrap_or_default()
    }

    /// Whether the record of `id` is on disk.
    pub fn contains(&self, id: MatchId) -> bool {
        matches!(self.dir.contains(&id.to_string()), Ok(true))
    }

    /// Writes `record` durably (blocking: call from a blocking thread) and adds
    /// it to the index.
    pub fn save_blocking(&self, id: MatchId, record: &GameRecord) -> Result<(), RecordError> {
        self.dir.save(&id.to_string(), record)?;
        let mut list = self.list.write().unwrap_or_else(|e| e.into_inner());
        list.add(record);
        drop(list);
        let mut recent = self.recent.write().unwrap_or_else(|e| e.into_inner());
        add_recent(&mut recent, &GameSummary::of(record));
        Ok(())
    }

    /// The page of the list `query` asks for, newest first, with the total.
    pub fn page(&self, query: GamesQuery) -> GamesPage {
        let list = self.list.read().unwrap_or_else(|e| e.into_inner());
        list.page(query)
    }

    /// The game `text` names: a whole id, or (like the client's `history`
    /// command and git) the start of one, at least
    /// [`MIN_PREFIX`](amazons_records::MIN_PREFIX) hex digits with or without
    /// the hyphens, in either case.
    pub fn find(&self, text: &str) -> Lookup {
        if let Ok(id) = text.parse::<MatchId>() {
            return if self.contains(id) {
                Lookup::One(id)
            } else {
                Lookup::None
            };
        }
        let list = self.list.read().unwrap_or_else(|e| e.into_inner());
        list.find_prefix(text).and_then(|game| game.id.parse().ok())
    }

    /// The record's JSON text, if there is one (blocking: call from a
    /// blocking thread, or through [`History::off_runtime`]).
    pub fn read(&self, id: MatchId) -> Option<Vec<u8>> {
        self.dir.read_json(&id.to_string()).ok()
    }

    /// Runs `work` on the history on a blocking thread: finding a game by
    /// its whole id and reading a record touch the disk, which must not
    /// hold up the runtime's threads. `None` if the work panicked.
    pub async fn off_runtime<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&History) -> T + Send + 'static,
    ) -> Option<T> {
        let history = Arc::clone(self);
        match tokio::task::spawn_blocking(move || work(&history)).await {
            Ok(done) => Some(done),
            Err(e) => {
                tracing::error!("reading the history failed: {e}");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use amazons_core::testing::{human, record_of};
    use amazons_core::{BySide, RecordMeta};

    use super::*;

    fn record(id: &str, ended_at_ms: u64) -> GameRecord {
        let at = |ms| UNIX_EPOCH + Duration::from_millis(ms);
        let players = BySide::new(human("ann"), human("bob"));
        let meta = RecordMeta::new(id, players, at(ended_at_ms - 1_000), at(ended_at_ms));
        record_of(meta, &[])
    }

    #[test]
    fn a_game_is_found_by_its_id_or_a_long_enough_unique_prefix() {
        let dir = tempfile::tempdir().unwrap();
        let Opened {
            history, problems, ..
        } = History::open(dir.path()).unwrap();
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

    #[test]
    fn the_index_survives_a_reopen_and_skips_what_is_not_a_record() {
        let dir = tempfile::tempdir().unwrap();
        let history = History::open(dir.path()).unwrap().history;
        let ids: Vec<MatchId> = (1..=3)
            .map(|n| {
                format!("00000000-0000-4000-8000-00000000000{n}")
                    .parse()
                    .unwrap()
            })
            .collect();
        for (n, id) in ids.iter().enumerate() {
            let ended = [30_000, 10_000, 20_000][n];
            history
                .save_blocking(*id, &record(&id.to_string(), ended))
                .unwrap();
        }
        assert!(dir.path().join(format!("{}.json", ids[0])).is_file());
        std::fs::write(dir.path().join("junk.json"), "{").unwrap();
        let order = |history: &History| -> Vec<String> {
            let page = history.page(GamesQuery::default());
            assert_eq!(page.total, 3);
            page.games.into_iter().map(|g| g.id).collect()
        };
        let before = order(&history);
        let Opened {
            history: reopened,
            problems,
            ..
        } = History::open(dir.path()).unwrap();
        assert_eq!(order(&reopened), before);
        assert_eq!(before, [ids[0], ids[2], ids[1]].map(|id| id.to_string()));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("junk.json"), "{problems:?}");
        let bytes = reopened.read(ids[1]).unwrap();
        let back: GameRecord = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(back, record(&ids[1].to_string(), 10_000));
    }
}
