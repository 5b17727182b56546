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
//! - `command`: the grammar, a line parsed once into a `PlayCommand`.
//! - `carry_out`: the queue of lines, the questions, each command applied.
//! - `transcript`: what is printed.
//! - this module: the loop over server events, typed lines, Ctrl-C and the
//!   low-time timer.

mod carry_out;
pub(crate) mod command;
#[cfg(test)]
mod tests;
mod transcript;

use std::collections::VecDeque;
use std::io::Write;
use std::time::Instant;

use amazons_core::PlayerKind;
use amazons_protocol::{Change, ClientMessage, ComputerOffer, MatchId, MatchStatus, ServerMessage};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use crate::cli::PlayArgs;
use crate::cmd::play::server_rules::{self, AwayWatch, ServerRules};
use crate::face::bell::{Bell, LowTimeWatch, Ring};
use crate::net::connection::{Backoff, Greeting, NetEvent, connect};
use crate::net::seat_store::SeatStore;
use crate::net::session::{MatchSession, SessionEvent};
use crate::store::player_key::KeyFile;
use crate::store::state_dir::state_dir;
use command::{AtStake, CommandError, PlayCommand};

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
    /// What the server said about seats kept and aborting.
    rules: ServerRules,
    /// Since when each player of the match followed has been away.
    away: AwayWatch,
}

/// Runs `play --plain`.
pub fn run(args: &PlayArgs, name: String, key_file: KeyFile, quiet: bool) -> anyhow::Result<()> {
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
            key_file: Some(key_file),
        };
        let seats = SeatStore::open(&state_dir(), args.server.url(), &name);
        let mut connection = connect(args.server.clone(), greeting, Backoff::default());
        let mut play = PlainPlay::new(
            std::io::stdout(),
            connection.outbox.clone(),
            seats,
            Bell::new(quiet),
        );
        let server = args.server.to_string();
        writeln!(play.out, "{}", t!("plain-connecting", server = server))?;
        writeln!(play.out, "{}", t!("plain-type-help"))?;
        let mut interrupts = crate::tui::terminal::interrupts();
        let result = loop {
            let low_time = play.low_time.due(play.session.view());
            let step = tokio::select! {
                event = connection.events.recv() => match event {
                    Some(event) => play.on_event(event).map(|()| Line::Done),
                    None => Err(anyhow::anyhow!("{}", t!("connection-task-ended"))),
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
            rules: ServerRules::default(),
            away: AwayWatch::default(),
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
            writeln!(self.out, "{}", t!("plain-quitting"))?;
            self.say_farewell()?;
            return Ok(Line::Quit);
        }
        self.interrupted = true;
        if let Some(view) = self.session.view() {
            let kept = self.rules.seat_kept(view);
            writeln!(self.out, "{}", t!("plain-ctrl-c-again", kept = kept))?;
        }
        Ok(Line::Done)
    }

    /// Says, on quitting with a seat in a game that has not ended, that the
    /// seat is kept and how to take it back.
    pub(super) fn say_farewell(&mut self) -> anyhow::Result<()> {
        if let Some(view) = self
            .session
            .view()
            .filter(|v| v.you.is_some() && v.outcome.is_none())
        {
            writeln!(self.out, "{}", self.rules.farewell(view.id, view))?;
        }
        Ok(())
    }

    /// Rings (and says so) when our running clock has fallen under ten
    /// seconds, once per match.
    fn ring_low_time(&mut self, now: Instant) -> anyhow::Result<()> {
        if self
            .low_time
            .check(self.session.view(), now, &mut self.bell)
        {
            writeln!(self.out, "{}", t!("plain-low-time"))?;
        }
        Ok(())
    }

    fn on_event(&mut self, event: NetEvent) -> anyhow::Result<()> {
        let message = match event {
            NetEvent::Connected => {
                if self.session.on_connected() {
                    if let Some(id) = self.session.awaited_match() {
                        let line = t!("plain-taking-back-seat", id = id.to_string());
                        writeln!(self.out, "{line}")?;
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
                let line = t!(
                    "plain-reconnecting",
                    reason = reason.to_string(),
                    seconds = format!("{:.1}", retry_in.as_secs_f64()),
                    attempt = attempt
                );
                writeln!(self.out, "{line}")?;
                return Ok(());
            }
            NetEvent::GaveUp(reason) => anyhow::bail!("{reason}"),
            NetEvent::Message(message) => message,
        };
        self.rules.learn(&message);
        match &message {
            ServerMessage::Welcome {
                server,
                name,
                computer,
                ..
            } => {
                self.greeted = true;
                self.computer = computer.clone();
                let line = t!(
                    "plain-connected",
                    server = server.as_str(),
                    name = name.as_str()
                );
                writeln!(self.out, "{line}")?;
            }
            ServerMessage::MatchList { matches } => {
                self.listing = false;
                self.known = matches.iter().map(|m| m.id).collect();
                transcript::match_list(&mut self.out, matches)?;
            }
            ServerMessage::ServerShutdown { message } => {
                writeln!(
                    self.out,
                    "{}",
                    t!("server-says", message = message.as_str())
                )?;
            }
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
        transcript::change(&mut self.out, change, view, message, self.session.rated())?;
        let now = Instant::now();
        for side in self.away.follow(view, now) {
            let deadline = now + self.rules.grace;
            if let Some(line) = server_rules::away_line(view, side, deadline, now) {
                writeln!(self.out, "{line}")?;
            }
        }
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
        if let (Change::Moved(_), Some(decided)) = (change, self.session.decided()) {
            let side = crate::face::words::side(decided.winner);
            let line = if playing {
                t!("decided-claim-plain", side = side, margin = decided.margin)
            } else {
                t!("decided-watching", side = side, margin = decided.margin)
            };
            writeln!(self.out, "{line}")?;
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
