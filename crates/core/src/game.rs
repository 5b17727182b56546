//! A game in progress: the start, the moves with their times, the clocks and
//! the outcome; once over,
//! [`GameRecord::from_game`](crate::GameRecord::from_game) makes its record.
//!
//! The server's matches, the client's local games and the engine arena all
//! keep their game in a [`Game`], so a move is charged, a flag falls and a
//! record is built the same way everywhere. Time is a value passed in.

use std::time::{Duration, Instant};

use crate::clock::{Clock, Flagged, TimeControl};
use crate::moves::Move;
use crate::outcome::{EndReason, Outcome};
use crate::position::{IllegalMove, PlayError, Position};
use crate::record::RecordedMove;
use crate::side::Side;

/// Why a move was not played.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameError {
    /// The game has not started: no clock runs yet.
    #[error("the game has not started")]
    NotStarted,
    /// The game has ended.
    #[error("the game has ended ({0})")]
    Over(Outcome),
    /// The mover's time ran out before the move arrived.
    #[error(transparent)]
    Flagged(#[from] Flagged),
    /// The move is against the rules.
    #[error(transparent)]
    Illegal(#[from] PlayError),
}

/// A game: position, moves, clocks and outcome.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    /// The position the game started from.
    initial: Position,
    /// The position now.
    position: Position,
    /// Every move so far with its time.
    moves: Vec<RecordedMove>,
    /// Both clocks.
    clock: Clock,
    /// Whether the clock has been started (both players are there).
    started: bool,
    /// How it ended, once it has.
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from the standard start, not started yet.
    pub fn new(control: TimeControl) -> Game {
        Game::from_position(Position::start(), control)
    }

    /// A game from `initial`, not started yet. A position where the side to
    /// move cannot move is a game already over.
    pub fn from_position(initial: Position, control: TimeControl) -> Game {
        Game {
            initial,
            position: initial,
            moves: Vec::new(),
            clock: Clock::new(control),
            started: false,
            outcome: initial.outcome(),
        }
    }

    /// Starts the game at `now`: the clock of the side to move runs.
    pub fn start(&mut self, now: Instant) {
        if !self.started && self.outcome.is_none() {
            self.started = true;
            self.clock.start(self.position.turn(), now);
        }
    }

    /// Whether the game has started.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// The position the game started from.
    pub fn initial(&self) -> Position {
        self.initial
    }

    /// The position now.
    pub fn position(&self) -> Position {
        self.position
    }

    /// Every move so far, with its time and the mover's clock after it.
    pub fn moves(&self) -> &[RecordedMove] {
        &self.moves
    }

    /// The number of moves played: the ply the next move is for.
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// A game may be called off (aborted: nobody wins) while fewer than this
    /// many moves have been played, that is until both sides have moved.
    /// The server decides `abort` by it and tells clients in `welcome`.
    pub const ABORT_BEFORE_PLY: u32 = 2;

    /// Whether the game may still be called off: fewer than
    /// [`Game::ABORT_BEFORE_PLY`] moves played.
    pub fn can_abort(&self) -> bool {
        self.ply() < Game::ABORT_BEFORE_PLY
    }

    /// Who moves at `ply` (counted from this game's start).
    pub fn side_at(&self, ply: u32) -> Side {
        if ply % 2 == 0 {
            self.initial.turn()
        } else {
            self.initial.turn().opponent()
        }
    }

    /// The clocks.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The clock rules.
    pub fn time_control(&self) -> TimeControl {
        self.clock.control()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is on: started and not over.
    pub fn is_running(&self) -> bool {
        self.started && self.outcome.is_none()
    }

    /// Checks a move at `now` without playing it: the recorded move it would
    /// become (time taken, mover's clock after), or why it cannot be played.
    /// A late move reports [`GameError::Flagged`]: the caller then ends the
    /// game with [`Game::flag`].
    pub fn check_move(&self, mv: Move, now: Instant) -> Result<RecordedMove, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::Over(outcome));
        }
        if !self.started {
            return Err(GameError::NotStarted);
        }
        self.position.is_legal(mv).map_err(|reason| PlayError {
            mv,
            position: self.position,
            reason,
        })?;
        let charge = self.clock.charge(now).ok_or(GameError::NotStarted)??;
        Ok(RecordedMove {
            mv,
            time_ms: millis(charge.spent),
            clock_ms: charge.clock_after.map(millis),
        })
    }

    /// Plays a checked or recorded move at `now`: the position advances, the
    /// mover's clock is set as recorded, the opponent's starts, and a side
    /// left without a move loses (`no_legal_move`). The rules are checked
    /// again, so a bad journal or record can never corrupt a game.
    pub fn apply_move(&mut self, recorded: RecordedMove, now: Instant) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError {
                mv: recorded.mv,
                position: self.position,
                reason: IllegalMove::GameOver,
            });
        }
        let mover = self.position.turn();
        self.position = self.position.play(recorded.mv)?;
        self.started = true;
        self.clock
            .record_move(mover, recorded.clock_ms.map(Duration::from_millis), now);
        self.moves.push(recorded);
        if let Some(outcome) = self.position.outcome() {
            self.end(outcome, now);
        }
        Ok(())
    }

    /// Checks and plays `mv` at `now`. On a late move the game ends on time
    /// and the error says so.
    pub fn play(&mut self, mv: Move, now: Instant) -> Result<&RecordedMove, GameError> {
        match self.check_move(mv, now) {
            Ok(recorded) => {
                self.apply_move(recorded, now)?;
                Ok(self.moves.last().expect("a move was just played"))
            }
            Err(GameError::Flagged(flagged)) => {
                self.flag(flagged.side);
                Err(GameError::Flagged(flagged))
            }
            Err(e) => Err(e),
        }
    }

    /// When the running side's flag falls, while the game is on.
    pub fn flag_deadline(&self) -> Option<(Side, Instant)> {
        self.is_running()
            .then(|| self.clock.flag_deadline())
            .flatten()
    }

    /// Ends the game on time if the side to move has run out at `now`; the
    /// outcome if it did.
    pub fn check_flag(&mut self, now: Instant) -> Option<Outcome> {
        let side = self.is_running().then(|| self.clock.flagged(now))??;
        Some(self.flag(side))
    }

    /// `side` has run out of time: its clock shows zero and it loses.
    pub fn flag(&mut self, side: Side) -> Outcome {
        self.clock.flag(side);
        let outcome = Outcome::win(side.opponent(), EndReason::Time);
        self.outcome = Some(outcome);
        outcome
    }

    /// Ends the game at `now` with `outcome` (resignation, abandonment,
    /// abort, or a rule the caller decided). The running clock is charged
    /// the time used. Does nothing if the game is already over.
    pub fn end(&mut self, outcome: Outcome, now: Instant) {
        if self.outcome.is_none() {
            self.clock.stop(now);
            self.outcome = Some(outcome);
        }
    }

    /// `side` resigns at `now`.
    pub fn resign(&mut self, side: Side, now: Instant) {
        self.end(Outcome::win(side.opponent(), EndReason::Resignation), now);
    }

    /// Takes back up to `plies` moves (local games only); returns how many
    /// were taken back. A finished game cannot be taken back. The clocks
    /// keep what they show, and the side to move's clock restarts at `now`.
    pub fn take_back(&mut self, plies: usize, now: Instant) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let undone = plies.min(self.moves.len());
        if undone == 0 {
            return 0;
        }
        self.clock.stop(now);
        self.moves.truncate(self.moves.len() - undone);
        let mut position = self.initial;
        for recorded in &self.moves {
            position = position
                .play(recorded.mv)
                .expect("moves already played replay");
        }
        self.position = position;
        if self.started {
            self.clock.start(position.turn(), now);
        }
        undone
    }
}

