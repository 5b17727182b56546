//! Who a player is across games: the public id a record keeps for each side
//! that was identified. Ratings follow this id, not the display name, so a
//! name released and claimed again by someone else starts from nothing.
//!
//! A person's or bot's id is derived from their secret player key (the
//! protocol crate does the hashing; this crate never sees a key); the server's
//! computer players have fixed ids in the `computer:` namespace, which no key
//! can hash to.

use std::fmt;

/// The public id of an identified player, as records and the HTTP API show it.
/// Comparing two ids says whether two games were played by the same identity.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct PlayerId(String);

impl PlayerId {
    /// Prefix of the ids of the server's computer players.
    pub const COMPUTER_PREFIX: &'static str = "computer:";

    /// An id from its text (a hex digest for keyed players).
    pub fn new(text: impl Into<String>) -> PlayerId {
        PlayerId(text.into())
    }

    /// The id of a computer player called `what` (`level-5`, an engine's
    /// name): the same across restarts, so its rating carries over.
    pub fn computer(what: &str) -> PlayerId {
        PlayerId(format!("{}{what}", Self::COMPUTER_PREFIX))
    }

    /// Whether this is one of the server's computer players.
    pub fn is_computer(&self) -> bool {
        self.0.starts_with(Self::COMPUTER_PREFIX)
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computer_ids_are_their_own_namespace() {
        let level = PlayerId::computer("level-5");
        assert_eq!(level.as_str(), "computer:level-5");
        assert!(level.is_computer());
        assert!(!PlayerId::new("0123456789abcdef0123456789abcdef").is_computer());
    }
}
