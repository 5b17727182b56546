//! One task per tournament around its [`Tournament`] value: a request is
//! tried on a copy of the state; the copy is persisted (atomically, before
//! anyone hears of it) and only then becomes the state, so a refusal or a
//! disk error changes nothing. After each change every watcher gets the new
//! view. Rounds are paired, their matches created and the entrants told
//! here; the matches report each game's end back.

use std::collections::HashMap;
use std::sync::Arc;

use amazons_core::{BySide, PlayerInfo};
use amazons_protocol::{ErrorCode, MessageType, ServerMessage, TournamentId, TournamentStatus};
use amazons_tournament::{Format, GameResult};
use tokio::sync::mpsc;

use super::state::{Person, Tournament};
use super::store::{Loaded, TournamentRecord};
use super::{Ask, Command, Presence, TournamentHandle, Tournaments};
use crate::computer::Computer;
use crate::history::History;
use crate::mailbox::{ConnHandle, ConnId};
use crate::match_actor::{self, MatchesHandle};
use crate::match_state::{ComputerSeat, Refusal, Request, TournamentTag};
use crate::registry::Registry;

/// What `create_tournament` asks for, checked by the door.
pub struct Setup {
    /// The title.
    pub title: String,
    /// The format (its fit to the field is checked at the start).
    pub format: Format,
    /// The clock of every game (checked).
    pub time_control: amazons_core::TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The entry list, if entry is closed.
    pub entry_list: Option<Vec<String>>,
    /// Computer players entered at once (checked against the offer).
    pub computers: Vec<ComputerSeat>,
}

/// What the tournaments reach, handed out by the server: the table of
/// tournaments, who is online, the matches (to create each round's games
/// and find them again), the history (a restored game's result), the
/// ratings (a rated entrant's), connection ids, the shutdown signal and
/// the task tracker.
#[derive(Clone)]
pub struct TournamentsHandle {
    /// The settings (name lengths, for the door's checks).
    pub config: Arc<crate::config::Config>,
    /// Every tournament.
    pub tournaments: Arc<Tournaments>,
    /// The open connections of each keyed player.
    pub presence: Arc<Presence>,
    /// Every match by id.
    pub registry: Arc<Registry>,
    /// Finished game records.
    pub history: Arc<History>,
    /// Every identified player's rating.
    pub ratings: Arc<std::sync::RwLock<amazons_ratings::Ratings>>,
    /// The computer: its offer, to check a computer entrant.
    pub computer: Arc<Computer>,
    /// The source of connection ids (a tournament's own, for its requests
    /// to matches).
    pub next_conn_id: Arc<std::sync::atomic::AtomicU64>,
    /// The matches, to create each round's games.
    pub matches: MatchesHandle,
    /// Cancelled once to start shutdown.
    pub shutdown: tokio_util::sync::CancellationToken,
    /// Every task, so that shutdown can wait for them.
    pub tracker: tokio_util::task::TaskTracker,
}

fn unix_now() -> u64 {
    amazons_core::unix_ms(std::time::SystemTime::now())
}

/// Creates a tournament organised by `organiser` (a keyed player), saved
/// before anyone hears of it; `conn` watches it. The caller answers
/// `tournament_created`.
pub async fn create(
    shared: &TournamentsHandle,
    conn: &ConnHandle,
    organiser: &PlayerInfo,
    setup: Setup,
) -> Result<TournamentId, Refusal> {
    let Some(id) = organiser.id.clone() else {
        return Err(Refusal::new(
            ErrorCode::KeyRequired,
            "organising a tournament needs a player key: say hello with your key",
        ));
    };
    let mut state = Tournament::new(
        TournamentId::random(),
        setup.title,
        (setup.format, setup.time_control, setup.rated),
        Person {
            id,
            name: organiser.name.clone(),
        },
        setup.entry_list,
        unix_now(),
    );
    for seat in setup.computers {
        state.enter_computer(&Computer::player_info(&seat), seat)?;
    }
    persist(shared, &state).await?;
    let tournament_id = state.id;
    tracing::info!(tournament = %tournament_id, organiser = %organiser.name, "tournament created");
    let task = TournamentTask::new(shared, state);
    let rx = task.listed();
    let handle = shared
        .tournaments
        .handle(tournament_id)
        .expect("just listed");
    handle.notify(Command::Ask {
        conn: conn.clone(),
        player: organiser.clone(),
        ask: Ask::Watch,
        kind: MessageType::CreateTournament,
    });
    shared.tracker.spawn(task.run(rx, false));
    Ok(tournament_id)
}

/// A tournament brought back from disk whose task has not started (it
/// starts once the matches are restored, so that it finds them).
pub struct Restored {
    task: TournamentTask,
    rx: mpsc::Receiver<Command>,
}

