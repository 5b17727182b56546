//! `bot`: a program that takes a seat on a server and plays. With `--match`
//! it joins that match's free seat; with `--fill` it takes any match waiting
//! for an opponent, game after game. It thinks off the network task, keeps a
//! margin on the server's clocks, reconnects and resumes its seat, resigns if
//! its engine gives up, and stops cleanly on Ctrl-C (first: finish the game;
//! second: resign and quit). The match is the `MatchSession`'s; this
//! module is the bot's policy (which seats, rematches, when to stop) and its
//! engine. With `--tournament` ([`tournament`]) it plays a tournament's
//! games, one such bot loop per game.

pub mod tournament;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use amazons_core::{Move, Outcome, PlayerKind, Side};
use amazons_protocol::{
    Change, ClientMessage, ErrorCode, MatchId, MatchStatus, MatchSummary, MessageType,
    ServerMessage,
};
use tokio::sync::mpsc::UnboundedSender;

use amazons_engine::player::{
    ClockBudget, MoveRequest, PlayerError, PlayerSettings, PlayerSpec, PlayerThread, Reply,
    ThinkBudget, TimeRule,
};

use crate::cli::BotArgs;
use crate::net::address::ServerAddress;
use crate::net::connection::{Backoff, Greeting, NetEvent, connect};
use crate::net::seat_store::SeatStore;
use crate::net::session::{MatchSession, SessionEvent};
use crate::store::player_key::KeyFile;

/// The longest the engine thinks on the opponent's time after a move (it
/// stops sooner, at the next move or the end of the game).
const PONDER_LIMIT: Duration = Duration::from_secs(60);

/// Which seats the bot goes for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// One named match (and its rematches).
    Match(MatchId),
    /// Any match waiting for an opponent.
    Fill,
}

/// The move the engine is thinking about: the match and ply it is for, and
/// the engine's answer to come.
struct Thinking {
    /// The match.
    match_id: MatchId,
    /// The ply.
    ply: u32,
    /// The answer.
    reply: Reply<Move>,
}

/// The bot's state between events.
struct Bot {
    /// What it is looking for.
    target: Target,
    /// The seat to ask for in its match (`None`: any free one).
    seat: Option<Side>,
    /// The engine, on its own thread (`None` in tests: it never thinks).
    player: Option<PlayerThread>,
    /// The move it is thinking about, if any.
    thinking: Option<Thinking>,
    /// Fixed thinking time per move (`--think`), capped by the clock.
    think: Option<Duration>,
    /// Messages to the server.
    outbox: UnboundedSender<ClientMessage>,
    /// The match it sits in, its token, and the move in flight.
    session: MatchSession,
    /// Matches whose join was refused, not to be tried again.
    refused: HashSet<MatchId>,
    /// Games finished.
    games_done: u32,
    /// Stop after this many.
    games_limit: Option<u32>,
    /// Whether the engine thinks on the opponent's time (the built-in one).
    ponders: bool,
    /// The match and ply where the engine gave up (and the bot resigned),
    /// so it is not asked again while the `game_over` is on its way.
    gave_up: Option<(MatchId, u32)>,
    /// The engine's move that came while our seat was being taken back
    /// (after a reconnect): played once the snapshot shows the same ply.
    deferred: Option<(MatchId, u32, Move)>,
    /// Ctrl-C was pressed once: finish this game, then stop.
    stopping: bool,
}

/// Runs `bot` until its games are done or it is stopped.
pub fn run(args: &BotArgs, key_file: KeyFile) -> anyhow::Result<()> {
    let target = match (&args.match_id, args.fill, &args.tournament) {
        (_, _, Some(tournament)) => {
            return tournament::run(args, key_file, tournament);
        }
        (Some(id), _, None) => Target::Match(
            id.parse()
                .map_err(|e| anyhow::anyhow!("--match {id}: {e}"))?,
        ),
        (None, true, None) => Target::Fill,
        (None, false, None) => {
            anyhow::bail!("say which seat to take: --match ID, --fill or --tournament ID")
        }
    };
    let engine = Engine::of(args);
    let player = engine.spawn()?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let (presses, pressed) = tokio::sync::watch::channel(0u32);
        let mut interrupts = crate::tui::terminal::interrupts();
        tokio::spawn(async move {
            while interrupts.recv().await.is_some() {
                presses.send_modify(|n| *n += 1);
            }
        });
        let game = Game {
            target,
            seat: None,
            games_limit: args.games,
        };
        play(
            &args.server,
            greeting(args, key_file),
            game,
            &engine,
            player,
            pressed,
        )
        .await
    })
}

