//! What this client keeps on this machine: where it keeps things, finished
//! games as JSON records, and the unfinished local game.
//!
//! - `state_dir`: where tokens and the unfinished local game are kept.
//! - [`history`]: finished games as JSON records in a directory.
//! - `analysis`: a local game's analysis, made here and saved beside its
//!   record.
//! - `local_save`: the unfinished local game, for `local --resume`.
//! - [`player_key`]: the secret player key that binds a name on a server.

pub(crate) mod analysis;
pub mod history;
pub(crate) mod local_save;
pub mod player_key;
pub(crate) mod state_dir;
