//! The raw protocol client of the tests, over tokio-tungstenite.
//!
//! Every wait has a deadline ([`WsClient::timeout`], or the one given), so a
//! server that stops answering fails a test instead of hanging it. Messages
//! that arrive while [`WsClient::sync`] waits for its `pong` are kept and
//! handed out next. A read tells a message from the end of the connection
//! ([`Event::Closed`], with the close code when a close frame came).

use std::collections::VecDeque;
use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use amazons_core::{PlayerKind, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, ErrorCode, MatchId, MatchSnapshot, MessageType, SeatToken,
    ServerMessage,
};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The socket type.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The longest a connection attempt waits.
const CONNECT_WAIT: Duration = Duration::from_secs(10);

/// Where a client connects: a `ws://` URL as given, or a server's address
/// (its `/ws`), so that tests holding either can call the same functions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Endpoint(String);

impl From<SocketAddr> for Endpoint {
    fn from(addr: SocketAddr) -> Endpoint {
        Endpoint(format!("ws://{addr}/ws"))
    }
}

impl From<&str> for Endpoint {
    fn from(url: &str) -> Endpoint {
        Endpoint(url.to_owned())
    }
}

impl From<&String> for Endpoint {
    fn from(url: &String) -> Endpoint {
        Endpoint(url.clone())
    }
}

impl From<String> for Endpoint {
    fn from(url: String) -> Endpoint {
        Endpoint(url)
    }
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a `try_` operation of the client failed.
#[derive(Debug, thiserror::Error)]
pub enum WsError {
    /// Nothing came within the deadline.
    #[error("nothing within {0:?}")]
    Timeout(Duration),
    /// The WebSocket library refused (connection refused, reset, ...).
    #[error(transparent)]
    Socket(#[from] tokio_tungstenite::tungstenite::Error),
    /// A text frame that is not a server message.
    #[error("bad server message {text}: {reason}")]
    BadMessage {
        /// The frame as received.
        text: String,
        /// Why it does not decode.
        reason: String,
    },
    /// The connection ended while a message was awaited.
    #[error("the connection ended (close code {0:?})")]
    Closed(Option<u16>),
    /// Another message came where one kind was awaited.
    #[error("expected {expected}, got {got:?}")]
    Unexpected {
        /// What was awaited.
        expected: &'static str,
        /// What came instead.
        got: Box<ServerMessage>,
    },
}

/// What the next read brought. (Short-lived, so the size of a message inline
/// does not matter.)
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Event {
    /// A server message.
    Message(ServerMessage),
    /// The connection ended, with the close code if a close frame came.
    Closed(Option<u16>),
}

/// A connected client.
pub struct WsClient {
    /// The socket, for tests that send frames by hand.
    pub ws: Socket,
    /// The longest wait for one message before a read panics (20 s unless
    /// changed).
    pub timeout: Duration,
    /// Messages read ahead (while waiting for a `pong`) and not yet handed
    /// out; tests look here to check what has or has not arrived.
    pub backlog: VecDeque<ServerMessage>,
}

impl WsClient {
    /// Connects (at most 10 s); panics when the server is not there.
    pub async fn connect(to: impl Into<Endpoint>) -> WsClient {
        let to = to.into();
        WsClient::try_connect(to.clone())
            .await
            .unwrap_or_else(|e| panic!("cannot connect to {to}: {e}"))
    }

    /// Connects (at most 10 s).
    pub async fn try_connect(to: impl Into<Endpoint>) -> Result<WsClient, WsError> {
        let to = to.into();
        // Frames up to 16 MiB either way, so that a test can send more than
        // the server accepts.
        let config = WebSocketConfig::default()
            .max_frame_size(Some(1 << 24))
            .max_message_size(Some(1 << 24));
        let connect = tokio_tungstenite::connect_async_with_config(&to.0, Some(config), false);
        let (ws, _) = tokio::time::timeout(CONNECT_WAIT, connect)
            .await
            .map_err(|_| WsError::Timeout(CONNECT_WAIT))??;
        Ok(WsClient {
            ws,
            timeout: Duration::from_secs(20),
            backlog: VecDeque::new(),
        })
    }

    /// Connects and says hello as a person named `name`; returns after
    /// `welcome`. Panics when that fails.
    pub async fn greeted(to: impl Into<Endpoint>, name: &str) -> WsClient {
        WsClient::try_greeted(to, name, PlayerKind::Human)
            .await
            .unwrap_or_else(|e| panic!("{name} cannot connect: {e}"))
    }

