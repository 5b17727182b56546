//! `play` in plain mode: the lobby and the game line by line. Input lines are
//! carried out in order, and a line that cannot be carried out yet waits for
//! its moment: a move typed during the opponent's turn is played when the
//! turn comes, `resign` typed before the game starts waits for the start. So
//! a script of lines plays a whole game, and so can a person. The match is
//! the `MatchSession`'s (a seat saved by an earlier run is taken back at
//! once); this module reads lines and carries them out.
//!
//! As on the full screen, `quit`, `resign` and `abort` in a live game ask
//! `y/n` first: the next line is the answer, and only `y` or `yes` carries
//! the command out. Ctrl-C while asked, or the end of input before an answer,
//! quits at once without carrying it out. The low-time bell rings from a
//! timer set for the instant our running clock falls under ten seconds.
//!
//! - [`command`]: the grammar, a line parsed once into a `PlayCommand`.
//! - `transcript`: what is printed.
//! - this module: the loop that queues lines and carries commands out.

pub(crate) mod command;
#[cfg(test)]
mod tests;
mod transcript;

use std::collections::VecDeque;
use std::io::Write;
use std::time::Instant;

use amazons_core::PlayerKind;
use amazons_protocol::{ClientMessage, ComputerOffer, MatchId, MatchStatus, ServerMessage};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use crate::cli::PlayArgs;
use crate::face::bell::{Bell, LowTimeWatch, Ring};
use crate::face::help::{PLAIN_PLAY, RULES};
use crate::net::connection::{Backoff, Greeting, NetEvent, connect};
use crate::net::match_view::Change;
use crate::net::seat_store::SeatStore;
use crate::net::session::{MatchSession, SessionEvent};
use crate::store::state_dir::state_dir;
use crate::tui::computer_form;
use command::{Answer, AtStake, CommandError, PlayCommand};

/// What became of an input line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// Carried out (or refused with a message): take the next one.
    Done,
    /// Not yet possible: keep it and try again after the next event.
    Wait,
    /// Quit.
    Quit,
}

/// A line as typed, and the command it reads as (parsed once, when it
/// arrives; the text is kept for when it answers a question).
struct Typed {
    /// The line.
    text: String,
    /// What it says.
    command: Result<PlayCommand, CommandError>,
}

impl Typed {
    fn new(text: String) -> Typed {
        let command = PlayCommand::parse(&text);
        Typed { text, command }
    }
}

/// The plain client's state.
struct PlainPlay<W: Write> {
    /// Where the transcript goes.
    out: W,
    /// Messages to the server.
    outbox: UnboundedSender<ClientMessage>,
    /// The match followed.
    session: MatchSession,
    /// Lines not yet carried out.
    queue: VecDeque<Typed>,
    /// Stdin has ended.
    input_closed: bool,
    /// The server has greeted us (lines wait until it has).
    greeted: bool,
    /// A match list was asked for and has not arrived (lines wait for it).
    listing: bool,
    /// The matches of the last list, for ids given by a prefix.
    known: Vec<MatchId>,
    /// The person was told that the first waiting line, a move, waits.
    told_waiting: bool,
    /// Ctrl-C was pressed once during a live game.
    interrupted: bool,
    /// The bell.
    bell: Bell,
    /// The computer opponents the server offers (`welcome.computer`).
    computer: Option<ComputerOffer>,
    /// The command whose `y/n` question is open (the next line answers).
    asked: Option<AtStake>,
    /// The command answered yes: carried out, unasked, before the queue.
    confirmed: Option<AtStake>,
    /// The low-time bell's rule.
    low_time: LowTimeWatch,
}

