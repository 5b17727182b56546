//! `bot`: a program that takes a seat on a server and plays. With `--match`
//! it joins that match's free seat; with `--fill` it takes any match waiting
//! for an opponent, game after game. It thinks off the network task, keeps a
//! margin on the server's clocks, reconnects and resumes its seat, resigns if
//! its engine gives up, and stops cleanly on Ctrl-C (first: finish the game;
//! second: resign and quit).

use std::time::{Duration, Instant};

use amazons_core::{Move, PlayerKind, Side};
use amazons_protocol::{
    ClientMessage, ErrorCode, MatchId, MatchSnapshot, MatchStatus, MatchSummary, MessageType,
    SeatToken, ServerMessage,
};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use amazons_engine::player::{GameSoFar, Player, PlayerError, PlayerSettings, PlayerSpec};

use crate::cli::BotArgs;
use crate::connection::{Backoff, Greeting, NetEvent, connect};
use crate::match_view::{Change, MatchView, seat_token};

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

/// An engine's answer, tagged with the match and ply it was for.
struct Answer {
    chooser: Box<dyn Player>,
    match_id: MatchId,
    ply: u32,
    result: Result<Move, PlayerError>,
}

/// The bot's state between events.
struct Bot {
    /// What it is looking for.
    target: Target,
    /// The engine, `None` while it thinks on its own thread.
    chooser: Option<Box<dyn Player>>,
    /// Fixed thinking time per move (`--think`), capped by the clock.
    think: Option<Duration>,
    /// Messages to the server.
    outbox: UnboundedSender<ClientMessage>,
    /// The match it sits in.
    current: Option<MatchView>,
    /// A join sent and not yet answered.
    joining: Option<MatchId>,
    /// Matches whose join was refused, not to be tried again.
    refused: std::collections::HashSet<MatchId>,
    /// The token from the last `joined`, until the snapshot arrives.
    token: Option<(MatchId, SeatToken)>,
    /// Games finished.
    games_done: u32,
    /// Stop after this many.
    games_limit: Option<u32>,
    /// The match and ply of the move last sent, so it is not thought about
    /// again while the server's answer is on its way.
    sent: Option<(MatchId, u32)>,
    /// Ctrl-C was pressed once: finish this game, then stop.
    stopping: bool,
}

/// Runs `bot` until its games are done or it is stopped.
pub fn run(args: &BotArgs) -> anyhow::Result<()> {
    let target = match (&args.match_id, args.fill) {
        (Some(id), _) => Target::Match(
            id.parse()
                .map_err(|e| anyhow::anyhow!("--match {id}: {e}"))?,
        ),
        (None, true) => Target::Fill,
        (None, false) => anyhow::bail!("say which seat to take: --match ID or --fill"),
    };
    let spec = args
        .engine
        .clone()
        .or_else(|| args.level.clone())
        .unwrap_or(PlayerSpec::Level(amazons_engine::MAX_LEVEL));
    let chooser = spec.player(&PlayerSettings {
        show_stderr: true,
        ..PlayerSettings::default()
    })?;
    tracing::info!("playing with {}", chooser.name());
    let think = args
        .think
        .map(|secs| Duration::from_secs_f64(secs.max(0.01)));
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let greeting = Greeting {
            name: args.name.clone(),
            kind: PlayerKind::Bot,
        };
        let mut connection = connect(args.server.clone(), greeting, Backoff::default());
        let mut bot = Bot {
            target,
            chooser: Some(chooser),
            think,
            outbox: connection.outbox.clone(),
            current: None,
            joining: None,
            refused: std::collections::HashSet::new(),
            token: None,
            games_done: 0,
            games_limit: args.games,
            sent: None,
            stopping: false,
        };
        let (answers, mut answer_events) = unbounded_channel::<Answer>();
        let mut interrupts = interrupts();
        loop {
            tokio::select! {
                event = connection.events.recv() => {
                    let Some(event) = event else { anyhow::bail!("the connection task ended") };
                    if bot.on_event(event)? == Flow::Stop {
                        break;
                    }
                }
                answer = answer_events.recv() => {
                    if let Some(answer) = answer {
                        bot.on_answer(answer);
                    }
                }
                Some(()) = interrupts.recv() => {
                    if bot.on_interrupt() == Flow::Stop {
                        break;
                    }
                }
            }
            bot.think_if_our_turn(&answers);
        }
        drop(connection.outbox);
        drop(bot);
        // Let the connection task send what is queued and close the socket.
        tokio::time::sleep(Duration::from_millis(200)).await;
        Ok(())
    })
}

