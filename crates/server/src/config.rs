//! Server settings, each key declared once: as a field of [`Config`] (its
//! name is the TOML key; its documentation and default are in
//! `config/server.toml`, compiled in). The embedded defaults, an optional
//! `--config` file and the command-line flags ([`Overrides`]) are merged by
//! `figment` and deserialized once. An unknown key or a value of the wrong
//! kind is a [`ConfigError`] in a person's words (module `explain`): the
//! source, the key as written, what is wrong (the key probably meant, the
//! kind of value wanted) and where the settings are documented. The kinds
//! of value themselves (whole seconds, an address to listen on, ports and
//! counts on the command line) are read in module `values`.

mod analysis;
mod explain;
mod values;

use std::fmt;
use std::net::IpAddr;
use std::path::{Path, PathBuf};

use amazons_core::Level;
use figment::Figment;
use figment::providers::{Format, Serialized, Toml};
use serde::{Deserialize, Serialize};

pub use analysis::AnalysisConfig;
use explain::Labeled;
pub use values::{ListenError, Millis, NotWhole, Seconds, parse_listen};
use values::{listen_address, parse_count, parse_port};

/// The documented default configuration (`config/server.toml`), compiled in so
/// that the server runs with no set-up.
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../../../config/server.toml");

/// Where a person finds every setting, for the end of a configuration error.
pub const SETTINGS_HINT: &str = "Every setting is described, with its default, in \
     config/server.toml (`amazons-server --print-default-config` prints it).";

/// Every setting of the server. Field docs are in `config/server.toml`; the
/// names are the TOML keys.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)] // documented key by key in config/server.toml
pub struct Config {
    #[serde(deserialize_with = "listen_address")]
    pub listen: IpAddr,
    pub port: u16,
    pub max_connections: usize,
    pub max_pending_connections: usize,
    pub header_read_timeout_secs: Seconds,
    pub hello_timeout_secs: Seconds,
    pub max_matches: usize,
    pub history_dir: PathBuf,
    pub journal_rotate_mib: u64,
    pub max_message_bytes: usize,
    pub hard_frame_bytes: usize,
    pub rate_limit_messages: u32,
    pub rate_limit_window_secs: Seconds,
    pub max_name_chars: usize,
    pub outbound_queue: usize,
    pub grace_secs: Seconds,
    pub heartbeat_interval_secs: Seconds,
    pub heartbeat_timeout_secs: Seconds,
    pub finished_linger_secs: Seconds,
    pub shutdown_timeout_secs: Seconds,
    pub computer: ComputerConfig,
    pub analysis: AnalysisConfig,
}

/// The `[computer]` table: the server's own computer opponents. Documented
/// key by key in `config/server.toml`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)] // documented key by key in config/server.toml
pub struct ComputerConfig {
    pub enabled: bool,
    pub max_level: Level,
    pub max_games: usize,
    pub max_waiting: usize,
    pub threads_per_game: usize,
    pub hash_mb: usize,
    pub think_ms: Millis,
    pub max_think_ms: Millis,
    pub ponder_ms: Millis,
    pub worker: PathBuf,
    #[serde(default)]
    pub engines: Vec<EngineEntry>,
}

/// One `[[computer.engines]]` entry: an engine players pick by name.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct EngineEntry {
    /// The name players pick it by, also its name in the seat and records.
    pub name: String,
    /// A player in the engine crate's grammar: `uci:CMD`, `botzone:CMD`,
    /// `sau:CMD`, or a built-in player such as `level:6` or `mcts:c=30`.
    pub command: String,
    /// What it is, in words, for the lobby.
    #[serde(default)]
    pub description: String,
}

