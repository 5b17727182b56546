//! The arena's game records on disk: each finished game is written at once
//! and atomically, so a match that is stopped leaves only whole records, and
//! `--resume` reads them back so that a long match can be played in parts,
//! the games already in the directory counted and only the missing ones
//! played.

use std::path::Path;

use amazons_core::{GameRecord, Position, TimeControl};
use amazons_records::RecordDir;
use anyhow::{Context, bail};

/// The record name of game `index` (counted from 0): `game-0001` (the file
/// `game-0001.json`) for the first.
fn name(index: usize) -> String {
    format!("game-{:04}", index + 1)
}

/// Whether `name` is one of the arena's game records.
fn is_game(name: &str) -> bool {
    name.starts_with("game-")
}

/// Every record in `dir` (`game-*.json`, sorted by name), with its file name.
/// A `game-*.json` file that is not a record is an error.
pub fn read_all(dir: &Path) -> anyhow::Result<Vec<(String, GameRecord)>> {
    let scan = RecordDir::new(dir).scan()?;
    let in_the_match = |path: Option<&Path>| {
        path.and_then(Path::file_name)
            .and_then(|n| n.to_str())
            .is_some_and(is_game)
    };
    if let Some(bad) = scan.unreadable.into_iter().find(|e| in_the_match(e.path())) {
        return Err(bad.into());
    }
    let mut records: Vec<(String, GameRecord)> = scan
        .records
        .into_iter()
        .filter(|stored| is_game(&stored.name))
        .map(|stored| (format!("{}.json", stored.name), stored.record))
        .collect();
    records.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(records)
}

/// Writes the record of game `index` into `dir` atomically: a match killed
/// while writing leaves no half record.
pub fn write(dir: &Path, index: usize, record: &GameRecord) -> anyhow::Result<()> {
    RecordDir::new(dir).save(&name(index), record)?;
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
    let records = RecordDir::new(dir);
    let mut finished = Vec::new();
    for index in 0..games {
        let name = name(index);
        if !records.contains(&name)? {
            continue;
        }
        let file = records.file(&name)?;
        let record = records.load(&name)?;
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
