//! One task per match, owning all of its state: seats, position, moves,
//! clocks, spectators. Connections send it [`Command`]s over a channel; it
//! answers and broadcasts through each connection's [`ConnHandle`]. Because
//! only this task touches the match, a move is checked, journalled, applied
//! and broadcast as one step that nothing can interleave with.
//!
//! Every change goes through an [`Event`]: it is appended to the journal
//! (and fsynced) first, then applied by [`MatchActor::apply`], the same
//! function that rebuilds the match from the journal after a restart.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use amazons_core::{
    EndReason, GameRecord, Move, Outcome, PlayerInfo, Position, RECORD_SCHEMA_VERSION,
    RecordedMove, Side, TimeControl,
};
use amazons_protocol::{
    Clocks, ErrorCode, MatchId, MatchSnapshot, MatchStatus, MatchSummary, SeatInfo, SeatToken,
    Seats, ServerMessage,
};
use axum::extract::ws::Utf8Bytes;
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::journal::Event;
use crate::shared::{ConnHandle, ConnId, Outbound, Shared};

/// How to reach a match task.
#[derive(Clone, Debug)]
pub struct MatchHandle {
    /// The match.
    pub id: MatchId,
    /// Its mailbox.
    tx: mpsc::Sender<Command>,
}

impl MatchHandle {
    /// Delivers a command; `false` if the match has ended its task.
    pub async fn send(&self, command: Command) -> bool {
        self.tx.send(command).await.is_ok()
    }

    /// Delivers a command without waiting (used when a connection closes).
    pub fn try_send(&self, command: Command) {
        let _ = self.tx.try_send(command);
    }
}

/// A request to a match, from one connection.
#[derive(Debug)]
pub enum Command {
    /// Take a seat (`seat: None` = any free seat).
    Join {
        /// Who asks.
        conn: ConnHandle,
        /// Name and kind from `hello`.
        player: PlayerInfo,
        /// Seat wanted.
        seat: Option<Side>,
    },
    /// Watch.
    Spectate {
        /// Who asks.
        conn: ConnHandle,
    },
    /// Take a seat back with its token.
    Resume {
        /// Who asks.
        conn: ConnHandle,
        /// The seat token.
        token: SeatToken,
    },
    /// Leave (see the protocol's `leave`).
    Leave {
        /// Who asks.
        conn: ConnHandle,
    },
    /// Play a move.
    Move {
        /// Who asks.
        conn: ConnHandle,
        /// The ply it is meant for.
        ply: u32,
        /// The move text as sent.
        text: String,
        /// The token, if sent.
        token: Option<SeatToken>,
    },
    /// Resign.
    Resign {
        /// Who asks.
        conn: ConnHandle,
        /// The token, if sent.
        token: Option<SeatToken>,
    },
    /// Abort.
    Abort {
        /// Who asks.
        conn: ConnHandle,
        /// The token, if sent.
        token: Option<SeatToken>,
    },
    /// Offer (or accept) a rematch.
    OfferRematch {
        /// Who asks.
        conn: ConnHandle,
    },
    /// Accept a rematch offer.
    AcceptRematch {
        /// Who asks.
        conn: ConnHandle,
    },
    /// Decline or withdraw a rematch offer.
    DeclineRematch {
        /// Who asks.
        conn: ConnHandle,
    },
    /// The connection closed (or was closed).
    Detach {
        /// Which one.
        conn_id: ConnId,
    },
}

/// Unix time in milliseconds, for records.
pub fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// SHA-256 of a token: what the journal keeps instead of the token.
pub fn token_hash(token: &SeatToken) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex32(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// A taken seat.
#[derive(Debug)]
struct Seat {
    /// Who sits there.
    player: PlayerInfo,
    /// SHA-256 of the seat token.
    token_hash: [u8; 32],
    /// The connection holding the seat now, if any.
    conn: Option<ConnHandle>,
    /// When an absent player's seat is forfeited.
    grace_deadline: Option<Instant>,
}

/// A refusal: the code and the text for people.
struct Refusal(ErrorCode, String);

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(code, message.into()))
}

/// The state of one match, owned by its task.
pub struct MatchActor {
    /// The match.
    id: MatchId,
    /// Server-wide state (journal, history, registry, settings).
    shared: Arc<Shared>,
    /// Clock rules.
    time_control: TimeControl,
    /// Both seats, white first.
    seats: [Option<Seat>; 2],
    /// When the game started (Unix ms), once both seats were taken.
    started_at_ms: Option<u64>,
    /// The starting position.
    initial: Position,
    /// The current position.
    position: Position,
    /// Every accepted move.
    moves: Vec<RecordedMove>,
    /// Remaining time of each side at the start of the current turn.
    remaining: [u64; 2],
    /// When the current turn began (the server sent the move that made it).
    turn_started: Instant,
    /// The result, once over.
    outcome: Option<Outcome>,
    /// When it ended (Unix ms).
    ended_at_ms: u64,
    /// The record's id, once written.
    record_id: Option<MatchId>,
    /// Connections watching.
    spectators: Vec<ConnHandle>,
    /// A pending rematch offer.
    rematch_offer: Option<Side>,
    /// The rematch has been started (only one per match).
    rematch_started: bool,
    /// When a finished (or emptied) match leaves the server.
    linger_deadline: Option<Instant>,
    /// Set when the task should end.
    done: bool,
    /// This match's own handle, given to connections that attach to it.
    own_handle: Option<MatchHandle>,
}

