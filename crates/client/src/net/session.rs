//! The one match session of a connection: the match on screen (or played by
//! the bot), its seat token, the seat or snapshot asked for and not yet
//! given, and the move sent and not yet answered. Events go in
//! ([`MatchSession::on_connected`], [`MatchSession::on_message`]), messages
//! come out ([`MatchSession::drain`]); no socket, no clock, no screen, so it
//! is tested on its own and the full-screen, plain and bot faces keep only
//! their policy and rendering.
//!
//! The rules written once here:
//! - after a (re)connect, resume the seat we hold, else watch the match we
//!   watched, else take back a seat saved on disk by an earlier run;
//! - a snapshot becomes the view only if it is of the match we follow or of
//!   the one we asked for, with the token `joined` gave for it;
//! - a refusal while a move was in flight, or a move that does not follow,
//!   asks the server for a snapshot (resync), and no second move is sent
//!   until it has come;
//! - seat tokens are saved when a seat is taken and removed when its game
//!   ends or the seat is given up.

use std::time::Instant;

use crate::net::seat_store::SeatStore;
use amazons_core::{BySide, Move, Outcome, Position, Side, TimeControl};
use amazons_protocol::{
    Change, ClientMessage, ColorPreference, ComputerRequest, Decided, ErrorCode, MatchId,
    MatchStatus, MatchView, MessageType, RatingChange, SeatToken, ServerMessage,
};

/// What the session waits for the server to give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Awaiting {
    /// A match we asked to create (its id comes with `joined`).
    Created,
    /// The snapshot of this match (joined, resumed, watched, rematch).
    Match(MatchId),
}

/// What a server message meant for the session, for the face to show.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionEvent {
    /// Nothing to show.
    Nothing,
    /// We took a seat (`joined`); the snapshot follows.
    Seated {
        /// The match.
        match_id: MatchId,
        /// Our side.
        seat: Side,
    },
    /// A snapshot became the view.
    Snapshot {
        /// A match not on screen before (else the same one, brought up to
        /// date).
        opened: bool,
        /// The game ended while we were away: the snapshot says so and no
        /// `game_over` will tell (one may still follow; it changes nothing).
        ended_while_away: Option<Outcome>,
    },
    /// The match on screen changed.
    Changed(Change),
    /// We left the match (`left`).
    Left(MatchId),
    /// Another connection took over our seat; the view is gone.
    Replaced(MatchId),
    /// The match on screen is gone from the server.
    Removed(MatchId),
    /// A rematch of the match on screen started; its snapshot follows if we
    /// play in it.
    RematchStarted {
        /// The new match.
        new_match_id: MatchId,
    },
    /// The server refused something we asked.
    Refused {
        /// For programs.
        code: ErrorCode,
        /// For people.
        message: String,
        /// What was refused.
        reply_to: Option<MessageType>,
        /// The match concerned.
        match_id: Option<MatchId>,
        /// The seat or snapshot we were waiting for and no longer do.
        gave_up_on: Option<MatchId>,
    },
}

/// Why a move cannot be sent now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefusal {
    /// No match, or we only watch.
    #[error("{}", t!("not-playing"))]
    NotPlaying,
    /// The game is over.
    #[error("{}", t!("game-is-over"))]
    GameOver,
    /// Nobody sits in the other seat yet.
    #[error("{}", t!("not-started-waiting"))]
    NotStarted,
    /// It is the opponent's turn, or our last move is on its way.
    #[error("{}", t!("not-your-turn"))]
    NotYourTurn,
    /// Against the rules.
    #[error("{0}")]
    Illegal(String),
}

/// What a new match is to be besides its clock and colour, as the person
/// chose; `None` leaves a choice to the server's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchRules {
    /// Rated or casual (the server's default: rated when timed).
    pub rated: Option<bool>,
    /// Whether the server ends the game once counting the territory proves
    /// the winner (the server's default: yes unless rated).
    pub end_when_decided: Option<bool>,
    /// Whether the players may show the territory during the game (a
    /// rated match refuses it).
    pub assistance: bool,
}

