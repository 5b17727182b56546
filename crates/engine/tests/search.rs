//! Library-level tests of the engine: legality under tiny budgets, deadlines
//! (in CPU time), stop, determinism, hand-made wins and exact endgame counting.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::mpsc::channel;
use std::time::Duration;

#[cfg(target_os = "linux")]
use amazons_engine::time::thread_cpu_time;

use amazons_core::testing::random_position;
use amazons_core::{Move, Position, Side};
use amazons_engine::endgame::{self, RegionCache};
use amazons_engine::eval::KNOWN_WIN;
use amazons_engine::mcts::{MctsParams, Parallelism};
use amazons_engine::{ALPHA_BETA_LEVEL, Engine, EngineConfig, MAX_LEVEL, SearchLimits, TimeSource};
use proptest::prelude::*;

/// The two full searches: alpha-beta (level 6) and Monte-Carlo (level 7).
const FULL_LEVELS: [u8; 2] = [ALPHA_BETA_LEVEL, MAX_LEVEL];

/// An engine at `level` with a fixed seed (so node-limited searches replay).
fn engine(level: u8) -> Engine {
    Engine::new(EngineConfig {
        level,
        hash_mb: 1,
        seed: Some(1),
        ..EngineConfig::default()
    })
}

/// A search of `p` with a movetime of `movetime_ms`: its report and the CPU
/// time this thread spent on it.
#[cfg(target_os = "linux")]
fn cpu_timed_search(
    e: &mut Engine,
    p: &Position,
    movetime_ms: u64,
) -> (amazons_engine::SearchReport, Duration) {
    let cpu = thread_cpu_time();
    let report = e.search(
        p,
        &SearchLimits::movetime(Duration::from_millis(movetime_ms)),
        &mut |_| {},
    );
    (report, thread_cpu_time() - cpu)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn returns_a_legal_move_under_tiny_budgets(seed in any::<u64>(), plies in 0usize..70, level in 1u8..=MAX_LEVEL) {
        let p = random_position(seed, plies);
        let mut e = engine(level);
        let limits = if seed % 2 == 0 {
            SearchLimits::nodes(200)
        } else {
            SearchLimits::movetime(Duration::from_millis(15))
        };
        let report = e.search(&p, &limits, &mut |_| {});
        match report.best_move {
            Some(m) => prop_assert!(p.is_legal(m).is_ok(), "{m} illegal in {p:?}"),
            None => prop_assert!(!p.has_legal_move()),
        }
    }
}

/// Every level stops inside a 60 ms movetime, measured in the CPU time of
/// the searching thread (one search thread: it is this one).
#[cfg(target_os = "linux")]
#[test]
fn every_level_respects_the_deadline() {
    let p = random_position(7, 6);
    for level in 1..=MAX_LEVEL {
        let mut e = engine(level);
        let (report, spent) = cpu_timed_search(&mut e, &p, 60);
        assert!(
            spent <= Duration::from_millis(60),
            "level {level} used {spent:?} of CPU"
        );
        assert!(p.is_legal(report.best_move.unwrap()).is_ok());
    }
}

/// Counting CPU time, the two full searches use nearly all of a 60 ms
/// movetime of CPU and never more, with one thread or two (each thread
/// counts its own CPU time), however long the wall clock runs.
#[cfg(target_os = "linux")]
#[test]
fn cpu_time_budgets_are_counted_in_cpu_time() {
    let p = random_position(7, 6);
    for level in [ALPHA_BETA_LEVEL, MAX_LEVEL] {
        for threads in [1, 2] {
            let mut e = Engine::new(EngineConfig {
                level,
                threads,
                hash_mb: 1,
                time_source: TimeSource::ThreadCpu,
                ..EngineConfig::default()
            });
            let (report, spent) = cpu_timed_search(&mut e, &p, 60);
            // The hard budget is 60 ms less 10 ms and 5%: 47 ms.
            assert!(
                spent <= Duration::from_millis(60) && spent >= Duration::from_millis(40),
                "level {level}, {threads} thread(s): {spent:?} of CPU"
            );
            assert!(p.is_legal(report.best_move.unwrap()).is_ok());
        }
    }
    // The same for level 7's two threads on a tree each (root
    // parallelism; the default is one shared tree).
    let mut e = Engine::new(EngineConfig {
        threads: 2,
        hash_mb: 1,
        time_source: TimeSource::ThreadCpu,
        ..EngineConfig::default()
    });
    e.set_mcts_params(MctsParams {
        parallel: Parallelism::Root,
        ..MctsParams::default()
    });
    for plies in [6, 20, 30] {
        let p = random_position(7, plies);
        let (report, spent) = cpu_timed_search(&mut e, &p, 60);
        assert!(
            spent <= Duration::from_millis(60) && spent >= Duration::from_millis(40),
            "root trees, ply {plies}: {spent:?} of CPU"
        );
        assert!(p.is_legal(report.best_move.unwrap()).is_ok());
        assert!(report.nodes > 0);
    }
}

