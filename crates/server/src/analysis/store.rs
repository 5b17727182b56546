//! Finished analyses on disk: one JSON [`GameAnalysis`] per game in
//! `<history>/analyses/<game id>.json`, written atomically (the records
//! crate's [`write_atomically`]: temp file, fsync, rename, fsync of the
//! directory), beside the records and never in them. A directory of its
//! own (like `journal/` and `tournaments/`) keeps them out of the history's
//! scan for records, which would report each one as a file that is not a
//! record.

use std::path::{Path, PathBuf};

use amazons_protocol::{GameAnalysis, MatchId};
use amazons_records::write_atomically;

/// The directory of saved analyses.
#[derive(Debug)]
pub struct AnalysisStore {
    /// `<history>/analyses`.
    dir: PathBuf,
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

    /// Whether game `id` has a saved analysis.
    pub fn contains(&self, id: MatchId) -> bool {
        self.file(id).is_file()
    }

    /// The saved analysis of game `id` as the JSON text on disk (what `GET`
    /// sends), if there is one.
    pub fn read(&self, id: MatchId) -> Option<Vec<u8>> {
        std::fs::read(self.file(id)).ok()
    }

    /// Saves `analysis` (of game `id`) durably. Blocking: call it from a
    /// blocking thread.
    pub fn save(&self, id: MatchId, analysis: &GameAnalysis) -> std::io::Result<()> {
        let json = serde_json::to_vec_pretty(analysis).map_err(std::io::Error::other)?;
        write_atomically(&self.file(id), &json)
    }
}
