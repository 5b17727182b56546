//! A scripted client over a real socket, and an in-process server on
//! 127.0.0.1:0 with its own history directory.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use amazons_core::{Move, Position};
use amazons_protocol::{ClientMessage, ErrorCode, MatchId, SeatToken, ServerMessage};
use amazons_server::{Config, RunningServer};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

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

pub struct Client {
    pub ws: Ws,
    pub timeout: Duration,
    /// Messages read ahead (while waiting for a pong) and not yet consumed.
    pub backlog: std::collections::VecDeque<ServerMessage>,
}

/// Either a message or how the connection ended.
#[derive(Debug)]
pub enum Event {
    Message(Box<ServerMessage>),
    Closed(Option<u16>),
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("websocket connects");
        Client {
            ws,
            timeout: Duration::from_secs(10),
            backlog: Default::default(),
        }
    }

    /// Connects and says hello; returns after `welcome`.
    pub async fn greeted(addr: SocketAddr, name: &str) -> Client {
        let mut client = Client::connect(addr).await;
        client
            .send(&ClientMessage::Hello {
                protocol: 1,
                name: name.into(),
                kind: amazons_core::PlayerKind::Human,
                client: Some("tests".into()),
                legal_moves: false,
            })
            .await;
        match client.recv().await {
            ServerMessage::Welcome { .. } => client,
            other => panic!("expected welcome, got {other:?}"),
        }
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        self.send_raw(&message.encode()).await;
    }

    pub async fn send_raw(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.expect("send");
    }

    /// The next message or the end of the connection.
    pub async fn next_event(&mut self) -> Event {
        if let Some(message) = self.backlog.pop_front() {
            return Event::Message(Box::new(message));
        }
        loop {
            let frame = tokio::time::timeout(self.timeout, self.ws.next())
                .await
                .expect("timed out waiting for the server");
            match frame {
                None => return Event::Closed(None),
                Some(Err(_)) => return Event::Closed(None),
                Some(Ok(Message::Text(text))) => {
                    return Event::Message(Box::new(
                        ServerMessage::decode(&text)
                            .unwrap_or_else(|e| panic!("bad server message {text}: {e}")),
                    ));
                }
                Some(Ok(Message::Close(frame))) => {
                    return Event::Closed(frame.map(|f| u16::from(f.code)));
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message (panics if the connection ends).
    pub async fn recv(&mut self) -> ServerMessage {
        match self.next_event().await {
            Event::Message(message) => *message,
            Event::Closed(code) => {
                panic!("connection closed ({code:?}) while waiting for a message")
            }
        }
    }

    /// Skips messages until one satisfies `want`.
    pub async fn recv_until(
        &mut self,
        mut want: impl FnMut(&ServerMessage) -> bool,
    ) -> ServerMessage {
        loop {
            let message = self.recv().await;
            if want(&message) {
                return message;
            }
        }
    }

    /// The next `error`, skipping other messages; returns its code.
    pub async fn expect_error(&mut self) -> amazons_protocol::ErrorCode {
        match self
            .recv_until(|m| matches!(m, ServerMessage::Error { .. }))
            .await
        {
            ServerMessage::Error { code, .. } => code,
            _ => unreachable!(),
        }
    }

    /// Waits for the close frame (skipping messages); returns its code.
    pub async fn expect_close(&mut self) -> Option<u16> {
        loop {
            if let Event::Closed(code) = self.next_event().await {
                return code;
            }
        }
    }

    /// Creates a match and returns (id, seat token, seat).
    pub async fn create(
        &mut self,
        time_control: amazons_core::TimeControl,
        color: amazons_protocol::ColorPreference,
    ) -> (MatchId, SeatToken, amazons_core::Side) {
        self.send(&ClientMessage::CreateMatch {
            time_control,
            color,
            computer: None,
        })
        .await;
        self.joined().await
    }

    /// Joins a match and returns the seat token and seat.
    pub async fn join(&mut self, match_id: MatchId) -> (SeatToken, amazons_core::Side) {
        self.send(&ClientMessage::Join {
            match_id,
            seat: None,
        })
        .await;
        let (_, token, seat) = self.joined().await;
        (token, seat)
    }

    async fn joined(&mut self) -> (MatchId, SeatToken, amazons_core::Side) {
        self.joined_or_refused()
            .await
            .unwrap_or_else(|refusal| panic!("expected joined, got {refusal:?}"))
    }

    /// The seat this client was just given (`joined`), or the refusal
    /// (`error`) that came instead.
    pub async fn joined_or_refused(
        &mut self,
    ) -> Result<(MatchId, SeatToken, amazons_core::Side), (ErrorCode, String)> {
        match self
            .recv_until(|m| {
                matches!(
                    m,
                    ServerMessage::Joined { .. } | ServerMessage::Error { .. }
                )
            })
            .await
        {
            ServerMessage::Joined {
                match_id,
                seat,
                token,
            } => Ok((match_id, token, seat)),
            ServerMessage::Error { code, message, .. } => Err((code, message)),
            _ => unreachable!("recv_until returns only what it waited for"),
        }
    }

    pub async fn play(&mut self, match_id: MatchId, ply: u32, mv: &str) {
        self.send(&ClientMessage::Move {
            match_id,
            ply,
            mv: mv.into(),
            token: None,
        })
        .await;
    }

    /// Resigns the game of `match_id` (as the seat this connection holds)
    /// and waits for its `game_over`.
    pub async fn resign(&mut self, match_id: MatchId) {
        self.send(&ClientMessage::Resign {
            match_id,
            token: None,
        })
        .await;
        self.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
            .await;
    }
}

/// A random legal move.
pub fn random_move(position: &Position) -> Move {
    use rand::seq::IndexedRandom;
    *position
        .legal_moves()
        .choose(&mut rand::rng())
        .expect("a legal move")
}

/// A plain HTTP GET on the server's port: (status, body).
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text[9..12].parse().unwrap();
    let body_start = text.find("\r\n\r\n").map(|i| i + 4).unwrap_or(text.len());
    let head = &text[..body_start];
    let mut body = text[body_start..].to_owned();
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = dechunk(&body);
    }
    (status, body)
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some(line_end) = text.find("\r\n") {
        let size = usize::from_str_radix(text[..line_end].trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = line_end + 2;
        out.push_str(&text[start..start + size]);
        text = &text[start + size + 2..];
    }
    out
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

impl Client {
    /// Sends an application ping and reads up to its pong, keeping whatever
    /// else arrives for later. Proves the server has heard from us (the
    /// heartbeat) and has handled everything we sent before.
    pub async fn sync(&mut self) {
        let nonce = rand::random::<u64>();
        self.send(&ClientMessage::Ping { nonce }).await;
        let mut early = Vec::new();
        loop {
            let message = match self.next_event().await {
                Event::Message(message) => *message,
                Event::Closed(code) => panic!("closed ({code:?}) during sync"),
            };
            match message {
                ServerMessage::Pong { nonce: n } if n == nonce => break,
                other => early.push(other),
            }
        }
        self.backlog.extend(early);
    }
}

/// Advances the paused clock by `total` in steps shorter than a heartbeat
/// interval, with each client answering in between (so they stay alive).
pub async fn pass(clients: &mut [&mut Client], total: Duration) {
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
pub async fn read_raw_until_eof(client: &mut Client) -> Vec<u8> {
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
