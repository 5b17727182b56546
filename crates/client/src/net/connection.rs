//! The connection to the server, as an actor behind two channels (the fishnet
//! shape): the owner sends [`ClientMessage`]s and receives [`NetEvent`]s; the
//! actor keeps a WebSocket open, greets the server on every connect, and when
//! a connection that worked drops it reconnects with jittered exponential
//! backoff. A server that was never reached is not retried: the first failure
//! is reported with its likely fix ([`crate::net::address`]) and the actor
//! stops. What to do after a reconnect (resume a seat, resubscribe) is the
//! owner's call: it sees [`NetEvent::Connected`] again.
//!
//! [`Connection::close`] sends what is queued, closes the socket and waits
//! for the actor to end, so a last message (a resignation) is never lost to
//! the process exiting.

use std::collections::VecDeque;
use std::time::Duration;

use amazons_core::PlayerKind;
use amazons_protocol::{ClientMessage, ErrorCode, PROTOCOL_VERSION, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use crate::net::address::{ServerAddress, explain_failure};
use crate::store::player_key::KeyFile;

/// How long one connection attempt may take before it counts as failed.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// What the connection tells its owner.
// Nearly every event is a message, moved once through a channel: boxing the
// large variant would add an allocation to each for no saving.
#[allow(clippy::large_enum_variant)]
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
    /// The connection has given up for good and will not reconnect: the
    /// server was never reachable, or it refused this client in a way no
    /// reconnect can cure (another protocol version, our name). The text
    /// says why and what to do.
    GaveUp(String),
}

/// Whether a refusal with `code` ends the connection for good (no reconnect
/// can cure it): the owner hears why once, in [`NetEvent::GaveUp`].
pub fn gives_up_on(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::VersionMismatch | ErrorCode::BadName | ErrorCode::NameTaken
    )
}

/// Whether `message` is a refusal that no reconnect can cure; returns the
/// text to show (`greeting`: who we said we were, for what to do instead).
fn fatal_refusal(message: &ServerMessage, greeting: &Greeting) -> Option<String> {
    match message {
        ServerMessage::Error {
            code: ErrorCode::NameTaken,
            message,
            ..
        } => Some(name_taken(
            &greeting.name,
            message,
            greeting.key_file.as_ref(),
        )),
        ServerMessage::Error {
            code: ErrorCode::VersionMismatch,
            message,
            ..
        } => Some(t!(
            "connect-version-mismatch",
            version = PROTOCOL_VERSION,
            message = message.as_str()
        )),
        ServerMessage::Error {
            code: ErrorCode::BadName,
            message,
            ..
        } => Some(t!("connect-bad-name", message = message.as_str())),
        _ => None,
    }
}

/// What to say when the server refuses `name` as another player's: pick
/// another name, or play with the key that claimed it.
pub fn name_taken(name: &str, server_says: &str, key_file: Option<&KeyFile>) -> String {
    let used = match key_file {
        Some(file) => t!("name-taken-used", path = file.path().display().to_string()),
        None => String::new(),
    };
    t!(
        "name-taken",
        name = name,
        server_says = server_says,
        used = used
    )
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
    /// The player key sent in `hello` and the file it came from (`None`:
    /// a guest, never rated).
    pub key_file: Option<KeyFile>,
}

/// The owner's ends of the connection.
pub struct Connection {
    /// Messages to send (queued while disconnected).
    pub outbox: UnboundedSender<ClientMessage>,
    /// Events from the connection.
    pub events: UnboundedReceiver<NetEvent>,
    /// Tells the actor to finish (clones of `outbox` may still be alive).
    close: tokio::sync::oneshot::Sender<()>,
    /// The actor, joined by [`Connection::close`].
    task: JoinHandle<()>,
}

impl Connection {
    /// Sends everything queued, closes the socket and waits until the actor
    /// has ended. While disconnected there is nobody to send to: the queued
    /// messages are dropped and the actor ends at once.
    pub async fn close(self) {
        let Connection {
            outbox,
            events,
            close,
            task,
        } = self;
        drop(outbox);
        let _ = close.send(());
        // The events stay readable until the actor is done, so it never ends
        // early for want of a listener.
        let _ = task.await;
        drop(events);
    }
}

