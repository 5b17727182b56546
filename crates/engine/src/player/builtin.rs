//! The built-in engine, in process, as a [`Player`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use amazons_core::Move;

use crate::player::budget::clock_limits;
use crate::player::{GameSoFar, Player, PlayerError, ThinkBudget};
use crate::time::thread_cpu_time;
use crate::{Engine, SearchLimits};

/// The in-process engine, with the tables it keeps between the moves of a
/// game, and the search it runs on the opponent's time when asked to ponder.
pub struct BuiltinPlayer {
    /// The engine; `None` while a pondering search has it.
    engine: Option<Engine>,
    /// The pondering search, while one runs.
    pondering: Option<Pondering>,
    /// The engine's level (for the name, also while it ponders).
    level: u8,
    /// CPU time of the searching thread over every `choose` so far (pondering
    /// is not counted: it is the opponent's time).
    cpu_spent: Duration,
}

/// A search on the opponent's time, on a thread of its own.
struct Pondering {
    /// The thread; it gives the engine back when the search ends.
    thread: JoinHandle<Engine>,
    /// Set to end the search.
    stop: Arc<AtomicBool>,
}

impl BuiltinPlayer {
    /// A player around a configured engine (level, tuning and knobs already
    /// set; see [`crate::player::PlayerSpec`] for the usual way to build one).
    pub fn new(engine: Engine) -> BuiltinPlayer {
        BuiltinPlayer {
            level: engine.config().level,
            engine: Some(engine),
            pondering: None,
            cpu_spent: Duration::ZERO,
        }
    }

    /// Ends a pondering search, if one runs, and takes the engine back.
    fn end_pondering(&mut self) {
        if let Some(pondering) = self.pondering.take() {
            pondering.stop.store(true, Ordering::Relaxed);
            match pondering.thread.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    }

    /// The engine, once no pondering search has it.
    fn engine(&mut self) -> &mut Engine {
        self.end_pondering();
        self.engine
            .as_mut()
            .expect("the engine is back once pondering stops")
    }
}

impl Drop for BuiltinPlayer {
    fn drop(&mut self) {
        self.end_pondering();
    }
}

/// The engine's limits for a budget: a fixed time, or the clocks of the side
/// to move and its opponent. No budget at all means one second.
pub fn search_limits(game: GameSoFar<'_>, budget: ThinkBudget) -> SearchLimits {
    let side = game.position.turn();
    let clock = budget.clocks.map(|clocks| clock_limits(&clocks, side));
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
        format!("amazons-engine level {}", self.level)
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.engine().new_game();
        Ok(())
    }

    fn choose(&mut self, game: GameSoFar<'_>, budget: ThinkBudget) -> Result<Move, PlayerError> {
        let limits = search_limits(game, budget);
        let engine = self.engine();
        let cpu = thread_cpu_time();
        let report = engine.search(&game.position, &limits, &mut |_| {});
        self.cpu_spent += thread_cpu_time().saturating_sub(cpu);
        report.best_move.ok_or(PlayerError::NoMove)
    }

    fn cpu_time(&self) -> Option<Duration> {
        Some(self.cpu_spent)
    }

    fn stop_pondering(&mut self) {
        self.end_pondering();
    }

    fn ponder(&mut self, game: GameSoFar<'_>, limit: Duration) -> bool {
        self.end_pondering();
        if !game.position.has_legal_move() {
            // The game is over: nothing to think about.
            return true;
        }
        let mut engine = self.engine.take().expect("not pondering");
        let stop = engine.stop_handle();
        let position = game.position;
        let limits = SearchLimits {
            movetime: Some(limit),
            ponder: true,
            ..SearchLimits::default()
        };
        let thread = std::thread::spawn(move || {
            engine.search(&position, &limits, &mut |_| {});
            engine
        });
        self.pondering = Some(Pondering { thread, stop });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EngineConfig;
    use crate::player::ClockBudget;
    use amazons_core::{BySide, Position};

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
    fn pondering_stops_at_the_next_call_and_leaves_a_tree_to_start_from() {
        let start = Position::start();
        let mut player = BuiltinPlayer::new(Engine::new(EngineConfig {
            hash_mb: 4,
            ..EngineConfig::default()
        }));
        let mine: Vec<Move> = vec!["d1-d7/g7".parse().unwrap()];
        // Our move is played: ponder on the opponent's time, bounded.
        let game = GameSoFar::new(start, &mine).unwrap();
        assert!(player.ponder(game, Duration::from_secs(600)));
        std::thread::sleep(Duration::from_millis(50));
        // The opponent answers: choose stops the pondering search at once.
        let mut both = mine.clone();
        both.push("a7-b7/c7".parse().unwrap());
        let game = GameSoFar::new(start, &both).unwrap();
        let m = player
            .choose(game, ThinkBudget::movetime(Duration::from_millis(50)))
            .unwrap();
        assert!(game.position.is_legal(m).is_ok());
        // Pondering ends when asked, and when the player is dropped.
        let game = GameSoFar::new(start, &mine).unwrap();
        assert!(player.ponder(game, Duration::from_secs(600)));
        player.stop_pondering();
        assert!(player.pondering.is_none() && player.engine.is_some());
        assert!(player.ponder(game, Duration::from_secs(600)));
        assert_eq!(player.name(), "amazons-engine level 7");
        drop(player);
    }

    #[test]
    fn clocks_are_seen_from_the_side_to_move() {
        let moves: Vec<Move> = vec!["d1-d7/g7".parse().unwrap()];
        let game = GameSoFar::new(Position::start(), &moves).unwrap();
        let budget = ThinkBudget {
            movetime: None,
            clocks: Some(ClockBudget {
                remaining: BySide::new(Duration::from_secs(60), Duration::from_secs(50)),
                increment: BySide::new(Duration::from_secs(1), Duration::from_secs(2)),
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
