//! `history` as a person meets it, through the built binary: the list fits
//! an 80-column terminal whatever the names, a replay and the list count
//! moves as the move list numbers them, and a server that cannot be read
//! is explained once with the likely fix.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, UNIX_EPOCH};

use amazons_core::testing::{human, record_of};
use amazons_core::{BySide, GameRecord, RecordMeta};
use amazons_testkit::ChildProcess;
use unicode_width::UnicodeWidthStr;

/// The longest one run may take.
const WAIT: Duration = Duration::from_secs(60);

/// Runs the client with `args` and `stdin` as its whole input: its stdout,
/// its stderr and whether it succeeded.
fn client(args: &[&str], stdin: &str) -> (String, String, bool) {
    client_with_history_dir(None, args, stdin)
}

/// [`client`] with `$AMAZONS_HISTORY_DIR` set to `dir`, as a person who
/// keeps local games somewhere of their own has it.
fn client_with_history_dir(
    dir: Option<&Path>,
    args: &[&str],
    stdin: &str,
) -> (String, String, bool) {
    let state = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    // The English words the assertions read, whatever the locale.
    command.env("AMAZONS_LANG", "en");
    command
        .args(args)
        .env_remove("AMAZONS_HISTORY_DIR")
        .env("AMAZONS_STATE_DIR", state.path());
    if let Some(dir) = dir {
        command.env("AMAZONS_HISTORY_DIR", dir);
    }
    let mut process = ChildProcess::spawn("amazons-client", command);
    process.write(stdin);
    let (ok, stdout, stderr) = process.finish(WAIT);
    (stdout, stderr, ok)
}

/// A game `id` between `white` and `black` of `moves` (then the side to
/// move resigns), ended `minute` minutes into 2023-11-14 22:00 UTC.
fn game(id: &str, white: &str, black: &str, moves: &[&str], minute: u64) -> GameRecord {
    let ended = UNIX_EPOCH + Duration::from_secs(1_699_999_200 + 60 * minute);
    let players = BySide::new(human(white), human(black));
    record_of(RecordMeta::new(id, players, UNIX_EPOCH, ended), moves)
}

/// Four plies: white's and black's moves 1 and 2.
const FOUR_PLIES: [&str; 4] = ["d1-d7/g7", "a7-b7/c7", "g1-g4/g5", "d10-d8/d9"];

fn save(dir: &Path, record: &GameRecord) {
    amazons_client::store::history::save(dir, record).unwrap();
}

#[test]
fn each_game_of_the_list_fits_one_line_of_80_columns_whatever_the_names() {
    let dir = tempfile::tempdir().unwrap();
    let long = "Alexandra Konstantinopoulou-Papadimitriou";
    let ids = [
        "70feb838-c2c5-4970-8577-380b21b0f79d",
        "70feb838-ffff-4970-8577-380b21b0f79d",
        "04154605-772c-4f1b-b8af-1bd6d871473d",
    ];
    save(dir.path(), &game(ids[0], long, "bob", &FOUR_PLIES, 1));
    save(
        dir.path(),
        &game(
            ids[1],
            "amazons-engine level 1",
            "amazons-engine level 7",
            &[],
            2,
        ),
    );
    save(
        dir.path(),
        &game(ids[2], "李小龍的朋友們和他們的老師", long, &[], 3),
    );
    let history = dir.path().display().to_string();

    let (list, err, ok) = client(&["history", "--dir", &history], "");
    assert!(ok, "{err}");
    let lines: Vec<&str> = list.lines().collect();
    for line in &lines {
        assert!(
            line.width() <= 80,
            "{} columns: {line}\n{list}",
            line.width()
        );
    }
    assert_eq!(lines.len(), 4, "a header and one line a game:\n{list}");
    assert!(
        lines[0].contains("white") && lines[0].contains("moves"),
        "{list}"
    );
    assert!(
        lines[1].contains("Alexand") && lines[1].contains('…') && !lines[1].contains(long),
        "a long name is cut: {list}"
    );
    assert!(lines[1].contains("2023-11-14 22:01"), "{list}");
    assert!(
        lines[1].contains("black") && lines[1].contains("  2  "),
        "{list}"
    );
    assert!(
        lines[2].contains("level 1") && lines[2].contains("level 7"),
        "the ends of the names tell them apart: {list}"
    );
    // Two ids share their first eight characters: the list shows enough of
    // each to name it, and that prefix is what `show` and `export` take.
    assert!(lines[1].ends_with("70feb838-c"), "{list}");
    assert!(lines[2].ends_with("70feb838-f"), "{list}");
    let (text, err, ok) = client(&["history", "--dir", &history, "export", "70feb838-c"], "");
    assert!(ok, "{err}");
    assert!(text.contains(&format!("[White \"{long}\"]")), "{text}");

    let (wide, _, ok) = client(&["history", "--dir", &history, "list", "--wide"], "");
    assert!(ok);
    assert!(
        wide.contains(&format!("{long} (white) vs bob (black)  untimed  2 moves")),
        "{wide}"
    );
    assert!(wide.contains(ids[2]), "--wide shows the whole id: {wide}");
}

