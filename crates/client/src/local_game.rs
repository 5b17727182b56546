//! A game played on this machine: the positions so far (for take-backs), the
//! clocks, the outcome, and the core game record it becomes when it ends.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use amazons_core::{
    EndReason, GameRecord, Move, Outcome, PlayError, PlayerInfo, Position, RECORD_SCHEMA_VERSION,
    RecordedMove, Side, TimeControl,
};

use crate::clock::Clocks;

/// A local game in progress or finished.
#[derive(Clone, Debug)]
pub struct LocalGame {
    /// Record id (a random UUID).
    id: String,
    /// Every position so far, the start first.
    positions: Vec<Position>,
    /// The moves with their thinking times.
    moves: Vec<RecordedMove>,
    /// Who plays white and black.
    players: [PlayerInfo; 2],
    /// The clock rules.
    time_control: TimeControl,
    /// The clocks, running for the side to move.
    clocks: Clocks,
    /// When the side to move started thinking.
    turn_started: Instant,
    /// Wall-clock start, Unix milliseconds, for the record.
    started_at_ms: u64,
    /// How it ended.
    outcome: Option<Outcome>,
}

/// Now as Unix milliseconds.
pub fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

impl LocalGame {
    /// A new game from the standard start; white's clock starts at `now`.
    pub fn new(players: [PlayerInfo; 2], time_control: TimeControl, now: Instant) -> LocalGame {
        let mut clocks = match time_control {
            TimeControl::Untimed => Clocks::untimed(),
            TimeControl::Fischer { initial_ms, .. } => {
                let initial = Duration::from_millis(initial_ms);
                Clocks::stopped(initial, initial)
            }
        };
        clocks.start(Side::First, now);
        LocalGame {
            id: uuid::Uuid::new_v4().to_string(),
            positions: vec![Position::start()],
            moves: Vec::new(),
            players,
            time_control,
            clocks,
            turn_started: now,
            started_at_ms: unix_ms(),
            outcome: None,
        }
    }

    /// The position now.
    pub fn position(&self) -> Position {
        self.positions[self.positions.len() - 1]
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// The moves so far.
    pub fn moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// The players, white first.
    pub fn players(&self) -> &[PlayerInfo; 2] {
        &self.players
    }

    /// The clocks.
    pub fn clocks(&self) -> Clocks {
        self.clocks
    }

    /// The clock rules.
    pub fn time_control(&self) -> TimeControl {
        self.time_control
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays `m` for the side to move at `now`, charging its clock.
    pub fn play(&mut self, m: Move, now: Instant) -> Result<(), PlayError> {
        let position = self.position();
        if self.outcome.is_some() {
            return Err(PlayError {
                mv: m,
                position,
                reason: amazons_core::IllegalMove::GameOver,
            });
        }
        let next = position.play(m)?;
        let mover = position.turn();
        self.clocks.stop(now);
        let clock_ms = match self.time_control {
            TimeControl::Untimed => None,
            TimeControl::Fischer { increment_ms, .. } => {
                self.clocks.add(mover, Duration::from_millis(increment_ms));
                self.clocks
                    .remaining(mover, now)
                    .map(|d| d.as_millis() as u64)
            }
        };
        self.moves.push(RecordedMove {
            mv: m,
            time_ms: now.saturating_duration_since(self.turn_started).as_millis() as u64,
            clock_ms,
        });
        self.positions.push(next);
        self.turn_started = now;
        self.outcome = next.outcome();
        if self.outcome.is_none() {
            self.clocks.start(next.turn(), now);
        }
        Ok(())
    }

    /// Takes back up to `plies` moves; returns how many were taken back. A
    /// finished game cannot be taken back.
    pub fn take_back(&mut self, plies: usize, now: Instant) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let undone = plies.min(self.moves.len());
        for _ in 0..undone {
            self.moves.pop();
            self.positions.pop();
        }
        self.turn_started = now;
        self.clocks.start(self.position().turn(), now);
        undone
    }

    /// Ends the game: `side` resigns.
    pub fn resign(&mut self, side: Side, now: Instant) {
        if self.outcome.is_none() {
            self.clocks.stop(now);
            self.outcome = Some(Outcome::win(side.opponent(), EndReason::Resignation));
        }
    }

    /// Ends the game on time if the side to move has run out; true if it did.
    pub fn check_time(&mut self, now: Instant) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        match self.clocks.flagged(now) {
            Some(side) => {
                self.clocks.stop(now);
                self.outcome = Some(Outcome::win(side.opponent(), EndReason::Time));
                true
            }
            None => false,
        }
    }

    /// The finished game as a core record (`None` while it is still going).
    pub fn record(&self) -> Option<GameRecord> {
        let result = self.outcome?;
        Some(GameRecord {
            schema: RECORD_SCHEMA_VERSION,
            id: self.id.clone(),
            white: self.players[0].clone(),
            black: self.players[1].clone(),
            started_at_ms: self.started_at_ms,
            ended_at_ms: unix_ms(),
            time_control: self.time_control,
            initial_fen: None,
            moves: self.moves.clone(),
            result,
            final_fen: self.position().fen(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::PlayerKind;

    fn players() -> [PlayerInfo; 2] {
        ["ann", "bob"].map(|name| PlayerInfo {
            name: name.into(),
            kind: PlayerKind::Human,
        })
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn moves_take_backs_and_the_record_replays() {
        let t0 = Instant::now();
        let mut game = LocalGame::new(players(), TimeControl::Untimed, t0);
        game.play(mv("d1-d7/g7"), t0).unwrap();
        game.play(mv("a7-b7/c7"), t0).unwrap();
        assert!(game.play(mv("a7-b7/c7"), t0).is_err());
        assert_eq!(game.take_back(1, t0), 1);
        assert_eq!(game.position().turn(), Side::Second);
        game.play(mv("a7-a6/a5"), t0).unwrap();
        assert!(game.record().is_none());
        game.resign(Side::First, t0);
        let record = game.record().unwrap();
        assert_eq!(
            record.result,
            Outcome::win(Side::Second, EndReason::Resignation)
        );
        assert_eq!(record.replay().unwrap().len(), 3);
        assert_eq!(record.move_text(), "1. d1-d7/g7 a7-a6/a5");
        assert_eq!(game.take_back(1, t0), 0);
    }

    #[test]
    fn clocks_charge_the_mover_and_flag() {
        let t0 = Instant::now();
        let tc = TimeControl::Fischer {
            initial_ms: 10_000,
            increment_ms: 1_000,
        };
        let mut game = LocalGame::new(players(), tc, t0);
        game.play(mv("d1-d7/g7"), t0 + Duration::from_secs(3))
            .unwrap();
        let t1 = t0 + Duration::from_secs(3);
        assert_eq!(
            game.clocks().remaining(Side::First, t1),
            Some(Duration::from_secs(8))
        );
        assert!(!game.check_time(t1 + Duration::from_secs(9)));
        assert!(game.check_time(t1 + Duration::from_secs(10)));
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Side::First, EndReason::Time))
        );
        assert_eq!(game.record().unwrap().moves[0].clock_ms, Some(8_000));
    }
}
