//! Every kind of bad input gets its typed error, changes nothing, and an
//! honest game in another match goes on undisturbed.

mod common;

use amazons_core::testing::random_move;
use amazons_core::{Position, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, ErrorCode, MatchId, SeatToken, ServerMessage,
};
use amazons_testkit::{Event, WsClient};
use common::{start, test_config};
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

/// Two honest players in their own match, moved along between attacks.
struct HonestGame {
    white: WsClient,
    black: WsClient,
    match_id: MatchId,
    position: Position,
}

impl HonestGame {
    async fn new(addr: std::net::SocketAddr) -> HonestGame {
        let mut white = WsClient::greeted(addr, "honest-white").await;
        let (match_id, _, _) = white
            .create(TimeControl::Untimed, ColorPreference::White)
            .await;
        let mut black = WsClient::greeted(addr, "honest-black").await;
        black.join(match_id).await;
        white
            .recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
            .await;
        black
            .recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
            .await;
        HonestGame {
            white,
            black,
            match_id,
            position: Position::start(),
        }
    }

    /// Plays one move for whoever is to move; both players see it accepted.
    async fn step(&mut self) {
        let mv = random_move(&self.position, &mut rand::rng());
        let ply = self.position.ply();
        let mover = if self.position.turn() == Side::First {
            &mut self.white
        } else {
            &mut self.black
        };
        mover.play(self.match_id, ply, &mv.to_string()).await;
        for client in [&mut self.white, &mut self.black] {
            match client
                .recv_until(|m| {
                    matches!(
                        m,
                        ServerMessage::MovePlayed { .. } | ServerMessage::Error { .. }
                    )
                })
                .await
            {
                ServerMessage::MovePlayed {
                    ply: got, mv: text, ..
                } => {
                    assert_eq!(got, ply);
                    assert_eq!(text, mv.to_string());
                }
                other => panic!("honest move refused: {other:?}"),
            }
        }
        self.position = self.position.play(mv).unwrap();
    }
}

