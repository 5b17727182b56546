//! The built-in levels in a few words each, for the people who pick one (the
//! server's lobby offer, user interfaces). Kept next to the players so that a
//! change of what a level is changes its words in the same place; the
//! precise account is the crate documentation's "Levels".

use amazons_core::Level;

/// What each level is, level 1 first: one entry per [`Level`].
const DESCRIPTIONS: [&str; (Level::MAX.get() - Level::MIN.get() + 1) as usize] = [
    "random mover",
    "greedy: looks one move ahead, counts mobility",
    "beginner: two-move alpha-beta search on mobility",
    "greedy: looks one move ahead, judges territory",
    "club: shallow alpha-beta search (three moves) on territory",
    "strong: deep selective alpha-beta search with exact endgame counting",
    "full strength, Monte-Carlo tree search",
];

/// What built-in `level` is, in words.
pub fn describe_level(level: Level) -> &'static str {
    DESCRIPTIONS[usize::from(level.get() - Level::MIN.get())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_its_own_words() {
        assert_eq!(describe_level(Level::MIN), "random mover");
        assert!(describe_level(Level::MAX).contains("Monte-Carlo"));
        let words: std::collections::BTreeSet<&str> = Level::all().map(describe_level).collect();
        assert_eq!(words.len(), Level::all().count());
        assert!(words.iter().all(|w| !w.is_empty()));
    }
}
