//! One match as a party to it follows it: built from a `snapshot`, kept up
//! to date by the match's messages (`seats_changed`, `game_started`,
//! `move_played`, `game_over`, rematch offers), each move checked with
//! core's rules. A pure fold, with the time a message arrived passed in as
//! a value: the clocks are core's [`Clock`], rebuilt from every report and
//! counting down from its arrival.
//!
//! Every Rust party follows a match this way: the client's faces and bot,
//! and the server's computer player. (The web page has its own, in
//! `web/assets/js/state.js`.)

use std::time::{Duration, Instant};

use amazons_core::{BySide, Clock, Move, Outcome, Position, Side, TimeControl};

use crate::ids::{MatchId, SeatToken};
use crate::lobby::{Clocks, MatchSnapshot, MatchStatus, Seats};
use crate::messages::ServerMessage;

/// What a message did to the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Not about this match, or nothing to show.
    Nothing,
    /// Seats, spectators or offers changed.
    Seats,
    /// Both seats are filled and the game is on.
    Started,
    /// A move was played.
    Moved(Move),
    /// The game ended.
    Over(Outcome),
    /// The message does not follow from what we know (a missed move): ask
    /// the server for a snapshot.
    OutOfStep,
}

/// A snapshot that does not describe a game (the server never sends one).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// `initial_fen` is no position.
    #[error("the snapshot's initial_fen is no position: {0}")]
    BadFen(String),
    /// A move of the game is against the rules where it was played.
    #[error("the snapshot's move at ply {ply} is illegal: {reason}")]
    IllegalMove {
        /// Its ply.
        ply: usize,
        /// Why the rules refuse it.
        reason: String,
    },
}

/// A match as its party follows it.
#[derive(Clone, Debug)]
pub struct MatchView {
    /// The match.
    pub id: MatchId,
    /// Our seat, if we play in it.
    pub you: Option<Side>,
    /// Our seat token (to resume after a reconnect), when we hold one.
    pub token: Option<SeatToken>,
    /// Who sits where.
    pub seats: Seats,
    /// How many watch.
    pub spectators: u32,
    /// Waiting, playing or finished.
    pub status: MatchStatus,
    /// The clock rules.
    pub time_control: TimeControl,
    /// Where the game started.
    pub start: Position,
    /// The moves so far.
    pub moves: Vec<Move>,
    /// The position now.
    pub position: Position,
    /// The clocks as last reported, counting down since (core's clock: it
    /// never flags here, the server alone decides that).
    pub clock: Clock,
    /// How it ended.
    pub outcome: Option<Outcome>,
    /// The side with a pending rematch offer.
    pub rematch_offer: Option<Side>,
}

/// The server's clock report as core's clock, the running side counting
/// down from `now`.
fn clock_from(control: TimeControl, report: Option<Clocks>, now: Instant) -> Clock {
    match report {
        None => Clock::new(control),
        Some(report) => {
            let remaining =
                BySide::new(report.white_ms, report.black_ms).map(Duration::from_millis);
            let mut clock = Clock::with_remaining(control, remaining);
            if let Some(side) = report.running {
                clock.start(side, now);
            }
            clock
        }
    }
}

impl MatchView {
    /// The match as a snapshot that arrived at `now` shows it; `token` is
    /// ours if we hold a seat.
    pub fn from_snapshot(
        snapshot: &MatchSnapshot,
        token: Option<SeatToken>,
        now: Instant,
    ) -> Result<MatchView, SnapshotError> {
        let start = Position::from_fen(&snapshot.initial_fen)
            .map_err(|e| SnapshotError::BadFen(e.to_string()))?;
        let moves: Vec<Move> = snapshot.moves.iter().map(|m| m.mv).collect();
        let mut position = start;
        for (ply, m) in moves.iter().enumerate() {
            position = position.play(*m).map_err(|e| SnapshotError::IllegalMove {
                ply,
                reason: e.reason.to_string(),
            })?;
        }
        Ok(MatchView {
            id: snapshot.match_id,
            you: snapshot.you,
            token,
            seats: snapshot.seats.clone(),
            spectators: snapshot.spectators,
            status: snapshot.status,
            time_control: snapshot.time_control,
            start,
            moves,
            position,
            clock: clock_from(snapshot.time_control, snapshot.clocks, now),
            outcome: snapshot.outcome,
            rematch_offer: snapshot.rematch_offer,
        })
    }

