//! `play`: a person at a server, full screen or line by line.
//!
//! - [`tui`]: `play` full screen.
//! - [`plain`]: `play` line by line.

pub mod plain;
pub mod tui;
