//! Terminal client for the Game of the Amazons: play on a server from a
//! terminal board, run bots that fill empty seats, play offline, replay history.
//!
//! It decides nothing about the rules (it asks `amazons-core`), searches
//! nothing itself (it plays through `amazons-engine`'s players: the built-in
//! engine, or an external UCI, Botzone or SAU engine) and
//! keeps no authority over a networked game (the server does).
//!
//! # Layout
//! Folders by responsibility; most modules are `pub(crate)`, and only what
//! `main.rs` and the tests call is public.
//! - [`tr`]: the language (`--lang`, the locale) and the `t!` lookup of
//!   its messages in `amazons-i18n`'s catalogues.
//! - [`cli`]: the command line (clap).
//! - [`cmd`]: the subcommands: `play` (full screen and plain: loop,
//!   grammar, transcript), `bot`, `local` (the match, and its two faces),
//!   `history`.
//! - [`net`]: the server: address, WebSocket connection, match session
//!   (following the protocol crate's `MatchView`), seat tokens on disk,
//!   HTTP API.
//! - [`store`]: this machine: the state directory, finished games, the
//!   unfinished local game.
//! - [`tui`]: the full-screen face: terminal (entered cleared, restored
//!   after a quit, an error, a panic or a signal), theme, board widget,
//!   pointing at moves, the game screen (state, input, drawing), the lobby,
//!   the computer form, the help and question boxes.
//! - [`report`]: a failure that ends the program, told once and wrapped
//!   at words.
//! - `face`: what both faces share: labels, the text board, the bell, help,
//!   the words both plain modes read.

#[macro_use]
pub mod tr;
pub mod cli;
pub mod cmd;
pub(crate) mod face;
pub mod net;
pub mod report;
pub mod store;
pub mod tui;
