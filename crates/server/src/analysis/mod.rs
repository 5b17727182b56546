//! Game analyses on request: `POST /api/games/{id}/analysis` queues one,
//! `GET` shows its progress and then its result (docs/protocol.md,
//! "Analysis"; what the numbers mean: docs/analysis.md).
//!
//! An analysis is derived data: it is made from a finished game's record,
//! never changes it, and is saved apart (`store.rs`). It runs like one of the
//! computer's games: in an engine process of its own (`worker.rs`, the
//! subcommand `analysis-worker`) at the computer's low priority, on one core,
//! and only while it holds one of the `computer.max_games` places, so the
//! analyses and the computer's games together never take more of the
//! machine than the computer's games alone may.
//!
//! # Layout
//! - this file: [`Analyses`], the table of analyses not yet saved (waiting,
//!   running, failed) with the queue, and the runners that take the queue
//!   in turn.
//! - `job.rs`: one analysis: the worker process driven over its pipes, its
//!   evaluations folded into the [`GameAnalysis`] as they arrive.
//! - `worker.rs`: the worker process itself.
//! - `store.rs`: finished analyses on disk.
//! - `http.rs`: the two routes.
//!
//! After a restart, what was waiting or running is gone (the table lives in
//! memory only; asking again starts it afresh); what was finished is served
//! from its file.

pub mod http;
mod job;
pub mod store;
pub mod worker;

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use amazons_core::GameRecord;
use amazons_protocol::{AnalysisStatus, GameAnalysis, MatchId};
use tokio::sync::Notify;

use crate::computer::{Computer, GameSlot};
use crate::config::AnalysisConfig;
use store::AnalysisStore;

/// How often a waiting analysis looks for a free place among the
/// computer's games (a place is freed when a game or an analysis ends; an
/// analysis waits at most this much longer than it has to).
const PLACE_POLL: Duration = Duration::from_millis(200);

/// What `POST` did.
#[derive(Debug)]
pub enum Asked {
    /// The analysis is done: its saved JSON text.
    Done(Vec<u8>),
    /// It is waiting or running (just queued, or already).
    Pending(GameAnalysis),
}

/// Why `POST` queued nothing.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// `analysis.enabled` is false.
    #[error("this server does not analyse games")]
    Off,
    /// `analysis.max_queue` analyses are already waiting.
    #[error("{0} analyses are waiting already; ask again later")]
    Busy(usize),
    /// The game's record cannot be replayed.
    #[error("the record of this game cannot be replayed: {0}")]
    BadRecord(String),
}

/// The analyses of this server: the settings, the saved ones, and those not
/// saved yet.
#[derive(Debug)]
pub struct Analyses {
    /// The `[analysis]` settings.
    config: AnalysisConfig,
    /// The program whose `analysis-worker` subcommand runs an analysis.
    program: PathBuf,
    /// Finished analyses (shared with the blocking threads that read
    /// them).
    store: Arc<AnalysisStore>,
    /// Analyses waiting, running or failed, and the order they wait in.
    table: Mutex<Table>,
    /// Told when an analysis joins the queue.
    queued: Notify,
}

/// The analyses not saved.
#[derive(Debug, Default)]
struct Table {
    /// Each one's state as `GET` shows it.
    jobs: HashMap<MatchId, Job>,
    /// The waiting ones, first come first.
    queue: VecDeque<MatchId>,
}

/// An analysis not saved.
#[derive(Debug)]
struct Job {
    /// What `GET` shows.
    analysis: GameAnalysis,
    /// The record it is made from (taken by the runner).
    record: Option<GameRecord>,
}

impl Analyses {
    /// The analyses kept in `history_dir`, made with `program`.
    pub fn open(
        config: &AnalysisConfig,
        history_dir: &std::path::Path,
        program: PathBuf,
    ) -> std::io::Result<Analyses> {
        Ok(Analyses {
            config: config.clone(),
            program,
            store: Arc::new(AnalysisStore::open(history_dir)?),
            table: Mutex::new(Table::default()),
            queued: Notify::new(),
        })
    }

    /// The table, even if a thread panicked holding it (every change to it
    /// is one step).
    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Asks for the analysis of game `id`, whose record is read by `record`
    /// only if it must be queued: the saved one if done, else the one
    /// waiting or running, else a new one at the end of the queue (a failed
    /// one is queued again). The saved analysis and the record are read on
    /// a blocking thread, and the table is never locked while they are:
    /// it is looked at before, and changed after (checked again then, so
    /// that two asks at once queue one analysis).
    pub async fn ask(
        &self,
        id: MatchId,
        record: impl FnOnce() -> Option<GameRecord> + Send + 'static,
    ) -> Result<Asked, Refused> {
        if !self.config.enabled {
            return Err(Refused::Off);
        }
        if let Some(pending) = self.pending(id) {
            return Ok(Asked::Pending(pending));
        }
        // Saved before it leaves the table, so a saved analysis is found
        // there or here, never in neither.
        if let Some(bytes) = self.saved(id).await {
            return Ok(Asked::Done(bytes));
        }
        self.room(&self.table())?;
        let record = tokio::task::spawn_blocking(record)
            .await
            .ok()
            .flatten()
            .ok_or_else(|| Refused::BadRecord("it cannot be read".into()))?;
        let analysis = job::fresh(id, &record, self.budget())
            .map_err(|e| Refused::BadRecord(e.to_string()))?;
        let mut table = self.table();
        if let Some(job) = table.jobs.get(&id)
            && job.analysis.status != AnalysisStatus::Failed
        {
            // Queued by another ask while the record was read.
            return Ok(Asked::Pending(job.analysis.clone()));
        }
        self.room(&table)?;
        table.jobs.insert(
            id,
            Job {
                analysis: analysis.clone(),
                record: Some(record),
            },
        );
        table.queue.push_back(id);
        drop(table);
        self.queued.notify_one();
        tracing::info!(game = %id, "analysis queued");
        Ok(Asked::Pending(analysis))
    }

