//! The endgame test set (`data/endgames.txt`, made by `amazons-engine
//! gen-endgames`, see the `solver` module): small endgames whose result is
//! known by exhaustive search. The stored results are checked against the
//! solver (so the file cannot rot), and level 7 must find a winning move in
//! the won ones.
//!
//! The default tests stay fast in debug builds. The whole set, re-solved and
//! searched with a larger budget, is `#[ignore]`d: run it with
//! `cargo test --release -p amazons-engine --test endgames -- --ignored --nocapture`.

use amazons_core::Move;
use amazons_engine::solver::{SolvedEndgame, Solver};
use amazons_engine::{Engine, EngineConfig, MAX_LEVEL, SearchLimits};

/// The stored set.
const ENDGAMES: &str = include_str!("../data/endgames.txt");

/// The set, parsed (comment lines skipped).
fn endgames() -> Vec<SolvedEndgame> {
    ENDGAMES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| SolvedEndgame::parse(l).unwrap())
        .collect()
}

/// Level 7, one thread, fixed seed: node-limited searches replay exactly.
fn level7() -> Engine {
    Engine::new(EngineConfig {
        level: MAX_LEVEL,
        threads: 1,
        hash_mb: 8,
        seed: Some(1),
        ..EngineConfig::default()
    })
}

/// Level 7's move in each won position of `set` with `nodes` playouts; the
/// positions where it is not a winning move, as `FEN: move`.
fn level7_misses(set: &[SolvedEndgame], nodes: u64) -> Vec<String> {
    let mut misses = Vec::new();
    for e in set.iter().filter(|e| e.side_to_move_wins) {
        let mut engine = level7();
        let report = engine.search(&e.position, &SearchLimits::nodes(nodes), &mut |_| {});
        let m: Move = report.best_move.expect("a won position has a legal move");
        if !e.winning_moves.contains(&m) {
            misses.push(format!("{}: {m}", e.position.fen()));
        }
    }
    misses
}

/// Re-solves `set` and compares with what is stored.
fn check_stored_results(set: &[SolvedEndgame]) {
    for e in set {
        let mut solver = Solver::new(10_000_000);
        let winning = solver
            .winning_moves(&e.position)
            .expect("the solver settles a stored position within its budget");
        assert_eq!(winning, e.winning_moves, "{}", e.position.fen());
        assert_eq!(!winning.is_empty(), e.side_to_move_wins);
    }
}

#[test]
fn the_set_is_well_formed() {
    let set = endgames();
    assert!(set.len() >= 30, "{} positions", set.len());
    let wins = set.iter().filter(|e| e.side_to_move_wins).count();
    assert!(wins >= 20, "{wins} won positions");
    for e in &set {
        let legal = e.position.legal_moves();
        assert!(!legal.is_empty(), "{}", e.position.fen());
        assert!(e.winning_moves.iter().all(|m| legal.contains(m)));
        // Kept only when some move loses: a win there must be found.
        assert!(e.winning_moves.len() < legal.len());
        assert_eq!(e.side_to_move_wins, !e.winning_moves.is_empty());
    }
}

#[test]
fn stored_results_match_the_solver() {
    // A few positions (the first won and lost ones) keep this fast in debug
    // builds; the ignored test below re-solves them all.
    let set = endgames();
    let wins = set.iter().filter(|e| e.side_to_move_wins).take(3);
    let losses = set.iter().filter(|e| !e.side_to_move_wins).take(2);
    let few: Vec<SolvedEndgame> = wins.chain(losses).cloned().collect();
    check_stored_results(&few);
}

#[test]
fn level7_wins_the_won_endgames() {
    let set = endgames();
    let misses = level7_misses(&set, LEVEL7_NODES);
    assert!(misses.is_empty(), "level 7 missed the win in {misses:#?}");
}

/// Level 7's playouts per position in the default test.
const LEVEL7_NODES: u64 = 1_000;

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn every_stored_result_matches_the_solver() {
    check_stored_results(&endgames());
}

#[test]
fn the_set_catches_a_random_mover() {
    // The set has teeth: the seeded random mover (level 1) plays a losing
    // move in many of the won positions (17 of 30 when it was made).
    let misses = endgames()
        .iter()
        .filter(|e| e.side_to_move_wins)
        .filter(|e| {
            let mut engine = Engine::new(EngineConfig {
                level: 1,
                seed: Some(1),
                ..EngineConfig::default()
            });
            let report = engine.search(&e.position, &SearchLimits::nodes(1), &mut |_| {});
            !e.winning_moves.contains(&report.best_move.unwrap())
        })
        .count();
    assert!(misses >= 10, "{misses}");
}