/// Runs `play --plain`.
pub fn run(args: &PlayArgs, name: String, quiet: bool) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let (line_sender, mut lines) = unbounded_channel::<String>();
        std::thread::spawn(move || {
            for line in std::io::stdin().lines() {
                let Ok(line) = line else { break };
                if line_sender.send(line).is_err() {
                    break;
                }
            }
        });
        let greeting = Greeting {
            name: name.clone(),
            kind: PlayerKind::Human,
        };
        let seats = SeatStore::open(&state_dir(), args.server.url(), &name);
        let mut connection = connect(args.server.clone(), greeting, Backoff::default());
        let mut play = PlainPlay::new(
            std::io::stdout(),
            connection.outbox.clone(),
            seats,
            Bell::new(quiet),
        );
        writeln!(play.out, "connecting to {} ...", args.server)?;
        writeln!(play.out, "Type `help` for the commands.")?;
        let mut interrupts = crate::tui::terminal::interrupts();
        let result = loop {
            let low_time = play.low_time.due(play.session.view());
            let step = tokio::select! {
                event = connection.events.recv() => match event {
                    Some(event) => play.on_event(event).map(|()| Line::Done),
                    None => Err(anyhow::anyhow!("the connection task ended")),
                },
                line = lines.recv(), if !play.input_closed => {
                    match line {
                        Some(line) => play.queue.push_back(Typed::new(line)),
                        None => play.input_closed = true,
                    }
                    Ok(Line::Done)
                }
                Some(()) = interrupts.recv() => play.on_interrupt(),
                () = sleep_until(low_time) => play.ring_low_time(Instant::now()).map(|()| Line::Done),
            };
            match step.and_then(|step| match step {
                Line::Quit => Ok(Line::Quit),
                _ => play.run_queue(),
            }) {
                Ok(Line::Quit) => break Ok(()),
                Ok(_) if play.finished() => break Ok(()),
                Ok(_) => {}
                Err(e) => break Err(e),
            }
        };
        play.out.flush()?;
        connection.close().await;
        result
    })
}

impl<W: Write> PlainPlay<W> {
    fn new(out: W, outbox: UnboundedSender<ClientMessage>, seats: SeatStore, bell: Bell) -> Self {
        PlainPlay {
            out,
            outbox,
            session: MatchSession::new(seats),
            queue: VecDeque::new(),
            input_closed: false,
            greeted: false,
            listing: false,
            known: Vec::new(),
            told_waiting: false,
            interrupted: false,
            bell,
            computer: None,
            asked: None,
            confirmed: None,
            low_time: LowTimeWatch::default(),
        }
    }

    /// Sends what the session queued.
    fn flush(&mut self) {
        for message in self.session.drain() {
            let _ = self.outbox.send(message);
        }
    }

    /// Input is over and nothing is left to wait for (once the server has
    /// answered: an unreachable one is an error, not an empty session).
    fn finished(&self) -> bool {
        self.input_closed
            && self.greeted
            && self.queue.is_empty()
            && self.confirmed.is_none()
            && !self.session.in_live_game()
            && !self.session.view().is_some_and(|v| {
                v.you.is_some() && v.outcome.is_none() && v.status == MatchStatus::Waiting
            })
            && !self.session.is_seating()
            && !self.listing
    }

    /// Ctrl-C: leaves at once unless a game is on (or a question is open);
    /// then the first one warns.
    fn on_interrupt(&mut self) -> anyhow::Result<Line> {
        if !self.session.in_live_game() || self.interrupted || self.asked.is_some() {
            writeln!(self.out, "quitting")?;
            return Ok(Line::Quit);
        }
        self.interrupted = true;
        writeln!(
            self.out,
            "Ctrl-C again leaves the game: your seat is kept for 60 s while your clock runs, \
             and the same command takes it back"
        )?;
        Ok(Line::Done)
    }

    /// Rings (and says so) when our running clock has fallen under ten
    /// seconds, once per match.
    fn ring_low_time(&mut self, now: Instant) -> anyhow::Result<()> {
        if self
            .low_time
            .check(self.session.view(), now, &mut self.bell)
        {
            writeln!(self.out, "under 10 s left on your clock")?;
        }
        Ok(())
    }

