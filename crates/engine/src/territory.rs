//! Who owns the board: the territory view players look at, and the exact
//! count that ends a game once the board is separated.
//!
//! - [`Territory::of`] colours every empty square by the side whose queens
//!   reach it in fewer queen moves (the distance the evaluation measures,
//!   [`crate::eval::compute_maps`]; equal distances are a tie, contested),
//!   counts them, and lists the regions that are already closed off (empty
//!   squares only one side can ever reach, or nobody), each with the moves it
//!   still allows ([`MoveBounds`], exact when the count finished).
//! - [`solve`] counts a *separated* position (no empty square both sides can
//!   reach) exactly: every region's longest filling sequence, defective
//!   regions included, so the moves each side has left are known and the side
//!   to move wins if and only if it has more. The [`Solved`] result names the
//!   winner, the margin and a proven finish: the play-out that shows it.
//!
//! # The margin
//!
//! With `a` the moves left to the side to move and `b` to the other side, the
//! side to move is stuck at its turn `a + 1` (ply `2a + 1`) and the other side
//! at its turn `b + 1` (ply `2b + 2`): the side to move wins if and only if
//! `a > b`. The margin is what the winner still has when the loser is stuck,
//! plus one (so every win is by at least 1): `a - b` when the side to move
//! wins, `b - a + 1` when the other side does.

use amazons_core::{Bitboard, BySide, Move, Position, Side, Square};

use crate::endgame::{self, MoveBounds};
use crate::eval::{INF, Maps, compute_maps};

/// Work budget of [`Territory::of`] for each closed region's count, in
/// generated moves (each costs some 10–150 ns, so a few milliseconds at
/// most): a view is shown at once, so a region that needs more keeps its
/// bounds apart.
pub const VIEW_REGION_BUDGET: u64 = 200_000;

/// Work budget of [`solve`] that a server can afford after every move, in
/// generated moves over all regions (each costs some 10–150 ns, so at most
/// some tens of milliseconds; typical separated positions need a few
/// thousand).
pub const SOLVE_BUDGET: u64 = 1_000_000;

/// What one square of the board is in the territory view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareOwner {
    /// A queen of this side stands here.
    Queen(Side),
    /// An arrow burnt this square.
    Arrow,
    /// Empty, and this side's queens reach it in fewer queen moves.
    Nearer(Side),
    /// Empty, and both sides reach it in the same number of queen moves
    /// (contested, neutral).
    Tie,
    /// Empty, and no queen can ever reach it.
    Unreached,
}

impl SquareOwner {
    /// The square's letter in the territory text (`GET /api/territory`'s
    /// `owners`): `Q`/`q` a white/black queen, `x` an arrow, `w`/`b` nearer
    /// to white/black, `=` a tie, `.` nobody reaches it.
    pub fn symbol(self) -> char {
        match self {
            SquareOwner::Queen(Side::First) => 'Q',
            SquareOwner::Queen(Side::Second) => 'q',
            SquareOwner::Arrow => 'x',
            SquareOwner::Nearer(Side::First) => 'w',
            SquareOwner::Nearer(Side::Second) => 'b',
            SquareOwner::Tie => '=',
            SquareOwner::Unreached => '.',
        }
    }
}

/// The running count of the view: "White 23 · Black 19 · contested 12".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TerritoryCounts {
    /// Empty squares each side reaches first.
    pub nearer: BySide<u32>,
    /// Empty squares both reach in the same number of queen moves.
    pub contested: u32,
}

/// A region that is closed off: empty squares that only one side (or
/// nobody) can ever reach, so its moves belong to that side alone (the
/// other side's queens do not even touch its queens, which would let them in
/// once a queen moves away).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClosedRegion {
    /// The region's empty squares (king-connected, joined through the owner's
    /// queens that touch two pockets).
    pub squares: Bitboard,
    /// The side whose queens are in it; `None` when no queen touches it.
    pub owner: Option<Side>,
    /// The moves its owner can still make in it (0 when nobody owns it).
    pub moves: MoveBounds,
}

/// The territory view of a board (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Territory {
    /// Every square's owner, by index `rank * 10 + file` (a1 first).
    owners: [SquareOwner; 100],
    /// The count of the empty squares by owner.
    counts: TerritoryCounts,
    /// The closed regions, ordered by their lowest square.
    regions: Vec<ClosedRegion>,
    /// Whether no empty square is reachable by both sides.
    separated: bool,
}

