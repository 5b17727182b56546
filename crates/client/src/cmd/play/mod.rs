//! `play`: a person at a server, full screen or line by line.
//!
//! - [`tui`]: `play` full screen.
//! - [`plain`]: `play` line by line.
//! - `server_rules`: what the server's `welcome` said that both faces
//!   explain (how long a seat is kept, until when a game may be aborted),
//!   and who is away for how long.

pub mod plain;
pub(crate) mod server_rules;
pub mod tui;

use amazons_core::{BySide, Side};
use amazons_protocol::{MatchView, RatingChange};

use crate::face::labels::{name_and_rating, rating_change};

/// A player's name as both faces show it, with their rating when they have
/// one (`ann 1523?`), or `(free seat)`.
fn seat_label(view: &MatchView, side: Side) -> String {
    view.seats.get(side).map_or_else(
        || t!("free-seat"),
        |seat| {
            let away = if seat.connected {
                String::new()
            } else {
                format!(" {}", t!("seat-away-mark"))
            };
            format!("{}{away}", name_and_rating(seat))
        },
    )
}

/// What a rated game did to each side's rating, a line a side as both faces
/// show it at the end: `white ann: 1500? -> 1688? (+188)`.
fn rating_lines(view: &MatchView, changes: &BySide<RatingChange>) -> Vec<String> {
    Side::BOTH
        .into_iter()
        .map(|side| {
            let name = view
                .seats
                .get(side)
                .map_or_else(String::new, |seat| format!(" {}", seat.name));
            let word = crate::face::words::side(side);
            format!("{word}{name}: {}", rating_change(&changes[side]))
        })
        .collect()
}
