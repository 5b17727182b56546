//! What plain `play` prints: the board with names and clocks, the match
//! list, the computer opponents, and a line for each thing that happens in
//! the match followed. Only text: the loop decides when to print and when
//! to ring the bell.

use std::io::{self, Write};
use std::time::Instant;

use amazons_core::Side;
use amazons_protocol::{
    Change, ComputerOffer, MatchStatus, MatchSummary, MatchView, ServerMessage,
};

use crate::cmd::play::{rating_lines, seat_label};
use crate::face::columns::pad_to;
use crate::face::labels::{format_clock, move_number, name_and_rating};
use crate::face::text_board::board_text;
use crate::face::words::{self, rated_word, status_word};
use crate::net::connection::gives_up_on;
use crate::net::session::SessionEvent;
use crate::tui::computer_form;

/// The board of the match followed, both players with their clocks, and
/// whose move it is.
pub(super) fn board(out: &mut impl Write, view: Option<&MatchView>) -> io::Result<()> {
    let Some(view) = view else {
        return writeln!(out, "{}", t!("plain-no-match-on-board"));
    };
    let now = Instant::now();
    let clock = |side: Side| {
        view.clock
            .remaining(side, now)
            .map(|d| format!(" {}", format_clock(d)))
            .unwrap_or_default()
    };
    let player = |side: Side| {
        t!(
            "plain-player-line",
            side = words::side(side),
            name = format!("{}{}", seat_label(view, side), clock(side))
        )
    };
    writeln!(out, "{}", player(Side::Second))?;
    writeln!(out, "{}", board_text(&view.position))?;
    writeln!(out, "{}", player(Side::First))?;
    let line = match (view.outcome, view.status) {
        (Some(outcome), _) => t!("game-over-notice", outcome = words::outcome(outcome)),
        (None, MatchStatus::Waiting) => t!("plain-waiting-for-opponent"),
        (None, _) if view.our_turn() => t!(
            "plain-your-move",
            side = words::side(view.position.turn()),
            number = move_number(view.ply())
        ),
        (None, _) => t!("to-move", side = words::side(view.position.turn())),
    };
    writeln!(out, "{line}")
}

/// The matches on the server, one a line.
pub(super) fn match_list(out: &mut impl Write, matches: &[MatchSummary]) -> io::Result<()> {
    writeln!(out, "{}", t!("plain-match-count", count = matches.len()))?;
    for summary in matches {
        writeln!(out, "{}", summary_line(summary))?;
    }
    Ok(())
}

fn summary_line(summary: &MatchSummary) -> String {
    let seat = |side: Side| {
        summary
            .seats
            .get(side)
            .map_or_else(|| t!("seat-free"), name_and_rating)
    };
    t!(
        "plain-summary-line",
        id = summary.id.to_string(),
        white = seat(Side::First),
        black = seat(Side::Second),
        time = words::time_control(summary.time_control),
        rated = rated_word(summary.rated),
        status = status_word(summary.status),
        ply = summary.ply,
        watching = summary.spectators
    )
}

/// `computer` alone: what the server offers, in its words.
pub(super) fn computer_offer(
    out: &mut impl Write,
    offer: Option<&ComputerOffer>,
) -> io::Result<()> {
    let Some(offer) = offer else {
        return writeln!(out, "{}", t!("lobby-no-computer"));
    };
    writeln!(out, "{}", t!("plain-computer-heading"))?;
    for opponent in computer_form::opponents(offer) {
        let label = pad_to(&opponent.label, 9);
        writeln!(out, "  {label} {}", opponent.description)?;
    }
    let line = t!(
        "plain-think-time",
        default = offer.think_ms.default,
        most = offer.think_ms.max
    );
    writeln!(out, "{line}")
}

