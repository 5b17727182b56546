//! Queen reach: the squares a queen (or an arrow) can travel to from a square,
//! given the occupied squares. Precomputed rays plus one blocker look-up per
//! direction (the "classical approach" of chess engines), branch-free; and the
//! reach of every square at once as bit planes ([`mobility_planes`]), which
//! bulk move counting and mobility evaluation build on.

use crate::bitboard::{BOARD_MASK, Bitboard, Direction, NOT_FILE_A, NOT_FILE_J};
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

/// Per direction, whether a step raises the square index (so the nearest
/// blocker along a ray is its lowest set bit), in [`Direction::ALL`] order.
const INCREASING: [bool; 8] = {
    let mut increasing = [false; 8];
    let mut d = 0;
    while d < 8 {
        increasing[d] = Direction::ALL[d].is_increasing();
        d += 1;
    }
    increasing
};

/// `RAY_LEN[d][s]`: the number of squares in `RAYS[d][s]`.
static RAY_LEN: [[u8; SQUARES]; 8] = build_ray_lengths();

const fn build_ray_lengths() -> [[u8; SQUARES]; 8] {
    let mut lengths = [[0u8; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < SQUARES {
            lengths[d][s] = RAYS[d][s].count_ones() as u8;
            s += 1;
        }
        d += 1;
    }
    lengths
}

/// Number of entries of the stop tables: a blocker index `0..100`, plus the
/// "no blocker" value 128 (`trailing_zeros(0)`) for increasing directions.
const STOPS: usize = 129;

/// `KEEP[d][i]`: the complement of what a ray in direction `d` loses to the
/// blocker with stop index `i` (the blocker and everything beyond it), so that
/// `ray & KEEP[d][i]` is the reach. The stop index is
/// `trailing_zeros(blockers)` for increasing directions and
/// `128 - leading_zeros(blockers)` (the blocker's index plus one) for the
/// others, so "no blocker" (128 or 0) keeps everything without a branch.
/// Stored complemented to save a NOT per direction (x86-64 without BMI has no
/// and-not).
static KEEP: [[u128; STOPS]; 8] = build_keeps();

/// `STOP_LEN[d][i]`: the number of squares ray `d` loses to stop index `i`.
static STOP_LEN: [[u8; STOPS]; 8] = build_stop_lengths();

const fn blocker_of(d: usize, i: usize) -> Option<usize> {
    if INCREASING[d] {
        if i < SQUARES { Some(i) } else { None }
    } else if i >= 1 && i <= SQUARES {
        Some(i - 1)
    } else {
        None
    }
}

const fn build_keeps() -> [[u128; STOPS]; 8] {
    let mut keeps = [[u128::MAX; STOPS]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < STOPS {
            if let Some(n) = blocker_of(d, i) {
                keeps[d][i] = !(RAYS[d][n] | 1u128 << n);
            }
            i += 1;
        }
        d += 1;
    }
    keeps
}

const fn build_stop_lengths() -> [[u8; STOPS]; 8] {
    let mut lengths = [[0u8; STOPS]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < STOPS {
            lengths[d][i] = (!KEEP[d][i]).count_ones() as u8;
            i += 1;
        }
        d += 1;
    }
    lengths
}

/// The stop index of the nearest blocker in direction `d` (see [`KEEP`]).
#[inline(always)]
fn stop_index(d: usize, blockers: u128) -> usize {
    if INCREASING[d] {
        blockers.trailing_zeros() as usize
    } else {
        128 - blockers.leading_zeros() as usize
    }
}

/// The squares reached in each direction from square index `s` (in
/// [`Direction::ALL`] order), without a branch on the board contents.
#[inline(always)]
fn reach_by_direction(s: usize, occ: u128) -> ([u128; 8], [u32; 8]) {
    let mut reach = [0u128; 8];
    let mut lengths = [0u32; 8];
    let mut d = 0;
    while d < 8 {
        let ray = RAYS[d][s];
        let i = stop_index(d, ray & occ);
        reach[d] = ray & KEEP[d][i];
        lengths[d] = u32::from(RAY_LEN[d][s]) - u32::from(STOP_LEN[d][i]);
        d += 1;
    }
    (reach, lengths)
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
        reach |= ray & KEEP[d][stop_index(d, ray & occ)];
        d += 1;
    }
    Bitboard(reach)
}

