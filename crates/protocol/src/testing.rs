//! Message builders for tests (the `testing` feature, enabled only from
//! dev-dependencies): a test builds the [`ServerMessage`] it needs, with the
//! fields that do not matter to it filled in plausibly, instead of writing
//! its JSON by hand. Change a field of a struct with struct update syntax
//! (`MatchSnapshot { status: MatchStatus::Finished, ..snapshot(..) }`).
//!
//! Hand-written JSON stays where the text itself is the point: malformed or
//! hostile input, decoding of older or newer messages, the documented
//! examples.

use amazons_core::{
    EndReason, Move, Outcome, PlayerKind, Position, RecordedMove, Side, TimeControl,
};

use crate::ids::{MatchId, SeatToken};
use crate::lobby::{MatchSnapshot, MatchStatus, MatchSummary, SeatInfo, Seats};
use crate::messages::{ClientMessage, ErrorCode, MessageType, PROTOCOL_VERSION, ServerMessage};

/// The `hello` a test client sends: protocol [`PROTOCOL_VERSION`], no legal
/// move lists.
pub fn hello(name: &str, kind: PlayerKind) -> ClientMessage {
    ClientMessage::Hello {
        key: None,
        protocol: PROTOCOL_VERSION,
        name: name.into(),
        kind,
        client: Some("amazons-testkit".into()),
        legal_moves: false,
    }
}

/// A `move` of `mv` (text, sent as given) at `ply` of `match_id`, with the
/// seat `token` when the test sends one.
pub fn play(match_id: MatchId, ply: u32, mv: &str, token: Option<SeatToken>) -> ClientMessage {
    ClientMessage::Move {
        match_id,
        ply,
        mv: mv.into(),
        token,
    }
}

/// The server's `welcome` to `name` (4 KiB messages, a minute of grace, no
/// computer opponents, and no `limits`, as an older server sends it).
pub fn welcome(name: &str) -> ServerMessage {
    ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
        server: "amazons-server 0.1.0".into(),
        name: name.into(),
        max_message_bytes: 4096,
        grace_ms: 60_000,
        limits: None,
        computer: None,
    }
}

/// A connected person in a seat.
pub fn seat(name: &str) -> SeatInfo {
    SeatInfo {
        rating: None,
        name: name.into(),
        kind: PlayerKind::Human,
        connected: true,
    }
}

/// Both seats taken by connected people.
pub fn seated(white: &str, black: &str) -> Seats {
    Seats {
        white: Some(seat(white)),
        black: Some(seat(black)),
    }
}

/// A lobby entry for an untimed match at ply 0 with `seats`: waiting while
/// a seat is free, else playing; no spectators.
pub fn summary(id: MatchId, seats: Seats) -> MatchSummary {
    let status = if seats.white.is_some() && seats.black.is_some() {
        MatchStatus::Playing
    } else {
        MatchStatus::Waiting
    };
    MatchSummary {
        rated: false,
        end_when_decided: true,
        assistance: false,
        id,
        seats,
        spectators: 0,
        status,
        time_control: TimeControl::Untimed,
        ply: 0,
        outcome: None,
    }
}

/// The lobby entry of untimed match `id` at ply 0 that `white` created and
/// waits in for an opponent ([`summary`] with the black seat free).
pub fn waiting_for_black(id: MatchId, white: &str) -> MatchSummary {
    summary(
        id,
        Seats {
            white: Some(seat(white)),
            black: None,
        },
    )
}

/// The snapshot of an untimed match being played by ann (white) and bob
/// (black) after `moves` (move text, legal from the start; 1 ms each), as
/// `you` sees it (`None`: a spectator). Position, ply and turn follow from
/// the moves.
pub fn snapshot(match_id: MatchId, you: Option<Side>, moves: &[&str]) -> MatchSnapshot {
    let start = Position::start();
    let mut position = start;
    let mut recorded = Vec::new();
    for text in moves {
        let mv: Move = text
            .parse()
            .unwrap_or_else(|e| panic!("{text} is not a move: {e}"));
        position = position
            .play(mv)
            .unwrap_or_else(|e| panic!("{text} is illegal: {e}"));
        recorded.push(RecordedMove {
            mv,
            time_ms: 1,
            clock_ms: None,
        });
    }
    MatchSnapshot {
        rated: false,
        end_when_decided: true,
        assistance: false,
        decided: None,
        margin: None,
        match_id,
        you,
        seats: seated("ann", "bob"),
        spectators: 0,
        status: MatchStatus::Playing,
        time_control: TimeControl::Untimed,
        initial_fen: start.fen(),
        moves: recorded,
        fen: position.fen(),
        ply: position.ply(),
        turn: position.turn(),
        clocks: None,
        outcome: None,
        rematch_offer: None,
    }
}

