//! Queen reach: the squares a queen (or an arrow) can travel to from a square,
//! given the occupied squares. Precomputed rays plus one blocker look-up per
//! direction (the "classical approach" of chess engines).

use crate::bitboard::{Bitboard, Direction};
use crate::square::{SQUARES, Square};

/// `RAYS[d][s]`: every square from `s` (exclusive) to the board edge in direction `d`.
static RAYS: [[u128; SQUARES]; 8] = build_rays();

const fn build_rays() -> [[u128; SQUARES]; 8] {
    let mut rays = [[0u128; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].delta();
        let mut s = 0;
        while s < SQUARES {
            let mut file = (s % 10) as i8 + df;
            let mut rank = (s / 10) as i8 + dr;
            let mut ray = 0u128;
            while file >= 0 && file < 10 && rank >= 0 && rank < 10 {
                ray |= 1u128 << (rank as u32 * 10 + file as u32);
                file += df;
                rank += dr;
            }
            rays[d][s] = ray;
            s += 1;
        }
        d += 1;
    }
    rays
}

/// The squares strictly beyond `sq` in direction `dir`, up to the edge.
#[inline]
pub fn ray(sq: Square, dir: Direction) -> Bitboard {
    Bitboard(RAYS[dir as usize][sq.index() as usize])
}

/// Squares a queen on `from` reaches through empty squares, stopping before the
/// first occupied square in each direction. `occupied` should not matter at
/// `from` itself.
#[inline]
pub fn queen_reach(from: Square, occupied: Bitboard) -> Bitboard {
    let s = from.index() as usize;
    let occ = occupied.0;
    let mut reach = 0u128;
    let mut d = 0;
    while d < 8 {
        let ray = RAYS[d][s];
        let blockers = ray & occ;
        reach |= if blockers == 0 {
            ray
        } else {
            let nearest = if Direction::ALL[d].is_increasing() {
                blockers.trailing_zeros()
            } else {
                127 - blockers.leading_zeros()
            };
            // Keep only the squares before the blocker.
            ray ^ RAYS[d][nearest as usize] ^ (1u128 << nearest)
        };
        d += 1;
    }
    Bitboard(reach)
}

/// The first occupied square on the way from `from` towards `to` (exclusive of
/// `from`, inclusive of `to`), or `None` when the path is clear. The two squares
/// must share a line.
pub fn first_blocker(from: Square, to: Square, occupied: Bitboard) -> Option<Square> {
    let dir = Direction::between(from, to)?;
    let mut sq = from;
    while sq != to {
        sq = dir.step(sq)?;
        if occupied.contains(sq) {
            return Some(sq);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain step-by-step reach, the reference for the table version.
    fn slow_reach(from: Square, occupied: Bitboard) -> Bitboard {
        let mut reach = Bitboard::EMPTY;
        for dir in Direction::ALL {
            let mut sq = from;
            while let Some(next) = dir.step(sq) {
                if occupied.contains(next) {
                    break;
                }
                reach = reach.with(next);
                sq = next;
            }
        }
        reach
    }

    #[test]
    fn reach_matches_slow_reach_on_patterned_boards() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occ =
                Bitboard(((seed as u128) << 64 | seed.rotate_left(17) as u128) & Bitboard::FULL.0);
            for sq in Square::all() {
                assert_eq!(queen_reach(sq, occ), slow_reach(sq, occ));
            }
        }
    }

    #[test]
    fn empty_board_corner_reaches_27_squares() {
        let a1 = Square::new(0, 0).unwrap();
        assert_eq!(queen_reach(a1, Bitboard::EMPTY).count(), 27);
    }
}
