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

/// One value for each side, as shakmaty's `ByColor`: per-side data read by
/// `by_side[side]` (or `.first` / `.second`), never by an array index that
/// could be mixed up with something else.
///
/// Its serde form names the sides by colour, as [`Side`]'s does:
/// `{"white": …, "black": …}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySide<T> {
    /// The first player's (white's) value.
    #[cfg_attr(feature = "serde", serde(rename = "white"))]
    pub first: T,
    /// The second player's (black's) value.
    #[cfg_attr(feature = "serde", serde(rename = "black"))]
    pub second: T,
}

impl<T> BySide<T> {
    /// The first player's value and the second player's.
    #[inline]
    pub const fn new(first: T, second: T) -> BySide<T> {
        BySide { first, second }
    }

    /// Each side's value, computed from the side.
    pub fn from_fn(mut value: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            first: value(Side::First),
            second: value(Side::Second),
        }
    }

    /// `side`'s value.
    #[inline]
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }

    /// `side`'s value, to change.
    #[inline]
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }

    /// Both values changed by `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            first: f(self.first),
            second: f(self.second),
        }
    }

    /// Both values by reference.
    pub const fn as_ref(&self) -> BySide<&T> {
        BySide {
            first: &self.first,
            second: &self.second,
        }
    }

    /// Both values, the first player's first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        [&self.first, &self.second].into_iter()
    }

    /// Both values to change, the first player's first.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        [&mut self.first, &mut self.second].into_iter()
    }
}

impl<T: Clone> BySide<T> {
    /// The same value for both sides.
    pub fn both(value: T) -> BySide<T> {
        BySide {
            first: value.clone(),
            second: value,
        }
    }
}

impl<T> core::ops::Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> core::ops::IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_side_reads_and_writes_each_sides_value() {
        let mut clocks = BySide::new(300, 200);
        assert_eq!((clocks[Side::First], clocks[Side::Second]), (300, 200));
        clocks[Side::Second] -= 50;
        assert_eq!(clocks, BySide::new(300, 150));
        assert_eq!(BySide::from_fn(|s| s.color_name()).second, "black");
        assert_eq!(clocks.map(|t| t * 2), BySide::new(600, 300));
        assert_eq!(clocks.iter().sum::<i32>(), 450);
        assert_eq!(BySide::both(7), BySide::new(7, 7));
    }
}
