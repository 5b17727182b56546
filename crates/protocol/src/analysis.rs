//! What the server says about a position's territory and a finished game's
//! analysis: the bodies of `GET /api/territory`, `GET`/`POST
//! /api/games/{id}/analysis` (the same shape is saved as
//! `<id>.analysis.json`), and the proven result a move can carry
//! ([`Decided`]). docs/analysis.md explains the numbers; docs/protocol.md
//! shows each body.

use amazons_core::{BySide, Move, Side};
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
    /// White's chance to win, 0 to 1 (docs/analysis.md gives the mapping).
    pub win_chance: f32,
    /// The engine's score for the side to move, in centipawns.
    pub score_cp: i32,
    /// A result the engine proved, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proven: Option<Proven>,
    /// The engine's move here (absent when the side to move cannot move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<Move>,
    /// The engine's line from here, starting with `best` (a few plies).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<Move>,
    /// The move the game played from here (absent at the final position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Move>,
    /// How good `played` was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<MoveClass>,
    /// The mover's win chance lost by `played` against the position after
    /// it, 0 to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<f32>,
}

/// A result proven by the engine: who wins, and in how many plies the loser
/// is out of moves with best play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Proven {
    /// Who wins.
    pub winner: Side,
    /// Plies until the loser cannot move.
    pub plies: u32,
}

/// A played move judged by the win chance it lost (thresholds in
/// docs/analysis.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveClass {
    /// The engine's own move.
    Best,
    /// Lost less than an inaccuracy.
    Good,
    /// Lost a little.
    Inaccuracy,
    /// Lost a lot.
    Mistake,
    /// Lost the game or most of it.
    Blunder,
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
            game_id: "g".into(),
            status: AnalysisStatus::Running,
            done: 1,
            total: 2,
            budget: AnalysisBudget {
                playouts: 10_000,
                engine: "amazons level 7".into(),
            },
            plies: vec![PlyAnalysis {
                ply: 0,
                win_chance: 0.5,
                score_cp: 0,
                proven: None,
                best: Some("d1-d7/g7".parse().unwrap()),
                line: vec!["d1-d7/g7".parse().unwrap()],
                played: Some("g1-g7/d7".parse().unwrap()),
                class: Some(MoveClass::Good),
                loss: Some(0.01),
            }],
            summary: None,
            error: None,
        };
        let text = serde_json::to_string(&analysis).unwrap();
        assert!(text.contains(r#""status":"running""#), "{text}");
        assert!(text.contains(r#""class":"good""#), "{text}");
        assert_eq!(
            serde_json::from_str::<GameAnalysis>(&text).unwrap(),
            analysis
        );
    }
}
