//! `play` full screen: the lobby, then the board of the match joined or
//! watched. The network actor runs on a tokio runtime in the background; this
//! loop draws, reads keys and mouse, and drains the actor's events between
//! frames, so the clocks tick while nothing happens. The match itself is the
//! `MatchSession`'s; this module is policy and rendering: what to ask
//! before a key loses something, what to ring the bell for, what to show.

use std::io::Write;
use std::time::{Duration, Instant};

use amazons_core::{BySide, Outcome, PlayerKind, Side};
use amazons_protocol::{
    Change, ClientMessage, Decided, MatchStatus, MatchView, PlayersPage, ServerMessage,
};
use crossterm::event;
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::mpsc::error::TryRecvError;

use super::{rating_lines, seat_label};
use crate::cli::PlayArgs;
use crate::cmd::leaderboard::now_ms;
use crate::cmd::play::server_rules::{AwayWatch, ServerRules, away_line};
use crate::face::bell::{Bell, LowTimeWatch, Ring};
use crate::face::labels::{abort_game, resign_live_game};
use crate::face::words::{self, rated_word};
use crate::net::connection::{Backoff, Greeting, NetEvent, connect};
use crate::net::http::ServerHttp;
use crate::net::seat_store::SeatStore;
use crate::net::session::{MatchRules, MatchSession, SessionEvent};
use crate::store::player_key::KeyFile;
use crate::store::state_dir::state_dir;
use crate::tui::game::{GameScreen, ScreenAction, Tone};
use crate::tui::lobby::{BOX_PER_PAGE, Lobby, LobbyAction};
use crate::tui::theme::Theme;
use crate::tui::tournaments::{Tournaments, TournamentsAction};

/// Whether the screen loop goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flow {
    Continue,
    Quit,
}

/// The client's state between frames.
struct PlayTui {
    /// Messages to the server.
    outbox: UnboundedSender<ClientMessage>,
    /// The match followed, its token and what is in flight.
    session: MatchSession,
    /// The lobby (kept up to date while a game is on screen).
    lobby: Lobby,
    /// The tournaments (`t` in the lobby), kept up to date likewise.
    tournaments: Tournaments,
    /// Whether the tournaments are on screen instead of the lobby (and
    /// come back when a game watched from there is left).
    in_tournaments: bool,
    /// The board, while a match is on screen.
    screen: Option<GameScreen>,
    /// The connection state in words, shown on both screens.
    link: String,
    /// The bell.
    bell: Bell,
    /// Text colours.
    theme: Theme,
    /// The low-time bell's rule.
    low_time: LowTimeWatch,
    /// What the server said about seats kept and aborting.
    rules: ServerRules,
    /// Since when each player of the match shown has been away.
    away: AwayWatch,
    /// The server's address, for its HTTP API (the leaderboard).
    server: String,
    /// Leaderboard pages read in the background: (kind, page, result).
    boards: LeaderboardPages,
}

/// A leaderboard page read off the screen loop: the kind and page asked
/// for, and the page or why not.
type LeaderboardPage = (Option<PlayerKind>, u32, Result<PlayersPage, String>);

/// Both ends of the channel leaderboard pages come back on.
struct LeaderboardPages {
    /// Given to each reader thread.
    sender: std::sync::mpsc::Sender<LeaderboardPage>,
    /// Read between frames.
    receiver: std::sync::mpsc::Receiver<LeaderboardPage>,
}

impl Default for LeaderboardPages {
    fn default() -> Self {
        let (sender, receiver) = std::sync::mpsc::channel();
        LeaderboardPages { sender, receiver }
    }
}

/// Runs `play` on the full screen.
pub fn run(
    args: &PlayArgs,
    name: String,
    key_file: KeyFile,
    quiet: bool,
    theme: Theme,
) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    let _entered = runtime.enter();
    let greeting = Greeting {
        name: name.clone(),
        kind: PlayerKind::Human,
        key_file: Some(key_file),
    };
    let seats = SeatStore::open(&state_dir(), args.server.url(), &name);
    let mut connection = connect(args.server.clone(), greeting, Backoff::default());
    let mut play = PlayTui::new(connection.outbox.clone(), seats, Bell::new(quiet), theme);
    play.server = args.server.url().to_string();
    play.link = t!("link-connecting", server = args.server.to_string());
    let title = t!(
        "lobby-title",
        server = args.server.to_string(),
        name = name.as_str()
    );
    let result = crate::tui::terminal::with_terminal(|terminal| {
        loop {
            if crate::tui::signals::stop_requested() {
                // A signal: quit as `q` does (the seat token stays saved).
                return Ok(());
            }
            loop {
                match connection.events.try_recv() {
                    Ok(event) => play.on_event(event)?,
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        anyhow::bail!("{}", t!("connection-task-ended"))
                    }
                }
            }
            play.take_leaderboard_pages();
            play.lobby.title = format!("{title}   [{}]", play.link);
            play.tournaments.title = play.lobby.title.clone();
            play.ring_low_time(Instant::now());
            play.show_away(Instant::now());
            play.tick(Instant::now());
            terminal.draw(|frame| play.draw(frame))?;
            if !event::poll(Duration::from_millis(50))? {
                continue;
            }
            let event = event::read()?;
            let flow = if play.screen.is_some() {
                play.on_game_input(&event)
            } else if play.in_tournaments {
                play.on_tournaments_input(&event)
            } else {
                play.on_lobby_input(&event)
            };
            if flow == Flow::Quit {
                return Ok(());
            }
        }
    });
    // Said on the shell's screen, where it stays: what leaving kept.
    let farewell = play.farewell();
    runtime.block_on(connection.close());
    if let (Ok(()), Some(text)) = (&result, farewell) {
        let _ = writeln!(std::io::stdout(), "{text}");
    }
    result
}

