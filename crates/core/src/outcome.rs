//! How a game ends.

use core::fmt;

use crate::side::Side;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// The side to move had no legal move (the only way the rules end a game).
    NoLegalMove,
    /// A player resigned.
    Resignation,
    /// A player's clock ran out.
    Time,
    /// A player left and did not come back within the grace period.
    Abandonment,
    /// The game was called off before both sides had moved; nobody wins.
    Aborted,
    /// A program that plays answered a move the rules refuse (a person's
    /// illegal move is only refused; a program's ends its game).
    IllegalMove,
    /// A program that plays failed: it crashed, went silent, or could not be
    /// started or restarted.
    EngineFailure,
    /// The board was separated (no empty square both sides can reach) and
    /// exact counting of the moves left proved the winner, so the server
    /// ended the game (a match option) or a player claimed the count. The
    /// record's `territory` keeps the margin and the proven finish.
    Territory,
}

crate::vocabulary!(EndReason, "end-reason", {
    NoLegalMove => "no_legal_move",
    Resignation => "resignation",
    Time => "time",
    Abandonment => "abandonment",
    Aborted => "aborted",
    IllegalMove => "illegal_move",
    EngineFailure => "engine_failure",
    Territory => "territory",
});

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::NoLegalMove => "no legal move",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::Abandonment => "abandonment",
            EndReason::Aborted => "aborted",
            EndReason::IllegalMove => "illegal move",
            EndReason::EngineFailure => "engine failure",
            EndReason::Territory => "territory",
        })
    }
}

/// The end of a game: who won and why. The rules of Amazons have no draws:
/// `winner` is `None` only when the game was called off
/// ([`EndReason::Aborted`]) or abandoned by both players
/// ([`EndReason::Abandonment`], a server's decision when neither comes back).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, if any.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// An outcome won by `winner` for `reason`.
    pub const fn win(winner: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} wins by {}", self.reason),
            None if self.reason == EndReason::Abandonment => {
                f.write_str("game abandoned by both players")
            }
            None => write!(f, "game {}", self.reason),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vocabulary;

    #[test]
    fn every_reason_is_named_as_on_the_wire() {
        for &reason in EndReason::ALL {
            let json = serde_json::to_string(&reason).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.name()));
        }
        assert_eq!(EndReason::NoLegalMove.key(), "end-reason-no-legal-move");
    }

    #[test]
    fn outcomes_read_as_text() {
        assert_eq!(
            Outcome::win(Side::First, EndReason::Time).to_string(),
            "white wins by time"
        );
        let aborted = Outcome {
            winner: None,
            reason: EndReason::Aborted,
        };
        assert_eq!(aborted.to_string(), "game aborted");
        let abandoned = Outcome {
            winner: None,
            reason: EndReason::Abandonment,
        };
        assert_eq!(abandoned.to_string(), "game abandoned by both players");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn reasons_keep_their_wire_names() {
        // Records and the wire protocol carry these names: old ones must keep
        // reading, new ones are additions.
        for (reason, name) in [
            (EndReason::NoLegalMove, "no_legal_move"),
            (EndReason::Resignation, "resignation"),
            (EndReason::Time, "time"),
            (EndReason::Abandonment, "abandonment"),
            (EndReason::Aborted, "aborted"),
            (EndReason::IllegalMove, "illegal_move"),
            (EndReason::EngineFailure, "engine_failure"),
            (EndReason::Territory, "territory"),
        ] {
            let text = format!("\"{name}\"");
            assert_eq!(serde_json::to_string(&reason).unwrap(), text);
            assert_eq!(serde_json::from_str::<EndReason>(&text).unwrap(), reason);
        }
    }
}
