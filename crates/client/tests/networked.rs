//! The client against a real server: two plain `play` processes play a game;
//! a bot fills a seat and plays to the end against a scripted WebSocket
//! client; `bot --fill` plays two games in a row; `history --server` reads
//! the records back.

mod support;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use support::{Server, scripted};

fn client() -> Command {
    Command::new(env!("CARGO_BIN_EXE_amazons-client"))
}

fn spawn_plain(server: &Server, name: &str) -> Child {
    client()
        .args(["play", "--plain", "--server", &server.url, "--name", name])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Reads `child`'s stdout until a line contains `needle`; returns that line
/// and hands the reader back to a thread that collects the rest.
fn read_until(child: &mut Child, needle: &str) -> (String, std::thread::JoinHandle<String>) {
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "output ended before `{needle}`:\n{seen}"
        );
        seen.push_str(&line);
        if line.contains(needle) {
            let rest = std::thread::spawn(move || {
                let mut rest = seen;
                for line in reader.lines() {
                    rest.push_str(&line.unwrap());
                    rest.push('\n');
                }
                rest
            });
            return (line, rest);
        }
        assert!(Instant::now() < deadline, "no `{needle}` in time:\n{seen}");
    }
}

fn finish(mut child: Child, output: std::thread::JoinHandle<String>) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the client did not finish");
        std::thread::sleep(Duration::from_millis(20));
    }
    output.join().unwrap()
}

#[test]
fn two_plain_clients_play_a_scripted_game_through_the_server() {
    let server = Server::start();
    let mut ann = spawn_plain(&server, "ann");
    ann.stdin
        .take()
        .unwrap()
        .write_all("create untimed white\nd1 d7 g7\nｇ１，ｇ４，ｇ５\n".as_bytes())
        .unwrap();
    let (joined, ann_output) = read_until(&mut ann, "joined match");
    let match_id = joined.trim().split(' ').nth(2).unwrap().to_string();

    let mut bob = spawn_plain(&server, "bob");
    let script = format!("join {match_id}\na7 a4 a5\na7-a6/a5\nd10 d8 d9\nresign\n");
    bob.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let (_, bob_output) = read_until(&mut bob, "joined match");
    let bob_output = finish(bob, bob_output);
    let ann_output = finish(ann, ann_output);

    assert!(
        bob_output.contains("illegal: a7-a4/a5: the queen's path is blocked at a4"),
        "{bob_output}"
    );
    for output in [&ann_output, &bob_output] {
        assert!(output.contains("1. white plays d1-d7/g7"), "{output}");
        assert!(output.contains("2. black plays a7-a6/a5"), "{output}");
        assert!(output.contains("3. white plays g1-g4/g5"), "{output}");
        assert!(output.contains("4. black plays d10-d8/d9"), "{output}");
        assert!(
            output.contains("game over: white wins by resignation"),
            "{output}"
        );
    }

    let listing = client()
        .args(["history", "--server", &server.url])
        .output()
        .unwrap();
    let listing = String::from_utf8_lossy(&listing.stdout);
    assert!(
        listing.contains("ann (white) vs bob (black)  untimed  4 moves  white wins by resignation"),
        "{listing}"
    );
    let export = client()
        .args(["history", "--server", &server.url, "export", &match_id[..8]])
        .output()
        .unwrap();
    let export = String::from_utf8_lossy(&export.stdout);
    assert!(
        export.contains("1. d1-d7/g7 a7-a6/a5 2. g1-g4/g5 d10-d8/d9"),
        "{export}"
    );
}

/// Starts `amazons-client bot` named `testbot` against `server`.
fn spawn_bot(server: &Server, args: &[&str]) -> Child {
    client()
        .args(["bot", "--server", &server.url, "--name", "testbot"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn bot_log(child: Child) -> (bool, String) {
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_bot_fills_the_named_match_and_plays_it_to_the_end() {
    let server = Server::start();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut session = runtime.block_on(scripted::create(&server.url, "scripted"));
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
    let server = Server::start();
    let engine = format!("{} good", env!("CARGO_BIN_EXE_fake-uci-engine"));
    let bot = spawn_bot(&server, &["--fill", "--games", "2", "--engine", &engine]);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for game in 1..=2 {
        let mut session = runtime.block_on(scripted::create(&server.url, "scripted"));
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
    let listing = client()
        .args(["history", "--server", &server.url])
        .output()
        .unwrap();
    let listing = String::from_utf8_lossy(&listing.stdout);
    assert_eq!(
        listing
            .matches("scripted (white) vs testbot (black)")
            .count(),
        2,
        "{listing}"
    );
}

fn interrupt(child: &Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn the_first_ctrl_c_lets_the_bot_finish_its_game() {
    let server = Server::start();
    let engine = format!("{} good", env!("CARGO_BIN_EXE_fake-uci-engine"));
    let bot = spawn_bot(&server, &["--fill", "--engine", &engine]);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut session = runtime.block_on(scripted::create(&server.url, "scripted"));
    let (outcome, _) = runtime.block_on(session.play(|ply| {
        if ply == 3 {
            interrupt(&bot);
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
    let server = Server::start();
    let bot = spawn_bot(&server, &["--fill", "--level", "1"]);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut session = runtime.block_on(scripted::create(&server.url, "scripted"));
    let (outcome, _) = runtime.block_on(session.play(|ply| {
        if ply == 3 {
            interrupt(&bot);
            std::thread::sleep(Duration::from_millis(200));
            interrupt(&bot);
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
    let mut server = Server::start();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut session = runtime.block_on(scripted::create(&server.url, "scripted"));
    let id = session.match_id.to_string();
    let engine = format!("{} good", env!("CARGO_BIN_EXE_fake-uci-engine"));
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
    let server = Server::start();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let fast = amazons_core::TimeControl::Fischer {
        initial_ms: 3_000,
        increment_ms: 100,
    };
    let mut session = runtime.block_on(scripted::create_timed(&server.url, "scripted", fast));
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
    let server = Server::start();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut session = runtime.block_on(scripted::create(&server.url, "scripted"));
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
