//! Identity and ratings against a real server: two clients with keys of
//! their own play a rated game and see their ratings move; the leaderboard
//! and a player's page list them, and a game there replays with `history
//! --server`; a name claimed by one key is refused to another, in plain
//! `play` and in `bot`, with what to do; the key never shows.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use amazons_testkit::{ChildProcess, ServerProcess};

/// The longest any step waits for a client process.
const WAIT: Duration = Duration::from_secs(60);

/// The client binary with its state in `state` (so no test sees another's
/// seats or default key).
fn client(state: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    // The English words the assertions read, whatever the locale.
    command.env("AMAZONS_LANG", "en");
    command.env("AMAZONS_STATE_DIR", state);
    command.env_remove("AMAZONS_KEY_FILE");
    command
}

/// Runs a short client command to its end; whether it succeeded, its
/// stdout and its stderr.
fn run(state: &Path, args: &[&str]) -> (bool, String, String) {
    let mut command = client(state);
    command.args(args);
    ChildProcess::spawn("amazons-client", command).finish(WAIT)
}

/// Plain `play` as `name` with the key in `key_file` (`None`: the default
/// one in the state directory), fed `script`.
fn spawn_plain(
    state: &Path,
    server: &ServerProcess,
    name: &str,
    key_file: Option<&Path>,
    script: &str,
) -> ChildProcess {
    let mut command = client(state);
    command.args(["play", "--plain", "--server", &server.url(), "--name", name]);
    if let Some(key_file) = key_file {
        command.arg("--key-file").arg(key_file);
    }
    let mut process = ChildProcess::spawn(name, command);
    process.write(script);
    process.close_stdin();
    process
}

/// The 64 hex digits in a key file.
fn key_in(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let key = text.trim().to_string();
    assert_eq!(key.len(), 64, "{path:?}");
    assert!(key.chars().all(|c| c.is_ascii_hexdigit()), "{path:?}");
    key
}

#[test]
fn keyed_clients_play_a_rated_game_and_the_leaderboard_and_player_page_show_it() {
    let server = ServerProcess::start();
    let state = tempfile::tempdir().unwrap();
    let keys = tempfile::tempdir().unwrap();
    let (ann_key, bob_key) = (keys.path().join("ann"), keys.path().join("bob"));
    let mut ann = spawn_plain(
        state.path(),
        &server,
        "ann",
        Some(&ann_key),
        "create 5+0 white rated\nd1 d7 g7\n",
    );
    let joined = ann.wait_line(WAIT, |l| l.contains("joined match"));
    let match_id = joined.trim().split(' ').nth(2).unwrap().to_string();
    let script = format!("join {match_id}\na7-a6/a5\nresign\ny\n");
    let bob = spawn_plain(state.path(), &server, "bob", Some(&bob_key), &script);
    let (bob_ok, bob_out, bob_err) = bob.finish(WAIT);
    let (ann_ok, ann_out, ann_err) = ann.finish(WAIT);
    assert!(ann_ok && bob_ok, "{ann_out}{ann_err}\n{bob_out}{bob_err}");
    for output in [&ann_out, &bob_out] {
        assert!(
            output.contains("game started: ann 1500? (white) vs bob 1500? (black), rated"),
            "both provisional at the start, the game rated: {output}"
        );
        assert!(
            output.contains("game over: white wins by resignation"),
            "{output}"
        );
        let white = output
            .lines()
            .find(|l| l.starts_with("rating: white ann: 1500? -> "))
            .unwrap_or_else(|| panic!("white's change is shown: {output}"));
        assert!(white.contains("(+"), "the winner gains: {white}");
        let black = output
            .lines()
            .find(|l| l.starts_with("rating: black bob: 1500? -> "))
            .unwrap_or_else(|| panic!("black's change is shown: {output}"));
        assert!(black.contains("(-"), "the loser loses: {black}");
    }
    let (ann_hex, bob_hex) = (key_in(&ann_key), key_in(&bob_key));
    assert_ne!(ann_hex, bob_hex, "each file its own key");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&ann_key).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    assert!(
        !state.path().join("player-key").exists(),
        "--key-file chose another file: the default one was never made"
    );

    // The leaderboard: both players, at most 80 columns a line.
    let url = server.url();
    let (ok, board, err) = run(state.path(), &["leaderboard", "--server", &url]);
    assert!(ok, "{board}{err}");
    let lines: Vec<&str> = board.lines().collect();
    assert!(lines[0].starts_with("#  player"), "{board}");
    assert!(lines[1].starts_with("1  ann "), "the winner first: {board}");
    assert!(lines[2].starts_with("2  bob "), "{board}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{board}");
    assert!(board.contains("2 rated players, page 1 of 1"), "{board}");
    let (ok, bots, _) = run(
        state.path(),
        &["leaderboard", "--server", &url, "--kind", "bot"],
    );
    assert!(ok && bots.contains("no rated players yet"), "{bots}");

    // ann's page, and one of its games replayed by the id it shows.
    let (ok, page, err) = run(state.path(), &["leaderboard", "--server", &url, "ANN"]);
    assert!(ok, "{page}{err}");
    assert!(page.starts_with("ann (person), rank 1\n"), "{page}");
    assert!(page.contains("1 rated game: 1 won, 0 lost"), "{page}");
    let prefix: String = match_id.chars().take(8).collect();
    assert!(page.contains(&prefix), "the game's id: {page}");
    assert!(
        page.contains(&format!("amazons-client history --server {url} show ID")),
        "{page}"
    );
    let (ok, replay, err) = run(
        state.path(),
        &["--plain", "history", "--server", &url, "show", &prefix],
    );
    assert!(ok, "{replay}{err}");
    assert!(replay.starts_with("ann (white) vs bob (black)"), "{replay}");

    // A name nobody has: said once, with the fix.
    let (ok, _, err) = run(state.path(), &["leaderboard", "--server", &url, "nobody"]);
    assert!(!ok);
    assert_eq!(err.matches("has no player `nobody`").count(), 1, "{err}");
    assert!(err.contains("leaderboard --server"), "{err}");

    for text in [&ann_out, &ann_err, &bob_out, &bob_err, &board, &page] {
        assert!(
            !text.contains(&ann_hex) && !text.contains(&bob_hex),
            "a key shows: {text}"
        );
    }
    assert!(
        !server.log().contains(&ann_hex),
        "the server never logs a key either"
    );
}

