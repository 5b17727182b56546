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
use crate::match_view::{Change, MatchView, seat_token};

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
            NetEvent::Refused(reason) => anyhow::bail!("{reason}"),
            NetEvent::Message(message) => message,
        };
        self.lobby.apply(&message);
        match &message {
            ServerMessage::Joined {
                match_id, token, ..
            } => self.token = Some((*match_id, *token)),
            ServerMessage::Snapshot(snapshot) => {
                let token = seat_token(snapshot.match_id, self.token, self.current.as_ref());
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
                    computer: None,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};
    use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

    const SNAPSHOT: &str = r#"{"type":"snapshot","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60","you":"black","seats":{"white":{"name":"ann","kind":"human","connected":true},"black":{"name":"bob","kind":"human","connected":true}},"spectators":0,"status":"playing","time_control":{"kind":"untimed"},"initial_fen":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1","moves":[{"move":"d1-d7/g7","time_ms":4100}],"fen":"3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1","ply":1,"turn":"black","clocks":null,"outcome":null,"rematch_offer":null}"#;

    /// A client wired to test channels instead of a socket.
    fn client() -> (
        PlayTui,
        UnboundedReceiver<ClientMessage>,
        tokio::sync::mpsc::UnboundedSender<NetEvent>,
    ) {
        let (outbox, sent) = unbounded_channel();
        let (events_in, events) = unbounded_channel();
        let play = PlayTui {
            connection: Connection { outbox, events },
            lobby: Lobby::default(),
            current: None,
            screen: None,
            token: None,
            sent: None,
            link: String::new(),
            resign_armed: false,
        };
        (play, sent, events_in)
    }

    fn message(json: &str) -> NetEvent {
        NetEvent::Message(ServerMessage::decode(json).unwrap())
    }

    fn key(c: char) -> Event {
        let code = if c == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        Event::Key(KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    }

    fn drain(sent: &mut UnboundedReceiver<ClientMessage>) -> Vec<ClientMessage> {
        std::iter::from_fn(|| sent.try_recv().ok()).collect()
    }

    #[test]
    fn a_seat_is_played_resigned_and_resumed_after_a_reconnect() {
        let (mut play, mut sent, _events) = client();
        play.on_event(NetEvent::Connected).unwrap();
        assert_eq!(drain(&mut sent), [ClientMessage::SubscribeLobby]);
        let match_id: MatchId = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap();
        play.on_event(message(r#"{"type":"joined","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60","seat":"black","token":"5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"}"#)).unwrap();
        play.on_event(message(SNAPSHOT)).unwrap();
        let screen = play.screen.as_ref().expect("the board is on screen");
        assert!(screen.flipped, "black sits at the bottom");
        assert_eq!(screen.movable, [false, true]);

        for c in "a7 b7 c7\n".chars() {
            assert!(!play.on_game_input(&key(c)));
        }
        let token = SeatToken::from_hex("5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a").ok();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Move {
                match_id,
                ply: 1,
                mv: "a7-b7/c7".into(),
                token
            }]
        );
        assert_eq!(
            play.screen.as_ref().unwrap().movable,
            [false, false],
            "no second move while one is on its way"
        );

        play.on_event(NetEvent::Reconnecting {
            reason: "gone".into(),
            retry_in: Duration::from_secs(1),
            attempt: 1,
        })
        .unwrap();
        assert!(
            play.screen
                .as_ref()
                .unwrap()
                .status
                .contains("reconnecting in 1.0s")
        );
        play.on_event(NetEvent::Connected).unwrap();
        assert_eq!(
            drain(&mut sent),
            [
                ClientMessage::SubscribeLobby,
                ClientMessage::Resume {
                    match_id,
                    token: token.unwrap()
                }
            ]
        );

        play.on_game_input(&key('r'));
        assert!(drain(&mut sent).is_empty(), "one r only asks");
        play.on_game_input(&key('r'));
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Resign { match_id, token }]
        );
        play.on_event(message(r#"{"type":"game_over","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60","winner":"white","reason":"resignation","clocks":null}"#)).unwrap();
        let screen = play.screen.as_ref().unwrap();
        assert_eq!(screen.outcome.map(|o| o.winner), Some(Some(Side::First)));
        play.on_game_input(&key('o'));
        assert_eq!(drain(&mut sent), [ClientMessage::OfferRematch { match_id }]);
        play.on_game_input(&key('l'));
        assert_eq!(drain(&mut sent), [ClientMessage::Leave { match_id }]);
        play.on_event(message(
            r#"{"type":"left","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60"}"#,
        ))
        .unwrap();
        assert!(play.screen.is_none(), "back in the lobby");
    }

    #[test]
    fn a_refusal_is_shown_and_a_missed_move_resynchronises() {
        let (mut play, mut sent, _events) = client();
        let match_id: MatchId = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap();
        play.on_event(message(SNAPSHOT)).unwrap();
        let refusal = r#"{"type":"error","code":"not_your_turn","message":"it is white's move","reply_to":"move","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60"}"#;
        play.on_event(message(refusal)).unwrap();
        let screen = play.screen.as_ref().unwrap();
        assert_eq!(
            screen.notice.as_ref().map(|(text, _)| text.as_str()),
            Some("it is white's move")
        );
        let skipped = r#"{"type":"move_played","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60","ply":2,"move":"d7-d8/d9","side":"white","time_ms":1,"clocks":null}"#;
        play.on_event(message(skipped)).unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Spectate { match_id }],
            "no token: watch again for a snapshot"
        );
    }

    #[test]
    fn the_lobby_creates_joins_and_watches() {
        let (mut play, mut sent, _events) = client();
        play.on_event(message(r#"{"type":"match_list","matches":[{"id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60","seats":{"white":{"name":"ann","kind":"human","connected":true},"black":null},"spectators":0,"status":"waiting","time_control":{"kind":"untimed"},"ply":0,"outcome":null}]}"#)).unwrap();
        play.on_lobby_input(&key('\n'));
        let match_id: MatchId = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Join {
                match_id,
                seat: None
            }]
        );
        play.on_lobby_input(&key('s'));
        assert_eq!(drain(&mut sent), [ClientMessage::Spectate { match_id }]);
        play.on_lobby_input(&key('c'));
        play.on_lobby_input(&key('\n'));
        let created = drain(&mut sent);
        assert!(
            matches!(created.as_slice(), [ClientMessage::CreateMatch { .. }]),
            "{created:?}"
        );
        assert!(play.on_lobby_input(&key('q')));
    }
}
