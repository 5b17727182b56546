//! The computer player's task: a connection without a socket. It has a
//! connection id and an outbound queue like any WebSocket connection, so the
//! match sends it the same messages it sends everyone (`joined`,
//! `snapshot`, `move_played`...), and it sends the match the same requests
//! (`move`, `resume`, `accept_rematch`, `leave`) through the match's
//! mailbox. Its [`Mind`] decides; this task holds the game's place (the
//! host's or a worker's, or a ticket in the line for one), thinks there (on
//! its player's thread, `pool.rs`, or by a `think` sent to the worker),
//! takes another place when a worker loses the game, and carries the
//! decisions out.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::time::Instant;

use amazons_core::{BySide, Move, Side};
use amazons_engine::player::{MoveRequest, PlayerError, PlayerSettings, PlayerSpec, PlayerThread};
use amazons_protocol::{MatchId, SeatToken, ServerMessage};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use amazons_protocol::WorkEngine;

use super::mind::{Action, Mind, Think};
use super::{ComputerHandle, GameSlot, Seating};
use crate::mailbox::{ConnHandle, MatchHandle, Outbound};
use crate::match_state::{RematchSeed, Request, fresh_token};
use crate::workers::{Lost, Place, Ticket};

/// What a think hands back: the match and ply it was for, the place it
/// was thought in, and the answer.
struct Thought {
    /// The match thought about.
    match_id: MatchId,
    /// The ply.
    ply: u32,
    /// Where it was thought.
    place: Option<Place>,
    /// The move, or why there is none.
    answer: Result<Move, Failure>,
}

/// Why a think brought no move.
enum Failure {
    /// The engine failed (on the host: the game is lost, as ever).
    Engine(PlayerError),
    /// A worker lost the job: the game takes another place.
    PlaceLost(Lost),
}

/// Hand-overs of one ply before it is thought on the host whatever
/// happens (fishnet gives a move job 3 tries).
const MAX_HAND_OVERS: u32 = 3;

/// A think in progress, as the task awaits it.
type Thinking = Pin<Box<dyn Future<Output = Thought> + Send>>;

/// A computer player at work.
pub(super) struct ComputerTask {
    /// Server-wide state (the registry to find matches, the computer's pool
    /// and key).
    shared: ComputerHandle,
    /// This player as the matches see it.
    me: ConnHandle,
    /// What the matches send it.
    rx: mpsc::Receiver<Outbound>,
    /// Cancelled if it let its queue fill (it never should).
    overflow: CancellationToken,
    /// The decisions.
    mind: Mind,
    /// What plays, and with which settings.
    spec: PlayerSpec,
    /// Threads, memory, seed, timeouts.
    settings: PlayerSettings,
    /// How long it thinks on the opponent's time after its moves, if at
    /// all: the next move's search starts from what it found.
    ponder: Option<std::time::Duration>,
    /// Its name, for the log.
    name: String,
    /// The player's thread, started at the first move (the player is built
    /// there, and built again if it panicked).
    player: Option<PlayerThread>,
    /// The think in progress: a place to think, then the player's answer.
    thinking: Option<Thinking>,
    /// A think that came due while another was in progress.
    queued: Option<Think>,
    /// Its place among the computer games at once, while a game is on (or
    /// an accepted rematch is about to start).
    slot: Option<GameSlot>,
    /// The place it waits for when every place was taken at its game's
    /// creation: its thinks wait until it comes.
    ticket: Option<Ticket>,
    /// Whether the place has not thought for this game yet: its first
    /// think starts the game there (a worker's place starts its engine).
    fresh_place: bool,
    /// What a worker's place starts for it (`None`: it plays on the host
    /// only).
    remote: Option<WorkEngine>,
    /// Places that lost the ply being thought, as (ply, hand-overs).
    hand_overs: (u32, u32),
    /// The matches it takes part in.
    handles: HashMap<MatchId, MatchHandle>,
}

impl ComputerTask {
    /// A computer seated at a match's creation (it learns the match from
    /// `joined`), or resuming its seat with `resume` (after a restart).
    pub(super) fn new(
        shared: &ComputerHandle,
        seating: Seating,
        resume: Option<(MatchId, Side)>,
    ) -> ComputerTask {
        let Seating {
            conn,
            rx,
            overflow,
            seat,
            slot,
            spec,
            settings,
            ponder,
            remote,
            ticket,
            player: info,
        } = seating;
        let think = std::time::Duration::from_millis(seat.think_ms);
        let mind = match resume {
            Some((match_id, side)) => Mind::resuming(think, match_id, side),
            None => Mind::new(think),
        };
        ComputerTask {
            shared: shared.clone(),
            me: conn,
            rx,
            overflow,
            mind,
            spec,
            settings,
            ponder,
            name: info.name,
            player: None,
            thinking: None,
            queued: None,
            slot,
            ticket,
            fresh_place: true,
            remote,
            hand_overs: (0, 0),
            handles: HashMap::new(),
        }
    }

