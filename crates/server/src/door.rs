//! The server's door: every client message split once, by feature, into
//! that feature's own request type. The connection routes what comes out
//! and knows nothing of any feature's rules.
//!
//! | message | feature | request type | handled in |
//! |---|---|---|---|
//! | `hello` | identity | `Hello` (split before the door) | [`crate::identity`] |
//! | `ping` | the connection | `nonce` | [`crate::connection`] |
//! | one match's (`join`, `move`, ...) | matches | [`Request`] | [`crate::matches`], then the match's task |
//! | `create_match` | matches | [`NewMatch`] | [`crate::matches`] |
//! | `list_matches`, `subscribe_lobby`, `unsubscribe_lobby` | lobby | [`LobbyRequest`] | [`crate::lobby`] |
//! | `*_tournament`, `enter_computer`, `remove_entrant` | tournaments | [`TournamentRequest`] | [`crate::tournament::door`] |
//!
//! Game analyses are asked for over HTTP (`crate::analysis::http`), not
//! here.

use amazons_core::PlayerInfo;
use amazons_protocol::{ClientMessage, MatchId, MessageType, TournamentId};

use crate::lobby::LobbyRequest;
use crate::match_state::Request;
use crate::matches::NewMatch;
use crate::tournament::Ask;
use crate::tournament::door::{Creation, TournamentRequest};

/// A client message, split by the feature that answers it.
pub enum Door {
    /// `hello` once more (identity): refused, the first one was accepted
    /// (the first is split off by `Hello::from_message`).
    HelloAgain,
    /// `ping`, answered by the connection with `pong`.
    Ping(u64),
    /// A request to one match.
    Match(MatchId, Request),
    /// `create_match`.
    NewMatch(NewMatch),
    /// A lobby request.
    Lobby(LobbyRequest),
    /// A tournament request.
    Tournament(TournamentRequest),
    /// A message about one match that `Request::from_message` did not
    /// take: the two lists disagree (a server bug, answered `internal`).
    Unrouted(MessageType),
}

impl Door {
    /// Splits a message from `player` (who wants `legal_moves` or not).
    /// The match takes every message about one match; the rest are named
    /// here one by one, so a new message does not compile until it has a
    /// door.
    pub fn of(message: ClientMessage, player: &PlayerInfo, legal_moves: bool) -> Door {
        let message = match Request::from_message(message, player, legal_moves) {
            Ok((match_id, request)) => return Door::Match(match_id, request),
            Err(message) => message,
        };
        match message {
            ClientMessage::Hello { .. } => Door::HelloAgain,
            ClientMessage::Ping { nonce } => Door::Ping(nonce),
            ClientMessage::ListMatches => Door::Lobby(LobbyRequest::List),
            ClientMessage::SubscribeLobby => Door::Lobby(LobbyRequest::Subscribe),
            ClientMessage::UnsubscribeLobby => Door::Lobby(LobbyRequest::Unsubscribe),
            ClientMessage::CreateMatch {
                time_control,
                color,
                computer,
                rated,
                end_when_decided,
                assistance,
                initial_fen,
            } => Door::NewMatch(NewMatch {
                time_control,
                color,
                computer,
                rated,
                end_when_decided,
                assistance,
                initial_fen,
            }),
            ClientMessage::ListTournaments => Door::Tournament(TournamentRequest::List),
            ClientMessage::CreateTournament {
                title,
                format,
                time_control,
                rated,
                entry_list,
                computers,
            } => Door::Tournament(TournamentRequest::Create(Creation {
                title,
                format,
                time_control,
                rated,
                entry_list,
                computers,
            })),
            ClientMessage::WatchTournament { tournament_id } => {
                tournament(tournament_id, Ask::Watch)
            }
            ClientMessage::UnwatchTournament { tournament_id } => {
                tournament(tournament_id, Ask::Unwatch)
            }
            ClientMessage::JoinTournament { tournament_id } => tournament(tournament_id, Ask::Join),
            ClientMessage::WithdrawTournament { tournament_id } => {
                tournament(tournament_id, Ask::Withdraw)
            }
            ClientMessage::EnterComputer {
                tournament_id,
                computer,
            } => Door::Tournament(TournamentRequest::EnterComputer(tournament_id, computer)),
            ClientMessage::StartTournament { tournament_id } => {
                tournament(tournament_id, Ask::Start)
            }
            ClientMessage::PauseTournament { tournament_id } => {
                tournament(tournament_id, Ask::Pause)
            }
            ClientMessage::ResumeTournament { tournament_id } => {
                tournament(tournament_id, Ask::Resume)
            }
            ClientMessage::RemoveEntrant {
                tournament_id,
                name,
            } => tournament(tournament_id, Ask::Remove(name)),
            ClientMessage::EndTournament { tournament_id } => tournament(tournament_id, Ask::End),
            unrouted @ (ClientMessage::Join { .. }
            | ClientMessage::Leave { .. }
            | ClientMessage::Spectate { .. }
            | ClientMessage::Resume { .. }
            | ClientMessage::Move { .. }
            | ClientMessage::Resign { .. }
            | ClientMessage::Abort { .. }
            | ClientMessage::ClaimTerritory { .. }
            | ClientMessage::OfferRematch { .. }
            | ClientMessage::AcceptRematch { .. }
            | ClientMessage::DeclineRematch { .. }) => Door::Unrouted(unrouted.message_type()),
        }
    }
}

/// A request to tournament `id`.
fn tournament(id: TournamentId, ask: Ask) -> Door {
    Door::Tournament(TournamentRequest::Ask(id, ask))
}