impl PlayTui {
    fn new(
        outbox: UnboundedSender<ClientMessage>,
        seats: SeatStore,
        bell: Bell,
        theme: Theme,
    ) -> PlayTui {
        let mut lobby = Lobby::default();
        lobby.theme = theme;
        let mut tournaments = Tournaments::default();
        tournaments.theme = theme;
        PlayTui {
            outbox,
            session: MatchSession::new(seats),
            lobby,
            tournaments,
            in_tournaments: false,
            screen: None,
            link: String::new(),
            bell,
            theme,
            low_time: LowTimeWatch::default(),
            rules: ServerRules::default(),
            away: AwayWatch::default(),
            server: String::new(),
            boards: LeaderboardPages::default(),
        }
    }

    /// Reads a page of the leaderboard over HTTP on a thread of its own, so
    /// the screen goes on meanwhile; it comes back on `boards`.
    fn read_leaderboard(&self, kind: Option<PlayerKind>, page: u32) {
        let server = self.server.clone();
        let sender = self.boards.sender.clone();
        std::thread::spawn(move || {
            let result = ServerHttp::new(&server)
                .and_then(|http| http.players(kind, page, BOX_PER_PAGE))
                .map_err(|e| e.to_string());
            let _ = sender.send((kind, page, result));
        });
    }

    /// Shows the leaderboard pages that have come.
    fn take_leaderboard_pages(&mut self) {
        while let Ok((kind, page, result)) = self.boards.receiver.try_recv() {
            self.lobby.show_leaderboard(kind, page, result, now_ms());
        }
    }

    /// What to tell the person after the full screen closed with a seat
    /// still held in a game that has not ended (a quit, Ctrl-C twice, a
    /// signal): the seat is kept, and how to take it back.
    fn farewell(&self) -> Option<String> {
        let view = self.session.view()?;
        (view.you.is_some() && view.outcome.is_none()).then(|| self.rules.farewell(view.id, view))
    }

    /// Shows how long each away player has left to come back (every frame,
    /// so it counts down).
    fn show_away(&mut self, now: Instant) {
        let (Some(view), Some(screen)) = (self.session.view(), &mut self.screen) else {
            return;
        };
        self.away.follow(view, now);
        let deadlines = self.away.deadlines(&self.rules);
        screen.away = Side::BOTH
            .into_iter()
            .filter_map(|side| away_line(view, side, deadlines[side]?, now))
            .collect();
    }

    /// Sends what the session queued.
    fn flush(&mut self) {
        for message in self.session.drain() {
            let _ = self.outbox.send(message);
        }
    }

    /// Shows `text` where the person looks now.
    fn notify(&mut self, text: impl Into<String>, tone: Tone) {
        match &mut self.screen {
            Some(screen) => screen.notify(text, tone),
            None if self.in_tournaments => self.tournaments.notice = text.into(),
            None => self.lobby.notice = text.into(),
        }
    }

    /// Draws the game, the tournaments or the lobby.
    fn draw(&mut self, frame: &mut ratatui::Frame<'_>) {
        match &mut self.screen {
            Some(screen) => screen.draw(frame),
            None if self.in_tournaments => self.tournaments.draw(frame),
            None => self.lobby.draw(frame),
        }
    }

    /// Between frames: the tournament list asked for again while shown.
    fn tick(&mut self, now: Instant) {
        if self.in_tournaments && self.screen.is_none() {
            if let Some(message) = self.tournaments.tick(now) {
                let _ = self.outbox.send(message);
            }
        }
    }

    /// Handles a key on the tournaments' screens.
    fn on_tournaments_input(&mut self, event: &event::Event) -> Flow {
        match self.tournaments.handle(event) {
            TournamentsAction::None => {}
            TournamentsAction::Quit => return Flow::Quit,
            TournamentsAction::Lobby => {
                self.in_tournaments = false;
                let _ = self.outbox.send(ClientMessage::ListMatches);
            }
            TournamentsAction::Send(message) => {
                let _ = self.outbox.send(message);
            }
            TournamentsAction::Spectate(match_id) => {
                if !self.session.resume_saved_match(match_id) {
                    self.session.spectate(match_id);
                }
            }
        }
        self.flush();
        Flow::Continue
    }

    /// Our tournament game is ready: take the seat, unless we are playing
    /// another game now (then say so; the server forfeits it after its
    /// grace period if we do not come).
    fn on_tournament_game(
        &mut self,
        match_id: amazons_protocol::MatchId,
        seat: Side,
        text: String,
    ) {
        if self.session.in_live_game() {
            self.notify(text, Tone::Warning);
            return;
        }
        self.notify(text, Tone::Info);
        if !self.session.resume_saved_match(match_id) {
            self.session.join(match_id, Some(seat));
        }
    }

