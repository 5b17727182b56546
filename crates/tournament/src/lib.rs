//! Tournaments as data: the formats, the pairing of each round (round robin
//! by Berger tables, Swiss by the FIDE Dutch system), and the standings with
//! their tie-breaks. No I/O and no clocks: the server keeps a tournament's
//! entrants and rounds, asks this crate for the next round's pairings and for
//! the standings, and persists what it is given.
//!
//! Entrants are numbered by their index in the field (`0..n`), in seeding
//! order (the strongest first); the caller maps indices to identities.

mod format;
mod round;
mod tiebreak;

pub use format::{Format, FormatError};
pub use round::{GameResult, Pairing, Round};
pub use tiebreak::Tiebreak;
