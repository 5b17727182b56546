//! `play` in plain mode: the lobby and the game line by line. Input lines are
//! carried out in order, and a line that cannot be carried out yet waits for
//! its moment: a move typed during the opponent's turn is played when the
//! turn comes, `resign` typed before the game starts waits for the start. So
//! a script of lines plays a whole game, and so can a person.

use std::collections::VecDeque;
use std::io::Write;
use std::time::Instant;

use amazons_core::{Move, PlayerKind, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, MatchId, MatchStatus, MatchSummary, SeatToken, ServerMessage,
};
use tokio::sync::mpsc::unbounded_channel;

use crate::cli::{PlayArgs, TimeControlArg, parse_side};
use crate::clock::format_clock;
use crate::connection::{Backoff, Greeting, NetEvent, connect};
use crate::labels::{status_word, time_control_text};
use crate::match_view::{Change, MatchView, seat_token};
use crate::text_board::board_text;

const COMMANDS: &str = "Commands: list, create [untimed|MIN+SEC] [white|black|random], join ID [white|black], \
watch ID, a move (d1-d7/g7), resign, abort, rematch, decline, leave, board, help, quit.";

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
    out: W,
    outbox: tokio::sync::mpsc::UnboundedSender<ClientMessage>,
    /// The match we play or watch.
    current: Option<MatchView>,
    /// The token from the last `joined`, until its snapshot arrives.
    token: Option<(MatchId, SeatToken)>,
    /// Lines not yet carried out.
    queue: VecDeque<String>,
    /// Stdin has ended.
    input_closed: bool,
    /// The ply of the move we sent and the server has not yet answered.
    sent: Option<u32>,
    /// A create or join is on its way.
    seating: bool,
    /// The server has greeted us (lines wait until it has).
    greeted: bool,
    /// A match list was asked for and has not arrived (lines wait for it).
    listing: bool,
    /// The person was told that the first waiting line, a move, waits.
    told_waiting: bool,
}

/// Runs `play --plain`.
pub fn run(args: &PlayArgs, name: String) -> anyhow::Result<()> {
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
            name,
            kind: PlayerKind::Human,
        };
        let mut connection = connect(args.server.clone(), greeting, Backoff::default());
        let mut play = PlainPlay {
            out: std::io::stdout(),
            outbox: connection.outbox.clone(),
            current: None,
            token: None,
            queue: VecDeque::new(),
            input_closed: false,
            sent: None,
            seating: false,
            greeted: false,
            listing: false,
            told_waiting: false,
        };
        writeln!(play.out, "connecting to {} ...", args.server)?;
        writeln!(play.out, "{COMMANDS}")?;
        loop {
            tokio::select! {
                event = connection.events.recv() => {
                    let Some(event) = event else { anyhow::bail!("the connection task ended") };
                    play.on_event(event)?;
                }
                line = lines.recv(), if !play.input_closed => match line {
                    Some(line) => play.queue.push_back(line),
                    None => play.input_closed = true,
                },
            }
            if play.run_queue()? == Line::Quit || play.finished() {
                break;
            }
        }
        play.out.flush()?;
        Ok(())
    })
}

impl<W: Write> PlainPlay<W> {
    fn send(&self, message: ClientMessage) {
        let _ = self.outbox.send(message);
    }

    fn in_game(&self) -> bool {
        self.current.as_ref().is_some_and(|v| v.outcome.is_none())
    }

    /// Input is over and nothing is left to wait for.
    fn finished(&self) -> bool {
        self.input_closed
            && self.queue.is_empty()
            && !self.in_game()
            && !self.seating
            && !self.listing
    }

    fn run_queue(&mut self) -> anyhow::Result<Line> {
        while let Some(line) = self.queue.front().cloned() {
            match self.execute(line.trim())? {
                Line::Done => {
                    self.queue.pop_front();
                    self.told_waiting = false;
                }
                Line::Wait => {
                    let waiting_move = line
                        .trim()
                        .parse::<Move>()
                        .ok()
                        .filter(|_| self.greeted && !self.seating);
                    if let (Some(m), false) = (waiting_move, self.told_waiting) {
                        writeln!(self.out, "{m} will be played when it is your turn")?;
                        self.told_waiting = true;
                    }
                    return Ok(Line::Wait);
                }
                Line::Quit => return Ok(Line::Quit),
            }
        }
        Ok(Line::Done)
    }

