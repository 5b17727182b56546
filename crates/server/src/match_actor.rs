//! One task per match: the I/O around the pure [`Match`]. It receives a
//! request, asks the match to decide it, journals (and fsyncs) the durable
//! events, applies them, writes the game record when a game has ended, sends
//! what the match says to send, and sleeps until the match's next deadline.
//! Nothing else touches the match, so nothing can interleave with a move.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use amazons_core::{BySide, PlayerInfo, TimeControl};
use amazons_protocol::{ColorPreference, ErrorCode, MatchId, ServerMessage};
use amazons_ratings::RatedGame;
use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;

use crate::computer::{Computer, ComputerHandle, Seating};
use crate::config::Config;
use crate::fault;
use crate::history::History;
use crate::journal::Journal;
use crate::mailbox::{ConnHandle, MatchCommand, MatchHandle, Outbound};
use crate::match_state::{
    ComputerJoin, ComputerSeat, ConnId, Event, Match, MatchRules, Output, Recipient, Refusal,
    Request, Terms, TournamentTag, WallClock, fresh_token, new_match_seat,
};
use crate::registry::Registry;
use crate::territory;
use crate::workers::Placement;

/// What the matches reach, handed out by the server: the settings, the
/// match table, the journal, the history, the ratings, the computer (its
/// places, and its players to seat), the tournaments (told of their
/// games' ends), the shutdown signal and the task tracker.
#[derive(Clone)]
pub struct MatchesHandle {
    /// The settings (timing rules, the computer's limit).
    pub config: Arc<Config>,
    /// Every match by id, and the lobby feed.
    pub registry: Arc<Registry>,
    /// Where matches record their events before acknowledging them.
    pub journal: Arc<Journal>,
    /// Finished game records.
    pub history: Arc<History>,
    /// Every identified player's rating (held for a fold or a lookup only,
    /// never across an await).
    pub ratings: Arc<std::sync::RwLock<amazons_ratings::Ratings>>,
    /// The computer: its places and seat tokens.
    pub computer: Arc<Computer>,
    /// The computer's players, to seat.
    pub seats: ComputerHandle,
    /// Every tournament, told when one of its games ends.
    pub tournaments: Arc<dyn TournamentGames>,
    /// Cancelled once to start shutdown.
    pub shutdown: tokio_util::sync::CancellationToken,
    /// Every task, so that shutdown can wait for them.
    pub tracker: tokio_util::task::TaskTracker,
}

/// Where a tournament game's end is reported: the tournaments' table
/// (`crate::tournament::Tournaments`), named by this trait so that the
/// matches need not know the tournaments (which create matches).
pub trait TournamentGames: Send + Sync {
    /// Tells tournament `id` that its game `match_id` ended (a match of no
    /// live tournament is ignored).
    fn game_over(
        &self,
        id: amazons_protocol::TournamentId,
        match_id: MatchId,
        result: amazons_protocol::tournament::GameResult,
    );
}

/// Now, on tokio's clock (which tests may pause), as the `Instant` the match
/// takes.
fn now() -> Instant {
    tokio::time::Instant::now().into_std()
}

/// The match timing rules from the configuration.
fn rules(shared: &MatchesHandle) -> MatchRules {
    MatchRules {
        grace: shared.config.grace_secs.duration(),
        linger: shared.config.finished_linger_secs.duration(),
    }
}

/// Sets each seated player's rating in `state` as the server's table shows
/// it now.
fn show_ratings(shared: &MatchesHandle, state: &mut Match) {
    let ratings = shared.ratings.read().unwrap_or_else(|e| e.into_inner());
    state.show_ratings(|id| ratings.shown(id));
}