    /// Connects and says hello; `Err` when the server is not there or does
    /// not answer `welcome`.
    pub async fn try_greeted(
        to: impl Into<Endpoint>,
        name: &str,
        kind: PlayerKind,
    ) -> Result<WsClient, WsError> {
        let mut client = WsClient::try_connect(to).await?;
        client
            .try_send(&amazons_protocol::testing::hello(name, kind))
            .await?;
        match client.try_next(CONNECT_WAIT).await? {
            Event::Message(ServerMessage::Welcome { .. }) => Ok(client),
            Event::Message(other) => Err(WsError::Unexpected {
                expected: "welcome",
                got: Box::new(other),
            }),
            Event::Closed(code) => Err(WsError::Closed(code)),
        }
    }

    /// Sends a message; `Err` if the connection is gone.
    pub async fn try_send(&mut self, message: &ClientMessage) -> Result<(), WsError> {
        Ok(self.ws.send(Message::text(message.encode())).await?)
    }

    /// Sends a message (panics if the connection is gone).
    pub async fn send(&mut self, message: &ClientMessage) {
        self.try_send(message).await.expect("send");
    }

    /// Sends any frame (panics if the connection is gone).
    pub async fn send_frame(&mut self, frame: Message) {
        self.ws.send(frame).await.expect("send");
    }

    /// Sends a text frame as given, for input no [`ClientMessage`] encodes
    /// (panics if the connection is gone).
    pub async fn send_text(&mut self, text: &str) {
        self.send_frame(Message::text(text)).await;
    }

    /// Sends `move` for `match_id` at `ply` as this connection's seat.
    pub async fn play(&mut self, match_id: MatchId, ply: u32, mv: &str) {
        self.send(&ClientMessage::Move {
            match_id,
            ply,
            mv: mv.into(),
            token: None,
        })
        .await;
    }

