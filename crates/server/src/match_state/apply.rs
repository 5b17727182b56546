//! What each event changes: [`Match::apply`], the one way a match's state
//! moves, live (after the journal has the event) and when rebuilding from
//! the journal. An event that does not fit is an error and changes nothing.

use std::time::Instant;

use amazons_core::{EndReason, FenError, PlayError, PlayerInfo, RecordedMove, Side};

use super::{Event, Match, Seat, TokenHash};

/// Why an event does not fit the match (a journal that does not rebuild
/// it, or a bug: live events were decided on this same state).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Misfit {
    /// A `created` event after the first.
    #[error("created twice")]
    CreatedTwice,
    /// A first event that is not `created`.
    #[error("not a created event")]
    NotCreated,
    /// A `created` event whose set-up position does not read.
    #[error("initial_fen {fen:?}: {error}")]
    BadInitialFen {
        /// The text journalled.
        fen: String,
        /// Why it does not read.
        error: FenError,
    },
    /// A seat whose token hash is not hex SHA-256.
    #[error("bad token hash")]
    BadTokenHash,
    /// A seat taken twice.
    #[error("the {0} seat is taken")]
    SeatTaken(Side),
    /// A seat freed once the game began.
    #[error("unseated after the start")]
    UnseatedAfterStart,
    /// A start with a seat free.
    #[error("started with a free seat")]
    StartedWithFreeSeat,
    /// A move journalled for another ply.
    #[error("move for ply {ply} at ply {at}")]
    WrongPly {
        /// The move's ply.
        ply: u32,
        /// The game's.
        at: u32,
    },
    /// A move before the game began.
    #[error("a move before the start")]
    MoveBeforeStart,
    /// A move the game refuses.
    #[error(transparent)]
    Illegal(#[from] PlayError),
    /// An end after the end.
    #[error("ended twice")]
    EndedTwice,
    /// A territory ending and its count disagree.
    #[error("a territory ending without its count, or a count without it")]
    TerritoryWithoutCount,
    /// A connection attached to a seat nobody holds.
    #[error("attached to the free {0} seat")]
    AttachedToFreeSeat(Side),
    /// A connection attached over another one it does not replace.
    #[error("attached over another connection")]
    AttachedOverAnother,
}

