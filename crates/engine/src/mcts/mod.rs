//! Monte-Carlo tree search with evaluation-truncated playouts, in the style of
//! Lorentz's Invader ("Amazons discover Monte-Carlo", CG 2008) and Kloetzer,
//! Iida and Bouzy ("The Monte-Carlo approach in Amazons", 2007).
//!
//! This is the search of the full-strength level 7: in the arena it beat the
//! selective alpha-beta search ([`crate::search`], level 6, the full strength
//! before it) at equal time, so it became the strongest level.
//!
//! - **Tree** ([`Tree`]). Nodes live in one `Vec` (an arena, no `Rc`),
//!   children of a node contiguous in it. A leaf is expanded once it has been
//!   visited [`MctsParams::expand_visits`] times. The engine keeps each
//!   thread's tree between moves ([`MctsParams::reuse`]): the next search
//!   finds its position among the last root's children or grandchildren and
//!   starts from that subtree, its root's moves ranked afresh at the root's
//!   width and the moves already searched given their statistics back.
//! - **Selective expansion.** A position has up to ~2000 moves, so expansion
//!   keeps only the promising ones: every queen move is ranked by the
//!   territory evaluation of the board after it (arrow not yet shot), the
//!   arrows of the best [`MctsParams::queen_width`] queen moves are ranked by
//!   the evaluation of the resulting position, and the best
//!   [`MctsParams::width`] moves become children, best first (the root is
//!   wider: [`MctsParams::root_queen_width`], [`MctsParams::root_width`]).
//!   An inner node is first ranked narrowly: the arrows of its best
//!   [`MctsParams::narrow`] queen moves only, and ranked again at full width
//!   once it has [`MctsParams::regrow`] playouts, its children keeping their
//!   statistics (most nodes never get that far, and ranking is most of a
//!   search's work).
//!   Each child starts with its ranking evaluation as a prior worth
//!   [`MctsParams::prior_visits`] virtual playouts (progressive bias), and
//!   progressive widening ([`MctsParams::widen`]) lets a node consider more of
//!   its children as its visits grow.
//! - **Playouts.** From a leaf, [`MctsParams::playout_plies`] random moves are
//!   played (random movable queen, random destination, random arrow, from
//!   bitboards), then the position is evaluated and the score turned into a
//!   win probability by a logistic curve of scale [`MctsParams::scale_cp`].
//!   A side left without a move loses; a proven separated endgame
//!   (|score| ≥ [`KNOWN_WIN`]) is a certain result.
//! - **Selection.** UCB1 on the children allowed by widening, exploration
//!   constant [`MctsParams::exploration_pct`]. Proven results are backed up
//!   (a move that wins outright is always taken; a node whose every legal move
//!   is kept and proven lost is lost).
//! - **Final move.** The most visited root child (a proven win if there is one).
//! - **Limits.** The clock and stop flag are read between playouts and before
//!   every evaluation inside an expansion, so the search ends within some
//!   microseconds of its deadline; the node limit counts playouts
//!   (iterations). One tree is deterministic for a seed and a node limit.
//! - **Threads** ([`search_parallel`]), two ways ([`MctsParams::parallel`]).
//!   [`Parallelism::Root`]: root parallelization. Each thread grows its own
//!   tree (its own random seed, a share of the memory cap) until the common
//!   deadline or stop flag; then the root moves' playouts and wins are summed
//!   over the trees and the most visited move is played (a move proven to win
//!   in any tree is taken at once). No locks or shared tree, so the
//!   threads only meet at the end. The node limit applies to every tree (each
//!   runs that many playouts), which keeps a node-limited search deterministic
//!   whatever the thread count unless a tree proves the result and stops the
//!   others; the reported playouts are the total.
//!   [`Parallelism::Tree`], the default since issue 29's arena (two threads
//!   on one tree beat two trees): tree parallelization. The threads grow one
//!   shared tree behind a lock held only to walk down it and to back up, with a
//!   virtual loss ([`MctsParams::virtual_loss`]) on the path a thread is
//!   exploring so that the others spread out (the `shared` module). The node
//!   limit is counted over the shared tree, the threads' shares summed
//!   (threads × the limit, as in root parallelization). Its narrow nodes
//!   regrow as a tree of one thread's do; the children a regrowth moves are
//!   logged, and a thread whose path went through one (it was ranking or
//!   playing out below it, outside the lock) follows the log before it backs
//!   up. With one thread both are the single-tree search, move for move (a
//!   test runs the shared tree's own code on one thread against it).

