//! Static evaluation after Lieberum, "An evaluation function for the game of
//! amazons" (Theoretical Computer Science 349, 2005).
//!
//! For every empty square and each side we compute the *queen distance* `D1`
//! (fewest queen moves to reach it) and the *king distance* `D2` (fewest king
//! steps), by set-wise breadth-first flood fills over the empty squares. From
//! them:
//!
//! - `t1 = Σ Δ(D1_me, D1_op)` and `t2 = Σ Δ(D2_me, D2_op)`: territory, where
//!   `Δ(n, m)` is +1 if I am closer, −1 if the opponent is, [`KAPPA`] (an
//!   advantage for the side to move) on equal finite distances and 0 when
//!   neither side can ever get there;
//! - `c1 = 2 Σ (2^-D1_me − 2^-D1_op)` and `c2 = Σ clamp((D2_op − D2_me) / 6, −1, 1)`:
//!   position terms that reward being near squares even when not first;
//! - `w = Σ 2^-|D1_me − D1_op|` over squares both sides reach: Lieberum's
//!   "fight" measure, large while the queens still fight over the whole board and
//!   0 once every region belongs to one side;
//! - mobility: for each amazon, the empty squares it reaches in one queen move,
//!   each weighted by its number of empty neighbours and by `2^-(king steps − 1)`,
//!   passed through a concave function so a nearly trapped amazon costs much more
//!   than a free one gains.
//!
//! The terms are blended with weights that move from opening values (distance
//! terms `t2`, `c1`, `c2` and mobility count most) to endgame values (`t1`
//! dominates) as `w` falls. When the board has split so that no square is
//! reachable by both sides, [`crate::endgame`] counts moves exactly instead.

use amazons_core::attacks::{neighbours, queen_reach, queen_reach_set};
use amazons_core::{Bitboard, Board, Direction, Position, Side, Square};

use crate::endgame::{self, RegionCache};

/// Distance value meaning "never reachable".
pub const INF: u8 = 255;

/// Tempo term of Lieberum's Δ: how much a square at equal distance is worth to
/// the side to move.
pub const KAPPA: f32 = 0.2;

/// Score of a side that has no legal move, from the mover's point of view
/// (negated, and shortened by the ply so faster wins are preferred).
pub const MATE: i32 = 30_000;

/// Base of scores for separated endgames whose winner is proven by counting
/// ([`crate::endgame`]); below [`MATE`] and above any heuristic score.
pub const KNOWN_WIN: i32 = 20_000;

/// Centipawns per unit of the blended Lieberum value.
const SCALE: f32 = 100.0;

/// Queen and king distances of both sides to every square.
#[derive(Clone, Debug)]
pub struct Maps {
    /// `queen[side][square]`: fewest queen moves, or [`INF`].
    pub queen: [[u8; 100]; 2],
    /// `king[side][square]`: fewest king steps, or [`INF`].
    pub king: [[u8; 100]; 2],
    /// Squares each side can ever reach (same set for queen and king moves).
    pub reach: [Bitboard; 2],
    /// `queen1[side]`: squares one queen move away from that side's amazons.
    pub queen1: [Bitboard; 2],
}

impl Default for Maps {
    fn default() -> Self {
        Maps {
            queen: [[INF; 100]; 2],
            king: [[INF; 100]; 2],
            reach: [Bitboard::EMPTY; 2],
            queen1: [Bitboard::EMPTY; 2],
        }
    }
}

/// Breadth-first flood fill by queen moves; writes distances into `out` and
/// returns the set reached. Returns also the first ring through `first`.
fn queen_bfs(
    start: Bitboard,
    empty: Bitboard,
    out: &mut [u8; 100],
    first: &mut Bitboard,
) -> Bitboard {
    out.fill(INF);
    let mut frontier = start;
    let mut reached = Bitboard::EMPTY;
    let mut d = 1u8;
    loop {
        let next = queen_reach_set(frontier, empty) & !reached;
        if next.is_empty() {
            break;
        }
        if d == 1 {
            *first = next;
        }
        for sq in next {
            out[sq.index() as usize] = d;
        }
        reached |= next;
        frontier = next;
        d += 1;
    }
    reached
}

