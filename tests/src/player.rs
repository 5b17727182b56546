//! A seat played by the harness: random legal moves, and a reconnect plus
//! `resume` with the seat token whenever the connection drops (a server kill
//! included). It remembers every move it saw acknowledged (`move_played`) and
//! checks, at every resume, that the server still has all of them.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use amazons_core::testing::random_move;
use amazons_core::{Move, Outcome, PlayerKind, Position, Side};
use amazons_protocol::{ClientMessage, ErrorCode, MatchId, MatchStatus, SeatToken, ServerMessage};
use amazons_testkit::{Event, WsClient};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// What a seat is and how it plays.
#[derive(Clone, Debug)]
pub struct SeatPlan {
    /// The server's address (the port stays the same across restarts).
    pub addr: SocketAddr,
    /// Player name for `hello`.
    pub name: String,
    /// The match.
    pub match_id: MatchId,
    /// The seat token from `joined`.
    pub token: SeatToken,
    /// The seat.
    pub side: Side,
    /// Pause before each move, drawn uniformly from this range (ms).
    pub pace_ms: (u64, u64),
    /// Seed of the move choices and pauses.
    pub seed: u64,
    /// The whole game must be over within this.
    pub deadline: Duration,
}

/// What a seat saw.
#[derive(Clone, Debug)]
pub struct SeatReport {
    /// The match.
    pub match_id: MatchId,
    /// The seat.
    pub side: Side,
    /// Every `move_played` received: (ply, move).
    pub acknowledged: Vec<(u32, Move)>,
    /// The moves of the game as this seat last knew them.
    pub moves: Vec<Move>,
    /// The result, from `game_over`, a snapshot, or the record.
    pub outcome: Outcome,
    /// Connections lost (and re-established).
    pub reconnects: u32,
    /// `resume`s answered by a snapshot that held every acknowledged move.
    pub resumes: u32,
    /// Moves this seat sent.
    pub sent: u32,
}

