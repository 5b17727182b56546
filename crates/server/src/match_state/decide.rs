//! Who may do what, and when: every refusal rule of a match, in the order the
//! protocol documents, and the timers. Nothing here changes the match; each
//! function answers with the events a request (or the passing of time)
//! causes, or a [`Refusal`].

use std::time::Instant;

use amazons_core::{EndReason, GameError, Move, Outcome, PlayerInfo, Position, Side};
use amazons_protocol::{ErrorCode, SeatToken};

use super::{ConnId, Echo, Event, Match, Refusal, RematchSeed, Request, Verdict, seated};

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message))
}

/// The end of a game called off, or abandoned by both players.
const ABORTED: Outcome = Outcome {
    winner: None,
    reason: EndReason::Aborted,
};

impl Match {
    /// The events `request` from connection `by` causes at `now`, or why it is
    /// refused (then nothing changes).
    pub fn decide(
        &self,
        request: &Request,
        by: ConnId,
        now: Instant,
    ) -> Result<Vec<Event>, Refusal> {
        if self.cleared {
            return refuse(ErrorCode::NoSuchMatch, "that match has ended");
        }
        match request {
            Request::Join {
                player,
                seat,
                token,
                legal_moves,
            } => self.join((by, *legal_moves), player, *seat, token, now),
            Request::Spectate => Ok(self.spectate(by)),
            Request::Resume { token, legal_moves } => self.resume((by, *legal_moves), token),
            Request::Leave => self.leave(by, now),
            Request::Move { ply, text, token } => self.play(by, *ply, text, token.as_ref(), now),
            Request::Resign { token } => {
                let side = self.acting_side(by, token.as_ref())?;
                self.check_playing()?;
                Ok(self.end(Outcome::win(side.opponent(), EndReason::Resignation), now))
            }
            Request::GiveUp { reason } => {
                let side = self.acting_side(by, None)?;
                if self.seats[side]
                    .as_ref()
                    .is_none_or(|s| s.computer.is_none())
                {
                    return refuse(
                        ErrorCode::NotAPlayer,
                        "only the server's computer player gives up",
                    );
                }
                if !matches!(reason, EndReason::EngineFailure | EndReason::IllegalMove) {
                    return refuse(
                        ErrorCode::Internal,
                        format!(
                            "a computer gives up by engine failure or an illegal move, not by {reason}"
                        ),
                    );
                }
                self.check_playing()?;
                Ok(self.end(Outcome::win(side.opponent(), *reason), now))
            }
            Request::Withdrawn { side } => {
                if self.tournament.is_none() {
                    return refuse(ErrorCode::Internal, "not a tournament game");
                }
                if self.is_over() {
                    return Ok(Vec::new());
                }
                let reason = if self.is_started() {
                    EndReason::Resignation
                } else {
                    EndReason::Abandonment
                };
                Ok(self.end(Outcome::win(side.opponent(), reason), now))
            }
            Request::ClaimTerritory => {
                self.acting_side(by, None)?;
                self.check_playing()?;
                match &self.verdict {
                    Some(verdict) => Ok(self.end_on_territory(verdict, now)),
                    None => refuse(
                        ErrorCode::NotDecided,
                        "exact counting does not prove a winner here: an empty square can still \
                         be reached by both sides, or the regions are too large to count exactly yet",
                    ),
                }
            }
            Request::Abort { token } => {
                self.acting_side(by, token.as_ref())?;
                if self.is_over() {
                    return refuse(ErrorCode::GameOver, "this game has ended");
                }
                if self.tournament.is_some() {
                    return refuse(
                        ErrorCode::GameInProgress,
                        "a tournament game cannot be called off: resign instead",
                    );
                }
                if !self.game.can_abort() {
                    return refuse(
                        ErrorCode::TooLateToAbort,
                        "both sides have moved: resign instead",
                    );
                }
                Ok(self.end(ABORTED, now))
            }
            Request::OfferRematch { seed } => {
                let side = self.rematch_side(by)?;
                if self.rematch_offer == Some(side.opponent()) {
                    return Ok(self.start_rematch(seed));
                }
                Ok(vec![Event::RematchOffered { by: side }])
            }
            Request::AcceptRematch { seed } => {
                let side = self.rematch_side(by)?;
                if self.rematch_offer != Some(side.opponent()) {
                    return refuse(
                        ErrorCode::NoRematchOffer,
                        "your opponent has not offered a rematch",
                    );
                }
                Ok(self.start_rematch(seed))
            }
            Request::DeclineRematch => {
                let side = self.acting_side(by, None)?;
                Ok(match self.rematch_offer {
                    Some(_) => vec![Event::RematchDeclined { by: side }],
                    None => Vec::new(),
                })
            }
            Request::Detach => {
                let present = self.audience().any(|c| c == by);
                Ok(if present {
                    vec![Event::Detached { conn: by }]
                } else {
                    Vec::new()
                })
            }
        }
    }

