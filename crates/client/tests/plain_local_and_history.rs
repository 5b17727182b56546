//! The built binary in plain mode: local games (hot seat, against engines)
//! saved to a history directory, then listed, replayed and exported.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use amazons_testkit::ChildProcess;

/// The longest a client run may take (games against engines included).
const WAIT: Duration = Duration::from_secs(120);

/// Runs `command` with `stdin` as its whole input, to its end (at most
/// [`WAIT`]): its stdout, its stderr and whether it succeeded.
fn run_to_end(command: Command, stdin: &str) -> (String, String, bool) {
    let mut process = ChildProcess::spawn("amazons-client", command);
    process.write(stdin);
    let (ok, stdout, stderr) = process.finish(WAIT);
    (stdout, stderr, ok)
}

fn client(args: &[&str], stdin: &str) -> (String, String, bool) {
    let state = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    // The English words the assertions read, whatever the locale.
    command.env("AMAZONS_LANG", "en");
    command
        .args(args)
        .env_remove("AMAZONS_HISTORY_DIR")
        .env("AMAZONS_STATE_DIR", state.path());
    run_to_end(command, stdin)
}

fn fake_engine(mode: &str) -> String {
    format!(
        "uci:{} {mode}",
        amazons_testkit::binaries::fake_engine("fake-uci-engine").display()
    )
}

fn dir_arg(dir: &Path) -> String {
    dir.display().to_string()
}

#[test]
fn hot_seat_refuses_bad_moves_takes_back_and_saves() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir_arg(dir.path());
    let script = "d1 d7 g7\nhello\na7-a4/a5\na7 b7 c7\ntakeback\nD10-D8-D9\nresign\nn\nresign\ny\n";
    let (out, err, ok) = client(&["local", "--plain", "--history-dir", &history], script);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("10  . . . q . . q . . . 10"), "{out}");
    assert!(out.contains("not a move: a move names 3 squares"), "{out}");
    assert!(
        out.contains("illegal: a7-a4/a5: the queen's path is blocked at a4"),
        "{out}"
    );
    assert!(out.contains("took back 1 ply"), "{out}");
    assert!(
        out.contains("Resign as white? (y/n) n\nkept playing"),
        "{out}"
    );
    assert!(
        out.contains("game over: black wins by resignation"),
        "{out}"
    );
    assert!(out.contains("moves: 1. d1-d7/g7 d10-d8/d9"), "{out}");

    let (list, _, ok) = client(&["history", "--plain", "--dir", &history], "");
    assert!(ok);
    assert!(list.starts_with("#  ended (UTC)"), "{list}");
    assert!(list.contains("\n1  "), "{list}");
    assert!(list.contains("  black       1  "), "{list}");
    let (wide, _, _) = client(&["history", "--dir", &history, "list", "--wide"], "");
    assert!(wide.contains("1 move  black wins by resignation"), "{wide}");

    let (text, _, _) = client(&["history", "--dir", &history, "export", "1"], "");
    assert!(
        text.contains("[Result \"black wins by resignation\"]"),
        "{text}"
    );
    assert!(text.contains("\n1. d1-d7/g7 d10-d8/d9\n"), "{text}");
    let (json, _, _) = client(&["history", "--dir", &history, "export", "1", "--json"], "");
    let record: amazons_core::GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.replay().unwrap().len(), 3);

    let (replay, _, ok) = client(
        &[
            "history",
            "--plain",
            "--dir",
            &history,
            "show",
            &record.id[..8],
        ],
        "next\nnext\nback\nlast\nfirst\nquit\n",
    );
    assert!(ok, "{replay}");
    assert!(
        replay.contains("move 1, white (ply 1 of 2): d1-d7/g7"),
        "{replay}"
    );
    assert!(
        replay.contains("move 1, black (ply 2 of 2): d10-d8/d9"),
        "{replay}"
    );
    assert!(
        replay.matches("start (ply 0 of 2)\n").count() == 2,
        "{replay}"
    );
}