/// How many squares a queen on `from` reaches (the size of [`queen_reach`]),
/// from ray lengths rather than a population count: the mobility term of
/// evaluations and the building block of [`crate::Position::count_moves`].
#[inline]
pub fn queen_reach_count(from: Square, occupied: Bitboard) -> u32 {
    let s = from.index() as usize;
    let occ = occupied.0;
    let mut count = 0u32;
    let mut d = 0;
    while d < 8 {
        let i = stop_index(d, RAYS[d][s] & occ);
        count += u32::from(RAY_LEN[d][s]) - u32::from(STOP_LEN[d][i]);
        d += 1;
    }
    count
}

/// A queen's reach split by direction: what [`crate::Position::count_moves`]
/// needs to account for the square the queen leaves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SplitReach {
    /// All squares reached.
    pub squares: u128,
    /// Squares reached per direction, in [`Direction::ALL`] order.
    pub lengths: [u32; 8],
}

/// [`queen_reach`] with the number of squares reached in each direction.
#[inline(always)]
pub(crate) fn split_reach(from: Square, occ: u128) -> SplitReach {
    let (reach, lengths) = reach_by_direction(from.index() as usize, occ);
    SplitReach {
        squares: reach[0]
            | reach[1]
            | reach[2]
            | reach[3]
            | reach[4]
            | reach[5]
            | reach[6]
            | reach[7],
        lengths,
    }
}

/// The total reach of queens standing on every square of `from`, counted
/// together: the sum over `t` in `from` of the number of squares a queen on `t`
/// reaches through `empty`. Equivalently, the number of (`t`, target) pairs.
///
/// A ready-made mobility sum for evaluations, and the idea behind bulk move
/// counting (every arrow from every queen destination at once): it weighs the
/// [`mobility_planes`] by `from`, one population count per plane. The squares
/// of `from` need not be empty; `empty` decides where a queen may pass.
///
/// ```
/// use amazons_core::attacks::{queen_reach_count, reach_sum};
/// use amazons_core::{Bitboard, Square};
///
/// let a1: Square = "a1".parse()?;
/// let e5: Square = "e5".parse()?;
/// let both = Bitboard::from_square(a1).with(e5);
/// // On an empty board a corner queen reaches 27 squares, a central one 35.
/// assert_eq!(reach_sum(both, Bitboard::FULL), 27 + 35);
/// // Occupied, they block each other on the long diagonal: a1 loses e5 and
/// // everything beyond it (6 squares), e5 loses a1.
/// let empty = !both;
/// assert_eq!(
///     reach_sum(both, empty),
///     u64::from(queen_reach_count(a1, both) + queen_reach_count(e5, both)),
/// );
/// assert_eq!(reach_sum(both, empty), 21 + 34);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn reach_sum(from: Bitboard, empty: Bitboard) -> u64 {
    mobility_planes_raw(empty.0)
        .iter()
        .enumerate()
        .map(|(digit, plane)| u64::from((plane & from.0).count_ones()) << digit)
        .sum()
}

/// How far a queen reaches from every square at once: the number of squares a
/// queen on `t` would reach through `empty`, for all 100 squares `t`, as six
/// bit planes (plane `j` holds bit `j` of each square's count; no count
/// exceeds 35).
///
/// For each direction, `G_k` (the squares with at least `k` empty squares
/// ahead) shrinks as `k` grows, so bit `j` of a square's run length is the
/// parity of the `G_k` with `k` a multiple of `2^j` that hold it: a few XORs
/// give each run length in binary, and a bit-sliced adder sums the eight
/// directions. Nothing here depends on which squares are asked about, which
/// is what lets [`crate::Position::count_moves`] weight every destination by
/// the number of queens that reach it for the price of a few population
/// counts.
#[inline]
pub fn mobility_planes(empty: Bitboard) -> [Bitboard; 6] {
    mobility_planes_raw(empty.0).map(Bitboard)
}

#[inline(always)]
pub(crate) fn mobility_planes_raw(empty: u128) -> [u128; 6] {
    let e = empty & BOARD_MASK;
    let mut sum = [0u128; 6];
    // Each step function moves a set one square *against* the direction it
    // is named after, so `step(e)` holds the squares whose next square that
    // way is empty.
    add_run_lengths(&mut sum, e, |x| x >> 10);
    add_run_lengths(&mut sum, e, |x| (x << 10) & BOARD_MASK);
    add_run_lengths(&mut sum, e, |x| (x >> 1) & NOT_FILE_J);
    add_run_lengths(&mut sum, e, |x| (x << 1) & NOT_FILE_A);
    add_run_lengths(&mut sum, e, |x| (x >> 11) & NOT_FILE_J);
    add_run_lengths(&mut sum, e, |x| (x >> 9) & NOT_FILE_A);
    add_run_lengths(&mut sum, e, |x| (x << 9) & NOT_FILE_J);
    add_run_lengths(&mut sum, e, |x| (x << 11) & NOT_FILE_A);
    sum
}