    /// The analysis of `id` waiting or running (not failed), if any.
    fn pending(&self, id: MatchId) -> Option<GameAnalysis> {
        let table = self.table();
        let job = table.jobs.get(&id)?;
        (job.analysis.status != AnalysisStatus::Failed).then(|| job.analysis.clone())
    }

    /// `Busy` when `analysis.max_queue` analyses wait already: in the
    /// queue, or taken by a runner that waits for a place among the
    /// computer's games.
    fn room(&self, table: &Table) -> Result<(), Refused> {
        let waiting = table
            .jobs
            .values()
            .filter(|job| job.analysis.status == AnalysisStatus::Queued)
            .count();
        if waiting >= self.config.max_queue {
            return Err(Refused::Busy(waiting));
        }
        Ok(())
    }

    /// The saved analysis of `id`, read on a blocking thread.
    async fn saved(&self, id: MatchId) -> Option<Vec<u8>> {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || store.read(id))
            .await
            .ok()
            .flatten()
    }

    /// The analysis of game `id` as `GET` shows it: the JSON text of the
    /// saved one, or the state of one not saved; `None` if never asked for
    /// (or dropped by a restart before it was done).
    pub async fn current(&self, id: MatchId) -> Option<Asked> {
        let unsaved = self.table().jobs.get(&id).map(|job| job.analysis.clone());
        if let Some(analysis) = unsaved {
            return Some(Asked::Pending(analysis));
        }
        self.saved(id).await.map(Asked::Done)
    }

    /// The budget every analysis of this server is made at.
    fn budget(&self) -> amazons_protocol::AnalysisBudget {
        job::budget(self.config.playouts)
    }

    /// The next waiting analysis, once there is one: its id and record.
    async fn next(&self) -> (MatchId, GameRecord) {
        loop {
            let notified = self.queued.notified();
            {
                let mut table = self.table();
                while let Some(id) = table.queue.pop_front() {
                    if let Some(record) = table.jobs.get_mut(&id).and_then(|job| job.record.take())
                    {
                        return (id, record);
                    }
                }
            }
            notified.await;
        }
    }

    /// Changes the state of the analysis of `id` as `GET` shows it.
    fn update(&self, id: MatchId, change: impl FnOnce(&mut GameAnalysis)) {
        if let Some(job) = self.table().jobs.get_mut(&id) {
            change(&mut job.analysis);
        }
    }
}

/// What the analysis runners reach, handed out by the server: the
/// analyses, the computer (whose places they take), the shutdown signal
/// and the task tracker.
#[derive(Clone, Debug)]
pub struct AnalysesHandle {
    /// The analyses: the queue, those running, the saved ones.
    pub analyses: Arc<Analyses>,
    /// The computer, whose game places an analysis runs in.
    pub computer: Arc<Computer>,
    /// Cancelled once to start shutdown.
    pub shutdown: tokio_util::sync::CancellationToken,
    /// Every task, so that shutdown can wait for them.
    pub tracker: tokio_util::task::TaskTracker,
}

/// Starts the `analysis.max_running` runners, which take the queue in turn
/// until shutdown.
pub fn start(shared: &AnalysesHandle) {
    for _ in 0..shared.analyses.config.max_running {
        let shared = shared.clone();
        shared.tracker.clone().spawn(async move {
            tokio::select! {
                _ = shared.shutdown.cancelled() => {}
                _ = runner(&shared) => {}
            }
        });
    }
}

/// One runner: the next analysis, a place among the computer's games, the
/// analysis, its file; then the next.
async fn runner(shared: &AnalysesHandle) {
    let analyses = &shared.analyses;
    loop {
        let (id, record) = analyses.next().await;
        let _place = place(shared).await;
        analyses.update(id, |a| a.status = AnalysisStatus::Running);
        tracing::info!(game = %id, "analysis started");
        let started = std::time::Instant::now();
        let run = job::Run {
            program: &analyses.program,
            playouts: analyses.config.playouts,
            threads: analyses.config.threads,
            position_timeout: analyses.config.position_timeout_secs.duration(),
            workers: Some(shared.computer.workers()),
        };
        let result = run
            .analyse(id, &record, |analysis| {
                analyses.update(id, |a| a.clone_from(analysis))
            })
            .await;
        match result {
            Ok(analysis) => {
                let store = Arc::clone(&analyses.store);
                let saved = tokio::task::spawn_blocking(move || store.save(id, &analysis)).await;
                match saved {
                    Ok(Ok(())) => {
                        analyses.table().jobs.remove(&id);
                        tracing::info!(
                            game = %id,
                            secs = started.elapsed().as_secs_f64(),
                            "analysis done and saved"
                        );
                    }
                    Ok(Err(e)) => fail(analyses, id, format!("cannot save the analysis: {e}")),
                    Err(e) => fail(analyses, id, format!("cannot save the analysis: {e}")),
                }
            }
            Err(e) => fail(analyses, id, e.to_string()),
        }
    }
}

/// Marks the analysis of `id` failed, saying why.
fn fail(analyses: &Analyses, id: MatchId, why: String) {
    tracing::warn!(game = %id, "analysis failed: {why}");
    analyses.update(id, |a| {
        a.status = AnalysisStatus::Failed;
        a.error = Some(why);
    });
}

/// One of the `computer.max_games` places, once one is free.
async fn place(shared: &AnalysesHandle) -> GameSlot {
    loop {
        if let Some(slot) = shared.computer.reserve_local() {
            return slot;
        }
        tokio::time::sleep(PLACE_POLL).await;
    }
}
