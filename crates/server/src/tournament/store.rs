//! Tournaments on disk. A live tournament is one JSON file,
//! `<history>/journal/tournaments/<id>.json`, beside the match journal and
//! rewritten whole after every change (atomically: temporary file, fsync,
//! rename, directory fsync, as the records are), so that a crash leaves the
//! state before the change or after it. A finished tournament's record is
//! `<history>/tournaments/<id>.json` (written the same way, before its live
//! file goes): its final view, with when it was created and finished.

use std::io;
use std::path::{Path, PathBuf};

use amazons_protocol::{TournamentId, TournamentView};
use amazons_records::write_atomically;
use serde::{Deserialize, Serialize};

use super::state::{TOURNAMENT_SCHEMA_VERSION, Tournament};

/// A finished tournament as the history keeps it: the final view
/// (entrants, rounds with their pairings, match ids and results, standings)
/// and its times.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentRecord {
    /// Layout version ([`TOURNAMENT_SCHEMA_VERSION`]).
    pub schema: u32,
    /// When it was created, Unix milliseconds.
    pub created_at_ms: u64,
    /// When it finished, Unix milliseconds.
    pub finished_at_ms: u64,
    /// The final view.
    #[serde(flatten)]
    pub tournament: TournamentView,
}

impl TournamentRecord {
    /// The record of a finished tournament whose final view is `view`.
    pub fn of(state: &Tournament, view: TournamentView) -> TournamentRecord {
        TournamentRecord {
            schema: TOURNAMENT_SCHEMA_VERSION,
            created_at_ms: state.created_at_ms,
            finished_at_ms: state.finished_at_ms.unwrap_or(state.created_at_ms),
            tournament: view,
        }
    }
}

/// What was on disk at start-up.
#[derive(Default)]
pub struct Loaded {
    /// Tournaments not finished (or finished without their record yet).
    pub live: Vec<Tournament>,
    /// Finished tournaments' records.
    pub finished: Vec<TournamentRecord>,
    /// Files that did not read (skipped, never deleted).
    pub problems: Vec<String>,
}

/// The two directories.
pub struct Store {
    /// Live tournaments.
    live: PathBuf,
    /// Finished tournaments' records.
    records: PathBuf,
}

fn file(dir: &Path, id: TournamentId) -> PathBuf {
    dir.join(format!("{id}.json"))
}

/// Every `*.json` file of `dir`, parsed as `T`, and what did not parse.
fn read_all<T: for<'de> Deserialize<'de>>(dir: &Path, problems: &mut Vec<String>) -> Vec<T> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "json") || !path.is_file() {
            continue;
        }
        match std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| serde_json::from_slice(&bytes).map_err(|e| e.to_string()))
        {
            Ok(value) => out.push(value),
            Err(e) => problems.push(format!(
                "{} does not read as a tournament: {e}; skipped",
                path.display()
            )),
        }
    }
    out
}

impl Store {
    /// The store of the history directory `history` (its directories made
    /// if missing).
    pub fn open(history: &Path) -> io::Result<Store> {
        let store = Store {
            live: history.join("journal").join("tournaments"),
            records: history.join("tournaments"),
        };
        std::fs::create_dir_all(&store.live)?;
        std::fs::create_dir_all(&store.records)?;
        Ok(store)
    }

    /// Everything on disk.
    pub fn load(&self) -> Loaded {
        let mut problems = Vec::new();
        let live = read_all(&self.live, &mut problems);
        let finished = read_all(&self.records, &mut problems);
        Loaded {
            live,
            finished,
            problems,
        }
    }

    /// Writes a live tournament's state (blocking).
    pub fn save_live(&self, tournament: &Tournament) -> io::Result<()> {
        let bytes = serde_json::to_vec_pretty(tournament).map_err(io::Error::other)?;
        write_atomically(&file(&self.live, tournament.id), &bytes)
    }

    /// Writes a finished tournament's record, then forgets its live state
    /// (blocking).
    pub fn save_record(&self, record: &TournamentRecord) -> io::Result<()> {
        let id = record.tournament.summary.id;
        let bytes = serde_json::to_vec_pretty(record).map_err(io::Error::other)?;
        write_atomically(&file(&self.records, id), &bytes)?;
        match std::fs::remove_file(file(&self.live, id)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}
