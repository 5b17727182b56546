//! Tournaments as data: the formats, the pairing of each round (round robin
//! by Berger tables, Swiss by the FIDE Dutch system), the standings with
//! their tie-breaks, and a round robin's crosstable. No I/O and no clocks:
//! the server keeps a tournament's entrants and rounds, asks this crate for
//! the next round's pairings, the standings and the crosstable, and
//! persists what it is given.
//!
//! Entrants are numbered by their index in the field (`0..n`), in seeding
//! order (the strongest first); the caller maps indices to identities.
//!
//! Scoring: a win is 1 point, a forfeit win 1, a bye 1, a loss 0, a double
//! forfeit 0 for both. How byes, forfeits and missed rounds count in the
//! tie-breaks (a virtual opponent with the entrant's own points, so every
//! value stays whole) is described in [`standings()`]'s module and in
//! `docs/tournaments.md`.

mod berger;
mod crosstable;
pub mod dutch;
mod error;
mod field;
mod format;
mod pairing;
mod round;
mod standings;
mod swiss;
mod tiebreak;

pub use crosstable::{CrossScore, crosstable};
pub use error::PairingError;
pub use field::Field;
pub use format::{EXACT_COMPLETION_ENTRANTS, Format, FormatError, FormatName};
pub use pairing::pair_round;
pub use round::{GameResult, Pairing, Round};
pub use standings::{Standing, standings, tiebreak_order};
pub use tiebreak::Tiebreak;