mod parallel;
mod searcher;
mod shared;
#[cfg(test)]
mod tests;
mod tree;

use std::sync::atomic::AtomicBool;

use amazons_core::{Bitboard, Move, Position, Square};

use crate::eval::{EvalParams, KNOWN_WIN, W_START};
use crate::time::{Deadline, TimePlan};

pub use parallel::search_parallel;
pub use searcher::Searcher;
pub use tree::{Tree, tree_nodes_in};

/// Knobs of the Monte-Carlo search. Integers (hundredths where a fraction is
/// meant) so that arena player specifications can be compared for equality.
/// The defaults are what a little arena measurement chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsParams {
    /// UCB1 exploration constant, in hundredths.
    pub exploration_pct: u32,
    /// Children kept when an inner node is expanded.
    pub width: usize,
    /// Queen moves whose arrows are ranked when an inner node is expanded.
    pub queen_width: usize,
    /// Children kept at the root.
    pub root_width: usize,
    /// Queen moves whose arrows are ranked at the root.
    pub root_queen_width: usize,
    /// Random plies played in a playout before the evaluation.
    pub playout_plies: u32,
    /// Centipawns per unit of logit when a score becomes a win probability.
    pub scale_cp: u32,
    /// Visits a leaf needs before it is expanded.
    pub expand_visits: u32,
    /// Weight of a child's ranking evaluation, in virtual playouts.
    pub prior_visits: u32,
    /// Progressive widening: a node considers `widen + sqrt(visits)` of its
    /// children (0: all of them at once).
    pub widen: u32,
    /// Keep the tree from one search to the next: a search whose position
    /// lies at most two plies below the last root (our move and the reply)
    /// starts from that subtree ([`Tree::reroot`]).
    pub reuse: bool,
    /// How a clock is shared out over the game ([`TimePlan::Phased`]: more
    /// in the middlegame, and a move stops early once no other move could
    /// overtake the most played one before the hard limit).
    pub time_plan: TimePlan,
    /// How several threads share the work (one thread: no difference).
    pub parallel: Parallelism,
    /// With [`Parallelism::Tree`]: lost playouts counted through each node
    /// of the path a thread is exploring until its result is backed up.
    pub virtual_loss: u32,
    /// Tempo κ of the evaluation ([`crate::eval::EvalParams::kappa`]), in
    /// hundredths.
    pub kappa_pct: u32,
    /// Multiplier on the evaluation's mobility weight
    /// ([`crate::eval::EvalParams::mobility`]), in hundredths.
    pub mobility_pct: u32,
    /// Multipliers on the evaluation's weights of the Lieberum terms `t1`,
    /// `t2`, `c1` and `c2` ([`crate::eval::EvalParams::terms`]), in
    /// hundredths.
    pub terms_pct: [u32; 4],
    /// The fight measure at which the evaluation blends opening weights only
    /// ([`crate::eval::EvalParams::fight_start`]).
    pub fight_start: u32,
    /// Queen moves whose arrows are ranked when an inner node is first
    /// expanded, if fewer than [`MctsParams::queen_width`] (0: all of those
    /// at once): most nodes are visited a few times only, and ranking is
    /// most of a search's work. On a shared tree ([`Parallelism::Tree`]) a
    /// regrowth moves the node's children; a thread below one follows it.
    pub narrow: usize,
    /// Real playouts at which a node first expanded narrowly is ranked again
    /// at the full [`MctsParams::queen_width`], its children keeping their
    /// statistics (0: never).
    pub regrow: u32,
}

impl MctsParams {
    /// The evaluation weights these knobs set.
    pub fn eval_params(&self) -> EvalParams {
        EvalParams {
            kappa: self.kappa_pct as f32 / 100.0,
            mobility: self.mobility_pct as f32 / 100.0,
            terms: self.terms_pct.map(|pct| pct as f32 / 100.0),
            fight_start: self.fight_start.max(1) as f32,
        }
    }
}

/// How the threads of a Monte-Carlo search share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallelism {
    /// One tree a thread, root moves' statistics summed at the end.
    Root,
    /// One tree for all threads, with virtual loss (level 7's default,
    /// [`MctsParams::default`]).
    Tree,
}

