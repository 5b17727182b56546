//! The `[analysis]` table: the game analyses the server runs on request
//! (`POST /api/games/{id}/analysis`, module [`crate::analysis`]). Kept apart
//! from the rest of the settings because it is one feature's, documented key
//! by key in `config/server.toml`.

use serde::{Deserialize, Serialize};

use super::{ConfigError, Seconds};

/// The `[analysis]` table. Documented key by key in `config/server.toml`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)] // documented key by key in config/server.toml
pub struct AnalysisConfig {
    pub enabled: bool,
    pub playouts: u64,
    pub max_running: usize,
    pub max_queue: usize,
    pub position_timeout_secs: Seconds,
}

impl AnalysisConfig {
    /// Checks the `[analysis]` table: a budget, at least one analysis at a
    /// time, and a time limit per position.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |key, problem: &str| {
            Err(ConfigError::Invalid {
                key,
                problem: problem.to_owned(),
                origin: None,
            })
        };
        if self.playouts == 0 {
            return invalid("analysis.playouts", "must be positive");
        }
        if self.max_running == 0 {
            return invalid(
                "analysis.max_running",
                "must be positive (turn analyses off with analysis.enabled = false)",
            );
        }
        if self.position_timeout_secs.get() == 0 {
            return invalid("analysis.position_timeout_secs", "must be positive");
        }
        Ok(())
    }
}