    /// Resumes the seat on `side` of `match_id` with its derived token.
    pub(super) async fn resume(&mut self, match_id: MatchId, token: SeatToken) {
        let request = Request::Resume {
            token,
            legal_moves: false,
        };
        self.request(match_id, request).await;
    }

    /// Messages and thoughts, one at a time, until it has nothing more to do
    /// or the server shuts down.
    pub(super) async fn run(mut self) {
        let shutdown = self.shared.shutdown.clone();
        loop {
            let actions = tokio::select! {
                biased;
                _ = shutdown.cancelled() => break,
                _ = self.overflow.cancelled() => {
                    tracing::error!(player = %self.name, "the computer's queue overflowed");
                    break;
                }
                outbound = self.rx.recv() => match outbound {
                    Some(Outbound::Text(text)) => match ServerMessage::decode(&text) {
                        Ok(message) => self.mind.on_message(&message, Instant::now()),
                        Err(e) => {
                            tracing::error!(player = %self.name, "unreadable message for the computer: {e}");
                            Vec::new()
                        }
                    },
                    Some(Outbound::Attached(handle)) => {
                        self.handles.insert(handle.id, handle);
                        Vec::new()
                    }
                    Some(Outbound::Close(..)) | None => break,
                },
                thought = next_thought(&mut self.thinking) => {
                    self.thinking = None;
                    self.after_thought(thought)
                }
                lease = next_place(&mut self.ticket) => {
                    self.ticket = None;
                    // The line never closes while the server runs; if it
                    // did, the game would go on on the host.
                    let slot = lease.unwrap_or_else(|_| self.shared.computer.reserve_anyway());
                    tracing::info!(player = %self.name, place = ?slot.place(), "the computer has a place");
                    self.slot = Some(slot);
                    self.fresh_place = true;
                    self.queued.take().map(Action::Think).into_iter().collect()
                }
            };
            if self.perform(actions).await {
                break;
            }
        }
        for handle in self.handles.values() {
            handle.detach(&self.me);
        }
        tracing::debug!(player = %self.name, "computer player done");
    }

    /// A think has come back: what the mind makes of it, and the next think
    /// if one was waiting.
    fn after_thought(&mut self, thought: Thought) -> Vec<Action> {
        let Thought {
            match_id,
            ply,
            place,
            answer,
        } = thought;
        let mut actions = Vec::new();
        let answer = match answer {
            Ok(mv) => Ok(mv),
            Err(Failure::PlaceLost(lost)) => {
                actions.extend(self.hand_over(match_id, ply, place, &lost));
                if let Some(think) = self.queued.take() {
                    actions.push(Action::Think(think));
                }
                return actions;
            }
            Err(Failure::Engine(error)) => {
                tracing::warn!(player = %self.name, %match_id, ply, "the computer's engine failed: {error}");
                Err(error.end_reason())
            }
        };
        match self.mind.thought(match_id, ply, answer) {
            Some(action) => actions.push(action),
            // The game ended (or moved on) while it thought: no pondering
            // on a game that is over.
            None => self.stop_pondering(),
        }
        if let Some(think) = self.queued.take() {
            actions.push(Action::Think(think));
        }
        actions
    }

    /// Carries out the actions; `true` when the task should end.
    async fn perform(&mut self, actions: Vec<Action>) -> bool {
        for action in actions {
            match action {
                Action::Think(think) => self.think(think),
                Action::Move { match_id, ply, mv } => {
                    let request = Request::Move {
                        ply,
                        text: mv.to_string(),
                        token: None,
                    };
                    self.request(match_id, request).await;
                }
                Action::GiveUp { match_id, reason } => {
                    tracing::warn!(player = %self.name, %match_id, %reason, "the computer gives up");
                    self.request(match_id, Request::GiveUp { reason }).await;
                }
                Action::GameEnded => {
                    self.stop_pondering();
                    self.slot = None;
                    self.ticket = None;
                    self.queued = None;
                }
                Action::RematchRefused => self.slot = None,
                Action::AcceptRematch { match_id, new_side } => {
                    match self.shared.computer.reserve() {
                        Some(slot) => {
                            self.slot = Some(slot);
                            self.fresh_place = true;
                            let id = MatchId::random();
                            let mut tokens = BySide::new(fresh_token(), fresh_token());
                            tokens[new_side] = self.shared.computer.token(id, new_side);
                            let seed = RematchSeed { id, tokens };
                            self.request(match_id, Request::AcceptRematch { seed })
                                .await;
                        }
                        None => {
                            tracing::info!(%match_id, "rematch declined: no computer game slot free");
                            self.request(match_id, Request::DeclineRematch).await;
                        }
                    }
                }
                Action::Leave(match_id) => {
                    self.request(match_id, Request::Leave).await;
                    self.handles.remove(&match_id);
                }
                Action::Stop => return true,
            }
        }
        false
    }

