//! `play` in plain mode: the lobby and the game line by line. Input lines are
//! carried out in order, and a line that cannot be carried out yet waits for
//! its moment: a move typed during the opponent's turn is played when the
//! turn comes, `resign` typed before the game starts waits for the start. So
//! a script of lines plays a whole game, and so can a person. The match is
//! the `MatchSession`'s (a seat saved by an earlier run is taken back at
//! once); this module reads lines and prints what happens.
//!
//! As on the full screen, `quit`, `resign` and `abort` in a live game ask
//! `y/n` first: the next line is the answer, and only `y` or `yes` carries
//! the command out. Ctrl-C while asked, or the end of input before an answer,
//! quits at once without carrying it out. The low-time bell rings from a
//! timer set for the instant our running clock falls under ten seconds.

use std::collections::VecDeque;
use std::io::Write;
use std::time::Instant;

use amazons_core::{Move, PlayerKind, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, ComputerOffer, MatchId, MatchStatus, MatchSummary,
};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use crate::cli::{PlayArgs, parse_side};
use crate::face::bell::{Bell, LowTimeWatch, Ring};
use crate::face::help::{PLAIN_PLAY, RULES};
use crate::face::labels::{
    ABORT_GAME, LEAVE_LIVE_GAME, RESIGN_LIVE_GAME, format_clock, move_number, status_word,
};
use crate::face::text_board::board_text;
use crate::net::connection::{Backoff, Greeting, NetEvent, connect};
use crate::net::match_view::Change;
use crate::net::seat_store::SeatStore;
use crate::net::session::{MatchSession, SessionEvent};
use crate::store::state_dir::state_dir;
use crate::tui::computer_form;

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

/// The plain client's state.
struct PlainPlay<W: Write> {
    /// Where the transcript goes.
    out: W,
    /// Messages to the server.
    outbox: UnboundedSender<ClientMessage>,
    /// The match followed.
    session: MatchSession,
    /// Lines not yet carried out.
    queue: VecDeque<String>,
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
    asked: Option<String>,
    /// The first waiting line was answered yes: carry it out unasked.
    confirmed: bool,
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
                        Some(line) => play.queue.push_back(line),
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
            confirmed: false,
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

    /// Asks `question` before `command` when a live game is at stake and the
    /// line was not answered yes already; says whether it asked.
    fn ask_first(&mut self, command: &str, question: &str) -> anyhow::Result<bool> {
        if self.confirmed || !self.session.in_live_game() {
            return Ok(false);
        }
        writeln!(self.out, "{question} (y/n)")?;
        self.asked = Some(command.to_string());
        Ok(true)
    }

    /// Takes `line` as the answer to the open question: yes puts the
    /// command back first in line, confirmed; anything else drops it.
    fn answer(&mut self, command: String, line: &str) -> anyhow::Result<()> {
        self.queue.pop_front();
        if matches!(line.trim().to_lowercase().as_str(), "y" | "yes") {
            self.queue.push_front(command);
            self.confirmed = true;
        } else if self.session.in_live_game() {
            writeln!(self.out, "kept playing")?;
        } else {
            writeln!(self.out, "{command} cancelled")?;
        }
        Ok(())
    }