/// Creates a match and seats its creator (`create_match`), who wants
/// `legal_moves` or not; with `computer`, the server's computer player
/// (already checked against the offer) takes the other seat at once, if a
/// computer game slot is free (`computer_busy` otherwise). `terms` are the
/// request's, defaults filled in ([`Terms::asked`]); the time control is
/// checked here.
pub async fn create(
    shared: &MatchesHandle,
    creator: &ConnHandle,
    (player, wants_legal_moves): (&PlayerInfo, bool),
    (terms, color): (Terms, ColorPreference),
    computer: Option<ComputerSeat>,
) -> Result<MatchHandle, Refusal> {
    let (time_control, side) = new_match_seat(terms.time_control, color, rand::random())?;
    let terms = Terms {
        time_control,
        ..terms
    };
    let id = MatchId::random();
    let seating: Option<Seating> = match computer {
        None => None,
        Some(seat) => match shared.computer.reserve_or_wait(id) {
            Some(Placement::Now(slot)) => Some(shared.seats.seating(seat, Some(slot))),
            Some(Placement::Later(ticket)) => {
                Some(shared.seats.seating(seat, None).waiting(ticket))
            }
            None => {
                return Err(Refusal::new(
                    ErrorCode::ComputerBusy,
                    format!(
                        "the computer is already playing {} games and {} more wait for a place, the most this server allows; try again later",
                        shared.computer.games_on(),
                        shared.config.computer.max_waiting
                    ),
                ));
            }
        },
    };
    let now = now();
    let wall = WallClock::new(now, SystemTime::now());
    let computer_join = seating.as_ref().map(|s| ComputerJoin {
        player: s.player.clone(),
        seat: s.seat.clone(),
        token: shared.computer.token(id, side.opponent()),
        conn: s.conn.id,
    });
    let mut events = Match::creation_events(
        &terms,
        player,
        side,
        fresh_token(),
        (creator.id, wants_legal_moves),
        computer_join,
        wall.unix_ms(now),
    );
    if let Some(initial) = terms.initial {
        // A set-up position may be decided already: players see it in
        // their first snapshot and may claim at once.
        let verdict = territory::judge(initial).await;
        events.push(Event::Judged {
            verdict: verdict.map(Box::new),
        });
    }
    let conns = std::iter::once(creator.clone()).chain(seating.as_ref().map(|s| s.conn.clone()));
    let handle = admit(shared, id, events, (wall, now), conns, true)
        .await?
        .start();
    match seating {
        Some(seating) => {
            tracing::info!(match_id = %id, %time_control, opponent = %seating.player.name, "match against the computer created");
            seating.start(&shared.seats);
        }
        None => tracing::info!(match_id = %id, %time_control, "match created"),
    }
    Ok(handle)
}

/// Creates the match of a tournament game (`tag`: the tournament, the
/// round, the entrant each seat is kept for) with the tournament's clock and
/// rated flag; each computer entrant (`computers`, by side) is seated at
/// once and starts playing. Nobody else is seated: the entrants are told by
/// their tournament and `join`. A tournament game is admitted even at the
/// match limit (the tournament was), and counts among the computer's games
/// even beyond its limit.
pub async fn create_tournament_game(
    shared: &MatchesHandle,
    tag: TournamentTag,
    (time_control, rated): (TimeControl, bool),
    computers: BySide<Option<ComputerSeat>>,
) -> Result<MatchId, Refusal> {
    let id = MatchId::random();
    let now = now();
    let wall = WallClock::new(now, SystemTime::now());
    let seatings: BySide<Option<Seating>> = computers.map(|seat| {
        seat.map(|seat| {
            let slot = shared.computer.reserve_anyway();
            shared.seats.seating(seat, Some(slot))
        })
    });
    let joins = BySide::from_fn(|side| {
        seatings[side].as_ref().map(|s| ComputerJoin {
            player: s.player.clone(),
            seat: s.seat.clone(),
            token: shared.computer.token(id, side),
            conn: s.conn.id,
        })
    });
    let round = tag.round;
    let events = Match::tournament_events((time_control, rated), tag, joins, wall.unix_ms(now));
    let conns: Vec<ConnHandle> = seatings.iter().flatten().map(|s| s.conn.clone()).collect();
    admit(shared, id, events, (wall, now), conns, false)
        .await?
        .start();
    tracing::info!(match_id = %id, round, %time_control, "tournament game created");
    let BySide { first, second } = seatings;
    for seating in [first, second].into_iter().flatten() {
        seating.start(&shared.seats);
    }
    Ok(id)
}

