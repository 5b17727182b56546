//! The connection to the server, as an actor behind two channels (the fishnet
//! shape): the owner sends [`ClientMessage`]s and receives [`NetEvent`]s; the
//! actor keeps a WebSocket open, greets the server on every connect, and when
//! the connection drops reconnects with jittered exponential backoff. What to
//! do after a reconnect (resume a seat, resubscribe) is the owner's call: it
//! sees [`NetEvent::Connected`] again.

use std::time::Duration;

use amazons_core::PlayerKind;
use amazons_protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
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
/// the owner drops [`Connection::outbox`].
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
                                            if event_sender.send(NetEvent::Message(message)).is_err() {
                                                return;
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
