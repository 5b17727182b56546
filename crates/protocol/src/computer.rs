//! Computer opponents: what a server offers (`welcome.computer`) and what a
//! client asks for when it creates a match against one
//! (`create_match.computer`).
//!
//! Both are optional additions to protocol v1: a server that offers no
//! computer opponents leaves `welcome.computer` out, and a client that does
//! not know about them never sends `create_match.computer`.

use serde::{Deserialize, Serialize};

/// What a server offers in `welcome.computer`: the built-in levels, the
/// external engines configured by name, and the think times it accepts.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ComputerOffer {
    /// The built-in levels, from 1 up to the highest level the server offers.
    #[serde(default)]
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
    /// The level (1 = weakest).
    pub level: u32,
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
    pub level: Option<u32>,
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
    pub fn level(level: u32) -> ComputerRequest {
        ComputerRequest {
            level: Some(level),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_and_write_the_documented_forms() {
        for (text, request) in [
            (r#"{"level":5}"#, ComputerRequest::level(5)),
            (
                r#"{"level":5,"think_ms":2000}"#,
                ComputerRequest::level(5).with_think_ms(2000),
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