    /// The ply the next move must carry.
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// Whether it is our move in a running game.
    pub fn our_turn(&self) -> bool {
        self.status == MatchStatus::Playing
            && self.outcome.is_none()
            && self.you == Some(self.position.turn())
    }

    /// Whether the player on `side` is connected (a free seat is not).
    pub fn connected(&self, side: Side) -> bool {
        self.seats.get(side).is_some_and(|seat| seat.connected)
    }

    /// Applies one server message that arrived at `now` (ignored unless it
    /// is about this match).
    pub fn apply(&mut self, message: &ServerMessage, now: Instant) -> Change {
        if message.match_id() != Some(self.id) {
            return Change::Nothing;
        }
        match message {
            ServerMessage::SeatsChanged {
                seats, spectators, ..
            } => {
                self.seats = seats.clone();
                self.spectators = *spectators;
                Change::Seats
            }
            ServerMessage::GameStarted { seats, clocks, .. } => {
                self.seats = seats.clone();
                self.status = MatchStatus::Playing;
                self.clock = clock_from(self.time_control, *clocks, now);
                Change::Started
            }
            ServerMessage::MovePlayed {
                ply, mv, clocks, ..
            } => {
                if *ply < self.ply() {
                    return Change::Nothing;
                }
                let played = mv
                    .parse::<Move>()
                    .ok()
                    .and_then(|m| Some((m, self.position.play(m).ok()?)));
                match played {
                    Some((m, next)) if *ply == self.ply() => {
                        self.moves.push(m);
                        self.position = next;
                        self.clock = clock_from(self.time_control, *clocks, now);
                        Change::Moved(m)
                    }
                    _ => Change::OutOfStep,
                }
            }
            // A `game_over` after a snapshot that already showed the end
            // (the server sends both to a player resuming a finished game).
            ServerMessage::GameOver { .. } if self.outcome.is_some() => Change::Nothing,
            ServerMessage::GameOver {
                winner,
                reason,
                clocks,
                ..
            } => {
                let outcome = Outcome {
                    winner: *winner,
                    reason: *reason,
                };
                self.outcome = Some(outcome);
                self.status = MatchStatus::Finished;
                self.clock = clock_from(self.time_control, *clocks, now);
                self.rematch_offer = None;
                Change::Over(outcome)
            }
            ServerMessage::RematchOffered { by, .. } => {
                self.rematch_offer = Some(*by);
                Change::Seats
            }
            ServerMessage::RematchDeclined { .. } => {
                self.rematch_offer = None;
                Change::Seats
            }
            _ => Change::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::EndReason;

    /// Black's view of a 5+2 game after white's first move, which took 4.1 s.
    fn snapshot() -> MatchSnapshot {
        let mut snapshot = crate::testing::snapshot(
            "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60".parse().unwrap(),
            Some(Side::Second),
            &["d1-d7/g7"],
        );
        snapshot.moves[0].time_ms = 4_100;
        snapshot.moves[0].clock_ms = Some(297_900);
        MatchSnapshot {
            time_control: TimeControl::Fischer {
                initial_ms: 300_000,
                increment_ms: 2_000,
            },
            clocks: Some(Clocks {
                white_ms: 297_900,
                black_ms: 300_000,
                running: Some(Side::Second),
            }),
            ..snapshot
        }
    }

    fn moved(ply: u32, mv: &str, clocks: Option<Clocks>) -> ServerMessage {
        ServerMessage::MovePlayed {
            decided: None,
            match_id: snapshot().match_id,
            ply,
            mv: mv.into(),
            side: Side::Second,
            time_ms: 10,
            clocks,
            fen: None,
        }
    }

    #[test]
    fn follows_moves_ignores_repeats_and_notices_gaps() {
        let now = Instant::now();
        let mut view = MatchView::from_snapshot(&snapshot(), None, now).unwrap();
        assert_eq!(view.ply(), 1);
        assert!(view.our_turn());
        assert_eq!(
            view.clock.remaining(Side::Second, now),
            Some(Duration::from_secs(300))
        );
        assert_eq!(
            view.apply(&moved(0, "d1-d7/g7", None), now),
            Change::Nothing
        );
        assert_eq!(
            view.apply(&moved(2, "d7-d8/d9", None), now),
            Change::OutOfStep
        );
        assert_eq!(
            view.apply(&moved(1, "a7-a4/a5", None), now),
            Change::OutOfStep,
            "illegal"
        );
        let m: Move = "a7-b7/c7".parse().unwrap();
        assert_eq!(
            view.apply(&moved(1, "a7 b7 c7", None), now),
            Change::Moved(m)
        );
        assert!(!view.our_turn());
    }

    #[test]
    fn the_clock_is_the_last_report_counting_down_from_its_arrival() {
        let now = Instant::now();
        let mut view = MatchView::from_snapshot(&snapshot(), None, now).unwrap();
        let later = now + Duration::from_secs(4);
        assert_eq!(
            view.clock.remaining_both(later),
            Some(BySide::new(
                Duration::from_millis(297_900),
                Duration::from_millis(296_000)
            ))
        );
        let report = Clocks {
            white_ms: 297_900,
            black_ms: 298_000,
            running: Some(Side::First),
        };
        view.apply(&moved(1, "a7-b7/c7", Some(report)), later);
        assert_eq!(view.clock.running(), Some(Side::First));
        assert_eq!(
            view.clock.remaining_both(later),
            Some(BySide::new(
                Duration::from_millis(297_900),
                Duration::from_millis(298_000)
            )),
            "as reported, at the moment it arrived"
        );
    }

    #[test]
    fn seats_the_start_the_end_and_rematch_offers() {
        let now = Instant::now();
        let mut view = MatchView::from_snapshot(&snapshot(), None, now).unwrap();
        let id = view.id;
        let mut seats = view.seats.clone();
        seats.white.as_mut().unwrap().connected = false;
        let changed = ServerMessage::SeatsChanged {
            match_id: id,
            seats: seats.clone(),
            spectators: 2,
        };
        assert_eq!(view.apply(&changed, now), Change::Seats);
        assert!(!view.connected(Side::First) && view.connected(Side::Second));
        assert_eq!(view.spectators, 2);
        let started = ServerMessage::GameStarted {
            match_id: id,
            seats,
            clocks: None,
            rated: false,
        };
        assert_eq!(view.apply(&started, now), Change::Started);
        let over = ServerMessage::GameOver {
            margin: None,
            ratings: None,
            match_id: id,
            winner: Some(Side::Second),
            reason: EndReason::Resignation,
            clocks: None,
            record_id: None,
        };
        let outcome = Outcome::win(Side::Second, EndReason::Resignation);
        assert_eq!(view.apply(&over, now), Change::Over(outcome));
        assert_eq!(view.status, MatchStatus::Finished);
        assert!(!view.our_turn());
        assert_eq!(view.apply(&over, now), Change::Nothing, "once");
        let offer = ServerMessage::RematchOffered {
            match_id: id,
            by: Side::First,
        };
        assert_eq!(view.apply(&offer, now), Change::Seats);
        assert_eq!(view.rematch_offer, Some(Side::First));
        let declined = ServerMessage::RematchDeclined {
            match_id: id,
            by: Side::Second,
        };
        assert_eq!(view.apply(&declined, now), Change::Seats);
        assert_eq!(view.rematch_offer, None);
        // Another match's messages change nothing.
        let other = ServerMessage::RematchOffered {
            match_id: MatchId::random(),
            by: Side::First,
        };
        assert_eq!(view.apply(&other, now), Change::Nothing);
        assert_eq!(view.rematch_offer, None);
    }

    #[test]
    fn a_snapshot_that_is_no_game_is_an_error() {
        let now = Instant::now();
        let mut bad_fen = snapshot();
        bad_fen.initial_fen = "nonsense".into();
        assert!(matches!(
            MatchView::from_snapshot(&bad_fen, None, now),
            Err(SnapshotError::BadFen(_))
        ));
        let mut illegal = snapshot();
        illegal.moves[0].mv = "a1-a2/a3".parse().unwrap();
        let error = MatchView::from_snapshot(&illegal, None, now).unwrap_err();
        assert!(matches!(error, SnapshotError::IllegalMove { ply: 0, .. }));
        assert!(error.to_string().contains("ply 0"), "{error}");
    }
}