    /// Asks before `command` when a live game is at stake and it was not
    /// answered yes already; says whether it asked.
    fn ask_first(&mut self, command: AtStake, confirmed: bool) -> anyhow::Result<bool> {
        if confirmed || !self.session.in_live_game() {
            return Ok(false);
        }
        writeln!(self.out, "{} (y/n)", command.question())?;
        self.asked = Some(command);
        Ok(true)
    }

    /// Takes the first line as the answer to the question about `command`:
    /// yes carries the command out next; anything else drops it.
    fn answer(&mut self, command: AtStake) -> anyhow::Result<()> {
        let Some(line) = self.queue.pop_front() else {
            return Ok(());
        };
        if Answer::parse(&line.text) == Answer::Yes {
            self.confirmed = Some(command);
        } else if self.session.in_live_game() {
            writeln!(self.out, "kept playing")?;
        } else {
            writeln!(self.out, "{command} cancelled")?;
        }
        Ok(())
    }

    /// Carries out what can be carried out now: a command answered yes,
    /// then the queued lines in order, until one has to wait.
    fn run_queue(&mut self) -> anyhow::Result<Line> {
        loop {
            let done = if let Some(command) = self.confirmed {
                let line = self.execute(&Ok(command.command()), true)?;
                if line == Line::Done {
                    self.confirmed = None;
                }
                line
            } else if let Some(typed) = self.queue.front() {
                if let Some(command) = self.asked.take() {
                    self.answer(command)?;
                    continue;
                }
                let command = typed.command.clone();
                let line = self.execute(&command, false)?;
                if line == Line::Done {
                    self.queue.pop_front();
                } else if line == Line::Wait {
                    self.tell_waiting(&command)?;
                }
                line
            } else {
                break;
            };
            match done {
                Line::Done => self.told_waiting = false,
                wait_or_quit => return Ok(wait_or_quit),
            }
        }
        if let (Some(command), true) = (&self.asked, self.input_closed) {
            let seat = if self.session.in_live_game() {
                " (your seat is kept for 60 s; the same command takes it back)"
            } else {
                ""
            };
            writeln!(
                self.out,
                "input ended before an answer: quitting without `{command}`{seat}"
            )?;
            return Ok(Line::Quit);
        }
        Ok(Line::Done)
    }

    /// Says once that the first waiting line, a move, waits for the turn.
    fn tell_waiting(&mut self, command: &Result<PlayCommand, CommandError>) -> anyhow::Result<()> {
        if let (Ok(PlayCommand::Move(m)), false) = (command, self.told_waiting) {
            if self.greeted && !self.session.is_seating() {
                writeln!(self.out, "{m} will be played when it is your turn")?;
                self.told_waiting = true;
            }
        }
        Ok(())
    }

    /// The match named by `text`: a whole id, or a prefix of one match
    /// listed.
    fn match_named(&self, text: &str) -> Result<MatchId, String> {
        if let Ok(id) = text.parse::<MatchId>() {
            return Ok(id);
        }
        let matching: Vec<MatchId> = self
            .known
            .iter()
            .copied()
            .filter(|id| id.to_string().starts_with(&text.to_ascii_lowercase()))
            .collect();
        match matching.as_slice() {
            [one] => Ok(*one),
            [] => Err(format!(
                "`{text}` is no match listed: give the id (`list` shows them)"
            )),
            _ => Err(format!(
                "`{text}` matches {} matches; give more of the id",
                matching.len()
            )),
        }
    }

    /// Carries out a line (`confirmed`: answered yes already), or says it
    /// waits: every line but an empty one waits while the server has not
    /// greeted us, a seat is being taken or a match list is on its way.
    fn execute(
        &mut self,
        command: &Result<PlayCommand, CommandError>,
        confirmed: bool,
    ) -> anyhow::Result<Line> {
        let empty = matches!(command, Ok(PlayCommand::Nothing));
        if (self.session.is_seating() || self.listing || !self.greeted) && !empty {
            return Ok(Line::Wait);
        }
        let line = match command {
            Ok(command) => self.apply(command, confirmed)?,
            Err(e) => {
                writeln!(self.out, "{e}")?;
                Line::Done
            }
        };
        if line == Line::Done {
            self.flush();
        }
        Ok(line)
    }

