//! Game records read back from the server's HTTP API and from its history
//! directory, and checked against the rules.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use amazons_core::{EndReason, GameRecord, Position};

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
    let path = dir.join(format!("{id}.json"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `*.json` file of `dir`, each parsed (panics on one that does not
/// parse: a half-written record), and the names of any other files.
pub fn all_in(dir: &Path) -> (Vec<(PathBuf, GameRecord)>, Vec<String>) {
    let mut records = Vec::new();
    let mut others = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the history directory") {
        let path = entry.expect("a directory entry").path();
        if path.extension().and_then(|e| e.to_str()) == Some("json") {
            let bytes = std::fs::read(&path).expect("readable record");
            let record: GameRecord = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                panic!(
                    "{} is not a complete record: {e}\n{}",
                    path.display(),
                    String::from_utf8_lossy(&bytes)
                )
            });
            records.push((path, record));
        } else if path.is_file() {
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