impl Restored {
    /// Starts the task: it reconciles its games with the matches and the
    /// history, then goes on.
    pub fn start(self) {
        let tracker = self.task.shared.tracker.clone();
        tracker.spawn(self.task.run(self.rx, true));
    }
}

/// Lists every tournament on disk: the finished ones' records, and the live
/// ones, whose tasks are returned to be started.
pub fn restore(shared: &TournamentsHandle, loaded: Loaded) -> Vec<Restored> {
    for record in loaded.finished {
        shared
            .tournaments
            // A record written before views carried the crosstable gains it.
            .insert(
                record.tournament.with_crosstable(),
                record.created_at_ms,
                None,
            );
    }
    loaded
        .live
        .into_iter()
        .map(|state| {
            tracing::info!(tournament = %state.id, round = state.rounds.len(), "tournament restored");
            let task = TournamentTask::new(shared, state);
            let rx = task.listed();
            Restored { task, rx }
        })
        .collect()
}

/// Writes `state` as the tournament's live file (on a blocking thread).
async fn persist(shared: &TournamentsHandle, state: &Tournament) -> Result<(), Refusal> {
    let shared = shared.clone();
    let copy = state.clone();
    let saved =
        tokio::task::spawn_blocking(move || shared.tournaments.store.save_live(&copy)).await;
    match saved {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => {
            tracing::error!(tournament = %state.id, "cannot save the tournament: {e}");
            Err(Refusal::new(
                ErrorCode::Internal,
                "the server could not save the tournament; nothing changed",
            ))
        }
        Err(e) => {
            tracing::error!(tournament = %state.id, "tournament writer failed: {e}");
            Err(Refusal::new(
                ErrorCode::Internal,
                "the server could not save the tournament",
            ))
        }
    }
}

/// A tournament task's state.
struct TournamentTask {
    /// The tournament.
    state: Tournament,
    /// Everything shared.
    shared: TournamentsHandle,
    /// Connections watching.
    watchers: HashMap<ConnId, ConnHandle>,
    /// The tournament's own connection id, for its requests to matches (a
    /// queue nobody reads: matches answer it nothing it needs).
    me: ConnHandle,
}

impl TournamentTask {
    fn new(shared: &TournamentsHandle, state: Tournament) -> TournamentTask {
        let id = shared
            .next_conn_id
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (tx, _) = mpsc::channel(1);
        TournamentTask {
            state,
            shared: shared.clone(),
            watchers: HashMap::new(),
            me: ConnHandle::new(id, tx, tokio_util::sync::CancellationToken::new()),
        }
    }

    /// Lists the tournament in the table with a new mailbox; returns its
    /// receiving end.
    fn listed(&self) -> mpsc::Receiver<Command> {
        let (handle, rx) = TournamentHandle::open();
        let finished = self.state.status == TournamentStatus::Finished;
        let handle = (!finished).then_some(handle);
        self.shared
            .tournaments
            .insert(self.view(), self.state.created_at_ms, handle);
        rx
    }

    fn view(&self) -> amazons_protocol::TournamentView {
        let presence = &self.shared.presence;
        self.state.view(|id| presence.is_online(id))
    }

    /// Commands one at a time until the tournament finishes or the server
    /// shuts down.
    async fn run(mut self, mut rx: mpsc::Receiver<Command>, restored: bool) {
        if restored {
            self.reconcile().await;
        }
        let shutdown = self.shared.shutdown.clone();
        while self.state.status != TournamentStatus::Finished {
            tokio::select! {
                biased;
                _ = shutdown.cancelled() => break,
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
            }
        }
        if self.state.status == TournamentStatus::Finished {
            // Whatever was sent while the tournament was finishing (a watch
            // just before the last result) is answered from the final
            // state, not dropped with the mailbox; later requests find no
            // mailbox and are answered from the finished view.
            rx.close();
            while let Ok(command) = rx.try_recv() {
                self.handle(command).await;
            }
        }
    }

    /// After a restart: each game of the current round waiting for a result
    /// gets it from its record if its match is gone but the record was
    /// written; a game whose match is gone without a record (it was
    /// forfeited, or never made) gets a new match. Then the tournament goes
    /// on where it was.
    async fn reconcile(&mut self) {
        let mut next = self.state.clone();
        let mut changed = false;
        if let Some(round) = next.rounds.last_mut() {
            for (pairing, id) in round
                .round
                .pairings
                .iter_mut()
                .zip(round.matches.iter_mut())
            {
                let (None, Some(match_id)) = (pairing.result, *id) else {
                    continue;
                };
                if self.shared.registry.get(match_id).is_some() {
                    continue;
                }
                changed = true;
                match self.record_result(match_id) {
                    Some(result) => pairing.result = Some(result),
                    None => *id = None,
                }
            }
        }
        if changed && self.commit(next).await.is_err() {
            return;
        }
        if self.state.status == TournamentStatus::Finished {
            self.finish().await;
            return;
        }
        self.make_games().await;
        self.advance().await;
    }

