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

#[cfg(test)]
mod tests {
    use amazons_core::PlayerKind;

    use super::*;

    /// Every message about one match reaches the match: the match's own
    /// list (`Request::from_message`) and the door's agree, so
    /// `Door::Unrouted` is never made.
    #[test]
    fn every_match_message_goes_to_its_match() {
        let id = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";
        let player = PlayerInfo::new("ann", PlayerKind::Human);
        let texts = [
            format!(r#"{{"type":"join","match_id":"{id}","seat":"black"}}"#),
            format!(r#"{{"type":"leave","match_id":"{id}"}}"#),
            format!(r#"{{"type":"spectate","match_id":"{id}"}}"#),
            format!(
                r#"{{"type":"resume","match_id":"{id}","token":"5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"}}"#
            ),
            format!(r#"{{"type":"move","match_id":"{id}","ply":0,"move":"d1-d7/g7"}}"#),
            format!(r#"{{"type":"resign","match_id":"{id}"}}"#),
            format!(r#"{{"type":"abort","match_id":"{id}"}}"#),
            format!(r#"{{"type":"claim_territory","match_id":"{id}"}}"#),
            format!(r#"{{"type":"offer_rematch","match_id":"{id}"}}"#),
            format!(r#"{{"type":"accept_rematch","match_id":"{id}"}}"#),
            format!(r#"{{"type":"decline_rematch","match_id":"{id}"}}"#),
        ];
        for text in &texts {
            let message = ClientMessage::decode(text).unwrap();
            match Door::of(message, &player, false) {
                Door::Match(match_id, _) => assert_eq!(match_id.to_string(), id),
                _ => panic!("{text} did not reach its match"),
            }
        }
        let ping = ClientMessage::decode(r#"{"type":"ping","nonce":7}"#).unwrap();
        assert!(matches!(Door::of(ping, &player, false), Door::Ping(7)));
        let hello = ClientMessage::decode(r#"{"type":"hello","protocol":1,"name":"ann"}"#).unwrap();
        assert!(matches!(Door::of(hello, &player, false), Door::HelloAgain));
    }
}