    fn execute(&mut self, line: &str) -> anyhow::Result<Line> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if (self.seating || self.listing || !self.greeted) && !words.is_empty() {
            return Ok(Line::Wait);
        }
        match words.as_slice() {
            [] => {}
            ["help" | "?"] => writeln!(self.out, "{COMMANDS}\n{}", crate::help::HELP_TEXT)?,
            ["quit"] => return Ok(Line::Quit),
            ["list"] => {
                self.listing = true;
                self.send(ClientMessage::ListMatches);
            }
            ["board"] => self.print_board()?,
            ["create", rest @ ..] => {
                let mut time_control = TimeControl::Untimed;
                let mut color = ColorPreference::Random;
                for word in rest {
                    match (parse_side(word), *word) {
                        (Some(Side::First), _) => color = ColorPreference::White,
                        (Some(Side::Second), _) => color = ColorPreference::Black,
                        (None, "random") => color = ColorPreference::Random,
                        (None, text) => match text.parse::<TimeControlArg>() {
                            Ok(tc) => time_control = tc.0,
                            Err(e) => {
                                writeln!(self.out, "{e}")?;
                                return Ok(Line::Done);
                            }
                        },
                    }
                }
                self.seating = true;
                self.send(ClientMessage::CreateMatch {
                    time_control,
                    color,
                    computer: None,
                });
            }
            ["join", id, rest @ ..] => match id.parse::<MatchId>() {
                Ok(match_id) => {
                    let seat = rest.first().and_then(|w| parse_side(w));
                    self.seating = true;
                    self.send(ClientMessage::Join { match_id, seat });
                }
                Err(e) => writeln!(self.out, "`{id}` is not a match id: {e}")?,
            },
            ["watch", id] => match id.parse::<MatchId>() {
                Ok(match_id) => self.send(ClientMessage::Spectate { match_id }),
                Err(e) => writeln!(self.out, "`{id}` is not a match id: {e}")?,
            },
            ["resign" | "abort" | "rematch" | "decline" | "leave"] => {
                let Some(view) = self.current.as_ref() else {
                    writeln!(self.out, "you are not in a match")?;
                    return Ok(Line::Done);
                };
                let (match_id, token) = (view.id, view.token);
                let over = view.outcome.is_some();
                let started = view.status != MatchStatus::Waiting;
                match words[0] {
                    _ if self.sent.is_some() => return Ok(Line::Wait),
                    "resign" if !over && !started => return Ok(Line::Wait),
                    "resign" | "abort" if over => writeln!(self.out, "the game is over")?,
                    "resign" => self.send(ClientMessage::Resign { match_id, token }),
                    "abort" => self.send(ClientMessage::Abort { match_id, token }),
                    "rematch" if !over => return Ok(Line::Wait),
                    "rematch" => self.send(ClientMessage::OfferRematch { match_id }),
                    "decline" => self.send(ClientMessage::DeclineRematch { match_id }),
                    _ => {
                        self.send(ClientMessage::Leave { match_id });
                        self.current = None;
                    }
                }
            }
            _ => return self.play_move(line),
        }
        Ok(Line::Done)
    }

    fn play_move(&mut self, line: &str) -> anyhow::Result<Line> {
        let m = match line.parse::<Move>() {
            Ok(m) => m,
            Err(e) => {
                writeln!(self.out, "not a command or a move: {e}")?;
                return Ok(Line::Done);
            }
        };
        let Some(view) = self.current.as_ref().filter(|v| v.you.is_some()) else {
            writeln!(self.out, "you are not playing in a match")?;
            return Ok(Line::Done);
        };
        if view.outcome.is_some() {
            writeln!(self.out, "the game is over")?;
            return Ok(Line::Done);
        }
        if !view.our_turn() || self.sent.is_some() {
            return Ok(Line::Wait);
        }
        if let Err(reason) = view.position.is_legal(m) {
            writeln!(self.out, "illegal: {m}: {reason}")?;
            return Ok(Line::Done);
        }
        let (match_id, ply, token) = (view.id, view.ply(), view.token);
        self.sent = Some(ply);
        self.send(ClientMessage::Move {
            match_id,
            ply,
            mv: m.to_string(),
            token,
        });
        Ok(Line::Done)
    }

    fn print_board(&mut self) -> anyhow::Result<()> {
        let Some(view) = &self.current else {
            writeln!(self.out, "no match on the board")?;
            return Ok(());
        };
        let now = Instant::now();
        let clock = |side: Side| {
            view.clocks
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
                "your move ({}), move {}:",
                view.position.turn(),
                view.ply() + 1
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
            time_control_text(summary.time_control),
            status_word(summary.status),
            summary.ply,
            summary.spectators
        )
    }

    fn on_event(&mut self, event: NetEvent) -> anyhow::Result<()> {
        let now = Instant::now();
        let message = match event {
            NetEvent::Connected => {
                if let Some(view) = &self.current {
                    match (view.you, view.token) {
                        (Some(_), Some(token)) => self.send(ClientMessage::Resume {
                            match_id: view.id,
                            token,
                        }),
                        _ => self.send(ClientMessage::Spectate { match_id: view.id }),
                    }
                }
                return Ok(());
            }
            NetEvent::Reconnecting {
                reason,
                retry_in,
                attempt,
            } => {
                self.greeted = false;
                self.listing = false;
                writeln!(
                    self.out,
                    "connection lost ({reason}); reconnecting in {:.1}s (attempt {attempt})",
                    retry_in.as_secs_f64()
                )?;
                self.sent = None;
                return Ok(());
            }
            NetEvent::Refused(reason) => anyhow::bail!("{reason}"),
            NetEvent::Message(message) => message,
        };
        match &message {
            ServerMessage::Welcome { server, name, .. } => {
                self.greeted = true;
                writeln!(self.out, "connected to {server} as {name}")?;
            }
            ServerMessage::MatchList { matches } => {
                self.listing = false;
                writeln!(self.out, "{} match(es):", matches.len())?;
                for summary in matches {
                    writeln!(self.out, "{}", Self::summary_line(summary))?;
                }
            }
            ServerMessage::Joined {
                match_id,
                seat,
                token,
            } => {
                writeln!(self.out, "joined match {match_id} as {seat}")?;
                self.token = Some((*match_id, *token));
            }
            ServerMessage::Snapshot(snapshot) => {
                let token = seat_token(snapshot.match_id, self.token, self.current.as_ref());
                self.seating = false;
                self.sent = None;
                self.current = Some(MatchView::from_snapshot(snapshot, token, now)?);
                self.print_board()?;
            }
            ServerMessage::Left { match_id } => writeln!(self.out, "left match {match_id}")?,
            ServerMessage::RematchStarted { new_match_id, .. } => {
                writeln!(self.out, "rematch: new match {new_match_id}")?;
                self.seating = self.current.as_ref().is_some_and(|v| v.you.is_some());
            }
            ServerMessage::Replaced { match_id } => {
                writeln!(
                    self.out,
                    "another connection took over your seat in match {match_id}"
                )?;
                self.current = None;
            }
            ServerMessage::ServerShutdown { message } => writeln!(self.out, "server: {message}")?,
            ServerMessage::Error {
                message,
                code,
                match_id,
                ..
            } => {
                writeln!(self.out, "refused: {message} ({code:?})")?;
                self.seating = false;
                if self.sent.take().is_some() {
                    if let Some(view) = self.current.as_ref().filter(|v| Some(v.id) == *match_id) {
                        if let Some(token) = view.token {
                            self.send(ClientMessage::Resume {
                                match_id: view.id,
                                token,
                            });
                        }
                    }
                }
            }
            _ => {}
        }
        let Some(view) = self.current.as_mut() else {
            return Ok(());
        };
        match view.apply(&message, now) {
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
                self.print_board()?;
            }
            Change::Moved(m) => {
                let (ply, mover) = (view.ply(), view.position.turn().opponent());
                if self.sent == Some(ply - 1) {
                    self.sent = None;
                }
                writeln!(self.out, "{ply}. {mover} plays {m}")?;
                self.print_board()?;
            }
            Change::Over(outcome) => {
                self.sent = None;
                let record = match &message {
                    ServerMessage::GameOver {
                        record_id: Some(id),
                        ..
                    } => format!(" (record {id})"),
                    _ => String::new(),
                };
                writeln!(self.out, "game over: {outcome}{record}")?;
            }
            Change::OutOfStep => {
                writeln!(self.out, "out of step with the server; resynchronising")?;
                let resync = match (view.you, view.token) {
                    (Some(_), Some(token)) => ClientMessage::Resume {
                        match_id: view.id,
                        token,
                    },
                    _ => ClientMessage::Spectate { match_id: view.id },
                };
                let _ = self.outbox.send(resync);
            }
        }
        Ok(())
    }
}
