//! The lobby door: the list of matches, once or as a feed
//! (`list_matches`, `subscribe_lobby`, `unsubscribe_lobby`).

use amazons_protocol::ServerMessage;
use axum::extract::ws::Utf8Bytes;
use tokio::sync::broadcast;

use crate::registry::Registry;
use crate::reply::Reply;

/// A lobby request, as the door splits it off.
pub enum LobbyRequest {
    /// `list_matches`: the list, once.
    List,
    /// `subscribe_lobby`: the list now, then every change.
    Subscribe,
    /// `unsubscribe_lobby`.
    Unsubscribe,
}

/// Answers a lobby request; `feed` is the connection's lobby feed, while
/// it is subscribed.
pub fn answer(
    registry: &Registry,
    feed: &mut Option<broadcast::Receiver<Utf8Bytes>>,
    request: LobbyRequest,
) -> Reply {
    match request {
        LobbyRequest::List => Reply::one(ServerMessage::MatchList {
            matches: registry.list(),
        }),
        LobbyRequest::Subscribe => {
            *feed = Some(registry.subscribe());
            Reply::one(ServerMessage::MatchList {
                matches: registry.list(),
            })
        }
        LobbyRequest::Unsubscribe => {
            *feed = None;
            Reply::none()
        }
    }
}