/// A match admitted and journalled, whose task has not started yet.
struct Admitted {
    /// The task to start.
    task: MatchTask,
    /// Its mailbox.
    rx: mpsc::Receiver<MatchCommand>,
    /// The events it was opened with (their messages are not sent yet).
    events: Vec<Event>,
    /// When they happened.
    now: Instant,
}

/// Opens a match from its first events: built, admitted by the registry
/// (which enforces `max_matches` under its lock when `limited`) and
/// journalled. Until [`Admitted::start`] nobody hears of it, so on a
/// refusal or a disk error nothing of it remains.
async fn admit(
    shared: &MatchesHandle,
    id: MatchId,
    events: Vec<Event>,
    (wall, now): (WallClock, Instant),
    conns: impl IntoIterator<Item = ConnHandle>,
    limited: bool,
) -> Result<Admitted, Refusal> {
    let mut state = Match::from_events(id, &events, rules(shared), wall, now)
        .map_err(|e| Refusal::new(ErrorCode::Internal, e.to_string()))?;
    show_ratings(shared, &mut state);
    let (handle, rx) = MatchHandle::open(id);
    if !limited {
        shared.registry.insert(handle.clone(), state.summary());
    } else if shared
        .registry
        .insert_if_room(handle.clone(), state.summary())
        .is_err()
    {
        return Err(Refusal::new(
            ErrorCode::TooManyMatches,
            "the server is at its match limit",
        ));
    }
    let durable: Vec<Event> = events.iter().filter(|e| e.is_durable()).cloned().collect();
    if let Err(e) = shared.journal.append(id, durable).await {
        tracing::error!(match_id = %id, "cannot journal a new match: {e}");
        shared.registry.forget(id);
        return Err(Refusal::new(
            ErrorCode::Internal,
            "the match could not be saved; nothing was created",
        ));
    }
    let task = MatchTask {
        state,
        shared: shared.clone(),
        handle,
        conns: conns.into_iter().map(|c| (c.id, c)).collect(),
        judge_first: false,
    };
    Ok(Admitted {
        task,
        rx,
        events,
        now,
    })
}

impl Admitted {
    /// Sends the opening messages (`joined`, `snapshot`...), announces the
    /// match to the lobby and starts its task.
    fn start(self) -> MatchHandle {
        let Admitted {
            task,
            rx,
            events,
            now,
        } = self;
        task.deliver(&events, now);
        task.publish(true);
        let handle = task.handle.clone();
        let tracker = task.shared.tracker.clone();
        tracker.spawn(task.run(rx));
        handle
    }
}

/// The computer seats of a restored match, for the server to seat its
/// computer players again.
pub struct RestoredSeats {
    /// Each computer seat and what it runs.
    pub computer: Vec<(amazons_core::Side, ComputerSeat)>,
    /// Whether the game is over.
    pub over: bool,
}

/// A match of the journal that could not be rebuilt (its events stay in
/// the journal).
#[derive(Debug, thiserror::Error)]
#[error("match {id}: {source}")]
pub struct NotRestored {
    /// The match.
    pub id: MatchId,
    /// Why its events do not make a match.
    pub source: Box<crate::match_state::RestoreError>,
}

