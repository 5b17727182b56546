//! Carrying typed lines out: the queue in order, a line waiting for its
//! moment, the `y/n` questions before what a live game would lose, and each
//! [`PlayCommand`] applied to the session.

use std::io::Write;

use amazons_core::Move;
use amazons_protocol::{ClientMessage, MatchId, MatchStatus};

use super::command::{AtStake, CommandError, GameSettings, PlayCommand, SettingsError};
use super::{Line, PlainPlay, transcript};
use crate::face::help::{plain_play, rules};
use crate::face::plain_command::Answer;
use crate::face::territory::territory_text;
use crate::tui::computer_form;

impl<W: Write> PlainPlay<W> {
    /// Asks before `command` when a live game is at stake and it was not
    /// answered yes already; says whether it asked.
    fn ask_first(&mut self, command: AtStake, confirmed: bool) -> anyhow::Result<bool> {
        let Some(view) = self.session.view().filter(|_| self.session.in_live_game()) else {
            return Ok(false);
        };
        if confirmed {
            return Ok(false);
        }
        let question = match command {
            AtStake::Quit => self.rules.leave_question(view),
            other => other.question().to_string(),
        };
        writeln!(self.out, "{}", t!("plain-question", question = question))?;
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
            writeln!(self.out, "{}", t!("plain-kept-playing"))?;
        } else {
            let line = t!("plain-cancelled", command = command.to_string());
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    /// Carries out what can be carried out now: a command answered yes,
    /// then the queued lines in order, until one has to wait.
    pub(super) fn run_queue(&mut self) -> anyhow::Result<Line> {
        loop {
            let outcome = if let Some(command) = self.confirmed {
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
            match outcome {
                Line::Done => self.told_waiting = false,
                wait_or_quit => return Ok(wait_or_quit),
            }
        }
        if let (Some(command), true) = (&self.asked, self.input_closed) {
            let seat = match self.session.view().filter(|_| self.session.in_live_game()) {
                Some(view) => format!(" ({})", self.rules.seat_kept(view)),
                None => String::new(),
            };
            let line = t!(
                "plain-input-ended",
                command = command.to_string(),
                seat = seat
            );
            writeln!(self.out, "{line}")?;
            return Ok(Line::Quit);
        }
        Ok(Line::Done)
    }

    /// Says once that the first waiting line, a move, waits for the turn.
    fn tell_waiting(&mut self, command: &Result<PlayCommand, CommandError>) -> anyhow::Result<()> {
        if let (Ok(PlayCommand::Move(m)), false) = (command, self.told_waiting) {
            if self.greeted && !self.session.is_seating() {
                let line = t!("plain-move-waits", premove = m.to_string());
                writeln!(self.out, "{line}")?;
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
            [] => Err(t!("plain-no-such-match", text = text)),
            _ => Err(t!(
                "plain-several-matches",
                text = text,
                count = matching.len()
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
            PlayCommand::Help => writeln!(self.out, "{}\n\n{}", rules(), plain_play())?,
            PlayCommand::Quit if self.ask_first(AtStake::Quit, confirmed)? => {}
            PlayCommand::Quit => {
                self.say_farewell()?;
                return Ok(Line::Quit);
            }
            PlayCommand::List => {
                self.listing = true;
                let _ = self.outbox.send(ClientMessage::ListMatches);
            }
            PlayCommand::Board => transcript::board(&mut self.out, self.session.view())?,
            PlayCommand::Territory => match self.session.view() {
                None => writeln!(self.out, "{}", t!("not-in-a-match"))?,
                Some(view)
                    if view.you.is_some()
                        && view.outcome.is_none()
                        && !self.session.assistance() =>
                {
                    writeln!(self.out, "{}", t!("territory-not-allowed"))?;
                }
                Some(view) => writeln!(self.out, "{}", territory_text(&view.position))?,
            },
            PlayCommand::Claim => {
                if let Err(why) = self.session.claim() {
                    writeln!(self.out, "{why}")?;
                }
            }
            PlayCommand::Create {
                time_control,
                color,
                rules,
            } => self.session.create(*time_control, *color, None, *rules),
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
        settings: &Result<GameSettings, SettingsError>,
    ) -> anyhow::Result<()> {
        let Some(offer) = &self.computer else {
            writeln!(self.out, "{}", t!("lobby-no-computer"))?;
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
                self.session.create(
                    settings.time_control,
                    settings.color,
                    Some(request),
                    settings.rules(),
                );
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
            writeln!(self.out, "{}", t!("not-in-a-match"))?;
            return Ok(Line::Done);
        };
        let over = view.outcome.is_some();
        let started = view.status != MatchStatus::Waiting;
        let result = match command {
            _ if self.session.move_in_flight() => return Ok(Line::Wait),
            PlayCommand::Resign if !over && !started => return Ok(Line::Wait),
            PlayCommand::Rematch if !over => return Ok(Line::Wait),
            PlayCommand::Resign | PlayCommand::Abort if over => Err(t!("game-is-over")),
            PlayCommand::Abort if started && !self.rules.may_abort(view) => {
                Err(self.rules.too_late_to_abort())
            }
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

    fn play_move(&mut self, m: Move) -> anyhow::Result<Line> {
        let Some(view) = self.session.view().filter(|v| v.you.is_some()) else {
            writeln!(self.out, "{}", t!("not-playing"))?;
            return Ok(Line::Done);
        };
        if view.outcome.is_some() {
            writeln!(self.out, "{}", t!("game-is-over"))?;
            return Ok(Line::Done);
        }
        if !self.session.can_move() {
            return Ok(Line::Wait);
        }
        if let Err(reason) = self.session.play(m) {
            writeln!(
                self.out,
                "{}",
                t!("plain-illegal", reason = reason.to_string())
            )?;
        }
        Ok(Line::Done)
    }
}
