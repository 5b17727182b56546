//! A directory of records: one `<name>.json` file per game, the name chosen
//! by the caller (the server's match id, the client's `<ended ms>-<id>`, the
//! arena's `game-0001`).

use std::path::{Path, PathBuf};

use amazons_core::GameRecord;

use crate::atomic::write_atomically;
use crate::error::RecordError;

/// A directory of game records. It does no I/O until asked; every write goes
/// through [`write_atomically`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordDir {
    /// Where the records are.
    path: PathBuf,
}

/// One record found by [`RecordDir::scan`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Stored {
    /// Its name: the file name without `.json`.
    pub name: String,
    /// Its file.
    pub path: PathBuf,
    /// The record.
    pub record: GameRecord,
}

/// Everything [`RecordDir::scan`] found.
#[derive(Debug)]
pub struct Scan {
    /// Every record, newest first: the latest `ended_at_ms` first, then the
    /// greater id.
    pub records: Vec<Stored>,
    /// The `.json` files that could not be read or are not records, for the
    /// caller to report (they are left where they are).
    pub unreadable: Vec<RecordError>,
}

impl RecordDir {
    /// The directory `path`, which need not exist yet (a scan then finds no
    /// directory, and a save fails: see [`RecordDir::create`]).
    pub fn new(path: impl Into<PathBuf>) -> RecordDir {
        RecordDir { path: path.into() }
    }