    fn run_queue(&mut self) -> anyhow::Result<Line> {
        while let Some(line) = self.queue.front().cloned() {
            if let Some(command) = self.asked.take() {
                self.answer(command, &line)?;
                continue;
            }
            match self.execute(line.trim())? {
                Line::Done => {
                    self.queue.pop_front();
                    self.told_waiting = false;
                    self.confirmed = false;
                }
                Line::Wait => {
                    let waiting_move = line
                        .trim()
                        .parse::<Move>()
                        .ok()
                        .filter(|_| self.greeted && !self.session.is_seating());
                    if let (Some(m), false) = (waiting_move, self.told_waiting) {
                        writeln!(self.out, "{m} will be played when it is your turn")?;
                        self.told_waiting = true;
                    }
                    return Ok(Line::Wait);
                }
                Line::Quit => return Ok(Line::Quit),
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

    fn execute(&mut self, line: &str) -> anyhow::Result<Line> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if (self.session.is_seating() || self.listing || !self.greeted) && !words.is_empty() {
            return Ok(Line::Wait);
        }
        match words.as_slice() {
            [] => {}
            ["help" | "?"] => writeln!(self.out, "{RULES}\n\n{PLAIN_PLAY}")?,
            ["quit"] if self.ask_first("quit", LEAVE_LIVE_GAME)? => {}
            ["quit"] => return Ok(Line::Quit),
            ["list"] => {
                self.listing = true;
                let _ = self.outbox.send(ClientMessage::ListMatches);
            }
            ["board"] => self.print_board()?,
            ["create", rest @ ..] => match game_settings(rest) {
                Ok((time_control, color, None)) => {
                    self.session.create(time_control, color, None);
                }
                Ok((_, _, Some(_))) => {
                    writeln!(self.out, "a think time is for `computer` games")?;
                }
                Err(e) => writeln!(self.out, "{e}")?,
            },
            ["computer"] => self.list_computer()?,
            ["computer", opponent, rest @ ..] => {
                let Some(offer) = &self.computer else {
                    writeln!(self.out, "this server offers no computer opponents")?;
                    return Ok(Line::Done);
                };
                let request = match computer_form::named(offer, opponent) {
                    Ok(request) => request,
                    Err(e) => {
                        writeln!(self.out, "{e}")?;
                        return Ok(Line::Done);
                    }
                };
                match game_settings(rest) {
                    Ok((time_control, color, think_ms)) => {
                        let request = match think_ms {
                            Some(ms) => request.with_think_ms(ms),
                            None => request,
                        };
                        self.session.create(time_control, color, Some(request));
                    }
                    Err(e) => writeln!(self.out, "{e}")?,
                }
            }
            ["join", id, rest @ ..] => match self.match_named(id) {
                Ok(match_id) => {
                    let seat = rest.first().and_then(|w| parse_side(w));
                    if !self.session.resume_saved_match(match_id) {
                        self.session.join(match_id, seat);
                    }
                }
                Err(e) => writeln!(self.out, "{e}")?,
            },
            ["watch", id] => match self.match_named(id) {
                Ok(match_id) => self.session.spectate(match_id),
                Err(e) => writeln!(self.out, "{e}")?,
            },
            [command @ ("resign" | "abort" | "rematch" | "decline" | "leave")] => {
                let Some(view) = self.session.view() else {
                    writeln!(self.out, "you are not in a match")?;
                    return Ok(Line::Done);
                };
                let over = view.outcome.is_some();
                let started = view.status != MatchStatus::Waiting;
                let result = match *command {
                    _ if self.session.move_in_flight() => return Ok(Line::Wait),
                    "resign" if !over && !started => return Ok(Line::Wait),
                    "rematch" if !over => return Ok(Line::Wait),
                    "resign" | "abort" if over => Err("the game is over"),
                    "resign" if self.ask_first("resign", RESIGN_LIVE_GAME)? => Ok(()),
                    "abort" if self.ask_first("abort", ABORT_GAME)? => Ok(()),
                    "resign" => self.session.resign(),
                    "abort" => self.session.abort(),
                    "rematch" => self.session.rematch(),
                    "decline" => self.session.decline_rematch(),
                    _ => self.session.leave().map(|_| ()),
                };
                if let Err(e) = result {
                    writeln!(self.out, "{e}")?;
                }
            }
            _ => return self.play_move(line),
        }
        self.flush();
        Ok(Line::Done)
    }

    /// `computer` alone: what the server offers, in its words.
    fn list_computer(&mut self) -> anyhow::Result<()> {
        let Some(offer) = &self.computer else {
            writeln!(self.out, "this server offers no computer opponents")?;
            return Ok(());
        };
        writeln!(
            self.out,
            "computer opponents (`computer LEVEL|ENGINE [think SECS] [white|black|random] [untimed|MIN+SEC]`):"
        )?;
        for opponent in computer_form::opponents(offer) {
            writeln!(self.out, "  {:<9} {}", opponent.label, opponent.description)?;
        }
        writeln!(
            self.out,
            "think time: {} ms a move unless given, at most {} ms",
            offer.think_ms.default, offer.think_ms.max
        )?;
        Ok(())
    }

    fn play_move(&mut self, line: &str) -> anyhow::Result<Line> {
        let m = match line.parse::<Move>() {
            Ok(m) => m,
            Err(e) => {
                writeln!(self.out, "not a command or a move: {e} (`help` lists them)")?;
                return Ok(Line::Done);
            }
        };
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
        self.flush();
        Ok(Line::Done)
    }

    fn print_board(&mut self) -> anyhow::Result<()> {
        let Some(view) = self.session.view() else {
            writeln!(self.out, "no match on the board")?;
            return Ok(());
        };
        let now = Instant::now();
        let clock = |side: Side| {
            view.clock
                .remaining(side, now)
                .map(|d| format!(" {}", format_clock(d)))
                .unwrap_or_default()
        };
        writeln!(
            self.out,
            "black: {}{}",
            view.name(Side::Second),
            clock(Side::Second)
        )?;
        writeln!(self.out, "{}", board_text(&view.position))?;
        writeln!(
            self.out,
            "white: {}{}",
            view.name(Side::First),
            clock(Side::First)
        )?;
        match (view.outcome, view.status) {
            (Some(outcome), _) => writeln!(self.out, "game over: {outcome}")?,
            (None, MatchStatus::Waiting) => writeln!(self.out, "waiting for an opponent")?,
            (None, _) if view.our_turn() => writeln!(
                self.out,
                "your move ({}), move {}",
                view.position.turn(),
                move_number(view.ply())
            )?,
            (None, _) => writeln!(self.out, "{} to move", view.position.turn())?,
        }
        Ok(())
    }

    fn summary_line(summary: &MatchSummary) -> String {
        let seat = |side: Side| {
            summary
                .seats
                .get(side)
                .map_or_else(|| "(free)".to_string(), |s| s.name.clone())
        };
        format!(
            "  {}  white: {}  black: {}  {}  {}  ply {}  {} watching",
            summary.id,
            seat(Side::First),
            seat(Side::Second),
            summary.time_control,
            status_word(summary.status),
            summary.ply,
            summary.spectators
        )
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
        use amazons_protocol::ServerMessage;
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
                writeln!(self.out, "{} match(es):", matches.len())?;
                for summary in matches {
                    writeln!(self.out, "{}", Self::summary_line(summary))?;
                }
            }
            ServerMessage::ServerShutdown { message } => writeln!(self.out, "server: {message}")?,
            _ => {}
        }
        let event = self.session.on_message(&message, Instant::now())?;
        self.on_session_event(event, &message)?;
        self.flush();
        Ok(())
    }

