//! Finished games on disk: one core [`GameRecord`] per JSON file in a history
//! directory. Local games are saved here; `history` lists and replays them.
//!
//! The default directory is `$AMAZONS_HISTORY_DIR`, else
//! `$XDG_DATA_HOME/amazons/history`, else `~/.local/share/amazons/history`,
//! else `./local-history`.

use std::path::{Path, PathBuf};

use amazons_core::GameRecord;
use anyhow::Context;

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

/// Saves `record` into `dir` (created if missing) and returns the file written.
pub fn save(dir: &Path, record: &GameRecord) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(format!("{}-{}.json", record.ended_at_ms, record.id));
    let json = serde_json::to_string_pretty(record)?;
    std::fs::write(&path, json).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// Reads one record file.
pub fn load(path: &Path) -> anyhow::Result<GameRecord> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a game record", path.display()))
}

/// Every record in `dir`, oldest first. Files that are not records are skipped
/// with a warning on stderr; a missing directory is an empty history.
pub fn list(dir: &Path) -> anyhow::Result<Vec<GameRecord>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", dir.display())),
    };
    let mut records = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "json") {
            match load(&path) {
                Ok(record) => records.push(record),
                Err(e) => eprintln!("skipping {}: {e:#}", path.display()),
            }
        }
    }
    records.sort_by_key(|r| (r.ended_at_ms, r.id.clone()));
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::testing::sample_record;

    fn record(id: &str, ended_at_ms: u64) -> GameRecord {
        GameRecord {
            ended_at_ms,
            ..sample_record(id, &[])
        }
    }

    #[test]
    fn saved_records_list_oldest_first_and_junk_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let history = dir.path().join("history");
        assert!(list(&history).unwrap().is_empty());
        save(&history, &record("b", 20)).unwrap();
        let path = save(&history, &record("a", 10)).unwrap();
        std::fs::write(history.join("junk.json"), "{").unwrap();
        let ids: Vec<String> = list(&history).unwrap().into_iter().map(|r| r.id).collect();
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(load(&path).unwrap(), record("a", 10));
    }
}
