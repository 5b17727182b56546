//! Finished analyses on disk: one JSON [`GameAnalysis`] per game in
//! `<history>/analyses/<game id>.json`, written atomically (the records
//! crate's [`write_atomically`]: temp file, fsync, rename, fsync of the
//! directory), beside the records and never in them. A directory of its
//! own (like `journal/` and `tournaments/`) keeps them out of the history's
//! scan for records, which would report each one as a file that is not a
//! record.
//!
//! Each file carries the version of the analysis that made it
//! ([`GameAnalysis::version`], the engine's [`ANALYSIS_VERSION`]); a
//! file of another version, or of none (written before versions), reads as
//! no analysis, so asking for it makes it again: an old game gains what the
//! analysis learned since (a new class or glyph, a better evaluation).

use std::path::{Path, PathBuf};

use amazons_engine::analysis::ANALYSIS_VERSION;
use amazons_protocol::{GameAnalysis, MatchId};
use amazons_records::write_atomically;
use serde::Deserialize;

/// The directory of saved analyses.
#[derive(Debug)]
pub struct AnalysisStore {
    /// `<history>/analyses`.
    dir: PathBuf,
}

/// The one field of a file read before the rest is trusted: 0 when absent.
#[derive(Deserialize)]
struct Version {
    /// The version that wrote it.
    #[serde(default)]
    version: u32,
}

impl AnalysisStore {
    /// The store in `history_dir`, made if missing.
    pub fn open(history_dir: &Path) -> std::io::Result<AnalysisStore> {
        let dir = history_dir.join("analyses");
        std::fs::create_dir_all(&dir)?;
        Ok(AnalysisStore { dir })
    }

    /// The file of game `id`'s analysis (a match id names no other place).
    fn file(&self, id: MatchId) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    /// The saved analysis of game `id` as the JSON text on disk (what `GET`
    /// sends), if there is one of this version ([`ANALYSIS_VERSION`]): one
    /// of another version, or not readable, is none (to be made again).
    pub fn read(&self, id: MatchId) -> Option<Vec<u8>> {
        let bytes = std::fs::read(self.file(id)).ok()?;
        match serde_json::from_slice::<Version>(&bytes) {
            Ok(Version { version }) if version == ANALYSIS_VERSION => Some(bytes),
            Ok(Version { version }) => {
                tracing::info!(%id, version, current = ANALYSIS_VERSION, "a saved analysis of another version: made again when asked");
                None
            }
            Err(e) => {
                tracing::warn!(%id, error = %e, "a saved analysis is not readable: made again when asked");
                None
            }
        }
    }

    /// Saves `analysis` (of game `id`) durably, with the version it
    /// carries. Blocking: call it from a blocking thread.
    pub fn save(&self, id: MatchId, analysis: &GameAnalysis) -> std::io::Result<()> {
        let json = serde_json::to_vec_pretty(analysis).map_err(std::io::Error::other)?;
        write_atomically(&self.file(id), &json)
    }
}

#[cfg(test)]
mod tests {
    use amazons_protocol::{AnalysisBudget, AnalysisStatus};

    use super::*;

    fn analysis(id: MatchId) -> GameAnalysis {
        GameAnalysis {
            version: ANALYSIS_VERSION,
            game_id: id.to_string(),
            status: AnalysisStatus::Done,
            done: 0,
            total: 1,
            budget: AnalysisBudget {
                playouts: 1,
                engine: "amazons level 7".into(),
            },
            plies: Vec::new(),
            summary: None,
            error: None,
        }
    }

    #[test]
    fn a_saved_analysis_reads_back_only_at_its_version() {
        let dir = tempfile::tempdir().unwrap();
        let store = AnalysisStore::open(dir.path()).unwrap();
        let id = MatchId::random();
        assert_eq!(store.read(id), None);
        store.save(id, &analysis(id)).unwrap();
        let bytes = store.read(id).expect("this version's");
        let back: GameAnalysis = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(back, analysis(id));
        let text = String::from_utf8(bytes).unwrap();
        assert!(
            text.contains(&format!(r#""version": {ANALYSIS_VERSION}"#)),
            "{text}"
        );
        // Written by another version, by none, or not JSON: made again.
        let file = store.file(id);
        for other in [
            text.replace(
                &format!(r#""version": {ANALYSIS_VERSION}"#),
                &format!(r#""version": {}"#, ANALYSIS_VERSION + 1),
            ),
            {
                let mut unversioned = serde_json::to_value(analysis(id)).unwrap();
                unversioned.as_object_mut().unwrap().remove("version");
                unversioned.to_string()
            },
            "{".to_owned(),
        ] {
            std::fs::write(&file, &other).unwrap();
            assert_eq!(store.read(id), None, "{other}");
        }
    }
}
