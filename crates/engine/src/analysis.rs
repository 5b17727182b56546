//! Analysis of a finished game: every position evaluated at a fixed budget,
//! every played move classified by what it cost, and a summary per player.
//! The formulas and thresholds, and why they were chosen, are in
//! `docs/analysis.md`.
//!
//! - The words it speaks are core's, shared with the worker process that
//!   carries evaluations to the server and the protocol that serves them:
//!   [`PositionEval`], [`Proven`] and [`MoveClass`].
//! - [`evaluate`] one position: a result proven by exact counting
//!   ([`crate::territory::solve`]), by the exhaustive solver for small
//!   endgames ([`SOLVED_LIVE_SQUARES`]) or by the search, otherwise the full
//!   strength search (level 7, Monte-Carlo) on one thread with a fixed seed
//!   for [`AnalysisBudget::playouts`] playouts, so the same position and
//!   budget always give the same evaluation, on any machine and under any
//!   load.
//! - [`win_chance`]: the one mapping from a score to a win chance (the
//!   search's own logistic curve, so the chance shown is the search's win
//!   rate of its best move).
//! - [`classify`] and [`accuracy`]: a played move judged by what it cost
//!   the mover against the engine's move, both judged in the positions they
//!   lead to ([`after_best`]: the same side to move in both, so the search's
//!   bias towards the side to move cancels), [`GameAnalysis::from_evals`]
//!   the whole game from its positions' evaluations, [`analyse_game`] both
//!   steps with progress.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use amazons_core::{BySide, Move, Position, Side};
pub use amazons_core::{MoveClass, PositionEval, Proven};
use thiserror::Error;

use crate::eval::{Evaluator, KNOWN_WIN};
use crate::solver::{Solver, live_squares};
use crate::territory::{self, SOLVE_BUDGET};
use crate::{Engine, EngineConfig, MAX_LEVEL, SearchLimits, mcts};

#[cfg(feature = "wire")]
pub mod wire;

/// Playouts per position of the default budget: an 80-ply game takes some
/// seconds of one core (measured in `docs/analysis.md`).
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

/// The seed of every analysis search: fixed, so results are reproducible.
pub const ANALYSIS_SEED: u64 = 26;

/// The version of the analysis: what a saved analysis says it was made by.
/// Raised with any change that an analysis made before should gain (a new
/// class or annotation, a different evaluation or threshold): a host keeps
/// saved analyses of this version only and makes the others again. 1: the
/// first versioned analyses (classes with their glyphs).
pub const ANALYSIS_VERSION: u32 = 1;

/// Plies of the engine's line kept with each evaluation.
pub const LINE_PLIES: usize = 6;

/// How much thought each position gets. Fixed per analysis (never a time),
/// so an analysis is the same wherever and whenever it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisBudget {
    /// Playouts of the Monte-Carlo search per position.
    pub playouts: u64,
}

impl Default for AnalysisBudget {
    fn default() -> Self {
        AnalysisBudget {
            playouts: DEFAULT_PLAYOUTS,
        }
    }
}

impl AnalysisBudget {
    /// The engine's words for this budget, as an analysis names it
    /// (`amazons level 7, 10000 playouts`).
    pub fn describe(&self) -> String {
        format!("amazons level {MAX_LEVEL}, {} playouts", self.playouts)
    }
}

/// White's chance to win for White's score `score_cp`: the logistic curve
/// `1 / (1 + e^(-score / s))` with the search's scale `s` (347 cp,
/// [`mcts::MctsParams::scale_cp`]); certain beyond ±[`KNOWN_WIN`].
pub fn win_chance(score_cp: i32) -> f64 {
    if score_cp >= KNOWN_WIN {
        1.0
    } else if score_cp <= -KNOWN_WIN {
        0.0
    } else {
        let scale = f64::from(mcts::MctsParams::default().scale_cp);
        1.0 / (1.0 + (-f64::from(score_cp) / scale).exp())
    }
}