    /// What falls due at `now`, in this order: the end of a game whose last
    /// move ended it (after a restore), a flag, the end of a grace period,
    /// the clear-away of a finished match. Empty when nothing is due.
    pub fn tick(&self, now: Instant) -> Vec<Event> {
        if self.cleared {
            return Vec::new();
        }
        if let Some(outcome) = self.game.outcome()
            && self.ended_at_ms.is_none()
        {
            // The last journalled move ended the game: end it as it would
            // have ended live.
            return vec![Event::Ended {
                outcome,
                at_ms: self.wall.unix_ms(now),
                territory: None,
            }];
        }
        if !self.is_over() && self.forfeit_at.is_some_and(|at| at <= now) {
            return self.forfeited(now);
        }
        if !self.is_over() {
            if let Some((side, at)) = self.game.flag_deadline()
                && at <= now
            {
                return self.end(Outcome::win(side.opponent(), EndReason::Time), now);
            }
            let expired: Vec<Side> = Side::BOTH
                .into_iter()
                .filter(|side| {
                    self.seats[*side]
                        .as_ref()
                        .and_then(|s| s.grace_until)
                        .is_some_and(|at| at <= now)
                })
                .collect();
            if !expired.is_empty() {
                return self.abandoned(&expired, now);
            }
        }
        if self.linger_until.is_some_and(|at| at <= now) {
            // Without its record on disk the match must stay in the journal,
            // so that the next start writes the record.
            return vec![if self.is_started() && !self.recorded {
                Event::ClearedAway
            } else {
                Event::Archived
            }];
        }
        Vec::new()
    }

    /// The position to count after `events` (what [`Match::decide`] just
    /// gave for a request): the position after the move they play, if they
    /// play one and the game goes on. The match task counts it and hands
    /// the result to [`Match::judged`] before committing.
    pub fn position_after(&self, events: &[Event]) -> Option<Position> {
        if events.iter().any(|e| matches!(e, Event::Ended { .. })) {
            return None;
        }
        let mv = events.iter().find_map(|e| match e {
            Event::Moved { mv, .. } => Some(*mv),
            _ => None,
        })?;
        self.game.position().play(mv).ok()
    }

    /// The events that say what counting the current position (or, with
    /// `after_move`, the position after the move being committed) proved:
    /// `judged`, and, when the match ends when decided and a move has just
    /// reached a proven position, the end of the game on territory. (A
    /// game set up from a decided position is judged as it is created and
    /// ends after its first move, as every other game ends after a move.)
    pub fn judged(&self, verdict: Option<Verdict>, after_move: bool, now: Instant) -> Vec<Event> {
        let ends = after_move && self.end_when_decided;
        match verdict {
            Some(verdict) if ends => self.end_on_territory(&verdict, now),
            verdict => vec![Event::Judged {
                verdict: verdict.map(Box::new),
            }],
        }
    }

    /// The events that end the game as `verdict` proves it.
    fn end_on_territory(&self, verdict: &Verdict, now: Instant) -> Vec<Event> {
        vec![Event::Ended {
            outcome: Outcome::win(verdict.winner, EndReason::Territory),
            at_ms: self.wall.unix_ms(now),
            territory: Some(verdict.end.clone()),
        }]
    }

