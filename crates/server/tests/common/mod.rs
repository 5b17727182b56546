//! An in-process server on 127.0.0.1:0 with its own history directory, the
//! paused-clock helpers for the kit's WebSocket client (`amazons_testkit`).
#![allow(dead_code)]

use std::time::Duration;

use amazons_server::{Config, RunningServer};
use amazons_testkit::WsClient;
use tokio::io::AsyncReadExt;

/// A test configuration: loopback, any port, the given history directory.
pub fn test_config(dir: &std::path::Path) -> Config {
    Config {
        listen: "127.0.0.1".parse().unwrap(),
        port: 0,
        history_dir: dir.to_owned(),
        shutdown_timeout_secs: 2.into(),
        computer: amazons_server::config::ComputerConfig {
            // The computer's engines run in worker processes of the server
            // binary (the test executable is not one).
            worker: env!("CARGO_BIN_EXE_amazons-server").into(),
            ..Config::default().computer
        },
        ..Config::default()
    }
}

pub async fn start(config: Config) -> RunningServer {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
    amazons_server::start(config).await.expect("server starts")
}

/// With tokio's clock paused, keeps the runtime busy so that time never
/// jumps ahead on its own while a socket read is pending (auto-advance would
/// otherwise fire timers whenever the loopback is a moment late): time then
/// moves only through `tokio::time::advance`. After a minute of real time
/// it lets go, so that a hung test fails on a read timeout instead of hanging.
pub fn hold_the_clock() -> tokio::task::JoinHandle<()> {
    let started = std::time::Instant::now();
    tokio::spawn(async move {
        while started.elapsed() < Duration::from_secs(60) {
            tokio::task::yield_now().await;
        }
    })
}

/// Advances the paused clock by `total` in steps shorter than a heartbeat
/// interval, with each client answering in between (so they stay alive).
pub async fn pass(clients: &mut [&mut WsClient], total: Duration) {
    let step = Duration::from_secs(10);
    let mut left = total;
    while !left.is_zero() {
        let now = left.min(step);
        tokio::time::advance(now).await;
        left -= now;
        for client in clients.iter_mut() {
            client.sync().await;
        }
    }
}

/// Everything still to be read on a client's TCP stream, raw, until the
/// server closes it (or 10 s pass).
pub async fn read_raw_until_eof(client: &mut WsClient) -> Vec<u8> {
    let tokio_tungstenite::MaybeTlsStream::Plain(stream) = client.ws.get_mut() else {
        panic!("plain TCP expected");
    };
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match tokio::time::timeout(Duration::from_secs(10), stream.read(&mut chunk)).await {
            Ok(Ok(n)) if n > 0 => bytes.extend_from_slice(&chunk[..n]),
            _ => return bytes,
        }
    }
}
