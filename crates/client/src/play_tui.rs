//! `play` full screen: the lobby, then the board of the match joined or
//! watched. The network actor runs on a tokio runtime in the background; this
//! loop draws, reads keys and mouse, and drains the actor's events between
//! frames, so the clocks tick while nothing happens.

use std::time::{Duration, Instant};

use amazons_core::{PlayerKind, Side};
use amazons_protocol::{ClientMessage, MatchId, MatchStatus, SeatToken, ServerMessage};
use crossterm::event;
use tokio::sync::mpsc::error::TryRecvError;

use crate::cli::PlayArgs;
use crate::connection::{Backoff, Connection, Greeting, NetEvent, connect};
use crate::game_screen::{GameScreen, ScreenAction, Tone};
use crate::lobby::{Lobby, LobbyAction};
use crate::match_view::{Change, MatchView};

/// The client's state between frames.
struct PlayTui {
    /// The connection's ends.
    connection: Connection,
    /// The lobby (kept up to date while a game is on screen).
    lobby: Lobby,
    /// The match on screen, if any.
    current: Option<MatchView>,
    /// Its screen.
    screen: Option<GameScreen>,
    /// The token from the last `joined`, until its snapshot arrives.
    token: Option<(MatchId, SeatToken)>,
    /// The ply of the move sent and not yet answered.
    sent: Option<u32>,
    /// The connection state in words, shown on both screens.
    link: String,
    /// `r` pressed once: press again to resign.
    resign_armed: bool,
}

/// Runs `play` on the full screen.
pub fn run(args: &PlayArgs, name: String) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    let _entered = runtime.enter();
    let greeting = Greeting {
        name: name.clone(),
        kind: PlayerKind::Human,
    };
    let connection = connect(args.server.clone(), greeting, Backoff::default());
    let mut play = PlayTui {
        connection,
        lobby: Lobby::default(),
        current: None,
        screen: None,
        token: None,
        sent: None,
        link: format!("connecting to {} …", args.server),
        resign_armed: false,
    };
    let title = format!("amazons — {} as {name}", args.server);
    crate::terminal::with_terminal(|terminal| {
        loop {
            loop {
                match play.connection.events.try_recv() {
                    Ok(event) => play.on_event(event)?,
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => anyhow::bail!("the connection task ended"),
                }
            }
            play.lobby.title = format!("{title}   [{}]", play.link);
            terminal.draw(|frame| match (&mut play.screen, &play.current) {
                (Some(screen), Some(view)) => {
                    screen.clocks = view.clocks;
                    screen.draw(frame);
                }
                _ => play.lobby.draw(frame),
            })?;
            if !event::poll(Duration::from_millis(50))? {
                continue;
            }
            let event = event::read()?;
            let quit = if play.screen.is_some() {
                play.on_game_input(&event)
            } else {
                play.on_lobby_input(&event)
            };
            if quit {
                return Ok(());
            }
        }
    })
}

impl PlayTui {
    fn send(&self, message: ClientMessage) {
        let _ = self.connection.outbox.send(message);
    }

    /// Rebuilds the game screen's picture of the match after a change.
    fn sync_screen(&mut self) {
        let (Some(view), Some(screen)) = (&self.current, &mut self.screen) else {
            return;
        };
        screen.show_game(view.position, view.moves.clone(), view.moves.len());
        screen.names = Side::BOTH.map(|side| view.name(side));
        screen.clocks = view.clocks;
        screen.outcome = view.outcome;
        let can_move = view.our_turn() && self.sent.is_none();
        screen.movable = Side::BOTH.map(|side| can_move && view.you == Some(side));
        let role = match view.you {
            Some(side) => format!("you play {side}"),
            None => "watching".into(),
        };
        let waiting = if view.status == MatchStatus::Waiting {
            "; waiting for an opponent"
        } else {
            ""
        };
        let offer = match view.rematch_offer {
            Some(by) if Some(by) != view.you => {
                format!("; {by} offers a rematch (o accepts, n declines)")
            }
            Some(_) => "; rematch offered".into(),
            None => String::new(),
        };
        screen.status = format!("{role}{waiting}{offer}   [{}]", self.link);
    }

    fn open_match(&mut self, view: MatchView) {
        let mut screen = GameScreen::new(view.start, [String::new(), String::new()]);
        screen.flipped = view.you == Some(Side::Second);
        screen.key_hints = if view.you.is_some() {
            "r resign  x abort  o rematch  n decline  l leave  v flip".into()
        } else {
            "l stop watching  v flip".into()
        };
        self.current = Some(view);
        self.screen = Some(screen);
        self.sent = None;
        self.sync_screen();
    }

    fn notify(&mut self, text: String, tone: Tone) {
        match &mut self.screen {
            Some(screen) => screen.notify(text, tone),
            None => self.lobby.notice = text,
        }
    }

