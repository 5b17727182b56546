//! Crash recovery with the real binary: play, SIGKILL, restart on the same
//! history directory, resume with the seat tokens, finish, find the record.
//! Also: SIGTERM shuts down gracefully and the game resumes after restart.

mod common;

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use amazons_core::testing::random_move;
use amazons_core::{GameRecord, Side, TimeControl};
use amazons_protocol::{MatchId, SeatToken, ServerMessage};
use amazons_testkit::http::get as http_get;
use amazons_testkit::{ServerOptions, ServerProcess, StartedMatch, WsClient};

/// The kit's server process, running this package's own binary.
fn own_binary() -> ServerOptions {
    ServerProcess::options().binary(env!("CARGO_BIN_EXE_amazons-server"))
}

/// `name` reconnects and takes back `side` of `match_id` with its token;
/// returns the connection and the ply the server resumed at.
async fn resume(
    addr: SocketAddr,
    name: &str,
    match_id: MatchId,
    token: SeatToken,
    side: Side,
) -> (WsClient, u32) {
    let mut client = WsClient::greeted(addr, name).await;
    let snapshot = client
        .resume(match_id, token)
        .await
        .unwrap_or_else(|refusal| panic!("resume refused: {refusal:?}"));
    assert_eq!(snapshot.you, Some(side));
    (client, snapshot.ply)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_game_loses_nothing_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = own_binary().history_dir(dir.path()).start();
    let addr = server.addr();

    let tc = TimeControl::Fischer {
        initial_ms: 600_000,
        increment_ms: 5_000,
    };
    let mut game = StartedMatch::new(addr, "ann", "bob", tc).await;
    game.play_random(9).await;
    let acknowledged = game.position.ply();

    server.kill(); // SIGKILL
    drop((game.white, game.black));
    let match_id = game.match_id;
    // A crash in the middle of an append leaves a half-written last line.
    let journal_dir = dir.path().join("journal");
    let journal = std::fs::read_dir(&journal_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .unwrap();
    std::fs::OpenOptions::new()
        .append(true)
        .open(&journal)
        .unwrap()
        .write_all(format!(r#"{{"match_id":"{match_id}","event":"moved","ply":"#).as_bytes())
        .unwrap();

    server.restart();
    let text = server.startup().join("\n");
    assert!(text.contains("restored 1 match"), "{text}");
    assert!(text.contains("truncated last line"), "{text}");
    // The damaged journal is kept, never deleted.
    assert!(
        std::fs::read_dir(&journal_dir).unwrap().any(|e| e
            .unwrap()
            .path()
            .to_string_lossy()
            .ends_with(".kept"))
    );

    let (white, ply) = resume(addr, "ann", match_id, game.white_token, Side::First).await;
    assert_eq!(ply, acknowledged, "every acknowledged move survived");
    let (black, _) = resume(addr, "bob", match_id, game.black_token, Side::Second).await;
    let mut game = StartedMatch {
        white,
        black,
        ..game
    };
    game.play_random(200).await;
    let position = game.position;
    assert!(position.is_game_over());
    let over = game
        .white
        .recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
        .await;
    let ServerMessage::GameOver {
        record_id, winner, ..
    } = over
    else {
        unreachable!()
    };
    assert_eq!(winner, Some(position.turn().opponent()));
    let record_id = record_id.expect("a record was written");
    let (status, body) = http_get(addr, &format!("/api/games/{record_id}")).await;
    assert_eq!(status, 200);
    let record: GameRecord = serde_json::from_str(&body).unwrap();
    assert_eq!(record.replay().unwrap().last(), Some(&position));
    assert!(dir.path().join(format!("{match_id}.json")).exists());

    // SIGTERM: a graceful shutdown that tells the clients.
    let mut watcher = WsClient::greeted(addr, "watcher").await;
    server.terminate();
    watcher
        .recv_until(|m| matches!(m, ServerMessage::ServerShutdown { .. }))
        .await;
    let exit = server.wait_exit(Duration::from_secs(30));
    assert!(exit.success(), "{exit:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_config_file_names_the_key_and_exits_non_zero() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("server.toml");
    std::fs::write(&config, "port = 7878\ngrace_seconds = 5\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_amazons-server"))
        .arg("--config")
        .arg(&config)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("grace_seconds"), "{stderr}");
}

/// How a game's end is cut short.
#[derive(Clone, Copy, Debug)]
enum Cut {
    /// SIGKILL at a fault point of the end.
    At(&'static str),
    /// SIGKILL once the end is journalled, then the journal's last line (the
    /// `ended` event) is removed: as if the kill fell between the final
    /// move's append and the end's.
    BeforeTheEndWasJournalled,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_ended_by_its_last_move_survives_a_kill_at_every_step_of_its_end() {
    use amazons_server::fault;
    for cut in [
        Cut::BeforeTheEndWasJournalled,
        Cut::At(fault::END_JOURNALLED),
        Cut::At(fault::END_RECORDED),
        Cut::At(fault::END_ANNOUNCED),
    ] {
        let point = match cut {
            Cut::At(point) => point,
            Cut::BeforeTheEndWasJournalled => fault::END_JOURNALLED,
        };
        let dir = tempfile::tempdir().unwrap();
        let mut server = own_binary()
            .history_dir(dir.path())
            .env("AMAZONS_FAULT_PAUSE", point)
            .start();
        // A long clock makes the match rated by default, so it is played to
        // the end rather than ended by the territory count.
        let clock = TimeControl::Fischer {
            initial_ms: 3_600_000,
            increment_ms: 0,
        };
        let mut game = StartedMatch::new(server.addr(), "ann", "bob", clock).await;
        // Every move but the last, acknowledged; then the last one.
        let last = loop {
            let mv = random_move(&game.position, &mut rand::rng());
            if game.position.play(mv).unwrap().is_game_over() {
                break mv;
            }
            game.play(mv).await;
        };
        let (match_id, ply) = (game.match_id, game.position.ply());
        game.mover().play(match_id, ply, &last.to_string()).await;
        let output = server.output();
        let line = tokio::task::spawn_blocking(move || {
            output.wait_for("fault point", Duration::from_secs(30))
        })
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{cut:?}: the server never reached {point}"));
        assert!(line.contains(point), "{line}");
        server.kill(); // SIGKILL
        drop((game.white, game.black));
        let StartedMatch {
            white_token,
            black_token,
            position,
            ..
        } = game;
        if let Cut::BeforeTheEndWasJournalled = cut {
            drop_last_journal_line(&dir.path().join("journal"), "\"event\":\"ended\"");
        }
        let final_position = position.play(last).unwrap();

        // After the restart the game is over, as it would have been live.
        let mut server = own_binary().history_dir(dir.path()).start();
        let addr = server.addr();
        assert!(
            server.startup().join("\n").contains("restored 1 match"),
            "{cut:?}: {:?}",
            server.startup()
        );
        for (name, token, side) in [
            ("ann", white_token, Side::First),
            ("bob", black_token, Side::Second),
        ] {
            let mut client = WsClient::greeted(addr, name).await;
            let snapshot = client
                .resume(match_id, token)
                .await
                .unwrap_or_else(|refusal| panic!("{cut:?}: resume refused: {refusal:?}"));
            assert_eq!(snapshot.you, Some(side));
            assert_eq!(
                snapshot.status,
                amazons_protocol::MatchStatus::Finished,
                "{cut:?}"
            );
            assert_eq!(
                snapshot.fen,
                final_position.fen(),
                "{cut:?}: every move is there"
            );
            let ServerMessage::GameOver {
                winner,
                reason,
                record_id,
                ..
            } = client
                .recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
                .await
            else {
                unreachable!()
            };
            assert_eq!(reason, amazons_core::EndReason::NoLegalMove, "{cut:?}");
            assert_eq!(winner, Some(final_position.turn().opponent()), "{cut:?}");
            assert_eq!(record_id, Some(match_id), "{cut:?}: the record is written");
        }
        let (status, body) = http_get(addr, &format!("/api/games/{match_id}")).await;
        assert_eq!(status, 200, "{cut:?}");
        let record: GameRecord = serde_json::from_str(&body).unwrap();
        assert_eq!(record.result.reason, amazons_core::EndReason::NoLegalMove);
        assert_eq!(record.replay().unwrap().last(), Some(&final_position));
        server.kill();
    }
}

/// Removes the last line of the journal file, which must contain `expected`.
fn drop_last_journal_line(journal_dir: &Path, expected: &str) {
    let path = std::fs::read_dir(journal_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let last = lines.pop().unwrap();
    assert!(last.contains(expected), "{last}");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}