/// The engine a bot plays with, as its options say.
pub(crate) struct Engine {
    /// The built-in level or the external engine.
    spec: PlayerSpec,
    /// Fixed thinking time per move (`--think`), capped by the clock.
    think: Option<Duration>,
}

impl Engine {
    /// `--engine`, else `--level`, else the strongest level; `--think`.
    pub(crate) fn of(args: &BotArgs) -> Engine {
        let spec = args
            .engine
            .clone()
            .or_else(|| args.level.map(PlayerSpec::Level))
            .unwrap_or(PlayerSpec::Level(amazons_core::Level::MAX));
        let think = args
            .think
            .map(|secs| Duration::from_secs_f64(secs.max(0.01)));
        Engine { spec, think }
    }

    /// Starts the engine on its own thread (an external engine's process).
    pub(crate) fn spawn(&self) -> anyhow::Result<PlayerThread> {
        let chooser = self.spec.player(&PlayerSettings {
            show_stderr: true,
            ..PlayerSettings::default()
        })?;
        tracing::info!("playing with {}", chooser.name());
        Ok(PlayerThread::spawn(chooser)?)
    }
}

/// Who the bot says it is.
pub(crate) fn greeting(args: &BotArgs, key_file: KeyFile) -> Greeting {
    Greeting {
        name: args.name.clone(),
        kind: PlayerKind::Bot,
        key_file: Some(key_file),
    }
}

/// Which games one bot loop plays.
pub(crate) struct Game {
    /// The match, or any.
    target: Target,
    /// The seat to ask for in a `--match` (a tournament's reserved seat).
    seat: Option<Side>,
    /// Stop after this many games.
    games_limit: Option<u32>,
}

impl Game {
    /// A tournament's game: this match and seat, once.
    pub(crate) fn reserved(match_id: MatchId, seat: Side) -> Game {
        Game {
            target: Target::Match(match_id),
            seat: Some(seat),
            games_limit: Some(1),
        }
    }
}

/// One bot on its own connection, playing `game` with `player` until its
/// games are done or it is stopped (`pressed` counts Ctrl-C presses: the
/// first finishes the game, the second resigns).
pub(crate) async fn play(
    server: &ServerAddress,
    greeting: Greeting,
    game: Game,
    engine: &Engine,
    player: PlayerThread,
    mut pressed: tokio::sync::watch::Receiver<u32>,
) -> anyhow::Result<()> {
    let mut connection = connect(server.clone(), greeting, Backoff::default());
    let mut bot = Bot::new(
        game.target,
        Some(player),
        engine.think,
        connection.outbox.clone(),
    );
    bot.seat = game.seat;
    bot.games_limit = game.games_limit;
    // The built-in engine keeps its tree from pondering; an external
    // engine's UCI pondering wants a predicted reply, which we do not
    // make, so it is not asked to.
    bot.ponders = engine.spec.protocol().is_none();
    let result = loop {
        tokio::select! {
            event = connection.events.recv() => {
                let Some(event) = event else {
                    break Err(anyhow::anyhow!("the connection task ended"));
                };
                match bot.on_event(event) {
                    Ok(Flow::Continue) => {}
                    Ok(Flow::Stop) => break Ok(()),
                    Err(e) => break Err(e),
                }
            }
            answer = next_answer(&mut bot.thinking) => {
                if let Some(thinking) = bot.thinking.take() {
                    bot.on_answer(thinking.match_id, thinking.ply, answer);
                }
            }
            Ok(()) = pressed.changed() => {
                if bot.on_interrupt() == Flow::Stop {
                    break Ok(());
                }
            }
        }
        bot.think_if_our_turn();
    };
    // The engine ends before the connection does (unless it is thinking:
    // then it goes with the process, as it would be waited for).
    let idle = bot.player.take().filter(|_| bot.thinking.is_none());
    drop(bot);
    if let Some(player) = idle {
        let _ = player.close().await;
    }
    // Sends what is queued (a last resignation) before it ends.
    connection.close().await;
    result
}