/// Breadth-first flood fill by king steps.
fn king_bfs(start: Bitboard, empty: Bitboard, out: &mut [u8; 100]) {
    out.fill(INF);
    let mut frontier = start;
    let mut reached = Bitboard::EMPTY;
    let mut d = 1u8;
    loop {
        let next = frontier.king_neighbourhood() & empty & !reached;
        if next.is_empty() {
            break;
        }
        for sq in next {
            out[sq.index() as usize] = d;
        }
        reached |= next;
        frontier = next;
        d += 1;
    }
}

/// Computes both sides' distance maps for `board`.
pub fn compute_maps(board: &Board, maps: &mut Maps) {
    let empty = board.empty();
    for side in Side::BOTH {
        let i = side.index();
        let mut first = Bitboard::EMPTY;
        maps.reach[i] = queen_bfs(board.queens(side), empty, &mut maps.queen[i], &mut first);
        maps.queen1[i] = first;
        king_bfs(board.queens(side), empty, &mut maps.king[i]);
    }
}

static POW2: [f32; 16] = {
    let mut t = [0.0f32; 16];
    let mut i = 0;
    let mut v = 1.0f32;
    while i < 16 {
        t[i] = v;
        v *= 0.5;
        i += 1;
    }
    t
};

#[inline]
fn pow2neg(d: u8) -> f32 {
    if (d as usize) < 16 {
        POW2[d as usize]
    } else {
        0.0
    }
}

/// Δ without the tempo: +1 closer, −1 farther, 0 on ties; plus whether it was
/// a finite tie (worth κ to the side to move).
#[inline]
fn delta(a: u8, b: u8) -> (f32, f32) {
    if a == b {
        (0.0, if a == INF { 0.0 } else { 1.0 })
    } else if a < b {
        (1.0, 0.0)
    } else {
        (-1.0, 0.0)
    }
}

/// Tunable parts of the evaluation (arena experiments and the tuner).
/// Multipliers of 1 and the start's fight measure leave every score as it
/// was without them, bit for bit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalParams {
    /// Tempo κ of Lieberum's Δ.
    pub kappa: f32,
    /// Multiplier on the mobility weight.
    pub mobility: f32,
    /// Multipliers on the weights of the Lieberum terms `t1`, `t2`, `c1`
    /// and `c2`, in every phase.
    pub terms: [f32; 4],
    /// The fight measure `w` at which the blend is all opening weights
    /// (half of it: middlegame; 0: endgame).
    pub fight_start: f32,
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams {
            kappa: KAPPA,
            mobility: 1.0,
            terms: [1.0; 4],
            fight_start: W_START,
        }
    }
}

/// `RINGS[s][k]`: squares at king distance `k + 1` from `s` (the last ring
/// holds every square at distance 4 or more).
static RINGS: [[u128; 4]; 100] = {
    let mut t = [[0u128; 4]; 100];
    let mut s = 0;
    while s < 100 {
        let (f, r) = ((s % 10) as i32, (s / 10) as i32);
        let mut x = 0;
        while x < 100 {
            let (xf, xr) = (x % 10, x / 10);
            let df = if xf > f { xf - f } else { f - xf };
            let dr = if xr > r { xr - r } else { r - xr };
            let d = if df > dr { df } else { dr };
            if d >= 1 {
                let k = if d >= 4 { 3 } else { (d - 1) as usize };
                t[s][k] |= 1u128 << x;
            }
            x += 1;
        }
        s += 1;
    }
    t
};

/// How many empty king neighbours every square has, as four bit planes:
/// square `s` has `Σ 2^b` such neighbours over the planes `b` holding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NeighbourCounts([u128; 4]);