    /// The result of a finished game, read from its record in the history.
    fn record_result(&self, match_id: amazons_protocol::MatchId) -> Option<GameResult> {
        let bytes = self.shared.history.read(match_id)?;
        let record: amazons_core::GameRecord = serde_json::from_slice(&bytes).ok()?;
        Some(GameResult {
            winner: record.result.winner,
            forfeit: record.result.winner.is_none(),
            margin: record.territory.map(|t| t.margin),
        })
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Ask {
                conn,
                player,
                ask,
                kind,
            } => {
                if let Err(refusal) = self.ask(&conn, &player, ask).await {
                    conn.send(&ServerMessage::Error {
                        code: refusal.code,
                        message: refusal.message,
                        reply_to: Some(kind),
                        match_id: None,
                        expected_ply: None,
                    });
                }
            }
            Command::Hello { id, conn } => {
                if let Some(index) = self.state.entrant_of(&id) {
                    self.tell_games(index, &conn);
                    self.publish();
                }
            }
            Command::Detach { conn } => {
                self.watchers.remove(&conn);
            }
            Command::Gone { id, .. } => {
                if self.state.entrant_of(&id).is_some() {
                    self.publish();
                }
            }
            Command::GameOver { match_id, result } => {
                let mut next = self.state.clone();
                if next.record(match_id, result) && self.commit(next).await.is_ok() {
                    self.advance().await;
                }
            }
        }
    }

    /// One request; a refusal changes nothing.
    async fn ask(
        &mut self,
        conn: &ConnHandle,
        player: &PlayerInfo,
        ask: Ask,
    ) -> Result<(), Refusal> {
        let organiser = || self.state.check_organiser(player.id.as_ref());
        let running = |state: &Tournament| {
            if state.status == TournamentStatus::Running {
                Ok(())
            } else {
                Err(Refusal::new(
                    ErrorCode::TournamentNotRunning,
                    "this tournament is not running",
                ))
            }
        };
        let mut next = self.state.clone();
        match ask {
            Ask::Watch => {
                self.watchers.insert(conn.id, conn.clone());
                conn.send(&ServerMessage::TournamentUpdated {
                    tournament: self.view(),
                });
                if let Some(index) = player.id.as_ref().and_then(|id| self.state.entrant_of(id)) {
                    self.tell_games(index, conn);
                }
                return Ok(());
            }
            Ask::Unwatch => {
                self.watchers.remove(&conn.id);
                return Ok(());
            }
            Ask::Join => {
                let changed = next.join(player)?;
                self.watchers.insert(conn.id, conn.clone());
                if changed {
                    self.commit(next).await?;
                    tracing::info!(tournament = %self.state.id, player = %player.name, "entered");
                } else {
                    conn.send(&ServerMessage::TournamentUpdated {
                        tournament: self.view(),
                    });
                }
                return Ok(());
            }
            Ask::Withdraw => {
                let id = player.id.as_ref().ok_or_else(|| {
                    Refusal::new(ErrorCode::KeyRequired, "withdrawing needs your player key")
                })?;
                let index = self.state.entrant_of(id).ok_or_else(|| {
                    Refusal::new(
                        ErrorCode::NotEntered,
                        "you have not entered this tournament",
                    )
                })?;
                return self.withdraw(next, index).await;
            }
            Ask::Remove(name) => {
                organiser()?;
                let index = self.state.entrant_named(&name)?;
                return self.withdraw(next, index).await;
            }
            Ask::EnterComputer(seat) => {
                organiser()?;
                next.enter_computer(&Computer::player_info(&seat), seat)?;
            }
            Ask::Start => {
                organiser()?;
                let table = Arc::clone(&self.shared.ratings);
                next.start(|id| {
                    let ratings = table.read().unwrap_or_else(|e| e.into_inner());
                    ratings.shown(id)
                })?;
                next.pair_next()?;
                self.commit(next).await?;
                tracing::info!(tournament = %self.state.id, entrants = self.state.entrants.len(), "tournament started");
                self.make_games().await;
                self.advance().await;
                return Ok(());
            }
            Ask::Pause => {
                organiser()?;
                running(&next)?;
                next.paused = true;
            }
            Ask::Resume => {
                organiser()?;
                running(&next)?;
                next.paused = false;
                self.commit(next).await?;
                self.advance().await;
                return Ok(());
            }
            Ask::End => {
                organiser()?;
                running(&next)?;
                next.ending = true;
                self.commit(next).await?;
                self.advance().await;
                return Ok(());
            }
        }
        self.commit(next).await
    }

    /// Withdraws entrant `index` (in `next`, a copy of the state): saved,
    /// then each pending game of theirs is forfeited (not begun) or
    /// resigned (in progress) for them by its match, which reports it.
    async fn withdraw(&mut self, mut next: Tournament, index: usize) -> Result<(), Refusal> {
        let name = next.entrants[index].name.clone();
        let withdrawal = next.withdraw(index)?;
        self.commit(next).await?;
        tracing::info!(tournament = %self.state.id, entrant = %name, "withdrawn");
        for (match_id, side) in withdrawal.games {
            if let Some(handle) = self.shared.registry.get(match_id) {
                handle.send(&self.me, Request::Withdrawn { side }).await;
            }
        }
        Ok(())
    }

    /// Persists `next` and makes it the state, then tells the watchers.
    async fn commit(&mut self, next: Tournament) -> Result<(), Refusal> {
        persist(&self.shared, &next).await?;
        self.state = next;
        self.publish();
        Ok(())
    }

    /// Gives the table and every watcher the view as it is now.
    fn publish(&self) {
        let view = self.view();
        self.shared.tournaments.update(view.clone());
        let text = axum::extract::ws::Utf8Bytes::from(
            ServerMessage::TournamentUpdated { tournament: view }.encode(),
        );
        for conn in self.watchers.values() {
            conn.send_text(text.clone());
        }
    }

    /// Sends `conn` a `tournament_game` for each game of the current round
    /// waiting for entrant `index`.
    fn tell_games(&self, index: usize, conn: &ConnHandle) {
        for game in self.state.waiting_for(index) {
            conn.send(&ServerMessage::TournamentGame {
                tournament_id: self.state.id,
                round: game.round,
                match_id: game.match_id,
                seat: game.seat,
                opponent: game.opponent,
            });
        }
    }

    /// Pairs rounds and finishes, as far as the results allow.
    async fn advance(&mut self) {
        loop {
            if self.state.finish_due() {
                self.finish().await;
                return;
            }
            if !self.state.next_round_due() {
                return;
            }
            let mut next = self.state.clone();
            if let Err(refusal) = next.pair_next() {
                tracing::error!(tournament = %self.state.id, "cannot pair the next round: {}; ending", refusal.message);
                next.ending = true;
            }
            if self.commit(next).await.is_err() {
                return;
            }
            self.make_games().await;
        }
    }

    /// Creates the match of each game of the current round that has none,
    /// saves their ids, and tells each entrant.
    async fn make_games(&mut self) {
        if self.state.status != TournamentStatus::Running {
            return;
        }
        let unmade = self.state.unmade();
        if unmade.is_empty() {
            return;
        }
        let mut next = self.state.clone();
        let round = next.rounds.len() as u32;
        for game in &unmade {
            let entrant = |i: usize| &self.state.entrants[i];
            let tag = TournamentTag {
                tournament_id: self.state.id,
                round,
                entrants: BySide::new(
                    entrant(game.white).id.clone(),
                    entrant(game.black).id.clone(),
                ),
            };
            let computers = BySide::new(
                entrant(game.white).computer.clone(),
                entrant(game.black).computer.clone(),
            );
            match match_actor::create_tournament_game(
                &self.shared.matches,
                tag,
                (self.state.time_control, self.state.rated),
                computers,
            )
            .await
            {
                Ok(id) => {
                    if let Some(r) = next.rounds.last_mut() {
                        r.matches[game.board] = Some(id);
                    }
                }
                Err(refusal) => {
                    tracing::error!(tournament = %self.state.id, "cannot create a game: {}", refusal.message);
                }
            }
        }
        if self.commit(next).await.is_err() {
            return;
        }
        let mut told: Vec<usize> = Vec::new();
        for game in &unmade {
            for index in [game.white, game.black] {
                if told.contains(&index) {
                    continue;
                }
                told.push(index);
                for conn in self.shared.presence.conns(&self.state.entrants[index].id) {
                    self.tell_games(index, &conn);
                }
            }
        }
    }

    /// Finishes: the record is written (then the live file goes), the final
    /// view published; the task ends.
    async fn finish(&mut self) {
        let mut next = self.state.clone();
        next.status = TournamentStatus::Finished;
        next.finished_at_ms.get_or_insert_with(unix_now);
        let presence = &self.shared.presence;
        let view = next.view(|id| presence.is_online(id));
        let record = TournamentRecord::of(&next, view);
        let shared = self.shared.clone();
        let saved =
            tokio::task::spawn_blocking(move || shared.tournaments.store.save_record(&record))
                .await;
        if !matches!(saved, Ok(Ok(()))) {
            tracing::error!(tournament = %self.state.id, "cannot write the tournament record; it stays live until the next start");
            let _ = persist(&self.shared, &next).await;
            return;
        }
        tracing::info!(tournament = %self.state.id, rounds = next.rounds.len(), "tournament finished");
        self.state = next;
        self.publish();
    }
}