impl Territory {
    /// The view of `board`: owners by queen distance, counts, and the closed
    /// regions counted within [`VIEW_REGION_BUDGET`] each.
    pub fn of(board: &amazons_core::Board) -> Territory {
        let mut maps = Maps::default();
        compute_maps(board, &mut maps);
        let mut owners = [SquareOwner::Unreached; 100];
        let mut counts = TerritoryCounts::default();
        for square in Square::all() {
            let i = square.index() as usize;
            owners[i] = if let Some(side) = board.queen_at(square) {
                SquareOwner::Queen(side)
            } else if board.arrows().contains(square) {
                SquareOwner::Arrow
            } else {
                let (white, black) = (maps.queen[0][i], maps.queen[1][i]);
                if white == INF && black == INF {
                    SquareOwner::Unreached
                } else if white < black {
                    *counts.nearer.get_mut(Side::First) += 1;
                    SquareOwner::Nearer(Side::First)
                } else if black < white {
                    *counts.nearer.get_mut(Side::Second) += 1;
                    SquareOwner::Nearer(Side::Second)
                } else {
                    counts.contested += 1;
                    SquareOwner::Tie
                }
            };
        }
        let reach = BySide::new(maps.reach[0], maps.reach[1]);
        let mut regions = Vec::new();
        // A region is closed when the other side can never get in: not
        // through its empty squares, nor through a square one of its queens
        // leaves.
        let passable = board.empty() | board.queens(Side::First) | board.queens(Side::Second);
        for side in Side::BOTH {
            for (queens, squares) in endgame::regions_of(board, side) {
                let area = component(queens | squares, passable);
                if (area & board.queens(side.opponent())).is_empty() {
                    let mut budget = VIEW_REGION_BUDGET;
                    regions.push(ClosedRegion {
                        squares,
                        owner: Some(side),
                        moves: endgame::region_filling(queens, squares, &mut budget).bounds,
                    });
                }
            }
        }
        let mut unreached = board.empty() & !(reach.first | reach.second);
        while let Some(start) = unreached.first() {
            let squares = component(Bitboard::from_square(start), unreached);
            unreached &= !squares;
            regions.push(ClosedRegion {
                squares,
                owner: None,
                moves: MoveBounds::default(),
            });
        }
        regions.sort_by_key(|r| r.squares.first().map(Square::index));
        Territory {
            owners,
            counts,
            regions,
            separated: is_separated(board),
        }
    }

    /// What `square` is in this view.
    pub fn owner(&self, square: Square) -> SquareOwner {
        self.owners[square.index() as usize]
    }

    /// Every square's owner as 100 letters ([`SquareOwner::symbol`]), index
    /// `rank * 10 + file`, a1 first: the `owners` text of the HTTP view.
    pub fn owners_text(&self) -> String {
        self.owners.iter().map(|o| o.symbol()).collect()
    }

    /// The count of the empty squares by owner.
    pub fn counts(&self) -> TerritoryCounts {
        self.counts
    }

    /// The closed regions, ordered by their lowest square.
    pub fn regions(&self) -> &[ClosedRegion] {
        &self.regions
    }

    /// Whether the board is separated ([`is_separated`]): every region is
    /// closed, so [`solve`] can count it.
    pub fn is_separated(&self) -> bool {
        self.separated
    }
}

/// The king-connected part of `within` that contains `start`.
fn component(start: Bitboard, within: Bitboard) -> Bitboard {
    let mut grown = start & within;
    loop {
        let next = (grown | grown.king_neighbourhood()) & within;
        if next == grown {
            return grown;
        }
        grown = next;
    }
}

/// Whether `board` is separated: the two sides can never meet again, so
/// [`solve`] can count it ([`endgame::sides_apart`]: no empty square both
/// can reach, and no queen of one side next to the other's, which could
/// step into the square it leaves).
pub fn is_separated(board: &amazons_core::Board) -> bool {
    endgame::sides_apart(board)
}

/// A separated position counted exactly (made by [`solve`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The side to move in the solved position.
    turn: Side,
    /// The moves each side can still make, exactly.
    moves_left: BySide<u32>,
    /// The proven play-out, from the solved position until the loser is
    /// stuck.
    finish: Vec<Move>,
}

