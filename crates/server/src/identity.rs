//! The identity door: `hello` checked (the protocol version, the name, the
//! name's claim by a player key or by the server's computer players) and
//! answered with `welcome`.

use std::sync::Arc;

use amazons_core::{Game, MAX_INCREMENT, MAX_INITIAL, PlayerId, PlayerInfo, PlayerKind};
use amazons_protocol::{
    ClientMessage, ErrorCode, MessageType, PROTOCOL_VERSION, PlayerKey, ServerLimits, ServerMessage,
};

use crate::config::Config;
use crate::mailbox::ConnHandle;
use crate::match_state::Refusal;
use crate::names::{Claim, validate_name};
use crate::reply::Reply;
use crate::shared::Shared;

/// `hello`, as the door splits it off.
pub struct Hello {
    /// The protocol the client speaks.
    pub protocol: u32,
    /// The name asked for (checked by [`validate_name`]).
    pub name: String,
    /// Human or program.
    pub kind: PlayerKind,
    /// The client's own description, for the log.
    pub client: Option<String>,
    /// The player key, whose public id claims the name.
    pub key: Option<PlayerKey>,
    /// Whether the client wants `legal_moves` in its match views.
    pub legal_moves: bool,
}

impl Hello {
    /// `hello`, or the message handed back: the only message a
    /// connection may send before its `hello` is accepted.
    pub fn from_message(message: ClientMessage) -> Result<Hello, ClientMessage> {
        match message {
            ClientMessage::Hello {
                protocol,
                name,
                kind,
                client,
                key,
                legal_moves,
            } => Ok(Hello {
                protocol,
                name,
                kind,
                client,
                key,
                legal_moves,
            }),
            other => Err(other),
        }
    }
}

/// The answer to a second `hello` on one connection.
pub fn greeted_already() -> Reply {
    Reply::refusal(
        ErrorCode::AlreadyGreeted,
        "hello was already accepted",
        MessageType::Hello,
        None,
    )
}

/// Who a connection is, once `hello` was accepted.
pub struct Greeted {
    /// Name, kind and public id.
    pub player: PlayerInfo,
    /// Whether `hello` asked for `legal_moves`.
    pub legal_moves: bool,
}

/// What `welcome.limits` tells a client, each value from the one place that
/// rule lives: the name length from the configuration (checked by
/// [`validate_name`]), the clock bounds from core's [`MAX_INITIAL`] and
/// [`MAX_INCREMENT`] (checked by `create_match` through
/// `TimeControl::validated`), the abort rule from core's
/// [`Game::ABORT_BEFORE_PLY`] (what `Match::decide` asks through
/// `Game::can_abort`).
pub fn server_limits(config: &Config) -> ServerLimits {
    ServerLimits {
        name_max_chars: u32::try_from(config.max_name_chars).unwrap_or(u32::MAX),
        max_initial_ms: u64::try_from(MAX_INITIAL.as_millis()).unwrap_or(u64::MAX),
        max_increment_ms: u64::try_from(MAX_INCREMENT.as_millis()).unwrap_or(u64::MAX),
        abort_before_ply: Game::ABORT_BEFORE_PLY,
    }
}

/// Answers the first `hello` on connection `me`: the player and `welcome`, or the refusal (a protocol mismatch
/// also closes). A keyed player's connection is counted present, and every
/// live tournament with a game waiting for them tells it `tournament_game`
/// through the queue, which is read only after this reply is sent.
pub async fn greet(
    shared: &Arc<Shared>,
    me: &ConnHandle,
    hello: Hello,
) -> Result<(Greeted, ServerMessage), Reply> {
    if hello.protocol != PROTOCOL_VERSION {
        let mut reply = Reply::refusal(
            ErrorCode::VersionMismatch,
            format!(
                "this server speaks protocol {PROTOCOL_VERSION}, not {}",
                hello.protocol
            ),
            MessageType::Hello,
            None,
        );
        reply.close = Some((1002, "protocol version mismatch"));
        return Err(reply);
    }
    let refused = |r: Refusal| Reply::refused(r, MessageType::Hello);
    let name = validate_name(&hello.name, shared.config.max_name_chars)
        .map_err(|p| refused(Refusal::new(ErrorCode::BadName, p.to_string())))?;
    let id = hello.key.as_ref().map(PlayerKey::public_id);
    claim(shared, &name, id.as_ref(), hello.kind)
        .await
        .map_err(refused)?;
    // The key itself is never logged: only whether there was one.
    tracing::info!(conn = me.id, player = %name, kind = ?hello.kind, keyed = id.is_some(), client = hello.client.as_deref().unwrap_or("-"), "hello");
    if let Some(id) = &id {
        shared.presence.add(id, me);
    }
    let player = PlayerInfo::new(name.clone(), hello.kind).identified(id.clone());
    let welcome = ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
        server: format!("amazons-server {}", env!("CARGO_PKG_VERSION")),
        name,
        max_message_bytes: shared.config.max_message_bytes as u32,
        grace_ms: shared.config.grace_secs.get() * 1000,
        limits: Some(server_limits(&shared.config)),
        computer: shared.computer.offer(),
    };
    if let Some(id) = &id {
        shared.tournaments.hello(id, me);
    }
    let greeted = Greeted {
        player,
        legal_moves: hello.legal_moves,
    };
    Ok((greeted, welcome))
}

