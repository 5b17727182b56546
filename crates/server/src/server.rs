//! Start-up and shutdown: open the history, replay the journal, restore the
//! matches in progress, bind the port, serve; on shutdown tell everyone, wait
//! for every task and close the journal.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::time::Duration;

use amazons_ratings::{RatingRules, Ratings};
use anyhow::Context;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

use crate::computer::{self, Computer};
use crate::config::Config;
use crate::history::History;
use crate::journal::{self, Journal};
use crate::linger::Lingering;
use crate::match_actor;
use crate::names::NameBook;
use crate::registry::Registry;
use crate::shared::Shared;
use crate::tournament::{self, Tournaments};

/// Why the server could not listen on its address, in words that say what
/// to do about it.
#[derive(Debug, thiserror::Error)]
pub enum BindError {
    /// Another program already listens on the port.
    #[error(
        "cannot listen on {addr}: port {port} is already taken by another program (perhaps \
         another amazons-server). Stop that program, or choose another port with `--port N` \
         (or `port = N` in the config file; `--port 0` picks any free port)",
        port = .addr.port()
    )]
    InUse {
        /// The address asked for.
        addr: SocketAddr,
    },
    /// The address is not one of this machine's.
    #[error(
        "cannot listen on {addr}: {ip} is not an address of this machine. Listen on 0.0.0.0 \
         (every network), 127.0.0.1 (this machine only) or one of its own addresses, with \
         `--listen IP` (or `listen` in the config file)",
        ip = .addr.ip()
    )]
    NotHere {
        /// The address asked for.
        addr: SocketAddr,
    },
    /// A port below 1024 without the rights it needs.
    #[error(
        "cannot listen on {addr}: ports below 1024 need administrator rights; choose a port \
         of 1024 or more with `--port N` (or `port = N` in the config file)"
    )]
    Denied {
        /// The address asked for.
        addr: SocketAddr,
    },
    /// Anything else the system refused.
    #[error("cannot listen on {addr}")]
    Other {
        /// The address asked for.
        addr: SocketAddr,
        /// What the system said.
        source: std::io::Error,
    },
}

impl BindError {
    /// The error for binding `addr` that failed with `source`.
    fn new(addr: SocketAddr, source: std::io::Error) -> BindError {
        match source.kind() {
            std::io::ErrorKind::AddrInUse => BindError::InUse { addr },
            std::io::ErrorKind::AddrNotAvailable => BindError::NotHere { addr },
            std::io::ErrorKind::PermissionDenied if addr.port() < 1024 => {
                BindError::Denied { addr }
            }
            _ => BindError::Other { addr, source },
        }
    }
}

/// A running server.
pub struct RunningServer {
    /// The address it is bound to (useful when the port was 0).
    pub local_addr: SocketAddr,
    /// How many matches were restored from the journal.
    pub restored: usize,
    /// Problems found in the history and the journal at start-up.
    pub problems: Vec<String>,
    /// The computer's places, the host's and the workers' (for the
    /// start-up lines).
    pub workers: Arc<crate::workers::Workers>,
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
    let opened = History::open(&history_dir).with_context(|| {
        format!(
            "cannot open the history directory {}",
            history_dir.display()
        )
    })?;
    let (history, mut problems) = (opened.history, opened.problems);
    let rated_games = opened.rated.len();
    let ratings = Ratings::rebuild(RatingRules::lichess(), opened.rated);
    tracing::info!(
        rated_games,
        players = ratings.ranked(None).len(),
        "ratings folded from the history"
    );
    let (names, names_problem) = NameBook::open(&history_dir);
    if let Some(problem) = names_problem {
        tracing::warn!("{problem}");
        problems.push(problem);
    }
    let journal_dir = history_dir.join("journal");
    let recovered = journal::recover(&journal_dir)
        .with_context(|| format!("cannot read the journal in {}", journal_dir.display()))?;
    problems.extend(recovered.problems.iter().cloned());

