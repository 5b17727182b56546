//! Clocks, grace periods, heartbeats, reconnects, rematches, shutdown: with
//! tokio's clock paused, so a minute of grace takes no real time. The server
//! runs in the test's own runtime; real sockets on 127.0.0.1. Time moves only
//! through `advance` (see `common::TestServer::paused`).

mod common;

use std::time::Duration;

use amazons_core::{EndReason, Side, TimeControl};
use amazons_protocol::{ClientMessage, ErrorCode, MatchId, SeatToken, ServerMessage};
use amazons_testkit::{StartedMatch, WsClient};
use common::{TestServer, pass};

/// ann (white) and bob (black) in a started match: their connections, the
/// match and bob's seat token.
async fn started_match(
    server: &TestServer,
    time_control: TimeControl,
) -> (WsClient, WsClient, MatchId, SeatToken) {
    let game = StartedMatch::new(server.addr(), "ann", "bob", time_control).await;
    (game.white, game.black, game.match_id, game.black_token)
}

fn game_over(message: ServerMessage) -> (Option<Side>, EndReason) {
    match message {
        ServerMessage::GameOver { winner, reason, .. } => (winner, reason),
        other => panic!("expected game_over, got {other:?}"),
    }
}

fn is_game_over(m: &ServerMessage) -> bool {
    matches!(m, ServerMessage::GameOver { .. })
}

/// Nothing ending the game has arrived so far.
async fn still_on(client: &mut WsClient) {
    client.sync().await;
    assert!(
        !client.backlog.iter().any(is_game_over),
        "{:?}",
        client.backlog
    );
}

