//! The two players. Inside the crate they are the first and the second player;
//! colour names belong to the edges (text formats, user interfaces).

use core::fmt;
use core::ops::Not;

/// A player, by the order of play: `First` moves first.
///
/// The ICGA Computer Olympiad, Fairy-Stockfish and this project's wire protocol
/// call the first player *White*; SGF and Botzone call it *Black*. Code decides
/// by order of play and names colours only when it talks to people or formats.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The player who moves first ("white" in ICGA and Fairy-Stockfish terms).
    #[cfg_attr(feature = "serde", serde(rename = "white", alias = "first"))]
    First,
    /// The player who moves second ("black" in ICGA and Fairy-Stockfish terms).
    #[cfg_attr(feature = "serde", serde(rename = "black", alias = "second"))]
    Second,
}

impl Side {
    /// Both sides, first player first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour name under the ICGA / Fairy-Stockfish convention (first = white).
    pub const fn color_name(self) -> &'static str {
        match self {
            Side::First => "white",
            Side::Second => "black",
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.opponent()
    }
}

impl fmt::Display for Side {
    /// Writes the ICGA colour name: `white` or `black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.color_name())
    }
}
