//! Separated endgames: once no empty square can be reached by both sides, the
//! game is a race of *filling moves*. Each side's regions are independent, so a
//! side can make exactly `Σ moves(region)` more moves, and the side to move wins
//! if and only if it can make strictly more moves than the opponent.
//!
//! # How a region is counted (sound bounds)
//!
//! A region is a king-connected set of empty squares together with the amazons
//! of one side that touch it. Every move burns exactly one empty square (the
//! queen vacates one and occupies another), so the number of moves the region
//! allows is at most its number of empty squares: that is the **upper bound**.
//! It is not always reached: a queen can be unable to fill every square (a
//! square it can reach only by leaving others behind it, a "defective" region).
//! The **lower bound** is the length of an actual move sequence, found by a
//! depth-first search over filling moves that tries dead-end squares first and
//! stops as soon as it fills every square. When the search finishes within its
//! work budget (counted in generated moves) the count is exact (lower = upper); otherwise the bounds are
//! reported apart and only what they prove is claimed. A search's deadline
//! also stops a count (its bounds are used then, but not remembered), so
//! counting never makes a search late.

use crate::time::Deadline;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use amazons_core::attacks::neighbours;
use amazons_core::{Bitboard, Board, Move, Side, Square};

use crate::eval::KNOWN_WIN;

/// Lower and upper bound on the number of moves a side can still make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveBounds {
    /// Moves that can certainly be made (an actual sequence exists).
    pub lower: u32,
    /// Moves that can at most be made.
    pub upper: u32,
}

impl MoveBounds {
    /// Whether the bounds meet: the count is exact.
    pub fn is_exact(&self) -> bool {
        self.lower == self.upper
    }
}

/// Work budget for one region search inside the search tree, in generated
/// moves (a unit costs some 10–150 ns, so this is at most a few milliseconds;
/// a search deadline cuts it shorter, see [`RegionCache::set_deadline`]).
pub const SEARCH_REGION_BUDGET: u64 = 20_000;

/// How often (in depth-first search nodes) a region search reads the clock.
const CLOCK_CHECK_INTERVAL: u64 = 8;

/// The region counter's state for one search: a memo of region counts keyed
/// by (amazons, empty squares) of the region, and the deadline of the search
/// that owns it.
#[derive(Default)]
pub struct RegionCache {
    map: HashMap<(u128, u128), MoveBounds>,
    deadline: Option<Deadline>,
}

impl RegionCache {
    /// Makes every region search give up (with sound but looser bounds) once
    /// `deadline` has passed. A search that is out of time discards what it
    /// was evaluating anyway, so this only ever shortens the time after its
    /// deadline; without a deadline counts are deterministic.
    pub fn set_deadline(&mut self, deadline: Option<Deadline>) {
        self.deadline = deadline;
    }

    /// Bounds for one region, computed once (a count cut short by the
    /// deadline is returned but not remembered).
    pub fn region(&mut self, queens: Bitboard, region: Bitboard, budget: u64) -> MoveBounds {
        if let Some(b) = self.map.get(&(queens.0, region.0)) {
            return *b;
        }
        let (b, interrupted) = count_region(queens, region, budget, self.deadline);
        if interrupted {
            return b;
        }
        if self.map.len() > 200_000 {
            self.map.clear();
        }
        self.map.insert((queens.0, region.0), b);
        b
    }
}

/// The king-connected regions of empty squares touched by `side`'s amazons,
/// each with the amazons touching it.
pub fn regions_of(board: &Board, side: Side) -> Vec<(Bitboard, Bitboard)> {
    let empty = board.empty();
    let mut queens = board.queens(side);
    let mut out = Vec::new();
    let own = board.queens(side);
    while let Some(q) = queens.first() {
        // Grow through empty squares and through own amazons (an amazon between
        // two pockets joins them: it can move into either).
        let mut touching = Bitboard::from_square(q);
        let mut region = Bitboard::EMPTY;
        loop {
            let grown = ((region | touching).king_neighbourhood() & empty) | region;
            // An amazon next to one of the region's amazons joins too: it
            // can step into the square the other leaves.
            let grown_queens = ((grown | touching).king_neighbourhood() & own) | touching;
            if grown == region && grown_queens == touching {
                break;
            }
            region = grown;
            touching = grown_queens;
        }
        queens &= !touching;
        if !region.is_empty() {
            out.push((touching, region));
        }
    }
    out
}