/// Rebuilds a match from its journal events at start-up and starts its task.
/// A finished match is restored too (for the linger period), so that its
/// players still learn how it ended when they resume; a game whose last move
/// ended it without the end being journalled ends at once.
pub fn restore(
    shared: &MatchesHandle,
    id: MatchId,
    events: &[Event],
) -> Result<RestoredSeats, NotRestored> {
    let now = now();
    let wall = WallClock::new(now, SystemTime::now());
    let mut state = Match::restore(
        id,
        events,
        rules(shared),
        wall,
        now,
        shared.history.contains(id),
    )
    .map_err(|source| NotRestored {
        id,
        source: Box::new(source),
    })?;
    show_ratings(shared, &mut state);
    let seats = RestoredSeats {
        computer: state
            .computer_seats()
            .map(|(side, seat)| (side, seat.clone()))
            .collect(),
        over: state.is_over(),
    };
    let (handle, rx) = MatchHandle::open(id);
    shared
        .registry
        .insert_restored(handle.clone(), state.summary());
    let task = MatchTask {
        state,
        shared: shared.clone(),
        handle,
        conns: HashMap::new(),
        judge_first: true,
    };
    shared.tracker.spawn(task.run(rx));
    Ok(seats)
}

/// A match task's state.
struct MatchTask {
    /// The match itself.
    state: Match,
    /// Journal, history, registry, settings.
    shared: MatchesHandle,
    /// This match's own handle, given to connections that take part.
    handle: MatchHandle,
    /// The queues of the connections taking part (and of the one asking).
    conns: HashMap<ConnId, ConnHandle>,
    /// The match was restored: its position is counted again before
    /// anything else (what counting proves is not journalled).
    judge_first: bool,
}

