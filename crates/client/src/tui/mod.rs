//! The full-screen face (ratatui + crossterm): the terminal itself, colours,
//! the board widget, pointing at moves, and the screens.
//!
//! - [`terminal`]: full screen in and out, and when to go plain.
//! - [`signals`]: SIGTERM, SIGHUP and SIGINT during the full screen: a
//!   stop the screen loops obey, the terminal restored either way.
//! - `theme`: colours, with their contrast checked.
//! - `board`: the board widget and the square-to-screen geometry.
//! - `move_input`: building a move by pointing (queen, destination, arrow).
//! - `game`: the shared game screen (board, players, moves, typing,
//!   help, `y/n` questions, premoves): its state, input and drawing.
//! - `popup`: the help overlay and the `y/n` question drawn over a screen.
//! - `wrap`: the rows wrapped text takes, so nothing is cut at 80x24.
//! - `lobby`: the lobby screen of `play` (match list, create form).
//! - `computer_form`: "play the computer": the server's offer, the form and
//!   plain mode's names for it.
//! - `territory_options`: "end when decided" and "allow the territory
//!   view", as both create forms offer them.
//! - `tournaments`: the lobby's tournaments (`t`): the list and one
//!   tournament's standings, pairings and organiser's keys.

pub(crate) mod board;
pub(crate) mod computer_form;
pub(crate) mod game;
pub(crate) mod lobby;
pub(crate) mod move_input;
pub(crate) mod popup;
pub mod signals;
#[cfg(test)]
pub(crate) mod snapshot;
pub mod terminal;
pub(crate) mod territory_options;
pub(crate) mod theme;
pub(crate) mod tournaments;
pub(crate) mod wrap;