impl NeighbourCounts {
    /// The counts for a board with `occupied` squares (0 to 8 each), added
    /// up set-wise: the empty squares shifted in each of the eight
    /// directions, through a four-bit ripple counter.
    pub fn of(occupied: Bitboard) -> NeighbourCounts {
        let empty = Bitboard(!occupied.0 & Bitboard::FULL.0);
        let mut planes = [0u128; 4];
        for dir in Direction::ALL {
            let mut carry = empty.shift(dir).0;
            for plane in &mut planes {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        }
        NeighbourCounts(planes)
    }
}

/// Lieberum-style mobility of the amazon on `q`: reachable squares weighted by
/// their free neighbours and by closeness (weight 8, 4, 2, 1 at king distance
/// 1, 2, 3, 4+). See [`amazon_mobility_with`].
#[inline]
pub fn amazon_mobility(q: Square, occupied: Bitboard) -> u32 {
    amazon_mobility_with(q, occupied, &NeighbourCounts::of(occupied))
}

/// [`amazon_mobility`] with the board's neighbour counts computed once for
/// all amazons. A reachable square in ring `k` (weight `2^(3−k)`) with a
/// neighbour count holding bit `b` adds `2^(3−k+b)`; the squares adding the
/// same power of two are disjoint sets, so the sum takes seven popcounts.
#[inline]
pub fn amazon_mobility_with(q: Square, occupied: Bitboard, counts: &NeighbourCounts) -> u32 {
    let reach = queen_reach(q, occupied).0;
    let rings = &RINGS[q.index() as usize];
    let r = [
        reach & rings[0],
        reach & rings[1],
        reach & rings[2],
        reach & rings[3],
    ];
    let planes = &counts.0;
    let mut m = 0u32;
    for e in 0..7usize {
        let mut set = 0u128;
        for (k, ring) in r.iter().enumerate() {
            // e = 3 − k + b, so b = e + k − 3.
            if let Some(b) = (e + k).checked_sub(3).filter(|&b| b < 4) {
                set |= ring & planes[b];
            }
        }
        m += set.count_ones() << e;
    }
    m
}

/// Reference version of [`amazon_mobility`], square by square.
pub fn amazon_mobility_reference(q: Square, occupied: Bitboard) -> u32 {
    let empty = !occupied;
    let reach = queen_reach(q, occupied);
    let mut m = 0u32;
    for s in reach {
        let n = (neighbours(s) & empty).count();
        let dist = (q.file() as i32 - s.file() as i32)
            .abs()
            .max((q.rank() as i32 - s.rank() as i32).abs());
        m += (n * 8) >> (dist - 1).min(3);
    }
    m
}

/// Concave penalty curve for mobility: 0 for a trapped amazon, rising fast at
/// first, then flattening.
#[inline]
fn mobility_value(m: u32) -> f32 {
    let m = m as f32 / 8.0;
    10.0 * m / (m + 12.0)
}

/// The blended terms of one evaluation, from the side to move's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Terms {
    /// Queen-distance territory (without the tempo on ties).
    pub t1: f32,
    /// Squares at equal finite queen distance (each worth κ to the mover).
    pub t1_ties: f32,
    /// King-distance territory (without the tempo on ties).
    pub t2: f32,
    /// Squares at equal finite king distance.
    pub t2_ties: f32,
    /// Queen-distance position term.
    pub c1: f32,
    /// King-distance position term.
    pub c2: f32,
    /// Fight measure (0 when every square belongs to one side).
    pub w: f32,
    /// Mobility difference.
    pub mobility: f32,
}

/// Mobility term: the side to move's amazons' mobility values minus the
/// opponent's. Shared by the reference and the set-wise evaluation.
fn mobility_balance(board: &Board, me: Side) -> f32 {
    let occupied = board.occupied();
    let counts = NeighbourCounts::of(occupied);
    // Same order of additions as always, so scores stay bit-identical.
    let mut mob = 0.0;
    for q in board.queens(me) {
        mob += mobility_value(amazon_mobility_with(q, occupied, &counts));
    }
    for q in board.queens(me.opponent()) {
        mob -= mobility_value(amazon_mobility_with(q, occupied, &counts));
    }
    mob
}

