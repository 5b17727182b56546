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

use amazons_core::{Game, MAX_INCREMENT, MAX_INITIAL, PlayerId, PlayerInfo, PlayerKind};
use amazons_protocol::{
    ClientMessage, ComputerRequest, ErrorCode, MatchId, MessageType, PROTOCOL_VERSION, PlayerKey,
    ServerLimits, ServerMessage, TournamentId, TournamentStatus,
};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use tokio::sync::{OwnedSemaphorePermit, broadcast, mpsc};
use tokio::time::{Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;

use crate::config::Config;
use crate::match_actor::{self, MatchHandle};
use crate::match_state::{Request, Terms};
use crate::names::Claim;
use crate::shared::{ConnHandle, Outbound, Shared};
use crate::tournament::{self, Ask, Command, Setup};

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
        let _ = socket.send(Message::Text(full.encode().into())).await;
        let _ = socket.send(close(1013, "server full")).await;
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
    };
    let interval = shared.config.heartbeat_interval_secs.duration();
    let timeout = shared.config.heartbeat_timeout_secs.duration();
    let mut heartbeat = tokio::time::interval_at(Instant::now() + interval, interval);
    heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut last_heard = Instant::now();
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
                let _ = socket.send(Message::Text(bye.encode().into())).await;
                let _ = socket.send(close(1001, "server shutting down")).await;
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
                let _ = socket.send(Message::Text(error.encode().into())).await;
                let _ = socket.send(close(1008, "no hello in time")).await;
                break Ending::Closed("no hello in time");
            }
            _ = heartbeat.tick() => {
                if last_heard.elapsed() >= timeout {
                    let error = ServerMessage::error(
                        ErrorCode::HeartbeatTimeout,
                        format!("nothing heard for {} s; closing", timeout.as_secs()),
                    );
                    let _ = socket.send(Message::Text(error.encode().into())).await;
                    let _ = socket.send(close(1008, "no heartbeat")).await;
                    break Ending::Closed("silent past the heartbeat timeout");
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break Ending::ClientGone;
                }
            }
            frame = socket.recv() => {
                let message = match frame {
                    None => break Ending::ClientGone,
                    Some(Ok(message)) => message,
                    Some(Err(e)) => match FrameFault::of(e) {
                        Some(fault) => {
                            let (code, text, close_code, reason) = fault.answer();
                            let error = ServerMessage::error(code, text);
                            let _ = socket.send(Message::Text(error.encode().into())).await;
                            let _ = socket.send(close(close_code, reason)).await;
                            break Ending::Closed(reason);
                        }
                        None => break Ending::ClientGone,
                    },
                };
                last_heard = Instant::now();
                let replies = match message {
                    Message::Text(text) => {
                        if let Some(limited) = session.over_rate() {
                            let _ = socket.send(Message::Text(limited.encode().into())).await;
                            let _ = socket.send(close(1008, "rate limit exceeded")).await;
                            break Ending::Closed("rate limit");
                        }
                        session.on_text(&text).await
                    }
                    Message::Binary(_) => {
                        if let Some(limited) = session.over_rate() {
                            let _ = socket.send(Message::Text(limited.encode().into())).await;
                            let _ = socket.send(close(1008, "rate limit exceeded")).await;
                            break Ending::Closed("rate limit");
                        }
                        Reply::one(ServerMessage::error(
                            ErrorCode::BinaryNotSupported,
                            "binary frames are not supported: send JSON text frames",
                        ))
                    }
                    Message::Close(_) => break Ending::ClientGone,
                    Message::Ping(_) | Message::Pong(_) => Reply::none(),
                };
                let mut failed = false;
                for reply in replies.messages {
                    if socket.send(Message::Text(reply.encode().into())).await.is_err() {
                        failed = true;
                        break;
                    }
                }
                if failed {
                    break Ending::ClientGone;
                }
                if let Some((code, reason)) = replies.close {
                    let _ = socket.send(close(code, reason)).await;
                    break Ending::Closed(reason);
                }
            }
        }
    };
    for handle in session.attached.values() {
        handle.detach(&session.me);
    }
    for id in &session.watching {
        if let Some(handle) = shared.tournaments.handle(*id) {
            handle.send(Command::Detach {
                conn: session.me.id,
            });
        }
    }
    if let Some(id) = session.player.as_ref().and_then(|p| p.id.as_ref()) {
        shared.presence.remove(id, session.me.id);
        shared.tournaments.gone(id, session.me.id);
    }
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