impl Solved {
    /// The side that wins with best play.
    pub fn winner(&self) -> Side {
        let me = *self.moves_left.get(self.turn);
        let other = *self.moves_left.get(self.turn.opponent());
        if me > other {
            self.turn
        } else {
            self.turn.opponent()
        }
    }

    /// The margin of the win, at least 1 (see the module documentation).
    pub fn margin(&self) -> u32 {
        let me = *self.moves_left.get(self.turn);
        let other = *self.moves_left.get(self.turn.opponent());
        if me > other {
            me - other
        } else {
            other - me + 1
        }
    }

    /// The moves each side can still make, exactly.
    pub fn moves_left(&self) -> BySide<u32> {
        self.moves_left
    }

    /// The proven finish: moves in turn from the solved position, each side
    /// filling its own regions as far as it can, until the loser has no move
    /// (the game's length with best play by both sides).
    pub fn finish(&self) -> &[Move] {
        &self.finish
    }
}

/// Counts a separated position exactly within `budget` generated moves over
/// all its regions ([`SOLVE_BUDGET`] is what a server affords after a move).
/// `None` when the position is not separated or a region's count did not
/// finish; a position where the side to move is already stuck is solved
/// (its finish is empty).
pub fn solve(position: &Position, budget: u64) -> Option<Solved> {
    let mut budget = budget;
    solve_by_region(position, |region| {
        let filling = endgame::region_filling(region.queens, region.squares, &mut budget);
        filling.bounds.is_exact().then_some(filling.line)
    })
}

/// One region of a separated position as [`solve_by_region`] hands it to
/// its counter: the side's queens that touch it and its empty squares
/// ([`endgame::regions_of`]). A region with the same queens and squares
/// allows the same moves in any position, so a counter may remember them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RegionKey {
    /// The queens that touch the region (all of one side).
    pub queens: Bitboard,
    /// The region's empty squares.
    pub squares: Bitboard,
}

/// The regions of a separated position in the order [`solve_by_region`]
/// counts them (the first side's, then the second's); empty when the
/// position is not separated.
pub fn regions_to_count(position: &Position) -> Vec<RegionKey> {
    let board = position.board();
    if !is_separated(board) {
        return Vec::new();
    }
    Side::BOTH
        .into_iter()
        .flat_map(|side| endgame::regions_of(board, side))
        .map(|(queens, squares)| RegionKey { queens, squares })
        .collect()
}