    /// The directory `path`, made (with its parents) if it is missing.
    pub fn create(path: impl Into<PathBuf>) -> Result<RecordDir, RecordError> {
        let dir = RecordDir::new(path);
        std::fs::create_dir_all(&dir.path).map_err(|error| RecordError::Write {
            path: dir.path.clone(),
            error,
        })?;
        Ok(dir)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file of the record `name`: `<dir>/<name>.json`. A name is a plain
    /// file name (no separator, no leading dot, not empty), so no name
    /// reaches outside the directory or collides with a temporary file.
    pub fn file(&self, name: &str) -> Result<PathBuf, RecordError> {
        let plain = !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\', '\0']);
        if !plain {
            return Err(RecordError::BadName(name.to_owned()));
        }
        Ok(self.path.join(format!("{name}.json")))
    }

    /// Whether the record `name` is on disk.
    pub fn contains(&self, name: &str) -> Result<bool, RecordError> {
        let path = self.file(name)?;
        path.try_exists()
            .map_err(|error| RecordError::Read { path, error })
    }

    /// Writes `record` as `name`, replacing any record of that name,
    /// atomically and durably (see [`write_atomically`]); returns its file.
    /// The directory must exist. Blocking: an async caller runs it on a
    /// blocking thread.
    pub fn save(&self, name: &str, record: &GameRecord) -> Result<PathBuf, RecordError> {
        let path = self.file(name)?;
        let json = serde_json::to_vec_pretty(record).map_err(|error| RecordError::Encode {
            id: record.id.clone(),
            error,
        })?;
        write_atomically(&path, &json).map_err(|error| RecordError::Write {
            path: path.clone(),
            error,
        })?;
        Ok(path)
    }

    /// The record `name`.
    pub fn load(&self, name: &str) -> Result<GameRecord, RecordError> {
        load_file(&self.file(name)?)
    }

    /// The record `name` as the JSON text on disk, unparsed (what the
    /// server's `GET /api/games/{id}` sends).
    pub fn read_json(&self, name: &str) -> Result<Vec<u8>, RecordError> {
        let path = self.file(name)?;
        std::fs::read(&path).map_err(|error| RecordError::Read { path, error })
    }

    /// Every record in the directory (every `*.json` file), newest first,
    /// and the `.json` files that are not records. Other files (temporary
    /// files, the server's journal directory) are not looked at. A missing
    /// directory is an error ([`RecordError::is_not_found`]).
    pub fn scan(&self) -> Result<Scan, RecordError> {
        let listing_error = |error| RecordError::Read {
            path: self.path.clone(),
            error,
        };
        let mut scan = Scan {
            records: Vec::new(),
            unreadable: Vec::new(),
        };
        for entry in std::fs::read_dir(&self.path).map_err(listing_error)? {
            let path = entry.map_err(listing_error)?.path();
            let name = match (path.file_stem(), path.extension()) {
                (Some(stem), Some(ext)) if ext == "json" && path.is_file() => {
                    stem.to_string_lossy().into_owned()
                }
                _ => continue,
            };
            match load_file(&path) {
                Ok(record) => scan.records.push(Stored { name, path, record }),
                Err(e) => scan.unreadable.push(e),
            }
        }
        scan.records.sort_by(|a, b| {
            (b.record.ended_at_ms, &b.record.id).cmp(&(a.record.ended_at_ms, &a.record.id))
        });
        Ok(scan)
    }
}

/// Reads the record file `path` (a file a person named, say; inside a
/// [`RecordDir`], [`RecordDir::load`]).
pub fn load_file(path: &Path) -> Result<GameRecord, RecordError> {
    let bytes = std::fs::read(path).map_err(|error| RecordError::Read {
        path: path.to_owned(),
        error,
    })?;
    serde_json::from_slice(&bytes).map_err(|error| RecordError::NotARecord {
        path: path.to_owned(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_records::record;

    #[test]
    fn a_saved_record_loads_back_and_replaces_the_old_one_whole() {
        let temp = tempfile::tempdir().unwrap();
        let dir = RecordDir::create(temp.path().join("a").join("b")).unwrap();
        let path = dir.save("g1", &record("g1", 10)).unwrap();
        assert_eq!(path, temp.path().join("a/b/g1.json"));
        assert!(dir.contains("g1").unwrap());
        assert!(!dir.contains("g2").unwrap());
        dir.save("g1", &record("g1", 20)).unwrap();
        assert_eq!(dir.load("g1").unwrap(), record("g1", 20));
        let text = String::from_utf8(dir.read_json("g1").unwrap()).unwrap();
        assert!(text.contains("\"ended_at_ms\": 20"), "pretty JSON: {text}");
        let files: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(files, ["g1.json"], "no temporary file stays");
    }

    #[test]
    fn names_stay_inside_the_directory() {
        let dir = RecordDir::new("history");
        for bad in ["", "../g1", "a/b", "a\\b", ".record-x", "."] {
            assert!(
                matches!(dir.file(bad), Err(RecordError::BadName(_))),
                "{bad:?}"
            );
            assert!(dir.save(bad, &record("g", 1)).is_err(), "{bad:?}");
        }
        assert_eq!(
            dir.file("game-0001").unwrap(),
            Path::new("history/game-0001.json")
        );
    }

    #[test]
    fn a_scan_lists_newest_first_and_reports_what_is_not_a_record() {
        let temp = tempfile::tempdir().unwrap();
        let dir = RecordDir::new(temp.path().join("history"));
        let missing = dir.scan().unwrap_err();
        assert!(missing.is_not_found(), "{missing}");
        let dir = RecordDir::create(dir.path()).unwrap();
        for (name, ended) in [("b", 20), ("a", 10), ("c", 20)] {
            dir.save(name, &record(name, ended)).unwrap();
        }
        std::fs::write(dir.path().join("junk.json"), "{").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "not json").unwrap();
        std::fs::create_dir(dir.path().join("journal")).unwrap();
        let scan = dir.scan().unwrap();
        let names: Vec<&str> = scan.records.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["c", "b", "a"]);
        assert_eq!(scan.records[2].path, dir.path().join("a.json"));
        assert_eq!(scan.unreadable.len(), 1);
        let problem = scan.unreadable[0].to_string();
        assert!(
            problem.contains("junk.json is not a game record: EOF"),
            "{problem}"
        );
        assert!(dir.path().join("junk.json").exists(), "never deleted");
        assert!(matches!(
            load_file(&dir.path().join("notes.txt")),
            Err(RecordError::NotARecord { .. })
        ));
    }
}
