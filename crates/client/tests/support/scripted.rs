//! A scripted player over a raw WebSocket: creates a match as white, then
//! always plays the first legal move (and accepts rematches) until the game ends, reconnecting
//! and resuming its seat if the server goes away.

use std::time::{Duration, Instant};

use amazons_core::{Move, Outcome, Position, Side};
use amazons_protocol::{
    ClientMessage, ColorPreference, MatchId, PROTOCOL_VERSION, SeatToken, ServerMessage,
};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A seated scripted player.
pub struct Session {
    /// Server address.
    url: String,
    /// Its player name.
    name: String,
    /// The open connection.
    socket: Socket,
    /// The match it created.
    pub match_id: MatchId,
    /// Its seat token.
    token: SeatToken,
    /// Its side.
    side: Side,
}

async fn greet(url: &str, name: &str) -> Option<Socket> {
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.ok()?;
    let hello = ClientMessage::Hello {
        protocol: PROTOCOL_VERSION,
        name: name.into(),
        kind: amazons_core::PlayerKind::Human,
        client: None,
    };
    socket.send(Message::text(hello.encode())).await.ok()?;
    Some(socket)
}

/// Connects and creates an untimed match as white.
pub async fn create(url: &str, name: &str) -> Session {
    create_timed(url, name, amazons_core::TimeControl::Untimed).await
}

/// Connects and creates a match with `time_control` as white.
pub async fn create_timed(
    url: &str,
    name: &str,
    time_control: amazons_core::TimeControl,
) -> Session {
    let mut socket = greet(url, name).await.expect("the server is up");
    let create = ClientMessage::CreateMatch {
        time_control,
        color: ColorPreference::White,
    };
    socket.send(Message::text(create.encode())).await.unwrap();
    loop {
        let frame = socket.next().await.unwrap().unwrap();
        if let Message::Text(text) = frame {
            if let ServerMessage::Joined {
                match_id,
                token,
                seat,
            } = ServerMessage::decode(&text).unwrap()
            {
                return Session {
                    name: name.into(),
                    url: url.into(),
                    socket,
                    match_id,
                    token,
                    side: seat,
                };
            }
        }
    }
}

impl Session {
    async fn send(&mut self, message: ClientMessage) {
        // A failed send shows up as a failed receive, which reconnects.
        let _ = self.socket.send(Message::text(message.encode())).await;
    }

    /// The next server message; after a dropped connection, reconnects,
    /// resumes the seat and returns the snapshot.
    async fn receive(&mut self) -> ServerMessage {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(20), self.socket.next())
                .await
                .expect("the server answers in time");
            match frame {
                Some(Ok(Message::Text(text))) => return ServerMessage::decode(&text).unwrap(),
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => self.reconnect().await,
                Some(Ok(_)) => {}
            }
        }
    }

    async fn reconnect(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            assert!(Instant::now() < deadline, "the server did not come back");
            tokio::time::sleep(Duration::from_millis(100)).await;
            if let Some(socket) = greet(&self.url, &self.name).await {
                self.socket = socket;
                let resume = ClientMessage::Resume {
                    match_id: self.match_id,
                    token: self.token,
                };
                self.send(resume).await;
                return;
            }
        }
    }

    /// Waits for the opponent's rematch offer, accepts it and takes the seat
    /// in the new match (colours swapped).
    pub async fn accept_rematch(&mut self) {
        loop {
            match self.receive().await {
                ServerMessage::RematchOffered { by, .. } if by != self.side => {
                    let accept = ClientMessage::AcceptRematch {
                        match_id: self.match_id,
                    };
                    self.send(accept).await;
                }
                ServerMessage::Joined {
                    match_id,
                    token,
                    seat,
                } => {
                    (self.match_id, self.token, self.side) = (match_id, token, seat);
                    return;
                }
                _ => {}
            }
        }
    }

    /// Plays its side to the end, calling `on_ply` with the number of moves
    /// played after each one; returns the outcome and the number of moves.
    pub async fn play(&mut self, mut on_ply: impl FnMut(u32)) -> (Outcome, usize) {
        let mut position = Position::start();
        let mut plies = 0u32;
        loop {
            match self.receive().await {
                ServerMessage::GameStarted { .. } => {}
                ServerMessage::Snapshot(snapshot) => {
                    position = Position::start();
                    for m in &snapshot.moves {
                        position = position.play(m.mv).unwrap();
                    }
                    plies = snapshot.ply;
                    if let Some(outcome) = snapshot.outcome {
                        return (outcome, plies as usize);
                    }
                    if snapshot.seats.black.is_none() {
                        continue;
                    }
                }
                ServerMessage::MovePlayed { ply, mv, .. } => {
                    if ply < plies {
                        continue;
                    }
                    assert_eq!(ply, plies);
                    position = position.play(mv.parse::<Move>().unwrap()).unwrap();
                    plies += 1;
                    on_ply(plies);
                }
                ServerMessage::GameOver { winner, reason, .. } => {
                    return (Outcome { winner, reason }, plies as usize);
                }
                ServerMessage::Error { message, .. } => panic!("refused: {message}"),
                _ => continue,
            }
            if position.turn() == self.side && !position.is_game_over() {
                let m = position.legal_moves()[0];
                let message = ClientMessage::Move {
                    match_id: self.match_id,
                    ply: plies,
                    mv: m.to_string(),
                    token: None,
                };
                self.send(message).await;
            }
        }
    }
}