/// The session.
#[derive(Debug)]
pub struct MatchSession {
    /// The match we play or watch.
    view: Option<MatchView>,
    /// The token of the last `joined`, until its snapshot arrives.
    joined: Option<(MatchId, SeatToken)>,
    /// A seat or snapshot asked for and not yet given.
    awaiting: Option<Awaiting>,
    /// The ply of the move sent and not yet answered (kept through a
    /// refusal until the resync snapshot, so it is not sent again).
    in_flight: Option<u32>,
    /// Messages for the server, in order.
    outbox: Vec<ClientMessage>,
    /// Seat tokens on disk.
    seats: SeatStore,
    /// Saved seats already tried in this run (a failed one is not retried).
    tried_saved: Vec<MatchId>,
    /// Whether the match followed counts for ratings, as the server last
    /// said it: its snapshot, its `game_started` (where it is settled) and
    /// the lobby's updates of it.
    rated: bool,
    /// What the finished game did to each side's rating (its `game_over`).
    rating_changes: Option<BySide<RatingChange>>,
    /// Whether the match followed lets its players see the territory
    /// (its snapshot and the lobby's updates of it).
    assistance: bool,
    /// The territory proves the game as it stands, and the match leaves it
    /// to a player to claim (the snapshot's or the last move's `decided`).
    decided: Option<Decided>,
    /// The margin of a game the territory ended (its `game_over`, or the
    /// snapshot of a game that ended so).
    margin: Option<u32>,
}

impl MatchSession {
    /// A session that keeps seat tokens in `seats`.
    pub fn new(seats: SeatStore) -> MatchSession {
        MatchSession {
            view: None,
            joined: None,
            awaiting: None,
            in_flight: None,
            outbox: Vec::new(),
            seats,
            tried_saved: Vec::new(),
            rated: false,
            rating_changes: None,
            assistance: false,
            decided: None,
            margin: None,
        }
    }

    /// Whether the match followed lets its players see the territory.
    pub fn assistance(&self) -> bool {
        self.assistance
    }

    /// The proven result a player may claim now, if the territory decides
    /// the game and the match did not end it itself.
    pub fn decided(&self) -> Option<Decided> {
        self.decided
            .filter(|_| self.view.as_ref().is_some_and(|v| v.outcome.is_none()))
    }

    /// The margin of the finished game, when the territory decided it.
    pub fn margin(&self) -> Option<u32> {
        self.margin
    }

    /// Whether the match followed counts for ratings, as the server last
    /// said (a rated match turns casual when it starts with a guest or with
    /// one key in both seats; `game_started` says so).
    pub fn rated(&self) -> bool {
        self.rated
    }

    /// What the game followed did to each side's rating, once it ended
    /// rated.
    pub fn rating_changes(&self) -> Option<&BySide<RatingChange>> {
        self.rating_changes.as_ref()
    }

    /// The messages to send, in order.
    pub fn drain(&mut self) -> Vec<ClientMessage> {
        std::mem::take(&mut self.outbox)
    }

    /// The match we play or watch.
    pub fn view(&self) -> Option<&MatchView> {
        self.view.as_ref()
    }

    /// Forgets the match (a bot moving on after a game).
    pub fn forget(&mut self) -> Option<MatchView> {
        self.in_flight = None;
        self.view.take()
    }

    /// Whether a create, join, watch or resume is on its way.
    pub fn is_seating(&self) -> bool {
        self.awaiting.is_some()
    }

    /// The match whose seat or snapshot is on its way, if known.
    pub fn awaited_match(&self) -> Option<MatchId> {
        match self.awaiting {
            Some(Awaiting::Match(id)) => Some(id),
            _ => None,
        }
    }

    /// Whether our move is on its way.
    pub fn move_in_flight(&self) -> bool {
        self.in_flight.is_some()
    }

    /// Whether we hold a seat in a game that is on (started, not over).
    pub fn in_live_game(&self) -> bool {
        self.view.as_ref().is_some_and(|v| {
            v.you.is_some() && v.outcome.is_none() && v.status == MatchStatus::Playing
        })
    }

    /// Whether a move may be sent now: our turn, nothing in flight.
    pub fn can_move(&self) -> bool {
        self.in_flight.is_none() && self.view.as_ref().is_some_and(MatchView::our_turn)
    }

    fn send(&mut self, message: ClientMessage) {
        self.outbox.push(message);
    }

    /// Asks for a new match; with `computer`, against the server's
    /// computer player; under `rules` as chosen.
    pub fn create(
        &mut self,
        time_control: TimeControl,
        color: ColorPreference,
        computer: Option<ComputerRequest>,
        rules: MatchRules,
    ) {
        self.awaiting = Some(Awaiting::Created);
        self.send(ClientMessage::CreateMatch {
            rated: rules.rated,
            time_control,
            color,
            computer,
            end_when_decided: rules.end_when_decided,
            assistance: rules.assistance.then_some(true),
            initial_fen: None,
        });
    }

    /// Asks for a free seat in `match_id`.
    pub fn join(&mut self, match_id: MatchId, seat: Option<Side>) {
        self.awaiting = Some(Awaiting::Match(match_id));
        self.send(ClientMessage::Join { match_id, seat });
    }