#[test]
fn a_claimed_name_is_refused_to_another_key_with_what_to_do_and_its_own_key_gets_it() {
    let server = ServerProcess::start();
    let state = tempfile::tempdir().unwrap();
    // The first run with the default key file claims `ann` (and makes the file).
    let first = spawn_plain(state.path(), &server, "ann", None, "list\n");
    let (ok, out, err) = first.finish(WAIT);
    assert!(ok && out.contains("as ann"), "{out}{err}");
    let ann_hex = key_in(&state.path().join("player-key"));

    // Another key: refused, in plain play and in bot, with the fix.
    let thief_key = state.path().join("thief-key");
    let thief = spawn_plain(state.path(), &server, "ANN", Some(&thief_key), "list\n");
    let (ok, out, err) = thief.finish(WAIT);
    assert!(!ok, "exits non-zero: {out}{err}");
    for want in ["refused the name `ANN`", "--name NAME", "--key-file PATH"] {
        assert_eq!(err.matches(want).count(), 1, "{want}: {err}");
    }
    assert!(!out.contains("claimed"), "said once, on stderr: {out}");
    assert!(
        err.contains(&thief_key.display().to_string()),
        "says which key file it used: {err}"
    );
    let mut bot = client(state.path());
    bot.args(["bot", "--server", &server.url(), "--fill", "--name", "ann"]);
    bot.arg("--key-file").arg(&thief_key);
    let (ok, out, err) = ChildProcess::spawn("bot", bot).finish(WAIT);
    assert!(!ok, "the bot exits non-zero: {out}{err}");
    assert!(err.contains("refused the name `ann`"), "{err}");
    assert!(err.contains("--key-file PATH"), "{err}");
    assert_eq!(
        err.matches("is claimed by another player key").count(),
        1,
        "the refusal is said once: {err}"
    );

    // The key that claimed it still gets it; another key takes a free name.
    let again = spawn_plain(state.path(), &server, "Ann", None, "list\n");
    let (ok, out, err) = again.finish(WAIT);
    assert!(ok, "{out}{err}");
    assert_eq!(key_in(&state.path().join("player-key")), ann_hex, "reused");
    let (ok, out, err) =
        spawn_plain(state.path(), &server, "carol", Some(&thief_key), "list\n").finish(WAIT);
    assert!(ok && out.contains("as carol"), "{out}{err}");
    for text in [&out, &err] {
        assert!(!text.contains(&ann_hex));
    }
}

#[test]
fn a_corrupt_key_file_stops_play_before_connecting_with_how_to_fix_it() {
    let state = tempfile::tempdir().unwrap();
    let key = state.path().join("player-key");
    std::fs::write(&key, "not a key\n").unwrap();
    let mut command = client(state.path());
    // No server needed: the key is read first.
    command.args(["play", "--plain", "--server", "ws://127.0.0.1:9/ws"]);
    let (ok, _, err) = ChildProcess::spawn("play", command).finish(WAIT);
    assert!(!ok);
    assert!(err.contains("is not a player key"), "{err}");
    assert!(err.contains("remove it to make a new key"), "{err}");
    assert_eq!(std::fs::read_to_string(&key).unwrap(), "not a key\n");
}

#[test]
fn a_missing_engine_program_is_explained_once_by_bot_and_local() {
    let state = tempfile::tempdir().unwrap();
    let missing = state.path().join("no-such-engine");
    let engine = format!("uci:{}", missing.display());
    // No server needed: the engine is started first.
    for args in [
        &[
            "bot",
            "--server",
            "ws://127.0.0.1:9/ws",
            "--fill",
            "--engine",
            &engine,
        ][..],
        &["local", "--plain", "--white", &engine],
    ] {
        let (ok, _, err) = run(state.path(), args);
        assert!(!ok, "{args:?}: {err}");
        assert!(
            err.contains(&format!("cannot start `{}`", missing.display())),
            "{err}"
        );
        assert_eq!(
            err.matches("No such file or directory").count(),
            1,
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_unreachable_server_is_explained_once_by_the_leaderboard() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let state = tempfile::tempdir().unwrap();
    let address = format!("http://127.0.0.1:{port}");
    let (ok, _, err) = run(state.path(), &["leaderboard", "--server", &address]);
    assert!(!ok);
    assert_eq!(err.matches("nothing is listening").count(), 1, "{err}");
    assert!(err.contains("amazons-server printed"), "the fix: {err}");
}