/// Evaluates `position` at `budget` (see the module documentation).
pub fn evaluate(position: &Position, budget: &AnalysisBudget) -> PositionEval {
    let white = |side: Side| side == Side::First;
    if !position.has_legal_move() {
        return proven_eval(
            Proven {
                winner: position.turn().opponent(),
                plies: 0,
            },
            Vec::new(),
        );
    }
    if let Some(solved) = territory::solve(position, SOLVE_BUDGET) {
        let proven = Proven {
            winner: solved.winner(),
            plies: solved.finish().len() as u32,
        };
        return proven_eval(proven, solved.finish().to_vec());
    }
    if let Some((proven, line)) = solved_endgame(position) {
        return proven_eval(proven, line);
    }
    let mut engine = Engine::new(EngineConfig {
        level: MAX_LEVEL,
        threads: 1,
        seed: Some(ANALYSIS_SEED),
        ..EngineConfig::default()
    });
    let report = engine.search(position, &SearchLimits::nodes(budget.playouts), &mut |_| {});
    if report.score_cp.abs() >= KNOWN_WIN
        && let Some(proven) = proof_along(position, &report.pv)
    {
        return proven_eval(proven, report.pv);
    }
    let score_cp = if white(position.turn()) {
        report.score_cp
    } else {
        -report.score_cp
    };
    let mut line = report.pv;
    line.truncate(LINE_PLIES);
    PositionEval {
        win_chance_white: win_chance(score_cp),
        score_cp,
        proven: None,
        best: report.best_move,
        line,
    }
}

/// Endgames with at most this many empty squares a queen can still reach
/// are solved exactly ([`Solver::counting`]) before any search: there a
/// heuristic evaluation can be far from the truth, and a move that gives
/// away a won endgame must show as what it is.
pub const SOLVED_LIVE_SQUARES: u32 = 20;

/// Positions the solver may visit for one analysed position (some tenths of
/// a second at most); past it the search evaluates the position.
pub const SOLVER_BUDGET: u64 = 400_000;

/// A small endgame solved exactly, with a proven line: the winner's moves
/// are solver-proven wins, the loser's its most stubborn move by the one-ply
/// evaluation, until the board separates and the count finishes it.
fn solved_endgame(position: &Position) -> Option<(Proven, Vec<Move>)> {
    if live_squares(position.board()).count() > SOLVED_LIVE_SQUARES {
        return None;
    }
    let mut solver = Solver::counting(SOLVER_BUDGET);
    let winner = if solver.wins(position)? {
        position.turn()
    } else {
        position.turn().opponent()
    };
    let mut evaluator = Evaluator::new();
    let mut line = Vec::new();
    let mut p = *position;
    loop {
        if !p.has_legal_move() {
            let plies = line.len() as u32;
            return Some((Proven { winner, plies }, line));
        }
        if let Some(solved) = territory::solve(&p, SOLVE_BUDGET) {
            let plies = (line.len() + solved.finish().len()) as u32;
            line.extend_from_slice(solved.finish());
            return Some((Proven { winner, plies }, line));
        }
        let candidates = if p.turn() == winner {
            solver.winning_moves(&p)?
        } else {
            p.legal_moves()
        };
        // The mover's best by one ply: the child's score is the opponent's.
        let m = *candidates.iter().max_by_key(|&&m| {
            let child = p.play(m).expect("a legal move");
            -evaluator.evaluate_position(&child)
        })?;
        line.push(m);
        p = p.play(m).expect("a legal move");
    }
}

/// The evaluation of a proven result with its line.
fn proven_eval(proven: Proven, mut line: Vec<Move>) -> PositionEval {
    line.truncate(LINE_PLIES);
    let white_wins = proven.winner == Side::First;
    PositionEval {
        win_chance_white: if white_wins { 1.0 } else { 0.0 },
        score_cp: if white_wins { KNOWN_WIN } else { -KNOWN_WIN },
        proven: Some(proven),
        best: line.first().copied(),
        line,
    }
}