    /// Asks to watch `match_id`.
    pub fn spectate(&mut self, match_id: MatchId) {
        self.awaiting = Some(Awaiting::Match(match_id));
        self.send(ClientMessage::Spectate { match_id });
    }

    /// Takes back the seat of `match_id` with `token`.
    pub fn resume(&mut self, match_id: MatchId, token: SeatToken) {
        self.awaiting = Some(Awaiting::Match(match_id));
        self.joined = Some((match_id, token));
        self.send(ClientMessage::Resume { match_id, token });
    }

    /// Leaves the match on screen (refused while our game is on: resign or
    /// abort first). The view goes at once.
    pub fn leave(&mut self) -> Result<MatchId, String> {
        if self.in_live_game() {
            return Err(t!("game-on-resign-or-abort-first"));
        }
        let view = self.view.take().ok_or_else(|| t!("not-in-a-match"))?;
        self.in_flight = None;
        if view.you.is_some() {
            self.seats.remove(view.id);
        }
        self.send(ClientMessage::Leave { match_id: view.id });
        Ok(view.id)
    }

    /// Sends `m` for our turn, after checking it with the rules.
    pub fn play(&mut self, m: Move) -> Result<(), MoveRefusal> {
        let view = self
            .view
            .as_ref()
            .filter(|v| v.you.is_some())
            .ok_or(MoveRefusal::NotPlaying)?;
        if view.outcome.is_some() {
            return Err(MoveRefusal::GameOver);
        }
        if view.status == MatchStatus::Waiting {
            return Err(MoveRefusal::NotStarted);
        }
        if !view.our_turn() || self.in_flight.is_some() {
            return Err(MoveRefusal::NotYourTurn);
        }
        view.position.is_legal(m).map_err(|reason| {
            let reason = crate::face::words::illegal_move(reason);
            MoveRefusal::Illegal(format!("{m}: {reason}"))
        })?;
        let (match_id, ply, token) = (view.id, view.ply(), view.token);
        self.in_flight = Some(ply);
        self.send(ClientMessage::Move {
            match_id,
            ply,
            mv: m.to_string(),
            token,
        });
        Ok(())
    }

    /// The match and token of our seat in a game not over.
    fn seat(&self) -> Option<(MatchId, Option<SeatToken>)> {
        self.view
            .as_ref()
            .filter(|v| v.you.is_some())
            .map(|v| (v.id, v.token))
    }

    /// Resigns our game.
    pub fn resign(&mut self) -> Result<(), String> {
        let (match_id, token) = self.seat().ok_or_else(|| t!("not-playing"))?;
        self.send(ClientMessage::Resign { match_id, token });
        Ok(())
    }

    /// Calls our game off (allowed before both sides have moved).
    pub fn abort(&mut self) -> Result<(), String> {
        let (match_id, token) = self.seat().ok_or_else(|| t!("not-playing"))?;
        self.send(ClientMessage::Abort { match_id, token });
        Ok(())
    }

    /// Accepts the opponent's rematch offer, or offers one.
    pub fn rematch(&mut self) -> Result<(), String> {
        let view = self
            .view
            .as_ref()
            .filter(|v| v.you.is_some())
            .ok_or_else(|| t!("not-playing"))?;
        if view.outcome.is_none() {
            return Err(t!("rematch-after-the-game"));
        }
        let match_id = view.id;
        let accept = view.rematch_offer.is_some() && view.rematch_offer != view.you;
        self.send(if accept {
            ClientMessage::AcceptRematch { match_id }
        } else {
            ClientMessage::OfferRematch { match_id }
        });
        Ok(())
    }

    /// Asks the server to count the territory and end our game (`claim`);
    /// refused here when nothing is proven, as the server would.
    pub fn claim(&mut self) -> Result<(), String> {
        let (match_id, _) = self.seat().ok_or_else(|| t!("not-playing"))?;
        if self.decided().is_none() {
            return Err(t!("claim-not-decided"));
        }
        self.send(ClientMessage::ClaimTerritory { match_id });
        Ok(())
    }

    /// Turns down the opponent's rematch offer (or withdraws ours).
    pub fn decline_rematch(&mut self) -> Result<(), String> {
        let (match_id, _) = self.seat().ok_or_else(|| t!("not-playing"))?;
        self.send(ClientMessage::DeclineRematch { match_id });
        Ok(())
    }

    /// The connection is down: no answer to a move in flight will come.
    pub fn on_disconnected(&mut self) {
        self.in_flight = None;
    }