    fn apply(&mut self, command: &PlayCommand, confirmed: bool) -> anyhow::Result<Line> {
        match command {
            PlayCommand::Nothing => {}
            PlayCommand::Help => writeln!(self.out, "{RULES}\n\n{PLAIN_PLAY}")?,
            PlayCommand::Quit if self.ask_first(AtStake::Quit, confirmed)? => {}
            PlayCommand::Quit => return Ok(Line::Quit),
            PlayCommand::List => {
                self.listing = true;
                let _ = self.outbox.send(ClientMessage::ListMatches);
            }
            PlayCommand::Board => transcript::board(&mut self.out, self.session.view())?,
            PlayCommand::Create {
                time_control,
                color,
            } => self.session.create(*time_control, *color, None),
            PlayCommand::ComputerOffer => {
                transcript::computer_offer(&mut self.out, self.computer.as_ref())?;
            }
            PlayCommand::Computer { opponent, settings } => {
                self.play_computer(opponent, settings)?;
            }
            PlayCommand::Join { id, seat } => match self.match_named(id) {
                Ok(match_id) => {
                    if !self.session.resume_saved_match(match_id) {
                        self.session.join(match_id, *seat);
                    }
                }
                Err(e) => writeln!(self.out, "{e}")?,
            },
            PlayCommand::Watch { id } => match self.match_named(id) {
                Ok(match_id) => self.session.spectate(match_id),
                Err(e) => writeln!(self.out, "{e}")?,
            },
            PlayCommand::Resign
            | PlayCommand::Abort
            | PlayCommand::Rematch
            | PlayCommand::Decline
            | PlayCommand::Leave => return self.in_match(command, confirmed),
            PlayCommand::Move(m) => return self.play_move(*m),
        }
        Ok(Line::Done)
    }

    /// `computer OPPONENT ...`: the opponent looked up in the server's
    /// offer, then the game asked for.
    fn play_computer(
        &mut self,
        opponent: &str,
        settings: &Result<command::GameSettings, command::SettingsError>,
    ) -> anyhow::Result<()> {
        let Some(offer) = &self.computer else {
            writeln!(self.out, "{}", transcript::NO_COMPUTER)?;
            return Ok(());
        };
        let request = match computer_form::named(offer, opponent) {
            Ok(request) => request,
            Err(e) => {
                writeln!(self.out, "{e}")?;
                return Ok(());
            }
        };
        match settings {
            Ok(settings) => {
                let request = match settings.think_ms {
                    Some(ms) => request.with_think_ms(ms),
                    None => request,
                };
                self.session
                    .create(settings.time_control, settings.color, Some(request));
            }
            Err(e) => writeln!(self.out, "{e}")?,
        }
        Ok(())
    }

    /// `resign`, `abort`, `rematch`, `decline` and `leave`: each waits for
    /// its moment (no move in flight; a resignation for the game's start, a
    /// rematch for its end), and resigning or aborting a live game asks
    /// first.
    fn in_match(&mut self, command: &PlayCommand, confirmed: bool) -> anyhow::Result<Line> {
        let Some(view) = self.session.view() else {
            writeln!(self.out, "you are not in a match")?;
            return Ok(Line::Done);
        };
        let over = view.outcome.is_some();
        let started = view.status != MatchStatus::Waiting;
        let result = match command {
            _ if self.session.move_in_flight() => return Ok(Line::Wait),
            PlayCommand::Resign if !over && !started => return Ok(Line::Wait),
            PlayCommand::Rematch if !over => return Ok(Line::Wait),
            PlayCommand::Resign | PlayCommand::Abort if over => Err("the game is over"),
            PlayCommand::Resign if self.ask_first(AtStake::Resign, confirmed)? => Ok(()),
            PlayCommand::Abort if self.ask_first(AtStake::Abort, confirmed)? => Ok(()),
            PlayCommand::Resign => self.session.resign(),
            PlayCommand::Abort => self.session.abort(),
            PlayCommand::Rematch => self.session.rematch(),
            PlayCommand::Decline => self.session.decline_rematch(),
            _ => self.session.leave().map(|_| ()),
        };
        if let Err(e) = result {
            writeln!(self.out, "{e}")?;
        }
        Ok(Line::Done)
    }

