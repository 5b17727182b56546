//! What a match looks like from outside: the lobby's summary, the snapshot a
//! connection gets, the clocks at an instant, and the messages each event
//! sends to whom ([`Match::outputs`]).

use std::time::Instant;

use amazons_core::{BySide, Side};
use amazons_protocol::{
    Clocks, Decided, LegalMoves, MatchSnapshot, MatchStatus, MatchSummary, SeatInfo, Seats,
    ServerMessage,
};

use super::{ConnId, Echo, Event, Match};

/// Who a message is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Recipient {
    /// One connection.
    Conn(ConnId),
    /// Everyone in the match: the connected players and the spectators (as
    /// the match is after the events that caused the message).
    Audience,
}

/// One thing for the match task to do on the network after events were
/// applied. (Outputs live for one step and are consumed at once, so the size
/// of a `Send` does not matter.)
#[derive(Clone, PartialEq, Eq, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Output {
    /// Send a message.
    Send {
        /// To whom.
        to: Recipient,
        /// What.
        message: ServerMessage,
    },
    /// Close a connection (after what is queued for it) with a close code.
    Close {
        /// The connection.
        conn: ConnId,
        /// The WebSocket close code.
        code: u16,
        /// The close reason.
        reason: &'static str,
    },
}

fn send(to: Recipient, message: ServerMessage) -> Output {
    Output::Send { to, message }
}

impl Match {
    /// Waiting (a seat is free), playing, or finished.
    pub fn status(&self) -> MatchStatus {
        if self.is_over() {
            MatchStatus::Finished
        } else if self.is_started() {
            MatchStatus::Playing
        } else {
            MatchStatus::Waiting
        }
    }

    /// Both clocks at `now` (`None` when untimed).
    pub fn clocks(&self, now: Instant) -> Option<Clocks> {
        let BySide {
            first: white,
            second: black,
        } = self.game.clock().remaining_both(now)?;
        Some(Clocks {
            white_ms: white.as_millis() as u64,
            black_ms: black.as_millis() as u64,
            running: self.game.is_running().then(|| self.game.position().turn()),
        })
    }

    /// Who sits where, as everyone may see it.
    pub fn seats_view(&self) -> Seats {
        let info = |side: Side| {
            self.seats[side].as_ref().map(|s| SeatInfo {
                rating: self.ratings[side],
                name: s.player.name.clone(),
                kind: s.player.kind,
                connected: s.conn.is_some(),
            })
        };
        Seats {
            white: info(Side::First),
            black: info(Side::Second),
        }
    }

    /// The lobby's line for this match.
    pub fn summary(&self) -> MatchSummary {
        MatchSummary {
            rated: self.is_rated(),
            id: self.id,
            seats: self.seats_view(),
            spectators: self.spectators.len() as u32,
            status: self.status(),
            time_control: self.game.time_control(),
            ply: self.game.ply(),
            outcome: self.game.outcome(),
            end_when_decided: self.end_when_decided,
            assistance: self.assistance,
        }
    }

    /// What exact counting proved about the current position, for players
    /// to claim: only in a match that does not end by itself when decided.
    pub fn decided(&self) -> Option<Decided> {
        if self.end_when_decided {
            return None;
        }
        self.verdict.as_ref().map(|v| Decided {
            winner: v.winner,
            margin: v.end.margin,
        })
    }

    /// The whole match as `you` (a seat, or `None` for a spectator) sees it.
    pub fn snapshot(&self, you: Option<Side>, now: Instant) -> MatchSnapshot {
        MatchSnapshot {
            margin: self.territory.as_ref().map(|t| t.margin),
            rated: self.is_rated(),
            match_id: self.id,
            you,
            seats: self.seats_view(),
            spectators: self.spectators.len() as u32,
            status: self.status(),
            time_control: self.game.time_control(),
            initial_fen: self.game.initial().fen(),
            moves: self.game.moves().to_vec(),
            fen: self.game.position().fen(),
            ply: self.game.ply(),
            turn: self.game.position().turn(),
            clocks: self.clocks(now),
            outcome: self.game.outcome(),
            rematch_offer: self.rematch_offer,
            end_when_decided: self.end_when_decided,
            assistance: self.assistance,
            decided: self.decided(),
        }
    }