/// Late positions (from self-play) in which most boards the search ranks are
/// separated, so evaluating one counts regions. Ranking a node's moves used
/// to run without reading the clock for ~9 ms of release-build CPU here (tens
/// of ms in a debug build), which is how a move once came in 70 ms late at
/// 1 s/move. The search must stop inside its own budget (which holds back
/// 10 ms + 5% for the answer), measured in CPU time so that a loaded machine
/// cannot make the test fail.
#[cfg(target_os = "linux")]
#[test]
fn search_stops_inside_its_budget_when_evaluations_count_regions() {
    for fen in [
        "*q*1*1*3/**Q***2q1/1*1*****1*/1*1*q***2/*******1**/*2**q**1*/*Q1*Q****1/1******1**/*1***1**2/1*4*2Q w - - 58 30",
        "1***1**3/2q**Q*2*/****2*1*1/*2*****q1/2***2***/*1***2Qq1/q***1****1/1**3*Q**/2*Q1*1*2/*1****1*1* b - - 53 27",
    ] {
        let p = Position::from_fen(fen).unwrap();
        for (level, budget_ms) in FULL_LEVELS.into_iter().flat_map(|l| [(l, 60), (l, 100)]) {
            let mut e = engine(level);
            let (report, spent) = cpu_timed_search(&mut e, &p, budget_ms);
            assert!(
                spent <= Duration::from_millis(budget_ms),
                "level {level}: {spent:?} of CPU for a {budget_ms} ms budget in {fen}"
            );
            assert!(p.is_legal(report.best_move.unwrap()).is_ok());
        }
    }
}

#[test]
fn stop_handle_ends_an_infinite_search() {
    for level in FULL_LEVELS {
        stop_handle_ends_an_infinite_search_at(level);
    }
}

/// An infinite search runs on a thread of its own; once it has reported
/// (it is searching), the stop handle is raised from here and the search must
/// return a legal move. The waits are smoke bounds against a hang, not
/// latency figures.
fn stop_handle_ends_an_infinite_search_at(level: u8) {
    let mut e = engine(level);
    let stop = e.stop_handle();
    let (reports, reported) = channel();
    let (answers, answer) = channel();
    std::thread::spawn(move || {
        let limits = SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        };
        let report = e.search(&Position::start(), &limits, &mut |_| {
            let _ = reports.send(());
        });
        let _ = answers.send((report, e.stop_handle().load(Ordering::Relaxed)));
    });
    reported
        .recv_timeout(Duration::from_secs(30))
        .expect("the search reports while it runs");
    stop.store(true, Ordering::Relaxed);
    let (report, still_raised) = answer
        .recv_timeout(Duration::from_secs(30))
        .expect("the stop handle ends the search");
    assert!(
        Position::start()
            .is_legal(report.best_move.unwrap())
            .is_ok()
    );
    // The flag is cleared for the next search.
    assert!(!still_raised, "level {level}");
}

#[test]
fn node_limited_search_is_deterministic() {
    let p = random_position(3, 10);
    for level in FULL_LEVELS {
        let run = || {
            let mut e = engine(level);
            e.search(&p, &SearchLimits::nodes(3_000), &mut |_| {})
        };
        let (a, b) = (run(), run());
        assert_eq!(a.best_move, b.best_move, "level {level}");
        assert_eq!(a.score_cp, b.score_cp, "level {level}");
        assert_eq!(a.nodes, b.nodes, "level {level}");
        assert_eq!(a.pv, b.pv, "level {level}");
    }
}

#[test]
fn no_legal_move_returns_none() {
    let p = Position::from_fen("Q*8/**8/10/10/10/10/10/10/10/9q w").unwrap();
    for level in 1..=MAX_LEVEL {
        let r = engine(level).search(&p, &SearchLimits::nodes(100), &mut |_| {});
        assert_eq!(r.best_move, None, "level {level}");
    }
}

/// Rank 1 only: `. . Q . . . . q . .` with everything else burnt. Shooting an
/// arrow next to the black queen (g1, or f1 with the queen left of it) seals
/// her into a smaller region than White's, and White wins.
const CORRIDOR: &str = "**********/**********/**********/**********/**********/**********/**********/**********/**********/2Q4q2 w";

#[test]
fn finds_the_sealing_arrow() {
    for level in FULL_LEVELS {
        finds_the_sealing_arrow_at(level);
    }
}