    fn on_session_event(
        &mut self,
        event: SessionEvent,
        message: &amazons_protocol::ServerMessage,
    ) -> anyhow::Result<()> {
        match event {
            SessionEvent::Nothing => {}
            SessionEvent::Seated { match_id, seat } => {
                writeln!(self.out, "joined match {match_id} as {seat}")?;
            }
            SessionEvent::Snapshot {
                ended_while_away, ..
            } => {
                self.print_board()?;
                if let Some(outcome) = ended_while_away {
                    writeln!(self.out, "game over while you were away: {outcome}")?;
                }
            }
            SessionEvent::Left(match_id) => writeln!(self.out, "left match {match_id}")?,
            SessionEvent::Replaced(match_id) => writeln!(
                self.out,
                "another connection took over your seat in match {match_id}"
            )?,
            SessionEvent::Removed(match_id) => {
                writeln!(self.out, "match {match_id} is gone from the server")?;
            }
            SessionEvent::RematchStarted { new_match_id } => {
                writeln!(self.out, "rematch: new match {new_match_id}")?;
            }
            SessionEvent::Refused { message, code, .. } => {
                self.listing = false;
                writeln!(self.out, "refused: {message} ({code:?})")?;
            }
            SessionEvent::Changed(change) => self.on_change(change, message)?,
        }
        Ok(())
    }