/// Starts a new match task for a freshly created match: journals its
/// creation, registers it and returns its handle.
pub async fn create(
    shared: &Arc<Shared>,
    time_control: TimeControl,
    rematch_of: Option<MatchId>,
) -> Result<MatchHandle, ErrorCode> {
    if !shared.registry.has_room() {
        return Err(ErrorCode::TooManyMatches);
    }
    let id = MatchId::random();
    let event = Event::Created {
        time_control,
        created_at_ms: unix_ms(),
        rematch_of,
    };
    if let Err(e) = shared.journal.append(id, event).await {
        tracing::error!(match_id = %id, "cannot journal a new match: {e}");
        return Err(ErrorCode::Internal);
    }
    let actor = MatchActor::new(id, Arc::clone(shared), time_control);
    let handle = spawn(actor, false).map_err(|_| ErrorCode::TooManyMatches)?;
    tracing::info!(match_id = %id, ?time_control, "match created");
    Ok(handle)
}

/// Rebuilds a match from its journal events. `Ok(None)` when the match had
/// already ended (its record is then written if it is missing).
pub fn restore(
    shared: &Arc<Shared>,
    id: MatchId,
    events: &[Event],
) -> Result<Option<MatchActor>, String> {
    let Some(Event::Created { time_control, .. }) = events.first() else {
        return Err(format!(
            "match {id}: the journal does not start with its creation"
        ));
    };
    let mut actor = MatchActor::new(id, Arc::clone(shared), *time_control);
    let now = Instant::now();
    for (number, event) in events.iter().enumerate().skip(1) {
        actor
            .apply(event, now)
            .map_err(|e| format!("match {id}: event {}: {e}", number + 1))?;
    }
    if actor.outcome.is_some() {
        if actor.started_at_ms.is_some() && !shared.history.contains(id) {
            let record = actor.record();
            shared
                .history
                .save_blocking(id, &record)
                .map_err(|e| format!("match {id}: cannot write its record: {e}"))?;
            tracing::info!(match_id = %id, "wrote the record of a game that ended just before the crash");
        }
        return Ok(None);
    }
    // Nobody is connected after a restart: every seated player gets the grace
    // period to come back, and the clock of the side to move restarts now
    // with the time it had after the last move (no time ran while down).
    let grace = now + shared.config.grace();
    for seat in actor.seats.iter_mut().flatten() {
        seat.grace_deadline = Some(grace);
    }
    actor.turn_started = now;
    Ok(Some(actor))
}

/// Registers and spawns a match task; `announce` tells the lobby at once
/// (restored matches), otherwise the first seat change does (new matches).
pub fn spawn(
    mut actor: MatchActor,
    announce: bool,
) -> Result<MatchHandle, crate::registry::TooManyMatches> {
    let (tx, rx) = mpsc::channel(64);
    let handle = MatchHandle { id: actor.id, tx };
    actor.own_handle = Some(handle.clone());
    actor
        .shared
        .registry
        .insert(handle.clone(), actor.summary(), announce)?;
    let shared = Arc::clone(&actor.shared);
    shared.tracker.spawn(actor.run(rx));
    Ok(handle)
}

impl MatchActor {
    fn new(id: MatchId, shared: Arc<Shared>, time_control: TimeControl) -> MatchActor {
        let initial_ms = match time_control {
            TimeControl::Fischer { initial_ms, .. } => initial_ms,
            TimeControl::Untimed => 0,
        };
        MatchActor {
            id,
            shared,
            time_control,
            seats: [None, None],
            started_at_ms: None,
            initial: Position::start(),
            position: Position::start(),
            moves: Vec::new(),
            remaining: [initial_ms; 2],
            turn_started: Instant::now(),
            outcome: None,
            ended_at_ms: 0,
            record_id: None,
            spectators: Vec::new(),
            rematch_offer: None,
            rematch_started: false,
            linger_deadline: None,
            done: false,
            own_handle: None,
        }
    }

