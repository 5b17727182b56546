//! One tree grown on one thread: selection, expansion, playouts, backup.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use amazons_core::{Board, Move, Position, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::parallel::{PEER_BATCH, Peers, RootChild};
use super::tree::{Node, Proof, Tree};
use super::{MctsLimits, MctsParams, MctsResult, nth_square, win_probability};
use crate::eval::{Evaluator, MATE};
use crate::time::{Deadline, TimePlan};

/// How far below the last search's root the next one may find its position
/// and keep its subtree: our move and the opponent's reply (or, when
/// pondering, just the reply, or the same position).
const REUSE_PLIES: u32 = 2;

/// How many moves a ranking keeps: the root's widths, an inner node's, or
/// an inner node's first, narrow ranking ([`MctsParams::narrow`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Breadth {
    /// [`MctsParams::root_queen_width`] and [`MctsParams::root_width`].
    Root,
    /// [`MctsParams::queen_width`] and [`MctsParams::width`].
    Inner,
    /// [`MctsParams::narrow`] queen moves, [`MctsParams::width`] moves.
    Narrow,
}

/// What ranking a node's moves came to.
pub(super) enum Ranking {
    /// The side to move has no move: it has lost.
    NoMove,
    /// A limit was reached before an inner node's moves were all ranked.
    Interrupted,
    /// The best moves are in [`Searcher::candidates`].
    Ranked {
        /// They are every legal move (needed to prove a loss).
        complete: bool,
    },
}

/// One Monte-Carlo search: the tree, the random generator and the evaluator.
/// One tree on one thread; [`super::search_parallel`] runs several.
pub struct Searcher<'a> {
    /// The knobs.
    params: MctsParams,
    /// Where to stop.
    pub(super) limits: MctsLimits,
    /// Set by another thread to stop the search.
    stop: &'a AtomicBool,
    /// The other trees of a root-parallel search.
    peers: Option<&'a Peers>,
    /// Playouts' random moves.
    rng: StdRng,
    /// The evaluation (with its region counter's memo).
    evaluator: Evaluator,
    /// The tree (perhaps kept from an earlier search).
    tree: Tree,
    /// Playouts of this search.
    pub(super) playouts: u64,
    /// Whether a hard limit has been reached.
    pub(super) aborted: bool,
    /// Nodes from the root to the current leaf (reused buffer).
    path: Vec<usize>,
    /// Ranked queen moves of the node being expanded (reused buffer).
    queen_moves: Vec<(i32, Square, Square)>,
    /// Ranked moves of the node being expanded (reused buffer).
    candidates: Vec<(i32, Move)>,
}

