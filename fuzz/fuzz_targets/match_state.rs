//! The server's real match (`amazons_server::match_state::Match`), driven by
//! the input: requests from both players, a spectator and a stranger (each
//! sent through the wire: encoded, decoded as the server reads a frame, and
//! converted to a request the way the server does), connections dropping and
//! resuming, and time passing. After every step it checks that:
//! - a refusal changed nothing;
//! - accepted moves are exactly core's: the moves replay from the start to
//!   the position, whose FEN and hash agree with themselves;
//! - the game ends exactly when core says the side to move has no move (or
//!   by a resignation, abort, flag or abandonment), and then stays ended;
//! - a deadline that has passed always has something due (the match task
//!   would otherwise spin), and a tick never refuses;
//! - the views (snapshot, summary, outputs) agree with the game, and every
//!   message goes to a connection that takes part or asked;
//! - a finished game's record replays to its final position and survives
//!   JSON;
//! - rebuilding the match from its durable events gives the same game.

#![no_main]

use std::time::{Duration, Instant, SystemTime};

use amazons_core::{EndReason, GameRecord, Move, PlayerInfo, PlayerKind, Position, Square};
use amazons_protocol::{ClientMessage, MatchId, MatchStatus, SeatToken};
use amazons_server::match_state::{
    ConnId, Event, Match, MatchRules, Output, Recipient, RematchSeed, Request, Terms, WallClock,
};
use libfuzzer_sys::fuzz_target;

const ANN: ConnId = 1;
const BOB: ConnId = 2;
const EVE: ConnId = 3;
const STRANGER: ConnId = 4;
const TOKENS: [SeatToken; 3] = [
    SeatToken::from_bytes([1; 16]),
    SeatToken::from_bytes([2; 16]),
    SeatToken::from_bytes([3; 16]),
];
const RULES: MatchRules = MatchRules {
    grace: Duration::from_secs(60),
    linger: Duration::from_secs(120),
};

fn player(name: &str) -> PlayerInfo {
    PlayerInfo::new(name, PlayerKind::Human)
}

/// The move text in one of the forms the rules accept.
fn text_of(m: Move, form: u8) -> String {
    let canonical = m.to_string();
    match form % 5 {
        0 => canonical,
        1 => canonical.replace(['-', '/'], " "),
        2 => canonical.to_uppercase(),
        3 => canonical.replace(['-', '/'], ""),
        _ => m.uci().to_string(),
    }
}

fn square(byte: u8) -> Square {
    Square::from_index(byte % 100).expect("on the board")
}

/// Everything that must hold of a match at any time.
fn check(state: &Match, durable: &[Event], now: Instant) {
    let game = state.game();
    let mut replayed = game.initial();
    for recorded in game.moves() {
        replayed = replayed.play(recorded.mv).expect("every accepted move replays");
    }
    assert_eq!(replayed, game.position());
    let position = game.position();
    assert_eq!(position.hash(), position.hash_from_scratch());
    assert_eq!(Position::from_fen(&position.fen()).expect("own FEN"), position);
    if !position.has_legal_move() && state.is_started() {
        let outcome = state.outcome().expect("a side without a move has lost");
        if outcome.reason == EndReason::NoLegalMove {
            assert_eq!(outcome.winner, Some(position.turn().opponent()));
        }
    }
    let summary = state.summary();
    assert_eq!(summary.status == MatchStatus::Finished, state.outcome().is_some());
    assert_eq!(summary.ply, game.ply());
    if summary.status != MatchStatus::Waiting {
        assert!(summary.seats.white.is_some() && summary.seats.black.is_some());
    }
    let snapshot = state.snapshot(None, now);
    assert_eq!(snapshot.fen, position.fen());
    assert_eq!(snapshot.moves.len(), game.moves().len());
    if let Some(deadline) = state.next_deadline()
        && deadline <= now
    {
        assert!(!state.tick(now).is_empty(), "a deadline passed with nothing due");
    }
    if let Some(record) = state.to_record() {
        let positions = record.replay().expect("the record replays");
        assert_eq!(positions.last(), Some(&position));
        let json = serde_json::to_string(&record).expect("records serialize");
        let back: GameRecord = serde_json::from_str(&json).expect("records parse");
        assert_eq!(back, record);
    }
    // The journal rebuilds the same game (state.id() and rules as live).
    let wall = WallClock::new(now, SystemTime::UNIX_EPOCH);
    let rebuilt = Match::restore(state.id(), durable, RULES, wall, now, state.is_recorded())
        .expect("the durable events rebuild the match");
    assert_eq!(rebuilt.game().moves(), game.moves());
    assert_eq!(rebuilt.game().position(), position);
    if state.outcome().is_some() {
        assert!(rebuilt.outcome().is_some());
    }
}