    /// Applies one event (live, after it is journalled; or when restoring).
    fn apply(&mut self, event: &Event, now: Instant) -> Result<(), String> {
        match event {
            Event::Created { .. } => return Err("created twice".into()),
            Event::Seated {
                side,
                name,
                kind,
                token_sha256,
            } => {
                let token_hash = unhex32(token_sha256).ok_or("bad token hash")?;
                self.seats[side.index()] = Some(Seat {
                    player: PlayerInfo {
                        name: name.clone(),
                        kind: *kind,
                    },
                    token_hash,
                    conn: None,
                    grace_deadline: None,
                });
            }
            Event::Unseated { side } => self.seats[side.index()] = None,
            Event::Started { at_ms } => {
                self.started_at_ms = Some(*at_ms);
                self.turn_started = now;
            }
            Event::Moved {
                ply,
                mv,
                time_ms,
                clock_ms,
                clocks,
            } => {
                if *ply as usize != self.moves.len() {
                    return Err(format!("move for ply {ply} at ply {}", self.moves.len()));
                }
                self.position = self.position.play(*mv).map_err(|e| e.to_string())?;
                self.moves.push(RecordedMove {
                    mv: *mv,
                    time_ms: *time_ms,
                    clock_ms: *clock_ms,
                });
                if let Some(clocks) = clocks {
                    self.remaining = *clocks;
                }
                self.turn_started = now;
            }
            Event::Ended { outcome, at_ms } => {
                self.outcome = Some(*outcome);
                self.ended_at_ms = *at_ms;
            }
            Event::Archived => {}
        }
        Ok(())
    }

    /// Journals `event`, then applies it. On a disk error nothing changes.
    async fn commit(&mut self, event: Event) -> Result<(), Refusal> {
        if let Err(e) = self.shared.journal.append(self.id, event.clone()).await {
            tracing::error!(match_id = %self.id, "journal append failed: {e}");
            return refuse(
                ErrorCode::Internal,
                "the server could not save this; nothing changed",
            );
        }
        self.apply(&event, Instant::now())
            .map_err(|e| Refusal(ErrorCode::Internal, e))
    }

    fn status(&self) -> MatchStatus {
        if self.outcome.is_some() {
            MatchStatus::Finished
        } else if self.started_at_ms.is_some() {
            MatchStatus::Playing
        } else {
            MatchStatus::Waiting
        }
    }

    fn timed(&self) -> Option<u64> {
        match self.time_control {
            TimeControl::Fischer { increment_ms, .. } => Some(increment_ms),
            TimeControl::Untimed => None,
        }
    }

    fn clocks(&self, now: Instant) -> Option<Clocks> {
        self.timed()?;
        let mut remaining = self.remaining;
        let running = (self.status() == MatchStatus::Playing).then(|| self.position.turn());
        if let Some(side) = running {
            let elapsed = now.saturating_duration_since(self.turn_started).as_millis() as u64;
            remaining[side.index()] = remaining[side.index()].saturating_sub(elapsed);
        }
        Some(Clocks {
            white_ms: remaining[0],
            black_ms: remaining[1],
            running,
        })
    }

    fn seats_view(&self) -> Seats {
        let info = |seat: &Option<Seat>| {
            seat.as_ref().map(|s| SeatInfo {
                name: s.player.name.clone(),
                kind: s.player.kind,
                connected: s.conn.is_some(),
            })
        };
        Seats {
            white: info(&self.seats[0]),
            black: info(&self.seats[1]),
        }
    }

    fn summary(&self) -> MatchSummary {
        MatchSummary {
            id: self.id,
            seats: self.seats_view(),
            spectators: self.spectators.len() as u32,
            status: self.status(),
            time_control: self.time_control,
            ply: self.moves.len() as u32,
            outcome: self.outcome,
        }
    }

    fn snapshot(&self, you: Option<Side>) -> ServerMessage {
        ServerMessage::Snapshot(MatchSnapshot {
            match_id: self.id,
            you,
            seats: self.seats_view(),
            spectators: self.spectators.len() as u32,
            status: self.status(),
            time_control: self.time_control,
            initial_fen: self.initial.fen(),
            moves: self.moves.clone(),
            fen: self.position.fen(),
            ply: self.moves.len() as u32,
            turn: self.position.turn(),
            clocks: self.clocks(Instant::now()),
            outcome: self.outcome,
            rematch_offer: self.rematch_offer,
        })
    }

    fn record(&self) -> GameRecord {
        let player = |side: Side| {
            self.seats[side.index()]
                .as_ref()
                .map(|s| s.player.clone())
                .unwrap_or(PlayerInfo {
                    name: "?".into(),
                    kind: amazons_core::PlayerKind::Human,
                })
        };
        GameRecord {
            schema: RECORD_SCHEMA_VERSION,
            id: self.id.to_string(),
            white: player(Side::First),
            black: player(Side::Second),
            started_at_ms: self.started_at_ms.unwrap_or(0),
            ended_at_ms: self.ended_at_ms,
            time_control: self.time_control,
            initial_fen: None,
            moves: self.moves.clone(),
            result: self.outcome.unwrap_or(Outcome {
                winner: None,
                reason: EndReason::Aborted,
            }),
            final_fen: self.position.fen(),
        }
    }

