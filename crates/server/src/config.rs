//! Server settings: the embedded default file, an optional `--config` file on
//! top, then command-line flags on top of that.

use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

/// The documented default configuration (`config/server.toml`), compiled in so
/// that the server runs with no set-up.
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../../../config/server.toml");

/// Every setting of the server. Field docs are in `config/server.toml`; the
/// names are the TOML keys.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)] // documented key by key in config/server.toml
pub struct Config {
    pub listen: IpAddr,
    pub port: u16,
    pub max_connections: usize,
    pub max_pending_connections: usize,
    pub header_read_timeout_secs: u64,
    pub hello_timeout_secs: u64,
    pub max_matches: usize,
    pub history_dir: PathBuf,
    pub journal_rotate_mib: u64,
    pub max_message_bytes: usize,
    pub hard_frame_bytes: usize,
    pub rate_limit_messages: u32,
    pub rate_limit_window_secs: u64,
    pub max_name_chars: usize,
    pub outbound_queue: usize,
    pub grace_secs: u64,
    pub heartbeat_interval_secs: u64,
    pub heartbeat_timeout_secs: u64,
    pub finished_linger_secs: u64,
    pub shutdown_timeout_secs: u64,
}

/// The same keys, each optional: what a user's file may set.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Partial {
    listen: Option<IpAddr>,
    port: Option<u16>,
    max_connections: Option<usize>,
    max_pending_connections: Option<usize>,
    header_read_timeout_secs: Option<u64>,
    hello_timeout_secs: Option<u64>,
    max_matches: Option<usize>,
    history_dir: Option<PathBuf>,
    journal_rotate_mib: Option<u64>,
    max_message_bytes: Option<usize>,
    hard_frame_bytes: Option<usize>,
    rate_limit_messages: Option<u32>,
    rate_limit_window_secs: Option<u64>,
    max_name_chars: Option<usize>,
    outbound_queue: Option<usize>,
    grace_secs: Option<u64>,
    heartbeat_interval_secs: Option<u64>,
    heartbeat_timeout_secs: Option<u64>,
    finished_linger_secs: Option<u64>,
    shutdown_timeout_secs: Option<u64>,
}

/// A configuration that cannot be used, with the file and key it came from.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read config file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML, has an unknown key or a value of the wrong
    /// kind (toml's message names the key and shows the line).
    #[error("bad config file {path}:\n{message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// toml's description, with the line and key.
        message: String,
    },
    /// Values that parse but do not make sense together.
    #[error("bad config: `{key}` {problem}")]
    Invalid {
        /// The key at fault.
        key: &'static str,
        /// What is wrong.
        problem: String,
    },
}

macro_rules! overlay {
    ($base:ident, $partial:ident, $($key:ident),*) => {
        $( if let Some(value) = $partial.$key { $base.$key = value; } )*
    };
}

impl Default for Config {
    fn default() -> Config {
        toml::from_str(DEFAULT_CONFIG_TOML).expect("the embedded config/server.toml is valid")
    }
}

impl Config {
    /// The defaults with `text` (the contents of `path`) laid over them.
    pub fn from_toml(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let partial: Partial = toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
        let mut config = Config::default();
        overlay!(
            config,
            partial,
            listen,
            port,
            max_connections,
            max_pending_connections,
            header_read_timeout_secs,
            hello_timeout_secs,
            max_matches,
            history_dir,
            journal_rotate_mib,
            max_message_bytes,
            hard_frame_bytes,
            rate_limit_messages,
            rate_limit_window_secs,
            max_name_chars,
            outbound_queue,
            grace_secs,
            heartbeat_interval_secs,
            heartbeat_timeout_secs,
            finished_linger_secs,
            shutdown_timeout_secs
        );
        Ok(config)
    }

    /// Reads `path` over the defaults.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_owned(),
            source,
        })?;
        Config::from_toml(&text, path)
    }

    /// Checks values that each parse but cannot work.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |key, problem: &str| {
            Err(ConfigError::Invalid {
                key,
                problem: problem.to_owned(),
            })
        };
        if self.max_message_bytes < 256 {
            return invalid("max_message_bytes", "must be at least 256");
        }
        if self.hard_frame_bytes < self.max_message_bytes {
            return invalid("hard_frame_bytes", "must be at least max_message_bytes");
        }
        if self.rate_limit_messages == 0 || self.rate_limit_window_secs == 0 {
            return invalid(
                "rate_limit_messages",
                "and rate_limit_window_secs must be positive",
            );
        }
        if self.max_name_chars == 0 {
            return invalid("max_name_chars", "must be positive");
        }
        if self.heartbeat_interval_secs == 0 {
            return invalid("heartbeat_interval_secs", "must be positive");
        }
        if self.heartbeat_timeout_secs <= self.heartbeat_interval_secs {
            return invalid(
                "heartbeat_timeout_secs",
                "must be longer than heartbeat_interval_secs",
            );
        }
        if self.max_connections == 0 {
            return invalid("max_connections", "must be positive");
        }
        if self.max_pending_connections == 0 {
            return invalid("max_pending_connections", "must be positive");
        }
        if self.header_read_timeout_secs == 0 {
            return invalid("header_read_timeout_secs", "must be positive");
        }
        if self.hello_timeout_secs == 0 {
            return invalid("hello_timeout_secs", "must be positive");
        }
        if self.outbound_queue < 16 {
            return invalid("outbound_queue", "must be at least 16");
        }
        Ok(())
    }

    /// The grace period as a duration.
    pub fn grace(&self) -> Duration {
        Duration::from_secs(self.grace_secs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_defaults_parse_and_validate() {
        let config = Config::default();
        assert_eq!(config.port, 7878);
        assert_eq!(config.grace_secs, 60);
        assert_eq!(config.history_dir, PathBuf::from("history"));
        assert_eq!(config.header_read_timeout_secs, 10);
        assert_eq!(config.max_pending_connections, 1024);
        assert_eq!(config.hello_timeout_secs, 10);
        config.validate().unwrap();
    }

    #[test]
    fn a_file_overrides_only_what_it_sets() {
        let config =
            Config::from_toml("port = 9000\ngrace_secs = 5\n", Path::new("x.toml")).unwrap();
        assert_eq!(config.port, 9000);
        assert_eq!(config.grace_secs, 5);
        assert_eq!(
            config.max_message_bytes,
            Config::default().max_message_bytes
        );
    }

    #[test]
    fn errors_name_the_key() {
        let error = Config::from_toml("prot = 9000\n", Path::new("x.toml")).unwrap_err();
        assert!(error.to_string().contains("prot"), "{error}");
        let error = Config::from_toml("port = \"high\"\n", Path::new("x.toml")).unwrap_err();
        assert!(error.to_string().contains("port"), "{error}");
        let config = Config {
            hard_frame_bytes: 10,
            ..Config::default()
        };
        assert!(
            config
                .validate()
                .unwrap_err()
                .to_string()
                .contains("hard_frame_bytes")
        );
    }
}
