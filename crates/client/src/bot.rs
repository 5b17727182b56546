//! `bot`: a program that takes a seat on a server and plays. With `--match`
//! it joins that match's free seat; with `--fill` it takes any match waiting
//! for an opponent, game after game. It thinks off the network task, keeps a
//! margin on the server's clocks, reconnects and resumes its seat, resigns if
//! its engine gives up, and stops cleanly on Ctrl-C (first: finish the game;
//! second: resign and quit).

use std::time::{Duration, Instant};

use amazons_core::{Move, PlayerKind, Side};
use amazons_protocol::{
    ClientMessage, ErrorCode, MatchId, MatchStatus, MatchSummary, SeatToken, ServerMessage,
};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use crate::chooser::{ChooserFailed, GameSoFar, MoveChooser};
use crate::cli::BotArgs;
use crate::connection::{Backoff, Greeting, NetEvent, connect};
use crate::match_view::{Change, MatchView};
use crate::uci_engine::{SupervisedEngine, UciTimeouts, split_command};

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
    chooser: Box<dyn MoveChooser>,
    match_id: MatchId,
    ply: u32,
    result: Result<Move, ChooserFailed>,
}

/// The bot's state between events.
struct Bot {
    /// What it is looking for.
    target: Target,
    /// The engine, `None` while it thinks on its own thread.
    chooser: Option<Box<dyn MoveChooser>>,
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
    let chooser: Box<dyn MoveChooser> = match &args.engine {
        Some(command) => Box::new(SupervisedEngine::start(
            split_command(command),
            UciTimeouts::default(),
        )?),
        None => crate::builtin_engine::boxed(args.level),
    };
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

/// Whether a waiting match has a seat the bot can take.
fn joinable(summary: &MatchSummary) -> bool {
    summary.status == MatchStatus::Waiting
        && (summary.seats.white.is_none() || summary.seats.black.is_none())
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
                match &self.current {
                    Some(view) if view.outcome.is_none() && view.token.is_some() => {
                        tracing::info!("connected; resuming match {}", view.id);
                        self.send(ClientMessage::Resume {
                            match_id: view.id,
                            token: view.token.expect("checked"),
                        });
                    }
                    _ => {
                        tracing::info!("connected");
                        self.current = None;
                        self.seek();
                    }
                }
                return Ok(Flow::Continue);
            }
            NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            } => {
                tracing::warn!(
                    "connection lost ({reason}); reconnecting in {retry_in:?} (attempt {attempt})"
                );
                self.joining = None;
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
                let token = self
                    .token
                    .filter(|(id, _)| *id == snapshot.match_id)
                    .map(|(_, token)| token)
                    .or_else(|| {
                        self.current
                            .as_ref()
                            .filter(|v| v.id == snapshot.match_id)
                            .and_then(|v| v.token)
                    });
                self.joining = None;
                self.sent = None;
                self.current = Some(MatchView::from_snapshot(snapshot, token, now)?);
            }
            ServerMessage::RematchStarted { new_match_id, .. } => {
                tracing::info!("rematch: new match {new_match_id}");
                self.current = None;
                self.joining = Some(*new_match_id);
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
                ..
            } => return self.on_error(*code, text, *match_id),
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

    fn on_error(
        &mut self,
        code: ErrorCode,
        text: &str,
        match_id: Option<MatchId>,
    ) -> anyhow::Result<Flow> {
        tracing::warn!("server refused: {text} ({code:?})");
        let refused_join = self
            .joining
            .filter(|joining| self.current.is_none() && match_id.is_none_or(|id| id == *joining));
        if let Some(joining) = refused_join {
            self.joining = None;
            self.refused.insert(joining);
            match self.target {
                Target::Match(id) => anyhow::bail!("cannot join match {id}: {text}"),
                Target::Fill => self.send(ClientMessage::ListMatches),
            }
            return Ok(Flow::Continue);
        }
        let ours = self.current.as_ref().filter(|v| Some(v.id) == match_id);
        if let Some(view) = ours {
            self.sent = None;
            if matches!(
                code,
                ErrorCode::StalePly
                    | ErrorCode::NotYourTurn
                    | ErrorCode::IllegalMove
                    | ErrorCode::BadMoveText
            ) {
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
            let _ = answers.send(Answer {
                chooser,
                match_id,
                ply,
                result,
            });
        });
    }
}
