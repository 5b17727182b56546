//! An in-process server on 127.0.0.1:0 with its own history directory, the
//! paused-clock helpers for the kit's WebSocket client (`amazons_testkit`),
//! and a player that plays random moves to the end of a game.
#![allow(dead_code)]

use std::fmt::Display;
use std::net::SocketAddr;
use std::time::Duration;

use amazons_core::testing::random_move;
use amazons_core::{GameRecord, Position, Side};
use amazons_protocol::{ErrorCode, MatchId, ServerMessage};
use amazons_records::RecordDir;
use amazons_server::config::Seconds;
use amazons_server::{Config, RunningServer};
use amazons_testkit::WsClient;
use tokio::io::AsyncReadExt;

/// The server of one test: [`test_config`] in a temporary history directory
/// of its own.
pub struct TestServer {
    /// The running server.
    pub server: RunningServer,
    /// Its history directory, removed when the test ends.
    pub dir: tempfile::TempDir,
    /// With tokio's clock paused, the task that holds it until the server
    /// stops ([`hold_the_clock`]).
    clock: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    /// Starts a server with the test configuration.
    pub async fn start() -> TestServer {
        TestServer::start_with(|_| {}).await
    }

    /// Starts a server with the test configuration as `configure` changes it.
    pub async fn start_with(configure: impl FnOnce(&mut Config)) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let mut config = test_config(dir.path());
        configure(&mut config);
        let server = start(config).await;
        TestServer {
            server,
            dir,
            clock: None,
        }
    }

    /// The one way a test runs on tokio's paused clock (under
    /// `#[tokio::test(start_paused = true)]`): [`TestServer::start`], with
    /// the clock held ([`hold_the_clock`]) until the server stops, so that
    /// time moves only through `tokio::time::advance`.
    pub async fn paused() -> TestServer {
        TestServer::paused_with(|_| {}).await
    }

    /// [`TestServer::paused`] with the test configuration as `configure`
    /// changes it.
    pub async fn paused_with(configure: impl FnOnce(&mut Config)) -> TestServer {
        let clock = hold_the_clock();
        let mut server = TestServer::start_with(configure).await;
        server.clock = Some(clock);
        server
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.server.local_addr
    }

    /// The record of game `id` as written in the history directory (read
    /// through the records crate, as the server reads it).
    pub fn record(&self, id: impl Display) -> GameRecord {
        RecordDir::new(self.dir.path())
            .load(&id.to_string())
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Starts a graceful shutdown.
    pub fn shutdown(&self) {
        self.server.shutdown();
    }

    /// Waits for the server to stop, which it must do without an error
    /// (a held clock is let go first).
    pub async fn wait(self) {
        if let Some(clock) = &self.clock {
            clock.abort();
        }
        self.server.wait().await.unwrap();
    }

    /// Shuts the server down and waits for it to stop cleanly.
    pub async fn stop(self) {
        self.shutdown();
        self.wait().await;
    }

    /// [`TestServer::stop`], then a new server on the same history
    /// directory, with the test configuration as `configure` changes it (a
    /// restart: its address is new).
    pub async fn restart_with(self, configure: impl FnOnce(&mut Config)) -> TestServer {
        let TestServer { server, dir, clock } = self;
        server.shutdown();
        server.wait().await.unwrap();
        let mut config = test_config(dir.path());
        configure(&mut config);
        let server = start(config).await;
        TestServer { server, dir, clock }
    }
}

/// A test configuration: loopback, any port, the given history directory.
pub fn test_config(dir: &std::path::Path) -> Config {
    Config {
        listen: "127.0.0.1".parse().unwrap(),
        port: 0,
        history_dir: dir.to_owned(),
        shutdown_timeout_secs: Seconds::new(2),
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

/// With tokio's clock paused, keeps the runtime busy (a test holds it
/// through [`TestServer::paused`]) so that time never
/// jumps ahead on its own while a socket read is pending (auto-advance would
/// otherwise fire timers whenever the loopback is a moment late): time then
/// moves only through `tokio::time::advance`. After a minute of real time
/// it lets go, so that a hung test fails on a read timeout instead of hanging.
fn hold_the_clock() -> tokio::task::JoinHandle<()> {
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

/// Plays random legal moves for `me` in `match_id` (from `position`) until
/// the game ends: the opening move, if it is `me`'s, in the canonical
/// notation, the replies in UCI notation. Every `move_played` of the match
/// must come in order. Returns the final position and the `game_over`.
///
/// A game can end between two of `me`'s messages (the server ends it once
/// the territory decides it), so a move sent just then is refused with
/// `game_over`; that refusal is read here, not left for the caller's next
/// request.
pub async fn play_out(
    client: &mut WsClient,
    match_id: MatchId,
    me: Side,
    mut position: Position,
) -> (Position, ServerMessage) {
    // The ply of a move sent whose `move_played` has not come yet.
    let mut in_flight = None;
    if position.turn() == me && !position.is_game_over() {
        let mv = random_move(&position, &mut rand::rng());
        in_flight = Some(position.ply());
        client.play(match_id, position.ply(), &mv.to_string()).await;
    }
    loop {
        match client.recv().await {
            ServerMessage::MovePlayed {
                match_id: m,
                ply,
                mv,
                ..
            } if m == match_id => {
                assert_eq!(ply, position.ply(), "moves arrive in order");
                if in_flight == Some(ply) {
                    in_flight = None;
                }
                position = position.play(mv.parse().unwrap()).unwrap();
                if position.turn() == me && !position.is_game_over() {
                    let next = random_move(&position, &mut rand::rng());
                    in_flight = Some(position.ply());
                    client
                        .play(match_id, position.ply(), &next.uci().to_string())
                        .await;
                }
            }
            message @ ServerMessage::GameOver { match_id: m, .. } if m == match_id => {
                if in_flight.is_some() {
                    // What came before the refusal (the tournament's view
                    // of the result, say) is the caller's to read.
                    let refusal = client
                        .recv_keeping(|m| matches!(m, ServerMessage::Error { .. }))
                        .await;
                    assert!(
                        matches!(
                            refusal,
                            ServerMessage::Error {
                                code: ErrorCode::GameOver,
                                ..
                            }
                        ),
                        "a move sent as the game ended is refused as too late: {refusal:?}"
                    );
                }
                return (position, message);
            }
            ServerMessage::Error { code, message, .. } => panic!("refused: {code:?} {message}"),
            _ => {}
        }
    }
}
