//! Commands a match receives, generated from the input, sent through the
//! protocol (encode -> `ClientMessage::decode`, as the server reads a frame)
//! and applied to a match state that must stay consistent with core.
//!
//! The server keeps its match state inside an async task (`match_actor`) that
//! needs a runtime, a journal and connections, so it cannot be driven from
//! here. This target drives a pure model of the refusal order documented in
//! docs/protocol.md (`not_a_player`, `bad_token`, `game_over`,
//! `not_your_turn`, `stale_ply`, `bad_move_text`, `illegal_move`;
//! `too_late_to_abort`) and checks after every command that: a refusal
//! changes nothing; an accepted move is exactly the one core generated; the
//! position, its FEN, its hash, the move list and a game record built from it
//! all agree (the record replays through core and survives JSON); the game
//! ends exactly when core says the side to move has no move.

#![no_main]

use amazons_core::{
    EndReason, GameRecord, MAX_GAME_LENGTH, Move, Outcome, PlayerInfo, PlayerKind, Position,
    RECORD_SCHEMA_VERSION, RecordedMove, Side, Square, TimeControl,
};
use amazons_protocol::{ClientMessage, ErrorCode, MatchId, SeatToken};
use libfuzzer_sys::fuzz_target;

const TOKENS: [SeatToken; 2] = [SeatToken::from_bytes([1; 16]), SeatToken::from_bytes([2; 16])];
const STRANGER: SeatToken = SeatToken::from_bytes([3; 16]);

/// Who sends a command.
#[derive(Clone, Copy, Debug)]
enum Actor {
    /// The connection holding a seat.
    Seat(Side),
    /// A connection with no seat.
    Spectator,
}

