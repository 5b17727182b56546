//! A game's analysis in words, for both faces: what the engine thinks of a
//! position (`white 64%`, `black wins in 7 plies`), how good the move
//! played was and what the engine preferred, White's win chance over the
//! game as a sparkline, the players' summaries, the progress of an
//! analysis under way, and where the next mistake is. The numbers are the
//! analysis's own (`amazons_protocol::GameAnalysis`, the server's and the
//! local one alike); docs/analysis.md says what they mean.

use amazons_core::Side;
use amazons_protocol::{AnalysisStatus, GameAnalysis, MoveClass, PlayerSummary, PlyAnalysis};
use unicode_width::UnicodeWidthStr;

use crate::face::labels::MoveNumber;
use crate::face::words;

/// The sparkline's eight heights, lowest first.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// What the engine thinks of one position: the result when it is proven
/// (`white wins`, `black wins in 7 plies`), else the favoured side's win
/// chance (`white 64%`, `even` at 50%).
pub fn eval_words(ply: &PlyAnalysis) -> String {
    if let Some(proven) = ply.eval.proven {
        let side = words::side(proven.winner);
        return match proven.plies {
            0 => t!("analysis-proven-won", side = side),
            plies => t!("analysis-proven-in", side = side, plies = plies),
        };
    }
    let white = f64::from(ply.win_chance);
    let percent = |chance: f64| (chance * 100.0).round() as u32;
    match percent(white) {
        50 => t!("analysis-even"),
        p if p > 50 => t!(
            "analysis-chance",
            side = words::side(Side::First),
            percent = p
        ),
        _ => t!(
            "analysis-chance",
            side = words::side(Side::Second),
            percent = percent(1.0 - white)
        ),
    }
}

/// A move's class in a word: `best`, `mistake` (the catalogue key is the
/// class's own, [`MoveClass::key`]).
pub fn class_word(class: MoveClass) -> String {
    crate::tr::message(&amazons_core::Vocabulary::key(class), &[])
}

/// What was said of the move played from a position, in one line: its
/// number and text, its class and the win chance it lost, and the engine's
/// move when it preferred another (`12... a7-d4/a7  mistake (-22%)  best
/// g1-g7/d7`). `first_ply` is the ply the game started at. `None` at the
/// final position.
pub fn played_words(ply: &PlyAnalysis, first_ply: u32) -> Option<String> {
    let played = ply.played?;
    let number = MoveNumber::of_ply(first_ply + ply.ply);
    let mut line = format!("{number} {played}");
    if let Some(class) = ply.class {
        line.push_str("  ");
        line.push_str(&class_word(class));
        if let Some(lost) = ply
            .loss
            .filter(|_| class.is_fault())
            .and_then(|l| lost_percent(class, l))
        {
            line.push_str(&format!(" (-{lost}%)"));
        }
    }
    if let Some(best) = ply.eval.best.filter(|best| *best != played) {
        line.push_str("  ");
        line.push_str(&t!("analysis-best-move", best = best.to_string()));
    }
    Some(line)
}

/// A fault's loss of win chance in percent, as its class was decided on
/// it: whole when that rounding stays below the next class's threshold,
/// else to a tenth kept below it (a loss of 0.197 is an inaccuracy, shown
/// `19.7`, not `20`, where mistakes begin). `None` for no loss.
fn lost_percent(class: MoveClass, loss: f32) -> Option<String> {
    use amazons_engine::analysis::{BLUNDER, MISTAKE};
    let percent = f64::from(loss) * 100.0;
    let next = match class {
        MoveClass::Inaccuracy => MISTAKE * 100.0,
        MoveClass::Mistake => BLUNDER * 100.0,
        _ => f64::INFINITY,
    };
    if percent.round() < next {
        return (percent.round() > 0.0).then(|| format!("{}", percent.round()));
    }
    let tenths = ((percent * 10.0).round() / 10.0).min(next - 0.1);
    Some(format!("{tenths:.1}"))
}

/// The plain listing's line for one position: the eval of the position,
/// then what was played from it.
pub fn ply_line(ply: &PlyAnalysis, first_ply: u32) -> String {
    let eval = eval_words(ply);
    match played_words(ply, first_ply) {
        Some(played) => format!("{:>4}  {}  {played}", ply.ply, pad(&eval, 18)),
        None => format!("{:>4}  {eval}", ply.ply),
    }
}

