//! The match door: `create_match` checked and created, and each request
//! about one match (split off by `Request::from_message`) handed to that
//! match's task, which answers on the connection.

use std::collections::HashMap;
use std::sync::Arc;

use amazons_core::{PlayerInfo, TimeControl};
use amazons_protocol::{ColorPreference, ComputerRequest, ErrorCode, MatchId, MessageType};

use crate::mailbox::{ConnHandle, MatchHandle};
use crate::match_actor;
use crate::match_state::{Request, Terms};
use crate::reply::Reply;
use crate::shared::Shared;

/// `create_match` as sent, before its checks.
pub struct NewMatch {
    /// The clock asked for (checked when the match is created).
    pub time_control: TimeControl,
    /// The side asked for.
    pub color: ColorPreference,
    /// The server's computer player in the other seat, if asked for.
    pub computer: Option<ComputerRequest>,
    /// Rated or casual (the default when absent).
    pub rated: Option<bool>,
    /// Whether a proven territory count ends the game.
    pub end_when_decided: Option<bool>,
    /// Whether the players may use the territory view.
    pub assistance: Option<bool>,
    /// The starting position, if not the standard one.
    pub initial_fen: Option<String>,
}

/// The matches one connection takes part in (told when it drops).
pub type Attached = HashMap<MatchId, MatchHandle>;

/// Creates a match for `player` (who wants `legal_moves` or not) on
/// connection `me`, which then takes part in it.
pub async fn create(
    shared: &Arc<Shared>,
    me: &ConnHandle,
    (player, legal_moves): (&PlayerInfo, bool),
    attached: &mut Attached,
    asked: NewMatch,
) -> Reply {
    let kind = MessageType::CreateMatch;
    let terms = match Terms::asked(
        asked.time_control,
        asked.rated,
        (asked.end_when_decided, asked.assistance),
        asked.initial_fen.as_deref(),
    ) {
        Ok(terms) => terms,
        Err(refused) => return Reply::refused(refused, kind),
    };
    let computer = match asked.computer.map(|c| shared.computer.choose(&c)) {
        None => None,
        Some(Ok(seat)) => Some(seat),
        Some(Err(refused)) => return Reply::refused(refused, kind),
    };
    match match_actor::create(
        &shared.matches(),
        me,
        (player, legal_moves),
        (terms, asked.color),
        computer,
    )
    .await
    {
        Ok(handle) => {
            attached.insert(handle.id, handle);
            Reply::none()
        }
        Err(refused) => Reply::refused(refused, kind),
    }
}

/// Hands `request` (of message type `kind`) to match `match_id`, found
/// among the connection's own matches or in the table; `leave` forgets
/// it afterwards.
pub async fn ask(
    shared: &Shared,
    me: &ConnHandle,
    attached: &mut Attached,
    (match_id, request): (MatchId, Request),
    kind: MessageType,
) -> Reply {
    let leaving = request == Request::Leave;
    let handle = match attached.get(&match_id) {
        Some(handle) => handle.clone(),
        None => match shared.registry.get(match_id) {
            Some(handle) => handle,
            None => {
                return Reply::refusal(
                    ErrorCode::NoSuchMatch,
                    "there is no such match",
                    kind,
                    Some(match_id),
                );
            }
        },
    };
    let reply = if handle.send(me, request).await {
        Reply::none()
    } else {
        attached.remove(&handle.id);
        Reply::refusal(
            ErrorCode::NoSuchMatch,
            "that match has ended",
            kind,
            Some(handle.id),
        )
    };
    if leaving {
        attached.remove(&match_id);
    }
    reply
}
