//! The arena binary plays legal games, writes records that replay through
//! core, and records a failing external engine as what it is.

use std::path::Path;
use std::process::Command;

use amazons_core::{EndReason, GameRecord};

/// Runs `amazons-engine arena` with `args`, writing records into `out`;
/// returns its standard output.
fn arena(args: &[&str], out: &Path) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
        .arg("arena")
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("the arena runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn records(dir: &Path) -> Vec<GameRecord> {
    let mut records: Vec<GameRecord> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap()
        })
        .collect();
    records.sort_by(|a, b| a.id.cmp(&b.id));
    records
}

#[test]
fn arena_writes_records_that_replay() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--a",
        "random",
        "--b",
        "level:2",
        "--games",
        "2",
        "--movetime",
        "20",
        "--margin-ms",
        "2000",
        "--opening-offset",
        "3",
    ];
    let stdout = arena(&args, dir.path());
    assert!(stdout.contains("+"), "{stdout}");
    let records = records(dir.path());
    assert_eq!(records.len(), 2);
    for record in records {
        let positions = record.replay().expect("record replays");
        assert!(record.initial_fen.is_some());
        assert!(
            positions.last().unwrap().is_game_over(),
            "games are played to the end"
        );
        assert_eq!(record.result.reason, EndReason::NoLegalMove);
    }
}

#[test]
fn a_clock_game_uses_the_one_time_control_syntax() {
    let dir = tempfile::tempdir().unwrap();
    arena(
        &[
            "--a", "random", "--b", "random", "--games", "2", "--tc", "10s+0.1",
        ],
        dir.path(),
    );
    for record in records(dir.path()) {
        assert_eq!(record.time_control, "10s+0.1".parse().unwrap());
        assert!(record.moves.iter().all(|m| m.clock_ms.is_some()));
    }
}

/// A UCI engine in a line of shell: handshakes, then answers `go` with
/// `answer` (a shell command).
#[cfg(unix)]
fn shell_engine(answer: &str) -> String {
    format!(
        "uci:sh -c 'while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) {answer};; quit) exit 0;; esac; done'"
    )
}

#[cfg(unix)]
#[test]
fn illegal_moves_and_crashes_are_recorded_as_what_they_are() {
    for (answer, reason) in [
        ("echo bestmove e5e6,e6e7", EndReason::IllegalMove),
        ("exit 3", EndReason::EngineFailure),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let engine = shell_engine(answer);
        let stdout = arena(
            &["--a", &engine, "--b", "random", "--games", "2"],
            dir.path(),
        );
        let records = records(dir.path());
        assert_eq!(records.len(), 2, "{stdout}");
        for record in records {
            assert_eq!(record.result.reason, reason, "{stdout}");
            assert_eq!(
                record.result.winner.map(|w| w.to_string()).as_deref(),
                Some(if record.white.name == "sh" {
                    "black"
                } else {
                    "white"
                })
            );
        }
    }
}