/// `text` padded with spaces to `width` columns (never cut).
fn pad(text: &str, width: usize) -> String {
    let room = width.saturating_sub(text.width());
    format!("{text}{}", " ".repeat(room))
}

/// White's win chance over the game as a line of bars at most `width`
/// columns wide (each column the mean of the positions it stands for, so a
/// long game still fits): high when White is winning.
pub fn sparkline(analysis: &GameAnalysis, width: usize) -> String {
    let chances: Vec<f64> = analysis
        .plies
        .iter()
        .map(|p| f64::from(p.win_chance).clamp(0.0, 1.0))
        .collect();
    columns(chances.len(), width)
        .map(|(from, to)| {
            let mean = chances[from..to].iter().sum::<f64>() / (to - from) as f64;
            let level = (mean * BARS.len() as f64).floor() as usize;
            BARS[level.min(BARS.len() - 1)]
        })
        .collect()
}

/// The column of the sparkline `width` wide that stands for position
/// `ply` of `positions`.
pub fn sparkline_column(positions: usize, width: usize, ply: usize) -> usize {
    columns(positions, width)
        .position(|(from, to)| (from..to).contains(&ply))
        .unwrap_or(0)
}

/// The positions each of at most `width` columns stands for: `positions`
/// split into ranges as even as can be.
fn columns(positions: usize, width: usize) -> impl Iterator<Item = (usize, usize)> {
    let count = positions.min(width.max(1));
    (0..count).map(move |c| (c * positions / count, (c + 1) * positions / count))
}

/// One player's summary in a line: `white: accuracy 91.5%, 1 inaccuracy,
/// 0 mistakes, 0 blunders`.
pub fn summary_line(side: Side, summary: &PlayerSummary) -> String {
    t!(
        "analysis-summary-line",
        side = words::side(side),
        accuracy = format!("{:.1}", summary.accuracy),
        inaccuracies = summary.inaccuracies,
        mistakes = summary.mistakes,
        blunders = summary.blunders
    )
}

/// Where an analysis is, in a line: `analysing: position 12 of 81` with a
/// bar of `bar` columns, `waiting for a place to analyse`, or why it
/// failed.
pub fn progress_line(analysis: &GameAnalysis, bar: usize) -> String {
    match analysis.status {
        AnalysisStatus::Queued => t!("analysis-queued-place"),
        AnalysisStatus::Running | AnalysisStatus::Done => {
            let total = analysis.total.max(1) as usize;
            let done = (analysis.done as usize).min(total);
            let filled = done * bar / total;
            t!(
                "analysis-progress-bar",
                done = done,
                total = total,
                bar = format!("{}{}", "█".repeat(filled), "░".repeat(bar - filled))
            )
        }
        AnalysisStatus::Failed => t!(
            "analysis-failed",
            error = analysis.error.clone().unwrap_or_default()
        ),
    }
}

