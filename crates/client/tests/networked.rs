//! The client against a real server: two plain `play` processes play a game;
//! a bot fills a seat and plays to the end against a scripted WebSocket
//! client; `bot --fill` plays two games in a row; `history --server` reads
//! the records back.

mod support;

use std::process::Command;
use std::time::Duration;

use amazons_testkit::{ChildProcess, ServerProcess};
use support::scripted;

/// The longest any step waits for a client process.
const WAIT: Duration = Duration::from_secs(60);

/// The client binary, with its state (seat tokens) in a folder of its
/// own that lives as long as the test process, so no run sees another's.
fn client() -> Command {
    static STATE: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    let state = STATE.get_or_init(|| tempfile::tempdir().unwrap());
    let mut command = Command::new(env!("CARGO_BIN_EXE_amazons-client"));
    // The English words the assertions read, whatever the locale.
    command.env("AMAZONS_LANG", "en");
    command.env("AMAZONS_STATE_DIR", state.path());
    command
}

/// Runs a short client command to its end (at most [`WAIT`]); its stdout.
fn run(args: &[&str]) -> String {
    let mut command = client();
    command.args(args);
    let process = ChildProcess::spawn("amazons-client", command);
    let (ok, stdout, stderr) = process.finish(WAIT);
    assert!(ok, "amazons-client {args:?} failed:\n{stdout}{stderr}");
    stdout
}

fn spawn_plain(server: &ServerProcess, name: &str, script: &str) -> ChildProcess {
    let mut command = client();
    command.args(["play", "--plain", "--server", &server.url(), "--name", name]);
    let mut process = ChildProcess::spawn(name, command);
    process.write(script);
    process.close_stdin();
    process
}

#[test]
fn two_plain_clients_play_a_scripted_game_through_the_server() {
    let server = ServerProcess::start();
    let mut ann = spawn_plain(
        &server,
        "ann",
        "create untimed white\nd1 d7 g7\nｇ１，ｇ４，ｇ５\n",
    );
    let joined = ann.wait_line(WAIT, |l| l.contains("joined match"));
    let match_id = joined.trim().split(' ').nth(2).unwrap().to_string();

    // `resign` in a live game asks first: `n` keeps playing, `y` resigns.
    let script = format!("join {match_id}\na7 a4 a5\na7-a6/a5\nd10 d8 d9\nresign\nn\nresign\ny\n");
    let mut bob = spawn_plain(&server, "bob", &script);
    bob.wait_line(WAIT, |l| l.contains("joined match"));
    let (_, bob_output, _) = bob.finish(WAIT);
    let (_, ann_output, _) = ann.finish(WAIT);

    assert!(
        bob_output.contains("illegal: a7-a4/a5: the queen's path is blocked at a4"),
        "{bob_output}"
    );
    assert!(
        bob_output.contains("Resign this game? (y/n)\nkept playing\nResign this game? (y/n)\n"),
        "{bob_output}"
    );
    for output in [&ann_output, &bob_output] {
        assert!(output.contains("1. white plays d1-d7/g7"), "{output}");
        assert!(output.contains("1... black plays a7-a6/a5"), "{output}");
        assert!(output.contains("2. white plays g1-g4/g5"), "{output}");
        assert!(output.contains("2... black plays d10-d8/d9"), "{output}");
        assert!(
            output.contains("game over: white wins by resignation"),
            "{output}"
        );
    }

    let listing = run(&["history", "--server", &server.url(), "list", "--wide"]);
    assert!(
        listing.contains("ann (white) vs bob (black)  untimed  2 moves  white wins by resignation"),
        "{listing}"
    );
    let table = run(&["history", "--server", &server.url()]);
    let row = table.lines().find(|l| l.contains(&match_id[..8]));
    assert!(
        row.is_some_and(|row| row.contains("ann") && row.contains("white       2")),
        "{table}"
    );
    let export = run(&[
        "history",
        "--server",
        &server.url(),
        "export",
        &match_id[..8],
    ]);
    assert!(
        export.contains("1. d1-d7/g7 a7-a6/a5 2. g1-g4/g5 d10-d8/d9"),
        "{export}"
    );
}