/// The evaluation's tempo κ for level 7, in hundredths: tuned by SPSA
/// (issue 29, `docs/engine-results.md`) to less than the evaluation's own
/// [`crate::eval::KAPPA`], which the alpha-beta levels keep.
pub const TUNED_KAPPA_PCT: u32 = 8;

impl Default for MctsParams {
    /// Level 7's knobs: `amazons-engine tune`'s output of issue 29 (800
    /// pairs at 40 ms of CPU a move), adopted on the arena's result at 250
    /// ms a move (`docs/engine-results.md`, "SPSA tuning"); then narrow
    /// first rankings, adopted on theirs ("Narrow first rankings").
    fn default() -> Self {
        MctsParams {
            exploration_pct: 20,
            width: 39,
            queen_width: 11,
            root_width: 47,
            root_queen_width: 19,
            playout_plies: 2,
            scale_cp: 347,
            expand_visits: 8,
            prior_visits: 1,
            widen: 5,
            reuse: false,
            time_plan: TimePlan::Phased,
            parallel: Parallelism::Tree,
            virtual_loss: 1,
            kappa_pct: TUNED_KAPPA_PCT,
            mobility_pct: 101,
            terms_pct: [100; 4],
            fight_start: W_START as u32,
            narrow: 3,
            regrow: 32,
        }
    }
}

/// Where a search must stop (the first limit reached ends it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MctsLimits {
    /// Never search past this.
    pub deadline: Option<Deadline>,
    /// From this point, stop as soon as the most visited move is clearly
    /// ahead (clock games; `None` for a fixed move time, which cannot be
    /// saved for later).
    pub soft_deadline: Option<Deadline>,
    /// Stop after this many playouts.
    pub node_limit: Option<u64>,
    /// Most tree nodes to allocate (memory cap; expansion stops beyond it).
    pub max_tree_nodes: usize,
}

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MctsResult {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// Score for the side to move, in centipawns (from the best move's win
    /// rate through the inverse logistic curve; ±[`KNOWN_WIN`] when proven).
    pub score: i32,
    /// Length of the principal line (most visited children from the root).
    pub depth: u32,
    /// Playouts (iterations) run.
    pub playouts: u64,
    /// Playouts through the root kept from earlier searches (tree reuse).
    pub reused: u64,
    /// Principal line.
    pub pv: Vec<Move>,
    /// Tree nodes allocated.
    pub tree_nodes: usize,
}

/// A win probability for a score in centipawns (certain beyond [`KNOWN_WIN`]).
fn win_probability(score: i32, scale: f32) -> f32 {
    if score >= KNOWN_WIN {
        1.0
    } else if score <= -KNOWN_WIN {
        0.0
    } else {
        1.0 / (1.0 + (-(score as f32) / scale).exp())
    }
}

/// The inverse of [`win_probability`], clamped below [`KNOWN_WIN`].
fn score_of_probability(p: f32, scale: f32) -> i32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    let s = scale * (p / (1.0 - p)).ln();
    (s.round() as i32).clamp(-(KNOWN_WIN - 1), KNOWN_WIN - 1)
}

/// The `n`-th square (lowest index first) of `b`; `n < b.count()`.
#[inline]
fn nth_square(b: Bitboard, n: u32) -> Square {
    let low = b.0 as u64;
    let lc = low.count_ones();
    let (mut x, base, mut k) = if n < lc {
        (low, 0, n)
    } else {
        ((b.0 >> 64) as u64, 64, n - lc)
    };
    while k > 0 {
        x &= x - 1;
        k -= 1;
    }
    Square::from_index((base + x.trailing_zeros()) as u8).expect("bit of a board square")
}

/// Runs one Monte-Carlo search of `root` on a fresh tree (see the module
/// documentation).
pub fn search(
    root: &Position,
    params: MctsParams,
    limits: MctsLimits,
    stop: &AtomicBool,
    seed: u64,
    report: &mut dyn FnMut(&MctsResult),
) -> MctsResult {
    Searcher::new(params, limits, stop, seed).run(root, report)
}

/// The seed of tree `index` of a root-parallel search with seed `seed` (tree
/// 0 uses `seed` itself, so one thread searches as [`search`] does).
fn tree_seed(seed: u64, index: usize) -> u64 {
    seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}
