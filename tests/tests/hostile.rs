//! Hostile input against the real server, while two honest clients finish a
//! game in another match: garbage bytes, requests that are not WebSocket
//! upgrades, oversized and binary frames, invalid UTF-8, deeply nested JSON,
//! unknown message types, a flood past the rate limit, connections that open
//! and never speak, wrong and stolen-looking tokens, and moves for the other
//! seat. Each gets its error or its close; the server stays up; the honest
//! game ends normally and its record is written.

use std::net::SocketAddr;
use std::time::Duration;

use amazons_core::{EndReason, Position, Side, TimeControl};
use amazons_e2e::player::{SeatPlan, play_seat};
use amazons_e2e::raw::{self, ServerFrame, opcode};
use amazons_e2e::records;
use amazons_protocol::testing::play;
use amazons_protocol::{ClientMessage, ErrorCode, MatchId, SeatToken, ServerMessage};
use amazons_testkit::{Event, StartedMatch, WsClient};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Heartbeat and header timeout shortened so that silent connections are
/// closed within seconds.
const CONFIG: &str =
    "heartbeat_interval_secs = 2\nheartbeat_timeout_secs = 8\nheader_read_timeout_secs = 3\n";

async fn write_raw(addr: SocketAddr, bytes: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.expect("the server accepts");
    // The server may refuse and close before reading everything.
    let _ = stream.write_all(bytes).await;
    stream
}

async fn http_status(addr: SocketAddr, request: &[u8]) -> Option<u16> {
    let mut stream = write_raw(addr, request).await;
    let mut response = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), async {
        use tokio::io::AsyncReadExt;
        let _ = stream.read_to_end(&mut response).await;
    })
    .await;
    assert!(read.is_ok(), "the server answers or closes in time");
    (response.len() >= 12).then(|| raw::parse_response(&response).0)
}

async fn health(addr: SocketAddr) {
    let (status, body) = tokio::task::spawn_blocking(move || raw::http_get(addr, "/health"))
        .await
        .expect("health check");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"status\":\"ok\""), "{body}");
}

async fn ply_of(url: &str, match_id: MatchId) -> u32 {
    let mut watcher = WsClient::greeted(url, "watcher").await;
    watcher.spectate(match_id).await.ply
}