/// Starts `amazons-client bot` named `testbot` against `server`.
fn spawn_bot(server: &ServerProcess, args: &[&str]) -> ChildProcess {
    let mut command = client();
    command
        .args(["bot", "--server", &server.url(), "--name", "testbot"])
        .args(args);
    let mut bot = ChildProcess::spawn("testbot", command);
    bot.close_stdin();
    bot
}

/// The fake UCI engine that plays well, as `--engine` takes it.
fn good_fake_engine() -> String {
    let fake = amazons_testkit::binaries::fake_engine("fake-uci-engine");
    format!("uci:{} good", fake.display())
}

/// A runtime and, on it, the scripted player `scripted` in an untimed
/// match it created on `server` (white, waiting for an opponent).
fn scripted_match(server: &ServerProcess) -> (tokio::runtime::Runtime, scripted::Session) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let session = runtime.block_on(scripted::create(&server.url(), "scripted"));
    (runtime, session)
}

/// Waits for the bot to exit: whether it succeeded, and its log.
fn bot_log(bot: ChildProcess) -> (bool, String) {
    let (ok, _, log) = bot.finish(WAIT);
    (ok, log)
}

#[test]
fn a_bot_fills_the_named_match_and_plays_it_to_the_end() {
    let server = ServerProcess::start();
    let (runtime, mut session) = scripted_match(&server);
    let id = session.match_id.to_string();
    let bot = spawn_bot(&server, &["--match", &id, "--level", "1"]);
    let (outcome, plies) = runtime.block_on(session.play(|_| {}));
    assert_eq!(
        outcome.reason,
        amazons_core::EndReason::NoLegalMove,
        "{outcome:?}"
    );
    assert!(plies > 10, "{plies}");
    let (ok, log) = bot_log(bot);
    assert!(ok, "{log}");
    assert!(
        log.contains(&format!("seated as black in match {id}")),
        "{log}"
    );
    assert!(log.contains("game 1 over"), "{log}");
}

#[test]
fn a_filling_bot_with_an_external_engine_plays_two_games_in_a_row() {
    let server = ServerProcess::start();
    let engine = good_fake_engine();
    let bot = spawn_bot(&server, &["--fill", "--games", "2", "--engine", &engine]);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for game in 1..=2 {
        let mut session = runtime.block_on(scripted::create(&server.url(), "scripted"));
        let (outcome, _) = runtime.block_on(session.play(|_| {}));
        assert_eq!(
            outcome.reason,
            amazons_core::EndReason::NoLegalMove,
            "game {game}: {outcome:?}"
        );
    }
    let (ok, log) = bot_log(bot);
    assert!(ok, "{log}");
    assert!(log.contains("playing with fake-good"), "{log}");
    assert!(log.contains("game 2 over"), "{log}");
    let listing = run(&["history", "--server", &server.url(), "list", "--wide"]);
    assert_eq!(
        listing
            .matches("scripted (white) vs testbot (black)")
            .count(),
        2,
        "{listing}"
    );
}

#[test]
fn the_first_ctrl_c_lets_the_bot_finish_its_game() {
    let server = ServerProcess::start();
    let engine = good_fake_engine();
    let bot = spawn_bot(&server, &["--fill", "--engine", &engine]);
    let (runtime, mut session) = scripted_match(&server);
    let (outcome, _) = runtime.block_on(session.play(|ply| {
        if ply == 3 {
            bot.interrupt();
        }
    }));
    assert_eq!(
        outcome.reason,
        amazons_core::EndReason::NoLegalMove,
        "{outcome:?}"
    );
    let (ok, log) = bot_log(bot);
    assert!(ok, "{log}");
    assert!(log.contains("Ctrl-C: finishing the current game"), "{log}");
    assert!(log.contains("game 1 over"), "{log}");
}