/// Counts a separated position exactly as [`solve`] does, with each
/// region's longest filling sequence asked of `line_of` (`None`: that
/// region's count did not finish, and nothing is proven). Regions are asked
/// in [`regions_to_count`]'s order, and no more once one is `None`. A
/// counter that counts each region within a budget of its own, and perhaps
/// remembers it, gives every position one answer however often it is
/// counted.
pub fn solve_by_region(
    position: &Position,
    mut line_of: impl FnMut(RegionKey) -> Option<Vec<Move>>,
) -> Option<Solved> {
    let board = position.board();
    if !is_separated(board) {
        return None;
    }
    let mut lines = BySide::new(Vec::new(), Vec::new());
    for side in Side::BOTH {
        for (queens, squares) in endgame::regions_of(board, side) {
            let line = line_of(RegionKey { queens, squares })?;
            lines.get_mut(side).extend(line);
        }
    }
    let turn = position.turn();
    let moves_left = lines.as_ref().map(|l| l.len() as u32);
    let (mine, theirs) = (lines.get(turn), lines.get(turn.opponent()));
    // The side to move plays first; whoever runs out first is stuck.
    let mut finish = Vec::new();
    for i in 0.. {
        let Some(&m) = mine.get(i) else { break };
        finish.push(m);
        let Some(&r) = theirs.get(i) else { break };
        finish.push(r);
    }
    Some(Solved {
        turn,
        moves_left,
        finish,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `moves` from `p`, each checked by core's rules.
    fn play_out(p: &Position, moves: &[Move]) -> Position {
        moves
            .iter()
            .fold(*p, |p, &m| p.play(m).expect("a legal move"))
    }

    #[test]
    fn a_single_rank_race_is_counted_and_played_out() {
        // Rank 1 only: `Q . . . . . | * | . . q`: White has 5 squares on its
        // side, Black 2: White to move wins by 5 - 2 = 3.
        let p = Position::from_fen(
            "**********/**********/**********/**********/**********/**********/**********/**********/**********/Q5*2q w",
        )
        .unwrap();
        let s = solve(&p, SOLVE_BUDGET).expect("separated");
        assert_eq!(s.moves_left(), BySide::new(5, 2));
        assert_eq!(s.winner(), Side::First);
        assert_eq!(s.margin(), 3);
        // White moves 3 times, Black twice, then Black is stuck.
        assert_eq!(s.finish().len(), 5);
        let end = play_out(&p, s.finish());
        assert!(!end.has_legal_move());
        assert_eq!(end.turn(), Side::Second);
    }

    #[test]
    fn equal_moves_lose_for_the_side_to_move() {
        let p = Position::from_fen(
            "**********/**********/**********/**********/**********/**********/**********/**********/**********/Q2****2q w",
        )
        .unwrap();
        let s = solve(&p, SOLVE_BUDGET).unwrap();
        assert_eq!(s.moves_left(), BySide::new(2, 2));
        assert_eq!(s.winner(), Side::Second);
        assert_eq!(s.margin(), 1);
        let end = play_out(&p, s.finish());
        assert!(!end.has_legal_move());
        assert_eq!(end.turn(), Side::First);
    }

    #[test]
    fn a_defective_region_counts_its_real_moves() {
        // White queen b1 with a1 and c2 free: a1, b1, c2 are not on one line
        // and a1, c2 are not neighbours, so one move, not two. Black has one
        // square (i10). One move each: White, to move, loses by 1.
        let p = Position::from_fen(
            "********1q/**********/**********/**********/**********/**********/**********/**********/**1*******/1Q******** w",
        )
        .unwrap();
        let s = solve(&p, SOLVE_BUDGET).unwrap();
        assert_eq!(s.moves_left(), BySide::new(1, 1));
        assert_eq!(s.winner(), Side::Second);
        assert_eq!(s.margin(), 1);
        assert_eq!(s.finish().len(), 2);
        let end = play_out(&p, s.finish());
        assert!(!end.has_legal_move());
        assert_eq!(end.turn(), Side::First);
        let t = Territory::of(p.board());
        let white = t.regions().iter().find(|r| r.owner == Some(Side::First));
        assert_eq!(
            white.map(|r| (r.squares.count(), r.moves)),
            Some((2, MoveBounds { lower: 1, upper: 1 }))
        );
    }

    #[test]
    fn the_start_is_not_separated() {
        assert!(solve(&Position::start(), SOLVE_BUDGET).is_none());
        assert!(!Territory::of(Position::start().board()).is_separated());
    }

    #[test]
    fn the_view_of_the_start_is_symmetric() {
        let t = Territory::of(Position::start().board());
        let c = t.counts();
        assert_eq!(c.nearer.first, c.nearer.second);
        assert_eq!(c.nearer.first * 2 + c.contested, 92);
        assert!(t.regions().is_empty());
        let text = t.owners_text();
        assert_eq!(text.len(), 100);
        assert_eq!(text.matches('Q').count(), 4);
        assert_eq!(text.matches('q').count(), 4);
    }

    #[test]
    fn closed_regions_have_their_owner_and_moves() {
        // White walled in at a1..c1 (3 squares), Black in the rest of the
        // top rows; an empty pocket j1 nobody reaches.
        let p = Position::from_fen("q9/10/**********/**********/**********/**********/**********/**********/**********/Q2*****1* w").unwrap();
        let t = Territory::of(p.board());
        assert!(t.is_separated());
        let regions = t.regions();
        assert_eq!(regions.len(), 3);
        let white = regions
            .iter()
            .find(|r| r.owner == Some(Side::First))
            .unwrap();
        assert_eq!(white.squares.count(), 2);
        assert_eq!(white.moves, MoveBounds { lower: 2, upper: 2 });
        let black = regions
            .iter()
            .find(|r| r.owner == Some(Side::Second))
            .unwrap();
        assert_eq!(black.squares.count(), 19);
        assert!(black.moves.is_exact());
        let nobody = regions.iter().find(|r| r.owner.is_none()).unwrap();
        assert_eq!(nobody.squares.count(), 1);
        assert_eq!(t.owner("i1".parse().unwrap()), SquareOwner::Unreached);
        assert_eq!(t.counts().nearer, BySide::new(2, 19));
        assert_eq!(t.counts().contested, 0);
    }
}