    /// Connected (again): resume the seat we hold, watch the match we
    /// watched, finish a join whose snapshot was lost, else take back the
    /// newest seat saved by an earlier run. True if it asked for a match.
    pub fn on_connected(&mut self) -> bool {
        self.in_flight = None;
        if let Some(view) = &self.view {
            let match_id = view.id;
            match (view.you, view.token) {
                (Some(_), Some(token)) => self.resume(match_id, token),
                _ => self.spectate(match_id),
            }
            return true;
        }
        match (self.awaiting, self.joined) {
            (Some(Awaiting::Match(id)), Some((joined, token))) if id == joined => {
                self.resume(id, token);
                return true;
            }
            (Some(Awaiting::Match(id)), _) => {
                self.spectate(id);
                return true;
            }
            // A creation whose answer was lost: nothing to take back.
            (Some(Awaiting::Created), _) => self.awaiting = None,
            (None, _) => {}
        }
        self.resume_saved()
    }

    /// Takes back our seat in `match_id` if a token for it is saved (the
    /// lobby's Enter on a match where we sit); false if none is.
    pub fn resume_saved_match(&mut self, match_id: MatchId) -> bool {
        match self
            .seats
            .saved()
            .into_iter()
            .find(|s| s.match_id == match_id)
        {
            Some(saved) => {
                self.resume(match_id, saved.token);
                true
            }
            None => false,
        }
    }

    /// Resumes the newest saved seat not tried yet in this run.
    fn resume_saved(&mut self) -> bool {
        let tried = &self.tried_saved;
        let Some(saved) = self
            .seats
            .saved()
            .into_iter()
            .find(|s| !tried.contains(&s.match_id))
        else {
            return false;
        };
        self.tried_saved.push(saved.match_id);
        self.resume(saved.match_id, saved.token);
        true
    }

    /// Follows one server message.
    pub fn on_message(
        &mut self,
        message: &ServerMessage,
        now: Instant,
    ) -> anyhow::Result<SessionEvent> {
        match message {
            ServerMessage::Joined {
                match_id,
                seat,
                token,
            } => {
                self.joined = Some((*match_id, *token));
                if matches!(self.awaiting, Some(Awaiting::Created) | None) {
                    self.awaiting = Some(Awaiting::Match(*match_id));
                }
                self.seats.save(*match_id, *token);
                return Ok(SessionEvent::Seated {
                    match_id: *match_id,
                    seat: *seat,
                });
            }
            ServerMessage::Snapshot(snapshot) => return self.on_snapshot(snapshot, now),
            ServerMessage::Left { match_id } => {
                if self.view.as_ref().is_some_and(|v| v.id == *match_id) {
                    self.view = None;
                }
                return Ok(SessionEvent::Left(*match_id));
            }
            ServerMessage::Replaced { match_id } => {
                if self.view.as_ref().is_some_and(|v| v.id == *match_id) {
                    self.view = None;
                    self.in_flight = None;
                }
                return Ok(SessionEvent::Replaced(*match_id));
            }
            ServerMessage::MatchRemoved { match_id }
                if self.view.as_ref().is_some_and(|v| v.id == *match_id) =>
            {
                return Ok(SessionEvent::Removed(*match_id));
            }
            ServerMessage::RematchStarted {
                match_id,
                new_match_id,
            } if self.view.as_ref().is_some_and(|v| v.id == *match_id) => {
                if self.view.as_ref().is_some_and(|v| v.you.is_some()) {
                    self.awaiting = Some(Awaiting::Match(*new_match_id));
                }
                return Ok(SessionEvent::RematchStarted {
                    new_match_id: *new_match_id,
                });
            }
            ServerMessage::Error {
                code,
                message,
                reply_to,
                match_id,
                ..
            } => return Ok(self.on_error(*code, message, *reply_to, *match_id)),
            ServerMessage::MatchUpdated { summary }
                if self.view.as_ref().is_some_and(|v| v.id == summary.id) =>
            {
                self.rated = summary.rated;
                self.assistance = summary.assistance;
            }
            ServerMessage::GameStarted {
                match_id, rated, ..
            } if self.view.as_ref().is_some_and(|v| v.id == *match_id) => {
                self.rated = *rated;
            }
            ServerMessage::MovePlayed {
                match_id, decided, ..
            } if self.view.as_ref().is_some_and(|v| v.id == *match_id) => {
                self.decided = *decided;
            }
            ServerMessage::GameOver {
                match_id,
                ratings,
                margin,
                ..
            } if self.view.as_ref().is_some_and(|v| v.id == *match_id) => {
                self.rating_changes = *ratings;
                self.margin = *margin;
                self.decided = None;
                // The names show the ratings the game left.
                if let (Some(view), Some(changes)) = (self.view.as_mut(), ratings) {
                    for side in Side::BOTH {
                        if let Some(seat) = view.seats.get_mut(side).as_mut() {
                            seat.rating = Some(changes[side].after);
                        }
                    }
                }
            }
            _ => {}
        }
        let Some(view) = self.view.as_mut() else {
            return Ok(SessionEvent::Nothing);
        };
        let change = view.apply(message, now);
        match &change {
            Change::Nothing => return Ok(SessionEvent::Nothing),
            Change::Moved(_) => {
                if self.in_flight.is_some_and(|ply| ply + 1 == view.ply()) {
                    self.in_flight = None;
                }
            }
            Change::Over(_) => {
                self.in_flight = None;
                if view.you.is_some() {
                    self.seats.remove(view.id);
                }
            }
            Change::OutOfStep => self.resync(),
            Change::Seats | Change::Started => {}
        }
        Ok(SessionEvent::Changed(change))
    }

