//! Whole games between scripted clients over real sockets.

mod common;

use amazons_core::testing::random_move;
use amazons_core::{EndReason, GameRecord, Position, Side, TimeControl};
use amazons_protocol::{ClientMessage, ColorPreference, MatchId, ServerMessage};
use amazons_testkit::WsClient;
use amazons_testkit::http::get as http_get;
use common::{start, test_config};

/// Plays random legal moves for `me` until the game ends; returns the final
/// position and the `game_over` message.
async fn play_out(
    client: &mut WsClient,
    match_id: MatchId,
    me: Side,
    mut position: Position,
) -> (Position, ServerMessage) {
    if position.turn() == me && position.ply() == 0 {
        client
            .play(
                match_id,
                0,
                &random_move(&position, &mut rand::rng()).to_string(),
            )
            .await;
    }
    loop {
        match client.recv().await {
            ServerMessage::MovePlayed { ply, mv, .. } => {
                assert_eq!(ply, position.ply(), "moves arrive in order");
                position = position.play(mv.parse().unwrap()).unwrap();
                if position.turn() == me && !position.is_game_over() {
                    let next = random_move(&position, &mut rand::rng());
                    client
                        .play(match_id, position.ply(), &next.uci().to_string())
                        .await;
                }
            }
            message @ ServerMessage::GameOver { .. } => return (position, message),
            ServerMessage::Error { code, message, .. } => panic!("refused: {code:?} {message}"),
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_a_full_game_and_the_record_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(test_config(dir.path())).await;
    let addr = server.local_addr;

    let mut ann = WsClient::greeted(addr, "ann").await;
    let (match_id, _, seat) = ann
        .create(TimeControl::Untimed, ColorPreference::White)
        .await;
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
    let file = dir.path().join(format!("{match_id}.json"));
    let record: GameRecord = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
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

    server.shutdown();
    server.wait().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_limit_counts_only_unfinished_matches() {
    let dir = tempfile::tempdir().unwrap();
    let config = amazons_server::Config {
        max_matches: 1,
        ..test_config(dir.path())
    };
    let server = start(config).await;
    let mut ann = WsClient::greeted(server.local_addr, "ann").await;
    let (first, _, _) = ann
        .create(TimeControl::Untimed, ColorPreference::White)
        .await;
    ann.send(&ClientMessage::CreateMatch {
        time_control: TimeControl::Untimed,
        color: ColorPreference::Random,
        computer: None,
    })
    .await;
    assert_eq!(
        ann.expect_error().await,
        amazons_protocol::ErrorCode::TooManyMatches
    );
    ann.send(&ClientMessage::Abort {
        match_id: first,
        token: None,
    })
    .await;
    ann.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
        .await;
    let (second, _, _) = ann
        .create(TimeControl::Untimed, ColorPreference::White)
        .await;
    assert_ne!(first, second);
    server.shutdown();
    server.wait().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_first_hears_of_a_match_with_its_creator_seated() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(test_config(dir.path())).await;
    let addr = server.local_addr;

    let mut lobby = WsClient::greeted(addr, "lobby").await;
    lobby.send(&ClientMessage::SubscribeLobby).await;
    assert!(matches!(
        lobby.recv().await,
        ServerMessage::MatchList { .. }
    ));

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