/// Checks that `name` may be used by whoever holds the key with public
/// id `id` (or by a guest, `None`), and claims it for the key if it is
/// free: the refusal otherwise (`name_taken`, or `internal` when the
/// check itself failed).
async fn claim(
    shared: &Arc<Shared>,
    name: &str,
    id: Option<&PlayerId>,
    kind: PlayerKind,
) -> Result<(), Refusal> {
    if shared.computer.reserves(name) {
        return Err(Refusal::new(
            ErrorCode::NameTaken,
            format!(
                "the name `{name}` belongs to this server's computer players; pick another name"
            ),
        ));
    }
    let taken = || {
        Refusal::new(
            ErrorCode::NameTaken,
            format!(
                "the name `{name}` is claimed by another player key; pick another name, or play \
                 from the client that holds the key that claimed it (the terminal client keeps \
                 it in its state directory as `player-key`, the web board in the browser)"
            ),
        )
    };
    let Some(id) = id.cloned() else {
        return match shared.names.holder(name) {
            Some(_) => Err(taken()),
            None => Ok(()),
        };
    };
    let names = Arc::clone(&shared.names);
    let owned = name.to_owned();
    let claimed = tokio::task::spawn_blocking(move || {
        let now_ms = amazons_core::unix_ms(std::time::SystemTime::now());
        let (claim, problem) = names.claim(&owned, &id, kind, now_ms);
        if let Some(problem) = problem {
            tracing::error!("{problem}; the name is claimed until the server stops");
        }
        claim
    })
    .await;
    match claimed {
        Ok(Claim::Yours) => Ok(()),
        Ok(Claim::Taken) => Err(taken()),
        Err(e) => {
            tracing::error!("name claim failed: {e}");
            Err(Refusal::new(
                ErrorCode::Internal,
                "the server could not check the name; try again",
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_are_the_servers_own_and_the_docs_show_the_defaults() {
        let config = Config {
            max_name_chars: 20,
            ..Config::default()
        };
        let limits = server_limits(&config);
        assert_eq!(limits.name_max_chars, 20);
        let too_long = "x".repeat(21);
        assert!(validate_name(&too_long[..20], 20).is_ok());
        assert!(validate_name(&too_long, limits.name_max_chars as usize).is_err());
        let longest = amazons_core::TimeControl::Fischer {
            initial_ms: limits.max_initial_ms,
            increment_ms: limits.max_increment_ms,
        };
        assert!(longest.validated().is_ok());
        for over in [
            amazons_core::TimeControl::Fischer {
                initial_ms: limits.max_initial_ms + 1,
                increment_ms: 0,
            },
            amazons_core::TimeControl::Fischer {
                initial_ms: 1,
                increment_ms: limits.max_increment_ms + 1,
            },
        ] {
            assert!(over.validated().is_err(), "{over:?}");
        }
        assert_eq!(limits.abort_before_ply, 2);

        let defaults = serde_json::to_string(&server_limits(&Config::default())).unwrap();
        let docs = include_str!("../../../docs/protocol.md");
        assert!(
            docs.contains(&format!("\"limits\":{defaults}")),
            "the welcome examples in docs/protocol.md must show {defaults}"
        );
    }
}
