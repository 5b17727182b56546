//! Terminal client for the Game of the Amazons: play on a server from a
//! terminal board, run bots that fill empty seats, play offline, replay history.
//!
//! It decides nothing about the rules (it asks `amazons-core`), searches
//! nothing itself (it plays through `amazons-engine`'s players: the built-in
//! engine, or an external UCI, Botzone or SAU engine) and
//! keeps no authority over a networked game (the server does).
//!
//! # Layout
//! Screens and their parts:
//! - [`board_view`]: the board widget and the square-to-screen geometry.
//! - [`move_input`]: building a move by pointing (queen, destination, arrow).
//! - [`game_screen`]: the shared game screen (board, players, moves, typing,
//!   help, `y/n` questions, premoves).
//! - [`lobby_screen`]: the lobby screen of `play` (match list, create form).
//! - [`computer_form`]: "play the computer": the server's offer, the form and
//!   plain mode's names for it.
//! - [`theme`]: colours, with their contrast checked.
//! - [`bell`]: the terminal bell and what it rings for.
//! - [`help`]: the rules and each screen's keys.
//! - [`text_board`]: the board as plain text for plain mode.
//! - [`labels`]: clock readings, match states, counts and move numbers.
//!
//! The network side:
//! - [`server_address`]: a server's address, checked, and failures explained.
//! - [`connection`]: the WebSocket connection actor with reconnects and a
//!   closing handle.
//! - [`match_view`]: one server match as this client follows it.
//! - [`session`]: the match session of a connection (view, seat token, join
//!   in progress, move in flight; events in, messages out).
//! - [`seat_store`]: seat tokens on disk, so a restarted client resumes.
//! - [`server_http`]: the server's HTTP API for finished games.
//!
//! On this machine:
//! - [`state_dir`]: where tokens and the unfinished local game are kept.
//! - [`local_save`]: the unfinished local game, for `local --resume`.
//! - [`history_store`]: finished games as JSON records in a directory.
//!
//! The subcommands:
//! - [`cli`]: the command line.
//! - [`terminal`]: full screen in and out, and when to go plain.
//! - [`play_tui`]: `play` full screen.
//! - [`play_plain`]: `play` line by line.
//! - [`bot`]: the `bot` subcommand.
//! - [`local`]: `local` (games without a server).
//! - [`history_cmd`]: `history` (list, replay, export).

pub mod bell;
pub mod board_view;
pub mod bot;
pub mod cli;
pub mod computer_form;
pub mod connection;
pub mod game_screen;
pub mod help;
pub mod history_cmd;
pub mod history_store;
pub mod labels;
pub mod lobby_screen;
pub mod local;
pub mod local_save;
pub mod match_view;
pub mod move_input;
pub mod play_plain;
pub mod play_tui;
pub mod seat_store;
pub mod server_address;
pub mod server_http;
pub mod session;
#[cfg(test)]
mod snapshot;
pub mod state_dir;
pub mod terminal;
pub mod text_board;
pub mod theme;
