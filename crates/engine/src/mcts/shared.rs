//! Tree parallelization: every thread grows one shared tree, and a virtual
//! loss steers them apart.
//!
//! The tree sits behind one mutex, held only to walk down it, to attach an
//! expansion's children and to back a result up: a few hundred nanoseconds
//! an iteration. The costly parts, ranking a node's moves (hundreds of
//! evaluations) and the playout, run outside it on the thread's own
//! [`Searcher`] (its random generator, evaluator and buffers). On its way
//! down a thread counts [`MctsParams::virtual_loss`] lost playouts through
//! every node it passes, taken back when it backs its result up, so that the
//! others prefer other lines meanwhile; a leaf that one thread is expanding
//! is only played out from by the others.
//!
//! A node first ranked narrowly ([`MctsParams::narrow`]) is ranked again at
//! full width by the thread that finds it with enough playouts, outside the
//! lock like an expansion. [`Tree::regrow`] then moves the node's children
//! to a new block; it says where each went, the search keeps that log while
//! any thread is outside the lock, and a thread back from outside points its
//! path at the new places ([`follow_moves`]) before it backs up or attaches
//! anything. The log is emptied whenever no thread is out, so it stays short.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use amazons_core::Position;

use super::parallel::Peers;
use super::searcher::{Breadth, Ranking, Searcher, may_stop_early};
use super::tree::{Proof, Tree};
use super::{MctsLimits, MctsParams, MctsResult, tree_seed};

/// The tree the threads share and what they must agree on about it.
struct SharedTree {
    /// The tree.
    tree: Tree,
    /// Leaves some thread is expanding now (at most one a thread).
    expanding: Vec<usize>,
    /// Iterations begun and not abandoned (the node limit is a limit on them).
    started: u64,
    /// Playouts backed up.
    playouts: u64,
    /// The children regrowths moved, `(old index, new index)`, in order,
    /// while some thread was outside the lock with a path: it follows them
    /// on its path ([`follow_moves`]) from where it last looked (the log's
    /// length then). Emptied whenever no thread is out.
    moved: Vec<(usize, usize)>,
    /// Threads holding a path while outside the lock (ranking or playing out).
    outside: usize,
}

/// Everything the threads of one search share.
struct Search<'a> {
    /// The tree, locked for each walk down and each backup.
    shared: Mutex<SharedTree>,
    /// Set when the search is over for every thread.
    peers: Peers,
    /// The position at the root.
    root: &'a Position,
    /// The knobs.
    params: MctsParams,
    /// Most playouts in all (`None`: no limit).
    node_limit: Option<u64>,
    /// Most tree nodes.
    max_tree_nodes: usize,
}

/// What one iteration came to.
enum Step {
    /// A playout was backed up.
    Played,
    /// A limit was reached on the way; nothing was backed up.
    Abandoned,
    /// The root is decided or the node limit is reached: nothing to do.
    Finished,
}