/// Computes the raw terms for `stm` from distance maps.
pub fn terms(board: &Board, maps: &Maps, stm: Side) -> Terms {
    let me = stm.index();
    let op = 1 - me;
    let mut t = Terms::default();
    let (qm, qo, km, ko) = (
        &maps.queen[me],
        &maps.queen[op],
        &maps.king[me],
        &maps.king[op],
    );
    for sq in maps.reach[0] | maps.reach[1] {
        let i = sq.index() as usize;
        let (a, b) = (qm[i], qo[i]);
        let (d, tie) = delta(a, b);
        t.t1 += d;
        t.t1_ties += tie;
        t.c1 += pow2neg(a) - pow2neg(b);
        if a != INF && b != INF {
            t.w += pow2neg(a.abs_diff(b));
        }
        let (ka, kb) = (km[i], ko[i]);
        let (d, tie) = delta(ka, kb);
        t.t2 += d;
        t.t2_ties += tie;
        t.c2 += if ka == INF {
            if kb == INF { 0.0 } else { -1.0 }
        } else if kb == INF {
            1.0
        } else {
            ((kb as f32 - ka as f32) / 6.0).clamp(-1.0, 1.0)
        };
    }
    t.c1 *= 2.0;
    t.mobility = mobility_balance(board, stm);
    t
}

/// Fight measure of the start position, the reference for the phase.
pub const W_START: f32 = 60.0;

/// Blend weights `(t1, t2, c1, c2, mobility)` for a fight measure `w`, all
/// opening weights from `fight_start` up.
pub fn weights(w: f32, fight_start: f32) -> [f32; 5] {
    const OPENING: [f32; 5] = [0.14, 0.37, 0.13, 0.13, 0.20];
    const MIDDLE: [f32; 5] = [0.30, 0.25, 0.20, 0.20, 0.05];
    const END: [f32; 5] = [0.80, 0.10, 0.05, 0.05, 0.00];
    let p = (w / fight_start).clamp(0.0, 1.0);
    let (a, b, f) = if p >= 0.5 {
        (&MIDDLE, &OPENING, (p - 0.5) * 2.0)
    } else {
        (&END, &MIDDLE, p * 2.0)
    };
    let mut out = [0.0; 5];
    for i in 0..5 {
        out[i] = a[i] + (b[i] - a[i]) * f;
    }
    out
}

/// Heuristic score in centipawns for `stm`, from distance maps already computed.
pub fn score_terms(t: &Terms, p: &EvalParams) -> i32 {
    let k = weights(t.w, p.fight_start);
    let m = &p.terms;
    let t1 = t.t1 + p.kappa * t.t1_ties;
    let t2 = t.t2 + p.kappa * t.t2_ties;
    let v = k[0] * m[0] * t1
        + k[1] * m[1] * t2
        + k[2] * m[2] * t.c1
        + k[3] * m[3] * t.c2
        + k[4] * p.mobility * t.mobility;
    (v * SCALE) as i32
}

/// Most distance levels a flood fill can have (a path visits each empty
/// square once).
const MAX_LEVELS: usize = 100;

/// Distance level sets of one side: `levels[d - 1]` holds the squares at
/// distance exactly `d`; `cumulative[d - 1]` those at distance ≤ `d`.
struct Levels {
    levels: [Bitboard; MAX_LEVELS],
    cumulative: [Bitboard; MAX_LEVELS],
    count: usize,
}

impl Levels {
    fn new() -> Levels {
        Levels {
            levels: [Bitboard::EMPTY; MAX_LEVELS],
            cumulative: [Bitboard::EMPTY; MAX_LEVELS],
            count: 0,
        }
    }

    /// Everything reached.
    #[inline]
    fn reach(&self) -> Bitboard {
        if self.count == 0 {
            Bitboard::EMPTY
        } else {
            self.cumulative[self.count - 1]
        }
    }

