//! The protocol faults a new client found (issue 10), each over a real
//! socket: invalid UTF-8, an unknown type before `hello`, a token from a
//! connection that does not hold its seat, the joiner's snapshot, the
//! rematch as the lobby sees it, and concurrent creations against
//! `max_matches`.

mod common;

use amazons_core::{Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, ErrorCode, MatchStatus, MessageType, ServerMessage,
};
use amazons_testkit::{StartedMatch, WsClient};
use common::TestServer;
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_gets_malformed_and_close_1007() {
    let server = TestServer::start().await;
    let mut ann = WsClient::greeted(server.addr(), "ann").await;
    let frame = Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true);
    ann.ws.send(Message::Frame(frame)).await.unwrap();
    assert_eq!(ann.expect_error().await, ErrorCode::Malformed);
    assert_eq!(ann.expect_close().await, Some(1007));
    server.stop().await;
}

#[tokio::test]
async fn any_type_before_hello_gets_hello_required_even_an_unknown_one() {
    let server = TestServer::start().await;
    let mut early = WsClient::connect(server.addr()).await;
    early.send_text(r#"{"type":"teleport","to":"j10"}"#).await;
    assert_eq!(early.expect_error().await, ErrorCode::HelloRequired);
    early.send(&ClientMessage::ListMatches).await;
    match early.recv().await {
        ServerMessage::Error { code, reply_to, .. } => {
            assert_eq!(code, ErrorCode::HelloRequired);
            assert_eq!(reply_to, Some(MessageType::ListMatches));
        }
        other => panic!("{other:?}"),
    }
    // Text that is not a message at all is malformed, hello or not.
    early.send_text("{not json").await;
    assert_eq!(early.expect_error().await, ErrorCode::Malformed);
    server.stop().await;
}

#[tokio::test]
async fn a_token_acts_only_from_the_connection_holding_its_seat() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let mut ann = WsClient::greeted(addr, "ann").await;
    let (match_id, ann_token, _) = ann
        .create(TimeControl::Untimed, ColorPreference::White)
        .await;
    let mut bob = WsClient::greeted(addr, "bob").await;
    bob.join(match_id).await;
    // The joiner's snapshot already says the game is on.
    match bob.recv().await {
        ServerMessage::Snapshot(snapshot) => {
            assert_eq!(snapshot.status, MatchStatus::Playing);
            assert_eq!(snapshot.you, Some(Side::Second));
        }
        other => panic!("expected the joiner's snapshot, got {other:?}"),
    }
    let mut eve = WsClient::greeted(addr, "eve").await;
    let with_token = |mv: &str| ClientMessage::Move {
        match_id,
        ply: 0,
        mv: mv.into(),
        token: Some(ann_token),
    };
    // A bystander and the opponent with white's token are refused, and are
    // answered (not left in silence).
    eve.send(&with_token("d1-d7/g7")).await;
    assert_eq!(eve.expect_error().await, ErrorCode::NotYourSeat);
    bob.send(&with_token("d1-d7/g7")).await;
    assert_eq!(bob.expect_error().await, ErrorCode::NotYourSeat);
    for message in [
        ClientMessage::Resign {
            match_id,
            token: Some(ann_token),
        },
        ClientMessage::Abort {
            match_id,
            token: Some(ann_token),
        },
    ] {
        eve.send(&message).await;
        assert_eq!(eve.expect_error().await, ErrorCode::NotYourSeat);
    }
    // The holder may send its own token; the move is played once.
    ann.send(&with_token("d1-d7/g7")).await;
    match ann
        .recv_until(|m| {
            matches!(
                m,
                ServerMessage::MovePlayed { .. } | ServerMessage::Error { .. }
            )
        })
        .await
    {
        ServerMessage::MovePlayed { ply: 0, .. } => {}
        other => panic!("{other:?}"),
    }
    // With the token, eve can take the seat over by `resume`.
    eve.send(&ClientMessage::Resume {
        match_id,
        token: ann_token,
    })
    .await;
    eve.recv_until(|m| matches!(m, ServerMessage::Snapshot(_)))
        .await;
    ann.recv_until(|m| matches!(m, ServerMessage::Replaced { .. }))
        .await;
    assert_eq!(ann.expect_close().await, Some(1008));
    server.stop().await;
}