/// The position after the nearest faulty move (an inaccuracy or worse)
/// after position `shown` (before it when not `forward`), as a number of
/// plies on the board: where the next-mistake key goes.
pub fn next_fault(analysis: &GameAnalysis, shown: usize, forward: bool) -> Option<usize> {
    // The move played from position k is on the board at k + 1.
    let mut faults = analysis
        .plies
        .iter()
        .filter(|p| p.class.is_some_and(MoveClass::is_fault))
        .map(|p| p.ply as usize + 1);
    if forward {
        faults.find(|&at| at > shown)
    } else {
        faults.rev().find(|&at| at < shown)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use amazons_core::{PositionEval, Proven};
    use amazons_protocol::AnalysisBudget;

    /// A done analysis of positions with White's `chances`, the move from
    /// each classed as in `classes` (none for the last).
    pub(crate) fn analysis(chances: &[f32], classes: &[MoveClass]) -> GameAnalysis {
        let moves = ["d1-d7/g7", "a7-b7/c7", "g1-g4/g5", "d10-d8/d9", "a4-a5/a6"];
        let plies = chances
            .iter()
            .enumerate()
            .map(|(ply, &win_chance)| PlyAnalysis {
                ply: ply as u32,
                win_chance,
                eval: PositionEval {
                    win_chance_white: f64::from(win_chance),
                    score_cp: 0,
                    proven: None,
                    best: Some(moves[0].parse().unwrap()),
                    line: Vec::new(),
                },
                played: classes.get(ply).map(|_| moves[ply % 5].parse().unwrap()),
                class: classes.get(ply).copied(),
                loss: classes.get(ply).map(|_| 0.25),
            })
            .collect();
        GameAnalysis {
            version: 1,
            game_id: "g1".into(),
            status: AnalysisStatus::Done,
            done: chances.len() as u32,
            total: chances.len() as u32,
            budget: AnalysisBudget {
                playouts: 100,
                engine: "amazons level 7".into(),
            },
            plies,
            summary: None,
            error: None,
        }
    }

    #[test]
    fn an_eval_names_the_favoured_side_or_the_proven_result() {
        let mut a = analysis(&[0.64, 0.3, 0.5], &[]);
        assert_eq!(eval_words(&a.plies[0]), "white 64%");
        assert_eq!(eval_words(&a.plies[1]), "black 70%");
        assert_eq!(eval_words(&a.plies[2]), "even");
        a.plies[1].eval.proven = Some(Proven {
            winner: Side::Second,
            plies: 7,
        });
        assert_eq!(eval_words(&a.plies[1]), "black wins in 7 plies");
        a.plies[1].eval.proven = Some(Proven {
            winner: Side::First,
            plies: 0,
        });
        assert_eq!(eval_words(&a.plies[1]), "white wins");
    }

    #[test]
    fn a_played_move_shows_its_class_its_cost_and_the_engines_move() {
        use MoveClass::*;
        let a = analysis(&[0.5, 0.5, 0.5], &[Best, Mistake]);
        assert_eq!(
            played_words(&a.plies[0], 0).unwrap(),
            "1. d1-d7/g7  best",
            "the engine's own move names no other"
        );
        assert_eq!(
            played_words(&a.plies[1], 0).unwrap(),
            "1... a7-b7/c7  mistake (-25%)  best d1-d7/g7"
        );
        assert_eq!(played_words(&a.plies[2], 0), None, "the final position");
        // The loss as the class was decided on it: under 20% an inaccuracy.
        let mut near = analysis(&[0.5, 0.5], &[Inaccuracy]);
        for (loss, shown) in [(0.197, "(-19.7%)"), (0.1999, "(-19.9%)"), (0.15, "(-15%)")] {
            near.plies[0].loss = Some(loss);
            let words = played_words(&near.plies[0], 0).unwrap();
            assert!(
                words.contains(&format!("inaccuracy {shown}")),
                "{loss}: {words}"
            );
        }
        near.plies[0].class = Some(Mistake);
        near.plies[0].loss = Some(0.2);
        assert!(
            played_words(&near.plies[0], 0)
                .unwrap()
                .contains("mistake (-20%)")
        );
        near.plies[0].loss = Some(0.2996);
        assert!(
            played_words(&near.plies[0], 0)
                .unwrap()
                .contains("mistake (-29.9%)")
        );
        assert!(ply_line(&a.plies[1], 0).starts_with("   1  even"));
    }

    #[test]
    fn the_sparkline_rises_with_whites_chance_and_fits_its_width() {
        let a = analysis(&[0.0, 0.5, 0.99, 1.0], &[]);
        assert_eq!(sparkline(&a, 80), "▁▅██");
        assert_eq!(sparkline(&a, 2), "▃█", "two positions a column");
        let long = analysis(&[0.5; 81], &[]);
        assert_eq!(sparkline(&long, 40).chars().count(), 40);
        assert_eq!(sparkline_column(81, 40, 0), 0);
        assert_eq!(sparkline_column(81, 40, 80), 39);
        assert_eq!(sparkline_column(4, 80, 2), 2);
    }

    #[test]
    fn the_mistake_keys_stop_at_inaccuracies_and_worse_in_both_directions() {
        use MoveClass::*;
        let a = analysis(&[0.5; 6], &[Good, Blunder, Best, Inaccuracy, Mistake]);
        assert_eq!(next_fault(&a, 0, true), Some(2));
        assert_eq!(next_fault(&a, 2, true), Some(4));
        assert_eq!(next_fault(&a, 5, true), None);
        assert_eq!(next_fault(&a, 5, false), Some(4));
        assert_eq!(next_fault(&a, 2, false), None);
    }

    #[test]
    fn progress_counts_positions_with_a_bar() {
        let mut a = analysis(&[0.5; 3], &[]);
        a.status = AnalysisStatus::Running;
        a.done = 1;
        a.total = 4;
        assert_eq!(progress_line(&a, 8), "analysing: position 1 of 4 ██░░░░░░");
        a.status = AnalysisStatus::Queued;
        assert_eq!(progress_line(&a, 8), "analysis: waiting for a place");
    }
}