/// Plays the seat to the end of its game; panics if anything acknowledged
/// goes missing or the game does not end within the plan's deadline.
pub async fn play_seat(plan: SeatPlan) -> SeatReport {
    let url = format!("ws://{}/ws", plan.addr);
    let deadline = Instant::now() + plan.deadline;
    let mut rng = StdRng::seed_from_u64(plan.seed);
    let mut report = SeatReport {
        match_id: plan.match_id,
        side: plan.side,
        acknowledged: Vec::new(),
        moves: Vec::new(),
        outcome: Outcome {
            winner: None,
            reason: amazons_core::EndReason::Aborted,
        },
        reconnects: 0,
        resumes: 0,
        sent: 0,
    };
    let mut position = Position::start();
    let mut started = false;
    let mut sent: Option<u32> = None;
    let mut client: Option<WsClient> = None;
    let who = format!("{} ({}) in {}", plan.name, plan.side, plan.match_id);
    loop {
        assert!(
            Instant::now() < deadline,
            "{who}: the game did not end in time"
        );
        let Some(socket) = client.as_mut() else {
            match WsClient::try_greeted(&url, &plan.name, PlayerKind::Bot).await {
                Ok(mut fresh) => {
                    let resume = ClientMessage::Resume {
                        match_id: plan.match_id,
                        token: plan.token,
                    };
                    if fresh.try_send(&resume).await.is_ok() {
                        client = Some(fresh);
                    }
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
            continue;
        };
        let ply = position.ply();
        if started && position.turn() == plan.side && sent.is_none() && !position.is_game_over() {
            let pause = rng.random_range(plan.pace_ms.0..=plan.pace_ms.1);
            tokio::time::sleep(Duration::from_millis(pause)).await;
            let mv = random_move(&position, &mut rng);
            let message = ClientMessage::Move {
                match_id: plan.match_id,
                ply,
                mv: mv.to_string(),
                token: Some(plan.token),
            };
            sent = Some(ply);
            report.sent += 1;
            if socket.try_send(&message).await.is_err() {
                client = None;
                report.reconnects += 1;
                sent = None;
            }
            continue;
        }
        let event = socket
            .try_next(Duration::from_secs(30))
            .await
            .unwrap_or_else(|e| panic!("{who}: {e}"));
        let message = match event {
            Event::Closed(_) => {
                client = None;
                report.reconnects += 1;
                sent = None;
                continue;
            }
            Event::Message(message) => message,
        };
        match message {
            ServerMessage::Snapshot(snapshot) if snapshot.match_id == plan.match_id => {
                for &(ply, mv) in &report.acknowledged {
                    assert_eq!(
                        snapshot.moves.get(ply as usize).map(|m| m.mv),
                        Some(mv),
                        "{who}: the acknowledged move {mv} at ply {ply} is missing after a resume"
                    );
                }
                report.resumes += 1;
                position = Position::start();
                report.moves.clear();
                for recorded in &snapshot.moves {
                    position = position
                        .play(recorded.mv)
                        .unwrap_or_else(|e| panic!("{who}: the snapshot has an illegal move: {e}"));
                    report.moves.push(recorded.mv);
                }
                assert_eq!(snapshot.ply, position.ply(), "{who}: snapshot ply");
                assert_eq!(snapshot.fen, position.fen(), "{who}: snapshot fen");
                started = snapshot.status != MatchStatus::Waiting;
                sent = None;
                if let Some(outcome) = snapshot.outcome {
                    report.outcome = outcome;
                    return report;
                }
            }
            ServerMessage::GameStarted { match_id, .. } if match_id == plan.match_id => {
                started = true;
            }
            ServerMessage::MovePlayed {
                match_id, ply, mv, ..
            } if match_id == plan.match_id => {
                let mv: Move = mv
                    .parse()
                    .unwrap_or_else(|e| panic!("{who}: bad move text from the server: {e}"));
                report.acknowledged.push((ply, mv));
                if sent == Some(ply) {
                    sent = None;
                }
                let known = report.moves.len() as u32;
                if ply == known {
                    position = position
                        .play(mv)
                        .unwrap_or_else(|e| panic!("{who}: the server accepted {mv}: {e}"));
                    report.moves.push(mv);
                } else if ply < known {
                    assert_eq!(report.moves[ply as usize], mv, "{who}: ply {ply} changed");
                } else {
                    // Missed a move: ask for the whole state.
                    resync(socket, &plan).await;
                }
            }
            ServerMessage::GameOver {
                match_id,
                winner,
                reason,
                ..
            } if match_id == plan.match_id => {
                report.outcome = Outcome { winner, reason };
                return report;
            }
            ServerMessage::Error { code, message, .. } => match code {
                ErrorCode::StalePly | ErrorCode::NotYourTurn => {
                    sent = None;
                    resync(socket, &plan).await;
                }
                ErrorCode::NoSuchMatch => {
                    // A finished match is cleared away once its linger
                    // period is over (or everyone has left): its record
                    // must be on disk.
                    let addr = plan.addr;
                    let id = plan.match_id.to_string();
                    let record =
                        tokio::task::spawn_blocking(move || crate::records::fetch(addr, &id))
                            .await
                            .expect("the record fetch runs");
                    for &(ply, mv) in &report.acknowledged {
                        assert_eq!(
                            record.moves.get(ply as usize).map(|m| m.mv),
                            Some(mv),
                            "{who}: the acknowledged move {mv} at ply {ply} is not in the record"
                        );
                    }
                    report.moves = record.moves.iter().map(|m| m.mv).collect();
                    report.outcome = record.result;
                    return report;
                }
                other => panic!("{who}: refused ({other:?}): {message}"),
            },
            _ => {}
        }
    }
}

async fn resync(socket: &mut WsClient, plan: &SeatPlan) {
    let _ = socket
        .try_send(&ClientMessage::Resume {
            match_id: plan.match_id,
            token: plan.token,
        })
        .await;
}