/// What the connection sends back itself, and whether it then closes.
struct Reply {
    /// Messages, in order.
    messages: Vec<ServerMessage>,
    /// A close frame to send after them.
    close: Option<(u16, &'static str)>,
}

impl Reply {
    fn none() -> Reply {
        Reply {
            messages: Vec::new(),
            close: None,
        }
    }

    fn one(message: ServerMessage) -> Reply {
        Reply {
            messages: vec![message],
            close: None,
        }
    }
}

fn refusal(
    code: ErrorCode,
    message: impl Into<String>,
    reply_to: MessageType,
    match_id: Option<MatchId>,
) -> Reply {
    Reply::one(ServerMessage::Error {
        code,
        message: message.into(),
        reply_to: Some(reply_to),
        match_id,
        expected_ply: None,
    })
}

/// What `welcome.limits` tells a client, each value from the one place that
/// rule lives: the name length from the configuration (checked by
/// [`validate_name`]), the clock bounds from core's [`MAX_INITIAL`] and
/// [`MAX_INCREMENT`] (checked by `create_match` through
/// `TimeControl::validated`), the abort rule from core's
/// [`Game::ABORT_BEFORE_PLY`] (what `Match::decide` asks through
/// `Game::can_abort`).
fn server_limits(config: &Config) -> ServerLimits {
    ServerLimits {
        name_max_chars: u32::try_from(config.max_name_chars).unwrap_or(u32::MAX),
        max_initial_ms: u64::try_from(MAX_INITIAL.as_millis()).unwrap_or(u64::MAX),
        max_increment_ms: u64::try_from(MAX_INCREMENT.as_millis()).unwrap_or(u64::MAX),
        abort_before_ply: Game::ABORT_BEFORE_PLY,
    }
}

/// Checks a player name: trimmed, 1..=max characters, printable.
pub fn validate_name(name: &str, max_chars: usize) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("the name is empty".into());
    }
    if name.chars().count() > max_chars {
        return Err(format!("the name is longer than {max_chars} characters"));
    }
    if name.chars().any(|c| {
        c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{feff}')
    }) {
        return Err("the name contains characters that cannot be printed".into());
    }
    Ok(name.to_owned())
}

impl Session {
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

