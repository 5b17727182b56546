//! Game records read back from the server's HTTP API and from its history
//! directory (through the records crate, as the server reads them), and
//! checked against the rules.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use amazons_core::{EndReason, GameRecord, Position};
use amazons_records::RecordDir;

/// `GET /api/games/{id}` parsed as a core [`GameRecord`]; panics on any other
/// status.
pub fn fetch(addr: SocketAddr, id: &str) -> GameRecord {
    let (status, body) = crate::raw::http_get(addr, &format!("/api/games/{id}"));
    assert_eq!(status, 200, "GET /api/games/{id}: {body}");
    serde_json::from_str(&body)
        .unwrap_or_else(|e| panic!("the served record of {id} does not parse: {e}\n{body}"))
}

/// The record file `<dir>/<id>.json`, parsed.
pub fn read(dir: &Path, id: &str) -> GameRecord {
    RecordDir::new(dir)
        .load(id)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Every `*.json` file of `dir`, each parsed (panics on one that does not
/// parse: a half-written record), and the names of any other files.
pub fn all_in(dir: &Path) -> (Vec<(PathBuf, GameRecord)>, Vec<String>) {
    let scan = RecordDir::new(dir).scan().expect("the history directory");
    if let Some(problem) = scan.unreadable.first() {
        let text = problem
            .path()
            .and_then(|path| std::fs::read(path).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default();
        panic!("not a complete record: {problem}\n{text}");
    }
    let records = scan
        .records
        .into_iter()
        .map(|stored| (stored.path, stored.record))
        .collect();
    let mut others = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the history directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_file() && path.extension().and_then(|e| e.to_str()) != Some("json") {
            others.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    (records, others)
}

/// Replays `record` through the rules and checks it is consistent: every
/// move legal, the final FEN reached, and a `no_legal_move` result only when
/// the side to move really cannot move (and the winner is the other side).
/// Returns the final position.
pub fn check(record: &GameRecord) -> Position {
    let positions = record
        .replay()
        .unwrap_or_else(|e| panic!("record {} does not replay: {e}", record.id));
    let last = *positions.last().expect("at least the start");
    if record.result.reason == EndReason::NoLegalMove {
        assert_eq!(
            last.outcome(),
            Some(record.result),
            "record {}: the result does not follow from the moves",
            record.id
        );
    } else {
        assert!(
            !last.is_game_over(),
            "record {}: ended by {:?} although the side to move could not move",
            record.id,
            record.result.reason
        );
    }
    last
}
