//! The built-in engine, in process, as a [`Player`].

use std::time::Duration;

use amazons_core::Move;

use crate::player::{GameSoFar, Player, PlayerError, ThinkBudget};
use crate::time::thread_cpu_time;
use crate::{ClockLimits, Engine, SearchLimits};

/// The in-process engine, with the tables it keeps between the moves of a game.
pub struct BuiltinPlayer {
    /// The engine.
    engine: Engine,
    /// CPU time of the searching thread over every `choose` so far.
    cpu_spent: Duration,
}

impl BuiltinPlayer {
    /// A player around a configured engine (level, tuning and knobs already
    /// set; see [`crate::player::PlayerSpec`] for the usual way to build one).
    pub fn new(engine: Engine) -> BuiltinPlayer {
        BuiltinPlayer {
            engine,
            cpu_spent: Duration::ZERO,
        }
    }
}

/// The engine's limits for a budget: a fixed time, or the clocks of the side
/// to move and its opponent. No budget at all means one second.
pub fn search_limits(game: GameSoFar<'_>, budget: ThinkBudget) -> SearchLimits {
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

impl Player for BuiltinPlayer {
    fn name(&self) -> String {
        format!("amazons-engine level {}", self.engine.config().level)
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.engine.new_game();
        Ok(())
    }

    fn choose(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, PlayerError> {
        let limits = search_limits(game, budget);
        let cpu = thread_cpu_time();
        let report = self.engine.search(&game.position, &limits, &mut |_| {});
        self.cpu_spent += thread_cpu_time().saturating_sub(cpu);
        report.best_move.ok_or(PlayerError::NoMove)
    }

    fn cpu_time(&self) -> Option<Duration> {
        Some(self.cpu_spent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EngineConfig;
    use crate::player::ClockBudget;
    use amazons_core::Position;

    #[test]
    fn plays_a_legal_move_and_says_its_level() {
        let start = Position::start();
        let game = GameSoFar::new(start, &[]).unwrap();
        let mut player = BuiltinPlayer::new(Engine::new(EngineConfig {
            level: 2,
            hash_mb: 1,
            ..EngineConfig::default()
        }));
        let m = player
            .choose(game, ThinkBudget::movetime(Duration::from_millis(50)))
            .unwrap();
        assert!(start.is_legal(m).is_ok());
        assert_eq!(player.name(), "amazons-engine level 2");
    }

    #[test]
    fn clocks_are_seen_from_the_side_to_move() {
        let moves: Vec<Move> = vec!["d1-d7/g7".parse().unwrap()];
        let game = GameSoFar::new(Position::start(), &moves).unwrap();
        let budget = ThinkBudget {
            movetime: None,
            clocks: Some(ClockBudget {
                remaining: [Duration::from_secs(60), Duration::from_secs(50)],
                increment: [Duration::from_secs(1), Duration::from_secs(2)],
            }),
        };
        let limits = search_limits(game, budget);
        let clock = limits.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(50), "black to move");
        assert_eq!(clock.opponent_increment, Duration::from_secs(1));
        assert_eq!(limits.movetime, None);
        assert_eq!(
            search_limits(game, ThinkBudget::default()).movetime,
            Some(Duration::from_secs(1))
        );
    }
}