impl Search<'_> {
    /// The tree, locked. A thread that panicked holding the lock is resumed
    /// at the join, so the tree is still read here as it is.
    fn lock(&self) -> MutexGuard<'_, SharedTree> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// One iteration of `w` on the shared tree: down it under the lock (with
    /// virtual loss), the expansion or playout outside it, the backup under
    /// it. `path` is a reused buffer.
    fn iterate(&self, w: &mut Searcher, path: &mut Vec<usize>) -> Step {
        let params = &self.params;
        let vloss = params.virtual_loss as f32;
        let mut pos = *self.root;
        path.clear();
        path.push(0);
        let mut idx = 0usize;
        let mut g = self.lock();
        if g.tree.root_decided() || self.node_limit.is_some_and(|n| g.started >= n) {
            return Step::Finished;
        }
        g.started += 1;
        g.tree.add_virtual_loss(&path[..], vloss);
        // How much of the log of moved children this path has followed.
        let mut seen = g.moved.len();
        // Result for the side that played the move into the last node of the path.
        let result: f32 = loop {
            let node = g.tree.nodes[idx];
            match node.proof {
                Proof::Win => break 1.0,
                Proof::Loss => break 0.0,
                Proof::Unknown => {}
            }
            if !node.expanded {
                // Room for this expansion and those under way.
                let room = g.tree.nodes.len() + (g.expanding.len() + 1) * params.width
                    <= self.max_tree_nodes;
                if idx != 0
                    && node.real + 1 >= params.expand_visits
                    && room
                    && !g.expanding.contains(&idx)
                {
                    let breadth = w.first_breadth();
                    let Some(relocked) = self.expand(w, g, &pos, breadth, path, &mut seen) else {
                        return Step::Abandoned;
                    };
                    g = relocked;
                    idx = path[path.len() - 1];
                    continue;
                }
                step_out(g);
                // Value of the playout for the side to move at the leaf.
                let v = w.playout(&pos);
                let stopped = w.check_stop();
                g = self.step_in(&mut seen, path);
                if stopped {
                    // Perhaps cut short by the deadline: not backed up.
                    abandon(&mut g, path, vloss);
                    return Step::Abandoned;
                }
                break 1.0 - v;
            }
            // A narrow node with enough playouts is ranked again at full
            // width (as on a tree of its own), unless another thread is at it.
            if node.due_to_regrow(params)
                && g.tree.nodes.len() + (g.expanding.len() + 2) * params.width
                    <= self.max_tree_nodes
                && !g.expanding.contains(&idx)
            {
                let Some(relocked) = self.expand(w, g, &pos, Breadth::Inner, path, &mut seen)
                else {
                    return Step::Abandoned;
                };
                g = relocked;
                idx = path[path.len() - 1];
            }
            let child = g.tree.select(idx, params);
            g.tree.add_virtual_loss(&[child], vloss);
            pos.make(g.tree.nodes[child].mv);
            path.push(child);
            idx = child;
        };
        g.tree.back_up(path, result, vloss);
        g.playouts += 1;
        w.playouts += 1;
        Step::Played
    }

    /// Ranks the moves of the node at the end of `path` (at `pos`, at
    /// `breadth`) with the lock let go meanwhile, the node marked as being
    /// expanded so that no other thread ranks it too; relocks `g`, follows
    /// on `path` the children moved meanwhile and makes the best the node's
    /// children: a first ranking, or a narrow node's second at full width
    /// (logging where its children moved), as [`Searcher`] does on a tree
    /// of its own. An interrupted ranking abandons the iteration (`None`).
    fn expand<'s>(
        &'s self,
        w: &mut Searcher,
        mut g: MutexGuard<'s, SharedTree>,
        pos: &Position,
        breadth: Breadth,
        path: &mut [usize],
        seen: &mut usize,
    ) -> Option<MutexGuard<'s, SharedTree>> {
        g.expanding.push(path[path.len() - 1]);
        step_out(g);
        let ranking = w.rank(pos, breadth);
        let mut g = self.step_in(seen, path);
        let idx = path[path.len() - 1];
        g.expanding.retain(|&e| e != idx);
        match ranking {
            Ranking::Interrupted => {
                abandon(&mut g, path, self.params.virtual_loss as f32);
                return None;
            }
            Ranking::NoMove => g.tree.mark_no_move(idx),
            Ranking::Ranked { complete } if g.tree.nodes[idx].partial => {
                let moved = g.tree.regrow(idx, w.candidates(), complete, &self.params);
                // The nodes other threads are expanding move too.
                follow_moves(&moved, &mut 0, &mut g.expanding);
                if g.outside > 0 {
                    g.moved.extend(moved);
                    *seen = g.moved.len();
                }
            }
            Ranking::Ranked { complete } => {
                g.tree.attach(idx, w.candidates(), complete, &self.params);
                g.tree.nodes[idx].partial = breadth == Breadth::Narrow && !complete;
            }
        }
        Some(g)
    }

    /// The tree locked again for a thread that stepped out with `path`
    /// ([`step_out`]): the path follows the children moved meanwhile, and
    /// the log of moves is emptied if no other thread is out.
    fn step_in(&self, seen: &mut usize, path: &mut [usize]) -> MutexGuard<'_, SharedTree> {
        let mut g = self.lock();
        follow_moves(&g.moved, seen, path);
        g.outside -= 1;
        if g.outside == 0 {
            g.moved.clear();
            *seen = 0;
        }
        g
    }

    /// Runs iterations of `w` until the search is over. The `main` thread
    /// also decides when a clock search may stop early and calls `report`
    /// about once a second.
    fn work(&self, w: &mut Searcher, main: bool, report: &mut dyn FnMut(&MctsResult)) {
        let mut path = Vec::with_capacity(64);
        let mut last_report = Instant::now();
        loop {
            if w.check_stop() {
                if main {
                    // Out of time or stopped: the others stop now too (with
                    // CPU-time budgets they could otherwise run on after
                    // this one). A helper out of its own CPU time leaves the
                    // calling thread its whole budget, as in root
                    // parallelization.
                    self.peers.done.store(true, Ordering::Relaxed);
                }
                return;
            }
            if main && w.playouts % 64 == 0 {
                let g = self.lock();
                let (tree, playouts) = (&g.tree, g.playouts);
                if may_stop_early(&self.params, &mut w.limits, w.playouts, tree, playouts) {
                    drop(g);
                    self.peers.done.store(true, Ordering::Relaxed);
                    return;
                }
            }
            match self.iterate(w, &mut path) {
                Step::Played | Step::Abandoned => {}
                Step::Finished => {
                    // A decided root ends the search; the node limit only ends
                    // new iterations (the others finish theirs).
                    if self.lock().tree.root_decided() {
                        self.peers.done.store(true, Ordering::Relaxed);
                    }
                    return;
                }
            }
            if main && w.playouts % 1024 == 0 {
                let now = Instant::now();
                if now.duration_since(last_report).as_secs() >= 1 {
                    last_report = now;
                    let r = {
                        let g = self.lock();
                        g.tree.result(self.root, self.params.scale_cp, g.playouts)
                    };
                    report(&r);
                }
            }
        }
    }
}