#[test]
fn a_replay_and_the_list_count_moves_as_the_move_list_numbers_them() {
    let dir = tempfile::tempdir().unwrap();
    let record = game("g1", "ann", "bob", &FOUR_PLIES, 0);
    save(dir.path(), &record);
    let history = dir.path().display().to_string();

    let (replay, err, ok) = client(
        &["history", "--plain", "--dir", &history, "show", "g1"],
        "next\n2\n1b\n2b\n3\n0\nquit\n",
    );
    assert!(ok, "{err}");
    assert!(
        replay.contains("1. d1-d7/g7 a7-b7/c7 2. g1-g4/g5 d10-d8/d9"),
        "{replay}"
    );
    assert!(
        replay.contains("2 shows the board after white's move 2, 2b (or 2...)\nafter black's"),
        "{replay}"
    );
    for line in replay.lines() {
        assert!(line.width() <= 80, "{line}");
    }
    for caption in [
        "move 1, white (ply 1 of 4): d1-d7/g7",
        "move 2, white (ply 3 of 4): g1-g4/g5",
        "move 1, black (ply 2 of 4): a7-b7/c7",
        "move 2, black (ply 4 of 4): d10-d8/d9",
        "no move 3 in this game: it runs from move 1, white to move 2, black",
    ] {
        assert!(replay.contains(caption), "{caption}:\n{replay}");
    }
    assert_eq!(replay.matches("start (ply 0 of 4)").count(), 2, "{replay}");
    let (wide, _, _) = client(&["history", "--dir", &history, "list", "--wide"], "");
    assert!(wide.contains("untimed  2 moves"), "{wide}");
}

/// A port on 127.0.0.1 that nothing listens on.
fn closed_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// A port on 127.0.0.1 where something that is not an amazons server
/// answers each of `connections` connections with `reply`.
fn other_service(reply: &'static [u8], connections: usize) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(connections) {
            let mut stream = stream.unwrap();
            stream.set_read_timeout(Some(WAIT)).unwrap();
            let _ = stream.read(&mut [0; 4096]);
            let _ = stream.write_all(reply);
        }
    });
    port
}

/// The one `error:` line `history` printed for `server`, after checking
/// that it failed and printed nothing else. `$AMAZONS_HISTORY_DIR` is set,
/// and `--server` is taken over it.
fn history_error(server: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) =
        client_with_history_dir(Some(dir.path()), &["history", "--server", server], "");
    assert!(!ok && out.is_empty(), "{out}{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {err}");
    assert!(lines[0].starts_with("error: "), "{err}");
    lines[0].to_string()
}

