//! The built-in levels in a few words each, for the people who pick one (the
//! server's lobby offer, user interfaces). Kept next to the players so that a
//! change of what a level is changes its words in the same place; the
//! precise account is the crate documentation's "Levels".

use crate::MAX_LEVEL;

/// What each level is, level 1 first.
const DESCRIPTIONS: [&str; MAX_LEVEL as usize] = [
    "random mover",
    "greedy: looks one move ahead, counts mobility",
    "beginner: two-move alpha-beta search on mobility",
    "greedy: looks one move ahead, judges territory",
    "club: shallow alpha-beta search (three moves) on territory",
    "strong: deep selective alpha-beta search with exact endgame counting",
    "full strength, Monte-Carlo tree search",
];

/// What built-in `level` is, in words (`None` outside 1 to [`MAX_LEVEL`]).
pub fn describe_level(level: u8) -> Option<&'static str> {
    DESCRIPTIONS
        .get(usize::from(level).checked_sub(1)?)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_words_and_no_other_does() {
        assert_eq!(describe_level(1), Some("random mover"));
        assert!(describe_level(MAX_LEVEL).unwrap().contains("Monte-Carlo"));
        assert!((1..=MAX_LEVEL).all(|l| describe_level(l).is_some()));
        assert_eq!(describe_level(0), None);
        assert_eq!(describe_level(MAX_LEVEL + 1), None);
    }
}