/// Ctrl-C presses as a stream. The handler is installed at once and never
/// removed, so a press is never lost between two waits.
fn interrupts() -> tokio::sync::mpsc::UnboundedReceiver<()> {
    let (sender, presses) = unbounded_channel();
    tokio::spawn(async move {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let Ok(mut sigint) = signal(SignalKind::interrupt()) else {
                return;
            };
            while sigint.recv().await.is_some() {
                if sender.send(()).is_err() {
                    return;
                }
            }
        }
        #[cfg(not(unix))]
        while tokio::signal::ctrl_c().await.is_ok() {
            if sender.send(()).is_err() {
                return;
            }
        }
    });
    presses
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
    fn send(&self, message: ClientMessage) {
        let _ = self.outbox.send(message);
    }

    fn in_game(&self) -> bool {
        self.current
            .as_ref()
            .is_some_and(|view| view.outcome.is_none())
    }

    /// Looks for a seat (after connecting, or after a game in fill mode).
    fn seek(&mut self) {
        match self.target {
            Target::Match(match_id) => {
                self.joining = Some(match_id);
                self.send(ClientMessage::Join {
                    match_id,
                    seat: None,
                });
            }
            Target::Fill => self.send(ClientMessage::SubscribeLobby),
        }
    }

    fn consider(&mut self, summary: &MatchSummary) {
        if self.target == Target::Fill
            && self.current.is_none()
            && self.joining.is_none()
            && !self.stopping
            && !self.refused.contains(&summary.id)
            && joinable(summary)
        {
            tracing::info!("joining match {}", summary.id);
            self.joining = Some(summary.id);
            self.send(ClientMessage::Join {
                match_id: summary.id,
                seat: None,
            });
        }
    }

    fn on_event(&mut self, event: NetEvent) -> anyhow::Result<Flow> {
        let now = Instant::now();
        let message = match event {
            NetEvent::Connected => {
                self.on_connected();
                return Ok(Flow::Continue);
            }
            NetEvent::Refused(reason) => anyhow::bail!("{reason}"),
            NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            } => {
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
            ServerMessage::Joined {
                match_id,
                seat,
                token,
            } => {
                tracing::info!("seated as {seat} in match {match_id}");
                self.token = Some((*match_id, *token));
            }
            ServerMessage::Snapshot(snapshot) if snapshot.you.is_some() => {
                return self.on_snapshot(snapshot, now);
            }
            ServerMessage::RematchStarted {
                match_id,
                new_match_id,
            } => {
                if self.current.as_ref().is_some_and(|v| v.id != *match_id) {
                    return Ok(Flow::Continue);
                }
                tracing::info!("rematch: new match {new_match_id}");
                self.current = None;
                self.sent = None;
                self.joining = Some(*new_match_id);
            }
            ServerMessage::RematchDeclined { match_id, by }
                if self.awaits_rematch(*match_id)
                    && self.current.as_ref().and_then(|v| v.you) != Some(*by) =>
            {
                tracing::info!("the opponent declined the rematch; stopping");
                return Ok(Flow::Stop);
            }
            ServerMessage::MatchRemoved { match_id } if self.awaits_rematch(*match_id) => {
                tracing::info!("match {match_id} is gone, so no rematch is coming; stopping");
                return Ok(Flow::Stop);
            }
            ServerMessage::Replaced { match_id } => {
                anyhow::bail!(
                    "another connection took over our seat in match {match_id}; stopping"
                );
            }
            ServerMessage::ServerShutdown { message } => tracing::warn!("server: {message}"),
            ServerMessage::Error {
                code,
                message: text,
                match_id,
                reply_to,
                ..
            } => return self.on_error(*code, text, *match_id, *reply_to),
            _ => {}
        }
        let Some(view) = self.current.as_mut() else {
            return Ok(Flow::Continue);
        };
        match view.apply(&message, now) {
            Change::OutOfStep => {
                tracing::warn!("out of step with match {}; asking for a snapshot", view.id);
                if let Some(token) = view.token {
                    let match_id = view.id;
                    self.send(ClientMessage::Resume { match_id, token });
                }
            }
            Change::Over(outcome) => return Ok(self.game_finished(outcome)),
            Change::Seats => {
                let (offer, you, match_id) = (view.rematch_offer, view.you, view.id);
                if offer.is_some() && offer != you && self.wants_another_game() {
                    self.send(ClientMessage::AcceptRematch { match_id });
                }
            }
            Change::Nothing | Change::Started | Change::Moved(_) => {}
        }
        Ok(Flow::Continue)
    }

    /// After (re)connecting: take back the seat we hold, keep waiting in a
    /// finished match for the rematch we offered, or look for a seat.
    fn on_connected(&mut self) {
        let pending = self.joining.take();
        let (resume, waiting) = match &self.current {
            Some(view) if view.outcome.is_none() => (view.token.map(|t| (view.id, t)), false),
            Some(view) if matches!(self.target, Target::Match(_)) && self.wants_another_game() => {
                (view.token.map(|t| (view.id, t)), true)
            }
            // A seat taken (`joined`) whose snapshot was lost with the connection.
            None => (self.token.filter(|(id, _)| Some(*id) == pending), false),
            Some(_) => (None, false),
        };
        match resume {
            Some((match_id, token)) => {
                if waiting {
                    tracing::info!("connected; back in match {match_id} to wait for the rematch");
                } else {
                    tracing::info!("connected; resuming match {match_id}");
                }
                if self.current.is_none() {
                    self.joining = Some(match_id);
                }
                self.send(ClientMessage::Resume { match_id, token });
            }
            None => {
                tracing::info!("connected");
                self.current = None;
                self.seek();
            }
        }
    }

    /// Whether we sit in finished match `match_id` waiting for a rematch.
    fn awaits_rematch(&self, match_id: MatchId) -> bool {
        matches!(self.target, Target::Match(_))
            && self
                .current
                .as_ref()
                .is_some_and(|v| v.id == match_id && v.outcome.is_some())
    }

    /// A snapshot of a match we sit in: after a join, a resume, or a rematch.
    /// Snapshots of other matches (late answers about a match we have left)
    /// are ignored, so the view never goes back to an old position.
    fn on_snapshot(&mut self, snapshot: &MatchSnapshot, now: Instant) -> anyhow::Result<Flow> {
        let id = snapshot.match_id;
        let current = self.current.as_ref().filter(|v| v.id == id);
        if current.is_none() && self.joining != Some(id) {
            tracing::debug!("ignoring a snapshot of match {id}, where we do not play now");
            return Ok(Flow::Continue);
        }
        let already_over = current.is_some_and(|v| v.outcome.is_some());
        let token = seat_token(id, self.token, current);
        self.joining = None;
        self.sent = None;
        let view = MatchView::from_snapshot(snapshot, token, now)?;
        let (outcome, offer, you) = (view.outcome, view.rematch_offer, view.you);
        self.current = Some(view);
        match outcome {
            // The game ended while we were away (its game_over is lost).
            Some(outcome) if !already_over => Ok(self.game_finished(outcome)),
            // Back in a finished match, waiting for the rematch we offered.
            // Offers do not survive a server restart: offer again (the
            // server answers `opponent_gone` if the opponent is not back).
            Some(_) => {
                if self.wants_another_game() {
                    if offer.is_some() && offer != you {
                        self.send(ClientMessage::AcceptRematch { match_id: id });
                    } else if offer.is_none() {
                        self.send(ClientMessage::OfferRematch { match_id: id });
                    }
                }
                Ok(Flow::Continue)
            }
            None => Ok(Flow::Continue),
        }
    }

    fn on_error(
        &mut self,
        code: ErrorCode,
        text: &str,
        match_id: Option<MatchId>,
        reply_to: Option<MessageType>,
    ) -> anyhow::Result<Flow> {
        tracing::warn!("server refused: {text} ({code:?})");
        let refused_join = self
            .joining
            .filter(|joining| self.current.is_none() && match_id.is_none_or(|id| id == *joining));
        if let Some(joining) = refused_join {
            self.joining = None;
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
        let ours = self
            .current
            .as_ref()
            .filter(|v| Some(v.id) == match_id && v.outcome.is_none());
        if let Some(view) = ours.filter(|_| reply_to == Some(MessageType::Resume)) {
            let match_id = view.id;
            match self.target {
                Target::Match(_) => {
                    anyhow::bail!("cannot take back our seat in match {match_id}: {text}")
                }
                Target::Fill => {
                    tracing::warn!("lost our seat in match {match_id}; looking for another");
                    self.refused.insert(match_id);
                    self.current = None;
                    self.seek();
                    return Ok(Flow::Continue);
                }
            }
        }
        if let Some(view) = ours {
            // The game is over and its game_over is on its way: nothing to
            // send again. Anything else refused: ask where the game stands;
            // the snapshot lets the bot think again (until then `sent` keeps
            // it from sending the same refused move over and over).
            if code != ErrorCode::GameOver {
                if let Some(token) = view.token {
                    let match_id = view.id;
                    self.send(ClientMessage::Resume { match_id, token });
                }
            }
        }
        Ok(Flow::Continue)
    }

    fn wants_another_game(&self) -> bool {
        !self.stopping && self.games_limit.is_none_or(|limit| self.games_done < limit)
    }

    fn game_finished(&mut self, outcome: amazons_core::Outcome) -> Flow {
        self.games_done += 1;
        if let Some(chooser) = self.chooser.as_mut() {
            chooser.stop_pondering();
        }
        let Some(view) = self.current.take() else {
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
                self.current = Some(view.clone());
                self.send(ClientMessage::OfferRematch { match_id: view.id });
            }
            Target::Fill => {
                self.send(ClientMessage::Leave { match_id: view.id });
                self.send(ClientMessage::ListMatches);
            }
        }
        Flow::Continue
    }

    fn on_interrupt(&mut self) -> Flow {
        if self.stopping || !self.in_game() {
            if let Some(view) = self.current.as_ref().filter(|v| v.outcome.is_none()) {
                tracing::warn!("second Ctrl-C: resigning match {} and quitting", view.id);
                self.send(ClientMessage::Resign {
                    match_id: view.id,
                    token: view.token,
                });
            }
            return Flow::Stop;
        }
        tracing::warn!(
            "Ctrl-C: finishing the current game, then stopping (Ctrl-C again to resign and quit now)"
        );
        self.stopping = true;
        Flow::Continue
    }

    fn on_answer(&mut self, answer: Answer) {
        self.chooser = Some(answer.chooser);
        let Some(view) = self.current.as_ref() else {
            return;
        };
        if view.id != answer.match_id || view.ply() != answer.ply || !view.our_turn() {
            return;
        }
        let (match_id, token) = (view.id, view.token);
        match answer.result {
            Ok(m) => {
                self.sent = Some((match_id, answer.ply));
                self.send(ClientMessage::Move {
                    match_id,
                    ply: answer.ply,
                    mv: m.to_string(),
                    token,
                });
            }
            Err(e) => {
                // Remember the ply so the failed engine is not asked again.
                self.sent = Some((match_id, answer.ply));
                tracing::error!("the engine gave up in match {match_id} ({e}); resigning");
                self.send(ClientMessage::Resign { match_id, token });
            }
        }
    }

    fn think_if_our_turn(&mut self, answers: &UnboundedSender<Answer>) {
        // A side with no legal move has lost: the server's game_over is on its
        // way, so there is nothing to think about.
        let Some(view) = self
            .current
            .as_ref()
            .filter(|v| v.our_turn() && v.position.has_legal_move())
        else {
            return;
        };
        if self.sent == Some((view.id, view.ply())) {
            return;
        }
        let Some(mut chooser) = self.chooser.take() else {
            return;
        };
        let budget = view.budget(self.think, Instant::now());
        let (match_id, ply, start, moves, position) = (
            view.id,
            view.ply(),
            view.start,
            view.moves.clone(),
            view.position,
        );
        let new_game = ply < 2;
        let answers = answers.clone();
        std::thread::spawn(move || {
            let mut result = Ok(());
            if new_game {
                result = chooser.new_game();
            }
            let result = result.and_then(|()| {
                chooser.choose(
                    GameSoFar {
                        start,
                        moves: &moves,
                        position,
                    },
                    budget,
                )
            });
            // Think on the opponent's time (with the engine's own threads, at
            // most PONDER_LIMIT): the next choose starts from what it found.
            if let Ok(m) = &result {
                let mut after = moves.clone();
                after.push(*m);
                if let Ok(game) = GameSoFar::new(start, &after) {
                    chooser.ponder(game, PONDER_LIMIT);
                }
            }
            let _ = answers.send(Answer {
                chooser,
                match_id,
                ply,
                result,
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::mpsc::UnboundedReceiver;

    const OLD: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
    const NEW: &str = "0b8e4d2c-1a3f-4e5d-8c7b-6a5f4e3d2c1b";
    const TOKEN: &str = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

    fn bot(target: Target, games_limit: Option<u32>) -> (Bot, UnboundedReceiver<ClientMessage>) {
        let (outbox, sent) = unbounded_channel();
        let bot = Bot {
            target,
            chooser: None,
            think: None,
            outbox,
            current: None,
            joining: None,
            refused: std::collections::HashSet::new(),
            token: None,
            games_done: 0,
            games_limit,
            sent: None,
            stopping: false,
        };
        (bot, sent)
    }

    fn drain(sent: &mut UnboundedReceiver<ClientMessage>) -> Vec<ClientMessage> {
        std::iter::from_fn(|| sent.try_recv().ok()).collect()
    }

    fn message(json: &str) -> NetEvent {
        NetEvent::Message(ServerMessage::decode(json).unwrap())
    }

    fn seat(name: &str) -> String {
        format!(r#"{{"name":"{name}","kind":"human","connected":true}}"#)
    }

    /// A snapshot of `id` where we sit black after `moves` (each a move
    /// text), with `outcome` and `offer` as JSON.
    fn snapshot(id: &str, moves: &[&str], outcome: &str, offer: &str) -> NetEvent {
        let status = if outcome == "null" {
            "playing"
        } else {
            "finished"
        };
        let moves: Vec<String> = moves
            .iter()
            .map(|m| format!(r#"{{"move":"{m}","time_ms":10}}"#))
            .collect();
        let turn = if moves.len() % 2 == 0 {
            "white"
        } else {
            "black"
        };
        message(&format!(
            r#"{{"type":"snapshot","match_id":"{id}","you":"black","seats":{{"white":{},"black":{}}},"spectators":0,"status":"{status}","time_control":{{"kind":"untimed"}},"initial_fen":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1","moves":[{}],"fen":"-","ply":{},"turn":"{turn}","clocks":null,"outcome":{outcome},"rematch_offer":{offer}}}"#,
            seat("ann"),
            seat("testbot"),
            moves.join(","),
            moves.len(),
        ))
    }

    fn joined(id: &str) -> NetEvent {
        message(&format!(
            r#"{{"type":"joined","match_id":"{id}","seat":"black","token":"{TOKEN}"}}"#
        ))
    }

    fn game_over(id: &str) -> NetEvent {
        message(&format!(
            r#"{{"type":"game_over","match_id":"{id}","winner":"black","reason":"resignation","clocks":null}}"#
        ))
    }

    fn summary(white: Option<&str>, black: Option<&str>) -> MatchSummary {
        let seat = |name: Option<&str>| name.map_or("null".to_string(), seat);
        let json = format!(
            r#"{{"type":"match_updated","match":{{"id":"{OLD}","seats":{{"white":{},"black":{}}},"spectators":0,"status":"waiting","time_control":{{"kind":"untimed"}},"ply":0,"outcome":null}}}}"#,
            seat(white),
            seat(black)
        );
        match ServerMessage::decode(&json).unwrap() {
            ServerMessage::MatchUpdated { summary } => summary,
            other => panic!("{other:?}"),
        }
    }

    const WON: &str = r#"{"winner":"black","reason":"resignation"}"#;

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
        bot.joining = Some(OLD.parse().unwrap());
        bot.on_event(joined(OLD)).unwrap();
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], "null", "null"))
            .unwrap();
        assert!(bot.in_game());
        drain(&mut sent);
        // The game_over is lost with the connection; the resume tells.
        bot.on_event(NetEvent::Reconnecting {
            reason: "gone".into(),
            retry_in: Duration::from_millis(1),
            attempt: 1,
        })
        .unwrap();
        bot.on_event(NetEvent::Connected).unwrap();
        assert!(matches!(
            drain(&mut sent)[..],
            [ClientMessage::Resume { .. }]
        ));
        let flow = bot
            .on_event(snapshot(OLD, &["d1-d7/g7"], WON, "null"))
            .unwrap();
        assert_eq!(flow, Flow::Stop, "its only game is over");
        assert_eq!(bot.games_done, 1);
    }

    #[test]
    fn snapshots_of_a_match_left_behind_are_ignored() {
        let (mut bot, _sent) = bot(Target::Match(OLD.parse().unwrap()), Some(3));
        bot.on_event(NetEvent::Connected).unwrap();
        bot.on_event(joined(OLD)).unwrap();
        bot.on_event(snapshot(OLD, &[], "null", "null")).unwrap();
        bot.on_event(game_over(OLD)).unwrap();
        let rematch =
            format!(r#"{{"type":"rematch_started","match_id":"{OLD}","new_match_id":"{NEW}"}}"#);
        bot.on_event(message(&rematch)).unwrap();
        // A late answer about the old match changes nothing...
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], "null", "null"))
            .unwrap();
        assert!(bot.current.is_none());
        // ...the new match's snapshot is the view.
        bot.on_event(joined(NEW)).unwrap();
        bot.on_event(snapshot(NEW, &[], "null", "null")).unwrap();
        let view = bot.current.as_ref().unwrap();
        assert_eq!(view.id, NEW.parse().unwrap());
        assert_eq!(view.ply(), 0);
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], "null", "null"))
            .unwrap();
        assert_eq!(bot.current.as_ref().unwrap().id, NEW.parse().unwrap());
    }

    #[test]
    fn a_refused_move_is_not_sent_again_until_the_snapshot() {
        let (mut bot, mut sent) = bot(Target::Match(OLD.parse().unwrap()), None);
        bot.on_event(NetEvent::Connected).unwrap();
        bot.on_event(joined(OLD)).unwrap();
        bot.on_event(snapshot(OLD, &["d1-d7/g7"], "null", "null"))
            .unwrap();
        drain(&mut sent);
        let id: MatchId = OLD.parse().unwrap();
        bot.sent = Some((id, 1));
        let over = format!(
            r#"{{"type":"error","code":"game_over","message":"this game has ended","reply_to":"move","match_id":"{OLD}"}}"#
        );
        bot.on_event(message(&over)).unwrap();
        assert_eq!(bot.sent, Some((id, 1)), "game_over is on its way");
        assert_eq!(drain(&mut sent), []);
        let stale = format!(
            r#"{{"type":"error","code":"stale_ply","message":"stale","reply_to":"move","match_id":"{OLD}","expected_ply":2}}"#
        );
        bot.on_event(message(&stale)).unwrap();
        assert_eq!(bot.sent, Some((id, 1)));
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
        bot.on_event(snapshot(OLD, &[], "null", "null")).unwrap();
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
        let flow = bot.on_event(snapshot(OLD, &[], WON, r#""white""#)).unwrap();
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
        let gone = format!(
            r#"{{"type":"error","code":"no_such_match","message":"no such match","reply_to":"resume","match_id":"{OLD}"}}"#
        );
        let declined = format!(r#"{{"type":"rematch_declined","match_id":"{OLD}","by":"white"}}"#);
        let removed = format!(r#"{{"type":"match_removed","match_id":"{OLD}"}}"#);
        for end in [gone, declined, removed] {
            let (mut bot, _sent) = waiting_for_a_rematch();
            bot.on_event(NetEvent::Connected).unwrap();
            assert_eq!(bot.on_event(message(&end)).unwrap(), Flow::Stop, "{end}");
        }
        // Our own offer withdrawn is no reason to stop.
        let (mut bot, _sent) = waiting_for_a_rematch();
        let withdrawn = format!(r#"{{"type":"rematch_declined","match_id":"{OLD}","by":"black"}}"#);
        assert_eq!(bot.on_event(message(&withdrawn)).unwrap(), Flow::Continue);
    }

    #[test]
    fn a_refusal_for_good_ends_the_bot_with_its_reason() {
        let (mut bot, _sent) = bot(Target::Fill, None);
        let error = bot
            .on_event(NetEvent::Refused("protocol 2 only".into()))
            .unwrap_err();
        assert!(error.to_string().contains("protocol 2 only"), "{error}");
    }
}