/// The answer of the engine's think in progress (never, when none is).
async fn next_answer(thinking: &mut Option<Thinking>) -> Result<Move, PlayerError> {
    match thinking {
        Some(thinking) => (&mut thinking.reply).await,
        None => std::future::pending().await,
    }
}

/// Whether to keep going.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

/// Whether a match has someone waiting for an opponent: it is waiting and
/// exactly one seat is taken. A match with both seats free is not one: the
/// server lists a new match before its creator sits down, and a bot that
/// joined then could take the creator's seat and leave them refused
/// (`seat_taken`) and the bot alone in the match.
fn joinable(summary: &MatchSummary) -> bool {
    summary.status == MatchStatus::Waiting
        && summary.seats.white.is_some() != summary.seats.black.is_some()
}

impl Bot {
    fn new(
        target: Target,
        player: Option<PlayerThread>,
        think: Option<Duration>,
        outbox: UnboundedSender<ClientMessage>,
    ) -> Bot {
        Bot {
            target,
            seat: None,
            player,
            thinking: None,
            think,
            outbox,
            // A bot's seats live as long as the process: two bots of one
            // machine must never take each other's seats from a file.
            session: MatchSession::new(SeatStore::in_memory()),
            refused: HashSet::new(),
            games_done: 0,
            games_limit: None,
            ponders: false,
            gave_up: None,
            deferred: None,
            stopping: false,
        }
    }

    /// Sends what the session queued.
    fn flush(&mut self) {
        for message in self.session.drain() {
            let _ = self.outbox.send(message);
        }
    }

    fn send(&self, message: ClientMessage) {
        let _ = self.outbox.send(message);
    }

    fn in_game(&self) -> bool {
        self.session.view().is_some_and(|v| v.outcome.is_none())
    }

    /// Looks for a seat (after connecting, or after a game in fill mode).
    fn seek(&mut self) {
        match self.target {
            Target::Match(match_id) => self.session.join(match_id, self.seat),
            Target::Fill => self.send(ClientMessage::SubscribeLobby),
        }
    }

    fn consider(&mut self, summary: &MatchSummary) {
        if self.target == Target::Fill
            && self.session.view().is_none()
            && !self.session.is_seating()
            && !self.stopping
            && !self.refused.contains(&summary.id)
            && joinable(summary)
        {
            tracing::info!("joining match {}", summary.id);
            self.session.join(summary.id, None);
        }
    }

    fn on_event(&mut self, event: NetEvent) -> anyhow::Result<Flow> {
        let flow = self.follow(event);
        self.flush();
        flow
    }

