//! The connection to the server, as an actor behind two channels (the fishnet
//! shape): the owner sends [`ClientMessage`]s and receives [`NetEvent`]s; the
//! actor keeps a WebSocket open, greets the server on every connect, and when
//! the connection drops reconnects with jittered exponential backoff. What to
//! do after a reconnect (resume a seat, resubscribe) is the owner's call: it
//! sees [`NetEvent::Connected`] again.

use std::time::Duration;

use amazons_core::PlayerKind;
use amazons_protocol::{ClientMessage, ErrorCode, PROTOCOL_VERSION, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio_tungstenite::tungstenite::Message;

/// What the connection tells its owner.
#[derive(Clone, Debug, PartialEq)]
pub enum NetEvent {
    /// Connected and greeted (`hello` sent); the server's `welcome` follows.
    Connected,
    /// The connection is down; the next attempt is in `retry_in`.
    Reconnecting {
        /// Why the last attempt or connection ended.
        reason: String,
        /// Time until the next attempt.
        retry_in: Duration,
        /// How many attempts have failed in a row.
        attempt: u32,
    },
    /// A message from the server.
    Message(ServerMessage),
    /// The server refused this client for good (it speaks another protocol
    /// version, or will never accept our name): the connection has given up
    /// and will not reconnect. The text says why.
    Refused(String),
}

/// Whether `message` is a refusal that no reconnect can cure; returns the
/// text to show.
fn fatal_refusal(message: &ServerMessage) -> Option<String> {
    match message {
        ServerMessage::Error {
            code: ErrorCode::VersionMismatch,
            message,
            ..
        } => Some(format!(
            "the server does not speak protocol version {PROTOCOL_VERSION} ({message}); \
             this client cannot play there"
        )),
        ServerMessage::Error {
            code: ErrorCode::BadName,
            message,
            ..
        } => Some(format!("the server refused our name: {message}")),
        _ => None,
    }
}

/// Reconnect delays: full jitter over an exponential ceiling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// Ceiling of the first delay.
    pub base: Duration,
    /// Largest ceiling.
    pub max: Duration,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            base: Duration::from_millis(250),
            max: Duration::from_secs(15),
        }
    }
}

impl Backoff {
    /// The delay before attempt number `attempt` (0-based): uniform between
    /// half the ceiling and the ceiling `min(max, base * 2^attempt)`, so many
    /// clients dropped at once do not come back at once.
    pub fn delay(&self, attempt: u32, rng: &mut impl Rng) -> Duration {
        let ceiling = self.base.saturating_mul(1 << attempt.min(16)).min(self.max);
        let ms = ceiling.as_millis() as u64;
        Duration::from_millis(rng.random_range(ms / 2..=ms.max(1)))
    }
}

/// Who this client is, for `hello`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Greeting {
    /// Display name.
    pub name: String,
    /// Person or program.
    pub kind: PlayerKind,
}

/// The owner's ends of the connection.
pub struct Connection {
    /// Messages to send (queued while disconnected).
    pub outbox: UnboundedSender<ClientMessage>,
    /// Events from the connection.
    pub events: UnboundedReceiver<NetEvent>,
}