/// The actor's state across connections.
struct Actor {
    address: ServerAddress,
    greeting: Greeting,
    backoff: Backoff,
    commands: UnboundedReceiver<ClientMessage>,
    events: UnboundedSender<NetEvent>,
    /// Messages the owner queued while no connection was open.
    pending: VecDeque<ClientMessage>,
    /// Whether a connection has ever been made (only then is it retried).
    ever_connected: bool,
    /// Fires when the owner closes the connection.
    close: tokio::sync::oneshot::Receiver<()>,
}

/// How a connection ended.
enum Ended {
    /// Dropped: try again.
    Dropped(String),
    /// The owner is done (outbox dropped) or gone (events dropped): stop.
    Done,
    /// The server refused us for good: stop after saying why.
    Refused(String),
}

/// Starts the connection actor on the current tokio runtime. It runs until
/// the owner closes it ([`Connection::close`]) or drops its ends; after
/// [`NetEvent::GaveUp`] it no longer connects.
pub fn connect(address: ServerAddress, greeting: Greeting, backoff: Backoff) -> Connection {
    let (outbox, commands) = unbounded_channel::<ClientMessage>();
    let (events, event_receiver) = unbounded_channel();
    let (close, close_signal) = tokio::sync::oneshot::channel();
    let actor = Actor {
        close: close_signal,
        address,
        greeting,
        backoff,
        commands,
        events,
        pending: VecDeque::new(),
        ever_connected: false,
    };
    let task = tokio::spawn(actor.run());
    Connection {
        outbox,
        events: event_receiver,
        close,
        task,
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

impl Actor {
    async fn run(mut self) {
        let mut attempt = 0u32;
        loop {
            let reason = match self.open().await {
                Err(None) => return,
                Err(Some(error)) => error,
                Ok(socket) => {
                    attempt = 0;
                    self.ever_connected = true;
                    match self.serve(socket).await {
                        Ended::Done => return,
                        Ended::Refused(reason) => {
                            let _ = self.events.send(NetEvent::GaveUp(reason));
                            return;
                        }
                        Ended::Dropped(reason) => reason,
                    }
                }
            };
            if !self.ever_connected {
                let _ = self.events.send(NetEvent::GaveUp(reason));
                return;
            }
            let retry_in = self.backoff.delay(attempt, &mut rand::rng());
            attempt += 1;
            let event = NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            };
            if self.events.send(event).is_err() || !self.wait(retry_in).await {
                return;
            }
        }
    }

    /// Keeps what the owner queues while disconnected; false when the owner
    /// is done or gone (then there is nothing left to do).
    async fn wait(&mut self, delay: Duration) -> bool {
        let sleep = tokio::time::sleep(delay);
        tokio::pin!(sleep);
        loop {
            tokio::select! {
                () = &mut sleep => return true,
                () = self.events.closed() => return false,
                _ = &mut self.close => return false,
                command = self.commands.recv() => match command {
                    Some(message) => self.pending.push_back(message),
                    None => return false,
                },
            }
        }
    }

    /// One connection attempt, bounded in time: the greeted socket, or why
    /// it failed (`None`: the owner is done meanwhile).
    async fn open(&mut self) -> Result<Socket, Option<String>> {
        let url = self.address.url().to_string();
        let attempt = tokio::time::timeout(CONNECT_TIMEOUT, tokio_tungstenite::connect_async(url));
        tokio::pin!(attempt);
        let connected = loop {
            tokio::select! {
                result = &mut attempt => break result,
                () = self.events.closed() => return Err(None),
                _ = &mut self.close => return Err(None),
                command = self.commands.recv() => match command {
                    Some(message) => self.pending.push_back(message),
                    None => return Err(None),
                },
            }
        };
        let mut socket = match connected {
            Err(_) => {
                return Err(Some(t!(
                    "connect-no-answer",
                    address = self.address.to_string(),
                    seconds = CONNECT_TIMEOUT.as_secs()
                )));
            }
            Ok(Err(error)) => return Err(Some(explain_failure(&self.address, &error))),
            Ok(Ok((socket, _))) => socket,
        };
        let hello = ClientMessage::Hello {
            key: self
                .greeting
                .key_file
                .as_ref()
                .map(|file| file.key().clone()),
            protocol: PROTOCOL_VERSION,
            name: self.greeting.name.clone(),
            kind: self.greeting.kind,
            client: Some(format!("amazons-client {}", env!("CARGO_PKG_VERSION"))),
            legal_moves: false,
        };
        if let Err(e) = socket.send(Message::text(hello.encode())).await {
            return Err(Some(e.to_string()));
        }
        if self.events.send(NetEvent::Connected).is_err() {
            return Err(None);
        }
        Ok(socket)
    }

    /// Carries messages both ways until the connection ends.
    async fn serve(&mut self, mut socket: Socket) -> Ended {
        while let Some(message) = self.pending.pop_front() {
            if let Err(e) = socket.send(Message::text(message.encode())).await {
                self.pending.push_front(message);
                return Ended::Dropped(e.to_string());
            }
        }
        loop {
            tokio::select! {
                _ = &mut self.close => {
                    // Everything the owner queued before closing goes first.
                    while let Ok(message) = self.commands.try_recv() {
                        if socket.send(Message::text(message.encode())).await.is_err() {
                            return Ended::Done;
                        }
                    }
                    return finish(socket).await;
                }
                command = self.commands.recv() => match command {
                    None => return finish(socket).await,
                    Some(message) => {
                        if let Err(e) = socket.send(Message::text(message.encode())).await {
                            self.pending.push_back(message);
                            return Ended::Dropped(e.to_string());
                        }
                    }
                },
                frame = socket.next() => match frame {
                    Some(Ok(Message::Text(text))) => match ServerMessage::decode(&text) {
                        Ok(message) => {
                            let fatal = fatal_refusal(&message, &self.greeting);
                            if self.events.send(NetEvent::Message(message)).is_err() {
                                return Ended::Done;
                            }
                            if let Some(reason) = fatal {
                                let _ = socket.close(None).await;
                                return Ended::Refused(reason);
                            }
                        }
                        Err(e) => tracing::warn!("ignoring a message this client cannot read: {e}: {text}"),
                    },
                    Some(Ok(Message::Close(frame))) => {
                        return Ended::Dropped(match frame {
                            Some(frame) => t!(
                                "closed-by-server-because",
                                code = u16::from(frame.code),
                                reason = frame.reason.to_string()
                            ),
                            None => t!("closed-by-server"),
                        });
                    }
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return Ended::Dropped(e.to_string()),
                    None => return Ended::Dropped(t!("connection-closed")),
                },
            }
        }
    }
}

/// Closes the socket and reads until the server's close frame (or a
/// bound), so everything sent has been taken in.
async fn finish(mut socket: Socket) -> Ended {
    let _ = socket.close(None).await;
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while let Some(Ok(_)) = socket.next().await {}
    })
    .await;
    Ended::Done
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// A server on 127.0.0.1 that hands every message it reads (the `hello`
    /// included) to `heard`, and answers the `hello` with `reply` (if any)
    /// and then closes. Returns its address and a count of the connections
    /// it accepted.
    async fn test_server(
        reply: Option<ServerMessage>,
        heard: UnboundedSender<String>,
    ) -> (ServerAddress, Arc<AtomicU32>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("ws://{}/ws", listener.local_addr().unwrap());
        let accepted = Arc::new(AtomicU32::new(0));
        let count = accepted.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                count.fetch_add(1, Ordering::SeqCst);
                let (reply, heard) = (reply.clone(), heard.clone());
                tokio::spawn(async move {
                    let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else {
                        return;
                    };
                    while let Some(Ok(Message::Text(text))) = socket.next().await {
                        let _ = heard.send(text.to_string());
                        if let Some(reply) = &reply {
                            let _ = socket.send(Message::text(reply.encode())).await;
                            let _ = socket.close(None).await;
                        }
                    }
                });
            }
        });
        (url.parse().unwrap(), accepted)
    }

    fn greeting() -> Greeting {
        Greeting {
            name: "ann".into(),
            kind: PlayerKind::Human,
            key_file: None,
        }
    }

    fn fast() -> Backoff {
        Backoff {
            base: Duration::from_millis(10),
            max: Duration::from_millis(20),
        }
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
        let (heard, _) = unbounded_channel();
        let (address, accepted) = test_server(Some(refusal.clone()), heard).await;
        let mut connection = connect(address, greeting(), fast());
        let mut events = Vec::new();
        // The actor ends after giving up, so the events end too.
        while let Some(event) = connection.events.recv().await {
            events.push(event);
        }
        assert_eq!(events[0], NetEvent::Connected);
        assert_eq!(events[1], NetEvent::Message(refusal));
        let [_, _, NetEvent::GaveUp(reason)] = events.as_slice() else {
            panic!("{events:?}");
        };
        assert!(reason.contains("protocol 2"), "{reason}");
        connection.close().await;
        assert_eq!(accepted.load(Ordering::SeqCst), 1, "never reconnected");
    }

    #[tokio::test]
    async fn hello_carries_the_key_and_a_name_taken_refusal_says_what_to_do() {
        let refusal = ServerMessage::Error {
            code: ErrorCode::NameTaken,
            message: "`ann` belongs to another player".into(),
            reply_to: Some(amazons_protocol::MessageType::Hello),
            match_id: None,
            expected_ply: None,
        };
        let (heard, mut heard_by_server) = unbounded_channel();
        let (address, accepted) = test_server(Some(refusal), heard).await;
        let dir = tempfile::tempdir().unwrap();
        let key_path = dir.path().join("player-key");
        let key_file = KeyFile::open(Some(&key_path)).unwrap();
        let keyed = Greeting {
            key_file: Some(key_file.clone()),
            ..greeting()
        };
        let mut connection = connect(address, keyed, fast());
        let mut events = Vec::new();
        while let Some(event) = connection.events.recv().await {
            events.push(event);
        }
        connection.close().await;
        let hello = ClientMessage::decode(&heard_by_server.recv().await.unwrap()).unwrap();
        let ClientMessage::Hello { key, .. } = hello else {
            panic!("{hello:?}");
        };
        assert_eq!(key.as_ref(), Some(key_file.key()), "the key goes in hello");
        let Some(NetEvent::GaveUp(reason)) = events.last() else {
            panic!("{events:?}");
        };
        assert!(reason.contains("refused the name `ann`"), "{reason}");
        assert!(reason.contains("belongs to another player"), "{reason}");
        assert!(reason.contains("--name NAME"), "{reason}");
        assert!(reason.contains("--key-file PATH"), "{reason}");
        assert!(reason.contains(&key_path.display().to_string()), "{reason}");
        assert!(
            !reason.contains(&key_file.key().expose_hex()),
            "never the key itself"
        );
        assert_eq!(accepted.load(Ordering::SeqCst), 1, "never reconnected");
    }

    #[tokio::test]
    async fn a_server_never_reached_is_not_retried_and_the_reason_says_what_to_do() {
        // A port that was free a moment ago: nothing listens there.
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            listener.local_addr().unwrap().port()
        };
        let address: ServerAddress = format!("ws://127.0.0.1:{port}/ws").parse().unwrap();
        let mut connection = connect(address, greeting(), fast());
        let first = connection.events.recv().await;
        let Some(NetEvent::GaveUp(reason)) = first else {
            panic!("{first:?}");
        };
        assert!(reason.contains("nothing is listening"), "{reason}");
        assert!(reason.contains("amazons-server"), "{reason}");
        assert_eq!(connection.events.recv().await, None, "no retry");
    }

    #[tokio::test]
    async fn close_sends_what_is_queued_before_the_actor_ends() {
        let (heard, mut heard_by_server) = unbounded_channel();
        let (address, _) = test_server(None, heard).await;
        let mut connection = connect(address, greeting(), fast());
        assert_eq!(connection.events.recv().await, Some(NetEvent::Connected));
        let match_id = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap();
        let resign = ClientMessage::Resign {
            match_id,
            token: None,
        };
        // A clone of the outbox (a face holds one) does not keep it open.
        let face = connection.outbox.clone();
        face.send(resign.clone()).unwrap();
        connection.close().await;
        let hello = heard_by_server.recv().await.unwrap();
        assert!(hello.contains("\"hello\""), "{hello}");
        assert_eq!(heard_by_server.recv().await, Some(resign.encode()));
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
