//! What a connection asks of a match ([`Request`], converted once from the
//! wire's `ClientMessage`), why a match says no ([`Refusal`]), and the rules
//! for creating a match ([`new_match_seat`]).
//!
//! Anything random a request needs (a new seat token, the id and tokens of a
//! rematch, the colour toss) is drawn when the request is made and carried in
//! it, so that deciding a request is a pure function of the match, the
//! request and the time.

use amazons_core::{BySide, PlayerInfo, Position, Side, TimeControl};
use amazons_protocol::{
    ClientMessage, ColorPreference, ErrorCode, MatchId, MessageType, SeatToken,
};

use super::{Event, Misfit, TournamentTag};

/// The id and seat tokens a rematch would get, drawn in advance.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RematchSeed {
    /// The new match's id.
    pub id: MatchId,
    /// The new seat tokens.
    pub tokens: BySide<SeatToken>,
}

impl RematchSeed {
    /// Fresh random values.
    pub fn random() -> RematchSeed {
        RematchSeed {
            id: MatchId::random(),
            tokens: BySide::new(fresh_token(), fresh_token()),
        }
    }
}

/// A new random seat token (128 bits).
pub fn fresh_token() -> SeatToken {
    SeatToken::from_bytes(rand::random())
}

/// A request to one match, from one connection.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Request {
    /// Take a seat (`seat: None` = any free seat), with the token it gets.
    Join {
        /// Name and kind from `hello`.
        player: PlayerInfo,
        /// The seat wanted.
        seat: Option<Side>,
        /// The token the seat gets if it is taken.
        token: SeatToken,
        /// Whether the connection wants `legal_moves` (from `hello`).
        legal_moves: bool,
    },
    /// Watch.
    Spectate,
    /// Take a seat back with its token.
    Resume {
        /// The seat token.
        token: SeatToken,
        /// Whether the connection wants `legal_moves` (from `hello`).
        legal_moves: bool,
    },
    /// Leave (see the protocol's `leave`).
    Leave,
    /// Play a move.
    Move {
        /// The ply it is meant for.
        ply: u32,
        /// The move text as sent.
        text: String,
        /// The token, if sent.
        token: Option<SeatToken>,
    },
    /// Resign.
    Resign {
        /// The token, if sent.
        token: Option<SeatToken>,
    },
    /// The server's computer player cannot go on (its engine crashed, went
    /// silent or answered an illegal move): it loses with `reason`
    /// (`engine_failure` or `illegal_move`). No client message asks for
    /// this; only a computer seat may.
    GiveUp {
        /// How the game records it.
        reason: amazons_core::EndReason,
    },
    /// The entrant in `side` withdrew from (or was removed by) the
    /// tournament of this tournament game: a game not begun is forfeited
    /// to the opponent, a game in progress resigned for them. No client
    /// message asks for this; only the tournament does.
    Withdrawn {
        /// The withdrawn entrant's seat.
        side: Side,
    },
    /// Ask the server to end the game on the territory count: refused
    /// (`not_decided`) unless exact counting proved the current position.
    ClaimTerritory,
    /// Abort.
    Abort {
        /// The token, if sent.
        token: Option<SeatToken>,
    },
    /// Offer a rematch (or accept the opponent's offer).
    OfferRematch {
        /// What the rematch gets if this starts it.
        seed: RematchSeed,
    },
    /// Accept the opponent's rematch offer.
    AcceptRematch {
        /// What the rematch gets.
        seed: RematchSeed,
    },
    /// Decline (or withdraw) a rematch offer.
    DeclineRematch,
    /// The connection closed.
    Detach,
}

