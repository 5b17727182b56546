//! One tree grown on one thread: selection, expansion, playouts, backup.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use amazons_core::{Board, Move, Position, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::parallel::{PEER_BATCH, Peers, RootChild};
use super::tree::{Node, Proof, Tree};
use super::{
    MctsLimits, MctsParams, MctsResult, nth_square, score_of_probability, win_probability,
};
use crate::eval::{Evaluator, KNOWN_WIN, MATE};
use crate::time::{Deadline, TimePlan};

/// How far below the last search's root the next one may find its position
/// and keep its subtree: our move and the opponent's reply (or, when
/// pondering, just the reply, or the same position).
const REUSE_PLIES: u32 = 2;

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

    /// This searcher as one tree of a root-parallel search.
    pub(super) fn with_peers(mut self, peers: &'a Peers) -> Searcher<'a> {
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
    pub(super) fn grow(
        &mut self,
        root: &Position,
        report: &mut dyn FnMut(&MctsResult),
    ) -> MctsResult {
        let reuse_plies = if self.params.reuse { REUSE_PLIES } else { 0 };
        if !self.params.reuse {
            self.tree.clear();
        }
        let reused = self.tree.reroot(root, reuse_plies);
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
        if self.tree.nodes[0].child_count == 0 {
            self.tree.clear();
            // Interrupted before a single move was ranked.
            return MctsResult {
                best: Some(fallback),
                pv: vec![fallback],
                tree_nodes: self.tree.nodes.len(),
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
            if self.playouts % 64 == 0
                && (self.past_soft_deadline_and_clear() || self.lead_cannot_be_caught())
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
        MctsResult {
            reused: u64::from(reused),
            ..self.result(root)
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

    /// Whether the root needs no more search: a single child, or a proven one.
    fn root_decided(&self) -> bool {
        let root = &self.tree.nodes[0];
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
        let (first, second) = self.two_most_played();
        first >= 2 * second
    }

    /// With the phased time plan in a clock game: whether the most played
    /// root move leads the next by more playouts than the search could still
    /// run before its hard limit at its rate so far (then the choice cannot
    /// change, and the time is better kept on the clock).
    fn lead_cannot_be_caught(&self) -> bool {
        if self.params.time_plan != TimePlan::Phased || self.limits.soft_deadline.is_none() {
            return false;
        }
        let Some(hard) = self.limits.deadline else {
            return false;
        };
        // Read the clock (a system call with CPU time) every 512 playouts.
        if self.playouts % 512 != 0 || self.playouts == 0 {
            return false;
        }
        let (first, second) = self.two_most_played();
        let spent = hard.spent().as_secs_f64().max(1e-6);
        let rate = self.playouts as f64 / spent;
        let still = rate * hard.remaining().as_secs_f64();
        f64::from(first - second) > still
    }

    /// Real playouts of the two most played root moves.
    fn two_most_played(&self) -> (u32, u32) {
        let mut first = 0;
        let mut second = 0;
        for c in self.tree.nodes[0].children() {
            let r = self.tree.nodes[c].real;
            if r > first {
                second = first;
                first = r;
            } else if r > second {
                second = r;
            }
        }
        (first, second)
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
            pos.make(self.tree.nodes[child].mv);
            self.path.push(child);
            idx = child;
        };
        self.playouts += 1;
        let mut r = result;
        for &n in self.path.iter().rev() {
            let node = &mut self.tree.nodes[n];
            node.visits += 1.0;
            node.real += 1;
            node.wins += r;
            r = 1.0 - r;
        }
        // Back up proofs along the path.
        for k in (1..self.path.len()).rev() {
            let (child, parent) = (self.path[k], self.path[k - 1]);
            match self.tree.nodes[child].proof {
                Proof::Win => self.tree.nodes[parent].proof = Proof::Loss,
                Proof::Loss => {
                    let p = self.tree.nodes[parent];
                    if p.complete
                        && p.children()
                            .all(|c| self.tree.nodes[c].proof == Proof::Loss)
                    {
                        self.tree.nodes[parent].proof = Proof::Win;
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
        let node = self.tree.nodes[idx];
        let allowed = self.allowed_children(&node);
        let ln_n = ((node.real as f32) + 1.0).ln();
        let c = self.params.exploration_pct as f32 / 100.0;
        let first = node.first_child as usize;
        let mut best = first;
        let mut best_value = f32::NEG_INFINITY;
        for i in first..first + allowed {
            let ch = &self.tree.nodes[i];
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
                if self.tree.nodes[i].proof != Proof::Loss {
                    return i;
                }
            }
        }
        best
    }

    /// Expands the root (wide) and returns a legal move to fall back on if
    /// the ranking is interrupted.
    fn expand_root(&mut self, root: &Position) -> Move {
        // A root kept from an earlier search was ranked as an inner node,
        // narrower: rank its moves afresh as the root's, then give the moves
        // that were children already their statistics and subtrees back.
        let kept_root = self.tree.nodes[0];
        let kept: Vec<Node> = kept_root.children().map(|c| self.tree.nodes[c]).collect();
        self.expand(0, root, true);
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

    /// Ranks the moves of `pos` and adds the best as children of `idx`. When a
    /// limit interrupts it, an inner node stays unexpanded; the root keeps
    /// what was ranked.
    fn expand(&mut self, idx: usize, pos: &Position, is_root: bool) {
        let stm = pos.turn();
        let board = *pos.board();
        if !board.can_move(stm) {
            self.tree.nodes[idx].expanded = true;
            self.tree.nodes[idx].proof = Proof::Win;
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
        let first = self.tree.nodes.len();
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
            self.tree.nodes.push(n);
        }
        let node = &mut self.tree.nodes[idx];
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
        let node = &self.tree.nodes[idx];
        node.children().max_by(|&a, &b| {
            let key = |i: usize| {
                let n = &self.tree.nodes[i];
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
            let m = self.tree.nodes[c].mv;
            if pv.len() >= 64 || p.is_legal(m).is_err() {
                break;
            }
            p.make(m);
            pv.push(m);
            idx = c;
            if self.tree.nodes[c].real == 0 {
                break;
            }
        }
        let score = match self.best_child(0) {
            None => 0,
            Some(c) => {
                let n = &self.tree.nodes[c];
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
            reused: 0,
            pv,
            tree_nodes: self.tree.nodes.len(),
        }
    }
}