#[tokio::test]
async fn a_rematch_reaches_the_lobby_with_both_seats_taken() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let StartedMatch {
        match_id,
        white: mut ann,
        black: mut bob,
        ..
    } = StartedMatch::new(addr, "ann", "bob", TimeControl::Untimed).await;
    let mut lobby = WsClient::watching_lobby(addr, "lobby").await;
    ann.resign(match_id).await;
    bob.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
        .await;
    ann.send(&ClientMessage::OfferRematch { match_id }).await;
    bob.recv_until(|m| matches!(m, ServerMessage::RematchOffered { .. }))
        .await;
    bob.send(&ClientMessage::AcceptRematch { match_id }).await;
    let new_id = bob.rematch_started().await;
    // Each player: rematch_started, joined, then a snapshot that says playing.
    for (player, seat) in [(&mut ann, Side::Second), (&mut bob, Side::First)] {
        match player
            .recv_until(|m| matches!(m, ServerMessage::Joined { .. } | ServerMessage::Snapshot(_)))
            .await
        {
            ServerMessage::Joined {
                match_id, seat: s, ..
            } => assert_eq!((match_id, s), (new_id, seat)),
            other => panic!("{other:?}"),
        }
        match player.recv().await {
            ServerMessage::Snapshot(snapshot) => {
                assert_eq!(snapshot.status, MatchStatus::Playing);
                assert_eq!(snapshot.you, Some(seat));
            }
            other => panic!("{other:?}"),
        }
    }
    // Every lobby update about the rematch shows it full.
    let first = lobby
        .recv_until(
            |m| matches!(m, ServerMessage::MatchUpdated { summary } if summary.id == new_id),
        )
        .await;
    let ServerMessage::MatchUpdated { summary } = first else {
        unreachable!()
    };
    assert!(summary.seats.white.is_some() && summary.seats.black.is_some());
    assert_eq!(summary.status, MatchStatus::Playing);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_creations_never_exceed_max_matches() {
    const LIMIT: usize = 5;
    const CREATORS: usize = 24;
    let server = TestServer::start_with(|config| config.max_matches = LIMIT).await;
    let addr = server.addr();
    let mut clients = Vec::new();
    for n in 0..CREATORS {
        clients.push(WsClient::greeted(addr, &format!("c{n}")).await);
    }
    // Everyone sends create_match before anyone reads an answer.
    for client in &mut clients {
        client
            .send(&ClientMessage::CreateMatch {
                end_when_decided: None,
                assistance: None,
                initial_fen: None,
                rated: None,
                time_control: TimeControl::Untimed,
                color: ColorPreference::White,
                computer: None,
            })
            .await;
    }
    let mut created = 0;
    let mut refused = 0;
    for client in &mut clients {
        match client
            .recv_until(|m| {
                matches!(
                    m,
                    ServerMessage::Joined { .. } | ServerMessage::Error { .. }
                )
            })
            .await
        {
            ServerMessage::Joined { .. } => created += 1,
            ServerMessage::Error { code, .. } => {
                assert_eq!(code, ErrorCode::TooManyMatches);
                refused += 1;
            }
            _ => unreachable!(),
        }
    }
    assert_eq!((created, refused), (LIMIT, CREATORS - LIMIT));
    let (_, body) = amazons_testkit::http::get(addr, "/api/matches").await;
    let list: Vec<amazons_protocol::MatchSummary> = serde_json::from_str(&body).unwrap();
    assert_eq!(list.len(), LIMIT);
    // The HTTP bodies are the protocol crate's types.
    let (_, body) = amazons_testkit::http::get(addr, "/health").await;
    let health: amazons_protocol::Health = serde_json::from_str(&body).unwrap();
    assert_eq!(health.matches, LIMIT as u64);
    assert_eq!(health.status, amazons_protocol::HealthStatus::Ok);
    let (_, body) = amazons_testkit::http::get(addr, "/api/games?page=0&per_page=1000").await;
    let page: amazons_protocol::GamesPage = serde_json::from_str(&body).unwrap();
    assert_eq!((page.page, page.per_page, page.total), (1, 100, 0));
    server.stop().await;
}

/// Connects with `hello.legal_moves` set.
async fn greeted_wanting_legal_moves(addr: std::net::SocketAddr, name: &str) -> WsClient {
    let mut client = WsClient::connect(addr).await;
    client
        .send(&ClientMessage::Hello {
            key: None,
            protocol: 1,
            name: name.into(),
            kind: amazons_core::PlayerKind::Human,
            client: None,
            legal_moves: true,
        })
        .await;
    assert!(matches!(client.recv().await, ServerMessage::Welcome { .. }));
    client
}

#[tokio::test]
async fn legal_moves_follow_game_started_and_each_move_to_the_opted_in_mover() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let StartedMatch {
        match_id,
        white: mut ann,
        black: mut bob,
        ..
    } = StartedMatch::between(
        greeted_wanting_legal_moves(addr, "ann").await,
        greeted_wanting_legal_moves(addr, "bob").await,
        TimeControl::Untimed,
    )
    .await;
    match ann.recv().await {
        ServerMessage::LegalMoves { ply, moves, .. } => {
            assert_eq!(ply, 0);
            assert_eq!(moves.count(), 2176);
        }
        other => panic!("expected legal_moves after game_started, got {other:?}"),
    }
    ann.play(match_id, 0, "d1-d7/g7").await;
    let after = amazons_core::Position::start()
        .play("d1-d7/g7".parse().unwrap())
        .unwrap();
    match bob
        .recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
        .await
    {
        ServerMessage::MovePlayed { fen, .. } => assert_eq!(fen, Some(after.fen())),
        _ => unreachable!(),
    }
    match bob.recv().await {
        ServerMessage::LegalMoves { ply, moves, .. } => {
            assert_eq!(ply, 1);
            assert_eq!(moves.count(), after.legal_moves().len());
        }
        other => panic!("expected legal_moves after move_played, got {other:?}"),
    }
    // Ann, not to move, got none.
    ann.sync().await;
    assert!(
        !ann.backlog
            .iter()
            .any(|m| matches!(m, ServerMessage::LegalMoves { .. })),
        "{:?}",
        ann.backlog
    );
    server.stop().await;
}