/// Starts the connection actor on the current tokio runtime. It runs until
/// the owner drops [`Connection::outbox`]; after [`NetEvent::Refused`] it no
/// longer connects.
pub fn connect(url: String, greeting: Greeting, backoff: Backoff) -> Connection {
    let (outbox, mut commands) = unbounded_channel::<ClientMessage>();
    let (event_sender, events) = unbounded_channel();
    tokio::spawn(async move {
        let mut attempt = 0u32;
        loop {
            let reason = match tokio_tungstenite::connect_async(url.as_str()).await {
                Ok((mut socket, _)) => {
                    attempt = 0;
                    let hello = ClientMessage::Hello {
                        protocol: PROTOCOL_VERSION,
                        name: greeting.name.clone(),
                        kind: greeting.kind,
                        client: Some(format!("amazons-client {}", env!("CARGO_PKG_VERSION"))),
                        legal_moves: false,
                    };
                    let greeted = socket.send(Message::text(hello.encode())).await;
                    if event_sender.send(NetEvent::Connected).is_err() {
                        return;
                    }
                    match greeted {
                        Err(e) => e.to_string(),
                        Ok(()) => loop {
                            tokio::select! {
                                command = commands.recv() => match command {
                                    None => {
                                        let _ = socket.close(None).await;
                                        return;
                                    }
                                    Some(message) => {
                                        if let Err(e) = socket.send(Message::text(message.encode())).await {
                                            break e.to_string();
                                        }
                                    }
                                },
                                frame = socket.next() => match frame {
                                    Some(Ok(Message::Text(text))) => match ServerMessage::decode(&text) {
                                        Ok(message) => {
                                            let fatal = fatal_refusal(&message);
                                            if event_sender.send(NetEvent::Message(message)).is_err() {
                                                return;
                                            }
                                            if let Some(reason) = fatal {
                                                let _ = event_sender.send(NetEvent::Refused(reason));
                                                let _ = socket.close(None).await;
                                                // Stay (without reconnecting) until the owner
                                                // is done, so it reads the refusal rather than
                                                // a vanished connection.
                                                loop {
                                                    tokio::select! {
                                                        () = event_sender.closed() => return,
                                                        command = commands.recv() => if command.is_none() { return },
                                                    }
                                                }
                                            }
                                        }
                                        Err(e) => tracing::warn!("ignoring a message this client cannot read: {e}: {text}"),
                                    },
                                    Some(Ok(Message::Close(frame))) => {
                                        break match frame {
                                            Some(frame) => format!("closed by the server ({} {})", frame.code, frame.reason),
                                            None => "closed by the server".into(),
                                        };
                                    }
                                    Some(Ok(_)) => {}
                                    Some(Err(e)) => break e.to_string(),
                                    None => break "connection closed".into(),
                                },
                            }
                        },
                    }
                }
                Err(e) => e.to_string(),
            };
            let retry_in = backoff.delay(attempt, &mut rand::rng());
            attempt += 1;
            let event = NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            };
            if event_sender.send(event).is_err() {
                return;
            }
            tokio::select! {
                () = tokio::time::sleep(retry_in) => {}
                () = event_sender.closed() => return,
            }
        }
    });
    Connection { outbox, events }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server on 127.0.0.1 that answers every `hello` with `reply` and then
    /// closes; returns its URL and a count of the connections it accepted.
    async fn refusing_server(
        reply: ServerMessage,
    ) -> (String, std::sync::Arc<std::sync::atomic::AtomicU32>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}/ws", listener.local_addr().unwrap());
        let accepted = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
        let count = accepted.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let reply = reply.clone();
                tokio::spawn(async move {
                    let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else {
                        return;
                    };
                    let _ = socket.next().await;
                    let _ = socket.send(Message::text(reply.encode())).await;
                    let _ = socket.close(None).await;
                });
            }
        });
        (url, accepted)
    }

    #[tokio::test]
    async fn a_protocol_version_refusal_stops_the_reconnects() {
        let refusal = ServerMessage::Error {
            code: ErrorCode::VersionMismatch,
            message: "this server speaks protocol 2".into(),
            reply_to: Some(amazons_protocol::MessageType::Hello),
            match_id: None,
            expected_ply: None,
        };
        let (url, accepted) = refusing_server(refusal.clone()).await;
        let backoff = Backoff {
            base: Duration::from_millis(10),
            max: Duration::from_millis(20),
        };
        let greeting = Greeting {
            name: "ann".into(),
            kind: PlayerKind::Human,
        };
        let mut connection = connect(url, greeting, backoff);
        let mut events = Vec::new();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !matches!(events.last(), Some(NetEvent::Refused(_))) {
            let event = tokio::time::timeout_at(deadline, connection.events.recv())
                .await
                .expect("a refusal in time")
                .expect("the connection reports before it ends");
            events.push(event);
        }
        assert_eq!(events[0], NetEvent::Connected);
        assert_eq!(events[1], NetEvent::Message(refusal));
        let Some(NetEvent::Refused(reason)) = events.get(2) else {
            panic!("{events:?}");
        };
        assert!(reason.contains("protocol 2"), "{reason}");
        // No reconnect follows, however long we wait.
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(connection.events.try_recv().is_err());
        assert_eq!(accepted.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[test]
    fn backoff_grows_with_jitter_and_is_capped() {
        let backoff = Backoff {
            base: Duration::from_millis(100),
            max: Duration::from_secs(2),
        };
        let mut rng = rand::rng();
        for _ in 0..50 {
            let first = backoff.delay(0, &mut rng);
            assert!((Duration::from_millis(50)..=Duration::from_millis(100)).contains(&first));
            let third = backoff.delay(2, &mut rng);
            assert!((Duration::from_millis(200)..=Duration::from_millis(400)).contains(&third));
            assert!(backoff.delay(30, &mut rng) <= Duration::from_secs(2));
        }
        let delays: std::collections::HashSet<_> =
            (0..20).map(|_| backoff.delay(4, &mut rng)).collect();
        assert!(delays.len() > 1, "delays are jittered");
    }
}
