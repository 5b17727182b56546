//! Every place the computer can play in: the host's own
//! (`computer.max_games`) and those of the workers connected now. A
//! computer game holds a [`Lease`] on one place for the whole game; a
//! remote place's thinks go to its worker as `think` messages and come
//! back as moves that are checked here, by the rules, before anyone sees
//! them.
//!
//! The lease is the job as fishnet keeps it: who has it and since when.
//! A worker that disconnects, answers an illegal move, says its engine
//! failed, or stays silent past the think's deadline loses the job
//! ([`Lost`]); the game then takes another place (never that worker's
//! again for this think) and goes on.

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use amazons_core::{BySide, Move, Position};
use amazons_engine::player::{ClockBudget, MoveRequest, ThinkBudget};
use amazons_protocol::{
    HostMessage, JobId, MatchId, WorkBudget, WorkClocks, WorkEngine, WorkerMessage, WorkerRow,
    WorkersPage,
};
use tokio::sync::{mpsc, oneshot};

use super::keys::KeyBook;

/// How long past its budget a worker may take to answer a think before it
/// counts as stalled: the engine driver's own grace (2 s, then `stop` and
/// 2 s more) and a margin for the network.
const THINK_GRACE: Duration = Duration::from_secs(6);

/// How long a job's first think may take to start the worker's engine.
const ENGINE_START: Duration = Duration::from_secs(10);

/// How long a think with no bound may run (as the host's driver allows).
const UNBOUNDED: Duration = Duration::from_secs(60);

/// A connected worker, as the host numbers it (a reconnection is a new
/// worker).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WorkerId(u64);

/// Why a place lost its job.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Lost {
    /// The worker disconnected (or its connection was closed).
    #[error("the worker is gone")]
    Gone,
    /// No answer before the think's deadline.
    #[error("no answer within {0:?}")]
    Stalled(Duration),
    /// The worker answered a move that is not legal there.
    #[error("the worker answered `{0}`, which is not a legal move there")]
    Illegal(String),
    /// The worker said its engine failed.
    #[error("the worker's engine failed: {0}")]
    Failed(String),
}

/// Which place a lease holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// One of the host's own `computer.max_games`.
    Local,
    /// A job on a worker.
    Remote {
        /// The worker.
        worker: WorkerId,
        /// The job there.
        job: JobId,
    },
}

/// A job sent to a worker, waiting for its answer.
struct Waiting {
    /// The ply asked.
    ply: u32,
    /// What was asked, and where the answer goes.
    answer: Answer,
}

/// Where a worker's answer goes.
enum Answer {
    /// A move, checked in this position first.
    Move(Position, oneshot::Sender<Result<Move, Lost>>),
    /// An analysis line, checked by the analysis.
    Line(oneshot::Sender<Result<serde_json::Value, Lost>>),
}

/// A connected worker's places and traffic.
struct Remote {
    /// The key's name.
    name: String,
    /// The key's hash, to end the connection once the key is removed.
    sha256: String,
    /// Places it offers.
    places: usize,
    /// Places holding a job.
    busy: usize,
    /// Whether it takes games (an analysis-only key does not).
    games: bool,
    /// Whether it takes analyses' positions.
    analyses: bool,
    /// Whether it is stopping: it keeps its jobs and gets no new one.
    draining: bool,
    /// Jobs it finished.
    jobs_done: u64,
    /// Jobs it lost.
    jobs_lost: u64,
    /// When it last spoke (Unix ms).
    last_seen_ms: u64,
    /// Its connection's queue; a full queue ends the connection.
    outbox: mpsc::Sender<HostMessage>,
    /// Thinks it owes an answer to.
    waiting: HashMap<JobId, Waiting>,
}

/// A game waiting for a place (its computer has not moved yet).
struct Waiter {
    /// The game, for `/api/workers`.
    match_id: MatchId,
    /// Where its lease goes when a place comes free.
    lease: oneshot::Sender<Lease>,
}

/// A place promised to a waiting game: it resolves to the lease when a
/// place comes free (dropped, the game leaves the line).
pub type Ticket = oneshot::Receiver<Lease>;

/// Where a new game plays.
pub enum Placement {
    /// At once, in this place.
    Now(Lease),
    /// When a place comes free; so many games wait before it.
    Later(Ticket),
}