impl<'a> Searcher<'a> {
    /// A searcher with `params`, stopping at `limits` or when `stop` is set;
    /// `seed` fixes its random playouts.
    pub fn new(
        params: MctsParams,
        limits: MctsLimits,
        stop: &'a AtomicBool,
        seed: u64,
    ) -> Searcher<'a> {
        let mut evaluator = Evaluator {
            params: params.eval_params(),
            ..Evaluator::new()
        };
        // Counting a separated endgame can take milliseconds: let the deadline
        // cut it short (what it was evaluating is then discarded).
        evaluator.regions.set_deadline(limits.deadline);
        Searcher {
            params,
            limits,
            stop,
            peers: None,
            rng: StdRng::seed_from_u64(seed),
            evaluator,
            tree: Tree::default(),
            playouts: 0,
            aborted: false,
            path: Vec::with_capacity(64),
            queen_moves: Vec::with_capacity(128),
            candidates: Vec::with_capacity(512),
        }
    }

    /// This searcher growing `tree`: with [`MctsParams::reuse`] a search
    /// keeps the part of it below the position searched (see
    /// [`Tree::reroot`]); [`Searcher::into_tree`] gives it back.
    pub fn with_tree(mut self, tree: Tree) -> Searcher<'a> {
        self.tree = tree;
        self
    }

    /// The tree, to be kept for the next search.
    pub fn into_tree(self) -> Tree {
        self.tree
    }

    /// Takes the tree out (for the threads of a shared tree to grow it).
    pub(super) fn take_tree(&mut self) -> Tree {
        std::mem::take(&mut self.tree)
    }

    /// This searcher as one thread of a parallel search.
    pub(super) fn with_peers(mut self, peers: &'a Peers) -> Searcher<'a> {
        self.peers = Some(peers);
        self
    }

    /// Whether a hard limit (deadline, stop flag, node limit, another tree
    /// having decided the root) has been reached.
    #[inline]
    pub(super) fn check_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.limits.node_limit.is_some_and(|n| self.playouts >= n)
            || self.stop.load(Ordering::Relaxed)
            || self.peers.is_some_and(|p| p.done.load(Ordering::Relaxed))
            || self.limits.deadline.as_mut().is_some_and(Deadline::reached)
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Searches `root` until a limit; calls `report` about once a second and
    /// at the end. Always returns a legal move when one exists.
    pub fn run(&mut self, root: &Position, report: &mut dyn FnMut(&MctsResult)) -> MctsResult {
        let r = self.grow(root, report);
        report(&r);
        r
    }

    /// Starts a search of `root`: keeps what [`MctsParams::reuse`] allows of
    /// the tree, ranks the root's moves. Returns the playouts through the
    /// root kept from earlier searches, or the whole result when there is
    /// nothing to search (no legal move, or interrupted before a single move
    /// was ranked).
    pub(super) fn prepare(&mut self, root: &Position) -> Result<u32, MctsResult> {
        let reuse_plies = if self.params.reuse { REUSE_PLIES } else { 0 };
        if !self.params.reuse {
            self.tree.clear();
        }
        let reused = self.tree.reroot(root, reuse_plies);
        self.playouts = 0;
        self.aborted = false;
        if !root.has_legal_move() {
            return Err(MctsResult {
                score: -MATE,
                tree_nodes: 1,
                ..MctsResult::default()
            });
        }
        let fallback = self.expand_root(root);
        if self.tree.nodes[0].child_count == 0 {
            self.tree.clear();
            // Interrupted before a single move was ranked.
            return Err(MctsResult {
                best: Some(fallback),
                pv: vec![fallback],
                tree_nodes: self.tree.nodes.len(),
                ..MctsResult::default()
            });
        }
        Ok(reused)
    }

    /// [`Searcher::run`] without the final report.
    pub(super) fn grow(
        &mut self,
        root: &Position,
        report: &mut dyn FnMut(&MctsResult),
    ) -> MctsResult {
        let reused = match self.prepare(root) {
            Ok(reused) => reused,
            Err(done) => return done,
        };
        let started = Instant::now();
        let mut last_report = started;
        let mut reported_to_peers = 0;
        // Whether this tree ended the search for every tree (root decided, or
        // clear enough past the soft deadline).
        let mut decided = true;
        while !self.tree.root_decided() {
            if self.check_stop() {
                decided = false;
                break;
            }
            if self.playouts % 64 == 0
                && may_stop_early(
                    &self.params,
                    &mut self.limits,
                    self.playouts,
                    &self.tree,
                    self.playouts,
                )
            {
                break;
            }
            self.iterate(root);
            if let Some(peers) = self.peers {
                if self.playouts >= reported_to_peers + PEER_BATCH {
                    peers
                        .playouts
                        .fetch_add(self.playouts - reported_to_peers, Ordering::Relaxed);
                    reported_to_peers = self.playouts;
                }
            }
            if self.playouts % 1024 == 0 {
                let now = Instant::now();
                if now.duration_since(last_report).as_secs() >= 1 {
                    last_report = now;
                    let r = self.tree.result(root, self.params.scale_cp, self.playouts);
                    report(&r);
                }
            }
        }
        if let Some(peers) = self.peers {
            peers
                .playouts
                .fetch_add(self.playouts - reported_to_peers, Ordering::Relaxed);
            if decided {
                peers.done.store(true, Ordering::Relaxed);
            }
        }
        MctsResult {
            reused: u64::from(reused),
            ..self.tree.result(root, self.params.scale_cp, self.playouts)
        }
    }

    /// The root moves of the tree with their statistics.
    pub(super) fn root_children(&self) -> Vec<RootChild> {
        self.tree.nodes.first().map_or(Vec::new(), |root| {
            root.children()
                .map(|c| {
                    let n = &self.tree.nodes[c];
                    RootChild {
                        mv: n.mv,
                        real: u64::from(n.real),
                        visits: f64::from(n.visits),
                        wins: f64::from(n.wins),
                        proof: n.proof,
                    }
                })
                .collect()
        })
    }

    /// One iteration: select down the tree, expand, play out, back up.
    fn iterate(&mut self, root: &Position) {
        let mut pos = *root;
        self.path.clear();
        self.path.push(0);
        let mut idx = 0usize;
        // Result for the side that played the move into the last node of the path.
        let result: f32 = loop {
            let node = self.tree.nodes[idx];
            match node.proof {
                Proof::Win => break 1.0,
                Proof::Loss => break 0.0,
                Proof::Unknown => {}
            }
            if !node.expanded {
                let room = self.tree.nodes.len() + self.params.width <= self.limits.max_tree_nodes;
                if idx != 0 && node.real + 1 >= self.params.expand_visits && room {
                    self.expand(idx, &pos, self.first_breadth());
                    if self.aborted {
                        return;
                    }
                    continue;
                }
                // Value of the playout for the side to move at the leaf.
                let v = self.playout(&pos);
                if self.check_stop() {
                    // Perhaps cut short by the deadline: not backed up.
                    return;
                }
                break 1.0 - v;
            }
            if node.due_to_regrow(&self.params)
                && self.tree.nodes.len() + 2 * self.params.width <= self.limits.max_tree_nodes
            {
                self.expand(idx, &pos, Breadth::Inner);
                if self.aborted {
                    return;
                }
            }
            let child = self.tree.select(idx, &self.params);
            pos.make(self.tree.nodes[child].mv);
            self.path.push(child);
            idx = child;
        };
        self.playouts += 1;
        self.tree.back_up(&self.path, result, 0.0);
    }

    /// Expands the root (wide) and returns a legal move to fall back on if
    /// the ranking is interrupted.
    fn expand_root(&mut self, root: &Position) -> Move {
        // A root kept from an earlier search was ranked as an inner node,
        // narrower: rank its moves afresh as the root's, then give the moves
        // that were children already their statistics and subtrees back.
        let kept_root = self.tree.nodes[0];
        let kept: Vec<Node> = kept_root.children().map(|c| self.tree.nodes[c]).collect();
        self.expand(0, root, Breadth::Root);
        for c in self.tree.nodes[0].children() {
            let mv = self.tree.nodes[c].mv;
            if let Some(old) = kept.iter().find(|old| old.mv == mv) {
                self.tree.nodes[c] = *old;
            }
        }
        if kept_root.proof != Proof::Unknown {
            // Proofs are sound: what was proven stays proven.
            self.tree.nodes[0].proof = kept_root.proof;
        }
        // The first legal move, unless the ranking got far enough.
        let mut fallback = None;
        if let Some(&(_, from, to)) = self.queen_moves.first() {
            // The vacated square is always a legal arrow.
            fallback = Some(Move::new(from, to, from));
        }
        fallback.unwrap_or_else(|| {
            let mut first = None;
            root.for_each_move(|m| {
                if first.is_none() {
                    first = Some(m);
                }
            });
            first.expect("the root has a legal move")
        })
    }

    /// How an inner node is first ranked: narrowly when
    /// [`MctsParams::narrow`] keeps fewer queen moves than the full width.
    pub(super) fn first_breadth(&self) -> Breadth {
        if self.params.narrow > 0 && self.params.narrow < self.params.queen_width {
            Breadth::Narrow
        } else {
            Breadth::Inner
        }
    }

    /// Ranks the moves of node `idx` (at `pos`) at `breadth` and makes the
    /// best its children: a first ranking, or a narrow node's second at full
    /// width ([`Tree::regrow`], the children keeping their statistics). When
    /// a limit interrupts it, an inner node stays as it was; the root keeps
    /// what was ranked.
    fn expand(&mut self, idx: usize, pos: &Position, breadth: Breadth) {
        match self.rank(pos, breadth) {
            Ranking::NoMove => self.tree.mark_no_move(idx),
            Ranking::Interrupted => {}
            Ranking::Ranked { complete } if self.tree.nodes[idx].partial => {
                // One thread: no path but this one's to follow the moves.
                self.tree
                    .regrow(idx, &self.candidates, complete, &self.params);
            }
            Ranking::Ranked { complete } => {
                self.tree
                    .attach(idx, &self.candidates, complete, &self.params);
                self.tree.nodes[idx].partial = breadth == Breadth::Narrow && !complete;
            }
        }
    }

    /// Ranks the moves of `pos` (at the widths `breadth` gives) and leaves
    /// the best, best first, in [`Searcher::candidates`]. Touches no tree, so a
    /// thread of a shared tree runs it without holding the tree's lock. A
    /// limit interrupts it; the root's ranking then counts as done with what
    /// was ranked (not complete).
    pub(super) fn rank(&mut self, pos: &Position, breadth: Breadth) -> Ranking {
        let is_root = breadth == Breadth::Root;
        let stm = pos.turn();
        let board = *pos.board();
        if !board.can_move(stm) {
            return Ranking::NoMove;
        }
        let (queen_width, width) = match breadth {
            Breadth::Root => (self.params.root_queen_width, self.params.root_width),
            Breadth::Inner => (self.params.queen_width, self.params.width),
            Breadth::Narrow => (self.params.narrow, self.params.width),
        };
        // At least one child, so that an expanded node always has a move.
        let (queen_width, width) = (queen_width.max(1), width.max(1));
        // Stage 1: queen moves by the evaluation after the queen move.
        let mut queen_moves = std::mem::take(&mut self.queen_moves);
        queen_moves.clear();
        'queens: for from in board.queens(stm) {
            for to in board.queen_steps(from) {
                // An evaluation costs about 2 µs (more when a separated
                // endgame is counted); reading the clock costs some 25 ns.
                if self.check_stop() {
                    break 'queens;
                }
                let s = self
                    .evaluator
                    .evaluate(&board.with_step(stm, from, to), stm);
                queen_moves.push((s, from, to));
            }
        }
        queen_moves.sort_by_key(|q| std::cmp::Reverse(q.0));
        let total_queen_moves = queen_moves.len();
        self.queen_moves = queen_moves;
        if self.aborted && !is_root {
            return Ranking::Interrupted;
        }
        // Stage 2: arrows of the best queen moves by the evaluation of the result.
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        let mut all_arrows = true;
        'arrows: for k in 0..self.queen_moves.len().min(queen_width) {
            let (_, from, to) = self.queen_moves[k];
            let stepped = board.with_step(stm, from, to);
            for arrow in board.arrows_after(from, to) {
                if self.check_stop() {
                    all_arrows = false;
                    break 'arrows;
                }
                let b2 = stepped.with_arrow(arrow);
                let s = if b2.can_move(stm.opponent()) {
                    -self.evaluator.evaluate(&b2, stm.opponent())
                } else {
                    MATE
                };
                candidates.push((s, Move::new(from, to, arrow)));
            }
        }
        if self.aborted && !is_root {
            self.candidates = candidates;
            return Ranking::Interrupted;
        }
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        let complete = !self.aborted
            && all_arrows
            && total_queen_moves <= queen_width
            && candidates.len() <= width;
        candidates.truncate(width.min(u16::MAX as usize));
        self.candidates = candidates;
        Ranking::Ranked { complete }
    }

    /// The moves of the last [`Searcher::rank`], best first, each with the
    /// score of the position after it for the side that plays it.
    pub(super) fn candidates(&self) -> &[(i32, Move)] {
        &self.candidates
    }

    /// Random playout from `pos`: the result for its side to move in `0..=1`.
    pub(super) fn playout(&mut self, pos: &Position) -> f32 {
        let stm = pos.turn();
        let mut board: Board = *pos.board();
        let mut side = stm;
        for _ in 0..self.params.playout_plies {
            let movable = board.movable_queens(side);
            if movable.is_empty() {
                return if side == stm { 0.0 } else { 1.0 };
            }
            let from = nth_square(movable, self.rng.random_range(0..movable.count()));
            let dests = board.queen_steps(from);
            let to = nth_square(dests, self.rng.random_range(0..dests.count()));
            let arrows = board.arrows_after(from, to);
            let arrow = nth_square(arrows, self.rng.random_range(0..arrows.count()));
            board = board.with_step(side, from, to).with_arrow(arrow);
            side = side.opponent();
        }
        let v = if board.can_move(side) {
            let s = self.evaluator.evaluate(&board, side);
            win_probability(s, self.params.scale_cp as f32)
        } else {
            0.0
        };
        if side == stm { v } else { 1.0 - v }
    }
}

