//! The arena binary plays legal games, writes records that replay through
//! core, resumes a stopped match from its records, records a failing
//! external engine as what it is, and charges a Botzone bot its CPU time;
//! `deadlines` re-checks a clocked match's budgets from its records.

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

/// A stopped match goes on with `--resume`: the records already in the
/// directory count, only the missing game is played, and the summary is over
/// all of them; the records of another match are refused, naming the file.
#[test]
fn a_match_resumes_from_its_records() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--a",
        "random",
        "--b",
        "level:1",
        "--games",
        "4",
        "--movetime",
        "20",
        "--margin-ms",
        "2000",
    ];
    arena(&args, dir.path());
    let first = std::fs::read_to_string(dir.path().join("game-0001.json")).unwrap();
    std::fs::remove_file(dir.path().join("game-0003.json")).unwrap();
    let resume = [&args[..], &["--resume"]].concat();
    let stdout = arena(&resume, dir.path());
    assert!(
        stdout.contains("resumed: 3 games already played, 1 to play"),
        "{stdout}"
    );
    assert!(stdout.contains("game   3:"), "{stdout}");
    assert!(!stdout.contains("game   1:"), "{stdout}");
    assert!(stdout.contains("(of 4)"), "{stdout}");
    assert_eq!(records(dir.path()).len(), 4);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("game-0001.json")).unwrap(),
        first,
        "a finished game is not played again"
    );

    let mut other = resume.clone();
    other[3] = "level:2";
    let output = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
        .arg("arena")
        .args(&other)
        .arg("--out")
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("game-0001.json is a game of another match"),
        "{stderr}"
    );
    assert_eq!(records(dir.path()).len(), 4, "nothing is played or lost");
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

/// `deadlines` reads a clocked match's records and finds a move charged more
/// than its hard budget + the margin, naming it.
#[test]
fn deadlines_are_rechecked_from_the_records() {
    let dir = tempfile::tempdir().unwrap();
    arena(
        &[
            "--a", "random", "--b", "level:2", "--games", "2", "--tc", "10s+0.1",
        ],
        dir.path(),
    );
    let deadlines = || {
        let output = Command::new(env!("CARGO_BIN_EXE_amazons-engine"))
            .args(["deadlines", "--player", "level1"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let stdout = deadlines();
    assert!(
        stdout.contains("in 2 games, 0 over the hard budget + 50 ms"),
        "{stdout}"
    );
    // The random mover (`level1`) plays first in game 1: make its second
    // move (move 3) late.
    let path = dir.path().join("game-0001.json");
    let mut record: GameRecord =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record.moves[2].time_ms = 60_000;
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let stdout = deadlines();
    assert!(
        stdout.contains("late: game-0001.json move 3: 60000 ms charged"),
        "{stdout}"
    );
    assert!(stdout.contains("1 over the hard budget"), "{stdout}");
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

/// With `--cpu-time` a Botzone bot (here restarted every turn, as a bot that
/// exits after answering is) is charged the CPU time its processes used, not
/// the wall time: a bot that sleeps a second has its move accepted at 50 ms a
/// move, and one that burns a good part of a second of CPU loses on time.
#[cfg(target_os = "linux")]
#[test]
fn a_botzone_bot_is_charged_its_cpu_time() {
    let dir = tempfile::tempdir().unwrap();
    let openings = tempfile::tempdir().unwrap();
    let openings = openings.path().join("start.txt");
    std::fs::write(&openings, amazons_core::START_FEN).unwrap();
    // Both answer d1-d2/d3, legal for the first player at the start; they
    // exit without answering when their input closes at once (the check that
    // the program starts).
    let busy = "botzone:sh -c 'read n || exit 0; i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo 3 0 3 1 3 2'";
    let sleepy = "botzone:sh -c 'read n || exit 0; sleep 1; echo 3 0 3 1 3 2'";
    let args = [
        "--a",
        busy,
        "--b",
        sleepy,
        "--games",
        "2",
        "--movetime",
        "50",
        "--cpu-time",
        "--concurrency",
        "1",
        "--openings",
        openings.to_str().unwrap(),
    ];
    let stdout = arena(&args, dir.path());
    let records = records(dir.path());
    assert_eq!(records.len(), 2, "{stdout}");
    for record in records {
        if record.white.name == "sh-A" {
            // The busy bot moves first and is over 50 ms + the 50 ms margin.
            assert_eq!(record.result.reason, EndReason::Time, "{stdout}");
            assert!(record.moves.is_empty(), "{stdout}");
        } else {
            // The sleepy bot's move counts: then the busy one, second, answers
            // a move of the first player.
            assert_eq!(record.result.reason, EndReason::IllegalMove, "{stdout}");
            assert_eq!(record.moves.len(), 1, "{stdout}");
        }
    }
}