/// Whether the two sides can never meet again: no queen of either side can
/// ever reach a square the other side can reach. A queen reaches, over
/// several moves, the squares king-connected to it through empty squares and
/// through squares of queens (a queen that moves away leaves its square
/// empty), and its arrows land only there; so the sides are apart when those
/// areas of the two sides' queens are disjoint. Then each side's regions
/// ([`regions_of`]) are its own, and counting them decides the game.
///
/// This is stricter than "no empty square reachable by both": a white and a
/// black queen standing side by side are not apart, since the first to move
/// away lets the other in.
pub fn sides_apart(board: &Board) -> bool {
    let passable = board.empty() | board.queens(Side::First) | board.queens(Side::Second);
    let mut area = board.queens(Side::First);
    loop {
        let grown = (area | area.king_neighbourhood()) & passable;
        if grown == area {
            return (area & board.queens(Side::Second)).is_empty();
        }
        area = grown;
    }
}

/// Bounds on the moves `side` can make if nobody else ever enters its regions.
pub fn side_bounds(board: &Board, side: Side, cache: &mut RegionCache, budget: u64) -> MoveBounds {
    let mut total = MoveBounds::default();
    for (queens, region) in regions_of(board, side) {
        let b = cache.region(queens, region, budget);
        total.lower += b.lower;
        total.upper += b.upper;
    }
    total
}

/// Bounds on the filling moves available to `queens` in `region` (empty squares
/// only; everything outside the region is treated as blocked).
pub fn region_bounds(queens: Bitboard, region: Bitboard, budget: u64) -> MoveBounds {
    count_region(queens, region, budget, None).0
}

/// [`region_bounds`] that also stops at `deadline`; the flag says whether it
/// did (the bounds are then sound but not the ones the budget would give).
fn count_region(
    queens: Bitboard,
    region: Bitboard,
    budget: u64,
    deadline: Option<Deadline>,
) -> (MoveBounds, bool) {
    let upper = region.count();
    let mut dfs = FillSearch::new(upper, budget, deadline, false);
    let complete = dfs.search(queens, region, 0);
    let bounds = MoveBounds {
        lower: dfs.best,
        upper: if complete { dfs.best } else { upper },
    };
    (bounds, dfs.interrupted)
}

/// A region counted for its sequence: the bounds, and the longest filling
/// sequence found (as long as `bounds.lower`; a longest one when the bounds
/// are exact).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionFilling {
    /// The moves the region allows.
    pub bounds: MoveBounds,
    /// The longest sequence found, legal in any position where the region is
    /// closed off.
    pub line: Vec<Move>,
}

/// Counts `queens` in `region` as [`region_bounds`] does, keeping the
/// longest sequence, within `budget` generated moves; what the search used is
/// taken from `budget`, so one budget can be shared by several regions.
///
/// Unlike the search's counter this one also remembers the positions of the
/// region it has searched (a position met again after as many moves or more
/// cannot do better), which makes the exhaustive search of a defective region
/// much shorter. That memory is bounded ([`FillMemory`]) and freed when the
/// count ends; a caller that counts often keeps one and passes it to
/// [`region_filling_in`].
pub fn region_filling(queens: Bitboard, region: Bitboard, budget: &mut u64) -> RegionFilling {
    region_filling_in(queens, region, budget, &mut FillMemory::default())
}

/// [`region_filling`] with the positions searched remembered in `memory`,
/// which is emptied first (so the count is the same whatever `memory` held)
/// and keeps its allocation for the next count: a thread that counts all
/// day holds one bounded table instead of allocating one per count.
pub fn region_filling_in(
    queens: Bitboard,
    region: Bitboard,
    budget: &mut u64,
    memory: &mut FillMemory,
) -> RegionFilling {
    memory.seen.clear();
    let upper = region.count();
    let lines = Lines {
        seen: std::mem::take(&mut memory.seen),
        ..Lines::default()
    };
    let mut dfs = FillSearch::new(upper, *budget, None, false);
    dfs.lines = Some(lines);
    let complete = dfs.search(queens, region, 0);
    *budget = dfs.budget;
    let bounds = MoveBounds {
        lower: dfs.best,
        upper: if complete { dfs.best } else { upper },
    };
    let lines = dfs.lines.take().unwrap_or_default();
    memory.seen = lines.seen;
    RegionFilling {
        bounds,
        line: lines.best,
    }
}

/// Most positions a region count remembers ([`FillMemory`]): past it, new
/// positions are searched without being remembered, which only costs work
/// (the budget still bounds it). 57,344 is 7/8 of 65,536, the most a
/// table of 65,536 slots holds before it would double: some 3 MB, however
/// large the region.
pub const FILL_MEMORY_LIMIT: usize = 57_344;

/// The positions a region count has searched, with the most moves made on
/// reaching each (at most [`FILL_MEMORY_LIMIT`] of them), kept between
/// counts by a caller that counts often so that one table is reused.
#[derive(Default)]
pub struct FillMemory {
    /// (queens, empty squares) of the region: most moves made on reaching it.
    seen: SeenTable,
}

