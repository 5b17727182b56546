//! Game analysis: reproducible at a fixed budget, and a move that hands over
//! a won endgame is a blunder. The known blunders come from the endgame test
//! set (`data/endgames.txt`): won positions (proven by the exhaustive
//! solver) and their losing moves.
//!
//! The default tests use a few positions and a small budget (debug builds
//! are slow); the whole set at the default budget:
//! `cargo test --release -p amazons-engine --test analysis -- --ignored --nocapture`.

use amazons_core::{Move, Position, Side};
use amazons_engine::analysis::{
    AnalysisBudget, AnalysisError, GameAnalysis, MoveClass, after_best, analyse_game, evaluate,
    positions,
};
use amazons_engine::solver::{SolvedEndgame, Solver};

/// The stored set.
const ENDGAMES: &str = include_str!("../data/endgames.txt");

/// The won positions of the set.
fn won_endgames() -> Vec<SolvedEndgame> {
    ENDGAMES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| SolvedEndgame::parse(l).unwrap())
        .filter(|e| e.side_to_move_wins)
        .collect()
}

/// Some losing moves of a won position: the first, middle and last of them
/// in core's order (each re-checked by the solver).
fn losing_moves(e: &SolvedEndgame) -> Vec<Move> {
    let losing: Vec<Move> = e
        .position
        .legal_moves()
        .into_iter()
        .filter(|m| !e.winning_moves.contains(m))
        .collect();
    let mut picks = vec![
        losing[0],
        losing[losing.len() / 2],
        losing[losing.len() - 1],
    ];
    picks.dedup();
    for m in &picks {
        let after = e.position.play(*m).unwrap();
        assert_eq!(Solver::new(20_000_000).wins(&after), Some(true), "{m}");
    }
    picks
}

/// The class analysis gives the move `m` from `p` at `budget`.
fn class_of(p: &Position, m: Move, budget: &AnalysisBudget) -> MoveClass {
    let after = p.play(m).unwrap();
    let before = evaluate(p, budget);
    let child = after_best(p, &before, Some(m), budget);
    let evals = vec![before, evaluate(&after, budget)];
    let game = GameAnalysis::from_evals(p, &[m], evals, vec![child, None]).unwrap();
    game.plies[0].class.unwrap()
}

/// The handed-over wins of `set` that analysis at `budget` does not call a
/// blunder, as `FEN: move class`.
fn missed_blunders(set: &[SolvedEndgame], budget: &AnalysisBudget) -> Vec<String> {
    let mut missed = Vec::new();
    for e in set {
        for m in losing_moves(e) {
            let class = class_of(&e.position, m, budget);
            if class != MoveClass::Blunder {
                missed.push(format!("{}: {m} {}", e.position.fen(), class));
            }
        }
    }
    missed
}

#[test]
fn handing_over_a_won_endgame_is_a_blunder() {
    let set: Vec<SolvedEndgame> = won_endgames().into_iter().take(4).collect();
    let missed = missed_blunders(&set, &AnalysisBudget { playouts: 2_000 });
    assert!(missed.is_empty(), "not blunders: {missed:#?}");
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored --nocapture"]
fn handing_over_any_won_endgame_is_a_blunder_at_the_default_budget() {
    let set = won_endgames();
    let missed = missed_blunders(&set, &AnalysisBudget::default());
    println!("{} won positions checked", set.len());
    assert!(missed.is_empty(), "not blunders: {missed:#?}");
}

#[test]
fn a_winning_move_is_not_a_blunder() {
    let budget = AnalysisBudget { playouts: 2_000 };
    for e in won_endgames().iter().take(4) {
        let m = e.winning_moves[0];
        let class = class_of(&e.position, m, &budget);
        assert!(
            matches!(class, MoveClass::Best | MoveClass::Good),
            "{}: {m} {}",
            e.position.fen(),
            class
        );
    }
}

#[test]
fn the_same_position_and_budget_give_the_same_evaluation() {
    let budget = AnalysisBudget { playouts: 1_500 };
    let middle = Position::from_fen(
        "5q4/1Qq5**/1**3*3/**1**Q*q2/****4**/6*1*1/5Q2*1/3*1q1**1/1*Q7/9* w - - 24 13",
    )
    .unwrap();
    for p in [Position::start(), middle] {
        let first = evaluate(&p, &budget);
        let again = evaluate(&p, &budget);
        assert_eq!(first, again, "{}", p.fen());
        assert!(first.best.is_some_and(|m| p.is_legal(m).is_ok()));
        assert!(first.line.len() <= 6 && first.line.first() == first.best.as_ref());
        assert!((0.0..=1.0).contains(&first.win_chance_white));
    }
}

#[test]
fn a_short_game_is_analysed_the_same_twice_with_progress() {
    // A few plies of a separated race: the start of the endgame set's first
    // won position played on by its winning moves.
    let e = &won_endgames()[0];
    let mut p = e.position;
    let mut moves = Vec::new();
    let mut solver = Solver::new(20_000_000);
    while moves.len() < 4 {
        let Some(m) = solver
            .winning_moves(&p)
            .unwrap()
            .first()
            .copied()
            .or_else(|| {
                // The side to move loses: any move.
                p.legal_moves().first().copied()
            })
        else {
            break;
        };
        moves.push(m);
        p = p.play(m).unwrap();
    }
    let budget = AnalysisBudget { playouts: 1_000 };
    let mut seen = Vec::new();
    let first = analyse_game(&e.position, &moves, &budget, 1, &mut |done, total| {
        seen.push((done, total));
    })
    .unwrap();
    let n = moves.len() + 1;
    assert_eq!(seen, (1..=n).map(|k| (k, n)).collect::<Vec<_>>());
    assert_eq!(first.plies.len(), n);
    assert!(first.plies[n - 1].played.is_none() && first.plies[n - 1].class.is_none());
    assert!(first.plies[..n - 1].iter().all(|p| p.class.is_some()));
    let again = analyse_game(&e.position, &moves, &budget, 1, &mut |_, _| {}).unwrap();
    assert_eq!(first, again);
    // Three positions at a time: the same analysis, its progress in order.
    let mut seen_parallel = Vec::new();
    let parallel = analyse_game(&e.position, &moves, &budget, 3, &mut |done, total| {
        seen_parallel.push((done, total));
    })
    .unwrap();
    assert_eq!(parallel, first);
    assert_eq!(seen_parallel, seen);
    // Each side's accuracy is from its own moves only.
    let mover = e.position.turn();
    assert!(first.summary[mover].accuracy > 0.0);
    assert!(first.summary[Side::First].accuracy <= 100.0);
    assert_eq!(positions(&e.position, &moves).unwrap().len(), n);
}

#[test]
fn an_illegal_move_is_refused_with_its_ply() {
    let p = Position::start();
    let m = p.legal_moves()[0];
    // The same move twice: the queen is no longer there.
    let err = analyse_game(
        &p,
        &[m, m, m],
        &AnalysisBudget { playouts: 10 },
        1,
        &mut |_, _| {},
    )
    .unwrap_err();
    assert_eq!(err, AnalysisError::IllegalMove { ply: 1, played: m });
    assert!(err.to_string().starts_with("move 2 "), "{err}");
}