    /// The next message (read ahead ones first) or the end of the
    /// connection; `Err` when nothing came within `timeout` or a text frame
    /// does not decode. The deadline covers the whole wait: the server's
    /// heartbeat pings do not put it off, or a test waiting for a message
    /// that never comes would hang instead of failing.
    pub async fn try_next(&mut self, timeout: Duration) -> Result<Event, WsError> {
        if let Some(message) = self.backlog.pop_front() {
            return Ok(Event::Message(message));
        }
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .map_err(|_| WsError::Timeout(timeout))?;
            match frame {
                None | Some(Err(_)) => return Ok(Event::Closed(None)),
                Some(Ok(Message::Text(text))) => {
                    return ServerMessage::decode(&text)
                        .map(Event::Message)
                        .map_err(|e| WsError::BadMessage {
                            text: text.to_string(),
                            reason: e.to_string(),
                        });
                }
                Some(Ok(Message::Close(frame))) => {
                    return Ok(Event::Closed(frame.map(|f| u16::from(f.code))));
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message or the end of the connection (panics after
    /// [`WsClient::timeout`]).
    pub async fn next_event(&mut self) -> Event {
        let timeout = self.timeout;
        self.try_next(timeout)
            .await
            .unwrap_or_else(|e| panic!("waiting for the server: {e}"))
    }

    /// The next message (panics if the connection ends).
    pub async fn recv(&mut self) -> ServerMessage {
        match self.next_event().await {
            Event::Message(message) => message,
            Event::Closed(code) => panic!("closed ({code:?}) while waiting for a message"),
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

    /// Waits for a message that satisfies `want` and keeps the others, in
    /// order, to be read next: for a wait in the middle of a conversation
    /// whose other messages still matter to the caller.
    pub async fn recv_keeping(
        &mut self,
        mut want: impl FnMut(&ServerMessage) -> bool,
    ) -> ServerMessage {
        let mut kept = Vec::new();
        loop {
            let message = self.recv().await;
            if want(&message) {
                for other in kept.into_iter().rev() {
                    self.backlog.push_front(other);
                }
                return message;
            }
            kept.push(message);
        }
    }

    /// The code of the next `error` (skipping other messages).
    pub async fn expect_error(&mut self) -> ErrorCode {
        self.expect_error_reply().await.0
    }

    /// Sends `message`, which the server must refuse, and returns the code
    /// of the next `error` (skipping other messages): the one line of a test
    /// that checks what a request is refused with.
    pub async fn refused(&mut self, message: &ClientMessage) -> ErrorCode {
        self.send(message).await;
        self.expect_error().await
    }

    /// The next `error` (skipping other messages): its code and the type of
    /// the message it answers.
    pub async fn expect_error_reply(&mut self) -> (ErrorCode, Option<MessageType>) {
        match self
            .recv_until(|m| matches!(m, ServerMessage::Error { .. }))
            .await
        {
            ServerMessage::Error { code, reply_to, .. } => (code, reply_to),
            _ => unreachable!("recv_until returns only what it waited for"),
        }
    }

    /// Reads until the connection ends (skipping messages); returns the close
    /// code.
    pub async fn expect_close(&mut self) -> Option<u16> {
        self.expect_close_with_errors().await.0
    }

    /// Reads until the connection ends (skipping messages); returns the close
    /// code and the error codes seen on the way.
    pub async fn expect_close_with_errors(&mut self) -> (Option<u16>, Vec<ErrorCode>) {
        let mut errors = Vec::new();
        loop {
            match self.next_event().await {
                Event::Closed(code) => return (code, errors),
                Event::Message(ServerMessage::Error { code, .. }) => errors.push(code),
                Event::Message(_) => {}
            }
        }
    }

    /// Sends an application `ping` and reads up to its `pong`, keeping what
    /// else arrives for later: proves the connection is alive (the server's
    /// heartbeat has heard from us) and everything sent before is handled.
    pub async fn sync(&mut self) {
        let nonce = rand::random::<u64>();
        self.send(&ClientMessage::Ping { nonce }).await;
        let mut early = Vec::new();
        loop {
            match self.recv().await {
                ServerMessage::Pong { nonce: n } if n == nonce => break,
                other => early.push(other),
            }
        }
        self.backlog.extend(early);
    }

    /// Creates a match; returns its id, the seat token and the seat (panics
    /// on a refusal).
    pub async fn create(
        &mut self,
        time_control: TimeControl,
        color: ColorPreference,
    ) -> (MatchId, SeatToken, Side) {
        self.send(&ClientMessage::CreateMatch {
            end_when_decided: None,
            assistance: None,
            initial_fen: None,
            rated: None,
            time_control,
            color,
            computer: None,
        })
        .await;
        self.joined().await
    }

    /// Joins a match's free seat; returns the token and the seat (panics on
    /// a refusal).
    pub async fn join(&mut self, match_id: MatchId) -> (SeatToken, Side) {
        self.send(&ClientMessage::Join {
            match_id,
            seat: None,
        })
        .await;
        let (_, token, seat) = self.joined().await;
        (token, seat)
    }

    async fn joined(&mut self) -> (MatchId, SeatToken, Side) {
        self.joined_or_refused()
            .await
            .unwrap_or_else(|refusal| panic!("expected joined, got {refusal:?}"))
    }

    /// The seat this client was just given (`joined`), or the refusal
    /// (`error`: code and text) that came instead.
    pub async fn joined_or_refused(
        &mut self,
    ) -> Result<(MatchId, SeatToken, Side), (ErrorCode, String)> {
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

    /// Takes back a seat with its token (`resume`): the snapshot that
    /// answers, or the refusal (`error`: code and text) that came instead.
    pub async fn resume(
        &mut self,
        match_id: MatchId,
        token: SeatToken,
    ) -> Result<MatchSnapshot, (ErrorCode, String)> {
        self.send(&ClientMessage::Resume { match_id, token }).await;
        match self
            .recv_until(|m| matches!(m, ServerMessage::Snapshot(_) | ServerMessage::Error { .. }))
            .await
        {
            ServerMessage::Snapshot(snapshot) => Ok(snapshot),
            ServerMessage::Error { code, message, .. } => Err((code, message)),
            _ => unreachable!("recv_until returns only what it waited for"),
        }
    }

    /// Watches `match_id` (`spectate`) and returns its snapshot (skipping
    /// other messages).
    pub async fn spectate(&mut self, match_id: MatchId) -> MatchSnapshot {
        self.send(&ClientMessage::Spectate { match_id }).await;
        match self
            .recv_until(|m| matches!(m, ServerMessage::Snapshot(s) if s.match_id == match_id))
            .await
        {
            ServerMessage::Snapshot(snapshot) => snapshot,
            _ => unreachable!("recv_until returns only what it waited for"),
        }
    }

    /// Connects, says hello as `name` and subscribes to the lobby; returns
    /// once the first answer, the `match_list`, has come (panics on anything
    /// else).
    pub async fn watching_lobby(to: impl Into<Endpoint>, name: &str) -> WsClient {
        let mut lobby = WsClient::greeted(to, name).await;
        lobby.send(&ClientMessage::SubscribeLobby).await;
        match lobby.recv().await {
            ServerMessage::MatchList { .. } => lobby,
            other => panic!("expected match_list after subscribe_lobby, got {other:?}"),
        }
    }

    /// Skips messages until `rematch_started`; returns the new match's id.
    pub async fn rematch_started(&mut self) -> MatchId {
        match self
            .recv_until(|m| matches!(m, ServerMessage::RematchStarted { .. }))
            .await
        {
            ServerMessage::RematchStarted { new_match_id, .. } => new_match_id,
            _ => unreachable!("recv_until returns only what it waited for"),
        }
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

    /// Aborts the game of `match_id` (as the seat this connection holds)
    /// and waits for its `game_over`.
    pub async fn abort(&mut self, match_id: MatchId) {
        self.send(&ClientMessage::Abort {
            match_id,
            token: None,
        })
        .await;
        self.recv_until(|m| matches!(m, ServerMessage::GameOver { .. }))
            .await;
    }
}