    fn on_change(
        &mut self,
        change: Change,
        message: &amazons_protocol::ServerMessage,
    ) -> anyhow::Result<()> {
        let Some(view) = self.session.view() else {
            return Ok(());
        };
        let playing = view.you.is_some();
        match change {
            Change::Nothing => {}
            Change::Seats => {
                let offer = view.rematch_offer;
                match offer {
                    Some(by) if Some(by) != view.you => writeln!(
                        self.out,
                        "{by} offers a rematch: type `rematch` to accept or `decline`"
                    )?,
                    Some(by) => writeln!(self.out, "{by} offered a rematch")?,
                    None => writeln!(
                        self.out,
                        "white: {}  black: {}  ({} watching)",
                        view.name(Side::First),
                        view.name(Side::Second),
                        view.spectators
                    )?,
                }
            }
            Change::Started => {
                writeln!(
                    self.out,
                    "game started: {} (white) vs {} (black)",
                    view.name(Side::First),
                    view.name(Side::Second)
                )?;
                if playing {
                    self.bell.ring(Ring::OpponentJoined);
                }
                self.print_board()?;
            }
            Change::Moved(m) => {
                let (ply, mover) = (view.ply() - 1, view.position.turn().opponent());
                writeln!(self.out, "{} {mover} plays {m}", move_number(ply))?;
                if playing && view.you != Some(mover) {
                    self.bell.ring(Ring::OpponentMoved);
                }
                self.print_board()?;
            }
            Change::Over(outcome) => {
                let record = match message {
                    amazons_protocol::ServerMessage::GameOver {
                        record_id: Some(id),
                        ..
                    } => format!(" (record {id})"),
                    _ => String::new(),
                };
                writeln!(self.out, "game over: {outcome}{record}")?;
                if playing {
                    self.bell.ring(Ring::GameOver);
                }
            }
            Change::OutOfStep => {
                writeln!(self.out, "out of step with the server; resynchronising")?;
            }
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

/// The words after `create` or `computer LEVEL`: a time control, a colour,
/// and (for the computer) `think SECS`.
fn game_settings(words: &[&str]) -> Result<(TimeControl, ColorPreference, Option<u64>), String> {
    let mut time_control = TimeControl::Untimed;
    let mut color = ColorPreference::Random;
    let mut think_ms = None;
    let mut words = words.iter();
    while let Some(word) = words.next() {
        match (parse_side(word), *word) {
            (Some(Side::First), _) => color = ColorPreference::White,
            (Some(Side::Second), _) => color = ColorPreference::Black,
            (None, "random") => color = ColorPreference::Random,
            (None, "think") => {
                let seconds = words
                    .next()
                    .and_then(|w| w.parse::<f64>().ok())
                    .filter(|s| *s > 0.0 && s.is_finite())
                    .ok_or("`think` takes seconds, like `think 2`")?;
                think_ms = Some((seconds * 1000.0).round() as u64);
            }
            (None, text) => {
                time_control = text.parse::<TimeControl>().map_err(|e| e.to_string())?;
            }
        }
    }
    Ok((time_control, color, think_ms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_protocol::ServerMessage;
    use tokio::sync::mpsc::UnboundedReceiver;

    const ID: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";

    fn plain() -> (PlainPlay<Vec<u8>>, UnboundedReceiver<ClientMessage>) {
        let (outbox, sent) = unbounded_channel();
        let play = PlainPlay::new(Vec::new(), outbox, SeatStore::in_memory(), Bell::new(true));
        (play, sent)
    }

    fn message(json: &str) -> NetEvent {
        NetEvent::Message(ServerMessage::decode(json).unwrap())
    }

    fn drain(sent: &mut UnboundedReceiver<ClientMessage>) -> Vec<ClientMessage> {
        std::iter::from_fn(|| sent.try_recv().ok()).collect()
    }

    fn output(play: &PlainPlay<Vec<u8>>) -> String {
        String::from_utf8_lossy(&play.out).into_owned()
    }

    fn type_line(play: &mut PlainPlay<Vec<u8>>, line: &str) {
        play.queue.push_back(line.into());
        play.run_queue().unwrap();
    }

    #[test]
    fn a_move_typed_early_waits_for_the_turn_and_moves_are_numbered_like_the_board() {
        let (mut play, mut sent) = plain();
        play.on_event(NetEvent::Connected).unwrap();
        play.on_event(message(r#"{"type":"welcome","protocol":1,"server":"amazons-server 0.1.0","name":"bob","max_message_bytes":4096,"grace_ms":60000}"#)).unwrap();
        play.on_event(message(&format!(r#"{{"type":"match_list","matches":[{{"id":"{ID}","seats":{{"white":{{"name":"ann","kind":"human","connected":true}},"black":null}},"spectators":0,"status":"waiting","time_control":{{"kind":"untimed"}},"ply":0,"outcome":null}}]}}"#))).unwrap();
        type_line(&mut play, "join 6f1c");
        let match_id: MatchId = ID.parse().unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Join {
                match_id,
                seat: None
            }],
            "a prefix of a listed id will do"
        );
        type_line(&mut play, "a7 b7 c7");
        play.on_event(message(&format!(
            r#"{{"type":"joined","match_id":"{ID}","seat":"black","token":"5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"}}"#
        )))
        .unwrap();
        let snapshot = format!(
            r#"{{"type":"snapshot","match_id":"{ID}","you":"black","seats":{{"white":{{"name":"ann","kind":"human","connected":true}},"black":{{"name":"bob","kind":"human","connected":true}}}},"spectators":0,"status":"playing","time_control":{{"kind":"untimed"}},"initial_fen":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1","moves":[],"fen":"-","ply":0,"turn":"white","clocks":null,"outcome":null,"rematch_offer":null}}"#
        );
        play.on_event(message(&snapshot)).unwrap();
        play.run_queue().unwrap();
        assert!(drain(&mut sent).is_empty(), "white moves first");
        assert!(output(&play).contains("a7-b7/c7 will be played when it is your turn"));
        play.on_event(message(&format!(r#"{{"type":"move_played","match_id":"{ID}","ply":0,"move":"d1-d7/g7","side":"white","time_ms":1,"clocks":null}}"#))).unwrap();
        play.run_queue().unwrap();
        assert!(matches!(
            drain(&mut sent).as_slice(),
            [ClientMessage::Move { ply: 1, .. }]
        ));
        play.on_event(message(&format!(r#"{{"type":"move_played","match_id":"{ID}","ply":1,"move":"a7-b7/c7","side":"black","time_ms":1,"clocks":null}}"#))).unwrap();
        let text = output(&play);
        assert!(text.contains("1. white plays d1-d7/g7"), "{text}");
        assert!(text.contains("1... black plays a7-b7/c7"), "{text}");
        assert_eq!(play.bell.rung(), [Ring::OpponentMoved]);
        type_line(&mut play, "help");
        assert!(!output(&play).contains("click"), "plain help has no mouse");
    }

    #[test]
    fn the_computer_is_named_by_level_and_a_level_not_offered_names_the_range() {
        let (mut play, mut sent) = plain();
        play.on_event(NetEvent::Connected).unwrap();
        let welcome = ServerMessage::Welcome {
            protocol: 1,
            server: "amazons-server".into(),
            name: "ann".into(),
            max_message_bytes: 4096,
            grace_ms: 60_000,
            computer: Some(crate::tui::computer_form::tests::offer()),
        };
        play.on_event(NetEvent::Message(welcome)).unwrap();
        type_line(&mut play, "computer");
        assert!(
            output(&play).contains("level 1   random mover"),
            "{}",
            output(&play)
        );
        type_line(&mut play, "computer 9");
        assert!(output(&play).contains("level 9: this server offers levels 1 to 7"));
        assert!(drain(&mut sent).is_empty());
        type_line(&mut play, "computer 5 think 2 black 5+3");
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::CreateMatch {
                time_control: "5+3".parse().unwrap(),
                color: ColorPreference::Black,
                computer: Some(amazons_protocol::ComputerRequest::level(5).with_think_ms(2000)),
            }]
        );
    }

    /// A client in match `ID` as white, `status`, white to move with
    /// `white_ms` running on its clock (untimed without).
    fn seated(
        status: &str,
        white_ms: Option<u64>,
    ) -> (PlainPlay<Vec<u8>>, UnboundedReceiver<ClientMessage>) {
        let (mut play, mut sent) = plain();
        play.on_event(NetEvent::Connected).unwrap();
        play.on_event(message(r#"{"type":"welcome","protocol":1,"server":"amazons-server 0.1.0","name":"ann","max_message_bytes":4096,"grace_ms":60000}"#)).unwrap();
        play.session.join(ID.parse().unwrap(), None);
        play.on_event(message(&format!(
            r#"{{"type":"joined","match_id":"{ID}","seat":"white","token":"5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"}}"#
        )))
        .unwrap();
        let (time_control, clocks) = match white_ms {
            Some(ms) => (
                r#"{"kind":"fischer","initial_ms":60000,"increment_ms":0}"#.to_string(),
                format!(r#"{{"white_ms":{ms},"black_ms":60000,"running":"white"}}"#),
            ),
            None => (r#"{"kind":"untimed"}"#.to_string(), "null".to_string()),
        };
        let black = match status {
            "waiting" => "null",
            _ => r#"{"name":"bob","kind":"human","connected":true}"#,
        };
        play.on_event(message(&format!(
            r#"{{"type":"snapshot","match_id":"{ID}","you":"white","seats":{{"white":{{"name":"ann","kind":"human","connected":true}},"black":{black}}},"spectators":0,"status":"{status}","time_control":{time_control},"initial_fen":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1","moves":[],"fen":"-","ply":0,"turn":"white","clocks":{clocks},"outcome":null,"rematch_offer":null}}"#
        )))
        .unwrap();
        drain(&mut sent);
        (play, sent)
    }

    /// Types `line` and says what became of the queue.
    fn typed(play: &mut PlainPlay<Vec<u8>>, line: &str) -> Line {
        play.queue.push_back(line.into());
        play.run_queue().unwrap()
    }

    #[test]
    fn resign_abort_and_quit_in_a_live_game_ask_first_and_only_yes_goes_ahead() {
        let (mut play, mut sent) = seated("playing", None);
        assert_eq!(typed(&mut play, "resign"), Line::Done);
        assert!(
            output(&play).ends_with("Resign this game? (y/n)\n"),
            "{}",
            output(&play)
        );
        assert_eq!(typed(&mut play, "n"), Line::Done);
        assert!(output(&play).ends_with("kept playing\n"));
        assert!(drain(&mut sent).is_empty(), "no resignation on no");
        typed(&mut play, "resign");
        typed(&mut play, "d1 d7 g7");
        assert!(drain(&mut sent).is_empty(), "a move is no yes");
        assert!(output(&play).ends_with("kept playing\n"));
        typed(&mut play, "resign");
        typed(&mut play, "YES");
        let match_id: MatchId = ID.parse().unwrap();
        assert_eq!(
            drain(&mut sent),
            [ClientMessage::Resign {
                match_id,
                token: play.session.view().and_then(|v| v.token),
            }]
        );
        typed(&mut play, "abort");
        assert!(output(&play).ends_with(
            "Abort this game? Nobody wins (allowed until both sides have moved). (y/n)\n"
        ));
        typed(&mut play, "y");
        assert!(matches!(
            drain(&mut sent).as_slice(),
            [ClientMessage::Abort { .. }]
        ));
        assert_eq!(typed(&mut play, "quit"), Line::Done, "asked, not quit");
        assert!(output(&play).contains("Leave the game? Your seat is kept for 60 s"));
        assert_eq!(typed(&mut play, "y"), Line::Quit);
    }

    #[test]
    fn nothing_is_asked_when_nothing_is_at_stake() {
        let (mut play, _sent) = seated("waiting", None);
        assert_eq!(typed(&mut play, "quit"), Line::Quit, "not started");
        let (mut play, mut sent) = seated("waiting", None);
        typed(&mut play, "abort");
        assert!(matches!(
            drain(&mut sent).as_slice(),
            [ClientMessage::Abort { .. }]
        ));
        let (mut play, _sent) = seated("playing", None);
        play.on_event(message(&format!(
            r#"{{"type":"game_over","match_id":"{ID}","winner":"black","reason":"resignation","clocks":null}}"#
        )))
        .unwrap();
        assert!(output(&play).contains("game over"), "{}", output(&play));
        assert_eq!(typed(&mut play, "quit"), Line::Quit, "game over");
        let (mut play, _sent) = plain();
        play.on_event(NetEvent::Connected).unwrap();
        play.on_event(message(r#"{"type":"welcome","protocol":1,"server":"amazons-server 0.1.0","name":"cy","max_message_bytes":4096,"grace_ms":60000}"#)).unwrap();
        play.session.spectate(ID.parse().unwrap());
        play.on_event(message(&format!(
            r#"{{"type":"snapshot","match_id":"{ID}","you":null,"seats":{{"white":{{"name":"ann","kind":"human","connected":true}},"black":{{"name":"bob","kind":"human","connected":true}}}},"spectators":1,"status":"playing","time_control":{{"kind":"untimed"}},"initial_fen":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1","moves":[],"fen":"-","ply":0,"turn":"white","clocks":null,"outcome":null,"rematch_offer":null}}"#
        )))
        .unwrap();
        assert!(play.session.view().is_some_and(|v| v.you.is_none()));
        assert_eq!(typed(&mut play, "resign"), Line::Done);
        assert!(output(&play).contains("you are not playing in a match"));
        assert_eq!(typed(&mut play, "quit"), Line::Quit, "watching");
        assert!(!output(&play).contains("(y/n)"));
    }

    #[test]
    fn ctrl_c_or_the_end_of_input_while_asked_quits_without_doing_it() {
        let (mut play, mut sent) = seated("playing", None);
        typed(&mut play, "resign");
        assert_eq!(play.on_interrupt().unwrap(), Line::Quit, "at once");
        let (mut play, mut sent_too) = seated("playing", None);
        play.input_closed = true;
        assert_eq!(typed(&mut play, "resign"), Line::Quit);
        assert!(
            output(&play).contains("input ended before an answer: quitting without `resign`"),
            "{}",
            output(&play)
        );
        assert!(drain(&mut sent).is_empty() && drain(&mut sent_too).is_empty());
    }

    #[test]
    fn the_bell_rings_once_when_our_running_clock_falls_under_ten_seconds() {
        let before = Instant::now();
        let (mut play, _sent) = seated("playing", Some(12_000));
        let after = Instant::now();
        let due = play
            .low_time
            .due(play.session.view())
            .expect("our clock runs");
        let two = std::time::Duration::from_secs(2);
        assert!(before + two <= due && due <= after + two, "12 s - 10 s");
        let tick = std::time::Duration::from_millis(1);
        play.ring_low_time(due - tick).unwrap();
        assert!(play.bell.rung().is_empty(), "over 10 s");
        play.ring_low_time(due).unwrap();
        play.ring_low_time(due + two).unwrap();
        assert_eq!(play.bell.rung(), [Ring::LowTime], "once");
        assert_eq!(
            output(&play)
                .matches("under 10 s left on your clock")
                .count(),
            1
        );
        assert_eq!(
            play.low_time.due(play.session.view()),
            None,
            "the timer is off"
        );

        let (mut play, _sent) = seated("playing", Some(60_000));
        play.on_event(message(&format!(r#"{{"type":"move_played","match_id":"{ID}","ply":0,"move":"d1-d7/g7","side":"white","time_ms":1,"clocks":{{"white_ms":5000,"black_ms":60000,"running":"black"}}}}"#))).unwrap();
        assert_eq!(play.low_time.due(play.session.view()), None, "black's turn");
        play.ring_low_time(Instant::now()).unwrap();
        assert!(play.bell.rung().is_empty(), "not on the opponent's turn");
    }

    #[test]
    fn ctrl_c_in_a_live_game_warns_once_then_quits() {
        let (mut play, _sent) = plain();
        assert_eq!(play.on_interrupt().unwrap(), Line::Quit, "no game: at once");
        let (mut play, _sent) = plain();
        play.session.join(ID.parse().unwrap(), None);
        let snapshot = format!(
            r#"{{"type":"snapshot","match_id":"{ID}","you":"black","seats":{{"white":{{"name":"ann","kind":"human","connected":true}},"black":{{"name":"bob","kind":"human","connected":true}}}},"spectators":0,"status":"playing","time_control":{{"kind":"untimed"}},"initial_fen":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1","moves":[],"fen":"-","ply":0,"turn":"white","clocks":null,"outcome":null,"rematch_offer":null}}"#
        );
        play.on_event(message(&snapshot)).unwrap();
        assert_eq!(play.on_interrupt().unwrap(), Line::Done);
        assert!(output(&play).contains("Ctrl-C again leaves the game"));
        assert_eq!(play.on_interrupt().unwrap(), Line::Quit);
    }
}