/// The proof behind a search's proven score: its line played until a
/// position is stuck or counted exactly. `None` when the line does not get
/// there (the score then stands as a win chance of 0 or 1, unproven).
fn proof_along(position: &Position, pv: &[Move]) -> Option<Proven> {
    let mut p = *position;
    for (played, &m) in pv.iter().enumerate() {
        p = p.play(m).ok()?;
        let plies = played as u32 + 1;
        if !p.has_legal_move() {
            return Some(Proven {
                winner: p.turn().opponent(),
                plies,
            });
        }
        if let Some(solved) = territory::solve(&p, SOLVE_BUDGET) {
            return Some(Proven {
                winner: solved.winner(),
                plies: plies + solved.finish().len() as u32,
            });
        }
    }
    None
}

/// The evaluation of the position after the engine's move from `position`
/// (evaluated as `eval`), which a played move is judged against: `None`
/// when there is nothing to judge against (no move `played` from here, or
/// none for the engine) or nothing to evaluate (`played` is the engine's
/// move: the position after it is the game's next position, evaluated
/// anyway).
pub fn after_best(
    position: &Position,
    eval: &PositionEval,
    played: Option<Move>,
    budget: &AnalysisBudget,
) -> Option<PositionEval> {
    let (played, best) = (played?, eval.best?);
    if played == best {
        return None;
    }
    let child = position.play(best).ok()?;
    Some(evaluate(&child, budget))
}

/// The loss (the mover's win chance lost against the engine's move, 0 to
/// 1) from which a move is an inaccuracy.
pub const INACCURACY: f64 = 0.10;
/// The loss from which a move is a mistake.
pub const MISTAKE: f64 = 0.20;
/// The loss from which a move is a blunder.
pub const BLUNDER: f64 = 0.30;

/// The class of a move that cost `loss` of the mover's win chance;
/// `engine_move` when it is the engine's best move (then it is
/// [`MoveClass::Best`] whatever the noise of the two evaluations says).
pub fn classify(loss: f64, engine_move: bool) -> MoveClass {
    if engine_move {
        MoveClass::Best
    } else if loss >= BLUNDER {
        MoveClass::Blunder
    } else if loss >= MISTAKE {
        MoveClass::Mistake
    } else if loss >= INACCURACY {
        MoveClass::Inaccuracy
    } else {
        MoveClass::Good
    }
}

/// The accuracy of one move, 0 to 100, from the mover's loss of win chance:
/// lichess's curve `103.1668 e^(-0.04354 d) - 3.1669 + 1` with `d` the loss
/// in percentage points, capped at 100.
pub fn accuracy(loss: f64) -> f64 {
    let d = (loss * 100.0).max(0.0);
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * d).exp() - 3.166_924_740_191_411 + 1.0)
        .clamp(0.0, 100.0)
}

/// A player's accuracy over its moves' accuracies: the mean of their
/// arithmetic and harmonic means (lichess takes a volatility-weighted mean in
/// place of the arithmetic one), 100 for a player without moves.
pub fn player_accuracy(accuracies: &[f64]) -> f64 {
    if accuracies.is_empty() {
        return 100.0;
    }
    let n = accuracies.len() as f64;
    let mean = accuracies.iter().sum::<f64>() / n;
    // Lichess's harmonic mean counts a move below 1% as 1%.
    let harmonic = n / accuracies.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
    (mean + harmonic) / 2.0
}

/// One position of an analysed game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyAnalysis {
    /// Moves played before this position (0: the start).
    pub ply: usize,
    /// The engine's evaluation.
    pub eval: PositionEval,
    /// The move played from here; `None` at the final position.
    pub played: Option<Move>,
    /// The played move's class.
    pub class: Option<MoveClass>,
    /// The played move's cost, 0 to 1: the mover's win chance after the
    /// engine's move less that after the played move, never below 0 (0 for
    /// the engine's move).
    pub loss: Option<f64>,
    /// White's win chance in the graph, 0 to 1: the mean of this
    /// position's evaluation and that of the position after the engine's
    /// move from it (one with each side to move, so the search's bias
    /// towards the side to move cancels); the evaluation alone when it is
    /// proven or there is no engine's move.
    pub win_chance_white: f64,
}