/// The places' counts and the workers connected.
struct State {
    /// Games waiting for a place, first come first served.
    line: std::collections::VecDeque<Waiter>,
    /// The host's places holding a job (may exceed its places for games
    /// restored after a restart, tournament games and hand-overs).
    local_busy: usize,
    /// Jobs the host finished.
    local_done: u64,
    /// Connected workers.
    remote: BTreeMap<WorkerId, Remote>,
    /// The next worker's number.
    next_worker: u64,
}

/// Every place of this server; see the module documentation.
pub struct Workers {
    /// The longest line of waiting games (`computer.max_waiting`).
    max_waiting: usize,
    /// Counts and workers, held for a few lines, never across an await.
    state: Mutex<State>,
    /// The host's own places (`computer.max_games`).
    local_places: usize,
    /// The keys workers may use.
    keys: KeyBook,
    /// Source of job numbers.
    next_job: AtomicU64,
}

impl std::fmt::Debug for Workers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workers")
            .field("local_places", &self.local_places)
            .finish_non_exhaustive()
    }
}

/// A place held for a job; given back (and the worker told `end_game`)
/// when dropped.
pub struct Lease {
    /// The places.
    workers: Arc<Workers>,
    /// Which one.
    place: Place,
    /// Whether its worker lost the job (then it is no job done).
    lost: std::sync::atomic::AtomicBool,
}

impl std::fmt::Debug for Lease {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Lease").field(&self.place).finish()
    }
}

impl Lease {
    /// Which place it holds.
    pub fn place(&self) -> Place {
        self.place
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let mut state = self.workers.lock();
        let lost = self.lost.load(Ordering::Relaxed);
        self.workers.free(&mut state, self.place, lost);
        let unwanted = self.workers.serve_line(&mut state);
        drop(state);
        drop(unwanted);
    }
}

impl Workers {
    /// Gives `place` back.
    fn free(&self, state: &mut State, place: Place, lost: bool) {
        match place {
            Place::Local => {
                state.local_busy = state.local_busy.saturating_sub(1);
                state.local_done += 1;
            }
            Place::Remote { worker, job } => {
                if let Some(remote) = state.remote.get_mut(&worker) {
                    remote.busy = remote.busy.saturating_sub(1);
                    if lost {
                        remote.jobs_lost += 1;
                    } else {
                        remote.jobs_done += 1;
                    }
                    // A think still waiting answers `Gone` (the game ended
                    // or moved on meanwhile).
                    remote.waiting.remove(&job);
                    let _ = remote.outbox.try_send(HostMessage::EndGame { job });
                }
            }
        }
    }

    /// Hands free places to the waiting games, first come first served.
    /// Leases nobody took any more (a game that ended while it waited) are
    /// returned, to be dropped once the lock is released.
    fn serve_line(self: &Arc<Self>, state: &mut State) -> Vec<Lease> {
        let mut unwanted = Vec::new();
        while let Some(waiter) = state.line.front() {
            if waiter.lease.is_closed() {
                state.line.pop_front();
                continue;
            }
            let Some(place) = self.take_place(state, None) else {
                break;
            };
            let waiter = state.line.pop_front().expect("a waiter");
            tracing::info!(match_id = %waiter.match_id, ?place, "a place came free for a waiting game");
            if let Err(lease) = waiter.lease.send(self.lease(place)) {
                unwanted.push(lease);
            }
        }
        unwanted
    }

    /// A free place for a game, counted as taken: a worker's first (the
    /// one with the most free places, so the host keeps its cores for the
    /// matches), else the host's. `avoid` is never chosen.
    fn take_place(&self, state: &mut State, avoid: Option<WorkerId>) -> Option<Place> {
        let remote = state
            .remote
            .iter_mut()
            .filter(|(id, r)| r.games && !r.draining && r.busy < r.places && Some(**id) != avoid)
            .max_by_key(|(id, r)| (r.places - r.busy, std::cmp::Reverse(**id)));
        if let Some((id, remote)) = remote {
            remote.busy += 1;
            let job = JobId(self.next_job.fetch_add(1, Ordering::Relaxed));
            return Some(Place::Remote { worker: *id, job });
        }
        if state.local_busy < self.local_places {
            state.local_busy += 1;
            return Some(Place::Local);
        }
        None
    }
}

