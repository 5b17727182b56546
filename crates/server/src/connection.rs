//! One task per WebSocket connection: reads frames, enforces the limits,
//! answers what it can itself (`hello`, lists, pings, errors) and hands match
//! requests to the match tasks; writes what the matches and the lobby queue
//! for it; pings the client and closes it when it goes silent or does not
//! say `hello` in time.
//!
//! Every close sends the error (if any) and the close frame, then drops the
//! socket: the accepted stream is a [`crate::linger::Lingering`], which drains
//! what the client still sends before the socket is closed, so that no reset
//! destroys the close frame.
//!
//! Reading and writing share one task (a `select!` loop) so a connection costs
//! one small future and one queue: that is what lets the server hold many
//! thousands of idle connections.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use amazons_core::PlayerInfo;
use amazons_protocol::{ClientMessage, ErrorCode, MatchId, ServerMessage, TournamentId};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use tokio::sync::{OwnedSemaphorePermit, broadcast, mpsc};
use tokio::time::{Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;

use crate::door::Door;
use crate::identity::{self, Hello};
use crate::lobby;
use crate::mailbox::{ConnHandle, MatchHandle, Outbound};
use crate::matches;
use crate::reply::Reply;
use crate::shared::Shared;
use crate::tournament::door::Asker;
use crate::tournament::{self, Command};

/// Why the loop ended, for the log.
enum Ending {
    /// The client closed or the socket failed.
    ClientGone,
    /// We closed it (limit, shutdown, replacement, silence...).
    Closed(&'static str),
}

impl Ending {
    fn describe(&self) -> &'static str {
        match self {
            Ending::ClientGone => "closed by the client",
            Ending::Closed(reason) => reason,
        }
    }
}

/// The state of one connection.
struct Session {
    /// Server-wide state.
    shared: Arc<Shared>,
    /// This connection as the matches see it.
    me: ConnHandle,
    /// Name and kind, once `hello` was accepted.
    player: Option<PlayerInfo>,
    /// Whether `hello` asked for `legal_moves`.
    legal_moves: bool,
    /// Matches this connection takes part in (told when it drops).
    attached: HashMap<MatchId, MatchHandle>,
    /// Lobby feed, while subscribed.
    lobby: Option<broadcast::Receiver<Utf8Bytes>>,
    /// Tournaments this connection watches (told when it drops).
    watching: HashSet<TournamentId>,
    /// Start of the current rate-limit window.
    window_start: Instant,
    /// Messages counted in the current window.
    window_count: u32,
    /// When the client was last heard from (any frame), for the heartbeat.
    last_heard: Instant,
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

/// Serves one upgraded WebSocket until it closes. `permit` is `None` when the
/// server is full: the client is told so and closed.
pub async fn serve(
    mut socket: WebSocket,
    shared: Arc<Shared>,
    permit: Option<OwnedSemaphorePermit>,
    peer: SocketAddr,
) {
    let Some(_permit) = permit else {
        tracing::warn!(%peer, "connection refused: server full");
        let full = ServerMessage::error(
            ErrorCode::ServerFull,
            "the server is at its connection limit; try later",
        );
        say_and_close(&mut socket, &full, (1013, "server full")).await;
        return;
    };
    let _tracked = shared.tracker.token();
    shared.connections.fetch_add(1, Ordering::Relaxed);
    let id = shared.next_conn_id.fetch_add(1, Ordering::Relaxed);
    tracing::info!(conn = id, %peer, "connected");
    let (tx, mut rx) = mpsc::channel(shared.config.outbound_queue);
    let overflow = CancellationToken::new();
    let mut session = Session {
        shared: Arc::clone(&shared),
        me: ConnHandle::new(id, tx, overflow.clone()),
        player: None,
        legal_moves: false,
        attached: HashMap::new(),
        lobby: None,
        watching: HashSet::new(),
        window_start: Instant::now(),
        window_count: 0,
        last_heard: Instant::now(),
    };
    let interval = shared.config.heartbeat_interval_secs.duration();
    let timeout = shared.config.heartbeat_timeout_secs.duration();
    let mut heartbeat = tokio::time::interval_at(Instant::now() + interval, interval);
    heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let hello_timeout = shared.config.hello_timeout_secs.get();
    let hello_by = tokio::time::sleep(Duration::from_secs(hello_timeout));
    tokio::pin!(hello_by);

    let ending = loop {
        tokio::select! {
            biased;
            _ = shared.shutdown.cancelled() => {
                let bye = ServerMessage::ServerShutdown {
                    message: "the server is shutting down; resume your games with your seat tokens when it is back".into(),
                };
                say_and_close(&mut socket, &bye, (1001, "server shutting down")).await;
                break Ending::Closed("shutdown");
            }
            _ = overflow.cancelled() => {
                let _ = socket.send(close(1011, "not reading fast enough")).await;
                break Ending::Closed("outbound queue full");
            }
            outbound = rx.recv() => match outbound {
                Some(Outbound::Text(text)) => {
                    if socket.send(Message::Text(text)).await.is_err() {
                        break Ending::ClientGone;
                    }
                }
                Some(Outbound::Attached(handle)) => {
                    session.attached.insert(handle.id, handle);
                }
                Some(Outbound::Close(code, reason)) => {
                    let _ = socket.send(close(code, reason)).await;
                    break Ending::Closed(reason);
                }
                None => break Ending::Closed("queue closed"),
            },
            update = next_lobby(&mut session.lobby) => {
                let text = match update {
                    Ok(text) => text,
                    // Fell behind the lobby feed: send the whole list instead.
                    Err(broadcast::error::RecvError::Lagged(_)) => Utf8Bytes::from(
                        ServerMessage::MatchList { matches: shared.registry.list() }.encode(),
                    ),
                    Err(broadcast::error::RecvError::Closed) => {
                        session.lobby = None;
                        continue;
                    }
                };
                if socket.send(Message::Text(text)).await.is_err() {
                    break Ending::ClientGone;
                }
            }
            () = &mut hello_by, if session.player.is_none() => {
                let error = ServerMessage::error(
                    ErrorCode::HelloRequired,
                    format!("no hello within {hello_timeout} s; closing"),
                );
                say_and_close(&mut socket, &error, (1008, "no hello in time")).await;
                break Ending::Closed("no hello in time");
            }
            _ = heartbeat.tick() => {
                if session.last_heard.elapsed() >= timeout {
                    let error = ServerMessage::error(
                        ErrorCode::HeartbeatTimeout,
                        format!("nothing heard for {} s; closing", timeout.as_secs()),
                    );
                    say_and_close(&mut socket, &error, (1008, "no heartbeat")).await;
                    break Ending::Closed("silent past the heartbeat timeout");
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break Ending::ClientGone;
                }
            }
            frame = socket.recv() => {
                if let Err(ending) = session.on_frame(&mut socket, frame).await {
                    break ending;
                }
            }
        }
    };
    session.leave();
    shared.connections.fetch_sub(1, Ordering::Relaxed);
    tracing::info!(conn = id, %peer, ending = ending.describe(), "disconnected");
}
/// A frame the client sent that breaks the WebSocket rules in a way the
/// client is told about before the connection closes. Told apart by the
/// WebSocket library's error type, never by its text.
enum FrameFault {
    /// A message over `hard_frame_bytes` (close 1009).
    TooLarge,
    /// A text frame that is not UTF-8 (close 1007, RFC 6455 section 8.1).
    NotUtf8,
}

impl FrameFault {
    /// The fault behind a read error, if it is one of ours to answer.
    fn of(error: axum::Error) -> Option<FrameFault> {
        use tungstenite::error::Error;
        match error.into_inner().downcast::<Error>().ok().map(|e| *e)? {
            Error::Capacity(_) => Some(FrameFault::TooLarge),
            Error::Utf8(_) => Some(FrameFault::NotUtf8),
            _ => None,
        }
    }

    /// The error code and text, then the close code and reason.
    fn answer(&self) -> (ErrorCode, &'static str, u16, &'static str) {
        match self {
            FrameFault::TooLarge => (
                ErrorCode::TooLarge,
                "frame over the hard size limit",
                1009,
                "frame too large",
            ),
            FrameFault::NotUtf8 => (
                ErrorCode::Malformed,
                "a text frame that is not valid UTF-8",
                1007,
                "invalid UTF-8",
            ),
        }
    }
}

async fn next_lobby(
    lobby: &mut Option<broadcast::Receiver<Utf8Bytes>>,
) -> Result<Utf8Bytes, broadcast::error::RecvError> {
    match lobby {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// Sends a last message (an error, or `server_shutdown`), then a close
/// frame: the end of a connection the server closes for a reason the
/// client is told.
async fn say_and_close(
    socket: &mut WebSocket,
    error: &ServerMessage,
    (code, reason): (u16, &'static str),
) {
    let _ = socket.send(Message::Text(error.encode().into())).await;
    let _ = socket.send(close(code, reason)).await;
}

impl Session {
    /// One frame from the client (or its end): a frame fault or too many
    /// messages closes the connection; a text message goes to
    /// [`Session::on_text`]; the reply is sent. `Err` when the connection
    /// ends.
    async fn on_frame(
        &mut self,
        socket: &mut WebSocket,
        frame: Option<Result<Message, axum::Error>>,
    ) -> Result<(), Ending> {
        let message = match frame {
            None => return Err(Ending::ClientGone),
            Some(Ok(message)) => message,
            Some(Err(e)) => {
                let Some(fault) = FrameFault::of(e) else {
                    return Err(Ending::ClientGone);
                };
                let (code, text, close_code, reason) = fault.answer();
                let error = ServerMessage::error(code, text);
                say_and_close(socket, &error, (close_code, reason)).await;
                return Err(Ending::Closed(reason));
            }
        };
        self.last_heard = Instant::now();
        if let Message::Text(_) | Message::Binary(_) = message
            && let Some(limited) = self.over_rate()
        {
            say_and_close(socket, &limited, (1008, "rate limit exceeded")).await;
            return Err(Ending::Closed("rate limit"));
        }
        let replies = match message {
            Message::Text(text) => self.on_text(&text).await,
            Message::Binary(_) => Reply::one(ServerMessage::error(
                ErrorCode::BinaryNotSupported,
                "binary frames are not supported: send JSON text frames",
            )),
            Message::Close(_) => return Err(Ending::ClientGone),
            Message::Ping(_) | Message::Pong(_) => Reply::none(),
        };
        for reply in replies.messages {
            if socket
                .send(Message::Text(reply.encode().into()))
                .await
                .is_err()
            {
                return Err(Ending::ClientGone);
            }
        }
        if let Some((code, reason)) = replies.close {
            let _ = socket.send(close(code, reason)).await;
            return Err(Ending::Closed(reason));
        }
        Ok(())
    }

    /// The connection has ended: its matches, the tournaments it watched
    /// and (for a keyed player) the tournaments it played in hear of it.
    fn leave(&self) {
        for handle in self.attached.values() {
            handle.detach(&self.me);
        }
        let tournaments = &self.shared.tournaments;
        for id in &self.watching {
            if let Some(handle) = tournaments.handle(*id) {
                handle.notify(Command::Detach { conn: self.me.id });
            }
        }
        if let Some(id) = self.player.as_ref().and_then(|p| p.id.as_ref()) {
            self.shared.presence.remove(id, self.me.id);
            tournaments.gone(id, self.me.id);
        }
    }

    /// Counts one message; `Some(error)` when it is over the limit.
    fn over_rate(&mut self) -> Option<ServerMessage> {
        let window = self.shared.config.rate_limit_window_secs.duration();
        let now = Instant::now();
        if now.duration_since(self.window_start) >= window {
            self.window_start = now;
            self.window_count = 0;
        }
        self.window_count += 1;
        (self.window_count > self.shared.config.rate_limit_messages).then(|| {
            tracing::warn!(conn = self.me.id, "rate limit exceeded; closing");
            ServerMessage::error(
                ErrorCode::RateLimited,
                format!(
                    "more than {} messages in {} s; closing",
                    self.shared.config.rate_limit_messages,
                    self.shared.config.rate_limit_window_secs.get()
                ),
            )
        })
    }

    /// Reads one text message: too large, undecodable or before `hello`,
    /// it is answered here; otherwise it is split by feature ([`Door`])
    /// and routed.
    async fn on_text(&mut self, text: &str) -> Reply {
        let config = &self.shared.config;
        if text.len() > config.max_message_bytes {
            return Reply::one(ServerMessage::error(
                ErrorCode::TooLarge,
                format!("messages are at most {} bytes", config.max_message_bytes),
            ));
        }
        let message = match ClientMessage::decode(text) {
            Ok(message) => message,
            Err(e) if self.player.is_none() && e.code == ErrorCode::UnknownType => {
                return Reply::one(ServerMessage::error(
                    ErrorCode::HelloRequired,
                    format!("{}; send hello first", e.message),
                ));
            }
            Err(e) => {
                return Reply::one(ServerMessage::Error {
                    code: e.code,
                    message: e.message,
                    reply_to: e.message_type,
                    match_id: None,
                    expected_ply: None,
                });
            }
        };
        let kind = message.message_type();
        let Some(player) = self.player.clone() else {
            return match Hello::from_message(message) {
                Ok(hello) => self.hello(hello).await,
                Err(_) => Reply::refusal(ErrorCode::HelloRequired, "send hello first", kind, None),
            };
        };
        match Door::of(message, &player, self.legal_moves) {
            Door::HelloAgain => identity::greeted_already(),
            Door::Ping(nonce) => Reply::one(ServerMessage::Pong { nonce }),
            Door::Match(match_id, request) => {
                let asked = (match_id, request);
                matches::ask(&self.shared, &self.me, &mut self.attached, asked, kind).await
            }
            Door::NewMatch(asked) => {
                let player = (&player, self.legal_moves);
                matches::create(&self.shared, &self.me, player, &mut self.attached, asked).await
            }
            Door::Lobby(request) => lobby::answer(&self.shared.registry, &mut self.lobby, request),
            Door::Tournament(request) => {
                let asker = Asker {
                    conn: &self.me,
                    player: &player,
                    watching: &mut self.watching,
                };
                let tournaments = self.shared.tournaments_handle();
                tournament::door::answer(&tournaments, asker, request, kind).await
            }
            Door::Unrouted(kind) => {
                tracing::error!(conn = self.me.id, ?kind, "a message with no door");
                Reply::refusal(
                    ErrorCode::Internal,
                    "the server could not route this message",
                    kind,
                    None,
                )
            }
        }
    }

    /// The first `hello`: the identity door answers; once accepted, this
    /// connection is that player.
    async fn hello(&mut self, hello: Hello) -> Reply {
        match identity::greet(&self.shared, &self.me, hello).await {
            Ok((greeted, welcome)) => {
                self.player = Some(greeted.player);
                self.legal_moves = greeted.legal_moves;
                Reply::one(welcome)
            }
            Err(reply) => reply,
        }
    }
}