    fn on_event(&mut self, event: NetEvent) -> anyhow::Result<()> {
        let now = Instant::now();
        let message = match event {
            NetEvent::Connected => {
                self.link = "connected".into();
                self.send(ClientMessage::SubscribeLobby);
                if let Some(view) = &self.current {
                    match (view.you, view.token) {
                        (Some(_), Some(token)) => self.send(ClientMessage::Resume {
                            match_id: view.id,
                            token,
                        }),
                        _ => self.send(ClientMessage::Spectate { match_id: view.id }),
                    }
                }
                self.sync_screen();
                return Ok(());
            }
            NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            } => {
                self.link = format!(
                    "reconnecting in {:.1}s (attempt {attempt}): {reason}",
                    retry_in.as_secs_f64()
                );
                self.sent = None;
                self.sync_screen();
                return Ok(());
            }
            NetEvent::Message(message) => message,
        };
        self.lobby.apply(&message);
        match &message {
            ServerMessage::Joined {
                match_id, token, ..
            } => self.token = Some((*match_id, *token)),
            ServerMessage::Snapshot(snapshot) => {
                let token = self
                    .token
                    .filter(|(id, _)| *id == snapshot.match_id)
                    .map(|(_, t)| t);
                let token = token.or_else(|| {
                    self.current
                        .as_ref()
                        .filter(|v| v.id == snapshot.match_id)
                        .and_then(|v| v.token)
                });
                let view = MatchView::from_snapshot(snapshot, token, now)?;
                let same =
                    self.current.as_ref().is_some_and(|v| v.id == view.id) && self.screen.is_some();
                if same {
                    self.current = Some(view);
                    self.sent = None;
                    self.sync_screen();
                } else {
                    self.open_match(view);
                }
                return Ok(());
            }
            ServerMessage::Left { .. } => {
                self.current = None;
                self.screen = None;
                self.send(ClientMessage::ListMatches);
            }
            ServerMessage::Replaced { match_id } => {
                self.current = None;
                self.screen = None;
                self.lobby.notice =
                    format!("another connection took over your seat in match {match_id}");
            }
            ServerMessage::RematchStarted { new_match_id, .. } => {
                self.notify(format!("rematch: new match {new_match_id}"), Tone::Info);
            }
            ServerMessage::ServerShutdown { message } => {
                self.notify(format!("server: {message}"), Tone::Warning)
            }
            ServerMessage::Error {
                message, match_id, ..
            } => {
                self.notify(message.clone(), Tone::Warning);
                let ours = self.current.as_ref().filter(|v| Some(v.id) == *match_id);
                if let (Some(_), Some(view)) = (self.sent.take(), ours) {
                    if let Some(token) = view.token {
                        let resume = ClientMessage::Resume {
                            match_id: view.id,
                            token,
                        };
                        self.send(resume);
                    }
                }
                self.sync_screen();
            }
            _ => {}
        }
        let Some(view) = self.current.as_mut() else {
            return Ok(());
        };
        let change = view.apply(&message, now);
        match change {
            Change::Nothing => return Ok(()),
            Change::Moved(_) => {
                if self.sent.is_some_and(|ply| ply + 1 == view.ply()) {
                    self.sent = None;
                }
            }
            Change::Over(outcome) => {
                self.sent = None;
                self.notify(format!("game over: {outcome}"), Tone::Info);
            }
            Change::OutOfStep => {
                let resync = match (view.you, view.token) {
                    (Some(_), Some(token)) => ClientMessage::Resume {
                        match_id: view.id,
                        token,
                    },
                    _ => ClientMessage::Spectate { match_id: view.id },
                };
                let _ = self.connection.outbox.send(resync);
            }
            Change::Seats | Change::Started => {}
        }
        self.sync_screen();
        Ok(())
    }

    /// Handles a key in the lobby; true to quit.
    fn on_lobby_input(&mut self, event: &event::Event) -> bool {
        match self.lobby.handle(event) {
            LobbyAction::None => {}
            LobbyAction::Quit => return true,
            LobbyAction::Refresh => self.send(ClientMessage::ListMatches),
            LobbyAction::Create {
                time_control,
                color,
            } => {
                self.lobby.notice = "creating a match …".into();
                self.send(ClientMessage::CreateMatch {
                    time_control,
                    color,
                });
            }
            LobbyAction::Join(match_id) => {
                self.lobby.notice = "joining …".into();
                self.send(ClientMessage::Join {
                    match_id,
                    seat: None,
                });
            }
            LobbyAction::Spectate(match_id) => self.send(ClientMessage::Spectate { match_id }),
        }
        false
    }

    /// Handles a key or click on the board; true to quit.
    fn on_game_input(&mut self, event: &event::Event) -> bool {
        let (Some(screen), Some(view)) = (&mut self.screen, &self.current) else {
            return false;
        };
        let action = screen.handle(event);
        let (match_id, token) = (view.id, view.token);
        let resign_armed = std::mem::take(&mut self.resign_armed);
        match action {
            ScreenAction::None => {}
            ScreenAction::Quit => return true,
            ScreenAction::Move(m) => {
                let ply = view.ply();
                self.sent = Some(ply);
                self.send(ClientMessage::Move {
                    match_id,
                    ply,
                    mv: m.to_string(),
                    token,
                });
                self.sync_screen();
            }
            ScreenAction::Command('r') if view.you.is_some() && view.outcome.is_none() => {
                if resign_armed {
                    self.send(ClientMessage::Resign { match_id, token });
                } else {
                    self.resign_armed = true;
                    screen.notify("press r again to resign", Tone::Warning);
                }
            }
            ScreenAction::Command('x') if view.you.is_some() => {
                self.send(ClientMessage::Abort { match_id, token })
            }
            ScreenAction::Command('o') if view.you.is_some() => {
                let accept = view.rematch_offer.is_some() && view.rematch_offer != view.you;
                self.send(if accept {
                    ClientMessage::AcceptRematch { match_id }
                } else {
                    ClientMessage::OfferRematch { match_id }
                });
            }
            ScreenAction::Command('n') if view.you.is_some() => {
                self.send(ClientMessage::DeclineRematch { match_id })
            }
            ScreenAction::Command('l') => {
                if view.outcome.is_none()
                    && view.status == MatchStatus::Playing
                    && view.you.is_some()
                {
                    screen.notify(
                        "the game is on: resign (r r) or abort (x) first",
                        Tone::Warning,
                    );
                } else {
                    self.send(ClientMessage::Leave { match_id });
                }
            }
            ScreenAction::Command(c) => screen.notify(
                format!("`{c}` does nothing here; press ? for help"),
                Tone::Warning,
            ),
        }
        false
    }
}
