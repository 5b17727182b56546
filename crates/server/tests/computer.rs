//! The server's computer opponents over real sockets: offered in `welcome`,
//! seated on request, playing whole games that are recorded with a bot in
//! them, refusing what is not on offer, limited in number, surviving an
//! engine that crashes, taking their seats back after a restart, and
//! thinking on the player's time.

mod common;

use std::time::Duration;

use amazons_core::testing::random_move;
use amazons_core::{EndReason, GameRecord, Level, PlayerKind, Position, Side, TimeControl};
use amazons_protocol::{
    AskedLevel, ClientMessage, ColorPreference, ComputerRequest, ErrorCode, MatchId, MatchSummary,
    SeatToken, ServerMessage, testing,
};
use amazons_server::Config;
use amazons_server::config::{EngineEntry, Millis};
use amazons_testkit::WsClient;
use amazons_testkit::http::get as http_get;
use common::{TestServer, play_out};

/// The test configuration with computer opponents thinking briefly.
fn thinking_briefly(config: &mut Config) {
    config.computer.think_ms = Millis::new(50);
    config.computer.hash_mb = 4;
}

/// Creates a match against the computer; returns (id, token, seat) or the
/// error code.
async fn create_vs(
    client: &mut WsClient,
    color: ColorPreference,
    computer: ComputerRequest,
    time_control: TimeControl,
) -> Result<(MatchId, SeatToken, Side), (ErrorCode, String)> {
    client
        .send(&ClientMessage::CreateMatch {
            end_when_decided: None,
            assistance: None,
            initial_fen: None,
            rated: None,
            time_control,
            color,
            computer: Some(computer),
        })
        .await;
    client.joined_or_refused().await
}

/// The computer at `level`.
fn level(level: u8) -> ComputerRequest {
    ComputerRequest::level(Level::new(level).unwrap())
}

