//! The words of an analysed game, shared by the engine that evaluates the
//! positions, the worker process that carries its evaluations to the server
//! and the protocol that serves the analysis: one evaluation
//! ([`PositionEval`]), one proven result ([`Proven`]) and one set of move
//! classes ([`MoveClass`], with each class's symbol and catalogue key).
//!
//! Why here: the engine depends on this crate and not on the protocol, the
//! protocol depends on this crate and not on the engine. The classes are to
//! an analysed game what PGN's annotation glyphs are to a chess record: part
//! of the notation, not of the search.

use crate::{Move, Side, Vocabulary};

/// A result proven with best play by both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Proven {
    /// Who wins.
    pub winner: Side,
    /// Plies until the loser is stuck along the proven line (exact with best
    /// play when the position is separated).
    pub plies: u32,
}

/// What the engine thinks of one position, exactly as its analysis worked
/// it out (the chance unrounded, so that moves classed from evaluations
/// made in another process are classed as a local analysis classes them).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PositionEval {
    /// White's chance to win, 0 to 1 (exactly 0 or 1 when proven).
    pub win_chance_white: f64,
    /// The score from White's point of view, in centipawns (100 ≈ one
    /// square); ± the engine's known-win score when proven.
    pub score_cp: i32,
    /// The result, when it is proven.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub proven: Option<Proven>,
    /// The engine's move; `None` when the side to move has none.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub best: Option<Move>,
    /// The engine's line from this position, starting with `best` (a few
    /// plies).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub line: Vec<Move>,
}

/// How good a played move was, judged by the win chance it cost the mover
/// against the engine's move (thresholds in docs/analysis.md). Declared
/// once: the faces draw a class from its [`MoveClass::symbol`] and
/// [`MoveClass::key`], sent with the analysis, and never list the classes
/// themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum MoveClass {
    /// The engine's own move.
    Best,
    /// Another move that cost less than an inaccuracy.
    Good,
    /// Cost a little of the mover's win chance.
    Inaccuracy,
    /// Cost a lot.
    Mistake,
    /// Cost most of the game, or gave away a proven win.
    Blunder,
}

crate::vocabulary!(MoveClass, "analysis-class", {
    Best => "best",
    Good => "good",
    Inaccuracy => "inaccuracy",
    Mistake => "mistake",
    Blunder => "blunder",
});

impl MoveClass {
    /// The annotation glyph a record shows beside the move, as chess
    /// records do (`?!`, `?`, `??`); empty for a good move, which needs
    /// none.
    pub fn symbol(self) -> &'static str {
        match self {
            MoveClass::Best => "!",
            MoveClass::Good => "",
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
        }
    }

    /// Whether the move is a fault: what the faces' "next mistake" stops at
    /// and the graph marks (an inaccuracy or worse).
    pub fn is_fault(self) -> bool {
        match self {
            MoveClass::Best | MoveClass::Good => false,
            MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder => true,
        }
    }
}

impl std::fmt::Display for MoveClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_has_its_own_name_symbol_and_key() {
        let names: std::collections::BTreeSet<_> =
            MoveClass::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), MoveClass::ALL.len());
        let symbols: std::collections::BTreeSet<_> =
            MoveClass::ALL.iter().map(|c| c.symbol()).collect();
        assert_eq!(symbols.len(), MoveClass::ALL.len());
        for class in MoveClass::ALL {
            assert_eq!(class.key(), format!("analysis-class-{class}"));
        }
        assert_eq!(MoveClass::ALL.first(), Some(&MoveClass::Best));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn the_serde_names_are_the_names() {
        for class in MoveClass::ALL {
            let json = serde_json::to_string(class).unwrap();
            assert_eq!(json, format!("\"{class}\""));
            assert_eq!(serde_json::from_str::<MoveClass>(&json).unwrap(), *class);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn an_evaluation_reads_back_unrounded() {
        let eval = PositionEval {
            win_chance_white: 0.123_456_789_012_345_6,
            score_cp: -42,
            proven: Some(Proven {
                winner: Side::Second,
                plies: 3,
            }),
            best: Some("d1-d7/g7".parse().unwrap()),
            line: vec!["d1-d7/g7".parse().unwrap()],
        };
        let json = serde_json::to_string(&eval).unwrap();
        assert_eq!(serde_json::from_str::<PositionEval>(&json).unwrap(), eval);
        let bare = PositionEval {
            proven: None,
            best: None,
            line: Vec::new(),
            ..eval
        };
        let json = serde_json::to_string(&bare).unwrap();
        assert!(!json.contains("line") && !json.contains("best"), "{json}");
        assert_eq!(serde_json::from_str::<PositionEval>(&json).unwrap(), bare);
    }
}
