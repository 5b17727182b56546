//! One server match as this client knows it: built from a `snapshot`, kept up
//! to date by the match's events, checked move by move with the rules. Shared
//! by the full-screen and plain `play` and by `bot`.

use std::time::{Duration, Instant};

use amazons_core::{BySide, Clock, Move, Outcome, Position, Side, TimeControl};
use amazons_engine::player::{ClockBudget, ThinkBudget};
use amazons_protocol::{MatchId, MatchSnapshot, MatchStatus, SeatToken, Seats, ServerMessage};

/// What an event did to the match.
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
    /// The event does not follow from what we know (a missed move): ask the
    /// server for a snapshot.
    OutOfStep,
}

/// A match seen by this client.
#[derive(Clone, Debug)]
pub struct MatchView {
    /// The match.
    pub id: MatchId,
    /// Our seat, if we play in it.
    pub you: Option<Side>,
    /// Our seat token (to resume after a reconnect).
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
fn clock_from(
    control: TimeControl,
    report: Option<amazons_protocol::Clocks>,
    now: Instant,
) -> Clock {
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
    /// The match as a snapshot shows it; `token` is ours if we hold a seat.
    pub fn from_snapshot(
        snapshot: &MatchSnapshot,
        token: Option<SeatToken>,
        now: Instant,
    ) -> anyhow::Result<MatchView> {
        let start = Position::from_fen(&snapshot.initial_fen)?;
        let mut position = start;
        let moves: Vec<Move> = snapshot.moves.iter().map(|m| m.mv).collect();
        for m in &moves {
            position = position.play(*m)?;
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

    /// A player's name, or `(free seat)`.
    pub fn name(&self, side: Side) -> String {
        self.seats.get(side).map_or_else(
            || "(free seat)".into(),
            |seat| {
                let away = if seat.connected { "" } else { " (away)" };
                format!("{}{away}", seat.name)
            },
        )
    }

    /// Applies one server message (ignored unless it is about this match).
    pub fn apply(&mut self, message: &ServerMessage, now: Instant) -> Change {
        match message {
            ServerMessage::SeatsChanged {
                match_id,
                seats,
                spectators,
            } if *match_id == self.id => {
                self.seats = seats.clone();
                self.spectators = *spectators;
                Change::Seats
            }
            ServerMessage::GameStarted {
                match_id,
                seats,
                clocks,
            } if *match_id == self.id => {
                self.seats = seats.clone();
                self.status = MatchStatus::Playing;
                self.clock = clock_from(self.time_control, *clocks, now);
                Change::Started
            }
            ServerMessage::MovePlayed {
                match_id,
                ply,
                mv,
                clocks,
                ..
            } if *match_id == self.id => {
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
            ServerMessage::GameOver { match_id, .. }
                if *match_id == self.id && self.outcome.is_some() =>
            {
                Change::Nothing
            }
            ServerMessage::GameOver {
                match_id,
                winner,
                reason,
                clocks,
                ..
            } if *match_id == self.id => {
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
            ServerMessage::RematchOffered { match_id, by } if *match_id == self.id => {
                self.rematch_offer = Some(*by);
                Change::Seats
            }
            ServerMessage::RematchDeclined { match_id, .. } if *match_id == self.id => {
                self.rematch_offer = None;
                Change::Seats
            }
            _ => Change::Nothing,
        }
    }

    /// The thinking budget for our move now: the server's clocks less a
    /// safety margin for the network and for answering, or `fixed` per move
    /// (capped by the clock) when given. Untimed games use `fixed` or 1 s.
    pub fn budget(&self, fixed: Option<Duration>, now: Instant) -> ThinkBudget {
        let TimeControl::Fischer { increment_ms, .. } = self.time_control else {
            return ThinkBudget {
                movetime: Some(fixed.unwrap_or(Duration::from_secs(1))),
                clocks: None,
            };
        };
        let increment = Duration::from_millis(increment_ms);
        let remaining = BySide::from_fn(|side| self.clock.remaining(side, now).unwrap_or_default());
        let me = self.position.turn();
        let margin = Duration::from_millis(150) + remaining[me] / 20;
        let mut safe = remaining;
        safe[me] = remaining[me]
            .saturating_sub(margin)
            .max(Duration::from_millis(20));
        match fixed {
            Some(fixed) => {
                let share = safe[me] / 10 + increment.mul_f64(0.8);
                ThinkBudget {
                    movetime: Some(fixed.min(share).min(safe[me])),
                    clocks: None,
                }
            }
            None => ThinkBudget {
                movetime: None,
                clocks: Some(ClockBudget {
                    remaining: safe,
                    increment: BySide::both(increment),
                }),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot() -> MatchSnapshot {
        let json = r#"{"type":"snapshot","match_id":"6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60","you":"black","seats":{"white":{"name":"ann","kind":"human","connected":true},"black":{"name":"bob","kind":"human","connected":true}},"spectators":0,"status":"playing","time_control":{"kind":"fischer","initial_ms":300000,"increment_ms":2000},"initial_fen":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1","moves":[{"move":"d1-d7/g7","time_ms":4100,"clock_ms":297900}],"fen":"3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1","ply":1,"turn":"black","clocks":{"white_ms":297900,"black_ms":300000,"running":"black"},"outcome":null,"rematch_offer":null}"#;
        match ServerMessage::decode(json).unwrap() {
            ServerMessage::Snapshot(snapshot) => snapshot,
            other => panic!("{other:?}"),
        }
    }

    fn moved(ply: u32, mv: &str) -> ServerMessage {
        ServerMessage::MovePlayed {
            match_id: snapshot().match_id,
            ply,
            mv: mv.into(),
            side: Side::Second,
            time_ms: 10,
            clocks: None,
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
        assert_eq!(view.apply(&moved(0, "d1-d7/g7"), now), Change::Nothing);
        assert_eq!(view.apply(&moved(2, "d7-d8/d9"), now), Change::OutOfStep);
        assert_eq!(
            view.apply(&moved(1, "a7-a4/a5"), now),
            Change::OutOfStep,
            "illegal"
        );
        let m: Move = "a7-b7/c7".parse().unwrap();
        assert_eq!(view.apply(&moved(1, "a7 b7 c7"), now), Change::Moved(m));
        assert!(!view.our_turn());
    }

    #[test]
    fn budgets_keep_a_margin_and_cap_fixed_times() {
        let now = Instant::now();
        let view = MatchView::from_snapshot(&snapshot(), None, now).unwrap();
        let budget = view.budget(None, now);
        let clocks = budget.clocks.unwrap();
        assert!(
            clocks.remaining.second < Duration::from_secs(290),
            "{clocks:?}"
        );
        assert_eq!(clocks.remaining.first, Duration::from_millis(297_900));
        let fixed = view.budget(Some(Duration::from_secs(100)), now);
        assert!(
            fixed.movetime.unwrap() < Duration::from_secs(40),
            "{fixed:?}"
        );
        assert_eq!(
            view.budget(Some(Duration::from_secs(1)), now).movetime,
            Some(Duration::from_secs(1))
        );
    }
}