    async fn on_text(&mut self, text: &str) -> Reply {
        if text.len() > self.shared.config.max_message_bytes {
            return Reply::one(ServerMessage::error(
                ErrorCode::TooLarge,
                format!(
                    "messages are at most {} bytes",
                    self.shared.config.max_message_bytes
                ),
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
        if let ClientMessage::Hello {
            protocol,
            name,
            kind: player_kind,
            client,
            legal_moves,
            key,
        } = message
        {
            let reply = self
                .hello(protocol, &name, player_kind, client.as_deref(), key)
                .await;
            if self.player.is_some()
                && !matches!(reply.messages.first(), Some(ServerMessage::Error { .. }))
            {
                self.legal_moves = legal_moves;
            }
            return reply;
        }
        let Some(player) = self.player.clone() else {
            return refusal(ErrorCode::HelloRequired, "send hello first", kind, None);
        };
        let message = match Request::from_message(message, &player, self.legal_moves) {
            Ok((match_id, request)) => {
                let leaving = request == Request::Leave;
                let reply = self.send_to_match(match_id, request, kind).await;
                if leaving {
                    self.attached.remove(&match_id);
                }
                return reply;
            }
            Err(message) => message,
        };
        match message {
            ClientMessage::Ping { nonce } => Reply::one(ServerMessage::Pong { nonce }),
            ClientMessage::ListMatches => Reply::one(ServerMessage::MatchList {
                matches: self.shared.registry.list(),
            }),
            ClientMessage::SubscribeLobby => {
                self.lobby = Some(self.shared.registry.subscribe());
                Reply::one(ServerMessage::MatchList {
                    matches: self.shared.registry.list(),
                })
            }
            ClientMessage::UnsubscribeLobby => {
                self.lobby = None;
                Reply::none()
            }
            ClientMessage::CreateMatch {
                time_control,
                color,
                computer,
                rated,
                end_when_decided,
                assistance,
                initial_fen,
            } => {
                let terms = match Terms::asked(
                    time_control,
                    rated,
                    (end_when_decided, assistance),
                    initial_fen.as_deref(),
                ) {
                    Ok(terms) => terms,
                    Err(refused) => return refusal(refused.code, refused.message, kind, None),
                };
                let computer = match computer.map(|c| self.shared.computer.choose(&c)) {
                    None => None,
                    Some(Ok(seat)) => Some(seat),
                    Some(Err(refused)) => {
                        return refusal(refused.code, refused.message, kind, None);
                    }
                };
                match match_actor::create(
                    &self.shared,
                    &self.me,
                    (&player, self.legal_moves),
                    (terms, color),
                    computer,
                )
                .await
                {
                    Ok(handle) => {
                        self.attached.insert(handle.id, handle);
                        Reply::none()
                    }
                    Err(refused) => refusal(refused.code, refused.message, kind, None),
                }
            }
            ClientMessage::ListTournaments => Reply::one(ServerMessage::TournamentList {
                tournaments: self.shared.tournaments.list(),
            }),
            ClientMessage::CreateTournament {
                title,
                format,
                time_control,
                rated,
                entry_list,
                computers,
            } => {
                let setup = match self.tournament_setup(
                    title,
                    (format, time_control, rated),
                    entry_list,
                    &computers,
                ) {
                    Ok(setup) => setup,
                    Err(refused) => return refusal(refused.code, refused.message, kind, None),
                };
                match tournament::create(&self.shared, &self.me, &player, setup).await {
                    Ok(tournament_id) => {
                        self.watching.insert(tournament_id);
                        Reply::one(ServerMessage::TournamentCreated { tournament_id })
                    }
                    Err(refused) => refusal(refused.code, refused.message, kind, None),
                }
            }
            ClientMessage::WatchTournament { tournament_id } => {
                self.ask_tournament(tournament_id, &player, Ask::Watch, kind)
            }
            ClientMessage::UnwatchTournament { tournament_id } => {
                self.watching.remove(&tournament_id);
                self.ask_tournament(tournament_id, &player, Ask::Unwatch, kind)
            }
            ClientMessage::JoinTournament { tournament_id } => {
                self.ask_tournament(tournament_id, &player, Ask::Join, kind)
            }
            ClientMessage::WithdrawTournament { tournament_id } => {
                self.ask_tournament(tournament_id, &player, Ask::Withdraw, kind)
            }
            ClientMessage::EnterComputer {
                tournament_id,
                computer,
            } => match self.shared.computer.choose(&computer) {
                Ok(seat) => {
                    self.ask_tournament(tournament_id, &player, Ask::EnterComputer(seat), kind)
                }
                Err(refused) => refusal(refused.code, refused.message, kind, None),
            },
            ClientMessage::StartTournament { tournament_id } => {
                self.ask_tournament(tournament_id, &player, Ask::Start, kind)
            }
            ClientMessage::PauseTournament { tournament_id } => {
                self.ask_tournament(tournament_id, &player, Ask::Pause, kind)
            }
            ClientMessage::ResumeTournament { tournament_id } => {
                self.ask_tournament(tournament_id, &player, Ask::Resume, kind)
            }
            ClientMessage::RemoveEntrant {
                tournament_id,
                name,
            } => self.ask_tournament(tournament_id, &player, Ask::Remove(name), kind),
            ClientMessage::EndTournament { tournament_id } => {
                self.ask_tournament(tournament_id, &player, Ask::End, kind)
            }
            // `hello` was answered above, and every message about one match
            // went to it (`Request::from_message` hands back only the others).
            ClientMessage::Hello { .. }
            | ClientMessage::Join { .. }
            | ClientMessage::Leave { .. }
            | ClientMessage::Spectate { .. }
            | ClientMessage::Resume { .. }
            | ClientMessage::Move { .. }
            | ClientMessage::Resign { .. }
            | ClientMessage::Abort { .. }
            | ClientMessage::ClaimTerritory { .. }
            | ClientMessage::OfferRematch { .. }
            | ClientMessage::AcceptRematch { .. }
            | ClientMessage::DeclineRematch { .. } => Reply::none(),
        }
    }

    async fn hello(
        &mut self,
        protocol: u32,
        name: &str,
        kind: PlayerKind,
        client: Option<&str>,
        key: Option<PlayerKey>,
    ) -> Reply {
        if self.player.is_some() {
            return refusal(
                ErrorCode::AlreadyGreeted,
                "hello was already accepted",
                MessageType::Hello,
                None,
            );
        }
        if protocol != PROTOCOL_VERSION {
            return Reply {
                messages: vec![ServerMessage::Error {
                    code: ErrorCode::VersionMismatch,
                    message: format!(
                        "this server speaks protocol {PROTOCOL_VERSION}, not {protocol}"
                    ),
                    reply_to: Some(MessageType::Hello),
                    match_id: None,
                    expected_ply: None,
                }],
                close: Some((1002, "protocol version mismatch")),
            };
        }
        let name = match validate_name(name, self.shared.config.max_name_chars) {
            Ok(name) => name,
            Err(problem) => return refusal(ErrorCode::BadName, problem, MessageType::Hello, None),
        };
        let id = key.as_ref().map(PlayerKey::public_id);
        if let Err((code, problem)) = self.claim(&name, id.as_ref(), kind).await {
            return refusal(code, problem, MessageType::Hello, None);
        }
        // The key itself is never logged: only whether there was one.
        tracing::info!(conn = self.me.id, player = %name, ?kind, keyed = id.is_some(), client = client.unwrap_or("-"), "hello");
        if let Some(id) = &id {
            self.shared.presence.add(id, &self.me);
        }
        self.player = Some(PlayerInfo::new(name.clone(), kind).identified(id.clone()));
        let welcome = ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            server: format!("amazons-server {}", env!("CARGO_PKG_VERSION")),
            name,
            max_message_bytes: self.shared.config.max_message_bytes as u32,
            grace_ms: self.shared.config.grace_secs.get() * 1000,
            limits: Some(server_limits(&self.shared.config)),
            computer: self.shared.computer.offer(),
        };
        // Every live tournament with a game waiting for this player tells
        // it `tournament_game` through its queue, which is read only after
        // this reply (`welcome`) is sent.
        if let Some(id) = &id {
            self.shared.tournaments.hello(id, &self.me);
        }
        Reply::one(welcome)
    }

    /// Checks `create_tournament`: a key (`key_required`), a title of at
    /// most twice the name length (made from the format when absent), a
    /// round robin of 1 or 2 cycles or a Swiss of at least one round, a clock
    /// within core's limits, entry-list names as `hello` checks them
    /// (`bad_tournament` for any of these), and each computer player on
    /// offer (its own refusal).
    fn tournament_setup(
        &self,
        title: Option<String>,
        (format, time_control, rated): (
            amazons_protocol::tournament::Format,
            amazons_core::TimeControl,
            bool,
        ),
        entry_list: Option<Vec<String>>,
        computers: &[ComputerRequest],
    ) -> Result<Setup, crate::match_state::Refusal> {
        use crate::match_state::Refusal;
        let bad = |message: String| Refusal::new(ErrorCode::BadTournament, message);
        if self.player.as_ref().is_none_or(|p| p.id.is_none()) {
            return Err(Refusal::new(
                ErrorCode::KeyRequired,
                "organising a tournament needs a player key: say hello with your key",
            ));
        }
        match format {
            amazons_protocol::tournament::Format::RoundRobin { cycles }
                if !(1..=2).contains(&cycles) =>
            {
                return Err(bad(format!(
                    "a round robin has 1 or 2 cycles, not {cycles}"
                )));
            }
            amazons_protocol::tournament::Format::Swiss { rounds: 0 } => {
                return Err(bad("a Swiss has at least one round".into()));
            }
            _ => {}
        }
        let time_control = time_control.validated().map_err(|e| bad(e.to_string()))?;
        let max = self.shared.config.max_name_chars * 2;
        let title = match title {
            Some(title) => {
                validate_name(&title, max).map_err(|p| bad(format!("the title: {p}")))?
            }
            None => match format {
                amazons_protocol::tournament::Format::RoundRobin { cycles: 2 } => {
                    "Double round robin".to_owned()
                }
                amazons_protocol::tournament::Format::RoundRobin { .. } => "Round robin".to_owned(),
                amazons_protocol::tournament::Format::Swiss { rounds } => {
                    format!("Swiss, {rounds} rounds")
                }
            },
        };
        let entry_list = match entry_list {
            None => None,
            Some(names) => Some(
                names
                    .iter()
                    .map(|n| {
                        validate_name(n, self.shared.config.max_name_chars)
                            .map_err(|p| bad(format!("the entry list: {p}")))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        let computers = computers
            .iter()
            .map(|c| self.shared.computer.choose(c))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Setup {
            title,
            format,
            time_control,
            rated,
            entry_list,
            computers,
        })
    }

    /// Hands a request to a live tournament (which answers on this
    /// connection); a finished one is answered here: watched, it sends its
    /// final view; anything else is refused.
    fn ask_tournament(
        &mut self,
        id: TournamentId,
        player: &PlayerInfo,
        ask: Ask,
        kind: MessageType,
    ) -> Reply {
        if let Some(handle) = self.shared.tournaments.handle(id) {
            if matches!(ask, Ask::Watch | Ask::Join) {
                self.watching.insert(id);
            }
            let sent = handle.send(Command::Ask {
                conn: self.me.clone(),
                player: player.clone(),
                ask: ask.clone(),
                kind,
            });
            if sent {
                return Reply::none();
            }
        }
        let Some(view) = self.shared.tournaments.view(id) else {
            return refusal(
                ErrorCode::NoSuchTournament,
                "there is no such tournament",
                kind,
                None,
            );
        };
        match ask {
            Ask::Watch => Reply::one(ServerMessage::TournamentUpdated { tournament: view }),
            Ask::Unwatch => Reply::none(),
            Ask::Join if view.summary.status != TournamentStatus::Registering => refusal(
                ErrorCode::RegistrationClosed,
                "this tournament has finished",
                kind,
                None,
            ),
            _ => refusal(
                ErrorCode::TournamentNotRunning,
                "this tournament has finished",
                kind,
                None,
            ),
        }
    }

    /// Checks that `name` may be used by whoever holds the key with public
    /// id `id` (or by a guest, `None`), and claims it for the key if it is
    /// free: the refusal otherwise (`name_taken`, or `internal` when the
    /// check itself failed).
    async fn claim(
        &self,
        name: &str,
        id: Option<&PlayerId>,
        kind: PlayerKind,
    ) -> Result<(), (ErrorCode, String)> {
        if self.shared.computer.reserves(name) {
            return Err((
                ErrorCode::NameTaken,
                format!(
                    "the name `{name}` belongs to this server's computer players; pick another name"
                ),
            ));
        }
        let taken = || {
            (
                ErrorCode::NameTaken,
                format!(
                    "the name `{name}` is claimed by another player key; pick another name, or play \
                 from the client that holds the key that claimed it (the terminal client keeps \
                 it in its state directory as `player-key`, the web board in the browser)"
                ),
            )
        };
        let Some(id) = id.cloned() else {
            return match self.shared.names.holder(name) {
                Some(_) => Err(taken()),
                None => Ok(()),
            };
        };
        let shared = Arc::clone(&self.shared);
        let name = name.to_owned();
        let claimed = tokio::task::spawn_blocking(move || {
            let now_ms = amazons_core::unix_ms(std::time::SystemTime::now());
            let (claim, problem) = shared.names.claim(&name, &id, kind, now_ms);
            if let Some(problem) = problem {
                tracing::error!("{problem}; the name is claimed until the server stops");
            }
            claim
        })
        .await;
        match claimed {
            Ok(Claim::Yours) => Ok(()),
            Ok(Claim::Taken) => Err(taken()),
            Err(e) => {
                tracing::error!("name claim failed: {e}");
                Err((
                    ErrorCode::Internal,
                    "the server could not check the name; try again".into(),
                ))
            }
        }
    }

    async fn send_to_match(
        &mut self,
        match_id: MatchId,
        request: Request,
        kind: MessageType,
    ) -> Reply {
        let handle = match self.attached.get(&match_id) {
            Some(handle) => handle.clone(),
            None => match self.shared.registry.get(match_id) {
                Some(handle) => handle,
                None => {
                    return refusal(
                        ErrorCode::NoSuchMatch,
                        "there is no such match",
                        kind,
                        Some(match_id),
                    );
                }
            },
        };
        if handle.send(&self.me, request).await {
            Reply::none()
        } else {
            self.attached.remove(&handle.id);
            refusal(
                ErrorCode::NoSuchMatch,
                "that match has ended",
                kind,
                Some(handle.id),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_are_the_servers_own_and_the_docs_show_the_defaults() {
        let config = Config {
            max_name_chars: 20,
            ..Config::default()
        };
        let limits = server_limits(&config);
        assert_eq!(limits.name_max_chars, 20);
        let too_long = "x".repeat(21);
        assert!(validate_name(&too_long[..20], 20).is_ok());
        assert!(validate_name(&too_long, limits.name_max_chars as usize).is_err());
        let longest = amazons_core::TimeControl::Fischer {
            initial_ms: limits.max_initial_ms,
            increment_ms: limits.max_increment_ms,
        };
        assert!(longest.validated().is_ok());
        for over in [
            amazons_core::TimeControl::Fischer {
                initial_ms: limits.max_initial_ms + 1,
                increment_ms: 0,
            },
            amazons_core::TimeControl::Fischer {
                initial_ms: 1,
                increment_ms: limits.max_increment_ms + 1,
            },
        ] {
            assert!(over.validated().is_err(), "{over:?}");
        }
        assert_eq!(limits.abort_before_ply, 2);

        let defaults = serde_json::to_string(&server_limits(&Config::default())).unwrap();
        let docs = include_str!("../../../docs/protocol.md");
        assert!(
            docs.contains(&format!("\"limits\":{defaults}")),
            "the welcome examples in docs/protocol.md must show {defaults}"
        );
    }

    #[test]
    fn names_are_trimmed_bounded_and_printable() {
        assert_eq!(validate_name("  ann ", 32).unwrap(), "ann");
        assert_eq!(validate_name("Ådne 🎯", 32).unwrap(), "Ådne 🎯");
        assert!(validate_name("   ", 32).is_err());
        assert!(validate_name("a\u{7}b", 32).is_err());
        assert!(validate_name("a\nb", 32).is_err());
        assert!(validate_name("a\u{202e}b", 32).is_err());
        assert!(validate_name(&"x".repeat(33), 32).is_err());
    }
}
