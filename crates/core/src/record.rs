//! Game records: what the server writes when a game ends and what the client
//! replays. JSON through serde, with a schema version so old files stay readable.

use crate::clock::TimeControl;
use crate::fen::START_FEN;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::{PlayError, Position};
use crate::side::Side;

/// Version of the record layout written by this crate. Readers accept this and
/// every earlier version they know.
pub const RECORD_SCHEMA_VERSION: u32 = 1;

/// Whether a player is a person or a program.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PlayerKind {
    /// A person at a client.
    Human,
    /// An engine or bot.
    Bot,
}

/// Who played one side.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerInfo {
    /// Display name.
    pub name: String,
    /// Person or program.
    pub kind: PlayerKind,
}

/// One move as the record keeps it.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RecordedMove {
    /// The move in canonical text (`d1-d7/g7`).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: Move,
    /// Thinking time charged for the move, in milliseconds.
    pub time_ms: u64,
    /// The mover's clock after the move (increment included), in milliseconds;
    /// absent in untimed games.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub clock_ms: Option<u64>,
}

/// A finished game.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// Layout version ([`RECORD_SCHEMA_VERSION`] when written by this crate).
    pub schema: u32,
    /// Unique id of the game (the server uses the match UUID).
    pub id: String,
    /// Who played first (white).
    pub white: PlayerInfo,
    /// Who played second (black).
    pub black: PlayerInfo,
    /// When the game started, Unix milliseconds.
    pub started_at_ms: u64,
    /// When the game ended, Unix milliseconds.
    pub ended_at_ms: u64,
    /// The clock rules.
    pub time_control: TimeControl,
    /// Position the game started from, when it is not the standard start.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub initial_fen: Option<String>,
    /// The moves, in order.
    pub moves: Vec<RecordedMove>,
    /// Who won and why.
    pub result: Outcome,
    /// The position after the last move.
    pub final_fen: String,
}

/// Why a record does not replay.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayError {
    /// The record's layout is newer than this program understands.
    #[error("record schema {0} is newer than this program understands ({RECORD_SCHEMA_VERSION})")]
    UnknownSchema(u32),
    /// The starting FEN does not parse.
    #[error("bad initial FEN: {0}")]
    BadInitialFen(#[from] crate::fen::FenError),
    /// A move is illegal where it stands.
    #[error("move {number} ({source})")]
    IllegalMove {
        /// 1-based index of the move in the record.
        number: usize,
        /// The refusal.
        source: Box<PlayError>,
    },
    /// The moves do not lead to the recorded final position.
    #[error("the moves lead to {actual}, but the record says {recorded}")]
    FinalFenMismatch {
        /// FEN stored in the record.
        recorded: String,
        /// FEN reached by replaying.
        actual: String,
    },
}

impl GameRecord {
    /// The name of `side`'s player.
    pub fn player(&self, side: Side) -> &PlayerInfo {
        match side {
            Side::First => &self.white,
            Side::Second => &self.black,
        }
    }

    /// The position the game started from.
    pub fn initial_position(&self) -> Result<Position, ReplayError> {
        Ok(Position::from_fen(
            self.initial_fen.as_deref().unwrap_or(START_FEN),
        )?)
    }

    /// Every position of the game, the start first and the final one last,
    /// checking each move through the rules and the final FEN against the record.
    pub fn replay(&self) -> Result<Vec<Position>, ReplayError> {
        if self.schema > RECORD_SCHEMA_VERSION {
            return Err(ReplayError::UnknownSchema(self.schema));
        }
        let mut positions = vec![self.initial_position()?];
        for (index, recorded) in self.moves.iter().enumerate() {
            let current = positions[positions.len() - 1];
            let next = current
                .play(recorded.mv)
                .map_err(|e| ReplayError::IllegalMove {
                    number: index + 1,
                    source: Box::new(e),
                })?;
            positions.push(next);
        }
        let actual = positions[positions.len() - 1].fen();
        if actual != self.final_fen {
            return Err(ReplayError::FinalFenMismatch {
                recorded: self.final_fen.clone(),
                actual,
            });
        }
        Ok(positions)
    }

    /// The moves as numbered text: `1. d1-d7/g7 a7-d4/a7 2. ...`.
    pub fn move_text(&self) -> String {
        let first_ply = self
            .initial_position()
            .map(|p| p.ply() as usize)
            .unwrap_or(0);
        let mut text = String::new();
        for (index, recorded) in self.moves.iter().enumerate() {
            let ply = first_ply + index;
            if ply % 2 == 0 || index == 0 {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(&format!("{}.", ply / 2 + 1));
                if ply % 2 == 1 {
                    text.push_str("..");
                }
            }
            text.push(' ');
            text.push_str(&recorded.mv.to_string());
        }
        text
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;
    use crate::outcome::EndReason;

    fn sample() -> GameRecord {
        let moves: Vec<Move> = ["d1-d7/g7", "a7-b7/c7"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        let mut position = Position::start();
        for m in &moves {
            position = position.play(*m).unwrap();
        }
        GameRecord {
            schema: RECORD_SCHEMA_VERSION,
            id: "00000000-0000-4000-8000-000000000000".into(),
            white: PlayerInfo {
                name: "ann".into(),
                kind: PlayerKind::Human,
            },
            black: PlayerInfo {
                name: "bot".into(),
                kind: PlayerKind::Bot,
            },
            started_at_ms: 1_700_000_000_000,
            ended_at_ms: 1_700_000_060_000,
            time_control: TimeControl::Fischer {
                initial_ms: 300_000,
                increment_ms: 5_000,
            },
            initial_fen: None,
            moves: moves
                .into_iter()
                .map(|mv| RecordedMove {
                    mv,
                    time_ms: 1200,
                    clock_ms: Some(303_800),
                })
                .collect(),
            result: Outcome::win(Side::First, EndReason::Resignation),
            final_fen: position.fen(),
        }
    }

    #[test]
    fn json_round_trips_and_replays() {
        let record = sample();
        let json = serde_json::to_string_pretty(&record).unwrap();
        assert!(json.contains("\"move\": \"d1-d7/g7\""), "{json}");
        assert!(json.contains("\"winner\": \"white\""), "{json}");
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.replay().unwrap().len(), 3);
        assert_eq!(record.move_text(), "1. d1-d7/g7 a7-b7/c7");
    }

    #[test]
    fn replay_catches_tampering() {
        let mut record = sample();
        record.final_fen = crate::fen::START_FEN.into();
        assert!(matches!(
            record.replay(),
            Err(ReplayError::FinalFenMismatch { .. })
        ));
        let mut record = sample();
        record.moves[1].mv = "a7-a4/a5".parse().unwrap();
        assert!(matches!(
            record.replay(),
            Err(ReplayError::IllegalMove { number: 2, .. })
        ));
        let mut record = sample();
        record.schema = RECORD_SCHEMA_VERSION + 1;
        assert!(matches!(
            record.replay(),
            Err(ReplayError::UnknownSchema(_))
        ));
    }
}