/// One player's summary.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Moves classed [`MoveClass::Inaccuracy`].
    pub inaccuracies: u32,
    /// Moves classed [`MoveClass::Mistake`].
    pub mistakes: u32,
    /// Moves classed [`MoveClass::Blunder`].
    pub blunders: u32,
    /// [`player_accuracy`] of the player's moves, 0 to 100.
    pub accuracy: f64,
}

/// A whole game analysed.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// Every position, the start first and the final position last.
    pub plies: Vec<PlyAnalysis>,
    /// Each player's summary.
    pub summary: BySide<PlayerSummary>,
}

/// Why a game cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnalysisError {
    /// A move of the game is not legal where it was played.
    #[error("move {} ({played}) is not legal in its position", ply + 1)]
    IllegalMove {
        /// Moves before it.
        ply: usize,
        /// The move.
        played: Move,
    },
    /// The played move is not the engine's and the position after the
    /// engine's move was not evaluated ([`after_best`]).
    #[error("position {ply}: no evaluation after the engine's move")]
    MissingAfterBest {
        /// Moves before the position.
        ply: usize,
    },
    /// The evaluations do not match the positions of the game.
    #[error("{evals} evaluations for a game of {positions} positions")]
    EvaluationCount {
        /// Evaluations given.
        evals: usize,
        /// Positions of the game (moves + 1).
        positions: usize,
    },
}

/// The positions of the game `moves` from `start`, the start first.
pub fn positions(start: &Position, moves: &[Move]) -> Result<Vec<Position>, AnalysisError> {
    let mut out = Vec::with_capacity(moves.len() + 1);
    out.push(*start);
    for (ply, &m) in moves.iter().enumerate() {
        let next = out[ply]
            .play(m)
            .map_err(|_| AnalysisError::IllegalMove { ply, played: m })?;
        out.push(next);
    }
    Ok(out)
}

impl GameAnalysis {
    /// Classifies the game `moves` from `start` given every position's
    /// evaluation (`evals[k]` of the position after `k` moves) and the
    /// evaluations after the engine's moves where they differ from the
    /// played ones (`after_best[k]`, [`after_best`] of position `k`; `None`
    /// elsewhere): what a host that evaluates the positions elsewhere (a
    /// worker process) folds them into.
    pub fn from_evals(
        start: &Position,
        moves: &[Move],
        evals: Vec<PositionEval>,
        after_best: Vec<Option<PositionEval>>,
    ) -> Result<GameAnalysis, AnalysisError> {
        let positions = positions(start, moves)?;
        if evals.len() != positions.len() || after_best.len() != positions.len() {
            return Err(AnalysisError::EvaluationCount {
                evals: evals.len().min(after_best.len()),
                positions: positions.len(),
            });
        }
        let mut accuracies = BySide::new(Vec::new(), Vec::new());
        let mut summary = BySide::<PlayerSummary>::default();
        let mut plies = Vec::with_capacity(evals.len());
        for (ply, eval) in evals.iter().enumerate() {
            let Some(&played) = moves.get(ply) else {
                plies.push(PlyAnalysis {
                    ply,
                    eval: eval.clone(),
                    played: None,
                    class: None,
                    loss: None,
                    win_chance_white: eval.win_chance_white,
                });
                break;
            };
            let mover = positions[ply].turn();
            let after = &evals[ply + 1];
            let engine_move = eval.best == Some(played);
            let after_engine_move = match (&after_best[ply], engine_move, eval.best) {
                (_, true, _) => Some(after),
                (Some(child), false, Some(_)) => Some(child),
                (None, false, Some(_)) => return Err(AnalysisError::MissingAfterBest { ply }),
                (_, false, None) => None,
            };
            let chance = |e: &PositionEval| match mover {
                Side::First => e.win_chance_white,
                Side::Second => 1.0 - e.win_chance_white,
            };
            // Both positions have the opponent to move: any bias of the
            // search towards the side to move is in both and cancels.
            let loss =
                after_engine_move.map_or(0.0, |best| (chance(best) - chance(after)).max(0.0));
            let win_chance_white = match after_engine_move {
                Some(best) if eval.proven.is_none() => {
                    (eval.win_chance_white + best.win_chance_white) / 2.0
                }
                _ => eval.win_chance_white,
            };
            let gave_away_a_win = eval.proven.is_some_and(|p| p.winner == mover)
                && after.proven.is_some_and(|p| p.winner != mover);
            let class = if gave_away_a_win {
                MoveClass::Blunder
            } else {
                classify(loss, engine_move)
            };
            let s = summary.get_mut(mover);
            match class {
                MoveClass::Inaccuracy => s.inaccuracies += 1,
                MoveClass::Mistake => s.mistakes += 1,
                MoveClass::Blunder => s.blunders += 1,
                MoveClass::Best | MoveClass::Good => {}
            }
            accuracies.get_mut(mover).push(accuracy(loss));
            plies.push(PlyAnalysis {
                ply,
                eval: eval.clone(),
                played: Some(played),
                class: Some(class),
                loss: Some(loss),
                win_chance_white,
            });
        }
        for side in Side::BOTH {
            summary.get_mut(side).accuracy = player_accuracy(accuracies.get(side));
        }
        Ok(GameAnalysis { plies, summary })
    }
}

