//! Connections that try to hold the server's resources without playing:
//! silent or half-sent HTTP requests, a flood of connections that never
//! upgrade, WebSockets that never say `hello`; and the close frames that must
//! reach a client the server throws out (1008 after `rate_limited`, 1009
//! after `too_large`) even when it left unread data behind. Real sockets on
//! 127.0.0.1; where time matters the clock is paused and moved by `advance`.

mod common;

use std::time::Duration;

use amazons_protocol::{ClientMessage, ErrorCode, ServerMessage};
use amazons_server::config::Seconds;
use amazons_testkit::{WsClient, http::get as http_get};
use common::{TestServer, pass};
use futures_util::SinkExt;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Whether the server has closed `stream`, looking for up to `real` of real
/// time (the tokio clock may be paused) without consuming anything but the
/// end of the stream.
async fn closed_within(stream: &mut TcpStream, real: Duration) -> bool {
    let started = std::time::Instant::now();
    let mut buffer = [0u8; 1024];
    loop {
        match stream.try_read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => return true,
        }
        if started.elapsed() >= real {
            return false;
        }
        tokio::task::yield_now().await;
    }
}

#[tokio::test(start_paused = true)]
async fn silent_and_half_sent_requests_are_closed_after_the_header_timeout() {
    let server =
        TestServer::paused_with(|config| config.header_read_timeout_secs = Seconds::new(5)).await;
    let addr = server.addr();
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    // Accepted in order: once this is answered, both above are being served.
    assert_eq!(http_get(addr, "/health").await.0, 200);
    // A keep-alive connection idle after its first request.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut answer = [0u8; 12];
    tokio::io::AsyncReadExt::read_exact(&mut idle, &mut answer)
        .await
        .unwrap();
    assert_eq!(&answer, b"HTTP/1.1 200");

    tokio::time::advance(Duration::from_secs(4)).await;
    assert!(!closed_within(&mut silent, Duration::from_millis(100)).await);
    assert!(!closed_within(&mut half, Duration::from_millis(100)).await);
    tokio::time::advance(Duration::from_secs(2)).await;
    assert!(
        closed_within(&mut silent, Duration::from_secs(5)).await,
        "a connection that sent nothing is closed after the header timeout"
    );
    assert!(
        closed_within(&mut half, Duration::from_secs(5)).await,
        "a half-sent request is closed after the header timeout"
    );
    assert!(
        closed_within(&mut idle, Duration::from_secs(5)).await,
        "an idle keep-alive connection is closed after the header timeout"
    );
    assert_eq!(http_get(addr, "/health").await.0, 200);
    drop((silent, half, idle));
    server.stop().await;
}

#[tokio::test]
async fn connections_that_do_not_upgrade_are_capped_and_websockets_are_not() {
    let server = TestServer::start_with(|config| config.max_pending_connections = 2).await;
    let addr = server.addr();
    // Upgraded WebSockets give their pending slot back.
    let mut ann = WsClient::greeted(addr, "ann").await;
    let mut bob = WsClient::greeted(addr, "bob").await;
    let mut first = TcpStream::connect(addr).await.unwrap();
    let mut second = TcpStream::connect(addr).await.unwrap();
    let mut third = TcpStream::connect(addr).await.unwrap();
    assert!(
        closed_within(&mut third, Duration::from_secs(5)).await,
        "a third connection before the upgrade is refused"
    );
    assert!(!closed_within(&mut first, Duration::from_millis(50)).await);
    assert!(!closed_within(&mut second, Duration::from_millis(50)).await);
    // When one goes, its slot is free again.
    drop(first);
    let mut status = 0;
    for _ in 0..50 {
        if let Ok((code, _)) = tokio::spawn(async move { http_get(addr, "/health").await }).await {
            status = code;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(status, 200);
    ann.sync().await;
    bob.sync().await;
    drop(second);
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn a_websocket_without_hello_is_closed_after_the_hello_deadline() {
    let server = TestServer::paused().await;
    let addr = server.addr();
    let mut greeted = WsClient::greeted(addr, "ann").await;
    let mut mute = WsClient::connect(addr).await;
    // Answering pings is not enough; saying hello is.
    pass(&mut [&mut greeted], Duration::from_secs(9)).await;
    tokio::time::advance(Duration::from_secs(2)).await;
    match mute.recv().await {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::HelloRequired),
        other => panic!("expected hello_required, got {other:?}"),
    }
    assert_eq!(mute.expect_close().await, Some(1008));
    pass(&mut [&mut greeted], Duration::from_secs(60)).await;
    greeted.sync().await;
    drop((greeted, mute));
    server.stop().await;
}

#[tokio::test]
async fn a_flood_gets_rate_limited_and_close_code_1008_despite_unread_input() {
    let server = TestServer::start().await;
    let addr = server.addr();
    for round in 0..5 {
        let mut flood = WsClient::greeted(addr, "flood").await;
        // Far more than the limit, all sent before reading anything: the
        // server closes with most of it unread.
        for nonce in 0..400 {
            let text = ClientMessage::Ping { nonce }.encode();
            if flood.ws.feed(Message::text(text)).await.is_err() {
                break;
            }
        }
        let _ = flood.ws.flush().await;
        let (code, errors) = flood.expect_close_with_errors().await;
        assert_eq!(errors, vec![ErrorCode::RateLimited], "round {round}");
        assert_eq!(code, Some(1008), "round {round}");
    }
    assert_eq!(http_get(addr, "/health").await.0, 200);
    server.stop().await;
}

#[tokio::test]
async fn a_frame_over_the_hard_limit_gets_too_large_and_close_code_1009() {
    let server = TestServer::start().await;
    let addr = server.addr();
    for round in 0..5 {
        let mut eve = WsClient::greeted(addr, "eve").await;
        // Far over hard_frame_bytes (64 KiB), and more than the socket buffers
        // hold: the client is still sending when the server closes.
        eve.ws
            .send(Message::text("y".repeat(8_000_000)))
            .await
            .unwrap_or_else(|e| panic!("round {round}: the server reset the connection: {e}"));
        let (code, errors) = eve.expect_close_with_errors().await;
        assert_eq!(errors, vec![ErrorCode::TooLarge], "round {round}");
        assert_eq!(code, Some(1009), "round {round}");
    }
    assert_eq!(http_get(addr, "/health").await.0, 200);
    server.stop().await;
}
