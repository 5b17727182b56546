//! Monte-Carlo tree search with evaluation-truncated playouts, in the style of
//! Lorentz's Invader ("Amazons discover Monte-Carlo", CG 2008) and Kloetzer,
//! Iida and Bouzy ("The Monte-Carlo approach in Amazons", 2007).
//!
//! This is the search of the full-strength level 7: in the arena it beat the
//! selective alpha-beta search ([`crate::search`], level 6, the full strength
//! before it) at equal time, so it became the strongest level.
//!
//! - **Tree.** Nodes live in one `Vec` (an arena, no `Rc`), children of a node
//!   contiguous in it. A leaf is expanded once it has been visited
//!   [`MctsParams::expand_visits`] times.
//! - **Selective expansion.** A position has up to ~2000 moves, so expansion
//!   keeps only the promising ones: every queen move is ranked by the
//!   territory evaluation of the board after it (arrow not yet shot), the
//!   arrows of the best [`MctsParams::queen_width`] queen moves are ranked by
//!   the evaluation of the resulting position, and the best
//!   [`MctsParams::width`] moves become children, best first (the root is
//!   wider: [`MctsParams::root_queen_width`], [`MctsParams::root_width`]).
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
//! - **Threads** ([`search_parallel`]): root parallelization. Each thread grows
//!   its own tree (its own random seed, a share of the memory cap) until the
//!   common deadline or stop flag; then the root moves' playouts and wins are
//!   summed over the trees and the most visited move is played (a move proven
//!   to win in any tree is taken at once). No locks or shared tree, so the
//!   threads only meet at the end. The node limit applies to every tree (each
//!   runs that many playouts), which keeps a node-limited search deterministic
//!   whatever the thread count unless a tree proves the result and stops the
//!   others; the reported playouts are the total.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use amazons_core::{Bitboard, Board, Move, Position, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::eval::{Evaluator, KNOWN_WIN, MATE};
use crate::time::Deadline;

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
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            exploration_pct: 15,
            width: 24,
            queen_width: 6,
            root_width: 60,
            root_queen_width: 16,
            playout_plies: 2,
            scale_cp: 400,
            expand_visits: 5,
            prior_visits: 2,
            widen: 6,
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
    /// Principal line.
    pub pv: Vec<Move>,
    /// Tree nodes allocated.
    pub tree_nodes: usize,
}

/// Proof state of a node, seen from the side that played the move into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Unknown,
    /// The side that played the move wins.
    Win,
    /// The side that played the move loses.
    Loss,
}

/// One tree node: the move into it and the statistics of that move.
#[derive(Clone, Copy, Debug)]
struct Node {
    mv: Move,
    first_child: u32,
    child_count: u16,
    expanded: bool,
    /// Every legal move is among the children (needed to prove a loss).
    complete: bool,
    proof: Proof,
    /// Playouts through the node, plus the prior's virtual playouts.
    visits: f32,
    /// Sum of results for the side that played `mv` (prior included).
    wins: f32,
    /// Real playouts through the node.
    real: u32,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node {
            mv,
            first_child: 0,
            child_count: 0,
            expanded: false,
            complete: false,
            proof: Proof::Unknown,
            visits: 0.0,
            wins: 0.0,
            real: 0,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        let f = self.first_child as usize;
        f..f + self.child_count as usize
    }
}