async fn lobby(addr: std::net::SocketAddr) -> Vec<MatchSummary> {
    let (status, body) = http_get(addr, "/api/matches").await;
    assert_eq!(status, 200);
    serde_json::from_str(&body).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn welcome_offers_every_level_in_words_and_the_docs_say_the_same() {
    let server = TestServer::start_with(thinking_briefly).await;
    let mut client = WsClient::connect(server.addr()).await;
    client.send(&testing::hello("ann", PlayerKind::Human)).await;
    let ServerMessage::Welcome {
        computer: Some(offer),
        limits: Some(limits),
        ..
    } = client.recv().await
    else {
        panic!("no computer offer or no limits in welcome")
    };
    assert_eq!(limits.abort_before_ply, 2);
    let levels: Vec<Level> = offer.levels.iter().map(|l| l.level).collect();
    assert_eq!(levels, Level::all().collect::<Vec<_>>());
    assert_eq!(offer.levels[0].description, "random mover");
    assert_eq!(
        offer.levels[6].description,
        "full strength, Monte-Carlo tree search"
    );
    assert_eq!((offer.think_ms.default, offer.think_ms.max), (50, 10_000));
    // docs/protocol.md shows the offer of the default configuration.
    let docs = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/protocol.md"
    ))
    .unwrap();
    let levels_json = serde_json::to_string(&offer.levels).unwrap();
    assert!(
        docs.contains(&format!("\"computer\":{{\"levels\":{levels_json}")),
        "the welcome example in docs/protocol.md must list {levels_json}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_level_1_is_recorded_with_a_bot() {
    let server = TestServer::start_with(thinking_briefly).await;
    let addr = server.addr();
    let mut ann = WsClient::greeted(addr, "ann").await;
    let (match_id, _, seat) = create_vs(
        &mut ann,
        ColorPreference::Black,
        level(1),
        TimeControl::Fischer {
            initial_ms: 60_000,
            increment_ms: 1_000,
        },
    )
    .await
    .unwrap();
    assert_eq!(seat, Side::Second);
    let snapshot = match ann.recv().await {
        ServerMessage::Snapshot(snapshot) => snapshot,
        other => panic!("{other:?}"),
    };
    assert_eq!(snapshot.status, amazons_protocol::MatchStatus::Playing);
    let bot = snapshot.seats.white.unwrap();
    assert_eq!(
        (bot.name.as_str(), bot.kind),
        ("computer (level 1)", PlayerKind::Bot)
    );
    // The lobby shows it as a bot too.
    let listed = lobby(addr).await;
    let row = listed.iter().find(|m| m.id == match_id).unwrap();
    assert_eq!(row.seats.white.as_ref().unwrap().kind, PlayerKind::Bot);

    let (position, over) = play_out(&mut ann, match_id, Side::Second, Position::start()).await;
    let ServerMessage::GameOver {
        reason, record_id, ..
    } = over
    else {
        unreachable!()
    };
    assert_eq!(reason, EndReason::NoLegalMove);
    let (status, body) = http_get(addr, &format!("/api/games/{}", record_id.unwrap())).await;
    assert_eq!(status, 200);
    let record: GameRecord = serde_json::from_str(&body).unwrap();
    assert_eq!(record.white.kind, PlayerKind::Bot);
    assert_eq!(record.white.name, "computer (level 1)");
    assert_eq!(record.black.name, "ann");
    assert_eq!(record.moves.len() as u32, position.ply());
    assert!(
        record.moves.iter().step_by(2).all(|m| m.clock_ms.is_some()),
        "the computer's moves are timed like anyone's"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn it_accepts_a_rematch_with_colours_swapped() {
    let server = TestServer::start_with(thinking_briefly).await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let (match_id, _, _) = create_vs(
        &mut ann,
        ColorPreference::White,
        level(2),
        TimeControl::Untimed,
    )
    .await
    .unwrap();
    ann.play(match_id, 0, "d1-d7/g7").await;
    ann.recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 1, .. }))
        .await;
    ann.resign(match_id).await;
    ann.send(&ClientMessage::OfferRematch { match_id }).await;
    let new_match = ann.rematch_started().await;
    let (id, _, seat) = ann.joined_or_refused().await.unwrap();
    assert_eq!((id, seat), (new_match, Side::Second));
    // The computer is white now and opens.
    match ann
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await
    {
        ServerMessage::MovePlayed {
            match_id,
            side,
            ply,
            ..
        } => assert_eq!((match_id, side, ply), (new_match, Side::First, 0)),
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_not_on_offer_is_refused_with_the_range_and_the_limit_holds() {
    let server = TestServer::start_with(|config| {
        thinking_briefly(config);
        config.computer.max_level = Level::new(5).unwrap();
        config.computer.max_games = 1;
        // No line of waiting games (tests/workers.rs has the line).
        config.computer.max_waiting = 0;
    })
    .await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let untimed = TimeControl::Untimed;
    let white = ColorPreference::White;
    let (code, message) = create_vs(&mut ann, white, level(7), untimed)
        .await
        .unwrap_err();
    assert_eq!(code, ErrorCode::BadOpponent);
    assert!(
        message.contains("levels are 1 to 5 on this server"),
        "{message}"
    );
    for request in [
        ComputerRequest {
            level: Some(AskedLevel::OutOfRange(0)),
            ..ComputerRequest::default()
        },
        ComputerRequest::engine("fairy"),
        level(1).with_think_ms(60_000),
    ] {
        let refused = create_vs(&mut ann, white, request, untimed)
            .await
            .unwrap_err();
        assert_eq!(refused.0, ErrorCode::BadOpponent, "{refused:?}");
    }
    // One computer game at once on this server.
    let (first, _, _) = create_vs(&mut ann, white, level(1), untimed).await.unwrap();
    let mut bob = WsClient::greeted(server.addr(), "bob").await;
    let (code, message) = create_vs(&mut bob, white, level(1), untimed)
        .await
        .unwrap_err();
    assert_eq!(code, ErrorCode::ComputerBusy, "{message}");
    // When that game ends, the place is free again.
    ann.abort(first).await;
    let mut freed = false;
    for _ in 0..50 {
        match create_vs(&mut bob, white, level(1), untimed).await {
            Ok(_) => {
                freed = true;
                break;
            }
            Err((ErrorCode::ComputerBusy, _)) => {
                tokio::time::sleep(Duration::from_millis(20)).await
            }
            Err(other) => panic!("{other:?}"),
        }
    }
    assert!(freed, "the slot came back after the game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_computer_opponents_offers_none_and_says_busy() {
    let server = TestServer::start_with(|config| {
        thinking_briefly(config);
        config.computer.enabled = false;
    })
    .await;
    let mut ann = WsClient::connect(server.addr()).await;
    ann.send(&testing::hello("ann", PlayerKind::Human)).await;
    assert!(matches!(
        ann.recv().await,
        ServerMessage::Welcome { computer: None, .. }
    ));
    let (code, _) = create_vs(
        &mut ann,
        ColorPreference::White,
        level(1),
        TimeControl::Untimed,
    )
    .await
    .unwrap_err();
    assert_eq!(code, ErrorCode::ComputerBusy);
}

/// The test configuration with external engines from tools/fake-engines.
fn with_fake_engines(config: &mut Config) {
    thinking_briefly(config);
    let fake = amazons_testkit::binaries::fake_engine("fake-uci-engine");
    let entry = |name: &str, mode: &str| EngineEntry {
        name: name.into(),
        command: format!("uci:{} {mode}", fake.display()),
        description: format!("a fake engine that is {mode}"),
    };
    config.computer.engines = vec![
        entry("good", "good"),
        entry("crashy", "crash"),
        entry("liar", "illegal"),
    ];
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_external_engine_plays_and_one_that_fails_loses_while_the_server_carries_on() {
    let server = TestServer::start_with(with_fake_engines).await;
    let addr = server.addr();
    let mut ann = WsClient::greeted(addr, "ann").await;
    let untimed = TimeControl::Untimed;
    // A good engine answers, under its configured name.
    let (good, _, _) = create_vs(
        &mut ann,
        ColorPreference::White,
        ComputerRequest::engine("good"),
        untimed,
    )
    .await
    .unwrap();
    ann.play(good, 0, "d1-d7/g7").await;
    match ann
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 1, .. }))
        .await
    {
        ServerMessage::MovePlayed { side, .. } => assert_eq!(side, Side::Second),
        _ => unreachable!(),
    }
    let row = lobby(addr)
        .await
        .into_iter()
        .find(|m| m.id == good)
        .unwrap();
    assert_eq!(row.seats.black.unwrap().name, "good");

    for (engine, reason) in [
        ("crashy", EndReason::EngineFailure),
        ("liar", EndReason::IllegalMove),
    ] {
        let (match_id, _, _) = create_vs(
            &mut ann,
            ColorPreference::White,
            ComputerRequest::engine(engine),
            untimed,
        )
        .await
        .unwrap();
        ann.play(match_id, 0, "d1-d7/g7").await;
        match ann
            .recv_until(
                |m| matches!(m, ServerMessage::GameOver { match_id: id, .. } if *id == match_id),
            )
            .await
        {
            ServerMessage::GameOver {
                winner,
                reason: why,
                record_id,
                ..
            } => {
                assert_eq!((winner, why), (Some(Side::First), reason), "{engine}");
                assert!(record_id.is_some());
            }
            _ => unreachable!(),
        }
    }
    // The server is fine: the good game goes on.
    let position: Position = ann.spectate(good).await.fen.parse().unwrap();
    ann.play(
        good,
        2,
        &random_move(&position, &mut rand::rng()).to_string(),
    )
    .await;
    ann.recv_until(
        |m| matches!(m, ServerMessage::MovePlayed { ply: 3, match_id, .. } if *match_id == good),
    )
    .await;
    let (status, _) = http_get(addr, "/health").await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_computer_takes_its_seat_back_and_plays_on() {
    let server = TestServer::start_with(thinking_briefly).await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let (match_id, token, _) = create_vs(
        &mut ann,
        ColorPreference::White,
        level(3),
        TimeControl::Fischer {
            initial_ms: 120_000,
            increment_ms: 0,
        },
    )
    .await
    .unwrap();
    ann.play(match_id, 0, "d1-d7/g7").await;
    ann.recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 1, .. }))
        .await;
    let server = server.restart_with(thinking_briefly).await;
    drop(ann);
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let snapshot = ann.resume(match_id, token).await.unwrap();
    assert_eq!(snapshot.ply, 2);
    let mut position: Position = snapshot.fen.parse().unwrap();
    // The computer is back in its seat (it resumed by itself)...
    for _ in 0..100 {
        let row = lobby(server.addr())
            .await
            .into_iter()
            .find(|m| m.id == match_id)
            .unwrap();
        if row.seats.black.unwrap().connected {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // ... and answers the next move.
    let mv = random_move(&position, &mut rand::rng());
    position = position.play(mv).unwrap();
    ann.play(match_id, 2, &mv.to_string()).await;
    match ann
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 3, .. }))
        .await
    {
        ServerMessage::MovePlayed { side, mv, .. } => {
            assert_eq!(side, Side::Second);
            position = position.play(mv.parse().unwrap()).unwrap();
        }
        _ => unreachable!(),
    }
    let (_, over) = play_out(&mut ann, match_id, Side::First, position).await;
    assert!(matches!(over, ServerMessage::GameOver { .. }));
}

