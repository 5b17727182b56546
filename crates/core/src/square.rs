//! Squares of the 10x10 board and their names (`a1` … `j10`).

use core::fmt;
use core::str::FromStr;

/// Number of files (columns) on the board.
pub const FILES: u8 = 10;
/// Number of ranks (rows) on the board.
pub const RANKS: u8 = 10;
/// Number of squares on the board.
pub const SQUARES: usize = (FILES as usize) * (RANKS as usize);

/// One square of the board.
///
/// Index `rank * 10 + file`, so `a1` is 0, `j1` is 9 and `j10` is 99. A `Square`
/// is always on the board: every constructor checks, so later code never has to.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Builds a square from a zero-based file (0 = a) and rank (0 = rank 1).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// Builds a square from its index `rank * 10 + file`.
    pub const fn from_index(index: u8) -> Option<Square> {
        if (index as usize) < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square of a bit index that a board set holds, so known to be below
    /// 100 (checked in debug builds): saves the check of
    /// [`Square::from_index`] in move-generation loops.
    #[inline(always)]
    pub(crate) const fn from_board_bit(index: u32) -> Square {
        debug_assert!(index < SQUARES as u32);
        Square(index as u8)
    }

    /// Index `rank * 10 + file`, in `0..100`; the bit of this square in a bitboard.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Zero-based file: 0 for `a` … 9 for `j`.
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// Zero-based rank: 0 for rank 1 … 9 for rank 10.
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The file letter, `'a'` … `'j'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// Iterates over all 100 squares, a1 first, j10 last.
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SquareParseError {
    /// The text was empty.
    #[error("missing square")]
    Empty,
    /// The first character is not a file letter a–j.
    #[error("`{0}` is not a square: files run from a to j")]
    BadFile(String),
    /// The rank is missing or outside 1–10.
    #[error("`{0}` is not a square: ranks run from 1 to 10")]
    BadRank(String),
}

impl FromStr for Square {
    type Err = SquareParseError;

    /// Reads `a1` … `j10`, case-insensitive. Full-width forms are accepted by the
    /// move parser, which normalises first; this is the strict form.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let file = chars.next().ok_or(SquareParseError::Empty)?;
        let file = file.to_ascii_lowercase();
        if !('a'..='j').contains(&file) {
            return Err(SquareParseError::BadFile(s.to_owned()));
        }
        let rank_text = chars.as_str();
        let valid_digits = !rank_text.is_empty()
            && rank_text.len() <= 2
            && rank_text.bytes().all(|b| b.is_ascii_digit())
            && !rank_text.starts_with('0');
        let rank: u8 = if valid_digits {
            rank_text.parse().unwrap_or(0)
        } else {
            0
        };
        if !(1..=RANKS).contains(&rank) {
            return Err(SquareParseError::BadRank(s.to_owned()));
        }
        Ok(Square((rank - 1) * FILES + (file as u8 - b'a')))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("J10".parse::<Square>().map(Square::index), Ok(99));
    }

    #[test]
    fn rejects_off_board_names() {
        for bad in ["", "k1", "a0", "a11", "a", "a01", "1a", "aa"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} accepted");
        }
    }
}
