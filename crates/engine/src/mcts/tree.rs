//! The tree: nodes in one `Vec` (an arena, no `Rc`), children of a node
//! contiguous in it, and what is kept of it from one search to the next.

use std::collections::VecDeque;

use amazons_core::{Move, Position, Square};

use super::{MctsParams, MctsResult, score_of_probability, win_probability};
use crate::eval::KNOWN_WIN;

/// Proof state of a node, seen from the side that played the move into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Proof {
    /// Not proven.
    Unknown,
    /// The side that played the move wins.
    Win,
    /// The side that played the move loses.
    Loss,
}

/// One tree node: the move into it and the statistics of that move.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The move into the node (a placeholder at the root).
    pub(super) mv: Move,
    /// Index of the first child.
    pub(super) first_child: u32,
    /// Children, contiguous from `first_child`.
    pub(super) child_count: u16,
    /// Whether its moves have been ranked and the best made children.
    pub(super) expanded: bool,
    /// Every legal move is among the children (needed to prove a loss).
    pub(super) complete: bool,
    /// Its moves were ranked narrowly ([`MctsParams::narrow`]) and not yet
    /// again at full width.
    pub(super) partial: bool,
    /// What is proven about the move into it.
    pub(super) proof: Proof,
    /// Playouts through the node, plus the prior's virtual playouts.
    pub(super) visits: f32,
    /// Sum of results for the side that played `mv` (prior included).
    pub(super) wins: f32,
    /// Real playouts through the node.
    pub(super) real: u32,
}

impl Node {
    /// A leaf reached by `mv`, with no statistics.
    pub(super) fn new(mv: Move) -> Node {
        Node {
            mv,
            first_child: 0,
            child_count: 0,
            expanded: false,
            complete: false,
            partial: false,
            proof: Proof::Unknown,
            visits: 0.0,
            wins: 0.0,
            real: 0,
        }
    }

    /// The root's node (its move is a placeholder).
    pub(super) fn root() -> Node {
        let a1 = Square::from_index(0).expect("a1");
        Node::new(Move::new(a1, a1, a1))
    }

    /// Whether it was ranked narrowly and has the playouts to be ranked
    /// again at full width ([`MctsParams::regrow`]).
    pub(super) fn due_to_regrow(&self, params: &MctsParams) -> bool {
        self.partial && params.regrow > 0 && self.real >= params.regrow
    }

    /// Indices of its children.
    pub(super) fn children(&self) -> std::ops::Range<usize> {
        let f = self.first_child as usize;
        f..f + self.child_count as usize
    }
}

/// How many tree nodes fit in `bytes` of memory (the engine gives the tree
/// its hash size, which the Monte-Carlo search does not otherwise use).
pub fn tree_nodes_in(bytes: usize) -> usize {
    (bytes / std::mem::size_of::<Node>()).max(1024)
}

/// A search tree and the position at its root, kept by the engine between
/// the moves of a game so that the next search starts from what the last
/// one learnt about the position it reaches ([`Tree::reroot`]).
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// The position at the root (`None`: empty tree).
    pub(super) root: Option<Position>,
    /// The nodes, root first.
    pub(super) nodes: Vec<Node>,
}

/// Whether two positions are the same for the search (queens, arrows, side
/// to move; move counters do not matter).
fn same_position(a: &Position, b: &Position) -> bool {
    a.turn() == b.turn() && a.board() == b.board()
}