#[test]
fn a_second_ctrl_c_resigns_and_quits() {
    let server = ServerProcess::start();
    let mut bot = spawn_bot(&server, &["--fill", "--level", "1"]);
    let (runtime, mut session) = scripted_match(&server);
    let (outcome, _) = runtime.block_on(session.play(|ply| {
        if ply == 3 {
            bot.interrupt();
            // The second press once the bot has taken the first.
            bot.wait_log_line(WAIT, |l| l.contains("Ctrl-C: finishing the current game"));
            bot.interrupt();
        }
    }));
    assert_eq!(
        outcome,
        amazons_core::Outcome::win(
            amazons_core::Side::First,
            amazons_core::EndReason::Resignation
        )
    );
    let (ok, log) = bot_log(bot);
    assert!(ok, "{log}");
    assert!(log.contains("second Ctrl-C: resigning"), "{log}");
}

#[test]
fn players_resume_their_seats_after_a_server_restart() {
    let mut server = ServerProcess::start();
    let (runtime, mut session) = scripted_match(&server);
    let id = session.match_id.to_string();
    let engine = good_fake_engine();
    let bot = spawn_bot(&server, &["--match", &id, "--engine", &engine]);
    let (outcome, plies) = runtime.block_on(session.play(|ply| {
        if ply == 4 {
            server.restart();
        }
    }));
    assert_eq!(
        outcome.reason,
        amazons_core::EndReason::NoLegalMove,
        "{outcome:?}"
    );
    assert!(plies > 4);
    let (ok, log) = bot_log(bot);
    assert!(ok, "{log}");
    assert!(log.contains("connection lost"), "{log}");
    assert!(log.contains(&format!("resuming match {id}")), "{log}");
    assert!(log.contains("game 1 over"), "{log}");
}

#[test]
fn a_bot_with_the_builtin_engine_keeps_time_in_a_fast_game() {
    let server = ServerProcess::start();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let fast = amazons_core::TimeControl::Fischer {
        initial_ms: 3_000,
        increment_ms: 100,
    };
    let mut session = runtime.block_on(scripted::create_timed(&server.url(), "scripted", fast));
    let id = session.match_id.to_string();
    let bot = spawn_bot(&server, &["--match", &id]);
    let (outcome, plies) = runtime.block_on(session.play(|_| {}));
    assert_ne!(
        outcome.reason,
        amazons_core::EndReason::Time,
        "after {plies} moves: {outcome:?}"
    );
    let (ok, log) = bot_log(bot);
    assert!(ok, "{log}");
}

#[test]
fn a_bot_on_a_named_match_plays_the_rematches_it_is_asked_for() {
    let server = ServerProcess::start();
    let (runtime, mut session) = scripted_match(&server);
    let id = session.match_id.to_string();
    let bot = spawn_bot(&server, &["--match", &id, "--level", "1", "--games", "2"]);
    let (first, _) = runtime.block_on(session.play(|_| {}));
    runtime.block_on(session.accept_rematch());
    assert_ne!(session.match_id.to_string(), id, "a new match");
    let (second, _) = runtime.block_on(session.play(|_| {}));
    assert_eq!(first.reason, amazons_core::EndReason::NoLegalMove);
    assert_eq!(second.reason, amazons_core::EndReason::NoLegalMove);
    let (ok, log) = bot_log(bot);
    assert!(ok, "{log}");
    assert!(
        log.contains("seated as white in match"),
        "colours swap: {log}"
    );
    assert!(log.contains("game 2 over"), "{log}");
}

