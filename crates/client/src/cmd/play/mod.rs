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

use amazons_core::Side;
use amazons_protocol::MatchView;

/// A player's name as both faces show it, or `(free seat)`.
fn seat_label(view: &MatchView, side: Side) -> String {
    view.seats.get(side).map_or_else(
        || "(free seat)".into(),
        |seat| {
            let away = if seat.connected { "" } else { " (away)" };
            format!("{}{away}", seat.name)
        },
    )
}