    /// Rebuilds the game screen's picture of the match after a change.
    fn sync_screen(&mut self) {
        let (Some(view), Some(screen)) = (self.session.view(), &mut self.screen) else {
            return;
        };
        // Who may move first, so that a new position puts the cursor on
        // the right queens.
        screen.outcome = view.outcome;
        let can_move = self.session.can_move();
        screen.movable = BySide::from_fn(|side| can_move && view.you == Some(side));
        screen.premove_for = view
            .you
            .filter(|_| view.status == MatchStatus::Playing && view.outcome.is_none());
        if screen.premove_for.is_none() {
            screen.premove = None;
        }
        screen.show_game(view.position, view.moves.clone(), view.moves.len());
        screen.names = BySide::from_fn(|side| seat_label(view, side));
        screen.clock = view.clock;
        screen.waiting = view.status == MatchStatus::Waiting;
        screen.caption = t!("match-caption", id = view.id.to_string());
        screen.results = self
            .session
            .rating_changes()
            .map(|changes| rating_lines(view, changes))
            .unwrap_or_default();
        let decided = self.session.decided();
        screen.keys = keys_for(view, &self.rules, decided.is_some());
        screen.margin = self.session.margin();
        // The territory is for watchers and after the game; for a player
        // in a live game only when the match allows assistance.
        let allowed = view.you.is_none() || view.outcome.is_some() || self.session.assistance();
        if allowed {
            screen.territory_allowed = true;
        } else {
            screen.forbid_territory();
        }
        screen.notes = decided
            .map(|d| claim_line(d, view.you.is_some()))
            .into_iter()
            .collect();
        let role = match view.you {
            Some(side) => t!("role-you-play", side = words::side(side)),
            None => t!("role-watching"),
        };
        let offer = match view.rematch_offer {
            Some(by) if Some(by) != view.you => {
                t!("rematch-offered-by", side = words::side(by))
            }
            Some(_) => t!("rematch-offered"),
            None => String::new(),
        };
        let rated = rated_word(self.session.rated());
        screen.status = format!("{role} · {rated}{offer}   [{}]", self.link);
    }

    fn open_screen(&mut self) {
        let Some(view) = self.session.view() else {
            return;
        };
        let mut screen = GameScreen::new(view.start, BySide::default());
        screen.theme = self.theme;
        screen.flipped = view.you == Some(Side::Second);
        self.screen = Some(screen);
        self.lobby.notice.clear();
        self.sync_screen();
        if let Some(screen) = &mut self.screen {
            screen.focus();
        }
    }

    /// The game-start banner for the person at this terminal.
    fn start_banner(view: &MatchView) -> String {
        match view.you {
            Some(side) if side == view.position.turn() && view.time_control.is_timed() => {
                t!("banner-your-move-clock-running")
            }
            Some(side) if side == view.position.turn() => t!("banner-your-move"),
            Some(_) => t!(
                "banner-you-play-black",
                first = seat_label(view, Side::First)
            ),
            None => t!("banner-game-on"),
        }
    }