fuzz_target!(|data: &[u8]| {
    let mut now = Instant::now();
    let wall = WallClock::new(now, SystemTime::UNIX_EPOCH);
    let id = MatchId(uuid::Uuid::from_bytes([data.first().copied().unwrap_or(0); 16]));
    let tc = match data.get(1).copied().unwrap_or(0) % 3 {
        0 => "untimed",
        1 => "0.5+1",
        _ => "10s+0",
    };
    let mut durable = Match::creation_events(
        &Terms::casual(tc.parse().unwrap()),
        &player("ann"),
        amazons_core::Side::First,
        TOKENS[0],
        (ANN, true),
        None,
        0,
    );
    let mut state = Match::from_events(id, &durable, RULES, wall, now).expect("created");
    durable.retain(Event::is_durable);
    let join = Request::Join {
        player: player("bob"),
        seat: None,
        token: TOKENS[1],
        legal_moves: false,
    };
    let events = state.decide(&join, BOB, now).expect("bob joins");
    for event in &events {
        state.apply(event, now).expect("applies");
    }
    durable.extend(events.into_iter().filter(Event::is_durable));
    let seed = RematchSeed {
        id: MatchId(uuid::Uuid::from_bytes([9; 16])),
        tokens: amazons_core::BySide::new(TOKENS[2], TOKENS[0]),
    };
    for chunk in data.get(2..).unwrap_or_default().chunks(4) {
        if state.is_cleared() {
            break;
        }
        let [who, op, a, b] = [0, 1, 2, 3].map(|i| chunk.get(i).copied().unwrap_or(0));
        let by = [ANN, BOB, EVE, STRANGER][usize::from(who % 4)];
        let token = match (a >> 4) % 4 {
            0 => Some(TOKENS[usize::from(b % 3)]),
            1 => Some(SeatToken::from_bytes([b; 16])),
            _ => None,
        };
        let position = state.game().position();
        let ply = state.game().ply();
        let legal = position.legal_moves();
        let message = match op % 16 {
            0..=5 if !legal.is_empty() => {
                let m = legal[usize::from(u16::from_le_bytes([a, b])) % legal.len()];
                ClientMessage::Move {
                    match_id: id,
                    ply: if a & 1 == 0 { ply } else { ply.wrapping_sub(1) },
                    mv: text_of(m, op >> 4),
                    token: None,
                }
            }
            6 => ClientMessage::Move {
                match_id: id,
                ply: ply.wrapping_add(u32::from(a % 3)).wrapping_sub(1),
                mv: Move::new(square(a), square(b), square(op)).to_string(),
                token,
            },
            7 => ClientMessage::Move {
                match_id: id,
                ply,
                mv: String::from_utf8_lossy(&[a, b, op, who]).into_owned(),
                token,
            },
            8 => ClientMessage::Resign { match_id: id, token },
            9 => ClientMessage::Abort { match_id: id, token },
            10 => ClientMessage::Resume {
                match_id: id,
                token: token.unwrap_or(TOKENS[usize::from(b % 2)]),
            },
            11 => ClientMessage::Spectate { match_id: id },
            12 => ClientMessage::Leave { match_id: id },
            13 => match a % 3 {
                0 => ClientMessage::OfferRematch { match_id: id },
                1 => ClientMessage::AcceptRematch { match_id: id },
                _ => ClientMessage::DeclineRematch { match_id: id },
            },
            14 => {
                // A connection drops.
                let request = Request::Detach;
                step(&mut state, &mut durable, &request, by, now);
                continue;
            }
            _ => {
                // Time passes, and the timers run.
                now += Duration::from_millis(u64::from(u16::from_le_bytes([a, b])) * 50);
                let events = state.tick(now);
                for event in &events {
                    state.apply(event, now).expect("a tick's events apply");
                }
                let _ = state.outputs(&events, now);
                durable.extend(events.into_iter().filter(Event::is_durable));
                check(&state, &durable, now);
                continue;
            }
        };
        // Through the wire, as the server reads a frame.
        let decoded = ClientMessage::decode(&message.encode()).expect("our own message decodes");
        assert_eq!(decoded, message);
        let (match_id, mut request) =
            Request::from_message(decoded, &player("someone"), a & 2 == 0)
                .expect("a match request");
        assert_eq!(match_id, id);
        if let Request::OfferRematch { seed: s } | Request::AcceptRematch { seed: s } = &mut request {
            *s = seed;
        }
        step(&mut state, &mut durable, &request, by, now);
        check(&state, &durable, now);
    }
});

/// Decides and applies one request, checking that a refusal changes nothing
/// and that every message goes somewhere sensible.
fn step(state: &mut Match, durable: &mut Vec<Event>, request: &Request, by: ConnId, now: Instant) {
    let before = format!("{state:?}");
    match state.decide(request, by, now) {
        Ok(events) => {
            for event in &events {
                state
                    .apply(event, now)
                    .unwrap_or_else(|e| panic!("{event:?} was decided but does not apply: {e}"));
            }
            let audience: Vec<ConnId> = state.audience().collect();
            let outputs = state.outputs(&events, now);
            let closed: Vec<ConnId> = outputs
                .iter()
                .filter_map(|o| match o {
                    Output::Close { conn, .. } => Some(*conn),
                    Output::Send { .. } => None,
                })
                .collect();
            assert!(!closed.contains(&by), "the asker is never closed");
            for output in &outputs {
                if let Output::Send {
                    to: Recipient::Conn(conn),
                    ..
                } = output
                {
                    assert!(
                        *conn == by || audience.contains(conn) || closed.contains(conn),
                        "a message to a connection that is not there"
                    );
                }
            }
            durable.extend(events.into_iter().filter(Event::is_durable));
        }
        Err(_) => assert_eq!(before, format!("{state:?}"), "a refusal changed the match"),
    }
}
