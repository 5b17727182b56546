//! The position: where the queens and arrows stand and whose turn it is, with
//! move generation, counting, legality checks and make/unmake.

use core::fmt;

use crate::attacks::{first_blocker, queen_reach};
use crate::bitboard::{Bitboard, Direction};
use crate::board::{Board, QUEENS_PER_SIDE};
use crate::moves::Move;
use crate::outcome::{EndReason, Outcome};
use crate::side::{BySide, Side};
use crate::square::Square;
use crate::zobrist;

/// A game position: a [`Board`] and whose turn it is.
///
/// Plain data (`Copy`, 64 bytes): cloning is how search explores, and
/// [`Position::play`] hands back a new position, never a half-changed one.
/// Every rule question (where a queen can go, how many moves there are,
/// whether the game is over) is answered by the board for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Where the queens and arrows stand.
    board: Board,
    /// Whose turn it is.
    turn: Side,
    /// Moves since the start (Fairy-Stockfish's half-move clock counts every
    /// Amazons move, since nothing is captured and there are no pawns).
    halfmove_clock: u16,
    /// Full-move number, starting at 1, incremented after the second player moves.
    fullmove: u16,
    /// Zobrist hash of queens, arrows and side to move, kept up to date by moves.
    hash: u64,
}

/// Why a move cannot be played, in words a player understands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over: the side to move has no legal move.
    #[error("the game is already over")]
    GameOver,
    /// There is no queen on the starting square.
    #[error("there is no queen on {0}")]
    NoQueen(Square),
    /// The queen on the starting square belongs to the opponent.
    #[error("the queen on {0} is not yours")]
    NotYourQueen(Square),
    /// Start and destination are not on one rank, file or diagonal (or are equal).
    #[error("a queen moves along a rank, file or diagonal: {from} to {to} is not such a move")]
    QueenNotInLine {
        /// Queen's start.
        from: Square,
        /// Queen's destination.
        to: Square,
    },
    /// Something stands on the queen's path or on its destination.
    #[error("the queen's path is blocked at {0}")]
    QueenPathBlocked(Square),
    /// The arrow's square is not on one line with the queen's destination (or is it).
    #[error("an arrow flies along a rank, file or diagonal: {from} to {to} is not such a shot")]
    ArrowNotInLine {
        /// Where the arrow is shot from (the queen's destination).
        from: Square,
        /// Where it should land.
        to: Square,
    },
    /// Something stands on the arrow's path or on its target.
    #[error("the arrow's path is blocked at {0}")]
    ArrowPathBlocked(Square),
}

/// A refused move, with the untouched position it was refused in.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal move {mv}: {reason}")]
pub struct PlayError {
    /// The move that was refused.
    pub mv: Move,
    /// The position, unchanged.
    pub position: Position,
    /// Why it was refused.
    pub reason: IllegalMove,
}

/// Why a [`Position`] could not be built from its parts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    /// A side has more queens than the game allows.
    #[error("{side} has {count} queens; at most {QUEENS_PER_SIDE} are allowed")]
    TooManyQueens {
        /// The side.
        side: Side,
        /// How many queens it has.
        count: u32,
    },
    /// A side has no queen at all.
    #[error("{0} has no queen")]
    NoQueens(Side),
    /// Two things stand on one square.
    #[error("{0} holds two pieces")]
    Overlap(Square),
}

fn sq(name: &str) -> Square {
    name.parse().expect("valid square literal")
}

impl Position {
    /// The standard starting position: White (first) a4 d1 g1 j4, Black (second)
    /// a7 d10 g10 j7, first player to move.
    pub fn start() -> Position {
        let first = ["a4", "d1", "g1", "j4"].map(sq).into_iter().collect();
        let second = ["a7", "d10", "g10", "j7"].map(sq).into_iter().collect();
        Position::from_parts(first, second, Bitboard::EMPTY, Side::First, 0, 1)
            .expect("the start position is valid")
    }