/// The table of searched positions: keyed by two bitboards, hashed by
/// [`BoardPairHasher`] (the standard hasher costs more than generating the
/// moves of a node).
type SeenTable = HashMap<(u128, u128), u32, BuildHasherDefault<BoardPairHasher>>;

/// A multiply-and-rotate hash of bitboards (as rustc's own hasher does):
/// keys come from the search, not from anyone who could choose collisions.
#[derive(Default)]
pub struct BoardPairHasher(u64);

impl Hasher for BoardPairHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        const K: u64 = 0xf135_7aea_2e62_a9c5;
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(K);
    }

    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }
}

/// Depth-first search for the longest filling sequence of one region.
struct FillSearch {
    /// The region's size: no sequence is longer.
    target: u32,
    /// Longest sequence found so far.
    best: u32,
    /// Generated moves still allowed.
    budget: u64,
    /// Search nodes visited (paces the clock reads).
    visited: u64,
    /// When the search that asked must stop.
    deadline: Option<Deadline>,
    /// Whether the deadline stopped the search.
    interrupted: bool,
    /// The sequences, when they are wanted ([`region_filling`]).
    lines: Option<Lines>,
    /// Move lists of finished nodes, for the next nodes to fill.
    spare: Vec<Vec<Candidate>>,
}

/// What [`region_filling`] keeps beside the count: the moves of the branch
/// being searched, the longest sequence so far, and the positions searched.
#[derive(Default)]
struct Lines {
    /// The moves from the region's start to the node being searched.
    current: Vec<Move>,
    /// The longest sequence found so far.
    best: Vec<Move>,
    /// Most moves made on reaching each searched (queens, empty) position
    /// (at most [`FILL_MEMORY_LIMIT`] positions).
    seen: SeenTable,
}

impl FillSearch {
    /// A search for a region of `target` squares.
    fn new(target: u32, budget: u64, deadline: Option<Deadline>, lines: bool) -> FillSearch {
        FillSearch {
            target,
            best: 0,
            budget,
            visited: 0,
            deadline,
            interrupted: false,
            lines: lines.then(Lines::default),
            spare: Vec::new(),
        }
    }

    /// Searches on from `made` moves with `queens` on `empty`. Returns `false`
    /// when it ran out of budget or time before finishing.
    fn search(&mut self, queens: Bitboard, empty: Bitboard, made: u32) -> bool {
        if made > self.best {
            self.best = made;
            if let Some(lines) = &mut self.lines {
                lines.best.clone_from(&lines.current);
            }
        }
        if self.best == self.target {
            return true;
        }
        // Can this branch still beat the best? It can make at most |empty| more.
        if made + empty.count() <= self.best {
            return true;
        }
        // Was this position searched already, reached with as many moves?
        if let Some(lines) = &mut self.lines {
            let key = (queens.0, empty.0);
            let room = lines.seen.len() < FILL_MEMORY_LIMIT;
            match lines.seen.get_mut(&key) {
                Some(before) if *before >= made => return true,
                Some(before) => *before = made,
                None if room => {
                    lines.seen.insert(key, made);
                }
                None => {}
            }
        }
        if self.budget == 0 || self.out_of_time() {
            return false;
        }
        self.budget -= 1;
        // The region's queens alone on a board where everything outside the
        // region is burnt: core's staged generation gives the filling moves.
        let board = Board::new(queens, Bitboard::EMPTY, !(empty | queens));
        // The moves are tried in order of `Candidate`. Most counts finish
        // on their first line (every square filled), so the first move is
        // picked from the list and the list is sorted only if the search
        // comes back: the same moves in the same order as sorting them
        // all. The lists are kept for reuse, one a depth.
        let mut moves = self.spare.pop().unwrap_or_default();
        moves.clear();
        filling_moves_into(&board, queens, empty, &mut moves);
        // Pay for the work: every generated move costs one unit of budget.
        self.budget = self.budget.saturating_sub(moves.len() as u64);
        let finished = self.try_in_order(queens, empty, made, &mut moves);
        self.spare.push(moves);
        finished
    }

    /// Searches the `moves` from `queens` on `empty` after `made` moves in
    /// order (see [`FillSearch::search`]); `false` when out of budget or
    /// time.
    fn try_in_order(
        &mut self,
        queens: Bitboard,
        empty: Bitboard,
        made: u32,
        moves: &mut [Candidate],
    ) -> bool {
        let Some(first) = moves.iter().copied().min() else {
            return true;
        };
        if !self.explore(queens, empty, made, first) {
            return false;
        }
        if self.best == self.target {
            return true;
        }
        moves.sort_unstable();
        for &m in &moves[1..] {
            if !self.explore(queens, empty, made, m) {
                return false;
            }
            if self.best == self.target {
                return true;
            }
        }
        true
    }

