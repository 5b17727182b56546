//! The engine's analysis in the shape the protocol serves it (feature
//! `wire`): written once, for the server's analysis jobs and the client's
//! local analyses, so that both faces show the same numbers the same way
//! (chances and losses rounded to `f32`).

use amazons_protocol as protocol;

use super::{AnalysisBudget, PlayerSummary, PlyAnalysis};

/// The budget as an analysis names it: the playouts and the engine's words.
pub fn budget(budget: &AnalysisBudget) -> protocol::AnalysisBudget {
    protocol::AnalysisBudget {
        playouts: budget.playouts,
        engine: budget.describe(),
    }
}

/// One position of the analysis as the protocol shows it: the engine's
/// evaluation as it is, the graph's chance and the loss rounded.
pub fn ply(ply: &PlyAnalysis) -> protocol::PlyAnalysis {
    protocol::PlyAnalysis {
        ply: ply.ply as u32,
        win_chance: ply.win_chance_white as f32,
        eval: ply.eval.clone(),
        played: ply.played,
        class: ply.class,
        loss: ply.loss.map(|loss| loss as f32),
    }
}

/// A player's summary as the protocol shows it.
pub fn summary(summary: &PlayerSummary) -> protocol::PlayerSummary {
    protocol::PlayerSummary {
        inaccuracies: summary.inaccuracies,
        mistakes: summary.mistakes,
        blunders: summary.blunders,
        accuracy: summary.accuracy as f32,
    }
}