impl Workers {
    /// The host's `local_places` and no worker yet, a line of at most
    /// `max_waiting` games; keys in `keys`.
    pub fn new(local_places: usize, max_waiting: usize, keys: KeyBook) -> Workers {
        Workers {
            max_waiting,
            state: Mutex::new(State {
                line: std::collections::VecDeque::new(),
                local_busy: 0,
                local_done: 0,
                remote: BTreeMap::new(),
                next_worker: 1,
            }),
            local_places,
            keys,
            next_job: AtomicU64::new(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The keys workers may use.
    pub fn keys(&self) -> &KeyBook {
        &self.keys
    }

    /// A place for a new game, if one is free (see `take_place`); `avoid`
    /// is never chosen. Games waiting in line come first.
    pub fn reserve(self: &Arc<Self>, avoid: Option<WorkerId>) -> Option<Lease> {
        let mut state = self.lock();
        if state.line.iter().any(|w| !w.lease.is_closed()) {
            return None;
        }
        let place = self.take_place(&mut state, avoid)?;
        Some(self.lease(place))
    }

    /// A place for the new game `match_id`: at once if one is free, else a
    /// place in the line of waiting games; `None` when the line is full.
    pub fn reserve_or_wait(self: &Arc<Self>, match_id: MatchId) -> Option<Placement> {
        if let Some(lease) = self.reserve(None) {
            return Some(Placement::Now(lease));
        }
        let mut state = self.lock();
        state.line.retain(|w| !w.lease.is_closed());
        if state.line.len() >= self.max_waiting {
            return None;
        }
        let (lease, ticket) = oneshot::channel();
        state.line.push_back(Waiter { match_id, lease });
        tracing::info!(%match_id, waiting = state.line.len(), "every place is taken: the game waits for one");
        Some(Placement::Later(ticket))
    }

    /// One of the host's places, if one is free (analyses run on the host).
    pub fn reserve_local(self: &Arc<Self>) -> Option<Lease> {
        let mut state = self.lock();
        (state.local_busy < self.local_places).then(|| {
            state.local_busy += 1;
            self.lease(Place::Local)
        })
    }

    /// One of the host's places even beyond its count: for games admitted
    /// earlier (restored after a restart, tournament games), and for a game
    /// whose worker failed when no other place is free, which must go on.
    pub fn reserve_local_anyway(self: &Arc<Self>) -> Lease {
        self.lock().local_busy += 1;
        self.lease(Place::Local)
    }

    fn lease(self: &Arc<Self>, place: Place) -> Lease {
        Lease {
            workers: Arc::clone(self),
            place,
            lost: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Jobs held now, on every place.
    pub fn busy(&self) -> usize {
        let state = self.lock();
        state.local_busy + state.remote.values().map(|r| r.busy).sum::<usize>()
    }

    /// Marks the job of `lease` as lost by its worker: dropped, it counts
    /// among the worker's lost jobs, not its done ones.
    pub fn lost(&self, lease: &Lease, why: &Lost) {
        if let Place::Remote { worker, job } = lease.place {
            lease.lost.store(true, Ordering::Relaxed);
            if let Some(remote) = self.lock().remote.get(&worker) {
                tracing::warn!(worker = %remote.name, %job, "a worker lost its job: {why}");
            }
        }
    }

    /// Asks the worker of `lease` for the move of `request`, with the
    /// engine to start if this is the job's first think. The answer is a
    /// legal move of that position, or why the place lost the job
    /// (including silence past the deadline).
    pub fn think(
        &self,
        lease: &Lease,
        request: &MoveRequest,
        engine: Option<WorkEngine>,
    ) -> impl Future<Output = Result<Move, Lost>> + Send + 'static {
        let asked = self.send_think(lease, request, engine.clone());
        let position = request
            .moves
            .iter()
            .try_fold(request.start, |p, m| p.play(*m).ok());
        let side = position.map_or(amazons_core::Side::First, |p| p.turn());
        let mut deadline = request.budget.limit(side).unwrap_or(UNBOUNDED) + THINK_GRACE;
        if engine.is_some() {
            deadline += ENGINE_START;
        }
        async move {
            let answer = asked?;
            match tokio::time::timeout(deadline, answer).await {
                Ok(Ok(answer)) => answer,
                Ok(Err(_)) => Err(Lost::Gone),
                Err(_) => Err(Lost::Stalled(deadline)),
            }
        }
    }

    /// Records the think and sends it.
    fn send_think(
        &self,
        lease: &Lease,
        request: &MoveRequest,
        engine: Option<WorkEngine>,
    ) -> Result<oneshot::Receiver<Result<Move, Lost>>, Lost> {
        let Place::Remote { worker, job } = lease.place else {
            return Err(Lost::Failed("not a worker's place".into()));
        };
        let position = request
            .moves
            .iter()
            .try_fold(request.start, |p, m| p.play(*m).ok())
            .ok_or_else(|| Lost::Failed("the game does not replay".into()))?;
        let ply = position.ply();
        let message = HostMessage::Think {
            job,
            ply,
            start: request.start.fen(),
            moves: request.moves.iter().map(Move::to_string).collect(),
            budget: work_budget(request.budget),
            new_game: request.new_game,
            ponder_ms: request.ponder.map(|d| d.as_millis() as u64),
            engine,
        };
        let mut state = self.lock();
        let remote = state.remote.get_mut(&worker).ok_or(Lost::Gone)?;
        let (answer, wait) = oneshot::channel();
        remote.outbox.try_send(message).map_err(|_| Lost::Gone)?;
        remote.waiting.insert(
            job,
            Waiting {
                ply,
                answer: Answer::Move(position, answer),
            },
        );
        Ok(wait)
    }

    /// A worker's place for one position of an analysis, if one is free:
    /// never on the workers in `avoid` (those that failed it already), and
    /// never the host's (its own analysis process covers the game anyway).
    pub fn reserve_analysis(self: &Arc<Self>, avoid: &[WorkerId]) -> Option<Lease> {
        let mut state = self.lock();
        if state.line.iter().any(|w| !w.lease.is_closed()) {
            // Games waiting for a place come first.
            return None;
        }
        let (id, remote) = state
            .remote
            .iter_mut()
            .filter(|(id, r)| r.analyses && !r.draining && r.busy < r.places && !avoid.contains(id))
            .max_by_key(|(id, r)| (r.places - r.busy, std::cmp::Reverse(**id)))?;
        remote.busy += 1;
        let job = JobId(self.next_job.fetch_add(1, Ordering::Relaxed));
        let place = Place::Remote { worker: *id, job };
        Some(self.lease(place))
    }

    /// Asks the worker of `lease` to evaluate `position` (at `ply` of the
    /// game, `played` the move played from it) at `playouts`; its line,
    /// unchecked (the analysis checks it), or why the place lost the job,
    /// silence past `deadline` included.
    pub fn evaluate(
        &self,
        lease: &Lease,
        (ply, position, played): (u32, Position, Option<Move>),
        playouts: u64,
        deadline: Duration,
    ) -> impl Future<Output = Result<serde_json::Value, Lost>> + Send + 'static {
        let asked = (|| {
            let Place::Remote { worker, job } = lease.place else {
                return Err(Lost::Failed("not a worker's place".into()));
            };
            let message = HostMessage::Evaluate {
                job,
                ply,
                position: position.fen(),
                played: played.map(|m| m.to_string()),
                playouts,
            };
            let mut state = self.lock();
            let remote = state.remote.get_mut(&worker).ok_or(Lost::Gone)?;
            let (answer, wait) = oneshot::channel();
            remote.outbox.try_send(message).map_err(|_| Lost::Gone)?;
            let answer = Answer::Line(answer);
            remote.waiting.insert(job, Waiting { ply, answer });
            Ok(wait)
        })();
        async move {
            match tokio::time::timeout(deadline, asked?).await {
                Ok(Ok(answer)) => answer,
                Ok(Err(_)) => Err(Lost::Gone),
                Err(_) => Err(Lost::Stalled(deadline)),
            }
        }
    }

    /// Tells the worker of `lease` to stop thinking on the opponent's time.
    pub fn stop_pondering(&self, lease: &Lease) {
        if let Place::Remote { worker, job } = lease.place
            && let Some(remote) = self.lock().remote.get(&worker)
        {
            let _ = remote.outbox.try_send(HostMessage::StopPondering { job });
        }
    }

    /// Registers a worker whose `hello` was accepted.
    pub fn connect(
        self: &Arc<Self>,
        name: String,
        sha256: String,
        places: usize,
        (games, analyses): (bool, bool),
        outbox: mpsc::Sender<HostMessage>,
    ) -> WorkerId {
        let mut state = self.lock();
        let id = WorkerId(state.next_worker);
        state.next_worker += 1;
        state.remote.insert(
            id,
            Remote {
                name,
                sha256,
                places,
                busy: 0,
                games,
                analyses,
                draining: false,
                jobs_done: 0,
                jobs_lost: 0,
                last_seen_ms: super::unix_ms_now(),
                outbox,
                waiting: HashMap::new(),
            },
        );
        let unwanted = self.serve_line(&mut state);
        drop(state);
        drop(unwanted);
        id
    }

    /// Forgets a worker whose connection ended: every think it owed
    /// answers [`Lost::Gone`], and its games take other places at their
    /// next think.
    pub fn disconnect(&self, id: WorkerId) {
        self.lock().remote.remove(&id);
    }

    /// Whether worker `id`'s key is still issued.
    pub fn key_holds(&self, id: WorkerId) -> bool {
        let sha256 = match self.lock().remote.get(&id) {
            Some(remote) => remote.sha256.clone(),
            None => return false,
        };
        self.keys.holds(&sha256)
    }

    /// Worker `id` is stopping: it keeps its jobs and gets no new one.
    pub fn drain(&self, id: WorkerId) {
        if let Some(remote) = self.lock().remote.get_mut(&id) {
            tracing::info!(worker = %remote.name, busy = remote.busy, "a worker finishes its jobs and stops");
            remote.draining = true;
        }
    }

    /// A sign of life from worker `id`.
    pub fn seen(&self, id: WorkerId) {
        if let Some(remote) = self.lock().remote.get_mut(&id) {
            remote.last_seen_ms = super::unix_ms_now();
        }
    }

    /// What worker `id` answered: a move is checked in the position it was
    /// asked about (an illegal one loses the job); an answer to nothing
    /// asked (late, or for another ply) is dropped.
    pub fn answer(&self, id: WorkerId, message: WorkerMessage) {
        let mut state = self.lock();
        let Some(remote) = state.remote.get_mut(&id) else {
            return;
        };
        remote.last_seen_ms = super::unix_ms_now();
        let (job, ply, answer) = match message {
            WorkerMessage::Moved { job, ply, mv } => (job, ply, Ok(Ok(mv))),
            WorkerMessage::Evaluated { job, ply, line } => (job, ply, Ok(Err(line))),
            WorkerMessage::Failed { job, ply, reason } => (job, ply, Err(reason)),
            WorkerMessage::Hello { .. } | WorkerMessage::Draining => return,
        };
        if remote.waiting.get(&job).is_none_or(|w| w.ply != ply) {
            tracing::debug!(worker = %remote.name, %job, ply, "an answer to nothing asked");
            return;
        }
        let Some(waiting) = remote.waiting.remove(&job) else {
            return;
        };
        match (waiting.answer, answer) {
            (Answer::Move(position, to), Ok(Ok(text))) => {
                let checked = match text.parse::<Move>() {
                    Ok(mv) if position.is_legal(mv).is_ok() => Ok(mv),
                    _ => Err(Lost::Illegal(text)),
                };
                let _ = to.send(checked);
            }
            (Answer::Line(to), Ok(Err(line))) => {
                let _ = to.send(Ok(line));
            }
            (Answer::Move(_, to), Err(reason)) => {
                let _ = to.send(Err(Lost::Failed(reason)));
            }
            (Answer::Line(to), Err(reason)) => {
                let _ = to.send(Err(Lost::Failed(reason)));
            }
            (Answer::Move(_, to), Ok(Err(_))) => {
                let _ = to.send(Err(Lost::Illegal("an evaluation".into())));
            }
            (Answer::Line(to), Ok(Ok(text))) => {
                let _ = to.send(Err(Lost::Illegal(text)));
            }
        }
    }

    /// `GET /api/workers`: the host, then each worker.
    pub fn page(&self) -> WorkersPage {
        let state = self.lock();
        let now = super::unix_ms_now();
        let mut workers = vec![WorkerRow {
            name: "host".into(),
            places: self.local_places as u32,
            busy: state.local_busy as u32,
            jobs_done: state.local_done,
            jobs_lost: 0,
            last_seen_ms: now,
        }];
        workers.extend(state.remote.values().map(|r| WorkerRow {
            name: r.name.clone(),
            places: if r.games && !r.draining {
                r.places as u32
            } else {
                r.busy as u32
            },
            busy: r.busy as u32,
            jobs_done: r.jobs_done,
            jobs_lost: r.jobs_lost,
            last_seen_ms: r.last_seen_ms,
        }));
        let places: u32 = workers.iter().map(|w| w.places).sum();
        let free = workers
            .iter()
            .map(|w| w.places.saturating_sub(w.busy))
            .sum();
        let waiting = state
            .line
            .iter()
            .filter(|w| !w.lease.is_closed())
            .map(|w| w.match_id)
            .collect();
        WorkersPage {
            places,
            free,
            workers,
            waiting,
        }
    }
}

/// A think's budget as the worker protocol says it.
pub fn work_budget(budget: ThinkBudget) -> WorkBudget {
    let ms = |d: Duration| d.as_millis() as u64;
    WorkBudget {
        movetime_ms: budget.movetime.map(ms),
        clocks: budget.clocks.map(|c| WorkClocks {
            white_ms: ms(c.remaining.first),
            black_ms: ms(c.remaining.second),
            white_increment_ms: ms(c.increment.first),
            black_increment_ms: ms(c.increment.second),
        }),
    }
}

/// A budget from the worker protocol back into the engine's terms.
pub fn think_budget(budget: WorkBudget) -> ThinkBudget {
    let ms = Duration::from_millis;
    ThinkBudget {
        movetime: budget.movetime_ms.map(ms),
        clocks: budget.clocks.map(|c| ClockBudget {
            remaining: BySide::new(ms(c.white_ms), ms(c.black_ms)),
            increment: BySide::new(ms(c.white_increment_ms), ms(c.black_increment_ms)),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workers(local: usize) -> (Arc<Workers>, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let keys = KeyBook::new(dir.path());
        (Arc::new(Workers::new(local, 1, keys)), dir)
    }

    fn request(moves: &[&str], movetime_ms: u64) -> MoveRequest {
        MoveRequest {
            start: Position::start(),
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
            budget: ThinkBudget::movetime(Duration::from_millis(movetime_ms)),
            new_game: true,
            ponder: None,
        }
    }

    #[test]
    fn a_game_takes_a_workers_place_first_then_the_hosts_and_gives_it_back() {
        let (workers, _dir) = workers(1);
        let (outbox, mut inbox) = mpsc::channel(8);
        let lab = workers.connect("lab".into(), "h".into(), 2, (true, false), outbox);
        let (other, _keep) = mpsc::channel(8);
        workers.connect("analyses".into(), "h2".into(), 4, (false, true), other);
        let a = workers.reserve(None).unwrap();
        let b = workers.reserve(None).unwrap();
        let c = workers.reserve(None).unwrap();
        assert!(matches!(a.place(), Place::Remote { worker, .. } if worker == lab));
        assert!(matches!(b.place(), Place::Remote { worker, .. } if worker == lab));
        assert_eq!(c.place(), Place::Local);
        assert!(
            workers.reserve(None).is_none(),
            "an analysis-only key plays no game"
        );
        let position = workers.reserve_analysis(&[]).unwrap();
        assert!(
            matches!(position.place(), Place::Remote { worker, .. } if worker != lab),
            "positions go to the workers that take analyses"
        );
        drop(position);
        assert_eq!(workers.page().free, 0);
        let Place::Remote { job, .. } = a.place() else {
            unreachable!()
        };
        drop(a);
        assert_eq!(inbox.try_recv().unwrap(), HostMessage::EndGame { job });
        assert!(
            workers.reserve(Some(lab)).is_none(),
            "never the avoided worker"
        );
        assert_eq!(workers.busy(), 2);
        let page = workers.page();
        assert_eq!((page.places, page.free), (3, 1));
        assert_eq!(page.workers[1].jobs_done, 1);
        workers.lost(&b, &Lost::Gone);
        drop(b);
        let lab_row = |page: &WorkersPage| page.workers[1].clone();
        let row = lab_row(&workers.page());
        assert_eq!((row.jobs_done, row.jobs_lost, row.busy), (1, 1, 0));
        let b = workers.reserve(None).unwrap();
        drop((b, c));
        assert_eq!(workers.busy(), 0);
    }

    #[test]
    fn when_every_place_is_taken_a_game_waits_in_a_bounded_line_and_gets_the_next_free_one() {
        let (workers, _dir) = workers(1);
        let first = workers.reserve(None).unwrap();
        let id = |n: u8| MatchId(uuid::Uuid::from_bytes([n; 16]));
        let Some(Placement::Later(mut ticket)) = workers.reserve_or_wait(id(2)) else {
            panic!("it waits")
        };
        let (outbox, _inbox) = mpsc::channel(8);
        let analyses = workers.connect("analyses".into(), "h".into(), 1, (false, true), outbox);
        assert!(
            workers.reserve_analysis(&[]).is_none(),
            "a waiting game comes before positions"
        );
        workers.disconnect(analyses);
        assert!(workers.reserve_or_wait(id(3)).is_none(), "the line is full");
        assert_eq!(workers.page().waiting, vec![id(2)]);
        assert!(ticket.try_recv().is_err());
        drop(first);
        let lease = ticket.try_recv().unwrap();
        assert_eq!(lease.place(), Place::Local);
        assert!(workers.page().waiting.is_empty());
        // A game that ends while it waits leaves the line; its place is
        // nobody's.
        let Some(Placement::Later(gone)) = workers.reserve_or_wait(id(4)) else {
            panic!("it waits")
        };
        drop(gone);
        assert!(workers.page().waiting.is_empty());
        drop(lease);
        assert_eq!(workers.busy(), 0);
        assert!(workers.reserve(None).is_some());
        // A worker that connects serves the line too.
        let _taken = workers.reserve(None).unwrap();
        let Some(Placement::Later(mut ticket)) = workers.reserve_or_wait(id(5)) else {
            panic!("it waits")
        };
        let (outbox, _inbox) = mpsc::channel(8);
        workers.connect("lab".into(), "h".into(), 1, (true, false), outbox);
        assert!(matches!(
            ticket.try_recv().unwrap().place(),
            Place::Remote { .. }
        ));
    }

    #[tokio::test]
    async fn a_legal_answer_comes_back_and_an_illegal_or_missing_one_loses_the_job() {
        let (workers, _dir) = workers(0);
        let (outbox, mut inbox) = mpsc::channel(8);
        let id = workers.connect("lab".into(), "h".into(), 1, (true, false), outbox);
        let lease = workers.reserve(None).unwrap();
        let Place::Remote { job, .. } = lease.place() else {
            unreachable!()
        };
        let engine = WorkEngine {
            player: "level:1".into(),
            hash_mb: 4,
        };
        let asked = workers.think(&lease, &request(&["d1-d7/g7"], 100), Some(engine));
        let HostMessage::Think { ply, moves, .. } = inbox.try_recv().unwrap() else {
            panic!("a think")
        };
        assert_eq!((ply, moves), (1, vec!["d1-d7/g7".to_owned()]));
        // An answer for another ply is dropped; the right one is checked.
        workers.answer(
            id,
            WorkerMessage::Moved {
                job,
                ply: 0,
                mv: "a7-b7/c7".into(),
            },
        );
        workers.answer(
            id,
            WorkerMessage::Moved {
                job,
                ply: 1,
                mv: "a7-b7/c7".into(),
            },
        );
        assert_eq!(asked.await, Ok("a7-b7/c7".parse().unwrap()));
        let asked = workers.think(&lease, &request(&["d1-d7/g7", "a7-b7/c7"], 100), None);
        workers.answer(
            id,
            WorkerMessage::Moved {
                job,
                ply: 2,
                mv: "d1-d2/d3".into(),
            },
        );
        assert_eq!(asked.await, Err(Lost::Illegal("d1-d2/d3".into())));
        let asked = workers.think(&lease, &request(&[], 100), None);
        workers.disconnect(id);
        assert_eq!(asked.await, Err(Lost::Gone));
        assert_eq!(
            workers.think(&lease, &request(&[], 100), None).await,
            Err(Lost::Gone)
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_silent_worker_loses_the_job_after_its_budget_and_the_grace() {
        let (workers, _dir) = workers(0);
        let (outbox, _inbox) = mpsc::channel(8);
        workers.connect("lab".into(), "h".into(), 1, (true, false), outbox);
        let lease = workers.reserve(None).unwrap();
        let answer = workers.think(&lease, &request(&[], 500), None).await;
        assert_eq!(
            answer,
            Err(Lost::Stalled(Duration::from_millis(500) + THINK_GRACE))
        );
    }

    #[test]
    fn budgets_cross_the_wire_unchanged() {
        let clocks = ThinkBudget {
            movetime: None,
            clocks: Some(ClockBudget {
                remaining: BySide::new(Duration::from_secs(60), Duration::from_secs(50)),
                increment: BySide::new(Duration::from_secs(2), Duration::from_secs(3)),
            }),
        };
        for budget in [ThinkBudget::movetime(Duration::from_millis(150)), clocks] {
            assert_eq!(think_budget(work_budget(budget)), budget);
        }
    }
}
