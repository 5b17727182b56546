//! Tests of the Monte-Carlo search.

use super::*;
use amazons_core::Side;
use amazons_core::testing::random_position;
use std::time::{Duration, Instant};

/// `n` fresh trees.
fn trees(n: usize) -> Vec<Tree> {
    vec![Tree::default(); n]
}

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
            seed: Some(5),
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
    let b = search_parallel(
        &p,
        params,
        limits_nodes(500),
        &stop,
        42,
        &mut trees(1),
        &mut |_| {},
    );
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
            root_trees(),
            limits_nodes(600),
            &stop,
            42,
            &mut trees(2),
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
        // CPU time: a loaded machine must not starve the 80 ms search.
        let mut e = Engine::new(EngineConfig {
            threads: 2,
            hash_mb: 1,
            time_source: crate::TimeSource::ThreadCpu,
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
        root_trees(),
        limits_nodes(300),
        &stop,
        9,
        &mut trees(2),
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
            &mut trees(threads),
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

/// A search of `p` on one thread (seed 1) for `nodes` playouts, never
/// stopped, with its tree in `kept`.
fn kept_search(p: &Position, params: MctsParams, nodes: u64, kept: &mut [Tree]) -> MctsResult {
    let stop = AtomicBool::new(false);
    search_parallel(p, params, limits_nodes(nodes), &stop, 1, kept, &mut |_| {})
}

/// The position after the most visited root child and its most visited reply
/// in a one-tree search of `p` (what a game would most likely reach next).
fn principal_reply(p: &Position, r: &MctsResult) -> Position {
    let mut q = *p;
    q.make(r.pv[0]);
    q.make(r.pv[1]);
    q
}

#[test]
fn a_kept_tree_starts_the_next_search_two_plies_down() {
    let p = random_position(3, 10);
    let params = MctsParams {
        reuse: true,
        ..MctsParams::default()
    };
    let mut kept = trees(1);
    let r = kept_search(&p, params, 3_000, &mut kept);
    assert_eq!(r.reused, 0);
    assert!(r.pv.len() >= 2, "{r:?}");
    let q = principal_reply(&p, &r);
    let r2 = kept_search(&q, params, 500, &mut kept);
    assert!(r2.reused > 0, "{r2:?}");
    assert!(q.is_legal(r2.best.unwrap()).is_ok());
    assert_eq!(r2.playouts, 500);
    // The same position again keeps the whole tree.
    let before = kept[0].len();
    let r3 = kept_search(&q, params, 10, &mut kept);
    assert!(r3.reused >= r2.reused + 500, "{r3:?}");
    assert!(kept[0].len() >= before);
    // A position not in the tree starts afresh.
    let far = random_position(4, 30);
    let r4 = kept_search(&far, params, 10, &mut kept);
    assert_eq!(r4.reused, 0);
    // Without reuse nothing is kept.
    let no_reuse = MctsParams {
        reuse: false,
        ..params
    };
    // (The reply of the first search: two merged trees' line may stop at
    // their root move.)
    let mut kept = trees(2);
    kept_search(&p, no_reuse, 2_000, &mut kept);
    let r2 = kept_search(&q, no_reuse, 100, &mut kept);
    assert_eq!(r2.reused, 0);
}

#[test]
fn a_subtree_keeps_its_nodes_and_their_statistics() {
    let p = random_position(5, 12);
    let mut kept = trees(1);
    let r = kept_search(&p, MctsParams::default(), 3_000, &mut kept);
    let old = kept[0].clone();
    let q = principal_reply(&p, &r);
    let mut tree = kept[0].clone();
    let real = tree.reroot(&q, 2);
    assert!(real > 0);
    assert!(tree.len() < old.len());
    // Every node's children lie inside the new arena, after their parent,
    // and the playouts below each node add up as they did.
    for (i, node) in tree.nodes.iter().enumerate() {
        let children = node.children();
        assert!(children.start > i || node.child_count == 0);
        assert!(children.end <= tree.len());
        let below: u32 = children.map(|c| tree.nodes[c].real).sum();
        assert!(below <= node.real, "node {i}");
    }
    // Same total of playouts at the new root as at the old grandchild.
    let child = old.nodes[0]
        .children()
        .find(|&c| old.nodes[c].mv == r.pv[0])
        .unwrap();
    let grandchild = old.nodes[child]
        .children()
        .find(|&c| old.nodes[c].mv == r.pv[1])
        .unwrap();
    assert_eq!(real, old.nodes[grandchild].real);
}

/// The nodes reachable from the root of `tree` (a regrown node's old
/// children stay in the arena, out of reach).
fn reachable(tree: &Tree) -> Vec<usize> {
    let mut out = Vec::new();
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        out.push(i);
        stack.extend(tree.nodes[i].children());
    }
    out
}

/// The distinct queen moves (from, to) among the children of `node`.
fn queen_moves_of(tree: &Tree, node: usize) -> usize {
    let mut steps: Vec<_> = tree.nodes[node]
        .children()
        .map(|c| (tree.nodes[c].mv.from, tree.nodes[c].mv.to))
        .collect();
    steps.sort_unstable_by_key(|&(f, t)| (f.index(), t.index()));
    steps.dedup();
    steps.len()
}

/// Checks that the inner nodes of `tree` reachable from its root are narrow
/// until they have `params.regrow` playouts (give or take the `others`
/// threads that passed one at the same time) and wider after, and that there
/// are both; and that no child has more playouts than its parent.
fn assert_narrow_then_regrown(tree: &Tree, params: &MctsParams, others: u32) {
    let (mut partial, mut regrown) = (0, 0);
    for i in reachable(tree) {
        let node = tree.nodes[i];
        let below: u32 = node.children().map(|c| tree.nodes[c].real).sum();
        assert!(below <= node.real, "node {i}: {below} below {}", node.real);
        if i == 0 || !node.expanded || node.child_count == 0 {
            continue;
        }
        if node.partial {
            // Narrow until the playout that would pass it at `regrow`.
            partial += 1;
            assert!(
                node.real <= params.regrow + others,
                "node {i}: {}",
                node.real
            );
            assert!(queen_moves_of(tree, i) <= params.narrow, "node {i}");
        } else if node.real > params.regrow && queen_moves_of(tree, i) > params.narrow {
            regrown += 1;
        }
    }
    assert!(
        partial > 0 && regrown > 0,
        "{partial} partial, {regrown} regrown"
    );
}

#[test]
fn narrow_nodes_regrow_at_full_width_keeping_their_statistics() {
    let p = random_position(5, 12);
    let (narrow, regrow) = (2, 40);
    let params = MctsParams {
        narrow,
        regrow,
        ..MctsParams::default()
    };
    let mut kept = trees(1);
    let r = kept_search(&p, params, 4_000, &mut kept);
    assert!(p.is_legal(r.best.unwrap()).is_ok());
    assert_narrow_then_regrown(&kept[0], &params, 0);
    // Without the knob no node is narrow.
    let mut kept = trees(1);
    let full_width = MctsParams {
        narrow: 0,
        ..MctsParams::default()
    };
    kept_search(&p, full_width, 2_000, &mut kept);
    assert!(kept[0].nodes.iter().all(|n| !n.partial));
}

/// The default knobs with the threads on one shared tree (the default, named
/// where a test is about it).
fn shared_tree() -> MctsParams {
    MctsParams {
        parallel: Parallelism::Tree,
        ..MctsParams::default()
    }
}

/// The default knobs with one tree a thread (root parallelism).
fn root_trees() -> MctsParams {
    MctsParams {
        parallel: Parallelism::Root,
        ..MctsParams::default()
    }
}

#[test]
fn one_thread_searches_the_same_with_either_parallelism() {
    let stop = AtomicBool::new(false);
    for (seed, plies) in [(3, 10), (5, 30)] {
        let p = random_position(seed, plies);
        let root = search_parallel(
            &p,
            root_trees(),
            limits_nodes(700),
            &stop,
            42,
            &mut trees(1),
            &mut |_| {},
        );
        let shared = search_parallel(
            &p,
            shared_tree(),
            limits_nodes(700),
            &stop,
            42,
            &mut trees(1),
            &mut |_| {},
        );
        assert_eq!(root, shared);
    }
}

#[test]
fn one_thread_on_a_shared_tree_searches_as_on_a_tree_of_its_own() {
    // The shared tree's own code (one thread would otherwise take the
    // single-tree search): narrow rankings, regrowth and all, move for move.
    let stop = AtomicBool::new(false);
    let mut regrown = None;
    for (seed, plies) in [(3, 10), (5, 30), (19, 0)] {
        let p = random_position(seed, plies);
        let mut own_tree = trees(1);
        let own = search_parallel(
            &p,
            MctsParams::default(),
            limits_nodes(3_000),
            &stop,
            42,
            &mut own_tree,
            &mut |_| {},
        );
        let mut shared_trees = trees(1);
        let shared = super::shared::search_shared(
            &p,
            shared_tree(),
            limits_nodes(3_000),
            &stop,
            42,
            &mut shared_trees,
            &mut |_| {},
        );
        assert_eq!(own, shared);
        assert_eq!(own_tree[0].len(), shared_trees[0].len());
        if (seed, plies) == (5, 30) {
            regrown = shared_trees.pop();
        }
    }
    // Those searches did regrow nodes.
    assert_narrow_then_regrown(&regrown.expect("searched"), &shared_tree(), 0);
}

#[test]
fn two_threads_on_a_shared_tree_rank_narrowly_then_regrow() {
    let stop = AtomicBool::new(false);
    for (seed, plies) in [(5, 12), (7, 30)] {
        let p = random_position(seed, plies);
        let mut kept = trees(2);
        let r = search_parallel(
            &p,
            shared_tree(),
            limits_nodes(4_000),
            &stop,
            9,
            &mut kept,
            &mut |_| {},
        );
        assert!(p.is_legal(r.best.unwrap()).is_ok(), "{r:?}");
        assert_eq!(r.playouts, 8_000);
        assert_eq!(u64::from(kept[0].nodes[0].real), r.playouts);
        assert_narrow_then_regrown(&kept[0], &shared_tree(), 1);
        // A thread below a child that a regrowth moved backed up into its
        // new place: no virtual loss is left anywhere in reach.
        assert_no_virtual_loss_left(&kept[0], MctsParams::default().prior_visits as f32);
    }
}

/// Every reachable node's statistics once no thread is inside the tree: its
/// visits are its real playouts plus the prior's (the root has no prior), so
/// every virtual loss was taken back, also from children a regrowth moved
/// while a thread was below them (their old copies are out of reach).
fn assert_no_virtual_loss_left(tree: &Tree, prior: f32) {
    for k in reachable(tree) {
        let n = &tree.nodes[k];
        let expected = n.real as f32 + if k == 0 { 0.0 } else { prior };
        assert_eq!(n.visits, expected, "node {k}: {n:?}");
    }
}

#[test]
fn a_shared_tree_counts_every_threads_playouts_and_keeps_no_virtual_loss() {
    let stop = AtomicBool::new(false);
    for (seed, plies) in [(19, 0), (19, 14), (19, 40)] {
        let p = random_position(seed, plies);
        let mut kept = trees(2);
        let mut reports = Vec::new();
        let r = search_parallel(
            &p,
            shared_tree(),
            limits_nodes(400),
            &stop,
            7,
            &mut kept,
            &mut |r| reports.push(r.clone()),
        );
        assert!(p.is_legal(r.best.unwrap()).is_ok(), "{r:?}");
        // The threads' shares summed, as with a tree each.
        assert_eq!(r.playouts, 800);
        assert_eq!(reports.last(), Some(&r));
        // One tree holds it all: the root's playouts are the search's.
        assert_eq!(u64::from(kept[0].nodes[0].real), r.playouts);
        assert_eq!(r.tree_nodes, kept[0].len());
        assert!(kept[1].is_empty());
        assert_no_virtual_loss_left(&kept[0], MctsParams::default().prior_visits as f32);
        assert_eq!(r.pv.first(), r.best.as_ref());
    }
}

#[test]
fn a_shared_tree_cut_by_its_deadline_takes_its_virtual_losses_back() {
    // CPU time: each thread stops on its own clock, whatever the load, in
    // the middle of an expansion or a playout.
    let p = random_position(23, 20);
    let stop = AtomicBool::new(false);
    let budget = Duration::from_millis(40);
    let mut kept = trees(2);
    let r = search_parallel(
        &p,
        MctsParams {
            virtual_loss: 3,
            ..shared_tree()
        },
        MctsLimits {
            deadline: Some(Deadline::after(crate::TimeSource::ThreadCpu, budget)),
            max_tree_nodes: 1 << 20,
            ..MctsLimits::default()
        },
        &stop,
        3,
        &mut kept,
        &mut |_| {},
    );
    assert!(p.is_legal(r.best.unwrap()).is_ok());
    assert!(r.playouts > 0);
    assert_eq!(u64::from(kept[0].nodes[0].real), r.playouts);
    assert_no_virtual_loss_left(&kept[0], MctsParams::default().prior_visits as f32);
}

#[test]
fn a_shared_tree_takes_a_proven_win_and_respects_its_memory_cap() {
    let p = Position::from_fen("q1********/**8/10/10/10/10/7Q2/10/10/10 w").unwrap();
    let stop = AtomicBool::new(false);
    let r = search_parallel(
        &p,
        shared_tree(),
        limits_nodes(300),
        &stop,
        9,
        &mut trees(2),
        &mut |_| {},
    );
    let after = p.play(r.best.unwrap()).unwrap();
    assert!(!after.has_legal_move(), "{}", r.best.unwrap());
    assert!(r.score >= KNOWN_WIN);

    let p = random_position(4, 12);
    let cap = 2_000;
    let r = search_parallel(
        &p,
        shared_tree(),
        MctsLimits {
            max_tree_nodes: cap,
            ..limits_nodes(3_000)
        },
        &stop,
        9,
        &mut trees(2),
        &mut |_| {},
    );
    assert!(p.is_legal(r.best.unwrap()).is_ok());
    assert_eq!(r.playouts, 6_000);
    // The root's own expansion is not capped; every later one is.
    let root_children = MctsParams::default().root_width;
    assert!(
        r.tree_nodes <= cap.max(1 + root_children),
        "{}",
        r.tree_nodes
    );
}

#[test]
fn a_shared_tree_is_kept_for_the_next_search() {
    let p = random_position(3, 10);
    let params = MctsParams {
        reuse: true,
        ..shared_tree()
    };
    let mut kept = trees(2);
    let stop = AtomicBool::new(false);
    let first = search_parallel(
        &p,
        params,
        limits_nodes(1_000),
        &stop,
        1,
        &mut kept,
        &mut |_| {},
    );
    let next = principal_reply(&p, &first);
    // The reply's own playouts in the kept tree.
    let r = search_parallel(
        &next,
        params,
        limits_nodes(50),
        &stop,
        1,
        &mut kept,
        &mut |_| {},
    );
    assert!(r.reused > 0, "{r:?}");
    assert!(next.is_legal(r.best.unwrap()).is_ok());
}

/// The default knobs set the evaluation's weights as tuned for level 7:
/// its own mobility weight (×1.01) and the tuned tempo, nothing else.
#[test]
fn default_knobs_set_the_tuned_evaluation() {
    let own = crate::eval::EvalParams::default();
    let tuned = MctsParams::default().eval_params();
    assert_eq!(tuned.kappa, super::TUNED_KAPPA_PCT as f32 / 100.0);
    assert!(
        tuned.kappa < own.kappa,
        "tuned below the alpha-beta levels' tempo"
    );
    assert!(
        (tuned.mobility - 1.01 * own.mobility).abs() < 1e-6,
        "{tuned:?}"
    );
    assert_eq!(
        (tuned.terms, tuned.fight_start),
        (own.terms, own.fight_start)
    );
}