/// Analyses the game `moves` from `start` at `budget`: every position
/// evaluated ([`evaluate`]) and, where the played move is not the engine's,
/// the position after the engine's move ([`after_best`]), then classified
/// ([`GameAnalysis::from_evals`]). `progress(done, total)` is called after
/// each position (a progress bar). `threads` positions are evaluated at
/// once ([`evaluate_positions`]): the analysis is the same for any number.
pub fn analyse_game(
    start: &Position,
    moves: &[Move],
    budget: &AnalysisBudget,
    threads: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameAnalysis, AnalysisError> {
    let positions = positions(start, moves)?;
    let total = positions.len();
    let mut evals = Vec::with_capacity(total);
    let mut children = Vec::with_capacity(total);
    evaluate_positions(
        &positions,
        moves,
        budget,
        threads,
        &mut |ply, eval, child| {
            evals.push(eval);
            children.push(child);
            progress(ply + 1, total);
            true
        },
    );
    GameAnalysis::from_evals(start, moves, evals, children)
}

/// Evaluates every one of a game's `positions` (the position after `k` of
/// `moves` at `k`) and the position after the engine's move where it is not
/// the one played ([`after_best`]), `threads` positions at a time, and hands
/// them to `each(ply, eval, after_best)` in the game's order, as soon as
/// every earlier one is done; `each` returning false stops the rest.
///
/// Why positions and not the search's threads: each position's search is
/// the one-thread, fixed-seed search of [`evaluate`], so an analysis on
/// many cores is exactly the analysis on one, only sooner (a search shared
/// between threads depends on how they happen to interleave).
pub fn evaluate_positions(
    positions: &[Position],
    moves: &[Move],
    budget: &AnalysisBudget,
    threads: usize,
    each: &mut dyn FnMut(usize, PositionEval, Option<PositionEval>) -> bool,
) {
    let judge = |ply: usize| {
        let eval = evaluate(&positions[ply], budget);
        let child = after_best(&positions[ply], &eval, moves.get(ply).copied(), budget);
        (eval, child)
    };
    let threads = threads.clamp(1, positions.len().max(1));
    if threads == 1 {
        for ply in 0..positions.len() {
            let (eval, child) = judge(ply);
            if !each(ply, eval, child) {
                return;
            }
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (sender, next, stop, judge) = (sender.clone(), &next, &stop, &judge);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let ply = next.fetch_add(1, Ordering::Relaxed);
                    if ply >= positions.len() {
                        break;
                    }
                    let (eval, child) = judge(ply);
                    if sender.send((ply, eval, child)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Evaluations that came before an earlier one, by ply.
        let mut early = BTreeMap::new();
        let mut due = 0;
        for (ply, eval, child) in receiver {
            early.insert(ply, (eval, child));
            while let Some((eval, child)) = early.remove(&due) {
                if !each(due, eval, child) {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                due += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mapping_is_even_at_zero_and_certain_when_proven() {
        let scale = mcts::MctsParams::default().scale_cp as i32;
        assert_eq!(win_chance(0), 0.5);
        assert!(
            win_chance(scale) > 0.73 && win_chance(scale) < 0.74,
            "1 / (1 + 1/e)"
        );
        assert!((win_chance(-scale) + win_chance(scale) - 1.0).abs() < 1e-12);
        assert_eq!(win_chance(KNOWN_WIN), 1.0);
        assert_eq!(win_chance(-KNOWN_WIN), 0.0);
    }

    #[test]
    fn classes_follow_the_thresholds() {
        assert_eq!(classify(0.5, true), MoveClass::Best);
        assert_eq!(classify(0.05, false), MoveClass::Good);
        assert_eq!(classify(INACCURACY, false), MoveClass::Inaccuracy);
        assert_eq!(classify(MISTAKE, false), MoveClass::Mistake);
        assert_eq!(classify(BLUNDER, false), MoveClass::Blunder);
        assert_eq!(classify(1.0, false), MoveClass::Blunder);
    }

    /// An unproven evaluation: White's chance `chance`, the engine's move
    /// `best`.
    fn eval(chance: f64, best: Option<Move>) -> PositionEval {
        PositionEval {
            win_chance_white: chance,
            score_cp: 0,
            proven: None,
            best,
            line: best.into_iter().collect(),
        }
    }

    #[test]
    fn a_move_is_judged_against_the_engines_move_with_the_same_side_to_move() {
        let start = Position::start();
        let legal = start.legal_moves();
        let (engine, other) = (legal[0], legal[1]);
        // The search favours the side to move: White 0.9 with White to
        // move, 0.6 once Black is to move, whatever White played.
        let before = eval(0.9, Some(engine));
        let played = GameAnalysis::from_evals(
            &start,
            &[other],
            vec![before.clone(), eval(0.6, None)],
            vec![Some(eval(0.62, None)), None],
        )
        .unwrap();
        let first = &played.plies[0];
        assert!((first.loss.unwrap() - 0.02).abs() < 1e-9, "{first:?}");
        assert_eq!(first.class, Some(MoveClass::Good));
        assert!((first.win_chance_white - 0.76).abs() < 1e-9);
        assert_eq!(played.plies[1].win_chance_white, 0.6, "the final position");
        // The engine's own move loses nothing and needs no more evaluation.
        let best = GameAnalysis::from_evals(
            &start,
            &[engine],
            vec![before.clone(), eval(0.6, None)],
            vec![None, None],
        )
        .unwrap();
        assert_eq!(best.plies[0].loss, Some(0.0));
        assert_eq!(best.plies[0].class, Some(MoveClass::Best));
        assert!((best.plies[0].win_chance_white - 0.75).abs() < 1e-9);
        // A worse move than the engine's, both seen with Black to move.
        let bad = GameAnalysis::from_evals(
            &start,
            &[other],
            vec![before.clone(), eval(0.3, None)],
            vec![Some(eval(0.62, None)), None],
        )
        .unwrap();
        assert_eq!(bad.plies[0].class, Some(MoveClass::Blunder));
        let missing = GameAnalysis::from_evals(
            &start,
            &[other],
            vec![before, eval(0.6, None)],
            vec![None, None],
        );
        assert_eq!(missing, Err(AnalysisError::MissingAfterBest { ply: 0 }));
    }

    #[test]
    fn accuracy_falls_with_the_loss() {
        assert_eq!(accuracy(0.0), 100.0);
        let (a, b, c) = (accuracy(0.05), accuracy(0.2), accuracy(0.5));
        assert!(100.0 > a && a > b && b > c && c >= 0.0, "{a} {b} {c}");
        assert_eq!(player_accuracy(&[]), 100.0);
        assert_eq!(player_accuracy(&[100.0, 100.0]), 100.0);
        // One very bad move weighs more than its share (harmonic mean).
        assert!(player_accuracy(&[100.0, 0.0]) < 50.0);
    }
}
