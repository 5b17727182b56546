//! Root parallelization: one tree per thread, root statistics summed; and
//! the entry point that picks it or the shared tree ([`super::shared`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use amazons_core::{Move, Position};

use super::searcher::Searcher;
use super::tree::{Proof, Tree};
use super::{MctsLimits, MctsParams, MctsResult, Parallelism, score_of_probability, tree_seed};
use crate::eval::KNOWN_WIN;

/// What the trees of a root-parallel search share: a flag that ends them all
/// once one has decided the root, and a running count of their playouts (for
/// progress reports).
#[derive(Default)]
pub(super) struct Peers {
    /// Set when the search is over for every tree.
    pub(super) done: AtomicBool,
    /// Playouts of all trees so far (updated in batches).
    pub(super) playouts: AtomicU64,
}

/// Playouts a tree runs between updates of [`Peers::playouts`].
pub(super) const PEER_BATCH: u64 = 64;

/// Statistics of one root move in one tree, to be summed over trees.
#[derive(Clone, Copy, Debug)]
pub(super) struct RootChild {
    /// The move.
    pub(super) mv: Move,
    /// Real playouts.
    pub(super) real: u64,
    /// Playouts with the prior's.
    pub(super) visits: f64,
    /// Wins with the prior's.
    pub(super) wins: f64,
    /// What is proven.
    pub(super) proof: Proof,
}

/// Runs a parallel Monte-Carlo search of `root` with one thread per tree of
/// `trees`. With [`Parallelism::Tree`] the threads share the first tree and
/// the others are emptied (see `shared`). Otherwise (root parallelization,
/// see the module documentation) each tree grows on its own thread with a share
/// of `limits.max_tree_nodes` and the node limit of its own, the first on
/// the calling thread. The trees are kept for the next search
/// ([`MctsParams::reuse`]). `report` is called about once a second with the
/// first tree's view and the total playouts so far, and once at the end with
/// the summed result. With one tree this is [`super::search`] on that tree.
pub fn search_parallel(
    root: &Position,
    params: MctsParams,
    limits: MctsLimits,
    stop: &AtomicBool,
    seed: u64,
    trees: &mut [Tree],
    report: &mut dyn FnMut(&MctsResult),
) -> MctsResult {
    if params.parallel == Parallelism::Tree && trees.len() > 1 {
        return super::shared::search_shared(root, params, limits, stop, seed, trees, report);
    }
    let Some((first_tree, others)) = trees.split_first_mut() else {
        panic!("search_parallel needs at least one tree");
    };
    if others.is_empty() {
        let mut s = Searcher::new(params, limits, stop, seed).with_tree(std::mem::take(first_tree));
        let r = s.run(root, report);
        *first_tree = s.into_tree();
        return r;
    }
    let threads = others.len() + 1;
    let per_tree = MctsLimits {
        max_tree_nodes: (limits.max_tree_nodes / threads).max(1024),
        ..limits
    };
    let peers = Peers::default();
    let trees = std::thread::scope(|scope| {
        let handles: Vec<_> = others
            .iter_mut()
            .enumerate()
            .map(|(k, slot)| {
                let peers = &peers;
                scope.spawn(move || {
                    // A CPU-time budget is counted on this thread's clock.
                    let per_tree = MctsLimits {
                        deadline: per_tree.deadline.map(|d| d.on_this_thread()),
                        soft_deadline: per_tree.soft_deadline.map(|d| d.on_this_thread()),
                        ..per_tree
                    };
                    let mut s = Searcher::new(params, per_tree, stop, tree_seed(seed, k + 1))
                        .with_peers(peers)
                        .with_tree(std::mem::take(slot));
                    let r = s.grow(root, &mut |_| {});
                    let children = s.root_children();
                    *slot = s.into_tree();
                    (r, children)
                })
            })
            .collect();
        let mut first = Searcher::new(params, per_tree, stop, seed)
            .with_peers(&peers)
            .with_tree(std::mem::take(first_tree));
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
        *first_tree = first.into_tree();
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
    let reused = trees.iter().map(|t| t.0.reused).sum();
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
            reused,
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
        reused,
        pv,
        tree_nodes,
    }
}