#[tokio::test(start_paused = true)]
async fn fischer_clock_charges_thinking_time_adds_increment_and_flags() {
    let server = TestServer::paused().await;
    let tc = TimeControl::Fischer {
        initial_ms: 5_000,
        increment_ms: 1_000,
    };
    let (mut ann, mut bob, match_id, _) = started_match(&server, tc).await;

    tokio::time::advance(Duration::from_millis(2_000)).await;
    ann.play(match_id, 0, "d1-d7/g7").await;
    match ann
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await
    {
        ServerMessage::MovePlayed {
            time_ms, clocks, ..
        } => {
            assert_eq!(time_ms, 2_000);
            let clocks = clocks.unwrap();
            assert_eq!(clocks.white_ms, 4_000, "5000 - 2000 + 1000 increment");
            assert_eq!(clocks.black_ms, 5_000);
            assert_eq!(clocks.running, Some(Side::Second));
        }
        _ => unreachable!(),
    }
    bob.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await;
    // Black thinks for 4.9 s: still on. At 5 s the server flags black.
    tokio::time::advance(Duration::from_millis(4_900)).await;
    still_on(&mut ann).await;
    tokio::time::advance(Duration::from_millis(100)).await;
    let ServerMessage::GameOver {
        winner,
        reason,
        clocks,
        record_id,
        ..
    } = ann.recv_until(is_game_over).await
    else {
        unreachable!()
    };
    assert_eq!((winner, reason), (Some(Side::First), EndReason::Time));
    assert_eq!(clocks.unwrap().black_ms, 0);
    // A move after the flag is refused.
    bob.play(match_id, 1, "a7-b7/c7").await;
    assert_eq!(bob.expect_error().await, ErrorCode::GameOver);

    let record = server.record(record_id.unwrap());
    assert_eq!(record.moves.len(), 1);
    assert_eq!(record.moves[0].time_ms, 2_000);
    assert_eq!(record.moves[0].clock_ms, Some(4_000));
    assert_eq!(record.result.reason, EndReason::Time);
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn a_dropped_player_loses_by_abandonment_when_the_grace_period_ends() {
    let server = TestServer::paused().await;
    let (mut ann, mut bob, match_id, _) = started_match(&server, TimeControl::Untimed).await;
    ann.play(match_id, 0, "d1-d7/g7").await;
    bob.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await;
    bob.play(match_id, 1, "a7-b7/c7").await;
    ann.recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 1, .. }))
        .await;
    drop(bob);
    match ann
        .recv_until(|m| matches!(m, ServerMessage::SeatsChanged { .. }))
        .await
    {
        ServerMessage::SeatsChanged { seats, .. } => assert!(!seats.black.unwrap().connected),
        _ => unreachable!(),
    }
    pass(&mut [&mut ann], Duration::from_secs(59)).await;
    still_on(&mut ann).await;
    tokio::time::advance(Duration::from_secs(1)).await;
    let (winner, reason) = game_over(ann.recv_until(is_game_over).await);
    assert_eq!(
        (winner, reason),
        (Some(Side::First), EndReason::Abandonment)
    );
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn a_match_nobody_moved_in_is_aborted_when_the_grace_period_ends() {
    let server = TestServer::paused().await;
    let (mut ann, bob, _, _) = started_match(&server, TimeControl::Untimed).await;
    drop(bob);
    ann.recv_until(|m| matches!(m, ServerMessage::SeatsChanged { .. }))
        .await;
    pass(&mut [&mut ann], Duration::from_secs(61)).await;
    let (winner, reason) = game_over(ann.recv_until(is_game_over).await);
    assert_eq!((winner, reason), (None, EndReason::Aborted));
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn reconnecting_with_the_token_within_the_grace_period_resumes_the_game() {
    let server = TestServer::paused().await;
    let addr = server.addr();
    let (mut ann, bob, match_id, bob_token) = started_match(&server, TimeControl::Untimed).await;
    ann.play(match_id, 0, "d1-d7/g7").await;
    ann.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await;
    drop(bob);
    ann.recv_until(|m| matches!(m, ServerMessage::SeatsChanged { .. }))
        .await;
    pass(&mut [&mut ann], Duration::from_secs(30)).await;

    let mut bob = WsClient::greeted(addr, "bob").await;
    bob.send(&ClientMessage::Resume {
        match_id,
        token: bob_token,
    })
    .await;
    match bob.recv().await {
        ServerMessage::Snapshot(snapshot) => {
            assert_eq!(snapshot.you, Some(Side::Second));
            assert_eq!(snapshot.ply, 1);
            assert_eq!(snapshot.moves[0].mv.to_string(), "d1-d7/g7");
            assert_eq!(snapshot.turn, Side::Second);
            assert!(snapshot.seats.black.unwrap().connected);
        }
        other => panic!("{other:?}"),
    }
    match ann
        .recv_until(|m| matches!(m, ServerMessage::SeatsChanged { .. }))
        .await
    {
        ServerMessage::SeatsChanged { seats, .. } => assert!(seats.black.unwrap().connected),
        _ => unreachable!(),
    }
    // Well past the original grace deadline: the game goes on.
    pass(&mut [&mut ann, &mut bob], Duration::from_secs(40)).await;
    bob.play(match_id, 1, "a7-b7/c7").await;
    match ann
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::MovePlayed { .. } | ServerMessage::GameOver { .. }
            )
        })
        .await
    {
        ServerMessage::MovePlayed {
            ply: 1,
            side: Side::Second,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn a_second_connection_with_the_token_replaces_the_first() {
    let server = TestServer::paused().await;
    let addr = server.addr();
    let (mut ann, mut bob, match_id, bob_token) =
        started_match(&server, TimeControl::Untimed).await;
    ann.play(match_id, 0, "d1-d7/g7").await;
    bob.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await;

    let mut bob2 = WsClient::greeted(addr, "bob").await;
    bob2.send(&ClientMessage::Resume {
        match_id,
        token: bob_token,
    })
    .await;
    assert!(matches!(bob2.recv().await, ServerMessage::Snapshot(_)));
    assert!(matches!(bob.recv().await, ServerMessage::Replaced { .. }));
    assert_eq!(bob.expect_close().await, Some(1008));
    // The old connection's end does not cost the new one its seat.
    bob2.play(match_id, 1, "a7-b7/c7").await;
    ann.recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 1, .. }))
        .await;
    pass(&mut [&mut ann, &mut bob2], Duration::from_secs(120)).await;
    ann.play(match_id, 2, "g1-g3/g4").await;
    match bob2
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::MovePlayed { ply: 2, .. } | ServerMessage::GameOver { .. }
            )
        })
        .await
    {
        ServerMessage::MovePlayed { ply: 2, .. } => {}
        other => panic!("{other:?}"),
    }
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn a_silent_connection_is_closed_by_the_heartbeat_and_counts_as_a_drop() {
    let server = TestServer::paused().await;
    let (mut ann, mut bob, _match_id, _) = started_match(&server, TimeControl::Untimed).await;
    // bob's socket stays open but is never read again, so it never answers
    // the server's pings; ann answers (pass keeps her talking).
    pass(&mut [&mut ann], Duration::from_secs(40)).await;
    still_on(&mut ann).await;
    assert!(
        !ann.backlog
            .iter()
            .any(|m| matches!(m, ServerMessage::SeatsChanged { .. })),
        "bob is not dropped before 45 s"
    );
    // Closed at the first heartbeat tick after 45 s of silence: by 60 s.
    pass(&mut [&mut ann], Duration::from_secs(20)).await;
    match ann
        .recv_until(|m| matches!(m, ServerMessage::SeatsChanged { .. }))
        .await
    {
        ServerMessage::SeatsChanged { seats, .. } => {
            assert!(!seats.black.unwrap().connected);
            assert!(seats.white.unwrap().connected);
        }
        _ => unreachable!(),
    }
    // And the grace period runs for bob as for any drop.
    pass(&mut [&mut ann], Duration::from_secs(61)).await;
    let (winner, reason) = game_over(ann.recv_until(is_game_over).await);
    assert_eq!((winner, reason), (None, EndReason::Aborted));
    // Bob's socket, read raw at last (a WebSocket library would answer the
    // old pings first and fail on the closed socket), holds the reason and
    // the documented close code: 0x88 (close), length, then 1008.
    let bytes = common::read_raw_until_eof(&mut bob).await;
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("heartbeat_timeout"), "{text}");
    assert!(
        bytes
            .windows(4)
            .any(|w| w[0] == 0x88 && w[2..] == 1008u16.to_be_bytes()),
        "no close frame with 1008"
    );
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn rematch_swaps_colours_in_a_new_match_and_the_lobby_sees_it() {
    let server = TestServer::paused().await;
    let addr = server.addr();
    let mut lobby = WsClient::watching_lobby(addr, "lobby").await;
    let (mut ann, mut bob, match_id, _) = started_match(&server, TimeControl::Untimed).await;
    let playing = |m: &ServerMessage| matches!(m, ServerMessage::MatchUpdated { summary } if summary.status == amazons_protocol::MatchStatus::Playing);
    match lobby.recv_until(playing).await {
        ServerMessage::MatchUpdated { summary } => {
            assert_eq!(summary.id, match_id);
            assert_eq!(summary.seats.white.unwrap().name, "ann");
        }
        _ => unreachable!(),
    }
    ann.send(&ClientMessage::OfferRematch { match_id }).await;
    assert_eq!(ann.expect_error().await, ErrorCode::GameNotOver);
    ann.resign(match_id).await;
    bob.recv_until(is_game_over).await;
    ann.send(&ClientMessage::OfferRematch { match_id }).await;
    match bob
        .recv_until(|m| matches!(m, ServerMessage::RematchOffered { .. }))
        .await
    {
        ServerMessage::RematchOffered { by, .. } => assert_eq!(by, Side::First),
        _ => unreachable!(),
    }
    bob.send(&ClientMessage::AcceptRematch { match_id }).await;
    let new_id = ann.rematch_started().await;
    for (client, seat) in [(&mut ann, Side::Second), (&mut bob, Side::First)] {
        let (match_id, _, got) = client.joined_or_refused().await.unwrap();
        assert_eq!(match_id, new_id);
        assert_eq!(got, seat);
        client
            .recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
            .await;
    }
    bob.play(new_id, 0, "d1-d7/g7").await;
    ann.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await;
    // Abort is allowed until both sides have moved.
    ann.send(&ClientMessage::Abort {
        match_id: new_id,
        token: None,
    })
    .await;
    let over = bob.recv_until(is_game_over).await;
    let ServerMessage::GameOver { record_id, .. } = &over else {
        unreachable!()
    };
    assert_eq!(*record_id, Some(new_id));
    let (winner, reason) = game_over(over);
    assert_eq!((winner, reason), (None, EndReason::Aborted));
    // The rematch's record names the match it came from, on disk and in the
    // game list; the first game's names none.
    assert_eq!(server.record(new_id).rematch_of, Some(match_id.to_string()));
    assert_eq!(server.record(match_id).rematch_of, None);
    let (status, body) = amazons_testkit::http::get(addr, "/api/games").await;
    assert_eq!(status, 200, "{body}");
    let page: amazons_protocol::GamesPage = serde_json::from_str(&body).unwrap();
    let listed: Vec<(String, Option<String>)> = page
        .games
        .into_iter()
        .map(|g| (g.id, g.rematch_of))
        .collect();
    assert_eq!(
        listed,
        [
            (new_id.to_string(), Some(match_id.to_string())),
            (match_id.to_string(), None),
        ]
    );
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn shutdown_tells_every_client() {
    let server = TestServer::paused().await;
    let (mut ann, _bob, _, _) = started_match(&server, TimeControl::Untimed).await;
    server.shutdown();
    ann.recv_until(|m| matches!(m, ServerMessage::ServerShutdown { .. }))
        .await;
    assert_eq!(ann.expect_close().await, Some(1001));
    server.wait().await;
}