impl Tree {
    /// Tree nodes held.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds nothing.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.root = None;
        self.nodes.clear();
    }

    /// Starts a search of `position`: when it is the root of the tree or
    /// lies at most `max_plies` below it along expanded nodes, its subtree
    /// becomes the tree (copied so that children stay contiguous and nothing
    /// unreachable stays in memory) and the number of its real playouts is
    /// returned; otherwise the tree is cleared and holds only a fresh root.
    pub(super) fn reroot(&mut self, position: &Position, max_plies: u32) -> u32 {
        let found = self.find(position, max_plies);
        self.root = Some(*position);
        let Some(index) = found else {
            self.nodes.clear();
            self.nodes.push(Node::root());
            return 0;
        };
        if index != 0 {
            self.nodes = subtree(&self.nodes, index);
        }
        let root = &mut self.nodes[0];
        root.mv = Node::root().mv;
        root.real
    }

    /// The node of `position` within `max_plies` of the root, breadth first.
    fn find(&self, position: &Position, max_plies: u32) -> Option<usize> {
        let root = self.root?;
        if self.nodes.is_empty() {
            return None;
        }
        let mut queue = VecDeque::from([(0usize, root, 0u32)]);
        while let Some((index, at, depth)) = queue.pop_front() {
            if same_position(&at, position) {
                return Some(index);
            }
            let node = &self.nodes[index];
            if depth == max_plies || !node.expanded {
                continue;
            }
            for child in node.children() {
                let mut next = at;
                next.make(self.nodes[child].mv);
                queue.push_back((child, next, depth + 1));
            }
        }
        None
    }
}

/// The subtree of `nodes[index]`, copied breadth first into a new arena
/// (its root first, every node's children contiguous).
fn subtree(nodes: &[Node], index: usize) -> Vec<Node> {
    let mut out = vec![nodes[index]];
    let mut queue = VecDeque::from([(index, 0usize)]);
    while let Some((old, new)) = queue.pop_front() {
        let node = nodes[old];
        if node.child_count == 0 {
            continue;
        }
        let first = out.len();
        out[new].first_child = first as u32;
        for (k, child) in node.children().enumerate() {
            out.push(nodes[child]);
            queue.push_back((child, first + k));
        }
    }
    out
}

/// Proven results first, proven losses last (for choosing a move).
fn proof_rank(proof: Proof) -> u8 {
    match proof {
        Proof::Win => 2,
        Proof::Unknown => 1,
        Proof::Loss => 0,
    }
}

/// What a search does with the nodes: selection, expansion, backup and the
/// result, the same whether one thread owns the tree or several share it
/// ([`super::shared`]).
impl Tree {
    /// Whether the root needs no more search: a single child, or a proven one.
    pub(super) fn root_decided(&self) -> bool {
        let root = &self.nodes[0];
        root.child_count == 1 || root.proof != Proof::Unknown
    }

    /// Children a node may choose among (progressive widening).
    fn allowed_children(&self, node: &Node, params: &MctsParams) -> usize {
        let n = node.child_count as usize;
        if params.widen == 0 {
            return n;
        }
        let w = params.widen as usize + (node.real as f32).sqrt() as usize;
        w.min(n)
    }

