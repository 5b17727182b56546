//! The server's side of the worker protocol: `GET /worker` (a WebSocket a
//! worker opens outward) and `GET /api/workers` (who gives places, no
//! secrets).
//!
//! A connection says `hello` within [`HELLO_WAIT`] or is closed; a hello
//! with a key that is not in the key book, of another protocol version, or
//! offering games with an analysis-only key is refused with its code
//! (docs/protocol.md) and nothing else happens. An accepted worker's places
//! join the computer's; every [`KEY_CHECK`] the key book is read again and a
//! removed key's connection ends (`revoked`); when the connection ends for
//! any reason, its jobs are lost and their games take other places.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use amazons_protocol::{
    HostMessage, WORKER_PROTOCOL_VERSION, WorkKind, WorkerMessage, WorkerRefusal, WorkersPage,
};
use axum::Json;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::response::Response;
use tokio_util::sync::CancellationToken;

use super::Workers;
use crate::shared::Shared;

/// How long a new connection has to say `hello`.
const HELLO_WAIT: Duration = Duration::from_secs(10);

/// How often a worker's key is checked again, and a ping sent.
const KEY_CHECK: Duration = Duration::from_secs(2);

/// The largest frame a worker may send (its answers are a few hundred
/// bytes).
const MAX_FRAME: usize = 16 * 1024;

/// The most places one worker may offer.
const MAX_PLACES: u32 = 64;

/// Messages queued for one worker before its connection counts as stuck.
const OUTBOX: usize = 256;

/// `GET /worker`: the worker protocol.
pub async fn upgrade(
    upgrade: WebSocketUpgrade,
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    let workers = shared.computer.workers();
    let shutdown = shared.shutdown.clone();
    upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| serve(socket, workers, shutdown, peer))
}

/// `GET /api/workers`: the places and who gives them.
pub async fn page(State(shared): State<Arc<Shared>>) -> Json<WorkersPage> {
    Json(shared.computer.workers().page())
}

/// Sends `refused` and closes.
async fn refuse(socket: &mut WebSocket, code: WorkerRefusal, message: String) {
    let refused = HostMessage::Refused { code, message };
    let _ = socket.send(Message::Text(refused.encode().into())).await;
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code: 1008,
            reason: "refused".into(),
        })))
        .await;
}

/// One worker's connection, from `hello` to its end.
async fn serve(
    mut socket: WebSocket,
    workers: Arc<Workers>,
    shutdown: CancellationToken,
    peer: SocketAddr,
) {
    let hello = match tokio::time::timeout(HELLO_WAIT, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) => WorkerMessage::decode(&text).ok(),
        _ => None,
    };
    let Some(WorkerMessage::Hello {
        protocol,
        key,
        places,
        work,
    }) = hello
    else {
        tracing::info!(%peer, "a worker connection without hello");
        let message = "the first message is a hello (docs/protocol.md)".to_owned();
        return refuse(&mut socket, WorkerRefusal::BadMessage, message).await;
    };
    if protocol != WORKER_PROTOCOL_VERSION {
        let message = format!(
            "this server speaks worker protocol {WORKER_PROTOCOL_VERSION}, not {protocol}: use its amazons-server"
        );
        return refuse(&mut socket, WorkerRefusal::BadVersion, message).await;
    }
    if places == 0 || places > MAX_PLACES || work.is_empty() {
        let message = format!("offer 1 to {MAX_PLACES} places and some work");
        return refuse(&mut socket, WorkerRefusal::BadMessage, message).await;
    }
    let entry = match workers.keys().find(&key) {
        Ok(Some(entry)) => entry,
        Ok(None) => {
            tracing::warn!(%peer, "a worker was refused: no such key");
            let message = "no such worker key on this server (wrong, or removed)".to_owned();
            return refuse(&mut socket, WorkerRefusal::BadKey, message).await;
        }
        Err(e) => {
            tracing::error!("cannot read the worker keys: {e}");
            let message = "the server cannot read its worker keys".to_owned();
            return refuse(&mut socket, WorkerRefusal::BadKey, message).await;
        }
    };
    let games = work.contains(&WorkKind::Game);
    if games && entry.analysis_only {
        tracing::warn!(%peer, worker = %entry.name, "a worker was refused: its key is for analyses only");
        let message = format!("the key `{}` may take analyses only, not games", entry.name);
        return refuse(&mut socket, WorkerRefusal::NotAllowed, message).await;
    }
    let (outbox, mut inbox) = tokio::sync::mpsc::channel(OUTBOX);
    let welcome = HostMessage::Welcome {
        name: entry.name.clone(),
        places,
        work: work.clone(),
    };
    if socket
        .send(Message::Text(welcome.encode().into()))
        .await
        .is_err()
    {
        return;
    }
    let id = workers.connect(
        entry.name.clone(),
        entry.sha256,
        places as usize,
        (games, work.contains(&WorkKind::Analysis)),
        outbox,
    );
    tracing::info!(worker = %entry.name, %peer, places, "a worker connected");
    let mut checks = tokio::time::interval(KEY_CHECK);
    let why = loop {
        tokio::select! {
            _ = shutdown.cancelled() => break "the server shuts down",
            message = inbox.recv() => {
                let Some(message) = message else { break "its queue closed" };
                if socket.send(Message::Text(message.encode().into())).await.is_err() {
                    break "it stopped reading";
                }
            }
            _ = checks.tick() => {
                if !workers.key_holds(id) {
                    let message = "the key was removed on the server".to_owned();
                    refuse(&mut socket, WorkerRefusal::Revoked, message).await;
                    break "its key was removed";
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break "it stopped reading";
                }
            }
            frame = socket.recv() => match frame {
                Some(Ok(Message::Text(text))) => match WorkerMessage::decode(&text) {
                    Ok(WorkerMessage::Hello { .. }) | Err(_) => {
                        let message = "after hello a worker sends moved, evaluated or failed only".to_owned();
                        refuse(&mut socket, WorkerRefusal::BadMessage, message).await;
                        break "it sent a bad message";
                    }
                    Ok(WorkerMessage::Draining) => workers.drain(id),
                    Ok(answer) => workers.answer(id, answer),
                },
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break "it disconnected",
                Some(Ok(_)) => workers.seen(id),
            }
        }
    };
    workers.disconnect(id);
    tracing::info!(worker = %entry.name, %peer, "a worker left: {why}");
}