    let addr = SocketAddr::new(config.listen, config.port);
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|source| BindError::new(addr, source))?;
    let local_addr = listener.local_addr()?;

    // Every match not archived is copied into the new journal file before
    // the old files go, so nothing is lost even if a match then fails to
    // rebuild (it is reported, and its events stay in the journal). Finished
    // matches come back too, for their linger period (and a missing record
    // is written).
    let carried: Vec<_> = recovered
        .matches
        .iter()
        .filter(|(_, events)| !journal::retired(events))
        .cloned()
        .collect();
    let journal = Journal::start(
        &journal_dir,
        &recovered,
        &carried,
        config.journal_rotate_mib.max(1) * 1024 * 1024,
    )
    .context("cannot start the journal")?;
    let computer = Computer::new(&config.computer, &history_dir)
        .context("cannot set up the computer opponents")?;
    let program = computer::worker_program(&config.computer);
    let analyses = crate::analysis::Analyses::open(&config.analysis, &history_dir, program)
        .context("cannot open the analyses directory")?;
    let (tournaments, stored) = Tournaments::open(&history_dir).with_context(|| {
        format!(
            "cannot open the tournament directories in {}",
            history_dir.display()
        )
    })?;
    for problem in &stored.problems {
        tracing::warn!("{problem}");
    }
    problems.extend(stored.problems.iter().cloned());
    let shutdown = CancellationToken::new();
    let shared = Arc::new(Shared {
        computer: Arc::new(computer),
        analyses: Arc::new(analyses),
        tournaments: Arc::new(tournaments),
        presence: Arc::default(),
        registry: Arc::new(Registry::new(config.max_matches.max(carried.len()))),
        connection_permits: Arc::new(Semaphore::new(config.max_connections)),
        config: Arc::new(config),
        journal: Arc::new(journal),
        history: Arc::new(history),
        names: Arc::new(names),
        ratings: Arc::new(std::sync::RwLock::new(ratings)),
        shutdown: shutdown.clone(),
        tracker: TaskTracker::new(),
        connections: AtomicUsize::new(0),
        next_conn_id: Arc::new(AtomicU64::new(1)),
    });
    // Tournaments are listed before the matches come back (a restored game
    // reports its end to its tournament), and start after them (a
    // tournament looks for its games' matches).
    let tournaments = tournament::actor::restore(&shared.tournaments_handle(), stored);
    let mut restored = 0;
    let matches = shared.matches();
    for (id, events) in &carried {
        match match_actor::restore(&matches, *id, events) {
            Ok(seats) => {
                restored += 1;
                for seat in seats.computer {
                    computer::reattach(&matches.seats, *id, seat.0, seat.1, seats.over);
                }
            }
            Err(problem) => {
                tracing::error!("{problem}; not restored (its events stay in the journal)");
                problems.push(problem.to_string());
            }
        }
    }
    if restored > 0 {
        tracing::info!(restored, "matches in progress restored from the journal");
    }
    for tournament in tournaments {
        tournament.start();
    }
    crate::analysis::start(&shared.analyses_handle());

    let workers = shared.computer.workers();
    let app = crate::http::router(Arc::clone(&shared));
    let task = tokio::spawn(async move {
        accept_loop(&shared, listener, app).await;
        // Accepting has stopped; every handler and match has been told.
        shared.tracker.close();
        let grace = shared.config.shutdown_timeout_secs.duration();
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
        workers,
        shutdown,
        task,
    })
}

/// Accepts connections until shutdown and serves each in its own task.
///
/// Every connection is an HTTP/1.1 connection until it upgrades to a
/// WebSocket. Until then it holds one of `max_pending_connections` permits
/// (further connections are closed at once) and must send each request's
/// headers within `header_read_timeout_secs` (or be closed), so that silent
/// or half-sent requests cannot pile up. Upgraded connections give their
/// permit back and count against `max_connections` instead.
async fn accept_loop(shared: &Arc<Shared>, listener: TcpListener, app: Router) {
    let pending = Arc::new(Semaphore::new(shared.config.max_pending_connections));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(shared.config.header_read_timeout_secs.duration());
    loop {
        let accepted = tokio::select! {
            _ = shared.shutdown.cancelled() => break,
            accepted = listener.accept() => accepted,
        };
        let (tcp, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, typically: wait for some to close.
                tracing::warn!("accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&pending).try_acquire_owned() else {
            // Closed at once (not drained): nothing was sent that could be lost.
            tracing::warn!(%peer, "connection refused: too many connections before the upgrade");
            drop(tcp);
            continue;
        };
        let stream = Lingering::new(tcp);
        // Small frames both ways, one at a time: Nagle's algorithm would hold
        // a reply back until the previous one is acknowledged (tens of ms).
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request)
        });
        let connection = builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let stop = shared.shutdown.clone();
        shared.tracker.spawn(async move {
            // Held until the connection ends or is upgraded (the upgraded
            // stream lives on in the WebSocket task; this future completes).
            let _permit = permit;
            tokio::pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                _ = stop.cancelled() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(e) = result {
                tracing::debug!(%peer, "http connection ended: {e}");
            }
        });
    }
}
