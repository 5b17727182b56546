//! A move: a queen moves, then shoots an arrow from where it landed.

use core::fmt;

use crate::square::Square;

/// One move of the game: the queen on `from` moves to `to`, then shoots an arrow
/// from `to` onto `arrow`.
///
/// A `Move` is only a description; [`crate::Position::is_legal`] says whether it
/// can be played. Its canonical text is `d1-d7/g7` ([`fmt::Display`]), and the
/// tolerant parser ([`core::str::FromStr`]) reads what people type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the moving queen stands.
    pub from: Square,
    /// Where the queen lands.
    pub to: Square,
    /// Where the arrow lands (shot from `to`).
    pub arrow: Square,
}

impl Move {
    /// Builds a move from its three squares.
    pub const fn new(from: Square, to: Square, arrow: Square) -> Move {
        Move { from, to, arrow }
    }

    /// The UCI form used by Fairy-Stockfish and other Amazons engines,
    /// `d1d7,d7g7`: the queen's from-to, a comma, then the arrow as a from-to.
    pub fn uci(self) -> UciMove {
        UciMove(self)
    }
}

impl fmt::Display for Move {
    /// The canonical form `d1-d7/g7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.from, self.to, self.arrow)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A move displayed in UCI form (`d1d7,d7g7`); made by [`Move::uci`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UciMove(pub Move);

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.0;
        write!(f, "{}{},{}{}", m.from, m.to, m.to, m.arrow)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