impl Request {
    /// The match a client message is about and the request it makes of it,
    /// drawing what the request needs at random (a seat token for `join`, a
    /// rematch's id and tokens). `player` is who sent it and `legal_moves`
    /// whether it asked for legal moves (both from `hello`). Messages that
    /// are not about one match come back as they are.
    pub fn from_message(
        message: ClientMessage,
        player: &PlayerInfo,
        legal_moves: bool,
    ) -> Result<(MatchId, Request), ClientMessage> {
        Ok(match message {
            ClientMessage::Join { match_id, seat } => (
                match_id,
                Request::Join {
                    player: player.clone(),
                    seat,
                    token: fresh_token(),
                    legal_moves,
                },
            ),
            ClientMessage::Leave { match_id } => (match_id, Request::Leave),
            ClientMessage::Spectate { match_id } => (match_id, Request::Spectate),
            ClientMessage::Resume { match_id, token } => {
                (match_id, Request::Resume { token, legal_moves })
            }
            ClientMessage::Move {
                match_id,
                ply,
                mv,
                token,
            } => (
                match_id,
                Request::Move {
                    ply,
                    text: mv,
                    token,
                },
            ),
            ClientMessage::Resign { match_id, token } => (match_id, Request::Resign { token }),
            ClientMessage::Abort { match_id, token } => (match_id, Request::Abort { token }),
            ClientMessage::ClaimTerritory { match_id } => (match_id, Request::ClaimTerritory),
            ClientMessage::OfferRematch { match_id } => (
                match_id,
                Request::OfferRematch {
                    seed: RematchSeed::random(),
                },
            ),
            ClientMessage::AcceptRematch { match_id } => (
                match_id,
                Request::AcceptRematch {
                    seed: RematchSeed::random(),
                },
            ),
            ClientMessage::DeclineRematch { match_id } => (match_id, Request::DeclineRematch),
            other @ (ClientMessage::Hello { .. }
            | ClientMessage::ListMatches
            | ClientMessage::SubscribeLobby
            | ClientMessage::UnsubscribeLobby
            | ClientMessage::CreateMatch { .. }
            | ClientMessage::CreateTournament { .. }
            | ClientMessage::ListTournaments
            | ClientMessage::WatchTournament { .. }
            | ClientMessage::UnwatchTournament { .. }
            | ClientMessage::JoinTournament { .. }
            | ClientMessage::WithdrawTournament { .. }
            | ClientMessage::EnterComputer { .. }
            | ClientMessage::StartTournament { .. }
            | ClientMessage::PauseTournament { .. }
            | ClientMessage::ResumeTournament { .. }
            | ClientMessage::RemoveEntrant { .. }
            | ClientMessage::EndTournament { .. }
            | ClientMessage::Ping { .. }) => return Err(other),
        })
    }

    /// The message type this request came as (`None` for [`Request::Detach`]
    /// and [`Request::GiveUp`], which no message asks for).
    pub fn message_type(&self) -> Option<MessageType> {
        Some(match self {
            Request::Join { .. } => MessageType::Join,
            Request::Spectate => MessageType::Spectate,
            Request::Resume { .. } => MessageType::Resume,
            Request::Leave => MessageType::Leave,
            Request::Move { .. } => MessageType::Move,
            Request::Resign { .. } => MessageType::Resign,
            Request::Abort { .. } => MessageType::Abort,
            Request::ClaimTerritory => MessageType::ClaimTerritory,
            Request::OfferRematch { .. } => MessageType::OfferRematch,
            Request::AcceptRematch { .. } => MessageType::AcceptRematch,
            Request::DeclineRematch => MessageType::DeclineRematch,
            Request::Detach | Request::GiveUp { .. } | Request::Withdrawn { .. } => return None,
        })
    }
}

/// A refused request: the code for programs, the text for people, and for
/// `stale_ply` / `not_your_turn` the ply the match expects. Nothing changed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{code:?}: {message}")]
pub struct Refusal {
    /// What went wrong, for programs.
    pub code: ErrorCode,
    /// What went wrong, for people.
    pub message: String,
    /// The ply the match expects next (with `stale_ply` and `not_your_turn`).
    pub expected_ply: Option<u32>,
}

impl Refusal {
    /// A refusal with no expected ply.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            expected_ply: None,
        }
    }
}

/// How a match is played, fixed when it is created and journalled with its
/// `created` event: the clock, rated or casual, whether a proven territory
/// count ends the game, whether the players may use the territory view, and
/// the position it starts from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Terms {
    /// Clock rules.
    pub time_control: TimeControl,
    /// Created rated (whether the game counts is `Match::is_rated`).
    pub rated: bool,
    /// The game ends as soon as exact counting proves a separated
    /// position's winner.
    pub end_when_decided: bool,
    /// The players may use the territory view while playing.
    pub assistance: bool,
    /// The set-up position the game starts from (`None`: the standard
    /// start).
    pub initial: Option<Position>,
}

impl Terms {
    /// A casual game from the standard start with `time_control`, ended when
    /// decided, without assistance: what `create_match` gives when it asks
    /// for nothing else on an untimed clock.
    pub fn casual(time_control: TimeControl) -> Terms {
        Terms {
            time_control,
            rated: false,
            end_when_decided: true,
            assistance: false,
            initial: None,
        }
    }

    /// The `created` event of a match with these terms, created at
    /// `created_at_ms`, perhaps as the rematch of another or as a
    /// tournament's game.
    pub fn created(
        &self,
        created_at_ms: u64,
        rematch_of: Option<MatchId>,
        tournament: Option<TournamentTag>,
    ) -> Event {
        Event::Created {
            time_control: self.time_control,
            created_at_ms,
            rematch_of,
            rated: self.rated,
            tournament,
            end_when_decided: self.end_when_decided,
            assistance: self.assistance,
            initial_fen: self.initial.map(|p| p.fen()),
        }
    }

