//! What the server says about a position's territory and a finished game's
//! analysis: the bodies of `GET /api/territory`, `GET`/`POST
//! /api/games/{id}/analysis` (the same shape is saved as
//! `history/analyses/<id>.json`), and the proven result a move can carry
//! ([`Decided`]). docs/analysis.md explains the numbers; docs/protocol.md
//! shows each body.

use amazons_core::{BySide, Move, Side, Vocabulary};
pub use amazons_core::{MoveClass, PositionEval, Proven};
use serde::{Deserialize, Serialize};

/// The territory proves the game: the board is separated and exact counting
/// says who wins and by how much. Sent with a move (and in a snapshot) when
/// the match does not end such games itself, so that a player can
/// `claim_territory`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Decided {
    /// Who wins with best play.
    pub winner: Side,
    /// By how many moves (at least 1; core's `TerritoryEnd` defines it).
    pub margin: u32,
}

/// Who owns the empty squares of a position (`GET /api/territory?fen=`):
/// each square by who reaches it first, the regions already closed off with
/// the moves left in each, a running count, and the proven result when the
/// board is separated and counted exactly.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TerritoryView {
    /// One character per square, index `rank * 10 + file` (a1 first, j10
    /// last): `w` white reaches it first, `b` black does, `=` both at the
    /// same distance (neutral), `.` nobody can reach it, `Q`/`q` a white or
    /// black queen, `x` an arrow.
    pub owners: String,
    /// The empty squares counted by owner.
    pub counts: TerritoryCounts,
    /// The closed regions: empty squares only one side (or nobody) can
    /// still reach, king-connected.
    pub regions: Vec<RegionView>,
    /// Present when the board is separated and every region was counted
    /// exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<Decided>,
}

/// The empty squares by owner: the "White 23 · Black 19 · contested 12"
/// line.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct TerritoryCounts {
    /// Squares white reaches first.
    pub white: u32,
    /// Squares black reaches first.
    pub black: u32,
    /// Squares both reach at the same distance.
    pub contested: u32,
}

/// A region closed off from one side: its squares, who can still move in
/// it, and how many moves it holds.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RegionView {
    /// Its squares (`a1`, `b2`, ...), in index order.
    pub squares: Vec<String>,
    /// The side whose queens touch it; `null` when no queen does (nobody
    /// will ever move there).
    pub owner: Option<Side>,
    /// The moves its owner can make in it.
    pub moves: MoveRange,
}

/// A number of moves known exactly (`lower == upper`) or only within
/// bounds (a defective region whose count did not finish in its budget).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct MoveRange {
    /// Moves that can certainly be made.
    pub lower: u32,
    /// Moves that can at most be made.
    pub upper: u32,
}

/// Where an analysis is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisStatus {
    /// Waiting for a place among the server's computer workers.
    Queued,
    /// Positions are being analysed (`done` of `total`).
    Running,
    /// Every position is analysed; the file is saved.
    Done,
    /// The analysis stopped (`error` says why); asking again retries.
    Failed,
}

/// The analysis of a finished game: one entry per position, the classes of
/// the moves played, and a summary per player when done.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameAnalysis {
    /// The version of the rules that made it (the engine's
    /// `ANALYSIS_VERSION`; 0 when absent, written before versions): a
    /// server makes a saved analysis of another version again when asked,
    /// so old games gain what a newer version adds.
    #[serde(default)]
    pub version: u32,
    /// The game (its record's id).
    pub game_id: String,
    /// Queued, running, done or failed.
    pub status: AnalysisStatus,
    /// Positions analysed so far.
    pub done: u32,
    /// Positions to analyse: the moves played plus one.
    pub total: u32,
    /// What analysed it and how hard, so that a result can be reproduced.
    pub budget: AnalysisBudget,
    /// The positions analysed so far, in order from the start.
    pub plies: Vec<PlyAnalysis>,
    /// Each player's summary, once done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<BySide<PlayerSummary>>,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The fixed budget every position is analysed at.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AnalysisBudget {
    /// Monte-Carlo playouts per position (one thread, a fixed seed).
    pub playouts: u64,
    /// The engine, in words (`amazons level 7`).
    pub engine: String,
}