/// Adds, for every square, the number of empty squares in a row ahead of it in
/// one direction (`back` steps a set against that direction) to the
/// bit-sliced `sum`.
#[inline(always)]
fn add_run_lengths(sum: &mut [u128; 6], empty: u128, back: impl Fn(u128) -> u128) {
    let g1 = back(empty);
    // Bits 0..3 of the run length (at most 9): XORs of the shrinking G_k.
    let mut bits = [g1, 0, 0, 0];
    let mut g = g1;
    let mut k = 2;
    while k <= 9 {
        g = back(g) & g1;
        if g == 0 {
            break;
        }
        bits[0] ^= g;
        if k % 2 == 0 {
            bits[1] ^= g;
        }
        if k % 4 == 0 {
            bits[2] ^= g;
        }
        if k == 8 {
            bits[3] = g;
        }
        k += 1;
    }
    // Ripple-carry add of the 4-bit run lengths into the 6-bit sums.
    let mut carry = 0u128;
    for (total, bit) in sum.iter_mut().zip(bits) {
        let half = *total ^ bit;
        let next = (*total & bit) | (half & carry);
        *total = half ^ carry;
        carry = next;
    }
    for total in &mut sum[4..] {
        let next = *total & carry;
        *total ^= carry;
        carry = next;
    }
}

/// `NEIGHBOURS[s]`: the squares one king step from `s`.
static NEIGHBOURS: [u128; SQUARES] = {
    let mut table = [0u128; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let (file, rank) = ((s % 10) as i32, (s / 10) as i32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Direction::ALL[d].delta();
            let (f, r) = (file + df as i32, rank + dr as i32);
            if f >= 0 && f < 10 && r >= 0 && r < 10 {
                table[s] |= 1u128 << (r * 10 + f);
            }
            d += 1;
        }
        s += 1;
    }
    table
};

/// The squares one king step from `sq` (the square itself excluded): where a
/// queen must find a free square to be able to move, and the neighbourhood
/// evaluations and region counters look at. A table look-up.
#[inline]
pub fn neighbours(sq: Square) -> Bitboard {
    Bitboard(NEIGHBOURS[sq.index() as usize])
}

/// The squares one queen move away from any square of `from`, moving through
/// the squares of `empty` only: [`queen_reach`] for a whole set at once, by
/// sliding the set along the eight directions. What distance maps are built
/// from (a breadth-first flood fill by queen moves).
///
/// ```
/// use amazons_core::attacks::{queen_reach, queen_reach_set};
/// use amazons_core::{Position, Side};
///
/// let start = Position::start();
/// let queens = start.queens(Side::First);
/// let one_by_one = queens
///     .fold(amazons_core::Bitboard::EMPTY, |all, q| all | queen_reach(q, start.occupied()));
/// assert_eq!(queen_reach_set(queens, start.empty()), one_by_one);
/// ```
///
/// Each direction is one occluded fill by doubling steps (Kogge–Stone: rays
/// of 1, 2, 4 and 8 squares), so the work is the same however far the rays
/// run and no loop waits on the last of them.
#[inline]
pub fn queen_reach_set(from: Bitboard, empty: Bitboard) -> Bitboard {
    let (filled, empty) = (from.0, empty.0 & BOARD_MASK);
    let (east, west) = (empty & NOT_FILE_A, empty & NOT_FILE_J);
    Bitboard(
        fill_up(filled, empty, 10)
            | fill_down(filled, empty, 10)
            | fill_up(filled, east, 1)
            | fill_down(filled, west, 1)
            | fill_up(filled, east, 11)
            | fill_up(filled, west, 9)
            | fill_down(filled, east, 9)
            | fill_down(filled, west, 11),
    )
}

/// The squares of `enter` reached from those of `filled` by one or more steps of `step`
/// bits towards the higher squares, every square on the way in `enter` (the
/// squares a step may land on: empty, and not across the board's edge).
#[inline(always)]
fn fill_up(mut filled: u128, enter: u128, step: u32) -> u128 {
    let mut pass = enter;
    filled |= pass & (filled << step);
    pass &= pass << step;
    filled |= pass & (filled << (2 * step));
    pass &= pass << (2 * step);
    filled |= pass & (filled << (4 * step));
    pass &= pass << (4 * step);
    filled |= pass & (filled << (8 * step));
    (filled << step) & enter
}