    /// Starts a think in the game's place: on a worker's, as a `think`
    /// sent to it; on the host's, on the player's thread once a place to
    /// think is free (or queues it behind the one in progress).
    fn think(&mut self, think: Think) {
        if self.thinking.is_some() || self.ticket.is_some() {
            self.queued = Some(think);
            return;
        }
        let Think {
            match_id,
            ply,
            start,
            moves,
            budget,
            new_game,
        } = think;
        let fresh = std::mem::take(&mut self.fresh_place);
        // Choose, then think on the opponent's time, at most `ponder`: the
        // player's next command (its next move, a new game) stops it, and
        // dropping the player ends its process.
        let request = MoveRequest {
            start,
            moves,
            budget,
            new_game: new_game || fresh,
            ponder: self.ponder,
        };
        let remote_place = self
            .slot
            .as_ref()
            .is_some_and(|slot| matches!(slot.place(), Place::Remote { .. }));
        if remote_place && self.remote.is_none() {
            // An external engine plays on the host only.
            self.slot = Some(self.shared.computer.reserve_anyway());
        }
        let place = self.slot.as_ref().map(GameSlot::place);
        if let (Some(slot), Some(Place::Remote { .. })) = (&self.slot, place) {
            let engine = fresh.then(|| self.remote.clone()).flatten();
            let asked = self.shared.computer.workers().think(slot, &request, engine);
            self.thinking = Some(Box::pin(async move {
                Thought {
                    match_id,
                    ply,
                    place,
                    answer: asked.await.map_err(Failure::PlaceLost),
                }
            }));
            return;
        }
        let pool = &self.shared.computer.pool;
        if self.player.is_none() {
            let name = format!("computer-{}", self.me.id);
            match pool.player_thread(name, self.spec.clone(), self.settings) {
                Ok(player) => self.player = Some(player),
                Err(e) => tracing::error!(player = %self.name, "no thread for the computer: {e}"),
            }
        }
        let asked = self
            .player
            .as_ref()
            .map(|player| pool.think(player, request));
        self.thinking = Some(Box::pin(async move {
            let answer = match asked {
                Some(asked) => asked.await,
                None => Err(PlayerError::Lost(
                    "its thread could not be started".to_owned(),
                )),
            };
            Thought {
                match_id,
                ply,
                place,
                answer: answer.map_err(Failure::Engine),
            }
        }));
    }

    /// The place thinking `ply` lost the job: the game takes another place
    /// (never the same worker for this think; after [`MAX_HAND_OVERS`] the
    /// host's, beyond its count if need be, so the game always goes on) and
    /// the ply is thought again there, its budget from the clocks as they
    /// stand now. Nothing when the game has moved on or ended meanwhile.
    fn hand_over(
        &mut self,
        match_id: MatchId,
        ply: u32,
        lost_place: Option<Place>,
        lost: &Lost,
    ) -> Vec<Action> {
        let computer = &self.shared.computer;
        let workers = computer.workers();
        let Some(slot) = self.slot.take_if(|slot| Some(slot.place()) == lost_place) else {
            return Vec::new();
        };
        workers.lost(&slot, lost);
        let Some(think) = self.mind.rethink(match_id, ply, Instant::now()) else {
            return Vec::new();
        };
        let tries = if self.hand_overs.0 == ply {
            self.hand_overs.1 + 1
        } else {
            1
        };
        self.hand_overs = (ply, tries);
        let avoid = match slot.place() {
            Place::Remote { worker, .. } => Some(worker),
            Place::Local => None,
        };
        drop(slot);
        let next = (tries < MAX_HAND_OVERS)
            .then(|| workers.reserve(avoid))
            .flatten()
            .unwrap_or_else(|| computer.reserve_anyway());
        tracing::warn!(player = %self.name, %match_id, ply, to = ?next.place(), "the computer's game goes on in another place: {lost}");
        self.slot = Some(next);
        self.fresh_place = true;
        vec![Action::Think(think)]
    }

    /// Ends the player's thinking on the opponent's time, unless it is
    /// thinking about its move (then the answer comes first, and the mind
    /// says whether to stop).
    fn stop_pondering(&mut self) {
        if self.thinking.is_some() {
            return;
        }
        if let Some(slot) = &self.slot
            && matches!(slot.place(), Place::Remote { .. })
        {
            self.shared.computer.workers().stop_pondering(slot);
        } else if let Some(player) = &self.player {
            player.stop_pondering();
        }
    }

    /// Sends a request to a match as this player.
    async fn request(&mut self, match_id: MatchId, request: Request) {
        let handle = match self.handles.get(&match_id) {
            Some(handle) => handle.clone(),
            None => match self.shared.registry.get(match_id) {
                Some(handle) => handle,
                None => return,
            },
        };
        if !handle.send(&self.me, request).await {
            self.handles.remove(&match_id);
        }
    }
}

/// The place waited for, when it comes (never, when none is awaited).
async fn next_place(
    ticket: &mut Option<Ticket>,
) -> Result<GameSlot, tokio::sync::oneshot::error::RecvError> {
    match ticket {
        Some(ticket) => ticket.await,
        None => std::future::pending().await,
    }
}

/// The answer of the think in progress (never, when none is).
async fn next_thought(
    thinking: &mut Option<Pin<Box<dyn Future<Output = Thought> + Send>>>,
) -> Thought {
    match thinking {
        Some(thought) => thought.await,
        None => std::future::pending().await,
    }
}
