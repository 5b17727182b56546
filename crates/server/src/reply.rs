//! What a door answers on the connection itself: messages in order, and
//! perhaps a close frame after them. Every feature's door returns one, so
//! the connection only sends it.

use amazons_protocol::{ErrorCode, MatchId, MessageType, ServerMessage};

use crate::match_state::Refusal;

/// What the connection sends back itself, and whether it then closes.
pub struct Reply {
    /// Messages, in order.
    pub messages: Vec<ServerMessage>,
    /// A close frame (code, reason) to send after them.
    pub close: Option<(u16, &'static str)>,
}

impl Reply {
    /// Nothing to send: the answer (if any) comes through the queue.
    pub fn none() -> Reply {
        Reply {
            messages: Vec::new(),
            close: None,
        }
    }

    /// One message.
    pub fn one(message: ServerMessage) -> Reply {
        Reply {
            messages: vec![message],
            close: None,
        }
    }

    /// An `error` answering a message of type `reply_to` (about `match_id`,
    /// when it was about one match).
    pub fn refusal(
        code: ErrorCode,
        message: impl Into<String>,
        reply_to: MessageType,
        match_id: Option<MatchId>,
    ) -> Reply {
        Reply::one(ServerMessage::Error {
            code,
            message: message.into(),
            reply_to: Some(reply_to),
            match_id,
            expected_ply: None,
        })
    }

    /// A feature's [`Refusal`] as the `error` answering `reply_to`.
    pub fn refused(refused: Refusal, reply_to: MessageType) -> Reply {
        Reply::refusal(refused.code, refused.message, reply_to, None)
    }
}