    /// A tournament game whose grace period from the round's start ran out
    /// with a seat not taken: a seated entrant wins by forfeit; with nobody
    /// seated, nobody wins (a double forfeit). The match never started, so
    /// it leaves at once; its tournament records the forfeit.
    fn forfeited(&self, now: Instant) -> Vec<Event> {
        let seated: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|side| self.seats[*side].is_some())
            .collect();
        let winner = match seated.as_slice() {
            [side] => Some(*side),
            _ => None,
        };
        self.end(
            Outcome {
                winner,
                reason: EndReason::Abandonment,
            },
            now,
        )
    }

    /// The grace period of the players in `expired` has run out.
    ///
    /// Before the start their seats are given up (and a match left empty
    /// goes). During a game, the side that stayed wins by abandonment; if
    /// the opponent is away too, nobody is there to win: the game is aborted
    /// when fewer than two moves were played, otherwise it ends by
    /// abandonment with no winner. (A game in which nobody has moved is
    /// aborted in any case.)
    fn abandoned(&self, expired: &[Side], now: Instant) -> Vec<Event> {
        if !self.is_started() {
            let mut events: Vec<Event> = expired
                .iter()
                .map(|&side| Event::Unseated { side })
                .collect();
            let left = Side::BOTH
                .into_iter()
                .filter(|s| !expired.contains(s) && self.seats[*s].is_some())
                .count();
            // A tournament game waits for its forfeit deadline instead.
            if left == 0 && self.tournament.is_none() {
                events.extend(self.end(ABORTED, now));
            }
            return events;
        }
        let gone = expired[0];
        let opponent_here = self.conn_of(gone.opponent()).is_some();
        // A tournament game is never called off: whoever stayed wins.
        let tournament = self.tournament.is_some();
        let outcome = if self.game.ply() == 0 && !tournament {
            ABORTED
        } else if opponent_here {
            Outcome::win(gone.opponent(), EndReason::Abandonment)
        } else if self.game.can_abort() && !tournament {
            ABORTED
        } else {
            Outcome {
                winner: None,
                reason: EndReason::Abandonment,
            }
        };
        self.end(outcome, now)
    }

    /// The events that end the game with `outcome` at `now`. A match that
    /// never started needs no record, so it leaves the server at once.
    fn end(&self, outcome: Outcome, now: Instant) -> Vec<Event> {
        let mut events = vec![Event::Ended {
            outcome,
            at_ms: self.wall.unix_ms(now),
            territory: None,
        }];
        if !self.is_started() {
            events.push(Event::Archived);
        }
        events
    }

    /// The seat a request acts for.
    ///
    /// With a token: the token's seat (`bad_token` if it is no seat's), and
    /// only from the connection holding that seat (`not_your_seat`: a token
    /// proves a seat to `resume`; it does not let another connection act for
    /// it). Without: the seat this connection holds (`not_a_player`).
    fn acting_side(&self, by: ConnId, token: Option<&SeatToken>) -> Result<Side, Refusal> {
        match token {
            Some(token) => {
                let Some(side) = self.seat_of_token(token) else {
                    return refuse(
                        ErrorCode::BadToken,
                        "that token does not hold a seat in this match",
                    );
                };
                if self.conn_of(side) != Some(by) {
                    return refuse(
                        ErrorCode::NotYourSeat,
                        format!(
                            "this connection does not hold the {side} seat: resume it with its token first"
                        ),
                    );
                }
                Ok(side)
            }
            None => match self.seat_of_conn(by) {
                Some(side) => Ok(side),
                None => refuse(
                    ErrorCode::NotAPlayer,
                    "you do not hold a seat in this match",
                ),
            },
        }
    }

    /// Refuses unless the game is on.
    fn check_playing(&self) -> Result<(), Refusal> {
        if self.is_over() {
            return refuse(ErrorCode::GameOver, "this game has ended");
        }
        if !self.is_started() {
            return refuse(
                ErrorCode::NotStarted,
                "the game has not started: a seat is free (abort or leave instead)",
            );
        }
        Ok(())
    }

    /// `move`: refusals in the documented order, then the move, and the end
    /// of the game if it leaves the opponent without a move. A move arriving
    /// after the mover's flag fell is not played: the game ends on time.
    fn play(
        &self,
        by: ConnId,
        ply: u32,
        text: &str,
        token: Option<&SeatToken>,
        now: Instant,
    ) -> Result<Vec<Event>, Refusal> {
        let side = self.acting_side(by, token)?;
        let parsed: Result<Move, _> = text.parse();
        // A repeat of an accepted move (in any notation) is acknowledged
        // again, never replayed.
        if let Ok(mv) = &parsed
            && let Some(done) = self.game.moves().get(ply as usize)
            && done.mv == *mv
            && self.game.side_at(ply) == side
        {
            return Ok(vec![Event::Echoed {
                conn: by,
                echo: Echo::MovePlayed(ply),
            }]);
        }
        self.check_playing()?;
        let expected = self.game.ply();
        let turn = self.game.position().turn();
        if turn != side {
            return Err(Refusal {
                expected_ply: Some(expected),
                ..Refusal::new(ErrorCode::NotYourTurn, format!("it is {turn}'s turn"))
            });
        }
        if ply != expected {
            return Err(Refusal {
                expected_ply: Some(expected),
                ..Refusal::new(
                    ErrorCode::StalePly,
                    format!("this match is at ply {expected}, the move was for ply {ply}"),
                )
            });
        }
        let mv = parsed.map_err(|e| Refusal::new(ErrorCode::BadMoveText, e.to_string()))?;
        let recorded = match self.game.check_move(mv, now) {
            Ok(recorded) => recorded,
            Err(GameError::Illegal(e)) => {
                return refuse(ErrorCode::IllegalMove, e.reason.to_string());
            }
            Err(GameError::Flagged(flagged)) => {
                return Ok(self.end(Outcome::win(flagged.side.opponent(), EndReason::Time), now));
            }
            Err(GameError::Over(_)) => return refuse(ErrorCode::GameOver, "this game has ended"),
            Err(GameError::NotStarted) => {
                return refuse(ErrorCode::NotStarted, "the game has not started");
            }
        };
        let clocks = self.game.clock().remaining_both(now).map(|mut both| {
            if let Some(after) = recorded.clock_ms {
                both[side] = std::time::Duration::from_millis(after);
            }
            let millis = both.map(|d| d.as_millis() as u64);
            [millis.first, millis.second]
        });
        let mut events = vec![Event::Moved {
            ply,
            mv,
            time_ms: recorded.time_ms,
            clock_ms: recorded.clock_ms,
            clocks,
        }];
        let after = self
            .game
            .position()
            .play(mv)
            .map_err(|e| Refusal::new(ErrorCode::IllegalMove, e.reason.to_string()))?;
        if let Some(outcome) = after.outcome() {
            events.extend(self.end(outcome, now));
        }
        Ok(events)
    }

    /// `join`: a free seat, for a connection not seated here yet, in a match
    /// not over. Filling the last seat starts the game.
    fn join(
        &self,
        (by, legal_moves): (ConnId, bool),
        player: &PlayerInfo,
        wanted: Option<Side>,
        token: &SeatToken,
        now: Instant,
    ) -> Result<Vec<Event>, Refusal> {
        if self.is_over() {
            return refuse(ErrorCode::GameOver, "this game has ended");
        }
        if self.seat_of_conn(by).is_some() {
            return refuse(
                ErrorCode::AlreadySeated,
                "you already hold a seat in this match",
            );
        }
        if let Some(tag) = &self.tournament {
            return self.join_kept((by, legal_moves), tag, player, wanted, token, now);
        }
        let free = |side: Side| self.seats[side].is_none();
        let side = match wanted {
            Some(side) if free(side) => side,
            Some(side) => return refuse(ErrorCode::SeatTaken, format!("the {side} seat is taken")),
            None => match Side::BOTH.into_iter().find(|s| free(*s)) {
                Some(side) => side,
                None => return refuse(ErrorCode::SeatTaken, "both seats are taken"),
            },
        };
        let player = self.distinct_from_opponent(side, player);
        let mut events = vec![
            seated(side, &player, token, None),
            Event::Attached {
                side,
                conn: by,
                joined: Some(*token),
                replaced: None,
                legal_moves,
            },
        ];
        if !free(side.opponent()) && !self.is_started() {
            events.push(Event::Started {
                at_ms: self.wall.unix_ms(now),
            });
        }
        Ok(events)
    }

    /// `join` of a tournament game: only the entrant a seat is kept for may
    /// take it (`seat_taken` for anyone else, saying whose it is). An
    /// entrant who took the seat and is away (a client that restarted
    /// without its seat token, or after a server restart) gets it back on
    /// this connection, as `resume` would; while another connection of
    /// theirs holds it, `seat_taken`.
    fn join_kept(
        &self,
        (by, legal_moves): (ConnId, bool),
        tag: &super::TournamentTag,
        player: &PlayerInfo,
        wanted: Option<Side>,
        token: &SeatToken,
        now: Instant,
    ) -> Result<Vec<Event>, Refusal> {
        let theirs = |side: Side| player.id.as_ref() == Some(&tag.entrants[side]);
        let side = match wanted {
            Some(side) => side,
            None => Side::BOTH
                .into_iter()
                .find(|s| theirs(*s))
                .unwrap_or(Side::First),
        };
        if !theirs(side) {
            return refuse(
                ErrorCode::SeatTaken,
                format!(
                    "the {side} seat of this tournament game is kept for its entrant: only a \
                     client with that entrant's player key may take it"
                ),
            );
        }
        if self.seats[side].is_some() {
            if self.conn_of(side).is_some() {
                return refuse(
                    ErrorCode::SeatTaken,
                    format!(
                        "another connection of yours holds the {side} seat: play there, or \
                         resume with its seat token"
                    ),
                );
            }
            return Ok(vec![Event::Attached {
                side,
                conn: by,
                joined: None,
                replaced: None,
                legal_moves,
            }]);
        }
        let mut events = vec![
            seated(side, player, token, None),
            Event::Attached {
                side,
                conn: by,
                joined: Some(*token),
                replaced: None,
                legal_moves,
            },
        ];
        if self.seats[side.opponent()].is_some() && !self.is_started() {
            events.push(Event::Started {
                at_ms: self.wall.unix_ms(now),
            });
        }
        Ok(events)
    }

    /// The player joining `side` as they will be seated: under their own
    /// name, or, when the opponent already goes by it (ignoring case and
    /// surrounding spaces), under that name with ` (2)` after it, so the
    /// board, the lobby and the record can tell the two apart. Two browser
    /// tabs share one remembered name and two bots their default one, so the
    /// server tells them apart rather than refusing the game.
    fn distinct_from_opponent(&self, side: Side, player: &PlayerInfo) -> PlayerInfo {
        let taken = self.seats[side.opponent()]
            .as_ref()
            .is_some_and(|seat| same_name(&seat.player.name, &player.name));
        if taken {
            PlayerInfo::new(format!("{} (2)", player.name.trim()), player.kind)
                .identified(player.id.clone())
        } else {
            player.clone()
        }
    }

    /// `spectate`: a seated player or a spectator already watching just gets
    /// the snapshot again.
    fn spectate(&self, by: ConnId) -> Vec<Event> {
        let watching = self.seat_of_conn(by).is_some() || self.spectators.contains(&by);
        vec![if watching {
            Event::Echoed {
                conn: by,
                echo: Echo::Snapshot,
            }
        } else {
            Event::Spectating { conn: by }
        }]
    }

    /// `resume`: the token's seat moves to this connection (any other
    /// connection holding it is replaced). Allowed while the match exists,
    /// before, during and after the game.
    fn resume(
        &self,
        (by, legal_moves): (ConnId, bool),
        token: &SeatToken,
    ) -> Result<Vec<Event>, Refusal> {
        let Some(side) = self.seat_of_token(token) else {
            return refuse(
                ErrorCode::BadToken,
                "that token does not hold a seat in this match",
            );
        };
        let held_by = self.conn_of(side);
        Ok(vec![Event::Attached {
            side,
            conn: by,
            joined: None,
            replaced: held_by.filter(|c| *c != by),
            legal_moves,
        }])
    }

    /// `leave`.
    fn leave(&self, by: ConnId, now: Instant) -> Result<Vec<Event>, Refusal> {
        let Some(side) = self.seat_of_conn(by) else {
            return Ok(vec![if self.spectators.contains(&by) {
                Event::Left { conn: by }
            } else {
                Event::Echoed {
                    conn: by,
                    echo: Echo::Left,
                }
            }]);
        };
        if self.is_over() {
            let mut events = Vec::new();
            if self.rematch_offer.is_some() {
                events.push(Event::RematchDeclined { by: side });
            }
            events.push(Event::Left { conn: by });
            return Ok(events);
        }
        if self.is_started() {
            return refuse(
                ErrorCode::GameInProgress,
                "the game is on: resign or abort instead",
            );
        }
        let mut events = vec![Event::Unseated { side }, Event::Left { conn: by }];
        if self.seats[side.opponent()].is_none() && self.tournament.is_none() {
            events.extend(self.end(ABORTED, now));
        }
        Ok(events)
    }

    /// The side of a player asking about a rematch, if a rematch is possible.
    fn rematch_side(&self, by: ConnId) -> Result<Side, Refusal> {
        let side = self.acting_side(by, None)?;
        if !self.is_over() {
            return refuse(ErrorCode::GameNotOver, "the game is not over");
        }
        if !self.is_started() || self.rematch.is_some() {
            return refuse(ErrorCode::OpponentGone, "no rematch for this match");
        }
        if self.tournament.is_some() {
            return refuse(
                ErrorCode::OpponentGone,
                "a tournament game has no rematch: the tournament pairs the next game",
            );
        }
        if self.conn_of(side.opponent()).is_none() {
            return refuse(ErrorCode::OpponentGone, "your opponent has left");
        }
        Ok(side)
    }

    fn start_rematch(&self, seed: &RematchSeed) -> Vec<Event> {
        vec![Event::RematchStarted { new_match: seed.id }]
    }
}

/// Whether two player names would read as the same name on a board.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}