/// The CPU time (user + system, in ticks of 10 ms) of the worker process of
/// this test process whose command line holds `--hash-mb HASH`, once there
/// is one.
#[cfg(target_os = "linux")]
fn worker_cpu(hash_mb: usize) -> Option<Duration> {
    let me = std::process::id().to_string();
    let marker =
        format!("computer-worker\0--player\0level:7\0--threads\01\0--hash-mb\0{hash_mb}\0");
    for entry in std::fs::read_dir("/proc").ok()? {
        let path = entry.ok()?.path();
        let Ok(cmdline) = std::fs::read(path.join("cmdline")) else {
            continue;
        };
        if !String::from_utf8_lossy(&cmdline).contains(&marker) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(path.join("stat")) else {
            continue;
        };
        let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
        // Fields 4 (the parent), 14 and 15 (utime, stime), counted from 1.
        if fields.get(1) != Some(&me.as_str()) {
            continue;
        }
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        return Some(Duration::from_millis(ticks * 10));
    }
    None
}

/// After its move, level 7 goes on thinking in its worker process while the
/// player thinks (its CPU time grows with nobody to move but the player),
/// answers the player's move as usual, and stops thinking when the game
/// ends. Waits on CPU time, however long a loaded machine takes.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_thinks_on_the_players_time() {
    let server = TestServer::start_with(|config| {
        thinking_briefly(config);
        // A memory size no other test uses, to find this game's worker.
        config.computer.hash_mb = 3;
        config.computer.ponder_ms = Millis::new(60_000);
    })
    .await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let (match_id, _, seat) = create_vs(
        &mut ann,
        ColorPreference::Black,
        level(7),
        TimeControl::Untimed,
    )
    .await
    .unwrap();
    assert_eq!(seat, Side::Second);
    let first = ann
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 0, .. }))
        .await;
    let ServerMessage::MovePlayed { mv, .. } = first else {
        unreachable!()
    };
    let position = Position::start().play(mv.parse().unwrap()).unwrap();
    let after_move = worker_cpu(3).expect("the game's worker runs");
    // Nobody else is to move: CPU time the worker spends now is pondering.
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        let spent = worker_cpu(3).unwrap() - after_move;
        if spent >= Duration::from_millis(300) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the worker spent only {spent:?} of CPU on the player's time"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let reply = random_move(&position, &mut rand::rng());
    ann.play(match_id, 1, &reply.to_string()).await;
    let answer = ann
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 2, .. }))
        .await;
    let ServerMessage::MovePlayed { mv, .. } = answer else {
        unreachable!()
    };
    position
        .play(reply)
        .unwrap()
        .play(mv.parse().unwrap())
        .expect("the computer answers with a legal move");

    // When the game ends, so does the pondering: the worker goes quiet
    // (less than 20 ms of CPU in a second) long before its 60 s are up.
    ann.resign(match_id).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let mut last = worker_cpu(3).unwrap();
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let now = worker_cpu(3).unwrap();
        if now - last < Duration::from_millis(20) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the worker still thinks after the game: {:?} in the last second",
            now - last
        );
        last = now;
    }
}