#[test]
fn a_server_that_cannot_be_read_is_explained_once_with_the_fix() {
    let port = closed_port();
    let error = history_error(&format!("127.0.0.1:{port}"));
    assert!(
        error.contains(&format!(
            "nothing is listening at 127.0.0.1:{port} (connection refused)"
        )),
        "{error}"
    );
    assert!(error.contains("http://HOST:7878"), "the fix: {error}");
    assert_eq!(error.matches("refused").count(), 1, "said once: {error}");
    assert_eq!(error.matches(&port.to_string()).count(), 1, "{error}");

    let web = other_service(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n", 1);
    let error = history_error(&format!("http://127.0.0.1:{web}"));
    assert!(
        error.contains(&format!("http://127.0.0.1:{web} is not an amazons-server")),
        "{error}"
    );
    assert!(
        error.contains("GET /api/games answered HTTP 404"),
        "{error}"
    );
    assert!(error.contains("http://HOST:7878"), "the fix: {error}");

    let ssh = other_service(b"SSH-2.0-OpenSSH_9.2\r\n", 1);
    let error = history_error(&format!("ws://127.0.0.1:{ssh}/ws"));
    assert!(
        error.contains(&format!("127.0.0.1:{ssh} does not speak HTTP")),
        "{error}"
    );
    assert!(error.contains("is it an amazons-server?"), "{error}");

    assert!(error.contains("http://HOST:7878"), "the fix: {error}");

    let error = history_error("http://127.0.0.1:99999");
    assert!(error.contains("`http://127.0.0.1:99999`"), "{error}");
    assert!(error.contains("port"), "{error}");
    assert!(error.contains("http://HOST:7878"), "{error}");
}

#[test]
fn a_local_game_is_analysed_here_saved_beside_its_record_and_read_back_not_redone() {
    let dir = tempfile::tempdir().unwrap();
    let record = game("g1", "ann", "bob", &FOUR_PLIES, 0);
    let record_file = amazons_client::store::history::save(dir.path(), &record).unwrap();
    let record_bytes = std::fs::read(&record_file).unwrap();
    let analysis_file = record_file.with_file_name(format!(
        "{}.analysis.json",
        record_file.file_stem().unwrap().to_string_lossy()
    ));
    let history = dir.path().display().to_string();
    let analyse = [
        "history",
        "--dir",
        &history,
        "analyse",
        "g1",
        "--playouts",
        "300",
    ];

    let (out, err, ok) = client(&analyse, "");
    assert!(ok, "{err}");
    assert!(
        err.contains("analysing: position 5 of 5"),
        "the progress: {err}"
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ann (white) vs bob (black)", "{out}");
    assert_eq!(
        lines[3], "analysed by amazons level 7, 300 playouts",
        "{out}"
    );
    // One line per position, each but the last with the move played from
    // it as the move list numbers it.
    for (ply, number) in [
        "1. d1-d7/g7",
        "1... a7-b7/c7",
        "2. g1-g4/g5",
        "2... d10-d8/d9",
    ]
    .iter()
    .enumerate()
    {
        let line = lines[5 + ply];
        assert!(line.starts_with(&format!("{ply:>4}  ")), "{line}");
        assert!(line.contains(number), "{number}: {line}");
    }
    assert!(lines[9].starts_with("   4  "), "the final position: {out}");
    let spark = lines
        .iter()
        .find_map(|l| l.strip_prefix("white's win chance: "))
        .unwrap_or_else(|| panic!("a sparkline: {out}"));
    assert_eq!(spark.chars().count(), 5, "one bar a position: {spark}");
    assert!(out.contains("\nwhite: accuracy "), "{out}");
    assert!(out.contains("\nblack: accuracy "), "{out}");
    for line in out.lines() {
        assert!(line.width() <= 80, "{line}");
    }

    let saved: amazons_protocol::GameAnalysis =
        serde_json::from_slice(&std::fs::read(&analysis_file).unwrap()).unwrap();
    assert_eq!(saved.status, amazons_protocol::AnalysisStatus::Done);
    assert_eq!(saved.game_id, "g1");
    assert_eq!(saved.budget.playouts, 300);
    let played: Vec<String> = saved
        .plies
        .iter()
        .filter_map(|p| p.played.map(|m| m.to_string()))
        .collect();
    assert_eq!(played, FOUR_PLIES, "the analysis follows the record");
    assert_eq!(saved.plies.len(), 5);
    assert_eq!(
        std::fs::read(&record_file).unwrap(),
        record_bytes,
        "the record is never touched"
    );

    // Asked again, the saved analysis is shown, not made again.
    let saved_bytes = std::fs::read(&analysis_file).unwrap();
    let (again, err, ok) = client(&analyse, "");
    assert!(ok, "{err}");
    assert_eq!(again, out);
    assert!(!err.contains("analysing"), "nothing analysed: {err}");
    // The list passes over the analysis file without a word.
    let (list, err, ok) = client(&["history", "--dir", &history, "list"], "");
    assert!(ok && !err.contains("skipping"), "{err}");
    assert_eq!(list.lines().count(), 2, "one game: {list}");

    // Made again from nothing, it is the same: the budget is fixed.
    std::fs::remove_file(&analysis_file).unwrap();
    let (redone, err, ok) = client(&analyse, "");
    assert!(ok, "{err}");
    assert_eq!(redone, out);
    assert_eq!(std::fs::read(&analysis_file).unwrap(), saved_bytes);
}

#[test]
fn a_servers_game_is_analysed_by_the_server_with_its_progress_and_shown_as_a_local_one() {
    let dir = tempfile::tempdir().unwrap();
    let id = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
    let record = game(id, "ann", "bob", &FOUR_PLIES, 0);
    amazons_records::RecordDir::create(dir.path())
        .unwrap()
        .save(id, &record)
        .unwrap();
    let record_bytes = std::fs::read(dir.path().join(format!("{id}.json"))).unwrap();
    let server = amazons_testkit::ServerProcess::options()
        .history_dir(dir.path())
        .args(["--set", "analysis.playouts=100"])
        .start();
    let url = server.url();
    let analyse = ["history", "--server", url.as_str(), "analyse", "1"];

    let (out, err, ok) = client(&analyse, "");
    assert!(ok, "{err}");
    // The server's states on the way, one line each (stderr is no terminal).
    assert!(
        err.lines()
            .any(|l| l.starts_with("analysing: position") || l == "analysis: waiting for a place"),
        "{err}"
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ann (white) vs bob (black)", "{out}");
    assert!(lines[3].starts_with("analysed by "), "{out}");
    assert!(
        lines[5].starts_with("   0  ") && lines[5].contains("1. d1-d7/g7"),
        "{out}"
    );
    assert!(lines[9].starts_with("   4  "), "the final position: {out}");
    assert!(out.contains("\nwhite's win chance: "), "{out}");
    assert!(
        out.contains("\nwhite: accuracy ") && out.contains("\nblack: accuracy "),
        "{out}"
    );

    // Done, the server answers from what it saved: the same text again.
    let (again, err, ok) = client(&analyse, "");
    assert!(ok, "{err}");
    assert_eq!(again, out);
    assert_eq!(
        std::fs::read(dir.path().join(format!("{id}.json"))).unwrap(),
        record_bytes,
        "the record is never touched"
    );
    // Nothing is saved on this machine for a server's game.
    let (list, _, _) = client(&["history", "--server", url.as_str(), "list"], "");
    assert_eq!(list.lines().count(), 2, "one game: {list}");
}