    fn on_event(&mut self, event: NetEvent) -> anyhow::Result<()> {
        let message = match event {
            NetEvent::Connected => {
                self.link = t!("link-connected");
                // What was said about the connection before is over.
                self.lobby.notice.clear();
                if let Some(screen) = &mut self.screen {
                    screen.notice = None;
                }
                let _ = self.outbox.send(ClientMessage::SubscribeLobby);
                if let Some(tournament_id) = self.tournaments.open_id() {
                    let _ = self
                        .outbox
                        .send(ClientMessage::WatchTournament { tournament_id });
                }
                self.session.on_connected();
                self.flush();
                self.sync_screen();
                return Ok(());
            }
            NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            } => {
                self.link = t!(
                    "link-reconnecting",
                    seconds = format!("{:.1}", retry_in.as_secs_f64()),
                    attempt = attempt,
                    reason = reason.to_string()
                );
                self.session.on_disconnected();
                self.sync_screen();
                return Ok(());
            }
            NetEvent::GaveUp(reason) => anyhow::bail!("{reason}"),
            NetEvent::Message(message) => message,
        };
        self.lobby.apply(&message);
        self.tournaments.apply(&message);
        self.rules.learn(&message);
        match &message {
            ServerMessage::TournamentGame {
                match_id,
                seat,
                round,
                opponent,
                ..
            } => {
                let text = crate::tui::tournaments::your_game(*round, opponent);
                self.on_tournament_game(*match_id, *seat, text);
            }
            ServerMessage::Welcome { name, .. } => {
                self.link = t!("link-connected-as", name = name.as_str());
            }
            ServerMessage::ServerShutdown { message } => {
                self.notify(t!("server-says", message = message.as_str()), Tone::Warning);
            }
            _ => {}
        }
        let event = self.session.on_message(&message, Instant::now())?;
        self.on_session_event(event);
        self.flush();
        self.sync_screen();
        Ok(())
    }

    fn on_session_event(&mut self, event: SessionEvent) {
        match event {
            SessionEvent::Nothing => {}
            SessionEvent::Seated { match_id, seat } => {
                self.lobby.notice = t!(
                    "seated-as",
                    side = words::side(seat),
                    id = match_id.to_string()
                );
            }
            SessionEvent::Snapshot {
                opened,
                ended_while_away,
            } => {
                if opened || self.screen.is_none() {
                    self.open_screen();
                    let resumed = self.session.view().is_some_and(|v| {
                        v.you.is_some() && v.status == MatchStatus::Playing && !v.moves.is_empty()
                    });
                    if resumed {
                        self.notify(t!("back-in-your-game"), Tone::Info);
                    }
                }
                if let Some(outcome) = ended_while_away {
                    self.game_over(outcome, true);
                }
            }
            SessionEvent::Changed(change) => self.on_change(change),
            SessionEvent::Left(_) => {
                self.screen = None;
                self.lobby.notice.clear();
                let _ = self.outbox.send(ClientMessage::ListMatches);
            }
            SessionEvent::Replaced(match_id) => {
                self.screen = None;
                self.lobby.notice = t!("seat-taken-over", id = match_id.to_string());
            }
            SessionEvent::Removed(_) => {
                self.notify(t!("match-gone"), Tone::Info);
            }
            SessionEvent::RematchStarted { new_match_id } => {
                self.notify(
                    t!("rematch-new-match", id = new_match_id.to_string()),
                    Tone::Info,
                );
            }
            SessionEvent::Refused { code, message, .. } => {
                self.notify(words::server_error(code, &message), Tone::Warning);
            }
        }
    }

    fn on_change(&mut self, change: Change) {
        let Some(view) = self.session.view() else {
            return;
        };
        let playing = view.you.is_some();
        match change {
            Change::Started => {
                let banner = PlayTui::start_banner(view);
                self.sync_screen();
                if let Some(screen) = &mut self.screen {
                    screen.banner = Some(banner);
                    screen.focus();
                }
                if playing {
                    self.bell.ring(Ring::OpponentJoined);
                }
            }
            Change::Moved(_) => {
                let mover = view.position.turn().opponent();
                let ours = view.our_turn();
                let theirs = playing && view.you != Some(mover);
                if let Some(screen) = &mut self.screen {
                    screen.banner = None;
                }
                self.sync_screen();
                if theirs {
                    self.bell.ring(Ring::OpponentMoved);
                }
                if ours {
                    self.play_premove();
                }
            }
            Change::Over(outcome) => self.game_over(outcome, false),
            Change::Seats | Change::Nothing | Change::OutOfStep => {}
        }
    }

    /// The game ended: say so, ring for players, drop a premove.
    fn game_over(&mut self, outcome: Outcome, while_away: bool) {
        let playing = self.session.view().is_some_and(|v| v.you.is_some());
        if let Some(screen) = &mut self.screen {
            screen.premove = None;
            screen.banner = None;
        }
        let outcome = words::outcome_by(outcome, self.session.margin());
        let text = if while_away {
            t!("game-over-while-away", outcome = outcome)
        } else {
            t!("game-over-notice", outcome = outcome)
        };
        self.notify(text, Tone::Info);
        if playing {
            self.bell.ring(Ring::GameOver);
        }
    }

    /// Our turn has come: play the premove if the rules still allow it.
    fn play_premove(&mut self) {
        let Some(m) = self.screen.as_mut().and_then(|s| s.premove.take()) else {
            return;
        };
        match self.session.play(m) {
            Ok(()) => self.notify(t!("premove-played", premove = m.to_string()), Tone::Info),
            Err(reason) => self.notify(
                t!(
                    "premove-dropped",
                    premove = m.to_string(),
                    reason = reason.to_string()
                ),
                Tone::Warning,
            ),
        }
        self.flush();
    }

    /// Rings once per match when our running clock falls under ten seconds.
    fn ring_low_time(&mut self, now: Instant) {
        self.low_time
            .check(self.session.view(), now, &mut self.bell);
    }

    /// Handles a key in the lobby.
    fn on_lobby_input(&mut self, event: &event::Event) -> Flow {
        match self.lobby.handle(event) {
            LobbyAction::None => {}
            LobbyAction::Quit => return Flow::Quit,
            LobbyAction::Refresh => {
                let _ = self.outbox.send(ClientMessage::ListMatches);
            }
            LobbyAction::Leaderboard { kind, page } => self.read_leaderboard(kind, page),
            LobbyAction::Tournaments => {
                self.in_tournaments = true;
                let message = self.tournaments.show(Instant::now());
                let _ = self.outbox.send(message);
            }
            LobbyAction::Create {
                time_control,
                color,
                computer,
                rated,
                end_when_decided,
                assistance,
            } => {
                self.lobby.notice = match &computer {
                    Some(_) => t!("asking-the-computer"),
                    None => t!("creating-a-match"),
                };
                let rules = MatchRules {
                    rated,
                    end_when_decided,
                    assistance,
                };
                self.session.create(time_control, color, computer, rules);
            }
            LobbyAction::Join(match_id) => {
                self.lobby.notice = t!("lobby-joining");
                if !self.session.resume_saved_match(match_id) {
                    self.session.join(match_id, None);
                }
            }
            LobbyAction::Spectate(match_id) => {
                if !self.session.resume_saved_match(match_id) {
                    self.session.spectate(match_id);
                }
            }
        }
        self.flush();
        Flow::Continue
    }

    /// Handles a key or click on the board.
    fn on_game_input(&mut self, event: &event::Event) -> Flow {
        let Some(screen) = &mut self.screen else {
            return Flow::Continue;
        };
        let action = screen.handle(event);
        let live = self.session.in_live_game();
        let seated = self.session.view().is_some_and(|v| v.you.is_some());
        let over = self.session.view().is_some_and(|v| v.outcome.is_some());
        let may_abort = self.session.view().is_some_and(|v| self.rules.may_abort(v));
        let result = match action {
            ScreenAction::None | ScreenAction::Premove(_) | ScreenAction::Jump(_) => Ok(()),
            ScreenAction::Quit if live => {
                if let Some(view) = self.session.view() {
                    screen.ask(self.rules.leave_question(view), 'q');
                }
                Ok(())
            }
            ScreenAction::Quit | ScreenAction::QuitNow | ScreenAction::Confirmed('q') => {
                return Flow::Quit;
            }
            ScreenAction::Move(m) => self.session.play(m).map_err(|e| e.to_string()),
            ScreenAction::Command('r') if live => {
                screen.ask(resign_live_game(), 'r');
                Ok(())
            }
            ScreenAction::Confirmed('r') => self.session.resign(),
            ScreenAction::Command('x') if seated && !over && may_abort => {
                screen.ask(abort_game(), 'x');
                Ok(())
            }
            ScreenAction::Command('x') if seated && !over => Err(self.rules.too_late_to_abort()),
            ScreenAction::Confirmed('x') => self.session.abort(),
            ScreenAction::Command('k') if seated && !over => self.session.claim(),
            ScreenAction::Command('o') if seated => self.session.rematch(),
            ScreenAction::Command('n') if seated => self.session.decline_rematch(),
            ScreenAction::Command('l') => match self.session.leave() {
                Ok(_) => {
                    self.screen = None;
                    self.flush();
                    let _ = self.outbox.send(ClientMessage::ListMatches);
                    Ok(())
                }
                Err(_) if live && may_abort => Err(t!("game-on-resign-or-abort-keys")),
                Err(_) if live => Err(t!("game-on-resign-keys")),
                Err(e) => Err(e),
            },
            ScreenAction::Command(c) => Err(t!("key-does-nothing", key = c.to_string())),
            ScreenAction::Confirmed(_) => Ok(()),
        };
        if let Err(text) = result {
            self.notify(text, Tone::Warning);
        }
        self.flush();
        self.sync_screen();
        Flow::Continue
    }
}

