//! Finished games on disk: one core [`GameRecord`] per JSON file in a history
//! directory (the records crate's `RecordDir`, so a save is atomic). Local
//! games are saved here; `history` lists and replays them.
//!
//! The default directory is `$AMAZONS_HISTORY_DIR`, else
//! `$XDG_DATA_HOME/amazons/history`, else `~/.local/share/amazons/history`,
//! else `./local-history`.

use std::path::{Path, PathBuf};

use amazons_core::GameRecord;
use amazons_records::RecordDir;

/// Where local games are saved when no directory is given.
pub fn default_history_dir() -> PathBuf {
    let env = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = env("AMAZONS_HISTORY_DIR") {
        dir
    } else if let Some(data) = env("XDG_DATA_HOME") {
        data.join("amazons").join("history")
    } else if let Some(home) = env("HOME") {
        home.join(".local")
            .join("share")
            .join("amazons")
            .join("history")
    } else {
        PathBuf::from("local-history")
    }
}

/// The name a local game's record is saved under: `<ended ms>-<id>`, so the
/// files sort by the time the games ended.
fn name_of(record: &GameRecord) -> String {
    format!("{}-{}", record.ended_at_ms, record.id)
}

/// Saves `record` into `dir` (created if missing), atomically (temp file,
/// fsync, rename, directory fsync), and returns the file written.
pub fn save(dir: &Path, record: &GameRecord) -> anyhow::Result<PathBuf> {
    Ok(RecordDir::create(dir)?.save(&name_of(record), record)?)
}

/// Reads one record file.
pub fn load(path: &Path) -> anyhow::Result<GameRecord> {
    Ok(amazons_records::load_file(path)?)
}

/// Every record in `dir`, oldest first. Files that are not records are skipped
/// with a warning on stderr; a missing directory is an empty history.
pub fn list(dir: &Path) -> anyhow::Result<Vec<GameRecord>> {
    Ok(list_files(dir)?
        .into_iter()
        .map(|(_, record)| record)
        .collect())
}

/// Every record in `dir` with its file, oldest first, as [`list`]. The
/// records' analyses beside them (`*.analysis.json`) are no records and
/// are passed over without a warning.
pub fn list_files(dir: &Path) -> anyhow::Result<Vec<(PathBuf, GameRecord)>> {
    let scan = match RecordDir::new(dir).scan() {
        Ok(scan) => scan,
        Err(e) if e.is_not_found() => return Ok(Vec::new()),
        Err(e) => return Err(e.into()),
    };
    for problem in &scan.unreadable {
        if !problem
            .path()
            .is_some_and(crate::store::analysis::is_analysis_file)
        {
            eprintln!("skipping: {problem}");
        }
    }
    Ok(scan
        .records
        .into_iter()
        .rev()
        .map(|s| (s.path, s.record))
        .collect())
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::*;
    use amazons_core::testing::{human, record_of};
    use amazons_core::{BySide, RecordMeta};

    fn record(id: &str, ended_at_ms: u64) -> GameRecord {
        let players = BySide::new(human("ann"), human("bob"));
        let ended = UNIX_EPOCH + Duration::from_millis(ended_at_ms);
        record_of(RecordMeta::new(id, players, UNIX_EPOCH, ended), &[])
    }

    #[test]
    fn saved_records_list_oldest_first_and_junk_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let history = dir.path().join("history");
        assert!(list(&history).unwrap().is_empty());
        save(&history, &record("b", 20)).unwrap();
        let path = save(&history, &record("a", 10)).unwrap();
        assert_eq!(path, history.join("10-a.json"));
        std::fs::write(history.join("junk.json"), "{").unwrap();
        let ids: Vec<String> = list(&history).unwrap().into_iter().map(|r| r.id).collect();
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(load(&path).unwrap(), record("a", 10));
        let names: Vec<String> = std::fs::read_dir(&history)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "junk.json")
            .collect();
        assert_eq!(names.len(), 2, "no temporary file stays: {names:?}");
    }
}
