//! The analysis of a local game: made in this process by the engine
//! (`amazons_engine::analysis`, at a fixed budget, by default the
//! engine's: one thread, a fixed seed, so the same game gives the same
//! analysis), in the shape the
//! server serves (`amazons_protocol::GameAnalysis`) so both faces show
//! either alike, and saved beside the record as `<record>.analysis.json`
//! (atomically; the record itself is never touched).

use std::path::{Path, PathBuf};

use amazons_core::{BySide, GameRecord, Side};
use amazons_engine::analysis::{self as engine, AnalysisBudget};
use amazons_protocol::{
    AnalysisStatus, GameAnalysis, MoveClass, PlayerSummary, PlyAnalysis, Proven,
};
use anyhow::Context;

/// What a record's analysis file is called after: `10-g1.json` is analysed
/// in `10-g1.analysis.json`.
const SUFFIX: &str = ".analysis.json";

/// Whether `path` is an analysis file (which a scan of the history skips).
pub fn is_analysis_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(SUFFIX))
}

/// The analysis file of the record file `record`.
pub fn path_for(record: &Path) -> PathBuf {
    let stem = record
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    record.with_file_name(format!("{stem}{SUFFIX}"))
}

/// The analysis saved at `path`, if there is one that reads.
pub fn load(path: &Path) -> Option<GameAnalysis> {
    let bytes = std::fs::read(path).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Saves `analysis` at `path` atomically.
pub fn save(path: &Path, analysis: &GameAnalysis) -> anyhow::Result<()> {
    let json = serde_json::to_vec_pretty(analysis)?;
    amazons_records::write_atomically(path, &json)
        .with_context(|| t!("analysis-cannot-save", path = path.display().to_string()))
}

/// The analysis of `record` at `budget` under way after `done` of `total`
/// positions (what a progress bar shows).
fn running(
    record: &GameRecord,
    budget: &AnalysisBudget,
    done: usize,
    total: usize,
) -> GameAnalysis {
    GameAnalysis {
        game_id: record.id.clone(),
        status: AnalysisStatus::Running,
        done: done as u32,
        total: total as u32,
        budget: budget_words(budget),
        plies: Vec::new(),
        summary: None,
        error: None,
    }
}

/// Analyses `record` here at `budget` (one thread, the engine's fixed
/// seed), telling `progress` the state after each position.
pub fn analyse(
    record: &GameRecord,
    budget: &AnalysisBudget,
    progress: &mut dyn FnMut(&GameAnalysis),
) -> anyhow::Result<GameAnalysis> {
    let positions = record
        .replay()
        .with_context(|| t!("history-does-not-replay", id = record.id.as_str()))?;
    let moves: Vec<_> = record.moves.iter().map(|m| m.mv).collect();
    let analysed = engine::analyse_game(&positions[0], &moves, budget, &mut |done, total| {
        progress(&running(record, budget, done, total));
    })?;
    let plies: Vec<PlyAnalysis> = analysed.plies.iter().map(ply_of).collect();
    let summary = BySide::new(
        summary_of(analysed.summary.get(Side::First)),
        summary_of(analysed.summary.get(Side::Second)),
    );
    Ok(GameAnalysis {
        game_id: record.id.clone(),
        status: AnalysisStatus::Done,
        done: plies.len() as u32,
        total: plies.len() as u32,
        budget: budget_words(budget),
        plies,
        summary: Some(summary),
        error: None,
    })
}

/// The budget as an analysis names it.
fn budget_words(budget: &AnalysisBudget) -> amazons_protocol::AnalysisBudget {
    amazons_protocol::AnalysisBudget {
        playouts: budget.playouts,
        engine: budget.describe(),
    }
}

/// One position of the engine's analysis in the served shape.
fn ply_of(ply: &engine::PlyAnalysis) -> PlyAnalysis {
    PlyAnalysis {
        ply: ply.ply as u32,
        win_chance: ply.eval.win_chance_white as f32,
        score_cp: ply.eval.score_cp,
        proven: ply.eval.proven.map(|p| Proven {
            winner: p.winner,
            plies: p.plies,
        }),
        best: ply.eval.best,
        line: ply.eval.line.clone(),
        played: ply.played,
        class: ply.class.map(class_of),
        loss: ply.loss.map(|l| l as f32),
    }
}

/// The engine's class in the served words.
fn class_of(class: engine::MoveClass) -> MoveClass {
    match class {
        engine::MoveClass::Best => MoveClass::Best,
        engine::MoveClass::Good => MoveClass::Good,
        engine::MoveClass::Inaccuracy => MoveClass::Inaccuracy,
        engine::MoveClass::Mistake => MoveClass::Mistake,
        engine::MoveClass::Blunder => MoveClass::Blunder,
    }
}

/// A player's summary in the served shape.
fn summary_of(summary: &engine::PlayerSummary) -> PlayerSummary {
    PlayerSummary {
        inaccuracies: summary.inaccuracies,
        mistakes: summary.mistakes,
        blunders: summary.blunders,
        accuracy: summary.accuracy as f32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_sits_beside_the_record_and_is_told_apart() {
        let record = Path::new("/h/10-g1.json");
        assert_eq!(path_for(record), Path::new("/h/10-g1.analysis.json"));
        assert!(is_analysis_file(&path_for(record)));
        assert!(!is_analysis_file(record));
    }
}
