//! Glicko-2 ratings derived from the game history, and nothing else.
//!
//! The history is the single source of truth: a [`Ratings`] table is what
//! folding every rated [`GameRecord`](amazons_core::GameRecord) through
//! [`RatingRules`] gives, in the order the games ended. The server folds the
//! records it finds at start-up ([`Ratings::rebuild`]) and then each game as
//! it ends ([`Ratings::record`]); both are the same fold, so a table rebuilt
//! from the files alone equals the live one, value for value. The arena
//! ranks engines with the same table.
//!
//! Which games count is [`RatedGame::of`]: rated at creation, not aborted,
//! both sides identified, by two different ids. Ratings follow the
//! [`PlayerId`](amazons_core::PlayerId), never the name.
//!
//! ```
//! use amazons_core::{BySide, PlayerId, PlayerKind, Side};
//! use amazons_ratings::{Contestant, RatedGame, RatingRules, Ratings};
//!
//! let ann = Contestant::new(PlayerId::new("a"), "ann", PlayerKind::Human);
//! let bob = Contestant::new(PlayerId::new("b"), "bob", PlayerKind::Human);
//! let mut table = Ratings::new(RatingRules::lichess());
//! let game = RatedGame::new("g1", 1_000, BySide::new(ann, bob), Side::First);
//! let change = table.record(game);
//! assert!(change.after.first.rating > 1500.0);
//! assert_eq!(table.ranked(None)[0].name, "ann");
//! ```

mod game;
mod rules;
mod table;

pub use game::{Contestant, RatedGame};
pub use rules::{Glicko, RatingRules};
pub use table::{GameChange, RatingPoint, Ratings, Standing};