    /// Builds a position from queens, arrows, side to move and the two move
    /// counters (as FEN carries them). Checks that nothing overlaps and that each
    /// side has one to four queens.
    pub fn from_parts(
        first_queens: Bitboard,
        second_queens: Bitboard,
        arrows: Bitboard,
        turn: Side,
        halfmove_clock: u16,
        fullmove: u16,
    ) -> Result<Position, SetupError> {
        let queens = BySide::new(first_queens, second_queens);
        for side in Side::BOTH {
            let count = queens[side].count();
            if count == 0 {
                return Err(SetupError::NoQueens(side));
            }
            if count as usize > QUEENS_PER_SIDE {
                return Err(SetupError::TooManyQueens { side, count });
            }
        }
        let overlap = (first_queens & second_queens) | ((first_queens | second_queens) & arrows);
        if let Some(square) = overlap.first() {
            return Err(SetupError::Overlap(square));
        }
        let mut position = Position {
            board: Board::new(first_queens, second_queens, arrows),
            turn,
            halfmove_clock,
            fullmove: fullmove.max(1),
            hash: 0,
        };
        position.hash = position.hash_from_scratch();
        Ok(position)
    }

    /// Where the queens and arrows stand (what engines evaluate and search
    /// code plays queen steps on).
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The queens of `side`.
    #[inline]
    pub fn queens(&self, side: Side) -> Bitboard {
        self.board.queens(side)
    }

    /// Squares burnt by arrows.
    #[inline]
    pub fn arrows(&self) -> Bitboard {
        self.board.arrows()
    }