/// `snapshot` as it reads once its game has ended with `outcome` (status
/// finished); without an outcome, `snapshot` as it is.
pub fn ended(snapshot: MatchSnapshot, outcome: Option<Outcome>) -> MatchSnapshot {
    let status = match outcome {
        Some(_) => MatchStatus::Finished,
        None => snapshot.status,
    };
    MatchSnapshot {
        status,
        outcome,
        ..snapshot
    }
}

/// `move_played` for move `mv` (text) at `ply` of a game from the standard
/// start (so white moves at even plies), 1 ms, untimed.
pub fn move_played(match_id: MatchId, ply: u32, mv: &str) -> ServerMessage {
    ServerMessage::MovePlayed {
        match_id,
        ply,
        mv: mv.into(),
        side: if ply % 2 == 0 {
            Side::First
        } else {
            Side::Second
        },
        time_ms: 1,
        clocks: None,
        fen: None,
        decided: None,
    }
}

/// `game_over` of an untimed game, with no record named.
pub fn game_over(match_id: MatchId, winner: Option<Side>, reason: EndReason) -> ServerMessage {
    ServerMessage::GameOver {
        ratings: None,
        match_id,
        winner,
        reason,
        clocks: None,
        record_id: None,
        margin: None,
    }
}

/// The `error` (`code`, with text `message`) refusing a `reply_to` message
/// about `match_id`.
pub fn refusal(
    code: ErrorCode,
    message: &str,
    reply_to: MessageType,
    match_id: MatchId,
) -> ServerMessage {
    ServerMessage::Error {
        code,
        message: message.into(),
        reply_to: Some(reply_to),
        match_id: Some(match_id),
        expected_ply: None,
    }
}

/// The `stale_ply` refusal of a `move`, naming the ply the server expects.
pub fn stale_ply(match_id: MatchId, expected_ply: u32) -> ServerMessage {
    ServerMessage::Error {
        code: ErrorCode::StalePly,
        message: "stale".into(),
        reply_to: Some(MessageType::Move),
        match_id: Some(match_id),
        expected_ply: Some(expected_ply),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";

    #[test]
    fn built_messages_encode_and_decode_to_themselves() {
        let id: MatchId = ID.parse().unwrap();
        for message in [
            welcome("ann"),
            ServerMessage::Snapshot(snapshot(id, Some(Side::Second), &["d1-d7/g7"])),
            ServerMessage::Snapshot(ended(
                snapshot(id, None, &["d1-d7/g7"]),
                Some(Outcome::win(Side::First, EndReason::Resignation)),
            )),
            move_played(id, 1, "a7-b7/c7"),
            game_over(id, Some(Side::First), EndReason::Resignation),
            refusal(ErrorCode::NoSuchMatch, "gone", MessageType::Resume, id),
            stale_ply(id, 2),
            ServerMessage::MatchList {
                matches: vec![
                    summary(id, seated("ann", "bob")),
                    waiting_for_black(id, "ann"),
                ],
            },
        ] {
            assert_eq!(ServerMessage::decode(&message.encode()).unwrap(), message);
        }
        let hello = hello("ann", PlayerKind::Bot);
        assert_eq!(ClientMessage::decode(&hello.encode()).unwrap(), hello);
        let token = SeatToken::from_bytes([7; 16]);
        for play in [
            play(id, 0, "d1-d7/g7", None),
            play(id, 1, "a7-b7/c7", Some(token)),
        ] {
            assert_eq!(ClientMessage::decode(&play.encode()).unwrap(), play);
        }
    }

    #[test]
    fn a_snapshot_follows_its_moves() {
        let id: MatchId = ID.parse().unwrap();
        let after = snapshot(id, None, &["d1-d7/g7"]);
        assert_eq!(after.ply, 1);
        assert_eq!(after.turn, Side::Second);
        assert_eq!(
            after.fen,
            "3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1"
        );
        assert!(matches!(
            move_played(id, 1, "a7-b7/c7"),
            ServerMessage::MovePlayed {
                side: Side::Second,
                ..
            }
        ));
    }
}
