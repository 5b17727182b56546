//! Where the queens and arrows stand, with no side to move, no counters and no
//! hash: the placement that move generation, counting and evaluation work on.
//!
//! A [`Position`](crate::Position) is a [`Board`] plus whose turn it is; it
//! asks its board for everything the rules say. Search code that wants to try
//! a queen step before its arrow (an engine ranking queen moves, a region
//! counter filling squares) uses the board directly: the rules stay here, in
//! one place, and nothing else re-implements them.

use crate::attacks::{mobility_planes_raw, neighbours, queen_reach, split_reach};
use crate::bitboard::{Bitboard, Direction};
use crate::moves::Move;
use crate::side::{BySide, Side};
use crate::square::Square;

/// Number of queens each side has in the standard game.
pub const QUEENS_PER_SIDE: usize = 4;

/// The queens of both sides and the burnt squares.
///
/// Plain data (`Copy`, 48 bytes). Nothing checks that a board is one a game
/// can reach; [`Position::from_parts`](crate::Position::from_parts) does that
/// for positions. What the board answers is the rules: where a queen can step
/// ([`Board::queen_steps`]), where its arrow can fly after the step
/// ([`Board::arrows_after`]), whether a side can move ([`Board::can_move`]) and
/// how many moves it has ([`Board::count_moves`]).
///
/// ```
/// use amazons_core::{Board, Position, Side, Square};
///
/// let board = *Position::start().board();
/// let d1: Square = "d1".parse()?;
/// let d7: Square = "d7".parse()?;
/// // Staged: the queen steps first, then the arrow flies from where it landed.
/// assert!(board.queen_steps(d1).contains(d7));
/// let stepped = board.with_step(Side::First, d1, d7);
/// assert!(stepped.queens(Side::First).contains(d7));
/// // The square the queen left counts as empty for the arrow.
/// assert!(board.arrows_after(d1, d7).contains(d1));
/// assert_eq!(board.count_moves(Side::First), 2_176);
/// assert!(board.can_move(Side::Second));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    /// Queens of each side, indexed by [`Side::index`].
    queens: BySide<Bitboard>,
    /// Squares burnt by arrows.
    arrows: Bitboard,
}

impl Board {
    /// A board with these queens and arrows. The sets should not overlap and
    /// each side should have at most [`QUEENS_PER_SIDE`] queens (checked in
    /// debug builds only: search builds boards in its inner loops).
    #[inline]
    pub fn new(first_queens: Bitboard, second_queens: Bitboard, arrows: Bitboard) -> Board {
        debug_assert!((first_queens & second_queens).is_empty());
        debug_assert!(((first_queens | second_queens) & arrows).is_empty());
        debug_assert!(first_queens.count() as usize <= QUEENS_PER_SIDE);
        debug_assert!(second_queens.count() as usize <= QUEENS_PER_SIDE);
        Board {
            queens: BySide::new(first_queens, second_queens),
            arrows,
        }
    }

    /// The queens of `side`.
    #[inline]
    pub fn queens(&self, side: Side) -> Bitboard {
        self.queens[side]
    }

    /// Squares burnt by arrows.
    #[inline]
    pub fn arrows(&self) -> Bitboard {
        self.arrows
    }