    /// The terms a `created` event journalled (an error for any other event,
    /// or a set-up position that does not read).
    pub fn of_created(event: &Event) -> Result<Terms, Misfit> {
        let Event::Created {
            time_control,
            rated,
            end_when_decided,
            assistance,
            initial_fen,
            ..
        } = event
        else {
            return Err(Misfit::NotCreated);
        };
        let initial = match initial_fen {
            Some(fen) => Some(
                Position::from_fen(fen).map_err(|error| Misfit::BadInitialFen {
                    fen: fen.clone(),
                    error,
                })?,
            ),
            None => None,
        };
        Ok(Terms {
            time_control: *time_control,
            rated: *rated,
            end_when_decided: *end_when_decided,
            assistance: *assistance,
            initial,
        })
    }

    /// The terms `create_match` asks for, with its defaults filled in, or
    /// `bad_match_options` saying what does not fit: `initial_fen` must be a
    /// position in which the side to move can move, and makes the game
    /// casual (absent `rated`; `rated: true` is refused); otherwise absent
    /// `rated` is rated for a timed game and casual for an untimed one.
    /// `assistance` is refused in a rated game. Absent `end_when_decided` is
    /// true for a casual game and false for a rated one. The time control is
    /// checked by [`new_match_seat`].
    pub fn asked(
        time_control: TimeControl,
        rated: Option<bool>,
        (end_when_decided, assistance): (Option<bool>, Option<bool>),
        initial_fen: Option<&str>,
    ) -> Result<Terms, Refusal> {
        let bad = |message: String| Refusal::new(ErrorCode::BadMatchOptions, message);
        let initial = match initial_fen {
            None => None,
            Some(text) => {
                let position = Position::from_fen(text)
                    .map_err(|e| bad(format!("initial_fen is no position: {e}")))?;
                if position.is_game_over() {
                    return Err(bad(format!(
                        "in that position {} is to move and cannot move: the game would be over before it began",
                        position.turn()
                    )));
                }
                Some(position)
            }
        };
        let rated = match (rated, initial) {
            (Some(true), Some(_)) => {
                return Err(bad(
                    "a game from a set-up position is always casual: leave rated out or make it false"
                        .into(),
                ));
            }
            (Some(rated), _) => rated,
            (None, Some(_)) => false,
            (None, None) => time_control.is_timed(),
        };
        let assistance = assistance.unwrap_or(false);
        if assistance && rated {
            return Err(bad(
                "assistance (the territory view while playing) is only for casual games: make rated false"
                    .into(),
            ));
        }
        Ok(Terms {
            time_control,
            rated,
            end_when_decided: end_when_decided.unwrap_or(!rated),
            assistance,
            initial,
        })
    }
}

/// The rules of `create_match`: the time control must be within core's
/// limits (`malformed` otherwise, with core's reason), and the creator sits
/// where they asked, or where the coin fell (`coin`: heads = white) for
/// `random`. Returns the checked time control and the creator's seat.
pub fn new_match_seat(
    time_control: TimeControl,
    color: ColorPreference,
    coin: bool,
) -> Result<(TimeControl, Side), Refusal> {
    let time_control = time_control
        .validated()
        .map_err(|e| Refusal::new(ErrorCode::Malformed, e.to_string()))?;
    let side = match color {
        ColorPreference::White => Side::First,
        ColorPreference::Black => Side::Second,
        ColorPreference::Random if coin => Side::First,
        ColorPreference::Random => Side::Second,
    };
    Ok((time_control, side))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creation_checks_the_time_control_and_tosses_for_random() {
        let tc: TimeControl = "5+3".parse().unwrap();
        assert_eq!(
            new_match_seat(tc, ColorPreference::Black, true),
            Ok((tc, Side::Second))
        );
        assert_eq!(
            new_match_seat(tc, ColorPreference::Random, true).unwrap().1,
            Side::First
        );
        assert_eq!(
            new_match_seat(tc, ColorPreference::Random, false)
                .unwrap()
                .1,
            Side::Second
        );
        let zero = TimeControl::Fischer {
            initial_ms: 0,
            increment_ms: 1,
        };
        let refusal = new_match_seat(zero, ColorPreference::White, true).unwrap_err();
        assert_eq!(refusal.code, ErrorCode::Malformed);
        let huge = TimeControl::Fischer {
            initial_ms: u64::MAX,
            increment_ms: 0,
        };
        assert!(new_match_seat(huge, ColorPreference::White, true).is_err());
    }
}
