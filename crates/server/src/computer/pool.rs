//! Where the computer's players are driven from: each on a dedicated OS
//! thread of its own (the engine crate's `PlayerThread`), off the async
//! runtime, at a background priority, and at most `computer.max_games` of
//! them thinking at once.
//!
//! Driving a player blocks: an engine's driver writes a position to a pipe
//! and waits up to the think time (plus a grace) for the answer, and starting
//! an engine waits for its handshake. None of that may run on the runtime's
//! worker threads, or every match on those threads would wait. A player
//! thinks only while it holds one of `max_games` places, so no more engines
//! are driven at once than there are computer games allowed, and a think
//! that finds every place taken waits its turn. The searching itself
//! happens in the engine's own process (`worker.rs` for the built-in
//! levels), which the player's thread starts and which inherits its
//! priority (nice 10 on Linux).

use std::future::Future;
use std::sync::Arc;

use amazons_core::Move;
use amazons_engine::player::{
    MoveRequest, Player, PlayerError, PlayerSettings, PlayerSpec, PlayerThread,
};
use tokio::sync::Semaphore;

/// The nice value of the players' threads (0 is normal, 19 the lowest).
pub const NICE: i32 = 10;

/// The computer players' threads and their places to think.
#[derive(Debug)]
pub struct ThinkerPool {
    /// One permit per computer game allowed at once; a player holds one
    /// from the moment its move is asked until the answer.
    places: Arc<Semaphore>,
}

impl ThinkerPool {
    /// A pool where at most `places` players think at once.
    pub fn new(places: usize) -> ThinkerPool {
        ThinkerPool {
            places: Arc::new(Semaphore::new(places.max(1))),
        }
    }

    /// A thread named `name` for one computer player, at [`NICE`], which
    /// builds the player from `spec` at its first move (a fresh seed each
    /// time), and again after it panicked.
    pub fn player_thread(
        &self,
        name: String,
        spec: PlayerSpec,
        settings: PlayerSettings,
    ) -> std::io::Result<PlayerThread> {
        player_thread(name, spec, settings)
    }

    /// `request` answered by `player` once a place to think is free; the
    /// place is held until the answer comes.
    pub fn think(
        &self,
        player: &PlayerThread,
        request: MoveRequest,
    ) -> impl Future<Output = Result<Move, PlayerError>> + Send + 'static {
        let places = Arc::clone(&self.places);
        let player = player.clone();
        async move {
            // The semaphore is never closed.
            let _place = places.acquire_owned().await.ok();
            player.choose(request).await
        }
    }
}

/// A thread named `name` for one computer player, at [`NICE`], which
/// builds the player from `spec` at its first move (a fresh seed each
/// time), and again after it panicked: the host's places and a worker's
/// (`amazons-server worker`) drive their engines alike.
pub fn player_thread(
    name: String,
    spec: PlayerSpec,
    settings: PlayerSettings,
) -> std::io::Result<PlayerThread> {
    spawn(name, move || {
        spec.player(&PlayerSettings {
            seed: Some(rand::random()),
            ..settings
        })
    })
}

/// A player thread named `name` at [`NICE`], making its player with `build`.
fn spawn(
    name: String,
    build: impl FnMut() -> Result<Box<dyn Player>, PlayerError> + Send + 'static,
) -> std::io::Result<PlayerThread> {
    PlayerThread::spawn_with(name, lower_priority, build)
}