/// One position of the game: the position after `ply` moves.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PlyAnalysis {
    /// Moves played before it (0 is the start).
    pub ply: u32,
    /// White's chance to win, 0 to 1, as the graph shows it: the mean of
    /// this position's evaluation and that after the engine's move (one with
    /// each side to move); exact when proven (docs/analysis.md).
    pub win_chance: f32,
    /// The engine's evaluation of the position, as the engine made it
    /// (`win_chance_white`, `score_cp`, `proven`, `best` and `line` on the
    /// wire): the one evaluation the engine, the analysis worker and the
    /// protocol share.
    #[serde(flatten)]
    pub eval: PositionEval,
    /// The move the game played from here (absent at the final position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Move>,
    /// How good `played` was; on the wire also its [`Glyph`] (`glyph`),
    /// which the faces draw without listing the classes themselves.
    #[serde(flatten, with = "class_with_glyph")]
    pub class: Option<MoveClass>,
    /// The mover's win chance lost by `played` against the engine's move,
    /// both judged in the positions they lead to, 0 to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<f32>,
}

/// How a face draws a move's class, sent with it as lichess sends its
/// annotation glyphs: the symbol beside the move, the catalogue key of its
/// word, and whether it is a fault (what "next mistake" stops at and the
/// graph marks). Written from [`MoveClass`]'s own declaration; never read
/// back (the class is).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Glyph {
    /// `??`, `?`, `?!`, `!`, or empty.
    pub symbol: &'static str,
    /// The catalogue key of the class's word (`analysis-class-blunder`).
    pub key: String,
    /// An inaccuracy or worse.
    pub fault: bool,
}

impl Glyph {
    /// The glyph of `class`.
    pub fn of(class: MoveClass) -> Glyph {
        Glyph {
            symbol: class.symbol(),
            key: class.key(),
            fault: class.is_fault(),
        }
    }
}

/// A ply's class on the wire: `class` and its `glyph`, both absent when
/// the move is not judged (yet); only `class` is read.
mod class_with_glyph {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Glyph, MoveClass};

    /// What is written.
    #[derive(Serialize)]
    struct Written {
        #[serde(skip_serializing_if = "Option::is_none")]
        class: Option<MoveClass>,
        #[serde(skip_serializing_if = "Option::is_none")]
        glyph: Option<Glyph>,
    }

    /// What is read.
    #[derive(Deserialize)]
    struct Read {
        #[serde(default)]
        class: Option<MoveClass>,
    }

    pub(super) fn serialize<S: Serializer>(
        class: &Option<MoveClass>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        Written {
            class: *class,
            glyph: class.map(Glyph::of),
        }
        .serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<MoveClass>, D::Error> {
        Ok(Read::deserialize(d)?.class)
    }
}

/// One player's moves in sum.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct PlayerSummary {
    /// Moves classed inaccuracies.
    pub inaccuracies: u32,
    /// Moves classed mistakes.
    pub mistakes: u32,
    /// Moves classed blunders.
    pub blunders: u32,
    /// 0 to 100 (docs/analysis.md gives the formula).
    pub accuracy: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_reads_back_as_written() {
        let analysis = GameAnalysis {
            version: 1,
            game_id: "g".into(),
            status: AnalysisStatus::Running,
            done: 1,
            total: 2,
            budget: AnalysisBudget {
                playouts: 10_000,
                engine: "amazons level 7".into(),
            },
            plies: vec![
                PlyAnalysis {
                    ply: 0,
                    win_chance: 0.5,
                    eval: PositionEval {
                        win_chance_white: 0.512_345_678_9,
                        score_cp: 0,
                        proven: None,
                        best: Some("d1-d7/g7".parse().unwrap()),
                        line: vec!["d1-d7/g7".parse().unwrap()],
                    },
                    played: Some("g1-g7/d7".parse().unwrap()),
                    class: Some(MoveClass::Inaccuracy),
                    loss: Some(0.11),
                },
                PlyAnalysis {
                    ply: 1,
                    win_chance: 0.4,
                    eval: PositionEval {
                        win_chance_white: 0.4,
                        score_cp: -20,
                        proven: None,
                        best: None,
                        line: Vec::new(),
                    },
                    played: Some("a7-a8/b8".parse().unwrap()),
                    class: None,
                    loss: None,
                },
            ],
            summary: None,
            error: None,
        };
        let text = serde_json::to_string(&analysis).unwrap();
        assert!(text.contains(r#""status":"running""#), "{text}");
        assert!(
            text.contains(r#""win_chance_white":0.5123456789"#),
            "{text}"
        );
        assert!(
            text.contains(
                r#""class":"inaccuracy","glyph":{"symbol":"?!","key":"analysis-class-inaccuracy","fault":true}"#
            ),
            "{text}"
        );
        assert_eq!(text.matches("glyph").count(), 1, "none unjudged: {text}");
        assert_eq!(
            serde_json::from_str::<GameAnalysis>(&text).unwrap(),
            analysis
        );
    }
}