/// The line that says the territory decides the game: to a player, with
/// the key that claims it.
fn claim_line(decided: Decided, seated: bool) -> String {
    let side = words::side(decided.winner);
    if seated {
        t!("decided-claim", side = side, margin = decided.margin)
    } else {
        t!("decided-watching", side = side, margin = decided.margin)
    }
}

/// The keys of the board screen for this match, as it now stands (abort
/// only while the server allows it, claim once the territory decides).
fn keys_for(
    view: &MatchView,
    rules: &ServerRules,
    decided: bool,
) -> Vec<(&'static str, &'static str)> {
    match (view.you, view.outcome, view.status) {
        (None, _, _) => vec![("l", "keys-stop-watching")],
        (Some(_), None, MatchStatus::Waiting) => vec![("l", "keys-give-up-seat")],
        (Some(_), None, _) if decided => vec![("k", "keys-claim"), ("r", "keys-resign")],
        (Some(_), None, _) if rules.may_abort(view) => {
            vec![("r", "keys-resign"), ("x", "keys-abort")]
        }
        (Some(_), None, _) => vec![("r", "keys-resign")],
        (Some(_), Some(_), _) => vec![
            ("o", "keys-rematch"),
            ("n", "keys-decline"),
            ("l", "keys-leave"),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::EndReason;
    use amazons_protocol::{MatchId, MatchSnapshot, MatchStatus, SeatToken, testing};
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};
    use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

    const ID: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
    const TOKEN: &str = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

    fn id() -> MatchId {
        ID.parse().unwrap()
    }

    /// Match `ID` between ann and bob after white's first move (4.1 s), as
    /// `you` sees it.
    fn snapshot(you: Option<Side>) -> NetEvent {
        let mut snapshot = testing::snapshot(id(), you, &["d1-d7/g7"]);
        snapshot.moves[0].time_ms = 4_100;
        message(ServerMessage::Snapshot(snapshot))
    }

    /// `joined`: our seat in match `ID`.
    fn joined(seat: Side) -> NetEvent {
        message(ServerMessage::Joined {
            match_id: id(),
            seat,
            token: SeatToken::from_hex(TOKEN).unwrap(),
        })
    }

    /// A client wired to a test channel instead of a socket.
    fn client() -> (PlayTui, UnboundedReceiver<ClientMessage>) {
        let (outbox, sent) = unbounded_channel();
        let play = PlayTui::new(outbox, SeatStore::in_memory(), Bell::new(true), Theme::Dark);
        (play, sent)
    }

    fn message(message: ServerMessage) -> NetEvent {
        NetEvent::Message(message)
    }

    fn key(c: char) -> Event {
        let code = match c {
            '\n' => KeyCode::Enter,
            '\t' => KeyCode::Tab,
            c => KeyCode::Char(c),
        };
        Event::Key(KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    }

    fn ctrl_c() -> Event {
        Event::Key(KeyEvent {
            code: KeyCode::Char('c'),
            modifiers: KeyModifiers::CONTROL,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    }

    fn drain(sent: &mut UnboundedReceiver<ClientMessage>) -> Vec<ClientMessage> {
        std::iter::from_fn(|| sent.try_recv().ok()).collect()
    }

    fn screen_text(play: &mut PlayTui, width: u16, height: u16) -> String {
        crate::tui::snapshot::render(width, height, |frame| play.draw(frame))
    }

    fn seated_black() -> (PlayTui, UnboundedReceiver<ClientMessage>) {
        let (mut play, mut sent) = client();
        play.on_event(NetEvent::Connected).unwrap();
        play.session.join(ID.parse().unwrap(), None);
        play.on_event(joined(Side::Second)).unwrap();
        play.on_event(snapshot(Some(Side::Second))).unwrap();
        drain(&mut sent);
        (play, sent)
    }

    #[test]
    fn a_seat_is_played_and_resigned_only_after_yes() {
        let (mut play, mut sent) = seated_black();
        let match_id: MatchId = ID.parse().unwrap();
        let token = SeatToken::from_hex(TOKEN).ok();
        let screen = play.screen.as_ref().expect("the board is on screen");
        assert!(screen.flipped, "black sits at the bottom");
        assert_eq!(screen.movable, BySide::new(false, true));
        let text = screen_text(&mut play, 80, 24);
        assert!(
            text.contains(&format!("match {ID}")),
            "the id is on screen: {text}"
        );

        for c in "a7 b7 c7\n".chars() {
            play.on_game_input(&key(c));
        }
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
            BySide::both(false),
            "no second move while one is on its way"
        );

        play.on_game_input(&key('r'));
        assert!(drain(&mut sent).is_empty(), "r only asks");
        let asking = screen_text(&mut play, 80, 24);
        assert!(asking.contains("Resign this game?"), "{asking}");
        crate::tui::snapshot::assert_snapshot("resign_question", &asking);
        play.on_game_input(&key('n'));
        assert!(drain(&mut sent).is_empty(), "n keeps the game");
        assert!(!screen_text(&mut play, 80, 24).contains("Resign this game?"));
        play.on_game_input(&key('r'));
        play.on_game_input(&key('y'));
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Resign { match_id, token }]
        );
        play.on_event(message(testing::game_over(
            id(),
            Some(Side::First),
            EndReason::Resignation,
        )))
        .unwrap();
        let screen = play.screen.as_ref().unwrap();
        assert_eq!(screen.outcome.map(|o| o.winner), Some(Some(Side::First)));
        play.on_game_input(&key('o'));
        assert_eq!(drain(&mut sent), [ClientMessage::OfferRematch { match_id }]);
        assert_eq!(
            play.on_game_input(&key('q')),
            Flow::Quit,
            "nothing live: no question"
        );
        play.on_game_input(&key('l'));
        assert_eq!(drain(&mut sent)[0], ClientMessage::Leave { match_id });
        assert!(play.screen.is_none(), "back in the lobby");
    }

    fn rating(rating: i32, provisional: bool) -> amazons_protocol::Rating {
        amazons_protocol::Rating {
            rating,
            deviation: if provisional { 250 } else { 60 },
            provisional,
        }
    }

    #[test]
    fn a_rated_game_shows_ratings_beside_the_names_and_their_change_at_the_end() {
        let (mut play, mut sent) = client();
        play.on_event(NetEvent::Connected).unwrap();
        play.session.join(id(), None);
        play.on_event(joined(Side::Second)).unwrap();
        let mut rated = testing::snapshot(id(), Some(Side::Second), &["d1-d7/g7"]);
        rated.rated = true;
        rated.seats.white.as_mut().unwrap().rating = Some(rating(1500, true));
        rated.seats.black.as_mut().unwrap().rating = Some(rating(1523, false));
        play.on_event(message(ServerMessage::Snapshot(rated)))
            .unwrap();
        drain(&mut sent);
        let text = screen_text(&mut play, 80, 24);
        assert!(text.contains("white ann 1500?"), "{text}");
        assert!(text.contains("black bob 1523"), "{text}");
        assert!(text.contains("you play black · rated"), "{text}");
        let mut over = testing::game_over(id(), Some(Side::First), EndReason::Resignation);
        if let ServerMessage::GameOver { ratings, .. } = &mut over {
            *ratings = Some(BySide::new(
                amazons_protocol::RatingChange {
                    before: rating(1500, true),
                    after: rating(1688, true),
                },
                amazons_protocol::RatingChange {
                    before: rating(1523, false),
                    after: rating(1511, false),
                },
            ));
        }
        play.on_event(message(over)).unwrap();
        let text = screen_text(&mut play, 80, 24);
        use crate::tui::snapshot::shows_whole;
        assert!(
            shows_whole(&text, "white ann: 1500? -> 1688? (+188)"),
            "{text}"
        );
        assert!(
            shows_whole(&text, "black bob: 1523 -> 1511 (-12)"),
            "{text}"
        );
        crate::tui::snapshot::assert_snapshot("game_over_rated", &text);
        // A casual game says so and shows no change.
        let (mut casual, _sent) = seated_black();
        casual
            .on_event(message(testing::game_over(
                id(),
                Some(Side::First),
                EndReason::Resignation,
            )))
            .unwrap();
        let text = screen_text(&mut casual, 80, 24);
        assert!(text.contains("· casual"), "{text}");
        assert!(!text.contains("->"), "{text}");
    }

    #[test]
    fn quitting_a_live_game_asks_and_ctrl_c_twice_leaves_at_once() {
        let (mut play, _sent) = seated_black();
        assert_eq!(play.on_game_input(&key('q')), Flow::Continue);
        let text = screen_text(&mut play, 80, 24);
        assert!(text.contains("Leave the game?"), "{text}");
        assert!(text.contains("y yes"), "{text}");
        assert_eq!(play.on_game_input(&key('n')), Flow::Continue);
        assert_eq!(
            play.on_game_input(&ctrl_c()),
            Flow::Continue,
            "one Ctrl-C asks"
        );
        assert_eq!(
            play.on_game_input(&ctrl_c()),
            Flow::Quit,
            "the second leaves"
        );
    }

    #[test]
    fn a_premove_is_played_when_the_turn_comes_or_dropped_with_a_notice() {
        let (mut play, mut sent) = seated_black();
        let match_id: MatchId = ID.parse().unwrap();
        for c in "a7 b7 c7\n".chars() {
            play.on_game_input(&key(c));
        }
        play.on_event(message(testing::move_played(id(), 1, "a7-b7/c7")))
            .unwrap();
        drain(&mut sent);
        // White to move: we build our next move now.
        let typed = play.screen.as_ref().unwrap().premove_for;
        assert_eq!(typed, Some(Side::Second));
        for c in "j7 j6 j5\n".chars() {
            play.on_game_input(&key(c));
        }
        assert!(drain(&mut sent).is_empty(), "not sent during white's turn");
        let premoved = screen_text(&mut play, 80, 24);
        assert!(premoved.contains("premove j7-j6/j5"), "{premoved}");
        crate::tui::snapshot::assert_snapshot("premove", &premoved);
        play.on_event(message(testing::move_played(id(), 2, "g1-g4/g5")))
            .unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Move {
                match_id,
                ply: 3,
                mv: "j7-j6/j5".into(),
                token: SeatToken::from_hex(TOKEN).ok()
            }]
        );
        play.on_event(message(testing::move_played(id(), 3, "j7-j6/j5")))
            .unwrap();
        // A premove the opponent's move makes illegal is dropped.
        for c in "j6 h6 h7\n".chars() {
            play.on_game_input(&key(c));
        }
        play.on_event(message(testing::move_played(id(), 4, "j4-h4/h6")))
            .unwrap();
        assert!(drain(&mut sent).is_empty());
        let text = screen_text(&mut play, 80, 24);
        assert!(text.contains("premove j6-h6/h7 dropped"), "{text}");
    }

    #[test]
    fn the_opponent_sitting_down_rings_and_shows_a_banner_and_messages_go_stale() {
        let (mut play, mut sent) = client();
        play.on_event(NetEvent::Connected).unwrap();
        play.on_lobby_input(&key('c'));
        play.on_lobby_input(&key('\n'));
        assert!(matches!(
            drain(&mut sent).last(),
            Some(ClientMessage::CreateMatch { .. })
        ));
        assert!(screen_text(&mut play, 80, 24).contains("creating a match"));
        play.on_event(joined(Side::First)).unwrap();
        let mut waiting = MatchSnapshot {
            status: MatchStatus::Waiting,
            ..testing::snapshot(id(), Some(Side::First), &[])
        };
        waiting.seats.black = None;
        play.on_event(message(ServerMessage::Snapshot(waiting)))
            .unwrap();
        let text = screen_text(&mut play, 80, 24);
        assert!(text.contains("waiting for an opponent"), "{text}");
        crate::tui::snapshot::assert_snapshot("waiting_for_an_opponent", &text);
        assert!(!text.contains("move>"), "no prompt before the game: {text}");
        assert!(!text.contains("creating a match"), "{text}");
        play.on_event(message(ServerMessage::GameStarted {
            match_id: id(),
            seats: testing::seated("ann", "bob"),
            clocks: None,
            rated: false,
        }))
        .unwrap();
        assert_eq!(play.bell.rung(), [Ring::OpponentJoined]);
        let text = screen_text(&mut play, 80, 24);
        assert!(text.contains("GAME ON — your move"), "{text}");
        crate::tui::snapshot::assert_snapshot("game_started", &text);
        assert!(text.contains("move>"), "{text}");
        play.on_event(NetEvent::Message(ServerMessage::ServerShutdown {
            message: "going down".into(),
        }))
        .unwrap();
        assert!(screen_text(&mut play, 80, 24).contains("server: going down"));
        play.on_event(NetEvent::Reconnecting {
            reason: "gone".into(),
            retry_in: Duration::from_secs(1),
            attempt: 1,
        })
        .unwrap();
        play.on_event(NetEvent::Connected).unwrap();
        let text = screen_text(&mut play, 80, 24);
        assert!(
            !text.contains("going down"),
            "stale after the reconnect: {text}"
        );
    }

    #[test]
    fn a_spectator_gets_no_move_prompt_and_a_missed_move_resyncs() {
        let (mut play, mut sent) = client();
        let match_id: MatchId = ID.parse().unwrap();
        play.session.spectate(match_id);
        play.on_event(snapshot(None)).unwrap();
        drain(&mut sent);
        let text = screen_text(&mut play, 80, 24);
        assert!(!text.contains("move>"), "{text}");
        assert!(text.contains("l stop watching"), "{text}");
        crate::tui::snapshot::assert_snapshot("watching", &text);
        play.on_game_input(&key('?'));
        let help = screen_text(&mut play, 80, 24);
        assert!(!help.contains("click"), "a spectator cannot pick: {help}");
        play.on_game_input(&key('x'));
        let skipped = testing::move_played(id(), 2, "d7-d8/d9");
        play.on_event(message(skipped)).unwrap();
        assert_eq!(drain(&mut sent), [ClientMessage::Spectate { match_id }]);
    }

    #[test]
    fn the_lobby_creates_joins_and_watches_and_has_help() {
        let (mut play, mut sent) = client();
        play.on_event(message(ServerMessage::MatchList {
            matches: vec![testing::waiting_for_black(id(), "ann")],
        }))
        .unwrap();
        play.on_lobby_input(&key('\n'));
        let match_id: MatchId = ID.parse().unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Join {
                match_id,
                seat: None
            }]
        );
        play.on_lobby_input(&key('s'));
        assert_eq!(drain(&mut sent), [ClientMessage::Spectate { match_id }]);
        play.on_lobby_input(&key('?'));
        assert!(screen_text(&mut play, 80, 24).contains("KEYS ON THIS SCREEN"));
        play.on_lobby_input(&key('x'));
        play.on_lobby_input(&key('c'));
        play.on_lobby_input(&key('\n'));
        let created = drain(&mut sent);
        assert!(
            matches!(created.as_slice(), [ClientMessage::CreateMatch { .. }]),
            "{created:?}"
        );
        assert_eq!(play.on_lobby_input(&key('q')), Flow::Quit);
    }

    #[test]
    fn t_opens_the_tournaments_a_game_is_watched_from_there_and_ours_is_taken() {
        use crate::cmd::tournament::render::tests::double_round_robin;
        let (mut play, mut sent) = client();
        play.on_event(message(testing::welcome("bob"))).unwrap();
        play.on_lobby_input(&key('t'));
        assert_eq!(drain(&mut sent), [ClientMessage::ListTournaments]);
        let view = double_round_robin();
        play.on_event(message(ServerMessage::TournamentList {
            tournaments: vec![view.summary.clone()],
        }))
        .unwrap();
        assert!(screen_text(&mut play, 80, 24).contains("tournaments (1)"));
        play.on_tournaments_input(&key('\n'));
        let tournament_id = view.summary.id;
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::WatchTournament { tournament_id }]
        );
        play.on_event(message(ServerMessage::TournamentUpdated {
            tournament: view.clone(),
        }))
        .unwrap();
        let text = screen_text(&mut play, 80, 24);
        assert!(text.contains("standings"), "{text}");
        assert!(text.contains("w withdraw"), "bob is entered: {text}");
        play.on_tournaments_input(&key('\n'));
        let watched = view.rounds[3].games[0].match_id.unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Spectate { match_id: watched }]
        );
        // Our game is ready: the seat is taken at once.
        play.on_event(message(ServerMessage::TournamentGame {
            tournament_id,
            round: 4,
            match_id: id(),
            seat: Side::First,
            opponent: "ann".into(),
        }))
        .unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Join {
                match_id: id(),
                seat: Some(Side::First)
            }]
        );
        // A reconnect watches the open tournament again.
        play.on_event(NetEvent::Connected).unwrap();
        assert!(drain(&mut sent).contains(&ClientMessage::WatchTournament { tournament_id }));
    }

    #[test]
    fn abort_is_offered_only_while_allowed_and_the_away_opponent_counts_down() {
        let (mut play, mut sent) = seated_black();
        let text = screen_text(&mut play, 80, 24);
        assert!(
            text.contains("r resign  x abort"),
            "one move played: {text}"
        );
        for c in "a7 b7 c7\n".chars() {
            play.on_game_input(&key(c));
        }
        play.on_event(message(testing::move_played(id(), 1, "a7-b7/c7")))
            .unwrap();
        drain(&mut sent);
        let text = screen_text(&mut play, 80, 24);
        assert!(!text.contains("x abort"), "both sides moved: {text}");
        // x is no key now: it starts the (pre)move line, as any letter
        // that is no key does.
        play.on_game_input(&key('x'));
        assert!(drain(&mut sent).is_empty());
        let text = screen_text(&mut play, 80, 24);
        assert!(!text.contains("Abort this game?"), "not asked: {text}");
        assert!(text.contains("premove> x"), "{text}");
        play.on_game_input(&Event::Key(KeyEvent::from(KeyCode::Esc)));

        // White drops: the time left to come back, counting down.
        let mut away = testing::seated("ann", "bob");
        away.white.as_mut().unwrap().connected = false;
        play.on_event(message(ServerMessage::SeatsChanged {
            match_id: id(),
            seats: away,
            spectators: 0,
        }))
        .unwrap();
        let seen = Instant::now();
        play.show_away(seen);
        let text = screen_text(&mut play, 80, 24);
        assert!(
            text.contains("ann (white) is away: back within 1:00 or the"),
            "{text}"
        );
        assert!(text.contains("game is lost by abandonment"), "{text}");
        play.show_away(seen + Duration::from_secs(18));
        let text = screen_text(&mut play, 80, 24);
        assert!(text.contains("back within 0:42"), "{text}");
        play.on_event(message(ServerMessage::SeatsChanged {
            match_id: id(),
            seats: testing::seated("ann", "bob"),
            spectators: 0,
        }))
        .unwrap();
        play.show_away(seen + Duration::from_secs(20));
        assert!(!screen_text(&mut play, 80, 24).contains("is away"));
    }

    #[test]
    fn leaving_a_live_game_says_the_seat_is_kept_for_the_servers_grace_period() {
        let (mut play, _sent) = seated_black();
        let mut welcome = testing::welcome("bob");
        if let ServerMessage::Welcome { grace_ms, .. } = &mut welcome {
            *grace_ms = 45_000;
        }
        play.on_event(message(welcome)).unwrap();
        play.on_game_input(&ctrl_c());
        let text = screen_text(&mut play, 80, 24);
        assert!(
            text.contains("Your seat is kept for 45 s: run the same"),
            "{text}"
        );
        assert!(!text.contains("clock"), "untimed: no clock runs: {text}");
        assert_eq!(play.on_game_input(&ctrl_c()), Flow::Quit);
        assert_eq!(
            play.farewell().as_deref(),
            Some(
                "Left match 6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60: your seat is kept for 45 s: \
                 run the same command again to take it back."
            ),
            "printed once the full screen is gone"
        );
        let timed = MatchSnapshot {
            time_control: "5+0".parse().unwrap(),
            clocks: Some(amazons_protocol::Clocks {
                white_ms: 300_000,
                black_ms: 300_000,
                running: Some(Side::Second),
            }),
            ..testing::snapshot(id(), Some(Side::Second), &["d1-d7/g7"])
        };
        play.on_event(message(ServerMessage::Snapshot(timed)))
            .unwrap();
        assert!(
            play.farewell()
                .unwrap()
                .contains("kept for 45 s while your clock runs"),
        );
    }
}