    /// Every square something stands on.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.queens.first | self.queens.second | self.arrows
    }

    /// Every free square.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        !self.occupied()
    }

    /// Who owns the queen on `square`, if one stands there.
    #[inline]
    pub fn queen_at(&self, square: Square) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|side| self.queens(*side).contains(square))
    }

    /// Whether `side` could make a move if it were its turn. A queen can move
    /// exactly when a neighbouring square is free: it steps there and shoots
    /// back onto the square it left.
    #[inline]
    pub fn can_move(&self, side: Side) -> bool {
        !(self.queens(side).king_neighbourhood() & self.empty()).is_empty()
    }

    /// The queens of `side` that can move (those with a free neighbour).
    #[inline]
    pub fn movable_queens(&self, side: Side) -> Bitboard {
        let empty = self.empty();
        let mut movable = Bitboard::EMPTY;
        for queen in self.queens(side) {
            if !(neighbours(queen) & empty).is_empty() {
                movable = movable.with(queen);
            }
        }
        movable
    }

    /// The first stage of a move: the squares the queen on `from` can step to.
    /// `from` must hold a queen (the answer for an empty square is the reach a
    /// queen would have there).
    #[inline]
    pub fn queen_steps(&self, from: Square) -> Bitboard {
        queen_reach(from, self.occupied())
    }

    /// The second stage: where the arrow can fly once the queen on `from` has
    /// stepped to `to` (one of [`Board::queen_steps`]). The square the queen
    /// left counts as empty.
    #[inline]
    pub fn arrows_after(&self, from: Square, to: Square) -> Bitboard {
        queen_reach(to, self.occupied().without(from))
    }

    /// The board after `side`'s queen on `from` has stepped to `to`, before
    /// its arrow: what an engine evaluates to rank queen steps. Not checked.
    #[inline]
    pub fn with_step(&self, side: Side, from: Square, to: Square) -> Board {
        let mut next = *self;
        next.queens[side] = self.queens[side].without(from).with(to);
        next
    }

    /// The board with an arrow on `arrow`. Not checked.
    #[inline]
    pub fn with_arrow(&self, arrow: Square) -> Board {
        let mut next = *self;
        next.arrows = self.arrows.with(arrow);
        next
    }

    /// The board after `side` plays `m`: both stages at once. Not checked;
    /// [`Position::play`](crate::Position::play) is the checked way.
    #[inline]
    pub fn with_move(&self, side: Side, m: Move) -> Board {
        self.with_step(side, m.from, m.to).with_arrow(m.arrow)
    }

    /// Toggles `m` in place (playing it, or taking it back: the same XOR).
    #[inline]
    pub(crate) fn toggle(&mut self, side: Side, m: Move) {
        self.queens[side] ^= Bitboard::from_square(m.from) | Bitboard::from_square(m.to);
        self.arrows ^= Bitboard::from_square(m.arrow);
    }

    /// Calls `f` with every move `side` could make, without allocating.
    #[inline]
    pub fn for_each_move(&self, side: Side, mut f: impl FnMut(Move)) {
        let occupied = self.occupied();
        self.queens(side).for_each(|from| {
            let without_queen = occupied.without(from);
            queen_reach(from, occupied).for_each(|to| {
                queen_reach(to, without_queen).for_each(|arrow| f(Move { from, to, arrow }));
            });
        });
    }

    /// Number of moves `side` could make, counted set-wise without listing
    /// them (see [`Position::count_moves`](crate::Position::count_moves) for
    /// the formula). Needs at most [`QUEENS_PER_SIDE`] queens on the side.
    #[inline]
    pub fn count_moves(&self, side: Side) -> u64 {
        let occupied = self.occupied();
        // reached[k]: squares that more than k of the side's queens reach.
        let mut reached = [0u128; QUEENS_PER_SIDE];
        let mut total = 0u64;
        for from in self.queens(side) {
            let reach = split_reach(from, occupied.0);
            for k in (1..QUEENS_PER_SIDE).rev() {
                reached[k] |= reached[k - 1] & reach.squares;
            }
            reached[0] |= reach.squares;
            let [n, s, e, w, ne, nw, se, sw] = reach.lengths.map(u64::from);
            total += n + s + e + w + ne + nw + se + sw;
            total += 2 * (n * s + e * w + ne * sw + nw * se);
        }
        // Destinations reached by several queens count once per queen: weigh
        // the arrows from each destination (one bit plane per binary digit)
        // by how many queens reach it, with one population count per plane
        // and multiplicity level.
        let planes = mobility_planes_raw(self.empty().0);
        for set in reached {
            if set == 0 {
                break;
            }
            for (digit, plane) in planes.iter().enumerate() {
                total += u64::from((plane & set).count_ones()) << digit;
            }
        }
        total
    }

    /// [`Board::count_moves`] done the plain set-wise way, queen by queen and
    /// direction by direction; kept as a cross-check for the fast count.
    pub fn count_moves_simple(&self, side: Side) -> u64 {
        let occupied = self.occupied();
        let mut total = 0u64;
        for from in self.queens(side) {
            let free = (!occupied).with(from);
            let reach = queen_reach(from, occupied);
            for dir in Direction::ALL {
                let mut x = reach.shift(dir) & free;
                while !x.is_empty() {
                    total += u64::from(x.count());
                    x = x.shift(dir) & free;
                }
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// Positions from a few seeded random games, to the end of each.
    fn random_games() -> Vec<Position> {
        crate::testing::random_games(0x9E37_79B9_7F4A_7C15, 6)
    }

    #[test]
    fn staged_generation_lists_exactly_the_legal_moves() {
        for position in random_games() {
            let board = *position.board();
            let side = position.turn();
            let mut staged = Vec::new();
            for from in board.queens(side) {
                for to in board.queen_steps(from) {
                    let stepped = board.with_step(side, from, to);
                    assert!(stepped.queens(side).contains(to));
                    for arrow in board.arrows_after(from, to) {
                        let m = Move { from, to, arrow };
                        assert_eq!(
                            stepped.with_arrow(arrow),
                            board.with_move(side, m),
                            "{position:?}"
                        );
                        staged.push(m);
                    }
                }
            }
            assert_eq!(staged, position.legal_moves(), "{position:?}");
        }
    }

    #[test]
    fn both_sides_are_counted_and_can_move_agrees() {
        for position in random_games() {
            let board = *position.board();
            for side in Side::BOTH {
                let mut listed = 0u64;
                board.for_each_move(side, |_| listed += 1);
                assert_eq!(board.count_moves(side), listed, "{position:?}");
                assert_eq!(board.count_moves_simple(side), listed, "{position:?}");
                assert_eq!(board.can_move(side), listed > 0, "{position:?}");
                let movable = board.movable_queens(side);
                for queen in board.queens(side) {
                    let mut has_move = false;
                    board.for_each_move(side, |m| has_move |= m.from == queen);
                    assert_eq!(movable.contains(queen), has_move, "{queen} {position:?}");
                }
            }
        }
    }
}