    /// Squares at distance ≤ `d` (d may exceed the last level).
    #[inline]
    fn within(&self, d: usize) -> Bitboard {
        if d == 0 || self.count == 0 {
            Bitboard::EMPTY
        } else {
            self.cumulative[d.min(self.count) - 1]
        }
    }

    fn queen(&mut self, start: Bitboard, empty: Bitboard) {
        self.spread(start, |frontier| queen_reach_set(frontier, empty));
    }

    fn king(&mut self, start: Bitboard, empty: Bitboard) {
        self.spread(start, |frontier| frontier.king_neighbourhood() & empty);
    }

    /// The level sets from `start`, where `step` gives the squares one move
    /// from a frontier (a queen's or a king's move over the empty squares).
    fn spread(&mut self, start: Bitboard, step: impl Fn(Bitboard) -> Bitboard) {
        let mut frontier = start;
        let mut reached = Bitboard::EMPTY;
        self.count = 0;
        loop {
            let next = step(frontier) & !reached;
            if next.is_empty() {
                break;
            }
            reached |= next;
            self.levels[self.count] = next;
            self.cumulative[self.count] = reached;
            self.count += 1;
            frontier = next;
        }
    }
}

/// Reusable level sets for [`terms_setwise`] (kept by the [`Evaluator`] so
/// they are not re-initialised for every evaluation).
pub struct Scratch([Levels; 4]);

impl Default for Scratch {
    fn default() -> Self {
        Scratch([Levels::new(), Levels::new(), Levels::new(), Levels::new()])
    }
}

/// Territory Δ summed set-wise: (wins − losses, finite ties). The squares
/// won at each distance are disjoint, so they are gathered before one
/// popcount (likewise ties and losses).
fn territory(me: &Levels, op: &Levels) -> (f32, f32) {
    let mut won = Bitboard::EMPTY;
    let mut tied = Bitboard::EMPTY;
    for d in 1..=me.count {
        let at = me.levels[d - 1];
        won |= at & !op.within(d);
        if d <= op.count {
            tied |= at & op.levels[d - 1];
        }
    }
    let mut lost = Bitboard::EMPTY;
    for d in 1..=op.count {
        lost |= op.levels[d - 1] & !me.within(d);
    }
    (
        (won.count() as i32 - lost.count() as i32) as f32,
        tied.count() as f32,
    )
}

/// [`terms`] computed from level sets with popcounts instead of per-square
/// distance arrays; the same numbers (tested), about twice as fast.
pub fn terms_setwise(board: &Board, stm: Side, scratch: &mut Scratch) -> (Terms, bool) {
    let empty = board.empty();
    let [qm, qo, km, ko] = &mut scratch.0;
    qm.queen(board.queens(stm), empty);
    qo.queen(board.queens(stm.opponent()), empty);
    let separated = (qm.reach() & qo.reach()).is_empty();
    let mut t = Terms::default();
    if separated {
        return (t, true);
    }
    (t.t1, t.t1_ties) = territory(qm, qo);
    let mut c1 = 0.0;
    for d in 1..=qm.count.max(qo.count) {
        let a = if d <= qm.count {
            qm.levels[d - 1].count()
        } else {
            0
        } as f32;
        let b = if d <= qo.count {
            qo.levels[d - 1].count()
        } else {
            0
        } as f32;
        c1 += pow2neg(d.min(255) as u8) * (a - b);
    }
    t.c1 = 2.0 * c1;
    // w = Σ 2^-|D1 − D1'|: the squares at each difference d, gathered over
    // the (disjoint) level pairs, then one popcount per d (2^-d is 0 in f32
    // terms from d = 16, as in `pow2neg`).
    let mut at_difference = [Bitboard::EMPTY; 16];
    for i in 1..=qm.count {
        for j in 1..=qo.count {
            if let Some(set) = at_difference.get_mut(i.abs_diff(j)) {
                *set |= qm.levels[i - 1] & qo.levels[j - 1];
            }
        }
    }
    let mut w = 0.0;
    for (d, set) in at_difference.iter().enumerate() {
        w += set.count() as f32 * pow2neg(d as u8);
    }
    t.w = w;
    km.king(board.queens(stm), empty);
    ko.king(board.queens(stm.opponent()), empty);
    (t.t2, t.t2_ties) = territory(km, ko);
    // c2 = Σ clamp((D2_op − D2_me) / 6, −1, 1), unreachable counting as ∞.
    // Counted in sixths, exactly: the squares at each difference j − i are
    // gathered over the (disjoint) levels, then one popcount per difference.
    let reach_m = km.reach();
    let reach_o = ko.reach();
    let mut sixths =
        6 * ((reach_m & !reach_o).count() as i32 - (reach_o & !reach_m).count() as i32);
    let mut far = Bitboard::EMPTY; // opponent at distance ≥ i + 6: +1
    let mut near = Bitboard::EMPTY; // opponent at distance ≤ i − 6: −1
    let mut by_difference = [Bitboard::EMPTY; 11]; // j − i + 5, for |j − i| ≤ 5
    for i in 1..=km.count {
        let at = km.levels[i - 1] & reach_o;
        if at.is_empty() {
            continue;
        }
        far |= at & !ko.within(i + 5);
        if i > 6 {
            near |= at & ko.within(i - 6);
        }
        let lo = i.saturating_sub(5).max(1);
        for j in lo..=(i + 5).min(ko.count) {
            by_difference[j + 5 - i] |= at & ko.levels[j - 1];
        }
    }
    sixths += 6 * (far.count() as i32 - near.count() as i32);
    for (k, set) in by_difference.iter().enumerate() {
        sixths += (k as i32 - 5) * set.count() as i32;
    }
    t.c2 = sixths as f32 / 6.0;
    t.mobility = mobility_balance(board, stm);
    (t, false)
}

