//! `amazons-engine analyse` reads a record the arena wrote and prints one
//! line per position, a class per move and each player's summary, the same
//! twice and with threads; `amazons-engine solve` prints the view and the exact count of a
//! separated position, and says when a position is not separated.

use std::path::Path;
use std::process::Command;

/// Runs `amazons-engine` with `args`, which must succeed; its standard
/// output.
fn engine(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
        .args(args)
        .output()
        .expect("amazons-engine runs");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The output of `analyse` with `threads` without its timing lines and the
/// thread count in its heading.
fn analysis_of(record: &Path, threads: &str) -> String {
    let out = engine(&[
        "analyse",
        record.to_str().unwrap(),
        "--playouts",
        "30",
        "--threads",
        threads,
    ]);
    out.lines()
        .filter(|l| !l.starts_with("Wall time") && !l.starts_with("CPU time"))
        .map(|l| l.replace(&format!(", {threads} thread(s)"), ""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn analyse_reads_an_arena_record() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    engine(&[
        "arena",
        "--a",
        "level:2",
        "--b",
        "level:2",
        "--games",
        "2",
        "--movetime",
        "20",
        "--margin-ms",
        "2000",
        "--out",
        out,
    ]);
    let record_path = dir.path().join("game-0001.json");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
    let plies = record["moves"].as_array().unwrap().len();
    let text = analysis_of(&record_path, "1");
    // One line per position (0..=plies), then one per move with its class.
    let positions = text
        .lines()
        .filter(|l| l.contains("  best ") && !l.contains("loss"))
        .count();
    assert_eq!(positions, plies + 1, "{text}");
    let classified = text
        .lines()
        .filter(|l| {
            l.contains(" loss ")
                && <amazons_core::MoveClass as amazons_core::Vocabulary>::ALL
                    .iter()
                    .any(|c| l.contains(amazons_core::Vocabulary::name(*c)))
        })
        .count();
    assert_eq!(classified, plies, "{text}");
    assert!(
        text.contains(&format!("Positions: {}", plies + 1)),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("white: ") && l.contains("accuracy"))
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("black: ") && l.contains("accuracy"))
    );
    // The game ended with a side stuck: the last position is proven.
    let last = text
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{plies} ")))
        .unwrap();
    assert!(last.contains("W+0") || last.contains("B+0"), "{last}");
    // Reproducible: the same output again, and the same with three threads.
    assert_eq!(analysis_of(&record_path, "1"), text);
    assert_eq!(analysis_of(&record_path, "3"), text);
}

#[test]
fn solve_counts_a_separated_position_only() {
    // Rank 1 only: White has 5 squares, Black 2; White to move wins by 3.
    let fen = "**********/**********/**********/**********/**********/**********/**********/**********/**********/Q5*2q w";
    let out = engine(&["solve", fen]);
    assert!(out.contains("Moves left: white 5, black 2"), "{out}");
    assert!(out.contains("white wins by 3"), "{out}");
    assert!(out.contains(" 1 Qwwwwwxbbq"), "{out}");
    let start = engine(&["solve", amazons_core::START_FEN]);
    assert!(start.contains("Not separated."), "{start}");
    assert!(!start.contains("Moves left"), "{start}");
    // A bad FEN is refused with an error, not a panic.
    let bad = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
        .args(["solve", "not a fen"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("FEN"));
}
