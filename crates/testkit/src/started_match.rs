//! The opening of most server tests, once: two people in a match of their
//! own with the game started (white created it, black joined, both saw
//! `game_started`), and moves played through it with both players seeing
//! each one acknowledged.

use amazons_core::testing::random_move;
use amazons_core::{Move, Position, Side, TimeControl};
use amazons_protocol::{ColorPreference, MatchId, SeatToken, ServerMessage};

use crate::ws::{Endpoint, WsClient};

/// A started match between two connected people.
pub struct StartedMatch {
    /// The match.
    pub match_id: MatchId,
    /// White's connection: the creator.
    pub white: WsClient,
    /// Black's connection: the one who joined.
    pub black: WsClient,
    /// White's seat token, for `resume`.
    pub white_token: SeatToken,
    /// Black's seat token, for `resume`.
    pub black_token: SeatToken,
    /// The position after the moves played through [`StartedMatch::play`]
    /// (the start until then).
    pub position: Position,
}

impl StartedMatch {
    /// `white` (a name) connects to `to` and creates a match with
    /// `time_control` as white, `black` connects and joins it, and both see
    /// the game start.
    pub async fn new(
        to: impl Into<Endpoint>,
        white: &str,
        black: &str,
        time_control: TimeControl,
    ) -> StartedMatch {
        let to = to.into();
        let mut white = WsClient::greeted(to.clone(), white).await;
        let (match_id, white_token) = create_as_white(&mut white, time_control).await;
        let black = WsClient::greeted(to, black).await;
        StartedMatch::joined(white, black, match_id, white_token).await
    }

    /// [`StartedMatch::new`] for clients already greeted (with a `hello` of
    /// their own).
    pub async fn between(
        mut white: WsClient,
        black: WsClient,
        time_control: TimeControl,
    ) -> StartedMatch {
        let (match_id, white_token) = create_as_white(&mut white, time_control).await;
        StartedMatch::joined(white, black, match_id, white_token).await
    }

    /// Black joins white's match; both wait for `game_started`.
    async fn joined(
        mut white: WsClient,
        mut black: WsClient,
        match_id: MatchId,
        white_token: SeatToken,
    ) -> StartedMatch {
        let (black_token, seat) = black.join(match_id).await;
        assert_eq!(
            seat,
            Side::Second,
            "the one who joins white's match is black"
        );
        for client in [&mut white, &mut black] {
            client
                .recv_until(|m| matches!(m, ServerMessage::GameStarted { .. }))
                .await;
        }
        StartedMatch {
            match_id,
            white,
            black,
            white_token,
            black_token,
            position: Position::start(),
        }
    }

    /// The connection of the side to move.
    pub fn mover(&mut self) -> &mut WsClient {
        match self.position.turn() {
            Side::First => &mut self.white,
            Side::Second => &mut self.black,
        }
    }

    /// Plays `mv` for the side to move: both players must see it
    /// acknowledged (`move_played` for this ply and move, before any
    /// `error`).
    pub async fn play(&mut self, mv: Move) {
        let (match_id, ply) = (self.match_id, self.position.ply());
        self.mover().play(match_id, ply, &mv.to_string()).await;
        for client in [&mut self.white, &mut self.black] {
            match client
                .recv_until(|m| {
                    matches!(
                        m,
                        ServerMessage::MovePlayed { .. } | ServerMessage::Error { .. }
                    )
                })
                .await
            {
                ServerMessage::MovePlayed {
                    ply: got, mv: text, ..
                } => {
                    assert_eq!(got, ply);
                    assert_eq!(text, mv.to_string());
                }
                other => panic!("move {mv} at ply {ply} refused: {other:?}"),
            }
        }
        self.position = self
            .position
            .play(mv)
            .unwrap_or_else(|e| panic!("the server accepted {mv}: {e}"));
    }

    /// Plays `count` random legal moves through [`StartedMatch::play`], or
    /// fewer if the game ends first.
    pub async fn play_random(&mut self, count: usize) {
        for _ in 0..count {
            if self.position.is_game_over() {
                break;
            }
            let mv = random_move(&self.position, &mut rand::rng());
            self.play(mv).await;
        }
    }
}

/// Creates a match as white; its id and white's token.
async fn create_as_white(client: &mut WsClient, time_control: TimeControl) -> (MatchId, SeatToken) {
    let (match_id, token, seat) = client.create(time_control, ColorPreference::White).await;
    assert_eq!(seat, Side::First, "a creator who asks for white is white");
    (match_id, token)
}
