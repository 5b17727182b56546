//! What can go wrong with a player, and how a game records it.

use std::time::Duration;

use amazons_core::EndReason;

/// Why a player could not give a move (or start a game).
///
/// A concrete enum rather than a boxed error: callers decide by kind (an
/// illegal move and a crash end a game differently in its record).
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The program could not be started.
    #[error("cannot start `{command}`: {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The program closed its output: it exited or crashed.
    #[error("the engine exited{0}")]
    Crashed(String),
    /// The program did not answer in time.
    #[error("the engine did not send `{expected}` within {waited:?}")]
    Silent {
        /// What we waited for.
        expected: &'static str,
        /// How long.
        waited: Duration,
    },
    /// The program answered a move that cannot be played (unreadable, or
    /// against the rules).
    #[error("the engine answered an illegal move `{text}`: {reason}")]
    IllegalMove {
        /// The answer as sent.
        text: String,
        /// Why it is refused.
        reason: String,
    },
    /// Writing to the program failed (it is gone).
    #[error("cannot write to the engine: {0}")]
    Write(std::io::Error),
    /// The request cannot be expressed in the program's protocol (a SAU
    /// engine asked to join a game halfway, say).
    #[error("{0}")]
    Unsupported(String),
    /// The built-in engine found no move in a position that has one (a bug).
    #[error("the built-in engine found no legal move")]
    NoMove,
    /// The player panicked (a bug), or the thread it ran on is gone: a
    /// [`crate::player::PlayerThread`] drops it and builds another at the
    /// next request, if it can.
    #[error("the player is lost: {0}")]
    Lost(String),
    /// The program failed again after its one restart in this game.
    #[error("engine `{command}` failed twice: {last}")]
    GaveUp {
        /// The command line.
        command: String,
        /// The second failure.
        last: Box<PlayerError>,
    },
}

impl PlayerError {
    /// How a game that ends because of this failure is recorded: an illegal
    /// answer as [`EndReason::IllegalMove`], anything else (crash, silence, a
    /// program that cannot be started or cannot follow the game) as
    /// [`EndReason::EngineFailure`].
    pub fn end_reason(&self) -> EndReason {
        match self {
            PlayerError::IllegalMove { .. } => EndReason::IllegalMove,
            PlayerError::GaveUp { last, .. } => last.end_reason(),
            _ => EndReason::EngineFailure,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_records_what_happened() {
        let illegal = PlayerError::IllegalMove {
            text: "e5e6,e6e7".into(),
            reason: "there is no queen on e5".into(),
        };
        assert_eq!(illegal.end_reason(), EndReason::IllegalMove);
        let crashed = PlayerError::Crashed(" (exit status: 3)".into());
        assert_eq!(crashed.end_reason(), EndReason::EngineFailure);
        let gave_up = PlayerError::GaveUp {
            command: "bot".into(),
            last: Box::new(illegal),
        };
        assert_eq!(gave_up.end_reason(), EndReason::IllegalMove);
        assert!(gave_up.to_string().contains("failed twice"), "{gave_up}");
        let lost = PlayerError::Lost("it panicked: a bug".into());
        assert_eq!(lost.end_reason(), EndReason::EngineFailure);
    }
}