/// Lowers the calling thread's scheduling priority to [`NICE`] (Linux: the
/// nice value is per thread, and a process it starts inherits it).
/// Elsewhere, or if refused, it stays as it is.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let tid = rustix::thread::gettid();
        if let Err(e) = rustix::process::setpriority_process(Some(tid), NICE) {
            tracing::warn!("cannot lower the priority of a computer thread: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons_core::Position;
    use amazons_engine::player::{GameSoFar, ThinkBudget};
    use std::sync::mpsc;
    use std::task::{Context, Waker};
    use std::time::Duration;

    /// Where a probe ran: its thread's name and nice value.
    type Seen = (Option<String>, Option<i32>);

    /// A player that reports where it runs, waits for `release` before it
    /// answers (if given), and panics when told to.
    struct Probe {
        /// Where it ran, at each choice.
        seen: mpsc::Sender<Seen>,
        /// What it waits for before answering.
        release: Option<mpsc::Receiver<()>>,
        /// Whether it panics instead.
        panics: bool,
    }

    impl Player for Probe {
        fn name(&self) -> String {
            "probe".into()
        }
        fn new_game(&mut self) -> Result<(), PlayerError> {
            Ok(())
        }
        fn choose(&mut self, game: GameSoFar<'_>, _: ThinkBudget) -> Result<Move, PlayerError> {
            #[cfg(target_os = "linux")]
            let nice = rustix::process::getpriority_process(Some(rustix::thread::gettid())).ok();
            #[cfg(not(target_os = "linux"))]
            let nice = None;
            let name = std::thread::current().name().map(str::to_owned);
            let _ = self.seen.send((name, nice));
            if let Some(release) = &self.release {
                let _ = release.recv();
            }
            assert!(!self.panics, "an engine bug");
            Ok(game.position.legal_moves()[0])
        }
    }

    fn request() -> MoveRequest {
        MoveRequest {
            start: Position::start(),
            moves: Vec::new(),
            budget: ThinkBudget::movetime(Duration::from_millis(1)),
            new_game: true,
            ponder: None,
        }
    }

    /// A probe on a player thread named `name`; the first one it builds
    /// panics if `panics_first`.
    fn probe(
        name: &str,
        release: Option<mpsc::Receiver<()>>,
        panics_first: bool,
    ) -> (PlayerThread, mpsc::Receiver<Seen>) {
        let (seen, heard) = mpsc::channel();
        let mut release = release;
        let mut panics = panics_first;
        let thread = spawn(name.into(), move || {
            Ok(Box::new(Probe {
                seen: seen.clone(),
                release: release.take(),
                panics: std::mem::take(&mut panics),
            }) as Box<dyn Player>)
        })
        .unwrap();
        (thread, heard)
    }

    #[tokio::test]
    async fn a_player_thinks_off_the_runtime_at_a_background_priority_and_survives_a_panic() {
        let pool = ThinkerPool::new(2);
        let (player, heard) = probe("computer-7", None, true);
        let lost = pool.think(&player, request()).await;
        assert!(matches!(lost, Err(PlayerError::Lost(_))), "{lost:?}");
        let m = pool.think(&player, request()).await.unwrap();
        assert!(
            Position::start().is_legal(m).is_ok(),
            "a new player after the panic"
        );
        let (name, nice) = heard.recv().unwrap();
        assert_eq!(name.as_deref(), Some("computer-7"));
        if cfg!(target_os = "linux") {
            assert!(nice.is_some_and(|n| n >= NICE), "nice {nice:?}");
        }
    }

    #[tokio::test]
    async fn a_think_holds_a_place_until_its_answer_and_the_next_waits_for_it() {
        let pool = ThinkerPool::new(1);
        let (release, held) = mpsc::channel();
        let (first, first_heard) = probe("computer-1", Some(held), false);
        let (second, _) = probe("computer-2", None, false);
        let mut a = Box::pin(pool.think(&first, request()));
        let mut b = Box::pin(pool.think(&second, request()));
        let mut cx = Context::from_waker(Waker::noop());
        assert!(a.as_mut().poll(&mut cx).is_pending());
        first_heard.recv().unwrap();
        assert_eq!(pool.places.available_permits(), 0, "the first thinks");
        assert!(b.as_mut().poll(&mut cx).is_pending(), "the second waits");
        release.send(()).unwrap();
        assert!(a.await.is_ok());
        assert!(b.await.is_ok());
        assert_eq!(
            pool.places.available_permits(),
            1,
            "the place is given back"
        );
    }
}
