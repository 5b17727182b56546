//! Ratings as clients see them: a Glicko-2 rating rounded for display, and
//! the change a rated game made. The server's ratings crate computes them
//! from the history; these are only the wire shapes.

use serde::{Deserialize, Serialize};

/// A player's rating as shown beside their name: `1523` or, while the
/// deviation is still large, `1523?` (as lichess marks a provisional rating).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Rating {
    /// The Glicko-2 rating, rounded.
    pub rating: i32,
    /// The rating deviation, rounded: about half the width of a 95% interval.
    pub deviation: i32,
    /// Whether the rating is provisional (deviation above 110): too few
    /// recent games to say much yet.
    pub provisional: bool,
}

impl std::fmt::Display for Rating {
    /// `1523`, or `1523?` when provisional.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.rating)?;
        if self.provisional {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// What a rated game did to one player's rating.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before the game.
    pub before: Rating,
    /// After it.
    pub after: Rating,
}

impl RatingChange {
    /// The change in rating points, `+12` or `-7` when shown with `{:+}`.
    pub fn delta(&self) -> i32 {
        self.after.rating - self.before.rating
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_provisional_rating_shows_a_question_mark_and_a_change_its_sign() {
        let before = Rating {
            rating: 1500,
            deviation: 500,
            provisional: true,
        };
        let after = Rating {
            rating: 1688,
            deviation: 300,
            provisional: true,
        };
        assert_eq!(before.to_string(), "1500?");
        let settled = Rating {
            provisional: false,
            ..after
        };
        assert_eq!(settled.to_string(), "1688");
        let change = RatingChange { before, after };
        assert_eq!(format!("{:+}", change.delta()), "+188");
    }
}