impl MatchTask {
    /// Requests and timers, one at a time, until the match is cleared away or
    /// the server shuts down.
    async fn run(mut self, mut rx: mpsc::Receiver<MatchCommand>) {
        let shutdown = self.shared.shutdown.clone();
        // A restored game over without its record gets it first, and its
        // tournament hears how it ended (again, perhaps: it keeps the first).
        self.write_record_if_needed().await;
        self.report_to_tournament();
        if self.judge_first {
            self.judge_restored().await;
        }
        while !self.state.is_cleared() {
            let deadline = self.state.next_deadline();
            let sleep = tokio::time::sleep_until(
                deadline.map_or_else(tokio::time::Instant::now, tokio::time::Instant::from_std),
            );
            tokio::select! {
                biased;
                _ = shutdown.cancelled() => break,
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep, if deadline.is_some() => {
                    let now = now();
                    let events = self.state.tick(now);
                    tracing::debug!(match_id = %self.state.id(), ?events, "timer");
                    if !events.is_empty() && !self.commit(None, &events, now).await {
                        // The disk refused: try again in a while.
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        }
        if self.state.is_cleared() {
            self.shared.registry.remove(self.state.id());
            tracing::debug!(match_id = %self.state.id(), "match cleared away");
            // A request that reached the mailbox as the match went (a
            // tournament game forfeited the moment its entrant joins) is
            // answered, never dropped unanswered.
            rx.close();
            while let Ok(MatchCommand { conn, request }) = rx.try_recv() {
                if request.message_type().is_some() {
                    let gone = Refusal::new(ErrorCode::NoSuchMatch, "that match has ended");
                    self.refuse(&conn, &request, gone);
                }
            }
        }
    }

    /// Counts the position of a restored game still on, as it was counted
    /// after its last move: a game that ends when decided and whose last
    /// move reached a proven position (its end lost in a crash) ends now.
    async fn judge_restored(&mut self) {
        if self.state.is_over() {
            return;
        }
        let verdict = territory::judge(self.state.game().position()).await;
        if verdict.is_none() {
            return;
        }
        let now = now();
        let after_move = self.state.game().ply() > 0;
        let events = self.state.judged(verdict, after_move, now);
        self.commit(None, &events, now).await;
    }

    async fn handle(&mut self, MatchCommand { conn, request }: MatchCommand) {
        let now = now();
        self.conns.insert(conn.id, conn.clone());
        match self.state.decide(&request, conn.id, now) {
            Err(refusal) => self.refuse(&conn, &request, refusal),
            Ok(mut events) => {
                if let Some(Event::RematchStarted { .. }) = events.first()
                    && let Request::OfferRematch { seed } | Request::AcceptRematch { seed } =
                        &request
                {
                    let mut opening = self.state.rematch_events(seed, now);
                    if let Some(initial) = self.state.terms().initial {
                        let verdict = territory::judge(initial).await;
                        opening.push(Event::Judged {
                            verdict: verdict.map(Box::new),
                        });
                    }
                    let players: Vec<ConnHandle> = amazons_core::Side::BOTH
                        .into_iter()
                        .filter_map(|side| self.state.conn_of(side))
                        .filter_map(|c| self.conns.get(&c).cloned())
                        .collect();
                    let wall = WallClock::new(now, SystemTime::now());
                    let admitted =
                        match admit(&self.shared, seed.id, opening, (wall, now), players, true)
                            .await
                        {
                            Ok(admitted) => admitted,
                            Err(refusal) => {
                                self.refuse(&conn, &request, refusal);
                                return;
                            }
                        };
                    tracing::info!(match_id = %self.state.id(), rematch = %seed.id, "rematch started");
                    // Everyone in the old match hears `rematch_started` first;
                    // then the new match seats both players.
                    self.commit(Some(&conn), &events, now).await;
                    admitted.start();
                } else {
                    if let Request::Move { ply, text, .. } = &request {
                        tracing::debug!(match_id = %self.state.id(), ply, mv = %text, "move");
                    }
                    let mut now = now;
                    if let Some(after) = self.state.position_after(&events) {
                        let verdict = territory::judge(after).await;
                        events.extend(self.state.judged(verdict, true, now));
                        // The count is the server's time, charged to nobody:
                        // the mover's clock stopped when the move came, and
                        // the next mover's starts once the count is done.
                        now = self::now();
                    }
                    self.commit(Some(&conn), &events, now).await;
                }
            }
        }
        let audience: Vec<ConnId> = self.state.audience().collect();
        self.conns.retain(|id, _| audience.contains(id));
    }

    fn refuse(&self, conn: &ConnHandle, request: &Request, refusal: Refusal) {
        if let Request::Move { ply, text, .. } = request {
            tracing::info!(match_id = %self.state.id(), ply, mv = %text, code = ?refusal.code, "move refused: {}", refusal.message);
        }
        conn.send(&ServerMessage::Error {
            code: refusal.code,
            message: refusal.message,
            reply_to: request.message_type(),
            match_id: Some(self.state.id()),
            expected_ply: refusal.expected_ply,
        });
    }

    /// Journals the durable `events`, then applies them all, writes the
    /// record if the game has just ended, and sends what they say to send.
    /// On a disk error nothing changes and the asker (if any) is told.
    async fn commit(&mut self, asker: Option<&ConnHandle>, events: &[Event], now: Instant) -> bool {
        let id = self.state.id();
        let durable: Vec<Event> = events.iter().filter(|e| e.is_durable()).cloned().collect();
        if !durable.is_empty()
            && let Err(e) = self.shared.journal.append(id, durable).await
        {
            tracing::error!(match_id = %id, "journal append failed: {e}");
            if let Some(conn) = asker {
                conn.send(&ServerMessage::error(
                    ErrorCode::Internal,
                    "the server could not save this; nothing changed",
                ));
            }
            return false;
        }
        let ends = events.iter().any(|e| matches!(e, Event::Ended { .. }));
        if ends {
            fault::reached(fault::END_JOURNALLED);
        }
        for event in events {
            if let Err(problem) = self.state.apply(event, now) {
                tracing::error!(match_id = %id, ?event, "event does not apply: {problem}");
            }
        }
        self.write_record_if_needed().await;
        show_ratings(&self.shared, &mut self.state);
        self.deliver(events, now);
        if ends {
            self.report_to_tournament();
        }
        if ends {
            fault::reached(fault::END_ANNOUNCED);
            if let Some(outcome) = self.state.outcome() {
                tracing::info!(match_id = %id, result = %outcome, moves = self.state.game().ply(), "game finished");
            }
        }
        self.publish(Match::lobby_changed(events));
        true
    }

    /// Writes the record of a game whose end is journalled (on a blocking
    /// thread: temp file, fsync, rename, directory fsync), then counts it
    /// in the ratings if it is rated (so the history on disk always holds
    /// every game the ratings count, and `game_over` says what it did). On
    /// failure the match stays in the journal, and the next start writes the
    /// record and counts it.
    async fn write_record_if_needed(&mut self) {
        if !self.state.needs_record() {
            return;
        }
        let Some(record) = self.state.to_record() else {
            return;
        };
        let shared = self.shared.clone();
        let id = self.state.id();
        let saved = tokio::task::spawn_blocking(move || {
            shared.history.save_blocking(id, &record)?;
            let Some(game) = RatedGame::of(&record) else {
                return Ok::<_, amazons_records::RecordError>(None);
            };
            let mut ratings = shared.ratings.write().unwrap_or_else(|e| e.into_inner());
            let change = ratings.record(game);
            Ok(Some(BySide::from_fn(|side| {
                ratings.shown_change(&change, side)
            })))
        })
        .await;
        match saved {
            Ok(Ok(change)) => {
                let _ = self.state.apply(&Event::Recorded, now());
                if let Some(change) = change {
                    tracing::info!(match_id = %id, white = %change.first.after, black = %change.second.after, "rated game counted");
                    self.state.set_rating_change(change);
                }
                fault::reached(fault::END_RECORDED);
            }
            Ok(Err(e)) => tracing::error!(match_id = %id, "could not write the game record: {e}"),
            Err(e) => tracing::error!(match_id = %id, "record writer failed: {e}"),
        }
    }

    /// Tells the tournament of a tournament game that has ended how it
    /// ended: once its record is on disk for a game played (if writing it
    /// failed, the next start writes it and tells again), at once for a
    /// game forfeited before it began (no record: it was not played). A game
    /// left by both players has no winner and counts as a double forfeit.
    fn report_to_tournament(&self) {
        let (Some(tag), Some(outcome)) = (self.state.tournament(), self.state.outcome()) else {
            return;
        };
        let played = self.state.is_started();
        if played && !self.state.is_recorded() {
            return;
        }
        let result = amazons_protocol::tournament::GameResult {
            winner: outcome.winner,
            forfeit: !played || outcome.winner.is_none(),
            margin: self.state.territory().map(|t| t.margin),
        };
        self.shared
            .tournaments
            .game_over(tag.tournament_id, self.state.id(), result);
    }

    /// Sends the outputs of `events`, and tells each connection that joined
    /// the match that it takes part (so it reports its drop).
    fn deliver(&self, events: &[Event], now: Instant) {
        for output in self.state.outputs(events, now) {
            match output {
                Output::Send {
                    to: Recipient::Conn(id),
                    message,
                } => {
                    if let Some(conn) = self.conns.get(&id) {
                        conn.send(&message);
                    }
                }
                Output::Send {
                    to: Recipient::Audience,
                    message,
                } => {
                    let text = Utf8Bytes::from(message.encode());
                    for id in self.state.audience() {
                        if let Some(conn) = self.conns.get(&id) {
                            conn.send_text(text.clone());
                        }
                    }
                }
                Output::Close { conn, code, reason } => {
                    if let Some(conn) = self.conns.get(&conn) {
                        conn.push(Outbound::Close(code, reason));
                    }
                }
            }
        }
        for event in events {
            if let Event::Attached { conn, .. } | Event::Spectating { conn } = event
                && let Some(conn) = self.conns.get(conn)
            {
                conn.push(Outbound::Attached(self.handle.clone()));
            }
        }
    }

    /// Gives the registry the match's current summary; `announce` also tells
    /// the lobby.
    fn publish(&self, announce: bool) {
        if !self.state.is_cleared() {
            self.shared.registry.update(self.state.summary(), announce);
        }
    }
}