    /// Every connection taking part: seated players first, then spectators.
    fn audience(&self) -> impl Iterator<Item = &ConnHandle> {
        self.seats
            .iter()
            .flatten()
            .filter_map(|s| s.conn.as_ref())
            .chain(self.spectators.iter())
    }

    fn broadcast(&self, message: &ServerMessage) {
        let text = Utf8Bytes::from(message.encode());
        for conn in self.audience() {
            conn.send_text(text.clone());
        }
    }

    fn publish(&self, announce: bool) {
        self.shared.registry.update(self.summary(), announce);
    }

    fn seats_changed(&self) {
        self.broadcast(&ServerMessage::SeatsChanged {
            match_id: self.id,
            seats: self.seats_view(),
            spectators: self.spectators.len() as u32,
        });
        self.publish(true);
    }

    fn seat_of_conn(&self, conn: ConnId) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| {
            self.seats[side.index()]
                .as_ref()
                .and_then(|s| s.conn.as_ref())
                .is_some_and(|c| c.id == conn)
        })
    }

    fn seat_of_token(&self, token: &SeatToken) -> Option<Side> {
        let hash = token_hash(token);
        Side::BOTH.into_iter().find(|side| {
            self.seats[side.index()]
                .as_ref()
                .is_some_and(|s| s.token_hash == hash)
        })
    }

    /// The seat a request acts for: the token's seat if one was given, else
    /// the seat this connection holds.
    fn acting_side(&self, conn: &ConnHandle, token: Option<&SeatToken>) -> Result<Side, Refusal> {
        match token {
            Some(token) => match self.seat_of_token(token) {
                Some(side) => Ok(side),
                None => refuse(
                    ErrorCode::BadToken,
                    "that token does not hold a seat in this match",
                ),
            },
            None => match self.seat_of_conn(conn.id) {
                Some(side) => Ok(side),
                None => refuse(
                    ErrorCode::NotAPlayer,
                    "you do not hold a seat in this match",
                ),
            },
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        let mut deadline: Option<Instant> = None;
        let mut consider = |at: Option<Instant>| {
            if let Some(at) = at {
                deadline = Some(deadline.map_or(at, |d| d.min(at)));
            }
        };
        if self.status() == MatchStatus::Playing && self.timed().is_some() {
            let side = self.position.turn();
            consider(Some(
                self.turn_started + Duration::from_millis(self.remaining[side.index()]),
            ));
        }
        if self.outcome.is_none() {
            for seat in self.seats.iter().flatten() {
                consider(seat.grace_deadline);
            }
        }
        consider(self.linger_deadline);
        deadline
    }

    /// The task: commands and timers, one at a time, until the match is over
    /// and cleared away, or the server shuts down.
    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        let shutdown = self.shared.shutdown.clone();
        while !self.done {
            let deadline = self.next_deadline();
            tokio::select! {
                biased;
                _ = shutdown.cancelled() => break,
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                _ = tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    self.on_timer().await;
                }
            }
        }
        if self.done {
            self.shared.registry.remove(self.id);
            tracing::debug!(match_id = %self.id, "match cleared away");
        }
    }

    async fn handle(&mut self, command: Command) {
        let (conn, kind, result) = match command {
            Command::Detach { conn_id } => {
                self.detach(conn_id);
                return;
            }
            Command::Join { conn, player, seat } => {
                let r = self.join(&conn, player, seat).await;
                (conn, "join", r)
            }
            Command::Spectate { conn } => {
                let r = self.spectate(&conn);
                (conn, "spectate", r)
            }
            Command::Resume { conn, token } => {
                let r = self.resume(&conn, &token);
                (conn, "resume", r)
            }
            Command::Leave { conn } => {
                let r = self.leave(&conn).await;
                (conn, "leave", r)
            }
            Command::Move {
                conn,
                ply,
                text,
                token,
            } => {
                let r = self.play(&conn, ply, &text, token.as_ref()).await;
                if let Err(Refusal(code, message)) = &r {
                    tracing::info!(match_id = %self.id, ply, mv = %text, ?code, "move refused: {message}");
                }
                (conn, "move", r)
            }
            Command::Resign { conn, token } => {
                let r = self.resign(&conn, token.as_ref()).await;
                (conn, "resign", r)
            }
            Command::Abort { conn, token } => {
                let r = self.abort(&conn, token.as_ref()).await;
                (conn, "abort", r)
            }
            Command::OfferRematch { conn } => {
                let r = self.offer_rematch(&conn).await;
                (conn, "offer_rematch", r)
            }
            Command::AcceptRematch { conn } => {
                let r = self.accept_rematch(&conn).await;
                (conn, "accept_rematch", r)
            }
            Command::DeclineRematch { conn } => {
                let r = self.decline_rematch(&conn);
                (conn, "decline_rematch", r)
            }
        };
        if let Err(Refusal(code, message)) = result {
            let expected_ply = matches!(code, ErrorCode::StalePly | ErrorCode::NotYourTurn)
                .then_some(self.moves.len() as u32);
            conn.send(&ServerMessage::Error {
                code,
                message,
                reply_to: Some(kind.into()),
                match_id: Some(self.id),
                expected_ply,
            });
        }
    }

    async fn join(
        &mut self,
        conn: &ConnHandle,
        player: PlayerInfo,
        wanted: Option<Side>,
    ) -> Result<(), Refusal> {
        if self.outcome.is_some() {
            return refuse(ErrorCode::GameOver, "this game has ended");
        }
        if self.seat_of_conn(conn.id).is_some() {
            return refuse(
                ErrorCode::AlreadySeated,
                "you already hold a seat in this match",
            );
        }
        let free = |side: Side| self.seats[side.index()].is_none();
        let side = match wanted {
            Some(side) if free(side) => side,
            Some(side) => return refuse(ErrorCode::SeatTaken, format!("the {side} seat is taken")),
            None => match Side::BOTH.into_iter().find(|s| free(*s)) {
                Some(side) => side,
                None => return refuse(ErrorCode::SeatTaken, "both seats are taken"),
            },
        };
        let token = SeatToken::from_bytes(rand::random());
        let hash = token_hash(&token);
        self.commit(Event::Seated {
            side,
            name: player.name.clone(),
            kind: player.kind,
            token_sha256: hex(&hash),
        })
        .await?;
        tracing::info!(match_id = %self.id, %side, player = %player.name, "seat taken");
        self.spectators.retain(|c| c.id != conn.id);
        if let Some(seat) = self.seats[side.index()].as_mut() {
            seat.conn = Some(conn.clone());
        }
        conn.push(Outbound::Attached(self.handle_for(conn)));
        conn.send(&ServerMessage::Joined {
            match_id: self.id,
            seat: side,
            token,
        });
        conn.send(&self.snapshot(Some(side)));
        self.seats_changed();
        if self.seats.iter().all(Option::is_some) && self.started_at_ms.is_none() {
            self.commit(Event::Started { at_ms: unix_ms() }).await?;
            tracing::info!(match_id = %self.id, "game started");
            self.broadcast(&ServerMessage::GameStarted {
                match_id: self.id,
                seats: self.seats_view(),
                clocks: self.clocks(Instant::now()),
            });
            self.publish(true);
        }
        Ok(())
    }

    /// A handle on this match, for the connection's list of attachments.
    fn handle_for(&self, _conn: &ConnHandle) -> MatchHandle {
        self.own_handle
            .clone()
            .expect("a running match knows its handle")
    }

    fn spectate(&mut self, conn: &ConnHandle) -> Result<(), Refusal> {
        if let Some(side) = self.seat_of_conn(conn.id) {
            conn.send(&self.snapshot(Some(side)));
            return Ok(());
        }
        if !self.spectators.iter().any(|c| c.id == conn.id) {
            self.spectators.push(conn.clone());
            conn.push(Outbound::Attached(self.handle_for(conn)));
            conn.send(&self.snapshot(None));
            self.seats_changed();
        } else {
            conn.send(&self.snapshot(None));
        }
        Ok(())
    }

    fn resume(&mut self, conn: &ConnHandle, token: &SeatToken) -> Result<(), Refusal> {
        let Some(side) = self.seat_of_token(token) else {
            return refuse(
                ErrorCode::BadToken,
                "that token does not hold a seat in this match",
            );
        };
        let handle = self.handle_for(conn);
        let Some(seat) = self.seats[side.index()].as_mut() else {
            return refuse(ErrorCode::BadToken, "that seat is empty");
        };
        if let Some(old) = seat.conn.take()
            && old.id != conn.id
        {
            old.send(&ServerMessage::Replaced { match_id: self.id });
            old.push(Outbound::Close(
                1008,
                "seat taken over by another connection",
            ));
            tracing::info!(match_id = %self.id, %side, "seat taken over by a new connection");
        }
        seat.conn = Some(conn.clone());
        seat.grace_deadline = None;
        self.spectators.retain(|c| c.id != conn.id);
        conn.push(Outbound::Attached(handle));
        conn.send(&self.snapshot(Some(side)));
        tracing::info!(match_id = %self.id, %side, "seat resumed");
        self.seats_changed();
        Ok(())
    }

    async fn leave(&mut self, conn: &ConnHandle) -> Result<(), Refusal> {
        let left = ServerMessage::Left { match_id: self.id };
        if let Some(at) = self.spectators.iter().position(|c| c.id == conn.id) {
            self.spectators.remove(at);
            conn.send(&left);
            self.seats_changed();
            return Ok(());
        }
        let Some(side) = self.seat_of_conn(conn.id) else {
            conn.send(&left);
            return Ok(());
        };
        match self.status() {
            MatchStatus::Playing => refuse(
                ErrorCode::GameInProgress,
                "the game is on: resign or abort instead",
            ),
            MatchStatus::Finished => {
                if let Some(seat) = self.seats[side.index()].as_mut() {
                    seat.conn = None;
                }
                if self.rematch_offer.is_some() {
                    self.rematch_offer = None;
                    self.broadcast(&ServerMessage::RematchDeclined {
                        match_id: self.id,
                        by: side,
                    });
                }
                conn.send(&left);
                self.seats_changed();
                if self.audience().next().is_none() {
                    // Nobody is left to arrange a rematch: clear it away now.
                    self.linger_deadline = Some(Instant::now());
                }
                Ok(())
            }
            MatchStatus::Waiting => {
                self.commit(Event::Unseated { side }).await?;
                conn.send(&left);
                self.after_unseat().await;
                Ok(())
            }
        }
    }

    /// After a seat was given up in a waiting match: remove the match when
    /// nobody is seated any more, else tell everyone.
    async fn after_unseat(&mut self) {
        if self.seats.iter().all(Option::is_none) {
            let outcome = Outcome {
                winner: None,
                reason: EndReason::Aborted,
            };
            let _ = self
                .commit(Event::Ended {
                    outcome,
                    at_ms: unix_ms(),
                })
                .await;
            self.broadcast(&ServerMessage::GameOver {
                match_id: self.id,
                winner: None,
                reason: EndReason::Aborted,
                clocks: None,
                record_id: None,
            });
            self.archive().await;
            tracing::info!(match_id = %self.id, "empty waiting match removed");
            self.done = true;
        } else {
            self.seats_changed();
        }
    }

    fn detach(&mut self, conn_id: ConnId) {
        let before = self.spectators.len();
        self.spectators.retain(|c| c.id != conn_id);
        let mut changed = before != self.spectators.len();
        if let Some(side) = self.seat_of_conn(conn_id) {
            let grace = Instant::now() + self.shared.config.grace();
            let live = self.outcome.is_none();
            if let Some(seat) = self.seats[side.index()].as_mut() {
                seat.conn = None;
                if live {
                    seat.grace_deadline = Some(grace);
                }
            }
            tracing::info!(match_id = %self.id, %side, "player disconnected");
            changed = true;
        }
        if changed {
            self.seats_changed();
        }
        if self.outcome.is_some() && self.audience().next().is_none() {
            // Nobody is left to arrange a rematch: clear the match away soon.
            self.linger_deadline = Some(Instant::now());
        }
    }

    async fn play(
        &mut self,
        conn: &ConnHandle,
        ply: u32,
        text: &str,
        token: Option<&SeatToken>,
    ) -> Result<(), Refusal> {
        let side = self.acting_side(conn, token)?;
        let parsed: Result<Move, _> = text.parse();
        // A repeat of an accepted move is acknowledged again, never replayed.
        if let Ok(mv) = &parsed
            && let Some(done) = self.moves.get(ply as usize)
            && done.mv == *mv
            && self.side_at(ply) == side
        {
            conn.send(&self.move_played_message(ply, None));
            return Ok(());
        }
        if self.outcome.is_some() {
            return refuse(ErrorCode::GameOver, "this game has ended");
        }
        if self.started_at_ms.is_none() {
            return refuse(
                ErrorCode::NotStarted,
                "the game has not started: a seat is free",
            );
        }
        let expected = self.moves.len() as u32;
        if self.position.turn() != side {
            return refuse(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", self.position.turn()),
            );
        }
        if ply != expected {
            return refuse(
                ErrorCode::StalePly,
                format!("this match is at ply {expected}, the move was for ply {ply}"),
            );
        }
        let mv = match parsed {
            Ok(mv) => mv,
            Err(e) => return refuse(ErrorCode::BadMoveText, e.to_string()),
        };
        let next = match self.position.play(mv) {
            Ok(next) => next,
            Err(e) => return refuse(ErrorCode::IllegalMove, e.reason.to_string()),
        };
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.turn_started).as_millis() as u64;
        let (clock_ms, clocks) = match self.timed() {
            Some(increment) => {
                let left = self.remaining[side.index()];
                if elapsed >= left {
                    self.flag(side).await;
                    return refuse(
                        ErrorCode::GameOver,
                        "your time ran out before the move arrived",
                    );
                }
                let mut clocks = self.remaining;
                clocks[side.index()] = left - elapsed + increment;
                (Some(clocks[side.index()]), Some(clocks))
            }
            None => (None, None),
        };
        self.commit(Event::Moved {
            ply,
            mv,
            time_ms: elapsed,
            clock_ms,
            clocks,
        })
        .await?;
        debug_assert_eq!(self.position, next);
        self.broadcast(&self.move_played_message(ply, Some(now)));
        self.publish(false);
        if let Some(outcome) = self.position.outcome() {
            self.finish(outcome).await;
        }
        Ok(())
    }

    /// Who moves at `ply`: matches start from the standard position, where
    /// white moves at even plies.
    fn side_at(&self, ply: u32) -> Side {
        if ply % 2 == 0 {
            self.initial.turn()
        } else {
            self.initial.turn().opponent()
        }
    }

    /// The `move_played` message for an accepted ply. Clocks are "now" for
    /// the latest move, and as recorded for an older one.
    fn move_played_message(&self, ply: u32, now: Option<Instant>) -> ServerMessage {
        let recorded = &self.moves[ply as usize];
        let latest = ply as usize + 1 == self.moves.len();
        let clocks = if latest && self.outcome.is_none() {
            self.clocks(now.unwrap_or_else(Instant::now))
        } else {
            self.timed().map(|_| Clocks {
                white_ms: self.remaining[0],
                black_ms: self.remaining[1],
                running: None,
            })
        };
        ServerMessage::MovePlayed {
            match_id: self.id,
            ply,
            mv: recorded.mv.to_string(),
            side: self.side_at(ply),
            time_ms: recorded.time_ms,
            clocks,
            fen: None,
        }
    }

    async fn flag(&mut self, side: Side) {
        self.remaining[side.index()] = 0;
        tracing::info!(match_id = %self.id, %side, "flag fell");
        self.finish(Outcome::win(side.opponent(), EndReason::Time))
            .await;
    }

    /// Ends the game: journal, record on disk, then `game_over` to everyone.
    async fn finish(&mut self, outcome: Outcome) {
        let at_ms = unix_ms();
        let clocks_at_end = self.clocks(Instant::now());
        if let Some(c) = clocks_at_end {
            self.remaining = [c.white_ms, c.black_ms];
        }
        if let Err(Refusal(_, e)) = self.commit(Event::Ended { outcome, at_ms }).await {
            tracing::error!(match_id = %self.id, "could not journal the end of the game: {e}");
            self.outcome = Some(outcome);
            self.ended_at_ms = at_ms;
        }
        if self.started_at_ms.is_none() {
            self.archive().await;
        } else {
            let record = self.record();
            let shared = Arc::clone(&self.shared);
            let id = self.id;
            let saved =
                tokio::task::spawn_blocking(move || shared.history.save_blocking(id, &record))
                    .await;
            match saved {
                Ok(Ok(())) => {
                    self.record_id = Some(self.id);
                    self.archive().await;
                }
                Ok(Err(e)) => {
                    tracing::error!(match_id = %self.id, "could not write the game record: {e}")
                }
                Err(e) => tracing::error!(match_id = %self.id, "record writer failed: {e}"),
            }
        }
        tracing::info!(match_id = %self.id, result = %outcome, moves = self.moves.len(), "game finished");
        self.broadcast(&ServerMessage::GameOver {
            match_id: self.id,
            winner: outcome.winner,
            reason: outcome.reason,
            clocks: self.clocks(Instant::now()),
            record_id: self.record_id,
        });
        self.publish(true);
        self.linger_deadline =
            Some(Instant::now() + Duration::from_secs(self.shared.config.finished_linger_secs));
    }

    /// Tells the journal it may forget this match (its record is on disk, or
    /// it needs none). Failing that only keeps the match in the journal.
    async fn archive(&mut self) {
        if let Err(e) = self.shared.journal.append(self.id, Event::Archived).await {
            tracing::warn!(match_id = %self.id, "could not archive the match in the journal: {e}");
        }
    }

    async fn resign(
        &mut self,
        conn: &ConnHandle,
        token: Option<&SeatToken>,
    ) -> Result<(), Refusal> {
        let side = self.acting_side(conn, token)?;
        match self.status() {
            MatchStatus::Finished => refuse(ErrorCode::GameOver, "this game has ended"),
            MatchStatus::Waiting => refuse(
                ErrorCode::NotStarted,
                "the game has not started: abort or leave instead",
            ),
            MatchStatus::Playing => {
                self.finish(Outcome::win(side.opponent(), EndReason::Resignation))
                    .await;
                Ok(())
            }
        }
    }

    async fn abort(&mut self, conn: &ConnHandle, token: Option<&SeatToken>) -> Result<(), Refusal> {
        self.acting_side(conn, token)?;
        if self.outcome.is_some() {
            return refuse(ErrorCode::GameOver, "this game has ended");
        }
        if self.moves.len() >= 2 {
            return refuse(
                ErrorCode::TooLateToAbort,
                "both sides have moved: resign instead",
            );
        }
        self.finish(Outcome {
            winner: None,
            reason: EndReason::Aborted,
        })
        .await;
        if self.started_at_ms.is_none() {
            self.done = true;
        }
        Ok(())
    }

    fn rematch_side(&self, conn: &ConnHandle) -> Result<Side, Refusal> {
        let side = self.acting_side(conn, None)?;
        if self.outcome.is_none() {
            return refuse(ErrorCode::GameNotOver, "the game is not over");
        }
        if self.started_at_ms.is_none() || self.rematch_started {
            return refuse(ErrorCode::OpponentGone, "no rematch for this match");
        }
        let opponent_here = self.seats[side.opponent().index()]
            .as_ref()
            .is_some_and(|s| s.conn.is_some());
        if !opponent_here {
            return refuse(ErrorCode::OpponentGone, "your opponent has left");
        }
        Ok(side)
    }

    async fn offer_rematch(&mut self, conn: &ConnHandle) -> Result<(), Refusal> {
        let side = self.rematch_side(conn)?;
        if self.rematch_offer == Some(side.opponent()) {
            return self.start_rematch().await;
        }
        self.rematch_offer = Some(side);
        self.broadcast(&ServerMessage::RematchOffered {
            match_id: self.id,
            by: side,
        });
        Ok(())
    }

    async fn accept_rematch(&mut self, conn: &ConnHandle) -> Result<(), Refusal> {
        let side = self.rematch_side(conn)?;
        if self.rematch_offer != Some(side.opponent()) {
            return refuse(
                ErrorCode::NoRematchOffer,
                "your opponent has not offered a rematch",
            );
        }
        self.start_rematch().await
    }

    fn decline_rematch(&mut self, conn: &ConnHandle) -> Result<(), Refusal> {
        let side = self.acting_side(conn, None)?;
        if self.rematch_offer.take().is_some() {
            self.broadcast(&ServerMessage::RematchDeclined {
                match_id: self.id,
                by: side,
            });
        }
        Ok(())
    }

    async fn start_rematch(&mut self) -> Result<(), Refusal> {
        let handle = create(&self.shared, self.time_control, Some(self.id))
            .await
            .map_err(|code| Refusal(code, "the rematch could not be created".into()))?;
        self.rematch_offer = None;
        self.rematch_started = true;
        self.broadcast(&ServerMessage::RematchStarted {
            match_id: self.id,
            new_match_id: handle.id,
        });
        tracing::info!(match_id = %self.id, rematch = %handle.id, "rematch started");
        // Colours swap: the old white sits black, and the old black white.
        for side in [Side::Second, Side::First] {
            if let Some(seat) = &self.seats[side.index()]
                && let Some(conn) = &seat.conn
            {
                handle
                    .send(Command::Join {
                        conn: conn.clone(),
                        player: seat.player.clone(),
                        seat: Some(side.opponent()),
                    })
                    .await;
            }
        }
        Ok(())
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        if self.status() == MatchStatus::Playing && self.timed().is_some() {
            let side = self.position.turn();
            if now >= self.turn_started + Duration::from_millis(self.remaining[side.index()]) {
                self.flag(side).await;
                return;
            }
        }
        if self.outcome.is_none() {
            let expired: Vec<Side> = Side::BOTH
                .into_iter()
                .filter(|side| {
                    self.seats[side.index()]
                        .as_ref()
                        .and_then(|s| s.grace_deadline)
                        .is_some_and(|at| at <= now)
                })
                .collect();
            if let Some(&side) = expired.first() {
                for seat in self.seats.iter_mut().flatten() {
                    if seat.grace_deadline.is_some_and(|at| at <= now) {
                        seat.grace_deadline = None;
                    }
                }
                tracing::info!(match_id = %self.id, %side, "grace period over");
                if self.started_at_ms.is_none() {
                    for side in expired {
                        if self.commit(Event::Unseated { side }).await.is_err() {
                            return;
                        }
                    }
                    self.after_unseat().await;
                } else if self.moves.is_empty() {
                    self.finish(Outcome {
                        winner: None,
                        reason: EndReason::Aborted,
                    })
                    .await;
                } else {
                    self.finish(Outcome::win(side.opponent(), EndReason::Abandonment))
                        .await;
                }
                return;
            }
        }
        if self.linger_deadline.is_some_and(|at| at <= now) {
            for conn in self.audience() {
                conn.send(&ServerMessage::MatchRemoved { match_id: self.id });
            }
            self.done = true;
        }
    }
}
