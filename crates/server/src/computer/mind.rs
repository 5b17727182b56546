//! What the computer knows of the match it sits in, and what it decides to
//! do: the match followed as the protocol crate's [`MatchView`] (the same
//! fold of server messages the client uses), and a pure fold of those
//! messages into [`Action`]s, with no runtime, channel or engine inside
//! (its unit tests feed it messages, with the time they arrived). The task
//! around it (`task.rs`) carries the actions out: thinks on the computer's
//! threads, sends requests, holds the game slot.
//!
//! The policy, in one place:
//! - it thinks when the game is on and it is its turn, once per ply;
//! - its budget is its think time, bounded by its clock (the engine's
//!   `ThinkBudget::under_clock` with `TimeRule::think_time`);
//! - a move the match refuses as illegal makes it give up (`illegal_move`);
//! - after the game it accepts a rematch offer and never offers one itself;
//!   it leaves a finished match once its opponent is gone (at once when the
//!   game ended with the opponent away), and a finished match it has a
//!   rematch of;
//! - it stops when its match is cleared away or its seat is taken over.

use std::time::{Duration, Instant};

use amazons_core::{EndReason, Move, Position, Side};
use amazons_engine::player::{ClockBudget, ThinkBudget, TimeRule};
use amazons_protocol::{
    Change, ErrorCode, MatchId, MatchStatus, MatchView, MessageType, ServerMessage,
};

/// A move to think about: the game so far and the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// The match.
    pub match_id: MatchId,
    /// The ply the move is for.
    pub ply: u32,
    /// Where the game started.
    pub start: Position,
    /// The moves since.
    pub moves: Vec<Move>,
    /// How long it may think.
    pub budget: ThinkBudget,
    /// Whether this is the first move of a new game for the player (its
    /// engine hears `new_game` first).
    pub new_game: bool,
}

/// What the computer does next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Think about a move (on its thread), then [`Mind::thought`].
    Think(Think),
    /// Play this move.
    Move {
        /// The match.
        match_id: MatchId,
        /// The ply it is for.
        ply: u32,
        /// The move.
        mv: Move,
    },
    /// Lose the game: the engine cannot go on.
    GiveUp {
        /// The match.
        match_id: MatchId,
        /// `engine_failure` or `illegal_move`.
        reason: EndReason,
    },
    /// The game is over: give back the game slot.
    GameEnded,
    /// Accept the opponent's rematch offer, sitting on `new_side` in the
    /// rematch (if a game slot is free; otherwise decline it).
    AcceptRematch {
        /// The finished match.
        match_id: MatchId,
        /// The computer's seat in the rematch.
        new_side: Side,
    },
    /// A rematch the computer accepted did not start: give back its slot.
    RematchRefused,
    /// Leave a finished match.
    Leave(MatchId),
    /// Nothing more to do: the task ends.
    Stop,
}

/// The match the computer sits in, as its messages told it.
#[derive(Clone, Debug)]
struct Seat {
    /// The match.
    match_id: MatchId,
    /// The computer's side.
    side: Side,
    /// The match as followed, from its snapshot on (before it, nothing is
    /// known).
    view: Option<MatchView>,
    /// The ply it last thought about, so it thinks once per ply.
    asked: Option<u32>,
    /// Whether its engine still has to hear `new_game`.
    new_game: bool,
}

impl Seat {
    fn new(match_id: MatchId, side: Side) -> Seat {
        Seat {
            match_id,
            side,
            view: None,
            asked: None,
            new_game: true,
        }
    }

    /// Whether the game is known to have ended.
    fn over(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.outcome.is_some())
    }

    /// Whether the opponent (the other seat) is connected, as last seen (so
    /// before the snapshot).
    fn opponent_here(&self) -> bool {
        self.view
            .as_ref()
            .is_none_or(|v| v.connected(self.side.opponent()))
    }
}

/// What the computer knows and decides; see the module documentation.
#[derive(Clone, Debug)]
pub struct Mind {
    /// Think time per move.
    think: Duration,
    /// The match it sits in now (the newest, after a rematch).
    seat: Option<Seat>,
}

impl Mind {
    /// A computer about to be seated (it learns its match from `joined`).
    pub fn new(think: Duration) -> Mind {
        Mind { think, seat: None }
    }

    /// A computer taking back its seat on `side` of `match_id` with
    /// `resume` (after a restart); the snapshot tells it the rest.
    pub fn resuming(think: Duration, match_id: MatchId, side: Side) -> Mind {
        Mind {
            think,
            seat: Some(Seat::new(match_id, side)),
        }
    }

