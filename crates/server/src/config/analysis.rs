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
    pub threads: usize,
    pub max_running: usize,
    pub max_queue: usize,
    pub position_timeout_secs: Seconds,
}

impl AnalysisConfig {
    /// Checks the `[analysis]` table: a budget, at least one analysis at a
    /// time, a time limit per position, and no more threads than a computer
    /// game may have (`threads_per_game`: an analysis takes one of the
    /// computer's places, and a place is that many cores).
    pub fn validate(&self, threads_per_game: usize) -> Result<(), ConfigError> {
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
        if !(1..=threads_per_game).contains(&self.threads) {
            return invalid(
                "analysis.threads",
                &format!(
                    "must be 1 to computer.threads_per_game ({threads_per_game}): an analysis \
                     takes one of the computer's places"
                ),
            );
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

#[cfg(test)]
mod tests {
    use super::super::{Config, Overrides};

    /// The error of loading the defaults with `--set` `setting`.
    fn refused(setting: &str) -> String {
        let overrides = Overrides {
            set: vec![setting.to_owned()],
            ..Overrides::default()
        };
        Config::load(None, &overrides).unwrap_err().to_string()
    }

    #[test]
    fn the_defaults_analyse_at_the_engines_budget_and_nonsense_is_refused_by_key() {
        let config = Config::default().analysis;
        assert!(config.enabled);
        assert_eq!(
            config.playouts,
            amazons_engine::analysis::DEFAULT_PLAYOUTS,
            "config/server.toml says the engine's default"
        );
        for (setting, key) in [
            ("analysis.playouts=0", "analysis.playouts"),
            ("analysis.max_running=0", "analysis.max_running"),
            ("analysis.threads=0", "analysis.threads"),
            ("analysis.threads=2", "analysis.threads"),
            (
                "analysis.position_timeout_secs=0",
                "analysis.position_timeout_secs",
            ),
        ] {
            let error = refused(setting);
            assert!(error.contains(key), "{setting}: {error}");
            assert!(error.contains(setting), "names its source: {error}");
        }
        assert!(refused("analysis.playouts=-1").contains("analysis.playouts"));
    }

    #[test]
    fn analysis_threads_go_as_far_as_a_computer_games() {
        assert_eq!(Config::default().analysis.threads, 1);
        let overrides = Overrides {
            set: vec![
                "computer.threads_per_game=4".to_owned(),
                "analysis.threads=4".to_owned(),
            ],
            ..Overrides::default()
        };
        assert_eq!(Config::load(None, &overrides).unwrap().analysis.threads, 4);
    }
}