/// In a clock search, whether to stop before the hard limit because more
/// search would hardly change the move: past the soft deadline with the most
/// visited root move of `tree` at least twice as visited as the next, or
/// (with the phased time plan, checked every 512 of the calling searcher's
/// `own` playouts) the lead cannot be caught at the rate of the search's
/// `playouts` so far.
pub(super) fn may_stop_early(
    params: &MctsParams,
    limits: &mut MctsLimits,
    own: u64,
    tree: &Tree,
    playouts: u64,
) -> bool {
    if limits.soft_deadline.as_mut().is_some_and(Deadline::reached) {
        let (first, second) = tree.two_most_played();
        if first >= 2 * second {
            return true;
        }
    }
    own % 512 == 0 && own != 0 && lead_cannot_be_caught(params, limits, tree, playouts)
}

/// With the phased time plan in a clock game: whether the most played root
/// move leads the next by more playouts than the search could still run
/// before its hard limit at its rate so far (then the choice cannot change,
/// and the time is better kept on the clock).
fn lead_cannot_be_caught(
    params: &MctsParams,
    limits: &MctsLimits,
    tree: &Tree,
    playouts: u64,
) -> bool {
    if params.time_plan != TimePlan::Phased || limits.soft_deadline.is_none() {
        return false;
    }
    let Some(hard) = limits.deadline else {
        return false;
    };
    let (first, second) = tree.two_most_played();
    let spent = hard.spent().as_secs_f64().max(1e-6);
    let rate = playouts as f64 / spent;
    let still = rate * hard.remaining().as_secs_f64();
    f64::from(first - second) > still
}
