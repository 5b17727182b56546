//! Terminal client for the Game of the Amazons: play on a server from a
//! terminal board, run bots that fill empty seats, play offline, replay history.
//!
//! # Layout
//! - [`board_view`]: the board widget and the square-to-screen geometry.
//! - [`move_input`]: building a move by pointing (queen, destination, arrow).
//! - [`clock`]: the two clocks as shown and counted down.
//! - [`game_screen`]: the shared game screen (board, players, moves, typing, help).
//! - [`help`]: the rules and controls text.
//! - [`text_board`]: the board as plain text for plain mode.
//! - [`local_game`]: a game played on this machine, with take-backs and its record.
//! - [`history_store`]: finished games as JSON records in a directory.
//! - [`chooser`]: what a program that plays must do ([`chooser::MoveChooser`]).
//! - [`uci_engine`]: external engines over UCI, with the restart policy.

pub mod board_view;
pub mod chooser;
pub mod clock;
pub mod game_screen;
pub mod help;
pub mod history_store;
pub mod local_game;
pub mod move_input;
pub mod text_board;
pub mod uci_engine;