    /// Asks the server where the match on screen stands.
    fn resync(&mut self) {
        let Some(view) = &self.view else {
            return;
        };
        let match_id = view.id;
        match (view.you, view.token) {
            (Some(_), Some(token)) => self.send(ClientMessage::Resume { match_id, token }),
            _ => self.send(ClientMessage::Spectate { match_id }),
        }
    }

    fn on_snapshot(
        &mut self,
        snapshot: &amazons_protocol::MatchSnapshot,
        now: Instant,
    ) -> anyhow::Result<SessionEvent> {
        let id = snapshot.match_id;
        let current = self.view.as_ref().filter(|v| v.id == id);
        if current.is_none() && self.awaiting != Some(Awaiting::Match(id)) {
            tracing::debug!("ignoring a snapshot of match {id}, which we do not follow");
            return Ok(SessionEvent::Nothing);
        }
        let opened = current.is_none();
        let knew_outcome = current.is_some_and(|v| v.outcome.is_some());
        let token = self
            .joined
            .filter(|(joined, _)| *joined == id)
            .map(|(_, token)| token)
            .or_else(|| current.and_then(|v| v.token));
        let view = MatchView::from_snapshot(snapshot, token, now)?;
        self.rated = snapshot.rated;
        self.assistance = snapshot.assistance;
        self.decided = snapshot.decided;
        self.margin = snapshot.margin;
        if opened {
            self.rating_changes = None;
        }
        self.awaiting = None;
        self.in_flight = None;
        let ended_while_away = view.outcome.filter(|_| !knew_outcome);
        if view.you.is_some() {
            match (view.outcome, token) {
                (None, Some(token)) => self.seats.save(id, token),
                (Some(_), _) => self.seats.remove(id),
                (None, None) => {}
            }
        }
        self.view = Some(view);
        Ok(SessionEvent::Snapshot {
            opened,
            ended_while_away,
        })
    }

    fn on_error(
        &mut self,
        code: ErrorCode,
        message: &str,
        reply_to: Option<MessageType>,
        match_id: Option<MatchId>,
    ) -> SessionEvent {
        let mut gave_up_on = None;
        let seating = matches!(
            reply_to,
            Some(
                MessageType::CreateMatch
                    | MessageType::Join
                    | MessageType::Spectate
                    | MessageType::Resume
            )
        );
        if seating {
            let awaited = self.awaited_match();
            if self.awaiting.is_some() && (match_id.is_none() || match_id == awaited) {
                gave_up_on = awaited;
                self.awaiting = None;
            }
            if reply_to == Some(MessageType::Resume)
                && matches!(code, ErrorCode::NoSuchMatch | ErrorCode::BadToken)
            {
                if let Some(id) = match_id {
                    self.seats.remove(id);
                }
                // An earlier run's seat that is gone: try the next one.
                if self.view.is_none() && self.awaiting.is_none() {
                    self.resume_saved();
                }
            }
        }
        let ours = self.view.as_ref().is_some_and(|v| Some(v.id) == match_id);
        if ours && self.in_flight.is_some() && code != ErrorCode::GameOver {
            // Keep `in_flight` until the snapshot, so the move is not sent
            // again meanwhile; the game_over of a finished game is on its way.
            self.resync();
        }
        SessionEvent::Refused {
            code,
            message: message.to_string(),
            reply_to,
            match_id,
            gave_up_on,
        }
    }
}