    /// Searches on after the move `m` from `queens` on
    /// `empty` after `made` moves; `false` when out of budget or time.
    fn explore(&mut self, queens: Bitboard, empty: Bitboard, made: u32, m: Candidate) -> bool {
        let (_, f, t, a) = m;
        let bit = |i: u8| Bitboard(1u128 << i);
        let q2 = (queens & !bit(f)) | bit(t);
        let e2 = ((empty & !bit(t)) | bit(f)) & !bit(a);
        if let Some(lines) = &mut self.lines {
            lines.current.push(filling_move(f, t, a));
        }
        let finished = self.search(q2, e2, made + 1);
        if let Some(lines) = &mut self.lines {
            lines.current.pop();
        }
        finished
    }

    /// Reads the clock every [`CLOCK_CHECK_INTERVAL`] nodes.
    fn out_of_time(&mut self) -> bool {
        self.visited += 1;
        if self.visited % CLOCK_CHECK_INTERVAL == 0
            && self.deadline.as_mut().is_some_and(Deadline::reached)
        {
            self.interrupted = true;
        }
        self.interrupted
    }
}

/// A filling move as the search orders it: the arrow's free neighbours
/// (dead ends first), then 8 less the queen's free neighbours, then the
/// from, to and arrow squares' indices (so the order is total).
type Candidate = (u32, u8, u8, u8);

/// Every filling move of `queens` on `empty` (`board`: the queens alone,
/// everything else burnt), keyed for the search's order, added to `moves`.
fn filling_moves_into(
    board: &Board,
    queens: Bitboard,
    empty: Bitboard,
    moves: &mut Vec<Candidate>,
) {
    for from in queens {
        for to in board.queen_steps(from) {
            let after = empty.without(to).with(from);
            for arrow in board.arrows_after(from, to) {
                let left = after.without(arrow);
                let arrow_free = (neighbours(arrow) & left).count();
                let queen_free = (neighbours(to) & left).count();
                let key = arrow_free * 16 + (8 - queen_free.min(8));
                moves.push((key, from.index(), to.index(), arrow.index()));
            }
        }
    }
}

/// The move of three square indices the search generated from core's boards.
fn filling_move(from: u8, to: u8, arrow: u8) -> Move {
    let square = |i: u8| Square::from_index(i).expect("a square of core's board");
    Move::new(square(from), square(to), square(arrow))
}

/// Score of a separated position (no square reachable by both sides) for `stm`.
///
/// Proven wins score `KNOWN_WIN + margin`, proven losses the negative; when the
/// bounds do not decide, or the sides are not [`sides_apart`] (two queens of
/// different sides touch, so a vacated square can let one into the other's
/// region), the estimate is the difference of lower bounds, with the tie
/// going against the side to move (it must move first).
pub fn separated_score(board: &Board, stm: Side, cache: &mut RegionCache) -> i32 {
    let me = side_bounds(board, stm, cache, SEARCH_REGION_BUDGET);
    let op = side_bounds(board, stm.opponent(), cache, SEARCH_REGION_BUDGET);
    if !sides_apart(board) {
        100 * (me.lower as i32 - op.lower as i32) - 50
    } else if me.lower > op.upper {
        KNOWN_WIN + (me.lower - op.upper) as i32
    } else if me.upper <= op.lower {
        -(KNOWN_WIN + (op.lower - me.upper) as i32 + 1)
    } else {
        100 * (me.lower as i32 - op.lower as i32) - 50
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::Position;

    #[test]
    fn open_region_is_fully_fillable() {
        // Queen a2 boxed in with a1, b1, c1, b2, c2: five squares, all fillable.
        let p = Position::from_fen("9q/10/10/10/10/10/10/****6/Q2*6/3*6 w").unwrap();
        let b = *p.board();
        let mut cache = RegionCache::default();
        let bounds = side_bounds(&b, Side::First, &mut cache, 100_000);
        assert!(bounds.is_exact());
        assert_eq!(bounds.lower, 5);
    }

    #[test]
    fn defective_region_counts_less_than_its_size() {
        // White queen b1 with free a1 and c2 around it and everything else near
        // blocked: a1, b1, c2 are not on one line and a1, c2 are not neighbours,
        // so whichever square the queen takes, the other is lost. Size 2, 1 move.
        let p = Position::from_fen("9q/10/10/10/10/10/10/1***6/**1*6/1Q**6 w").unwrap();
        let b = *p.board();
        let mut cache = RegionCache::default();
        let bounds = side_bounds(&b, Side::First, &mut cache, 100_000);
        assert_eq!(bounds, MoveBounds { lower: 1, upper: 1 });
        assert_eq!(regions_of(&b, Side::First)[0].1.count(), 2);
    }
}
