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
use amazons_protocol::{AnalysisStatus, GameAnalysis, PlyAnalysis};
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
        version: engine::ANALYSIS_VERSION,
        game_id: record.id.clone(),
        status: AnalysisStatus::Running,
        done: done as u32,
        total: total as u32,
        budget: engine::wire::budget(budget),
        plies: Vec::new(),
        summary: None,
        error: None,
    }
}

/// Analyses `record` here at `budget` (each position searched on one
/// thread with the engine's fixed seed, as many positions at once as this
/// machine has cores: the same analysis as on one core, sooner), telling
/// `progress` the state after each position.
pub fn analyse(
    record: &GameRecord,
    budget: &AnalysisBudget,
    progress: &mut dyn FnMut(&GameAnalysis),
) -> anyhow::Result<GameAnalysis> {
    let positions = record
        .replay()
        .with_context(|| t!("history-does-not-replay", id = record.id.as_str()))?;
    let moves: Vec<_> = record.moves.iter().map(|m| m.mv).collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let analysed =
        engine::analyse_game(&positions[0], &moves, budget, cores, &mut |done, total| {
            progress(&running(record, budget, done, total));
        })?;
    let plies: Vec<PlyAnalysis> = analysed.plies.iter().map(engine::wire::ply).collect();
    let summary = BySide::new(
        engine::wire::summary(analysed.summary.get(Side::First)),
        engine::wire::summary(analysed.summary.get(Side::Second)),
    );
    Ok(GameAnalysis {
        version: engine::ANALYSIS_VERSION,
        game_id: record.id.clone(),
        status: AnalysisStatus::Done,
        done: plies.len() as u32,
        total: plies.len() as u32,
        budget: engine::wire::budget(budget),
        plies,
        summary: Some(summary),
        error: None,
    })
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