fn finds_the_sealing_arrow_at(level: u8) {
    let p = Position::from_fen(CORRIDOR).unwrap();
    let r = engine(level).search(&p, &SearchLimits::nodes(2_000), &mut |_| {});
    let m = r.best_move.unwrap();
    let after = p.play(m).unwrap();
    let board = *after.board();
    let mut cache = RegionCache::default();
    let white = endgame::side_bounds(&board, Side::First, &mut cache, 100_000);
    let black = endgame::side_bounds(&board, Side::Second, &mut cache, 100_000);
    assert!(white.is_exact() && black.is_exact());
    // Black moves first now, so White wins when it has at least as many moves.
    assert!(
        white.lower >= black.upper,
        "{m}: white {white:?} black {black:?}"
    );
    assert!(r.score_cp >= KNOWN_WIN, "{m} scored {}", r.score_cp);
}

#[test]
fn fills_its_own_region_without_waste() {
    for level in FULL_LEVELS {
        fills_its_own_region_without_waste_at(level);
    }
}

fn fills_its_own_region_without_waste_at(level: u8) {
    // Separated: White's queen b2 in the a1-c3 box (8 free squares), Black's
    // queen j10 in a 2x2 corner (3 free squares). White must burn exactly one
    // square of its own region per move.
    let fen = "********1q/********2/**********/**********/**********/**********/**********/3*******/1Q1*******/3******* w";
    let mut p = Position::from_fen(fen).unwrap();
    let mut cache = RegionCache::default();
    let count = |p: &Position, cache: &mut RegionCache| {
        endgame::side_bounds(p.board(), Side::First, cache, 1_000_000)
    };
    let mut e = engine(level);
    for _ in 0..4 {
        if p.turn() == Side::Second {
            let m = e
                .search(&p, &SearchLimits::nodes(500), &mut |_| {})
                .best_move
                .unwrap();
            p.make(m);
            continue;
        }
        let before = count(&p, &mut cache);
        assert!(before.is_exact());
        let m = e
            .search(&p, &SearchLimits::nodes(500), &mut |_| {})
            .best_move
            .unwrap();
        p.make(m);
        let after = count(&p, &mut cache);
        assert_eq!(
            after.lower,
            before.lower - 1,
            "level {level}: {m} wasted a square"
        );
    }
}

/// Longest filling sequence by brute force (no pruning), the reference for the
/// region counter.
fn brute_force(p: &Position, memo: &mut HashMap<(u128, u128), u32>) -> u32 {
    let key = (p.queens(Side::First).0, p.arrows().0);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = 0;
    p.for_each_move(|m: Move| {
        let mut c = *p;
        c.make(m);
        // Pass the turn back by rebuilding with the same side to move.
        let c = Position::from_parts(
            c.queens(Side::First),
            c.queens(Side::Second),
            c.arrows(),
            p.turn(),
            0,
            1,
        )
        .unwrap();
        best = best.max(1 + brute_force(&c, memo));
    });
    memo.insert(key, best);
    best
}

#[test]
fn region_counts_match_brute_force() {
    // Small boxes in the a1 corner with scattered arrows; the black queen is
    // walled off in the far corner.
    let mut s = 0x1234_5678u64;
    for _ in 0..12 {
        let mut rows = vec!["********1q".to_string(), "********2".to_string()];
        for _ in 2..6 {
            rows.push("**********".to_string());
        }
        // Ranks 4..1: a 3x4 box at a1..c4 with random arrows and the queen.
        let mut cells = [[' '; 3]; 4];
        for row in cells.iter_mut() {
            for c in row.iter_mut() {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                *c = if s % 4 == 0 { '*' } else { '.' };
            }
        }
        cells[(s % 4) as usize][(s / 4 % 3) as usize] = 'Q';
        for row in cells.iter() {
            let mut text = String::new();
            let mut run = 0;
            for &c in row.iter() {
                if c == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(c);
                }
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            text.push_str("*******");
            rows.push(text);
        }
        let fen = format!("{} w", rows.join("/"));
        let p = Position::from_fen(&fen).unwrap();
        let mut cache = RegionCache::default();
        let bounds = endgame::side_bounds(p.board(), Side::First, &mut cache, 1_000_000);
        assert!(bounds.is_exact(), "{fen}");
        assert_eq!(bounds.lower, brute_force(&p, &mut HashMap::new()), "{fen}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn two_threads_return_a_legal_move_in_time() {
    for level in FULL_LEVELS {
        two_threads_return_a_legal_move_in_time_at(level);
    }
}

#[cfg(target_os = "linux")]
fn two_threads_return_a_legal_move_in_time_at(level: u8) {
    let p = random_position(11, 12);
    let mut e = Engine::new(EngineConfig {
        level,
        threads: 2,
        hash_mb: 1,
        ..EngineConfig::default()
    });
    // The search on this thread stops inside the budget (the other thread
    // reads the same deadline).
    let (r, spent) = cpu_timed_search(&mut e, &p, 60);
    assert!(
        spent <= Duration::from_millis(60),
        "level {level}: {spent:?} of CPU"
    );
    assert!(p.is_legal(r.best_move.unwrap()).is_ok());
    assert!(r.nodes > 0);
}