async fn snapshot_ply(client: &mut WsClient, match_id: MatchId) -> u32 {
    client.send(&ClientMessage::Spectate { match_id }).await;
    match client
        .recv_until(|m| matches!(m, ServerMessage::Snapshot(_)))
        .await
    {
        ServerMessage::Snapshot(s) => s.ply,
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_has_its_code_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(test_config(dir.path())).await;
    let addr = server.local_addr;
    let mut honest = HonestGame::new(addr).await;
    honest.step().await;

    // The target match: carol (white) and dave (black).
    let mut carol = WsClient::greeted(addr, "carol").await;
    let (target, carol_token, _) = carol
        .create(TimeControl::Untimed, ColorPreference::White)
        .await;
    let mut dave = WsClient::greeted(addr, "dave").await;
    let (dave_token, _) = dave.join(target).await;
    carol
        .recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
        .await;
    dave.recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
        .await;
    let mut mallory = WsClient::greeted(addr, "mallory").await;

    // Before hello; wrong version; bad names.
    let mut early = WsClient::connect(addr).await;
    early.send(&ClientMessage::ListMatches).await;
    assert_eq!(early.expect_error().await, ErrorCode::HelloRequired);
    for name in ["", "   ", "a\u{7}b", &"x".repeat(33)] {
        early
            .send(&ClientMessage::Hello {
                protocol: 1,
                name: name.into(),
                kind: amazons_core::PlayerKind::Human,
                client: None,
                legal_moves: false,
            })
            .await;
        assert_eq!(early.expect_error().await, ErrorCode::BadName, "{name:?}");
    }
    early
        .send(&ClientMessage::Hello {
            protocol: 2,
            name: "x".into(),
            kind: amazons_core::PlayerKind::Human,
            client: None,
            legal_moves: false,
        })
        .await;
    assert_eq!(early.expect_error().await, ErrorCode::VersionMismatch);
    assert_eq!(early.expect_close().await, Some(1002));
    honest.step().await;

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
    mallory
        .ws
        .send(Message::binary(vec![1u8, 2, 3]))
        .await
        .unwrap();
    assert_eq!(mallory.expect_error().await, ErrorCode::BinaryNotSupported);
    mallory.send(&ClientMessage::Ping { nonce: 7 }).await;
    assert!(matches!(
        mallory.recv().await,
        ServerMessage::Pong { nonce: 7 }
    ));
    honest.step().await;

    // Unknown match; wrong token; a spectator's move; out of turn; stale ply;
    // unreadable and illegal moves.
    let nowhere = MatchId::random();
    mallory.play(nowhere, 0, "d1-d7/g7").await;
    assert_eq!(mallory.expect_error().await, ErrorCode::NoSuchMatch);
    let forged = SeatToken::from_bytes([7; 16]);
    mallory
        .send(&ClientMessage::Move {
            match_id: target,
            ply: 0,
            mv: "d1-d7/g7".into(),
            token: Some(forged),
        })
        .await;
    assert_eq!(mallory.expect_error().await, ErrorCode::BadToken);
    mallory
        .send(&ClientMessage::Resume {
            match_id: target,
            token: forged,
        })
        .await;
    assert_eq!(mallory.expect_error().await, ErrorCode::BadToken);
    assert_eq!(snapshot_ply(&mut mallory, target).await, 0);
    mallory.play(target, 0, "d1-d7/g7").await;
    assert_eq!(mallory.expect_error().await, ErrorCode::NotAPlayer);
    mallory
        .send(&ClientMessage::Resign {
            match_id: target,
            token: None,
        })
        .await;
    assert_eq!(mallory.expect_error().await, ErrorCode::NotAPlayer);
    mallory
        .send(&ClientMessage::Join {
            match_id: target,
            seat: None,
        })
        .await;
    assert_eq!(mallory.expect_error().await, ErrorCode::SeatTaken);
    dave.play(target, 0, "a7-b7/c7").await;
    assert_eq!(dave.expect_error().await, ErrorCode::NotYourTurn);
    // Dave's token is his; it does not let him move for white.
    dave.send(&ClientMessage::Move {
        match_id: target,
        ply: 0,
        mv: "d1-d7/g7".into(),
        token: Some(dave_token),
    })
    .await;
    assert_eq!(dave.expect_error().await, ErrorCode::NotYourTurn);
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
    carol.send(&ClientMessage::Leave { match_id: target }).await;
    assert_eq!(carol.expect_error().await, ErrorCode::GameInProgress);
    assert_eq!(
        snapshot_ply(&mut mallory, target).await,
        0,
        "nothing changed"
    );
    honest.step().await;

    // An accepted move, then its duplicate: acknowledged again, not replayed.
    carol
        .send(&ClientMessage::Move {
            match_id: target,
            ply: 0,
            mv: "D1 D7 G7".into(),
            token: Some(carol_token),
        })
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
        snapshot_ply(&mut mallory, target).await,
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
    dave.send(&ClientMessage::Abort {
        match_id: target,
        token: None,
    })
    .await;
    assert_eq!(dave.expect_error().await, ErrorCode::TooLateToAbort);
    honest.step().await;

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
    dave.send(&ClientMessage::Resign {
        match_id: target,
        token: None,
    })
    .await;
    assert_eq!(dave.expect_error().await, ErrorCode::GameOver);
    mallory
        .send(&ClientMessage::AcceptRematch { match_id: target })
        .await;
    assert_eq!(mallory.expect_error().await, ErrorCode::NotAPlayer);
    carol
        .send(&ClientMessage::AcceptRematch { match_id: target })
        .await;
    assert_eq!(carol.expect_error().await, ErrorCode::NoRematchOffer);
    honest.step().await;

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
    for _ in 0..4 {
        honest.step().await;
    }
    assert_eq!(
        snapshot_ply(&mut mallory, honest.match_id).await,
        honest.position.ply()
    );
    server.shutdown();
    server.wait().await.unwrap();
}
