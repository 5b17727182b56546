//! Every kind of bad input gets its typed error, changes nothing, and an
//! honest game in another match goes on undisturbed.

mod common;

use amazons_core::{Position, Side, TimeControl};
use amazons_protocol::testing::play;
use amazons_protocol::{ClientMessage, ErrorCode, MatchId, SeatToken, ServerMessage};
use amazons_testkit::{Event, StartedMatch, WsClient};
use common::TestServer;
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_has_its_code_and_changes_nothing() {
    let server = TestServer::start().await;
    let addr = server.addr();
    // Two honest players in their own match, moved along between attacks.
    let mut honest =
        StartedMatch::new(addr, "honest-white", "honest-black", TimeControl::Untimed).await;
    honest.play_random(1).await;

    // The target match: carol (white) and dave (black).
    let StartedMatch {
        match_id: target,
        white: mut carol,
        black: mut dave,
        white_token: carol_token,
        black_token: dave_token,
        ..
    } = StartedMatch::new(addr, "carol", "dave", TimeControl::Untimed).await;
    let mut mallory = WsClient::greeted(addr, "mallory").await;

    // Before hello; wrong version; bad names.
    let mut early = WsClient::connect(addr).await;
    early.send(&ClientMessage::ListMatches).await;
    assert_eq!(early.expect_error().await, ErrorCode::HelloRequired);
    let hello = |protocol, name: &str| ClientMessage::Hello {
        key: None,
        protocol,
        name: name.into(),
        kind: amazons_core::PlayerKind::Human,
        client: None,
        legal_moves: false,
    };
    for name in ["", "   ", "a\u{7}b", &"x".repeat(33)] {
        assert_eq!(
            early.refused(&hello(1, name)).await,
            ErrorCode::BadName,
            "{name:?}"
        );
    }
    assert_eq!(
        early.refused(&hello(2, "x")).await,
        ErrorCode::VersionMismatch
    );
    assert_eq!(early.expect_close().await, Some(1002));
    honest.play_random(1).await;

    // Malformed JSON, unknown type, wrong field types.
    for (text, code) in [
        ("{not json", ErrorCode::Malformed),
        ("[1,2,3]", ErrorCode::Malformed),
        (r#"{"type":"teleport","to":"j10"}"#, ErrorCode::UnknownType),
        (
            r#"{"type":"move","match_id":"nope","ply":0,"move":"d1-d7/g7"}"#,
            ErrorCode::Malformed,
        ),
        (r#"{"type":"move","ply":0}"#, ErrorCode::Malformed),
    ] {
        mallory.send_text(text).await;
        assert_eq!(mallory.expect_error().await, code, "{text}");
    }
    // A frame over max_message_bytes: refused, connection stays.
    let big = format!(
        r#"{{"type":"ping","nonce":1,"pad":"{}"}}"#,
        "x".repeat(5000)
    );
    mallory.send_text(&big).await;
    assert_eq!(mallory.expect_error().await, ErrorCode::TooLarge);
    // A binary frame.
    mallory.send_frame(Message::binary(vec![1u8, 2, 3])).await;
    assert_eq!(mallory.expect_error().await, ErrorCode::BinaryNotSupported);
    mallory.send(&ClientMessage::Ping { nonce: 7 }).await;
    assert!(matches!(
        mallory.recv().await,
        ServerMessage::Pong { nonce: 7 }
    ));
    honest.play_random(1).await;

    // Unknown match; wrong token; a spectator's move; out of turn; stale ply;
    // unreadable and illegal moves.
    let nowhere = MatchId::random();
    let forged = SeatToken::from_bytes([7; 16]);
    for (message, code) in [
        (play(nowhere, 0, "d1-d7/g7", None), ErrorCode::NoSuchMatch),
        (
            play(target, 0, "d1-d7/g7", Some(forged)),
            ErrorCode::BadToken,
        ),
        (
            ClientMessage::Resume {
                match_id: target,
                token: forged,
            },
            ErrorCode::BadToken,
        ),
    ] {
        assert_eq!(mallory.refused(&message).await, code, "{message:?}");
    }
    assert_eq!(mallory.spectate(target).await.ply, 0);
    for (message, code) in [
        (play(target, 0, "d1-d7/g7", None), ErrorCode::NotAPlayer),
        (
            ClientMessage::Resign {
                match_id: target,
                token: None,
            },
            ErrorCode::NotAPlayer,
        ),
        (
            ClientMessage::Join {
                match_id: target,
                seat: None,
            },
            ErrorCode::SeatTaken,
        ),
    ] {
        assert_eq!(mallory.refused(&message).await, code, "{message:?}");
    }
    dave.play(target, 0, "a7-b7/c7").await;
    assert_eq!(dave.expect_error().await, ErrorCode::NotYourTurn);
    // Dave's token is his; it does not let him move for white.
    assert_eq!(
        dave.refused(&play(target, 0, "d1-d7/g7", Some(dave_token)))
            .await,
        ErrorCode::NotYourTurn
    );
    carol.play(target, 5, "d1-d7/g7").await;
    match carol
        .recv_until(|m| matches!(m, ServerMessage::Error { .. }))
        .await
    {
        ServerMessage::Error {
            code, expected_ply, ..
        } => {
            assert_eq!(code, ErrorCode::StalePly);
            assert_eq!(expected_ply, Some(0));
        }
        _ => unreachable!(),
    }
    carol.play(target, 0, "d1-z9/g7").await;
    assert_eq!(carol.expect_error().await, ErrorCode::BadMoveText);
    carol.play(target, 0, "d1-d10/d9").await;
    match carol
        .recv_until(|m| matches!(m, ServerMessage::Error { .. }))
        .await
    {
        ServerMessage::Error { code, message, .. } => {
            assert_eq!(code, ErrorCode::IllegalMove);
            let reason = Position::start()
                .play("d1-d10/d9".parse().unwrap())
                .unwrap_err()
                .reason;
            assert_eq!(message, reason.to_string());
        }
        _ => unreachable!(),
    }
    carol.play(target, 0, "a7-a6/a5").await;
    assert_eq!(carol.expect_error().await, ErrorCode::IllegalMove);
    assert_eq!(
        carol
            .refused(&ClientMessage::Leave { match_id: target })
            .await,
        ErrorCode::GameInProgress
    );
    assert_eq!(mallory.spectate(target).await.ply, 0, "nothing changed");
    honest.play_random(1).await;

    // An accepted move, then its duplicate: acknowledged again, not replayed.
    carol
        .send(&play(target, 0, "D1 D7 G7", Some(carol_token)))
        .await;
    let first = carol
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await;
    carol.play(target, 0, "d1-d7/g7").await;
    let again = carol
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::MovePlayed { .. } | ServerMessage::Error { .. }
            )
        })
        .await;
    match (&first, &again) {
        (
            ServerMessage::MovePlayed { ply: 0, mv: a, .. },
            ServerMessage::MovePlayed { ply: 0, mv: b, .. },
        ) => assert_eq!(a, b),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        mallory.spectate(target).await.ply,
        1,
        "the duplicate was not applied"
    );
    // The old ply with another move is stale, not a duplicate.
    carol.play(target, 0, "g1-g7/g8").await;
    assert_eq!(carol.expect_error().await, ErrorCode::NotYourTurn);
    dave.recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await;
    dave.play(target, 0, "a7-b7/c7").await;
    assert_eq!(dave.expect_error().await, ErrorCode::StalePly);
    // Abort is too late after both have moved.
    dave.play(target, 1, "a7-b7/c7").await;
    dave.recv_until(|m| matches!(m, ServerMessage::MovePlayed { ply: 1, .. }))
        .await;
    assert_eq!(
        dave.refused(&ClientMessage::Abort {
            match_id: target,
            token: None,
        })
        .await,
        ErrorCode::TooLateToAbort
    );
    honest.play_random(1).await;

    // Game over: a resignation, then moves and resignations are refused.
    dave.send(&ClientMessage::Resign {
        match_id: target,
        token: None,
    })
    .await;
    match carol
        .recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
        .await
    {
        ServerMessage::GameOver { winner, reason, .. } => {
            assert_eq!(winner, Some(Side::First));
            assert_eq!(reason, amazons_core::EndReason::Resignation);
        }
        _ => unreachable!(),
    }
    carol.play(target, 2, "g1-g3/g4").await;
    assert_eq!(carol.expect_error().await, ErrorCode::GameOver);
    let resign = ClientMessage::Resign {
        match_id: target,
        token: None,
    };
    assert_eq!(dave.refused(&resign).await, ErrorCode::GameOver);
    let accept = ClientMessage::AcceptRematch { match_id: target };
    assert_eq!(mallory.refused(&accept).await, ErrorCode::NotAPlayer);
    assert_eq!(carol.refused(&accept).await, ErrorCode::NoRematchOffer);
    honest.play_random(1).await;

    // Flooding: past the rate limit, an error and a close with 1008.
    let mut flooder = WsClient::greeted(addr, "flooder").await;
    for nonce in 0..120 {
        flooder.send(&ClientMessage::Ping { nonce }).await;
    }
    let mut pongs = 0;
    loop {
        match flooder.next_event().await {
            Event::Message(message) => match message {
                ServerMessage::Pong { .. } => pongs += 1,
                ServerMessage::Error { code, .. } => {
                    assert_eq!(code, ErrorCode::RateLimited);
                    break;
                }
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(pongs, 99, "hello + 99 pings are within the limit of 100");
    assert_eq!(flooder.expect_close().await, Some(1008));

    // A frame over the hard limit closes the connection with 1009.
    let mut giant = WsClient::greeted(addr, "giant").await;
    let _ = giant.ws.send(Message::text("x".repeat(70_000))).await;
    match giant.next_event().await {
        Event::Message(message) => {
            let ServerMessage::Error { code, .. } = message else {
                panic!("{message:?}")
            };
            assert_eq!(code, ErrorCode::TooLarge);
            // The close frame may be lost: the server closes without reading
            // the rest of the giant frame, so the kernel may reset the socket.
            let code = giant.expect_close().await;
            assert!(code.is_none() || code == Some(1009), "{code:?}");
        }
        Event::Closed(code) => assert!(code.is_none() || code == Some(1009), "{code:?}"),
    }

    // The honest game went on through all of it.
    honest.play_random(4).await;
    assert_eq!(
        mallory.spectate(honest.match_id).await.ply,
        honest.position.ply()
    );
    server.stop().await;
}