    /// The match it sits in now.
    pub fn match_id(&self) -> Option<MatchId> {
        self.seat.as_ref().map(|s| s.match_id)
    }

    /// What to do about one message from the server, which arrived at
    /// `now` (its clocks count from then).
    pub fn on_message(&mut self, message: &ServerMessage, now: Instant) -> Vec<Action> {
        let mut actions = Vec::new();
        if let ServerMessage::Joined { match_id, seat, .. } = message {
            if self.match_id() != Some(*match_id) {
                // A new match (the first, or a rematch): leave the old one,
                // which is over by now.
                if let Some(old) = self.seat.take()
                    && old.over()
                {
                    actions.push(Action::Leave(old.match_id));
                }
                self.seat = Some(Seat::new(*match_id, *seat));
            }
            return actions;
        }
        let Some(seat) = self.seat.as_mut() else {
            return actions;
        };
        let about_mine = message.match_id() == Some(seat.match_id);
        if !about_mine {
            return actions;
        }
        match message {
            ServerMessage::Snapshot(snapshot) => {
                let Ok(view) = MatchView::from_snapshot(snapshot, None, now) else {
                    return actions;
                };
                let knew_the_end = seat.over();
                seat.view = Some(view);
                if seat.over() && !knew_the_end {
                    actions.push(Action::GameEnded);
                }
                if seat.over() && !seat.opponent_here() {
                    actions.push(Action::Leave(seat.match_id));
                    actions.push(Action::Stop);
                }
            }
            _ => {
                // The view first (its fold), then the computer's policy.
                let change = seat.view.as_mut().map(|view| view.apply(message, now));
                if change == Some(Change::OutOfStep) {
                    // Its queue loses nothing, so this would be a server
                    // bug: it waits for the next snapshot.
                    tracing::warn!(match_id = %seat.match_id, "the computer is out of step with its match");
                }
                match message {
                    ServerMessage::GameOver { .. } if matches!(change, Some(Change::Over(_))) => {
                        actions.push(Action::GameEnded);
                        if !seat.opponent_here() {
                            // It ended with the opponent away (abandonment):
                            // nobody is left to ask for a rematch.
                            actions.push(Action::Leave(seat.match_id));
                            actions.push(Action::Stop);
                        }
                    }
                    ServerMessage::SeatsChanged { .. } if seat.over() && !seat.opponent_here() => {
                        actions.push(Action::Leave(seat.match_id));
                        actions.push(Action::Stop);
                    }
                    ServerMessage::RematchOffered { by, .. } if seat.over() && *by != seat.side => {
                        actions.push(Action::AcceptRematch {
                            match_id: seat.match_id,
                            new_side: seat.side.opponent(),
                        });
                    }
                    ServerMessage::Error {
                        code,
                        reply_to,
                        message,
                        ..
                    } => match (reply_to, code) {
                        (
                            Some(MessageType::Move),
                            ErrorCode::IllegalMove | ErrorCode::BadMoveText,
                        ) if !seat.over() => {
                            tracing::warn!(match_id = %seat.match_id, "the computer's move was refused: {message}");
                            actions.push(Action::GiveUp {
                                match_id: seat.match_id,
                                reason: EndReason::IllegalMove,
                            });
                        }
                        (Some(MessageType::AcceptRematch), _) => {
                            actions.push(Action::RematchRefused);
                        }
                        _ => {
                            tracing::debug!(match_id = %seat.match_id, ?code, "the computer was refused: {message}");
                        }
                    },
                    ServerMessage::MatchRemoved { .. } | ServerMessage::Replaced { .. } => {
                        actions.push(Action::Stop);
                    }
                    _ => {}
                }
            }
        }
        if let Some(think) = self.next_think(now) {
            actions.push(Action::Think(think));
        }
        actions
    }

    /// The move to think about at `now`, if the game is on, it is the
    /// computer's turn and it has not thought about this ply yet.
    fn next_think(&mut self, now: Instant) -> Option<Think> {
        let seat = self.seat.as_mut()?;
        let view = seat.view.as_ref()?;
        let ply = view.position.ply();
        if view.status != MatchStatus::Playing
            || view.outcome.is_some()
            || view.position.turn() != seat.side
            || view.position.is_game_over()
            || seat.asked == Some(ply)
        {
            return None;
        }
        let clocks = ClockBudget::at(&view.clock, now);
        let budget =
            ThinkBudget::under_clock(clocks, &view.position, TimeRule::think_time(self.think));
        let think = Think {
            match_id: seat.match_id,
            ply,
            start: view.start,
            moves: view.moves.clone(),
            budget,
            new_game: std::mem::take(&mut seat.new_game),
        };
        seat.asked = Some(ply);
        Some(think)
    }