#[test]
fn engines_play_a_whole_game_and_it_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir_arg(dir.path());
    let (white, black) = (fake_engine("good"), fake_engine("good"));
    let args = [
        "local",
        "--plain",
        "--white",
        &white,
        "--black",
        &black,
        "--history-dir",
        &history,
    ];
    let (out, err, ok) = client(&args, "");
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("1. white (fake-good) plays"), "{out}");
    assert!(out.contains("wins by no legal move"), "{out}");
    let records = amazons_client::store::history::list(dir.path()).unwrap();
    assert_eq!(records.len(), 1);
    records[0].replay().unwrap();
}

#[test]
fn a_broken_engine_resigns_with_a_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir_arg(dir.path());
    let black = fake_engine("illegal");
    let args = [
        "local",
        "--plain",
        "--black",
        &black,
        "--history-dir",
        &history,
    ];
    let (out, err, ok) = client(&args, "d1 d7 g7\n");
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("black's engine failed"), "{out}");
    assert!(err.contains("restarting it once"), "{err}");
    assert!(
        out.contains("game over: white wins by resignation"),
        "{out}"
    );
}

#[test]
fn the_builtin_engine_plays_in_plain_mode() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir_arg(dir.path());
    let args = [
        "local",
        "--plain",
        "--black",
        "engine:2",
        "--think",
        "0.05",
        "--history-dir",
        &history,
    ];
    let (out, err, ok) = client(&args, "d1 d7 g7\nresign\ny\n");
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("1... black (amazons-engine level 2) plays"),
        "{out}"
    );
}

#[test]
fn the_default_history_dir_follows_xdg() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    // The English words the assertions read, whatever the locale.
    command.env("AMAZONS_LANG", "en");
    command
        .args(["local", "--plain"])
        .env_remove("AMAZONS_HISTORY_DIR")
        .env("AMAZONS_STATE_DIR", dir.path().join("state"))
        .env("XDG_DATA_HOME", dir.path());
    let (out, _, _) = run_to_end(command, "resign\ny\n");
    let expected = dir.path().join("amazons").join("history");
    assert!(
        out.contains(&format!("saved: {}", expected.display())),
        "{out}"
    );
}

#[test]
fn a_local_game_left_unfinished_is_kept_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir_arg(dir.path());
    let state = dir.path().join("state");
    let run = |args: &[&str], stdin: &str| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
        // The English words the assertions read, whatever the locale.
        command.env("AMAZONS_LANG", "en");
        command.args(args).env("AMAZONS_STATE_DIR", &state);
        let (out, err, ok) = run_to_end(command, stdin);
        assert!(ok, "{out}\n{err}");
        out
    };
    let first = run(
        &[
            "local",
            "--plain",
            "--time",
            "5+3",
            "--history-dir",
            &history,
        ],
        "d1 d7 g7\nquit\n",
    );
    assert!(
        first.contains("the game is kept: `amazons-client local --resume` continues it"),
        "{first}"
    );
    let resumed = run(
        &["local", "--plain", "--resume", "--history-dir", &history],
        "a7 b7 c7\nresign\nyes\n",
    );
    assert!(resumed.contains("resumed: 1 move"), "{resumed}");
    assert!(resumed.contains("1... black"), "black's turn: {resumed}");
    assert!(
        resumed.contains("moves: 1. d1-d7/g7 a7-b7/c7"),
        "the same game goes on: {resumed}"
    );
    let records = amazons_client::store::history::list(dir.path()).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].time_control, "5+3".parse().unwrap());
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    // The English words the assertions read, whatever the locale.
    command.env("AMAZONS_LANG", "en");
    command
        .args(["local", "--plain", "--resume"])
        .env("AMAZONS_STATE_DIR", &state);
    let (out, err, ok) = run_to_end(command, "");
    assert!(!ok, "a finished game is not kept");
    assert!(err.contains("no unfinished local game"), "{out}\n{err}");
}