fn millis(d: Duration) -> u64 {
    d.as_millis().try_into().unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use std::time::UNIX_EPOCH;

    use super::*;
    use crate::record::{GameRecord, RecordMeta};
    use crate::side::BySide;
    use crate::testing::human;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    fn meta() -> RecordMeta {
        let at = |secs| UNIX_EPOCH + Duration::from_secs(secs);
        RecordMeta::new(
            "g1",
            BySide::new(human("ann"), human("bob")),
            at(1_700_000_000),
            at(1_700_000_060),
        )
    }

    #[test]
    fn moves_are_timed_and_the_record_replays() {
        let t0 = Instant::now();
        let mut game = Game::new("1+2".parse().unwrap());
        assert_eq!(
            game.check_move(mv("d1-d7/g7"), t0),
            Err(GameError::NotStarted)
        );
        game.start(t0);
        let t1 = t0 + Duration::from_secs(3);
        assert!(game.can_abort());
        let first = game.play(mv("d1-d7/g7"), t1).unwrap().clone();
        assert!(game.can_abort(), "only one side has moved");
        assert_eq!(first.time_ms, 3_000);
        assert_eq!(first.clock_ms, Some(59_000));
        assert!(matches!(
            game.play(mv("d7-d1/d2"), t1),
            Err(GameError::Illegal(_))
        ));
        let t2 = t1 + Duration::from_millis(1_500);
        game.play(mv("a7-b7/c7"), t2).unwrap();
        assert_eq!(game.ply(), 2);
        assert!(!game.can_abort(), "both sides have moved");
        assert_eq!(game.moves()[1].clock_ms, Some(60_500));
        assert!(GameRecord::from_game(&game, meta()).is_none());
        game.resign(Side::First, t2);
        let record = GameRecord::from_game(&game, meta()).unwrap();
        assert_eq!(
            record.result,
            Outcome::win(Side::Second, EndReason::Resignation)
        );
        assert_eq!(record.started_at_ms, 1_700_000_000_000);
        assert_eq!(record.initial_fen, None);
        assert_eq!(record.replay().unwrap().len(), 3);
        assert!(matches!(
            game.play(mv("a4-a5/a6"), t2),
            Err(GameError::Over(_))
        ));
    }

    #[test]
    fn a_move_records_whole_milliseconds_that_its_clock_agrees_with() {
        let t0 = Instant::now();
        let mut game = Game::new("2s+0.5".parse().unwrap());
        game.start(t0);
        let recorded = game
            .play(mv("d1-d7/g7"), t0 + Duration::from_micros(306_400))
            .unwrap();
        assert_eq!(recorded.time_ms, 306);
        assert_eq!(recorded.clock_ms, Some(2_000 - 306 + 500));
    }

    proptest::proptest! {
        /// A record's clocks replay: for every move, sub-millisecond thinking
        /// times included, the mover's clock after it is its clock before it
        /// minus the move's `time_ms` plus the increment, and a game rebuilt
        /// from the recorded moves (as the journal does) shows the same clocks.
        #[test]
        fn recorded_clocks_are_the_clock_before_minus_time_plus_increment(
            spends_us in proptest::collection::vec(0u64..3_000_000, 1..40),
            seed in proptest::prelude::any::<u64>(),
        ) {
            let control: TimeControl = "0.5+1".parse().unwrap();
            let (initial_ms, increment_ms) = (30_000, 1_000);
            let t0 = Instant::now();
            let mut game = Game::new(control);
            game.start(t0);
            let mut now = t0;
            let mut pick = seed;
            for spent_us in spends_us {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                now += Duration::from_micros(spent_us) + Duration::from_nanos(pick % 1_000);
                if game.play(moves[(pick >> 33) as usize % moves.len()], now).is_err() {
                    break;
                }
            }
            let mut before = crate::side::BySide::both(initial_ms);
            let mut replayed = Game::new(control);
            replayed.start(t0);
            for (ply, recorded) in game.moves().iter().enumerate() {
                let side = game.side_at(ply as u32);
                let after = recorded.clock_ms.unwrap();
                proptest::prop_assert_eq!(after, before[side] - recorded.time_ms + increment_ms);
                before[side] = after;
                replayed.apply_move(recorded.clone(), t0).unwrap();
                proptest::prop_assert_eq!(
                    replayed.clock().remaining(side, t0),
                    Some(Duration::from_millis(after))
                );
            }
        }
    }

    #[test]
    fn a_late_move_loses_on_time() {
        let t0 = Instant::now();
        let mut game = Game::new("10s+0".parse().unwrap());
        game.start(t0);
        assert_eq!(
            game.flag_deadline(),
            Some((Side::First, t0 + Duration::from_secs(10)))
        );
        assert_eq!(game.check_flag(t0 + Duration::from_millis(9_999)), None);
        let late = t0 + Duration::from_secs(10);
        assert_eq!(
            game.play(mv("d1-d7/g7"), late),
            Err(GameError::Flagged(Flagged { side: Side::First }))
        );
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Side::Second, EndReason::Time))
        );
        assert_eq!(
            game.clock().remaining(Side::First, late),
            Some(Duration::ZERO)
        );
        assert_eq!(game.flag_deadline(), None);
    }

    #[test]
    fn a_move_that_leaves_no_move_ends_the_game_even_when_replayed() {
        // White to move: c1-b1/c1 walls in black's only queen, on a1.
        let position: Position = "10/10/10/10/10/10/10/10/**8/q1Q6Q w".parse().unwrap();
        let t0 = Instant::now();
        let mut live = Game::from_position(position, TimeControl::Untimed);
        live.start(t0);
        let recorded = live.check_move(mv("c1-b1/c1"), t0).unwrap();
        live.apply_move(recorded.clone(), t0).unwrap();
        assert_eq!(
            live.outcome(),
            Some(Outcome::win(Side::First, EndReason::NoLegalMove))
        );
        // Rebuilding from the recorded move (a journal) ends it the same way.
        let mut restored = Game::from_position(position, TimeControl::Untimed);
        restored.apply_move(recorded, t0).unwrap();
        assert_eq!(restored.outcome(), live.outcome());
        let record = GameRecord::from_game(&restored, meta()).unwrap();
        assert_eq!(record.initial_fen, Some(position.fen()));
        assert_eq!(record.replay().unwrap().len(), 2);
    }

    #[test]
    fn take_backs_restore_the_position_and_restart_the_clock() {
        let t0 = Instant::now();
        let mut game = Game::new(TimeControl::Untimed);
        game.start(t0);
        game.play(mv("d1-d7/g7"), t0).unwrap();
        game.play(mv("a7-b7/c7"), t0).unwrap();
        assert_eq!(game.take_back(1, t0), 1);
        assert_eq!(game.position().turn(), Side::Second);
        assert_eq!(game.clock().running(), Some(Side::Second));
        game.play(mv("a7-a6/a5"), t0).unwrap();
        assert_eq!(game.take_back(5, t0), 2);
        assert_eq!(game.position(), Position::start());
    }
}