#[test]
fn a_match_bot_waiting_for_a_rematch_stops_cleanly_when_the_match_is_gone() {
    let mut server = ServerProcess::start();
    let (runtime, mut session) = scripted_match(&server);
    let id = session.match_id.to_string();
    let bot = spawn_bot(&server, &["--match", &id, "--level", "1", "--games", "2"]);
    runtime.block_on(session.play(|_| {}));
    runtime.block_on(session.rematch_offered());
    // A restarted server brings the finished match back for a while, but not
    // the offer nor the opponent: the bot reconnects, offers again, hears
    // that its opponent is gone and stops without an error.
    server.restart();
    let (ok, log) = bot_log(bot);
    assert!(ok, "{log}");
    assert!(log.contains("game 1 over"), "{log}");
    assert!(
        log.contains(&format!("back in match {id} to wait for the rematch")),
        "{log}"
    );
    assert!(log.contains("no rematch is coming"), "{log}");
    assert!(!log.contains("game 2 over"), "{log}");
}

/// The state folder every client of this test process uses.
fn state_dir() -> std::path::PathBuf {
    let probe = client();
    let dir = probe
        .get_envs()
        .find(|(key, _)| *key == "AMAZONS_STATE_DIR")
        .and_then(|(_, value)| value)
        .expect("client() sets the state folder");
    std::path::PathBuf::from(dir)
}

#[test]
fn a_killed_client_takes_its_seat_back_when_run_again() {
    let server = ServerProcess::start();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut ann = runtime.block_on(scripted::create(&server.url(), "ann"));
    let id = ann.match_id.to_string();
    let game = runtime.spawn(async move { ann.play(|_| {}).await });

    let mut bob = spawn_plain(&server, "bob", &format!("join {id}\n"));
    bob.wait_line(WAIT, |l| l.contains(&format!("joined match {id} as black")));
    bob.wait_line(WAIT, |l| l.contains("1. white plays"));
    let store =
        amazons_client::net::seat_store::SeatStore::open(&state_dir(), &server.url(), "bob");
    assert_eq!(store.saved().len(), 1, "the seat token is on disk");
    // Killed without a goodbye, as a crash or a closed terminal would.
    bob.kill();

    let mut again = spawn_plain(&server, "bob", "resign\ny\n");
    again.wait_line(WAIT, |l| {
        l.contains(&format!("taking back your seat in match {id}"))
    });
    again.wait_line(WAIT, |l| l.contains("game over: white wins by resignation"));
    let (ok, output, errors) = again.finish(WAIT);
    assert!(ok, "{output}{errors}");
    assert!(
        output.contains("your move (black)"),
        "the resumed board: {output}"
    );
    let (outcome, _) = runtime.block_on(game).unwrap();
    assert_eq!(
        outcome,
        amazons_core::Outcome::win(
            amazons_core::Side::First,
            amazons_core::EndReason::Resignation
        ),
        "the resignation came from the seat: it was taken back"
    );
    assert!(store.saved().is_empty(), "the token goes with the game");
}

#[test]
fn a_wrong_address_fails_at_once_with_the_reason_and_the_fix() {
    let fails = |server: &str, needle: &str| {
        let mut command = client();
        command
            .args(["play", "--plain", "--server", server, "--name", "ann"])
            .env("RUST_BACKTRACE", "1");
        let process = ChildProcess::spawn("amazons-client", command);
        let (ok, stdout, stderr) = process.finish(WAIT);
        assert!(!ok, "{server}: exits non-zero\n{stdout}{stderr}");
        assert!(stderr.contains(needle), "{server}: {stderr}");
        assert!(!stderr.contains("stack backtrace"), "{stderr}");
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    fails(
        &format!("ws://127.0.0.1:{port}/ws"),
        &format!("nothing is listening at 127.0.0.1:{port}"),
    );
    fails("127.0.0.1:7878", "did you mean ws://127.0.0.1:7878/ws?");
    fails(
        "http://127.0.0.1:7878/",
        "did you mean ws://127.0.0.1:7878/ws?",
    );
    let server = ServerProcess::start();
    let authority = server.addr().to_string();
    fails(
        &format!("ws://{authority}/nowhere"),
        &format!("did you mean ws://{authority}/ws?"),
    );
}