/// The position with `side` to move: what a premove is built against while
/// the opponent thinks (the rules then check it again on the real turn).
pub fn position_for(position: &Position, side: Side) -> Position {
    if position.turn() == side {
        return *position;
    }
    Position::from_parts(
        position.queens(Side::First),
        position.queens(Side::Second),
        position.arrows(),
        side,
        position.halfmove_clock(),
        position.fullmove_number(),
    )
    .unwrap_or(*position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::EndReason;
    use amazons_protocol::{MessageType, testing};

    const ID: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
    const OTHER: &str = "0b8e4d2c-1a3f-4e5d-8c7b-6a5f4e3d2c1b";
    const TOKEN: &str = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

    fn id(text: &str) -> MatchId {
        text.parse().unwrap()
    }

    fn token() -> SeatToken {
        SeatToken::from_hex(TOKEN).unwrap()
    }

    /// A snapshot of `match_id` where we sit as `you` (`None`: watching)
    /// after `moves`, finished when it has an `outcome`.
    fn snapshot(
        match_id: &str,
        you: Option<Side>,
        moves: &[&str],
        outcome: Option<Outcome>,
    ) -> ServerMessage {
        let snapshot = testing::snapshot(id(match_id), you, moves);
        ServerMessage::Snapshot(testing::ended(snapshot, outcome))
    }

    fn joined(match_id: &str) -> ServerMessage {
        ServerMessage::Joined {
            match_id: id(match_id),
            seat: Side::Second,
            token: token(),
        }
    }

    fn seated_black(store: SeatStore) -> MatchSession {
        let mut session = MatchSession::new(store);
        let now = Instant::now();
        session.join(id(ID), None);
        session.on_message(&joined(ID), now).unwrap();
        session
            .on_message(&snapshot(ID, Some(Side::Second), &["d1-d7/g7"], None), now)
            .unwrap();
        session.drain();
        session
    }

    #[test]
    fn a_decided_game_may_be_claimed_until_a_move_or_the_end_says_otherwise() {
        let root = tempfile::tempdir().unwrap();
        let store = SeatStore::open(root.path(), "ws://h/ws", "bob");
        let mut session = MatchSession::new(store);
        let now = Instant::now();
        session.join(id(ID), None);
        session.on_message(&joined(ID), now).unwrap();
        let decided = Decided {
            winner: Side::Second,
            margin: 3,
        };
        let mut snap = testing::snapshot(id(ID), Some(Side::Second), &["d1-d7/g7"]);
        snap.decided = Some(decided);
        snap.assistance = true;
        session
            .on_message(&ServerMessage::Snapshot(snap), now)
            .unwrap();
        session.drain();
        assert_eq!(session.decided(), Some(decided));
        assert!(session.assistance());
        session.claim().unwrap();
        assert_eq!(
            session.drain(),
            [ClientMessage::ClaimTerritory { match_id: id(ID) }]
        );
        // The next move says nothing is proven any more.
        let moved = ServerMessage::MovePlayed {
            match_id: id(ID),
            ply: 1,
            mv: "a7-b7/c7".into(),
            side: Side::Second,
            time_ms: 1,
            clocks: None,
            fen: None,
            decided: None,
        };
        session.on_message(&moved, now).unwrap();
        assert_eq!(session.decided(), None);
        assert_eq!(session.claim(), Err(t!("claim-not-decided")));
        assert!(session.drain().is_empty(), "nothing sent");
        // A game the territory ended keeps its margin.
        let mut over = testing::game_over(id(ID), Some(Side::Second), EndReason::Territory);
        if let ServerMessage::GameOver { margin, .. } = &mut over {
            *margin = Some(3);
        }
        session.on_message(&over, now).unwrap();
        assert_eq!(session.margin(), Some(3));
        assert_eq!(session.decided(), None);
    }

    #[test]
    fn a_join_gives_a_view_with_the_token_and_the_token_is_saved_until_the_end() {
        let root = tempfile::tempdir().unwrap();
        let store = SeatStore::open(root.path(), "ws://h/ws", "bob");
        let mut session = MatchSession::new(store.clone());
        let now = Instant::now();
        session.join(id(ID), None);
        assert!(session.is_seating());
        assert_eq!(
            session.drain(),
            [ClientMessage::Join {
                match_id: id(ID),
                seat: None
            }]
        );
        let seated = session.on_message(&joined(ID), now).unwrap();
        assert_eq!(
            seated,
            SessionEvent::Seated {
                match_id: id(ID),
                seat: Side::Second
            }
        );
        assert_eq!(store.saved()[0].token, token());
        let opened = session
            .on_message(&snapshot(ID, Some(Side::Second), &["d1-d7/g7"], None), now)
            .unwrap();
        assert_eq!(
            opened,
            SessionEvent::Snapshot {
                opened: true,
                ended_while_away: None
            }
        );
        assert!(!session.is_seating());
        assert_eq!(session.view().unwrap().token, Some(token()));
        assert!(session.can_move());
        let over = testing::game_over(id(ID), Some(Side::First), EndReason::Resignation);
        session.on_message(&over, now).unwrap();
        assert!(store.saved().is_empty(), "removed at the end");
    }

    #[test]
    fn snapshots_of_matches_not_followed_are_ignored() {
        let mut session = seated_black(SeatStore::in_memory());
        let now = Instant::now();
        let stale = snapshot(OTHER, None, &[], None);
        assert_eq!(
            session.on_message(&stale, now).unwrap(),
            SessionEvent::Nothing
        );
        assert_eq!(session.view().unwrap().id, id(ID));
        session.spectate(id(OTHER));
        let watched = session.on_message(&stale, now).unwrap();
        assert!(matches!(
            watched,
            SessionEvent::Snapshot { opened: true, .. }
        ));
        assert_eq!(session.view().unwrap().you, None);
    }

    #[test]
    fn a_move_is_sent_once_and_a_refusal_resyncs() {
        let mut session = seated_black(SeatStore::in_memory());
        let now = Instant::now();
        let m: Move = "a7-b7/c7".parse().unwrap();
        assert!(matches!(
            session.play("a7-a4/a5".parse().unwrap()),
            Err(MoveRefusal::Illegal(_))
        ));
        session.play(m).unwrap();
        assert_eq!(session.play(m), Err(MoveRefusal::NotYourTurn));
        assert_eq!(
            session.drain(),
            [ClientMessage::Move {
                match_id: id(ID),
                ply: 1,
                mv: "a7-b7/c7".into(),
                token: Some(token())
            }]
        );
        let refusal = testing::stale_ply(id(ID), 2);
        session.on_message(&refusal, now).unwrap();
        assert_eq!(
            session.drain(),
            [ClientMessage::Resume {
                match_id: id(ID),
                token: token()
            }]
        );
        assert!(!session.can_move(), "not again before the snapshot");
        session
            .on_message(&snapshot(ID, Some(Side::Second), &["d1-d7/g7"], None), now)
            .unwrap();
        assert!(session.can_move());
    }

    #[test]
    fn a_move_that_does_not_follow_resyncs_a_spectator_by_watching_again() {
        let mut session = MatchSession::new(SeatStore::in_memory());
        let now = Instant::now();
        session.spectate(id(ID));
        session
            .on_message(&snapshot(ID, None, &[], None), now)
            .unwrap();
        session.drain();
        let skipped = testing::move_played(id(ID), 1, "a7-b7/c7");
        assert_eq!(
            session.on_message(&skipped, now).unwrap(),
            SessionEvent::Changed(Change::OutOfStep)
        );
        assert_eq!(
            session.drain(),
            [ClientMessage::Spectate { match_id: id(ID) }]
        );
    }

    #[test]
    fn a_reconnect_resumes_the_seat_and_a_restart_resumes_the_saved_one() {
        let root = tempfile::tempdir().unwrap();
        let store = SeatStore::open(root.path(), "ws://h/ws", "bob");
        let mut session = seated_black(store.clone());
        session.on_disconnected();
        assert!(session.on_connected());
        assert_eq!(
            session.drain(),
            [ClientMessage::Resume {
                match_id: id(ID),
                token: token()
            }]
        );
        // A new process: nothing in memory, the token on disk.
        let mut restarted = MatchSession::new(store.clone());
        assert!(restarted.on_connected());
        assert_eq!(
            restarted.drain(),
            [ClientMessage::Resume {
                match_id: id(ID),
                token: token()
            }]
        );
        let now = Instant::now();
        let back = restarted
            .on_message(&snapshot(ID, Some(Side::Second), &["d1-d7/g7"], None), now)
            .unwrap();
        assert!(matches!(back, SessionEvent::Snapshot { opened: true, .. }));
        assert_eq!(restarted.view().unwrap().token, Some(token()));
        // A saved seat of a match that is gone is forgotten.
        let mut later = MatchSession::new(store.clone());
        later.on_connected();
        later.drain();
        let gone = testing::refusal(
            ErrorCode::NoSuchMatch,
            "no such match",
            MessageType::Resume,
            id(ID),
        );
        let refused = later.on_message(&gone, now).unwrap();
        assert!(matches!(
            refused,
            SessionEvent::Refused {
                gave_up_on: Some(_),
                ..
            }
        ));
        assert!(store.saved().is_empty());
        assert!(!later.on_connected(), "nothing left to resume");
    }

    #[test]
    fn a_game_that_ended_while_away_says_so_once() {
        let mut session = seated_black(SeatStore::in_memory());
        let now = Instant::now();
        session.on_connected();
        let won = Some(Outcome::win(Side::First, EndReason::Abandonment));
        let back = session
            .on_message(&snapshot(ID, Some(Side::Second), &["d1-d7/g7"], won), now)
            .unwrap();
        let SessionEvent::Snapshot {
            ended_while_away: Some(outcome),
            ..
        } = back
        else {
            panic!("{back:?}");
        };
        assert_eq!(outcome.winner, Some(Side::First));
        let again = session
            .on_message(&snapshot(ID, Some(Side::Second), &["d1-d7/g7"], won), now)
            .unwrap();
        assert!(matches!(
            again,
            SessionEvent::Snapshot {
                ended_while_away: None,
                ..
            }
        ));
    }

    #[test]
    fn leaving_a_live_game_is_refused_and_a_rematch_follows_the_new_match() {
        let mut session = seated_black(SeatStore::in_memory());
        assert!(session.leave().is_err());
        assert!(session.rematch().is_err(), "not before the end");
        let now = Instant::now();
        let over = testing::game_over(id(ID), Some(Side::First), EndReason::Resignation);
        session.on_message(&over, now).unwrap();
        session.rematch().unwrap();
        assert_eq!(
            session.drain(),
            [ClientMessage::OfferRematch { match_id: id(ID) }]
        );
        let started = ServerMessage::RematchStarted {
            match_id: id(ID),
            new_match_id: id(OTHER),
        };
        session.on_message(&started, now).unwrap();
        session.on_message(&joined(OTHER), now).unwrap();
        session
            .on_message(&snapshot(OTHER, Some(Side::Second), &[], None), now)
            .unwrap();
        assert_eq!(session.view().unwrap().id, id(OTHER));
        assert_eq!(session.view().unwrap().token, Some(token()));
    }

    #[test]
    fn the_session_knows_whether_the_match_is_rated_and_what_the_end_did_to_ratings() {
        let mut session = MatchSession::new(SeatStore::in_memory());
        let now = Instant::now();
        session.join(id(ID), None);
        session.on_message(&joined(ID), now).unwrap();
        let rating = amazons_protocol::Rating {
            rating: 1500,
            deviation: 350,
            provisional: true,
        };
        let mut rated = testing::snapshot(id(ID), Some(Side::Second), &[]);
        rated.rated = true;
        rated.seats.white.as_mut().unwrap().rating = Some(rating);
        rated.seats.black = None;
        rated.status = MatchStatus::Waiting;
        session
            .on_message(&ServerMessage::Snapshot(rated), now)
            .unwrap();
        assert!(session.rated(), "waiting, as the server said");
        // A guest sits down: the game starts casual.
        let mut guest = testing::seated("ann", "guest");
        guest.white.as_mut().unwrap().rating = Some(rating);
        let started = ServerMessage::GameStarted {
            match_id: id(ID),
            seats: guest.clone(),
            clocks: None,
            rated: false,
        };
        session.on_message(&started, now).unwrap();
        assert!(!session.rated(), "a guest: casual, as game_started says");
        let mut again = testing::snapshot(id(ID), Some(Side::Second), &[]);
        again.rated = true;
        session
            .on_message(&ServerMessage::Snapshot(again), now)
            .unwrap();
        assert!(session.rated());
        // The lobby says it turned casual (a guest sat down).
        let casual = testing::summary(id(ID), testing::seated("ann", "bob"));
        session
            .on_message(&ServerMessage::MatchUpdated { summary: casual }, now)
            .unwrap();
        assert!(!session.rated());
        let change = RatingChange {
            before: rating,
            after: amazons_protocol::Rating {
                rating: 1688,
                ..rating
            },
        };
        let mut over = testing::game_over(id(ID), Some(Side::First), EndReason::Resignation);
        if let ServerMessage::GameOver { ratings, .. } = &mut over {
            *ratings = Some(BySide::both(change));
        }
        session.on_message(&over, now).unwrap();
        assert_eq!(session.rating_changes(), Some(&BySide::both(change)));
        let seats = &session.view().unwrap().seats;
        assert_eq!(seats.white.as_ref().unwrap().rating, Some(change.after));
        // A new match forgets them.
        session.spectate(id(OTHER));
        session
            .on_message(&snapshot(OTHER, None, &[], None), now)
            .unwrap();
        assert_eq!(session.rating_changes(), None);
    }

    #[test]
    fn premoves_are_built_on_the_position_with_our_turn() {
        let start = Position::start();
        let ours = position_for(&start, Side::Second);
        assert_eq!(ours.turn(), Side::Second);
        assert!(ours.is_legal("a7-b7/c7".parse().unwrap()).is_ok());
        assert_eq!(position_for(&start, Side::First), start);
    }
}