    /// UCB1 over the allowed children of `idx`.
    pub(super) fn select(&self, idx: usize, params: &MctsParams) -> usize {
        let node = self.nodes[idx];
        let allowed = self.allowed_children(&node, params);
        let ln_n = ((node.real as f32) + 1.0).ln();
        let c = params.exploration_pct as f32 / 100.0;
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

    /// Makes the ranked `candidates` (best first, each with the score of the
    /// position after it for the side that plays it) the children of `idx`,
    /// each with its ranking score as a prior; `complete` when they are every
    /// legal move. Proves `idx` when a candidate wins outright or when every
    /// legal move loses.
    pub(super) fn attach(
        &mut self,
        idx: usize,
        candidates: &[(i32, Move)],
        complete: bool,
        params: &MctsParams,
    ) {
        let scale = params.scale_cp as f32;
        let prior = params.prior_visits as f32;
        let first = self.nodes.len();
        for &(s, m) in candidates {
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
    }

    /// Makes the ranked `candidates` the children of `idx` in place of its
    /// narrower ones ([`Tree::attach`]): a child of both keeps its
    /// statistics and subtree, and a played child the new ranking dropped
    /// stays too (after the new ones). Returns where each kept child moved,
    /// `(old index, new index)`: a thread of a shared tree whose path went
    /// through an old one follows it there (`shared::follow_moves`).
    pub(super) fn regrow(
        &mut self,
        idx: usize,
        candidates: &[(i32, Move)],
        complete: bool,
        params: &MctsParams,
    ) -> Vec<(usize, usize)> {
        let old: Vec<(usize, Node)> = self.nodes[idx]
            .children()
            .map(|c| (c, self.nodes[c]))
            .collect();
        let proof = self.nodes[idx].proof;
        let mut moved = Vec::with_capacity(old.len());
        self.attach(idx, candidates, complete, params);
        for c in self.nodes[idx].children() {
            let mv = self.nodes[c].mv;
            if let Some(&(from, kept)) = old.iter().find(|(_, o)| o.mv == mv) {
                self.nodes[c] = kept;
                moved.push((from, c));
            }
        }
        for &(from, kept) in &old {
            if kept.real > 0 && !candidates.iter().any(|&(_, m)| m == kept.mv) {
                moved.push((from, self.nodes.len()));
                self.nodes.push(kept);
                self.nodes[idx].child_count += 1;
                self.nodes[idx].complete = false;
            }
        }
        if proof != Proof::Unknown {
            // Proofs are sound: what was proven stays proven.
            self.nodes[idx].proof = proof;
        }
        self.nodes[idx].partial = false;
        moved
    }

    /// Marks `idx` as a node whose side to move has no move (lost for it).
    pub(super) fn mark_no_move(&mut self, idx: usize) {
        self.nodes[idx].expanded = true;
        self.nodes[idx].proof = Proof::Win;
    }

    /// Counts `virtual_loss` lost playouts through every node of `path` (a
    /// thread of a shared tree is on its way down there: the others then
    /// prefer other lines until its result is backed up).
    pub(super) fn add_virtual_loss(&mut self, path: &[usize], virtual_loss: f32) {
        for &n in path {
            self.nodes[n].visits += virtual_loss;
        }
    }

    /// Takes back [`Tree::add_virtual_loss`] (the playout was abandoned).
    pub(super) fn remove_virtual_loss(&mut self, path: &[usize], virtual_loss: f32) {
        for &n in path {
            self.nodes[n].visits -= virtual_loss;
        }
    }

    /// Backs up one playout along `path` (root first), whose `result` is for
    /// the side that played the move into the last node, replacing the
    /// `virtual_loss` added on the way down (0 on a tree of its own), then
    /// the proofs it settles.
    pub(super) fn back_up(&mut self, path: &[usize], result: f32, virtual_loss: f32) {
        let mut r = result;
        for &n in path.iter().rev() {
            let node = &mut self.nodes[n];
            node.visits += 1.0 - virtual_loss;
            node.real += 1;
            node.wins += r;
            r = 1.0 - r;
        }
        for k in (1..path.len()).rev() {
            let (child, parent) = (path[k], path[k - 1]);
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

    /// Real playouts of the two most played root moves.
    pub(super) fn two_most_played(&self) -> (u32, u32) {
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
        (first, second)
    }

    /// The most visited child of `idx` (a proven win first, a proven loss last).
    fn best_child(&self, idx: usize) -> Option<usize> {
        let node = &self.nodes[idx];
        node.children().max_by(|&a, &b| {
            let key = |i: usize| {
                let n = &self.nodes[i];
                (proof_rank(n.proof), n.real, n.wins / n.visits.max(1e-6))
            };
            let (ka, kb) = (key(a), key(b));
            ka.0.cmp(&kb.0)
                .then(ka.1.cmp(&kb.1))
                .then(ka.2.total_cmp(&kb.2))
                // Earlier children ranked better at expansion: prefer them on ties.
                .then(b.cmp(&a))
        })
    }

    /// The result so far of a search of `root` that ran `playouts`: best
    /// move, score, principal line.
    pub(super) fn result(&self, root: &Position, scale_cp: u32, playouts: u64) -> MctsResult {
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
                    Proof::Unknown => {
                        score_of_probability(n.wins / n.visits.max(1e-6), scale_cp as f32)
                    }
                }
            }
        };
        MctsResult {
            best: pv.first().copied(),
            score,
            depth: pv.len() as u32,
            playouts,
            reused: 0,
            pv,
            tree_nodes: self.nodes.len(),
        }
    }
}