/// Per-search state for evaluation: scratch maps and the endgame cache.
#[derive(Default)]
pub struct Evaluator {
    /// Scratch distance maps.
    pub maps: Maps,
    /// Cache of exact region counts.
    pub regions: RegionCache,
    /// Weights that experiments may change.
    pub params: EvalParams,
    /// Level sets of the set-wise evaluation.
    pub scratch: Box<Scratch>,
}

impl Evaluator {
    /// A fresh evaluator.
    pub fn new() -> Evaluator {
        Evaluator::default()
    }

    /// Score of `board` for `stm` in centipawns. When the sides are separated,
    /// the separated endgame is counted ([`crate::endgame`]) and a proven result
    /// scores beyond [`KNOWN_WIN`].
    pub fn evaluate(&mut self, board: &Board, stm: Side) -> i32 {
        let (t, separated) = terms_setwise(board, stm, &mut self.scratch);
        if separated {
            return endgame::separated_score(board, stm, &mut self.regions);
        }
        score_terms(&t, &self.params)
    }

    /// Score of a position for its side to move.
    pub fn evaluate_position(&mut self, position: &Position) -> i32 {
        self.evaluate(position.board(), position.turn())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_nearly_even_and_w_is_large() {
        let p = Position::start();
        let b = *p.board();
        let mut maps = Maps::default();
        compute_maps(&b, &mut maps);
        let t = terms(&b, &maps, Side::First);
        assert!(t.w > 40.0, "{t:?}");
        assert!(t.t1.abs() < 1.0 && t.c1.abs() < 1.0, "{t:?}");
        let mut e = Evaluator::new();
        let v = e.evaluate_position(&p);
        // Only the tempo term (KAPPA on equally near squares) favours the mover.
        assert!(v.abs() < 400, "{v} {t:?}");
    }

    #[test]
    fn setwise_terms_match_the_per_square_reference() {
        let mut p = Position::start();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for ply in 0..70 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let b = *p.board();
            let mut maps = Maps::default();
            compute_maps(&b, &mut maps);
            let (fast, separated) = terms_setwise(&b, p.turn(), &mut Scratch::default());
            for q in b.queens(Side::First) | b.queens(Side::Second) {
                assert_eq!(
                    amazon_mobility(q, b.occupied()),
                    amazon_mobility_reference(q, b.occupied())
                );
            }
            assert_eq!(separated, (maps.reach[0] & maps.reach[1]).is_empty());
            if !separated {
                let slow = terms(&b, &maps, p.turn());
                for (x, y, name) in [
                    (fast.t1, slow.t1, "t1"),
                    (fast.t1_ties, slow.t1_ties, "t1_ties"),
                    (fast.t2, slow.t2, "t2"),
                    (fast.t2_ties, slow.t2_ties, "t2_ties"),
                    (fast.c1, slow.c1, "c1"),
                    (fast.c2, slow.c2, "c2"),
                    (fast.w, slow.w, "w"),
                    (fast.mobility, slow.mobility, "mobility"),
                ] {
                    assert!((x - y).abs() < 1e-3, "ply {ply} {name}: {x} vs {y}\n{p:?}");
                }
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.make(moves[(seed % moves.len() as u64) as usize]);
        }
    }

    #[test]
    fn term_multipliers_and_the_fight_start_move_the_score() {
        let p = Position::from_fen("3q2q3/10/q8q/4*5/2*4*2/10/Q1*4*1Q/10/10/3Q2Q3 w").unwrap();
        let (t, separated) = terms_setwise(p.board(), p.turn(), &mut Scratch::default());
        assert!(!separated && t.w > 0.0, "{t:?}");
        let plain = EvalParams::default();
        let doubled = EvalParams {
            terms: [2.0; 4],
            mobility: 2.0,
            ..plain
        };
        let (one, two) = (score_terms(&t, &plain), score_terms(&t, &doubled));
        assert!(one != 0 && (two - 2 * one).abs() <= 1, "{one} {two}");
        // From a fight measure of 10^9 on, every real board is an endgame.
        let late = EvalParams {
            fight_start: 1e9,
            ..plain
        };
        let (late_weights, end) = (weights(t.w, late.fight_start), weights(0.0, W_START));
        for (a, b) in late_weights.iter().zip(end) {
            assert!((a - b).abs() < 1e-6, "{late_weights:?} {end:?}");
        }
        assert_ne!(score_terms(&t, &late), one);
    }

    #[test]
    fn neighbour_counts_count_empty_king_neighbours() {
        let p = Position::from_fen("Q*8/**8/10/10/10/10/10/10/10/9q w").unwrap();
        let occupied = p.board().occupied();
        let counts = NeighbourCounts::of(occupied);
        for s in 0..100u8 {
            let sq = Square::from_index(s).unwrap();
            let want = (neighbours(sq) & !occupied).count();
            let got: u32 = (0..4)
                .map(|b| u32::from(counts.0[b] >> s & 1 == 1) << b)
                .sum();
            assert_eq!(got, want, "{sq}");
        }
    }

    #[test]
    fn setwise_mobility_matches_reference() {
        let mut p = Position::start();
        for (i, m) in ["d1-d7/g7", "a7-b7/c7", "g1-e3/e8", "j7-f3/f1"]
            .iter()
            .enumerate()
        {
            let occ = p.occupied();
            for q in p.queens(Side::First) | p.queens(Side::Second) {
                assert_eq!(
                    amazon_mobility(q, occ),
                    amazon_mobility_reference(q, occ),
                    "{i} {q}"
                );
            }
            p = p.play(m.parse().unwrap()).unwrap();
        }
    }

    #[test]
    fn distances_match_a_hand_count() {
        // White queen a1, black queen j10; nothing else.
        let p = Position::from_fen("9q/10/10/10/10/10/10/10/10/Q9 w").unwrap();
        let b = *p.board();
        let mut maps = Maps::default();
        compute_maps(&b, &mut maps);
        let sq = |s: &str| s.parse::<Square>().unwrap().index() as usize;
        assert_eq!(maps.queen[0][sq("a9")], 1);
        assert_eq!(maps.queen[0][sq("b3")], 2);
        assert_eq!(maps.king[0][sq("e5")], 4);
        assert_eq!(maps.queen[1][sq("a1")], INF); // occupied: never a target
    }
}
