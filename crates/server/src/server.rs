//! Start-up and shutdown: open the history, replay the journal, restore the
//! matches in progress, bind the port, serve; on shutdown tell everyone, wait
//! for every task and close the journal.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::time::Duration;

use anyhow::Context;
use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::Config;
use crate::history::History;
use crate::journal::{self, Journal};
use crate::match_actor;
use crate::registry::Registry;
use crate::shared::Shared;

/// A running server.
pub struct RunningServer {
    /// The address it is bound to (useful when the port was 0).
    pub local_addr: SocketAddr,
    /// How many matches were restored from the journal.
    pub restored: usize,
    /// Problems found in the history and the journal at start-up.
    pub problems: Vec<String>,
    /// Cancelling it starts a graceful shutdown.
    shutdown: CancellationToken,
    /// The serving task.
    task: JoinHandle<anyhow::Result<()>>,
}

impl RunningServer {
    /// Starts a graceful shutdown (like Ctrl-C).
    pub fn shutdown(&self) {
        self.shutdown.cancel();
    }

    /// Waits for the server to stop.
    pub async fn wait(self) -> anyhow::Result<()> {
        self.task.await.context("server task failed")?
    }
}

/// Opens the storage, restores matches, binds and starts serving.
pub async fn start(config: Config) -> anyhow::Result<RunningServer> {
    config.validate()?;
    let history_dir = config.history_dir.clone();
    let (history, mut problems) = History::open(&history_dir).with_context(|| {
        format!(
            "cannot open the history directory {}",
            history_dir.display()
        )
    })?;
    let journal_dir = history_dir.join("journal");
    let recovered = journal::recover(&journal_dir)
        .with_context(|| format!("cannot read the journal in {}", journal_dir.display()))?;
    problems.extend(recovered.problems.iter().cloned());

    let listener = TcpListener::bind((config.listen, config.port))
        .await
        .with_context(|| format!("cannot listen on {}:{}", config.listen, config.port))?;
    let local_addr = listener.local_addr()?;

    // Every match without a record on disk is copied into the new journal
    // file before the old files go, so nothing is lost even if a match then
    // fails to rebuild (it is reported, and its events stay in the journal).
    let carried: Vec<_> = recovered
        .matches
        .iter()
        .filter(|(id, events)| !history.contains(*id) && !journal::retired(events))
        .cloned()
        .collect();
    let journal = Journal::start(
        &journal_dir,
        &recovered,
        &carried,
        config.journal_rotate_mib.max(1) * 1024 * 1024,
    )
    .context("cannot start the journal")?;
    let shutdown = CancellationToken::new();
    let shared = Arc::new(Shared {
        registry: Registry::new(config.max_matches.max(carried.len())),
        connection_permits: Arc::new(Semaphore::new(config.max_connections)),
        config,
        journal,
        history,
        shutdown: shutdown.clone(),
        tracker: TaskTracker::new(),
        connections: AtomicUsize::new(0),
        next_conn_id: AtomicU64::new(1),
    });
    let mut restored = 0;
    for (id, events) in &carried {
        match match_actor::restore(&shared, *id, events) {
            Ok(Some(actor)) => {
                if match_actor::spawn(actor).is_ok() {
                    restored += 1;
                }
            }
            Ok(None) => {}
            Err(problem) => {
                tracing::error!("{problem}; not restored (its events stay in the journal)");
                problems.push(problem);
            }
        }
    }
    if restored > 0 {
        tracing::info!(restored, "matches in progress restored from the journal");
    }

    let app = crate::http::router(Arc::clone(&shared))
        .into_make_service_with_connect_info::<SocketAddr>();
    let task = tokio::spawn(async move {
        let stop = shared.shutdown.clone();
        // Small frames both ways, one at a time: Nagle's algorithm would hold
        // a reply back until the previous one is acknowledged (tens of ms).
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(listener, app)
            .with_graceful_shutdown(async move { stop.cancelled().await })
            .await
            .context("the listener failed")?;
        // Accepting has stopped; every handler and match has been told.
        shared.tracker.close();
        let grace = Duration::from_secs(shared.config.shutdown_timeout_secs);
        if tokio::time::timeout(grace, shared.tracker.wait())
            .await
            .is_err()
        {
            tracing::warn!("some connections did not close in time");
        }
        shared.journal.close().await;
        tracing::info!("shut down; every accepted move is on disk");
        Ok(())
    });
    Ok(RunningServer {
        local_addr,
        restored,
        problems,
        shutdown,
        task,
    })
}
