//! A raw protocol client over tokio-tungstenite, with a deadline on every
//! read.

use std::collections::VecDeque;
use std::time::Duration;

use amazons_core::{PlayerKind, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, ErrorCode, MatchId, MessageType, PROTOCOL_VERSION, SeatToken,
    ServerMessage,
};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The socket type.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What the next read brought. (Short-lived, so the size of a message
/// inline does not matter.)
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
    /// The socket.
    pub socket: Socket,
    /// The longest wait for one message before a read panics.
    pub timeout: Duration,
    /// Messages read ahead and not yet handed out.
    backlog: VecDeque<ServerMessage>,
}

impl WsClient {
    /// Connects to `url` (`ws://127.0.0.1:PORT/ws`).
    pub async fn connect(url: &str) -> Result<WsClient, String> {
        // Allow sending frames larger than the server accepts.
        let config = WebSocketConfig::default()
            .max_frame_size(Some(1 << 24))
            .max_message_size(Some(1 << 24));
        let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), false);
        let (socket, _) = tokio::time::timeout(Duration::from_secs(10), connect)
            .await
            .map_err(|_| "connect timed out".to_owned())?
            .map_err(|e| e.to_string())?;
        Ok(WsClient {
            socket,
            timeout: Duration::from_secs(20),
            backlog: VecDeque::new(),
        })
    }

    /// Connects and says hello as a person named `name`; returns after
    /// `welcome`.
    pub async fn greeted(url: &str, name: &str) -> WsClient {
        WsClient::try_greeted(url, name, PlayerKind::Human)
            .await
            .unwrap_or_else(|e| panic!("{name} cannot connect: {e}"))
    }

    /// Connects and says hello; `Err` when the server is not there.
    pub async fn try_greeted(url: &str, name: &str, kind: PlayerKind) -> Result<WsClient, String> {
        let mut client = WsClient::connect(url).await?;
        client
            .try_send(&ClientMessage::Hello {
                protocol: PROTOCOL_VERSION,
                name: name.into(),
                kind,
                client: Some("amazons-e2e".into()),
                legal_moves: false,
            })
            .await?;
        match client.try_next(Duration::from_secs(10)).await? {
            Event::Message(ServerMessage::Welcome { .. }) => Ok(client),
            other => Err(format!("expected welcome, got {other:?}")),
        }
    }

    /// Sends a message; `Err` if the connection is gone.
    pub async fn try_send(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.socket
            .send(Message::text(message.encode()))
            .await
            .map_err(|e| e.to_string())
    }

    /// Sends a message (panics if the connection is gone).
    pub async fn send(&mut self, message: &ClientMessage) {
        self.try_send(message).await.expect("send");
    }

    /// Sends any frame (panics if the connection is gone).
    pub async fn send_frame(&mut self, frame: Message) {
        self.socket.send(frame).await.expect("send");
    }

    /// Sends a text frame as given (panics if the connection is gone).
    pub async fn send_text(&mut self, text: &str) {
        self.send_frame(Message::text(text)).await;
    }

    /// The next message or the end of the connection; `Err` on timeout.
    pub async fn try_next(&mut self, timeout: Duration) -> Result<Event, String> {
        if let Some(message) = self.backlog.pop_front() {
            return Ok(Event::Message(message));
        }
        loop {
            let frame = tokio::time::timeout(timeout, self.socket.next())
                .await
                .map_err(|_| format!("no message within {timeout:?}"))?;
            match frame {
                None | Some(Err(_)) => return Ok(Event::Closed(None)),
                Some(Ok(Message::Text(text))) => {
                    let message = ServerMessage::decode(&text)
                        .map_err(|e| format!("bad server message {text}: {e}"))?;
                    return Ok(Event::Message(message));
                }
                Some(Ok(Message::Close(frame))) => {
                    return Ok(Event::Closed(frame.map(|f| u16::from(f.code))));
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message or the end of the connection (panics on timeout).
    pub async fn next_event(&mut self) -> Event {
        let timeout = self.timeout;
        self.try_next(timeout).await.expect("the server answers")
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

    /// The next `error` (skipping other messages): its code and reply_to.
    pub async fn expect_error(&mut self) -> (ErrorCode, Option<MessageType>) {
        match self
            .recv_until(|m| matches!(m, ServerMessage::Error { .. }))
            .await
        {
            ServerMessage::Error { code, reply_to, .. } => (code, reply_to),
            _ => unreachable!(),
        }
    }

    /// Reads until the connection ends (skipping messages); returns the close
    /// code and the error codes seen on the way.
    pub async fn expect_close(&mut self) -> (Option<u16>, Vec<ErrorCode>) {
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
    /// else arrives for later: proves the connection is alive and everything
    /// sent before has been handled.
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

    /// Creates a match; returns its id, the seat token and the seat.
    pub async fn create(
        &mut self,
        time_control: TimeControl,
        color: ColorPreference,
    ) -> (MatchId, SeatToken, Side) {
        self.send(&ClientMessage::CreateMatch {
            time_control,
            color,
            computer: None,
        })
        .await;
        self.joined().await
    }

    /// Joins a match's free seat; returns the token and the seat.
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
            } => (match_id, token, seat),
            other => panic!("expected joined, got {other:?}"),
        }
    }
}
