//! The arena's game records on disk: each finished game is written at once
//! and atomically, so a match that is stopped leaves only whole records, and
//! `--resume` reads them back so that a long match can be played in parts,
//! the games already in the directory counted and only the missing ones
//! played.

use std::io::Write;
use std::path::{Path, PathBuf};

use amazons_core::{GameRecord, Position, TimeControl};
use anyhow::{Context, bail};

/// The file of game `index` (counted from 0) in `dir`: `game-0001.json` for
/// the first.
fn path(dir: &Path, index: usize) -> PathBuf {
    dir.join(format!("game-{:04}.json", index + 1))
}

/// Reads one record file.
fn read(file: &Path) -> anyhow::Result<GameRecord> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a game record", file.display()))
}

/// Every record in `dir` (`game-*.json`, sorted by name), with its file name.
pub fn read_all(dir: &Path) -> anyhow::Result<Vec<(String, GameRecord)>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("game-") && n.ends_with(".json"))
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            Ok((name, read(&path)?))
        })
        .collect()
}

/// Writes the record of game `index` into `dir` through a temporary file
/// renamed into place: a match killed while writing leaves no half record.
pub fn write(dir: &Path, index: usize, record: &GameRecord) -> anyhow::Result<()> {
    let target = path(dir, index);
    let mut temp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    temp.write_all(serde_json::to_string_pretty(record)?.as_bytes())
        .and_then(|()| temp.as_file().sync_all())
        .with_context(|| format!("writing {}", target.display()))?;
    temp.persist(&target)
        .map_err(|e| e.error)
        .with_context(|| format!("writing {}", target.display()))?;
    Ok(())
}

/// What the schedule says game `index` is: who plays white and black, from
/// which position, with which clocks.
pub struct Scheduled {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The opening.
    pub start: Position,
    /// The clocks (`Untimed` with a fixed move time).
    pub control: TimeControl,
}

/// The records of games `0..games` already in `dir`, with their indices, each
/// checked against `scheduled(index)`: a record of other players, another
/// opening or other clocks belongs to another match, and resuming from it is
/// an error that names the file.
pub fn read_finished(
    dir: &Path,
    games: usize,
    scheduled: impl Fn(usize) -> Scheduled,
) -> anyhow::Result<Vec<(usize, GameRecord)>> {
    let mut finished = Vec::new();
    for index in 0..games {
        let file = path(dir, index);
        if !file
            .try_exists()
            .with_context(|| format!("reading {}", file.display()))?
        {
            continue;
        }
        let record = read(&file)?;
        let expected = scheduled(index);
        let start = record
            .initial_position()
            .with_context(|| format!("{}: its initial position", file.display()))?;
        let mismatch = if (record.white.name.as_str(), record.black.name.as_str())
            != (expected.white.as_str(), expected.black.as_str())
        {
            Some(format!(
                "{} (white) against {} (black), where this match has {} against {}",
                record.white.name, record.black.name, expected.white, expected.black
            ))
        } else if start != expected.start {
            Some(format!(
                "from {}, where this match's game {} starts from {}",
                start.fen(),
                index + 1,
                expected.start.fen()
            ))
        } else if record.time_control != expected.control {
            Some(format!(
                "with clocks {}, where this match has {}",
                record.time_control, expected.control
            ))
        } else {
            None
        };
        if let Some(mismatch) = mismatch {
            bail!(
                "--resume: {} is a game of another match: played {mismatch}",
                file.display()
            );
        }
        if record.result.winner.is_none() {
            bail!("--resume: {} has no winner", file.display());
        }
        finished.push((index, record));
    }
    Ok(finished)
}