/// The `[computer]` flags (`--computer-max-level` sets
/// `computer.max_level`, ...).
#[derive(Clone, Debug, Default, Serialize, clap::Args)]
pub struct ComputerOverrides {
    /// Offer computer opponents or not (`computer.enabled`).
    #[arg(long = "computer", value_name = "true|false")]
    #[serde(rename = "enabled", skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// Highest built-in level offered, 1 to 7 (`computer.max_level`).
    #[arg(long = "computer-max-level", value_name = "LEVEL")]
    #[serde(rename = "max_level", skip_serializing_if = "Option::is_none")]
    pub max_level: Option<Level>,
    /// Most computer games at once (`computer.max_games`).
    #[arg(long = "computer-max-games", value_name = "N", value_parser = parse_count::<usize>)]
    #[serde(rename = "max_games", skip_serializing_if = "Option::is_none")]
    pub max_games: Option<usize>,
    /// Search threads of each computer game (`computer.threads_per_game`).
    #[arg(long = "computer-threads", value_name = "N", value_parser = parse_count::<usize>)]
    #[serde(rename = "threads_per_game", skip_serializing_if = "Option::is_none")]
    pub threads_per_game: Option<usize>,
    /// Default think time per move, ms (`computer.think_ms`).
    #[arg(long = "computer-think-ms", value_name = "MS")]
    #[serde(rename = "think_ms", skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<Millis>,
    /// Longest think time a player may ask for, ms (`computer.max_think_ms`).
    #[arg(long = "computer-max-think-ms", value_name = "MS")]
    #[serde(rename = "max_think_ms", skip_serializing_if = "Option::is_none")]
    pub max_think_ms: Option<Millis>,
    /// Longest think on the opponent's time after each move, ms; 0: none
    /// (`computer.ponder_ms`).
    #[arg(long = "computer-ponder-ms", value_name = "MS")]
    #[serde(rename = "ponder_ms", skip_serializing_if = "Option::is_none")]
    pub ponder_ms: Option<Millis>,
    /// An engine players may pick, `NAME=PLAYER` (`uci:CMD`, `botzone:CMD`,
    /// `sau:CMD`, `level:N`...); repeatable; replaces `computer.engines`.
    #[arg(long = "computer-engine", value_name = "NAME=PLAYER")]
    #[serde(skip)]
    pub engines: Vec<String>,
}

impl ComputerOverrides {
    /// Whether no flag of the table was given (then it is not merged at all).
    fn is_empty(&self) -> bool {
        self.enabled.is_none()
            && self.max_level.is_none()
            && self.max_games.is_none()
            && self.threads_per_game.is_none()
            && self.think_ms.is_none()
            && self.max_think_ms.is_none()
            && self.ponder_ms.is_none()
            && self.engines.is_empty()
    }
}

/// Settings given as command-line flags, laid over the file. A flag is named
/// after its key (`--grace-secs` sets `grace_secs`); `--set KEY=VALUE` sets
/// any key (the value in TOML syntax, or a bare string).
#[derive(Clone, Debug, Default, Serialize, clap::Args)]
pub struct Overrides {
    /// Address to listen on (`listen`): 0.0.0.0 for the whole LAN, 127.0.0.1
    /// or localhost for this machine only.
    #[arg(long, value_name = "IP", value_parser = parse_listen)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listen: Option<IpAddr>,
    /// Port (`port`; 0 = any free port).
    #[arg(long, short, value_parser = parse_port)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    /// Directory for game records and the journal (`history_dir`).
    #[arg(long, value_name = "DIR")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history_dir: Option<PathBuf>,
    /// Most simultaneous connections (`max_connections`).
    #[arg(long, value_parser = parse_count::<usize>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_connections: Option<usize>,
    /// Most matches at once (`max_matches`).
    #[arg(long, value_parser = parse_count::<usize>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_matches: Option<usize>,
    /// Seconds a dropped player keeps the seat (`grace_secs`).
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grace_secs: Option<Seconds>,
    /// Messages allowed per rate-limit window (`rate_limit_messages`).
    #[arg(long, value_parser = parse_count::<u32>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_limit_messages: Option<u32>,
    /// The computer opponents' flags.
    #[command(flatten)]
    #[serde(skip_serializing_if = "ComputerOverrides::is_empty")]
    pub computer: ComputerOverrides,
    /// Any key: `--set heartbeat_timeout_secs=30`, `--set
    /// computer.max_games=2` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    #[serde(skip)]
    pub set: Vec<String>,
}

