//! Whole games between scripted clients over real sockets.

mod common;

use amazons_core::{EndReason, GameRecord, Position, Side, TimeControl};
use amazons_protocol::{ClientMessage, ColorPreference, ServerMessage};
use amazons_testkit::WsClient;
use amazons_testkit::http::get as http_get;
use common::{TestServer, play_out};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_a_full_game_and_the_record_is_kept() {
    let server = TestServer::start().await;
    let addr = server.addr();

    let mut ann = WsClient::greeted(addr, "ann").await;
    // Played to the end: not ended by the territory count.
    ann.send(&ClientMessage::CreateMatch {
        time_control: TimeControl::Untimed,
        color: ColorPreference::White,
        computer: None,
        rated: None,
        end_when_decided: Some(false),
        assistance: None,
        initial_fen: None,
    })
    .await;
    let (match_id, _, seat) = ann.joined_or_refused().await.expect("created");
    assert_eq!(seat, Side::First);
    let mut bob = WsClient::greeted(addr, "bob").await;
    let mut watcher = WsClient::greeted(addr, "watcher").await;
    watcher.send(&ClientMessage::Spectate { match_id }).await;
    match watcher.recv().await {
        ServerMessage::Snapshot(snapshot) => {
            assert_eq!(snapshot.you, None);
            assert_eq!(snapshot.ply, 0);
        }
        other => panic!("{other:?}"),
    }
    let (_, bob_seat) = bob.join(match_id).await;
    assert_eq!(bob_seat, Side::Second);
    match bob.recv().await {
        ServerMessage::Snapshot(snapshot) => assert_eq!(snapshot.you, Some(Side::Second)),
        other => panic!("{other:?}"),
    }
    ann.recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
        .await;

    let (a, b) = tokio::join!(
        play_out(&mut ann, match_id, Side::First, Position::start()),
        play_out(&mut bob, match_id, Side::Second, Position::start()),
    );
    let (final_position, over) = a;
    assert_eq!(b.0, final_position);
    let ServerMessage::GameOver {
        winner,
        reason,
        record_id,
        ..
    } = over
    else {
        unreachable!()
    };
    assert_eq!(reason, EndReason::NoLegalMove);
    assert_eq!(winner, Some(final_position.turn().opponent()));
    assert_eq!(record_id, Some(match_id));

    // The spectator saw every move and the end.
    let mut seen = Position::start();
    loop {
        match watcher.recv().await {
            ServerMessage::MovePlayed { mv, .. } => seen = seen.play(mv.parse().unwrap()).unwrap(),
            ServerMessage::GameOver { .. } => break,
            _ => {}
        }
    }
    assert_eq!(seen, final_position);

    // On disk, and over HTTP.
    let record = server.record(match_id);
    assert_eq!(record.replay().unwrap().last(), Some(&final_position));
    assert_eq!(record.white.name, "ann");
    assert_eq!(record.black.name, "bob");
    let (status, body) = http_get(addr, &format!("/api/games/{match_id}")).await;
    assert_eq!(status, 200);
    let served: GameRecord = serde_json::from_str(&body).unwrap();
    assert_eq!(served, record);
    // The start of the id is enough, as in the client's `history` command.
    let prefix = &match_id.to_string()[..8];
    let (status, body) = http_get(addr, &format!("/api/games/{prefix}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(serde_json::from_str::<GameRecord>(&body).unwrap(), record);
    let (status, body) = http_get(addr, "/api/games?page=1&per_page=5").await;
    assert_eq!(status, 200);
    let list: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(list["total"], 1);
    assert_eq!(list["games"][0]["id"], match_id.to_string());
    let (status, _) = http_get(addr, "/api/games/00000000-0000-4000-8000-000000000000").await;
    assert_eq!(status, 404);
    let (status, body) = http_get(addr, "/health").await;
    assert_eq!(status, 200);
    assert!(body.contains("\"ok\""), "{body}");
    let (status, body) = http_get(addr, "/api/matches").await;
    assert_eq!(status, 200);
    assert!(!body.contains("token"), "{body}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_limit_counts_only_unfinished_matches() {
    let server = TestServer::start_with(|config| config.max_matches = 1).await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let (first, _, _) = ann
        .create(TimeControl::Untimed, ColorPreference::White)
        .await;
    ann.send(&ClientMessage::CreateMatch {
        end_when_decided: None,
        assistance: None,
        initial_fen: None,
        rated: None,
        time_control: TimeControl::Untimed,
        color: ColorPreference::Random,
        computer: None,
    })
    .await;
    assert_eq!(
        ann.expect_error().await,
        amazons_protocol::ErrorCode::TooManyMatches
    );
    ann.abort(first).await;
    let (second, _, _) = ann
        .create(TimeControl::Untimed, ColorPreference::White)
        .await;
    assert_ne!(first, second);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_first_hears_of_a_match_with_its_creator_seated() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let mut lobby = WsClient::watching_lobby(addr, "lobby").await;

    let mut ann = WsClient::greeted(addr, "ann").await;
    let (match_id, _, _) = ann
        .create(TimeControl::Untimed, ColorPreference::Black)
        .await;
    // The first word of the new match must already show ann in her seat, so
    // a filling bot can never take the creator's seat before she sits down.
    match lobby
        .recv_until(|m| matches!(m, ServerMessage::MatchUpdated { .. }))
        .await
    {
        ServerMessage::MatchUpdated { summary } => {
            assert_eq!(summary.id, match_id);
            assert!(summary.seats.white.is_none());
            assert_eq!(
                summary.seats.black.as_ref().map(|s| s.name.as_str()),
                Some("ann")
            );
        }
        _ => unreachable!(),
    }
}
