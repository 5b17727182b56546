//! What the full-screen and the plain face share: the words for clocks,
//! states and moves, the board as text, the bell, and the help texts.
//!
//! - [`analysis`]: a game's analysis in words (evals, classes, the
//!   sparkline, summaries, progress).
//! - [`columns`]: names on one line, cut to a column's width.
//! - [`labels`]: clock readings, match states, counts and move numbers.
//! - [`territory`]: the territory of a position (the engine's view, its
//!   letters, the count and the proven result).
//! - [`text_board`]: the board as plain text for plain mode.
//! - [`bell`]: the terminal bell and what it rings for.
//! - [`help`]: the rules and each screen's keys.
//! - [`plain_command`]: the words both plain modes read alike.
//! - [`words`]: the game's words (sides, outcomes, refusals) in the
//!   client's language.

pub(crate) mod analysis;
pub(crate) mod bell;
pub(crate) mod columns;
pub(crate) mod help;
pub(crate) mod labels;
pub(crate) mod plain_command;
pub(crate) mod territory;
pub(crate) mod text_board;
pub(crate) mod words;