/// Lets the tree go for a thread that keeps a path into it meanwhile (see
/// [`Search::step_in`]).
fn step_out(mut g: MutexGuard<'_, SharedTree>) {
    g.outside += 1;
}

/// Points the indices in `path` at the new places of the children moved
/// since it last looked (`moved[*seen..]`; see [`Tree::regrow`]), and notes
/// that it has.
fn follow_moves(moved: &[(usize, usize)], seen: &mut usize, path: &mut [usize]) {
    for &(from, to) in &moved[*seen..] {
        for p in path.iter_mut().filter(|p| **p == from) {
            *p = to;
        }
    }
    *seen = moved.len();
}

/// Takes an abandoned iteration back: its virtual loss and its place under
/// the node limit.
fn abandon(g: &mut SharedTree, path: &[usize], vloss: f32) {
    g.tree.remove_virtual_loss(path, vloss);
    g.started -= 1;
}

/// Runs a tree-parallel Monte-Carlo search of `root` (see the module
/// documentation) on one thread per tree of `trees`, the calling one
/// included, growing the first tree (kept for the next search as with one
/// thread; the others are emptied). The node limit counts each thread's
/// share, as root parallelization does: the thread count times it in all.
/// `report` is called about once a second and at the end.
pub(super) fn search_shared(
    root: &Position,
    params: MctsParams,
    limits: MctsLimits,
    stop: &AtomicBool,
    seed: u64,
    trees: &mut [Tree],
    report: &mut dyn FnMut(&MctsResult),
) -> MctsResult {
    let threads = trees.len();
    let Some((tree, others)) = trees.split_first_mut() else {
        panic!("search_shared needs at least one tree");
    };
    for t in others {
        t.clear();
    }
    // The node limit is counted over the shared tree, not per searcher.
    let own_limits = MctsLimits {
        node_limit: None,
        ..limits
    };
    let search = Search {
        shared: Mutex::new(SharedTree {
            tree: Tree::default(),
            expanding: Vec::with_capacity(threads),
            started: 0,
            playouts: 0,
            moved: Vec::new(),
            outside: 0,
        }),
        peers: Peers::default(),
        root,
        params,
        node_limit: limits.node_limit.map(|n| n.saturating_mul(threads as u64)),
        max_tree_nodes: limits.max_tree_nodes,
    };
    let mut first = Searcher::new(params, own_limits, stop, seed)
        .with_peers(&search.peers)
        .with_tree(std::mem::take(tree));
    // The calling thread keeps or clears the tree and ranks the root's moves.
    let reused = match first.prepare(root) {
        Ok(reused) => reused,
        Err(done) => {
            *tree = first.into_tree();
            report(&done);
            return done;
        }
    };
    search.lock().tree = first.take_tree();
    std::thread::scope(|scope| {
        let search = &search;
        let handles: Vec<_> = (1..threads)
            .map(|k| {
                scope.spawn(move || {
                    // A CPU-time budget is counted on this thread's clock.
                    let own = MctsLimits {
                        deadline: own_limits.deadline.map(|d| d.on_this_thread()),
                        soft_deadline: own_limits.soft_deadline.map(|d| d.on_this_thread()),
                        ..own_limits
                    };
                    let mut w = Searcher::new(params, own, stop, tree_seed(seed, k))
                        .with_peers(&search.peers);
                    search.work(&mut w, false, &mut |_| {});
                })
            })
            .collect();
        search.work(&mut first, true, report);
        for h in handles {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    let shared = search
        .shared
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let r = MctsResult {
        reused: u64::from(reused),
        ..shared.tree.result(root, params.scale_cp, shared.playouts)
    };
    *tree = shared.tree;
    report(&r);
    r
}