    fn follow(&mut self, event: NetEvent) -> anyhow::Result<Flow> {
        let message = match event {
            NetEvent::Connected => {
                if self.session.on_connected() {
                    match self.session.view() {
                        Some(v) if v.outcome.is_some() => tracing::info!(
                            "connected; back in match {} to wait for the rematch",
                            v.id
                        ),
                        Some(v) => tracing::info!("connected; resuming match {}", v.id),
                        None => tracing::info!("connected; taking back our seat"),
                    }
                } else {
                    tracing::info!("connected");
                    self.seek();
                }
                return Ok(Flow::Continue);
            }
            NetEvent::GaveUp(reason) => anyhow::bail!("{reason}"),
            NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            } => {
                self.session.on_disconnected();
                tracing::warn!(
                    "connection lost ({reason}); reconnecting in {retry_in:?} (attempt {attempt})"
                );
                return Ok(Flow::Continue);
            }
            NetEvent::Message(message) => message,
        };
        match &message {
            ServerMessage::MatchList { matches } => {
                for summary in matches {
                    self.consider(summary);
                }
            }
            ServerMessage::MatchUpdated { summary } => self.consider(summary),
            ServerMessage::RematchDeclined { match_id, by }
                if self.awaits_rematch(*match_id)
                    && self.session.view().and_then(|v| v.you) != Some(*by) =>
            {
                tracing::info!("the opponent declined the rematch; stopping");
                return Ok(Flow::Stop);
            }
            ServerMessage::MatchRemoved { match_id } if self.awaits_rematch(*match_id) => {
                tracing::info!("match {match_id} is gone, so no rematch is coming; stopping");
                return Ok(Flow::Stop);
            }
            ServerMessage::ServerShutdown { message } => tracing::warn!("server: {message}"),
            _ => {}
        }
        match self.session.on_message(&message, Instant::now())? {
            SessionEvent::Seated { match_id, seat } => {
                tracing::info!("seated as {seat} in match {match_id}");
            }
            SessionEvent::Snapshot {
                ended_while_away, ..
            } => return Ok(self.on_snapshot(ended_while_away)),
            SessionEvent::RematchStarted { new_match_id } => {
                tracing::info!("rematch: new match {new_match_id}");
                self.session.forget();
            }
            SessionEvent::Replaced(match_id) => {
                anyhow::bail!(
                    "another connection took over our seat in match {match_id}; stopping"
                );
            }
            SessionEvent::Refused {
                code,
                message: text,
                reply_to,
                match_id,
                gave_up_on,
            } => {
                return self.on_refused(code, &text, reply_to, match_id, gave_up_on);
            }
            SessionEvent::Changed(Change::Over(outcome)) => return Ok(self.game_finished(outcome)),
            SessionEvent::Changed(Change::Seats) => {
                let view = self.session.view().expect("a change is of the view");
                let (offer, you) = (view.rematch_offer, view.you);
                if offer.is_some() && offer != you && self.wants_another_game() {
                    let _ = self.session.rematch();
                }
            }
            SessionEvent::Changed(Change::OutOfStep) => {
                tracing::warn!("out of step with the match; asking for a snapshot");
            }
            SessionEvent::Changed(_)
            | SessionEvent::Nothing
            | SessionEvent::Left(_)
            | SessionEvent::Removed(_) => {}
        }
        Ok(Flow::Continue)
    }

    /// Whether we sit in finished match `match_id` waiting for a rematch.
    fn awaits_rematch(&self, match_id: MatchId) -> bool {
        matches!(self.target, Target::Match(_))
            && self
                .session
                .view()
                .is_some_and(|v| v.id == match_id && v.outcome.is_some())
    }

    /// A snapshot of a match we sit in: after a join, a resume, or a rematch.
    fn on_snapshot(&mut self, ended_while_away: Option<Outcome>) -> Flow {
        self.gave_up = None;
        if let Some((match_id, ply, m)) = self.deferred.take() {
            self.on_answer(match_id, ply, Ok(m));
        }
        if let Some(outcome) = ended_while_away {
            // The game ended while we were away (its game_over is lost).
            return self.game_finished(outcome);
        }
        let Some(view) = self.session.view() else {
            return Flow::Continue;
        };
        // Back in a finished match, waiting for the rematch we offered.
        // Offers do not survive a server restart: offer again (the server
        // answers `opponent_gone` if the opponent is not back).
        if view.outcome.is_some() && self.wants_another_game() {
            let theirs = view.rematch_offer.is_some() && view.rematch_offer != view.you;
            if theirs || view.rematch_offer.is_none() {
                let _ = self.session.rematch();
            }
        }
        Flow::Continue
    }

    fn on_refused(
        &mut self,
        code: ErrorCode,
        text: &str,
        reply_to: Option<MessageType>,
        match_id: Option<MatchId>,
        gave_up_on: Option<MatchId>,
    ) -> anyhow::Result<Flow> {
        // A refusal no reconnect cures (our name taken) ends the bot with
        // the connection's own words for it; logged here too it would be
        // said twice.
        if !crate::net::connection::gives_up_on(code) {
            tracing::warn!("server refused: {text} ({code:?})");
        }
        let refused_join = gave_up_on.filter(|_| self.session.view().is_none());
        if let Some(joining) = refused_join {
            self.refused.insert(joining);
            match self.target {
                Target::Match(_) if self.games_done > 0 => {
                    tracing::info!(
                        "cannot get back to match {joining}, so no rematch is coming; stopping"
                    );
                    return Ok(Flow::Stop);
                }
                Target::Match(id) => anyhow::bail!("cannot join match {id}: {text}"),
                Target::Fill => self.send(ClientMessage::ListMatches),
            }
            return Ok(Flow::Continue);
        }
        if let Some(id) = match_id.filter(|id| self.awaits_rematch(*id)) {
            if matches!(
                reply_to,
                Some(MessageType::OfferRematch | MessageType::AcceptRematch | MessageType::Resume)
            ) {
                tracing::info!("no rematch is coming in match {id}; stopping");
                return Ok(Flow::Stop);
            }
            return Ok(Flow::Continue);
        }
        let lost_seat = self
            .session
            .view()
            .filter(|v| Some(v.id) == match_id && v.outcome.is_none())
            .filter(|_| reply_to == Some(MessageType::Resume))
            .map(|v| v.id);
        if let Some(match_id) = lost_seat {
            match self.target {
                Target::Match(_) => {
                    anyhow::bail!("cannot take back our seat in match {match_id}: {text}")
                }
                Target::Fill => {
                    tracing::warn!("lost our seat in match {match_id}; looking for another");
                    self.refused.insert(match_id);
                    self.session.forget();
                    self.seek();
                }
            }
        }
        Ok(Flow::Continue)
    }

    fn wants_another_game(&self) -> bool {
        !self.stopping && self.games_limit.is_none_or(|limit| self.games_done < limit)
    }

    fn game_finished(&mut self, outcome: Outcome) -> Flow {
        self.games_done += 1;
        if let Some(player) = self.player.as_ref().filter(|_| self.thinking.is_none()) {
            player.stop_pondering();
        }
        let Some(view) = self.session.view().cloned() else {
            return Flow::Continue;
        };
        let seat = view.you.map_or("spectator", Side::color_name);
        tracing::info!(
            "game {} over in match {}: {outcome} (we played {seat})",
            self.games_done,
            view.id
        );
        if !self.wants_another_game() {
            return Flow::Stop;
        }
        match self.target {
            Target::Match(_) => {
                if self.games_limit.is_none() {
                    return Flow::Stop;
                }
                let _ = self.session.rematch();
            }
            Target::Fill => {
                self.session.forget();
                self.send(ClientMessage::Leave { match_id: view.id });
                self.send(ClientMessage::ListMatches);
            }
        }
        Flow::Continue
    }

    fn on_interrupt(&mut self) -> Flow {
        if self.stopping || !self.in_game() {
            if self.in_game() {
                if let Some(view) = self.session.view() {
                    tracing::warn!("second Ctrl-C: resigning match {} and quitting", view.id);
                }
                let _ = self.session.resign();
                self.flush();
            }
            return Flow::Stop;
        }
        tracing::warn!(
            "Ctrl-C: finishing the current game, then stopping (Ctrl-C again to resign and quit now)"
        );
        self.stopping = true;
        Flow::Continue
    }

    /// The engine's answer for `ply` of `match_id`: played if the game is
    /// still there, else dropped.
    fn on_answer(&mut self, match_id: MatchId, ply: u32, result: Result<Move, PlayerError>) {
        let Some(view) = self.session.view() else {
            return;
        };
        if view.id != match_id || view.ply() != ply || !self.session.can_move() {
            return;
        }
        if self.session.is_seating() {
            // Reconnected, the seat not taken back yet: the server would
            // refuse the move (not our seat); it goes after the snapshot.
            if let Ok(m) = result {
                self.deferred = Some((match_id, ply, m));
            }
            return;
        }
        match result {
            Ok(m) => {
                if let Err(e) = self.session.play(m) {
                    tracing::error!("the engine's move {m} cannot be sent ({e}); resigning");
                    self.gave_up = Some((match_id, ply));
                    let _ = self.session.resign();
                }
            }
            Err(e) => {
                // Remember the ply so the failed engine is not asked again.
                self.gave_up = Some((match_id, ply));
                tracing::error!("the engine gave up in match {match_id} ({e}); resigning");
                let _ = self.session.resign();
            }
        }
        self.flush();
    }

    fn think_if_our_turn(&mut self) {
        // A side with no legal move has lost: the server's game_over is on its
        // way, so there is nothing to think about.
        if !self.session.can_move() || self.thinking.is_some() || self.session.is_seating() {
            return;
        }
        let Some(view) = self.session.view().filter(|v| v.position.has_legal_move()) else {
            return;
        };
        if self.gave_up == Some((view.id, view.ply())) {
            return;
        }
        let Some(player) = &self.player else {
            return;
        };
        let clocks = ClockBudget::at(&view.clock, Instant::now());
        let rule = TimeRule::across_network(self.think);
        let ply = view.ply();
        // Choose, then think on the opponent's time (with the engine's own
        // threads, at most PONDER_LIMIT): the next choose starts from what
        // it found.
        let request = MoveRequest {
            start: view.start,
            moves: view.moves.clone(),
            budget: ThinkBudget::under_clock(clocks, &view.position, rule),
            new_game: ply < 2,
            ponder: self.ponders.then_some(PONDER_LIMIT),
        };
        self.thinking = Some(Thinking {
            match_id: view.id,
            ply,
            reply: player.choose(request),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::EndReason;
    use amazons_protocol::{MatchSnapshot, MatchStatus, MessageType, SeatToken, Seats, testing};
    use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

    const OLD: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
    const NEW: &str = "0b8e4d2c-1a3f-4e5d-8c7b-6a5f4e3d2c1b";
    const TOKEN: &str = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

    fn bot(target: Target, games_limit: Option<u32>) -> (Bot, UnboundedReceiver<ClientMessage>) {
        let (outbox, sent) = unbounded_channel();
        let mut bot = Bot::new(target, None, None, outbox);
        bot.games_limit = games_limit;
        (bot, sent)
    }

    fn drain(sent: &mut UnboundedReceiver<ClientMessage>) -> Vec<ClientMessage> {
        std::iter::from_fn(|| sent.try_recv().ok()).collect()
    }

    fn id(text: &str) -> MatchId {
        text.parse().unwrap()
    }

    fn message(message: ServerMessage) -> NetEvent {
        NetEvent::Message(message)
    }

    /// A snapshot of `match_id` where we (testbot) sit black after `moves`
    /// (each a move text), finished with `outcome`, with a rematch `offer`.
    fn snapshot(
        match_id: &str,
        moves: &[&str],
        outcome: Option<Outcome>,
        offer: Option<Side>,
    ) -> NetEvent {
        let snapshot = testing::snapshot(id(match_id), Some(Side::Second), moves);
        message(ServerMessage::Snapshot(MatchSnapshot {
            seats: testing::seated("ann", "testbot"),
            rematch_offer: offer,
            ..testing::ended(snapshot, outcome)
        }))
    }

    fn joined(match_id: &str) -> NetEvent {
        message(ServerMessage::Joined {
            match_id: id(match_id),
            seat: Side::Second,
            token: SeatToken::from_hex(TOKEN).unwrap(),
        })
    }

    fn game_over(match_id: &str) -> NetEvent {
        message(testing::game_over(
            id(match_id),
            Some(Side::Second),
            EndReason::Resignation,
        ))
    }

    /// The lobby entry of a waiting match with these seats taken.
    fn summary(white: Option<&str>, black: Option<&str>) -> MatchSummary {
        let seats = Seats {
            white: white.map(testing::seat),
            black: black.map(testing::seat),
        };
        MatchSummary {
            status: MatchStatus::Waiting,
            ..testing::summary(id(OLD), seats)
        }
    }

    const WON: Option<Outcome> = Some(Outcome {
        winner: Some(Side::Second),
        reason: EndReason::Resignation,
    });

    #[test]
    fn fills_only_matches_where_someone_waits() {
        assert!(joinable(&summary(Some("ann"), None)));
        assert!(joinable(&summary(None, Some("ann"))));
        assert!(
            !joinable(&summary(None, None)),
            "its creator is sitting down"
        );
        assert!(!joinable(&summary(Some("ann"), Some("bob"))));
        let (mut bot, mut sent) = bot(Target::Fill, None);
        let update = |white, black| {
            NetEvent::Message(ServerMessage::MatchUpdated {
                summary: summary(white, black),
            })
        };
        bot.on_event(update(None, None)).unwrap();
        assert_eq!(drain(&mut sent), []);
        bot.on_event(update(Some("ann"), None)).unwrap();
        let id: MatchId = OLD.parse().unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Join {
                match_id: id,
                seat: None
            }]
        );
    }

    #[test]
    fn a_game_that_ended_while_away_counts_as_over() {
        let (mut bot, mut sent) = bot(Target::Fill, Some(1));
        bot.on_event(NetEvent::Connected).unwrap();
        bot.session.join(OLD.parse().unwrap(), None);
        bot.on_event(joined(OLD)).unwrap();
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], None, None))
            .unwrap();
        assert!(bot.in_game());
        drain(&mut sent);
        // The game_over is lost with the connection; the resume tells.
        reconnect(&mut bot, &mut sent);
        let flow = bot
            .on_event(snapshot(OLD, &["d1-d7/g7"], WON, None))
            .unwrap();
        assert_eq!(flow, Flow::Stop, "its only game is over");
        assert_eq!(bot.games_done, 1);
    }

    /// The connection drops and comes back: the bot asks to resume its seat.
    fn reconnect(bot: &mut Bot, sent: &mut UnboundedReceiver<ClientMessage>) {
        bot.on_event(NetEvent::Reconnecting {
            reason: "gone".into(),
            retry_in: Duration::from_millis(1),
            attempt: 1,
        })
        .unwrap();
        bot.on_event(NetEvent::Connected).unwrap();
        assert!(matches!(drain(sent)[..], [ClientMessage::Resume { .. }]));
    }

    #[test]
    fn snapshots_of_a_match_left_behind_are_ignored() {
        let (mut bot, _sent) = bot(Target::Match(OLD.parse().unwrap()), Some(3));
        bot.on_event(NetEvent::Connected).unwrap();
        bot.on_event(joined(OLD)).unwrap();
        bot.on_event(snapshot(OLD, &[], None, None)).unwrap();
        bot.on_event(game_over(OLD)).unwrap();
        bot.on_event(message(ServerMessage::RematchStarted {
            match_id: id(OLD),
            new_match_id: id(NEW),
        }))
        .unwrap();
        // A late answer about the old match changes nothing...
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], None, None))
            .unwrap();
        assert!(bot.session.view().is_none());
        // ...the new match's snapshot is the view.
        bot.on_event(joined(NEW)).unwrap();
        bot.on_event(snapshot(NEW, &[], None, None)).unwrap();
        let view = bot.session.view().unwrap();
        assert_eq!(view.id, NEW.parse().unwrap());
        assert_eq!(view.ply(), 0);
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], None, None))
            .unwrap();
        assert_eq!(bot.session.view().unwrap().id, NEW.parse().unwrap());
    }

    #[test]
    fn a_move_found_while_the_seat_is_taken_back_waits_for_the_snapshot() {
        let (mut bot, mut sent) = bot(Target::Match(OLD.parse().unwrap()), None);
        bot.on_event(NetEvent::Connected).unwrap();
        bot.on_event(joined(OLD)).unwrap();
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], None, None))
            .unwrap();
        drain(&mut sent);
        // The server restarts while the engine thinks.
        reconnect(&mut bot, &mut sent);
        let m: Move = "a7-b7/c7".parse().unwrap();
        bot.on_answer(id(OLD), 1, Ok(m));
        assert_eq!(drain(&mut sent), [], "not before the seat is ours again");
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], None, None))
            .unwrap();
        assert!(
            matches!(&drain(&mut sent)[..], [ClientMessage::Move { ply: 1, mv, .. }] if mv == "a7-b7/c7"),
            "played once the snapshot shows the same ply"
        );
    }

    #[test]
    fn a_refused_move_is_not_sent_again_until_the_snapshot() {
        let (mut bot, mut sent) = bot(Target::Match(OLD.parse().unwrap()), None);
        bot.on_event(NetEvent::Connected).unwrap();
        bot.on_event(joined(OLD)).unwrap();
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], None, None))
            .unwrap();
        drain(&mut sent);
        bot.session.play("a7-b7/c7".parse().unwrap()).unwrap();
        bot.flush();
        drain(&mut sent);
        let over = testing::refusal(
            ErrorCode::GameOver,
            "this game has ended",
            MessageType::Move,
            id(OLD),
        );
        bot.on_event(message(over)).unwrap();
        assert!(bot.session.move_in_flight(), "game_over is on its way");
        assert_eq!(drain(&mut sent), []);
        bot.on_event(message(testing::stale_ply(id(OLD), 2)))
            .unwrap();
        assert!(
            bot.session.move_in_flight(),
            "not sent again before the snapshot"
        );
        assert!(matches!(
            drain(&mut sent)[..],
            [ClientMessage::Resume { .. }]
        ));
    }

    /// A `--match` bot with games to go after its first game: waiting for
    /// the rematch it offered.
    fn waiting_for_a_rematch() -> (Bot, UnboundedReceiver<ClientMessage>) {
        let (mut bot, mut sent) = bot(Target::Match(OLD.parse().unwrap()), Some(2));
        bot.on_event(NetEvent::Connected).unwrap();
        bot.on_event(joined(OLD)).unwrap();
        bot.on_event(snapshot(OLD, &[], None, None)).unwrap();
        assert_eq!(bot.on_event(game_over(OLD)).unwrap(), Flow::Continue);
        let id: MatchId = OLD.parse().unwrap();
        assert!(
            drain(&mut sent).contains(&ClientMessage::OfferRematch { match_id: id }),
            "offers a rematch"
        );
        (bot, sent)
    }

    #[test]
    fn after_a_reconnect_a_match_bot_waits_on_in_the_finished_match() {
        let (mut bot, mut sent) = waiting_for_a_rematch();
        let id: MatchId = OLD.parse().unwrap();
        bot.on_event(NetEvent::Reconnecting {
            reason: "gone".into(),
            retry_in: Duration::from_millis(1),
            attempt: 1,
        })
        .unwrap();
        bot.on_event(NetEvent::Connected).unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Resume {
                match_id: id,
                token: SeatToken::from_hex(TOKEN).unwrap()
            }],
            "not a join of the finished match"
        );
        let flow = bot
            .on_event(snapshot(OLD, &[], WON, Some(Side::First)))
            .unwrap();
        assert_eq!(flow, Flow::Continue);
        assert_eq!(bot.games_done, 1, "the same game, not another");
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::AcceptRematch { match_id: id }],
            "the opponent's offer is taken"
        );
    }

    #[test]
    fn a_match_bot_stops_cleanly_when_no_rematch_is_coming() {
        let gone = testing::refusal(
            ErrorCode::NoSuchMatch,
            "no such match",
            MessageType::Resume,
            id(OLD),
        );
        let declined = ServerMessage::RematchDeclined {
            match_id: id(OLD),
            by: Side::First,
        };
        let removed = ServerMessage::MatchRemoved { match_id: id(OLD) };
        for end in [gone, declined, removed] {
            let (mut bot, _sent) = waiting_for_a_rematch();
            bot.on_event(NetEvent::Connected).unwrap();
            let what = format!("{end:?}");
            assert_eq!(bot.on_event(message(end)).unwrap(), Flow::Stop, "{what}");
        }
        // Our own offer withdrawn is no reason to stop.
        let (mut bot, _sent) = waiting_for_a_rematch();
        let withdrawn = ServerMessage::RematchDeclined {
            match_id: id(OLD),
            by: Side::Second,
        };
        assert_eq!(bot.on_event(message(withdrawn)).unwrap(), Flow::Continue);
    }

    #[test]
    fn a_refusal_for_good_ends_the_bot_with_its_reason() {
        let (mut bot, _sent) = bot(Target::Fill, None);
        let error = bot
            .on_event(NetEvent::GaveUp("protocol 2 only".into()))
            .unwrap_err();
        assert!(error.to_string().contains("protocol 2 only"), "{error}");
    }
}