/// One key or value that cannot be used, in words: where it was written,
/// the key, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The source: the file's path, `` `--set port=80` ``, `the command line`.
    pub origin: String,
    /// The key as written in TOML (`computer.think_ms`); `None` when the
    /// whole source is at fault (a file that is not TOML).
    pub key: Option<String>,
    /// What is wrong, in plain words (the key probably meant, the kind of
    /// value wanted, the default).
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad config in {}: {}", self.origin, self.what)
    }
}

/// The lines of several problems, then where the settings are documented.
fn problems_text(problems: &[Problem]) -> String {
    let lines: Vec<String> = problems.iter().map(Problem::to_string).collect();
    format!(
        "{}
{SETTINGS_HINT}",
        lines.join("\n")
    )
}

/// A configuration that cannot be used, with the source and key it came
/// from, in words a person can act on.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read the config file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not valid TOML, or a key is unknown or has a value of the
    /// wrong kind: each problem names its source and key.
    #[error("{}", problems_text(.0))]
    Settings(Vec<Problem>),
    /// A `--set` argument is not `KEY=VALUE`.
    #[error("bad --set `{0}`: write KEY=VALUE, e.g. --set grace_secs=30")]
    BadSet(String),
    /// A `--computer-engine` argument is not `NAME=PLAYER`.
    #[error(
        "bad --computer-engine `{0}`: write NAME=PLAYER, e.g. --computer-engine fairy=uci:fairy-stockfish"
    )]
    BadEngine(String),
    /// Values that parse but do not make sense together.
    #[error("bad config{}: `{key}` {problem}\n{SETTINGS_HINT}", in_origin(.origin))]
    Invalid {
        /// The key at fault.
        key: &'static str,
        /// What is wrong.
        problem: String,
        /// Where the key was set, when [`Config::load`] knows (not for the
        /// built-in defaults).
        origin: Option<String>,
    },
}

/// ` in SOURCE`, or nothing.
fn in_origin(origin: &Option<String>) -> String {
    origin
        .as_ref()
        .map(|o| format!(" in {o}"))
        .unwrap_or_default()
}

/// The name of the built-in defaults as a source.
const DEFAULTS_LABEL: &str = "the built-in defaults";

impl Default for Config {
    fn default() -> Config {
        Figment::from(Toml::string(DEFAULT_CONFIG_TOML))
            .extract()
            .expect("the embedded config/server.toml is valid")
    }
}

impl Config {
    /// The defaults, then the file at `file` (if any), then `overrides`,
    /// merged and read once, then checked ([`Config::validate`]).
    pub fn load(file: Option<&Path>, overrides: &Overrides) -> Result<Config, ConfigError> {
        let mut figment = Figment::from(Labeled::new(
            DEFAULTS_LABEL,
            Toml::string(DEFAULT_CONFIG_TOML),
        ));
        if let Some(path) = file {
            if let Err(source) = std::fs::metadata(path) {
                return Err(ConfigError::Read {
                    path: path.to_owned(),
                    source,
                });
            }
            figment = figment.merge(Labeled::new(
                path.display().to_string(),
                Toml::file_exact(path),
            ));
        }
        figment = figment.merge(Labeled::new(
            "the command line",
            Serialized::defaults(overrides),
        ));
        if !overrides.computer.engines.is_empty() {
            let engines = overrides
                .computer
                .engines
                .iter()
                .map(|flag| {
                    let (name, command) = flag
                        .split_once('=')
                        .ok_or_else(|| ConfigError::BadEngine(flag.clone()))?;
                    Ok(EngineEntry {
                        name: name.trim().to_owned(),
                        command: command.trim().to_owned(),
                        description: String::new(),
                    })
                })
                .collect::<Result<Vec<_>, ConfigError>>()?;
            figment = figment.merge(Labeled::new(
                "the command line (--computer-engine)",
                Serialized::default("computer.engines", engines),
            ));
        }
        for assignment in &overrides.set {
            figment = figment.merge(Labeled::new(
                format!("`--set {assignment}`"),
                Toml::string(&set_line(assignment)?),
            ));
        }
        let config: Config = figment
            .extract()
            .map_err(|e| ConfigError::Settings(explain::problems(e)))?;
        config.validate().map_err(|e| match e {
            ConfigError::Invalid {
                key,
                problem,
                origin: None,
            } => ConfigError::Invalid {
                origin: figment
                    .find_metadata(key)
                    .map(|m| m.name.to_string())
                    .filter(|name| name != DEFAULTS_LABEL),
                key,
                problem,
            },
            other => other,
        })?;
        Ok(config)
    }