/// How many tree nodes fit in `bytes` of memory (the engine gives the tree
/// its hash size, which the Monte-Carlo search does not otherwise use).
pub fn tree_nodes_in(bytes: usize) -> usize {
    (bytes / std::mem::size_of::<Node>()).max(1024)
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

/// What the trees of a root-parallel search share: a flag that ends them all
/// once one has decided the root, and a running count of their playouts (for
/// progress reports).
#[derive(Default)]
struct Peers {
    done: AtomicBool,
    playouts: AtomicU64,
}

/// Playouts a tree runs between updates of [`Peers::playouts`].
const PEER_BATCH: u64 = 64;

/// Statistics of one root move in one tree, to be summed over trees.
#[derive(Clone, Copy, Debug)]
struct RootChild {
    mv: Move,
    real: u64,
    visits: f64,
    wins: f64,
    proof: Proof,
}

/// One Monte-Carlo search: the tree, the random generator and the evaluator.
/// One tree on one thread; [`search_parallel`] runs several.
pub struct Searcher<'a> {
    params: MctsParams,
    limits: MctsLimits,
    stop: &'a AtomicBool,
    peers: Option<&'a Peers>,
    rng: StdRng,
    evaluator: Evaluator,
    nodes: Vec<Node>,
    playouts: u64,
    aborted: bool,
    path: Vec<usize>,
    queen_moves: Vec<(i32, Square, Square)>,
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
        let mut evaluator = Evaluator::new();
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
            nodes: Vec::new(),
            playouts: 0,
            aborted: false,
            path: Vec::with_capacity(64),
            queen_moves: Vec::with_capacity(128),
            candidates: Vec::with_capacity(512),
        }
    }

    /// This searcher as one tree of a root-parallel search.
    fn with_peers(mut self, peers: &'a Peers) -> Searcher<'a> {
        self.peers = Some(peers);
        self
    }

    /// Whether a hard limit (deadline, stop flag, node limit, another tree
    /// having decided the root) has been reached.
    #[inline]
    fn check_stop(&mut self) -> bool {
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

    /// [`Searcher::run`] without the final report.
    fn grow(&mut self, root: &Position, report: &mut dyn FnMut(&MctsResult)) -> MctsResult {
        self.nodes.clear();
        self.nodes.push(Node::new(Move::new(
            Square::from_index(0).expect("a1"),
            Square::from_index(0).expect("a1"),
            Square::from_index(0).expect("a1"),
        )));
        self.playouts = 0;
        self.aborted = false;
        if !root.has_legal_move() {
            return MctsResult {
                score: -MATE,
                tree_nodes: 1,
                ..MctsResult::default()
            };
        }
        let fallback = self.expand_root(root);
        if self.nodes[0].child_count == 0 {
            // Interrupted before a single move was ranked.
            return MctsResult {
                best: Some(fallback),
                pv: vec![fallback],
                tree_nodes: self.nodes.len(),
                ..MctsResult::default()
            };
        }
        let started = Instant::now();
        let mut last_report = started;
        let mut reported_to_peers = 0;
        // Whether this tree ended the search for every tree (root decided, or
        // clear enough past the soft deadline).
        let mut decided = true;
        while !self.root_decided() {
            if self.check_stop() {
                decided = false;
                break;
            }
            if self.playouts % 64 == 0 && self.past_soft_deadline_and_clear() {
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
                    let r = self.result(root);
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
        self.result(root)
    }

    /// The root moves of the tree with their statistics.
    fn root_children(&self) -> Vec<RootChild> {
        self.nodes.first().map_or(Vec::new(), |root| {
            root.children()
                .map(|c| {
                    let n = &self.nodes[c];
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

    /// Whether the root needs no more search: a single child, or a proven one.
    fn root_decided(&self) -> bool {
        let root = &self.nodes[0];
        root.child_count == 1 || root.proof != Proof::Unknown
    }

    /// Past the soft deadline with the most visited root move at least twice
    /// as visited as the next (then more search would hardly change the move).
    fn past_soft_deadline_and_clear(&mut self) -> bool {
        if !self
            .limits
            .soft_deadline
            .as_mut()
            .is_some_and(Deadline::reached)
        {
            return false;
        }
        let mut first = 0;
        let mut second = 0;
        for c in self.nodes[0].children() {
            let r = self.nodes[c].real;
            if r > first {
                second = first;
                first = r;
            } else if r > second {
                second = r;
            }
        }
        first >= 2 * second
    }

    /// One iteration: select down the tree, expand, play out, back up.
    fn iterate(&mut self, root: &Position) {
        let mut pos = *root;
        self.path.clear();
        self.path.push(0);
        let mut idx = 0usize;
        // Result for the side that played the move into the last node of the path.
        let result: f32 = loop {
            let node = self.nodes[idx];
            match node.proof {
                Proof::Win => break 1.0,
                Proof::Loss => break 0.0,
                Proof::Unknown => {}
            }
            if !node.expanded {
                let room = self.nodes.len() + self.params.width <= self.limits.max_tree_nodes;
                if idx != 0 && node.real + 1 >= self.params.expand_visits && room {
                    self.expand(idx, &pos, false);
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
            let child = self.select(idx);
            pos.make(self.nodes[child].mv);
            self.path.push(child);
            idx = child;
        };
        self.playouts += 1;
        let mut r = result;
        for &n in self.path.iter().rev() {
            let node = &mut self.nodes[n];
            node.visits += 1.0;
            node.real += 1;
            node.wins += r;
            r = 1.0 - r;
        }
        // Back up proofs along the path.
        for k in (1..self.path.len()).rev() {
            let (child, parent) = (self.path[k], self.path[k - 1]);
            match self.nodes[child].proof {
                Proof::Win => self.nodes[parent].proof = Proof::Loss,
                Proof::Loss => {
                    let p = self.nodes[parent];
                    if p.complete && p.children().all(|c| self.nodes[c].proof == Proof::Loss) {
                        self.nodes[parent].proof = Proof::Win;
                    } else {
                        break;
                    }
                }
                Proof::Unknown => break,
            }
        }
    }

    /// Children a node with `real` playouts may choose among.
    fn allowed_children(&self, node: &Node) -> usize {
        let n = node.child_count as usize;
        if self.params.widen == 0 {
            return n;
        }
        let w = self.params.widen as usize + (node.real as f32).sqrt() as usize;
        w.min(n)
    }

    /// UCB1 over the allowed children of `idx`.
    fn select(&mut self, idx: usize) -> usize {
        let node = self.nodes[idx];
        let allowed = self.allowed_children(&node);
        let ln_n = ((node.real as f32) + 1.0).ln();
        let c = self.params.exploration_pct as f32 / 100.0;
        let first = node.first_child as usize;
        let mut best = first;
        let mut best_value = f32::NEG_INFINITY;
        for i in first..first + allowed {
            let ch = &self.nodes[i];
            let value = match ch.proof {
                Proof::Win => return i,
                Proof::Loss => -1.0,
                Proof::Unknown => {
                    if ch.visits <= 0.0 {
                        f32::INFINITY
                    } else {
                        ch.wins / ch.visits + c * (ln_n / ch.visits).sqrt()
                    }
                }
            };
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        if best_value < 0.0 {
            // Every allowed child is lost: try one not yet allowed, if any.
            for i in first + allowed..first + node.child_count as usize {
                if self.nodes[i].proof != Proof::Loss {
                    return i;
                }
            }
        }
        best
    }

    /// Expands the root (wide) and returns a legal move to fall back on if
    /// the ranking is interrupted.
    fn expand_root(&mut self, root: &Position) -> Move {
        self.expand(0, root, true);
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

    /// Ranks the moves of `pos` and adds the best as children of `idx`. When a
    /// limit interrupts it, an inner node stays unexpanded; the root keeps
    /// what was ranked.
    fn expand(&mut self, idx: usize, pos: &Position, is_root: bool) {
        let stm = pos.turn();
        let board = *pos.board();
        if !board.can_move(stm) {
            self.nodes[idx].expanded = true;
            self.nodes[idx].proof = Proof::Win;
            return;
        }
        let (queen_width, width) = if is_root {
            (self.params.root_queen_width, self.params.root_width)
        } else {
            (self.params.queen_width, self.params.width)
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
            return;
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
            return;
        }
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        let complete = !self.aborted
            && all_arrows
            && total_queen_moves <= queen_width
            && candidates.len() <= width;
        candidates.truncate(width.min(u16::MAX as usize));
        let scale = self.params.scale_cp as f32;
        let prior = self.params.prior_visits as f32;
        let first = self.nodes.len();
        for &(s, m) in &candidates {
            let mut n = Node::new(m);
            n.proof = if s >= KNOWN_WIN {
                Proof::Win
            } else if s <= -KNOWN_WIN {
                Proof::Loss
            } else {
                Proof::Unknown
            };
            n.visits = prior;
            n.wins = prior * win_probability(s, scale);
            self.nodes.push(n);
        }
        let node = &mut self.nodes[idx];
        node.first_child = first as u32;
        node.child_count = candidates.len() as u16;
        node.expanded = true;
        node.complete = complete;
        if candidates.first().is_some_and(|c| c.0 >= KNOWN_WIN) {
            // A move that wins outright: the side to move here wins.
            node.proof = Proof::Loss;
        } else if complete && candidates.iter().all(|c| c.0 <= -KNOWN_WIN) {
            node.proof = Proof::Win;
        }
        self.candidates = candidates;
    }

    /// Random playout from `pos`: the result for its side to move in `0..=1`.
    fn playout(&mut self, pos: &Position) -> f32 {
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

    /// The most visited child of `idx` (a proven win first, a proven loss last).
    fn best_child(&self, idx: usize) -> Option<usize> {
        let node = &self.nodes[idx];
        node.children().max_by(|&a, &b| {
            let key = |i: usize| {
                let n = &self.nodes[i];
                let rank = match n.proof {
                    Proof::Win => 2,
                    Proof::Unknown => 1,
                    Proof::Loss => 0,
                };
                (rank, n.real, n.wins / n.visits.max(1e-6))
            };
            let (ka, kb) = (key(a), key(b));
            ka.0.cmp(&kb.0)
                .then(ka.1.cmp(&kb.1))
                .then(ka.2.total_cmp(&kb.2))
                // Earlier children ranked better at expansion: prefer them on ties.
                .then(b.cmp(&a))
        })
    }

    /// The result so far: best move, score, principal line.
    fn result(&self, root: &Position) -> MctsResult {
        let mut pv = Vec::new();
        let mut idx = 0;
        let mut p = *root;
        while let Some(c) = self.best_child(idx) {
            let m = self.nodes[c].mv;
            if pv.len() >= 64 || p.is_legal(m).is_err() {
                break;
            }
            p.make(m);
            pv.push(m);
            idx = c;
            if self.nodes[c].real == 0 {
                break;
            }
        }
        let score = match self.best_child(0) {
            None => 0,
            Some(c) => {
                let n = &self.nodes[c];
                match n.proof {
                    Proof::Win => KNOWN_WIN,
                    Proof::Loss => -KNOWN_WIN,
                    Proof::Unknown => score_of_probability(
                        n.wins / n.visits.max(1e-6),
                        self.params.scale_cp as f32,
                    ),
                }
            }
        };
        MctsResult {
            best: pv.first().copied(),
            score,
            depth: pv.len() as u32,
            playouts: self.playouts,
            pv,
            tree_nodes: self.nodes.len(),
        }
    }
}

/// Runs one Monte-Carlo search of `root` (see the module documentation).
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

/// Runs a root-parallel Monte-Carlo search of `root` on `threads` threads
/// (see the module documentation): one tree per thread, each with a share of
/// `limits.max_tree_nodes` and the node limit of its own, the first on the
/// calling thread. `report` is called about once a second with the first
/// tree's view and the total playouts so far, and once at the end with the
/// summed result. With one thread this is [`search`].
pub fn search_parallel(
    root: &Position,
    params: MctsParams,
    limits: MctsLimits,
    stop: &AtomicBool,
    seed: u64,
    threads: usize,
    report: &mut dyn FnMut(&MctsResult),
) -> MctsResult {
    if threads <= 1 {
        return search(root, params, limits, stop, seed, report);
    }
    let per_tree = MctsLimits {
        max_tree_nodes: (limits.max_tree_nodes / threads).max(1024),
        ..limits
    };
    let peers = Peers::default();
    let trees = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|t| {
                let peers = &peers;
                scope.spawn(move || {
                    // A CPU-time budget is counted on this thread's clock.
                    let per_tree = MctsLimits {
                        deadline: per_tree.deadline.map(|d| d.on_this_thread()),
                        soft_deadline: per_tree.soft_deadline.map(|d| d.on_this_thread()),
                        ..per_tree
                    };
                    let mut s =
                        Searcher::new(params, per_tree, stop, tree_seed(seed, t)).with_peers(peers);
                    let r = s.grow(root, &mut |_| {});
                    (r, s.root_children())
                })
            })
            .collect();
        let mut first = Searcher::new(params, per_tree, stop, seed).with_peers(&peers);
        let mut progress = |r: &MctsResult| {
            let mut r = r.clone();
            r.playouts = r.playouts.max(peers.playouts.load(Ordering::Relaxed));
            report(&r);
        };
        let r = first.grow(root, &mut progress);
        if first.aborted && first.limits.node_limit.is_none_or(|n| first.playouts < n) {
            // Out of time (or stopped): the other trees stop now too. With
            // CPU-time budgets they could otherwise run on after this one,
            // delaying the answer on a loaded machine.
            peers.done.store(true, Ordering::Relaxed);
        }
        let mut trees = vec![(r, first.root_children())];
        for h in handles {
            match h.join() {
                Ok(tree) => trees.push(tree),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        trees
    });
    let r = merge(&trees, params.scale_cp as f32);
    report(&r);
    r
}

/// Sums the root moves of several trees into one result: a move proven to win
/// in any tree, else the most played move not proven to lose (ties to the
/// better win rate, then to the first tree's ranking order).
fn merge(trees: &[(MctsResult, Vec<RootChild>)], scale: f32) -> MctsResult {
    let playouts = trees.iter().map(|t| t.0.playouts).sum();
    let tree_nodes = trees.iter().map(|t| t.0.tree_nodes).sum();
    // Moves in the order the first tree to have ranked any ranked them.
    let mut moves: Vec<RootChild> = Vec::new();
    for (_, children) in trees {
        for c in children {
            match moves.iter_mut().find(|m| m.mv == c.mv) {
                Some(m) => {
                    m.real += c.real;
                    m.visits += c.visits;
                    m.wins += c.wins;
                    // A proof in any tree holds (proofs are sound).
                    if m.proof == Proof::Unknown {
                        m.proof = c.proof;
                    }
                }
                None => moves.push(*c),
            }
        }
    }
    let rank = |c: &RootChild| match c.proof {
        Proof::Win => 2,
        Proof::Unknown => 1,
        Proof::Loss => 0,
    };
    let best = moves.iter().enumerate().max_by(|(i, a), (j, b)| {
        rank(a)
            .cmp(&rank(b))
            .then(a.real.cmp(&b.real))
            .then((a.wins / a.visits.max(1e-9)).total_cmp(&(b.wins / b.visits.max(1e-9))))
            .then(j.cmp(i))
    });
    let Some((_, best)) = best else {
        // No tree ranked a root move: no legal move, or interrupted at once.
        return MctsResult {
            playouts,
            tree_nodes,
            ..trees[0].0.clone()
        };
    };
    // The principal line of the tree that played the chosen move most.
    let pv = trees
        .iter()
        .filter(|t| t.0.best == Some(best.mv))
        .max_by_key(|t| t.1.iter().find(|c| c.mv == best.mv).map_or(0, |c| c.real))
        .map_or_else(|| vec![best.mv], |t| t.0.pv.clone());
    let score = match best.proof {
        Proof::Win => KNOWN_WIN,
        Proof::Loss => -KNOWN_WIN,
        Proof::Unknown => score_of_probability((best.wins / best.visits.max(1e-9)) as f32, scale),
    };
    MctsResult {
        best: Some(best.mv),
        score,
        depth: pv.len() as u32,
        playouts,
        pv,
        tree_nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::Side;
    use std::time::Duration;

    fn limits_nodes(n: u64) -> MctsLimits {
        MctsLimits {
            node_limit: Some(n),
            max_tree_nodes: 1 << 20,
            ..MctsLimits::default()
        }
    }

    /// [`search`] with the default knobs and a stop flag nobody sets.
    fn search_default(p: &Position, limits: MctsLimits, seed: u64) -> MctsResult {
        let stop = AtomicBool::new(false);
        search(p, MctsParams::default(), limits, &stop, seed, &mut |_| {})
    }

    /// A position reached by `plies` pseudo-random legal moves from the start.
    fn random_position(seed: u64, plies: usize) -> Position {
        let mut p = Position::start();
        let mut s = seed | 1;
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            p.make(moves[(s % moves.len() as u64) as usize]);
        }
        p
    }

    #[test]
    fn nth_square_walks_both_halves() {
        let b: Bitboard = ["a1", "e5", "j7", "j10"]
            .iter()
            .map(|s| s.parse::<Square>().unwrap())
            .collect();
        let got: Vec<String> = (0..4).map(|n| nth_square(b, n).to_string()).collect();
        assert_eq!(got, ["a1", "e5", "j7", "j10"]);
    }

    #[test]
    fn returns_a_legal_move_under_tiny_budgets() {
        for (seed, plies) in [(1, 0), (2, 7), (3, 20), (4, 40), (5, 60), (6, 75)] {
            let p = random_position(seed, plies);
            for limits in [
                limits_nodes(1),
                limits_nodes(30),
                MctsLimits {
                    deadline: Some(Deadline::at(Instant::now())),
                    max_tree_nodes: 1000,
                    ..MctsLimits::default()
                },
                MctsLimits {
                    deadline: Some(Deadline::at(Instant::now() + Duration::from_millis(5))),
                    max_tree_nodes: 1000,
                    ..MctsLimits::default()
                },
            ] {
                let r = search_default(&p, limits, seed);
                match r.best {
                    Some(m) => assert!(p.is_legal(m).is_ok(), "{m} illegal in {p:?}"),
                    None => assert!(!p.has_legal_move()),
                }
            }
        }
    }

    #[test]
    fn no_legal_move_gives_no_move() {
        let p = Position::from_fen("Q*8/**8/10/10/10/10/10/10/10/9q w").unwrap();
        let r = search_default(&p, limits_nodes(10), 1);
        assert_eq!(r.best, None);
    }

    #[test]
    fn deterministic_with_seed_and_node_budget() {
        let p = random_position(3, 10);
        let run = || search_default(&p, limits_nodes(2_000), 42);
        let (a, b) = (run(), run());
        assert!(a.best.is_some());
        assert_eq!(a, b);
        assert_eq!(a.playouts, 2_000);
    }

    /// Rank 1 only, everything else burnt: `. . Q . . . . q . .`. An arrow next
    /// to the black queen seals her into a smaller region than White's.
    const CORRIDOR: &str = "**********/**********/**********/**********/**********/**********/**********/**********/**********/2Q4q2 w";

    #[test]
    fn finds_the_sealing_arrow() {
        let p = Position::from_fen(CORRIDOR).unwrap();
        let r = search_default(&p, limits_nodes(500), 7);
        let m = r.best.unwrap();
        let after = p.play(m).unwrap();
        let board = *after.board();
        let mut cache = crate::endgame::RegionCache::default();
        let white = crate::endgame::side_bounds(&board, Side::First, &mut cache, 100_000);
        let black = crate::endgame::side_bounds(&board, Side::Second, &mut cache, 100_000);
        assert!(white.is_exact() && black.is_exact());
        // Black moves next, so White wins with at least as many moves.
        assert!(white.lower >= black.upper, "{m}: {white:?} {black:?}");
        assert!(r.score >= KNOWN_WIN, "{m} scored {}", r.score);
    }

    #[test]
    fn takes_the_move_that_leaves_the_opponent_without_moves() {
        // Black's queen a10 has one free neighbour (b10). White's queen h4 is
        // on the diagonal through b10: moving along it (g5 .. c9) and shooting
        // b10 wins at once; most other moves do not.
        let p = Position::from_fen("q1********/**8/10/10/10/10/7Q2/10/10/10 w").unwrap();
        let r = search_default(&p, limits_nodes(300), 9);
        let after = p.play(r.best.unwrap()).unwrap();
        assert!(!after.has_legal_move(), "{}", r.best.unwrap());
    }

    #[test]
    fn a_raised_stop_flag_still_gives_a_legal_move() {
        // No limit but the flag: only the flag can end this search (the
        // deadline is measured in CPU time in tests/deadlines.rs).
        let p = Position::start();
        let stop = AtomicBool::new(true);
        let r = search(
            &p,
            MctsParams::default(),
            MctsLimits {
                max_tree_nodes: 1 << 20,
                ..MctsLimits::default()
            },
            &stop,
            1,
            &mut |_| {},
        );
        assert!(p.is_legal(r.best.unwrap()).is_ok());
    }

    #[test]
    fn engine_plays_mcts_at_level_7() {
        use crate::{Engine, EngineConfig, MAX_LEVEL, SearchLimits};
        assert_eq!(EngineConfig::default().level, MAX_LEVEL);
        let p = random_position(21, 16);
        let run = || {
            let mut e = Engine::new(EngineConfig {
                hash_mb: 1,
                ..EngineConfig::default()
            });
            let mut infos = 0;
            let r = e.search(&p, &SearchLimits::nodes(300), &mut |_| infos += 1);
            assert!(infos >= 1);
            r
        };
        let (a, b) = (run(), run());
        assert!(p.is_legal(a.best_move.unwrap()).is_ok());
        assert_eq!(a.nodes, 300);
        assert_eq!(
            (a.best_move, a.score_cp, &a.pv),
            (b.best_move, b.score_cp, &b.pv)
        );

        // Other knobs reach level 7 through set_mcts_params.
        let mut e = Engine::new(EngineConfig {
            hash_mb: 1,
            ..EngineConfig::default()
        });
        e.set_mcts_params(MctsParams {
            playout_plies: 0,
            ..MctsParams::default()
        });
        let c = e.search(&p, &SearchLimits::nodes(300), &mut |_| {});
        assert!(p.is_legal(c.best_move.unwrap()).is_ok());
        assert_eq!(c.nodes, 300);

        let mut e = Engine::new(EngineConfig {
            hash_mb: 1,
            ..EngineConfig::default()
        });
        let r = e.search(
            &p,
            &SearchLimits::movetime(Duration::from_millis(60)),
            &mut |_| {},
        );
        assert!(p.is_legal(r.best_move.unwrap()).is_ok());
    }

    #[test]
    fn one_thread_of_search_parallel_is_search() {
        let p = random_position(3, 10);
        let stop = AtomicBool::new(false);
        let params = MctsParams::default();
        let a = search(&p, params, limits_nodes(500), &stop, 42, &mut |_| {});
        let b = search_parallel(&p, params, limits_nodes(500), &stop, 42, 1, &mut |_| {});
        assert_eq!(a, b);
    }

    #[test]
    fn two_trees_sum_their_playouts() {
        let p = random_position(3, 10);
        let stop = AtomicBool::new(false);
        let run = || {
            let mut last = None;
            let r = search_parallel(
                &p,
                MctsParams::default(),
                limits_nodes(600),
                &stop,
                42,
                2,
                &mut |r| last = Some(r.clone()),
            );
            // The final report is the summed result.
            assert_eq!(last.as_ref(), Some(&r));
            r
        };
        let (a, b) = (run(), run());
        assert!(p.is_legal(a.best.unwrap()).is_ok());
        // Each tree runs the node limit: the total is both trees' playouts.
        assert_eq!(a.playouts, 1_200);
        // Node-limited trees do not depend on timing.
        assert_eq!(a, b);
        assert_eq!(a.pv.first(), a.best.as_ref());
    }

    #[test]
    fn two_threads_return_a_legal_move_and_sum_their_playouts() {
        use crate::{Engine, EngineConfig, SearchLimits};
        for plies in [0, 14, 40] {
            let p = random_position(19, plies);
            let mut e = Engine::new(EngineConfig {
                threads: 2,
                hash_mb: 1,
                ..EngineConfig::default()
            });
            let mut info_nodes = Vec::new();
            let r = e.search(
                &p,
                &SearchLimits::movetime(Duration::from_millis(80)),
                &mut |i| info_nodes.push(i.nodes),
            );
            assert!(p.is_legal(r.best_move.unwrap()).is_ok());
            assert!(r.nodes > 0);
            assert_eq!(info_nodes.last(), Some(&r.nodes));

            let r = e.search(&p, &SearchLimits::nodes(250), &mut |_| {});
            assert!(p.is_legal(r.best_move.unwrap()).is_ok());
            assert_eq!(r.nodes, 500, "both trees' playouts");
        }
    }

    #[test]
    fn a_proven_win_in_any_tree_is_taken() {
        let p = Position::from_fen("q1********/**8/10/10/10/10/7Q2/10/10/10 w").unwrap();
        let stop = AtomicBool::new(false);
        let r = search_parallel(
            &p,
            MctsParams::default(),
            limits_nodes(300),
            &stop,
            9,
            2,
            &mut |_| {},
        );
        let after = p.play(r.best.unwrap()).unwrap();
        assert!(!after.has_legal_move(), "{}", r.best.unwrap());
        assert!(r.score >= KNOWN_WIN);
    }

    /// Playouts per second (run with `--ignored --nocapture` in release).
    #[test]
    #[ignore]
    fn playout_rate() {
        let stop = AtomicBool::new(false);
        for (name, p, threads) in [
            ("start", Position::start(), 1),
            ("start", Position::start(), 2),
            ("middle", random_position(17, 24), 1),
            ("middle", random_position(17, 24), 2),
        ] {
            let t = Instant::now();
            let r = search_parallel(
                &p,
                MctsParams::default(),
                MctsLimits {
                    deadline: Some(Deadline::at(t + Duration::from_secs(2))),
                    max_tree_nodes: 1 << 24,
                    ..MctsLimits::default()
                },
                &stop,
                1,
                threads,
                &mut |_| {},
            );
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{name}, {threads} thread(s): {} playouts in {secs:.2}s = {:.0}/s, {} tree nodes, depth {}, score {}",
                r.playouts,
                r.playouts as f64 / secs,
                r.tree_nodes,
                r.depth,
                r.score
            );
        }
    }
}
