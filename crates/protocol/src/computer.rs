//! Computer opponents: what a server offers (`welcome.computer`) and what a
//! client asks for when it creates a match against one
//! (`create_match.computer`).
//!
//! Both are optional additions to protocol v1: a server that offers no
//! computer opponents leaves `welcome.computer` out, and a client that does
//! not know about them never sends `create_match.computer`.

use std::fmt;

use amazons_core::Level;
use serde::{Deserialize, Deserializer, Serialize};

/// What a server offers in `welcome.computer`: the built-in levels, the
/// external engines configured by name, and the think times it accepts.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ComputerOffer {
    /// The built-in levels, from 1 up to the highest level the server offers
    /// (read without the levels this version does not know, so that a newer
    /// server offering more is still understood).
    #[serde(default, deserialize_with = "known_levels")]
    pub levels: Vec<LevelOffer>,
    /// External engines the host configured, picked by name.
    #[serde(default)]
    pub engines: Vec<EngineOffer>,
    /// The think time per move a client may ask for.
    pub think_ms: ThinkTimes,
}

/// One built-in level, with what it is in words.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LevelOffer {
    /// The level.
    pub level: Level,
    /// What the level is, for people: `random mover`, …,
    /// `full strength, Monte-Carlo tree search`.
    pub description: String,
}

/// One external engine configured on the server.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EngineOffer {
    /// The name to ask for in `create_match.computer.engine`.
    pub name: String,
    /// What it is, for people (the host's words).
    pub description: String,
}

/// The think times per move a server accepts, in milliseconds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ThinkTimes {
    /// Used when a client asks for none.
    pub default: u64,
    /// The most a client may ask for (more is `bad_opponent`).
    pub max: u64,
}

/// The opponent asked for in `create_match.computer`: a built-in `level` or
/// a configured `engine` (exactly one of the two), and optionally a think
/// time per move. The server checks it against its offer: a level out of
/// range, an unknown engine or a think time out of range is refused with
/// `bad_opponent`, never adjusted.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct ComputerRequest {
    /// A built-in level (1 to the highest the server offers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<AskedLevel>,
    /// The name of a configured engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Milliseconds to think per move (above 0, at most the offer's `max`;
    /// the offer's `default` when absent). The computer never thinks longer
    /// than its clock allows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<u64>,
}

impl ComputerRequest {
    /// The built-in engine at `level`, thinking the server's default time.
    pub fn level(level: Level) -> ComputerRequest {
        ComputerRequest {
            level: Some(AskedLevel::Level(level)),
            ..ComputerRequest::default()
        }
    }

    /// The configured engine called `name`.
    pub fn engine(name: impl Into<String>) -> ComputerRequest {
        ComputerRequest {
            engine: Some(name.into()),
            ..ComputerRequest::default()
        }
    }

    /// The same, thinking `think_ms` milliseconds per move.
    pub fn with_think_ms(self, think_ms: u64) -> ComputerRequest {
        ComputerRequest {
            think_ms: Some(think_ms),
            ..self
        }
    }
}

/// The level a client asked for in `create_match.computer.level`, on the
/// wire a plain number. Read as any number, so that one that is no level is
/// still a request, which the server refuses with `bad_opponent` naming its
/// range rather than as a `malformed` message.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(from = "u32", into = "u32")]
pub enum AskedLevel {
    /// A built-in level (whether this server offers it is for the server to
    /// say).
    Level(Level),
    /// A number that is no level (`0`, `8`, ...); a client has no reason to
    /// send one.
    OutOfRange(u32),
}

impl From<u32> for AskedLevel {
    fn from(number: u32) -> AskedLevel {
        Level::try_from(number).map_or(AskedLevel::OutOfRange(number), AskedLevel::Level)
    }
}

impl From<AskedLevel> for u32 {
    fn from(asked: AskedLevel) -> u32 {
        match asked {
            AskedLevel::Level(level) => u32::from(level.get()),
            AskedLevel::OutOfRange(number) => number,
        }
    }
}

impl From<Level> for AskedLevel {
    fn from(level: Level) -> AskedLevel {
        AskedLevel::Level(level)
    }
}

impl fmt::Display for AskedLevel {
    /// The number asked for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", u32::from(*self))
    }
}

/// Reads `welcome.computer.levels`, leaving out any level this version does
/// not know.
fn known_levels<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<LevelOffer>, D::Error> {
    /// A level offer as a newer server may write it.
    #[derive(Deserialize)]
    struct AnyLevelOffer {
        level: AskedLevel,
        description: String,
    }
    Ok(Vec::<AnyLevelOffer>::deserialize(deserializer)?
        .into_iter()
        .filter_map(|offer| match offer.level {
            AskedLevel::Level(level) => Some(LevelOffer {
                level,
                description: offer.description,
            }),
            AskedLevel::OutOfRange(_) => None,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(number: u8) -> Level {
        Level::new(number).unwrap()
    }

    #[test]
    fn a_level_out_of_range_is_still_a_request() {
        for (text, asked) in [
            (r#"{"level":0}"#, AskedLevel::OutOfRange(0)),
            (r#"{"level":8}"#, AskedLevel::OutOfRange(8)),
            (r#"{"level":300}"#, AskedLevel::OutOfRange(300)),
            (r#"{"level":7}"#, AskedLevel::Level(Level::MAX)),
        ] {
            let request: ComputerRequest = serde_json::from_str(text).unwrap();
            assert_eq!(request.level, Some(asked), "{text}");
            assert_eq!(serde_json::to_string(&request).unwrap(), text);
        }
        assert_eq!(AskedLevel::OutOfRange(9).to_string(), "9");
        for bad in [
            r#"{"level":-1}"#,
            r#"{"level":"5"}"#,
            r#"{"level":5000000000}"#,
        ] {
            assert!(
                serde_json::from_str::<ComputerRequest>(bad).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn an_offer_of_levels_this_version_does_not_know_still_reads() {
        let text = r#"{"levels":[{"level":7,"description":"full"},{"level":8,"description":"newer"}],"think_ms":{"default":1,"max":2}}"#;
        let offer: ComputerOffer = serde_json::from_str(text).unwrap();
        assert_eq!(
            offer.levels,
            [LevelOffer {
                level: Level::MAX,
                description: "full".into()
            }]
        );
        assert!(offer.engines.is_empty());
    }

    #[test]
    fn requests_read_and_write_the_documented_forms() {
        for (text, request) in [
            (r#"{"level":5}"#, ComputerRequest::level(level(5))),
            (
                r#"{"level":5,"think_ms":2000}"#,
                ComputerRequest::level(level(5)).with_think_ms(2000),
            ),
            (r#"{"engine":"fairy"}"#, ComputerRequest::engine("fairy")),
            (
                r#"{"engine":"fairy","think_ms":500}"#,
                ComputerRequest::engine("fairy").with_think_ms(500),
            ),
        ] {
            assert_eq!(
                serde_json::from_str::<ComputerRequest>(text).unwrap(),
                request
            );
            assert_eq!(serde_json::to_string(&request).unwrap(), text);
        }
    }
}
