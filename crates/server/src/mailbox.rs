//! The queues between tasks: how a match (or the lobby, or a tournament)
//! reaches a connection ([`ConnHandle`], [`Outbound`]), and how a
//! connection (or the computer, or a tournament) reaches a match
//! ([`MatchHandle`], [`MatchCommand`]). A leaf of the crate: every feature
//! may hold these handles without reaching the others.

use amazons_protocol::{MatchId, ServerMessage};
use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

pub use crate::match_state::ConnId;
use crate::match_state::Request;

/// How many requests a match's mailbox holds: a sender waits (a
/// connection) or the request is dropped (a detach, see
/// [`MatchHandle::detach`]) while it is full.
pub const MATCH_MAILBOX: usize = 64;

/// What a match (or the lobby) asks a connection's handler to do.
#[derive(Debug)]
pub enum Outbound {
    /// Send this text frame.
    Text(Utf8Bytes),
    /// Remember that this connection takes part in a match, so that the match
    /// hears about it when the connection drops.
    Attached(MatchHandle),
    /// Send a close frame with this code and reason, then stop.
    Close(u16, &'static str),
}

/// A match's way to reach one connection. Sending never waits: a connection
/// whose queue is full is not reading, and is closed rather than allowed to
/// hold up the match (or the server's memory).
#[derive(Clone, Debug)]
pub struct ConnHandle {
    /// Which connection.
    pub id: ConnId,
    /// Its outbound queue.
    tx: mpsc::Sender<Outbound>,
    /// Cancelled when the queue overflowed: the handler closes the connection.
    overflow: CancellationToken,
}

impl ConnHandle {
    /// A handle on a connection's queue.
    pub fn new(id: ConnId, tx: mpsc::Sender<Outbound>, overflow: CancellationToken) -> ConnHandle {
        ConnHandle { id, tx, overflow }
    }

    /// Queues a frame already encoded (for broadcasts, encoded once).
    pub fn send_text(&self, text: Utf8Bytes) {
        self.push(Outbound::Text(text));
    }

    /// Encodes and queues one message.
    pub fn send(&self, message: &ServerMessage) {
        self.send_text(Utf8Bytes::from(message.encode()));
    }

    /// Queues any request to the connection's handler.
    pub fn push(&self, outbound: Outbound) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(outbound) {
            self.overflow.cancel();
        }
    }
}

/// How to reach a match task.
#[derive(Clone, Debug)]
pub struct MatchHandle {
    /// The match.
    pub id: MatchId,
    /// Its mailbox.
    tx: mpsc::Sender<MatchCommand>,
}

/// A request to a match and the connection it comes from.
#[derive(Debug)]
pub struct MatchCommand {
    /// Who asks (and where the answers go).
    pub conn: ConnHandle,
    /// What is asked.
    pub request: Request,
}

impl MatchHandle {
    /// A new mailbox for match `id` ([`MATCH_MAILBOX`] requests): the
    /// handle, and the receiving end for the match's task.
    pub fn open(id: MatchId) -> (MatchHandle, mpsc::Receiver<MatchCommand>) {
        let (tx, rx) = mpsc::channel(MATCH_MAILBOX);
        (MatchHandle { id, tx }, rx)
    }

    /// Delivers a request, waiting while the mailbox is full; `false` if
    /// the match has ended its task.
    pub async fn send(&self, conn: &ConnHandle, request: Request) -> bool {
        let command = MatchCommand {
            conn: conn.clone(),
            request,
        };
        self.tx.send(command).await.is_ok()
    }

    /// Tells the match that `conn` closed, without waiting (nothing is
    /// told when the mailbox is full).
    pub fn detach(&self, conn: &ConnHandle) {
        let _ = self.tx.try_send(MatchCommand {
            conn: conn.clone(),
            request: Request::Detach,
        });
    }
}