    /// Every square something stands on.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.board.occupied()
    }

    /// Every free square.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        self.board.empty()
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Moves played since the start position (0 at the start).
    #[inline]
    pub fn ply(&self) -> u32 {
        (u32::from(self.fullmove) - 1) * 2 + self.turn.index() as u32
    }

    /// FEN half-move clock.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// FEN full-move number (starts at 1).
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// Zobrist hash of queens, arrows and side to move (not the counters).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from nothing; the incremental one must always equal it.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for side in Side::BOTH {
            for square in self.queens(side) {
                hash ^= zobrist::queen_key(side, square);
            }
        }
        for square in self.arrows() {
            hash ^= zobrist::arrow_key(square);
        }
        if self.turn == Side::Second {
            hash ^= zobrist::second_to_move_key();
        }
        hash
    }

    /// Who owns the queen on `square`, if one stands there.
    pub fn queen_at(&self, square: Square) -> Option<Side> {
        self.board.queen_at(square)
    }

    /// Squares the queen on `from` can move to (empty if there is no queen).
    #[inline]
    pub fn queen_destinations(&self, from: Square) -> Bitboard {
        if self.queen_at(from).is_none() {
            return Bitboard::EMPTY;
        }
        self.board.queen_steps(from)
    }

    /// Squares an arrow can hit when the queen on `from` has moved to `to`: the
    /// vacated square `from` counts as empty.
    #[inline]
    pub fn arrow_targets(&self, from: Square, to: Square) -> Bitboard {
        self.board.arrows_after(from, to)
    }

    /// Whether the side to move has at least one legal move. A queen can move
    /// exactly when a neighbouring square is free (step there, shoot back).
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        self.board.can_move(self.turn)
    }

    /// The end of the game, if the side to move has no legal move.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            None
        } else {
            Some(Outcome::win(self.turn.opponent(), EndReason::NoLegalMove))
        }
    }

    /// Whether the side to move has lost.
    pub fn is_game_over(&self) -> bool {
        !self.has_legal_move()
    }

    /// Calls `f` with every legal move, without allocating.
    #[inline]
    pub fn for_each_move(&self, f: impl FnMut(Move)) {
        self.board.for_each_move(self.turn, f);
    }

    /// Replaces the contents of `moves` with every legal move. Reusing one buffer
    /// across calls means no allocation once it has grown.
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_move(|m| moves.push(m));
    }

    /// Every legal move, in a fresh vector (convenient; search should prefer
    /// [`Position::legal_moves_into`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(self.count_moves() as usize);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Legal moves of the queen on `from` only (empty if it is not the mover's).
    pub fn moves_of_queen(&self, from: Square) -> Vec<Move> {
        if !self.queens(self.turn).contains(from) {
            return Vec::new();
        }
        let occupied = self.occupied();
        let without_queen = occupied.without(from);
        queen_reach(from, occupied)
            .flat_map(|to| {
                queen_reach(to, without_queen).map(move |arrow| Move { from, to, arrow })
            })
            .collect()
    }

    /// Number of legal moves, counted set-wise without listing them.
    ///
    /// A move is a queen `q` going to `t` in direction `d`, then an arrow from
    /// `t`. Counted on the board as it stands (`q` still on its square), the
    /// arrows from `t` number `A(t)`, the reach of a queen on `t`. Vacating
    /// `q`'s square adds exactly the arrows shot back along `-d` onto it and
    /// beyond: `1 + l(q, -d)`, where `l(q, -d)` is how far `q` itself reaches
    /// along `-d`. So the count is
    ///
    /// `Σ_t m(t)·A(t) + Σ_q Σ_d l(q, d)·(1 + l(q, -d))`,
    ///
    /// with `m(t)` the number of the mover's queens that reach `t`. The first sum
    /// takes `A` for every square at once, as bit planes
    /// ([`crate::attacks::mobility_planes`]), and weighs it by the squares that
    /// one, two, three or four queens reach; the second is a few
    /// multiplications per queen.
    ///
    /// ```
    /// use amazons_core::Position;
    ///
    /// let start = Position::start();
    /// assert_eq!(start.count_moves(), 2_176);
    /// assert_eq!(start.count_moves(), start.legal_moves().len() as u64);
    /// ```
    #[inline]
    pub fn count_moves(&self) -> u64 {
        self.board.count_moves(self.turn)
    }

    /// [`Position::count_moves`] done the plain set-wise way, queen by queen and
    /// direction by direction; kept as a cross-check for the fast count.
    pub fn count_moves_simple(&self) -> u64 {
        self.board.count_moves_simple(self.turn)
    }

    /// Checks one move without generating the others.
    ///
    /// ```
    /// use amazons_core::{IllegalMove, Position};
    ///
    /// let start = Position::start();
    /// assert_eq!(start.is_legal("d1-d7/g7".parse()?), Ok(()));
    /// // The arrow may fly back over the square the queen left.
    /// assert_eq!(start.is_legal("d1-d5/d1".parse()?), Ok(()));
    /// assert_eq!(
    ///     start.is_legal("d1-d10/d9".parse()?),
    ///     Err(IllegalMove::QueenPathBlocked("d10".parse()?)),
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, m: Move) -> Result<(), IllegalMove> {
        // Fast path for legal moves (what servers and engines mostly check):
        // two table-driven reach look-ups. A legal move also proves the game is
        // not over.
        let occupied = self.occupied();
        if self.queens(self.turn).contains(m.from)
            && queen_reach(m.from, occupied).contains(m.to)
            && queen_reach(m.to, occupied.without(m.from)).contains(m.arrow)
        {
            return Ok(());
        }
        self.why_illegal(m)
    }

    /// The reason `m` is refused, checked step by step in the order a player
    /// would look: game over, the queen, its path, the arrow's path. Only
    /// called once the fast check in [`Position::is_legal`] has failed.
    fn why_illegal(&self, m: Move) -> Result<(), IllegalMove> {
        if !self.has_legal_move() {
            return Err(IllegalMove::GameOver);
        }
        match self.queen_at(m.from) {
            None => return Err(IllegalMove::NoQueen(m.from)),
            Some(owner) if owner != self.turn => return Err(IllegalMove::NotYourQueen(m.from)),
            Some(_) => {}
        }
        if Direction::between(m.from, m.to).is_none() {
            return Err(IllegalMove::QueenNotInLine {
                from: m.from,
                to: m.to,
            });
        }
        let occupied = self.occupied();
        if let Some(at) = first_blocker(m.from, m.to, occupied) {
            return Err(IllegalMove::QueenPathBlocked(at));
        }
        if Direction::between(m.to, m.arrow).is_none() {
            return Err(IllegalMove::ArrowNotInLine {
                from: m.to,
                to: m.arrow,
            });
        }
        if let Some(at) = first_blocker(m.to, m.arrow, occupied.without(m.from)) {
            return Err(IllegalMove::ArrowPathBlocked(at));
        }
        Ok(())
    }

    /// Plays `m` if it is legal and returns the new position; otherwise returns
    /// the refused move, this position untouched, and the reason.
    pub fn play(&self, m: Move) -> Result<Position, PlayError> {
        match self.is_legal(m) {
            Ok(()) => {
                let mut next = *self;
                next.make(m);
                Ok(next)
            }
            Err(reason) => Err(PlayError {
                mv: m,
                position: *self,
                reason,
            }),
        }
    }

    /// Applies a move known to be legal, in place (for search: no checks in
    /// release builds). Undo with [`Position::unmake`].
    #[inline]
    pub fn make(&mut self, m: Move) {
        debug_assert_eq!(self.is_legal(m), Ok(()), "make({m}) in\n{self:?}");
        let side = self.turn;
        self.board.toggle(side, m);
        self.hash ^= zobrist::queen_key(side, m.from)
            ^ zobrist::queen_key(side, m.to)
            ^ zobrist::arrow_key(m.arrow)
            ^ zobrist::second_to_move_key();
        self.halfmove_clock = self.halfmove_clock.wrapping_add(1);
        if side == Side::Second {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        self.turn = side.opponent();
    }

    /// Takes back `m`, which must be the last move given to [`Position::make`].
    #[inline]
    pub fn unmake(&mut self, m: Move) {
        let side = self.turn.opponent();
        self.turn = side;
        if side == Side::Second {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        self.halfmove_clock = self.halfmove_clock.wrapping_sub(1);
        self.hash ^= zobrist::queen_key(side, m.from)
            ^ zobrist::queen_key(side, m.to)
            ^ zobrist::arrow_key(m.arrow)
            ^ zobrist::second_to_move_key();
        self.board.toggle(side, m);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    /// Draws the board (rank 10 on top; `Q` first player, `q` second, `*` arrow)
    /// followed by the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..10 {
                let square = Square::new(file, rank).expect("on board");
                let c = match self.queen_at(square) {
                    Some(Side::First) => 'Q',
                    Some(Side::Second) => 'q',
                    None if self.arrows().contains(square) => '*',
                    None => '.',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i j")?;
        write!(f, "{}", crate::fen::Fen(*self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn start_has_2176_moves() {
        let position = Position::start();
        assert_eq!(position.count_moves(), 2176);
        assert_eq!(position.legal_moves().len(), 2176);
    }

    #[test]
    fn fast_count_matches_simple_count_and_listing() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut moves = Vec::new();
        for _ in 0..8 {
            let mut position = Position::start();
            loop {
                position.legal_moves_into(&mut moves);
                assert_eq!(position.count_moves(), moves.len() as u64, "{position:?}");
                assert_eq!(
                    position.count_moves_simple(),
                    moves.len() as u64,
                    "{position:?}"
                );
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                position.make(moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn refusals_say_why() {
        let start = Position::start();
        let cases = [
            ("e5-e6/e7", IllegalMove::NoQueen(sq("e5"))),
            ("a7-b7/c7", IllegalMove::NotYourQueen(sq("a7"))),
            (
                "d1-e3/e4",
                IllegalMove::QueenNotInLine {
                    from: sq("d1"),
                    to: sq("e3"),
                },
            ),
            (
                "d1-d1/d2",
                IllegalMove::QueenNotInLine {
                    from: sq("d1"),
                    to: sq("d1"),
                },
            ),
            ("d1-d10/d9", IllegalMove::QueenPathBlocked(sq("d10"))),
            ("a4-j4/j5", IllegalMove::QueenPathBlocked(sq("j4"))),
            (
                "d1-d7/e9",
                IllegalMove::ArrowNotInLine {
                    from: sq("d7"),
                    to: sq("e9"),
                },
            ),
            (
                "d1-d2/d2",
                IllegalMove::ArrowNotInLine {
                    from: sq("d2"),
                    to: sq("d2"),
                },
            ),
            ("d1-b3/a4", IllegalMove::ArrowPathBlocked(sq("a4"))),
            ("d1-d7/d10", IllegalMove::ArrowPathBlocked(sq("d10"))),
        ];
        for (text, reason) in cases {
            let err = start.play(mv(text)).unwrap_err();
            assert_eq!(err.reason, reason, "{text}");
            assert_eq!(err.position, start);
        }
        // Shooting back through the vacated square is legal.
        assert!(start.play(mv("d1-d5/d1")).is_ok());
    }

    #[test]
    fn make_unmake_restores() {
        let start = Position::start();
        let mut position = start;
        let m = mv("d1-d7/g7");
        position.make(m);
        assert_eq!(position.turn(), Side::Second);
        assert_eq!(position.hash(), position.hash_from_scratch());
        position.unmake(m);
        assert_eq!(position, start);
    }

    #[test]
    fn boxed_in_side_has_lost() {
        let position: Position = "Q*8/**8/10/10/10/10/10/10/10/9q w - - 0 1".parse().unwrap();
        assert!(!position.has_legal_move());
        assert_eq!(position.count_moves(), 0);
        assert_eq!(
            position.outcome(),
            Some(Outcome::win(Side::Second, EndReason::NoLegalMove))
        );
        assert_eq!(
            position.is_legal(mv("a10-a9/a8")),
            Err(IllegalMove::GameOver)
        );
    }
}