    fn play_move(&mut self, m: amazons_core::Move) -> anyhow::Result<Line> {
        let Some(view) = self.session.view().filter(|v| v.you.is_some()) else {
            writeln!(self.out, "you are not playing in a match")?;
            return Ok(Line::Done);
        };
        if view.outcome.is_some() {
            writeln!(self.out, "the game is over")?;
            return Ok(Line::Done);
        }
        if !self.session.can_move() {
            return Ok(Line::Wait);
        }
        if let Err(reason) = self.session.play(m) {
            writeln!(self.out, "illegal: {reason}")?;
        }
        Ok(Line::Done)
    }

    fn on_event(&mut self, event: NetEvent) -> anyhow::Result<()> {
        let message = match event {
            NetEvent::Connected => {
                if self.session.on_connected() {
                    if let Some(id) = self.session.awaited_match() {
                        writeln!(self.out, "taking back your seat in match {id}")?;
                    }
                }
                self.flush();
                return Ok(());
            }
            NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            } => {
                self.greeted = false;
                self.listing = false;
                self.session.on_disconnected();
                writeln!(
                    self.out,
                    "connection lost ({reason}); reconnecting in {:.1}s (attempt {attempt})",
                    retry_in.as_secs_f64()
                )?;
                return Ok(());
            }
            NetEvent::GaveUp(reason) => anyhow::bail!("{reason}"),
            NetEvent::Message(message) => message,
        };
        match &message {
            ServerMessage::Welcome {
                server,
                name,
                computer,
                ..
            } => {
                self.greeted = true;
                self.computer = computer.clone();
                writeln!(self.out, "connected to {server} as {name}")?;
            }
            ServerMessage::MatchList { matches } => {
                self.listing = false;
                self.known = matches.iter().map(|m| m.id).collect();
                transcript::match_list(&mut self.out, matches)?;
            }
            ServerMessage::ServerShutdown { message } => writeln!(self.out, "server: {message}")?,
            _ => {}
        }
        let event = self.session.on_message(&message, Instant::now())?;
        if let SessionEvent::Refused { .. } = event {
            self.listing = false;
        }
        match &event {
            SessionEvent::Changed(change) => self.on_change(change, &message)?,
            event => transcript::session_event(&mut self.out, event, self.session.view())?,
        }
        self.flush();
        Ok(())
    }

    /// Says what changed in the match followed, rings for a player, and
    /// shows the board after a start or a move.
    fn on_change(&mut self, change: &Change, message: &ServerMessage) -> anyhow::Result<()> {
        let Some(view) = self.session.view() else {
            return Ok(());
        };
        transcript::change(&mut self.out, change, view, message)?;
        let playing = view.you.is_some();
        let ring = match change {
            Change::Started => Some(Ring::OpponentJoined),
            Change::Moved(_) if view.you != Some(view.position.turn().opponent()) => {
                Some(Ring::OpponentMoved)
            }
            Change::Over(_) => Some(Ring::GameOver),
            _ => None,
        };
        if let Some(ring) = ring.filter(|_| playing) {
            self.bell.ring(ring);
        }
        if matches!(change, Change::Started | Change::Moved(_)) {
            transcript::board(&mut self.out, self.session.view())?;
        }
        Ok(())
    }
}

/// Sleeps until `due`, or for ever without one.
async fn sleep_until(due: Option<Instant>) {
    match due {
        Some(due) => tokio::time::sleep_until(due.into()).await,
        None => std::future::pending().await,
    }
}