/// Runs one phase of the test with a deadline, so a hang fails with its name.
async fn within<T>(phase: &str, seconds: u64, future: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(seconds), future)
        .await
        .unwrap_or_else(|_| panic!("phase `{phase}` did not finish within {seconds} s"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_clients_get_their_errors_and_an_honest_game_finishes() {
    let config = tempfile::NamedTempFile::new().expect("a temp file");
    std::fs::write(config.path(), CONFIG).expect("write the config");
    let config_path = config.path().to_str().expect("utf-8 path").to_owned();
    let server = amazons_e2e::start_server(&["--config", &config_path]);
    let addr = server.addr();
    let url = server.url();
    // The honest game runs in the background the whole time, on
    // connections of its own.
    let StartedMatch {
        match_id: honest,
        white_token,
        black_token,
        ..
    } = StartedMatch::new(&url, "honest-white", "honest-black", TimeControl::Untimed).await;
    let seed = amazons_e2e::seed(666);
    let honest_seats: Vec<_> = [
        ("honest-white", white_token, Side::First),
        ("honest-black", black_token, Side::Second),
    ]
    .into_iter()
    .enumerate()
    .map(|(n, (name, token, side))| {
        tokio::spawn(play_seat(SeatPlan {
            addr,
            name: name.into(),
            match_id: honest,
            token,
            side,
            pace_ms: (40, 120),
            seed: seed + n as u64,
            deadline: Duration::from_secs(120),
        }))
    })
    .collect();

    // The target match: carol (white) against dave (black), both still at ply 0.
    let StartedMatch {
        match_id: target,
        white: mut carol,
        black: mut dave,
        white_token: carol_token,
        black_token: dave_token,
        ..
    } = StartedMatch::new(&url, "carol", "dave", TimeControl::Untimed).await;

    within("tokens", 30, async {
        // Tokens: wrong, malformed, from another match.
        let mut mallory = WsClient::greeted(&url, "mallory").await;
        let random_token = SeatToken::from_hex("00112233445566778899aabbccddeeff").expect("hex");
        let resume = |match_id, token| ClientMessage::Resume { match_id, token };
        for (message, what) in [
            (resume(target, random_token), "a random token"),
            (
                resume(target, white_token),
                "honest white's token on the target",
            ),
            (
                resume(honest, dave_token),
                "dave's token on the honest match",
            ),
        ] {
            assert_eq!(
                mallory.refused(&message).await,
                ErrorCode::BadToken,
                "{what}"
            );
        }
        mallory
            .send_text(&format!(
                r#"{{"type":"resume","match_id":"{target}","token":"{}"}}"#,
                "Z".repeat(32)
            ))
            .await;
        assert_eq!(mallory.expect_error().await, ErrorCode::Malformed);
        for (message, code, what) in [
            (
                play(target, 0, "d1-d7/g7", Some(random_token)),
                ErrorCode::BadToken,
                "a move with a random token",
            ),
            (
                play(target, 0, "d1-d7/g7", None),
                ErrorCode::NotAPlayer,
                "a move from no seat",
            ),
            (
                ClientMessage::Resign {
                    match_id: honest,
                    token: Some(carol_token),
                },
                ErrorCode::BadToken,
                "carol's token on the honest match",
            ),
            (
                ClientMessage::Join {
                    match_id: MatchId::random(),
                    seat: None,
                },
                ErrorCode::NoSuchMatch,
                "a join of no match",
            ),
            (
                ClientMessage::Join {
                    match_id: target,
                    seat: None,
                },
                ErrorCode::SeatTaken,
                "a join of a full match",
            ),
        ] {
            assert_eq!(mallory.refused(&message).await, code, "{what}");
        }
    })
    .await;

    within("moves for the other seat", 30, async {
        // Moves for the other seat, for the wrong ply, illegal, unreadable.
        dave.play(target, 0, "a7-a6/a5").await;
        assert_eq!(dave.expect_error().await, ErrorCode::NotYourTurn);
        for (ply, mv, code) in [
            (1, "d1-d7/g7", ErrorCode::StalePly),
            (0, "a7-a6/a5", ErrorCode::IllegalMove),
            (0, "d1-d1/d1", ErrorCode::IllegalMove),
            (0, "x9-q0", ErrorCode::BadMoveText),
        ] {
            carol.play(target, ply, mv).await;
            assert_eq!(carol.expect_error().await, code, "{mv} at ply {ply}");
        }
        // A seat token proves its seat to `resume`; it does not let another
        // connection act for that seat.
        assert_eq!(
            carol
                .refused(&play(target, 0, "d1-d7/g7", Some(dave_token)))
                .await,
            ErrorCode::NotYourSeat,
            "carol with black's token"
        );
        assert_eq!(
            ply_of(&url, target).await,
            0,
            "no refused move changed the target match"
        );
    })
    .await;

    within("the target plays on", 30, async {
        // The target match still plays normally.
        carol.play(target, 0, "d1-d7/g7").await;
        let played = dave
            .recv_until(|m| matches!(m, ServerMessage::MovePlayed { .. }))
            .await;
        assert!(
            matches!(played, ServerMessage::MovePlayed { ply: 0, .. }),
            "{played:?}"
        );
    })
    .await;

    // Connections that open and never speak, held open throughout.
    let (mut silent_tcp, mut silent_ws) = within("silent connections", 20, async {
        let mut silent_tcp = Vec::new();
        for _ in 0..50 {
            silent_tcp.push(TcpStream::connect(addr).await.expect("accepts"));
        }
        (silent_tcp, raw::handshake(addr).await)
    })
    .await;

    within("garbage", 30, async {
        // Garbage bytes on the port.
        let garbage: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let mut stream = write_raw(addr, &garbage).await;
        assert!(
            raw::closed_within(&mut stream, Duration::from_secs(10)).await,
            "garbage is cut off"
        );
        health(addr).await;
    })
    .await;

    within("plain http", 60, async {
    // HTTP that is not a WebSocket upgrade.
    let plain_get = format!("GET /ws HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let status = http_status(addr, plain_get.as_bytes()).await;
    assert!(
        matches!(status, Some(400..=426)),
        "GET /ws without upgrade: {status:?}"
    );
    let post = format!(
        "POST /ws HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"
    );
    let status = http_status(addr, post.as_bytes()).await;
    assert_eq!(status, Some(405), "POST /ws");
    let nowhere =
        format!("GET /../../etc/passwd HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let status = http_status(addr, nowhere.as_bytes()).await;
    assert_eq!(status, Some(404), "path traversal");
    let bad_game = format!(
        "GET /api/games/..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    );
    let status = http_status(addr, bad_game.as_bytes()).await;
    assert_eq!(status, Some(404), "a game id that is not one");
    let huge_header = format!(
        "GET /health HTTP/1.1\r\nHost: {addr}\r\nX-Junk: {}\r\nConnection: close\r\n\r\n",
        "j".repeat(1 << 20)
    );
    let status = http_status(addr, huge_header.as_bytes()).await;
    assert!(
        matches!(status, None | Some(400..=499)),
        "a 1 MiB header: {status:?}"
    );
    health(addr).await;
    })
    .await;

    within("frames", 30, async {
        // Frames: too large (refused), far too large (closed 1009), binary.
        let mut eve = WsClient::greeted(&url, "eve").await;
        eve.send_text(&format!(
            r#"{{"type":"ping","pad":"{}"}}"#,
            "x".repeat(5000)
        ))
        .await;
        assert_eq!(eve.expect_error().await, ErrorCode::TooLarge);
        eve.send_frame(Message::binary(vec![1u8, 2, 3])).await;
        assert_eq!(eve.expect_error().await, ErrorCode::BinaryNotSupported);
        eve.sync().await;
        eve.send_text(&"y".repeat(70_000)).await;
        let (code, errors) = eve.expect_close_with_errors().await;
        assert_eq!(
            errors,
            vec![ErrorCode::TooLarge],
            "a frame over the hard limit"
        );
        // The server drains the rest of the frame before closing the socket,
        // so no reset destroys the close frame.
        assert_eq!(code, Some(1009), "closed with {code:?}");
    })
    .await;

    within("invalid utf-8", 30, async {
        // Invalid UTF-8 in a text frame, sent by hand.
        let mut stream = raw::handshake(addr).await;
        let hello = amazons_protocol::testing::hello("utf8", amazons_core::PlayerKind::Human);
        stream
            .write_all(&raw::frame(opcode::TEXT, hello.encode().as_bytes()))
            .await
            .unwrap();
        let welcome = raw::read_frame(&mut stream, Duration::from_secs(10)).await;
        assert!(
            matches!(&welcome, ServerFrame::Text(t) if t.contains("welcome")),
            "{welcome:?}"
        );
        stream
            .write_all(&raw::frame(
                opcode::TEXT,
                b"{\"type\":\"ping\",\"x\":\"\xff\xfe\xc0\"}",
            ))
            .await
            .unwrap();
        let (code, _) = raw::read_until_closed(&mut stream, Duration::from_secs(10)).await;
        assert!(
            matches!(code, None | Some(1007)),
            "invalid UTF-8: closed with {code:?}"
        );
    })
    .await;

    within("nested json", 30, async {
    // Deeply nested JSON, unknown types, malformed messages.
    let mut frank = WsClient::greeted(&url, "frank").await;
    let depth = 1500;
    let nested = format!(
        r#"{{"type":"move","match_id":"{target}","ply":0,"move":{}1{}}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    );
    assert!(nested.len() < 4096);
    for text in [
        nested,
        format!(r#"{{"type":"ping","x":{}{}}}"#, "{\"a\":".repeat(600), "}".repeat(600)),
        "[".repeat(4000),
        "{not json".to_owned(),
        r#"{"type":7}"#.to_owned(),
        r#"{"type":"move","match_id":"not-a-uuid","ply":0,"move":"d1-d7/g7"}"#.to_owned(),
        r#"{"type":"move","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60","ply":-1,"move":"d1-d7/g7"}"#.to_owned(),
    ] {
        frank.send_text(&text).await;
        assert_eq!(frank.expect_error().await, ErrorCode::Malformed, "{:.80}", text);
    }
    frank.send_text(r#"{"type":"teleport","to":"a1"}"#).await;
    assert_eq!(
        frank.expect_error_reply().await,
        (ErrorCode::UnknownType, None)
    );
    frank.send_text(r#"{"type":"welcome"}"#).await;
    assert_eq!(frank.expect_error().await, ErrorCode::UnknownType);
    frank.sync().await;

    })
    .await;

    within("flood", 30, async {
        // A flood: the 101st message in the window is refused and the line cut.
        // `hello` was the first message of the window: 99 pings are answered,
        // the 100th ping is the 101st message. (Sending more than that would
        // leave unread bytes behind when the server closes, and the kernel's
        // reset could destroy the close frame before it is read.)
        let mut flood = WsClient::greeted(&url, "flood").await;
        for nonce in 0..100 {
            flood.send(&ClientMessage::Ping { nonce }).await;
        }
        let mut pongs = 0;
        let (code, errors) = loop {
            match flood.next_event().await {
                Event::Message(ServerMessage::Pong { .. }) => pongs += 1,
                Event::Message(ServerMessage::Error { code, .. }) => {
                    let (close, mut more) = flood.expect_close_with_errors().await;
                    more.insert(0, code);
                    break (close, more);
                }
                Event::Message(other) => panic!("flood: unexpected {other:?}"),
                Event::Closed(code) => break (code, Vec::new()),
            }
        };
        assert_eq!(pongs, 99, "pings answered before the limit");
        assert_eq!(errors, vec![ErrorCode::RateLimited]);
        assert_eq!(code, Some(1008), "flood closed with {code:?}");
        health(addr).await;
    })
    .await;

    // The silent WebSocket is closed for want of a heartbeat.
    let (code, _) = raw::read_until_closed(&mut silent_ws, Duration::from_secs(20)).await;
    assert_eq!(code, Some(1008), "silent WebSocket: {code:?}");
    // Silent TCP connections are closed after the header timeout.
    let mut dropped = 0;
    for stream in &mut silent_tcp {
        if raw::closed_within(stream, Duration::from_millis(1)).await {
            dropped += 1;
        }
    }
    assert_eq!(
        dropped,
        silent_tcp.len(),
        "silent TCP connections closed by the server"
    );
    health(addr).await;

    // The honest game finished without noticing any of it.
    let mut outcome = None;
    for seat in honest_seats {
        let report = seat.await.expect("an honest seat");
        assert_eq!(report.reconnects, 0, "{} lost its connection", report.side);
        outcome = Some(report.outcome);
    }
    let record = records::fetch(addr, &honest.to_string());
    let last: Position = records::check(&record);
    // Played out: until a side could not move, or (a casual game ends when
    // decided) until the territory count proved the winner; records::check
    // proved either from the moves.
    assert!(
        matches!(
            record.result.reason,
            EndReason::NoLegalMove | EndReason::Territory
        ),
        "{record:?}"
    );
    assert_eq!(Some(record.result), outcome);
    if record.result.reason == EndReason::NoLegalMove {
        assert_eq!(last.outcome(), outcome);
    }
    drop(silent_tcp);
    let mut server = server;
    assert!(
        server.is_running(),
        "the server is still up\n{}",
        server.log()
    );
}
