//! A scripted player over a raw WebSocket: creates a match as white (one
//! that does not end when decided), then always plays the first legal move
//! (and accepts rematches) until the game ends, reconnecting and resuming
//! its seat if the server goes away.
//!
//! Every wait is bounded by [`WAIT`], and every `error` the server sends is a
//! test failure with its code and text: a test that goes wrong fails and says
//! why instead of hanging.

use std::time::{Duration, Instant};

use amazons_core::{Move, Outcome, PlayerKind, Position, Side};
use amazons_protocol::{ClientMessage, ColorPreference, MatchId, SeatToken, ServerMessage};
use amazons_testkit::{Event, WsClient, WsError};

/// The longest the scripted player waits for anything from the server.
pub const WAIT: Duration = Duration::from_secs(60);

/// A seated scripted player.
pub struct Session {
    /// Server address.
    url: String,
    /// Its player name.
    name: String,
    /// The open connection.
    socket: WsClient,
    /// The match it plays in.
    pub match_id: MatchId,
    /// Its seat token.
    token: SeatToken,
    /// Its side.
    side: Side,
}

/// Panics with the server's refusal, if `message` is one.
fn fail_on_error(message: &ServerMessage, doing: &str) {
    if let ServerMessage::Error {
        code,
        message,
        reply_to,
        match_id,
        ..
    } = message
    {
        panic!(
            "{doing}: the server refused `{}` ({code:?}, match {match_id:?}): {message}",
            reply_to.map_or_else(|| "?".to_owned(), |t| t.name())
        );
    }
}

/// The match a game event is about (`None` for other messages).
fn game_event_of(message: &ServerMessage) -> Option<MatchId> {
    match message {
        ServerMessage::GameStarted { match_id, .. }
        | ServerMessage::MovePlayed { match_id, .. }
        | ServerMessage::GameOver { match_id, .. } => Some(*match_id),
        ServerMessage::Snapshot(snapshot) => Some(snapshot.match_id),
        _ => None,
    }
}

/// The next message on `socket` within [`WAIT`]; `None` if the connection
/// ended.
async fn next_message(socket: &mut WsClient, doing: &str) -> Option<ServerMessage> {
    match socket.try_next(WAIT).await {
        Ok(Event::Message(message)) => Some(message),
        Ok(Event::Closed(_)) => None,
        Err(e) => panic!("{doing}: {e}"),
    }
}

/// Connects, says hello and waits for `welcome`; `None` if the server cannot
/// be reached or the connection ends first.
async fn greet(url: &str, name: &str) -> Option<WsClient> {
    match WsClient::try_greeted(url, name, PlayerKind::Human).await {
        Ok(socket) => Some(socket),
        Err(WsError::Unexpected { got, .. }) => {
            fail_on_error(&got, "hello");
            None
        }
        Err(_) => None,
    }
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
    // Played out to no legal move (and so its rematches): the tests watch
    // bots play whole games, not the server's territory endings.
    let create = ClientMessage::CreateMatch {
        end_when_decided: Some(false),
        assistance: None,
        initial_fen: None,
        rated: None,
        time_control,
        color: ColorPreference::White,
        computer: None,
    };
    socket.send(&create).await;
    loop {
        let message = next_message(&mut socket, "creating a match")
            .await
            .expect("the connection stays open while creating a match");
        fail_on_error(&message, "creating a match");
        if let ServerMessage::Joined {
            match_id,
            token,
            seat,
        } = message
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

impl Session {
    async fn send(&mut self, message: ClientMessage) {
        // A failed send shows up as a failed receive, which reconnects.
        let _ = self.socket.try_send(&message).await;
    }

    /// The next server message (a refusal fails the test); after a dropped
    /// connection, reconnects, resumes the seat and returns the snapshot.
    async fn receive(&mut self, doing: &str) -> ServerMessage {
        loop {
            match next_message(&mut self.socket, doing).await {
                Some(message) => {
                    fail_on_error(&message, doing);
                    return message;
                }
                None => self.reconnect().await,
            }
        }
    }

    /// Connects again and resumes the seat. The tests restart the server
    /// before the session reads again (`Server::restart` returns once the
    /// new server listens), so the first attempt normally succeeds; a failed
    /// one is retried after a pause, for at most 20 s.
    async fn reconnect(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut first = true;
        loop {
            assert!(Instant::now() < deadline, "the server did not come back");
            if !std::mem::take(&mut first) {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
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
            match self.receive("waiting for a rematch").await {
                ServerMessage::RematchOffered { match_id, by }
                    if by != self.side && match_id == self.match_id =>
                {
                    let accept = ClientMessage::AcceptRematch { match_id };
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

    /// Waits for the opponent's rematch offer and leaves it unanswered.
    pub async fn rematch_offered(&mut self) {
        loop {
            if let ServerMessage::RematchOffered { match_id, by } =
                self.receive("waiting for a rematch offer").await
            {
                if by != self.side && match_id == self.match_id {
                    return;
                }
            }
        }
    }

    /// Plays its side to the end, calling `on_ply` with the number of moves
    /// played after each one; returns the outcome and the number of moves.
    pub async fn play(&mut self, mut on_ply: impl FnMut(u32)) -> (Outcome, usize) {
        let mut position = Position::start();
        let mut plies = 0u32;
        loop {
            let doing = format!("playing match {} at ply {plies}", self.match_id);
            let message = self.receive(&doing).await;
            if game_event_of(&message) != Some(self.match_id) {
                continue;
            }
            match message {
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
                    if snapshot.seats.white.is_none() || snapshot.seats.black.is_none() {
                        continue;
                    }
                }
                ServerMessage::MovePlayed { ply, mv, .. } => {
                    if ply < plies {
                        continue;
                    }
                    assert_eq!(ply, plies, "{doing}: a move was missed");
                    position = position.play(mv.parse::<Move>().unwrap()).unwrap();
                    plies += 1;
                    on_ply(plies);
                }
                ServerMessage::GameOver { winner, reason, .. } => {
                    return (Outcome { winner, reason }, plies as usize);
                }
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
