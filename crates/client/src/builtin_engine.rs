//! The built-in engine (`amazons-engine`, in process) as a [`MoveChooser`].

use std::time::Duration;

use amazons_core::Move;
use amazons_engine::{ClockLimits, Engine, EngineConfig, MAX_LEVEL, SearchLimits};

use crate::chooser::{ChooserFailed, GameSoFar, MoveChooser, ThinkBudget};

/// The in-process engine at one level.
pub struct BuiltinEngine {
    /// The engine with its hash table, kept between moves of a game.
    engine: Engine,
}

impl BuiltinEngine {
    /// An engine at `level` (1 to [`MAX_LEVEL`]; the strongest when `None`).
    pub fn new(level: Option<u8>) -> BuiltinEngine {
        let config = EngineConfig {
            level: level.unwrap_or(MAX_LEVEL).clamp(1, MAX_LEVEL),
            hash_mb: 32,
            ..EngineConfig::default()
        };
        BuiltinEngine {
            engine: Engine::new(config),
        }
    }
}

/// A boxed built-in engine, for seat tables.
pub fn boxed(level: Option<u8>) -> Box<dyn MoveChooser> {
    Box::new(BuiltinEngine::new(level))
}

/// The engine's limits for a budget: a fixed time, or the clocks of the side
/// to move and its opponent.
fn limits(game: GameSoFar<'_>, budget: ThinkBudget) -> SearchLimits {
    let side = game.position.turn();
    let clock = budget.clocks.map(|clocks| ClockLimits {
        remaining: clocks.remaining[side.index()],
        increment: clocks.increment[side.index()],
        opponent_remaining: clocks.remaining[side.opponent().index()],
        opponent_increment: clocks.increment[side.opponent().index()],
    });
    let movetime = match (budget.movetime, clock) {
        (None, None) => Some(Duration::from_secs(1)),
        (movetime, _) => movetime,
    };
    SearchLimits {
        movetime,
        clock,
        ..SearchLimits::default()
    }
}

impl MoveChooser for BuiltinEngine {
    fn name(&self) -> String {
        format!("amazons-engine level {}", self.engine.config().level)
    }

    fn new_game(&mut self) -> Result<(), ChooserFailed> {
        self.engine.new_game();
        Ok(())
    }

    fn choose(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, ChooserFailed> {
        let report = self
            .engine
            .search(&game.position, &limits(game, budget), &mut |_| {});
        report
            .best_move
            .ok_or_else(|| ChooserFailed("the engine found no legal move".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::Position;

    #[test]
    fn plays_a_legal_move_quickly() {
        let start = Position::start();
        let game = GameSoFar {
            start,
            moves: &[],
            position: start,
        };
        let mut engine = BuiltinEngine::new(Some(2));
        let budget = ThinkBudget {
            movetime: Some(Duration::from_millis(50)),
            clocks: None,
        };
        let m = engine.choose(game, budget).unwrap();
        assert!(start.is_legal(m).is_ok());
        assert_eq!(engine.name(), "amazons-engine level 2");
    }
}