    /// The `move_played` of an accepted ply, with the clocks at `now` and
    /// the position after it.
    pub fn move_played(&self, ply: u32, now: Instant) -> Option<ServerMessage> {
        let recorded = self.game.moves().get(ply as usize)?;
        let latest = ply + 1 == self.game.ply();
        let after = if latest {
            self.game.position()
        } else {
            // A retried older ply: replay up to it.
            let mut position = self.game.initial();
            for m in &self.game.moves()[..=ply as usize] {
                position = position.play(m.mv).ok()?;
            }
            position
        };
        Some(ServerMessage::MovePlayed {
            match_id: self.id,
            ply,
            mv: recorded.mv.to_string(),
            side: self.game.side_at(ply),
            time_ms: recorded.time_ms,
            clocks: self.clocks(now),
            fen: Some(after.fen()),
            decided: if latest { self.decided() } else { None },
        })
    }

    /// `legal_moves` for the side to move, to its connection, if the game is
    /// on and that connection asked for them.
    fn legal_moves_to_mover(&self) -> Option<Output> {
        if !self.game.is_running() {
            return None;
        }
        let position = self.game.position();
        let conn = self.legal_moves_conn(position.turn())?;
        Some(send(
            Recipient::Conn(conn),
            ServerMessage::LegalMoves {
                match_id: self.id,
                ply: self.game.ply(),
                moves: LegalMoves::of_position(&position),
            },
        ))
    }

    /// `legal_moves` after a snapshot sent to `conn`, if it holds the seat
    /// whose turn it is (and asked for them).
    fn legal_moves_after_snapshot(&self, conn: ConnId) -> Option<Output> {
        let mover = self.game.position().turn();
        (self.legal_moves_conn(mover) == Some(conn))
            .then(|| self.legal_moves_to_mover())
            .flatten()
    }

    /// The `game_over` of a finished game (`None` while it is on). Its
    /// `record_id` is set once the record is on disk.
    pub fn game_over(&self, now: Instant) -> Option<ServerMessage> {
        let outcome = self.game.outcome()?;
        Some(ServerMessage::GameOver {
            ratings: self.rating_change,
            match_id: self.id,
            winner: outcome.winner,
            reason: outcome.reason,
            clocks: self.clocks(now),
            record_id: self.recorded.then_some(self.id),
            margin: self.territory.as_ref().map(|t| t.margin),
        })
    }

    fn seats_changed(&self) -> Output {
        send(
            Recipient::Audience,
            ServerMessage::SeatsChanged {
                match_id: self.id,
                seats: self.seats_view(),
                spectators: self.spectators.len() as u32,
            },
        )
    }

    /// Whether `events` change what the lobby shows enough to announce it
    /// (seats, connections, spectators, status). A move alone does not, so
    /// that busy games do not flood the lobby.
    pub fn lobby_changed(events: &[Event]) -> bool {
        events.iter().any(|e| {
            !matches!(
                e,
                Event::Moved { .. }
                    | Event::Echoed { .. }
                    | Event::Recorded
                    | Event::Judged { .. }
                    | Event::RematchOffered { .. }
                    | Event::RematchDeclined { .. }
            )
        })
    }

