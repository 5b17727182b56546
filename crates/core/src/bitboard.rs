//! Sets of squares as 100-bit masks in a `u128`, and the shifts that move a whole
//! set one step in a direction at once.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::square::Square;

/// A set of squares: bit `i` is the square with index `i`.
///
/// Set-wise operations are what make move counting fast: one shift moves every
/// square of the set one step at once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

/// The 100 bits that are squares.
pub(crate) const BOARD_MASK: u128 = (1u128 << 100) - 1;

const fn file_mask(file: u32) -> u128 {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < 10 {
        mask |= 1u128 << (rank * 10 + file);
        rank += 1;
    }
    mask
}

/// Every square but those of file a.
pub(crate) const NOT_FILE_A: u128 = !file_mask(0) & BOARD_MASK;
/// Every square but those of file j.
pub(crate) const NOT_FILE_J: u128 = !file_mask(9) & BOARD_MASK;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 100 squares.
    pub const FULL: Bitboard = Bitboard(BOARD_MASK);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    /// The lowest-index square of the set, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// Calls `f` with every square of the set, lowest index first. Faster than
    /// the iterator in hot loops: it walks the two 64-bit halves separately.
    ///
    /// ```
    /// use amazons_core::{Bitboard, Square};
    ///
    /// let set: Bitboard = ["j10", "a1", "e5"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
    /// let mut names = Vec::new();
    /// set.for_each(|sq| names.push(sq.to_string()));
    /// assert_eq!(names, ["a1", "e5", "j10"]);
    /// ```
    #[inline(always)]
    pub fn for_each(self, mut f: impl FnMut(Square)) {
        let mut low = self.0 as u64;
        while low != 0 {
            f(Square::from_board_bit(low.trailing_zeros()));
            low &= low - 1;
        }
        let mut high = (self.0 >> 64) as u64 & (BOARD_MASK >> 64) as u64;
        while high != 0 {
            f(Square::from_board_bit(64 + high.trailing_zeros()));
            high &= high - 1;
        }
    }

    /// Every square of the set moved one step in `dir`; squares that would leave
    /// the board disappear (no wrapping from file j to file a).
    #[inline]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        let x = self.0;
        Bitboard(match dir {
            Direction::North => (x << 10) & BOARD_MASK,
            Direction::South => x >> 10,
            Direction::East => (x << 1) & NOT_FILE_A,
            Direction::West => (x >> 1) & NOT_FILE_J,
            Direction::NorthEast => (x << 11) & NOT_FILE_A,
            Direction::NorthWest => (x << 9) & NOT_FILE_J,
            Direction::SouthEast => (x >> 9) & NOT_FILE_A,
            Direction::SouthWest => (x >> 11) & NOT_FILE_J,
        })
    }

    /// The set grown by one king step in every direction (the set itself included).
    #[inline]
    pub const fn king_neighbourhood(self) -> Bitboard {
        let x = self.0;
        let horizontal = x | ((x << 1) & NOT_FILE_A) | ((x >> 1) & NOT_FILE_J);
        Bitboard((horizontal | (horizontal << 10) | (horizontal >> 10)) & BOARD_MASK)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $f:ident, $assign:ident, $fa:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the board (the 28 unused high bits stay clear).
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & BOARD_MASK)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as a board, rank 10 at the top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            for file in 0..10 {
                let sq = Square::new(file, rank).expect("on board");
                f.write_str(if self.contains(sq) { "x" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// The eight directions a queen or an arrow can travel.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Direction {
    /// Towards rank 10.
    North,
    /// Towards rank 1.
    South,
    /// Towards file j.
    East,
    /// Towards file a.
    West,
    /// Towards j10.
    NorthEast,
    /// Towards a10.
    NorthWest,
    /// Towards j1.
    SouthEast,
    /// Towards a1.
    SouthWest,
}

impl Direction {
    /// All eight directions.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// Step as (file delta, rank delta).
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    /// Whether a step in this direction raises the square index (so the nearest
    /// square along a ray is the lowest set bit).
    pub const fn is_increasing(self) -> bool {
        matches!(
            self,
            Direction::North | Direction::East | Direction::NorthEast | Direction::NorthWest
        )
    }

    /// The direction from `from` to `to` when they share a line (rank, file or
    /// diagonal) and differ, else `None`.
    pub fn between(from: Square, to: Square) -> Option<Direction> {
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return None;
        }
        let step = (df.signum(), dr.signum());
        Direction::ALL.into_iter().find(|d| d.delta() == step)
    }

    /// The square one step from `sq` in this direction, if on the board.
    pub const fn step(self, sq: Square) -> Option<Square> {
        let (df, dr) = self.delta();
        let file = sq.file() as i8 + df;
        let rank = sq.rank() as i8 + dr;
        if file < 0 || rank < 0 {
            return None;
        }
        Square::new(file as u8, rank as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_single_steps() {
        for sq in Square::all() {
            for dir in Direction::ALL {
                let shifted = Bitboard::from_square(sq).shift(dir);
                let expected = dir.step(sq).map_or(Bitboard::EMPTY, Bitboard::from_square);
                assert_eq!(shifted, expected, "{sq} {dir:?}");
            }
        }
    }

    #[test]
    fn complement_stays_on_board() {
        assert_eq!((!Bitboard::EMPTY).count(), 100);
        assert_eq!(!Bitboard::FULL, Bitboard::EMPTY);
    }
}