    /// Checks values that each parse but cannot work.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |key, problem: &str| {
            Err(ConfigError::Invalid {
                key,
                problem: problem.to_owned(),
                origin: None,
            })
        };
        if self.max_message_bytes < 256 {
            return invalid("max_message_bytes", "must be at least 256");
        }
        if self.hard_frame_bytes < self.max_message_bytes {
            return invalid("hard_frame_bytes", "must be at least max_message_bytes");
        }
        if self.rate_limit_messages == 0 || self.rate_limit_window_secs.get() == 0 {
            return invalid(
                "rate_limit_messages",
                "and rate_limit_window_secs must be positive",
            );
        }
        if self.max_name_chars == 0 {
            return invalid("max_name_chars", "must be positive");
        }
        if self.heartbeat_interval_secs.get() == 0 {
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
        if self.header_read_timeout_secs.get() == 0 {
            return invalid("header_read_timeout_secs", "must be positive");
        }
        if self.hello_timeout_secs.get() == 0 {
            return invalid("hello_timeout_secs", "must be positive");
        }
        if self.outbound_queue < 16 {
            return invalid("outbound_queue", "must be at least 16");
        }
        self.computer.validate(self.max_name_chars)?;
        self.analysis.validate(self.computer.threads_per_game)
    }
}

impl ComputerConfig {
    /// Checks the `[computer]` table: positive counts and times, engines
    /// with distinct names and players the engine crate's grammar reads
    /// (`max_level` is a [`Level`]: one the engine does not have is refused
    /// when the table is read).
    pub fn validate(&self, max_name_chars: usize) -> Result<(), ConfigError> {
        let invalid = |key, problem: String| {
            Err(ConfigError::Invalid {
                key,
                problem,
                origin: None,
            })
        };
        if self.max_games == 0 {
            return invalid(
                "computer.max_games",
                "must be positive (turn computer opponents off with computer.enabled = false)"
                    .into(),
            );
        }
        if !(1..=64).contains(&self.threads_per_game) {
            return invalid("computer.threads_per_game", "must be 1 to 64".into());
        }
        if self.hash_mb == 0 {
            return invalid("computer.hash_mb", "must be positive".into());
        }
        if self.think_ms.get() == 0 {
            return invalid("computer.think_ms", "must be positive".into());
        }
        if self.max_think_ms < self.think_ms {
            return invalid(
                "computer.max_think_ms",
                "must be at least computer.think_ms".into(),
            );
        }
        for (index, engine) in self.engines.iter().enumerate() {
            let name = engine.name.trim();
            if name.is_empty() || name != engine.name || name.chars().count() > max_name_chars {
                return invalid(
                    "computer.engines",
                    format!(
                        "entry {}: a name is 1 to {max_name_chars} characters without spaces around it",
                        index + 1
                    ),
                );
            }
            if self.engines[..index].iter().any(|e| e.name == engine.name) {
                return invalid(
                    "computer.engines",
                    format!("the name `{name}` is given twice"),
                );
            }
            if let Err(e) = engine.command.parse::<amazons_engine::player::PlayerSpec>() {
                return invalid("computer.engines", format!("`{name}`: {e}"));
            }
        }
        Ok(())
    }
}

/// A `--set KEY=VALUE` as a TOML line: the value as written if it is TOML
/// (`30`, `"x"`, `true`), else as a string (`--set listen=127.0.0.1`).
fn set_line(assignment: &str) -> Result<String, ConfigError> {
    let Some((key, value)) = assignment.split_once('=') else {
        return Err(ConfigError::BadSet(assignment.to_owned()));
    };
    let key = key.trim();
    if key.is_empty()
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
    {
        return Err(ConfigError::BadSet(assignment.to_owned()));
    }
    let line = format!("{key} = {}", value.trim());
    if line.parse::<toml::Table>().is_ok() {
        Ok(line)
    } else {
        Ok(format!("{key} = {}", toml::Value::String(value.to_owned())))
    }
}

#[cfg(test)]
mod tests;