impl Match {
    /// Applies one event at `now`: live after the journal has it, or when
    /// rebuilding. An event that does not fit is an error and changes
    /// nothing.
    pub fn apply(&mut self, event: &Event, now: Instant) -> Result<(), Misfit> {
        match event {
            Event::Created { .. } => return Err(Misfit::CreatedTwice),
            Event::Seated {
                side,
                name,
                kind,
                token_sha256,
                computer,
                id,
            } => {
                let token = TokenHash::from_hex(token_sha256).ok_or(Misfit::BadTokenHash)?;
                if self.seats[*side].is_some() {
                    return Err(Misfit::SeatTaken(*side));
                }
                self.seats[*side] = Some(Seat {
                    player: PlayerInfo::new(name.clone(), *kind).identified(id.clone()),
                    token,
                    conn: None,
                    grace_until: None,
                    told_end: false,
                    legal_moves: false,
                    computer: computer.clone(),
                });
            }
            Event::Unseated { side } => {
                if self.is_started() {
                    return Err(Misfit::UnseatedAfterStart);
                }
                self.seats[*side] = None;
            }
            Event::Started { at_ms } => {
                if self.seats.iter().any(Option::is_none) {
                    return Err(Misfit::StartedWithFreeSeat);
                }
                self.started_at_ms = Some(*at_ms);
                self.forfeit_at = None;
                self.game.start(now);
            }
            Event::Moved {
                ply,
                mv,
                time_ms,
                clock_ms,
                ..
            } => {
                if *ply != self.game.ply() {
                    return Err(Misfit::WrongPly {
                        ply: *ply,
                        at: self.game.ply(),
                    });
                }
                if !self.is_started() {
                    return Err(Misfit::MoveBeforeStart);
                }
                let recorded = RecordedMove {
                    mv: *mv,
                    time_ms: *time_ms,
                    clock_ms: *clock_ms,
                };
                self.game.apply_move(recorded, now)?;
                self.verdict = None;
                if self.is_over() {
                    self.end_due = Some(now);
                }
            }
            Event::Ended {
                outcome,
                at_ms,
                territory,
            } => {
                if self.ended_at_ms.is_some() {
                    return Err(Misfit::EndedTwice);
                }
                if territory.is_some() != (outcome.reason == EndReason::Territory) {
                    return Err(Misfit::TerritoryWithoutCount);
                }
                self.territory = territory.clone();
                self.verdict = None;
                match (outcome.reason, outcome.winner) {
                    (EndReason::Time, Some(winner)) if self.game.outcome().is_none() => {
                        self.game.flag(winner.opponent());
                    }
                    _ => self.game.end(*outcome, now),
                }
                self.ended_at_ms = Some(*at_ms);
                self.end_due = None;
                self.rematch_offer = None;
                for seat in self.seats.iter_mut().flatten() {
                    seat.grace_until = None;
                    seat.told_end = seat.conn.is_some();
                }
                // It stays for the linger period even if nobody is connected
                // (after a restart, or when both players are away), so that
                // a player who comes back learns how it ended.
                self.linger_until = Some(now + self.rules.linger);
            }
            Event::Archived | Event::ClearedAway => self.cleared = true,
            Event::Attached {
                side,
                conn,
                replaced,
                legal_moves,
                ..
            } => {
                let seat = self.seats[*side]
                    .as_mut()
                    .ok_or(Misfit::AttachedToFreeSeat(*side))?;
                if seat.conn != *replaced && seat.conn != Some(*conn) {
                    return Err(Misfit::AttachedOverAnother);
                }
                seat.conn = Some(*conn);
                seat.grace_until = None;
                seat.told_end = self.ended_at_ms.is_some();
                seat.legal_moves = *legal_moves;
                self.spectators.retain(|c| c != conn);
                if self.linger_until.is_some() {
                    self.linger_until = Some(now + self.rules.linger);
                }
            }
            Event::Detached { conn } => {
                self.spectators.retain(|c| c != conn);
                let live = !self.is_over();
                let grace = now + self.rules.grace;
                for seat in self.seats.iter_mut().flatten() {
                    if seat.conn == Some(*conn) {
                        seat.conn = None;
                        if live {
                            seat.grace_until = Some(grace);
                        }
                    }
                }
                self.clear_away_if_nobody_is_left(now);
            }
            Event::Spectating { conn } => {
                if !self.spectators.contains(conn) {
                    self.spectators.push(*conn);
                }
            }
            Event::Left { conn } => {
                self.spectators.retain(|c| c != conn);
                if self.is_over() {
                    for seat in self.seats.iter_mut().flatten() {
                        if seat.conn == Some(*conn) {
                            seat.conn = None;
                        }
                    }
                    self.clear_away_if_nobody_is_left(now);
                }
            }
            Event::Echoed { .. } => {}
            Event::RematchOffered { by } => self.rematch_offer = Some(*by),
            Event::RematchDeclined { .. } => self.rematch_offer = None,
            Event::RematchStarted { new_match } => {
                self.rematch_offer = None;
                self.rematch = Some(*new_match);
            }
            Event::Recorded => self.recorded = true,
            Event::Judged { verdict } => self.verdict = verdict.clone(),
        }
        Ok(())
    }

    /// A finished match that the last connection has just left is cleared
    /// away at once (nobody is left to arrange a rematch), unless a player
    /// who was away at the end has not been back yet to learn how it ended.
    fn clear_away_if_nobody_is_left(&mut self, now: Instant) {
        let everyone_told = self.seats.iter().flatten().all(|s| s.told_end);
        if self.ended_at_ms.is_some() && everyone_told && self.audience().next().is_none() {
            self.linger_until = Some(now);
        }
    }
}