/// The model of one started match.
#[derive(Clone, Debug, PartialEq)]
struct MatchState {
    id: MatchId,
    position: Position,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl MatchState {
    fn acting_side(&self, actor: Actor, token: Option<SeatToken>) -> Result<Side, ErrorCode> {
        match token {
            Some(token) => TOKENS
                .iter()
                .position(|t| *t == token)
                .map(|i| if i == 0 { Side::First } else { Side::Second })
                .ok_or(ErrorCode::BadToken),
            None => match actor {
                Actor::Seat(side) => Ok(side),
                Actor::Spectator => Err(ErrorCode::NotAPlayer),
            },
        }
    }

    fn handle(&mut self, actor: Actor, message: ClientMessage) -> Result<(), ErrorCode> {
        match message {
            ClientMessage::Move {
                match_id,
                ply,
                mv,
                token,
            } => {
                assert_eq!(match_id, self.id);
                let side = self.acting_side(actor, token)?;
                let parsed = mv.parse::<Move>();
                // A repeat of an accepted move is acknowledged, not replayed.
                if let Ok(m) = &parsed
                    && self.moves.get(ply as usize) == Some(m)
                    && (ply % 2 == 0) == (side == Side::First)
                {
                    return Ok(());
                }
                if self.outcome.is_some() {
                    return Err(ErrorCode::GameOver);
                }
                if self.position.turn() != side {
                    return Err(ErrorCode::NotYourTurn);
                }
                if ply as usize != self.moves.len() {
                    return Err(ErrorCode::StalePly);
                }
                let m = parsed.map_err(|_| ErrorCode::BadMoveText)?;
                let next = self.position.play(m).map_err(|e| {
                    assert_eq!(e.position, self.position, "a refused move left a trace");
                    assert!(
                        !self.position.legal_moves().contains(&m),
                        "{m} is generated but refused"
                    );
                    ErrorCode::IllegalMove
                })?;
                assert!(self.position.legal_moves().contains(&m), "{m} played but not generated");
                self.position = next;
                self.moves.push(m);
                self.outcome = self.position.outcome();
                Ok(())
            }
            ClientMessage::Resign { token, .. } => {
                let side = self.acting_side(actor, token)?;
                if self.outcome.is_some() {
                    return Err(ErrorCode::GameOver);
                }
                self.outcome = Some(Outcome::win(side.opponent(), EndReason::Resignation));
                Ok(())
            }
            ClientMessage::Abort { token, .. } => {
                self.acting_side(actor, token)?;
                if self.outcome.is_some() {
                    return Err(ErrorCode::GameOver);
                }
                if self.moves.len() >= 2 {
                    return Err(ErrorCode::TooLateToAbort);
                }
                self.outcome = Some(Outcome {
                    winner: None,
                    reason: EndReason::Aborted,
                });
                Ok(())
            }
            other => panic!("not generated: {other:?}"),
        }
    }

    /// Everything that must agree with core.
    fn check(&self) {
        assert!(self.moves.len() <= MAX_GAME_LENGTH);
        let mut replayed = Position::start();
        for m in &self.moves {
            replayed = replayed.play(*m).expect("every accepted move replays");
        }
        assert_eq!(replayed, self.position);
        assert_eq!(self.position.ply() as usize, self.moves.len());
        assert_eq!(self.position.hash(), self.position.hash_from_scratch());
        let fen = self.position.fen();
        assert_eq!(Position::from_fen(&fen).expect("own FEN parses"), self.position);
        let over = self.position.legal_moves().is_empty();
        assert_eq!(over, self.position.is_game_over());
        if over {
            assert_eq!(
                self.outcome,
                Some(Outcome::win(self.position.turn().opponent(), EndReason::NoLegalMove))
            );
        }
        if let Some(outcome) = self.outcome {
            let record = GameRecord {
                schema: RECORD_SCHEMA_VERSION,
                id: self.id.to_string(),
                white: PlayerInfo {
                    name: "white".into(),
                    kind: PlayerKind::Human,
                },
                black: PlayerInfo {
                    name: "black".into(),
                    kind: PlayerKind::Bot,
                },
                started_at_ms: 1,
                ended_at_ms: 2,
                time_control: TimeControl::Untimed,
                initial_fen: None,
                moves: self
                    .moves
                    .iter()
                    .map(|m| RecordedMove {
                        mv: *m,
                        time_ms: 0,
                        clock_ms: None,
                    })
                    .collect(),
                result: outcome,
                final_fen: fen,
            };
            let positions = record.replay().expect("the record replays");
            assert_eq!(positions.last(), Some(&self.position));
            let json = serde_json::to_string(&record).expect("records serialize");
            let back: GameRecord = serde_json::from_str(&json).expect("records parse");
            assert_eq!(back, record);
        }
    }
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

fuzz_target!(|data: &[u8]| {
    let mut state = MatchState {
        id: MatchId(uuid_from(data)),
        position: Position::start(),
        moves: Vec::new(),
        outcome: None,
    };
    for chunk in data.chunks(4) {
        let [who, op, a, b] = [0, 1, 2, 3].map(|i| chunk.get(i).copied().unwrap_or(0));
        let actor = match who % 4 {
            0 | 1 => Actor::Seat(state.position.turn()),
            2 => Actor::Seat(state.position.turn().opponent()),
            _ => Actor::Spectator,
        };
        let token = match (a >> 4) % 4 {
            0 => Some(TOKENS[usize::from(b & 1)]),
            1 => Some(STRANGER),
            _ => None,
        };
        let ply = state.position.ply();
        let legal = state.position.legal_moves();
        let message = match op % 8 {
            0..=3 if !legal.is_empty() => {
                let m = legal[usize::from(u16::from_le_bytes([a, b])) % legal.len()];
                ClientMessage::Move {
                    match_id: state.id,
                    ply,
                    mv: text_of(m, op >> 3),
                    token: None,
                }
            }
            4 => ClientMessage::Move {
                match_id: state.id,
                ply: ply.wrapping_add(u32::from(a % 3)).wrapping_sub(1),
                mv: Move::new(square(a), square(b), square(op)).to_string(),
                token,
            },
            5 => ClientMessage::Resign {
                match_id: state.id,
                token,
            },
            6 => ClientMessage::Abort {
                match_id: state.id,
                token,
            },
            _ => ClientMessage::Move {
                match_id: state.id,
                ply,
                mv: String::from_utf8_lossy(&[a, b, op, who]).into_owned(),
                token,
            },
        };
        // Through the wire, as the server would read it.
        let decoded = ClientMessage::decode(&message.encode()).expect("our own message decodes");
        assert_eq!(decoded, message);
        let before = state.clone();
        let accepted_move = matches!(&decoded, ClientMessage::Move { .. });
        match state.handle(actor, decoded) {
            Ok(()) => {
                if accepted_move && state.moves.len() == before.moves.len() + 1 {
                    let m = *state.moves.last().expect("a move");
                    assert_eq!(m.to_string().parse::<Move>(), Ok(m));
                }
            }
            Err(_) => assert_eq!(state, before, "a refusal changed the match"),
        }
        state.check();
    }
});

/// A match id derived from the input, so that ids vary too.
fn uuid_from(data: &[u8]) -> uuid::Uuid {
    let mut bytes = [0u8; 16];
    for (slot, byte) in bytes.iter_mut().zip(data.iter().rev()) {
        *slot = *byte;
    }
    uuid::Uuid::from_bytes(bytes)
}
