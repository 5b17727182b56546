//! The tree: nodes in one `Vec` (an arena, no `Rc`), children of a node
//! contiguous in it, and what is kept of it from one search to the next.

use std::collections::VecDeque;

use amazons_core::{Move, Position, Square};

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