#[test]
fn resign_asks_first_and_one_left_unanswered_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir_arg(dir.path());
    let state = dir.path().join("state");
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    // The English words the assertions read, whatever the locale.
    command.env("AMAZONS_LANG", "en");
    command
        .args(["local", "--plain", "--history-dir", &history])
        .env("AMAZONS_STATE_DIR", &state);
    let (out, err, ok) = run_to_end(command, "d1 d7 g7\nresign\n");
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("Resign as black? (y/n)"), "{out}");
    assert!(
        out.contains("end of input before an answer: the game is kept"),
        "{out}"
    );
    assert!(!out.contains("game over"), "nobody resigned: {out}");
    assert!(
        amazons_client::store::history::list(dir.path())
            .unwrap()
            .is_empty()
    );
    assert!(state.join("local-game.json").exists(), "kept for --resume");
}

#[test]
fn a_new_game_without_a_terminal_refuses_to_replace_the_kept_one_unless_new_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir_arg(dir.path());
    let state = dir.path().join("state");
    let run = |args: &[&str], stdin: &str| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
        // The English words the assertions read, whatever the locale.
        command.env("AMAZONS_LANG", "en");
        command
            .args(args)
            .args(["--plain", "--history-dir", &history])
            .env("AMAZONS_STATE_DIR", &state)
            .env("AMAZONS_NAME", "ann");
        run_to_end(command, stdin)
    };
    let kept_moves = || {
        let text = std::fs::read_to_string(state.join("local-game.json")).unwrap();
        let game: serde_json::Value = serde_json::from_str(&text).unwrap();
        game["moves"].as_array().unwrap().len()
    };
    assert!(run(&["local"], "d1 d7 g7\nquit\n").2);
    assert_eq!(kept_moves(), 1);
    let (_, error, ok) = run(&["local"], "g1 g4 g5\nquit\n");
    assert!(!ok, "refused: {error}");
    assert!(
        error.contains("an unfinished game is kept (white ann vs black ann, 1 move, last played just now): `amazons-client local --resume` continues it, `amazons-client local --new` replaces it"),
        "{error}"
    );
    assert_eq!(kept_moves(), 1, "the kept game survives");
    let (out, error, ok) = run(&["local", "--new"], "g1 g4 g5\na7 b7 c7\nquit\n");
    assert!(ok, "{out}\n{error}");
    assert_eq!(kept_moves(), 2, "replaced by the new game");
    let (resumed, _, _) = run(&["local", "--resume"], "quit\n");
    assert!(
        resumed.contains("resumed: 1 move"),
        "2 plies are move 1 of each side: {resumed}"
    );
}

#[test]
fn a_chinese_locale_gives_a_chinese_local_game_and_takes_chinese_answers() {
    let state = tempfile::tempdir().unwrap();
    let history = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    command
        .args([
            "local",
            "--plain",
            "--history-dir",
            &dir_arg(history.path()),
        ])
        .env_remove("AMAZONS_LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "zh_CN.UTF-8")
        .env_remove("AMAZONS_HISTORY_DIR")
        .env("AMAZONS_STATE_DIR", state.path());
    let script = "d1 d7 g7\nx\nresign\n否\nresign\n是\n";
    let (out, err, ok) = run_to_end(command, script);
    assert!(ok, "{out}\n{err}");
    for line in [
        "先手（白）：",
        "1... 轮到后手（黑）",
        "不是着法：一步要写三个格子",
        "以后手（黑）认输？（y/n，是/否） 否\n继续对局",
        "对局结束：先手（白）胜：后手（黑）认输",
        "着法：1. d1-d7/g7",
    ] {
        assert!(out.contains(line), "{line:?} not in:\n{out}");
    }
    // Notation and the board's letters stay as they are.
    assert!(out.contains("10  . . . q . . q . . . 10"), "{out}");
}