    /// The messages `events` (just applied) send, in order, computed from the
    /// match as it is after all of them: so a player whose join started the
    /// game gets a snapshot that says `playing`. A seated connection that
    /// asked for them gets `legal_moves` when it is its turn: after
    /// `game_started`, after the `move_played` that made it its turn, after a
    /// snapshot; never once the game is over.
    pub fn outputs(&self, events: &[Event], now: Instant) -> Vec<Output> {
        let starts = events.iter().any(|e| matches!(e, Event::Started { .. }));
        let mut out = Vec::new();
        for event in events {
            match event {
                Event::Created { .. }
                | Event::Seated { .. }
                | Event::Recorded
                | Event::Judged { .. } => {}
                Event::Detached { .. } => out.push(self.seats_changed()),
                // A `leave` that gives up the seat says it with its `left`.
                Event::Unseated { .. } => {
                    if !events.iter().any(|e| matches!(e, Event::Left { .. })) {
                        out.push(self.seats_changed());
                    }
                }
                Event::Started { .. } => {
                    out.push(send(
                        Recipient::Audience,
                        ServerMessage::GameStarted {
                            match_id: self.id,
                            seats: self.seats_view(),
                            clocks: self.clocks(now),
                            rated: self.is_rated(),
                        },
                    ));
                    out.extend(self.legal_moves_to_mover());
                }
                Event::Moved { ply, .. } => {
                    out.extend(
                        self.move_played(*ply, now)
                            .map(|m| send(Recipient::Audience, m)),
                    );
                    if *ply + 1 == self.game.ply() {
                        out.extend(self.legal_moves_to_mover());
                    }
                }
                Event::Ended { .. } => {
                    out.extend(self.game_over(now).map(|m| send(Recipient::Audience, m)));
                }
                Event::Archived | Event::ClearedAway => out.push(send(
                    Recipient::Audience,
                    ServerMessage::MatchRemoved { match_id: self.id },
                )),
                Event::Attached {
                    side,
                    conn,
                    joined,
                    replaced,
                    ..
                } => {
                    if let Some(old) = replaced {
                        out.push(send(
                            Recipient::Conn(*old),
                            ServerMessage::Replaced { match_id: self.id },
                        ));
                        out.push(Output::Close {
                            conn: *old,
                            code: 1008,
                            reason: "seat taken over by another connection",
                        });
                    }
                    let to = Recipient::Conn(*conn);
                    if let Some(token) = joined {
                        out.push(send(
                            to,
                            ServerMessage::Joined {
                                match_id: self.id,
                                seat: *side,
                                token: *token,
                            },
                        ));
                    }
                    out.push(send(
                        to,
                        ServerMessage::Snapshot(self.snapshot(Some(*side), now)),
                    ));
                    if !starts {
                        // (a game starting now sends them after game_started)
                        out.extend(self.legal_moves_after_snapshot(*conn));
                    }
                    if joined.is_none() {
                        // Back in a finished game: its end, with the record.
                        out.extend(self.game_over(now).map(|m| send(to, m)));
                    }
                    out.push(self.seats_changed());
                }
                Event::Spectating { conn } => {
                    out.push(send(
                        Recipient::Conn(*conn),
                        ServerMessage::Snapshot(self.snapshot(None, now)),
                    ));
                    out.push(self.seats_changed());
                }
                Event::Left { conn } => {
                    out.push(send(
                        Recipient::Conn(*conn),
                        ServerMessage::Left { match_id: self.id },
                    ));
                    out.push(self.seats_changed());
                }
                Event::Echoed { conn, echo } => {
                    let to = Recipient::Conn(*conn);
                    match echo {
                        Echo::MovePlayed(ply) => {
                            out.extend(self.move_played(*ply, now).map(|m| send(to, m)));
                        }
                        Echo::Snapshot => out.push(send(
                            to,
                            ServerMessage::Snapshot(self.snapshot(self.seat_of_conn(*conn), now)),
                        )),
                        Echo::Left => out.push(send(to, ServerMessage::Left { match_id: self.id })),
                    }
                }
                Event::RematchOffered { by } => out.push(send(
                    Recipient::Audience,
                    ServerMessage::RematchOffered {
                        match_id: self.id,
                        by: *by,
                    },
                )),
                Event::RematchDeclined { by } => out.push(send(
                    Recipient::Audience,
                    ServerMessage::RematchDeclined {
                        match_id: self.id,
                        by: *by,
                    },
                )),
                Event::RematchStarted { new_match } => out.push(send(
                    Recipient::Audience,
                    ServerMessage::RematchStarted {
                        match_id: self.id,
                        new_match_id: *new_match,
                    },
                )),
            }
        }
        out
    }
}