/// [`fill_up`] towards the lower squares.
#[inline(always)]
fn fill_down(mut filled: u128, enter: u128, step: u32) -> u128 {
    let mut pass = enter;
    filled |= pass & (filled >> step);
    pass &= pass >> step;
    filled |= pass & (filled >> (2 * step));
    pass &= pass >> (2 * step);
    filled |= pass & (filled >> (4 * step));
    pass &= pass >> (4 * step);
    filled |= pass & (filled >> (8 * step));
    (filled >> step) & enter
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

    fn patterned_boards() -> impl Iterator<Item = Bitboard> {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        (0..200).map(move |round| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let bits = (seed as u128) << 64 | seed.rotate_left(23) as u128;
            // Thin the board out more and more: early rounds are crowded, later
            // ones nearly empty.
            let thinning = (0..round % 4).fold(bits, |b, k| b & b.rotate_left(7 + k));
            Bitboard(thinning) & Bitboard::FULL
        })
    }

    #[test]
    fn set_reach_and_neighbours_agree_with_the_per_square_forms() {
        for occupied in patterned_boards() {
            let empty = !occupied;
            let mut union = Bitboard::EMPTY;
            for sq in occupied {
                union |= queen_reach(sq, occupied);
                let king = Bitboard::from_square(sq).king_neighbourhood().without(sq);
                assert_eq!(neighbours(sq), king, "{sq}");
            }
            assert_eq!(queen_reach_set(occupied, empty), union);
        }
    }

    #[test]
    fn set_reach_from_empty_squares_slides_like_one_step_at_a_time() {
        // The flood fill's later frontiers are empty squares, some in line
        // with others: the fill must pass through them as a slide does.
        let boards: Vec<Bitboard> = patterned_boards().collect();
        for (i, &occupied) in boards.iter().enumerate() {
            let empty = !occupied;
            for from in [
                empty & boards[(i + 1) % boards.len()],
                empty,
                occupied | empty,
            ] {
                let mut slid = Bitboard::EMPTY;
                for dir in Direction::ALL {
                    let mut x = from.shift(dir) & empty;
                    while !x.is_empty() {
                        slid |= x;
                        x = x.shift(dir) & empty;
                    }
                }
                assert_eq!(queen_reach_set(from, empty), slid, "{from:?}\n{occupied:?}");
            }
        }
    }

    #[test]
    fn counts_and_sums_match_the_reach_sets() {
        for occupied in patterned_boards() {
            let mut sum = 0u64;
            for sq in Square::all() {
                let reach = queen_reach(sq, occupied);
                assert_eq!(queen_reach_count(sq, occupied), reach.count(), "{sq}");
                let split = split_reach(sq, occupied.0);
                assert_eq!(Bitboard(split.squares), reach);
                for (d, dir) in Direction::ALL.into_iter().enumerate() {
                    let along = reach & ray(sq, dir);
                    assert_eq!(split.lengths[d], along.count(), "{sq} {dir:?}");
                }
                if occupied.contains(sq) {
                    sum += u64::from(reach.count());
                }
            }
            assert_eq!(reach_sum(occupied, !occupied), sum);
            assert_eq!(
                reach_sum(!occupied, !occupied),
                (!occupied)
                    .map(|t| u64::from(queen_reach_count(t, occupied)))
                    .sum::<u64>()
            );
        }
        let all = reach_sum(Bitboard::FULL, Bitboard::FULL);
        assert_eq!(
            all,
            Square::all()
                .map(|t| u64::from(queen_reach(t, Bitboard::EMPTY).count()))
                .sum::<u64>()
        );
    }

    #[test]
    fn mobility_planes_hold_every_reach_count() {
        for occupied in patterned_boards().chain([Bitboard::EMPTY, Bitboard::FULL]) {
            let planes = mobility_planes(!occupied);
            for sq in Square::all() {
                let count: u32 = planes
                    .iter()
                    .enumerate()
                    .map(|(digit, plane)| u32::from(plane.contains(sq)) << digit)
                    .sum();
                assert_eq!(count, queen_reach_count(sq, occupied), "{sq}\n{occupied:?}");
            }
        }
    }

    #[test]
    fn empty_board_corner_reaches_27_squares() {
        let a1 = Square::new(0, 0).unwrap();
        assert_eq!(queen_reach(a1, Bitboard::EMPTY).count(), 27);
    }
}