    /// The move of `ply` of `match_id` to think about again at `now`
    /// (its budget from the clocks as they stand now), when the place
    /// thinking it lost the job; nothing when the game has moved on.
    pub fn rethink(&mut self, match_id: MatchId, ply: u32, now: Instant) -> Option<Think> {
        let seat = self.seat.as_mut()?;
        if seat.match_id != match_id || seat.asked != Some(ply) {
            return None;
        }
        seat.asked = None;
        self.next_think(now)
    }

    /// The engine's answer for `ply` of `match_id`: the move to play, the
    /// reason to give up, or nothing when the game has moved on meanwhile
    /// (it ended, say).
    pub fn thought(
        &self,
        match_id: MatchId,
        ply: u32,
        answer: Result<Move, EndReason>,
    ) -> Option<Action> {
        let seat = self.seat.as_ref()?;
        let view = seat.view.as_ref()?;
        if seat.match_id != match_id || view.outcome.is_some() || view.position.ply() != ply {
            return None;
        }
        Some(match answer {
            Ok(mv) => Action::Move { match_id, ply, mv },
            Err(reason) => Action::GiveUp { match_id, reason },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::{Outcome, PlayerKind, TimeControl};
    use amazons_protocol::testing::{self, move_played as played};
    use amazons_protocol::{Clocks, MatchSnapshot, SeatInfo, SeatToken, Seats};

    const THINK: Duration = Duration::from_millis(500);

    fn id(n: u8) -> MatchId {
        MatchId(uuid::Uuid::from_bytes([n; 16]))
    }

    fn seats(human_connected: bool) -> Seats {
        let info = |name: &str, kind, connected| SeatInfo {
            rating: None,
            name: name.into(),
            kind,
            connected,
        };
        Seats {
            white: Some(info("ann", PlayerKind::Human, human_connected)),
            black: Some(info("computer (level 1)", PlayerKind::Bot, true)),
        }
    }

    /// The snapshot of match `match_id` after `moves` with the computer
    /// black against ann, finished (ann won by resignation) or not.
    fn snapshot(match_id: MatchId, moves: &[&str], status: MatchStatus) -> ServerMessage {
        ServerMessage::Snapshot(MatchSnapshot {
            seats: seats(true),
            status,
            outcome: (status == MatchStatus::Finished)
                .then(|| Outcome::win(Side::First, EndReason::Resignation)),
            ..testing::snapshot(match_id, Some(Side::Second), moves)
        })
    }

    fn joined(match_id: MatchId, seat: Side) -> ServerMessage {
        ServerMessage::Joined {
            match_id,
            seat,
            token: SeatToken::from_bytes([1; 16]),
        }
    }

    fn thinks(actions: &[Action]) -> Vec<u32> {
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Think(t) => Some(t.ply),
                _ => None,
            })
            .collect()
    }

    /// Seated black in match 1, the game on at ply 0 (white to move).
    fn seated_black() -> Mind {
        let mut mind = Mind::new(THINK);
        assert!(
            mind.on_message(&joined(id(1), Side::Second), Instant::now())
                .is_empty()
        );
        assert!(
            thinks(&mind.on_message(&snapshot(id(1), &[], MatchStatus::Playing), Instant::now()))
                .is_empty()
        );
        mind
    }

    #[test]
    fn it_thinks_on_its_turn_once_per_ply_and_plays_what_it_found() {
        let mut mind = seated_black();
        let actions = mind.on_message(&played(id(1), 0, "d1-d7/g7"), Instant::now());
        let [Action::Think(think)] = actions.as_slice() else {
            panic!("{actions:?}")
        };
        assert_eq!(think.ply, 1);
        assert_eq!(think.moves, vec!["d1-d7/g7".parse::<Move>().unwrap()]);
        assert!(
            think.new_game,
            "the engine hears new_game before the first move"
        );
        assert_eq!(think.budget, ThinkBudget::movetime(THINK));
        // The same move again (a repeat) and other matches change nothing.
        assert!(thinks(&mind.on_message(&played(id(1), 0, "d1-d7/g7"), Instant::now())).is_empty());
        assert!(
            mind.on_message(&played(id(2), 0, "d1-d7/g7"), Instant::now())
                .is_empty()
        );
        let mv: Move = "a7-b7/c7".parse().unwrap();
        assert_eq!(
            mind.thought(id(1), 1, Ok(mv)),
            Some(Action::Move {
                match_id: id(1),
                ply: 1,
                mv
            })
        );
        assert_eq!(mind.thought(id(1), 0, Ok(mv)), None, "a stale answer");
        assert_eq!(mind.thought(id(2), 1, Ok(mv)), None);
        // Its own move comes back; the next think is a later ply, no new game.
        assert!(thinks(&mind.on_message(&played(id(1), 1, "a7-b7/c7"), Instant::now())).is_empty());
        let actions = mind.on_message(&played(id(1), 2, "d7-d6/d5"), Instant::now());
        let [Action::Think(think)] = actions.as_slice() else {
            panic!("{actions:?}")
        };
        assert_eq!((think.ply, think.new_game), (3, false));
    }

    #[test]
    fn a_lost_think_is_asked_again_for_the_same_ply_only_while_it_is_due() {
        let mut mind = seated_black();
        mind.on_message(&played(id(1), 0, "d1-d7/g7"), Instant::now());
        let again = mind.rethink(id(1), 1, Instant::now()).unwrap();
        assert_eq!((again.ply, again.moves.len()), (1, 1));
        assert_eq!(mind.rethink(id(1), 0, Instant::now()), None, "another ply");
        assert_eq!(
            mind.rethink(id(2), 1, Instant::now()),
            None,
            "another match"
        );
        mind.on_message(
            &testing::game_over(id(1), None, EndReason::Aborted),
            Instant::now(),
        );
        assert_eq!(
            mind.rethink(id(1), 1, Instant::now()),
            None,
            "the game ended"
        );
    }

    #[test]
    fn as_white_it_opens_after_the_start_and_not_twice() {
        let mut mind = Mind::new(THINK);
        mind.on_message(&joined(id(1), Side::First), Instant::now());
        let actions = mind.on_message(&snapshot(id(1), &[], MatchStatus::Playing), Instant::now());
        assert_eq!(thinks(&actions), vec![0]);
        let started = ServerMessage::GameStarted {
            match_id: id(1),
            seats: seats(true),
            clocks: None,
            rated: false,
        };
        assert!(thinks(&mind.on_message(&started, Instant::now())).is_empty());
    }

    #[test]
    fn a_failure_or_a_refused_move_gives_up_and_the_end_frees_the_slot() {
        let mut mind = seated_black();
        mind.on_message(&played(id(1), 0, "d1-d7/g7"), Instant::now());
        assert_eq!(
            mind.thought(id(1), 1, Err(EndReason::EngineFailure)),
            Some(Action::GiveUp {
                match_id: id(1),
                reason: EndReason::EngineFailure
            })
        );
        let refused = testing::refusal(
            ErrorCode::IllegalMove,
            "no queen on e5",
            MessageType::Move,
            id(1),
        );
        assert_eq!(
            mind.on_message(&refused, Instant::now()),
            vec![Action::GiveUp {
                match_id: id(1),
                reason: EndReason::IllegalMove
            }]
        );
        let over = ServerMessage::GameOver {
            margin: None,
            ratings: None,
            match_id: id(1),
            winner: Some(Side::First),
            reason: EndReason::IllegalMove,
            clocks: None,
            record_id: Some(id(1)),
        };
        assert_eq!(
            mind.on_message(&over, Instant::now()),
            vec![Action::GameEnded]
        );
        assert!(mind.on_message(&over, Instant::now()).is_empty(), "once");
        assert_eq!(
            mind.thought(id(1), 1, Ok("a7-b7/c7".parse().unwrap())),
            None
        );
    }

    #[test]
    fn after_the_game_it_accepts_rematches_follows_them_and_leaves_when_alone() {
        let mut mind = Mind::new(THINK);
        mind.on_message(&joined(id(1), Side::Second), Instant::now());
        mind.on_message(
            &snapshot(id(1), &["d1-d7/g7"], MatchStatus::Finished),
            Instant::now(),
        );
        // Its own offer (never made) and offers during play are ignored.
        let offer = |by| ServerMessage::RematchOffered {
            match_id: id(1),
            by,
        };
        assert!(
            mind.on_message(&offer(Side::Second), Instant::now())
                .is_empty()
        );
        assert_eq!(
            mind.on_message(&offer(Side::First), Instant::now()),
            vec![Action::AcceptRematch {
                match_id: id(1),
                new_side: Side::First
            }]
        );
        // The rematch seats it white: it leaves the old match and opens.
        assert_eq!(
            mind.on_message(&joined(id(2), Side::First), Instant::now()),
            vec![Action::Leave(id(1))]
        );
        let actions = mind.on_message(&snapshot(id(2), &[], MatchStatus::Playing), Instant::now());
        let [Action::Think(think)] = actions.as_slice() else {
            panic!("{actions:?}")
        };
        assert!(think.new_game, "a rematch is a new game");
        // Gone opponents (now black): nothing during play, leave after the end.
        let mut swapped = seats(true);
        std::mem::swap(&mut swapped.white, &mut swapped.black);
        swapped.black.as_mut().unwrap().connected = false;
        let gone = ServerMessage::SeatsChanged {
            match_id: id(2),
            seats: swapped,
            spectators: 0,
        };
        assert!(mind.on_message(&gone, Instant::now()).is_empty());
        mind.on_message(
            &testing::game_over(id(2), None, EndReason::Aborted),
            Instant::now(),
        );
        assert_eq!(
            mind.on_message(&gone, Instant::now()),
            vec![Action::Leave(id(2)), Action::Stop]
        );
        let refused = testing::refusal(
            ErrorCode::OpponentGone,
            "gone",
            MessageType::AcceptRematch,
            id(2),
        );
        assert_eq!(
            mind.on_message(&refused, Instant::now()),
            vec![Action::RematchRefused]
        );
        assert_eq!(
            mind.on_message(
                &ServerMessage::MatchRemoved { match_id: id(2) },
                Instant::now()
            ),
            vec![Action::Stop]
        );
    }

    #[test]
    fn a_game_that_ends_with_the_opponent_away_is_left_at_once() {
        let mut mind = seated_black();
        mind.on_message(
            &ServerMessage::SeatsChanged {
                match_id: id(1),
                seats: seats(false),
                spectators: 0,
            },
            Instant::now(),
        );
        let abandoned = ServerMessage::GameOver {
            margin: None,
            ratings: None,
            match_id: id(1),
            winner: Some(Side::Second),
            reason: EndReason::Abandonment,
            clocks: None,
            record_id: Some(id(1)),
        };
        assert_eq!(
            mind.on_message(&abandoned, Instant::now()),
            vec![Action::GameEnded, Action::Leave(id(1)), Action::Stop]
        );
    }

    #[test]
    fn resuming_after_a_restart_it_picks_up_the_game_from_the_snapshot() {
        let mut mind = Mind::resuming(THINK, id(3), Side::Second);
        let actions = mind.on_message(
            &snapshot(id(3), &["d1-d7/g7"], MatchStatus::Playing),
            Instant::now(),
        );
        assert_eq!(thinks(&actions), vec![1]);
    }

    #[test]
    fn the_clock_bounds_the_think_time() {
        // The computer plays white, to move at the start.
        let budget_at = |white_ms: u64, think: Duration| {
            let ServerMessage::Snapshot(mut timed) = snapshot(id(1), &[], MatchStatus::Playing)
            else {
                panic!("a snapshot")
            };
            timed.time_control = TimeControl::Fischer {
                initial_ms: 60_000,
                increment_ms: 0,
            };
            timed.clocks = Some(Clocks {
                white_ms,
                black_ms: 60_000,
                running: Some(Side::First),
            });
            let mut mind = Mind::new(think);
            let now = Instant::now();
            mind.on_message(&joined(id(1), Side::First), now);
            let actions = mind.on_message(&ServerMessage::Snapshot(timed), now);
            let [Action::Think(think)] = actions.as_slice() else {
                panic!("{actions:?}")
            };
            think.budget
        };
        let plenty = budget_at(60_000, Duration::from_millis(200));
        assert_eq!(plenty.movetime, Some(Duration::from_millis(200)));
        assert_eq!(
            plenty.clocks.unwrap().remaining.first,
            Duration::from_millis(60_000),
            "the clocks are handed over as reported"
        );
        let short = budget_at(3_000, Duration::from_secs(10));
        let movetime = short.movetime.unwrap();
        assert!(movetime < Duration::from_millis(1_000), "{movetime:?}");
        assert!(movetime > Duration::ZERO);
        // Untimed, its think time (the other tests' games are untimed).
        let mut mind = seated_black();
        let actions = mind.on_message(&played(id(1), 0, "d1-d7/g7"), Instant::now());
        let [Action::Think(think)] = actions.as_slice() else {
            panic!("{actions:?}")
        };
        assert_eq!(think.budget, ThinkBudget::movetime(THINK));
    }
}
