//! The subcommands, one module each, over the shared `net`, `store`, `tui`
//! and `face` parts.
//!
//! - [`play`]: `play`, full screen ([`play::tui`]) or line by line
//!   ([`play::plain`]).
//! - [`bot`]: the `bot` subcommand.
//! - [`local`]: `local` (games without a server): the match, full screen
//!   and plain.
//! - [`history`]: `history` (list, replay, export).
//! - [`leaderboard`]: `leaderboard` (a server's rated players, a player's
//!   page).
//! - [`tournament`]: `tournament` (create, list, show, join and organise).

pub mod bot;
pub mod history;
pub mod leaderboard;
pub mod local;
pub mod play;
pub mod tournament;