/// What the session made of a server message (a change in the match is
/// [`change`]'s): a line, or for a snapshot the board (`view`, the match
/// followed now).
pub(super) fn session_event(
    out: &mut impl Write,
    event: &SessionEvent,
    view: Option<&MatchView>,
) -> io::Result<()> {
    match event {
        SessionEvent::Nothing | SessionEvent::Changed(_) => Ok(()),
        SessionEvent::Seated { match_id, seat } => {
            let line = t!(
                "plain-joined",
                id = match_id.to_string(),
                side = words::side(*seat)
            );
            writeln!(out, "{line}")
        }
        SessionEvent::Snapshot {
            ended_while_away, ..
        } => {
            board(out, view)?;
            match ended_while_away {
                Some(outcome) => writeln!(
                    out,
                    "{}",
                    t!("game-over-while-away", outcome = words::outcome(*outcome))
                ),
                None => Ok(()),
            }
        }
        SessionEvent::Left(match_id) => {
            writeln!(out, "{}", t!("plain-left", id = match_id.to_string()))
        }
        SessionEvent::Replaced(match_id) => {
            writeln!(out, "{}", t!("seat-taken-over", id = match_id.to_string()))
        }
        SessionEvent::Removed(match_id) => {
            writeln!(out, "{}", t!("plain-match-gone", id = match_id.to_string()))
        }
        SessionEvent::RematchStarted { new_match_id } => {
            let line = t!("rematch-new-match", id = new_match_id.to_string());
            writeln!(out, "{line}")
        }
        // The connection gives up with the reason and the fix: said once.
        SessionEvent::Refused { code, .. } if gives_up_on(*code) => Ok(()),
        SessionEvent::Refused { message, code, .. } => {
            let message = words::server_error(*code, message);
            let line = t!(
                "plain-refused",
                message = message,
                code = format!("{code:?}")
            );
            writeln!(out, "{line}")
        }
    }
}

/// The line for a change in the match followed (`message` is the server's
/// message that made it, for the record id and the rating changes of a
/// finished game; `rated`: whether the match counts for ratings).
pub(super) fn change(
    out: &mut impl Write,
    change: &Change,
    view: &MatchView,
    message: &ServerMessage,
    rated: bool,
) -> io::Result<()> {
    match change {
        Change::Nothing => Ok(()),
        Change::Seats => match view.rematch_offer {
            Some(by) if Some(by) != view.you => {
                writeln!(out, "{}", t!("plain-rematch-offer", side = words::side(by)))
            }
            Some(by) => writeln!(
                out,
                "{}",
                t!("plain-rematch-offered", side = words::side(by))
            ),
            None => writeln!(
                out,
                "{}",
                t!(
                    "plain-seats",
                    white = seat_label(view, Side::First),
                    black = seat_label(view, Side::Second),
                    watching = view.spectators
                )
            ),
        },
        Change::Started => writeln!(
            out,
            "{}",
            t!(
                "plain-game-started",
                white = seat_label(view, Side::First),
                black = seat_label(view, Side::Second),
                rated = rated_word(rated)
            )
        ),
        Change::Moved(m) => {
            let (ply, mover) = (view.ply() - 1, view.position.turn().opponent());
            let line = t!(
                "plain-plays",
                number = move_number(ply),
                side = words::side(mover),
                premove = m.to_string()
            );
            writeln!(out, "{line}")
        }
        Change::Over(outcome) => {
            let margin = match message {
                ServerMessage::GameOver { margin, .. } => *margin,
                _ => None,
            };
            let line = t!(
                "game-over-notice",
                outcome = words::outcome_by(*outcome, margin)
            );
            writeln!(out, "{line}")?;
            // Its own line: a whole id does not fit beside a long outcome in
            // 80 columns, and scripts read it whole.
            if let ServerMessage::GameOver {
                record_id: Some(id),
                ..
            } = message
            {
                writeln!(out, "record: {id}")?;
            }
            if let ServerMessage::GameOver {
                ratings: Some(changes),
                ..
            } = message
            {
                for line in rating_lines(view, changes) {
                    writeln!(out, "rating: {line}")?;
                }
            }
            Ok(())
        }
        Change::OutOfStep => {
            writeln!(out, "{}", t!("plain-out-of-step"))
        }
    }
}
