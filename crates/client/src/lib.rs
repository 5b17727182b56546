//! Terminal client for the Game of the Amazons: play on a server from a
//! terminal board, run bots that fill empty seats, play offline, replay history.
//!
//! It decides nothing about the rules (it asks `amazons-core`), searches
//! nothing itself (it plays through `amazons-engine`'s players: the built-in
//! engine, or an external UCI, Botzone or SAU engine) and
//! keeps no authority over a networked game (the server does).
//!
//! # Layout
//! - [`board_view`]: the board widget and the square-to-screen geometry.
//! - [`move_input`]: building a move by pointing (queen, destination, arrow).
//! - [`clock`]: the two clocks as shown and counted down.
//! - [`game_screen`]: the shared game screen (board, players, moves, typing, help).
//! - [`help`]: the rules and controls text.
//! - [`text_board`]: the board as plain text for plain mode.
//! - [`labels`]: time controls and match states in words.
//! - [`local_game`]: a game played on this machine, with take-backs and its record.
//! - [`history_store`]: finished games as JSON records in a directory.
//! - [`cli`]: the command line.
//! - [`terminal`]: full screen in and out, and when to go plain.
//! - [`local`]: the `local` subcommand (games without a server).
//! - [`history_cmd`]: the `history` subcommand (list, replay, export).
//! - [`server_http`]: the server's HTTP API for finished games.
//! - [`connection`]: the WebSocket connection actor with reconnects.
//! - [`match_view`]: one server match as this client follows it.
//! - [`bot`]: the `bot` subcommand.
//! - [`play_plain`]: the `play` subcommand line by line.
//! - [`lobby`]: the lobby screen (match list, create form).
//! - [`play_tui`]: the `play` subcommand full screen.

pub mod board_view;
pub mod bot;
pub mod cli;
pub mod clock;
pub mod connection;
pub mod game_screen;
pub mod help;
pub mod history_cmd;
pub mod history_store;
pub mod labels;
pub mod lobby;
pub mod local;
pub mod local_game;
pub mod match_view;
pub mod move_input;
pub mod play_plain;
pub mod play_tui;
pub mod server_http;
pub mod terminal;
pub mod text_board;
